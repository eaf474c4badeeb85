"""Fan parts. Stage: MCR evaluation (the keyed caches of :mod:`scorer.mcr.evaluate` and the combination caches of
:mod:`scorer.mcr.combinations`).

A *part* is some of a form's fans — what one group of checks, the combination fans of some sets or the kong fans
give — as a :data:`FanPart`: the fans {fan id: count}, their :data:`FanMask` and their points. A form's fans are
its parts merged, the OR of their masks says which fans are present without walking them (so that
:func:`scorer.mcr.exclusions.exclude` finds what the fans present remove by one look-up), and the sum of their
points, less what the exclusions remove, is the form's total. Parts are shared by the caches: read them, copy
them, never change them.

A part's points are counted with the fans' own points (:data:`POINTS`), which every preset keeps but for the kong
fans (Two Concealed Kongs): the kong parts are counted with the preset's points (:func:`part` ``values``), and a
preset that changed any other fan's points has its totals counted fan by fan (``scorer.mcr.evaluate``).
"""

from __future__ import annotations

from typing import TypeAlias

from scorer.mcr import fans as F

FanMask: TypeAlias = int
"""A set of fan ids as bits: bit ``fid`` set for each fan present (ids 1-83, so up to bit 83)."""

FanPart: TypeAlias = "tuple[dict[int, int], FanMask, int]"
"""Some of a form's fans: ({fan id: count}, the mask of those fan ids, their points). Shared: do not change the
dict."""

# each fan's own points, by fan id (the wind pungs, POT_WIND, score as Pung of Terminals or Honors)
POINTS = [0] * F.TABLE_SIZE
for _f in F.FANS:
    POINTS[_f.id] = _f.points
POINTS[F.POT_WIND] = POINTS[F.PUNG_OF_TERMINALS_OR_HONORS]


def mask_of(fans) -> FanMask:
    """The :data:`FanMask` of some fan ids (a dict's keys or any iterable of ids)."""
    mask = 0
    for fid in fans:
        mask |= 1 << fid
    return mask


def part(pairs, values: list[int] = POINTS) -> FanPart:
    """The part of some (fan id, count) pairs (or a dict of them), its points counted with ``values``."""
    fans = dict(pairs)
    if not fans:
        return EMPTY
    mask = points = 0
    for fid, n in fans.items():
        mask |= 1 << fid
        points += values[fid] * n
    return fans, mask, points


def joined(a: FanPart, b: FanPart) -> FanPart:
    """Two parts' fans together (parts that set no fan in common)."""
    return {**a[0], **b[0]}, a[1] | b[1], a[2] + b[2]


EMPTY: FanPart = ({}, 0, 0)
