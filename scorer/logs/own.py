"""Our own logs (``mjscore play --log``): JSON lines of :mod:`scorer.game.events`, a ``start`` line first, then
one or more deals. Each ``deal`` starts a :class:`~scorer.logs.Round`; the ``start`` line names the table preset.
"""

from __future__ import annotations

from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs import MAX_EVENTS, MAX_ROUNDS, BadNumber, Round, decode_text, display_name, load_json, \
    round_label


def _check_numbers(value, where: str, path: str = "") -> None:
    """Every number in one event line is one a log can hold (no ``1e400``, ``NaN``, 5,000-digit or out-of-range
    integer), else a :class:`LogError` naming the line and the field (``hands[2][5]``)."""
    if isinstance(value, dict):
        for k, v in value.items():
            _check_numbers(v, where, f"{path}.{k}" if path else str(k)[:40])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_numbers(v, where, f"{path}[{i}]")
    elif isinstance(value, BadNumber):
        raise LogError(f"{where}: field {path or '(the line)'}: the number {str(value)!r} is not one a log can hold")
    elif isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)
                                      and not -2 ** 63 <= value < 2 ** 63):
        raise LogError(f"{where}: field {path or '(the line)'}: {value!r} is not a whole number a log can hold")


def _scalar_ok(value, ann: str) -> bool:
    if value is None:
        return "None" in ann
    if ann.startswith("bool"):
        return isinstance(value, bool)
    if ann.startswith("int"):
        return isinstance(value, int) and not isinstance(value, bool)
    if ann.startswith("str"):
        return isinstance(value, str)
    return True


def _check_fields(e: ev.Event, where: str) -> None:
    """Each field of an event has the type its dataclass states (an int is an int, a list of tile ids a list of
    ints ...), else a :class:`LogError` naming the line and the field: a wrong JSON type never reaches the
    table."""
    import dataclasses
    for f in dataclasses.fields(e):
        v = getattr(e, f.name)
        ann = str(f.type)
        if ann.startswith("list"):
            if v is None and "None" in ann:
                continue
            if not isinstance(v, list):
                ok = False
            elif f.name == "hands":
                ok = all(isinstance(h, list) and all(_scalar_ok(t, "int") for t in h) for h in v)
            elif f.name in ("yaku", "players"):
                ok = all(isinstance(y, (str, list)) for y in v)
            else:
                ok = all(isinstance(x, (int, bool)) for x in v)
        else:
            ok = _scalar_ok(v, ann)
        if not ok:
            shown = repr(v) if len(repr(v)) <= 40 else repr(v)[:40] + "…"
            raise LogError(f"{where}: field {f.name} of the {e.type} event: {shown} is not {ann.split(' =')[0]}")
        rule = _RANGES.get(f.name)
        if rule is not None and v is not None and not rule[0](v):
            shown = repr(v) if len(repr(v)) <= 40 else repr(v)[:40] + "…"
            raise LogError(f"{where}: field {f.name} of the {e.type} event: {shown} is not {rule[1]}")


# the shapes the table needs, by field name (the same in every event type)
_RANGES = {
    "seat": (lambda v: 0 <= v < 4, "a seat (0-3)"),
    "dealer": (lambda v: 0 <= v < 4, "a seat (0-3)"),
    "from_seat": (lambda v: 0 <= v < 4, "a seat (0-3)"),
    "round_wind": (lambda v: 0 <= v < 4, "a wind (0-3)"),
    "honba": (lambda v: 0 <= v < 1000, "a honba count (0-999)"),
    "sticks": (lambda v: 0 <= v < 1000, "a deposit count (0-999)"),
    "scores": (lambda v: len(v) == 4, "four scores"),
    "deltas": (lambda v: len(v) == 4, "four deltas"),
    "tenpai": (lambda v: len(v) == 4, "four tenpai flags"),
    "hands": (lambda v: len(v) == 4, "four hands"),
}


def read_own(data: bytes, name: str) -> Iterator[Round]:
    name = display_name(name)
    text = decode_text(data, name)
    for n, raw in enumerate(text.splitlines(), 1):   # numbers first: the event reader takes what JSON gives
        if raw.strip():
            _check_numbers(load_json(raw, f"{name}:{n}"), f"{name}:{n}")
    preset = "standard"
    players: list[str] = []
    cur: Round | None = None
    n_rounds = 0
    lines = text.splitlines()
    line_no = 0
    it = iter(enumerate(lines, 1))
    for e in ev.read_events(lines, name):
        # find the line this event came from (the next non-blank one)
        for line_no, raw in it:
            if raw.strip():
                break
        where = f"line {line_no}"
        _check_fields(e, f"{name}:{line_no}")
        if e.type == "start":
            preset = e.preset
            players = list(e.players)
            continue
        if e.type == "deal":
            if cur is not None:
                if not any(x.type in ("win", "draw_game") for x in cur.events):
                    raise LogError(f"{cur.name}, at {where}: a new deal before the round's result")
                yield cur
            if n_rounds >= MAX_ROUNDS:
                raise LogError(f"{name}: more than {MAX_ROUNDS:,} rounds: not a game log")
            cur = Round(name, 0, n_rounds, round_label(e.round_wind * 4 + e.dealer, e.honba), [e], [where],
                        preset=preset, players=players)
            n_rounds += 1
            continue
        if cur is None:
            raise LogError(f"{name}:{line_no}: a {e.type} event before the deal")
        if len(cur.events) >= MAX_EVENTS:
            raise LogError(f"{cur.name}, at {where}: more than {MAX_EVENTS:,} events in one round: not a real round")
        cur.events.append(e)
        cur.where.append(where)
    if cur is not None:
        if not any(x.type in ("win", "draw_game") for x in cur.events):
            raise LogError(f"{cur.name}, after {cur.where[-1]}: the log ends inside the round (truncated)")
        yield cur
