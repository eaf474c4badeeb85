"""The riichi table's rules object: mjscore's one-deal table (the ``standard`` preset and presets like it).

What a seat may do (:func:`legal_actions`): on its turn tsumo, kans, riichi and discards (kuikae after a call,
a riichi discard keeps tenpai, after riichi only the drawn tile or a closed kan that keeps the waits); on a
discard ron, pon, open kan and chi (chi from the next seat only); on an added kan's tile ron (chankan). Win checks
ask the riichi scorer, so "legal ron" means complete, not furiten, and with a yaku (a hand in riichi has one: it
is listed without asking, and the settlement scores it with its ura dora). The validator
(:meth:`RiichiTable.validate`) answers for a discard or a call on a discard directly, without listing every action
(what ``replay --verify`` asks for every event), and otherwise against the list.

Events this table adds to the shared ones (:mod:`.base`): ``riichi`` (the declaration), ``riichi_accepted`` (the
deposit paid), ``dora`` (a kan's new indicator).
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable

from scorer.game import events as ev
from scorer.game.actions import (ANKAN, CHI, DISCARD, DISCARD_ACTIONS, KAN, NUKI, PASS_ACTIONS, PON, RIICHI, RON,
                                 TSUMO,
                                 _CHI_PARTNERS, Action, _codes_of, _dedupe, _discard_action,
                                 discard_choices, kan_declarations, matches_listed)
from scorer.game.rules.base import TableRules, concealed_tiles
from scorer.game.state import ACT, CHANKAN, NUKI as NUKI_PHASE, RESPOND, GameState, kuikae_kinds, remember_win, \
    remembered_win, waits_of_counts
from scorer.hand import Hand, Situation
from scorer.rulesets import RULESETS
from scorer.kinds import NORTH
from scorer.shanten import kinds_of_mask, shanten_counts as shanten, waits_counts

# ---- scoring hook ---------------------------------------------------------------------------------------------


def evaluator() -> Callable:
    """The riichi scorer's ``evaluate(hand, preset)``, as the rule-set registry names it (imported on first use)."""
    return RULESETS["riichi"].evaluate


def win_hand(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False,
             ura: tuple[int, ...] = ()) -> Hand:
    """The :class:`Hand` a win would score, with the table's facts in its situation."""
    p = state.players[seat]
    table = state.table
    last = state.live_left == 0
    first = state.first_turn(seat)
    sit = Situation(
        tsumo=tsumo,
        riichi=p.riichi and not p.double_riichi,
        double_riichi=p.double_riichi,
        ippatsu=p.riichi and p.ippatsu,
        haitei=tsumo and last and not state.rinshan,
        houtei=not tsumo and last and not chankan,
        rinshan=tsumo and state.rinshan,
        chankan=chankan,
        tenhou=tsumo and first and seat == state.dealer and not state.rinshan,
        chiihou=tsumo and first and seat != state.dealer and not state.rinshan,
        round_wind=state.round_wind,
        seat_wind=state.seat_wind(seat),
        honba=state.honba,
        sticks=state.sticks,
        dora=tuple(table[t] for t in state.dora_indicators),
        ura=tuple(table[t] for t in ura) if p.riichi else (),
        # three-player: the Norths set aside, nuki dora (written nuki:N)
        nuki=len(p.nuki),
    )
    return Hand(concealed=concealed_tiles(state, seat, tile, tsumo), melds=tuple(m.meld(table) for m in p.melds),
                winning_tile=table[tile], situation=sit, rules="riichi", preset=state.preset.scorer_preset)


def score_win(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False,
              ura: tuple[int, ...] = ()):
    """The scorer's result for a win on ``tile``; kept on the state until the next event (:func:`scored_win`)."""
    hand = win_hand(state, seat, tile, tsumo=tsumo, chankan=chankan, ura=ura)
    result = evaluator()(hand, preset=state.preset.scorer_preset)
    remember_win(state, (seat, tile, tsumo, chankan, ura), hand, result)
    return result


def scored_win(state: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False,
               ura: tuple[int, ...] = ()) -> tuple:
    """(hand, result) of a win on ``tile``: the one listing the win scored since the last event, else scored now
    (the engine's settlement: the hand a legal win was listed for is the hand that wins)."""
    found = remembered_win(state, (seat, tile, tsumo, chankan, ura))
    if found is None:
        score_win(state, seat, tile, tsumo=tsumo, chankan=chankan, ura=ura)
        found = remembered_win(state, (seat, tile, tsumo, chankan, ura))
    return found


def settle_win(result, state: GameState, winner: int, from_seat: int | None) -> list[int]:
    """Every seat's point change for a scored win: the payments (honba included) and the deposits on the table."""
    deltas = [0] * state.n_players
    for s, amount in _payments(result, state, winner, from_seat).items():
        deltas[s] -= amount
        deltas[winner] += amount
    deltas[winner] += state.sticks * state.preset.riichi_cost
    return deltas


def _payments(result, state: GameState, winner: int, from_seat: int | None) -> dict[int, int]:
    """Who pays how much (honba included), from the scorer's payments: one per payer, ``from`` (``payer``) being
    ``discarder`` (ron), ``dealer`` or ``non-dealer`` (tsumo). Reads the result's ``payments`` objects, or the
    ``payments`` list of its ``to_dict()``."""
    by_role: dict[str, int] = {}
    pays = getattr(result, "payments", None)
    if pays is None:
        pays = result.to_dict().get("payments") or []
    for p in pays:
        if isinstance(p, dict):
            by_role[p["from"]] = int(p["amount"])
        else:
            by_role[p.payer] = int(p.amount)
    if from_seat is not None:
        return {from_seat: by_role["discarder"]}
    out = {}
    for s in range(state.n_players):
        if s != winner:
            out[s] = by_role["dealer"] if s == state.dealer else by_role["non-dealer"]
    return out


def _can_ron(state: GameState, seat: int, tile: int, chankan: bool) -> bool:
    p = state.players[seat]
    kind = tile >> 2
    if kind not in p.waits:
        return False
    # furiten: any winning kind among own discards; a passed winning tile since the last draw; riichi furiten
    if p.temp_furiten or p.riichi_furiten or p.furiten_by_discards:
        return False
    if p.riichi:
        return True         # complete (a wait), and riichi is a yaku: the settlement scores it (ura included)
    found = remembered_win(state, (seat, tile, False, chankan, ()))     # (asked again as the window closes)
    if found is not None:
        return found[1].win
    return score_win(state, seat, tile, tsumo=False, chankan=chankan).win


def _can_tsumo(state: GameState, seat: int, counts: list[int] | None = None) -> bool:
    p = state.players[seat]
    tile = state.last_draw
    if tile is None:
        return False
    if shanten(p.counts() if counts is None else counts, len(p.melds)) != -1:
        return False
    return score_win(state, seat, tile, tsumo=True).win


def can_kan(state: GameState) -> bool:
    """A kan needs a replacement tile: fewer than the preset's kans so far and a tile left in the live wall."""
    return state.kans < state.preset.max_kans and state.live_left > 0


def _tenpai_after(counts: list[int], melds: int, kind: int, in_view: list[int] | None = None) -> bool:
    """Does discarding ``kind`` leave the hand tenpai? ``in_view``: the player's own meld tiles by kind, when
    karaten is no tenpai (the preset's ``karaten``): then some wait must have a copy the player does not hold."""
    counts[kind] -= 1
    ok = shanten(counts, melds) == 0
    if ok and in_view is not None:
        ok = bool(waits_counts(counts, melds, in_view=in_view))
    counts[kind] += 1
    return ok


def _karaten_view(state: GameState, p) -> list[int] | None:
    """Karaten (the preset's ``karaten``): None when a hand waiting only on kinds the player holds all four of
    may declare riichi; else the player's meld tiles by kind, which a riichi discard's waits are checked against
    (a kind all four of which are in the concealed hand is never a wait)."""
    if state.preset.karaten_riichi:
        return None
    return _meld_counts(p)


def _meld_counts(p) -> list[int]:
    """The player's own tiles in melds, by kind."""
    view = [0] * 34
    for m in p.melds:
        for t in m.tiles:
            view[t >> 2] += 1
    return view


def tenpai_at_draw(state: GameState) -> list[bool]:
    """Who is tenpai at an exhaustive draw, by the preset's ``karaten``: a hand whose every wait is a kind the
    player holds all four of (hand and melds) is noten unless ``karaten`` is "tenpai", under which any hand at
    shanten 0 counts."""
    out = []
    karaten_tenpai = state.preset.karaten == "tenpai"
    for p in state.players:
        if karaten_tenpai:
            out.append(shanten(p.counts(), len(p.melds)) == 0)
        elif not p.waits or not p.melds:
            out.append(bool(p.waits))       # kept waits already leave out kinds held four times in the hand
        else:
            view = _meld_counts(p)
            counts = p.kind_counts()
            out.append(any(counts[k] + view[k] < 4 for k in p.waits))
    return out


def _turn_actions(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    pre = state.preset
    table = state.table
    out: list[Action] = []
    drawn = state.last_draw
    if state.after_call:
        # after chi or pon: discard now, no kan; kuikae forbids some kinds (all copies of a choice share its kind)
        row = DISCARD_ACTIONS[seat]
        forbidden = state.kuikae
        return [row[t] for t in discard_choices(table, p.hand, None) if (t >> 2) not in forbidden]
    if state.riichi_pending == seat and not p.riichi:
        # riichi declared: the discard must keep the hand tenpai
        tenpai = _tenpai_discard_kinds(p.discard_view(), _karaten_view(state, p))
        out = [Action(DISCARD, seat, t) for t in sorted(p.hand, key=lambda t: t != drawn) if t >> 2 in tenpai]
        return _dedupe(out, table)
    counts = p.kind_counts()        # read only
    # complete (shanten -1) exactly when the drawn tile is one of the waits kept for the hand before the draw
    complete = drawn is not None and (drawn >> 2) in p.waits
    # a complete hand wins with a yaku; in riichi it has one (the settlement scores it, ura included)
    if complete and (p.riichi or score_win(state, seat, drawn, tsumo=True).win):
        out.append(Action(TSUMO, seat, drawn))
    if pre.nuki and counts[NORTH]:
        nuki = _nuki_action(state, p, seat, drawn)
        if nuki is not None:
            out.append(nuki)
    kan_ok = can_kan(state)
    if p.riichi:
        # after riichi: only the drawn tile, or a win, or (preset) a closed kan that keeps the waits
        if kan_ok and drawn is not None and pre.kan_after_riichi == "waits_unchanged" and counts[drawn >> 2] == 4:
            k = drawn >> 2
            rest = list(counts)
            rest[k] = 0
            before = list(counts)
            before[k] -= 1
            if waits_of_counts(rest, len(p.melds) + 1) == waits_of_counts(before, len(p.melds)):
                out.append(Action(ANKAN, seat, None, tuple(t for t in p.hand if t >> 2 == k)))
        if drawn is not None:
            out.append(_discard_action(seat, drawn))
        return out
    if kan_ok and (p.melds or 4 in counts):     # (a closed kan needs four of a kind, an added kan a pon)
        out += kan_declarations(p, seat, counts)
    # one discard per distinct choice (kind and red flag), the drawn tile first
    choices = discard_choices(table, p.hand, drawn)
    if _may_declare(state, p, complete):
        # (every kind held is among the choices: the discards that keep tenpai are the riichi discards)
        tenpai = _tenpai_discard_kinds(p.discard_view(), _karaten_view(state, p))
        out += [Action(RIICHI, seat, t) for t in choices if t >> 2 in tenpai]
    # every choice listed is distinct already: one tsumo, one closed kan a kind, one added kan a pon (its kind's
    # last copy), one riichi discard a distinct discard: nothing to dedupe
    row = DISCARD_ACTIONS[seat]
    out += [row[t] for t in choices]
    return out


def _nuki_action(state: GameState, p, seat: int, drawn: int | None) -> Action | None:
    """Three-player (the preset's ``nuki``): setting a North aside, when the seat holds one and a replacement is
    left (the live wall not empty, the kans and Norths so far fewer than the preset's ``replacements``). In riichi
    only the North just drawn (the hand may not change otherwise); not right after a chi or pon, nor on the
    riichi discard (those turns list their discards before this is asked)."""
    pre = state.preset
    if state.live_left <= 0 or state.kans + state.nukis >= pre.replacements:
        return None
    if drawn is not None and drawn >> 2 == NORTH:
        return Action(NUKI, seat, drawn)
    if p.riichi:
        return None
    for t in p.hand:
        if t >> 2 == NORTH:
            return Action(NUKI, seat, t)
    return None


def _may_declare(state: GameState, p, complete: bool) -> bool:
    """The conditions of a riichi declaration besides a discard that keeps tenpai (the seat is on its turn, not
    after a call, not declared): closed, the points and the wall tiles the preset asks for, a hand of 3n+2 at
    shanten <= 0 (``complete``: it is -1). A draw lowers shanten by one at most, so a hand whose bound before the
    draw (TableRules.update_waits) is 2 or more cannot declare. A 3n+2 hand that is not complete has the shanten
    of its best discard: read from the hand's discard view, which the player's choice of discard reads next."""
    pre = state.preset
    return ((not p.melds or p.is_closed) and pre.riichi_min_points <= p.score
            and state.live_left >= pre.riichi_min_tiles and len(p.hand) % 3 == 2
            and (complete or (p.shanten_floor <= 1 and min(p.discard_view().held()[1]) <= 0)))


def _tenpai_discard_kinds(view, in_view: list[int] | None = None) -> set[int]:
    """The kinds held whose discard leaves the hand (its :class:`~scorer.shanten.DiscardView` ``view``) tenpai;
    with ``in_view`` (karaten is no tenpai: the player's meld tiles by kind) tenpai on a wait with a copy the
    player does not hold."""
    found = {k for k, v in zip(*view.held()) if v == 0}
    if in_view is not None and found:
        counts = view.counts
        live = set()
        for k in found:
            # the waits of the tenpai hand left are the draws that complete it (never a kind it holds four of)
            for w in kinds_of_mask(view.improving_mask_after(k)):
                if counts[w] - (w == k) + in_view[w] < 4:
                    live.add(k)
                    break
        found = live
    return found


def can_riichi(state: GameState, seat: int) -> bool:
    """May ``seat`` declare riichi now (a riichi action among its legal actions), answered without listing them:
    the case of :func:`_turn_actions` that lists riichi discards."""
    if state.phase != ACT or seat != state.turn or state.after_call:
        return False
    p = state.players[seat]
    if p.riichi or state.riichi_pending == seat:
        return False
    drawn = state.last_draw
    complete = drawn is not None and (drawn >> 2) in p.waits
    return _may_declare(state, p, complete) and bool(_tenpai_discard_kinds(p.discard_view(), _karaten_view(state, p)))


def _response_actions(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    tile = state.last_discard
    k = tile >> 2
    ron = k in p.waits and _can_ron(state, seat, tile, chankan=False)
    # most seats can make no call at all: in riichi, on the last discard, or without two of the kind for a pon
    # and (the next seat) both partners of a chi
    calls_ok = not p.riichi and (state.live_left > 0 or state.preset.calls_on_last_discard)
    if calls_ok:
        counts = p.kind_counts()
        if counts[k] < 2:
            calls_ok = seat == state.chi_seat[state.last_discarder]
            if calls_ok:
                for a, b in _CHI_PARTNERS[k]:
                    if counts[a] and counts[b]:
                        break
                else:
                    calls_ok = False
    if not calls_ok:
        return [Action(RON, seat, tile), PASS_ACTIONS[seat]] if ron else []
    table = state.table
    out: list[Action] = [Action(RON, seat, tile)] if ron else []
    hand = p.hand
    # kuikae: a call needs a tile left that may be discarded after it (the rule of _discard_left). The tiles a
    # call uses are never of a forbidden kind except the pon's own, so this depends on the counts only: after
    # a pon, a tile not of the called kind; after a chi, a tile of neither kind its kuikae forbids, less the two
    # partners used
    if counts[k] >= 2:
        same = [t for t in hand if t >> 2 == k]
        if len(hand) - counts[k] > 0:
            for pair in combinations(same, 2):
                out.append(Action(PON, seat, tile, pair))
        if len(same) == 3 and can_kan(state):
            out.append(Action(KAN, seat, tile, tuple(same)))
    if seat == state.chi_seat[state.last_discarder]:        # (a table without chi: no seat)
        for need in _CHI_PARTNERS[k]:
            if not (counts[need[0]] and counts[need[1]]):
                continue
            if len(hand) - sum(counts[f] for f in _chi_kuikae(need, k)) - 2 <= 0:
                continue
            a = [t for t in hand if t >> 2 == need[0]]
            b = [t for t in hand if t >> 2 == need[1]]
            for x in a:
                for y in b:
                    out.append(Action(CHI, seat, tile, (x, y)))
    if not out:
        return []
    out.append(PASS_ACTIONS[seat])
    return _dedupe(out, table)


def _chi_kuikae(need: list[int], called: int) -> frozenset[int]:
    return kuikae_kinds("chi", need + [called], called)


def _discard_is_legal(state: GameState, action: Action) -> bool:
    """:func:`is_legal` for a discard without listing every action: what :func:`_turn_actions` would allow, in
    its order of cases (after a call, kuikae; a riichi discard keeps tenpai; after riichi, the drawn tile or an
    equivalent copy; otherwise any tile held)."""
    seat = action.seat
    if state.phase != ACT or seat != state.turn:
        return False
    p = state.players[seat]
    t = action.tile
    if t is None or t not in p.hand:
        return False
    if state.after_call:
        return (t >> 2) not in state.kuikae
    if state.riichi_pending == seat and not p.riichi:
        return _tenpai_after(p.counts(), len(p.melds), t >> 2, _karaten_view(state, p))
    if p.riichi:
        drawn = state.last_draw
        codes = _codes_of(state.table)
        return drawn is not None and codes[t] == codes[drawn]
    return True


def _call_is_legal(state: GameState, action: Action) -> bool:
    """:func:`is_legal` for a pon, open kan or chi on the last discard without listing every response: the
    conditions :func:`_response_actions` lists them under. Whether a call leaves a discard that kuikae allows
    depends on the kinds used, not on which copies, so the call's own tiles can be checked directly."""
    seat = action.seat
    tile = state.last_discard
    if tile is None or seat == state.last_discarder or action.tile != tile:
        return False
    p = state.players[seat]
    if p.riichi or not (state.live_left > 0 or state.preset.calls_on_last_discard):
        return False
    own = action.tiles
    rest = list(p.hand)
    for t in own:
        if t not in rest:
            return False
        rest.remove(t)
    k = tile >> 2
    kinds = sorted(t >> 2 for t in own)
    if action.type == PON:
        return len(own) == 2 and kinds == [k, k] and any((t >> 2) != k for t in rest)
    if action.type == KAN:
        return len(own) == 3 and kinds == [k, k, k] and all(t >> 2 != k for t in rest) and can_kan(state)
    # chi: from the next seat (at a table with chi), two tiles that make a sequence with the discard
    if seat != state.chi_seat[state.last_discarder] or len(own) != 2:
        return False
    for need in _CHI_PARTNERS[k]:
        if kinds == need:
            forbidden = _chi_kuikae(need, k)
            return any((t >> 2) not in forbidden for t in rest)
    return False


def _tsumo_is_legal(state: GameState, action: Action) -> bool:
    """:func:`is_legal` for a tsumo without listing every action: the case of :func:`_turn_actions` that lists it
    (on the seat's turn, not after a call nor on its riichi discard; the drawn tile completes the hand with a
    yaku)."""
    seat = action.seat
    if state.phase != ACT or seat != state.turn or state.after_call or action.tiles:
        return False
    p = state.players[seat]
    if state.riichi_pending == seat and not p.riichi:
        return False
    drawn = state.last_draw
    return (drawn is not None and action.tile == drawn and drawn in p.hand and (drawn >> 2) in p.waits
            and (p.riichi or score_win(state, seat, drawn, tsumo=True).win))


def _ron_is_legal(state: GameState, action: Action) -> bool:
    """:func:`is_legal` for a ron without listing every response: the cases of :meth:`TableRules.legal_actions`
    that list it (on a discard, :func:`_response_actions`; on an added kan's tile, chankan)."""
    seat = action.seat
    if state.phase == RESPOND and seat != state.last_discarder and state.last_discard is not None:
        tile, chankan = state.last_discard, False
    elif state.phase == CHANKAN and seat != state.turn and state.kakan_tile is not None:
        tile, chankan = state.kakan_tile, True
        if state.ankan_robbable:     # a closed kan: any of its four tiles, by thirteen orphans only
            return (not action.tiles and action.tile >> 2 == tile >> 2
                    and state.rules.can_rob(state, seat, tile))
    elif state.phase == NUKI_PHASE and seat != state.turn:      # a North set aside, robbed (no chankan yaku)
        tile, chankan = state.nuki_tile, False
    else:
        return False
    t = action.tile
    if action.tiles or t not in (state.last_discard, state.kakan_tile, state.nuki_tile):
        return False
    codes = _codes_of(state.table)
    return codes[t] == codes[tile] and _can_ron(state, seat, tile, chankan)


def validate(state: GameState, action: Action, legal: list[Action] | None = None) -> bool:
    """Is ``action`` one of the seat's legal actions (up to equivalent copies) with ids the seat really holds?
    ``legal``: the list already computed for this state, if any (else a discard, a tsumo, a ron or a call on a
    discard is answered directly)."""
    if legal is None:
        t = action.type
        if t == DISCARD:
            return _discard_is_legal(state, action)
        if t in (PON, CHI, KAN) and state.phase == RESPOND:
            return _call_is_legal(state, action)
        if t == TSUMO:
            return _tsumo_is_legal(state, action)
        if t == RON:
            return _ron_is_legal(state, action)
        legal = state.rules.legal_actions(state, action.seat)
    return matches_listed(state, action, legal)


# the rules card: the MCR table's switches mean nothing here; the riichi table's rules in words
_MCR_ONLY = frozenset(("flowers", "min_points", "riichi", "dora"))
RIICHI_CARD_ROWS = (
    ("seats and the deal", "the dealer is East and takes the first draw (14 tiles), then South, West, North in "
                           "turn order; one deal, East round"),
    ("calls", "ron > pon/kan > chi; equal claims by seat order after the discarder; chi only from the player "
              "before you"),
    ("after a call", "after chi or pon you discard at once: no kan before that discard"),
    ("kans", "each kan needs a replacement tile from the dead wall (and one left in the live wall); the "
             "replacement is drawn, then you discard"),
    ("chankan", "ron on the tile added to a pon (an added kan) only; a closed kan cannot be robbed"),
    ("furiten", "a winning kind among your own discards: no ron (tsumo allowed)"),
    ("riichi", "closed and tenpai; afterwards only the drawn tile is discarded; ippatsu ends with any "
               "call or your next discard; double riichi on an uninterrupted first turn"),
    ("dora", "dora add han but never make the yaku a win needs; ura dora only for a winner in riichi"),
    ("ron", "the discarder pays the whole value (honba: 300 each)"),
    ("tsumo", "a dealer's: each of the others pays a third; a non-dealer's: the dealer pays half, each other "
              "player a quarter (rounded up to 100; honba: 100 each)"),
    ("exhaustive draw", "noten pay tenpai 1,000/1,500/3,000 (1/2/3 tenpai); all or none tenpai: nothing"),
)


# the rows of the card that read otherwise at a three-player table (the preset's ``players`` 3)
SANMA_CARD_ROWS = {
    "seats and the deal": "three seats: the dealer is East and takes the first draw (14 tiles), then South and "
                          "West in turn order; no North seat; 108 tiles (no 2m-8m)",
    "calls": "ron > pon/kan; no chi; equal claims by seat order after the discarder",
    "north (nuki)": "on your turn a North may be set aside as a dora (nuki) and a replacement drawn from the dead "
                    "wall (kans and Norths share 8 replacements; rinshan kaihou on it); in riichi only the North "
                    "just drawn; it ends every ippatsu and the first go-around, as a call does",
    "ron": "the discarder pays the whole value (honba: 200 each)",
    "tsumo": "a dealer's: each of the two others pays a third; a non-dealer's: the dealer pays half, the other a "
             "quarter (tsumo-son: nobody pays the missing North seat's share; honba: 100 from each payer)",
    "exhaustive draw": "noten pay tenpai 2,000 in total (+2,000/-1,000 each, or +1,000 each/-2,000); all or none "
                       "tenpai: nothing",
}


def card_rows_for(preset) -> tuple[tuple[str, str], ...]:
    """The riichi table's own rules in words for ``preset`` (a three-player preset: its seats, calls, nuki,
    tsumo and draw rows)."""
    if preset.players != 3:
        return RIICHI_CARD_ROWS
    rows = [(k, SANMA_CARD_ROWS.get(k, v)) for k, v in RIICHI_CARD_ROWS]
    if preset.nuki:
        rows.insert(2, ("north (nuki)", SANMA_CARD_ROWS["north (nuki)"]
                        + ("; another player may ron on it (no chankan)" if preset.nuki_robbed else "")))
    return tuple(rows)


class RiichiTable(TableRules):
    """The riichi table: the shared handlers, riichi and dora events, its legal actions and validator."""

    name = "riichi"
    card_hidden = _MCR_ONLY
    card_rows = RIICHI_CARD_ROWS
    card_rows_for = staticmethod(card_rows_for)

    # the module's functions themselves (no extra call per question: the engine asks for every seat and event)
    turn_actions = staticmethod(_turn_actions)
    response_actions = staticmethod(_response_actions)
    validate = staticmethod(validate)
    can_riichi = staticmethod(can_riichi)
    tenpai_at_draw = staticmethod(tenpai_at_draw)

    @staticmethod
    def could_ron(st, seat: int, tile: int, chankan: bool) -> bool:
        """Temporary furiten ``legal_ron``: could ``seat`` have won on ``tile`` it let go by?"""
        return _can_ron(st, seat, tile, chankan)

    @staticmethod
    def can_rob(st, seat: int, tile: int) -> bool:
        """Chankan: ron on an added kan's tile (complete, not furiten, a yaku); on a closed kan's tile only a
        thirteen orphans hand (the preset's ``kokushi_robs_ankan``: the window opens only then)."""
        if st.ankan_robbable and not RiichiTable.waits_kokushi(st, seat, tile >> 2):
            return False
        return _can_ron(st, seat, tile, chankan=True)

    @staticmethod
    def can_rob_nuki(st, seat: int, tile: int) -> bool:
        """Three-player (the preset's ``nuki_robbed``): ron on a North just set aside (complete, not furiten, a
        yaku; no chankan)."""
        return st.preset.nuki_robbed and _can_ron(st, seat, tile, chankan=False)

    @staticmethod
    def win_deltas(st, wins: list[tuple[int, object]], from_seat: int | None) -> list[list[int]]:
        """Every seat's delta for each win (seat, result): one winner at this table (head bump), paid as the
        scorer's payments say, with the deposits."""
        return [settle_win(result, st, seat, from_seat) for seat, result in wins]

    def on_riichi(self, st, e: ev.Riichi) -> None:
        st.riichi_pending = e.seat

    def on_riichi_accepted(self, st, e: ev.RiichiAccepted) -> None:
        p = st.players[e.seat]
        p.riichi_accepted = True
        p.ippatsu = True
        p.score -= st.preset.riichi_cost
        st.sticks += 1
        if st.riichi_pending == e.seat:
            st.riichi_pending = None

    def on_dora(self, st, e: ev.Dora) -> None:
        st.dora_indicators.append(e.indicator)
        st.seen[e.indicator >> 2] += 1


RIICHI_TABLE = RiichiTable()
# every legal action of a seat now at the riichi table ([] if it has nothing to decide; responses include pass)
legal_actions = RIICHI_TABLE.legal_actions
