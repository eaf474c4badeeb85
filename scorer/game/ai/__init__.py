"""Riichi AIs for the game engine: they see what their seat sees and choose among the legal actions."""

from scorer.game.ai.player import RiichiAI, ScriptedPlayer, TsumogiriPlayer

__all__ = ["RiichiAI", "ScriptedPlayer", "TsumogiriPlayer"]
