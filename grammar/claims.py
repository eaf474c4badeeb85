"""Payout claims: the text a player or referee writes for what a hand pays, parsed into a frozen
:class:`~scorer.claims.Claim` (and printed back by ``str(claim)``).

Forms, case-insensitive, spaces allowed between the parts::

    7700          points (riichi: what the payers pay, honba included; MCR: the hand's total, like 24)
    2000/3900     a non-dealer's tsumo: from each non-dealer / from the dealer
    2600all       a dealer's tsumo: from each player
    mangan        a limit: mangan, haneman, baiman, sanbaiman, yakuman, double-yakuman, triple-yakuman ...
    30fu4han      han and fu, in either order (4han30fu)

Every number is written with the digits 0-9, at most :data:`MAX_DIGITS` of them (a claim is a payment or a count
of han and fu, never more than 999,999). Characters, length and quoting follow :mod:`grammar.text`, as for hand
lines: full-width forms read as ASCII (``７７００``), any other non-ASCII character is an error that quotes it, a
claim has at most 4,096 characters, and an error quotes at most a window of it.

pyparsing finds the form; the checks that make a claim possible (fu come in tens, or 25 for seven pairs; at
least one han) are plain Python, so every error quotes the claim with a caret under the column at fault as a
:class:`~scorer.errors.ClaimError`. pyparsing's exceptions never leave this module.
"""

from __future__ import annotations

import pyparsing as pp

from grammar.text import MAX_LINE, fold, fragment, not_ascii, too_long, window
from scorer.claims import LIMITS, Claim
from scorer.errors import ClaimError

EXPECTED = "a claim like 7700, 2000/3900, 2600all, mangan, 30fu4han or an MCR total like 24"
MAX_DIGITS = 6
"""The most digits a number of a claim may have."""

_NUM = pp.Regex(r"[0-9]+")
_LIMIT_WORDS = sorted(LIMITS, key=len, reverse=True)
_LIMIT = pp.Regex("|".join(w.replace(" ", r"[- _]?") for w in _LIMIT_WORDS), flags=2).set_name("a limit")


def _at(name):
    return lambda s, loc, toks: (name, loc, list(toks))


_TSUMO = (_NUM + pp.Suppress("/") + _NUM).set_parse_action(_at("tsumo"))
_ALL = (_NUM + pp.Suppress(pp.Optional("-")) + pp.Suppress(pp.CaselessLiteral("all"))).set_parse_action(_at("all"))
_FU_HAN = (_NUM + pp.CaselessLiteral("fu") + _NUM + pp.CaselessLiteral("han")).set_parse_action(_at("fuhan"))
_HAN_FU = (_NUM + pp.CaselessLiteral("han") + _NUM + pp.CaselessLiteral("fu")).set_parse_action(_at("hanfu"))
_POINTS = _NUM.copy().set_parse_action(_at("points"))
_CLAIM = ((_LIMIT.copy().set_parse_action(_at("limit")) | _TSUMO | _ALL | _FU_HAN | _HAN_FU | _POINTS)
          + pp.StringEnd()).parse_with_tabs()   # a tab is one column, as the caret counts


def _error(reason: str, text: str, column: int) -> ClaimError:
    """A ClaimError quoting the claim (as typed) with a caret under ``column`` (1-based), like NotationError."""
    quoted, caret, note = window(text, column)
    reason += note
    err = ClaimError(f"bad claim {fragment(text)}: {reason}\n  {quoted}\n  {' ' * (caret - 1)}^")
    err.reason, err.line, err.column = reason, quoted, caret
    return err


def _explain(text: str, typed: str, loc: int) -> tuple[str, int]:
    """Turn the place where pyparsing stopped into a reason and a 1-based column; a character that is not
    notation at that column is named as such."""
    why, col = _expected(text, typed, loc)
    if col <= len(text) and not text[col - 1].isascii():
        return not_ascii(typed[col - 1]), col
    return why, col


def _expected(text: str, typed: str, loc: int) -> tuple[str, int]:
    rest = text[loc:]
    if not rest:
        return f"unexpected end of the claim; expected {EXPECTED}", loc + 1

    def shown(piece: str) -> str:
        """``piece`` of the folded claim (found at or after ``loc``), quoted as it was typed."""
        at = text.find(piece, loc)
        return fragment(typed[at:at + len(piece)] if at >= 0 else piece)

    if loc == 0 and rest[0] not in "0123456789":
        return f"expected {EXPECTED}, found {shown(rest.split()[0])}", 1
    # the form started with a number: say what may follow it
    n = len(rest) - len(rest.lstrip("0123456789"))
    after = rest[n:].lstrip()
    col = loc + 1 + n + (len(rest[n:]) - len(after))
    low = after.lower()
    for word, other, example in (("fu", "han", "30fu4han"), ("han", "fu", "4han30fu")):
        if low.startswith(word):
            tail = after[len(word):]
            m = len(tail) - len(tail.lstrip(" 0123456789"))
            digits = tail[:m].strip()
            at = col + len(word) + m
            if not digits:
                return f"expected a number and '{other}' after '{word}', like {example}", at
            found = tail[m:].split()[0] if tail[m:].strip() else None
            return (f"expected '{other}' after {shown(digits)}, like {example}"
                    + (f", found {shown(found)}" if found else ""), at)
    if low.startswith("/"):
        return "expected the dealer's payment after '/', like 2000/3900", col + 1
    if not after:
        return f"unexpected end of the claim; expected {EXPECTED}", col
    return (f"expected '/', 'all', 'fu' or 'han' after the number, or the number alone, found "
            f"{shown(after.split()[0])}", col)


def parse_claim(text: str) -> Claim:
    """Parse one payout claim; raises :class:`ClaimError` with a caret on anything else."""
    if text is None:
        raise ClaimError("empty claim: expected " + EXPECTED)
    if len(text) > MAX_LINE:
        raise _error(too_long(len(text), "claim"), text, MAX_LINE + 1)
    folded = fold(text)
    line = folded.strip()
    lead = len(folded) - len(folded.lstrip())
    typed = text[lead:lead + len(line)]   # the same columns as ``line``, as typed
    if not line:
        raise ClaimError("empty claim: expected " + EXPECTED)
    try:
        kind, loc, toks = _CLAIM.parse_string(line, parse_all=True)[0]
    except pp.ParseBaseException as exc:
        why, col = _explain(line, typed, exc.loc)
        raise _error(why, typed, col) from None

    def number(digits: str, what: str, col: int) -> int:
        if len(digits) > MAX_DIGITS:
            raise _error(f"{what}: at most {MAX_DIGITS} digits, found a {len(digits)}-digit number", typed, col)
        return int(digits)

    if kind == "limit":
        word = toks[0].lower().replace("-", " ").replace("_", " ")
        for name in LIMITS:
            if name.replace(" ", "") == word.replace(" ", ""):
                return Claim("limit", limit=name, text=line)
        raise _error(f"unknown limit {toks[0]!r}", typed, loc + 1)  # pragma: no cover - the regex admits only these
    if kind == "points":
        value = number(toks[0], "points", loc + 1)
        if value <= 0:
            raise _error("a claim of points must be more than 0", typed, loc + 1)
        return Claim("points", points=value, text=typed)
    if kind == "all":
        value = number(toks[0], "the payment from each player", loc + 1)
        if value <= 0:
            raise _error("a dealer tsumo payment must be more than 0", typed, loc + 1)
        return Claim("all", points=value, text=typed)
    if kind == "tsumo":
        dealer_col = _digits_after(line, line.index("/")) + 1
        non_dealer = number(toks[0], "the payment from each non-dealer", loc + 1)
        dealer = number(toks[1], "the payment from the dealer", dealer_col)
        if non_dealer <= 0 or dealer <= 0:
            col = loc + 1 if non_dealer <= 0 else line.index("/") + 2
            raise _error("each payment must be more than 0", typed, col)
        return Claim("tsumo", points=non_dealer, dealer_pays=dealer, text=typed)
    # han and fu, either order
    if kind == "fuhan":
        fu_s, han_s = toks[0], toks[2]
        fu_col = loc + 1
        han_col = _digits_after(line, line.lower().index("fu", loc) + 2) + 1
    else:
        han_s, fu_s = toks[0], toks[2]
        han_col = loc + 1
        fu_col = _digits_after(line, line.lower().index("han", loc) + 3) + 1
    han, fu = number(han_s, "han", han_col), number(fu_s, "fu", fu_col)
    if han < 1:
        raise _error("a hand has at least 1 han", typed, han_col)
    if fu < 20 or (fu % 10 and fu != 25):
        raise _error(f"fu come in tens from 20 (or 25 for seven pairs), not {fu}", typed, fu_col)
    return Claim("hanfu", han=han, fu=fu, text=typed)


def _digits_after(line: str, start: int) -> int:
    """Index of the first digit at or after ``start`` (the next number of the claim)."""
    i = start
    while i < len(line) and not line[i].isdigit():
        i += 1
    return i
