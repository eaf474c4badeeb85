"""Riichi (Japanese) mahjong scoring: yaku, fu, points and presets — the riichi evaluator of the pipeline.

``evaluate(hand, preset=None) -> RiichiResult`` scores a :class:`~scorer.hand.Hand`. The result is an immutable
value with ``win``/``reason`` (a hand that does not win is a result, not an error), the yaku (``YakuItem``: id,
romaji name, kanji name as Tenhou writes it, han), dora/red/ura counts, han, fu with its itemized ``fu_items``,
``yakuman`` (multiplier), ``limit``, ``points`` (before honba and deposits), ``payments`` (who pays what, honba
included), ``total_gain``, ``shanten`` and ``waits``; ``to_dict()`` gives the JSON form.

Modules: ``yaku`` (the one table of yaku and what replaces what), ``fu``, ``points`` (base value, limits,
payments), ``presets`` (named rule sets as data: ``find_preset``, ``PRESETS``, ``options_table``), ``evaluate``.
"""

from __future__ import annotations

from scorer.riichi.evaluate import FuItem, RiichiResult, YakuItem, evaluate
from scorer.riichi.points import Payment
from scorer.riichi.presets import PRESETS, RiichiOptions, RiichiPreset, find_preset, options_table

__all__ = ["evaluate", "RiichiResult", "YakuItem", "FuItem", "Payment", "PRESETS", "RiichiOptions", "RiichiPreset",
           "find_preset", "options_table"]
