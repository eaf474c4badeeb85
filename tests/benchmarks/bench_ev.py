"""Benchmark: ``mjscore analyze HAND --ev`` (scorer.advice.ev.discard_ev) on fresh 1-shanten and 2-shanten hands.

Run as ``python tests/benchmarks/bench_ev.py [--hands 20] [--seed 16] [--turns 12]``.

The hands are dealt from a seeded shuffle of the 136 tiles (14 from the top of each fresh wall) and sorted by
the shanten of their best discard: the first ``--hands`` of shanten 1 and of shanten 2 are timed, each once, in
this process after one warm-up hand of another shanten (so the core's tables are loaded, as they are after the
first hand of a session, but no hand is timed twice). Each line gives the median and the slowest time of a
class; the goals (issue 16, pure Python, one core) are 0.5 s for 1-shanten and 5 s for 2-shanten, anchored on
nekobean/mahjong-cpp's C++ calculator (18 ms and 213 ms). With ``--cold`` it also times one fresh process
(``python -m scorer.cli.app analyze HAND --ev --json``) per class, start-up and table loading included.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

GOALS = {1: 0.5, 2: 5.0}


def deal_hands(seed: int, per_class: int):
    from scorer.kinds import N_KINDS
    from scorer.shanten import shanten_counts
    from scorer.tiles import Tile, format_tiles
    rng = random.Random(seed)
    found: dict[int, list[str]] = {1: [], 2: []}
    warm = None
    while any(len(v) < per_class for v in found.values()):
        wall = [k for k in range(N_KINDS) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * N_KINDS
        for k in wall[:14]:
            counts[k] += 1
        best = 99
        for k in range(N_KINDS):
            if counts[k]:
                counts[k] -= 1
                best = min(best, shanten_counts(counts))
                counts[k] += 1
        text = format_tiles([Tile(k) for k in wall[:14]])
        if best in found and len(found[best]) < per_class:
            found[best].append(text)
        elif warm is None and best not in found:
            warm = text
    return warm, found


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--turns", type=int, default=12)
    ap.add_argument("--cold", action="store_true")
    args = ap.parse_args()
    from scorer.advice.ev import discard_ev
    from scorer.analysis import read_hand
    warm, found = deal_hands(args.seed, args.hands)
    discard_ev(read_hand(warm), args.turns)
    print(f"analyze --ev, {args.turns} draws left, {args.hands} fresh hands per class (seed {args.seed}), "
          f"load {os.getloadavg()[0]:.2f}")
    for sh, hands in found.items():
        times, states = [], []
        for text in hands:
            t0 = time.perf_counter()
            d = discard_ev(read_hand(text), args.turns)
            times.append(time.perf_counter() - t0)
            states.append(d["states"])
        med, worst = statistics.median(times), max(times)
        ok = "ok" if worst <= GOALS[sh] else "OVER"
        print(f"  {sh}-shanten: median {med * 1000:8.1f} ms  max {worst * 1000:8.1f} ms  (goal {GOALS[sh]:.1f} s: "
              f"{ok})  graph states median {statistics.median(states):.0f} max {max(states)}")
        if args.cold:
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "from scorer.cli.app import main; main()", "analyze",
                            hands[0], "--ev", "--json"], env=env, check=True, stdout=subprocess.DEVNULL)
            print(f"    one fresh process ({hands[0]}): {time.perf_counter() - t0:.2f} s")


if __name__ == "__main__":
    main()
