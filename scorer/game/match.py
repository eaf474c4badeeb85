"""The game driver (issue 14): deals played one after another into a game — a riichi East game or South game
(hanchan), the MCR 16-deal match — over the one-deal engines (stage: game, above the engine).

What carries from deal to deal is what the table shows: the scores, the dealer, the prevailing wind, the honba
and the riichi deposits on the table. Nothing else does: each deal gets fresh players from their makers (an AI
remembers nothing of the last deal) and a seed of its own, :func:`deal_seed` of the game's seed and the deal's
number, so a game saved after any deal and resumed (:func:`load_game`) plays on exactly as it would have.

Every rule that differs between tables is data: the table preset's :class:`~scorer.game.presets.GameRules`
(dealer repeat, honba, deposits, bust, agari-yame and tenpai-yame, the extension, the return and uma, the MCR
seating and table points). :func:`next_position` is the whole of the game's flow: a pure function from where the
game stood and how the deal ended to the next deal (or the end, with its reason); :func:`standings` the end.

Players and chairs: ``players[i]`` is the player who sits in chair ``i`` (the engine's seat ``i``, turn order)
in the first deal. At the riichi table they never move: a player's seat is its chair for the whole game. In the
MCR match they change chairs between winds (``GameRules.seating``); points are kept by player.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from importlib import import_module
from typing import Callable, Sequence

from scorer.errors import MjscoreError
from scorer.game import events as ev
from scorer.game.presets import GameRules, TablePreset, find_preset, oka_of

# a game's length: how many prevailing winds it plays before its extension ("deal": one deal, no game)
GAME_WINDS: dict[str, int] = {"deal": 0, "east": 1, "south": 2, "match": 4}
DEALS_PER_WIND = 4          # at a four-player table (a three-player table deals three a wind: TablePreset.players)
_SAME_CHAIRS = {3: (0, 1, 2), 4: (0, 1, 2, 3)}     # each player in his own chair, by the seats at the table
WIND_LETTERS = "ESWN"

# why a game ended (GameResult.reason)
END_LAST_DEAL = "last deal"            # the last deal of the last wind was played (the dealer passed)
END_BUST = "bust"                      # someone fell below zero
END_AGARI_YAME = "agari-yame"          # the last dealer won while in the lead and stopped
END_TENPAI_YAME = "tenpai-yame"        # ... was tenpai at the draw while in the lead and stopped
END_GOAL = "goal reached"              # after the last deal, or in the extension, someone reached the goal
END_EXTENSION = "extension over"       # the extension's last deal was played without anyone at the goal
END_ONE_DEAL = "one deal"              # --game deal


class GameError(MjscoreError):
    """A game that cannot be played as asked: an unknown length, one the table does not play, a bad saved game."""


def deal_seed(game_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0, 1, ...) of the game seeded ``game_seed``: the same for the same two numbers
    on every machine (so a resumed game deals the walls it would have dealt), 0 to 2**31 - 1."""
    digest = hashlib.blake2b(f"mjscore-game/{game_seed}/{index}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True, slots=True)
class Position:
    """Where the game stands before a deal: its number (deals played before it), the prevailing wind (0 East ...
    3 North) and the wind's hand (0-3: the dealer's chair), the honba and deposits on the table, every player's
    points (by player, not chair)."""
    index: int = 0
    wind: int = 0
    hand: int = 0
    honba: int = 0
    sticks: int = 0
    points: tuple[int, int, int, int] = (25000, 25000, 25000, 25000)

    @property
    def label(self) -> str:
        """The deal's name as players say it: ``East 2``, ``South 4`` (with ``-1`` per honba: ``East 2-1``)."""
        name = f"{('East', 'South', 'West', 'North')[self.wind]} {self.hand + 1}"
        return f"{name}-{self.honba}" if self.honba else name


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal ended, as the game's flow reads it."""
    won: bool                   # someone won
    dealer_won: bool            # the dealer was among the winners
    dealer_tenpai: bool         # an exhaustive draw with the dealer tenpai
    abortive: bool              # an abortive draw (nine terminals, four winds, ...)
    points: tuple[int, int, int, int]   # every player's points after the deal (by player)
    sticks: int                 # deposits left on the table


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's end of the game: final points (leftover deposits included), place (1-4; equal points go by
    seat order from the first dealer), the uma/oka score (riichi) and the table points (MCR; ties share)."""
    player: int
    name: str
    points: int
    place: int
    score: float
    table_points: float | None = None

    @property
    def seat(self) -> int:
        """The player's chair in the first deal (at the riichi table: its seat for the whole game)."""
        return self.player

    def to_dict(self) -> dict:
        d = {"player": self.player, "name": self.name, "points": self.points, "place": self.place,
             "score": self.score}
        if self.table_points is not None:
            d["table_points"] = self.table_points
        return d


@dataclass
class GameResult:
    """A played game: its standings (by player), every deal's events (each one engine run, in order), the
    positions the deals were played from, the engines (their states), and why the game ended."""
    game: str
    preset: str
    seed: int
    names: list[str]
    standings: list[Standing] = field(default_factory=list)
    deals: list[list[ev.Event]] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    engines: list = field(default_factory=list)
    reason: str = ""
    resumed: int = 0            # deals read from a saved game (their engines are replays)

    def to_dict(self) -> dict:
        return {"game": self.game, "preset": self.preset, "seed": self.seed, "deals": len(self.deals),
                "reason": self.reason, "standings": [s.to_dict() for s in self.standings]}


# ---- the game's flow -------------------------------------------------------------------------------------------
def chairs_of(rules: GameRules | None, wind: int, players: int = 4) -> tuple[int, ...]:
    """The player in each chair during prevailing wind ``wind`` (``players``: the seats at the table)."""
    if rules is None or not rules.seating:
        return _SAME_CHAIRS[players]
    return rules.seating[wind % len(rules.seating)]


def first_position(preset: TablePreset) -> Position:
    return Position(points=(preset.start_points,) * preset.players)


def leader(points: Sequence[int]) -> int:
    """The player in first place: the most points, equal points by seat order from the first dealer."""
    return min(range(len(points)), key=lambda p: (-points[p], p))


def next_position(preset: TablePreset, game: str, pos: Position, out: Outcome,
                  stops: Callable[[int, Position, Outcome], bool] | None = None) -> tuple[Position | None, str]:
    """The deal after ``pos`` ended as ``out``: (its position, "") or (None, why the game ended). The rules are
    the table preset's :class:`GameRules`; ``game`` the length (east | south | match). Where the rules make the
    leading last dealer's stop a choice, ``stops(player, pos, out)`` answers it (None: he stops)."""
    g = preset.game
    winds = GAME_WINDS[game]
    points = tuple(out.points)
    if game == "deal":
        return None, END_ONE_DEAL
    if g.bust and min(points) < 0:
        return None, END_BUST
    draw = not out.won
    if out.won:
        repeat = out.dealer_won and g.renchan_on_win
    elif out.abortive:
        repeat = g.renchan_on_abortive
    else:
        repeat = out.dealer_tenpai and g.renchan_on_tenpai
    honba = (pos.honba + 1 if (repeat or draw) else 0) if g.honba else 0
    per_wind = preset.players              # a deal for each seat's turn as dealer (three-player: 3 a wind)
    cur = pos.wind * per_wind + pos.hand
    last = winds * per_wind - 1
    dealer = chairs_of(g, pos.wind, per_wind)[pos.hand]
    if cur >= last:                                 # All-Last, or a deal of the extension
        if repeat:
            if leader(points) == dealer and points[dealer] >= g.goal and not out.abortive and \
                    ((out.won and g.agari_yame) or (draw and g.tenpai_yame)) and \
                    (not g.stop_is_a_choice or stops is None or stops(dealer, pos, out)):
                return None, END_AGARI_YAME if out.won else END_TENPAI_YAME
        else:
            if max(points) >= g.goal:
                return None, END_GOAL if cur > last else END_LAST_DEAL
            if cur + 1 >= (winds + g.extension_winds) * per_wind:
                return None, END_EXTENSION if g.extension_winds else END_LAST_DEAL
    nxt = cur if repeat else cur + 1
    return Position(index=pos.index + 1, wind=nxt // per_wind, hand=nxt % per_wind, honba=honba,
                    sticks=out.sticks, points=points), ""


def outcome_of(state, chairs: Sequence[int]) -> Outcome:
    """The end of a deal from its engine's final state (seats are chairs; ``chairs[c]`` the player in chair c)."""
    res = state.result
    wins = [r for r in state.results if r.type == "win"]
    points = [0] * len(chairs)
    for c in range(len(chairs)):
        points[chairs[c]] = state.players[c].score
    dealer = state.dealer
    abortive = res.type == "draw_game" and res.reason not in ("exhaustive", "nagashi_mangan")
    return Outcome(won=bool(wins), dealer_won=any(w.seat == dealer for w in wins),
                   dealer_tenpai=res.type == "draw_game" and not abortive and bool(res.tenpai[dealer]),
                   abortive=abortive, points=tuple(points), sticks=state.sticks)


def standings(preset: TablePreset, points: Sequence[int], sticks: int, names: Sequence[str]) -> list[Standing]:
    """The end of a game (by player): leftover deposits to the first (as the rules say), places (equal points by
    seat order from the first dealer), the score ``(points - return) / 1000 + uma + oka`` (points rounded first
    as the rules say; then the first's score is what makes the four add up to zero, as is usual where scores are
    rounded), and the MCR table points (equal points share theirs)."""
    g = preset.game
    final = list(points)
    if sticks and g.leftover_deposits == "top":
        final[leader(final)] += sticks * preset.riichi_cost
    seats = range(len(final))
    order = sorted(seats, key=lambda p: (-final[p], p))
    place = {p: i + 1 for i, p in enumerate(order)}
    oka = oka_of(preset)
    shared: dict[int, float] = {}
    if g.table_points:
        for p in seats:
            tied = [place[q] - 1 for q in seats if final[q] == final[p]]
            shared[p] = sum(g.table_points[i] for i in tied) / len(tied)
    scores = [0.0] * len(final)
    for p in seats:
        pts = final[p]
        if g.round_to:          # half up: 24,500 -> 25,000, -1,500 -> -1,000
            pts = (pts + g.round_to // 2) // g.round_to * g.round_to
        scores[p] = (pts - g.return_points) / g.score_unit + g.uma[place[p] - 1] + \
            (oka / g.score_unit if place[p] == 1 else 0)
    if g.round_to:              # the rounding's remainder is the first's: the scores add up to zero
        scores[order[0]] = -sum(scores[p] for p in order[1:])
    out = [Standing(p, names[p], final[p], place[p], round(scores[p], 1), shared.get(p)) for p in seats]
    return out


# ---- playing ----------------------------------------------------------------------------------------------------
def player_for(entry, name: str):
    """The player of one deal: an object with ``choose`` is used as it is (a person at the keyboard); anything
    else is a maker, ``entry(name)``, called afresh for every deal (an AI class)."""
    if hasattr(entry, "choose") and not isinstance(entry, type):
        return entry
    return entry(name)


def engine_class(preset: TablePreset):
    module, _, name = preset.engine.partition(":")
    return getattr(import_module(module), name)


def check_game(preset: TablePreset, game: str) -> None:
    """A :class:`GameError` unless the table plays a game of this length."""
    if game not in GAME_WINDS:
        raise GameError(f"unknown game {game!r}: known are {', '.join(GAME_WINDS)}")
    if game == "deal":
        return
    g = preset.game
    if g is None:
        raise GameError(f"table preset {preset.name!r} plays single deals only")
    if bool(g.table_points) != (game == "match"):
        fits = "match" if g.table_points else "east, south"
        raise GameError(f"table preset {preset.name!r} plays --game {fits} (or deal), not {game}")


@dataclass
class SavedGame:
    """A game read back from its own-format log: what it is, and where it stands after its finished deals."""
    game: str
    preset: str
    seed: int
    names: list[str]
    deals: list[list[ev.Event]]
    positions: list[Position]
    states: list
    next: Position | None
    reason: str
    played_on: bool = False     # the last finished deal's leading dealer chose to play on


def play_game(players: Sequence, *, preset: TablePreset | str | None = None, game: str = "south",
              seed: int | None = None, log: str | None = None, log_format: str = "own",
              on_deal: Callable | None = None, on_event: Callable | None = None,
              before_deal: Callable[[Position], None] | None = None, names: Sequence[str] | None = None,
              saved: SavedGame | None = None, max_deals: int | None = None,
              walls: Callable[[Position], object] | None = None,
              stops: Callable[[object, int], bool] | None = None) -> GameResult:
    """Play a game. ``players``: four entries by first-deal chair, each a player object (reused) or a maker
    ``make(name)`` called for every deal (AIs: a fresh one each deal). ``game``: deal | east | south | match.
    ``seed``: the game's seed (deal ``i`` is dealt from :func:`deal_seed`; a one-deal game from the seed itself,
    as ``mjscore play --seed N`` deals); ``log``: a file rewritten after every
    deal with all of them (``scorer.logs.export.write_game`` in ``log_format``). ``before_deal(position)`` and
    ``on_deal(engine, position, next_position)`` see each deal begin and end; ``on_event(event, state)`` every
    event. ``saved``: a game read by :func:`load_game`, continued from its next deal. ``max_deals``: stop after
    this many deals in all (the game unfinished: ``reason`` empty; for tests and interruptions). ``walls``: the
    wall of each deal from its position (None: shuffled from the deal's seed; scripted scenes arrange them).
    ``stops(engine, player)``: where the rules let the leading last dealer choose, whether the dealer ``player``
    stops after the deal ``engine`` played (None: every dealer stops, as an AI does)."""
    import random
    pre = find_preset(preset if saved is None else saved.preset)
    if saved is not None:
        game, seed = saved.game, saved.seed
    check_game(pre, game)
    if seed is None:
        seed = random.randrange(1 << 31)
    names = list(names or (saved.names if saved is not None else None) or
                 [getattr(p, "name", None) or f"player {i}" for i, p in enumerate(players)])
    result = GameResult(game=game, preset=pre.name, seed=seed, names=names)
    pos = first_position(pre)
    if saved is not None:
        result.deals = list(saved.deals)
        result.positions = list(saved.positions)
        result.engines = [None] * len(saved.deals)
        result.resumed = len(saved.deals)
        if saved.next is None:          # the saved game is over: its standings
            last = saved.states[-1]
            result.reason = saved.reason
            result.standings = standings(pre, _points_after(last, chairs_of(pre.game, saved.positions[-1].wind,
                                                                            pre.players)),
                                         last.sticks, names)
            return result
        pos = saved.next
    engine_cls = engine_class(pre)
    g = pre.game
    played_on = saved is not None and saved.played_on
    while True:
        if max_deals is not None and len(result.deals) >= max_deals:
            return result
        if before_deal is not None:
            before_deal(pos)
        chairs = chairs_of(g, pos.wind, pre.players)
        seat_players = [player_for(players[chairs[c]], names[chairs[c]]) for c in range(len(chairs))]
        kwargs = dict(seed=seed if game == "deal" else deal_seed(seed, pos.index), preset=pre, dealer=pos.hand,
                      scores=[pos.points[chairs[c]] for c in range(len(chairs))], round_wind=pos.wind,
                      on_event=on_event)
        if game != "deal":
            kwargs.update(honba=pos.honba, sticks=pos.sticks, game=(game, seed))
        wall = walls(pos) if walls is not None else None
        if wall is not None:            # an arranged wall: the log records it instead of a seed
            kwargs["wall"], kwargs["seed"] = wall, None
        eng = engine_cls(seat_players, **kwargs)
        eng.run()
        result.deals.append(eng.events)
        result.positions.append(pos)
        result.engines.append(eng)
        out = outcome_of(eng.state, chairs)
        nxt, why = next_position(pre, game, pos, out,
                                 None if stops is None else (lambda player, _pos, _out: stops(eng, player)))
        played_on = nxt is not None and g is not None and g.stop_is_a_choice and \
            next_position(pre, game, pos, out)[0] is None
        if log is not None:
            # the leading last dealer chose to play on: the saved game says so by the next deal's start line
            # (a deal the log holds only the start of is dealt again on resuming)
            save_game(result, log, log_format, [_start_of(pre, game, seed, nxt, names)]
                      if played_on and log_format == "own" else None)
        if on_deal is not None:
            on_deal(eng, pos, nxt)
        if nxt is None:
            result.reason = why
            result.standings = standings(pre, _points_after(eng.state, chairs), eng.state.sticks, names)
            return result
        pos = nxt


def _start_of(pre: TablePreset, game: str, seed: int, pos: Position, names: Sequence[str]) -> ev.Start:
    """The start line of the deal at ``pos`` (as its engine will write it)."""
    chairs = chairs_of(pre.game, pos.wind, pre.players)
    return ev.Start(seed=deal_seed(seed, pos.index), preset=pre.name, rules=pre.rules,
                    players=[names[chairs[c]] for c in range(len(chairs))], game=game, game_seed=seed)


def _points_after(state, chairs) -> tuple[int, ...]:
    out = [0] * len(chairs)
    for c in range(len(chairs)):
        out[chairs[c]] = state.players[c].score
    return tuple(out)


def save_game(result: GameResult, path: str, fmt: str = "own", partial: list[ev.Event] | None = None) -> None:
    """Write every deal so far to ``path`` in ``fmt`` (the whole file again: it holds finished deals, and
    ``partial``, the beginning of the deal being played, when given)."""
    from scorer.logs.export import write_game
    tmp = path + ".part"
    deals = result.deals + [partial] if partial else result.deals
    with open(tmp, "w", encoding="utf-8") as f:
        write_game(deals, fmt, f, names=list(result.names), game=result.game, preset=result.preset)
    import os
    os.replace(tmp, path)


# ---- resuming ---------------------------------------------------------------------------------------------------
def split_deals(events: Sequence[ev.Event]) -> list[list[ev.Event]]:
    """A log's events cut into deals, each starting at its ``start`` line."""
    deals: list[list[ev.Event]] = []
    for e in events:
        if e.type == "start" or not deals:
            deals.append([])
        deals[-1].append(e)
    return deals


def load_game(path: str) -> SavedGame:
    """A game saved by :func:`play_game` in our own format, read back: every finished deal replayed (each action
    checked against the legal actions) and checked to be the deal the game's rules lead to from the one before
    (its seed, dealer, wind, honba, deposits and scores), then the position of the next deal. A deal the log
    holds only part of (the game was stopped inside it) is dropped: it is dealt again from its seed. Raises
    :class:`GameError` (or the log reader's :class:`~scorer.errors.LogError`) naming what is wrong."""
    from scorer.game.engine import replay
    try:
        with open(path, encoding="utf-8") as f:
            events = list(ev.read_events(f, path))
    except OSError as exc:
        raise GameError(f"cannot read the saved game {path!r}: {exc.strerror or exc}") from None
    deals = split_deals(events)
    if not deals or deals[0][0].type != "start":
        raise GameError(f"{path}: not a saved game (no start line)")
    first = deals[0][0]
    if first.game is None or first.game_seed is None:
        raise GameError(f"{path}: a log of single deals, not a saved game (its start line names no game)")
    game, seed = first.game, first.game_seed
    try:
        pre = find_preset(first.preset)
    except MjscoreError as exc:
        raise GameError(f"{path}: {exc}") from None
    check_game(pre, game)
    seats = pre.players
    names = list(first.players) if len(first.players) == seats else [f"player {i}" for i in range(seats)]
    pos = first_position(pre)
    done: list[list[ev.Event]] = []
    positions: list[Position] = []
    states = []
    why = ""
    for n, deal in enumerate(deals):
        start = deal[0]
        if start.game != game or start.game_seed != seed or start.preset != first.preset:
            raise GameError(f"{path}: deal {n + 1} belongs to another game (its start line: "
                            f"{start.to_json()})")
        if pos is None:
            raise GameError(f"{path}: deal {n + 1} comes after the end of the game ({why})")
        state = replay(deal, strict=True)
        if state.result is None or state.phase != "end":
            if n == len(deals) - 1:
                break               # stopped inside its last deal: that deal is played again
            raise GameError(f"{path}: deal {n + 1} does not end (no win, no draw)")
        deal_ev = next((e for e in deal if e.type == "deal"), None)
        chairs = chairs_of(pre.game, pos.wind, seats)
        want = (deal_seed(seed, pos.index), pos.hand, pos.wind, pos.honba, pos.sticks,
                [pos.points[chairs[c]] for c in range(seats)])
        got = (start.seed, deal_ev.dealer, deal_ev.round_wind, deal_ev.honba, deal_ev.sticks, list(deal_ev.scores))
        if got != want:
            raise GameError(f"{path}: deal {n + 1} is not the one the game's rules lead to: seed, dealer, wind, "
                            f"honba, deposits, scores are {got}, expected {want}")
        done.append(deal)
        positions.append(pos)
        states.append(state)
        out = outcome_of(state, chairs)
        pos, why = next_position(pre, game, pos, out)
        played_on = False
        if pos is None and why in (END_AGARI_YAME, END_TENPAI_YAME) and pre.game.stop_is_a_choice and \
                n < len(deals) - 1:     # the leading last dealer chose to play on: the log goes on
            pos, why = next_position(pre, game, positions[-1], out, lambda *_: False)
            played_on = True
    return SavedGame(game=game, preset=pre.name, seed=seed, names=names, deals=done, positions=positions,
                     states=states, next=pos, reason=why, played_on=played_on)


def resume_game(path: str, players: Sequence, **kwargs) -> GameResult:
    """Continue the game saved in ``path`` (our own format) to its end, saving it there after every deal unless
    ``log`` says otherwise."""
    saved = load_game(path)
    kwargs.setdefault("log", path)
    return play_game(players, saved=saved, **kwargs)
