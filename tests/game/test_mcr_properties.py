"""Properties of seeded AI-only MCR deals (issue #5): every one of the 144 physical tiles is accounted for exactly
once after every event; points are conserved (the table starts at 0 each and every payment is zero-sum); every
chosen action is one of the legal actions; the log replays to the same final state, from events and from JSON
lines."""

from __future__ import annotations

import io

import pytest

from scorer.game.ai.mcr import McrAI
from scorer.game.mcr import McrEngine, is_legal, legal_actions, replay

SEEDS = range(12)


class Checked(McrAI):
    """The fan-plan AI, with its every choice checked against the legal actions it was offered."""

    def choose(self, state, seat, actions):
        assert actions == legal_actions(state, seat)
        a = super().choose(state, seat, actions)
        assert a in actions and is_legal(state, a)
        return a


def _run(seed):
    checks = []
    eng_ref = {}

    def on_event(event, state):
        eng = eng_ref["eng"]
        if event.type == "start":
            return                  # the tiles reach the hands with the deal event
        ids = state.tile_ids_in_play() + eng.wall.unseen()
        checks.append(sorted(ids) == list(range(144)))
        checks.append(len(eng.wall.unseen()) == state.live_left)
        checks.append(sum(p.score for p in state.players) == 0)

    log = io.StringIO()
    eng = McrEngine([Checked() for _ in range(4)], seed=seed, log=log, on_event=on_event)
    eng_ref["eng"] = eng
    eng.run()
    return eng, checks, log.getvalue()


@pytest.mark.parametrize("seed", SEEDS)
def test_ai_deal_properties(seed):
    eng, checks, log = _run(seed)
    assert checks and all(checks)
    st = eng.state
    assert st.phase == "end" and st.result is not None
    # points conserved: every win pays zero-sum; a draw pays nothing
    assert sum(p.score for p in st.players) == 0
    assert [p.score for p in st.players] == list(st.result.deltas)
    if st.result.type == "draw_game":
        assert st.result.deltas == [0, 0, 0, 0] and st.live_left == 0
    # replays: the events and the JSON-lines log rebuild the same final state
    assert replay(eng.events).snapshot() == st.snapshot()
    assert replay(log.splitlines()).snapshot() == st.snapshot()
    # flowers never stay in a hand; every flower revealed was replaced unless the wall was empty
    assert all(t < 136 for p in st.players for t in p.hand)


def test_same_seed_same_deal():
    a = McrEngine([McrAI() for _ in range(4)], seed=99)
    a.run()
    b = McrEngine([McrAI() for _ in range(4)], seed=99)
    b.run()
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


def test_the_shared_replay_reads_an_mcr_log():
    from scorer.game.engine import replay as shared_replay
    eng = McrEngine([McrAI() for _ in range(4)], seed=5)
    eng.run()
    assert shared_replay([e.to_json() for e in eng.events]).snapshot() == eng.state.snapshot()


def test_fan_plan_ais_mostly_reach_a_win():
    """AI quality guard on a small sample (the 1,000-deal figure is measured with the benchmark / --auto)."""
    from scorer.cli.play_mcr import auto_stats
    stats = auto_stats(40, seed=1000)
    assert stats["wins"] + stats["exhaustive_draws"] == 40
    assert stats["win_rate"] >= 0.6
    assert sum(stats["wins_by_plan"].values()) == stats["wins"]
    assert abs(sum(stats["average_points"])) < 0.05          # zero-sum (averages rounded to 0.01)
