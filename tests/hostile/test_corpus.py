"""The hostile corpus (fixtures/hostile, made by its make_corpus.py): hand lines, JSON lines and CSV that every
reading command must turn into exactly one row per line, in order, in valid UTF-8, under a memory limit; and
logs with one field made hostile that ``replay`` must refuse with a LogError naming the field, file by file."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.hostile.harness import FIXTURES, check_sane, expected_lines, internal_rows, mjscore

HANDS = FIXTURES / "hands.txt"
LOGS = FIXTURES / "logs"
EXPECTED = [line.split("\t") for line in (LOGS / "expected.tsv").read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _jsonl(run) -> list[dict]:
    return [json.loads(line) for line in run.text.splitlines()]


def test_no_corpus_line_meets_a_scorer_bug():
    run = mjscore("batch", HANDS, "--format", "jsonl")
    assert internal_rows(run) == []


@pytest.mark.parametrize("name", ["hands.txt", "hands.jsonl"])
def test_batch_gives_one_row_per_line_in_order(name):
    path = FIXTURES / name
    run = mjscore("batch", path, "--format", "jsonl", "--jobs", "1")
    check_sane(run, codes=(1,))
    rows = _jsonl(run)
    assert [r["line"] for r in rows] == expected_lines(path.read_bytes())
    assert all(r["source"] == str(path) for r in rows)
    assert all("error" in r or "win" in r for r in rows)


def test_batch_csv_gives_one_row_per_record():
    path = FIXTURES / "hands.csv"
    run = mjscore("batch", path, "--format", "csv", "--jobs", "1")
    check_sane(run, codes=(1,))
    # (csv.reader before Python 3.11 refuses a NUL, which the rows quote back from the file: read it as a space)
    records = list(csv.reader(io.StringIO(run.text.replace("\0", " "))))
    lines = [int(r[1]) for r in records[1:]]
    assert lines == sorted(lines) and len(lines) == len(set(lines))
    # every data record of the file (header at line 1, the unclosed quote runs to the end) has its row
    assert lines[:6] == [2, 3, 4, 5, 6, 7]


def test_score_stdin_gives_one_row_per_line_in_order():
    data = HANDS.read_bytes()
    run = mjscore("score", "-", stdin=data)
    check_sane(run, codes=(1,))
    rows = _jsonl(run)
    assert [r["line"] for r in rows] == expected_lines(data)


@pytest.mark.parametrize("fmt", ["table", "csv", "jsonl"])
def test_every_format_of_the_corpus_is_utf8_and_printable(fmt):
    run = mjscore("batch", "-", "--format", fmt, stdin=HANDS.read_bytes())
    check_sane(run, codes=(1,))
    if fmt == "table":
        assert "\x1b" not in run.text                 # a terminal's escape sequences are shown, never sent
    n = len(expected_lines(HANDS.read_bytes()))
    assert len(run.text.splitlines()) == n + (0 if fmt == "jsonl" else 1)


def test_batch_jobs_2_writes_the_same_bytes_as_jobs_1():
    one = mjscore("batch", HANDS, "--format", "jsonl", "--jobs", "1")
    two = mjscore("batch", HANDS, "--format", "jsonl", "--jobs", "2")
    assert one.out == two.out and one.rc == two.rc == 1


@pytest.mark.parametrize("name,code,fragment", EXPECTED, ids=[e[0] for e in EXPECTED])
def test_hostile_log_gets_a_clear_verdict(name, code, fragment):
    run = mjscore("replay", LOGS / name, "--verify")
    check_sane(run, codes=(int(code),))
    verdict = [line for line in run.errtext.splitlines() if line.startswith(f"{LOGS / name}:")]
    assert len(verdict) == 1 and fragment in verdict[0], run


def test_replay_of_every_hostile_log_at_once_gives_each_its_verdict_then_a_summary():
    names = [e[0] for e in EXPECTED]
    good = FIXTURES / "base" / "tenhou6-two-rounds.json"
    run = mjscore("replay", good, *[LOGS / n for n in names], good, "--verify", "--json")
    check_sane(run, codes=(1,))
    lines = run.errtext.splitlines()
    verdicts = [line.split(":", 1)[0].rsplit("/", 1)[-1] for line in lines[:-1]]
    assert verdicts == [good.name] + names + [good.name]       # one verdict per file, in order
    assert lines[0].startswith(f"{good}: agree") and lines[-2].startswith(f"{good}: agree")
    assert lines[-1].startswith(f"{len(names) + 2} file(s)")
    rows = _jsonl(run)
    assert sum(1 for r in rows if r.get("file") == good.name and "round" in r) == 4


def test_batch_replays_hostile_logs_as_error_rows():
    run = mjscore("batch", LOGS, FIXTURES / "base", "--format", "jsonl")
    check_sane(run, codes=(1,))
    rows = _jsonl(run)
    bad = {r["source"].rsplit("/", 1)[-1] for r in rows if "error" in r and r.get("error")}
    assert {e[0] for e in EXPECTED if e[0] != "mjlog-carry-mismatch.mjlog"} <= bad
    carry = [r for r in rows if r["source"].endswith("mjlog-carry-mismatch.mjlog")]
    assert [r["agree"] for r in carry] == [True, False, False, True, True]
