"""Benchmark: ``mjscore batch`` on the speed harness's batch input, ``--jobs 1`` and ``--jobs 2``, with where the
CPU time goes (the reading and writing parent vs the workers) and peak memory.

Run as ``python tests/benchmarks/bench_batch.py [--lines 100000] [--jobs 1 2] [--repeats 1] [--profile N]``.

It times what ``../shared/bench/speed.py batch`` times: the same input (the harness's own ``batch_input``: 95%
riichi_gen hands without reference filtering, ~25% of them legal non-wins, 5% impossible lines at random places;
seed 20240607, cached where the harness caches it), and the same command in a fresh process
(``python -c ... main()`` with ``PYTHONPATH`` = this checkout, bytecode cached outside the tree):
``mjscore batch INPUT --format jsonl --out OUT --jobs N``. Each run prints wall time, rows/s, the CPU seconds of
the batch process itself and of its workers (``getrusage`` in the process, after its workers were joined), the
peak of the summed PSS of the process tree (psutil, sampled every 0.2 s) and the harness's row check. With
``--repeats R`` the settings run R times, interleaved; the speed-up is taken from the medians. The harness also
times the reference (mahjong 2.1.0) side by side; this script does not: run the harness for the goal's ratio.

``--ceiling`` (with ``--repeats R``) adds, interleaved with the two settings, two ``--jobs 1`` runs started at
once (each on the whole input, each to its own output) and a run on the input's first 100 lines (enough to read
the seeded tables, as a whole input does). The pair's throughput over one run alone is the most two processes
get from this machine's two cores (what they contend for included: caches, memory); the short run is the part of
a run no worker shares (start-up, imports, the tables, the end). With the two, ``--jobs 2`` can at best take
``short + (jobs 1 - short) * (pair / alone) / 2``: printed as the speed-up's ceiling beside the one measured.

``--profile N`` instead profiles, in this process, what a worker does with the first N lines (read as the CLI
reads them: blocks of lines, chunks, ``run_chunk``), top functions by internal time.

``--instructions`` runs the same commands under valgrind's cachegrind (``--cache-sim=no``, ``PYTHONHASHSEED=0``)
and prints the instructions each process executed: a count that a loaded machine does not move, for comparing two
versions when wall times are noise (about 50 times slower than a plain run). A forked worker's count includes the
batch process's instructions up to the fork; the longest process of ``--jobs 2`` stands for its wall time, so
``jobs 1 / longest of jobs 2`` is an instruction-count proxy for the speed-up (it leaves out what a second core
cannot overlap: the batch process's own share while its workers run, the waits).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT.parent / "shared" / "bench"
SEED = 20240607                     # speed.py's BATCH_SEED

# the batch process reports its own CPU time and its (joined) workers' on stderr as it exits
RUN = ("import resource, sys; sys.argv = ['mjscore'] + sys.argv[1:]\n"
       "from scorer.cli.app import main\n"
       "try:\n    rc = main()\nexcept SystemExit as e:\n    rc = e.code\n"
       "s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
       "print(f'CPU {s.ru_utime + s.ru_stime:.3f} {c.ru_utime + c.ru_stime:.3f}', file=sys.stderr)\n"
       "sys.exit(rc)\n")


def harness():
    """speed.py, imported from ../shared/bench (its generators and its row check)."""
    if not (BENCH / "speed.py").exists():
        sys.exit(f"bench_batch: the speed harness is not at {BENCH} (it provides the input and the checks)")
    sys.path.insert(0, str(BENCH))
    import speed
    return speed


class _Say:
    def say(self, s=""):
        print(s, file=sys.stderr)


def instructions(speed, path: str, jobs: int, out: str, pycache: str, tmp: str) -> dict:
    """One run under cachegrind: the instructions of the batch process and of each worker (pid -> count)."""
    folder = tempfile.mkdtemp(prefix=f"cg-jobs{jobs}-", dir=tmp)
    env = dict(_env(pycache), PYTHONHASHSEED="0")    # (hash order moves the counts by a few million otherwise)
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={folder}/cg.%p",
           *_cmd(path, jobs, out)]
    proc = subprocess.Popen(cmd, cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    _, err = proc.communicate()
    counts = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if line.startswith("summary:"):
                    counts[int(name.split(".")[1])] = int(line.split()[1])
    # (valgrind runs the batch process as itself: its pid is the one started here; the others are its workers)
    return {"rc": proc.returncode, "own": counts.pop(proc.pid, None), "workers": sorted(counts.values()),
            "err": err}


def _cmd(path: str, jobs: int, out: str) -> list[str]:
    """The timed command: ``mjscore batch PATH --format jsonl --out OUT --jobs N`` as the harness runs it."""
    return [sys.executable, "-c", RUN, "batch", path, "--format", "jsonl", "--out", out, "--jobs", str(jobs)]


def _env(pycache: str) -> dict:
    """The environment of a timed run: this checkout's code, from bytecode (as the harness and a user run it)
    kept outside the tree, no progress bar."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=pycache, MJSCORE_NO_PROGRESS="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(speed, path: str, jobs: int, out: str, pycache: str) -> dict:
    """One run: wall time from start to exit (the memory is sampled beside it, in a thread, so that the sampling
    interval does not round the wall time up), the CPU times it reports, the peak PSS of its process tree."""
    import threading

    import psutil
    env = _env(pycache)
    t0 = time.perf_counter()
    proc = subprocess.Popen(_cmd(path, jobs, out), cwd=str(ROOT), env=env, stderr=subprocess.PIPE, text=True)
    ps = psutil.Process(proc.pid)
    done = threading.Event()
    peak = [0]

    def sample():
        while not done.is_set():
            total = 0
            try:
                for p in [ps] + ps.children(recursive=True):
                    try:
                        total += p.memory_full_info().pss
                    except (psutil.NoSuchProcess, psutil.AccessDenied):
                        pass
            except psutil.NoSuchProcess:
                return
            peak[0] = max(peak[0], total)
            done.wait(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    err = proc.communicate()[1]
    wall = time.perf_counter() - t0
    done.set()
    sampler.join()
    cpu = [line.split()[1:] for line in err.splitlines() if line.startswith("CPU ")]
    own, workers = (float(cpu[-1][0]), float(cpu[-1][1])) if cpu else (float("nan"), float("nan"))
    return {"wall": wall, "rc": proc.returncode, "peak_mb": peak[0] / 2**20, "own": own, "workers": workers,
            "err": err}


def together(path: str, outs: list[str], pycache: str) -> float:
    """Wall time of ``--jobs 1`` runs started together, one for each file of ``outs``, each on ``path``."""
    env = _env(pycache)
    t0 = time.perf_counter()
    procs = [subprocess.Popen(_cmd(path, 1, out), cwd=str(ROOT), env=env, stderr=subprocess.DEVNULL)
             for out in outs]
    for proc in procs:
        proc.wait()
    return time.perf_counter() - t0


def profile(speed, path: str, n: int) -> None:
    import cProfile
    import itertools
    import pstats

    from scorer.batch import chunks, read_inputs
    from scorer.cli.batch import CHUNK, run_chunk
    head = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8")
    with open(path, encoding="utf-8") as f, head:
        head.writelines(itertools.islice(f, n))
    try:
        work = list(chunks(read_inputs([head.name], blocks=CHUNK), CHUNK))
        for c in work[:2]:
            run_chunk(c, None, None, "jsonl")      # imports, the first tables
        t = time.perf_counter()
        for c in work:
            run_chunk(c, None, None, "jsonl")
        dt = time.perf_counter() - t
        print(f"run_chunk: {n / dt:,.0f} rows/s in one process ({dt * 1e6 / n:.1f} us a line; second pass)")
        prof = cProfile.Profile()
        prof.enable()
        for c in work:
            run_chunk(c, None, None, "jsonl")
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    finally:
        os.unlink(head.name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeats", type=int, default=1, help="run each --jobs setting this many times (interleaved)")
    ap.add_argument("--profile", type=int, default=0, help="profile a worker's run_chunk on the first N lines")
    ap.add_argument("--ceiling", action="store_true",
                    help="also time two --jobs 1 runs at once and a 100-line run: the speed-up's ceiling here")
    ap.add_argument("--instructions", action="store_true",
                    help="count each process's instructions under valgrind instead of timing (a loaded machine)")
    args = ap.parse_args()
    speed = harness()
    path, bad = speed.batch_input(_Say(), args.seed, args.lines)
    if args.profile:
        profile(speed, path, args.profile)
        return
    if args.instructions:
        count_instructions(speed, path, bad, args)
        return
    results: dict[int, list[dict]] = {}
    pairs: list[float] = []
    shorts: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        out = os.path.join(tmp, "out.jsonl")
        head = os.path.join(tmp, "head.txt")
        if args.ceiling:
            with open(path, encoding="utf-8") as f, open(head, "w", encoding="utf-8") as h:
                h.writelines(line for _, line in zip(range(100), f))
        # the harness's own bytecode cache, kept between runs: a fresh one would make the first run compile
        pycache = speed.cache_dir("pycache")
        for _ in range(args.repeats):
            for jobs in args.jobs:      # interleaved: a burst of load elsewhere does not hit one setting only
                r = run(speed, path, jobs, out, pycache)
                ok, text = speed.check_rows(out, args.lines, bad)
                results.setdefault(jobs, []).append(r)
                print(f"--jobs {jobs}: {r['wall']:.2f} s, {args.lines / r['wall']:,.0f} rows/s, exit {r['rc']}; "
                      f"CPU: batch process {r['own']:.2f} s, workers {r['workers']:.2f} s; peak PSS (tree) "
                      f"{r['peak_mb']:.0f} MB; load {os.getloadavg()[0]:.1f}; rows {'ok' if ok else 'BAD: ' + text}",
                      flush=True)
            if args.ceiling:
                pairs.append(together(path, [out, os.path.join(tmp, "out2.jsonl")], pycache))
                ok, text = speed.check_rows(out, args.lines, bad)
                shorts.append(together(head, [os.path.join(tmp, "head.jsonl")], pycache))
                print(f"two --jobs 1 at once: {pairs[-1]:.2f} s (rows {'ok' if ok else 'BAD: ' + text}); the first "
                      f"100 lines alone: {shorts[-1]:.3f} s", flush=True)
    med = {j: statistics.median(r["wall"] for r in rs) for j, rs in results.items()}
    if 1 in med and 2 in med:
        print(f"speed-up --jobs 2 / --jobs 1 (medians of {args.repeats}): {med[1] / med[2]:.2f}x")
    if pairs and 1 in med:
        both, short = statistics.median(pairs), statistics.median(shorts)
        print(f"two --jobs 1 runs at once: {2 * med[1] / both:.2f}x the throughput of one (medians of "
              f"{args.repeats}); the serial part {short:.3f} s")
        if 2 in med:
            best = short + (med[1] - short) * (both / med[1]) / 2
            print(f"speed-up ceiling here: {med[1] / best:.2f}x (--jobs 2 at best {best:.2f} s; measured "
                  f"{med[2]:.2f} s, {med[1] / med[2]:.2f}x)")


def count_instructions(speed, path: str, bad, args) -> None:
    longest = {}
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        out = os.path.join(tmp, "out.jsonl")
        pycache = speed.cache_dir("pycache")
        for jobs in args.jobs:
            r = instructions(speed, path, jobs, out, pycache, tmp)
            ok, text = speed.check_rows(out, args.lines, bad)
            if r["own"] is None:
                sys.exit(f"bench_batch: no cachegrind counts (is valgrind installed?)\n{r['err'][-2000:]}")
            longest[jobs] = max([r["own"]] + r["workers"])
            workers = ", ".join(f"{n / 1e9:.3f}" for n in r["workers"]) or "none"
            print(f"--jobs {jobs}: instructions (G): batch process {r['own'] / 1e9:.3f}, workers {workers} "
                  f"(each with the batch process's up to its fork); exit {r['rc']}; rows "
                  f"{'ok' if ok else 'BAD: ' + text}", flush=True)
    if 1 in longest and 2 in longest:
        print(f"instructions --jobs 1 / longest process of --jobs 2: {longest[1] / longest[2]:.3f} (a proxy for "
              f"the speed-up)")


if __name__ == "__main__":
    main()
