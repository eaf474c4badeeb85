"""Whole games (issue 14): scripted scenes over the real engines (arranged walls, scripted players) and the game's
flow (:func:`scorer.game.match.next_position`) and end (:func:`standings`) read from the table presets' rules."""

from __future__ import annotations

import dataclasses

import pytest

from scorer.game.ai import ScriptedPlayer, TsumogiriPlayer
from scorer.game.ai.levels import find_ai
from scorer.game.match import (END_AGARI_YAME, END_BUST, END_EXTENSION, END_GOAL, END_LAST_DEAL, END_TENPAI_YAME,
                               GameError, Outcome, Position, chairs_of, check_game, deal_seed, next_position,
                               play_game, standings)
from scorer.game.presets import find_preset
from scorer.game.wall import Wall

TENHOU = find_preset("tenhou")
MCR = find_preset("mcr")

# hands far from tenpai, one a seat (13 tiles each; no tile more than four times in all)
JUNK = ["147m258p369s1357z", "258m369p147s2467z", "369m147p258s3456z", "147m258p369s1234z"]
TENPAI_DEALER = "123m456p789s1122z"      # waits on 1z / 2z (shanpon)


class Winner(TsumogiriPlayer):
    """Takes every win it is offered; otherwise discards what it draws and passes calls."""
    name = "winner"

    def choose(self, state, seat, actions):
        for a in actions:
            if a.type in ("tsumo", "ron"):
                return a
        return super().choose(state, seat, actions)


def out(points, *, won=False, dealer_won=False, dealer_tenpai=False, abortive=False, sticks=0):
    return Outcome(won=won, dealer_won=dealer_won, dealer_tenpai=dealer_tenpai, abortive=abortive,
                   points=tuple(points), sticks=sticks)


# ---- scenes on the engine -------------------------------------------------------------------------------------
def test_dealer_tenpai_repeats_and_honba_and_deposits_carry_to_the_winner():
    """East 1: the dealer declares riichi and is tenpai at the exhaustive draw -> East 1 again, honba 1, the
    deposit stays on the table. East 1-1: nobody tenpai -> the deal passes, honba 2. East 2-2: West wins by tsumo
    and takes the honba (100 x 2 from each) and the deposit; the next deal is East 3 with honba 0."""
    win_hand = "123m456p789s123s5z"     # West (chair 2) waits on 5z; draws it at its first turn
    walls = {0: Wall.arranged([TENPAI_DEALER, JUNK[1], JUNK[2], JUNK[3]], seed=3),
             1: Wall.arranged(JUNK, seed=4),
             2: Wall.arranged([JUNK[0], JUNK[1], win_hand, JUNK[3]], "1m5z", seed=5)}
    seen = []
    players = [lambda name: ScriptedPlayer([("riichi", None)]) if len(seen) == 1 else TsumogiriPlayer(),
               TsumogiriPlayer(), Winner(), TsumogiriPlayer()]
    res = play_game(players, preset=TENHOU, game="south", seed=1, walls=lambda pos: walls.get(pos.index),
                    before_deal=seen.append, max_deals=4)
    labels = [(p.label, p.honba, p.sticks) for p in seen]
    assert labels[:4] == [("East 1", 0, 0), ("East 1-1", 1, 1), ("East 2-2", 2, 1), ("East 3", 0, 0)]
    first = res.deals[0][-1]
    assert first.type == "draw_game" and first.tenpai[0] and not first.deposits_returned
    assert [e.type for e in res.deals[0]].count("riichi_accepted") == 1
    win = res.deals[2][-1]
    assert win.type == "win" and win.seat == 2 and win.from_seat is None
    # West's gain: the hand's payments, 3 x 100 x 2 honba and the 1,000 deposit
    assert win.deltas[2] == -sum(win.deltas[s] for s in (0, 1, 3)) + 1000
    assert all(win.deltas[s] <= -(200 + 300) for s in (0, 1, 3))   # each pays at least 300 + 200 honba
    assert seen[3].points == tuple(res.engines[2].state.players[c].score for c in range(4))


def test_a_dealer_win_repeats_a_non_dealer_win_passes_the_deal():
    pos = Position(wind=0, hand=1, honba=2, points=(25000,) * 4)
    nxt, why = next_position(TENHOU, "south", pos, out((20000, 35000, 22000, 23000), won=True, dealer_won=True))
    assert (nxt.wind, nxt.hand, nxt.honba, why) == (0, 1, 3, "")
    nxt, _ = next_position(TENHOU, "south", pos, out((20000, 25000, 32000, 23000), won=True))
    assert (nxt.wind, nxt.hand, nxt.honba) == (0, 2, 0)
    # a draw with the dealer noten: the deal passes, the honba still grows
    nxt, _ = next_position(TENHOU, "south", pos, out((25000,) * 4))
    assert (nxt.wind, nxt.hand, nxt.honba) == (0, 2, 3)
    # an abortive draw repeats at Tenhou
    nxt, _ = next_position(TENHOU, "south", pos, out((25000,) * 4, abortive=True))
    assert (nxt.hand, nxt.honba) == (1, 3)
    # East 4 passes into South 1
    nxt, _ = next_position(TENHOU, "south", Position(hand=3), out((25000,) * 4, won=True))
    assert (nxt.wind, nxt.hand, nxt.label) == (1, 0, "South 1")


def test_a_bust_ends_the_game_on_the_engine():
    """A table where everyone starts at 1,000: the first payment over 1,000 puts its payer below zero."""
    poor = dataclasses.replace(TENHOU, start_points=1000)
    win_hand = "234m456p678s345s8p"     # tanyao, waiting on 8p (tanki): 1,300 on a ron
    wall = Wall.arranged([JUNK[0], win_hand, JUNK[2], JUNK[3]], "1m", seed=9)
    # East throws 8p into South's wait at its first turn
    players = [ScriptedPlayer([("discard", "8p")]), Winner(), TsumogiriPlayer(), TsumogiriPlayer()]
    res = play_game(players, preset=poor, game="south", seed=2, walls=lambda pos: wall if pos.index == 0 else None)
    assert res.reason == END_BUST and len(res.deals) == 1
    win = res.deals[0][-1]
    assert win.type == "win" and win.seat == 1 and win.from_seat == 0
    east = next(s for s in res.standings if s.player == 0)
    assert east.points < 0 and east.place == 4
    assert next(s for s in res.standings if s.player == 1).place == 1


def test_zero_points_is_no_bust_but_below_zero_is():
    pos = Position(wind=0, hand=0)
    assert next_position(TENHOU, "south", pos, out((0, 40000, 30000, 30000), won=True))[0] is not None
    assert next_position(TENHOU, "south", pos, out((-100, 40100, 30000, 30000), won=True)) == (None, END_BUST)


def test_the_last_deal_ends_the_game_when_someone_has_the_goal():
    last = Position(wind=1, hand=3, points=(25000,) * 4)
    assert next_position(TENHOU, "south", last, out((31000, 25000, 24000, 20000), won=True)) == \
        (None, END_LAST_DEAL)


def test_extension_sudden_death_into_the_west_round():
    """South 4 ends with nobody at 30,000: the game goes on into West 1; the first deal after which someone has
    30,000 ends it; no one by West 4: the game ends there."""
    last = Position(wind=1, hand=3, points=(25000,) * 4)
    nxt, why = next_position(TENHOU, "south", last, out((29000, 26000, 25000, 20000), won=True))
    assert (nxt.label, why) == ("West 1", "")
    nxt2, why = next_position(TENHOU, "south", nxt, out((29000, 26000, 25000, 20000), won=True))
    assert nxt2.label == "West 2"
    assert next_position(TENHOU, "south", nxt2, out((30000, 26000, 24000, 20000), won=True)) == (None, END_GOAL)
    west4 = Position(wind=2, hand=3)
    assert next_position(TENHOU, "south", west4, out((29000, 26000, 25000, 20000), won=True)) == \
        (None, END_EXTENSION)
    # an East game's extension is the South round
    nxt, _ = next_position(TENHOU, "east", Position(wind=0, hand=3), out((29000, 26000, 25000, 20000), won=True))
    assert nxt.label == "South 1"


def test_extension_on_the_engine_goes_into_west_with_the_scores_carried():
    """A South game whose deals all end in draws with nobody tenpai: nobody reaches 30,000, so it plays into the
    West round and ends after West 4 (the extension over)."""
    seen = []
    res = play_game([TsumogiriPlayer()] * 4, preset=TENHOU, game="south", seed=5, before_deal=seen.append,
                    walls=lambda pos: Wall.arranged(JUNK, seed=pos.index))
    assert [p.label.split("-")[0] for p in seen] == [f"{w} {h}" for w in ("East", "South", "West")
                                                    for h in range(1, 5)]
    assert res.reason == END_EXTENSION
    assert [p.honba for p in seen] == list(range(12))
    assert all(s.points == 25000 for s in res.standings)
    assert [s.place for s in res.standings] == [1, 2, 3, 4]     # equal points: seat order from the first dealer


def test_agari_yame_and_tenpai_yame_for_the_leading_last_dealer():
    last = Position(wind=1, hand=3, points=(25000,) * 4)
    ahead = (22000, 24000, 20000, 34000)
    assert next_position(TENHOU, "south", last, out(ahead, won=True, dealer_won=True)) == (None, END_AGARI_YAME)
    assert next_position(TENHOU, "south", last, out(ahead, dealer_tenpai=True)) == (None, END_TENPAI_YAME)
    # not in the lead: the dealer plays on
    behind = (36000, 24000, 10000, 30000)
    nxt, _ = next_position(TENHOU, "south", last, out(behind, won=True, dealer_won=True))
    assert (nxt.label, nxt.honba) == ("South 4-1", 1)
    # a table without agari-yame: the dealer plays on even in the lead
    no_stop = dataclasses.replace(TENHOU, game=dataclasses.replace(TENHOU.game, agari_yame=False,
                                                                   tenpai_yame=False))
    nxt, _ = next_position(no_stop, "south", last, out(ahead, won=True, dealer_won=True))
    assert nxt.label == "South 4-1"


def test_agari_yame_on_the_engine():
    """The dealer of East 4 in an East game wins and leads with 30,000 or more: the game ends there."""
    no_dragons = ["147m258p369s1234z", "258m369p147s1234z", "369m147p258s1234z"]
    dealer = "1234m555666777z"          # daisangen, waiting on 1m / 4m
    last = Wall.arranged(no_dragons + [dealer], "9m9m9p9p4m", seed=1)
    res = play_game([Winner()] * 4, preset=TENHOU, game="east", seed=8,
                    walls=lambda pos: last if (pos.wind, pos.hand) == (0, 3) else Wall.arranged(JUNK, seed=pos.index))
    # East 1-3 are draws with nobody tenpai, then North (chair 3) deals East 4 and wins by tsumo
    assert res.reason == END_AGARI_YAME
    assert res.positions[-1].label.startswith("East 4")
    assert next(s for s in res.standings if s.player == 3).place == 1


def test_mahjongsoul_and_tenhou_scores():
    """Tenhou: points rounded to the thousand, return 30,000, oka +20 and uma +20/+10/-10/-20 (the first's score
    makes them add up to zero); Mahjong Soul: from 25,000, uma +15/+5/-5/-15, no oka, no rounding."""
    names = ["a", "b", "c", "d"]
    st = standings(TENHOU, (21600, 31500, 8700, 38200), 0, names)
    assert [s.place for s in st] == [3, 2, 4, 1]
    assert [s.score for s in st] == [-18.0, 12.0, -41.0, 47.0]
    ms = standings(find_preset("mahjongsoul"), (21600, 31500, 8700, 38200), 0, names)
    assert [s.score for s in ms] == [-8.4, 11.5, -31.3, 28.2]
    # leftover deposits go to the first; equal points: seat order from the first dealer
    st = standings(TENHOU, (30000, 30000, 20000, 18000), 2, names)
    assert [s.points for s in st] == [32000, 30000, 20000, 18000] and [s.place for s in st] == [1, 2, 3, 4]
    assert sum(s.score for s in st) == pytest.approx(0)


# ---- the MCR match ----------------------------------------------------------------------------------------------
def test_mcr_match_seats_rotate_between_winds():
    """Four winds of four deals; each wind's first dealer sits in chair 0; the players A B C D (first-deal winds)
    sit East wind A B C D, South wind B A D C, West wind C D B A, North wind D C A B; each player deals once a
    wind; the prevailing wind is on every deal."""
    res = play_game([find_ai("basic", "mcr")] * 4, preset=MCR, game="match", seed=4, names=list("ABCD"))
    assert len(res.deals) == 16 and res.reason == END_LAST_DEAL
    seating = {0: "ABCD", 1: "BADC", 2: "CDBA", 3: "DCAB"}
    for n, deal in enumerate(res.deals):
        start, d = deal[0], deal[1]
        wind, hand = divmod(n, 4)
        assert "".join(start.players) == seating[wind]
        assert (d.round_wind, d.dealer) == (wind, hand)
    for wind in range(4):
        dealers = {res.deals[wind * 4 + h][0].players[h] for h in range(4)}
        assert dealers == set("ABCD")
    # the points follow the players across chairs
    total = [0, 0, 0, 0]
    for n, deal in enumerate(res.deals):
        chairs = chairs_of(MCR.game, n // 4)
        for e in deal:
            if e.type == "win":
                for c in range(4):
                    total[chairs[c]] += e.deltas[c]
    assert [s.points for s in res.standings] == total


def test_mcr_table_points_share_ties():
    names = list("ABCD")
    st = standings(MCR, (10, 10, -5, -15), 0, names)
    assert [s.table_points for s in st] == [3.0, 3.0, 1.0, 0.0]
    st = standings(MCR, (0, 0, 0, 0), 0, names)
    assert [s.table_points for s in st] == [1.75] * 4
    st = standings(MCR, (40, -10, -10, -20), 0, names)
    assert [s.table_points for s in st] == [4.0, 1.5, 1.5, 0.0]
    assert [s.place for s in st] == [1, 2, 3, 4]


def test_mcr_match_never_repeats_the_dealer():
    pos = Position(wind=0, hand=2, points=(0,) * 4)
    nxt, _ = next_position(MCR, "match", pos, out((8, -8, 0, 0), won=True, dealer_won=True))
    assert (nxt.wind, nxt.hand, nxt.honba) == (0, 3, 0)
    assert next_position(MCR, "match", Position(wind=3, hand=3), out((0,) * 4)) == (None, END_LAST_DEAL)


# ---- seeds, lengths -------------------------------------------------------------------------------------------
def test_deal_seeds_are_fixed_by_game_seed_and_index():
    assert deal_seed(7, 3) == deal_seed(7, 3)
    assert len({deal_seed(7, i) for i in range(50)}) == 50
    assert deal_seed(7, 0) != deal_seed(8, 0)
    assert 0 <= deal_seed(123456789, 99) < 2 ** 31


def test_a_game_is_reproduced_by_its_seed_and_ais_start_fresh_every_deal():
    made = []

    def maker(name):
        ai = find_ai("basic", "riichi")(name)
        made.append(ai)
        return ai
    a = play_game([maker] * 4, preset=TENHOU, game="east", seed=21)
    b = play_game([find_ai("basic", "riichi")] * 4, preset=TENHOU, game="east", seed=21)
    assert [e.to_json() for d in a.deals for e in d] == [e.to_json() for d in b.deals for e in d]
    assert len(made) == 4 * len(a.deals) and len({id(x) for x in made}) == len(made)


def test_games_the_table_does_not_play():
    with pytest.raises(GameError, match="plays --game east, south"):
        check_game(TENHOU, "match")
    with pytest.raises(GameError, match="plays --game match"):
        check_game(MCR, "south")
    with pytest.raises(GameError, match="unknown game"):
        check_game(TENHOU, "hanchan")


def test_the_leading_last_dealer_may_choose_to_play_on_where_the_rules_say_so():
    """The standard table makes agari-yame the dealer's choice (Tenhou and Mahjong Soul stop by themselves)."""
    std = find_preset("standard")
    last = Position(wind=1, hand=3, points=(25000,) * 4)
    ahead = (22000, 24000, 20000, 34000)
    won = out(ahead, won=True, dealer_won=True)
    assert next_position(std, "south", last, won) == (None, END_AGARI_YAME)          # nobody asked: stops
    nxt, _ = next_position(std, "south", last, won, lambda player, pos, o: player != 3)
    assert (nxt.label, nxt.honba) == ("South 4-1", 1)
    assert next_position(TENHOU, "south", last, won, lambda *_: False) == (None, END_AGARI_YAME)


def test_a_dealer_who_played_on_is_read_back_from_the_log(tmp_path):
    """East game, seed 42: the last dealer leads after winning three times; asked each time, he plays on. The
    saved game is read back with those choices (the log goes on after each), and resumes to the same end."""
    ai = find_ai("basic", "riichi")
    asked = []
    whole = play_game([ai] * 4, preset="standard", game="east", seed=42,
                      stops=lambda eng, player: asked.append(player) or False)
    assert asked == [3, 3, 3] and whole.reason == END_LAST_DEAL
    stopping = play_game([ai] * 4, preset="standard", game="east", seed=42)
    assert stopping.reason == END_AGARI_YAME and len(stopping.deals) < len(whole.deals)
    path = str(tmp_path / "game.jsonl")
    play_game([ai] * 4, preset="standard", game="east", seed=42, log=path, max_deals=len(whole.deals) - 1,
              stops=lambda eng, player: False)
    from scorer.game.match import load_game, resume_game
    saved = load_game(path)
    assert saved.next == whole.positions[-1]
    rest = resume_game(path, [ai] * 4, stops=lambda eng, player: False)
    assert rest.standings == whole.standings and rest.reason == whole.reason


@pytest.mark.parametrize("preset, game, rules", [("tenhou", "south", "riichi"), ("mahjongsoul", "south", "riichi"),
                                                 ("standard", "east", "riichi"), ("mcr", "match", "mcr")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_game_keeps_the_points_and_follows_its_rules(preset, game, rules, seed):
    """Over whole AI games: the points on the table (deposits included) never change in sum; each deal starts
    where the one before left (scores, deposits); the honba grows only after a repeat or a draw; the dealer
    passes on unless he repeats; the scores at the end add up to zero (riichi) and the places are 1-4."""
    pre = find_preset(preset)
    res = play_game([find_ai("basic", rules)] * 4, preset=pre, game=game, seed=seed)
    total = 4 * pre.start_points
    for pos, eng, nxt in zip(res.positions, res.engines, res.positions[1:] + [None]):
        st = eng.state
        chairs = chairs_of(pre.game, pos.wind)
        assert sum(p.score for p in st.players) + st.sticks * pre.riichi_cost == total
        if nxt is None:
            continue
        assert nxt.index == pos.index + 1
        assert list(nxt.points) == [st.players[chairs.index(p)].score for p in range(4)]
        assert nxt.sticks == st.sticks
        same_dealer = (nxt.wind, nxt.hand) == (pos.wind, pos.hand)
        won = st.result.type == "win"
        if pre.game.honba:
            assert nxt.honba == (pos.honba + 1 if same_dealer or not won else 0)
        if same_dealer:
            assert pre.game.renchan_on_win or pre.game.renchan_on_tenpai
        else:
            assert nxt.wind * 4 + nxt.hand == pos.wind * 4 + pos.hand + 1
    assert sorted(s.place for s in res.standings) == [1, 2, 3, 4]
    assert sum(s.points for s in res.standings) == total
    if rules == "riichi":
        assert sum(s.score for s in res.standings) == pytest.approx(0, abs=0.11)
    first = min(res.standings, key=lambda s: s.place)
    assert first.points == max(s.points for s in res.standings)
