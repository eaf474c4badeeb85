"""Scripted MCR table scenarios (issue #5): fixed walls, scripted players.

Flowers in the deal and chained in play; Robbing the Kong on an added kong and never on a concealed one; a
7-point hand refused and an 8-point one accepted (flowers do not count towards the minimum); head bump with two
and three wins; each payment case; an exhausted wall pays nothing.
"""

from __future__ import annotations

import pytest

from scorer.game import events as ev
from scorer.game.actions import PASS, RON, TSUMO
from scorer.game.mcr import McrEngine, McrWall, MCR_TILES, legal_actions, replay

T = MCR_TILES


class Tsumogiri:
    """Discards the drawn tile (or the last tile after a call); passes every call and every win."""

    name = "tsumogiri"

    def choose(self, state, seat, actions):
        for a in actions:
            if a.type == PASS:
                return a
        drawn = state.last_draw
        for a in actions:
            if a.type == "discard" and a.tile == drawn:
                return a
        return [a for a in actions if a.type == "discard"][-1]


class Scripted(Tsumogiri):
    """Plays ``(type, tile notation or None)`` steps in order whenever the next one is legal; records offers."""

    def __init__(self, script=()):
        self.script = list(script)
        self.seen = []

    def choose(self, state, seat, actions):
        self.seen.append((state.phase, actions))
        if self.script:
            typ, tile = self.script[0]
            for a in actions:
                if a.type != typ:
                    continue
                if tile is not None:
                    shown = str(T[a.tile]) if a.tile is not None else "".join(str(T[t]) for t in a.tiles)
                    if tile not in shown:
                        continue
                self.script.pop(0)
                return a
        return super().choose(state, seat, actions)


class RobOnly(Scripted):
    """Wins only by robbing a kong; passes every other win (MCR has no furiten)."""

    def choose(self, state, seat, actions):
        if state.phase == "chankan":
            for a in actions:
                if a.type == RON:
                    return a
        return Scripted.choose(self, state, seat, [a for a in actions if a.type != RON] or actions)


def run(hands, draws="", replacements="", players=None, seed=0):
    wall = McrWall.arranged(hands, draws, replacements=replacements, seed=seed)
    players = players or [Tsumogiri() for _ in range(4)]
    eng = McrEngine(players, seed=seed, wall=wall)
    eng.run()
    return eng


def events_of(eng, typ):
    return [e for e in eng.events if e.type == typ]


def fans_of(win: ev.Win) -> list[str]:
    return [y.rsplit(" ", 1)[0].lower() for y in win.yaku]


FILL = ["159m159p159s1237z", "268m268p268s5677z", "37m37p37s4z111z222z", "4m4p4s333z444z555z6z"]
OTHER = "1m1p1p9p9p7m7m7p7p6s6s8m8m"     # no honors


# ---- flowers --------------------------------------------------------------------------------------------------
def test_flowers_in_the_deal_are_replaced_in_seat_order_round_after_round():
    hands = ["1f" + "23m567p789s12z34z", "147m258p369s1234z", "2f3f" + "9m8p7s1z2z3z4z5z6z7z5p", "5z5z6z6z7z7z1m1m1p1p1s1s9m"]
    # replacements from the far end: 4f (a flower again) for seat 0's 1f, then 5m 6m for seat 2, 7m for the 4f
    eng = run(hands, draws="9p", replacements="4f5m6m7m")
    flowers = [(e.seat, str(T[e.tile]), str(T[e.replacement])) for e in events_of(eng, "flower")][:4]
    assert flowers == [(0, "1f", "4f"), (2, "2f", "5m"), (2, "3f", "6m"), (0, "4f", "7m")]
    st = replay(eng.events[:2 + 1 + 4])          # start, deal, the dealer's 14th, four flower events
    assert [sorted(str(T[f]) for f in p.flowers) for p in st.players] == [["1f", "4f"], [], ["2f", "3f"], []]
    assert all(t < 136 for p in st.players for t in p.hand)
    assert [len(p.hand) for p in st.players] == [14, 13, 13, 13]
    # the replacements came from the far end of the wall
    assert [e.replacement for e in events_of(eng, "flower")][:4] == eng.wall.ids[-4:][::-1]


def test_flowers_drawn_in_play_are_replaced_again_and_again():
    hands = ["1m2m3m4m5m6m7m8m9m1p2p3p4p", FILL[1], FILL[2], FILL[3]]
    # dealer draws 9p and discards it; seat 1 draws 5f -> 6f -> 7f -> 1p
    eng = run(hands, draws="9p5f", replacements="6f7f1p")
    seq = [(e.type, e.seat, str(T[e.tile])) for e in eng.events[2:] if e.type in ("draw", "flower", "discard")][:6]
    assert seq == [("draw", 0, "9p"), ("discard", 0, "9p"), ("draw", 1, "5f"), ("flower", 1, "5f"),
                   ("flower", 1, "6f"), ("flower", 1, "7f")]
    seat1_discard = next(e for e in eng.events if e.type == "discard" and e.seat == 1)
    assert str(T[seat1_discard.tile]) == "1p" and seat1_discard.tsumogiri   # the replacement is the drawn tile
    before = eng.events[:eng.events.index(seat1_discard)]
    assert [e.seat for e in before if e.type == "flower"] == [1, 1, 1]


# ---- the minimum ----------------------------------------------------------------------------------------------
def test_a_7_point_win_is_refused_and_an_8_point_one_accepted():
    # seat 1 (South) waits on 2s (7 points: flowers do not count) and 6z (9 points); its 1f is replaced by 6z
    seat1 = Scripted([(RON, None)])
    hands = ["2s6z" + "1m2m3m4m5m6m7m8m9m3p4p", "444678p22s1116z1f", FILL[1], "4m5s4s333z444z555z9s"]
    players = [Scripted([("discard", "2s"), ("discard", "6z")]), seat1, Tsumogiri(), Tsumogiri()]
    eng = run(hands, draws="9p", replacements="6z", players=players)
    offers = [acts for phase, acts in seat1.seen if phase == "respond"]
    first = offers[0]                                      # the 2s: a pung but no win
    assert [a.type for a in first] == ["pon", "pass"]
    win = eng.state.result
    assert win.type == "win" and win.seat == 1 and win.from_seat == 0 and str(T[win.tile]) == "6z"
    assert eng.result.to_dict()["fan_total"] == 9 and eng.result.to_dict()["flowers"] == 1


# ---- robbing the kong -----------------------------------------------------------------------------------------
ROBBER = "123m46p789s234m99s"      # Mixed Straight on a closed 5p


def test_an_added_kong_can_be_robbed():
    seat1 = Scripted([("pon", None), ("discard", "1z"), ("kakan", "5p")])
    seat2 = RobOnly()
    hands = ["5p" + "9m8p1z2z3z4z5z6z7z1s2s3s", "55p9m" + "1z2z3z4z5z6z7z1s2s3s", ROBBER, OTHER]
    players = [Scripted([("discard", "5p")]), seat1, seat2, Tsumogiri()]
    # draws: dealer 14th, then (after the pung, seat 1 discards) seat 2, seat 3, seat 0, seat 1 draws the 4th 5p
    eng = run(hands, draws="7m" + "8m1m2m5p", players=players)
    win = eng.state.result
    assert win.type == "win" and win.seat == 2 and win.from_seat == 1
    assert "robbing the kong" in fans_of(win)
    assert "last tile" not in fans_of(win)      # robbing the kong does not also count Last Tile
    assert win.deltas[1] == -(8 + win.points) and win.deltas[0] == win.deltas[3] == -8


def test_a_concealed_kong_cannot_be_robbed():
    seat1 = Scripted([("ankan", "5p")])
    seat2 = RobOnly()
    hands = ["159m129p159s1237z", "555p" + "1z2z3z4z5z6z7z1s2s3s", ROBBER, OTHER]
    eng = run(hands, draws="7m5p", players=[Tsumogiri(), seat1, seat2, Tsumogiri()])
    kong = next(e for e in eng.events if e.type == "call")
    assert kong.kind == "ankan" and kong.seat == 1
    after = eng.events.index(kong)
    assert eng.events[after + 1].type == "draw" and eng.events[after + 1].rinshan   # straight to the replacement
    assert not any(phase == "chankan" for phase, _ in seat2.seen)
    assert eng.state.result.type == "draw_game"


# ---- head bump and payments -----------------------------------------------------------------------------------
WIN1 = "123m46p789s234m99s"       # Mixed Straight, closed 5p
WIN2 = "123s46p789m345s11s"       # Mixed Straight
WIN3 = "456m46p456s789p99m"       # Mixed Triple Chow


@pytest.mark.parametrize("who,winner", [((2, 3), 2), ((1, 2, 3), 1), ((1, 3), 1), ((3,), 3)])
def test_head_bump_the_nearest_after_the_discarder_wins(who, winner):
    fill = {1: "1z2z3z4z5z6z7z1z2z3z4z5z6z", 2: "1z2z3z4z5z6z7z1z2z3z4z5z6z", 3: "7z7z7z1s2s3s4s5s6s7s8s9s1m"}
    win_hands = {1: WIN1, 2: WIN2, 3: WIN3}
    hands = ["5p" + "1m1m1p1p1p2p2p6m6m6m8p8p"] + [win_hands[s] if s in who else fill[s] for s in (1, 2, 3)]
    players = [Scripted([("discard", "5p")])] + [Scripted([(RON, None)]) for _ in range(3)]
    eng = run(hands, draws="3p", players=players)
    win = eng.state.result
    assert win.type == "win" and win.seat == winner and win.from_seat == 0
    for s in who:   # every claimant was offered the win; only the nearest got it
        assert any(any(a.type == RON for a in acts) for _, acts in players[s].seen)
    assert len(events_of(eng, "win")) == 1


def test_payment_on_a_discard():
    hands = ["5p" + "1m1m1p1p1p2p2p6m6m6m8p8p", "1z2z3z4z5z6z7z1z2z3z4z5z6z", WIN2, "7z7z7z1s2s3s4s5s6s7s8s9s1m"]
    players = [Scripted([("discard", "5p")]), Tsumogiri(), Scripted([(RON, None)]), Tsumogiri()]
    eng = run(hands, draws="3p", players=players)
    win = eng.state.result
    total = eng.result.to_dict()["total"]
    assert win.points == total >= 8
    assert win.deltas == [-(8 + total), -8, 8 + total + 16, -8]
    assert sum(p.score for p in eng.state.players) == 0
    assert [p.score for p in eng.state.players] == win.deltas


def test_payment_self_drawn():
    hands = [FILL[0], WIN1, FILL[2], FILL[3]]
    seat1 = Scripted([(TSUMO, None)])
    eng = run(hands, draws="7m5p", players=[Tsumogiri(), seat1, Tsumogiri(), Tsumogiri()])
    win = eng.state.result
    d = eng.result.to_dict()
    assert win.seat == 1 and win.from_seat is None
    assert "self-drawn" in fans_of(win) or "fully concealed hand" in fans_of(win)
    t = d["total"]
    assert win.deltas == [-(8 + t), 3 * (8 + t), -(8 + t), -(8 + t)]


def test_exhausted_wall_is_a_draw_without_payments():
    eng = run([FILL[0], FILL[1], FILL[2], FILL[3]], seed=3)
    st = eng.state
    assert st.result.type == "draw_game" and st.result.deltas == [0, 0, 0, 0]
    assert st.live_left == 0 and [p.score for p in st.players] == [0, 0, 0, 0]
    assert sorted(st.tile_ids_in_play()) == list(range(144))


# ---- situation fans from the table ----------------------------------------------------------------------------
def test_out_with_replacement_tile_after_a_kong_even_through_a_flower():
    # seat 1 declares a concealed kong of 1z; the replacement is a flower, whose replacement completes the hand
    hands = ["159m159p159s2347z", "1111z" + "123m46p789s9s", FILL[1], FILL[3]]
    seat1 = Scripted([("ankan", "1z"), (TSUMO, None)])
    eng = run(hands, draws="7m9s", replacements="1f5p", players=[Tsumogiri(), seat1, Tsumogiri(), Tsumogiri()])
    win = eng.state.result
    assert win.type == "win" and win.seat == 1 and "out with replacement tile" in fans_of(win)


def test_out_with_replacement_tile_after_an_added_kong():
    seat1 = Scripted([("pon", None), ("discard", "9m"), ("kakan", "5p"), (TSUMO, None)])
    hands = ["5p9m8p9s2z3z4z5z6z7z1s2s3s", "55p123m456s789p1z9m", OTHER, FILL[1]]
    players = [Scripted([("discard", "5p")]), seat1, Tsumogiri(), Tsumogiri()]
    eng = run(hands, draws="7m" + "4m4m4m" + "5p", replacements="1z", players=players)
    kinds = [e.kind for e in eng.events if e.type == "call"]
    assert kinds == ["pon", "kakan"]
    win = eng.state.result
    assert win.type == "win" and win.seat == 1 and win.from_seat is None
    assert "out with replacement tile" in fans_of(win)


def test_a_flower_replacement_alone_is_not_out_with_replacement_tile():
    hands = [FILL[0], WIN1, FILL[2], FILL[3]]
    seat1 = Scripted([(TSUMO, None)])
    eng = run(hands, draws="7m1f", replacements="5p", players=[Tsumogiri(), seat1, Tsumogiri(), Tsumogiri()])
    win = eng.state.result
    assert win.type == "win" and win.seat == 1 and "out with replacement tile" not in fans_of(win)


def test_last_tile_draw_claim_and_last_tile_come_from_the_table():
    from scorer.game.mcr import win_hand
    eng = run([FILL[0], FILL[1], FILL[2], FILL[3]], seed=3)
    evs = eng.events
    last_draw = max(i for i, e in enumerate(evs) if e.type == "draw")
    st = replay(evs[:last_draw + 1])
    d = evs[last_draw]
    sit = win_hand(st, d.seat, st.last_draw, tsumo=True).situation
    assert st.live_left == 0 and sit.haitei and not sit.houtei            # Last Tile Draw
    last_discard = max(i for i, e in enumerate(evs) if e.type == "discard")
    st = replay(evs[:last_discard + 1])
    other = (st.last_discarder + 1) % 4
    sit = win_hand(st, other, st.last_discard, tsumo=False).situation
    assert sit.houtei and not sit.haitei                                   # Last Tile Claim
    # Last Tile: the other three copies of the kind are already in view (rivers and exposed melds)
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import in_view_counts
    seen = {True: 0, False: 0}

    def visit(e, state):
        if e.type != "discard":
            return
        n = in_view_counts(state, exclude=e.tile)[e.tile >> 2]
        sit = win_hand(state, (e.seat + 1) % 4, e.tile, tsumo=False).situation
        assert sit.last_tile == (n == 3)
        seen[sit.last_tile] += 1

    for seed in range(6):
        ai_deal = McrEngine([McrAI() for _ in range(4)], seed=seed)
        ai_deal.run()
        replay(ai_deal.events, visitor=visit)
    assert seen[True] and seen[False]


def test_no_calls_on_the_last_discard():
    eng = run([FILL[0], FILL[1], FILL[2], FILL[3]], seed=3)
    evs = eng.events
    last_discard = max(i for i, e in enumerate(evs) if e.type == "discard")
    st = replay(evs[:last_discard + 1])
    for s in range(4):
        assert all(a.type in (RON, PASS) for a in legal_actions(st, s))


def test_legal_actions_offer_no_riichi_and_no_calls_on_the_last_discard():
    eng = run([FILL[0], FILL[1], FILL[2], FILL[3]], seed=3)
    assert not any(a.type == "riichi" for a in eng.actions)


def test_the_minimum_and_the_flowers_are_table_preset_data():
    from dataclasses import replace

    from scorer.game.presets import find_preset
    practice = replace(find_preset("mcr"), name="mcr-practice", min_points=0, flowers=0)
    assert len(McrWall.shuffled(1, practice.flowers).ids) == 136
    seat1 = Scripted([(RON, None)])
    hands = ["2s6z" + "1m2m3m4m5m6m7m8m9m3p4p", "444678p22s11166z", FILL[1], "4m5s4s333z444z555z9s"]
    players = [Scripted([("discard", "2s")]), seat1, Tsumogiri(), Tsumogiri()]
    wall = McrWall.arranged(hands, "9p", seed=0)
    wall.ids = [i for i in wall.ids if i < 136]       # the practice table has no flowers
    wall.end = len(wall.ids)
    eng = McrEngine(players, preset=practice, wall=wall)
    eng.run()
    win = eng.state.result
    assert win.type == "win" and win.seat == 1 and str(T[win.tile]) == "2s"
    assert eng.result.to_dict()["fan_total"] == 7
