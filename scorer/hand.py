"""Hands and win situations: the frozen values that notation parses into and that every evaluator reads.

A :class:`Hand` is the concealed tiles (without the winning tile), the declared melds, the winning tile, the
flowers, and the :class:`Situation` — how the hand won and what the table looked like (winds, dora indicators,
sticks). It knows no rule set beyond the name of the one it asks for.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorer.melds import Meld
from scorer.tiles import Tile, counts34

WINDS = "ESWN"


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won and the state of the table. Winds are 0-3 for East, South, West, North."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    last_tile: bool = False          # MCR: the winning tile is the last of its kind (和绝张)
    round_wind: int = 0
    seat_wind: int = 1
    honba: int = 0
    sticks: int = 0
    dora: tuple[Tile, ...] = ()      # indicators, as shown on the wall
    ura: tuple[Tile, ...] = ()       # indicators under the dora indicators
    flower_count: int | None = None  # MCR ``flowers:N`` when the flowers are not written as tiles

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def is_riichi(self) -> bool:
        return self.riichi or self.double_riichi


@dataclass(frozen=True, slots=True)
class Hand:
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    situation: Situation = field(default_factory=Situation)
    flowers: tuple[Tile, ...] = ()
    rules: str = "riichi"
    preset: str | None = None
    claim: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed)))
        object.__setattr__(self, "flowers", tuple(sorted(self.flowers)))

    # ---- derived views --------------------------------------------------------------------------------------
    @property
    def closed_tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles with the winning tile (14 - 3 per meld of them in a complete hand)."""
        if self.winning_tile is None:
            return self.concealed
        return tuple(sorted(self.concealed + (self.winning_tile,)))

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile in the hand, meld tiles included (kans give four), flowers excluded."""
        out = list(self.closed_tiles)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    @property
    def is_closed(self) -> bool:
        """No open meld (a closed kan keeps the hand closed)."""
        return all(not m.is_open for m in self.melds)

    @property
    def tile_count(self) -> int:
        """Tiles counted the way a hand size is: each meld counts three, kans included."""
        return len(self.closed_tiles) + 3 * len(self.melds)

    def closed_counts(self) -> list[int]:
        return counts34(self.closed_tiles)

    @property
    def flower_total(self) -> int:
        return len(self.flowers) if self.flowers else (self.situation.flower_count or 0)

    def with_situation(self, **changes) -> "Hand":
        return replace(self, situation=replace(self.situation, **changes))

    def notation(self) -> str:
        from grammar import format_hand  # the grammar owns the notation; imported late to keep the core light
        return format_hand(self)

    def __str__(self) -> str:
        return self.notation()
