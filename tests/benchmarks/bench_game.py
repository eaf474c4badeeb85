"""Benchmark (a script, not collected by pytest): AI-only riichi deals per second, timed as
``../shared/bench/speed.py game`` times them.

    python tests/benchmarks/bench_game.py [--deals 200] [--seed S] [--repeats 3] [--baseline REV] [--profile]

Each run is ``mjscore play --auto --deals N --seed S --json`` in a fresh process (``python -c`` calling
``scorer.cli.app.main``, cwd and ``PYTHONPATH`` = the checkout, bytecode cached outside the tree), after one
untimed warm-up; the median wall time of ``--repeats`` runs gives deals/s. With ``--baseline REV`` the same
command runs on REV's tree (``git archive`` into a temporary directory), the two sides alternating, and the ratio
is printed (the goal: riichi >= 2.5 against 9f3dff8). ``--profile`` prints a cProfile of the deals in this process
instead. ``bench_mcr_game.py`` is the MCR side (``--rules mcr``, 100 deals).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLI = "import sys; sys.argv = ['mjscore'] + sys.argv[1:]; from scorer.cli.app import main; sys.exit(main())"


def _env(root: Path, pycache: str) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # both sides run from bytecode, as on a user's machine
    env["PYTHONPATH"] = str(root)
    env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def timed_run(root: Path, argv: list[str], pycache: str) -> float:
    """Wall seconds of ``mjscore ARGV`` run from ``root`` in a fresh process (raises if it fails)."""
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", CLI, *argv], cwd=root, env=_env(root, pycache), check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def compare(argv: list[str], deals: int, repeats: int, baseline: str | None, label: str) -> int:
    """Time ``argv`` on this checkout (and on ``baseline``), alternating; print deals/s and the ratio."""
    tmp = tempfile.mkdtemp(prefix="mjbench-game-")
    pycache = os.path.join(tmp, "pycache")
    sides = {"this checkout": ROOT}
    try:
        if baseline:
            tree = Path(tmp) / "baseline"
            tree.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", baseline], check=True,
                                     stdout=subprocess.PIPE).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
            sides["baseline " + baseline] = tree
        times: dict[str, list[float]] = {name: [] for name in sides}
        for root in sides.values():
            timed_run(root, argv, pycache)          # warm-up: bytecode, disk cache
        for r in range(repeats):
            for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                times[name].append(timed_run(sides[name], argv, pycache))
        rates = {}
        for name, ts in times.items():
            med = statistics.median(ts)
            rates[name] = deals / med
            print(f"{label} {name}: {rates[name]:.1f} deals/s (median {med:.2f} s of "
                  + " ".join(f"{t:.2f}" for t in ts) + ")")
        if baseline:
            mine, base = rates["this checkout"], rates["baseline " + baseline]
            print(f"{label} deals/s, this checkout / baseline: {mine / base:.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def profile(rules: str, deals: int, seed: int) -> int:
    import cProfile
    import pstats
    sys.path.insert(0, str(ROOT))
    if rules == "mcr":
        from scorer.cli.play_mcr import auto_stats
    else:
        from scorer.cli.play import auto_stats
    prof = cProfile.Profile()
    prof.enable()
    auto_stats(deals, seed)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    return 0


def main(argv=None, rules: str = "riichi", default_deals: int = 200) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=default_deals)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--baseline", default=None, help="a commit to time side by side (e.g. 9f3dff8)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    if args.profile:
        return profile(rules, args.deals, args.seed)
    cmd = ["play", *(["--rules", "mcr"] if rules == "mcr" else []), "--auto", "--deals", str(args.deals),
           "--seed", str(args.seed), "--json"]
    return compare(cmd, args.deals, args.repeats, args.baseline, rules)


if __name__ == "__main__":
    sys.exit(main())
