"""The text-mode board (issue 13): the dora and their indicators, river marks (tsumogiri, riichi, called), melds
with the called tile and from whom, the hand's shanten and waits with live copies, a furiten mark, tile faces in
cells of one width, and a layout for 40 columns."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console

from scorer.cli.board import HONOR_FACES, TableView, render_board
from scorer.tiles import Tile

from tests.game.scene import Scene


def junk(extra: str = "7z") -> str:
    return "19m19p19s123456z" + extra


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
