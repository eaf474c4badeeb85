"""``grammar/gb.py``: the MCR calculators' notation (ChineseOfficialMahjongHelper) read as our hand.

The documented examples of the calculator's input help, the rulebook's 132 worked examples written in that
notation (each must score the rulebook's total), a round trip over generated MCR hands, and errors that quote the
calculator line with a caret under the column at fault.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from typer.testing import CliRunner

from grammar.gb import format_gb, gb_to_notation, parse_gb
from scorer import parse, score
from scorer.cli.app import app
from scorer.errors import ImpossibleHandError, NotationError
from tests.mcr.conftest import realdata_json
from tests.mcr.gbargs import hand_from_gb
from tests.strategies import complete_hands

RULEBOOK = realdata_json("rulebook_examples.json")
WINDS = "ESWN"


# ---- the calculator's own examples (its input help), each with the same hand in our notation ----------------------
SAME_HAND = [
    ("[EEEE][CCCC][FFFF][PPPP]NN", "4z(1111z)(7777z)(6666z)(5555z)+4z"),
    ("1112345678999s9s", "1112345678999s+9s"),
    ("[WWWW,1][444s]45m678pFF6m", "45m678p66z[3333z][444s]+6m"),
    ("[123p,1][345s,2][999s,3]6m6pEW1m", "6m6p13z[123p][345s][999s]+1m"),
    # the calculator prints the offer without a comma; a chow may be written in any order
    ("[123p1][534s2][999s3]6m6pEW1m", "6m6p13z[123p][345s][999s]+1m"),
    # an added kong (5-7) is an open kong; a kong without a digit is concealed
    ("[1111s,6][SSSS]123m456p99p", "123m456p9p[1111s](2222z)+9p"),
    ("[1111s,0][SSSS,2]123m456p99p", "123m456p9p(1111s)[2222z]+9p"),
    # the z suffix in the calculator's (Chinese) order: 5z Red, 6z Green, 7z White
    ("111222333444z55z", "111222333444z7z+7z"),
    ("123m456p789s77zCC C", "123m456p789s55z77z+7z"),
    # pieces may be separated by spaces; our keywords follow
    ("[EEE] [SSS]  78m55pWWW9m tsumo seat:S", "78m55p333z[111z][222z]+9m tsumo seat:S"),
]


@pytest.mark.parametrize("gb, ours", SAME_HAND)
def test_the_calculators_examples_read_as_the_same_hand(gb, ours):
    assert parse_gb(gb) == parse(ours, rules="mcr")


def test_the_rule_set_defaults_to_mcr_and_a_rules_keyword_wins():
    assert parse_gb("1112345678999s9s").rules == "mcr"
    assert parse_gb("1112345678999s9s rules:riichi").rules == "riichi"


# ---- the rulebook's examples, as the calculators write them ------------------------------------------------------
_BOOK = re.compile(r"^((?:\[[^\]]*\]\s*)*)\[([^\]]*)\](自摸|点和)\[([^\]]*)\]$")


def _book_to_gb(example: dict) -> str:
    """The rulebook's own notation (``[EEE] [SSSS]  [55pWWWNN]自摸[N]``, ``[_11m_]`` a concealed kong) as the
    calculators' text, with our keywords for the situation the example states."""
    melds, standing, how, win = _BOOK.match(example["notation"]).groups()
    gb = []
    for meld in re.findall(r"\[([^\]]*)\]", melds):
        if meld.startswith("_"):               # [_11m_]: a concealed kong of 1m, written with two tiles showing
            body = meld.strip("_")
            tiles = re.sub(r"(\d)(\d)", r"\1\1\2\2", body) if body[0].isdigit() else body * 2
            gb.append(f"[{tiles}]")
        elif len(re.sub(r"[msp]", "", meld)) == 4:
            gb.append(f"[{meld},1]")           # an open kong must say from whom, or it reads as concealed
        else:
            gb.append(f"[{meld}]")
    args = example["args"]
    words = ["tsumo" if how == "自摸" else "ron", f"seat:{WINDS[args['seatWind']]}",
             f"round:{WINDS[args['prevalentWind']]}"]
    if args["is4thTile"]:
        words.append("last-tile")
    if args["flowerCount"]:
        words.append(f"flowers:{args['flowerCount']}")
    return "".join(gb) + standing + win + " " + " ".join(words)


def test_every_rulebook_example_has_the_book_form():
    if not RULEBOOK:
        pytest.skip("../shared absent")
    assert all(_BOOK.match(x["notation"]) for x in RULEBOOK)


@pytest.mark.parametrize("index", range(len(RULEBOOK)) if RULEBOOK else [pytest.param(0, marks=pytest.mark.skip(
    reason="../shared absent"))])
def test_rulebook_example_read_as_gb_scores_the_rulebook_total(index):
    example = RULEBOOK[index]
    gb = _book_to_gb(example)
    hand = parse_gb(gb)
    reference = hand_from_gb(example["args"])   # the example's PyMahjongGB arguments, read independently
    assert hand.closed_tiles == reference.closed_tiles, gb
    assert sorted(hand.melds, key=repr) == sorted(reference.melds, key=repr), gb
    assert hand.winning_tile == reference.winning_tile, gb
    assert score(hand).fan_total == example["library_total"], gb


def test_the_cli_reads_gb_and_scores_like_our_notation():
    runner = CliRunner()
    gb = runner.invoke(app, ["score", "[WWWW,1][444s]45m678pFF6m tsumo seat:E", "--notation", "gb", "--json"])
    ours = runner.invoke(app, ["score", "45m678p66z[3333z][444s]+6m tsumo seat:E", "--rules", "mcr", "--json"])
    assert gb.exit_code == ours.exit_code == 0, gb.output
    assert json.loads(gb.stdout) == json.loads(ours.stdout)


def test_the_cli_rejects_an_unknown_notation_and_quotes_a_bad_gb_line():
    runner = CliRunner()
    res = runner.invoke(app, ["score", "123m", "--notation", "tenhou"])
    assert res.exit_code == 2
    res = runner.invoke(app, ["score", "[WWWW,4][444s]45m678pFF6m", "--notation", "gb"])
    assert res.exit_code == 1
    assert "[WWWW,4][444s]45m678pFF6m\n" in res.output and "\n        ^" in res.output


# ---- the round trip: our hand -> the calculators' text -> our hand ----------------------------------------------
def _flowers_as_count(hand):
    n = len(hand.flowers) or hand.situation.flower_count
    return dataclasses.replace(hand, flowers=(), situation=dataclasses.replace(hand.situation, flower_count=n or None),
                               preset=None)


@settings(max_examples=150, deadline=None)
@given(complete_hands(rules="mcr", allow_red=False))
def test_round_trip_our_hand_to_gb_and_back(hand):
    text = format_gb(hand)
    assert not re.search(r"[1-7]z|[()]", text.split(" ")[0])   # honors as letters, kongs in brackets
    back = parse_gb(text)
    assert _flowers_as_count(back) == _flowers_as_count(hand), text
    assert score(back).fan_total == score(hand).fan_total, text


def test_format_gb_writes_the_calculators_form():
    hand = parse("1f2f45m678p66z[3333z](4444s)+6m tsumo seat:E rules:mcr")
    assert format_gb(hand).split(" ")[0] == "[WWWW,1][4444s]45m678pFF6m"
    assert "flowers:2" in format_gb(hand)


# ---- errors quote the calculator line, with the caret where it is wrong ------------------------------------------
ERRORS = [
    # (line, error class, words in the message, 1-based caret column or None)
    ("[WWWW,4][444s]45m678pFF6m", NotationError, "kong's offer", 7),
    ("[123m,4]45m678pFF6m", NotationError, "chow's offer", 7),
    ("[124m]45m678pFF6mFF", NotationError, "not a chow, pung or kong", 1),
    ("[12m]45m678pFF6m", NotationError, "3 or 4 tiles", 1),
    ("123m456p0s", NotationError, "no red fives", 9),
    ("123m456p789sEE12", NotationError, "without a suit letter", 15),
    ("123m45E6p", NotationError, "without a suit letter", 5),
    ("[123m45m678pFF6m", NotationError, "without its ]", 1),
    ("123m]45m", NotationError, "without a [", 5),
    ("123m8z", NotationError, "not an honor", 5),
    ("m123", NotationError, "without digits", 1),
    # errors found by our parser, mapped back to the column of the calculator line
    ("[1111m]1m23456789pEE", ImpossibleHandError, "fifth", 1),   # at the meld, as our parser says
    ("[EEE]123m456p789sSS seat:Q", NotationError, "seat:", 26),
    ("[EEE]123m456p789sSS blah", NotationError, "keyword", 21),
    ("[EEE]123m456p789sSSS", ImpossibleHandError, "wrong tile count", None),
]


@pytest.mark.parametrize("line, cls, words, column", ERRORS)
def test_a_bad_gb_line_is_an_error_quoting_it(line, cls, words, column):
    with pytest.raises(cls) as info:
        parse_gb(line)
    err = info.value
    assert words in err.reason
    assert err.line == line
    assert err.column == column
    if column is not None:
        assert str(err).endswith("\n  " + " " * (column - 1) + "^")


def test_the_column_map_covers_every_character_of_our_text():
    ours, cols = gb_to_notation("[WWWW,1][444s]45m678pFF6m tsumo")
    assert len(cols) == len(ours)
    assert ours.endswith(" tsumo") and cols[-5:] == list(range(26, 31))


def test_a_long_gb_line_is_quoted_as_a_window_with_the_column_of_the_whole_line():
    line = "[EEE]123m456p789sSS " + "tsumo " * 30 + "seat:E"
    with pytest.raises(NotationError) as info:
        parse_gb(line)
    err = info.value
    assert err.reason == f"tsumo given twice (column 27 of a {len(line)}-character line)"
    assert err.line.endswith("…") and err.line[err.column - 1:].startswith("tsumo")
