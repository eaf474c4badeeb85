"""The strong AI (issue 14): its safe-tile rules on constructed tables, its choices in chosen positions, and its
invariants over seeded deals (legal actions only — the engine validates every choice —, points conserved, the same
deal for the same seed)."""

from __future__ import annotations

import pytest

from scorer.game.ai.levels import find_ai
from scorer.game.ai.player import RiichiAI, visible_counts
from scorer.game.ai.strong import (StrongRiichiAI, danger, genbutsu, last_deal, seen_counts, standing,
                                   table_danger, threats)
from scorer.game.engine import Engine
from scorer.game.wall import TILES

from tests.game.scene import Scene, junk

M, P, S, Z = 0, 9, 18, 27


def riichi_scene(riichi_tile: str = "4s", seat2: str | None = None) -> Scene:
    """Seat 0 declares riichi with ``riichi_tile``; seat 1 passes an 8m; seat 2 is to play."""
    s = Scene(["234m567m234p678s5p", junk(), seat2 or "1m5m9m2p6p9p3s4s9s1z3z5z6z", junk("3m")])
    s.draw(0, riichi_tile)
    s.riichi(0, riichi_tile).accept(0)
    s.turn(1, "8m")
    return s


def kind(text: str) -> int:
    return next(i for i in range(136) if str(TILES[i]) == text) >> 2


# ---- safe-tile rules on constructed states ---------------------------------------------------------------------
def test_genbutsu_own_discards_and_tiles_passed_since_the_riichi():
    s = riichi_scene()
    s.draw(2, "4m")
    g = genbutsu(s.state, 0, 2)
    assert kind("4s") in g                  # the riichi tile
    assert kind("8m") in g                  # seat 1 discarded it after the riichi: passed, furiten
    assert kind("7z") not in g


def test_genbutsu_does_not_count_a_discard_made_before_the_riichi():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.turn(0, "9s")                         # seat 0 plain discard
    s.turn(1, "6p")                         # seat 1 discards 6p before seat 0's riichi
    s.turn(2, "1z")
    s.turn(3, "2z")
    s.draw(0, "4s")
    s.riichi(0, "4s").accept(0)
    s.turn(1, "8p")                         # seat 1 passes 8p after the riichi; seat 2 is to play
    g = genbutsu(s.state, 0, 2)
    assert kind("6p") not in g
    assert kind("8p") in g
    assert kind("9s") in g and kind("4s") in g


def test_danger_genbutsu_is_zero():
    seen = [0] * 34
    assert danger(kind("5m"), {kind("5m")}, seen) == 0.0


def test_danger_suji_is_lower_than_a_live_middle_tile():
    seen = [0] * 34
    five = kind("5p")
    both = danger(five, {kind("2p"), kind("8p")}, seen)     # suji on both sides
    half = danger(five, {kind("2p")}, seen)
    none = danger(five, set(), seen)
    assert both < half < none


def test_danger_kabe_no_chance_removes_the_two_sided_wait():
    """All four 8s seen: no ryanmen 78s or 89s can wait on 9s or 7s from that side."""
    seen = [0] * 34
    nine = kind("9s")
    live = danger(nine, set(), seen)
    seen[kind("8s")] = 4
    assert danger(nine, set(), seen) < live
    assert danger(nine, set(), seen) == pytest.approx(danger(kind("9s"), {kind("6s")}, [0] * 34))


def test_danger_one_chance_between_no_chance_and_live():
    nine = kind("9m")
    seen = [0] * 34
    live = danger(nine, set(), seen)
    seen[kind("8m")] = 3
    one = danger(nine, set(), seen)
    seen[kind("8m")] = 4
    no = danger(nine, set(), seen)
    assert no < one < live


def test_danger_honors_by_copies_seen():
    seen = [0] * 34
    east = kind("1z")
    by_seen = []
    for n in range(5):
        seen[east] = n
        by_seen.append(danger(east, set(), seen))
    assert by_seen == sorted(by_seen, reverse=True)
    assert by_seen[4] == 0.0 and by_seen[3] > 0.0      # one unseen copy: a single wait only; none: safe


def test_table_danger_dora_weighs_more():
    s = riichi_scene()
    s.draw(2, "4m")
    st = s.state
    vis = visible_counts(st, 2)
    found = threats(st, 2)
    one_p, one_m = kind("1p"), kind("1m")    # the indicator 9p makes 1p the dora; 1m has the same waits left
    d = table_danger(st, 2, [one_p, one_m], vis, found)
    assert d[0] > d[1]


def test_threats_riichi_and_dealer_weight():
    s = riichi_scene()
    found = dict(threats(s.state, 2))
    assert set(found) == {0}
    assert found[0] > 1.0                   # seat 0 is the dealer


def test_seen_counts_add_the_own_hand():
    s = riichi_scene()
    s.draw(2, "4m")
    vis = visible_counts(s.state, 2)
    seen = seen_counts(s.state, 2, vis)
    assert seen[kind("1m")] == vis[kind("1m")] + 1


# ---- choices in chosen positions -------------------------------------------------------------------------------
def choose(s: Scene, seat: int):
    return StrongRiichiAI().choose(s.state, seat, s.legal(seat))


def test_strong_folds_a_far_hand_with_genbutsu():
    s = riichi_scene()
    s.draw(2, "4m")
    a = choose(s, 2)
    assert a.type == "discard" and a.tile >> 2 in genbutsu(s.state, 0, 2)


def test_strong_riichis_a_tenpai_hand_without_a_yaku():
    s = Scene(["123m567m234p789s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "1z")
    a = choose(s, 0)
    assert a.type == "riichi" and str(TILES[a.tile]) == "1z"


def test_strong_takes_every_legal_win():
    s = Scene(["234m567m234p678s5p", junk(), junk("2m"), junk("3m")])
    s.draw(0, "5p")
    assert choose(s, 0).type == "tsumo"


def test_strong_pons_a_dragon():
    s = Scene([junk("8m"), "77z13m468p2469s13z", junk("2m"), junk("3m")])
    s.turn(0, "7z")
    assert choose(s, 1).type == "pon"


def test_strong_open_all_simples_hand_drops_terminals_first():
    """After a chi of simples the hand is on all simples: the 9m goes before a simple, keeping the yaku. (The 6p
    is a dora: all simples with a dora is worth the 2,000 a closed hand opens for.)"""
    s = Scene([junk("8m"), "34m678p2346s5589m", junk("2m"), junk("3m")], dora="5p")
    s.turn(0, "5m")
    a = choose(s, 1)
    assert a.type == "chi"
    s.call(1, "chi", "34m")
    b = choose(s, 1)
    assert str(TILES[b.tile]) == "9m"


# ---- invariants over seeded deals ------------------------------------------------------------------------------
def _run(seed: int, levels, preset="tenhou") -> Engine:
    eng = Engine([find_ai(lv)(f"{lv}{i}") for i, lv in enumerate(levels)], seed=seed, preset=preset)
    eng.run()
    return eng


@pytest.mark.parametrize("seed", range(12))
def test_seeded_deals_legal_conserved_deterministic(seed):
    levels = ["strong", "basic", "strong", "basic"] if seed % 2 else ["strong"] * 4
    eng = _run(seed, levels)            # every choice is validated by the engine (IllegalActionError otherwise)
    st = eng.state
    assert st.result is not None
    assert st.total_points == 4 * st.preset.start_points
    again = _run(seed, levels)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in eng.events]


def test_strong_level_is_registered():
    assert find_ai("strong") is StrongRiichiAI
    assert issubclass(StrongRiichiAI, RiichiAI)


def test_strong_stays_dama_with_a_yaku_and_a_poor_wait():
    """All simples with a dora (the dealer's 3,900 dama) waiting on the kanchan 6s with two copies left: no
    riichi (and no riichi on the 9p single wait instead: one copy left)."""
    s = Scene(["234m567m234p66s57s", junk(), junk("2m"), junk("3m")], dora="1m")
    s.turn(0, "1z")
    s.draw(1, "2z")
    s.discard(1, "9p")
    s.draw(2, "3z")
    s.discard(2, "9p")
    s.turn(3, "4z")
    s.draw(0, "9p")
    a = choose(s, 0)
    assert "riichi" in s.types(0)
    assert a.type == "discard" and str(TILES[a.tile]) == "9p"


def test_strong_riichis_the_same_shape_with_a_good_wait():
    """The same hand waiting on 4s-7s (eight live tiles): riichi."""
    s = Scene(["234m567m234p66s56s", junk(), junk("2m"), junk("3m")], dora="1m")
    s.draw(0, "9p")
    a = choose(s, 0)
    assert a.type == "riichi" and str(TILES[a.tile]) == "9p"


def test_strong_riichis_a_hand_short_of_a_mangan_dama():
    """A non-dealer's red dragon triplet and two dora (22p, a 1p indicator) waiting on 4s-7s: 5,200 dama.
    Under :attr:`~StrongRiichiAI.dama_value` (8,000) it declares: riichi makes it a mangan."""
    s = Scene(["777z234m567m22p56s", junk("3z"), junk("2m"), junk("3m")], dora="1p", dealer=3)
    s.draw(0, "9p")
    a = choose(s, 0)
    assert a.type == "riichi" and str(TILES[a.tile]) == "9p"
    ai = StrongRiichiAI()
    ai.dama_value = 5200                 # the former threshold kept it dama
    a = ai.choose(s.state, 0, s.legal(0))
    assert a.type == "discard" and str(TILES[a.tile]) == "9p"


def test_strong_stays_dama_with_a_mangan():
    """The same shape with the red dragons as dora (a 6z indicator): a mangan dama already; it stays dama."""
    s = Scene(["777z234m567m22p56s", junk("3z"), junk("2m"), junk("3m")], dora="6z", dealer=3)
    s.draw(0, "9p")
    a = choose(s, 0)
    assert "riichi" in s.types(0)
    assert a.type == "discard" and str(TILES[a.tile]) == "9p"


def test_strong_keeps_a_value_pair_after_opening():
    """Sakizuke: a chi with a pair of dragons in hand counts the pair as the yaku, and the pair is kept. Without
    it (and with a 2,000 floor for opening) the strong AI passes, as the basic one does."""
    s = Scene([junk("8m"), "34m5678p2468s77z9m", junk("2m"), junk("3m")])
    s.turn(0, "5m")
    assert RiichiAI().choose(s.state, 1, s.legal(1)).type == "pass"     # the basic AI sees no yaku
    plain = StrongRiichiAI()
    plain.sakizuke = False
    plain.call_min_value = 2000
    assert plain.choose(s.state, 1, s.legal(1)).type == "pass"
    ai = StrongRiichiAI()
    ai.call_min_value = 0                  # (the default floor passes this 1,300-point hand: sakizuke alone here)
    a = ai.choose(s.state, 1, s.legal(1))
    assert a.type == "chi"
    s.call(1, "chi", "34m")
    b = ai.choose(s.state, 1, s.legal(1))
    assert str(TILES[b.tile]) != "7z"


def test_strong_open_hand_later_turn_discards_off_its_route():
    """A later own turn of the open all-simples hand (not right after the call): the drawn terminal is the one
    tile off the route, and it goes although the basic order would drop the 8m (the route's kinds are chosen
    among themselves, not among every tile held: handing the basic discard a subset failed)."""
    s = Scene([junk("8m"), "34m678p2346s5589m", junk("2m"), junk("3m")])
    s.turn(0, "5m")
    s.call(1, "chi", "34m")
    s.discard(1, "9m")
    s.turn(2, "2z")
    s.turn(3, "3z")
    s.turn(0, "4z")
    s.draw(1, "1s")
    a = choose(s, 1)
    assert a.type == "discard" and str(TILES[a.tile]) == "1s"


# ---- the game's standing --------------------------------------------------------------------------------------
def test_standing_place_and_points_needed():
    s = Scene([junk(), junk("2m"), junk("3m"), junk("4m")], scores=[30000, 22000, 26000, 22000], dealer=3,
              dora="5m")
    st = s.state
    assert standing(st, 0) == (0, 0)                     # the leader needs nothing
    assert standing(st, 2) == (1, 4001)                  # 4,000 behind the leader, who wins a tie (lower seat)
    assert standing(st, 1) == (2, 4000)                  # 4,000 behind seat 2: a tie is enough
    assert standing(st, 3) == (3, 1)                     # tied with seat 1, placed after it: a point passes it
    st.sticks = 2                                        # two deposits on the table come with the win
    assert standing(st, 2) == (1, 2001)


def test_last_deal_is_south_four_or_later():
    s = Scene([junk(), junk("2m"), junk("3m"), junk("4m")], dealer=3, dora="5m")
    st = s.state
    assert not last_deal(st)                              # East 4
    st.round_wind = 1
    assert last_deal(st)                                  # South 4
    st.dealer = 2
    assert not last_deal(st)
    st.round_wind = 2
    assert last_deal(st)                                  # the West extension: any deal may end the game


def test_strong_south_games_play_to_the_end_deterministically():
    """Whole South games with strong and basic seats: every choice legal (the engine checks), the same game on
    the same seed, the points conserved at the end."""
    from scorer.game.match import play_game
    runs = [play_game([find_ai(lv) for lv in ("strong", "basic", "strong", "basic")], preset="tenhou",
                      game="south", seed=77) for _ in range(2)]
    assert runs[0].reason
    assert [[e.to_dict() for e in d] for d in runs[0].deals] == [[e.to_dict() for e in d] for d in runs[1].deals]
    assert sorted(st.place for st in runs[0].standings) == [1, 2, 3, 4]


# ---- discard efficiency: two-step acceptance --------------------------------------------------------------------
def test_two_step_prefers_the_shape_that_reaches_good_waits():
    """233568m 123p 234s 77s, one step from tenpai: letting go of 5m or 8m leaves sixteen live tiles that make
    tenpai either way, but keeping 23356m reaches two-sided waits more often than 23368m (a closed 7m); two-step
    acceptance tells them apart, and the strong AI reading it lets the 8m go."""
    from scorer.game.ai.efficiency import two_step
    from scorer.shanten import DiscardView
    c = [0] * 34
    for k in (M + 1, M + 2, M + 2, M + 4, M + 5, M + 7, P, P + 1, P + 2, S + 1, S + 2, S + 3, S + 6, S + 6):
        c[k] += 1
    view = DiscardView(c, 0)
    unseen = [4 - x for x in c]
    two5, one5 = two_step(view, c, 0, kind("5m"), 1, unseen)
    two8, one8 = two_step(view, c, 0, kind("8m"), 1, unseen)
    assert one5 == one8
    assert two8 > two5
    s = Scene(["23356m123p234s77s", junk(), junk("2m"), junk("3m")])
    s.draw(0, "8m")
    ai = StrongRiichiAI()
    ai.two_step_shanten = 2
    a = ai.choose(s.state, 0, s.legal(0))
    assert a.type == "discard" and str(TILES[a.tile]) == "8m"
