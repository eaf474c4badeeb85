"""Differential test: mjscore's riichi scorer against ``mahjong==2.1.0`` (the reference, test-only).

Hypothesis builds complete winning hands from sets and a pair (open and closed, kans, red fives, themed tile
pools for every yaku family, random situations); both calculators score them under the same preset and must
agree on han, fu, the winner's total gain (honba and deposits included) and the set of yaku, or both say
"no yaku".

Documented differences, each with its own test:

* fu of a yakuman hand is not part of its value; the two may read a yakuman hand as different arrangements
  (e.g. tenhou on a hand that is both seven pairs and four sets), so fu is compared only below yakuman;
* ``wrc``: yakuman do not stack (the reference always adds them) and a double-wind pair is 2 fu (the reference
  always gives 4).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("mahjong")

from hypothesis import given, settings  # noqa: E402

# 200 examples a property by default; a longer profile (HYPOTHESIS_PROFILE=long) raises it
_EXAMPLES = max(200, settings.default.max_examples)

from scorer.hand import Hand, Situation  # noqa: E402
from scorer.melds import Meld, MeldType  # noqa: E402
from scorer.riichi import evaluate  # noqa: E402
from scorer.riichi.presets import find_preset  # noqa: E402
from scorer.tiles import Tile, parse_tiles  # noqa: E402
from tests.riichi.oracle import reference_score, reference_yaku  # noqa: E402
from tests.riichi.strategies import winning_hands  # noqa: E402

AGREEING_PRESETS = ["standard", "tenhou", "mahjongsoul", "ema", "tenhou-sanma"]


def _compare(hand, preset, ours=None):
    ours = ours or evaluate(hand, preset)
    ref = reference_score(hand, preset)
    if ref.error:
        assert ref.error == "no_yaku", ref.error
        assert not ours.win and ours.reason == "no yaku"
        return None
    assert ours.win, ours.reason
    is_yakuman = any(y.is_yakuman for y in ref.yaku)
    got = (ours.han, ours.fu if not is_yakuman else None, ours.total_gain, {y.id for y in ours.yaku})
    want = (ref.han, ref.fu if not is_yakuman else None, ref.cost["total"], reference_yaku(ref))
    return got, want


@pytest.mark.parametrize("preset", AGREEING_PRESETS)
@settings(max_examples=_EXAMPLES)
@given(hand=winning_hands())
def test_agrees_with_reference(preset, hand):
    result = _compare(hand, preset)
    if result is not None:
        got, want = result
        assert got == want, hand.notation()


@settings(max_examples=_EXAMPLES)
@given(hand=winning_hands(allow_open=False))
def test_closed_hands_agree(hand):
    result = _compare(hand, "tenhou")
    if result is not None:
        assert result[0] == result[1], hand.notation()


@settings(max_examples=_EXAMPLES)
@given(hand=winning_hands())
def test_wrc_differs_only_where_documented(hand):
    """Under wrc every disagreement is yakuman stacking or the double-wind pair; with those two options set the
    reference's way, the hands agree."""
    wrc = find_preset("wrc")
    ours = evaluate(hand, wrc)
    result = _compare(hand, "wrc", ours)
    if result is None or result[0] == result[1]:
        return
    like_ref = replace(wrc, name="wrc-like-reference",
                       options=replace(wrc.options, yakuman_stack=True, double_wind_pair_fu=4))
    again = evaluate(hand, like_ref)
    got = (again.han, again.fu if not again.yakuman else None, again.total_gain, {y.id for y in again.yaku})
    assert got == result[1]
    s = hand.situation
    assert ours.yakuman and len(ours.yaku) > 1 or any("pair" in f.reason for f in ours.fu_items) \
        and s.round_wind == s.seat_wind


def _hand(text, win, melds=(), **situation):
    return Hand(tuple(parse_tiles(text)), tuple(melds), Tile.parse(win), Situation(**situation))


def test_documented_wrc_yakuman_do_not_stack():
    # daisangen + tsuuiisou: two yakuman for the reference, one under wrc
    hand = _hand("5556667771122z", "2z")  # ron on the shanpon: no suuankou
    ours, ref = evaluate(hand, "wrc"), reference_score(hand, "wrc")
    assert (ours.yakuman, ours.han) == (1, 13)
    assert ref.han == 26
    assert evaluate(hand, "tenhou").yakuman == 2


def test_documented_wrc_double_wind_pair_is_2_fu():
    # East round, East seat, East pair: 4 fu in the reference (and Tenhou), 2 fu under wrc
    hand = _hand("234m567p345s1z", "1z", melds=(Meld(MeldType.PON, tuple(parse_tiles("777z"))),), tsumo=True,
                 round_wind=0, seat_wind=0)
    ours, ref = evaluate(hand, "wrc"), reference_score(hand, "wrc")
    # 20 + tsumo 2 + tanki 2 + pair 2 + open dragon triplet 4 = 30 (wrc) ; with a 4 fu pair 32 -> 40
    assert (ours.fu, ref.fu) == (30, 40)
    assert evaluate(hand, "tenhou").fu == 40


def test_documented_yakuman_fu_not_compared():
    # tenhou on a hand that is both seven pairs and four sets: the value is the same, the fu read may differ
    hand = _hand("2334455667755s", "7s", tsumo=True, tenhou=True,
                 seat_wind=0)
    ours, ref = evaluate(hand, "tenhou"), reference_score(hand, "tenhou")
    assert ours.yakuman == 1 and ours.total_gain == ref.cost["total"] == 48000
