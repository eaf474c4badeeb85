"""What every notation of the grammar reads before its first token: one rule for characters, length and quoting.

Hand lines (:mod:`grammar.hand`) and payout claims (:mod:`grammar.claims`) both start here.

* **Characters.** Notation is ASCII. Full-width forms (U+FF01-U+FF5E, what a Japanese or Chinese input method
  types: ``１２３ｍ``, ``＋５ｚ``, ``ｒｏｎ``, ``［５５５ｐ］``), the ideographic space U+3000 and the no-break space
  U+00A0 are read as their ASCII counterparts: that is the width (and space) folding of Unicode NFKC, one character
  for one character, so every column of the folded line is the same column of the line as typed. Every other non-ASCII character is an error that
  quotes it as typed. Full NFKC is not used on purpose: it would also read the superscript ``²`` and the circled
  ``①`` as the digits 2 and 1 (a number must be written with digits, not look like one), and it changes lengths
  (``㍻`` becomes two characters), which would move the caret away from what was typed.
* **Length.** A line has at most :data:`MAX_LINE` characters (4,096); a longer one is refused before it is
  read, with the caret on the first character past the limit.
* **Quoting.** An error quotes at most a window of the line around the column at fault (about
  :data:`WINDOW` characters, ``…`` marking what was cut), and a fragment inside a message at most
  :data:`FRAGMENT` characters, so a huge input never makes a huge message.
"""

from __future__ import annotations

MAX_LINE = 4096
"""The longest line of notation read, in characters (a hand line is under 100 in practice)."""
WINDOW = 100
"""Lines up to this length are quoted whole in an error; longer ones as a window around the column at fault."""
FRAGMENT = 32
"""A piece of the input quoted inside a message (a keyword, a value) is cut to this many characters."""

# full-width ASCII variants -> ASCII, the ideographic and no-break spaces -> a space (NFKC's folding of these only)
_FOLD = {0xFF01 + i: 0x21 + i for i in range(0x7E - 0x21 + 1)}
_FOLD[0x3000] = _FOLD[0x00A0] = 0x20


def fold(text: str) -> str:
    """The text with full-width forms read as ASCII (same length; see the module docstring)."""
    return text if text.isascii() else text.translate(_FOLD)


def fragment(text: str, marks: bool = True) -> str:
    """A piece of input for a message: its ``repr`` (or, without ``marks``, the text itself), cut to
    :data:`FRAGMENT` characters."""
    cut = text if len(text) <= FRAGMENT else text[:FRAGMENT]
    shown = repr(cut) if marks else cut
    return shown if cut is text else shown + f"… ({len(text)} characters)"


def describe_char(ch: str) -> str:
    """A character with its code point and name, for 'this is not notation' messages: ``'²' (U+00B2 ...)``."""
    import unicodedata  # only on an error
    name = unicodedata.name(ch, "")
    return f"{ch!r} (U+{ord(ch):04X}{' ' + name if name else ''})"


def not_ascii(ch: str) -> str:
    """The reason given for a non-ASCII character that the width folding does not read."""
    return (f"{describe_char(ch)} is not notation: write ASCII digits and letters "
            f"(full-width forms are read as ASCII)")


def window(line: str, column: int | None) -> tuple[str, int | None, str]:
    """What an error quotes of ``line``: ``(quoted, caret column in it, note)``.

    A line of at most :data:`WINDOW` characters is quoted whole. A longer one is cut around ``column`` (1-based),
    with ``…`` where text was left out, and ``note`` says where the column is in the whole line.
    """
    if len(line) <= WINDOW:
        return line, column, ""
    half = WINDOW // 2
    centre = (column or 1) - 1
    start = max(0, min(centre - half, len(line) - WINDOW))
    end = min(len(line), start + WINDOW)
    quoted = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
    if column is None:
        return quoted, None, f" (a {len(line)}-character line)"
    return quoted, column - start + (1 if start else 0), f" (column {column} of a {len(line)}-character line)"


def too_long(length: int, what: str) -> str:
    return f"{what} too long: {length} characters, at most {MAX_LINE} are read"
