"""Riichi fu: the itemized minipoints of one placement of a winning hand (read from its :class:`~.yaku.Ctx`).

Rules applied here: 20 fu base (fuutei); +10 for a closed ron (menzen kafu); +2 for tsumo except with pinfu;
+2 for a kanchan, penchan or tanki wait; a pair of dragons or of the round or seat wind +2 (the double wind pair
2 or 4 per preset); sets by kind — an open triplet of simples 2, of terminals/honors 4, doubled when concealed,
a kan four times a triplet — where a triplet completed by ron counts as open (minkou); an open hand with no fu
beyond the base (the open pinfu shape) is 30 fu; seven pairs are 25 fu flat; the total rounds up to 10.
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.arrangements import KANCHAN, PENCHAN, SEVEN_PAIRS, STANDARD, TANKI, THIRTEEN_ORPHANS
from scorer.kinds import EAST, HONOR, N_KINDS, TERMINALS_AND_HONORS, WHITE
from scorer.tiles import kind_name


class FuItem(NamedTuple):
    """One line of a fu count: why, and how many fu."""

    reason: str
    fu: int

    def to_dict(self) -> dict:
        return {"reason": self.reason, "fu": self.fu}


_TH = frozenset(TERMINALS_AND_HONORS)
_EDGE_WAITS = (KANCHAN, PENCHAN, TANKI)
_NAMES = tuple(kind_name(k) for k in range(N_KINDS))

# the items are values: made once, shared by every count
BASE = FuItem("base", 20)
CLOSED_RON = FuItem("closed ron", 10)
TSUMO = FuItem("tsumo", 2)
CHIITOITSU = FuItem("chiitoitsu", 25)
OPEN_PINFU = FuItem("open pinfu shape", 10)
_WAIT = {w: FuItem(f"{w} wait", 2) for w in _EDGE_WAITS}
_ROUND = {d: FuItem("rounded up", d) for d in range(1, 10)}
_PAIR = {(k, fu): FuItem(f"yakuhai pair {_NAMES[k]}", fu) for k in range(HONOR, N_KINDS) for fu in (2, 4)}


def _set_fu(k: int, concealed: bool, kan: bool) -> int:
    return (4 if k in _TH else 2) * (2 if concealed else 1) * (4 if kan else 1)


def _set_items(concealed: bool, kan: bool) -> tuple[FuItem, ...]:
    """The item of a set of each kind: open or concealed, triplet or kan."""
    return tuple(FuItem(f"{'closed' if concealed else 'open'} {'kan' if kan else 'triplet'} {_NAMES[k]}",
                        _set_fu(k, concealed, kan)) for k in range(N_KINDS))


_OPEN_TRIP, _CLOSED_TRIP, _OPEN_KAN, _CLOSED_KAN = (_set_items(False, False), _set_items(True, False),
                                                    _set_items(False, True), _set_items(True, True))


def count_fu(ctx, pinfu: bool, itemize: bool = False):
    """Fu of the current placement of ``ctx``; with ``itemize`` also its :class:`FuItem` tuple, whose fu add up
    to the total (a rounding item last)."""
    form = ctx.form
    if form is not STANDARD:   # the forms are the arrangement engine's constants
        if form == SEVEN_PAIRS:
            return (25, (CHIITOITSU,)) if itemize else 25
        if form == THIRTEEN_ORPHANS:
            return (0, ()) if itemize else 0
    closed = ctx.closed
    if ctx.tsumo:
        if pinfu:   # pinfu tsumo takes no tsumo fu
            items, total = [BASE], 20
        else:
            items, total = [BASE, TSUMO], 22
    elif closed:
        items, total = [BASE, CLOSED_RON], 30
    else:
        items, total = [BASE], 20
    wait = _WAIT.get(ctx.wait)   # kanchan, penchan, tanki
    if wait is not None:
        total += 2
        items.append(wait)
    p = ctx.pair
    if p is not None and p >= EAST:
        fu = 0
        if p >= WHITE:
            fu = 2
        else:
            is_round, is_seat = p == ctx.round_kind, p == ctx.seat_kind
            if is_round and is_seat:
                fu = ctx.opts.double_wind_pair_fu
            elif is_round or is_seat:
                fu = 2
        if fu:
            total += fu
            items.append(_PAIR[p, fu])
    # sets; a triplet completed by ron is open
    ron_trip = ctx.ron_trip
    for k in ctx.closed_trips:
        item = _OPEN_TRIP[k] if k == ron_trip else _CLOSED_TRIP[k]
        total += item[1]   # a FuItem: reason, fu
        items.append(item)
    if ctx.n_melds:
        for k in ctx.pons:
            item = _OPEN_TRIP[k]
            total += item[1]
            items.append(item)
        for k in ctx.open_kans:
            item = _OPEN_KAN[k]
            total += item[1]
            items.append(item)
        for k in ctx.ankans:
            item = _CLOSED_KAN[k]
            total += item[1]
            items.append(item)
        if total == 20 and not closed:
            items.append(OPEN_PINFU)
            total = 30
    rounded = (total + 9) // 10 * 10
    if not itemize:
        return rounded
    if rounded != total:
        items.append(_ROUND[rounded - total])
    return rounded, tuple(items)
