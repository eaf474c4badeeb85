"""Game state: what the table looks like after each event. ``GameState.apply(event)`` is the only way it changes.

The state is plain data, the same at every table. It knows the rules through its
:class:`~scorer.game.presets.TablePreset` and the table rules object the preset names (:mod:`scorer.game.rules`):
that object applies each event, lists what a player may do and validates a choice. The state does not draw tiles
(that is the engine with its wall).
A state can be rebuilt from a log alone, so everything in it comes from events: furiten flags, for instance, are
derived when a discard's response window closes (a seat that let a tile of a winning kind go by is furiten).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.presets import TablePreset, find_preset
from scorer.game.wall import N_TILES, TILES, ids_of_table
from scorer.melds import Meld, MeldType
from scorer.arrangements import CODE_ONE, HandCode, code_of, completing_kinds
from scorer.shanten import CODE_STEP, SUIT_OF_KIND, DiscardView, suit_codes, waits_counts

_MELD_TYPE = {"chi": MeldType.CHI, "pon": MeldType.PON, "kan": MeldType.KAN, "kakan": MeldType.KAN,
              "ankan": MeldType.ANKAN}

# phases (NUKI: a North was just set aside; the other seats may ron on it if the preset allows, then its owner
# draws the replacement)
DRAW, ACT, RESPOND, CHANKAN, RINSHAN, END, NUKI = "draw", "act", "respond", "chankan", "rinshan", "end", "nuki"

# the seat after each seat in turn order, by the number of seats (3 or 4): (seat + 1) % seats, looked up
NEXT_SEAT: dict[int, tuple[int, ...]] = {n: tuple((s + 1) % n for s in range(n)) for n in (3, 4)}
# a table without chi: no seat is the one a chi may come from
NO_CHI_SEAT: dict[int, tuple[int, ...]] = {n: (-1,) * n for n in (3, 4)}


def waits_of_counts(counts: list[int], melds: int) -> tuple[int, ...]:
    """Winning kinds of a 3n+1 hand (a kind all four of which are in the hand is no wait)."""
    return tuple(waits_counts(counts, melds))


def waits_of_player(p: "Player") -> tuple[int, ...]:
    """:func:`waits_of_counts` of a player's 3n+1 hand, read from the hand code the player keeps (the same
    computation: the arrangement engine's completing kinds of the standard form, seven pairs and orphans)."""
    code, n = p.hand_code()
    return tuple(completing_kinds(code, n, len(p.melds)))


@dataclass(slots=True)
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
    # a lower bound of that hand's shanten, kept with the waits (-1: nothing known; see TableRules.update_waits)
    shanten_floor: int = field(default=-1, repr=False, compare=False)
    flowers: list[int] = field(default_factory=list)   # flower ids revealed (MCR)
    nuki: list[int] = field(default_factory=list)      # North ids set aside as nuki dora (three-player)
    # what the hand counts as: (hand list, its length, its last id, counts by kind, hand code of
    # ``scorer.arrangements`` — count k at bits 5k..5k+4 —, the number of tiles counted, and the four suits'
    # base-5 codes of ``scorer.shanten`` as a list). The rules' handlers keep it up to date as they add and take
    # tiles (add_tile, remove_tile); a hand changed by other code no longer matches its list, length or last id
    # and is counted again
    counted: tuple | None = field(default=None, repr=False, compare=False)
    # (the ``counted`` tuple it was read from, the number of melds then, the DiscardView): see discard_view
    viewed: tuple | None = field(default=None, repr=False, compare=False)
    # (the ``counted`` tuple of a hand a discard left, its shanten as that hand's view read it): see known_shanten
    shanten_known: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def counts(self) -> list[int]:
        """The hand's counts by kind (a new list: callers may change it)."""
        return list(self._counted()[3])

    def kind_counts(self) -> list[int]:
        """The hand's counts by kind, the kept list itself: read it, do not change it (hot code's
        :meth:`counts`)."""
        hand = self.hand
        found = self.counted     # :meth:`_counted`'s check, inline (asked several times a turn)
        if found is not None and found[0] is hand and found[1] == len(hand) and \
                found[2] == (hand[-1] if hand else -1):
            return found[3]
        return self._counted()[3]

    def hand_code(self) -> tuple[HandCode, int]:
        """The hand's :data:`~scorer.arrangements.HandCode` and the number of tiles it holds (flowers are no
        kind)."""
        found = self._counted()
        return found[4], found[5]

    def suit_codes(self) -> tuple[int, int, int, int]:
        """The base-5 codes of the hand's four suits (:func:`scorer.shanten.suit_codes` of its counts)."""
        return tuple(self._counted()[6])

    def discard_view(self) -> DiscardView:
        """The :class:`~scorer.shanten.DiscardView` of the hand (a 3n+2 hand on its turn), kept until the hand or
        its melds change: the table's riichi check and the player's discard read the same hand."""
        found = self._counted()
        viewed = self.viewed
        if viewed is None or viewed[0] is not found or viewed[1] != len(self.melds):
            viewed = self.viewed = (found, len(self.melds), DiscardView(found[3], len(self.melds), found[6]))
        return viewed[2]

    def kept_view(self) -> DiscardView | None:
        """The hand's discard view if one was read since the hand last changed (None: none was; nothing is
        computed)."""
        viewed = self.viewed
        if viewed is not None and viewed[0] is self._counted() and viewed[1] == len(self.melds):
            return viewed[2]
        return None

    def known_shanten(self) -> int | None:
        """The hand's shanten when the hand it was discarded from had its view read with every discard's shanten
        (the rules' handlers note it), else None."""
        known = self.shanten_known
        return known[1] if known is not None and known[0] is self._counted() else None

    def _counted(self) -> tuple:
        hand = self.hand
        found = self.counted
        if found is not None and found[0] is hand and found[1] == len(hand) and \
                found[2] == (hand[-1] if hand else -1):
            return found
        c = [0] * 34
        for t in hand:
            if t < N_TILES:          # flower ids (MCR, 136-143) are no kind
                c[t >> 2] += 1
        self.shanten_floor = -1      # a new hand: its shanten bound is gone with its counts
        found = self.counted = (hand, len(hand), hand[-1] if hand else -1, c, code_of(c), sum(c),
                                list(suit_codes(c)))
        return found

    def add_tile(self, tile: int) -> None:
        """A tile id joins the hand (a draw, a replacement); the counts follow."""
        hand, _, _, c, code, n, codes = self._counted()
        hand.append(tile)
        if tile < N_TILES:
            k = tile >> 2
            c[k] += 1
            code += CODE_ONE[k]
            n += 1
            codes[SUIT_OF_KIND[k]] += CODE_STEP[k]
        self.counted = (hand, len(hand), tile, c, code, n, codes)

    def remove_tile(self, tile: int) -> bool:
        """A tile id leaves the hand (a discard, a call, a flower); False if the hand does not hold it."""
        hand, _, _, c, code, n, codes = self._counted()
        try:
            hand.remove(tile)
        except ValueError:
            return False
        if tile < N_TILES:
            k = tile >> 2
            c[k] -= 1
            code -= CODE_ONE[k]
            n -= 1
            codes[SUIT_OF_KIND[k]] -= CODE_STEP[k]
        self.counted = (hand, len(hand), hand[-1] if hand else -1, c, code, n, codes)
        return True

    @property
    def discarded_kinds(self) -> set[int]:
        return {r.tile >> 2 for r in self.river}

    @property
    def furiten_by_discards(self) -> bool:
        """Permanent furiten: any current winning kind is among the player's own discards (called ones too)."""
        mine = self.discarded_kinds
        return any(k in mine for k in self.waits)


class GameState:
    """One deal's table, rebuilt event by event: plain data, the same at every table. ``rules`` is the table's
    rules object (:mod:`scorer.game.rules`, found by the preset); ``apply(event)`` hands each event to it."""

    def __init__(self, preset: TablePreset | str | None = None, seed: int | None = None, rules=None):
        self.rules = rules
        self._own_rules = rules is not None      # given rules stay whatever preset a start line names
        self.set_preset(preset)
        self.seed = seed
        self.players = [Player(score=self.preset.start_points) for _ in range(self.n_players)]
        self.dealer = 0
        self.round_wind = 0
        self.honba = 0
        self.sticks = 0
        self.live_left = 0
        self.dora_indicators: list[int] = []
        # the copies of each kind in every seat's view, kept by the rules' handlers: every discard (a called one
        # still counts, from its meld), the tiles a call shows from a hand, the dora indicators
        self.seen: list[int] = [0] * 34
        # the prevailing winds of the game this deal belongs to (1 an East game, 2 a South game, 4 an MCR match:
        # the game driver's GAME_WINDS), before any extension; a lone deal reads as a South game's (the strong
        # AI's All-Last)
        self.game_winds = 2
        self.phase = "start"
        self.turn = 0
        self.last_draw: int | None = None
        self.rinshan = False             # the current turn's tile is a kan replacement
        self.kong_chain = False          # ... possibly through flowers (MCR: Out with Replacement Tile)
        self.last_discard: int | None = None
        self.last_discarder: int | None = None
        self.riichi_pending: int | None = None   # seat whose riichi discard awaits acceptance
        self.after_call: str | None = None       # "chi"/"pon": the caller must discard now (no kan)
        self.kuikae: frozenset[int] = frozenset()
        self.kakan_tile: int | None = None
        # the chankan window is on a closed kan's tile (the preset's kokushi_robs_ankan, opened only when a
        # thirteen orphans hand waits on its kind): only that hand may rob it
        self.ankan_robbable = False
        self.nuki_tile: int | None = None          # the North last set aside (read in the NUKI phase)
        self.kans = 0
        self.nukis = 0                   # Norths set aside (three-player): they share the replacements with kans
        self.any_call = False            # any chi/pon/kan so far (ends first-turn double riichi, tenhou, chiihou)
        self.missed: tuple[int, int] | None = None   # (kind, offering seat) of the open response window
        self.result: ev.Event | None = None
        self.results: list[ev.Event] = []         # every result of the deal in order (a double ron has two)
        self.n_events = 0
        self.errors: list[str] = []      # events a lenient replay skipped
        # the wins scored since the last event, for the settlement that follows: listing a win (tsumo, ron) asks
        # the scorer, and the engine's win event reads that same result back instead of scoring the hand again.
        # (n_events when they were scored, {(seat, tile, tsumo, chankan, ura): (hand, result)})
        self.wins_scored: tuple[int, dict] = (-1, {})

    def set_preset(self, preset: TablePreset | str | None) -> None:
        """Seat the table under ``preset``: its rules object (unless one was given) and its tiles."""
        self.preset = find_preset(preset)
        if not self._own_rules:
            from scorer.game.rules import find_table
            self.rules = find_table(self.preset)
        self.table = self.rules.tiles(self.preset)
        pre = self.preset
        # the seat count and what follows from it, stored once: the hot code reads a tuple, never the preset
        n = self.n_players = pre.players
        self.next_seat = NEXT_SEAT[n]                    # the seat after each seat
        self.chi_seat = self.next_seat if pre.chi else NO_CHI_SEAT[n]   # who may chi each seat's discard
        # ``seen`` at the deal: the kinds the table leaves out (three-player: 2m-8m) count as all four in view,
        # so whatever counts unseen copies as 4 - held - seen counts none of them
        self.seen_start = tuple(4 if pre.absent_kinds >> k & 1 else 0 for k in range(34))
        self.tile_ids = ids_of_table(pre.absent_kinds)   # the physical ids the wall holds
        players = getattr(self, "players", None)
        if players is not None and len(players) != n:   # a start line that names a table of another size
            self.players = [Player(score=pre.start_points) for _ in range(n)]

    # ---- views ------------------------------------------------------------------------------------------------
    def tile(self, tile_id: int):
        return self.table[tile_id]

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.n_players

    @property
    def total_points(self) -> int:
        return sum(p.score for p in self.players) + self.sticks * self.preset.riichi_cost

    def first_turn(self, seat: int) -> bool:
        """The seat's first turn, uninterrupted by any call."""
        return not self.any_call and not self.players[seat].river

    def tile_ids_in_play(self) -> list[int]:
        """Every physical tile in a hand, a meld, a river (called river tiles sit in the melds) or among the
        flowers."""
        out = []
        for p in self.players:
            out += p.hand
            for m in p.melds:
                out += m.tiles
            out += [r.tile for r in p.river if r.called_by is None]
        for p in self.players:
            out += p.flowers
            out += p.nuki
        return out

    def snapshot(self) -> dict:
        """A JSON-able picture of the whole state, for comparing a replay with the live deal."""
        d = {
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
        if self.rules.flowers:
            d["flowers"] = [list(p.flowers) for p in self.players]
        if self.preset.nuki:
            d["nuki"] = [list(p.nuki) for p in self.players]
        return d

    # ---- the one way to change the state ----------------------------------------------------------------------
    def apply(self, event: ev.Event) -> None:
        """Apply one event under the table's rules (:meth:`TableRules.apply`); a bad event raises LogError."""
        self.rules.apply(self, event)

    def remove(self, seat: int, tile: int) -> None:
        """Take a tile id out of a seat's hand (for the rules' handlers); not held: LogError."""
        if not self.players[seat].remove_tile(tile):
            raise LogError(f"seat {seat} does not hold tile id {tile} ({self.table[tile]})")


def remember_win(state: GameState, key: tuple, hand, result) -> None:
    """Keep a scored win (``key``: seat, tile, tsumo, chankan, ura) until the next event."""
    at, found = state.wins_scored
    if at != state.n_events:
        found = {}
        state.wins_scored = (state.n_events, found)
    found[key] = (hand, result)


def remembered_win(state: GameState, key: tuple) -> tuple | None:
    """The (hand, result) of a win scored since the last event under ``key``, if any."""
    at, found = state.wins_scored
    return found.get(key) if at == state.n_events else None


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


def all_ids_once(ids: list[int], tile_ids=None) -> bool:
    """Every physical id of the table once (``tile_ids``: the table's ids, :attr:`GameState.tile_ids`; None:
    the 136)."""
    return sorted(ids) == list(range(N_TILES) if tile_ids is None else tile_ids)
