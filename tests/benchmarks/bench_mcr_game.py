"""Benchmark: AI-only MCR deals per second (issue #5), four fan-plan AIs on the MCR table, one process.

Run as ``python tests/benchmarks/bench_mcr_game.py [--deals 100] [--seed 0] [--profile]``. Deal ``i`` uses seed
``seed + i`` (the same deals every run). Prints deals/s, the win rate and the wins by fan plan; ``--profile``
prints a cProfile of the run instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def run(deals: int, seed: int) -> dict:
    from scorer.cli.play_mcr import auto_stats   # the same deals as ``mjscore play --rules mcr --auto``

    t = time.perf_counter()
    cpu = time.process_time()
    stats = auto_stats(deals, seed)
    dt = time.perf_counter() - t
    dcpu = time.process_time() - cpu
    return {"deals": deals, "seconds": round(dt, 2), "deals_per_s": round(deals / dt, 2),
            "cpu_seconds": round(dcpu, 2), "deals_per_cpu_s": round(deals / dcpu, 2),
            "wins": stats["wins"], "win_rate": stats.get("win_rate", 0.0), "plans": stats["wins_by_plan"]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        run(args.deals, args.seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        return 0
    r = run(args.deals, args.seed)
    print(f"{r['deals']} AI-only MCR deals in {r['seconds']} s: {r['deals_per_s']} deals/s "
          f"({r['deals_per_cpu_s']} per CPU second); "
          f"{r['wins']} wins ({r['win_rate']:.1%}); by plan {r['plans']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
