"""The MCR table: one Chinese Official deal on the shared game engine (stage: game, rules ``mcr``).

What differs from the riichi table, and where it lives:

- **Wall** (:class:`McrWall`): 144 physical tiles. Ids 0-135 follow the engine's scheme (``id // 4`` is the kind;
  no red fives under MCR); ids 136-143 are the eight flowers ``1f``-``8f``. There is no dead wall: every tile is
  live, ordinary draws come from the front and replacements (for a flower or a kong) from the far end. The wall
  is exhausted when the two ends meet.
- **Flowers** (the ``flower`` event): a flower is revealed at once and replaced from the far end. In the deal,
  after the dealer's 14th tile, seats reveal in seat order from the dealer, round after round until no hand holds
  a flower; later every draw that shows a flower (replacements included) is replaced again and again. A flower
  replacement is *not* a kong replacement (no Out with Replacement Tile for it), but a flower met while drawing a
  kong's replacement keeps that chain a kong replacement.
- **State** (:class:`McrState`): the engine's :class:`~scorer.game.state.GameState` with flowers per player and
  no furiten, kuikae, riichi or dora. ``apply(event)`` stays the only way it changes.
- **Legal actions** (:func:`legal_actions`): draw and discard; win, pung or exposed kong on a discard from anyone;
  chow from the next player only; concealed and added kongs on one's own turn, never right after a chow or pung;
  a kong needs a replacement tile left; no calls on the last discard (nobody could draw after it). A win is
  offered only when the MCR scorer says the hand reaches the preset's minimum (8 points, flowers not counted); the
  situation fans come from the table: Self-Drawn, Last Tile (the other three copies already in view: rivers and
  exposed melds), Last Tile Draw/Claim (the wall is empty), Out with Replacement Tile (a kong's replacement),
  Robbing the Kong (an added kong only; a concealed kong cannot be robbed).
- **Engine** (:class:`McrEngine`): priority win > pung/kong > chow, ties by seat order after the discarder; several
  wins: head bump (nearest after the discarder). The first win ends the deal and pays (self-drawn: each opponent
  8 + total; on a discard: the discarder 8 + total, the two others 8 each). An exhausted wall is a draw with no
  payments.
"""

from __future__ import annotations

import json
import random
from typing import Callable, Iterable, Sequence

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.actions import (CHI, DISCARD, KAN, PASS, PON, RON, TSUMO, Action, _dedupe, chi_partners,
                                 kan_declarations)
from scorer.game.actions import is_legal as _is_legal
from scorer.game.engine import Engine, IllegalActionError, notation_of, replay as replay_events
from scorer.game.presets import find_preset
from scorer.game.state import ACT, CHANKAN, DRAW, RESPOND, GameState
from scorer.game.wall import TILES_NO_RED, arranged_ids
from scorer.hand import Hand, Situation
from scorer.shanten import is_complete_counts
from scorer.tiles import FLOWER_BASE, Tile

N_MCR_TILES = 144
FLOWER_ID0 = 136
MCR_TILES: tuple[Tile, ...] = TILES_NO_RED + tuple(Tile(FLOWER_BASE + i) for i in range(8))
HAND_SIZE = 13


def is_flower_id(tile_id: int) -> bool:
    return tile_id >= FLOWER_ID0


# the ``flower`` event: {"type": "flower", "seat": s, "tile": flower id, "replacement": id or null}
Flower = ev.Flower


# ---- the wall -------------------------------------------------------------------------------------------------
class McrWall:
    """A shuffled 144-tile wall. ``ids`` is the full order: hands first (13 a seat, seat order from seat 0), then
    the draws from the front; replacements are taken from the end (``ids[-1]`` first)."""

    def __init__(self, ids: Sequence[int], flowers: int = 8):
        n = FLOWER_ID0 + flowers
        if sorted(ids) != list(range(n)):
            raise ValueError(f"an MCR wall holds each of the {n} physical tiles exactly once")
        self.ids = list(ids)
        self.pos = 4 * HAND_SIZE
        self.end = n                   # tiles in the wall are ids[pos:end]

    @classmethod
    def shuffled(cls, seed: int | None, flowers: int = 8) -> "McrWall":
        """``flowers``: the table preset's number of flowers (ids 136 on)."""
        ids = list(range(FLOWER_ID0 + flowers))
        random.Random(seed).shuffle(ids)
        return cls(ids, flowers)

    def hands(self) -> list[list[int]]:
        return [self.ids[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(4)]

    @property
    def live_left(self) -> int:
        return self.end - self.pos

    def draw(self) -> int:
        if self.live_left <= 0:
            raise IndexError("the wall is empty")
        t = self.ids[self.pos]
        self.pos += 1
        return t

    def draw_replacement(self) -> int:
        """A replacement tile (for a flower or a kong) from the far end of the wall."""
        if self.live_left <= 0:
            raise IndexError("no replacement tile left")
        self.end -= 1
        return self.ids[self.end]

    def unseen(self) -> list[int]:
        return self.ids[self.pos:self.end]

    @classmethod
    def arranged(cls, hands: Sequence[str], draws: str = "", *, replacements: str = "", seed: int = 0) -> "McrWall":
        """A wall with chosen hands (13 tiles each, notation, flowers as ``1f``-``8f``), the first draws from the
        front in order (the dealer's 14th first) and the first replacements from the far end in order; every
        other place is filled by the remaining tiles shuffled with ``seed``."""
        hand_ids, (draw_ids, repl_ids), rest = arranged_ids(MCR_TILES, hands, draws, replacements, seed=seed)
        return cls(hand_ids + draw_ids + rest + repl_ids[::-1])


# ---- the state ------------------------------------------------------------------------------------------------
class McrState(GameState):
    """The table of one MCR deal. Besides the shared state: ``players[s].flowers`` (flower ids revealed) and
    ``kong_chain`` (the current turn's tile replaces a kong, possibly through flowers)."""

    def __init__(self, preset="mcr", seed: int | None = None):
        super().__init__(preset, seed)
        self.table = MCR_TILES
        for p in self.players:
            p.flowers = []  # type: ignore[attr-defined]

    # no furiten, no riichi waits: MCR has neither
    def _close_window(self) -> None:
        self.missed = None

    def _update_waits(self, seat: int) -> None:
        return None

    def _on_start(self, e: ev.Start) -> None:
        if e.preset != self.preset.name:      # a preset given as data (not registered) keeps its own rules
            self.preset = find_preset(e.preset)
        self.seed = e.seed
        self.table = MCR_TILES

    def _on_deal(self, e: ev.Deal) -> None:
        self.dealer, self.round_wind, self.honba, self.sticks = e.dealer, e.round_wind, 0, 0
        for s, p in enumerate(self.players):
            p.hand = list(e.hands[s])
            p.counted = None
            p.score = e.scores[s]
            p.flowers = []
        self.dora_indicators = []
        self.live_left = e.live_left
        self.turn = e.dealer
        self.phase = DRAW

    def _on_draw(self, e: ev.Draw) -> None:
        # a kong's replacement (``rinshan``) starts a kong chain, which flowers do not break; any other draw ends it
        super()._on_draw(e)
        self.kong_chain = bool(e.rinshan)

    def _on_flower(self, e) -> None:
        p = self.players[e.seat]
        if not is_flower_id(e.tile):
            raise LogError(f"tile id {e.tile} is not a flower: {json.dumps(e.to_dict())}")
        self._remove(e.seat, e.tile)
        p.flowers.append(e.tile)
        if e.replacement is not None:
            if self.live_left <= 0:
                raise LogError("a flower replacement from an empty wall")
            p.hand.append(e.replacement)
            p.counted = None
            self.live_left -= 1
            if e.seat == self.turn and self.last_draw == e.tile:
                self.last_draw = e.replacement   # the replacement is now the turn's drawn tile

    def _on_call(self, e: ev.Call) -> None:
        super()._on_call(e)
        self.kuikae = frozenset()          # MCR has no kuikae
        self.kong_chain = False

    def tile_ids_in_play(self) -> list[int]:
        out = super().tile_ids_in_play()
        for p in self.players:
            out += p.flowers
        return out

    def snapshot(self) -> dict:
        d = super().snapshot()
        d["flowers"] = [list(p.flowers) for p in self.players]
        return d

    kong_chain = False


# ---- win checks -----------------------------------------------------------------------------------------------
_evaluate: Callable | None = None


def evaluator() -> Callable:
    """The MCR scorer's ``evaluate(hand, preset)`` (imported on first use; tests may replace it)."""
    global _evaluate
    if _evaluate is None:
        from scorer.mcr.evaluate import evaluate
        _evaluate = evaluate
    return _evaluate


def _is_complete(counts: list[int], melds: int) -> bool:
    """Any MCR winning shape (four of a kind as two pairs, the knitted shapes): the cheap test before scoring."""
    return is_complete_counts(counts, melds, True, True)


def in_view_counts(state: GameState, exclude: int | None = None) -> list[int]:
    """Copies of each kind on the table for everyone to see: uncalled river tiles and exposed melds (a concealed
    kong is face down). ``exclude``: a tile id not to count (the winning tile itself)."""
    v = [0] * 34
    for p in state.players:
        for r in p.river:
            if r.called_by is None and r.tile != exclude:
                v[r.tile >> 2] += 1
        for m in p.melds:
            if m.kind == "ankan":
                continue
            for t in m.tiles:
                if t != exclude:
                    v[t >> 2] += 1
    return v


def win_hand(state: McrState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> Hand:
    """The :class:`Hand` a win would score, the situation fans taken from the table."""
    p = state.players[seat]
    table = state.table
    hand_ids = list(p.hand)
    if tsumo:
        hand_ids.remove(tile)
    wall_empty = state.live_left == 0
    sit = Situation(
        tsumo=tsumo,
        haitei=tsumo and wall_empty,                   # Last Tile Draw
        houtei=not tsumo and wall_empty and not chankan,   # Last Tile Claim
        rinshan=tsumo and state.kong_chain,            # Out with Replacement Tile (a kong's, not a flower's)
        chankan=chankan,                               # Robbing the Kong
        last_tile=(not chankan) and in_view_counts(state, exclude=tile)[tile >> 2] == 3,   # Last Tile
        round_wind=state.round_wind,
        seat_wind=state.seat_wind(seat),
    )
    return Hand(concealed=tuple(table[t] for t in hand_ids), melds=tuple(m.meld(table) for m in p.melds),
                winning_tile=table[tile], situation=sit, flowers=tuple(table[f] for f in p.flowers),
                rules="mcr", preset=state.preset.scorer_preset)


def score_win(state: McrState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False):
    return evaluator()(win_hand(state, seat, tile, tsumo=tsumo, chankan=chankan),
                       preset=state.preset.scorer_preset)


def can_win(state: McrState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> bool:
    """Complete in some MCR form and worth the minimum (8 points without flowers) by the scorer."""
    p = state.players[seat]
    counts = p.counts()
    if not tsumo:
        counts[tile >> 2] += 1
    if not _is_complete(counts, len(p.melds)):
        return False
    return meets_minimum(score_win(state, seat, tile, tsumo=tsumo, chankan=chankan), state.preset)


def meets_minimum(result, preset) -> bool:
    """A complete hand worth the table preset's ``min_points`` (flowers not counted)."""
    if getattr(result, "form", None) is None:
        return False
    return result.fan_total >= preset.min_points


# ---- legal actions --------------------------------------------------------------------------------------------
def can_kong(state: GameState) -> bool:
    """A kong needs a replacement tile left in the wall."""
    return state.live_left > 0


def legal_actions(state: McrState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now ([] if it has nothing to decide). Responses include ``pass``."""
    if state.phase == ACT and seat == state.turn:
        return _turn_actions(state, seat)
    if state.phase == RESPOND and seat != state.last_discarder and state.last_discard is not None:
        return _response_actions(state, seat)
    if state.phase == CHANKAN and seat != state.turn and state.kakan_tile is not None:
        # Robbing the Kong: only an added kong's tile can be robbed (a concealed kong never opens this window)
        out = [Action(PASS, seat)]
        if can_win(state, seat, state.kakan_tile, tsumo=False, chankan=True):
            out.insert(0, Action(RON, seat, state.kakan_tile))
        return out
    return []


def _turn_actions(state: McrState, seat: int) -> list[Action]:
    p = state.players[seat]
    table = state.table
    drawn = state.last_draw
    # the drawn tile first, so that it is the copy that stands for its kind (Enter discards it in text mode)
    hand = sorted(p.hand, key=lambda t: t != drawn)
    if state.after_call:
        # after a chow or pung: discard first, no kong and no win
        return _dedupe([Action(DISCARD, seat, t) for t in hand], table)
    out: list[Action] = []
    if drawn is not None and can_win(state, seat, drawn, tsumo=True):
        out.append(Action(TSUMO, seat, drawn))
    if can_kong(state):
        out += kan_declarations(p, seat, p.counts())
    out += [Action(DISCARD, seat, t) for t in hand]
    return _dedupe(out, table)


def _response_actions(state: McrState, seat: int) -> list[Action]:
    p = state.players[seat]
    tile = state.last_discard
    k = tile >> 2
    out: list[Action] = []
    if can_win(state, seat, tile, tsumo=False):
        out.append(Action(RON, seat, tile))
    if state.live_left > 0:        # no calls on the last discard: nobody could draw after it
        same = [t for t in p.hand if t >> 2 == k]
        if len(same) >= 2:
            out.append(Action(PON, seat, tile, tuple(same[:2])))
        if len(same) == 3:
            out.append(Action(KAN, seat, tile, tuple(same)))
        if seat == (state.last_discarder + 1) % 4:
            # one chow per shape: no red fives and no kuikae at this table, so any copies will do
            for need in chi_partners(k):
                a = next((t for t in p.hand if t >> 2 == need[0]), None)
                b = next((t for t in p.hand if t >> 2 == need[1]), None)
                if a is not None and b is not None:
                    out.append(Action(CHI, seat, tile, (a, b)))
    if not out:
        return []
    out.append(Action(PASS, seat))
    return _dedupe(out, state.table)


def is_legal(state: McrState, action: Action, legal: list[Action] | None = None) -> bool:
    """Is ``action`` one of the seat's legal actions (up to equivalent copies) with ids the seat really holds?
    The riichi table's check, against the MCR legal actions."""
    return _is_legal(state, action, legal if legal is not None else legal_actions(state, action.seat))


# ---- the engine -----------------------------------------------------------------------------------------------
def deltas_for(total: int, winner: int, from_seat: int | None) -> list[int]:
    """MCR payments: self-drawn, each opponent pays 8 + total; on a discard, the discarder pays 8 + total and the
    two others 8 each."""
    out = [0, 0, 0, 0]
    for s in range(4):
        if s == winner:
            continue
        pay = 8 + total if from_seat is None or s == from_seat else 8
        out[s] -= pay
        out[winner] += pay
    return out


class McrEngine(Engine):
    """One MCR deal on the shared engine: its plumbing (``emit``, the log, ``on_event``, response collection)
    with the MCR wall, state, legal actions and deal flow."""

    def __init__(self, players, *, seed: int | None = None, preset="mcr", wall: McrWall | None = None,
                 dealer: int = 0, scores: Sequence[int] | None = None, log=None, on_event=None):
        pre = find_preset(preset)
        wall = wall if wall is not None else McrWall.shuffled(seed, pre.flowers)
        super().__init__(players, seed=seed, preset=preset, wall=wall, dealer=dealer, scores=scores, log=log,
                         on_event=on_event)
        self.wall = wall
        self.state = McrState(self.preset, seed)
        self.result = None

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self.state, seat)

    # ---- flowers ----------------------------------------------------------------------------------------------
    def _replace_flowers(self, seat: int) -> bool:
        """Reveal and replace the flowers of ``seat`` until none is left in hand. False: the wall ran out."""
        p = self.state.players[seat]
        while True:
            flowers = [t for t in p.hand if is_flower_id(t)]
            if not flowers:
                return True
            if not self._reveal(seat, flowers):
                return False

    def _deal_flowers(self) -> bool:
        """In the deal: seats reveal in order from the dealer, round after round, until no hand holds a flower."""
        st = self.state
        while any(is_flower_id(t) for p in st.players for t in p.hand):
            for s in [(self.dealer + i) % 4 for i in range(4)]:
                if not self._reveal(s, [t for t in st.players[s].hand if is_flower_id(t)]):
                    return False
        return True

    def _reveal(self, seat: int, flowers: list[int]) -> bool:
        """Reveal these flowers of ``seat`` one by one, each replaced from the far end. False: the wall ran out
        (the last flower is revealed without a replacement)."""
        for f in flowers:
            if self.wall.live_left == 0:
                self.emit(Flower(seat=seat, tile=f, replacement=None))
                return False
            self.emit(Flower(seat=seat, tile=f, replacement=self.wall.draw_replacement()))
        return True

    def _draw(self, seat: int, replacement: bool = False) -> bool:
        tile = self.wall.draw_replacement() if replacement else self.wall.draw()
        self.emit(ev.Draw(seat=seat, tile=tile, rinshan=replacement))
        return self._replace_flowers(seat)

    def _replacement(self, seat: int) -> bool:
        """A kong's replacement from the far end (no dora at this table)."""
        return self._draw(seat, replacement=True)

    # ---- the deal ---------------------------------------------------------------------------------------------
    def run(self) -> McrState:
        wall = self.wall
        names = [getattr(p, "name", type(p).__name__) for p in self.players]
        self.emit(ev.Start(seed=self.seed, preset=self.preset.name, rules="mcr", players=names))
        hands: list[list[int]] = [[] for _ in range(4)]
        for i, h in enumerate(wall.hands()):          # the dealer takes the first 13, then seat order
            hands[(self.dealer + i) % 4] = list(h)
        self.emit(ev.Deal(dealer=self.dealer, round_wind=0, scores=list(self.scores), hands=[list(h) for h in hands],
                          dora_indicator=None, live_left=wall.live_left))
        self.emit(ev.Draw(seat=self.dealer, tile=wall.draw()))      # the dealer's 14th tile
        if not self._deal_flowers():
            return self._exhausted()
        return self._play(self.dealer, need_draw=False)       # the turns go as at the riichi table

    def _win(self, seat: int, from_seat: int | None, tile: int, chankan: bool = False) -> None:
        st = self.state
        result = score_win(st, seat, tile, tsumo=from_seat is None, chankan=chankan)
        if not meets_minimum(result, st.preset):
            raise IllegalActionError(f"seat {seat} declared a win the scorer refuses: {result.reason}")
        d = result.to_dict()
        deltas = deltas_for(int(d["total"]), seat, from_seat)
        text = notation_of(win_hand(st, seat, tile, tsumo=from_seat is None, chankan=chankan))
        self.result = result
        self.emit(ev.Win(seat=seat, from_seat=from_seat, tile=tile, deltas=deltas, han=0, fu=0,
                         points=int(d["total"]),
                         yaku=[f"{f['name']} {f['points'] * f.get('count', 1)}" for f in d.get("fans", [])],
                         hand=text))

    def _exhausted(self) -> McrState:
        """An exhausted wall: a draw, no payments."""
        self.emit(ev.DrawGame(reason="exhaustive", tenpai=[False] * 4, deltas=[0, 0, 0, 0], deposits_returned=False))
        return self.state


def play_deal(players, **kwargs) -> McrEngine:
    eng = McrEngine(players, **kwargs)
    eng.run()
    return eng


def replay(events: Iterable, *, strict: bool = True, visitor=None) -> McrState:
    """Rebuild an MCR deal's state from its events (or JSON lines): the shared reader, no rule checks."""
    return replay_events(events, strict=strict, check_rules=False, visitor=visitor, rules="mcr")
