"""The wall: 136 physical tiles with ids, shuffled by a seed, dealt, drawn and split into live and dead walls.

Physical ids follow Tenhou's scheme: ``id // 4`` is the kind (0-33, m p s z) and ids 16, 52 and 88 are the red
fives. The live wall is drawn from the front; the dead wall is the last 14 tiles: four kan replacements, then five
dora indicators and five ura indicators. Each kan replacement drawn shortens the live wall by one (the dead wall
keeps 14 tiles), so a deal has 70 draws after the deal whatever the kans.

A three-player table (its preset's ``players`` 3 and ``absent_kinds``) plays the 108 tiles without 2m-8m, deals
three hands and has 108 - 14 - 39 = 55 draws after the deal. Its replacements are shared by kans and Norths set
aside (nuki): up to the preset's ``replacements`` (8); the first four are the dead wall's own, each one past them
is the live wall's last tile (the dead wall made up again from the live wall's end, as after every replacement).
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from scorer.tiles import Tile, parse_tiles
from scorer.kinds import FLOWER_BASE, RED_FIVE_IDS, SANMA_ABSENT_MASK

N_TILES = 136
RED_IDS = RED_FIVE_IDS
TILES = tuple(Tile(i // 4, i in RED_IDS) for i in range(N_TILES))
TILES_NO_RED = tuple(Tile(i // 4) for i in range(N_TILES))
# the MCR table's 144 physical tiles: the 136 without red fives, then the eight flowers 1f-8f (ids 136-143)
FLOWER_ID0 = N_TILES
MCR_TILES: tuple[Tile, ...] = TILES_NO_RED + tuple(Tile(FLOWER_BASE + i) for i in range(8))
HAND_SIZE = 13
ALL_IDS: tuple[int, ...] = tuple(range(N_TILES))


def ids_of_table(absent_kinds: int = 0) -> tuple[int, ...]:
    """The physical ids a wall holds when the kinds of the mask ``absent_kinds`` are left out (0: all 136;
    ``scorer.kinds.SANMA_ABSENT_MASK``: the three-player 108)."""
    if not absent_kinds:
        return ALL_IDS
    return tuple(i for i in range(N_TILES) if not absent_kinds >> (i >> 2) & 1)


SANMA_IDS = ids_of_table(SANMA_ABSENT_MASK)


def tile_of(tile_id: int, red_fives: bool = True) -> Tile:
    """The :class:`Tile` a physical id shows."""
    return TILES[tile_id] if red_fives else TILES_NO_RED[tile_id]


class Wall:
    """A shuffled wall. ``ids`` is the full order: hands first (13 a seat, seat order), then the draws, the dead
    wall last (replacements ``dead[0:4]``, dora indicators ``dead[4:9]``, ura indicators ``dead[9:14]``)."""

    def __init__(self, ids: Sequence[int], dead_size: int = 14, *, players: int = 4, absent_kinds: int = 0,
                 replacements: int = 4):
        tile_set = ids_of_table(absent_kinds)
        if sorted(ids) != list(tile_set):
            raise ValueError(f"a wall holds each of the {len(tile_set)} physical tiles exactly once")
        self.ids = list(ids)
        self.n_ids = len(self.ids)
        self.players = players
        self.dead_size = dead_size
        self.live_end = self.n_ids - dead_size   # live tiles are ids[pos:live_end]
        self.pos = players * HAND_SIZE
        self.replacements = 0           # replacement tiles drawn: kans and (three-player) Norths set aside
        self.max_replacements = replacements

    @classmethod
    def shuffled(cls, seed: int | None, dead_size: int = 14, *, players: int = 4, absent_kinds: int = 0,
                 replacements: int = 4) -> "Wall":
        ids = list(ids_of_table(absent_kinds))
        random.Random(seed).shuffle(ids)
        return cls(ids, dead_size, players=players, absent_kinds=absent_kinds, replacements=replacements)

    @classmethod
    def for_preset(cls, seed: int | None, preset) -> "Wall":
        """The shuffled wall of a table preset (its dead wall, seats, tile set and replacements)."""
        return cls.shuffled(seed, preset.dead_wall, players=preset.players, absent_kinds=preset.absent_kinds,
                            replacements=preset.replacements)

    @property
    def kans(self) -> int:
        """The replacements drawn (the name of a four-player table, where only kans draw them)."""
        return self.replacements

    # ---- the deal ---------------------------------------------------------------------------------------------
    def hands(self) -> list[list[int]]:
        return [self.ids[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(self.players)]

    @property
    def dead(self) -> list[int]:
        return self.ids[self.n_ids - self.dead_size:]

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
        """A replacement (after a kan or a North set aside) from the dead wall; the live wall's last tile moves to
        the dead wall. The dead wall's own four come first; past them (three-player: up to 8) each replacement is
        one of the tiles moved there from the live wall, the earliest moved first."""
        r = self.replacements
        if r >= self.max_replacements or self.live_left <= 0:
            raise IndexError("no replacement tile left")
        if r < 4:
            t = self.ids[self.n_ids - self.dead_size + r]
        else:
            t = self.ids[self.n_ids - self.dead_size - 1 - (r - 4)]
        self.replacements = r + 1
        self.live_end -= 1
        return t

    def unseen(self) -> list[int]:
        """Tiles still in the wall (live, moved to the dead wall, and unused dead wall tiles), for accounting."""
        start = self.n_ids - self.dead_size
        r = self.replacements
        moved = self.ids[self.pos:start - max(0, r - 4)]     # the live wall and the tiles moved, not yet drawn
        return moved + self.ids[start + min(r, 4):]

    # ---- fixed walls for scripted scenarios -------------------------------------------------------------------
    @classmethod
    def arranged(cls, hands: Sequence[str], draws: str | Iterable[str] = "", *, dora: str = "", ura: str = "",
                 replacements: str = "", seed: int = 0, preset=None) -> "Wall":
        """A wall with chosen hands (13 tiles each, notation), the first live draws in order, and chosen dead wall
        tiles; every other place is filled by the remaining tiles shuffled with ``seed``. ``preset``: a table
        preset whose seats and tile set the wall has (three-player: three hands, 108 tiles; the replacements past
        the dead wall's four are written after them and placed at the live wall's end in the order drawn).

        A red five is written ``0m``; ``5m`` takes a plain five.
        """
        players, absent, most = (4, 0, 4) if preset is None else (preset.players, preset.absent_kinds,
                                                                    preset.replacements)
        keep = set(ids_of_table(absent))
        table = tuple(t if i in keep else None for i, t in enumerate(TILES))
        hand_ids, (draw_ids, repl_ids, dora_ids, ura_ids), rest = arranged_ids(
            table, hands, draws if isinstance(draws, str) else "".join(draws), replacements, dora, ura, seed=seed)
        if len(hands) > players:
            raise ValueError(f"{len(hands)} hands at a table of {players}")
        extra = repl_ids[4:]
        repl_ids = repl_ids[:4]
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
        live = hand_ids + draw_ids + rest + extra[::-1]      # (the replacements past four: the live wall's end)
        return cls(live + dead, players=players, absent_kinds=absent, replacements=most)  # type: ignore[operator]


def arranged_ids(table: Sequence[Tile], hands: Sequence[str], *groups: str,
                 seed: int) -> tuple[list[int], list[list[int]], list[int]]:
    """The ids an arranged wall places, from the physical tiles of ``table`` (the riichi wall's 136 or the MCR
    wall's 144), lowest id of a tile first: the chosen hands' (13 tiles each, notation; one list in seat order), each
    further group's (notation), and every id left over, shuffled with ``seed``."""
    pool: dict[Tile, list[int]] = {}
    for i, tile in enumerate(table):
        if tile is not None:                    # (None: an id the table leaves out)
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
