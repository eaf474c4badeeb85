"""Hand notation: the only package that imports pyparsing. ``parse_hand`` text → Hand; ``format_hand`` back."""

from scorer.errors import ImpossibleHandError, NotationError
from grammar.hand import format_hand, parse_hand

__all__ = ["parse_hand", "format_hand", "NotationError", "ImpossibleHandError"]
