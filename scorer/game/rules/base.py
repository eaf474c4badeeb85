"""What every table's rules object shares: the event handlers of a deal (deal, draw, discard, calls, results) and
the validator of recorded events. The riichi and MCR tables (:mod:`.riichi`, :mod:`.mcr`) add their own events
and switch the parts they do not have (furiten and waits, kuikae) by class attributes.

The state is plain data (:class:`~scorer.game.state.GameState`); a rules object holds nothing of a deal and one
object serves every state of its table.
"""

from __future__ import annotations

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.actions import ANKAN, KAKAN, NUKI as NUKI_ACTION, PASS, RON, TSUMO, Action
from scorer.game.state import ACT, CHANKAN, DRAW, END, NUKI, RESPOND, RINSHAN, MeldRecord, RiverTile, \
    kuikae_kinds, waits_of_player
from scorer.kinds import NORTH
from scorer.game.wall import TILES, TILES_NO_RED
from scorer.shanten import shanten_counts, thirteen_orphans_shanten


_NO_KINDS: frozenset[int] = frozenset()
"""No kind forbidden (kuikae) -- one value for every draw and discard."""


class TableRules:
    """One table's rules: ``apply(state, event)``, ``legal_actions(state, seat)``, ``validate(state, action)``."""

    name = "table"
    keeps_waits = True      # each 13-tile hand's winning kinds are kept (furiten, tenpai at a draw)
    kuikae = True           # the preset's kuikae rule applies after a chi or pon
    flowers = False         # players reveal flowers (the snapshot shows them)
    fixed_honba = False     # honba and deposits stay 0 whatever the deal says (no riichi sticks at the table)
    card_hidden: frozenset[str] = frozenset()       # preset fields the rules card leaves out (meaningless here)
    card_rows: tuple[tuple[str, str], ...] = ()     # the table's own rules in words, after the preset's fields

    def card_rows_for(self, preset) -> tuple[tuple[str, str], ...]:
        """The table's own rules in words under ``preset`` (most tables: :attr:`card_rows` whatever the preset)."""
        return self.card_rows
    # how a recorded round at this table is replayed: "module:function" (round, visitor) -> report; "" is the
    # riichi round replay of scorer.logs.replay (Tenhou, mjai, our own riichi logs)
    replayer = ""
    # what the engine can play at this table: several rons on one discard (the preset's ``multiple_ron``) and the
    # abortive draws (its ``abortive_draws``) this table settles
    multiple_ron_played: tuple[str, ...] = ("head_bump",)
    abortive_draws_played: frozenset[str] = frozenset()

    def __init__(self):
        # event type -> handler (looked up once: apply runs for every event of every deal)
        self.handlers = {t: getattr(self, "on_" + t) for t in ev.EVENT_TYPES if hasattr(self, "on_" + t)}

    def tiles(self, preset) -> tuple:
        """The tile each physical id shows at this table under ``preset``."""
        return TILES if preset.red_fives else TILES_NO_RED

    # ---- the one way a state changes ----------------------------------------------------------------------------
    def apply(self, st, event: ev.Event) -> None:
        handler = self.handlers.get(event.type)
        if handler is None:
            raise LogError(f"unknown event {event!r}")
        if st.phase == END:
            if self.after_end(st, event):
                st.n_events += 1
                return
            raise LogError(f"event after the end of the deal: {event.to_json()}")
        if st.missed is not None and event.type != "win":
            self.close_window(st)
        handler(st, event)
        st.n_events += 1

    def draw_event(self, st, reason: str) -> ev.DrawGame | None:
        """The settled draw ``reason`` ("exhaustive" or one of the preset's abortive draws) as this table pays it,
        or None: the engine's own exhaustive draw (noten payments, karaten as the preset says)."""
        return None

    def after_end(self, st, event: ev.Event) -> bool:
        """Apply an event that comes after the deal's result, if this table has any (True); else False."""
        return False

    # ---- legal actions and the validator ----------------------------------------------------------------------
    def legal_actions(self, st, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now ([] if it has nothing to decide). Responses include ``pass``: on
        its turn the table's :meth:`turn_actions`, on a discard its :meth:`response_actions`, on an added kan's
        tile ron if :meth:`can_rob` (chankan, Robbing the Kong) and pass (else nothing)."""
        if st.phase == ACT and seat == st.turn:
            return self.turn_actions(st, seat)
        if st.phase == RESPOND and seat != st.last_discarder and st.last_discard is not None:
            return self.response_actions(st, seat)
        # (a seat that cannot rob has nothing to decide: [], so a person is not asked to pass on nothing)
        if st.phase == CHANKAN and seat != st.turn and st.kakan_tile is not None:
            if self.can_rob(st, seat, st.kakan_tile):
                return [Action(RON, seat, st.kakan_tile), Action(PASS, seat)]
            return []
        if st.phase == NUKI and seat != st.turn:
            # a North just set aside, at a table whose preset lets it be robbed: ron (no chankan yaku) or pass
            if self.can_rob_nuki(st, seat, st.nuki_tile):
                return [Action(RON, seat, st.nuki_tile), Action(PASS, seat)]
            return []
        return []

    # each table's own answers
    def turn_actions(self, st, seat: int) -> list[Action]:
        raise NotImplementedError

    def response_actions(self, st, seat: int) -> list[Action]:
        raise NotImplementedError

    def can_rob(self, st, seat: int, tile: int) -> bool:
        raise NotImplementedError

    def can_rob_nuki(self, st, seat: int, tile: int) -> bool:
        """May ``seat`` ron on the North ``tile`` just set aside (the preset's ``nuki_robbed``)?"""
        return False

    def validate(self, st, action: Action, legal: list[Action] | None = None) -> bool:
        """Is ``action`` one of the seat's legal actions (up to equivalent copies) with ids the seat holds?"""
        from scorer.game.actions import matches_listed
        return matches_listed(st, action, legal if legal is not None else self.legal_actions(st, action.seat))

    def can_riichi(self, st, seat: int) -> bool:
        """May ``seat`` declare riichi now (a riichi action among its legal actions)? A table may answer without
        listing them."""
        return any(a.type == "riichi" for a in self.legal_actions(st, seat))

    def check_event(self, st, e: ev.Event) -> str | None:
        """Why ``e`` is not a legal next event in ``st`` (None if it is): every player's action is validated;
        a riichi declaration needs a legal riichi discard. After the result only a table's second win on the same
        discard (double ron) may follow: :meth:`after_end` decides it as the event is applied."""
        if st.phase == END:
            return None
        if e.type == "riichi":
            if not self.can_riichi(st, e.seat):
                return f"seat {e.seat} may not declare riichi now"
            return None
        a = event_action(e)
        if a is not None and not self.validate(st, a):
            return f"illegal {a.describe(st.table)} by seat {a.seat}"
        return None

    # ---- the shared handlers ----------------------------------------------------------------------------------
    def close_window(self, st) -> None:
        """A discard (or an added kan's tile) went unclaimed by ron: temporary furiten, by the preset's
        ``missed_ron_furiten`` (called by :meth:`apply` when a window is open, before the next event changes
        anything). "wait" (Tenhou): whoever waits on its kind is now furiten, even without a yaku; "legal_ron"
        (the one-deal card): only a seat that could have won on it (:meth:`could_ron`) and passed; in riichi for
        the rest of the deal."""
        kind, offerer = st.missed
        st.missed = None
        mode = st.preset.missed_ron_furiten
        if mode == "none":
            return
        for s, p in enumerate(st.players):
            if p.waits and kind in p.waits and s != offerer:    # most hands wait on nothing
                if st.ankan_robbable and not self.waits_kokushi(st, s, kind):
                    continue                   # a closed kan's tile passes by only the hand that could rob it
                if mode == "legal_ron":
                    chankan = st.phase == CHANKAN
                    tile = st.kakan_tile if chankan else st.last_discard
                    if tile is None or not self.could_ron(st, s, tile, chankan):
                        continue
                p.temp_furiten = True
                if p.riichi:
                    p.riichi_furiten = True

    @staticmethod
    def waits_kokushi(st, seat: int, kind: int) -> bool:
        """Is ``seat``'s hand thirteen orphans tenpai on ``kind`` (closed, no meld; the one hand that may rob a
        closed kan where the preset's ``kokushi_robs_ankan`` allows)?"""
        p = st.players[seat]
        return not p.melds and kind in p.waits and thirteen_orphans_shanten(p.counts()) == 0

    def could_ron(self, st, seat: int, tile: int, chankan: bool) -> bool:
        """Could ``seat`` win on ``tile`` (a discard, or an added kan's tile when ``chankan``)?"""
        return True

    def update_waits(self, st, seat: int) -> None:
        """The winning kinds of a seat's new 3n+1 hand. Most hands are far from tenpai, and one draw and one
        discard lower a hand's shanten by one at most: while the kept lower bound (``shanten_floor``, of the
        hand before that exchange) stays 2 or more, the new hand is not tenpai and nothing is computed. Otherwise
        the shanten is looked up (a hand that was tenpai goes straight to its waits) and the waits only if tenpai.
        A call or a hand changed outside the handlers forgets the bound."""
        if not self.keeps_waits:
            return
        p = st.players[seat]
        if len(p.hand) % 3 != 1:
            return
        counts = p.kind_counts()         # first: a hand changed outside the handlers forgets its bound here
        floor = p.shanten_floor - 1      # the hand has changed by one draw and one discard since the bound
        if floor >= 1:
            p.shanten_floor = floor
            p.waits = ()
            return
        if floor == -1 and p.waits:      # tenpai before: most likely still
            p.waits = waits_of_player(p)
            p.shanten_floor = 0
            return
        sh = p.known_shanten()
        if sh is None:
            sh = shanten_counts(counts, len(p.melds), codes=p.suit_codes())
        p.shanten_floor = sh
        p.waits = waits_of_player(p) if sh == 0 else ()

    def on_start(self, st, e: ev.Start) -> None:
        if e.preset != st.preset.name:      # a preset given as data (not registered) keeps its own rules
            st.set_preset(e.preset)
        st.seed = e.seed

    def on_deal(self, st, e: ev.Deal) -> None:
        n = st.n_players
        if len(e.hands) != n or len(e.scores) != n or not 0 <= e.dealer < n:
            raise LogError(f"a deal of {len(e.hands)} hands and {len(e.scores)} scores (dealer {e.dealer}) at a "
                           f"table of {n} seats: {e.to_json()[:120]}")
        st.dealer, st.round_wind = e.dealer, e.round_wind
        st.honba, st.sticks = (0, 0) if self.fixed_honba else (e.honba, e.sticks)
        for s, p in enumerate(st.players):
            p.hand = list(e.hands[s])
            p.counted = None
            p.score = e.scores[s]
            p.flowers = []
            if p.nuki:
                p.nuki = []
            p.shanten_floor = -1
            self.update_waits(st, s)
        st.dora_indicators = [] if e.dora_indicator is None else [e.dora_indicator]
        st.seen = list(st.seen_start)       # (the kinds the table leaves out count as all in view)
        for t in st.dora_indicators:
            st.seen[t >> 2] += 1
        st.live_left = e.live_left
        st.turn = e.dealer
        st.phase = DRAW

    def on_draw(self, st, e: ev.Draw) -> None:
        if st.live_left <= 0:
            raise LogError("a draw from an empty wall")
        p = st.players[e.seat]
        p.add_tile(e.tile)
        p.temp_furiten = False          # temporary furiten lasts until the player's next draw
        st.live_left -= 1
        st.turn = e.seat
        st.last_draw = e.tile
        st.rinshan = e.rinshan
        # a kan's replacement starts a kan chain (MCR: flowers met on the way keep it one); any other draw ends it
        st.kong_chain = bool(e.rinshan)
        if e.rinshan:                   # the kan stood: no ippatsu survives it
            for q in st.players:
                q.ippatsu = False
        st.after_call = None
        st.kuikae = _NO_KINDS
        st.kakan_tile = None
        st.ankan_robbable = False
        st.phase = ACT

    def on_discard(self, st, e: ev.Discard) -> None:
        p = st.players[e.seat]
        view = p.kept_view()            # the hand's discard view, if the riichi check or the player read one
        if not p.remove_tile(e.tile):
            st.remove(e.seat, e.tile)   # not held: the state's error
        declaring = st.riichi_pending == e.seat and not p.riichi
        if declaring:
            p.double_riichi = st.first_turn(e.seat)
            p.riichi = True
        elif p.riichi:
            p.ippatsu = False           # ippatsu ends with the declarer's next discard
        p.river.append(RiverTile(e.tile, e.tsumogiri, declaring))
        st.seen[e.tile >> 2] += 1
        if e.tile != st.last_draw:
            if view is not None and view.held_shanten is not None:     # the new hand's shanten, read already
                kinds, shs = view.held_shanten
                p.shanten_known = (p.counted, shs[kinds.index(e.tile >> 2)])
            self.update_waits(st, e.seat)
        # else the tile just drawn went out again: the hand is the one whose waits are kept
        st.last_discard, st.last_discarder = e.tile, e.seat
        st.last_draw = None
        st.after_call = None
        st.kuikae = _NO_KINDS
        st.missed = (e.tile >> 2, e.seat)
        st.phase = RESPOND

    def on_call(self, st, e: ev.Call) -> None:
        p = st.players[e.seat]
        p.shanten_floor = -1             # a call changes the hand by more than a draw and a discard
        if e.kind != "kakan":
            for q in st.players:
                q.ippatsu = False       # any call ends every ippatsu ...
        # ... but an added kan only once it stands: robbing it (chankan) keeps ippatsu, as on Tenhou. Its
        # replacement draw ends them (see on_draw).
        st.any_call = True
        if e.kind in ("chi", "pon", "kan"):
            if e.called is None or e.from_seat is None or st.last_discard != e.called:
                raise LogError(f"a {e.kind} must take the last discard: {e.to_json()}")
            seen = st.seen
            for t in e.tiles:
                if t != e.called:
                    st.remove(e.seat, t)
                    seen[t >> 2] += 1       # (the called tile is counted from the river)
            st.players[e.from_seat].river[-1].called_by = e.seat
            p.melds.append(MeldRecord(e.kind, list(e.tiles), e.called, e.from_seat))
            st.turn = e.seat
            st.last_discard = None
            if e.kind == "kan":
                st.kans += 1
                st.phase = RINSHAN
            else:
                st.after_call = e.kind
                st.kuikae = kuikae_kinds(e.kind, [t >> 2 for t in e.tiles], e.called >> 2) \
                    if self.kuikae and st.preset.kuikae == "strict" else frozenset()
                st.phase = ACT
        elif e.kind == "ankan":
            for t in e.tiles:
                st.remove(e.seat, t)
                st.seen[t >> 2] += 1
            p.melds.append(MeldRecord("ankan", list(e.tiles)))
            st.kans += 1
            st.phase = RINSHAN
            kind = e.tiles[0] >> 2
            if st.preset.kokushi_robs_ankan and any(self.waits_kokushi(st, s, kind)
                                                    for s in range(len(st.players)) if s != e.seat):
                st.kakan_tile = max(e.tiles)   # the tile offered (any of the four: a ron names its kind)
                st.ankan_robbable = True
                st.missed = (kind, e.seat)     # passing it is furiten for the thirteen orphans hand
                st.phase = CHANKAN
        elif e.kind == "kakan":
            added = e.called
            pon = next((m for m in p.melds if m.kind == "pon" and added is not None and
                        m.tiles[0] >> 2 == added >> 2), None)
            if pon is None:
                raise LogError(f"an added kan needs a pon of its kind: {e.to_json()}")
            st.remove(e.seat, added)
            st.seen[added >> 2] += 1
            pon.kind = "kakan"
            pon.tiles = pon.tiles + [added]
            st.kans += 1
            st.kakan_tile = added
            st.missed = (added >> 2, e.seat)   # chankan window
            st.phase = CHANKAN
        else:
            raise LogError(f"unknown call kind {e.kind!r}")
        st.last_draw = None
        st.kong_chain = False
        self.update_waits(st, e.seat)

    def on_nuki(self, st, e: ev.Nuki) -> None:
        """Three-player: a North set aside as nuki dora (抜きドラ). It is like a call: every ippatsu and the first
        go-around end (double riichi, tenhou/chiihou, nine terminals); it takes a replacement from the dead wall
        (shared with the kans); where the preset allows, the other seats may first ron on it (phase NUKI)."""
        pre = st.preset
        if not pre.nuki:
            raise LogError(f"no North is set aside at the {pre.name} table: {e.to_json()}")
        if e.tile >> 2 != NORTH:
            raise LogError(f"only a North is set aside: {e.to_json()}")
        if st.phase != ACT or e.seat != st.turn or st.after_call or st.riichi_pending == e.seat:
            raise LogError(f"seat {e.seat} cannot set a North aside now: {e.to_json()}")
        if st.live_left <= 0 or st.kans + st.nukis >= pre.replacements:
            raise LogError(f"no replacement tile left for a North set aside: {e.to_json()}")
        p = st.players[e.seat]
        st.remove(e.seat, e.tile)
        p.nuki.append(e.tile)
        p.shanten_floor = -1
        st.seen[NORTH] += 1
        st.nukis += 1
        for q in st.players:
            q.ippatsu = False
        st.any_call = True
        st.last_draw = None
        st.nuki_tile = e.tile
        st.phase = NUKI if pre.nuki_robbed else RINSHAN
        self.update_waits(st, e.seat)

    def on_win(self, st, e: ev.Win) -> None:
        if len(e.deltas) != st.n_players:
            raise LogError(f"a win with {len(e.deltas)} deltas at a table of {st.n_players} seats: {e.to_json()}")
        st.missed = None
        for s, d in enumerate(e.deltas):
            st.players[s].score += d
        st.sticks = 0
        st.result = e
        st.results.append(e)
        st.phase = END

    def on_draw_game(self, st, e: ev.DrawGame) -> None:
        if len(e.deltas) != st.n_players:
            raise LogError(f"a draw with {len(e.deltas)} deltas at a table of {st.n_players} seats: {e.to_json()}")
        for s, d in enumerate(e.deltas):
            st.players[s].score += d
        if e.deposits_returned:   # this deal's deposits went back to their owners (included in deltas)
            st.sticks -= sum(1 for p in st.players if p.riichi_accepted)
        st.result = e
        st.results.append(e)
        st.phase = END


def concealed_tiles(st, seat: int, tile: int, tsumo: bool) -> tuple:
    """The closed tiles a win on ``tile`` scores besides the winning tile (a tsumo's drawn tile is that tile)."""
    ids = list(st.players[seat].hand)
    if tsumo:
        ids.remove(tile)
    table = st.table
    return tuple(table[t] for t in ids)


def event_action(e: ev.Event) -> Action | None:
    """The player's action an event records (None for table events: deal, draw, dora, flowers, results)."""
    t = e.type
    if t == "discard":
        return Action("discard", e.seat, e.tile)
    if t == "call":
        if e.kind == "ankan":
            return Action(ANKAN, e.seat, None, tuple(e.tiles))
        if e.kind == "kakan":
            return Action(KAKAN, e.seat, e.called)
        own = list(e.tiles)
        if e.called in own:
            own.remove(e.called)
        return Action(e.kind, e.seat, e.called, tuple(own))
    if t == "win":
        return Action(TSUMO if e.from_seat is None else RON, e.seat, e.tile)
    if t == "nuki":
        return Action(NUKI_ACTION, e.seat, e.tile)
    return None
