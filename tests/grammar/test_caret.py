"""The caret's padding: one cell per character as a terminal shows it (a wide character: an ideographic space)."""

from unicodedata import east_asian_width

from hypothesis import given, strategies as st

from scorer.errors import caret_pad


def _by_definition(line: str, column: int) -> str:
    return "".join("\u3000" if east_asian_width(c) in "WF" else " " for c in line[:column - 1])


@given(st.text(alphabet=st.sampled_from("123m+[]() z:p四索東\u3000ａ\u00e9"), max_size=30), st.integers(1, 35))
def test_caret_pad_is_its_definition(line, column):
    assert caret_pad(line, column) == _by_definition(line, column)


def test_an_ascii_line_pads_with_spaces_and_a_wide_one_with_ideographic_spaces():
    assert caret_pad("123m45x", 6) == "     "
    assert caret_pad("東1m x", 4) == "\u3000  "
