"""Arrangements: every way a hand's tiles divide into sets and a pair, and where the winning tile sits.

This is the one decomposition engine of the package; it knows no rule set. For a complete hand it lists every
:class:`Arrangement` — four sets and a pair (declared melds included), seven pairs, thirteen orphans — and every
:class:`Placement`: an arrangement together with the group that the winning tile completed and the wait shape
that implies (ryanmen, kanchan, penchan, shanpon, tanki, and for thirteen orphans ``kokushi``). Riichi yaku,
riichi fu and MCR fans all read placements.

Speed: the arrangements of one suit depend only on that suit's nine counts, so they are computed once per count
tuple and cached; honors never form sequences.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import NamedTuple

from scorer.tiles import TERMINALS_AND_HONORS, Tile

# shapes of a group
SEQ, TRIP, KAN, PAIR = "seq", "trip", "kan", "pair"
# wait shapes
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, KOKUSHI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi"
# forms
STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = "standard", "seven_pairs", "thirteen_orphans"

_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


class Group(NamedTuple):
    """One set or pair of an arrangement. ``kind`` is the lowest kind; ``meld`` is the declared meld's index."""

    shape: str
    kind: int
    concealed: bool
    meld: int | None = None

    @property
    def tile(self) -> Tile:
        return Tile(self.kind)

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == SEQ:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,)

    @property
    def is_triplet(self) -> bool:
        return self.shape == TRIP or self.shape == KAN


class Arrangement(NamedTuple):
    form: str
    groups: tuple[Group, ...]   # standard: sets then the pair; seven pairs: 7 pairs; thirteen orphans: ()

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.shape != PAIR)

    @property
    def pair(self) -> Group | None:
        if self.form != STANDARD:
            return None
        return self.groups[-1]


class Placement(NamedTuple):
    """An arrangement with the group the winning tile completed (index into ``groups``; -1 for kokushi)."""

    arrangement: Arrangement
    index: int
    wait: str

    @property
    def group(self) -> Group | None:
        return self.arrangement.groups[self.index] if self.index >= 0 else None


# ---- per-suit decomposition (cached) ------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _suit_splits(counts: tuple[int, ...], honor: bool) -> tuple[tuple[bool, tuple[tuple[str, int], ...]], ...]:
    """Every way to split one suit's counts fully into sets and at most one pair: (has_pair, groups)."""
    out: list[tuple[bool, tuple[tuple[str, int], ...]]] = []
    c = list(counts)

    def rec(i: int, has_pair: bool, acc: list[tuple[str, int]]) -> None:
        while i < len(c) and c[i] == 0:
            i += 1
        if i == len(c):
            out.append((has_pair, tuple(acc)))
            return
        if c[i] >= 3:
            c[i] -= 3
            acc.append((TRIP, i))
            rec(i, has_pair, acc)
            acc.pop()
            c[i] += 3
        if c[i] >= 2 and not has_pair:
            c[i] -= 2
            acc.append((PAIR, i))
            rec(i, True, acc)
            acc.pop()
            c[i] += 2
        if not honor and i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            acc.append((SEQ, i))
            rec(i, has_pair, acc)
            acc.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    rec(0, False, [])
    # the same split can be reached in more than one order (a triplet before or after a sequence at one index)
    return tuple(sorted({(has_pair, tuple(sorted(groups))) for has_pair, groups in out}))


suit_splits = _suit_splits   # the public name, for the evaluators' own per-suit tables


@lru_cache(maxsize=None)
def _suit_state(counts: tuple[int, ...], honor: bool) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair."""
    state = 0
    for has_pair, _ in _suit_splits(counts, honor):
        state |= 2 if has_pair else 1
    return state


def _suits(counts) -> tuple[tuple[int, ...], ...]:
    return (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))


def is_standard_complete(counts) -> bool:
    """Do the closed counts (3n+2 tiles) split into sets and exactly one pair?"""
    pairs = 0
    for s, suit in enumerate(_suits(counts)):
        n = sum(suit)
        if n == 0:
            continue
        r = n % 3
        if r == 1:
            return False
        state = _suit_state(suit, s == 3)
        if r == 2:
            if not state & 2:
                return False
            pairs += 1
        elif not state & 1:
            return False
    return pairs == 1


def is_seven_pairs(counts, four_as_two_pairs: bool = False) -> bool:
    """Seven pairs: 14 tiles in pairs. Riichi wants seven different pairs; MCR lets four of a kind count as two
    (``four_as_two_pairs``)."""
    if four_as_two_pairs:
        return sum(counts) == 14 and all(n % 2 == 0 for n in counts)
    return sum(counts) == 14 and all(n == 0 or n == 2 for n in counts)


def is_thirteen_orphans(counts) -> bool:
    return sum(counts) == 14 and all(counts[k] >= 1 for k in _ORPHANS) and \
        sum(counts[k] for k in _ORPHANS) == 14


def is_complete(counts, melds: int = 0, four_as_two_pairs: bool = False) -> bool:
    """Any complete form: standard always; seven pairs and thirteen orphans only without melds."""
    if is_standard_complete(counts):
        return True
    return melds == 0 and (is_seven_pairs(counts, four_as_two_pairs) or is_thirteen_orphans(counts))


# ---- arrangements ----------------------------------------------------------------------------------------------
def arrangements_of(counts, meld_groups: tuple[Group, ...] = ()) -> list[Arrangement]:
    """Every arrangement of the closed counts (which include the winning tile) plus the declared meld groups."""
    result: list[Arrangement] = []
    suits = _suits(counts)
    per_suit = []
    for s, suit in enumerate(suits):
        if sum(suit) == 0:
            per_suit.append(((False, ()),))
            continue
        splits = _suit_splits(suit, s == 3)
        if not splits:
            per_suit = None
            break
        per_suit.append(splits)
    if per_suit is not None:
        for combo in product(*per_suit):
            if sum(1 for has_pair, _ in combo if has_pair) != 1:
                continue
            sets: list[Group] = []
            pair = None
            for s, (_, groups) in enumerate(combo):
                base = s * 9
                for shape, i in groups:
                    g = Group(shape, base + i, True)
                    if shape == PAIR:
                        pair = g
                    else:
                        sets.append(g)
            result.append(Arrangement(STANDARD, tuple(sets) + meld_groups + (pair,)))
    if not meld_groups:
        if is_seven_pairs(counts, four_as_two_pairs=True):   # the shape; riichi's evaluator wants 7 kinds
            pairs: list[Group] = []
            for k, n in enumerate(counts):
                pairs.extend([Group(PAIR, k, True)] * (n // 2))
            result.append(Arrangement(SEVEN_PAIRS, tuple(pairs)))
        if is_thirteen_orphans(counts):
            result.append(Arrangement(THIRTEEN_ORPHANS, ()))
    return result


def meld_groups(melds) -> tuple[Group, ...]:
    """Groups for declared melds, in order; a closed kan is concealed, every other meld is not."""
    out = []
    for i, m in enumerate(melds):
        shape = SEQ if m.is_sequence else (KAN if m.is_kan else TRIP)
        out.append(Group(shape, m.kind, not m.is_open, i))
    return tuple(out)


def seq_wait(start: int, win: int) -> str:
    """The wait of a sequence starting at kind ``start`` completed by the winning kind ``win``: the middle tile is
    kanchan; an end tile is ryanmen, except 3 completing 123 or 7 completing 789 (the other side is off the suit),
    which is penchan."""
    pos = win - start
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if start % 9 == 6 else RYANMEN
    return PENCHAN if start % 9 == 0 else RYANMEN


def wait_of(group: Group, win: int) -> str:
    """The wait shape implied by completing ``group`` with the winning kind ``win``."""
    if group.shape == PAIR:
        return TANKI
    if group.shape == TRIP:
        return SHANPON
    return seq_wait(group.kind, win)


def placements_of(counts, win: int, meld_groups_: tuple[Group, ...] = ()) -> list[Placement]:
    """Every arrangement with every distinct place the winning kind can sit in a concealed group."""
    out: list[Placement] = []
    for arr in arrangements_of(counts, meld_groups_):
        if arr.form == THIRTEEN_ORPHANS:
            out.append(Placement(arr, -1, KOKUSHI))
            continue
        seen = set()
        for i, g in enumerate(arr.groups):
            if g.meld is not None or win not in g.kinds:
                continue
            key = (g.shape, g.kind)
            if key in seen:
                continue
            seen.add(key)
            out.append(Placement(arr, i, wait_of(g, win)))
    return out


def hand_counts(hand) -> list[int]:
    return hand.closed_counts()


def arrangements(hand) -> list[Arrangement]:
    """Every arrangement of a complete hand (declared melds included)."""
    return arrangements_of(hand.closed_counts(), meld_groups(hand.melds))


def placements(hand) -> list[Placement]:
    """Every arrangement of a complete hand with every place its winning tile can sit."""
    return placements_of(hand.closed_counts(), hand.winning_tile.kind, meld_groups(hand.melds))
