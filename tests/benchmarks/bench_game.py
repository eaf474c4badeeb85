"""Benchmark (a script, not collected by pytest): AI-only riichi deals per second on one core.

    python tests/benchmarks/bench_game.py [--deals N] [--seed S] [--warm N] [--profile]

Runs ``--warm`` deals first (filling the per-suit shanten tables), then times ``--deals`` deals in this one
process and prints deals/s for the cold and the warm runs, plus the AI statistics of the timed deals.
Goal: at least 50 deals/s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def run(deals: int, seed: int) -> tuple[float, float, dict]:
    """Wall-clock and CPU seconds for ``deals`` deals (CPU time is the fairer figure on a shared machine)."""
    from scorer.cli.play import auto_stats
    t, c = time.perf_counter(), time.process_time()
    stats = auto_stats(deals, seed)
    return time.perf_counter() - t, time.process_time() - c, stats


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--warm", type=int, default=100)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    if args.profile:
        import cProfile
        import pstats
        cProfile.runctx("run(args.deals, args.seed)", globals(), {"run": run, "args": args}, "/tmp/bench_game.prof")
        pstats.Stats("/tmp/bench_game.prof").sort_stats("tottime").print_stats(20)
        return 0
    if args.warm:
        t, c, _ = run(args.warm, args.seed + 10**6)
        print(f"cold: {args.warm} deals in {t:.2f} s wall, {c:.2f} s CPU = {args.warm / t:.1f} deals/s wall, "
              f"{args.warm / c:.1f} deals/s CPU (tables filling)")
    t, c, stats = run(args.deals, args.seed)
    print(f"warm: {args.deals} deals in {t:.2f} s wall, {c:.2f} s CPU = {args.deals / t:.1f} deals/s wall, "
          f"{args.deals / c:.1f} deals/s CPU (one process, one core)")
    print(f"wins {stats['wins']} (tsumo {stats['tsumo']}, ron {stats['ron']}), exhaustive draws "
          f"{stats['exhaustive_draws']}, riichi {stats['riichi']}, calls {stats['calls']}, "
          f"deal-ins {stats['deal_ins']}, average points {stats['average_points']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
