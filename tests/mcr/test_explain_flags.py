"""Issue 15 part 5, the evaluator's side: win flags as an MCR referee reads them. A kong's replacement may be the
wall's last tile (rinshan haitei); flags the rules make impossible say why they were dropped; honba: and sticks:
are riichi keywords."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from scorer import parse, score
from scorer.cli.app import app
from scorer.errors import ImpossibleHandError, NotationError
from scorer.mcr.evaluate import dropped_flags

KONG_HAND = "23s55m[678p](2222p)[777z]+4s tsumo rinshan haitei"


def test_rinshan_haitei_is_legal_under_mcr():
    names = score(parse(KONG_HAND + " rules:mcr")).fan_counts("name")
    assert names["Out with Replacement Tile"] == 1 and names["Last Tile Draw"] == 1
    assert "Self-Drawn" not in names


def test_rinshan_haitei_is_still_impossible_under_riichi():
    with pytest.raises(ImpossibleHandError, match="haitei with rinshan"):
        parse("123m456p99m78s(2222s)+9s tsumo rinshan haitei")


@pytest.mark.parametrize("keyword", ["honba:1", "sticks:2"])
def test_honba_and_sticks_are_riichi_keywords(keyword):
    with pytest.raises(NotationError, match="riichi keyword, not used under rules:mcr"):
        parse(f"123456789m123p5s+5s ron {keyword} rules:mcr")
    assert parse(f"123m456p789s11z55z+5z ron {keyword}").situation is not None  # riichi keeps them


# (hand, the flag dropped or None, the fan that flag gives when it is not dropped)
FLAG_CASES = [
    ("123456789m123p5s+5s ron last-tile", "last-tile", "Last Tile"),        # a 5s held: not the last one
    ("12345678m99m123p+9m ron chankan", "chankan", "Robbing The Kong"),      # 9m held twice
    ("[789m] 123p456p55s78m+9m ron chankan", "chankan", "Robbing The Kong"),  # a 9m melded
    ("[789m] 123p456p55s78m+9m ron last-tile", None, "Last Tile"),           # none held: may be the last
    ("12345678m123p55s+9m ron chankan", None, "Robbing The Kong"),           # no 9m held: may be robbed
]


@pytest.mark.parametrize("text,flag,fan", FLAG_CASES)
def test_dropped_flags_match_the_count(text, flag, fan):
    hand = parse(text + " rules:mcr")
    dropped = dropped_flags(hand)
    names = score(hand).fan_counts("name")
    if flag is None:
        assert dropped == [] and fan in names
    else:
        assert [d["flag"] for d in dropped] == [flag]
        assert fan in dropped[0]["why"]
        assert fan not in names


def test_score_json_says_why_a_flag_was_dropped():
    out = CliRunner().invoke(app, ["score", "--json", "12345678m99m123p+9m ron chankan rules:mcr"])
    assert out.exit_code == 0
    dropped = json.loads(out.stdout)["dropped"]
    assert dropped[0]["flag"] == "chankan" and "holds 2" in dropped[0]["why"]
