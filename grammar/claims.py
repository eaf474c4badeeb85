"""Payout claims: the text a player or referee writes for what a hand pays, parsed into a frozen
:class:`~scorer.claims.Claim` (and printed back by ``str(claim)``).

Forms, case-insensitive, spaces allowed between the parts::

    7700          points (riichi: what the payers pay, honba included; MCR: the hand's total, like 24)
    2000/3900     a non-dealer's tsumo: from each non-dealer / from the dealer
    2600all       a dealer's tsumo: from each player
    mangan        a limit: mangan, haneman, baiman, sanbaiman, yakuman, double-yakuman, triple-yakuman ...
    30fu4han      han and fu, in either order (4han30fu)

pyparsing finds the form; the checks that make a claim possible (fu come in tens, or 25 for seven pairs; at
least one han) are plain Python, so every error quotes the claim with a caret under the column at fault as a
:class:`~scorer.errors.ClaimError`. pyparsing's exceptions never leave this module.
"""

from __future__ import annotations

import pyparsing as pp

from scorer.claims import LIMITS, Claim
from scorer.errors import ClaimError

EXPECTED = "a claim like 7700, 2000/3900, 2600all, mangan, 30fu4han or an MCR total like 24"

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
_CLAIM = (_LIMIT.copy().set_parse_action(_at("limit")) | _TSUMO | _ALL | _FU_HAN | _HAN_FU | _POINTS) + pp.StringEnd()


def _error(reason: str, text: str, column: int) -> ClaimError:
    """A ClaimError quoting the claim with a caret under ``column`` (1-based), like NotationError."""
    err = ClaimError(f"bad claim {text!r}: {reason}\n  {text}\n  {' ' * (column - 1)}^")
    err.reason, err.line, err.column = reason, text, column
    return err


def _explain(text: str, loc: int) -> tuple[str, int]:
    """Turn the place where pyparsing stopped into a reason and a 1-based column."""
    rest = text[loc:]
    if not rest:
        return f"unexpected end of the claim; expected {EXPECTED}", loc + 1
    if loc == 0 and not rest[0].isdigit():
        return f"expected {EXPECTED}, found {rest.split()[0]!r}", 1
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
            return (f"expected '{other}' after {digits!r}, like {example}" + (f", found {found!r}" if found else ""),
                    at)
    if low.startswith("/"):
        return "expected the dealer's payment after '/', like 2000/3900", col + 1
    if not after:
        return f"unexpected end of the claim; expected {EXPECTED}", col
    return (f"expected '/', 'all', 'fu' or 'han' after the number, or the number alone, found "
            f"{after.split()[0]!r}", col)


def parse_claim(text: str) -> Claim:
    """Parse one payout claim; raises :class:`ClaimError` with a caret on anything else."""
    if text is None:
        raise ClaimError("empty claim: expected " + EXPECTED)
    line = text.strip()
    if not line:
        raise ClaimError("empty claim: expected " + EXPECTED)
    try:
        kind, loc, toks = _CLAIM.parse_string(line, parse_all=True)[0]
    except pp.ParseBaseException as exc:
        why, col = _explain(line, exc.loc)
        raise _error(why, line, col) from None

    if kind == "limit":
        word = toks[0].lower().replace("-", " ").replace("_", " ")
        for name in LIMITS:
            if name.replace(" ", "") == word.replace(" ", ""):
                return Claim("limit", limit=name, text=line)
        raise _error(f"unknown limit {toks[0]!r}", line, loc + 1)  # pragma: no cover - the regex admits only these
    if kind == "points":
        value = int(toks[0])
        if value <= 0:
            raise _error("a claim of points must be more than 0", line, loc + 1)
        return Claim("points", points=value, text=line)
    if kind == "all":
        value = int(toks[0])
        if value <= 0:
            raise _error("a dealer tsumo payment must be more than 0", line, loc + 1)
        return Claim("all", points=value, text=line)
    if kind == "tsumo":
        non_dealer, dealer = int(toks[0]), int(toks[1])
        if non_dealer <= 0 or dealer <= 0:
            col = loc + 1 if non_dealer <= 0 else line.index("/") + 2
            raise _error("each payment must be more than 0", line, col)
        return Claim("tsumo", points=non_dealer, dealer_pays=dealer, text=line)
    # han and fu, either order
    if kind == "fuhan":
        fu_s, han_s = toks[0], toks[2]
        fu_col = loc + 1
        han_col = _digits_after(line, line.lower().index("fu", loc) + 2) + 1
    else:
        han_s, fu_s = toks[0], toks[2]
        han_col = loc + 1
        fu_col = _digits_after(line, line.lower().index("han", loc) + 3) + 1
    han, fu = int(han_s), int(fu_s)
    if han < 1:
        raise _error("a hand has at least 1 han", line, han_col)
    if fu < 20 or (fu % 10 and fu != 25):
        raise _error(f"fu come in tens from 20 (or 25 for seven pairs), not {fu}", line, fu_col)
    return Claim("hanfu", han=han, fu=fu, text=line)


def _digits_after(line: str, start: int) -> int:
    """Index of the first digit at or after ``start`` (the next number of the claim)."""
    i = start
    while i < len(line) and not line[i].isdigit():
        i += 1
    return i
