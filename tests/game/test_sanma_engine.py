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


def test_the_end_of_a_three_player_game_scores_as_tenhou_scored_sanma2():
    """sanma2.xml ends 27,400 / 83,100 / -5,500, and Tenhou's owari gives -13.0 / +79.0 / -66.0: 40,000 return,
    uma +20/0/-20, oka +15, the points rounded to the thousand (a half away from zero: -5,500 -> -6,000), the
    first taking the remainder."""
    from scorer.game.match import standings
    rows = standings(SANMA, [27400, 83100, -5500], 0, ["a", "b", "c"])
    assert [(r.place, r.score) for r in rows] == [(2, -13.0), (1, 79.0), (3, -66.0)]
    # the four-player Tenhou game keeps its half-up rounding (a record of the mjlog corpus: owari
    # 510,60.0,277,8.0,195,-20.0,18,-48.0)
    four = standings(find_preset("tenhou"), [51000, 27700, 19500, 1800], 0, list("abcd"))
    assert [r.score for r in four] == [60.0, 8.0, -20.0, -48.0]


def test_the_ai_counts_only_the_tiles_a_three_player_wall_holds():
    """The table's view counts the absent kinds (2m-8m) as all in view, so the AI's unseen copies (and every
    ukeire it sums from them) are the core's ``ukeire_counts(..., absent=SANMA_ABSENT_MASK)``."""
    from scorer.game.ai.player import _unseen, _ukeire_after, visible_counts
    from scorer.kinds import SANMA_ABSENT_MASK
    from scorer.shanten import ukeire_counts
    eng = _deal(3)
    st = eng.state
    visible = visible_counts(st, 0)
    assert all(visible[k] >= 4 for k in SANMA_ABSENT_KINDS)
    # a 14-tile hand whose discards reach toward 1m-9m: 1m 9m held, and a 2m-8m draw would help at four seats
    from scorer.tiles import parse_tiles
    counts = [0] * 34
    for t in parse_tiles("19m123p456p789s1122z"):
        counts[t.kind] += 1
    seen = [0] * 34
    for k in SANMA_ABSENT_KINDS:
        seen[k] = 4
    unseen = _unseen(counts, seen)
    from scorer.shanten import DiscardView
    view = DiscardView(counts, 0)
    for k in (0, 8, 27):                      # discarding 1m, 9m or East
        counts[k] -= 1
        _, uk = ukeire_counts(counts, 0, [0] * 34, absent=SANMA_ABSENT_MASK)
        counts[k] += 1
        assert _ukeire_after(view, k, unseen) == sum(n for _, n in uk)


def test_a_three_player_game_deals_three_a_wind_and_resumes_from_its_log(tmp_path):
    from scorer.game.match import load_game, play_game, resume_game
    whole = play_game([RiichiAI] * 3, game="south", preset=SANMA, seed=11)
    assert {p.hand for p in whole.positions} <= {0, 1, 2} and len(whole.standings) == 3
    assert sum(s.points for s in whole.standings) == 3 * 35000
    assert round(sum(s.score for s in whole.standings), 1) == 0
    path = str(tmp_path / "g.jsonl")
    play_game([RiichiAI] * 3, game="south", preset=SANMA, seed=11, log=path, max_deals=3)
    saved = load_game(path)
    assert len(saved.deals) == 3 and len(saved.next.points) == 3
    res = resume_game(path, [RiichiAI] * 3)
    assert (res.reason, [s.points for s in res.standings]) == (whole.reason, [s.points for s in whole.standings])
