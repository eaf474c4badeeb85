"""The winning hands the MCR replay reconstructs (#15 part 1) against ../shared's recorded_wins.jsonl, which lists
each won deal of the Botzone sample and the PMN boards with the winner, the winning tile, the tiles and the score
changes, extracted independently of our readers."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from scorer import parse
from scorer.errors import LogError
from scorer.logs.botzone import kind_of, read_botzone
from scorer.logs.mcr_replay import replay_mcr_round
from scorer.logs.pmn import read_pmn

MCR = Path(__file__).resolve().parents[3] / "shared" / "realdata" / "mcr"


def _recorded():
    path = MCR / "recorded_wins.jsonl"
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _reports():
    out = {}
    for rnd in read_botzone((MCR / "botzone-sample" / "sample.txt").read_bytes(), "sample.txt"):
        out[("botzone", rnd.game_id)] = replay_mcr_round(rnd)
    for name in ("example_1.pmn", "example_3.pmn"):       # example_2: two winners, refused (see test_pmn)
        (rnd,) = read_pmn((MCR / "pmn" / name).read_bytes(), name)
        out[("pmn", name)] = replay_mcr_round(rnd)
    return out


@pytest.fixture(scope="module")
def reports():
    if not (MCR / "botzone-sample" / "sample.txt").exists():
        pytest.skip("../shared absent")
    return _reports()


@pytest.mark.parametrize("rec", _recorded(), ids=lambda r: r.get("match_id") or r.get("file", "?"))
def test_the_replayed_win_is_the_recorded_one(rec, reports):
    key = ("botzone", rec["match_id"]) if "match_id" in rec else ("pmn", rec["file"].rsplit("/", 1)[1])
    if key not in reports:      # example_2: two winners on one discard; the MCR table's head bump refuses it
        (rnd,) = read_pmn((MCR / "pmn" / key[1]).read_bytes(), key[1])
        with pytest.raises(LogError, match="head bump"):
            replay_mcr_round(rnd)
        return
    rep = reports[key]
    assert rep.winner == rec["winner"] and rep.from_seat == (None if rec["self_drawn"] else rec["discarder"])
    assert rep.total == rec["fan_total"] and rep.deltas == rec["scores"]
    hand = parse(rep.hand)
    assert hand.winning_tile.kind == kind_of(rec["winning_tile"])
    theirs = Counter(kind_of(t) for t in rec["concealed_tiles"])
    for m in rec["melds"]:
        theirs.update(kind_of(t) for t in m["tiles"])
    ours = Counter(t.kind for t in hand.all_tiles)
    assert ours == theirs
