"""Benchmark: riichi scoring of fresh hands by mjscore against the reference ``mahjong==2.1.0``, in one process.

Run as ``python tests/benchmarks/bench_riichi.py [--hands 2000] [--repeats 3] [--warmup 300] [--text] [--profile]
[--gen strategies|harness] [--parts]``. It times what ``../shared/bench/speed.py core`` (or, with ``--text``,
``... text``) times: hands never seen before. A seeded warm-up set and then one new set per repeat are drawn —
from the differential test's themed generator (``--gen strategies``, the default) or from the harness's own
``../shared/bench/riichi_gen.py`` (``--gen harness``) — every set disjoint from the others, so no per-suit or
per-fact cache answers from an earlier set; each set is converted for the reference (and, with ``--text``,
written as notation) outside the timing. Per repeat both sides score the same new set — mjscore ``score(hand)``
(``score(text).to_dict()`` with ``--text``), the reference ``estimate_hand_value`` on prebuilt arguments — the side
that goes first alternating, timed with ``time.perf_counter`` as the harness does; the median of the per-set ratios
is printed. A ratio that rises set by set says caches are still filling (the cold path is slow). ``--parts``
prints, per fresh set, the microseconds a hand takes in each stage of a text line — parse, score, to_dict — and
the batch writer's JSON line from the result. ``--profile`` prints a cProfile of mjscore on one more fresh set.
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


def harness_sets(sizes: list[int], seed: int = SEED) -> list[list]:
    """Disjoint sets of notations from the harness's generator (``../shared/bench/riichi_gen.py``), each with the
    reference's arguments: [(notation, kwargs), ...] per set."""
    bench = Path(__file__).resolve().parents[3] / "shared" / "bench"
    sys.path.insert(0, str(bench))
    import riichi_gen
    hands = riichi_gen.generate(sum(sizes), seed)
    out, at = [], 0
    for size in sizes:
        out.append([(h["notation"], riichi_gen.lib_args(h["case"])) for h in hands[at:at + size]])
        at += size
    return out


def time_parts(notations: list[str]) -> dict[str, float]:
    """Microseconds a hand takes in each stage of a text line, on one fresh set: parse, score (the parsed hand),
    to_dict (the result), and the batch writer's JSON line (the result as a batch row)."""
    from scorer import parse, score
    from scorer.batch import HandRow
    from scorer.cli.render import row_renderer
    write = row_renderer("jsonl")
    out = {}

    def timed(name, fn, items):
        gc.collect()
        t = time.perf_counter()
        got = [fn(x) for x in items]
        out[name] = (time.perf_counter() - t) / len(items) * 1e6
        return got

    hands = timed("parse", parse, notations)
    results = timed("score", score, hands)
    timed("to_dict", lambda r: r.to_dict(), results)
    rows = [HandRow("bench", i + 1, r) for i, r in enumerate(results)]
    timed("write", write, rows)
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
    ap.add_argument("--gen", choices=("strategies", "harness"), default="strategies",
                    help="the hands: the differential test's generator, or the harness's riichi_gen")
    ap.add_argument("--parts", action="store_true", help="also time parse, score, to_dict and the writer apart")
    args = ap.parse_args()

    sizes = [args.warmup] + [args.hands] * args.repeats + ([args.hands] if args.profile else [])
    prepared = []
    if args.gen == "harness":   # the harness's hands and arguments (its preset is Tenhou's, the default's)
        from scorer import parse
        for pairs in harness_sets(sizes, args.seed):
            texts = [n for n, _ in pairs]
            refs = [(kw["tiles"], kw["win_tile"], kw["melds"], kw["dora_indicators"], kw["ura_dora_indicators"],
                     kw["config"]) for _, kw in pairs]
            prepared.append((texts if args.text else [parse(n) for n in texts], refs))
    else:
        from tests.riichi.oracle import to_reference
        for hands in fresh_sets(sizes, args.seed):   # outside the timing: the reference's arguments, the notation
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
    if args.parts:   # new sets again, each stage timed apart
        extra = [args.hands] * args.repeats
        if args.gen == "harness":
            texts = [[n for n, _ in pairs] for pairs in harness_sets([sum(sizes)] + extra, args.seed)[1:]]
        else:
            texts = [[h.notation() for h in hands] for hands in fresh_sets(sizes + extra, args.seed)[len(sizes):]]
        parts = [time_parts(t) for t in texts]
        print("per hand (median of %d fresh sets): " % len(parts)
              + "  ".join(f"{k} {statistics.median(p[k] for p in parts):.2f} us" for k in parts[0]))
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
