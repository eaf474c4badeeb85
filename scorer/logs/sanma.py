"""Three-player (sanma) records: the facts a log reader needs about the three-player table, and where replay stops.

Stage: log reading (between files and the engine). A three-player table plays 108 tiles — the 136 without the
characters 2m-8m (1m and 9m stay) — with three seats (East, South, West; no North seat), no chi, and the North
extraction (抜きドラ, *nuki* or *kita*): a player may set a North tile aside as a dora (one han each, and one more
for each indicator that makes North the dora) and draws a replacement from the dead wall, as after a kan. A real
three-player record (Tenhou's GO type bit 0x10) is read into rounds with the :class:`Nuki` event below
(:func:`scorer.logs.mjlog.read_mjlog` with ``three_player=True``); replaying those rounds through the engine is
refused with :data:`ENGINE_LIMIT`, because the engine's table seats four.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from scorer.game import events as ev
from scorer.kinds import NORTH, SANMA_ABSENT_KINDS, TileId

SEATS = 3
SANMA_TILE_IDS: frozenset[TileId] = frozenset(i for i in range(136) if i // 4 not in SANMA_ABSENT_KINDS)
"""The 108 physical tiles of a three-player table (ids 4-31, the 2m-8m copies, are absent)."""
DEAD_WALL = 14
LIVE_TILES = len(SANMA_TILE_IDS) - DEAD_WALL - SEATS * 13
"""Draws after the deal (the dealer's first included): 108 - 14 dead wall - 39 dealt = 55; each kan and each
North extraction takes its replacement from the dead wall, which is made up again from the live wall's end."""

ENGINE_LIMIT = ("replay stops here: the engine's table seats four (scorer/game/state.py makes four players, "
                "scorer/game/wall.py a 136-tile wall, the turn order is (seat + 1) % 4) and has no North "
                "extraction (no 'nuki' event, no replacement draw after it); the rounds are read with "
                "read_mjlog(data, name, three_player=True)")
"""Why a three-player round goes no further than its events today (the exact engine changes are in issue 17)."""


@dataclass(frozen=True, slots=True)
class Nuki(ev.Event):
    """A North tile (kind 30) set aside by ``seat`` as nuki dora; the seat's next draw is the replacement from the
    dead wall (a ``draw`` event with ``rinshan`` set, as after a kan)."""

    type: ClassVar[str] = "nuki"
    seat: int = 0
    tile: int = 0

    def __post_init__(self) -> None:
        if self.tile // 4 != NORTH:
            raise ValueError(f"a nuki sets aside a North tile (ids 120-123), not tile {self.tile}")
