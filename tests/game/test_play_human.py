"""The text-mode human player (#4, #13): prompts offer only legal choices; every discard is chosen (an index,
notation, or Enter for the drawn tile) and then confirmed; passing a win needs an explicit answer; refused picks
say why (kuikae, riichi, an index out of range); ``?`` shows the keys; the MCR words work at the MCR table."""

from __future__ import annotations

import io

from rich.console import Console

from scorer.cli.play import HumanPlayer
from scorer.game.actions import is_legal
from scorer.game.wall import TILES

from tests.game.scene import Scene, junk


def human(answers):
    buf = io.StringIO()
    c = Console(file=buf, width=120, color_system=None)
    it = iter(answers)
    asked = []

    def fake_input(prompt):
        asked.append(prompt)
        return next(it)
    return HumanPlayer(c, ["You", "A", "B", "C"], [], fake_input), buf, asked


def act(s, seat, answers):
    h, buf, asked = human(answers)
    a = h.choose(s.state, seat, s.legal(seat))
    assert is_legal(s.state, a)
    return a, buf.getvalue(), asked


def test_enter_chooses_the_drawn_tile_then_confirms():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "8m")
    a, out, asked = act(s, 0, ["", "n", "", ""])      # chosen, refused at the confirmation, chosen and confirmed
    assert a.type == "discard" and a.tile == s.state.last_draw
    assert "Enter = drawn tile" in asked[0] and "riichi" in asked[0] and "? help" in asked[0]
    assert asked[1] == "Discard 8m? [Y/n] " and asked[3] == "Discard 8m? [Y/n] "
    assert "you drew 8m" in out


def test_passing_a_tsumo_needs_an_explicit_answer():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "5p")
    # Enter chooses the drawn 5p; the confirmation asks about the win: Enter goes back, "yes" discards
    a, out, asked = act(s, 0, ["", "", "", "yes"])
    assert "You can win" in out
    assert "pass the win" in asked[1] and asked[2].startswith("Discard (")
    assert a.type == "discard" and a.tile == s.state.last_draw
    a, _, _ = act(s, 0, ["", "t"])                      # or take the win from the confirmation
    assert a.type == "tsumo"


def test_passing_a_ron_needs_pass_typed_out():
    s = Scene([junk(), "234m567m234p678s5p", junk("2m"), junk("3m")])
    s.draw(0, "5p")
    s.discard(0, "5p")
    a, out, asked = act(s, 1, ["", "pass"])
    assert "You can win on it" in out and "type ron to win, or pass" in out
    assert a.type == "pass" and len(asked) == 2
    a, _, _ = act(s, 1, ["ron"])
    assert a.type == "ron"


def test_help_screen_and_out_of_range_index_and_riichi_word():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "1z")
    a, out, _ = act(s, 0, ["?", "15", "riichi", "", "y"])
    assert "Keys" in out and "declare riichi" in out and "confirm the discard" in out
    assert "no tile '15'; choose 1 to 14" in out
    assert a.type == "riichi" and a.tile == s.state.last_draw


def test_pick_by_index_and_by_notation_with_confirmation():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "8m")
    a, _, _ = act(s, 0, ["1", "n", "5p", "y"])       # index 1 (2m) refused at the confirmation, then 5p
    assert a.type == "discard" and str(TILES[a.tile]) == "5p"


def test_riichi_then_enter_for_the_drawn_tile():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "1z")
    a, _, _ = act(s, 0, ["r", "", "y"])
    assert a.type == "riichi" and a.tile == s.state.last_draw
    a, _, _ = act(s, 0, ["riichi 14", "y"])
    assert a.type == "riichi" and a.tile == s.state.last_draw


def test_riichi_refuses_a_discard_that_breaks_tenpai():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "1z")
    a, out, _ = act(s, 0, ["r 3m", "r 1z", "y"])
    assert "does not keep tenpai" in out
    assert a.type == "riichi" and str(TILES[a.tile]) == "1z"


def test_tsumo_is_offered_and_taken():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "5p")
    a, _, asked = act(s, 0, ["t"])
    assert "tsumo" in asked[0] and a.type == "tsumo"


def test_kuikae_refusal_is_explained():
    s = Scene([junk(), "456m123p456p78s12z", junk("3m"), junk("4m")])
    s.turn(0, "3m")
    s.call(1, "chi", "45m")
    a, out, asked = act(s, 1, ["", "6m", "4p", "y"])
    assert "kuikae" in out
    assert "Enter" not in asked[0]                    # after a call there is no drawn tile to throw
    assert str(TILES[a.tile]) == "4p"


def test_call_menu_lists_only_legal_choices_and_enter_passes():
    s = Scene([junk(), "456m123p456p78s12z", junk("3m"), junk("4m")])
    s.turn(0, "3m")
    a, out, _ = act(s, 1, [""])
    assert a.type == "pass"
    assert "chi 3m with 4m5m" in out and "pon" not in out and "ron" not in out
    a, _, _ = act(s, 1, ["7", "chi"])                 # 7 is not a choice; the word works when unambiguous
    assert a.type == "chi"


def test_mcr_words_at_the_mcr_table():
    from scorer.cli.play_mcr import mcr_view
    s = Scene([junk(), "456m123p456p78s12z", junk("3m"), junk("4m")], preset="mcr")
    s.turn(0, "3m")
    buf = io.StringIO()
    c = Console(file=buf, width=120, color_system=None)
    answers = iter(["chow"])
    h = HumanPlayer(c, ["You", "A", "B", "C"], [], lambda prompt: next(answers), view=mcr_view())
    a = h.choose(s.state, 1, s.state.rules.legal_actions(s.state, 1))
    assert a.type == "chi"
    assert "chow 3m with 4m5m" in buf.getvalue()
