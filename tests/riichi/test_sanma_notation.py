"""Three-player hands in notation: the ``nuki:N`` keyword, the three-player tile set under a three-player preset,
and scoring from text (the five Tenhou three-player records written as notation agree as the records do).

``nuki:N`` is N Norths set aside as nuki dora: each is one dora, and one more for each dora (or counted ura)
indicator that points to North (under the three-player successor, 3z indicates 4z). It is refused under
``rules:mcr``, under a preset that is not three-player, and when N and the Norths in view (the hand, its melds, the
indicators) are more than four; a ``nuki:`` line refuses 2m-8m anywhere on it (a line without ``nuki:`` may
hold them under a three-player preset: a four-player hand scored with three-player payments, as ``--compare``
shows).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from grammar import format_hand, parse_hand
from scorer import score
from scorer.errors import ImpossibleHandError, NotationError
from scorer.riichi import evaluate
from tests.riichi.records import REALDATA, build_hand, expected, is_sanma, load_records, record_id

# a closed three-player hand: 111p 456p 789s 99s 11z (East, the round and seat wind for the dealer), won on 9s
CLOSED = "111p456p789s9s111z+9s"
SANMA = "preset:tenhou-sanma"


def _err(text: str, **kw):
    with pytest.raises(NotationError) as info:
        parse_hand(text, **kw)
    return info.value


def _caret(exc) -> int:
    """The 1-based column of the caret in an error's message."""
    line = str(exc).split("\n")[-1]
    return line.index("^") - 1   # the quoted line is indented two spaces


# ---- the keyword --------------------------------------------------------------------------------------------
def test_nuki_is_read_into_the_situation_and_written_after_ura():
    h = parse_hand(f"{CLOSED} tsumo riichi dora:1p ura:2p nuki:2 claim:8000 {SANMA}")
    assert h.situation.nuki == 2 and h.preset == "tenhou-sanma"
    text = format_hand(h)
    assert text.index(" ura:") < text.index(" nuki:2") < text.index(" claim:")
    assert parse_hand(text) == h and h.notation() == text


def test_nuki_zero_writes_nothing_and_is_the_default():
    assert parse_hand(f"{CLOSED} ron nuki:0 {SANMA}") == parse_hand(f"{CLOSED} ron {SANMA}")
    assert parse_hand(f"{CLOSED} ron {SANMA}").situation.nuki == 0


def test_the_default_preset_may_come_from_the_caller():
    h = parse_hand(f"{CLOSED} ron nuki:1", preset="tenhou-sanma")
    assert h.situation.nuki == 1 and h.preset == "tenhou-sanma"
    assert parse_hand(f"{CLOSED} ron nuki:1", preset="sanma-split").situation.nuki == 1


@pytest.mark.parametrize("line, cls, at, words", [
    # at a four-seat table: the default preset, a named one, or the caller's (the caret: the keyword)
    (f"{CLOSED} ron nuki:1", NotationError, "nuki:", "three-player preset"),
    (f"{CLOSED} ron nuki:1 preset:tenhou", NotationError, "nuki:", "preset:tenhou is for 4 players"),
    ("19m19p19s1234567z+1z ron rules:mcr nuki:1", NotationError, "nuki:", "rules:mcr"),
    # more Norths than four: in the hand, the melds, the indicators (the caret: the value)
    (f"111p456p789s9s444z+9s ron nuki:2 {SANMA}", ImpossibleHandError, "2 preset", "3 more Norths in the hand"),
    (f"111p456p789s9s[4444z]+9s ron nuki:1 {SANMA}", ImpossibleHandError, "1 preset", "4 more Norths"),
    (f"{CLOSED} ron riichi dora:4z ura:4z nuki:3 {SANMA}", ImpossibleHandError, "3 preset", "2 more Norths"),
    # not a count of Norths
    (f"{CLOSED} ron nuki:5 {SANMA}", NotationError, "5 preset", "0-4"),
    (f"{CLOSED} ron nuki:two {SANMA}", NotationError, "two", "0-4"),
    (f"{CLOSED} ron nuki: {SANMA}", NotationError, " preset", "needs a value"),
    (f"{CLOSED} ron nuki:1 nuki:1 {SANMA}", NotationError, "nuki:1 preset", "given twice"),
])
def test_nuki_errors_quote_the_line_and_point_at_the_fault(line, cls, at, words):
    exc = _err(line)
    assert type(exc) is cls
    assert words in str(exc) and line in str(exc)
    assert _caret(exc) == line.index(at) + 1, str(exc)


def test_the_caller_preset_is_named_when_it_is_four_player():
    exc = _err(f"{CLOSED} ron nuki:1", preset="wrc")
    assert "preset:wrc is for 4 players" in str(exc)


# ---- the three-player tile set of a nuki: line ---------------------------------------------------------------------
@pytest.mark.parametrize("line, at, tile", [
    (f"123m456p789s9s111z+9s ron nuki:1 {SANMA}", "23m", "2m"),                # a concealed tile
    (f"456p789s9s111z[555m]+9s ron nuki:1 {SANMA}", "[555m]", "5m"),           # a meld
    (f"111p456p789s9s111z+5m ron nuki:1 {SANMA}", "5m ron", "5m"),             # the winning tile
    (f"{CLOSED} ron dora:8m nuki:1 {SANMA}", "8m", "8m"),                # an indicator
])
def test_a_nuki_line_refuses_2m_to_8m(line, at, tile):
    exc = _err(line)
    assert type(exc) is ImpossibleHandError and tile in str(exc) and "2m-8m" in str(exc)
    assert _caret(exc) == line.index(at) + 1, str(exc)


def test_2m_to_8m_with_nuki_are_refused_under_the_callers_preset_and_kept_without():
    line = "234m456p789s9s111z+9s ron"
    with pytest.raises(ImpossibleHandError):
        parse_hand(line + " nuki:1", preset="tenhou-sanma")
    # without nuki: a four-player hand scored with three-player payments (what --compare shows) stays readable
    assert parse_hand(line, preset="tenhou-sanma").preset == "tenhou-sanma"
    assert parse_hand(line, preset="tenhou").preset == "tenhou"
    # 1m and 9m are three-player tiles
    assert parse_hand(f"11m99m456p789s111z+9s ron {SANMA}").preset == "tenhou-sanma"


# ---- scoring -------------------------------------------------------------------------------------------------
def test_each_north_set_aside_is_one_dora():
    base = score(f"{CLOSED} ron dora:1s {SANMA}")   # 1s indicates 2s: no dora
    two = score(f"{CLOSED} ron dora:1s nuki:2 {SANMA}")
    assert base.win and two.win
    assert two.han == base.han + 2 and two.dora == base.dora + 2
    assert two.to_dict()["nuki"] == 2 and two.to_dict()["dora"]["nuki"] == 2


def test_an_indicator_of_north_doubles_each_nuki_and_ura_counts_too():
    # 3z (West) indicates 4z (North): each North set aside is then two dora; as ura, one more for a riichi win
    r = score(f"{CLOSED} ron riichi dora:3z ura:3z nuki:1 {SANMA}")
    plain = score(f"{CLOSED} ron riichi dora:1s ura:1s {SANMA}")
    assert r.to_dict()["dora"]["nuki"] == 3 and r.han == plain.han + 3
    assert (r.dora, r.ura) == (plain.dora + 2, plain.ura + 1)


def test_nuki_are_not_counted_under_a_four_player_preset_given_to_the_evaluator():
    h = parse_hand(f"{CLOSED} ron nuki:2 {SANMA}")
    assert evaluate(h, "tenhou").han == evaluate(h, "tenhou-sanma").han - 2
    assert "nuki" not in evaluate(h, "tenhou").to_dict()   # not counted, not reported


def test_nuki_as_the_keyword_equals_nuki_as_flowers_of_a_hand_built_in_code():
    h = parse_hand(f"{CLOSED} tsumo nuki:3 {SANMA}")
    old = replace(h, situation=replace(h.situation, nuki=0, flower_count=3))
    a, b = evaluate(h), evaluate(old)
    assert (a.han, a.dora, a.points, a.payments) == (b.han, b.dora, b.points, b.payments)


def test_to_dict_reports_nuki_for_a_hand_that_writes_them():
    d = score(f"{CLOSED} ron riichi dora:3z nuki:2 {SANMA}").to_dict()
    assert d["nuki"] == 2 and d["dora"]["nuki"] == 4
    assert list(d)[list(d).index("dora") + 1] == "nuki"
    assert "nuki:2" in d["hand"]
    json.dumps(d)
    # no nuki written: the dict is the one it always was (the golden files hold it)
    plain = score(f"{CLOSED} ron riichi dora:3z {SANMA}").to_dict()
    assert "nuki" not in plain and "nuki" not in plain["dora"]
    # the evaluator's own keyword (the records' route) keeps the old dict too
    h = parse_hand(f"{CLOSED} ron riichi dora:3z {SANMA}")
    assert "nuki" not in evaluate(h, nuki=2).to_dict()
    # a yakuman's dora are not counted: nor are the nuki's
    y = score(f"111p999p111s9s111z+9s tsumo nuki:1 {SANMA}").to_dict()   # suuankou
    assert y["yakuman"] and y["nuki"] == 1 and y["dora"] == {"dora": 0, "red": 0, "ura": 0, "nuki": 0}


# ---- the five three-player records, as notation ----------------------------------------------------------------
_RECORDS = [r for r in load_records() if is_sanma(r)] if REALDATA.is_dir() else []


@pytest.mark.skipif(not REALDATA.is_dir(), reason=f"real records not present ({REALDATA})")
def test_five_records():
    assert len(_RECORDS) == 5


@pytest.mark.parametrize("rec", _RECORDS, ids=record_id)
def test_records_written_with_nuki_score_as_tenhou_did(rec):
    hand, nuki = build_hand(rec)
    hand = replace(hand, situation=replace(hand.situation, nuki=nuki), preset="tenhou-sanma")
    text = format_hand(hand)
    assert (f" nuki:{nuki}" in text) == (nuki > 0)
    result = score(text)   # from the text alone: the preset and the nuki are in it
    exp = expected(rec)
    assert result.win and (result.han, result.fu, result.points) == (exp["han"], exp["fu"], exp["points"])
    assert result.dora == exp["dora"]["dora"]
    assert result.total_gain == rec["deltas"][rec["winner"]]
    if nuki:
        assert result.to_dict()["nuki"] == nuki
