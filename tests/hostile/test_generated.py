"""Generated hostile cases: inputs too big to keep in a file (an endless line, bombs), the machine's own hostility
(a full disk, closed streams, signals, FIFOs, a path that is not UTF-8), the output being the input, one CLI
contract across commands, seeded mutations of hands and logs. Each runs ``mjscore`` in a child under a 1.5 GB
address-space limit and a timeout, and checks the exit code, UTF-8 output and one row per input line in order."""

from __future__ import annotations

import gzip
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.hostile.harness import CLI, CLOSED, FIXTURES, MEMORY_LIMIT, ROOT, check_sane, expected_lines, mjscore

GOOD = "234m456p22p45678s+3s ron riichi dora:1m"
LOGS = ROOT / "fixtures" / "logs"


def _rows(run) -> list[dict]:
    return [json.loads(line) for line in run.text.splitlines()]


# ---- everything is bounded ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("cmd", [["score", "-"], ["batch", "-", "--format", "jsonl"]])
def test_an_endless_line_is_one_error_row_in_bounded_memory(cmd):
    data = b"\x00" * 30_000_000 + b"\n" + GOOD.encode() + b"\n"      # `score - </dev/zero`, with an end
    run = mjscore(*cmd, stdin=data)
    check_sane(run, codes=(1,))
    rows = _rows(run)
    assert [r["line"] for r in rows] == [1, 2]
    assert "line too long" in rows[0]["error"] and len(rows[0]["input"]) < 100
    assert rows[1].get("win") is True


def test_a_gzip_bomb_and_a_tag_bomb_are_refused_in_bounded_memory(tmp_path):
    log = (LOGS / "pao-ron.mjlog").read_bytes()
    head = log[:log.index(b"/>", log.index(b"<INIT")) + 2]               # everything up to the first deal
    (tmp_path / "bomb.mjlog.gz").write_bytes(gzip.compress(head + b"<T52/>" * 4_000_000, 9))   # 24 MB of XML
    (tmp_path / "tags.mjlog").write_bytes(head + b"<T52/>" * 2_000_000)                          # 12 MB, one round
    (tmp_path / "nest.xml").write_bytes(b"<a>" * 3_000_000)
    run = mjscore("replay", *sorted(tmp_path.iterdir()), "--verify")
    check_sane(run, codes=(1,))
    err = run.errtext
    assert "gzip expands past" in err and "events in one round" in err and "XML elements" in err


def test_jobs_are_clamped_with_a_message(tmp_path):
    (tmp_path / "h.txt").write_text(GOOD + "\n")
    run = mjscore("batch", tmp_path / "h.txt", "--jobs", "100000", "--format", "jsonl")
    check_sane(run, codes=(0,))
    assert "--jobs 100000 is more workers" in run.errtext and len(_rows(run)) == 1


def test_a_fifo_or_device_inside_a_batch_directory_is_skipped_with_a_message(tmp_path):
    d = tmp_path / "hands"
    d.mkdir()
    (d / "a.txt").write_text(GOOD + "\n")
    os.mkfifo(d / "b.fifo")                              # reading it would block forever
    os.symlink("/dev/zero", d / "c.txt")                 # reading it would never end
    run = mjscore("batch", d, "--format", "jsonl", timeout=60)
    check_sane(run, codes=(0,))
    assert [r["source"] for r in _rows(run)] == [str(d / "a.txt")]
    assert "skipped" in run.errtext and "b.fifo" in run.errtext and "c.txt" in run.errtext


def test_a_file_name_that_is_not_utf8_is_shown_not_copied_raw(tmp_path):
    d = tmp_path / "hands"
    d.mkdir()
    with open(os.path.join(os.fsencode(d), b"\xff\xfe.txt"), "w") as f:     # the name's bytes are the test
        f.write(GOOD + "\n")
    run = mjscore("batch", d, "--format", "jsonl")
    check_sane(run, codes=(0,))
    assert _rows(run)[0]["source"].endswith("\ufffd\ufffd.txt")


# ---- nothing is lost ----------------------------------------------------------------------------------------------
def _same_file_cases(tmp_path):
    inp = tmp_path / "h.txt"
    inp.write_text(GOOD + "\n" + GOOD + "\n")
    os.link(inp, tmp_path / "hard.txt")
    os.symlink(inp, tmp_path / "soft.txt")
    return inp, [(["batch", inp, "--out", inp], None), (["batch", inp, "--out", tmp_path / "hard.txt"], None),
                 (["batch", inp, "--out", tmp_path / "soft.txt"], None),
                 (["batch", tmp_path, "--out", tmp_path / "hard.txt"], None),
                 (["batch", "-", "--out", tmp_path / "soft.txt"], str(inp)),
                 (["batch", inp], "stdout")]


def test_an_output_that_is_an_input_is_refused_before_anything_is_written(tmp_path):
    inp, cases = _same_file_cases(tmp_path)
    before = inp.read_bytes()
    for args, stream in cases:
        if stream == "stdout":          # `mjscore batch h.txt >> h.txt`
            run = mjscore(*args, stdout=str(inp))
        else:
            run = mjscore(*args, stdin=stream if stream else b"")
        check_sane(run, codes=(2,))
        assert "the same file" in run.errtext, run
        assert inp.read_bytes() == before
    assert not list(tmp_path.glob(".*.partial-*"))


@pytest.mark.parametrize("out", ["/dev/full", "{tmp}/h.txt/out.jsonl", "{tmp}/missing/out.jsonl"])
def test_an_output_that_cannot_be_written_is_one_line_and_exit_1(tmp_path, out):
    (tmp_path / "h.txt").write_text(GOOD + "\n")
    out = out.format(tmp=tmp_path)
    run = mjscore("batch", tmp_path / "h.txt", "--out", out)
    check_sane(run, codes=(1,))
    assert f"cannot write {out}" in run.errtext
    assert not list(tmp_path.glob("**/.*.partial-*"))


def test_a_full_disk_on_standard_output_is_one_line_and_exit_1(tmp_path):
    (tmp_path / "h.txt").write_text(GOOD + "\n")
    for args in (["score", GOOD, "--json"], ["batch", tmp_path / "h.txt"], ["score", "-"],
                 ["replay", LOGS / "pao-ron.mjlog"]):
        run = mjscore(*args, stdin=(GOOD + "\n").encode(), stdout="/dev/full")
        check_sane(run, codes=(1,))
        assert "No space left on device" in run.errtext, run
        assert len(run.errtext.strip().splitlines()) <= 3, run


@pytest.mark.parametrize("cmd", [["score", "-"], ["batch", "-"], ["replay", "-"], ["play", "--seed", "1"]])
def test_a_closed_standard_input_is_one_line_and_exit_1(cmd):
    run = mjscore(*cmd, stdin=CLOSED)
    check_sane(run, codes=(1,))
    assert "standard input is closed" in run.errtext


def test_a_closed_standard_output_is_one_line_and_exit_1(tmp_path):
    (tmp_path / "h.txt").write_text(GOOD + "\n")
    for args in (["score", GOOD], ["batch", tmp_path / "h.txt"], ["presets"]):
        run = mjscore(*args, stdout=CLOSED)
        check_sane(run, codes=(1,))
        assert "standard output is closed" in run.errtext, run
    # with --out, standard output is not needed
    run = mjscore("batch", tmp_path / "h.txt", "--out", tmp_path / "o.jsonl", stdout=CLOSED)
    check_sane(run, codes=(0,))
    assert len((tmp_path / "o.jsonl").read_text().splitlines()) == 1


def test_sigterm_while_reading_standard_input_exits_143():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", CLI, "score", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    proc.stdin.write((GOOD + "\n").encode())
    proc.stdin.flush()
    deadline = time.time() + 30
    line = proc.stdout.readline()                   # the first row is out: it now waits for more
    assert json.loads(line)["line"] == 1 and time.time() < deadline
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 143, err
    assert b"SIGTERM" in err and b"Traceback" not in err


# ---- one CLI contract ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["rules", "--rules", "bogus"], ["rules", "--preset", "bogus"], ["replay", "/nonexistent"],
    ["replay", "-", "-"], ["batch", "/nonexistent"], ["batch", "{h}", "--format", "xml"],
    ["batch", "{h}", "--jobs", "0"], ["batch", "{h}", "--preset", "bogus"], ["batch", "{h}", "--out", ""],
    ["score", GOOD, "--rules", "go"], ["score", GOOD, "--preset", "bogus"], ["score"],
    ["verify", GOOD, "--claim", "7700", "--preset", "bogus"], ["verify", GOOD, "--claim", "7700", "--rules", "go"],
    ["play", "--rules", "go"], ["play", "--auto", "--deals", "-1"], ["analyze"], ["nonsense-command"],
], ids=lambda a: " ".join(a)[:40])
def test_usage_errors_exit_2_in_every_command(tmp_path, args):
    h = tmp_path / "h.txt"
    h.write_text(GOOD + "\n")
    run = mjscore(*[a.format(h=h) for a in args])
    check_sane(run, codes=(2,))
    assert run.err.strip(), run


def test_verify_takes_rules_and_preset_as_defaults_the_line_overrides():
    run = mjscore("verify", GOOD + " preset:tenhou", "--claim", "7700", "--preset", "standard", "--json")
    check_sane(run, codes=(0,))
    assert json.loads(run.text)["result"]["preset"] == "tenhou"
    run = mjscore("verify", GOOD, "--claim", "7700", "--preset", "tenhou", "--json")
    assert json.loads(run.text)["result"]["preset"] == "tenhou"
    run = mjscore("verify", "123m456m789m123p5s+5s tsumo rules:mcr", "--claim", "8", "--rules", "riichi", "--json")
    assert json.loads(run.text)["result"]["rules"] == "mcr"


@pytest.mark.parametrize("hand,fragment", [
    ("11111m234p567s11z", "a fifth copy of 1m"),
    ("1111m1m234p567s11z", "a fifth copy of 1m"),
    ("123m456p789s11z[/x]", "[/x]"),
    ("１２３m456p789s11z2", "１２３m456p789s11z2"),
])
def test_analyze_checks_a_hand_as_score_does_and_quotes_it_as_typed(hand, fragment):
    run = mjscore("analyze", hand)
    check_sane(run, codes=(1,))
    assert fragment in run.errtext


def test_play_reads_markup_as_text_and_fits_40_columns():
    run = mjscore("play", "--seed", "1", stdin=b"[/x]\n[bold]\n", env={"COLUMNS": "40"})
    check_sane(run, codes=(1,))                       # the input ends before the deal: abandoned
    out = run.text
    assert "not a tile in your hand: '[/x]'" in out and "Deal abandoned" in out
    board = out.split("Discard (", 1)[0]         # (a prompt and the answer's echo share a line on a pipe)
    assert all(len(line) <= 40 for line in board.splitlines())
    hand_rows = out.split("Your hand", 1)[1].split("Discard", 1)[0]
    assert "…" not in hand_rows and "14" in hand_rows


# ---- seeded mutations ---------------------------------------------------------------------------------------------
_TOKENS = [b"\xff", b"\x00", b"\xc3", "²".encode(), "１".encode(), b"[", b"]", b"(", b"+", b"claim:", b"honba:",
           b"dora:", b"9" * 60, b"{", b'"', b"\\ud800", b"\x1b[", b"[/x]", b"rules:mcr", b"preset:"]
_HANDS = [GOOD, "123m456p789s1155z+5z tsumo riichi dora:4p claim:2000/4000", "123m456m789m123p5s+5s rules:mcr tsumo",
          "11m[555p](7777z)234s678s+1m ron honba:2", '{"hand": "1112345678999m+9m", "claim": "yakuman"}']


def _mutated_lines(seed: int, n: int) -> bytes:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        b = bytearray(rng.choice(_HANDS).encode())
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(b) + 1)
            r = rng.random()
            if r < 0.5:
                b[i:i + rng.randint(0, 3)] = rng.choice(_TOKENS)
            elif r < 0.8:
                del b[i:i + rng.randint(1, 5)]
            else:
                b.insert(i, rng.randrange(256))
        out.append(b"x" + bytes(b).replace(b"\n", b" ").replace(b"\r", b" "))   # never blank, never a comment
    return b"\n".join(out) + b"\n"


@pytest.mark.parametrize("cmd", [["batch", "-", "--format", "jsonl", "--jobs", "2"], ["score", "-"]])
def test_mutated_hand_lines_give_one_row_each_in_order(cmd):
    data = _mutated_lines(12, 400)
    run = mjscore(*cmd, stdin=data)
    check_sane(run, codes=(0, 1))
    assert [r["line"] for r in _rows(run)] == expected_lines(data) == list(range(1, 401))


def _mutated_log(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(b))
        r = rng.random()
        if r < 0.4:
            b[i] = rng.randrange(256)
        elif r < 0.7:
            b[i:i + rng.randint(1, 6)] = rng.choice([b"1e400", b"NaN", b"-1", b"9" * 30, b'"x"', b"null", b"[]",
                                                     b"{}", b"136", b"\xff", b"<", b"/>", b"[[[["])
        else:
            del b[i:i + rng.randint(1, 40)]
    return bytes(b)


def test_mutated_logs_of_every_format_each_get_a_verdict(tmp_path):
    rng = random.Random(7)
    bases = [LOGS / "pao-ron.mjlog", LOGS / "own-seed3.jsonl", FIXTURES / "base" / "tenhou6-two-rounds.json",
             FIXTURES / "base" / "mjai-two-rounds.jsonl"]
    paths = []
    for k in range(60):
        base = bases[k % len(bases)]
        p = tmp_path / f"m{k:02d}{''.join(base.suffixes)}"
        p.write_bytes(_mutated_log(base.read_bytes(), rng))
        paths.append(p)
    run = mjscore("replay", *paths, "--verify", "--json")
    check_sane(run, codes=(0, 1))
    verdicts = [line.split(":", 1)[0] for line in run.errtext.splitlines()[:-1]]
    assert verdicts == [str(p) for p in paths]
    assert run.errtext.splitlines()[-1].startswith("60 file(s)")
    batch = mjscore("batch", tmp_path, "--format", "jsonl")
    check_sane(batch, codes=(0, 1))
    assert {r["source"] for r in _rows(batch)} == {str(p) for p in paths}        # every log has its rows


def test_the_memory_limit_is_real():
    run = mjscore("score", "-", stdin=b"", env={"PYTHONSTARTUP": ""})
    assert run.rc == 0
    code = f"bytearray({2 * MEMORY_LIMIT})"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          preexec_fn=lambda: __import__("resource").setrlimit(
                              __import__("resource").RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT)))
    assert proc.returncode != 0 and b"MemoryError" in proc.stderr


def test_a_csv_whose_header_cannot_be_read_is_one_error_row(tmp_path):
    p = tmp_path / "wide.csv"
    p.write_text("," * 5000 + "hand\n" + GOOD + ",1\n")
    run = mjscore("batch", p, "--format", "jsonl")
    check_sane(run, codes=(1,))
    rows = _rows(run)
    assert len(rows) == 1 and rows[0]["line"] == 1 and "CSV header cannot be read" in rows[0]["error"]


def test_replay_skips_a_fifo_in_a_directory_and_an_empty_run_is_not_a_pass(tmp_path):
    os.mkfifo(tmp_path / "x.json")
    run = mjscore("replay", tmp_path, "--verify", timeout=60)
    check_sane(run, codes=(1,))
    assert "skipped" in run.errtext and "no game logs" in run.errtext


def test_error_messages_quote_a_short_window_of_a_long_input():
    hand = "123m456p789s11z55z+5x ron " + "riichi " * 500
    run = mjscore("score", hand)
    check_sane(run, codes=(1,))
    lines = run.errtext.splitlines()
    assert len(lines) == 3 and all(len(line) < 200 for line in lines)
    assert lines[2].index("^") == lines[1].index("+5x") + 1       # the caret still under the bad tile
    rows = _rows(mjscore("score", "-", stdin=(hand + "\n").encode()))
    assert len(rows[0]["error"]) < 400 and rows[0]["input"] == hand.strip()


def test_a_player_types_numbers_in_one_form():
    from scorer.cli.play import choice_number
    assert [choice_number(t, 14) for t in ("1", "14", "15", "0", "²", "１", "9" * 5000, "-1", " 2", "")] == \
        [1, 14, None, None, None, None, None, None, None, None]
    run = mjscore("play", "--seed", "1", stdin=("²\n" + "9" * 5000 + "\n１\n").encode())
    check_sane(run, codes=(1,))
    assert run.text.count("not a tile in your hand") == 3 and "Deal abandoned" in run.text
    assert max(len(line) for line in run.text.splitlines()) < 200


@pytest.mark.parametrize("stdin", [CLOSED, b"n\n[/x]\nq\n"])
def test_replay_step_with_a_closed_or_hostile_stdin_quits_cleanly(stdin):
    run = mjscore("replay", "--step", LOGS / "pao-ron.mjlog", stdin=stdin)
    check_sane(run, codes=(0,))
    assert "event 1/" in run.text


def test_an_output_inside_a_directory_being_read_is_never_read_back(tmp_path):
    d = tmp_path / "hands"
    d.mkdir()
    (d / "a.txt").write_text((GOOD + "\n") * 3000)
    (d / "z.txt").write_text(GOOD + "\n")
    out = d / "m.jsonl"                  # sorts between the inputs: a walk would meet the rows being written
    run = mjscore("batch", d, "--out", out, "--jobs", "1")
    check_sane(run, codes=(0,))
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["source"] for r in rows] == [str(d / "a.txt")] * 3000 + [str(d / "z.txt")]


@pytest.mark.parametrize("cmd", [["score", "-"], ["batch", "-", "--format", "jsonl"], ["replay", "{logs}"]])
def test_a_reader_that_goes_away_stops_the_command_quietly(cmd):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MJSCORE_NO_PROGRESS": "1"}
    args = [a.format(logs=LOGS) for a in cmd]
    proc = subprocess.Popen([sys.executable, "-c", CLI, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env=env)

    def feed():
        try:
            proc.stdin.write(((GOOD + "\n") * 20000).encode())
            proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass
    threading.Thread(target=feed, daemon=True).start()
    proc.stdout.readline()
    proc.stdout.close()                             # `| head -1`
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0, err
    assert b"Traceback" not in err and b"internal error" not in err
