"""Scripted scenes for the table rules of issue 13 that are table data: temporary furiten (``missed_ron_furiten``:
``standard`` follows its card, a passed *legal* ron; ``tenhou`` keeps Tenhou's "any winning kind going by") and
karaten (``karaten``: one field decides the riichi offer, the draw settlement and the card)."""

from __future__ import annotations

import dataclasses

from scorer.game.presets import find_preset, rules_card_rows
from scorer.game.rules.riichi import tenpai_at_draw

from tests.game.scene import Scene, junk


# closed, no pinfu (a triplet), waiting on 1m / 4m: 4m wins with all simples, 1m has no yaku
NO_YAKU_ON_1M = "234p555p345s88s23m"


# ---- temporary furiten ---------------------------------------------------------------------------------------
def test_standard_a_winning_kind_without_a_yaku_going_by_is_no_furiten():
    s = Scene([junk(), NO_YAKU_ON_1M, junk("2z"), junk("3z")])
    s.turn(0, "7z").turn(1, "7z")
    s.turn(2, "1m")
    assert "ron" not in s.types(1)             # complete on 1m, but no yaku: no ron to pass
    s.turn(3, "4m")                            # the window on 1m closed; now the tanyao tile
    assert not s.state.players[1].temp_furiten
    assert "ron" in s.types(1)


def test_tenhou_any_winning_kind_going_by_is_furiten():
    s = Scene([junk(), NO_YAKU_ON_1M, junk("2z"), junk("3z")], preset="tenhou")
    s.turn(0, "7z").turn(1, "7z")
    s.turn(2, "1m")
    assert "ron" not in s.types(1)
    s.turn(3, "4m")
    assert s.state.players[1].temp_furiten     # Tenhou: the 1m going by made the hand furiten
    assert "ron" not in s.types(1)
    s.turn(0, "8p").turn(1, "8p")              # until its own next draw
    assert not s.state.players[1].temp_furiten


def test_standard_a_passed_legal_ron_is_furiten_until_the_next_draw():
    s = Scene([junk(), NO_YAKU_ON_1M, junk("2z"), junk("3z")])
    s.turn(0, "7z").turn(1, "7z")
    s.turn(2, "4m")
    assert "ron" in s.types(1)                 # a legal ron ...
    s.turn(3, "4m")                            # ... passed: the next event closes the window
    assert s.state.players[1].temp_furiten
    assert "ron" not in s.types(1)
    s.turn(0, "8p").turn(1, "8p")
    assert not s.state.players[1].temp_furiten
    s.turn(2, "4m")
    assert "ron" in s.types(1)


def test_the_cards_state_each_furiten_rule():
    std = dict(rules_card_rows(find_preset("standard")))["temporary furiten"]
    ten = dict(rules_card_rows(find_preset("tenhou")))["temporary furiten"]
    assert "passing a ron you could make" in std and "yaku" in std
    assert "even one you could not ron" in ten


# ---- karaten -------------------------------------------------------------------------------------------------
# the dealer: a closed kan of 4m, then 123p 456p 88s and 3m5m: the only wait is 4m, all four in the kan
KARATEN_DEAL = "4444m123p456p88s3m"


def karaten_scene(preset):
    s = Scene([KARATEN_DEAL, junk(), junk("2z"), junk("3z")], preset=preset)
    s.draw(0, "5m")
    s.ankan(0, "4444m")
    s.draw(0, "1z", rinshan=True)
    return s


def test_standard_karaten_is_no_tenpai_no_riichi_and_noten_at_the_draw():
    s = karaten_scene("standard")
    assert "riichi" not in s.types(0)
    assert not s.state.rules.can_riichi(s.state, 0)
    s.discard(0, "1z")
    assert s.state.players[0].waits == (3,)    # 4m: the shape waits on it ...
    assert tenpai_at_draw(s.state)[0] is False     # ... but no copy is left: noten


def test_tenhou_karaten_may_declare_riichi_and_is_noten_at_the_draw():
    s = karaten_scene("tenhou")
    assert "riichi" in s.types(0)
    assert s.discards(0, "riichi") == {"1z"}
    s.riichi(0, "1z")
    assert tenpai_at_draw(s.state)[0] is False


def test_karaten_as_tenpai_when_the_field_says_so():
    pre = dataclasses.replace(find_preset("standard"), karaten="tenpai")
    s = karaten_scene(pre)
    assert "riichi" in s.types(0)
    s.discard(0, "1z")
    assert tenpai_at_draw(s.state)[0] is True


def test_a_live_wait_beside_the_kan_is_tenpai_at_every_table():
    for name, riichi_discards in (("standard", {"3m"}), ("tenhou", {"3m", "6m"})):
        s = Scene([KARATEN_DEAL, junk(), junk("2z"), junk("3z")], preset=name)
        s.draw(0, "5m")
        s.ankan(0, "4444m")
        s.draw(0, "6m", rinshan=True)
        # 3m out: 56m waits on 4m (none left) and 7m (live); 6m out: 35m waits on 4m alone (karaten)
        assert s.discards(0, "riichi") == riichi_discards, name
        s.discard(0, "3m")
        assert tenpai_at_draw(s.state)[0] is True


def test_the_cards_state_the_karaten_rule():
    std = dict(rules_card_rows(find_preset("standard")))
    ten = dict(rules_card_rows(find_preset("tenhou")))
    key = next(k for k in std if k.startswith("karaten"))
    assert "no riichi" in std[key] and "noten" in std[key]
    assert "riichi may be declared" in ten[key] and "noten" in ten[key]
    assert not any(k.startswith("karaten") for k in dict(rules_card_rows(find_preset("mcr"))))


def test_the_engine_settles_a_karaten_hand_as_noten_at_the_draw():
    """Whole deals on an arranged wall: East's only wait, 4m, is all in its closed kan. At ``standard`` East
    cannot declare riichi and is noten at the exhaustive draw; with ``karaten="tenpai"`` it collects the noten
    payments."""
    from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
    from scorer.game.engine import play_deal
    from scorer.game.wall import Wall
    noten = ("129m189p19s12345z", "139m179p19s12346z", "19m189p19s123467z")

    def run(preset):
        east = ScriptedPlayer([("ankan", "4m"), ("riichi", "1z")])     # then the drawn tile, every turn
        players = [east, TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()]
        wall = Wall.arranged([KARATEN_DEAL, *noten], "5m", replacements="1z")
        eng = play_deal(players, wall=wall, preset=preset)
        return eng, east
    eng, east = run("standard")
    res = eng.state.result
    assert res.type == "draw_game" and res.tenpai == [False] * 4 and res.deltas == [0, 0, 0, 0]
    assert not any(a.type == "riichi" for a in east.seen[1])          # the turn after the kan's replacement
    assert not any(e.type == "riichi" for e in eng.events)
    eng, _ = run(dataclasses.replace(find_preset("standard"), karaten="tenpai"))
    res = eng.state.result
    # 3,000 of noten payments and its own riichi deposit returned
    assert res.tenpai == [True, False, False, False] and res.deltas == [4000, -1000, -1000, -1000]
    assert any(e.type == "riichi" for e in eng.events)
