"""The arrangement engine (``scorer/arrangements.py``) against its definition, by brute force.

The engine lists every splittable count pattern of a suit once (on first use) and answers splits, placements and
waits from that table. Here an independent search — try every set and pair at the lowest kind held — is the
definition: the table must hold exactly the patterns it splits, with exactly its splits, in the order callers have
always seen; placements must be every (split, group holding the winning kind); waits must be exactly the kinds that
complete the hand. Hands of every shape are generated (random tiles, near-complete hands, one-suit hands, seven
pairs, thirteen orphans, hands with melds).
"""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import product

from hypothesis import given, settings, strategies as st

from scorer import arrangements as A
from scorer.kinds import TERMINALS_AND_HONORS

SHAPES = {"pair": 0, "seq": 1, "trip": 2}


def brute_splits(counts: tuple[int, ...], honor: bool) -> list[tuple[tuple[str, int], ...]]:
    """Every split of one suit into sets and at most one pair (with a pair exactly when 3n+2 tiles), as sorted
    (shape, kind) groups, sorted."""
    out = set()
    c = list(counts)

    def rec(i: int, pair: bool, acc: list) -> None:
        while i < len(c) and not c[i]:
            i += 1
        if i == len(c):
            out.add(tuple(sorted(acc)))
            return
        if c[i] >= 3:
            c[i] -= 3
            rec(i, pair, acc + [("trip", i)])
            c[i] += 3
        if c[i] >= 2 and not pair:
            c[i] -= 2
            rec(i, True, acc + [("pair", i)])
            c[i] += 2
        if not honor and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            for j in range(3):
                c[i + j] -= 1
            rec(i, pair, acc + [("seq", i)])
            for j in range(3):
                c[i + j] += 1

    rec(0, False, [])
    return sorted(out)


def brute_complete(counts: list[int], melds: int, four_as_two_pairs: bool = False) -> bool:
    """Complete by definition: every suit splits, exactly one pair; or (no meld, 14 tiles) seven pairs / orphans."""
    pairs = 0
    for s in range(4):
        suit = tuple(counts[9 * s: 9 * s + (7 if s == 3 else 9)])
        if not any(suit):
            continue
        splits = brute_splits(suit, s == 3)
        if not splits:
            break
        pairs += any(shape == "pair" for shape, _ in splits[0])
    else:
        if pairs == 1:
            return True
    if melds or sum(counts) != 14:
        return False
    if all(n % 2 == 0 for n in counts) if four_as_two_pairs else all(n in (0, 2) for n in counts):
        return True
    return all(counts[k] for k in TERMINALS_AND_HONORS) and sum(counts[k] for k in TERMINALS_AND_HONORS) == 14


def test_table_holds_every_splittable_pattern_and_nothing_else():
    number, honor = A.suit_table(False), A.suit_table(True)
    assert len(number) == 21743 and len(honor) == 498   # pinned: 4 sets and a pair at most, four of a kind at most
    rng = random.Random(10)
    # every pattern of up to 8 tiles, and a sample of the larger ones
    small = [c for c in product(range(5), repeat=9) if sum(c) <= 8]
    large = [tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(3000)]
    for counts in small + [c for c in large if sum(c) <= 14]:
        want = brute_splits(counts, False)
        code = sum(n << 5 * i for i, n in enumerate(counts))
        entry = number.get(code)
        assert (entry is not None) == bool(want), counts
        got = A._suit_splits(counts, False)
        assert [groups for _, groups in got] == want, counts
    for counts in product(range(5), repeat=7):
        if sum(counts) <= 14:
            assert [g for _, g in A._suit_splits(counts, True)] == brute_splits(counts, True), counts


def test_five_of_a_kind_splits_as_the_search_says():
    """No hand holds five of a kind, but waits in theory ask whether a fifth copy completes a hand (MCR's single
    wait does): such patterns split exactly as the search splits them."""
    rng = random.Random(5)
    for _ in range(3000):
        counts = [rng.choice((0, 0, 1, 2, 3)) for _ in range(9)]
        counts[rng.randrange(9)] = rng.choice((5, 6))
        if sum(counts) > 14:
            continue
        assert [g for _, g in A._suit_splits(tuple(counts), False)] == brute_splits(tuple(counts), False), counts
    assert A.is_complete([5] + [0] * 8 + [0, 3, 3, 3] + [0] * 21)   # 11111m 222p 333p 444p: 111m 11m ...
    assert A._suit_state((5, 3, 3, 0, 0, 0, 0, 0, 0), False) == 2


def test_every_table_entry_is_a_split_of_its_pattern():
    for honor, table in ((False, A.suit_table(False)), (True, A.suit_table(True))):
        for code, (splits, mask, paired) in table.items():
            counts = [code >> 5 * i & 31 for i in range(7 if honor else 9)]
            assert mask == sum(1 << i for i, n in enumerate(counts) if n)
            assert paired == (sum(counts) % 3 == 2)
            for seqs, trips, pair in splits:
                rebuilt = [0] * len(counts)
                for i in seqs:
                    for j in range(3):
                        rebuilt[i + j] += 1
                for i in trips:
                    rebuilt[i] += 3
                if pair is not None:
                    rebuilt[pair] += 2
                assert rebuilt == counts


@st.composite
def closed_hands(draw):
    """Closed tiles of 3n+1 tiles (n = 4 - melds) of every shape: random, near-complete, one suit, pairs, orphans."""
    melds = draw(st.integers(0, 4))
    size = 13 - 3 * melds
    shape = draw(st.sampled_from(["random", "near", "one suit", "pairs", "orphans"]))
    if shape == "orphans" and melds == 0:
        pool = [k for k in TERMINALS_AND_HONORS for _ in range(4)]
    elif shape == "one suit":
        s = draw(st.integers(0, 2))
        pool = [k for k in range(9 * s, 9 * s + 9) for _ in range(4)]
    elif shape == "pairs":
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        pool = [k for k in kinds for _ in range(2)]
    else:
        pool = [k for k in range(34) for _ in range(4)]
    if shape == "near":
        from tests.strategies import group_specs
        sets, pair, _ = draw(group_specs(max_groups=4 - melds))
        tiles = [pair, pair]
        for kind, k in sets:
            tiles += [k, k + 1, k + 2] if kind == "seq" else [k] * 3
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    else:
        idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=min(size, len(pool)),
                            max_size=min(size, len(pool)), unique=True))
        tiles = [pool[i] for i in idx]
    counts = [0] * 34
    for k in tiles[:size]:
        counts[k] += 1
    return counts, melds


@settings(max_examples=600)
@given(closed_hands(), st.booleans())
def test_waits_are_exactly_the_completing_kinds(hand, four_as_two_pairs):
    counts, melds = hand
    n = sum(counts)
    want = [k for k in range(34) if counts[k] < 4 and
            brute_complete([c + (i == k) for i, c in enumerate(counts)], melds, four_as_two_pairs)]
    assert A.completing_kinds(A.code_of(counts), n, melds, four_as_two_pairs) == want


@settings(max_examples=400)
@given(closed_hands(), st.data())
def test_placements_are_every_group_holding_the_winning_kind(hand, data):
    counts, melds = hand
    waits = A.completing_kinds(A.code_of(counts), sum(counts), melds)
    # mostly a tile that completes the hand; sometimes any tile (then there is no placement)
    win = data.draw(st.sampled_from(waits) if waits and data.draw(st.integers(0, 3)) else st.integers(0, 33))
    if counts[win] >= 4:
        return
    counts[win] += 1
    code = A.code_of(counts)
    got, mask = A.code_placements(code, win, melds)
    assert mask == sum(1 << k for k in range(34) if counts[k])
    want = []
    per_suit = []
    for s in range(4):
        suit = tuple(counts[9 * s: 9 * s + (7 if s == 3 else 9)])
        per_suit.append(brute_splits(suit, s == 3) if any(suit) else [()])
    for combo in product(*per_suit):
        groups = [(shape, 9 * s + i) for s, split in enumerate(combo) for shape, i in split]
        if sum(shape == "pair" for shape, _ in groups) != 1:
            continue
        seqs = tuple(sorted(k for shape, k in groups if shape == "seq"))
        trips = tuple(sorted(k for shape, k in groups if shape == "trip"))
        pair = next(k for shape, k in groups if shape == "pair")
        if pair == win:
            want.append((A.STANDARD, seqs, trips, pair, A.TANKI))
        if win in trips:
            want.append((A.STANDARD, seqs, trips, pair, A.SHANPON))
        for start in sorted(set(seqs)):
            if start <= win <= start + 2:
                want.append((A.STANDARD, seqs, trips, pair, A.seq_wait(start, win)))
    if not melds and sum(counts) == 14:
        if all(n in (0, 2) for n in counts):
            want.append((A.SEVEN_PAIRS, (), (), None, A.TANKI))
        elif all(counts[k] for k in TERMINALS_AND_HONORS) and mask == A.TERMINAL_HONOR_MASK:
            want.append((A.THIRTEEN_ORPHANS, (), (), None, A.KOKUSHI))
    assert got == want
    # the typed API says the same for the standard form
    typed = [p for p in A.placements_of(counts, win) if p.arrangement.form == A.STANDARD]
    assert len(typed) == sum(1 for p in got if p[0] == A.STANDARD)


@settings(max_examples=600)
@given(closed_hands(), st.data())
def test_waits_of_a_won_hand_read_from_its_split_are_the_completing_kinds(hand, data):
    """waits_of_win (the evaluator's short way: the winning tile's suit and the pair's) gives exactly the waits of
    completing_kinds, for every tenpai hand completed by any of its waits into sets and a pair."""
    counts, melds = hand
    code = A.code_of(counts)
    waits = A.completing_kinds(code, sum(counts), melds)
    if not waits:
        return
    win = data.draw(st.sampled_from(waits))
    placements, _ = A.code_placements(code + A.CODE_ONE[win], win, melds)
    standard = [p for p in placements if p[0] == A.STANDARD]
    if not standard:   # completed as seven pairs or thirteen orphans only: the evaluator asks completing_kinds
        return
    pairs = {p[3] for p in standard}
    assert len({min(k // 9, 3) for k in pairs}) == 1   # the pair may differ from split to split, its suit not
    for pair in pairs:
        assert A.waits_of_win(code, win, pair, melds) == waits


def test_is_complete_agrees_with_the_definition():
    rng = random.Random(3)
    for _ in range(3000):
        n = rng.choice((2, 5, 8, 11, 14))
        counts = [0] * 34
        pool = [k for k in range(34) for _ in range(4)] if rng.random() < 0.5 else \
            [k for k in rng.sample(range(34), 5) for _ in range(4)]
        for k in rng.sample(pool, n):
            counts[k] += 1
        melds = (14 - n) // 3
        for four in (False, True):
            assert A.is_complete(counts, melds, four) == brute_complete(counts, melds, four), (counts, melds)


def test_the_table_is_not_built_at_import_and_one_hand_builds_only_small_parts():
    code = ("import scorer.arrangements as A, scorer.riichi, scorer.mcr, grammar, scorer; "
            "assert all(p is None for kind in A._PARTS for p in kind), 'built at import'; "
            "r = scorer.score('123m456p789s11z55z+5z ron riichi dora:4p').to_dict(); "
            "assert r['win'] and r['waits'] == ['1z', '5z'], r['waits']; "
            "assert A._PARTS[False][4] is None, 'four-set part built for a hand without a long suit'; "
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_seeded_suit_waits_equal_the_ones_worked_out_one_by_one():
    """The suit waits made at once (by inverting the table) are the ones :func:`_suit_waits_of` works out for
    each part by probing the table kind by kind."""
    A._seed_suit_waits()
    seeded = dict(A._suit_waits)
    assert len(seeded) > 10000
    for part, waits in seeded.items():
        assert A._suit_waits_of(part) == waits, (part, waits)


def test_suit_waits_of_long_parts_equal_every_kind_tried():
    """Parts of 9 to 13 tiles (beyond what the seeded test covers): the waits :func:`_suit_waits_of` finds by
    trying only the candidate kinds are the kinds whose extra copy, tried one by one, makes the suit split."""
    rng = random.Random(20261201)
    for _ in range(3000):
        counts = [0] * 9
        n = rng.randint(9, 13)
        while sum(counts) < n:
            k = rng.randrange(9)
            if counts[k] < 4:
                counts[k] += 1
        local = A.code_of(counts)
        s = rng.randrange(3)
        state, need, kinds = A._suit_waits_of(local << 45 * s)
        tried = tuple(9 * s + i for i in range(9)
                      if counts[i] < 4 and A.suit_code_complete(local + (1 << 5 * i), False))
        assert kinds == tried, (counts, kinds, tried)
        assert state == (-1 if not A.suit_code_complete(local, False) else 1 if n % 3 == 2 else 0)
        assert need == (0 if (n + 1) % 3 == 2 else 1)
