"""fixtures/hands/mcr_fans.txt: one hand a line in the notation, with what mjscore must say about it."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.mcr import evaluate

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "hands" / "mcr_fans.txt"


def _cases():
    out = []
    for n, line in enumerate(FIXTURE.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        notation, expected = (part.strip() for part in line.split("|"))
        fields = dict(item.split("=", 1) for item in expected.split())
        out.append(pytest.param(notation, fields, id=f"line{n}"))
    return out


@pytest.mark.parametrize("notation,expected", _cases())
def test_fixture_line(notation, expected):
    grammar = pytest.importorskip("grammar")
    hand = grammar.parse_hand(notation)
    result = evaluate(hand)
    assert str(result.win).lower() == expected["win"]
    if "reason" in expected:
        assert result.reason == expected["reason"].replace("_", " ")
    assert result.fan_total == int(expected["fan_total"])
    assert result.total == int(expected["total"])
    fans = dict(item.split(":") for item in expected["fans"].split(",")) if expected.get("fans") else {}
    assert result.fan_counts("key") == {k: int(v) for k, v in fans.items()}
    d = result.to_dict()
    assert d["hand"] is not None and d["total"] == result.total


@pytest.mark.parametrize("notation,expected", [c for c in _cases() if "green-book" not in c.values[0]])
def test_fixture_line_against_reference(notation, expected):
    grammar = pytest.importorskip("grammar")
    MahjongGB = pytest.importorskip("MahjongGB")
    from tests.mcr.gbargs import gb_from_hand
    hand = grammar.parse_hand(notation)
    fans = MahjongGB.MahjongFanCalculator(**gb_from_hand(hand), verbose=True)
    assert sum(p * c for p, c, _, _ in fans) == int(expected["total"])
