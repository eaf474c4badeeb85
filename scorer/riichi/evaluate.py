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

from scorer.arrangements import (KOKUSHI, PAIR, RYANMEN, SEQ, SEVEN_PAIRS, SHANPON, STANDARD, TANKI, THIRTEEN_ORPHANS,
                                 TRIP, seq_wait, suit_splits)
from scorer.errors import ImpossibleHandError
from scorer.melds import MeldType
from scorer.riichi.fu import FuItem, count_fu
from scorer.riichi.points import Payment, base_points, payments
from scorer.riichi.presets import find_preset
from scorer.riichi.yaku import YAKU, Ctx, find_yaku
from scorer.tiles import Tile, counts34

_TH = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ORPHAN_BITS = sum(1 << k for k in _TH)
_TERM = frozenset((0, 8, 9, 17, 18, 26))
_TH_SEQ = frozenset(k for k in range(27) if k % 9 in (0, 6))   # sequences 123 and 789
# dora successor of each kind
_NEXT = tuple((k - k % 9 + (k % 9 + 1) % 9) if k < 27 else (27 + (k - 26) % 4) if k <= 30 else (31 + (k - 30) % 3)
              for k in range(34))
_NEXT_SANMA = (8,) + _NEXT[1:]   # three-player has no 2m-8m: the 1m indicator means 9m
_BIT = tuple(1 << k for k in range(34))
_SEQ_BITS = tuple(7 << k for k in range(27))   # the three kinds of a sequence starting at k
_FIVES = _BIT[4] | _BIT[13] | _BIT[22]
_CHI, _PON, _KAN = MeldType.CHI, MeldType.PON, MeldType.KAN

# The tiles of a hand are also kept as one number, their *tile code*: the sum of count_k << 5k. Five bits a kind
# hold any count a hand can reach (18 at most); a suit's bits of the code are its counts, the key of the per-suit
# cache; adding a tile is adding _ONE[kind].
_ONE = tuple(1 << 5 * k for k in range(34))
_SEQ_CODE = tuple(_ONE[k] + _ONE[k + 1] + _ONE[k + 2] for k in range(27))
_SUIT_FIELDS = tuple(sum(31 << 5 * k for k in range(9 * s, min(9 * s + 9, 34))) for s in range(4))
# more than four of a kind: (code + _ALL_11) & _ALL_16, as a count of five or more plus 11 reaches 16
_ALL_11 = sum(11 << 5 * k for k in range(34))
_ALL_16 = sum(16 << 5 * k for k in range(34))
_ALL_1_4 = sum(5 << 5 * k for k in range(34))   # the 1 and 4 bits of each count: of counts 0-4 clear in 0, 2


def _count(code: int, kind: int) -> int:
    return code >> 5 * kind & 31


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


def _yaku_items(closed: bool, double_yakuman: bool) -> dict:
    """The scored item of every yaku for a closed or open hand and a double-yakuman rule."""
    table = {}
    for y in YAKU:
        if y.yakuman:
            m = y.multiplier(double_yakuman)
            table[y.id] = YakuItem(y.id, y.name, y.kanji, 13 * m, m)
        elif closed or y.han_open is not None:
            table[y.id] = YakuItem(y.id, y.name, y.kanji, y.han_closed if closed else y.han_open)
    return table


# the items are values: made once, looked up as _ITEMS[closed][double_yakuman][yaku id]
_ITEMS = tuple(tuple(_yaku_items(closed, double) for double in (False, True)) for closed in (False, True))
_valued: dict = {}


def _value(found: tuple, closed: bool, double_yakuman: bool, yakuman_stack: bool) -> tuple:
    """(items, yakuman multiple, han of the yaku) of a set of yaku (as find_yaku answers it) under the rules. It
    depends on nothing else, so like find_yaku's sets it is worked out once for each set that occurs."""
    key = (found, closed, double_yakuman, yakuman_stack)
    value = _valued.get(key)
    if value is None:
        table = _ITEMS[closed][double_yakuman]
        items = tuple(table[y.id] for y in found)
        if found and found[-1].yakuman:   # the table lists the yakuman last; find_yaku keeps only them then
            multiples = [i.yakuman for i in items]
            value = (items, sum(multiples) if yakuman_stack else max(multiples), 0)
        else:
            value = (items, 0, sum(i.han for i in items))
        _valued[key] = value
    return value


# ---- closed tiles into sets and a pair ---------------------------------------------------------------------------
_suit_cache: dict = {}


def _suit_table(code: int):
    """(splits, mask, paired) of one suit's part of a tile code: every split of the suit into sets and at most one
    pair, as (seqs, trips, pair) in global kinds (pair None when it has none), the bit mask of the kinds present,
    and 1 when the suit holds the pair (3n+2 tiles) else 0. A suit of 3n+1 tiles has no split. Cached by that part
    of the code (a suit's splits depend only on its counts, so the per-suit work is shared by every hand)."""
    entry = _suit_cache.get(code)
    if entry is None:
        s = next(s for s, field in enumerate(_SUIT_FIELDS) if code & field)
        base = 9 * s
        counts = tuple(_count(code, k) for k in range(base, min(base + 9, 34)))
        splits = tuple(
            (tuple(base + i for shape, i in groups if shape == SEQ),
             tuple(base + i for shape, i in groups if shape == TRIP),
             next((base + i for shape, i in groups if shape == PAIR), None))
            for _, groups in suit_splits(counts, s == 3))
        mask = 0
        for i, n in enumerate(counts):
            if n:
                mask |= 1 << (base + i)
        entry = _suit_cache[code] = (splits, mask, 1 if sum(counts) % 3 == 2 else 0)
    return entry


def _standard_splits(code: int):
    """(splits, mask): every (closed seqs, closed trips, pair) of the closed tiles given as a tile code (empty if
    they are not sets and one pair), and the bit mask of the kinds present."""
    mask = 0
    pairs = 0
    parts = []
    # the common case, every suit splitting one way, is joined on the way
    one_way = True
    seqs = trips = ()
    pair = None
    for field in _SUIT_FIELDS:
        suit = code & field
        if suit:
            splits, bits, paired = _suit_cache.get(suit) or _suit_table(suit)
            mask |= bits
            pairs += paired
            parts.append(splits)
            if one_way and len(splits) == 1:
                sq, tr, pr = splits[0]
                seqs += sq
                trips += tr
                if paired:
                    pair = pr
            else:
                one_way = False
    if pairs != 1 or not all(parts):   # exactly one suit holds the pair, and every suit splits
        return (), mask
    if one_way:
        return ((seqs, trips, pair),), mask
    return [_joined(combo) for combo in product(*parts)], mask


def _joined(combo) -> tuple:
    """One split of the whole hand from one split of each suit."""
    seqs = trips = ()
    for sq, tr, pr in combo:
        seqs += sq
        trips += tr
        if pr is not None:
            pair = pr
    return seqs, trips, pair


def _describe(hand) -> str:
    try:
        return repr(hand.notation())
    except Exception:  # no grammar: name the tiles plainly
        return " ".join(str(t) for t in hand.concealed) + f" +{hand.winning_tile}"


def _not_winning(hand, preset_name, reason, complete=False) -> RiichiResult:
    if complete:
        return RiichiResult(hand, preset_name, False, reason, shanten=-1)
    from scorer.waits import shanten_counts
    return RiichiResult(hand, preset_name, False, reason,
                        shanten=shanten_counts(counts34(hand.concealed), len(hand.melds)))


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
    if win is None or len(concealed) + 3 * n_melds != 13:
        return _not_winning(hand, p.name, "not complete")

    # the closed tiles with the winning tile: their tile code; red fives
    w = win.kind
    code = _ONE[w]
    red_tiles = 1 if win.red else 0
    for t in concealed:
        code += _ONE[t.kind]
        if t.red:
            red_tiles += 1
    if (code + _ALL_11) & _ALL_16:
        raise ImpossibleHandError(f"more than four of a kind in {_describe(hand)}")

    # the arrangements of the closed tiles, each with every place the winning tile can sit:
    # (form, closed seqs, closed trips, pair, wait, kind of a triplet completed by ron or None)
    tsumo = sit.tsumo
    placements = []
    splits, mask = _standard_splits(code)
    for seqs, trips, pair in splits:
        if pair == w:
            placements.append((STANDARD, seqs, trips, pair, TANKI, None))
        if w in trips:
            placements.append((STANDARD, seqs, trips, pair, SHANPON, None if tsumo else w))
        last = None
        for s in seqs:   # sorted, so two alike sit side by side: the tile sits in either the same way
            if s <= w <= s + 2 and s != last:
                last = s
                placements.append((STANDARD, seqs, trips, pair, seq_wait(s, w), None))
    if not n_melds:
        # seven different pairs: every kind held is held twice (riichi allows no four of a kind as two pairs)
        if not code & _ALL_1_4:
            placements.append((SEVEN_PAIRS, (), (), None, TANKI, None))
        # thirteen orphans: every terminal and honor and nothing else (so one of them twice)
        elif not placements and mask == _ORPHAN_BITS:
            placements.append((THIRTEEN_ORPHANS, (), (), None, KOKUSHI, None))
    if not placements:
        return _not_winning(hand, p.name, "not complete")

    # what the hand is whatever its arrangement: melds, all tiles, tile classes
    closed = True
    all_code = code
    if melds:
        pons, open_kans, ankans, meld_seqs, meld_trips = [], [], [], [], []
        for m in melds:
            mt = m.type
            tiles = m.tiles
            k = tiles[0].kind
            if mt is _CHI:
                meld_seqs.append(k)
                closed = False
                all_code += _SEQ_CODE[k]
                bits = _SEQ_BITS[k]
            else:
                meld_trips.append(k)
                if mt is _PON:
                    pons.append(k)
                    closed = False
                elif mt is _KAN:
                    open_kans.append(k)
                    closed = False
                else:
                    ankans.append(k)
                all_code += len(tiles) * _ONE[k]
                bits = _BIT[k]
            mask |= bits
            if bits & _FIVES:   # only a meld that holds a five can hold a red five
                for t in tiles:
                    if t.red:
                        red_tiles += 1
        if (all_code + _ALL_11) & _ALL_16:
            raise ImpossibleHandError(f"more than four of a kind in {_describe(hand)}")
        meld_trips = tuple(meld_trips)
        meld_seqs = tuple(meld_seqs)
    else:
        pons = open_kans = ankans = meld_seqs = meld_trips = ()

    ctx = Ctx()
    ctx.opts = opts
    ctx.sit = sit
    ctx.closed = closed
    ctx.tsumo = tsumo
    round_kind = ctx.round_kind = 27 + sit.round_wind
    seat_kind = ctx.seat_kind = 27 + sit.seat_wind
    ctx.set_tiles(code, n_melds, mask)
    ctx.pons, ctx.open_kans, ctx.ankans, ctx.meld_seqs = pons, open_kans, ankans, meld_seqs
    ctx.kans = len(open_kans) + len(ankans)
    ctx.win = w
    if nuki is None:
        nuki = hand.flower_total if opts.three_player else 0
    # dora: each indicator (kan dora included) makes every tile of the kind after it a dora; red fives; ura dora
    # for a riichi winner; in three-player, each North set aside (nuki) is a dora, and again for each indicator
    # that points to North
    successor = _NEXT_SANMA if opts.three_player else _NEXT
    dora = 0
    for t in sit.dora:
        dora += all_code >> 5 * successor[t.kind] & 31
    if nuki:
        dora += nuki * (1 + sum(successor[t.kind] == 30 for t in sit.dora))
    red = red_tiles if opts.red_fives else 0
    ura = 0
    if sit.ura and (sit.riichi or sit.double_riichi) and opts.ura_dora:
        for t in sit.ura:
            ura += all_code >> 5 * successor[t.kind] & 31
        if nuki:
            ura += nuki * sum(successor[t.kind] == 30 for t in sit.ura)
    dora_han = dora + red + ura
    double_yakuman, yakuman_stack = opts.double_yakuman, opts.yakuman_stack
    n_ankans = len(ankans)

    # every placement is scored; the one that pays most wins (a lone placement needs no comparing)
    best = None
    best_key = None
    single = len(placements) == 1
    for placement in placements:
        form, seqs, trips, pair, wait, ron_trip = placement
        ctx.form = form
        ctx.wait = wait
        ctx.pair = pair
        ctx.closed_trips = trips
        ctx.ron_trip = ron_trip
        all_seqs = ctx.seqs = seqs + meld_seqs if meld_seqs else seqs
        all_trips = ctx.trips = trips + meld_trips if meld_trips else trips
        ctx.ankou = len(trips) + n_ankans - (ron_trip is not None)
        if all_seqs:   # chanta, junchan and pinfu all need a sequence
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
        items, yakuman, han = _valued.get((found, closed, double_yakuman, yakuman_stack)) \
            or _value(found, closed, double_yakuman, yakuman_stack)
        han = 13 * yakuman if yakuman else han + dora_han
        pinfu = closed and ctx.has_pinfu_shape
        if single:
            best = (placement, items, yakuman, han, pinfu)
            break
        fu = count_fu(ctx, pinfu)
        base, _ = base_points(han, fu, yakuman, opts)
        key = (base, yakuman > 0, han, fu)
        if best_key is None or key > best_key:
            best_key = key
            best = (placement, items, yakuman, han, pinfu)

    if best is None:
        return _not_winning(hand, p.name, "no yaku", complete=True)

    # the best placement, itemized
    placement, items, yakuman, han, pinfu = best
    if not single:   # the context holds the last placement scored: put the best one back for the fu
        form, _, trips, pair, wait, ron_trip = placement
        ctx.form, ctx.closed_trips, ctx.pair, ctx.wait, ctx.ron_trip = form, trips, pair, wait, ron_trip
    fu, fu_items = count_fu(ctx, pinfu, itemize=True)
    if yakuman:
        dora = red = ura = 0
    base, limit = base_points(han, fu, yakuman, opts)
    pays = payments(base, sit.seat_wind == 0, tsumo, sit.honba, opts.three_player)
    paid = honba = 0
    for x in pays:
        paid += x.amount
        honba += x.honba
    return _new(RiichiResult, (hand, p.name, True, None, items, dora, red, ura, han, fu, yakuman, limit,
                               fu_items, paid - honba, pays, paid + 1000 * sit.sticks, -1))
