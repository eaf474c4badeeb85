"""The batch's JSON lines written straight from a result (scorer.cli.render) are the plain JSON encoding of the
row, byte for byte: ``json.dumps({"source", "line", **result.to_dict(), claim columns}, ensure_ascii=False)``.

Held on every input of the riichi golden set (every riichi fixture line, generated wins, non-wins, not-complete
and not-tenpai hands, a sample under every preset), every Tenhou agari record, every MCR fixture line, hands
hypothesis makes, rows with claims, sources that need escaping, and with the fragment caches starting afresh
all the time."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import parse, score
from scorer.batch import HandRow, Item, iter_rows, plain_row
from scorer.cli import render
from scorer.riichi.evaluate import RiichiResult
from tests.riichi.golden import read
from tests.riichi.records import REALDATA, build_hand, is_sanma, load_records
from tests.strategies import complete_hands

JSONL = render.row_renderer("jsonl")
ENCODE = render.row_encoder("jsonl")        # what the batch writes: the same text, as UTF-8 bytes
SOURCES = ("hands.txt", "/tmp/a \"quoted\" \\ name.txt", "日本語/牌譜.txt", "<stdin>", "tab\there")


def plain(row: HandRow) -> str:
    return json.dumps(row.as_dict(), ensure_ascii=False) + "\n"


def check(result, line: int = 1, source: str = "hands.txt", claim=None) -> None:
    row = HandRow(source, line, result, claim, "the input")
    assert JSONL(row) == plain(row)
    assert ENCODE(row) == plain(row).encode("utf-8")


def golden_results():
    from grammar import parse_hand
    from scorer.riichi import evaluate
    out = []
    for r in read():
        if "text" in r and not r["out"].startswith("ERROR:"):
            out.append((r["key"], evaluate(parse_hand(r["text"]), r["preset"])))
    return out


GOLDEN = golden_results()


def test_riichi_results_have_their_own_writer():
    # (else every riichi row would go the plain way: correct, and as slow as before)
    assert render._writer_of(RiichiResult) is not None


def test_a_result_class_without_what_its_writer_reads_goes_the_plain_way(monkeypatch):
    monkeypatch.setattr(render, "_WRITERS", {})
    monkeypatch.setattr(render, "_RIICHI_READS", render._RIICHI_READS + ("a_field_it_lost",))
    assert render._writer_of(RiichiResult) is None
    jsonl = render.row_renderer("jsonl")        # (a renderer made now reads the emptied table)
    for i, (_, result) in enumerate(GOLDEN[:50]):
        row = HandRow("f", i, result)
        assert jsonl(row) == plain(row)
    assert render._WRITERS == {RiichiResult: None}


def test_the_golden_set_covers_wins_and_non_wins():
    assert len(GOLDEN) > 2000
    assert {r.win for _, r in GOLDEN} == {True, False}
    assert {r.reason for _, r in GOLDEN} >= {None, "no yaku", "not complete"}


def test_every_golden_input_is_written_as_its_plain_encoding():
    wrong = []
    for i, (key, result) in enumerate(GOLDEN):
        row = HandRow(SOURCES[i % len(SOURCES)], i + 1, result, None, "x")
        if ENCODE(row) != plain(row).encode("utf-8") or JSONL(row) != plain(row):
            wrong.append(key)
    assert not wrong, f"{len(wrong)} differ, e.g. {wrong[:5]}"


@pytest.mark.skipif(not REALDATA.is_dir(), reason=f"real records not present ({REALDATA})")
def test_every_tenhou_record_is_written_as_its_plain_encoding():
    from scorer.riichi import evaluate
    records = load_records()
    assert len(records) == 1705
    for i, rec in enumerate(records):
        hand, nuki = build_hand(rec)
        check(evaluate(hand, "tenhou-sanma" if is_sanma(rec) else "tenhou", nuki=nuki), line=i + 1)


def test_mcr_fixture_lines_are_written_as_their_plain_encoding():
    from tests.mcr.test_fixtures import _cases
    n = 0
    for case in _cases():
        try:
            result = score(case.values[0], rules="mcr")
        except ValueError:
            continue
        check(result, line=n + 1)
        n += 1
    assert n > 20


def test_rows_with_claims_are_written_as_their_plain_encoding():
    lines = ["234m456p22p45678s+3s ron riichi dora:1m claim:7700",
             "234m456p22p45678s+3s ron riichi dora:1m claim:3900",
             "123m456p789s1155z+5z tsumo riichi dora:4p claim:2000/4000",
             "123m456p789s1155z+6z ron claim:1000",
             "123m456m789m123p5s+5s rules:mcr tsumo claim:12"]
    rows = list(iter_rows([Item("f", i + 1, text) for i, text in enumerate(lines)]))
    assert all(r.__class__ is HandRow and r.claim is not None for r in rows)
    assert [r.claim[1] for r in rows][:2] == [True, False]
    for row in rows:
        assert JSONL(row) == plain(row)


def test_fragments_starting_afresh_change_nothing(monkeypatch):
    monkeypatch.setattr(render, "FRAGMENTS_KEPT", 3)
    for i, (_, result) in enumerate(GOLDEN[:600]):
        check(result, line=i)


def test_a_to_dict_key_clashing_with_the_rows_own_goes_the_plain_way():
    class Odd:
        win = True

        def to_dict(self):
            return {"line": 5, "rules": "odd", "x": [1.5, None, True]}

    row = HandRow("f", 1, Odd())
    assert JSONL(row) == plain(row) == '{"source": "f", "line": 5, "rules": "odd", "x": [1.5, null, true]}\n'
    empty = HandRow("f", 2, type("Empty", (), {"to_dict": lambda self: {}})())
    assert JSONL(empty) == plain(empty) == '{"source": "f", "line": 2}\n'


def test_a_result_that_cannot_be_written_is_its_rows_error():
    class Broken:
        win = True

        def to_dict(self):
            raise ZeroDivisionError("a bug")

    text, last = render.render_stream([HandRow("f", 7, Broken(), None, "the line")], "jsonl", lambda row: None)
    row = json.loads(text)
    assert row == {"source": "f", "line": 7, "input": "the line",
                   "error": "internal error: ZeroDivisionError: a bug"}
    assert last.short == row["error"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(complete_hands(), st.sampled_from(("standard", "tenhou", "mahjongsoul", "wrc", "ema")),
       st.integers(0, 10 ** 7), st.sampled_from(SOURCES))
def test_generated_hands_are_written_as_their_plain_encoding(hand, preset, line, source):
    try:
        result = score(hand, preset=preset)
    except ValueError:      # (an impossible hand: no row to write)
        return
    check(result, line=line, source=source)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(st.data())
def test_generated_non_wins_are_written_as_their_plain_encoding(data):
    # a complete hand with its winning tile changed: mostly not complete (shanten and waits reported)
    hand = data.draw(complete_hands())
    text = hand.notation()
    i = text.index("+") + 1
    other = text[:i] + str(data.draw(st.integers(1, 7))) + text[i + 1:]
    try:
        result = score(parse(other))
    except ValueError:
        return
    check(result, line=data.draw(st.integers(1, 99)))


def test_plain_row_is_the_dict_of_a_hand_row_and_any_other_row_itself():
    result = score("234m456p22p45678s+3s ron riichi dora:1m")
    row = HandRow("f", 3, result)
    assert plain_row(row) == {"source": "f", "line": 3, **result.to_dict()}
    other = {"source": "f", "line": 4, "log": True}
    assert plain_row(other) is other
