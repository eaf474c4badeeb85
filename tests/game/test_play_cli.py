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
        if "pass the win" in prompt:        # a win on offer is never passed by Enter alone: take it
            return "t"
        if "let the win go" in prompt:
            return "ron"
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


def test_auto_with_log_writes_every_deal(tmp_path):
    """``play --auto --log FILE`` writes the AI-only deals' events, one deal after another."""
    from typer.testing import CliRunner

    from scorer.cli.app import app
    from scorer.game.engine import replay
    log = tmp_path / "deals.jsonl"
    r = CliRunner().invoke(app, ["play", "--auto", "--deals", "2", "--seed", "4", "--log", str(log), "--json"])
    assert r.exit_code == 0, r.output
    lines = log.read_text().splitlines()
    starts = [i for i, line in enumerate(lines) if '"type":"start"' in line]
    assert len(starts) == 2
    assert replay(lines[:starts[1]]).phase == "end" and replay(lines[starts[1]:]).phase == "end"


def test_flags_that_do_nothing_in_a_mode_are_usage_errors():
    from typer.testing import CliRunner

    from scorer.cli.app import app
    for args, word in ((["play", "--deals", "3"], "--deals"), (["play", "--json"], "--json"),
                       (["play", "--auto", "--tiles", "glyphs"], "--tiles"), (["play", "--tiles", "emoji"], "--tiles"),
                       (["play", "--preset", "nonsense"], "nonsense"),
                       (["play", "--rules", "riichi", "--preset", "mcr"], "mcr table")):
        r = CliRunner().invoke(app, args, input="")
        assert r.exit_code == 2, (args, r.output)
        assert word in r.output


def test_play_preset_plays_any_preset_the_engine_runs(capsys):
    from typer.testing import CliRunner

    from scorer.cli.app import app
    r = CliRunner().invoke(app, ["play", "--preset", "mcr", "--auto", "--deals", "1", "--json", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["rules"] == "mcr"
    c, _ = console()
    # tenhou (double ron, abortive draws, pao) is played live on the replays' settlement
    assert play_interactive(seed=1, console=c, input_fn=lambda p: "", preset="tenhou") == 0
    assert "cannot be played live" not in capsys.readouterr().err
    # a preset asking more than its table plays (double ron at the one-deal table) is still refused up front
    import dataclasses

    from scorer.cli.play import unplayable
    from scorer.game.ai import TsumogiriPlayer
    from scorer.game.engine import Engine
    from scorer.game.presets import find_preset
    odd = dataclasses.replace(find_preset("standard"), multiple_ron="double")
    why = unplayable(Engine([TsumogiriPlayer() for _ in range(4)], seed=1, preset=odd))
    assert why and "cannot be played live" in why and "head_bump" in why


def test_auto_json_deals_never_import_rich():
    """``play --auto --json`` prints one JSON object and draws nothing: rich stays unimported (the game speed
    harness times this command)."""
    import subprocess
    import sys
    code = ("import sys; sys.argv = ['mjscore', 'play', '--auto', '--deals', '2', '--seed', '1', '--json']\n"
            "from scorer.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('RICH ' + str(sorted(m for m in sys.modules if m.split('.')[0] == 'rich')[:3]))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert '"deals": 2' in r.stdout
    assert "RICH []" in r.stderr, r.stderr
