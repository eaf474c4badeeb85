"""The strong MCR AI (issue 14): its danger reading and its invariants over seeded MCR deals (legal actions only —
the engine validates every choice —, points conserved, the same deal for the same seed)."""

from __future__ import annotations

import pytest

from scorer.game.ai.levels import find_ai
from scorer.game.ai.strong import mcr_danger, mcr_threats
from scorer.game.mcr import McrEngine
from scorer.game.state import GameState, MeldRecord, RiverTile


def _state(melds_of_seat1: int, live_left: int = 60, river1=()) -> GameState:
    st = GameState("mcr")
    st.live_left = live_left
    st.players[1].melds = [MeldRecord("pon", [4 * k, 4 * k + 1, 4 * k + 2], 4 * k, 0)
                           for k in (27, 28, 29, 30)[:melds_of_seat1]]
    st.players[1].river = [RiverTile(t) for t in river1]
    return st


def test_mcr_threat_grows_with_sets_and_a_late_wall():
    w = [dict(mcr_threats(_state(n), 0)).get(1, 0.0) for n in range(5)]
    assert w == sorted(w) and w[0] == 0.0 and w[3] > w[2] > 0
    assert dict(mcr_threats(_state(2, live_left=5), 0))[1] > w[2]


def test_mcr_danger_less_for_a_kind_the_threat_let_go_and_for_dead_shapes():
    five_m = 4
    st = _state(3, river1=(4 * five_m,))
    unseen = [4] * 34
    found = mcr_threats(st, 0)
    let_go, other = mcr_danger(st, [five_m, five_m + 9], unseen, found)
    assert let_go < other
    dead = list(unseen)
    dead[five_m + 9 - 1] = dead[five_m + 9 + 1] = 0   # 4p and 6p all seen: no two-sided or closed wait on 5p
    assert mcr_danger(st, [five_m + 9], dead, found)[0] < other


def _run(seed: int, levels) -> McrEngine:
    eng = McrEngine([find_ai(lv, "mcr")(f"{lv}{i}") for i, lv in enumerate(levels)], seed=seed)
    eng.run()
    return eng


@pytest.mark.parametrize("seed", range(6))
def test_seeded_mcr_deals_legal_conserved_deterministic(seed):
    levels = ["strong", "basic", "strong", "basic"] if seed % 2 else ["strong"] * 4
    eng = _run(seed, levels)
    st = eng.state
    assert st.result is not None
    assert sum(p.score for p in st.players) == 0
    again = _run(seed, levels)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in eng.events]
