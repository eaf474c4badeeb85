"""Benchmark: ``mjscore batch`` throughput (hands/s) and peak memory, with ``--jobs 1`` and ``--jobs 2``.

Run as ``python tests/benchmarks/bench_batch.py [--lines 1000000] [--jobs 1 2] [--repeats 1] [--format jsonl]
[--profile N]``. With ``--repeats R`` the settings run R times, interleaved, and the speed-up is taken from the
best run of each (on a shared machine the other runs measure the neighbours' load as much as ours).

The input file is generated once (seeded, the same lines every run) into ``/tmp/mjscore-bench-<lines>.txt`` and
reused: winning hands of every shape (closed and open, melds and kans, riichi/tsumo/dora/honba keywords), about
5% hands that do not win, 1% lines that are not notation, 3% with a ``claim:``. Each run is a fresh process
(``batch_command`` as the CLI runs it) writing to ``/tmp/mjscore-bench-out``; while it runs, the resident memory
of the process and all its children is sampled (psutil) and the peak of the sum is reported — an upper bound,
since pages shared after fork are counted once per process; the peak of the summed PSS (shared pages split
between the processes) is reported beside it. ``--profile N`` instead profiles ``run_chunk`` on
the first N lines in this process (cProfile, top functions by cumulative time).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SEED = 20261129
SUITS = "mps"


def _hand_line(rng: random.Random) -> str:
    """One line of notation: a complete hand (4 sets + pair, some declared as melds) with a situation."""
    counts = [0] * 34
    groups = []
    while len(groups) < 4:
        r = rng.random()
        if r < 0.6:
            s = rng.randrange(3)
            n = rng.randrange(7)
            k = s * 9 + n
            if any(counts[k + i] >= 4 for i in range(3)):
                continue
            for i in range(3):
                counts[k + i] += 1
            groups.append(("seq", k))
        else:
            k = rng.randrange(34)
            size = 4 if r > 0.95 else 3
            if counts[k] + size > 4:
                continue
            counts[k] += size
            groups.append(("kan" if size == 4 else "trip", k))
    while True:
        p = rng.randrange(34)
        if counts[p] <= 2:
            counts[p] += 2
            break

    def tiles(kinds):
        return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)

    def meld(kinds):  # a meld is written with one suit letter: [123m]
        return "".join(str(k % 9 + 1) for k in kinds) + "mpsz"[kinds[0] // 9]

    concealed = [p, p]
    melds = []
    open_hand = False
    for shape, k in groups:
        kinds = [k, k + 1, k + 2] if shape == "seq" else [k] * (4 if shape == "kan" else 3)
        if shape == "kan":
            closed = rng.random() < 0.5
            melds.append(("(" if closed else "[") + meld(kinds) + (")" if closed else "]"))
            open_hand |= not closed
        elif rng.random() < 0.15:
            melds.append("[" + meld(kinds) + "]")
            open_hand = True
        else:
            concealed.extend(kinds)
    win = concealed.pop(rng.randrange(len(concealed)))
    concealed.sort()
    words = []
    tsumo = rng.random() < 0.4
    words.append("tsumo" if tsumo else "ron")
    if not open_hand and rng.random() < 0.5:
        words.append("riichi")
    if rng.random() < 0.25:
        words.append("seat:E")
    if rng.random() < 0.1:
        words.append(f"honba:{rng.randrange(1, 4)}")
    if rng.random() < 0.5:
        d = rng.randrange(27)
        if counts[d] < 4:
            words.append(f"dora:{tiles([d])}")
    return tiles(concealed) + "".join(melds) + "+" + tiles([win]) + " " + " ".join(words)


def make_line(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.01:
        return rng.choice(["12x", "123m456p[12", "123m456p789s11z55z+5z +5z", "hello world", "11111m+1m ron"])
    if r < 0.06:
        kinds = sorted(rng.sample(range(34 * 4), 14))
        return "".join(f"{(k // 4) % 9 + 1}{'mpsz'[(k // 4) // 9]}" for k in kinds) + " ron"
    line = _hand_line(rng)
    if r > 0.97:
        line += " claim:" + rng.choice(["1000", "2000", "3900", "7700", "mangan", "30fu2han", "1300/2600"])
    return line


def generate(path: Path, lines: int, seed: int = SEED) -> None:
    rng = random.Random(seed)
    tmp = path.with_suffix(".part")
    with open(tmp, "w") as f:
        f.write("# mjscore batch benchmark input (generated, seeded)\n")
        for _ in range(lines):
            f.write(make_line(rng) + "\n")
    os.replace(tmp, path)


def input_file(lines: int) -> Path:
    path = Path(f"/tmp/mjscore-bench-{lines}.txt")
    if not path.exists():
        t = time.perf_counter()
        generate(path, lines)
        print(f"generated {path} ({lines:,} lines) in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    return path


def run(path: Path, jobs: int, fmt: str, out: str) -> dict:
    """One batch run in a fresh process; wall time and the peak of the summed RSS of the process tree."""
    import psutil
    code = ("import sys; from scorer.cli.batch import batch_command; "
            f"sys.exit(batch_command([{str(path)!r}], None, None, {fmt!r}, {out!r}, {jobs}, 'local', None))")
    env = {**os.environ, "MJSCORE_NO_PROGRESS": "1", "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=str(ROOT), env=env, stderr=subprocess.PIPE, text=True)
    ps = psutil.Process(proc.pid)
    peak = peak_pss = 0
    peak_procs = 0
    cpu_children = {}
    tick = 0
    while proc.poll() is None:
        try:
            procs = [ps] + ps.children(recursive=True)
            total = total_pss = 0
            for p in procs:
                try:
                    if tick % 4 == 0:  # PSS (shared pages split between the processes) costs more to read
                        total_pss += p.memory_full_info().pss
                    total += p.memory_info().rss
                    ct = p.cpu_times()
                    cpu_children[p.pid] = ct.user + ct.system
                except (psutil.NoSuchProcess, psutil.AccessDenied, AttributeError):
                    pass
            if total > peak:
                peak, peak_procs = total, len(procs)
            peak_pss = max(peak_pss, total_pss)
        except psutil.NoSuchProcess:
            break
        tick += 1
        time.sleep(0.25)
    wall = time.perf_counter() - t0
    err = proc.stderr.read()
    return {"wall": wall, "rc": proc.returncode, "peak_rss_mb": peak / 2**20, "peak_pss_mb": peak_pss / 2**20,
            "procs": peak_procs,
            "cpu_s": sum(cpu_children.values()), "summary": err.strip().splitlines()[:2]}


def profile(path: Path, n: int) -> None:
    import cProfile
    import itertools
    import pstats

    from scorer.batch import chunks, read_text
    from scorer.cli.batch import run_chunk
    with open(path) as f:
        items = list(itertools.islice(read_text(f, str(path)), n))
    run_chunk(items[:200], None, None, "jsonl")  # warm the caches and imports
    t = time.perf_counter()
    for c in chunks(items, 1000, 1000):
        run_chunk(c, None, None, "jsonl")
    dt = time.perf_counter() - t
    print(f"run_chunk: {n / dt:,.0f} hands/s in one process ({dt * 1e6 / n:.0f} us a line)")
    prof = cProfile.Profile()
    prof.enable()
    for c in chunks(items, 1000, 1000):
        run_chunk(c, None, None, "jsonl")
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--format", default="jsonl", choices=["jsonl", "csv", "table"])
    ap.add_argument("--repeats", type=int, default=1, help="run each --jobs setting this many times (interleaved)")
    ap.add_argument("--profile", type=int, default=0, help="profile run_chunk on the first N lines instead")
    args = ap.parse_args()
    path = input_file(args.lines)
    if args.profile:
        profile(path, args.profile)
        return
    results: dict[int, list[dict]] = {}
    for rep in range(args.repeats):
        for jobs in args.jobs:  # interleaved, so that a burst of load elsewhere does not hit one setting only
            r = run(path, jobs, args.format, "/tmp/mjscore-bench-out")
            results.setdefault(jobs, []).append(r)
            rate = args.lines / r["wall"]
            print(f"--jobs {jobs}: {args.lines:,} lines in {r['wall']:.1f} s = {rate:,.0f} hands/s; "
                  f"peak RSS (sum of {r['procs']} processes) {r['peak_rss_mb']:.0f} MB, PSS {r['peak_pss_mb']:.0f} MB; "
                  f"CPU {r['cpu_s']:.0f} s; load average {os.getloadavg()[0]:.1f}; exit {r['rc']}", flush=True)
            for line in r["summary"][:1]:
                print(f"    {line}", flush=True)
    best = {j: min(rs, key=lambda r: r["wall"]) for j, rs in results.items()}
    if 1 in best and 2 in best:
        print(f"speed-up --jobs 2 / --jobs 1 (best of {args.repeats} each): "
              f"{best[1]['wall'] / best[2]['wall']:.2f}x")


if __name__ == "__main__":
    main()
