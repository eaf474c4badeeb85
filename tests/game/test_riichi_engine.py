"""Scripted deals through the engine (issue #4): fixed walls, scripted players, whole deals to their end.

Head bump with two and three rons, noten payments with 0-4 players tenpai and riichi deposits returned after a
draw are the lines of ``fixtures/walls/riichi_scenarios.jsonl``; below them, a winner collecting the deposits, a
chankan win, the replay of a scripted log and a refused illegal choice.
"""

from __future__ import annotations

import io

import pytest

from scorer.game import events as ev
from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import Engine, IllegalActionError, play_deal, replay
from scorer.game.actions import Action
from scorer.game.wall import Wall

T_5P = "234m567m234p678s5p"       # tenpai on 5p, all simples
NOTEN = ("129m189p19s12345z", "139m179p19s12346z", "19m189p19s123467z", "28m28p28s1234567z")


def run(hands, draws="", scripts=None, **kw):
    players = [ScriptedPlayer(scripts[s]) if scripts and scripts.get(s) else TsumogiriPlayer() for s in range(4)]
    wall = Wall.arranged(hands, draws, **{k: kw.pop(k) for k in ("dora", "ura", "replacements") if k in kw})
    log = io.StringIO()
    eng = play_deal(players, wall=wall, log=log, **kw)
    return eng, log.getvalue()


# ---- wins ---------------------------------------------------------------------------------------------------
def test_a_winner_takes_the_deposits():
    hands = ["11m99m11p99p11s99s1z", T_5P, "1357m1357p1357s2z", NOTEN[1]]
    # seat 1 declares riichi discarding 7z; seat 0 later throws the 5p
    eng, _ = run(hands, "2z7z3z6z0p", {1: [("riichi", "7z"), ("ron", None)], 0: [("discard", "2z"),
                                                                                  ("discard", "0p")]})
    res = eng.state.result
    assert res.type == "win" and res.seat == 1 and res.from_seat == 0
    assert res.deltas[1] == -res.deltas[0] + 1000     # the winner's own deposit comes back with the win
    assert eng.state.players[1].score == 25000 - 1000 + res.deltas[1]
    assert eng.state.total_points == 100000 and eng.state.sticks == 0
    assert {"riichi 1", "double riichi 2"} & set(res.yaku)


def test_chankan_win_through_the_engine():
    hands = ["55p1m9m1s9s1234567z", "19m19p19s123456z2m", "34p678m234s777z88s", "19m19p19s123456z3m"]
    draws = "2m5p" + "8m" + "9m" + "8m" + "0p"
    scripts = {0: [("discard", "2m"), ("pon", None), ("discard", "1m"), ("kakan", "0p")],
               1: [("discard", "5p")], 2: [("ron", None)]}
    # seat 2 passes the 5p discarded by seat 1 (its script starts only at the kan) - keep the ron for the kan
    scripts[2] = [("pass", None), ("ron", None)]
    eng, log = run(hands, draws, scripts)
    res = eng.state.result
    assert res.type == "win" and res.seat == 2 and res.from_seat == 0
    assert "chankan 1" in res.yaku
    assert any(e.type == "call" and e.kind == "kakan" for e in eng.events)
    assert not any(e.type == "dora" for e in eng.events)   # robbed: no replacement, no new indicator


def test_scripted_log_replays_to_the_same_state():
    hands = ["55p1m9m1s9s1234567z", "19m19p19s123456z2m", "34p678m234s777z88s", "19m19p19s123456z3m"]
    scripts = {0: [("discard", "2m"), ("pon", None), ("discard", "1m")], 1: [("discard", "5p")]}
    eng, log = run(hands, "2m5p", scripts)
    lines = log.splitlines()
    first = ev.event_from_dict(__import__("json").loads(lines[0]))
    assert first.type == "start" and first.preset == "standard"
    assert replay(lines).snapshot() == eng.state.snapshot()


def test_an_illegal_choice_is_refused():
    class Cheater(TsumogiriPlayer):
        def choose(self, state, seat, actions):
            return Action("discard", seat, next(t for t in range(136) if t not in state.players[seat].hand))
    with pytest.raises(IllegalActionError):
        Engine([Cheater(), TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()], seed=1).run()


# ---- fixture scenarios: one deal per line of fixtures/walls/riichi_scenarios.jsonl ----------------------------
import json as _json
from pathlib import Path as _Path

_SCENARIOS = [_json.loads(l) for l in (_Path(__file__).resolve().parents[2] / "fixtures" / "walls" /
                                       "riichi_scenarios.jsonl").read_text().splitlines() if l.strip()]


@pytest.mark.parametrize("case", _SCENARIOS, ids=[c["name"] for c in _SCENARIOS])
def test_fixture_scenario(case):
    scripts = {int(k): [tuple(x) for x in v] for k, v in case["scripts"].items()}
    eng, log = run(case["hands"], case["draws"], scripts)
    res, exp = eng.state.result, case["expect"]
    assert res.type == exp["type"]
    for key in ("seat", "from_seat", "tenpai", "deltas"):
        if key in exp:
            assert getattr(res, key) == exp[key], key
    for s in exp.get("zero_deltas", []):
        assert res.deltas[s] == 0
    if "scores" in exp:
        assert [p.score for p in eng.state.players] == exp["scores"]
    assert eng.state.total_points == 100000
    assert replay(log.splitlines()).snapshot() == eng.state.snapshot()
