"""The hand notation grammar: text in, a frozen :class:`~scorer.hand.Hand` out (and back again).

Shape of a line::

    <tile block> <keywords>

``123m456p789s11z55z+5z ron riichi dora:4p``. Digit runs take the suit letter that follows them (``m`` characters,
``p`` dots, ``s`` bamboo, ``z`` honors 1-7 = East South West North White Green Red, ``f`` flowers 1-8); ``0`` is a
red five. Melds: ``[123m]`` chi, ``[555p]`` pon, ``[5555p]`` open kan, ``(5555p)`` closed kan. The tile block holds
the concealed tiles and the melds in any order (``[345m]258m...`` is the same hand as ``258m...[345m]``) and at
most one ``+X``, the winning tile, after every concealed tile (melds may follow it); without ``+X`` the last
concealed tile written is the winning tile. Keywords are case-insensitive and may come in any order. The numbers
of ``honba:``, ``sticks:`` and ``flowers:`` are whole numbers written with one to three digits 0-9 (0-999).

Characters, length and quoting follow :mod:`grammar.text`: full-width forms read as ASCII, any other non-ASCII
character is an error that quotes it, a line has at most 4,096 characters, and a message quotes at most a window
of the line as it was typed, with a caret under the column at fault.

How it reads. Three readers share one set of token definitions (:data:`TOKENS`): the quick reader takes a line
written the usual way (a tile block without spaces, keywords one space apart) with a few string operations and
hands anything else, and any line it finds wrong, to a compiled regular expression that takes a well-formed line
in one match; the pyparsing grammar reads whatever the expression does not accept, to say where and why it fails.
All give the same tokens to one reader of meaning, so errors and their columns are always the full readers'. A token means the same wherever it stands, so its meaning (tiles, a meld, a keyword's value, and its
tiles' counts packed in one integer) is worked out once and kept; what a line's keywords say (their presence
bits, values, canonical text and the Situation) depends on them alone, and is kept for a keyword list written
again word for word. The legality checks are data: :data:`RULES`, a
table of (when, condition, error, message, column) rows; a line runs only the rows its keywords call up.
pyparsing is imported only when a line needs explaining, and its exceptions never leave this module.
"""

from __future__ import annotations

import re
import sys
from functools import reduce
from operator import attrgetter, itemgetter, or_
from typing import Callable, NamedTuple, TypeAlias

from grammar.text import MAX_LINE, fold, fragment, not_ascii, too_long, window
from scorer.arrangements import CODE_ONE, COUNT_MASK, OVER_FOUR_ADD, OVER_FOUR_TEST, TILE_CODE
from scorer.errors import ImpossibleHandError, NotationError
from scorer.hand import WINDS, Hand, Situation, build_parsed_hand, build_situation_of
from scorer.kinds import N_KINDS, NORTH
from scorer.melds import Meld, MeldType
from scorer.rulesets import DEFAULT_RULES, RULE_NAMES, RULESETS, RuleSet
from scorer.tiles import TILE_ORDER, Tile, format_tiles

FLAGS = ("tsumo", "ron", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
         "tenhou", "chiihou", "last-tile")
VALUED = ("dora", "ura", "round", "seat", "honba", "sticks", "rules", "preset", "flowers", "claim", "nuki")
RULE_SETS = RULE_NAMES
RIICHI_ONLY_FLAGS = ("riichi", "double-riichi", "ippatsu", "tenhou", "chiihou")
EXPECTED_KEYWORD = ("a keyword: ron, tsumo, riichi, double-riichi, ippatsu, haitei, houtei, rinshan, chankan, "
                    "tenhou, chiihou, last-tile, or dora: ura: round: seat: honba: sticks: rules: preset: "
                    "flowers: claim: nuki:")
NUMBER_DIGITS = 3
"""``honba:``, ``sticks:`` and ``flowers:`` take one to this many ASCII digits (so at most 999)."""
MAX_INDICATORS = 5   # one dora indicator and one for each of up to four kans
MAX_NUKI = 4         # three-player nuki dora: the four Norths

# ---- tokens: one definition, read by the compiled expression and by pyparsing ---------------------------------
WHITESPACE = " \t\n\r"
"""What separates tokens: pyparsing's default whitespace, spelled once for both readers."""
TOKENS = {
    "tiles": r"[0-9]+[mpszf]",
    "meld": r"\[[0-9]+[mpsz]\]|\([0-9]+[mpsz]\)",
    "win": r"\+[0-9][mpsz]",
    "keyword": r"[A-Za-z][A-Za-z0-9_-]*(?::[^\s]*)?",   # a value ends at any whitespace (str.isspace)
}
_W = "[ \t\n\r]"
_PIECE = "|".join(TOKENS[k] for k in ("tiles", "meld", "win"))
_KEYWORD = TOKENS["keyword"]
# a whole well-formed line: the tile block (pieces, whitespace between them allowed), then keywords separated by
# whitespace
if sys.version_info >= (3, 11):
    # The same expression, told not to try again what cannot succeed: each token is matched once and kept (an
    # atomic group), and the whitespace runs, the tile block and the keyword list are kept whole (possessive). A
    # line matches exactly as before: a token has one reading that lets the line go on (a shorter keyword, value
    # or digit run leaves a character no token or separator starts with), and a piece or whitespace given back
    # would have to be read by a keyword, which starts with a letter. It only fails sooner (tests/grammar/
    # test_paths.py checks the two readers agree).
    def _once(name: str) -> str:
        return f"(?>{TOKENS[name]})"

    _LINE_RE = re.compile(rf"((?:(?:{_once('tiles')}|{_once('meld')}|{_once('win')}){_W}*+)++)"
                          rf"(?:{_once('keyword')}(?:{_W}++{_once('keyword')})*+)?+")
else:   # pragma: no cover - no atomic groups or possessive quantifiers before Python 3.11
    _LINE_RE = re.compile(rf"((?:(?:{_PIECE}){_W}*)+)(?:{_KEYWORD}(?:{_W}+{_KEYWORD})*)?")
_PIECE_RE = re.compile(_PIECE)
# in a line _LINE_RE accepted, the tokens are exactly these matches, in order
_TOKEN_RE = re.compile(f"{_PIECE}|{_KEYWORD}")


Tokens: TypeAlias = "tuple[list[str], list[str]]"
"""A line's tokens: (the pieces of the tile block, the keywords), each in the order written. A keyword is the one
kind of token that starts with a letter, and they all follow the tile block."""


_KEYWORD_RE = re.compile(_KEYWORD)


class _Reread(Exception):
    """The quick reader met something it does not take (see :func:`_quick_tokens`): the line is read again from
    the start by the full reader, which accepts or explains it."""


def _quick_tokens(line: str) -> Tokens | None:
    """The tokens of a line written the usual way, or None: the tile block up to the first space, which its pieces
    must fill (no space between them), then keywords one space apart. A keyword is checked as it is first read
    (:func:`_keyword`); anything the quick reader does not take, or any error while it reads, sends the line to the
    full reader (:class:`_Reread`), so a line means the same whichever reader takes it (tests/grammar/
    test_paths.py checks the three readers agree). Nothing else is refused: the pieces fill the block exactly as
    the whole-line expression reads it, and keywords (they start with a letter, pieces never do) one space apart
    are a keyword list it reads."""
    block, _, rest = line.partition(" ")
    pieces = _PIECE_RE.findall(block)
    if "".join(pieces) != block:   # something between or after the pieces: a space, a keyword without one, ...
        return None
    return pieces, rest.split(" ") if rest else []


def _fast_tokens(line: str) -> Tokens | None:
    """The tokens of a well-formed line; None when the line needs explaining. (Their columns are found again
    only when an error needs one: :meth:`_Source.loc`.)"""
    m = _LINE_RE.fullmatch(line)
    if m is None:
        return None
    end = m.end(1)
    # the keywords: no keyword holds whitespace and the line is stripped, so split() finds exactly them
    return _PIECE_RE.findall(line, 0, end), line[end:].split()


_PP_LINE = None


def pyparsing_line():
    """The pyparsing grammar, built once, on the first line that needs it (a batch may call this before it forks
    its workers, so that they share it)."""
    global _PP_LINE
    if _PP_LINE is None:
        import pyparsing as pp

        def token(name, label):
            return (pp.Regex(TOKENS[name]).set_whitespace_chars(WHITESPACE)
                    .set_parse_action(lambda s, loc, toks: (toks[0], loc)).set_name(label))

        # the three pieces as one expression (what _PIECE_RE reads), not pyparsing's MatchFirst of three: that keeps
        # each failed try in a frame its exception refers back to, a cycle for the garbage collector per line
        piece = (pp.Regex(_PIECE).set_whitespace_chars(WHITESPACE)
                 .set_parse_action(lambda s, loc, toks: (toks[0], loc)).set_name("tiles, a meld or +tile"))
        _PP_LINE = (pp.OneOrMore(piece).set_name("tiles, melds and +tile")
                    + pp.ZeroOrMore(token("keyword", "a keyword"))
                    + pp.StringEnd().set_whitespace_chars(WHITESPACE).set_name("a keyword")).parse_with_tabs()
        # (parse_with_tabs: columns count a tab as one character, as the fast path and the caret do)
    return _PP_LINE


def _pyparsing_tokens(src: "_Source") -> Tokens:
    """The tokens as pyparsing reads them (their columns go to ``src.locs``); a line it refuses raises a
    NotationError that says where and why."""
    import pyparsing as pp
    try:
        found = list(pyparsing_line().parse_string(src.line, parse_all=True))
    except pp.ParseBaseException as exc:
        stop = exc.loc
    else:
        stop = None
    if stop is not None:   # raised here, not in the handler, so that pyparsing's exception is not its context
        why, col = _explain(src, stop)
        raise src.error(NotationError, why, col - 1)
    src.locs = [loc for _, loc in found]
    tokens = [tok for tok, _ in found]
    n_pieces = next((i for i, tok in enumerate(tokens) if tok[0].isalpha()), len(tokens))
    return tokens[:n_pieces], tokens[n_pieces:]


def _tokens(src: "_Source") -> Tokens:
    """The fast path for a well-formed line, pyparsing for the rest."""
    tokens = _fast_tokens(src.line)
    return _pyparsing_tokens(src) if tokens is None else tokens


def _explain(src: "_Source", loc: int) -> tuple[str, int]:
    """Turn the place where pyparsing stopped into a reason and a 1-based column."""
    text = src.line
    rest = text[loc:]
    if not rest:
        return "unexpected end of the line", loc + 1
    ch = rest[0]
    if not ch.isascii():
        return not_ascii(src.typed[loc]), loc + 1
    if ch in "0123456789":
        n = len(rest) - len(rest.lstrip("0123456789"))
        after = rest[n:n + 1]
        if after and after in "mpszf":
            return "tiles after the keywords: write tiles, melds and +X first, keywords last", loc + 1
        digits = src.quote(loc, loc + n)
        if after and not after.isspace():
            return (f"expected a suit letter m, p, s, z or f after {digits}, found "
                    f"{src.quote(loc + n, loc + n + 1)}", loc + n + 1)
        return f"expected a suit letter m, p, s, z or f after {digits}", loc + n + 1
    if ch in "[(":
        close = "]" if ch == "[" else ")"
        end = rest.find(close)
        if end < 0:
            return f"unclosed meld: expected {close!r}", loc + 1
        return (f"expected a meld like [123m], [555p], [5555p] or (5555p), found {src.quote(loc, loc + end + 1)}",
                loc + 1)
    if ch == "+":
        return "expected one winning tile after '+', like +5z", loc + 2
    typed = src.quote(loc, loc + 1)
    if ch in "])":
        return f"{typed} without its opening bracket", loc + 1
    if loc == 0:
        return f"expected concealed tiles such as 123m456p, found {typed}", 1
    if ch.isalpha():
        # a keyword was allowed here, so the problem is a tile piece after keywords
        return f"expected {EXPECTED_KEYWORD}, found {src.quote(loc, loc + len(rest.split()[0]))}", loc + 1
    return (f"expected tiles like 123m, a meld like [555p], a winning tile like +5z, or a keyword, "
            f"found {typed}", loc + 1)


# ---- the line as typed ---------------------------------------------------------------------------------------
class _Source:
    """A line being read: ``line`` (folded to ASCII, stripped) and ``typed`` (the same characters as typed)."""

    __slots__ = ("line", "typed", "locs", "quick")

    def __init__(self, text: str, what: str = "hand line"):
        self.quick = False   # True while the quick reader reads it (then an error means: read it again)
        if len(text) > MAX_LINE:
            # refused before anything is read: quote a window at the limit, not the whole text
            self.typed = text
            raise self.error(NotationError, too_long(len(text), what), MAX_LINE)
        folded = fold(text)
        line = folded.strip()
        self.line = line
        if line is text:   # ASCII with nothing to strip (the usual line): it is the text as typed
            self.typed = text
        else:
            lead = len(folded) - len(folded.lstrip())
            self.typed = text[lead:lead + len(line)] if folded is not text else line
        self.locs = None

    def loc(self, i: int) -> int:
        """The 0-based column of token ``i`` (worked out on the first error that needs one)."""
        if self.quick:
            raise _Reread
        if self.locs is None:
            self.locs = [m.start() for m in _TOKEN_RE.finditer(self.line)]
        return self.locs[i]

    def quote(self, start: int, end: int, marks: bool = True) -> str:
        """A piece of the line as typed, in quotes (``marks``) and cut short when long."""
        return fragment(self.typed[start:end], marks)

    def error(self, cls, reason: str, loc: int | None) -> NotationError:
        """``cls`` quoting the typed line with a caret under ``loc`` (0-based; None: no caret). (On the quick
        reader, raises :class:`_Reread` instead: the full reader says what is wrong.)"""
        if self.quick:
            raise _Reread
        quoted, column, note = window(self.typed, None if loc is None else loc + 1)
        return cls(reason + note, quoted, column)


# ---- tiles and their counts ------------------------------------------------------------------------------------
def _digit_table(suit: str) -> dict[str, Tile]:
    out = {}
    for d in "0123456789":
        try:
            out[d] = Tile.parse(d + suit)
        except ValueError:
            pass
    return out


_DIGITS = {suit: _digit_table(suit) for suit in "mpszf"}
"""suit letter -> {digit: Tile} for the digits that name a tile of that suit (no 0z, 8z, 9f, ...)."""

TileCode: TypeAlias = int
"""Tiles summed as one hand code (:data:`scorer.arrangements.TILE_CODE`: five bits a kind, the red fives counted
above the count fields). The concealed tiles and the winning tile of a line summed so are its Hand's closed code
(:meth:`~scorer.hand.Hand.closed_code`, which the evaluators read); every tile the copy rules count (hand, melds,
dora and ura indicators) summed so is what the fifth-copy rule reads. Five bits hold every count that rule can
meet: it is read only on a line of 13 or 14 tiles (the tile-count rule comes before it), which holds at most 18
tiles (four kans) and 10 indicators. A longer line's sums may carry from one kind into the next: it fails on its
count first."""

KindCounts: TypeAlias = int
"""Red fives counted in one integer: the count of kind ``k`` (0-33) in bits ``16k`` to ``16k + 15``. A line has at
most MAX_LINE characters, so no count reaches 2**15 and sums of these never carry from one kind into the next."""
_COUNT_BITS = 16
assert MAX_LINE < 1 << (_COUNT_BITS - 1)
_ONE: tuple[KindCounts, ...] = tuple(1 << (_COUNT_BITS * k) for k in range(N_KINDS))
"""One tile of kind ``k``."""
_TOP: KindCounts = sum(1 << (_COUNT_BITS * k + _COUNT_BITS - 1) for k in range(N_KINDS))
"""The top bit of every kind's field."""


def _above(limit: int) -> KindCounts:
    """Added to counts, sets a kind's top bit exactly when its count is above ``limit`` (so ``& _TOP`` tests all)."""
    return sum(((1 << (_COUNT_BITS - 1)) - 1 - limit) << (_COUNT_BITS * k) for k in range(N_KINDS))


_ABOVE_ONE = _above(1)


def _counts(tiles) -> tuple[TileCode, KindCounts]:
    """(the tiles summed as a :data:`TileCode`, counts of the red fives) of some tiles; flowers are not counted."""
    code = reds = 0
    for t in tiles:
        code += TILE_CODE[t.order]
        if t.red:
            reds += _ONE[t.kind]
    return code, reds


_DIGIT_CODES = {suit: {d: TILE_CODE[t.order] for d, t in table.items()} for suit, table in _DIGITS.items()}
"""suit letter -> {digit: the :data:`TileCode` of its one tile} (flowers count nothing)."""
_RED_COUNTS = {suit: _ONE[_DIGITS[suit]["0"].kind] for suit in "mps"}
"""suit letter -> the counts of its red five."""
_KEYS = "abcdefghij"
_DIGIT_TO_KEY = str.maketrans("".join(sorted("0123456789", key=lambda d: _DIGITS["m"][d].order)), _KEYS)
"""A digit of a run -> a letter that sorts as its tile does (the red five 0 right after the plain 5): sorting a
run's digits through it sorts its tiles (the digits of every suit sort alike)."""
_KEY_TO_DIGIT = str.maketrans(_KEYS, "".join(sorted("0123456789", key=lambda d: _DIGITS["m"][d].order)))



def _run_tiles(src: _Source, digits: str, suit: str, i: int, skip: int = 0) -> tuple[Tile, ...]:
    """The tiles of one digit run, the ``skip``-th character on of token ``i``."""
    table = _DIGITS[suit]
    try:
        return tuple(map(table.__getitem__, digits))
    except KeyError:
        for k, d in enumerate(digits):
            if d not in table:
                try:
                    Tile.parse(d + suit)
                except ValueError as exc:
                    raise src.error(NotationError, str(exc), src.loc(i) + skip + k) from None
        raise  # pragma: no cover - every missing digit makes Tile.parse fail


def _written(tok: str) -> tuple[Tile, ...]:
    """The tiles of a concealed run token already read (every digit names a tile), in the order written."""
    return tuple(map(_DIGITS[tok[-1]].__getitem__, tok[:-1]))


_MELD_SHAPES = "expected a chi like [123m], a pon like [555p] or a kan like [5555p] / (5555p)"


def _meld(src: _Source, tok: str, i: int) -> Meld:
    """The meld of token ``i`` (``[123m]``, ``[555p]``, ``[5555p]`` or ``(5555p)``)."""
    closed = tok[0] == "("
    tiles = _run_tiles(src, tok[1:-2], tok[-2], i, 1)
    kinds = {t.kind for t in tiles}
    if len(tiles) == 4 and len(kinds) == 1:
        mtype = MeldType.ANKAN if closed else MeldType.KAN
    elif closed:
        raise src.error(ImpossibleHandError, f"{_token_shown(src, i, tok)} is not a closed kan: "
                        f"( ) holds four of one kind", src.loc(i))
    elif len(tiles) == 3 and len(kinds) == 1:
        mtype = MeldType.PON
    else:
        mtype = MeldType.CHI
    try:
        return Meld(mtype, tiles)
    except ImpossibleHandError:
        raise src.error(ImpossibleHandError, f"{_token_shown(src, i, tok)} is not a meld: {_MELD_SHAPES}",
                        src.loc(i)) from None


def _token_shown(src: _Source, i: int, tok: str, marks: bool = False) -> str:
    loc = src.loc(i)
    return src.quote(loc, loc + len(tok), marks)


# ---- keyword values: one reader per field ----------------------------------------------------------------------
SHOWN = "{shown}"
"""Where a field reader's message quotes the value as typed (filled in by the caller, only on error)."""


class _FieldError(Exception):
    """A value that does not fit its field: the reason, the 0-based offset into the value, the error class."""

    def __init__(self, reason: str, offset: int = 0, cls: type = NotationError):
        super().__init__(reason)
        self.reason, self.offset, self.cls = reason, offset, cls


def _number(name: str, value: str) -> int:
    if not (len(value) <= NUMBER_DIGITS and value.isascii() and value.isdigit()):
        raise _FieldError(f"{name}: expects a whole number 0-{10 ** NUMBER_DIGITS - 1} written with the digits "
                          f"0-9, found {SHOWN}")
    return int(value)


_WIND_OF = {w: i for i, w in enumerate(WINDS)} | {w.lower(): i for i, w in enumerate(WINDS)}


def _wind(name: str, value: str) -> int:
    wind = _WIND_OF.get(value)
    if wind is None:
        raise _FieldError(f"{name}: expects E, S, W or N, found {SHOWN}")
    return wind


_INDICATORS_RE = re.compile(r"(?:[0-9]+[mpsz])+")
_INDICATOR_RUN_RE = re.compile(r"([0-9]+)([mpsz])")


_INDICATOR_DIGITS = {suit: _DIGITS[suit] for suit in "mpsz"}
"""What an indicator's suit letter may be -> {digit: Tile}."""


def _indicators(name: str, value: str) -> tuple[Tile, ...]:
    n = len(value)
    if not n & 1 and n <= 2 * MAX_INDICATORS:   # the usual form: each indicator written as one digit and its suit
        out = []
        for k in range(0, n, 2):
            table = _INDICATOR_DIGITS.get(value[k + 1])
            tile = table.get(value[k]) if table is not None else None
            if tile is None:
                break   # another form, or an error: read below
            out.append(tile)
        else:
            return tuple(out)
    if _INDICATORS_RE.fullmatch(value) is None:
        i = 0
        for j, ch in enumerate(value):
            if ch in "0123456789":
                continue
            if ch not in "mpsz" or j == i:
                raise _FieldError(f"{name}: expects indicator tiles such as 4p or 4p1z, found {SHOWN}")
            i = j + 1
        raise _FieldError(f"{name}: digits without a suit in {SHOWN}", i)
    out = []
    for m in _INDICATOR_RUN_RE.finditer(value):
        digits, suit = m.group(1), m.group(2)
        table = _DIGITS[suit]
        for k, d in enumerate(digits):
            tile = table.get(d)
            if tile is None:
                try:
                    Tile.parse(d + suit)
                except ValueError as exc:
                    raise _FieldError(f"{name}: {exc}", m.start() + k) from None
            out.append(tile)
    if len(out) > MAX_INDICATORS:
        raise _FieldError(f"{name}: at most {MAX_INDICATORS} indicators (one and four kan indicators)",
                          cls=ImpossibleHandError)
    return tuple(out)


def _nuki(name: str, value: str) -> int:
    """``nuki:N``: the Norths set aside as nuki dora (three-player), 0-4."""
    n = _NUKI_VALUES.get(value)
    if n is None:
        raise _FieldError(f"nuki: expects the Norths set aside, 0-{MAX_NUKI} (there are four), found {SHOWN}")
    return n


_NUKI_VALUES = {str(n): n for n in range(MAX_NUKI + 1)}


def _rules(name: str, value: str) -> str:
    low = value.lower()
    if low not in RULE_SETS:
        raise _FieldError(f"rules: expects riichi or mcr, found {SHOWN}")
    return low


def _text(name: str, value: str) -> str:
    if not value.isascii():
        at = next(i for i, ch in enumerate(value) if not ch.isascii())
        raise _FieldError(f"{name}: {not_ascii(value[at])}", at)
    return value


def _value_text(name: str, value) -> str:
    """What the canonical notation writes for a valued keyword read as ``value`` (as :func:`format_hand` writes it
    from the Hand: nothing for a default wind or a zero); ``rules:`` and ``preset:`` are written from the whole
    line (they have defaults from the caller too)."""
    if name == "round":
        return " round:" + WINDS[value] if value != 0 else ""
    if name == "seat":
        return " seat:" + WINDS[value] if value != 1 else ""
    if name in ("honba", "sticks", "nuki"):
        return f" {name}:{value}" if value else ""
    if name in ("dora", "ura"):
        return f" {name}:" + format_tiles(value, sort=False) if value else ""
    if name in ("flowers", "claim"):
        return f" {name}:{value}" if value is not None and value != "" else ""
    return ""


FIELDS: dict[str, Callable[[str, str], object]] = {
    "dora": _indicators, "ura": _indicators, "round": _wind, "seat": _wind, "honba": _number, "sticks": _number,
    "flowers": _number, "rules": _rules, "preset": _text, "claim": _text, "nuki": _nuki,
}
"""The reader of each valued keyword: ``reader(name, value)`` gives the value or raises _FieldError (whose message
quotes the value as typed where it says :data:`SHOWN`)."""


# ---- the meaning of one token ----------------------------------------------------------------------------------
# A token means the same wherever it stands, so its meaning is worked out once and kept (tokens repeat across lines
# far more than lines do: ``seat:E``, ``dora:4p``, ``123m``, ``[555p]``). What depends on the rest of the line (a
# keyword given twice, tiles after +X) is checked by the reader.
_RUN, _FLOWER_RUN, _MELD, _WIN = range(4)
_SUIT_RANK = {suit: rank for rank, suit in enumerate("mpsz")}
"""The order of the suits in the canonical notation (and in TILE_ORDER)."""
_UNORDERED = len(_SUIT_RANK)
"""Above every suit's rank: the concealed runs read so far are not in canonical order (see :func:`_read`)."""


# The meaning of a piece of the tile block, a plain tuple (compiled code unpacks an exact tuple in place; a
# NamedTuple it would walk with an iterator), by position:
#   kind     _RUN, _FLOWER_RUN, _MELD or _WIN
#   what     the flower tiles as written (a tuple), the Meld, or the winning Tile; None for a concealed run (its
#            tiles as written are worked out only when needed: _written)
#   bit      the presence bits of the facts it shows (see _BIT): flower tiles, an open meld, a kan
#   counts   the tiles it adds to the hand, summed (0 for flowers): a TileCode
#   reds     the counts of its red fives: KindCounts
#   text     its part of the canonical notation: a concealed run's tiles sorted, a meld's or +X's text; "" for
#            flower tiles (written from all of them)
#   ordered  a concealed run: its tiles sorted (TILE_ORDER); else ()
#   rank     a concealed run: its suit's place in the canonical order (m 0, p 1, s 2, z 3); else 0
_Piece: TypeAlias = "tuple[int, object, int, TileCode, KindCounts, str, tuple, int]"
_PIECE_TEXT, _PIECE_ORDERED, _PIECE_RANK = 5, 6, 7

# The meaning of a keyword, a plain tuple likewise:
#   bit      its presence bit (see _BIT)
#   valued   a valued keyword's (slot, value, text, counts, reds), None for a flag: its place among the parts of
#            the canonical notation (_TEXT_SLOT); its value, read by its field reader (FIELDS); its part of that
#            notation (see _value_text; "" for rules: and preset:, written from the whole line); the indicator
#            tiles of dora: and ura: summed (they count as seen tiles), else 0; the counts of their red fives
#   name     the keyword, lower case, without its colon
_Keyword: TypeAlias = "tuple[int, tuple | None, str]"


_TEXT_ORDER = ("round", "seat", "honba", "sticks", "dora", "ura", "flowers", "nuki", "claim", "rules", "preset")
"""The valued keywords in the order the canonical notation writes them (as format_hand does; rules: and preset:,
written from the whole line, add nothing here). ``nuki:`` (riichi) and ``flowers:`` (MCR) never share a line, so
``nuki:`` follows ``ura:``."""
_TEXT_SLOT = {name: slot for slot, name in enumerate(_TEXT_ORDER)}
assert set(_TEXT_ORDER) == set(FIELDS)


_new_line = tuple.__new__   # a _Line from its fields, without NamedTuple's keyword-handling __new__
_PIECES: dict[str, _Piece] = {}
_KEYWORDS: dict[str, _Keyword] = {}
"""token -> its meaning, filled by :func:`_piece` and :func:`_keyword` up to :data:`_MAX_MEANINGS` entries each
(later tokens are worked out each time they come)."""
_MAX_MEANINGS = 1 << 14   # about 6 MB when full; 60,000 generated lines hold 22,000 distinct tokens, and the
#                           16,384 most frequent of them are 99% of the tokens of those lines
_KEPT_RUN = 7
"""The longest piece whose meaning is kept (seven characters: a run of six tiles; every meld and +X is shorter). A
longer run is almost never written again (in generated lines, 70-100% of the runs of up to six tiles were met
before, 0-15% of the longer ones), so keeping it would only cost: a dict entry and two tuples that live on, which
the garbage collector walks again and again (fresh lines then paid more in collections than they saved)."""


def clear_meanings() -> None:
    """Forget every token's meaning (tests: every token worked out afresh)."""
    _PIECES.clear()
    _KEYWORDS.clear()
    _SAID.clear()
    _SEEN_ONCE.clear()


def _piece(src: _Source, tok: str, i: int) -> _Piece:
    """The meaning of piece ``i`` of the tile block, or the NotationError that says what is wrong with it."""
    c = tok[0]
    if c == "[" or c == "(":
        meld = _meld(src, tok, i)
        bit = (_OPEN_MELD_BIT if meld.type is not MeldType.ANKAN else 0) | (
            _KAN_BIT if meld.type is MeldType.KAN or meld.type is MeldType.ANKAN else 0)
        meaning = (_MELD, meld, bit, *_counts(meld.tiles), meld.notation(), (), 0)
    elif c == "+":
        tile = _DIGITS[tok[2]].get(tok[1])
        if tile is None:
            try:
                Tile.parse(tok[1:])
            except ValueError as exc:
                raise src.error(NotationError, str(exc), src.loc(i) + 1) from None
        meaning = (_WIN, tile, 0, *_counts((tile,)), "+" + str(tile), (), 0)
    else:   # a digit run and its suit
        suit = tok[-1]
        digits = tok[:-1]
        if suit == "f":
            meaning = (_FLOWER_RUN, _run_tiles(src, digits, suit, i), _FLOWER_TILES_BIT, 0, 0, "", (), 0)
        else:   # the run's digits sorted as its tiles sort, its tiles in that order, and its counts
            in_order = ("".join(sorted(digits)) if "0" not in digits   # no red five: the digits sort as the tiles
                        else "".join(sorted(digits.translate(_DIGIT_TO_KEY))).translate(_KEY_TO_DIGIT))
            try:   # its tiles and their code, each digit looked up in C (one itemgetter for both)
                if len(in_order) > 1:
                    tiles_of = itemgetter(*in_order)
                    ordered = tiles_of(_DIGITS[suit])
                    code = sum(tiles_of(_DIGIT_CODES[suit]))
                else:
                    ordered = (_DIGITS[suit][in_order],)
                    code = _DIGIT_CODES[suit][in_order]
            except KeyError:   # a digit that names no tile of the suit: the first one written is the error
                _run_tiles(src, digits, suit, i)
                raise  # pragma: no cover - _run_tiles raised
            meaning = (_RUN, None, 0, code, digits.count("0") * _RED_COUNTS[suit] if "0" in digits else 0,
                       in_order + suit, ordered, _SUIT_RANK[suit])
    if len(_PIECES) < _MAX_MEANINGS and len(tok) <= _KEPT_RUN:
        _PIECES[tok] = meaning
    return meaning


def _keyword(src: _Source, tok: str, i: int, present: int) -> _Keyword:
    """The meaning of keyword ``tok``, token ``i`` of the line (``present``: the presence bits of the keywords
    before it), or the NotationError that says what is wrong with it."""
    if src.quick and _KEYWORD_RE.fullmatch(tok) is None:   # the full reader checked it already
        raise _Reread
    name, colon, value = tok.partition(":")
    name = name.lower()
    if colon:
        reader = FIELDS.get(name)
        if reader is None:
            raise src.error(NotationError, f"unknown keyword {fragment(name + ':')}; expected "
                            f"{EXPECTED_KEYWORD}", src.loc(i))
        if present & _BIT[name]:
            raise src.error(NotationError, f"{name}: given twice", src.loc(i))
        if not value:
            raise src.error(NotationError, f"{name}: needs a value", src.loc(i) + len(name) + 1)
        try:
            read = reader(name, value)
        except _FieldError as exc:
            vloc = src.loc(i) + len(name) + 1
            reason = exc.reason.replace(SHOWN, src.quote(vloc, vloc + len(value)))
            raise src.error(exc.cls, reason, vloc + exc.offset) from None
        counted = _counts(read) if name in ("dora", "ura") else (0, 0)   # indicators count as seen tiles
        meaning = (_BIT[name], (_TEXT_SLOT[name], read, _value_text(name, read), *counted), name)
    else:
        if name not in FLAGS:
            hint = (f"{name}: needs a value" if name in FIELDS
                    else f"unknown keyword {_token_shown(src, i, tok, True)}")
            raise src.error(NotationError, f"{hint}; expected {EXPECTED_KEYWORD}", src.loc(i))
        meaning = (_BIT[name], None, name)
    if len(_KEYWORDS) < _MAX_MEANINGS:
        _KEYWORDS[tok] = meaning
    return meaning


# ---- what a line says: the facts the rules read ------------------------------------------------------------------
class _Line(NamedTuple):
    """One line read but not yet judged: the facts the rules read. Places are token indexes (of the pieces, then
    the keywords); :meth:`col` turns them into columns. Only a line that calls up rules beyond the first rows builds
    one (or one that fails them), and most of what it holds is found again from the tokens only when an error needs
    it (which pieces are runs, flowers and melds)."""

    src: _Source
    pieces: list           # the tile block's tokens
    keywords: list         # the keywords
    present: int           # the presence bits (see _BIT) of its keywords and facts
    melds: list            # its Melds, in the order written
    win: tuple | None      # (Tile, token index, offset in the token): +X, or the last concealed tile written
    vals: list             # by _TEXT_SLOT: each valued keyword's value, read (its default when not given)
    ruleset: RuleSet       # the rule set named by rules: (what its notation allows)
    allow_incomplete: bool
    n_tiles: int           # the hand's size, each meld counted as 3
    counts: TileCode       # every tile the copy rules count, summed: hand, melds, dora and ura indicators
    reds: KindCounts       # the counts of the red fives among them

    def col(self, i: int, offset: int = 0) -> int:
        """The 0-based column of character ``offset`` of token ``i``."""
        return self.src.loc(i) + offset

    def has(self, name: str) -> bool:
        return self.present & _BIT[name] != 0

    def value(self, name: str):
        """The value of valued keyword ``name`` (its default when the line does not give it)."""
        return self.vals[_TEXT_SLOT[name]]

    @property
    def tsumo(self) -> bool:
        return self.present & _TSUMO_BIT != 0

    @property
    def riichi(self) -> bool:
        """Riichi or double riichi."""
        return self.present & _RIICHI_BITS != 0

    @property
    def runs(self) -> list:
        """[(token, token index)] of the concealed tiles, as written (see _written)."""
        return [(tok, i) for i, tok in enumerate(self.pieces) if _is_run(tok)]

    @property
    def flower_runs(self) -> list:
        """[(tiles as written, token index)] of the flower tiles."""
        return [(_written(tok), i) for i, tok in enumerate(self.pieces) if tok[-1] == "f"]

    @property
    def meld_at(self) -> list:
        """[(Meld, token index)], in the order written."""
        return list(zip(self.melds, [i for i, tok in enumerate(self.pieces) if tok[0] in "[("]))

    @property
    def flags(self) -> dict[str, int]:
        """Keyword (flag or valued) -> its token index (asked only for a column: a line read without error has each
        keyword once)."""
        if self.keywords is None:   # the quick reader, which did not split them: the full reader finds columns
            raise _Reread
        first = len(self.pieces)
        return {tok.partition(":")[0].lower(): i for i, tok in enumerate(self.keywords, first)}

    @property
    def seat(self) -> int:
        return self.vals[_SEAT_SLOT]

    def located_tiles(self):
        """Every tile :attr:`counts` counts, with its column, in the order the copy rules name the first at fault:
        concealed tiles as written, the winning tile, the melds, then the dora and ura indicators (at the column
        of their value)."""
        win = self.win
        for tok, i in self.runs:
            for k, t in enumerate(_written(tok)):
                if win is None or (i, k) != win[1:]:
                    yield t, self.col(i, k)
        if win is not None:
            yield win[0], self.col(win[1], win[2])
        for m, i in self.meld_at:
            for t in m.tiles:
                yield t, self.col(i)
        for name in ("dora", "ura"):
            for t in self.value(name):
                yield t, _value_col(self, name)

    def located_flowers(self):
        for tiles, i in self.flower_runs:
            for k, t in enumerate(tiles):
                yield t, self.col(i, k)


def _value_col(f: _Line, name: str) -> int:
    """The column of keyword ``name``'s value (the first character after the colon)."""
    return f.col(f.flags[name], len(name) + 1)


def _first_over(located, limit: int, key=attrgetter("kind")):
    """The first (tile, column) at which more than ``limit`` tiles share ``key``."""
    seen: dict = {}
    for t, loc in located:
        k = key(t)
        seen[k] = seen.get(k, 0) + 1
        if seen[k] > limit:
            return t, loc
    raise AssertionError("asked only after the rule failed")  # pragma: no cover


def _first_fifth_copy(f: _Line):
    return _first_over(f.located_tiles(), 4)


def _first_second_red(f: _Line):
    return _first_over(((t, loc) for t, loc in f.located_tiles() if t.red), 1)


def _first_twice_flower(f: _Line):
    return _first_over(f.located_flowers(), 1)


def _flower_twice(f: _Line) -> bool:
    flowers = [t for tiles, _ in f.flower_runs for t in tiles]
    return len(flowers) != len(set(flowers))


class Rule(NamedTuple):
    """One legality check: on a line that has everything ``when`` names and where ``fails(line)`` is true, parsing
    raises ``error(message)`` with the caret at ``at(line)`` (a 0-based column, None for none). ``when`` names
    keywords, or the facts of :data:`FACTS` (``red``, ``flower-tiles``, ``open-meld``, ``kan``); ``()`` is every
    line. ``message`` is a string, or a function of the line when it names what it found."""

    when: tuple[str, ...]
    fails: Callable[[_Line], bool]
    error: type
    message: str | Callable[[_Line], str]
    at: Callable[[_Line], int | None]
    by_keywords: bool = False
    """``fails`` reads only which keywords and facts the line has (``present``, ``tsumo``, ``riichi``, ``has``) and
    its rule set, so the plan of a presence mask decides it once (see :func:`_plan`): left out where it cannot
    fail."""


def _needs_flag(when: tuple[str, ...], flag: str, message: str, at) -> Rule:
    """A rule that fails when the line's rule set lacks ``flag`` (a RuleSet attribute: what its notation allows)."""
    return Rule(when, lambda f: not getattr(f.ruleset, flag), NotationError, message, at, True)


def _kw(name):
    """The column of keyword ``name`` (its first letter)."""
    return lambda f: f.col(f.flags[name])


def _val(name):
    """The column of keyword ``name``'s value."""
    return lambda f: _value_col(f, name)


def _always(f):
    return True


def _count_message(f: _Line) -> str:
    need = "13 or 14" if f.allow_incomplete else "14"
    return f"wrong tile count: {f.n_tiles} tiles (each meld counts 3), a hand needs {need}"


def _norths(f: _Line) -> int:
    """The Norths among the tiles the copy rules count (hand, melds, indicators)."""
    return f.counts // CODE_ONE[NORTH] & COUNT_MASK    # (counts is a hand code: five bits a kind)


def _no_tiles(win, runs) -> bool:
    return win is None and not runs


def _wrong_count(n_tiles: int, allow_incomplete: bool) -> bool:
    return n_tiles != 14 and not (allow_incomplete and n_tiles == 13)


def _fifth_copy(counts: TileCode) -> bool:
    """More than four of some kind. Adding 11 to a count of 5-20 sets its 16 bit, and a count of 16-31 has it set
    already; a count of four or less has neither (a count of 21 or more carries into the next kind, which can only
    add a bit where that count already answers yes). The red fives counted above the count fields are not read."""
    return ((counts + OVER_FOUR_ADD) | counts) & OVER_FOUR_TEST != 0


RULES: tuple[Rule, ...] = (
    # -- the tiles: what makes them possible (every line: the first _EVERY_LINE rows, which the reader checks
    #    without building a _Line, see _read)
    Rule((), lambda f: _no_tiles(f.win, f.runs), NotationError,
         "no concealed tiles: expected tiles such as 123m besides the melds", lambda f: 0),
    Rule((), lambda f: _wrong_count(f.n_tiles, f.allow_incomplete), ImpossibleHandError,
         _count_message, lambda f: None),
    Rule((), lambda f: _fifth_copy(f.counts), ImpossibleHandError,
         lambda f: f"a fifth copy of {_first_fifth_copy(f)[0].plain}: there are only four",
         lambda f: _first_fifth_copy(f)[1]),
    _needs_flag(("red",), "red_fives", "red fives are not used under rules:mcr (write 5, not 0)",
                lambda f: next(loc for t, loc in f.located_tiles() if t.red)),
    Rule(("red",), lambda f: (f.reds + _ABOVE_ONE) & _TOP, ImpossibleHandError,
         lambda f: f"two red fives of {_first_second_red(f)[0].suit}: there is only one",
         lambda f: _first_second_red(f)[1]),
    _needs_flag(("flower-tiles",), "flowers", "flowers are MCR tiles: add rules:mcr",
                lambda f: f.col(f.flower_runs[0][1])),
    Rule(("flower-tiles",), _flower_twice, ImpossibleHandError,
         lambda f: f"flower {_first_twice_flower(f)[0]} twice: each flower is there once",
         lambda f: _first_twice_flower(f)[1]),
    # -- the keywords: what they may say together and about the tiles
    Rule(("ron", "tsumo"), _always, ImpossibleHandError, "ron and tsumo together: a hand wins one way", _kw("ron"),
         True),
    *(_needs_flag((flag,), "riichi_keywords", f"{flag} is a riichi keyword, not used under rules:mcr", _kw(flag))
      for flag in RIICHI_ONLY_FLAGS),
    *(_needs_flag((name,), "riichi_keywords", f"{name}: is a riichi keyword, not used under rules:mcr", _kw(name))
      for name in ("dora", "ura", "honba", "sticks")),
    _needs_flag(("last-tile",), "flowers", "last-tile is an MCR keyword: add rules:mcr", _kw("last-tile")),
    _needs_flag(("flowers",), "flowers", "flowers: is an MCR keyword: add rules:mcr", _val("flowers")),
    Rule(("riichi", "double-riichi"), _always, ImpossibleHandError, "riichi and double-riichi together: write one",
         _kw("double-riichi"), True),
    *(Rule((flag, "open-meld"), _always, ImpossibleHandError, "riichi with an open meld: riichi needs a closed hand",
           _kw(flag), True) for flag in ("riichi", "double-riichi")),
    Rule(("ippatsu",), lambda f: not f.riichi, ImpossibleHandError, "ippatsu without riichi", _kw("ippatsu"), True),
    Rule(("ura",), lambda f: not f.riichi, ImpossibleHandError, "ura: without riichi: ura dora count only for riichi",
         _kw("ura"), True),
    Rule(("ura",), lambda f: len(f.vals[_URA_SLOT]) > max(len(f.vals[_DORA_SLOT]), 1), ImpossibleHandError,
         "more ura indicators than dora indicators", _val("ura")),
    Rule(("haitei",), lambda f: not f.tsumo, ImpossibleHandError,
         "haitei with ron: the last draw wins by tsumo (houtei is the last discard)", _kw("haitei"), True),
    Rule(("houtei",), attrgetter("tsumo"), ImpossibleHandError,
         "houtei with tsumo: the last discard wins by ron (haitei is the last draw)", _kw("houtei"), True),
    Rule(("rinshan",), lambda f: not f.tsumo, ImpossibleHandError,
         "rinshan with ron: the replacement tile after a kan is drawn (tsumo)", _kw("rinshan"), True),
    Rule(("rinshan",), lambda f: not f.has("kan"), ImpossibleHandError,
         "rinshan without a kan: the replacement tile comes after a kan", _kw("rinshan"), True),
    # riichi's replacement tiles come from the dead wall, never the last draw; MCR (no dead wall) draws them from
    # the wall's end, so the replacement may be the wall's last tile: Out with Replacement Tile and Last Tile Draw
    # together (the rule set decides, so this rule is not settled by the keywords alone)
    Rule(("rinshan", "haitei"), attrgetter("ruleset.dead_wall"), ImpossibleHandError,
         "haitei with rinshan: a replacement tile is not the last draw", _kw("haitei")),
    Rule(("chankan",), attrgetter("tsumo"), ImpossibleHandError, "chankan with tsumo: robbing a kan is a ron",
         _kw("chankan"), True),
    Rule(("chankan",), lambda f: f.has("houtei") or f.has("haitei"), ImpossibleHandError,
         "chankan with haitei or houtei", _kw("chankan"), True),
    Rule(("tenhou",), lambda f: not f.tsumo or f.seat != 0 or bool(f.melds), ImpossibleHandError,
         "tenhou is the dealer's (seat:E) tsumo on the first draw, with no melds", _kw("tenhou")),
    Rule(("chiihou",), lambda f: not f.tsumo or f.seat == 0 or bool(f.melds), ImpossibleHandError,
         "chiihou is a non-dealer's tsumo on the first draw, with no melds", _kw("chiihou")),
    *(Rule((flag,), attrgetter("riichi"), ImpossibleHandError, "tenhou/chiihou with riichi", _kw(flag), True)
      for flag in ("tenhou", "chiihou")),
    Rule(("flowers", "flower-tiles"), _always, NotationError, "flowers: and flower tiles together: write one",
         _val("flowers"), True),
    Rule(("flowers",), lambda f: f.value("flowers") > 8, ImpossibleHandError, "flowers: at most 8",
         _val("flowers")),
    # nuki:N (three-player riichi): Norths set aside, so N and the Norths in view are at most four (that the
    # preset is a three-player one is checked once the preset is known: _table, in _read)
    _needs_flag(("nuki",), "riichi_keywords", "nuki: is a three-player riichi keyword, not used under rules:mcr",
                _kw("nuki")),
    Rule(("nuki",), lambda f: f.value("nuki") + _norths(f) > MAX_NUKI, ImpossibleHandError,
         lambda f: f"nuki:{f.value('nuki')} with {_norths(f)} more North{'s' if _norths(f) > 1 else ''} in the "
                   f"hand, its melds or the indicators: there are only four", _val("nuki")),
)
"""Every legality check of a line, in the order they are tried (the first that fails is the error)."""
_EVERY_LINE = 3
"""The first rows of RULES, which every line runs: no concealed tiles, the count, a fifth copy."""
assert all(not r.when and not r.by_keywords for r in RULES[:_EVERY_LINE])

FACTS = ("red", "flower-tiles", "open-meld", "kan")
"""What a line's tiles show that a rule may ask for as it asks for a keyword: a red five among the tiles or
indicators, flower tiles, a chi, pon or open kan, a kan (open or closed)."""
PresenceMask: TypeAlias = int
"""Bit ``_BIT[name]`` set for each keyword and fact a line has (see :func:`_plan`)."""
_BIT: dict[str, PresenceMask] = {name: 1 << i for i, name in enumerate(FLAGS + VALUED + FACTS)}
_RED_BIT, _FLOWER_TILES_BIT, _OPEN_MELD_BIT, _KAN_BIT = map(_BIT.__getitem__, FACTS)
_TSUMO_BIT, _RIICHI_BITS = _BIT["tsumo"], _BIT["riichi"] | _BIT["double-riichi"]
_KEYWORD_BITS: PresenceMask = sum(_BIT[name] for name in FLAGS + VALUED)
Plan: TypeAlias = "tuple[tuple[tuple[Callable, Rule], ...], tuple[tuple[Callable, Rule], ...]]"
"""(every rule a line must pass, those after the :data:`_EVERY_LINE` ones), each rule as ``(rule.fails, rule)``."""
_PLANS: dict[str, dict[PresenceMask, Plan]] = {name: {} for name in RULE_SETS}
"""By rule set name, by presence mask: the plan (see :func:`_plan`)."""


_WHEN_BITS: tuple[PresenceMask, ...] = tuple(sum(_BIT[name] for name in rule.when) for rule in RULES)
"""By rule: the presence bits of what its ``when`` names."""
_RULE_BITS: PresenceMask = reduce(or_, _WHEN_BITS, sum(_BIT[name] for name in FACTS))
"""Every bit some rule's ``when`` names, and the facts (a rule decided by the keywords may read one it does not
name); the others (round:, seat:, honba:, ...) call up no rule, so a plan is looked up by ``present & _RULE_BITS``
and lines that differ only in those share it."""


def _plan(present: PresenceMask, rules: str) -> Plan:
    """The rules a line with presence mask ``present`` under rule set ``rules`` must pass, in table order, each as
    ``(rule.fails, rule)``; a rule decided by the keywords (``by_keywords``) is left out where it passes (a line
    with this mask cannot fail it), kept where it fails (so the first rule that fails is still the error); and the
    same without the :data:`_EVERY_LINE` rows. Worked out once per mask and rule set: there are no more masks than
    sets of keywords a line can have, and few occur."""
    # what a rule decided by the keywords reads, and nothing else
    probe = _Line(None, [], [], present, [], None, list(_DEFAULT_VALUES), RULESETS[rules], False, 0, 0, 0)
    rows = tuple((rule.fails, rule) for rule, when in zip(RULES, _WHEN_BITS) if present & when == when
                 and not (rule.by_keywords and not rule.fails(probe)))
    plan = _PLANS[rules][present] = (rows, rows[_EVERY_LINE:])
    return plan


# ---- the reader of meaning: tokens -> Hand ------------------------------------------------------------------------
_DIGIT_CHARS = "0123456789"
_SEAT_SLOT, _DORA_SLOT, _URA_SLOT, _FLOWERS_SLOT, _CLAIM_SLOT, _RULES_SLOT, _PRESET_SLOT = map(
    _TEXT_SLOT.__getitem__, ("seat", "dora", "ura", "flowers", "claim", "rules", "preset"))
_DEFAULT_VALUES = (0, 1, 0, 0, (), (), None, 0, None, None, None)
"""By :data:`_TEXT_SLOT`: a valued keyword's value when the line does not give it (East round, South seat, no
honba or sticks, no indicators, no flowers:, no nuki, no claim:, rules: or preset:). The first eight are the
Situation's fields from ``round_wind`` on, in order."""
assert len(_DEFAULT_VALUES) == len(_TEXT_ORDER)
assert _TEXT_ORDER[:8] == ("round", "seat", "honba", "sticks", "dora", "ura", "flowers", "nuki")


# What a line's keywords say, whatever its tiles: they are read apart from the tile block (a keyword's meaning and
# the keywords given twice do not depend on it), so a keyword list written again (the same string) is read once.
# A plain tuple (as _Piece), by position:
#   present    the keywords' presence bits
#   vals       by _TEXT_SLOT: each valued keyword's value (see _DEFAULT_VALUES); never changed
#   counts     the dora and ura indicators, summed
#   reds       the counts of their red fives
#   text       their part of the canonical notation after rules: and preset: (flags, then values)
#   situation  the Situation
_Said: TypeAlias = "tuple[PresenceMask, list, TileCode, KindCounts, str, Situation]"


_SAID: dict[str, _Said] = {}
"""A line's keywords as written (the text after its tile block) -> what they say (see :func:`_said`), up to
:data:`_MAX_SAID` entries: a batch writes few keyword lists over and over (``rules:mcr tsumo seat:S round:E``)."""
_MAX_SAID = 1 << 11   # about 1.5 MB when full
_SEEN_ONCE: set[str] = set()
"""The keyword lists met once since it was last emptied (strings only: what a list says is kept from its second
time on, so a batch of lists written once each, as riichi lines often are, keeps nothing that the garbage
collector must walk)."""
_MAX_SEEN = 1 << 10   # about 130 kB when full; then emptied (a set the garbage collector walks whole, string by
#                        string, in each full collection: a big one costs a cache miss for each of its strings)


def _said(keywords: list[str], src: _Source, first: int) -> _Said:
    """What ``keywords`` (tokens ``first`` on of the line) say, or the NotationError about the first one wrong."""
    present = counts = reds = 0   # present: a bit for each keyword
    vals = list(_DEFAULT_VALUES)
    texts = [""] * len(_TEXT_ORDER)   # the valued keywords' parts of the canonical notation, by _TEXT_SLOT
    keyword_of = _KEYWORDS.get
    try:   # the keywords met before (most): their meanings, kept
        for tok in keywords:
            bit, valued, _ = keyword_of(tok)   # (TypeError: a keyword without a meaning kept)
            present |= bit
            if valued is not None:
                slot, value, text, tile_counts, red_counts = valued
                vals[slot] = value
                texts[slot] = text
                if tile_counts:
                    counts += tile_counts
                    if red_counts:
                        reds += red_counts
    except TypeError:   # a keyword to read: all are read again in turn (the same slots are written again)
        present, counts, reds = _read_keywords(keywords, src, first, vals, texts)
    else:
        if present.bit_count() != len(keywords):   # a keyword given twice: read in turn, it is the error
            _read_keywords(keywords, src, first, vals, texts)
    bits = present & _FORMATTED_FLAG_BITS
    text = (_flag_texts.get(bits) or _flag_text(bits)) + "".join(texts)
    if present:
        bits = present & _SITUATION_FLAG_BITS
        situation = build_situation_of(_flag_values.get(bits) or _situation_flags(bits), *vals[:8])
    else:
        situation = _NO_SITUATION
    return present, vals, counts, reds, text, situation


def _read_keywords(keywords: list[str], src: _Source, first: int, vals: list, texts: list) -> tuple[int, int, int]:
    """The keywords read one by one (their meanings worked out and kept where not yet known): ``vals`` and
    ``texts`` filled by slot, and (the presence bits, the indicators' code, their red fives) returned; or the
    NotationError about the first one wrong (a keyword given twice is seen where it comes again)."""
    present = counts = reds = 0
    keyword_of = _KEYWORDS.get
    for i, tok in enumerate(keywords, first):
        bit, valued, name = keyword_of(tok) or _keyword(src, tok, i, present)
        if present & bit:
            raise src.error(NotationError, f"{name} given twice" if valued is None else f"{name}: given twice",
                            src.loc(i))
        present |= bit
        if valued is not None:
            slot, value, text, tile_counts, red_counts = valued
            vals[slot] = value
            texts[slot] = text
            counts += tile_counts
            reds += red_counts
    return present, counts, reds


def _read(tokens: Tokens, src: _Source, rules: str | None, preset: str | None, allow_incomplete: bool,
          said: _Said | None = None) -> Hand:
    """The Hand of a line's tokens, or the NotationError about the first thing wrong in it (``said``: what its
    keywords say, when already known)."""
    pieces, keywords = tokens
    ordered: tuple[Tile, ...] = ()   # the concealed tiles sorted, while the runs come one suit each in suit order
    concealed_text = ""        # and their canonical notation
    last_rank = -1             # the suit rank of the last run, or _UNORDERED once a run breaks the order
    meld_text = ""             # the melds' canonical notation, in the order written
    flower_tiles: list[Tile] = []
    melds: list[Meld] = []
    win = None
    present = counts = reds = 0   # present: the facts the pieces show (the keywords' bits are added below)
    meld_counts = 0               # the melds' part of counts (the rest of the pieces' is the closed code)
    piece_of = _PIECES.get
    for i, tok in enumerate(pieces):
        kind, what, bit, tile_counts, red_counts, text, run_sorted, rank = piece_of(tok) or _piece(src, tok, i)
        counts += tile_counts
        if red_counts:
            reds += red_counts
        if kind == _RUN:
            if win is not None:
                raise src.error(NotationError, "concealed tiles after the winning tile: write +X after them",
                                src.loc(i))
            if rank > last_rank:   # one more suit, after the ones before: the sorted tiles and text just follow
                ordered += run_sorted
                concealed_text += text
                last_rank = rank
            else:
                last_rank = _UNORDERED
        elif kind == _MELD:
            melds.append(what)
            meld_text += text
            present |= bit
            meld_counts += tile_counts
        elif kind == _WIN:
            if win is not None:
                raise src.error(ImpossibleHandError, "a second winning tile: write +X once", src.loc(i))
            win = (what, i, 1)
        else:  # flowers
            if win is not None:
                raise src.error(NotationError, "concealed tiles after the winning tile: write +X after them",
                                src.loc(i))
            flower_tiles += what
            present |= bit
    if said is None:
        said = _said(keywords, src, len(pieces))
    said_present, vals, said_counts, said_reds, said_text, situation = said
    present |= said_present
    closed_code = counts - meld_counts if meld_counts else counts   # the concealed tiles and the winning tile
    if said_counts:
        counts += said_counts
        if said_reds:
            reds += said_reds

    rules_v = vals[_RULES_SLOT] or (rules.lower() if rules else DEFAULT_RULES)
    if rules_v not in RULE_SETS:
        raise src.error(NotationError, f"rules: expects riichi or mcr, found {fragment(rules_v)}", None)

    # the winning tile: +X, or the last concealed tile written (none for a 13-tile hand under analysis)
    n_tiles = (len(ordered) if last_rank != _UNORDERED else _n_concealed(pieces)) + 3 * len(melds)
    popped = False
    last_run = -1   # the token index of the last concealed run, asked only when the line has no +X
    if win is None:
        last_run = _last_run(pieces)
        if last_run >= 0 and not (allow_incomplete and n_tiles == 13):
            last_tok = pieces[last_run]
            win = (_DIGITS[last_tok[-1]][last_tok[-2]], last_run, len(last_tok) - 2)
            popped = True
    else:
        n_tiles += 1
    if reds:
        present |= _RED_BIT

    every, rest = _PLANS[rules_v].get(present & _RULE_BITS) or _plan(present & _RULE_BITS, rules_v)
    # the first rows of RULES, which every line runs, pass at once on a 14-tile hand with a winning tile and no
    # fifth copy
    if not (n_tiles == 14 and win is not None and not ((counts + OVER_FOUR_ADD) | counts) & OVER_FOUR_TEST) and (
            _no_tiles(win, last_run >= 0) or _wrong_count(n_tiles, allow_incomplete) or _fifth_copy(counts)):
        rest = every   # one of the first rows fails: the table says which, and with what message
    if rest:   # the line's facts, for the rules (most lines pass the first rows and call up few others)
        f = _new_line(_Line, (src, pieces, keywords, present, melds, win, vals, RULESETS[rules_v],
                                 allow_incomplete, n_tiles, counts, reds))
        for fails, rule in rest:
            if fails(f):
                message = rule.message if isinstance(rule.message, str) else rule.message(f)
                raise src.error(rule.error, message, rule.at(f))

    preset_v = vals[_PRESET_SLOT] or preset
    if preset_v:
        preset_v = preset_v.lower()
    if present & _NUKI_BIT:   # a three-player hand: the preset's table must seat three and hold its tiles
        players, absent = _TABLES.get((rules_v, preset_v)) or _table(rules_v, preset_v)
        if players != 3 or counts & absent:
            _table_error(_new_line(_Line, (src, pieces, keywords, present, melds, win, vals, RULESETS[rules_v],
                                              allow_incomplete, n_tiles, counts, reds)), preset_v, players, absent)
    # the concealed tiles, sorted, and the canonical notation (as format_hand writes it: tests/grammar/test_paths.py)
    if popped and last_rank != _UNORDERED:
        # the runs in suit order, the last of them less its last tile: that run is the end of the sorted tiles and
        # of their text, and the run written without that digit has the tiles left, sorted, and their text
        last_tok = pieces[last_run]
        _, _, _, _, _, last_text, last_sorted, _ = piece_of(last_tok) or _piece(src, last_tok, last_run)
        short = last_tok[:-2] + last_tok[-1]
        if len(short) > 1:
            _, _, _, _, _, short_text, short_sorted, _ = piece_of(short) or _piece(src, short, last_run)
        else:
            short_text, short_sorted = "", ()
        ordered = ordered[:len(ordered) - len(last_sorted)] + short_sorted
        concealed_text = concealed_text[:len(concealed_text) - len(last_text)] + short_text
    elif last_rank == _UNORDERED:   # runs out of suit order or a suit written twice
        ordered, concealed_text = _sorted_concealed(src, pieces, popped)
    notation = concealed_text
    if flower_tiles:
        flowers = tuple(sorted(flower_tiles, key=TILE_ORDER))
        notation += format_tiles(flowers, sort=False)
    else:
        flowers = ()
    notation += meld_text
    if win is not None:
        notation += _WIN_TEXT_OF[win[0].order]
    if rules_v != DEFAULT_RULES:
        notation += " rules:" + rules_v
    if preset_v:
        notation += " preset:" + preset_v
    return build_parsed_hand(ordered, tuple(melds), win[0] if win else None, situation, flowers, rules_v,
                             preset_v or None, vals[_CLAIM_SLOT], notation + said_text, closed_code)


_NUKI_BIT = _BIT["nuki"]
_TABLES: dict[tuple[str, str | None], tuple[int, int]] = {}
"""(rule set, preset name) -> (the seats of its table, the hand-code fields (:data:`scorer.arrangements.CODE_ONE`,
five bits a kind, as the line's ``counts``) of the kinds its tile set lacks): filled by :func:`_table` for the
presets that exist (a few names)."""


def _table(rules: str, preset: str | None) -> tuple[int, int]:
    """The seats and the absent kinds' fields of the table a preset scores for (a rule set's preset without
    ``players`` or ``absent_mask`` is a four-seat table of every kind). An unknown preset is the evaluator's error
    to report: here it is a four-seat table, not kept."""
    try:
        p = RULESETS[rules].find_preset(preset)
    except NotationError:
        return 4, 0
    mask = getattr(p, "absent_mask", 0)
    table = _TABLES[rules, preset] = (getattr(p, "players", 4),
                                      sum(COUNT_MASK * CODE_ONE[k] for k in range(N_KINDS) if mask >> k & 1))
    return table


def _table_error(f: _Line, preset: str | None, players: int, absent: int):
    """Raise the error of a ``nuki:`` line whose table cannot hold it: a four-seat preset, or a tile the preset's
    tile set lacks (three players: 2m-8m). (A line without ``nuki:`` may hold 2m-8m under a three-player preset:
    a four-player hand scored with three-player payments, as ``--compare`` does.)"""
    shown = f"preset:{preset}" if preset else "the default preset"
    if players != 3:
        raise f.src.error(NotationError, f"nuki: needs a three-player preset such as preset:tenhou-sanma "
                          f"({shown} is for {players} players)", f.col(f.flags["nuki"]))
    tile, col = next((t, col) for t, col in f.located_tiles() if absent & CODE_ONE[t.kind])
    raise f.src.error(ImpossibleHandError, f"{tile.plain} with nuki: under {shown}: a three-player table has no "
                      f"2m-8m", col)


def _is_run(tok: str) -> bool:
    """A piece that is concealed tiles (not flowers, a meld or +X)."""
    return tok[0] in _DIGIT_CHARS and tok[-1] != "f"


def _n_concealed(pieces: list[str]) -> int:
    """How many concealed tiles the runs among ``pieces`` write."""
    return sum([len(tok) - 1 for tok in pieces if _is_run(tok)])


def _last_run(pieces: list[str]) -> int:
    """The index of the last concealed run among ``pieces``; -1 for none."""
    for i in range(len(pieces) - 1, -1, -1):
        if _is_run(pieces[i]):
            return i
    return -1


def _sorted_concealed(src: _Source, pieces: list[str], popped: bool) -> tuple[tuple[Tile, ...], str]:
    """The concealed tiles sorted, and their canonical text, of a tile block whose runs are not one suit each in
    suit order (``popped``: less the last tile of the last run, the winning tile). Every run was read already
    (a run less a digit names tiles too), so no error comes from here."""
    runs = [tok for tok in pieces if _is_run(tok)]
    if popped:
        runs[-1] = runs[-1][:-2] + runs[-1][-1]
    if len({tok[-1] for tok in runs}) == len(runs):   # one run a suit, out of order: their meanings in suit order
        meanings = sorted((_PIECES.get(tok) or _piece(src, tok, 0) for tok in runs if len(tok) > 1),
                          key=itemgetter(_PIECE_RANK))
        return (tuple([t for m in meanings for t in m[_PIECE_ORDERED]]), "".join([m[_PIECE_TEXT] for m in meanings]))
    ordered = tuple(sorted([t for tok in runs for t in _written(tok)], key=TILE_ORDER))
    return ordered, format_tiles(ordered, sort=False)


_TEXT_OF = {t.order: str(t) for table in _DIGITS.values() for t in table.values()}   # by sort key: a tile's notation
_WIN_TEXT_OF = {order: "+" + text for order, text in _TEXT_OF.items()}   # and as the winning tile, +X


_NO_SITUATION = Situation()


_SITUATION_FLAGS = ("tsumo", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
                    "chiihou", "last-tile")
"""The flag keywords in the order of the Situation fields they set."""
_SITUATION_FLAG_BITS: PresenceMask = sum(_BIT[name] for name in _SITUATION_FLAGS)
_flag_values: dict[PresenceMask, tuple[bool, ...]] = {}   # the flags' presence bits -> the Situation's booleans


def _situation_flags(bits: PresenceMask) -> tuple[bool, ...]:
    """The Situation booleans (in field order) of a line whose flag keywords have the presence bits ``bits`` (one
    tuple per set of flags that occurs: at most 2 ** 11, and few occur)."""
    values = _flag_values[bits] = tuple(bits & _BIT[name] != 0 for name in _SITUATION_FLAGS)
    return values


class _QuickSource(_Source):
    """The line as the quick reader sees it: it needs no columns or quotes, since any error means the line is read
    again by the full reader (every method an error needs raises :class:`_Reread`)."""

    __slots__ = ()

    def __init__(self):   # one for every line the quick reader reads
        self.quick = True

    def quote(self, start: int, end: int, marks: bool = True) -> str:
        raise _Reread


_QUICK = _QuickSource()


def _parse(text: str, rules, preset, allow_incomplete, tokenize=None) -> Hand:
    """Read one line with ``tokenize``; by default the quick reader first (an ASCII line of at most MAX_LINE
    characters), then the full one for any line the quick one does not take or finds wrong."""
    if tokenize is None:
        tokenize = _tokens
        if len(text) <= MAX_LINE and text.isascii():
            line = text.strip()   # as the full reader strips it (an ASCII line folds to itself)
            # the quick reader (see _quick_tokens): the tile block up to the first space, filled by its pieces
            block, _, rest = line.partition(" ")
            pieces = _PIECE_RE.findall(block)
            if block and "".join(pieces) == block:
                try:
                    said = _SAID.get(rest)
                    if said is None:
                        keywords = rest.split(" ") if rest else []
                        said = _said(keywords, _QUICK, len(pieces))
                        if rest in _SEEN_ONCE:   # a keyword list met before: keep what it says
                            if len(_SAID) < _MAX_SAID:
                                _SAID[rest] = said
                        else:
                            if len(_SEEN_ONCE) >= _MAX_SEEN:   # full: start again (lists that recur soon are found)
                                _SEEN_ONCE.clear()
                            _SEEN_ONCE.add(rest)
                    return _read((pieces, None), _QUICK, rules, preset, allow_incomplete, said)
                except _Reread:
                    pass
    src = _Source(text)
    if not src.line:
        raise NotationError("empty hand: expected concealed tiles such as 123m456p")
    return _read(tokenize(src), src, rules, preset, allow_incomplete)


read_line: Callable[[str, str | None, str | None, bool], Hand] = _parse
"""``read_line(text, rules, preset, allow_incomplete)``: :func:`parse_hand` with its arguments by position (for
:func:`scorer.score`, which calls it once a line: a call with keywords, and one more call, cost more)."""


def parse_hand(text: str, *, rules: str | None = None, preset: str | None = None,
               allow_incomplete: bool = False) -> Hand:
    """Parse one line of hand notation (at most 4,096 characters; see the module docstring).

    ``rules`` and ``preset`` are defaults that the line's own ``rules:`` / ``preset:`` keywords override.
    ``allow_incomplete`` accepts a 13-tile hand too (for analysis); it then has no winning tile.
    Raises :class:`NotationError` (or its subclass :class:`ImpossibleHandError`) quoting the line.
    """
    return _parse(text, rules, preset, allow_incomplete)


# ---- the formatter ---------------------------------------------------------------------------------------------
_FORMATTED_FLAGS = ("riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
                    "chiihou", "last-tile")
"""The flags after ron/tsumo, in the order the canonical notation writes them."""
_FLAG_WORDS = tuple(" " + flag for flag in _FORMATTED_FLAGS)
_FORMATTED_FLAG_BITS: PresenceMask = _TSUMO_BIT | sum(_BIT[flag] for flag in _FORMATTED_FLAGS)
_flag_texts: dict[PresenceMask, str] = {}   # the flags' presence bits -> how the canonical notation writes them


def _flag_text(bits: PresenceMask) -> str:
    """The canonical notation's " tsumo"/" ron" and flags for the flag presence bits ``bits`` (one string per set of
    flags that occurs: at most 2 ** 11)."""
    text = _flag_texts[bits] = (" tsumo" if bits & _TSUMO_BIT else " ron") + "".join(
        word for word, flag in zip(_FLAG_WORDS, _FORMATTED_FLAGS) if bits & _BIT[flag])
    return text



_flags_of = attrgetter(*(flag.replace("-", "_") for flag in _FORMATTED_FLAGS))   # a Situation's, in that order
def format_hand(hand: Hand) -> str:
    """The canonical notation of a hand: ``parse_hand(format_hand(h)) == h``."""
    s = hand.situation
    # a Hand keeps its concealed tiles and flowers sorted (it sorts them when it is made)
    out = format_tiles(hand.concealed, sort=False)
    if hand.flowers:
        out += format_tiles(hand.flowers, sort=False)
    for m in hand.melds:
        out += m.notation()
    if hand.winning_tile is not None:
        out += "+" + str(hand.winning_tile)
    if hand.rules != DEFAULT_RULES:
        out += f" rules:{hand.rules}"
    if hand.preset:
        out += f" preset:{hand.preset}"
    out += " tsumo" if s.tsumo else " ron"
    for word, on in zip(_FLAG_WORDS, _flags_of(s)):   # the flags in the canonical order
        if on:
            out += word
    if s.round_wind != 0:
        out += " round:" + WINDS[s.round_wind]
    if s.seat_wind != 1:
        out += " seat:" + WINDS[s.seat_wind]
    if s.honba:
        out += f" honba:{s.honba}"
    if s.sticks:
        out += f" sticks:{s.sticks}"
    if s.dora:
        out += " dora:" + format_tiles(s.dora, sort=False)
    if s.ura:
        out += " ura:" + format_tiles(s.ura, sort=False)
    if s.flower_count is not None:
        out += f" flowers:{s.flower_count}"
    if s.nuki:
        out += f" nuki:{s.nuki}"
    if hand.claim:
        out += f" claim:{hand.claim}"
    return out
