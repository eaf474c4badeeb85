"""Real records: 1,705 Tenhou agari (``../shared/realdata/riichi/agari.jsonl``) scored by mjscore under ``tenhou``.

Every record must agree on han, fu (where recorded; Tenhou writes no fu for yakuman), points, the set of yaku
and the dora / red / ura counts. Documented differences, asserted rather than skipped:

* the two special-lobby files (``chip.xml_``, ``ratio1.xml_``) score kiriage mangan: Tenhou's value there is ours,
  or — for 4 han 30 fu / 3 han 60 fu — ours rounded up to mangan;
* three-player (sanma) records are scored under ``tenhou-sanma`` (tsumo-son, honba 200, nuki dora, 1m -> 9m);
  the test below shows how that differs from four-player scoring of the same hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tests.riichi.records import (REALDATA, SPECIAL_LOBBY_FILES, build_hand, expected, is_sanma, load_records,
                                  record_id)

if not REALDATA.is_dir():
    pytest.skip(f"real records not present ({REALDATA})", allow_module_level=True)

from scorer.riichi import evaluate  # noqa: E402
from scorer.riichi.points import base_points, hand_value, payments  # noqa: E402
from scorer.riichi.presets import find_preset  # noqa: E402

RECORDS = load_records()
STANDARD = [r for r in RECORDS if r["file"] not in SPECIAL_LOBBY_FILES]
SPECIAL = [r for r in RECORDS if r["file"] in SPECIAL_LOBBY_FILES]
# rounds with more than one winner (double ron): Tenhou gives honba and deposits to one winner only
_ROUNDS = Counter((r["file"], r.get("line"), r["kyoku_index"], r["honba"]) for r in RECORDS)
# hand-made test case whose deltas leave out a riichi deposit declared that round (the deltas sum to 0)
_CRAFTED_DELTAS = {"tenhou6-cases/confusing_nakis_1.json::k1h2w0"}


def _score(rec):
    hand, nuki = build_hand(rec)
    return evaluate(hand, "tenhou-sanma" if is_sanma(rec) else "tenhou", nuki=nuki)


def _ours(result, exp) -> dict:
    return {
        "han": result.han if not result.yakuman else None,
        "fu": result.fu if exp["fu"] is not None else None,
        "points": result.points,
        "yaku": {y.kanji for y in result.yaku},
        "dora": {"dora": result.dora, "red": result.red, "ura": result.ura},
        "yakuman": result.yakuman,
    }


def test_record_count():
    assert len(RECORDS) == 1705
    assert len(SPECIAL) == 12


@pytest.mark.parametrize("rec", STANDARD, ids=record_id)
def test_agari_record(rec):
    result = _score(rec)
    assert result.win, result.reason
    exp = expected(rec)
    assert _ours(result, exp) == exp


@pytest.mark.parametrize("rec", SPECIAL, ids=record_id)
def test_special_lobby_rounds_up_to_mangan(rec):
    """chip/ratio lobbies: same yaku, han and fu; the value is ours, or kiriage mangan at 30 fu 4 han / 60 fu 3 han."""
    result = _score(rec)
    exp = expected(rec)
    ours = _ours(result, exp)
    assert {k: v for k, v in ours.items() if k != "points"} == {k: v for k, v in exp.items() if k != "points"}
    if exp["points"] != result.points:
        assert (result.han, result.fu) in ((4, 30), (3, 60))
        kiriage = replace(find_preset("tenhou").options, kiriage=True)
        base, limit = base_points(result.han, result.fu, 0, kiriage)
        assert limit == "mangan"
        assert exp["points"] == hand_value(payments(base, rec["winner"] == rec["dealer"], rec["tsumo"]))


def test_special_lobby_difference_is_real():
    """At least one special-lobby record differs from standard Tenhou scoring (else the exception is moot)."""
    differing = [rec for rec in SPECIAL if _score(rec).points != expected(rec)["points"]]
    assert len(differing) == 2


@pytest.mark.parametrize("rec", [r for r in RECORDS if r["pao"] is None and not is_sanma(r)
                                 and _ROUNDS[(r["file"], r.get("line"), r["kyoku_index"], r["honba"])] == 1
                                 and record_id(r) not in _CRAFTED_DELTAS
                                 and r["file"] not in SPECIAL_LOBBY_FILES], ids=record_id)
def test_winner_gain_matches_deltas(rec):
    """Honba and deposits: the winner's gain equals the recorded score change (single winner, no pao)."""
    assert _score(rec).total_gain == rec["deltas"][rec["winner"]]


def test_sanma_differs_from_four_player():
    """Three-player tsumo is tsumo-son: the absent North seat's share is not paid, and nuki are dora."""
    sanma = [r for r in RECORDS if is_sanma(r)]
    assert len(sanma) == 5
    checked = 0
    for rec in sanma:
        hand, nuki = build_hand(rec)
        three = evaluate(hand, "tenhou-sanma", nuki=nuki)
        four = evaluate(hand, "tenhou")
        assert three.han == four.han + nuki
        if rec["tsumo"] and rec["winner"] != rec["dealer"] and three.han == four.han:
            # the same han: four-player tsumo collects one more non-dealer share
            assert four.points - three.points == four.payments[-1].amount
        if rec["tsumo"]:
            assert len(three.payments) == 2 and len(four.payments) == 3
            checked += 1
    assert checked >= 3


def test_agreement_summary():
    """The headline number: how many of the 1,705 records agree exactly, and that the rest are the documented ones."""
    agree = 0
    documented = 0
    for rec in RECORDS:
        result = _score(rec)
        exp = expected(rec)
        if _ours(result, exp) == exp:
            agree += 1
        elif rec["file"] in SPECIAL_LOBBY_FILES:
            documented += 1
    assert (agree, documented) == (1703, 2)
