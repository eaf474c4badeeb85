"""The combination fans of scorer.mcr.combinations and the per-suit summaries the evaluator builds on them: the
cached, split and summed forms give what the plain account-once computation gives."""

from __future__ import annotations

import importlib
import random
from itertools import combinations

from scorer.arrangements import suit_waits
from scorer.mcr import combinations as C
from scorer.mcr import fans as F

E = importlib.import_module("scorer.mcr.evaluate")


def _plain(chow_mids, pung_codes, pair) -> dict:
    """The combination fans worked out from scratch, every pung included (what the reference does)."""
    return C._combination_fans(chow_mids, pung_codes, pair)


def test_honor_pungs_take_no_part_in_pung_combinations():
    """set_fans keys the pung part by the numbered pungs only: with any honor pungs beside them (every set of two
    to four pungs, with no chow or two chows) the fans are the same as from scratch."""
    codes = sorted(F.CODE)
    for n in (2, 3, 4):
        for pungs in combinations(codes, n):
            assert C.set_fans((), pungs, 0x15) == _plain((), pungs, 0x15), pungs
    for pungs in combinations(codes, 2):
        assert C.set_fans((0x13, 0x23), pungs, 0x15) == _plain((0x13, 0x23), pungs, 0x15)


def test_chow_parts_are_the_plain_computation():
    mids = sorted(c for c in F.CODE if c < 0x41 and 2 <= c & 0xF <= 8)
    rng = random.Random(7)
    for n in (2, 3, 4):
        for _ in range(3000):
            chows = tuple(sorted(rng.choice(mids) for _ in range(n)))
            pair = rng.choice(F.CODE)
            assert C.set_fans(chows, (), pair) == _plain(chows, (), pair), (chows, pair)


def test_summed_traits_are_the_arrangement_traits():
    rng = random.Random(11)
    mids = [c for c in F.CODE if c < 0x41 and 2 <= c & 0xF <= 8]
    for _ in range(5000):
        n = rng.randrange(5)
        chows = tuple(sorted(rng.choice(mids) for _ in range(n)))
        pungs = tuple(sorted(rng.sample(F.CODE, 4 - n)))
        pair = rng.choice(F.CODE)
        summed = sum(C.chow_trait(c) for c in chows) + sum(C.pung_trait(c) for c in pungs + (pair,))
        assert C.traits_of(summed) == C.pack_traits(chows, pungs, pair)


def _readings_from_splits(code: int, base: int) -> tuple:
    """A suit's readings (as ``_Suit.readings``) worked out from the core's splits into (shape, kind) groups."""
    from scorer.arrangements import PAIR, SEQ, _suit_splits
    from scorer.mcr.combinations import chow_trait, pung_trait
    from scorer.mcr.fans import CODE
    ranks = 7 if base == 27 else 9
    counts = tuple(code >> 5 * r & 31 for r in range(ranks))
    out = []
    for has_pair, groups in _suit_splits(counts, base == 27):
        chows, pungs, keys = [], [], []
        pair = traits = facts = 0
        for shape, i in groups:
            c = CODE[base + i]
            if shape == SEQ:
                chows.append(c + 1)
                keys.append((c, True))
                traits += chow_trait(c + 1)
            elif shape == PAIR:
                pair = c
                traits += pung_trait(c)
            else:
                pungs.append(c)
                keys.append((c, False))
                facts += E._PUNG_FACT[c]
                traits += pung_trait(c)
        out.append((has_pair, tuple(chows), tuple(pungs), pair, tuple(keys), facts, traits))
    return tuple(out)


def test_suit_readings_read_the_core_table():
    """A suit's readings, read from the core's per-suit table entry by code, are the ones its splits into groups
    give: every complete suit of the honors and a sample of every size of numbered suit (up to 14 tiles, more
    than one reading, and codes that do not split)."""
    from scorer.arrangements import suit_table
    rng = random.Random(11)
    numbered = sorted(suit_table(False))
    honors = sorted(suit_table(True))
    several = [c for c in numbered if len(suit_table(False)[c][0]) > 1]
    assert several
    broken = [c + (1 << 5 * rng.randrange(9)) for c in rng.sample(numbered, 100)]
    for index, base, codes in ((0, 0, rng.sample(numbered, 400)), (2, 18, rng.sample(several, 200)),
                               (1, 9, broken), (3, 27, honors)):
        for code in codes:
            if max(code >> 5 * r & 31 for r in range(9)) > 4:
                continue
            suit = E._suit(index, code)
            assert suit.readings == _readings_from_splits(code, base), (index, code)
            assert suit.size == sum(suit.counts) and suit.kinds == sum(1 for n in suit.counts if n)
            assert suit.even == all(n % 2 == 0 for n in suit.counts)
            assert suit.knit == sum(1 << j for j in range(3) if index < 3 and suit.counts[j] and suit.counts[j + 3]
                                    and suit.counts[j + 6])


def test_small_suit_codes_are_the_complete_suits():
    """The suits built in one go are exactly the complete suits of at most nine tiles, and each record is the one
    made when a hand first shows the suit."""
    from scorer.arrangements import _suit_state
    codes = E._complete_codes(9, True)
    assert len(codes) == len(set(codes)) > 1000
    for code in codes:
        counts = tuple(code >> 5 * r & 31 for r in range(9))
        assert sum(counts) <= 9 and max(counts) <= 4 and _suit_state(counts, False)
    for code in random.Random(3).sample(codes, 200):
        assert E._suit(1, code).readings == _readings_from_splits(code, 9)
    assert all(sum(code >> 5 * r & 31 for r in range(7)) <= 9 for code in E._complete_codes(7, False))


def test_unique_wait_look_ups_equal_the_search():
    """Once the small suits are built, a small suit answers "was it sets before the winning tile?" and "does a tile
    of another rank complete it?" by looking codes up in the complete set and the core's wait tables: the same
    answers as the search (every complete suit of at most nine tiles, every rank it holds taken out, numbered and
    honors)."""
    E._build_small_suits()
    checked = 0
    for index, ranks, chows in ((0, 9, True), (3, 7, False)):
        for code in E._complete_codes(ranks, chows):
            suit = E._suit(index, code)
            fast = E._small_complete(suit)
            if fast is None:
                assert suit.most >= 4
                continue
            for r, n in enumerate(suit.counts):
                if not n:
                    continue
                lst = list(suit.counts)
                lst[r] -= 1
                target = 2 if suit.has_pair else 1
                searched = E._completions(lst, suit.honor, target, skip=r, first=True) != ()
                assert suit.other_completion(r, target) == searched
                # the core's wait table: the kinds that complete the suit one tile short (a fifth copy aside)
                base = E._BASES[index]
                waits = suit_waits(suit.code - (1 << 5 * r) << 45 * index)[2]
                assert waits == tuple(base + x for x in E._completions(lst, suit.honor, target) if lst[x] < 4)
                state = E._suit_ok(tuple(lst), suit.honor)
                assert suit.before_complete(r) == (state != 0)
                checked += 1
            if suit.size < E._SMALL_SUIT_TILES:  # a tile added to the whole suit
                base = E._BASES[index]
                target = E._TARGET_OF_SIZE[suit.size + 1]
                waits = suit_waits(suit.code << 45 * index)[2]
                expected = E._completions(list(suit.counts), suit.honor, target) if target else ()
                assert waits == tuple(base + x for x in expected if suit.counts[x] < 4)
    assert checked > 5000


def test_unique_wait_of_large_suits_equals_the_search():
    """A suit too large for the small-suit tables, or holding four of a kind, answers "was it sets before the
    winning tile?" and "does a tile of another rank complete it (copies not limited: a fifth copy counts)?" from
    the core's per-suit table: the same answers as the search, on every complete suit of 10-14 tiles built from
    random sets and on complete suits with four of a kind (numbered and honors)."""
    rng = random.Random(5)
    checked = fifth = 0
    for _ in range(1500):
        honor = rng.random() < 0.25
        ranks = 7 if honor else 9
        counts = [0] * ranks
        n_sets = rng.choice((2, 3, 3, 4, 4))
        for _ in range(n_sets):
            if honor or rng.random() < 0.4:
                counts[rng.randrange(ranks)] += 3
            else:
                r = rng.randrange(ranks - 2)
                for i in range(3):
                    counts[r + i] += 1
        if rng.random() < 0.6:
            counts[rng.randrange(ranks)] += 2
        size = sum(counts)
        if max(counts) > 4 or (size <= E._SMALL_SUIT_TILES and max(counts) < 4):
            continue
        code = sum(n << 5 * r for r, n in enumerate(counts))
        suit = E._suit(3 if honor else 1, code)
        if not suit.state:
            continue
        target = 2 if suit.has_pair else 1
        for r, n in enumerate(counts):
            if not n:
                continue
            lst = list(counts)
            lst[r] -= 1
            searched = E._completions(lst, honor, target, skip=r, first=True) != ()
            assert suit.other_completion(r, target) == searched, (counts, r)
            assert suit.before_state(r) == E._suit_ok(tuple(lst), honor), (counts, r)
            fifth += any(lst[x] == 4 for x in range(ranks) if x != r)
            checked += 1
    assert checked > 1000 and fifth > 50


def test_core_table_answers_complete_for_large_suits():
    """The waits of a suit larger than the small-suit tables read the core's per-suit table
    (``scorer.arrangements.suit_code_complete``): the same answer as the search, on random suits of 10-14 tiles
    (numbered and honors, at most four of a kind), and never complete with a fifth copy."""
    from scorer.arrangements import suit_code_complete
    rng = random.Random(11)
    seen = 0
    for _ in range(3000):
        honor = rng.random() < 0.2
        ranks = 7 if honor else 9
        counts = [0] * ranks
        for _ in range(rng.randint(10, 14)):
            counts[rng.randrange(ranks)] += 1
        if max(counts) > 4:
            assert not suit_code_complete(sum(n << 5 * r for r, n in enumerate(counts)), honor)
            continue
        code = sum(n << 5 * r for r, n in enumerate(counts))
        assert suit_code_complete(code, honor) == (E._suit_ok(tuple(counts), honor) != 0)
        seen += suit_code_complete(code, honor)
    assert seen > 10


def test_special_suit_codes_hold_the_special_forms_suits():
    """The extra suits built in one go hold the suits of seven pairs, knitted tiles and thirteen orphans."""
    numbered, honors = set(E._special_codes(9)), set(E._special_codes(7))
    assert 2 + (2 << 5) + (2 << 40) in numbered  # 119 9 as pairs: 1199
    assert 1 + (1 << 15) + (1 << 30) in numbered  # 147
    assert (1 + (1 << 15) + (1 << 30)) + (3 << 10) in numbered  # 147 plus a pung of 3
    assert 1 + (1 << 40) + (1 << 40) in numbered  # 1 99 of thirteen orphans
    assert sum(1 << 5 * r for r in range(7)) + (1 << 10) in honors  # every honor, one twice
    assert all(max(code >> 5 * r & 31 for r in range(9)) <= 4 for code in numbered)
