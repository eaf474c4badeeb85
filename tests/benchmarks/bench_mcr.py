"""MCR benchmark: one fixed, seeded set of 2,000 winning hands scored by mjscore and by PyMahjongGB 1.4.0 (the C++
reference) in the same process. Prints both throughputs (median of repeats) and their ratio.

Run as a script (not collected by pytest)::

    python tests/benchmarks/bench_mcr.py [--hands 2000] [--repeats 5] [--profile]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from scorer.hand import Hand, Situation  # noqa: E402
from scorer.melds import Meld, MeldType  # noqa: E402
from scorer.tiles import Tile  # noqa: E402

SEED = 20261129


def _random_hand(rng: random.Random) -> Hand | None:
    """A random complete hand: mostly four sets and a pair (some exposed, some kongs), some special forms."""
    roll = rng.random()
    counts = [0] * 34
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
            for k in kinds:
                counts[k] += 1
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
    tsumo = rng.random() < 0.4
    s = Situation(tsumo=tsumo, round_wind=rng.randrange(4), seat_wind=rng.randrange(4),
                  last_tile=rng.random() < 0.05, flower_count=rng.randrange(4) or None)
    return Hand(tuple(Tile(k) for k in concealed), tuple(melds), Tile(win), s, rules="mcr")


def hand_set(n: int) -> list[Hand]:
    rng = random.Random(SEED)
    hands: list[Hand] = []
    while len(hands) < n:
        h = _random_hand(rng)
        if h is not None:
            hands.append(h)
    return hands


_GB = {**{k: "W%d" % (k + 1) for k in range(9)}, **{k: "B%d" % (k - 8) for k in range(9, 18)},
       **{k: "T%d" % (k - 17) for k in range(18, 27)},
       27: "F1", 28: "F2", 29: "F3", 30: "F4", 31: "J3", 32: "J2", 33: "J1"}


def gb_args(hand: Hand) -> tuple:
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


def timed(fn, items, repeats: int, clock=time.perf_counter) -> float:
    """Median hands per second over ``repeats`` passes."""
    rates = []
    for _ in range(repeats):
        t0 = clock()
        for it in items:
            fn(it)
        rates.append(len(items) / (clock() - t0))
    return statistics.median(rates)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()

    from scorer.mcr import evaluate
    hands = hand_set(a.hands)
    if a.profile:
        import cProfile
        import pstats
        cProfile.runctx("for h in hands: evaluate(h)", globals(), {"hands": hands, "evaluate": evaluate},
                        "/tmp/bench_mcr.prof")
        pstats.Stats("/tmp/bench_mcr.prof").sort_stats("cumulative").print_stats(25)
        return
    try:
        import MahjongGB
    except ImportError:
        MahjongGB = None
    calc = MahjongGB.MahjongFanCalculator if MahjongGB else None
    args = [gb_args(h) for h in hands]

    def ref(arg):
        try:
            calc(*arg)
        except Exception:
            pass

    def ref_from_hand(hand):
        ref(gb_args(hand))

    # first pass: mjscore's caches (per suit, per set combination, per check-group key) start empty
    t0 = time.perf_counter()
    for h in hands:
        evaluate(h)
    first = len(hands) / (time.perf_counter() - t0)
    print(f"hands: {len(hands)} (seed {SEED}), repeats: {a.repeats}; median hands/s (wall clock / CPU time)")
    print(f"mjscore first pass, caches cold:  {first:10.0f} hands/s ({1e6 / first:6.1f} us/hand)")
    for label, clock in (("wall", time.perf_counter), ("cpu", time.process_time)):
        ours = timed(evaluate, hands, a.repeats, clock)
        print(f"[{label}] mjscore (pure Python):  {ours:10.0f} hands/s ({1e6 / ours:6.1f} us/hand)")
        if calc is None:
            print("PyMahjongGB not installed: no reference figure")
            continue
        ref_rate = timed(ref, args, a.repeats, clock)
        conv_rate = timed(ref_from_hand, hands, a.repeats, clock)
        print(f"[{label}] PyMahjongGB 1.4.0 (C++): {ref_rate:10.0f} hands/s ({1e6 / ref_rate:6.1f} us/hand, "
              f"arguments prepared beforehand)")
        print(f"[{label}] PyMahjongGB incl. Hand -> arguments: {conv_rate:10.0f} hands/s "
              f"({1e6 / conv_rate:6.1f} us/hand)")
        print(f"[{label}] ratio mjscore / reference: {ours / ref_rate:.3f} (goal >= 0.2); "
              f"vs reference with conversion: {ours / conv_rate:.3f}")


if __name__ == "__main__":
    main()
