"""Hand value for the strong riichi AI's offence: what a hand not yet tenpai is likely worth when it wins.

The discard and the call choices weigh speed (shanten, live ukeire from the one core,
:class:`~scorer.shanten.DiscardView`) against value. A tenpai hand's value is asked of the riichi scorer
(:func:`scorer.game.ai.strong.win_value`); a hand still one or more steps away has no winning tile yet, so its
value is estimated from what already counts or is in sight:

- **dora** held or melded, and red fives (one han each);
- **value honors**: a triplet (held or melded) is a han (the double wind two); a pair of one with a copy still
  unseen is part of one (it may still become the triplet: :data:`VALUE_PAIR_HAN`);
- **all simples**: none or one terminal or honor left to drop, and every meld of simples;
- **a half flush**: the tiles of the other two suits few enough to drop (two han open, three closed; a
  near one, two or three tiles away, part of it);
- **closed**: riichi (one han) plus what a riichi adds on average — ura dora, menzen tsumo, ippatsu
  (:data:`RIICHI_EXTRA_HAN`).

The expected han becomes points by :data:`POINTS_BY_HAN` (a non-dealer's ron at 30-40 fu; a dealer's half as
much again), interpolated between whole han. An open hand with none of these yaku in sight is worth nothing
(it cannot win).
"""

from __future__ import annotations

from scorer.kinds import DRAGONS, EAST, HONOR, RED_FIVE_IDS, TERMINAL_HONOR_MASK, TERMINALS_AND_HONORS

POINTS_BY_HAN = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)
"""A non-dealer's ron by han (1-3 han at 30-40 fu, then the limits)."""
RIICHI_EXTRA_HAN = 0.7
"""What a riichi adds beyond its own han, on average: ura dora (about 0.4), menzen tsumo (about 0.25 of a han:
the tsumo share of a riichi's wins times one han), ippatsu (a few percent)."""
VALUE_PAIR_HAN = 0.35
"""A value pair with a copy unseen: the share of a han it brings (its triplet by pon or draw, or its two fu)."""
NEAR_FLUSH_HAN = (0.5, 0.25, 0.1)
"""A half flush two, three or four tiles of the other suits away: the share of its han counted."""
NEAR_SIMPLES_HAN = 0.5
"""All simples two terminals or honors away (closed: both may still go): the share of its han counted."""

_SUIT = tuple(k // 9 if k < HONOR else -1 for k in range(34))
"""Each kind's numbered suit (-1 for an honor)."""


def points_of_han(han: float, dealer: bool) -> float:
    """The points of a ron worth ``han`` (fractional: interpolated), a dealer's half as much again."""
    if han <= 0:
        return 0.0
    top = len(POINTS_BY_HAN) - 1
    if han >= top:
        v = float(POINTS_BY_HAN[top])
    else:
        lo = int(han)
        v = POINTS_BY_HAN[lo] + (POINTS_BY_HAN[lo + 1] - POINTS_BY_HAN[lo]) * (han - lo)
    return v * 1.5 if dealer else v


def value_kinds_han(state, seat: int) -> dict[int, int]:
    """The kinds whose triplet is a yaku for ``seat`` and the han each brings: the dragons one, the round and seat
    winds one each (a double wind two)."""
    out = dict.fromkeys(DRAGONS, 1)
    rw = EAST + state.round_wind
    sw = EAST + state.seat_wind(seat)
    out[rw] = out.get(rw, 0) + 1
    out[sw] = out.get(sw, 0) + 1
    return out


class HandValue:
    """The estimated value of one hand (the seat's tiles and melds, as the module docstring counts it), read once
    and then asked for the hand without one tile of each kind (:meth:`after`) — the pieces that a discard can
    change are kept apart, so each discard costs a few additions."""

    def __init__(self, state, seat: int, counts: list[int], hand_ids, dora: set[int], unseen: list[int],
                 extra_meld=None):
        p = state.players[seat]
        melds = [(m.kind, m.tiles) for m in p.melds]
        closed = p.is_closed
        if extra_meld is not None:
            melds.append(extra_meld)
            closed = False
        self.counts = counts
        self.dora = dora
        self.closed = closed
        self.dealer = seat == state.dealer
        self.values = value_kinds_han(state, seat)
        self.unseen = unseen
        red = state.preset.red_fives
        self.red_held = [t for t in hand_ids if t in RED_FIVE_IDS] if red else []
        fixed = 0.0                                     # han that no discard changes
        yaku = closed                                   # a closed hand wins by riichi (or menzen tsumo)
        meld_simple = True
        meld_suits = set()
        for kind, ids in melds:
            for t in ids:
                k = t >> 2
                fixed += k in dora
                if red and t in RED_FIVE_IDS:
                    fixed += 1
                if TERMINAL_HONOR_MASK >> k & 1:
                    meld_simple = False
                if k < HONOR:
                    meld_suits.add(k // 9)
            if kind != "chi":
                v = self.values.get(ids[0] >> 2)
                if v:
                    fixed += v
                    yaku = True
        fixed += len(self.red_held)
        if closed:
            fixed += 1 + RIICHI_EXTRA_HAN
        self.fixed = fixed
        self.meld_yaku = yaku
        self.meld_simple = meld_simple
        self.flush_suits = tuple(s for s in range(3) if not (meld_suits - {s}))
        self.off_simple = sum(counts[k] for k in TERMINALS_AND_HONORS)
        numbered = [sum(counts[s * 9:s * 9 + 9]) for s in range(3)]
        total = sum(numbered)
        self.off_suit = [total - n for n in numbered]
        self.dora_held = sum(counts[k] for k in dora)

    def _value_terms(self, k: int | None) -> tuple[float, bool]:
        """The value honors' han (and whether a triplet or, open, a kept pair gives a yaku) without one ``k``."""
        han = 0.0
        yaku = False
        closed = self.closed
        for v_k, v in self.values.items():
            c = self.counts[v_k] - (v_k == k)
            if c >= 3:
                han += v
                yaku = True
            elif c == 2 and self.unseen[v_k] > 0:
                han += VALUE_PAIR_HAN * v
                if not closed:
                    yaku = True                         # kept for its pon (sakizuke)
        return han, yaku

    def after(self, k: int | None) -> float:
        """The estimated points of the hand without one tile of kind ``k`` (a plain copy when there is one;
        None: the hand as it is). 0 for an open hand with no yaku in sight."""
        han = self.fixed + self.dora_held
        if k is not None:
            han -= k in self.dora
            if self.counts[k] == 1 and any(t >> 2 == k for t in self.red_held):
                han -= 1                                # the only copy is the red five
        vh, yaku = self._value_terms(k)
        han += vh
        yaku = yaku or self.meld_yaku
        closed = self.closed
        if self.meld_simple:
            off = self.off_simple - (k is not None and TERMINAL_HONOR_MASK >> k & 1)
            if off <= 1:
                han += 1
                yaku = True
            elif off == 2 and closed:
                han += NEAR_SIMPLES_HAN
        suit = _SUIT[k] if k is not None else -1
        full = 3.0 if closed else 2.0
        best = 0.0
        for s in self.flush_suits:
            off = self.off_suit[s] - (k is not None and suit >= 0 and suit != s)
            if off <= 1:
                best = full
                yaku = True
                break
            if off - 2 < len(NEAR_FLUSH_HAN):
                best = max(best, full * NEAR_FLUSH_HAN[off - 2])
        han += best
        if not yaku:
            return 0.0
        return points_of_han(han, self.dealer)
