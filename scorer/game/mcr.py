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
- **State and legal actions**: the shared plain :class:`~scorer.game.state.GameState` (flowers per player) under
  the MCR table's rules object (:mod:`scorer.game.rules.mcr`, chosen by the preset): no furiten, kuikae, riichi
  or dora; the legal actions and the win checks live there too and are imported here as before.
- **Engine** (:class:`McrEngine`): priority win > pung/kong > chow, ties by seat order after the discarder; several
  wins: head bump (nearest after the discarder). The first win ends the deal and pays (self-drawn: each opponent
  8 + total; on a discard: the discarder 8 + total, the two others 8 each). An exhausted wall is a draw with no
  payments.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from scorer.game import events as ev
from scorer.game.engine import Engine, IllegalActionError, notation_of, replay as replay_events
from scorer.game.presets import find_preset
from scorer.game.state import GameState
from scorer.game.wall import FLOWER_ID0, MCR_TILES, arranged_ids
# the MCR table's rules object and its checks (imported here as they always were)
from scorer.game.rules.mcr import (MCR_TABLE, can_kong, can_win, evaluator, in_view_counts, is_flower_id,
                                   legal_actions, meets_minimum, score_win, scored_win, validate,
                                   win_hand)

__all__ = ["MCR_TABLE", "MCR_TILES", "FLOWER_ID0", "Flower", "McrWall", "McrEngine", "can_kong", "can_win",
           "deltas_for", "evaluator", "in_view_counts", "is_flower_id", "is_legal", "legal_actions", "meets_minimum",
           "play_deal", "replay", "score_win", "validate", "win_hand"]

is_legal = validate

N_MCR_TILES = 144
HAND_SIZE = 13


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
    with the MCR wall and deal flow (the state's table rules, found by the preset, list the legal actions)."""

    def __init__(self, players, *, seed: int | None = None, preset="mcr", wall: McrWall | None = None,
                 dealer: int = 0, scores: Sequence[int] | None = None, log=None, on_event=None,
                 round_wind: int = 0, game: tuple[str, int] | None = None, honba: int = 0, sticks: int = 0):
        pre = find_preset(preset)
        wall = wall if wall is not None else McrWall.shuffled(seed, pre.flowers)
        super().__init__(players, seed=seed, preset=preset, wall=wall, dealer=dealer, scores=scores, log=log,
                         on_event=on_event, round_wind=round_wind, game=game)
        self.wall = wall
        self.result = None

    # ---- flowers ----------------------------------------------------------------------------------------------
    def _replace_flowers(self, seat: int) -> bool:
        """Reveal and replace the flowers of ``seat`` until none is left in hand. False: the wall ran out."""
        p = self.state.players[seat]
        if max(p.hand, default=-1) < FLOWER_ID0:    # most draws: no flower in hand
            return True
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
        self.emit(ev.draw_event(seat, tile, replacement))
        return self._replace_flowers(seat)

    def _replacement(self, seat: int) -> bool:
        """A kong's replacement from the far end (no dora at this table)."""
        return self._draw(seat, replacement=True)

    # ---- the deal ---------------------------------------------------------------------------------------------
    def run(self) -> GameState:
        wall = self.wall
        names = [getattr(p, "name", type(p).__name__) for p in self.players]
        self.emit(self.start_event(names))
        hands: list[list[int]] = [[] for _ in range(4)]
        for i, h in enumerate(wall.hands()):          # the dealer takes the first 13, then seat order
            hands[(self.dealer + i) % 4] = list(h)
        self.emit(ev.Deal(dealer=self.dealer, round_wind=self.round_wind, scores=list(self.scores), hands=[list(h) for h in hands],
                          dora_indicator=None, live_left=wall.live_left))
        self.emit(ev.Draw(seat=self.dealer, tile=wall.draw()))      # the dealer's 14th tile
        if not self._deal_flowers():
            return self._exhausted()
        return self._play(self.dealer, need_draw=False)       # the turns go as at the riichi table

    def _win(self, seat: int, from_seat: int | None, tile: int, chankan: bool = False) -> None:
        st = self.state
        hand, result = scored_win(st, seat, tile, tsumo=from_seat is None, chankan=chankan)
        if not meets_minimum(result, st.preset):
            raise IllegalActionError(f"seat {seat} declared a win the scorer refuses: {result.reason}")
        d = result.to_dict()
        deltas = deltas_for(int(d["total"]), seat, from_seat)
        text = notation_of(hand)
        self.result = result
        self.emit(ev.Win(seat=seat, from_seat=from_seat, tile=tile, deltas=deltas, han=0, fu=0,
                         points=int(d["total"]),
                         yaku=[f"{f['name']} {f['points'] * f.get('count', 1)}" for f in d.get("fans", [])],
                         hand=text))

    def _exhausted(self) -> GameState:
        """An exhausted wall: a draw, no payments."""
        self.emit(ev.DrawGame(reason="exhaustive", tenpai=[False] * 4, deltas=[0, 0, 0, 0], deposits_returned=False))
        return self.state


def play_deal(players, **kwargs) -> McrEngine:
    eng = McrEngine(players, **kwargs)
    eng.run()
    return eng


def replay(events: Iterable, *, strict: bool = True, visitor=None) -> GameState:
    """Rebuild an MCR deal's state from its events (or JSON lines): the shared reader, every player's action
    validated against the MCR legal actions."""
    return replay_events(events, strict=strict, visitor=visitor, rules="mcr")
