"""The engine's shortcuts change no decision and no event: the shared draw and discard values are the events the
constructors build, and a win's settlement reads back the result its listing scored (one evaluation, not two)
only while no event has changed the table since."""

from __future__ import annotations

import io
import json

import pytest

from scorer.game import events as ev
from scorer.game.actions import RON, TSUMO
from scorer.game.ai import RiichiAI, ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import Engine, play_deal, replay
from scorer.game.rules import riichi as R
from scorer.game.state import remember_win, remembered_win
from scorer.game.wall import Wall

T_5P = "234m567m234p678s5p"       # tenpai on 5p alone, all simples (a yaku without riichi)
NOTEN = ("129m189p19s12345z", "19m189p19s123467z", "28m28p28s1234567z")


@pytest.mark.parametrize("seat,tile,flag", [(0, 0, False), (3, 135, True), (2, 16, True), (1, 143, False)])
def test_shared_draws_and_discards_are_the_constructed_events(seat, tile, flag):
    d = ev.draw_event(seat, tile, flag)
    assert d == ev.Draw(seat=seat, tile=tile, rinshan=flag) and d.to_json() == ev.Draw(
        seat=seat, tile=tile, rinshan=flag).to_json()
    assert ev.draw_event(seat, tile, flag) is d                     # one value, looked up again
    x = ev.discard_event(seat, tile, flag)
    assert x == ev.Discard(seat=seat, tile=tile, tsumogiri=flag)
    assert ev.discard_event(seat, tile, flag) is x
    assert ev.discard_event(seat, tile, not flag) != x


def test_a_flag_given_as_a_number_is_written_as_true_or_false():
    assert json.loads(ev.draw_event(1, 5, 1).to_json())["rinshan"] is True
    assert json.loads(ev.discard_event(1, 5, 0).to_json())["tsumogiri"] is False
    assert ev.draw_event(1, 5, 1) is ev.draw_event(1, 5, True)


def _ron_deal(monkeypatch):
    """Seat 0 draws and throws 5p; seat 1 (no riichi, all simples) takes it. Every evaluation is counted."""
    scored = []
    real = R.evaluator()

    def counting(hand, preset=None):
        scored.append(hand)
        return real(hand, preset=preset)

    monkeypatch.setattr(R, "evaluator", lambda: counting)
    hands = [NOTEN[0], T_5P, NOTEN[1], NOTEN[2]]
    players = [TsumogiriPlayer(), ScriptedPlayer([("ron", None)]), TsumogiriPlayer(), TsumogiriPlayer()]
    log = io.StringIO()
    eng = play_deal(players, wall=Wall.arranged(hands, "5p"), log=log)
    return eng, scored, log.getvalue()


def test_the_settlement_reads_back_the_listed_ron(monkeypatch):
    eng, scored, log = _ron_deal(monkeypatch)
    res = eng.state.result
    assert res.type == "win" and res.seat == 1 and res.from_seat == 0
    assert len(scored) == 1                      # listed (and scored) once; the settlement scored nothing more
    # the recorded win is what the scorer says of that hand, scored afresh on the replayed table
    st = replay(log.splitlines()[:-1])
    fresh = R.evaluator()(R.win_hand(st, 1, res.tile, tsumo=False), preset=st.preset.scorer_preset)
    assert (res.han, res.fu, res.points) == (fresh.han, fresh.fu, fresh.points)
    assert res.yaku == [f"{y.name} {y.han}" for y in fresh.yaku]
    assert res.hand == R.win_hand(st, 1, res.tile, tsumo=False).notation()


def test_a_kept_win_is_forgotten_at_the_next_event(monkeypatch):
    eng, _, log = _ron_deal(monkeypatch)
    st = replay(log.splitlines()[:3])            # start, deal, the dealer's draw
    remember_win(st, ("key",), "hand", "result")
    assert remembered_win(st, ("key",)) == ("hand", "result")
    st.apply(ev.event_from_dict(json.loads(log.splitlines()[3])))     # the discard
    assert remembered_win(st, ("key",)) is None


def test_a_win_listed_in_riichi_without_scoring_is_a_win_by_the_scorer():
    """A hand in riichi that completes (not furiten) is listed a tsumo or a ron without asking the scorer: riichi
    is its yaku. At every such listing of seeded AI deals the scorer agrees."""
    checked = {"tsumo": 0, "ron": 0}

    def on_event(e, st):
        if st.phase == "act" and st.players[st.turn].riichi:
            seat = st.turn
            if any(a.type == TSUMO for a in st.rules.legal_actions(st, seat)):
                assert R.score_win(st, seat, st.last_draw, tsumo=True).win
                checked["tsumo"] += 1
        if st.phase == "respond" and st.last_discard is not None:
            for seat in range(4):
                if seat != st.last_discarder and st.players[seat].riichi and \
                        any(a.type == RON for a in st.rules.legal_actions(st, seat)):
                    assert R.score_win(st, seat, st.last_discard, tsumo=False).win
                    checked["ron"] += 1

    for seed in range(40):
        Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=9100 + seed, on_event=on_event).run()
    assert checked["tsumo"] > 3 and checked["ron"] > 3, checked


def test_the_shanten_a_discard_leaves_is_read_from_the_view_as_measured():
    """A discard from a hand whose view was read (the riichi check, the AI's choice) notes the new hand's shanten
    from that view; the waits' bookkeeping reads it instead of measuring the hand. At every discard of seeded AI
    deals a noted shanten is the hand's shanten."""
    from scorer.shanten import shanten_counts
    checked = [0]

    def on_event(e, st):
        if e.type == "discard":
            p = st.players[e.seat]
            known = p.known_shanten()
            if known is not None:
                assert known == shanten_counts(p.counts(), len(p.melds))
                checked[0] += 1

    for seed in range(10):
        Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=9300 + seed, on_event=on_event).run()
    assert checked[0] > 200
