"""Botzone Chinese Standard Mahjong match records (the course data set's ``sample.txt``) as the engine's events.

Stage: log reader (MCR). One match is one deal::

    Match <id>
    Wind <0-3>                          the prevalent wind (0 East, 1 South, 2 West, 3 North)
    Player <n> Deal XX XX ...           the 13 tiles of each seat (seat n's wind is n; seat 0 deals)
    Player <n> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu XX [Ignore Player <m> <Action> XX ...]
    Fan <total> <name>*<count>+...      (after a win) the fan total and each fan's count
    Score <s0> <s1> <s2> <s3>           every seat's score change
    Huang / Score 0 0 0 0               an exhausted wall

Tiles are ``W1``-``W9`` characters, ``B1``-``B9`` dots, ``T1``-``T9`` bamboo, ``F1``-``F4`` winds, ``J1`` Red,
``J2`` Green, ``J3`` White (PyMahjongGB's names); Chi names the chow's middle tile. There are no flowers. The
reader gives each tile a physical id (``kind * 4 + copy``, copies in the order they appear) and follows every
seat's hand so that each discard and call names ids the seat holds; a kong's next draw is its replacement. The
``Ignore`` parts are the claims that lost to the action written first (kept in :attr:`ClaimedRound.claims`, and
checked by the replay: each was a legal claim, and lost by the claim priority). The record's result rides in the
:class:`~scorer.game.events.Win` (``points`` the fan total, ``yaku`` the record's ``name*count`` items, ``deltas``
the score changes) or the :class:`~scorer.game.events.DrawGame`.

A line that does not fit raises :class:`~scorer.errors.LogError` naming the file, the match and the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs import Round, decode_text

_SUIT_BASE = {"W": 0, "B": 9, "T": 18}
_HONOR = {"F1": 27, "F2": 28, "F3": 29, "F4": 30, "J1": 33, "J2": 32, "J3": 31}
_WALL = 136                     # Botzone's wall: no flowers


def kind_of(name: str) -> int:
    """The kind (0-33) of a Botzone / PyMahjongGB tile name; ValueError for anything else."""
    if name in _HONOR:
        return _HONOR[name]
    if len(name) == 2 and name[0] in _SUIT_BASE and name[1] in "123456789":
        return _SUIT_BASE[name[0]] + int(name[1]) - 1
    raise ValueError(f"not a tile: {name!r}")


@dataclass
class ClaimedRound(Round):
    """A round whose record also lists the claims that lost to the one made (Botzone's ``Ignore`` parts):
    ``claims[i]`` are (seat, verb, tile name) of the claims made on the discard before event ``i``, the claim that
    was made."""

    claims: dict = field(default_factory=dict)


class Match:
    """One deal being read (a Botzone match, a PMN board): each kind's next unused copy, each seat's hand (ids),
    the events so far, the last draw, discard or added kong."""

    def __init__(self, source: str, match_id: str):
        self.source, self.match_id = source, match_id
        self.copies = [0] * 34
        self.hands: list[list[int]] = [[], [], [], []]
        self.events: list[ev.Event] = []
        self.where: list[str] = []
        self.last: ev.Event | None = None          # the last draw, discard or added kong
        self.replacement = False                   # the next draw is a kong's replacement
        self.round_wind = 0
        self.line = 0
        self.at = "line"                            # what ``line`` counts: a file's lines, a PMN board's moves
        self.claims: dict[int, list[tuple[int, str, str]]] = {}

    def fail(self, message: str) -> LogError:
        what = self.match_id if self.match_id.startswith("board ") else f"match {self.match_id}"
        return LogError(f"{self.source}: {what}, {self.at} {self.line}: {message}")

    def new_id(self, name: str) -> int:
        k = kind_of(name)
        if self.copies[k] >= 4:
            raise self.fail(f"a fifth {name}")
        self.copies[k] += 1
        return k * 4 + self.copies[k] - 1

    def take(self, seat: int, name: str) -> int:
        """An id of ``name`` out of ``seat``'s hand (the seat must hold one)."""
        k = kind_of(name)
        for t in self.hands[seat]:
            if t >> 2 == k:
                self.hands[seat].remove(t)
                return t
        raise self.fail(f"player {seat} holds no {name}")

    def emit(self, e: ev.Event) -> None:
        self.events.append(e)
        self.where.append(f"{self.at} {self.line}")


def tile_name(k: int) -> str:
    """The Botzone / PyMahjongGB name of kind ``k``."""
    if k >= 27:
        return next(n for n, v in _HONOR.items() if v == k)
    return "WBT"[k // 9] + str(k % 9 + 1)


def apply_action(m: Match, seat: int, verb: str, name: str) -> None:
    """One player's action, as Botzone words it (Draw, Play, Chi, Peng, Gang, AnGang, BuGang, Hu and a tile
    name), as the engine's event with the ids the seat holds."""
    verb = verb.lower()
    if verb == "draw":
        t = m.new_id(name)
        m.hands[seat].append(t)
        e = ev.Draw(seat=seat, tile=t, rinshan=m.replacement)
        m.replacement = False
    elif verb == "play":
        e = ev.Discard(seat=seat, tile=m.take(seat, name),
                       tsumogiri=isinstance(m.last, ev.Draw) and m.last.tile >> 2 == kind_of(name))
    elif verb in ("chi", "peng", "gang"):
        if not isinstance(m.last, ev.Discard):
            raise m.fail(f"{verb} {name} with no discard to take")
        called = m.last.tile
        if verb == "chi":
            mid = kind_of(name)
            if mid >= 27 or mid % 9 in (0, 8):
                raise m.fail(f"chi {name}: not the middle of a chow")
            own = [m.take(seat, tile_name(k)) for k in (mid - 1, mid, mid + 1) if k != called >> 2]
            if len(own) != 2:
                raise m.fail(f"chi {name} does not use the discard {tile_name(called >> 2)}")
            kind = "chi"
        else:
            if kind_of(name) != called >> 2:
                raise m.fail(f"{verb} {name} is not the discard {tile_name(called >> 2)}")
            own = [m.take(seat, name) for _ in range(2 if verb == "peng" else 3)]
            kind = "pon" if verb == "peng" else "kan"
        e = ev.Call(seat=seat, kind=kind, tiles=sorted(own + [called]), called=called, from_seat=m.last.seat)
        m.replacement = kind == "kan"
    elif verb == "angang":
        e = ev.Call(seat=seat, kind="ankan", tiles=sorted(m.take(seat, name) for _ in range(4)))
        m.replacement = True
    elif verb == "bugang":
        t = m.take(seat, name)
        e = ev.Call(seat=seat, kind="kakan", tiles=[t], called=t)
        m.replacement = True
    elif verb == "hu":
        k = kind_of(name)
        last = m.last
        if isinstance(last, ev.Draw) and last.seat == seat and last.tile >> 2 == k:
            e = ev.Win(seat=seat, from_seat=None, tile=last.tile)
        elif isinstance(last, ev.Discard) and last.tile >> 2 == k:
            e = ev.Win(seat=seat, from_seat=last.seat, tile=last.tile)
        elif isinstance(last, ev.Call) and last.kind == "kakan" and last.called >> 2 == k:
            e = ev.Win(seat=seat, from_seat=last.seat, tile=last.called)      # robbing the kong
        else:
            raise m.fail(f"hu {name}: not the last draw, discard or added kong")
    else:
        raise m.fail(f"unknown action {verb!r}")
    m.emit(e)
    m.last = e


def record_result(m: Match, fan: list[str] | None, score: list[str]) -> None:
    try:
        deltas = [int(x) for x in score]
    except ValueError:
        raise m.fail(f"Score: not four numbers: {' '.join(score)}") from None
    if len(deltas) != 4:
        raise m.fail(f"Score: not four numbers: {' '.join(score)}")
    win = m.events[-1] if m.events and isinstance(m.events[-1], ev.Win) else None
    if fan is None:
        if win is not None:
            raise m.fail("a win without its Fan line")
        m.emit(ev.DrawGame(reason="exhaustive", tenpai=[False] * 4, deltas=deltas, deposits_returned=False))
        return
    if win is None:
        raise m.fail("a Fan line with no Hu before it")
    try:
        total = int(fan[0])
    except (ValueError, IndexError):
        raise m.fail(f"Fan: no total: {' '.join(fan)}") from None
    items = "".join(fan[1:]).split("+") if len(fan) > 1 else []
    m.events[-1] = ev.Win(seat=win.seat, from_seat=win.from_seat, tile=win.tile, deltas=deltas, points=total,
                          yaku=[x for x in items if x])


def _seat(m: Match, text: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise m.fail(f"not a seat (0-3): {text[:10]!r}")
    return int(text)


def read_botzone(data: bytes, name: str) -> Iterator[Round]:
    """The matches of a Botzone record file as rounds (one deal each), in order."""
    text = decode_text(data, name)
    match: Match | None = None
    fan: list[str] | None = None
    game = 0
    for n, raw in enumerate(text.splitlines(), 1):
        words = raw.split()
        if not words:
            continue
        head = words[0]
        if head == "Match":
            match = Match(name, words[1] if len(words) > 1 else "?")
            match.line = n
            fan = None
            continue
        if match is None:
            raise LogError(f"{name}: line {n}: expected 'Match <id>' first, not {raw[:40]!r}")
        match.line = n
        try:
            if head == "Wind":
                match.round_wind = int(words[1])
                if not 0 <= match.round_wind <= 3:
                    raise ValueError(words[1])
            elif head == "Player" and len(words) >= 4 and words[2] == "Deal":
                seat = _seat(match, words[1])
                match.hands[seat] = [match.new_id(t) for t in words[3:]]
                if len(match.hands[seat]) != 13:
                    raise match.fail(f"player {seat} is dealt {len(match.hands[seat])} tiles, not 13")
                if seat == 3:
                    match.emit(ev.Deal(dealer=0, round_wind=match.round_wind, scores=[0] * 4,
                                       hands=[sorted(h) for h in match.hands], dora_indicator=None,
                                       live_left=_WALL - 52))
            elif head == "Player":
                apply_action(match, _seat(match, words[1]), words[2], words[3])
                rest = words[4:]            # Ignore Player <m> <Action> <tile>, as often as claims lost
                while rest:
                    if len(rest) < 5 or rest[0] != "Ignore" or rest[1] != "Player":
                        raise match.fail(f"expected 'Ignore Player <n> <action> <tile>', not {' '.join(rest)[:40]!r}")
                    match.claims.setdefault(len(match.events) - 1, []).append(
                        (_seat(match, rest[2]), rest[3].lower(), rest[4]))
                    rest = rest[5:]
            elif head == "Fan":
                fan = words[1:]
            elif head == "Huang":
                fan = None
            elif head == "Score":
                record_result(match, fan, words[1:])
                yield ClaimedRound(source=name, game=game, number=0, label=f"match {match.match_id}",
                                   events=match.events, where=match.where, preset="mcr", game_id=match.match_id,
                                   last_of_game=True, claims=match.claims)
                game += 1
                match = None
            else:
                raise match.fail(f"unknown line {raw[:40]!r}")
        except (ValueError, IndexError) as exc:
            raise match.fail(f"malformed line {raw[:60]!r} ({exc})") from None
    if match is not None:
        raise LogError(f"{name}: match {match.match_id} ends without its Score line")
