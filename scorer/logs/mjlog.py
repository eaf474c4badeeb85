"""Tenhou mjlog XML (plain or gzipped) to engine events, one :class:`~scorer.logs.Round` per ``INIT``.

The XML comes from the internet, so it is parsed with defusedxml (no DTD, no entities, no external references)
and read incrementally: a truncated file still names the round and the element where it breaks.

Elements: ``INIT`` starts a round (seed = round, honba, sticks, dice, dice, first dora indicator; ``ten`` in
hundreds); ``T U V W`` + id draw for seats 0-3, ``D E F G`` + id discard; ``N who m`` a call packed in bits;
``REACH step=1`` declares riichi, ``step=2`` is the deposit paid; ``DORA`` a kan's new indicator; ``AGARI`` a win
(two in a row for a double ron), ``RYUUKYOKU`` a draw. ``owari`` on the last result holds the final scores.

A three-player game (GO type bit 0x10, or in an old log without GO an empty fourth hand) is read as one by
default (``three_player=None``: as the record says; ``True`` reads only a three-player game, ``False`` refuses one
with :data:`scorer.logs.sanma.ENGINE_LIMIT`): three seats (``hai3`` and the fourth score empty), the 108-tile set (no 2m-8m), calls from the two other seats, no chi, and ``N`` elements
with the nukidora bit as :class:`~scorer.logs.sanma.Nuki` events (the replacement draw after one is a ``rinshan``
draw, as after a kan); the rounds carry the ``tenhou-sanma`` preset and three-seat deals, scores and deltas.
"""

from __future__ import annotations

import io
import sys
from types import MappingProxyType
from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
import re

from scorer.logs import MAX_EVENTS, MAX_ROUNDS, Round, display_name, round_label
from scorer.logs import sanma
from scorer.kinds import NORTH

MAX_ELEMENTS = 100_000          # XML elements in one file (a real game has < 5,000): a runaway file stops early
_NUMBER = re.compile(r"-?[0-9]{1,9}")      # an attribute's number: ASCII digits only (int() would take "１２")
_NUMBERS = re.compile(r"-?[0-9]{1,9}(?:,-?[0-9]{1,9}){0,199}")   # a list of them: at most 200
_SCORE = re.compile(r"-?[0-9]{1,7}(\.[0-9]{1,3})?")   # owari: a score in hundreds, then points like -12.3

# Tenhou's yaku ids, in the kanji Tenhou writes (the riichi scorer uses the same kanji)
YAKU_KANJI = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北", "役牌 白", "役牌 發",
    "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
    "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元",
    "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)

DRAW_REASONS = {
    None: "exhaustive", "yao9": "nine_terminals", "kaze4": "four_winds", "reach4": "four_riichi",
    "ron3": "triple_ron", "kan4": "four_kans", "nm": "nagashi_mangan",
}

# GO type bits: 0x01 vs humans, 0x02 no red fives, 0x04 no open tanyao, 0x08 half-game (hanchan), 0x10 three
# players, 0x20 tokujou, 0x40 fast, 0x80 joukyuu. Higher bits mark special lobbies (chips, ratio ...).
_GO_NO_RED, _GO_NO_KUITAN, _GO_SANMA = 0x02, 0x04, 0x10
_GO_SUPPORTED_HIGH = 0x100


def decode_meld(who: int, m: int, seats: int = 4) -> ev.Call | sanma.Nuki:
    """The :class:`Call` packed in an ``N`` element's ``m``. ``tiles`` holds every tile of the meld. At a
    three-player table (``seats=3``) the source counts round three seats, and the nukidora bit is a
    :class:`~scorer.logs.sanma.Nuki`; there is no chi."""
    src = m & 3
    if m & 0x4:                                    # chi: always from the left
        if seats == 3:
            raise LogError(f"a chi at a three-player table (m={m}): there is none")
        base = m >> 10
        called_i = base % 3
        base //= 3
        kind = (base // 7) * 9 + base % 7
        ids = [4 * (kind + i) + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return ev.Call(seat=who, kind="chi", tiles=ids, called=ids[called_i], from_seat=(who + 3) % 4)
    if m & 0x18:                                   # pon (bit 3) or added kan (bit 4)
        base = m >> 9
        called_i = base % 3
        kind = base // 3
        unused = (m >> 5) & 3
        ids = [4 * kind + i for i in range(4) if i != unused]
        if m & 0x8:
            if src == 0:
                raise LogError(f"a pon from nobody (m={m})")
            return ev.Call(seat=who, kind="pon", tiles=ids, called=ids[called_i],
                           from_seat=_source(who, src, seats, m))
        added = 4 * kind + unused
        return ev.Call(seat=who, kind="kakan", tiles=sorted(ids + [added]), called=added, from_seat=None)
    if m & 0x20:                                   # nukidora: a North set aside, the tile at bits 8-15
        if seats != 3:
            raise LogError(f"a nukidora (North set aside, m={m}) at a four-player table")
        tile = m >> 8
        if tile // 4 != NORTH:
            raise LogError(f"a nukidora of tile {tile} (m={m}): only a North (ids 120-123) is set aside")
        return sanma.Nuki(seat=who, tile=tile)
    tile = m >> 8                                  # kan: the called (or any) tile; kind = tile // 4
    kind = tile // 4
    ids = [4 * kind + i for i in range(4)]
    if src == 0:
        return ev.Call(seat=who, kind="ankan", tiles=ids, called=None, from_seat=None)
    return ev.Call(seat=who, kind="kan", tiles=ids, called=tile, from_seat=_source(who, src, seats, m))


def _source(who: int, src: int, seats: int, m: int) -> int:
    """The seat a call takes its tile from: ``src`` seats to the right (1 right, 2 across, 3 left) round the four
    seats of the table -- at three seats too, whose empty fourth seat Tenhou still counts: seat 2 calling seat
    0's discard is ``src`` 2 (sanma2.xml, East 1: ``<N who="2" m="15402"/>`` after seat 0's discard); never the
    caller, nor the empty seat."""
    seat = (who + src) % 4
    if seat >= seats:
        raise LogError(f"a call from the empty fourth seat (m={m}, source {src} of seat {who})")
    return seat


def _ints(s: str | None, what: str) -> list[int]:
    """The comma-separated numbers of an attribute (ASCII digits, at most 9 a number), else a LogError naming
    the attribute and quoting (a short window of) it."""
    if s is None or s == "":
        return []
    if _NUMBERS.fullmatch(s) is None:
        shown = s if len(s) <= 40 else s[:40] + "…"
        raise LogError(f"{what}={shown!r} is not a list of numbers")
    return list(map(int, s.split(",")))


def _tile(n: int, what: str) -> int:
    if not 0 <= n < 136:
        raise LogError(f"{what}: {n} is not a tile id (0-135)")
    return n


# ---- the flat fast path -------------------------------------------------------------------------------------
# A Tenhou mjlog is one root whose children are empty elements with double-quoted attributes:
# ``<mjloggm ver="2.3"><GO type="169"/>...<T52/><D52/>...</mjloggm>``. A document that is exactly that, in a
# strict subset of XML (no DTD, entity or character reference, comment, processing instruction other than a
# leading UTF-8 ``<?xml ...?>`` declaration, namespace or text), is read with two compiled patterns instead of an
# XML parser; it has the same children with the same attributes in the same order as defusedxml's iterparse finds.
# Anything else, including every malformed or hostile file, takes the defusedxml path, which says where it breaks.
_WS = r"[ \t\r\n]"
_NAME = r"(?![Xx][Mm][Ll])[A-Za-z_][A-Za-z0-9_]*"        # "xml..." names (xmlns!) are reserved: parser path
_VALUE = r'"[^"<&\x00-\x1f\ufffe\uffff]*"'               # no reference to expand, no whitespace to normalise


def _flat_patterns(keep: str) -> tuple[re.Pattern, re.Pattern]:
    """The whole-document pattern and the child pattern; ``keep`` ("+" or "") makes the repeats possessive: they
    keep what they matched, so a document that is not flat fails at once instead of trying the repeats again (no
    repeat here can give back characters that let the match go on: a name, a value, a run of whitespace each end
    where the next part must begin)."""
    attrs = rf"(?:{_WS}+{keep}{_NAME}={_VALUE})*{keep}{_WS}*{keep}"
    doc = re.compile(
        rf"(?:<\?xml{_WS}+version=(?:\"1\.0\"|'1\.0')(?:{_WS}+encoding=(?:\"(?i:utf-8)\"|'(?i:utf-8)'))?"
        rf"(?:{_WS}+standalone=(?:\"(?:yes|no)\"|'(?:yes|no)'))?{_WS}*\?>)?"
        rf"{_WS}*{keep}<({_NAME})({attrs})>"                           # the root's start tag
        rf"((?:{_WS}*{keep}<{_NAME}{attrs}/>)*{keep})"                 # its children, empty elements only
        rf"{_WS}*{keep}</\1{_WS}*{keep}>{_WS}*{keep}")
    return doc, re.compile(rf"<({_NAME})({attrs})/>")


def _possessive_works() -> bool:
    """Whether this Python reads possessive repeats right: they came in 3.11, and up to 3.11.2 (Debian 12's
    python3) the document pattern with them matches no document at all."""
    if sys.version_info < (3, 11):
        return False
    doc, _ = _flat_patterns("+")
    return doc.fullmatch('<a b="1">\n<c/> <d e="2" f=""/></a>') is not None


_FLAT_DOC, _FLAT_CHILD = _flat_patterns("+" if _possessive_works() else "")
_FLAT_ATTR = re.compile(rf'({_NAME})="([^"]*)"')


def _flat_elements(data: bytes) -> list[tuple[str, dict | str]] | None:
    """The (tag, attributes) of each child of the root when ``data`` is a flat mjlog (see above), else None. An
    element without attributes (``<T52/>``, most of a game) has ``""`` for them."""
    if data.count(b"<") > MAX_ELEMENTS:          # the parser path stops it at the limit, with its message
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    m = _FLAT_DOC.fullmatch(text)
    if m is None:
        return None
    attributes = _FLAT_ATTR.findall
    root = attributes(m.group(2))
    if len({name for name, _ in root}) != len(root):   # a repeated attribute is not well-formed: the parser says so
        return None
    out = _FLAT_CHILD.findall(m.group(3))
    for i, (tag, attrs) in enumerate(out):
        if attrs:
            pairs = attributes(attrs)
            a = dict(pairs)
            if len(a) != len(pairs):             # a repeated attribute is not well-formed: the parser says so
                return None
            out[i] = (tag, a)
    return out


def _elements(data: bytes) -> Iterator[tuple[int, tuple[str, dict | str]]]:
    """(index, (tag, attributes)) of each child of the root: a flat mjlog read by pattern, anything else parsed
    incrementally with defusedxml. No attributes may come as ``""``."""
    flat = _flat_elements(data)
    if flat is not None:
        return enumerate(flat)
    return _parsed_elements(data)


def _parsed_elements(data: bytes) -> Iterator[tuple[int, tuple[str, dict]]]:
    """:func:`_elements` by defusedxml's iterparse: a broken or refused document raises :class:`_Broken` after
    the children before the break."""
    from xml.etree.ElementTree import ParseError
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    depth = 0
    n = 0
    starts = 0
    root = None
    try:
        for kind, el in iterparse(io.BytesIO(data), events=("start", "end"), forbid_dtd=True,
                                  forbid_entities=True, forbid_external=True):
            if kind == "start":
                depth += 1
                starts += 1
                if root is None:
                    root = el
                if starts > MAX_ELEMENTS:
                    raise _Broken(f"more than {MAX_ELEMENTS:,} XML elements: not a game log", n)
                continue
            depth -= 1
            if depth == 1:
                yield n, (el.tag, dict(el.attrib))
                n += 1
                el.clear()
                if root is not None and len(root) > 64:
                    del root[:]                 # the children already read: memory stays flat
    except ParseError as e:
        line, col = getattr(e, "position", (0, 0))
        raise _Broken(f"XML broken at line {line}, column {col} ({str(e).split(':')[0]})", n) from None
    except DefusedXmlException as e:
        raise _Broken(f"refused unsafe XML ({type(e).__name__}: a DTD or entity declaration; "
                      f"an entity bomb?)", n) from None


class _Broken(Exception):
    def __init__(self, message: str, n: int):
        super().__init__(message)
        self.n = n


def _describe(tag: str, attrib: dict, n: int) -> str:
    attrs = " ".join(f'{k}="{v}"' for k, v in list(attrib.items())[:4] if len(v) < 60)
    return f"element {n + 1} <{tag}{' ' + attrs if attrs else ''}/>"


_NO_ATTRIBUTES = MappingProxyType({})       # the attributes of <T52/>, shared read-only


class _Where(tuple):
    """Where an event stands in the file: ``(tag, attributes, element index)``, written out (element number, tag,
    first attributes) only when a message needs it: a replay reads every element, and almost none ends in an
    error."""

    __slots__ = ()

    def __str__(self) -> str:
        return _describe(*self)

    __repr__ = __str__


# Draw and discard elements by tag: ``T``/``U``/``V``/``W`` + tile id draw for seats 0-3, ``D``/``E``/``F``/``G``
# (or lower case) + tile id discard. tag -> ((seat, tile), event with flag False, event with flag True), the flag
# being ``rinshan`` for a draw and ``tsumogiri`` for a discard; events are frozen, so one object serves every
# occurrence. Built on the first mjlog read; a tag spelled otherwise (``T052``, ``T200``) takes the general path.
_DRAW_TAGS: dict[str, tuple[tuple[int, int], ev.Draw, ev.Draw]] = {}
_DISCARD_TAGS: dict[str, tuple[tuple[int, int], ev.Discard, ev.Discard]] = {}


def _turn_tags() -> None:
    for seat in range(4):
        for t in range(136):
            _DRAW_TAGS["TUVW"[seat] + str(t)] = ((seat, t), ev.Draw(seat=seat, tile=t, rinshan=False),
                                                   ev.Draw(seat=seat, tile=t, rinshan=True))
            pair = ((seat, t), ev.Discard(seat=seat, tile=t, tsumogiri=False),
                    ev.Discard(seat=seat, tile=t, tsumogiri=True))
            _DISCARD_TAGS["DEFG"[seat] + str(t)] = _DISCARD_TAGS["defg"[seat] + str(t)] = pair


class _Reader:
    """Builds rounds from the elements of one mjlog."""

    def __init__(self, name: str, three_player: bool | None = False):
        self.name = name
        self.auto = three_player is None        # three seats or four as the record says (GO, else hai3)
        self.three_player = bool(three_player)
        self.seats = sanma.SEATS if three_player else 4
        self.rounds_done = 0
        self.game_id = ""
        self.players: list[str] = []
        self.current: Round | None = None
        self.go_type: int | None = None
        self.last_draw: tuple[int, int] | None = None     # (seat, tile) of the draw not yet followed by a discard
        self.rinshan_next = False
        self.results = 0

    # ---- errors -------------------------------------------------------------------------------------------
    def fail(self, where: str, message: str) -> LogError:
        if self.current is None:
            return LogError(f"{self.name}: {where}: {message}")
        r = self.current
        return LogError(f"{r.name}, event {len(r.events) + 1} at {where}: {message}")

    # ---- elements -------------------------------------------------------------------------------------------
    def feed(self, n: int, tag: str, a: dict) -> Round | None:
        """Take one element; returns a round when this element closes the previous one."""
        where = _Where((tag, a, n))
        try:
            return self._feed(tag, a, where)
        except LogError as e:
            if str(e).startswith(self.name):
                raise
            raise self.fail(where, str(e)) from None

    def _feed(self, tag: str, a: dict, where: str) -> Round | None:
        c = tag[0] if tag else ""
        if tag == "GO":
            self._go(a)
            return None
        if tag == "UN":
            if "n0" in a and not self.players:
                from urllib.parse import unquote
                self.players = [unquote(a.get(f"n{i}", "")) for i in range(4)]
            return None
        if tag in ("SHUFFLE", "TAIKYOKU", "BYE", "mjloggm"):
            return None
        if tag == "INIT":
            if self.rounds_done >= MAX_ROUNDS:
                raise LogError(f"more than {MAX_ROUNDS:,} rounds: not a game log")
            done = self._close()
            self._init(a, where)
            return done
        r = self.current
        if r is None:
            raise LogError(f"<{tag}> before the first <INIT>")
        if self.results and tag not in ("AGARI",):
            raise LogError(f"<{tag}> after the round's result")
        if c in "TUVW" and len(tag) <= 4 and tag[1:].isascii() and tag[1:].isdigit():
            seat = self._seat_of_tag(tag, "TUVW".index(c))
            t = self._tile(int(tag[1:]), "draw")
            self._add(ev.Draw(seat=seat, tile=t, rinshan=self.rinshan_next), where)
            self.rinshan_next = False
            self.last_draw = (seat, t)
            return None
        if c in "DEFGdefg" and len(tag) <= 4 and tag[1:].isascii() and tag[1:].isdigit():
            seat = self._seat_of_tag(tag, "DEFG".index(c.upper()))
            t = self._tile(int(tag[1:]), "discard")
            self._add(ev.Discard(seat=seat, tile=t, tsumogiri=self.last_draw == (seat, t)), where)
            self.last_draw = None
            return None
        if tag == "N":
            who = self._seat(a.get("who"))
            m = _one(a, "m")
            if not 0 <= m < 1 << 16:
                raise LogError(f"m={m} is not a packed meld (0-65535)")
            call = decode_meld(who, m, self.seats)
            self._add(call, where)
            self.last_draw = None
            if call.type == "nuki" or call.kind in ("kan", "ankan", "kakan"):
                self.rinshan_next = True     # the replacement from the dead wall
            return None
        if tag == "REACH":
            who = self._seat(a.get("who"))
            step = a.get("step")
            if step == "1":
                self._add(ev.Riichi(seat=who), where)
            elif step == "2":
                self._add(ev.RiichiAccepted(seat=who), where)
            else:
                raise LogError(f"REACH step={step!r}")
            return None
        if tag == "DORA":
            self._add(ev.Dora(indicator=_tile(_one(a, "hai"), "dora")), where)
            return None
        if tag == "AGARI":
            self._agari(a, where)
            return None
        if tag == "RYUUKYOKU":
            self._ryuukyoku(a, where)
            return None
        raise LogError(f"unknown element <{tag}>")

    def _seat(self, s, key: str = "who") -> int:
        if not isinstance(s, str) or not _NUMBER.fullmatch(s):
            shown = s if not isinstance(s, str) or len(s) <= 20 else s[:20] + "…"
            raise LogError(f"{key}={shown!r} is not a seat")
        v = int(s)
        if not 0 <= v < self.seats:
            raise LogError(f"who={v} is not a seat (0-{self.seats - 1})")
        return v

    def _seat_of_tag(self, tag: str, seat: int) -> int:
        if seat >= self.seats:
            raise LogError(f"<{tag}>: a fourth seat at a three-player table")
        return seat

    def _tile(self, n: int, what: str) -> int:
        _tile(n, what)
        if self.three_player and n not in sanma.SANMA_TILE_IDS:
            raise LogError(f"{what}: tile {n} ({n // 4 + 1}m) is not in the three-player set (no 2m-8m)")
        return n

    def _go(self, a: dict) -> None:
        try:
            t = _one({"type": a.get("type", "0")}, "type")
        except LogError:
            raise LogError(f"{self.name}: GO type={str(a.get('type'))[:20]!r} is not a number") from None
        self.go_type = t
        if self.auto:
            self.auto = False
            self.three_player = bool(t & _GO_SANMA)
            self.seats = sanma.SEATS if self.three_player else 4
        if t & _GO_SANMA and not self.three_player:
            raise LogError(f"{self.name}: a three-player game (GO type {t}); {sanma.ENGINE_LIMIT}")
        if self.three_player and not t & _GO_SANMA:
            raise LogError(f"{self.name}: not a three-player game (GO type {t} has no 0x10 bit)")
        if t & ~0xFF & ~_GO_SUPPORTED_HIGH:
            raise LogError(f"{self.name}: a special-lobby game (GO type {t:#x}: chips, ratio or other special "
                           f"scoring); only ordinary Tenhou rooms are replayed")
        if t & _GO_NO_RED:
            raise LogError(f"{self.name}: a game without red fives (GO type {t}); only the 喰赤 (kuitan, red "
                           f"fives) rules are replayed")
        if t & _GO_NO_KUITAN:
            raise LogError(f"{self.name}: a game without open tanyao (GO type {t}); only the 喰赤 (kuitan, red "
                           f"fives) rules are replayed")

    def _init(self, a: dict, where: str) -> None:
        seed = _ints(a.get("seed"), "seed")
        ten = _ints(a.get("ten"), "ten")
        if len(seed) < 6 or len(ten) < 4:
            raise LogError(f"{self.name}: {where}: INIT needs seed (6 numbers) and ten (4 scores)")
        if "chip" in a or "ratio" in a:
            raise LogError(f"{self.name}: a special-lobby game (chips/ratio in INIT); not replayed")
        hands = [_ints(a.get(f"hai{s}"), f"hai{s}") for s in range(4)]
        if self.auto:                          # no GO element: the empty fourth hand says three players
            self.auto = False
            self.three_player = not hands[3]
            self.seats = sanma.SEATS if self.three_player else 4
        if not self.three_player and not hands[3]:   # old logs without GO: the empty fourth hand says it
            raise LogError(f"{self.name}: a three-player game (no hand for seat 3); {sanma.ENGINE_LIMIT}")
        if self.three_player:
            if hands[3] or ten[3]:
                raise LogError(f"{self.name}: {where}: a three-player game deals no hand and no score to seat 3")
            hands, ten = hands[:3], ten[:3]
        for s, h in enumerate(hands):
            if len(h) != 13:
                raise LogError(f"{self.name}: {where}: seat {s} is dealt {len(h)} tiles, not 13")
            for t in h:
                self._tile(t, f"hai{s}")
        rnd, honba, sticks = seed[0], seed[1], seed[2]
        dealer = self._seat(a.get("oya"), "oya")
        if dealer != rnd % 4:                  # three players too: Tenhou numbers the rounds 0-2 East, 4-6 South
            raise LogError(f"{self.name}: {where}: dealer {dealer} does not match round {rnd}")
        deal = ev.Deal(dealer=dealer, round_wind=rnd // 4, honba=honba, sticks=sticks,
                       scores=[x * 100 for x in ten[:4]], hands=hands, dora_indicator=self._tile(seed[5], "dora"),
                       live_left=sanma.LIVE_TILES if self.three_player else 70)
        self.current = Round(self.name, 0, self.rounds_done, round_label(rnd, honba), [deal], [where],
                             preset="tenhou-sanma" if self.three_player else "tenhou", game_id=self.game_id,
                             players=list(self.players[:self.seats]))
        self.last_draw = None
        self.rinshan_next = False
        self.results = 0

    def _add(self, e: ev.Event, where: str) -> None:
        if len(self.current.events) >= MAX_EVENTS:
            raise LogError(f"more than {MAX_EVENTS:,} events in one round: not a real round")
        self.current.events.append(e)
        self.current.where.append(where)

    def _agari(self, a: dict, where: str) -> None:
        who = self._seat(a.get("who"))
        frm = self._seat(a.get("fromWho"), "fromWho")
        sc = _ints(a.get("sc"), "sc")
        if len(sc) < 8:
            raise LogError("AGARI without sc (scores and deltas)")
        ten = _ints(a.get("ten"), "ten")
        if len(ten) < 2:
            raise LogError("AGARI without ten (fu, points)")
        yaku_raw = _ints(a.get("yaku"), "yaku")
        yakuman = _ints(a.get("yakuman"), "yakuman")
        yaku = []
        for i in range(0, len(yaku_raw) - 1, 2):
            yid, han = yaku_raw[i], yaku_raw[i + 1]
            if not 0 <= yid < len(YAKU_KANJI):
                raise LogError(f"unknown yaku id {yid}")
            yaku.append([YAKU_KANJI[yid], han])
        for yid in yakuman:
            if not 0 <= yid < len(YAKU_KANJI):
                raise LogError(f"unknown yakuman id {yid}")
            yaku.append([YAKU_KANJI[yid], 13])
        han = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku)
        tile = _tile(_one(a, "machi"), "machi")
        self._add(ev.Win(seat=who, from_seat=None if who == frm else frm, tile=tile,
                         deltas=self._deltas(sc), han=han, fu=ten[0], points=ten[1], yaku=yaku,
                         ura_indicators=_ints(a.get("doraHaiUra"), "doraHaiUra"),
                         hand=",".join(a.get("hai", "").split(","))), where)
        self.results += 1
        self._owari(a)

    def _ryuukyoku(self, a: dict, where: str) -> None:
        kind = a.get("type")
        if kind not in DRAW_REASONS:
            raise LogError(f"unknown draw type {kind!r}")
        sc = _ints(a.get("sc"), "sc")
        if len(sc) < 8:
            raise LogError("RYUUKYOKU without sc (scores and deltas)")
        tenpai = [f"hai{s}" in a for s in range(self.seats)]
        self._add(ev.DrawGame(reason=DRAW_REASONS[kind], tenpai=tenpai, deltas=self._deltas(sc),
                              deposits_returned=False), where)
        self.results += 1
        self._owari(a)

    def _deltas(self, sc: list[int]) -> list[int]:
        """Each seat's score change (``sc`` pairs score, change in hundreds); a three-player game's fourth is 0."""
        deltas = [x * 100 for x in sc[1:8:2]]
        if self.three_player:
            if deltas[3] or sc[6]:
                raise LogError(f"sc: the empty fourth seat of a three-player game has a score ({sc[6:8]})")
            return deltas[:3]
        return deltas

    def _owari(self, a: dict) -> None:
        if "owari" in a:
            parts = a["owari"].split(",")
            try:
                if len(parts) < 8 or not all(_SCORE.fullmatch(parts[i]) for i in range(8)):
                    raise ValueError
                self.current.final_scores = [int(round(float(parts[i]) * 100))
                                             for i in range(0, 2 * self.seats, 2)]
            except ValueError:
                shown = a["owari"] if len(a["owari"]) <= 60 else a["owari"][:60] + "…"
                raise LogError(f"owari={shown!r} is not four scores with their points") from None
            self.current.last_of_game = True

    def _close(self) -> Round | None:
        r = self.current
        self.current = None
        if r is None:
            return None
        if not self.results:
            raise LogError(f"{r.name}: the round has no result (no AGARI or RYUUKYOKU)")
        self.rounds_done += 1
        return r

    def finish(self) -> Round | None:
        r = self.current
        if r is not None and not self.results:
            raise LogError(f"{r.name}, after event {len(r.events)} ({r.where[-1]}): the log ends inside the round "
                           f"(truncated: no AGARI or RYUUKYOKU)")
        return self._close()


_SANMA_TAGS: list = []


def _sanma_tags() -> tuple[dict, dict]:
    """The draw and discard tags a three-player game may hold (seats 0-2, the 108 tiles): the fast path takes
    only these; any other tag goes the general way, which names what is wrong with it."""
    if not _SANMA_TAGS:
        def keep(table):
            return {tag: v for tag, v in table.items() if v[0][0] < sanma.SEATS and v[0][1] in sanma.SANMA_TILE_IDS}
        _SANMA_TAGS.extend((keep(_DRAW_TAGS), keep(_DISCARD_TAGS)))
    return _SANMA_TAGS[0], _SANMA_TAGS[1]


def _one(a: dict, key: str) -> int:
    v = _ints(a.get(key), key)
    if len(v) != 1:
        raise LogError(f"{key}={str(a.get(key))[:40]!r}: expected one number")
    return v[0]


def read_mjlog(data: bytes, name: str, *, three_player: bool | None = None) -> Iterator[Round]:
    """The rounds of one mjlog document: three seats or four as the record says (``three_player`` None); True
    reads only a three-player game, False refuses one (see the module docstring)."""
    name = display_name(name)
    if not _DRAW_TAGS:
        _turn_tags()
    rd = _Reader(name, three_player)
    rd.game_id = name.rsplit(".", 1)[0] if name.endswith((".mjlog", ".xml", ".gz")) else name
    try:
        feed = rd.feed
        draws, discards = (_sanma_tags() if three_player else (_DRAW_TAGS, _DISCARD_TAGS))
        for n, (tag, a) in _elements(data):
            a = a or _NO_ATTRIBUTES
            r = rd.current
            if r is not None and not rd.results and len(r.events) < MAX_EVENTS:
                # the draws and discards inside a round, most of a game, without the general path's checks
                # (they cannot fail here: the round is open and has room; the tag names a seat and a tile id)
                d = draws.get(tag)
                if d is not None:
                    r.events.append(d[2] if rd.rinshan_next else d[1])
                    r.where.append(_Where((tag, a, n)))
                    rd.rinshan_next = False
                    rd.last_draw = d[0]
                    continue
                d = discards.get(tag)
                if d is not None:
                    r.events.append(d[2] if rd.last_draw == d[0] else d[1])
                    r.where.append(_Where((tag, a, n)))
                    rd.last_draw = None
                    continue
            r = feed(n, tag, a)
            if rd.three_player and (tag == "GO" or tag == "INIT"):
                draws, discards = _sanma_tags()     # (found three-player by the record itself)
            if r is not None:
                yield r
    except _Broken as b:
        where = f"element {b.n + 1}"
        if rd.current is not None:
            raise LogError(f"{rd.current.name}, after event {len(rd.current.events)} "
                           f"({rd.current.where[-1]}): {b} — the file is truncated or not XML") from None
        raise LogError(f"{name}: {where}: {b}") from None
    r = rd.finish()
    if r is not None:
        yield r
