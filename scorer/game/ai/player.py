"""The riichi AI and the simple players used by tests.

:class:`RiichiAI` plays from its own seat's view (its hand, every river, every meld, the dora indicators):

- it always wins when a win is legal;
- it discards by shanten, then by ukeire counted against the tiles it can see, keeping dora and red fives;
- it declares riichi when tenpai (choosing the discard with the most live waits);
- it calls pon/chi only when the call lowers shanten and the hand keeps a yaku (a dragon or value-wind pon,
  all simples, or one suit with honors);
- against a riichi, when its own hand is far (2+ shanten, or 1-shanten with few tiles), it folds: genbutsu,
  then suji and kabe.
"""

from __future__ import annotations

import random
from operator import itemgetter

from scorer.game.actions import ANKAN, CHI, DISCARD, KAKAN, NUKI, PASS, PASS_ACTIONS, PON, RIICHI, RON, TSUMO, \
    Action
from scorer.game.ai.defense import danger, safe_kinds
from scorer.game.state import ACT, GameState
from scorer.shanten import DiscardView, kinds_of_mask, shanten_counts as shanten_cached, standard_shanten
from scorer.kinds import DORA_SUCCESSOR, HONOR, RED_FIVE_IDS, TERMINALS_AND_HONORS

_ORPHANS = TERMINALS_AND_HONORS


def _unseen(counts: list[int], visible: list[int]) -> list[int]:
    """Copies of each kind neither in the hand nor in view: the tiles a draw may still bring. (Never below zero:
    the hand and the view hold different tiles.)"""
    return [4 - c - v for c, v in zip(counts, visible)]


def _ukeire_after(view: DiscardView, k: int, unseen: list[int]) -> int:
    """Ukeire of the hand ``view`` read without one tile of kind ``k``: the unseen copies (``unseen``, of the hand
    with the tile) of the kinds whose draw then lowers the shanten; the tile let go is one more unseen copy of its
    kind."""
    mask = view.improving_mask_after(k)
    return sum(map(unseen.__getitem__, kinds_of_mask(mask))) + (mask >> k & 1)


_UKEIRE_CANDIDATES = 4


_NEIGHBOURS = tuple(tuple((k + d, w) for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)) if 0 <= k % 9 + d <= 8)
                    if k < HONOR else () for k in range(34))
"""For each kind: the kinds one and two ranks away in its suit, with the weight a held one adds to the kind's
connection (how much a tile connects with the rest of the hand: copies, neighbours, a middle rank)."""
_MIDDLE = tuple(1 if k < HONOR and 2 <= k % 9 <= 6 else 0 for k in range(34))
"""1 for the kinds 3-7 of a numbered suit (they connect both ways)."""


def visible_counts(state: GameState, seat: int) -> list[int]:
    """Copies of each kind this seat can see outside its own hand: rivers, melds, dora indicators (the same for
    every seat: the table keeps them as events show them, :attr:`GameState.seen`)."""
    return list(state.seen)


def dora_kinds(state: GameState) -> set[int]:
    """The kinds the dora indicators point to."""
    return {DORA_SUCCESSOR[t >> 2] for t in state.dora_indicators}


def _value_kinds(state: GameState, seat: int) -> set[int]:
    """Kinds whose pon is a yaku: the dragons, the round wind, the seat wind."""
    return {31, 32, 33, 27 + state.round_wind, 27 + state.seat_wind(seat)}


_ORDER_AFTER = tuple(tuple((seat + i) % 4 for i in (1, 2, 3)) for seat in range(4))
"""The other seats in turn order after each seat."""
_ORDER_AFTER_3 = tuple(tuple((seat + i) % 3 for i in (1, 2)) for seat in range(3))
"""... at a three-player table."""


def _by_type(actions: list[Action]) -> dict[str, list[Action]]:
    """The actions by type, each type's in their order."""
    for a in actions:
        if a.type != DISCARD:
            break
    else:
        return {DISCARD: actions}       # most turns: discards only (after a call, in riichi, most draws)
    by_type: dict[str, list[Action]] = {}
    for a in actions:
        same = by_type.get(a.type)
        if same is None:
            by_type[a.type] = [a]
        else:
            same.append(a)
    return by_type


class RiichiAI:
    """A shanten/ukeire player with simple calling, riichi and folding. Its choices are deterministic; ``seed``
    seeds its random source (:attr:`rng`), which no choice reads today."""

    seats: tuple[int, ...] = (3, 4)
    """The table sizes it plays (:func:`scorer.cli.play_game.plays_table`): it reads the seat count, the turn
    order and the kinds the wall holds from the state."""

    def __init__(self, name: str = "ai", seed: int | None = None):
        self.name = name
        self.seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """The AI's random source, seeded by ``seed``: made when first asked for (seeding a generator costs more
        than a discard decision, and four AIs sit at every deal)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    # ---- entry ------------------------------------------------------------------------------------------------
    def choose(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        by_type = _by_type(actions)
        for win in (TSUMO, RON):
            if win in by_type:
                return by_type[win][0]
        if NUKI in by_type:         # three-player: a North set aside is a dora and a fresh draw, always taken
            return by_type[NUKI][0]
        if state.phase == ACT and state.turn == seat:
            return self._turn(state, seat, by_type, actions)
        return self._respond(state, seat, by_type)

    # ---- own turn ---------------------------------------------------------------------------------------------
    def _turn(self, state, seat, by_type, actions) -> Action:
        p = state.players[seat]
        if p.riichi and len(by_type) == 1 and DISCARD in by_type:
            return by_type[DISCARD][0]
        counts = p.counts()
        melds = len(p.melds)
        threat = self._threat(state, seat)
        if len(by_type) > 1 or DISCARD not in by_type:
            # kans: closed kan / added kan when they do not slow the hand and nobody is in riichi
            if threat is None:
                for kt in (ANKAN, KAKAN):
                    for a in by_type.get(kt, ()):
                        if self._kan_keeps_shanten(counts, melds, a, state):
                            return a
            if RIICHI in by_type:
                visible = visible_counts(state, seat)
                unseen = _unseen(counts, visible)
                view = p.discard_view()
                after = dict(zip(*view.held()))     # the shanten after each discard
                best, best_n = None, -1
                live: dict[int, int] = {}       # live waits by discarded kind (a red five and a plain one alike)
                for a in by_type[RIICHI]:
                    k = a.tile >> 2
                    n = live.get(k)
                    if n is None:
                        # the waits of a tenpai hand are the draws that lower its shanten (to complete)
                        n = live[k] = _ukeire_after(view, k, unseen) if after[k] == 0 else 0
                    if n > best_n:
                        best, best_n = a, n
                if best is not None and best_n > 0 and (threat is None or best_n >= 4):
                    return best
                discards = by_type.get(DISCARD)
                if not discards:
                    return actions[0]
                return self._discard(state, seat, discards, counts, melds, visible, threat, view)
        discards = by_type.get(DISCARD)
        if not discards:
            return actions[0]
        return self._discard(state, seat, discards, counts, melds, None, threat)

    def _kan_keeps_shanten(self, counts, melds, a: Action, state) -> bool:
        if a.type == KAKAN:
            k = a.tile >> 2
            base = min(shanten_cached(_minus(counts, j), melds) for j in range(34) if counts[j])
            after = shanten_cached(_minus(counts, k), melds)
            return after <= base
        k = a.tiles[0] >> 2
        base = min(shanten_cached(_minus(counts, j), melds) for j in range(34) if counts[j])
        c = list(counts)
        c[k] = 0
        # after a closed kan the hand draws a replacement: compare the 10-tile hand with the best 13-tile hand
        return shanten_cached(c, melds + 1) <= base

    def _threat(self, state, seat) -> int | None:
        """The first other seat in riichi, in turn order after ``seat`` (None if there is none)."""
        players = state.players
        for t in (_ORDER_AFTER[seat] if len(players) == 4 else _ORDER_AFTER_3[seat]):
            if players[t].riichi:
                return t
        return None

    def _discard(self, state, seat, discards, counts, melds, visible, threat, view=None) -> Action:
        """Lowest shanten; ties by ukeire among the least connected (far from tenpai: the least connected); folds
        against a riichi when far. ``visible`` is counted here when None and a step reads it; ``view``: the
        hand's DiscardView when already read."""
        p = state.players[seat]
        if view is None:
            view = p.discard_view()
        if state.after_call or p.riichi or state.riichi_pending == seat:
            kinds = sorted({a.tile >> 2 for a in discards})     # kuikae, riichi: some kinds held are not listed
            shs = view.shanten_each(kinds)
        else:
            kinds, shs = view.held()        # any tile held may be discarded
        best_sh = min(shs)
        if threat is not None and not p.riichi:
            if visible is None:
                visible = visible_counts(state, seat)
            far = best_sh >= 2
            if best_sh == 1:
                far = _ukeire_after(view, kinds[shs.index(best_sh)], _unseen(counts, visible)) < 6
            if far:
                return self._pick_copy(discards, self._fold(state, seat, kinds, shs, visible))
        if shs.count(best_sh) == 1:
            return self._pick_copy(discards, kinds[shs.index(best_sh)])
        # order the tied discards by how little they connect (isolated honors and terminals first, dora last);
        # far from tenpai that order decides, closer the few least connected are compared by ukeire
        dora = dora_kinds(state)
        # each tied kind's sort key (connection, kind) packed as one int: connection * 34 + kind (connection >= 0)
        keys = []
        for k, x in zip(kinds, shs):
            if x == best_sh:
                # connection: 2 a further copy, 1 a middle rank, the weights of the neighbours held; 3 a dora
                v = 2 * counts[k] - 2 + _MIDDLE[k] + 3 * (k in dora)
                for j, w in _NEIGHBOURS[k]:
                    if counts[j]:
                        v += w
                keys.append(v * 34 + k)
        keys.sort()
        if best_sh >= 3:
            return self._pick_copy(discards, keys[0] % 34)
        if visible is None:
            visible = visible_counts(state, seat)
        unseen = _unseen(counts, visible)
        best, best_uk = None, -1
        for key in keys[:_UKEIRE_CANDIDATES]:
            k = key % 34
            mask = view.improving_mask_after(k)        # (as _ukeire_after)
            uk = sum(map(unseen.__getitem__, kinds_of_mask(mask))) + (mask >> k & 1)
            if uk > best_uk:          # the first of the most: ties keep the less connected tile
                best, best_uk = k, uk
        return self._pick_copy(discards, best)

    @staticmethod
    def _fold(state, seat, kinds, shs, visible) -> int:
        """The discard kind against a riichi: the least dangerous (against the most dangerous of the riichi
        players), then the lowest shanten, then not a dora."""
        dora = dora_kinds(state)
        threats = [s for s in range(len(state.players)) if s != seat and state.players[s].riichi]
        if len(threats) == 1:
            t = threats[0]
            g = safe_kinds(state, t)
            scores = [danger(k, state, t, visible, g) for k in kinds]
        else:
            safe = [safe_kinds(state, t) for t in threats]
            scores = [max(danger(k, state, t, visible, g) for t, g in zip(threats, safe)) for k in kinds]
        return min(zip(scores, shs, kinds), key=lambda e: (e[0], e[1], e[2] in dora))[2]

    @staticmethod
    def _pick_copy(discards: list[Action], kind: int) -> Action:
        """Discard a plain copy rather than a red five (of several listed copies of a kind, the plain one with the
        lowest id; only fives have listed copies that differ)."""
        if kind not in _FIVES:
            for a in discards:
                if a.tile >> 2 == kind:
                    return a
        same = [a for a in discards if a.tile >> 2 == kind]
        if len(same) > 1:
            same.sort(key=lambda a: (a.tile in RED_FIVE_IDS, a.tile))
        return same[0]

    # ---- responses --------------------------------------------------------------------------------------------
    def _respond(self, state, seat, by_type) -> Action:
        pass_ = by_type[PASS][0] if PASS in by_type else PASS_ACTIONS[seat]
        p = state.players[seat]
        if p.riichi or self._threat(state, seat) is not None:
            return pass_
        counts = p.counts()
        melds = len(p.melds)
        now = p.known_shanten()         # (noted when the hand's last discard left it)
        if now is None:
            now = shanten_cached(counts, melds, codes=p.suit_codes())
        if now <= 0 and p.is_closed:
            return pass_                      # keep a closed tenpai for riichi
        values = _value_kinds(state, seat)
        best, best_sh = None, now
        seen: dict[bytes, int] = {}     # calls that leave the same kinds (a red five or a plain one) alike
        for a in by_type.get(PON, []) + by_type.get(CHI, []):
            c = list(counts)
            for t in a.tiles:
                c[t >> 2] -= 1
            if not self._keeps_yaku(state, seat, c, a, values):
                continue
            called = a.tile >> 2
            key = bytes(c) + bytes((called,))
            after = seen.get(key)
            if after is None:
                # the best discard after the call (not the called kind: kuikae); no discard at all does better
                # than the standard form of the hand after the call, so that is measured first
                after = standard_shanten(c, melds + 1)
                if after < best_sh:
                    after = min(DiscardView(c, melds + 1).shanten_each(
                        [j for j in range(34) if c[j] and j != called]))
                seen[key] = after
            if after < best_sh:
                best, best_sh = a, after
        return best or pass_

    def _keeps_yaku(self, state, seat, c_after, a: Action, values) -> bool:
        p = state.players[seat]
        called = a.tile >> 2
        if a.type == PON and called in values:
            return True
        meld_kinds = [t >> 2 for m in p.melds for t in m.tiles]
        if any(m.kind in ("pon", "kan", "kakan") and (m.tiles[0] >> 2) in values for m in p.melds):
            return True
        used = meld_kinds + [t >> 2 for t in a.tiles] + [called]
        # all simples (kuitan): every meld of simples, at most one terminal or honor left in hand
        if all(_SIMPLE[k] for k in used) and sum(_NOT_SIMPLE_COUNTS(c_after)) <= 1:
            return True
        # one suit with honors (honitsu): every meld of that suit or honors, at most one other tile in hand
        for s in range(3):
            if all(k >= 27 or k // 9 == s for k in used) and sum(_OFF_SUIT_COUNTS[s](c_after)) <= 1:
                return True
        # a value pair kept for a later pon (or already a value triplet in hand)
        return any(c_after[k] >= 3 for k in values)


_FIVES = frozenset(t >> 2 for t in RED_FIVE_IDS)
"""The kinds that have a red copy: the only ones whose listed discards may be two (a red one and a plain one)."""
_SIMPLE = tuple(k < HONOR and k % 9 not in (0, 8) for k in range(34))
_NOT_SIMPLE_COUNTS = itemgetter(*TERMINALS_AND_HONORS)
"""The counts of the terminals and honors (the tiles all simples cannot hold)."""
_OFF_SUIT_COUNTS = tuple(itemgetter(*(k for k in range(HONOR) if k // 9 != s)) for s in range(3))
"""For each numbered suit: the counts of the other two suits' kinds (the tiles its half flush cannot hold)."""


def _minus(counts: list[int], k: int) -> list[int]:
    c = list(counts)
    c[k] -= 1
    return c


class TsumogiriPlayer:
    """Discards the drawn tile (the last tile in hand after a call) and passes every call and win."""

    name = "tsumogiri"

    def choose(self, state, seat, actions):
        for a in actions:
            if a.type == PASS:
                return a
        drawn = state.last_draw
        for a in actions:
            if a.type == DISCARD and a.tile == drawn:
                return a
        return next(a for a in actions if a.type == DISCARD)


class ScriptedPlayer(TsumogiriPlayer):
    """Plays a script of steps, each ``(type, tile notation or None)``, taken in order whenever the next step
    matches a legal action (``("discard", "5m")``, ``("pon", None)``, ``("riichi", "3p")``, ``("ron", None)``);
    otherwise it plays like :class:`TsumogiriPlayer`. ``seen`` records every action list it was offered."""

    def __init__(self, script=(), name: str = "scripted"):
        self.script = list(script)
        self.name = name
        self.seen: list[list[Action]] = []

    def choose(self, state, seat, actions):
        self.seen.append(actions)
        if self.script:
            typ, tile = self.script[0]
            for a in actions:
                if a.type != typ:
                    continue
                if tile is not None and a.tile is not None and str(state.tile(a.tile)) != tile:
                    continue
                if tile is not None and a.tile is None and not any(str(state.tile(t)) == tile for t in a.tiles):
                    continue
                self.script.pop(0)
                return a
        return super().choose(state, seat, actions)
