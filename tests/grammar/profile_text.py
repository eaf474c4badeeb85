"""cProfile of ``score(text).to_dict()`` on fresh generated lines: what share the notation parse takes.

    python tests/grammar/profile_text.py [N]     (not collected by pytest)
"""
from __future__ import annotations

import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "shared" / "bench"))

import mcr_gen  # noqa: E402
import riichi_gen  # noqa: E402

from scorer import score  # noqa: E402


def share(texts) -> tuple[float, float]:
    for t in texts[:200]:
        score(t).to_dict()  # warm the caches, as the harness does
    prof = cProfile.Profile()
    prof.enable()
    for t in texts[200:]:
        score(t).to_dict()
    prof.disable()
    stats = pstats.Stats(prof)
    total = stats.total_tt
    parse = next(v[3] for k, v in stats.stats.items() if k[2] == "parse_hand")   # cumulative time
    return parse, total


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    for name, texts in (("riichi", [h["notation"] for h in riichi_gen.generate(n, 77, expected=False)]),
                        ("mcr", [h["notation"] for h in mcr_gen.generate(n, 77, expected=False)])):
        parse, total = share(texts)
        print(f"{name}: parse_hand {parse / total:.1%} of score(text).to_dict() under cProfile "
              f"({parse / (len(texts) - 200) * 1e6:.1f} of {total / (len(texts) - 200) * 1e6:.1f} µs a line)")


if __name__ == "__main__":
    main()
