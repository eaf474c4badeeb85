"""Riichi evaluation: from a :class:`~scorer.hand.Hand` to a :class:`RiichiResult` — the last stage before rendering.

The closed tiles, packed as a hand code, go to the arrangement engine (:mod:`scorer.arrangements`: per-suit
tables, shared by every rule set), which answers every placement — an arrangement into sets and a pair, or seven
pairs, or thirteen orphans, with the place the winning tile sits and its wait. Each placement is read once into
the :class:`~.yaku.Ctx` that the yaku table and the fu count read. The
placement that pays most wins (then a real yakuman over counted han, then more han, then more fu). A hand that
does not win is not an error: the result says why ("not complete", "no yaku") with the shanten and the waits;
a hand that cannot exist (a fifth tile of a kind) raises :class:`~scorer.errors.ImpossibleHandError`. The
waits a result reports come from the same engine's tables.

Dora never supply the yaku: they are added only to a hand that already has one, and never to a yakuman.
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.arrangements import (CODE_ONE, COUNT_BITS, COUNT_MASK, OVER_FOUR_ADD, OVER_FOUR_TEST, RED_SHIFT,
                                 SEQ_CODE, SHANPON, code_placements, completing_kinds, waits_of_win)
from scorer.errors import ImpossibleHandError, NotationError
from scorer.kinds import BIT, DORA_SUCCESSOR, DORA_SUCCESSOR_SANMA, FIVE_MASK, N_KINDS, NORTH, SEQ_MASK
from scorer.melds import MeldType
from scorer.riichi.fu import FuItem, count_fu
from scorer.riichi.points import Payment, base_points, points_key, settle_key
from scorer.riichi.presets import PRESETS_BY_KEY, find_preset
from scorer.riichi.yaku import PINFU_SHAPE, YAKU, Ctx, raw_yaku_bits, resolve
from scorer.tiles import Tile, counts34

_CHI, _PON, _KAN = MeldType.CHI, MeldType.PON, MeldType.KAN
_KIND_TEXT = tuple(str(Tile(k)) for k in range(N_KINDS))   # "1m" ... "7z": how a wait is written
_FLOWER_SHIFT = 5 * N_KINDS   # above the count fields of a hand code
_TILE_BITS = (1 << _FLOWER_SHIFT) - 1
_WAIT_CODE = CODE_ONE + (1 << _FLOWER_SHIFT,) * 8   # by kind: a tile's part of a hand code; a flower counts apart


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
    concealed_code: int = -1
    """The concealed tiles (the hand before its winning tile) as the evaluator packed them, a
    :data:`~scorer.arrangements.HandCode` (the winning hand's code less its winning tile); the waits are read from
    it, so a result needs no second pass over its tiles. -1 when the evaluator did not pack them (then the waits
    pack the tiles themselves)."""
    split_pair: int | None = None
    """With ``concealed_code``: the kind of the pair of a split of the winning hand into sets and a pair (the
    pair's suit is the same in every split), None when it has none; then the waits are read from two suits at
    most (:func:`~scorer.arrangements.waits_of_win`)."""

    @property
    def rules(self) -> str:
        return "riichi"

    @property
    def waits(self) -> tuple[Tile, ...]:
        """The kinds the hand without its winning tile waits on (empty when it is not tenpai)."""
        return tuple(Tile(k) for k in self._wait_kinds())

    def _wait_kinds(self) -> list[int]:
        """The waits as kinds, read from the arrangement engine's per-suit tables (no search)."""
        if self.split_pair is not None:
            hand = self.hand
            return waits_of_win(self.concealed_code, hand.winning_tile.kind, self.split_pair, len(hand.melds))
        return _wait_kinds(self.hand, self.concealed_code)

    @property
    def notation(self) -> str | None:
        """The hand in canonical notation (None when the grammar cannot print it)."""
        return _notation(self.hand)

    def to_dict(self) -> dict:
        """The result as plain JSON values, built directly (each fact computed once). The fields and the items
        are read by unpacking them (a NamedTuple's fields by name are a slow attribute lookup each)."""
        (hand, preset, win, reason, yaku_items, dora, red, ura, han, fu, yakuman, limit, fu_items, points,
         pays, total_gain, shanten, concealed_code, split_pair) = self
        yaku = []
        for _, name, kanji, value, _ in yaku_items:   # YakuItem: id, name, kanji, han, yakuman
            yaku.append({"name": name, "kanji": kanji, "han": value})
        fu_breakdown = []
        for why, part in fu_items:   # FuItem: reason, fu
            fu_breakdown.append({"reason": why, "fu": part})
        payments = []
        for payer, amount, _ in pays:   # Payment: payer, amount, honba
            payments.append({"from": payer, "amount": amount})
        waits = []
        kind_text = _KIND_TEXT
        for k in (_wait_kinds(hand, concealed_code) if split_pair is None else
                  waits_of_win(concealed_code, hand.winning_tile.kind, split_pair, len(hand.melds))):
            waits.append(kind_text[k])
        try:
            text = hand._notation   # the parser's (Hand.notation's memo)
        except AttributeError:
            text = _notation(hand)
        d = {
            "rules": "riichi",
            "preset": preset,
            "hand": text,
            "win": win,
            "reason": reason,
            "yaku": yaku,
            "dora": {"dora": dora, "red": red, "ura": ura},
            "han": han,
            "fu": fu,
            "yakuman": yakuman,
            "limit": limit,
            "fu_breakdown": fu_breakdown,
            "points": points,
            "payments": payments,
            "total_gain": total_gain,
            "shanten": shanten,
            "waits": waits,
        }
        if hand.situation.nuki and win:   # a hand that writes nuki:N (other hands' dicts are as they were)
            return _with_nuki(d, hand, preset, yakuman)
        return d


def _nuki_dora(nuki: int, sit, successor, ura_counted: bool) -> tuple[int, int]:
    """(dora, ura) that ``nuki`` Norths set aside add: one dora each, and one more for each dora indicator that
    points to North (``successor``: the preset's dora successor table); as many ura for each ura indicator that
    does, when the ura count (``ura_counted``)."""
    dora = nuki * (1 + sum(successor[t.kind] == NORTH for t in sit.dora))
    ura = nuki * sum(successor[t.kind] == NORTH for t in sit.ura) if ura_counted else 0
    return dora, ura


def _with_nuki(d: dict, hand, preset: str, yakuman: int) -> dict:
    """``d`` (a winning hand's dict) with its nuki dora, when its preset counts them: ``"nuki"`` (the Norths set
    aside, as the hand writes them) after ``"dora"``, whose ``"nuki"`` is the han they add (within its ``dora``
    and ``ura``, as Tenhou counts them; 0 for a yakuman)."""
    try:
        _, _, successor, three_player, _, ura_dora, _, _ = _RULES.get(preset) or _rules_of(preset)
    except NotationError:   # a preset built in code, not known by its name: its dict stays as it is
        return d
    if not three_player:
        return d
    sit = hand.situation
    dora, ura = _nuki_dora(sit.nuki, sit, successor, bool(sit.ura) and sit.is_riichi and ura_dora)
    d["dora"]["nuki"] = 0 if yakuman else dora + ura
    out = {}
    for key, value in d.items():
        out[key] = value
        if key == "dora":
            out["nuki"] = sit.nuki
    return out


def _notation(hand) -> str | None:
    """The hand in canonical notation (None when the grammar cannot print it)."""
    try:
        return hand.notation()
    except Exception:  # the grammar may be absent; the result stands without its notation
        return None


def _wait_kinds(hand, concealed_code: int) -> list[int]:
    """The kinds ``hand`` waits on without its winning tile, read from the arrangement engine's per-suit tables
    (:func:`~scorer.arrangements.completing_kinds`); ``concealed_code`` is the concealed tiles' hand code when the
    evaluator packed it (-1: they are packed here)."""
    n_melds = len(hand.melds)
    if concealed_code >= 0:   # a winning hand: 13 - 3 x melds concealed tiles, packed by evaluate
        return completing_kinds(concealed_code, 13 - 3 * n_melds, n_melds)
    concealed = hand.concealed
    if len(concealed) % 3 != 1:
        return []
    code = 0
    for t in concealed:
        code += _WAIT_CODE[t.kind]
    flowers = code >> _FLOWER_SHIFT   # flowers are no part of a wait: they are counted apart
    return completing_kinds(code & _TILE_BITS, len(concealed) - flowers, n_melds)


_new = tuple.__new__   # builds a NamedTuple from a full tuple without the keyword-handling __new__


def _yaku_items(closed: bool, double_yakuman: bool) -> tuple[YakuItem | None, ...]:
    """The scored item of every yaku for a closed or open hand and a double-yakuman rule, by its place in the
    table (None: a closed-only yaku, for an open hand)."""
    table = []
    for y in YAKU:
        if y.yakuman:
            m = y.multiplier(double_yakuman)
            table.append(YakuItem(y.id, y.name, y.kanji, 13 * m, m))
        elif closed or y.han_open is not None:
            table.append(YakuItem(y.id, y.name, y.kanji, y.han_closed if closed else y.han_open))
        else:
            table.append(None)
    return tuple(table)


# the items are values: made once, looked up as _ITEMS[closed][double_yakuman][place of the yaku in the table]
_ITEMS = tuple(tuple(_yaku_items(closed, double) for double in (False, True)) for closed in (False, True))
_valued: dict = {}


def _value(raw: int, rules: int) -> tuple:
    """(items, yakuman multiple, han of the yaku) of the yaku whose checks hold (bits of the table, as
    raw_yaku_bits answers them; superseded ones are removed here) under the rules (``rules``: bit 2 a closed hand,
    bit 1 double yakuman, bit 0 yakuman stack). It depends on nothing else, so it is worked out once for each set
    that occurs (a few thousand at most: bounded)."""
    if len(_valued) >= 1 << 15:
        _valued.clear()
    table = _ITEMS[rules >> 2][rules >> 1 & 1]
    items = []
    han = stacked = top = 0
    rest = resolve(raw)
    while rest:
        low = rest & -rest
        rest ^= low
        item = table[low.bit_length() - 1]
        items.append(item)
        _, _, _, value, multiple = item   # a YakuItem: id, name, kanji, han, yakuman multiple
        han += value
        stacked += multiple
        if multiple > top:
            top = multiple
    # when a yakuman applies only the yakuman are left (resolve), and their han are not counted
    value = (tuple(items), stacked if rules & 1 else top, 0) if top else (tuple(items), 0, han)
    _valued[raw << 3 | rules] = value
    return value


def _describe(hand) -> str:
    try:
        return repr(hand.notation())
    except Exception:  # no grammar: name the tiles plainly
        return " ".join(str(t) for t in hand.concealed) + f" +{hand.winning_tile}"


def _not_winning(hand, preset_name, reason, complete=False, concealed_code=-1, split_pair=None) -> RiichiResult:
    if complete:
        return RiichiResult(hand, preset_name, False, reason, shanten=-1, concealed_code=concealed_code,
                            split_pair=split_pair)
    from scorer.shanten import shanten_counts
    return RiichiResult(hand, preset_name, False, reason,
                        shanten=shanten_counts(counts34(hand.concealed), len(hand.melds)))


_RULES: dict = {}
"""By preset key (a name as written, None, or a :class:`~.presets.RiichiPreset`): what the evaluator reads of the
preset, read once — (name, options, dora successor table, three-player, red fives, ura dora, the yakuman bits
of the _valued key, the points key of :func:`~.points.settle`)."""


def _rules_of(key) -> tuple:
    p = PRESETS_BY_KEY.get(key) or find_preset(key)
    o = p.options
    rules = (p.name, o, DORA_SUCCESSOR_SANMA if o.three_player else DORA_SUCCESSOR, o.three_player, o.red_fives,
             o.ura_dora, o.double_yakuman << 1 | o.yakuman_stack, points_key(o))
    if len(_RULES) < 64:   # the named presets, and a few built ones (a table's house rules)
        _RULES[key] = rules
    return rules


def evaluate(hand, preset=None, *, nuki: int | None = None) -> RiichiResult:
    """Score ``hand`` under the riichi preset named ``preset`` (default: the hand's own, else ``standard``).

    ``preset`` may also be a :class:`~.presets.RiichiPreset`. ``nuki`` (three-player presets only): North tiles
    set aside as nuki dora; by default the hand's own (``nuki:N``, :attr:`Situation.nuki`), else its flowers
    (``flowers`` or ``flower_count``, as hands built in code gave them). The result's ``to_dict()`` reports the
    hand's own ``nuki:N`` (the dicts of other hands, the records' route through this keyword included, are as
    they were).
    """
    key = preset if preset is not None else hand.preset
    name, opts, successor, three_player, red_fives, ura_dora, yakuman_rules, paid_key = (
        _RULES.get(key) or _rules_of(key))
    melds = hand.melds
    n_melds = len(melds)
    concealed = hand.concealed
    win = hand.winning_tile
    if win is None or len(concealed) + 3 * n_melds != 13:
        return _not_winning(hand, name, "not complete")

    # the closed tiles with the winning tile: their hand code; red fives (the parser summed them as it read the
    # tiles: Hand.closed_code)
    w = win.kind
    try:
        code = hand._closed_code
    except AttributeError:
        code = hand.closed_code()
    red_tiles = code >> RED_SHIFT
    code &= COUNT_BITS
    if (code + OVER_FOUR_ADD) & OVER_FOUR_TEST:
        raise ImpossibleHandError(f"more than four of a kind in {_describe(hand)}")

    # every arrangement of the closed tiles with every place the winning tile can sit (the arrangement engine):
    # (form, closed seqs, closed trips, pair, wait); seven pairs are seven different pairs in riichi
    placements, mask = code_placements(code, w, n_melds)
    if not placements:
        return _not_winning(hand, name, "not complete")

    # what the hand is whatever its arrangement: melds, all tiles, tile classes
    sit = hand.situation
    tsumo = sit.tsumo
    ctx = Ctx()
    ctx.opts = opts
    ctx.sit = sit
    ctx.tsumo = tsumo
    ctx.win = w
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
                all_code += SEQ_CODE[k]
                bits = SEQ_MASK[k]
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
                all_code += len(tiles) * CODE_ONE[k]
                bits = BIT[k]
            mask |= bits
            if bits & FIVE_MASK:   # only a meld that holds a five can hold a red five
                for t in tiles:
                    if t.red:
                        red_tiles += 1
        if (all_code + OVER_FOUR_ADD) & OVER_FOUR_TEST:
            raise ImpossibleHandError(f"more than four of a kind in {_describe(hand)}")
        meld_trips = tuple(meld_trips)
        meld_seqs = tuple(meld_seqs)
        # the fu of the melds read these (only when there are melds)
        ctx.pons, ctx.open_kans, ctx.ankans = pons, open_kans, ankans
        ctx.kans = len(open_kans) + len(ankans)
        n_ankans = len(ankans)
    else:
        meld_seqs = meld_trips = ()
        ctx.kans = n_ankans = 0
    ctx.closed = closed
    ctx.set_tiles(code, n_melds, mask)
    # dora: each indicator (kan dora included) makes every tile of the kind after it a dora; red fives; ura dora
    # for a riichi winner; in three-player, each North set aside (nuki) is a dora, and again for each indicator
    # that points to North
    dora = 0
    for t in sit.dora:
        dora += all_code >> 5 * successor[t.kind] & COUNT_MASK
    if nuki is None:   # the hand's nuki:N; a hand built in code may give them as flowers (older callers)
        nuki = (sit.nuki or hand.flower_total) if three_player else 0
    red = red_tiles if red_fives else 0
    ura = 0
    ura_counted = sit.ura and (sit.riichi or sit.double_riichi) and ura_dora
    if ura_counted:
        for t in sit.ura:
            ura += all_code >> 5 * successor[t.kind] & COUNT_MASK
    if nuki:
        nuki_dora, nuki_ura = _nuki_dora(nuki, sit, successor, ura_counted)
        dora += nuki_dora
        ura += nuki_ura
    dora_han = dora + red + ura
    rules = closed << 2 | yakuman_rules   # the low bits of the _valued key

    # every placement is scored; the one that pays most wins (a lone placement needs no comparing)
    best = None
    best_key = None
    single = len(placements) == 1
    for placement in placements:
        form, seqs, trips, pair, wait = placement
        ctx.form = form
        ctx.wait = wait
        ctx.pair = pair
        ctx.closed_trips = trips
        # a triplet completed by ron counts as open (minkou) for fu and concealed triplets
        if wait is SHANPON and not tsumo:
            ctx.ron_trip = w
            ctx.ankou = len(trips) + n_ankans - 1
        else:
            ctx.ron_trip = None
            ctx.ankou = len(trips) + n_ankans
        ctx.seqs = seqs + meld_seqs if meld_seqs else seqs
        ctx.trips = trips + meld_trips if meld_trips else trips
        facts = ctx.facts = ctx.placement_facts()
        found = raw_yaku_bits(ctx)
        if not found:
            continue
        items, yakuman, han = _valued.get(found << 3 | rules) or _value(found, rules)
        han = 13 * yakuman if yakuman else han + dora_han
        pinfu = closed and facts & PINFU_SHAPE != 0
        if single:   # a lone placement needs no comparing: its fu are counted below
            best = (items, yakuman, han, pinfu, None)
            break
        fu, fu_items = count_fu(ctx, pinfu, True)   # itemized now: the best placement's items are kept
        key = (base_points(han, fu, yakuman, opts)[0], yakuman > 0, han, fu)
        if best_key is None or key > best_key:
            best_key = key
            best = (items, yakuman, han, pinfu, (fu, fu_items))

    if best is None:
        return _not_winning(hand, name, "no yaku", complete=True, concealed_code=code - CODE_ONE[w],
                            split_pair=placements[0][3])

    # the best placement's fu, itemized (a lone placement's are counted here: its fields are still in ctx)
    items, yakuman, han, pinfu, counted = best
    fu, fu_items = count_fu(ctx, pinfu, True) if counted is None else counted
    if yakuman:
        dora = red = ura = 0
    limit, pays, paid, honba = settle_key(han, fu, yakuman, sit.seat_wind == 0, tsumo, sit.honba, paid_key)
    return _new(RiichiResult, (hand, name, True, None, items, dora, red, ura, han, fu, yakuman, limit,
                               fu_items, paid - honba, pays, paid + 1000 * sit.sticks, -1, code - CODE_ONE[w],
                               placements[0][3]))   # the standard placements come first; the others have no pair
