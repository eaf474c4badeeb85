"""Benchmark (a script, not collected by pytest): AI-only MCR deals per second, timed as
``../shared/bench/speed.py game`` times them.

    python tests/benchmarks/bench_mcr_game.py [--deals 100] [--seed S] [--repeats 3] [--baseline REV] [--profile]

Each run is ``mjscore play --rules mcr --auto --deals N --seed S --json`` in a fresh process, after one untimed
warm-up; median of ``--repeats`` runs; ``--baseline REV`` times REV's tree side by side and prints the ratio (the
goal: MCR >= 3 against 9f3dff8). See ``bench_game.py`` (the riichi side), whose runner this reuses.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import main as _main  # noqa: E402  (the runner beside this script)


def main(argv=None) -> int:
    return _main(argv, rules="mcr", default_deals=100)


if __name__ == "__main__":
    sys.exit(main())
