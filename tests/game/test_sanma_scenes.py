"""Scripted three-player deals through the engine (issue #17): the North set aside (nuki) at the
``tenhou-sanma`` table — its replacement draw (rinshan kaihou on it, the first go-around ended), ippatsu ended by
a North set aside, a North robbed by ron (no chankan yaku) where the preset allows it and not where it does not,
NUKI offered in riichi for the drawn North only, and no chi at all.
"""

from __future__ import annotations

import dataclasses
import io

from scorer.game.actions import CHI, NUKI, PON, legal_actions
from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import play_deal, replay
from scorer.game.presets import find_preset
from scorer.game.wall import Wall

SANMA = find_preset("tenhou-sanma")
TANKI_9S = "123p456p789p123s9s"         # closed, ittsu, waiting on 9s alone
TANKI_NORTH = "123p456p789p123s4z"      # ... on a North alone
JUNK_0 = "19m19p19s1235677z"            # no North, nothing to call
JUNK_2 = "11m99m22p33s55s667z"


def run(hands, draws="", scripts=None, preset=SANMA, replacements=""):
    players = [ScriptedPlayer(scripts[s]) if scripts and scripts.get(s) else TsumogiriPlayer() for s in range(3)]
    wall = Wall.arranged(hands, draws, replacements=replacements, preset=preset)
    log = io.StringIO()
    eng = play_deal(players, wall=wall, log=log, preset=preset)
    assert replay(log.getvalue().splitlines()).snapshot() == eng.state.snapshot()    # every event legal
    assert eng.state.total_points == 3 * 35000
    return eng, players


def test_a_north_set_aside_draws_its_replacement_and_wins_rinshan_not_tenhou():
    """The dealer draws a North on the first draw, sets it aside and draws the replacement, which completes the
    hand: rinshan kaihou (the replacement comes from the dead wall), the North a dora, and no tenhou (天和): the
    North set aside interrupted the first go-around as a call does."""
    eng, _ = run([TANKI_9S, JUNK_0, JUNK_2], "4z", {0: [("nuki", None), ("tsumo", None)]}, replacements="9s")
    types = [e.type for e in eng.events[2:5]]
    assert types == ["draw", "nuki", "draw"] and eng.events[4].rinshan
    res = eng.state.result
    assert res.seat == 0 and res.from_seat is None
    assert "rinshan kaihou 1" in res.yaku and not any(y.startswith("tenhou") for y in res.yaku)
    assert eng.state.players[0].nuki == [eng.events[3].tile] and eng.wall.replacements == 1
    # a dealer's tsumo at three seats: two payers (tsumo-son), nobody in the North seat
    assert eng.state.result.deltas[1] == eng.state.result.deltas[2] < 0


def _riichi_then(seat2_draw: str):
    """Seat 1 declares riichi on its first turn (tanki 9s); seat 2 draws ``seat2_draw`` (a North: set aside);
    seat 1's next draw is the 9s."""
    scripts = {1: [("riichi", "5z"), ("tsumo", None)], 2: [("nuki", None)]}
    return run([JUNK_0, TANKI_9S, JUNK_2], "8p5z" + seat2_draw + "8p9s", scripts, replacements="2s")


def test_a_north_set_aside_ends_ippatsu():
    eng, _ = _riichi_then("4z")
    assert any(e.type == "nuki" and e.seat == 2 for e in eng.events)
    res = eng.state.result
    assert res.seat == 1 and res.from_seat is None and "double riichi 2" in res.yaku    # (its first turn)
    assert not any(y.startswith("ippatsu") for y in res.yaku)
    control, _ = _riichi_then("6z")         # the same deal without the North: ippatsu stands
    assert not any(e.type == "nuki" for e in control.events)
    assert "ippatsu 1" in control.state.result.yaku


def test_a_north_set_aside_can_be_robbed_by_ron_without_chankan():
    scripts = {1: [("riichi", "5z"), ("ron", None)], 2: [("nuki", None)]}
    eng, _ = run([JUNK_0, TANKI_NORTH, JUNK_2], "8p5z4z", scripts)
    res = eng.state.result
    assert (res.seat, res.from_seat, res.tile >> 2) == (1, 2, 30)
    assert eng.events[-2].type == "nuki" and not any(y.startswith("chankan") for y in res.yaku)
    assert res.deltas[2] < 0 and res.deltas[0] == 0


def test_a_north_set_aside_is_not_robbed_where_the_preset_says_so(monkeypatch):
    from scorer.game.presets import PRESETS
    no_rob = dataclasses.replace(SANMA, name="sanma-no-rob", nuki_robbed=False)
    monkeypatch.setitem(PRESETS, no_rob.name, no_rob)      # (the log's replay finds it by name)
    scripts = {1: [("riichi", "5z")], 2: [("nuki", None)]}
    eng, players = run([JUNK_0, TANKI_NORTH, JUNK_2], "8p5z4z", scripts, preset=no_rob)
    i = next(i for i, e in enumerate(eng.events) if e.type == "nuki")
    assert eng.events[i + 1].type == "draw" and eng.events[i + 1].rinshan      # straight to the replacement
    at_nuki = replay(eng.events[:i + 1])
    assert at_nuki.phase == "rinshan" and legal_actions(at_nuki, 1) == []     # no ron on the North offered
    robbing = replay([dataclasses.replace(eng.events[0], preset="tenhou-sanma")] + eng.events[1:i + 1])
    assert [a.type for a in legal_actions(robbing, 1)] == ["ron", "pass"]      # (where the preset allows it)


def test_in_riichi_only_the_drawn_north_is_set_aside():
    """Seat 1 holds a North pair in riichi (shanpon 4z/9s): the third North drawn may be set aside, a held one is
    never offered (the hand may not change in riichi)."""
    scripts = {1: [("riichi", "5z"), ("nuki", None)]}
    eng, _ = run([JUNK_0, "123p456p789p4z4z9s9s", JUNK_2], "8p5z8p7p8s7s7p4z", scripts, replacements="2s")
    evs = eng.events
    k = next(i for i, e in enumerate(evs) if e.type == "nuki")
    assert evs[k].seat == 1 and evs[k].tile == evs[k - 1].tile and evs[k - 1].type == "draw"   # the drawn one
    drawn_north = replay(evs[:k])
    assert drawn_north.players[1].riichi
    assert [a.tile for a in legal_actions(drawn_north, 1) if a.type == NUKI] == [evs[k].tile]
    # the turn before (in riichi, an 8p drawn): the Norths held are not offered
    j = max(i for i, e in enumerate(evs[:k - 1]) if e.type == "draw" and e.seat == 1)
    held = replay(evs[:j + 1])
    assert held.players[1].riichi and not any(a.type == NUKI for a in legal_actions(held, 1))
    assert len(eng.state.players[1].nuki) == 1


def test_no_chi_at_the_three_player_table():
    """Seat 1 holds 45p and seat 0 discards 3p and 6p: no chi is offered (pon would be)."""
    scripts = {0: [("discard", "3p"), ("discard", "6p")], 1: [("discard", "4z")]}
    eng, players = run(["3p6p" + "19m19s1235677z", "45p" + "19m19p19s12356z", JUNK_2], "4z8s", scripts)
    assert not any(a.type == CHI for lst in players[1].seen for a in lst)
    assert not any(a.type == PON for lst in players[1].seen for a in lst)
    assert not any(e.type == "call" for e in eng.events)
