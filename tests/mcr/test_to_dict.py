"""``McrResult.to_dict()`` is byte-identical to the output of commit 9e9e6d6 (before the lean result) on a fixed
input set: the fixture lines, the calculator cases, 500 generated hands and variants of them (13 tiles: waits and
shanten of an incomplete hand; a tile replaced: hands that may not be complete; the green-book preset).
``to_dict_9e9e6d6.jsonl`` was written by ``make_to_dict_fixture.py`` run on that commit."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import scorer
from scorer.errors import MjscoreError
from scorer.mcr import evaluate
from scorer.mcr.evaluate import mcr_waits
from scorer.tiles import Tile
from tests.mcr.strategies import (honors_knitted_hands, knitted_straight_hands, nine_gates_hands, seven_pairs_hands,
                                  thirteen_orphans_hands, winning_hands)

_PATH = Path(__file__).with_name("to_dict_9e9e6d6.jsonl")
CASES = [json.loads(line) for line in _PATH.read_text(encoding="utf-8").splitlines() if line.strip()]
_DROP = "13 tiles: "


def _new_dict(text: str) -> dict:
    try:
        if text.startswith(_DROP):
            return evaluate(dataclasses.replace(scorer.parse(text[len(_DROP):]), winning_tile=None)).to_dict()
        return scorer.score(text, rules="mcr").to_dict()
    except MjscoreError as e:
        return {"error": type(e).__name__}


def test_fixture_covers_every_outcome():
    outcomes = {(c["dict"].get("win"), c["dict"].get("reason")) for c in CASES}
    assert {(True, None), (False, "not complete"), (False, "below 8 points")} <= outcomes
    assert sum(c["input"].startswith(_DROP) for c in CASES) > 50


# Inputs whose outcome changed on purpose since 9e9e6d6 (the file itself stays byte-identical): input -> the fans
# the hand now has. Issue 15 part 5: a kong's replacement may be the wall's last tile under MCR, so rinshan with
# haitei is no longer refused by the grammar (it was {"error": "ImpossibleHandError"}); PyMahjongGB 1.4.0 counts
# Last Tile Draw and Out with Replacement Tile together too.
CHANGED_ON_PURPOSE = {
    "4z(1111z)(7777z)(6666z)(5555z)+4z rules:mcr tsumo haitei rinshan seat:E":
        {"Last Tile Draw", "Out with Replacement Tile", "Four Kongs", "Big Three Dragons"},
}


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_to_dict_unchanged(case):
    got = _new_dict(case["input"])
    if case["input"] in CHANGED_ON_PURPOSE:
        assert case["dict"] == {"error": "ImpossibleHandError"}
        assert CHANGED_ON_PURPOSE[case["input"]] <= {f["name"] for f in got["fans"]}
        return
    assert json.dumps(got, ensure_ascii=False) == json.dumps(case["dict"], ensure_ascii=False)


_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=False)


def _counts(tiles) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t.kind] += 1
    return out


@pytest.mark.parametrize("strategy", [winning_hands, seven_pairs_hands, thirteen_orphans_hands, honors_knitted_hands,
                                      knitted_straight_hands, nine_gates_hands], ids=lambda s: s.__name__)
def test_waits_of_a_win_are_those_of_the_full_search(strategy):
    """A complete hand's waits come from the evaluation's suit records; they are what the search over every kind
    and every MCR form (:func:`mcr_waits`) finds for the 13 tiles before the winning tile."""
    @settings(max_examples=150, **_SETTINGS)
    @given(strategy())
    def run(hand):
        result = evaluate(hand)
        assert result.complete
        in_view = _counts(t for m in hand.melds for t in m.tiles)
        expected = mcr_waits(_counts(hand.concealed), len(hand.melds), in_view)
        assert [t.kind for t in result.waits] == expected
        assert result.to_dict()["waits"] == [str(Tile(k)) for k in expected]
    run()


def test_to_dict_of_a_win_does_not_search_again(monkeypatch):
    """to_dict of a complete hand reads what the evaluation knew: no second analysis of the hand."""
    import importlib
    ev = importlib.import_module("scorer.mcr.evaluate")
    result = scorer.score("123m456p789s11z55z+5z tsumo rules:mcr")
    monkeypatch.setattr(ev, "mcr_waits", lambda *a: pytest.fail("searched the waits again"))
    monkeypatch.setattr(ev, "mcr_shanten", lambda *a: pytest.fail("worked out shanten again"))
    d = result.to_dict()
    # 11z and 55z: either pair can become the pung
    assert (d["shanten"], d["waits"], d["total"]) == (-1, ["1z", "5z"], result.total)
