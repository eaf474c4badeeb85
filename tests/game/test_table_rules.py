"""Table rules objects (issue 10): every table is one plain state under a rules object found by preset data;
replay validates every table's events, MCR included; an event line with a missing or wrong-typed required field is
an error naming the event and the field, not a zero."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.ai import RiichiAI
from scorer.game.ai.mcr import McrAI
from scorer.game.engine import Engine, replay
from scorer.game.mcr import McrEngine
from scorer.game.mcr import replay as mcr_replay
from scorer.game.presets import all_presets, find_preset
from scorer.game.rules import UnknownTableError, find_table
from scorer.game.state import GameState


def _mcr_events(seed: int) -> list[ev.Event]:
    eng = McrEngine([McrAI(f"ai{s}") for s in range(4)], seed=seed)
    eng.run()
    return eng.events


def _riichi_events(seed: int) -> list[ev.Event]:
    eng = Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=seed)
    eng.run()
    return eng.events


# ---- the registry ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,table", [("standard", "riichi"), ("tenhou", "tenhou"), ("mcr", "mcr")])
def test_each_preset_names_its_table_and_the_state_is_one_class(name, table):
    st = GameState(name)
    assert type(st) is GameState and st.rules is find_table(find_preset(name)) and st.rules.name == table
    assert len(st.table) == (144 if table == "mcr" else 136)


def test_a_preset_given_as_data_keeps_its_rule_sets_table():
    practice = replace(find_preset("mcr"), name="mcr-practice", min_points=0, flowers=0)
    assert find_table(practice).name == "mcr"
    assert all(find_table(p) for p in all_presets().values())
    with pytest.raises(UnknownTableError, match="unknown table 'bogus'"):
        find_table("bogus")


def test_only_the_tenhou_table_accepts_a_second_win_on_one_discard():
    events = _riichi_events(1)
    win = events[-1]
    assert win.type == "win" and win.from_seat is not None
    other = next(s for s in range(4) if s not in (win.seat, win.from_seat))
    second = replace(win, seat=other, deltas=[0, 0, 0, 0])
    with pytest.raises(LogError, match="after the end of the deal"):
        replay(events + [second], check_rules=False)
    st = GameState("tenhou", rules=find_table("tenhou"))
    for e in events[1:] + [second]:        # the start line would set the standard preset
        st.apply(e)
    assert [r.seat for r in st.results] == [win.seat, other]


# ---- replay validates every table ---------------------------------------------------------------------------
def test_mcr_logs_replay_with_every_action_validated():
    for seed in range(6):
        events = _mcr_events(seed)
        lines = [e.to_json() for e in events]
        assert mcr_replay(lines).snapshot() == replay(events).snapshot()


def test_mcr_replay_rejects_a_riichi_declaration():
    events = _mcr_events(2)
    i = next(i for i, e in enumerate(events) if e.type == "discard")
    bad = events[:i] + [ev.Riichi(seat=events[i].seat)] + events[i:]
    with pytest.raises(LogError, match=f"seat {events[i].seat} may not declare riichi"):
        mcr_replay(bad)


def test_mcr_replay_rejects_a_discard_out_of_turn():
    events = _mcr_events(3)
    i = next(i for i, e in enumerate(events) if e.type == "discard")
    st = replay(events[:i])
    other = (events[i].seat + 1) % 4
    tile = st.players[other].hand[0]
    bad = events[:i] + [ev.Discard(seat=other, tile=tile)]
    with pytest.raises(LogError, match=f"illegal discard .* by seat {other}"):
        mcr_replay(bad)
    # without the checks the table itself would have taken it: the validator is what refuses it
    assert replay(bad, check_rules=False).players[other].river


def test_mcr_replay_rejects_a_win_the_hand_does_not_have():
    events = _mcr_events(4)
    i = next(i for i, e in enumerate(events) if e.type == "discard")
    d = events[i]
    claimer = (d.seat + 1) % 4
    bad = events[:i + 1] + [ev.Win(seat=claimer, from_seat=d.seat, tile=d.tile, deltas=[0, 0, 0, 0])]
    with pytest.raises(LogError, match=f"illegal ron .* by seat {claimer}"):
        mcr_replay(bad)


def test_a_log_read_under_the_other_rules_is_an_error():
    with pytest.raises(LogError, match="a riichi log .* read as mcr"):
        replay(_riichi_events(0), rules="mcr")


# ---- event lines ----------------------------------------------------------------------------------------------
def test_every_event_the_engines_write_reads_back():
    for e in _riichi_events(5) + _mcr_events(5):
        assert ev.event_from_dict(json.loads(e.to_json())) == e


@pytest.mark.parametrize("line,field", [
    ({"type": "draw", "seat": 1}, "tile"),
    ({"type": "discard", "tile": 5}, "seat"),
    ({"type": "riichi"}, "seat"),
    ({"type": "dora"}, "indicator"),
    ({"type": "call", "seat": 1, "kind": "pon"}, "tiles"),
    ({"type": "win", "seat": 1, "tile": 2, "deltas": [0, 0, 0, 0]}, "from_seat"),
    ({"type": "flower", "seat": 0, "tile": 136}, "replacement"),
    ({"type": "deal", "dealer": 0, "scores": [0] * 4, "live_left": 70, "dora_indicator": 3}, "hands"),
])
def test_a_missing_required_field_is_an_error_naming_it(line, field):
    with pytest.raises(ev.EventFieldError, match=f"{line['type']} event without its '{field}' field"):
        ev.event_from_dict(line)


@pytest.mark.parametrize("line,field", [
    ({"type": "draw", "seat": "1", "tile": 4}, "seat"),
    ({"type": "draw", "seat": 1, "tile": True}, "tile"),
    ({"type": "draw", "seat": 1, "tile": 4, "rinshan": 1}, "rinshan"),
    ({"type": "discard", "seat": 1, "tile": 4.0}, "tile"),
    ({"type": "call", "seat": 1, "kind": "pon", "tiles": [1, "2", 3]}, "tiles"),
    ({"type": "win", "seat": 1, "from_seat": "x", "tile": 2, "deltas": [0, 0, 0, 0]}, "from_seat"),
    ({"type": "draw_game", "reason": "exhaustive", "deltas": [0, 0, 0, 0], "tenpai": [1, 0, 0, 0]}, "tenpai"),
    ({"type": "deal", "dealer": 0, "scores": [0] * 4, "hands": [[1], "x"], "dora_indicator": 3, "live_left": 70},
     "hands"),
    # the shapes the table needs: a seat 0-3, a tile id 0-143, one entry a seat (four, or three at a three-player
    # table: the state checks that the count is its table's, see test_a_deal_for_another_seat_count_is_refused)
    ({"type": "draw", "seat": 4, "tile": 4}, "seat"),
    ({"type": "discard", "seat": 0, "tile": 144}, "tile"),
    ({"type": "call", "seat": 1, "kind": "pon", "tiles": [1, 2, -3]}, "tiles"),
    ({"type": "win", "seat": 1, "from_seat": 0, "tile": 2, "deltas": [0, 0]}, "deltas"),
    ({"type": "deal", "dealer": 0, "scores": [0] * 4, "hands": [[1]] * 5, "dora_indicator": 3, "live_left": 70},
     "hands"),
])
def test_a_wrong_typed_field_is_an_error_naming_it(line, field):
    with pytest.raises(ev.EventFieldError, match=f"{line['type']} event: field '{field}' is"):
        ev.event_from_dict(line)


def test_field_errors_are_log_errors_and_name_the_line():
    assert issubclass(ev.EventFieldError, LogError) and issubclass(ev.EventFieldError, ValueError)
    lines = ['{"type": "start"}', '{"type": "draw", "seat": 0}']
    with pytest.raises(ev.EventFieldError, match="game.jsonl:2: draw event without its 'tile' field"):
        list(ev.read_events(lines, "game.jsonl"))
    with pytest.raises(ev.EventFieldError, match="draw event without its 'tile' field"):
        replay(lines)


# ---- the kept waits -------------------------------------------------------------------------------------------
def test_the_kept_waits_are_the_waits_of_the_hand_after_every_event():
    """The waits a state keeps (skipping hands whose shanten bound says they cannot be tenpai) equal the waits
    computed from the hand itself, for every seat after every event of seeded AI deals."""
    from scorer.game.state import waits_of_counts
    checked = [0, 0]

    def on_event(e, state):
        for p in state.players:
            if len(p.hand) % 3 == 1:
                assert p.waits == waits_of_counts(p.counts(), len(p.melds)), e
                checked[0] += 1
                checked[1] += bool(p.waits)

    for seed in range(8):
        Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=seed, on_event=on_event).run()
    assert checked[0] > 2000 and checked[1] > 50        # tenpai hands among them


def test_a_hand_changed_outside_the_table_forgets_its_shanten_bound():
    from scorer.game.state import waits_of_counts
    from scorer.tiles import parse_tiles
    from tests.game.scene import Scene
    sc = Scene(["19m19p19s1234567z", "2468m2468p2468s5z", "3579m3579p3579s6z", "22m22p22s33m33p33s4z"])
    p = sc.state.players[1]
    assert p.shanten_floor >= 2 and p.waits == ()       # far from tenpai: the next hand is not computed
    # a test or a tool puts a one-away hand in place directly: the next discard must not trust the old bound
    p.hand = sc.take("1234m456p789s112z")
    sc.turn(0, "3z")
    sc.draw(1, "2z").discard(1, "4m")
    assert p.waits == waits_of_counts(p.counts(), 0) == tuple(t.kind for t in parse_tiles("12z"))


def test_a_deal_for_another_seat_count_is_refused():
    """Three entries a seat are a three-player table's: at a four-seat table the state refuses such a deal, and a
    four-seat deal at the three-player table (its start line names ``tenhou-sanma``)."""
    from scorer.errors import LogError
    from scorer.game.state import GameState
    hands = [list(range(13 * s, 13 * s + 13)) for s in range(3)]
    with pytest.raises(LogError, match="a deal of 3 hands and 3 scores .* at a table of 4 seats"):
        GameState("standard").apply(ev.Deal(dealer=0, scores=[25000] * 3, hands=hands, dora_indicator=100))
    with pytest.raises(LogError, match="a deal of 4 hands and 4 scores .* at a table of 3 seats"):
        GameState("tenhou-sanma").apply(ev.Deal(dealer=0, scores=[35000] * 4, hands=hands + [[]],
                                                dora_indicator=100))
