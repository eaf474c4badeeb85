"""Micro-benchmark of the notation front end on fresh generated lines (not collected by pytest).

    python tests/grammar/bench_notation.py [N] [--profile]

Lines come from the harness generators (../shared/bench/riichi_gen.py and mcr_gen.py, no reference scoring);
a warm-up chunk, then each round parses a chunk of lines it has never seen (as the harness times: a user never
sees the same line twice), seven rounds; the best and the median round are printed in µs per line (the best is
the steadier figure on a loaded machine).
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
    return list(dict.fromkeys(riichi)), list(dict.fromkeys(mcr))   # each line once


ROUNDS = 7


def time_lines(texts, rounds=ROUNDS):
    """Parse a warm-up chunk, then time ``rounds`` further chunks, each of lines not parsed before."""
    size = len(texts) // (rounds + 1)
    for t in texts[:size]:
        parse_hand(t)
    per = []
    for r in range(1, rounds + 1):
        chunk = texts[r * size:(r + 1) * size]
        t0 = time.perf_counter()
        for t in chunk:
            parse_hand(t)
        per.append((time.perf_counter() - t0) / len(chunk) * 1e6)
    return statistics.median(per), per


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 2000
    riichi, mcr = lines(n * (ROUNDS + 1))
    for name, texts in (("riichi", riichi), ("mcr", mcr)):
        med, per = time_lines(texts)
        print(f"{name}: best {min(per):.2f} µs/line, median {med:.2f} ({len(per)} rounds of {n} fresh lines)")
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
