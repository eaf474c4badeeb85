"""Three-player hands through the commands: payments as preset data (tsumo-son and the North-split variant),
``analyze`` (shanten, waits and ukeire on the 108 tiles) and ``batch`` (three-player lines with nuki).

Expected values are worked out from the rules and, where riichienv applies (``calculate_shanten_3p``,
``HandEvaluator3P.get_waits``), checked against it.

The split table is Sega's MJ three-player tsumo table (北家折半: the absent North's share split between the two
payers, each half rounded up to 100; irilyuu.com/mahjong/mj/sannma-tennsuu-itirann/, also described at
mahjongcollege.com/score-calculation/7768/).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from grammar import parse_hand
from scorer import score
from scorer.analysis import analyze, read_hand
from scorer.claims import check_claim
from scorer.cli.app import app
from scorer.cli.batch import batch_command
from scorer.kinds import SANMA_ABSENT_KINDS, SANMA_KINDS
from scorer.riichi.points import NORTH_SPLIT, TSUMO_SON, payments
from scorer.riichi.presets import PRESETS, RiichiOptions, find_preset
from scorer.tiles import Tile

# 111p 456p 789s 99s 111z won on 9s: closed, East triplet (the round wind), 40 fu
CLOSED = "111p456p789s9s111z+9s"


# ---- payments as data -----------------------------------------------------------------------------------------
# (fu, han) -> (dealer pays, non-dealer pays) for a non-dealer tsumo; the dealer's tsumo: each pays; limits by base
MJ_NON_DEALER = {(30, 1): (700, 500), (20, 2): (900, 600), (20, 3): (1700, 1100), (20, 4): (3300, 2000),
                 (25, 3): (2000, 1200), (30, 2): (1300, 800), (30, 3): (2500, 1500), (40, 1): (900, 600),
                 (40, 2): (1700, 1100), (40, 3): (3300, 2000), (50, 1): (1000, 600), (50, 2): (2000, 1200),
                 (50, 3): (4000, 2400)}
MJ_DEALER = {(20, 2): 1100, (20, 3): 2000, (20, 4): 3900, (25, 3): 2400, (25, 4): 4800, (30, 1): 800,
             (30, 2): 1500, (30, 3): 3000, (40, 1): 1100, (40, 2): 2000, (40, 3): 3900, (50, 1): 1200,
             (50, 2): 2400, (50, 3): 4800}
MJ_LIMITS = {2000: ((5000, 3000), 6000), 3000: ((7500, 4500), 9000), 4000: ((10000, 6000), 12000),
             6000: ((15000, 9000), 18000), 8000: ((20000, 12000), 24000)}


def _amounts(base, dealer, scheme, honba=0):
    return tuple(p.amount for p in payments(base, dealer, True, honba, scheme))


@pytest.mark.parametrize("fu, han", sorted(MJ_NON_DEALER))
def test_north_split_non_dealer_tsumo_is_mjs_table(fu, han):
    assert _amounts(fu << (han + 2), False, NORTH_SPLIT) == MJ_NON_DEALER[fu, han]


@pytest.mark.parametrize("fu, han", sorted(MJ_DEALER))
def test_north_split_dealer_tsumo_is_mjs_table(fu, han):
    assert _amounts(fu << (han + 2), True, NORTH_SPLIT) == (MJ_DEALER[fu, han],) * 2


@pytest.mark.parametrize("base", sorted(MJ_LIMITS))
def test_north_split_limits(base):
    non_dealer, dealer_each = MJ_LIMITS[base]
    assert _amounts(base, False, NORTH_SPLIT) == non_dealer
    assert _amounts(base, True, NORTH_SPLIT) == (dealer_each, dealer_each)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 8000), st.booleans(), st.integers(0, 8))
def test_payments_conserve(base, dealer, honba):
    """Every scheme: the payers pay what the winner gets. Tsumo-son is the four-player split less the absent
    seat; the North split is the four-player total, or 100 more (its two halves rounded up), honba 100 a payer;
    a ron is the same whatever the scheme."""
    four = payments(base, dealer, True, honba, False)
    son = payments(base, dealer, True, honba, TSUMO_SON)
    split = payments(base, dealer, True, honba, NORTH_SPLIT)
    assert len(four) == 3 and len(son) == len(split) == 2
    assert [p.payer for p in son] == [p.payer for p in split]
    north = four[-1].amount - four[-1].honba                   # the absent seat's share (a non-dealer's)
    assert sum(p.amount for p in son) == sum(p.amount for p in four) - four[-1].amount
    extra = sum(p.amount - p.honba for p in split) - sum(p.amount - p.honba for p in four)
    assert extra in (0, 100) and (extra == 0) == (north % 200 == 0)
    assert all(p.honba == 100 * honba for p in split)
    for s, t in zip(son, split):
        assert t.amount - s.amount == north // 2 + (50 if north % 200 else 0) and t.amount % 100 == 0
    assert payments(base, dealer, False, honba, NORTH_SPLIT) == payments(base, dealer, False, honba, TSUMO_SON)


def test_the_split_preset_is_data_beside_tenhou_sanma():
    split, son = find_preset("sanma-split"), find_preset("tenhou-sanma")
    assert split.options.north_share == "split" and son.options.north_share == "lost"
    assert split.players == son.players == 3 and find_preset("tenhou").players == 4
    assert set(SANMA_ABSENT_KINDS) == {k for k in range(34) if split.absent_mask >> k & 1}
    with pytest.raises(ValueError):
        RiichiOptions(three_player=True, north_share="north pays")
    assert "sanma-split" in PRESETS


@pytest.mark.parametrize("preset, seat, pays, total", [
    ("tenhou-sanma", "S", [("dealer", 4000), ("non-dealer", 2000)], 6000),    # mangan, tsumo-son
    ("sanma-split", "S", [("dealer", 5000), ("non-dealer", 3000)], 8000),     # mangan, the North's 2000 split
    ("sanma-split", "E", [("non-dealer", 6000)] * 2, 12000),                 # the dealer's mangan
])
def test_a_mangan_tsumo_under_each_scheme(preset, seat, pays, total):
    # menzen tsumo 1 + East 1 (2 as the dealer's double East) + 2 nuki = 4 (5) han 40 fu: mangan
    r = score(f"{CLOSED} tsumo nuki:2 seat:{seat} preset:{preset}")
    assert r.limit == "mangan" and [(p.payer, p.amount) for p in r.payments] == pays and r.points == total


def test_a_claim_is_checked_with_the_presets_payments():
    r = score(f"{CLOSED} tsumo nuki:2 preset:sanma-split")
    assert check_claim(r, "3000/5000").agree
    assert not check_claim(r, "2000/4000").agree
    assert check_claim(score(f"{CLOSED} tsumo nuki:2 preset:tenhou-sanma"), "2000/4000").agree


# ---- analyze ---------------------------------------------------------------------------------------------------
# 1m 9m isolated beside 123456p 123s 55z: one from tenpai. On 108 tiles only 1m, 9m (a pair: 3 copies left each)
# and 5z (a triplet: 2 left) help; with 136 tiles 2m 3m 7m 8m help too (a 12m, 13m, 79m, 89m shape).
ONE_AWAY = "1m9m123456p123s55z"


def _tiles(rows):
    return [(u["tile"], u["left"]) for u in rows]


def test_analyze_leaves_out_the_kinds_a_three_player_table_lacks():
    d = analyze(read_hand(ONE_AWAY, preset="tenhou-sanma"))
    assert d["shanten"] == 1 and d["players"] == 3
    assert _tiles(d["ukeire"]) == [("1m", 3), ("9m", 3), ("5z", 2)]
    four = analyze(read_hand(ONE_AWAY))
    assert "players" not in four
    assert _tiles(four["ukeire"]) == [("1m", 3), ("2m", 4), ("3m", 4), ("7m", 4), ("8m", 4), ("9m", 3), ("5z", 2)]
    # the preset keyword in the line does the same as the caller's preset
    assert analyze(read_hand(ONE_AWAY + " preset:tenhou-sanma")) == d


def test_analyze_fourteen_tiles_ranks_discards_on_the_108():
    d = analyze(read_hand(ONE_AWAY + "9p", preset="tenhou-sanma"))
    assert d["shanten"] == 1
    for row in d["discards"]:
        assert not {t for t, _ in _tiles(row["tiles"])} & {str(Tile(k)) for k in SANMA_ABSENT_KINDS}
    by = {r["discard"]: r for r in d["discards"]}
    assert by["9p"]["shanten"] == 1 and by["9p"]["ukeire"] == 3 + 3 + 2
    assert by["1m"]["ukeire"] == 3 + 4 + 4 + 3 + 2   # 9m, 7p, 8p, 9p (one in hand), 5z


def test_analyze_waits_on_the_108():
    d = analyze(read_hand("11m99m456p789s111z", preset="tenhou-sanma"))
    assert d["shanten"] == 0 and [w["tile"] for w in d["waits"]] == ["1m", "9m"]   # a shanpon


def test_norths_set_aside_are_in_view():
    """A North tanki with three Norths set aside: every North is in view, so nothing completes it (karaten):
    shanten 0 (the core's count of the shape) with no wait; with two set aside the North is still a wait."""
    text = "456p789s123s111z4z preset:tenhou-sanma"
    assert [w["tile"] for w in analyze(read_hand(text))["waits"]] == ["4z"]
    assert [w["tile"] for w in analyze(read_hand(text + " nuki:2"))["waits"]] == ["4z"]
    karaten = analyze(read_hand(text + " nuki:3"))
    assert karaten["shanten"] == 0 and karaten["waits"] == []
    # a shanpon on East and North: with two Norths set aside, the other two are in the hand: East alone is left
    shanpon = "456p789s123s11z44z preset:tenhou-sanma"
    assert [w["tile"] for w in analyze(read_hand(shanpon))["waits"]] == ["1z", "4z"]
    assert [w["tile"] for w in analyze(read_hand(shanpon + " nuki:2"))["waits"]] == ["1z"]


def _rv():
    return pytest.importorskip("riichienv")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([4 * k + c for k in SANMA_KINDS for c in range(4)]), min_size=13, max_size=13,
                unique=True))
def test_analyze_agrees_with_riichienv_on_the_108(ids):
    rv = _rv()
    tiles = [Tile(i // 4) for i in sorted(ids)]
    text = "".join(str(t) for t in tiles) + " preset:tenhou-sanma"
    d = analyze(read_hand(text))
    assert d["shanten"] == rv.calculate_shanten_3p(sorted(ids))
    if d["shanten"] == 0:
        theirs = sorted(rv.HandEvaluator3P(sorted(ids), []).get_waits())
        assert sorted(Tile.parse(w["tile"]).kind for w in d["waits"]) == theirs
    else:
        assert all(Tile.parse(u["tile"]).kind in SANMA_KINDS for u in d["ukeire"])


def test_the_analyze_command_takes_a_preset():
    runner = CliRunner()
    r = runner.invoke(app, ["analyze", ONE_AWAY, "--preset", "tenhou-sanma", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["players"] == 3 and "2m" not in {u["tile"] for u in d["ukeire"]}
    r = runner.invoke(app, ["analyze", ONE_AWAY, "--preset", "tenhou-sanma"])
    assert r.exit_code == 0 and "3 players" in r.stdout
    r = runner.invoke(app, ["analyze", "234m456p789s11z55z", "--preset", "tenhou-sanma"])
    assert r.exit_code == 1 and "2m-8m" in r.output
    assert runner.invoke(app, ["analyze", ONE_AWAY, "--preset", "bogus"]).exit_code == 2



def test_analyze_ev_draws_from_the_three_player_wall():
    """--ev under a three-player preset: 2m-8m are never drawn (counted in view), the Norths set aside are in
    view and are dora: the pool is 108 - 14 in hand - N, no ukeire names 2m-8m, and a North set aside adds value."""
    runner = CliRunner()

    def ev(extra):
        r = runner.invoke(app, ["analyze", ONE_AWAY + "+1z preset:tenhou-sanma" + extra, "--ev", "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)
    plain, one = ev(""), ev(" nuki:1")
    assert plain["pool"] == 108 - 14 and one["pool"] == 108 - 14 - 1
    assert all(t["tile"][1] != "m" or t["tile"] in ("1m", "9m") for d in plain["discards"] for t in d["tiles"])
    assert one["discards"][0]["ev"] > plain["discards"][0]["ev"]
    r = runner.invoke(app, ["analyze", ONE_AWAY + "+1z preset:tenhou-sanma", "seen:5m", "--ev"])
    assert r.exit_code == 1 and "no 2m-8m" in r.output


# ---- batch -----------------------------------------------------------------------------------------------------
def _batch(tmp_path, lines, preset=None):
    p = tmp_path / "sanma.txt"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    rc = batch_command([str(p)], None, preset, "jsonl", str(out), 1, "local", None)
    return rc, [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]


def test_batch_scores_three_player_lines_with_nuki(tmp_path):
    lines = [f"{CLOSED} tsumo nuki:2",                       # 4 han 40 fu: mangan, tsumo-son 4000/2000
             f"{CLOSED} tsumo",                              # 2 han 40 fu: 1300/700
             f"{CLOSED} tsumo nuki:2 preset:sanma-split",     # the line's own preset: 5000/3000
             "234m456p789s11z55z+5z ron nuki:1"]             # 2m-8m with nuki: an error row
    rc, rows = _batch(tmp_path, lines, preset="tenhou-sanma")
    assert [r["line"] for r in rows] == [1, 2, 3, 4]
    assert rows[0]["han"] == 4 and rows[0]["dora"]["dora"] == 2 and "nuki:2" in rows[0]["hand"]
    assert [p["amount"] for p in rows[0]["payments"]] == [4000, 2000]
    assert rows[1]["han"] == 2
    assert [p["amount"] for p in rows[1]["payments"]] == [1300, 700]
    assert rows[2]["preset"] == "sanma-split" and [p["amount"] for p in rows[2]["payments"]] == [5000, 3000]
    assert "2m-8m" in rows[3]["error"]
    assert rc == 1


def test_batch_refuses_nuki_at_a_four_player_table(tmp_path):
    rc, rows = _batch(tmp_path, [f"{CLOSED} tsumo nuki:1", f"{CLOSED} tsumo nuki:1 preset:tenhou-sanma"])
    assert "three-player preset" in rows[0]["error"]
    assert rows[1]["win"] and rows[1]["han"] == 3 and rc == 1
    assert parse_hand(f"{CLOSED} tsumo nuki:1", preset="tenhou-sanma").situation.nuki == 1


def test_batch_json_rows_are_to_dict_for_nuki_lines(tmp_path):
    text = f"{CLOSED} tsumo nuki:2"
    _, rows = _batch(tmp_path, [text], preset="tenhou-sanma")
    d = score(parse_hand(text, preset="tenhou-sanma")).to_dict()
    assert {k: v for k, v in rows[0].items() if k not in ("source", "line")} == d


def test_explain_values_the_chosen_arrangement_as_the_result_under_the_split():
    from scorer.riichi.explain import explain
    hand = parse_hand(f"{CLOSED} tsumo nuki:2 preset:sanma-split")
    chosen = [a for a in explain(hand)["arrangements"] if a["chosen"]]
    assert chosen and chosen[0]["points"] == score(hand).points == 8000
