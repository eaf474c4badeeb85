"""The strong AI in the game's last deal (issue 14, placement): the place decides how it plays — the leader for
speed (dama, open for any yaku), the last in place never folds. Each scene is played once in the last deal and
once before it (or with the switch off), so each test shows the choice changing with the place."""

from __future__ import annotations

from scorer.game.ai.strong import StrongRiichiAI, genbutsu, last_deal
from scorer.game.wall import TILES

from tests.game.scene import Scene, junk


def choose(s: Scene, seat: int, **settings):
    """The strong AI's choice with the last deal's play on (whatever the default), and ``settings`` changed."""
    ai = StrongRiichiAI()
    ai.last_deal_play = True
    for name, value in settings.items():
        setattr(ai, name, value)
    return ai.choose(s.state, seat, s.legal(seat))


def last(s: Scene) -> Scene:
    """Make the scene the game's last deal (the West extension: any deal may end the game)."""
    s.state.round_wind = s.state.game_winds
    assert last_deal(s.state)
    return s


def riichi_scene(scores) -> Scene:
    """Seat 0 declares riichi with 4s; seat 1 passes an 8m; seat 2, far from tenpai, draws and is to play."""
    s = Scene(["234m567m234p678s5p", junk(), "2m6m9m2p4p9p3s4s6s1z3z5z6z", junk("3m")], scores=scores)
    s.draw(0, "4s")
    s.riichi(0, "4s").accept(0)
    s.turn(1, "8m")
    s.draw(2, "4m")
    return s


def test_last_place_in_the_last_deal_pushes_a_far_hand():
    """Fourth in the last deal, a deal-in cannot cost a place: the far hand plays on (keeps its 34s) instead of
    folding the genbutsu 4s, as it does before the last deal and when third."""
    behind = [30000, 26000, 18000, 26000]
    s = riichi_scene(behind)
    assert choose(s, 2).tile >> 2 in genbutsu(s.state, 0, 2)            # before the last deal: folds
    last(s)
    a = choose(s, 2)
    assert a.type == "discard" and a.tile >> 2 not in genbutsu(s.state, 0, 2)
    assert choose(s, 2, last_deal_play=False).tile >> 2 in genbutsu(s.state, 0, 2)
    third = last(riichi_scene([30000, 26000, 22000, 18000]))
    assert choose(third, 2).tile >> 2 in genbutsu(third.state, 0, 2)    # third can drop: folds


def tenpai_scene(scores) -> Scene:
    """Seat 0 (the dealer) tenpai on 4s-7s with all simples: riichi by default (a good wait, 1,500 dama)."""
    s = Scene(["234m567m234p66s56s", junk(), junk("2m"), junk("3m")], dora="1m", scores=scores)
    s.draw(0, "9p")
    return s


def test_last_deal_leader_stays_dama_with_a_yaku():
    lead = [32000, 24000, 22000, 22000]
    s = tenpai_scene(lead)
    a = choose(s, 0)
    assert a.type == "riichi" and str(TILES[a.tile]) == "9p"            # before the last deal
    last(s)
    a = choose(s, 0)
    assert a.type == "discard" and str(TILES[a.tile]) == "9p"           # the leader: dama, any win ends it
    assert choose(s, 0, last_deal_play=False).type == "riichi"
    behind = last(tenpai_scene([20000, 28000, 26000, 26000]))
    assert choose(behind, 0).type == "riichi"                          # fourth: the riichi's points count


def test_last_deal_leader_opens_a_one_han_hand_for_speed():
    """A chi of 5m for a hand three steps away, all simples worth one han: the strong AI stays closed (it opens
    for two han or to one step away), but the last deal's leader takes it."""
    s = Scene([junk("8m"), "34m67p2346s88m2p1z", junk("2m"), junk("3m")], scores=[22000, 32000, 23000, 23000])
    s.turn(0, "5m")
    assert choose(s, 1).type == "pass"
    last(s)
    assert choose(s, 1).type == "chi"
    assert choose(s, 1, last_deal_play=False).type == "pass"
