"""MCR benchmark on fresh hands, timed the way ``../shared/bench/speed.py core|text`` times them: a warm-up set and
then disjoint sets of hands never scored before in this process, mjscore and PyMahjongGB 1.4.0 (the C++ reference,
on prebuilt arguments, several passes for a steady timer) side by side on each set, the side that goes first
alternating; the goal figure is the median of the per-set ratios. A user scoring a file never sees the same hand
twice, so nothing here is scored twice by mjscore.

Run as a script (not collected by pytest)::

    python tests/benchmarks/bench_mcr.py [--sets 3] [--size 2000] [--warm 300] [--seed N] [--profile]

Hands come from ``../shared/bench/mcr_gen.py`` (the harness's generator and mix) when it is there, else from this
file's own generator. Per set it prints: ``score(hand)`` on hands parsed outside the timing (the core goal, >= 0.25
of the reference), ``score(text).to_dict()`` (the text goal, >= 0.1), and how the text path splits into parse,
score and to_dict.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)
SHARED_BENCH = os.path.join(ROOT, "..", "shared", "bench")

from scorer.hand import Hand, Situation  # noqa: E402
from scorer.melds import Meld, MeldType  # noqa: E402
from scorer.tiles import Tile  # noqa: E402

REF_PASSES = 10  # the reference is run this many times over a set (as the harness does)


# ---- hands ---------------------------------------------------------------------------------------------------------
def _random_hand(rng: random.Random) -> Hand | None:
    """A random complete hand: mostly four sets and a pair (some exposed, some kongs), some special forms."""
    roll = rng.random()
    melds: list[Meld] = []
    concealed: list[int] = []
    if roll < 0.08:  # seven pairs
        kinds = rng.sample(range(34), 7)
        concealed = [k for k in kinds for _ in range(2)]
    elif roll < 0.10:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        concealed = orphans + [rng.choice(orphans)]
    else:
        suits = rng.sample([0, 9, 18], rng.choice([1, 2, 2, 3, 3]))
        for _ in range(4):
            shape = rng.choice(["chow"] * 5 + ["pung"] * 3 + ["kong", "ckong"] if rng.random() < 0.3 else
                               ["chow"] * 5 + ["pung"] * 3)
            if shape == "chow":
                kind = rng.choice(suits) + rng.randrange(7)
                kinds = [kind, kind + 1, kind + 2]
            else:
                kind = rng.choice(suits) + rng.randrange(9) if rng.random() < 0.8 else rng.randrange(27, 34)
                kinds = [kind] * (4 if "kong" in shape else 3)
            if shape == "ckong":
                melds.append(Meld(MeldType.ANKAN, tuple(Tile(k) for k in kinds)))
            elif shape == "kong":
                melds.append(Meld(MeldType.KAN, tuple(Tile(k) for k in kinds)))
            elif rng.random() < 0.3:
                melds.append(Meld(MeldType.CHI if shape == "chow" else MeldType.PON, tuple(Tile(k) for k in kinds)))
            else:
                concealed.extend(kinds)
        pair = rng.choice(suits) + rng.randrange(9) if rng.random() < 0.8 else rng.randrange(27, 34)
        concealed += [pair, pair]
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    for m in melds:
        for t in m.tiles:
            counts[t.kind] += 1
    if any(n > 4 for n in counts):
        return None
    win = rng.choice(concealed)
    concealed.remove(win)
    s = Situation(tsumo=rng.random() < 0.4, round_wind=rng.randrange(4), seat_wind=rng.randrange(4),
                  flower_count=rng.randrange(4) or None)
    return Hand(tuple(Tile(k) for k in concealed), tuple(melds), Tile(win), s, rules="mcr")


_GB = {**{k: "W%d" % (k + 1) for k in range(9)}, **{k: "B%d" % (k - 8) for k in range(9, 18)},
       **{k: "T%d" % (k - 17) for k in range(18, 27)},
       27: "F1", 28: "F2", 29: "F3", 30: "F4", 31: "J3", 32: "J2", 33: "J1"}


def gb_args(hand: Hand) -> tuple:
    """The reference's positional arguments for a hand (exposed packs with offer 1, concealed kongs 0)."""
    pack = []
    for m in hand.melds:
        if m.type is MeldType.CHI:
            pack.append(("CHI", _GB[m.kind + 1], 1))
        elif m.type is MeldType.PON:
            pack.append(("PENG", _GB[m.kind], 1))
        else:
            pack.append(("GANG", _GB[m.kind], 0 if m.type is MeldType.ANKAN else 1))
    s = hand.situation
    return (tuple(pack), tuple(_GB[t.kind] for t in hand.concealed), _GB[hand.winning_tile.kind], hand.flower_total,
            s.tsumo, s.last_tile, s.rinshan or s.chankan, s.haitei or s.houtei, s.seat_wind, s.round_wind)


def fresh_sets(seed: int, warm: int, sets: int, size: int) -> list[tuple[list[str], list[tuple]]]:
    """[(notations, reference arguments)] for the warm-up set and ``sets`` disjoint sets (no notation twice)."""
    need = warm + sets * size
    notes: list[str] = []
    args: list[tuple] = []
    seen: set[str] = set()
    if os.path.exists(os.path.join(SHARED_BENCH, "mcr_gen.py")):
        sys.path.insert(0, SHARED_BENCH)
        import mcr_gen  # the harness's generator
        import notation
        k = 0
        while len(notes) < need and k < 5:
            for h in mcr_gen.generate(need - len(notes) + 50, seed + 7919 * k, expected=False):
                if h["notation"] not in seen and len(notes) < need:
                    seen.add(h["notation"])
                    notes.append(h["notation"])
                    args.append(notation.gb_call_tuple(h["args"]))
            k += 1
    else:
        rng = random.Random(seed)
        while len(notes) < need:
            h = _random_hand(rng)
            if h is None:
                continue
            text = h.notation()
            if text not in seen:
                seen.add(text)
                notes.append(text)
                args.append(gb_args(h))
    bounds = [0, warm] + [warm + (i + 1) * size for i in range(sets)]
    return [(notes[a:b], args[a:b]) for a, b in zip(bounds, bounds[1:])]


# ---- timing --------------------------------------------------------------------------------------------------------
def rate(fn, items, passes: int = 1) -> float:
    """Items per second of ``fn`` over ``items`` (``passes`` times), the collector run before and left on."""
    gc.collect()
    t0 = time.perf_counter()
    for _ in range(passes):
        for it in items:
            fn(it)
    return passes * len(items) / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", type=int, default=3)
    ap.add_argument("--size", type=int, default=2000)
    ap.add_argument("--warm", type=int, default=300)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--profile", action="store_true", help="cProfile score(hand) over the first fresh set")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)

    import scorer
    groups = fresh_sets(seed, a.warm, a.sets, a.size)
    print(f"seed {seed}: {a.warm} warm-up hands, {a.sets} sets of {a.size} fresh hands "
          f"({'mcr_gen' if os.path.exists(os.path.join(SHARED_BENCH, 'mcr_gen.py')) else 'own generator'})")
    try:
        from MahjongGB import MahjongFanCalculator as calc
    except ImportError:
        calc = None
        print("PyMahjongGB not installed: mjscore figures only")

    def ref(arg):
        try:
            calc(*arg)
        except Exception:  # the reference raises on hands it does not score; time it all the same
            pass

    parsed = [[scorer.parse(n) for n in notes] for notes, _ in groups]  # outside every timing
    warm_notes, warm_args = groups[0]
    for h in parsed[0]:
        scorer.score(h)
    for n in warm_notes:
        scorer.score(n).to_dict()
    if calc is not None:
        for arg in warm_args:
            ref(arg)
    if a.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        for h in parsed[1]:
            scorer.score(h)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return

    core, text = [], []
    for i in range(1, len(groups)):
        notes, args = groups[i]
        # the core on one half of the set, the text path on the other: every hand is fresh to what times it
        half = len(notes) // 2
        hands = parsed[i][:half]
        lines = notes[half:]
        ours_first = i % 2 == 1
        got = {}
        for side in (("ours", "ref") if ours_first else ("ref", "ours")):
            if side == "ours":
                got["core"] = rate(scorer.score, hands)
                t0 = time.perf_counter()
                results = [scorer.score(n) for n in lines]
                t1 = time.perf_counter()
                for r in results:
                    r.to_dict()
                t2 = time.perf_counter()
                got["text"] = len(lines) / (t2 - t0)
                got["to_dict_us"] = (t2 - t1) / len(lines) * 1e6
                got["parse_score_us"] = (t1 - t0) / len(lines) * 1e6
            elif calc is not None:
                got["ref"] = rate(ref, args, REF_PASSES)
        line = (f"set {i} ({'mjscore' if ours_first else 'reference'} first): score(hand) {got['core']:,.0f}/s; "
                f"score(text).to_dict() {got['text']:,.0f}/s (parse+score {got['parse_score_us']:.1f} us, "
                f"to_dict {got['to_dict_us']:.1f} us)")
        if "ref" in got:
            core.append(got["core"] / got["ref"])
            text.append(got["text"] / got["ref"])
            line += f"; PyMahjongGB {got['ref']:,.0f}/s; ratios core {core[-1]:.3f}, text {text[-1]:.4f}"
        print(line)
    if core:
        print(f"MCR core: median ratio {statistics.median(core):.3f} (goal >= 0.25); "
              f"MCR text: median ratio {statistics.median(text):.4f} (goal >= 0.1)")


if __name__ == "__main__":
    main()
