"""Scripted scenes for the table rules of the riichi engine (issue #4): legal actions after chosen events.

Each test deals chosen hands, drives the state with events and asks ``legal_actions``. Ron and tsumo legality
asks the riichi scorer (a win needs a yaku).
"""

from __future__ import annotations

from scorer.game.actions import _discard_left, win_hand
from scorer.game.state import kuikae_kinds

from tests.game.scene import Scene, junk


TENPAI_25M = "34m456p678s234s55p"    # waits 2m 5m, all simples (tanyao)
TENPAI_DEALER = "234m567m234p678s5p"  # waits 5p


# ---- kuikae --------------------------------------------------------------------------------------------------
def test_kuikae_after_pon_forbids_the_called_kind():
    s = Scene([junk(), "555m123p456p78s12z", junk("3m"), junk("4m")])
    s.turn(0, "0m")
    assert "pon" in s.types(1)
    s.call(1, "pon", "55m")
    d = s.discards(1)
    assert "5m" not in d                 # the third 5m in hand may not go at once
    assert {"1p", "7s", "1z"} <= d


def test_kuikae_chi_on_the_low_end_forbids_the_other_end():
    s = Scene([junk(), "456m123p456p78s12z", junk("3m"), junk("4m")])
    s.turn(0, "3m")
    s.call(1, "chi", "45m")              # 3-4-5 called on the 3: neither 3m nor 6m
    d = s.discards(1)
    assert "6m" not in d and "3m" not in d
    assert "4p" in d


def test_kuikae_chi_on_the_high_end_forbids_the_other_end():
    s = Scene([junk(), "345m123p456p78s12z", junk("3m"), junk("4m")])
    s.turn(0, "6m")
    s.call(1, "chi", "45m")              # 4-5-6 called on the 6: neither 6m nor 3m
    d = s.discards(1)
    assert "3m" not in d and "6m" not in d
    assert "4p" in d


def test_kuikae_chi_in_the_middle_forbids_only_the_called_kind():
    s = Scene([junk(), "3457m12p456p78s12z", junk("2m"), junk("8m")])
    s.turn(0, "4m")
    s.call(1, "chi", "35m")              # 3-(4)-5: only 4m is forbidden
    d = s.discards(1)
    assert "4m" not in d
    assert {"7m", "1p"} <= d


def test_kuikae_rule_table():
    assert kuikae_kinds("pon", [4, 4, 4], 4) == {4}
    assert kuikae_kinds("chi", [2, 3, 4], 2) == {2, 5}
    assert kuikae_kinds("chi", [2, 3, 4], 4) == {4, 1}
    assert kuikae_kinds("chi", [2, 3, 4], 3) == {3}
    assert kuikae_kinds("chi", [6, 7, 8], 6) == {6}            # no tile beyond 9m
    assert kuikae_kinds("chi", [0, 1, 2], 2) == {2}            # nor below 1m


def test_a_call_that_would_leave_only_kuikae_discards_is_refused():
    assert not _discard_left([4, 8, 12, 16], (8, 12), frozenset({1, 4}))
    assert _discard_left([4, 8, 12, 20], (8, 12), frozenset({1, 4}))


# ---- furiten -------------------------------------------------------------------------------------------------
def test_permanent_furiten_covers_every_winning_kind():
    s = Scene([junk(), TENPAI_25M, junk("2z"), junk("3z")])
    s.turn(0, "1z")
    s.turn(1, "5m")                      # seat 1 throws one of its own winning kinds
    s.turn(2, "2m")
    assert "ron" not in s.types(1)       # 2m is another winning kind: furiten all the same
    s.turn(3, "7z").turn(0, "7z")
    s.draw(1, "2m")
    assert "tsumo" in s.types(1)         # furiten never stops a tsumo


def test_temporary_furiten_after_passing_a_ron_lasts_until_the_next_draw():
    s = Scene([junk(), TENPAI_25M, junk("2z"), junk("3z")])
    s.turn(0, "1z").turn(1, "7z").turn(2, "7z")
    s.turn(3, "2m")
    assert "ron" in s.types(1)           # a legal ron ...
    s.turn(0, "5m")                      # ... passed (the next event closes the window)
    assert "ron" not in s.types(1)       # temporary furiten
    s.turn(1, "6z")                      # the player's own draw ends it
    s.turn(2, "5m")
    assert "ron" in s.types(1)


def test_riichi_furiten_lasts_for_the_rest_of_the_deal():
    s = Scene([junk(), TENPAI_25M, junk("2z"), junk("3z")])
    s.turn(0, "1z")
    s.draw(1, "7z")
    s.riichi(1, "7z").accept(1)
    s.turn(2, "2m")
    assert "ron" in s.types(1)
    s.turn(3, "7z")                      # passed in riichi
    s.turn(0, "5m")
    assert "ron" not in s.types(1)
    s.turn(1, "6z")                      # a draw does not lift riichi furiten
    s.turn(2, "5m")
    assert "ron" not in s.types(1)
    assert s.state.players[1].riichi_furiten


# ---- kans ----------------------------------------------------------------------------------------------------
def test_chankan_on_an_added_kan():
    s = Scene(["55p1m9m1s9s1234567z", junk("2m"), "34p678m234s777z88s", junk("3m")])
    s.turn(0, "2m")
    s.turn(1, "5p")
    s.call(0, "pon", "55p")
    s.discard(0, "1m")
    s.turn(1, "8m").turn(2, "9m").turn(3, "8m")
    s.draw(0, "0p")
    assert "kakan" in s.types(0)
    s.kakan(0, "0p")
    assert s.state.phase == "chankan"
    assert "ron" in s.types(2)           # chankan: the added tile can be robbed
    assert win_hand(s.state, 2, s.state.kakan_tile, tsumo=False, chankan=True).situation.chankan


def _riichi_then_added_kan():
    s = Scene(["55p1m9m1s9s1234567z", junk("2m"), "34p678m234s777z88s", junk("3m")])
    s.turn(0, "2m")
    s.turn(1, "5p")
    s.call(0, "pon", "55p")
    s.discard(0, "1m")
    s.turn(1, "8m")
    s.draw(2, "9m")
    s.riichi(2, "9m").accept(2)
    s.turn(3, "8m")
    s.draw(0, "0p")
    s.kakan(0, "0p")
    return s


def test_robbing_an_added_kan_keeps_ippatsu():
    s = _riichi_then_added_kan()
    assert s.state.phase == "chankan"
    assert s.state.players[2].ippatsu    # the kan may still be robbed: riichi ippatsu chankan, as on Tenhou
    hand = win_hand(s.state, 2, s.state.kakan_tile, tsumo=False, chankan=True)
    assert hand.situation.ippatsu and hand.situation.chankan


def test_an_added_kan_that_stands_ends_ippatsu():
    s = _riichi_then_added_kan()
    s.draw(0, "1z", rinshan=True)        # nobody robbed it: the replacement draw
    assert not s.state.players[2].ippatsu


def test_no_chankan_on_a_closed_kan():
    s = Scene(["8888p9m1s9s123456z", junk("2m"), "67p678m234s777z88s", junk("3m")])
    s.draw(0, "2m")
    assert "ankan" in s.types(0)
    s.ankan(0, "8888p")
    assert s.state.phase == "rinshan"
    assert s.legal(1) == [] and s.legal(2) == [] and s.legal(3) == []   # seat 2 waits on 8p: no window


def test_no_kan_right_after_chi_or_pon():
    s = Scene([junk("1m"), "2222m77z345m678p9s", junk("2z"), junk("3z")])
    s.turn(0, "7z")
    s.call(1, "pon", "77z")
    assert "ankan" not in s.types(1) and "kakan" not in s.types(1)   # discard first
    s.discard(1, "9s")
    s.turn(2, "9m").turn(3, "8m").turn(0, "8m")
    s.draw(1, "7z")
    assert {"ankan", "kakan"} <= s.types(1)


def test_the_kan_limit():
    s = Scene(["2222m3333m4444m5m", "19p19s1234567z9m1m", "666p19p19s12345z8m", "19p19s123456z8m6m7m"])
    s.draw(0, "5m")
    s.ankan(0, "2222m").dora("1z").draw(0, "5m", rinshan=True)
    s.ankan(0, "3333m").dora("2z").draw(0, "0m", rinshan=True)
    s.ankan(0, "4444m").dora("3z").draw(0, "7p", rinshan=True)
    assert s.state.kans == 3
    assert "ankan" in s.types(0)         # the fourth kan is still allowed
    s.ankan(0, "5550m").dora("4z").draw(0, "6p", rinshan=True)
    assert s.state.kans == 4
    assert "ankan" not in s.types(0)
    s.discard(0, "6p")
    t = s.types(2)
    assert "pon" in t and "kan" not in t  # no fifth kan: no replacement tile is left


def test_a_kan_needs_a_tile_left_in_the_wall():
    s = Scene(["2222m3333m4444m5m", junk("1m"), junk("2z"), junk("3z")], live_left=1)
    s.draw(0, "6m")
    assert s.state.live_left == 0
    assert "ankan" not in s.types(0)
    s = Scene(["2222m3333m4444m5m", junk("1m"), junk("2z"), junk("3z")], live_left=2)
    s.draw(0, "6m")
    assert "ankan" in s.types(0)


# ---- riichi --------------------------------------------------------------------------------------------------
def test_riichi_is_refused_at_999_points():
    s = Scene([TENPAI_DEALER, junk(), junk("2m"), junk("3m")], scores=[999, 25000, 25000, 25000])
    s.draw(0, "1z")
    assert "riichi" not in s.types(0)
    s = Scene([TENPAI_DEALER, junk(), junk("2m"), junk("3m")], scores=[1000, 25000, 25000, 25000])
    s.draw(0, "1z")
    assert s.discards(0, "riichi") == {"1z", "5p", "2p"}   # only discards that keep tenpai


def test_riichi_is_refused_with_three_tiles_left():
    s = Scene([TENPAI_DEALER, junk(), junk("2m"), junk("3m")], live_left=4)
    s.draw(0, "1z")                      # three left after the draw
    assert s.state.live_left == 3
    assert "riichi" not in s.types(0)
    s = Scene([TENPAI_DEALER, junk(), junk("2m"), junk("3m")], live_left=5)
    s.draw(0, "1z")                      # four left
    assert "riichi" in s.types(0)


def test_riichi_needs_a_closed_hand():
    s = Scene([junk(), "55m234p567p678s1z2z", junk("3m"), junk("4m")])
    s.turn(0, "5m")
    s.call(1, "pon", "55m")
    s.discard(1, "2z")
    s.turn(2, "8m").turn(3, "8m").turn(0, "8m")
    s.draw(1, "7z")                      # tenpai after a discard, but open
    assert "riichi" not in s.types(1)


def test_after_riichi_only_the_drawn_tile_and_no_kans():
    s = Scene(["234m567m234p5p777z", junk("2m"), junk("3m"), junk("4m")])
    s.draw(0, "9m")
    s.riichi(0, "9m").accept(0)
    assert s.state.players[0].score == 24000 and s.state.sticks == 1
    s.turn(1, "8m").turn(2, "8m").turn(3, "8m")
    s.draw(0, "7z")                      # the fourth 7z: no kan after riichi in this preset
    assert "ankan" not in s.types(0)
    assert s.discards(0) == {"7z"}


def test_double_riichi_and_ippatsu_on_the_first_turn():
    s = Scene([junk(), TENPAI_25M, junk("2z"), junk("3z")])
    s.turn(0, "1z")
    s.draw(1, "7z")
    s.riichi(1, "7z").accept(1)
    p = s.state.players[1]
    assert p.double_riichi and p.ippatsu
    s.turn(2, "1m")
    s.turn(3, "2m")
    assert "ron" in s.types(1)
    sit = win_hand(s.state, 1, s.state.last_discard, tsumo=False).situation
    assert sit.double_riichi and sit.ippatsu


def test_riichi_after_a_call_is_not_double_and_a_call_ends_ippatsu():
    s = Scene([junk(), TENPAI_25M, "11z19m19p19s23456z", junk("3z")])
    s.turn(0, "7z")
    s.draw(1, "6z")
    s.riichi(1, "6z").accept(1)
    assert s.state.players[1].ippatsu
    s.turn(2, "9s").turn(3, "3m")
    s.draw(0, "8m")
    s.discard(0, "1z")
    s.call(2, "pon", "11z")
    assert not s.state.players[1].ippatsu


# ---- the table's facts in the scored hand --------------------------------------------------------------------
def test_rinshan_win_after_a_closed_kan():
    s = Scene(["2222m567m234p55p8s", junk("1m"), junk("2z"), junk("3z")])
    s.draw(0, "8s")
    s.ankan(0, "2222m").dora("4z").draw(0, "5p", rinshan=True)
    assert "tsumo" in s.types(0)
    sit = win_hand(s.state, 0, s.state.last_draw, tsumo=True).situation
    assert sit.rinshan and not sit.haitei and sit.tsumo
    assert len(sit.dora) == 2


def test_haitei_and_houtei_on_the_last_tile():
    s = Scene(["234m567m234p678s8p", TENPAI_25M, junk("2z"), junk("3z")], live_left=1)
    s.draw(0, "8p")
    assert s.state.live_left == 0
    sit = win_hand(s.state, 0, s.state.last_draw, tsumo=True).situation
    assert sit.haitei and not sit.houtei
    s = Scene(["234m567m234p678s1p", TENPAI_25M, junk("2z"), junk("3z")], live_left=1)
    s.turn(0, "2m")
    assert "ron" in s.types(1)
    assert "chi" not in s.types(1)               # no calls on the last discard
    sit = win_hand(s.state, 1, s.state.last_discard, tsumo=False).situation
    assert sit.houtei and not sit.haitei


def test_tenhou_and_chiihou_on_the_first_draw():
    s = Scene(["234m567m234p678s8p", TENPAI_25M, junk("2z"), junk("3z")])
    s.draw(0, "8p")
    assert win_hand(s.state, 0, s.state.last_draw, tsumo=True).situation.tenhou
    s.discard(0, "8p")
    s.draw(1, "2m")
    sit = win_hand(s.state, 1, s.state.last_draw, tsumo=True).situation
    assert sit.chiihou and not sit.tenhou
    s = Scene(["234m567m234p678s8p", TENPAI_25M, "11z19m19p19s23456z", junk("3z")])
    s.turn(0, "1z")
    s.call(2, "pon", "11z")                      # a call interrupts the first go-around
    s.discard(2, "9s")
    s.draw(3, "8m")
    s.discard(3, "8m")
    s.draw(0, "8p")
    assert not win_hand(s.state, 0, s.state.last_draw, tsumo=True).situation.tenhou


def test_a_preset_may_allow_a_closed_kan_after_riichi_that_keeps_the_waits():
    from dataclasses import replace
    from scorer.game.presets import find_preset
    kan_ok = replace(find_preset("standard"), name="kan-after-riichi", kan_after_riichi="waits_unchanged")
    s = Scene(["234m567m234p5p777z", junk("2m"), junk("3m"), junk("4m")], preset=kan_ok)
    s.draw(0, "9m")
    s.riichi(0, "9m").accept(0)
    s.turn(1, "8m").turn(2, "8m").turn(3, "8m")
    s.draw(0, "7z")
    assert "ankan" in s.types(0)         # 777z is a set either way: the 5p wait stays
    # a kan that would change the waits stays refused: 5556p waits 4p 6p 7p (and 5p-6p); kanning 5p changes them
    s = Scene(["234m567m789s5556p", junk("2m"), junk("3m"), junk("4m")], preset=kan_ok)
    s.draw(0, "9m")
    s.riichi(0, "9m").accept(0)
    s.turn(1, "8m").turn(2, "8m").turn(3, "8m")
    s.draw(0, "0p")
    assert "ankan" not in s.types(0)
