"""One rule for what notation reads (grammar/text.py), for hand lines and claims alike: full-width forms read as
ASCII, any other non-ASCII character is an error that quotes it where it stands, every number has one bounded
form, lines have a length limit, and an error quotes at most a short window of a huge input."""

from __future__ import annotations

import time
import unicodedata

import pytest

from grammar import NotationError, parse_hand
from grammar.claims import parse_claim
from grammar.text import _FOLD, MAX_LINE, fold
from scorer.errors import ClaimError

HAND = "123m456p789s11z55z+5z ron riichi dora:4p"


def _full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" if c == " " else c for c in text)


def test_the_folding_is_nfkc_on_the_characters_it_folds():
    for code, ascii_code in _FOLD.items():
        assert unicodedata.normalize("NFKC", chr(code)) == chr(ascii_code)
    # and it keeps every column where it was
    text = _full_width(HAND)
    assert len(fold(text)) == len(text) and fold(text) == HAND


def test_a_full_width_line_reads_as_the_ascii_line():
    assert parse_hand(_full_width(HAND)) == parse_hand(HAND)
    assert parse_hand(_full_width("[345m]258m369p147s1z+1z tsumo")) == parse_hand("258m369p147s1z[345m]+1z tsumo")


def test_an_error_in_a_full_width_line_quotes_it_as_typed():
    typed = _full_width("123m456p789s11z55z+5z honba:x")
    with pytest.raises(NotationError) as info:
        parse_hand(typed)
    err = info.value
    assert err.line == typed                      # the line as typed, not its ASCII reading
    assert "'ｘ'" in err.reason                   # the value as typed
    assert typed[err.column - 1] == "ｘ"          # the caret's column is in the text as typed


@pytest.mark.parametrize("text,column,char", [
    (HAND + " ①", len(HAND) + 2, "①"),
    ("123m456p①789s11z55z+5z", 9, "①"),
    ("123m456p789s11z55z+5zé ron", 22, "é"),
    ("123m456p789s11z55z+5z ron\u200b", 26, "\u200b"),
])
def test_a_character_the_folding_does_not_read_is_named_where_it_stands(text, column, char):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    err = info.value
    assert err.column == column and text[column - 1] == char
    assert f"U+{ord(char):04X}" in err.reason and "not notation" in err.reason


@pytest.mark.parametrize("word", ["honba", "sticks", "flowers"])
@pytest.mark.parametrize("value", ["²", "١", "1000", "0007", "-1", "+1", "1e3", "1.0", "9" * 4000, "１０００"])
def test_numbers_have_one_bounded_form(word, value):
    line = f"123m456p789s11z55z+5z rules:mcr {word}:{value}" if word == "flowers" else f"{HAND} {word}:{value}"
    t0 = time.perf_counter()
    with pytest.raises(NotationError) as info:
        parse_hand(line)
    assert time.perf_counter() - t0 < 0.5
    err = info.value
    assert err.reason.startswith(f"{word}:") and "0-999" in err.reason   # names the field and the form
    assert len(str(err)) < 400


@pytest.mark.parametrize("value,expected", [("0", 0), ("7", 7), ("999", 999), ("007", 7), ("１２", 12)])
def test_numbers_in_their_form_are_read(value, expected):
    assert parse_hand(f"{HAND} honba:{value}").situation.honba == expected
    assert parse_hand(f"{HAND} sticks:{value}").situation.sticks == expected


def test_lines_up_to_the_limit_are_read_and_longer_ones_refused():
    padded = HAND.replace(" ", " " * (MAX_LINE - len(HAND) + 1), 1)  # one long run of spaces between tokens
    assert len(padded) == MAX_LINE and parse_hand(padded) == parse_hand(HAND)
    with pytest.raises(NotationError) as info:
        parse_hand(padded + " ")
    assert str(MAX_LINE) in info.value.reason and info.value.column is not None


@pytest.mark.parametrize("size", [MAX_LINE + 1, 10_000_000])
def test_a_huge_line_is_refused_quickly_with_a_short_message(size):
    text = "1" * size
    t0 = time.perf_counter()
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert time.perf_counter() - t0 < 0.5
    assert len(str(info.value)) < 400 and "too long" in str(info.value)


@pytest.mark.parametrize("text", [
    "123m456p789s11z55z+5z " + "ron " * 900,                       # an error near the start of a long line
    "123m456p789s11z55z+5z dora:" + "4p" * 1900,                   # a long value
    "123m456p789s11z55z+5z ron " + "x" * 3000 + ":",                # a long unknown keyword
    "1" * 3000 + "x",                                              # a long digit run without its suit
    "123m456p789s11z55z+5z " + "ron " * 500 + "riichi 5m",          # an error far into the line
])
def test_errors_quote_a_short_window_of_a_long_line(text):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    err = info.value
    assert len(str(err)) < 500
    if err.column is not None:
        lines = str(err).splitlines()
        assert lines[-1].index("^") - 2 == err.column - 1      # the caret under its column of the quoted window
        assert err.line[err.column - 1] == text.strip()[_true_column(err) - 1]


def _true_column(err) -> int:
    """The column in the whole line that the window's note names (or the column itself when quoted whole)."""
    if "(column " in err.reason:
        return int(err.reason.rsplit("(column ", 1)[1].split()[0])
    return err.column


# ---- claims: the same rules ------------------------------------------------------------------------------------
def test_a_full_width_claim_reads_as_ascii():
    assert parse_claim("７７００") == parse_claim("7700")
    assert parse_claim("２０００／３９００") == parse_claim("2000/3900")
    assert parse_claim("３０ｆｕ４ｈａｎ") == parse_claim("30fu4han")
    assert parse_hand(f"{HAND} claim:７７００").claim == "7700"


@pytest.mark.parametrize("text,column,char", [("7700²", 5, "²"), ("²", 1, "²"), ("30fu²han", 5, "²"),
                                               ("mangan ①", 8, "①")])
def test_a_claim_names_a_character_that_is_not_notation(text, column, char):
    with pytest.raises(ClaimError) as info:
        parse_claim(text)
    assert info.value.column == column and f"U+{ord(char):04X}" in info.value.reason


@pytest.mark.parametrize("text,field", [
    ("9" * 7, "points"), ("9" * 4000, "points"), ("1" * 9 + "/3900", "non-dealer"), ("2000/" + "9" * 9, "dealer"),
    ("9" * 9 + "all", "each player"), ("30fu" + "4" * 8 + "han", "han"), ("4han" + "3" * 8 + "0fu", "fu"),
])
def test_a_claim_number_has_at_most_six_digits(text, field):
    with pytest.raises(ClaimError) as info:
        parse_claim(text)
    assert field in info.value.reason and "at most 6 digits" in info.value.reason
    assert len(str(info.value)) < 400


def test_a_huge_claim_is_refused_with_a_short_message():
    with pytest.raises(ClaimError) as info:
        parse_claim("7" * 10_000_000)
    assert "too long" in str(info.value) and len(str(info.value)) < 400
