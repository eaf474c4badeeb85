"""Fast shanten and waits for the engine and the AIs (hot code: count arrays, not tiles).

Same numbers as :mod:`scorer.waits` (a property test checks it), computed faster: each suit's non-dominated
(sets, partial sets, pair) readings become a table "pair?, sets → most partial sets" (cached by the suit's
counts); tables of two suits merge by a cached max-plus step, so a whole hand costs four slices and a handful of
dictionary look-ups. Seven pairs and thirteen orphans are counted directly. A last cache keys the full hand.
"""

from __future__ import annotations

from functools import lru_cache


_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


_ZERO = frozenset({(0, 0, 0)})


def _prune(found: set) -> frozenset:
    """Keep the readings no other reading dominates (more sets, more blocks, a pair)."""
    return frozenset(o for o in found if not any(
        q != o and q[0] >= o[0] and q[0] + q[1] >= o[0] + o[1] and q[2] >= o[2] for q in found))


@lru_cache(maxsize=None)
def _opts(c: tuple[int, ...], honor: bool) -> frozenset:
    """Non-dominated (sets, partial sets, pair) readings of a suit's counts, by recursion on the first kind
    (memoized on the remaining counts, so suits share their tails)."""
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return _ZERO
    if i:
        return _opts(c[i:], honor)
    found: set = set()
    x = c[0]
    rest = c[1:]

    def add(sub: tuple, dm: int, dt: int, dp: int) -> None:
        for m, t, p in _opts(sub, honor):
            if dp and p:
                continue
            found.add((m + dm, t + dt, p | dp))

    if x >= 3:
        add((x - 3,) + rest, 1, 0, 0)
    if x >= 2:
        add((x - 2,) + rest, 0, 0, 1)
        add((x - 2,) + rest, 0, 1, 0)
    if not honor and n >= 2 and c[1]:
        if n >= 3 and c[2]:
            add((x - 1, c[1] - 1, c[2] - 1) + c[3:], 1, 0, 0)
        add((x - 1, c[1] - 1) + c[2:], 0, 1, 0)
    if not honor and n >= 3 and c[2]:
        add((x - 1, c[1], c[2] - 1) + c[3:], 0, 1, 0)
    add((x - 1,) + rest, 0, 0, 0)
    return _prune(found)


@lru_cache(maxsize=None)
def _table(suit: tuple[int, ...], honor: bool) -> tuple[int, ...]:
    """Index ``pair * 5 + min(sets, 4)`` → the most partial sets (capped at 4), -1 if no reading."""
    t = [-1] * 10
    for m, tt, p in _opts(suit, honor):
        i = p * 5 + min(m, 4)
        tt = min(tt, 4)
        if tt > t[i]:
            t[i] = tt
    return tuple(t)


def _merge_tables(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = [-1] * 10
    for i in range(10):
        x = a[i]
        if x < 0:
            continue
        pa, ma = divmod(i, 5)
        for j in range(10):
            y = b[j]
            if y < 0:
                continue
            pb, mb = divmod(j, 5)
            if pa + pb > 1:
                continue
            m = ma + mb
            if m > 4:
                m = 4
            t = x + y
            if t > 4:
                t = 4
            k = (pa + pb) * 5 + m
            if t > out[k]:
                out[k] = t
    return tuple(out)


def _final_value(t: tuple[int, ...], melds: int) -> int:
    best = 8
    for i in range(10):
        x = t[i]
        if x < 0:
            continue
        p, m = divmod(i, 5)
        m = min(m + melds, 4)
        x = min(x, 4 - m)
        v = 8 - 2 * m - x - p
        if v < best:
            best = v
    return best


# Tables are interned as small ints so that the hot look-ups hash ints, not tuples.
_TABLES: list[tuple[int, ...]] = []
_TABLE_ID: dict[tuple[int, ...], int] = {}
_SUIT_ID: dict[tuple[int, ...], int] = {}       # suited counts (9) → table id
_HONOR_ID: dict[tuple[int, ...], int] = {}      # honor counts (7) → table id
_MERGE: dict[int, int] = {}
_FINAL: dict[int, int] = {}


def _intern(t: tuple[int, ...]) -> int:
    i = _TABLE_ID.get(t)
    if i is None:
        i = _TABLE_ID[t] = len(_TABLES)
        _TABLES.append(t)
    return i


def _suit_id(seg: tuple[int, ...]) -> int:
    i = _SUIT_ID.get(seg)
    if i is None:
        i = _SUIT_ID[seg] = _intern(_table(seg, False))
    return i


def _honor_id(seg: tuple[int, ...]) -> int:
    i = _HONOR_ID.get(seg)
    if i is None:
        i = _HONOR_ID[seg] = _intern(_table(seg, True))
    return i


def _merge(a: int, b: int) -> int:
    key = (a << 20) | b
    i = _MERGE.get(key)
    if i is None:
        i = _MERGE[key] = _intern(_merge_tables(_TABLES[a], _TABLES[b]))
    return i


def _final(t: int, melds: int) -> int:
    key = (t << 3) | melds
    v = _FINAL.get(key)
    if v is None:
        v = _FINAL[key] = _final_value(_TABLES[t], melds)
    return v


def standard_shanten(counts, melds: int = 0) -> int:
    return _final(_merge(_merge(_suit_id(tuple(counts[0:9])), _suit_id(tuple(counts[9:18]))),
                         _merge(_suit_id(tuple(counts[18:27])), _honor_id(tuple(counts[27:34])))), melds)


_CACHE: dict = {}


def shanten(counts, melds: int = 0) -> int:
    """Shanten of closed counts with ``melds`` declared melds: -1 complete, 0 tenpai (all three forms)."""
    key = (*counts, melds)
    v = _CACHE.get(key)
    if v is not None:
        return v
    v = standard_shanten(counts, melds)
    if melds == 0 and v > 0:
        pairs = 34 - counts.count(0) - counts.count(1)
        kinds = 34 - counts.count(0)
        if sum(counts) >= 13:
            v = min(v, 6 - pairs + max(0, 7 - kinds))
            if v > 3:
                ok = 0
                pair = 0
                for k in _ORPHANS:
                    n = counts[k]
                    if n:
                        ok += 1
                        if n >= 2:
                            pair = 1
                v = min(v, 13 - ok - pair)
    elif melds == 0 and v == 0 and counts.count(2) == 7 and sum(counts) == 14:
        v = -1                                  # seven pairs complete, standard form one tile short
    if len(_CACHE) > 500_000:
        _CACHE.clear()
    _CACHE[key] = v
    return v


def candidates(counts) -> list[int]:
    """Kinds that can join a set with the hand's tiles: kinds held and their suit neighbours within two."""
    cand = set()
    for k, n in enumerate(counts):
        if n:
            cand.add(k)
            if k < 27:
                p = k % 9
                if p >= 2:
                    cand.add(k - 2)
                if p >= 1:
                    cand.add(k - 1)
                if p <= 7:
                    cand.add(k + 1)
                if p <= 6:
                    cand.add(k + 2)
    return sorted(cand)


def waits(counts, melds: int = 0) -> tuple[int, ...]:
    """Winning kinds of a 3n+1 hand (a kind all four of which are in the hand is no wait)."""
    if shanten(counts, melds) != 0:
        return ()
    out = []
    cand = candidates(counts)
    if melds == 0:
        cand = range(34) if sum(1 for k in _ORPHANS if counts[k]) >= 12 else cand
    for k in cand:
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds) == -1:
            out.append(k)
        counts[k] -= 1
    return tuple(out)


# ---- many neighbours of one hand at once (the AI's discard and ukeire loops) -----------------------------------
_SUIT_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


_DELTAS: dict = {}


def _suit_deltas(seg: tuple[int, ...], honor: bool, rest: int, melds: int, delta: int) -> tuple[int, ...]:
    """Standard-form shanten of the hand with one more (delta +1) or one fewer (-1) tile at each position of
    this suit, the other suits being the merged table ``rest``; 99 where the change is impossible. Cached: the
    same suit next to the same rest recurs all the time."""
    key = (seg, honor, rest, melds, delta)
    v = _DELTAS.get(key)
    if v is not None:
        return v
    out = []
    ident = _honor_id if honor else _suit_id
    c = list(seg)
    for i, n in enumerate(seg):
        if (delta > 0 and n >= 4) or (delta < 0 and n == 0):
            out.append(99)
            continue
        c[i] += delta
        out.append(_final(_merge(ident(tuple(c)), rest), melds))
        c[i] -= delta
    v = tuple(out)
    if len(_DELTAS) > 400_000:
        _DELTAS.clear()
    _DELTAS[key] = v
    return v


def _suit_tables(counts):
    """A hand's four suit count tuples, their table ids, and the merged tables of suits 0+1 and 2+3."""
    segs = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
    tabs = (_suit_id(segs[0]), _suit_id(segs[1]), _suit_id(segs[2]), _honor_id(segs[3]))
    return segs, tabs, _merge(tabs[0], tabs[1]), _merge(tabs[2], tabs[3])


def _special_counts(counts):
    """What seven pairs and thirteen orphans read: pairs, kinds, orphan kinds present, orphan pairs."""
    ok = opairs = 0
    for k in _ORPHANS:
        n = counts[k]
        if n:
            ok += 1
            if n >= 2:
                opairs += 1
    return 34 - counts.count(0) - counts.count(1), 34 - counts.count(0), ok, opairs


def shanten_each(counts, melds: int, kinds, delta: int) -> list[int]:
    """Shanten of ``counts`` with one tile of each kind in ``kinds`` added (delta +1) or removed (-1), each
    change on its own. Per suit the standard form comes from a cached row (:func:`_suit_deltas`); seven pairs
    and thirteen orphans are updated by counting."""
    segs, tabs, m01, m23 = _suit_tables(counts)
    rests = (_merge(tabs[1], m23), _merge(tabs[0], m23), _merge(m01, tabs[3]), _merge(m01, tabs[2]))
    rows = [None, None, None, None]
    total = sum(counts) + delta
    closed = melds == 0 and total >= 13
    if closed:
        pairs, kinds_n, ok, opairs = _special_counts(counts)
        # the best either special form could reach after one change; skip them when the standard form is better
        floor = min(6 - pairs - 1 + max(0, 7 - kinds_n - 1), 13 - ok - 1 - 1) if delta > 0 else \
            min(6 - pairs + max(0, 7 - kinds_n), 13 - ok - (1 if opairs else 0))
    out = []
    for k in kinds:
        s = 3 if k >= 27 else k // 9
        row = rows[s]
        if row is None:
            row = rows[s] = _suit_deltas(segs[s], s == 3, rests[s], melds, delta)
        v = row[k - 9 * s]
        if closed and v > floor:
            n = counts[k]
            orphan = k in _ORPHAN_SET
            if delta > 0:
                p2 = pairs + (n == 1)
                k2 = kinds_n + (n == 0)
                ok2 = ok + (orphan and n == 0)
                op2 = opairs + (orphan and n == 1)
            else:
                p2 = pairs - (n == 2)
                k2 = kinds_n - (n == 1)
                ok2 = ok - (orphan and n == 1)
                op2 = opairs - (orphan and n == 2)
            c7 = 6 - p2 + max(0, 7 - k2)
            c13 = 13 - ok2 - (1 if op2 else 0)
            v = min(v, c7, c13)
        out.append(v)
    return out


_ORPHAN_SET = frozenset(_ORPHANS)


_IMPROVE: dict = {}


def improving_kinds(counts, melds: int = 0) -> tuple[int, ...]:
    """Kinds whose draw lowers the shanten of a 3n+1 hand (cached by the hand: a player who discards the tile
    just drawn asks about the same hands again next turn)."""
    key = (*counts, melds)
    v = _IMPROVE.get(key)
    if v is not None:
        return v
    segs, tabs, m01, m23 = _suit_tables(counts)
    std = _final(_merge(m01, m23), melds)
    base = std
    special = melds == 0 and sum(counts) >= 12
    if special:
        pairs, kinds_n, ok, opairs = _special_counts(counts)
        c7 = 6 - pairs + max(0, 7 - kinds_n)
        c13 = 13 - ok - (1 if opairs else 0)
        base = min(std, c7, c13)
    found = set()
    if std - 1 < base:
        rests = (_merge(tabs[1], m23), _merge(tabs[0], m23), _merge(m01, tabs[3]), _merge(m01, tabs[2]))
        for s in range(4):
            if not any(segs[s]):
                continue   # a lone tile of an empty suit never helps the standard form
            row = _suit_deltas(segs[s], s == 3, rests[s], melds, 1)
            for i, x in enumerate(row):
                if x < base:
                    found.add(9 * s + i)
    if special and min(c7, c13) - 1 < base:
        for k in range(34):
            n = counts[k]
            if n >= 4 or k in found:
                continue
            orphan = k in _ORPHAN_SET
            p2 = pairs + (n == 1)
            k2 = kinds_n + (n == 0)
            ok2 = ok + (orphan and n == 0)
            op2 = opairs + (orphan and n == 1)
            if min(6 - p2 + max(0, 7 - k2), 13 - ok2 - (1 if op2 else 0)) < base:
                found.add(k)
    v = tuple(sorted(found))
    if len(_IMPROVE) > 300_000:
        _IMPROVE.clear()
    _IMPROVE[key] = v
    return v
