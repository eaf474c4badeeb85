"""The seeded per-suit tables shipped as package data (``scorer/arrangements_seed.pickle``) against the code.

The file must hold exactly what ``python -m scorer.arrangements_seed`` computes now (so a change to the table, a
suit entry or a suit's waits that is not followed by a rebuild fails here), and each of its values must be what
the one-by-one code makes for that key (the table's parts from ``_build_table``, each entry from the table, each
suit's waits from ``_suit_waits_of``). Then: a process reads it only when it seeds (never for one hand), a file
that is missing or of another format is computed instead, and a batch of many hands reads it before its workers
fork.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import arrangements as A
from scorer import arrangements_seed as S

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def shipped():
    state = A._read_seed()
    assert state is not None, f"{A.SEED_FILE} is missing or unreadable: run python -m scorer.arrangements_seed"
    return state


def test_the_shipped_file_is_what_the_code_computes_now(tmp_path, shipped):
    fresh = tmp_path / "seed.pickle"
    subprocess.run([sys.executable, "-m", "scorer.arrangements_seed", str(fresh)], cwd=ROOT, check=True,
                   timeout=120)
    computed = A._read_seed(str(fresh))
    assert computed is not None
    assert computed.keys() == shipped.keys()
    for key in computed:
        assert computed[key] == shipped[key], f"the shipped {key} differ: run python -m scorer.arrangements_seed"


def test_the_shipped_parts_are_the_table(shipped):
    for honor in (False, True):
        for sets in range(5):
            stored = shipped["parts"][honor][sets]
            assert stored == A._build_table(7 if honor else 9, not honor, sets), (honor, sets)


def test_every_shipped_entry_and_suit_waits_are_what_the_code_makes_for_its_part(shipped):
    """Each entry as the one-by-one code makes it (a process that made none yet, so nothing is read from a cache
    or the file), each suit's waits as :func:`_suit_waits_of` works them out."""
    code = ("import pickle, sys; import scorer.arrangements as A; "
            "A._seeded.append(True); "      # (so that making entries one by one never seeds)
            "parts = pickle.loads(sys.stdin.buffer.read()); "
            "sys.stdout.buffer.write(pickle.dumps({p: A.suit_entry(p) for p in parts}))")
    parts = list(shipped["entries"])
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(parts), capture_output=True, cwd=ROOT,
                         timeout=120, check=True)
    made = pickle.loads(out.stdout)
    assert made == shipped["entries"]
    assert len(made) > 30000 and set(shipped["broken"]) == {p for p, e in made.items() if not e[0]}
    for part, waits in shipped["suit_waits"].items():
        assert A._suit_waits_of(part) == waits, (part, waits)
    assert len(shipped["suit_waits"]) > 10000


def test_the_shipped_seed_fits_under_the_suit_waits_limit(shipped):
    """The suit waits are cleared when they reach their limit: a seed as large would be dropped at the first miss."""
    assert len(shipped["suit_waits"]) < A._SUIT_WAITS_LIMIT // 2


def test_the_file_holds_plain_values_only(tmp_path):
    """Reading the file never builds an object of a class: a file naming one is refused (and then computed)."""
    bad = tmp_path / "bad.pickle"
    bad.write_bytes(pickle.dumps({"format": A._SEED_FORMAT, "parts": Path("x")}))
    assert A._read_seed(str(bad)) is None
    other = tmp_path / "other.pickle"
    other.write_bytes(pickle.dumps({"format": (0, 0, 0)}))
    assert A._read_seed(str(other)) is None
    assert A._read_seed(str(tmp_path / "missing.pickle")) is None
    (tmp_path / "cut.pickle").write_bytes(Path(A.SEED_FILE).read_bytes()[:1000])
    assert A._read_seed(str(tmp_path / "cut.pickle")) is None


def _run(code: str, env: dict | None = None) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={**os.environ, **(env or {})})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_one_hand_reads_no_seed_and_a_seeding_process_reads_the_file():
    code = ("import scorer, scorer.arrangements as A; "
            "A._read = A._read_seed; calls = []; "
            "A._read_seed = lambda *a: calls.append(1) or A._read(*a); "
            "r = scorer.score('123m456p789s11z55z+5z ron riichi dora:4p').to_dict(); "
            "assert r['win'] and not A._seeded and not calls, 'seeded for one hand'; "
            "A.seed_tables(); A.seed_tables(); "
            "assert calls == [1] and len(A._entries) > 30000 and len(A._suit_waits) > 10000; "
            "assert all(p is not None for kind in A._PARTS for p in kind); "
            "r2 = scorer.score('123m456p789s11z55z+5z ron riichi dora:4p').to_dict(); "
            "assert r2 == r; print('ok')")
    assert _run(code) == "ok"


READER = """
import json, sys, scorer, scorer.arrangements as A
lines, n, plain = json.loads(sys.stdin.read()), scorer.SEED_AFTER_LINES, sys.argv[1] == "plain"
if plain:
    A._seeded.append(True)          # (a process that never seeds: the rows as made one by one)
hand = scorer.parse(lines[0])
for _ in range(3 * n):
    scorer.score(hand)              # a Hand passed in (a game, a replay) is no line read
rows, seeded_at = [], None
for i, line in enumerate(lines[1:], 2):
    row = scorer.score(line).to_dict() if i % 2 else repr(scorer.parse(line))
    rows.append(row)
    if seeded_at is None and A._seeded:
        seeded_at = i
print(json.dumps({"rows": rows, "seeded_at": seeded_at, "entries": len(A._entries)}))
"""


def test_a_process_reading_hand_text_seeds_at_so_many_lines_and_scores_the_same():
    """:func:`scorer.score` and :func:`scorer.parse` count the lines of text they read: the seed is read once, as
    line ``SEED_AFTER_LINES`` is read (one hand from the command line reads none), and every row is what a process
    that never seeds makes of it. A Hand passed in is not counted."""
    import json

    import scorer
    lines = [line.split("|")[0].strip() for f in sorted((ROOT / "fixtures" / "hands").glob("*.txt"))
             for line in f.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    assert len(lines) > scorer.SEED_AFTER_LINES + 20
    runs = [subprocess.run([sys.executable, "-c", READER, mode], input=json.dumps(lines), capture_output=True,
                           text=True, cwd=ROOT, timeout=120) for mode in ("seeding", "plain")]
    for run in runs:
        assert run.returncode == 0, run.stderr[-2000:]
    seeding, plain = (json.loads(run.stdout) for run in runs)
    assert seeding["seeded_at"] == scorer.SEED_AFTER_LINES and seeding["entries"] > 30000
    assert seeding["rows"] == plain["rows"] and len(plain["rows"]) == len(lines) - 1


def test_the_caches_stay_tracked_by_the_collector():
    """A full collection untracks an exact dict whose items are all untracked, and the next insert puts it back in
    the youngest generation, where each young collection walks all of it: the growing caches are a dict subclass,
    which the collector never untracks."""
    import gc
    A.suit_entry(A.code_of([1, 1, 1] + [0] * 31))
    gc.collect()
    assert gc.is_tracked(A._entries) and gc.is_tracked(A._suit_waits)
    plain = {i: (i, i + 1) for i in range(10)}
    gc.collect()
    assert not gc.is_tracked(plain)        # (what an exact dict of such values would do)


def test_without_the_file_the_seed_is_computed_the_same():
    code = ("import pickle, sys, scorer.arrangements as A; "
            "A._read_seed = lambda *a: None; "      # (the file missing, or of another format)
            "A.seed_tables(); sys.stdout.buffer.write(pickle.dumps(A.seed_state()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, timeout=120, check=True)
    computed = pickle.loads(out.stdout)
    shipped = A._read_seed()
    assert computed.keys() == shipped.keys()
    for key in shipped:
        assert computed[key] == shipped[key], key


BATCH = """
import os, sys
import scorer.arrangements as A
read, log = A._read_seed, sys.argv[2]
def traced(*a):
    with open(log, "a") as f:
        f.write(f"{os.getpid()}\\n")
    return read(*a)
A._read_seed = traced
sys.argv = ["mjscore", "batch", sys.argv[1], "--format", "jsonl", "--out", sys.argv[3], "--jobs", "2"]
from scorer.cli.app import main
print(os.getpid(), flush=True)
main()
"""


@pytest.mark.parametrize("lines", [40, 600])
def test_a_batch_of_many_hands_reads_the_seed_once_before_its_workers_fork(tmp_path, lines):
    """A large input (at least ``SEED_BYTES``) has the seed read once, by the process that forks the workers,
    before it forks them (a worker that seeded itself would read it again); a small one leaves it to the lazy
    trigger (these hands never reach it)."""
    from scorer.cli import batch as CB
    hands = tmp_path / "hands.txt"
    rows = ["123m456p789s11z55z+5z ron riichi dora:4p", "234m345p456s6677z+7z tsumo", "19m19p19s1234567z+1z ron"]
    hands.write_text("".join(f"{rows[n % 3]}\n" for n in range(lines)), encoding="utf-8")
    assert (hands.stat().st_size >= CB.SEED_BYTES) == (lines > 100)
    log, out = tmp_path / "reads.txt", tmp_path / "out.jsonl"
    run = subprocess.run([sys.executable, "-c", BATCH, str(hands), str(log), str(out)], capture_output=True,
                         text=True, cwd=ROOT, timeout=300, env={**os.environ, "MJSCORE_NO_PROGRESS": "1"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert len(out.read_text(encoding="utf-8").splitlines()) == lines
    reads = log.read_text().split() if log.exists() else []
    assert reads == ([run.stdout.split()[0]] if lines > 100 else [])


def test_the_builder_refuses_a_process_that_made_entries_already():
    code = ("import scorer, scorer.arrangements_seed as S\n"
            "scorer.score('123m456p789s11z55z+5z ron riichi dora:4p')\n"
            "try:\n    S.computed_state()\nexcept RuntimeError:\n    print('refused')")
    assert _run(code) == "refused"


def test_interning_keeps_every_value():
    value = {"a": ((1, 2), (1, 2), [(3,), (3,)]), 5: ((), None)}
    same = S.interned(value)
    assert same == value and same["a"][0] is same["a"][1] and same["a"][2][0] is same["a"][2][1]
