import pytest

from scorer.game.ai.levels import AI_LEVELS, AiLevelError, find_ai
from scorer.game.ai.mcr import McrAI
from scorer.game.ai.player import RiichiAI


def test_basic_is_todays_ai():
    assert find_ai("basic") is RiichiAI
    assert find_ai("basic", "mcr") is McrAI


def test_every_level_names_a_class_that_plays():
    for level, row in AI_LEVELS.items():
        for rules in row:
            cls = find_ai(level, rules)
            assert callable(getattr(cls(f"{level}-{rules}"), "choose"))


@pytest.mark.parametrize("level,rules,words", [("wizard", "riichi", "unknown AI level 'wizard'"),
                                               ("basic", "go", "does not play go")])
def test_unknown_level_is_a_clear_error(level, rules, words):
    with pytest.raises(AiLevelError, match=words):
        find_ai(level, rules)


def test_strong_plays_both_rule_sets():
    from scorer.game.ai.strong import StrongMcrAI, StrongRiichiAI
    assert find_ai("strong") is StrongRiichiAI and issubclass(StrongRiichiAI, RiichiAI)
    assert find_ai("strong", "mcr") is StrongMcrAI and issubclass(StrongMcrAI, McrAI)
