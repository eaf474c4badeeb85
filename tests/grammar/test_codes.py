"""The closed code the parser sums as it reads a line is the Hand's own (Hand.closed_code), and the fifth-copy rule
that reads the same five-bit sums sees every count a 13- or 14-tile line can hold (up to 18 tiles and 10 indicators
of one kind)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings

from grammar import parse_hand
from grammar.hand import clear_meanings
from scorer.arrangements import COUNT_BITS, RED_SHIFT, TILE_CODE
from scorer.errors import ImpossibleHandError
from scorer.hand import build_hand
from tests.strategies import complete_hands


def _summed(hand) -> int:
    tiles = hand.concealed + ((hand.winning_tile,) if hand.winning_tile is not None else ())
    return sum(TILE_CODE[t.order] for t in tiles)


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_the_parsed_closed_code_is_the_hands(hand):
    text = hand.notation()
    for fresh in (True, False):   # a token's meaning worked out, then kept
        if fresh:
            clear_meanings()
        parsed = parse_hand(text)
        assert parsed._closed_code == _summed(parsed)
    # a Hand not made by the parser works its code out on the first call
    other = build_hand(hand.concealed, hand.melds, hand.winning_tile, hand.situation, hand.flowers, hand.rules,
                       hand.preset, hand.claim)
    assert other.closed_code() == _summed(hand) == parsed.closed_code()
    assert dataclasses.replace(parsed).closed_code() == _summed(hand)


@pytest.mark.parametrize("line, red", [("123m456p789s11z22z+2z", 0), ("406m456p789s11z22z+6m", 1),
                                       ("123m406p78s11z+9s[505s]", 1), ("23m406p078s11z+1m[505m]", 2),
                                       ("1234066m+6m(1111z)[7777z]", 1), ("123m456p789s11z22z+0m", 1)])
def test_the_closed_code_counts_red_fives_apart(line, red):
    code = parse_hand(line).closed_code()
    assert code >> RED_SHIFT == red
    assert (code & COUNT_BITS) % 31 == 14 - 3 * parse_hand(line).melds.__len__()


@pytest.mark.parametrize("indicators", range(0, 11))
def test_a_fifth_copy_is_seen_at_any_count(indicators):
    """Four kans, a pair and up to ten indicators of one kind: 18 to 28 tiles of it (five bits hold 31)."""
    dora = "1m" * min(indicators, 5)
    ura = "1m" * max(indicators - 5, 0)
    line = "1m+1m(1111m)(1111m)(1111m)(1111m) riichi"
    if dora:
        line += " dora:" + dora
    if ura:
        line += " ura:" + ura
    with pytest.raises(ImpossibleHandError, match="fifth copy of 1m"):
        parse_hand(line)


@pytest.mark.parametrize("count", range(5, 9))
def test_a_fifth_copy_in_the_concealed_tiles(count):
    line = "1" * count + "m" + "12345678p"[:13 - count] + "p+9s"
    with pytest.raises(ImpossibleHandError, match="fifth copy of 1m"):
        parse_hand(line)
