"""Kinds and tile ids: the two private integer schemes of the package, with every mask and table spelled once.

A **kind** (:data:`Kind`) numbers the 34 tile faces: 0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s),
27-33 honors (East South West North, White Green Red); flowers are 34-41 (1f-8f). A **tile id** (:data:`TileId`)
numbers the 136 physical tiles of a wall: ``id // 4`` is the kind, and ids 16, 52 and 88 are the red fives. Hot
code inside the package works on these numbers; public APIs take and return :class:`~scorer.tiles.Tile` values.

A **kind mask** (:data:`KindMask`) has bit ``k`` set for each kind ``k`` in a set of kinds. Everything here is a
constant: modules import it, never re-spell it.
"""

from __future__ import annotations

from typing import TypeAlias

Kind: TypeAlias = int
"""0-33 for the tile faces, 34-41 for the flowers."""
TileId: TypeAlias = int
"""0-135: a physical tile of the wall (``id // 4`` is its kind)."""
KindMask: TypeAlias = int
"""Bit ``k`` set for each kind ``k`` of a set of kinds."""

N_KINDS = 34
FLOWER_BASE = 34

MAN, PIN, SOU, HONOR = 0, 9, 18, 27          # the first kind of each suit
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)

TERMINALS: tuple[Kind, ...] = (0, 8, 9, 17, 18, 26)
HONORS: tuple[Kind, ...] = tuple(range(HONOR, N_KINDS))
TERMINALS_AND_HONORS: tuple[Kind, ...] = TERMINALS + HONORS
"""The thirteen kinds of thirteen orphans (yaochuuhai): every 1 and 9, every honor."""
FIVES: tuple[Kind, ...] = (4, 13, 22)
GREEN_KINDS: tuple[Kind, ...] = (19, 20, 21, 23, 25, GREEN)   # 2 3 4 6 8 s and the Green dragon

RED_FIVE_IDS: tuple[TileId, ...] = (16, 52, 88)
"""The physical ids of the red fives (0m, 0p, 0s): the first copy of each five."""


def mask_of(kinds) -> KindMask:
    """The kind mask of an iterable of kinds."""
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


BIT: tuple[KindMask, ...] = tuple(1 << k for k in range(N_KINDS))
TERMINAL_MASK = mask_of(TERMINALS)
HONOR_MASK = mask_of(HONORS)
WIND_MASK = mask_of(WINDS)
DRAGON_MASK = mask_of(DRAGONS)
TERMINAL_HONOR_MASK = TERMINAL_MASK | HONOR_MASK
SIMPLE_MASK = mask_of(range(HONOR)) & ~TERMINAL_MASK
FIVE_MASK = mask_of(FIVES)
GREEN_MASK = mask_of(GREEN_KINDS)
SUIT_MASKS: tuple[KindMask, ...] = (mask_of(range(MAN, PIN)), mask_of(range(PIN, SOU)), mask_of(range(SOU, HONOR)))
"""The kinds of the characters, dots and bamboo suits."""
SEQ_MASK: tuple[KindMask, ...] = tuple((7 << k) if k < HONOR and k % 9 <= 6 else 0 for k in range(N_KINDS))
"""The three kinds of the sequence that starts at kind ``k`` (0 where no sequence starts there)."""


def _successor(k: Kind) -> Kind:
    if k < HONOR:
        return k - k % 9 + (k % 9 + 1) % 9
    if k <= NORTH:
        return EAST + (k - EAST + 1) % 4
    return WHITE + (k - WHITE + 1) % 3


DORA_SUCCESSOR: tuple[Kind, ...] = tuple(_successor(k) for k in range(N_KINDS))
"""The kind a dora indicator of kind ``k`` points to: the next number of its suit (9 → 1), the next wind
(North → East), the next dragon (Red → White)."""
DORA_SUCCESSOR_SANMA: tuple[Kind, ...] = (8,) + DORA_SUCCESSOR[1:]
"""Three-player riichi has no 2m-8m: the 1m indicator points to 9m."""
SANMA_ABSENT_KINDS: tuple[Kind, ...] = tuple(range(MAN + 1, MAN + 8))
"""2m-8m: the kinds a three-player (sanma) table does not play."""
SANMA_ABSENT_MASK: KindMask = mask_of(SANMA_ABSENT_KINDS)
SANMA_KINDS: tuple[Kind, ...] = tuple(k for k in range(N_KINDS) if k not in SANMA_ABSENT_KINDS)
"""The 27 kinds of the 108-tile three-player set (1m, 9m, every pin, sou and honor)."""
