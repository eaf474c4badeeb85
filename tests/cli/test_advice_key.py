"""The advice key in ``play`` (issue #16 item 1): ``h`` on your turn shows :func:`scorer.advice.ev.advice_for` of
your hand from what your seat sees, then asks again; ``?`` stays the help screen. Riichi through scripted scenes
(:mod:`tests.game.scene`), MCR through an arranged wall (:mod:`tests.cli.scripted_table`)."""

from __future__ import annotations

import functools
import io

from rich.console import Console

from scorer.advice.ev import advice_for
from scorer.cli.analyze import render_ev
from scorer.cli.play import HumanPlayer, advice_inputs, play_deal
from scorer.tiles import parse_tiles

from tests.game.scene import Scene


def _console():
    buf = io.StringIO()
    return Console(file=buf, width=120, color_system=None), buf


def human(answers):
    c, buf = _console()
    it = iter(answers)
    asked = []

    def fake_input(prompt):
        asked.append(prompt)
        return next(it)
    return HumanPlayer(c, ["You", "A", "B", "C"], [], fake_input), buf, asked


def scene(others=("19m19p19s234567z2m", "19m19p19s234567z3m")):
    """East holds a tenpai hand; South pons East's 1z and throws 9m, West and North throw what they draw; East
    draws 8m. ``others``: West's and North's concealed hands (13 tiles)."""
    s = Scene(["234m567m234p678s5p", "19m19p19s11z23456z", *others])
    s.turn(0, "1z")
    s.call(1, "pon", "1z1z")
    s.discard(1, "9m")
    s.turn(2, "2m")
    s.turn(3, "3m")
    s.draw(0, "8m")
    return s


def kinds(tiles) -> list[str]:
    return sorted(str(t) for t in tiles)


def test_the_advice_sees_only_what_the_seat_sees():
    s = scene()
    got = advice_inputs(s.state, 0)
    assert str(got["closed"][-1]) == "8m" and len(got["closed"]) == 14       # the drawn tile last
    assert kinds(got["closed"]) == kinds(parse_tiles("234m567m234p678s5p8m"))
    assert got["melds"] == ()
    # the rivers (East's 1z went into South's pon: counted once, in the meld) and South's pon
    assert kinds(got["seen"]) == kinds(parse_tiles("9m2m3m111z"))
    assert got["situation"].seat_wind == 0 and [str(t) for t in got["situation"].dora] == ["9p"]
    assert not got["situation"].riichi
    assert got["turns"] == s.state.live_left // 4 and got["rules"] == "riichi" and got["preset"] == "standard"
    # West's and North's concealed tiles change nothing of what East is told
    other = scene(("28m28p28s234567z2m", "37m37p37s234567z3m"))
    assert advice_inputs(other.state, 0) == got
    # South's own view: its pon as a meld, East's hand not in view
    s.draw(1, "4z")
    south = advice_inputs(s.state, 1)
    assert [m.notation() for m in south["melds"]] == [m.meld(s.state.table).notation()
                                                      for m in s.state.players[1].melds]
    assert kinds(south["seen"]) == kinds(parse_tiles("9m2m3m"))


def test_another_seats_closed_kan_is_in_view_as_the_board_shows_it():
    s = Scene(["234m567m234p678s5p", "19m19p19s124567z", "3333z19m19p19s2z7z1z", "19m19p19s124566z3m"])
    s.turn(0, "4z")
    s.turn(1, "6s")
    s.draw(2, "5s")
    s.ankan(2, "3333z")
    s.draw(2, "6m", rinshan=True)
    s.discard(2, "6m")
    s.turn(3, "7s")
    s.draw(0, "8m")
    assert kinds(advice_inputs(s.state, 0)["seen"]) == kinds(parse_tiles("4z6s6m7s3333z"))


def test_turns_left_at_least_one_and_the_riichi_flag():
    s = Scene(["234m567m234p678s5p", "19m19p19s123456z7z", "19m19p19s123456z2m", "19m19p19s123456z3m"],
              live_left=3)
    s.draw(0, "8m")
    assert s.state.live_left // 4 == 0 and advice_inputs(s.state, 0)["turns"] == 1
    s = Scene(["234m567m234p678s5p", "19m19p19s123456z7z", "19m19p19s123456z2m", "19m19p19s123456z3m"])
    s.draw(0, "8m")
    s.riichi(0, "8m")
    s.accept(0)
    s.turn(1, "2s")
    s.turn(2, "3s")
    s.turn(3, "4s")
    s.draw(0, "1p")
    got = advice_inputs(s.state, 0)
    assert got["situation"].double_riichi and got["situation"].is_riichi      # riichi on the first discard
    assert kinds(got["seen"]) == kinds(parse_tiles("8m2s3s4s"))


def test_h_shows_the_advice_then_asks_again():
    s = scene()
    h, buf, asked = human(["h", "", "y"])
    a = h.choose(s.state, 0, s.legal(0))
    assert a.type == "discard" and a.tile == s.state.last_draw          # the turn went on as usual
    assert "h advice" in asked[0] and "? help" in asked[0]
    assert asked[1] == asked[0]                                          # the same prompt again
    expected, ebuf = _console()
    render_ev(advice_for(**advice_inputs(s.state, 0)), expected)
    out = buf.getvalue()
    assert ebuf.getvalue() in out                                        # the advice, as analyze --ev shows it
    assert "EV (points)" in out and "4 seen" not in out and "6 seen" in out


def test_question_mark_is_still_help_and_h_on_a_call_says_when():
    s = scene()
    h, buf, asked = human(["?", "", "y"])
    h.choose(s.state, 0, s.legal(0))
    assert "Keys" in buf.getvalue() and "which discard, by expected value" in buf.getvalue()
    assert "EV (points)" not in buf.getvalue()
    s2 = Scene(["234m567m234p5p788s", "19m19p19s123456z7z", "19m19p19s123456z2m", "19m19p19s123456z3m"])
    s2.turn(0, "6p")
    s2.turn(1, "8s")
    h, buf, asked = human(["h", ""])
    a = h.choose(s2.state, 0, s2.legal(0))                               # a pon on offer: h is for the turn
    assert a.type == "pass" and "the advice (h) is for your turn" in buf.getvalue()


def test_a_complete_hand_gets_a_line_not_a_crash():
    s = Scene(["234m567m234p678s5p", "19m19p19s123456z7z", "19m19p19s123456z2m", "19m19p19s123456z3m"])
    s.draw(0, "5p")
    h, buf, _ = human(["h", "t"])
    a = h.choose(s.state, 0, s.legal(0))
    assert a.type == "tsumo" and "no advice for this hand" in buf.getvalue()


def test_the_mcr_table():
    from scorer.cli.play_mcr import _event_line, _result, below_minimum, mcr_view
    from scorer.game.mcr import McrEngine, McrWall
    from tests.cli.scripted_table import SCENES, Tsumogiri
    hands, draws = SCENES["calls"]
    engine = functools.partial(McrEngine, wall=McrWall.arranged(hands, draws, seed=1))
    asked = []
    advised = []

    def answer(prompt):
        asked.append(prompt)
        if prompt.startswith("Discard (") and not advised:
            advised.append(prompt)
            return "h"
        if prompt.startswith("Discard (") and "Enter = drawn tile" not in prompt:
            return "1z" if "1z" not in "".join(asked[:-1]) else "2z"
        if prompt.endswith("[Y/n] "):
            return "y"
        if "let the win go" in prompt:
            return "hu"
        return ""
    c, buf = _console()
    code = play_deal(engine, Tsumogiri, "MCR scene", _event_line, _result, 1, None, c, answer, view=mcr_view(),
                     announce=below_minimum)
    out = buf.getvalue()
    assert code == 0 and advised
    assert "EV (fan points)" in out and "End of the deal" in out
    first = asked.index(advised[0])
    assert asked[first + 1].startswith("Discard (")                      # asked again after the advice
