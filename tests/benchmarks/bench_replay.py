"""Replay throughput: rounds per second of ``mjscore replay <files> --verify --json`` over the Tenhou mjlog corpus,
the command ``../shared/bench/speed.py replay`` times (start-up, reading, legality checks, scoring, settlement, the
JSON rows), run the same way: ``python -c`` calling ``scorer.cli.app.main`` with this checkout on ``PYTHONPATH``,
bytecode cached outside the tree, median of N runs. Wall time moves with the machine's load; the CPU time of the
child is printed beside it. Then the same rounds in this process, split into reading and replaying.

Run: ``python tests/benchmarks/bench_replay.py [--repeats N] [FILES...]`` (default:
../shared/realdata/riichi/tenhou-mjlog/*.mjlog). The ratio against the baseline commit is the harness's job.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

DEFAULT = ROOT / ".." / "shared" / "realdata" / "riichi" / "tenhou-mjlog"
CLI = "import sys; from scorer.cli.app import main; sys.argv = ['mjscore'] + sys.argv[1:]; sys.exit(main())"


def _command(files: list[str], env: dict) -> tuple[float, float, int]:
    """(wall seconds, child CPU seconds, JSON rows) of one run of the replay command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", CLI, "replay", *files, "--verify", "--json"], cwd=ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        raise SystemExit(f"replay failed (exit {r.returncode}): {r.stderr.decode()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, sum(1 for ln in r.stdout.splitlines() if ln.startswith(b"{"))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    files = args.files or sorted(glob.glob(str(DEFAULT / "*.mjlog")))
    if not files:
        print("no files (../shared/realdata is absent)")
        return 0
    rounds = sum(len(re.findall(rb"<INIT\b", Path(f).read_bytes())) for f in files if not f.endswith(".gz"))
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=os.path.join(tempfile.gettempdir(),
                                                                                   "mjbench-replay-pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _command(files[:1], env)                       # warm-up: bytecode, lazy tables
    runs = [_command(files, env) for _ in range(args.repeats)]
    wall = statistics.median(w for w, _, _ in runs)
    cpu = statistics.median(c for _, c, _ in runs)
    print(f"{len(files)} files, {rounds} rounds (INIT tags), {runs[0][2]} JSON rows")
    print(f"command: median {wall:.2f} s wall ({' '.join(f'{w:.2f}' for w, _, _ in runs)}), {rounds / wall:.0f} "
          f"rounds/s; child CPU {cpu:.2f} s, {rounds / cpu:.0f} rounds/s")

    from scorer.logs import read_log
    from scorer.logs.replay import LenientVisitor, replay_rounds
    t0 = time.process_time()
    read = [list(read_log(f)) for f in files]
    t1 = time.process_time()
    n = agree = 0
    for rs in read:
        for rep in replay_rounds(rs, LenientVisitor()):
            n += 1
            agree += rep.agree
    t2 = time.process_time()
    print(f"in process (CPU): read {t1 - t0:.2f} s, replay {t2 - t1:.2f} s ({n} rounds, {agree} agree)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
