"""When an open or added kan's new dora indicator is turned at the ``tenhou`` table (preset ``kan_dora =
"after_discard"``): after the replacement draw, just before the kan's discard, as Tenhou's own records have it
(``<N/><T/><DORA/><D/>`` in every real mjlog here); a win on the replacement tile comes before it (no new
indicator); a closed kan's is turned at once, before the replacement; at ``standard`` (``immediate``) every kan's
comes right after the kan."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import Engine
from scorer.game.wall import Wall

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "realdata" / "riichi" / "tenhou-mjlog"

EAST = "5z1234m5678p1234s"
WEST = "2345678m234567p"
NORTH = "2345678s23456m8p"


def run(players, preset="tenhou", **wall):
    eng = Engine(players, preset=preset, wall=Wall.arranged(**wall))
    eng.run()
    return eng


def after_kan(events, kind: str, n: int = 4) -> list[str]:
    """The types of the ``n`` events after the first ``kind`` call."""
    i = next(i for i, e in enumerate(events) if e.type == "call" and e.kind == kind)
    return [e.type + ("(rinshan)" if getattr(e, "rinshan", False) else "") for e in events[i + 1:i + 1 + n]]


def open_kan(preset="tenhou", replacements=""):
    return run([ScriptedPlayer([("discard", "5z")]), ScriptedPlayer([("kan", None), ("tsumo", None)]),
                TsumogiriPlayer(), TsumogiriPlayer()], preset,
               hands=[EAST, "555z123m456p789s1s", WEST, NORTH], draws="9m", replacements=replacements)


def test_an_open_kan_turns_its_indicator_after_the_replacement_before_the_discard():
    eng = open_kan()
    assert after_kan(eng.events, "kan") == ["draw(rinshan)", "dora", "discard", "draw"]
    discard = next(e for e in eng.events if e.type == "discard" and e.seat == 1)
    assert eng.events[eng.events.index(discard) - 1].type == "dora"


def test_an_added_kan_too():
    eng = run([ScriptedPlayer([("discard", "5z")]), ScriptedPlayer([("pon", None), ("discard", "1s"),
                                                                    ("kakan", None)]),
               TsumogiriPlayer(), TsumogiriPlayer()],
              hands=[EAST, "55z123m456p789s1s9s", WEST, NORTH], draws="9m9p9s1z5z")
    assert after_kan(eng.events, "kakan") == ["draw(rinshan)", "dora", "discard", "draw"]


def test_a_win_on_the_replacement_comes_before_the_indicator():
    eng = open_kan(replacements="1s")                 # South's replacement completes 123m456p789s11s + the kan
    assert after_kan(eng.events, "kan", 2) == ["draw(rinshan)", "win"]
    assert sum(e.type == "dora" for e in eng.events) == 0 and len(eng.state.dora_indicators) == 1


def test_a_closed_kan_turns_its_indicator_at_once_and_standard_after_every_kan():
    eng = run([ScriptedPlayer([("ankan", None)]), TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()],
              hands=["5555z123m456p789s", "123m456p789s1s9s9m1z", WEST, NORTH], draws="9p")
    assert after_kan(eng.events, "ankan", 2) == ["dora", "draw(rinshan)"]
    assert after_kan(open_kan("standard").events, "kan", 2) == ["dora", "draw(rinshan)"]


def kan_dora_orders(events) -> list[tuple[str, ...]]:
    """For each open or added kan not robbed: the event types from the kan to the kan's discard, a win or the next
    kan by the same seat (riichi and rinshan marks dropped)."""
    out = []
    for i, e in enumerate(events):
        if e.type == "call" and e.kind in ("kan", "kakan"):
            seq = []
            for f in events[i + 1:]:
                seq.append(f.type)
                if f.type in ("discard", "win", "draw_game") or (f.type == "call" and f.seat == e.seat):
                    break
            if seq[0] == "draw":
                out.append(tuple(x for x in seq if x != "riichi"))
    return out


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realdata is absent")
def test_tenhou_records_turn_it_where_the_engine_does():
    from scorer.logs import read_log
    orders = {}
    for path in sorted(REAL.glob("*.mjlog")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if 'm="' not in text:
            continue
        for rnd in read_log(str(path)):
            for o in kan_dora_orders(rnd.events):
                orders[o] = orders.get(o, 0) + 1
    # the open kans end in a discard (the indicator just before it), a win on the replacement (none), or another
    # kan by the same seat (the first one's indicator turned after that kan: the engine's _replacement)
    assert orders.get(("draw", "dora", "discard"), 0) >= 40, orders
    assert set(orders) <= {("draw", "dora", "discard"), ("draw", "win"), ("draw", "call")}, orders
    ours = {}
    for eng in (open_kan(), open_kan(replacements="1s")):
        for o in kan_dora_orders(eng.events):
            ours[o] = ours.get(o, 0) + 1
    assert set(ours) == {("draw", "dora", "discard"), ("draw", "win")}
