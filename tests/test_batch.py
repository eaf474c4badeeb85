"""`mjscore batch`: one row per input hand in input order for every input format, errors as rows, stdin, exit
codes and the summary, order kept across worker processes, bounded chunks in flight, a clean stop on Ctrl-C,
game logs replayed, and the Dask engine writing byte-identical output to the local one."""

from __future__ import annotations

import csv
import io
import itertools
from collections import deque
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorer import batch as B
from scorer.cli import batch as CB
from scorer.cli.batch import batch_command

ROOT = Path(__file__).resolve().parent.parent
REALDATA = ROOT.parent / "shared" / "realdata"

GOOD = "234m456p22p45678s+3s ron riichi dora:1m"        # 4 han 30 fu, 7700
TSUMO = "123m456p789s1155z+5z tsumo riichi dora:4p"      # mangan 2000/4000
NO_WIN = "123m456p789s1155z+6z ron"                      # not complete
MCR = "123m456m789m123p5s+5s rules:mcr tsumo"

TEXT = f"""# a club's hands
{GOOD}

{TSUMO} claim:2000/4000
12x
{GOOD} claim:3900
{NO_WIN}
{{"hand": "{GOOD}", "claim": "7700"}}
{{"hand": 5}}
{{not json
{GOOD} claim:77x
"""
# (line, kind) for each row of TEXT: ok / error / non-win, in order
TEXT_ROWS = [(2, "win"), (4, "win"), (5, "error"), (6, "win"), (7, "non-win"), (8, "win"), (9, "error"),
             (10, "error"), (11, "error")]

JSONL = "\n".join([json.dumps({"hand": GOOD}), "", json.dumps({"hand": "1m", "claim": "7700"}),
                   json.dumps({"hand": TSUMO, "claim": "2000/4000"}), "[1, 2]", json.dumps({"claim": "1"}),
                   json.dumps({"hand": NO_WIN, "claim": "1000"})]) + "\n"
JSONL_ROWS = [(1, "win"), (3, "error"), (4, "win"), (5, "error"), (6, "error"), (7, "non-win")]

CSV = f"""id,hand,claim
1,{GOOD},7700
2,"{TSUMO}
",2000/4000
3,123x,
4,,
5,{NO_WIN},

6,{GOOD},3900
"""
CSV_ROWS = [(2, "win"), (3, "win"), (5, "error"), (6, "error"), (7, "non-win"), (9, "win")]


def _kind(row: dict) -> str:
    if "error" in row:
        return "error"
    return "win" if row["win"] else "non-win"


def _run(tmp_path, inputs, fmt="jsonl", jobs=1, engine="local", scheduler=None, rules=None, preset=None):
    out = tmp_path / f"out-{fmt}-{jobs}-{engine}.txt"
    rc = batch_command([str(p) for p in inputs], rules, preset, fmt, str(out), jobs, engine, scheduler)
    return rc, out.read_text(encoding="utf-8")


def _rows(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture()
def files(tmp_path):
    paths = {}
    for name, text in (("hands.txt", TEXT), ("hands.jsonl", JSONL), ("hands.csv", CSV)):
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        paths[name] = p
    return paths


# ---- one row per input hand, in order, errors flagged -----------------------------------------------------------
@pytest.mark.parametrize("name,expected", [("hands.txt", TEXT_ROWS), ("hands.jsonl", JSONL_ROWS),
                                           ("hands.csv", CSV_ROWS)])
def test_each_input_format_gives_one_row_per_hand_in_order(tmp_path, files, name, expected, capsys):
    rc, text = _run(tmp_path, [files[name]])
    rows = _rows(text)
    assert [(r["line"], _kind(r)) for r in rows] == expected
    assert all(r["source"] == str(files[name]) for r in rows)
    assert rc == 1  # bad lines make the run's exit 1, but the run went on to the end
    err = capsys.readouterr().err
    n_err = sum(1 for _, k in expected if k == "error")
    assert f"{len(expected)} rows" in err and f"{n_err} errors" in err
    for line, kind in expected:
        if kind == "error":
            assert f"{files[name]}:{line}" in err


def test_error_rows_quote_the_input_and_the_reason(tmp_path, files):
    _, text = _run(tmp_path, [files["hands.txt"]])
    bad = {r["line"]: r for r in _rows(text) if "error" in r}
    assert bad[5]["input"] == "12x" and "suit letter" in bad[5]["error"] and "^" in bad[5]["error"]
    assert "no \"hand\"" in bad[9]["error"]
    assert "not a JSON object" in bad[10]["error"]
    assert "bad claim" in bad[11]["error"]


def test_claims_are_checked_line_by_line(tmp_path, files, capsys):
    _, text = _run(tmp_path, [files["hands.txt"]])
    rows = {r["line"]: r for r in _rows(text)}
    assert rows[4]["claim_agrees"] is True and rows[4]["claim_expected"] == "2000/4000"
    assert rows[6]["claim_agrees"] is False and rows[6]["claim_expected"] == "7700"
    assert "missed riichi" in rows[6]["claim_why"]
    assert rows[8]["claim"] == "7700" and rows[8]["claim_agrees"] is True  # the JSON object's claim
    assert "claim" not in rows[2]
    assert "claims: 2 agreed, 1 disputed" in capsys.readouterr().err


def test_several_inputs_keep_their_order(tmp_path, files):
    _, text = _run(tmp_path, [files["hands.csv"], files["hands.txt"], files["hands.jsonl"]])
    got = [(Path(r["source"]).name, r["line"]) for r in _rows(text)]
    want = ([("hands.csv", n) for n, _ in CSV_ROWS] + [("hands.txt", n) for n, _ in TEXT_ROWS]
            + [("hands.jsonl", n) for n, _ in JSONL_ROWS])
    assert got == want


def test_a_broken_csv_record_is_an_error_row(tmp_path):
    p = tmp_path / "broken.csv"
    # a quoted field over the csv module's field limit, on lines each within the line limit
    huge = '"' + ("1" * 1000 + "\n") * (csv.field_size_limit() // 1000 + 2) + '"'
    p.write_text(f"hand,claim\n{GOOD},7700\n{huge},1\n{GOOD},\n", encoding="utf-8")
    rc, text = _run(tmp_path, [p])
    rows = _rows(text)
    assert [_kind(r) for r in rows] == ["win", "error", "win"]
    assert rows[1]["line"] == 3 and rows[0]["line"] == 2 and rows[2]["line"] > 3
    assert "not a CSV record" in rows[1]["error"] and rc == 1


def test_a_nul_in_a_csv_record_is_read_as_a_character(tmp_path):
    # csv before Python 3.11 refuses a line with a NUL: the record must read the same on every Python
    p = tmp_path / "nul.csv"
    p.write_text(f"hand,claim,note\n{GOOD},7700,a\0b\n\"{GOOD}\0\",,\n", encoding="utf-8")
    rc, text = _run(tmp_path, [p])
    rows = _rows(text)
    assert [(r["line"], _kind(r)) for r in rows] == [(2, "win"), (3, "error")]
    assert rows[1]["input"] == GOOD + "\0" and "\\x00" in rows[1]["error"] and rc == 1


def test_an_over_long_csv_line_is_an_error_row(tmp_path):
    p = tmp_path / "long.csv"
    huge = "1" * (csv.field_size_limit() + 10)
    p.write_text(f"hand,claim\n{GOOD},7700\n{huge},1\n{GOOD},\n", encoding="utf-8")
    rc, text = _run(tmp_path, [p])
    rows = _rows(text)
    assert [(r["line"], _kind(r)) for r in rows] == [(2, "win"), (3, "error"), (4, "win")]
    assert "line too long" in rows[1]["error"] and len(rows[1]["input"]) < 100 and rc == 1


def test_csv_output_has_one_record_per_hand(tmp_path, files):
    _, text = _run(tmp_path, [files["hands.txt"]], fmt="csv")
    records = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["line"]) for r in records] == [n for n, _ in TEXT_ROWS]
    assert records[0]["points"] == "7700" and records[0]["han"] == "4" and records[0]["win"] == "true"
    assert records[2]["error"].startswith("expected a suit letter") and "column 3" in records[2]["error"]
    assert records[3]["claim_agrees"] == "false" and records[3]["claim_expected"] == "7700"
    assert len(text.splitlines()) == 1 + len(TEXT_ROWS)  # a row is one physical line


def test_table_output_has_a_header_and_one_line_per_hand(tmp_path, files):
    _, text = _run(tmp_path, [files["hands.txt"]], fmt="table")
    lines = text.splitlines()
    assert lines[0].startswith("SOURCE:LINE") and len(lines) == 1 + len(TEXT_ROWS)
    assert "4 han 30 fu 7700" in lines[1]
    assert "ERROR" in lines[3] and "12x" in lines[3]
    assert "3900 NO (7700)" in lines[4]


def test_mcr_rows(tmp_path):
    p = tmp_path / "mcr.txt"
    p.write_text(f"{MCR} claim:24\n{MCR} claim:8\n")
    rc, text = _run(tmp_path, [p])
    rows = _rows(text)
    assert rows[0]["rules"] == "mcr" and rows[0]["total"] == 24 and rows[0]["claim_agrees"] is True
    assert rows[1]["claim_agrees"] is False and "missed" in rows[1]["claim_why"]
    assert rc == 1


def test_rules_and_preset_are_defaults_that_a_line_overrides(tmp_path):
    p = tmp_path / "h.txt"
    p.write_text(f"{GOOD}\n{GOOD} preset:standard\n")
    _, text = _run(tmp_path, [p], preset="wrc")
    rows = _rows(text)
    assert rows[0]["preset"] == "wrc" and rows[0]["points"] == 8000  # kiriage mangan
    assert rows[1]["preset"] == "standard" and rows[1]["points"] == 7700


# ---- exit codes and usage ---------------------------------------------------------------------------------------
def test_all_good_exits_0(tmp_path, capsys):
    p = tmp_path / "good.txt"
    p.write_text(f"{GOOD}\n{NO_WIN}\n{TSUMO} claim:2000/4000\n")
    rc, text = _run(tmp_path, [p])
    assert rc == 0 and len(_rows(text)) == 3
    assert "3 rows: 2 wins, 1 non-wins, 0 errors; claims: 1 agreed, 0 disputed" in capsys.readouterr().err


def test_a_disputed_claim_exits_1(tmp_path):
    p = tmp_path / "disputed.txt"
    p.write_text(f"{GOOD} claim:3900\n")
    assert _run(tmp_path, [p])[0] == 1


@pytest.mark.parametrize("kwargs,fragment", [
    ({"fmt": "xml"}, "--format"),
    ({"rules": "go"}, "--rules"),
    ({"engine": "spark"}, "--engine"),
    ({"jobs": 0}, "--jobs"),
    ({"scheduler": "tcp://127.0.0.1:1"}, "--scheduler goes with --engine dask"),
    ({"inputs": ["/nonexistent/hands.txt"]}, "no such file"),
    ({"inputs": []}, "at least one INPUT"),
    ({"inputs": ["-", "-"]}, "read once"),
    ({"preset": "nosuchpreset"}, "unknown preset"),
])
def test_usage_errors_exit_2(tmp_path, files, capsys, kwargs, fragment):
    args = {"inputs": [str(files["hands.txt"])], "rules": None, "preset": None, "fmt": "jsonl",
            "out": str(tmp_path / "o"), "jobs": 1, "engine": "local", "scheduler": None, **kwargs}
    assert batch_command(**args) == 2
    assert fragment in capsys.readouterr().err


def test_dask_engine_without_dask_says_how_to_install(tmp_path, files, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    rc = batch_command([str(files["hands.txt"])], None, None, "jsonl", str(tmp_path / "o"), 1, "dask", None)
    assert rc == 2
    assert "pip install 'mjscore[dask]'" in capsys.readouterr().err


# ---- standard input ---------------------------------------------------------------------------------------------
def _cli(args: list[str], stdin: str | None = None, **kw) -> subprocess.CompletedProcess:
    code = ("import sys; from scorer.cli.batch import batch_command; a = sys.argv[1:]; "
            "sys.exit(batch_command([x for x in a if not x.startswith('--')], None, None, 'jsonl', None, "
            "int(next((x[7:] for x in a if x.startswith('--jobs=')), '1')), 'local', None))")
    return subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True,
                          cwd=str(ROOT), timeout=120, **kw)


def test_dash_reads_standard_input():
    res = _cli(["-"], stdin=TEXT)
    rows = _rows(res.stdout)
    assert [(r["line"], _kind(r)) for r in rows] == TEXT_ROWS
    assert all(r["source"] == "<stdin>" for r in rows)
    assert res.returncode == 1
    # nothing but the summary on a pipe: no progress bar
    assert res.stderr.startswith("batch: 9 rows")


def test_dash_reads_csv_from_standard_input():
    res = _cli(["-"], stdin=CSV)
    assert [(r["line"], _kind(r)) for r in _rows(res.stdout)] == CSV_ROWS


# ---- parallel workers keep the order; chunks in flight are bounded ---------------------------------------------
def test_jobs_2_writes_the_same_bytes_as_jobs_1(tmp_path, files):
    big = tmp_path / "big.txt"
    big.write_text(TEXT * 150, encoding="utf-8")   # ~1650 lines: several chunks of growing size
    for fmt in ("jsonl", "csv", "table"):
        rc1, one = _run(tmp_path, [big, files["hands.csv"]], fmt=fmt, jobs=1)
        rc2, two = _run(tmp_path, [big, files["hands.csv"]], fmt=fmt, jobs=2)
        assert one == two and rc1 == rc2 == 1


def test_replaced_workers_keep_the_order(tmp_path, files, monkeypatch):
    big = tmp_path / "big.txt"
    big.write_text(TEXT * 40, encoding="utf-8")
    _, one = _run(tmp_path, [big], jobs=1)
    monkeypatch.setattr(CB, "WORKER_CHUNKS", 1)  # a fresh worker for every chunk
    _, two = _run(tmp_path, [big], jobs=2)
    assert one == two


def test_chunks_grow_and_keep_order():
    items = [B.Item("s", n, "x") for n in range(1, 200)]
    got = list(B.chunks(items, size=64, first=4))
    assert [len(c) for c in got[:5]] == [4, 8, 16, 32, 64]
    assert [i.line for c in got for i in c] == list(range(1, 200))


def test_a_log_is_a_chunk_alone():
    items = [B.Item("s", 1, "x"), B.Item("g.mjlog", 0, "g.mjlog", log=True), B.Item("s", 2, "y")]
    assert [len(c) for c in B.chunks(items)] == [1, 1, 1]


def test_pool_keeps_a_bounded_window_of_chunks_in_flight():
    """The engine pulls chunks lazily: when a result comes out, at most the window's worth has been read."""
    drawn = 0

    def endless():
        nonlocal drawn
        for n in itertools.count(1):
            drawn += 1
            yield [B.Item("s", n, GOOD)], n

    stop = CB._Stop()
    results = CB._run_pool(endless(), (None, None, "jsonl"), 2, stop)
    seen = []
    for out, mark in itertools.islice(results, 30):
        seen.append(mark)
        assert drawn - mark <= 2 * 2 + 1
    results.close()
    assert seen == list(range(1, 31))


# ---- Ctrl-C -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_signal_leaves_every_written_row_whole_in_the_partial_file(tmp_path, jobs, sig, code):
    big = tmp_path / "big.txt"
    big.write_text((GOOD + "\n" + TSUMO + "\n12x\n") * 20000, encoding="utf-8")
    out = tmp_path / "partial.jsonl"
    prog = ("import sys; from scorer.cli.batch import batch_command; "
            f"sys.exit(batch_command([{str(big)!r}], None, None, 'jsonl', {str(out)!r}, {jobs}, 'local', None))")
    proc = subprocess.Popen([sys.executable, "-c", prog], cwd=str(ROOT), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60

    def partial():
        found = list(tmp_path.glob(".partial.jsonl.partial-*"))
        return found[0] if found else None

    while time.time() < deadline and (partial() is None or partial().stat().st_size < 20000):
        time.sleep(0.05)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    name = signal.Signals(sig).name
    assert f"stopped by {name} after" in err and "Traceback" not in err
    assert not out.exists()                    # an interrupted run never looks finished
    kept = partial()
    assert kept is not None and str(kept) in err
    text = kept.read_text(encoding="utf-8")
    assert text.endswith("\n")
    rows = _rows(text)  # every line is a whole JSON row
    assert 0 < len(rows) < 60000
    # the rows written are the first ones, in order, and stderr names the last one
    assert [r["line"] for r in rows] == list(range(1, len(rows) + 1))
    assert f"the last row written: {big}:{rows[-1]['line']}" in err


def test_a_completed_run_renames_the_partial_file(tmp_path, files):
    out = tmp_path / "done.jsonl"
    rc = batch_command([str(files["hands.txt"])], None, None, "jsonl", str(out), 1, "local", None)
    assert rc == 1 and out.exists() and not list(tmp_path.glob(".done.jsonl.partial-*"))
    assert len(_rows(out.read_text(encoding="utf-8"))) == len(TEXT_ROWS)


def test_ctrl_c_while_waiting_for_standard_input_stops_at_once():
    code = ("import sys; from scorer.cli.batch import batch_command; "
            "sys.exit(batch_command(['-'], None, None, 'jsonl', None, 1, 'local', None))")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=str(ROOT), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdin.write(GOOD + "\n" * 1)
    proc.stdin.flush()
    time.sleep(2)  # the batch now waits for more lines on its standard input
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "stopped by SIGINT" in err


# ---- game logs ------------------------------------------------------------------------------------------------------
MJLOGS = sorted((REALDATA / "riichi" / "tenhou-mjlog").glob("*.mjlog")) if REALDATA.exists() else []


@pytest.mark.skipif(not MJLOGS, reason="no real Tenhou logs in ../shared/realdata")
def test_a_directory_of_logs_is_replayed_round_by_round(tmp_path, capsys):
    pytest.importorskip("scorer.logs.replay")
    d = tmp_path / "logs"
    d.mkdir()
    shutil.copy(MJLOGS[0], d / MJLOGS[0].name)
    (d / "broken.mjlog").write_text("<mjloggm ver=\"2.3\"><INIT seed=\"0,0,0,0,0,0\"", encoding="utf-8")
    hands = tmp_path / "h.txt"
    hands.write_text(GOOD + "\n")
    rc, text = _run(tmp_path, [d, hands])
    rows = _rows(text)
    by_src = {}
    for r in rows:
        by_src.setdefault(Path(r["source"]).name, []).append(r)
    assert list(by_src) == sorted(["broken.mjlog", MJLOGS[0].name]) + ["h.txt"]  # sorted directory, then h.txt
    assert len(by_src["broken.mjlog"]) == 1 and by_src["broken.mjlog"][0]["error"]
    assert by_src["broken.mjlog"][0]["line"] == 1
    game = by_src[MJLOGS[0].name]
    assert len(game) > 4 and all(r["agree"] for r in game)
    assert [r["line"] for r in game] == list(range(1, len(game) + 1))
    assert rc == 1  # the broken log is an error row
    assert "log rounds:" in capsys.readouterr().err


def test_logs_without_their_reader_are_error_rows(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "scorer.logs.replay", None)
    p = tmp_path / "game.mjlog"
    p.write_text("<mjloggm/>")
    rows = B.score_rows([B.Item(str(p), 0, str(p), log=True)])
    assert len(rows) == 1 and "log replay is not available" in rows[0]["error"]


# ---- Dask ---------------------------------------------------------------------------------------------------------

def _has_dask() -> bool:
    try:
        import dask.distributed  # noqa: F401
        return True
    except ImportError:
        return False


needs_dask = pytest.mark.skipif(not _has_dask(), reason="Dask is not installed (pip install 'mjscore[dask]')")


@pytest.fixture(scope="module")
def dask_cluster():
    import logging

    from dask.distributed import LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                           silence_logs=logging.ERROR, scheduler_port=0)
    yield cluster
    cluster.close()


@needs_dask
def test_dask_on_a_scheduler_writes_the_same_bytes_as_local(tmp_path, files, dask_cluster):
    big = tmp_path / "big.txt"
    big.write_text(TEXT * 60, encoding="utf-8")
    inputs = [big, files["hands.csv"], files["hands.jsonl"]]
    for fmt in ("jsonl", "csv"):
        rc_local, local = _run(tmp_path, inputs, fmt=fmt, jobs=2)
        rc_dask, dask = _run(tmp_path, inputs, fmt=fmt, engine="dask", scheduler=dask_cluster.scheduler_address)
        assert dask == local and rc_dask == rc_local == 1


@needs_dask
def test_dask_starts_its_own_local_cluster(tmp_path, files):
    rc_local, local = _run(tmp_path, [files["hands.txt"]], fmt="table", jobs=1)
    rc_dask, dask = _run(tmp_path, [files["hands.txt"]], fmt="table", jobs=1, engine="dask")
    assert dask == local and rc_dask == rc_local


# ---- bounded reading and the one renderer ---------------------------------------------------------------------------
def test_bounded_lines_keep_lines_whole_and_bound_the_rest():
    data = b"\xef\xbb\xbfa\n" + b"x" * 10 + b"\nb\xffc\n" + b"y" * 25 + b"\nlast"
    got = list(B.bounded_lines(io.BytesIO(data), limit=12))
    assert got[0] == "a\n" and got[1] == "x" * 10 + "\n" and got[4] == "last"
    assert isinstance(got[2], B.BadLine) and "not UTF-8" in got[2].error and "0xff" in got[2].error
    assert isinstance(got[3], B.BadLine) and "line too long (26 bytes" in got[3].error and len(got[3]) <= 41
    assert len(got) == 5                      # the over-long line's rest is dropped, not a line of its own


def test_a_row_the_renderer_cannot_write_becomes_that_rows_error():
    from scorer.cli.render import render_rows
    rows = [{"source": "f", "line": 1, "win": True, "points": float("nan")},
            {"source": "f", "line": 2, "win": True, "yaku": {1, 2}}, {"source": "f", "line": 3, "win": False}]
    for fmt in ("jsonl", "csv", "table"):
        batch = [dict(r) for r in rows]
        text = render_rows(batch, fmt)
        assert text.count("\n") == 3 + 0 and text.endswith("\n")
        if fmt == "jsonl":
            out = [json.loads(line) for line in text.splitlines()]
            assert [r["line"] for r in out] == [1, 2, 3] and "cannot be written" in out[0]["error"]
            assert B.tally(batch).errors == 2 and B.tally(batch).last == "f:3"


def test_error_rows_keep_their_short_reason_out_of_the_json():
    rows = B.score_rows([B.Item("f", 1, "12x"), B.Item("f", 2, GOOD)])
    assert isinstance(rows[0], B.ErrorRow) and rows[0].short and "short" not in rows[0]
    from scorer.cli.render import render_rows
    first = json.loads(render_rows(rows, "jsonl").splitlines()[0])
    assert set(first) == {"source", "line", "input", "error"}
    assert rows[0].short in render_rows(rows, "csv")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_chunk_that_fails_as_a_whole_gives_error_rows_not_a_crash(tmp_path, files, monkeypatch, jobs):
    monkeypatch.setattr(CB, "run_chunk", _broken_chunk)      # (a forked worker has the same module)
    big = tmp_path / "big.txt"
    big.write_text(TEXT * 8, encoding="utf-8")      # several chunks: the first scored by the parent, then workers
    rc, text = _run(tmp_path, [big], jobs=jobs)
    rows = _rows(text)
    items = list(B.read_text(big.read_text(encoding="utf-8").splitlines(True), str(big)))
    assert rc == 1 and [r["line"] for r in rows] == [i.line for i in items] and len(rows) == 8 * len(TEXT_ROWS)
    assert all("the chunk could not be scored (RuntimeError: a worker bug)" in r["error"] for r in rows)


def _broken_chunk(items, *args):
    raise RuntimeError("a worker bug")


def _dying_chunk(items, *args):
    if any(item.text == NO_WIN for item in B.items_of(items)):
        os._exit(3)                     # a worker that dies mid-chunk (a crash, the OOM killer)
    return _real_run_chunk(items, *args)


_real_run_chunk = CB.run_chunk


def test_a_worker_that_dies_costs_its_chunk_only_and_leaves_no_process_behind(tmp_path, monkeypatch):
    import multiprocessing
    p = tmp_path / "h.txt"
    p.write_text("".join(f"{GOOD}\n" for _ in range(40)) + f"{NO_WIN}\n" + "".join(f"{TSUMO}\n" for _ in range(200)))
    monkeypatch.setattr(CB, "run_chunk", _dying_chunk)      # (a forked worker has the same module)
    rc, text = _run(tmp_path, [p], jobs=2)
    rows = _rows(text)
    assert [r["line"] for r in rows] == list(range(1, 242)) and rc == 1
    lost = [r["line"] for r in rows if "error" in r]
    assert 41 in lost and all("the worker process ended" in rows[n - 1]["error"] for n in lost)
    assert len(lost) < 100 and rows[-1]["points"] == 8000          # the chunks after it were scored
    assert [p for p in multiprocessing.active_children() if getattr(p, "_target", None) is CB._worker_main] == []


def test_a_dead_worker_loses_exactly_its_chunk(tmp_path, monkeypatch):
    """When a worker dies, only the chunk it was scoring is lost (lines 17-48: the first 16 lines are scored before
    the workers start, then chunks of 32, 64, ...); every later chunk is scored, in order."""
    import multiprocessing
    p = tmp_path / "h.txt"
    p.write_text("".join(f"{GOOD}\n" for _ in range(40)) + f"{NO_WIN}\n" + "".join(f"{TSUMO}\n" for _ in range(2000)))
    monkeypatch.setattr(CB, "run_chunk", _dying_chunk)
    rc, text = _run(tmp_path, [p], jobs=2)
    rows = _rows(text)
    assert [r["line"] for r in rows] == list(range(1, 2042)) and rc == 1
    assert [r["line"] for r in rows if "error" in r] == list(range(17, 49))
    assert all(r["points"] == 8000 for r in rows[48:])
    assert [p for p in multiprocessing.active_children() if getattr(p, "_target", None) is CB._worker_main] == []


def test_a_worker_is_given_its_next_chunk_only_when_both_fit_its_pipe(monkeypatch):
    """A busy worker may hold one chunk more (queued in its pipe) when the chunks it holds and the new one fit a
    quarter of its pipe's room; otherwise the chunk waits for an idle worker (a send must never block while the
    worker blocks sending back). A new worker starts first while fewer than --jobs run; idle ones are preferred."""
    class W:
        job_fits = CB._Worker.job_fits
        spent = CB._Worker.spent

        def __init__(self, held, room):
            self.jobs, self.room, self.given = deque(held), room, 0

    def job(lines):
        return CB._Job([B.Lines("f", 1, [f"{GOOD} {n}\n" for n in range(lines)])], 0)  # (distinct: pickled whole)

    small, big = job(10), job(40000)
    busy = W([job(10)], room=4 << 20)
    assert CB._pick([busy], 2, small) is CB._NEW            # a second worker starts before any chunk is queued
    assert CB._pick([busy], 1, small) is busy and CB._room([busy], 1)
    assert CB._pick([busy], 1, big) is None                 # ~2 MB of chunk: more than a quarter of 4 MB
    idle = W([], room=4 << 20)
    assert CB._pick([busy, idle], 2, big) is idle
    full = W([job(10), job(10)], room=4 << 20)
    assert CB._pick([full], 1, small) is None and not CB._room([full], 1)
    assert CB._pick([W([job(10)], room=0)], 1, small) is None     # no room known: never queued


def test_the_last_chunks_are_split_with_their_own_line_numbers(tmp_path):
    """Near the end of an input of known size the worker engine gets the blocks of lines in quarters (so the workers
    run out of work together); the items are the same, in the same order, with the same line numbers."""
    p = tmp_path / "h.txt"
    p.write_text("".join(f"{GOOD}\n" if n % 7 else "# a comment\n" for n in range(20000)), encoding="utf-8")
    counter = B.ByteCounter()
    marked = [(chunk, counter.done) for chunk in B.chunks(B.read_inputs([str(p)], counter=counter, blocks=1000),
                                                           1000)]
    split = list(CB._tail_split(iter(marked), p.stat().st_size, 2))
    items = [(i.line, i.text) for chunk, _ in marked for i in B.items_of(chunk)]
    assert [(i.line, i.text) for chunk, _ in split for i in B.items_of(chunk)] == items
    sizes = [sum(len(u.lines) for u in chunk) for chunk, _ in split]
    assert sizes[:8] == [16, 32, 64, 128, 256, 512, 1000, 1000] and sum(sizes) == 20000
    assert len(sizes) > len(marked) + 10 and max(sizes[-12:]) == 250 and sizes[-1] == 248     # (992 = 4 x 248)
    assert list(CB._tail_split(iter(marked), None, 2)) == marked        # size unknown (a pipe): as they come


def test_chunks_larger_than_any_pipe_buffer_both_ways_do_not_deadlock(tmp_path):
    """Chunks and outputs of megabytes each, both ways (lines of ~4 KB, each quoted back in its error row), far more
    than a pipe holds: the run must still end, with every row, in order (a guard for any change that lets a worker
    hold a next chunk while it sends an output)."""
    p = tmp_path / "long.txt"
    n = 3000
    p.write_text("".join(f"{GOOD} {'x' * 4000}\n" for _ in range(n)))
    out = tmp_path / "long.jsonl"
    root = Path(__file__).resolve().parents[1]
    script = ("import sys; sys.argv = ['mjscore', 'batch', sys.argv[1], '--format', 'jsonl', '--out', sys.argv[2], "
              "'--jobs', '2']; from scorer.cli.app import main; main()")
    proc = subprocess.run([sys.executable, "-c", script, str(p), str(out)], cwd=root, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "MJSCORE_NO_PROGRESS": "1"})
    assert proc.returncode == 1, proc.stderr[-2000:]
    rows = _rows(out.read_text(encoding="utf-8"))
    assert [r["line"] for r in rows] == list(range(1, n + 1)) and all("error" in r for r in rows)
    assert len(out.read_bytes()) > 4000 * n


def test_workers_leave_when_the_parent_is_killed(tmp_path):
    """SIGKILL the parent in the middle of a run: its workers end on their own within seconds instead of
    lingering."""
    p = tmp_path / "big.txt"
    p.write_text(f"{GOOD}\n" * 200_000)
    root = Path(__file__).resolve().parents[1]
    script = ("import sys; sys.argv = ['mjscore', 'batch', sys.argv[1], '--format', 'jsonl', '--out', sys.argv[2], "
              "'--jobs', '2']; from scorer.cli.app import main; main()")
    proc = subprocess.Popen([sys.executable, "-c", script, str(p), str(tmp_path / "o.jsonl")], cwd=root,
                            stderr=subprocess.DEVNULL, env={**os.environ, "MJSCORE_NO_PROGRESS": "1"})
    children: list[int] = []
    deadline = time.monotonic() + 60
    while len(children) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
        try:
            children = [int(c) for c in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
        except OSError:
            break
    assert len(children) == 2, "the workers did not start"
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(Path(f"/proc/{c}").exists() and
                                              "Z" not in _proc_state(c) for c in children):
        time.sleep(0.2)
    assert not [c for c in children if Path(f"/proc/{c}").exists() and "Z" not in _proc_state(c)]


def _proc_state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


class _FailingStream(io.BytesIO):
    """A byte stream whose read fails (EIO) after ``good`` lines."""

    def __init__(self, data: bytes, good: int):
        super().__init__(data)
        self.left = good

    def readline(self, size=-1):
        if self.left == 0:
            raise OSError(5, "Input/output error")
        self.left -= 1
        return super().readline(size)


@pytest.mark.parametrize("fail_after", [None, 0, 3, 14, 16, 17, 18, 25])
def test_lines_blocks_hold_the_same_items_as_reading_line_by_line(fail_after):
    """The parent reads hands files as blocks of lines that the workers take apart: the same items, the same
    line numbers, the same error for a read that fails part-way (numbered after the last item read)."""
    data = (b"\xef\xbb\xbf" + TEXT.encode() + b"\n\n# comment\n" + b"z" * 5000 + b"\n\xff\xfe\n" + TEXT.encode())

    def stream():
        return io.BytesIO(data) if fail_after is None else _FailingStream(data, fail_after)
    by_line = list(B._guard_reads(B.read_text(B.bounded_lines(stream()), "f"), "f"))
    blocks = list(B._guard_reads(B.text_blocks(B.bounded_lines(stream()), "f", 8, first=2), "f"))
    assert any(b.__class__ is B.Lines for b in blocks) or fail_after == 0
    assert list(B.items_of(blocks)) == by_line
    if fail_after is not None:
        assert by_line[-1].error.startswith("cannot read f past line")
    import pickle
    assert list(B.items_of(pickle.loads(pickle.dumps(blocks)))) == by_line   # as a worker receives them


def test_chunks_count_the_lines_of_a_block():
    blocks = list(B.text_blocks([f"{GOOD}\n"] * 100, "f", 32, first=4))
    assert [len(b.lines) for b in blocks] == [4, 8, 16, 32, 32, 8]
    got = list(B.chunks([B.Item("s", 1, "x")] + blocks, size=64, first=4))
    assert [sum(len(u.lines) if u.__class__ is B.Lines else 1 for u in c) for c in got] == [5, 8, 16, 32, 40]
    assert [i.line for i in B.items_of(u for c in got for u in c)][1:] == list(range(1, 101))


def test_a_worker_stopped_as_it_starts_leaves_no_traceback():
    """A busy worker is stopped with SIGTERM; one stopped before it has put its own signal handling in place
    used to run the parent's handler (KeyboardInterrupt) and print a traceback. Start and stop 200 workers
    at once under such a handler: stderr stays clean."""
    import subprocess
    import sys
    from pathlib import Path
    script = r'''
import multiprocessing, signal
from scorer.cli import batch as B
def stop(*_):
    raise KeyboardInterrupt
signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
ctx, live = multiprocessing.get_context("fork"), []
for _ in range(200):
    w = B._Worker(ctx, (), live)
    w.jobs.append(object())     # busy: stop() terminates it
    w.stop()
    w.join()
    live.remove(w)
'''
    root = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr, p.stderr[:2000]


def test_items_and_rows_built_from_whole_tuples_equal_the_ones_built_by_name():
    # read_text and the scorer build Item and HandRow with tuple.__new__ (a call less): every field must be given
    items = list(B.read_text(["\n", GOOD + "\n", "# c\n"], "f"))
    assert items == [B.Item("f", 2, GOOD)] and items[0]._fields == B.Item._fields
    assert items[0].claim is None and items[0].error is None and items[0].log is False
    row = B._scorer(None, None)(items[0])
    assert row.__class__ is B.HandRow and row == B.HandRow("f", 2, row.result, None, GOOD)
    assert B.plain_row(row) == {"source": "f", "line": 2, **row.result.to_dict()}


def test_jsonl_rows_are_the_plain_encoding_of_the_rows_dicts(tmp_path, files):
    # the JSON lines are written straight from the results (scorer.cli.render); they must be, byte for byte, the
    # JSON of the rows as plain values: riichi wins, non-wins, not-complete hands under every preset, MCR, claims,
    # error rows, in the order of the input, with one worker and with two
    from tests.riichi.golden import read
    lines = [r["text"] + (f" preset:{r['preset']}" if r["preset"] else "") for r in read() if "text" in r][:1500]
    lines += [MCR, MCR + " claim:12", GOOD + " claim:7700", TSUMO + " claim:1000/2000", "12x", NO_WIN]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    items = list(B.read_inputs([str(path)]))
    expected = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in B.score_rows(items))
    assert expected.count("\n") == len(lines)
    for jobs in (1, 2):
        _, text = _run(tmp_path, [path], jobs=jobs)
        assert text == expected


def test_a_result_whose_dict_fails_is_its_rows_internal_error_in_score_rows_too(monkeypatch):
    from scorer.riichi.evaluate import RiichiResult

    def broken(self):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(RiichiResult, "to_dict", broken)
    rows = B.score_rows([B.Item("f", 1, GOOD), B.Item("f", 2, "12x")])
    assert rows[0] == {"source": "f", "line": 1, "input": GOOD, "error": "internal error: ZeroDivisionError: a bug"}
    assert rows[1].__class__ is B.ErrorRow and rows[1]["input"] == "12x"     # (a notation error, as ever)
    assert B.tally(rows).errors == 2
