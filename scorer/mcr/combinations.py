"""MCR combination fans: what the sets of one arrangement make together. Stage: MCR evaluation, between the
checks of :mod:`scorer.mcr.fans` and the exclusions of :mod:`scorer.mcr.exclusions`.

* :func:`set_fans` — fans made of two, three or four chows or pungs. The *account-once* principle: a set that has
  already combined into a fan may combine once more with one set it has not combined with; the *non-identical*
  principle: a set that has formed a fan cannot form the same fan again with another set; and once a three-set fan
  is there, the fourth set combines once at most. Chows combine among themselves and pungs among themselves, so
  the chow part and the pung part are worked out (and cached, bounded) apart: keyed by a few codes each, they
  repeat from hand to hand where a whole arrangement would not.
* :func:`kong_fans` — kongs and concealed pungs, where the larger fan replaces the smaller (three concealed
  pungs, not two; two melded kongs, not melded kong).
* :func:`group_traits` — what each set or the pair holds (a terminal or honor, a five, an even pung), summed over
  an arrangement for Outside Hand, All Five and All Even Pungs.
* :data:`NINE_GATES_EXTRAS` — the fans Nine Gates still scores, by the winning tile's rank.

Sets are written as the reference calculator's codes (see :mod:`scorer.mcr.fans`); a chow by its middle tile.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from scorer.mcr import fans as F
from scorer.mcr.parts import EMPTY, FanPart, joined, part
from scorer.mcr.fans import TILE_C, TILE_E, TILE_F, TILE_N, TILE_P, TILE_S, TILE_W, is_dragon

# Nine Gates is scored as a form of its own: 88 and, by the tile it was won on, the fans its sets still make
# (the reference's reading: 1 or 9 adds Pure Straight and Tile Hog; 2 or 8 Two Concealed Pungs, Short Straight and
# a Pung of Terminals; 5 Two Concealed Pungs and a Pung of Terminals; 3, 4, 6, 7 a Short Straight).
NINE_GATES_EXTRAS: dict[int, tuple[int, ...]] = {
    1: (F.PURE_STRAIGHT, F.TILE_HOG), 9: (F.PURE_STRAIGHT, F.TILE_HOG),
    2: (F.TWO_CONCEALED_PUNGS, F.SHORT_STRAIGHT, F.PUNG_OF_TERMINALS_OR_HONORS),
    8: (F.TWO_CONCEALED_PUNGS, F.SHORT_STRAIGHT, F.PUNG_OF_TERMINALS_OR_HONORS),
    5: (F.TWO_CONCEALED_PUNGS, F.PUNG_OF_TERMINALS_OR_HONORS),
    3: (F.SHORT_STRAIGHT,), 4: (F.SHORT_STRAIGHT,), 6: (F.SHORT_STRAIGHT,), 7: (F.SHORT_STRAIGHT,),
}



# ---- kongs and concealed pungs -------------------------------------------------------------------------------------
@lru_cache(maxsize=None)  # a few dozen keys
def kong_fans(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, mixed_kong_fan: bool = True
              ) -> tuple[int, ...]:
    """Fans from kongs and concealed pungs. A concealed kong is also a concealed pung; only the larger of
    two/three/four concealed pungs counts, and two kongs score as one two-kong fan. ``mixed_kong_fan``: a melded
    and a concealed kong together score the MIL combination (5), else a Melded Kong and a Concealed Kong."""
    kongs = melded_kongs + concealed_kongs
    dark = concealed_pungs + concealed_kongs  # concealed pungs, kongs included
    out: list[int] = []
    if kongs == 1:
        out.append(F.MELDED_KONG if melded_kongs else F.CONCEALED_KONG)
    elif kongs == 2:
        if concealed_kongs == 0:
            out.append(F.TWO_MELDED_KONGS)
        elif concealed_kongs == 1:
            out.extend((F.CONCEALED_KONG_AND_MELDED_KONG,) if mixed_kong_fan else (F.MELDED_KONG, F.CONCEALED_KONG))
        else:
            out.append(F.TWO_CONCEALED_KONGS)
    elif kongs == 3:
        out.append(F.THREE_KONGS)
    elif kongs == 4:
        out.append(F.FOUR_KONGS)
    if kongs == 3 and concealed_kongs == 1:
        # the reference counts two concealed pungs here only when a concealed pung joins the concealed kong
        dark = 2 if concealed_pungs > 0 else 0
    if kongs == 2 and concealed_kongs == 0:
        dark = 2 if concealed_pungs == 2 else 0
    if kongs == 2 and concealed_kongs == 2 and concealed_pungs == 0:
        dark = 0  # Two Concealed Kongs already pays for its two concealed pungs
    if kongs == 4 and concealed_kongs < 2:
        dark = 0
    if dark >= 2:
        out.append((F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS)[min(dark, 4) - 2])
    return tuple(out)


# ---- combinations of chows and of pungs (account-once) ------------------------------------------------------------
def _shifted1(a, b, c):
    return a + 1 == b and b + 1 == c


def _shifted2(a, b, c):
    return a + 2 == b and b + 2 == c


def _shifted1_unordered(a, b, c):
    return (_shifted1(b, a, c) or _shifted1(c, a, b) or _shifted1(a, b, c)
            or _shifted1(c, b, a) or _shifted1(a, c, b) or _shifted1(b, c, a))


def _mixed(s0, s1, s2):
    return s0 != s1 and s0 != s2 and s1 != s2


def _four_chows_fan(t0, t1, t2, t3):
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3):
        return F.FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return F.QUADRUPLE_CHOW
    return 0


def _three_chows_fan(t0, t1, t2):
    s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
    r0, r1, r2 = t0 & 0xF, t1 & 0xF, t2 & 0xF
    if _mixed(s0, s1, s2):
        if _shifted1_unordered(r1, r0, r2):
            return F.MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return F.MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return F.MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return F.PURE_STRAIGHT
        if _shifted2(t0, t1, t2) or _shifted1(t0, t1, t2):
            return F.PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return F.PURE_TRIPLE_CHOW
    return 0


def _two_chows_fan(t0, t1):
    if t0 >> 4 != t1 >> 4:
        return F.MIXED_DOUBLE_CHOW if t0 & 0xF == t1 & 0xF else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return F.SHORT_STRAIGHT
    if {t0 & 0xF, t1 & 0xF} == {2, 8}:
        return F.TWO_TERMINAL_CHOWS
    if t0 == t1:
        return F.PURE_DOUBLE_CHOW
    return 0


_ONE_POINT_CHOW_FANS = (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)


def _extra_chow_fan(t0, t1, t2, extra):
    """The one fan the fourth chow may still make with one of the three (account-once), best first."""
    found = {_two_chows_fan(t0, extra), _two_chows_fan(t1, extra), _two_chows_fan(t2, extra)}
    for fan in _ONE_POINT_CHOW_FANS:
        if fan in found:
            return fan
    return 0


def _limit_pairs(all_fans, max_cnt, out):
    """Account-once for chows with no three-chow fan: of the pairwise fans keep at most ``max_cnt``, dropping
    repeated fans first, from Two Terminal Chows up to Pure Double Chow."""
    table = [0, 0, 0, 0]
    cnt = 0
    for fan in all_fans:
        if fan:
            cnt += 1
            table[_ONE_POINT_CHOW_FANS.index(fan)] += 1
    limit = 1
    while cnt > max_cnt and limit >= 0:
        idx = 4
        while cnt > max_cnt and idx > 0:
            idx -= 1
            while table[idx] > limit and cnt > max_cnt:
                table[idx] -= 1
                cnt -= 1
        limit -= 1
    for fan, n in zip(_ONE_POINT_CHOW_FANS, table):
        if n:
            out[fan] = n


def _chow_combos(mids, out):
    n = len(mids)
    if n == 4:
        t = mids
        fan = _four_chows_fan(*t)
        if fan:
            out[fan] = 1
            return
        for a, b, c, d in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = _three_chows_fan(t[a], t[b], t[c])
            if fan:
                out[fan] = 1
                extra = _extra_chow_fan(t[a], t[b], t[c], t[d])
                if extra:
                    out[extra] = 1
                return
        pairs = [_two_chows_fan(t[0], t[1]), _two_chows_fan(t[0], t[2]), _two_chows_fan(t[0], t[3]),
                 _two_chows_fan(t[1], t[2]), _two_chows_fan(t[1], t[3]), _two_chows_fan(t[2], t[3])]
        max_cnt = 3
        # a chow related to none of the other three takes one possible fan away
        for i, j, k in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
            if not pairs[i] and not pairs[j] and not pairs[k]:
                max_cnt -= 1
        if max_cnt > 0:
            _limit_pairs(pairs, max_cnt, out)
    elif n == 3:
        fan = _three_chows_fan(*mids)
        if fan:
            out[fan] = 1
            return
        _limit_pairs([_two_chows_fan(mids[0], mids[1]), _two_chows_fan(mids[0], mids[2]),
                      _two_chows_fan(mids[1], mids[2])], 2, out)
    elif n == 2:
        fan = _two_chows_fan(mids[0], mids[1])
        if fan:
            out[fan] = out.get(fan, 0) + 1


def _numbered(c):
    return c < 0x41


def _four_pungs_fan(t0, t1, t2, t3):
    if _numbered(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F.FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (TILE_E, TILE_S, TILE_W, TILE_N):
        return F.BIG_FOUR_WINDS
    return 0


def _three_pungs_fan(t0, t1, t2):
    if _numbered(t0) and _numbered(t1) and _numbered(t2):
        s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
        r0, r1, r2 = t0 & 0xF, t1 & 0xF, t2 & 0xF
        if _mixed(s0, s1, s2):
            if _shifted1_unordered(r1, r0, r2):
                return F.MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return F.TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return F.PURE_SHIFTED_PUNGS
    else:
        if (t0, t1, t2) in ((TILE_E, TILE_S, TILE_W), (TILE_E, TILE_S, TILE_N), (TILE_E, TILE_W, TILE_N),
                            (TILE_S, TILE_W, TILE_N)):
            return F.BIG_THREE_WINDS
        if (t0, t1, t2) == (TILE_C, TILE_F, TILE_P):
            return F.BIG_THREE_DRAGONS
    return 0


def _two_pungs_fan(t0, t1):
    if _numbered(t0) and _numbered(t1):
        return F.DOUBLE_PUNG if t0 & 0xF == t1 & 0xF else 0
    if is_dragon(t0) and is_dragon(t1):
        return F.TWO_DRAGONS_PUNGS
    return 0


# pung fans that the checks of fans.py own (they also look at the pair); the combination pass leaves them out
_PUNG_FANS_OWNED_BY_CHECKS = (F.BIG_FOUR_WINDS, F.BIG_THREE_WINDS, F.BIG_THREE_DRAGONS, F.TWO_DRAGONS_PUNGS)


def _add(out, fan):
    if fan and fan not in _PUNG_FANS_OWNED_BY_CHECKS:
        out[fan] = out.get(fan, 0) + 1


def _pung_combos(t, out):
    n = len(t)
    if n == 4:
        fan = _four_pungs_fan(*t)
        if fan:
            _add(out, fan)
            return
        free = -1
        for a, b, c, d in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = _three_pungs_fan(t[a], t[b], t[c])
            if fan:
                _add(out, fan)
                free = d
                break
        if free >= 0:
            # the fourth pung combines once at most
            for i in range(4):
                if i != free:
                    fan = _two_pungs_fan(t[i], t[free])
                    if fan:
                        _add(out, fan)
                        break
            return
        for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
            _add(out, _two_pungs_fan(t[i], t[j]))
    elif n == 3:
        fan = _three_pungs_fan(*t)
        if fan:
            _add(out, fan)
            return
        for i, j in ((0, 1), (0, 2), (1, 2)):
            _add(out, _two_pungs_fan(t[i], t[j]))
    elif n == 2:
        _add(out, _two_pungs_fan(t[0], t[1]))


def _terminal_chows(mids, pair):
    """Pure Terminal Chows or Three-Suited Terminal Chows: 123 and 789 twice, a pair of fives."""
    if pair >= 0x41 or pair & 0xF != 5:
        return 0
    ps = pair >> 4
    ranks = sorted(m & 0xF for m in mids)
    if ranks != [2, 2, 8, 8]:
        return 0
    suits = [m >> 4 for m in mids]
    if all(s == ps for s in suits):
        return F.PURE_TERMINAL_CHOWS
    low = {m >> 4 for m in mids if m & 0xF == 2}
    high = {m >> 4 for m in mids if m & 0xF == 8}
    others = {1, 2, 3} - {ps}
    if ps not in suits and low == others and high == others:
        return F.THREE_SUITED_TERMINAL_CHOWS
    return 0


def _combination_fans(chow_mids, pung_codes, pair) -> dict[int, int]:
    out: dict[int, int] = {}
    if len(chow_mids) == 4:
        fan = _terminal_chows(chow_mids, pair)
        if fan:
            out[fan] = 1
            return out
    if len(chow_mids) == 2:
        _chow_combos(chow_mids, out)
        _pung_combos(pung_codes, out)
    elif len(chow_mids) >= 3:
        _chow_combos(chow_mids, out)
    else:
        _pung_combos(pung_codes, out)
    return out


# ---- the sets of one arrangement -------------------------------------------------------------------------------
_CHOW_PART: dict[tuple[int, ...], FanPart] = {}  # sorted chow middles -> their fans
_PUNG_PART: dict[tuple[int, ...], FanPart] = {}  # sorted pung codes -> their fans
_CACHE_BOUND = 50_000


def _worked_out(cache: dict, key: tuple[int, ...], combos) -> FanPart:
    """A part's fans met for the first time: worked out by ``combos`` and kept (the cache emptied at its bound)."""
    if len(cache) >= _CACHE_BOUND:
        cache.clear()
    out: dict[int, int] = {}
    combos(key, out)
    found = cache[key] = part(out)
    return found


def build_small_parts() -> None:
    """Work out the fans of every two, three or four chows and of every two or three numbered pungs at once
    (about 13,000 keys, some 40 ms): what a process scoring many hands would otherwise meet one by one (four chows
    repeat least: about one fresh hand in fourteen met a four-chow key not seen before)."""
    mids = [suit + r for suit in (0x10, 0x20, 0x30) for r in range(2, 9)]
    codes = [suit + r for suit in (0x10, 0x20, 0x30) for r in range(1, 10)]
    for n in (2, 3, 4):
        for combo in combinations_with_replacement(mids, n):
            if combo not in _CHOW_PART:
                _worked_out(_CHOW_PART, combo, _chow_combos)
    for n in (2, 3):
        for combo in combinations(codes, n):  # a tile cannot make two pungs
            if combo not in _PUNG_PART:
                _worked_out(_PUNG_PART, combo, _pung_combos)


def set_fans(chow_mids: tuple[int, ...], pung_codes: tuple[int, ...], pair: int) -> dict[int, int]:
    """Fans made by combining the sets of one standard arrangement (both tuples sorted in code order): {fan id:
    count}. The dict is shared (cached): read it, do not change it."""
    return set_part(chow_mids, pung_codes, pair)[0]


def set_part(chow_mids: tuple[int, ...], pung_codes: tuple[int, ...], pair: int) -> FanPart:
    """:func:`set_fans` with their mask, as a :data:`~scorer.mcr.parts.FanPart` (shared: do not change it)."""
    n = len(chow_mids)
    if n >= 3:
        if n == 4 and pair < 0x41 and pair & 0xF == 5:
            fan = _terminal_chows(chow_mids, pair)
            if fan:
                return part({fan: 1})
        return _CHOW_PART.get(chow_mids) or _worked_out(_CHOW_PART, chow_mids, _chow_combos)
    # Pung fans are of numbered pungs only: an honor pung combines with none of them, and the fans honor pungs make
    # together (Big Three Winds, Big Three Dragons, Two Dragons Pungs...) are the checks' (:data:`_PUNG_FANS_OWNED_BY_
    # CHECKS`); a triple of honor pungs leaves the fourth pung to combine once, with an honor pung: no fan either.
    # So the pung part is keyed by the numbered pungs (codes sorted, honors last).
    if len(pung_codes) > 1 and pung_codes[-1] >= 0x41:
        pung_codes = tuple([c for c in pung_codes if c < 0x41])
    if n == 2:
        chows = _CHOW_PART.get(chow_mids) or _worked_out(_CHOW_PART, chow_mids, _chow_combos)
        if len(pung_codes) < 2:
            return chows
        pungs = _PUNG_PART.get(pung_codes) or _worked_out(_PUNG_PART, pung_codes, _pung_combos)
        if not pungs[1]:
            return chows
        return joined(chows, pungs) if chows[1] else pungs
    if len(pung_codes) > 1:
        return _PUNG_PART.get(pung_codes) or _worked_out(_PUNG_PART, pung_codes, _pung_combos)
    return EMPTY


def combination_fans(chow_mids: tuple[int, ...], pung_codes: tuple[int, ...], pair: int) -> tuple[dict, int]:
    """(:func:`set_fans`, :func:`pack_traits`) of one arrangement."""
    return set_fans(chow_mids, pung_codes, pair), pack_traits(chow_mids, pung_codes, pair)


# ---- traits: what each set and the pair hold ---------------------------------------------------------------------
# A group's trait as a packed count, so that an arrangement's traits are the sum over its sets and pair: bits 0-3
# count the groups holding a terminal or honor, bits 4-7 the groups holding a five, bits 8-11 the even pungs and
# pair (each group counts in the first of the three that it fits).
TRAIT_OUTSIDE, TRAIT_FIVE, TRAIT_EVEN = 1, 1 << 4, 1 << 8


def chow_trait(mid: int) -> int:
    r = mid & 0xF
    return TRAIT_OUTSIDE if r == 2 or r == 8 else TRAIT_FIVE if 4 <= r <= 6 else 0


def pung_trait(code: int) -> int:
    """The trait of a pung, a kong or the pair of that tile."""
    if code >= 0x41:
        return TRAIT_OUTSIDE
    r = code & 0xF
    return TRAIT_OUTSIDE if r == 1 or r == 9 else TRAIT_FIVE if r == 5 else 0 if r & 1 else TRAIT_EVEN


def traits_of(packed: int) -> int:
    """0 none, 1 Outside Hand, 2 All Five, 3 All Even Pungs, from the summed traits of the five groups."""
    if packed & 0xF == 5:
        return 1
    if packed >> 4 & 0xF == 5:
        return 2
    if packed >> 8 & 0xF == 5:
        return 3
    return 0


def pack_traits(chows, pung_codes, pair) -> int:
    """0 none, 1 Outside Hand, 2 All Five, 3 All Even Pungs (the first that holds, in that order): every set and
    the pair holds a terminal or honor / a five / is an even pung or pair."""
    terminal = honor = five = even = 0
    for c in chows:
        r = c & 0xF
        if r == 2 or r == 8:
            terminal += 1
        elif 4 <= r <= 6:
            five += 1
    for c in pung_codes + (pair,):
        if c >= 0x41:
            honor += 1
            continue
        r = c & 0xF
        if r == 1 or r == 9:
            terminal += 1
        elif r == 5:
            five += 1
        elif not r & 1:
            even += 1
    if terminal + honor == 5:
        return 1
    if five == 5:
        return 2
    if even == 5:
        return 3
    return 0
