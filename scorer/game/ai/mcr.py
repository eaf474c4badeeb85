"""The MCR fan-plan AI: it plays for a hand that reaches the 8-point minimum.

A *plan* is a target fan with a shape the hand can be measured against:

- three fixed chows: Mixed Straight (8; 123/456/789 in three suits), Mixed Triple Chow (8; the same chow in the
  three suits), Pure Straight (16), Pure Shifted Chows (16; one suit, steps of one or two);
- Knitted Straight (12; 147/258/369 in three suits, plus a set and a pair) and Lesser/Greater Honors and Knitted
  Tiles (12; fourteen single tiles from one knitted straight and the honors);
- Seven Pairs (24);
- Half Flush (6) and All Pungs (6), which need two more points: they count as one tile further unless a
  dragon or value-wind pair or pung is in hand (or, for a half flush, the hand is still concealed).

For each plan the AI computes a *distance* in shanten units (-1: complete, 0: one tile away), counting a plan
dead when a tile it still needs has no unseen copy. On its turn it picks the plan with the smallest distance (ties:
more live tiles that advance it, then the plan it followed last turn, then value) and discards toward it: the
discard that keeps the plan's distance lowest, then the one with the most unseen tiles that advance it, then the
tile other plans want least. When a discard would leave the hand one tile from complete, only waits worth 8 count:
a wait that completes the plan is worth the plan's fan (all but half flush and all pungs reach 8 alone), the others
are scored by the MCR scorer; a "ready" hand worth less is treated as one step further.

It calls a chow, pung or kong only when the call lowers the distance of the best plan reachable after the call
(a plan that needs a concealed hand is out of reach after a call); it declares every legal win.
"""

from __future__ import annotations

from itertools import permutations
from operator import itemgetter

from scorer.game.actions import ANKAN, CHI, DISCARD, KAKAN, KAN, PASS, PON, RON, TSUMO, Action
from scorer.game.wall import FLOWER_ID0
from scorer.kinds import HONOR_MASK, mask_of
from scorer.shanten import (candidates_mask, kinds_of_mask, mcr_waits, standard_improving_mask_codes,
                            standard_shanten_codes, standard_shanten_each_codes, suit_codes)

INF = 99

# ---- plans ------------------------------------------------------------------------------------------------------
MS, MTC, PS, PSC, KS, HK, SP, HF, AP = ("mixed straight", "mixed triple chow", "pure straight",
                                        "pure shifted chows", "knitted straight", "honors and knitted",
                                        "seven pairs", "half flush", "all pungs")
VALUE = {MS: 8, MTC: 8, PS: 16, PSC: 16, KS: 12, HK: 12, SP: 24, HF: 6, AP: 6}

# three fixed chows, each by its lowest kind
CHOW_PLANS: list[tuple[str, tuple[int, int, int]]] = []
for a, b, c in permutations(range(3)):
    CHOW_PLANS.append((MS, (a * 9, b * 9 + 3, c * 9 + 6)))
for n in range(7):
    CHOW_PLANS.append((MTC, (n, 9 + n, 18 + n)))
for s in range(3):
    CHOW_PLANS.append((PS, (s * 9, s * 9 + 3, s * 9 + 6)))
    for n in range(5):
        CHOW_PLANS.append((PSC, (s * 9 + n, s * 9 + n + 1, s * 9 + n + 2)))
    for n in range(3):
        CHOW_PLANS.append((PSC, (s * 9 + n, s * 9 + n + 2, s * 9 + n + 4)))

KNITTED = [tuple(base * 9 + r for base, ranks in zip(p, ((0, 3, 6), (1, 4, 7), (2, 5, 8))) for r in ranks)
           for p in permutations(range(3))]

# every plan: (name, data); the index in this list is the plan id
PLANS: list[tuple[str, object]] = (CHOW_PLANS + [(KS, seq) for seq in KNITTED] + [(HK, seq) for seq in KNITTED]
                                   + [(SP, None)] + [(HF, s) for s in range(3)] + [(AP, None)])


# ---- the fixed-tile plans (chows, knitted straight) on suit codes -------------------------------------------------
# A plan with fixed tiles takes one tile of each of its kinds out of the hand (missing ones are counted, a missing
# kind with no unseen copy kills the plan) and measures the rest by the standard form. Its *needs* (kind, copies,
# suit, 5 ** rank) depend only on the plan and the declared melds; the rest is the hand's suit codes minus the
# tiles taken, so no count list is copied per plan.
_POW5 = tuple(5 ** (k % 9) for k in range(27)) + tuple(5 ** (k - 27) for k in range(27, 34))
_RANK_AT_MOST_7 = mask_of(k for k in range(27) if k % 9 <= 7)
_RANK_AT_MOST_6 = mask_of(k for k in range(27) if k % 9 <= 6)
_RANK_AT_LEAST_1 = mask_of(k for k in range(27) if k % 9 >= 1)
_RANK_AT_LEAST_2 = mask_of(k for k in range(27) if k % 9 >= 2)
_SUIT = tuple(3 if k >= 27 else k // 9 for k in range(34))


def _near(h: int) -> int:
    """The kinds of kind mask ``h`` and their suit neighbours one and two ranks away (what
    :func:`scorer.shanten.candidates_mask` gives for the hand holding ``h``)."""
    return (h | (h & _RANK_AT_MOST_7) << 1 | (h & _RANK_AT_MOST_6) << 2 | (h & _RANK_AT_LEAST_1) >> 1
            | (h & _RANK_AT_LEAST_2) >> 2)
_NEEDS: dict = {}


def _plan_needs(i: int, melds):
    """(rest melds, needs) of fixed-tile plan ``i`` next to the declared ``melds``; None if out of reach. Cached by
    what the melds change for the plan (the chows of it they already hold, how many others there are)."""
    name, data = PLANS[i]
    if name == KS:
        key = (i, len(melds))
    else:
        need = list(data)
        free = 0
        for t, k in melds:
            if t == "c" and k in need:
                need.remove(k)
            else:
                free += 1
        key = (i, tuple(need), free)
    found = _NEEDS.get(key, False)
    if found is not False:
        return found
    if name == KS:
        kinds = list(data) if len(melds) <= 1 else None
        m = 3 + len(melds)
    else:
        kinds = [k for k0 in need for k in (k0, k0 + 1, k0 + 2)] if free <= 1 else None
        m = 3 + free
    if kinds is None:
        found = None
    else:
        copies: dict[int, int] = {}
        for k in kinds:
            copies[k] = copies.get(k, 0) + 1
        found = (m, tuple((k, n, _SUIT[k], _POW5[k]) for k, n in sorted(copies.items())))
    if len(_NEEDS) > 20_000:
        _NEEDS.clear()
    _NEEDS[key] = found
    return found


def _fixed_parts(c, codes, needs, unseen):
    """(missing tiles, rest codes, kinds whose held copies all go to the plan, kinds the plan still lacks), or
    None if the plan is dead."""
    cs = list(codes)
    missing = 0
    tight = set()
    lacking = set()
    for k, n, s, pw in needs:
        have = c[k]
        if have > n:
            cs[s] -= n * pw
        else:
            if have < n:
                if unseen[k] <= 0:
                    return None
                missing += n - have
                lacking.add(k)
            cs[s] -= have * pw
            tight.add(k)
    return missing, cs, tight, lacking


def _fixed_distance(c, codes, i, melds, unseen, pn=False) -> int:
    if pn is False:
        pn = _plan_needs(i, melds)
    if pn is None:
        return INF
    m, needs = pn
    c0, c1, c2, c3 = codes
    missing = 0
    for k, n, s, pw in needs:
        have = c[k]
        if have < n:
            if unseen[k] <= 0:
                return INF
            missing += n - have
            taken = have * pw
        else:
            taken = n * pw
        if s == 0:
            c0 -= taken
        elif s == 1:
            c1 -= taken
        elif s == 2:
            c2 -= taken
        else:
            c3 -= taken
    return missing + standard_shanten_codes((c0, c1, c2, c3), m)


_ALL_NEEDS: dict = {}


def _needs_of_plans(melds) -> list:
    """Every plan's (needs next to ``melds``, their kind mask when they take one tile of each kind): None for the
    needs of a plan that has no fixed tiles or is out of reach."""
    found = _ALL_NEEDS.get(melds)
    if found is None:
        found = [_plan_needs(i, melds) if PLANS[i][0] in _FIXED else None for i in range(len(PLANS))]
        # with each plan, the kind mask of its needs when it takes one tile of each kind (else None)
        found = [(pn, mask_of(k for k, _, _, _ in pn[1]) if pn is not None and all(n == 1 for _, n, _, _ in pn[1])
                  else None) for pn in found]
        if len(_ALL_NEEDS) > 5000:
            _ALL_NEEDS.clear()
        _ALL_NEEDS[melds] = found
    return found


def _fixed_reading(c, i, melds, unseen):
    """Fixed-tile plan ``i``'s reading of the hand: (sets the rest counts as declared, the hand's suit codes, then
    :func:`_fixed_parts`); None if the plan is out of reach or dead. The questions of one decision about the same
    hand share it."""
    pn = _plan_needs(i, melds)
    if pn is None:
        return None
    codes = suit_codes(c)
    parts = _fixed_parts(c, codes, pn[1], unseen)
    if parts is None:
        return None
    return (pn[0], codes) + parts


def _fixed_after(c, i, melds, unseen, kinds, delta, reading=False) -> list[int]:
    """Plan ``i``'s distance after one tile more (delta +1) / fewer (-1) of each of ``kinds``, each on its own
    (``reading``: :func:`_fixed_reading` of the hand, when the caller has it)."""
    if reading is False:
        reading = _fixed_reading(c, i, melds, unseen)
    if reading is None:
        return [INF] * len(kinds)
    m, _, missing, cs, tight, lacking = reading
    out = [missing + v for v in standard_shanten_each_codes(cs, m, kinds, delta)]
    # a tile of a kind the plan still lacks (delta +1), or its last held copy (delta -1), changes the missing
    # count and leaves the rest alone; any other tile changes the rest
    special = lacking if delta > 0 else tight
    if special:
        base = None
        for j, k in enumerate(kinds):
            if k in special:
                if base is None:
                    base = missing + standard_shanten_codes(cs, m)
                out[j] = base - 1 if delta > 0 else (INF if unseen[k] <= 0 else base + 1)
    return out


def _fixed_live_after_discards(c, melds, unseen, i, discards, reading=False) -> list[int]:
    """For each (kind, distance after discarding it) of ``discards``: the unseen tiles that would then lower
    fixed-tile plan ``i``'s distance (what ``McrAI._live`` counts on the hand without that tile), sharing the
    plan's reading of the full hand (``reading``, as :func:`_fixed_after`): a discard moves one suit code or one
    missing tile, nothing else. A draw lowers the distance when the plan lacks its kind or it lowers the rest's
    standard form."""
    if reading is False:
        reading = _fixed_reading(c, i, melds, unseen)
    if reading is None:
        return [0] * len(discards)
    m, codes, missing, cs, tight, lacking = reading
    held = _held_mask(codes)
    lacking_mask = mask_of(lacking)
    plan_mask = _PLAN_KINDS[i]
    rest_improving = None       # the improving kinds of the rest when a discard leaves it as it is
    out = []
    for k, base in discards:
        if base >= INF:
            out.append(0)
            continue
        if k in tight:          # the plan loses a tile it holds: one more missing, the rest unchanged
            lacking2 = lacking_mask | 1 << k
            if rest_improving is None:
                rest_improving = standard_improving_mask_codes(cs, m)
            improving = rest_improving
        else:                   # the rest loses the tile
            cs2 = list(cs)
            cs2[_SUIT[k]] -= _POW5[k]
            lacking2 = lacking_mask
            improving = standard_improving_mask_codes(cs2, m)
        c[k] -= 1
        h = held & ~(1 << k) if not c[k] else held
        mask = _near(h) | plan_mask
        n = 0
        for j in kinds_of_mask(mask & (lacking2 | improving)):
            if unseen[j] and c[j] < 4:
                n += unseen[j]
        c[k] += 1
        out.append(n)
    return out


def _fixed_live(c, melds, unseen, i, reading=False) -> int:
    """:meth:`McrAI._live` of fixed-tile plan ``i``: the unseen tiles of the kinds that can advance it (as
    :func:`_improving_kinds` lists them) whose draw lowers its distance -- a kind it lacks, or one that lowers
    the standard form of the rest (``reading``, as :func:`_fixed_after`)."""
    if reading is False:
        reading = _fixed_reading(c, i, melds, unseen)
    if reading is None:
        return 0
    m, codes, missing, cs, tight, lacking = reading
    n = 0
    advancing = _near(_held_mask(codes)) | _PLAN_KINDS[i]
    for j in kinds_of_mask(advancing & (mask_of(lacking) | standard_improving_mask_codes(cs, m))):
        if unseen[j] and c[j] < 4:
            n += unseen[j]
    return n


def plan_after(i: int, c, melds, unseen, values, kinds, delta: int) -> list[int]:
    """Plan ``i``'s distance with one tile of each of ``kinds`` added (delta +1) or taken out (-1)."""
    name, data = PLANS[i]
    if name in _FIXED:
        return _fixed_after(c, i, melds, unseen, kinds, delta)
    if name == SP:
        if melds:
            return [INF] * len(kinds)
        # seven pairs (four of a kind as two): one tile changes the pairs and the kinds by at most one
        pairs = c.count(2) + c.count(3) + 2 * c.count(4)
        held = 34 - c.count(0)
        out = []
        for k in kinds:
            n = c[k]
            if delta > 0:
                p, h = pairs + (n == 1 or n == 3), held + (n == 0)
            else:
                p, h = pairs - (n == 2 or n == 4), held - (n == 1)
            out.append(6 - min(p, 7) + max(0, 7 - h))
        return out
    if name == HK:
        if melds:
            return [INF] * len(kinds)
        useful = sum(1 for k in data if c[k]) + sum(1 for k in range(27, 34) if c[k])
        wanted = set(data).union(range(27, 34))
        return [13 - useful - (k in wanted and (c[k] == 0 if delta > 0 else -(c[k] == 1))) for k in kinds]
    if name == HF:
        return _flush_after(c, melds, data, values, kinds, delta)
    out = []
    for k in kinds:
        c[k] += delta
        out.append(plan_distance(i, c, melds, unseen, values))
        c[k] -= delta
    return out


_HK_COUNTS: dict = {}


def _hk_distance(c, melds, seq) -> int:
    if melds:
        return INF
    counts_of = _HK_COUNTS.get(seq)
    if counts_of is None:
        counts_of = _HK_COUNTS[seq] = itemgetter(*seq, *range(27, 34))
    return 13 - (16 - counts_of(c).count(0))      # 13 - the useful kinds held


def _pairs_distance(c, melds) -> int:
    if melds:
        return INF
    pairs = c.count(2) + c.count(3) + 2 * c.count(4)   # four of a kind counts as two pairs in MCR seven pairs
    kinds = len(c) - c.count(0)
    return 6 - min(pairs, 7) + max(0, 7 - kinds)


def _pairs_live(c, melds, unseen) -> int:
    """:meth:`McrAI._live` of seven pairs, counted: a draw lowers its distance when it makes a pair (of a single or
    a triplet: four of a kind are two pairs) while fewer than seven are held, or brings a new kind while fewer
    than seven kinds are held; a second copy's third or anything after a concealed meld changes nothing."""
    if melds:
        return 0
    pairs = c.count(2) + c.count(3) + 2 * c.count(4)
    new_kind = 34 - c.count(0) < 7
    if pairs >= 7 and not new_kind:
        return 0
    n = 0
    for k in range(34):
        h = c[k]
        if h == 1 or h == 3:
            if pairs < 7:
                n += unseen[k]
        elif h == 0 and new_kind:
            n += unseen[k]
    return n


def _pairs_live_after_discards(c, melds, unseen, kinds) -> list[int]:
    """:func:`_pairs_live` of the hand without one tile of each of ``kinds`` (held kinds), each on its own: the
    unseen tiles of the singles and triplets (each would make a pair) and of the kinds not held (each a new kind)
    are summed once, and a discard moves only its own kind between them."""
    if melds:
        return [0] * len(kinds)
    pairs = c.count(2) + c.count(3) + 2 * c.count(4)
    held = 34 - c.count(0)
    odd = absent = 0            # unseen tiles of the kinds held once or three times / not held
    for k in range(34):
        h = c[k]
        if h == 1 or h == 3:
            odd += unseen[k]
        elif h == 0:
            absent += unseen[k]
    out = []
    for k in kinds:
        n = c[k]
        u = unseen[k]
        odd2 = odd - (u if n == 1 or n == 3 else 0) + (u if n == 2 or n == 4 else 0)
        absent2 = absent + (u if n == 1 else 0)
        p2 = pairs - (n == 2 or n == 4)
        out.append((odd2 if p2 < 7 else 0) + (absent2 if held - (n == 1) < 7 else 0))
    return out


def _hk_live(c, melds, unseen, i) -> int:
    """:meth:`McrAI._live` of honors and knitted plan ``i``: the unseen tiles of its kinds the hand lacks (each
    lowers the distance by one; a second copy of a kind held never helps)."""
    if melds:
        return 0
    n = 0
    for k in kinds_of_mask(_PLAN_KINDS[i]):
        if not c[k]:
            n += unseen[k]
    return n


def _value_honor(c, melds, values) -> bool:
    return any(c[k] >= 2 for k in values) or any(t == "p" and k in values for t, k in melds)


def _flush_distance(c, melds, suit, values, codes=None) -> int:
    lo, hi = suit * 9, suit * 9 + 9
    for t, k in melds:
        if not (lo <= k < hi or k >= 27):
            return INF
    # the hand's tiles of this suit and the honors: the other two suits' codes set to zero
    codes = codes or suit_codes(c)
    kept = [0, 0, 0, codes[3]]
    kept[suit] = codes[suit]
    d = standard_shanten_codes(kept, len(melds))
    if not melds:
        r = c[lo:hi] + c[27:34]
        pairs = r.count(2) + r.count(3) + 2 * r.count(4)
        kinds = 16 - r.count(0)
        d = min(d, 6 - min(pairs, 7) + max(0, 7 - kinds))
    # 6 points: two more are needed — a value pung, or a concealed hand (Concealed Hand 2)
    if melds and not _value_honor(c, melds, values):
        d += 1
    return d


def _flush_after(c, melds, suit, values, kinds, delta) -> list[int]:
    """:func:`_flush_distance` after one tile more (delta +1) / fewer (-1) of each of ``kinds``: a tile of the
    other two suits leaves the flush's tiles as they are; the suit's and the honors' tiles move its standard
    form by one row of the shanten core and its seven pairs by counting."""
    lo, hi = suit * 9, suit * 9 + 9
    for t, k in melds:
        if not (lo <= k < hi or k >= 27):
            return [INF] * len(kinds)
    codes = suit_codes(c)
    base = _flush_distance(c, melds, suit, values, codes)
    inside = [k for k in kinds if lo <= k < hi or k >= 27]
    if not inside:
        return [base] * len(kinds)
    kept = [0, 0, 0, codes[3]]
    kept[suit] = codes[suit]
    std = dict(zip(inside, standard_shanten_each_codes(kept, len(melds), inside, delta)))
    if not melds:
        r = c[lo:hi] + c[27:34]
        pairs = r.count(2) + r.count(3) + 2 * r.count(4)
        held = 16 - r.count(0)
    out = []
    for k in kinds:
        d = std.get(k)
        if d is None:
            out.append(base)
            continue
        if not melds:
            n = c[k]
            if delta > 0:
                p, h = pairs + (n == 1 or n == 3), held + (n == 0)
            else:
                p, h = pairs - (n == 2 or n == 4), held - (n == 1)
            d = min(d, 6 - min(p, 7) + max(0, 7 - h))
        else:
            c[k] += delta
            if not _value_honor(c, melds, values):
                d += 1
            c[k] -= delta
        out.append(d)
    return out


def _pungs_distance(c, melds, values) -> int:
    if any(t == "c" for t, _ in melds):
        return INF
    sets = len(melds) + c.count(3) + c.count(4)
    pairs = c.count(2)
    sets = min(sets, 4)
    head = 1 if pairs else 0
    partial = min(pairs - head, 4 - sets)
    d = 8 - 2 * sets - partial - head
    if not _value_honor(c, melds, values):
        d += 1
    return d


_FIXED = (MS, MTC, PS, PSC, KS)


def plan_distance(i: int, c: list[int], melds, unseen, values, codes=None) -> int:
    name, data = PLANS[i]
    if name in _FIXED:
        return _fixed_distance(c, codes or suit_codes(c), i, melds, unseen)
    if name == HK:
        return _hk_distance(c, melds, data)
    if name == SP:
        return _pairs_distance(c, melds)
    if name == HF:
        return _flush_distance(c, melds, data, values, codes)
    return _pungs_distance(c, melds, values)


def all_distances(c, melds, unseen, values) -> list[int]:
    codes = suit_codes(c)
    needs = _needs_of_plans(melds)
    return [_fixed_distance(c, codes, i, melds, unseen, needs[i][0]) if i < _N_FIXED
            else plan_distance(i, c, melds, unseen, values, codes) for i in range(len(PLANS))]


def best_distances(c, melds, unseen, values, limit: int = INF) -> tuple[int, list[int]]:
    """The smallest plan distance and the plans at it, in plan order (what :func:`all_distances` would give,
    without measuring the rest of a fixed-tile plan whose missing tiles alone put it behind). With ``limit``, only
    distances under it count: ``(limit, [])`` when no plan comes under it.

    The plans without fixed tiles are read from per-suit summaries (:func:`_summary_of`); the fixed-tile plans'
    missing tiles come packed, one field a plan, from per-suit tables (:class:`_FixedTable`), so that only the
    plans whose missing tiles leave them in reach are looked at."""
    codes = suit_codes(c)
    c0, c1, c2, c3 = codes
    known = _SUMMARY.get
    h0, p0, w0, s0 = known(c0) or _summary_of(c0)
    h1, p1, w1, s1 = known(c1) or _summary_of(c1)
    h2, p2, w2, s2 = known(c2) or _summary_of(c2)
    h3, p3, w3, s3 = known(c3) or _summary_of(c3)
    # kind masks: kinds in hand; kinds with no unseen copy (none early in a deal)
    held = h0 | h1 << 9 | h2 << 18 | h3 << 27
    dead = 0
    if min(unseen) <= 0:
        for k in range(34):
            if unseen[k] <= 0:
                dead |= 1 << k
    best = limit
    tied: list[int] = []
    n_melds = len(melds)
    flush_ok, pungs_ok, value_meld = _meld_facts(melds, values)
    value_pair = value_meld
    if not value_pair:
        for k in values:
            if c[k] >= 2:
                value_pair = True
                break
    if not melds:
        # honors and knitted: 13 minus the kinds of the plan held (as _hk_distance)
        for i in range(_N_FIXED, _FIRST_SP):
            d = 13 - (held & _PLAN_KINDS[i]).bit_count()
            if d < best:
                best, tied = d, [i]
            elif d == best:
                tied.append(i)
        # seven pairs (as _pairs_distance)
        pairs = p0 + p1 + p2 + p3
        kinds = held.bit_count()
        d = 6 - min(pairs, 7) + max(0, 7 - kinds)
        if d < best:
            best, tied = d, [_FIRST_SP]
        elif d == best:
            tied.append(_FIRST_SP)
    # half flush of each suit (as _flush_distance): the suit and the honors, the other suits left out
    honors_kinds = h3.bit_count()
    for suit, code, sp, sh in ((0, c0, p0, h0), (1, c1, p1, h1), (2, c2, p2, h2)):
        if not flush_ok[suit]:
            continue
        # (a numbered suit's code < 5 ** 9 < 2 ** 21, the honors' < 2 ** 17)
        key = (code << 17 | c3) << 3 | n_melds
        d = _FLUSH_SHANTEN.get(key)
        if d is None:
            if len(_FLUSH_SHANTEN) > 100_000:
                _FLUSH_SHANTEN.clear()
            d = _FLUSH_SHANTEN[key] = standard_shanten_codes((code, 0, 0, c3), n_melds)
        if not melds:
            d = min(d, 6 - min(sp + p3, 7) + max(0, 7 - sh.bit_count() - honors_kinds))
        elif not value_pair:
            d += 1
        i = _FIRST_HF + suit
        if d < best:
            best, tied = d, [i]
        elif d == best:
            tied.append(i)
    if pungs_ok:                # all pungs (as _pungs_distance)
        sets = min(n_melds + s0 + s1 + s2 + s3, 4)
        twos = w0 + w1 + w2 + w3
        head = 1 if twos else 0
        d = 8 - 2 * sets - min(twos - head, 4 - sets) - head + (not value_pair)
        if d < best:
            best, tied = d, [_AP]
        elif d == best:
            tied.append(_AP)
    # the fixed-tile plans, by how many tiles they lack (fewest first, so that the best distance falls early):
    # those whose missing tiles alone put them behind (missing - 1 > best, the rest counts -1 at best) are never
    # measured
    table = _fixed_table(melds)
    w0, w1, w2 = table.words
    missing_of = ((w0.get(c0) or table.missing(0, c0)) + (w1.get(c1) or table.missing(1, c1))
                  + (w2.get(c2) or table.missing(2, c2)))
    valid = table.valid
    needs = table.needs
    seen = 0
    missing = 0
    while missing <= _MAX_MISSING and (missing - 1 < best or missing - 1 == best < limit):
        # the plans lacking exactly ``missing`` tiles: fields at most ``missing``, less those at most one fewer
        layer = ~(missing_of + _PRUNE_ADD[missing]) & valid
        todo = layer & ~seen
        seen = layer
        while todo:
            bit = todo & -todo
            todo ^= bit
            i = (bit.bit_length() - 1) // _FIELD
            pn, single = needs[i]
            if single is not None:      # one tile of each kind: the missing tiles are the kinds not held
                if single & ~held & dead:
                    continue
                # the rest: the hand without one tile of each plan kind it holds (as _fixed_distance takes them)
                t0, t1, t2, t3 = _taken_codes(i, held & single)
                d = missing + standard_shanten_codes((c0 - t0, c1 - t1, c2 - t2, c3 - t3), pn[0])
            else:
                d = _fixed_distance(c, codes, i, melds, unseen, pn)
            if d < best:
                best, tied = d, [i]
            elif d == best and d < INF:
                tied.append(i)
        missing += 1
    if best >= limit:
        return limit, []
    tied.sort()
    return best, tied


# the standard-form shanten of one numbered suit and the honors (a half flush's tiles) by (suit code, honors' code,
# declared melds) packed in one int; bounded
_FLUSH_SHANTEN: dict[int, int] = {}


# ---- packed missing tiles of the fixed-tile plans ---------------------------------------------------------------
# A *missing word* holds, for every fixed-tile plan i, the tiles it lacks in a field of _FIELD bits at bit
# _FIELD * i (at most nine: a plan takes nine tiles). Missing tiles add up over kinds, so a hand's word is the sum
# of its three numbered suits' words, each cached by the suit's code. Adding _PRUNE_ADD[t] ((15 - t) to every
# field) sets a field's top bit exactly when the plan lacks more than t tiles; a fixed table's ``valid`` mask (the
# top bits of the plans in reach) keeps the others, so ~(word + _PRUNE_ADD[t]) & valid has the top bit of each
# plan in reach lacking at most t tiles.
_FIELD = 5
_FIELD_MASK = (1 << _FIELD) - 1
_MAX_MISSING = 9
_PRUNE_ADD: list[int] = []


class _FixedTable:
    """The fixed-tile plans next to one set of declared melds: their needs, the kind mask of the plans in reach
    (``valid``, as field top bits) and, per numbered suit, the missing word of each suit code (cached)."""

    __slots__ = ("needs", "valid", "per_kind", "words")

    def __init__(self, melds):
        self.needs = _needs_of_plans(melds)
        self.valid = 0
        # per_kind[k][n]: the missing word of n copies of kind k (every plan's lack of that kind)
        self.per_kind = [[0] * 5 for _ in range(27)]
        for i in range(_N_FIXED):
            pn = self.needs[i][0]
            if pn is None:
                continue
            self.valid |= 1 << (_FIELD * i + _FIELD - 1)
            for k, n, _, _ in pn[1]:
                for have in range(min(n, 5)):
                    self.per_kind[k][have] += (n - have) << _FIELD * i
        self.words: tuple[dict, dict, dict] = ({}, {}, {})

    def missing(self, suit: int, code: int) -> int:
        words = self.words[suit]
        found = words.get(code)
        if found is None:
            found, x = 0, code
            for per in self.per_kind[9 * suit:9 * suit + 9]:
                x, n = divmod(x, 5)
                found += per[n]
            if len(words) > 50_000:
                words.clear()
            words[code] = found
        return found


_FIXED_TABLES: dict = {}


_FIXED_BY_SHAPE: dict = {}


def _fixed_table(melds) -> _FixedTable:
    """The :class:`_FixedTable` of the declared ``melds``: shared by every set of melds with the same chows and as
    many pungs (the fixed-tile plans read a pung or kong only as one set more, whatever its kind)."""
    found = _FIXED_TABLES.get(melds)
    if found is None:
        chows = tuple(sorted(("c", k) for t, k in melds if t == "c"))
        shape = chows + (("p", 0),) * (len(melds) - len(chows))
        found = _FIXED_BY_SHAPE.get(shape)
        if found is None:
            found = _FIXED_BY_SHAPE[shape] = _FixedTable(shape)
        if len(_FIXED_TABLES) > 5000:
            _FIXED_TABLES.clear()
        _FIXED_TABLES[melds] = found
    return found


_MELD_FACTS: dict = {}


def _meld_facts(melds, values) -> tuple[tuple[bool, bool, bool], bool, bool]:
    """What the declared melds allow: a half flush of each suit (every meld of that suit or honors), all pungs
    (no chow), and whether a pung of a value honor is among them."""
    key = (melds, values)
    found = _MELD_FACTS.get(key)
    if found is None:
        flush = tuple(all(s * 9 <= k < s * 9 + 9 or k >= 27 for _, k in melds) for s in range(3))
        found = (flush, not any(t == "c" for t, _ in melds), any(t == "p" and k in values for t, k in melds))
        if len(_MELD_FACTS) > 5000:
            _MELD_FACTS.clear()
        _MELD_FACTS[key] = found
    return found


def _held_mask(codes) -> int:
    """The kind mask of the kinds a hand of suit codes ``codes`` holds."""
    return (_summary_of(codes[0])[0] | _summary_of(codes[1])[0] << 9 | _summary_of(codes[2])[0] << 18
            | _summary_of(codes[3])[0] << 27)


_SUMMARY: dict[int, tuple[int, int, int, int]] = {}


def _summary_of(code: int) -> tuple[int, int, int, int]:
    """What a suit code holds: (the ranks held as a mask, bit ``i`` the suit's kind ``i``; its pairs as seven
    pairs counts them, four of a kind as two; its kinds held twice; its kinds held three or four times). Cached
    by code (bounded)."""
    found = _SUMMARY.get(code)
    if found is None:
        held = pairs = twos = sets = 0
        i, x = 0, code
        while x:
            x, n = divmod(x, 5)
            if n:
                held |= 1 << i
                if n == 2:
                    twos += 1
                    pairs += 1
                elif n == 3:
                    sets += 1
                    pairs += 1
                elif n == 4:
                    sets += 1
                    pairs += 2
            i += 1
        found = (held, pairs, twos, sets)
        if len(_SUMMARY) > 100_000:
            _SUMMARY.clear()
        _SUMMARY[code] = found
    return found


_HELD: dict[int, int] = {}


def _held_of(code: int) -> int:
    """The ranks a suit code holds, as a mask (bit ``i``: the suit's kind ``i``). Cached by code (bounded)."""
    m = _HELD.get(code)
    if m is None:
        m, i, x = 0, 0, code
        while x:
            x, n = divmod(x, 5)
            if n:
                m |= 1 << i
            i += 1
        if len(_HELD) > 100_000:
            _HELD.clear()
        _HELD[code] = m
    return m


_TAKEN: dict[int, tuple[int, int, int, int]] = {}


def _taken_codes(i: int, taken: int) -> tuple[int, int, int, int]:
    """The suit codes of one tile of each kind in the kind mask ``taken`` (plan ``i``'s kinds the hand holds).
    Cached by (plan, mask): at most 512 masks a plan."""
    key = taken << 7 | i
    found = _TAKEN.get(key)
    if found is None:
        out = [0, 0, 0, 0]
        for k in range(34):
            if taken >> k & 1:
                out[_SUIT[k]] += _POW5[k]
        found = _TAKEN[key] = tuple(out)
    return found


_N_FIXED = sum(1 for name, _ in PLANS if name in _FIXED)
_FIRST_SP = next(i for i, (name, _) in enumerate(PLANS) if name == SP)
_FIRST_HF = _FIRST_SP + 1
_AP = len(PLANS) - 1
assert [PLANS[i] for i in range(_FIRST_HF, len(PLANS))] == [(HF, 0), (HF, 1), (HF, 2), (AP, None)]
_PRUNE_ADD = [sum((15 - t) << _FIELD * i for i in range(_N_FIXED)) for t in range(_MAX_MISSING + 1)]
assert all(PLANS[i][0] == HK for i in range(_N_FIXED, _FIRST_SP))   # the honors-and-knitted plans come next
assert all(PLANS[i][0] in _FIXED for i in range(_N_FIXED))   # the fixed-tile plans come first


# ---- the table as this seat sees it ------------------------------------------------------------------------------
def _meld_sig(player) -> tuple:
    out = []
    for m in player.melds:
        k = min(t >> 2 for t in m.tiles)
        out.append(("c" if m.kind == "chi" else "p", k))
    return tuple(out)


def _counts(hand) -> list[int]:
    c = [0] * 34
    for t in hand:
        if t < 136:
            c[t >> 2] += 1
    return c


def unseen_counts(state, seat: int) -> list[int]:
    """Copies of each kind this seat has not seen: 4 minus its own hand and melds, every river and exposed meld."""
    u = [4 - n for n in state.players[seat].kind_counts()]     # (the hand's kept counts: flowers are no kind)
    for s, p in enumerate(state.players):
        for r in p.river:
            if r.called_by is None:
                u[r.tile >> 2] -= 1
        for m in p.melds:
            if m.kind == "ankan" and s != seat:
                continue
            for t in m.tiles:
                u[t >> 2] -= 1
    return u if min(u) >= 0 else [max(0, n) for n in u]


def _values(state, seat) -> tuple[int, ...]:
    """Honor kinds whose pung is worth 2: the dragons, the prevalent wind, the seat wind."""
    return _VALUES[state.round_wind][state.seat_wind(seat)]


# by (prevalent wind, seat wind): the dragons and the two winds, in kind order
_VALUES = tuple(tuple(tuple(sorted({31, 32, 33, 27 + r, 27 + s})) for s in range(4)) for r in range(4))


class McrAI:
    """Fan-plan player. ``plans_won`` (class-wide) counts the plans that the AIs were following when they won."""

    def __init__(self, name: str = "mcr-ai", seed: int | None = None):
        self.name = name
        self.plan: int | None = None       # the plan followed last turn
        self.won_plan: str | None = None   # the plan of the hand this AI won with
        self._readings: dict | None = None  # during a turn: the hand's readings by fixed-tile plans (_turn)

    # ---- entry ------------------------------------------------------------------------------------------------
    def choose(self, state, seat: int, actions: list[Action]) -> Action:
        for a in actions:
            if a.type in (TSUMO, RON):      # every legal win is declared
                self.won_plan = self.winning_plan(state, seat, a)
                return a
        if state.phase == "act" and state.turn == seat:
            return self._turn(state, seat, actions)
        return self._respond(state, seat, actions)

    def winning_plan(self, state, seat, win: Action) -> str:
        """The plan the winning hand completes (ties: the plan followed last turn); "other" if none fits."""
        p = state.players[seat]
        c = p.counts()
        if win.type != TSUMO:
            c[win.tile >> 2] += 1
        d, tied = best_distances(c, _meld_sig(p), [4] * 34, _values(state, seat))
        if not tied:
            return "other"
        best = self.plan if self.plan in tied else tied[0]
        return PLANS[best][0] if d <= 0 else "other"

    def current_plan(self, state, seat) -> str | None:
        """The name of the plan this seat follows now (for the summary of wins by plan)."""
        p = state.players[seat]
        c = p.counts()
        d, tied = best_distances(c, _meld_sig(p), unseen_counts(state, seat), _values(state, seat))
        if not tied:
            return None
        return PLANS[self.plan if self.plan in tied else tied[0]][0]

    # ---- own turn ---------------------------------------------------------------------------------------------
    def _choose_plans(self, c, melds, unseen, values) -> list[int]:
        """Plans at the smallest distance (at most three), best first. During a turn, the fixed-tile plans'
        readings of the hand (:func:`_fixed_reading`) made to break a tie are kept for the discard
        (``self._readings``, set and cleared by :meth:`_turn`)."""
        best, tied = best_distances(c, melds, unseen, values)
        if best >= INF:
            return []
        if len(tied) > 1:
            readings = self._readings
            live = {}
            for i in tied:
                if i < _N_FIXED:
                    reading = _fixed_reading(c, i, melds, unseen)
                    if readings is not None:
                        readings[i] = reading
                    live[i] = _fixed_live(c, melds, unseen, i, reading)
                else:
                    live[i] = self._live(c, melds, unseen, values, i, best)
            tied.sort(key=lambda i: (-live[i], i != self.plan, -VALUE[PLANS[i][0]]))
        return tied[:3]

    def _live(self, c, melds, unseen, values, i, base=None) -> int:
        """Unseen tiles that lower plan ``i``'s distance (the hand may be 3n+1 or 3n+2); ``base``: that distance,
        when the caller has measured it."""
        name = PLANS[i][0]
        if name in _FIXED:
            return _fixed_live(c, melds, unseen, i)
        if name == SP:
            return _pairs_live(c, melds, unseen)
        if name == HK:
            return _hk_live(c, melds, unseen, i)
        if base is None:
            base = plan_distance(i, c, melds, unseen, values)
        draws = [k for k in _improving_kinds(c, i) if unseen[k] and c[k] < 4]
        return sum(unseen[k] for k, d in zip(draws, plan_after(i, c, melds, unseen, values, draws, 1)) if d < base)

    def _turn(self, state, seat, actions) -> Action:
        p = state.players[seat]
        c = p.counts()
        melds = _meld_sig(p)
        unseen = unseen_counts(state, seat)
        values = _values(state, seat)
        readings = self._readings = {}     # this hand's readings by the tied fixed-tile plans (_choose_plans)
        try:
            plans = self._choose_plans(c, melds, unseen, values)
        finally:
            self._readings = None
        discards = [a for a in actions if a.type == DISCARD]
        if not plans:
            plans = [len(PLANS) - 4]           # nothing reachable: fall back on a half flush shape
        self.plan = plans[0]
        # kongs that do not slow the plan down
        best_now = None
        for a in actions:
            if a.type != ANKAN and a.type != KAKAN:
                continue
            if best_now is None:
                best_now = plan_distance(plans[0], c, melds, unseen, values)
            if a.type == ANKAN:
                k = a.tiles[0] >> 2
                c2 = list(c)
                c2[k] = 0
                if best_distances(c2, melds + (("p", k),), unseen, values, best_now + 1)[0] <= best_now:
                    return a
            elif a.type == KAKAN:
                k = a.tile >> 2
                c2 = list(c)
                c2[k] -= 1
                if best_distances(c2, melds, unseen, values, best_now + 1)[0] <= best_now:
                    return a
        if not discards:
            return actions[0]
        return self._discard(state, seat, discards, c, melds, unseen, values, plans, readings)

    def _discard(self, state, seat, discards, c, melds, unseen, values, plans, readings=None) -> Action:
        kinds = sorted({a.tile >> 2 for a in discards})
        main = plans[0]
        reading = False
        if main < _N_FIXED:
            reading = readings[main] if readings and main in readings else _fixed_reading(c, main, melds, unseen)
        mains = (_fixed_after(c, main, melds, unseen, kinds, -1, reading) if main < _N_FIXED
                 else plan_after(main, c, melds, unseen, values, kinds, -1))
        # [distance after the discard, what the other plans want (measured when a tie needs it), kind]
        scored = [[d, INF, k] for d, k in zip(mains, kinds)]
        best_d = min(mains)
        cands = [s for s in scored if s[0] == best_d]
        if best_d == 0:
            # ready: only waits that reach 8 points count
            for s in cands:
                c[s[2]] -= 1
                s.append(self._valid_waits(state, seat, c, s[2], unseen, main, melds, values))
                c[s[2]] += 1
            if any(s[3] > 0 for s in cands):
                cands = [s for s in cands if s[3] > 0]
                cands.sort(key=lambda s: (-s[3], s[2]))
                return self._pick(discards, cands[0][2])
            # no wait worth 8: the plan is one step further; fall through to the ukeire choice
        if len(cands) > 1:
            if PLANS[main][0] in _FIXED:
                lives = _fixed_live_after_discards(c, melds, unseen, main, [(s[2], s[0]) for s in cands], reading)
                for s, live in zip(cands, lives):
                    s.append(live)
            elif main == _FIRST_SP:
                for s, live in zip(cands, _pairs_live_after_discards(c, melds, unseen, [s[2] for s in cands])):
                    s.append(live)
            else:
                for s in cands:
                    c[s[2]] -= 1
                    s.append(self._live(c, melds, unseen, values, main))
                    c[s[2]] += 1
            # most live tiles for the plan; then keep what the other plans want; then honors and terminals first
            most = max(s[-1] for s in cands)
            cands = [s for s in cands if s[-1] == most]
            if len(cands) > 1 and len(plans) > 1:
                # the other plans' distances after each discard still tied, the least of them
                tied_kinds = [s[2] for s in cands]
                others = [plan_after(i, c, melds, unseen, values, tied_kinds, -1) for i in plans[1:]]
                for j, s in enumerate(cands):
                    s[1] = min(o[j] for o in others)
            cands.sort(key=lambda s: (s[1], _keep_value(s[2]), s[2]))
        return self._pick(discards, cands[0][2])

    def _valid_waits(self, state, seat, c13, discarded_kind, unseen, plan=None, melds=(), values=()) -> int:
        """Unseen copies of the winning kinds of a 13-tile hand whose win (on a discard) reaches 8 points
        (``unseen``: :func:`unseen_counts` of this seat now). A wait that completes ``plan`` (the plan the hand
        is ready for, ``melds`` and ``values`` as the plan reads them) is worth the plan's fan, and counts
        without scoring when that fan alone reaches the minimum; the others are scored (:func:`_worth`)."""
        p = state.players[seat]
        waits = mcr_waits(list(c13), len(p.melds))
        if not waits:
            return 0
        # a stand-in state view: the hand after the discard, scored as a win on a discard of each wait
        hand_ids = list(p.hand)
        for t in hand_ids:
            if t >> 2 == discarded_kind and t < FLOWER_ID0:
                hand_ids.remove(t)
                break
        # the plan's fan reaches the minimum by itself (the scorer's best reading scores at least that reading)
        sure = plan is not None and VALUE[PLANS[plan][0]] >= _minimum(state.preset.scorer_preset)
        n = 0
        for w in waits:
            if unseen[w] <= 0:
                continue
            if sure:
                c13[w] += 1
                done = plan_distance(plan, c13, melds, unseen, values) < 0
                c13[w] -= 1
                if done:
                    n += unseen[w]
                    continue
            if _worth(state, seat, hand_ids, w):
                n += unseen[w]
        return n

    @staticmethod
    def _pick(discards, kind) -> Action:
        return next(a for a in discards if a.tile >> 2 == kind)

    # ---- responses --------------------------------------------------------------------------------------------
    def _respond(self, state, seat, actions) -> Action:
        pass_ = next((a for a in actions if a.type == PASS), actions[-1])
        calls = [a for a in actions if a.type in (CHI, PON, KAN)]
        if not calls:
            return pass_
        p = state.players[seat]
        c = p.counts()
        melds = _meld_sig(p)
        unseen = unseen_counts(state, seat)
        values = _values(state, seat)
        now = best_distances(c, melds, unseen, values)[0]
        best, best_d = None, now
        for a in calls:
            c2 = list(c)
            for t in a.tiles:
                c2[t >> 2] -= 1
            k = a.tile >> 2
            sig = melds + (("c", min(k, *(t >> 2 for t in a.tiles))) if a.type == CHI else ("p", k),)
            # only a distance at most the best so far can change the choice
            d = best_distances(c2, sig, unseen, values, best_d + 1)[0]
            if a.type == KAN:
                d -= 0      # a kong: same shape as the pung, plus a replacement draw; taken at equal distance
                if d <= now and (best is None or d <= best_d):
                    best, best_d = a, d
                continue
            if d < best_d:
                best, best_d = a, d
        return best or pass_


def _plan_kinds_mask(i: int) -> int:
    name, data = PLANS[i]
    if name in (MS, MTC, PS, PSC):
        return mask_of(k for k0 in data for k in (k0, k0 + 1, k0 + 2))
    if name == KS:
        return mask_of(data)
    if name == HK:
        return mask_of(data) | HONOR_MASK
    return 0


_PLAN_KINDS = tuple(_plan_kinds_mask(i) for i in range(len(PLANS)))


def _improving_kinds(c: list[int], i: int):
    """Kinds whose draw can lower plan ``i``'s distance: the kinds held and their suit neighbours (an isolated
    tile never helps a set, a partial set or a pair), the plan's required kinds, and any kind for seven pairs
    with fewer than seven kinds."""
    if PLANS[i][0] == SP and len(c) - c.count(0) < 7:
        return range(34)
    return kinds_of_mask(candidates_mask(c) | _PLAN_KINDS[i])


def _keep_value(k: int) -> int:
    """Lower: discard first. Isolated honors and terminals go before middle tiles."""
    if k >= 27:
        return 0
    r = k % 9
    return 1 if r in (0, 8) else 2


_MINIMUM: dict = {}


def _minimum(preset: str) -> int:
    """Points a win needs under the scorer preset ``preset`` (flowers not counted)."""
    found = _MINIMUM.get(preset)
    if found is None:
        from scorer.mcr.presets import find_preset
        found = _MINIMUM[preset] = find_preset(preset).minimum
    return found


# (concealed counts, the melds by type and kinds, winning kind, round wind, seat wind, scorer preset) -> does a
# win on a discard reach the minimum (what _worth asks the scorer); bounded
_WORTH: dict = {}


def _worth(state, seat, hand_ids, w) -> bool:
    """Would a win on a discard of kind ``w`` reach the minimum? (situation fans from the table as now)."""
    p = state.players[seat]
    # the table's tiles are their kinds (no red fives) and the hand holds no flower: the answer depends on the
    # kinds alone, and a hand held on from an earlier turn (a ready hand that drew and let go) asks it again
    key = None
    if not state.preset.red_fives and max(hand_ids) < FLOWER_ID0:
        key = (tuple(_counts(hand_ids)), tuple((m.kind, tuple(t >> 2 for t in m.tiles)) for m in p.melds), w,
               state.round_wind, state.seat_wind(seat), state.preset.scorer_preset)
        found = _WORTH.get(key)
        if found is not None:
            return found
    found = _score_worth(state, seat, hand_ids, w)
    if key is not None:
        if len(_WORTH) > 20_000:
            _WORTH.clear()
        _WORTH[key] = found
    return found


def _score_worth(state, seat, hand_ids, w) -> bool:
    from scorer.game.mcr import evaluator
    from scorer.hand import Hand, Situation
    p = state.players[seat]
    table = state.table
    sit = Situation(tsumo=False, round_wind=state.round_wind, seat_wind=state.seat_wind(seat))
    hand = Hand(concealed=tuple(table[t] for t in hand_ids), melds=tuple(m.meld(table) for m in p.melds),
                winning_tile=table[w * 4], situation=sit, rules="mcr", preset=state.preset.scorer_preset)
    try:
        return bool(evaluator()(hand, preset=state.preset.scorer_preset).win)
    except Exception:       # an impossible hand (e.g. a fifth copy) is no wait
        return False
