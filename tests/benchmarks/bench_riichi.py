"""Benchmark: riichi scoring of fresh hands by mjscore against the reference ``mahjong==2.1.0``, in one process.

Run as ``python tests/benchmarks/bench_riichi.py [--hands 2000] [--repeats 3] [--warmup 300] [--text] [--profile]``.
It times what ``../shared/bench/speed.py core`` (or, with ``--text``, ``... text``) times: hands never seen
before. A seeded warm-up set and then one new set per repeat are drawn from the differential test's themed
generator (every set disjoint from the others, so no per-suit or per-fact cache answers from an earlier set);
each set is converted for the reference (and, with ``--text``, written as notation) outside the timing. Per
repeat both sides score the same new set — mjscore ``score(hand)`` (``score(text).to_dict()`` with ``--text``),
the reference ``estimate_hand_value`` on prebuilt arguments — the side that goes first alternating, timed with
``time.perf_counter`` as the harness does; the median of the per-set ratios is printed. A ratio that rises set by
set says caches are still filling (the cold path is slow). ``--profile`` prints a cProfile of mjscore on one more
fresh set.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

PRESET = "tenhou"
SEED = 20261129


def fresh_sets(sizes: list[int], seed: int = SEED) -> list[list]:
    """Disjoint sets of winning hands of the given sizes (a hand whose notation was drawn before is drawn again, and
    so is one the notation rejects: the generator may show a fifth copy of a kind as a dora indicator)."""
    import random

    from scorer import MjscoreError, parse
    from tests.riichi.strategies import RandomDraw, build_winning_hand

    rng = RandomDraw(random.Random(seed))
    seen: set[str] = set()
    out = []
    for size in sizes:
        hands = []
        while len(hands) < size:
            h = build_winning_hand(rng)
            key = h.notation()
            if key in seen:
                continue
            seen.add(key)
            try:
                parse(key)
            except MjscoreError:
                continue
            hands.append(h)
        out.append(hands)
    return out


def time_ours(items, text: bool) -> float:
    from scorer import score
    gc.collect()
    t = time.perf_counter()
    if text:
        for line in items:
            score(line, preset=PRESET).to_dict()
    else:
        for h in items:
            score(h, preset=PRESET)
    return time.perf_counter() - t


def time_reference(inputs) -> float:
    from mahjong.hand_calculating.hand import HandCalculator
    est = HandCalculator.estimate_hand_value
    gc.collect()
    t = time.perf_counter()
    for tiles, win, melds, dora, ura, config in inputs:
        est(tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per timed set")
    ap.add_argument("--repeats", type=int, default=3, help="timed sets (each one new)")
    ap.add_argument("--warmup", type=int, default=300, help="hands of the untimed warm-up set")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--text", action="store_true", help="time score(text).to_dict() instead of score(hand)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    from tests.riichi.oracle import to_reference

    sizes = [args.warmup] + [args.hands] * args.repeats + ([args.hands] if args.profile else [])
    sets = fresh_sets(sizes, args.seed)
    prepared = []
    for hands in sets:   # outside the timing: the reference's arguments, and the notation for --text
        ours = [h.notation() for h in hands] if args.text else hands
        prepared.append((ours, [to_reference(h, PRESET) for h in hands]))
    what = "score(text).to_dict()" if args.text else "score(hand)"
    print(f"fresh sets: {args.repeats} x {args.hands} hands (+{args.warmup} warm-up)  preset: {PRESET}  "
          f"mjscore: {what}")
    time_ours(prepared[0][0], args.text)
    time_reference(prepared[0][1])
    ratios = []
    for i in range(1, args.repeats + 1):
        ours_items, ref_items = prepared[i]
        n = len(ours_items)
        if i % 2:
            ours = n / time_ours(ours_items, args.text)
            ref = n / time_reference(ref_items)
        else:
            ref = n / time_reference(ref_items)
            ours = n / time_ours(ours_items, args.text)
        ratios.append(ours / ref)
        print(f"  set {i} ({'mjscore' if i % 2 else 'reference'} first): mjscore {ours:8.0f} hands/s, "
              f"mahjong 2.1.0 {ref:8.0f} hands/s, ratio {ours / ref:.2f}")
    print(f"ratio (median of {len(ratios)} fresh sets): {statistics.median(ratios):.2f}x")
    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        time_ours(prepared[-1][0], args.text)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
