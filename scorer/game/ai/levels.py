"""AI levels by name (``mjscore play --ai basic|strong``): each rule set's AI classes, looked up by level.

A level names a class per rule set; the class takes the seat's name (``cls(name)``) and answers the engine's
``choose(state, seat, actions)``. The classes are imported when first asked for, so naming a level costs nothing
at start-up. Adding a level is one row here and its class.
"""

from __future__ import annotations

from importlib import import_module

from scorer.errors import MjscoreError

# level -> rule set -> "module:Class"
AI_LEVELS: dict[str, dict[str, str]] = {
    "basic": {"riichi": "scorer.game.ai.player:RiichiAI", "mcr": "scorer.game.ai.mcr:McrAI"},
    "strong": {"riichi": "scorer.game.ai.strong:StrongRiichiAI", "mcr": "scorer.game.ai.strong:StrongMcrAI"},
}


class AiLevelError(MjscoreError):
    """An AI level that does not exist, or does not play the rule set asked for."""


def find_ai(level: str, rules: str = "riichi") -> type:
    """The AI class of ``level`` for the rule set ``rules`` (an :class:`AiLevelError` naming the known levels)."""
    row = AI_LEVELS.get(level)
    if row is None:
        raise AiLevelError(f"unknown AI level {level!r}: known levels are {', '.join(AI_LEVELS)}")
    where = row.get(rules)
    if where is None:
        raise AiLevelError(f"AI level {level!r} does not play {rules}: it plays {', '.join(row)}")
    module, name = where.split(":")
    return getattr(import_module(module), name)
