"""The MCR table's rules object (Chinese Official; stage: game, rules ``mcr``): the shared handlers with flowers
and without furiten, waits, kuikae, riichi or dora, its legal actions and its win checks.

- **Flowers** (the ``flower`` event): a flower id (136-143) leaves the hand for the player's flowers and its
  replacement, if any, comes from the far end of the wall; a flower met while drawing a kong's replacement keeps
  that chain a kong replacement (``state.kong_chain``).
- **Legal actions** (:func:`legal_actions`): draw and discard; win, pung or exposed kong on a discard from anyone;
  chow from the next player only; concealed and added kongs on one's own turn, never right after a chow or pung;
  a kong needs a replacement tile left; no calls on the last discard (nobody could draw after it). A win is
  offered only when the MCR scorer says the hand reaches the preset's minimum (8 points, flowers not counted); the
  situation fans come from the table: Self-Drawn, Last Tile (the other three copies already in view: rivers and
  exposed melds), Last Tile Draw/Claim (the wall is empty), Out with Replacement Tile (a kong's replacement),
  Robbing the Kong (an added kong only; a concealed kong cannot be robbed).
- **The validator**: an action is legal when it matches one of :func:`legal_actions` (up to equivalent copies).

The wall, the deal flow (flowers in the deal) and the payments are the MCR engine's (:mod:`scorer.game.mcr`).
"""

from __future__ import annotations

import json
from typing import Callable

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.actions import _CHI_PARTNERS, CHI, DISCARD_ACTIONS, KAN, PASS_ACTIONS, PON, RON, TSUMO, Action, \
    _dedupe, discard_choices, kan_declarations, matches_listed
from scorer.game.rules.base import TableRules, concealed_tiles
from scorer.game.state import GameState, remember_win, remembered_win
from scorer.game.wall import FLOWER_ID0, MCR_TILES
from scorer.hand import Hand, Situation
from scorer.rulesets import RULESETS
from scorer.shanten import is_complete_counts, mcr_shanten


def is_flower_id(tile_id: int) -> bool:
    return tile_id >= FLOWER_ID0


# ---- win checks -----------------------------------------------------------------------------------------------
def evaluator() -> Callable:
    """The MCR scorer's ``evaluate(hand, preset)``, as the rule-set registry names it (imported on first use)."""
    return RULESETS["mcr"].evaluate


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


def win_hand(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> Hand:
    """The :class:`Hand` a win would score, the situation fans taken from the table."""
    p = state.players[seat]
    table = state.table
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
    return Hand(concealed=concealed_tiles(state, seat, tile, tsumo), melds=tuple(m.meld(table) for m in p.melds),
                winning_tile=table[tile], situation=sit, flowers=tuple(table[f] for f in p.flowers),
                rules="mcr", preset=state.preset.scorer_preset)


def score_win(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False):
    """The MCR scorer's result for a win on ``tile``; kept on the state until the next event
    (:func:`scored_win`)."""
    hand = win_hand(state, seat, tile, tsumo=tsumo, chankan=chankan)
    result = evaluator()(hand, preset=state.preset.scorer_preset)
    remember_win(state, (seat, tile, tsumo, chankan, ()), hand, result)
    return result


def scored_win(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> tuple:
    """(hand, result) of a win on ``tile``: the one listing the win scored since the last event, else scored now
    (the engine's settlement)."""
    found = remembered_win(state, (seat, tile, tsumo, chankan, ()))
    if found is None:
        score_win(state, seat, tile, tsumo=tsumo, chankan=chankan)
        found = remembered_win(state, (seat, tile, tsumo, chankan, ()))
    return found


def can_win(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> bool:
    """Complete in some MCR form and worth the minimum (8 points without flowers) by the scorer."""
    p = state.players[seat]
    counts = p.kind_counts()        # the kept counts: a ron's tile is added for the question and taken back
    if p.shanten_floor >= 1:        # the 13-tile hand (before the draw, for a tsumo) is 1-shanten or worse
        return False
    if tsumo:
        complete = _is_complete(counts, len(p.melds))
    else:
        k = tile >> 2
        counts[k] += 1
        try:
            complete = _is_complete(counts, len(p.melds))
        finally:
            counts[k] -= 1
    if not complete:
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


def _turn_actions(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    table = state.table
    drawn = state.last_draw
    row = DISCARD_ACTIONS[seat]      # one discard per distinct tile, the drawn one first
    if state.after_call:
        # after a chow or pung: discard first, no kong and no win (the drawn tile first, so that it is the copy
        # that stands for its kind: Enter discards it in text mode)
        return [row[t] for t in discard_choices(table, p.hand, drawn)]
    out: list[Action] = []
    if drawn is not None and can_win(state, seat, drawn, tsumo=True):
        out.append(Action(TSUMO, seat, drawn))
    if can_kong(state):
        kans = kan_declarations(p, seat, p.kind_counts())
        if kans:
            out += _dedupe(kans, table)
    return out + [row[t] for t in discard_choices(table, p.hand, drawn)]


def _response_actions(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    tile = state.last_discard
    k = tile >> 2
    out: list[Action] = []
    if can_win(state, seat, tile, tsumo=False):
        out.append(Action(RON, seat, tile))
    counts = p.kind_counts()
    # no calls on the last discard (nobody could draw after it); most seats hold no pair of the kind and are not
    # the next seat: no call to look for
    if state.live_left > 0 and (counts[k] >= 2 or seat == (state.last_discarder + 1) % 4):
        if counts[k] >= 2:          # (flower ids are of no kind: the copies held are counts[k])
            same = [t for t in p.hand if t >> 2 == k]
            out.append(Action(PON, seat, tile, tuple(same[:2])))
            if len(same) == 3:
                out.append(Action(KAN, seat, tile, tuple(same)))
        if seat == (state.last_discarder + 1) % 4:
            # one chow per shape: no red fives and no kuikae at this table, so any copies will do
            for need in _CHI_PARTNERS[k]:
                if not (counts[need[0]] and counts[need[1]]):
                    continue
                a = next((t for t in p.hand if t >> 2 == need[0]), None)
                b = next((t for t in p.hand if t >> 2 == need[1]), None)
                if a is not None and b is not None:
                    out.append(Action(CHI, seat, tile, (a, b)))
    if not out:
        return []
    # every choice listed is distinct already (one of each type, one chow per shape): nothing to dedupe
    out.append(PASS_ACTIONS[seat])
    return out


def validate(state: GameState, action: Action, legal: list[Action] | None = None) -> bool:
    """Is ``action`` one of the seat's legal actions (up to equivalent copies) with ids the seat really holds?"""
    return matches_listed(state, action, legal if legal is not None else legal_actions(state, action.seat))


# the rules card (issue #5): riichi-table fields that mean nothing at the MCR table, and the MCR table's rules in words
_RIICHI_ONLY = frozenset(("red_fives", "dead_wall", "max_kans", "riichi_cost", "riichi_min_points", "riichi_min_tiles",
                          "kan_after_riichi", "kuikae", "missed_ron_furiten", "karaten", "noten_payment",
                          "draw_deposits", "abortive_draws", "kan_dora", "riichi", "dora", "calls_on_last_discard",
                          "pao"))
MCR_CARD_ROWS = (
    ("wall", "144 tiles: 136 and 8 flowers; no dead wall, replacements from the far end; no red fives, no dora"),
    ("flowers", "revealed at once and replaced: in the deal in seat order, round after round; later on every "
                "draw, replacements included; 1 point each after the minimum"),
    ("calls", "win > pung/kong > chow (chow from the next player only); equal claims by seat order after the "
              "discarder; several wins: head bump"),
    ("kongs", "a replacement from the far end, then discard; a kong needs a tile left; after a chow or pung "
              "discard first; an added kong can be robbed, a concealed kong cannot"),
    ("winning", "8 points without flowers; situation fans come from the table"),
    ("payments", "self-drawn: each opponent 8 + total; on a discard: the discarder 8 + total, the others 8"),
    ("exhaustive draw", "no payments"),
)


class McrTable(TableRules):
    """The MCR table: 144 tiles, flowers, no furiten, waits, kuikae, riichi, dora, honba or deposits."""

    name = "mcr"
    keeps_waits = False     # (only a shanten bound: see update_waits)
    kuikae = False
    flowers = True
    fixed_honba = True
    card_hidden = _RIICHI_ONLY
    card_rows = MCR_CARD_ROWS
    replayer = "scorer.logs.mcr_replay:replay_mcr_round"     # Botzone, PMN and our own MCR logs

    def tiles(self, preset) -> tuple:
        return MCR_TILES

    def close_window(self, st) -> None:     # no furiten at this table
        st.missed = None

    def update_waits(self, st, seat: int) -> None:
        """No waits are kept at this table, only the lower bound of each 3n+1 hand's MCR shanten that
        :func:`can_win` reads (a hand 1-shanten or worse wins on no tile): as at the riichi table
        (:meth:`TableRules.update_waits`) one draw and one discard lower it by one at most, so while the bound
        stays 1 or more nothing is computed. A hand holding a flower is not counted (its bound stays unknown,
        -1); a flower's replacement forgets it (:meth:`on_flower`)."""
        p = st.players[seat]
        counts = p.kind_counts()         # first: a hand changed outside the handlers forgets its bound here
        _, n = p.hand_code()
        if n % 3 != 1 or n != len(p.hand):
            return
        floor = p.shanten_floor - 1      # the hand has changed by one draw and one discard since the bound
        p.shanten_floor = floor if floor >= 1 else mcr_shanten(counts, len(p.melds))

    # the module's functions themselves (no extra call per question: the engine asks for every seat and event)
    turn_actions = staticmethod(_turn_actions)
    response_actions = staticmethod(_response_actions)
    validate = staticmethod(validate)

    @staticmethod
    def can_rob(st, seat: int, tile: int) -> bool:
        """Robbing the Kong: only an added kong's tile can be robbed (a concealed kong never opens this window)."""
        return can_win(st, seat, tile, tsumo=False, chankan=True)

    def on_flower(self, st, e: ev.Flower) -> None:
        p = st.players[e.seat]
        if not is_flower_id(e.tile):
            raise LogError(f"tile id {e.tile} is not a flower: {json.dumps(e.to_dict())}")
        st.remove(e.seat, e.tile)
        p.shanten_floor = -1            # forgotten at a replacement (cautious: flowers are few)
        p.flowers.append(e.tile)
        if e.replacement is not None:
            if st.live_left <= 0:
                raise LogError("a flower replacement from an empty wall")
            p.add_tile(e.replacement)
            st.live_left -= 1
            if e.seat == st.turn and st.last_draw == e.tile:
                st.last_draw = e.replacement   # the replacement is now the turn's drawn tile


MCR_TABLE = McrTable()
# every legal action of a seat now at the MCR table ([] if it has nothing to decide; responses include pass)
legal_actions = MCR_TABLE.legal_actions
