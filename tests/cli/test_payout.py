"""One payout story (issue 13): at the end of a deal the panel, the sentence under it and the point-change table
agree: the hand's value, the honba, the deposits and the riichi deposits paid add up to each seat's net change;
a draw shows its noten payments and the deposits returned."""

from __future__ import annotations

import io

from rich.console import Console

from scorer.cli.play import _result_panel, payout_rows
from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import play_deal
from scorer.game.wall import Wall

T_5P = "234m567m234p678s5p"
NOTEN = ("129m189p19s12345z", "139m179p19s12346z", "19m189p19s123467z", "28m28p28s1234567z")
NAMES = ["You", "AI South", "AI West", "AI North"]


def deal(hands, draws, scripts):
    players = [ScriptedPlayer(scripts[s]) if s in scripts else TsumogiriPlayer() for s in range(4)]
    eng = play_deal(players, wall=Wall.arranged(hands, draws))
    deltas = [p.score - 25000 for p in eng.state.players]
    return eng, deltas


def shown(eng, deltas) -> str:
    buf = io.StringIO()
    _result_panel(eng, Console(file=buf, width=120, color_system=None), NAMES, deltas)
    return " ".join(buf.getvalue().split())


def test_a_riichi_winner_story_adds_up():
    hands = ["11m99m11p99p11s99s1z", T_5P, "1357m1357p1357s2z", NOTEN[1]]
    eng, deltas = deal(hands, "2z7z3z6z0p", {1: [("riichi", "7z"), ("ron", None)],
                                              0: [("discard", "2z"), ("discard", "0p")]})
    heads, cols = payout_rows(eng.state, deltas)
    assert heads[:1] == ["hand"] and "deposits" in heads and "riichi paid" in heads
    for s in range(4):
        assert sum(c[s] for c in cols) == deltas[s]
    part = dict(zip(heads, (c[1] for c in cols)))
    d = eng.result.to_dict()
    assert part["hand"] + part.get("honba", 0) + part["deposits"] == d["total_gain"]   # the panel's gain
    assert part["riichi paid"] == -1000
    out = shown(eng, deltas)
    assert f"Winner gains {d['total_gain']}" in out
    assert f"the panel's gain, {d['total_gain']:,}" in out and f"net change {deltas[1]:+,}" in out
    assert "net change" in out and "riichi paid" in out


def test_a_draw_shows_its_noten_payments():
    hands = [T_5P, NOTEN[0], NOTEN[1], NOTEN[2]]
    eng, deltas = deal(hands, "", {})
    assert eng.state.result.type == "draw_game"
    heads, cols = payout_rows(eng.state, deltas)
    assert heads == ["noten payments"] and cols[0] == deltas == [3000, -1000, -1000, -1000]
    out = shown(eng, deltas)
    assert "Noten payments: 3,000 in all, each noten player pays 1,000, each tenpai player receives 3,000" in out
