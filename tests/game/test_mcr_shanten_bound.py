"""The MCR table keeps a lower bound of each hand's MCR shanten (no waits) and its win check skips a hand the bound
says is 1-shanten or worse: the bound must never exclude a hand one tile completes. Checked at every event of
seeded AI deals against the completeness test itself."""

from __future__ import annotations

from scorer.game.ai.mcr import McrAI
from scorer.game.mcr import McrEngine
from scorer.game.rules.mcr import _is_complete, can_win
from scorer.game.state import ACT, RESPOND


def test_the_shanten_bound_never_excludes_a_hand_one_tile_completes():
    seen = {"bounded": 0, "complete": 0}

    def on_event(e, state):
        for seat, p in enumerate(state.players):
            if p.shanten_floor < 1 or any(t >= 136 for t in p.hand):
                continue
            counts = list(p.kind_counts())
            melds = len(p.melds)
            seen["bounded"] += 1
            if sum(counts) % 3 == 2:            # after a draw: the bound is the hand's before it
                assert not _is_complete(counts, melds), (e, seat)
                continue
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    assert not _is_complete(counts, melds), (e, seat, k)
                    counts[k] -= 1
        if state.phase == RESPOND and state.last_discard is not None:
            for seat in range(4):
                if seat != state.last_discarder and can_win(state, seat, state.last_discard, tsumo=False):
                    seen["complete"] += 1
        if state.phase == ACT and state.last_draw is not None and not state.after_call:
            seen["complete"] += can_win(state, state.turn, state.last_draw, tsumo=True)

    for seed in range(1, 13):
        McrEngine([McrAI(f"ai{s}") for s in range(4)], seed=seed, on_event=on_event).run()
    assert seen["bounded"] > 1000 and seen["complete"] > 5
