"""Own play logs: each field's type and range is the event reader's one check (scorer.game.events.FIELD_TYPES);
the own-log reader adds only the bounded numbers. Both tables' logs get past the reader."""

from __future__ import annotations

import io
import json

import pytest

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs.own import read_own


def _riichi_log(seed: int = 3) -> list[dict]:
    from scorer.game.ai.player import RiichiAI
    from scorer.game.engine import play_deal
    buf = io.StringIO()
    play_deal([RiichiAI() for _ in range(4)], seed=seed, log=buf)
    return [json.loads(line) for line in buf.getvalue().splitlines()]


def _read(lines: list[dict]):
    return list(read_own("\n".join(json.dumps(d) for d in lines).encode(), "game.jsonl"))


def test_an_mcr_play_log_is_read_its_deal_without_a_dora_indicator():
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import McrEngine
    buf = io.StringIO()
    eng = McrEngine([McrAI(f"ai{s}") for s in range(4)], seed=1, log=buf)
    eng.run()
    rounds = list(read_own(buf.getvalue().encode(), "mcr.jsonl"))
    assert len(rounds) == 1
    deal = rounds[0].events[0]
    assert deal.type == "deal" and deal.dora_indicator is None
    assert rounds[0].events == eng.events[1:]


@pytest.mark.parametrize("field, value, words", [
    ("honba", 1000, "a honba count (0-999)"),
    ("sticks", -1, "a deposit count (0-999)"),
    ("dealer", 4, "a seat (0-3)"),
    ("scores", [25000] * 2, "four whole numbers"),
])
def test_a_deal_field_out_of_range_names_the_line_and_the_field(field, value, words):
    lines = _riichi_log()
    assert lines[1]["type"] == "deal"
    lines[1][field] = value
    with pytest.raises(ev.EventFieldError) as err:
        _read(lines)
    assert f"game.jsonl:2: deal event: field {field!r}" in str(err.value) and words in str(err.value)


def test_player_names_must_be_strings():
    lines = _riichi_log()
    lines[0]["players"] = ["ai0", 1, "ai2", "ai3"]
    with pytest.raises(ev.EventFieldError, match=r"game\.jsonl:1: start event: field 'players'.*a list of names"):
        _read(lines)


def test_the_largest_counts_are_read():
    lines = _riichi_log()
    lines[1]["honba"] = 999
    lines[1]["sticks"] = 999
    rounds = _read(lines)
    assert (rounds[0].events[0].honba, rounds[0].events[0].sticks) == (999, 999)


def test_a_number_no_log_can_hold_is_still_refused_by_the_own_reader():
    lines = _riichi_log()
    text = "\n".join(json.dumps(d) for d in lines).replace('"honba": 0', '"honba": 1e400', 1)
    with pytest.raises(LogError, match=r"game\.jsonl:2: field honba: the number '1e400'"):
        list(read_own(text.encode(), "game.jsonl"))


def test_an_mcr_play_log_replays_and_verifies_at_the_mcr_table():
    """#15: our own MCR play logs (flowers as ids 136-143) replay at the MCR table and agree with themselves."""
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import McrEngine
    from scorer.logs.replay import LenientVisitor, replay_rounds
    buf = io.StringIO()
    McrEngine([McrAI(f"ai{s}") for s in range(4)], seed=2, log=buf).run()
    rounds = list(read_own(buf.getvalue().encode(), "mcr.jsonl"))
    reps = list(replay_rounds(rounds, LenientVisitor()))
    assert len(reps) == 1 and reps[0].agree, (reps[0].error, reps[0].mismatches)
    assert reps[0].outcome in ("win", "exhaustive draw") and sum(reps[0].deltas) == 0
