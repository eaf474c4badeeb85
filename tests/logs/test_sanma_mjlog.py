"""Three-player Tenhou mjlog: ``read_mjlog`` on the real three-player game
``../shared/realdata/riichi/tenhou-mjlog-misc/sanma2.xml`` (GO type 185), read as the record says, and replayed
through the engine at the ``tenhou-sanma`` table.

The rounds are first checked without the engine: three hands of 13 from the 108-tile set, every tile
once, each North extraction followed by its replacement draw, the hands rebuilt from the events equal to the
hands Tenhou shows at each win and the nuki counts to the agari records, the three-seat deltas (tsumo-son, the
2,000-point noten pool) chaining into the next round's scores and the final scores.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from scorer.errors import LogError
from scorer.logs import mjlog, read_bytes, read_log
from scorer.logs.replay import replay_round
from scorer.logs.sanma import ENGINE_LIMIT, LIVE_TILES, SANMA_TILE_IDS, Nuki

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "realdata" / "riichi" / "tenhou-mjlog-misc"
SANMA2 = REAL / "sanma2.xml"
needs_real = pytest.mark.skipif(not SANMA2.exists(), reason="real records not present")


def _rounds(data: bytes | None = None, name: str = "sanma2.xml"):
    return list(mjlog.read_mjlog(data if data is not None else read_bytes(str(SANMA2)), name, three_player=True))


# ---- the real game --------------------------------------------------------------------------------------------
@needs_real
def test_the_game_reads_as_six_three_player_rounds():
    rounds = _rounds()
    assert [r.label for r in rounds] == ["East 1, 0 honba", "East 2, 0 honba", "East 2, 1 honba",
                                         "East 2, 2 honba", "East 2, 3 honba", "East 3, 0 honba"]
    assert {r.preset for r in rounds} == {"tenhou-sanma"}
    assert [e.type for r in rounds for e in r.events if e.type in ("win", "draw_game")] == \
        ["win", "win", "draw_game", "win", "win", "win"]
    for r in rounds:
        deal = r.events[0]
        assert len(deal.hands) == 3 and all(len(h) == 13 for h in deal.hands)
        assert len(deal.scores) == 3 and deal.live_left == LIVE_TILES == 55
        assert len(r.players) == 3
        assert all(len(e.deltas) == 3 for e in r.events if e.type in ("win", "draw_game"))
    assert rounds[0].events[0].scores == [35000] * 3      # the three-player start
    assert rounds[-1].last_of_game and rounds[-1].final_scores == [27400, 83100, -5500]


@needs_real
def test_tiles_are_the_108_set_each_once():
    for r in _rounds():
        deal = r.events[0]
        seen = [t for h in deal.hands for t in h] + [deal.dora_indicator]
        seen += [e.tile for e in r.events if e.type == "draw"] + [e.indicator for e in r.events if e.type == "dora"]
        assert len(seen) == len(set(seen)), r.name
        assert set(seen) <= SANMA_TILE_IDS and not any(4 <= t < 32 for t in seen)   # no 2m-8m
        assert len(seen) <= 108


@needs_real
def test_every_north_extraction_takes_a_replacement_draw():
    n = 0
    for r in _rounds():
        for i, e in enumerate(r.events):
            if e.type == "nuki":
                nxt = r.events[i + 1]
                assert (nxt.type, nxt.seat, nxt.rinshan) == ("draw", e.seat, True), r.name
                assert e.tile // 4 == 30
                n += 1
    assert n == 16
    assert not any(e.type == "call" and e.kind == "chi" for r in _rounds() for e in r.events)


def _hands_at_results(rnd):
    """Each seat's concealed tiles and nuki count, rebuilt from the events, at each win (with the winning tile)."""
    deal = rnd.events[0]
    hands = [Counter(h) for h in deal.hands]
    nuki = [0, 0, 0]
    out = []
    for e in rnd.events[1:]:
        t = e.type
        if t == "draw":
            hands[e.seat][e.tile] += 1
        elif t == "discard":
            hands[e.seat][e.tile] -= 1
        elif t == "nuki":
            hands[e.seat][e.tile] -= 1
            nuki[e.seat] += 1
        elif t == "call":
            own = list(e.tiles)
            if e.kind in ("pon", "kan"):
                own.remove(e.called)
            elif e.kind == "kakan":
                own = [e.called]
            for x in own:
                hands[e.seat][x] -= 1
        elif t == "win":
            hand = +hands[e.seat]
            if e.from_seat is not None:
                hand[e.tile] += 1
            out.append((e, sorted(hand.elements()), nuki[e.seat]))
        for h in hands:
            assert min(h.values(), default=0) >= 0, rnd.name
    return out


@needs_real
def test_rebuilt_hands_are_the_hands_tenhou_shows_and_nuki_match_the_agari_records():
    from tests.riichi.records import is_sanma, load_records

    records = {(r["kyoku_index"], r["honba"], r["winner"]): r for r in load_records() if is_sanma(r)}
    checked = 0
    for rnd in _rounds():
        deal = rnd.events[0]
        for win, hand, nuki in _hands_at_results(rnd):
            assert hand == sorted(map(int, win.hand.split(","))), rnd.name
            rec = records[(deal.dealer, deal.honba, win.seat)]
            assert nuki == sum(m["type"] == "nuki" for m in rec["melds"]), rnd.name
            assert win.deltas == rec["deltas"][:3] and (win.han, win.fu, win.points) == \
                (rec["han"], rec["fu"], rec["points"])
            checked += 1
    assert checked == 5 == len(records)


@needs_real
def test_deltas_chain_into_the_next_round_and_the_final_scores():
    """Three-seat bookkeeping: each round's scores + deltas - riichi deposits are the next round's scores; the
    exhaustive draw's noten pool is 2,000 (one tenpai seat: +2,000, two noten seats -1,000 each)."""
    rounds = _rounds()
    for r, nxt in zip(rounds, rounds[1:] + [None]):
        deal = r.events[0]
        scores = list(deal.scores)
        for e in r.events:
            if e.type == "riichi_accepted":
                scores[e.seat] -= 1000
            elif e.type in ("win", "draw_game"):
                scores = [s + d for s, d in zip(scores, e.deltas)]
        assert scores == (nxt.events[0].scores if nxt else r.final_scores), r.name
    draw = next(e for r in rounds for e in r.events if e.type == "draw_game")
    assert draw.tenpai == [False, True, False] and draw.deltas == [-1000, 2000, -1000]


# ---- replay through the engine -----------------------------------------------------------------------------
@needs_real
def test_read_log_reads_the_three_player_game_and_a_four_player_reading_refuses_it():
    assert [r.label for r in read_log(str(SANMA2))] == [r.label for r in _rounds()]
    with pytest.raises(LogError) as info:
        list(mjlog.read_mjlog(read_bytes(str(SANMA2)), "sanma2.xml", three_player=False))
    msg = str(info.value)
    assert msg.startswith("sanma2.xml: a three-player game (GO type 185)") and ENGINE_LIMIT in msg


@needs_real
def test_every_round_replays_through_the_engine_and_agrees():
    """Each round at the tenhou-sanma table: every event legal, the engine's score and every seat's delta the
    record's (tsumo-son, honba 100 from each of two payers, the 2,000 noten pool), the scores chaining into the
    final [27400, 83100, -5500]."""
    from scorer.logs.replay import replay_rounds
    reports = list(replay_rounds(_rounds()))
    assert [r.agree for r in reports] == [True] * 6
    assert [r.deltas for r in reports] == [r.record_deltas for r in reports]
    assert reports[0].deltas == [-4000, 7000, -2000]            # a non-dealer mangan tsumo: no North payer
    assert reports[2].outcome == "exhaustive" and reports[2].deltas == [-1000, 2000, -1000]
    assert reports[-1].scores_after == [27400, 83100, -5500]


@needs_real
def test_a_round_replays_alone():
    rep = replay_round(_rounds()[1])
    assert rep.agree and rep.wins[0].limit == "mangan" and rep.deltas == [0, 13000, -12000]


@needs_real
def test_four_player_games_are_not_read_as_three_player():
    """sanma.xml, despite its name, is a four-player special lobby (GO type 2113: no 0x10 bit)."""
    with pytest.raises(LogError, match="sanma.xml: not a three-player game"):
        _rounds(read_bytes(str(REAL / "sanma.xml")), "sanma.xml")


# ---- scripted documents ----------------------------------------------------------------------------------------
_HEAD = ('<mjloggm ver="2.3"><GO type="185" lobby="0"/><UN n0="a" n1="b" n2="c" n3=""/>'
         '<INIT seed="0,0,0,2,1,70" ten="350,350,350,0" oya="0" hai0="40,79,111,71,60,131,50,121,59,124,88,84,96" '
         'hai1="99,89,103,68,77,41,110,120,45,113,109,62,37" hai2="106,122,42,125,67,83,1,112,53,93,78,52,2" '
         'hai3=""/>')
_END = '<RYUUKYOKU ba="0,0" sc="350,0,350,0,350,0,0,0" owari="350,0.0,350,0.0,350,0.0,0,0.0"/></mjloggm>'


def _doc(body: str) -> bytes:
    return (_HEAD + body + _END).encode()


def test_scripted_nuki_and_replacement():
    """Seat 0 draws 82, sets North 121 aside (m = 121 << 8 | 0x20), draws 38 as the replacement, discards."""
    (rnd,) = _rounds(_doc('<T82/><N who="0" m="31008" /><T38/><D124/>'), "x.xml")
    evs = rnd.events[1:5]
    assert [e.type for e in evs] == ["draw", "nuki", "draw", "discard"]
    assert evs[1] == Nuki(seat=0, tile=121) and evs[2].rinshan and not evs[0].rinshan
    assert evs[1].to_dict() == {"type": "nuki", "seat": 0, "tile": 121}
    assert rnd.final_scores == [35000] * 3


@pytest.mark.parametrize("body,message", [
    ('<T82/><D82/><N who="1" m="47511" />', "a chi at a three-player table"),        # chi bits (m & 4)
    ('<T82/><W5/>', "a fourth seat at a three-player table"),
    ('<T8/>', r"tile 8 \(3m\) is not in the three-player set"),
    ('<T82/><N who="0" m="25888" />', "only a North"),                                 # nukidora of 101 (7s)
    ('<T82/><N who="3" m="31008" />', r"who=3 is not a seat \(0-2\)"),
])
def test_scripted_three_player_errors(body, message):
    with pytest.raises(LogError, match=message):
        _rounds(_doc(body), "x.xml")


def test_a_nukidora_in_a_four_player_game_is_an_error():
    four = (_HEAD.replace('type="185"', 'type="169"').replace('hai3=""', 'hai3="0,4,8,12,16,20,24,28,32,72,76,80,92"')
            .replace('ten="350,350,350,0"', 'ten="250,250,250,250"'))
    data = (four + '<T82/><N who="0" m="31008" />' + _END).encode()
    with pytest.raises(LogError, match="a nukidora .* at a four-player table"):
        list(mjlog.read_mjlog(data, "x.xml"))


def test_a_three_player_log_without_go_is_read_as_three_player_and_refused_when_four_are_asked():
    """Old logs have no GO element: the empty fourth hand says three players."""
    data = _doc('<T82/><N who="0" m="31008" /><T38/><D124/>').replace(b'<GO type="185" lobby="0"/>', b"")
    with pytest.raises(LogError, match="a three-player game \\(no hand for seat 3\\); read here as a four"):
        list(mjlog.read_mjlog(data, "x.xml", three_player=False))
    for rnd in (_rounds(data, "x.xml")[0], next(mjlog.read_mjlog(data, "x.xml"))):
        assert [e.type for e in rnd.events[1:5]] == ["draw", "nuki", "draw", "discard"]
        assert rnd.preset == "tenhou-sanma" and len(rnd.events[0].hands) == 3


@needs_real
def test_cli_replay_verify_of_the_three_player_game_agrees():
    from typer.testing import CliRunner

    from scorer.cli.app import app
    run = CliRunner().invoke(app, ["replay", str(SANMA2), "--verify"])
    assert run.exit_code == 0, run.output
    assert "1 file(s), 6 rounds, 6 agree with the record" in run.output


def test_a_call_from_the_empty_fourth_seat_is_an_error():
    """Tenhou counts a call's source round four seats at a three-player table too: seat 2 calling ``src`` 2 is
    seat 0; seat 1 calling ``src`` 2 would be the empty seat 3."""
    assert mjlog.decode_meld(2, 15402, 3).from_seat == 0
    with pytest.raises(LogError, match="a call from the empty fourth seat"):
        mjlog.decode_meld(1, 15402, 3)
