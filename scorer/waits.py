"""Waits, shanten and ukeire: how far a hand is from complete and which tiles complete or improve it.

Shanten is the number of tile exchanges a hand needs to reach tenpai (0 = tenpai, -1 = complete), the minimum
over the standard form, seven pairs and thirteen orphans (the last two only for a hand without melds). The
standard form is computed per suit from cached tables of (sets, partial sets, pair) and combined.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from scorer.arrangements import is_complete, _suits
from scorer.tiles import TERMINALS_AND_HONORS, Tile, counts34


@lru_cache(maxsize=None)
def _suit_options(counts: tuple[int, ...], honor: bool) -> frozenset[tuple[int, int, int]]:
    """All non-dominated (sets, partials, pair) a suit's counts can be read as."""
    found: set[tuple[int, int, int]] = set()
    c = list(counts)
    n = len(c)

    def rec(i: int, m: int, t: int, p: int) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            found.add((m, t, p))
            return
        if c[i] >= 3:
            c[i] -= 3
            rec(i, m + 1, t, p)
            c[i] += 3
        if not honor and i <= n - 3 and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            rec(i, m + 1, t, p)
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
        if c[i] >= 2:
            c[i] -= 2
            if not p:
                rec(i, m, t, 1)
            rec(i, m, t + 1, p)
            c[i] += 2
        if not honor:
            if i <= n - 2 and c[i + 1]:
                c[i] -= 1; c[i + 1] -= 1
                rec(i, m, t + 1, p)
                c[i] += 1; c[i + 1] += 1
            if i <= n - 3 and c[i + 2]:
                c[i] -= 1; c[i + 2] -= 1
                rec(i, m, t + 1, p)
                c[i] += 1; c[i + 2] += 1
        c[i] -= 1
        rec(i, m, t, p)
        c[i] += 1

    rec(0, 0, 0, 0)
    # keep only options not dominated by another
    best = {o for o in found
            if not any(q != o and q[0] >= o[0] and q[0] + q[1] >= o[0] + o[1] and q[2] >= o[2] for q in found)}
    return frozenset(best)


def standard_shanten(counts, melds: int = 0) -> int:
    combos = {(melds, 0, 0)}
    for s, suit in enumerate(_suits(counts)):
        if not any(suit):
            continue
        opts = _suit_options(suit, s == 3)
        nxt = set()
        for m, t, p in combos:
            for m2, t2, p2 in opts:
                if p and p2:
                    continue
                nxt.add((m + m2, t + t2, p | p2))
        combos = nxt
    best = 8
    for m, t, p in combos:
        m = min(m, 4)
        t = min(t, 4 - m)
        best = min(best, 8 - 2 * m - t - p)
    return best


def seven_pairs_shanten(counts, four_as_two_pairs: bool = False) -> int:
    if four_as_two_pairs:                    # MCR: four of a kind are two pairs
        return 6 - sum(n // 2 for n in counts)
    pairs = sum(1 for n in counts if n >= 2)  # riichi: seven different pairs
    kinds = sum(1 for n in counts if n >= 1)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts) -> int:
    kinds = sum(1 for k in TERMINALS_AND_HONORS if counts[k])
    pair = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
    return 13 - kinds - (1 if pair else 0)


def shanten_counts(counts, melds: int = 0, four_as_two_pairs: bool = False) -> int:
    """Shanten over the three forms; ``four_as_two_pairs`` (MCR) lets four of a kind be two of the seven pairs."""
    s = standard_shanten(counts, melds)
    if melds == 0 and sum(counts) >= 13:
        s = min(s, seven_pairs_shanten(counts, four_as_two_pairs), thirteen_orphans_shanten(counts))
    return s


def waits_counts(counts, melds: int = 0, four_as_two_pairs: bool = False) -> list[int]:
    """Kinds that complete a 3n+1 hand (a kind all four of which are in the hand is no wait)."""
    out = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts, melds, four_as_two_pairs):
            out.append(k)
        counts[k] -= 1
    return out


# ---- public API on tiles -------------------------------------------------------------------------------------
def shanten(tiles: Iterable[Tile], melds: int = 0) -> int:
    """Shanten of the concealed tiles of a hand with ``melds`` declared melds (-1: complete, 0: tenpai)."""
    return shanten_counts(counts34(tiles), melds)


def waits(tiles: Iterable[Tile], melds: int = 0) -> list[Tile]:
    """The kinds (as plain tiles) that complete a tenpai hand of 3n+1 concealed tiles."""
    return [Tile(k) for k in waits_counts(counts34(tiles), melds)]


def ukeire_counts(counts, melds: int = 0, visible=None) -> tuple[int, list[tuple[int, int]]]:
    """Shanten of a 3n+1 hand and the kinds that lower it, each with how many copies are not yet seen."""
    base = shanten_counts(counts, melds)
    out = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        better = shanten_counts(counts, melds) < base
        counts[k] -= 1
        if better:
            seen = counts[k] + (visible[k] if visible else 0)
            out.append((k, max(0, 4 - seen)))
    return base, out


def discard_options(tiles: Iterable[Tile], melds: int = 0, visible=None):
    """For a 3n+2 hand: each distinct discard with the shanten after it and its ukeire [(Tile, copies left)]."""
    counts = counts34(tiles)
    out = []
    for k in range(34):
        if not counts[k]:
            continue
        counts[k] -= 1
        sh, uk = ukeire_counts(counts, melds, visible)
        counts[k] += 1
        out.append((Tile(k), sh, [(Tile(j), n) for j, n in uk]))
    out.sort(key=lambda o: (o[1], -sum(n for _, n in o[2]), o[0]))
    return out
