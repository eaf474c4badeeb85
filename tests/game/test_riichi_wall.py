"""Set-up of a riichi deal (#4): 136 physical tiles, one red five per suit, 13 each and the dealer's 14th, a dead
wall of 14 with one indicator shown and at most four kan replacements, 25,000 each, seat winds from the dealer."""

from __future__ import annotations

import pytest

from scorer.game.ai import TsumogiriPlayer
from scorer.game.engine import Engine
from scorer.game.wall import TILES, Wall, tile_of
from scorer.tiles import Tile


def test_physical_tiles_and_red_fives():
    assert len(TILES) == 136
    reds = [i for i in range(136) if TILES[i].red]
    assert reds == [16, 52, 88]
    assert {str(TILES[i]) for i in reds} == {"0m", "0p", "0s"}
    for k in range(34):
        assert sum(1 for i in range(136) if TILES[i].kind == k) == 4
    assert tile_of(16, red_fives=False) == Tile.parse("5m")


def test_a_shuffled_wall():
    w = Wall.shuffled(42)
    assert sorted(w.ids) == list(range(136))
    assert [len(h) for h in w.hands()] == [13] * 4
    assert len(w.dead) == 14 and w.live_left == 70
    assert Wall.shuffled(42).ids == w.ids and Wall.shuffled(43).ids != w.ids
    for _ in range(4):
        w.draw_replacement()
    assert w.live_left == 66
    with pytest.raises(IndexError):
        w.draw_replacement()


def test_the_deal_setup_in_the_state():
    eng = Engine([TsumogiriPlayer() for _ in range(4)], seed=5, dealer=2)
    first = []
    eng.on_event = lambda e, st: first.append((e.type, [len(p.hand) for p in st.players], st.live_left,
                                               list(st.dora_indicators), [p.score for p in st.players]))
    eng.run()
    deal = first[1]
    assert deal[0] == "deal" and deal[1] == [13] * 4 and deal[2] == 70 and len(deal[3]) == 1
    assert deal[4] == [25000] * 4
    draw = first[2]
    assert draw[0] == "draw" and draw[1][2] == 14          # the dealer (seat 2) holds 14
    st = eng.state
    assert [st.seat_wind(s) for s in range(4)] == [2, 3, 0, 1]
    assert st.round_wind == 0


def test_arranged_wall_places_hands_draws_and_dead_wall():
    w = Wall.arranged(["123m456m789m1234z", "123p456p789p1234z", "123s456s789s1234z", "11m22p33s55z66z77z9m"],
                      "5z9p", dora="1s", replacements="9s")
    assert [str(TILES[i]) for i in w.hands()[0]][:3] == ["1m", "2m", "3m"]
    assert str(TILES[w.draw()]) == "5z" and str(TILES[w.draw()]) == "9p"
    assert str(TILES[w.dora_indicator(0)]) == "1s"
    assert str(TILES[w.draw_replacement()]) == "9s"
    with pytest.raises(ValueError):
        Wall.arranged(["1111m" + "2m" * 8], "")
