"""Fan parts. Stage: MCR evaluation (the keyed caches of :mod:`scorer.mcr.evaluate` and the combination caches of
:mod:`scorer.mcr.combinations`).

A *part* is some of a form's fans — what one group of checks, the combination fans of some sets or the kong fans
give — as a :class:`FanPart`: a dict {fan id: count} that also carries its *mask* (bit ``fid`` set for each fan id
present; a :data:`FanMask`). A form's fans are its parts merged, and the OR of their masks says which fans are
present without walking them, so that :func:`scorer.mcr.exclusions.exclude` finds what the fans present remove by
one look-up. Parts are shared by the caches: read them, copy them, never change them.
"""

from __future__ import annotations

from typing import TypeAlias

FanMask: TypeAlias = int
"""A set of fan ids as bits: bit ``fid`` set for each fan present (ids 1-83, so up to bit 83)."""


class FanPart(dict):
    """Some of a form's fans, {fan id: count}, with their :data:`FanMask` (``mask``). Shared: do not change."""

    __slots__ = ("mask",)

    def __init__(self, pairs=()):
        super().__init__(pairs)
        mask = 0
        for fid in self:
            mask |= 1 << fid
        self.mask = mask

    def __or__(self, other: "FanPart") -> "FanPart":
        """The two parts' fans together (parts that set no fan in common)."""
        out = FanPart(self)
        out.update(other)
        out.mask = self.mask | other.mask
        return out


EMPTY = FanPart()
