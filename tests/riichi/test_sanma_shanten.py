"""Three-player shanten, waits and ukeire from the one core (``scorer/shanten.py``), on the 108-tile set.

Waits need no change for three players: a hand of the three-player set can only be completed by tiles of that
set (no 2m-8m means no man sequence, so 1m and 9m only pair or triple). Shanten needs the table's ``absent``
mask in one case: a fourth 1m or 9m is a partial towards 2m-3m / 7m-8m with 136 tiles, but with 108 it is an
honor's fourth tile (``shanten(..., absent=SANMA_ABSENT_MASK)``); with it the core agrees with riichienv's
``calculate_shanten_3p`` and ``HandEvaluator3P.get_waits`` (``test_sanma_riichienv.py``).

Ukeire is different: the *improving* kinds of a hand with an isolated 1m or 9m include 2m, 3m, 7m, 8m (a draw
of 2m would make a 12m shape), which a three-player wall never holds. Today a caller can only zero their counts
by passing them as fully visible, or pass the table's ``absent`` mask (``ukeire_counts(..., absent=SANMA_ABSENT_MASK)``,
``discard_options(..., absent=...)``), which leaves them out.
"""

from __future__ import annotations

from scorer.kinds import SANMA_ABSENT_KINDS, SANMA_ABSENT_MASK
from scorer.shanten import discard_options, improving_kinds, shanten, ukeire_counts, waits
from scorer.tiles import Tile, counts34

# 1-shanten: 1m 9m isolated beside 123456p 123s 55z
HAND = [Tile.parse(x) for x in "1m 9m 1p 2p 3p 4p 5p 6p 1s 2s 3s 5z 5z".split()]
_ABSENT_MASK = SANMA_ABSENT_MASK
_ALL_SEEN = [4 if k in SANMA_ABSENT_KINDS else 0 for k in range(34)]


def test_the_core_lists_phantom_man_draws_for_a_three_player_hand():
    """What the core says today: 2m 3m 7m 8m improve the hand (true with 136 tiles, impossible with 108)."""
    c = counts34(HAND)
    assert shanten(HAND) == 1
    assert set(improving_kinds(c)) & set(SANMA_ABSENT_KINDS) == {1, 2, 6, 7}
    assert {k for k, n in ukeire_counts(c)[1] if k in SANMA_ABSENT_KINDS and n == 4} == {1, 2, 6, 7}


def test_absent_kinds_passed_as_seen_leave_no_copies():
    """Today's workaround: every copy of 2m-8m counted as visible gives them 0 copies left (still listed)."""
    sh, uk = ukeire_counts(counts34(HAND), visible=_ALL_SEEN)
    assert sh == 1
    assert all(n == 0 for k, n in uk if k in SANMA_ABSENT_KINDS)
    assert sum(n for _, n in uk) == 3 + 3 + 2     # 1m, 9m (a pair each) and 5z (a triple): the real draws
    best = discard_options(HAND + [Tile.parse("9p")], visible=_ALL_SEEN)[0]
    assert best[0] in (Tile.parse("1m"), Tile.parse("9m")) and best[1] == 1


def test_ukeire_leaves_out_the_kinds_a_three_player_table_lacks():
    sh, uk = ukeire_counts(counts34(HAND), absent=_ABSENT_MASK)
    assert sh == 1 and not {k for k, _ in uk} & set(SANMA_ABSENT_KINDS)
    for _, _, draws in discard_options(HAND + [Tile.parse("9p")], absent=_ABSENT_MASK):
        assert not any(t.kind in SANMA_ABSENT_KINDS for t, _ in draws)


def test_waits_of_a_three_player_hand_are_three_player_tiles():
    """A tenpai hand of the 108 tiles waits only on tiles of the 108 (here 1m and 9m: a shanpon)."""
    hand = [Tile.parse(x) for x in "1m 1m 9m 9m 1p 2p 3p 4p 5p 6p 1s 2s 3s".split()]
    assert waits(hand) == [Tile.parse("1m"), Tile.parse("9m")]
