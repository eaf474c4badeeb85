"""A person's opponents in a single deal (issue #14 item 4): the ``strong`` AI level once it is registered in
``AI_LEVELS`` (a fake level stands in for it here), else ``basic``; AI-only deals (``play --auto``, what the speed
harness times) stay on ``basic``, their output unchanged."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from scorer.cli import play
from scorer.game.ai import RiichiAI
from scorer.game.ai.levels import AI_LEVELS
from scorer.game.ai.mcr import McrAI

MADE: list[str] = []


class FakeStrong(RiichiAI):
    """The basic AI under another class: records each seat it is made for."""

    def __init__(self, name):
        super().__init__(name)
        MADE.append(f"riichi {name}")


class FakeStrongMcr(McrAI):
    def __init__(self, name):
        super().__init__(name)
        MADE.append(f"mcr {name}")


@pytest.fixture
def strong(monkeypatch):
    MADE.clear()
    monkeypatch.setitem(AI_LEVELS, "strong", {"riichi": f"{__name__}:FakeStrong", "mcr": f"{__name__}:FakeStrongMcr"})
    yield MADE
    MADE.clear()


def _quit(prompt):
    raise EOFError        # the person leaves at the first prompt: the deal is abandoned


def _console():
    buf = io.StringIO()
    return Console(file=buf, width=100, color_system=None), buf


@pytest.mark.parametrize("rules", ["riichi", "mcr"])
def test_single_deal_opponents_are_strong_when_registered(strong, rules):
    c, buf = _console()
    code = play.play_interactive(5, None, c, _quit, rules=rules)
    assert code == 1 and "abandoned" in buf.getvalue()
    names = [x for x in strong if x.startswith(rules)]
    assert names and {x.split(" ", 1)[1] for x in names} == {"AI South", "AI West", "AI North"}
    assert "AI strong" in buf.getvalue()


@pytest.mark.parametrize("rules,basic", [("riichi", RiichiAI), ("mcr", McrAI)])
def test_without_strong_the_opponents_are_basic(monkeypatch, rules, basic):
    monkeypatch.delitem(AI_LEVELS, "strong", raising=False)
    assert play.opponents(rules) == ("basic", basic)
    c, buf = _console()
    assert play.play_interactive(5, None, c, _quit, rules=rules) == 1
    assert "AI basic" in buf.getvalue()


def test_a_strong_level_without_these_rules_falls_back_to_basic(monkeypatch):
    monkeypatch.setitem(AI_LEVELS, "strong", {"riichi": f"{__name__}:FakeStrong"})
    assert play.opponents("mcr") == ("basic", McrAI)
    assert play.opponents("riichi") == ("strong", FakeStrong)


def test_auto_deals_stay_basic_and_unchanged(strong, monkeypatch, capsys):
    assert play.play_auto(3, 11, True) == 0
    with_strong = capsys.readouterr().out
    assert strong == []                                   # no strong AI made for an AI-only deal
    monkeypatch.delitem(AI_LEVELS, "strong")
    assert play.play_auto(3, 11, True) == 0
    assert capsys.readouterr().out == with_strong
    assert json.loads(with_strong)["deals"] == 3
