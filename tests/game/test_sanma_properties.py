"""Properties of seeded AI-only three-player deals (issue #17) at the ``tenhou-sanma`` table: after every event
the 108 tiles are each in one place (hands, melds, rivers, Norths set aside, the wall) and the points are
conserved (3 x 35,000 with the deposits on the table); every action is among the legal ones when chosen (the
engine validates each, the AI's choice is checked against its list); the log replays, every event checked against
the rules, to the same state; a seed reproduces its deal.

The default run plays :data:`DEFAULT_DEALS` seeds; the slow run (``-m slow``) plays :data:`SLOW_DEALS` (the
issue's >= 500).
"""

from __future__ import annotations

import io
from collections import Counter

import pytest

from scorer.game.actions import CHI, is_legal
from scorer.game.ai import RiichiAI
from scorer.game.engine import Engine, replay
from scorer.game.presets import find_preset
from scorer.game.state import all_ids_once
from scorer.game.wall import SANMA_IDS

SANMA = find_preset("tenhou-sanma")
DEFAULT_DEALS = 40
SLOW_DEALS = 500


class CheckingAI(RiichiAI):
    """An AI that also checks, at every decision, that its choice is in the legal list it was given."""

    def choose(self, state, seat, actions):
        a = super().choose(state, seat, actions)
        assert a in actions or is_legal(state, a)
        return a


def run_checked(seed: int) -> tuple[Engine, str]:
    log = io.StringIO()

    def on_event(e, state):
        if e.type == "start":
            return
        assert all_ids_once(state.tile_ids_in_play() + eng.wall.unseen(), SANMA_IDS), f"tiles broke after {e}"
        assert state.total_points == 105000, f"points not conserved after {e}"
        assert state.live_left == eng.wall.live_left

    eng = Engine([CheckingAI(f"ai{s}") for s in range(3)], seed=seed, preset=SANMA, log=log, on_event=on_event)
    eng.run()
    return eng, log.getvalue()


def check_deals(seeds) -> Counter:
    seen: Counter = Counter()
    for seed in seeds:
        eng, log = run_checked(seed)
        st = eng.state
        assert st.phase == "end" and len(st.players) == 3
        assert replay(log.splitlines()).snapshot() == st.snapshot()
        assert not any(a.type == CHI for a in eng.actions)
        assert st.kans + st.nukis == eng.wall.replacements <= SANMA.replacements
        seen[st.results[0].type if st.results[0].type == "win" else st.results[0].reason] += 1
        seen["nuki"] += st.nukis
        seen["robbed"] += sum(r.type == "win" and r.from_seat is not None and r.tile >> 2 == 30 and
                              eng.events[-2].type == "nuki" for r in st.results)
    return seen


def test_ai_three_player_deals_keep_every_invariant_and_replay():
    seen = check_deals(range(DEFAULT_DEALS))
    assert seen["win"] > DEFAULT_DEALS // 2 and seen["nuki"] > DEFAULT_DEALS


@pytest.mark.slow
def test_500_ai_three_player_deals_keep_every_invariant_and_replay():
    seen = check_deals(range(10_000, 10_000 + SLOW_DEALS))
    assert sum(seen[k] for k in seen if k not in ("nuki", "robbed")) == SLOW_DEALS


def test_a_seed_reproduces_its_three_player_deal():
    a, log_a = run_checked(2024)
    b, log_b = run_checked(2024)
    assert log_a == log_b
    assert run_checked(2025)[1] != log_a
