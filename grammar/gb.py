"""The MCR calculators' notation (ChineseOfficialMahjongHelper's ``string_to_tiles``): read it as our notation.

This is the only module that reads that notation. It does not build a hand itself: it rewrites the tile block as
our notation and hands the line to :func:`grammar.hand.parse_hand`, so every legality check and every error is the
one code path; an error is re-quoted on the line as typed here, with the caret under the column at fault.

The notation (``[EEEE][123p,1]45m678pFF6m``):

* suited tiles are digit runs followed by ``m`` characters, ``s`` bamboo or ``p`` dots (``123m``); honors are
  capital letters ``E S W N`` (the winds) and ``C F P`` (Red / Chung, Green / Fa, White / Pai); the Tenhou-style
  ``z`` suffix is read in the Chinese order of the calculators: ``1234z`` the winds, ``5z`` C, ``6z`` F, ``7z`` P
  (so ``5z`` is Red here, not White as in our notation). There is no ``0``: MCR has no red fives.
* melds are in brackets: three tiles make a chow (in any order) or a pung, four a kong. An optional offer digit
  after a comma (``[123p,1]``) or straight after the tiles (``[123p1]``, as the calculator prints it) says, for a
  chow, which tile was called (1-3); for a pung or a kong, from whom (1 the player before, 2 across, 3 after). A
  kong without a digit (or ``,0``) is concealed: ``[SSSS]`` is our ``(2222z)``; ``,1``-``,3`` is a melded kong,
  ``,5``-``,7`` an added kong (both our ``[XXXX]``). Our notation does not record who gave a tile, so the digit is
  checked and dropped.
* the tiles outside the brackets are the concealed hand; when they complete the count (14, three fewer a meld) the
  last one written is the winning tile, as in the calculator.

What follows the tile block (after whitespace) is our own keywords, unchanged: ``tsumo``, ``seat:E``, ``round:S``,
``flowers:2``, ``last-tile`` ... The rule set defaults to ``mcr``.
"""

from __future__ import annotations

import re

from grammar.text import MAX_LINE, fold, not_ascii, too_long, window
from scorer.errors import NotationError
from scorer.hand import Hand
from scorer.melds import MeldType

SUIT_LETTERS = {"m": "m", "s": "s", "p": "p"}
"""The calculator's suit letter -> ours (the same letters, spelled once here)."""
HONOR_LETTERS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "C": "7z", "F": "6z", "P": "5z"}
"""The calculator's honor letters -> our tiles: East South West North, Red (Chung), Green (Fa), White (Pai)."""
Z_ORDER = "ESWNCFP"
"""The calculator's ``z`` digits 1-7, in its (Chinese) order."""
OUR_HONOR_LETTER = {tile: letter for letter, tile in HONOR_LETTERS.items()}
CHOW_OFFERS = "123"
PUNG_OFFERS = "123"
MELDED_KONG_OFFERS = "1235567"   # 1-3 melded (from a player), 5-7 added; "0" or none: concealed
_PIECE_RE = re.compile(r"[0-9mpszESWNCFP\[\],]+")
_NOTE_RE = re.compile(r" \(column \d+ of a \d+-character line\)$")


def _error(text: str, reason: str, col0: int | None, cls=NotationError) -> NotationError:
    quoted, column, note = window(text, None if col0 is None else col0 + 1)
    return cls(reason + note, quoted, column)


class _Writer:
    """Our text being written, with the column of the calculator text each character came from."""

    def __init__(self):
        self.parts: list[str] = []
        self.cols: list[int] = []

    def put(self, s: str, col: int) -> None:
        self.parts.append(s)
        self.cols.extend([col] * len(s))


def _tiles(text: str, start: int, end: int, in_meld: bool):
    """Read the tiles of ``text[start:end]``: a list of (our tile, column), and an offer digit with its column
    (only in a meld) or None."""
    out: list[tuple[str, int]] = []
    digits: list[int] = []          # columns of digits waiting for their suit letter
    offer = None
    i = start
    while i < end:
        c = text[i]
        if c.isdigit():
            if c == "0":
                raise _error(text, "0 is not a tile in this notation (MCR has no red fives)", i)
            digits.append(i)
        elif c in SUIT_LETTERS or c == "z":
            if not digits:
                raise _error(text, f"suit letter {c!r} without digits before it", i)
            for d in digits:
                if c == "z":
                    if text[d] > "7":
                        raise _error(text, f"{text[d]}z is not an honor (1z-7z: E S W N C F P)", d)
                    out.append((HONOR_LETTERS[Z_ORDER[int(text[d]) - 1]], d))
                else:
                    out.append((text[d] + SUIT_LETTERS[c], d))
            digits = []
        elif c in HONOR_LETTERS:
            if digits:
                raise _error(text, "digits without a suit letter (m, s or p) after them", digits[0])
            out.append((HONOR_LETTERS[c], i))
        elif c == "," and in_meld:
            if digits:
                raise _error(text, "digits without a suit letter (m, s or p) after them", digits[0])
            if i + 2 != end or not text[i + 1].isdigit():
                raise _error(text, "a meld's offer is one digit after the comma, then ]", i)
            return out, (text[i + 1], i + 1)
        else:
            raise _error(text, f"{c!r} is not a tile here (digits with m s p, or E S W N C F P)", i)
        i += 1
    if digits:
        if in_meld and len(digits) == 1 and len(out) >= 3:    # the calculator's own form: [123p2]
            return out, (text[digits[0]], digits[0])
        raise _error(text, "digits without a suit letter (m, s or p) after them", digits[0])
    return out, offer


def _meld(text: str, tiles, offer, open_col: int) -> tuple[str, str, str]:
    """Our brackets and tile text for one calculator meld (or an error at its ``[``)."""
    kinds = [t for t, _ in tiles]
    if len(kinds) not in (3, 4):
        raise _error(text, f"a meld has 3 or 4 tiles, not {len(kinds)}", open_col)
    same = len(set(kinds)) == 1
    ranks = sorted(int(k[0]) for k in kinds)
    chow = (len(kinds) == 3 and kinds[0][1] != "z" and len({k[1] for k in kinds}) == 1
            and ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2])
    if not same and not chow:
        raise _error(text, "not a chow, pung or kong", open_col)
    digit, col = offer if offer else (None, None)
    if len(kinds) == 4:
        if digit is None or digit == "0":
            return "(", "".join(kinds), ")"
        if digit not in MELDED_KONG_OFFERS:
            raise _error(text, f"a kong's offer is 1-3 (melded) or 5-7 (added), not {digit}", col)
        return "[", "".join(kinds), "]"
    allowed = PUNG_OFFERS if same else CHOW_OFFERS
    if digit is not None and digit not in allowed:
        what = "pung's offer is 1-3 (from whom)" if same else "chow's offer is 1-3 (which tile was called)"
        raise _error(text, f"a {what}, not {digit}", col)
    if chow:
        kinds = [f"{r}{kinds[0][1]}" for r in ranks]
    return "[", "".join(kinds), "]"


def _compact(tiles: str) -> str:
    """``1m2m3m`` -> ``123m`` (tiles of one suit in a row share their letter)."""
    return re.sub(r"(\d)([mpsz])(?=\d\2)", r"\1", tiles)


def gb_to_notation(text: str) -> tuple[str, list[int]]:
    """Our notation for a line of the calculators' notation, and for each character of it the 0-based column of
    the calculator line it comes from. Raises :class:`NotationError` quoting ``text`` for a bad tile block."""
    if len(text) > MAX_LINE:
        raise _error(text, too_long(len(text), "hand line"), MAX_LINE)
    line = fold(text)
    for i, c in enumerate(line):
        if not c.isascii():
            raise _error(text, not_ascii(text[i]), i)
    start = len(line) - len(line.lstrip())
    if start == len(line):
        raise NotationError("empty hand: expected tiles such as [123p,1]45m678pFF6m")
    # the tile block: the leading whitespace-separated pieces made only of the calculator's characters
    end = start
    for m in re.finditer(r"\S+", line[start:]):
        if not _PIECE_RE.fullmatch(m.group()):
            break
        end = start + m.end()
    if end == start:
        raise _error(text, "expected tiles such as [123p,1]45m678pFF6m", start)
    concealed = _Writer()
    melds = _Writer()
    i = start
    while i < end:
        c = line[i]
        if c.isspace():
            i += 1
            continue
        if c == "]":
            raise _error(text, "] without a [ before it", i)
        if c == "[":
            close = line.find("]", i, end)
            nested = line.find("[", i + 1, end)
            if close < 0 or 0 <= nested < close:
                raise _error(text, "[ without its ]", i)
            tiles, offer = _tiles(line, i + 1, close, in_meld=True)
            left, body, right = _meld(line, tiles, offer, i)
            melds.put(left, i)
            cols = {}
            for t, col in tiles:
                cols.setdefault(t, col)
            for k in range(0, len(body), 2):      # one digit a tile, one suit letter: [3333z]
                melds.put(body[k], cols[body[k:k + 2]])
            melds.put(body[-1], close - 1)
            melds.put(right, close)
            i = close + 1
            continue
        j = i
        while j < end and not line[j].isspace() and line[j] != "[" and line[j] != "]":
            j += 1
        if j < end and line[j] == "]":
            raise _error(text, "] without a [ before it", j)
        tiles, _ = _tiles(line, i, j, in_meld=False)
        for t, col in tiles:
            concealed.put(t, col)
        i = j
    ours = _Writer()
    for w in (concealed, melds):
        ours.parts.extend(w.parts)
        ours.cols.extend(w.cols)
    block = "".join(ours.parts)
    cols = list(ours.cols)
    rest = line[end:].lstrip()
    if rest:
        rest_at = len(line) - len(rest)
        block += " "
        cols.append(rest_at - 1)
        block += rest
        cols.extend(range(rest_at, rest_at + len(rest)))
    return block, cols


def parse_gb(text: str, *, rules: str | None = None, preset: str | None = None,
             allow_incomplete: bool = False) -> Hand:
    """A line of the calculators' notation as a Hand (``rules`` defaults to ``mcr``; a ``rules:`` keyword wins).
    Errors are :class:`NotationError` (or :class:`ImpossibleHandError`) quoting ``text`` with a caret."""
    from grammar.hand import parse_hand
    ours, cols = gb_to_notation(text)
    try:
        return parse_hand(ours, rules=rules or "mcr", preset=preset, allow_incomplete=allow_incomplete)
    except NotationError as exc:
        col0 = None
        if exc.column is not None:
            quoted = exc.line
            start = 0
            if quoted.startswith("…"):
                start = ours.find(quoted.strip("…")) - 1
            col0 = cols[min(max(exc.column - 1 + start, 0), len(cols) - 1)]
        raise _error(text, _NOTE_RE.sub("", exc.reason), col0, type(exc)) from None


def format_gb(hand: Hand) -> str:
    """The calculators' notation of a hand (melds first, as the calculator prints them, then the concealed tiles
    with the winning tile last), followed by our keywords for the situation; flower tiles become ``flowers:N``.
    ``parse_gb(format_gb(h))`` is ``h`` with its flowers as a count."""
    from grammar.hand import format_hand

    def tile(t) -> str:
        s = t.notation if hasattr(t, "notation") else str(t)
        return OUR_HONOR_LETTER.get(s, s)

    def run(tiles) -> str:
        return _compact("".join(tile(t) for t in tiles)).replace("z", "")

    parts = []
    for m in hand.melds:
        body = run(m.tiles)
        if m.type is MeldType.ANKAN:
            parts.append(f"[{body}]")
        elif m.is_kan:
            parts.append(f"[{body},1]")
        else:
            parts.append(f"[{body}]")
    tiles = list(hand.concealed) + ([hand.winning_tile] if hand.winning_tile is not None else [])
    parts.append(run(tiles))
    ours = format_hand(hand)
    keywords = ours.split(" ", 1)[1] if " " in ours else ""
    if hand.flowers:
        keywords += f" flowers:{len(hand.flowers)}"
    return ("".join(parts) + " " + keywords).strip()
