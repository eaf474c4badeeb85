"""Botzone Chinese Standard Mahjong records (#15 part 1): read into the engine's events, replayed at the MCR table
with every action validated, and verified (total, fan counts, every seat's score change) against the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs.botzone import read_botzone
from scorer.logs.mcr_replay import replay_mcr_round

SAMPLE = Path(__file__).resolve().parents[3] / "shared" / "realdata" / "mcr" / "botzone-sample" / "sample.txt"


def _sample() -> str:
    if not SAMPLE.exists():
        pytest.skip(f"{SAMPLE} is not here (../shared absent)")
    return SAMPLE.read_text(encoding="utf-8")


def _rounds(text: str):
    return list(read_botzone(text.encode("utf-8"), "sample.txt"))


def test_the_sample_replays_and_agrees_on_every_deal():
    rounds = _rounds(_sample())
    assert len(rounds) == 16
    reports = [replay_mcr_round(r) for r in rounds]
    assert [r.mismatches for r in reports] == [[]] * 16
    wins = [r for r in reports if r.outcome == "win"]
    assert len(wins) == 14 and sum(r.outcome == "exhaustive draw" for r in reports) == 2
    for r in wins:
        assert r.total == r.record_total >= 8 and sum(r.deltas) == 0 and r.deltas[r.winner] > 0
        assert sorted(f["count"] for f in r.fans) == sorted(int(x.rsplit("*", 1)[1]) for x in r.record_fans)
    assert {r.from_seat is None for r in wins} == {True, False}          # self-drawn and discard wins both


def test_each_event_names_ids_the_seat_holds_and_calls_take_the_discard():
    rnd = _rounds(_sample())[0]
    assert isinstance(rnd.events[0], ev.Deal) and all(len(h) == 13 for h in rnd.events[0].hands)
    ids = [t for h in rnd.events[0].hands for t in h] + [e.tile for e in rnd.events if isinstance(e, ev.Draw)]
    assert len(ids) == len(set(ids)) and all(0 <= t < 136 for t in ids)
    calls = [e for e in rnd.events if isinstance(e, ev.Call) and e.kind in ("chi", "pon", "kan")]
    assert calls and all(e.called in e.tiles for e in calls)


def _one_match(text: str) -> list[str]:
    lines = text.splitlines()
    end = next(i for i, x in enumerate(lines) if x.startswith("Score"))
    return lines[:end + 1]


def test_a_wrong_score_line_is_a_mismatch_on_the_deltas():
    lines = _one_match(_sample())
    lines[-1] = "Score -8 33 -8 -17"
    (rnd,) = _rounds("\n".join(lines))
    rep = replay_mcr_round(rnd)
    assert not rep.agree and any(m.startswith("deltas") for m in rep.mismatches)


def test_a_wrong_fan_total_is_a_mismatch():
    lines = _one_match(_sample())
    i = next(i for i, x in enumerate(lines) if x.startswith("Fan"))
    lines[i] = "Fan 12" + lines[i][len("Fan 9"):]
    (rnd,) = _rounds("\n".join(lines))
    assert any(m.startswith("total") for m in replay_mcr_round(rnd).mismatches)


def test_an_illegal_action_is_a_log_error_naming_file_deal_and_event():
    lines = _one_match(_sample())
    i = next(i for i, x in enumerate(lines) if " Chi " in x)
    seat = int(lines[i].split()[1])
    lines[i] = lines[i].replace(f"Player {seat} Chi", f"Player {(seat + 1) % 4} Chi")   # not the next player
    with pytest.raises(LogError) as err:
        for rnd in _rounds("\n".join(lines)):
            replay_mcr_round(rnd)
    text = str(err.value)
    assert "sample.txt" in text and "61602cb45ddc087351c04358" in text and ("event" in text or "line" in text)


def test_a_discard_the_player_does_not_hold_names_the_line():
    lines = _one_match(_sample())
    i = next(i for i, x in enumerate(lines) if x.startswith("Player 0 Play"))
    lines[i] = "Player 0 Play J2"            # player 0 was not dealt a Green Dragon, nor drew one yet
    with pytest.raises(LogError, match=r"sample.txt: match 61602cb45ddc087351c04358, line \d+: player 0 holds no J2"):
        _rounds("\n".join(lines))


def test_a_truncated_match_is_an_error():
    lines = _one_match(_sample())[:-2]
    with pytest.raises(LogError, match="without its Score line"):
        _rounds("\n".join(lines))


def test_cli_replay_verify_reads_the_botzone_sample():
    import json

    from typer.testing import CliRunner

    from scorer.cli.app import app
    _sample()
    run = CliRunner().invoke(app, ["replay", str(SAMPLE), "--verify", "--json"])
    assert run.exit_code == 0, run.output
    rows = [json.loads(x) for x in run.stdout.splitlines() if x.startswith("{")]
    assert len(rows) == 16 and all(r["agree"] and r["rules"] == "mcr" for r in rows)


def test_cli_replay_verify_exits_1_on_a_disagreeing_record(tmp_path):
    from typer.testing import CliRunner

    from scorer.cli.app import app
    lines = _one_match(_sample())
    lines[-1] = "Score -8 33 -8 -17"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = CliRunner().invoke(app, ["replay", str(bad), "--verify"])
    assert run.exit_code == 1 and "DISAGREE" in run.output and "deltas" in run.output


def test_mutated_records_fail_as_log_errors_never_tracebacks():
    """Seeded mutations of a real match (a word replaced, a line dropped or doubled): each either replays (to a
    report) or raises a LogError that names the file; nothing else escapes."""
    import random
    lines = _one_match(_sample())
    rng = random.Random(15)
    words = ["W1", "B9", "T5", "F4", "J3", "X9", "", "-1", "7", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu",
             "Play", "Draw", "Ignore", "Fan", "Score", "Player", "1e9"]
    for _ in range(150):
        mutated = list(lines)
        i = rng.randrange(len(mutated))
        how = rng.randrange(3)
        if how == 0:
            w = mutated[i].split()
            if w:
                w[rng.randrange(len(w))] = rng.choice(words)
            mutated[i] = " ".join(w)
        elif how == 1:
            del mutated[i]
        else:
            mutated.insert(i, mutated[i])
        try:
            for rnd in _rounds("\n".join(mutated)):
                replay_mcr_round(rnd)
        except LogError as err:
            assert "sample.txt" in str(err)


def test_lost_claims_are_legal_and_lose_by_priority_in_the_sample():
    rounds = _rounds(_sample())
    lost = [c for r in rounds for cs in r.claims.values() for c in cs]
    assert len(lost) == 5 and {v for _, v, _ in lost} == {"chi", "peng", "hu"}
    for r in rounds:
        replay_mcr_round(r)             # raises if a lost claim was illegal or should have won


def test_a_lost_claim_that_was_not_legal_is_a_log_error():
    text = _sample().replace("Player 0 Peng W9 Ignore Player 3 Chi W8", "Player 0 Peng W9 Ignore Player 3 Hu W9", 1)
    with pytest.raises(LogError, match="seat 3's lost claim hu W9 was not a legal action"):
        replay_mcr_round(_rounds(text)[0])


def test_a_lost_win_that_had_the_head_bump_is_a_log_error():
    text = _sample().replace("Player 0 Hu W7 Ignore Player 2 Hu W7", "Player 2 Hu W7 Ignore Player 0 Hu W7", 1)
    (rnd,) = [r for r in _rounds(text) if r.game_id == "61602cb45ddc087351c04385"]
    with pytest.raises(LogError, match="seat 0's hu W7 has priority over seat 2's hu"):
        replay_mcr_round(rnd)


def test_batch_reads_a_botzone_file_by_its_first_line_whatever_its_name(tmp_path):
    """A Botzone record named .txt (as the sample is) is a log to ``batch``, not 1,700 bad hand lines; a hands file
    beside it stays hands."""
    import json
    from scorer.batch import input_kind
    from scorer.cli.batch import batch_command
    record = tmp_path / "match.txt"
    record.write_text(_sample(), encoding="utf-8")
    hands = tmp_path / "hands.txt"
    hands.write_text("123m456p789s11z55z+5z ron riichi dora:4p\n", encoding="utf-8")
    assert input_kind(str(record)) == "log" and input_kind(str(hands)) == "text"
    out = tmp_path / "rows.jsonl"
    assert batch_command([str(record), str(hands)], None, None, "jsonl", str(out), 1, "local", None) == 0
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    logs = [r for r in rows if r.get("log")]
    assert len(logs) == 16 and all(r["agree"] for r in logs)
    assert sum(r["outcome"] == "win" for r in logs) == 14
    assert rows[-1]["hand"].startswith("123m456p789s") and rows[-1]["win"] is True
