"""Table rules objects, found by preset data: how events change a table's state, what a seat may do, and the one
validator of a chosen action or a recorded event.

A table preset (:class:`~scorer.game.presets.TablePreset`) names its table with ``table`` (empty: the table of its
rule set, ``preset.rules``); :func:`find_table` looks that name up here. The state
(:class:`~scorer.game.state.GameState`) is the same plain data at every table and holds its rules object: every
``state.apply(event)`` goes through ``rules.apply(state, event)``. Model: python-chess's ``find_variant(name)``.

Each entry names its object as ``"module:attribute"``, imported on first use (a riichi deal never imports the MCR
table).
"""

from __future__ import annotations

from importlib import import_module

from scorer.errors import MjscoreError

TABLES: dict[str, str] = {
    "riichi": "scorer.game.rules.riichi:RIICHI_TABLE",
    "tenhou": "scorer.game.rules.tenhou:TENHOU_TABLE",
    "mcr": "scorer.game.rules.mcr:MCR_TABLE",
}

_FOUND: dict[str, object] = {}


class UnknownTableError(MjscoreError):
    """A table name that no table rules object has."""


def find_table(preset_or_name):
    """The table rules object of a table preset (its ``table``, else its ``rules``) or of a table name."""
    if isinstance(preset_or_name, str):
        name = preset_or_name
    else:
        name = preset_or_name.table or preset_or_name.rules
    found = _FOUND.get(name)
    if found is None:
        path = TABLES.get(name)
        if path is None:
            raise UnknownTableError(f"unknown table {name!r} (known: {', '.join(TABLES)})")
        module, _, attr = path.partition(":")
        found = _FOUND[name] = getattr(import_module(module), attr)
    return found
