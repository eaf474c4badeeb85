"""Hand notation: the only package that imports pyparsing. ``parse_hand`` text → Hand; ``format_hand`` back.

What any notation reads (full-width forms as ASCII, at most :data:`MAX_LINE` characters a line, short quotes in
errors) is stated once in :mod:`grammar.text`.
"""

from scorer.errors import ImpossibleHandError, NotationError
from grammar.hand import format_hand, parse_hand
from grammar.text import MAX_LINE

__all__ = ["parse_hand", "format_hand", "NotationError", "ImpossibleHandError", "MAX_LINE"]
