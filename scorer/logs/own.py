"""Our own logs (``mjscore play --log``): JSON lines of :mod:`scorer.game.events`, a ``start`` line first, then
one or more deals. Each ``deal`` starts a :class:`~scorer.logs.Round`; the ``start`` line names the table preset.
"""

from __future__ import annotations

from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs import Round, decode_text, display_name, round_label


def read_own(data: bytes, name: str) -> Iterator[Round]:
    name = display_name(name)
    text = decode_text(data, name)
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
            cur = Round(name, 0, n_rounds, round_label(e.round_wind * 4 + e.dealer, e.honba), [e], [where],
                        preset=preset, players=players)
            n_rounds += 1
            continue
        if cur is None:
            raise LogError(f"{name}:{line_no}: a {e.type} event before the deal")
        cur.events.append(e)
        cur.where.append(where)
    if cur is not None:
        if not any(x.type in ("win", "draw_game") for x in cur.events):
            raise LogError(f"{cur.name}, after {cur.where[-1]}: the log ends inside the round (truncated)")
        yield cur
