"""mjscore's scorer: one core (tiles, melds, hands, arrangements, waits) and two evaluators (riichi, MCR).

Public API::

    from scorer import score
    result = score("123m456p789s11z55z+5z ron riichi dora:4p")
    result.win, result.to_dict()

``score`` parses notation (or takes a :class:`~scorer.hand.Hand`), picks the evaluator named by the hand's
``rules:`` keyword or the ``rules`` argument, and returns that evaluator's result object.
"""

from __future__ import annotations

from scorer import _compiled

_compiled.install()  # before any compiled module is imported: see scorer._compiled

from scorer.errors import ClaimError, ImpossibleHandError, LogError, MjscoreError, NotationError
from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.rulesets import find_ruleset
from scorer.tiles import Tile

__all__ = ["score", "parse", "Hand", "Situation", "Meld", "MeldType", "Tile", "MjscoreError", "NotationError",
           "ImpossibleHandError", "LogError", "ClaimError"]


def parse(text: str, *, rules: str | None = None, preset: str | None = None) -> Hand:
    """Parse hand notation into a :class:`Hand` (raises :class:`NotationError`)."""
    return (_parse or _parse_hand())(text, rules, preset, False)


def score(hand: str | Hand, *, rules: str | None = None, preset: str | None = None):
    """Score one hand under riichi or MCR rules; returns a result with ``.win``, ``.reason`` and ``.to_dict()``.

    The evaluator is the one the rule-set registry (:mod:`scorer.rulesets`) has under the hand's rules."""
    if isinstance(hand, str):
        # ``rules`` and ``preset`` are defaults here: the line's own rules:/preset: keywords win
        hand = (_parse or _parse_hand())(hand, rules, preset, False)
        rules, preset = hand.rules, hand.preset
    else:
        rules = rules or hand.rules
        preset = preset or hand.preset
    evaluate = _EVALUATORS.get(rules)
    if evaluate is None:
        evaluate = _EVALUATORS[rules] = find_ruleset(rules).evaluate
    return evaluate(hand, preset)


_EVALUATORS: dict = {}
"""rules name -> the registry's evaluator, looked up once (each is ``evaluate(hand, preset=None)``, called with
``preset`` by position: cheaper than by keyword, once a hand)."""


SEED_AFTER_LINES = 64
"""Lines of text read by :func:`parse` and :func:`score` before the seeded per-suit tables are read
(:func:`scorer.arrangements.seed_tables`, about 40 ms, once a process): a process that reads hand text line after line
is scoring a file's worth of hands, and the batch's measure holds for it too (reading the tables is cheaper from
some tens of hands on than building the table's parts as hands need them: :data:`scorer.cli.batch.SEED_BYTES`).
One hand scored from the command line reads none; a game or a replay, which reads no text, seeds only as the
arrangements module's own count of entries says."""


def _parse_hand():
    """The grammar's parser (``read_line(text, rules, preset, allow_incomplete)``: :func:`grammar.parse_hand` with its arguments by
    position), imported on first use (the core does not need the grammar to score a Hand). For the first
    :data:`SEED_AFTER_LINES` lines it is read_line behind a count, then read_line itself (the count costs no line
    after that)."""
    global _parse
    if _parse is None:
        from grammar.hand import read_line

        left = SEED_AFTER_LINES

        def counted(text, rules, preset, allow_incomplete):
            global _parse
            nonlocal left
            left -= 1
            if left <= 0:   # the tables first, then this line: its hand meets them
                _parse = read_line
                from scorer.arrangements import seed_tables
                seed_tables()
            return read_line(text, rules, preset, allow_incomplete)

        _parse = counted
    return _parse


_parse = None
