"""``McrResult.to_dict()`` is byte-identical to the output of commit 9e9e6d6 (before the lean result) on a fixed
input set: the fixture lines, the calculator cases, 500 generated hands and variants of them (13 tiles: waits and
shanten of an incomplete hand; a tile replaced: hands that may not be complete; the green-book preset).
``to_dict_9e9e6d6.jsonl`` was written by ``make_to_dict_fixture.py`` run on that commit."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import scorer
from scorer.errors import MjscoreError
from scorer.mcr import evaluate

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


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_to_dict_unchanged(case):
    got = json.dumps(_new_dict(case["input"]), ensure_ascii=False)
    assert got == json.dumps(case["dict"], ensure_ascii=False)
