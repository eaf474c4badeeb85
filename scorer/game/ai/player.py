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

from scorer.game.actions import (ANKAN, CHI, DISCARD, KAKAN, PASS, PON, RIICHI, RON, TSUMO, Action)
from scorer.game.ai.defense import danger, safe_kinds
from scorer.game.state import ACT, GameState
from scorer.shanten import DiscardView, improving_kinds, shanten_counts as shanten_cached, standard_shanten
from scorer.kinds import DORA_SUCCESSOR, HONOR, RED_FIVE_IDS, TERMINALS_AND_HONORS

_ORPHANS = TERMINALS_AND_HONORS


_IMPROVING: dict[bytes, tuple[int, ...]] = {}
_MELDS_BYTE = tuple(bytes((m,)) for m in range(5))
"""The byte that ends an :data:`_IMPROVING` key: the number of declared melds (0-4)."""


def ukeire(counts: list[int], melds: int, visible: list[int], base: int | None = None) -> int:
    """Unseen copies of the kinds that lower the shanten of a 3n+1 hand. The kinds are kept by hand (a bounded
    cache: a player who discards the tile just drawn asks about the same hand again next turn)."""
    key = bytes(counts) + _MELDS_BYTE[melds]
    kinds = _IMPROVING.get(key)
    if kinds is None:
        if len(_IMPROVING) > 20_000:
            _IMPROVING.clear()
        kinds = _IMPROVING[key] = improving_kinds(counts, melds)
    n = 0
    for k in kinds:
        left = 4 - counts[k] - visible[k]
        if left > 0:
            n += left
    return n


def _ukeire_after(view: DiscardView, counts: list[int], k: int, melds: int, visible: list[int]) -> int:
    """:func:`ukeire` of the hand ``counts`` (which ``view`` read) without one tile of kind ``k``."""
    counts[k] -= 1
    key = bytes(counts) + _MELDS_BYTE[melds]
    kinds = _IMPROVING.get(key)
    if kinds is None:
        if len(_IMPROVING) > 20_000:
            _IMPROVING.clear()
        kinds = _IMPROVING[key] = view.improving_after(k)
    n = 0
    for j in kinds:
        left = 4 - counts[j] - visible[j]
        if left > 0:
            n += left
    counts[k] += 1
    return n


_UKEIRE_CANDIDATES = 4


_NEIGHBOURS = tuple(tuple((k + d, w) for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)) if 0 <= k % 9 + d <= 8)
                    if k < HONOR else () for k in range(34))
"""For each kind: the kinds one and two ranks away in its suit, with the weight a held one adds to the kind's
connection (how much a tile connects with the rest of the hand: copies, neighbours, a middle rank)."""
_MIDDLE = tuple(1 if k < HONOR and 2 <= k % 9 <= 6 else 0 for k in range(34))
"""1 for the kinds 3-7 of a numbered suit (they connect both ways)."""


def visible_counts(state: GameState, seat: int) -> list[int]:
    """Copies of each kind this seat can see outside its own hand: rivers, melds, dora indicators."""
    v = [0] * 34
    for p in state.players:
        for r in p.river:
            if r.called_by is None:
                v[r.tile >> 2] += 1
        for m in p.melds:
            for t in m.tiles:
                v[t >> 2] += 1
    for t in state.dora_indicators:
        v[t >> 2] += 1
    return v


def dora_kinds(state: GameState) -> set[int]:
    """The kinds the dora indicators point to."""
    return {DORA_SUCCESSOR[t >> 2] for t in state.dora_indicators}


def _value_kinds(state: GameState, seat: int) -> set[int]:
    """Kinds whose pon is a yaku: the dragons, the round wind, the seat wind."""
    return {31, 32, 33, 27 + state.round_wind, 27 + state.seat_wind(seat)}


_ORDER_AFTER = tuple(tuple((seat + i) % 4 for i in (1, 2, 3)) for seat in range(4))
"""The other seats in turn order after each seat."""


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
    """A shanten/ukeire player with simple calling, riichi and folding. Deterministic unless given a seed."""

    def __init__(self, name: str = "ai", seed: int | None = None):
        self.name = name
        self.rng = random.Random(seed)

    # ---- entry ------------------------------------------------------------------------------------------------
    def choose(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        by_type = _by_type(actions)
        for win in (TSUMO, RON):
            if win in by_type:
                return by_type[win][0]
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
                view = DiscardView(counts, melds)
                best, best_n = None, -1
                live: dict[int, int] = {}       # live waits by discarded kind (a red five and a plain one alike)
                for a in by_type[RIICHI]:
                    k = a.tile >> 2
                    n = live.get(k)
                    if n is None:
                        # the waits of a tenpai hand are the draws that lower its shanten (to complete)
                        waits = view.improving_after(k) if view.shanten_each((k,))[0] == 0 else ()
                        counts[k] -= 1
                        n = 0
                        for w in waits:
                            left = 4 - counts[w] - visible[w]
                            if left > 0:
                                n += left
                        counts[k] += 1
                        live[k] = n
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
        for t in _ORDER_AFTER[seat]:
            if players[t].riichi:
                return t
        return None

    def _discard(self, state, seat, discards, counts, melds, visible, threat, view=None) -> Action:
        """Lowest shanten; ties by ukeire among the least connected (far from tenpai: the least connected); folds
        against a riichi when far. ``visible`` is counted here when None and a step reads it; ``view``: the
        hand's DiscardView when already read."""
        kinds = sorted({a.tile >> 2 for a in discards})
        if view is None:
            view = DiscardView(counts, melds)
        shs = view.shanten_each(kinds)
        best_sh = min(shs)
        if threat is not None and not state.players[seat].riichi:
            if visible is None:
                visible = visible_counts(state, seat)
            far = best_sh >= 2
            if best_sh == 1:
                far = _ukeire_after(view, counts, kinds[shs.index(best_sh)], melds, visible) < 6
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
        best, best_uk = None, -1
        melds_byte = _MELDS_BYTE[melds]
        for key in keys[:_UKEIRE_CANDIDATES]:
            k = key % 34
            counts[k] -= 1          # (as _ukeire_after)
            hand = bytes(counts) + melds_byte
            up = _IMPROVING.get(hand)
            if up is None:
                if len(_IMPROVING) > 20_000:
                    _IMPROVING.clear()
                up = _IMPROVING[hand] = view.improving_after(k)
            uk = 0
            for j in up:
                left = 4 - counts[j] - visible[j]
                if left > 0:
                    uk += left
            counts[k] += 1
            if uk > best_uk:          # the first of the most: ties keep the less connected tile
                best, best_uk = k, uk
        return self._pick_copy(discards, best)

    @staticmethod
    def _fold(state, seat, kinds, shs, visible) -> int:
        """The discard kind against a riichi: the least dangerous (against the most dangerous of the riichi
        players), then the lowest shanten, then not a dora."""
        dora = dora_kinds(state)
        threats = [s for s in range(4) if s != seat and state.players[s].riichi]
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
        """Discard a plain copy rather than a red five."""
        same = [a for a in discards if a.tile >> 2 == kind]
        if len(same) > 1:
            same.sort(key=lambda a: (a.tile in RED_FIVE_IDS, a.tile))
        return same[0]

    # ---- responses --------------------------------------------------------------------------------------------
    def _respond(self, state, seat, by_type) -> Action:
        pass_ = by_type.get(PASS, [Action(PASS, seat)])[0]
        p = state.players[seat]
        if p.riichi or self._threat(state, seat) is not None:
            return pass_
        counts = p.counts()
        melds = len(p.melds)
        now = shanten_cached(counts, melds)
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
