"""The per-suit distance tables behind :mod:`scorer.shanten`: how they are defined, built and stored.

A suit's *distance vector* answers, for ``p`` pairs (0 or 1) and ``m`` sets (0-4), how many tiles must be added
to the suit's counts before they contain ``m`` sets and ``p`` pairs (a target suit may hold at most four of a
kind: a wait on a fifth copy is no wait). Index ``p * 5 + m`` (:data:`VEC_LEN` entries); :data:`INFEASIBLE`
where no target exists. The standard form of a whole hand is the min-plus combination of its four suits'
vectors, so every question about the standard form reduces to four table look-ups and a few small merges.

The vectors are computed by one dynamic programme over the kinds of a suit from the last kind to the first
(:func:`build`): the state at a kind is how many sequences started one and two kinds earlier still need a tile
here and at the next kind; at each kind the target places new sequences, a triplet and/or the pair, paying for the
tiles it places beyond those the hand holds. Built for every suit of at most 14 tiles (405,350 numbered suits,
honors apart) and stored in ``shanten_tables.bin`` (2 MB, not compressed: reading it costs about a millisecond,
where inflating the 85 kB of its zlib form cost ten): a one-byte vector id per base-5 suit code
(there are only 130 distinct vectors), then the vectors with every vector their min-plus merges reach (180 in
all), then the merge table of those 180 (byte ``a * 180 + b``: the id of vectors ``a`` and ``b`` merged). ``python -m scorer.shanten_tables`` rebuilds
the file (about 30 s); :func:`suit_vector` computes one suit alone (the definition the tests check the file
against, and the fallback when the file is missing).
"""

from __future__ import annotations

import array
import os
import sys
from functools import lru_cache

VEC_LEN = 10
"""Entries of a distance vector: index ``pair * 5 + sets`` (pair 0/1, sets 0-4)."""
INFEASIBLE = 63
"""The distance entry of a (pairs, sets) that the suit cannot hold (never below any real distance)."""
NO_ID = 0xFF
"""The vector id of a code with more than 14 tiles (not in the table); ids fit a byte (130 vectors)."""
MAX_TILES = 14

SUIT_KINDS = 9
HONOR_KINDS = 7
N_SUIT_CODES = 5 ** SUIT_KINDS      # base-5 code of a numbered suit: counts[0] + 5 * counts[1] + ...
N_HONOR_CODES = 5 ** HONOR_KINDS

TABLE_FILE = os.path.join(os.path.dirname(__file__), "shanten_tables.bin")
_MAGIC = b"MJSH3"

# The pending state at a kind: (r0, r1) with r1 <= r0 <= 4 -- r0 sequence tiles are already placed at this kind,
# r1 of those sequences also need the next kind. Numbered 0..14.
_STATES = [(r0, r1) for r0 in range(5) for r1 in range(r0 + 1)]
_STATE_ID = {s: i for i, s in enumerate(_STATES)}
N_STATES = len(_STATES)


def _choices(r0: int, seq_ok: bool):
    """What the target places at a kind with ``r0`` tiles already placed there: (new sequences q, triplet t,
    pair e, tiles the target holds at this kind), at most four of a kind."""
    out = []
    for q in range(0, 5 - r0 if seq_ok else 1):
        for t in (0, 1):
            for e in (0, 1):
                tot = r0 + q + 3 * t + 2 * e
                if tot <= 4:
                    out.append((q, t, e, tot))
    return out


_BASE = (0,) + (INFEASIBLE,) * (VEC_LEN - 1)     # past the last kind: nothing placed


def _step(x: int, r0: int, r1: int, seq_ok: bool, last: bool, sub_of) -> tuple[int, ...]:
    """The vector at a kind holding ``x`` tiles in state (r0, r1), from the next kind's vectors ``sub_of(state)``."""
    out = [INFEASIBLE] * VEC_LEN
    for q, t, e, tot in _choices(r0, seq_ok):
        nr0 = r1 + q
        if last:
            if nr0:
                continue
            sub = _BASE
        else:
            if nr0 > 4:
                continue
            sub = sub_of(_STATE_ID[(nr0, q)])
        cost = tot - x if tot > x else 0
        ds = q + t
        for i in range(VEC_LEN):
            v = sub[i]
            if v >= INFEASIBLE:
                continue
            p, m = divmod(i, 5)
            if p + e > 1 or m + ds > 4:
                continue
            j = (p + e) * 5 + m + ds
            v += cost
            if v < out[j]:
                out[j] = v
    return tuple(out)


@lru_cache(maxsize=4096)
def _tail(tail: tuple[int, ...], state: int, n: int, honor: bool) -> tuple[int, ...]:
    """The vector of the kinds ``tail`` (the last ``len(tail)`` kinds of an ``n``-kind suit) in ``state``."""
    r0, r1 = _STATES[state]
    L = len(tail)
    seq_ok = not honor and L >= 3
    return _step(tail[0], r0, r1, seq_ok, L == 1, lambda s: _tail(tail[1:], s, n, honor))


def suit_vector(counts, honor: bool) -> tuple[int, ...]:
    """The distance vector of one suit's counts (the definition; slow, for tests and the fallback)."""
    c = tuple(counts)
    return _tail(c, 0, len(c), honor)


def _code_counts(code: int, n: int) -> list[int]:
    out = []
    for _ in range(n):
        code, r = divmod(code, 5)
        out.append(r)
    return out


def build(n: int, honor: bool) -> list[tuple[int, ...] | None]:
    """Every ``n``-kind suit's vector by base-5 code (None past 14 tiles), bottom-up from the last kind."""
    # layer[L]: for each code of the last L kinds (counts[n-L] least significant), the vectors of every state
    prev: list | None = None
    for L in range(1, n + 1):
        seq_ok = not honor and L >= 3
        states = [0] if L == n else range(N_STATES)
        if honor:
            states = [0]
        size = 5 ** L
        layer: list = [None] * size
        for code in range(size):
            rest, x = divmod(code, 5)
            if sum(_code_counts(code, L)) > MAX_TILES:
                continue
            if L > 1 and prev[rest] is None:
                continue
            row = [None] * N_STATES
            sub_row = prev[rest] if L > 1 else None
            for s in states:
                r0, r1 = _STATES[s]
                if L == 1 and r1:
                    continue
                row[s] = _step(x, r0, r1, seq_ok, L == 1, sub_row.__getitem__ if sub_row else None)
            layer[code] = row
        prev = layer
    return [row[0] if row is not None else None for row in prev]


_PAIRS_OF_ENTRIES = tuple((i, j, i + j) for i in range(VEC_LEN) for j in range(VEC_LEN)
                          if i // 5 + j // 5 <= 1 and i % 5 + j % 5 <= 4)
"""(entry of one suit, entry of the other, entry of both): the splits of sets and pair between two suits."""


def minplus(u: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
    """The vector of two suits together: the cheapest split of the sets and the pair between them."""
    out = [INFEASIBLE] * VEC_LEN
    for i, j, k in _PAIRS_OF_ENTRIES:
        x = u[i] + v[j]
        if x < out[k]:
            out[k] = x
    return tuple(out)


def closure(vectors: list[tuple[int, ...]]) -> tuple[list[tuple[int, ...]], bytes]:
    """The vectors with every vector their merges reach (there are 180), and the merge table: byte
    ``a * n + b`` is the id of ``minplus(vectors[a], vectors[b])``."""
    vs = list(vectors)
    ids = {v: i for i, v in enumerate(vs)}
    grown = True
    while grown:
        grown = False
        for a in range(len(vs)):
            for b in range(len(vs)):
                m = minplus(vs[a], vs[b])
                if m not in ids:
                    ids[m] = len(vs)
                    vs.append(m)
                    grown = True
    assert len(vs) < NO_ID
    n = len(vs)
    return vs, bytes(ids[minplus(vs[a], vs[b])] for a in range(n) for b in range(n))


def write(path: str = TABLE_FILE) -> None:
    vecs: dict[tuple[int, ...], int] = {}
    ids = []
    for n, honor in ((SUIT_KINDS, False), (HONOR_KINDS, True)):
        a = array.array("B")
        for v in build(n, honor):
            if v is None:
                a.append(NO_ID)
            else:
                a.append(vecs.setdefault(v, len(vecs)))
        ids.append(a)
    assert len(vecs) < NO_ID
    vectors, merges = closure(sorted(vecs, key=vecs.get))
    flat = array.array("B", [x for v in vectors for x in v])
    body = (len(vectors).to_bytes(4, "little") + ids[0].tobytes() + ids[1].tobytes() + flat.tobytes() + merges)
    with open(path, "wb") as f:
        f.write(_MAGIC + body)


def read(path: str = TABLE_FILE):
    """(suit ids by code, honor ids by code, vectors by id, merge table) from the table file, or None if it is
    missing (or of another format)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if not data.startswith(_MAGIC):
        return None
    o = len(_MAGIC)
    nv = int.from_bytes(data[o:o + 4], "little")
    o += 4
    suits = data[o:o + N_SUIT_CODES]        # (bytes: an index gives the id)
    o += N_SUIT_CODES
    honors = data[o:o + N_HONOR_CODES]
    o += N_HONOR_CODES
    flat = data[o:o + VEC_LEN * nv]
    o += VEC_LEN * nv
    vectors = [tuple(flat[i * VEC_LEN:(i + 1) * VEC_LEN]) for i in range(nv)]
    return suits, honors, vectors, data[o:o + nv * nv]

if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else TABLE_FILE)
