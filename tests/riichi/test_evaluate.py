"""The riichi evaluator's contract: presets by name, the result's keys, non-winning hands, the yaku table."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from hypothesis import given, settings

# 200 examples a property by default; a longer profile (HYPOTHESIS_PROFILE=long) raises it
_EXAMPLES = max(200, settings.default.max_examples)

from scorer.errors import NotationError
from scorer.hand import Hand, Situation
from scorer.riichi import PRESETS, RiichiResult, evaluate, find_preset, options_table
from scorer.riichi import yaku as yaku_module
from scorer.riichi.yaku import (FACT_NAMES, SUPERSEDED_BY, YAKU, YAKU_BY_ID, find_yaku, find_yaku_plainly, needs_of,
                               resolve, yaku_of)
from scorer.tiles import Tile, parse_tiles
from tests.riichi.strategies import winning_hands

KEYS = {"rules", "preset", "hand", "win", "reason", "yaku", "dora", "han", "fu", "yakuman", "limit", "fu_breakdown",
        "points", "payments", "total_gain", "shanten", "waits"}


def _hand(text, win=None, **sit):
    return Hand(tuple(parse_tiles(text)), (), Tile.parse(win) if win else None, Situation(**sit))


def test_presets_are_data():
    assert set(PRESETS) >= {"standard", "tenhou", "mahjongsoul", "wrc", "ema"}
    assert find_preset(None).name == "standard"
    assert find_preset("Tenhou") is PRESETS["tenhou"]
    rows = options_table()
    assert [r["name"] for r in rows] == list(PRESETS)
    assert all(r["description"] for r in rows)
    with pytest.raises(AttributeError):
        PRESETS["tenhou"].options.kiriage = True  # frozen


def test_unknown_preset_names_the_known_ones():
    with pytest.raises(NotationError) as err:
        evaluate(_hand("123m456p99m222s78s", "9s", riichi=True), "nope")
    for name in PRESETS:
        assert name in str(err.value)


def test_presets_really_differ():
    opts = {name: p.options for name, p in PRESETS.items()}
    assert opts["mahjongsoul"].double_yakuman and not opts["tenhou"].double_yakuman
    assert opts["wrc"].kiriage and not opts["tenhou"].kiriage
    assert opts["wrc"].kazoe == opts["ema"].kazoe == "sanbaiman" and opts["tenhou"].kazoe == "yakuman"
    assert not opts["wrc"].red_fives and opts["tenhou"].red_fives
    assert opts["wrc"].double_wind_pair_fu == 2 and opts["tenhou"].double_wind_pair_fu == 4


def test_to_dict_keys_and_json():
    r = evaluate(_hand("123m456p99m222s78s", "9s", riichi=True, sticks=1, honba=1), "tenhou")
    d = r.to_dict()
    assert set(d) == KEYS
    assert d["rules"] == "riichi" and d["preset"] == "tenhou" and d["win"] is True and d["reason"] is None
    assert d["yaku"] == [{"name": "riichi", "kanji": "立直", "han": 1}]
    assert d["dora"] == {"dora": 0, "red": 0, "ura": 0}
    assert sum(f["fu"] for f in d["fu_breakdown"]) == d["fu"] == 40
    assert d["payments"] == [{"from": "discarder", "amount": 1600}]
    assert d["points"] == 1300 and d["total_gain"] == 2600
    assert d["waits"] == ["6s", "9s"] and d["shanten"] == -1
    json.dumps(d, ensure_ascii=False)
    assert isinstance(r, RiichiResult)
    with pytest.raises(Exception):
        r.win = False  # frozen


def test_not_complete_is_a_result():
    r = evaluate(_hand("123m456p99m222s79s", "1s", riichi=True))
    assert not r.win and r.reason == "not complete"
    assert r.shanten == 0 and [str(t) for t in r.waits] == ["8s"]
    assert r.to_dict()["waits"] == ["8s"]


def test_thirteen_tiles_without_winning_tile():
    r = evaluate(_hand("123m456p99m222s78s"))
    assert not r.win and r.reason == "not complete" and r.shanten == 0
    assert [str(t) for t in r.waits] == ["6s", "9s"]


def test_no_yaku_and_dora_do_not_help():
    r = evaluate(_hand("123m456p99m222s78s", "9s", dora=(Tile.parse("8s"),)))
    assert not r.win and r.reason == "no yaku" and r.shanten == -1
    assert r.han == 0 and r.points == 0 and r.payments == ()


def test_four_of_a_kind_is_not_two_pairs():
    # 1111m 22p 33p 44p 55s 66s would be seven pairs only with a duplicate pair: riichi rejects it
    r = evaluate(_hand("1111m22p33p44p55s6s", "6s", riichi=True))
    assert not r.win


def test_yaku_table_is_data():
    ids = [y.id for y in YAKU]
    assert len(ids) == len(set(ids))
    assert all(y.kanji and y.name for y in YAKU)
    # each check is a def of the yaku module (no code in strings, no lambda), and every yaku names the facts it
    # needs; the source is read from the .py (the module itself may be a compiled build of it: scorer._compiled)
    source = (Path(yaku_module.__file__).parent / "yaku.py").read_text(encoding="utf-8")
    defs = {node.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef)}
    assert all(callable(y.applies) and y.applies.__module__ == yaku_module.__name__ and y.applies.__name__ in defs
               for y in YAKU)
    assert all(needs_of(y) for y in YAKU)
    assert "eval(" not in source and "exec(" not in source
    for weak, strong in SUPERSEDED_BY.items():
        assert weak in YAKU_BY_ID and all(s in YAKU_BY_ID for s in strong)
    assert YAKU_BY_ID["round_wind_e"].kanji == "場風 東" and YAKU_BY_ID["seat_wind_s"].kanji == "自風 南"
    assert YAKU_BY_ID["chun"].kanji == "役牌 中"


@settings(max_examples=_EXAMPLES)
@given(winning_hands())
def test_needs_filtered_table_agrees_with_applies(hand):
    """find_yaku (only the checks whose needs hold) equals calling every yaku's applies(); every yaku that
    applies has all the facts it needs (so the needs are necessary conditions, never hiding a yaku), and an exact
    yaku applies whenever its needs hold."""
    import sys
    mod = sys.modules["scorer.riichi.evaluate"]   # the package's ``evaluate`` attribute is the function
    seen = []
    original = mod.raw_yaku_bits

    def spy(ctx):
        raw = original(ctx)
        fast = resolve(raw)
        assert [y.id for y in yaku_of(fast)] == [y.id for y in find_yaku_plainly(ctx)]
        assert find_yaku(ctx) == yaku_of(fast)
        for y in YAKU:
            if (ctx.closed or y.han_open is not None) and y.applies(ctx):
                missing = needs_of(y) & ~ctx.facts
                assert not missing, (y.id, [n for i, n in enumerate(FACT_NAMES) if missing >> i & 1])
            elif y.exact:   # an exact row's needs are its whole condition
                assert needs_of(y) & ~ctx.facts, y.id
        seen.append(1)
        return raw

    mod.raw_yaku_bits = spy
    try:
        mod.evaluate(hand, "tenhou")
    finally:
        mod.raw_yaku_bits = original
    assert seen   # every generated hand wins a shape, so at least one placement was checked


@settings(max_examples=_EXAMPLES)
@given(winning_hands())
def test_conservation(hand):
    """Payments add up: the winner's gain is what the payers pay plus the deposits; points exclude honba."""
    r = evaluate(hand, "tenhou")
    if not r.win:
        return
    s = hand.situation
    assert r.total_gain == sum(p.amount for p in r.payments) + 1000 * s.sticks
    assert r.points == sum(p.amount for p in r.payments) - 300 * s.honba
    assert sum(f.fu for f in r.fu_items) == r.fu
    assert all(p.amount % 100 == 0 for p in r.payments)
    assert len(r.payments) == (3 if s.tsumo else 1)


@settings(max_examples=_EXAMPLES)
@given(winning_hands())
def test_waits_read_from_the_packed_code(hand):
    """A winning (or no-yaku) result keeps the concealed tiles' hand code the evaluator packed; the waits read from
    it equal the waits packed again from the tiles, and they are exactly the kinds that complete the hand (the
    core's waits, from the counts), the winning tile among them."""
    from scorer.riichi.evaluate import _wait_kinds
    from scorer.shanten import waits_counts
    from scorer.tiles import counts34
    r = evaluate(hand, "tenhou")
    assert r.concealed_code >= 0   # every generated hand is complete: it wins, or has no yaku
    kinds = r._wait_kinds()
    assert kinds == _wait_kinds(hand, -1)
    assert kinds == waits_counts(counts34(hand.concealed), len(hand.melds))
    assert hand.winning_tile.kind in kinds
    assert r.to_dict()["waits"] == [str(Tile(k)) for k in kinds]


def test_fifth_tile_is_an_impossible_hand():
    from scorer.errors import ImpossibleHandError
    from scorer.melds import Meld, MeldType
    with pytest.raises(ImpossibleHandError):
        evaluate(_hand("11112m456p789s55z", "1m"))
    hand = Hand(tuple(parse_tiles("1m456p789s")), (Meld(MeldType.PON, tuple(parse_tiles("111m"))),
                                                     Meld(MeldType.CHI, tuple(parse_tiles("123m")))),
                Tile.parse("1m"), Situation())
    with pytest.raises(ImpossibleHandError):
        evaluate(hand)
