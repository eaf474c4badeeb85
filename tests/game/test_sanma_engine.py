"""The three-player table (issue #17) through the engine: the ``tenhou-sanma`` preset's 108-tile wall, three
seats, no chi, the North set aside (nuki) with its replacement draw, and AI-only deals that keep every tile and
every point.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scorer.game.actions import CHI, NUKI
from scorer.game.ai.player import RiichiAI
from scorer.game.engine import play_deal
from scorer.game.presets import find_preset
from scorer.game.state import all_ids_once
from scorer.game.wall import SANMA_IDS, Wall
from scorer.kinds import SANMA_ABSENT_KINDS

SANMA = find_preset("tenhou-sanma")


def _deal(seed: int):
    return play_deal([RiichiAI(f"ai{s}") for s in range(3)], seed=seed, preset=SANMA)


def test_the_sanma_wall_is_108_tiles_three_hands_and_55_draws():
    wall = Wall.for_preset(7, SANMA)
    assert sorted(wall.ids) == list(SANMA_IDS) and len(SANMA_IDS) == 108
    assert not any(t >> 2 in SANMA_ABSENT_KINDS for t in wall.ids)
    assert [len(h) for h in wall.hands()] == [13, 13, 13]
    assert wall.live_left == 55
    # eight replacements (kans and Norths share them): the dead wall's four, then four from the live wall's end
    drawn = [wall.draw_replacement() for _ in range(8)]
    assert len(set(drawn)) == 8 and wall.live_left == 47
    with pytest.raises(IndexError):
        wall.draw_replacement()
    assert sorted(drawn + wall.unseen() + [t for h in wall.hands() for t in h]) == list(SANMA_IDS)


def test_the_four_player_wall_is_unchanged():
    """The seat count costs the four-player wall nothing: the same shuffle, 70 draws, four replacements."""
    import random
    ids = list(range(136))
    random.Random(11).shuffle(ids)
    wall = Wall.for_preset(11, find_preset("tenhou"))
    assert wall.ids == ids and wall.live_left == 70 and len(wall.hands()) == 4
    for _ in range(4):
        wall.draw_replacement()
    with pytest.raises(IndexError):
        wall.draw_replacement()


@pytest.mark.parametrize("seed", range(12))
def test_an_ai_only_three_player_deal_keeps_tiles_and_points(seed):
    eng = _deal(seed)
    st = eng.state
    assert len(st.players) == 3 and st.results
    assert st.total_points == 3 * 35000
    assert all_ids_once(st.tile_ids_in_play() + eng.wall.unseen(), st.tile_ids)
    assert not any(a.type == CHI for a in eng.actions)
    for e in eng.events:
        if e.type in ("win", "draw_game"):
            # three seats; a draw moves points between them, a win adds the deposits it collects
            assert len(e.deltas) == 3 and sum(e.deltas) % 1000 == 0 and sum(e.deltas) >= 0
            assert e.type == "win" or sum(e.deltas) == 0


def test_the_ai_sets_every_north_aside_and_draws_a_replacement():
    seen = Counter()
    for seed in range(20):
        eng = _deal(seed)
        evs = eng.events
        for i, e in enumerate(evs):
            if e.type == "nuki":
                seen["nuki"] += 1
                nxt = evs[i + 1]
                assert (nxt.type, nxt.seat, nxt.rinshan) == ("draw", e.seat, True) or nxt.type == "win"
        # the AI never keeps a North it may set aside: none is discarded
        assert not any(e.type == "discard" and e.tile >> 2 == 30 for e in evs)
        seen["kept"] += sum(a.type == NUKI for a in eng.actions)
    assert seen["nuki"] > 20 and seen["kept"] == seen["nuki"]


def test_the_rules_card_of_the_three_player_table():
    from scorer.game.presets import rules_card_rows
    rows = dict(rules_card_rows(SANMA))
    assert rows["seats at the table"] == "3" and rows["tile kinds left out of the wall"] == "2m-8m (108 tiles)"
    assert "no chi" in rows["calls"] and "tsumo-son" in rows["tsumo"] and "2,000" in rows["exhaustive draw"]
    assert "ron on it" in rows["north (nuki)"] and rows["uma"] == "+20/+0/-20"
    assert "north (nuki)" not in dict(rules_card_rows(find_preset("tenhou")))
