"""Recorded wins from real games (Botzone Chinese Standard Mahjong matches and duplicate MCR boards in PMN form)
reproduce their recorded fan totals, fans and score changes. Skipped only when ``../shared`` is absent."""

from __future__ import annotations

import json
import re

import pytest

from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.mcr import evaluate
from scorer.mcr.fans import find_fan
from scorer.mcr.fans import FAN_BY_ID
from scorer.mcr.points import deltas, duplicate_deltas
from scorer.tiles import Tile
from tests.mcr.conftest import REALDATA
from tests.mcr.gbargs import gb_kind, gb_tile

_PATH = REALDATA / "recorded_wins.jsonl"
WINS = [json.loads(line) for line in _PATH.read_text(encoding="utf-8").splitlines() if line.strip()] \
    if _PATH.exists() else []
_MELD_TYPES = {"chi": MeldType.CHI, "peng": MeldType.PON, "gang": MeldType.KAN, "bugang": MeldType.KAN,
               "angang": MeldType.ANKAN}


def hand_of(win: dict, last_tile: bool = False) -> Hand:
    concealed = [gb_kind(t) for t in win["concealed_tiles"]]
    w = gb_kind(win["winning_tile"])
    concealed.remove(w)
    melds = tuple(Meld(_MELD_TYPES[m["type"]], tuple(gb_tile(t) for t in m["tiles"])) for m in win["melds"])
    s = Situation(tsumo=win["self_drawn"], chankan=win.get("robbing_kong", False),
                  rinshan=win.get("out_with_replacement_tile", False),
                  round_wind=win["prevalent_wind"], seat_wind=win["seat_wind"], last_tile=last_tile)
    return Hand(tuple(Tile(k) for k in concealed), melds, Tile(w), s, rules="mcr")


def score_recorded(win: dict):
    """Score a recorded win. The Botzone records do not keep the last-tile (和绝张) flag: when the hand scored
    without it does not give the recorded total, it is scored with it, and the test then checks that Last Tile is
    exactly the difference (2 of the 18 records)."""
    result = evaluate(hand_of(win))
    if result.fan_total != win["fan_total"] and win["source"].startswith("botzone"):
        with_flag = evaluate(hand_of(win, last_tile=True))
        assert with_flag.fan_counts("key").get("last_tile") == 1
        assert with_flag.fan_total == result.fan_total + 4
        return with_flag
    return result


def _ids(wins):
    return [f"{w['source']}-{w.get('match_id') or w.get('board')}-{w['winner']}" for w in wins]


@pytest.mark.skipif(not WINS, reason="../shared absent")
@pytest.mark.parametrize("win", WINS, ids=_ids(WINS))
def test_recorded_total_and_fans(win):
    result = score_recorded(win)
    assert result.win
    assert result.fan_total == win["fan_total"]
    if not win.get("fan_names_garbled"):
        expected = {find_fan(f["name"]).key: f["count"] for f in win["fans"]}
        assert result.fan_counts("key") == expected
    else:  # the names were lost upstream; the counts per fan still are there
        assert sorted(line.count for line in result.fans) == sorted(f["count"] for f in win["fans"])


def _same_deal(win):
    return [w for w in WINS if w["file"] == win["file"] and w.get("match_id") == win.get("match_id")
            and w.get("board") == win.get("board")]


@pytest.mark.skipif(not WINS, reason="../shared absent")
@pytest.mark.parametrize("win", WINS, ids=_ids(WINS))
def test_recorded_scores(win):
    together = _same_deal(win)
    if len(together) == 1:
        result = score_recorded(win)
        assert deltas(result.total, win["winner"], win["discarder"]) == win["scores"]
        assert result.total_gain == win["scores"][win["winner"]]
    else:  # several winners on one discard (a duplicate board)
        totals = {w["winner"]: score_recorded(w).total for w in together}
        assert duplicate_deltas(totals, win["discarder"]) == win["scores"]


# ---- the PMN boards themselves: tags read minimally --------------------------------------------------------------
PMN_FILES = sorted((REALDATA / "pmn").glob("*.pmn")) if (REALDATA / "pmn").exists() else []


def read_pmn_tags(text: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "(.*)"\]\s*$', text, flags=re.M))


@pytest.mark.skipif(not PMN_FILES, reason="../shared absent")
@pytest.mark.parametrize("path", PMN_FILES, ids=[p.name for p in PMN_FILES])
def test_pmn_board(path):
    """The board's [Fan] tag (per seat: fan no/points/count, ...) and [Result] match mjscore on the winning hands
    of that board."""
    tags = read_pmn_tags(path.read_text(encoding="utf-8"))
    wins = [w for w in WINS if w["file"].endswith(path.name)]
    assert wins
    fan_fields = tags["Fan"].split()
    totals = {}
    for w in wins:
        result = evaluate(hand_of(w))
        field = fan_fields[w["winner"]].split(".")
        recorded = {}
        for item in field:
            no, points, count = (int(x) for x in item.split("/"))
            recorded[no] = count
            assert result.fan_counts("key").get(_key_of_no(no)) == count
        assert sum(int(i.split("/")[1]) * int(i.split("/")[2]) for i in field) == result.fan_total
        assert len(recorded) == len(result.fans)
        totals[w["winner"]] = result.total
    scores = [int(x) for x in tags["Result"].split()]
    discarder = wins[0]["discarder"]
    if len(wins) == 1:
        assert deltas(totals[wins[0]["winner"]], wins[0]["winner"], discarder) == scores
    else:
        assert duplicate_deltas(totals, discarder) == scores


def _key_of_no(no: int) -> str:
    return FAN_BY_ID[no].key
