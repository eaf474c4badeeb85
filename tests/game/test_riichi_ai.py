"""The riichi AI's choices in chosen positions (#4): wins when it can, riichi when tenpai, calls only with a yaku,
folds with genbutsu against a riichi when its hand is far."""

from __future__ import annotations

from scorer.game.ai import RiichiAI
from scorer.game.ai.defense import danger, safe_kinds
from scorer.game.ai.player import visible_counts
from scorer.game.wall import TILES

from tests.game.scene import Scene, junk


def choose(s: Scene, seat: int):
    return RiichiAI().choose(s.state, seat, s.legal(seat))


def test_ai_takes_a_legal_tsumo():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "5p")
    assert choose(s, 0).type == "tsumo"


def test_ai_takes_a_legal_ron():
    s = Scene([junk(), "34m456p678s234s55p", junk("2z"), junk("3z")])
    s.turn(0, "2m")
    assert choose(s, 1).type == "ron"


def test_ai_declares_riichi_when_tenpai_and_closed():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "1z")
    a = choose(s, 0)
    assert a.type == "riichi"


def test_ai_pons_a_dragon_pair_but_not_a_yakuless_chi():
    s = Scene([junk("8m"), "77z13m468p2469s13z", junk("2m"), junk("3m")])
    s.turn(0, "7z")
    assert choose(s, 1).type == "pon"       # a dragon pon is a yaku
    s = Scene([junk("8m"), "13m468p2469s135z9m", junk("2m"), junk("3m")])
    s.turn(0, "2m")
    assert choose(s, 1).type == "pass"      # chi 123m leaves terminals and honors: no yaku in sight


def test_ai_folds_with_genbutsu_against_a_riichi_when_far():
    s = Scene(["234m567m234p678s5p", junk(), "1m5m9m2p6p9p3s4s9s1z3z5z6z", junk("3m")])
    s.draw(0, "4s")
    s.riichi(0, "4s").accept(0)
    s.turn(1, "8m")
    s.draw(2, "4m")
    assert str(TILES[choose(s, 2).tile]) == "4s"          # genbutsu: the riichi tile itself


def test_ai_folds_with_suji_when_it_has_no_genbutsu():
    s = Scene(["234m567m234p678s5p", junk(), "1m5m9m2p6p9p3s7s9s1z3z5z6z", junk("3m")])
    s.draw(0, "4s")
    s.riichi(0, "4s").accept(0)
    s.turn(1, "8m")
    s.draw(2, "4m")
    assert str(TILES[choose(s, 2).tile]) in ("7s", "1s")  # suji of the riichi tile 4s


def test_danger_order_genbutsu_suji_then_the_rest():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "4s")
    s.riichi(0, "4s").accept(0)
    vis = visible_counts(s.state, 2)
    gen = safe_kinds(s.state, 0)
    four_s, one_s, seven_s, five_s = 21, 18, 24, 22
    assert danger(four_s, s.state, 0, vis, gen) == 0
    assert danger(one_s, s.state, 0, vis, gen) < danger(five_s, s.state, 0, vis, gen)   # 1s is suji of 4s
    assert danger(seven_s, s.state, 0, vis, gen) < danger(five_s, s.state, 0, vis, gen)
