"""``mjscore fans`` (#15 part 3): the MCR fan table with names, points, definitions and exclusions, read from the
fan table and the non-repeat table (and checked against PyMahjongGB's fan table file in ../shared)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.mcr import fans as F
from scorer.mcr.exclusions import EXCLUSIONS
from scorer.mcr.explain import DEFINITIONS, fan_rows

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "realdata" / "mcr" / "fan_table_reference.tsv"


def _json(*args):
    run = CliRunner().invoke(app, ["fans", "--json", *args])
    assert run.exit_code == 0, run.output
    return json.loads(run.output)


def test_every_fan_has_one_row_with_a_definition():
    d = _json()
    assert d["preset"] == "mcr"
    assert [r["id"] for r in d["fans"]] == [f.id for f in F.FANS]
    assert set(DEFINITIONS) == {f.id for f in F.FANS}
    for r in d["fans"]:
        assert r["definition"].strip() and r["name"] and r["chinese"] and r["points"] > 0


def test_names_and_points_match_the_reference_table():
    if not REFERENCE.exists():
        pytest.skip(f"{REFERENCE} is not here (../shared absent)")
    rows = {r["id"]: r for r in fan_rows()}
    with REFERENCE.open(encoding="utf-8") as fh:
        ref = [line for line in csv.reader(fh, delimiter="\t") if line and line[0].isdigit()]
    assert len(ref) == 82
    for index, points, chinese, english in ref:
        r = rows[int(index)]
        assert (r["points"], r["name"].lower(), r["chinese"]) == (int(points), english.lower(), chinese), r


def test_excludes_and_excluded_by_are_the_non_repeat_table():
    rows = {r["id"]: r for r in fan_rows()}
    for src, targets in EXCLUSIONS:
        named = {F.FAN_BY_ID[F.PUNG_OF_TERMINALS_OR_HONORS if t == F.POT_WIND else t].name for t in targets}
        assert named == set(rows[src]["excludes"]), src
        for t in named:
            assert rows[src]["name"] in next(r for r in rows.values() if r["name"] == t)["excluded_by"]
    assert rows[F.SEVEN_PAIRS]["excludes"] == ["Concealed Hand", "Single Wait"]
    assert rows[F.SELF_DRAWN]["excludes"] == [] and "Fully Concealed Hand" in rows[F.SELF_DRAWN]["excluded_by"]


def test_a_preset_changes_points_and_exclusions():
    green = {r["id"]: r for r in _json("--preset", "green-book")["fans"]}
    assert green[F.TWO_CONCEALED_KONGS]["points"] == 8
    assert "All Types" not in green[F.LESSER_HONORS_AND_KNITTED_TILES]["excludes"]
    default = {r["id"]: r for r in _json()["fans"]}
    assert default[F.TWO_CONCEALED_KONGS]["points"] == 6
    assert "All Types" in default[F.LESSER_HONORS_AND_KNITTED_TILES]["excludes"]


def test_text_table_and_usage_error():
    run = CliRunner().invoke(app, ["fans"], env={"COLUMNS": "220"})
    assert run.exit_code == 0
    assert "大四喜" in run.output and "Big Four Winds" in run.output and "Chicken Hand" in run.output
    run = CliRunner().invoke(app, ["fans", "--preset", "bogus"])
    assert run.exit_code == 2
