"""The ``tenhou`` table preset: Tenhou.net's four-player ranked-room rules (喰赤), enough to replay real games.

What differs from mjscore's one-deal table, and lives here:

- **Several rons on one discard.** Two players may ron the same tile (double ron); the first in turn order after
  the discarder (the "head bump" winner) also takes the honba and the riichi deposits. Three rons are an abortive
  draw (三家和了).
- **Abortive draws**: nine terminals (九種九牌) on an uninterrupted first turn, four winds (四風連打), four riichi
  (四家立直), triple ron, four kans by two or more players (四槓散了) once the fourth kan's discard passes.
- **Nagashi mangan** (流し満貫): at an exhaustive draw a player whose every discard is a terminal or honor and none
  was called is paid a mangan as for a tsumo (no honba); noten payments are then not made.
- **Pao** (責任払い) for daisangen and daisuushii: the player who fed the last dragon (wind) set pays the whole
  yakuman on a tsumo, honba included, and half of it on a ron (the discarder pays the rest and the honba).
- **Honba** on every payment (300 a ron, 100 from each payer of a tsumo), **deposits carried** across draws;
  the deposits left on the table at the end of the game go to the first-placed player.

Settlement here is pure: functions from a :class:`~scorer.game.state.GameState` (as it stood before the result)
and the riichi scorer's results to every seat's delta.
"""

from __future__ import annotations

from scorer.game.presets import PRESETS
from scorer.game.state import GameState
from scorer.kinds import TERMINALS_AND_HONORS

TENHOU = PRESETS["tenhou"]

_TH = frozenset(TERMINALS_AND_HONORS)
_PAO_YAKU = {"daisangen": (31, 32, 33), "daisuushii": (27, 28, 29, 30)}


def TenhouState(preset=TENHOU, seed=None) -> GameState:
    """A table state that accepts a second ``Win`` on the same discard (double ron) whatever the preset: the
    ``tenhou`` table's rules object (:mod:`scorer.game.rules.tenhou`) over the plain state."""
    from scorer.game.rules import find_table
    return GameState(preset, seed, rules=find_table("tenhou"))


# ---- pao ----------------------------------------------------------------------------------------------------
def pao_seat(state: GameState, seat: int, yaku_ids: set[str]) -> int | None:
    """The seat liable (pao) for ``seat``'s daisangen or daisuushii: whoever discarded the tile of the third dragon
    (fourth wind) set, when that set was an open call."""
    for yid, kinds in _PAO_YAKU.items():
        if yid not in yaku_ids:
            continue
        sets = [m for m in state.players[seat].melds if m.tiles[0] >> 2 in kinds]
        if len(sets) == len(kinds):
            last = sets[-1]
            if last.kind in ("pon", "kan") and last.from_seat is not None:
                return last.from_seat
            if last.kind == "kakan" and last.from_seat is not None:
                return last.from_seat
    return None


# ---- wins -----------------------------------------------------------------------------------------------------
def win_deltas(state: GameState, wins: list[tuple[int, object]], from_seat: int | None) -> list[list[int]]:
    """Every seat's delta for each win (in the order given). ``wins`` holds (seat, RiichiResult); ``from_seat`` is
    the discarder (None: tsumo). The honba and the deposits go to the winner nearest after the discarder."""
    honba, sticks = state.honba, state.sticks
    n = state.n_players
    if from_seat is None:
        first = wins[0][0]
    else:
        first = min((w for w, _ in wins), key=lambda s: (s - from_seat) % n)
    # the ron honba as the scorer pays it (300 a stick; three-player presets: the scorer's own value)
    ron_honba = 300
    out = []
    for seat, res in wins:
        d = [0] * n
        h = honba if seat == first else 0
        ids = {y.id for y in res.yaku}
        pao = pao_seat(state, seat, ids) if state.preset.pao else None
        pao_mult = sum(y.yakuman for y in res.yaku if y.id in _PAO_YAKU) if pao is not None else 0
        dealer = seat == state.dealer
        if from_seat is not None:
            value = sum(p.amount - p.honba for p in res.payments)
            if honba and res.payments and res.payments[0].honba:
                ron_honba = res.payments[0].honba // honba
            if pao_mult and pao != from_seat:
                pao_value = (48000 if dealer else 32000) * pao_mult
                half = pao_value // 2
                d[pao] -= half
                d[from_seat] -= value - half + ron_honba * h
            else:
                d[from_seat] -= value + ron_honba * h
            d[seat] += value + ron_honba * h
        else:
            pays = [p.amount - p.honba for p in res.payments]
            others = [s for s in range(n) if s != seat]
            if dealer:
                share = {s: pays[0] for s in others}
            else:
                share = {s: (pays[0] if s == state.dealer else pays[-1]) for s in others}
            if pao_mult:
                total_yakuman = max(res.yakuman, 1)
                pao_value = (48000 if dealer else 32000) * pao_mult
                rest_frac = (total_yakuman - pao_mult) / total_yakuman
                for s in others:
                    share[s] = int(share[s] * rest_frac)
                share[pao] = share.get(pao, 0) + pao_value
                d[pao] -= 100 * len(others) * h
            else:
                for s in others:
                    d[s] -= 100 * h
            for s in others:
                d[s] -= share[s]
            d[seat] += sum(share.values()) + 100 * len(others) * h
        if seat == first:
            d[seat] += state.preset.riichi_cost * sticks
        out.append(d)
    return out


# ---- draws ----------------------------------------------------------------------------------------------------
def tenpai_seats(state: GameState, strict: bool = True) -> list[bool]:
    """Who is tenpai at an exhaustive draw. ``strict`` (Tenhou): a wait on a kind whose four tiles the player
    holds does not count."""
    out = []
    for p in state.players:
        if not strict:
            out.append(bool(p.waits))
            continue
        held = p.counts()
        for m in p.melds:
            for t in m.tiles:
                held[t >> 2] += 1
        out.append(any(held[k] < 4 for k in p.waits))
    return out


def nagashi_seats(state: GameState) -> list[int]:
    """Seats qualifying for nagashi mangan: every discard a terminal or honor, none of them called."""
    return [s for s, p in enumerate(state.players)
            if p.river and all((r.tile >> 2) in _TH and r.called_by is None for r in p.river)]


def draw_deltas(state: GameState, reason: str, tenpai: list[bool] | None = None) -> list[int]:
    """Every seat's delta for a draw: noten payments (3,000 split) at an exhaustive draw, mangan tsumo payments
    for nagashi mangan, nothing for an abortive draw. The deposits stay on the table."""
    seats = state.n_players
    d = [0] * seats
    if reason == "nagashi_mangan":      # (three-player: the missing North's share is not paid, as a tsumo)
        for s in nagashi_seats(state):
            dealer = s == state.dealer
            for o in range(seats):
                if o == s:
                    continue
                pay = 4000 if dealer or o == state.dealer else 2000
                d[o] -= pay
                d[s] += pay
        return d
    if reason != "exhaustive":
        return d
    tp = tenpai if tenpai is not None else tenpai_seats(state)
    n = sum(tp)
    pay = state.preset.noten_payment
    if 0 < n < seats:   # (three-player: 2,000 in total, +2,000 / -1,000 each or +1,000 each / -2,000)
        for s in range(seats):
            d[s] += pay // n if tp[s] else -pay // (seats - n)
    if state.preset.draw_deposits == "return":
        for s, p in enumerate(state.players):
            if p.riichi_accepted:
                d[s] += state.preset.riichi_cost
    return d


def check_abortive(state: GameState, reason: str) -> str | None:
    """Why the abortive draw ``reason`` is not allowed now (None: it is)."""
    ps = state.players
    if reason == "nine_terminals":
        seat = state.turn
        p = ps[seat]
        if state.phase != "act" or state.last_draw is None or not state.first_turn(seat):
            return "nine terminals only on an uninterrupted first draw"
        kinds = {t >> 2 for t in p.hand} & _TH
        if len(kinds) < 9:
            return f"nine terminals needs 9 different terminals and honors; seat {seat} has {len(kinds)}"
        return None
    if reason == "four_winds":
        if state.any_call or any(len(p.river) != 1 for p in ps):
            return "four winds needs exactly one discard from each player and no call"
        kinds = {p.river[0].tile >> 2 for p in ps}
        if len(kinds) != 1 or not 27 <= next(iter(kinds)) <= 30:
            return "four winds needs the same wind as each player's first discard"
        return None
    if reason == "four_riichi":
        if not all(p.riichi for p in ps):
            return "four riichi needs all four players in riichi"
        return None
    if reason == "four_kans":
        owners = {s for s, p in enumerate(ps) for m in p.melds if m.is_kan}
        if state.kans != 4 or len(owners) < 2:
            return "four kans needs four kans by two or more players"
        return None
    if reason == "triple_ron":
        return None          # checked by the replay, which knows who could ron
    return f"unknown draw {reason!r}"


def final_scores(scores: list[int], sticks: int, dealer0: int = 0) -> list[int]:
    """The game's final scores: deposits left on the table go to the first-placed player (ties: the seat nearer
    the first dealer)."""
    out = list(scores)
    if sticks:
        n = len(out)
        top = max(range(n), key=lambda s: (out[s], -((s - dealer0) % n)))
        out[top] += 1000 * sticks
    return out
