"""The values the parser builds fast are the values the constructors build: Tile order, Hand and Situation."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given, settings

from grammar import parse_hand
from scorer.hand import Hand, Situation, build_hand, build_situation_of
from scorer.tiles import ALL_KINDS, TILE_ORDER, Tile
from tests.strategies import complete_hands


def test_tile_order_sorts_as_the_tiles_compare():
    tiles = list(ALL_KINDS) + [Tile(k, True) for k in (4, 13, 22)] + [Tile(34 + i) for i in range(8)]
    for t in tiles:
        assert t.order == t.kind * 2 + t.red == hash(t)
    assert sorted(reversed(tiles), key=TILE_ORDER) == sorted(reversed(tiles))
    assert all(a < b for a, b in zip(sorted(tiles), sorted(tiles)[1:]))


def test_the_builders_take_every_field_in_order():
    assert [f.name for f in dataclasses.fields(Hand)] == list(build_hand.__code__.co_varnames[:8])
    assert build_hand.__code__.co_argcount == len(dataclasses.fields(Hand))
    # build_situation_of: the boolean fields (tsumo ... last_tile) as one tuple, then the others in order
    names = [f.name for f in dataclasses.fields(Situation)]
    assert all(f.type in (bool, "bool") for f in dataclasses.fields(Situation)[:11])
    assert dataclasses.fields(Situation)[11].type not in (bool, "bool")
    assert list(build_situation_of.__code__.co_varnames[1:build_situation_of.__code__.co_argcount]) == names[11:]
    assert build_situation_of.__code__.co_argcount == 1 + len(names) - 11


@settings(max_examples=200, deadline=None)
@given(complete_hands())
def test_built_values_are_the_constructed_values(hand):
    s = hand.situation
    fields = [getattr(s, f.name) for f in dataclasses.fields(Situation)]
    built_s = build_situation_of(tuple(fields[:11]), *fields[11:])   # the eleven flags as one tuple
    built = build_hand(tuple(reversed(hand.concealed)), hand.melds, hand.winning_tile, built_s,
                       tuple(reversed(hand.flowers)), hand.rules, hand.preset, hand.claim)
    for a, b in ((built_s, s), (built, hand)):
        assert type(a) is type(b) and a == b and hash(a) == hash(b) and repr(a) == repr(b)
        assert pickle.loads(pickle.dumps(a)) == b
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, dataclasses.fields(a)[0].name, None)
    assert dataclasses.replace(built, rules="mcr") == dataclasses.replace(hand, rules="mcr")
    assert built.with_situation(honba=5).situation.honba == 5


def test_parsed_values_are_frozen_and_equal_to_constructed_ones():
    h = parse_hand("123m456p789s11z55z+5z tsumo riichi dora:4p")
    assert type(h) is Hand and type(h.situation) is Situation
    assert h == Hand(h.concealed, h.melds, h.winning_tile, Situation(**{
        f.name: getattr(h.situation, f.name) for f in dataclasses.fields(Situation)}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.situation.tsumo = False


def test_a_parsed_hand_keeps_its_notation_and_a_changed_one_writes_its_own():
    from grammar import format_hand
    h = parse_hand("[345m]0p55p1122z+5p(7777z) seat:s dora:5m6p honba:3 tsumo rinshan")
    assert h.notation() == format_hand(h) == "550p1122z[345m](7777z)+5p tsumo rinshan honba:3 dora:5m6p"
    changed = h.with_situation(honba=0, seat_wind=2)
    assert changed == dataclasses.replace(h, situation=changed.situation) and changed != h
    assert changed.notation() == format_hand(changed) == "550p1122z[345m](7777z)+5p tsumo rinshan seat:W dora:5m6p"
    assert pickle.loads(pickle.dumps(h)).notation() == h.notation()
