"""MCR evaluation: a :class:`~scorer.hand.Hand` in, an :class:`McrResult` out. Stage: MCR scoring.

The hand is read once (tiles, win flags, unique wait); then every form it can take is scored — a knitted
straight with a set and a pair, seven pairs, seven shifted pairs, thirteen orphans, lesser or greater honors and
knitted tiles, and every arrangement into four sets and a pair — and the highest total wins. For each form the
fan checks of :mod:`scorer.mcr.fans` and the combination fans of :mod:`scorer.mcr.combinations` give the fans
present, :func:`scorer.mcr.exclusions.exclude` removes the implied ones, and the preset gives the points. Flowers
are counted after the 8-point minimum.

Which forms are tried follows the reference calculator (PyMahjongGB 1.4.0): without melds the special forms
(seven pairs, seven shifted pairs, honors and knitted tiles, thirteen orphans), then a knitted straight, then
Nine Gates; with one meld only a knitted straight; the four-sets-and-a-pair arrangements are scored when none of
these applies, or when the hand is seven pairs (an arrangement may beat it, and wins a tie). Arrangements are
taken in the reference's order and a tie keeps the first unless the later one has a Pure Triple Chow or a Triple
Pung, so that even the fan lists match the reference.

Speed: the closed tiles' hand code (the parser's, Hand.closed_code) is split into a count code per suit, a
declared meld's facts are made once per meld and a situation's once per Situation (its checks and its part of the
hand key: ``_SITUATIONS``), and each suit's record (``_Suit``: its kinds,
its readings into sets and a pair from the core's per-suit table (``scorer.arrangements``) with what each reading's
pungs and groups add up to, its completions with and without each tile) is made once per suit and code; the
records of every small complete suit are made at once when a process scores hands in numbers (with the set of
their codes, for the unique-wait test). So the common hand (one reading per suit) is arranged, scored straight
from ``_best``, and its unique wait tested, from four records. The fan checks are not run per hand: what each
part of them reads (the hand's flags, its tiles, an arrangement's notable pungs, its other set fields) is packed
into a small integer key while the hand is read, and a key's fans are worked out once, from a context of the
fields the key holds (the tiles' key: of the first hand that meets it; see "the hand key" below and
``fans.CHECK_GROUPS``), every key at once when a process scores hands in numbers; a form's
fans are a small dict merged from the parts (each cached with the mask of its fans and their points, see
:mod:`scorer.mcr.parts`), excluded by one look-up of what the fans present remove, and totalled from the parts'
points less what was removed. A result keeps what the evaluation knew (the fans, the
suits' records and codes), so its waits and its plain-value form are read from it, not worked out again. Nothing
is cached per hand; every cache is keyed by a suit's code, a few set codes or a packed key, bounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product

from scorer.arrangements import suit_table_entry as _suit_entry_of_code
from scorer.arrangements import (CODE_ONE, OVER_FOUR_ADD, OVER_FOUR_TEST, RED_SHIFT, HandCode, completing_kinds,
                                 special_waits, standard_splits, suit_code_complete, suit_waits, waits_of_win)
from scorer.errors import ImpossibleHandError, NotationError
from scorer.hand import Hand
from scorer.kinds import DRAGON_MASK as _DRAGON_MASK
from scorer.kinds import FIVES, FLOWER_BASE, SUIT_MASKS, TERMINAL_HONOR_MASK, TERMINAL_MASK
from scorer.kinds import WIND_MASK as _WIND_MASK
from scorer.melds import MeldType
from scorer.mcr import fans as F
from scorer.mcr.combinations import (NINE_GATES_EXTRAS, build_small_parts, chow_trait, kong_fans, pung_trait,
                                     set_fans, set_part, traits_of)
from scorer.mcr.exclusions import exclude, exclude_by_mask
from scorer.mcr.fans import CODE, KIND_OF_CODE, FanContext
from scorer.mcr.parts import POINTS, FanPart, joined, part
from scorer.mcr.points import Payment, payments, total_gain
from scorer.mcr.presets import PRESETS, McrPreset, compiled_exclusions, find_preset
from scorer.rulesets import find_ruleset
from scorer.tiles import Tile
from scorer.shanten import KNITTED_SEQS, mcr_shanten, mcr_waits, standard_wait_kinds, suit_ok as _suit_ok

# the six knitted straights (147/258/369 in three different suits), in the reference's order, as our kinds
_M, _P, _S = 0, 9, 18
_ORPHANS_MASK = TERMINAL_HONOR_MASK
# by the three numbered suits' ``knit`` bits (m | p << 3 | s << 6): can they hold a knitted straight (147, 258 and
# 369 each in a different suit)?
_KNITTED_SUITS = [any(i >> a & 1 and i >> 3 + b & 1 and i >> 6 + c & 1
                      for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))
                  for i in range(512)]
_NUMBERED_MASK = (1 << 27) - 1
_KNITTED_MASKS = tuple(sum(1 << k for k in seq) for seq in KNITTED_SEQS)
_KNITTED_CODES = tuple(sum(CODE_ONE[k] for k in seq) for seq in KNITTED_SEQS)  # their hand codes
_SM, _SP, _SS = SUIT_MASKS
_HONOR, _TERMINAL_HONOR = F.HONOR_MASK, F.TERMINAL_HONOR_MASK
_NOT_REVERSIBLE, _NOT_GREEN, _NOT_TERMINAL_HONOR = ~F.REVERSIBLE_MASK, ~F.GREEN_MASK, ~F.TERMINAL_HONOR_MASK
_TERMINAL, _NOT_TERMINAL = TERMINAL_MASK, ~TERMINAL_MASK
_VALUES: dict[str, list[int]] = {}


class _PresetTables:
    """What the evaluation reads of a preset, made once per preset (one object that every hand of the preset
    shares): the preset, its exclusion table, its points per fan id, its kong parts by key (concealed pungs |
    melded kongs << 3 | concealed kongs << 6), and whether the cached parts' points are the preset's
    (``own_points``). The parts are counted with the fans' own points (scorer.mcr.parts.POINTS) but for the kong
    parts, which are the preset's own."""

    __slots__ = ("preset", "exclusions", "values", "kongs", "own_points")


_TABLES: dict[str, _PresetTables] = {}


def _preset_tables(preset: McrPreset) -> _PresetTables:
    """The :class:`_PresetTables` of a preset, made once."""
    found = _TABLES.get(preset.name)
    if found is None:
        values = preset_values(preset)
        found = _TABLES[preset.name] = _PresetTables()
        found.preset = preset
        found.exclusions = compiled_exclusions(preset)
        found.values = values
        found.kongs = {}
        found.own_points = all(values[fid] == POINTS[fid] for fid in range(F.TABLE_SIZE) if fid not in F.KONG_FANS)
    return found


def preset_values(preset: McrPreset) -> list[int]:
    """Points per fan id under a preset, as a list (POT_WIND scores as a Pung of Terminals or Honors)."""
    values = _VALUES.get(preset.name)
    if values is None:
        values = [0] * F.TABLE_SIZE
        for f in F.FANS:
            values[f.id] = preset.value(f.id)
        values[F.POT_WIND] = values[F.PUNG_OF_TERMINALS_OR_HONORS]
        _VALUES[preset.name] = values
    return values


# ---- results -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FanLine:
    """One fan of the result: the fan, how many times it counts, and its points per count under the preset."""

    fan: F.Fan
    count: int
    points: int

    @property
    def name(self) -> str:
        return self.fan.name

    @property
    def chinese(self) -> str:
        return self.fan.chinese

    @property
    def total(self) -> int:
        return self.count * self.points

    def to_dict(self) -> dict:
        return {"name": self.fan.name, "chinese": self.fan.chinese, "points": self.points, "count": self.count}


class _FanLinesMemo:
    """The slot where an :class:`McrResult` keeps its :attr:`~McrResult.fans` once made (no field: equality and
    repr never see it)."""

    __slots__ = ("_fans",)


@dataclass(frozen=True, slots=True)
class McrResult(_FanLinesMemo):
    """The outcome of scoring one hand under MCR. ``win`` is False with a ``reason`` for a hand that is not
    complete ("not complete", with ``shanten`` and ``waits``) or is worth under 8 points ("below 8 points", totals
    still given)."""

    hand: Hand
    preset: str
    win: bool
    reason: str | None
    fans_: dict[int, int] | None = field(default=None, repr=False)  # fan id -> count, Flower Tiles apart
    fan_total: int = 0
    flowers: int = 0
    form: str | None = None
    shanten: int = -1
    waits_: tuple[Tile, ...] | None = field(default=None, repr=False)
    payments: tuple[Payment, ...] = field(default=())
    # what the evaluation knew of a complete hand, for its waits: the hand's _HandInfo (its suits' records, the
    # winning kind, the closed tiles' hand code, the hand code with the melds' tiles or None when no kind has four
    # tiles, the kinds held: bits over our kinds, the winning tile's included, the suits' summed _SuitSummary)
    facts_: _HandInfo | None = field(default=None, repr=False, compare=False)

    @property
    def fan_table(self) -> tuple[int, ...] | None:
        """The count of every fan id (0-83), Flower Tiles left out; None for a hand that is not complete."""
        if self.fans_ is None:
            return None
        table = [0] * F.TABLE_SIZE
        for i, n in self.fans_.items():
            table[i] = n
        return tuple(table)

    @property
    def fans(self) -> tuple[FanLine, ...]:
        """Each fan counted, in the table's order (highest value first), Flower Tiles last."""
        try:
            return self._fans
        except AttributeError:
            values = _preset_tables(find_preset(self.preset)).values
            lines = ()
            if self.fans_ is not None:
                lines = tuple(FanLine(F.FAN_BY_ID[i], self.fans_[i], values[i]) for i in sorted(self.fans_))
            if self.flowers and self.form is not None:
                lines += (FanLine(F.FAN_BY_ID[F.FLOWER_TILES], self.flowers, values[F.FLOWER_TILES]),)
            object.__setattr__(self, "_fans", lines)
        return lines

    @property
    def waits(self) -> tuple[Tile, ...]:
        """The tiles the hand waits on: of the 13 tiles before the winning tile for a complete hand, of the hand as
        given for an incomplete one (worked out when first asked for). A kind all four of which are in view is
        left out."""
        if self.waits_ is None:
            object.__setattr__(self, "waits_", tuple(_TILE_OF[k] for k in self._waited_kinds()))
        return self.waits_

    def _waited_kinds(self) -> list[int]:
        h = self.hand
        if self.facts_ is not None:
            return _winning_waits(self.facts_, len(h.melds))
        in_view = [0] * 34
        for m in h.melds:
            for t in m.tiles:
                in_view[t.kind] += 1
        counts = [0] * 34
        for t in h.concealed:
            counts[t.kind] += 1
        return mcr_waits(counts, len(h.melds), in_view)

    @property
    def total(self) -> int:
        return self.fan_total + self.flowers

    @property
    def meets_minimum(self) -> bool:
        return self.form is not None and self.fan_total >= find_preset(self.preset).minimum

    @property
    def total_gain(self) -> int:
        return total_gain(self.payments)

    @property
    def complete(self) -> bool:
        return self.form is not None

    def explanation(self) -> dict:
        """What was not counted and why, and which sets make each combination fan (worked out on request, not
        part of :meth:`to_dict`): see :func:`scorer.mcr.explain.explain_count`."""
        from scorer.mcr.explain import explain_count
        return explain_count(self.hand, self.preset)

    def fan_counts(self, key: str = "chinese") -> dict[str, int]:
        """Fans by name (``"chinese"``, ``"name"`` or ``"key"``) -> count; Flower Tiles included when present."""
        return {getattr(line.fan, key): line.count for line in self.fans}

    def to_dict(self) -> dict:
        """The result as plain values (what the JSON output writes), built directly from the fields."""
        hand = self.hand
        try:
            notation = hand._notation  # (the parser's canonical notation, kept on the hand: Hand.notation)
        except AttributeError:
            try:
                notation = hand.notation()
            except Exception:  # the grammar may be missing or not know this hand; the result does not depend on it
                notation = None
        name = self.preset
        rows, minimum = _FAN_ROWS.get(name) or _fan_rows(find_preset(name))
        fans = []
        got = self.fans_
        if got:
            # each row made once per preset, fan and count (see _fan_rows), copied
            append = fans.append
            try:
                for i in sorted(got):
                    append(rows[i][got[i]].copy())
            except IndexError:  # a count of _ROW_COUNTS or more (none in play): that row made here
                fans = [rows[i][n].copy() if n < _ROW_COUNTS else {**rows[i][1], "count": n}
                        for i, n in sorted(got.items())]
        flowers = self.flowers
        complete = self.form is not None
        if flowers and complete:
            fans.append(rows[F.FLOWER_TILES][flowers].copy() if flowers < _ROW_COUNTS
                        else {**rows[F.FLOWER_TILES][1], "count": flowers})
        pays = self.payments
        if pays:
            found = _PAY_ROWS.get(id(pays))
            if found is None or found[0] is not pays:
                found = _pay_rows(pays)
            _, rows_, gain = found
            pays = list(map(_COPY, rows_))
        else:
            pays = []
            gain = 0
        waits = self.waits_
        if waits is not None:
            shown = [_TEXT_OF_ORDER[t.order] for t in waits]
        else:
            facts = self.facts_
            shown = list(map(_KIND_TEXT.__getitem__, _winning_waits(facts, len(hand.melds)) if facts is not None
                             else self._waited_kinds()))
        fan_total = self.fan_total
        return {
            "rules": "mcr",
            "preset": name,
            "hand": notation,
            "win": self.win,
            "reason": self.reason,
            "fans": fans,
            "fan_total": fan_total,
            "flowers": flowers,
            "total": fan_total + flowers,
            "meets_minimum": complete and fan_total >= minimum,
            "payments": pays,
            "total_gain": gain,
            "shanten": self.shanten,
            "waits": shown,
        }


class _ResultDraft(_FanLinesMemo):
    """An :class:`McrResult` being filled: the same slots without the frozen guard, so that :func:`evaluate` sets
    them by plain stores, then makes it an McrResult by switching its class (as scorer.hand builds a Hand)."""

    __slots__ = McrResult.__slots__


_TILE_OF = tuple(Tile(k) for k in range(34))
_KIND_TEXT = tuple(str(t) for t in _TILE_OF)
_TEXT_OF_ORDER = [""] * 2 * (FLOWER_BASE + 8)  # a tile's notation by its ``order``: every kind and the red fives
for _tile in [Tile(k) for k in range(FLOWER_BASE + 8)] + [Tile(k, True) for k in FIVES]:
    _TEXT_OF_ORDER[_tile.order] = str(_tile)
# preset name -> (by fan id, then by count below _ROW_COUNTS: its row of to_dict, minimum)
_FAN_ROWS: dict[str, tuple] = {}
_ROW_COUNTS = 9  # a fan counts a few times at most, flowers up to eight


_COPY = dict.copy
# A result's payments are the tuples scorer.mcr.points.payments shares: by the tuple's id, (the tuple itself, which
# keeps the id from being reused while it is here, its rows of to_dict, the total gain).
_PAY_ROWS: dict[int, tuple] = {}


def _pay_rows(pays: tuple) -> tuple:
    if len(_PAY_ROWS) >= 4096:
        _PAY_ROWS.clear()
    found = _PAY_ROWS[id(pays)] = (pays, tuple({"from": p.payer, "amount": p.amount, "players": p.players}
                                               for p in pays), sum(p.amount * p.players for p in pays))
    return found


def _fan_rows(preset: McrPreset) -> tuple:
    values = _preset_tables(preset).values
    rows = [None] * F.TABLE_SIZE
    for f in F.FANS:
        rows[f.id] = [{"name": f.name, "chinese": f.chinese, "points": values[f.id], "count": n}
                      for n in range(_ROW_COUNTS)]
    found = _FAN_ROWS[preset.name] = (rows, preset.minimum)
    return found


# ---- special forms -----------------------------------------------------------------------------------------------
def _knitted_seq(counts):
    for seq in KNITTED_SEQS:
        if all(counts[k] for k in seq):
            return seq
    return None


def _honors_knitted(counts):
    """(greater, with_knitted_straight) for lesser/greater honors and knitted tiles, or None."""
    if sum(counts) != 14 or any(n > 1 for n in counts):
        return None
    numbered = [k for k in range(27) if counts[k]]
    if not 7 <= len(numbered) <= 9:
        return None
    if not any(set(numbered) <= set(seq) for seq in KNITTED_SEQS):
        return None
    honors = 14 - len(numbered)
    return honors == 7, len(numbered) == 9


# ---- scoring -----------------------------------------------------------------------------------------------------
# A form's fans are kept as a dict {fan id: count} of the fans present (never a zero count): a hand has a handful
# of fans, so copying and excluding a small dict is cheaper than walking the 84-slot table; the OR of the parts'
# masks says which fans are present (for exclude's look-up) and the sum of their points is the total before the
# exclusions.
#
# The checks of scorer.mcr.fans read a FanContext, but the hot path does not fill one per hand: what each part of
# the checks reads is packed into a small integer *key*, and the fans a key gives are worked out when the key is
# first met (a context filled from the hand, that part's checks run) and cached by the key, bounded. The parts
# split the checks so that each key takes few values: the hand's flags (suits, win flags, melds, form) in two
# halves (the "concealment" and "win" groups; the "suits", "hog" and "special" groups), its tiles (the "tiles"
# and "ranks" groups, looked up only when one of them can apply), an arrangement's notable pungs
# (the "pungs" group, when a pung of terminals or honors or four pungs), and its other fields (the "chows",
# "traits" and "waits" groups). tests/mcr checks that no key stands for two different sets of fans and that keyed
# and plain evaluation (``grouped=False``: every check run on a full context) agree.
#
# The hand key (``_HK_*``): bits 9-11 characters, dots, bamboo present, 12 a wind, 13 a dragon, 20-22 the melded
# packs, 23-26 the win flags (self-drawn, last tile, about a kong, the wall's last tile), 27-29 the tile hogs,
# 30-32 the form, 33-34 which honors-and-knitted hand; looked up as two halves, each with the form (_HK_PLAY:
# melds and win flags; _HK_HOLDING: suits, hogs, honors-and-knitted). The tiles key: bits 0-8 the ranks present
# in a hand without honors (when an Upper/Middle/Lower fan may apply), 14-19 the kinds' classes when they all are
# of one (every kind a simple, reversible, green, a terminal, a terminal or honor; a terminal present). A hand's
# ``_HandInfo.key`` holds both, the tiles key from bit _HK_TILES up: the key of the joined hand-level parts.
_HK_SUITS = 9
_HK_WIND, _HK_DRAGON = 1 << 12, 1 << 13
_HK_HONORS = _HK_WIND | _HK_DRAGON
_HK_SIMPLES, _HK_REVERSIBLE, _HK_GREEN, _HK_TERMINALS, _HK_OUTSIDE, _HK_TERMINAL = (1 << b for b in range(14, 20))
_HK_MELDED = 20
_HK_SELF, _HK_FOURTH, _HK_KONG, _HK_WALL = (1 << b for b in range(23, 27))
_HK_HOG = 27
_HK_FORM = 30
_HK_GREATER, _HK_KNITTED = 1 << 33, 1 << 34
_HK_TILES = 35  # where the tiles key goes in the key of the joined hand-level parts (_HAND_FANS, _HandInfo.key)
_HK_PLAY = 0b1111111 << _HK_MELDED | 0b111 << _HK_FORM
_HK_HOLDING = 0b11111 << _HK_SUITS | 0b111 << _HK_HOG | 0b111 << _HK_FORM | _HK_GREATER | _HK_KNITTED
# The pungs key (``_PK_*``): bits 0-5 the pungs' counts of terminal and dragon pungs (the low bits of their summed
# _PUNG_FACT), 6-13 what the wind pungs are to this hand (_WIND_SUMMARY: how many, the prevalent wind's, the seat
# wind's, the others'; not which winds they are, so that keys repeat across tables), 14-16 the pungs and kongs,
# 17-18 the pair's class, 19-21 the form.
_PK_WINDS, _PK_PUNGS, _PK_PAIR, _PK_FORM = 6, 14, 17, 19
_PK_TERMINALS_DRAGONS = (1 << 6) - 1
# A hand's winds (``_HandInfo.winds``): bits 0-1 the prevalent wind, 2-3 the seat wind.
_WINDS_SEAT = 2
# The sets key (``_SK_*``): bits 0-1 the pair's class, 2-3 the traits (traits_of), 4-7 the wait flags, 8-10 the
# form, 11-13 the chows + 1 of an arrangement without pungs (0 with pungs: then no "chows" fan applies).
_SK_TRAITS, _SK_WAITS, _SK_FORM, _SK_CHOWS = 2, 4, 8, 11
_FORM_CODE = {F.STANDARD: 0, F.KNITTED: 1, F.SEVEN: 2, F.SHIFTED: 3, F.ORPHANS: 4, F.HONORS_KNITTED: 5, F.NINE: 6}
# by the form: (its code, and that code where the hand key, the sets key and the pungs key hold it, the form)
_FORM_KEYS = {form: (code, code << _HK_FORM, code << _SK_FORM, code << _PK_FORM, form)
              for form, code in _FORM_CODE.items()}
_KEYS_BOUND = 100_000
# the caches by key (each a FanPart: the fans and their mask, see scorer.mcr.parts), and the checks of each part
_PLAY_FANS: dict[int, FanPart] = {}
_HOLDING_FANS: dict[int, FanPart] = {}
_TILE_FANS: dict[int, FanPart] = {}
_HAND_FANS: dict[int, FanPart] = {}  # the hand-level parts joined, by hand key | tiles key << _HK_TILES
_PUNG_FANS: dict[int, FanPart] = {}
_SET_FANS: dict[int, FanPart] = {}
# (the kong fans' parts are the preset's, in _TABLES: by concealed pungs | melded kongs << 3 | concealed kongs << 6)
_PLAY_GROUPS, _HOLDING_GROUPS = ("concealment", "win"), ("suits", "hog", "special")
_TILE_GROUPS, _PUNG_GROUPS, _SET_GROUPS = ("tiles", "ranks"), ("pungs",), ("chows", "traits", "waits")


def _checks_of(names) -> tuple:
    return tuple(pair for g in F.CHECK_GROUPS if g.name in names for pair in F.group_checks(g))


_PLAY_CHECKS, _HOLDING_CHECKS = _checks_of(_PLAY_GROUPS), _checks_of(_HOLDING_GROUPS)
_TILE_CHECKS, _PUNG_CHECKS, _SET_CHECKS = _checks_of(_TILE_GROUPS), _checks_of(_PUNG_GROUPS), _checks_of(_SET_GROUPS)
# every check group is in one part, and every fan is set by one check group, the combination pass or the kong fans
assert {g.name for g in F.CHECK_GROUPS if g.scope == "arrangement"} == set(_PUNG_GROUPS + _SET_GROUPS)
assert {g.name for g in F.CHECK_GROUPS if g.scope == "hand"} == set(_PLAY_GROUPS + _HOLDING_GROUPS + _TILE_GROUPS)
_SET_BY = [fid for g in F.CHECK_GROUPS for fid in g.fans] + list(F.COMBO_FANS) + list(F.KONG_FANS)
assert len(_SET_BY) == len(set(_SET_BY))


class _HandInfo:
    """What is the same for every form and arrangement of one hand."""

    __slots__ = ("ctx", "closed_", "code", "suit_infos", "win", "fixed_chows", "fixed_pungs", "melded", "self_drawn",
                 "n_melds", "unique_wait", "tables", "grouped",
                 "closed_kinds", "closed_mask", "fixed_traits", "fixed_pung_facts", "key", "mask", "winds", "every",
                 "nine_gates", "summed",
                 "trace")  # trace: set only by explain() (a list of the forms scored, plain mode)

    # the preset's tables (``tables``, a _PresetTables shared by every hand of the preset), by name
    @property
    def preset(self) -> McrPreset:
        return self.tables.preset

    @property
    def exclusions(self):
        return self.tables.exclusions

    @property
    def values(self) -> list[int]:
        return self.tables.values

    @property
    def closed(self) -> list[int]:
        """The 34 counts of the closed tiles, winning tile included (made when first asked for: most hands need
        only the suits' records)."""
        try:
            return self.closed_
        except AttributeError:  # (not set by _prepare)
            m, p, s, h = self.suit_infos
            found = self.closed_ = [*m.counts, *p.counts, *s.counts, *h.counts]
        return found


def _hand_context(info: _HandInfo, form: str) -> FanContext:
    """A context with the hand-level fields of the hand and form filled in (what the checks of a key not met
    before, and plain evaluation, read); kept as ``info.ctx``."""
    key = info.key
    mask = info.mask
    ctx = info.ctx = FanContext()
    ctx.form = form
    ctx.special_form = form != _STANDARD
    ctx.hk_greater = key & _HK_GREATER != 0
    ctx.hk_knitted = key & _HK_KNITTED != 0
    self_drawn = ctx.self_drawn = key & _HK_SELF != 0
    fourth = ctx.fourth_tile = key & _HK_FOURTH != 0
    about_kong = ctx.about_kong = key & _HK_KONG != 0
    wall_last = ctx.wall_last = key & _HK_WALL != 0
    ctx.any_win_flag = self_drawn or fourth or about_kong or wall_last
    ctx.prevalent = info.winds & 3
    ctx.seat = info.winds >> _WINDS_SEAT
    ctx.mask = mask
    # every kind in one of the classes the "tiles" fans are about (else none of them can apply)
    ctx.one_class = (not mask & _TERMINAL_HONOR or not mask & _NOT_REVERSIBLE or not mask & _NOT_GREEN
                     or not mask & _NOT_TERMINAL_HONOR)
    ctx.hog = key >> _HK_HOG & 7
    honors = ctx.honors = mask & _HONOR != 0
    ctx.has_wind = mask & _WIND_MASK != 0
    ctx.has_dragon = mask & _DRAGON_MASK != 0
    ctx.suits_missing = (not mask & _SM) + (not mask & _SP) + (not mask & _SS)
    ctx.rank_mask = 0 if honors else ((mask | mask >> 9 | mask >> 18) & 0x1FF)
    melded = ctx.melded_packs = key >> _HK_MELDED & 7
    ctx.none_or_all_melded = melded == 0 or melded == 4
    ctx.nine_gates = info.nine_gates
    return ctx


def _plain_fans(checks, ctx) -> tuple:
    """Run checks: the (fan id, count) pairs of the fans present."""
    return tuple([(fid, n) for fid, check in checks if (n := check(ctx))])


def _part_fans(cache: dict, key: int, checks: tuple, ctx: FanContext) -> FanPart:
    """The fans of one part's checks for a key not met before, run on a context holding the fields they read;
    cached by the key."""
    found = part(_plain_fans(checks, ctx))
    if len(cache) >= _KEYS_BOUND:
        cache.clear()
    cache[key] = found
    return found


# A part's key holds every field its groups' checks read (fans.CHECK_GROUPS ``reads``, and the field that opens the
# group), so the "concealment" and "win" (play), "suits", "hog" and "special" (holding), "pungs" and the sets' parts
# are worked out from the key alone: a context filled from it, those fields only (tests/mcr compares them with the
# fields of a hand's own context, and keyed with plain evaluation). The "tiles" part reads the hand's kinds: its
# context is the hand's (_hand_context).
_FORM_OF_CODE = {code: form for form, code in _FORM_CODE.items()}


def _key_context(form_code: int) -> FanContext:
    ctx = FanContext()
    form = ctx.form = _FORM_OF_CODE[form_code]
    ctx.special_form = form != _STANDARD
    return ctx


def _play_context(key: int) -> FanContext:
    """The fields of the "concealment" and "win" checks, from a hand key's _HK_PLAY bits."""
    ctx = _key_context(key >> _HK_FORM & 7)
    self_drawn = ctx.self_drawn = key & _HK_SELF != 0
    fourth = ctx.fourth_tile = key & _HK_FOURTH != 0
    about_kong = ctx.about_kong = key & _HK_KONG != 0
    wall_last = ctx.wall_last = key & _HK_WALL != 0
    ctx.any_win_flag = self_drawn or fourth or about_kong or wall_last
    melded = ctx.melded_packs = key >> _HK_MELDED & 7
    ctx.none_or_all_melded = melded == 0 or melded == 4
    return ctx


def _holding_context(key: int) -> FanContext:
    """The fields of the "suits", "hog" and "special" checks, from a hand key's _HK_HOLDING bits."""
    ctx = _key_context(key >> _HK_FORM & 7)
    ctx.hk_greater = key & _HK_GREATER != 0
    ctx.hk_knitted = key & _HK_KNITTED != 0
    ctx.hog = key >> _HK_HOG & 7
    has_wind = ctx.has_wind = key & _HK_WIND != 0
    has_dragon = ctx.has_dragon = key & _HK_DRAGON != 0
    ctx.honors = has_wind or has_dragon
    ctx.suits_missing = 3 - _BITS4[key >> _HK_SUITS & 7]
    return ctx


def _pungs_context(key: int) -> FanContext:
    """The fields of the "pungs" checks, from a pungs key (_PK_*)."""
    ctx = _key_context(key >> _PK_FORM & 7)
    ctx.n_pungs = key >> _PK_PUNGS & 7
    ctx.terminal_pungs = key & 7
    ctx.dragon_pungs = key >> 3 & 7
    winds = key >> _PK_WINDS & 0xFF  # (_wind_summary)
    ctx.wind_pungs = winds & 7
    ctx.prevalent_pung = winds >> 3 & 1
    ctx.seat_pung = winds >> 4 & 1
    ctx.other_wind_pungs = winds >> 5
    ctx.pair_class = key >> _PK_PAIR & 3
    ctx.notable_pungs = True  # (the key is looked up only then)
    return ctx


def _sets_context(key: int) -> FanContext:
    """The fields of the "chows", "traits" and "waits" checks, from a sets key (_SK_*)."""
    ctx = _key_context(key >> _SK_FORM & 7)
    ctx.pair_class = key & 3
    ctx.traits = key >> _SK_TRAITS & 3
    ctx.waits_flags = key >> _SK_WAITS & 15
    chows = key >> _SK_CHOWS
    ctx.no_pungs = chows != 0
    ctx.n_chows = chows - 1 if chows else 0  # (with pungs no "chows" fan applies, whatever their number)
    return ctx


_WIN_FLAGS = (_HK_SELF, _HK_FOURTH, _HK_KONG, _HK_WALL)


def _build_keyed_parts() -> None:
    """Work out the parts of every key of the play, holding, pungs and sets parts a hand can make, at once (about
    5,000 keys, some 15 ms), rather than as fresh hands first meet them (a pungs key, say, was still new to one
    fresh hand in forty after 6,000)."""
    for form, code in _FORM_CODE.items():
        hk_form = code << _HK_FORM
        for melded in range(5):
            for flags in range(16):
                key = melded << _HK_MELDED | hk_form
                for i, flag in enumerate(_WIN_FLAGS):
                    if flags >> i & 1:
                        key |= flag
                if key not in _PLAY_FANS:
                    _part_fans(_PLAY_FANS, key, _PLAY_CHECKS, _play_context(key))
        specials = (0, _HK_GREATER, _HK_KNITTED, _HK_GREATER | _HK_KNITTED) if form == F.HONORS_KNITTED else (0,)
        for present in range(32):  # the numbered suits, a wind, a dragon
            for hog in range(4):
                for special in specials:
                    key = present << _HK_SUITS | hog << _HK_HOG | hk_form | special
                    if key not in _HOLDING_FANS:
                        _part_fans(_HOLDING_FANS, key, _HOLDING_CHECKS, _holding_context(key))
        if code <= _FORM_CODE[F.KNITTED]:  # the forms with sets (the special forms have none: one key each)
            sets_keys = [pair | traits << _SK_TRAITS | waits << _SK_WAITS | chows << _SK_CHOWS
                         for pair in range(3) for traits in range(4) for waits in range(16) for chows in range(6)]
        else:
            sets_keys = [1 << _SK_CHOWS]
        for key in sets_keys:
            key |= code << _SK_FORM
            if key not in _SET_FANS:
                _part_fans(_SET_FANS, key, _SET_CHECKS, _sets_context(key))
    # the pungs keys: the pungs' and kongs' count, how many are of terminals, of dragons and of which winds, the
    # pair's class, the form (a knitted straight has at most one pung), what the wind pungs are to every table's
    # winds; keyed when one is of terminals or honors or there are four (see _arrangement_table)
    for form, most in ((F.STANDARD, 4), (F.KNITTED, 1)):
        pk_form = _FORM_CODE[form] << _PK_FORM
        for n in range(1, most + 1):
            for terminals in range(n + 1):
                for dragons in range(min(3, n - terminals) + 1):
                    for wind_bits in range(16):
                        winds = _BITS4[wind_bits]
                        if terminals + dragons + winds > n or not (terminals + dragons + winds or n == 4):
                            continue
                        for pair_class in range(3):
                            key = (terminals * _TERMINAL_PUNG + dragons * _DRAGON_PUNG | n << _PK_PUNGS
                                   | pair_class << _PK_PAIR | pk_form)
                            for table_winds in range(16) if wind_bits else (None,):
                                pkey = key if table_winds is None else (
                                    key | _WIND_SUMMARY[wind_bits << 4 | table_winds] << _PK_WINDS)
                                if pkey not in _PUNG_FANS:
                                    _part_fans(_PUNG_FANS, pkey, _PUNG_CHECKS, _pungs_context(pkey))


def _hand_fans(key: int, info: _HandInfo, form: str) -> FanPart:
    """The fans of the hand-level parts (play, holding, tiles) of a hand key and tiles key (``key``: the hand key
    | the tiles key << _HK_TILES) not met together before: each part from its own cache (worked out when new),
    joined (no fan is set by two parts) and cached by both keys."""
    part = key & _HK_PLAY
    found = _PLAY_FANS.get(part)
    if found is None:
        found = _part_fans(_PLAY_FANS, part, _PLAY_CHECKS, _play_context(part))
    part = key & _HK_HOLDING
    holding = _HOLDING_FANS.get(part)
    if holding is None:
        holding = _part_fans(_HOLDING_FANS, part, _HOLDING_CHECKS, _holding_context(part))
    found = joined(found, holding)
    tiles_key = key >> _HK_TILES
    if tiles_key:
        tiles = _TILE_FANS.get(tiles_key)
        if tiles is None:
            tiles = _part_fans(_TILE_FANS, tiles_key, _TILE_CHECKS, _hand_context(info, form))
        found = joined(found, tiles)
    if len(_HAND_FANS) >= _KEYS_BOUND:
        _HAND_FANS.clear()
    _HAND_FANS[key] = found
    return found


def _full_context(info: _HandInfo, form: str, chows: tuple, pungs: tuple, pung_info: tuple, pair: int,
                  waits_flags: int, traits: int, combos: bool = False) -> FanContext:
    """A context of the hand, form and reading with every field filled in (``combos``: the combination and kong
    fans too, for plain evaluation; the keyed parts make those apart); kept as ``info.ctx``."""
    ctx = _hand_context(info, form)
    ctx.pair_class = _PAIR_CLASS[pair]
    ctx.waits_flags = waits_flags
    ctx.n_chows = len(chows)
    n_pungs, facts, cp, mk, ck = pung_info
    ctx.n_pungs = n_pungs
    if n_pungs:
        ctx.no_pungs = False
        terminals = ctx.terminal_pungs = facts & 7
        dragons = ctx.dragon_pungs = facts >> 3 & 7
        wind_bits = facts >> _WIND_PUNG_SHIFT
        winds = ctx.wind_pungs = _BITS4[wind_bits]
        prevalent = ctx.prevalent_pung = wind_bits >> ctx.prevalent & 1
        seat = ctx.seat_pung = wind_bits >> ctx.seat & 1
        # the wind pungs that are neither the prevalent nor the seat wind
        ctx.other_wind_pungs = winds - prevalent - seat + (prevalent and ctx.prevalent == ctx.seat)
        ctx.notable_pungs = terminals or winds or dragons or n_pungs == 4
        # no kong and fewer than two concealed pungs: no kong fan
        ctx.kong_fans = kong_fans(cp, mk, ck, info.preset.mixed_kong_fan) if mk or ck or cp > 1 else ()
    else:
        ctx.no_pungs = True
        ctx.wind_pungs = ctx.dragon_pungs = ctx.terminal_pungs = ctx.other_wind_pungs = 0
        ctx.prevalent_pung = ctx.seat_pung = 0
        ctx.notable_pungs = False
        ctx.kong_fans = ()
    standard = form == _STANDARD
    ctx.combos = set_fans(chows, pungs, pair) if standard and combos else {}
    ctx.traits = traits_of(traits) if standard else 0
    return ctx


_POT, _POT_WIND = F.PUNG_OF_TERMINALS_OR_HONORS, F.POT_WIND
_STANDARD = F.STANDARD
_STANDARD_KEYS = _FORM_KEYS[_STANDARD]


def _arrangement_table(info: _HandInfo, form_keys: tuple, chows: tuple, pungs: tuple, n_pungs: int, facts: int,
                       cp: int, mk: int, ck: int, pair: int, waits_flags: int = 0, traits: int = 0):
    """The fans of one reading of the hand as (total, {fan id: count}), exclusions applied. ``form_keys``: the
    form's _FORM_KEYS; ``chows``: the chows' middle codes and ``pungs`` the pungs' and kongs' codes (sorted);
    ``n_pungs``, ``facts``, ``cp``, ``mk``, ``ck``: the pungs and kongs, their summed _PUNG_FACT, the concealed
    pungs, melded kongs and concealed kongs; ``traits``: the summed group traits of a standard arrangement
    (:func:`scorer.mcr.combinations.traits_of`)."""
    form_code, hk_form, sk_form, pk_form, form = form_keys
    if info.grouped:
        key = info.key | hk_form
        try:
            found = _HAND_FANS[key]
        except KeyError:
            found = _hand_fans(key, info, form)
        fans, mask, total = found  # mask: the fans present (see scorer.mcr.parts), for the exclusions
        fans = fans.copy()
        pair_class = _PAIR_CLASS[pair]
        key = pair_class | _TRAITS_KEY[traits] | waits_flags << _SK_WAITS | sk_form
        if n_pungs:
            if facts or n_pungs == 4:  # a pung of terminals or honors, or four pungs: the "pungs" fans may apply
                pkey = (facts & _PK_TERMINALS_DRAGONS | n_pungs << _PK_PUNGS | pair_class << _PK_PAIR
                        | pk_form)
                if facts >> _WIND_PUNG_SHIFT:  # the winds matter only to a wind pung
                    pkey |= _WIND_SUMMARY[facts >> _WIND_PUNG_SHIFT << 4 | info.winds] << _PK_WINDS
                try:
                    found = _PUNG_FANS[pkey]
                except KeyError:
                    found = _part_fans(_PUNG_FANS, pkey, _PUNG_CHECKS, _pungs_context(pkey))
                if found[1]:
                    fans.update(found[0])
                    mask |= found[1]
                    total += found[2]
            if mk or ck or cp > 1:  # no kong and fewer than two concealed pungs: no kong fan
                tables = info.tables
                found = tables.kongs.get(kkey := cp | mk << 3 | ck << 6)
                if found is None:
                    found = tables.kongs[kkey] = part(((fid, 1) for fid in kong_fans(
                        cp, mk, ck, tables.preset.mixed_kong_fan)), tables.values)
                fans.update(found[0])
                mask |= found[1]
                total += found[2]
        else:
            key |= (len(chows) + 1) << _SK_CHOWS
        try:
            found = _SET_FANS[key]
        except KeyError:
            found = _part_fans(_SET_FANS, key, _SET_CHECKS, _sets_context(key))
        if found[1]:
            fans.update(found[0])
            mask |= found[1]
            total += found[2]
        if not form_code:  # four sets and a pair: what the sets make together
            combos = set_part(chows, pungs, pair)
            if combos[1]:
                fans.update(combos[0])
                mask |= combos[1]
                total += combos[2]
        tables = info.tables
        values = tables.values
        if tables.own_points:  # the parts' points are the preset's: the total less what the exclusions remove
            table = tables.exclusions
            total -= (exclude_by_mask(fans, table, mask, values) if not table.counted
                      else exclude(fans, table, None, mask, values))
            if _POT_WIND in fans:  # (scored as a Pung of Terminals or Honors, the same points)
                fans[_POT] = fans.get(_POT, 0) + fans.pop(_POT_WIND)
            if not fans and not form_code:
                fans[F.CHICKEN_HAND] = 1
                total = values[F.CHICKEN_HAND]
            return total, fans
        exclude(fans, info.exclusions, None, mask)
    else:
        ctx = _full_context(info, form, chows, pungs, (n_pungs, facts, cp, mk, ck), pair, waits_flags, traits, True)
        fans = dict(_plain_fans(F.HAND_CHECKS, ctx))
        fans.update(_plain_fans(F.ARRANGEMENT_CHECKS, ctx))
        trace = getattr(info, "trace", None)  # explain(): keep what each exclusion removed, and the reading
        if trace is not None:
            why: dict = {}
            trace.append((form, chows, pungs, pair, dict(fans), why, fans))
            exclude(fans, info.exclusions, why)
        else:
            exclude(fans, info.exclusions)
    # exclusions (above), the wind pungs folded into Pung of Terminals or Honors, the total; Chicken Hand when
    # nothing else is left
    if _POT_WIND in fans:
        fans[_POT] = fans.get(_POT, 0) + fans.pop(_POT_WIND)
    values = info.values
    total = 0
    for i, n in fans.items():
        total += values[i] * n
    if not fans and not form_code:
        fans[F.CHICKEN_HAND] = 1
        total = values[F.CHICKEN_HAND]
    return total, fans


class _Suit:
    """What one suit's counts (the winning tile included) say, worked out once per suit and count code: the
    kinds present (as bits over our kinds, and how many), the most copies of a kind and how many kinds have four,
    whether every count is even, whether the suit holds the pair (3n+2 tiles), the tiles key's classes every kind
    of it is of (``classes``: a hand's are its suits' and melds' ANDed), every reading of the suit into sets
    and at most one pair (``single``: the reading when there is exactly one), its part of a knitted straight, its
    state (sets, sets and a pair, or neither) and odd-count kinds, and for the unique-wait test its state and
    completions with one tile of a rank taken out (the winning tile), each worked out when first asked for."""

    __slots__ = ("counts", "honor", "bits", "kinds", "most", "fours", "even", "has_pair", "readings", "single",
                 "packed", "others", "knit", "code", "size", "state", "odd", "index", "key_bits", "summary",
                 "classes")

    def before_state(self, r: int) -> int:
        """:func:`_suit_ok` of the suit with one tile of rank ``r`` (0-based) taken out (0 neither, 1 sets, 2 sets
        and a pair), read from the core's per-suit table (the suit holds at most four of a kind)."""
        if self.others is None:
            self.others = {}
        found = self.others.get(r)
        if found is None:
            found = self.others[r] = (_TARGET_OF_SIZE[self.size - 1]
                                      if suit_code_complete(self.code - (1 << 5 * r), self.honor) else 0)
        return found

    def before_complete(self, r: int) -> bool:
        """Is the suit with one tile of rank ``r`` taken out sets and at most one pair (``before_state`` not 0)?"""
        complete = _small_complete(self)
        if complete is not None:
            return self.code - (1 << 5 * r) in complete
        return self.before_state(r) != 0

    def other_completion(self, r: int, target: int) -> bool:
        """With one tile of rank ``r`` taken out, does a tile of another rank make the suit sets (``target`` 1)
        or sets and a pair (2), the target of the suit's size? (Copies not limited, as in :func:`_completions`.)
        Read from the core's per-suit wait tables when no kind has four tiles (no count then reaches five, so
        "copies not limited" changes nothing; the target is the suit's size's), else from the core's per-suit table,
        rank by rank until one is found; a fifth copy, which that table does not hold, is searched
        (:func:`_suit_ok`)."""
        if self.most < 4:
            kinds = suit_waits(self.code - (1 << 5 * r) << _SUIT_BITS * self.index)[2]  # (distinct, in order)
            return len(kinds) > 1 or kinds != () and kinds[0] != _BASES[self.index] + r
        if self.others is None:
            self.others = {}
        key = 64 + r * 4 + target  # (the keys below 64 are before_state's)
        found = self.others.get(key)
        if found is None:
            found = False
            before = self.code - (1 << 5 * r)
            honor = self.honor
            for x in range(len(self.counts)):
                if x == r:
                    continue
                if before >> 5 * x & 31 < 4:
                    if suit_code_complete(before + (1 << 5 * x), honor):
                        found = True
                        break
                else:  # a fifth copy
                    lst = list(self.counts)
                    lst[r] -= 1
                    lst[x] += 1
                    if _suit_ok(tuple(lst), honor) == target:
                        found = True
                        break
            self.others[key] = found
        return found

_SUITS: tuple[dict, ...] = ({}, {}, {}, {})  # per suit (m, p, s, honors): count code -> _Suit
# Some of a suit's facts packed (``_Suit.summary``), so that the four suits' are summed at once: bits 0-5 its kinds
# present, 6-8 one when a kind is held an odd number of times, 9-13 its part of the hand key (_HK_SUITS.., _HK_WIND, _HK_DRAGON: each suit sets bits of its own, so the
# sum is their OR), 14-17 its kinds held four times, 18-20 one when a kind is held more than four times, 21-23 one
# when it holds the pair (3n+2 tiles), 24-26 one when it is not sets (and a pair). No field carries into the next
# (34 kinds, at most three fours among 14 tiles, four suits). Summed, bits 21 up are 1 exactly when every suit is
# sets and one of them holds the pair: four sets and a pair.
_SuitSummary = int
_SS_KINDS, _SS_ODD, _SS_FOURS, _SS_OVER, _SS_PAIRS, _SS_BROKEN = 0b111111, 6, 14, 18, 21, 24
_SS_ODD_FIELD = 0b111 << _SS_ODD
_SS_KEY_BITS = 0b111 << _HK_SUITS | _HK_WIND | _HK_DRAGON
assert not _SS_KEY_BITS & (_SS_KINDS | _SS_ODD_FIELD | 0b1111111 << _SS_FOURS)
# A suit's single reading packed (``_Suit.packed``), so that the four suits' are summed at once: bits 0-2 the pair
# flag (summed: how many suits hold a pair), 3-9 the pair's code (summed: the pair's, when one suit holds it), 10-19
# the pungs' facts (_PUNG_FACT: the counts of terminal and dragon pungs, one bit a wind pung), 20-31 the groups'
# traits (scorer.mcr.combinations: three counts of at most five groups). No field carries into the next.
_SinglePacked = int
_SP_PAIR, _SP_FACTS, _SP_TRAITS = 3, 10, 20
_BASES = (0, 9, 18, 27)
# a suit's count code: 5 bits a rank (rank 1 lowest; room for every tile of a hand, melds included), so that
# adding a tile of kind k to its suit (_SUIT_OF[k]: 0-2 m p s, 3 honors, 4 flowers) adds _CODE_OF[k]
_SUIT_OF = tuple(min(k // 9, 3) for k in range(34)) + (4,) * 8
_SHIFT_OF = tuple(5 * (k - 9 * _SUIT_OF[k]) for k in range(34)) + (0,) * 8
_CODE_OF = tuple(1 << shift for shift in _SHIFT_OF)
# The closed tiles' count codes as one integer: the core's hand code (scorer.arrangements.HandCode, which the
# parser sums as it reads the tiles: Hand.closed_code): five bits a kind, so 45 bits a suit (m, p, s, honors: each
# suit's count code, as _CODE_OF spells it, the honors' 35 bits last), the red fives counted above (refused); a
# flower adds nothing to it (refused apart: a Hand's concealed tiles are in TILE_ORDER, flowers last).
_SUIT_BITS = 45
_SUIT_FIELD = (1 << _SUIT_BITS) - 1
_P_SHIFT, _S_SHIFT, _H_SHIFT = _SUIT_BITS, 2 * _SUIT_BITS, 3 * _SUIT_BITS
assert _H_SHIFT + 35 == RED_SHIFT and all(CODE_ONE[k] == _CODE_OF[k] << _SUIT_BITS * _SUIT_OF[k] for k in range(34))

_SUITS_BOUND = 100_000  # records kept per suit before the cache starts over
_RANK_SHIFTS = (tuple(range(0, 45, 5)), tuple(range(0, 45, 5)), tuple(range(0, 45, 5)), tuple(range(0, 35, 5)))


def _suit(index: int, code: int) -> _Suit:
    """The record of one suit (0-2 m p s, 3 honors) by its count code, made when first asked for."""
    cache = _SUITS[index]
    found = cache.get(code)
    if found is None:
        if len(cache) >= _SUITS_BOUND:
            cache.clear()
        base = _BASES[index]
        counts = tuple([code >> shift & 31 for shift in _RANK_SHIFTS[index]])
        present = odd = 0  # bit r: rank r (0-based) held / held an odd number of times
        for r, n in enumerate(counts):
            if n:
                present |= 1 << r
                if n & 1:
                    odd |= 1 << r
        bits = present << base
        size = code % 31  # the sum of the five-bit counts (a suit holds fewer than 31 tiles)
        found = _Suit()
        found.counts = counts
        found.most = max(counts)
        found.fours = counts.count(4)
        found.even = not odd
        found.bits = bits
        found.odd = odd << base  # the kinds of the suit held an odd number of times
        found.key_bits = key_bits = _key_bits(bits)  # its part of the hand key: the suit present, or winds and dragons
        found.classes = _classes_of(bits)  # the classes every kind of it is of (_classes_of)
        found.kinds = kinds = present.bit_count()
        found.readings = readings = _suit_readings(code, size, base)
        found.single = single = readings[0] if len(readings) == 1 else None
        # the single reading's pair flag, pair code, pungs' facts and groups' traits packed (_SinglePacked)
        found.packed = (single[0] | single[3] << _SP_PAIR | single[5] << _SP_FACTS | single[6] << _SP_TRAITS
                        if single else 0)
        found.index = index
        found.honor = honor = index == 3
        # bit j: ranks j+1, j+4 and j+7 are all present (the suit's part of a knitted straight)
        found.knit = 0 if honor else present & present >> 3 & present >> 6
        found.has_pair = has_pair = size % 3 == 2
        # sets (1), sets and a pair (2), or neither (0)
        found.state = (2 if has_pair else 1) if readings else 0
        found.summary = (kinds | (odd != 0) << _SS_ODD | key_bits | found.fours << _SS_FOURS  # (_SuitSummary)
                         | (found.most > 4) << _SS_OVER | has_pair << _SS_PAIRS | (not readings) << _SS_BROKEN)
        found.others = None  # made when first needed
        found.code = code
        found.size = size
        cache[code] = found
    return found


# ---- the small suits, built once a process scores hands in numbers ------------------------------------------------
# Most suits of a hand hold at most nine tiles; the complete ones (sets and at most one pair, at most four copies
# of a kind) are about 1,900 count codes per numbered suit and 220 of honors. Once a process has scored
# _BUILD_AFTER hands it is scoring many, so their records are all made at once (about 0.1 s), and the combination
# fans of two to four chows and two or three pungs with them (scorer.mcr.combinations.build_small_parts) and the
# keyed parts of every key a hand can make (_build_keyed_parts), rather than one by one as fresh hands first show
# them. A single hand never pays for it.
_BUILD_AFTER = 64
_SMALL_SUIT_TILES = 9
_scored = [0]  # hands scored before the small suits were built; None once they are


def _complete_codes(ranks: int, chows: bool) -> list[int]:
    """The count codes of every suit of ``ranks`` ranks made of at most three sets and at most one pair (at most
    _SMALL_SUIT_TILES tiles and four copies of a kind)."""
    sets = [3 << 5 * r for r in range(ranks)]
    if chows:
        sets += [(1 << 5 * r) + (1 << 5 * (r + 1)) + (1 << 5 * (r + 2)) for r in range(ranks - 2)]
    pairs = [0] + [2 << 5 * r for r in range(ranks)]
    out = set()
    for n in range(_SMALL_SUIT_TILES // 3 + 1):
        for combo in combinations_with_replacement(sets, n):
            base = sum(combo)
            for pair in pairs:
                code = base + pair
                if 3 * n + (2 if pair else 0) <= _SMALL_SUIT_TILES and \
                        all(code >> shift & 31 <= 4 for shift in range(0, 5 * ranks, 5)):
                    out.add(code)
    return sorted(out)


def _special_codes(ranks: int) -> list[int]:
    """The count codes of the suits the special forms hold most (suits that are not sets, so _complete_codes leaves
    them out): pairs only, at most seven (seven pairs); each rank at most once (the knitted tiles and honors of
    Lesser/Greater Honors and Knitted Tiles); for a numbered suit, its 1 and 9 at most twice each (thirteen
    orphans), and for honors every kind at most once but one twice (thirteen orphans)."""
    out = set()
    for present in range(1 << ranks):  # which ranks are present
        singles = sum(1 << 5 * r for r in range(ranks) if present >> r & 1)
        if bin(present).count("1") <= 7:
            out.add(2 * singles)  # pairs on those ranks
        if ranks == 7:
            out.add(singles)
            out.update(singles + (1 << 5 * r) for r in range(ranks) if present >> r & 1)
    if ranks == 9:
        sets = [3 << 5 * r for r in range(9)] + [(1 << 5 * r) + (1 << 5 * r + 5) + (1 << 5 * r + 10) for r in range(7)]
        pairs = [2 << 5 * r for r in range(9)]
        for knit in _KNITTED_RANK_SETS:
            for present in range(1 << 3):
                out.add(sum(1 << 5 * r for i, r in enumerate(knit) if present >> i & 1))
            # a knitted straight's part of the suit with the hand's set, its pair or both
            full = sum(1 << 5 * r for r in knit)
            for extra in sets + pairs + [a + b for a in sets for b in pairs]:
                code = full + extra
                if all(code >> 5 * r & 31 <= 4 for r in range(9)):
                    out.add(code)
        out.update(a + (b << 40) for a in range(3) for b in range(3))  # the 1 and the 9 of thirteen orphans
    return sorted(out)


_KNITTED_RANK_SETS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))  # the ranks (0-based) a suit of knitted tiles may hold


def _build_small_suits() -> None:
    _scored[0] = None
    complete = _complete_codes(9, True)
    for index in range(3):
        for code in complete + _special_codes(9):
            _suit(index, code)
    complete_honors = _complete_codes(7, False)
    for code in complete_honors + _special_codes(7):
        _suit(3, code)
    build_small_parts()
    _build_keyed_parts()
    _SMALL_COMPLETE[:] = [frozenset(complete), frozenset(complete_honors)]


# the count codes of every complete suit of at most _SMALL_SUIT_TILES tiles (numbered, honors), once built
_SMALL_COMPLETE: list = [None, None]
# what a suit of so many tiles can be: 1 sets, 2 sets and a pair, 0 neither
_TARGET_OF_SIZE = tuple((2 if n % 3 == 2 else 1 if n % 3 == 0 else 0) for n in range(20))


def _small_complete(suit: _Suit):
    """The set of every complete code of the suit's kind (numbered or honors) when the suit is small enough for
    it to hold them all and no rank holds four (so moving a tile cannot make a fifth copy); else None."""
    if suit.size > _SMALL_SUIT_TILES or suit.most >= 4:
        return None
    return _SMALL_COMPLETE[suit.honor]


def _could_be_sets(counts: list[int], target: int) -> bool:
    """A quick necessary condition for :func:`_suit_ok` (``counts`` of a numbered suit) to be ``target``: sets
    never bridge a rank that is absent, so each run of present ranks holds 3n tiles, or 3n+2 for the one run that
    holds the pair."""
    pairs = run = 0
    for n in counts:
        if n:
            run += n
        elif run:
            left = run % 3
            if left == 1:
                return False
            pairs += left == 2
            run = 0
    if run:
        left = run % 3
        if left == 1:
            return False
        pairs += left == 2
    return pairs == target - 1


def _completions(counts: list[int], honor: bool, target: int, skip: int = -1, first: bool = False
                 ) -> tuple[int, ...]:
    """The ranks that, added to a suit (copies not limited), make it sets (``target`` 1) or sets and a pair (2):
    :func:`_suit_completions` of that target, skipping ranks no set can use and suits whose runs cannot split.
    ``skip``: a rank not to try; ``first``: stop at the first one found."""
    out = []
    lst = list(counts)
    for x in range(len(lst)):
        if x == skip:
            continue
        if honor:
            if not lst[x]:
                continue  # a lone honor is never part of a set
        elif not (lst[x] or (x > 0 and lst[x - 1]) or (x < 8 and lst[x + 1]) or (x > 1 and lst[x - 2])
                  or (x < 7 and lst[x + 2])):
            continue
        lst[x] += 1
        if _could_be_sets(lst, target) and _suit_ok(tuple(lst), honor) == target:
            out.append(x)
            if first:
                break
        lst[x] -= 1
    return tuple(out)


def _winning_waits(facts: _HandInfo, n_melds: int) -> list[int]:
    """The waits of the 13 tiles before the winning tile of a complete hand (what :func:`mcr_waits` gives), read
    from the core's per-suit wait tables on the closed tiles' hand code less the winning tile: when the hand is
    four sets and a pair, from the winning tile's suit and the pair's (:func:`scorer.arrangements.waits_of_win`),
    else from every suit (:func:`scorer.arrangements.completing_kinds`) — the standard form, seven pairs (a kind's
    four counting as two pairs) and thirteen orphans either way; then the knitted shapes' (:func:`_knitted_waits`).
    A kind all four of which are in view (the hand's tiles and melds) is left out. The kinds in order, each once."""
    win = facts.win
    code = facts.code - CODE_ONE[win]
    m, p, s, h = suits = facts.suit_infos
    if facts.summed >> _SS_PAIRS == 1:  # every suit is sets, one of them with the pair (see _SuitSummary)
        # a kind of the pair's suit (waits_of_win reads only which suit holds the pair)
        pair = (win if suits[_SUIT_OF[win]].has_pair else 0 if m.has_pair else 9 if p.has_pair
                else 18 if s.has_pair else 27)
        waits = waits_of_win(code, win, pair, n_melds, True)
    elif (facts.summed >> _SS_BROKEN & 7) - (suits[_SUIT_OF[win]].state == 0) >= 2:
        # two suits that split no way besides the winning tile's, which it leaves as they are: no standard wait
        waits = special_waits(code, True) if not n_melds else []
    else:
        waits = completing_kinds(code, 13 - 3 * n_melds, n_melds, True)
    # a knitted straight holds eight of its nine kinds before the winning tile, so two numbered suits hold all
    # three of theirs (_Suit.knit); honors and knitted tiles hold thirteen kinds (the winning tile, counted in
    # both, only adds)
    if n_melds <= 1 and (m.knit and (p.knit or s.knit) or p.knit and s.knit
                         or not n_melds and facts.closed_mask.bit_count() >= 13):
        waits = _knitted_waits(facts, code, n_melds, waits)
    every = facts.every
    if every is None:  # no kind has four tiles in view (counting the winning one too)
        return waits
    # in view: the tiles before the winning one and the melds' (``every`` counts the winning tile too, whose kind
    # is then never four in view): bit 2 of a kind's count field is set for a count of four only
    fours = every & _FOUR_BITS & ~(4 << 5 * win)
    return _not_four(waits, fours) if fours else waits


def _not_four(waits: list[int], fours: HandCode) -> list[int]:
    """The kinds of ``waits`` whose count field in ``fours`` (a hand code's bits of the counts of four) is clear."""
    return [k for k in waits if not fours >> 5 * k & 4]


def _knitted_waits(facts: _HandInfo, code: HandCode, n_melds: int, waits: list[int]) -> list[int]:
    """``waits`` (the kinds in order, each once) with the waits of the knitted shapes of the 13 tiles before the
    winning tile (``code``: their hand code; no meld, or one for a knitted straight): a knitted straight with a set
    and a pair (or the meld), and honors and knitted tiles."""
    win = facts.win
    suits = facts.suit_infos
    mask = facts.closed_mask
    s = _SUIT_OF[win]
    if suits[s].counts[win - _BASES[s]] == 1:
        mask &= ~(1 << win)  # the kinds held before the winning tile
    n = len(waits)
    # eight of a knitted straight's nine kinds: at least two of each numbered suit
    if (mask & _NUMBERED_MASK).bit_count() >= 8 and (mask & _SM).bit_count() >= 2 \
            and (mask & _SP).bit_count() >= 2 and (mask & _SS).bit_count() >= 2:
        for seq_code, seq_mask in zip(_KNITTED_CODES, _KNITTED_MASKS):
            if (mask & seq_mask).bit_count() >= 8:
                # a knitted straight and a set and a pair (or one meld) once the tile is in: read from the core's
                # tables, the rest beside the straight counted as three more sets
                missing = seq_mask & ~mask
                if not missing:  # the straight held: the rest's waits
                    waits += completing_kinds(code - seq_code, 4 - 3 * n_melds, n_melds + 3)
                else:  # the straight waits on its missing kind: the rest is a set and a pair (or the pair)
                    k = missing.bit_length() - 1
                    if standard_splits(code - (seq_code - CODE_ONE[k]))[0]:
                        waits.append(k)
    if not n_melds and mask.bit_count() == 13 and mask & ~_ORPHANS_MASK:
        # honors and knitted tiles: thirteen different tiles, the numbered ones of one knitted straight's kinds
        numbered = mask & ~_HONOR
        for seq_mask in _KNITTED_MASKS:
            if not numbered & ~seq_mask:
                left = (seq_mask | _HONOR) & ~mask
                while left:
                    low = left & -left
                    waits.append(low.bit_length() - 1)
                    left ^= low
    return sorted(set(waits)) if len(waits) != n else waits


def _suit_readings(code: int, size: int, base: int) -> tuple:
    """Every way one suit (its count code and number of tiles) splits into sets and at most one pair, as
    (has_pair, chow middles, pung codes, pair code or 0, reference sort keys, the pungs' summed facts (_PUNG_FACT),
    the groups' summed traits). Read from the core's per-suit table entry of the code (its splits in the suit's
    own kinds: sequence starts and triplet kinds ascending, the pair or None, in the order of their sorted
    groups), with no intermediate groups."""
    entry = _suit_entry_of_code(code, base == 27, size)
    if entry is None:
        return ()
    out = []
    codes = CODE[base:base + 9]
    for seqs, trips, pair in entry[0]:
        chows, pungs, keys = [], [], []
        traits = facts = 0
        for i in seqs:
            c = codes[i]
            mid = c + 1  # the next kind's code: a chow is written by its middle tile
            chows.append(mid)
            keys.append((c, True))
            traits += _CHOW_TRAIT[mid]
        for i in trips:
            c = codes[i]
            pungs.append(c)
            keys.append((c, False))
            facts += _PUNG_FACT[c]
            traits += _PUNG_TRAIT[c]
        if pair is None:
            pair_code = 0
        else:
            pair_code = codes[pair]
            traits += _PUNG_TRAIT[pair_code]
        out.append((pair is not None, tuple(chows), tuple(pungs), pair_code, tuple(keys), facts, traits))
    return tuple(out)


# the traits (scorer.mcr.combinations) of a chow by its middle tile's code, of a pung or pair by its tile's code
_CHOW_TRAIT = [chow_trait(c) if c < 0x41 and 2 <= c & 0xF <= 8 else 0 for c in range(0x48)]
_PUNG_TRAIT = [pung_trait(c) if c in KIND_OF_CODE else 0 for c in range(0x48)]
# What a pung's code says about it, summed over an arrangement's pungs: bits 0-2 count the pungs of terminals,
# bits 3-5 those of dragons, and bit 6 + w is set for the pung of the wind w (0-3: East, South, West, North).
_TERMINAL_PUNG, _DRAGON_PUNG, _WIND_PUNG_SHIFT = 1, 1 << 3, 6
_PUNG_FACT = [(_TERMINAL_PUNG if c < 0x41 and c & 0xF in (1, 9) else _DRAGON_PUNG if c >= 0x45
               else 1 << (_WIND_PUNG_SHIFT + c - 0x41) if c >= 0x41 else 0) if c in KIND_OF_CODE else 0
              for c in range(0x48)]
_BITS4 = [n.bit_count() for n in range(16)]


def _wind_summary(wind_bits: int, prevalent: int, seat: int) -> int:
    """What the wind pungs (bit w: a pung of wind w) are to a hand of these winds, packed: bits 0-2 how many, 3 the
    prevalent wind's, 4 the seat wind's, 5-7 the others (as _full_context counts them)."""
    winds = _BITS4[wind_bits]
    pre, sea = wind_bits >> prevalent & 1, wind_bits >> seat & 1
    other = winds - pre - sea + (pre and prevalent == seat)
    return winds | pre << 3 | sea << 4 | other << 5


# by the wind pungs' bits << 4 | the hand's winds (_HandInfo.winds)
_WIND_SUMMARY = [_wind_summary(i >> 4, i & 3, i >> 2 & 3) for i in range(256)]
_PAIR_CLASS = [F.pair_class(c) for c in range(0x48)]  # by the pair's code (0: no pair)
# by the summed traits of an arrangement: traits_of, where the sets key holds it
_TRAITS_KEY = [traits_of(packed) << _SK_TRAITS for packed in range(1 << 12)]
_NO_PUNGS = (0, 0, 0, 0, 0)  # (pungs, facts, concealed pungs, melded kongs, concealed kongs) of no pung
_NO_FIXED_PUNGS = (0, 0, 0, 0)  # (pungs, facts, melded kongs, concealed kongs) of no declared pung


def _standard_readings(suit_infos) -> list:
    """Every arrangement of the closed tiles (given as the four suits' records) into sets and one pair:
    (keys, chow middles, pung codes (both sorted tuples), pair, the pungs' facts, summed traits), in the
    reference's order (sets sorted, compared tile by tile, a pung before a chow on the same tile)."""
    per = []
    for suit in suit_infos:
        if not suit.readings:
            return []
        if suit.kinds:
            per.append(suit.readings)
    out = []
    for combo in product(*per):
        if sum(1 for c in combo if c[0]) != 1:
            continue
        chows, pungs, keys = [], [], []
        pair = traits = facts = 0
        for _, ch, pu, pa, ks, fa, tr in combo:
            chows += ch
            pungs += pu
            keys += ks
            facts += fa
            traits += tr
            if pa:
                pair = pa
        chows.sort()
        pungs.sort()
        out.append((keys, tuple(chows), tuple(pungs), pair, facts, traits))
    if len(out) > 1:
        out.sort(key=lambda r: sorted(r[0]))
    return out


def _unique_wait(info: _HandInfo) -> bool:
    """Did the hand before the winning tile wait on that one kind only? (The suits other than the winning tile's
    are the same before and after it.)"""
    win = info.win
    s = _SUIT_OF[win]
    suit = info.suit_infos[s]
    r = win - _BASES[s]
    # Does another kind complete the standard form (the winning kind is one)? That depends on the winning tile's
    # suit and rank alone: kept in the suit's record (its ``others``, from _ALONE_KEY up)
    others = suit.others
    if others is None:
        others = suit.others = {}
    try:
        alone = others[_ALONE_KEY + r]
    except KeyError:
        alone = others[_ALONE_KEY + r] = _alone_in_suit(suit, r)
    if not alone:
        return False
    if info.n_melds == 0 and info.closed_kinds <= 8:
        # six pairs and a single (at most 8 kinds with the tile): the single is a wait too
        k = _single_of_six_pairs(info.suit_infos, win)
        if k is not None and k != win:
            return False
    return True


_ALONE_KEY = 128  # _Suit.others: keys 0-63 before_state's, 64-127 other_completion's, 128 + rank _alone_in_suit's


def _alone_in_suit(suit: _Suit, r: int) -> bool:
    """With one tile of rank ``r`` of this suit (the winning tile) taken out, does no other kind complete the
    standard form? Every suit of the complete hand is sets, one of them with the pair."""
    if suit.has_pair:
        # the winning tile's suit held the pair: the suit without it must take the tile and end with a pair
        return not suit.other_completion(r, 2)
    if not suit.before_complete(r):
        # the suit without the winning tile is not sets and a pair: it must take the tile, ending as sets
        return not suit.other_completion(r, 1)
    # two suits with a pair (the winning tile's and the pair's): either may take the tile and end as sets, and
    # the pair's suit always can (its pair becomes a pung)
    return False


def _odd_kinds(suits: tuple) -> int:
    """The kinds held an odd number of times, as bits over our kinds."""
    return suits[0].odd | suits[1].odd | suits[2].odd | suits[3].odd


def _single_of_six_pairs(suits: tuple, win: int) -> int | None:
    """The kind of the single when the 13 tiles before the winning one are six pairs and a single (a count of
    three or four holding one or two pairs), else None: then exactly one kind has an odd count."""
    odd = _odd_kinds(suits) ^ (1 << win)  # the winning tile out
    return odd.bit_length() - 1 if odd and not odd & (odd - 1) else None


def _standard_forms(info: _HandInfo) -> list:
    """Every arrangement into four sets and a pair, in the reference's order: [(total, fans)]."""
    return [_standard_table(info, chows, pungs, pair, facts, traits)
            for _, chows, pungs, pair, facts, traits in _standard_readings(info.suit_infos)]


def _standard_table(info: _HandInfo, concealed_chows: tuple, concealed_pungs: tuple, pair: int, facts: int,
                    traits: int) -> tuple:
    """(total, fans) of one arrangement into four sets and a pair: the closed tiles' chows and pungs (sorted
    codes), the pair, the closed pungs' summed facts and the closed groups' summed traits, with the melds'."""
    win_code = CODE[info.win]
    self_drawn = info.self_drawn
    fixed_chows = info.fixed_chows
    chows = tuple(sorted(fixed_chows + concealed_chows)) if fixed_chows else concealed_chows
    # edge, closed or single wait: where the winning tile sits, counted only when the hand waited on that
    # one tile (tested once per hand, and only when some arrangement could use it)
    flags = 4 if pair == win_code else 0
    for m in concealed_chows:
        if m == win_code:
            flags |= 2
        elif m + 1 == win_code:
            flags |= 1
            if m & 0xF >= 3:  # on the high end, a kind below (6 of 456 from 45, which 3 completes too)
                info.unique_wait = False
        elif m - 1 == win_code:
            flags |= 1
            if m & 0xF <= 7:  # on the low end, a kind above (4 of 456 from 56, which 7 completes too)
                info.unique_wait = False
    # a pung completed by a discard is exposed, unless the winning tile fits a concealed chow
    cp = len(concealed_pungs)
    if not (self_drawn or flags & 3 or win_code not in concealed_pungs):
        cp -= 1
    fixed_pungs = info.fixed_pungs
    pung_codes = tuple(sorted(fixed_pungs + concealed_pungs)) if fixed_pungs else concealed_pungs
    n_fixed, fixed_facts, mk, ck = info.fixed_pung_facts
    if flags:
        if (info.melded == 4 and not self_drawn) or mk + ck == 4:  # (melded hand, four kongs: no wait fan)
            flags = 0
        else:
            if info.unique_wait is None:
                info.unique_wait = _unique_wait(info)
            if not info.unique_wait:
                flags = 0
    return _arrangement_table(info, _STANDARD_KEYS, chows, pung_codes, n_fixed + len(concealed_pungs),
                              facts + fixed_facts, cp, mk, ck, pair, flags, traits + info.fixed_traits)


def _knitted_form(info: _HandInfo):
    if info.n_melds > 1 or info.closed_kinds < 9:
        return None
    m, p, s, _ = info.suit_infos
    if m.kinds < 3 or p.kinds < 3 or s.kinds < 3:  # a knitted straight has three kinds of each suit
        return None
    closed = info.closed
    cm = info.closed_mask
    for seq, seq_mask in zip(KNITTED_SEQS, _KNITTED_MASKS):
        if cm & seq_mask == seq_mask:
            break
    else:
        return None
    rem = list(closed)
    for k in seq:
        rem[k] -= 1
    win = info.win
    chows, pungs, pair = (), (), 0
    pinfo = _NO_PUNGS
    if info.n_melds == 1:
        kinds = [k for k in range(34) if rem[k]]
        if len(kinds) != 1 or rem[kinds[0]] != 2:
            return None
        pair = CODE[kinds[0]]
        if info.fixed_chows:
            chows = tuple(info.fixed_chows)
        else:
            pungs = tuple(info.fixed_pungs)
            n, facts, mk, ck = info.fixed_pung_facts
            pinfo = (n, facts, 0, mk, ck)
        # the winning tile was already held: it completed the pair (the reference's single wait here)
        return _arrangement_table(info, _FORM_KEYS[F.KNITTED], chows, pungs, *pinfo, pair,
                                  8 if closed[win] >= 2 else 0)
    found = _set_and_pair(rem)
    if found is None:
        return None
    pair_kind, set_kind, is_chow = found
    pair = CODE[pair_kind]
    if is_chow:
        chows = (CODE[set_kind + 1],)
    else:
        code = CODE[set_kind]
        pungs = (code,)
        pinfo = (1, _PUNG_FACT[code], 1, 0, 0)  # a concealed pung
    flags = 0
    if rem[win]:
        # the wait of the set and pair outside the knitted straight (the reference's reading)
        rest = list(rem)
        rest[win] -= 1
        if len(set(standard_wait_kinds(rest))) == 1:
            wc = CODE[win]
            for m in chows:
                if m == wc:
                    flags |= 2
                elif m + 1 == wc or m - 1 == wc:
                    flags |= 1
            if pair == wc:
                flags |= 4
    return _arrangement_table(info, _FORM_KEYS[F.KNITTED], chows, pungs, *pinfo, pair, flags)


def _set_and_pair(counts: list[int]):
    """Five tiles (34 counts) as one set and a pair: (pair kind, set kind, is a chow (the set's lowest kind) or a
    pung), or None. (Five tiles have at most one such reading: a second pair would need the first one's kind
    three times, a pung, leaving no set.)"""
    kinds = [k for k in range(34) if counts[k]]
    out = None
    for pk in kinds:
        if counts[pk] < 2:
            continue
        counts[pk] -= 2
        rest = [k for k in kinds if counts[k]]
        if len(rest) == 1 and counts[rest[0]] == 3:
            found = (pk, rest[0], False)
        elif len(rest) == 3 and rest[0] < 27 and rest[0] % 9 <= 6 and rest[1] == rest[0] + 1 \
                and rest[2] == rest[0] + 2:  # (three kinds of the three tiles left: one of each)
            found = (pk, rest[0], True)
        else:
            found = None
        counts[pk] += 2
        if found is not None:
            if out is not None:
                return None
            out = found
    return out


def _special_form(info: _HandInfo):
    """Seven (shifted) pairs, thirteen orphans or honors and knitted tiles, read from the kinds present (the 14
    closed tiles of a hand without melds): (form, (total, fans)) or None."""
    distinct = info.closed_kinds
    mask = info.closed_mask
    m, p, s, h = info.suit_infos
    if distinct <= 7 and m.even and p.even and s.even and h.even:
        # seven shifted pairs: seven pairs of consecutive kinds of one suit (1-7, 2-8 or 3-9)
        low = mask & -mask
        shifted = (distinct == 7 and m.most <= 2 and p.most <= 2 and s.most <= 2 and mask == low * 0b1111111
                   and mask < 1 << 27 and (low.bit_length() - 1) % 9 <= 2)
        form = F.SHIFTED if shifted else F.SEVEN
    elif distinct == 13 and mask == _ORPHANS_MASK:  # every terminal and honor, one of them twice
        form = F.ORPHANS
    elif distinct == 14:  # 14 different kinds: honors and knitted tiles when the numbered ones are knitted
        numbered = mask & _NUMBERED_MASK
        n = numbered.bit_count()
        if not 7 <= n <= 9 or not any(not numbered & ~seq_mask for seq_mask in _KNITTED_MASKS):
            return None
        form = F.HONORS_KNITTED
        # greater: all seven honors; with a knitted straight: all nine numbered tiles
        info.key |= (_HK_GREATER if n == 7 else 0) | (_HK_KNITTED if n == 9 else 0)
    else:
        return None
    return form, _arrangement_table(info, _FORM_KEYS[form], (), (), *_NO_PUNGS, 0)


def _nine_gates_form(info: _HandInfo):
    """Nine Gates: 1112345678999 of one suit held, won on any tile of that suit."""
    if not info.nine_gates:
        return None
    ctx = _hand_context(info, F.NINE)
    ctx.no_sets()
    fans = {}
    for fid, check in F.WIN_FLAG_CHECKS:
        n = check(ctx)
        if n:
            fans[fid] = n
    fans[F.NINE_GATES] = 1
    for fid in NINE_GATES_EXTRAS[info.win % 9 + 1]:
        fans[fid] = 1
    trace = getattr(info, "trace", None)  # explain(): keep what each exclusion removed
    if trace is not None:
        why: dict = {}
        trace.append((F.NINE, (), (), 0, dict(fans), why, fans))
        exclude(fans, info.exclusions, why)
    else:
        exclude(fans, info.exclusions)
    values = info.values
    return sum(n * values[i] for i, n in fans.items()), fans


_CHI, _PON, _KAN, _ANKAN = MeldType.CHI, MeldType.PON, MeldType.KAN, MeldType.ANKAN
_NINE_GATES_HELD = [3, 1, 1, 1, 1, 1, 1, 1, 3]
_NINE_GATES_CODE = sum(n << 5 * r for r, n in enumerate(_NINE_GATES_HELD))  # its count code in a numbered suit


def _too_many(hand: Hand) -> None:
    """Raise for a hand with a fifth tile of a kind, naming the first such kind."""
    counts = [0] * 34
    for t in hand.concealed + (hand.winning_tile,) + tuple(t for m in hand.melds for t in m.tiles):
        counts[t.kind] += 1
    bad = next(k for k in range(34) if counts[k] > 4)
    raise ImpossibleHandError(f"more than four {Tile(bad)} in the hand")


def _key_bits(mask: int) -> int:
    """The hand key's bits (_HK_SUITS.., _HK_WIND, _HK_DRAGON) of the kinds in ``mask``: which numbered suits are
    present, a wind, a dragon."""
    return ((mask & _SM != 0) << _HK_SUITS | (mask & _SP != 0) << _HK_SUITS + 1 | (mask & _SS != 0) << _HK_SUITS + 2
            | (_HK_WIND if mask & _WIND_MASK else 0) | (_HK_DRAGON if mask & _DRAGON_MASK else 0))


_KEY_BITS_OF_KIND = tuple(_key_bits(1 << k) for k in range(34))
_CLASS_BITS = _HK_SIMPLES | _HK_REVERSIBLE | _HK_GREEN | _HK_TERMINALS | _HK_OUTSIDE


def _classes_of(mask: int) -> int:
    """The tiles key's class bits (_HK_SIMPLES, _HK_REVERSIBLE, _HK_GREEN, _HK_TERMINALS, _HK_OUTSIDE) that hold
    for every kind in ``mask`` (all of them for no kind): so a hand's are the AND of its suits' and melds'."""
    return ((0 if mask & _TERMINAL_HONOR else _HK_SIMPLES) | (0 if mask & _NOT_REVERSIBLE else _HK_REVERSIBLE)
            | (0 if mask & _NOT_GREEN else _HK_GREEN) | (0 if mask & _NOT_TERMINAL else _HK_TERMINALS)
            | (0 if mask & _NOT_TERMINAL_HONOR else _HK_OUTSIDE))

# What a declared meld adds to a hand, by the meld's id (the parser shares one Meld per meld it reads, so melds repeat
# from hand to hand; bounded): (the meld, its chow's middle code or 0, its pung's or kong's code or 0, its tiles'
# hand code, its kinds as bits, its bits of the hand key (_key_bits), its _MeldSummary, its group's trait
# (scorer.mcr.combinations), its kinds' classes (_classes_of)). An entry keeps its meld
# alive, so while it is here no other object has that id.
_MELD_FACTS: dict[int, tuple] = {}
_MELDS_BOUND = 4096
# A meld's counts packed (``_MeldSummary``), so that the melds' are summed at once: bits 0-2 one for a melded pack
# (chow, pung or melded kong: not a concealed kong), 3-5 one for a melded kong, 6-8 one for a concealed kong, 9 up
# its pung's facts (_PUNG_FACT: the counts of terminal and dragon pungs, one bit a wind pung). No field carries into
# the next (four melds), and the sum stays under 2**30 (one digit of a Python int).
_MeldSummary = int
_MS_MELDED_KONGS, _MS_CONCEALED_KONGS, _MS_FACTS = 3, 6, 9
# Over a hand code with no count over four: bit 2 of a kind's field is set for a count of four only
_FOUR_BITS = sum(4 << 5 * k for k in range(34))


def _meld_facts(meld) -> tuple:
    """A meld's entry of _MELD_FACTS, made when first met (a red five raises, and is not kept)."""
    tiles = meld.tiles
    if any(t.red for t in tiles):
        raise ImpossibleHandError("red fives are not used under rules:mcr")
    k = tiles[0].kind
    typ = meld.type
    code = sum(CODE_ONE[t.kind] for t in tiles)
    if typ is _CHI:
        mid = CODE[k + 1]
        found = (meld, mid, 0, code, 7 << k, _KEY_BITS_OF_KIND[k], 1, _CHOW_TRAIT[mid], _classes_of(7 << k))
    else:
        pung = CODE[k]
        counts = 1 if typ is _PON else 1 | 1 << _MS_MELDED_KONGS if typ is _KAN else 1 << _MS_CONCEALED_KONGS
        found = (meld, 0, pung, code, 1 << k, _KEY_BITS_OF_KIND[k], counts | _PUNG_FACT[pung] << _MS_FACTS,
                 _PUNG_TRAIT[pung], _classes_of(1 << k))
    if len(_MELD_FACTS) >= _MELDS_BOUND:
        _MELD_FACTS.clear()
    _MELD_FACTS[id(meld)] = found
    return found
_LOW4, _HIGH4, _MID3 = F.RANKS_FAN_RANGES  # ranks 1-4, 6-9, 4-6 as bits 0-8


def _prepare(hand: Hand, preset: McrPreset, grouped: bool = True, sit: tuple | None = None) -> _HandInfo:
    """What every form and arrangement of a complete hand of 14 tiles reads (``sit``: the hand's situation's entry
    of _SITUATIONS, looked up when not given)."""
    if sit is None:
        sit = _SITUATIONS.get(id(hand.situation)) or _situation_facts(hand)
    info = _HandInfo()
    info.grouped = grouped  # False: run every check plainly (tests compare the two)
    info.tables = _TABLES.get(preset.name) or _preset_tables(preset)
    wt = hand.winning_tile
    win = wt.kind
    # the closed tiles' hand code (the parser's, else worked out once: Hand.closed_code), split into the suits'
    # count codes below; red fives are counted above its count fields, and flowers are not in it
    try:
        code = hand._closed_code
    except AttributeError:
        code = hand.closed_code()
    if code >> RED_SHIFT:
        raise ImpossibleHandError("red fives are not used under rules:mcr")
    # a flower adds nothing to the code, so a hand tile that is one leaves the code a tile short (its count fields
    # sum to the tiles, five bits a kind: 32 is 1 mod 31, and 14 tiles stay under 31; evaluate checked the hand has
    # 14 tiles, its melds counting 3)
    if code % 31 != 14 - 3 * len(hand.melds):
        raise ImpossibleHandError("a flower is not a hand tile; flowers are counted apart")
    info.code = code
    held_win = (code >> 5 * win & 31) - 1  # copies of the winning tile's kind held before it
    # the suits' records (a cache hit is a plain subscript: a miss, rare once the small suits are built, raises)
    c0, c1, c2, c3 = code & _SUIT_FIELD, code >> _P_SHIFT & _SUIT_FIELD, code >> _S_SHIFT & _SUIT_FIELD, code >> _H_SHIFT
    sm, sp, ss, sh = _SUITS
    try:
        m = sm[c0]
    except KeyError:
        m = _suit(0, c0)
    try:
        p = sp[c1]
    except KeyError:
        p = _suit(1, c1)
    try:
        s_ = ss[c2]
    except KeyError:
        s_ = _suit(2, c2)
    try:
        h = sh[c3]
    except KeyError:
        h = _suit(3, c3)
    suits = (m, p, s_, h)
    mask = info.closed_mask = m.bits | p.bits | s_.bits | h.bits
    classes = m.classes & p.classes & s_.classes & h.classes
    summed: _SuitSummary = m.summary + p.summary + s_.summary + h.summary
    info.summed = summed
    key_bits = summed & _SS_KEY_BITS  # the suits, winds and dragons present
    info.closed_kinds = summed & _SS_KINDS
    melds = hand.melds
    if melds:
        fixed_chows = []
        fixed_pungs = []
        every: HandCode = code  # the closed tiles' hand code with the melds' tiles
        summed_melds: _MeldSummary = 0
        fixed_traits = 0
        facts_of = _MELD_FACTS
        for meld in melds:
            # (an entry keeps its meld alive, so no other object has that id while the entry is there)
            found = facts_of.get(id(meld)) or _meld_facts(meld)
            if found[1]:
                fixed_chows.append(found[1])
            else:
                fixed_pungs.append(found[2])
            every += found[3]
            mask |= found[4]
            key_bits |= found[5]
            summed_melds += found[6]
            fixed_traits += found[7]
            classes &= found[8]
        # a fifth copy of a kind (the closed tiles' and the melds'); the kinds with four tiles, the melds' counted
        if (every + OVER_FOUR_ADD) & OVER_FOUR_TEST:
            _too_many(hand)
        fours = (every & _FOUR_BITS).bit_count()
        win_in_melds = (every >> 5 * win & 31) - held_win - 1  # the winning kind's tiles in the melds
        melded = summed_melds & 7
        melded_kongs = summed_melds >> _MS_MELDED_KONGS & 7
        concealed_kongs = summed_melds >> _MS_CONCEALED_KONGS & 7
        info.fixed_chows = tuple(fixed_chows)
        info.fixed_pungs = tuple(fixed_pungs)
        # the declared pungs and kongs: how many, their facts (_PUNG_FACT), melded and concealed kongs
        info.fixed_pung_facts = (len(fixed_pungs), summed_melds >> _MS_FACTS, melded_kongs, concealed_kongs)
        info.fixed_traits = fixed_traits
    else:
        melded = win_in_melds = melded_kongs = concealed_kongs = 0
        info.fixed_chows = info.fixed_pungs = ()
        info.fixed_pung_facts = _NO_FIXED_PUNGS
        info.fixed_traits = 0
        if summed >> _SS_OVER & 7:  # a kind held more than four times
            _too_many(hand)
        fours = summed >> _SS_FOURS & 15
        every = code
    kongs = melded_kongs + concealed_kongs
    # the hand key (see _HK_*): win flags corrected as a referee would: the last tile cannot be one you hold; three
    # in your melds make it so; a replacement tile needs a kong, a robbed kong a tile not otherwise in the hand
    key = melded << _HK_MELDED | (fours - kongs) << _HK_HOG | sit[_SIT_KEY]
    self_drawn = info.self_drawn = sit[_SIT_SELF]
    if sit[_SIT_SPECIAL]:
        s = hand.situation
        if s.rinshan or s.chankan:
            if self_drawn:
                if kongs:
                    key |= _HK_KONG
            elif not (win_in_melds or held_win):
                key |= _HK_KONG
        if s.last_tile and not held_win:
            key |= _HK_FOURTH
    if win_in_melds == 3:
        key |= _HK_FOURTH
    tiles = 0  # the tiles key
    if not key_bits & _HK_HONORS:  # (no wind, no dragon: then the mask is of the numbered kinds only)
        ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF
        if not ranks & ~_LOW4 or not ranks & ~_HIGH4 or not ranks & ~_MID3:  # else no Upper/Middle/Lower fan
            tiles = ranks
    key |= key_bits
    if classes:  # every kind of one class (the suits' and melds' classes, ANDed): the "tiles" fans read which
        tiles |= classes
        if mask & _TERMINAL:
            tiles |= _HK_TERMINAL
    info.key = key | tiles << _HK_TILES
    # for the waits' in-view filter: the hand code of every tile, melds included (needed only when a kind has four)
    info.every = every if fours else None
    info.mask = mask
    info.winds = sit[_SIT_WINDS]
    n_melds = info.n_melds = len(melds)
    # Nine Gates: 1112345678999 of one suit held before the winning tile of that suit (so the nine kinds of it)
    info.nine_gates = (not n_melds and summed & _SS_KINDS == 9 and win < 27
                       and suits[_SUIT_OF[win]].code - _CODE_OF[win] == _NINE_GATES_CODE)
    info.suit_infos = suits
    info.win = win
    info.melded = melded
    info.unique_wait = None
    return info


def _best(info: _HandInfo):
    """(form, total, {fan id: count}) of the best reading, or None when the hand is not complete.

    Ties between arrangements keep the first (in the reference's order) unless the later one has a Pure Triple
    Chow or a Triple Pung; an arrangement that ties with seven pairs is preferred to it."""
    best = None
    n_melds = info.n_melds
    kinds = info.closed_kinds
    # seven (shifted) pairs hold at most 7 kinds, each an even number of times; thirteen orphans 13 kinds, honors
    # and knitted tiles 14
    if n_melds == 0 and (kinds >= 13 or kinds <= 7 and not info.summed & _SS_ODD_FIELD):
        sp = _special_form(info)
        if sp is not None:
            best = (sp[0], sp[1][0], sp[1][1])
    if best is None and n_melds <= 1 and kinds >= 9:  # a knitted straight is 9 kinds
        m, p, s, _ = info.suit_infos
        if _KNITTED_SUITS[m.knit | p.knit << 3 | s.knit << 6]:
            r = _knitted_form(info)
            if r is not None:
                best = (F.KNITTED, r[0], r[1])
    if best is None and n_melds == 0 and info.nine_gates:
        r = _nine_gates_form(info)
        if r is not None:
            best = (F.NINE, r[0], r[1])
    if best is None or best[0] == F.SEVEN:
        sm, sp, ss, sh = info.suit_infos
        m, p, s, h = sm.single, sp.single, ss.single, sh.single
        if m and p and s and h:
            # the common case: one reading per suit, and so at most one arrangement (when one suit has the pair);
            # the codes run m (0x1_), s (0x2_), p (0x3_), honors (0x4_): joined in that order the sets stay sorted
            packed: _SinglePacked = sm.packed + sp.packed + ss.packed + sh.packed
            if packed & 7 != 1:
                return best
            total, fans = _standard_table(info, m[1] + s[1] + p[1], m[2] + s[2] + p[2] + h[2],
                                          packed >> _SP_PAIR & 0x7F, packed >> _SP_FACTS & 0x3FF,
                                          packed >> _SP_TRAITS)
            if best is None or total >= best[1]:  # (an arrangement that ties with seven pairs is preferred to it)
                best = (F.STANDARD, total, fans)
            return best
        seven = best is not None
        for total, fans in _standard_forms(info):
            if best is None or total > best[1] or (total == best[1] and (
                    seven or F.PURE_TRIPLE_CHOW in fans or F.TRIPLE_PUNG in fans)):
                best = (F.STANDARD, total, fans)
    return best


def _check_tiles(hand: Hand) -> None:
    """Red fives and flowers among the hand tiles (for hands that are not scored, which skip _prepare)."""
    tiles = list(hand.concealed) + [t for m in hand.melds for t in m.tiles]
    if hand.winning_tile is not None:
        tiles.append(hand.winning_tile)
    if any(t.red for t in tiles):
        raise ImpossibleHandError("red fives are not used under rules:mcr")
    if any(t.is_flower for t in tiles):
        raise ImpossibleHandError("a flower is not a hand tile; flowers are counted apart")


# ---- incomplete hands ------------------------------------------------------------------------------------------------


# ---- public --------------------------------------------------------------------------------------------------------
_DEFAULT_PRESET = find_preset(None)
_OUR_PRESETS: dict[str, bool] = {}  # rules name -> are the presets its hands name ours?


def _names_our_preset(rules: str) -> bool:
    """Does a hand of these rules name one of this rule set's presets? The rule-set registry says whose presets
    the rules' hands name (a hand of other rules is scored here with the default preset)."""
    found = _OUR_PRESETS.get(rules)
    if found is None:
        try:
            found = find_ruleset(rules).presets() is PRESETS
        except NotationError:  # rules no rule set has
            found = False
        _OUR_PRESETS[rules] = found
    return found


def evaluate(hand: Hand, preset: str | None = None) -> McrResult:
    """Score a hand under MCR. Raises :class:`ImpossibleHandError` for a hand that cannot exist under MCR
    (red fives, dora, a fifth tile, a wrong number of tiles)."""
    name = preset or (hand.preset if hand.preset is not None and _names_our_preset(hand.rules) else None)
    p = _DEFAULT_PRESET if name is None else find_preset(name)
    # what makes a hand impossible under MCR beyond its tiles (those are checked as they are counted)
    s = hand.situation
    try:
        sit = _SITUATIONS[id(s)]  # (a situation met before is one that passed the checks below)
    except KeyError:
        sit = _situation_facts(hand)
    flower_tiles = hand.flowers
    if flower_tiles and len(flower_tiles) > 8:
        raise ImpossibleHandError("at most 8 flowers")
    scored = _scored[0]
    if scored is not None:
        if scored >= _BUILD_AFTER:
            _build_small_suits()
        else:
            _scored[0] = scored + 1
    flowers = len(flower_tiles) if flower_tiles else sit[_SIT_FLOWERS]  # (Hand.flower_total)
    n_melds = len(hand.melds)
    if hand.winning_tile is None or len(hand.concealed) + 3 * n_melds != 13:
        size = len(hand.concealed) + (hand.winning_tile is not None) + 3 * n_melds
        _check_tiles(hand)
        closed = [0] * 34
        for t in hand.closed_tiles:
            closed[t.kind] += 1
        in_view = [0] * 34
        for m in hand.melds:
            for t in m.tiles:
                in_view[t.kind] += 1
        if any(closed[k] + in_view[k] > 4 for k in range(34)):
            raise ImpossibleHandError("more than four of a tile in the hand")
        if size == 13:
            return McrResult(hand, p.name, False, "not complete", flowers=flowers,
                             shanten=mcr_shanten(closed, n_melds),
                             waits_=tuple(Tile(k) for k in mcr_waits(closed, n_melds, in_view)))
        if hand.winning_tile is None and size == 14:
            raise ImpossibleHandError("14 tiles and no winning tile: name it (+X in the notation)")
        raise ImpossibleHandError(f"an MCR hand has 14 tiles with the winning tile (each meld counts 3), "
                                  f"this one has {size}")
    info = _prepare(hand, p, True, sit)
    best = _best(info)
    if best is None:
        return McrResult(hand, p.name, False, "not complete", flowers=flowers,
                         shanten=mcr_shanten(list(info.closed), n_melds))
    form, total, fans = best
    meets = total >= p.minimum
    # the result's fields set by plain stores (the frozen dataclass's __init__ sets each through a call); the same
    # fields, every one of them
    r = _ResultDraft()
    r.hand = hand
    r.preset = p.name
    r.win = meets
    r.reason = None if meets else "below 8 points"
    r.fans_ = fans
    r.fan_total = total
    r.flowers = flowers
    r.form = form
    r.shanten = -1
    r.waits_ = None
    if meets:
        pay = (total + flowers) << 1 | sit[_SIT_SELF]
        try:
            r.payments = _PAYMENTS[pay]
        except KeyError:
            r.payments = _payments_of(pay)
    else:
        r.payments = ()
    r.facts_ = info
    _become(r, "__class__", McrResult)
    return r


_become = object.__setattr__
# What a hand's Situation says to MCR scoring, by the situation's id (the parser shares one Situation per set of
# keywords it reads, so situations repeat from hand to hand; bounded): (the situation, its part of the hand key
# (_HK_SELF, _HK_WALL), whether a kong or last-tile flag is set (_prepare then reads which), self-drawn (0 or 1),
# the winds (_HandInfo.winds), the flower count or 0). Only a situation that passed evaluate's checks is kept; an
# entry keeps its situation alive, so while it is here no other object has that id.
_SITUATIONS: dict[int, tuple] = {}
_SITUATIONS_BOUND = 4096
_SIT_KEY, _SIT_SPECIAL, _SIT_SELF, _SIT_WINDS, _SIT_FLOWERS = 1, 2, 3, 4, 5


def _situation_facts(hand: Hand) -> tuple:
    """The checks of what makes a hand impossible under MCR beyond its tiles (those are checked as they are
    counted), in order, raising on the first that fails; then the situation's entry of _SITUATIONS, made and
    kept."""
    s = hand.situation
    if s.dora or s.ura or s.riichi or s.double_riichi or s.ippatsu or s.tenhou or s.chiihou:
        if s.dora or s.ura:
            raise ImpossibleHandError("dora and ura indicators are not used under rules:mcr")
        raise ImpossibleHandError("riichi, ippatsu, tenhou and chiihou are not used under rules:mcr")
    flower_tiles = hand.flowers
    flower_count = s.flower_count
    if (flower_tiles and len(flower_tiles) > 8) or (flower_count and flower_count > 8):
        raise ImpossibleHandError("at most 8 flowers")
    if (s.round_wind | s.seat_wind) & ~3:  # either outside 0-3 (a negative one too)
        raise ImpossibleHandError("winds are 0-3 (East, South, West, North)")
    key = (_HK_SELF if s.tsumo else 0) | (_HK_WALL if s.haitei or s.houtei else 0)
    special = bool(s.rinshan or s.chankan or s.last_tile)
    found = (s, key, special, 1 if s.tsumo else 0, s.round_wind | s.seat_wind << _WINDS_SEAT, flower_count or 0)
    if len(_SITUATIONS) >= _SITUATIONS_BOUND:
        _SITUATIONS.clear()
    _SITUATIONS[id(s)] = found
    return found
# the payments of a win (scorer.mcr.points.payments' shared tuples) by its total (flowers included) << 1 | self-drawn:
# one look-up of a small int, not a call keyed by a tuple
_PAYMENTS: dict[int, tuple[Payment, ...]] = {}


def _payments_of(key: int) -> tuple[Payment, ...]:
    if len(_PAYMENTS) >= 4096:
        _PAYMENTS.clear()
    found = _PAYMENTS[key] = payments(key >> 1, bool(key & 1))
    return found


def dropped_flags(hand: Hand) -> list[dict]:
    """The win flags of a hand that the rules make impossible, which the evaluation drops as a referee would
    (see the hand key in :func:`_prepare`), each as {"flag", "why"}: ``last-tile`` when the hand holds another
    copy of the winning tile (the last of its kind has its other three in view, none in the hand, unless three
    are in its own melds); ``chankan`` on a discard win when the hand holds or has melded the winning tile's kind
    (a robbed kong's tile is the fourth of its kind, the other three in the robbed pung). Off the hot path."""
    s = hand.situation
    wt = hand.winning_tile
    if wt is None:
        return []
    held = sum(t.kind == wt.kind for t in hand.concealed)
    in_melds = sum(t.kind == wt.kind for m in hand.melds for t in m.tiles)
    out = []
    if s.last_tile and held and in_melds != 3:
        out.append({"flag": "last-tile", "why": f"{wt} cannot be the last of its kind: the hand holds "
                                                f"{held} more ({F.FAN_BY_ID[F.LAST_TILE].name} not counted)"})
    if s.chankan and not s.tsumo and (held or in_melds):
        where = "holds" if held else "has melded"
        fan = F.FAN_BY_ID[F.ROBBING_THE_KONG].name
        out.append({"flag": "chankan", "why": f"{wt} cannot be robbed from a kong: the hand {where} "
                                              f"{held or in_melds} of its four ({fan} not counted)"})
    return out


def explain(hand: Hand, preset: str | None = None) -> tuple | None:
    """How the best form of a complete hand was counted, for explanations (off the hot path: the hand is scored
    again in plain mode, every check on a full context): (form, chows' middle codes, pungs' codes, pair code,
    {fan id: count} before the exclusions, {removed fan id: (the fan that removed it, counts)}, the fans counted),
    or None for a hand that is not complete. The same hand as :func:`evaluate` reads (its preset included)."""
    result = evaluate(hand, preset)
    if result.form is None:
        return None
    info = _prepare(hand, find_preset(result.preset), grouped=False)
    info.trace = []
    best = _best(info)
    for entry in info.trace:
        if entry[6] is best[2]:  # the form that won: its fans are the very dict _best returned
            return entry
    return None
