"""Public three-player game records (fixtures/sanma/, sources in SOURCE.txt) replayed through the engine at the
``tenhou-sanma`` table with the verifying visitor: every round agrees with the record (han, fu, points, yaku,
every seat's delta, the scores carried between rounds and the final scores)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from scorer.logs import read_log
from scorer.logs.replay import replay_rounds

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "sanma"
TENHOU6 = FIXTURES / "tenhou6_2021010217gm-00b9-0000-3eb2e915.json"


def test_the_fixture_is_the_file_its_source_names():
    digest = hashlib.sha256(TENHOU6.read_bytes()).hexdigest()
    assert digest == "ba799c567c86b6f6280cb46d111de88f6a7cfd5c8e1d5f8d3e4ff311e14b33dd"
    assert digest in (FIXTURES / "SOURCE.txt").read_text(encoding="utf-8")


def test_the_tenhou6_three_player_game_reads_as_three_seats_with_its_norths():
    rounds = list(read_log(str(TENHOU6)))
    assert len(rounds) == 12 and {r.preset for r in rounds} == {"tenhou-sanma"}
    assert all(len(r.events[0].hands) == 3 and len(r.events[0].scores) == 3 for r in rounds)
    nuki = [e for r in rounds for e in r.events if e.type == "nuki"]
    assert nuki and all(e.tile >> 2 == 30 for e in nuki)
    for r in rounds:
        for i, e in enumerate(r.events):
            if e.type == "nuki" and i + 1 < len(r.events):
                nxt = r.events[i + 1]
                assert nxt.type == "win" or (nxt.type, nxt.seat, nxt.rinshan) == ("draw", e.seat, True)
    assert rounds[-1].final_scores == [31900, 47200, 25900]


def test_every_round_of_the_tenhou6_three_player_game_agrees():
    reports = list(replay_rounds(read_log(str(TENHOU6))))
    assert len(reports) == 12 and all(r.agree for r in reports), [r.mismatches or r.error for r in reports]
    outcomes = [r.outcome for r in reports]
    assert outcomes.count("exhaustive") == 3 and "nine_terminals" in outcomes
    # tsumo-son: a non-dealer's 500-1000 tsumo is 1,500 from the two payers (honba 100 each)
    third = reports[2]
    assert third.wins[0].points == 1500 and third.deltas == [-1200, -700, 2900]


def test_cli_replay_verify_agrees_on_the_fixture():
    from typer.testing import CliRunner

    from scorer.cli.app import app
    run = CliRunner().invoke(app, ["replay", str(TENHOU6), "--verify"])
    assert run.exit_code == 0, run.output
    assert "1 file(s), 12 rounds, 12 agree with the record" in run.output
