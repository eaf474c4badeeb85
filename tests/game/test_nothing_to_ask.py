"""A seat is asked only when it has something to decide: a pass alone is no question. (The play screen showed
"Call: number or word ()" to the person each time an AI set a North aside that the person could not rob.)"""

from __future__ import annotations

import pytest

from scorer.game.actions import PASS
from scorer.game.ai.player import RiichiAI
from scorer.game.engine import Engine
from scorer.game.presets import find_preset


class AskedOnlyWithAChoice(RiichiAI):
    """The basic AI, counting the times it is asked with nothing but a pass."""

    def __init__(self, name="ai"):
        super().__init__(name)
        self.empty = 0

    def choose(self, state, seat, actions):
        if all(a.type == PASS for a in actions):
            self.empty += 1
        return super().choose(state, seat, actions)


@pytest.mark.parametrize("preset", ["tenhou-sanma", "tenhou"])
def test_no_seat_is_asked_to_pass_on_nothing(preset):
    pre = find_preset(preset)
    windows = 0      # Norths set aside and kans added: each opens a robbing window to the other seats
    for seed in range(25):
        players = [AskedOnlyWithAChoice(f"a{s}") for s in range(pre.players)]
        eng = Engine(players, seed=seed, preset=pre)
        eng.run()
        assert sum(p.empty for p in players) == 0, seed
        windows += sum(e.type == "nuki" or (e.type == "call" and e.kind == "kakan") for e in eng.events)
    assert windows > 0
