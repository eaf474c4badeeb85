"""Results unchanged byte for byte: ``RiichiResult.to_dict()`` as JSON equals what commit 9e9e6d6 gave.

The inputs and the old outputs are in ``golden_to_dict.jsonl.gz`` (written by ``golden.py`` with the old code):
every riichi fixture line, every Tenhou agari record, and generated wins, non-wins (no yaku, not complete, not
tenpai) and impossible lines, some under every preset. Results were made lean (waits of a winning hand from its
arrangements, plain values built directly); this holds the JSON keys, their order and every value.
"""

from __future__ import annotations

import pytest

from tests.riichi.golden import read, score_record, score_text
from tests.riichi.records import REALDATA, load_records, record_id

ROWS = read()
TEXT_ROWS = [r for r in ROWS if "text" in r]
RECORD_ROWS = [r for r in ROWS if "record" in r]


def test_fixture_covers_every_kind_of_outcome():
    outs = [r["out"] for r in ROWS]
    assert len(TEXT_ROWS) > 2000 and any(o.startswith("ERROR:") for o in outs)
    for needle in ('"win": true', '"reason": "no yaku"', '"reason": "not complete"', '"shanten": 1',
                   '"waits": []'):
        assert any(needle in o for o in outs), needle


def test_text_lines_unchanged():
    changed = [(r["key"], r["text"], r["preset"]) for r in TEXT_ROWS if score_text(r["text"], r["preset"]) != r["out"]]
    assert not changed, f"{len(changed)} changed, e.g. {changed[:3]}"


@pytest.mark.skipif(not REALDATA.is_dir(), reason=f"real records not present ({REALDATA})")
def test_agari_records_unchanged():
    assert len(RECORD_ROWS) == 1705
    old = {r["record"]: r["out"] for r in RECORD_ROWS}
    changed = [record_id(rec) for rec in load_records() if score_record(rec) != old[record_id(rec)]]
    assert not changed, f"{len(changed)} changed, e.g. {changed[:3]}"
