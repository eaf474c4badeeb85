"""Our own logs (``mjscore play --log``): JSON lines of :mod:`scorer.game.events`, a ``start`` line first, then
one or more deals. Each ``deal`` starts a :class:`~scorer.logs.Round`; the ``start`` line names the table preset.

Every number must be one a log can hold (checked here, on the JSON as read); each field's type and range (a seat
0-3, four scores, a honba count ...) is the event reader's check (:data:`scorer.game.events.FIELD_TYPES`).
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
