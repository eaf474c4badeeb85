"""The public API: ``scorer.score`` on any text gives a result or a NotationError, never another exception."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorer import NotationError, parse, score
from tests.strategies import complete_hands
from grammar import format_hand

PIECES = st.sampled_from(list("0123456789mpszf[]()+") + [" ", " riichi", " tsumo", " dora:", " ura:", " seat:E",
                                                          " ippatsu", " rules:mcr", " haitei", " rinshan", " chankan"])


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=30), st.lists(PIECES, max_size=40).map("".join)))
def test_any_text_scores_or_raises_notation_error(text):
    try:
        result = score(text)
    except NotationError:
        return
    d = result.to_dict()
    assert d["win"] in (True, False)
    if not d["win"]:
        assert d["reason"]


@settings(max_examples=200)
@given(complete_hands())
def test_every_generated_riichi_hand_scores(hand):
    result = score(hand)
    d = result.to_dict()
    # the canonical notation scores the same
    again = score(format_hand(hand)).to_dict()
    assert again == d
    if d["win"]:
        assert d["points"] > 0 and d["han"] >= 1
        assert d["total_gain"] >= d["points"]
    else:
        assert d["reason"] == "no yaku"


def test_parse_is_exported():
    assert parse("123m456p789s11z55z+5z").winning_tile is not None
