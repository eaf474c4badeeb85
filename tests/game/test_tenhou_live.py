"""``tenhou`` live play (issue 13): the engine plays Tenhou's ranked-room table — double ron (three rons abort),
the abortive draws (nine terminals offered as an action, four winds once the fourth discard passes), nagashi
mangan and pao — on the settlement the replays use (:mod:`scorer.game.tenhou`), and every deal's own event log
replays with ``mjscore replay --verify`` (which validates every event and recomputes every result)."""

from __future__ import annotations

import io

from scorer.game import tenhou as T
from scorer.game.ai import RiichiAI, ScriptedPlayer, TsumogiriPlayer
from scorer.game.engine import Engine
from scorer.game.wall import Wall


def verify(tmp_path, logs: list[str]) -> str:
    """Each log (one deal's JSON lines) through ``mjscore replay --verify``; the output (exit 0 asserted)."""
    from typer.testing import CliRunner

    from scorer.cli.app import app
    paths = []
    for i, text in enumerate(logs):
        p = tmp_path / f"deal{i:03d}.jsonl"
        p.write_text(text, encoding="utf-8")
        paths.append(str(p))
    r = CliRunner().invoke(app, ["replay", *paths, "--verify"])
    assert r.exit_code == 0, r.output
    assert f"{len(logs)} agree" in r.output, r.output
    return r.output


def run(players, **kwargs) -> tuple[Engine, str]:
    log = io.StringIO()
    eng = Engine(players, preset="tenhou", log=log, **kwargs)
    eng.run()
    return eng, log.getvalue()


def test_ai_only_tenhou_deals_end_and_every_log_replays_verified(tmp_path):
    logs, results = [], []
    for seed in range(120):
        eng, text = run([RiichiAI(f"ai{s}") for s in range(4)], seed=seed)
        st = eng.state
        assert st.phase == "end" and st.results
        assert sum(st.players[s].score for s in range(4)) + 1000 * st.sticks == 100000   # points conserved
        logs.append(text)
        results.append(st.results)
    verify(tmp_path, logs)
    assert any(len(r) == 2 for r in results), "no double ron in 120 seeded deals: the test lost its reach"


# Seats 1 and 2 (and 3) wait on 5p with all simples; East throws it on its first turn.
WAITING = ("234m567m234s66s46p", "345m678m345s88s46p", "456m456s777s88p46p")
EAST = "111z222z333z44z5p9m"


def test_double_ron_both_win_and_the_nearest_takes_honba_and_deposits(tmp_path):
    east = ScriptedPlayer([("discard", "5p")])
    players = [east, ScriptedPlayer([("ron", None)]), ScriptedPlayer([("ron", None)]), TsumogiriPlayer()]
    wall = Wall.arranged([EAST, WAITING[0], WAITING[1], "19m19p19s123456z7z"], "9s")
    eng, text = run(players, wall=wall, honba=1, sticks=1, scores=[25000, 25000, 25000, 24000])
    wins = eng.state.results
    assert [w.seat for w in wins] == [1, 2] and all(w.from_seat == 0 for w in wins)
    # both scored, then settled at once by the replays' function: honba 300 and the deposit to seat 1
    assert wins[0].deltas[1] - wins[0].points == 300 + 1000 and wins[1].deltas[2] == wins[1].points
    assert wins[0].deltas[0] + wins[1].deltas[0] == -(wins[0].points + 300 + wins[1].points)
    out = verify(tmp_path, [text])
    assert "seat 1 ron from seat 0" in out and "seat 2 ron from seat 0" in out


def test_three_rons_abort_the_deal(tmp_path):
    east = ScriptedPlayer([("discard", "5p")])
    players = [east] + [ScriptedPlayer([("ron", None)]) for _ in range(3)]
    wall = Wall.arranged([EAST, *WAITING], "9s")
    eng, text = run(players, wall=wall, sticks=1, scores=[25000, 25000, 25000, 24000])
    res = eng.state.result
    assert len(eng.state.results) == 1 and res.type == "draw_game" and res.reason == "triple_ron"
    assert res.deltas == [0, 0, 0, 0] and eng.state.sticks == 1          # the deposit stays on the table
    verify(tmp_path, [text])


NINE = "19m19p19s1234z567m"      # nine different terminals and honors


def test_nine_terminals_is_offered_on_the_first_draw_and_aborts_when_chosen(tmp_path):
    east = ScriptedPlayer([("nine_terminals", None)])
    wall = Wall.arranged([NINE, "2345678m234567p", "2345678s234568p", "2345678s23456m8p"], "5z")
    eng, text = run([east, TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()], wall=wall)
    assert any(a.type == "nine_terminals" for a in east.seen[0])
    res = eng.state.result
    assert res.type == "draw_game" and res.reason == "nine_terminals" and res.deltas == [0, 0, 0, 0]
    assert len(eng.events) == 4                                         # start, deal, the draw, the abort
    verify(tmp_path, [text])


def test_nine_terminals_only_on_the_first_draw_and_an_ai_plays_on():
    east = RiichiAI("ai0")
    seen = []
    choose = east.choose

    def spy(state, seat, actions):
        seen.append([a.type for a in actions])
        return choose(state, seat, actions)
    east.choose = spy
    wall = Wall.arranged([NINE, "2345678m234567p", "2345678s234568p", "2345678s23456m8p"], "5z")
    eng, _ = run([east, TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()], wall=wall)
    assert "nine_terminals" in seen[0]
    assert not any("nine_terminals" in s for s in seen[1:])
    assert eng.state.result.reason != "nine_terminals" if eng.state.result.type == "draw_game" else True


def test_nine_terminals_is_not_offered_at_the_standard_table():
    east = ScriptedPlayer([("nine_terminals", None)])
    wall = Wall.arranged([NINE, "2345678m234567p", "2345678s234568p", "2345678s23456m8p"], "5z")
    eng = Engine([east, TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()], wall=wall)
    eng.run()
    assert not any(a.type == "nine_terminals" for a in east.seen[0])


def test_four_winds_abort_once_the_fourth_discard_passes(tmp_path):
    players = [ScriptedPlayer([("discard", "1z")]) for _ in range(4)]
    hands = ["1z2345678m23456p", "1z2345678p23456s", "1z2345678s23456m", "1z345678m345678p"]
    eng, text = run(players, wall=Wall.arranged(hands, "9m9p9s7z"))
    res = eng.state.result
    assert res.type == "draw_game" and res.reason == "four_winds" and res.deltas == [0, 0, 0, 0]
    assert sum(e.type == "discard" for e in eng.events) == 4
    verify(tmp_path, [text])


def nagashi_wall() -> Wall:
    """A wall on which East (the dealer) draws only terminals and honors, the others only simples."""
    from scorer.kinds import TERMINALS_AND_HONORS
    th = [k * 4 + c for k in sorted(TERMINALS_AND_HONORS) for c in range(4)]
    simples = [t for t in range(136) if t >> 2 not in TERMINALS_AND_HONORS]
    east, others = th[:18], simples[:52]
    rest = simples[52:] + th[18:]
    hands, dead = rest[:52], rest[52:]
    live = [east[i // 4] if i % 4 == 0 else others[i - i // 4 - 1] for i in range(70)]
    return Wall(hands + live + dead)


def test_nagashi_mangan_is_settled_as_the_replays_settle_it(tmp_path):
    """A whole deal of tsumogiri: every one of East's discards is a terminal or honor, none called."""
    from scorer.game.state import GameState
    eng, text = run([TsumogiriPlayer() for _ in range(4)], wall=nagashi_wall())
    res = eng.state.result
    assert res.type == "draw_game" and res.reason == "nagashi_mangan"
    assert res.deltas == [12000, -4000, -4000, -4000]          # a dealer's mangan by tsumo, no honba
    # the same function the replays use, on the table as it stood before the result
    before = GameState("tenhou")
    for e in eng.events[:-1]:
        before.apply(e)
    assert T.nagashi_seats(before) == [0] and res.deltas == T.draw_deltas(before, "nagashi_mangan")
    verify(tmp_path, [text])


def test_the_standard_table_still_refuses_nothing_and_tenhou_is_played_live():
    from scorer.cli.play import unplayable
    assert unplayable(Engine([TsumogiriPlayer() for _ in range(4)], seed=1, preset="tenhou")) is None


# a seed whose dealer (you, at ``mjscore play``) holds nine different terminals and honors after the first draw
NINE_SEED = 105


def test_the_nine_terminals_seed_still_offers_it():
    east = ScriptedPlayer([("nine_terminals", None)])
    eng, _ = run([east, TsumogiriPlayer(), TsumogiriPlayer(), TsumogiriPlayer()], seed=NINE_SEED)
    assert eng.state.result.reason == "nine_terminals"


def test_play_tenhou_offers_nine_terminals_to_the_human_through_a_pty(tmp_path):
    """``mjscore play --preset tenhou`` on a pseudo-terminal: the first turn names the nine-terminals choice, a
    plain Enter at its confirmation goes back to the turn, ``abort`` and ``y`` end the deal as an abortive draw;
    the log replays verified."""
    from tests.game.test_play_e2e import drive
    log = tmp_path / "deal.jsonl"
    said = []

    def answer(last: str):
        said.append(last)
        if "[y/N]" in last:
            return "" if sum("[y/N]" in x for x in said) == 1 else "y"
        if last.startswith("Discard (") and "abort" in last:
            return "abort"
        return None
    code, screen, _ = drive(["--preset", "tenhou", "--seed", str(NINE_SEED), "--log", str(log)], [],
                            answer=answer)
    assert code == 0, screen[-2000:]
    assert "Nine terminals (九種九牌)" in screen and "Abortive draw: nine terminals" in screen
    assert sum("[y/N]" in x for x in said) == 2           # declined once (back to the turn), then confirmed
    events = [line for line in log.read_text(encoding="utf-8").splitlines() if line]
    assert '"reason":"nine_terminals"' in events[-1] and len(events) == 4
    verify(tmp_path, [log.read_text(encoding="utf-8")])


def test_pao_the_feeder_of_the_third_dragon_pays_the_whole_daisangen_tsumo(tmp_path):
    """South pons East's three dragons in turn, then draws its wait: East, who fed the last dragon set, pays the
    whole yakuman (pao), as the replays settle it."""
    east = ScriptedPlayer([("discard", "5z"), ("discard", "6z"), ("discard", "7z")])
    south = ScriptedPlayer([("pon", "5z"), ("discard", "2m"), ("pon", "6z"), ("discard", "3m"), ("pon", "7z"),
                            ("discard", "4m"), ("tsumo", None)])
    hands = ["567z111m999m111p9p", "556677z234m56p99s", "5678m2345678p22s", "3456s2345m5678p9m"]
    wall = Wall.arranged(hands, "1s2s3s4s5s6s7s8s1s2s4p")
    eng, text = run([east, south, TsumogiriPlayer(), TsumogiriPlayer()], wall=wall)
    res = eng.state.result
    assert res.type == "win" and res.seat == 1 and res.from_seat is None
    assert any("daisangen" in y.lower() or "big three" in y.lower() for y in res.yaku), res.yaku
    assert res.deltas == [-32000, 32000, 0, 0]
    verify(tmp_path, [text])


def test_the_end_of_a_double_ron_shows_both_winners_and_one_point_table():
    from rich.console import Console

    from scorer.cli.play import _result_panel, payout_rows
    players = [ScriptedPlayer([("discard", "5p")]), ScriptedPlayer([("ron", None)]), ScriptedPlayer([("ron", None)]),
               TsumogiriPlayer()]
    wall = Wall.arranged([EAST, WAITING[0], WAITING[1], "19m19p19s123456z7z"], "9s")
    start = [25000, 25000, 25000, 24000]
    eng, _ = run(players, wall=wall, honba=1, sticks=1, scores=start)
    st = eng.state
    deltas = [st.players[s].score - start[s] for s in range(4)]
    c = Console(width=80, record=True)
    _result_panel(eng, c, ["You", "AI South", "AI West", "AI North"], deltas)
    text = c.export_text()
    assert "Double ron" in text and "AI South by ron" in text and "AI West by ron" in text
    heads, cols = payout_rows(st, deltas)
    assert "other" not in heads                     # every change accounted for by hand, honba and deposits
    assert [sum(c[s] for c in cols) for s in range(4)] == deltas
