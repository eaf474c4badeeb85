"""The fixed input set of the to_dict golden test, and the writer of its fixture (``golden_to_dict.jsonl.gz``).

The fixture holds, for every input, the exact JSON text that ``RiichiResult.to_dict()`` gave at commit 9e9e6d6
(before results were made lean): every riichi line of ``fixtures/hands``, every Tenhou agari record of
``../shared/realdata`` (scored the way the agari test scores it) and a fixed set of generated lines — winning
hands, legal non-wins (no yaku), the same hands with another winning tile (mostly not complete: shanten and waits
are reported), the same hands with a concealed tile changed (often not tenpai), and a sample under every preset.
``test_golden.py`` scores the same inputs with today's code and compares the text byte for byte.

Writing the fixture (run with the OLD code on the path, e.g. a ``git archive 9e9e6d6`` tree)::

    PYTHONPATH=/tmp/old python tests/riichi/golden.py --write tests/riichi/golden_to_dict.jsonl.gz \
        --bench /work/shared/bench
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "golden_to_dict.jsonl.gz"
PRESET_NAMES = ("standard", "tenhou", "tenhou-sanma", "mahjongsoul", "wrc", "ema")
_WIN_TILE = re.compile(r"\+(\d)([mpsz])")


def dumps(result) -> str:
    """The JSON text of a result as the batch writes it (key order and value types included)."""
    return json.dumps(result.to_dict(), ensure_ascii=False)


def score_text(text: str, preset: str | None) -> str:
    from grammar import parse_hand
    from scorer.riichi import evaluate
    try:
        return dumps(evaluate(parse_hand(text), preset))
    except ValueError as e:   # impossible hands (a fifth tile) are part of the set: the error class is pinned
        return "ERROR:" + type(e).__name__


def score_record(rec: dict) -> str:
    from scorer.riichi import evaluate
    from tests.riichi.records import build_hand, is_sanma
    hand, nuki = build_hand(rec)
    return dumps(evaluate(hand, "tenhou-sanma" if is_sanma(rec) else "tenhou", nuki=nuki))


def fixture_lines() -> list[tuple[str, str, str | None]]:
    """(key, notation, preset) of every riichi fixture line (read the way the fixture test reads them)."""
    from tests.riichi.test_fixtures import _cases
    return [(case.id, *case.values[:1], case.values[1].get("preset")) for case in _cases()]


def generated_lines(bench: str, n: int = 600, seed: int = 20261201) -> list[tuple[str, str, str | None]]:
    """(key, notation, preset) of generated lines (needs the bench's riichi_gen; used only when writing)."""
    sys.path.insert(0, bench)
    import riichi_gen
    rng = random.Random(seed)
    hands = riichi_gen.generate(n, seed, expected=False)
    out = []
    for i, h in enumerate(hands):
        text = h["notation"]
        out.append((f"gen:{i}", text, None))
        m = _WIN_TILE.search(text)
        if m:   # another winning tile of the same suit (an honor stays in 1-7)
            digit = str(rng.randint(1, 7 if m.group(2) == "z" else 9))
            out.append((f"gen:{i}:other-win", text[:m.start(1)] + digit + text[m.end(1):], None))
        if i % 3 == 0:   # a concealed tile changed too: mostly one or more tiles from tenpai
            j = next((k for k, ch in enumerate(text) if ch.isdigit()), None)
            if j is not None:
                out.append((f"gen:{i}:other-tile", text[:j] + str(rng.randint(1, 9)) + text[j + 1:], None))
        if i % 6 == 0:
            for p in PRESET_NAMES:
                out.append((f"gen:{i}:{p}", text, p))
    return out


def write(path: str, bench: str) -> None:
    from tests.riichi.records import REALDATA, load_records, record_id
    rows = []
    for key, text, preset in fixture_lines() + generated_lines(bench):
        rows.append({"key": key, "text": text, "preset": preset, "out": score_text(text, preset)})
    if REALDATA.is_dir():
        for rec in load_records():
            rows.append({"key": "record:" + record_id(rec), "record": record_id(rec), "out": score_record(rec)})
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {path}")


def read() -> list[dict]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) != 4 or args[0] != "--write" or args[2] != "--bench":
        sys.exit("usage: golden.py --write FILE --bench BENCH_DIR")
    sys.path.append(str(HERE.parents[1]))   # after PYTHONPATH: the code under test may be another tree
    write(args[1], args[3])
