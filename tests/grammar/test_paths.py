"""The three readers of the hand notation agree: on every generated and every mutated line, the quick reader (with
its hand-over to the full one), the compiled whole-line expression and the pyparsing grammar give the same Hand or
the same NotationError (class, message, column, quoted line); every line pyparsing accepts is taken by the
expression with the same tokens at the same columns, and every line the quick reader reads to a Hand has those
tokens too."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings

from grammar import NotationError, format_hand, parse_hand
from grammar import hand as g
from tests.grammar.lines import any_lines, good_lines, keyword_lines, mutated


def _outcome(text: str, tokenize, cold: bool = False):
    """What reading ``text`` gives with ``tokenize`` (None: the quick reader first, as parse_hand reads)."""
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


def _quick_only(text: str):
    """(tokens, Hand) when the quick reader reads ``text`` to a Hand without handing it over, else None."""
    src = g._Source(text)
    tokens = g._quick_tokens(src.line) if src.line else None
    if tokens is None:
        return None
    src.quick = True
    try:
        return tokens, g._read(tokens, src, None, None, False)
    except g._Reread:
        return None


def _pyparsing_only(src):
    return g._pyparsing_tokens(src)


def _check_agreement(text: str) -> None:
    slow = _outcome(text, _pyparsing_only, cold=True)
    fast = _outcome(text, g._tokens)
    assert fast == slow
    quick = _outcome(text, None)
    assert quick == slow
    quick_cold = _outcome(text, None, cold=True)   # every keyword checked as the quick reader first reads it
    assert quick_cold == slow
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
    taken = _quick_only(text)
    if taken is not None:   # the quick reader read it to the end by itself: the same tokens, the same Hand
        tokens, hand = taken
        assert tokens == fast_tokens and ("hand", hand, format_hand(hand)) == slow


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
    # what the quick reader hands over: pieces after a space, a keyword stuck to the block, two spaces, a tab,
    # a separator only str.split() takes, a bad keyword, tiles among the keywords, an error it must not explain
    "123m 456p789s11z55z+5z ron", "123m456p789s11z55z+5zron riichi", "123m456p789s11z55z+5z  ron",
    "123m456p789s11z55z+5z\tron", "123m456p789s11z55z+5z ron\x0briichi", "123m456p789s11z55z+5z ron r!chi",
    "123m456p789s11z55z+5z ron 5z", "123m456p789s11z55z+5z ron ron", "123m456p789s11z55z+8z ron",
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


def test_a_long_run_is_worked_out_each_time_and_means_the_same():
    # runs longer than _KEPT_RUN characters are not kept (they are almost never written again); shorter ones are
    line = "1123344055789m+5m tsumo riichi"
    g.clear_meanings()
    first = parse_hand(line)
    assert len("1123344055789m") > g._KEPT_RUN and "1123344055789m" not in g._PIECES
    assert "+5m" in g._PIECES
    again = parse_hand(line)
    assert again == first and again.notation() == first.notation() == format_hand(first)
    # the same run written in another order, and read by the full reader (a space in the tile block)
    assert parse_hand("9875504433211m +5m tsumo riichi") == first


@pytest.mark.parametrize("keywords", [
    "tsumo riichi dora:4p ura:1z seat:E", "rules:mcr ron seat:N round:N flowers:2", "ron", "",
    "riichi ron sticks:2 honba:1 dora:0p5m",
])
def test_a_keyword_list_kept_means_what_it_says_read_afresh(keywords):
    # the first time a keyword list is read, the second (kept from then on) and later: the same Hand each time,
    # whatever the tiles before it (what the keywords say does not depend on them)
    blocks = ["123m456p789s11z55z+5z", "234567m234p77s55z+5z", "19m19p19s1234567z+1z"]
    g.clear_meanings()
    seen = [parse_hand(f"{block} {keywords}".strip()) for _ in range(3) for block in blocks]
    assert keywords.strip() == "" or keywords in g._SAID
    for i, hand in enumerate(seen):
        g.clear_meanings()
        assert hand == parse_hand(f"{blocks[i % 3]} {keywords}".strip())
        assert hand.notation() == format_hand(hand)


def test_a_keyword_list_with_an_error_is_never_kept():
    g.clear_meanings()
    for _ in range(3):
        with pytest.raises(NotationError) as err:
            parse_hand("123m456p789s11z55z+5z ron riichi ron")
        assert err.value.column == len("123m456p789s11z55z+5z ron riichi ") + 1
    assert "ron riichi ron" not in g._SAID


def test_regex_whitespace_is_the_whitespace_split_uses():
    # the fast path splits the keywords with str.split(): keyword values end at regex \s, so the two must agree
    space = re.compile(r"\s")
    assert all((space.match(chr(c)) is not None) == chr(c).isspace() for c in range(0x110000))


@settings(max_examples=200, deadline=None)
@given(good_lines())
def test_the_quick_reader_takes_the_canonical_form_by_itself(hand_line):
    hand, _ = hand_line
    taken = _quick_only(format_hand(hand))   # a tile block without spaces, keywords one space apart
    assert taken is not None and taken[1] == hand


def test_a_refused_line_leaves_no_reference_cycles():
    # a batch with many bad lines must not leave the garbage collector a cycle per line (pyparsing's MatchFirst
    # keeps each failed try in a frame its exception refers back to: the grammar reads the pieces with one Regex)
    import gc
    bad = ["123m456p789s11z55z+5z ron !!", "12x", "123m [12", "+5z123m456p789s11z55z", "123m 456p789s11z55z+5z foo",
           "[123m]456p789s11z55z+5z ron 5z", "123m456p789s11z55z+5z\tron\x0briichi", "ron 123m"]
    for line in bad:   # the grammar built, first messages made
        with pytest.raises(NotationError):
            parse_hand(line)
    gc.collect()
    gc.disable()
    try:
        for line in bad * 5:
            with pytest.raises(NotationError):
                parse_hand(line)
        assert gc.collect() == 0
    finally:
        gc.enable()
