"""The two readers of the hand notation agree: on every generated and every mutated line, the compiled fast path
and the pyparsing grammar give the same Hand or the same NotationError (class, message, column, quoted line), and
every line pyparsing accepts is taken by the fast path with the same tokens at the same columns."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings

from grammar import NotationError, format_hand, parse_hand
from grammar import hand as g
from tests.grammar.lines import any_lines, good_lines, keyword_lines, mutated


def _outcome(text: str, tokenize, cold: bool = False):
    if cold:
        g.clear_meanings()   # every token's meaning worked out afresh
        g._flag_texts.clear()
    try:
        hand = g._parse(text, None, None, False, tokenize)
    except NotationError as exc:
        return ("error", type(exc), str(exc), exc.column, exc.line)
    # the notation the parser keeps in the Hand is the one the formatter writes from its fields
    assert hand.notation() == format_hand(hand)
    return ("hand", hand, format_hand(hand))


def _pyparsing_only(src):
    return g._pyparsing_tokens(src)


def _check_agreement(text: str) -> None:
    slow = _outcome(text, _pyparsing_only, cold=True)
    fast = _outcome(text, g._tokens)
    assert fast == slow
    # the fast path accepts exactly the lines pyparsing reads, with the same tokens at the same columns
    try:
        src = g._Source(text)
    except NotationError:
        return
    if not src.line:
        return
    fast_tokens = g._fast_tokens(src.line)
    try:
        slow_tokens = g._pyparsing_tokens(src)
    except NotationError:
        assert fast_tokens is None
        return
    assert fast_tokens == slow_tokens
    assert [m.start() for m in g._TOKEN_RE.finditer(src.line)] == src.locs


@settings(max_examples=400, deadline=None)
@given(any_lines())
def test_fast_path_and_pyparsing_agree(text):
    _check_agreement(text)


@settings(max_examples=200, deadline=None)
@given(mutated(keyword_lines()))
def test_paths_agree_on_mutated_keyword_lines(text):
    _check_agreement(text)


@pytest.mark.slow
@settings(max_examples=20_000, deadline=None)
@given(any_lines())
def test_fast_path_and_pyparsing_agree_long(text):
    _check_agreement(text)


@settings(max_examples=300, deadline=None)
@given(good_lines())
def test_every_way_of_writing_a_hand_reads_as_that_hand(hand_line):
    hand, line = hand_line
    assert parse_hand(line) == hand
    assert format_hand(parse_hand(line)) == format_hand(hand)   # the canonical form printed back is unchanged
    assert parse_hand(line).notation() == format_hand(hand)     # and the one the parser keeps is that form


@pytest.mark.parametrize("text", [
    "123m456p789s11z55z+5z ron riichi dora:4p",
    "12x", "123m [12", "+5z123m456p789s11z55z", "123m456p789s11z55z+5z riichi foo",
    "123m456p789s11z55z+5z honba:²", "１２３ｍ４５６ｐ７８９ｓ１１ｚ５５ｚ＋５ｚ ｈｏｎｂａ：ｘ",
])
def test_paths_agree_on_examples(text):
    _check_agreement(text)


def test_a_token_cached_or_not_means_the_same():
    line = "123m406p789s11z55z+5z tsumo riichi dora:4p ura:1z seat:E"
    g.clear_meanings()
    cold = parse_hand(line)
    assert g._PIECES and g._KEYWORDS
    assert parse_hand(line) == cold


def test_regex_whitespace_is_the_whitespace_split_uses():
    # the fast path splits the keywords with str.split(): keyword values end at regex \s, so the two must agree
    space = re.compile(r"\s")
    assert all((space.match(chr(c)) is not None) == chr(c).isspace() for c in range(0x110000))
