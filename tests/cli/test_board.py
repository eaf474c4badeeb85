"""The text-mode board (issue 13): the dora and their indicators, river marks (tsumogiri, riichi, called), melds
with the called tile and from whom, the hand's shanten and waits with live copies, a furiten mark, tile faces in
cells of one width, and a layout for 40 columns."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console

from scorer.cli.board import HONOR_FACES, TableView, render_board
from scorer.tiles import Tile

from tests.game.scene import Scene, junk


def text(state, width=100, view=TableView()) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(render_board(state, 0, ["You", "A", "B", "C"],
                                                                         view=view))
    return buf.getvalue()


def test_dora_with_its_indicator_and_the_river_marks():
    s = Scene(["234m567m234p678s5p", "456m123p456p78s12z", junk("3m"), junk("4m")], dora="9p")
    s.draw(0, "1z")
    s.riichi(0, "1z").accept(0)           # the riichi tile, drawn and thrown: marked *
    s.draw(1, "2s")
    s.discard(1, "1z")                    # from the hand: no mark
    s.draw(2, "9s")
    s.discard(2, "9s")                    # tsumogiri: '
    out = text(s.state)
    assert "dora 1p (indicator 9p)" in out
    assert "1z*" in out and "9s'" in out
    assert "tenpai, waits 2p×3 5p×3" in out      # four less the copies in view (one of each in the hand)
    assert "FURITEN" not in out


def test_a_called_meld_shows_the_tile_and_from_whom_and_furiten_is_marked():
    s = Scene(["234m567m234p678s5p", "456m123p456p78s12z", junk("3m"), junk("4m")])
    s.draw(0, "3m")
    s.discard(0, "3m")
    s.call(1, "chi", "45m")               # South calls East's 3m
    s.discard(1, "1z")
    s.draw(2, "2p")
    s.discard(2, "2p")                    # East's winning tile goes by with a yaku (tanyao): furiten until drawn
    s.draw(3, "6z")
    out = text(s.state)
    assert "[4m5m|3m←E]" in out and "3m^" in out
    assert "FURITEN" in out


def test_faces_take_cells_of_one_width():
    for faces in ("notation", "names", "glyphs"):
        view = TableView(faces=faces)
        for k in range(34):
            assert cell_len(view.face(Tile(k))) == 2, (faces, k)
    assert [TableView(faces="names").face(Tile(27 + i)).strip() for i in range(7)] == list(HONOR_FACES)


def test_forty_columns_keep_every_line_within_the_width():
    s = Scene(["234m567m234p678s5p", "456m123p456p78s12z", junk("3m"), junk("4m")])
    for a, b, c, d in (("1z", "9m", "8m", "8p"), ("2z", "6s", "7m", "7p"), ("3z", "9s", "1s", "2s")):
        s.turn(0, a).turn(1, b).turn(2, c).turn(3, d)
    s.draw(0, "5z")
    out = text(s.state, width=40, view=TableView(faces="names"))
    assert max(cell_len(line) for line in out.splitlines()) <= 40
    assert "E You" in out and "Wh" in out and "13" in out and "14" in out


# ---- a closed kan as the others see it (#14 loose end) ----------------------------------------------------------
def _kan_scene(preset="standard"):
    """West declares a closed kan of 5p (with the red five) and discards its replacement draw; East then draws."""
    s = Scene(["234m567m234p678s1z", "19m19p19s124567z", "0555p19m19p19s2z7z", "19m19p19s124566z3m"],
              preset=preset)
    s.turn(0, "4z")
    s.turn(1, "6s")
    s.draw(2, "5s")
    s.ankan(2, "0555p")
    s.draw(2, "6m", rinshan=True)
    s.discard(2, "6m")
    s.turn(3, "7s")
    s.draw(0, "8m")
    return s


def _seen(state, viewer, view):
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(render_board(state, viewer, ["You", "A", "B", "C"],
                                                                       view=view))
    return buf.getvalue()


def test_a_riichi_closed_kan_shows_its_kind_with_the_outer_tiles_face_down():
    s = _kan_scene()
    out = _seen(s.state, 0, TableView())
    assert "(##0p5p##)" in out and "(5p5p5p0p)" not in out        # the red five among the face-up middle tiles
    assert "(##" in _seen(s.state, 0, TableView(faces="glyphs")).replace("\U0001F02B ", "##")
    # its owner sees it face up (on its row and beside its hand); a revealed board shows it too
    mine = _seen(s.state, 2, TableView())
    assert mine.count("(5p5p5p0p)") == 2 and "##" not in mine
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(render_board(s.state, 0, reveal=True))
    assert "(5p5p5p0p)" in buf.getvalue()
    # the kind is in view: the four copies count as seen (as the riichi advice counts them)
    from scorer.cli.board import visible_counts
    assert visible_counts(s.state, 0, TableView())[Tile.parse("5p").kind] == 4


def test_an_mcr_concealed_kong_lies_face_down_as_in_view_counts_counts_it():
    from scorer.cli.board import visible_counts
    from scorer.cli.play import advice_inputs
    from scorer.cli.play_mcr import mcr_view
    from scorer.game.rules.mcr import in_view_counts
    s = _kan_scene("mcr")
    view = mcr_view()
    out = _seen(s.state, 0, view)
    assert "(########)" in out and "5p" not in out.split("Your hand")[0].split("\n", 1)[1]
    assert _seen(s.state, 2, view).count("(5p5p5p5p)") == 2      # no red fives at the MCR table
    # what the board counts as seen by East = what the table shows everyone + East's own hand + the indicator
    for viewer in range(4):
        st = s.state
        expected = in_view_counts(st)
        for t in list(st.players[viewer].hand) + [t for m in st.players[viewer].melds if m.kind == "ankan"
                                                   for t in m.tiles] + list(st.dora_indicators):
            expected[t >> 2] += 1
        assert visible_counts(st, viewer, view) == expected, viewer
    # the advice is told the same: no 5p in view for East at the MCR table, all four at the riichi table
    assert "5p" not in [str(t) for t in advice_inputs(s.state, 0, view)["seen"]]
    assert [str(t) for t in advice_inputs(_kan_scene().state, 0)["seen"]].count("5p") + \
        [str(t) for t in advice_inputs(_kan_scene().state, 0)["seen"]].count("0p") == 4


def test_the_recent_moves_do_not_name_an_mcr_concealed_kong():
    from scorer.cli.play import _event_line as riichi_line
    from scorer.cli.play_mcr import _event_line, mcr_view
    from scorer.game import events as ev
    s = _kan_scene("mcr")
    kan = ev.Call(seat=2, kind="ankan", tiles=[m for m in s.state.players[2].melds if m.kind == "ankan"][0].tiles)
    names = ["You", "A", "B", "C"]
    assert _event_line(kan, s.state, names, mcr_view()) == "B: concealed kong"
    r = _kan_scene()
    kan = ev.Call(seat=2, kind="ankan", tiles=[m for m in r.state.players[2].melds if m.kind == "ankan"][0].tiles)
    assert riichi_line(kan, r.state, names) in ("B: closed kan 5p", "B: closed kan 0p")   # its kind is shown
