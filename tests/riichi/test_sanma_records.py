"""Real three-player records: the five sanma agari of ``../shared/realdata/riichi/agari.jsonl`` (all from Tenhou's
``tenhou-mjlog-misc/sanma2.xml``, GO type 185: three-player, red fives, kuitan, half-game) scored through the
public API (:func:`scorer.score`) under the ``tenhou-sanma`` preset.

The records are read by the one loader (``tests/riichi/records.py``). Nuki dora reach the evaluator the way a
caller without the evaluator's keyword gives them today: as the hand's ``flower_count`` (the ``tenhou-sanma``
preset reads a hand's flowers as North tiles set aside). Beyond han, fu and points (which
``test_agari_records.py`` checks for every record) this file checks what only three-player scoring decides:
who pays what — tsumo-son (two payers, no share for the missing North seat), honba 100 from each of the two
payers on tsumo — against the recorded per-seat score changes, and that the empty fourth seat moves nothing.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.riichi.records import REALDATA, build_hand, expected, is_sanma, load_records, record_id

if not REALDATA.is_dir():
    pytest.skip(f"real records not present ({REALDATA})", allow_module_level=True)

from scorer import score  # noqa: E402

SANMA = [r for r in load_records() if is_sanma(r)]
_PLAYERS = 3


def _score(rec):
    hand, nuki = build_hand(rec)
    hand = replace(hand, situation=replace(hand.situation, flower_count=nuki))
    return score(hand, preset="tenhou-sanma")


def test_five_sanma_records():
    assert len(SANMA) == 5
    assert {r["file"] for r in SANMA} == {"tenhou-mjlog-misc/sanma2.xml"}
    # the records cover what three-player scoring changes: nuki dora, tsumo both ways, ron, honba on a tsumo
    assert sum(1 for r in SANMA if any(m["type"] == "nuki" for m in r["melds"])) == 4
    assert {(bool(r["tsumo"]), r["winner"] == r["dealer"]) for r in SANMA} >= {(True, True), (True, False),
                                                                               (False, True)}
    assert any(r["tsumo"] and r["honba"] for r in SANMA)


@pytest.mark.parametrize("rec", SANMA, ids=record_id)
def test_han_fu_points(rec):
    result = _score(rec)
    assert result.win, result.reason
    exp = expected(rec)
    assert (result.han, result.fu, result.points) == (exp["han"], exp["fu"], exp["points"])
    assert {y.kanji for y in result.yaku} == exp["yaku"]
    # Tenhou writes the nuki dora into its dora count (抜きドラ has no yaku id of its own in mjlog)
    assert result.dora == exp["dora"]["dora"]


def _payer_seats(rec) -> dict[str, list[int]]:
    """The seats behind each payer label of a result (three seats; the fourth, North, is empty)."""
    winner, dealer = rec["winner"], rec["dealer"]
    others = [s for s in range(_PLAYERS) if s != winner]
    if not rec["tsumo"]:
        return {"discarder": [rec["from_seat"]]}
    if winner == dealer:
        return {"non-dealer": others}
    return {"dealer": [dealer], "non-dealer": [s for s in others if s != dealer]}


@pytest.mark.parametrize("rec", SANMA, ids=record_id)
def test_payments_match_recorded_deltas(rec):
    """Each payer's recorded loss is our payment from that seat; the winner gains hand + honba + deposits."""
    result = _score(rec)
    seats = _payer_seats(rec)
    deltas = rec["deltas"]
    assert len(result.payments) == sum(len(v) for v in seats.values()) == (2 if rec["tsumo"] else 1)
    by_label: dict[str, list[int]] = {}
    for p in result.payments:
        by_label.setdefault(p.payer, []).append(p.amount)
    assert sorted(by_label) == sorted(seats)
    for label, seat_list in seats.items():
        assert sorted(by_label[label]) == sorted(-deltas[s] for s in seat_list)
    assert result.total_gain == deltas[rec["winner"]]
    assert deltas[3] == 0   # the empty North seat neither pays nor is paid
    assert sum(deltas) == 1000 * rec["kyotaku"]


def test_tsumo_honba_is_100_from_each_of_two_payers():
    """The one honba tsumo records: 2 and 3 counters, 100 a counter from each payer (200 a counter in all)."""
    checked = 0
    for rec in SANMA:
        if rec["tsumo"] and rec["honba"]:
            result = _score(rec)
            assert [p.honba for p in result.payments] == [100 * rec["honba"]] * 2
            checked += 1
    assert checked == 2
