"""Writing a played game in another format (``mjscore play --log FILE --log-format own|tenhou6|mjai``).

A game is handed over as its deals: each deal is the list of :mod:`scorer.game.events` one engine run emitted
(``start`` and ``deal`` first, then the play, then its ``win`` events or its ``draw_game``), in the order played.
``write_game`` writes all of them to ``out`` in the format asked for; the game's driver calls it again with the
longer list after every deal (so a log on disk always holds every finished deal).
"""

from __future__ import annotations

from typing import Callable, Sequence, TextIO

from scorer.errors import MjscoreError
from scorer.game import events as ev


class ExportError(MjscoreError):
    """A log format we do not write, or a game it cannot hold."""


def _write_own(deals: Sequence[Sequence[ev.Event]], out: TextIO, **meta) -> None:
    """Our own JSON lines: every event of every deal, as the engine logged it."""
    for deal in deals:
        for e in deal:
            out.write(e.to_json() + "\n")


# format name -> writer(deals, out, **meta)
WRITERS: dict[str, Callable[..., None]] = {"own": _write_own}


def write_game(deals: Sequence[Sequence[ev.Event]], fmt: str, out: TextIO, **meta) -> None:
    """Write ``deals`` (each one engine run's events) to ``out`` as ``fmt``; ``meta``: the game's facts a format
    may want (``names``: the four players' names, ``game``: deal|east|south|match, ``preset``: the table preset)."""
    writer = WRITERS.get(fmt)
    if writer is None:
        raise ExportError(f"unknown log format {fmt!r}: known formats are {', '.join(WRITERS)}")
    writer(deals, out, **meta)
