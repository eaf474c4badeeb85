"""MCR payments: who pays what for one deal. Stage: after the fan total (flowers included) is known.

Self-drawn: each of the three opponents pays 8 + total. On a discard: the discarder pays 8 + total and the two
other players pay 8 each (the 8 is the base every loser pays).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

BASE = 8


@dataclass(frozen=True, slots=True)
class Payment:
    """``players`` players each pay ``amount`` to the winner; ``payer`` names them: "each opponent" (self-drawn),
    "discarder" or "other" (each of the two players who did not discard)."""

    payer: str
    amount: int
    players: int = 1

    def to_dict(self) -> dict:
        return {"from": self.payer, "amount": self.amount, "players": self.players}


@lru_cache(maxsize=1024)
def payments(total: int, self_drawn: bool) -> tuple[Payment, ...]:
    """Who pays what for a win worth ``total`` (flowers included). The payments are frozen values, shared."""
    if self_drawn:
        return (Payment("each opponent", BASE + total, 3),)
    return (Payment("discarder", BASE + total, 1), Payment("other", BASE, 2))


def total_gain(pays: tuple[Payment, ...]) -> int:
    return sum(p.amount * p.players for p in pays)


def deltas(total: int, winner: int, discarder: int | None = None) -> list[int]:
    """Score changes of the four seats for one winner (``discarder`` None: self-drawn)."""
    out = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        pay = BASE + total if discarder is None or seat == discarder else BASE
        out[seat] -= pay
        out[winner] += pay
    return out


def duplicate_deltas(totals: dict[int, int], discarder: int) -> list[int]:
    """Several winners on one discard, as the recorded duplicate boards (mahjongsoft, PMN) score it: each winner
    gains 24 + its total; each player who did not win pays the base 8 once, and the discarder also pays every
    winner's total. (Not zero-sum.)"""
    out = [0, 0, 0, 0]
    for seat, total in totals.items():
        out[seat] += 3 * BASE + total
    for seat in range(4):
        if seat not in totals:
            out[seat] -= BASE
    out[discarder] -= sum(totals.values())
    return out
