"""One renderer: a result becomes a rich panel (for people), JSON (for scripts), or a batch row (JSON lines, CSV,
or a table line).

It reads a result's ``to_dict()`` (and a batch row: that dict with its source and line, or an error row), so
every evaluator's result renders the same way, whichever command shows it. The batch rows are rendered where
they are scored, each as soon as it is made (:func:`render_stream`, in a worker process too), and come out as
UTF-8 bytes: a string that cannot be UTF-8 (a lone surrogate) is written as U+FFFD, so the output is always valid
UTF-8. One exception, for speed, with the same bytes: a riichi row's JSON line is written from the result's
fields without building its dict (see "JSON lines straight from a result" below).
"""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import Any, Callable, Iterable

from scorer.rulesets import find_ruleset

FORMATS = ("table", "jsonl", "csv")
CSV_COLUMNS = ("source", "line", "hand", "rules", "preset", "win", "reason", "han", "fu", "yakuman", "limit",
               "points", "total_gain", "yaku", "total", "claim", "claim_agrees", "claim_expected", "claim_why",
               "error")

# one encoder, built once: json.dumps with options builds a new one per call. NaN and infinities are refused (the
# output must be JSON), circular data is checked here; the batch rows go through the C encoder directly (below).
_JSON = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "), allow_nan=False)
_encode = _JSON.encode
try:
    from json.encoder import c_make_encoder as _c_make_encoder
    from json.encoder import encode_basestring as _encode_str
except ImportError:  # pragma: no cover - a Python without the C accelerator
    _c_make_encoder = None
# The batch rows' encoder: the C encoder made once (JSONEncoder.encode makes one per call) and without the
# circular-reference markers (a row is a tree of plain values); same bytes as _encode. Anything it cannot write
# (NaN, a set, a cycle) makes render_rows fall back to the checked encoder, row by row.
_c_row = (_c_make_encoder(None, _JSON.default, _encode_str, None, ": ", ", ", False, False, False)
          if _c_make_encoder is not None else None)


def to_json(obj: Any) -> str:
    return _encode(obj)


def utf8(text: str) -> bytes:
    """``text`` as UTF-8 bytes; a lone surrogate (which no reader lets through) becomes ``?``, never raw bytes."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace")


def printable(text: str) -> str:
    """``text`` with control characters (a terminal's escape sequences among them) shown as escapes, so that
    what a user typed or a file held is shown, never obeyed by the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _tiles_line(hand: str | None) -> str:
    return hand or ""


def _payments(d: dict):
    """Who pays what: one line per payer, or per group of payers paying alike (``players`` > 1)."""
    from rich.text import Text
    pay = Text()
    for p in d.get("payments", []):
        n = p.get("players", 1)
        who = p.get("from", "?")
        pay.append(f"\n  {who} pays {p.get('amount')}" + (f" (×{n} players)" if n > 1 else ""))
    return pay


def riichi_panel(d: dict):
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    from rich.console import Group

    parts = []
    head = Text()
    head.append(_tiles_line(d.get("hand")), style="bold")
    parts.append(head)
    if not d.get("win"):
        t = Text()
        t.append(f"\nNo win: {d.get('reason')}", style="bold red")
        if d.get("shanten") is not None:
            t.append(f"\nShanten {d['shanten']}")
        if d.get("waits"):
            t.append(f"   waits {' '.join(d['waits'])}")
        parts.append(t)
        return Panel(Group(*parts), title=f"riichi · {d.get('preset')}", expand=False)
    yaku = Table(box=None, show_header=False, pad_edge=False)
    yaku.add_column("yaku")
    yaku.add_column("kanji", style="dim")
    yaku.add_column("han", justify="right")
    for y in d.get("yaku", []):
        yaku.add_row(y["name"], y.get("kanji", ""), f"{y['han']} han" if not d.get("yakuman") else
                     ("yakuman" if y["han"] >= 13 else f"{y['han']} han"))
    dora = d.get("dora") or {}
    for label, key in (("Dora", "dora"), ("Red five", "red"), ("Ura dora", "ura")):
        if dora.get(key):
            yaku.add_row(label, "", f"{dora[key]} han")
    parts.append(Text(""))
    parts.append(yaku)
    if d.get("fu_breakdown") and not d.get("yakuman"):
        fu = Table(box=None, show_header=False, pad_edge=False)
        fu.add_column("fu item", style="dim")
        fu.add_column("fu", justify="right", style="dim")
        for item in d["fu_breakdown"]:
            fu.add_row(item["reason"], str(item["fu"]))
        parts.append(Text(""))
        parts.append(fu)
    summary = Text()
    if d.get("yakuman"):
        summary.append(f"\n{'' if d['yakuman'] == 1 else str(d['yakuman']) + 'x '}yakuman", style="bold")
    else:
        summary.append(f"\n{d['han']} han {d['fu']} fu", style="bold")
        if d.get("limit"):
            summary.append(f"  {d['limit']}", style="bold magenta")
    summary.append(f"   {d['points']} points", style="bold green")
    parts.append(summary)
    parts.append(_payments(d))
    parts.append(Text(f"\nWinner gains {d.get('total_gain')}", style="bold"))
    return Panel(Group(*parts), title=f"riichi · {d.get('preset')}", expand=False)


def mcr_panel(d: dict):
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    from rich.console import Group

    parts = [Text(_tiles_line(d.get("hand")), style="bold")]
    if d.get("fans"):
        fans = Table(box=None, show_header=False, pad_edge=False)
        fans.add_column("fan")
        fans.add_column("chinese", style="dim")
        fans.add_column("points", justify="right")
        for f in d["fans"]:
            count = f" ×{f['count']}" if f.get("count", 1) > 1 else ""
            fans.add_row(f["name"], f.get("chinese", ""), f"{f['points'] * f.get('count', 1)}{count}")
        parts.append(Text(""))
        parts.append(fans)
    summary = Text()
    if d.get("fan_total") is not None:
        summary.append(f"\nFans {d['fan_total']}")
        if d.get("flowers"):
            summary.append(f" + flowers {d['flowers']}")
        summary.append(f" = {d.get('total')}", style="bold")
    if not d.get("win"):
        summary.append(f"\nNo win: {d.get('reason')}", style="bold red")
        if d.get("shanten") is not None and d.get("reason") != "below 8 points":
            summary.append(f"\nShanten {d['shanten']}")
            if d.get("waits"):
                summary.append(f"   waits {' '.join(d['waits'])}")
    parts.append(summary)
    if d.get("made_by"):  # the explanation, when the score command asked for it: which sets make each fan
        parts.append(Text("\nMade by", style="bold"))
        for row in d["made_by"]:
            parts.append(Text(f"  {row['name']}: {' '.join(row['sets'])}"))
    if d.get("not_counted"):  # ... and what was not counted, and why
        parts.append(Text("\nNot counted", style="bold"))
        for row in d["not_counted"]:
            parts.append(Text(f"  {row['name']} ({row['points'] * row['count']}): {row['why']}", style="dim"))
    for row in d.get("dropped") or ():  # win flags the rules make impossible
        parts.append(Text(f"\n{row['flag']} dropped: {row['why']}", style="yellow"))
    if d.get("win"):
        parts.append(_payments(d))
        parts.append(Text(f"\nWinner gains {d.get('total_gain')}", style="bold"))
    preset = d.get("preset")
    title = "MCR" if preset in (None, "mcr") else f"MCR · {preset}"
    return Panel(Group(*parts), title=title, expand=False)


_PANELS = {"riichi": riichi_panel, "mcr": mcr_panel}   # by rule-set name (scorer.rulesets)


def panel(result_dict: dict):
    return _PANELS.get(result_dict.get("rules"), riichi_panel)(result_dict)


# ---- batch rows ----------------------------------------------------------------------------------------------
# A batch row is a result's dict with "source" and "line" first; an error row (scorer.batch.ErrorRow) has
# "input" and "error", and its attribute ``short``: the one-line reason the CSV and table columns show.
def _short(row: dict) -> str | None:
    return getattr(row, "short", None)


def _yaku_text(row: dict) -> str:
    if row.get("yaku"):
        return "; ".join(f"{y.get('name')} {y.get('han')}" for y in row["yaku"])
    if row.get("fans"):
        return "; ".join(f"{f.get('name')} {f.get('points')}" + (f" x{f['count']}" if f.get("count", 1) > 1
                                                                  else "") for f in row["fans"])
    return ""


def _csv_values(row: dict) -> list:
    short = _short(row)
    if short is not None:
        return [row["source"], row["line"], row.get("input") or "", "", "", "", "", "", "", "", "", "", "", "", "",
                "", "", "", "", short]
    if row.get("log"):
        w = row.get("wins") or []
        return [row["source"], row["line"], row.get("label", ""), "riichi", "tenhou", _blank(bool(w)),
                row.get("summary"),
                ";".join(str(x.get("han")) for x in w), ";".join(str(x.get("fu")) for x in w), "",
                ";".join(str(x.get("limit") or "") for x in w), ";".join(str(x.get("points")) for x in w), "",
                "", "", "record", _blank(row.get("agree")), "", "; ".join(row.get("mismatches") or []), ""]
    yak = row.get("yakuman")
    return [row["source"], row["line"], row.get("hand") or "", row.get("rules"), row.get("preset"),
            _blank(row.get("win")),
            row.get("reason") or "", _blank(row.get("han")), _blank(row.get("fu")), _blank(yak),
            row.get("limit") or "", _blank(row.get("points")), _blank(row.get("total_gain")), _yaku_text(row),
            _blank(row.get("total")), row.get("claim", ""), _blank(row.get("claim_agrees")),
            row.get("claim_expected", "") or "", row.get("claim_why", ""), ""]


def _blank(v):
    if isinstance(v, bool):
        return "true" if v else "false"  # as in the JSON rows
    return "" if v is None else v


_TABLE_HEAD = f"{'SOURCE:LINE':<28} {'RESULT':<34} {'CLAIM':<22} HAND"


def _table_result(row: dict) -> str:
    short = _short(row)
    if short is not None:
        return "ERROR " + short
    if row.get("log"):
        return ("agree  " if row.get("agree") else "DISAGREE  ") + (row.get("summary") or "")
    if not row.get("win"):
        return f"no win: {row.get('reason')}"
    return find_ruleset(row.get("rules")).summary(row)


def _table_line(row: dict) -> str:
    where = f"{row['source']}:{row['line']}"
    res = _table_result(row)
    if _short(row) is not None:
        return printable(f"{where:<28} {res}  | {row.get('input') or ''}")
    claim = ""
    if "claim_agrees" in row:
        claim = f"{row['claim']} " + ("ok" if row["claim_agrees"] else f"NO ({row['claim_expected']})")
    elif row.get("log"):
        claim = "; ".join(row.get("mismatches") or [])[:60]
    hand = row.get("hand") or row.get("label") or ""
    return printable(f"{where:<28} {res:<34} {claim:<22} {hand}")


def header(fmt: str) -> str:
    """What a run writes before its first row: the CSV header or the table's header; nothing for JSON lines."""
    if fmt == "csv":
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow(CSV_COLUMNS)
        return buf.getvalue()
    if fmt == "table":
        return _TABLE_HEAD + "\n"
    return ""


# what rendering a row can raise when the row holds a value its format cannot write (a bug upstream)
RENDER_ERRORS = (ValueError, TypeError, KeyError, AttributeError, RecursionError, OverflowError)


def row_renderer(fmt: str) -> Callable[[dict], str]:
    """The function that renders one batch row in the output format (``jsonl``, ``csv`` or ``table``): the row's
    text, ending in a newline. A row is a dict (an error row, a log's round) or a scored hand's
    :class:`~scorer.batch.HandRow`, rendered as its plain values (:func:`~scorer.batch.plain_row`). It raises one
    of :data:`RENDER_ERRORS` for a row it cannot write. (The batch writes :func:`row_encoder`'s bytes: the same
    text, as UTF-8.)"""
    if fmt == "jsonl":
        encode = row_encoder(fmt)
        return lambda row: encode(row).decode("utf-8")
    return _text_renderer(fmt)


def _text_renderer(fmt: str) -> Callable[[dict], str]:
    from scorer.batch import plain_row
    if fmt == "csv":
        write_row = _csv_row_writer()

        def csv_row(row) -> str:
            return write_row(_csv_values(plain_row(row)))     # the record's text: what _Echo.write returns
        return csv_row
    if fmt == "table":
        return lambda row: _table_line(plain_row(row)) + "\n"
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


def row_encoder(fmt: str) -> Callable[[dict], bytes]:
    """:func:`row_renderer`'s text of a row as UTF-8 bytes (:func:`utf8`), what a batch writes. A riichi row's
    JSON line is made as bytes from the start (see "JSON lines straight from a result" below): its yaku names,
    in kanji, would make the text of the whole line a wide string, built and then encoded again."""
    from scorer.batch import HandRow, plain_row
    if fmt != "jsonl":
        render = _text_renderer(fmt)
        return lambda row: utf8(render(row))
    if _c_row is None:
        return lambda row: utf8(_encode(plain_row(row)) + "\n")
    c = _c_row
    join = "".join
    writers = _WRITERS
    hand_row = _plain_hand_row

    def jsonl(row) -> bytes:
        if row.__class__ is HandRow:
            cls = row.result.__class__
            write = writers[cls] if cls in writers else _writer_of(cls)
            if write is None or row.claim is not None:
                return hand_row(row)
            return write(row)
        return utf8(join(c(row, 0)) + "\n")     # an ErrorRow is a dict: its short reason stays out
    return jsonl


# ---- JSON lines straight from a result ----------------------------------------------------------------------------
# A scored hand's JSON line is the plain encoding of its row ({"source", "line", **result.to_dict(), claim
# columns}). Building that dict and walking it cost about a third of what scoring the hand costs, so the line is
# written from the result instead, with the same bytes: the head ({"source": ..., "line": ) is made once per input,
# and the parts of a result that recur across hands (a yaku list, a fu breakdown, a payment split, the dora counts,
# the waits) are immutable tuples in the result, so their JSON text is made once for each value and looked up
# after. A result class without a writer (:func:`_writer_of`), or a row with a claim, goes the plain way
# (:func:`_plain_hand_row`). tests/cli/test_render_rows.py holds the writers to the plain encoding on every riichi
# golden input, every Tenhou record, the MCR fixtures and generated hands.
FRAGMENTS_KEPT = 1 << 13    # JSON texts kept per kind of part before that cache starts afresh (memory stays flat)
_WRITERS: dict = {}         # result class -> the writer of its rows' JSON lines (None: the plain way)
_HEADS: dict = {}           # source -> b'{"source": "...", "line": ' (UTF-8)


def _kept(cache: dict) -> dict:
    """``cache``, emptied first when it holds :data:`FRAGMENTS_KEPT` texts."""
    if len(cache) >= FRAGMENTS_KEPT:
        cache.clear()
    return cache


def _head(source) -> bytes:
    text = _HEADS.get(source)
    if text is None:
        text = _kept(_HEADS)[source] = utf8('{"source": ' + "".join(_c_row(source, 0)) + ', "line": ')
    return text


def _plain_hand_row(row) -> bytes:
    """A :class:`~scorer.batch.HandRow`'s JSON line from its result's ``to_dict()``: the head spliced in front of
    the dict's text (no merged copy of the dict), or the row's whole dict encoded when it has a claim or a key the
    head would repeat."""
    line = row.line
    d = row.result.to_dict()
    if row.claim is not None or line.__class__ is not int or "source" in d or "line" in d or not d:
        return utf8("".join(_c_row(row.as_dict(), 0)) + "\n")
    return _head(row.source) + b"%d, " % line + utf8("".join(_c_row(d, 0))[1:] + "\n")


def _writer_of(cls) -> Callable | None:
    """The writer of the JSON lines of ``cls``'s results (None: no writer, the plain way), found once."""
    write = None
    riichi = sys.modules.get("scorer.riichi.evaluate")     # (a class from a module never imported has no writer)
    if riichi is not None and cls is riichi.RiichiResult and all(hasattr(cls, name) for name in _RIICHI_READS):
        write = _riichi_writer(cls)
    # (a result class that no longer has what its writer reads goes the plain way: right, only slower; the test
    # that riichi results have their own writer then says so)
    _WRITERS[cls] = write
    return write


_RIICHI_FIELDS = ("preset", "notation", "win", "reason", "yaku", "dora", "red", "ura", "han", "fu", "yakuman",
                  "limit", "fu_items", "points", "payments", "total_gain", "shanten")
_RIICHI_READS = _RIICHI_FIELDS + ("_wait_kinds",)     # what the riichi writer reads of a RiichiResult


def _riichi_writer(cls=None) -> Callable:
    """The JSON line (UTF-8) of a riichi row from its :class:`~scorer.riichi.evaluate.RiichiResult` (``cls``): the
    keys of ``RiichiResult.to_dict()`` in its order, the text of each recurring part made once. (The counts are
    ints and ``win`` a bool: the evaluator makes them so.) A result's values are taken by position when ``cls``
    is a named tuple holding them as fields (one C call for all, instead of an attribute lookup each)."""
    from operator import attrgetter, itemgetter

    from scorer.kinds import N_KINDS
    from scorer.tiles import Tile
    c = _c_row
    join = "".join
    es = _encode_str
    held = [name for name in _RIICHI_FIELDS if name != "notation"]
    names = getattr(cls, "_fields", ())
    fields = (itemgetter(*[names.index(n) for n in held]) if all(n in names for n in held) else
              attrgetter(*held))
    line_text = (b'%s%d, "rules": "riichi", "preset": %s, "hand": %s, "win": %s, "reason": %s, "yaku": %s, '
                 b'"dora": %s, "han": %d, "fu": %d, "yakuman": %d, "limit": %s, "fu_breakdown": %s, "points": %d, '
                 b'"payments": %s, "total_gain": %d, "shanten": %d, "waits": %s}\n')
    kind_text = [utf8(es(str(Tile(k)))) for k in range(N_KINDS)]     # a wait as JSON: "1m" ... "7z"
    yakus: dict = {}
    fus: dict = {}
    fu_lines: dict = {}
    pays: dict = {}
    doras: dict = {}
    waits: dict = {}
    words: dict = {None: b"null"}       # a preset, a reason, a limit: a few strings, each with its JSON text
    heads = _HEADS

    def yaku_json(items) -> bytes:
        text = _kept(yakus)[items] = utf8(join(c([{"name": y.name, "kanji": y.kanji, "han": y.han}
                                                    for y in items], 0)))
        return text

    def fu_item_json(item) -> bytes:
        text = _kept(fu_lines)[item] = utf8(join(c({"reason": item.reason, "fu": item.fu}, 0)))
        return text

    fu_item_get = fu_lines.get

    def fu_json(items) -> bytes:
        # (a hand's fu lines vary more than any other part, e.g. "closed triplet 5m": over 100,000 hands a
        # quarter of the breakdowns are new, while the lines themselves are a few hundred)
        text = _kept(fus)[items] = b"[" + b", ".join([fu_item_get(f) or fu_item_json(f) for f in items]) + b"]"
        return text

    def pay_json(items) -> bytes:
        text = _kept(pays)[items] = utf8(join(c([{"from": p.payer, "amount": p.amount} for p in items], 0)))
        return text

    def dora_json(key) -> bytes:
        text = _kept(doras)[key] = utf8(join(c({"dora": key[0], "red": key[1], "ura": key[2]}, 0)))
        return text

    def waits_json(key) -> bytes:
        text = _kept(waits)[key] = b"[" + b", ".join([kind_text[k] for k in key]) + b"]"
        return text

    def word_json(word) -> bytes:
        if len(words) >= FRAGMENTS_KEPT:
            words.clear()
            words[None] = b"null"
        text = words[word] = utf8(es(word))
        return text

    yakus_get, fus_get, pays_get, doras_get, waits_get, words_get = (yakus.get, fus.get, pays.get, doras.get,
                                                                     waits.get, words.get)

    def write(row) -> bytes:
        r = row.result
        source, line = row.source, row.line
        if line.__class__ is not int or r.hand.situation.nuki:   # (a nuki:N hand's dict has its nuki keys)
            return _plain_hand_row(row)
        (preset, win, reason, yaku, dora, red, ura, han, fu, yakuman, limit, fu_items, points, payments,
         total_gain, shanten) = fields(r)
        notation = r.notation
        d = (dora, red, ura)
        w = tuple(r._wait_kinds())
        # (every cached text is a non-empty string, so ``get(key) or make(key)`` makes it only when missing)
        return line_text % (
            heads.get(source) or _head(source), line,
            words_get(preset) or word_json(preset), b"null" if notation is None else utf8(es(notation)),
            b"true" if win else b"false", words_get(reason) or word_json(reason),
            yakus_get(yaku) or yaku_json(yaku), doras_get(d) or dora_json(d), han, fu, yakuman,
            words_get(limit) or word_json(limit), fus_get(fu_items) or fu_json(fu_items), points,
            pays_get(payments) or pay_json(payments), total_gain, shanten, waits_get(w) or waits_json(w))
    return write


def _csv_row_writer() -> Callable[[list], str]:
    """The CSV writer's ``writerow``: a row's values to the record's text. Before Python 3.11 the csv module
    cannot write a NUL (it takes it for an unset escape character and raises "need to escape"), and a hostile
    line's input, quoted back in its error row, may hold one; there each NUL is written through a stand-in that
    the row does not contain (csv treats neither specially), so the record is the same text as on 3.11 and later."""
    write_row = csv.writer(_Echo(), lineterminator="\n").writerow
    if sys.version_info >= (3, 11):
        return write_row

    def write_row_with_nul(values: list) -> str:
        if not any(isinstance(v, str) and "\0" in v for v in values):
            return write_row(values)
        text = "".join(map(str, values))
        stand_in = next(chr(c) for c in range(0xE000, 0xF900) if chr(c) not in text)   # a private-use character
        return write_row([v.replace("\0", stand_in) if isinstance(v, str) else v for v in values]).replace(
            stand_in, "\0")
    return write_row_with_nul


class _Echo:
    """The file a CSV writer writes a row to: ``writerow`` writes each record with one ``write`` and returns what
    it returns, the record's text."""

    __slots__ = ()

    def write(self, text: str) -> str:
        return text


def render_stream(rows: Iterable[dict], fmt: str, seen: Callable[[dict], None]) -> tuple[bytes, dict | None]:
    """Batch rows rendered one by one as they come, so that each row can be dropped as soon as it is written (a
    chunk's rows are never all alive at once): the UTF-8 text of them all (each row ending in a newline) and the
    last row. ``seen`` is called with every row as it was written: a row that cannot be rendered (a value its
    format cannot hold: a bug upstream) is replaced by an error row saying so, and ``seen`` gets that one
    instead. The row is not lost and the run goes on."""
    from scorer.batch import HandRow
    render = row_encoder(fmt)
    parts: list[bytes] = []
    append = parts.append
    row = None
    for row in rows:
        try:
            append(render(row))
        except Exception as exc:  # noqa: BLE001 - a scored hand's result that cannot be written: a bug upstream
            if row.__class__ is HandRow:
                row = row.error_row(exc)
            elif isinstance(exc, RENDER_ERRORS):
                row = _unrenderable(row, exc)
            else:
                raise
            append(render(row))
        seen(row)
    return b"".join(parts), row


def render_rows(rows: list[dict], fmt: str) -> str:
    """Whole batch rows in the output format (``jsonl``, ``csv`` or ``table``), each ending in a newline.

    A row that cannot be rendered (a value its format cannot hold: a bug upstream) is replaced, in ``rows`` too,
    by an error row saying so (see :func:`render_stream`): a tally taken afterwards counts it."""
    if not rows:
        return ""
    written: list[dict] = []
    data, _ = render_stream(rows, fmt, written.append)
    rows[:] = written
    return data.decode("utf-8")


def _unrenderable(row: dict, exc: BaseException) -> dict:
    from scorer.batch import ErrorRow
    source, line = row.get("source"), row.get("line")
    out = ErrorRow(source=source if isinstance(source, str) else repr(source)[:100],
                   line=line if isinstance(line, int) else 0, input=None,
                   error=f"internal error: the row cannot be written ({type(exc).__name__}: {str(exc)[:200]})")
    out.short = out["error"]
    return out

