"""Tiles: the first stage of every pipeline.

A :class:`Tile` is one of the 34 kinds of the suited and honor tiles (with the red-five flag) or one of the
eight flowers. Tiles own their notation: ``Tile.parse("0m")`` is the red five of characters and ``str(tile)``
prints it back. Kinds are numbered 0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-33 honors (z: East,
South, West, North, White, Green, Red); flowers are 34-41 (``1f``-``8f``). Those numbers are for hot code inside
the package; public APIs take and return tiles.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable

from scorer import kinds as _k
from scorer.kinds import DORA_SUCCESSOR, FLOWER_BASE, N_KINDS

SUITS = "mpsz"
DIGITS = "0123456789"   # tile numbers are ASCII digits (str.isdigit would take '²' and '١' too)
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
WIND_LETTERS = "ESWN"

TERMINALS_AND_HONORS = frozenset(_k.TERMINALS_AND_HONORS)
GREEN_KINDS = frozenset(_k.GREEN_KINDS)


class Tile:
    """One tile. Frozen, hashable, interned: ``Tile.of(kind, red)`` always returns the same object.

    ``order`` is the sort key, ``kind * 2 + red`` (a red five sorts right after the plain five); sorting many
    tiles with ``key=TILE_ORDER`` compares plain integers instead of calling ``__lt__``."""

    __slots__ = ("kind", "red", "order")
    _cache: dict = {}

    kind: int
    red: bool
    order: int

    def __new__(cls, kind: int, red: bool = False):  # noqa: D102 - use Tile.of / Tile.parse
        key = (kind, bool(red))
        tile = cls._cache.get(key)
        if tile is None:
            if not 0 <= kind < FLOWER_BASE + 8:
                raise ValueError(f"no tile kind {kind!r}")
            if red and not (kind < 27 and kind % 9 == 4):
                raise ValueError("only a five of m, p or s can be red")
            tile = object.__new__(cls)
            object.__setattr__(tile, "kind", kind)
            object.__setattr__(tile, "red", bool(red))
            object.__setattr__(tile, "order", kind * 2 + bool(red))
            cls._cache[key] = tile
        return tile

    of = classmethod(lambda cls, kind, red=False: cls(kind, red))

    def __setattr__(self, name, value):
        raise AttributeError("Tile is frozen")

    def __reduce__(self):
        return (Tile, (self.kind, self.red))

    def __eq__(self, other):
        return self is other or (isinstance(other, Tile) and self.order == other.order)

    def __hash__(self):
        return self.order

    def __lt__(self, other: "Tile"):
        return self.order < other.order

    # ---- notation -------------------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Tile":
        """Parse one tile such as ``5m``, ``0p`` (red five), ``7z`` (Red dragon) or ``3f`` (a flower)."""
        if len(text) != 2 or text[0] not in DIGITS or text[1] not in "mpszf":
            raise ValueError(f"not a tile: {text[:8]!r} (expected a digit 0-9 and one of m p s z f, like '5m')")
        digit, suit = int(text[0]), text[1]
        if suit == "f":
            if not 1 <= digit <= 8:
                raise ValueError(f"not a flower: {text!r} (flowers are 1f-8f)")
            return cls(FLOWER_BASE + digit - 1)
        if suit == "z":
            if not 1 <= digit <= 7:
                raise ValueError(f"not an honor: {text!r} (honors are 1z-7z)")
            return cls(27 + digit - 1)
        if digit == 0:
            return cls(SUITS.index(suit) * 9 + 4, True)
        return cls(SUITS.index(suit) * 9 + digit - 1)

    @property
    def suit(self) -> str:
        return "f" if self.kind >= FLOWER_BASE else SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        """1-9 for suited tiles, 1-7 for honors, 1-8 for flowers (a red five is 5)."""
        if self.kind >= FLOWER_BASE:
            return self.kind - FLOWER_BASE + 1
        return self.kind - 27 + 1 if self.kind >= 27 else self.kind % 9 + 1

    def __str__(self) -> str:
        return _TEXT[self.order]

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    # ---- classification -------------------------------------------------------------------------------------
    @property
    def is_flower(self) -> bool:
        return self.kind >= FLOWER_BASE

    @property
    def is_honor(self) -> bool:
        return 27 <= self.kind < FLOWER_BASE

    @property
    def is_wind(self) -> bool:
        return 27 <= self.kind <= 30

    @property
    def is_dragon(self) -> bool:
        return 31 <= self.kind <= 33

    @property
    def is_terminal(self) -> bool:
        return self.kind < 27 and self.kind % 9 in (0, 8)

    @property
    def is_simple(self) -> bool:
        return self.kind < 27 and self.kind % 9 not in (0, 8)

    @property
    def plain(self) -> "Tile":
        """The same kind without the red flag."""
        return Tile(self.kind) if self.red else self

    def dora_successor(self) -> "Tile":
        """The tile a dora indicator points to: the next number in its suit, the next wind, the next dragon."""
        if self.kind >= N_KINDS:
            raise ValueError("a flower is not a dora indicator")
        return Tile(DORA_SUCCESSOR[self.kind])


TILE_ORDER = attrgetter("order")
"""``sorted(tiles, key=TILE_ORDER)`` sorts like ``sorted(tiles)``, without a Python call per comparison."""


def kind_name(kind: int) -> str:
    """Plain notation of a kind, e.g. ``kind_name(0) == '1m'``."""
    return str(Tile(kind))


def parse_tiles(text: str) -> list[Tile]:
    """Parse compact notation such as ``123m406p11z`` into tiles (no melds, no keywords)."""
    tiles: list[Tile] = []
    digits = ""
    for ch in text:
        if ch in DIGITS:
            digits += ch
        elif ch in "mpszf" and digits:
            tiles.extend(Tile.parse(d + ch) for d in digits)
            digits = ""
        else:
            raise ValueError(f"not tile notation: {_cut(text)} (at {ch!r})")
    if digits:
        raise ValueError(f"digits without a suit at the end of {_cut(text)}")
    return tiles


def _cut(text: str, limit: int = 40) -> str:
    """``repr`` of some input, cut short for a message."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text)} characters)"


def format_tiles(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Compact notation, one suit letter per run: ``format_tiles(parse_tiles('1m2m')) == '12m'``."""
    if not tiles:
        return ""
    seq = sorted(tiles, key=TILE_ORDER) if sort else tiles
    out = ""
    suit = ""
    face = _FACE
    for t in seq:
        digit, s = face[t.order]
        if s != suit:
            out += suit
            suit = s
        out += digit
    return out + suit


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """A 34-slot count array of the non-flower tiles (private helper for hot code)."""
    c = [0] * N_KINDS
    for t in tiles:
        if t.kind < N_KINDS:
            c[t.kind] += 1
    return c


ALL_KINDS = tuple(Tile(k) for k in range(N_KINDS))

# (digit, suit letter) of a tile by its ``order``: what format_tiles writes for it; and the two as one string, what
# str(tile) gives (``0`` for a red five)
_FACE: list = [None] * (2 * (FLOWER_BASE + 8))
_TEXT: list = [None] * (2 * (FLOWER_BASE + 8))
for _kind in range(FLOWER_BASE + 8):
    for _red in (False, True):
        if _red and not (_kind < 27 and _kind % 9 == 4):
            continue
        _t = Tile(_kind, _red)
        _FACE[_t.order] = ("0" if _red else str(_t.number), _t.suit)
        _TEXT[_t.order] = _FACE[_t.order][0] + _t.suit
del _kind, _red, _t
