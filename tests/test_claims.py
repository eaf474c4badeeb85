"""Payout claims: every CLAIM form parses and prints back, bad claims raise ClaimError with a caret, and each
kind of mistake (a yaku or fu item missed or added, dealer and non-dealer swapped, kiriage, honba) is named.
Cases are read from ``fixtures/claims/verify.tsv``; ``verify`` is run as the CLI runs it."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, assume, given, settings

from grammar.claims import parse_claim
from scorer import score
from scorer.claims import Claim, check_claim, claim_fields
from scorer.cli.verify import verify_command
from scorer.errors import ClaimError, MjscoreError
from scorer.riichi.points import base_points, payments
from scorer.riichi.presets import find_preset
from tests.strategies import complete_hands

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "claims"


def _cases():
    for n, line in enumerate((FIXTURES / "verify.tsv").read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        hand, claim, verdict, expected, why = line.split("\t")
        yield pytest.param(hand, claim, verdict, expected, None if why == "-" else why, id=f"line{n}-{claim}")


# ---- the notation of a claim ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,kind,canonical", [
    ("7700", "points", "7700"),
    ("24", "points", "24"),
    ("2000/3900", "tsumo", "2000/3900"),
    ("2000 / 3900", "tsumo", "2000/3900"),
    ("2600all", "all", "2600all"),
    ("2600 ALL", "all", "2600all"),
    ("2600-all", "all", "2600all"),
    ("mangan", "limit", "mangan"),
    ("Haneman", "limit", "haneman"),
    ("baiman", "limit", "baiman"),
    ("sanbaiman", "limit", "sanbaiman"),
    ("yakuman", "limit", "yakuman"),
    ("double-yakuman", "limit", "double-yakuman"),
    ("double yakuman", "limit", "double-yakuman"),
    ("30fu4han", "hanfu", "30fu4han"),
    ("4han30fu", "hanfu", "30fu4han"),
    ("25fu2han", "hanfu", "25fu2han"),
    (" 4 han 30 fu ", "hanfu", "30fu4han"),
])
def test_each_claim_form_parses_and_prints_back(text, kind, canonical):
    claim = parse_claim(text)
    assert claim.kind == kind
    assert str(claim) == canonical
    assert Claim.parse(str(claim)) == claim
    assert eval(repr(claim), {"Claim": Claim}) == claim


def test_claim_values():
    assert parse_claim("2000/3900") == Claim("tsumo", points=2000, dealer_pays=3900)
    assert parse_claim("4han30fu") == Claim("hanfu", han=4, fu=30)
    assert parse_claim("2600all").points == 2600


@pytest.mark.parametrize("text,column,fragment", [
    ("mangn", 1, "expected a claim like 7700"),
    ("7700x", 5, "found 'x'"),
    ("30fu", 5, "after 'fu'"),
    ("30fu4", 6, "expected 'han' after '4'"),
    ("4han", 5, "after 'han'"),
    ("35fu4han", 1, "fu come in tens"),
    ("4han0fu", 5, "fu come in tens"),
    ("0han30fu", 1, "at least 1 han"),
    ("2000/", 6, "dealer's payment"),
    ("0", 1, "more than 0"),
    ("0/3900", 1, "more than 0"),
])
def test_bad_claims_raise_claim_error_with_a_caret(text, column, fragment):
    with pytest.raises(ClaimError) as info:
        parse_claim(text)
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, MjscoreError)
    assert fragment in str(err)
    assert err.column == column
    lines = str(err).splitlines()
    assert lines[-2].strip() == text.strip()
    assert lines[-1].index("^") - 2 == column - 1


@pytest.mark.parametrize("text", ["", "   ", None])
def test_an_empty_claim_is_a_claim_error(text):
    with pytest.raises(ClaimError):
        parse_claim(text)


# ---- verdicts -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,claim,verdict,expected,why", list(_cases()))
def test_verdicts_from_the_fixture(hand, claim, verdict, expected, why):
    v = check_claim(score(hand), claim)
    assert v.verdict == verdict, v
    assert v.expected == expected, v
    if why is None:
        assert v.why == ()
    else:
        assert any(why in w for w in v.why), v.why


def test_a_claim_nothing_explains_says_so():
    v = check_claim(score("234m456p22p45678s+3s ron riichi dora:1m"), "double-yakuman")
    assert not v.agree
    assert "no single mistake" in v.why[0]
    assert "4 han 30 fu" in v.detail


def test_deposits_are_noted_but_not_required():
    v = check_claim(score("234m456p22p45678s+3s ron riichi dora:1m sticks:1"), "7700")
    assert v.agree and any("gains 8700" in n for n in v.notes)


def test_kiriage_is_noted_when_it_applies():
    v = check_claim(score("234m456p22p45678s+3s ron riichi dora:1m preset:wrc"), "8000")
    assert v.agree and any("kiriage" in n for n in v.notes)


def test_fu_do_not_matter_from_five_han():
    # 5 han 20 fu (pinfu tsumo): a claim of 30 fu 5 han pays the same, noted but agreed
    v = check_claim(score("234m456p22p45678s+3s tsumo riichi dora:1m"), "30fu5han")
    assert v.agree and any("20 fu" in n for n in v.notes)


def test_verdict_to_dict():
    d = check_claim(score("234m456p22p45678s+3s ron riichi dora:1m"), "3900").to_dict()
    assert d["verdict"] == "DISAGREE" and d["agree"] is False
    assert d["claim"] == "3900" and d["expected"] == "7700"
    assert d["why"] and isinstance(d["detail"], str)


# ---- MCR totals -------------------------------------------------------------------------------------------------
def _mcr_result(total=24, fans=(("pure straight", 16, 1), ("all chows", 2, 1), ("short straight", 1, 2)),
                flowers=2, win=True):
    d = {"rules": "mcr", "win": win, "reason": None if win else "below 8 points", "total": total,
         "fan_total": total - flowers, "flowers": flowers,
         "fans": [{"name": n, "points": p, "count": c} for n, p, c in fans]}
    return SimpleNamespace(rules="mcr", win=win, to_dict=lambda: d, hand=None)


@pytest.mark.parametrize("claim,agree,fragment", [
    ("24", True, None),
    ("8", False, "missed pure straight (16)"),
    ("23", False, "missed one short straight"),
    ("22", False, "flowers left out"),
    ("32", False, "what the discarder pays"),
    ("30", False, "more than the hand's fans"),
])
def test_mcr_totals(claim, agree, fragment):
    v = check_claim(_mcr_result(), claim)
    assert v.agree is agree
    assert v.expected == "24"
    if fragment:
        assert any(fragment in w for w in v.why), v.why


def test_mcr_claims_take_a_total_only():
    with pytest.raises(ClaimError, match="an MCR hand is claimed by its total"):
        check_claim(_mcr_result(), "mangan")


def test_mcr_real_scorer_when_present():
    mcr = pytest.importorskip("scorer.mcr")
    if not hasattr(mcr, "evaluate"):
        pytest.skip("scorer.mcr has no evaluate yet")
    try:
        result = score("123m456m789m123p5s+5s rules:mcr tsumo")
    except MjscoreError as exc:  # pragma: no cover - depends on the MCR evaluator's progress
        pytest.skip(f"MCR scorer not ready: {exc}")
    total = result.to_dict().get("total")
    assert check_claim(result, str(total)).agree is bool(result.win)


# ---- claim: in a hand's keywords --------------------------------------------------------------------------------
def test_claim_fields_from_the_hand_keyword():
    text = "234m456p22p45678s+3s ron riichi dora:1m honba:2 claim:7700"
    f = claim_fields(score(text), text)
    assert f == {"claim": "7700", "claim_agrees": False, "claim_expected": "8300",
                 "claim_why": "honba left out: 2 honba add 300 each on a ron"}
    # the Hand object (through the result) works the same as its text
    assert claim_fields(score(text)) == f


def test_claim_fields_without_a_claim_are_empty():
    text = "234m456p22p45678s+3s ron riichi dora:1m"
    assert claim_fields(score(text), text) == {}


def test_claim_fields_agree():
    text = "234m456p22p45678s+3s ron riichi dora:1m claim:7700"
    assert claim_fields(score(text), text)["claim_agrees"] is True


def test_claim_fields_with_a_bad_claim_raise():
    text = "234m456p22p45678s+3s ron riichi dora:1m claim:77x"
    with pytest.raises(ClaimError):
        claim_fields(score(text), text)


# ---- the verify command -----------------------------------------------------------------------------------------
def test_verify_agree_exit_0(capsys):
    assert verify_command("234m456p22p45678s+3s ron riichi dora:1m", "7700", None, None, False) == 0
    out = capsys.readouterr().out
    assert out.startswith("AGREE  7700")


def test_verify_disagree_exit_1_prints_right_value_and_why(capsys):
    assert verify_command("234m456p22p45678s+3s ron riichi dora:1m honba:2", "7700", None, None, False) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "DISAGREE  claimed 7700, right 8300"
    assert "why: honba left out" in out
    assert "hand: 4 han 30 fu" in out


def test_verify_json(capsys):
    assert verify_command("234m456p22p45678s+3s ron riichi dora:1m", "5200", None, None, True) == 1
    d = json.loads(capsys.readouterr().out)
    assert d["verdict"] == "DISAGREE" and d["expected"] == "7700"
    assert d["result"]["points"] == 7700
    assert any("closed ron" in w for w in d["why"])


def test_verify_reads_claim_from_the_hand(capsys):
    assert verify_command("234m456p22p45678s+3s ron riichi dora:1m claim:7700", None, None, None, False) == 0
    # --claim wins over the keyword
    assert verify_command("234m456p22p45678s+3s ron riichi dora:1m claim:7700", "3900", None, None, False) == 1


@pytest.mark.parametrize("hand,claim,fragment", [
    ("234m456p22p45678s+3s ron riichi dora:1m", "77x", "bad claim"),
    ("234m456p22p45678s+3s ron riichi dora:1m", None, "needs a claim"),
    ("234m456p22p45678s+3x ron", "7700", "winning tile"),
    ("234m456p22p45678s+3s ron claim:", None, "claim: needs a value"),
])
def test_verify_bad_input_exit_2(capsys, hand, claim, fragment):
    assert verify_command(hand, claim, None, None, False) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert fragment in captured.err


def test_verify_bad_rules_exit_2(capsys):
    assert verify_command("234m456p22p45678s+3s ron", "1000", "go", None, False) == 2


# ---- properties over generated hands ------------------------------------------------------------------------------
# the profile's suppressed checks (tests/conftest.py), and the filtering these tests do with assume()
_CHECKS = [HealthCheck.filter_too_much, HealthCheck.large_base_example, HealthCheck.too_slow,
           HealthCheck.data_too_large]


def _natural_claim(pays, tsumo: bool, dealer: bool) -> str:
    if not tsumo:
        return str(sum(p.amount for p in pays))
    if dealer:
        return f"{pays[0].amount}all"
    nd = next(p.amount for p in pays if p.payer == "non-dealer")
    d = next(p.amount for p in pays if p.payer == "dealer")
    return f"{nd}/{d}"


@settings(max_examples=60, suppress_health_check=_CHECKS)
@given(complete_hands())
def test_a_hands_own_value_agrees_in_every_form(hand):
    result = score(hand)
    assume(result.win)
    sit = hand.situation
    assert check_claim(result, str(sum(p.amount for p in result.payments))).agree
    assert check_claim(result, _natural_claim(result.payments, sit.tsumo, sit.dealer)).agree
    if not result.yakuman:
        assert check_claim(result, f"{result.fu}fu{result.han}han").agree
    if result.limit:
        limit = "yakuman" if result.limit == "kazoe yakuman" else result.limit
        assert check_claim(result, limit.replace(" ", "-")).agree


@settings(max_examples=60, suppress_health_check=_CHECKS)
@given(complete_hands())
def test_honba_left_out_is_always_named(hand):
    assume(hand.situation.honba > 0)
    result = score(hand)
    assume(result.win)
    sit = hand.situation
    without = [p._replace(amount=p.amount - p.honba) for p in result.payments]
    v = check_claim(result, _natural_claim(without, sit.tsumo, sit.dealer))
    assert not v.agree
    assert v.why[0].startswith("honba left out"), v.why


@settings(max_examples=60, suppress_health_check=_CHECKS)
@given(complete_hands())
def test_dealer_and_non_dealer_swapped_is_always_named(hand):
    hand = hand.with_situation(honba=0)
    result = score(hand)
    assume(result.win)
    sit = hand.situation
    opts = find_preset(result.preset).options
    base, _ = base_points(result.han, result.fu, result.yakuman, opts)
    swapped = payments(base, not sit.dealer, sit.tsumo, 0, opts.three_player)
    v = check_claim(result, _natural_claim(swapped, sit.tsumo, not sit.dealer))
    assert not v.agree
    assert any("dealer and non-dealer swapped" in w for w in v.why), v.why


@settings(max_examples=60, suppress_health_check=_CHECKS)
@given(complete_hands())
def test_a_missed_yaku_or_dora_is_explained(hand):
    hand = hand.with_situation(honba=0)
    result = score(hand)
    assume(result.win and not result.yakuman and len(result.yaku) >= 2)
    sit = hand.situation
    opts = find_preset(result.preset).options
    item = max(result.yaku, key=lambda y: y.han)
    fu = 30 if item.id == "pinfu" and sit.tsumo else result.fu
    base, _ = base_points(result.han - item.han, fu, 0, opts)
    claim = _natural_claim(payments(base, sit.dealer, sit.tsumo, 0, opts.three_player), sit.tsumo, sit.dealer)
    v = check_claim(result, claim)
    if claim == _natural_claim(result.payments, sit.tsumo, sit.dealer):
        assert v.agree  # the item changed nothing that is paid (e.g. 7 han and 6 han are both haneman)
    else:
        assert not v.agree and not v.why[0].startswith("no single mistake"), v.why
