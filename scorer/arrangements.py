"""Arrangements: every way a hand's tiles divide into sets and a pair, and where the winning tile sits.

This is the one decomposition engine of the package; it knows no rule set (whether four of a kind may be two of
seven pairs is a parameter). For a complete hand it lists every :class:`Arrangement` — four sets and a pair
(declared melds included), seven pairs, thirteen orphans — and every :class:`Placement`: an arrangement together
with the group that the winning tile completed and the wait shape that implies (ryanmen, kanchan, penchan,
shanpon, tanki, and for thirteen orphans ``kokushi``). Riichi yaku, riichi fu and MCR fans all read placements.

**Per-suit tables.** A suit's splits depend only on its counts. Every count pattern of one suit that splits into
at most four sets and at most one pair (21,743 patterns of a number suit, 498 of the honors) is listed once,
together with all of its splits, by walking the multisets of sets — part by part (by number of sets) on first
use, never at import: one hand builds a few small parts in about a millisecond, the four-set part of the number
suits takes about 20 ms the first time a suit of 12 or 14 tiles comes. A pattern that is not in the table does
not split. Everything else here reads that table:

* the evaluators' hot path works on a :data:`HandCode` — the closed tiles packed as ``sum(count_k << 5k)`` — and
  reads :func:`suit_entry` (a suit's splits in global kinds, cached per suit part of the code) through
  :func:`standard_splits`, :func:`code_placements` and :func:`completing_kinds` (with :func:`waits_of_win`, its
  short way for a won hand whose split is known);
* the count-tuple API (:func:`arrangements_of`, :func:`placements_of`, :func:`is_complete`, ``_suit_splits``,
  ``_suit_state``) and the typed one (:func:`arrangements`, :func:`placements`) read the same table.

The caches are bounded: the table is fixed, and a suit part is cached only when it splits. A process that scores
many hands (a batch; a process reading hand text, at the line :data:`scorer.SEED_AFTER_LINES` names; any process
once it has made 4,096 suit entries) takes the whole table and the common suit
entries and suit waits at once from ``arrangements_seed.pickle``, package data that ``python -m
scorer.arrangements_seed`` writes from this code (:func:`seed_tables`; computed when the file is missing).
"""

from __future__ import annotations

import os
from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple, TypeAlias

from scorer.kinds import HONOR, N_KINDS, TERMINAL_HONOR_MASK, TERMINALS_AND_HONORS, Kind, KindMask
from scorer.tiles import Tile

# shapes of a group
SEQ, TRIP, KAN, PAIR = "seq", "trip", "kan", "pair"
# wait shapes
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, KOKUSHI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi"
# forms
STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = "standard", "seven_pairs", "thirteen_orphans"

_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))

# ---- the hand code -----------------------------------------------------------------------------------------------
HandCode: TypeAlias = int
"""A multiset of kinds as one number: ``sum(count_k << 5 * k)``. Five bits a kind hold any count a hand can reach
(18 at most); ``code >> 5 * k & COUNT_MASK`` is the count of kind ``k``; adding a tile of kind ``k`` is adding
``CODE_ONE[k]``. The bits of one suit (``code & SUIT_FIELDS[s]``) are that suit's *part*: the key of its splits."""
SuitCode: TypeAlias = int
"""A suit's part of a hand code shifted down to its first kind (bits 5i..5i+4: the count of the suit's i-th kind)."""

COUNT_MASK = 31
"""The five bits of one kind's count in a hand code (``code >> 5 * k & COUNT_MASK``)."""
CODE_ONE: tuple[HandCode, ...] = tuple(1 << 5 * k for k in range(N_KINDS))
SEQ_CODE: tuple[HandCode, ...] = tuple(CODE_ONE[k] + CODE_ONE[k + 1] + CODE_ONE[k + 2] for k in range(HONOR))
"""The code of the sequence starting at kind ``k`` (k < 27; meaningful where ``k % 9 <= 6``)."""
SUIT_FIELDS: tuple[HandCode, ...] = tuple(sum(COUNT_MASK << 5 * k for k in range(9 * s, min(9 * s + 9, N_KINDS)))
                                          for s in range(4))
"""The bits of each suit (m, p, s, honors) in a hand code."""
OVER_FOUR_ADD: HandCode = sum(11 << 5 * k for k in range(N_KINDS))
OVER_FOUR_TEST: HandCode = sum(16 << 5 * k for k in range(N_KINDS))
"""A code holds more than four of some kind iff ``(code + OVER_FOUR_ADD) & OVER_FOUR_TEST``: a count of five or
more plus 11 reaches 16, a count of four or less does not."""
ODD_OR_FOUR: HandCode = sum(5 << 5 * k for k in range(N_KINDS))
"""The 1 and 4 bits of every count: clear exactly when every count is 0 or 2 (seven different pairs)."""
ODD: HandCode = sum(1 << 5 * k for k in range(N_KINDS))
"""The 1 bit of every count: clear exactly when every count is even (seven pairs, four of a kind as two)."""
RED_SHIFT = 5 * N_KINDS
"""Above the count fields of a hand code: where :data:`TILE_CODE` counts the red fives."""
COUNT_BITS: HandCode = (1 << RED_SHIFT) - 1
"""The count fields of a hand code (``code & COUNT_BITS`` drops what :data:`TILE_CODE` counts above them)."""
TILE_CODE: tuple[HandCode, ...] = tuple(CODE_ONE[order >> 1] + ((order & 1) << RED_SHIFT) if order >> 1 < N_KINDS
                                        else 0 for order in range(2 * (N_KINDS + 8)))
"""By a tile's ``order`` (kind * 2 + red): its part of a hand code, plus one above the count fields when it is a red
five (so one sum over some tiles gives their code and their red fives together: ``code >> RED_SHIFT``); 0 for a
flower."""


def code_of(counts) -> HandCode:
    """The hand code of 34 counts."""
    code = 0
    for k, n in enumerate(counts):
        if n:
            code += n << 5 * k
    return code


# ---- the per-suit table ------------------------------------------------------------------------------------------
LocalSplit: TypeAlias = "tuple[tuple[int, ...], tuple[int, ...], int | None]"
"""One split of one suit in the suit's own kinds 0-8: (sequence starts, triplet kinds, pair kind or None); the
sequences and triplets ascending."""


def _build_table(n_kinds: int, sequences: bool, sets: int, over_four: bool = False) -> dict[SuitCode, tuple]:
    """Every count pattern of one suit that splits into exactly ``sets`` sets and at most one pair (3 x sets or
    3 x sets + 2 tiles): suit code -> (splits, kind mask in the suit's own kinds, 1 when it holds the pair else
    0). The splits of a pattern come in the order of their sorted groups ("pair" < "seq" < "trip", then by kind).

    It walks the multisets of sets in one order (sequences 0-6, then triplets 0-8, never going back), so each
    multiset is met once, and pairs each with no pair or one pair; patterns with more than four of a kind are cut
    off as soon as they appear, unless ``over_four`` (then every pattern is kept: five of a kind is no tile
    a hand can hold, but waits in theory ask whether a fifth copy would complete it)."""
    one = [1 << 5 * i for i in range(n_kinds)]
    over_add = sum(11 << 5 * i for i in range(n_kinds))
    over_test = 0 if over_four else sum(16 << 5 * i for i in range(n_kinds))
    items = [(one[i] + one[i + 1] + one[i + 2], False, i, 7 << i) for i in range(n_kinds - 2)] if sequences else []
    items += [(3 * one[i], True, i, 1 << i) for i in range(n_kinds)]
    pairs = [(2 * one[i], i, 1 << i) for i in range(n_kinds)]
    found: dict[SuitCode, list] = {}
    masks: dict[SuitCode, int] = {}

    def walk(start: int, code: int, seqs: tuple, trips: tuple, depth: int, mask: int) -> None:
        if depth == sets:
            splits = found.get(code)
            if splits is None:
                found[code] = [(seqs, trips, None)]
                masks[code] = mask
            else:
                splits.append((seqs, trips, None))
            for add, kind, bit in pairs:
                c = code + add
                if not (c + over_add) & over_test:
                    splits = found.get(c)
                    if splits is None:
                        found[c] = [(seqs, trips, kind)]
                        masks[c] = mask | bit
                    else:
                        splits.append((seqs, trips, kind))
            return
        for j in range(start, len(items)):
            add, trip, i, bits = items[j]
            c = code + add
            if not (c + over_add) & over_test:
                if trip:
                    walk(j, c, seqs, trips + (i,), depth + 1, mask | bits)
                else:
                    walk(j, c, seqs + (i,), trips, depth + 1, mask | bits)

    walk(0, 0, (), (), 0, 0)   # with no set: the empty suit (it splits one way, into nothing) and the lone pairs
    table = {}
    for code, splits in found.items():
        if len(splits) > 1:   # the order of the sorted (shape, kind) groups, as every caller has always seen it
            # group keys: a pair 0-8, a sequence 16 + start, a triplet 32 + kind (shape first, then kind)
            splits.sort(key=lambda s: (s[2],) * (s[2] is not None) + tuple(16 + i for i in s[0])
                        + tuple(32 + i for i in s[1]))
        table[code] = (tuple(splits), masks[code], 0 if splits[0][2] is None else 1)
    return table


# The per-suit table, by kind of suit (number, honor) and number of sets (0-4), each part built on first use: one
# hand meets a few small parts (a millisecond); the four-set part of a number suit, most of the table, is built
# (about 20 ms) when a suit of 12 or 14 tiles first comes.
_PARTS: tuple[list, list] = ([None] * 5, [None] * 5)
# the same with patterns of more than four of a kind (only the count API asks for them), built when first asked
_OVER_PARTS: tuple[list, list] = ([None] * 5, [None] * 5)
_OVER_ADD = sum(11 << 5 * i for i in range(9))
_OVER_TEST = sum(16 << 5 * i for i in range(9))


def _part(honor: bool, sets: int) -> dict[SuitCode, tuple]:
    table = _PARTS[honor][sets]
    if table is None:
        table = _PARTS[honor][sets] = _build_table(7 if honor else 9, not honor, sets)
    return table


def _lookup(local: SuitCode, honor: bool, tiles: int):
    """The table entry of a suit code of ``tiles`` tiles (None: it does not split)."""
    if tiles % 3 == 1 or tiles > 14:
        return None
    if (local + _OVER_ADD) & _OVER_TEST:   # more than four of a kind
        parts = _OVER_PARTS[honor]
        sets = tiles // 3
        if parts[sets] is None:
            parts[sets] = _build_table(7 if honor else 9, not honor, sets, over_four=True)
        return parts[sets].get(local)
    return _part(honor, tiles // 3).get(local)


# the public name of the per-suit table look-up (MCR's suit records read it): suit code, honor?, tiles -> the entry
# (splits in the suit's own kinds, the mask of its kinds held, 1 when it holds the pair) or None
suit_table_entry = _lookup


def suit_table(honor: bool) -> dict[SuitCode, tuple[tuple[LocalSplit, ...], int, int]]:
    """The whole table of one kind of suit (number or honor): suit code -> (its splits, the mask of the suit's
    kinds held, 1 when it holds the pair else 0); a code that is absent does not split. (Builds every part.)"""
    whole = {}
    for sets in range(5):
        whole.update(_part(honor, sets))
    return whole


def _tiles_in(local: SuitCode) -> int:
    """The tiles of a suit code: the sum of its five-bit counts, which is the code mod 31 (32 = 1 mod 31) for any
    suit of fewer than 31 tiles (a hand holds at most 18)."""
    return local % 31


_SEED_TILES = 11   # the dot and bamboo entries of up to this many tiles are made at once (most hands meet them)
_SEED_WAIT_TILES = 8   # and the suit waits of number suits of up to this many tiles (most waiting suits)
_SEED_AFTER = 4096  # entries made one by one before the common ones are made at once (see _seed_entries)
_seeded: list[bool] = []

SEED_FILE = os.path.join(os.path.dirname(__file__), "arrangements_seed.pickle")
"""The seeded tables as package data: what :func:`_compute_seed` makes (the whole per-suit table, the seeded suit
entries and suit waits), written by ``python -m scorer.arrangements_seed``; the tests hold it equal to what this
code computes."""
_SEED_FORMAT = (1, _SEED_TILES, _SEED_WAIT_TILES)
"""The seed file's format (bump the first number when a :data:`SuitEntry`, a :data:`SuitWaits` or the file's layout
changes) and the seed's extent: a file written for other values is not read (the tables are then computed)."""


def seed_tables() -> None:
    """Make the seeded tables now, if this process has not yet (see :func:`_seed_entries`): a batch of many hands
    calls it before it forks its workers, so that they share the tables instead of each making them."""
    if not _seeded:
        _seed_entries()


def _seed_entries() -> None:
    """The suit entries and suit waits most hands meet, made at once once a process has made _SEED_AFTER entries
    one by one (so one hand scored from the command line does not pay for them, a file of hands does), or when a
    batch asks (:func:`seed_tables`). (Reading them when a process first needs the four-set part of a number
    suit, instead of building that part, made fresh riichi hands cheaper afterwards but a 200-deal AI game about
    5% slower: a short run does not earn the read back.) They are read from :data:`SEED_FILE` (about 40 ms), else computed
    (:func:`_compute_seed`, about 80 ms with the table's parts, which the file holds too). Seeding makes later
    look-ups hit, about 0.8 us a hand, so it pays back only over thousands of hands: 4,096 entries come after
    about 9,000 riichi hands (a file-sized run), while a 200-deal game (about 260 entries) never reaches it."""
    _seeded.append(True)
    state = _read_seed()
    if state is None:
        _compute_seed()
    else:
        _install_seed(state)


def _read_seed(path: str = SEED_FILE) -> dict | None:
    """The seeded tables stored in ``path`` (see :func:`seed_state`), or None when the file is missing, unreadable
    or of another format. Read with the collector paused (some 170,000 tuples, all kept: collecting them while
    they are made only costs time) and by an unpickler that refuses every class: the file holds only dicts,
    lists, tuples, ints and None."""
    import gc
    import pickle

    class TablesOnly(pickle.Unpickler):
        def find_class(self, module, name):
            raise pickle.UnpicklingError(f"{path} names {module}.{name}: a seed file holds plain values only")

    try:
        with open(path, "rb") as f:
            paused = gc.isenabled()
            gc.disable()
            try:
                state = TablesOnly(f).load()
            finally:
                if paused:
                    gc.enable()
    except (OSError, EOFError, ValueError, TypeError, pickle.UnpicklingError):
        return None
    if not isinstance(state, dict) or state.get("format") != _SEED_FORMAT:
        return None
    return state


def seed_state() -> dict:
    """The seeded tables of this process as one value (what :data:`SEED_FILE` stores): the format, the table's
    parts (number, honor; by sets), the suit entries (with the parts among them that do not split), the suit
    waits, and the memo of kinds tuples in global kinds. Objects shared here stay shared in the file."""
    return {"format": _SEED_FORMAT, "parts": ([_part(False, sets) for sets in range(5)],
                                              [_part(True, sets) for sets in range(5)]),
            "entries": dict(_entries), "broken": list(_broken), "suit_waits": dict(_suit_waits),
            "shifted": [dict(memo) for memo in _shifted]}


def _install_seed(state: dict) -> None:
    """Make the stored seeded tables this process's: the table's parts replace those built so far (equal), the
    entries and suit waits join those made so far (the dicts stay the same objects: the hot path binds them)."""
    for honor in (False, True):
        _PARTS[honor][:] = state["parts"][honor]
    known = set(_broken)
    _broken.extend(part for part in state["broken"] if part not in known)
    _entries.update(state["entries"])
    if len(_suit_waits) + len(state["suit_waits"]) >= _SUIT_WAITS_LIMIT:
        _suit_waits.clear()
        _suit_waits[0] = (0, 1, ())
    _suit_waits.update(state["suit_waits"])
    for memo, stored in zip(_shifted, state["shifted"]):
        memo.update(stored)


def _compute_seed() -> None:
    """Make the seeded tables from the per-suit table: every pattern of the characters (their kinds are the
    table's own), every honor pattern, the dot and bamboo patterns of at most _SEED_TILES tiles, and the suits of
    seven pairs and of thirteen orphans; then the suit waits (:func:`_seed_suit_waits`). Seeding never saves work
    in total (about 72 ms, more than making every entry one by one)."""
    for sets in range(5):
        for code, (splits, mask, paired) in _part(False, sets).items():
            _entries[code] = _entry(splits, mask, paired)
        for code in _part(True, sets):
            if code:
                suit_entry(code << 135)
    _entries.pop(0, None)
    for sets in range(_SEED_TILES // 3 + 1):
        for code in _part(False, sets):
            if code and _tiles_in(code) <= _SEED_TILES:
                suit_entry(code << 45)
                suit_entry(code << 90)
    # the suits of seven pairs (two to four pairs in one suit) and of thirteen orphans, most of which split no way
    # (then they are kept with the parts that do not split)
    for s in range(4):
        base = 9 * s
        kinds = range(base, base + (7 if s == 3 else 9))
        for n in (2, 3, 4):
            for pick in combinations(kinds, n):
                suit_entry(sum(2 * CODE_ONE[k] for k in pick))
        orphans = [k for k in _ORPHANS if k in kinds]
        single = sum(CODE_ONE[k] for k in orphans)
        suit_entry(single)
        for k in orphans:
            suit_entry(single + CODE_ONE[k])
    _seed_suit_waits()


def _seed_suit_waits() -> None:
    """The :data:`SuitWaits` of the suit parts most waiting hands hold, made at once from the table (a few ms, with
    :func:`_seed_entries`): every honor part and every number part of at most _SEED_WAIT_TILES tiles that some tile
    completes, and the number parts of sets only of at most _SEED_WAIT_TILES + 1 tiles (which no tile completes). A
    pattern that splits, less one tile of a kind it holds, is completed by that kind — and those are all the
    completions (the table holds every pattern that splits, never one with a fifth copy)."""
    for honor, most in ((False, _SEED_WAIT_TILES), (True, 13)):
        completes: dict[SuitCode, list[int]] = {}
        for sets in range((most + 1) // 3 + 1):
            for full in _part(honor, sets):
                tiles = _tiles_in(full)
                if not 0 < tiles <= most + 1:
                    continue
                if tiles % 3 == 0:   # sets only: no tile completes it
                    completes.setdefault(full, [])
                rest, i = full, 0
                while rest:
                    if rest & COUNT_MASK:
                        completes.setdefault(full - (1 << 5 * i), []).append(i)
                    rest >>= 5
                    i += 1
        for local, kinds in completes.items():
            tiles = _tiles_in(local)
            entry = _lookup(local, honor, tiles)
            state = -1 if entry is None else entry[2]
            need = 0 if (tiles + 1) % 3 == 2 else 1
            kinds.sort()
            for s in ((3,) if honor else range(3)):
                base = 9 * s
                _suit_waits[local << 5 * base] = (state, need, tuple([base + i for i in kinds]))


SuitEntry: TypeAlias = ("tuple[tuple[tuple[tuple[Kind, ...], tuple[Kind, ...], Kind | None], ...], KindMask, int, "
                         "tuple[Kind, ...] | None, tuple[Kind, ...] | None, Kind | None]")
"""What a suit part of a hand code gives: (splits in global kinds, the kind mask of the kinds held, 1 when the
suit holds the pair (3n+2 tiles) else 0, then the only split's sequences, triplets and pair when the suit splits
exactly one way — as most do; the hot path reads them without going into the splits — else None, None, None). A
suit that does not split has no splits."""

class _Cache(dict):
    """A cache dict the garbage collector never untracks. A full collection untracks an exact dict whose items are
    all untracked (as a cache of int keys and int-and-tuple values soon is); the next insert of a fresh tuple tracks
    it again, into the youngest generation, where each young collection then walks every entry (tens of thousands
    once seeded) until it is promoted. A subclass is never untracked: it stays in the oldest generation, walked
    only by full collections."""
    __slots__ = ()


_entries: dict[HandCode, SuitEntry] = _Cache()   # the parts that split (bounded by the table: 3 x 21,743 + 498)
_broken: list[HandCode] = []   # the parts in _entries that do not split, at most _BROKEN_LIMIT
_BROKEN_LIMIT = 1 << 13
_shifted: list[dict[tuple, tuple]] = [{}, {}, {}, {}]   # per suit: a local kinds tuple -> the same in global kinds


def _global(kinds: tuple, s: int) -> tuple:
    memo = _shifted[s]
    out = memo.get(kinds)
    if out is None:
        base = 9 * s
        out = memo[kinds] = tuple(base + i for i in kinds)
    return out


def _entry(splits: tuple, mask: KindMask, paired: int) -> SuitEntry:
    """The :data:`SuitEntry` of a suit's splits (in global kinds), mask and pair flag."""
    if len(splits) == 1:
        seqs, trips, pair = splits[0]
        return splits, mask, paired, seqs, trips, pair
    return splits, mask, paired, None, None, None


def suit_entry(part: HandCode) -> SuitEntry:
    """The :data:`SuitEntry` of one nonzero suit part of a hand code (``code & SUIT_FIELDS[s]``)."""
    entry = _entries.get(part)
    if entry is not None:
        return entry
    s = 0 if part < 1 << 45 else 1 if part < 1 << 90 else 2 if part < 1 << 135 else 3
    base = 9 * s
    local = part >> 5 * base
    tiles = local % 31   # (_tiles_in)
    honor = s == 3
    if tiles % 3 == 1 or tiles > 14 or (local + _OVER_ADD) & _OVER_TEST:
        found = _lookup(local, honor, tiles)
    else:   # (what _lookup reads for a suit that may split, with no kind more than four times)
        found = (_PARTS[honor][tiles // 3] or _part(honor, tiles // 3)).get(local)
    if found is None:   # it does not split: the mask and pair flag are read off the counts
        mask = 0
        held = (local | local >> 1 | local >> 2 | local >> 3 | local >> 4) & _LOW_BITS   # bit 5i: kind i held
        while held:
            low = held & -held
            held ^= low
            mask |= 1 << base + (low.bit_length() - 1) // 5
        entry = (), mask, 1 if tiles % 3 == 2 else 0, None, None, None
        # kept too (the suits of seven pairs and thirteen orphans split no way, and recur), but bounded apart: the
        # parts that do not split are unbounded in kind, so they are counted and dropped when too many
        if len(_broken) >= _BROKEN_LIMIT:
            for key in _broken:
                del _entries[key]
            _broken.clear()
        _broken.append(part)
        _entries[part] = entry
        return entry
    if not _seeded and len(_entries) >= _SEED_AFTER:
        _seed_entries()
    splits, mask, paired = found
    if len(splits) == 1:   # one split, as most suits have (the SuitEntry made here, without _entry)
        seqs, trips, pair = splits[0]
        if s:
            memo = _shifted[s]
            seqs = memo.get(seqs) or _global(seqs, s)
            trips = memo.get(trips) or _global(trips, s)
            if pair is not None:
                pair += base
            splits = ((seqs, trips, pair),)
            mask <<= base
        entry = _entries[part] = (splits, mask, paired, seqs, trips, pair)
        return entry
    if s:
        memo = _shifted[s]
        shifted = []
        for seqs, trips, pair in splits:
            g_seqs = memo.get(seqs) or _global(seqs, s)
            g_trips = memo.get(trips) or _global(trips, s)
            shifted.append((g_seqs, g_trips, None if pair is None else base + pair))
        splits = tuple(shifted)
        mask <<= base
    entry = _entries[part] = _entry(splits, mask, paired)
    return entry


def _joined(combo) -> tuple:
    """One split of the whole hand from one split of each suit."""
    seqs = trips = ()
    pair = None
    for sq, tr, pr in combo:
        seqs += sq
        trips += tr
        if pr is not None:
            pair = pr
    return seqs, trips, pair


def standard_splits(code: HandCode) -> tuple[list, KindMask]:
    """(splits, mask): every (seqs, trips, pair) of closed tiles given as a hand code — sets and exactly one pair,
    in global kinds, seqs and trips ascending — (empty if there is none) and the kind mask of the kinds held."""
    mask = pairs = 0
    seqs = trips = ()
    pair = None
    splits_all = one_way = True   # every suit splits; every suit splits one way (the common case, joined here)
    for field in SUIT_FIELDS:
        part = code & field
        if part:
            splits, bits, paired, sq, tr, pr = _entries.get(part) or suit_entry(part)
            mask |= bits
            pairs += paired
            if sq is not None:   # it splits one way, as most suits do
                if one_way:
                    seqs += sq
                    trips += tr
                    if paired:
                        pair = pr
            elif splits:
                one_way = False
            else:
                splits_all = False
    if pairs != 1 or not splits_all:   # exactly one suit holds the pair, and every suit splits
        return [], mask
    if one_way:
        return [(seqs, trips, pair)], mask
    parts = [_entries[code & field][0] for field in SUIT_FIELDS if code & field]
    return [_joined(combo) for combo in product(*parts)], mask


RawPlacement: TypeAlias = "tuple[str, tuple[Kind, ...], tuple[Kind, ...], Kind | None, str]"
"""(form, closed sequence starts, closed triplet kinds, pair kind or None, wait shape) — the hot path's
:class:`Placement` of the closed tiles alone (declared melds are the caller's)."""


def seq_wait(start: Kind, win: Kind) -> str:
    """The wait of a sequence starting at kind ``start`` completed by the winning kind ``win``: the middle tile is
    kanchan; an end tile is ryanmen, except 3 completing 123 or 7 completing 789 (the other side is off the suit),
    which is penchan."""
    pos = win - start
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if start % 9 == 6 else RYANMEN
    return PENCHAN if start % 9 == 0 else RYANMEN


_SEQ_WAITS: tuple[tuple[str, str, str], ...] = tuple((seq_wait(k, k), seq_wait(k, k + 1), seq_wait(k, k + 2))
                                                     for k in range(HONOR))
"""By sequence start: the wait when the winning kind is its first, middle or last tile."""
_SEQS_AROUND: tuple[tuple[tuple[Kind, str], ...], ...] = tuple(
    tuple((s, _SEQ_WAITS[s][k - s]) for s in range(max(k - 2, 0), k + 1)
          if s < HONOR and s % 9 <= 6 and s // 9 == k // 9) for k in range(N_KINDS))
"""By winning kind: (start, wait) of each sequence that holds it, ascending by start."""


def code_placements(code: HandCode, win: Kind, n_melds: int,
                    four_as_two_pairs: bool = False) -> tuple[list[RawPlacement], KindMask]:
    """Every placement of closed tiles that hold ``14 - 3 * n_melds`` tiles, the winning kind ``win`` included, and
    the kind mask of the kinds held. Per standard split (:func:`standard_splits`): the pair (tanki), then a triplet
    (shanpon), then each distinct sequence holding the winning kind; then seven pairs (seven different pairs, or
    with ``four_as_two_pairs`` any even counts) and thirteen orphans, only without melds."""
    placements = []
    # the splits, as standard_splits gives them: the hand's one split is joined here when every suit splits one
    # way (as most do); otherwise standard_splits joins them. The four suits are read in turn (m, p, s, honors).
    get = _entries.get
    mask = pairs = 0
    seqs = trips = ()
    pair = None
    one_way = True
    part = code & _F_MAN
    if part:
        splits, mask, pairs, seqs, trips, pair = get(part) or suit_entry(part)
        if seqs is None:   # several splits, or none
            one_way = False
            if not splits:
                pairs = -4   # a suit that does not split: no standard placement
    for field in _F_PIN_SOU_HONOR:
        part = code & field
        if part:
            splits, bits, paired, sq, tr, pr = get(part) or suit_entry(part)
            mask |= bits
            pairs += paired
            if sq is not None:   # it splits one way, as most suits do
                if one_way:
                    seqs += sq
                    trips += tr
                    if paired:
                        pair = pr
            elif splits:
                one_way = False
            else:   # a suit that does not split: no standard placement
                pairs = -4
    if pairs != 1:   # exactly one suit holds the pair, and every suit splits (else pairs < 0)
        splits = ()
    elif one_way:
        splits = ((seqs, trips, pair),)
    else:
        splits, _ = standard_splits(code)
    around = _SEQS_AROUND[win]
    for seqs, trips, pair in splits:
        if pair == win:
            placements.append((STANDARD, seqs, trips, pair, TANKI))
        if win in trips:
            placements.append((STANDARD, seqs, trips, pair, SHANPON))
        if seqs:   # each distinct sequence holding the winning kind, ascending (two alike: the tile sits the same)
            for s, wait in around:
                if s in seqs:
                    placements.append((STANDARD, seqs, trips, pair, wait))
    if not n_melds:
        if not code & (ODD if four_as_two_pairs else ODD_OR_FOUR):
            placements.append((SEVEN_PAIRS, (), (), None, TANKI))
        elif mask == TERMINAL_HONOR_MASK:   # every terminal and honor and nothing else, so one of them twice
            placements.append((THIRTEEN_ORPHANS, (), (), None, KOKUSHI))
    return placements, mask


_NOT_ORPHAN_FIELDS: HandCode = sum(COUNT_MASK << 5 * k for k in range(N_KINDS) if k not in TERMINALS_AND_HONORS)
_SUIT_BITS = (1 << 45) - 1   # the 45 bits of one number suit's counts
_LOW_BITS = sum(1 << 5 * i for i in range(9))   # the lowest bit of each of a suit code's nine counts


def _near(local: SuitCode, honor: bool) -> SuitCode:
    """Bit 5i set: the suit's i-th kind could complete it (held, or, in a numbered suit, within two of a held
    number); the only kinds worth trying as a winning tile."""
    near = (local | local >> 1 | local >> 2) & _LOW_BITS
    if not honor:
        near = (near | near << 5 | near << 10 | near >> 5 | near >> 10) & _LOW_BITS
    return near


SuitWaits: TypeAlias = "tuple[int, int, tuple[Kind, ...]]"
"""What one suit part of a hand code says about the waits: (state, need, kinds). ``state`` is 0 when the suit is
empty or splits into sets only, 1 when it splits into sets and the pair, -1 when it does not split. ``kinds`` are
the suit's kinds (global, ascending) one more copy of which makes it split — never a kind it holds four of, so
that no fifth copy is asked — and ``need`` is how many pairs the other suits must then hold for the whole hand to
have exactly one (0 when the completed suit holds the pair: 3n+2 tiles; 1 when it is sets only)."""

_suit_waits: dict[HandCode, SuitWaits] = _Cache({0: (0, 1, ())})   # by suit part (bounded: cleared when full)
_SUIT_WAITS_LIMIT = 1 << 16


def _candidates(honor: bool, held: SuitCode) -> tuple[tuple[SuitCode, int], ...]:
    """The kinds one more copy of which could make a suit code split, by the kinds it holds (``held``: bit 5i set
    for its i-th kind), as (that tile in a suit code, i), ascending. The tile that completes a suit sits in a group
    of the split: a pair or triplet of its kind (the suit holds one), or a sequence whose two other tiles the suit
    holds (the kinds on both sides of it, or the two below, or the two above); honors form no sequences. Kept in
    :data:`_CANDIDATES`."""
    if honor:
        near = held
    else:
        up, down = held >> 5, held << 5   # bit 5i: kind i + 1 held; kind i - 1 held
        near = (held | up & (down | held >> 10) | down & held << 10) & _LOW_BITS
    found = _CANDIDATES[honor][held] = tuple((1 << 5 * i, i) for i in range(9) if near >> 5 * i & 1)
    return found


_CANDIDATES: tuple[dict[SuitCode, tuple[tuple[SuitCode, int], ...]], dict] = ({}, {})
"""For the number suits and the honors, by the kinds a suit code holds: :func:`_candidates` (at most 512 and 128
entries)."""


def _suit_waits_of(part: HandCode) -> SuitWaits:
    """The :data:`SuitWaits` of one suit part of a hand code that holds no kind more than four times (read from
    the per-suit table: the suit as it is, and each kind next to (numbers) or on (honors) a kind it holds)."""
    s = 0 if part < 1 << 45 else 1 if part < 1 << 90 else 2 if part < 1 << 135 else 3
    local = part >> 45 * s
    honor = s == 3
    tiles = local % 31
    parts = _PARTS[honor]   # the table by number of sets (_part builds a missing one)
    if tiles % 3 == 1 or tiles > 14:
        state = -1
    else:
        entry = (parts[tiles // 3] or _part(honor, tiles // 3)).get(local)
        state = -1 if entry is None else entry[2]
    after = tiles + 1   # the suit's tiles with the one that completes it
    kinds = []
    if after % 3 != 1 and after <= 14:
        table = parts[after // 3] or _part(honor, after // 3)
        # the candidates (_CANDIDATES) less the kinds held four times (no fifth copy: a count of four is the only
        # one with its 4 bit set, counts being at most four here)
        held = (local | local >> 1 | local >> 2) & _LOW_BITS   # bit 5i: the i-th kind held
        candidates = _CANDIDATES[honor].get(held) or _candidates(honor, held)
        fours = local >> 2 & _LOW_BITS
        if fours:
            candidates = [(low, i) for low, i in candidates if not low & fours]
        base = 9 * s
        for low, i in candidates:
            if local + low in table:
                kinds.append(base + i)
    if len(_suit_waits) >= _SUIT_WAITS_LIMIT:
        _suit_waits.clear()
        _suit_waits[0] = (0, 1, ())
    found = _suit_waits[part] = (state, 0 if after % 3 == 2 else 1, tuple(kinds))
    return found


def suit_waits(part: HandCode) -> SuitWaits:
    """The :data:`SuitWaits` of one suit part of a hand code (``code & SUIT_FIELDS[s]``) that holds no kind more
    than four times, cached: for an evaluator that asks about one suit (MCR's unique-wait test)."""
    return _suit_waits.get(part) or _suit_waits_of(part)


_F_MAN, _F_PIN, _F_SOU, _F_HONOR = SUIT_FIELDS
_F_PIN_SOU_HONOR = SUIT_FIELDS[1:]


def completing_kinds(code: HandCode, n_tiles: int, n_melds: int, four_as_two_pairs: bool = False) -> list[Kind]:
    """The kinds that complete ``n_tiles`` (3n+1) closed tiles given as a hand code, with ``n_melds`` declared
    melds, ascending: the waits. A kind the tiles hold four of is no wait (there is no fifth). Seven pairs and
    thirteen orphans count only for 13 closed tiles and no meld.

    Read from the per-suit tables: a kind completes the standard form when its suit then splits, every other suit
    splits, and there is exactly one pair in all — so at most the one suit that does not split now can take the
    tile, and only next to (numbers) or on (honors) a kind it holds (each suit part's :data:`SuitWaits`, cached).
    Seven pairs wait on their one single (with ``four_as_two_pairs`` a third tile of a kind too); thirteen orphans
    on the missing kind, or on all thirteen."""
    if (code + OVER_FOUR_ADD) & OVER_FOUR_TEST:   # beyond four of a kind (a question in theory): the general way
        found = _completing_over_four(code)
    else:
        get = _suit_waits.get
        part = code & _F_MAN
        m = get(part) or _suit_waits_of(part)
        part = code & _F_PIN
        p = get(part) or _suit_waits_of(part)
        part = code & _F_SOU
        s = get(part) or _suit_waits_of(part)
        part = code & _F_HONOR
        z = get(part) or _suit_waits_of(part)
        sm, sp, ss, sz = m[0], p[0], s[0], z[0]
        states = sm + sp + ss + sz   # the pairs held, less one per suit that does not split
        found = []
        if sm < 0 or sp < 0 or ss < 0 or sz < 0:
            # the one suit that does not split must take the tile (two that do not split: no wait)
            if (sm < 0) + (sp < 0) + (ss < 0) + (sz < 0) == 1:
                w = m if sm < 0 else p if sp < 0 else s if ss < 0 else z
                if states + 1 == w[1]:   # the pairs of the other suits
                    found = list(w[2])
        else:
            for w in (m, p, s, z):
                if w[2] and states - w[0] == w[1]:
                    found += w[2]
    if not n_melds and n_tiles == 13:
        _add_special_waits(code, found, four_as_two_pairs)
    return found


def _add_special_waits(code: HandCode, found: list[Kind], four_as_two_pairs: bool) -> None:
    """Adds to ``found`` (the standard form's waits of 13 closed tiles and no meld, ascending; a new list) the
    waits of seven pairs (the one single; with ``four_as_two_pairs`` a third tile of a kind too) and of thirteen
    orphans (the missing kind, or all thirteen), keeping it ascending."""
    extra = []
    odd = code & ODD
    if odd and not odd & (odd - 1):   # one kind held an odd number of times: the single of seven pairs
        k = (odd.bit_length() - 1) // 5
        pairs_only = ODD if four_as_two_pairs else ODD_OR_FOUR
        if code >> 5 * k & COUNT_MASK < 4 and not (code + CODE_ONE[k]) & pairs_only:
            extra.append(k)
    if not code & _NOT_ORPHAN_FIELDS:
        missing = [k for k in _ORPHANS if not code >> 5 * k & COUNT_MASK]
        if len(missing) <= 1:
            extra.extend(missing or _ORPHANS)
    if extra:   # one kind or a few, each added unless the standard form has it already
        for k in extra:
            if k not in found:
                found.append(k)
        found.sort()


def special_waits(code: HandCode, four_as_two_pairs: bool = False) -> list[Kind]:
    """The waits of seven pairs and thirteen orphans alone (what :func:`completing_kinds` adds to the standard
    form's) of 13 closed tiles and no meld given as a hand code, ascending: for an evaluator that knows the
    standard form has none (two suits that split no way, with any tile)."""
    found: list[Kind] = []
    _add_special_waits(code, found, four_as_two_pairs)
    return found


_SUIT_OF_KIND = tuple(min(k // 9, 3) for k in range(N_KINDS))


def waits_of_win(code: HandCode, win: Kind, pair: Kind, n_melds: int, four_as_two_pairs: bool = False
                 ) -> list[Kind]:
    """:func:`completing_kinds` (with its ``four_as_two_pairs``: riichi's seven pairs by default, MCR's with True)
    of the concealed tiles of a won hand whose tiles with the winning kind ``win`` split into sets and a pair of
    kind ``pair`` — what the evaluator learnt — read from at most two suits' :data:`SuitWaits` instead of four:
    only the winning tile's suit and the pair's can take a tile, for every other suit is sets only.

    When the winning tile's suit held the pair, it alone can take one (its tiles less one are 3n+1). Otherwise it
    takes one when that makes it sets only (the pair's suit keeps the pair), and the pair's suit takes one (the
    pair becoming part of sets) only when the winning suit, less the tile, splits with a pair of its own.
    ``code`` holds no kind more than four times (a hand the evaluator scored)."""
    s_win = _SUIT_OF_KIND[win]
    part = code & SUIT_FIELDS[s_win]
    waits = _suit_waits.get(part) or _suit_waits_of(part)
    s_pair = _SUIT_OF_KIND[pair]
    if s_pair != s_win and waits[0] == 1:   # the winning suit less its tile splits with a pair
        part = code & SUIT_FIELDS[s_pair]
        other = (_suit_waits.get(part) or _suit_waits_of(part))[2]
        found = list(other + waits[2] if s_pair < s_win else waits[2] + other)
    else:
        found = list(waits[2])
    if not n_melds:
        odd = code & ODD   # seven pairs wait on one single; thirteen orphans hold only terminals and honors
        if odd and not odd & (odd - 1) or not code & _NOT_ORPHAN_FIELDS:
            _add_special_waits(code, found, four_as_two_pairs)
    return found


def _completing_over_four(code: HandCode) -> list[Kind]:
    """The standard-form waits of a hand code that holds more than four of some kind (not cached: no hand holds
    one; the table's over-four part answers)."""
    suits = (code & _SUIT_BITS, code >> 45 & _SUIT_BITS, code >> 90 & _SUIT_BITS, code >> 135)
    state = []   # per suit: 0 empty or sets only, 1 sets and the pair, -1 does not split
    for s, local in enumerate(suits):
        if local:
            entry = _lookup(local, s == 3, local % 31)
            state.append(-1 if entry is None else entry[2])
        else:
            state.append(0)
    found = []
    broken = [s for s in range(4) if state[s] < 0]
    if len(broken) <= 1:
        for s in broken or range(4):
            pairs = sum(state) - state[s]
            if pairs > 1:
                continue
            local = suits[s]
            honor = s == 3
            tiles = local % 31 + 1   # with the tile that completes it
            if tiles % 3 == 1 or tiles > 14:
                continue
            near = _near(local, honor)
            while near:
                low = near & -near
                near ^= low
                shift = low.bit_length() - 1
                if local >> shift & COUNT_MASK < 4:   # no fifth copy
                    entry = _lookup(local + low, honor, tiles)
                    if entry is not None and entry[2] + pairs == 1:
                        found.append(9 * s + shift // 5)
    return found


# ---- the count-tuple API -----------------------------------------------------------------------------------------
class Group(NamedTuple):
    """One set or pair of an arrangement. ``kind`` is the lowest kind; ``meld`` is the declared meld's index."""

    shape: str
    kind: int
    concealed: bool
    meld: int | None = None

    @property
    def tile(self) -> Tile:
        return Tile(self.kind)

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == SEQ:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,)

    @property
    def is_triplet(self) -> bool:
        return self.shape == TRIP or self.shape == KAN


class Arrangement(NamedTuple):
    form: str
    groups: tuple[Group, ...]   # standard: sets then the pair; seven pairs: 7 pairs; thirteen orphans: ()

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.shape != PAIR)

    @property
    def pair(self) -> Group | None:
        if self.form != STANDARD:
            return None
        return self.groups[-1]


class Placement(NamedTuple):
    """An arrangement with the group the winning tile completed (index into ``groups``; -1 for kokushi)."""

    arrangement: Arrangement
    index: int
    wait: str

    @property
    def group(self) -> Group | None:
        return self.arrangement.groups[self.index] if self.index >= 0 else None


@lru_cache(maxsize=1 << 15)
def _suit_splits(counts: tuple[int, ...], honor: bool) -> tuple[tuple[bool, tuple[tuple[str, int], ...]], ...]:
    """Every way to split one suit's counts fully into sets and at most one pair: (has_pair, groups), the groups
    sorted as (shape, kind in the suit) pairs. Read from the per-suit table."""
    found = _lookup(code_of(counts), honor, sum(counts))
    if found is None:
        return ()
    return tuple((pair is not None,
                  ((PAIR, pair),) * (pair is not None) + tuple((SEQ, i) for i in seqs)
                  + tuple((TRIP, i) for i in trips))
                 for seqs, trips, pair in found[0])


def _suit_state(counts: tuple[int, ...], honor: bool) -> int:
    """Bit 1: the suit splits into sets only (an empty suit too); bit 2: into sets and one pair."""
    found = _lookup(code_of(counts), honor, sum(counts))
    if found is None:
        return 0
    return 2 if found[2] else 1


def _suits(counts) -> tuple[tuple[int, ...], ...]:
    return (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))


def is_standard_complete(counts) -> bool:
    """Do the closed counts (3n+2 tiles) split into sets and exactly one pair? (Five of a kind is no physical
    tile, but the question has an answer: it may split, as a triplet and a pair.)"""
    pairs = 0
    code = code_of(counts)
    for field in SUIT_FIELDS:
        part = code & field
        if part:
            splits, _, paired, _, _, _ = _entries.get(part) or suit_entry(part)
            if not splits:
                return False
            pairs += paired
    return pairs == 1


def is_seven_pairs(counts, four_as_two_pairs: bool = False) -> bool:
    """Seven pairs: 14 tiles in pairs. Riichi wants seven different pairs; MCR lets four of a kind count as two
    (``four_as_two_pairs``)."""
    if four_as_two_pairs:
        return sum(counts) == 14 and all(n % 2 == 0 for n in counts)
    return sum(counts) == 14 and all(n == 0 or n == 2 for n in counts)


def is_thirteen_orphans(counts) -> bool:
    return sum(counts) == 14 and all(counts[k] >= 1 for k in _ORPHANS) and \
        sum(counts[k] for k in _ORPHANS) == 14


def is_complete(counts, melds: int = 0, four_as_two_pairs: bool = False) -> bool:
    """Any complete form: standard always; seven pairs and thirteen orphans only without melds."""
    if is_standard_complete(counts):
        return True
    return melds == 0 and (is_seven_pairs(counts, four_as_two_pairs) or is_thirteen_orphans(counts))


def arrangements_of(counts, meld_groups: tuple[Group, ...] = ()) -> list[Arrangement]:
    """Every arrangement of the closed counts (which include the winning tile) plus the declared meld groups."""
    result: list[Arrangement] = []
    per_suit = []
    for s, suit in enumerate(_suits(counts)):
        if sum(suit) == 0:
            per_suit.append(((False, ()),))
            continue
        splits = _suit_splits(suit, s == 3)
        if not splits:
            per_suit = None
            break
        per_suit.append(splits)
    if per_suit is not None:
        for combo in product(*per_suit):
            if sum(1 for has_pair, _ in combo if has_pair) != 1:
                continue
            sets: list[Group] = []
            pair = None
            for s, (_, groups) in enumerate(combo):
                base = s * 9
                for shape, i in groups:
                    g = Group(shape, base + i, True)
                    if shape == PAIR:
                        pair = g
                    else:
                        sets.append(g)
            result.append(Arrangement(STANDARD, tuple(sets) + meld_groups + (pair,)))
    if not meld_groups:
        if is_seven_pairs(counts, four_as_two_pairs=True):   # the shape; riichi's evaluator wants 7 kinds
            pairs: list[Group] = []
            for k, n in enumerate(counts):
                pairs.extend([Group(PAIR, k, True)] * (n // 2))
            result.append(Arrangement(SEVEN_PAIRS, tuple(pairs)))
        if is_thirteen_orphans(counts):
            result.append(Arrangement(THIRTEEN_ORPHANS, ()))
    return result


def meld_groups(melds) -> tuple[Group, ...]:
    """Groups for declared melds, in order; a closed kan is concealed, every other meld is not."""
    out = []
    for i, m in enumerate(melds):
        shape = SEQ if m.is_sequence else (KAN if m.is_kan else TRIP)
        out.append(Group(shape, m.kind, not m.is_open, i))
    return tuple(out)


def wait_of(group: Group, win: int) -> str:
    """The wait shape implied by completing ``group`` with the winning kind ``win``."""
    if group.shape == PAIR:
        return TANKI
    if group.shape == TRIP:
        return SHANPON
    return seq_wait(group.kind, win)


def placements_of(counts, win: int, meld_groups_: tuple[Group, ...] = ()) -> list[Placement]:
    """Every arrangement with every distinct place the winning kind can sit in a concealed group."""
    out: list[Placement] = []
    for arr in arrangements_of(counts, meld_groups_):
        if arr.form == THIRTEEN_ORPHANS:
            out.append(Placement(arr, -1, KOKUSHI))
            continue
        seen = set()
        for i, g in enumerate(arr.groups):
            if g.meld is not None or win not in g.kinds:
                continue
            key = (g.shape, g.kind)
            if key in seen:
                continue
            seen.add(key)
            out.append(Placement(arr, i, wait_of(g, win)))
    return out


def hand_counts(hand) -> list[int]:
    return hand.closed_counts()


def arrangements(hand) -> list[Arrangement]:
    """Every arrangement of a complete hand (declared melds included)."""
    return arrangements_of(hand.closed_counts(), meld_groups(hand.melds))


def placements(hand) -> list[Placement]:
    """Every arrangement of a complete hand with every place its winning tile can sit."""
    return placements_of(hand.closed_counts(), hand.winning_tile.kind, meld_groups(hand.melds))


def suit_code_complete(local: SuitCode, honor: bool) -> bool:
    """Does one suit's code (5 bits a kind, its kind 0 lowest) split into sets and at most one pair? Read from the
    per-suit table. A count over four (no tile a hand can hold) is never complete here, and builds nothing."""
    if (local + _OVER_ADD) & _OVER_TEST:
        return False
    return _lookup(local, honor, _tiles_in(local)) is not None
