"""The explanation of an MCR count (``explain_count``, what ``mjscore score`` adds): the fans not counted and
why (the non-repeat table, the account-once principle), and the sets of each combination fan. Checked on the
rulebook's worked examples (``../shared/realdata/mcr/rulebook_examples.json``) and a few hands read by hand."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from scorer import parse
from scorer.cli.app import app
from scorer.mcr import evaluate
from scorer.mcr import fans as F
from scorer.mcr.exclusions import EXCLUSIONS
from scorer.mcr.explain import explain_count
from tests.mcr.conftest import realdata_json
from tests.mcr.gbargs import hand_from_gb

RULEBOOK = realdata_json("rulebook_examples.json")
_EXCLUDES = {F.FAN_BY_ID[src].name: {F.FAN_BY_ID[F.PUNG_OF_TERMINALS_OR_HONORS if t == F.POT_WIND else t].name
                                     for t in targets} for src, targets in EXCLUSIONS}


def _mcr(text):
    return parse(text, rules="mcr")


def _rows(expl, reason):
    return {(r["name"], tuple(r["by"])): r for r in expl["not_counted"] if r["reason"] == reason}


def test_pure_straight_excluded_and_account_once():
    # 123m 456m 789m 123p, pair 5s won on 5s: Pure Straight, and 123m also makes Mixed Double Chow with 123p;
    # No Honors goes beside All Chows; the Short Straights and Two Terminal Chows inside the straight are
    # account-once
    expl = explain_count(_mcr("123456789m123p5s+5s"))
    assert expl["form"] == "standard"
    excluded = _rows(expl, "excluded")
    assert set(excluded) == {("No Honors", ("All Chows",))}
    once = {(r["name"], tuple(r["sets"])): r for r in expl["not_counted"] if r["reason"] == "account-once"}
    assert set(once) == {("Short Straight", ("123m", "456m")), ("Short Straight", ("456m", "789m")),
                         ("Two Terminal Chows", ("123m", "789m"))}
    assert all("Pure Straight" in r["by"] for r in once.values())
    made = {r["name"]: r["sets"] for r in expl["made_by"]}
    assert made == {"Pure Straight": ["123m", "456m", "789m"], "Mixed Double Chow": ["123m", "123p"]}


def test_self_drawn_excluded_by_fully_concealed():
    expl = explain_count(_mcr("123456789m123p5s+5s tsumo"))
    assert ("Self-Drawn", ("Fully Concealed Hand",)) in _rows(expl, "excluded")


def test_identical_instances_are_one_row():
    # rulebook 39: [456p] [456p] 77m456pCC, won on C: Pure Triple Chow; its three Pure Double Chows are one row
    expl = explain_count(_mcr("77m456p5z5z+5z [456p] [456p]"))
    once = [r for r in expl["not_counted"] if r["reason"] == "account-once"]
    assert [(r["name"], r["count"], r["sets"]) for r in once] == [("Pure Double Chow", 3, ["456p", "456p"])]
    assert expl["made_by"] == [{"name": "Pure Triple Chow", "chinese": "一色三同顺",
                                "sets": ["456p", "456p", "456p"]}]


def test_not_complete_has_no_explanation():
    assert explain_count(_mcr("123456789m124p5s+6s")) == {"form": None, "not_counted": [], "made_by": [], "dropped": []}


@pytest.mark.parametrize("index", range(len(RULEBOOK)) if RULEBOOK else [pytest.param(0, marks=pytest.mark.skip(
    reason="../shared absent"))])
def test_rulebook_explanations_are_consistent(index):
    """For each worked example: an excluded fan is one that its excluder's row names, the excluder is counted,
    the fan excluded is not; every fan of ``made_by`` is counted; an account-once row names counted fans that
    share its sets."""
    hand = hand_from_gb(RULEBOOK[index]["args"])
    counted = {line.name for line in evaluate(hand).fans}
    expl = explain_count(hand)
    for r in expl["not_counted"]:
        assert r["by"], r
        assert set(r["by"]) <= counted, r
        if r["reason"] == "excluded":
            assert r["name"] in _EXCLUDES[r["by"][0]], r
            assert r["name"] not in counted or r["name"] == "Pung of Terminals or Honors", r
        else:
            assert r["reason"] == "account-once"
            made_sets = [set(m["sets"]) for m in expl["made_by"] if m["name"] in r["by"]]
            assert any(set(r["sets"]) & s for s in made_sets), r
    assert {m["name"] for m in expl["made_by"]} <= counted


def test_score_json_carries_the_explanation_and_batch_rows_do_not():
    runner = CliRunner()
    out = runner.invoke(app, ["score", "--json", "123456789m123p5s+5s rules:mcr"])
    assert out.exit_code == 0
    d = json.loads(out.stdout)
    assert {r["name"] for r in d["not_counted"]} == {"No Honors", "Short Straight", "Two Terminal Chows"}
    assert d["made_by"][0]["name"] == "Pure Straight"
    assert "not_counted" not in evaluate(_mcr("123456789m123p5s+5s")).to_dict()
    panel = runner.invoke(app, ["score", "123456789m123p5s+5s rules:mcr"])
    assert "Not counted" in panel.stdout and "non-repeat" in panel.stdout
    riichi = json.loads(runner.invoke(app, ["score", "--json", "123m456p789s11z55z+5z ron"]).stdout)
    assert "not_counted" not in riichi
