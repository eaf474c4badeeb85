"""Defence against a riichi: how dangerous each kind is to deal into, from what the table shows.

Order of safety: genbutsu (the riichi player's own discards, and tiles passed by them since the riichi) → honors
with many copies visible → suji (4-6 need both 1/7-style partners; 1-3 and 7-9 one) → kabe (all four copies of a
neighbour visible: no ryanmen through it) → the rest, middle tiles most dangerous.
"""

from __future__ import annotations


def safe_kinds(state, target: int) -> set[int]:
    """Genbutsu against ``target``: its own discards and every discard made after its riichi tile."""
    tp = state.players[target]
    safe = {r.tile >> 2 for r in tp.river}
    idx = next((i for i, r in enumerate(tp.river) if r.riichi), None)
    if idx is not None:
        n_after = len(tp.river) - idx
        # tiles discarded by anyone since the riichi: approximate with the last n_after discards of each player
        for s, p in enumerate(state.players):
            if s != target:
                safe |= {r.tile >> 2 for r in p.river[-n_after:]} if n_after else set()
    return safe


_HONOR_DANGER = (5.0, 4.0, 2.0, 1.0, 5.0)
"""An honor's danger by the copies of it in view (0-4): the more are seen, the fewer waits remain on it."""
_NUMBER_DANGER = (6.0, 7.0, 9.0, 9.0, 9.0, 9.0, 9.0, 7.0, 6.0)
"""A numbered tile's danger by rank (0-8) before suji and kabe: terminals least, 3-7 most."""


def danger(kind: int, state, target: int, visible: list[int], genbutsu: set[int]) -> float:
    """0 is safe; larger is more dangerous to discard against ``target``'s riichi."""
    if kind in genbutsu:
        return 0.0
    if kind >= 27:
        seen = visible[kind]
        return _HONOR_DANGER[seen] if 0 <= seen <= 4 else 5.0
    pos = kind % 9
    lo_safe = pos < 3 or (kind - 3) in genbutsu
    hi_safe = pos > 5 or (kind + 3) in genbutsu
    if lo_safe and hi_safe:                 # suji
        return 3.0 if pos == 0 or pos == 8 else 4.0
    base = _NUMBER_DANGER[pos]
    # kabe: a ryanmen through a neighbour is impossible if all four copies of it are visible
    if (pos >= 1 and visible[kind - 1] >= 4) or (pos <= 7 and visible[kind + 1] >= 4):
        return base - 2.5
    if lo_safe or hi_safe:
        return base - 1.5                   # half suji
    return base
