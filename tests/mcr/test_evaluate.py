"""mjscore's MCR evaluator on its own: results, reasons, payments, errors, the fan table."""

from __future__ import annotations

import csv
import dataclasses

import pytest

from scorer.errors import ImpossibleHandError
from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.mcr import McrResult, evaluate
from scorer.mcr import fans as F
from scorer.mcr.points import Payment, deltas, payments
from scorer.tiles import Tile, parse_tiles
from tests.mcr.conftest import REALDATA


def hand(concealed: str, win: str, melds=(), **situation) -> Hand:
    situation.setdefault("seat_wind", 0)
    return Hand(tuple(parse_tiles(concealed)), tuple(melds), Tile.parse(win), Situation(**situation), rules="mcr")


def meld(kind: str, tiles: str) -> Meld:
    return Meld(MeldType(kind), tuple(parse_tiles(tiles)))


# ---- the fan table -----------------------------------------------------------------------------------------------
def test_table_has_81_fans_and_the_mil_row():
    assert len(F.FANS) == 82
    assert [f.id for f in F.FANS] == list(range(1, 83))
    assert len({f.key for f in F.FANS}) == 82


def test_table_matches_reference_tsv():
    path = REALDATA / "fan_table_reference.tsv"
    if not path.exists():
        pytest.skip("../shared absent")
    with path.open(encoding="utf-8") as fh:
        for index, points, chinese, english in csv.reader(fh, delimiter="\t"):
            fan = F.FAN_BY_ID[int(index)]
            assert (fan.points, fan.chinese, fan.name) == (int(points), chinese, english)


def test_find_fan_by_any_name():
    assert F.find_fan("清一色").id == F.FULL_FLUSH
    assert F.find_fan("full flush").id == F.FULL_FLUSH
    assert F.find_fan("坎张").id == F.CLOSED_WAIT
    with pytest.raises(KeyError):
        F.find_fan("no such fan")


# ---- outcomes ----------------------------------------------------------------------------------------------------
def test_winning_hand_result():
    # 123m 456m 789m 123p 55s ron on 3p: Pure Straight 16 + ...
    r = evaluate(hand("12345678912p55s", "3p", seat_wind=1))
    assert r.win and r.reason is None and r.complete
    counts = r.fan_counts("key")
    assert counts["pure_straight"] == 1
    assert r.fan_total == sum(line.total for line in r.fans)
    assert r.total == r.fan_total
    assert r.payments == (Payment("discarder", 8 + r.total, 1), Payment("other", 8, 2))
    assert r.total_gain == 8 + r.total + 16
    assert isinstance(r, McrResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.win = False


def test_self_drawn_payments_and_flowers():
    r = evaluate(dataclasses.replace(hand("12345678912p55s", "3p", tsumo=True),
                                     flowers=tuple(parse_tiles("136f"))))
    assert r.flowers == 3 and r.total == r.fan_total + 3
    assert r.fan_counts("key")["flower_tiles"] == 3
    assert r.payments == (Payment("each opponent", 8 + r.total, 3),)
    assert r.total_gain == 3 * (8 + r.total)


def test_below_minimum_keeps_total():
    # 11m 123m 456p + concealed 666z by discard + [777z]: Two Dragons Pungs 6 + One Voided Suit 1
    r = evaluate(hand("11123m456p66z", "6z", [meld("pon", "777z")]))
    assert (r.win, r.reason, r.fan_total, r.meets_minimum) == (False, "below 8 points", 7, False)
    assert r.payments == () and r.total_gain == 0
    assert r.to_dict()["fans"]


def test_not_complete_gives_shanten_and_waits():
    r = evaluate(hand("1234567m1234p11s", "9s"))
    assert (r.win, r.reason, r.complete) == (False, "not complete", False)
    assert r.shanten >= 0
    h13 = Hand(tuple(parse_tiles("123456789m1234p")), (), None, Situation(), rules="mcr")
    r = evaluate(h13)
    assert r.reason == "not complete" and r.shanten == 0
    assert [str(t) for t in r.waits] == ["1p", "4p"]


def test_waits_of_a_complete_hand():
    r = evaluate(hand("12345678912p55s", "3p"))
    assert [str(t) for t in r.waits] == ["3p"]


def test_knitted_straight_wait_counts():
    # knitted straight 147m 258p 369s + 123m? no: 147m258p369s + 456s + 11z single wait on 1z
    r = evaluate(hand("147m258p369s456s1z", "1z", seat_wind=2))
    assert r.fan_counts("key")["knitted_straight"] == 1
    assert r.form == F.KNITTED


def test_to_dict_keys():
    d = evaluate(hand("12345678912p55s", "3p")).to_dict()
    assert list(d) == ["rules", "preset", "hand", "win", "reason", "fans", "fan_total", "flowers", "total",
                       "meets_minimum", "payments", "total_gain", "shanten", "waits"]
    assert d["rules"] == "mcr" and d["preset"] == "mcr"
    assert set(d["fans"][0]) == {"name", "chinese", "points", "count"}
    assert d["payments"][0]["from"] == "discarder"


# ---- errors ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("changes", [
    dict(situation=Situation(dora=(Tile.parse("1m"),))),
    dict(situation=Situation(riichi=True)),
    dict(concealed=tuple(parse_tiles("12340678912p55s"))),  # a red five
])
def test_impossible_under_mcr(changes):
    h = dataclasses.replace(hand("12345678912p55s", "3p"), **changes)
    with pytest.raises(ImpossibleHandError):
        evaluate(h)


def test_fifth_tile_is_impossible():
    with pytest.raises(ImpossibleHandError):
        evaluate(hand("1111234567899m", "1m"))


def test_wrong_size_is_impossible():
    with pytest.raises(ImpossibleHandError):
        evaluate(hand("123456789m", "1p"))


# ---- payments ----------------------------------------------------------------------------------------------------
def test_payments_and_deltas():
    assert payments(10, True) == (Payment("each opponent", 18, 3),)
    assert payments(10, False) == (Payment("discarder", 18, 1), Payment("other", 8, 2))
    assert deltas(10, 2, None) == [-18, -18, 54, -18]
    assert deltas(10, 2, 0) == [-18, -8, 34, -8]
    assert sum(deltas(25, 1, 3)) == 0


def test_the_result_is_the_one_its_constructor_makes():
    """evaluate fills its result slot by slot and switches the class (no per-field frozen-dataclass call): the value
    equals the constructor's from the same fields, has no instance dict, and stays frozen."""
    import scorer
    r = evaluate(scorer.parse("123m456p789s123m5z+5z rules:mcr"))
    fields = {f.name: getattr(r, f.name) for f in dataclasses.fields(McrResult)}
    assert McrResult(**fields) == r and type(r) is McrResult
    assert not hasattr(r, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.win = False


@pytest.mark.parametrize("where", ["concealed", "winning", "meld"])
def test_red_fives_and_flower_tiles_are_refused_where_they_stand(where):
    """A red five (or a flower among the hand tiles) is impossible under MCR wherever it stands: counted with the
    concealed tiles, as the winning tile, or in a meld."""
    from scorer.kinds import FLOWER_BASE
    from scorer.tiles import Tile
    plain = [Tile(k) for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 27)]
    red5 = Tile(4, True)
    if where == "concealed":
        hands = [Hand(tuple(plain[:10] + [red5, plain[11], plain[12]]), (), Tile(27), rules="mcr"),
                 Hand(tuple(plain[:12] + [Tile(FLOWER_BASE)]), (), Tile(27), rules="mcr")]
    elif where == "winning":
        hands = [Hand(tuple(plain[:9] + [plain[12], plain[12], Tile(3), Tile(5)]), (), red5, rules="mcr")]
    else:
        hands = [Hand(tuple(plain[:9] + [plain[12]]), (Meld(MeldType.CHI, (Tile(3), red5, Tile(5))),), Tile(27),
                      rules="mcr")]
    for hand in hands:
        with pytest.raises(ImpossibleHandError, match="red fives are not used|a flower is not a hand tile"):
            evaluate(hand)
    if where == "concealed":
        with pytest.raises(ImpossibleHandError, match="a flower is not a hand tile"):
            evaluate(hands[1])


def test_a_flower_as_the_winning_tile_is_refused():
    """A flower named as the winning tile is no hand tile (it leaves the closed tiles' code a tile short)."""
    from scorer.kinds import FLOWER_BASE
    plain = [Tile(k) for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 27)]
    with pytest.raises(ImpossibleHandError, match="a flower is not a hand tile"):
        evaluate(Hand(tuple(plain), (), Tile(FLOWER_BASE), rules="mcr"))


@pytest.mark.parametrize("situation, message", [
    (Situation(dora=(Tile(0),)), "dora and ura indicators"),
    (Situation(riichi=True), "riichi, ippatsu"),
    (Situation(flower_count=9), "at most 8 flowers"),
    (Situation(round_wind=4), "winds are 0-3"),
])
def test_an_impossible_situation_is_refused_every_time(situation, message):
    """The situation's checks hold for every hand that shares the Situation object (only one that passed them is
    kept by its id): the second hand with it is refused as the first was."""
    for _ in range(2):
        with pytest.raises(ImpossibleHandError, match=message):
            evaluate(Hand(tuple(parse_tiles("123m456p789s1122z")), (), Tile(27), situation, rules="mcr"))


def test_a_shared_situation_scores_each_hand_as_its_own():
    """Hands sharing one Situation object (the parser shares them) score as the same hands with their own copies:
    the situation's kept entry (self-drawn, winds, flower count) is read, never a stale one."""
    shared = Situation(tsumo=True, round_wind=1, seat_wind=1, flower_count=2)
    for text in ("123m456p789s1122z", "123m456p789s2233z", "111m456p789s1122z"):
        tiles = tuple(parse_tiles(text))
        a = evaluate(Hand(tiles[:-1], (), tiles[-1], shared, rules="mcr"))
        b = evaluate(Hand(tiles[:-1], (), tiles[-1], dataclasses.replace(shared), rules="mcr"))
        assert a.to_dict() == b.to_dict()
        assert a.flowers == 2 and a.payments == b.payments
