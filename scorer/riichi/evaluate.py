"""Riichi evaluation: from a :class:`~scorer.hand.Hand` to a :class:`RiichiResult` — the last stage before rendering.

The closed tiles are split into sets and a pair suit by suit (each suit's splits depend only on its nine counts,
so they are computed once and cached), combined, and every place the winning tile can sit gives a placement.
Each placement is read once into the :class:`~.yaku.Ctx` that the yaku table and the fu count read. The
placement that pays most wins (then a real yakuman over counted han, then more han, then more fu). A hand that
does not win is not an error: the result says why ("not complete", "no yaku") with the shanten and the waits;
a hand that cannot exist (a fifth tile of a kind) raises :class:`~scorer.errors.ImpossibleHandError`.

Dora never supply the yaku: they are added only to a hand that already has one, and never to a yakuman.
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from scorer.arrangements import (KANCHAN, KOKUSHI, PAIR, PENCHAN, RYANMEN, SEQ, SEVEN_PAIRS, SHANPON, STANDARD,
                                 TANKI, THIRTEEN_ORPHANS, TRIP, _suit_splits)
from scorer.errors import ImpossibleHandError
from scorer.melds import MeldType
from scorer.riichi.fu import FuItem, count_fu
from scorer.riichi.points import Payment, base_points, payments
from scorer.riichi.presets import find_preset
from scorer.riichi.yaku import Ctx, find_yaku
from scorer.tiles import Tile

_TH = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_TERM = frozenset((0, 8, 9, 17, 18, 26))
_TH_SEQ = frozenset(k for k in range(27) if k % 9 in (0, 6))   # sequences 123 and 789
# dora successor of each kind (four-player; the three-player 1m -> 9m is applied in _dora_counts)
_NEXT = tuple((k - k % 9 + (k % 9 + 1) % 9) if k < 27 else (27 + (k - 26) % 4) if k <= 30 else (31 + (k - 30) % 3)
              for k in range(34))
_BIT = tuple(1 << k for k in range(34))
# a suit's counts are also kept as one number, sum(count_i * 5**i), the key of the per-suit cache
_SUIT_OF = tuple(k // 9 for k in range(34))
_POW5 = tuple(5 ** (k % 9 if k < 27 else k - 27) for k in range(34))


class YakuItem(NamedTuple):
    """One yaku as scored: ``han`` is what it is worth in this hand (13 per yakuman multiple)."""

    id: str
    name: str
    kanji: str
    han: int
    yakuman: int = 0

    def to_dict(self) -> dict:
        return {"name": self.name, "kanji": self.kanji, "han": self.han}


class RiichiResult(NamedTuple):
    """The value of one riichi hand (immutable). ``win`` False comes with a ``reason`` ("not complete" /
    "no yaku"), the shanten and the waits. ``points`` is the hand's value to the winner before honba and
    deposits; ``payments`` say who pays what (honba included); ``total_gain`` adds the deposits."""

    hand: object
    preset: str
    win: bool
    reason: str | None = None
    yaku: tuple[YakuItem, ...] = ()
    dora: int = 0
    red: int = 0
    ura: int = 0
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    limit: str | None = None
    fu_items: tuple[FuItem, ...] = ()
    points: int = 0
    payments: tuple[Payment, ...] = ()
    total_gain: int = 0
    shanten: int = -1

    @property
    def rules(self) -> str:
        return "riichi"

    @property
    def waits(self) -> tuple[Tile, ...]:
        """The kinds the hand without its winning tile waits on (empty when it is not tenpai)."""
        from scorer.waits import waits_counts
        concealed = self.hand.concealed
        if len(concealed) % 3 != 1:
            return ()
        c = [0] * 34
        for t in concealed:
            if t.kind < 34:
                c[t.kind] += 1
        return tuple(Tile(k) for k in waits_counts(c, len(self.hand.melds)))

    @property
    def notation(self) -> str | None:
        """The hand in canonical notation (None when the grammar cannot print it)."""
        try:
            return self.hand.notation()
        except Exception:  # the grammar may be absent; the result stands without its notation
            return None

    def to_dict(self) -> dict:
        return {
            "rules": "riichi",
            "preset": self.preset,
            "hand": self.notation,
            "win": self.win,
            "reason": self.reason,
            "yaku": [y.to_dict() for y in self.yaku],
            "dora": {"dora": self.dora, "red": self.red, "ura": self.ura},
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "fu_breakdown": [f.to_dict() for f in self.fu_items],
            "points": self.points,
            "payments": [p.to_dict() for p in self.payments],
            "total_gain": self.total_gain,
            "shanten": self.shanten,
            "waits": [str(t) for t in self.waits],
        }


_new = tuple.__new__   # builds a NamedTuple from a full tuple without the keyword-handling __new__
_items: dict = {}


def _yaku_items(closed: bool, double_yakuman: bool) -> dict:
    """The scored item of every yaku for a closed or open hand and a double-yakuman rule (values, made once)."""
    key = (closed, double_yakuman)
    table = _items.get(key)
    if table is None:
        from scorer.riichi.yaku import YAKU
        table = {}
        for y in YAKU:
            if y.yakuman:
                m = y.multiplier(double_yakuman)
                table[y.id] = YakuItem(y.id, y.name, y.kanji, 13 * m, m)
            elif closed or y.han_open is not None:
                table[y.id] = YakuItem(y.id, y.name, y.kanji, y.han_closed if closed else y.han_open)
        _items[key] = table
    return table


# ---- closed tiles into sets and a pair ---------------------------------------------------------------------------
_suit_cache: dict = {}


def _suit_table(code: int, s: int):
    """(splits, kinds): every split of one suit into sets and at most one pair, as (has_pair, seqs, trips, pair)
    in global kinds, and the bit mask of the kinds present; cached by the suit's count code (the per-suit work is
    shared by every hand)."""
    key = code * 4 + s
    entry = _suit_cache.get(key)
    if entry is None:
        size = 7 if s == 3 else 9
        counts = tuple((code // 5 ** i) % 5 for i in range(size))
        base = 9 * s
        table = tuple(
            (has_pair,
             tuple(base + i for shape, i in groups if shape == SEQ),
             tuple(base + i for shape, i in groups if shape == TRIP),
             next((base + i for shape, i in groups if shape == PAIR), None))
            for has_pair, groups in _suit_splits(counts, s == 3))
        mask = 0
        for i, n in enumerate(counts):
            if n:
                mask |= 1 << (base + i)
        entry = _suit_cache[key] = (table, mask)
    return entry


def _standard_splits(codes):
    """(splits, mask): every (closed seqs, closed trips, pair) of the closed tiles given as per-suit codes (empty
    if they are not sets and one pair), and the bit mask of the kinds present."""
    parts = []
    mask = 0
    for s in range(4):
        code = codes[s]
        if code:
            table, bits = _suit_table(code, s)
            mask |= bits
            parts.append(table)
    for table in parts:
        if not table:
            return (), mask
    return _combine(parts), mask


def _combine(parts):
    if len(parts) == 1:
        return [(sq, tr, pr) for hp, sq, tr, pr in parts[0] if hp]
    # the common case: each suit splits one way
    pair = None
    n_pairs = 0
    seqs = trips = ()
    for table in parts:
        if len(table) != 1:
            break
        hp, sq, tr, pr = table[0]
        if hp:
            n_pairs += 1
            pair = pr
        seqs += sq
        trips += tr
    else:
        return [(seqs, trips, pair)] if n_pairs == 1 else ()
    out = []
    for combo in product(*parts):
        pair = None
        n_pairs = 0
        seqs: tuple = ()
        trips: tuple = ()
        for hp, sq, tr, pr in combo:
            if hp:
                n_pairs += 1
                pair = pr
            seqs += sq
            trips += tr
        if n_pairs == 1:
            out.append((seqs, trips, pair))
    return out


def _wait_of_seq(start: int, win: int) -> str:
    pos = win - start
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if start % 9 == 6 else RYANMEN
    return PENCHAN if start % 9 == 0 else RYANMEN


def _dora_counts(all_counts, red_tiles: int, sit, opts, nuki: int) -> tuple[int, int, int]:
    """Dora (kan dora included: one per indicator), red fives, ura dora (riichi only); nuki in three-player."""
    three = opts.three_player
    dora = 0
    north = 0
    for t in sit.dora:
        k = 8 if three and t.kind == 0 else _NEXT[t.kind]   # sanma has no 2m-8m: the 1m indicator means 9m
        dora += all_counts[k]
        north += k == 30
    if nuki:
        dora += nuki * (1 + north)   # each North set aside is a dora, and a dora again if North is
    red = red_tiles if opts.red_fives else 0
    ura = 0
    if (sit.riichi or sit.double_riichi) and opts.ura_dora and sit.ura:
        north = 0
        for t in sit.ura:
            k = 8 if three and t.kind == 0 else _NEXT[t.kind]
            ura += all_counts[k]
            north += k == 30
        ura += nuki * north
    return dora, red, ura


def _describe(hand) -> str:
    try:
        return repr(hand.notation())
    except Exception:  # no grammar: name the tiles plainly
        return " ".join(str(t) for t in hand.concealed) + f" +{hand.winning_tile}"


def _not_winning(hand, preset_name, reason, counts, n_melds, complete=False) -> RiichiResult:
    if complete:
        return RiichiResult(hand, preset_name, False, reason, shanten=-1)
    from scorer.waits import shanten_counts
    return RiichiResult(hand, preset_name, False, reason, shanten=shanten_counts(counts, n_melds))


def evaluate(hand, preset=None, *, nuki: int | None = None) -> RiichiResult:
    """Score ``hand`` under the riichi preset named ``preset`` (default: the hand's own, else ``standard``).

    ``preset`` may also be a :class:`~.presets.RiichiPreset`. ``nuki`` (three-player presets only): North tiles
    set aside as nuki dora; by default the hand's flowers (``flowers`` or ``flower_count``) are read as such.
    """
    p = find_preset(preset if preset is not None else hand.preset)
    opts = p.options
    sit = hand.situation
    melds = hand.melds
    n_melds = len(melds)
    concealed = hand.concealed
    win = hand.winning_tile

    # the closed tiles: counts, per-suit codes, red fives
    counts = [0] * 34
    codes = [0, 0, 0, 0]
    red_tiles = 0
    for t in concealed:
        k = t.kind
        counts[k] += 1
        codes[_SUIT_OF[k]] += _POW5[k]
        if t.red:
            red_tiles += 1
    if win is None or len(concealed) + 1 + 3 * n_melds != 14:
        return _not_winning(hand, p.name, "not complete", counts, n_melds)
    w = win.kind
    concealed_counts = counts[:]
    counts[w] += 1
    if max(counts) > 4:
        raise ImpossibleHandError(f"more than four of a kind in {_describe(hand)}")
    codes[_SUIT_OF[w]] += _POW5[w]
    if win.red:
        red_tiles += 1

    # the arrangements of the closed tiles, each with every place the winning tile can sit:
    # (form, closed seqs, closed trips, pair, wait, kind of a triplet completed by ron or None)
    tsumo = sit.tsumo
    placements = []
    splits, mask = _standard_splits(codes)
    for seqs, trips, pair in splits:
        if pair == w:
            placements.append((STANDARD, seqs, trips, pair, TANKI, None))
        if w in trips:
            placements.append((STANDARD, seqs, trips, pair, SHANPON, None if tsumo else w))
        seen = ()
        for s in seqs:
            if s <= w <= s + 2 and s not in seen:
                seen += (s,)
                placements.append((STANDARD, seqs, trips, pair, _wait_of_seq(s, w), None))
    if not n_melds:
        if counts.count(2) == 7:   # seven different pairs (riichi allows no four of a kind as two pairs)
            placements.append((SEVEN_PAIRS, (), (), None, TANKI, None))
        elif not placements and all(counts[k] for k in _ORPHAN_KINDS) \
                and sum(counts[k] for k in _ORPHAN_KINDS) == 14:
            placements.append((THIRTEEN_ORPHANS, (), (), None, KOKUSHI, None))
    if not placements:
        return _not_winning(hand, p.name, "not complete", concealed_counts, n_melds)

    # what the hand is whatever its arrangement: melds, all tiles, tile classes
    all_counts = counts[:]
    pons, open_kans, ankans, meld_seqs = [], [], [], []
    closed = True
    for m in melds:
        mt = m.type
        tiles = m.tiles
        k = tiles[0].kind
        if mt is MeldType.CHI:
            meld_seqs.append(k)
            closed = False
            all_counts[k] += 1
            all_counts[k + 1] += 1
            all_counts[k + 2] += 1
            mask |= _BIT[k] | _BIT[k + 1] | _BIT[k + 2]
        else:
            if mt is MeldType.PON:
                pons.append(k)
                closed = False
                all_counts[k] += 3
            elif mt is MeldType.KAN:
                open_kans.append(k)
                closed = False
                all_counts[k] += 4
            else:
                ankans.append(k)
                all_counts[k] += 4
            mask |= _BIT[k]
        for t in tiles:
            if t.red:
                red_tiles += 1
    meld_trips = tuple(pons + open_kans + ankans)
    meld_seqs = tuple(meld_seqs)
    if n_melds and max(all_counts) > 4:
        raise ImpossibleHandError(f"more than four of a kind in {_describe(hand)}")

    ctx = Ctx()
    ctx.opts = opts
    ctx.sit = sit
    ctx.closed = closed
    ctx.tsumo = tsumo
    round_kind = ctx.round_kind = 27 + sit.round_wind
    seat_kind = ctx.seat_kind = 27 + sit.seat_wind
    ctx.set_tiles(all_counts, concealed_counts, n_melds, mask)
    ctx.pons, ctx.open_kans, ctx.ankans, ctx.meld_seqs = pons, open_kans, ankans, meld_seqs
    ctx.kans = len(open_kans) + len(ankans)
    ctx.win = w
    if nuki is None:
        nuki = hand.flower_total if opts.three_player else 0
    dora, red, ura = _dora_counts(all_counts, red_tiles, sit, opts, nuki)
    dora_han = dora + red + ura
    double_yakuman = opts.double_yakuman
    n_ankans = len(ankans)

    best = None
    best_key = None
    single = len(placements) == 1
    for form, seqs, trips, pair, wait, ron_trip in placements:
        ctx.form = form
        ctx.wait = wait
        ctx.pair = pair
        ctx.closed_trips = trips
        ctx.ron_trip = ron_trip
        all_seqs = ctx.seqs = seqs + meld_seqs if meld_seqs else seqs
        all_trips = ctx.trips = trips + meld_trips if meld_trips else trips
        ctx.ankou = len(trips) + n_ankans - (ron_trip is not None)
        if form == STANDARD:
            # chanta / junchan: every group holds a terminal or an honor
            all_th = pair in _TH and _TH_SEQ.issuperset(all_seqs) and _TH.issuperset(all_trips)
            ctx.groups_all_th = all_th
            ctx.groups_all_term = all_th and pair < 27 and _TERM.issuperset(all_trips)
            ctx.has_pinfu_shape = (wait == RYANMEN and len(all_seqs) == 4 and pair < 31 and pair != round_kind
                                   and pair != seat_kind)
        else:
            ctx.groups_all_th = ctx.groups_all_term = ctx.has_pinfu_shape = False
        found = find_yaku(ctx)
        if not found:
            continue
        yakuman = 0
        if found[-1].yakuman:   # the table lists the yakuman last; find_yaku keeps only them when one applies
            mults = [y.multiplier(double_yakuman) for y in found]
            yakuman = sum(mults) if opts.yakuman_stack else max(mults)
        pinfu = closed and ctx.has_pinfu_shape
        if single:
            best = (form, seqs, trips, pair, wait, ron_trip, found, yakuman, pinfu)
            break
        fu = count_fu(ctx, pinfu)
        if yakuman:
            total_han = 13 * yakuman
        else:
            total_han = dora_han
            for y in found:
                total_han += y.han_closed if closed else y.han_open
        base, _ = base_points(total_han, fu, yakuman, opts)
        key = (base, yakuman > 0, total_han, fu)
        if best_key is None or key > best_key:
            best_key = key
            best = (form, seqs, trips, pair, wait, ron_trip, found, yakuman, pinfu)

    if best is None:
        return _not_winning(hand, p.name, "no yaku", counts, n_melds, complete=True)

    # the best placement, itemized
    form, seqs, trips, pair, wait, ron_trip, found, yakuman, pinfu = best
    ctx.form, ctx.wait, ctx.pair, ctx.closed_trips, ctx.ron_trip = form, wait, pair, trips, ron_trip
    fu, fu_items = count_fu(ctx, pinfu, itemize=True)
    table = _yaku_items(closed, double_yakuman)
    items = tuple([table[y.id] for y in found])
    if yakuman:
        han = 13 * yakuman
        dora = red = ura = 0
    else:
        han = dora_han
        for i in items:
            han += i.han
    base, limit = base_points(han, fu, yakuman, opts)
    pays = payments(base, sit.seat_wind == 0, tsumo, sit.honba, opts.three_player)
    paid = honba = 0
    for x in pays:
        paid += x.amount
        honba += x.honba
    return _new(RiichiResult, (hand, p.name, True, None, items, dora, red, ura, han, fu, yakuman, limit, fu_items,
                               paid - honba, tuple(pays), paid + 1000 * sit.sticks, -1))
