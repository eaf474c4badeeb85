"""Riichi yaku: one table. Each yaku is data (id, names, han, yakuman value) plus one pure check ``applies(ctx)``.

The evaluator fills one :class:`Ctx` per placement (an arrangement of the hand with the place its winning tile
sits): everything a yaku needs to read — the sets, the pair, the wait, which triplets are concealed, the tile
classes, the situation and the preset's options — is computed there once. Every check is one expression over
that context and reads nothing else. Which yaku a stronger one replaces (iipeikou by ryanpeikou, chanta by
junchan ...) lives in :data:`SUPERSEDED_BY`, not in the order of the checks; when a yakuman applies, only
yakuman count. For speed :func:`find_yaku` compiles the table's check expressions into one function (on first
use); :func:`find_yaku_plainly` is the same thing one ``applies`` at a time, and the tests hold them equal.

Kanji names are written the way Tenhou writes them in its logs (``役牌 中``, ``場風 東``, ``自風 南`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from scorer.arrangements import SEVEN_PAIRS, STANDARD, TANKI, THIRTEEN_ORPHANS

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
_WIND_KANJI = "東南西北"


_SIMPLE_MASK = sum(1 << k for k in range(27) if 0 < k % 9 < 8)
_TH_MASK = sum(1 << k for k in _ORPHANS)
_HONOR_MASK = sum(1 << k for k in range(27, 34))
_TERMINAL_MASK = sum(1 << k for k in _TERMINALS)
_GREEN_MASK = sum(1 << k for k in _GREEN)
_SUIT_MASKS = tuple(sum(1 << k for k in range(9 * s, 9 * s + 9)) for s in range(3))


_APPLIES: dict[str, Callable] = {}


class Ctx:
    """What a winning hand and one of its placements imply; every yaku and the fu count read it and nothing else.

    Built once per hand (the hand-level facts: tile classes, suits, concealed counts, situation, options); the
    placement facts (sets, pair, wait, concealed triplets) are filled in for each placement in turn. Kinds are the
    package's private 0-33 numbers (hot code). ``suit`` is the one suit of a one-suit hand, else -1.
    """

    __slots__ = ("opts", "sit", "closed", "tsumo", "round_kind", "seat_kind", "counts", "concealed_counts",
                 "n_melds", "all_simple", "all_th", "all_honor", "all_terminal", "all_green", "n_suits", "suit",
                 "has_honor", "pons", "open_kans", "ankans", "meld_seqs", "kans", "win",
                 # placement facts
                 "form", "closed_trips", "ron_trip", "seqs", "trips", "ankou", "pair", "wait", "groups_all_th",
                 "groups_all_term", "has_pinfu_shape")

    def set_tiles(self, counts, concealed_counts, n_melds, mask) -> None:
        """The hand-level tile facts: counts of every tile (melds included) and the bit mask of its kinds."""
        self.counts = counts
        self.concealed_counts = concealed_counts
        self.n_melds = n_melds
        self.all_simple = not mask & ~_SIMPLE_MASK
        self.all_th = not mask & ~_TH_MASK
        self.all_honor = not mask & ~_HONOR_MASK
        self.all_terminal = not mask & ~_TERMINAL_MASK
        self.all_green = not mask & ~_GREEN_MASK
        self.has_honor = bool(mask & _HONOR_MASK)
        m, p, s = mask & _SUIT_MASKS[0], mask & _SUIT_MASKS[1], mask & _SUIT_MASKS[2]
        self.n_suits = (m != 0) + (p != 0) + (s != 0)
        self.suit = (0 if m else 1 if p else 2) if self.n_suits == 1 else -1


@dataclass(frozen=True, slots=True)
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
    if c.form != STANDARD or c.n_melds or c.n_suits != 1 or c.has_honor:
        return False
    base = c.suit * 9
    cnt = c.counts
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(cnt[base + i] >= need[i] for i in range(9))


def _junsei_chuuren(c: Ctx) -> bool:
    if not _chuuren_shape(c):
        return False
    base = c.suit * 9
    cc = c.concealed_counts
    return all(cc[base + i] == n for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))


def _kokushi13(c: Ctx) -> bool:
    if c.form != THIRTEEN_ORPHANS:
        return False
    cc = c.concealed_counts
    return all(cc[k] == 1 for k in _ORPHANS)


def _wind_trips(c: Ctx) -> int:
    return sum(1 for t in c.trips if 27 <= t <= 30)


def _dragon_trips(c: Ctx) -> int:
    return sum(1 for t in c.trips if t >= 31)


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
    """One function that evaluates every check of ``table`` in one frame and returns the yaku that apply.

    The checks are the table's own expressions; compiling them together only saves a call per yaku, and the
    context attributes they share are read once (``c.trips`` becomes a local ``trips``, and so on)."""
    lines = [f"def {name}(c):"]
    for _, local, source in _PRELUDE:
        lines.append(f"    {local.rstrip('.')} = {source}")
    lines.append("    out = []")
    guard = ""
    for i, y in enumerate(table):
        expr = y.check
        for pattern, local, _ in _PRELUDE:
            expr = expr.replace(pattern, local)
        if y.needs != guard:   # a run of yaku that need the same thing sits under one test of it
            guard = y.needs
            if guard:
                lines.append(f"    if {guard}:")
        indent = "        " if guard else "    "
        lines.append(f"{indent}if {expr}: out.append(_T[{i}])")
    lines.append("    return out")
    ns = dict(_CHECK_NAMESPACE, _T=table)
    exec("\n".join(lines), ns)
    return ns[name]


_OPEN_YAKU = tuple(y for y in YAKU if y.han_open is not None)
_compiled: list = []   # [closed-hand checker, open-hand checker], compiled on first use (keeps imports light)
_SUPERSEDED = SUPERSEDED_BY


def find_yaku(ctx: Ctx) -> list[Yaku]:
    """The yaku of one placement, superseded ones removed; when any yakuman applies only the yakuman remain."""
    if not _compiled:
        _compiled.extend((_compile(YAKU, "_all_closed"), _compile(_OPEN_YAKU, "_all_open")))
    found = _compiled[0](ctx) if ctx.closed else _compiled[1](ctx)
    if len(found) < 2:
        return found
    if found[-1].yakuman:   # the table lists the yakuman last
        found = [y for y in found if y.yakuman]
    ids = None
    out = found
    for y in found:
        stronger = _SUPERSEDED.get(y.id)
        if stronger is not None:
            if ids is None:
                ids = {x.id for x in found}
            for x in stronger:
                if x in ids:
                    out = [z for z in out if z is not y]
                    break
    return out


def find_yaku_plainly(ctx: Ctx) -> list[Yaku]:
    """:func:`find_yaku` spelled out one ``applies`` at a time (the specification; tests check they agree)."""
    found = [y for y in YAKU if (ctx.closed or y.han_open is not None) and y.applies(ctx)]
    if any(y.yakuman for y in found):
        found = [y for y in found if y.yakuman]
    ids = {y.id for y in found}
    return [y for y in found if not any(s in ids for s in SUPERSEDED_BY.get(y.id, ()))]
