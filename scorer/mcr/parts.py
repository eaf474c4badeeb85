"""Fan parts. Stage: MCR evaluation (the keyed caches of :mod:`scorer.mcr.evaluate` and the combination caches of
:mod:`scorer.mcr.combinations`).

A *part* is some of a form's fans — what one group of checks, the combination fans of some sets or the kong fans
give — as a :data:`FanPart`: the fans {fan id: count} with their :data:`FanMask`. A form's fans are its parts
merged, and the OR of their masks says which fans are present without walking them, so that
:func:`scorer.mcr.exclusions.exclude` finds what the fans present remove by one look-up. Parts are shared by the
caches: read them, copy them, never change them.
"""

from __future__ import annotations

from typing import TypeAlias

FanMask: TypeAlias = int
"""A set of fan ids as bits: bit ``fid`` set for each fan present (ids 1-83, so up to bit 83)."""

FanPart: TypeAlias = "tuple[dict[int, int], FanMask]"
"""Some of a form's fans: ({fan id: count}, the mask of those fan ids). Shared: do not change the dict."""


def mask_of(fans) -> FanMask:
    """The :data:`FanMask` of some fan ids (a dict's keys or any iterable of ids)."""
    mask = 0
    for fid in fans:
        mask |= 1 << fid
    return mask


def part(pairs) -> FanPart:
    """The part of some (fan id, count) pairs (or a dict of them)."""
    fans = dict(pairs)
    return fans, mask_of(fans)


def joined(a: FanPart, b: FanPart) -> FanPart:
    """Two parts' fans together (parts that set no fan in common)."""
    return {**a[0], **b[0]}, a[1] | b[1]


EMPTY: FanPart = ({}, 0)
