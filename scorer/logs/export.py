"""Writing a played game in another format (``mjscore play --log FILE --log-format own|tenhou6|mjai``).

A game is handed over as its deals: each deal is the list of :mod:`scorer.game.events` one engine run emitted
(``start`` and ``deal`` first, then the play, then its ``win`` events or its ``draw_game``), in the order played.
``write_game`` writes all of them to ``out`` in the format asked for; the game's driver calls it again with the
longer list after every deal (so a log on disk always holds every finished deal).

Each format's writer lives beside its reader (:mod:`scorer.logs.tenhou6`, :mod:`scorer.logs.mjai`) and is the
reader's inverse: what a format cannot hold is listed in :data:`DROPPED`. A game a format cannot hold at all (an
MCR game in tenhou.net/6 or mjai) is an :class:`ExportError` that says so, never half a file.
"""

from __future__ import annotations

import io
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


def _write_tenhou6(deals, out, **meta) -> None:
    from scorer.logs.tenhou6 import write_tenhou6
    write_tenhou6(deals, out, **meta)


def _write_mjai(deals, out, **meta) -> None:
    from scorer.logs.mjai import write_mjai
    write_mjai(deals, out, **meta)


# format name -> writer(deals, out, **meta)
WRITERS: dict[str, Callable[..., None]] = {"own": _write_own, "tenhou6": _write_tenhou6, "mjai": _write_mjai}

# what each format leaves out of a game (read back, these come from the reader's conventions instead)
DROPPED: dict[str, tuple[str, ...]] = {
    "own": (),
    "tenhou6": (
        "which physical copy of a tile is which (only kinds and red fives are written)",
        "the seeds and the wall order (the start lines): tiles not drawn are not written",
        "the order of the events between the seats' lists (the reader re-creates it: calls before the next draw)",
        "when an open or added kan's new dora indicator was turned over (the reader follows the table preset)",
        "the tenpai flags of a draw (the reader takes them from the noten payments)",
        "the winning hand's notation, the limit name and our yaku names (written as Tenhou's kanji)",
        "the seat a pao win's liable player fed (written as far as the deltas show it)",
    ),
    "mjai": (
        "which physical copy of a tile is which (only kinds and red fives are written)",
        "the seeds and the wall order (the start lines)",
        "the yaku and the winning hand's notation (han, fu and the points are written)",
    ),
}


def writable_table(preset: str | None, fmt: str):
    """The table preset ``preset`` names, when ``fmt`` can hold its games (tenhou.net/6 and mjai write riichi
    tables: 136 tiles, no flowers, dora indicators and riichi), else an :class:`ExportError` that says what to use."""
    from scorer.game.presets import find_preset
    table = find_preset(preset)
    if table.flowers or not table.dora or not table.riichi:
        raise ExportError(f"{fmt} holds riichi games only (136 tiles, dora, riichi); this is a {table.rules} game "
                          f"(preset {table.name!r}): write it as --log-format own")
    return table


def write_game(deals: Sequence[Sequence[ev.Event]], fmt: str, out: TextIO, **meta) -> None:
    """Write ``deals`` (each one engine run's events) to ``out`` as ``fmt``; ``meta``: the game's facts a format
    may want (``names``: the four players' names, ``game``: deal|east|south|match, ``preset``: the table preset;
    ``final_scores`` and ``final_points`` once the game is over). The whole game is built before anything is
    written, so an :class:`ExportError` leaves ``out`` untouched."""
    writer = WRITERS.get(fmt)
    if writer is None:
        raise ExportError(f"unknown log format {fmt!r}: known formats are {', '.join(WRITERS)}")
    buf = io.StringIO()
    try:
        writer(deals, buf, **meta)
    except ExportError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise ExportError(f"cannot write the game as {fmt}: {type(e).__name__}: {e}") from None
    out.write(buf.getvalue())
