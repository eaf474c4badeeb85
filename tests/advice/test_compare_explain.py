"""`score --compare` and `score --explain`: hands where the presets really differ (each difference traced to the
option that causes it) and where several arrangements compete (the chosen one is the evaluator's own)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer import parse, score
from scorer.advice.compare import compare
from scorer.cli.app import app
from scorer.riichi.explain import explain

runner = CliRunner()
GOLDEN = Path(__file__).resolve().parent.parent / "riichi" / "golden_to_dict.jsonl.gz"


def _rows(d):
    return {r["row"]: r for r in d["rows"]}


# (hand, the preset that differs from the first, the rows that must differ, the option named for them)
DIFFERENCES = [
    ("234m456p345s88s67s+5s ron riichi dora:4p", "tenhou,wrc", "wrc", {"limit", "points"}, "kiriage"),
    ("234m406p345s88s67s+5s ron riichi", "tenhou,ema", "ema", {"dora", "han", "points"}, "red_fives"),
    ("19m19p19s1234567z+1m", "tenhou,mahjongsoul", "mahjongsoul", {"han", "limit", "points"}, "double_yakuman"),
    ("111m456p789s23p11z+4p ron riichi seat:E round:E", "ema,wrc", "wrc", {"fu", "points"}, "double_wind_pair_fu"),
    ("2334455667788m+2m tsumo riichi", "tenhou,wrc", "wrc", {"limit", "points"}, "kazoe"),
    ("2334455667788m+2m tsumo riichi", "tenhou,tenhou-sanma", "tenhou-sanma", {"points", "payments"},
     "three_player"),
]


@pytest.mark.parametrize("text,wanted,other,rows,option", DIFFERENCES)
def test_each_difference_is_traced_to_its_option(text, wanted, other, rows, option):
    d = compare(parse(text), wanted)
    by_row = _rows(d)
    for name in rows:
        r = by_row[name]
        assert r["differs"], name
        causes = {c["preset"]: c["options"] for c in r["causes"]}
        assert causes[other] == [option], (name, causes)
    # each column is what `score --preset` says
    for name in d["presets"]:
        assert d["results"][name]["points"] == score(parse(text, preset=name)).points
    # the rows that do not differ name no cause
    for r in d["rows"]:
        assert r["differs"] == (len({json.dumps(v) for v in r["values"].values()}) > 1)
        assert bool(r["causes"]) == r["differs"]


def test_red_fives_not_kiriage_when_both_differ():
    # wrc has no red fives (3 han 30 fu, 3900) and kiriage (which would round 4 han 30 fu up): only red fives cause it
    d = compare(parse("234m406p345s88s67s+5s ron riichi"), "tenhou,wrc")
    assert _rows(d)["points"]["causes"] == [{"preset": "wrc", "options": ["red_fives"]}]


def test_a_hand_scored_alike_has_no_marked_rows():
    d = compare(parse("123m456p789s11z55z+5z ron riichi dora:4p"), "tenhou,mahjongsoul,ema")
    assert not any(r["differs"] for r in d["rows"])


@pytest.mark.parametrize("text,rule", [
    ("(1111m)(2222p)345s66s78s+9s tsumo rules:mcr", "Two Concealed Kongs is worth 8"),
    ("[1111m](2222p)345s66s78s+9s tsumo rules:mcr", "Melded Kong + Concealed Kong"),
])
def test_mcr_editions_name_the_rule(text, rule):
    d = compare(parse(text), "all")
    assert d["presets"] == ["mcr", "green-book"]
    r = _rows(d)["total"]
    assert r["differs"] and any(rule in x for c in r["causes"] for x in c["options"])


def test_compare_cli_json_text_and_usage():
    res = runner.invoke(app, ["score", "234m406p345s88s67s+5s ron riichi", "--compare", "all", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert {"rules", "hand", "baseline", "presets", "rows", "results"} <= set(d)
    assert d["presets"][0] == "standard" and "wrc" in d["presets"]
    res = runner.invoke(app, ["score", "234m406p345s88s67s+5s ron riichi", "--compare", "tenhou,wrc"])
    assert res.exit_code == 0 and "≠" in res.stdout and "red_fives" in res.stdout
    assert runner.invoke(app, ["score", "234m406p345s88s67s+5s ron", "--compare", "tenhou,nope"]).exit_code == 2
    assert runner.invoke(app, ["score", "234m406p345s88s67s+5s ron", "--compare", "tenhou"]).exit_code == 2
    assert runner.invoke(app, ["score", "234m406p345s88s67s+5s", "--compare", "all"]).exit_code == 0
    assert runner.invoke(app, ["score", "-", "--compare", "all"], input="").exit_code == 2


# ---- explain ---------------------------------------------------------------------------------------------------
def _chosen(d):
    return next(a for a in d["arrangements"] if a["chosen"])


def test_ryanpeikou_beats_chiitoitsu():
    d = explain(parse("2233445566778m+8m ron"))
    forms = {a["form"] for a in d["arrangements"]}
    assert forms == {"standard", "seven_pairs"}
    best = _chosen(d)
    assert best["form"] == "standard" and "ryanpeikou" in {y["name"] for y in best["yaku"]}
    seven = next(a for a in d["arrangements"] if a["form"] == "seven_pairs")
    assert "chiitoitsu" in {y["name"] for y in seven["yaku"]} and seven["points"] < best["points"]
    assert "pays more" in d["why"]
    made = {m["name"]: m["tiles"] for m in best["made_by"]}
    assert len(made["ryanpeikou"]) == 4


def test_sanankou_beats_the_sequence_reading():
    d = explain(parse("111222333m456p7p+7p tsumo"))
    readings = {tuple(y["name"] for y in a["yaku"]): a for a in d["arrangements"]}
    assert len(d["arrangements"]) == 2
    best = _chosen(d)
    assert "sanankou" in {y["name"] for y in best["yaku"]}
    assert {m["name"]: m["tiles"] for m in best["made_by"]}["sanankou"] == ["111m", "222m", "333m"]
    other = next(a for a in d["arrangements"] if not a["chosen"])
    assert "iipeikou" in {y["name"] for y in other["yaku"]} and other["points"] < best["points"]
    assert readings


def test_pinfu_reading_against_a_kanchan_reading():
    # 23456m won on 4m: 234 + 56 waiting (ryanmen, pinfu) or 345 + 2 6? the evaluator takes the pinfu reading
    d = explain(parse("23m456m789p234s55s+4m ron riichi"))
    best = _chosen(d)
    assert best["wait"] == "ryanmen" and "pinfu" in {y["name"] for y in best["yaku"]}


def test_no_yaku_is_shown_per_arrangement():
    d = explain(parse("[123m]456p789s11z55m+5m ron"))
    assert not any(a["chosen"] for a in d["arrangements"])
    assert all(a["reason"] == "no yaku" for a in d["arrangements"])


def _golden():
    """The golden notation lines that win, with the evaluator's results."""
    with gzip.open(GOLDEN, "rt") as f:
        for line in f:
            row = json.loads(line)
            if not row["out"].startswith("{"):      # a hand the evaluator refuses (ERROR:...)
                continue
            out = json.loads(row["out"])
            if out.get("rules") != "riichi" or not out.get("win"):
                continue
            if "text" in row:
                yield row["text"], parse(row["text"]), row["preset"], out


def test_the_chosen_arrangement_is_the_evaluators_on_every_golden_hand():
    n = 0
    for name, hand, preset, out in _golden():
        d = explain(hand, preset)
        best = _chosen(d)
        assert (best["han"], best["fu"], best["points"]) == (out["han"], out["fu"], out["points"]), name
        assert [y["name"] for y in best["yaku"]] == [y["name"] for y in out["yaku"]], name
        n += 1
    assert n > 500


def test_explain_cli():
    res = runner.invoke(app, ["score", "2233445566778m+8m ron", "--explain", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["win"] and d["explain"]["arrangements"] and "why" in d["explain"]
    res = runner.invoke(app, ["score", "2233445566778m+8m ron", "--explain"])
    assert res.exit_code == 0 and "arrangements considered" in res.stdout and "chosen" in res.stdout
    assert runner.invoke(app, ["score", "2233445566778m+8m ron", "--explain", "--compare", "all"]).exit_code == 2


def test_compare_row_for_batch():
    from scorer.advice.compare import compare_row
    row = compare_row(parse("234m406p345s88s67s+5s ron riichi"), "tenhou,wrc,ema")
    assert row["value:tenhou"] == 7700 and row["value:wrc"] == row["value:ema"] == 3900
    assert row["differs"] == "dora,han,points,payments"
    assert row["causes"] == "wrc: red_fives; ema: red_fives"


def test_sanankou_against_the_pinfu_reading():
    d = explain(parse("111222333m45p99s+6p ron riichi"))
    best = _chosen(d)
    other = next(a for a in d["arrangements"] if not a["chosen"])
    assert {y["name"] for y in best["yaku"]} == {"riichi", "sanankou"} and best["fu"] == 50
    assert {y["name"] for y in other["yaku"]} == {"riichi", "pinfu", "iipeikou"} and other["fu"] == 30
    assert best["han"] == other["han"] and "pays more" in d["why"]
    # with three dora both readings are haneman: the tie is broken by fu, and the reason says so
    d = explain(parse("111222333m45p99s+6p ron riichi dora:9m"))
    assert len({a["points"] for a in d["arrangements"]}) == 1
    assert _chosen(d)["fu"] == 50 and "more fu" in d["why"]
    assert _chosen(d)["points"] == score(parse("111222333m45p99s+6p ron riichi dora:9m")).points


# ---- MCR readings ------------------------------------------------------------------------------------------------
MCR_FIXTURE = Path(__file__).resolve().parent.parent / "mcr" / "to_dict_9e9e6d6.jsonl"


def test_mcr_readings_compete_and_the_chosen_one_is_the_evaluators():
    from scorer.advice.explain import mcr_arrangements
    d = mcr_arrangements(parse("111222333m789s5p+5p rules:mcr"))
    assert len(d["arrangements"]) == 2
    best = _chosen(d)
    other = next(a for a in d["arrangements"] if not a["chosen"])
    assert "Pure Shifted Pungs" in {f["name"] for f in best["fans"]}
    assert "Pure Triple Chow" in {f["name"] for f in other["fans"]}
    assert best["total"] > other["total"] and "more points" in d["why"]


def test_mcr_knitted_reading_is_named():
    from scorer.advice.explain import mcr_arrangements
    d = mcr_arrangements(parse("147m258p369s234s5z+5z rules:mcr"))
    best = _chosen(d)
    assert best["form"] == "knitted_straight" and best["sets"].startswith("knitted straight")
    assert "Knitted Straight" in {f["name"] for f in best["fans"]}


def test_mcr_chosen_reading_totals_the_evaluators_fans():
    from scorer.advice.explain import mcr_arrangements
    n = 0
    for line in MCR_FIXTURE.read_text().splitlines():
        row = json.loads(line)
        out = row["dict"]
        if not out.get("win"):
            continue
        d = mcr_arrangements(parse(row["input"]))
        assert _chosen(d)["total"] == out["fan_total"], row["input"]
        assert len(d["arrangements"]) >= 1
        n += 1
    assert n > 50


def test_mcr_explain_cli():
    res = runner.invoke(app, ["score", "111222333m789s5p+5p rules:mcr", "--explain", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert len(d["explain"]["arrangements"]) == 2 and "made_by" in d      # the count's explanation as before
