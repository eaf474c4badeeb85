"""MCR evaluation: a :class:`~scorer.hand.Hand` in, an :class:`McrResult` out. Stage: MCR scoring.

The hand is read once (tiles, win flags, unique wait); then every form it can take is scored — a knitted
straight with a set and a pair, seven pairs, seven shifted pairs, thirteen orphans, lesser or greater honors and
knitted tiles, and every arrangement into four sets and a pair — and the highest total wins. For each form the
fan checks of :mod:`scorer.mcr.fans` fill a count table, the exclusions of :mod:`scorer.mcr.exclusions` remove
implied fans, and the preset gives the points. Flowers are counted after the 8-point minimum.

Which forms are tried follows the reference calculator (PyMahjongGB 1.4.0): without melds the special forms
(seven pairs, seven shifted pairs, honors and knitted tiles, thirteen orphans), then a knitted straight, then
Nine Gates; with one meld only a knitted straight; the four-sets-and-a-pair arrangements are scored when none of
these applies, or when the hand is seven pairs (an arrangement may beat it, and wins a tie). Arrangements are
taken in the reference's order and a tie keeps the first unless the later one has a Pure Triple Chow or a Triple
Pung, so that even the fan lists match the reference.

Speed: suits are read from per-suit caches (their arrangements and the tiles that complete them); the fan
checks run in groups cached by the few context fields each group reads (see ``fans.CHECK_GROUPS``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from operator import attrgetter

from scorer.arrangements import _suit_splits, _suit_state, arrangements_of, is_complete
from scorer.errors import ImpossibleHandError
from scorer.hand import Hand
from scorer.melds import MeldType
from scorer.mcr import fans as F
from scorer.mcr.exclusions import NINE_GATES_EXTRAS, apply_exclusions, combination_fans, kong_fans
from scorer.mcr.fans import CODE, FanContext
from scorer.mcr.points import Payment, payments, total_gain
from scorer.mcr.presets import McrPreset, compiled_exclusions, find_preset
from scorer.tiles import Tile
from scorer.waits import shanten_counts

# the six knitted straights (147/258/369 in three different suits), in the reference's order, as our kinds
_M, _P, _S = 0, 9, 18
KNITTED_SEQS = tuple(tuple(base + r for base, ranks in zip(suits, ((0, 3, 6), (1, 4, 7), (2, 5, 8))) for r in ranks)
                     for suits in ((_M, _S, _P), (_M, _P, _S), (_S, _M, _P), (_P, _M, _S), (_S, _P, _M),
                                   (_P, _S, _M)))
_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KNITTED_MASKS = tuple(sum(1 << k for k in seq) for seq in KNITTED_SEQS)
_SM, _SP, _SS = F.SUIT_MASKS
_WIND_MASK = 0b1111 << 27
_DRAGON_MASK = 0b111 << 31
_VALUES: dict[str, list[int]] = {}


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


@dataclass(frozen=True)
class McrResult:
    """The outcome of scoring one hand under MCR. ``win`` is False with a ``reason`` for a hand that is not
    complete ("not complete", with ``shanten`` and ``waits``) or is worth under 8 points ("below 8 points", totals
    still given)."""

    hand: Hand
    preset: str
    win: bool
    reason: str | None
    fan_table: tuple[int, ...] | None = field(default=None, repr=False)
    fan_total: int = 0
    flowers: int = 0
    form: str | None = None
    shanten: int = -1
    waits_: tuple[Tile, ...] | None = field(default=None, repr=False)
    payments: tuple[Payment, ...] = field(default=())

    @property
    def fans(self) -> tuple[FanLine, ...]:
        """Each fan counted, in the table's order (highest value first), Flower Tiles last."""
        lines = self.__dict__.get("_fans")
        if lines is None:
            p = find_preset(self.preset)
            lines = ()
            if self.fan_table is not None:
                lines = tuple(FanLine(F.FAN_BY_ID[i], n, p.value(i))
                              for i, n in enumerate(self.fan_table) if n and i < F.POT_WIND)
            if self.flowers and self.form is not None:
                lines += (FanLine(F.FAN_BY_ID[F.FLOWER_TILES], self.flowers, p.value(F.FLOWER_TILES)),)
            object.__setattr__(self, "_fans", lines)
        return lines

    @property
    def waits(self) -> tuple[Tile, ...]:
        """The tiles the hand waits on: of the 13 tiles before the winning tile for a complete hand (computed
        when asked), of the hand as given for an incomplete one. A kind all four of which are in view is left
        out."""
        if self.waits_ is None:
            h = self.hand
            counts = [0] * 34
            in_view = [0] * 34
            for t in h.concealed:
                counts[t.kind] += 1
            for m in h.melds:
                for t in m.tiles:
                    in_view[t.kind] += 1
            object.__setattr__(self, "waits_", tuple(Tile(k) for k in mcr_waits(counts, len(h.melds), in_view)))
        return self.waits_

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

    def fan_counts(self, key: str = "chinese") -> dict[str, int]:
        """Fans by name (``"chinese"``, ``"name"`` or ``"key"``) -> count; Flower Tiles included when present."""
        return {getattr(line.fan, key): line.count for line in self.fans}

    def to_dict(self) -> dict:
        try:
            notation = self.hand.notation()
        except Exception:  # the grammar may be missing or not know this hand; the result does not depend on it
            notation = None
        return {
            "rules": "mcr",
            "preset": self.preset,
            "hand": notation,
            "win": self.win,
            "reason": self.reason,
            "fans": [line.to_dict() for line in self.fans],
            "fan_total": self.fan_total,
            "flowers": self.flowers,
            "total": self.total,
            "meets_minimum": self.meets_minimum,
            "payments": [p.to_dict() for p in self.payments],
            "total_gain": self.total_gain,
            "shanten": self.shanten,
            "waits": [str(t) for t in self.waits],
        }


# ---- waits (unique-wait test and the waits of an incomplete hand) ----------------------------------------------------
@lru_cache(maxsize=1 << 16)
def _suit_ok(suit: tuple[int, ...], honor: bool) -> int:
    """0: the suit is not sets (+ one pair); 1: sets only (or empty); 2: sets and one pair."""
    n = sum(suit)
    if n == 0:
        return 1
    r = n % 3
    if r == 1:
        return 0
    state = _suit_state(suit, honor)
    if r == 0:
        return 1 if state & 1 else 0
    return 2 if state & 2 else 0


@lru_cache(maxsize=1 << 16)
def _suit_completions(suit: tuple[int, ...], honor: bool) -> tuple[tuple[int, int], ...]:
    """Ranks that, added to the suit (copies not limited), make it sets (1) or sets and a pair (2)."""
    out = []
    lst = list(suit)
    for r in range(len(lst)):
        lst[r] += 1
        ok = _suit_ok(tuple(lst), honor)
        lst[r] -= 1
        if ok:
            out.append((r, ok))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _suit_wait_info(suit: tuple[int, ...], honor: bool) -> tuple[int, tuple[tuple[int, int], ...]]:
    return _suit_ok(suit, honor), _suit_completions(suit, honor)


def standard_wait_kinds(counts) -> list[int]:
    """Kinds completing the standard form of a 3n+1 concealed hand; like the reference, a kind whose four copies
    are all in view still counts as a wait of the shape."""
    infos = (_suit_wait_info(tuple(counts[0:9]), False), _suit_wait_info(tuple(counts[9:18]), False),
             _suit_wait_info(tuple(counts[18:27]), False), _suit_wait_info(tuple(counts[27:34]), True))
    oks = [info[0] for info in infos]
    broken = oks.count(0)
    if broken > 1:
        return []
    pairs = oks.count(2)
    out = []
    for i in range(4):
        ok_i = oks[i]
        if broken and ok_i:
            continue  # the one suit that is not sets (and a pair) must take the tile
        pairs_elsewhere = pairs - (ok_i == 2)
        for r, ok in infos[i][1]:
            if (ok == 2) + pairs_elsewhere == 1:
                out.append(i * 9 + r)
    return out


def _seven_pairs_wait(counts) -> int | None:
    pairs = sum(n // 2 for n in counts)
    if sum(counts) == 13 and pairs == 6:
        for k, n in enumerate(counts):
            if n % 2:
                return k
    return None


def _is_unique_wait(standing, no_melds: bool, closed_kinds: int = 0) -> bool:
    """Does the hand before the winning tile wait on one kind only (standard form, and seven pairs without
    melds)? Like the reference, a kind whose four copies are all in view still counts as a wait."""
    kinds = standard_wait_kinds(standing)
    if len(kinds) > 1:
        return False
    if no_melds and closed_kinds <= 8:  # six pairs and a single: at most 8 kinds with the winning tile
        k = _seven_pairs_wait(standing)
        if k is not None and k not in kinds:
            kinds.append(k)
    return len(kinds) == 1


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


def _is_thirteen_orphans(counts):
    return sum(counts) == 14 and all(counts[k] for k in _ORPHAN_KINDS) and \
        sum(counts[k] for k in _ORPHAN_KINDS) == 14


def _is_seven_shifted(counts):
    kinds = [k for k in range(34) if counts[k]]
    return (len(kinds) == 7 and all(counts[k] == 2 for k in kinds) and kinds[-1] < 27
            and kinds[0] // 9 == kinds[-1] // 9 and kinds[-1] - kinds[0] == 6)


# ---- scoring -----------------------------------------------------------------------------------------------------
class _HandInfo:
    """What is the same for every form and arrangement of one hand."""

    __slots__ = ("ctx", "standing", "closed", "win", "fixed", "melded", "n_melds", "unique_wait", "hand_tables",
                 "preset", "exclusions", "values", "grouped", "closed_kinds", "closed_mask")


def _compile_group(group: F.CheckGroup) -> tuple:
    """A check group ready to run: (checks, key getter or None, cache, opening-field getter or None)."""
    return (F.group_checks(group), attrgetter(*group.reads) if group.reads else None, {},
            attrgetter(group.opens) if group.opens else None)


def _run_groups(groups, table, ids, ctx) -> None:
    """Run check groups into a table (and note the fan ids set in ``ids``): a closed group (its opening field 0)
    is skipped, since all its checks are 0 then; a group with a key is looked up in its cache by the values of
    the fields it reads."""
    for checks, key, cache, opens in groups:
        if opens is not None and not opens(ctx):
            continue
        if key is None:
            for fid, check in checks:
                n = check(ctx)
                if n:
                    table[fid] += n
                    ids.append(fid)
            continue
        k = key(ctx)
        found = cache.get(k)
        if found is None:
            found = tuple((fid, n) for fid, check in checks if (n := check(ctx)))
            if len(cache) > 100_000:
                cache.clear()
            cache[k] = found
        for fid, n in found:
            table[fid] += n
            ids.append(fid)


_HAND_GROUPS = tuple(_compile_group(g) for g in F.CHECK_GROUPS if g.scope == "hand")
_ARR_GROUPS = tuple(_compile_group(g) for g in F.CHECK_GROUPS if g.scope == "arrangement")


def _run(table, ids, ctx, checks) -> None:
    for fid, check in checks:
        n = check(ctx)
        if n:
            table[fid] += n
            ids.append(fid)


def _hand_table(info: _HandInfo, form: str) -> tuple[list[int], list[int]]:
    """The hand-level fans of a form (computed once per hand and form): a count table and the ids set in it."""
    cached = info.hand_tables.get(form)
    if cached is None:
        ctx = info.ctx
        ctx.form = form
        table = [0] * F.TABLE_SIZE
        ids: list[int] = []
        if info.grouped:
            _run_groups(_HAND_GROUPS, table, ids, ctx)
        else:
            _run(table, ids, ctx, F.HAND_CHECKS)
        cached = info.hand_tables[form] = (table, ids)
    return list(cached[0]), list(cached[1])


def _finish(info: _HandInfo, table: list[int], ids: list[int], allow_chicken: bool) -> tuple[int, list[int]]:
    present = set(ids)
    apply_exclusions(table, info.exclusions, present)
    if table[F.POT_WIND]:
        table[F.PUNG_OF_TERMINALS_OR_HONORS] += table[F.POT_WIND]
        table[F.POT_WIND] = 0
        present.add(F.PUNG_OF_TERMINALS_OR_HONORS)
    values = info.values
    total = 0
    for i in present:
        total += table[i] * values[i]
    if allow_chicken and not total and not any(table):
        table[F.CHICKEN_HAND] = 1
        total = values[F.CHICKEN_HAND]
    return total, table


def _arrangement_table(info: _HandInfo, form: str, chows, pungs, pair, waits_flags=0, knitted_single=False):
    ctx = info.ctx
    table, ids = _hand_table(info, form)
    ctx.form = form
    ctx.chows = chows
    ctx.pungs = pungs
    ctx.pair = pair
    ctx.waits_flags = waits_flags
    ctx.knitted_single = knitted_single
    ctx.n_pungs = len(pungs)
    ctx.n_chows = len(chows)
    if pungs:
        cp = mk = ck = winds = dragons = terminals = others = 0
        prevalent = seat = 0
        pc, sc = 0x41 + ctx.prevalent, 0x41 + ctx.seat
        for c, kong, concealed in pungs:
            if kong:
                if concealed:
                    ck += 1
                else:
                    mk += 1
            elif concealed:
                cp += 1
            if c >= 0x45:
                dragons += 1
            elif c >= 0x41:
                winds += 1
                if c == pc:
                    prevalent = 1
                if c == sc:
                    seat = 1
                if c != pc and c != sc:
                    others += 1
            elif c & 0xF in (1, 9):
                terminals += 1
        ctx.wind_pungs = winds
        ctx.dragon_pungs = dragons
        ctx.terminal_pungs = terminals
        ctx.other_wind_pungs = others
        ctx.prevalent_pung = prevalent
        ctx.seat_pung = seat
        ctx.kong_fans = kong_fans(cp, mk, ck, info.preset.mixed_kong_fan)
    else:
        ctx.wind_pungs = ctx.dragon_pungs = ctx.terminal_pungs = ctx.other_wind_pungs = 0
        ctx.prevalent_pung = ctx.seat_pung = 0
        ctx.kong_fans = ()
    if form == F.STANDARD:
        ctx.combos, ctx.traits = combination_fans(tuple(sorted(chows)), tuple(sorted([p[0] for p in pungs])), pair)
    else:
        ctx.combos = {}
        ctx.traits = 0
    if info.grouped:
        _run_groups(_ARR_GROUPS, table, ids, ctx)
        for fid, n in ctx.combos.items():  # what the "combos" checks return
            table[fid] += n
            ids.append(fid)
        for fid in ctx.kong_fans:  # what the "kongs" checks return
            table[fid] += 1
            ids.append(fid)
    else:
        _run(table, ids, ctx, F.ARRANGEMENT_CHECKS)
    return _finish(info, table, ids, form == F.STANDARD)


@lru_cache(maxsize=1 << 16)
def _suit_readings(counts: tuple[int, ...], base: int) -> tuple:
    """Every way one suit's counts split into sets and at most one pair, as
    (has_pair, chow middles, pung codes, pair code or 0, reference sort keys), cached by the suit's counts."""
    out = []
    for has_pair, groups in _suit_splits(counts, base == 27):
        chows, pungs, pair, keys = [], [], 0, []
        for shape, i in groups:
            code = CODE[base + i]
            if shape == "seq":
                chows.append(CODE[base + i + 1])
                keys.append((code, True))
            elif shape == "pair":
                pair = code
            else:
                pungs.append(code)
                keys.append((code, False))
        out.append((has_pair, tuple(chows), tuple(pungs), pair, tuple(keys)))
    return tuple(out)


def _standard_readings(closed) -> list:
    """Every arrangement of the closed tiles into sets and one pair: (keys, chows, pungs, pair), in the reference's
    order (sets sorted, compared tile by tile, a pung before a chow on the same tile)."""
    per = []
    single = True
    for base in (0, 9, 18, 27):
        suit = tuple(closed[base:base + 9]) if base < 27 else tuple(closed[27:34])
        if suit != _EMPTY[base == 27]:
            r = _suit_readings(suit, base)
            if not r:
                return []
            if len(r) > 1:
                single = False
            per.append(r)
    if single:  # the common case: one reading per suit
        chows, pungs, pair, pairs = [], [], 0, 0
        for (has_pair, ch, pu, pa, _), in per:
            chows += ch
            pungs += pu
            if has_pair:
                pairs += 1
                pair = pa
        return [((), chows, pungs, pair)] if pairs == 1 else []
    out = []
    for combo in product(*per):
        if sum(1 for c in combo if c[0]) != 1:
            continue
        chows, pungs, keys = [], [], []
        pair = 0
        for _, ch, pu, pa, ks in combo:
            chows += ch
            pungs += pu
            keys += ks
            if pa:
                pair = pa
        out.append((keys, chows, pungs, pair))
    if len(out) > 1:
        out.sort(key=lambda r: sorted(r[0]))
    return out


_EMPTY = ((0,) * 9, (0,) * 7)


def _standard_forms(info: _HandInfo):
    """Every arrangement into four sets and a pair: yields (total, table)."""
    win = info.win
    win_code = CODE[win]
    self_drawn = info.ctx.self_drawn
    fixed_chows = [c for t, c, _, _ in info.fixed if t == "C"]
    fixed_pungs = [(c, kong, not melded) for t, c, kong, melded in info.fixed if t != "C"]
    base_melded_hand = info.ctx.melded_packs == 4 and not self_drawn
    for _, concealed_chows, concealed_pungs, pair in _standard_readings(info.closed):
        chows = fixed_chows + concealed_chows
        # edge, closed or single wait: where the winning tile sits, counted only when the hand waited on that
        # one tile (tested once per hand, and only when some arrangement could use it)
        flags = 4 if pair == win_code else 0
        for m in concealed_chows:
            if m == win_code:
                flags |= 2
            elif m + 1 == win_code or m - 1 == win_code:
                flags |= 1
        # a pung completed by a discard is exposed, unless the winning tile fits a concealed chow
        if self_drawn or flags & 3 or win_code not in concealed_pungs:
            pungs = fixed_pungs + [(c, False, True) for c in concealed_pungs]
        else:
            pungs = fixed_pungs + [(c, False, c != win_code) for c in concealed_pungs]
        if flags:
            if base_melded_hand or (len(pungs) == 4 and all(k for _, k, _ in pungs)):
                flags = 0
            else:
                if info.unique_wait is None:
                    info.unique_wait = _is_unique_wait(info.standing, info.n_melds == 0, info.closed_kinds)
                if not info.unique_wait:
                    flags = 0
        yield _arrangement_table(info, F.STANDARD, chows, pungs, pair, flags)


def _knitted_form(info: _HandInfo):
    if info.n_melds > 1 or info.closed_kinds < 9:
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
    chows, pungs, pair = [], [], 0
    if info.n_melds == 1:
        kinds = [k for k in range(34) if rem[k]]
        if len(kinds) != 1 or rem[kinds[0]] != 2:
            return None
        pair = CODE[kinds[0]]
        t, c, kong, melded = info.fixed[0]
        if t == "C":
            chows.append(c)
        else:
            pungs.append((c, kong, not melded))
        single = info.standing[win] >= 1
        return _arrangement_table(info, F.KNITTED, chows, pungs, pair, 0, single)
    arrs = [a for a in arrangements_of(rem) if a.form == "standard"]
    if len(arrs) != 1:
        return None
    set_group, pair_group = arrs[0].groups
    pair = CODE[pair_group.kind]
    if set_group.shape == "seq":
        chows.append(CODE[set_group.kind + 1])
    else:
        pungs.append((CODE[set_group.kind], False, True))
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
    return _arrangement_table(info, F.KNITTED, chows, pungs, pair, flags)


def _special_form(info: _HandInfo):
    closed = info.closed
    ctx = info.ctx
    distinct = info.closed_kinds
    if distinct <= 7 and all(n % 2 == 0 for n in closed):
        form = F.SHIFTED if _is_seven_shifted(closed) else F.SEVEN
    elif distinct == 13 and _is_thirteen_orphans(closed):
        form = F.ORPHANS
    else:
        hk = _honors_knitted(closed) if distinct == 14 else None
        if hk is None:
            return None
        form = F.HONORS_KNITTED
        ctx.hk_greater, ctx.hk_knitted = hk
        info.hand_tables.pop(form, None)
    return form, _arrangement_table(info, form, (), (), 0)


def _nine_gates_form(info: _HandInfo):
    """Nine Gates: 1112345678999 of one suit held, won on any tile of that suit."""
    if not info.ctx.nine_gates:
        return None
    ctx = info.ctx
    ctx.form = F.NINE
    table = [0] * F.TABLE_SIZE
    for fid, check in F.WIN_FLAG_CHECKS:
        table[fid] = check(ctx)
    table[F.NINE_GATES] = 1
    for fid in NINE_GATES_EXTRAS[info.win % 9 + 1]:
        table[fid] = 1
    values = info.values
    return sum(n * values[i] for i, n in enumerate(table) if n), table


def _prepare(hand: Hand, preset: McrPreset, grouped: bool = True) -> _HandInfo:
    info = _HandInfo()
    info.grouped = grouped  # False: run every check plainly (tests compare the two)
    info.preset = preset
    info.exclusions = compiled_exclusions(preset)
    info.values = preset_values(preset)
    standing = [0] * 42
    red = False
    mask = 0
    for t in hand.concealed:
        k = t.kind
        standing[k] += 1
        mask |= 1 << k
        red |= t.red
    wt = hand.winning_tile
    win = wt.kind
    if red or wt.red:
        raise ImpossibleHandError("red fives are not used under rules:mcr")
    if win >= 34 or mask >> 34:
        raise ImpossibleHandError("a flower is not a hand tile; flowers are counted apart")
    del standing[34:]
    mask |= 1 << win
    info.closed_mask = mask
    closed = list(standing)
    closed[win] += 1
    fixed = []
    kongs = melded = win_in_melds = 0
    if hand.melds:
        all_counts = list(closed)
        for m in hand.melds:
            k = m.kind
            tiles = m.tiles
            if tiles[0].red or tiles[-1].red or tiles[1].red:
                raise ImpossibleHandError("red fives are not used under rules:mcr")
            typ = m.type
            if typ is MeldType.CHI:
                fixed.append(("C", CODE[k + 1], False, True))
                all_counts[k] += 1
                all_counts[k + 1] += 1
                all_counts[k + 2] += 1
                mask |= 7 << k
                if k <= win <= k + 2:
                    win_in_melds += 1
                melded += 1
            else:
                kong = typ is MeldType.KAN or typ is MeldType.ANKAN
                open_ = typ is not MeldType.ANKAN
                fixed.append(("K" if kong else "P", CODE[k], kong, open_))
                n = 4 if kong else 3
                all_counts[k] += n
                mask |= 1 << k
                if k == win:
                    win_in_melds += n
                kongs += kong
                melded += open_
    else:
        all_counts = closed
    if max(all_counts) > 4:
        bad = next(k for k in range(34) if all_counts[k] > 4)
        raise ImpossibleHandError(f"more than four {Tile(bad)} in the hand")
    fours = all_counts.count(4)
    s = hand.situation
    ctx = FanContext()
    ctx.self_drawn = bool(s.tsumo)
    # win flags corrected as a referee would: the last tile cannot be one you hold; three in your melds make it so
    fourth = bool(s.last_tile)
    if standing[win]:
        fourth = False
    if win_in_melds == 3:
        fourth = True
    ctx.fourth_tile = fourth
    about_kong = bool(s.rinshan or s.chankan)
    if about_kong:
        if ctx.self_drawn:
            about_kong = kongs > 0
        else:
            about_kong = not (win_in_melds or standing[win])
    ctx.about_kong = about_kong
    ctx.wall_last = bool(s.haitei or s.houtei)
    ctx.prevalent = s.round_wind
    ctx.seat = s.seat_wind
    ctx.mask = mask
    ctx.hog = fours - kongs
    ctx.honors = bool(mask & F.HONOR_MASK)
    ctx.has_wind = bool(mask & _WIND_MASK)
    ctx.has_dragon = bool(mask & _DRAGON_MASK)
    ctx.suits_missing = (not mask & _SM) + (not mask & _SP) + (not mask & _SS)
    ctx.rank_mask = 0 if ctx.honors else ((mask | mask >> 9 | mask >> 18) & 0x1FF)
    ctx.melded_packs = melded
    ctx.nine_gates = False
    if not fixed:
        b = win - win % 9 if win < 27 else -1
        if b >= 0 and standing[b] == 3 and standing[b + 8] == 3 and all(standing[b + i] == 1 for i in range(1, 8)):
            ctx.nine_gates = True
    info.ctx = ctx
    info.standing = standing
    info.closed = closed
    info.closed_kinds = 34 - closed.count(0)
    info.win = win
    info.fixed = fixed
    info.n_melds = len(fixed)
    info.melded = melded
    info.unique_wait = None
    info.hand_tables = {}
    return info


def _best(info: _HandInfo):
    """(form, total, table) of the best reading, or None when the hand is not complete.

    Ties between arrangements keep the first (in the reference's order) unless the later one has a Pure Triple
    Chow or a Triple Pung; an arrangement that ties with seven pairs is preferred to it."""
    best = None
    if info.n_melds == 0:
        sp = _special_form(info)
        if sp is not None:
            best = (sp[0], sp[1][0], sp[1][1])
    if best is None and info.n_melds <= 1:
        r = _knitted_form(info)
        if r is not None:
            best = (F.KNITTED, r[0], r[1])
    if best is None and info.n_melds == 0:
        r = _nine_gates_form(info)
        if r is not None:
            best = (F.NINE, r[0], r[1])
    if best is None or best[0] == F.SEVEN:
        seven = best is not None
        for total, table in _standard_forms(info):
            if best is None or total > best[1] or (total == best[1] and (
                    seven or table[F.PURE_TRIPLE_CHOW] or table[F.TRIPLE_PUNG])):
                best = (F.STANDARD, total, table)
    return best


def _validate(hand: Hand) -> None:
    """What makes a hand impossible under MCR beyond its tiles (those are checked as they are counted)."""
    s = hand.situation
    if s.dora or s.ura:
        raise ImpossibleHandError("dora and ura indicators are not used under rules:mcr")
    if s.riichi or s.double_riichi or s.ippatsu or s.tenhou or s.chiihou:
        raise ImpossibleHandError("riichi, ippatsu, tenhou and chiihou are not used under rules:mcr")
    if len(hand.flowers) > 8 or (s.flower_count or 0) > 8:
        raise ImpossibleHandError("at most 8 flowers")
    if not (0 <= s.round_wind <= 3 and 0 <= s.seat_wind <= 3):
        raise ImpossibleHandError("winds are 0-3 (East, South, West, North)")


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
def _honors_knitted_shanten(counts) -> int:
    honors = sum(1 for k in range(27, 34) if counts[k])
    best = max(sum(1 for k in seq if counts[k]) for seq in KNITTED_SEQS)
    return 13 - honors - best


def _knitted_straight_shanten(counts, melds: int) -> int:
    best = 99
    for seq in KNITTED_SEQS:
        rest = list(counts)
        held = 0
        for k in seq:
            if rest[k]:
                rest[k] -= 1
                held += 1
        best = min(best, (9 - held) + shanten_counts(rest, melds + 3))
    return best


def mcr_shanten(counts, melds: int) -> int:
    """Shanten over every MCR form (standard, seven pairs, thirteen orphans, honors and knitted, knitted
    straight). -1 is complete."""
    s = shanten_counts(list(counts), melds)
    if melds == 0 and sum(counts) >= 13:
        s = min(s, _honors_knitted_shanten(counts))
    if melds <= 1:
        s = min(s, _knitted_straight_shanten(counts, melds))
    return s


def is_complete_mcr(counts, melds: int) -> bool:
    """Any MCR winning shape of the closed counts (winning tile included) with ``melds`` declared melds."""
    if is_complete(counts, melds):
        return True
    if melds == 0 and _honors_knitted(counts) is not None:
        return True
    if melds <= 1:
        seq = _knitted_seq(counts)
        if seq is not None:
            rem = list(counts)
            for k in seq:
                rem[k] -= 1
            return is_complete(rem, melds + 3)
    return False


def mcr_waits(counts, melds: int, in_view=None) -> list[int]:
    """Kinds that complete a 3n+1 hand in any MCR form (a kind whose four copies are in view is no wait)."""
    out = []
    for k in range(34):
        if counts[k] + (in_view[k] if in_view else 0) >= 4:
            continue
        counts[k] += 1
        if is_complete_mcr(counts, melds):
            out.append(k)
        counts[k] -= 1
    return out


# ---- public --------------------------------------------------------------------------------------------------------
def evaluate(hand: Hand, preset: str | None = None) -> McrResult:
    """Score a hand under MCR. Raises :class:`ImpossibleHandError` for a hand that cannot exist under MCR
    (red fives, dora, a fifth tile, a wrong number of tiles)."""
    p = find_preset(preset or (hand.preset if hand.rules == "mcr" else None))
    _validate(hand)
    flowers = hand.flower_total
    n_melds = len(hand.melds)
    size = len(hand.concealed) + (hand.winning_tile is not None) + 3 * n_melds
    if hand.winning_tile is None or size != 14:
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
    info = _prepare(hand, p)
    best = _best(info)
    if best is None:
        return McrResult(hand, p.name, False, "not complete", flowers=flowers,
                         shanten=mcr_shanten(list(info.closed), n_melds))
    form, total, table = best
    meets = total >= p.minimum
    pays = payments(total + flowers, hand.situation.tsumo) if meets else ()
    return McrResult(hand, p.name, meets, None if meets else "below 8 points", tuple(table), total, flowers, form,
                     -1, None, pays)
