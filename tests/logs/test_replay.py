"""Log readers and replay: real Tenhou records (read when ../shared/realdata is present), the same game in two
formats, our own play logs, broken logs ending in a clear LogError, and the replay command's exit codes."""

from __future__ import annotations

import gzip
import io
import json
import tracemalloc
from pathlib import Path

import pytest

from scorer.errors import LogError
from scorer.logs import comparable, read_log
from scorer.logs.replay import LenientVisitor, ReplayMismatch, StrictVisitor, replay_file, replay_rounds

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "logs"
REAL = ROOT / ".." / "shared" / "realdata" / "riichi"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realdata is absent")


def _files(sub: str, pattern: str) -> list[Path]:
    return sorted((REAL / sub).glob(pattern)) if REAL.is_dir() else []


def _disagreements(path) -> list[str]:
    out = []
    for rep in replay_file(str(path), LenientVisitor()):
        if not rep.agree:
            out.append(f"{rep.round.name}: {rep.error or rep.mismatches}")
    return out


# ---- real records ---------------------------------------------------------------------------------------------
@needs_real
@pytest.mark.parametrize("path", _files("tenhou-mjlog", "*.mjlog"), ids=lambda p: p.stem)
def test_mjlog_corpus_replays_equal_to_the_record(path):
    assert _disagreements(path) == []


@needs_real
@pytest.mark.parametrize("path", _files("tenhou6", "*.json"), ids=lambda p: p.stem)
def test_tenhou6_corpus_replays_equal_to_the_record(path):
    assert _disagreements(path) == []


# confusing_nakis_1: the record's deltas leave out the riichi deposit the winner collects (its own header and the
# riichi declared in the round put one on the table; Tenhou pays it to the winner)
KNOWN_BAD_RECORDS = {"confusing_nakis_1"}


@needs_real
@pytest.mark.parametrize("path", _files("tenhou6-cases", "*.json"), ids=lambda p: p.stem)
def test_tenhou6_cases_replay_equal_to_the_record(path):
    bad = _disagreements(path)
    if path.stem in KNOWN_BAD_RECORDS:
        assert len(bad) == 1 and "deltas" in bad[0]
    else:
        assert bad == []


@needs_real
def test_mjai_game_replays_with_the_recorded_deltas():
    assert _disagreements(REAL / "mjai" / "126_204_0_mjai.jsonl") == []


REFUSED = {"chip.xml_": "special-lobby", "ratio1.xml_": "special-lobby", "ratio.xml": "special-lobby",
           "sanma.xml": "special-lobby"}
# sanma2.xml, the three-player game, replays at the tenhou-sanma table: tests/logs/test_sanma_mjlog.py


@needs_real
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_special_lobby_games_are_refused_clearly(name):
    with pytest.raises(LogError, match=REFUSED[name]) as info:
        list(read_log(str(REAL / "tenhou-mjlog-misc" / name)))
    assert name in str(info.value)


@needs_real
@pytest.mark.parametrize("path", [p for p in _files("tenhou-mjlog-misc", "*") if p.name not in REFUSED
                                  and p.suffix in (".xml", ".mjlog")], ids=lambda p: p.name)
def test_other_misc_games_replay(path):
    assert _disagreements(path) == []


def _pairs():
    out = []
    for p in _files("tenhou6", "*.json"):
        m = REAL / "tenhou-mjlog" / (p.stem + ".mjlog")
        if m.exists():
            out.append((p, m))
    return out


@needs_real
def test_there_are_31_pairs():
    assert len(_pairs()) == 31


@needs_real
@pytest.mark.parametrize("t6,mj", _pairs(), ids=lambda p: p.stem)
def test_same_game_in_mjlog_and_tenhou6_gives_the_same_events(t6, mj):
    a = list(read_log(str(t6)))
    b = list(read_log(str(mj)))
    assert len(a) == len(b)
    for ra, rb in zip(a, b):
        assert [comparable(e) for e in ra.events] == [comparable(e) for e in rb.events], ra.name


# ---- our own logs -------------------------------------------------------------------------------------------
def test_own_play_logs_replay_and_agree():
    from scorer.game.ai.player import RiichiAI
    from scorer.game.engine import play_deal
    from scorer.logs.own import read_own

    for seed in range(6):
        buf = io.StringIO()
        play_deal([RiichiAI() for _ in range(4)], seed=seed, log=buf)
        rounds = list(read_own(buf.getvalue().encode(), f"seed{seed}.jsonl"))
        assert len(rounds) == 1
        reps = list(replay_rounds(rounds, StrictVisitor()))
        assert reps[0].agree


# ---- broken logs --------------------------------------------------------------------------------------------
BROKEN = {
    "truncated.mjlog": r"truncated\.mjlog round 2 \(East 2, 0 honba\), after event 40 .*truncated",
    "missing-tile.mjlog": r"missing-tile\.mjlog round 1 .*event 3 discard at element 7 <D101/>: illegal: seat 0 "
                          r"cannot discard 8s",
    "duplicate-tile.mjlog": r"duplicate-tile\.mjlog round 1 .*event 2 draw at element 6 .*not in the wall",
    "illegal-call.mjlog": r"illegal-call\.mjlog round 1 .*event 4 call at element 8 .*illegal: seat 2 cannot pon",
    "entity-bomb.xml": r"entity-bomb\.xml: .*refused unsafe XML",
    "gzip-bomb.mjlog.gz": r"gzip-bomb\.mjlog\.gz: gzip expands past",
    "truncated.json": r"truncated\.json:1: not JSON",
    "fifth-tile.json": r"fifth-tile\.json round 1 .*a fifth 9m",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_logs_end_in_a_clear_log_error(name):
    tracemalloc.start()
    try:
        with pytest.raises(LogError, match=BROKEN[name]):
            for rep in replay_file(str(FIXTURES / name), StrictVisitor()):
                pass
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 80 * 1024 * 1024        # the gzip bomb expands to 100 MiB; we stop at 32


def test_gzipped_mjlog_is_read():
    reps = list(replay_file(str(FIXTURES / "double-ron.mjlog.gz"), StrictVisitor()))
    assert len(reps) == 4 and all(r.agree for r in reps)
    assert reps[-1].outcome == "double ron"


def test_pao_on_a_ron_is_split_with_the_discarder():
    # crafted from pao-tsumo.mjlog's last round (no Tenhou record of a pao ron is at hand): seat 1 discards the
    # winning tile instead of seat 2 drawing it; seat 0 fed the third dragon, so seat 0 and the discarder pay
    # half each
    reps = list(replay_file(str(FIXTURES / "pao-ron.mjlog"), StrictVisitor()))
    last = reps[-1]
    assert last.agree and last.deltas == [-16000, -16000, 32000, 0]


def test_strict_visitor_raises_on_a_tampered_result(tmp_path):
    src = gzip.decompress((FIXTURES / "double-ron.mjlog.gz").read_bytes()).decode()
    bad = src.replace('sc="250,-60,240,130,250,-30,250,-30"', 'sc="250,-50,240,120,250,-30,250,-30"')
    assert bad != src
    p = tmp_path / "tampered.mjlog"
    p.write_text(bad)
    with pytest.raises(ReplayMismatch, match=r"tampered\.mjlog round 1 .*deltas"):
        list(replay_file(str(p), StrictVisitor()))
    reps = list(replay_file(str(p), LenientVisitor()))
    assert [r.agree for r in reps] == [False, True, True, True]


def test_scores_carried_between_rounds_and_final_scores_are_checked():
    rounds = list(read_log(str(FIXTURES / "double-ron.mjlog.gz")))
    assert rounds[-1].final_scores is not None
    reps = list(replay_rounds(rounds, LenientVisitor()))
    assert all(r.agree for r in reps)
    # a wrong final score on the record
    rounds[-1].final_scores = [x + (100 if i == 0 else 0) for i, x in enumerate(rounds[-1].final_scores)]
    reps = list(replay_rounds(rounds, LenientVisitor()))
    assert any("final scores" in m for m in reps[-1].mismatches)
    # a next round whose header does not continue the scores
    import dataclasses
    rounds = list(read_log(str(FIXTURES / "double-ron.mjlog.gz")))
    deal = rounds[1].events[0]
    rounds[1].events[0] = dataclasses.replace(deal, scores=[deal.scores[0] + 1000] + list(deal.scores[1:]))
    reps = list(replay_rounds(rounds, LenientVisitor()))
    assert any("next round starts with" in m for m in reps[0].mismatches)


def test_unknown_file_is_refused(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("hello")
    with pytest.raises(LogError, match="not a game log"):
        list(read_log(str(p)))


# ---- the command ----------------------------------------------------------------------------------------------
def test_replay_command_exit_codes_and_json(capsys):
    from scorer.cli.replay import replay_command

    assert replay_command([str(FIXTURES / "double-ron.mjlog.gz")], True, False, False) == 0
    out = capsys.readouterr().out
    assert out.count(": agree") == 4
    assert replay_command([str(FIXTURES / "double-ron.mjlog.gz")], True, True, False) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and lines[-1]["outcome"] == "double ron" and len(lines[-1]["wins"]) == 2
    assert replay_command([str(FIXTURES / "illegal-call.mjlog")], True, False, False) == 1
    assert "ERROR" in capsys.readouterr().out
    assert replay_command([str(FIXTURES / "entity-bomb.xml")], True, False, False) == 1
    assert "refused unsafe XML" in capsys.readouterr().err
    assert replay_command([str(FIXTURES / "truncated.json")], True, True, False) == 1
    assert json.loads(capsys.readouterr().out)["error"].startswith("truncated.json:1")
    assert replay_command([str(FIXTURES / "own-seed3.jsonl")], True, False, False) == 0
    assert "own-seed3.jsonl round 1 (East 1, 0 honba): agree" in capsys.readouterr().out
    assert replay_command([], True, False, False) == 2


def test_step_walks_forward_and_back():
    from rich.console import Console
    from scorer.cli.replay import step_rounds

    rounds = list(read_log(str(FIXTURES / "double-ron.mjlog.gz")))[:1]
    keys = iter(["n", "n", "b", "g", "n"])
    out = io.StringIO()
    assert step_rounds(rounds, lambda: next(keys), Console(file=out, width=120)) is None
    text = out.getvalue()
    assert "event 2/" in text and "event 3/" in text and f"event {len(rounds[0].events)}/" in text
