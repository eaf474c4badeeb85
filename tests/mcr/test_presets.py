"""Editions as presets: ``mcr`` (PyMahjongGB 1.4.0) and ``green-book`` (2006 Green Book differences)."""

from __future__ import annotations

import pytest

from scorer.errors import NotationError
from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.mcr import PRESETS, evaluate, find_preset
from scorer.tiles import Tile, parse_tiles


def test_presets_are_listed_with_descriptions_and_options():
    assert set(PRESETS) == {"mcr", "green-book"}
    for p in PRESETS.values():
        assert p.description and isinstance(p.options, dict)
    assert find_preset(None).name == "mcr"
    with pytest.raises(NotationError):
        find_preset("no-such-edition")


def _kongs(first: MeldType, second: MeldType) -> Hand:
    """[1111m] and [9999p] as the given kongs, 234s 567s, a pair of 5p completed on a discard."""
    melds = (Meld(first, tuple(parse_tiles("1111m"))), Meld(second, tuple(parse_tiles("9999p"))))
    return Hand(tuple(parse_tiles("234s567s5p")), melds, Tile.parse("5p"), Situation(seat_wind=2), rules="mcr")


def test_two_concealed_kongs_is_8_in_the_green_book():
    h = _kongs(MeldType.ANKAN, MeldType.ANKAN)
    mcr, gb = evaluate(h), evaluate(h, "green-book")
    assert mcr.fan_counts("key")["two_concealed_kongs"] == 1
    line = next(l for l in gb.fans if l.fan.key == "two_concealed_kongs")
    assert line.points == 8
    assert gb.fan_total == mcr.fan_total + 2


def test_melded_and_concealed_kong():
    h = _kongs(MeldType.KAN, MeldType.ANKAN)
    mcr, gb = evaluate(h), evaluate(h, "green-book")
    assert mcr.fan_counts("key")["concealed_kong_and_melded_kong"] == 1  # MIL: 5
    assert "concealed_kong_and_melded_kong" not in gb.fan_counts("key")
    assert gb.fan_counts("key")["melded_kong"] == 1 and gb.fan_counts("key")["concealed_kong"] == 1
    assert gb.fan_total == mcr.fan_total - 2


def test_lesser_honors_adds_all_types_in_the_green_book():
    # 147m 258p 369s with East South West North White: lesser honors and knitted tiles (with knitted straight)
    h = Hand(tuple(parse_tiles("147m258p36s12345z")), (), Tile.parse("9s"), Situation(seat_wind=1), rules="mcr")
    mcr, gb = evaluate(h), evaluate(h, "green-book")
    assert mcr.fan_counts("key").get("lesser_honors_and_knitted_tiles") == 1
    assert "all_types" not in mcr.fan_counts("key")
    assert gb.fan_counts("key")["all_types"] == 1
    assert gb.fan_total == mcr.fan_total + 6


def test_a_preset_that_changes_a_fans_points_is_counted_with_them(monkeypatch):
    """The cached fan parts carry the fans' own points (the kong parts the preset's): a preset that changes any
    other fan's points is totalled fan by fan with its own, so All Chows worth 3 adds 1 to every hand that has
    it (and nothing to one that has not)."""
    from dataclasses import dataclass

    import scorer
    from scorer.mcr import evaluate
    from scorer.mcr import fans as F
    from scorer.mcr.presets import PRESETS, McrPreset

    @dataclass(frozen=True)
    class RicherChows(McrPreset):
        def value(self, fan_id: int) -> int:
            return 3 if fan_id == F.ALL_CHOWS else super().value(fan_id)

    monkeypatch.setitem(PRESETS, "richer-chows", RicherChows(name="richer-chows", description="test"))
    for text, has in (("123m456p789s234m5s+5s rules:mcr", True), ("111m456p789s234m5s+5s rules:mcr", False)):
        hand = scorer.parse(text)
        plain, rich = evaluate(hand), evaluate(hand, "richer-chows")
        assert (F.ALL_CHOWS in plain.fans_) == has
        assert rich.fan_total == plain.fan_total + (1 if has else 0)
