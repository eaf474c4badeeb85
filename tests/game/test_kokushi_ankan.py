"""Thirteen orphans robbing a closed kan (the preset's ``kokushi_robs_ankan``): Mahjong Soul's table lets a
thirteen orphans hand waiting on a kind ron on another player's closed kan of it (chankan); Tenhou's and the
one-deal card's do not. Scenes: the window opens only for that hand, passing it is furiten for that hand alone,
the robbing deal through the engine scores thirteen orphans and replays from our log, tenhou.net/6 and mjai.
"""

from __future__ import annotations

import io

import pytest

from scorer.game.actions import win_hand
from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import play_deal, replay
from scorer.game.presets import find_preset
from scorer.game.wall import Wall
from tests.game.scene import Scene

KAN_1M = "1111m234p567p23s5z"        # seat 0: four 1m, a closed kan to declare
KOKUSHI_1M = "99m19p19s1234567z"     # thirteen orphans waiting on 1m alone
TENPAI_5P = "234m567m234s678s5p"     # an ordinary hand waiting on 5p (no 1m)
JUNK = "2346m2346p2346s6z"           # two from tenpai, no orphan but 6z


def _at_the_kan(preset: str) -> Scene:
    s = Scene([KAN_1M, TENPAI_5P, KOKUSHI_1M, JUNK], preset=preset)
    s.draw(0, "6z")
    assert "ankan" in s.types(0)
    return s.ankan(0, "1111m")


def test_only_mahjong_soul_lets_thirteen_orphans_rob_a_closed_kan():
    assert find_preset("mahjongsoul").kokushi_robs_ankan
    assert not any(find_preset(p).kokushi_robs_ankan for p in ("standard", "tenhou", "tenhou-sanma", "mcr"))


def test_the_thirteen_orphans_hand_may_rob_the_closed_kan():
    s = _at_the_kan("mahjongsoul")
    assert s.state.phase == "chankan" and s.state.ankan_robbable
    assert [a.type for a in s.legal(2)] == ["ron", "pass"]
    assert s.legal(1) == [] and s.legal(3) == []          # an ordinary hand never robs a closed kan
    hand = win_hand(s.state, 2, s.state.kakan_tile, tsumo=False, chankan=True)
    from scorer import score
    res = score(hand)
    assert res.win and any("kokushi" in y.name for y in res.yaku)


@pytest.mark.parametrize("preset", ["tenhou", "standard"])
def test_no_window_at_the_other_tables(preset):
    s = _at_the_kan(preset)
    assert s.state.phase == "rinshan" and not s.state.ankan_robbable
    assert s.legal(2) == []


def test_no_window_without_a_thirteen_orphans_hand_waiting_on_it():
    """An ordinary hand waiting on 1m (23m: 1m-4m) and a thirteen orphans hand one tile from tenpai open no
    window: the kan goes straight to its replacement."""
    s = Scene([KAN_1M, "23m567m234s678s55p", "99m9p19s1234567z4z", JUNK], preset="mahjongsoul")
    s.draw(0, "6z")
    s.ankan(0, "1111m")
    assert s.state.phase == "rinshan" and not s.state.ankan_robbable
    assert 0 in s.state.players[1].waits and s.legal(1) == [] and s.legal(2) == []


def test_passing_the_closed_kan_is_furiten_for_the_thirteen_orphans_hand_only():
    s = _at_the_kan("mahjongsoul")
    s.dora("2z")                                          # the kan stands: its indicator, then the replacement
    assert s.state.players[2].temp_furiten
    assert not s.state.players[1].temp_furiten


def _robbing_deal():
    preset = find_preset("mahjongsoul")
    wall = Wall.arranged([KAN_1M, TENPAI_5P, KOKUSHI_1M, JUNK], "6z", preset=preset)
    players = [ScriptedPlayer([("ankan", None)]), TsumogiriPlayer(), ScriptedPlayer([("ron", None)]),
               TsumogiriPlayer()]
    log = io.StringIO()
    eng = play_deal(players, wall=wall, log=log, preset=preset)
    return eng, log.getvalue()


def test_the_robbing_deal_through_the_engine_scores_thirteen_orphans_and_replays():
    eng, log = _robbing_deal()
    res = eng.state.result
    assert res.type == "win" and (res.seat, res.from_seat, res.tile >> 2) == (2, 0, 0)
    assert any(y.startswith("kokushi") for y in res.yaku)
    assert eng.events[-2].type == "call" and eng.events[-2].kind == "ankan"
    assert not any(e.type == "dora" for e in eng.events[2:])     # robbed: no kan indicator, no replacement
    assert res.deltas[2] == -res.deltas[0] > 0 and eng.state.total_points == 100000
    assert replay(log.splitlines()).snapshot() == eng.state.snapshot()


def test_the_robbing_deal_replays_from_every_log_format(tmp_path):
    from scorer.logs import read_log
    from scorer.logs.export import write_game
    from scorer.logs.replay import replay_rounds
    eng, _ = _robbing_deal()
    for fmt, suffix in (("own", ".jsonl"), ("tenhou6", ".json"), ("mjai", ".jsonl")):
        path = tmp_path / f"kokushi-{fmt}{suffix}"
        with open(path, "w", encoding="utf-8") as f:
            write_game([eng.events], fmt, f, names=["a", "b", "c", "d"], game="deal", preset="mahjongsoul")
        (rep,) = replay_rounds(read_log(str(path)))
        assert rep.agree, (fmt, rep.error, rep.mismatches)
        assert (rep.wins[0].seat, rep.wins[0].from_seat) == (2, 0) and rep.deltas == eng.state.result.deltas
