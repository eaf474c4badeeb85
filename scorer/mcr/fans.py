"""The MCR fan table: the 81 fans of the Mahjong Competition Rules (plus the MIL combination row) as data.

Stage: MCR evaluation. Each :class:`Fan` row is its id (written out above the table: the reference calculator's
index, 1-81, and 82 for the MIL "concealed kong and melded kong"), a key, an English and a Chinese name, a point
value, its *check group* and one pure check ``check(ctx) -> int`` that says how many times the fan is present
before the exclusions of :mod:`scorer.mcr.exclusions` are applied. The group says what the check reads
(:data:`CHECK_GROUPS`): a ``"hand"`` group reads only what is the same for every arrangement (tiles, suits, win
flags), an ``"arrangement"`` group the sets and pair of one arrangement; "combos" and "kongs" fans are made by
:mod:`scorer.mcr.combinations`. To add a fan: its id, its row, its check (here, or its combination there) and,
when it implies other fans, its row of :data:`scorer.mcr.exclusions.EXCLUSIONS`.

The checks read a :class:`FanContext` built by :mod:`scorer.mcr.evaluate`: tiles there are *codes* in the
reference calculator's order (``0x11``-``0x19`` characters, ``0x21``-``0x29`` bamboo, ``0x31``-``0x39`` dots,
``0x41``-``0x47`` East South West North Red Green White) so that "the next chow", "three suits" and the order in
which sets are combined are the ones a referee (and PyMahjongGB 1.4.0) uses. Model: ChineseOfficialMahjongHelper's
``fan_calculator.h`` (one enum, one name table, one value table).
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from scorer.kinds import GREEN_MASK, HONOR_MASK, TERMINAL_HONOR_MASK, TERMINAL_MASK, mask_of

# ---- ids: the reference calculator's indices (1-81; 82 is the MIL row). Each row of FANS below names its id.
BIG_FOUR_WINDS = 1  # 大四喜
BIG_THREE_DRAGONS = 2  # 大三元
ALL_GREEN = 3  # 绿一色
NINE_GATES = 4  # 九莲宝灯
FOUR_KONGS = 5  # 四杠
SEVEN_SHIFTED_PAIRS = 6  # 连七对
THIRTEEN_ORPHANS = 7  # 十三幺
ALL_TERMINALS = 8  # 清幺九
LITTLE_FOUR_WINDS = 9  # 小四喜
LITTLE_THREE_DRAGONS = 10  # 小三元
ALL_HONORS = 11  # 字一色
FOUR_CONCEALED_PUNGS = 12  # 四暗刻
PURE_TERMINAL_CHOWS = 13  # 一色双龙会
QUADRUPLE_CHOW = 14  # 一色四同顺
FOUR_PURE_SHIFTED_PUNGS = 15  # 一色四节高
FOUR_PURE_SHIFTED_CHOWS = 16  # 一色四步高
THREE_KONGS = 17  # 三杠
ALL_TERMINALS_AND_HONORS = 18  # 混幺九
SEVEN_PAIRS = 19  # 七对
GREATER_HONORS_AND_KNITTED_TILES = 20  # 七星不靠
ALL_EVEN_PUNGS = 21  # 全双刻
FULL_FLUSH = 22  # 清一色
PURE_TRIPLE_CHOW = 23  # 一色三同顺
PURE_SHIFTED_PUNGS = 24  # 一色三节高
UPPER_TILES = 25  # 全大
MIDDLE_TILES = 26  # 全中
LOWER_TILES = 27  # 全小
PURE_STRAIGHT = 28  # 清龙
THREE_SUITED_TERMINAL_CHOWS = 29  # 三色双龙会
PURE_SHIFTED_CHOWS = 30  # 一色三步高
ALL_FIVE = 31  # 全带五
TRIPLE_PUNG = 32  # 三同刻
THREE_CONCEALED_PUNGS = 33  # 三暗刻
LESSER_HONORS_AND_KNITTED_TILES = 34  # 全不靠
KNITTED_STRAIGHT = 35  # 组合龙
UPPER_FOUR = 36  # 大于五
LOWER_FOUR = 37  # 小于五
BIG_THREE_WINDS = 38  # 三风刻
MIXED_STRAIGHT = 39  # 花龙
REVERSIBLE_TILES = 40  # 推不倒
MIXED_TRIPLE_CHOW = 41  # 三色三同顺
MIXED_SHIFTED_PUNGS = 42  # 三色三节高
CHICKEN_HAND = 43  # 无番和
LAST_TILE_DRAW = 44  # 妙手回春
LAST_TILE_CLAIM = 45  # 海底捞月
OUT_WITH_REPLACEMENT_TILE = 46  # 杠上开花
ROBBING_THE_KONG = 47  # 抢杠和
ALL_PUNGS = 48  # 碰碰和
HALF_FLUSH = 49  # 混一色
MIXED_SHIFTED_CHOWS = 50  # 三色三步高
ALL_TYPES = 51  # 五门齐
MELDED_HAND = 52  # 全求人
TWO_CONCEALED_KONGS = 53  # 双暗杠
TWO_DRAGONS_PUNGS = 54  # 双箭刻
OUTSIDE_HAND = 55  # 全带幺
FULLY_CONCEALED_HAND = 56  # 不求人
TWO_MELDED_KONGS = 57  # 双明杠
LAST_TILE = 58  # 和绝张
DRAGON_PUNG = 59  # 箭刻
PREVALENT_WIND = 60  # 圈风刻
SEAT_WIND = 61  # 门风刻
CONCEALED_HAND = 62  # 门前清
ALL_CHOWS = 63  # 平和
TILE_HOG = 64  # 四归一
DOUBLE_PUNG = 65  # 双同刻
TWO_CONCEALED_PUNGS = 66  # 双暗刻
CONCEALED_KONG = 67  # 暗杠
ALL_SIMPLES = 68  # 断幺
PURE_DOUBLE_CHOW = 69  # 一般高
MIXED_DOUBLE_CHOW = 70  # 喜相逢
SHORT_STRAIGHT = 71  # 连六
TWO_TERMINAL_CHOWS = 72  # 老少副
PUNG_OF_TERMINALS_OR_HONORS = 73  # 幺九刻
MELDED_KONG = 74  # 明杠
ONE_VOIDED_SUIT = 75  # 缺一门
NO_HONORS = 76  # 无字
EDGE_WAIT = 77  # 独听・边张
CLOSED_WAIT = 78  # 独听・嵌张
SINGLE_WAIT = 79  # 独听・单钓
SELF_DRAWN = 80  # 自摸
FLOWER_TILES = 81  # 花牌
CONCEALED_KONG_AND_MELDED_KONG = 82  # 明暗杠


# ---- forms --------------------------------------------------------------------------------------------------------
STANDARD = "standard"                  # four sets and a pair
KNITTED = "knitted_straight"           # knitted straight + one set + a pair
SEVEN = "seven_pairs"
SHIFTED = "seven_shifted_pairs"
ORPHANS = "thirteen_orphans"
HONORS_KNITTED = "honors_and_knitted"  # lesser or greater honors and knitted tiles
NINE = "nine_gates"

# ---- tile codes ----------------------------------------------------------------------------------------------------
# our kind (0-8 m, 9-17 p, 18-26 s, 27-33 E S W N White Green Red) -> the reference code
CODE = tuple([0x11 + r for r in range(9)] + [0x31 + r for r in range(9)] + [0x21 + r for r in range(9)]
             + [0x41, 0x42, 0x43, 0x44, 0x47, 0x46, 0x45])
KIND_OF_CODE = {c: k for k, c in enumerate(CODE)}
TILE_E, TILE_S, TILE_W, TILE_N, TILE_C, TILE_F, TILE_P = 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47
GREEN_CODES = frozenset((0x22, 0x23, 0x24, 0x26, 0x28, TILE_F))
REVERSIBLE_CODES = frozenset((0x22, 0x24, 0x25, 0x26, 0x28, 0x29, 0x31, 0x32, 0x33, 0x34, 0x35, 0x38, 0x39, TILE_P))


# the same sets as bit masks over our kinds (bit k = kind k present), for the hand-level checks; the kind masks of
# the package (scorer.kinds) where they are the same sets
REVERSIBLE_MASK = mask_of(k for k, c in enumerate(CODE) if c in REVERSIBLE_CODES)
assert GREEN_MASK == mask_of(k for k, c in enumerate(CODE) if c in GREEN_CODES)


# what the pair of an arrangement is, as the checks read it (``pair_class``): numbered tiles (or no pair), a wind,
# a dragon
PAIR_NUMBERED, PAIR_WIND, PAIR_DRAGON = 0, 1, 2


def pair_class(c: int) -> int:
    return PAIR_DRAGON if c >= 0x45 else PAIR_WIND if c >= 0x41 else PAIR_NUMBERED


def is_honor(c: int) -> bool:
    return c >= 0x41


def is_wind(c: int) -> bool:
    return 0x41 <= c <= 0x44


def is_dragon(c: int) -> bool:
    return c >= 0x45


def is_terminal(c: int) -> bool:
    return c < 0x41 and (c & 0xF) in (1, 9)


# ---- context ------------------------------------------------------------------------------------------------------
class FanContext:
    """What the checks read: the hand (same for every arrangement) and one arrangement of it.

    Sets are read as counts (of pungs by class, chows) and as the combination and kong fans they make
    (:mod:`scorer.mcr.combinations`); a chow is written by its *middle* tile's code, as the reference does, and a
    concealed pung completed by a discard already counts as exposed here.
    """

    __slots__ = (
        # hand level: kinds present (bit k = kind k; ``one_class``: they all are simples, or reversible, or green,
        # or terminals, or terminals and honors), their ranks when there are no honors, four-of-a-kinds
        # outside kongs, win flags (corrected; ``any_win_flag``: one of them is set), winds, exposed melds
        # (``none_or_all_melded``: 0 or 4 of them), suits
        "mask", "one_class", "rank_mask", "hog", "self_drawn", "fourth_tile", "wall_last", "about_kong",
        "any_win_flag", "prevalent", "seat", "melded_packs", "none_or_all_melded", "nine_gates", "honors",
        "suits_missing", "has_wind", "has_dragon",
        # the form being scored (``special_form``: it is not four sets and a pair), and for the special forms which
        # honors-and-knitted hand it is
        "form", "special_form", "hk_greater", "hk_knitted",
        # arrangement level: sets (``no_pungs``: chows only; ``notable_pungs``: a pung of terminals or honors, or
        # four pungs) and pair, what they add up to, how the winning tile sat (``waits_flags``, when
        # the hand waited on that one tile: 1 it completed a chow on the edge, 2 in the middle, 4 it paired a
        # single; 8 it paired the single of a knitted straight hand with one meld)
        "pair_class", "n_pungs", "n_chows", "no_pungs", "notable_pungs", "wind_pungs", "dragon_pungs",
        "terminal_pungs", "other_wind_pungs", "prevalent_pung", "seat_pung", "traits", "combos", "kong_fans",
        "waits_flags")

    def no_sets(self) -> None:
        """The arrangement fields of a form without sets (Nine Gates is scored from its tiles); the evaluator
        sets them for every arrangement it scores."""
        self.combos = {}
        self.kong_fans = ()
        self.pair_class = PAIR_NUMBERED
        self.n_pungs = self.n_chows = self.traits = 0
        self.no_pungs = True
        self.notable_pungs = False
        self.wind_pungs = self.dragon_pungs = self.terminal_pungs = self.other_wind_pungs = 0
        self.prevalent_pung = self.seat_pung = 0
        self.waits_flags = 0


class Fan(NamedTuple):
    """One row of the fan table. ``group`` names the :data:`CHECK_GROUPS` row the check belongs to (what context
    fields it reads, whether it is about the hand or one arrangement); "combos" and "kongs" fans are made by
    :mod:`scorer.mcr.combinations`, "chicken" and "flowers" are given after the exclusions."""

    id: int
    key: str
    name: str          # English, as PyMahjongGB writes it
    chinese: str
    points: int
    group: str
    check: Callable[[FanContext], int]

    @property
    def scope(self) -> str:
        """"hand" (the same for every arrangement) or "arrangement"."""
        return GROUP_SCOPE[self.group]


# ---- checks: hand level ------------------------------------------------------------------------------------------
_SETS_FORMS = (STANDARD, KNITTED)


def _never(ctx):
    return 0


def _self_drawn(ctx):
    # Last Tile Draw and Out with Replacement Tile are self-drawn by definition and replace this fan
    return 1 if ctx.self_drawn and not ctx.wall_last and not ctx.about_kong else 0


def _last_tile(ctx):
    return 1 if ctx.fourth_tile else 0


def _last_tile_draw(ctx):
    return 1 if ctx.wall_last and ctx.self_drawn else 0


def _last_tile_claim(ctx):
    return 1 if ctx.wall_last and not ctx.self_drawn else 0


def _replacement(ctx):
    return 1 if ctx.about_kong and ctx.self_drawn else 0


def _robbing(ctx):
    return 1 if ctx.about_kong and not ctx.self_drawn else 0


def _no_honors(ctx):
    return 0 if ctx.honors else 1


def _one_voided(ctx):
    # all three suits missing is an All Honors hand, which excludes this fan again
    return ctx.suits_missing if ctx.suits_missing != 2 else 0


def _half_flush(ctx):
    return 1 if ctx.suits_missing == 2 and ctx.honors else 0


def _full_flush(ctx):
    return 1 if ctx.suits_missing == 2 and not ctx.honors else 0


def _all_types(ctx):
    return 1 if ctx.suits_missing == 0 and ctx.has_wind and ctx.has_dragon else 0


def _all_simples(ctx):
    return 0 if ctx.mask & TERMINAL_HONOR_MASK else 1


def _reversible(ctx):
    return 0 if ctx.mask & ~REVERSIBLE_MASK else 1


def _all_green(ctx):
    return 0 if ctx.mask & ~GREEN_MASK else 1


def _all_honors(ctx):
    return 1 if ctx.suits_missing == 3 else 0


def _all_terminals(ctx):
    return 0 if ctx.mask & ~TERMINAL_MASK else 1


def _all_terminals_and_honors(ctx):
    m = ctx.mask
    return 1 if not m & ~TERMINAL_HONOR_MASK and m & HONOR_MASK and m & TERMINAL_MASK else 0


# ranks 1-9 of a hand without honors as bits 0-8 (``rank_mask``; 0 when the hand has honors)
_LOW3, _LOW4, _HIGH3, _HIGH4, _MID = 0b000000111, 0b000001111, 0b111000000, 0b111100000, 0b000111000
# the widest rank ranges of the "ranks" fans (Lower Four, Upper Four, Middle Tiles; the others lie within them): a
# hand whose ranks fit none of them has none of these fans
RANKS_FAN_RANGES = (_LOW4, _HIGH4, _MID)


def _lower_four(ctx):
    r = ctx.rank_mask
    return 1 if r and not r & ~_LOW4 and r & 0b1000 else 0


def _lower_tiles(ctx):
    r = ctx.rank_mask
    return 1 if r and not r & ~_LOW3 else 0


def _upper_four(ctx):
    r = ctx.rank_mask
    return 1 if r and not r & ~_HIGH4 and r & 0b100000 else 0


def _upper_tiles(ctx):
    r = ctx.rank_mask
    return 1 if r and not r & ~_HIGH3 else 0


def _middle_tiles(ctx):
    r = ctx.rank_mask
    return 1 if r and not r & ~_MID else 0


def _tile_hog(ctx):
    return ctx.hog if ctx.form in (STANDARD, KNITTED, SEVEN) else 0


def _fully_concealed(ctx):
    return 1 if ctx.form in _SETS_FORMS and ctx.melded_packs == 0 and ctx.self_drawn else 0


def _concealed_hand(ctx):
    return 1 if ctx.form in _SETS_FORMS and ctx.melded_packs == 0 and not ctx.self_drawn else 0


def _melded_hand(ctx):
    return 1 if ctx.form == STANDARD and ctx.melded_packs == 4 and not ctx.self_drawn else 0


def _nine_gates(ctx):
    return 1 if ctx.form == NINE else 0


# ---- checks: special forms -------------------------------------------------------------------------------------
def _form(form):
    return lambda ctx: 1 if ctx.form == form else 0


def _greater_hk(ctx):
    return 1 if ctx.form == HONORS_KNITTED and ctx.hk_greater else 0


def _lesser_hk(ctx):
    return 1 if ctx.form == HONORS_KNITTED and not ctx.hk_greater else 0


def _knitted_straight(ctx):
    return 1 if ctx.form == KNITTED or (ctx.form == HONORS_KNITTED and ctx.hk_knitted) else 0


# ---- checks: arrangement level -----------------------------------------------------------------------------------
def _combo(fan_id):
    return lambda ctx: ctx.combos.get(fan_id, 0)


def _kong(fan_id):
    return lambda ctx: 1 if fan_id in ctx.kong_fans else 0


def _big_four_winds(ctx):
    return 1 if ctx.wind_pungs == 4 else 0


def _big_three_winds(ctx):
    return 1 if ctx.form == STANDARD and ctx.wind_pungs == 3 and ctx.pair_class != PAIR_WIND else 0


def _little_four_winds(ctx):
    return 1 if ctx.form == STANDARD and ctx.wind_pungs == 3 and ctx.pair_class == PAIR_WIND else 0


def _big_three_dragons(ctx):
    return 1 if ctx.dragon_pungs == 3 else 0


def _two_dragons(ctx):
    return 1 if ctx.form == STANDARD and ctx.dragon_pungs == 2 and ctx.pair_class != PAIR_DRAGON else 0


def _little_three_dragons(ctx):
    return 1 if ctx.form == STANDARD and ctx.dragon_pungs == 2 and ctx.pair_class == PAIR_DRAGON else 0


def _dragon_pung(ctx):
    return ctx.dragon_pungs


def _pung_of_terminals(ctx):
    # terminal pungs here; wind pungs in POT_WIND (those of the prevalent or seat wind score as that fan instead)
    return ctx.terminal_pungs


def _pung_of_winds(ctx):
    return ctx.other_wind_pungs


def _prevalent_wind(ctx):
    return ctx.prevalent_pung


def _seat_wind(ctx):
    return ctx.seat_pung


def _all_pungs(ctx):
    return 1 if ctx.form == STANDARD and ctx.n_pungs == 4 else 0


def _all_chows(ctx):
    if ctx.form == STANDARD:
        return 1 if ctx.n_chows == 4 and not ctx.pair_class else 0
    if ctx.form == KNITTED:
        return 1 if ctx.n_chows == 1 and not ctx.pair_class else 0
    return 0


def _outside(ctx):
    return 1 if ctx.form == STANDARD and ctx.traits == 1 else 0


def _all_five(ctx):
    return 1 if ctx.form == STANDARD and ctx.traits == 2 else 0


def _all_even(ctx):
    return 1 if ctx.form == STANDARD and ctx.traits == 3 else 0


def _edge(ctx):
    return 1 if ctx.waits_flags & 1 else 0


def _closed(ctx):
    return 1 if ctx.waits_flags & 3 == 2 else 0


def _single(ctx):
    return 1 if (ctx.waits_flags & 7 == 4) or ctx.waits_flags & 8 else 0


# ---- the table ---------------------------------------------------------------------------------------------------
# To add a fan: its id above, its row here, its check (a def in this module, or a combination in
# scorer/mcr/combinations.py), and, when it implies other fans, its row in scorer/mcr/exclusions.py.

FANS: tuple[Fan, ...] = (
    Fan(BIG_FOUR_WINDS, "big_four_winds", "Big Four Winds", "大四喜", 88, "pungs", _big_four_winds),
    Fan(BIG_THREE_DRAGONS, "big_three_dragons", "Big Three Dragons", "大三元", 88, "pungs", _big_three_dragons),
    Fan(ALL_GREEN, "all_green", "All Green", "绿一色", 88, "tiles", _all_green),
    Fan(NINE_GATES, "nine_gates", "Nine Gates", "九莲宝灯", 88, "special", _nine_gates),
    Fan(FOUR_KONGS, "four_kongs", "Four Kongs", "四杠", 88, "kongs", _kong(FOUR_KONGS)),
    Fan(SEVEN_SHIFTED_PAIRS, "seven_shifted_pairs", "Seven Shifted Pairs", "连七对", 88, "special", _form(SHIFTED)),
    Fan(THIRTEEN_ORPHANS, "thirteen_orphans", "Thirteen Orphans", "十三幺", 88, "special", _form(ORPHANS)),
    Fan(ALL_TERMINALS, "all_terminals", "All Terminals", "清幺九", 64, "tiles", _all_terminals),
    Fan(LITTLE_FOUR_WINDS, "little_four_winds", "Little Four Winds", "小四喜", 64, "pungs", _little_four_winds),
    Fan(LITTLE_THREE_DRAGONS, "little_three_dragons", "Little Three Dragons", "小三元", 64, "pungs",
        _little_three_dragons),
    Fan(ALL_HONORS, "all_honors", "All Honors", "字一色", 64, "suits", _all_honors),
    Fan(FOUR_CONCEALED_PUNGS, "four_concealed_pungs", "Four Concealed Pungs", "四暗刻", 64, "kongs",
        _kong(FOUR_CONCEALED_PUNGS)),
    Fan(PURE_TERMINAL_CHOWS, "pure_terminal_chows", "Pure Terminal Chows", "一色双龙会", 64, "combos",
        _combo(PURE_TERMINAL_CHOWS)),
    Fan(QUADRUPLE_CHOW, "quadruple_chow", "Quadruple Chow", "一色四同顺", 48, "combos", _combo(QUADRUPLE_CHOW)),
    Fan(FOUR_PURE_SHIFTED_PUNGS, "four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高", 48, "combos",
        _combo(FOUR_PURE_SHIFTED_PUNGS)),
    Fan(FOUR_PURE_SHIFTED_CHOWS, "four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高", 32, "combos",
        _combo(FOUR_PURE_SHIFTED_CHOWS)),
    Fan(THREE_KONGS, "three_kongs", "Three Kongs", "三杠", 32, "kongs", _kong(THREE_KONGS)),
    Fan(ALL_TERMINALS_AND_HONORS, "all_terminals_and_honors", "All Terminals and Honors", "混幺九", 32, "tiles",
        _all_terminals_and_honors),
    Fan(SEVEN_PAIRS, "seven_pairs", "Seven Pairs", "七对", 24, "special", _form(SEVEN)),
    Fan(GREATER_HONORS_AND_KNITTED_TILES, "greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles",
        "七星不靠", 24, "special", _greater_hk),
    Fan(ALL_EVEN_PUNGS, "all_even_pungs", "All Even Pungs", "全双刻", 24, "traits", _all_even),
    Fan(FULL_FLUSH, "full_flush", "Full Flush", "清一色", 24, "suits", _full_flush),
    Fan(PURE_TRIPLE_CHOW, "pure_triple_chow", "Pure Triple Chow", "一色三同顺", 24, "combos", _combo(PURE_TRIPLE_CHOW)),
    Fan(PURE_SHIFTED_PUNGS, "pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", 24, "combos",
        _combo(PURE_SHIFTED_PUNGS)),
    Fan(UPPER_TILES, "upper_tiles", "Upper Tiles", "全大", 24, "ranks", _upper_tiles),
    Fan(MIDDLE_TILES, "middle_tiles", "Middle Tiles", "全中", 24, "ranks", _middle_tiles),
    Fan(LOWER_TILES, "lower_tiles", "Lower Tiles", "全小", 24, "ranks", _lower_tiles),
    Fan(PURE_STRAIGHT, "pure_straight", "Pure Straight", "清龙", 16, "combos", _combo(PURE_STRAIGHT)),
    Fan(THREE_SUITED_TERMINAL_CHOWS, "three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会",
        16, "combos", _combo(THREE_SUITED_TERMINAL_CHOWS)),
    Fan(PURE_SHIFTED_CHOWS, "pure_shifted_chows", "Pure Shifted Chows", "一色三步高", 16, "combos",
        _combo(PURE_SHIFTED_CHOWS)),
    Fan(ALL_FIVE, "all_five", "All Five", "全带五", 16, "traits", _all_five),
    Fan(TRIPLE_PUNG, "triple_pung", "Triple Pung", "三同刻", 16, "combos", _combo(TRIPLE_PUNG)),
    Fan(THREE_CONCEALED_PUNGS, "three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 16, "kongs",
        _kong(THREE_CONCEALED_PUNGS)),
    Fan(LESSER_HONORS_AND_KNITTED_TILES, "lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles",
        "全不靠", 12, "special", _lesser_hk),
    Fan(KNITTED_STRAIGHT, "knitted_straight", "Knitted Straight", "组合龙", 12, "special", _knitted_straight),
    Fan(UPPER_FOUR, "upper_four", "Upper Four", "大于五", 12, "ranks", _upper_four),
    Fan(LOWER_FOUR, "lower_four", "Lower Four", "小于五", 12, "ranks", _lower_four),
    Fan(BIG_THREE_WINDS, "big_three_winds", "Big Three Winds", "三风刻", 12, "pungs", _big_three_winds),
    Fan(MIXED_STRAIGHT, "mixed_straight", "Mixed Straight", "花龙", 8, "combos", _combo(MIXED_STRAIGHT)),
    Fan(REVERSIBLE_TILES, "reversible_tiles", "Reversible Tiles", "推不倒", 8, "tiles", _reversible),
    Fan(MIXED_TRIPLE_CHOW, "mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", 8, "combos", _combo(MIXED_TRIPLE_CHOW)),
    Fan(MIXED_SHIFTED_PUNGS, "mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", 8, "combos",
        _combo(MIXED_SHIFTED_PUNGS)),
    Fan(CHICKEN_HAND, "chicken_hand", "Chicken Hand", "无番和", 8, "chicken", _never),  # given after the exclusions
    Fan(LAST_TILE_DRAW, "last_tile_draw", "Last Tile Draw", "妙手回春", 8, "win", _last_tile_draw),
    Fan(LAST_TILE_CLAIM, "last_tile_claim", "Last Tile Claim", "海底捞月", 8, "win", _last_tile_claim),
    Fan(OUT_WITH_REPLACEMENT_TILE, "out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", 8, "win",
        _replacement),
    Fan(ROBBING_THE_KONG, "robbing_the_kong", "Robbing The Kong", "抢杠和", 8, "win", _robbing),
    Fan(ALL_PUNGS, "all_pungs", "All Pungs", "碰碰和", 6, "pungs", _all_pungs),
    Fan(HALF_FLUSH, "half_flush", "Half Flush", "混一色", 6, "suits", _half_flush),
    Fan(MIXED_SHIFTED_CHOWS, "mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", 6, "combos",
        _combo(MIXED_SHIFTED_CHOWS)),
    Fan(ALL_TYPES, "all_types", "All Types", "五门齐", 6, "suits", _all_types),
    Fan(MELDED_HAND, "melded_hand", "Melded Hand", "全求人", 6, "concealment", _melded_hand),
    Fan(TWO_CONCEALED_KONGS, "two_concealed_kongs", "Two Concealed Kongs", "双暗杠", 6, "kongs",
        _kong(TWO_CONCEALED_KONGS)),
    Fan(TWO_DRAGONS_PUNGS, "two_dragons_pungs", "Two Dragons Pungs", "双箭刻", 6, "pungs", _two_dragons),
    Fan(OUTSIDE_HAND, "outside_hand", "Outside Hand", "全带幺", 4, "traits", _outside),
    Fan(FULLY_CONCEALED_HAND, "fully_concealed_hand", "Fully Concealed Hand", "不求人", 4, "concealment",
        _fully_concealed),
    Fan(TWO_MELDED_KONGS, "two_melded_kongs", "Two Melded Kongs", "双明杠", 4, "kongs", _kong(TWO_MELDED_KONGS)),
    Fan(LAST_TILE, "last_tile", "Last Tile", "和绝张", 4, "win", _last_tile),
    Fan(DRAGON_PUNG, "dragon_pung", "Dragon Pung", "箭刻", 2, "pungs", _dragon_pung),
    Fan(PREVALENT_WIND, "prevalent_wind", "Prevalent Wind", "圈风刻", 2, "pungs", _prevalent_wind),
    Fan(SEAT_WIND, "seat_wind", "Seat Wind", "门风刻", 2, "pungs", _seat_wind),
    Fan(CONCEALED_HAND, "concealed_hand", "Concealed Hand", "门前清", 2, "concealment", _concealed_hand),
    Fan(ALL_CHOWS, "all_chows", "All Chows", "平和", 2, "chows", _all_chows),
    Fan(TILE_HOG, "tile_hog", "Tile Hog", "四归一", 2, "hog", _tile_hog),
    Fan(DOUBLE_PUNG, "double_pung", "Double Pung", "双同刻", 2, "combos", _combo(DOUBLE_PUNG)),
    Fan(TWO_CONCEALED_PUNGS, "two_concealed_pungs", "Two Concealed Pungs", "双暗刻", 2, "kongs",
        _kong(TWO_CONCEALED_PUNGS)),
    Fan(CONCEALED_KONG, "concealed_kong", "Concealed Kong", "暗杠", 2, "kongs", _kong(CONCEALED_KONG)),
    Fan(ALL_SIMPLES, "all_simples", "All Simples", "断幺", 2, "tiles", _all_simples),
    Fan(PURE_DOUBLE_CHOW, "pure_double_chow", "Pure Double Chow", "一般高", 1, "combos", _combo(PURE_DOUBLE_CHOW)),
    Fan(MIXED_DOUBLE_CHOW, "mixed_double_chow", "Mixed Double Chow", "喜相逢", 1, "combos", _combo(MIXED_DOUBLE_CHOW)),
    Fan(SHORT_STRAIGHT, "short_straight", "Short Straight", "连六", 1, "combos", _combo(SHORT_STRAIGHT)),
    Fan(TWO_TERMINAL_CHOWS, "two_terminal_chows", "Two Terminal Chows", "老少副", 1, "combos",
        _combo(TWO_TERMINAL_CHOWS)),
    Fan(PUNG_OF_TERMINALS_OR_HONORS, "pung_of_terminals_or_honors", "Pung of Terminals or Honors", "幺九刻", 1, "pungs",
        _pung_of_terminals),
    Fan(MELDED_KONG, "melded_kong", "Melded Kong", "明杠", 1, "kongs", _kong(MELDED_KONG)),
    Fan(ONE_VOIDED_SUIT, "one_voided_suit", "One Voided Suit", "缺一门", 1, "suits", _one_voided),
    Fan(NO_HONORS, "no_honors", "No Honors", "无字", 1, "suits", _no_honors),
    Fan(EDGE_WAIT, "edge_wait", "Edge Wait", "独听・边张", 1, "waits", _edge),
    Fan(CLOSED_WAIT, "closed_wait", "Closed Wait", "独听・嵌张", 1, "waits", _closed),
    Fan(SINGLE_WAIT, "single_wait", "Single Wait", "独听・单钓", 1, "waits", _single),
    Fan(SELF_DRAWN, "self_drawn", "Self-Drawn", "自摸", 1, "win", _self_drawn),
    Fan(FLOWER_TILES, "flower_tiles", "Flower Tiles", "花牌", 1, "flowers", _never),  # added after the minimum
    Fan(CONCEALED_KONG_AND_MELDED_KONG, "concealed_kong_and_melded_kong", "Concealed Kong and Melded Kong",
        "明暗杠", 5, "kongs", _kong(CONCEALED_KONG_AND_MELDED_KONG)),
)

# the wind part of Pung of Terminals or Honors: not a fan of its own, folded into PUNG_OF_TERMINALS_OR_HONORS
POT_WIND_CHECK = _pung_of_winds

# Internal slot after the last fan: a Pung of Terminals or Honors made of a wind (not the prevalent or seat wind).
# It is shown and scored as PUNG_OF_TERMINALS_OR_HONORS; kept apart so that Big Three Winds can exclude exactly its
# own pungs. TABLE_SIZE: the slots of a count table by fan id (0 unused).
POT_WIND = len(FANS) + 1
TABLE_SIZE = POT_WIND + 1

FAN_BY_ID: dict[int, Fan] = {f.id: f for f in FANS}
FAN_BY_KEY: dict[str, Fan] = {f.key: f for f in FANS}
FAN_BY_CHINESE: dict[str, Fan] = {f.chinese: f for f in FANS}
FAN_BY_NAME: dict[str, Fan] = {f.name.lower(): f for f in FANS}
# ---- check groups: a speed-up, not a rule ------------------------------------------------------------------------
# The checks fall into groups by what they read (each fan row names its group). ``reads`` names every context field
# the group's checks read, so the group's result is a function of those values and the evaluator caches it by them,
# packed into integer keys that join a few groups (the key spaces are small: winds and flags, counts of pungs, a
# pair). The "tiles" group (``reads=None``) reads the set of kinds, which would not repeat: its key is the classes
# the kinds all fall in. ``opens`` names a field that, 0/False, makes every check of the group certainly 0 (no
# win flag: no win fan; 1-3 melded sets: neither concealed nor melded hand; kinds of mixed classes: no "tiles"
# fan; a pung: no All Chows; fewer than four pungs, none of terminals or honors: no "pungs" fan; no edge, closed
# or single wait flag), so the evaluator may leave it out of the key. "combos" and "kongs" fans are read from the
# context's ``combos`` and ``kong_fans`` directly (what their checks return). tests/mcr checks that keyed and
# plain evaluation agree, that no key stands for two sets of fans and that each check reads only its group's
# fields.
class CheckGroup(NamedTuple):
    name: str
    scope: str
    fans: tuple[int, ...]
    reads: tuple[str, ...] | None
    opens: str | None = None


_GROUPS = (  # name, scope, reads, opens
    ("suits", "hand", ("suits_missing", "honors", "has_wind", "has_dragon"), None),
    ("tiles", "hand", None, "one_class"),
    ("concealment", "hand", ("form", "melded_packs", "self_drawn"), "none_or_all_melded"),
    ("win", "hand", ("self_drawn", "fourth_tile", "wall_last", "about_kong"), "any_win_flag"),
    ("ranks", "hand", ("rank_mask",), "rank_mask"),
    ("special", "hand", ("form", "hk_greater", "hk_knitted"), "special_form"),
    ("hog", "hand", ("form", "hog"), "hog"),
    ("pungs", "arrangement", ("form", "n_pungs", "wind_pungs", "dragon_pungs", "terminal_pungs", "other_wind_pungs",
                              "prevalent_pung", "seat_pung", "pair_class"), "notable_pungs"),
    ("chows", "arrangement", ("form", "n_chows", "pair_class"), "no_pungs"),
    ("traits", "arrangement", ("form", "traits"), "traits"),
    ("waits", "arrangement", ("waits_flags",), "waits_flags"),
)
# the groups whose fans are not checks: made by scorer.mcr.combinations, or given after the exclusions
GROUP_SCOPE = {name: scope for name, scope, _, _ in _GROUPS} | {
    "combos": "arrangement", "kongs": "arrangement", "chicken": "arrangement", "flowers": "hand"}


def _fans_of(group: str) -> tuple[int, ...]:
    return tuple(f.id for f in FANS if f.group == group)


CHECK_GROUPS: tuple[CheckGroup, ...] = tuple(
    CheckGroup(name, scope, _fans_of(name) + ((POT_WIND,) if name == "pungs" else ()), reads, opens)
    for name, scope, reads, opens in _GROUPS)
COMBO_FANS = _fans_of("combos")
KONG_FANS = _fans_of("kongs")

_ALL_CHECKS = tuple((f.id, f.scope, f.check) for f in FANS if f.check is not _never) + \
    ((POT_WIND, "arrangement", POT_WIND_CHECK),)
HAND_CHECKS = tuple((fid, check) for fid, scope, check in _ALL_CHECKS if scope == "hand")
ARRANGEMENT_CHECKS = tuple((fid, check) for fid, scope, check in _ALL_CHECKS if scope == "arrangement")
_CHECK_OF = {fid: check for fid, _, check in _ALL_CHECKS}
WIN_FLAG_CHECKS = tuple((fid, _CHECK_OF[fid]) for fid in _fans_of("win"))


def group_checks(group: CheckGroup) -> tuple:
    """The (fan id, check) pairs of a group."""
    return tuple((fid, _CHECK_OF[fid]) for fid in group.fans)


assert [f.id for f in FANS] == list(range(1, len(FANS) + 1)), "the rows are in id order, every id once"
assert all(f.group in GROUP_SCOPE for f in FANS)


def find_fan(name: str) -> Fan:
    """A fan by key, English name or Chinese name (the PMN/green-book spellings 边张 坎张 单钓将 too)."""
    aliases = {"边张": EDGE_WAIT, "坎张": CLOSED_WAIT, "嵌张": CLOSED_WAIT, "单钓将": SINGLE_WAIT, "单钓": SINGLE_WAIT}
    if name in aliases:
        return FAN_BY_ID[aliases[name]]
    for table, key in ((FAN_BY_KEY, name), (FAN_BY_CHINESE, name), (FAN_BY_NAME, name.lower())):
        if key in table:
            return table[key]
    raise KeyError(f"no MCR fan named {name!r}")
