"""Game logs: readers that turn recorded games into the engine's events (``scorer.game.events``), one round at a time.

The stage between files and the engine: a reader takes a Tenhou mjlog (XML, plain or gzipped), a tenhou.net/6 JSON
game (or one round object a line), mjai JSON lines or one of our own ``mjscore play --log`` files, and yields
:class:`Round` values: the round's events from the :class:`~scorer.game.events.Deal` to its result, with where in
the file each event came from. The record's own result (winner, han, fu, points, yaku, deltas) rides in the
result events, so that :mod:`scorer.logs.replay` can recompute it and compare.

Every reader fails with :class:`~scorer.errors.LogError` naming the file, the round and the event. Logs come from
the internet, so everything is bounded: a file (after gunzip) by :data:`MAX_LOG_BYTES`, a round by
:data:`MAX_EVENTS` events, a file by :data:`MAX_ROUNDS` rounds, and JSON is read by :func:`load_json`, which
keeps numbers to what a log can hold (``1e400``, ``Infinity``, ``NaN`` and 5,000-digit integers become
:class:`BadNumber` values that :func:`whole` reports naming the field) and turns nesting too deep to read into a
:class:`LogError`.
"""

from __future__ import annotations

import gzip
import io
import json
import os
from dataclasses import dataclass, field
from typing import Iterator

from scorer.errors import LogError
from scorer.formats import TEXT_RECORD_HEADS
from scorer.game import events as ev

MAX_LOG_BYTES = 16 * 1024 * 1024     # a log (after gunzip) larger than this is refused: real games are < 100 KB
MAX_EVENTS = 1000                    # events in one round (a real round has < 300: 136 tiles, calls, the result)
MAX_ROUNDS = 5000                    # rounds in one file (a game has < 30)
MAX_DIGITS = 15                      # digits of an integer in a JSON log (scores are < 10**7)

_WINDS = ("East", "South", "West", "North")


def round_label(round_index: int, honba: int) -> str:
    """``East 1, 0 honba`` from Tenhou's round number (0 = East 1, 4 = South 1 ...)."""
    return f"{_WINDS[(round_index // 4) % 4]} {round_index % 4 + 1}, {honba} honba"


@dataclass
class Round:
    """One recorded round: its events (``Deal`` first, then play, then ``Win`` events or one ``DrawGame``).

    ``where[i]`` says where ``events[i]`` came from in the file (an XML element, a list position, a line).
    ``final_scores`` is set on the last round of a game whose record states the final scores.
    """

    source: str
    game: int                    # index of the game in the file (0 for most files)
    number: int                  # index of the round in its game
    label: str
    events: list[ev.Event]
    where: list   # str-able: a str, or a description written out when a message asks for it
    preset: str = "tenhou"
    game_id: str = ""
    players: list[str] = field(default_factory=list)
    final_scores: list[int] | None = None
    last_of_game: bool = False

    @property
    def name(self) -> str:
        return f"{self.source} round {self.number + 1} ({self.label})"

    def error(self, i: int | None, message: str) -> LogError:
        """A :class:`LogError` naming the file, this round and event ``i``."""
        if i is None:
            return LogError(f"{self.name}: {message}")
        e = self.events[i]
        return LogError(f"{self.name}, event {i + 1} {e.type} at {self.where[i]}: {message}")


def read_bytes(path: str, limit: int = MAX_LOG_BYTES) -> bytes:
    """The file's bytes, gunzipped if gzipped, at most ``limit`` of them (else :class:`LogError`). ``-`` is stdin."""
    import sys
    shown = path if path != "-" else "<stdin>"
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(limit + 1)
    except OSError as e:
        raise LogError(f"{shown}: cannot read ({e.strerror or e})") from None
    if len(raw) > limit:
        raise LogError(f"{shown}: larger than {limit // (1024 * 1024)} MiB; not a game log")
    if raw[:2] == b"\x1f\x8b":
        return _gunzip(raw, shown, limit)
    return raw


def _gunzip(raw: bytes, path: str, limit: int) -> bytes:
    """Expand a gzip, but never past ``limit`` bytes: a gzip bomb stops with a :class:`LogError`."""
    out = io.BytesIO()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as g:
            while True:
                chunk = g.read(1 << 16)
                if not chunk:
                    break
                out.write(chunk)
                if out.tell() > limit:
                    raise LogError(f"{path}: gzip expands past {limit // (1024 * 1024)} MiB (a gzip bomb?); refused")
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        raise LogError(f"{path}: broken gzip ({e})") from None
    return out.getvalue()


class BadNumber(str):
    """A JSON number no log field can hold (``1e400``, ``Infinity``, ``NaN``, a 5,000-digit integer), kept as
    (a short window of) its text so that the field that meets it can say what it was."""


def _bad_constant(text: str) -> BadNumber:
    return BadNumber(text)


def _float(text: str):
    v = float(text)
    return v if v - v == 0 else BadNumber(text[:24])        # inf - inf and nan - nan are nan, not 0


def _int(text: str):
    digits = len(text) - (text[0] == "-")
    return int(text) if digits <= MAX_DIGITS else BadNumber(text[:16] + f"… ({digits:,} digits)")


def load_json(text: str | bytes, name: str = "<log>"):
    """JSON the way a log reader needs it: numbers bounded (see :class:`BadNumber`), nesting too deep to read
    and malformed JSON a :class:`LogError` naming ``name`` (which should say the file and line)."""
    try:
        return json.loads(text, parse_constant=_bad_constant, parse_float=_float, parse_int=_int)
    except RecursionError:
        raise LogError(f"{name}: JSON nested too deeply to read") from None
    except UnicodeDecodeError as e:
        raise LogError(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise LogError(f"{name}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    except ValueError as e:
        raise LogError(f"{name}: not JSON ({e})") from None


def whole(value, what: str, lo: int = -10 ** 9, hi: int = 10 ** 9) -> int:
    """``value`` when it is a whole number from ``lo`` to ``hi`` (a JSON int, not a bool, a string or a float),
    else a :class:`LogError` naming the field ``what``."""
    if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
        return value
    if isinstance(value, BadNumber):
        raise LogError(f"{what}: the number {str(value)!r} is not one a log can hold")
    if isinstance(value, int) and not isinstance(value, bool):
        raise LogError(f"{what}: {value} is out of range ({lo} to {hi})")
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:40] + "…"
    raise LogError(f"{what}: {shown} is not a whole number ({type(value).__name__})")


def wholes(values, what: str, n: int | None = None, lo: int = -10 ** 9, hi: int = 10 ** 9) -> list[int]:
    """A list of whole numbers (see :func:`whole`), of length ``n`` when given."""
    if not isinstance(values, list):
        raise LogError(f"{what}: expected a list of numbers, not {type(values).__name__}")
    if n is not None and len(values) != n:
        raise LogError(f"{what}: expected {n} numbers, not {len(values)}")
    return [whole(v, f"{what}[{i}]", lo, hi) for i, v in enumerate(values)]


def detect_format(data: bytes, path: str = "") -> str:
    """``mjlog``, ``tenhou6``, ``mjai`` or ``own`` by the content (the file name only breaks no ties). Reads at
    most the first line, with bounded numbers and nesting: deep nesting or huge numbers cannot break it."""
    head = data.lstrip()[:4096]
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:].lstrip()
    if head.startswith(b"<"):
        return "mjlog"
    for start, fmt in TEXT_RECORD_HEADS.items():
        if head.startswith(start):
            return fmt
    if head.startswith(b"{") or head.startswith(b"["):
        first = head.split(b"\n", 1)[0]
        if b'"log"' in head or b'"log":' in first:
            return "tenhou6"
        try:
            d = load_json(data.lstrip().split(b"\n", 1)[0])
        except LogError:
            d = None
        if isinstance(d, dict):
            if "log" in d:
                return "tenhou6"
            t = d.get("type")
            if t in ("start_game", "start_kyoku", "tsumo", "dahai", "hora", "ryukyoku"):
                return "mjai"
            if t in ev.EVENT_TYPES:
                return "own"
    raise LogError(f"{path or '<log>'}: not a game log this reader knows (mjlog XML, tenhou.net/6 JSON, mjai "
                   f"JSON lines, or an mjscore play log)")


def read_log(path: str, fmt: str | None = None) -> Iterator[Round]:
    """The rounds of the log at ``path`` (format auto-detected unless ``fmt`` is given), in order."""
    data = read_bytes(path)
    fmt = fmt or detect_format(data, display_name(path))
    name = path if path != "-" else "<stdin>"
    return _guarded(_reader(data, fmt, name), display_name(name))


def _guarded(rounds: Iterator[Round], name: str) -> Iterator[Round]:
    """A reader's rounds, at most :data:`MAX_ROUNDS` of them, each of at most :data:`MAX_EVENTS` events, with
    any malformation a reader did not foresee turned into a :class:`LogError` naming the file and the round."""
    n = 0
    try:
        for r in rounds:
            n += 1
            if n > MAX_ROUNDS:
                raise LogError(f"{name}: more than {MAX_ROUNDS:,} rounds: not a game log")
            if len(r.events) > MAX_EVENTS:
                raise LogError(f"{r.name}: more than {MAX_EVENTS:,} events in one round: not a real round")
            yield r
    except LogError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as e:
        text = str(e)
        text = text if len(text) <= 200 else text[:200] + "…"
        raise LogError(f"{name}: round {n + 1}: malformed log ({type(e).__name__}: {text})") from None


def _reader(data: bytes, fmt: str, name: str) -> Iterator[Round]:
    if fmt == "mjlog":
        from scorer.logs.mjlog import read_mjlog
        return read_mjlog(data, name)
    if fmt == "tenhou6":
        from scorer.logs.tenhou6 import read_tenhou6
        return read_tenhou6(data, name)
    if fmt == "mjai":
        from scorer.logs.mjai import read_mjai
        return read_mjai(data, name)
    if fmt == "own":
        from scorer.logs.own import read_own
        return read_own(data, name)
    if fmt == "botzone":
        from scorer.logs.botzone import read_botzone
        return read_botzone(data, name)
    if fmt == "pmn":
        from scorer.logs.pmn import read_pmn
        return read_pmn(data, name)
    raise LogError(f"{name}: unknown log format {fmt!r}")


_TILE_FIELDS = ("tile", "called", "indicator", "dora_indicator")


def comparable(e: ev.Event) -> dict:
    """An event with every physical id replaced by the tile it shows (``5m``, ``0m`` for a red five), so that two
    records of one game that number the copies of a tile differently compare equal. A result keeps who won from
    whom, the deltas and (for a win) the points; how a format writes han, fu and yaku is left out, and so is an
    added kan's ``from_seat`` (the pon's fact, which mjlog does not repeat at the kan)."""
    from scorer.game.wall import TILES

    d = e.to_dict()
    for k in _TILE_FIELDS:
        if d.get(k) is not None:
            d[k] = str(TILES[d[k]])
    if "tiles" in d:
        d["tiles"] = sorted(str(TILES[t]) for t in d["tiles"])
    if "hands" in d:
        d["hands"] = [sorted(str(TILES[t]) for t in h) for h in d["hands"]]
    if e.type == "call" and e.kind == "kakan":
        d.pop("from_seat", None)
    elif e.type == "win":
        d = {"type": "win", "seat": e.seat, "from_seat": e.from_seat, "tile": d["tile"], "deltas": list(e.deltas),
             "points": e.points, "ura_indicators": sorted(str(TILES[t]) for t in e.ura_indicators)}
    elif e.type == "draw_game":
        d = {"type": "draw_game", "reason": e.reason, "deltas": list(e.deltas)}
    return d


def display_name(path: str) -> str:
    """A log's name in messages and rows: its base name (a name that is not UTF-8 shown with U+FFFD)."""
    if path in ("-", ""):
        return "<stdin>"
    name = os.path.basename(path)
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def decode_text(data: bytes, name: str) -> str:
    """A text log's bytes as text (UTF-8, a BOM allowed); anything else is a LogError naming the file."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LogError(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})") from None


__all__ = ["Round", "read_log", "comparable", "read_bytes", "detect_format", "round_label", "load_json", "whole",
           "wholes", "BadNumber", "MAX_LOG_BYTES", "MAX_EVENTS", "MAX_ROUNDS"]
