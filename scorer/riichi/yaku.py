"""Riichi yaku: one table. Each yaku is data (id, names, han, yakuman value) plus one pure check ``applies(ctx)``.

The evaluator fills one :class:`Ctx` per placement (an arrangement of the hand with the place its winning tile
sits): everything a yaku needs to read — the sets, the pair, the wait, which triplets are concealed, the tile
classes, the situation and the preset's options — is computed there once. Every check is one expression over
that context and reads nothing else. Which yaku a stronger one replaces (iipeikou by ryanpeikou, chanta by
junchan ...) lives in :data:`SUPERSEDED_BY`, not in the order of the checks; when a yakuman applies, only
yakuman count. For speed :func:`find_yaku` compiles the table's check expressions into one function (on first
use) that answers the set of yaku that apply as bits, and resolves each set that occurs only once;
:func:`find_yaku_plainly` is the same thing one ``applies`` at a time, and the tests hold them equal.

Kanji names are written the way Tenhou writes them in its logs (``役牌 中``, ``場風 東``, ``自風 南`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# the yaku checks are expressions compiled against this module's names (SEVEN_PAIRS, TANKI ... included)
from scorer.arrangements import SEVEN_PAIRS, STANDARD, TANKI, THIRTEEN_ORPHANS  # noqa: F401

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
_WIND_KANJI = "東南西北"
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)   # 1112345678999 of one suit
_NINE_GATES_CODE = sum(n << 5 * i for i, n in enumerate(_NINE_GATES))


_SIMPLE_MASK = sum(1 << k for k in range(27) if 0 < k % 9 < 8)
_TH_MASK = sum(1 << k for k in _ORPHANS)
_HONOR_MASK = sum(1 << k for k in range(27, 34))
_TERMINAL_MASK = sum(1 << k for k in _TERMINALS)
_GREEN_MASK = sum(1 << k for k in _GREEN)
_MAN_MASK, _PIN_MASK, _SOU_MASK = (sum(1 << k for k in range(9 * s, 9 * s + 9)) for s in range(3))
# the kinds outside each class: a hand is all of a class when its mask has none of them
_NOT_SIMPLE, _NOT_TH, _NOT_HONOR, _NOT_TERMINAL, _NOT_GREEN = (
    ~m for m in (_SIMPLE_MASK, _TH_MASK, _HONOR_MASK, _TERMINAL_MASK, _GREEN_MASK))


_APPLIES: dict[str, Callable] = {}


class Ctx:
    """What a winning hand and one of its placements imply; every yaku and the fu count read it and nothing else.

    Built once per hand (the hand-level facts: tile classes, suits, the closed tiles, situation, options); the
    placement facts (sets, pair, wait, concealed triplets) are filled in for each placement in turn. Kinds are the
    package's private 0-33 numbers (hot code); ``mask`` has bit k set when the hand holds kind k. ``code`` is the
    closed tiles' *tile code*, winning tile included: the sum of ``count_k << 5k`` over the kinds, so that
    ``code >> 5 * k & 31`` is how many of kind k they hold. The sequence facts ``groups_all_th`` (every group holds
    a terminal or an honor), ``groups_all_term`` (a terminal) and ``has_pinfu_shape`` are worked out only for a
    placement with a sequence (chanta, junchan and pinfu need one), and are False otherwise.
    """

    __slots__ = ("opts", "sit", "closed", "tsumo", "round_kind", "seat_kind", "code", "n_melds",
                 "all_simple", "all_th", "all_honor", "all_terminal", "all_green", "n_suits", "mask",
                 "has_honor", "pons", "open_kans", "ankans", "meld_seqs", "kans", "win",
                 # placement facts
                 "form", "closed_trips", "ron_trip", "seqs", "trips", "ankou", "pair", "wait", "groups_all_th",
                 "groups_all_term", "has_pinfu_shape")

    def set_tiles(self, code, n_melds, mask) -> None:
        """The hand-level tile facts: the tile code of the closed tiles and the bit mask of the kinds in the hand
        (melds included)."""
        self.code = code
        self.n_melds = n_melds
        self.mask = mask
        self.all_simple = not mask & _NOT_SIMPLE
        self.all_th = not mask & _NOT_TH
        self.all_honor = not mask & _NOT_HONOR
        self.all_terminal = not mask & _NOT_TERMINAL
        self.all_green = not mask & _NOT_GREEN
        self.has_honor = mask & _HONOR_MASK != 0
        self.n_suits = (mask & _MAN_MASK != 0) + (mask & _PIN_MASK != 0) + (mask & _SOU_MASK != 0)

    @property
    def suit(self) -> int:
        """The one suit of a one-suit hand (0 man, 1 pin, 2 sou), else -1."""
        if self.n_suits != 1:
            return -1
        return 0 if self.mask & _MAN_MASK else 1 if self.mask & _PIN_MASK else 2


@dataclass(frozen=True, slots=True, eq=False)   # each yaku is one entry of the table: compared by identity
class Yaku:
    """One yaku. ``check`` is its condition, a Python expression over the placement's :class:`Ctx` ``c``;
    ``applies(ctx)`` evaluates it. ``han_open`` None: closed hands only. ``yakuman``: 0 for a regular yaku, else
    its multiplier; ``double`` marks the yakuman that a preset with ``double_yakuman`` counts twice. ``needs``
    names what the hand must have for the yaku to be possible at all (``"trips"``: a triplet or kan, ``"seqs"``:
    a sequence); it is part of the condition, and lets the compiled table skip whole groups at once."""

    id: str
    name: str
    kanji: str
    han_closed: int
    han_open: int | None
    check: str
    yakuman: int = 0
    double: bool = False
    needs: str = ""

    def applies(self, ctx: Ctx) -> bool:
        """Does this yaku apply to the placement ``ctx``? (The check is compiled on first use.)"""
        fn = _APPLIES.get(self.id)
        if fn is None:
            guard = f"c.{self.needs} and " if self.needs else ""
            fn = _APPLIES[self.id] = eval(f"lambda c: bool({guard}({self.check}))", _CHECK_NAMESPACE)
        return fn(ctx)

    def han(self, closed: bool) -> int | None:
        return self.han_closed if closed else self.han_open

    def multiplier(self, double_yakuman: bool) -> int:
        return self.yakuman * (2 if self.double and double_yakuman else 1)


# ---- checks ------------------------------------------------------------------------------------------------------
def _seq_pairs(seqs) -> int:
    """How many pairs of identical sequences (iipeikou 1, ryanpeikou 2)."""
    if len(set(seqs)) == len(seqs):   # no two alike, as in most hands
        return 0
    s = sorted(seqs)
    pairs = i = 0
    while i < len(s) - 1:
        if s[i] == s[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def _sanshoku(c: Ctx) -> bool:
    seqs = c.seqs
    for n in seqs:
        if n < 9 and n + 9 in seqs and n + 18 in seqs:
            return True
    return False


def _doukou(c: Ctx) -> bool:
    trips = c.trips
    for n in trips:
        if n < 9 and n + 9 in trips and n + 18 in trips:
            return True
    return False


def _ittsu(c: Ctx) -> bool:
    seqs = c.seqs
    for b in (0, 9, 18):
        if b in seqs and b + 3 in seqs and b + 6 in seqs:
            return True
    return False


def _chuuren_shape(c: Ctx) -> bool:
    """Nine gates: a closed hand of one suit holding 1112345678999 of it (and one more tile of the suit)."""
    if c.form != STANDARD or c.n_melds or c.n_suits != 1 or c.has_honor:
        return False
    code = c.code >> 45 * c.suit   # the suit's counts, five bits each (the tile code, see Ctx.set_tiles)
    return all(code >> 5 * i & 31 >= n for i, n in enumerate(_NINE_GATES))


def _junsei_chuuren(c: Ctx) -> bool:
    """Pure nine gates: a closed hand of one suit that held exactly 1112345678999 before its winning tile (a
    nine-sided wait: any tile of the suit completes it)."""
    if c.n_melds or c.n_suits != 1 or c.has_honor:
        return False
    return c.code - (1 << 5 * c.win) == _NINE_GATES_CODE << 45 * c.suit


def _kokushi13(c: Ctx) -> bool:
    """Thirteen-sided wait: every terminal and honor was held once, so the winning tile made the pair (the
    closed tiles hold two of its kind)."""
    return c.form == THIRTEEN_ORPHANS and c.code >> 5 * c.win & 31 == 2


def _wind_trips(c: Ctx) -> int:
    trips = c.trips
    return (27 in trips) + (28 in trips) + (29 in trips) + (30 in trips)


def _dragon_trips(c: Ctx) -> int:
    trips = c.trips
    return (31 in trips) + (32 in trips) + (33 in trips)


_CHECK_NAMESPACE = {name: obj for name, obj in globals().items() if name.startswith("_") or name.isupper()}


def _wind_yaku(prefix: str, kanji: str, attr: str) -> tuple[Yaku, ...]:
    names = ("east", "south", "west", "north")
    return tuple(Yaku(f"{prefix}_{'eswn'[w]}", f"{prefix.replace('_', ' ')} {names[w]}", f"{kanji} {_WIND_KANJI[w]}",
                      1, 1, f"c.{attr} == {27 + w} and {27 + w} in c.trips", needs="trips") for w in range(4))


# ---- the table -----------------------------------------------------------------------------------------------------
_CHECK_NAMESPACE.update(globals())
_Y = Yaku
YAKU: tuple[Yaku, ...] = (
    # situation (facts of the table, from the hand's Situation)
    _Y("menzen_tsumo", "menzen tsumo", "門前清自摸和", 1, None, "c.tsumo and c.closed"),
    _Y("riichi", "riichi", "立直", 1, None, "c.sit.riichi and not c.sit.double_riichi"),
    _Y("ippatsu", "ippatsu", "一発", 1, None, "c.sit.ippatsu and (c.sit.riichi or c.sit.double_riichi)"),
    _Y("chankan", "chankan", "槍槓", 1, 1, "c.sit.chankan"),
    _Y("rinshan", "rinshan kaihou", "嶺上開花", 1, 1, "c.sit.rinshan"),
    _Y("haitei", "haitei raoyue", "海底摸月", 1, 1, "c.sit.haitei"),
    _Y("houtei", "houtei raoyui", "河底撈魚", 1, 1, "c.sit.houtei"),
    # hand
    _Y("pinfu", "pinfu", "平和", 1, None, "c.has_pinfu_shape", needs="seqs"),
    _Y("tanyao", "tanyao", "断幺九", 1, 1, "c.all_simple and (c.closed or c.opts.open_tanyao)"),
    _Y("iipeikou", "iipeikou", "一盃口", 1, None, "len(c.seqs) >= 2 and _seq_pairs(c.seqs) == 1", needs="seqs"),
    *_wind_yaku("seat_wind", "自風", "seat_kind"),
    *_wind_yaku("round_wind", "場風", "round_kind"),
    _Y("haku", "yakuhai haku", "役牌 白", 1, 1, "31 in c.trips", needs="trips"),
    _Y("hatsu", "yakuhai hatsu", "役牌 發", 1, 1, "32 in c.trips", needs="trips"),
    _Y("chun", "yakuhai chun", "役牌 中", 1, 1, "33 in c.trips", needs="trips"),
    _Y("double_riichi", "double riichi", "両立直", 2, None, "c.sit.double_riichi"),
    _Y("chiitoitsu", "chiitoitsu", "七対子", 2, None, "c.form == SEVEN_PAIRS"),
    _Y("chanta", "chanta", "混全帯幺九", 2, 1, "c.groups_all_th and c.seqs and c.has_honor", needs="seqs"),
    _Y("ittsu", "ittsu", "一気通貫", 2, 1, "len(c.seqs) >= 3 and _ittsu(c)", needs="seqs"),
    _Y("sanshoku", "sanshoku doujun", "三色同順", 2, 1, "len(c.seqs) >= 3 and _sanshoku(c)", needs="seqs"),
    _Y("sanshoku_doukou", "sanshoku doukou", "三色同刻", 2, 2, "len(c.trips) >= 3 and _doukou(c)", needs="trips"),
    _Y("sankantsu", "sankantsu", "三槓子", 2, 2, "c.kans == 3", needs="trips"),
    _Y("toitoi", "toitoi", "対々和", 2, 2, "len(c.trips) == 4", needs="trips"),
    _Y("sanankou", "sanankou", "三暗刻", 2, 2, "c.ankou >= 3", needs="trips"),
    _Y("shousangen", "shousangen", "小三元", 2, 2, "c.pair is not None and c.pair >= 31 and _dragon_trips(c) == 2", needs="trips"),
    _Y("honroutou", "honroutou", "混老頭", 2, 2, "c.all_th and c.form != THIRTEEN_ORPHANS"),
    _Y("ryanpeikou", "ryanpeikou", "二盃口", 3, None, "len(c.seqs) == 4 and _seq_pairs(c.seqs) == 2", needs="seqs"),
    _Y("junchan", "junchan", "純全帯幺九", 3, 2, "c.groups_all_term and c.seqs", needs="seqs"),
    _Y("honitsu", "honitsu", "混一色", 3, 2, "c.n_suits == 1 and c.has_honor"),
    _Y("chinitsu", "chinitsu", "清一色", 6, 5, "c.n_suits == 1 and not c.has_honor"),
    # yakuman
    _Y("tenhou", "tenhou", "天和", 13, None, "c.sit.tenhou", yakuman=1),
    _Y("chiihou", "chiihou", "地和", 13, None, "c.sit.chiihou", yakuman=1),
    _Y("daisangen", "daisangen", "大三元", 13, 13, "len(c.trips) >= 3 and _dragon_trips(c) == 3", yakuman=1, needs="trips"),
    _Y("suuankou", "suuankou", "四暗刻", 13, None, "c.ankou == 4", yakuman=1, needs="trips"),
    _Y("suuankou_tanki", "suuankou tanki", "四暗刻単騎", 13, None, "c.ankou == 4 and c.wait == TANKI", yakuman=1,
       double=True, needs="trips"),
    _Y("tsuuiisou", "tsuuiisou", "字一色", 13, 13, "c.all_honor", yakuman=1),
    _Y("ryuuiisou", "ryuuiisou", "緑一色", 13, 13, "c.all_green", yakuman=1),
    _Y("chinroutou", "chinroutou", "清老頭", 13, 13, "c.all_terminal", yakuman=1),
    _Y("chuuren", "chuuren poutou", "九蓮宝燈", 13, None, "c.n_suits == 1 and _chuuren_shape(c)", yakuman=1),
    _Y("junsei_chuuren", "junsei chuuren poutou", "純正九蓮宝燈", 13, None,
       "c.n_suits == 1 and _junsei_chuuren(c)", yakuman=1, double=True),
    _Y("kokushi", "kokushi musou", "国士無双", 13, None, "c.form == THIRTEEN_ORPHANS", yakuman=1),
    _Y("kokushi13", "kokushi musou 13-sided", "国士無双１３面", 13, None,
       "c.form == THIRTEEN_ORPHANS and _kokushi13(c)", yakuman=1, double=True),
    _Y("daisuushii", "daisuushii", "大四喜", 13, 13, "len(c.trips) == 4 and _wind_trips(c) == 4", yakuman=1,
       double=True, needs="trips"),
    _Y("shousuushii", "shousuushii", "小四喜", 13, 13,
       "len(c.trips) >= 3 and c.pair is not None and 27 <= c.pair <= 30 and _wind_trips(c) == 3", yakuman=1, needs="trips"),
    _Y("suukantsu", "suukantsu", "四槓子", 13, 13, "c.kans == 4", yakuman=1, needs="trips"),
)

YAKU_BY_ID: dict[str, Yaku] = {y.id: y for y in YAKU}

# A yaku is dropped when one of the yaku listed for it also applies (the stronger form replaces the weaker).
SUPERSEDED_BY: dict[str, tuple[str, ...]] = {
    "iipeikou": ("ryanpeikou",),
    "chanta": ("junchan", "honroutou"),
    "honitsu": ("chinitsu",),
    "sanankou": ("suuankou",),
    "suuankou": ("suuankou_tanki",),
    "chuuren": ("junsei_chuuren",),
    "kokushi": ("kokushi13",),
    "riichi": ("double_riichi",),
}

# Yakuman that a hand must not combine with each other are impossible anyway; regular yaku are all dropped when
# a yakuman applies (see :func:`find_yaku`).

DORA_NAMES = {"dora": ("dora", "ドラ"), "red": ("red dora", "赤ドラ"), "ura": ("ura dora", "裏ドラ")}


# names the compiled function binds once instead of reading them from the context in every check
_PRELUDE = (("len(c.seqs)", "n_seqs", "len(c.seqs)"), ("len(c.trips)", "n_trips", "len(c.trips)"),
            ("c.sit.", "sit.", "c.sit"), ("c.trips", "trips", "c.trips"), ("c.seqs", "seqs", "c.seqs"),
            ("c.form", "form", "c.form"), ("c.pair", "pair", "c.pair"), ("c.closed", "closed", "c.closed"))


def _compile(table: tuple[Yaku, ...], name: str):
    """One function that evaluates every check of ``table`` in one frame and returns the yaku that apply, as a set
    of bits (bit i: ``YAKU[i]``).

    The checks are the table's own expressions; compiling them together only saves a call per yaku, and the
    context attributes they share are read once (``c.trips`` becomes a local ``trips``, and so on). As the answer
    is a set, the order of the checks does not matter: all the yaku that need the same thing sit under one test
    of it."""
    lines = [f"def {name}(c):"]
    for _, local, source in _PRELUDE:
        lines.append(f"    {local.rstrip('.')} = {source}")
    lines.append("    bits = 0")
    by_need: dict[str, list[str]] = {}
    for y in table:
        expr = y.check
        for pattern, local, _ in _PRELUDE:
            expr = expr.replace(pattern, local)
        by_need.setdefault(y.needs, []).append(f"if {expr}: bits |= {1 << _INDEX[y.id]}")
    for need, checks in by_need.items():
        indent = "    "
        if need:
            lines.append(f"    if {need}:")
            indent = "        "
        lines.extend(indent + check for check in checks)
    lines.append("    return bits")
    ns = dict(_CHECK_NAMESPACE)
    exec("\n".join(lines), ns)
    return ns[name]


def _drop_superseded(found: list[Yaku]) -> list[Yaku]:
    """When any yakuman applies only the yakuman count; a yaku goes when a stronger form of it also applies."""
    if any(y.yakuman for y in found):
        found = [y for y in found if y.yakuman]
    ids = {y.id for y in found}
    return [y for y in found if not any(s in ids for s in SUPERSEDED_BY.get(y.id, ()))]


_INDEX = {y.id: i for i, y in enumerate(YAKU)}
_OPEN_YAKU = tuple(y for y in YAKU if y.han_open is not None)
_compiled: list = []   # [closed-hand checker, open-hand checker], compiled on first use (keeps imports light)
# the yaku of each set of bits the checkers answer, superseded ones removed: a table over sets of yaku, filled as
# sets occur (a few hundred do), so that a hand pays for the rules of SUPERSEDED_BY only once per set
_kept: dict[int, tuple[Yaku, ...]] = {}


def find_yaku(ctx: Ctx) -> tuple[Yaku, ...]:
    """The yaku of one placement, superseded ones removed; when any yakuman applies only the yakuman remain."""
    if not _compiled:
        _compiled.extend((_compile(YAKU, "_all_closed"), _compile(_OPEN_YAKU, "_all_open")))
    bits = _compiled[0](ctx) if ctx.closed else _compiled[1](ctx)
    found = _kept.get(bits)
    if found is None:
        found = _kept[bits] = tuple(_drop_superseded([y for i, y in enumerate(YAKU) if bits >> i & 1]))
    return found


def find_yaku_plainly(ctx: Ctx) -> list[Yaku]:
    """:func:`find_yaku` spelled out one ``applies`` at a time (the specification; tests check they agree)."""
    return _drop_superseded([y for y in YAKU if (ctx.closed or y.han_open is not None) and y.applies(ctx)])
