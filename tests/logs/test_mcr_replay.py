"""Our own MCR play logs (#15 part 1): replayed at the MCR table (flowers as ids 136-143), every action validated,
and verified against the log's own results (fans by name and points, total, every seat's delta)."""

from __future__ import annotations

import dataclasses
import io

import pytest

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.ai.mcr import McrAI
from scorer.game.mcr import McrEngine
from scorer.logs.mcr_replay import replay_mcr_round
from scorer.logs.own import read_own


def _log(seed: int) -> str:
    buf = io.StringIO()
    McrEngine([McrAI(f"ai{s}") for s in range(4)], seed=seed, log=buf).run()
    return buf.getvalue()


def _round(seed: int):
    (rnd,) = read_own(_log(seed).encode(), f"mcr{seed}.jsonl")
    return rnd


@pytest.mark.parametrize("seed", range(12))
def test_own_mcr_logs_replay_and_agree(seed):
    rep = replay_mcr_round(_round(seed))
    assert rep.agree, rep.mismatches
    if rep.outcome == "win":
        assert rep.total == rep.record_total >= 8 and rep.record_fans and sum(rep.deltas) == 0


def _a_win(limit: int = 40):
    for seed in range(limit):
        rnd = _round(seed)
        if isinstance(rnd.events[-1], ev.Win) and any(isinstance(e, ev.Flower) for e in rnd.events):
            return rnd
    pytest.fail("no won deal with a flower in the first seeds")


def test_a_changed_fan_or_delta_is_a_mismatch():
    rnd = _a_win()
    win = rnd.events[-1]
    rnd.events[-1] = dataclasses.replace(win, deltas=[d * 2 for d in win.deltas])
    assert any(m.startswith("deltas") for m in replay_mcr_round(rnd).mismatches)
    rnd.events[-1] = dataclasses.replace(win, yaku=list(win.yaku[1:]) + ["Chicken Hand 8"])
    assert any(m.startswith("fans") for m in replay_mcr_round(rnd).mismatches)


def test_an_illegal_event_names_the_file_the_deal_and_the_event():
    rnd = _a_win()
    i = next(i for i, e in enumerate(rnd.events) if isinstance(e, ev.Discard))
    e = rnd.events[i]
    held = set(rnd.events[0].hands[e.seat]) | {d.tile for d in rnd.events[:i] if isinstance(d, ev.Draw)}
    other = next(t for t in range(136) if t not in held)
    rnd.events[i] = dataclasses.replace(e, tile=other)
    with pytest.raises(LogError) as err:
        replay_mcr_round(rnd)
    text = str(err.value)
    assert rnd.source in text and f"event {i + 1} discard" in text
