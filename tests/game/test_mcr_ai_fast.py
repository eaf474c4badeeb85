"""The MCR AI's shortcuts give what their definitions give.

- :func:`best_distances` (per-suit summaries, packed missing tiles of the fixed-tile plans visited fewest first,
  tables shared by melds of one shape) equals every plan measured one by one, on generated hands with declared
  melds, kinds with no unseen copy and value honors;
- the counted live tiles of seven pairs and of honors and knitted (on the hand and after each discard) equal the
  draws tried one by one;
- a ready hand's waits: a wait that completes the plan counts without the scorer only when the scorer agrees, and
  the cached answers equal the scorer's.
"""

from __future__ import annotations

import random

import pytest

from scorer.game.ai import mcr as M
from scorer.game.mcr import McrEngine
from tests.game.test_ai_definitions import _hand, _minus, reference_best, reference_live


def _melds(rng, c):
    """Up to two declared melds (chows and pungs, any kinds), taken from what the counts leave."""
    out = []
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        if rng.random() < 0.5:
            k = rng.choice([s * 9 + r for s in range(3) for r in range(7)])
            out.append(("c", k))
        else:
            out.append(("p", rng.randrange(34)))
    return tuple(out)


def _case(rng):
    melds = _melds(rng, None)
    c = _hand(rng, 14 - 3 * len(melds))
    unseen = [max(0, 4 - c[k] - rng.choice((0, 0, 0, 1, 2, 4))) for k in range(34)]
    if rng.random() < 0.3:
        unseen = [4 - c[k] for k in range(34)]
    values = tuple(sorted({31, 32, 33, 27 + rng.randrange(4), 27 + rng.randrange(4)}))
    return c, melds, unseen, values


@pytest.mark.parametrize("seed", range(30))
def test_best_distances_equal_every_plan_measured(seed):
    rng = random.Random(seed)
    for _ in range(150):
        c, melds, unseen, values = _case(rng)
        assert M.best_distances(c, melds, unseen, values) == reference_best(c, melds, unseen, values), \
            (c, melds, unseen, values)


@pytest.mark.parametrize("seed", range(10))
def test_best_distances_under_a_limit(seed):
    """With a limit, the same answer when the best distance is under it, else (limit, [])."""
    rng = random.Random(50 + seed)
    for _ in range(150):
        c, melds, unseen, values = _case(rng)
        best, tied = reference_best(c, melds, unseen, values)
        for limit in range(-1, 7):
            want = (best, tied) if best < limit else (limit, [])
            assert M.best_distances(c, melds, unseen, values, limit) == want, (c, melds, unseen, values, limit)


def test_fixed_tables_are_shared_by_melds_of_one_shape():
    """Melds in another order, or pungs of other kinds, give the same table (and the same distances)."""
    a = M._fixed_table((("p", 31), ("c", 3)))
    assert M._fixed_table((("c", 3), ("p", 5))) is a
    assert M._fixed_table((("c", 4), ("p", 5))) is not a
    rng = random.Random(5)
    for _ in range(200):
        c = _hand(rng, 8)
        unseen = [4 - n for n in c]
        for melds in ((("p", 31), ("c", 3)), (("c", 3), ("p", 5)), (("p", 0), ("c", 3))):
            assert M.best_distances(c, melds, unseen, (31, 32, 33)) == reference_best(c, melds, unseen, (31, 32, 33))


@pytest.mark.parametrize("seed", range(20))
def test_counted_live_tiles_equal_the_draws_tried(seed):
    rng = random.Random(100 + seed)
    ai = M.McrAI()
    hk = [i for i, (name, _) in enumerate(M.PLANS) if name == M.HK]
    for _ in range(100):
        c, melds, unseen, values = _case(rng)
        if rng.random() < 0.5:
            melds = ()
            c = _hand(rng, 14)
            unseen = [max(0, 4 - n - rng.choice((0, 1, 3))) for n in c]
        for i in [M._FIRST_SP] + hk:
            assert ai._live(c, melds, unseen, values, i) == reference_live(c, melds, unseen, values, i)
        kinds = [k for k in range(34) if c[k]]
        got = M._pairs_live_after_discards(c, melds, unseen, kinds)
        assert got == [reference_live(_minus(c, k), melds, unseen, values, M._FIRST_SP) for k in kinds]


class CheckedWaitsAI(M.McrAI):
    """The MCR AI, with the valid waits of every ready discard compared with the scorer's answer on each wait."""

    checked = 0
    by_plan = 0

    def _valid_waits(self, state, seat, c13, discarded_kind, unseen, plan=None, melds=(), values=()):
        got = super()._valid_waits(state, seat, c13, discarded_kind, unseen, plan, melds, values)
        p = state.players[seat]
        hand_ids = list(p.hand)
        for t in hand_ids:
            if t >> 2 == discarded_kind and t < 136:
                hand_ids.remove(t)
                break
        want = 0
        for w in M.mcr_waits(list(c13), len(p.melds)):
            if unseen[w] <= 0:
                continue
            worth = M._score_worth(state, seat, hand_ids, w)
            assert M._worth(state, seat, hand_ids, w) == worth        # the cached answer
            c13[w] += 1
            if plan is not None and M.plan_distance(plan, c13, melds, unseen, values) < 0 \
                    and M.VALUE[M.PLANS[plan][0]] >= 8:
                assert worth, (c13, melds, plan)       # a completed plan worth 8 is a win by the scorer
                CheckedWaitsAI.by_plan += 1
            c13[w] -= 1
            want += unseen[w] if worth else 0
        assert got == want
        CheckedWaitsAI.checked += 1
        return got


def test_ready_hands_count_the_waits_the_scorer_accepts():
    for seed in range(8):
        McrEngine([CheckedWaitsAI(f"ai{s}") for s in range(4)], seed=7200 + seed).run()
    assert CheckedWaitsAI.checked > 20 and CheckedWaitsAI.by_plan > 10
