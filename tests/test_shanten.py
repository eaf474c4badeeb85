"""The shanten core (scorer.shanten) against its definition.

Shanten ``s`` means: some ``s + 1`` draws (each but the last followed by a discard) make the hand complete, and no
fewer do; the waits are the kinds whose one more tile completes it. Both are checked by brute force on generated
hands of every shape -- the standard form with and without melds, seven pairs, thirteen orphans, and MCR's rule
choices (four of a kind as two pairs, the knitted shapes) -- with ``is_complete`` / the MCR form readers as the only
oracles: a breadth-first search over draws and discards for 13/14-tile hands (two draws deep), and every complete
target (the replacement number) for small hands with declared melds. The per-suit table file is checked against
the dynamic programme that defines it, and the MCR functions against the MCR evaluator's own.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from scorer import shanten_tables
from scorer.arrangements import is_complete
from scorer.kinds import TERMINALS_AND_HONORS
from scorer.shanten import (KNITTED_SEQS, improving_kinds, is_complete_counts, shanten_counts, shanten_each,
                            ukeire_counts, waits_counts)
from scorer.tiles import counts34, parse_tiles


def _counts(text: str) -> list[int]:
    return counts34(parse_tiles(text))


def test_thirteen_orphans_two_away_is_shanten_2():
    # 11 9m 1 9p 99s 1234z 5z: eight orphan kinds with a pair -- two more kinds reach tenpai
    assert shanten_counts(_counts("119m19p99s11234z5z")) == 2


def test_four_held_copies_are_no_wait():
    # 1111m plus three sets: the pair wait would be a fifth 1m, so the hand is not tenpai
    c = _counts("1111m234p567789s")
    assert shanten_counts(c) == 1 and waits_counts(c) == []


# ---- the oracles --------------------------------------------------------------------------------------------
def _complete(counts, melds: int, mcr: bool) -> bool:
    if mcr:
        return _is_complete_mcr(counts, melds)
    return is_complete(counts, melds)


def _is_complete_mcr(counts, melds: int) -> bool:
    """Any MCR winning shape, read by the arrangement engine and the MCR evaluator's own form readers (honors and
    knitted, knitted straight) — independent of the shanten tables under test."""
    from scorer.mcr.evaluate import _honors_knitted, _knitted_seq
    if is_complete(counts, melds, four_as_two_pairs=True):
        return True
    if melds == 0 and _honors_knitted(counts) is not None:
        return True
    if melds <= 1:
        seq = _knitted_seq(counts)
        if seq is not None:
            rest = list(counts)
            for k in seq:
                rest[k] -= 1
            return is_complete(rest, melds + 3, four_as_two_pairs=True)
    return False


def _rules(mcr: bool) -> dict:
    return {"four_as_two_pairs": mcr, "knitted": mcr}


def _draws_to_complete(counts, melds: int, mcr: bool, limit: int) -> int | None:
    """The fewest draws (a discard after each that does not complete) that make a 3n+1 hand complete, searched
    breadth-first up to ``limit`` draws; None past it."""
    frontier = {tuple(counts)}
    for depth in range(1, limit + 1):
        nxt = set()
        for h in frontier:
            c = list(h)
            for k in range(34):
                if c[k] >= 4:
                    continue
                c[k] += 1
                if _complete(c, melds, mcr):
                    return depth
                if depth < limit:
                    for j in range(34):
                        if c[j]:
                            c[j] -= 1
                            nxt.add(tuple(c))
                            c[j] += 1
                c[k] -= 1
        frontier = nxt
    return None


def _targets(n_sets: int):
    """Every complete closed part of ``n_sets`` sets and a pair (as count dicts), four copies at most."""
    sets = [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6] + [(k, k, k) for k in range(34)]

    def rec(start, left, acc):
        if left == 0:
            for p in range(34):
                c = dict(acc)
                c[p] = c.get(p, 0) + 2
                if max(c.values()) <= 4:
                    yield c
            return
        for i in range(start, len(sets)):
            c = dict(acc)
            for k in sets[i]:
                c[k] = c.get(k, 0) + 1
            if max(c.values()) <= 4:
                yield from rec(i, left - 1, c)
    yield from rec(0, n_sets, {})


_TARGETS = {}


def _replacement_number(counts, n_sets: int) -> int:
    """Tiles the nearest complete target holds beyond the hand's (the definition of shanten + 1)."""
    if n_sets not in _TARGETS:
        _TARGETS[n_sets] = list(_targets(n_sets))
    return min(sum(max(0, n - counts[k]) for k, n in t.items()) for t in _TARGETS[n_sets])


# ---- generated hands of every shape -----------------------------------------------------------------------------
def _standard(rng, n_sets):
    c = [0] * 34
    while sum(c) < 3 * n_sets:
        k = rng.randrange(34)
        if rng.random() < 0.6 and k < 27 and k % 9 <= 6 and all(c[k + i] < 4 for i in range(3)):
            for i in range(3):
                c[k + i] += 1
        elif c[k] <= 1:
            c[k] += 3
    while True:
        k = rng.randrange(34)
        if c[k] <= 2:
            c[k] += 2
            return c


def _seven_pairs(rng, quads):
    c = [0] * 34
    while sum(c) < 14:
        k = rng.randrange(34)
        if c[k] == 0 or (quads and c[k] == 2):
            c[k] += 2
    return c


def _orphans(rng):
    c = [0] * 34
    for k in TERMINALS_AND_HONORS:
        c[k] = 1
    c[rng.choice(TERMINALS_AND_HONORS)] += 1
    return c


def _knitted_straight(rng):
    c = _standard(rng, 1)
    for k in rng.choice(KNITTED_SEQS):
        c[k] += 1
    return c if max(c) <= 4 else _knitted_straight(rng)


def _honors_knitted(rng):
    c = [0] * 34
    kinds = list(rng.choice(KNITTED_SEQS)) + list(range(27, 34))
    for k in rng.sample(kinds, 14):
        c[k] = 1
    return c


def _perturb(rng, c, swaps: int):
    """Take a tile out (the 3n+1 hand) and then swap ``swaps`` tiles for random ones."""
    c = list(c)
    c[rng.choice([k for k in range(34) if c[k]])] -= 1
    for _ in range(swaps):
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
        while True:
            k = rng.randrange(34)
            if c[k] < 4:
                c[k] += 1
                break
    return c


_SHAPES = {
    "standard": lambda rng: (_standard(rng, 4), 0, False),
    "seven pairs": lambda rng: (_seven_pairs(rng, False), 0, False),
    "orphans": lambda rng: (_orphans(rng), 0, False),
    "one meld": lambda rng: (_standard(rng, 3), 1, False),
    "mcr seven pairs": lambda rng: (_seven_pairs(rng, True), 0, True),
    "mcr standard": lambda rng: (_standard(rng, 4), 0, True),
    "knitted straight": lambda rng: (_knitted_straight(rng), 0, True),
    "knitted straight, one meld": lambda rng: (_knitted_straight(rng)[:27] + [0] * 7, 1, True),
    "honors and knitted": lambda rng: (_honors_knitted(rng), 0, True),
}


def _shape_hand(shape: str, rng):
    """A complete hand of ``shape`` (14 tiles with its melds), its meld count and whether it is MCR's."""
    full, melds, mcr = _SHAPES[shape](rng)
    if sum(full) + 3 * melds != 14:
        full = _standard(rng, 4 - melds)          # the shape did not fit its meld count: use a standard hand
    return full, melds, mcr


@pytest.mark.parametrize("shape", sorted(_SHAPES))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), swaps=st.integers(0, 2))
def test_shanten_and_waits_of_13_tile_hands_match_their_definition(shape, seed, swaps):
    rng = random.Random(seed)
    full, melds, mcr = _shape_hand(shape, rng)
    c = _perturb(rng, full, swaps)
    s = shanten_counts(c, melds, **_rules(mcr))
    d = _draws_to_complete(c, melds, mcr, 2)
    if d is None:
        assert s >= 2
    else:
        assert s == d - 1
    expected = [k for k in range(34) if c[k] < 4 and _complete([n + (i == k) for i, n in enumerate(c)], melds, mcr)]
    assert waits_counts(c, melds, **_rules(mcr)) == expected
    # the 14-tile hand: complete iff shanten -1, and each discard's shanten as computed one at a time
    k = rng.choice([k for k in range(34) if c[k] < 4])
    c[k] += 1
    assert (shanten_counts(c, melds, **_rules(mcr)) == -1) == _complete(c, melds, mcr) == \
        is_complete_counts(c, melds, **_rules(mcr))
    held = [j for j in range(34) if c[j]]
    each = shanten_each(c, melds, held, -1, **_rules(mcr))
    assert each == [shanten_counts([n - (i == j) for i, n in enumerate(c)], melds, **_rules(mcr)) for j in held]


def _moves_check(f, c, melds: int, mcr: bool) -> None:
    """Along a path of best moves down to complete: each move (a discard, a draw) changes ``f`` by at most one,
    some move lowers it by exactly one while it is 0 or more, and -1 is exactly complete. A shanten that is too
    high anywhere (a form left out) breaks the first rule next to a hand where it is right."""
    c = list(c)
    while True:
        s = f(c)
        assert s >= 0
        drawn = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                assert (f(c) == -1) == _complete(c, melds, mcr)
                drawn.append((f(c), k))
                c[k] -= 1
        best = None
        for _, k in drawn:
            c[k] += 1
            for j in range(34):
                if c[j] and j != k:
                    c[j] -= 1
                    t = f(c)
                    assert abs(t - s) <= 1, (c, t, s)
                    if best is None or t < best[0]:
                        best = (t, k, j)
                    c[j] += 1
            c[k] -= 1
        if s == 0:
            assert min(drawn)[0] == -1
            return
        assert best[0] == s - 1
        c[best[1]] += 1
        c[best[2]] -= 1


@pytest.mark.parametrize("shape", sorted(_SHAPES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), swaps=st.integers(2, 6))
def test_shanten_moves_by_one_tile_at_a_time_down_to_complete(shape, seed, swaps):
    rng = random.Random(seed)
    full, melds, mcr = _shape_hand(shape, rng)
    _moves_check(lambda h: shanten_counts(h, melds, **_rules(mcr)), _perturb(rng, full, swaps), melds, mcr)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), melds=st.sampled_from([2, 3, 3, 3]), swaps=st.integers(0, 3))
def test_shanten_of_small_hands_is_the_replacement_number(seed, melds, swaps):
    rng = random.Random(seed)
    c = _perturb(rng, _standard(rng, 4 - melds), swaps)
    s = shanten_counts(c, melds)
    assert s == _replacement_number(c, 4 - melds) - 1
    d = _draws_to_complete(c, melds, False, 2)
    assert s == d - 1 if d is not None else s >= 2


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), mcr=st.booleans())
def test_improving_kinds_and_ukeire_lower_the_shanten(seed, mcr):
    rng = random.Random(seed)
    pool = [k for k in range(34) for _ in range(4)]
    c = [0] * 34
    for k in rng.sample(pool, 13):
        c[k] += 1
    rules = _rules(mcr)
    base = shanten_counts(c, 0, **rules)
    better = [k for k in range(34) if c[k] < 4
              and shanten_counts([n + (i == k) for i, n in enumerate(c)], 0, **rules) < base]
    assert list(improving_kinds(c, 0, **rules)) == better
    visible = [rng.randrange(0, 4 - n + 1) for n in c]
    sh, uk = ukeire_counts(c, 0, visible, **rules)
    assert sh == base and uk == [(k, 4 - c[k] - visible[k]) for k in better]


def test_the_table_file_matches_the_programme_that_defines_it():
    suits, honors, vectors, merges = shanten_tables.read()
    n = len(vectors)
    rng = random.Random(1)
    for _ in range(300):
        a, b = rng.randrange(n), rng.randrange(n)
        assert vectors[merges[a * n + b]] == shanten_tables.minplus(vectors[a], vectors[b])
    for _ in range(300):
        c = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        code = sum(n * 5 ** i for i, n in enumerate(c))
        if sum(c) <= 14:
            assert vectors[suits[code]] == shanten_tables.suit_vector(c, False), c
        h = c[:7]
        code = sum(n * 5 ** i for i, n in enumerate(h))
        if sum(h) <= 14:
            assert vectors[honors[code]] == shanten_tables.suit_vector(h, True), h


# ---- the MCR evaluator's functions ------------------------------------------------------------------------------
def _random_counts(rng, n, kinds=range(34)):
    pool = [k for k in kinds for _ in range(4)]
    c = [0] * 34
    for k in rng.sample(pool, n):
        c[k] += 1
    return c


