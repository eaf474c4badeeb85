"""Replay throughput: rounds per second over the Tenhou mjlog corpus (reading, legality checks, scoring, settlement).

Run: ``python tests/benchmarks/bench_replay.py [FILES...]`` (default: ../shared/realdata/riichi/tenhou-mjlog/).
"""

from __future__ import annotations

import glob
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorer.logs import read_log  # noqa: E402
from scorer.logs.replay import LenientVisitor, replay_rounds  # noqa: E402

DEFAULT = ROOT / ".." / "shared" / "realdata" / "riichi" / "tenhou-mjlog"


def main(argv: list[str]) -> int:
    files = argv or sorted(glob.glob(str(DEFAULT / "*.mjlog")))
    if not files:
        print("no files (../shared/realdata is absent)")
        return 0
    t0 = time.perf_counter()
    rounds = [list(read_log(f)) for f in files]
    t1 = time.perf_counter()
    n = agree = 0
    for rs in rounds:
        for rep in replay_rounds(rs, LenientVisitor()):
            n += 1
            agree += rep.agree
    t2 = time.perf_counter()
    print(f"{len(files)} games, {n} rounds ({agree} agree)")
    print(f"read:   {t1 - t0:6.2f} s  {n / (t1 - t0):8.0f} rounds/s")
    print(f"replay: {t2 - t1:6.2f} s  {n / (t2 - t1):8.1f} rounds/s (legality checks, scoring, settlement)")
    print(f"total:  {t2 - t0:6.2f} s  {n / (t2 - t0):8.1f} rounds/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
