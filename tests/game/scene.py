"""Scripted table scenes for the riichi engine tests: a state driven event by event, tiles named by notation."""

from __future__ import annotations

from scorer.game import events as ev
from scorer.game.actions import legal_actions
from scorer.game.state import GameState
from scorer.game.wall import TILES
from scorer.tiles import parse_tiles


def junk(extra: str = "7z") -> str:
    """13 tiles far from tenpai: the twelve orphans but 7z, and one more (a seat that only passes tiles on)."""
    return "19m19p19s123456z" + extra


class Scene:
    """Deal chosen hands (notation, 13 tiles or fewer) and drive the state with events named by notation."""

    def __init__(self, hands, *, live_left: int = 70, scores=None, dealer: int = 0, dora: str = "9p",
                 preset: str = "standard"):
        self.pool: dict = {}
        for i in range(136):
            self.pool.setdefault(TILES[i], []).append(i)
        self.state = GameState(preset)
        self.state.apply(ev.Start(seed=None, preset=preset))
        hand_ids = [self.take(h) for h in hands]
        self.state.apply(ev.Deal(dealer=dealer, scores=list(scores or [25000] * 4), hands=hand_ids,
                                 dora_indicator=self.take(dora)[0], live_left=live_left))

    def take(self, text: str) -> list[int]:
        out = []
        for t in parse_tiles(text):
            out.append(self.pool[t].pop(0))
        return out

    def held(self, seat: int, text: str) -> list[int]:
        """Ids of the named tiles in the seat's hand."""
        hand = list(self.state.players[seat].hand)
        out = []
        for t in parse_tiles(text):
            tid = next(i for i in hand if TILES[i] == t)
            hand.remove(tid)
            out.append(tid)
        return out

    # ---- events ---------------------------------------------------------------------------------------------
    def apply(self, e):
        self.state.apply(e)
        return self

    def draw(self, seat: int, text: str, rinshan: bool = False):
        return self.apply(ev.Draw(seat=seat, tile=self.take(text)[0], rinshan=rinshan))

    def discard(self, seat: int, text: str):
        tid = self.held(seat, text)[0]
        if self.state.last_draw is not None and TILES[self.state.last_draw] == TILES[tid]:
            tid = self.state.last_draw
        return self.apply(ev.Discard(seat=seat, tile=tid, tsumogiri=tid == self.state.last_draw))

    def turn(self, seat: int, draw: str, discard: str | None = None):
        """Draw a tile and discard it (or the named tile)."""
        self.draw(seat, draw)
        return self.discard(seat, discard or draw)

    def riichi(self, seat: int, discard: str):
        self.apply(ev.Riichi(seat=seat))
        return self.discard(seat, discard)

    def accept(self, seat: int):
        return self.apply(ev.RiichiAccepted(seat=seat))

    def call(self, seat: int, kind: str, own: str):
        st = self.state
        called = st.last_discard
        tiles = self.held(seat, own) + [called]
        return self.apply(ev.Call(seat=seat, kind=kind, tiles=sorted(tiles), called=called,
                                  from_seat=st.last_discarder))

    def ankan(self, seat: int, text: str):
        return self.apply(ev.Call(seat=seat, kind="ankan", tiles=self.held(seat, text)))

    def kakan(self, seat: int, text: str):
        added = self.held(seat, text)[0]
        pon = next(m for m in self.state.players[seat].melds if m.kind == "pon" and m.tiles[0] >> 2 == added >> 2)
        return self.apply(ev.Call(seat=seat, kind="kakan", tiles=sorted(pon.tiles + [added]), called=added,
                                  from_seat=pon.from_seat))

    def dora(self, text: str):
        return self.apply(ev.Dora(indicator=self.take(text)[0]))

    # ---- questions ------------------------------------------------------------------------------------------
    def legal(self, seat: int):
        return legal_actions(self.state, seat)

    def types(self, seat: int) -> set[str]:
        return {a.type for a in self.legal(seat)}

    def discards(self, seat: int, kind: str = "discard") -> set[str]:
        return {str(TILES[a.tile]) for a in self.legal(seat) if a.type == kind}
