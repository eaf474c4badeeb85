"""The long hostile-input fuzz (``pytest -m slow tests/hostile``): hypothesis over hand lines, claims and the three
log formats (mjlog XML, tenhou.net/6 JSON, mjai JSON lines, plus our own play logs), in this process.

Properties: any bytes of a hands file give exactly one row per line that is not blank or a comment, rendered as
valid UTF-8 in every format; a row is a result or an error, never an internal error; a claim is read or refused
with a ClaimError; a mutated log is replayed or refused with a LogError, never another exception.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import batch as B
from scorer.cli.render import FORMATS, render_rows, utf8
from scorer.errors import ClaimError, LogError
from tests.hostile.harness import FIXTURES

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent.parent
LONG = settings(max_examples=3000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])

GOOD = ["234m456p22p45678s+3s ron riichi dora:1m", "123m456p789s1155z+5z tsumo riichi dora:4p claim:2000/4000",
        "123m456m789m123p5s+5s rules:mcr tsumo", "11m[555p](7777z)234s678s+1m ron honba:2 preset:tenhou",
        "19m19p19s1234567z+1z ron claim:32000", '{"hand": "1112345678999m+9m", "claim": "yakuman"}']
NOTATION = "0123456789mpszf[]()+:, -/" + "riichidoraclaimhonbatsumoronrulesmcrpreset" + "²１ｍ\u3000\x00\ufffd{}\"\\"

lines = st.one_of(
    st.text(alphabet=NOTATION, max_size=80),
    st.text(max_size=60),
    st.builds(lambda base, i, junk: base[:i] + junk + base[i + len(junk):], st.sampled_from(GOOD),
              st.integers(0, 60), st.text(alphabet=NOTATION, max_size=6)),
)


def _rowed_lines(data: bytes) -> list[int]:
    """The lines that must get a row, by the readers' rule written out: a line over the limit or not UTF-8 always
    does; a text line does unless it is blank or a ``#`` comment (after a leading byte-order mark is dropped)."""
    out = []
    for n, raw in enumerate(data.split(b"\n")[:-1], 1):
        if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        if len(raw) + 1 > B.MAX_LINE:
            out.append(n)
            continue
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            out.append(n)
            continue
        if text and text[0] != "#":
            out.append(n)
    return out


@LONG
@given(st.lists(st.one_of(lines.map(lambda s: s.encode("utf-8", "surrogatepass")), st.binary(max_size=40)),
                max_size=20))
def test_any_bytes_give_one_row_per_line_in_every_format(raw_lines):
    data = b"\n".join(line.replace(b"\n", b" ") for line in raw_lines) + b"\n"
    items = list(B.read_text(B.bounded_lines(io.BytesIO(data)), "f"))
    rows = B.score_rows(items)
    want = _rowed_lines(data)
    assert [r["line"] for r in rows] == want
    for r in rows:
        assert "win" in r or "error" in r
        assert not str(r.get("error", "")).startswith("internal error"), r
    for fmt in FORMATS:
        utf8(render_rows(rows, fmt)).decode("utf-8")


@LONG
@given(st.one_of(st.text(alphabet="0123456789/,allmangnhbyakufu-x ", max_size=30), st.text(max_size=30)))
def test_a_claim_is_read_or_refused_with_a_claim_error(text):
    from scorer import score
    from scorer.claims import Claim, check_claim
    result = score(GOOD[0])
    try:
        claim = Claim.parse(text)
    except ClaimError:
        return
    verdict = check_claim(result, claim)
    assert isinstance(verdict.agree, bool)


LOG_BASES = [ROOT / "fixtures" / "logs" / "pao-ron.mjlog", FIXTURES / "base" / "tenhou6-two-rounds.json",
             FIXTURES / "base" / "mjai-two-rounds.jsonl", ROOT / "fixtures" / "logs" / "own-seed3.jsonl"]
TOKENS = [b"1e400", b"NaN", b"Infinity", b"-1", b"9" * 40, b'"x"', b"null", b"true", b"[]", b"{}", b"136", b"\xff",
          "１".encode(), "²".encode(), b"<", b"/>", b"[[[[", b'"', b",", b"=", b"0"]


@LONG
@given(st.sampled_from(LOG_BASES), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 2),
                                                      st.sampled_from(TOKENS), st.integers(1, 30)),
                                            min_size=1, max_size=5))
def test_a_mutated_log_replays_or_is_a_log_error(tmp_path_factory, base, edits):
    from scorer.logs import read_log
    from scorer.logs.replay import LenientVisitor, replay_rounds
    data = bytearray(base.read_bytes())
    for where, op, token, n in edits:
        i = int(where * (len(data) - 1))
        if op == 0:
            data[i:i + len(token)] = token
        elif op == 1:
            del data[i:i + n]
        else:
            data[i:i] = token
    path = tmp_path_factory.mktemp("log") / base.name
    path.write_bytes(bytes(data))
    try:
        for rep in replay_rounds(read_log(str(path)), LenientVisitor()):
            assert rep.error is None or "cannot replay this event" not in rep.error, rep.error
    except LogError as e:
        assert "malformed log" not in str(e), e        # a reader met something it did not foresee


def test_seeded_bytes_of_every_log_format_are_a_log_error_or_a_replay(tmp_path):
    from scorer.logs import read_log
    from scorer.logs.replay import LenientVisitor, replay_rounds
    rng = random.Random(2024)
    for k in range(2000):
        base = LOG_BASES[k % len(LOG_BASES)].read_bytes()
        b = bytearray(base)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(b))
            b[i:i + rng.randint(0, 4)] = rng.choice(TOKENS)
        p = tmp_path / f"x{k % 4}{LOG_BASES[k % len(LOG_BASES)].suffix}"
        p.write_bytes(bytes(b))
        try:
            list(replay_rounds(read_log(str(p)), LenientVisitor()))
        except LogError:
            pass
