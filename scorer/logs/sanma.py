"""Three-player (sanma) records: the facts a log reader needs about the three-player table.

Stage: log reading (between files and the engine). A three-player table plays 108 tiles — the 136 without the
characters 2m-8m (1m and 9m stay) — with three seats (East, South, West; no North seat), no chi, and the North
extraction (抜きドラ, *nuki* or *kita*): a player may set a North tile aside as a dora (one han each, and one more
for each indicator that makes North the dora) and draws a replacement from the dead wall, as after a kan. A real
three-player record (Tenhou's GO type bit 0x10) is read into rounds with the :class:`Nuki` event below
(:func:`scorer.logs.mjlog.read_mjlog` reads one as the record says) and replayed through the engine at the
``tenhou-sanma`` table (:mod:`scorer.game.presets`), whose wall, seats and North extraction the engine plays.
"""

from __future__ import annotations

from scorer.game import events as ev
from scorer.kinds import SANMA_ABSENT_KINDS, TileId

SEATS = 3
SANMA_TILE_IDS: frozenset[TileId] = frozenset(i for i in range(136) if i // 4 not in SANMA_ABSENT_KINDS)
"""The 108 physical tiles of a three-player table (ids 4-31, the 2m-8m copies, are absent)."""
DEAD_WALL = 14
LIVE_TILES = len(SANMA_TILE_IDS) - DEAD_WALL - SEATS * 13
"""Draws after the deal (the dealer's first included): 108 - 14 dead wall - 39 dealt = 55; each kan and each
North extraction takes its replacement from the dead wall, which is made up again from the live wall's end."""

ENGINE_LIMIT = ("read here as a four-player game only (three_player=False); read_log and replay read it as the "
                "three-player game it is (read_mjlog(data, name) or three_player=True)")
"""Why a three-player game is refused when a four-player reading was asked for."""


Nuki = ev.Nuki
"""The North extraction event (:class:`scorer.game.events.Nuki`: the engine plays it too)."""
