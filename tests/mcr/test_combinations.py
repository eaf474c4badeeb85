"""The combination fans of scorer.mcr.combinations and the per-suit summaries the evaluator builds on them: the
cached, split and summed forms give what the plain account-once computation gives."""

from __future__ import annotations

import importlib
import random
from itertools import combinations

from scorer.mcr import combinations as C
from scorer.mcr import fans as F

E = importlib.import_module("scorer.mcr.evaluate")


def _plain(chow_mids, pung_codes, pair) -> dict:
    """The combination fans worked out from scratch, every pung included (what the reference does)."""
    return C._combination_fans(chow_mids, pung_codes, pair)


def test_honor_pungs_take_no_part_in_pung_combinations():
    """set_fans keys the pung part by the numbered pungs only: with any honor pungs beside them (every set of two
    to four pungs, with no chow or two chows) the fans are the same as from scratch."""
    codes = sorted(F.CODE)
    for n in (2, 3, 4):
        for pungs in combinations(codes, n):
            assert C.set_fans((), pungs, 0x15) == _plain((), pungs, 0x15), pungs
    for pungs in combinations(codes, 2):
        assert C.set_fans((0x13, 0x23), pungs, 0x15) == _plain((0x13, 0x23), pungs, 0x15)


def test_chow_parts_are_the_plain_computation():
    mids = sorted(c for c in F.CODE if c < 0x41 and 2 <= c & 0xF <= 8)
    rng = random.Random(7)
    for n in (2, 3, 4):
        for _ in range(3000):
            chows = tuple(sorted(rng.choice(mids) for _ in range(n)))
            pair = rng.choice(F.CODE)
            assert C.set_fans(chows, (), pair) == _plain(chows, (), pair), (chows, pair)


def test_summed_traits_are_the_arrangement_traits():
    rng = random.Random(11)
    mids = [c for c in F.CODE if c < 0x41 and 2 <= c & 0xF <= 8]
    for _ in range(5000):
        n = rng.randrange(5)
        chows = tuple(sorted(rng.choice(mids) for _ in range(n)))
        pungs = tuple(sorted(rng.sample(F.CODE, 4 - n)))
        pair = rng.choice(F.CODE)
        summed = sum(C.chow_trait(c) for c in chows) + sum(C.pung_trait(c) for c in pungs + (pair,))
        assert C.traits_of(summed) == C.pack_traits(chows, pungs, pair)


def test_small_suit_codes_are_the_complete_suits():
    """The suits built in one go are exactly the complete suits of at most nine tiles, and each record is the one
    made when a hand first shows the suit."""
    from scorer.arrangements import _suit_state
    codes = E._complete_codes(9, True)
    assert len(codes) == len(set(codes)) > 1000
    for code in codes:
        counts = tuple(code >> 5 * r & 31 for r in range(9))
        assert sum(counts) <= 9 and max(counts) <= 4 and _suit_state(counts, False)
    for code in random.Random(3).sample(codes, 200):
        counts = tuple(code >> 5 * r & 31 for r in range(9))
        assert E._suit(1, code).readings == E._suit_readings(counts, 9)
    assert all(sum(code >> 5 * r & 31 for r in range(7)) <= 9 for code in E._complete_codes(7, False))
