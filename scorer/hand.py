"""Hands and win situations: the frozen values that notation parses into and that every evaluator reads.

A :class:`Hand` is the concealed tiles (without the winning tile), the declared melds, the winning tile, the
flowers, and the :class:`Situation` — how the hand won and what the table looked like (winds, dora indicators,
sticks). It knows no rule set beyond the name of the one it asks for.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorer.arrangements import TILE_CODE
from scorer.melds import Meld
from scorer.tiles import TILE_ORDER, Tile, counts34

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
    nuki: int = 0                    # three-player riichi ``nuki:N``: North tiles set aside as nuki dora

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def is_riichi(self) -> bool:
        return self.riichi or self.double_riichi


class _NotationMemo:
    """The slots where a :class:`Hand` keeps what it works out once: its canonical notation and the hand code of
    its closed tiles (no fields: equality, hash, repr and ``replace`` never see them, so a Hand made by ``replace``
    works its own out again). The parser fills them as it builds the Hand (it has read every tile by then);
    otherwise :meth:`Hand.notation` and :meth:`Hand.closed_code` fill them on the first call. A Hand is frozen, so
    they stay true."""

    __slots__ = ("_notation", "_closed_code")


@dataclass(frozen=True, slots=True)
class Hand(_NotationMemo):
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    situation: Situation = field(default_factory=Situation)
    flowers: tuple[Tile, ...] = ()
    rules: str = "riichi"
    preset: str | None = None
    claim: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed, key=TILE_ORDER)))
        if self.flowers or not isinstance(self.flowers, tuple):
            object.__setattr__(self, "flowers", tuple(sorted(self.flowers, key=TILE_ORDER)))

    # ---- derived views --------------------------------------------------------------------------------------
    @property
    def closed_tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles with the winning tile (14 - 3 per meld of them in a complete hand)."""
        if self.winning_tile is None:
            return self.concealed
        return tuple(sorted(self.concealed + (self.winning_tile,), key=TILE_ORDER))

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
        """The canonical notation (:func:`grammar.format_hand`), worked out once."""
        try:
            return self._notation
        except AttributeError:
            text = (_format_hand or _formatter())(self)
            object.__setattr__(self, "_notation", text)   # a memo in a frozen value (see _NotationMemo)
            return text

    def closed_code(self) -> int:
        """The closed tiles (the concealed tiles and the winning tile) as one hand code, with their red fives
        counted above the count fields (:data:`scorer.arrangements.TILE_CODE`): what the evaluators' hot path reads
        instead of the tiles, worked out once."""
        try:
            return self._closed_code
        except AttributeError:
            code = 0
            for t in self.concealed:
                code += TILE_CODE[t.order]
            if self.winning_tile is not None:
                code += TILE_CODE[self.winning_tile.order]
            object.__setattr__(self, "_closed_code", code)   # a memo in a frozen value (see _NotationMemo)
            return code

    def __str__(self) -> str:
        return self.notation()


_format_hand = None


def _formatter():
    """The grammar's formatter, imported on first use (the grammar owns the notation; the core stays light)."""
    global _format_hand
    from grammar import format_hand
    _format_hand = format_hand
    return format_hand


# ---- building values fast ----------------------------------------------------------------------------------------
# A frozen dataclass sets each field through object.__setattr__, a Python-level call per field (eighteen for a
# Situation). The notation parser builds a Hand and a Situation for every line, so it uses the two builders
# below: a *draft* class with the same slots and no frozen guard takes plain attribute stores (slot writes), then
# becomes the frozen class by switching its __class__ (Python allows that between classes of the same slots). The
# value is the same as the constructor's: equal, same hash, same fields (tests/grammar/test_values.py checks).
_become = object.__setattr__


class _SituationDraft:
    __slots__ = Situation.__slots__


class _HandDraft(_NotationMemo):
    __slots__ = Hand.__slots__


def build_situation_of(flags: tuple[bool, ...], round_wind: int, seat_wind: int, honba: int, sticks: int,
                       dora: tuple[Tile, ...], ura: tuple[Tile, ...], flower_count: int | None,
                       nuki: int = 0) -> Situation:
    """``Situation(...)`` built without the per-field frozen-dataclass calls: the eleven flags (``tsumo`` to
    ``last_tile``, in field order) as one tuple — the notation parser keeps one such tuple for each set of flags a
    line can have — then every other field in order."""
    s = _SituationDraft()
    (s.tsumo, s.riichi, s.double_riichi, s.ippatsu, s.haitei, s.houtei, s.rinshan, s.chankan, s.tenhou, s.chiihou,
     s.last_tile) = flags
    s.round_wind = round_wind
    s.seat_wind = seat_wind
    s.honba = honba
    s.sticks = sticks
    s.dora = dora
    s.ura = ura
    s.flower_count = flower_count
    s.nuki = nuki
    _become(s, "__class__", Situation)
    return s


def build_hand(concealed, melds: tuple[Meld, ...], winning_tile: Tile | None, situation: Situation,
               flowers, rules: str, preset: str | None, claim: str | None) -> Hand:
    """``Hand(...)`` with every field given in order (tiles in any order: they are sorted here), built without the
    per-field frozen-dataclass calls."""
    return build_parsed_hand(tuple(sorted(concealed, key=TILE_ORDER)), melds, winning_tile, situation,
                             tuple(sorted(flowers, key=TILE_ORDER)) if flowers else (), rules, preset, claim, None)


def build_parsed_hand(concealed: tuple[Tile, ...], melds: tuple[Meld, ...], winning_tile: Tile | None,
                      situation: Situation, flowers: tuple[Tile, ...], rules: str, preset: str | None,
                      claim: str | None, notation: str | None, closed_code: int | None = None) -> Hand:
    """As :func:`build_hand`, from fields already in their final form (for the notation parser): ``concealed`` and
    ``flowers`` are tuples in ``TILE_ORDER``, and ``notation`` is the hand's canonical notation (what
    ``format_hand`` gives: the grammar's tests check it), kept so that :meth:`Hand.notation` costs nothing; None
    when not known. ``closed_code`` likewise is what :meth:`Hand.closed_code` gives (the parser sums it as it
    reads the tiles), or None. A draft is filled slot by slot, then made a Hand."""
    h = _HandDraft()
    h.concealed = concealed
    h.melds = melds
    h.winning_tile = winning_tile
    h.situation = situation
    h.flowers = flowers
    h.rules = rules
    h.preset = preset
    h.claim = claim
    if notation is not None:
        h._notation = notation
    if closed_code is not None:
        h._closed_code = closed_code
    _become(h, "__class__", Hand)
    return h
