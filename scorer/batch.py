"""Batch scoring: streams of hands in, one output row per hand out, in input order. Pure: nothing here prints.

The stage between files and the renderer for ``mjscore batch``. Three pieces, each streaming:

* **Readers** turn inputs into :class:`Item` values one line at a time: text files of hands (one a line; blank
  lines and ``#`` comments skipped; a line that starts with ``{`` is read as a JSON object), JSON lines
  (``{"hand": ..., "claim": ...}``), CSV with a ``hand`` column (and optional ``claim``), ``-`` for standard
  input, and game logs (a directory, or ``.mjlog``/``.xml``/``.gz``/tenhou.net/6/mjai files), which become one
  item per file, replayed and verified through :mod:`scorer.logs`. A line a reader cannot read becomes an item
  carrying its error: it still gets its row.
* :func:`chunks` groups items into lists (small first, so the first rows come out at once, then larger).
* :func:`run_chunk` scores one chunk into formatted output text (JSON lines, CSV or table lines) and the
  chunk's :class:`Tally`. It is the function every engine runs — in-process, in worker processes, or on a
  Dask cluster — so all engines write the same bytes. Formatting happens here, in the worker, so that the
  process that writes the output has almost nothing to do.

Every row names its source and line. A hand that does not parse, a claim that cannot be read, a log that does
not replay: each is a row with its error, and the run goes on.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, NamedTuple, TextIO

FORMATS = ("table", "jsonl", "csv")
LOG_SUFFIXES = (".mjlog", ".xml", ".gz")
CSV_COLUMNS = ("source", "line", "hand", "rules", "preset", "win", "reason", "han", "fu", "yakuman", "limit",
               "points", "total_gain", "yaku", "total", "claim", "claim_agrees", "claim_expected", "claim_why",
               "error")
MAX_LISTED = 10  # error and dispute locations kept for the summary (the counts are exact)


class Item(NamedTuple):
    """One unit of work: a hand (``text``, with an optional ``claim``) at ``source``:``line``; or, with ``log``,
    a game log file at ``text``; or, with ``error``, a line that could not be read."""

    source: str
    line: int
    text: str | None
    claim: str | None = None
    error: str | None = None
    log: bool = False


# ---- readers ------------------------------------------------------------------------------------------------------
class ByteCounter:
    """How far the readers have read, in characters (≈ bytes for notation): the progress bar's position."""

    __slots__ = ("done",)

    def __init__(self) -> None:
        self.done = 0


def _json_item(source: str, n: int, line: str) -> Item:
    try:
        obj = json.loads(line)
    except ValueError as exc:
        return Item(source, n, line, error=f"not a JSON object: {exc}")
    if not isinstance(obj, dict):
        return Item(source, n, line, error="expected a JSON object like {\"hand\": ..., \"claim\": ...}")
    hand = obj.get("hand")
    if not isinstance(hand, str):
        return Item(source, n, line, error="no \"hand\" string in the JSON object")
    claim = obj.get("claim")
    return Item(source, n, hand, None if claim is None else str(claim))


def read_text(stream: Iterable[str], source: str, counter: ByteCounter | None = None) -> Iterator[Item]:
    """Hands one a line (JSON-object lines too); blank lines and ``#`` comments are skipped."""
    for n, raw in enumerate(stream, 1):
        if counter is not None:
            counter.done += len(raw)
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        if line[0] == "{":
            yield _json_item(source, n, line)
        else:
            yield Item(source, n, line)


read_jsonl = read_text  # a JSON-lines file is a text file whose lines are all objects


def read_csv(stream: Iterable[str], source: str, counter: ByteCounter | None = None) -> Iterator[Item]:
    """CSV with a header naming a ``hand`` column (and optionally ``claim``); line numbers are the file's."""
    counted = _Counted(stream, counter)
    reader = csv.reader(counted)
    header = None
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # a NUL byte, an oversized field ...: that record is an error row
            yield Item(source, counted.start, None, error=f"not a CSV record: {exc}")
            continue
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [c.strip().lower() for c in row]
            if "hand" not in header:
                yield Item(source, counted.start, ",".join(row), error="no 'hand' column in the CSV header")
                return
            hand_i = header.index("hand")
            claim_i = header.index("claim") if "claim" in header else None
            continue
        n = counted.start
        hand = row[hand_i].strip() if hand_i < len(row) else ""
        if hand.startswith("#"):
            continue
        claim = row[claim_i].strip() if claim_i is not None and claim_i < len(row) else ""
        if not hand:
            yield Item(source, n, ",".join(row), error="empty 'hand' cell")
            continue
        yield Item(source, n, hand, claim or None)


class _Counted:
    """Feeds lines to csv.reader, remembering the line number where the current record started."""

    def __init__(self, stream, counter):
        self._it = iter(stream)
        self._counter = counter
        self.n = 0
        self.start = 0
        self._in_record = False

    def __iter__(self):
        return self

    def __next__(self):
        line = next(self._it)
        self.n += 1
        if self._counter is not None:
            self._counter.done += len(line)
        # a record starts on a line where the previous one ended (quoted newlines keep a record open)
        if not self._in_record:
            self.start = self.n
        self._in_record = (line.count('"') % 2 == 1) ^ self._in_record
        return line


def input_kind(path: str, head: str | None = None) -> str:
    """``text``, ``csv`` or ``log`` for a file, by its name and (for JSON) its first line."""
    low = path.lower()
    if low.endswith(LOG_SUFFIXES):
        return "log"
    if low.endswith(".csv"):
        return "csv"
    if low.endswith((".json", ".jsonl", ".ndjson")):
        if head is None:
            head = _first_line(path)
        try:
            obj = json.loads(head) if head else None
        except ValueError:
            obj = None
        if isinstance(obj, dict) and "hand" in obj:
            return "text"
        return "log"
    return "text"


def _first_line(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.strip():
                    return line.strip()
                if f.tell() > 1 << 20:
                    break
    except OSError:
        pass
    return ""


def expand_inputs(inputs: Iterable[str]) -> Iterator[str]:
    """Inputs as given, with each directory replaced by its files (sorted, recursively, hidden ones skipped)."""
    for path in inputs:
        if path != "-" and os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith("."):
                        yield os.path.join(root, name)
        else:
            yield path


def input_size(inputs: Iterable[str], stdin=None) -> int | None:
    """The total size in bytes of the inputs, or None when one of them (a pipe) has no size."""
    total = 0
    for path in expand_inputs(inputs):
        try:
            if path == "-":
                import stat
                st = os.fstat((stdin).fileno())
                if not stat.S_ISREG(st.st_mode):
                    return None
                total += st.st_size - (stdin.tell() if stdin.seekable() else 0)
            else:
                total += os.path.getsize(path)
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return None
    return total


def read_inputs(inputs: Iterable[str], stdin: TextIO | None = None,
                counter: ByteCounter | None = None) -> Iterator[Item]:
    """Every item of every input, in order. ``-`` reads ``stdin`` (sniffed: a CSV header with a ``hand``
    column makes it CSV, anything else is hands one a line)."""
    for path in expand_inputs(inputs):
        if path == "-":
            yield from _read_stdin(stdin, counter)
            continue
        kind = input_kind(path)
        if kind == "log":
            if counter is not None:
                try:
                    counter.done += os.path.getsize(path)
                except OSError:
                    pass
            yield Item(path, 0, path, log=True)
            continue
        try:
            f = open(path, encoding="utf-8", errors="replace", newline="" if kind == "csv" else None)
        except OSError as exc:
            yield Item(path, 0, None, error=f"cannot read {path}: {exc.strerror or exc}")
            continue
        with f:
            reader = read_csv if kind == "csv" else read_text
            yield from reader(f, path, counter)


_CSV_HEAD = re.compile(r"^\s*\"?hand\"?\s*,|,\s*\"?hand\"?\s*(,|$)", re.IGNORECASE)


def _read_stdin(stdin, counter) -> Iterator[Item]:
    import itertools
    import sys
    stream = stdin if stdin is not None else sys.stdin
    first = ""
    skipped = []
    for line in stream:
        skipped.append(line)
        if line.strip():
            first = line
            break
    lines = itertools.chain(skipped, stream)
    if first and _CSV_HEAD.search(first.strip()):
        yield from read_csv(lines, "<stdin>", counter)
    else:
        yield from read_text(lines, "<stdin>", counter)


def chunks(items: Iterable[Item], size: int = 1000, first: int = 16) -> Iterator[list[Item]]:
    """Lists of items in order: the first ``first`` long, doubling up to ``size``; a log file is a chunk alone."""
    chunk: list[Item] = []
    limit = first
    for item in items:
        if item.log:
            if chunk:
                yield chunk
                chunk = []
            yield [item]
            continue
        chunk.append(item)
        if len(chunk) >= limit:
            yield chunk
            chunk = []
            limit = min(size, limit * 2)
    if chunk:
        yield chunk


# ---- scoring a chunk -----------------------------------------------------------------------------------------------
@dataclass
class Tally:
    """What a chunk (or a whole run) produced: counts, and the first error and dispute locations."""

    rows: int = 0
    wins: int = 0
    non_wins: int = 0
    errors: int = 0
    agreed: int = 0
    disputed: int = 0
    rounds_agree: int = 0
    rounds_disagree: int = 0
    error_at: list[str] = field(default_factory=list)
    disputed_at: list[str] = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        for name in ("rows", "wins", "non_wins", "errors", "agreed", "disputed", "rounds_agree",
                     "rounds_disagree"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.error_at.extend(other.error_at[:MAX_LISTED - len(self.error_at)])
        self.disputed_at.extend(other.disputed_at[:MAX_LISTED - len(self.disputed_at)])

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.disputed or self.rounds_disagree)

    def summary(self) -> str:
        """The run's summary for standard error (several lines)."""
        lines = [f"{self.rows} rows: {self.wins} wins, {self.non_wins} non-wins, {self.errors} errors; "
                 f"claims: {self.agreed} agreed, {self.disputed} disputed"]
        if self.rounds_agree or self.rounds_disagree:
            lines.append(f"log rounds: {self.rounds_agree} agree with the record, {self.rounds_disagree} disagree")
        if self.errors:
            more = self.errors - len(self.error_at)
            lines.append("errors at " + ", ".join(self.error_at) + (f" (and {more} more)" if more > 0 else ""))
        n_disp = self.disputed + self.rounds_disagree
        if n_disp:
            more = n_disp - len(self.disputed_at)
            lines.append("disputed at " + ", ".join(self.disputed_at) + (f" (and {more} more)" if more > 0 else ""))
        return "\n".join(lines)


@dataclass
class ChunkOut:
    """A chunk's formatted output (whole rows, each ending in a newline) and its tally."""

    text: str
    tally: Tally


def _one_line_error(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    col = getattr(exc, "column", None)
    if reason and col:
        return f"{reason} (column {col})"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _error_row(item: Item, message: str, short: str) -> dict:
    return {"source": item.source, "line": item.line, "input": item.text, "error": message, "_short": short}


def score_item(item: Item, rules: str | None, preset: str | None) -> dict:
    """One row for one hand item (never raises): the result's dict with source, line and the claim columns, or
    an error row."""
    if item.error is not None:
        return _error_row(item, item.error, item.error)
    from scorer import parse
    from scorer.claims import check_claim
    from scorer.errors import MjscoreError
    try:
        hand = parse(item.text, rules=rules, preset=preset)
        result = _evaluate(hand, rules, preset)
        row = {"source": item.source, "line": item.line, **result.to_dict()}
        claim = item.claim if item.claim is not None else hand.claim
        if claim is not None:
            v = check_claim(result, claim)
            row.update(claim=claim, claim_agrees=v.agree, claim_expected=v.expected, claim_why="; ".join(v.why))
        return row
    except MjscoreError as exc:
        return _error_row(item, str(exc), _one_line_error(exc))
    except Exception as exc:  # a bug in a scorer must not lose the row nor stop the run
        msg = f"internal error: {type(exc).__name__}: {exc}"
        return _error_row(item, msg, msg)


def _evaluate(hand, rules, preset):
    # the parsed hand already carries the defaults under its own rules:/preset: keywords (the line wins)
    from scorer import score
    return score(hand)


def replay_item(item: Item) -> list[dict]:
    """The rows of one game log: one per round, replayed and verified against the record (see scorer.logs)."""
    try:
        from scorer.logs.replay import LenientVisitor, replay_file
    except ImportError as exc:
        return [_error_row(item, f"log replay is not available: {exc}", "log replay is not available")]
    from scorer.errors import MjscoreError
    rows = []
    try:
        for rep in replay_file(item.text, LenientVisitor()):
            d = rep.to_dict()
            rows.append({"source": item.source, "line": len(rows) + 1, "log": True, **d})
    except MjscoreError as exc:  # the file (or its round n) could not be read: row n says so
        rows.append(_error_row(item._replace(line=len(rows) + 1), str(exc), _one_line_error(exc)))
    except Exception as exc:  # noqa: BLE001 - a reader bug must not stop the batch
        msg = f"internal error: {type(exc).__name__}: {exc}"
        rows.append(_error_row(item._replace(line=len(rows) + 1), msg, msg))
    return rows


def score_rows(items: Iterable[Item], rules: str | None = None, preset: str | None = None) -> list[dict]:
    """The rows of a chunk, in order: one per hand, one per round of each log."""
    out: list[dict] = []
    for item in items:
        if item.log:
            out.extend(replay_item(item))
        else:
            out.append(score_item(item, rules, preset))
    return out


def _tally(rows: list[dict]) -> Tally:
    t = Tally()
    for row in rows:
        t.rows += 1
        where = f"{row['source']}:{row['line']}"
        if "error" in row and row.get("_short") is not None:
            t.errors += 1
            if len(t.error_at) < MAX_LISTED:
                t.error_at.append(where)
            continue
        if row.get("log"):
            if row.get("wins"):
                t.wins += 1
            else:
                t.non_wins += 1
            if row.get("agree"):
                t.rounds_agree += 1
            else:
                t.rounds_disagree += 1
                if len(t.disputed_at) < MAX_LISTED:
                    t.disputed_at.append(where)
            continue
        if row.get("win"):
            t.wins += 1
        else:
            t.non_wins += 1
        if "claim_agrees" in row:
            if row["claim_agrees"]:
                t.agreed += 1
            else:
                t.disputed += 1
                if len(t.disputed_at) < MAX_LISTED:
                    t.disputed_at.append(where)
    return t


# ---- formatting -------------------------------------------------------------------------------------------------
def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _jsonl(row: dict) -> str:
    row = {k: v for k, v in row.items() if k != "_short"}
    return _dumps(row)


def _yaku_text(row: dict) -> str:
    if row.get("yaku"):
        return "; ".join(f"{y.get('name')} {y.get('han')}" for y in row["yaku"])
    if row.get("fans"):
        return "; ".join(f"{f.get('name')} {f.get('points')}" + (f" x{f['count']}" if f.get("count", 1) > 1
                                                                  else "") for f in row["fans"])
    return ""


def _csv_values(row: dict) -> list:
    if row.get("_short") is not None:
        return [row["source"], row["line"], row.get("input") or "", "", "", "", "", "", "", "", "", "", "", "", "",
                "", "", "", "", row["_short"]]
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
    if row.get("_short") is not None:
        return "ERROR " + row["_short"]
    if row.get("log"):
        return ("agree  " if row.get("agree") else "DISAGREE  ") + (row.get("summary") or "")
    if not row.get("win"):
        return f"no win: {row.get('reason')}"
    if row.get("rules") == "mcr":
        return f"{row.get('total')} points"
    if row.get("yakuman"):
        return f"{row.get('limit')} {row.get('points')}"
    limit = f" {row['limit']}" if row.get("limit") else ""
    return f"{row.get('han')} han {row.get('fu')} fu{limit} {row.get('points')}"


def _table_line(row: dict) -> str:
    where = f"{row['source']}:{row['line']}"
    res = _table_result(row)
    if row.get("_short") is not None:
        return f"{where:<28} {res}  | {row.get('input') or ''}"
    claim = ""
    if "claim_agrees" in row:
        claim = f"{row['claim']} " + ("ok" if row["claim_agrees"] else f"NO ({row['claim_expected']})")
    elif row.get("log"):
        claim = "; ".join(row.get("mismatches") or [])[:60]
    hand = row.get("hand") or row.get("label") or ""
    return f"{where:<28} {res:<34} {claim:<22} {hand}"


def header(fmt: str) -> str:
    """What a run writes before its first row: the CSV header or the table's header; nothing for JSON lines."""
    if fmt == "csv":
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow(CSV_COLUMNS)
        return buf.getvalue()
    if fmt == "table":
        return _TABLE_HEAD + "\n"
    return ""


def format_rows(rows: list[dict], fmt: str) -> str:
    """Whole rows in the output format, each ending in a newline."""
    if fmt == "jsonl":
        return "".join(_jsonl(r) + "\n" for r in rows)
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for r in rows:
            w.writerow(_csv_values(r))
        return buf.getvalue()
    if fmt == "table":
        return "".join(_table_line(r) + "\n" for r in rows)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


def run_chunk(items: list[Item], rules: str | None, preset: str | None, fmt: str) -> ChunkOut:
    """Score a chunk and format its rows: the one function every engine runs (it must stay importable by name)."""
    rows = score_rows(items, rules, preset)
    return ChunkOut(format_rows(rows, fmt), _tally(rows))
