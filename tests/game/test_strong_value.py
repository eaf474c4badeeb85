"""The strong AI's offence by hand value (issue 14): the value estimate of a hand not yet tenpai
(:mod:`scorer.game.ai.value`) on chosen hands, and the discard it steers (``StrongRiichiAI._valued``)."""

from __future__ import annotations

from scorer.game.ai.player import RiichiAI, dora_kinds
from scorer.game.ai.strong import StrongRiichiAI
from scorer.game.ai.value import HandValue, points_of_han
from scorer.game.wall import TILES

from tests.game.scene import Scene, junk


def kind(text: str) -> int:
    return next(i for i in range(136) if str(TILES[i]) == text) >> 2


def value_after(s: Scene, seat: int = 0) -> dict[str, float]:
    st = s.state
    p = st.players[seat]
    c = p.counts()
    unseen = [max(0, 4 - x - v) for x, v in zip(c, st.seen)]
    hv = HandValue(st, seat, c, p.hand, dora_kinds(st), unseen)
    return {str(TILES[t]): hv.after(t >> 2) for t in p.hand}


def test_points_of_han_interpolates_and_pays_the_dealer_more():
    assert points_of_han(0, False) == 0
    assert points_of_han(1, False) == 1300
    assert points_of_han(2.5, False) == (2600 + 5200) / 2
    assert points_of_han(3, True) == 5200 * 1.5
    assert points_of_han(40, False) == 32000


def test_letting_a_dora_go_costs_value():
    s = Scene(["234m567p345s19p2z5z", "1z", "2z", "4z"], dora="8p", dealer=1)     # dora 9p
    s.draw(0, "7z")
    v = value_after(s)
    assert v["9p"] < v["1p"]
    assert v["1p"] == v["2z"]


def test_dropping_the_last_terminals_brings_all_simples_in_sight():
    s = Scene(["234m567p345s66s9m", "1z", "2z", "4z"], dora="1z", dealer=1)
    s.draw(0, "1p")
    v = value_after(s)
    assert v["9m"] > v["5p"] and v["1p"] > v["5p"]   # one terminal left: all simples in sight


def test_a_value_pair_with_a_copy_unseen_is_worth_keeping():
    s = Scene(["234m567p345s77z19m", "1z", "2z", "4z"], dora="1z", dealer=1)
    s.draw(0, "9p")
    v = value_after(s)
    assert v["7z"] < v["9p"]


def test_an_open_hand_without_a_yaku_in_sight_is_worth_nothing():
    s = Scene(["4m", "23689m19p19s1237z", "2z", "4z"], dora="1z", dealer=0)
    s.turn(0, "3m", "4m")
    s.call(1, "chi", "23m")                          # 234m open, terminals and honors left: no yaku in sight
    v = value_after(s, 1)
    assert set(v.values()) == {0.0}


def test_the_value_discard_keeps_a_red_five_the_basic_choice_lets_go():
    """The basic AI's connection order sees the red 5m as a plain 5m and lets it go; by value (a red five is a
    han) the strong AI keeps it. With a plain 5m in its place both let the 5m go."""
    def scene(five: str) -> Scene:
        s = Scene([f"{five}8p6p3m5p1s1s2m3p8s7p9s3s", "1z", "2z", "4z"], dora="3z", dealer=1)
        s.draw(0, "1s")
        return s

    ai = StrongRiichiAI()
    ai.value_discard = True
    red = scene("0m")
    assert str(TILES[RiichiAI().choose(red.state, 0, red.legal(0)).tile]) == "0m"
    kept = ai.choose(red.state, 0, red.legal(0))
    assert str(TILES[kept.tile]) != "0m"
    plain = scene("5m")
    assert str(TILES[ai.choose(plain.state, 0, plain.legal(0)).tile]) == \
        str(TILES[RiichiAI().choose(plain.state, 0, plain.legal(0)).tile]) == "5m"
    off = StrongRiichiAI()
    off.value_discard = False
    assert str(TILES[off.choose(red.state, 0, red.legal(0)).tile]) == "0m"


def furiten_scene() -> Scene:
    """Seat 0 let a 3s and a 6s go earlier (and so did seat 1); it now holds 234m 567m 234p 45s 555p: the 5p
    leaves the two-sided 3s-6s wait (four live tiles, but furiten: ron on neither) and so does the 2p (345p 55p,
    pinfu), the 4s or 5s a single wait (three live)."""
    s = Scene(["234m567m234p45s55p", junk(), junk("2m"), junk("3m")], dora="1z")
    s.turn(0, "3s")
    s.turn(1, "3s")
    s.turn(2, "8p")
    s.turn(3, "8s")
    s.turn(0, "6s")
    s.turn(1, "6s")
    s.turn(2, "7p")
    s.turn(3, "7s")
    s.draw(0, "5p")
    return s


def test_a_furiten_wait_counts_only_its_tsumo_share():
    s = furiten_scene()
    plain = StrongRiichiAI()
    plain.furiten_share = 1.0
    a = plain.choose(s.state, 0, s.legal(0))
    assert str(TILES[a.tile]) in ("2p", "5p")        # furiten not weighed: the wider 3s-6s wait
    ai = StrongRiichiAI()
    ai.furiten_share = 0.35
    b = ai.choose(s.state, 0, s.legal(0))
    assert str(TILES[b.tile]) in ("4s", "5s")        # a single wait that can be won by ron


def test_a_closed_hand_passes_a_call_that_only_speeds_a_cheap_win():
    """34m 678p 2346s 55m 89m and a 5m discarded: the chi 345m makes an open all-simples hand worth one han (no
    dora): the strong AI stays closed for riichi (``call_min_value``); with a dora in it (6p) the chi is made; with
    the floor off the cheap chi is made too."""
    def scene(dora: str) -> Scene:
        s = Scene([junk("8m"), "34m678p2346s5589m", junk("2m"), junk("3m")], dora=dora)
        s.turn(0, "5m")
        return s

    cheap = scene("1z")
    assert StrongRiichiAI().choose(cheap.state, 1, cheap.legal(1)).type == "pass"
    off = StrongRiichiAI()
    off.call_min_value = 0
    assert off.choose(cheap.state, 1, cheap.legal(1)).type == "chi"
    dora = scene("5p")
    assert StrongRiichiAI().choose(dora.state, 1, dora.legal(1)).type == "chi"
