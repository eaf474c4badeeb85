"""Game state: what the table looks like after each event. ``GameState.apply(event)`` is the only way it changes.

The state knows the rules only through its :class:`~scorer.game.presets.TablePreset`; it does not decide what a
player may do (that is :mod:`scorer.game.actions`) and it does not draw tiles (that is the engine with its wall).
A state can be rebuilt from a log alone, so everything in it comes from events: furiten flags, for instance, are
derived when a discard's response window closes (a seat that let a tile of a winning kind go by is furiten).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.presets import TablePreset, find_preset
from scorer.game.wall import N_TILES, TILES, TILES_NO_RED
from scorer.melds import Meld, MeldType
from scorer.shanten import waits_counts

_MELD_TYPE = {"chi": MeldType.CHI, "pon": MeldType.PON, "kan": MeldType.KAN, "kakan": MeldType.KAN,
              "ankan": MeldType.ANKAN}

# phases
DRAW, ACT, RESPOND, CHANKAN, RINSHAN, END = "draw", "act", "respond", "chankan", "rinshan", "end"


def waits_of_counts(counts: list[int], melds: int) -> tuple[int, ...]:
    """Winning kinds of a 3n+1 hand (a kind all four of which are in the hand is no wait)."""
    return tuple(waits_counts(counts, melds))


@dataclass
class RiverTile:
    tile: int
    tsumogiri: bool = False
    riichi: bool = False             # the riichi declaration tile (shown sideways)
    called_by: int | None = None     # taken by a chi/pon/kan: shown greyed in the river


@dataclass
class MeldRecord:
    kind: str                        # chi | pon | kan | ankan | kakan
    tiles: list[int]
    called: int | None = None        # the tile taken from a discard (kakan: the added tile)
    from_seat: int | None = None

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return self.kind in ("kan", "ankan", "kakan")

    def meld(self, table=TILES) -> Meld:
        return Meld(_MELD_TYPE[self.kind], tuple(table[t] for t in self.tiles))


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)
    melds: list[MeldRecord] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    score: int = 25000
    riichi: bool = False             # declared (its discard made)
    riichi_accepted: bool = False    # deposit paid
    double_riichi: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False       # passed a winning kind since the last draw
    riichi_furiten: bool = False     # passed a winning kind in riichi: for the rest of the deal
    waits: tuple[int, ...] = ()      # winning kinds of the 13-tile hand (kept up to date by apply)
    # the hand's counts by kind, with what they were counted from (hand object, length, last id); apply drops
    # them whenever it changes the hand
    counted: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def counts(self) -> list[int]:
        """The hand's counts by kind (a new list: callers may change it)."""
        hand = self.hand
        key = (id(hand), len(hand), hand[-1] if hand else -1)
        found = self.counted
        if found is not None and found[0] == key:
            return list(found[1])
        c = [0] * 34
        for t in hand:
            if t < N_TILES:          # flower ids (MCR, 136-143) are no kind
                c[t >> 2] += 1
        self.counted = (key, c)
        return list(c)

    @property
    def discarded_kinds(self) -> set[int]:
        return {r.tile >> 2 for r in self.river}

    @property
    def furiten_by_discards(self) -> bool:
        """Permanent furiten: any current winning kind is among the player's own discards (called ones too)."""
        mine = self.discarded_kinds
        return any(k in mine for k in self.waits)


class GameState:
    """One deal's table, rebuilt event by event."""

    def __init__(self, preset: TablePreset | str | None = None, seed: int | None = None):
        self.preset = find_preset(preset)
        self.table = TILES if self.preset.red_fives else TILES_NO_RED
        self.seed = seed
        self.players = [Player(score=self.preset.start_points) for _ in range(4)]
        self.dealer = 0
        self.round_wind = 0
        self.honba = 0
        self.sticks = 0
        self.live_left = 0
        self.dora_indicators: list[int] = []
        self.phase = "start"
        self.turn = 0
        self.last_draw: int | None = None
        self.rinshan = False             # the current turn's tile is a kan replacement
        self.last_discard: int | None = None
        self.last_discarder: int | None = None
        self.riichi_pending: int | None = None   # seat whose riichi discard awaits acceptance
        self.after_call: str | None = None       # "chi"/"pon": the caller must discard now (no kan)
        self.kuikae: frozenset[int] = frozenset()
        self.kakan_tile: int | None = None
        self.kans = 0
        self.any_call = False            # any chi/pon/kan so far (ends first-turn double riichi, tenhou, chiihou)
        self.missed: tuple[int, int] | None = None   # (kind, offering seat) of the open response window
        self.result: ev.Event | None = None
        self.n_events = 0
        self.errors: list[str] = []      # events a lenient replay skipped

    # ---- views ------------------------------------------------------------------------------------------------
    def tile(self, tile_id: int):
        return self.table[tile_id]

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % 4

    @property
    def total_points(self) -> int:
        return sum(p.score for p in self.players) + self.sticks * self.preset.riichi_cost

    def first_turn(self, seat: int) -> bool:
        """The seat's first turn, uninterrupted by any call."""
        return not self.any_call and not self.players[seat].river

    def tile_ids_in_play(self) -> list[int]:
        """Every physical tile in a hand, a meld or a river (called river tiles sit in the melds)."""
        out = []
        for p in self.players:
            out += p.hand
            for m in p.melds:
                out += m.tiles
            out += [r.tile for r in p.river if r.called_by is None]
        return out

    def snapshot(self) -> dict:
        """A JSON-able picture of the whole state, for comparing a replay with the live deal."""
        return {
            "phase": self.phase, "turn": self.turn, "dealer": self.dealer, "honba": self.honba,
            "sticks": self.sticks, "live_left": self.live_left, "dora": list(self.dora_indicators),
            "kans": self.kans, "last_draw": self.last_draw, "last_discard": self.last_discard,
            "rinshan": self.rinshan, "riichi_pending": self.riichi_pending, "after_call": self.after_call,
            "kuikae": sorted(self.kuikae), "kakan_tile": self.kakan_tile, "any_call": self.any_call,
            "players": [{
                "hand": sorted(p.hand), "score": p.score, "riichi": p.riichi, "double_riichi": p.double_riichi,
                "ippatsu": p.ippatsu, "temp_furiten": p.temp_furiten, "riichi_furiten": p.riichi_furiten,
                "melds": [(m.kind, sorted(m.tiles), m.called, m.from_seat) for m in p.melds],
                "river": [(r.tile, r.tsumogiri, r.riichi, r.called_by) for r in p.river],
            } for p in self.players],
            "result": self.result.to_dict() if self.result else None,
        }

    # ---- the one way to change the state ----------------------------------------------------------------------
    def apply(self, event: ev.Event) -> None:
        handler = getattr(self, "_on_" + event.type, None)
        if handler is None:
            raise LogError(f"unknown event {event!r}")
        if self.phase == END:
            raise LogError(f"event after the end of the deal: {event.to_json()}")
        if event.type != "win":
            self._close_window()
        handler(event)
        self.n_events += 1

    def _close_window(self) -> None:
        """A discard (or an added kan's tile) went unclaimed by ron: whoever waits on its kind is now furiten."""
        if self.missed is None:
            return
        kind, offerer = self.missed
        self.missed = None
        if self.preset.missed_ron_furiten == "none":
            return
        for s, p in enumerate(self.players):
            if s != offerer and kind in p.waits:
                p.temp_furiten = True
                if p.riichi:
                    p.riichi_furiten = True

    def _update_waits(self, seat: int) -> None:
        p = self.players[seat]
        if len(p.hand) % 3 == 1:
            p.waits = waits_of_counts(p.counts(), len(p.melds))

    def _remove(self, seat: int, tile: int) -> None:
        p = self.players[seat]
        p.counted = None
        try:
            p.hand.remove(tile)
        except ValueError:
            raise LogError(f"seat {seat} does not hold tile id {tile} ({self.table[tile]})") from None

    def _on_start(self, e: ev.Start) -> None:
        self.preset = find_preset(e.preset)
        self.table = TILES if self.preset.red_fives else TILES_NO_RED
        self.seed = e.seed

    def _on_deal(self, e: ev.Deal) -> None:
        self.dealer, self.round_wind, self.honba, self.sticks = e.dealer, e.round_wind, e.honba, e.sticks
        for s, p in enumerate(self.players):
            p.hand = list(e.hands[s])
            p.counted = None
            p.score = e.scores[s]
            self._update_waits(s)
        self.dora_indicators = [e.dora_indicator]
        self.live_left = e.live_left
        self.turn = e.dealer
        self.phase = DRAW

    def _on_draw(self, e: ev.Draw) -> None:
        if self.live_left <= 0:
            raise LogError("a draw from an empty wall")
        p = self.players[e.seat]
        p.hand.append(e.tile)
        p.counted = None
        p.temp_furiten = False          # temporary furiten lasts until the player's next draw
        self.live_left -= 1
        self.turn = e.seat
        self.last_draw = e.tile
        self.rinshan = e.rinshan
        if e.rinshan:                   # the kan stood: no ippatsu survives it
            for q in self.players:
                q.ippatsu = False
        self.after_call = None
        self.kuikae = frozenset()
        self.kakan_tile = None
        self.phase = ACT

    def _on_riichi(self, e: ev.Riichi) -> None:
        self.riichi_pending = e.seat

    def _on_discard(self, e: ev.Discard) -> None:
        p = self.players[e.seat]
        self._remove(e.seat, e.tile)
        declaring = self.riichi_pending == e.seat and not p.riichi
        if declaring:
            p.double_riichi = self.first_turn(e.seat)
            p.riichi = True
        elif p.riichi:
            p.ippatsu = False           # ippatsu ends with the declarer's next discard
        p.river.append(RiverTile(e.tile, e.tsumogiri, declaring))
        if e.tile != self.last_draw:
            self._update_waits(e.seat)
        # else the tile just drawn went out again: the hand is the one whose waits are kept
        self.last_discard, self.last_discarder = e.tile, e.seat
        self.last_draw = None
        self.after_call = None
        self.kuikae = frozenset()
        self.missed = (e.tile >> 2, e.seat)
        self.phase = RESPOND

    def _on_riichi_accepted(self, e: ev.RiichiAccepted) -> None:
        p = self.players[e.seat]
        p.riichi_accepted = True
        p.ippatsu = True
        p.score -= self.preset.riichi_cost
        self.sticks += 1
        if self.riichi_pending == e.seat:
            self.riichi_pending = None

    def _on_call(self, e: ev.Call) -> None:
        p = self.players[e.seat]
        if e.kind != "kakan":
            for q in self.players:
                q.ippatsu = False       # any call ends every ippatsu ...
        # ... but an added kan only once it stands: robbing it (chankan) keeps ippatsu, as on Tenhou. Its
        # replacement draw ends them (see _on_draw).
        self.any_call = True
        if e.kind in ("chi", "pon", "kan"):
            if e.called is None or e.from_seat is None or self.last_discard != e.called:
                raise LogError(f"a {e.kind} must take the last discard: {e.to_json()}")
            for t in e.tiles:
                if t != e.called:
                    self._remove(e.seat, t)
            self.players[e.from_seat].river[-1].called_by = e.seat
            p.melds.append(MeldRecord(e.kind, list(e.tiles), e.called, e.from_seat))
            self.turn = e.seat
            self.last_discard = None
            if e.kind == "kan":
                self.kans += 1
                self.phase = RINSHAN
            else:
                self.after_call = e.kind
                self.kuikae = kuikae_kinds(e.kind, [t >> 2 for t in e.tiles], e.called >> 2) \
                    if self.preset.kuikae == "strict" else frozenset()
                self.phase = ACT
        elif e.kind == "ankan":
            for t in e.tiles:
                self._remove(e.seat, t)
            p.melds.append(MeldRecord("ankan", list(e.tiles)))
            self.kans += 1
            self.phase = RINSHAN
        elif e.kind == "kakan":
            added = e.called
            pon = next((m for m in p.melds if m.kind == "pon" and added is not None and
                        m.tiles[0] >> 2 == added >> 2), None)
            if pon is None:
                raise LogError(f"an added kan needs a pon of its kind: {e.to_json()}")
            self._remove(e.seat, added)
            pon.kind = "kakan"
            pon.tiles = pon.tiles + [added]
            self.kans += 1
            self.kakan_tile = added
            self.missed = (added >> 2, e.seat)   # chankan window
            self.phase = CHANKAN
        else:
            raise LogError(f"unknown call kind {e.kind!r}")
        self.last_draw = None
        self._update_waits(e.seat)

    def _on_dora(self, e: ev.Dora) -> None:
        self.dora_indicators.append(e.indicator)

    def _on_win(self, e: ev.Win) -> None:
        self.missed = None
        for s, d in enumerate(e.deltas):
            self.players[s].score += d
        self.sticks = 0
        self.result = e
        self.phase = END

    def _on_draw_game(self, e: ev.DrawGame) -> None:
        for s, d in enumerate(e.deltas):
            self.players[s].score += d
        if e.deposits_returned:   # this deal's deposits went back to their owners (included in deltas)
            self.sticks -= sum(1 for p in self.players if p.riichi_accepted)
        self.result = e
        self.phase = END


def kuikae_kinds(kind: str, meld_kinds: list[int], called: int) -> frozenset[int]:
    """Kuikae: after a pon the called kind may not be discarded at once; after a chi neither may the kind at the
    sequence's other end (called 3 with 45: not 3 nor 6; called 6 with 45: not 6 nor 3; a middle tile: only it)."""
    out = {called}
    if kind == "chi":
        low = min(meld_kinds)
        if called == low and called % 9 <= 5:
            out.add(called + 3)
        elif called == low + 2 and called % 9 >= 3:
            out.add(called - 3)
    return frozenset(out)


def all_ids_once(ids: list[int]) -> bool:
    return sorted(ids) == list(range(N_TILES))
