"""``mjscore play --players 3`` (issue #17 part 3): the three-player table through the real prompts: the usage
errors, a deal in which you set Norths aside (``n``) and draw their replacements, the advice key at three seats,
an East game to its three-player standings, and AI-only three-player deals and games (their summaries and logs)."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.cli.play import play_interactive
from scorer.cli.play_game import play_command


def run(*args):
    return CliRunner().invoke(app, ["play", *args])


@pytest.mark.parametrize("args, words", [
    (["--players", "3", "--preset", "tenhou"], "table preset 'tenhou' seats 4 players, not 3"),
    (["--players", "3", "--preset", "tenhou"], "--preset tenhou-sanma"),
    (["--players", "4", "--preset", "tenhou-sanma"], "seats 3 players, not 4"),
    (["--players", "5"], "--players expects 3 or 4"),
    (["--players", "3", "--rules", "mcr"], "no three-player table for mcr rules"),
    (["--players", "3", "--game", "south", "--ai", "basic,basic,basic"], "one level or 2"),
    (["--players", "3", "--auto", "--game", "east", "--ai", "basic,basic,basic,basic"], "one level or 3"),
])
def test_usage_errors(args, words):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output


class Pilot:
    """Answers the prompts as a player would: ``n`` whenever a North may be set aside, ``h`` once at the first
    discard (the advice), every win taken, Enter for the rest; EOFError after ``limit`` answers."""

    def __init__(self, limit=3000, advice=False):
        self.asked: list[str] = []
        self.limit = limit
        self.advice = advice
        self.norths = 0             # times n was answered

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if len(self.asked) > self.limit:
            raise EOFError
        if self.advice and prompt.startswith("Discard ("):
            self.advice = False
            return "h"
        if "n[/] nuki" in prompt:
            self.norths += 1
            return "n"
        if "pass the win?" in prompt:
            return "t"
        if "let the win go" in prompt:
            return "ron"
        return ""


def _console():
    buf = io.StringIO()
    return Console(file=buf, width=100, color_system=None), buf


def _boards(out: str) -> list[str]:
    return out.split("─" * 100)


def test_a_three_player_deal_with_norths_set_aside_and_their_replacements():
    c, buf = _console()
    pilot = Pilot(advice=True)
    code = play_interactive(7, None, c, pilot, preset="tenhou-sanma")
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    assert "preset tenhou-sanma" in out.splitlines()[0]
    first = _boards(out)[1]
    seats = [line[:2] for line in first.splitlines() if line[:2] in ("E ", "S ", "W ", "N ")]
    assert seats == ["E ", "S ", "W "]
    assert "54 tiles left of a 108-tile wall" in first          # 108 - 14 dead wall - 3 x 13 - the first draw
    assert pilot.norths >= 2
    # after each n: the North on your nuki pile, the event line, and the replacement draw
    after = next(b for b in _boards(out) if "You: nuki 4z" in b)
    you = next(line for line in after.splitlines() if line.startswith("E You"))
    assert "4z" in you.split("35,000")[1]
    assert "(replacement)" in after
    assert out.count("You may set a North aside") == pilot.norths     # said once a turn it is on offer
    assert out.count("(replacement).") == pilot.norths                  # each North's replacement draw
    # the advice at three seats: the expected-value table, no error
    assert "EV (points)" in out and "no advice" not in out
    assert "End of the deal" in out and out.count("│ S AI South") == 1 and "AI North" not in out


def test_help_lists_n_at_the_three_player_table_only():
    c, buf = _console()
    answers = iter(["?"])

    def fake(prompt):
        a = next(answers, None)
        if a is None:
            raise EOFError
        return a
    assert play_interactive(7, None, c, fake, preset="tenhou-sanma") == 1
    assert "set a North (4z) aside as nuki dora" in buf.getvalue()
    c, buf = _console()
    answers = iter(["?"])
    assert play_interactive(7, None, c, fake, preset="tenhou") == 1
    assert "nuki" not in buf.getvalue()


def test_an_east_game_at_three_seats_to_its_standings(tmp_path):
    c, buf = _console()
    log = tmp_path / "sanma.jsonl"
    code = play_command(rules="riichi", preset="tenhou-sanma", seed=3, log=str(log), tiles=None, auto=False,
                        deals=None, json_out=False, game="east", games=None, ai=None, log_format=None,
                        resume=None, console=c, input_fn=Pilot())
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    table = out[out.index("Standings"):]
    rows = [line for line in table.splitlines() if line.startswith("│")]
    assert len(rows) == 3 and [r.split("│")[1].strip() for r in rows] == ["1", "2", "3"]
    assert {r.split("│")[2].strip() for r in rows} == {"You", "AI 1", "AI 2"}
    # the game is saved after every deal and replays, every round agreeing
    r = CliRunner().invoke(app, ["replay", str(log), "--verify"])
    assert r.exit_code == 0 and "agree with the record" in r.output, r.output


def test_auto_three_player_deals_and_games():
    r = run("--players", "3", "--auto", "--deals", "8", "--seed", "2", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert len(d["average_points"]) == 3 and sum(d["average_points"]) == pytest.approx(105000, abs=1)
    assert len(d["wins_by_seat"]) == 3 and sum(d["wins_by_seat"]) == d["wins"]
    r = run("--players", "3", "--auto", "--game", "east", "--games", "3", "--seed", "2", "--ai", "basic", "--json")
    assert r.exit_code == 0, r.output
    g = json.loads(r.stdout)
    assert g["preset"] == "tenhou-sanma" and len(g["seats"]) == 3
    assert [sum(s["places"][k] for s in g["seats"]) for k in range(3)] == [3, 3, 3]
    assert sum(s["average_points"] for s in g["seats"]) == pytest.approx(105000, abs=1)


@pytest.mark.parametrize("fmt, suffix", [("own", ".jsonl"), ("tenhou6", ".json"), ("mjai", ".jsonl")])
def test_auto_three_player_games_log_and_verify(tmp_path, fmt, suffix):
    r = run("--players", "3", "--auto", "--game", "east", "--games", "2", "--seed", "6", "--ai", "basic",
            "--log", str(tmp_path) + "/", "--log-format", fmt)
    assert r.exit_code == 0, r.output
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"game-1{suffix}", f"game-2{suffix}"]
    v = CliRunner().invoke(app, ["replay", *map(str, files), "--verify"])
    assert v.exit_code == 0 and "2 file(s)" in v.output, v.output


class FourSeatAI:
    """An AI written for four seats (it names no ``seats``): it reads a fourth player's hand, which a three-player
    table has not."""

    def __init__(self, name="four"):
        from scorer.game.ai.player import RiichiAI
        self.inner = RiichiAI(name)

    def choose(self, state, seat, actions):
        state.players[3]            # IndexError at three seats
        return self.inner.choose(state, seat, actions)


def test_a_level_that_does_not_play_three_seats_is_refused_and_not_the_default(monkeypatch):
    from scorer.cli import play_game
    from scorer.game.ai import levels
    monkeypatch.setitem(levels.AI_LEVELS, "strong", {"riichi": "tests.game.test_play_sanma:FourSeatAI"})
    assert play_game.plays_table("strong", "tenhou") is None                 # four seats
    assert play_game.plays_table("basic", "tenhou-sanma") is None            # RiichiAI.seats
    assert "does not play the 3-player table 'tenhou-sanma'" in play_game.plays_table("strong", "tenhou-sanma")
    assert play_game.default_level("tenhou-sanma") == "basic" and play_game.default_level("tenhou") == "strong"
    r = run("--players", "3", "--ai", "strong")
    assert r.exit_code == 2 and "use --ai basic" in r.output and "Traceback" not in r.output
    c, buf = _console()

    def walk_away(prompt):
        raise EOFError
    assert play_interactive(7, None, c, walk_away, preset="tenhou-sanma") == 1       # EOF at the first prompt
    assert "AI basic" in buf.getvalue().splitlines()[0]


def test_an_interrupted_three_player_game_resumes_to_the_same_end(tmp_path):
    def game(log, pilot, resume=None):
        c, buf = _console()
        code = play_command(rules="riichi", preset=None if resume else "tenhou-sanma", seed=None if resume else 3,
                            log=None if resume else str(log), tiles=None, auto=False, deals=None, json_out=False,
                            game=None if resume else "east", games=None, ai=None, log_format=None, resume=resume,
                            console=c, input_fn=pilot)
        return code, buf.getvalue()

    def end(out):
        return out[out.index("Standings"):].split(" · saved in")[0]
    code, whole = game(tmp_path / "whole.jsonl", Pilot())
    assert code == 0
    code, cut = game(tmp_path / "cut.jsonl", Pilot(limit=60))
    assert code == 1 and "--resume" in cut
    code, resumed = game(None, Pilot(), resume=str(tmp_path / "cut.jsonl"))
    assert code == 0, resumed[-1500:]
    assert end(resumed) == end(whole) and "table preset tenhou-sanma" in end(whole)


def test_the_strong_level_plays_three_seats_and_is_the_default_there():
    """The strong AI reads the seat count (its threats and its genbutsu's turn order): 20 seeded AI-only deals at
    the three-player table keep the points (105,000 with the deposits) and set Norths aside."""
    from scorer.cli import play_game
    from scorer.game.ai.levels import find_ai
    from scorer.game.engine import Engine
    from scorer.game.presets import find_preset
    assert play_game.default_level("tenhou-sanma") == "strong"
    pre = find_preset("tenhou-sanma")
    norths = 0
    for seed in range(20):
        eng = Engine([find_ai("strong", "riichi")(f"s{i}") for i in range(3)], seed=seed, preset=pre)
        eng.run()
        st = eng.state
        assert sum(p.score for p in st.players) + st.sticks * pre.riichi_cost == 3 * pre.start_points
        norths += sum(len(p.nuki) for p in st.players)
    assert norths > 0


def test_the_strong_ai_knows_the_game_s_last_deal_from_its_length_and_seats():
    """All-Last is the last seat's deal in the game's last wind: East 4 of an East game, South 4 of a South game,
    East 3 of a three-player East game; a lone deal reads as a South game's."""
    from types import SimpleNamespace

    from scorer.game.ai.strong import last_deal
    from scorer.game.engine import Engine
    from scorer.game.ai.player import RiichiAI

    def st(winds, wind, dealer, seats=4):
        return SimpleNamespace(game_winds=winds, round_wind=wind, dealer=dealer, players=[None] * seats)
    assert last_deal(st(1, 0, 3)) and not last_deal(st(1, 0, 2)) and last_deal(st(1, 1, 0))   # East game
    assert last_deal(st(2, 1, 3)) and not last_deal(st(2, 0, 3))                               # South game
    assert last_deal(st(1, 0, 2, seats=3)) and not last_deal(st(2, 1, 1, seats=3))
    east = Engine([RiichiAI() for _ in range(4)], seed=1, game=("east", 1))
    lone = Engine([RiichiAI() for _ in range(4)], seed=1)
    assert east.state.game_winds == 1 and lone.state.game_winds == 2
