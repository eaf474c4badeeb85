"""The wall: 136 physical tiles with ids, shuffled by a seed, dealt, drawn and split into live and dead walls.

Physical ids follow Tenhou's scheme: ``id // 4`` is the kind (0-33, m p s z) and ids 16, 52 and 88 are the red
fives. The live wall is drawn from the front; the dead wall is the last 14 tiles: four kan replacements, then five
dora indicators and five ura indicators. Each kan replacement drawn shortens the live wall by one (the dead wall
keeps 14 tiles), so a deal has 70 draws after the deal whatever the kans.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from scorer.tiles import Tile, parse_tiles
from scorer.kinds import FLOWER_BASE, RED_FIVE_IDS

N_TILES = 136
RED_IDS = RED_FIVE_IDS
TILES = tuple(Tile(i // 4, i in RED_IDS) for i in range(N_TILES))
TILES_NO_RED = tuple(Tile(i // 4) for i in range(N_TILES))
# the MCR table's 144 physical tiles: the 136 without red fives, then the eight flowers 1f-8f (ids 136-143)
FLOWER_ID0 = N_TILES
MCR_TILES: tuple[Tile, ...] = TILES_NO_RED + tuple(Tile(FLOWER_BASE + i) for i in range(8))
HAND_SIZE = 13


def tile_of(tile_id: int, red_fives: bool = True) -> Tile:
    """The :class:`Tile` a physical id shows."""
    return TILES[tile_id] if red_fives else TILES_NO_RED[tile_id]


class Wall:
    """A shuffled wall. ``ids`` is the full order: hands first (13 a seat, seat order), then the draws, the dead
    wall last (replacements ``dead[0:4]``, dora indicators ``dead[4:9]``, ura indicators ``dead[9:14]``)."""

    def __init__(self, ids: Sequence[int], dead_size: int = 14):
        if sorted(ids) != list(range(N_TILES)):
            raise ValueError("a wall holds each of the 136 physical tiles exactly once")
        self.ids = list(ids)
        self.dead_size = dead_size
        self.live_end = N_TILES - dead_size   # live tiles are ids[pos:live_end]
        self.pos = 4 * HAND_SIZE
        self.kans = 0

    @classmethod
    def shuffled(cls, seed: int | None, dead_size: int = 14) -> "Wall":
        ids = list(range(N_TILES))
        random.Random(seed).shuffle(ids)
        return cls(ids, dead_size)

    # ---- the deal ---------------------------------------------------------------------------------------------
    def hands(self) -> list[list[int]]:
        return [self.ids[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(4)]

    @property
    def dead(self) -> list[int]:
        return self.ids[N_TILES - self.dead_size:]

    def dora_indicator(self, n: int) -> int:
        return self.dead[4 + n]

    def ura_indicator(self, n: int) -> int:
        return self.dead[9 + n]

    @property
    def live_left(self) -> int:
        return self.live_end - self.pos

    def draw(self) -> int:
        if self.live_left <= 0:
            raise IndexError("the live wall is empty")
        t = self.ids[self.pos]
        self.pos += 1
        return t

    def draw_replacement(self) -> int:
        """A kan replacement from the dead wall; the live wall's last tile moves to the dead wall."""
        if self.kans >= 4 or self.live_left <= 0:
            raise IndexError("no kan replacement left")
        t = self.dead[self.kans]
        self.kans += 1
        self.live_end -= 1
        return t

    def unseen(self) -> list[int]:
        """Tiles still in the wall (live, moved to the dead wall, and unused dead wall tiles), for accounting."""
        return self.ids[self.pos:N_TILES - self.dead_size] + self.dead[self.kans:]

    # ---- fixed walls for scripted scenarios -------------------------------------------------------------------
    @classmethod
    def arranged(cls, hands: Sequence[str], draws: str | Iterable[str] = "", *, dora: str = "", ura: str = "",
                 replacements: str = "", seed: int = 0) -> "Wall":
        """A wall with chosen hands (13 tiles each, notation), the first live draws in order, and chosen dead wall
        tiles; every other place is filled by the remaining tiles shuffled with ``seed``.

        A red five is written ``0m``; ``5m`` takes a plain five.
        """
        hand_ids, (draw_ids, repl_ids, dora_ids, ura_ids), rest = arranged_ids(
            TILES, hands, draws if isinstance(draws, str) else "".join(draws), replacements, dora, ura, seed=seed)
        dead: list[int | None] = [None] * 14
        for j, t in enumerate(repl_ids):
            dead[j] = t
        for j, t in enumerate(dora_ids):
            dead[4 + j] = t
        for j, t in enumerate(ura_ids):
            dead[9 + j] = t
        for j in range(14):
            if dead[j] is None:
                dead[j] = rest.pop()
        live = hand_ids + draw_ids + rest
        return cls(live + dead)  # type: ignore[operator]


def arranged_ids(table: Sequence[Tile], hands: Sequence[str], *groups: str,
                 seed: int) -> tuple[list[int], list[list[int]], list[int]]:
    """The ids an arranged wall places, from the physical tiles of ``table`` (the riichi wall's 136 or the MCR
    wall's 144), lowest id of a tile first: the chosen hands' (13 tiles each, notation; one list in seat order), each
    further group's (notation), and every id left over, shuffled with ``seed``."""
    pool: dict[Tile, list[int]] = {}
    for i, tile in enumerate(table):
        pool.setdefault(tile, []).append(i)

    def take(text: str) -> list[int]:
        out = []
        for t in (parse_tiles(text) if text else []):
            if not pool.get(t):
                raise ValueError(f"no copy of {t} left for the arranged wall")
            out.append(pool[t].pop(0))
        return out

    hand_ids = []
    for h in hands:
        ids = take(h)
        if len(ids) != HAND_SIZE:
            raise ValueError(f"a hand of 13 tiles, not {len(ids)}: {h!r}")
        hand_ids += ids
    group_ids = [take(g) for g in groups]
    rest = [i for ids in pool.values() for i in ids]
    random.Random(seed).shuffle(rest)
    return hand_ids, group_ids, rest
