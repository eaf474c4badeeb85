"""Games written as tenhou.net/6 and mjai (issue 14, part 3): every exported round replays with ``--verify`` and
reads back as the engine's own events, for seeded AI deals and multi-deal games at both riichi tables, scripted
scenes (double and triple ron, abortive draws, nagashi mangan, pao, kans, chankan) and every real record re-written;
games a format cannot hold are a clear :class:`ExportError`.

"The same events" is :func:`scorer.logs.comparable` (physical copies of a tile compare by face), with no
adjustment: an open kan's dora indicator, which tenhou.net/6 does not place, is read back where Tenhou's own logs
have it (after the replacement draw, before the discard), and the ``tenhou`` table's engine turns it there too.
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.game.ai import RiichiAI, ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import Engine
from scorer.game.wall import Wall
from scorer.logs import comparable, read_log
from scorer.logs.export import DROPPED, WRITERS, ExportError, write_game
from scorer.logs.mjai import read_mjai
from scorer.logs.replay import LenientVisitor, replay_rounds
from scorer.logs.tenhou6 import read_tenhou6
from tests.game.test_tenhou_live import EAST, NINE, WAITING, nagashi_wall

READERS = {"tenhou6": read_tenhou6, "mjai": read_mjai}
REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "realdata" / "riichi"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realdata is absent")


def _ais():
    return [RiichiAI(f"ai{s}") for s in range(4)]


def one_deal(seed: int, preset: str) -> list:
    eng = Engine(_ais(), seed=seed, preset=preset)
    eng.run()
    return eng.events


def east_game(seed: int, preset: str, most: int = 10) -> list[list]:
    """An East game between AIs, deal after deal: the dealer repeats on a dealer win and on a draw the dealer is
    tenpai at (or an abortive draw), honba grow on a repeat or a draw, scores and deposits carry; ends when the
    dealer has passed from seat 3, someone falls below zero, or after ``most`` deals."""
    dealer, scores, honba, sticks = 0, None, 0, 0
    deals = []
    for k in range(most):
        eng = Engine(_ais(), seed=seed * 1000 + k, preset=preset, dealer=dealer, scores=scores, honba=honba,
                     sticks=sticks)
        eng.run()
        deals.append(eng.events)
        scores = [p.score for p in eng.state.players]
        sticks = eng.state.sticks
        wins = [e for e in eng.events if e.type == "win"]
        draw = next((e for e in eng.events if e.type == "draw_game"), None)
        repeat = any(w.seat == dealer for w in wins) if wins else (draw.reason != "exhaustive" or draw.tenpai[dealer])
        honba = honba + 1 if repeat or not wins else 0
        if not repeat:
            dealer += 1
        if dealer == 4 or min(scores) < 0:
            break
    return deals


def export(deals, fmt: str, **meta) -> bytes:
    out = io.StringIO()
    write_game(deals, fmt, out, **meta)
    return out.getvalue().encode("utf-8")


def same_events(a, b) -> bool:
    return [comparable(e) for e in a] == [comparable(e) for e in b]


def check_round_trip(deals, fmt: str, name: str = "game", **meta) -> list:
    """Export ``deals`` as ``fmt``, read it back, replay it verified; assert every round agrees and reads back as
    the engine's events. Returns the reports."""
    rounds = list(READERS[fmt](export(deals, fmt, **meta), f"{name}.{fmt}"))
    assert len(rounds) == len(deals)
    reports = list(replay_rounds(rounds, LenientVisitor()))
    bad = [(r.round.name, r.error, r.mismatches) for r in reports if not r.agree]
    assert bad == []
    for deal, rnd in zip(deals, rounds):
        played = [e for e in deal if e.type != "start"]
        assert same_events(played, rnd.events), rnd.name
    return reports


# ---- seeded AI deals and games, both tables ---------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
@pytest.mark.parametrize("preset", ["standard", "tenhou"])
def test_seeded_ai_deals_replay_verified_and_read_back_as_the_engine_events(fmt, preset):
    deals = [one_deal(seed, preset) for seed in range(60)]
    kinds = {(e.type, getattr(e, "kind", None)) for d in deals for e in d}
    assert {("call", "pon"), ("call", "chi"), ("riichi", None), ("draw_game", None)} <= kinds
    assert {("call", "ankan"), ("call", "kakan")} & kinds, "no kan in 60 deals: the test lost its reach"
    # each deal is its own one-deal game: written one after another in one file, every one verifies
    assert len(check_round_trip(deals, fmt, preset=preset)) == 60


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai", "own"])
@pytest.mark.parametrize("preset", ["standard", "tenhou"])
def test_multi_deal_games_verify_every_round_with_the_scores_carried(fmt, preset, tmp_path):
    n = 0
    carried = set()
    for seed in range(4):
        deals = east_game(seed, preset)
        carried |= {k for d in deals[1:] for k in ("dealer", "honba", "sticks") if getattr(d[1], k)}
        if fmt == "own":
            rounds = list(read_log_bytes(export(deals, fmt), tmp_path / f"g{seed}.jsonl"))
            reports = list(replay_rounds(rounds, LenientVisitor()))
            assert [r.round.name for r in reports if not r.agree] == []
        else:
            reports = check_round_trip(deals, fmt, f"g{seed}", preset=preset, game="east")
        assert len(reports) == len(deals)
        n += len(deals)
    # the dealer moved and honba carried; deposits carry at the tenhou table (the standard one returns them)
    assert n >= 12 and carried == ({"dealer", "honba", "sticks"} if preset == "tenhou" else {"dealer", "honba"})


@settings(max_examples=30)
@given(seed=st.integers(0, 2 ** 31 - 1), preset=st.sampled_from(["standard", "tenhou"]),
       fmt=st.sampled_from(["tenhou6", "mjai"]))
def test_property_any_seeded_deal_exports_reads_back_and_verifies(seed, preset, fmt):
    check_round_trip([one_deal(seed, preset)], fmt, preset=preset)


@settings(max_examples=6)
@given(seed=st.integers(0, 2 ** 20), preset=st.sampled_from(["standard", "tenhou"]),
       fmt=st.sampled_from(["tenhou6", "mjai"]))
def test_property_any_seeded_game_exports_reads_back_and_verifies(seed, preset, fmt):
    check_round_trip(east_game(seed, preset), fmt, preset=preset, game="east")


def read_log_bytes(data: bytes, path: Path):
    path.write_bytes(data)
    return read_log(str(path))


def test_a_changed_score_between_exported_deals_is_caught():
    """The replay still compares the scores carried from deal to deal of one exported game."""
    deals = east_game(1, "tenhou")
    assert len(deals) >= 2
    second = deals[1][1]
    deals[1] = [deals[1][0], dataclasses.replace(second, scores=[second.scores[0] + 100] + second.scores[1:])] + \
        deals[1][2:]
    for fmt in ("tenhou6", "mjai"):
        rounds = list(READERS[fmt](export(deals, fmt), f"x.{fmt}"))
        reps = list(replay_rounds(rounds, LenientVisitor()))
        assert any("next round starts with" in m for m in reps[0].mismatches), fmt


# ---- the command: mjscore replay --verify on exported files ---------------------------------------------------
def test_replay_command_agrees_with_every_exported_round(tmp_path):
    from typer.testing import CliRunner

    from scorer.cli.app import app
    games = {"standard": [east_game(5, "standard"), [one_deal(7, "standard")]],
             "tenhou": [east_game(6, "tenhou"), [one_deal(8, "tenhou")]]}
    paths, rounds = [], 0
    for preset, gs in games.items():
        for k, deals in enumerate(gs):
            for fmt, suffix in (("tenhou6", "json"), ("mjai", "jsonl"), ("own", "log")):
                p = tmp_path / f"{preset}{k}-{fmt}.{suffix}"
                p.write_bytes(export(deals, fmt, preset=preset))
                paths.append(str(p))
                rounds += len(deals)
    r = CliRunner().invoke(app, ["replay", *paths, "--verify"])
    assert r.exit_code == 0, r.output
    assert f"{len(paths)} file(s), {rounds} rounds, {rounds} agree with the record" in r.output


def test_play_auto_deals_log_verifies_every_deal(tmp_path):
    """The known bug: ``play --auto --deals N --log X`` logs N one-deal games one after another; each deal's
    start line and deal begin a new game, so every deal verifies (no scores carried from the deal before)."""
    from typer.testing import CliRunner

    from scorer.cli.app import app
    log = tmp_path / "auto.jsonl"
    r = CliRunner().invoke(app, ["play", "--auto", "--deals", "6", "--seed", "3", "--log", str(log), "--json"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["replay", str(log), "--verify"])
    assert r.exit_code == 0, r.output
    assert "6 rounds, 6 agree" in r.output


# ---- scripted scenes ----------------------------------------------------------------------------------------------
def _scene(players, preset="tenhou", **kw) -> list:
    eng = Engine(players, preset=preset, **kw)
    eng.run()
    return eng.events


def _scenes():
    yield "double ron", _scene([ScriptedPlayer([("discard", "5p")]), ScriptedPlayer([("ron", None)]),
                                ScriptedPlayer([("ron", None)]), TsumogiriPlayer()],
                               wall=Wall.arranged([EAST, WAITING[0], WAITING[1], "19m19p19s123456z7z"], "9s"),
                               honba=1, sticks=1, scores=[25000, 25000, 25000, 24000])
    # seats 1 and 2 declare riichi, then both ron East's 5p: one set of ura indicators shown to two winners (the
    # last North: the other three are in hands, so read as two sets there would be a fifth)
    yield "double ron in riichi", _scene(
        [ScriptedPlayer([("discard", "9m"), ("discard", "5p")]),
         ScriptedPlayer([("riichi", "7z"), ("ron", None)]), ScriptedPlayer([("riichi", "7z"), ("ron", None)]),
         TsumogiriPlayer()],
        wall=Wall.arranged([EAST, WAITING[0], WAITING[1], "19m19p19s123456z7z"], "9s7z7z7z1s", ura="4z"))
    yield "triple ron", _scene([ScriptedPlayer([("discard", "5p")])] + [ScriptedPlayer([("ron", None)])
                                                                         for _ in range(3)],
                               wall=Wall.arranged([EAST, *WAITING], "9s"), sticks=1,
                               scores=[25000, 25000, 25000, 24000])
    yield "riichi then triple ron", _scene(
        [ScriptedPlayer([("riichi", "5p")])] + [ScriptedPlayer([("ron", None)]) for _ in range(3)],
        wall=Wall.arranged(["111z222z333z44z5p9m"[:-2] + "9p", *WAITING], "9p"))
    yield "nine terminals", _scene([ScriptedPlayer([("nine_terminals", None)]), TsumogiriPlayer(), TsumogiriPlayer(),
                                    TsumogiriPlayer()],
                                   wall=Wall.arranged([NINE, "2345678m234567p", "2345678s234568p",
                                                       "2345678s23456m8p"], "5z"))
    yield "four winds", _scene([ScriptedPlayer([("discard", "1z")]) for _ in range(4)],
                               wall=Wall.arranged(["1z2345678m23456p", "1z2345678p23456s", "1z2345678s23456m",
                                                   "1z345678m345678p"], "9m9p9s7z"))
    yield "nagashi mangan", _scene([TsumogiriPlayer() for _ in range(4)], wall=nagashi_wall())
    yield "pao daisangen tsumo", _scene(
        [ScriptedPlayer([("discard", "5z"), ("discard", "6z"), ("discard", "7z")]),
         ScriptedPlayer([("pon", "5z"), ("discard", "2m"), ("pon", "6z"), ("discard", "3m"), ("pon", "7z"),
                         ("discard", "4m"), ("tsumo", None)]), TsumogiriPlayer(), TsumogiriPlayer()],
        wall=Wall.arranged(["567z111m999m111p9p", "556677z234m56p99s", "5678m2345678p22s", "3456s2345m5678p9m"],
                           "1s2s3s4s5s6s7s8s1s2s4p"))
    for preset in ("standard", "tenhou"):
        # an open kan on East's first discard, the replacement, the kan's discard, then tsumogiri to the end
        yield f"open kan ({preset})", _scene(
            [ScriptedPlayer([("discard", "5z")]), ScriptedPlayer([("kan", None)]), TsumogiriPlayer(),
             TsumogiriPlayer()], preset=preset,
            wall=Wall.arranged(["5z1234m5678p1234s", "555z123m456p789s1s", "2345678m234567p", "2345678s23456m8p"],
                               "9m"))
        yield f"chankan ({preset})", _scene(
            [ScriptedPlayer([("discard", "2m"), ("pon", None), ("discard", "1m"), ("kakan", "0p")]),
             ScriptedPlayer([("discard", "5p")]), ScriptedPlayer([("pass", None), ("ron", None)]), TsumogiriPlayer()],
            preset=preset, wall=Wall.arranged(["55p1m9m1s9s1234567z", "19m19p19s123456z2m", "34p678m234s777z88s",
                                               "19m19p19s123456z3m"], "2m5p8m9m8m0p"))


SCENES = list(_scenes())


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
@pytest.mark.parametrize("name,deal", SCENES, ids=[s[0] for s in SCENES])
def test_scripted_scenes_round_trip(name, deal, fmt):
    preset = next(e.preset for e in deal if e.type == "start")
    check_round_trip([deal], fmt, name, preset=preset)


def test_the_scenes_are_what_they_say():
    got = {name: [e for e in deal if e.type in ("win", "draw_game", "call")] for name, deal in SCENES}
    assert [e.type for e in got["double ron"]] == ["win", "win"]
    riichi_rons = got["double ron in riichi"]
    assert [e.type for e in riichi_rons] == ["win", "win"] and riichi_rons[0].ura_indicators and \
        riichi_rons[0].ura_indicators == riichi_rons[1].ura_indicators
    assert [getattr(e, "reason", None) for e in got["triple ron"]] == ["triple_ron"]
    assert [e.reason for e in got["riichi then triple ron"]] == ["triple_ron"]
    assert got["nine terminals"][0].reason == "nine_terminals" and got["four winds"][0].reason == "four_winds"
    assert got["nagashi mangan"][0].reason == "nagashi_mangan"
    assert got["pao daisangen tsumo"][-1].deltas == [-32000, 32000, 0, 0]
    for preset in ("standard", "tenhou"):
        assert any(e.type == "call" and e.kind == "kan" for e in got[f"open kan ({preset})"])
        assert any(e.type == "win" and "chankan 1" in e.yaku for e in got[f"chankan ({preset})"])


def test_tenhou6_writes_what_tenhou_writes():
    """The shapes Tenhou's viewer reads: the header, red fives as 5x codes, calls, results, the rule object."""
    deal = dict(SCENES)["double ron"]
    obj = json.loads(export([deal], "tenhou6", names=["A", "B", "C", "D"], game="east", preset="tenhou"))
    assert obj["name"] == ["A", "B", "C", "D"] and obj["rule"]["aka"] == 1 and "東" in obj["rule"]["disp"]
    rnd = obj["log"][0]
    assert rnd[0] == [0, 1, 1] and rnd[1] == [25000, 25000, 25000, 24000] and len(rnd) == 17
    res = rnd[16]
    assert res[0] == "和了" and len(res) == 5 and res[2][:3] == [1, 0, 1] and res[4][:3] == [2, 0, 2]
    assert res[2][3].endswith("点") and any(y.startswith("断幺九(") for y in res[2][4:])
    pao = json.loads(export([dict(SCENES)["pao daisangen tsumo"]], "tenhou6", preset="tenhou"))["log"][0]
    assert pao[16][2][:4] == [1, 1, 0, "役満8000-16000点"] and "大三元(役満)" in pao[16][2]    # East pays (pao)
    calls = [x for x in pao[8] if isinstance(x, str)]       # South's draw list: three pons from the left
    assert calls == ["p454545", "p464646", "p474747"]
    kan = json.loads(export([dict(SCENES)["open kan (tenhou)"]], "tenhou6", preset="tenhou"))["log"][0]
    assert "m45454545" in kan[8] and 0 in kan[9] and len(kan[2]) == 2       # placeholder 0, the kan's dora


def test_a_game_read_from_a_record_is_written_back_as_the_record():
    """tenhou.net/6 read, written, read again: the same rounds (a converter from mjlog or mjai, too)."""
    path = REAL / "tenhou6-cases" / "chankan.json"
    if not path.is_file():
        pytest.skip("../shared/realdata is absent")
    rounds = list(read_log(str(path)))
    again = list(read_tenhou6(export([r.events for r in rounds], "tenhou6", preset="tenhou"), "again"))
    src = json.loads(path.read_text(encoding="utf-8"))["log"]
    ours = json.loads(export([r.events for r in rounds], "tenhou6", preset="tenhou"))["log"]
    assert [r[16] for r in ours] == [r[16] for r in src]            # results as Tenhou wrote them
    assert [[comparable(e) for e in r.events] for r in again] == [[comparable(e) for e in r.events] for r in rounds]


# ---- every real record, re-written ------------------------------------------------------------------------------
def _real_files() -> list[Path]:
    if not REAL.is_dir():
        return []
    files = sorted((REAL / "tenhou-mjlog").glob("*.mjlog"))[::6] + sorted((REAL / "tenhou6-cases").glob("*.json"))
    return files + sorted((REAL / "mjai").glob("*.jsonl"))


@needs_real
@pytest.mark.parametrize("path", _real_files(), ids=lambda p: p.stem)
def test_real_records_rewritten_replay_as_the_originals(path):
    rounds = list(read_log(str(path)))
    verdicts = [r.agree for r in replay_rounds(rounds, LenientVisitor())]
    for fmt in ("tenhou6", "mjai"):
        back = list(READERS[fmt](export([r.events for r in rounds], fmt, preset="tenhou"), f"{path.stem}.{fmt}"))
        assert [r.agree for r in replay_rounds(back, LenientVisitor())] == verdicts, fmt
        for a, b in zip(rounds, back):
            assert same_events(a.events, b.events), (fmt, a.name)


# ---- what cannot be written -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_an_mcr_game_is_refused_clearly(fmt):
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import McrEngine
    eng = McrEngine([McrAI(f"ai{s}") for s in range(4)], seed=1)
    eng.run()
    out = io.StringIO()
    with pytest.raises(ExportError, match="riichi games only.*mcr.*own"):
        write_game([eng.events], fmt, out)
    assert out.getvalue() == ""
    write_game([eng.events], "own", out)            # our own format holds it
    assert out.getvalue().count("\n") == len(eng.events)


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_an_unfinished_or_headless_deal_is_refused_clearly(fmt):
    deal = one_deal(3, "standard")
    with pytest.raises(ExportError, match="no result"):
        write_game([deal[:-1]], fmt, io.StringIO())
    with pytest.raises(ExportError, match="begin with its deal"):
        write_game([deal[2:]], fmt, io.StringIO())


def test_every_format_says_what_it_drops():
    assert set(DROPPED) == set(WRITERS) == {"own", "tenhou6", "mjai"}
    assert DROPPED["own"] == () and all(DROPPED[f] for f in ("tenhou6", "mjai"))


# ---- what our readers take from the exported files ----------------------------------------------------------------
def test_the_named_preset_is_read_and_a_bad_one_is_a_clear_error():
    from scorer.errors import LogError
    deal = one_deal(2, "standard")
    t6 = json.loads(export([deal], "tenhou6", names=["only one"]))
    assert t6["name"] == ["only one", "seat 1", "seat 2", "seat 3"] and t6["mjscore"] == {"preset": "standard"}
    assert next(read_tenhou6(json.dumps(t6).encode(), "x.json")).preset == "standard"
    tenhou_made = {k: v for k, v in t6.items() if k != "mjscore"}
    assert next(read_tenhou6(json.dumps(tenhou_made).encode(), "x")).preset == "tenhou"   # a file from Tenhou
    with pytest.raises(LogError, match="'mjscore' is not"):
        list(read_tenhou6(json.dumps({**t6, "mjscore": 5}).encode(), "x.json"))
    bogus = list(read_tenhou6(json.dumps({**t6, "mjscore": {"preset": "bogus"}}).encode(), "x.json"))
    rep = next(replay_rounds(bogus, LenientVisitor()))
    assert rep.error and "bogus" in rep.error                  # a report naming the preset, not a traceback
    lines = export([deal], "mjai").decode().splitlines()
    assert json.loads(lines[0])["mjscore"] == {"preset": "standard"} and json.loads(lines[-1]) == {"type": "end_game"}
    assert next(read_mjai("\n".join(lines).encode(), "x.jsonl")).preset == "standard"
    bad = [json.dumps({**json.loads(lines[0]), "mjscore": "x"})] + lines[1:]
    with pytest.raises(LogError, match="'mjscore' is not"):
        list(read_mjai("\n".join(bad).encode(), "x.jsonl"))


def test_mjai_draw_reasons_and_win_values_are_read_and_checked():
    from scorer.errors import LogError
    scene = dict(SCENES)["four winds"]
    lines = export([scene], "mjai", preset="tenhou").decode().splitlines()
    ryu = next(json.loads(x) for x in lines if '"ryukyoku"' in x)
    assert ryu["reason"] == "suufonrenda" and ryu["tenpais"] == [False] * 4
    assert next(read_mjai("\n".join(lines).encode(), "x")).events[-1].reason == "four_winds"
    broken = [x.replace('"suufonrenda"', '"bogus"') for x in lines]
    with pytest.raises(LogError, match="reason='bogus'"):
        list(read_mjai("\n".join(broken).encode(), "x"))
    deal = dict(SCENES)["double ron"]
    lines = export([deal], "mjai", preset="tenhou").decode().splitlines()
    won = [e for e in next(read_mjai("\n".join(lines).encode(), "x")).events if e.type == "win"]
    played = [e for e in deal if e.type == "win"]
    assert [(w.han, w.fu, w.points) for w in won] == [(w.han, w.fu, w.points) for w in played]
    # a record whose han differs from the replay's is caught by --verify
    tampered = [x.replace(f'"fan":{played[0].han}', f'"fan":{played[0].han + 1}', 1) for x in lines]
    rep = next(replay_rounds(read_mjai("\n".join(tampered).encode(), "x"), LenientVisitor()))
    assert any("han" in m for m in rep.mismatches)


def test_final_scores_given_by_the_driver_are_written_and_verified():
    from scorer.game import tenhou as T
    deals = east_game(2, "tenhou")
    reps = list(replay_rounds(read_tenhou6(export(deals, "tenhou6", preset="tenhou"), "g"), LenientVisitor()))
    final = T.final_scores(reps[-1].scores_after, reps[-1].sticks_after, 0)
    points = [round((s - 30000) / 1000, 1) for s in final]
    obj = json.loads(export(deals, "tenhou6", preset="tenhou", final_scores=final, final_points=points))
    assert obj["sc"] == [x for s in range(4) for x in (final[s], points[s])]
    rounds = list(read_tenhou6(json.dumps(obj).encode(), "g"))
    assert rounds[-1].final_scores == final
    assert all(r.agree for r in replay_rounds(rounds, LenientVisitor()))
    wrong = [final[0] + 100] + final[1:]
    obj = json.loads(export(deals, "tenhou6", preset="tenhou", final_scores=wrong))
    reps = list(replay_rounds(read_tenhou6(json.dumps(obj).encode(), "g"), LenientVisitor()))
    assert any("final scores" in m for m in reps[-1].mismatches)
