"""MCR (Mahjong Competition Rules, Chinese Official) scoring: 81 fans, exclusions, flowers, payments.

``evaluate(hand, preset=None) -> McrResult``. Presets (``mcr``, ``green-book``) are in :mod:`scorer.mcr.presets`;
the fan table in :mod:`scorer.mcr.fans`; the exclusions in :mod:`scorer.mcr.exclusions`.
"""

from scorer.mcr.evaluate import FanLine, McrResult, evaluate
from scorer.mcr.presets import PRESETS, find_preset

__all__ = ["evaluate", "McrResult", "FanLine", "PRESETS", "find_preset"]
