"""The text-mode functions the CLI wires up (#4): exit codes and output of analyze, rules, play --auto, and an
interactive deal driven through ``input_fn``."""

from __future__ import annotations

import io
import json

from rich.console import Console

from scorer.cli.play import analyze, auto_stats, play_auto, play_interactive, rules_card


def console():
    buf = io.StringIO()
    return Console(file=buf, width=120, force_terminal=False, color_system=None), buf


def test_analyze_13_tiles_gives_shanten_and_waits():
    c, buf = console()
    assert analyze("123m456p789s1122z", c) == 0
    out = buf.getvalue()
    assert "shanten 0" in out and "waits: 1z 2z" in out


def test_analyze_14_tiles_gives_each_discard():
    c, buf = console()
    assert analyze("123m456p789s11223z", c) == 0
    out = buf.getvalue()
    assert "3z" in out and "ukeire" in out


def test_analyze_rejects_bad_input(capsys):
    c, _ = console()
    assert analyze("123x", c) == 1
    assert analyze("123m", c) == 1
    assert "mjscore:" in capsys.readouterr().err


def test_rules_card():
    c, buf = console()
    assert rules_card("riichi", c) == 0
    out = buf.getvalue()
    assert "head bump" in out and "kuikae" in out and "25,000" in out
    assert rules_card("nonsense", c) == 1


def test_play_auto_json(capsys):
    assert play_auto(2, 11, json_out=True) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["deals"] == 2 and set(d) >= {"wins", "tsumo", "ron", "exhaustive_draws", "deal_ins", "riichi",
                                           "average_points"}


def test_auto_stats_are_consistent():
    s = auto_stats(4, 21)
    assert s["wins"] + s["exhaustive_draws"] == 4
    assert round(sum(s["average_points"])) == 100000


def test_play_interactive_with_scripted_input(tmp_path):
    c, buf = console()
    answers = iter(["1", "n", "1", "y"])                  # pick, refuse, pick again, confirm; then Enter

    def fake_input(prompt):
        c.print(prompt, end="")
        return next(answers, "")

    log = tmp_path / "d.jsonl"
    assert play_interactive(seed=8, log_path=str(log), console=c, input_fn=fake_input) == 0
    out = buf.getvalue()
    assert "Point changes" in out
    assert log.read_text().count("\n") > 10


def test_play_interactive_exits_1_when_input_ends(tmp_path):
    c, _ = console()

    def eof(prompt):
        raise EOFError
    assert play_interactive(seed=8, console=c, input_fn=eof) == 1


def test_analyze_with_melds_and_spaces():
    c, buf = console()
    assert analyze("123m456p11z22z[777z]", c) == 0
    assert "waits: 1z 2z" in buf.getvalue()
    c, buf = console()
    assert analyze("123m 456p 789s 1122z", c) == 0
    c, _ = console()
    assert analyze("123m[457p]11z22z33z", c) == 1


def test_auto_with_log_is_a_usage_error_not_a_silent_loss(tmp_path):
    """AI-only deals keep no log: ``play --auto --log FILE`` says so (exit 2) and creates no file."""
    from typer.testing import CliRunner

    from scorer.cli.app import app
    log = tmp_path / "deal.jsonl"
    r = CliRunner().invoke(app, ["play", "--auto", "--deals", "1", "--log", str(log)])
    assert r.exit_code == 2
    assert "--log" in r.output and "interactive" in r.output
    assert not log.exists()
