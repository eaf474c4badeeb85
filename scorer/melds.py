"""Declared melds: the sets a player has called or declared, shown face up (or a closed kan, face down).

A meld is a value: its type and its tiles. ``[123m]`` is a chi, ``[555p]`` a pon, ``[5555p]`` an open kan
(called or added), ``(5555p)`` a closed kan. MCR calls them chow, pung, kong and concealed kong.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from scorer.errors import ImpossibleHandError
from scorer.tiles import TILE_ORDER, Tile, format_tiles


class MeldType(enum.Enum):
    CHI = "chi"      # MCR: chow
    PON = "pon"      # MCR: pung
    KAN = "kan"      # open kan (called or added); MCR: melded kong
    ANKAN = "ankan"  # closed kan; MCR: concealed kong


@dataclass(frozen=True, slots=True)
class Meld:
    type: MeldType
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles, key=TILE_ORDER))
        object.__setattr__(self, "tiles", tiles)
        kinds = [t.kind for t in tiles]
        ok = all(t.kind < 34 for t in tiles)
        if self.type is MeldType.CHI:
            ok = ok and len(tiles) == 3 and kinds[0] < 27 and kinds[0] % 9 <= 6 \
                and kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2
        elif self.type is MeldType.PON:
            ok = ok and len(tiles) == 3 and len(set(kinds)) == 1
        else:
            ok = ok and len(tiles) == 4 and len(set(kinds)) == 1
        if not ok:
            raise ImpossibleHandError(f"{self.notation()} is not a {self.type.value}")

    @classmethod
    def of(cls, type: MeldType | str, tiles) -> "Meld":
        return cls(MeldType(type), tuple(tiles))

    @property
    def kind(self) -> int:
        """The lowest kind in the meld (the only kind for a pon or kan)."""
        return self.tiles[0].kind

    @property
    def is_sequence(self) -> bool:
        return self.type is MeldType.CHI

    @property
    def is_triplet(self) -> bool:
        """Pon or kan: three or four of a kind."""
        return self.type is not MeldType.CHI

    @property
    def is_kan(self) -> bool:
        return self.type in (MeldType.KAN, MeldType.ANKAN)

    @property
    def is_open(self) -> bool:
        return self.type is not MeldType.ANKAN

    def notation(self) -> str:
        body = format_tiles(self.tiles, sort=False)   # sorted when the meld was made
        return f"({body})" if self.type is MeldType.ANKAN else f"[{body}]"

    __str__ = notation

    def __repr__(self) -> str:
        return f"Meld.of({self.type.value!r}, {[str(t) for t in self.tiles]!r})"
