"""The rule-set registry: every rule set is found by name, and the scoring path asks it instead of naming rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorer
from scorer.claims import Claim, check_claim
from scorer.rulesets import RULE_NAMES, RULESETS, UnknownRulesError, find_ruleset

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = {"riichi": "123m456p789s11z55z+5z ron riichi dora:4p", "mcr": "123m456p789s11z55z+5z ron rules:mcr"}


def test_every_rule_set_is_found_by_its_name():
    assert set(RULE_NAMES) == {"riichi", "mcr"}
    for name in RULE_NAMES:
        assert find_ruleset(name) is RULESETS[name]
        assert find_ruleset(RULESETS[name]) is RULESETS[name]
    assert find_ruleset(None).name == "riichi"


@pytest.mark.parametrize("bad", ["bogus", "MCR ", "", 3])
def test_an_unknown_name_is_a_clear_error(bad):
    with pytest.raises(UnknownRulesError, match="expected riichi or mcr"):
        find_ruleset(bad)


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_an_entry_scores_checks_claims_and_summarizes(name):
    rs = find_ruleset(name)
    hand = scorer.parse(SAMPLE[name])
    result = rs.evaluate(hand)
    assert result.to_dict() == scorer.score(SAMPLE[name]).to_dict()
    assert result.to_dict()["rules"] == name
    assert rs.find_preset(None).name in rs.presets()
    row = result.to_dict()
    summary = rs.summary(row)
    assert str(row["points"] if name == "riichi" else row["total"]) in summary
    # the claim check the registry names is the one check_claim uses
    expected = str(row["points"] if name == "riichi" else row["total"])
    assert rs.check_claim(result, Claim.parse(expected)).agree
    assert check_claim(result, expected).agree
    assert not rs.check_claim(result, Claim.parse(str(int(expected) + 100))).agree


def test_notation_traits_come_from_the_registry():
    mcr, riichi = RULESETS["mcr"], RULESETS["riichi"]
    assert mcr.flowers and not mcr.red_fives and not mcr.riichi_keywords
    assert riichi.red_fives and riichi.riichi_keywords and not riichi.flowers
    with pytest.raises(scorer.NotationError, match="red fives are not used under rules:mcr"):
        scorer.parse("123m406p789s11z55z+5z ron rules:mcr")
    with pytest.raises(scorer.NotationError, match="flowers are MCR tiles"):
        scorer.parse("123m456p789s11z55z1f+5z ron")


# The scoring path — notation, core, evaluators' callers, claims, batch, logs and the CLI's scoring commands —
# asks the registry; so do the game tables (scorer/game: table rules objects found by preset data) and the
# play, MCR play and board commands.
_SCANNED = ["grammar", "scorer/*.py", "scorer/riichi", "scorer/logs", "scorer/cli/app.py", "scorer/cli/batch.py",
            "scorer/cli/render.py", "scorer/cli/options.py", "scorer/cli/presets.py", "scorer/cli/verify.py",
            "scorer/game", "scorer/cli/play.py", "scorer/cli/play_mcr.py", "scorer/cli/board.py",
            "scorer/cli/analyze.py", "scorer/cli/fans.py", "scorer/cli/replay.py"]
# a rule set's or a preset's name compared with a literal (the preset names a table rules object instead)
_NAME_CHECK = re.compile(r"""(rules|preset)\w*\s*[!=]=\s*['"](mcr|riichi)['"]|in\s*\(\s*['"]riichi['"],\s*['"]mcr['"]\s*\)""")


def _files():
    for pattern in _SCANNED:
        path = ROOT / pattern
        if path.is_dir():
            yield from sorted(path.rglob("*.py"))
        else:
            yield from sorted(ROOT.glob(pattern))


def test_the_scoring_path_asks_no_rules_by_name():
    files = [f for f in _files() if f.name != "rulesets.py"]
    assert len(files) > 20
    found = [f"{f.relative_to(ROOT)}:{i}: {line.strip()}"
             for f in files for i, line in enumerate(f.read_text().splitlines(), 1) if _NAME_CHECK.search(line)]
    assert found == []


@pytest.mark.parametrize("name", RULE_NAMES)
def test_each_rule_set_names_its_game_table_and_text_mode(name):
    import importlib

    from scorer.game.presets import find_preset
    from scorer.game.rules import find_table
    rs = find_ruleset(name)
    preset = find_preset(rs.table_preset)
    assert preset.rules == name
    table = find_table(preset)
    assert table.name == name
    mode = importlib.import_module(rs.text_mode)
    assert callable(mode.play_interactive) and callable(mode.play_auto)
    assert "{wind}" in rs.round_heading
