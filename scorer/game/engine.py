"""The engine: runs one riichi deal. It owns the wall, asks players for actions, validates each against
``legal_actions`` and turns it into events; every event goes through ``GameState.apply`` and into the log.

Call priority: every response to a discard is collected before the tile is awarded; ron beats pon and kan,
which beat chi; equal claims go by seat order after the discarder. Several rons: as the preset's
``multiple_ron`` says — head bump (only the nearest claimant wins) or double ron (both win; three rons abort when
the preset lists ``triple_ron``). A kan turns over a new dora indicator (at once, or after the kan's discard: the
preset's ``kan_dora``) and draws a replacement; an added kan first opens a chankan window (ron only). The first
win ends the deal; if the wall runs out, noten players pay tenpai players.

The seats come from the preset (``players``: 4, or 3 at a three-player table, whose turn goes East, South, West
and back). There a seat may set a North aside (``nuki``): the engine emits the ``nuki`` event, lets the other
seats ron on it when the preset's ``nuki_robbed`` says so (no chankan yaku), then draws the replacement from the
dead wall (no new dora indicator; the replacements are shared with the kans).

What differs between tables is asked of the table's rules object, never of a preset's name: its
``win_deltas`` (every winner's settlement), ``draw_event`` (an exhaustive or abortive draw's settlement: None
keeps the engine's own), ``abortive_after_discard`` (four winds, four riichi, four kans once a discard passes)
and the actions it lists (nine terminals at the ``tenhou`` table). The ``tenhou`` table answers them with the
settlement functions the replays use (:mod:`scorer.game.tenhou`). A table without these steps pays nothing for
them: the engine looks them up once per deal.
"""

from __future__ import annotations

import json
from typing import Callable, Protocol, Sequence, TextIO

from scorer.errors import MjscoreError
from scorer.game import events as ev
from scorer.game.actions import ANKAN, CHI, KAKAN, KAN, NINE_TERMINALS, NUKI, PON, RIICHI, RON, TSUMO, Action
from scorer.game.rules.riichi import scored_win
from scorer.game.presets import TablePreset, find_preset
from scorer.game.state import CHANKAN, NEXT_SEAT, NUKI as NUKI_PHASE, RESPOND, GameState
from scorer.game.wall import Wall


class IllegalActionError(MjscoreError):
    """A player chose an action that is not among its legal actions."""


class Player(Protocol):
    name: str

    def choose(self, state: GameState, seat: int, actions: list[Action]) -> Action: ...


# the other seats in turn order after each seat (priority order for equal claims), by the number of seats
ORDER_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n)) for n in (3, 4)}
_ORDER_AFTER = ORDER_AFTER[4]


def order_after(seat: int, players: int = 4) -> list[int]:
    """The other seats in turn order after ``seat`` (priority order for equal claims)."""
    return list(ORDER_AFTER[players][seat])


def notation_of(hand) -> str:
    """A winning hand's notation for the win event ("" if it cannot be written: the formatter is optional for
    play)."""
    try:
        return hand.notation()
    except Exception:
        return ""


class Engine:
    """One deal. ``players`` are one object a seat (four, or the three of a three-player preset) with
    ``choose(state, seat, actions)``; ``log`` gets JSON lines."""

    def __init__(self, players: Sequence[Player], *, seed: int | None = None,
                 preset: TablePreset | str | None = None, wall: Wall | None = None, dealer: int = 0,
                 scores: Sequence[int] | None = None, honba: int = 0, sticks: int = 0,
                 log: TextIO | None = None, on_event: Callable[[ev.Event, GameState], None] | None = None,
                 round_wind: int = 0, game: tuple[str, int] | None = None):
        self.players = list(players)
        self.preset = find_preset(preset)
        if len(self.players) != self.preset.players:
            raise ValueError(f"the {self.preset.name} table seats {self.preset.players} players, not "
                             f"{len(self.players)}")
        self.seed = seed
        self.wall = wall if wall is not None else Wall.for_preset(seed, self.preset)
        self.dealer = dealer
        n = self.preset.players
        self.scores = list(scores) if scores is not None else [self.preset.start_points] * n
        self._order = ORDER_AFTER[n]        # the other seats after each seat
        self._next = NEXT_SEAT[n]           # the seat after each seat
        self.honba = honba
        self.sticks = sticks
        self.round_wind = round_wind        # the prevailing wind (0 East ... 3 North)
        self.game = game                    # a deal of a game: (its length, the game's seed) for the start line
        self.log = log
        self.on_event = on_event
        self.state = GameState(self.preset, seed)
        if game is not None:                # what the AIs may know of the game: its length
            from scorer.game.match import GAME_WINDS
            self.state.game_winds = GAME_WINDS.get(game[0]) or 2
        self.events: list[ev.Event] = []
        self.actions: list[Action] = []      # every action chosen, in order (for tests)
        rules = self.state.rules
        # the table's own steps, looked up once (None: the table has none and the engine skips them)
        self._multiple_ron = self.preset.multiple_ron != "head_bump"
        self._after_discard = getattr(rules, "abortive_after_discard", None) if self.preset.abortive_draws \
            else None
        self._kan_dora_later = self.preset.kan_dora == "after_discard"
        self.scored: list = []               # every win's scorer result, in the order announced
        self._dora_owed = 0                  # open kans whose new indicator waits for the kan's discard

    # ---- plumbing ---------------------------------------------------------------------------------------------
    def emit(self, event: ev.Event) -> None:
        self.state.apply(event)
        self.events.append(event)
        if self.log is not None:
            self.log.write(event.to_json() + "\n")
        if self.on_event is not None:
            self.on_event(event, self.state)

    def start_event(self, names: list[str], wall: list | None = None) -> ev.Start:
        """The log's first line: the seed, the table, the players (and a game's length and seed)."""
        game, game_seed = self.game if self.game is not None else (None, None)
        return ev.Start(seed=self.seed, preset=self.preset.name, rules=self.preset.rules, players=names, wall=wall,
                        game=game, game_seed=game_seed)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions under the table's rules object."""
        return self.state.rules.legal_actions(self.state, seat)

    def ask(self, seat: int) -> Action | None:
        legal = self.state.rules.legal_actions(self.state, seat)
        return self._choose(seat, legal) if legal else None

    def _choose(self, seat: int, legal: list[Action]) -> Action:
        """The seat's choice among its legal actions ``legal`` (not empty), validated against them."""
        st = self.state
        action = self.players[seat].choose(st, seat, legal)
        if action.seat != seat or not st.rules.validate(st, action, legal):
            raise IllegalActionError(f"seat {seat} chose an illegal action {action!r}")
        self.actions.append(action)
        return action

    # ---- the deal ---------------------------------------------------------------------------------------------
    def run(self) -> GameState:
        pre = self.preset
        rules = self.state.rules
        if pre.multiple_ron not in rules.multiple_ron_played or not set(pre.abortive_draws) <= \
                rules.abortive_draws_played or pre.kan_dora not in ("immediate", "after_discard", "none"):
            raise NotImplementedError(f"the {rules.name} table plays several rons as "
                                      f"{', '.join(rules.multiple_ron_played)} and abortive draws "
                                      f"{', '.join(sorted(rules.abortive_draws_played)) or 'none'}; "
                                      f"preset {pre.name!r} asks for more")
        wall = self.wall
        names = [getattr(p, "name", type(p).__name__) for p in self.players]
        self.emit(self.start_event(names, list(wall.ids) if self.seed is None else None))
        self.emit(ev.Deal(dealer=self.dealer, round_wind=self.round_wind, honba=self.honba, sticks=self.sticks,
                          scores=list(self.scores), hands=[list(h) for h in wall.hands()],
                          dora_indicator=wall.dora_indicator(0), live_left=wall.live_left))
        return self._play(self.dealer, need_draw=True)

    def _play(self, seat: int, need_draw: bool) -> GameState:
        """The turns after the deal, the same at both tables: draw, act (win, kan, discard), then every answer to
        the discard (win, then pon/kan, then chi). The table's own steps are the hooks ``_draw``, ``_replacement``
        (False: the wall ran out, the deal is exhausted), ``_win`` and ``_exhausted``."""
        st = self.state
        while True:
            if need_draw:
                if st.live_left == 0 or not self._draw(seat):
                    return self._exhausted()
            a = self.ask(seat)
            if a.type == TSUMO:
                self._win(seat, None, a.tile)
                return st
            if a.type == NINE_TERMINALS:        # an abortive draw the player chose (listed by the table)
                self.emit(st.rules.draw_event(st, "nine_terminals"))
                return st
            if a.type == NUKI:                  # three-player: a North set aside, then its replacement
                self.emit(ev.Nuki(seat=seat, tile=a.tile))
                if st.phase == NUKI_PHASE:      # the preset lets the others ron on it first
                    rons = self._collect(seat, only_ron=True)
                    if rons:
                        self._wins(rons, seat, a.tile)
                        return st
                self.emit(ev.draw_event(seat, self.wall.draw_replacement(), True))
                need_draw = False
                continue
            if a.type == ANKAN:
                self.emit(ev.Call(seat=seat, kind="ankan", tiles=sorted(a.tiles)))
                if st.phase == CHANKAN:         # a thirteen orphans hand waits on it (kokushi_robs_ankan)
                    rons = self._collect(seat, only_ron=True)
                    if rons:
                        self._wins(rons, seat, st.kakan_tile, chankan=True)
                        return st
                if not self._replacement(seat):
                    return self._exhausted()
                need_draw = False
                continue
            if a.type == KAKAN:
                pon = next(m for m in st.players[seat].melds if m.kind == "pon" and m.tiles[0] >> 2 == a.tile >> 2)
                self.emit(ev.Call(seat=seat, kind="kakan", tiles=sorted(pon.tiles + [a.tile]), called=a.tile,
                                  from_seat=pon.from_seat))
                rons = self._collect(seat, only_ron=True)
                if rons:
                    self._wins(rons, seat, a.tile, chankan=True)
                    return st
                if not self._replacement(seat):
                    return self._exhausted()
                need_draw = False
                continue
            if self._dora_owed:     # an open or added kan's indicator: turned as the kan's discard is made
                self._turn_dora()   # (Tenhou: replacement draw, DORA, then the discard; tsumo turns none)
            if a.type == RIICHI:
                self.emit(ev.Riichi(seat=seat))
            self.emit(ev.discard_event(seat, a.tile, a.tile == st.last_draw))
            responses = self._collect_all(seat)
            rons = [s for s, r in responses if r.type == RON] if responses else ()   # most discards: no answer
            if rons:
                self._wins(rons, seat, st.last_discard)             # nearest after the discarder first
                return st
            if st.riichi_pending == seat:
                self.emit(ev.RiichiAccepted(seat=seat))
            if self._after_discard is not None:  # four winds, four riichi, four kans: the discard has passed
                reason = self._after_discard(st)
                if reason is not None:
                    self.emit(st.rules.draw_event(st, reason))
                    return st
            call = None
            if responses:
                call = next(((s, r) for s, r in responses if r.type in (PON, KAN)), None) or \
                    next(((s, r) for s, r in responses if r.type == CHI), None)
            if call is not None:
                s, r = call
                self.emit(ev.Call(seat=s, kind=r.type, tiles=sorted(r.tiles + (r.tile,)), called=r.tile,
                                  from_seat=seat))
                seat = s
                if r.type == KAN and not self._replacement(s):
                    return self._exhausted()
                need_draw = False
                continue
            seat, need_draw = self._next[seat], True

    def _draw(self, seat: int) -> bool:
        self.emit(ev.draw_event(seat, self.wall.draw()))
        return True

    def _replacement(self, seat: int) -> bool:
        """A kan: a new dora indicator, then the replacement from the dead wall (always there: a kan needs it).
        Kan dora after the discard (the preset's ``kan_dora``): an open or added kan's indicator waits for the
        kan's discard (or the next kan); a closed kan's is turned over at once. As Tenhou's records have it
        (``<N/><T/><DORA/><D/>``), the waiting indicator is turned after the replacement draw, just before the
        discard (and its riichi) is made: no one can claim the discard before it shows, and a win on the
        replacement tile (rinshan) never sees it; the same dora count for every win as turning it after."""
        if self._kan_dora_later:
            if self._dora_owed:             # a second kan before the discard: the first one's indicator now
                self._turn_dora()
            if self.events[-1].type == "call" and self.events[-1].kind == "ankan":
                self._turn_dora(1)
            else:
                self._dora_owed += 1
            self.emit(ev.draw_event(seat, self.wall.draw_replacement(), True))
            return True
        self.emit(ev.Dora(indicator=self.wall.dora_indicator(self.state.kans)))
        self.emit(ev.draw_event(seat, self.wall.draw_replacement(), True))
        return True

    def _turn_dora(self, n: int | None = None) -> None:
        """Turn over ``n`` new dora indicators (None: every one owed to an open kan)."""
        if n is None:
            n, self._dora_owed = self._dora_owed, 0
        for _ in range(n):
            self.emit(ev.Dora(indicator=self.wall.dora_indicator(len(self.state.dora_indicators))))

    def _collect_all(self, discarder: int) -> list[tuple[int, Action]]:
        """Every seat's response to a discard (or an added kan's tile), asked before anything is awarded, in
        priority seat order. On a discard each seat's list is the table's ``response_actions`` (what
        ``legal_actions`` answers in that phase for a seat other than the discarder); most are empty: nothing to
        ask."""
        st = self.state
        out = []
        if st.phase == RESPOND:
            respond = st.rules.response_actions
            for s in self._order[discarder]:
                legal = respond(st, s)
                if legal:
                    out.append((s, self._choose(s, legal)))
            return out
        for s in self._order[discarder]:
            a = self.ask(s)
            if a is not None:
                out.append((s, a))
        return out

    def _collect(self, offerer: int, only_ron: bool) -> list[int]:
        return [s for s, a in self._collect_all(offerer) if a.type == RON]

    def _wins(self, seats: list[int], from_seat: int, tile: int, chankan: bool = False) -> None:
        """Every ron on one tile (``seats`` nearest after the discarder first): head bump (the nearest wins), or
        double ron under the preset's ``multiple_ron`` — both winners scored on the table as it stands, settled
        by the table's ``win_deltas`` at once (the honba and deposits to the nearest), then announced in turn;
        three rons abort the deal when the preset lists ``triple_ron``."""
        if len(seats) == 1 or not self._multiple_ron:
            self._win(seats[0], from_seat, tile, chankan)
            return
        st = self.state
        if len(seats) >= 3 and "triple_ron" in self.preset.abortive_draws:
            self.emit(st.rules.draw_event(st, "triple_ron"))
            return
        scored = [self._scored(s, from_seat, tile, chankan) for s in seats[:2]]
        deltas = st.rules.win_deltas(st, [(s, result) for s, _, _, result in scored], from_seat)
        for (s, ura, hand, result), d in zip(scored, deltas):
            self._announce(s, from_seat, tile, ura, hand, result, d)

    def _scored(self, seat: int, from_seat: int | None, tile: int, chankan: bool) -> tuple:
        """(seat, ura indicators, hand, result) of a declared win, scored on the table as it stands."""
        st = self.state
        ura = tuple(self.wall.ura_indicator(i) for i in range(len(st.dora_indicators))) \
            if st.players[seat].riichi else ()
        hand, result = scored_win(st, seat, tile, tsumo=from_seat is None, chankan=chankan, ura=ura)
        if not result.win:
            raise IllegalActionError(f"seat {seat} declared a win the scorer refuses: {result.reason}")
        return seat, ura, hand, result

    def _win(self, seat: int, from_seat: int | None, tile: int, chankan: bool = False) -> None:
        st = self.state
        _, ura, hand, result = self._scored(seat, from_seat, tile, chankan)
        deltas = st.rules.win_deltas(st, [(seat, result)], from_seat)[0]
        self._announce(seat, from_seat, tile, ura, hand, result, deltas)

    def _announce(self, seat: int, from_seat: int | None, tile: int, ura: tuple, hand, result,
                  deltas: list[int]) -> None:
        self.result = result                # the last win's scorer result (double ron: both in ``scored``)
        self.scored.append(result)
        self.emit(ev.Win(seat=seat, from_seat=from_seat, tile=tile, deltas=deltas, han=int(result.han or 0),
                         fu=int(result.fu or 0), points=int(result.points or 0),
                         yaku=[f"{y.name} {y.han}" for y in result.yaku],
                         limit=result.limit,
                         ura_indicators=list(ura), hand=notation_of(hand)))

    def _exhausted(self) -> GameState:
        """An exhaustive draw: noten players pay tenpai players; riichi deposits as the preset says."""
        st, pre = self.state, self.preset
        settled = st.rules.draw_event(st, "exhaustive")     # the table's own settlement (tenhou: nagashi)
        if settled is not None:
            self.emit(settled)
            return st
        tenpai = st.rules.tenpai_at_draw(st)       # karaten as the preset says
        n = sum(tenpai)
        seats = len(tenpai)
        deltas = [0] * seats
        if 0 < n < seats:   # noten players pay the tenpai players: 3000 in total (1000/1500/3000 splits)
            for s in range(seats):
                deltas[s] = pre.noten_payment // n if tenpai[s] else -pre.noten_payment // (seats - n)
        returned = pre.draw_deposits == "return"
        if returned:
            for s, p in enumerate(st.players):
                if p.riichi_accepted:
                    deltas[s] += pre.riichi_cost
        self.emit(ev.DrawGame(reason="exhaustive", tenpai=tenpai, deltas=deltas, deposits_returned=returned))
        return st


def play_deal(players: Sequence[Player], **kwargs) -> Engine:
    """Run one deal and return the engine (its ``state``, ``events`` and ``actions``)."""
    eng = Engine(players, **kwargs)
    eng.run()
    return eng


def check_event(state: GameState, e: ev.Event) -> str | None:
    """Why ``e`` is not a legal next event in ``state`` (None if it is), by the state's table rules: every
    player's action is validated; riichi needs a legal riichi discard."""
    return state.rules.check_event(state, e)


def replay(events, *, strict: bool = True, check_rules: bool = True,
           visitor: Callable[[ev.Event, GameState], None] | None = None, rules: str | None = None) -> GameState:
    """Rebuild the state from events (or JSON lines): a reader plus a visitor. ``check_rules``: every player's
    action must be among its legal actions. Strict: a bad event raises :class:`LogError`; lenient: bad events
    are collected in ``state.errors`` and skipped. ``rules``: read the log under these rules whatever its start
    line says (None: the start line's, riichi without one)."""
    from scorer.errors import LogError
    state: GameState | None = None
    errors: list[str] = []
    for n, e in enumerate(events, 1):
        if isinstance(e, str):
            if not e.strip():
                continue
            e = ev.event_from_dict(json.loads(e))
        if state is None:
            state = _first_state(e, rules)
        try:
            why = state.rules.check_event(state, e) if check_rules and state.phase != "start" else None
            if why:
                raise LogError(f"event {n}: {why}: {e.to_json()}")
            state.apply(e)
        except LogError as err:
            if strict:
                raise
            errors.append(str(err))
            continue
        if visitor is not None:
            visitor(e, state)
    if state is None:
        raise LogError("an empty log")
    state.errors = errors
    return state


def _first_state(first: ev.Event, rules: str | None) -> GameState:
    """The table a log's first event sets: its start line's preset (whose rule set must be ``rules`` when that
    is given), else the default table preset of ``rules`` (riichi without one)."""
    from scorer.errors import LogError
    from scorer.rulesets import find_ruleset
    if isinstance(first, ev.Start):
        state = GameState(first.preset, first.seed)
        if rules is not None and state.preset.rules != find_ruleset(rules).name:
            raise LogError(f"a {state.preset.rules} log (table preset {state.preset.name!r}) read as {rules}")
        return state
    return GameState(find_ruleset(rules).table_preset)


def wall_of(start: ev.Start) -> Wall:
    """The wall a log's first line reproduces: from its seed, or the recorded order of an arranged wall."""
    pre = find_preset(start.preset)
    if start.wall is not None:
        return Wall(start.wall, pre.dead_wall, players=pre.players, absent_kinds=pre.absent_kinds,
                    replacements=pre.replacements)
    return Wall.for_preset(start.seed, pre)


def replay_file(path: str, strict: bool = True) -> GameState:
    with open(path, encoding="utf-8") as f:
        return replay(ev.read_events(f, path), strict=strict)
