"""Hand notation: round trips, error messages with carets, and no exception but NotationError on any text."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from grammar import NotationError, format_hand, parse_hand
from scorer.melds import MeldType
from scorer.tiles import Tile
from tests.riichi.sanma_strategies import sanma_notation_hands
from tests.strategies import complete_hands

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "notation"


def _error_cases():
    for n, line in enumerate((FIXTURES / "errors.txt").read_text().splitlines(), 1):
        if line.startswith("#"):
            continue
        text, col, fragment = line.split("\t")
        yield pytest.param(text, None if col == "-" else int(col), fragment, id=f"line{n}")


@pytest.mark.parametrize("text,column,fragment", list(_error_cases()))
def test_bad_notation_names_the_place_and_reason(text, column, fragment):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert fragment in str(err)
    assert err.column == column
    if column is not None:
        # the caret sits under the column, under the quoted line
        lines = str(err).splitlines()
        assert lines[-2].strip() == text.strip()
        assert lines[-1].index("^") - 2 == column - 1


def _same_hand_cases():
    for n, line in enumerate((FIXTURES / "same-hand.txt").read_text().splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        text, canonical = line.split("\t")
        yield pytest.param(text, canonical, id=f"line{n}")


@pytest.mark.parametrize("text,canonical", list(_same_hand_cases()))
def test_ways_of_writing_a_hand_read_as_its_canonical_form(text, canonical):
    hand = parse_hand(text)
    assert format_hand(hand) == canonical
    assert parse_hand(canonical) == hand


def test_sample_hand_parses():
    h = parse_hand("123m456p789s11z55z+5z ron riichi dora:4p")
    assert h.winning_tile == Tile.parse("5z")
    assert len(h.concealed) == 13
    assert h.situation.riichi and not h.situation.tsumo
    assert h.situation.dora == (Tile.parse("4p"),)
    assert h.situation.seat_wind == 1 and h.situation.round_wind == 0


def test_winning_tile_defaults_to_last_written():
    a = parse_hand("123m456p789s11z555z")
    b = parse_hand("123m456p789s11z55z+5z")
    assert a == b


def test_winning_tile_after_melds():
    a = parse_hand("123m456p11z55z[789s]+5z")
    b = parse_hand("123m456p11z55z+5z[789s]")
    assert a == b
    assert a.melds[0].type is MeldType.CHI


def test_melds_may_stand_anywhere_in_the_tile_block():
    canonical = parse_hand("258m369p147s1z[345m]+1z tsumo")
    for text in ("[345m]258m369p147s1z+1z tsumo", "258m[345m]369p147s1z+1z tsumo", "258m369p147s1z+1z[345m] tsumo",
                 "[345m] 258m 369p 147s 1z +1z tsumo", "[345m]258m369p147s11z tsumo"):
        assert parse_hand(text) == canonical
    assert format_hand(parse_hand("[345m]258m369p147s1z+1z tsumo")) == "258m369p147s1z[345m]+1z tsumo"
    two = parse_hand("[123p]1z[789s]234m555m+1z")
    assert [str(m) for m in two.melds] == ["[123p]", "[789s]"]      # melds keep the order they are written in
    assert two == parse_hand("234m555m1z[123p][789s]+1z")


def test_tiles_after_the_winning_tile_are_refused():
    with pytest.raises(NotationError) as info:
        parse_hand("[345m]258m+1z369p147s1z")
    assert "after the winning tile" in str(info.value) and info.value.column == 14


def test_meld_kinds_and_red_fives():
    h = parse_hand("11z55z[406m](5555p)[5505s]+5z")
    types = [m.type for m in h.melds]
    assert types == [MeldType.CHI, MeldType.ANKAN, MeldType.KAN]
    assert any(t.red for t in h.melds[0].tiles)
    assert not h.is_closed


def test_keywords_are_case_insensitive_and_any_order():
    a = parse_hand("123m456p789s11z55z+5z TSUMO Riichi dora:4p seat:e ROUND:S honba:2 sticks:1")
    b = parse_hand("123m456p789s11z55z+5z sticks:1 honba:2 round:S seat:E dora:4p riichi tsumo")
    assert a == b
    assert a.situation.dealer and a.situation.round_wind == 1


def test_flowers_under_mcr():
    h = parse_hand("123m456p789s11z55z1f3f+5z rules:mcr")
    assert [str(f) for f in h.flowers] == ["1f", "3f"]
    assert h.flower_total == 2
    assert parse_hand("123m456p789s11z55z+5z rules:mcr flowers:3").flower_total == 3


def test_analysis_accepts_thirteen_tiles():
    h = parse_hand("123m456p789s11z55z", allow_incomplete=True)
    assert h.winning_tile is None and len(h.concealed) == 13


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_round_trip_riichi(hand):
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text)) == text


@settings(max_examples=150, deadline=None)
@given(complete_hands(rules="mcr", allow_red=False))
def test_round_trip_mcr(hand):
    assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=200, deadline=None)
@given(st.one_of(sanma_notation_hands(), sanma_notation_hands("sanma-split")))
def test_round_trip_sanma_with_nuki(hand):
    text = format_hand(hand)
    assert (" nuki:" in text) == (hand.situation.nuki > 0)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text)) == text


ALPHABET = st.sampled_from(list("0123456789mpszf[]()+: \t") + ["riichi", "tsumo", "dora:", "seat:", "ron", "z", "xx",
                                                                "honba:", "²", "１", "ｍ", "\u3000", "①", "é"])


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(ALPHABET, max_size=30).map("".join),
                 st.tuples(st.sampled_from(["1", "ron ", "[1", "x"]), st.integers(1000, 5000)).map(lambda t: t[0] * t[1])))
def test_any_text_parses_or_raises_notation_error(text):
    try:
        hand = parse_hand(text)
    except NotationError as exc:
        assert str(exc)
        return
    assert parse_hand(format_hand(hand)) == hand
