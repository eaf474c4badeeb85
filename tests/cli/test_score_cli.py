"""`mjscore score`: exit codes, JSON shape, standard input, and errors that quote the input."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from scorer.cli.app import app

runner = CliRunner()
SAMPLE = "123m456p789s11z55z+5z ron riichi dora:4p"
RIICHI_KEYS = {"rules", "preset", "hand", "win", "reason", "yaku", "dora", "han", "fu", "yakuman", "limit",
               "fu_breakdown", "points", "payments", "total_gain"}


def test_score_json_has_the_documented_keys():
    res = runner.invoke(app, ["score", SAMPLE, "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert RIICHI_KEYS <= set(d)
    assert d["win"] is True and d["rules"] == "riichi" and d["preset"] == "standard"
    assert d["hand"] == "123m456p789s1155z+5z ron riichi dora:4p"
    assert {y["name"] for y in d["yaku"]} >= {"riichi"}
    assert d["dora"]["dora"] == 1


def test_score_accepts_the_hand_as_several_words():
    a = runner.invoke(app, ["score", *SAMPLE.split(), "--json"])
    b = runner.invoke(app, ["score", SAMPLE, "--json"])
    assert a.exit_code == 0 and a.stdout == b.stdout


def test_panel_shows_yaku_fu_and_payment():
    res = runner.invoke(app, ["score", SAMPLE])
    assert res.exit_code == 0
    for text in ("riichi", "han", "fu", "pays"):
        assert text in res.stdout


def test_bad_hand_exits_1_with_the_quoted_line_and_caret():
    res = runner.invoke(app, ["score", "123m456p789s11z55z+5z haitei"])
    assert res.exit_code == 1
    assert "haitei with ron" in res.stderr
    assert "123m456p789s11z55z+5z haitei" in res.stderr and "^" in res.stderr


def test_non_winning_hand_is_a_result_not_an_error():
    res = runner.invoke(app, ["score", "123m456p789s11z56z+7z", "--json"])
    assert res.exit_code == 0
    d = json.loads(res.stdout)
    assert d["win"] is False and d["reason"]
    assert d["shanten"] >= 0


def test_unknown_rules_is_usage():
    res = runner.invoke(app, ["score", SAMPLE, "--rules", "hk"])
    assert res.exit_code == 2


def test_missing_hand_is_usage():
    res = runner.invoke(app, ["score"])
    assert res.exit_code == 2


def test_stdin_gives_one_json_line_per_hand_in_order():
    text = "\n".join([
        "# a comment",
        SAMPLE,
        "",
        "123m456p789s11z55z+5z haitei",
        "123m456p789s11z55z+5z tsumo",
    ]) + "\n"
    res = runner.invoke(app, ["score", "-"], input=text)
    assert res.exit_code == 1  # one hand was invalid
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["line"] for r in rows] == [2, 4, 5]
    assert rows[0]["win"] is True
    assert "error" in rows[1] and "haitei" in rows[1]["error"]
    assert rows[2]["win"] is True


def test_stdin_all_good_exits_0():
    res = runner.invoke(app, ["score", "-"], input=SAMPLE + "\n")
    assert res.exit_code == 0
    assert json.loads(res.stdout)["line"] == 1


def test_console_script_runs_in_a_subprocess():
    proc = subprocess.run([sys.executable, "-m", "scorer.cli.app", "score", SAMPLE, "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["points"] > 0


def test_python_api():
    from scorer import score
    r = score(SAMPLE)
    assert r.win and r.to_dict()["points"] == json.loads(runner.invoke(app, ["score", SAMPLE, "--json"]).stdout)["points"]


def test_a_disputed_claim_in_the_hand_exits_1_and_says_why():
    res = runner.invoke(app, ["score", SAMPLE + " claim:3900", "--json"])
    assert res.exit_code == 1
    d = json.loads(res.stdout)
    assert d["claim_agrees"] is False and d["claim_expected"] and d["claim"] == "3900"


def test_an_agreed_claim_exits_0():
    points = json.loads(runner.invoke(app, ["score", SAMPLE, "--json"]).stdout)["points"]
    res = runner.invoke(app, ["score", SAMPLE + f" claim:{points}"])
    assert res.exit_code == 0
    assert "AGREE" in res.stdout


def test_stdin_rows_carry_claim_columns():
    text = f"{SAMPLE} claim:3900\n{SAMPLE}\n"
    res = runner.invoke(app, ["score", "-"], input=text)
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert res.exit_code == 1
    assert rows[0]["claim_agrees"] is False and "claim" not in rows[1]


def test_the_line_rules_keyword_beats_the_default():
    from scorer import score
    r = score("123m456p789s11z55z+5z rules:riichi", rules="mcr")
    assert r.to_dict()["rules"] == "riichi"
