"""Differential tests: hypothesis-generated winning hands scored by mjscore and by the reference calculator
PyMahjongGB 1.4.0 (a test-only oracle) give the same fan total.

Reference pitfalls handled in :mod:`tests.mcr.gbargs`: exposed chows and pungs are passed with offer 1 (offer 0
would silently make them concealed); flowers go only through ``flowerCount``. The reference raises on a hand that
does not win and does not check the 8-point minimum, so totals are compared, not ``win``.

Rules differences between mjscore's ``mcr`` preset and the reference: none in the fan total (the generated runs
found none). The differences of *outcome* are documented here, each with its own test: the 8-point minimum
(:func:`test_minimum_is_ours`), flowers not counting towards it (:func:`test_flowers_do_not_reach_minimum`); and
the ``green-book`` preset's three differences (tests/mcr/test_presets.py).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorer.mcr import evaluate
from scorer.mcr.evaluate import _best, _prepare
from scorer.mcr.presets import find_preset
from scorer.tiles import Tile
from tests.mcr.gbargs import gb_from_hand, hand_from_gb
from tests.mcr.strategies import (honors_knitted_hands, knitted_straight_hands, nine_gates_hands,
                                  seven_pairs_hands, shifted_pairs_hands, standard_hands, thirteen_orphans_hands,
                                  winning_hands)

MahjongGB = pytest.importorskip("MahjongGB")

_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=False)


def reference_total(hand) -> int:
    fans = MahjongGB.MahjongFanCalculator(**gb_from_hand(hand), verbose=True)
    return sum(points * count for points, count, _, _ in fans)


def check_same_total(hand):
    result = evaluate(hand)
    assert result.complete
    assert result.total == reference_total(hand), (gb_from_hand(hand), result.fan_counts("name"))


@settings(max_examples=200, **_SETTINGS)
@given(winning_hands())
def test_total_agrees_with_reference(hand):
    check_same_total(hand)


@pytest.mark.parametrize("strategy", [standard_hands, seven_pairs_hands, shifted_pairs_hands,
                                      thirteen_orphans_hands, honors_knitted_hands, knitted_straight_hands,
                                      nine_gates_hands], ids=lambda s: s.__name__)
def test_each_form_agrees_with_reference(strategy):
    @settings(max_examples=40, **_SETTINGS)
    @given(strategy())
    def run(hand):
        check_same_total(hand)
    run()


@pytest.mark.slow
@settings(max_examples=5000, **_SETTINGS)
@given(winning_hands())
def test_total_agrees_with_reference_long(hand):
    check_same_total(hand)


class _Only:
    """A view of a fan context that lets a check read only the named fields."""

    def __init__(self, ctx, fields):
        self._ctx, self._fields = ctx, set(fields)

    def __getattr__(self, name):
        if name not in self._fields:
            raise AssertionError(f"reads {name!r}, not declared in its group")
        return getattr(self._ctx, name)


@settings(max_examples=100, **_SETTINGS)
@given(winning_hands())
def test_checks_read_only_their_group_fields(hand):
    """Every check reads only the fields its group declares (the hand and arrangement keys pack those fields)."""
    from scorer.mcr import fans as F
    info = _prepare(hand, find_preset("mcr"), grouped=False)
    _best(info)  # plain evaluation leaves the context of the last reading filled in
    for group in F.CHECK_GROUPS:
        if group.reads is None:
            continue
        view = _Only(info.ctx, group.reads)
        for fid, check in F.group_checks(group):
            assert check(view) == check(info.ctx)


@settings(max_examples=100, **_SETTINGS)
@given(winning_hands())
def test_check_groups_are_only_a_speed_up(hand):
    """Check groups (skipped when closed, cached by the fields they read) never change the table."""
    preset = find_preset("mcr")
    grouped = _best(_prepare(hand, preset, grouped=True))
    plain = _best(_prepare(hand, preset, grouped=False))
    assert grouped[1] == plain[1] and grouped[2] == plain[2]


_SEVEN_POINTS = dict(pack=(("PENG", "J1", 1),), hand=("W1", "W1", "W1", "W2", "W3", "B4", "B5", "B6", "J2", "J2"),
                     winTile="J2", flowerCount=0, isSelfDrawn=False, is4thTile=False, isAboutKong=False,
                     isWallLast=False, seatWind=0, prevalentWind=0)


def test_minimum_is_ours():
    """The reference scores a 7-point hand without comment; mjscore reports it as not a win, total shown."""
    hand = hand_from_gb(_SEVEN_POINTS)
    assert reference_total(hand) == 7
    result = evaluate(hand)
    assert (result.win, result.reason, result.fan_total, result.meets_minimum) == (False, "below 8 points", 7, False)
    assert result.payments == ()


def test_flowers_do_not_reach_minimum():
    """Flowers are added after the minimum: 7 points and 3 flowers is 10 in total and still not a win."""
    hand = hand_from_gb({**_SEVEN_POINTS, "flowerCount": 3})
    assert reference_total(hand) == 10
    result = evaluate(hand)
    assert (result.win, result.fan_total, result.flowers, result.total) == (False, 7, 3, 10)


@settings(max_examples=150, **_SETTINGS)
@given(winning_hands(), st.integers(0, 33), st.integers(0, 13))
def test_complete_exactly_when_reference_scores(hand, new_kind, position):
    """Swap one concealed tile of a winning hand for another kind: mjscore calls it complete exactly when the
    reference scores it (the reference raises on a hand that does not win)."""
    tiles = list(hand.concealed)
    assume(tiles)
    tiles[position % len(tiles)] = Tile(new_kind)
    counts = [0] * 34
    for t in tiles + [hand.winning_tile] + [t for m in hand.melds for t in m.tiles]:
        counts[t.kind] += 1
    assume(max(counts) <= 4)
    changed = dataclasses.replace(hand, concealed=tuple(tiles))
    try:
        reference_total(changed)
        reference_wins = True
    except Exception:
        reference_wins = False
    assert evaluate(changed).complete == reference_wins
