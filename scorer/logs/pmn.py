"""PMN records of MCR boards (python-majiang's form of mahjongsoft.com's online duplicate MCR) as the engine's events.

Stage: log reader (MCR). A board is PGN-like tag pairs, ``[Tag "value"]``; the ones read:

- ``PWind`` the prevalent wind (E S W N); seats 0-3 are East, South, West, North, and East deals;
- ``Deal`` the four hands in seat order, each as suit letters followed by ranks: ``c`` characters, ``d`` dots,
  ``b`` bamboo, ``w`` winds (1-4 East-North), ``r`` dragons (1 Red, 2 Green, 3 White), ``f`` flowers;
- ``Play`` the moves, each a letter, the seat and (but for a win) a tile: ``T`` draw, ``D`` discard (``z1``: the
  tile just drawn), ``C`` chow (the chow's middle tile), ``P`` pung, ``K`` exposed kong, ``A`` concealed kong,
  ``B`` added kong, ``H`` win (on the last discard, the last draw or the added kong's tile), ``Z`` a claim on the
  discard that the seat declined (no event: the table's legal actions include passing);
- ``Fan`` each seat's fans (``None``, or ``fan/points/count`` items joined by ``.``; the fan numbers are the
  reference calculator's, as our fan ids), ``Result`` every seat's score change.

The moves go through the same deal reader as Botzone's (:class:`scorer.logs.botzone.Match`): physical ids, each
seat's hand followed, a kong's next draw its replacement. A record the reader cannot follow raises
:class:`~scorer.errors.LogError` naming the file, the board and the move.
"""

from __future__ import annotations

import re
from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs import Round, decode_text
from scorer.logs.botzone import Match, apply_action, tile_name
from scorer.tiles import WIND_LETTERS

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_MOVE = re.compile(r"([A-Z])([0-3])([a-z]\d)?")
_SUIT = {"c": "W", "d": "B", "b": "T", "w": "F"}
_DRAGON = {"1": "J1", "2": "J2", "3": "J3"}     # Red, Green, White (PyMahjongGB's J1-J3)
_VERB = {"T": "draw", "D": "play", "C": "chi", "P": "peng", "K": "gang", "A": "angang", "B": "bugang"}


def _tile(m: Match, text: str) -> str:
    """A PMN tile (``c5``, ``r2``) as the Botzone / PyMahjongGB name (``W5``, ``J2``)."""
    suit, rank = text[0], text[1]
    if suit == "r" and rank in _DRAGON:
        return _DRAGON[rank]
    if suit in _SUIT and rank in ("1234" if suit == "w" else "123456789"):
        return _SUIT[suit] + rank
    raise m.fail(f"not a tile: {text!r}")


def _hand(m: Match, text: str) -> list[str]:
    """A dealt hand (``c25566d579b2269wr2f``) as tile names; flowers are refused (none in these records)."""
    out, suit = [], None
    for ch in text:
        if ch.isalpha():
            suit = ch
        elif suit == "f":
            raise m.fail("flowers in the deal are not read yet")
        elif suit is None:
            raise m.fail(f"a rank before any suit in {text!r}")
        else:
            out.append(_tile(m, suit + ch))
    return out


def _board(tags: dict, name: str, game: int) -> Round:
    board = tags.get("Board", str(game + 1))
    m = Match(name, f"board {board}")
    m.at = "move"
    try:
        m.round_wind = WIND_LETTERS.index(tags.get("PWind", "E"))
        hands = tags["Deal"].split()
        if len(hands) != 4:
            raise m.fail(f"Deal: {len(hands)} hands, not 4")
        for seat, h in enumerate(hands):
            m.hands[seat] = [m.new_id(t) for t in _hand(m, h)]
            if len(m.hands[seat]) != 13:
                raise m.fail(f"seat {seat} is dealt {len(m.hands[seat])} tiles, not 13")
        m.emit(ev.Deal(dealer=0, round_wind=m.round_wind, scores=[0] * 4, hands=[sorted(h) for h in m.hands],
                       dora_indicator=None, live_left=136 - 52))
        play = tags["Play"]
        pos = 0
        for n, mv in enumerate(_MOVE.finditer(play), 1):
            if mv.start() != pos:
                raise m.fail(f"Play: cannot read {play[pos:pos + 8]!r} (move {n})")
            pos = mv.end()
            m.line = n
            letter, seat, tile = mv.group(1), int(mv.group(2)), mv.group(3)
            if letter == "H":
                _win(m, seat)
                continue
            if letter == "Z":           # a claim the seat could make on the discard and declined: no event
                continue
            if letter not in _VERB or tile is None:
                raise m.fail(f"Play: unknown move {mv.group(0)!r}")
            if tile == "z1":            # the tile just drawn
                if not isinstance(m.last, ev.Draw):
                    raise m.fail("z1: no tile was just drawn")
                name_ = tile_name(m.last.tile >> 2)
            else:
                name_ = _tile(m, tile)
            apply_action(m, seat, _VERB[letter], name_)
        if pos != len(play):
            raise m.fail(f"Play: cannot read {play[pos:pos + 8]!r}")
        _result(m, tags)
    except KeyError as exc:
        raise m.fail(f"no {exc.args[0]} tag") from None
    except ValueError as exc:
        if isinstance(exc, LogError):
            raise
        raise m.fail(f"malformed ({exc})") from None
    return Round(source=name, game=game, number=0, label=f"board {board}", events=m.events, where=m.where,
                 preset="mcr",
                 game_id=tags.get("Site", ""), players=[tags.get(w, "") for w in ("East", "South", "West", "North")],
                 last_of_game=True)


def _win(m: Match, seat: int) -> None:
    """``H``: a win on what the last move offered; a second ``H`` after a win is another win on that discard."""
    last = m.last
    if isinstance(last, ev.Win):
        if last.from_seat is None:
            raise m.fail("a second win after a self-drawn one")
        e = ev.Win(seat=seat, from_seat=last.from_seat, tile=last.tile)
    elif isinstance(last, ev.Draw) and last.seat == seat:
        e = ev.Win(seat=seat, from_seat=None, tile=last.tile)
    elif isinstance(last, ev.Discard):
        e = ev.Win(seat=seat, from_seat=last.seat, tile=last.tile)
    elif isinstance(last, ev.Call) and last.kind == "kakan":
        e = ev.Win(seat=seat, from_seat=last.seat, tile=last.called)
    else:
        raise m.fail(f"H{seat}: nothing to win on")
    m.emit(e)
    m.last = e


def _result(m: Match, tags: dict) -> None:
    deltas = [int(x) for x in tags["Result"].split()]
    if len(deltas) != 4:
        raise m.fail("Result: not four numbers")
    fans = tags.get("Fan", "None None None None").split()
    if len(fans) != 4:
        raise m.fail("Fan: not four entries")
    wins = [i for i, e in enumerate(m.events) if isinstance(e, ev.Win)]
    if not wins:
        m.emit(ev.DrawGame(reason="exhaustive", tenpai=[False] * 4, deltas=deltas, deposits_returned=False))
        return
    for i in wins:
        w = m.events[i]
        items = [] if fans[w.seat] == "None" else fans[w.seat].split(".")
        total = 0
        for x in items:
            parts = x.split("/")
            if len(parts) != 3 or not all(p.isdigit() for p in parts):
                raise m.fail(f"Fan: not fan/points/count: {x!r}")
            total += int(parts[1]) * int(parts[2])
        m.events[i] = ev.Win(seat=w.seat, from_seat=w.from_seat, tile=w.tile, deltas=deltas, points=total,
                             yaku=items)


def read_pmn(data: bytes, name: str) -> Iterator[Round]:
    """The boards of a PMN file (one or more, each a block of tag pairs) as rounds, in order."""
    text = decode_text(data, name)
    tags: dict[str, str] = {}
    game = 0
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        t = _TAG.match(line)
        if t is None:
            raise LogError(f"{name}: line {n}: not a PMN tag pair: {line[:40]!r}")
        key, value = t.group(1), t.group(2)
        if key == "Event" and "Play" in tags:
            yield _board(tags, name, game)
            game += 1
            tags = {}
        tags[key] = value
    if tags:
        yield _board(tags, name, game)
