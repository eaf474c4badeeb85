"""``mjscore play`` for whole games (issue 14): AI-only games and their summary, an interactive game played
through the real prompts by an autopilot, interrupted, saved and resumed, and the usage errors (exit 2, one line,
no traceback)."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.cli.play_game import game_stats, play_command


def run(*args):
    return CliRunner().invoke(app, ["play", *args])


def test_auto_games_json_summary():
    r = run("--auto", "--game", "south", "--games", "3", "--seed", "5", "--json", "--ai", "basic")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["games"] == 3 and d["game"] == "south" and d["preset"] == "standard"
    assert sum(d["ends"].values()) == 3
    for seat in d["seats"]:
        assert sum(seat["places"]) == 3 and 1 <= seat["average_place"] <= 4
        assert set(seat) >= {"average_place", "average_points", "win_rate", "deal_in_rate", "riichi_rate",
                             "call_rate"}
    # every game hands out the four places once
    assert [sum(s["places"][k] for s in d["seats"]) for k in range(4)] == [3, 3, 3, 3]
    assert sum(s["average_points"] for s in d["seats"]) == pytest.approx(100000, abs=1)
    rounds = d["rounds"]
    assert rounds["all"]["deals"] == d["deals"] == sum(v["deals"] for k, v in rounds.items() if k != "all")
    assert 0 <= rounds["all"]["draw_share"] <= 1 and 0 <= rounds["all"]["tsumo_share"] <= 1


def test_auto_games_are_the_driver_s_games():
    """The summary counts what the games hold: wins by seat and per deal add up."""
    s = game_stats(2, game="east", seed=3, preset="tenhou")
    deals = s["deals"]
    wins = sum(x["win_rate"] for x in s["seats"]) * deals
    draws = s["rounds"]["all"]["draw_share"] * deals
    # a deal ends in a win (double ron: two) or a draw
    assert round(wins + draws) >= deals


def test_auto_games_table_and_mcr_match():
    r = run("--rules", "mcr", "--auto", "--game", "match", "--games", "1", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "MCR matches" in r.stdout and "North" in r.stdout and "Per round" in r.stdout


def test_auto_single_deals_are_unchanged():
    r = run("--auto", "--deals", "2", "--seed", "4", "--json")
    assert r.exit_code == 0
    assert set(json.loads(r.stdout)) >= {"deals", "wins", "tsumo", "ron", "exhaustive_draws", "average_points"}


@pytest.mark.parametrize("args, words", [
    (["--games", "3"], "--games goes with --auto"),
    (["--auto", "--games", "2"], "give --game east, south or match"),
    (["--auto", "--game", "match"], "plays --game east, south"),
    (["--rules", "mcr", "--game", "south"], "plays --game match"),
    (["--game", "hanchan"], "--game expects"),
    (["--auto", "--game", "south", "--ai", "grandmaster"], "unknown AI level 'grandmaster'"),
    (["--auto", "--game", "south", "--ai", "basic,basic"], "one level or 4"),
    (["--game", "south", "--ai", "basic,basic"], "one level or 3"),
    (["--auto", "--ai", "basic"], "--ai with --auto goes with --game"),
    (["--resume", "x.jsonl", "--seed", "3"], "--seed comes from the file"),
    (["--resume", "x.jsonl", "--auto"], "--auto comes from the file"),
    (["--log-format", "own"], "--log-format goes with --log"),
    (["--log", "x", "--log-format", "kifu"], "--log-format expects"),
    (["--auto", "--game", "south", "--games", "-1"], "at least 0"),
    (["--auto", "--game", "east", "--deals", "3"], "--games N"),
    (["--game", "east", "--json"], "--json goes with --auto"),
])
def test_usage_errors(args, words):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output


def test_bad_resume_files_exit_1_with_a_message(tmp_path):
    missing = run("--resume", str(tmp_path / "nope.jsonl"))
    assert missing.exit_code == 1 and "cannot resume" in missing.output and "Traceback" not in missing.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    r = run("--resume", str(bad))
    assert r.exit_code == 1 and "not JSON" in r.output and "Traceback" not in r.output


# ---- an interactive game -------------------------------------------------------------------------------------
class Autopilot:
    """Answers the real prompts: Enter (the drawn tile, confirm, pass a call, next deal) and takes every win;
    raises EOFError after ``stop_after`` answers (the player walks away)."""

    def __init__(self, stop_after: int | None = None):
        self.n = 0
        self.stop_after = stop_after

    def __call__(self, prompt: str) -> str:
        self.n += 1
        if self.stop_after is not None and self.n > self.stop_after:
            raise EOFError
        if "pass the win?" in prompt:
            return "t"
        if "let the win go" in prompt:
            return "ron"
        return ""


def _play(tmp_path, stop_after=None, resume=None, name="game.jsonl", game="east", preset="tenhou"):
    buf = io.StringIO()
    console = Console(file=buf, width=120, force_terminal=False, color_system=None)
    log = str(tmp_path / name)
    code = play_command(rules="riichi", preset=None if resume else preset, seed=None if resume else 17,
                        log=None if resume else log, tiles=None, auto=False, deals=None, json_out=False,
                        game=None if resume else game, games=None, ai="basic", log_format=None,
                        resume=resume, console=console, input_fn=Autopilot(stop_after))
    return code, buf.getvalue(), log


def test_an_interactive_game_to_its_standings(tmp_path):
    code, out, log = _play(tmp_path)
    assert code == 0, out
    assert "Standings" in out and "End of the game" in out
    assert "East 1" in out and "honba" in out and "deposits" in out
    assert "Next: East 2" in out or "Next: East 1-1" in out
    # the board's heading names the deal
    assert "East round · East 1" in out


def test_an_interrupted_game_resumes_to_the_same_end(tmp_path):
    code, whole, _ = _play(tmp_path, name="whole.jsonl")
    assert code == 0
    code, out, log = _play(tmp_path, stop_after=120, name="cut.jsonl")
    assert code == 1 and "--resume" in out
    code, resumed, _ = _play(tmp_path, resume=log)
    assert code == 0, resumed
    def end(out):       # the standings and the game's facts, without the file it was saved in
        return out[out.index("Standings"):].split(" · saved in")[0]
    assert end(resumed) == end(whole) and "deals · table preset tenhou · seed 17" in end(whole)


def test_rotate_replays_each_wall_with_the_levels_turned(monkeypatch):
    """Four games a wall: with equal AIs the four are the same game, so each seat takes one place four times;
    by level, every level plays every seat."""
    s = game_stats(8, game="east", seed=6, preset="tenhou", levels=["basic"] * 4, rotate=True)
    assert s["rotate"] and s["games"] == 8
    for seat in s["seats"]:
        assert sorted(seat["places"]) in ([0, 0, 4, 4], [0, 0, 0, 8])
    from scorer.game.ai import levels as lv
    monkeypatch.setitem(lv.AI_LEVELS, "basic-too", dict(lv.AI_LEVELS["basic"]))
    s = game_stats(4, game="east", seed=6, preset="tenhou", levels=["basic", "basic-too"] * 2, rotate=True)
    assert s["levels"]["basic"]["games"] == s["levels"]["basic-too"]["games"] == 8
    assert all(x["ai"] == "rotated" for x in s["seats"])
    # the same AI under two names: the same games, so the two levels' places add up to the seats' in total
    assert [a + b for a, b in zip(s["levels"]["basic"]["places"], s["levels"]["basic-too"]["places"])] == \
        [4, 4, 4, 4]


def test_a_log_that_cannot_be_written_is_refused_before_the_first_deal(tmp_path):
    r = run("--game", "east", "--log", str(tmp_path / "no" / "such" / "dir.jsonl"), "--ai", "basic")
    assert r.exit_code == 1 and "cannot write the log" in r.output and "Traceback" not in r.output
    assert "East 1" not in r.output


def test_resuming_a_finished_game_shows_its_standings(tmp_path):
    from scorer.game.ai.levels import find_ai
    from scorer.game.match import play_game
    path = tmp_path / "done.jsonl"
    whole = play_game([find_ai("basic", "riichi")] * 4, preset="tenhou", game="east", seed=9, log=str(path))
    r = run("--resume", str(path), "--ai", "basic")
    assert r.exit_code == 0, r.output
    assert "already over" in r.output and "Standings" in r.output
    first = min(whole.standings, key=lambda s: s.place)
    assert f"{first.points:,}" in r.output and f"{first.score:+.1f}" in r.output


def test_an_interactive_mcr_match(tmp_path):
    """You against three MCR AIs for the 16 deals: the deals are named by prevailing wind, you change chairs
    between winds, and the end shows the table points."""
    buf = io.StringIO()
    console = Console(file=buf, width=120, force_terminal=False, color_system=None)
    code = play_command(rules="mcr", preset=None, seed=4, log=str(tmp_path / "m.jsonl"), tiles=None, auto=False,
                        deals=None, json_out=False, game="match", games=None, ai="basic", log_format=None,
                        resume=None, console=console, input_fn=Autopilot())
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    assert "MCR · prevalent wind South · South 1" in out and "End of North 4" in out
    assert "table points" in out and "Standings · MCR match" in out
    from scorer.game.match import load_game
    saved = load_game(str(tmp_path / "m.jsonl"))
    assert len(saved.deals) == 16 and saved.next is None
    # you sit in chair 0 in the East wind, chair 1 in the South wind (East and South swapped)
    assert saved.deals[0][0].players[0] == "you" and saved.deals[4][0].players[1] == "you"


# ---- AI-only games with --log: one file a game, each replaying with --verify -----------------------------------
def _verify(paths):
    r = CliRunner().invoke(app, ["replay", *map(str, paths), "--verify"])
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("fmt, suffix", [("own", ".jsonl"), ("tenhou6", ".json"), ("mjai", ".jsonl")])
def test_auto_games_log_one_numbered_file_a_game_each_verifying(tmp_path, fmt, suffix):
    log = tmp_path / f"east{suffix}"
    r = run("--auto", "--game", "east", "--games", "3", "--seed", "11", "--ai", "basic", "--json",
            "--log", str(log), "--log-format", fmt)
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    files = [tmp_path / f"east-{i}{suffix}" for i in (1, 2, 3)]
    assert d["logs"] == {"format": fmt, "files": [str(f) for f in files]}
    assert sorted(tmp_path.iterdir()) == files and not log.exists()
    out = _verify(files)
    assert f"3 file(s), {d['deals']} rounds, {d['deals']} agree with the record" in out
    # the file of game 2 holds game 2: the seed after game 1's, its deals as many as it played
    alone = game_stats(1, game="east", seed=12, preset="standard", levels=["basic"] * 4)
    assert f"{alone['deals']} rounds agree" in CliRunner().invoke(app, ["replay", str(files[1]), "--verify"]).output


def test_auto_games_log_into_a_directory_and_one_game_to_the_file_itself(tmp_path):
    r = run("--rules", "mcr", "--auto", "--game", "match", "--games", "2", "--seed", "1", "--ai", "basic",
            "--log", str(tmp_path / "logs") + "/")
    assert r.exit_code == 0, r.output
    files = [tmp_path / "logs" / f"game-{i}.jsonl" for i in (1, 2)]
    assert sorted((tmp_path / "logs").iterdir()) == files
    assert "2 game logs (own) written" in r.output
    assert "2 file(s), 32 rounds, 32 agree" in _verify(files)
    one = tmp_path / "one.json"
    r = run("--auto", "--game", "east", "--games", "1", "--seed", "2", "--ai", "basic", "--log", str(one),
            "--log-format", "tenhou6")
    assert r.exit_code == 0, r.output
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["one.json"]
    _verify([one])


def test_auto_games_log_numbers_sort_in_the_order_played(tmp_path):
    from scorer.cli.play_game import game_log_paths
    paths = game_log_paths(str(tmp_path / "s.json"), 12, "tenhou6")
    assert paths[0].endswith("s-01.json") and paths[-1].endswith("s-12.json") and sorted(paths) == paths
    assert game_log_paths(str(tmp_path), 3, "mjai")[2] == str(tmp_path / "game-3.jsonl")


def test_auto_games_log_errors(tmp_path):
    r = run("--auto", "--game", "east", "--games", "2", "--ai", "basic", "--log", str(tmp_path / "no" / "x.json"))
    assert r.exit_code == 1 and "cannot write the log" in r.output and "Traceback" not in r.output
    r = run("--rules", "mcr", "--auto", "--game", "match", "--games", "1", "--log", str(tmp_path / "m.json"),
            "--log-format", "tenhou6")
    assert r.exit_code == 2 and "write it as --log-format own" in r.output and not (tmp_path / "m.json").exists()
