"""The rules-agnostic core: tiles, melds, arrangements, waits and shanten.

Shanten is checked against the reference calculator ``mahjong`` (a test-only oracle) on random hands; waits and
arrangements against brute force.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from scorer.arrangements import (KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, arrangements, is_complete,
                                 placements)
from scorer.errors import ImpossibleHandError
from scorer.melds import Meld
from scorer.tiles import Tile, counts34, format_tiles, parse_tiles
from scorer.shanten import discard_options, shanten, shanten_counts, waits, waits_counts
from grammar import parse_hand


def test_tile_notation_round_trip():
    for k in range(42):
        t = Tile(k)
        assert Tile.parse(str(t)) is t
        assert eval(repr(t)) is t
    red = Tile.parse("0p")
    assert red.red and red.kind == 13 and red.plain == Tile.parse("5p") and red != Tile.parse("5p")
    with pytest.raises(ValueError):
        Tile.parse("0z")
    with pytest.raises(ValueError):
        Tile.parse("9f")


def test_tiles_are_frozen_and_interned():
    t = Tile.parse("1m")
    with pytest.raises(AttributeError):
        t.kind = 3
    assert Tile(0) is t


def test_dora_successor_wraps_in_each_family():
    pairs = {"9m": "1m", "4p": "5p", "4z": "1z", "7z": "5z", "5z": "6z", "0s": "6s"}
    for ind, dora in pairs.items():
        assert str(Tile.parse(ind).dora_successor()) == dora


def test_format_tiles_groups_suits():
    assert format_tiles(parse_tiles("1m2m3p0p1z")) == "12m30p1z"


def test_meld_validation():
    assert Meld.of("chi", parse_tiles("312m")).tiles == tuple(parse_tiles("123m"))
    for bad in (("chi", "124m"), ("chi", "567z"), ("pon", "556m"), ("kan", "555m"), ("chi", "891m")):
        with pytest.raises(ImpossibleHandError):
            Meld.of(bad[0], parse_tiles(bad[1]))


def test_placements_list_every_wait_shape():
    hand = parse_hand("1112345678999m+3m")  # nine gates: the 3m completes 123 (edge) or 345 (open)
    assert {p.wait for p in placements(hand)} == {RYANMEN, PENCHAN}
    shapes = {str(p.wait) for p in placements(parse_hand("123m456p789s11z23s+4s"))}
    assert shapes == {RYANMEN}
    assert {p.wait for p in placements(parse_hand("123m456p789s11z13s+2s"))} == {KANCHAN}
    assert {p.wait for p in placements(parse_hand("123m456p789s11z12s+3s"))} == {PENCHAN}
    assert {p.wait for p in placements(parse_hand("123m456p789s11z22s+2s"))} == {SHANPON}
    assert {p.wait for p in placements(parse_hand("123m456p789s111z2s+2s"))} == {TANKI}
    # 2344 + 4: the 4 completes 234 (open wait) or the pair (single wait)
    both = {p.wait for p in placements(parse_hand("123m456p789s2344s+4s"))}
    assert both == {TANKI, RYANMEN}


def test_seven_pairs_and_thirteen_orphans():
    forms = {a.form for a in arrangements(parse_hand("1122m3344p5566s7z+7z"))}
    assert forms == {"seven_pairs"}
    forms = {a.form for a in arrangements(parse_hand("112233m445566p7z+7z"))}
    assert forms == {"seven_pairs", "standard"}
    assert [a.form for a in arrangements(parse_hand("19m19p19s1234567z+1m"))] == ["thirteen_orphans"]


def test_melds_take_part_in_arrangements():
    hand = parse_hand("123m456p1z[789s](2222z)+1z")
    (arr,) = arrangements(hand)
    assert [g.meld for g in arr.groups if g.meld is not None] == [0, 1]
    assert arr.groups[-1].shape == "pair"
    kan = next(g for g in arr.groups if g.meld == 1)
    assert kan.concealed and kan.shape == "kan"


def test_known_waits():
    assert waits(parse_tiles("1112345678999m")) == [Tile(k) for k in range(9)]
    assert waits(parse_tiles("19m19p19s1234567z")) == [Tile(k) for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31,
                                                                         32, 33)]
    # four 1m in the hand: 1m is not a wait (no fifth copy)
    assert Tile.parse("1m") not in waits(parse_tiles("1111m234p567s888s2z"))


def _random_hand(draw, size):
    pool = [k for k in range(34) for _ in range(4)]
    idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    return [Tile(pool[i]) for i in idx]


@st.composite
def hands13(draw):
    return _random_hand(draw, 13)


@st.composite
def hands14(draw):
    return _random_hand(draw, 14)


@settings(max_examples=400)
@given(st.one_of(hands13(), hands14()))
def test_shanten_agrees_with_reference(tiles):
    from mahjong.shanten import Shanten
    assert shanten(tiles) == Shanten.calculate_shanten(counts34(tiles))


@st.composite
def tenpai_hands(draw):
    """A complete hand minus one tile: waits are never empty."""
    from tests.strategies import group_specs
    sets, pair, counts = draw(group_specs())
    tiles = []
    for shape, k in sets:
        tiles += [k, k + 1, k + 2] if shape == "seq" else [k] * 3
    tiles += [pair, pair]
    tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    return tiles


@settings(max_examples=300)
@given(tenpai_hands())
def test_waits_are_exactly_the_completing_kinds(kinds):
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    got = waits_counts(list(c))
    assert got, "a complete hand minus a tile waits on something"
    assert shanten_counts(c) == 0
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            assert (k in got) == is_complete(c), k
            c[k] -= 1


def test_discard_options_are_sorted_best_first():
    opts = discard_options(parse_tiles("123m456p789s11z55z7z"))
    best_tile, best_shanten, ukeire = opts[0]
    assert best_shanten == 0 and str(best_tile) == "7z"
    assert {str(t) for t, _ in ukeire} == {"1z", "5z"}
    assert sum(n for _, n in ukeire) == 4


def test_seven_pairs_with_four_of_a_kind_is_a_rule_choice():
    # 1111m 22p 33p 44s 55s 6z: riichi wants seven different pairs, MCR counts the four 1m as two pairs
    tiles = parse_tiles("1111m2233p4455s6z")
    c = counts34(tiles)
    assert shanten_counts(list(c)) > 0 and waits_counts(list(c)) == []
    assert shanten_counts(list(c), four_as_two_pairs=True) == 0
    assert waits_counts(list(c), four_as_two_pairs=True) == [Tile.parse("6z").kind]
    c[32] += 1
    assert not is_complete(c) and is_complete(c, four_as_two_pairs=True)
