"""The direct legality checks of a discard and of a call (what replay --verify asks for every event) answer as
the full list of legal actions does, at every decision of seeded AI deals, for every tile and pair of tiles."""

from __future__ import annotations

from itertools import combinations

from scorer.game import actions as A
from scorer.game.ai import RiichiAI
from scorer.game.engine import Engine
from scorer.game.state import ACT, RESPOND


def _listed(state, action) -> bool:
    return A.is_legal(state, action, A.legal_actions(state, action.seat))


def test_direct_checks_agree_with_the_listed_actions():
    checked = {"discard": 0, "call": 0, "kuikae": 0}

    def on_event(e, state):
        if state.phase == ACT:
            seat = state.turn
            if state.after_call and any((t >> 2) in state.kuikae for t in state.players[seat].hand):
                checked["kuikae"] += 1
            for t in state.players[seat].hand:
                a = A.Action(A.DISCARD, seat, t)
                assert A.is_legal(state, a) == _listed(state, a), (e, a)
                checked["discard"] += 1
            other = (seat + 1) % 4        # nobody else may discard now
            a = A.Action(A.DISCARD, other, state.players[other].hand[0])
            assert A.is_legal(state, a) == _listed(state, a) is False
        if state.phase == RESPOND and state.last_discard is not None:
            tile = state.last_discard
            for seat in range(4):
                hand = state.players[seat].hand
                near = [t for t in hand if abs((t >> 2) - (tile >> 2)) <= 2]
                for typ, n in ((A.PON, 2), (A.CHI, 2), (A.KAN, 3)):
                    for own in combinations(near, n):
                        a = A.Action(typ, seat, tile, own)
                        assert A.is_legal(state, a) == _listed(state, a), (e, a)
                        checked["call"] += 1

    for seed in (1, 2, 16, 24):   # 16 and 24: a caller holds a tile that kuikae forbids
        Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=seed, on_event=on_event).run()
    assert checked["discard"] > 300 and checked["call"] > 300 and checked["kuikae"] > 0


def test_direct_tsumo_ron_and_riichi_checks_agree_with_the_listed_actions():
    from scorer.game.state import CHANKAN
    checked = {"tsumo": 0, "ron": 0, "riichi": 0, "refused": 0}

    def check(state, a):
        direct, listed = A.is_legal(state, a), _listed(state, a)
        assert direct == listed, a
        checked[a.type] += direct
        checked["refused"] += not direct

    def on_event(e, state):
        for seat in range(4):
            can = state.rules.can_riichi(state, seat)
            assert can == any(a.type == A.RIICHI for a in A.legal_actions(state, seat)), (e, seat)
            checked["riichi"] += can
        if state.phase == ACT:
            seat = state.turn
            hand = state.players[seat].hand
            for t in {state.last_draw, hand[0], hand[-1]} - {None}:
                check(state, A.Action(A.TSUMO, seat, t))
            check(state, A.Action(A.TSUMO, (seat + 1) % 4, state.last_draw))
        tile = state.last_discard if state.phase == RESPOND else state.kakan_tile if state.phase == CHANKAN else None
        if tile is not None:
            for seat in range(4):
                # the tile itself, another copy of its kind (in someone's hand), and a tile of another kind
                for t in {tile, (tile & ~3) | ((tile + 1) & 3), state.players[seat].hand[0]}:
                    check(state, A.Action(A.RON, seat, t))

    for seed in range(1, 41):
        Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=seed, on_event=on_event).run()
    assert checked["tsumo"] > 3 and checked["ron"] > 10 and checked["riichi"] > 20 and checked["refused"] > 1000
