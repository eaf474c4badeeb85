"""Benchmark: riichi scoring throughput of mjscore against the reference ``mahjong==2.1.0`` in the same process.

Run as ``python tests/benchmarks/bench_riichi.py [--hands 2000] [--repeats 5] [--profile]``. One fixed set of
winning hands (the differential test's themed generator, seeded: the same hands every run) is converted for the
reference once, outside the timing; then each calculator scores the whole set ``repeats`` times and the median
throughput (hands/s) is printed with the ratio. Times are this process's CPU time (``time.process_time``), so
other work on a shared machine does not skew them (wall-clock time under load does). ``--profile`` prints a cProfile of mjscore's part.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

PRESET = "tenhou"


SEED = 20261129


def build_hands(n: int, seed: int = SEED):
    """The fixed hand set: the differential test's themed generator driven by a seeded ``random.Random``."""
    import random

    from tests.riichi.strategies import RandomDraw, build_winning_hand

    rng = RandomDraw(random.Random(seed))
    return [build_winning_hand(rng) for _ in range(n)]


def time_ours(hands) -> float:
    from scorer.riichi import evaluate
    t = time.process_time()
    for h in hands:
        evaluate(h, PRESET)
    return time.process_time() - t


def time_reference(inputs) -> float:
    from mahjong.hand_calculating.hand import HandCalculator
    est = HandCalculator.estimate_hand_value
    t = time.process_time()
    for tiles, win, melds, dora, ura, config in inputs:
        est(tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura)
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    from tests.riichi.oracle import to_reference

    hands = build_hands(args.hands)
    inputs = [to_reference(h, PRESET) for h in hands]
    n = len(hands)
    # warm up both (imports, per-suit caches are part of steady state for a long-running scorer)
    time_ours(hands[:200])
    time_reference(inputs[:200])
    # interleaved, so that load from other processes on the machine falls on both alike
    ours, ref = [], []
    for _ in range(args.repeats):
        ours.append(n / time_ours(hands))
        ref.append(n / time_reference(inputs))
    mo, mr = statistics.median(ours), statistics.median(ref)
    print(f"hands: {n}  repeats: {args.repeats}  preset: {PRESET}")
    print(f"mjscore      {mo:10.0f} hands/s  (runs: {', '.join(f'{x:.0f}' for x in ours)})")
    print(f"mahjong 2.1  {mr:10.0f} hands/s  (runs: {', '.join(f'{x:.0f}' for x in ref)})")
    print(f"ratio        {mo / mr:10.2f}x  (median of per-repeat ratios: "
          f"{statistics.median(o / r for o, r in zip(ours, ref)):.2f}x)")
    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        time_ours(hands)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
