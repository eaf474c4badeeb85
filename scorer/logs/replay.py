"""Replay: recorded rounds through the engine, every event checked against the legal actions, every result
recomputed and compared with the record.

For each :class:`~scorer.logs.Round` a fresh table (a plain state under the ``tenhou`` table's rules object, made
by :func:`~scorer.game.tenhou.TenhouState`) is set from the round's header (the ``Deal``: scores, honba, deposits,
hands). Each event is first checked — is it the turn of that seat, is the action among
:func:`scorer.game.actions.legal_actions`, is the drawn tile one not yet in play — and only then applied with
``state.apply``. A record that does something illegal ends the round with a :class:`~scorer.errors.LogError`
naming the file, the round and the event.

At the result the engine scores the hand itself (the riichi scorer, with the table's facts) and settles the
payments by the table preset (double ron, pao, honba, deposits, noten payments, nagashi mangan); the record's
han, fu, points, yaku and every seat's delta are compared with that. Across rounds the scores the replay
reaches must be the next round's header scores (unless that round opens a new game: :func:`opens_game`), and
the last round's the game's final scores.

A visitor decides what a disagreement does: :class:`StrictVisitor` raises, :class:`LenientVisitor` collects.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from scorer.errors import LogError, MjscoreError
from scorer.game import actions as A
from scorer.game import events as ev
from scorer.game import tenhou as T
from scorer.game.state import ACT, CHANKAN, DRAW, NUKI, RESPOND, RINSHAN
from scorer.logs import Round, read_log
from scorer.game.wall import TILES

DRAW_NAMES = {
    "exhaustive": "exhaustive draw", "nine_terminals": "nine terminals (九種九牌)",
    "four_winds": "four winds (四風連打)", "four_riichi": "four riichi (四家立直)",
    "triple_ron": "triple ron (三家和了)", "four_kans": "four kans (四槓散了)",
    "nagashi_mangan": "nagashi mangan (流し満貫)",
}


class ReplayMismatch(LogError):
    """The replay's result differs from the record (raised by the strict visitor)."""


@dataclass
class WinReport:
    seat: int
    from_seat: int | None
    han: int
    fu: int
    points: int
    yaku: list[tuple[str, int]]
    deltas: list[int]
    limit: str | None = None
    record: dict = field(default_factory=dict)
    names: list[tuple[str, int]] = field(default_factory=list)     # romaji names, dora left out

    def to_dict(self) -> dict:
        return {"seat": self.seat, "from": self.from_seat, "tsumo": self.from_seat is None, "han": self.han,
                "fu": self.fu, "points": self.points, "limit": self.limit,
                "yaku": [{"name": n, "han": h} for n, h in self.yaku], "deltas": self.deltas,
                "record": self.record}


@dataclass
class RoundReport:
    """One replayed round: what the engine found, what differs from the record, or the error that stopped it."""

    round: Round
    outcome: str = ""                         # "win", "double ron", or a draw reason
    wins: list[WinReport] = field(default_factory=list)
    deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    record_deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    mismatches: list[str] = field(default_factory=list)
    error: str | None = None
    scores_after: list[int] | None = None
    sticks_after: int = 0
    events: int = 0

    @property
    def agree(self) -> bool:
        return self.error is None and not self.mismatches

    def summary(self) -> str:
        if self.error:
            return "error"
        if self.wins:
            parts = []
            for w in self.wins:
                how = "tsumo" if w.from_seat is None else f"ron from seat {w.from_seat}"
                val = f"{w.fu}fu {w.han}han" if not w.limit or w.limit == "mangan" and w.han < 5 else w.limit
                parts.append(f"seat {w.seat} {how}, {val} {w.points}")
            return "; ".join(parts)
        return DRAW_NAMES.get(self.outcome, self.outcome)

    def to_dict(self) -> dict:
        r = self.round
        return {"file": r.source, "game": r.game, "round": r.number + 1, "label": r.label,
                "agree": self.agree, "outcome": self.outcome, "summary": self.summary(),
                "wins": [w.to_dict() for w in self.wins], "deltas": self.deltas,
                "record_deltas": self.record_deltas, "mismatches": self.mismatches, "error": self.error,
                "scores_after": self.scores_after, "events": self.events}


class StrictVisitor:
    """Raises at the first illegal event or disagreement."""

    def mismatch(self, report: RoundReport, text: str) -> None:
        report.mismatches.append(text)
        raise ReplayMismatch(f"{report.round.name}: {text}")

    def error(self, report: RoundReport, err: LogError) -> None:
        report.error = str(err)
        raise err


class LenientVisitor:
    """Collects disagreements and errors in the reports and goes on (each round restarts from its header)."""

    def mismatch(self, report: RoundReport, text: str) -> None:
        report.mismatches.append(text)

    def error(self, report: RoundReport, err: LogError) -> None:
        report.error = str(err)


def _t(tile_id: int) -> str:
    return str(TILES[tile_id])


# one frozen discard action per (seat, tile id), shared by every replay
_DISCARDS = {(seat, t): A.Action(A.DISCARD, seat, t) for seat in range(4) for t in range(136)}


# ---- one round ------------------------------------------------------------------------------------------------
class _RoundReplay:
    def __init__(self, rnd: Round, visitor, state_hook=None):
        self.rnd = rnd
        self.visitor = visitor
        self.report = RoundReport(rnd)
        from scorer.game.presets import find_preset
        self.state = T.TenhouState(find_preset(rnd.preset))
        self.seen: set[int] = set()
        self.absent = self.state.preset.absent_kinds    # kinds the table leaves out (three-player: 2m-8m)
        self.dora_pending = 0
        self.hook = state_hook

    def fail(self, i: int, msg: str) -> LogError:
        return self.rnd.error(i, msg)

    def run(self) -> RoundReport:
        rnd = self.rnd
        evs = rnd.events
        if not evs or evs[0].type != "deal":
            raise self.fail(0 if evs else None, "a round must start with its deal")
        if self.state.preset.rules != T.TENHOU.rules:     # the replay table's rule set
            raise self.fail(0, f"a round of the {self.state.preset.rules} table (preset {self.state.preset.name!r}): "
                               f"replay checks {T.TENHOU.rules} rounds only")
        i = 0
        n = len(evs)
        st = self.state
        results = st.results             # the state's own list: a result appended by apply shows here
        check, apply, hook = self._check, st.apply, self.hook
        while i < n:
            e = evs[i]
            if results:
                raise self.fail(i, "an event after the round's result")
            t = e.type
            if t == "win":
                j = i
                while j < n and evs[j].type == "win":
                    j += 1
                self._wins(i, evs[i:j])
                i = j
                continue
            check(i, e)
            if t == "draw_game":
                e = self._draw_game(i, e)
            try:                         # as _apply, inline: this runs for every event
                apply(e)
            except LogError as err:
                raise self.fail(i, str(err)) from None
            if hook is not None:
                hook(i, e, st)
            i += 1
        if not st.results:
            raise self.fail(n - 1, "the round ends without a result")
        self.report.scores_after = [p.score for p in st.players]
        self.report.sticks_after = st.sticks
        self.report.events = n
        return self.report

    def _apply(self, i: int, e: ev.Event) -> None:
        try:
            self.state.apply(e)
        except LogError as err:
            raise self.fail(i, str(err)) from None
        if self.hook is not None:
            self.hook(i, e, self.state)

    # ---- legality -------------------------------------------------------------------------------------------
    def _legal(self, i: int, action: A.Action, what: str) -> None:
        if not A.is_legal(self.state, action):
            raise self._illegal(i, action, what)

    def _illegal(self, i: int, action: A.Action, what: str) -> LogError:
        st = self.state
        legal = A.legal_actions(st, action.seat)
        shown = ", ".join(a.describe(st.table) for a in legal[:8]) or "nothing"
        return self.fail(i, f"illegal: seat {action.seat} cannot {what} (legal now: {shown}"
                            f"{' ...' if len(legal) > 8 else ''})")

    def _check(self, i: int, e: ev.Event) -> None:
        st = self.state
        t = e.type
        if t == "discard":               # the most common event first; the message is written only if it fails
            seat = e.seat
            if st.phase != ACT or seat != st.turn:
                raise self.fail(i, f"seat {seat} acts out of turn (it is seat {st.turn}'s {st.phase} phase)")
            try:
                action = _DISCARDS.get((seat, e.tile))
            except TypeError:            # an unhashable tile: the message below names it
                action = None
            if action is None:
                action = A.Action(A.DISCARD, seat, e.tile)
            if not A.is_legal(st, action):
                raise self._illegal(i, action, f"discard {_t(e.tile)}")
            return
        if t == "draw":
            if st.phase == RESPOND:
                if st.riichi_pending is not None:
                    raise self.fail(i, f"seat {st.riichi_pending}'s riichi deposit was never paid")
                want = st.next_seat[st.last_discarder]
                if e.rinshan:
                    raise self.fail(i, "a replacement draw without a kan")
            elif st.phase == DRAW:
                want = st.turn
            elif st.phase in (RINSHAN, CHANKAN, NUKI):
                want = st.turn
                if not e.rinshan:
                    raise self.fail(i, f"after a {'North set aside' if st.phase == NUKI else 'kan'} seat {st.turn} "
                                       f"draws a replacement tile")
            else:
                raise self.fail(i, f"seat {st.turn} must discard before anyone draws")
            if e.seat != want:
                raise self.fail(i, f"seat {e.seat} draws but it is seat {want}'s turn")
            self._new_tile(i, e.tile)
            return
        if t == "deal":
            if i != 0:
                raise self.fail(i, "a second deal inside a round")
            ids = [x for h in e.hands for x in h] + [e.dora_indicator]
            if len(set(ids)) != len(ids) or any(not 0 <= x < 136 for x in ids):
                raise self.fail(i, "the deal shows a tile twice (or a tile id outside 0-135)")
            n = st.n_players
            if any(len(h) != 13 for h in e.hands) or len(e.hands) != n:
                raise self.fail(i, f"each of {'four' if n == 4 else 'three'} seats is dealt 13 tiles")
            if self.absent and any(self.absent >> (x >> 2) & 1 for x in ids):
                raise self.fail(i, "the deal shows a tile this table leaves out (three-player: no 2m-8m)")
            self.seen.update(ids)
            return
        if t == "nuki":
            if st.phase != ACT or e.seat != st.turn:
                raise self.fail(i, f"seat {e.seat} acts out of turn (it is seat {st.turn}'s {st.phase} phase)")
            self._legal(i, A.Action(A.NUKI, e.seat, e.tile), f"set {_t(e.tile)} aside (nuki)")
            return
        if t == "dora":
            if self.dora_pending <= 0:
                raise self.fail(i, "a new dora indicator without a kan")
            self.dora_pending -= 1
            self._new_tile(i, e.indicator)
            return
        if t == "riichi_accepted":
            if st.riichi_pending != e.seat or st.phase != RESPOND:
                raise self.fail(i, f"seat {e.seat} pays a riichi deposit without a riichi discard")
            return
        if t == "draw_game":
            return
        # the actions of a seat
        seat = getattr(e, "seat", None)
        if t == "riichi" or (t == "call" and e.kind in ("ankan", "kakan")):
            if st.phase != ACT or seat != st.turn:
                raise self.fail(i, f"seat {seat} acts out of turn (it is seat {st.turn}'s {st.phase} phase)")
        if t == "riichi":
            if not st.rules.can_riichi(st, seat):
                raise self.fail(i, f"illegal: seat {seat} cannot declare riichi (closed, tenpai, 1,000 points "
                                   f"and 4 tiles in the wall needed)")
            return
        if t == "call":
            k = e.kind
            if k in ("chi", "pon", "kan"):
                if st.phase != RESPOND or st.last_discard is None:
                    raise self.fail(i, f"a {k} with no discard to call")
                if e.from_seat != st.last_discarder:
                    raise self.fail(i, f"a {k} from seat {e.from_seat}, but seat {st.last_discarder} discarded")
                own = list(e.tiles)
                if e.called not in own:
                    raise self.fail(i, f"the {k} does not hold the called tile")
                own.remove(e.called)
                kind = {"chi": A.CHI, "pon": A.PON, "kan": A.KAN}[k]
                self._legal(i, A.Action(kind, seat, e.called, tuple(own)),
                            f"{k} {_t(e.called)} with {''.join(_t(x) for x in own)}")
            elif k == "ankan":
                self._legal(i, A.Action(A.ANKAN, seat, None, tuple(sorted(e.tiles))),
                            f"declare a closed kan of {_t(e.tiles[0])}")
            elif k == "kakan":
                self._legal(i, A.Action(A.KAKAN, seat, e.called), f"add {_t(e.called)} to a pon")
            else:
                raise self.fail(i, f"unknown call kind {k!r}")
            if k in ("kan", "ankan", "kakan"):
                self.dora_pending += 1
            return
        raise self.fail(i, f"unexpected {t} event")

    def _new_tile(self, i: int, tile: int) -> None:
        if not 0 <= tile < 136:
            raise self.fail(i, f"{tile} is not a tile id")
        if self.absent and self.absent >> (tile >> 2) & 1:
            raise self.fail(i, f"tile {_t(tile)} (id {tile}) is not in this table's wall (three-player: no 2m-8m)")
        if tile in self.seen:
            raise self.fail(i, f"tile {_t(tile)} (id {tile}) is already in play: that tile is not in the wall")
        self.seen.add(tile)

    # ---- results --------------------------------------------------------------------------------------------
    def _wins(self, i: int, wins: list[ev.Win]) -> None:
        st = self.state
        rep = self.report
        frm = wins[0].from_seat
        if frm is None:
            if len(wins) > 1:
                raise self.fail(i + 1, "two tsumo wins")
            w = wins[0]
            if st.phase != ACT or w.seat != st.turn:
                raise self.fail(i, f"seat {w.seat} cannot tsumo now")
            self._legal(i, A.Action(A.TSUMO, w.seat, w.tile), f"win by tsumo on {_t(w.tile)}")
        else:
            if st.phase == RESPOND:
                src, tile = st.last_discarder, st.last_discard
            elif st.phase == CHANKAN:
                src, tile = st.turn, st.kakan_tile
            elif st.phase == NUKI:           # three-player: a North set aside, robbed (no chankan yaku)
                src, tile = st.turn, st.nuki_tile
            else:
                raise self.fail(i, "a ron with no discard, added kan or North set aside to rob")
            seats = set()
            for k, w in enumerate(wins):
                if w.from_seat != src:
                    raise self.fail(i + k, f"a ron from seat {w.from_seat}, but the tile came from seat {src}")
                if w.seat in seats:
                    raise self.fail(i + k, f"seat {w.seat} wins twice")
                seats.add(w.seat)
                if w.tile != tile and not (st.ankan_robbable and w.tile >> 2 == tile >> 2):
                    # (a closed kan robbed by thirteen orphans: any of its four tiles, the ron names the kind)
                    raise self.fail(i + k, f"the ron tile {_t(w.tile)} is not the tile offered ({_t(tile)})")
                self._legal(i + k, A.Action(A.RON, w.seat, w.tile), f"ron on {_t(w.tile)}")
            if len(wins) > 2:
                raise self.fail(i + 2, "three rons on one tile: the tenhou table aborts the deal instead")
        chankan = st.phase == CHANKAN
        results = []
        for k, w in enumerate(wins):
            try:
                res = A.score_win(st, w.seat, w.tile, tsumo=frm is None, chankan=chankan,
                                  ura=tuple(w.ura_indicators))
            except LogError:
                raise
            except ValueError as err:
                raise self.fail(i + k, f"the winning hand cannot be scored: {err}") from None
            if not res.win:
                raise self.fail(i + k, f"seat {w.seat}'s hand does not win ({res.reason})")
            results.append((w.seat, res))
        deltas = T.win_deltas(st, results, frm)
        rep.outcome = "win" if len(wins) == 1 else "double ron"
        for k, (w, (seat, res), d) in enumerate(zip(wins, results, deltas)):
            yaku = [(y.kanji, y.han) for y in res.yaku]
            for name, n in (("ドラ", res.dora), ("赤ドラ", res.red), ("裏ドラ", res.ura)):
                if n:
                    yaku.append((name, n))
            wr = WinReport(seat, frm, res.han, res.fu, res.points, yaku, d, res.limit,
                           {"han": w.han, "fu": w.fu, "points": w.points, "yaku": w.yaku, "deltas": w.deltas},
                           [(y.name, y.han) for y in res.yaku])
            rep.wins.append(wr)
            self._compare_win(wr, w)
            rep.deltas = [a + b for a, b in zip(rep.deltas, d)]
            rep.record_deltas = [a + b for a, b in zip(rep.record_deltas, w.deltas)]
        for k, (w, d) in enumerate(zip(wins, deltas)):
            self._apply(i + k, dataclasses.replace(w, deltas=d))

    def _compare_win(self, wr: WinReport, w: ev.Win) -> None:
        v = self.visitor
        rep = self.report
        who = f"seat {wr.seat}'s {'tsumo' if wr.from_seat is None else 'ron'}"
        if w.han and wr.han != w.han:
            v.mismatch(rep, f"{who}: han {wr.han}, record {w.han}")
        if w.fu and wr.fu != w.fu and wr.han < 5 and not any(h >= 13 for _, h in wr.yaku):
            v.mismatch(rep, f"{who}: fu {wr.fu}, record {w.fu}")
        if w.points and wr.points != w.points:
            v.mismatch(rep, f"{who}: points {wr.points}, record {w.points}")
        if w.yaku:
            if all(isinstance(y, str) for y in w.yaku):      # our own logs: "name han", dora not listed
                ours = Counter((n, h) for n, h in wr.names if h)
                theirs = Counter(_name_han(y) for y in w.yaku)
            else:
                ours = Counter((n, h) for n, h in wr.yaku if h)
                theirs = Counter((n, h) for n, h in (tuple(y) for y in w.yaku) if h)
            if ours != theirs:
                missing = sorted(f"{n} {h}" for n, h in (theirs - ours).elements())
                extra = sorted(f"{n} {h}" for n, h in (ours - theirs).elements())
                v.mismatch(rep, f"{who}: yaku differ (record only: {', '.join(missing) or '-'}; "
                                f"replay only: {', '.join(extra) or '-'})")
        if list(w.deltas) != list(wr.deltas):
            v.mismatch(rep, f"{who}: deltas {wr.deltas}, record {list(w.deltas)}")

    def _draw_game(self, i: int, e: ev.DrawGame) -> ev.DrawGame:
        st = self.state
        rep = self.report
        r = e.reason
        rep.outcome = r
        if r in ("exhaustive", "nagashi_mangan"):
            if st.phase != RESPOND or st.live_left != 0:
                raise self.fail(i, f"an exhaustive draw with {st.live_left} tiles left in the wall")
            if st.riichi_pending is not None:
                raise self.fail(i, f"seat {st.riichi_pending}'s riichi deposit was never paid")
            if r == "nagashi_mangan" and not T.nagashi_seats(st):
                raise self.fail(i, "nagashi mangan, but nobody's discards are all terminals and honors, uncalled")
        elif r == "triple_ron":
            if st.phase not in (RESPOND, CHANKAN):
                raise self.fail(i, "triple ron with no discard to ron")
            can = [s for s in range(st.n_players) if any(a.type == A.RON for a in A.legal_actions(st, s))]
            if len(can) < 3:
                raise self.fail(i, f"triple ron, but only seats {can} can ron")
        else:
            why = T.check_abortive(st, r)
            if why:
                raise self.fail(i, f"illegal {DRAW_NAMES.get(r, r)}: {why}")
            if r in ("four_winds", "four_kans", "four_riichi") and st.phase != RESPOND:
                raise self.fail(i, f"{DRAW_NAMES[r]} only once the last discard has passed")
        tenpai = T.tenpai_seats(st, strict=st.preset.karaten_noten) if r in ("exhaustive", "nagashi_mangan") else [False] * 4
        if r == "exhaustive" and any(e.tenpai) and list(e.tenpai) != tenpai:
            self.visitor.mismatch(rep, f"tenpai {_seats(tenpai)}, record {_seats(e.tenpai)}")
        deltas = T.draw_deltas(st, r, tenpai)
        rep.deltas = deltas
        rep.record_deltas = list(e.deltas)
        if list(e.deltas) != deltas:
            self.visitor.mismatch(rep, f"{DRAW_NAMES.get(r, r)}: deltas {deltas}, record {list(e.deltas)}")
        return dataclasses.replace(e, tenpai=tenpai, deltas=deltas,
                                   deposits_returned=st.preset.draw_deposits == "return")


def _name_han(y: str) -> tuple[str, int]:
    name, _, han = y.rpartition(" ")
    try:
        return name, int(han)
    except ValueError:
        return y, 0


def _seats(flags) -> str:
    s = [str(k) for k, f in enumerate(flags) if f]
    return "seats " + ",".join(s) if s else "nobody"


def _replayer(preset_name):
    """The round replay of the table that plays ``preset_name`` (its rules object's ``replayer``), or None for the
    riichi round replay below (an unknown preset name is reported there, with the round)."""
    from importlib import import_module
    from scorer.game.presets import find_preset
    from scorer.game.rules import find_table
    try:
        path = find_table(find_preset(preset_name)).replayer
    except MjscoreError:
        return None
    if not path:
        return None
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


def replay_round(rnd: Round, visitor=None, state_hook=None) -> RoundReport:
    """Replay one round; illegal events raise :class:`LogError` (strict) or end up in ``report.error``."""
    visitor = visitor or StrictVisitor()
    replayer = _replayer(rnd.preset)
    if replayer is not None:        # a table with its own round replay (MCR: Botzone, PMN, our own MCR logs)
        return replayer(rnd, visitor)
    try:
        rr = _RoundReplay(rnd, visitor, state_hook)
    except MjscoreError as err:             # the log names a table preset that does not exist
        report = RoundReport(rnd)
        visitor.error(report, rnd.error(None, str(err)))
        return report
    try:
        return rr.run()
    except ReplayMismatch:
        raise
    except LogError as err:
        visitor.error(rr.report, err)
        return rr.report
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as err:
        # a malformed event the checks did not foresee: still a LogError naming the round (never a traceback)
        k = rr.state.n_events
        e = rr.fail(min(k, len(rnd.events) - 1) if rnd.events else None,
                    f"cannot replay this event ({type(err).__name__}: {err})")
        visitor.error(rr.report, e)
        return rr.report


def opens_game(deal: ev.Deal) -> bool:
    """A deal that can only be a game's first (East 1, dealer at seat 0, no honba, no deposits): nothing carries
    into it from the round before, which ended another game (``play --auto --deals N`` logs one-deal games one
    after another). Inside a game East 1 never comes back without a honba."""
    return deal.round_wind == 0 and deal.dealer == 0 and deal.honba == 0 and deal.sticks == 0


def replay_rounds(rounds: Iterable[Round], visitor=None) -> Iterator[RoundReport]:
    """Replay rounds in order, checking the scores carried between the rounds of one game and the final scores.

    A round's report is yielded only once the next round's header has been compared with it (or the rounds have
    ended), so a round-to-round mismatch is in the report before anyone prints it or counts its verdict."""
    visitor = visitor or StrictVisitor()
    prev: RoundReport | None = None
    it = iter(rounds)
    while True:
        try:
            rnd = next(it)
        except StopIteration:
            break
        except LogError:            # the file breaks after a round: that round's verdict still comes out first
            if prev is not None:
                yield prev
            raise
        deal = rnd.events[0] if rnd.events and rnd.events[0].type == "deal" else None
        if prev is not None and deal is not None and prev.round.game == rnd.game and prev.round.source == \
                rnd.source and prev.scores_after is not None and not prev.round.last_of_game and \
                not opens_game(deal):
            if list(deal.scores) != prev.scores_after:
                visitor.mismatch(prev, f"scores after the round {prev.scores_after}, next round starts with "
                                       f"{list(deal.scores)}")
            elif deal.sticks != prev.sticks_after:
                visitor.mismatch(prev, f"{prev.sticks_after} deposits left on the table, next round has "
                                       f"{deal.sticks}")
        if prev is not None:
            yield prev
        rep = replay_round(rnd, visitor)
        if rnd.final_scores is not None and rep.scores_after is not None:
            first_dealer = 0
            final = T.final_scores(rep.scores_after, rep.sticks_after, first_dealer)
            if final != list(rnd.final_scores):
                visitor.mismatch(rep, f"final scores {final}, record {list(rnd.final_scores)}")
        prev = rep
    if prev is not None:
        yield prev


def replay_file(path: str, visitor=None) -> Iterator[RoundReport]:
    """Read and replay every round of the log at ``path``."""
    return replay_rounds(read_log(path), visitor)
