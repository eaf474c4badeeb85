"""Micro-benchmark of the notation front end on fresh generated lines (not collected by pytest).

    python tests/grammar/bench_notation.py [N] [--profile]

Lines come from the harness generators (../shared/bench/riichi_gen.py and mcr_gen.py, no reference scoring);
each line is parsed once per round, seven rounds; the best and the median round are printed in µs per line (the
best is the steadier figure on a loaded machine).
"""
from __future__ import annotations

import statistics
import sys
import time
import timeit
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench"
sys.path.insert(0, str(BENCH))

import mcr_gen  # noqa: E402
import riichi_gen  # noqa: E402

from grammar import parse_hand  # noqa: E402


def lines(n: int, seed: int = 1234):
    riichi = [h["notation"] for h in riichi_gen.generate(n, seed, expected=False)]
    mcr = [h["notation"] for h in mcr_gen.generate(n, seed, expected=False)]
    return riichi, mcr


def time_lines(texts, rounds=7):
    per = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for t in texts:
            parse_hand(t)
        per.append((time.perf_counter() - t0) / len(texts) * 1e6)
    return statistics.median(per), per


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 2000
    riichi, mcr = lines(n)
    for name, texts in (("riichi", riichi), ("mcr", mcr)):
        med, per = time_lines(texts)
        print(f"{name}: best {min(per):.2f} µs/line, median {med:.2f} ({len(per)} rounds over {len(texts)} "
              f"fresh lines)")
    sample = "123m456p789s11z55z+5z ron riichi dora:4p"
    best = min(timeit.repeat(lambda: parse_hand(sample), number=20000, repeat=7)) / 20000 * 1e6
    print(f"sample {sample!r}: best {best:.2f} µs")
    if "--profile" in sys.argv:
        import cProfile
        import pstats
        cProfile.runctx("for t in riichi: parse_hand(t)", globals(), {"riichi": riichi, "parse_hand": parse_hand},
                        "/tmp/grammar.prof")
        pstats.Stats("/tmp/grammar.prof").sort_stats("cumulative").print_stats(15)


if __name__ == "__main__":
    main()
