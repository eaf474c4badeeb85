"""Three-player games written as tenhou.net/6, mjai and our own log (issue #17) read back as the tenhou-sanma
table and replay with every round agreeing: the empty fourth seat of tenhou.net/6 (``[]``, a 0 score and delta),
``f44`` for a North set aside and the nuki dora under ドラ; mjai's three tehais and ``kita`` events."""

from __future__ import annotations

import json

import pytest

from scorer.game.ai import RiichiAI
from scorer.game.match import play_game
from scorer.logs import read_log
from scorer.logs.export import write_game
from scorer.logs.replay import LenientVisitor, replay_rounds

SUFFIX = {"tenhou6": ".json", "mjai": ".jsonl", "own": ".jsonl"}


@pytest.fixture(scope="module")
def games():
    return [play_game([RiichiAI] * 3, game="east", preset="tenhou-sanma", seed=seed) for seed in (1, 6)]


@pytest.mark.parametrize("fmt", sorted(SUFFIX))
def test_a_three_player_game_written_and_read_back_agrees(games, fmt, tmp_path):
    for k, g in enumerate(games):
        path = tmp_path / f"g{k}{SUFFIX[fmt]}"
        with open(path, "w", encoding="utf-8") as f:
            write_game(g.deals, fmt, f, names=g.names, game=g.game, preset=g.preset)
        rounds = list(read_log(str(path)))
        assert len(rounds) == len(g.deals) and {r.preset for r in rounds} == {"tenhou-sanma"}
        assert all(len(r.events[0].hands) == 3 for r in rounds)
        nuki = sum(e.type == "nuki" for d in g.deals for e in d)
        assert sum(e.type == "nuki" for r in rounds for e in r.events) == nuki > 0
        reports = list(replay_rounds(rounds, LenientVisitor()))
        assert all(r.agree for r in reports), [r.error or r.mismatches for r in reports if not r.agree]


def test_tenhou6_writes_the_empty_fourth_seat_and_f44(games, tmp_path):
    g = games[0]
    path = tmp_path / "g.json"
    with open(path, "w", encoding="utf-8") as f:
        write_game(g.deals, "tenhou6", f, names=g.names, game=g.game, preset=g.preset)
    obj = json.loads(path.read_text(encoding="utf-8"))
    assert obj["name"][3] == "" and obj["mjscore"] == {"preset": "tenhou-sanma"}
    for rnd in obj["log"]:
        assert rnd[1][3] == 0 and rnd[13:16] == [[], [], []]
    assert any("f44" in rnd[6 + 3 * s] for rnd in obj["log"] for s in range(3))
