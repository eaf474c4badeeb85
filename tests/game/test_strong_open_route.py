"""An open hand's route narrows the strong AI's discards; it then picks among the route's kinds itself.

Before the fix, ``StrongRiichiAI`` handed the narrowed list to ``RiichiAI._discard``, which ranks every kind held
and could pick one no longer listed: ``IndexError`` in ``_pick_copy`` on about one standard deal in ten (seeds 2,
22 and 26 among them). Each deal here must finish, every action legal (the engine validates), points conserved.
"""

import pytest

from scorer.game.ai.strong import StrongRiichiAI
from scorer.game.engine import Engine


@pytest.mark.parametrize("seed", [2, 22, 26, 29, 40])
@pytest.mark.parametrize("preset", ["standard", "tenhou"])
def test_four_strong_ais_finish_the_deals_that_crashed(seed, preset):
    eng = Engine([StrongRiichiAI(f"s{i}") for i in range(4)], seed=seed, preset=preset)
    st = eng.run()
    assert st.result is not None
    stick = st.preset.riichi_cost           # (sticks are counted in deposits, not points)
    pot = sum(e.sticks for e in eng.events if e.type == "deal")
    assert sum(p.score for p in st.players) + st.sticks * stick == 4 * 25000 + pot * stick
