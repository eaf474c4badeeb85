"""Discard efficiency for the strong riichi AI: two-step acceptance.

The basic AI keeps the lowest shanten and, among the few least connected tiles, the one with the most live
ukeire (the unseen copies of the kinds whose draw lowers the shanten). Two hands with the same ukeire are not
equally good: one reaches a two-sided wait, the other a closed or edge one. Two-step acceptance weighs each draw
that lowers the shanten by what the hand then accepts after its best discard:

    score(k) = sum over improving draws j of  unseen(j) * best over discards d of live ukeire(hand - k + j - d)

One step from tenpai that is the expected number of live winning tiles of the tenpai reached (a good shape
reaches ryanmen waits); two steps away, the acceptance of the one-shanten hand reached. Every shanten, wait and
ukeire comes from the one core (:class:`~scorer.shanten.DiscardView`); the counts are the seat's own view (its
hand and what the table shows).
"""

from __future__ import annotations

from scorer.shanten import DiscardView, kinds_of_mask

_NEXT: dict = {}
"""(counts of a 3n+2 hand, melds, shanten wanted) -> per unseen-count key: the best live ukeire over the discards
reaching that shanten. Bounded: cleared when large."""


def live_ukeire(view: DiscardView, k: int, unseen: list[int]) -> int:
    """Unseen copies of the kinds whose draw lowers the shanten of ``view``'s hand without a tile of ``k``
    (``unseen``: the copies neither held nor in view)."""
    return sum(unseen[j] for j in kinds_of_mask(view.improving_mask_after(k)))


def best_next(counts: list[int], melds: int, goal: int, unseen: list[int]) -> int:
    """The best live ukeire of the 3n+2 hand ``counts`` over its discards that leave shanten ``goal`` (0 if
    none does)."""
    key = (bytes(counts), melds, goal, bytes(unseen))
    found = _NEXT.get(key)
    if found is not None:
        return found
    view = DiscardView(counts, melds)
    kinds, shs = view.held()
    best = 0
    for d, sh in zip(kinds, shs):
        if sh == goal:
            n = live_ukeire(view, d, unseen)
            if n > best:
                best = n
    if len(_NEXT) > 200_000:
        _NEXT.clear()
    _NEXT[key] = best
    return best


def two_step(view: DiscardView, counts: list[int], melds: int, k: int, sh: int, unseen: list[int]) -> tuple[int, int]:
    """(two-step acceptance, one-step live ukeire) of discarding ``k`` from the hand (``counts``, read by
    ``view``), which leaves shanten ``sh`` >= 1."""
    draws = kinds_of_mask(view.improving_mask_after(k))
    one = 0
    two = 0
    c = list(counts)
    c[k] -= 1
    for j in draws:
        n = unseen[j]
        if n <= 0:
            continue
        one += n
        c[j] += 1
        unseen[j] -= 1
        two += n * best_next(c, melds, sh - 1, unseen)
        unseen[j] += 1
        c[j] -= 1
    return two, one
