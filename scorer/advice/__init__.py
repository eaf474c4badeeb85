"""Advice on a hand that other tools do not give: which discard by expected value (:mod:`.ev`), the same hand
under every scoring preset side by side (:mod:`.compare`), and the why of a riichi score (:mod:`.explain`).

Stage: after the core and the evaluators, beside :mod:`scorer.analysis`. Nothing here measures a hand or scores
one itself: shanten, waits and ukeire come from the one core (:mod:`scorer.shanten`) and every value from the rule
set's own evaluator, so the advice always agrees with ``mjscore score`` and ``mjscore analyze``. Results are plain
dicts (the JSON the CLI prints).
"""
