"""The hand notation grammar: text in, a frozen :class:`~scorer.hand.Hand` out (and back again).

Shape of a line::

    <concealed tiles> [<melds>] [+<winning tile>] <keywords>

``123m456p789s11z55z+5z ron riichi dora:4p``. Digit runs take the suit letter that follows them (``m`` characters,
``p`` dots, ``s`` bamboo, ``z`` honors 1-7 = East South West North White Green Red, ``f`` flowers 1-8); ``0`` is a
red five. Melds: ``[123m]`` chi, ``[555p]`` pon, ``[5555p]`` open kan, ``(5555p)`` closed kan. ``+X`` names the
winning tile once, right after the concealed tiles or after the melds; without it the last concealed tile written
is the winning tile. Keywords are case-insensitive and may come in any order.

pyparsing finds the pieces and where they are; the checks that make a hand possible are plain Python below, so
every error can quote the line and put a caret under the column at fault. pyparsing's exceptions never leave this
module.
"""

from __future__ import annotations

import pyparsing as pp

from scorer.errors import ImpossibleHandError, NotationError
from scorer.hand import Hand, Situation, WINDS
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile, format_tiles

FLAGS = ("tsumo", "ron", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
         "tenhou", "chiihou", "last-tile")
VALUED = ("dora", "ura", "round", "seat", "honba", "sticks", "rules", "preset", "flowers", "claim")
RULES = ("riichi", "mcr")
RIICHI_ONLY_FLAGS = ("riichi", "double-riichi", "ippatsu", "tenhou", "chiihou")
EXPECTED_KEYWORD = ("a keyword: ron, tsumo, riichi, double-riichi, ippatsu, haitei, houtei, rinshan, chankan, "
                    "tenhou, chiihou, last-tile, or dora: ura: round: seat: honba: sticks: rules: preset: "
                    "flowers: claim:")


# ---- the pyparsing grammar: pieces with their locations -------------------------------------------------------
def _tag(name):
    return lambda s, loc, toks: (name, toks[0], loc)


_TILES = pp.Regex(r"[0-9]+[mpszf]").set_parse_action(_tag("tiles")).set_name("tiles like 123m")
_MELD = pp.Regex(r"\[[0-9]+[mpsz]\]|\([0-9]+[mpsz]\)").set_parse_action(_tag("meld")).set_name("a meld like [555p]")
_WIN = pp.Regex(r"\+[0-9][mpsz]").set_parse_action(_tag("win")).set_name("a winning tile like +5z")
_KEYWORD = pp.Regex(r"[A-Za-z][A-Za-z0-9_-]*(:[^\s]*)?").set_parse_action(_tag("kw")).set_name("a keyword")
_LINE = (pp.OneOrMore(_TILES | _MELD | _WIN).set_name("tiles, melds and +tile")
         + pp.ZeroOrMore(_KEYWORD) + pp.StringEnd().set_name("a keyword"))


def _pieces(text: str):
    try:
        return list(_LINE.parse_string(text, parse_all=True))
    except pp.ParseBaseException as exc:
        why, col = _explain(text, exc.loc)
        raise NotationError(why, text, col) from None


def _explain(text: str, loc: int) -> tuple[str, int]:
    """Turn the place where pyparsing stopped into a reason and a 1-based column."""
    rest = text[loc:]
    if not rest:
        return "unexpected end of the line", loc + 1
    ch = rest[0]
    if ch.isdigit():
        n = len(rest) - len(rest.lstrip("0123456789"))
        after = rest[n:n + 1]
        if after and after in "mpszf":
            return "tiles after the keywords: write tiles, melds and +X first, keywords last", loc + 1
        if after and not after.isspace():
            return (f"expected a suit letter m, p, s, z or f after {rest[:n]!r}, found {after!r}", loc + n + 1)
        return f"expected a suit letter m, p, s, z or f after {rest[:n]!r}", loc + n + 1
    if ch in "[(":
        close = "]" if ch == "[" else ")"
        end = rest.find(close)
        if end < 0:
            return f"unclosed meld: expected {close!r}", loc + 1
        return (f"expected a meld like [123m], [555p], [5555p] or (5555p), found {rest[:end + 1]!r}", loc + 1)
    if ch == "+":
        return "expected one winning tile after '+', like +5z", loc + 2
    if ch in "])":
        return f"{ch!r} without its opening bracket", loc + 1
    if loc == 0:
        return f"expected concealed tiles such as 123m456p, found {ch!r}", 1
    if ch.isalpha():
        # a keyword was allowed here, so the problem is a tile piece after keywords
        return f"expected {EXPECTED_KEYWORD}, found {rest.split()[0]!r}", loc + 1
    return (f"expected tiles like 123m, a meld like [555p], a winning tile like +5z, or a keyword, "
            f"found {ch!r}", loc + 1)


# ---- semantics -----------------------------------------------------------------------------------------------
def _tiles_of(run: str, loc: int, line: str, *, melded: bool = False) -> list[tuple[Tile, int]]:
    suit = run[-1]
    out = []
    for i, d in enumerate(run[:-1]):
        try:
            out.append((Tile.parse(d + suit), loc + i))
        except ValueError as exc:
            raise NotationError(f"{exc}", line, loc + i + 1) from None
    return out


def _err(cls, msg, line, loc):
    return cls(msg, line, None if loc is None else loc + 1)


def parse_hand(text: str, *, rules: str | None = None, preset: str | None = None,
               allow_incomplete: bool = False) -> Hand:
    """Parse one line of hand notation.

    ``rules`` and ``preset`` are defaults that the line's own ``rules:`` / ``preset:`` keywords override.
    ``allow_incomplete`` accepts a 13-tile hand too (for analysis); it then has no winning tile.
    """
    line = text.strip()
    if not line:
        raise NotationError("empty hand: expected concealed tiles such as 123m456p")
    pieces = _pieces(line)

    concealed: list[tuple[Tile, int]] = []
    flowers: list[tuple[Tile, int]] = []
    melds: list[tuple[Meld, int]] = []
    win: tuple[Tile, int] | None = None
    keywords: list[tuple[str, int]] = []
    for kind, tok, loc in pieces:
        if kind == "tiles":
            if melds:
                raise _err(NotationError, "concealed tiles must come before the melds", line, loc)
            if win is not None:
                raise _err(NotationError, "concealed tiles after the winning tile: write +X after them", line, loc)
            for tile, tloc in _tiles_of(tok, loc, line):
                (flowers if tile.is_flower else concealed).append((tile, tloc))
        elif kind == "meld":
            closed = tok[0] == "("
            tiles = [t for t, _ in _tiles_of(tok[1:-1], loc + 1, line)]
            kinds = {t.kind for t in tiles}
            if len(tiles) == 4 and len(kinds) == 1:
                mtype = MeldType.ANKAN if closed else MeldType.KAN
            elif closed:
                raise _err(ImpossibleHandError, f"{tok} is not a closed kan: ( ) holds four of one kind", line, loc)
            elif len(tiles) == 3 and len(kinds) == 1:
                mtype = MeldType.PON
            else:
                mtype = MeldType.CHI
            try:
                melds.append((Meld(mtype, tuple(tiles)), loc))
            except ImpossibleHandError:
                raise _err(ImpossibleHandError,
                           f"{tok} is not a meld: expected a chi like [123m], a pon like [555p] or a kan like "
                           f"[5555p] / (5555p)", line, loc) from None
        elif kind == "win":
            if win is not None:
                raise _err(ImpossibleHandError, "a second winning tile: write +X once", line, loc)
            try:
                tile = Tile.parse(tok[1:])
            except ValueError as exc:
                raise _err(NotationError, str(exc), line, loc + 1) from None
            win = (tile, loc + 1)
        else:
            keywords.append((tok, loc))

    # ---- keywords ----
    flags: dict[str, int] = {}
    values: dict[str, tuple[str, int]] = {}
    for tok, loc in keywords:
        name, _, value = tok.partition(":")
        name = name.lower()
        if ":" in tok:
            if name not in VALUED:
                raise _err(NotationError, f"unknown keyword {name + ':'!r}; expected {EXPECTED_KEYWORD}", line, loc)
            if name in values:
                raise _err(NotationError, f"{name}: given twice", line, loc)
            if not value:
                raise _err(NotationError, f"{name}: needs a value", line, loc + len(name) + 1)
            values[name] = (value, loc + len(name) + 1)
        else:
            if name not in FLAGS:
                hint = f"{name}: needs a value" if name in VALUED else f"unknown keyword {tok!r}"
                raise _err(NotationError, f"{hint}; expected {EXPECTED_KEYWORD}", line, loc)
            if name in flags:
                raise _err(NotationError, f"{name} given twice", line, loc)
            flags[name] = loc

    def value_of(name, default=None):
        return values[name][0] if name in values else default

    def int_value(name):
        if name not in values:
            return 0
        v, loc = values[name]
        if not v.isdigit():
            raise _err(NotationError, f"{name}: expects a whole number, found {v!r}", line, loc)
        return int(v)

    def wind_value(name, default):
        if name not in values:
            return default
        v, loc = values[name]
        if v.upper() not in ("E", "S", "W", "N"):
            raise _err(NotationError, f"{name}: expects E, S, W or N, found {v!r}", line, loc)
        return WINDS.index(v.upper())

    def indicator_tiles(name):
        if name not in values:
            return ()
        v, loc = values[name]
        out = []
        i = 0
        for j, ch in enumerate(v):
            if ch.isdigit():
                continue
            if ch not in "mpsz" or j == i:
                raise _err(NotationError, f"{name}: expects indicator tiles such as 4p or 4p1z, found {v!r}",
                           line, loc)
            for k in range(i, j):
                try:
                    out.append(Tile.parse(v[k] + ch))
                except ValueError as exc:
                    raise _err(NotationError, f"{name}: {exc}", line, loc + k) from None
            i = j + 1
        if i != len(v):
            raise _err(NotationError, f"{name}: digits without a suit in {v!r}", line, loc + i)
        if len(out) > 5:
            raise _err(ImpossibleHandError, f"{name}: at most 5 indicators (one and four kan indicators)", line, loc)
        return tuple(out)

    rules_v = (value_of("rules") or rules or "riichi").lower()
    if rules_v not in RULES:
        loc = values["rules"][1] if "rules" in values else None
        raise _err(NotationError, f"rules: expects riichi or mcr, found {rules_v!r}", line, loc)
    mcr = rules_v == "mcr"

    # ---- the winning tile ----
    if win is None:
        if not concealed:
            raise _err(NotationError, "no concealed tiles: expected tiles such as 123m before the melds", line, 0)
        written_last = max(concealed, key=lambda p: p[1])
        n_total = len(concealed) + 3 * len(melds)
        if allow_incomplete and n_total == 13:
            win = None
        else:
            concealed.remove(written_last)
            win = written_last

    n_tiles = len(concealed) + (1 if win else 0) + 3 * len(melds)
    if n_tiles != 14 and not (allow_incomplete and n_tiles == 13):
        need = "13 or 14" if allow_incomplete else "14"
        raise _err(ImpossibleHandError,
                   f"wrong tile count: {n_tiles} tiles (each meld counts 3), a hand needs {need}", line, None)

    # ---- physical possibility: copies and red fives (hand and indicators together) ----
    dora = indicator_tiles("dora")
    ura = indicator_tiles("ura")
    counted: list[tuple[Tile, int | None]] = list(concealed) + ([win] if win else [])
    for m, loc in melds:
        counted.extend((t, loc) for t in m.tiles)
    for name in ("dora", "ura"):
        if name in values:
            counted.extend((t, values[name][1]) for t in (dora if name == "dora" else ura))
    seen: dict[int, int] = {}
    reds: set[int] = set()
    for tile, loc in counted:
        seen[tile.kind] = seen.get(tile.kind, 0) + 1
        if seen[tile.kind] > 4:
            raise _err(ImpossibleHandError, f"a fifth copy of {tile.plain}: there are only four", line, loc)
        if tile.red:
            if mcr:
                raise _err(NotationError, "red fives are not used under rules:mcr (write 5, not 0)", line, loc)
            if tile.kind in reds:
                raise _err(ImpossibleHandError, f"two red fives of {tile.suit}: there is only one", line, loc)
            reds.add(tile.kind)
    fseen: set[Tile] = set()
    for tile, loc in flowers:
        if not mcr:
            raise _err(NotationError, "flowers are MCR tiles: add rules:mcr", line, loc)
        if tile in fseen:
            raise _err(ImpossibleHandError, f"flower {tile} twice: each flower is there once", line, loc)
        fseen.add(tile)

    # ---- situation ----
    def has(flag):
        return flag in flags

    def flag_err(flag, msg, cls=ImpossibleHandError):
        return _err(cls, msg, line, flags.get(flag))

    tsumo = has("tsumo")
    if tsumo and has("ron"):
        raise flag_err("ron", "ron and tsumo together: a hand wins one way")
    open_hand = any(m.is_open for m, _ in melds)
    kans = sum(1 for m, _ in melds if m.is_kan)
    if mcr:
        for flag in RIICHI_ONLY_FLAGS:
            if has(flag):
                raise flag_err(flag, f"{flag} is a riichi keyword, not used under rules:mcr", NotationError)
        for name in ("dora", "ura"):
            if name in values:
                raise _err(NotationError, f"{name}: is a riichi keyword, not used under rules:mcr",
                           line, values[name][1] - len(name) - 1)
    else:
        if has("last-tile"):
            raise flag_err("last-tile", "last-tile is an MCR keyword: add rules:mcr", NotationError)
        if "flowers" in values:
            raise _err(NotationError, "flowers: is an MCR keyword: add rules:mcr", line, values["flowers"][1])
    riichi = has("riichi") or has("double-riichi")
    if has("riichi") and has("double-riichi"):
        raise flag_err("double-riichi", "riichi and double-riichi together: write one")
    if riichi and open_hand:
        raise flag_err("riichi" if has("riichi") else "double-riichi", "riichi with an open meld: riichi needs a closed hand")
    if has("ippatsu") and not riichi:
        raise flag_err("ippatsu", "ippatsu without riichi")
    if "ura" in values and not riichi:
        raise _err(ImpossibleHandError, "ura: without riichi: ura dora count only for riichi", line,
                   values["ura"][1] - 4)
    if "ura" in values and len(ura) > max(len(dora), 1):
        raise _err(ImpossibleHandError, "more ura indicators than dora indicators", line, values["ura"][1])
    if has("haitei") and not tsumo:
        raise flag_err("haitei", "haitei with ron: the last draw wins by tsumo (houtei is the last discard)")
    if has("houtei") and tsumo:
        raise flag_err("houtei", "houtei with tsumo: the last discard wins by ron (haitei is the last draw)")
    if has("rinshan") and not tsumo:
        raise flag_err("rinshan", "rinshan with ron: the replacement tile after a kan is drawn (tsumo)")
    if has("rinshan") and kans == 0:
        raise flag_err("rinshan", "rinshan without a kan: the replacement tile comes after a kan")
    if has("rinshan") and has("haitei"):
        raise flag_err("haitei", "haitei with rinshan: a replacement tile is not the last draw")
    if has("chankan") and tsumo:
        raise flag_err("chankan", "chankan with tsumo: robbing a kan is a ron")
    if has("chankan") and (has("houtei") or has("haitei")):
        raise flag_err("chankan", "chankan with haitei or houtei")
    seat = wind_value("seat", 1)
    round_w = wind_value("round", 0)
    if has("tenhou"):
        if not tsumo or seat != 0 or melds:
            raise flag_err("tenhou", "tenhou is the dealer's (seat:E) tsumo on the first draw, with no melds")
    if has("chiihou"):
        if not tsumo or seat == 0 or melds:
            raise flag_err("chiihou", "chiihou is a non-dealer's tsumo on the first draw, with no melds")
    if (has("tenhou") or has("chiihou")) and riichi:
        raise flag_err("tenhou" if has("tenhou") else "chiihou", "tenhou/chiihou with riichi")
    flower_count = None
    if "flowers" in values:
        flower_count = int_value("flowers")
        if flowers:
            raise _err(NotationError, "flowers: and flower tiles together: write one", line, values["flowers"][1])
        if flower_count > 8:
            raise _err(ImpossibleHandError, "flowers: at most 8", line, values["flowers"][1])

    situation = Situation(
        tsumo=tsumo, riichi=has("riichi"), double_riichi=has("double-riichi"), ippatsu=has("ippatsu"),
        haitei=has("haitei"), houtei=has("houtei"), rinshan=has("rinshan"), chankan=has("chankan"),
        tenhou=has("tenhou"), chiihou=has("chiihou"), last_tile=has("last-tile"),
        round_wind=round_w, seat_wind=seat, honba=int_value("honba"), sticks=int_value("sticks"),
        dora=dora, ura=ura, flower_count=flower_count,
    )
    preset_v = value_of("preset") or preset
    return Hand(
        concealed=tuple(t for t, _ in concealed),
        melds=tuple(m for m, _ in melds),
        winning_tile=win[0] if win else None,
        situation=situation,
        flowers=tuple(t for t, _ in flowers),
        rules=rules_v,
        preset=preset_v.lower() if preset_v else None,
        claim=value_of("claim"),
    )


# ---- the formatter ---------------------------------------------------------------------------------------------
def format_hand(hand: Hand) -> str:
    """The canonical notation of a hand: ``parse_hand(format_hand(h)) == h``."""
    s = hand.situation
    out = format_tiles(hand.concealed) + format_tiles(hand.flowers)
    out += "".join(m.notation() for m in hand.melds)
    if hand.winning_tile is not None:
        out += "+" + str(hand.winning_tile)
    words: list[str] = []
    if hand.rules != "riichi":
        words.append(f"rules:{hand.rules}")
    if hand.preset:
        words.append(f"preset:{hand.preset}")
    words.append("tsumo" if s.tsumo else "ron")
    for flag, on in (("riichi", s.riichi), ("double-riichi", s.double_riichi), ("ippatsu", s.ippatsu),
                     ("haitei", s.haitei), ("houtei", s.houtei), ("rinshan", s.rinshan), ("chankan", s.chankan),
                     ("tenhou", s.tenhou), ("chiihou", s.chiihou), ("last-tile", s.last_tile)):
        if on:
            words.append(flag)
    if s.round_wind != 0:
        words.append(f"round:{WINDS[s.round_wind]}")
    if s.seat_wind != 1:
        words.append(f"seat:{WINDS[s.seat_wind]}")
    if s.honba:
        words.append(f"honba:{s.honba}")
    if s.sticks:
        words.append(f"sticks:{s.sticks}")
    if s.dora:
        words.append("dora:" + format_tiles(s.dora, sort=False))
    if s.ura:
        words.append("ura:" + format_tiles(s.ura, sort=False))
    if s.flower_count is not None:
        words.append(f"flowers:{s.flower_count}")
    if hand.claim:
        words.append(f"claim:{hand.claim}")
    return " ".join([out] + words)
