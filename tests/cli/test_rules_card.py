"""``mjscore rules`` (issue 13): the card states every rule the table plays by, and the MCR card has no rows
that only mean something at a riichi table."""

from __future__ import annotations

from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.game.presets import find_preset, rules_card_rows


def card(*args) -> str:
    r = CliRunner().invoke(app, ["rules", *args], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return " ".join(r.output.split())


def test_the_riichi_card_states_every_rule_of_the_table():
    assert "chankan" in card("--preset", "standard")
    text = " ".join(f"{k} {v}" for k, v in rules_card_rows(find_preset("standard")))
    for words in ("ron on the tile added to a pon (an added kan) only; a closed kan cannot be robbed",
                  "each kan needs a replacement tile",
                  "after chi or pon you discard at once: no kan before that discard",
                  "ura dora only for a winner in riichi",
                  "dora add han but never make the yaku",
                  "the dealer is East and takes the first draw (14 tiles), then South, West, North",
                  "the dealer pays half, each other player a quarter",
                  "each of the others pays a third",
                  "passing a ron you could make",
                  "karaten"):
        assert words in text, words


def test_the_mcr_card_has_no_riichi_only_rows():
    rows = dict(rules_card_rows(find_preset("mcr")))
    riichi_only = ("riichi deposit", "kuikae", "temporary furiten", "karaten", "liability (pao)", "kan dora",
                   "abortive draws", "noten payment", "riichi deposits after a draw", "chi/pon/kan on the last",
                   "one red five per suit", "tiles in the dead wall", "riichi")
    for name in rows:
        assert not any(name.startswith(r) for r in riichi_only), name
    text = " ".join(f"{k} {v}" for k, v in rows.items())
    assert "8 points without flowers" in text and "furiten" not in text and "honba" not in text
    assert "winning" in card("--rules", "mcr")


def test_an_unknown_preset_is_a_usage_error():
    r = CliRunner().invoke(app, ["rules", "--preset", "nonsense"])
    assert r.exit_code == 2
