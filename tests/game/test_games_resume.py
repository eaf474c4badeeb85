"""Saving and resuming a game (issue 14 part 3): a game saved after every deal and continued with
:func:`resume_game` ends exactly as the same game played without a break; bad saved games are refused with a
message that says what is wrong."""

from __future__ import annotations

import json

import pytest

from scorer.errors import MjscoreError
from scorer.game.ai.levels import find_ai
from scorer.game.match import GameError, load_game, play_game, resume_game

RIICHI_AI = find_ai("basic", "riichi")
MCR_AI = find_ai("basic", "mcr")


def _events(result):
    return [e.to_json() for deal in result.deals for e in deal]


@pytest.mark.parametrize("preset, game, ai, cut", [
    ("tenhou", "south", RIICHI_AI, 1), ("tenhou", "south", RIICHI_AI, 5), ("mahjongsoul", "east", RIICHI_AI, 2),
    ("standard", "south", RIICHI_AI, 3), ("mcr", "match", MCR_AI, 6), ("mcr", "match", MCR_AI, 15)])
def test_save_and_resume_equals_uninterrupted(tmp_path, preset, game, ai, cut):
    whole = play_game([ai] * 4, preset=preset, game=game, seed=31)
    path = str(tmp_path / "game.jsonl")
    part = play_game([ai] * 4, preset=preset, game=game, seed=31, log=path, max_deals=cut)
    assert len(part.deals) == min(cut, len(whole.deals)) and part.reason == ""
    saved = load_game(path)
    assert (saved.game, saved.preset, saved.seed, len(saved.deals)) == (game, preset, 31, cut)
    rest = resume_game(path, [ai] * 4)
    assert rest.reason == whole.reason
    assert rest.standings == whole.standings
    assert _events(rest) == _events(whole)
    # the file now holds the whole game, and reading it back finds the game over
    again = load_game(path)
    assert again.next is None and again.reason == whole.reason and len(again.deals) == len(whole.deals)


def test_a_deal_cut_in_the_middle_is_dealt_again(tmp_path):
    whole = play_game([RIICHI_AI] * 4, preset="tenhou", game="south", seed=8)
    path = tmp_path / "game.jsonl"
    play_game([RIICHI_AI] * 4, preset="tenhou", game="south", seed=8, log=str(path), max_deals=3)
    lines = path.read_text().splitlines()
    third_start = [i for i, x in enumerate(lines) if '"type":"start"' in x][2]
    path.write_text("\n".join(lines[:third_start + 20]) + "\n")     # the third deal stopped after 18 events
    saved = load_game(str(path))
    assert len(saved.deals) == 2 and saved.next == whole.positions[2]
    rest = resume_game(str(path), [RIICHI_AI] * 4)
    assert rest.standings == whole.standings and _events(rest) == _events(whole)


def test_resuming_a_finished_game_gives_its_standings(tmp_path):
    path = str(tmp_path / "game.jsonl")
    whole = play_game([RIICHI_AI] * 4, preset="tenhou", game="east", seed=2, log=path)
    again = resume_game(path, [RIICHI_AI] * 4)
    assert again.standings == whole.standings and again.reason == whole.reason
    assert len(again.deals) == len(whole.deals)


def _saved(tmp_path, **kw):
    path = tmp_path / "game.jsonl"
    play_game([RIICHI_AI] * 4, preset="tenhou", game="south", seed=4, log=str(path), max_deals=3, **kw)
    return path


def test_bad_saved_games_are_refused_with_a_reason(tmp_path):
    with pytest.raises(GameError, match="cannot read"):
        load_game(str(tmp_path / "missing.jsonl"))
    one = tmp_path / "one.jsonl"
    play_game([RIICHI_AI] * 4, preset="tenhou", game="deal", seed=4, log=str(one))
    with pytest.raises(GameError, match="names no game"):
        load_game(str(one))
    path = _saved(tmp_path)
    lines = path.read_text().splitlines()
    # a deal whose scores were edited is not the deal the game's rules lead to
    second = [i for i, x in enumerate(lines) if '"type":"deal"' in x][1]
    d = json.loads(lines[second])
    d["scores"][0] += 1000
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines[:second] + [json.dumps(d)] + lines[second + 1:]) + "\n")
    with pytest.raises(GameError, match="deal 2 is not the one"):
        load_game(str(edited))
    # not our format at all
    other = tmp_path / "other.json"
    other.write_text('{"title": ["", ""], "log": []}\n')
    with pytest.raises(MjscoreError):
        load_game(str(other))
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("hello\n")
    with pytest.raises(MjscoreError, match="not JSON"):
        load_game(str(garbage))
    # a deal of another game spliced in
    alien = tmp_path / "alien.jsonl"
    play_game([RIICHI_AI] * 4, preset="tenhou", game="south", seed=5, log=str(alien), max_deals=1)
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(path.read_text() + alien.read_text())
    with pytest.raises(GameError, match="another game"):
        load_game(str(mixed))
