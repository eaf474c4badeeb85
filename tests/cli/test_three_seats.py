"""The text-mode table for N seats (issue #17 part 3), before and beside the three-player engine: the board, the
point changes, the human's keys and the advice read the seat count from the state (``len(state.players)``) and
the table from its preset (``players``, ``absent_kinds``, ``chi``, ``nuki``). A four-player scene cut to three
seats at a three-player preset stands in for the engine's state here; the engine's own deals are played in
tests/game/test_play_sanma.py."""

from __future__ import annotations

import dataclasses
import io

from rich.console import Console

from scorer.cli.board import TableView, dora_of, render_board, visible_counts
from scorer.cli.play import HumanPlayer, advice_inputs, print_point_changes, seat_names
from scorer.game.actions import NUKI, Action, legal_actions
from scorer.game.presets import find_preset
from scorer.kinds import NORTH, SANMA_ABSENT_KINDS, SANMA_ABSENT_MASK
from scorer.tiles import Tile

from tests.game.scene import Scene


def three_seats(hands=("19m19p19s123z5566z", "11p99p11s99s14567z", "345678p3456s237z"), dora="1m"):
    """A scene at a three-player table: three hands without 2m-8m (the fourth seat's hand dropped), North set
    aside twice by South (the ``nuki`` pile the engine keeps), the dora indicator 1m."""
    s = Scene([*hands, "2223456p777888s"], dora=dora)
    st = s.state
    st.preset = dataclasses.replace(find_preset("tenhou"), name="three-seat test", players=3,
                                    absent_kinds=SANMA_ABSENT_MASK, chi=False, nuki=True, start_points=35000)
    st.players = st.players[:3]
    for p in st.players:
        p.nuki = []
        p.score = 35000
    st.players[1].nuki = s.take("4z4z")
    return s


def board(state, viewer=0, width=100, names=None, view=TableView()):
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(render_board(state, viewer, names, view=view))
    return buf.getvalue()


def test_the_board_draws_the_seats_the_state_has_with_their_nuki_piles():
    s = three_seats()
    s.turn(0, "9m")
    out = board(s.state, names=seat_names(3))
    rows = [line for line in out.splitlines() if line[:2] in ("E ", "S ", "W ", "N ")]
    assert [r[:2] for r in rows] == ["E ", "S ", "W "]          # three seats, no North seat
    assert "nuki" in out.splitlines()[1]                          # the header of the seats' table
    south = next(r for r in rows if r.startswith("S "))
    assert "4z4z" in south and "AI South" in south
    assert "of a 108-tile wall" in out
    assert "dora 9m (indicator 1m)" in out                        # 1m indicates 9m without 2m-8m
    narrow = board(s.state, width=50, names=seat_names(3))
    assert "nuki 4z4z" in narrow and max(len(x) for x in narrow.splitlines()) <= 50
    # the four-player board keeps four seats and no nuki column
    four = Scene(["19m19p19s1234567z"] * 4, dora="5m")
    assert "nuki" not in board(four.state) and "108-tile" not in board(four.state)
    assert len([x for x in board(four.state).splitlines() if x[:2] in ("E ", "S ", "W ", "N ")]) == 4


def test_dora_of_skips_the_kinds_the_wall_leaves_out():
    assert dora_of(Tile.parse("1m").kind, SANMA_ABSENT_MASK) == Tile.parse("9m").kind
    assert dora_of(Tile.parse("9m").kind, SANMA_ABSENT_MASK) == Tile.parse("1m").kind
    assert dora_of(Tile.parse("1m").kind) == Tile.parse("2m").kind
    assert dora_of(Tile.parse("4z").kind, SANMA_ABSENT_MASK) == Tile.parse("1z").kind


def test_norths_set_aside_and_the_missing_kinds_are_in_view():
    s = three_seats()
    s.draw(0, "9s")
    assert visible_counts(s.state, 0)[NORTH] == 2                 # South's two Norths, face up
    got = advice_inputs(s.state, 0)
    kinds = [t.kind for t in got["seen"]]
    assert kinds.count(NORTH) == 2
    assert all(kinds.count(k) == 4 for k in SANMA_ABSENT_KINDS)   # never drawn: counted as all in view
    four = Scene(["234m567m234p678s5p", "19m19p19s124567z", "19m19p19s124567z", "19m19p19s124566z"])
    four.draw(0, "8m")
    assert all(t.kind != Tile.parse("2m").kind for t in advice_inputs(four.state, 0)["seen"])


def test_point_changes_have_a_row_a_seat():
    s = three_seats()
    buf = io.StringIO()
    print_point_changes(s.state, Console(file=buf, width=100, color_system=None), seat_names(3), [0, 0, 0])
    rows = [x for x in buf.getvalue().splitlines() if "AI" in x or "You" in x]
    assert len(rows) == 3 and "35,000" in rows[0]


def test_seat_names_by_the_seats():
    assert seat_names() == ["You", "AI South", "AI West", "AI North"]
    assert seat_names(3) == ["You", "AI South", "AI West"]


def _human(answers, view=TableView(), seats=3):
    buf = io.StringIO()
    it = iter(answers)
    asked = []

    def fake(prompt):
        asked.append(prompt)
        return next(it)
    return HumanPlayer(Console(file=buf, width=100, color_system=None), seat_names(seats), [], fake, view=view), \
        buf, asked


def test_n_sets_a_north_aside_when_the_table_lists_it():
    s = three_seats()
    s.draw(0, "4z")
    north = s.state.last_draw
    legal = [a for a in legal_actions(s.state, 0) if a.type != "chi"] + [Action(NUKI, 0, north)]
    h, buf, asked = _human(["?", "n"])
    a = h.choose(s.state, 0, legal)
    assert a == Action(NUKI, 0, north)
    assert "n[/] nuki" in asked[0]
    out = buf.getvalue()
    assert "set a North (4z) aside as nuki dora" in out                 # the ? help lists the key
    assert "chi/" not in out and "pon/kan/ron" in out                   # no chi at this table
    assert "You may set a North aside" in out
    # where the table has no nuki (or no North is on offer), n is not a key: a one-line answer, then asked again
    h, buf, asked = _human(["n", "", "y"])
    a = h.choose(s.state, 0, [a for a in legal if a.type != NUKI])
    assert a.type == "discard" and "no North to set aside now" in buf.getvalue()
    four = Scene(["234m567m234p678s5p", "19m19p19s124567z", "19m19p19s124567z", "19m19p19s124566z"])
    four.draw(0, "8m")
    h, buf, asked = _human(["?", "n", "", "y"], seats=4)
    h.choose(four.state, 0, legal_actions(four.state, 0))
    assert "nuki" not in buf.getvalue() and "not a tile in your hand: 'n'" in buf.getvalue()


def test_h_advice_at_three_seats_does_not_crash():
    s = three_seats(hands=("19m11p23p45s678s99s", "11p99p11s99s14567z", "345678p3456s237z"))
    s.draw(0, "4s")
    h, buf, _ = _human(["h", "", "y"])
    a = h.choose(s.state, 0, legal_actions(s.state, 0))
    out = buf.getvalue()
    assert a.type == "discard" and "EV (points)" in out and "no advice" not in out
    assert "can be set aside instead" not in out                # no North in this hand
    s = three_seats()
    s.draw(0, "4z")
    h, buf, _ = _human(["h", "", "y"])
    h.choose(s.state, 0, legal_actions(s.state, 0))
    assert "EV (points)" in buf.getvalue() and "a North you hold can be set aside instead" in buf.getvalue()


def test_the_advice_values_the_seat_s_own_norths_as_nuki_dora():
    s = three_seats()
    s.turn(0, "9m")
    s.draw(1, "9s")
    assert advice_inputs(s.state, 1)["situation"].nuki == 2     # South's two Norths, as the engine scores
    s.discard(1, "9s")
    s.draw(2, "1s")
    assert advice_inputs(s.state, 2)["situation"].nuki == 0  # West has none
    st = s.state                                             # the draws left are shared by three seats
    assert advice_inputs(st, 2)["turns"] == max(1, st.live_left // 3)


def test_the_payout_story_splits_a_three_player_ron_s_honba_as_the_scorer_pays_it():
    """At three seats a ron's honba is 200 each (the scorer's payments), a tsumo's 100 from each of two payers."""
    from types import SimpleNamespace

    from scorer.cli.play import payout_rows
    from scorer.riichi.points import payments
    s = three_seats()
    st = s.state
    st.honba = 2
    ron_honba = payments(2000, False, False, honba=2, three_player=True)[0].honba
    win = SimpleNamespace(type="win", seat=0, from_seat=2, deltas=[3900 + ron_honba, 0, -3900 - ron_honba])
    st.result, st.results = win, [win]
    heads, cols = payout_rows(st, win.deltas)
    assert ron_honba == 400 and dict(zip(heads, cols))["honba"] == [400, 0, -400] and "other" not in heads
    tsumo = SimpleNamespace(type="win", seat=1, from_seat=None, deltas=[-1200, 2400, -1200])
    st.result, st.results = tsumo, [tsumo]
    heads, cols = payout_rows(st, tsumo.deltas)
    assert dict(zip(heads, cols))["honba"] == [-200, 400, -200] and "other" not in heads


def test_a_north_set_aside_can_be_robbed_through_the_call_menu():
    """Where the preset lets a North be robbed (Tenhou's), the other seats answer the North set aside as a
    discard: the board says who set it aside, Enter does not let the win go, ron takes it."""
    from scorer.game.actions import PASS, RON
    s = three_seats()
    st = s.state
    north = s.take("4z")[0]
    st.players[1].nuki.append(north)
    st.phase, st.turn, st.nuki_tile = "nuki", 1, north
    actions = [Action(RON, 0, north), Action(PASS, 0)]
    h, buf, asked = _human(["", "ron"])
    assert h.choose(st, 0, actions) == Action(RON, 0, north)
    out = buf.getvalue()
    assert "AI South sets aside 4z." in out and "You can win on it: ron." in out
    assert "you can win on this tile: type ron" in out and "let the win go" in asked[0]


def test_the_heading_names_the_108_tile_wall_where_it_fits_on_one_line():
    s = three_seats()
    s.draw(0, "9s")
    wide, narrow = board(s.state, width=100), board(s.state, width=80)
    assert "tiles left of a 108-tile wall" in wide.splitlines()[0]
    assert "108" not in narrow and len(narrow.splitlines()[0]) <= 80 and "dora 9m" in narrow.splitlines()[0]
