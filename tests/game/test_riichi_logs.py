"""Own JSON-lines logs (#4): the fixtures under fixtures/logs/ replay strictly to a consistent final state, and a
log's first line reproduces its wall (by seed, or by the recorded order of an arranged wall)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.game import events as ev
from scorer.game.ai import RiichiAI
from scorer.game.engine import Engine, replay, replay_file, wall_of

LOGS = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "logs").glob("riichi_*.jsonl"))


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_fixture_log_replays(path):
    state = replay_file(str(path))
    assert state.phase == "end"
    assert state.total_points == 100000
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    assert first["type"] == "start" and first["preset"] == "standard"
    result = json.loads(lines[-1])
    assert result["type"] in ("win", "draw_game")
    deal = json.loads(lines[1])
    assert [p.score for p in state.players] == [deal["scores"][s] - 1000 * sum(
        1 for l in lines if json.loads(l) == {"type": "riichi_accepted", "seat": s}) + result["deltas"][s]
        for s in range(4)]


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_first_line_reproduces_the_wall(path):
    events = list(ev.read_events(path.read_text().splitlines(), path.name))
    wall = wall_of(events[0])
    deal = events[1]
    assert deal.hands == wall.hands()
    assert deal.dora_indicator == wall.dora_indicator(0)
    draws = [e.tile for e in events if e.type == "draw" and not e.rinshan]
    assert draws == [wall.ids[52 + i] for i in range(len(draws))]


def test_a_seed_rebuilds_the_same_log(tmp_path):
    import io
    a, b = io.StringIO(), io.StringIO()
    Engine([RiichiAI() for _ in range(4)], seed=99, log=a).run()
    Engine([RiichiAI() for _ in range(4)], seed=99, log=b).run()
    assert a.getvalue() == b.getvalue()
    assert replay(a.getvalue().splitlines()).snapshot() == replay(b.getvalue().splitlines()).snapshot()


def test_strict_replay_refuses_an_illegal_action():
    from scorer.errors import LogError
    path = [p for p in LOGS if "chankan" in p.name][0]
    lines = path.read_text().splitlines()
    # seat 0's pon turned into a chi: seat 0 is not the next player after seat 1
    bad = [l.replace('"kind":"pon"', '"kind":"chi"') for l in lines]
    with pytest.raises(LogError, match="illegal"):
        replay(bad)
    lenient = replay(bad, strict=False)
    assert lenient.errors
