"""``mjscore batch FILE --compare PRESETS``: each hand under the presets side by side, one JSON row a line.

A row is ``{"source", "line", **compare_row(hand, PRESETS)}`` (the same comparison ``score --compare`` shows), a bad
line stays an error row in its place, and the names are checked before the first line.
"""

import json

import pytest

from scorer import parse
from scorer.advice.compare import compare_row
from scorer.cli.batch import batch_command

LINES = [
    "2334455667788m+2m tsumo riichi",                 # kazoe: a yakuman at tenhou, sanbaiman under wrc/ema
    "123m456p789s11z55z+5z ron riichi dora:4p",       # the same everywhere
    "12x",                                            # not notation
    "(1111m)(2222p)345s66s78s+9s tsumo rules:mcr",   # MCR: its own presets
    "123m456p789s11z55z+5z ron riichi dora:4p 0m",    # not notation either
]


def _run(tmp_path, compare, fmt="jsonl", jobs=1, rules=None):
    src = tmp_path / "hands.txt"
    src.write_text("\n".join(LINES) + "\n")
    out = tmp_path / "out.jsonl"
    rc = batch_command([str(src)], rules, None, fmt, str(out), jobs, "local", None, compare)
    return rc, src, (out.read_text() if out.exists() else "")


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_line_is_its_comparison_in_order(tmp_path, capsys, jobs):
    rc, src, text = _run(tmp_path, "tenhou,mahjongsoul,wrc,ema", jobs=jobs)
    rows = [json.loads(x) for x in text.splitlines()]
    assert [r["line"] for r in rows] == [1, 2, 3, 4, 5]
    assert rc == 1                                    # the bad lines are errors
    assert {k for k in rows[2]} == {"source", "line", "input", "error"} and rows[2]["input"] == "12x"
    assert "error" in rows[4]
    for i in (0, 1):
        assert rows[i] == {"source": str(src), "line": i + 1,
                           **compare_row(parse(LINES[i]), "tenhou,mahjongsoul,wrc,ema")}
    assert rows[0]["value:tenhou"] == 32000 and rows[0]["value:wrc"] == 24000 and "kazoe" in rows[0]["causes"]
    assert rows[1]["differs"] == "" and len({rows[1][f"value:{p}"] for p in ("tenhou", "wrc", "ema")}) == 1
    # an MCR line: "tenhou" is no MCR preset, so that line is an error row naming why
    assert "has no preset" in rows[3]["error"]
    err = capsys.readouterr().err
    assert "compared: 2 hands, 1 where the presets differ" in err and "errors at" in err


def test_all_compares_every_preset_of_each_lines_rule_set(tmp_path):
    rc, _, text = _run(tmp_path, "all")
    rows = [json.loads(x) for x in text.splitlines()]
    assert rows[0]["rules"] == "riichi" and "value:tenhou-sanma" in rows[0]
    assert rows[3]["rules"] == "mcr" and (rows[3]["value:mcr"], rows[3]["value:green-book"]) == (12, 14)
    assert rows[3]["causes"].startswith("green-book:") and "Two Concealed Kongs" in rows[3]["causes"]


@pytest.mark.parametrize("compare,fmt,words", [
    ("tenhou,foo", "jsonl", "riichi has no preset 'foo'"),
    ("tenhou", "jsonl", "two presets or more"),
    ("tenhou,wrc", "csv", "--compare writes JSON lines"),
    ("tenhou,wrc", "table", "--compare writes JSON lines"),
])
def test_usage_errors_before_the_first_line(tmp_path, capsys, compare, fmt, words):
    rc, _, text = _run(tmp_path, compare, fmt=fmt)
    assert rc == 2 and text == ""
    assert words in capsys.readouterr().err


def test_names_are_checked_against_the_rules_given(tmp_path, capsys):
    rc, _, _ = _run(tmp_path, "mcr,tenhou", rules="mcr")
    assert rc == 2 and "mcr has no preset 'tenhou'" in capsys.readouterr().err
