"""The rule-set registry: every rule set the scorer knows, found by name.

A :class:`RuleSet` bundles what the rest of the package asks of a rule set — its evaluator, its presets, its claim
check and the one-line summary of a result row — so no code outside this module asks ``rules == "mcr"``. The
entries name their modules as ``"module:attribute"`` and import them on first use, so looking a rule set up costs
nothing at start-up (``mjscore score HAND`` loads only the rule set it scores).

Model: python-chess's ``variant.find_variant(name)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from typing import Callable

from scorer.errors import NotationError


def _load(path: str):
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


@dataclass(frozen=True)
class RuleSet:
    """One rule set: its name, what it is called on screen, and where its parts live (imported lazily)."""

    name: str
    title: str
    evaluator: str                # "module:function" — evaluate(hand, preset=None) -> result
    presets_table: str            # "module:PRESETS" — {name: preset}
    preset_finder: str            # "module:find_preset"
    claim_checker: str            # "module:function" — check(result, Claim) -> ClaimVerdict
    summarize: Callable[[dict], str] = field(repr=False, default=None)   # a winning row's short result
    # what the notation may say under this rule set (the grammar's legality table reads these)
    red_fives: bool = True        # 0m/0p/0s
    riichi_keywords: bool = True  # riichi, ippatsu, dora:, ura:, ...
    flowers: bool = False         # 1f-8f, flowers:N, last-tile
    dead_wall: bool = True        # replacement tiles come from a dead wall (so never the last draw: no rinshan haitei)
    # the game table: the table preset a deal (or a log without a start line) is played under by default, the
    # module of its text mode (play_interactive, play_auto) and the board's heading ({wind}: the round wind)
    table_preset: str = "standard"
    text_mode: str = "scorer.cli.play"
    round_heading: str = "{wind} round"
    # the hand shapes of this rule set, as the core's rule choices (scorer.shanten), and whether an analysis values
    # each wait by scoring its completed hand (MCR: does it reach the 8-point minimum?)
    four_as_two_pairs: bool = False   # seven pairs may hold four of a kind as two pairs
    knitted: bool = False             # honors and knitted tiles, knitted straight
    value_waits: bool = False

    @cached_property
    def evaluate(self) -> Callable:
        """The evaluator itself: ``ruleset.evaluate(hand, preset=None)`` (imported on first use)."""
        return _load(self.evaluator)

    def presets(self) -> dict:
        return _load(self.presets_table)

    def find_preset(self, name):
        return _load(self.preset_finder)(name)

    def check_claim(self, result, claim):
        return _load(self.claim_checker)(result, claim)

    def summary(self, row: dict) -> str:
        """The short result of a winning row as the batch table prints it."""
        return self.summarize(row)


def _riichi_summary(row: dict) -> str:
    if row.get("yakuman"):
        return f"{row.get('limit')} {row.get('points')}"
    limit = f" {row['limit']}" if row.get("limit") else ""
    return f"{row.get('han')} han {row.get('fu')} fu{limit} {row.get('points')}"


def _mcr_summary(row: dict) -> str:
    return f"{row.get('total')} points"


RULESETS: dict[str, RuleSet] = {r.name: r for r in (
    RuleSet("riichi", "Riichi", "scorer.riichi.evaluate:evaluate", "scorer.riichi.presets:PRESETS",
            "scorer.riichi.presets:find_preset", "scorer.claims:check_riichi_claim", _riichi_summary),
    RuleSet("mcr", "MCR", "scorer.mcr.evaluate:evaluate", "scorer.mcr.presets:PRESETS",
            "scorer.mcr.presets:find_preset", "scorer.claims:check_mcr_claim", _mcr_summary,
            red_fives=False, riichi_keywords=False, flowers=True, dead_wall=False, table_preset="mcr",
            text_mode="scorer.cli.play_mcr", round_heading="MCR · prevalent wind {wind}",
            four_as_two_pairs=True, knitted=True, value_waits=True),
)}
RULE_NAMES: tuple[str, ...] = tuple(RULESETS)
DEFAULT_RULES = "riichi"


class UnknownRulesError(NotationError):
    """A rules name that no rule set has."""


def find_ruleset(name: "str | RuleSet | None") -> RuleSet:
    """The rule set called ``name`` (None: the default, riichi); raises :class:`UnknownRulesError`."""
    if isinstance(name, RuleSet):
        return name
    if name is None:
        return RULESETS[DEFAULT_RULES]
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise UnknownRulesError(f"unknown rules {name!r} (expected {' or '.join(RULE_NAMES)})") from None
