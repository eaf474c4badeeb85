"""Shanten, waits and ukeire: the one core that says how far a hand is from complete and which tiles help.

Stage: hand analysis (rules-agnostic). Shanten is the number of tile exchanges a hand needs to reach tenpai
(-1 complete, 0 tenpai): the *replacement number* (tiles a complete target hand has beyond the hand's own, the
target holding at most four of a kind) minus one, minimised over the forms:

- the standard form (sets and a pair; with ``melds`` declared melds the closed tiles need ``4 - melds`` sets);
- seven pairs and thirteen orphans (a closed hand of 13 or 14 tiles); ``four_as_two_pairs`` is the rule choice
  that four of a kind count as two of the seven pairs (MCR) instead of one (riichi: seven different pairs);
- with ``knitted`` (MCR's rule choice): honors and knitted tiles, and a knitted straight with one set and a pair.

The standard form reads per-suit tables (:mod:`scorer.shanten_tables`): each suit's base-5 count code gives the id
of its *distance vector* (tiles to add for 0-4 sets with or without the pair); vectors of two suits merge by a
small min-plus step, memoised by id (there are only a few hundred distinct vectors, so every cache here is small
or keyed by suit, and bounded). Waits and ukeire change one kind at a time: only that kind's suit code moves
(by a power of five), the other three suits stay merged.

A change's effect on one suit beside the other three merged is read from a cached *column* (:func:`_column`: the
shanten of every vector merged with one rest vector, at one entry); the draws of a suit are grouped by the vector
they give (:func:`_draw_groups`, cached by code), so one column look-up answers for a group. :class:`DiscardView`
reads a 3n+2 hand once for the questions of a discard decision (the shanten after each discard, the improving
draws after one).

Hot code passes 34-entry count lists (``counts``); the public API on tiles is :func:`shanten`, :func:`waits`
and :func:`discard_options`.
"""

from __future__ import annotations

from itertools import product
from operator import itemgetter
from typing import Iterable, TypeAlias

from scorer import shanten_tables as _tables
from scorer.arrangements import code_of, completing_kinds
from scorer.kinds import HONOR, N_KINDS, TERMINALS_AND_HONORS, Kind, KindMask, mask_of
from scorer.tiles import Tile, counts34

Counts: TypeAlias = list
"""34 counts by kind (0-4 each): the concealed tiles of a hand."""
VecId: TypeAlias = int
"""The id of a distance vector (index ``pair * 5 + sets`` → tiles to add); table vectors first, merged ones after."""

NO_ID = _tables.NO_ID
_SEQ_OF_KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
KNITTED_SEQS: tuple[tuple[Kind, ...], ...] = tuple(
    tuple(9 * s + r for s, ranks in zip(order, _SEQ_OF_KNITTED) for r in ranks)
    for order in ((0, 2, 1), (0, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 0), (1, 2, 0)))
"""The six knitted straights (147, 258, 369 spread over the three suits), each as its nine kinds, in the order
PyMahjongGB lists them (the suits that hold 147, 258, 369: m s p, m p s, s m p, p m s, s p m, p s m)."""
_ORPHANS = TERMINALS_AND_HONORS
_IS_ORPHAN = tuple(k in _ORPHANS for k in range(N_KINDS))
_POW5 = tuple(5 ** i for i in range(9))
_IMPOSSIBLE = 99
"""Shanten reported for a change that cannot be made (a fifth copy, a tile the hand lacks)."""


# ---- the per-suit tables (loaded on first use) --------------------------------------------------------------
_VECS: list[tuple[int, ...]] = []
_VEC_ID: dict[tuple[int, ...], VecId] = {}
_MERGE: dict[int, VecId] = {}


def _intern(v: tuple[int, ...]) -> VecId:
    i = _VEC_ID.get(v)
    if i is None:
        if len(_VECS) == NO_ID:
            _VECS.append(())          # the id NO_ID stays unused: it marks "not in the table"
        i = _VEC_ID[v] = len(_VECS)
        _VECS.append(v)
        _COLUMNS.clear()              # a column has no entry for the new id: built again when next read
        global _EPOCH
        _EPOCH += 1
    return i


_EPOCH = 0
"""How many vectors were interned since the table was read: a column held since an earlier epoch may lack an entry
(a view of a hand checks it before reading the columns it keeps)."""


def _computed_id(code: int, honor: bool) -> VecId:
    """The vector id of a suit code the table lacks (more than 14 tiles, or no table file): computed once."""
    key = code * 2 + honor
    i = _COMPUTED.get(key)
    if i is None:
        counts = []
        c = code
        for _ in range(7 if honor else 9):
            c, r = divmod(c, 5)
            counts.append(r)
        if len(_COMPUTED) > 4096:
            _COMPUTED.clear()
        i = _COMPUTED[key] = _intern(_tables.suit_vector(counts, honor))
    return i


_COMPUTED: dict[int, VecId] = {}


class _Missing:
    """The table when the file is missing: every look-up answers NO_ID, so each suit is computed on its own."""

    def __getitem__(self, code: int) -> VecId:
        return NO_ID


class _Lazy:
    """Stands in for a table until the first look-up loads the file (so importing this module costs nothing)."""

    def __init__(self, honor: bool):
        self.honor = honor

    def __getitem__(self, code: int) -> VecId:
        if isinstance(_SUIT_IDS, _Lazy):
            _load()
        return (_HONOR_IDS if self.honor else _SUIT_IDS)[code]


_SUIT_IDS = _Lazy(False)      # base-5 code of a numbered suit -> vector id (NO_ID past 14 tiles)
_HONOR_IDS = _Lazy(True)      # base-5 code of the honors -> vector id


def _load() -> None:
    global _SUIT_IDS, _HONOR_IDS, _MT, _K
    found = _tables.read()
    if found is None:
        _SUIT_IDS = _HONOR_IDS = _Missing()
        return
    suits, honors, vectors, merges = found
    if _VECS[:len(vectors)] != vectors:
        if _VECS:     # vectors were interned before the file was read: renumber the table's ids
            remap = [_intern(v) for v in vectors]
            suits = [NO_ID if i == NO_ID else remap[i] for i in suits]
            honors = [NO_ID if i == NO_ID else remap[i] for i in honors]
            merges = b""          # (its ids no longer hold: merges go through the memo)
        else:
            for v in vectors:
                _intern(v)
    if merges:
        _MT, _K = list(merges), len(vectors)
    _SUIT_IDS, _HONOR_IDS = suits, honors


_minplus = _tables.minplus
_MT: list[int] = []
"""The merge table of the file's vectors: ``_MT[a * _K + b]`` is the id of vectors ``a`` and ``b`` merged."""
_K = 0


def _merge(a: VecId, b: VecId) -> VecId:
    """The id of two suits' vectors merged: from the file's merge table, else memoised (ids computed apart)."""
    if a < _K and b < _K:
        return _MT[a * _K + b]
    key = (a << 16) | b
    i = _MERGE.get(key)
    if i is None:
        i = _MERGE[key] = _intern(_minplus(_VECS[a], _VECS[b]))
    return i


def _suit_codes(c) -> tuple[int, int, int, int]:
    """The base-5 codes of the four suits of a 34-count list (kind 0 of each suit least significant)."""
    return (c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7]
                                                                                     + 5 * c[8]))))))),
            c[9] + 5 * (c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16]
                                                                                        + 5 * c[17]))))))),
            c[18] + 5 * (c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25]
                                                                                         + 5 * c[26]))))))),
            c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (c[31] + 5 * (c[32] + 5 * c[33]))))))


def _ids(codes) -> tuple[VecId, VecId, VecId, VecId]:
    s = _SUIT_IDS
    a, b, c, d = s[codes[0]], s[codes[1]], s[codes[2]], _HONOR_IDS[codes[3]]
    if a == NO_ID or b == NO_ID or c == NO_ID or d == NO_ID:
        a, b, c, d = (_computed_id(codes[i], i == 3) if x == NO_ID else x for i, x in enumerate((a, b, c, d)))
    return a, b, c, d


def _hand_vector(counts, codes=None) -> VecId:
    a, b, c, d = _ids(codes or _suit_codes(counts))
    k = _K
    if a < k and b < k and c < k and d < k:
        mt = _MT
        return mt[mt[a * k + b] * k + mt[c * k + d]]
    return _merge(_merge(a, b), _merge(c, d))


def _need(melds: int) -> int:
    return 4 - melds if 0 <= melds <= 4 else (0 if melds > 4 else 4)


_AT = tuple(5 + _need(m) for m in range(5))
"""The vector entry of the closed tiles' standard form (a pair and ``4 - melds`` sets) for 0-4 declared melds."""


# ---- the forms ------------------------------------------------------------------------------------------------
suit_codes = _suit_codes


def standard_shanten_codes(codes, melds: int = 0) -> int:
    """:func:`standard_shanten` of a hand given as its four suit codes (see :func:`suit_codes`): for hot code
    that derives many hands from one by adding or taking tiles (each tile of kind ``9 * s + i`` is ``5 ** i`` in
    code ``s``)."""
    a, b, c, d = _ids(codes)
    k = _K
    if a < k and b < k and c < k and d < k:
        mt = _MT
        return _VECS[mt[mt[a * k + b] * k + mt[c * k + d]]][5 + _need(melds)] - 1
    return _VECS[_merge(_merge(a, b), _merge(c, d))][5 + _need(melds)] - 1


def standard_shanten_each_codes(codes, melds: int, kinds, delta: int) -> list[int]:
    """The standard-form shanten of the hand of suit codes ``codes`` with one tile of each of ``kinds`` added
    (delta +1) or taken out (-1), each change on its own (99 where impossible)."""
    return _each_of_rows(codes, _combine(*_ids(codes))[1], 5 + _need(melds), kinds, delta)


def _each_of_rows(codes, rests, at: int, kinds, delta: int) -> list[int]:
    """The standard-form shanten after each kind's change (suit codes ``codes``, for each suit the other suits'
    merged vector ``rests``, entry ``at``): the changed suit's code looked up in the table, then in the column of
    its rest."""
    tables = (_SUIT_IDS, _SUIT_IDS, _SUIT_IDS, _HONOR_IDS)
    cols: list = [None, None, None, None]
    out = []
    suit_of, pow5 = _SUIT_OF, _KIND_POW5
    blocked = 4 if delta > 0 else 0         # a fifth copy / a tile the hand lacks
    for k in kinds:
        s = suit_of[k]
        p = pow5[k]
        c = codes[s]
        if c // p % 5 == blocked:
            out.append(_IMPOSSIBLE)
            continue
        c = c + p if delta > 0 else c - p
        x = tables[s][c]
        if x == NO_ID:          # a suit past the table: its id first (it may forget the columns)
            x = _computed_id(c, s == 3)
            cols[s] = None
        col = cols[s]
        if col is None:
            col = cols[s] = _COLUMNS.get(rests[s] << 4 | at) or _column(rests[s], at)
        out.append(col[x])
    return out


_SUIT_OF = tuple(3 if k >= HONOR else k // 9 for k in range(N_KINDS))
SUIT_OF_KIND = _SUIT_OF
"""Each kind's suit in :func:`suit_codes` (0-2 the numbered suits, 3 the honors)."""


def standard_improving_mask_codes(codes, melds: int) -> KindMask:
    """The kinds one more tile of which lowers the standard-form shanten of the hand of suit codes ``codes`` (the
    kinds :func:`standard_shanten_each_codes` puts below the shanten now), as a kind mask."""
    whole, (r0, r1, r2, r3) = _combine(*_ids(codes))
    at = 5 + _need(melds)
    goal = _VECS[whole][at] - 2         # one below the shanten now (a draw lowers it by one at most)
    c0, c1, c2, c3 = codes
    return (_draw_mask(c0, 0, r0, at, goal) | _draw_mask(c1, 1, r1, at, goal) | _draw_mask(c2, 2, r2, at, goal)
            | _draw_mask(c3, 3, r3, at, goal))


def standard_shanten(counts, melds: int = 0) -> int:
    """Shanten of the standard form: the closed counts need ``4 - melds`` sets and a pair."""
    return _VECS[_hand_vector(counts)][5 + _need(melds)] - 1


def seven_pairs_shanten(counts, four_as_two_pairs: bool = False) -> int:
    if four_as_two_pairs:                    # MCR: four of a kind are two pairs
        return 6 - counts.count(2) - counts.count(3) - 2 * counts.count(4)
    pairs = 34 - counts.count(0) - counts.count(1)   # riichi: seven different pairs
    kinds = 34 - counts.count(0)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


_orphan_counts = itemgetter(*TERMINALS_AND_HONORS)
"""The counts of the thirteen orphan kinds, as a tuple."""


def thirteen_orphans_shanten(counts) -> int:
    o = _orphan_counts(counts)
    absent = o.count(0)
    return absent - (1 if 13 - absent - o.count(1) else 0)    # 13 - kinds held - (a pair among them)


_honor_counts = itemgetter(*range(HONOR, N_KINDS))
_knitted_counts = tuple(itemgetter(*seq) for seq in KNITTED_SEQS)


def honors_knitted_shanten(counts) -> int:
    """Honors and knitted tiles (MCR): fourteen different tiles from the honors and one knitted straight."""
    honors = 7 - _honor_counts(counts).count(0)
    best = 9 - min(g(counts).count(0) for g in _knitted_counts)
    return 13 - honors - best


def knitted_straight_shanten(counts, melds: int = 0, bound: int = _IMPOSSIBLE) -> int:
    """A knitted straight (MCR) plus one set and a pair (or a pair, with one declared meld): the straight's
    missing tiles plus the standard form of the rest. Past one meld there is no such hand. Straights that
    cannot come under ``bound`` are not measured (the answer is then ``bound`` or more)."""
    if melds > 1:
        return _IMPOSSIBLE
    best = bound
    need = 1 - melds
    rest = None
    for seq, held_of in zip(KNITTED_SEQS, _knitted_counts):
        held = 9 - held_of(counts).count(0)
        if 8 - held >= best:        # the rest adds -1 at best (already complete)
            continue
        if rest is None:
            rest = list(counts)
        for k in seq:
            if counts[k]:
                rest[k] -= 1
        v = (9 - held) + _VECS[_hand_vector(rest)][5 + need] - 1
        if v < best:
            best = v
        for k in seq:
            if counts[k]:
                rest[k] += 1
    return best


def _specials(counts, melds: int, four_as_two_pairs: bool, knitted: bool, bound: int = _IMPOSSIBLE) -> int:
    """The best of the forms other than the standard one that the hand can take (``bound`` or more when none
    comes under ``bound``)."""
    best = bound
    if melds == 0 and sum(counts) >= 13:
        best = min(best, seven_pairs_shanten(counts, four_as_two_pairs), thirteen_orphans_shanten(counts))
        if knitted:
            best = min(best, honors_knitted_shanten(counts))
    if knitted and melds <= 1:
        best = min(best, knitted_straight_shanten(counts, melds, best))
    return best


_MIDDLE_RANKS = tuple(mask_of(9 * s + r for r in range(1, 8)) for s in range(3))
"""Each numbered suit's ranks 2-8 as a kind mask: a table without them (three players: 2m-8m) plays that suit's
1 and 9 alone."""
_POW5_8 = 5 ** 8
"""A suit code's rank-9 digit (:func:`suit_codes`)."""


def _absent_vector(counts, absent: KindMask) -> VecId:
    """:func:`_hand_vector` at a table without the kinds ``absent``: a numbered suit whose ranks 2-8 the table
    lacks makes no sequences, so its 1 and 9 are read as two honors (four of one are a set and a tile that can
    be neither a pair nor a partial, as for an honor); a suit of which the hand holds an absent kind stays as it
    is."""
    codes = _suit_codes(counts)
    ids = list(_ids(codes))
    for s in range(3):
        m = _MIDDLE_RANKS[s]
        c = codes[s]
        if absent & m == m and c % 5 + c // _POW5_8 * _POW5_8 == c:
            h = c % 5 + 5 * (c // _POW5_8)
            x = _HONOR_IDS[h]
            ids[s] = _computed_id(h, True) if x == NO_ID else x
    return _merge(_merge(ids[0], ids[1]), _merge(ids[2], ids[3]))


def shanten_counts(counts, melds: int = 0, four_as_two_pairs: bool = False, knitted: bool = False,
                   codes=None, absent: KindMask = 0) -> int:
    """Shanten of closed counts with ``melds`` declared melds over every form the rule choices allow. ``codes``:
    the counts' :func:`suit_codes`, when the caller keeps them. ``absent``: the kinds the table does not play
    (three players: 2m-8m, :data:`scorer.kinds.SANMA_ABSENT_MASK`): no partial waits on them."""
    vec = _absent_vector(counts, absent) if absent else _hand_vector(counts, codes)
    s = _VECS[vec][_AT[melds] if 0 <= melds <= 4 else 5 + _need(melds)] - 1
    if s > -1:
        if knitted:
            t = _specials(counts, melds, four_as_two_pairs, knitted, s)
            return t if t < s else s
        if melds == 0 and sum(counts) >= 13:     # seven pairs and thirteen orphans (as _specials reads them)
            t = seven_pairs_shanten(counts, four_as_two_pairs)
            o = _orphan_counts(counts)
            absent = o.count(0)
            u = absent - (1 if 13 - absent - o.count(1) else 0)
            if u < t:
                t = u
            if t < s:
                return t
    return s


def is_complete_counts(counts, melds: int = 0, four_as_two_pairs: bool = False, knitted: bool = False) -> bool:
    """Is the 3n+2 hand complete in some form (shanten -1)? The cheap test to run before scoring a win: the
    special forms are only looked at as far as a complete one needs."""
    codes = _suit_codes(counts)
    a, b, c, d = _ids(codes)
    k = _K
    if a < k and b < k and c < k and d < k:
        mt = _MT
        whole = mt[mt[a * k + b] * k + mt[c * k + d]]
    else:
        whole = _merge(_merge(a, b), _merge(c, d))
    if _VECS[whole][5 + _need(melds)] == 0:
        return True
    if melds == 0 and sum(counts) == 14:
        if four_as_two_pairs:
            if not counts.count(1) and not counts.count(3):
                return True             # seven pairs, four of a kind as two
        elif counts.count(2) == 7:
            return True
        if thirteen_orphans_shanten(counts) == -1:
            return True
        if knitted and max(counts) == 1 and honors_knitted_shanten(counts) == -1:
            return True
    # a knitted straight holds every kind of one of 147, 258, 369 in each numbered suit
    return bool(knitted and melds <= 1 and _knit_patterns(codes[0]) and _knit_patterns(codes[1])
                and _knit_patterns(codes[2]) and knitted_straight_shanten(counts, melds, 0) == -1)


_KNIT: dict[int, int] = {}


def _knit_patterns(code: int) -> int:
    """Which of the knitted patterns 147, 258, 369 (bits 0, 1, 2) a numbered suit's code holds every kind of.
    Cached by code (bounded)."""
    found = _KNIT.get(code)
    if found is None:
        n = _DIGITS4[code % 625] + _DIGITS5[code // 625]
        found = sum(1 << r for r in range(3) if n[r] and n[r + 3] and n[r + 6])
        if len(_KNIT) > 100_000:
            _KNIT.clear()
        _KNIT[code] = found
    return found


def mcr_shanten(counts, melds: int) -> int:
    """Shanten over every MCR form (four of a kind as two pairs, the knitted shapes)."""
    return shanten_counts(counts, melds, True, True)


# ---- one kind changed at a time ---------------------------------------------------------------------------------
# (product varies its last place fastest: each of its tuples reversed is a code's digits, codes in order)
_DIGITS4 = tuple(d[::-1] for d in product(range(5), repeat=4))
_DIGITS5 = tuple(d[::-1] for d in product(range(5), repeat=5))
"""The counts (base-5 digits, lowest first) of every 4- and 5-kind code: a suit code's counts are
``_DIGITS4[code % 625] + _DIGITS5[code // 625]``."""


_BASES = (0, 9, 18, 27)
RankMask: TypeAlias = int
"""A set of ranks of one suit: bit ``i`` = the suit's kind ``i`` (0-8; honors 0-6), shifted by the suit's first
kind to give a :data:`~scorer.kinds.KindMask`."""
_DRAW_GROUPS: dict[int, tuple[tuple[VecId, RankMask], ...]] = {}


def _draw_groups(code: int, honor: bool) -> tuple[tuple[VecId, RankMask], ...]:
    """The draws of a suit whose code is ``code`` grouped by the suit's vector id after the draw: (vector id,
    the ranks whose draw gives it), a rank held four times left out. Draws that give the same vector change the
    whole hand alike, so one column look-up answers for each group. Cached by (code, honors or not): the three
    numbered suits share their entries. Bounded."""
    key = code * 2 + honor
    found = _DRAW_GROUPS.get(key)
    if found is None:
        ids = _HONOR_IDS if honor else _SUIT_IDS
        by_id: dict[VecId, RankMask] = {}
        if code >= 625:
            digits = _DIGITS4[code % 625] + _DIGITS5[code // 625]
            if honor:
                digits = digits[:7]
        else:
            digits = _DIGITS4[code]
        for i, n in enumerate(digits):
            if n < 4:           # (no fifth copy)
                x = ids[code + _POW5[i]]
                if x == NO_ID:
                    x = _computed_id(code + _POW5[i], honor)
                by_id[x] = by_id.get(x, 0) | 1 << i
        if code < 625:          # the ranks past the last held one: a first tile each (ranks 4-8, honors 4-6)
            for i in range(4, 7 if honor else 9):
                x = ids[code + _POW5[i]]
                if x == NO_ID:
                    x = _computed_id(code + _POW5[i], honor)
                by_id[x] = by_id.get(x, 0) | 1 << i
        found = tuple(by_id.items())
        if len(_DRAW_GROUPS) > 100_000:
            _DRAW_GROUPS.clear()
        _DRAW_GROUPS[key] = found
    return found


_COLUMNS: dict[int, list[int]] = {}


def _column(rest: VecId, at: int) -> list[int]:
    """For every vector id: the shanten (entry ``at`` minus one) of that vector merged with ``rest``, and 99 at
    NO_ID (an impossible change). Cached by (rest, at) -- a few hundred in a game; :func:`_intern` forgets
    every column when a new vector gets an id (so a column read always has an entry for every id)."""
    key = rest << 4 | at
    col = _COLUMNS.get(key)
    if col is None:
        k = _K
        if rest < k and len(_VECS) == k:        # every id in the file's merge table (the common case)
            mt, vecs = _MT, _VECS
            col = [vecs[mt[i * k + rest]][at] - 1 for i in range(k)]
            col += [_IMPOSSIBLE] * (NO_ID + 1 - k)
        else:
            n = -1
            while n != len(_VECS):      # (a merge of a vector computed apart may intern another: then again)
                n = len(_VECS)
                col = [_IMPOSSIBLE] * max(n, NO_ID + 1)
                for i in range(n):
                    if i != NO_ID:
                        col[i] = _VECS[_merge(i, rest)][at] - 1
        if len(_COLUMNS) > 20_000:
            _COLUMNS.clear()
        _COLUMNS[key] = col
    return col


def _draw_mask(code: int, suit: int, rest: VecId, at: int, goal: int) -> KindMask:
    """The kinds of a suit (code ``code``, suit kind ``suit``) one more tile of which, beside the other suits'
    merged vector ``rest``, gives the whole hand shanten ``goal`` (entry ``at``), as a kind mask."""
    groups = _DRAW_GROUPS.get(code * 2 + (suit == 3)) or _draw_groups(code, suit == 3)
    col = _COLUMNS.get(rest << 4 | at) or _column(rest, at)     # (read after the groups: they may intern ids)
    m = 0
    for y, ranks in groups:
        if col[y] == goal:
            m |= ranks
    return m << _BASES[suit]


def _combine(a: VecId, b: VecId, c: VecId, d: VecId):
    """The four suits' vectors merged, and for each suit the merged vector of the other three."""
    k = _K
    if a < k and b < k and c < k and d < k:
        mt = _MT
        ab, cd = mt[a * k + b], mt[c * k + d]
        return mt[ab * k + cd], (mt[b * k + cd], mt[a * k + cd], mt[ab * k + d], mt[ab * k + c])
    ab, cd = _merge(a, b), _merge(c, d)
    return _merge(ab, cd), (_merge(b, cd), _merge(a, cd), _merge(ab, d), _merge(ab, c))


def _parts(counts):
    """The suit codes, for each suit the merged vector of the other three, and the whole hand's vector."""
    codes = _suit_codes(counts)
    whole, rests = _combine(*_ids(codes))
    return codes, rests, whole


def _special_after(counts, k: int, delta: int, four_as_two_pairs: bool, knitted: bool, melds: int,
                   bound: int = _IMPOSSIBLE) -> int:
    counts[k] += delta
    v = _specials(counts, melds, four_as_two_pairs, knitted, bound)
    counts[k] -= delta
    return v


def _summary(counts) -> tuple[int, int, int, int, int]:
    """What seven pairs and thirteen orphans read: kinds with a pair, kinds held, pairs counting four of a kind
    as two, orphan kinds held, orphan kinds with a pair."""
    o = _orphan_counts(counts)
    o0 = o.count(0)
    zeros = counts.count(0)
    pairs = 34 - zeros - counts.count(1)
    return pairs, 34 - zeros, pairs + counts.count(4), 13 - o0, 13 - o0 - o.count(1)


def _summary_value(pairs: int, kinds: int, halves: int, ok: int, opairs: int, four_as_two_pairs: bool) -> int:
    c7 = 6 - halves if four_as_two_pairs else 6 - pairs + (7 - kinds if kinds < 7 else 0)
    c13 = 13 - ok - (1 if opairs else 0)
    return c7 if c7 < c13 else c13


def _summary_after(summary, n: int, orphan: bool, delta: int, four_as_two_pairs: bool) -> int:
    """Seven pairs / thirteen orphans after one tile more (delta +1) or fewer (-1) of a kind held ``n`` times."""
    pairs, kinds, halves, ok, opairs = summary
    if delta > 0:
        pairs += n == 1
        kinds += n == 0
        halves += n & 1
        if orphan:
            ok += n == 0
            opairs += n == 1
    else:
        pairs -= n == 2
        kinds -= n == 1
        halves -= n and not n & 1
        if orphan:
            ok -= n == 1
            opairs -= n == 2
    return _summary_value(pairs, kinds, halves, ok, opairs, four_as_two_pairs)


def shanten_each(counts, melds: int, kinds, delta: int, four_as_two_pairs: bool = False,
                 knitted: bool = False) -> list[int]:
    """Shanten of ``counts`` with one tile of each kind in ``kinds`` added (delta +1) or removed (-1), each
    change on its own (99 where the change is impossible)."""
    out = standard_shanten_each_codes(_suit_codes(counts), melds, kinds, delta)
    closed = melds == 0 and sum(counts) + delta >= 13
    if knitted or closed:
        if not knitted:
            summary = _summary(counts)
            now = _summary_value(*summary, four_as_two_pairs)
            floor = now - 1 if delta > 0 else now     # the best one change can bring seven pairs / orphans to
        for j, k in enumerate(kinds):
            v = out[j]
            if v == _IMPOSSIBLE:
                continue
            if knitted:
                t = _special_after(counts, k, delta, four_as_two_pairs, knitted, melds, v)
            elif v > floor:
                t = _summary_after(summary, counts[k], _IS_ORPHAN[k], delta, four_as_two_pairs)
            else:
                continue
            if t < v:
                out[j] = t
    return out


def improving_kinds(counts, melds: int = 0, four_as_two_pairs: bool = False, knitted: bool = False) -> tuple[int, ...]:
    """Kinds whose draw lowers the shanten of a 3n+1 hand (a kind the hand holds four of cannot be drawn)."""
    codes, rests, whole = _parts(counts)
    at = 5 + _need(melds)
    vecs = _VECS
    std = vecs[whole][at] - 1
    base = std
    closed = melds == 0 and sum(counts) >= 12
    if knitted:
        base = min(std, _specials_for_draw(counts, melds, four_as_two_pairs, knitted))
    elif closed:
        summary = _summary(counts)
        sp = _summary_value(*summary, four_as_two_pairs) if sum(counts) >= 13 else _IMPOSSIBLE
        if sp < base:
            base = sp
    else:
        sp = _IMPOSSIBLE
    found = []
    if std - 1 < base:
        for s in range(4):
            if not codes[s]:
                continue   # a lone tile of an empty suit never helps the standard form
            found += kinds_of_mask(_draw_mask(codes[s], s, rests[s], at, std - 1))    # the draws that lower it
    if knitted:
        have = set(found)
        for k in range(N_KINDS):
            if counts[k] < 4 and k not in have:
                if _special_after(counts, k, 1, four_as_two_pairs, knitted, melds, base) < base:
                    found.append(k)
        found.sort()
    elif closed and sp <= base:      # a draw lowers seven pairs / orphans by one at most
        found = _with_special_draws(found, counts, summary, base, four_as_two_pairs)
    return tuple(found)


def _with_special_draws(found: list, counts, summary, base: int, four_as_two_pairs: bool) -> list:
    """``found`` (the standard form's improving kinds, in order) with the draws that lower seven pairs or
    thirteen orphans of a closed 3n+1 hand (its :func:`_summary`) to below ``base``, in order."""
    pairs, kinds_n, halves, ok, opairs = summary
    extra = set()
    c7 = 6 - halves if four_as_two_pairs else 6 - pairs + (7 - kinds_n if kinds_n < 7 else 0)
    if c7 <= base:      # seven pairs: a new pair (MCR: any odd count), or a new kind while under seven
        if four_as_two_pairs:
            extra.update(k for k in range(N_KINDS) if counts[k] & 1)
        else:
            extra.update(k for k in range(N_KINDS) if counts[k] == 1 or (kinds_n < 7 and not counts[k]))
    if 13 - ok - (1 if opairs else 0) <= base:    # orphans: a new orphan kind, or the first orphan pair
        extra.update(k for k in _ORPHANS if not counts[k] or (counts[k] == 1 and not opairs))
    if extra:
        extra.update(found)
        return sorted(extra)
    return found


_KIND_POW5 = tuple(_POW5[k - _BASES[3 if k >= HONOR else k // 9]] for k in range(N_KINDS))
"""What one tile of each kind adds to its suit's code."""
CODE_STEP = _KIND_POW5
_ALL_KINDS = range(N_KINDS)
"""What one tile of each kind adds to its suit's code in :func:`suit_codes` (code ``SUIT_OF_KIND[k]``): a hand that
gains or loses a tile can keep its codes up to date."""


class DiscardView:
    """A 3n+2 closed part (riichi forms: standard, seven pairs, thirteen orphans) read once for a discard
    decision: the shanten after each discard (:func:`shanten_each` with delta -1) and, after one discard, the
    kinds whose draw lowers the shanten (:func:`improving_kinds` of the hand without that tile). A discard
    moves one suit's code and the seven pairs / orphans counts by one tile, so both questions start from this
    reading instead of measuring the hand again: a discard from suit ``s`` leaves every other suit's code as it
    was, and the merged vector of the suits other than ``s`` (its column of shanten values) too."""

    __slots__ = ("counts", "melds", "codes", "ids", "rests", "at", "n", "summary", "cols", "epoch", "pair_rests",
                 "zeros_ones", "others_masks", "held_shanten")

    def __init__(self, counts, melds: int = 0, codes=None):
        """``codes``: the counts' :func:`suit_codes`, when the caller keeps them."""
        self.counts = list(counts)
        self.melds = melds
        self.codes = codes = _suit_codes(counts) if codes is None else tuple(codes)
        self.ids = ids = _ids(codes)
        self.rests = _combine(*ids)[1]
        self.at = _AT[melds] if 0 <= melds <= 4 else 5 + _need(melds)
        self.n = n = sum(counts)
        self.summary = _summary(counts) if melds == 0 and n >= 13 else None
        self.cols: list = [None, None, None, None]      # for each suit: _column(rests[suit], at), when read
        self.epoch = _EPOCH         # (when the columns held were read: see _EPOCH)
        self.pair_rests = None      # for each two suits: the other two merged (see _pairs), when read
        self.zeros_ones = None      # (kinds held 0 times, kinds held once) as kind masks, when read
        self.others_masks = None    # (suit << 16 | its vector id after a discard) -> the other suits' draws
        self.held_shanten = None    # (the kinds held, the shanten after discarding each), when read

    def _cols(self) -> list:
        """The columns held (for each suit: the column of the other suits merged, None until read), forgotten if
        a vector was interned since they were read. A column is read after the ids it is indexed with: an id
        interned later has no entry in it."""
        if self.epoch != _EPOCH:
            self.cols = [None, None, None, None]
            self.epoch = _EPOCH
        return self.cols

    def shanten_each(self, kinds) -> list[int]:
        """:func:`shanten_each` of the hand with one tile of each of ``kinds`` taken out (99 where it has none).
        Each kind's suit, one tile fewer, beside the other suits' merged vector: the suit's new code looked up in
        the table, then in the column of that rest."""
        codes, counts, rests, at = self.codes, self.counts, self.rests, self.at
        tables = (_SUIT_IDS, _SUIT_IDS, _SUIT_IDS, _HONOR_IDS)
        cols = self._cols()
        out = []
        suit_of, pow5 = _SUIT_OF, _KIND_POW5
        for k in kinds:
            if not counts[k]:
                out.append(_IMPOSSIBLE)
                continue
            s = suit_of[k]
            x = tables[s][codes[s] - pow5[k]]
            if x == NO_ID:          # a suit past the table: its id first (it may forget the columns)
                x = _computed_id(codes[s] - pow5[k], s == 3)
                cols = self._cols()
                cols[s] = None
            col = cols[s]
            if col is None:
                col = cols[s] = _COLUMNS.get(rests[s] << 4 | at) or _column(rests[s], at)
            out.append(col[x])
        if self.summary is not None and self.n - 1 >= 13:       # seven pairs and orphans: 13 closed tiles
            summary = self.summary
            floor = _summary_value(*summary, False)     # a discard never brings them lower
            after = None
            for j, k in enumerate(kinds):
                v = out[j]
                if v != _IMPOSSIBLE and v > floor:
                    # the special forms after the discard depend only on the copies held (1, 2, 3+) and whether
                    # the kind is an orphan: six values, computed when first read
                    if after is None:
                        after = [None] * 8
                    i = (3 if counts[k] > 3 else counts[k]) * 2 + _IS_ORPHAN[k]
                    t = after[i]
                    if t is None:
                        t = after[i] = _summary_after(summary, counts[k], _IS_ORPHAN[k], -1, False)
                    if t < v:
                        out[j] = t
        return out

    def held(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(every kind the hand holds in order, the shanten after discarding each): :meth:`shanten_each` of the
        kinds held, read once (the table's riichi check and the player's discard ask it of the same hand). The
        least of them is the shanten of the hand unless it is complete."""
        found = self.held_shanten
        if found is None:
            counts = self.counts
            kinds = tuple([k for k in _ALL_KINDS if counts[k]])
            found = self.held_shanten = (kinds, tuple(self.shanten_each(kinds)))
        return found

    def improving_after(self, k: int) -> tuple[int, ...]:
        """:func:`improving_kinds` of the hand without one tile of kind ``k`` (which it must hold)."""
        return kinds_of_mask(self.improving_mask_after(k))

    def _pairs(self) -> tuple[tuple[VecId, ...], ...]:
        """For suits ``s`` and ``t``: the merged vector of the two other suits (``[s][s]`` unused)."""
        a, b, c, d = self.ids
        ab, ac, ad, bc, bd, cd = _merge(a, b), _merge(a, c), _merge(a, d), _merge(b, c), _merge(b, d), _merge(c, d)
        found = self.pair_rests = ((NO_ID, cd, bd, bc), (cd, NO_ID, ad, ac), (bd, ad, NO_ID, ab),
                                   (bc, ac, ab, NO_ID))
        return found

    def improving_mask_after(self, k: int) -> KindMask:
        """The kinds of :meth:`improving_after` as a kind mask. Without the tile, suit ``s`` of ``k`` has a new
        code and vector; a draw in ``s`` reads the column of the other suits (as the hand had them), a draw in
        another suit ``t`` the column of the new vector merged with the two suits other than ``s`` and ``t``."""
        counts = self.counts
        s = _SUIT_OF[k]
        codes = self.codes
        code = codes[s] - _KIND_POW5[k]
        x = (_HONOR_IDS if s == 3 else _SUIT_IDS)[code]
        if x == NO_ID:
            x = _computed_id(code, s == 3)
        at = self.at
        cols = self._cols()
        col_s = cols[s]
        if col_s is None:
            col_s = cols[s] = _COLUMNS.get(self.rests[s] << 4 | at) or _column(self.rests[s], at)
        std = col_s[x]
        base = std
        n = self.n - 1
        summary = self.summary
        closed = summary is not None and n >= 12
        if closed:      # the seven pairs / orphans counts without the tile (as _summary_after takes it out)
            pairs, kinds_n, halves, ok, opairs = summary
            c = counts[k]
            pairs -= c == 2
            kinds_n -= c == 1
            if _IS_ORPHAN[k]:
                ok -= c == 1
                opairs -= c == 2
            sp = _summary_value(pairs, kinds_n, halves, ok, opairs, False) if n >= 13 else _IMPOSSIBLE
            if sp < base:
                base = sp
        mask = 0
        if std - 1 < base:
            goal = std - 1          # a draw lowers the standard form by one at most
            # the draws in the other suits depend on the vector suit s is left with, not on which tile went:
            # kept by (suit, vector id) for the view's other discards
            memo = self.others_masks
            key = s << 16 | x
            mask = -1 if memo is None else memo.get(key, -1)
            if memo is None:
                memo = self.others_masks = {}
            if mask < 0:
                mask = 0
                others = (self.pair_rests or self._pairs())[s]
                kk, mt = _K, _MT
                for t in range(4):
                    c = codes[t]
                    if t == s or not c:     # (a lone tile of an empty suit never helps the standard form)
                        continue
                    groups = _DRAW_GROUPS.get(c * 2 + (t == 3)) or _draw_groups(c, t == 3)
                    o = others[t]
                    r = mt[x * kk + o] if x < kk and o < kk else _merge(x, o)
                    col = _COLUMNS.get(r << 4 | at) or _column(r, at)
                    m = 0
                    for y, ranks in groups:
                        if col[y] == goal:
                            m |= ranks
                    if m:
                        mask |= m << _BASES[t]
                memo[key] = mask
            if code:
                groups = _DRAW_GROUPS.get(code * 2 + (s == 3)) or _draw_groups(code, s == 3)
                col = col_s if self.epoch == _EPOCH else _column(self.rests[s], at)
                m = 0
                for y, ranks in groups:
                    if col[y] == goal:
                        m |= ranks
                if m:
                    mask |= m << _BASES[s]
        if closed and sp <= base:       # as improving_kinds: a draw lowers seven pairs / orphans by one at most
            zeros, ones = self.zeros_ones or self._zeros_ones()
            bit = 1 << k
            c = counts[k]
            if c == 1:
                ones &= ~bit
                zeros |= bit
            elif c == 2:
                ones |= bit
            # seven pairs: a new pair, or a new kind while under seven; orphans: a new orphan kind, or the first
            # orphan pair (as _with_special_draws)
            if 6 - pairs + (7 - kinds_n if kinds_n < 7 else 0) <= base:
                mask |= ones | (zeros if kinds_n < 7 else 0)
            if 13 - ok - (1 if opairs else 0) <= base:
                mask |= _ORPHAN_MASK & (zeros if opairs else zeros | ones)
        return mask

    def _zeros_ones(self) -> tuple[KindMask, KindMask]:
        # each count as the digit "1" (held 0 times / once) or "0", kind 33 first: read in base 2, a kind mask
        held = bytes(self.counts)[::-1]
        found = self.zeros_ones = (int(held.translate(_DIGIT_IF_0), 2), int(held.translate(_DIGIT_IF_1), 2))
        return found


_ORPHAN_MASK = mask_of(_ORPHANS)
_DIGIT_IF_0 = bytes(49 if c == 0 else 48 for c in range(256))      # (49, 48: "1", "0")
_DIGIT_IF_1 = bytes(49 if c == 1 else 48 for c in range(256))
"""Byte translations of a count to the ASCII digit 1 when it is 0 (resp. 1), else 0."""


def _specials_for_draw(counts, melds, four_as_two_pairs, knitted) -> int:
    """The special forms of a 3n+1 hand that will have 13+ tiles after a draw (seven pairs, orphans: 13 tiles)."""
    if sum(counts) >= 13 or (knitted and melds <= 1):
        return _specials(counts, melds, four_as_two_pairs, knitted)
    return _IMPOSSIBLE


def waits_counts(counts, melds: int = 0, four_as_two_pairs: bool = False, knitted: bool = False,
                 in_view=None) -> list[int]:
    """Kinds that complete a 3n+1 hand, in order. A kind all four copies of which are in the hand (or, with
    ``in_view``, in the hand and in view) is no wait.

    The standard form, seven pairs and thirteen orphans are read by the arrangement engine
    (:func:`scorer.arrangements.completing_kinds`: the one computation of waits); the knitted shapes (MCR) are
    added here from their counts."""
    n = sum(counts)
    found = completing_kinds(code_of(counts), n, melds, four_as_two_pairs)
    if knitted and (melds, n) in ((0, 13), (1, 10)):
        extra = _knitted_completions(counts, melds).difference(found)
        if extra:
            found = sorted(extra.union(found))
    elif knitted and melds <= 1 and _specials(counts, melds, four_as_two_pairs, knitted, 1) == 0:
        have = set(found)
        for k in range(N_KINDS):
            if counts[k] < 4 and k not in have and \
                    _special_after(counts, k, 1, four_as_two_pairs, knitted, melds, 0) == -1:
                found.append(k)
        found.sort()
    if in_view is not None:
        found = [k for k in found if counts[k] + in_view[k] < 4]
    return found


def _knitted_completions(counts, melds: int) -> set[int]:
    """The kinds that complete 13 closed tiles (or 10 and one declared meld) in a knitted shape (MCR): honors and
    knitted tiles (fourteen different tiles: the hand holds thirteen of one knitted straight's kinds and the
    honors, and draws another), or a knitted straight with a set and a pair (a pair beside one meld) -- the
    straight already held and the rest one tile from complete, or the straight one tile short and the rest
    complete. As the knitted forms of :func:`_specials` measure them one kind at a time."""
    out: set[int] = set()
    if not melds:
        held = [9 - g(counts).count(0) for g in _knitted_counts]
        best = max(held)
        if 13 - (7 - _honor_counts(counts).count(0)) - best == 0:
            out.update(k for k in range(HONOR, N_KINDS) if not counts[k])
            for seq, h in zip(KNITTED_SEQS, held):
                if h == best:
                    out.update(k for k in seq if not counts[k])
    sets_melds = 3 + melds      # the rest beside the straight needs 1 - melds sets and the pair
    for seq, held_of in zip(KNITTED_SEQS, _knitted_counts):
        missing = held_of(counts).count(0)
        if missing > 1:
            continue
        rest = list(counts)
        for k in seq:
            if counts[k]:
                rest[k] -= 1
        if missing == 0:
            after = standard_shanten_each_codes(_suit_codes(rest), sets_melds, range(N_KINDS), 1)
            out.update(k for k in range(N_KINDS) if after[k] == -1 and counts[k] < 4)
        elif standard_shanten(rest, sets_melds) == -1:
            out.update(k for k in seq if not counts[k])
    return out


def mcr_waits(counts, melds: int, in_view=None) -> list[int]:
    """Kinds that complete a 3n+1 hand in any MCR form (a kind whose four copies are in view is no wait)."""
    return waits_counts(counts, melds, True, True, in_view)


def ukeire_counts(counts, melds: int = 0, visible=None, four_as_two_pairs: bool = False,
                  knitted: bool = False, absent: KindMask = 0) -> tuple[int, list[tuple[int, int]]]:
    """Shanten of a 3n+1 hand and the kinds that lower it, each with how many copies are not yet seen
    (``visible``: copies in view outside the hand). ``absent``: the kinds the table does not play (three
    players: 2m-8m, :data:`scorer.kinds.SANMA_ABSENT_MASK`), never drawn, so never listed."""
    base = shanten_counts(counts, melds, four_as_two_pairs, knitted, absent=absent)
    if absent:      # the few three-player look-ups: each kind the table plays, drawn in turn
        kinds = []
        for k in range(N_KINDS):
            if absent >> k & 1 or counts[k] >= 4:
                continue
            counts[k] += 1
            if shanten_counts(counts, melds, four_as_two_pairs, knitted, absent=absent) < base:
                kinds.append(k)
            counts[k] -= 1
    else:
        kinds = improving_kinds(counts, melds, four_as_two_pairs, knitted)
    out = []
    for k in kinds:
        seen = counts[k] + (visible[k] if visible else 0)
        out.append((k, max(0, 4 - seen)))
    return base, out


_RANK_AT_MOST = tuple(mask_of(k for k in range(HONOR) if k % 9 <= r) for r in range(9))
_RANK_AT_LEAST = tuple(mask_of(k for k in range(HONOR) if k % 9 >= r) for r in range(9))


def candidates_mask(counts) -> KindMask:
    """The kinds that can join a set with the hand's tiles, as a kind mask: the kinds held and, in the
    numbered suits, their neighbours one and two ranks away."""
    held = 0
    for k in range(N_KINDS):
        if counts[k]:
            held |= 1 << k
    return (held | (held & _RANK_AT_MOST[7]) << 1 | (held & _RANK_AT_MOST[6]) << 2
            | (held & _RANK_AT_LEAST[1]) >> 1 | (held & _RANK_AT_LEAST[2]) >> 2)


_BYTE_KINDS = tuple(tuple(tuple(8 * chunk + i for i in range(8) if b >> i & 1) for b in range(256))
                    for chunk in range(5))
"""For each byte of a kind mask (chunk 0 = kinds 0-7, ...) and each byte value: the kinds it holds."""


def kinds_of_mask(mask: KindMask) -> tuple[int, ...]:
    """The kinds of a kind mask, in order."""
    t = _BYTE_KINDS
    return (t[0][mask & 255] + t[1][mask >> 8 & 255] + t[2][mask >> 16 & 255] + t[3][mask >> 24 & 255]
            + t[4][mask >> 32])


def candidates(counts) -> list[int]:
    """:func:`candidates_mask` as a sorted list of kinds."""
    return list(kinds_of_mask(candidates_mask(counts)))


# ---- public API on tiles -------------------------------------------------------------------------------------
def shanten(tiles: Iterable[Tile], melds: int = 0, absent: KindMask = 0) -> int:
    """Shanten of the concealed tiles of a hand with ``melds`` declared melds (-1: complete, 0: tenpai);
    ``absent`` as for :func:`shanten_counts`."""
    return shanten_counts(counts34(tiles), melds, absent=absent)


def waits(tiles: Iterable[Tile], melds: int = 0) -> list[Tile]:
    """The kinds (as plain tiles) that complete a tenpai hand of 3n+1 concealed tiles."""
    return [Tile(k) for k in waits_counts(counts34(tiles), melds)]


def discard_options(tiles: Iterable[Tile], melds: int = 0, visible=None, absent: KindMask = 0):
    """For a 3n+2 hand: each distinct discard with the shanten after it and its ukeire [(Tile, copies left)],
    best first (lowest shanten, then most copies left); ``absent`` as for :func:`ukeire_counts`."""
    counts = counts34(tiles)
    out = []
    for k in range(N_KINDS):
        if not counts[k]:
            continue
        counts[k] -= 1
        sh, uk = ukeire_counts(counts, melds, visible, absent=absent)
        counts[k] += 1
        out.append((Tile(k), sh, [(Tile(j), n) for j, n in uk]))
    out.sort(key=lambda o: (o[1], -sum(n for _, n in o[2]), o[0]))
    return out


# ---- the standard form's completions, copies not limited (MCR's unique-wait test) -------------------------------
def _splits(suit: tuple[int, ...], honor: bool, pair: bool) -> bool:
    """Do the counts split into sets (and exactly one pair if ``pair``)? Any counts (a fifth copy included)."""
    n = sum(suit)
    if n == 0:
        return not pair
    if max(suit) <= 4 and n <= 14:
        code = 0
        for x in reversed(suit):
            code = code * 5 + x
        i = (_HONOR_IDS if honor else _SUIT_IDS)[code]
        if i == NO_ID:
            i = _computed_id(code, honor)
        return _VECS[i][5 * pair + n // 3] == 0
    return _splits_any(suit, honor, pair)


def _splits_any(suit: tuple[int, ...], honor: bool, pair: bool) -> bool:
    i = 0
    while suit[i] == 0:
        i += 1
    c = list(suit)
    if c[i] >= 3:
        c[i] -= 3
        if not any(c) and not pair or any(c) and _splits(tuple(c), honor, pair):
            return True
        c[i] += 3
    if pair and c[i] >= 2:
        c[i] -= 2
        if not any(c) or _splits(tuple(c), honor, False):
            return True
        c[i] += 2
    if not honor and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if not any(c) and not pair or any(c) and _splits(tuple(c), honor, pair):
            return True
    return False


def suit_ok(suit: tuple[int, ...], honor: bool) -> int:
    """0: the suit is not sets (+ one pair); 1: sets only (or empty); 2: sets and one pair."""
    n = sum(suit)
    if n == 0:
        return 1
    r = n % 3
    if r == 1:
        return 0
    if r == 0:
        return 1 if _splits(suit, honor, False) else 0
    return 2 if _splits(suit, honor, True) else 0


_WAIT_INFO: dict[tuple[tuple[int, ...], bool], tuple] = {}


def suit_wait_info(suit: tuple[int, ...], honor: bool) -> tuple[int, tuple[tuple[int, int], ...], tuple[int, int]]:
    """A suit's (state, completions, tallies): state as :func:`suit_ok`; completions the (rank, state after) of
    each rank whose one more tile (copies not limited) makes the suit sets, or sets and a pair; tallies how many
    completions end with the pair and how many without (they suit a hand with no pair elsewhere / one pair).
    Cached by suit (bounded)."""
    key = (suit, honor)
    found = _WAIT_INFO.get(key)
    if found is None:
        lst = list(suit)
        completions = []
        for r in range(len(lst)):
            lst[r] += 1
            ok = suit_ok(tuple(lst), honor)
            lst[r] -= 1
            if ok:
                completions.append((r, ok))
        if len(_WAIT_INFO) > 50_000:
            _WAIT_INFO.clear()
        found = _WAIT_INFO[key] = (suit_ok(suit, honor), tuple(completions),
                                   (sum(ok == 2 for _, ok in completions), sum(ok == 1 for _, ok in completions)))
    return found


def standard_wait_kinds(counts) -> list[int]:
    """Kinds completing the standard form of a 3n+1 concealed hand; a kind whose four copies are all in view (or
    in the hand) still counts as a wait of the shape (MCR's unique-wait test reads shapes, not copies)."""
    return wait_kinds_of_infos([suit_wait_info(tuple(counts[b:b + (7 if s == 3 else 9)]), s == 3)
                                for s, b in enumerate(_BASES)])


def wait_kinds_of_infos(infos) -> list[int]:
    """:func:`standard_wait_kinds` from the four suits' :func:`suit_wait_info` (m, p, s, honors): a suit that is
    not sets (and a pair) must take the tile; otherwise any suit may, as long as the hand ends with one pair."""
    oks = [info[0] for info in infos]
    broken = oks.count(0)
    if broken > 1:
        return []
    pairs = oks.count(2)
    out = []
    for i in range(4):
        ok_i = oks[i]
        if broken and ok_i:
            continue  # the one suit that is not sets (and a pair) must take the tile
        pairs_elsewhere = pairs - (ok_i == 2)
        for r, ok in infos[i][1]:
            if (ok == 2) + pairs_elsewhere == 1:
                out.append(_BASES[i] + r)
    return out
