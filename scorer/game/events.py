"""Events: the truth of a deal, one JSON line each. ``GameState.apply(event)`` is the only way state changes.

Every event is a small frozen dataclass of ints, bools, strings and lists, tagged by ``type`` in JSON. Tiles are
physical ids 0-135 (``id // 4`` is the kind, m p s z order; 16, 52, 88 are the red fives;
MCR adds the flowers 136-143, see the ``flower`` event), seats 0-3 with the
dealer at ``Deal.dealer``. A log is::

    {"type": "start", "seed": 7, "preset": "standard", ...}     first line: how to reproduce the deal
    {"type": "deal", "dealer": 0, "hands": [[...13 ids...] x4], "dora_indicator": 93, ...}
    {"type": "draw", "seat": 0, "tile": 57}
    {"type": "riichi", "seat": 0}                                 declaration; the next discard is sideways
    {"type": "discard", "seat": 0, "tile": 57, "tsumogiri": true}
    {"type": "riichi_accepted", "seat": 0}                        the discard passed: deposit paid
    {"type": "call", "seat": 1, "kind": "pon", "tiles": [..3 ids..], "called": 57, "from_seat": 0}
    {"type": "dora", "indicator": 101}
    {"type": "win", "seat": 2, "from_seat": 0, "tile": 57, "deltas": [...], ...}
    {"type": "draw_game", "reason": "exhaustive", "tenpai": [...], "deltas": [...]}

Call kinds: ``chi``, ``pon``, ``kan`` (open kan on a discard), ``ankan`` (closed kan: four ids, no ``called``),
``kakan`` (added kan: the four ids, ``called`` is the added tile). Readers of other logs (Tenhou, mjai) produce
these same types.

Reading a JSON line (:func:`event_from_dict`), each type's required fields (:data:`REQUIRED`) must be there and
every field must hold its JSON type (:data:`FIELD_TYPES`), else :class:`EventFieldError` names the event and the
field: a draw without a tile is an error, never a draw of tile 0.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import ClassVar, Iterable, Iterator, TextIO

from scorer.errors import LogError


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict:
        return {"type": self.type, **asdict(self)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Start(Event):
    """First line of a log: the seed that reproduces the deal and the table preset."""
    type: ClassVar[str] = "start"
    seed: int | None = None
    preset: str = "standard"
    rules: str = "riichi"
    version: int = 1
    players: list = field(default_factory=list)   # names, informational
    wall: list | None = None                      # the full wall order when no seed made it (arranged walls)
    # a deal of a game (issue 14): the game's length (east | south | match) and its seed, from which every deal's
    # seed is derived (scorer.game.match.deal_seed); both left out of a one-deal log's line
    game: str | None = None
    game_seed: int | None = None

    def to_dict(self) -> dict:
        d = {"type": self.type, "seed": self.seed, "preset": self.preset, "rules": self.rules,
             "version": self.version, "players": list(self.players), "wall": self.wall}
        if self.game is not None:
            d["game"] = self.game
            d["game_seed"] = self.game_seed
        return d


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """The deal: hands of 13 (the dealer's 14th is the first draw), the first dora indicator, scores."""
    type: ClassVar[str] = "deal"
    dealer: int = 0
    round_wind: int = 0
    honba: int = 0
    sticks: int = 0
    scores: list = field(default_factory=lambda: [25000] * 4)
    hands: list = field(default_factory=list)
    dora_indicator: int | None = 0      # None: a table without dora (MCR)
    live_left: int = 70


@dataclass(frozen=True, slots=True)
class Draw(Event):
    type: ClassVar[str] = "draw"
    seat: int = 0
    tile: int = 0
    rinshan: bool = False


@dataclass(frozen=True, slots=True)
class Discard(Event):
    type: ClassVar[str] = "discard"
    seat: int = 0
    tile: int = 0
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class Riichi(Event):
    type: ClassVar[str] = "riichi"
    seat: int = 0


@dataclass(frozen=True, slots=True)
class RiichiAccepted(Event):
    type: ClassVar[str] = "riichi_accepted"
    seat: int = 0


@dataclass(frozen=True, slots=True)
class Call(Event):
    type: ClassVar[str] = "call"
    seat: int = 0
    kind: str = "pon"             # chi | pon | kan | ankan | kakan
    tiles: list = field(default_factory=list)
    called: int | None = None
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class Dora(Event):
    type: ClassVar[str] = "dora"
    indicator: int = 0


@dataclass(frozen=True, slots=True)
class Win(Event):
    """A win. ``deltas`` is every seat's point change, honba and the deposits the winner collects included."""
    type: ClassVar[str] = "win"
    seat: int = 0
    from_seat: int | None = None   # None: tsumo
    tile: int = 0
    deltas: list = field(default_factory=lambda: [0, 0, 0, 0])
    han: int = 0
    fu: int = 0
    points: int = 0
    yaku: list = field(default_factory=list)           # "name han" strings, as the scorer names the yaku
    ura_indicators: list = field(default_factory=list)
    hand: str = ""                                     # the winning hand in notation, table facts included
    limit: str | None = None                           # mangan, haneman, ... (None below mangan)


@dataclass(frozen=True, slots=True)
class DrawGame(Event):
    """A deal without a winner. ``deltas`` holds noten payments and any deposits returned."""
    type: ClassVar[str] = "draw_game"
    reason: str = "exhaustive"
    tenpai: list = field(default_factory=lambda: [False] * 4)
    deltas: list = field(default_factory=lambda: [0, 0, 0, 0])
    deposits_returned: bool = True


@dataclass(frozen=True, slots=True)
class Flower(Event):
    """MCR (issue #5): a flower (id 136-143) revealed from ``seat``'s hand and its replacement, drawn from the far
    end of the wall (``None``: the wall was empty). The replacement may itself be a flower (another event)."""
    type: ClassVar[str] = "flower"
    seat: int = 0
    tile: int = 0
    replacement: int | None = None


@dataclass(frozen=True, slots=True)
class Nuki(Event):
    """Three-player (issue #17): a North tile (kind 30) set aside by ``seat`` as nuki dora (抜きドラ); the seat's
    next draw is the replacement from the dead wall (a ``draw`` event with ``rinshan`` set, as after a kan)."""

    type: ClassVar[str] = "nuki"
    seat: int = 0
    tile: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.tile, int) or self.tile // 4 != 30:
            raise ValueError(f"a nuki sets aside a North tile (ids 120-123), not tile {self.tile}")


# the draws and discards of a deal, one frozen value per (seat, tile id, flag): they are most of a deal's events
# and equal ones are interchangeable, so the engine looks them up instead of building one per turn (made on first
# use; indexed [seat][tile id][flag], 144 ids: the 136 tiles and the MCR flowers)
_DRAWS: list[list[list[Event | None]]] = [[[None, None] for _ in range(144)] for _ in range(4)]
_DISCARDS: list[list[list[Event | None]]] = [[[None, None] for _ in range(144)] for _ in range(4)]


def draw_event(seat: int, tile: int, rinshan: bool = False) -> Draw:
    """``Draw(seat=seat, tile=tile, rinshan=rinshan)``, the one shared value."""
    flag = 1 if rinshan else 0
    found = _DRAWS[seat][tile][flag]
    if found is None:
        found = _DRAWS[seat][tile][flag] = Draw(seat=seat, tile=tile, rinshan=bool(flag))
    return found


def discard_event(seat: int, tile: int, tsumogiri: bool = False) -> Discard:
    """``Discard(seat=seat, tile=tile, tsumogiri=tsumogiri)``, the one shared value."""
    flag = 1 if tsumogiri else 0
    found = _DISCARDS[seat][tile][flag]
    if found is None:
        found = _DISCARDS[seat][tile][flag] = Discard(seat=seat, tile=tile, tsumogiri=bool(flag))
    return found


EVENT_TYPES: dict[str, type[Event]] = {c.type: c for c in (
    Start, Deal, Draw, Discard, Riichi, RiichiAccepted, Call, Dora, Win, DrawGame, Flower, Nuki)}


class EventFieldError(LogError):
    """An event line whose required field is missing or holds the wrong JSON type or range (a seat that is a
    string or 7, a tile that is ``true``): the message names the event type and the field."""


# ---- what a JSON event must hold --------------------------------------------------------------------------------
def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)     # JSON true/false are no numbers here


def _is_count(v) -> bool:
    """A count a deal carries (honba, deposits): 0-999."""
    return _is_int(v) and 0 <= v < 1000


def _is_ints(v) -> bool:
    return isinstance(v, list) and all(_is_int(x) for x in v)


def _is_seat(v) -> bool:
    return _is_int(v) and 0 <= v < 4


def _is_tile(v) -> bool:
    return _is_int(v) and 0 <= v < N_IDS


def _is_tiles(v) -> bool:
    return isinstance(v, list) and all(_is_tile(x) for x in v)


N_IDS = 144      # physical tile ids: 0-135 the tiles, 136-143 the MCR flowers
_INT = (_is_int, "a whole number")
_SEAT = (_is_seat, "a seat (0-3)")
_OPT_SEAT = (lambda v: v is None or _is_seat(v), "a seat (0-3) or null")
_TILE = (_is_tile, "a tile id (0-143)")
_OPT_TILE = (lambda v: v is None or _is_tile(v), "a tile id (0-143) or null")
_BOOL = (lambda v: isinstance(v, bool), "true or false")
_STR = (lambda v: isinstance(v, str), "a string")
_OPT_STR = (lambda v: v is None or isinstance(v, str), "a string or null")
_TILES = (_is_tiles, "a list of tile ids (0-143)")
_FOUR_INTS = (lambda v: _is_ints(v) and len(v) in (3, 4), "four whole numbers, one a seat (three at a "
                                                           "three-player table)")

# the JSON type of each field, by name (a name means the same in every event type)
FIELD_TYPES: dict[str, tuple] = {
    "seat": _SEAT, "dealer": _SEAT, "round_wind": _SEAT, "from_seat": _OPT_SEAT,
    "tile": _TILE, "indicator": _TILE, "dora_indicator": _OPT_TILE, "called": _OPT_TILE, "replacement": _OPT_TILE,
    "honba": (_is_count, "a honba count (0-999)"), "sticks": (_is_count, "a deposit count (0-999)"),
    "live_left": _INT, "han": _INT, "fu": _INT, "points": _INT, "version": _INT,
    "seed": (lambda v: v is None or _is_int(v), "a whole number or null"),
    "rinshan": _BOOL, "tsumogiri": _BOOL, "deposits_returned": _BOOL,
    "preset": _STR, "rules": _STR, "game": _OPT_STR,
    "game_seed": (lambda v: v is None or _is_int(v), "a whole number or null"),
    "kind": _STR, "reason": _STR, "hand": _STR, "limit": _OPT_STR,
    "scores": _FOUR_INTS, "deltas": _FOUR_INTS, "tiles": _TILES, "ura_indicators": _TILES,
    "wall": (lambda v: v is None or _is_tiles(v), "a list of tile ids (0-143) or null"),
    "tenpai": (lambda v: isinstance(v, list) and len(v) in (3, 4) and all(isinstance(x, bool) for x in v),
               "four true/false, one a seat (three at a three-player table)"),
    "hands": (lambda v: isinstance(v, list) and len(v) in (3, 4) and all(_is_tiles(h) for h in v),
              "four lists of tile ids, one a seat (three at a three-player table)"),
    "yaku": (lambda v: isinstance(v, list) and all(isinstance(y, (str, list)) for y in v), "a list of yaku"),
    "players": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of names"),
}

# fields an event line must have: the ones whose default would stand for something the line did not say (a
# draw without a tile is not a draw of tile 0). The others may be left out: their defaults are what a log means
# by saying nothing (no honba, not a replacement draw, a start line's preset "standard" ...).
REQUIRED: dict[str, tuple[str, ...]] = {
    "start": (),
    "deal": ("dealer", "scores", "hands", "dora_indicator", "live_left"),
    "draw": ("seat", "tile"),
    "discard": ("seat", "tile"),
    "riichi": ("seat",),
    "riichi_accepted": ("seat",),
    "call": ("seat", "kind", "tiles"),
    "dora": ("indicator",),
    "win": ("seat", "from_seat", "tile", "deltas"),
    "draw_game": ("reason", "deltas"),
    "flower": ("seat", "tile", "replacement"),
    "nuki": ("seat", "tile"),
}


def event_from_dict(d: dict) -> Event:
    """The event a JSON object describes. Raises :class:`LogError` for an unknown type or an unknown field, and
    :class:`EventFieldError` for a missing required field or a field of the wrong JSON type."""
    try:
        cls = EVENT_TYPES[d["type"]]
    except (KeyError, TypeError):
        raise LogError(f"not an event: {_short(d)} (unknown or missing 'type')") from None
    t = cls.type
    for name in REQUIRED[t]:
        if name not in d:
            raise EventFieldError(f"{t} event without its {name!r} field: {_short(d)}")
    args = {k: v for k, v in d.items() if k != "type"}
    for name, v in args.items():
        rule = FIELD_TYPES.get(name)
        if rule is not None and not rule[0](v):
            raise EventFieldError(f"{t} event: field {name!r} is {_short(v)}, not {rule[1]}")
    try:
        return cls(**args)
    except (TypeError, ValueError) as e:
        raise LogError(f"bad {t} event {_short(d)}: {e}") from None


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:80] + "…"


def read_events(lines: Iterable[str], name: str = "<log>") -> Iterator[Event]:
    """Events of a JSON-lines log (blank lines skipped). Raises :class:`LogError` naming the line."""
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError as e:
            raise LogError(f"{name}:{n}: not JSON ({e.msg})") from None
        try:
            yield event_from_dict(d)
        except LogError as e:
            raise type(e)(f"{name}:{n}: {e}") from None      # the same kind of error, with its line


def write_events(events: Iterable[Event], out: TextIO) -> None:
    for ev in events:
        out.write(ev.to_json() + "\n")
