"""Issue 15 part 5: when a claimed MCR total is what another edition (preset) counts, the verify reason names
that edition's rule ("Green Book: melded + concealed kong ...")."""

from __future__ import annotations

import pytest

from scorer import parse, score
from scorer.claims import check_claim
from scorer.mcr.evaluate import evaluate

MIXED_KONGS = "[1111m](2222p)[777z]67p55m+8p rules:mcr"      # a melded and a concealed kong
TWO_CONCEALED = "(2222p)(3333s)[777z]67p55m+8p rules:mcr"    # two concealed kongs


@pytest.mark.parametrize("text,rule", [
    (MIXED_KONGS, "Green Book: melded + concealed kong score Melded Kong + Concealed Kong (1 + 2)"),
    (TWO_CONCEALED, "Green Book: Two Concealed Kongs is worth 8"),
])
def test_a_green_book_total_names_the_rule(text, rule):
    hand = parse(text)
    green = evaluate(hand, "green-book").total
    result = score(hand)
    assert green != result.total
    verdict = check_claim(result, str(green))
    assert not verdict.agree
    assert any(rule in why and "Green Book count" in why for why in verdict.why), verdict.why


def test_the_default_total_named_from_the_green_book():
    result = score(parse(TWO_CONCEALED + " preset:green-book"))
    verdict = check_claim(result, str(evaluate(result.hand, "mcr").total))
    assert any("Two Concealed Kongs is worth 6" in why for why in verdict.why), verdict.why


def test_no_edition_reason_when_no_edition_counts_the_claim():
    result = score(parse(TWO_CONCEALED))
    verdict = check_claim(result, str(result.total + 5))
    assert not any("count (" in why for why in verdict.why)
