"""A second three-player corpus: the 402 winning hands of ``fixtures/sanma/riichienv_agari_3p.json.gz`` (from
smly/RiichiEnv, Apache-2.0; see ``fixtures/sanma/SOURCE.txt``), scored by :func:`scorer.score` under
``tenhou-sanma`` with each case's kita count as the hand's nuki dora.

Every case must agree on win, han (dora, red fives, ura and nuki included), fu and the set of yaku. Fu is not
compared for yakuman: the file writes 0 there (Tenhou writes none); riichienv's han for a yakuman is 13 a yakuman,
which is our yakuman count times 13 (no case is a double yakuman).
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from scorer import score
from scorer.hand import Hand, Situation
from scorer.kinds import RED_FIVE_IDS
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile
from tests.riichi.test_sanma_riichienv import SANMA_KINDS, _rv_yaku_names

CASES_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "sanma" / "riichienv_agari_3p.json.gz"
with gzip.open(CASES_FILE, "rt", encoding="utf-8") as _f:
    CASES = json.load(_f)["cases"]
_MELD = {"pon": MeldType.PON, "daiminkan": MeldType.KAN, "kakan": MeldType.KAN, "ankan": MeldType.ANKAN}


def _tile(i: int) -> Tile:
    return Tile(i // 4, i in RED_FIVE_IDS)


def build(case: dict) -> Hand:
    c = case["conditions"]
    blessing = c["tsumo_first_turn"]
    sit = Situation(tsumo=c["tsumo"], riichi=c["riichi"] and not c["double_riichi"],
                    double_riichi=c["double_riichi"], ippatsu=c["ippatsu"], haitei=c["haitei"],
                    houtei=c["houtei"], rinshan=c["rinshan"], chankan=c["chankan"],
                    tenhou=blessing and c["player_wind"] == 0, chiihou=blessing and c["player_wind"] != 0,
                    round_wind=c["round_wind"], seat_wind=c["player_wind"], honba=c["honba"],
                    dora=tuple(Tile(i // 4) for i in case["dora_indicators"]),
                    ura=tuple(Tile(i // 4) for i in case["ura_indicators"]), flower_count=c["kita_count"])
    melds = tuple(Meld(_MELD[m["meld_type"]], tuple(_tile(i) for i in m["tiles"])) for m in case["melds"])
    return Hand(tuple(_tile(i) for i in case["tiles_136"]), melds, _tile(case["win_tile_136"]), sit)


def test_the_corpus_is_three_player():
    assert len(CASES) == 402
    assert all(c["conditions"]["is_sanma"] and c["conditions"]["num_players"] == 3 for c in CASES)
    ids = [i for c in CASES for i in c["tiles_136"] + [c["win_tile_136"]] + [t for m in c["melds"] for t in m["tiles"]]]
    assert {i // 4 for i in ids} <= set(SANMA_KINDS)                    # no 2m-8m
    assert Counter(c["conditions"]["kita_count"] for c in CASES) == {0: 154, 1: 163, 2: 69, 3: 16}
    assert not any(m["meld_type"] == "chi" for c in CASES for m in c["melds"])


def _ours(case: dict) -> dict:
    r = score(build(case), preset="tenhou-sanma")
    return {"win": r.win, "han": 13 * r.yakuman if r.yakuman else r.han, "fu": None if r.yakuman else r.fu,
            "yaku": {y.kanji for y in r.yaku}}


def _theirs(case: dict) -> dict:
    e, c = case["expected"], case["conditions"]
    yakuman = e["han"] >= 13 and e["fu"] == 0
    return {"win": e["is_win"], "han": e["han"], "fu": None if yakuman else e["fu"],
            "yaku": _rv_yaku_names(e["yaku"], c["player_wind"], c["round_wind"])}


@pytest.mark.parametrize("i", range(len(CASES)))
def test_case_agrees(i):
    assert _ours(CASES[i]) == _theirs(CASES[i]), build(CASES[i]).notation()


def test_corpus_covers_yakuman_and_nuki_dora():
    yakuman = sum(1 for c in CASES if c["expected"]["fu"] == 0 and c["expected"]["han"] >= 13)
    with_kita_dora = sum(1 for c in CASES if 34 in c["expected"]["yaku"])    # riichienv's 抜きドラ id
    assert yakuman >= 1 and with_kita_dora == sum(1 for c in CASES if c["conditions"]["kita_count"])
