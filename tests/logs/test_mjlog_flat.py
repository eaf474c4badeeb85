"""The mjlog reader's two paths agree: a flat document (one root, empty children with plain double-quoted
attributes) is read by pattern, anything else by defusedxml's iterparse. For every real record, every fixture and
mutated records (hypothesis), the pattern path either declines or finds exactly the parser's children, and the
rounds (events, where each came from, every error message) are the same whichever path reads the file."""

from __future__ import annotations

import io
import re
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.errors import LogError
from scorer.logs import mjlog, read_bytes

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "logs"
REAL = ROOT / ".." / "shared" / "realdata" / "riichi"
BASE = (FIXTURES / "pao-ron.mjlog").read_bytes()


def _xml_files() -> list[Path]:
    out = [p for p in sorted(FIXTURES.glob("*.mjlog*")) + sorted(FIXTURES.glob("*.xml")) if "bomb" not in p.name]
    if REAL.is_dir():
        out += sorted((REAL / "tenhou-mjlog").glob("*.mjlog")) + sorted((REAL / "tenhou-mjlog-misc").glob("*.xml*"))
    return out


def _parsed(data: bytes):
    """The root's children by defusedxml's iterparse (tag, attribute items in order), or the exception's type."""
    from defusedxml.ElementTree import iterparse
    out, depth = [], 0
    try:
        for kind, el in iterparse(io.BytesIO(data), events=("start", "end"), forbid_dtd=True, forbid_entities=True,
                                  forbid_external=True):
            if kind == "start":
                depth += 1
                continue
            depth -= 1
            if depth == 1:
                out.append((el.tag, list(el.attrib.items())))
    except Exception as e:          # noqa: BLE001 - any refusal counts: the pattern path must have declined
        return type(e).__name__
    return out


def _check_children(data: bytes) -> bool:
    """True when the pattern path took ``data`` (and then found what the parser finds)."""
    flat = mjlog._flat_elements(data)
    if flat is None:
        return False
    assert [(t, list(a.items()) if a else []) for t, a in flat] == _parsed(data)
    return True


def _rounds(data: bytes, name: str, flat: bool) -> list:
    """Every round as (name, events, where strings, final scores), ending in the error's message if one stops it."""
    with mock.patch.object(mjlog, "_flat_elements", mjlog._flat_elements if flat else lambda data: None):
        out = []
        try:
            for r in mjlog.read_mjlog(data, name):
                out.append((r.name, [e.to_dict() for e in r.events], [str(w) for w in r.where], r.final_scores,
                            r.last_of_game, r.players))
        except LogError as e:
            out.append(("error", str(e)))
        return out


@pytest.mark.parametrize("path", _xml_files(), ids=lambda p: p.name)
def test_pattern_path_reads_what_the_parser_reads(path):
    data = read_bytes(str(path))
    took = _check_children(data)
    if path.parent.name == "tenhou-mjlog":
        assert took, "a Tenhou record should be flat"
    assert _rounds(data, path.name, True) == _rounds(data, path.name, False)


_DECLINED = [
    b'<!DOCTYPE mjloggm [<!ENTITY a "x">]><mjloggm><T1/></mjloggm>',      # a DTD: defusedxml refuses it
    b'<mjloggm><UN n0="&amp;"/></mjloggm>',                                 # a reference to expand
    b'<mjloggm><UN n0="&#65;"/></mjloggm>',
    b'<mjloggm xmlns="urn:x"><T1/></mjloggm>',                              # a namespace renames every tag
    b'<mjloggm><!-- c --><T1/></mjloggm>',
    b'<mjloggm><?pi x?><T1/></mjloggm>',
    b"<mjloggm><UN n0='a'/></mjloggm>",
    b'<mjloggm><UN n0="a\tb"/></mjloggm>',                                 # whitespace the parser normalises
    b'<mjloggm><UN n0="a" n0="b"/></mjloggm>',                              # not well-formed
    b'<mjloggm><UN n0 = "a"/></mjloggm>',
    b'<mjloggm><T1></T1></mjloggm>',
    b'<mjloggm><T1/>text</mjloggm>',
    b'<mjloggm><T1/></mjlog>',
    b'<mjloggm><T1/>',
    b'\xef\xbb\xbf<mjloggm><T1/></mjloggm>',
    b'<?xml version="1.0" encoding="Shift_JIS"?><mjloggm><T1/></mjloggm>',
    b' <?xml version="1.0"?><mjloggm><T1/></mjloggm>',
    b'<mjloggm><UN n0="\xff"/></mjloggm>',
    b'<mjloggm/>',
    b'<mjloggm>' + b'<T1/>' * (mjlog.MAX_ELEMENTS + 1) + b'</mjloggm>',  # the parser path stops it at the limit
]
"""Documents the pattern path must leave to the parser (the last: over the element limit, declined before any
pattern is tried)."""


@pytest.mark.parametrize("doc", _DECLINED)
def test_pattern_path_declines_what_it_cannot_read_exactly(doc):
    assert mjlog._flat_elements(doc) is None


def test_pattern_path_takes_a_declaration_and_whitespace():
    doc = b'<?xml version="1.0" encoding="UTF-8"?>\r\n<mjloggm ver="2.3">\n  <GO type="169" lobby="0" />\n<T1/>\n</mjloggm >\n'
    assert _check_children(doc)
    assert mjlog._flat_elements(doc) == [("GO", {"type": "169", "lobby": "0"}), ("T1", "")]


def test_a_root_attribute_given_twice_is_left_to_the_parser():
    """Not well-formed XML (the parser refuses it), so the pattern path must decline it too: found by the mutated
    records below (``a="1"`` written twice into the root's start tag), which read it as a good file."""
    doc = b'<mjloggm ver="2.3" a="1" a="1"><GO type="169"/></mjloggm>'
    assert mjlog._flat_elements(doc) is None
    assert _parsed(doc) is not None and not _check_children(doc)
    assert mjlog._flat_elements(b'<mjloggm ver="2.3" a="1"><GO type="169"/></mjloggm>') == [("GO", {"type": "169"})]
    data = BASE[:8] + b' a="1"' * 2 + BASE[8:]
    assert _rounds(data, "m.mjlog", True) == _rounds(data, "m.mjlog", False)


_PIECES = [b"<", b">", b"/", b"/>", b'"', b"'", b"=", b" ", b"\n", b"\t", b"&", b"&amp;", b"&#1;", b"<!DOCTYPE x>",
           b"<!--", b"xmlns", b"</mjloggm>", b"<T1/>", b"<D1/>", b"<T0052/>", b"\xff", b"\xe3\x81\x82", b"\x00",
           b" a=\"1\"", b"INIT", b"AGARI", b"N", b"m=\"", b"who=\"1\""]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(BASE)), st.integers(0, 8), st.sampled_from(_PIECES)),
                min_size=1, max_size=4))
def test_mutated_records_read_the_same_by_either_path(edits):
    data = BASE
    for at, cut, piece in edits:
        at = min(at, len(data))
        data = data[:at] + piece + data[at + cut:]
    _check_children(data)
    assert _rounds(data, "m.mjlog", True) == _rounds(data, "m.mjlog", False)


def test_the_patterns_without_possessive_repeats_read_the_same():
    """The patterns a Python without working possessive repeats gets (before 3.11, and 3.11.0-3.11.2) take every
    record the parser reads and decline every document above, like the possessive ones."""
    plain_doc, plain_child = mjlog._flat_patterns("")
    assert "++" not in plain_doc.pattern
    files = [p for p in _xml_files() if p.parent.name == "tenhou-mjlog" or p.parent == FIXTURES]
    with mock.patch.object(mjlog, "_FLAT_DOC", plain_doc), mock.patch.object(mjlog, "_FLAT_CHILD", plain_child):
        took = [_check_children(read_bytes(str(p))) for p in files]
        assert all(mjlog._flat_elements(doc) is None for doc in _DECLINED[:-1])   # (the last: the element limit)
    assert any(took)   # the fixtures' flat records; and every Tenhou record, when ../shared is here:
    assert all(took[i] for i, p in enumerate(files) if p.parent.name == "tenhou-mjlog")


def test_possessive_repeats_are_used_exactly_where_they_read_a_record():
    try:
        possessive_doc, _ = mjlog._flat_patterns("+")
    except re.error:   # before 3.11 re has no possessive repeats: "multiple repeat"
        works = False
    else:
        works = possessive_doc.fullmatch(BASE.decode("utf-8")) is not None
    assert mjlog._possessive_works() == works
    assert ("++" in mjlog._FLAT_DOC.pattern) == works
