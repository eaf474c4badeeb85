"""The AIs' fast decision procedures equal their straightforward definitions.

The riichi AI reads each 14-tile hand once (:class:`scorer.shanten.DiscardView`) and the MCR AI counts live tiles
by kind masks; both must choose exactly what the plain definitions choose. Each check here recomputes a choice the
slow way -- the shanten of every hand by :func:`shanten_counts`, the ukeire by trying every draw, every plan's
distance measured -- on generated hands and inside seeded AI-only deals, and compares.
"""

from __future__ import annotations

import random

import pytest

from scorer.game.ai import RiichiAI
from scorer.game.ai import mcr as M
from scorer.game.ai.defense import danger, safe_kinds
from scorer.game.ai.player import visible_counts
from scorer.game.engine import Engine
from scorer.game.mcr import McrEngine
from scorer.game.rules import riichi as R
from scorer.game.state import waits_of_counts
from scorer.kinds import mask_of
from scorer.shanten import (DiscardView, improving_kinds, shanten_counts, shanten_each, standard_improving_mask_codes,
                            standard_shanten, standard_shanten_each_codes, suit_codes, waits_counts)


def _minus(c, k):
    c = list(c)
    c[k] -= 1
    return c


def _plus(c, k):
    c = list(c)
    c[k] += 1
    return c


def _hand(rng, n):
    """``n`` tiles, often crowded into few kinds or pairs (seven pairs and orphans shapes too)."""
    shape = rng.random()
    if shape < 0.15:
        kinds = rng.sample(range(34), 8)
        pool = [k for k in kinds for _ in range(2)]
    elif shape < 0.25:
        pool = [k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33) for _ in range(2)]
    else:
        kinds = range(34) if rng.random() < 0.5 else rng.sample(range(34), rng.randrange(5, 20))
        pool = [k for k in kinds for _ in range(4)]
    while len(pool) < n:
        pool += [k for k in range(34) for _ in range(4)]
    c = [0] * 34
    for k in rng.sample(pool, n):
        c[k] += 1
    while max(c) > 4:                  # (a doubled pool can give a fifth copy)
        c[c.index(max(c))] -= 1
        c[min(range(34), key=lambda j: c[j])] += 1
    return c


@pytest.mark.parametrize("seed", range(40))
def test_discard_view_equals_shanten_each_and_improving_kinds(seed):
    rng = random.Random(seed)
    for _ in range(25):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        c = _hand(rng, 14 - 3 * melds)
        view = DiscardView(c, melds)
        kinds = sorted(rng.sample(range(34), rng.randrange(1, 35)))
        assert view.shanten_each(kinds) == shanten_each(c, melds, kinds, -1)
        assert view.shanten_each(kinds) == [shanten_counts(_minus(c, k), melds) if c[k] else 99 for k in kinds]
        for k in range(34):
            if c[k]:
                after = _minus(c, k)
                assert view.improving_after(k) == improving_kinds(after, melds)
                base = shanten_counts(after, melds)
                assert list(view.improving_after(k)) == [
                    j for j in range(34) if after[j] < 4 and shanten_counts(_plus(after, j), melds) < base]
        assert view.counts == c             # the view leaves its copy of the hand as it found it


@pytest.mark.parametrize("seed", range(20))
def test_discard_view_masks_and_calls_measured_as_their_definition(seed):
    """The improving draws after each discard as a kind mask, the view of a hand after a call (a declared meld
    more, no special forms) and views asked again after other hands were read (the columns a view keeps)."""
    rng = random.Random(seed)
    views = []
    for _ in range(20):
        melds = rng.choice((0, 0, 1, 2, 3))
        c = _hand(rng, 14 - 3 * melds)
        view = DiscardView(c, melds)
        views.append((view, c, melds))
        for k in range(34):
            if c[k]:
                assert view.improving_mask_after(k) == mask_of(improving_kinds(_minus(c, k), melds))
    for view, c, melds in views:           # read again after the others: the same answers
        held = [k for k in range(34) if c[k]]
        assert view.shanten_each(held) == [shanten_counts(_minus(c, k), melds) for k in held]
        k = held[-1]
        assert view.improving_after(k) == improving_kinds(_minus(c, k), melds)


@pytest.mark.parametrize("seed", range(20))
def test_standard_shanten_of_each_change_and_improving_mask_by_definition(seed):
    """The standard form after each one-tile change (99 where impossible: a fifth copy, a tile not held) and the
    kinds whose draw lowers it, on hands of every size and suits crowded past fourteen tiles."""
    rng = random.Random(seed)
    for _ in range(15):
        melds = rng.choice((0, 1, 2, 3, 4))
        n = rng.choice((13, 14)) - 3 * melds
        if rng.random() < 0.2:          # one suit crowded: a change may leave a suit the table does not hold
            s = rng.randrange(3)
            c = [0] * 34
            while sum(c) < max(n, 15):
                k = 9 * s + rng.randrange(9)
                if c[k] < 4:
                    c[k] += 1
        else:
            c = _hand(rng, n)
        codes = suit_codes(c)
        for delta in (1, -1):
            want = []
            for k in range(34):
                if 0 <= c[k] + delta <= 4:
                    c[k] += delta
                    want.append(standard_shanten(c, melds))
                    c[k] -= delta
                else:
                    want.append(99)
            assert standard_shanten_each_codes(codes, melds, range(34), delta) == want
        now = standard_shanten(c, melds)
        assert standard_improving_mask_codes(codes, melds) == mask_of(
            k for k in range(34) if c[k] < 4 and standard_shanten(_plus(c, k), melds) < now)


@pytest.mark.parametrize("seed", range(20))
def test_held_shanten_and_riichi_discards_by_definition(seed):
    """A view's held() (every kind held, the shanten after discarding it: its least is the hand's shanten unless
    complete) and the riichi table's riichi discards read from it: tenpai after the discard, and under karaten
    (the player's meld tiles in view) a wait with a copy the player does not hold -- as waits_counts says."""
    rng = random.Random(seed)
    tenpai_seen = 0
    for _ in range(60):
        melds = rng.choice((0, 0, 0, 1, 2))
        c = _hand(rng, 14 - 3 * melds)
        if rng.random() < 0.5:          # near tenpai: a complete hand with one tile swapped
            c = _near_tenpai(rng, melds) or c
        view = DiscardView(c, melds)
        held, shs = view.held()
        assert list(held) == [k for k in range(34) if c[k]]
        assert list(shs) == [shanten_counts(_minus(c, k), melds) for k in held]
        whole = shanten_counts(c, melds)
        assert min(shs) == (whole if whole >= 0 else 0)
        in_view = [0] * 34
        for _ in range(3 * melds):
            in_view[rng.randrange(34)] += 1
        for view_given in (None, in_view):
            want = {k for k in held if shanten_counts(_minus(c, k), melds) == 0 and
                    (view_given is None or waits_counts(_minus(c, k), melds, in_view=view_given))}
            assert R._tenpai_discard_kinds(DiscardView(c, melds), view_given) == want
            tenpai_seen += bool(want)
    assert tenpai_seen > 10


def _near_tenpai(rng, melds):
    """A complete hand of 14 - 3 * melds tiles (sets and a pair, often several of one kind) with one tile
    swapped for another, or None when the draw made a fifth copy."""
    c = [0] * 34
    for _ in range(4 - melds):
        if rng.random() < 0.5:
            k = rng.randrange(34)
            c[k] += 3
        else:
            s, r = rng.randrange(3), rng.randrange(7)
            for i in range(3):
                c[9 * s + r + i] += 1
    c[rng.randrange(34)] += 2
    c[rng.choice([k for k in range(34) if c[k]])] -= 1
    c[rng.randrange(34)] += 1
    return c if max(c) <= 4 else None


# ---- the riichi AI's discard, by its definition ------------------------------------------------------------------
def _connection(c, k):
    v = 2 * (c[k] - 1)
    if k < 27:
        p = k % 9
        for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= p + d <= 8 and c[k + d]:
                v += w
        v += 1 if 2 <= p <= 6 else 0
    return v


def _ukeire(c, melds, visible):
    base = shanten_counts(c, melds)
    return sum(max(0, 4 - c[j] - visible[j]) for j in range(34)
               if c[j] < 4 and shanten_counts(_plus(c, j), melds) < base)


def visible_by_definition(state) -> list[int]:
    """Copies of each kind in view: the rivers (a called tile is counted in its meld), the melds, the dora
    indicators -- counted from the table as it lies."""
    v = [0] * 34
    for p in state.players:
        for r in p.river:
            if r.called_by is None:
                v[r.tile >> 2] += 1
        for m in p.melds:
            for t in m.tiles:
                v[t >> 2] += 1
    for t in state.dora_indicators:
        v[t >> 2] += 1
    return v


def reference_discard_kind(state, seat, discards, counts, melds, threat) -> int:
    """The riichi AI's discard kind: lowest shanten; folding against a riichi when far (2+ shanten, or 1 with
    fewer than 6 tiles of ukeire); ties by connection (isolated honors and terminals first, dora last), then
    among the four least connected the most ukeire. Every shanten measured on its own hand."""
    visible = visible_by_definition(state)
    dora = {state.tile(t).dora_successor().kind for t in state.dora_indicators}
    kinds = sorted({a.tile >> 2 for a in discards})
    sh = {k: shanten_counts(_minus(counts, k), melds) for k in kinds}
    best_sh = min(sh.values())
    if threat is not None and not state.players[seat].riichi:
        far = best_sh >= 2
        if best_sh == 1:
            far = _ukeire(_minus(counts, min(kinds, key=lambda k: sh[k])), melds, visible) < 6
        if far:
            threats = [s for s in range(4) if s != seat and state.players[s].riichi]
            scores = {k: max(danger(k, state, t, visible, safe_kinds(state, t)) for t in threats) for k in kinds}
            return min(kinds, key=lambda k: (scores[k], sh[k], k in dora))
    cands = [k for k in kinds if sh[k] == best_sh]
    cands.sort(key=lambda k: (_connection(counts, k) + 3 * (k in dora), k))
    if len(cands) == 1 or best_sh >= 3:
        return cands[0]
    scored = [(-_ukeire(_minus(counts, k), melds, visible), i, k) for i, k in enumerate(cands[:4])]
    return min(scored)[2]


def reference_call(ai, state, seat, by_type):
    """The riichi AI's answer to a discard it may call: pass in riichi, against a riichi, or with a closed
    tenpai; else the first pon or chi (pons first) that keeps a yaku and lowers the shanten most, the shanten
    after a call being that of its best discard other than the called kind (kuikae), measured on its own hand."""
    p = state.players[seat]
    pass_ = by_type.get("pass", [None])[0]
    if p.riichi or any(state.players[t].riichi for t in range(4) if t != seat):
        return pass_
    counts, melds = p.counts(), len(p.melds)
    best, best_sh = pass_, shanten_counts(counts, melds)
    if best_sh <= 0 and p.is_closed:
        return pass_
    values = {31, 32, 33, 27 + state.round_wind, 27 + state.seat_wind(seat)}
    for a in by_type.get("pon", []) + by_type.get("chi", []):
        c = list(counts)
        for t in a.tiles:
            c[t >> 2] -= 1
        if not ai._keeps_yaku(state, seat, c, a, values):
            continue
        after = min(shanten_counts(_minus(c, j), melds + 1) for j in range(34) if c[j] and j != a.tile >> 2)
        if after < best_sh:
            best, best_sh = a, after
    return best


def reference_riichi(state, seat, actions):
    """The riichi AI's declaration: the riichi discard leaving the most live waits (copies not in hand nor in
    view; the first of the most), declared if it leaves any and, against a riichi, at least four. The waits
    are the engine's (:func:`scorer.game.state.waits_of_counts`)."""
    p = state.players[seat]
    counts, melds = p.counts(), len(p.melds)
    visible = visible_by_definition(state)
    best, best_n = None, -1
    for a in actions:
        if a.type == "riichi":
            c = _minus(counts, a.tile >> 2)
            n = sum(max(0, 4 - c[w] - visible[w]) for w in waits_of_counts(c, melds))
            if n > best_n:
                best, best_n = a, n
    threat = any(state.players[t].riichi for t in range(4) if t != seat)
    return best if best is not None and best_n > 0 and (not threat or best_n >= 4) else None


class CheckedRiichiAI(RiichiAI):
    """The riichi AI, with every discard compared with :func:`reference_discard_kind` and every answer to a call
    with :func:`reference_call`."""

    checked = 0
    calls_checked = 0

    riichi_checked = 0

    def choose(self, state, seat, actions):
        assert visible_counts(state, seat) == visible_by_definition(state)     # as the table keeps them
        got = super().choose(state, seat, actions)
        if any(a.type == "riichi" for a in actions) and not any(a.type == "tsumo" for a in actions) \
                and not any(a.type in ("ankan", "kakan") for a in actions):
            want = reference_riichi(state, seat, actions)
            assert got == want if want is not None else got.type != "riichi"
            CheckedRiichiAI.riichi_checked += 1
        return got

    def _respond(self, state, seat, by_type):
        got = super()._respond(state, seat, by_type)
        want = reference_call(self, state, seat, by_type)
        assert got == want or (want is None and got.type == "pass")
        CheckedRiichiAI.calls_checked += 1
        return got

    def _discard(self, state, seat, discards, counts, melds, visible, threat, view=None):
        p = state.players[seat]
        if not (state.after_call or p.riichi or state.riichi_pending == seat):
            # the AI then reads every kind held as a discard (DiscardView.held): the table lists them all
            assert sorted({a.tile >> 2 for a in discards}) == [k for k in range(34) if counts[k]]
        want = reference_discard_kind(state, seat, discards, list(counts), melds, threat)
        got = super()._discard(state, seat, discards, counts, melds, visible, threat, view)
        assert got.tile >> 2 == want
        CheckedRiichiAI.checked += 1
        return got


@pytest.mark.parametrize("seed", range(6))
def test_riichi_ai_discards_as_its_definition_in_seeded_deals(seed):
    before = CheckedRiichiAI.checked
    Engine([CheckedRiichiAI(f"ai{s}") for s in range(4)], seed=7000 + seed).run()
    assert CheckedRiichiAI.checked > before


def test_riichi_ai_declares_riichi_as_its_definition_in_seeded_deals():
    before = CheckedRiichiAI.riichi_checked
    for seed in range(12):
        Engine([CheckedRiichiAI(f"ai{s}") for s in range(4)], seed=7300 + seed).run()
    assert CheckedRiichiAI.riichi_checked > before + 5


def test_riichi_ai_answers_calls_as_its_definition_in_seeded_deals():
    before = CheckedRiichiAI.calls_checked
    for seed in range(12):
        Engine([CheckedRiichiAI(f"ai{s}") for s in range(4)], seed=7200 + seed).run()
    assert CheckedRiichiAI.calls_checked > before + 20


# ---- the MCR AI's plan measures, by their definition -------------------------------------------------------------
def reference_best(c, melds, unseen, values):
    ds = M.all_distances(c, melds, unseen, values)
    best = min(ds)
    return best, ([i for i, d in enumerate(ds) if d == best] if best < M.INF else [])


def reference_live(c, melds, unseen, values, i):
    base = M.plan_distance(i, c, melds, unseen, values)
    draws = [k for k in M._improving_kinds(c, i) if unseen[k] and c[k] < 4]
    return sum(unseen[k] for k, d in zip(draws, M.plan_after(i, c, melds, unseen, values, draws, 1)) if d < base)


class CheckedMcrAI(M.McrAI):
    """The MCR AI, with its plan measures compared with their definitions on every hand it weighs."""

    checked = 0

    def _choose_plans(self, c, melds, unseen, values):
        assert M.best_distances(c, melds, unseen, values) == reference_best(c, melds, unseen, values)
        for i in range(len(M.PLANS)):
            assert self._live(c, melds, unseen, values, i) == reference_live(c, melds, unseen, values, i)
        kinds = [k for k in range(34) if c[k]]
        for i in range(M._N_FIXED):
            after = M.plan_after(i, c, melds, unseen, values, kinds, -1)
            lives = M._fixed_live_after_discards(c, melds, unseen, i, list(zip(kinds, after)))
            for k, d, live in zip(kinds, after, lives):
                if d < M.INF:
                    assert live == reference_live(_minus(c, k), melds, unseen, values, i)
        CheckedMcrAI.checked += 1
        return super()._choose_plans(c, melds, unseen, values)


@pytest.mark.parametrize("seed", range(3))
def test_mcr_ai_plan_measures_equal_their_definitions_in_seeded_deals(seed):
    before = CheckedMcrAI.checked
    McrEngine([CheckedMcrAI(f"ai{s}") for s in range(4)], seed=7100 + seed).run()
    assert CheckedMcrAI.checked > before


@pytest.mark.parametrize("seed", range(20))
def test_mcr_waits_are_the_kinds_that_complete_in_any_form(seed):
    """The MCR AI's waits (knitted shapes read from the straights held) equal the definition: the kinds whose one
    more tile makes the hand complete in some MCR form."""
    from scorer.shanten import KNITTED_SEQS, mcr_shanten, mcr_waits
    rng = random.Random(seed)
    found = 0
    for _ in range(60):
        melds = rng.choice((0, 0, 1))
        n = 13 - 3 * melds
        c = [0] * 34
        seq = rng.choice(KNITTED_SEQS)
        if rng.random() < 0.5:
            for k in rng.sample(seq, rng.choice((8, 9))):
                c[k] += 1
        else:
            for k in rng.sample(list(seq) + list(range(27, 34)), min(n, 13)):
                c[k] += 1
        while sum(c) < n:
            k = rng.randrange(34)
            if c[k] < 4:
                c[k] += 1
        if sum(c) > n:
            continue
        want = [k for k in range(34) if c[k] < 4 and mcr_shanten(_plus(c, k), melds) == -1]
        assert mcr_waits(c, melds) == want
        found += bool(want)
    assert found
