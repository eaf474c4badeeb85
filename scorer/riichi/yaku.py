"""Riichi yaku: one table. Each yaku is data (id, names, han, yakuman value, what it needs) plus one pure check.

The evaluator fills one :class:`Ctx` per placement (an arrangement of the hand with the place its winning tile
sits): everything a yaku needs to read — the sets, the pair, the wait, which triplets are concealed, the tile
classes, the situation and the preset's options — is computed there once. Each check is a plain function
``applies(ctx) -> bool`` that reads that context and nothing else.

**Facts and needs.** The context also carries ``facts``, a bitset of cheap yes/no facts of the hand and the
placement (:data:`Facts`: tsumo, closed, riichi, "all simples", "three or more sequences", "a triplet of East" ...).
Each yaku names in ``needs`` the facts it cannot apply without — a necessary condition; a row marked ``exact``
says they are also sufficient (riichi is the riichi fact, toitoi "four triplets"). :func:`find_yaku` calls only
the checks whose needs are all present and that are not exact (the list for each set of facts is worked out
once), so a placement costs a call or two, not one per yaku; :func:`find_yaku_plainly` calls every check, and the
tests hold the two equal and every exact row's check equal to its needs.

Which yaku a stronger one replaces (iipeikou by ryanpeikou, chanta by junchan ...) lives in :data:`SUPERSEDED_BY`,
not in the order of the checks; when a yakuman applies, only yakuman count.

To add a yaku: write its check here and add its row to :data:`YAKU` (and to :data:`SUPERSEDED_BY` if it replaces
another). A new fact it needs is one more bit below, set in :meth:`Ctx.set_tiles` (hand) or
:meth:`Ctx.placement_facts` (placement).

Kanji names are written the way Tenhou writes them in its logs (``役牌 中``, ``場風 東``, ``自風 南`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, TypeAlias

from scorer.arrangements import COUNT_MASK, RYANMEN, SEVEN_PAIRS, STANDARD, TANKI, THIRTEEN_ORPHANS
from scorer.kinds import (EAST, GREEN, GREEN_MASK, HONOR, HONOR_MASK, N_KINDS, NORTH, RED, SIMPLE_MASK, SOUTH,
                          SUIT_MASKS, TERMINAL_MASK, TERMINALS, TERMINALS_AND_HONORS, WEST, WHITE,
                          WINDS, mask_of)

_WIND_KANJI = "東南西北"
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)   # 1112345678999 of one suit
_NINE_GATES_CODE = sum(n << 5 * i for i, n in enumerate(_NINE_GATES))
_TH = frozenset(TERMINALS_AND_HONORS)
_TERM = frozenset(TERMINALS)
_TH_SEQ = frozenset(k for k in range(HONOR) if k % 9 in (0, 6))   # sequences 123 and 789
_MIDDLE_MASK = mask_of(k for k in range(HONOR) if k % 9 in (3, 4, 5))   # the 4s, 5s and 6s
_MAN_MASK, _PIN_MASK, _SOU_MASK = SUIT_MASKS
# the kinds that are not green (a positive mask of the 34 kinds: a negative operand makes every & a slower
# two's-complement operation)
_NOT_GREEN = mask_of(range(N_KINDS)) & ~GREEN_MASK

# ---- facts -------------------------------------------------------------------------------------------------------
Facts: TypeAlias = int
"""A bitset of yes/no facts of a hand and one of its placements; the bits are named below."""
_names: list[str] = []


def _fact(name: str) -> Facts:
    _names.append(name)
    index = len(_names) - 1  # not inline: compiled, `1 << len(...)` is a C shift (see scorer._compiled)
    return 1 << index


# the table (situation)
TSUMO, CLOSED, RIICHI, DOUBLE_RIICHI, IPPATSU = (_fact(n) for n in ("tsumo", "closed", "riichi", "double riichi",
                                                                    "ippatsu"))
CHANKAN, RINSHAN, HAITEI, HOUTEI, TENHOU, CHIIHOU = (_fact(n) for n in ("chankan", "rinshan", "haitei", "houtei",
                                                                        "tenhou", "chiihou"))
# the tiles of the whole hand, melds included
ALL_SIMPLE, ALL_TH, ALL_HONOR, ALL_TERMINAL, ALL_GREEN = (_fact(n) for n in (
    "all simples", "all terminals and honors", "all honors", "all terminals", "all green"))
ONE_SUIT, HAS_HONOR, THREE_KANS, FOUR_KANS = (_fact(n) for n in ("one suit", "an honor", "three kans", "four kans"))
PURE_SUIT, THREE_SUITS, NO_MELDS, STRAIGHT_TILES = (_fact(n) for n in (
    "one suit and no honor", "all three suits", "no declared meld", "1 to 9 of one suit"))
KUITAN = _fact("closed, or open tanyao allowed")
_n_facts = len(_names)
HAND_FACTS: Facts = (1 << _n_facts) - 1
"""The facts above are the hand's (the same for every placement); those below are the placement's."""
# the placement
SEVEN_PAIRS_FORM, ORPHANS_FORM = _fact("seven pairs"), _fact("thirteen orphans")
SEQ1, SEQ2, SEQ3, SEQ4 = (_fact(f"{n}+ sequences") for n in range(1, 5))
TRIP1, TRIP2, TRIP3, TRIP4 = (_fact(f"{n}+ triplets") for n in range(1, 5))
ANKOU3, ANKOU4 = _fact("3+ concealed triplets"), _fact("4 concealed triplets")
PINFU_SHAPE, OUTSIDE, PURE_OUTSIDE = (_fact(n) for n in ("pinfu shape", "every group holds a terminal or honor",
                                                         "every group holds a terminal"))
WIND_PAIR, DRAGON_PAIR = _fact("a pair of winds"), _fact("a pair of dragons")
# iipeikou and ryanpeikou (closed hands only) read these, so they are worked out for closed hands only
TWIN1, TWIN2 = _fact("closed: one pair of identical sequences"), _fact("closed: two pairs of identical sequences")
TRIP_OF: dict[int, Facts] = {k: _fact(f"a triplet of honor {k}") for k in range(EAST, RED + 1)}
"""A triplet or kan of the honor kind ``k``."""
FACT_NAMES: tuple[str, ...] = tuple(_names)
_TRIP_FACT = tuple(TRIP_OF.get(k, 0) for k in range(34))   # by kind: its TRIP_OF fact (0 for a number)
_n_facts = len(_names)
PLACEMENT_FACTS: Facts = (1 << _n_facts) - 1 & ~HAND_FACTS

# "at least n" facts by count
SEQ_FACTS = (0, SEQ1, SEQ1 | SEQ2, SEQ1 | SEQ2 | SEQ3, SEQ1 | SEQ2 | SEQ3 | SEQ4)
TRIP_FACTS = (0, TRIP1, TRIP1 | TRIP2, TRIP1 | TRIP2 | TRIP3, TRIP1 | TRIP2 | TRIP3 | TRIP4)
ANKOU_FACTS = (0, 0, 0, ANKOU3, ANKOU3 | ANKOU4)


# The tile classes of a hand, read per suit: each suit's bits of a kind mask (9, the honors 7) give a few class bits
# (_SUIT_CLASSES); the hand's classes are the OR of its four suits', and with the table's bits (closed, tsumo, no
# meld, all simples may count) they are the key of the hand's facts that depend on nothing else (_tile_facts).
_IN_MAN, _IN_PIN, _IN_SOU, _IN_HONOR, _A_TERMINAL, _A_SIMPLE, _NOT_ALL_GREEN, _NINE_OF_A_SUIT = (1 << i for i in range(8))
_SUIT_BIT = (_IN_MAN, _IN_PIN, _IN_SOU, _IN_HONOR)


def _suit_classes(suit: int) -> tuple[int, ...]:
    """By the suit's bits of a kind mask: its class bits."""
    out = []
    for bits in range(1 << (7 if suit == 3 else 9)):
        mask = bits << 9 * suit
        c = _SUIT_BIT[suit] if mask else 0
        if mask & TERMINAL_MASK:
            c |= _A_TERMINAL
        if mask & SIMPLE_MASK:
            c |= _A_SIMPLE
        if mask & _NOT_GREEN:
            c |= _NOT_ALL_GREEN
        if suit < 3 and bits == 511:
            c |= _NINE_OF_A_SUIT
        out.append(c)
    return tuple(out)


_CLASSES_M, _CLASSES_P, _CLASSES_S, _CLASSES_Z = (_suit_classes(s) for s in range(4))
_tile_facts: dict[int, int] = {}   # bounded: 12 bits of key


def _tile_facts_of(key: int) -> Facts:
    """The :data:`Facts` of a hand's tile classes (the low 8 bits of ``key``) and of bits 8-11: closed, tsumo,
    no declared meld, open tanyao allowed or a closed hand."""
    f = 0
    n_suits = (key & _IN_MAN != 0) + (key & _IN_PIN != 0) + (key & _IN_SOU != 0)
    if not key & (_A_TERMINAL | _IN_HONOR):
        f |= ALL_SIMPLE
        if key >> 11 & 1:
            f |= KUITAN
    elif not key & _A_SIMPLE:
        f |= ALL_TH
        if not n_suits:
            f |= ALL_HONOR
        elif not key & _IN_HONOR:
            f |= ALL_TERMINAL
    if not key & _NOT_ALL_GREEN:
        f |= ALL_GREEN
    if key & _IN_HONOR:
        f |= HAS_HONOR | ONE_SUIT if n_suits == 1 else HAS_HONOR
    elif n_suits == 1:
        f |= ONE_SUIT | PURE_SUIT
    if n_suits == 3:
        f |= THREE_SUITS
    if key & _NINE_OF_A_SUIT:
        f |= STRAIGHT_TILES
    if key >> 8 & 1:
        f |= CLOSED
    if key >> 9 & 1:
        f |= TSUMO
    if key >> 10 & 1:
        f |= NO_MELDS
    _tile_facts[key] = f
    return f


class Ctx:
    """What a winning hand and one of its placements imply; every yaku and the fu count read it and nothing else.

    Built once per hand (the hand-level facts: tile classes, suits, the closed tiles, situation, options); the
    placement facts (sets, pair, wait, concealed triplets) are filled in for each placement in turn. Kinds are the
    package's private 0-33 numbers (hot code); ``mask`` has bit k set when the hand holds kind k. ``code`` is the
    closed tiles' hand code (:data:`scorer.arrangements.HandCode`), winning tile included, so that
    ``code >> 5 * k & COUNT_MASK`` is how many of kind k they hold. The sequence facts ``groups_all_th`` (every
    group holds a terminal or an honor), ``groups_all_term`` (a terminal) and ``has_pinfu_shape`` hold only for a
    placement with a sequence (chanta, junchan and pinfu need one); they are read off ``facts``. ``hand_facts`` are
    the :data:`Facts` of the hand, ``facts`` those of the hand and the current placement.
    """

    __slots__ = ("opts", "sit", "closed", "tsumo", "code", "n_melds", "mask",
                 "pons", "open_kans", "ankans", "kans", "win", "hand_facts", "hand_candidates",
                 # placement facts
                 "form", "closed_trips", "ron_trip", "seqs", "trips", "ankou", "pair", "wait", "facts")

    def set_tiles(self, code, n_melds, mask) -> None:
        """The hand-level tile facts: the hand code of the closed tiles and the bit mask of the kinds in the hand
        (melds included); then the hand's :data:`Facts` (``opts``, ``sit``, ``closed``, ``tsumo`` and ``kans``
        are set before)."""
        self.code = code
        self.n_melds = n_melds
        self.mask = mask
        # the tile classes, per suit, then the facts they and the table make (see _tile_facts)
        closed = self.closed
        key = (_CLASSES_M[mask & 511] | _CLASSES_P[mask >> 9 & 511] | _CLASSES_S[mask >> 18 & 511]
               | _CLASSES_Z[mask >> 27] | closed << 8 | self.tsumo << 9 | (not n_melds) << 10
               | (closed or self.opts.open_tanyao) << 11)
        f = _tile_facts.get(key) or _tile_facts_of(key)
        if n_melds and self.kans >= 3:
            f |= THREE_KANS if self.kans == 3 else FOUR_KANS
        sit = self.sit
        if sit.riichi or sit.double_riichi:
            f |= DOUBLE_RIICHI if sit.double_riichi else RIICHI
            if sit.ippatsu:
                f |= IPPATSU
        # the rarer situation flags, each a fact when set (a False flag adds nothing; most hands have none)
        if sit.haitei or sit.houtei or sit.rinshan or sit.chankan or sit.tenhou or sit.chiihou:
            f |= ((sit.chankan and CHANKAN) | (sit.rinshan and RINSHAN) | (sit.haitei and HAITEI)
                  | (sit.houtei and HOUTEI) | (sit.tenhou and TENHOU) | (sit.chiihou and CHIIHOU))
        self.hand_facts = f
        self.hand_candidates = _by_hand.get(f) or _hand_candidates(f)

    # the winds of the round and of the seat, as kinds (read by few checks and by the fu of a wind pair)
    round_kind = property(lambda self: EAST + self.sit.round_wind)
    seat_kind = property(lambda self: EAST + self.sit.seat_wind)

    # the tile classes, read off the hand's facts and mask (only checks read them, and few checks are called)
    all_simple = property(lambda self: self.hand_facts & ALL_SIMPLE != 0)
    all_th = property(lambda self: self.hand_facts & ALL_TH != 0)
    all_honor = property(lambda self: self.hand_facts & ALL_HONOR != 0)
    all_terminal = property(lambda self: self.hand_facts & ALL_TERMINAL != 0)
    all_green = property(lambda self: self.hand_facts & ALL_GREEN != 0)
    has_honor = property(lambda self: self.mask & HONOR_MASK != 0)

    @property
    def n_suits(self) -> int:
        mask = self.mask
        return (mask & _MAN_MASK != 0) + (mask & _PIN_MASK != 0) + (mask & _SOU_MASK != 0)

    def placement_facts(self) -> Facts:
        """The :data:`Facts` of the hand and the current placement (its fields set before), the sequence facts
        included: identical sequences in a closed hand (iipeikou, ryanpeikou); every group holds a terminal or an
        honor (chanta) or a terminal (junchan); the pinfu shape (four sequences, a two-sided wait, a pair that gives
        no fu)."""
        seqs = self.seqs
        trips = self.trips
        f = self.hand_facts | SEQ_FACTS[len(seqs)] | ANKOU_FACTS[self.ankou]
        if trips:
            f |= TRIP_FACTS[len(trips)]
            for k in trips:
                f |= _TRIP_FACT[k]
        form = self.form
        if form is not STANDARD:
            return f | (SEVEN_PAIRS_FORM if form is SEVEN_PAIRS else ORPHANS_FORM)
        pair = self.pair
        if pair >= EAST:
            f |= DRAGON_PAIR if pair >= WHITE else WIND_PAIR
        if seqs:
            if self.closed and len(set(seqs)) < len(seqs):   # two sequences alike
                f |= TWIN2 if _seq_pairs(seqs) == 2 else TWIN1
            # a 4, 5 or 6 anywhere sits in a group without a terminal or honor
            if not self.mask & _MIDDLE_MASK and pair in _TH and _TH_SEQ.issuperset(seqs) and _TH.issuperset(trips):
                f |= OUTSIDE
                if pair < EAST and _TERM.issuperset(trips):
                    f |= PURE_OUTSIDE
            # a pair of no fu: a number, or a wind that is neither the round's nor the seat's
            if self.wait is RYANMEN and len(seqs) == 4 and (
                    pair < EAST or pair < WHITE and pair != self.round_kind and pair != self.seat_kind):
                f |= PINFU_SHAPE
        return f

    # the sequence facts, read off the placement's facts
    groups_all_th = property(lambda self: self.facts & OUTSIDE != 0)
    groups_all_term = property(lambda self: self.facts & PURE_OUTSIDE != 0)
    has_pinfu_shape = property(lambda self: self.facts & PINFU_SHAPE != 0)

    @property
    def suit(self) -> int:
        """The one suit of a one-suit hand (0 man, 1 pin, 2 sou), else -1."""
        if self.n_suits != 1:
            return -1
        return 0 if self.mask & _MAN_MASK else 1 if self.mask & _PIN_MASK else 2


@dataclass(frozen=True, slots=True, eq=False)   # each yaku is one entry of the table: compared by identity
class Yaku:
    """One yaku. ``applies(ctx)`` is its condition over the placement's :class:`Ctx`; ``needs`` the
    :data:`Facts` it cannot apply without (a closed-only yaku needs ``CLOSED`` as well, added by the table);
    ``exact`` says the needs are also enough (the check says no more than the facts: riichi, toitoi ...), so the
    fast path need not call it — the tests hold ``applies`` equal to the needs for every exact yaku.
    ``han_open`` None: closed hands only. ``yakuman``: 0 for a regular yaku, else its multiplier; ``double``
    marks the yakuman that a preset with ``double_yakuman`` counts twice."""

    id: str
    name: str
    kanji: str
    han_closed: int
    han_open: int | None
    applies: Callable[[Ctx], bool]
    needs: Facts = 0
    yakuman: int = 0
    double: bool = False
    exact: bool = False

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


def _count(trips, kinds) -> int:
    return sum(k in trips for k in kinds)


def menzen_tsumo(c: Ctx) -> bool:
    return c.tsumo and c.closed


def riichi(c: Ctx) -> bool:
    return c.sit.riichi and not c.sit.double_riichi


def ippatsu(c: Ctx) -> bool:
    return c.sit.ippatsu and (c.sit.riichi or c.sit.double_riichi)


def chankan(c: Ctx) -> bool:
    return c.sit.chankan


def rinshan(c: Ctx) -> bool:
    return c.sit.rinshan


def haitei(c: Ctx) -> bool:
    return c.sit.haitei


def houtei(c: Ctx) -> bool:
    return c.sit.houtei


def pinfu(c: Ctx) -> bool:
    """Four sequences, a pair that gives no fu, a two-sided wait (closed: the table's row says so)."""
    return bool(c.seqs) and c.has_pinfu_shape


def tanyao(c: Ctx) -> bool:
    return c.all_simple and (c.closed or c.opts.open_tanyao)


def iipeikou(c: Ctx) -> bool:
    seqs = c.seqs
    return len(set(seqs)) < len(seqs) and _seq_pairs(seqs) == 1   # two alike, and only one such pair


def _seat_wind(kind: int) -> Callable[[Ctx], bool]:
    def seat_wind(c: Ctx) -> bool:
        return c.seat_kind == kind and kind in c.trips
    return seat_wind


def _round_wind(kind: int) -> Callable[[Ctx], bool]:
    def round_wind(c: Ctx) -> bool:
        return c.round_kind == kind and kind in c.trips
    return round_wind


def _dragon(kind: int) -> Callable[[Ctx], bool]:
    def dragon(c: Ctx) -> bool:
        return kind in c.trips
    return dragon


def double_riichi(c: Ctx) -> bool:
    return c.sit.double_riichi


def chiitoitsu(c: Ctx) -> bool:
    return c.form == SEVEN_PAIRS


def chanta(c: Ctx) -> bool:
    return bool(c.seqs) and c.groups_all_th and c.has_honor


def ittsu(c: Ctx) -> bool:
    """123, 456 and 789 of one suit."""
    seqs = c.seqs
    if len(seqs) >= 3:
        for b in (0, 9, 18):
            if b in seqs and b + 3 in seqs and b + 6 in seqs:
                return True
    return False


def _in_three_suits(groups) -> bool:
    """Does some group's kind of the characters come again in the dots and the bamboo (same number)?"""
    if len(groups) >= 3:
        for n in groups:
            if n < 9 and n + 9 in groups and n + 18 in groups:
                return True
    return False


def sanshoku(c: Ctx) -> bool:
    """The same sequence in all three suits."""
    return _in_three_suits(c.seqs)


def sanshoku_doukou(c: Ctx) -> bool:
    """A triplet of the same number in all three suits."""
    return _in_three_suits(c.trips)


def sankantsu(c: Ctx) -> bool:
    return c.kans == 3


def toitoi(c: Ctx) -> bool:
    return len(c.trips) == 4


def sanankou(c: Ctx) -> bool:
    return c.ankou >= 3


def shousangen(c: Ctx) -> bool:
    return c.pair is not None and c.pair >= WHITE and _count(c.trips, (WHITE, GREEN, RED)) == 2


def honroutou(c: Ctx) -> bool:
    return c.all_th and c.form != THIRTEEN_ORPHANS


def ryanpeikou(c: Ctx) -> bool:
    return len(c.seqs) == 4 and _seq_pairs(c.seqs) == 2


def junchan(c: Ctx) -> bool:
    return bool(c.seqs) and c.groups_all_term


def honitsu(c: Ctx) -> bool:
    return c.n_suits == 1 and c.has_honor


def chinitsu(c: Ctx) -> bool:
    return c.n_suits == 1 and not c.has_honor


def tenhou(c: Ctx) -> bool:
    return c.sit.tenhou


def chiihou(c: Ctx) -> bool:
    return c.sit.chiihou


def daisangen(c: Ctx) -> bool:
    return _count(c.trips, (WHITE, GREEN, RED)) == 3


def suuankou(c: Ctx) -> bool:
    return c.ankou == 4


def suuankou_tanki(c: Ctx) -> bool:
    return c.ankou == 4 and c.wait == TANKI


def tsuuiisou(c: Ctx) -> bool:
    return c.all_honor


def ryuuiisou(c: Ctx) -> bool:
    return c.all_green


def chinroutou(c: Ctx) -> bool:
    return c.all_terminal


def chuuren(c: Ctx) -> bool:
    """Nine gates: a closed hand of one suit holding 1112345678999 of it (and one more tile of the suit)."""
    if c.form != STANDARD or c.n_melds or c.n_suits != 1 or c.has_honor:
        return False
    code = c.code >> 45 * c.suit   # the suit's counts, five bits each (the hand code, see Ctx)
    return all(code >> 5 * i & COUNT_MASK >= n for i, n in enumerate(_NINE_GATES))


def junsei_chuuren(c: Ctx) -> bool:
    """Pure nine gates: a closed hand of one suit that held exactly 1112345678999 before its winning tile (a
    nine-sided wait: any tile of the suit completes it)."""
    if c.n_melds or c.n_suits != 1 or c.has_honor:
        return False
    return c.code - (1 << 5 * c.win) == _NINE_GATES_CODE << 45 * c.suit


def kokushi(c: Ctx) -> bool:
    return c.form == THIRTEEN_ORPHANS


def kokushi13(c: Ctx) -> bool:
    """Thirteen-sided wait: every terminal and honor was held once, so the winning tile made the pair (the
    closed tiles hold two of its kind)."""
    return c.form == THIRTEEN_ORPHANS and c.code >> 5 * c.win & COUNT_MASK == 2


def daisuushii(c: Ctx) -> bool:
    return len(c.trips) == 4 and _count(c.trips, WINDS) == 4


def shousuushii(c: Ctx) -> bool:
    return c.pair is not None and EAST <= c.pair <= NORTH and _count(c.trips, WINDS) == 3


def suukantsu(c: Ctx) -> bool:
    return c.kans == 4


# ---- the table -----------------------------------------------------------------------------------------------------
def _wind_yaku(prefix: str, kanji: str, check) -> tuple[Yaku, ...]:
    names = ("east", "south", "west", "north")
    return tuple(Yaku(f"{prefix}_{'eswn'[w]}", f"{prefix.replace('_', ' ')} {names[w]}", f"{kanji} {_WIND_KANJI[w]}",
                      1, 1, check(EAST + w), TRIP_OF[EAST + w]) for w in range(4))


def _Y(id, name, kanji, han_closed, han_open, applies, needs, yakuman=0, double=False, exact=False) -> Yaku:
    return Yaku(id, name, kanji, han_closed, han_open, applies, needs, yakuman, double, exact)


_DRAGON_TRIPS = TRIP_OF[WHITE] | TRIP_OF[GREEN] | TRIP_OF[RED]
_WIND_TRIPS = TRIP_OF[EAST] | TRIP_OF[SOUTH] | TRIP_OF[WEST] | TRIP_OF[NORTH]
_E = True   # exact: the needs are the whole condition
YAKU: tuple[Yaku, ...] = (
    # situation (facts of the table, from the hand's Situation)
    _Y("menzen_tsumo", "menzen tsumo", "門前清自摸和", 1, None, menzen_tsumo, TSUMO, exact=_E),
    _Y("riichi", "riichi", "立直", 1, None, riichi, RIICHI, exact=_E),
    _Y("ippatsu", "ippatsu", "一発", 1, None, ippatsu, IPPATSU, exact=_E),
    _Y("chankan", "chankan", "槍槓", 1, 1, chankan, CHANKAN, exact=_E),
    _Y("rinshan", "rinshan kaihou", "嶺上開花", 1, 1, rinshan, RINSHAN, exact=_E),
    _Y("haitei", "haitei raoyue", "海底摸月", 1, 1, haitei, HAITEI, exact=_E),
    _Y("houtei", "houtei raoyui", "河底撈魚", 1, 1, houtei, HOUTEI, exact=_E),
    # hand
    _Y("pinfu", "pinfu", "平和", 1, None, pinfu, PINFU_SHAPE | SEQ4, exact=_E),
    _Y("tanyao", "tanyao", "断幺九", 1, 1, tanyao, ALL_SIMPLE | KUITAN, exact=_E),
    _Y("iipeikou", "iipeikou", "一盃口", 1, None, iipeikou, SEQ2 | TWIN1, exact=_E),
    *_wind_yaku("seat_wind", "自風", _seat_wind),
    *_wind_yaku("round_wind", "場風", _round_wind),
    _Y("haku", "yakuhai haku", "役牌 白", 1, 1, _dragon(WHITE), TRIP_OF[WHITE], exact=_E),
    _Y("hatsu", "yakuhai hatsu", "役牌 發", 1, 1, _dragon(GREEN), TRIP_OF[GREEN], exact=_E),
    _Y("chun", "yakuhai chun", "役牌 中", 1, 1, _dragon(RED), TRIP_OF[RED], exact=_E),
    _Y("double_riichi", "double riichi", "両立直", 2, None, double_riichi, DOUBLE_RIICHI, exact=_E),
    _Y("chiitoitsu", "chiitoitsu", "七対子", 2, None, chiitoitsu, SEVEN_PAIRS_FORM, exact=_E),
    _Y("chanta", "chanta", "混全帯幺九", 2, 1, chanta, OUTSIDE | SEQ1 | HAS_HONOR, exact=_E),
    _Y("ittsu", "ittsu", "一気通貫", 2, 1, ittsu, SEQ3 | STRAIGHT_TILES),
    _Y("sanshoku", "sanshoku doujun", "三色同順", 2, 1, sanshoku, SEQ3 | THREE_SUITS),
    _Y("sanshoku_doukou", "sanshoku doukou", "三色同刻", 2, 2, sanshoku_doukou, TRIP3 | THREE_SUITS),
    _Y("sankantsu", "sankantsu", "三槓子", 2, 2, sankantsu, THREE_KANS, exact=_E),
    _Y("toitoi", "toitoi", "対々和", 2, 2, toitoi, TRIP4, exact=_E),
    _Y("sanankou", "sanankou", "三暗刻", 2, 2, sanankou, ANKOU3, exact=_E),
    _Y("shousangen", "shousangen", "小三元", 2, 2, shousangen, DRAGON_PAIR | TRIP2),
    _Y("honroutou", "honroutou", "混老頭", 2, 2, honroutou, ALL_TH),
    _Y("ryanpeikou", "ryanpeikou", "二盃口", 3, None, ryanpeikou, SEQ4 | TWIN2, exact=_E),
    _Y("junchan", "junchan", "純全帯幺九", 3, 2, junchan, PURE_OUTSIDE | SEQ1, exact=_E),
    _Y("honitsu", "honitsu", "混一色", 3, 2, honitsu, ONE_SUIT | HAS_HONOR, exact=_E),
    _Y("chinitsu", "chinitsu", "清一色", 6, 5, chinitsu, PURE_SUIT, exact=_E),
    # yakuman
    _Y("tenhou", "tenhou", "天和", 13, None, tenhou, TENHOU, yakuman=1, exact=_E),
    _Y("chiihou", "chiihou", "地和", 13, None, chiihou, CHIIHOU, yakuman=1, exact=_E),
    _Y("daisangen", "daisangen", "大三元", 13, 13, daisangen, _DRAGON_TRIPS, yakuman=1, exact=_E),
    _Y("suuankou", "suuankou", "四暗刻", 13, None, suuankou, ANKOU4, yakuman=1, exact=_E),
    _Y("suuankou_tanki", "suuankou tanki", "四暗刻単騎", 13, None, suuankou_tanki, ANKOU4, yakuman=1, double=True),
    _Y("tsuuiisou", "tsuuiisou", "字一色", 13, 13, tsuuiisou, ALL_HONOR, yakuman=1, exact=_E),
    _Y("ryuuiisou", "ryuuiisou", "緑一色", 13, 13, ryuuiisou, ALL_GREEN, yakuman=1, exact=_E),
    _Y("chinroutou", "chinroutou", "清老頭", 13, 13, chinroutou, ALL_TERMINAL, yakuman=1, exact=_E),
    _Y("chuuren", "chuuren poutou", "九蓮宝燈", 13, None, chuuren, PURE_SUIT | NO_MELDS | STRAIGHT_TILES, yakuman=1),
    _Y("junsei_chuuren", "junsei chuuren poutou", "純正九蓮宝燈", 13, None, junsei_chuuren,
       PURE_SUIT | NO_MELDS | STRAIGHT_TILES, yakuman=1, double=True),
    _Y("kokushi", "kokushi musou", "国士無双", 13, None, kokushi, ORPHANS_FORM | NO_MELDS, yakuman=1, exact=_E),
    _Y("kokushi13", "kokushi musou 13-sided", "国士無双１３面", 13, None, kokushi13, ORPHANS_FORM | NO_MELDS, yakuman=1,
       double=True),
    _Y("daisuushii", "daisuushii", "大四喜", 13, 13, daisuushii, _WIND_TRIPS, yakuman=1, double=True, exact=_E),
    _Y("shousuushii", "shousuushii", "小四喜", 13, 13, shousuushii, WIND_PAIR | TRIP3, yakuman=1),
    _Y("suukantsu", "suukantsu", "四槓子", 13, 13, suukantsu, FOUR_KANS, yakuman=1, exact=_E),
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


def needs_of(y: Yaku) -> Facts:
    """Everything ``y`` needs: its row's facts, and ``CLOSED`` for a closed-only yaku."""
    return y.needs | (CLOSED if y.han_open is None else 0)


YakuBits: TypeAlias = int
"""A set of yaku as bits: bit i is ``YAKU[i]``."""
_BIT = {y.id: 1 << i for i, y in enumerate(YAKU)}
_n_yaku = len(YAKU)
_ALL = (1 << _n_yaku) - 1
_EXACT = sum(_BIT[y.id] for y in YAKU if y.exact)
_YAKUMAN = sum(_BIT[y.id] for y in YAKU if y.yakuman)
_CHECK = {_BIT[y.id]: y.applies for y in YAKU if not y.exact}
_ANY_STRONGER = sum(_BIT[s] for s in set().union(*SUPERSEDED_BY.values()))   # every yaku that replaces another
_REPLACES = {_BIT[s]: sum(_BIT[weak] for weak, strong in SUPERSEDED_BY.items() if s in strong)
             for s in set().union(*SUPERSEDED_BY.values())}
"""For each yaku that replaces another (its bit): the yaku it replaces (bits)."""
_NEEDED_BY = tuple(sum(_BIT[y.id] for y in YAKU if needs_of(y) >> b & 1) for b in range(len(FACT_NAMES)))
"""For each fact: the yaku that need it."""
_CHUNK = 8
# For each 8-bit chunk of the facts and each value of it: the yaku that need a fact of the chunk the value lacks
# (so the yaku whose needs all hold are those no chunk rules out). Built on first use.
_ruled_out: list[tuple[YakuBits, ...]] = []


def _rule_out_tables() -> list[tuple[YakuBits, ...]]:
    if not _ruled_out:
        for c in range(0, len(FACT_NAMES), _CHUNK):
            width = min(_CHUNK, len(FACT_NAMES) - c)
            table = []
            for v in range(1 << width):
                out = 0
                for b in range(width):
                    if not v >> b & 1:
                        out |= _NEEDED_BY[c + b]
                table.append(out)
            _ruled_out.append(tuple(table))
    return _ruled_out


def candidates(facts: Facts) -> YakuBits:
    """The yaku whose needs all hold in ``facts``."""
    out = 0
    shift = 0
    for table in _ruled_out or _rule_out_tables():
        out |= table[facts >> shift & (len(table) - 1)]
        shift += _CHUNK
    return _ALL & ~out


# Caches over what occurs, each bounded by _LIMIT (a miss costs a microsecond or two): the yaku whose hand needs
# hold, by the hand's facts; the yaku whose placement needs hold, by the placement's facts (a yaku's needs hold
# when both do); the (bit, check) of the yaku to call, by the set of candidates that are not exact.
_by_hand: dict[Facts, YakuBits] = {}
_by_placement: dict[Facts, YakuBits] = {}
_calls: dict[YakuBits, tuple] = {}
_LIMIT = 1 << 14


def _cached(cache: dict, key, value):
    if len(cache) >= _LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _hand_candidates(facts: Facts) -> YakuBits:
    return _cached(_by_hand, facts, candidates(facts | PLACEMENT_FACTS))


def _placement_candidates(facts: Facts) -> YakuBits:
    return _cached(_by_placement, facts, candidates(facts | HAND_FACTS))


def _calls_for(bits: YakuBits) -> tuple:
    calls = []
    rest = bits
    while rest:
        low = rest & -rest
        calls.append((low, _CHECK[low]))
        rest ^= low
    return _cached(_calls, bits, tuple(calls))


def raw_yaku_bits(ctx: Ctx) -> YakuBits:
    """The yaku whose checks hold for one placement (``ctx.facts`` set), as bits, before :func:`resolve`. Only
    the checks whose needs hold are called, and of those not the exact ones."""
    place = ctx.facts & PLACEMENT_FACTS
    found = ctx.hand_candidates & (_by_placement.get(place) or _placement_candidates(place))
    bits = found & _EXACT
    found ^= bits
    if found:
        calls = _calls.get(found)
        for bit, check in calls if calls is not None else _calls_for(found):
            if check(ctx):
                bits |= bit
    return bits


def resolve(bits: YakuBits) -> YakuBits:
    """Superseded yaku removed (SUPERSEDED_BY); when any yakuman applies, only the yakuman remain."""
    if bits & _YAKUMAN:
        bits &= _YAKUMAN
    strong = bits & _ANY_STRONGER
    while strong:   # most sets hold no stronger form of anything
        low = strong & -strong
        strong ^= low
        bits &= ~_REPLACES[low]
    return bits


def yaku_bits(ctx: Ctx) -> YakuBits:
    """The yaku of one placement (``ctx.facts`` set) as bits, superseded ones removed; when any yakuman applies
    only the yakuman remain."""
    return resolve(raw_yaku_bits(ctx))


def yaku_of(bits: YakuBits) -> tuple[Yaku, ...]:
    """The yaku of a set of bits, in table order."""
    return tuple(y for i, y in enumerate(YAKU) if bits >> i & 1)


def find_yaku(ctx: Ctx) -> tuple[Yaku, ...]:
    """The yaku of one placement (``ctx.facts`` set): :func:`yaku_bits` as yaku."""
    return yaku_of(yaku_bits(ctx))


def _drop_superseded(found: list[Yaku]) -> list[Yaku]:
    """When any yakuman applies only the yakuman count; a yaku goes when a stronger form of it also applies."""
    if any(y.yakuman for y in found):
        found = [y for y in found if y.yakuman]
    ids = {y.id for y in found}
    return [y for y in found if not any(s in ids for s in SUPERSEDED_BY.get(y.id, ()))]


def find_yaku_plainly(ctx: Ctx) -> list[Yaku]:
    """:func:`find_yaku` spelled out: every check of the table called, the table of SUPERSEDED_BY read by name (the
    specification; tests check they agree, so no yaku's needs ever hide it)."""
    return _drop_superseded([y for y in YAKU if (ctx.closed or y.han_open is not None) and y.applies(ctx)])
