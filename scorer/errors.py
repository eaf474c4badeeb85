"""The package's errors: ``ValueError`` subclasses split by cause. Each message quotes the input and says where."""

from __future__ import annotations

from unicodedata import east_asian_width


def caret_pad(line: str, column: int) -> str:
    """The padding that puts a caret under ``column`` (1-based) of ``line`` as a terminal shows it: a wide
    (full-width) character takes two cells, so it is padded with an ideographic space."""
    head = line[:column - 1]
    if head.isascii():      # (most bad lines): one cell a character
        return " " * len(head)
    return "".join("\u3000" if east_asian_width(c) in "WF" else " " for c in head)


class MjscoreError(ValueError):
    """Base of every error this package raises on bad input."""


class NotationError(MjscoreError):
    """Text that is not hand notation. ``line`` and ``column`` (1-based) say where; ``str()`` shows a caret."""

    def __init__(self, message: str, line: str = "", column: int | None = None):
        self.reason = message
        self.line = line
        self.column = column
        if line and column is not None:
            text = f"{message}\n  {line}\n  {caret_pad(line, column)}^"
        elif line:
            text = f"{message}\n  {line}"
        else:
            text = message
        super().__init__(text)


class ImpossibleHandError(NotationError):
    """Well-formed notation describing a hand that cannot exist (a fifth copy, a meld that is not a meld, ...)."""


class LogError(MjscoreError):
    """A game log that cannot be read or does not fit the rules; names the file, round and event."""


class ClaimError(MjscoreError):
    """A payout claim that cannot be read."""
