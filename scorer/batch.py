"""Batch scoring: streams of hands in, one output row per hand out, in input order. Pure: nothing here prints.

The stage between files and the renderer for ``mjscore batch``. Three pieces, each streaming:

* **Readers** turn inputs into :class:`Item` values one line at a time: text files of hands (one a line; blank
  lines and ``#`` comments skipped; a line that starts with ``{`` is read as a JSON object), JSON lines
  (``{"hand": ..., "claim": ...}``), CSV with a ``hand`` column (and optional ``claim``), ``-`` for standard
  input, and game logs (a directory, or ``.mjlog``/``.xml``/``.gz``/tenhou.net/6/mjai files), which become one
  item per file, replayed and verified through :mod:`scorer.logs`. A line a reader cannot read becomes an item
  carrying its error: it still gets its row.
  For ``mjscore batch`` a text file comes as :class:`Lines` blocks instead: its lines read (bounded) but not
  taken apart, which happens where they are scored, so the process that reads for worker processes only moves
  lines (:func:`items_of` gives a chunk's items either way).
* :func:`chunks` groups items into lists (small first, so the first rows come out at once, then larger).
* :func:`iter_rows` scores one chunk into rows, one at a time (a scored hand's row is a :class:`HandRow`: its
  result, not yet turned into plain values; :func:`plain_row` gives the dict), and :meth:`Tally.count` counts them.
  The renderer (:func:`scorer.cli.render.render_stream`) turns each row into a JSON line, a CSV record or a table
  line as it comes; the CLI's ``run_chunk`` does both in the worker (in-process, in worker processes, or on a
  Dask cluster), so all engines write the same bytes.

Every row names its source and line. A hand that does not parse, a claim that cannot be read, a log that does
not replay: each is a row with its error, and the run goes on.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, NamedTuple

LOG_SUFFIXES = (".mjlog", ".xml", ".gz", ".pmn")
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
MAX_LINE = 4096         # bytes a line may have (notation lines are under 200): a longer one is an error row


class ByteCounter:
    """How far the readers have read, in bytes: the progress bar's position."""

    __slots__ = ("done",)

    def __init__(self) -> None:
        self.done = 0


class BadLine(str):
    """A line a reader could not take as text (too long, not UTF-8): ``str`` is a short printable window of it,
    ``error`` says why. Readers turn it into that line's error row."""

    __slots__ = ("error",)

    def __new__(cls, window: str, error: str):
        obj = super().__new__(cls, window)
        obj.error = error
        return obj

    def __reduce__(self):   # (it travels to worker processes inside a Lines block)
        return BadLine, (str(self), self.error)


def _window(data: bytes, n: int = 40) -> str:
    """At most ``n`` characters of the start of raw bytes, printable (undecodable bytes shown as U+FFFD, control
    characters as escapes): what a message quotes of a line it cannot take."""
    data = data.rstrip(b"\r\n")
    text = data[:4 * n].decode("utf-8", "replace")
    shown = ""
    for c in text:
        piece = c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
        if len(shown) + len(piece) > n:
            return shown + "…"
        shown += piece
    return shown + ("…" if len(data) > 4 * n else "")


def bounded_lines(stream, limit: int = MAX_LINE, counter: ByteCounter | None = None) -> Iterator[str]:
    """The lines of a binary stream as text, each read with a bounded ``readline`` so that no input (a file
    without newlines, ``/dev/zero``) grows memory: a line longer than ``limit`` bytes, or one that is not UTF-8,
    comes out as a :class:`BadLine` (the rest of an over-long line is read and dropped in bounded pieces). A UTF-8
    byte-order mark at the start is dropped."""
    readline = stream.readline
    first = True
    while True:
        raw = readline(limit + 1)
        if not raw:
            return
        if counter is not None:
            counter.done += len(raw)
        if first:
            first = False
            if raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
        if len(raw) > limit and not raw.endswith(b"\n"):
            size = len(raw)
            while True:                     # drop the rest of the line, a bounded piece at a time
                rest = readline(1 << 16)
                if counter is not None:
                    counter.done += len(rest)
                size += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
            yield BadLine(_window(raw), f"line too long ({size:,} bytes; a line may have at most {limit:,}): "
                                        f"not a hand")
            continue
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield BadLine(_window(raw), f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at byte {exc.start + 1} of "
                                        f"the line)")


def clean_text(text: str) -> str:
    """``text`` with anything that cannot be written as UTF-8 (lone surrogates: from ``\\ud800`` in JSON, or a
    file name that is not UTF-8) replaced by U+FFFD, so that every row written is valid UTF-8."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:  # a name read with surrogateescape: its bytes, shown as UTF-8 where they are
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def _json_item(source: str, n: int, line: str) -> Item:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return Item(source, n, line, error=f"not a JSON object: {_one_line(exc)}")
    if not isinstance(obj, dict):
        return Item(source, n, line, error="expected a JSON object like {\"hand\": ..., \"claim\": ...}")
    hand = obj.get("hand")
    if not isinstance(hand, str):
        return Item(source, n, line, error="no \"hand\" string in the JSON object")
    if clean_text(hand) is not hand:
        return Item(source, n, line, error="the \"hand\" string is not valid Unicode (a lone surrogate escape)")
    claim = obj.get("claim")
    if claim is None:
        return Item(source, n, hand)
    if isinstance(claim, bool) or not isinstance(claim, (str, int)):
        return Item(source, n, line, error=f"\"claim\" must be a string or a whole number, not "
                                           f"{type(claim).__name__}")
    if isinstance(claim, int):
        if not 0 <= claim < 10 ** 9:
            return Item(source, n, line, error="\"claim\" is not a payout (a whole number from 0 to 999,999,999)")
        claim = str(claim)
    elif clean_text(claim) is not claim:
        return Item(source, n, line, error="the \"claim\" string is not valid Unicode (a lone surrogate escape)")
    return Item(source, n, hand, claim)


def _one_line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def read_text(stream: Iterable[str], source: str, counter: ByteCounter | None = None,
              start: int = 1) -> Iterator[Item]:
    """Hands one a line (JSON-object lines too); blank lines and ``#`` comments are skipped. ``stream`` gives
    lines of text, e.g. :func:`bounded_lines` (whose :class:`BadLine` values become error rows); its first is
    line ``start``."""
    for n, raw in enumerate(stream, start):
        if raw.__class__ is BadLine:
            yield Item(source, n, str(raw), error=raw.error)
            continue
        if counter is not None:
            counter.done += len(raw)
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        if line[0] == "{":
            yield _json_item(source, n, line)
        else:
            yield _new(Item, (source, n, line, None, None, False))     # Item(source, n, line), a call less


read_jsonl = read_text  # a JSON-lines file is a text file whose lines are all objects
_new = tuple.__new__    # builds a NamedTuple from a full tuple, without its keyword-handling __new__


class Lines(NamedTuple):
    """Physical lines of a text input, read (each bounded, see :func:`bounded_lines`) but not yet taken apart into
    items: ``lines[0]`` is line ``first`` of ``source``. A chunk carries them as they are and :meth:`items` reads
    them where they are scored, so that the process reading a file for worker processes only moves lines."""

    source: str
    first: int
    lines: list

    def items(self) -> Iterator[Item]:
        return read_text(self.lines, self.source, start=self.first)

    def last_line(self) -> int | None:
        """The line number of the last line that is an item (not blank, not a comment), or None."""
        lines = self.lines
        for i in range(len(lines) - 1, -1, -1):
            raw = lines[i]
            if raw.__class__ is BadLine:
                return self.first + i
            line = raw.strip()
            if line and line[0] != "#":
                return self.first + i
        return None


def text_blocks(stream: Iterable[str], source: str, size: int, first: int = 16) -> Iterator[Lines]:
    """The lines of a text input in :class:`Lines` blocks: the first ``first`` lines long, doubling up to
    ``size`` (so the first rows come out at once). A read that fails part-way ends the lines read so far as a
    block, then raises."""
    lines = []
    start = 1
    limit = first
    append = lines.append
    try:
        for raw in stream:
            append(raw)
            if len(lines) >= limit:
                yield Lines(source, start, lines)
                start += len(lines)
                lines = []
                append = lines.append
                limit = min(size, limit * 2)
    except OSError:
        if lines:
            yield Lines(source, start, lines)
        raise
    if lines:
        yield Lines(source, start, lines)


def items_of(units: Iterable) -> Iterator[Item]:
    """The items of a chunk: its items as they are, and the items of each :class:`Lines` block in it."""
    for unit in units:
        if unit.__class__ is Lines:
            yield from unit.items()
        else:
            yield unit


# Before Python 3.11 csv.reader refuses a line with a NUL ("line contains NUL"), which made the record an error
# row whatever column held it; there a NUL is fed to it as a lone surrogate, which no line of text can hold (the
# lines are strict UTF-8), and each cell gets its NULs back, so a record reads the same as on 3.11 and later.
_NUL_STAND_IN = "\udc00" if sys.version_info < (3, 11) else None


def read_csv(stream: Iterable[str], source: str, counter: ByteCounter | None = None) -> Iterator[Item]:
    """CSV with a header naming a ``hand`` column (and optionally ``claim``); line numbers are the file's. A
    physical line that is not text (:class:`BadLine`) makes the record it belongs to an error row."""
    counted = _Counted(stream)
    reader = csv.reader(counted)
    header = None
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # an oversized field ...: that record is an error row
            counted.bad = None
            yield Item(source, counted.start, None, error=f"not a CSV record: {exc}")
            # skip the rest of the broken record (to where its quotes close), then read on with a fresh reader
            while counted.in_record:
                try:
                    next(counted)
                except StopIteration:
                    break
            reader = csv.reader(counted)
            continue
        n = counted.start
        if _NUL_STAND_IN is not None and any(_NUL_STAND_IN in cell for cell in row):
            row = [cell.replace(_NUL_STAND_IN, "\0") for cell in row]
        if counted.bad is not None:
            bad, counted.bad = counted.bad, None
            if header is None:  # without its header no record of the file can be read: say so, once
                yield Item(source, n, str(bad), error=f"the CSV header cannot be read ({bad.error}); the file's "
                                                      f"records are not read")
                return
            yield Item(source, n, str(bad), error=bad.error)
            continue
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [c.strip().lower() for c in row]
            if "hand" not in header:
                yield Item(source, n, ",".join(row)[:MAX_LINE], error="no 'hand' column in the CSV header")
                return
            hand_i = header.index("hand")
            claim_i = header.index("claim") if "claim" in header else None
            continue
        hand = row[hand_i].strip() if hand_i < len(row) else ""
        if hand.startswith("#"):
            continue
        claim = row[claim_i].strip() if claim_i is not None and claim_i < len(row) else ""
        if not hand:
            yield Item(source, n, ",".join(row)[:MAX_LINE], error="empty 'hand' cell")
            continue
        if len(hand) > MAX_LINE or len(claim) > MAX_LINE:
            yield Item(source, n, hand[:40] + "…", error=f"a cell longer than {MAX_LINE:,} characters: not a hand")
            continue
        yield Item(source, n, hand, claim or None)


class _Counted:
    """Feeds lines to csv.reader, remembering the line number where the current record started and the first
    line of it that was not text (fed to csv as an empty line)."""

    def __init__(self, stream):
        self._it = iter(stream)
        self.n = 0
        self.start = 0
        self.bad: BadLine | None = None
        self.in_record = False

    def __iter__(self):
        return self

    def __next__(self):
        line = next(self._it)
        self.n += 1
        # a record starts on a line where the previous one ended (quoted newlines keep a record open)
        if not self.in_record:
            self.start = self.n
        if line.__class__ is BadLine:
            if self.bad is None:
                self.bad = line
            return "\n"
        self.in_record = (line.count('"') % 2 == 1) ^ self.in_record
        if _NUL_STAND_IN is not None and "\0" in line:
            return line.replace("\0", _NUL_STAND_IN)
        return line


def input_kind(path: str, head: str | None = None) -> str:
    """``text``, ``csv`` or ``log`` for a file, by its name and (for JSON, and a text file that may be a plain-text
    MCR record) its first line."""
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
        except (ValueError, RecursionError):
            obj = None
        if isinstance(obj, dict) and "hand" in obj:
            return "text"
        return "log"
    if os.path.isfile(path):        # a plain-text MCR record (Botzone, PMN) under any name; never a FIFO's data
        from scorer.formats import TEXT_RECORD_HEADS
        first = (_first_line(path) if head is None else head).encode("utf-8", "replace")
        if first.startswith(tuple(TEXT_RECORD_HEADS)):
            return "log"
    return "text"


def _first_line(path: str) -> str:
    """The first non-blank line within the file's first 64 KiB (enough to tell a hands file from a log)."""
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return ""
    for line in head.decode("utf-8", "replace").splitlines():
        if line.strip():
            return line.strip()
    return ""


def display_path(path: str) -> str:
    """A path as rows and messages show it: a file name that is not UTF-8 has its bad bytes as U+FFFD."""
    return clean_text(path)


def expand_inputs(inputs: Iterable[str], notice: Callable[[str], None] | None = None,
                  exclude: tuple[int, int] | None = None) -> Iterator[str]:
    """Inputs as given, with each directory replaced by its regular files (sorted, recursively, hidden ones
    skipped). A FIFO, device or socket inside a directory is skipped (reading it could block forever or never
    end), and ``notice`` is told; one named on the command line is read, as the user asked. The file with the
    (device, inode) ``exclude`` (the output being written) is never an input."""
    for path in inputs:
        if path != "-" and os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if name.startswith("."):
                        continue
                    full = os.path.join(root, name)
                    try:
                        st = os.stat(full)
                        regular = stat.S_ISREG(st.st_mode)
                        if exclude is not None and (st.st_dev, st.st_ino) == exclude:
                            continue
                    except OSError:
                        regular = True          # a dangling link, a vanished file: its row says it cannot be read
                    if not regular:
                        if notice is not None:
                            notice(f"skipped {display_path(full)}: not a regular file (a FIFO, device or socket)")
                        continue
                    yield full
        else:
            yield path


def input_size(inputs: Iterable[str], stdin=None) -> int | None:
    """The total size in bytes of the inputs, or None when one of them (a pipe) has no size."""
    total = 0
    for path in expand_inputs(inputs):
        try:
            if path == "-":
                st = os.fstat(stdin.fileno())
                if not stat.S_ISREG(st.st_mode):
                    return None
                total += st.st_size - (stdin.tell() if stdin.seekable() else 0)
            else:
                st = os.stat(path)
                if not stat.S_ISREG(st.st_mode):
                    return None
                total += st.st_size
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return None
    return total


def read_inputs(inputs: Iterable[str], stdin=None, counter: ByteCounter | None = None,
                notice: Callable[[str], None] | None = None,
                exclude: tuple[int, int] | None = None, blocks: int | None = None) -> Iterator[Item | Lines]:
    """Every item of every input, in order. ``-`` reads ``stdin`` (sniffed: a CSV header with a ``hand``
    column makes it CSV, anything else is hands one a line); ``exclude`` is the output's (device, inode), never
    read (see :func:`expand_inputs`). Every file is read as bytes through
    :func:`bounded_lines`. A read that fails part-way (EIO, a file that vanished) is that line's error row, and
    the run goes on with the next input. With ``blocks``, the lines of a text input (hands one a line) come as
    :class:`Lines` blocks of at most that many lines instead of items (see :func:`text_blocks`)."""
    for path in expand_inputs(inputs, notice, exclude):
        if path == "-":
            yield from _guard_reads(_read_stdin(stdin, counter, blocks), "<stdin>")
            continue
        shown = display_path(path)
        kind = input_kind(path)
        if kind == "log":
            if counter is not None:
                try:
                    counter.done += os.path.getsize(path)
                except OSError:
                    pass
            yield Item(shown, 0, path, log=True)
            continue
        try:
            f = open(path, "rb")
        except OSError as exc:
            yield Item(shown, 0, None, error=f"cannot read {shown}: {exc.strerror or exc}")
            continue
        with f:
            lines = bounded_lines(f, counter=counter)
            if kind == "csv":
                units = read_csv(lines, shown)
            elif blocks:
                units = text_blocks(lines, shown, blocks)
            else:
                units = read_text(lines, shown)
            yield from _guard_reads(units, shown)


def _guard_reads(items: Iterator[Item | Lines], source: str) -> Iterator[Item | Lines]:
    """``items``, with a failing read (OSError, e.g. EIO) turned into a last error row for that input, numbered
    after the last item read."""
    line = 0
    try:
        for item in items:
            if item.__class__ is Lines:
                line = item.last_line() or line
            else:
                line = item.line
            yield item
    except OSError as exc:
        yield Item(source, line + 1, None, error=f"cannot read {source} past line {line}: {exc.strerror or exc}")


_CSV_HEAD = re.compile(r"^\s*\"?hand\"?\s*,|,\s*\"?hand\"?\s*(,|$)", re.IGNORECASE)


class _TextAsBytes:
    """A text stream (``io.StringIO`` in tests) read as bytes, for :func:`bounded_lines`."""

    def __init__(self, stream):
        self._s = stream

    def readline(self, size: int = -1) -> bytes:
        return self._s.readline(size).encode("utf-8", "surrogateescape")


def binary_stdin(stdin):
    """The byte stream under a text ``stdin`` (or ``stdin`` itself when it is binary); None when it is closed."""
    if stdin is None:
        return None
    buf = getattr(stdin, "buffer", None)
    if buf is not None:
        return buf
    if isinstance(stdin, io.TextIOBase):
        return _TextAsBytes(stdin)
    return stdin


def _read_stdin(stdin, counter, blocks: int | None = None) -> Iterator[Item | Lines]:
    import itertools
    import sys
    stream = binary_stdin(stdin if stdin is not None else sys.stdin)
    if stream is None:
        yield Item("<stdin>", 0, None, error="standard input is closed")
        return
    lines = bounded_lines(stream, counter=counter)
    first = ""
    skipped = []
    for line in lines:
        skipped.append(line)
        if line.__class__ is not BadLine and line.strip():
            first = line
            break
    both = itertools.chain(skipped, lines)
    if first and _CSV_HEAD.search(first.strip()):
        yield from read_csv(both, "<stdin>")
    elif blocks:
        yield from text_blocks(both, "<stdin>", blocks)
    else:
        yield from read_text(both, "<stdin>")


def chunks(items: Iterable[Item | Lines], size: int = 1000, first: int = 16) -> Iterator[list[Item | Lines]]:
    """Lists of items (and :class:`Lines` blocks, each counted by its lines) in order: the first ``first`` long,
    doubling up to ``size``; a log file is a chunk alone."""
    chunk: list = []
    weight = 0
    limit = first
    for item in items:
        if item.__class__ is Lines:
            weight += len(item.lines)
        elif item.log:
            if chunk:
                yield chunk
                chunk = []
                weight = 0
            yield [item]
            continue
        else:
            weight += 1
        chunk.append(item)
        if weight >= limit:
            yield chunk
            chunk = []
            weight = 0
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
    compared: int = 0               # --compare rows, and those where the presets differ
    differ: int = 0
    error_at: list[str] = field(default_factory=list)
    disputed_at: list[str] = field(default_factory=list)
    last: str = ""                  # source:line of the last row (where an interrupted run stopped)

    def add(self, other: "Tally") -> None:
        for name in ("rows", "wins", "non_wins", "errors", "agreed", "disputed", "rounds_agree",
                     "rounds_disagree", "compared", "differ"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.last:
            self.last = other.last
        self.error_at.extend(other.error_at[:MAX_LISTED - len(self.error_at)])
        self.disputed_at.extend(other.disputed_at[:MAX_LISTED - len(self.disputed_at)])

    def count(self, row: dict) -> None:
        """Count one row (``last`` is the caller's to set: it names the chunk's last row only)."""
        self.rows += 1
        if row.__class__ is HandRow:
            if row.result.win:
                self.wins += 1
            else:
                self.non_wins += 1
            if row.claim is not None:
                if row.claim[1]:
                    self.agreed += 1
                else:
                    self.disputed += 1
                    if len(self.disputed_at) < MAX_LISTED:
                        self.disputed_at.append(where(row))
            return
        if row.__class__ is ErrorRow:
            self.errors += 1
            if len(self.error_at) < MAX_LISTED:
                self.error_at.append(where(row))
            return
        if row.get("log"):
            if row.get("outcome") in ("win", "double ron"):     # a riichi or an MCR round report
                self.wins += 1
            else:
                self.non_wins += 1
            if row.get("agree"):
                self.rounds_agree += 1
            else:
                self.rounds_disagree += 1
                if len(self.disputed_at) < MAX_LISTED:
                    self.disputed_at.append(where(row))
            return
        if "presets" in row:            # a --compare row
            self.compared += 1
            if row["differs"]:
                self.differ += 1
            return
        if row.get("win"):
            self.wins += 1
        else:
            self.non_wins += 1
        if "claim_agrees" in row:
            if row["claim_agrees"]:
                self.agreed += 1
            else:
                self.disputed += 1
                if len(self.disputed_at) < MAX_LISTED:
                    self.disputed_at.append(where(row))

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.disputed or self.rounds_disagree)

    def summary(self) -> str:
        """The run's summary for standard error (several lines)."""
        lines = [f"{self.rows} rows: {self.wins} wins, {self.non_wins} non-wins, {self.errors} errors; "
                 f"claims: {self.agreed} agreed, {self.disputed} disputed"]
        if self.compared:
            lines.append(f"compared: {self.compared} hands, {self.differ} where the presets differ")
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


QUOTE = 60      # characters of a long input a message quotes on each side of where it went wrong


def error_text(exc: BaseException) -> str:
    """The message of an error, quoting at most a short window of a long input: a notation error's line is cut
    to :data:`QUOTE` characters each side of its column (the caret kept under it)."""
    line = getattr(exc, "line", None)
    reason = getattr(exc, "reason", None)
    if not (isinstance(line, str) and isinstance(reason, str)) or len(line) <= 2 * QUOTE:
        return str(exc)
    col = getattr(exc, "column", None)
    at = (col - 1) if isinstance(col, int) and col >= 1 else 0
    start = max(0, at - QUOTE)
    window = ("…" if start else "") + line[start:at + QUOTE] + ("…" if at + QUOTE < len(line) else "")
    if col is None:
        return f"{reason}\n  {window}"
    caret = at - start + (1 if start else 0)
    return f"{reason} (column {col})\n  {window}\n  {' ' * caret}^"


def _one_line_error(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    col = getattr(exc, "column", None)
    if reason and col:
        return f"{reason} (column {col})"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


class ErrorRow(dict):
    """The row of an item that could not be scored: ``source``, ``line``, ``input``, ``error`` (the full message),
    and, as the attribute ``short`` (not a key: it is not part of the JSON row), the one-line reason the CSV and
    table columns show."""

    __slots__ = ("short",)


def _error_row(item: Item, message: str, short: str) -> ErrorRow:
    row = ErrorRow(source=item.source, line=item.line, input=item.text, error=message)
    row.short = short
    return row


class HandRow(NamedTuple):
    """The row of a hand that was scored, kept as its result until it is rendered: ``source``, ``line``, the
    ``result``, and, when the line had a claim, ``claim``: (the claim, agrees, expected, why); ``text`` is the
    input line (what an error row quotes if the result cannot be written). The row as plain values is
    :meth:`as_dict` (source and line, the result's ``to_dict()``, then the claim columns); the JSON renderer may
    write that same text straight from the result, without building the dict (:mod:`scorer.cli.render`)."""

    source: str
    line: int
    result: object
    claim: tuple | None = None
    text: str | None = None

    def as_dict(self) -> dict:
        row = {"source": self.source, "line": self.line}
        row.update(self.result.to_dict())
        if self.claim is not None:
            claim, agrees, expected, why = self.claim
            row.update(claim=claim, claim_agrees=agrees, claim_expected=expected, claim_why=why)
        return row

    def error_row(self, exc: BaseException) -> "ErrorRow":
        """The row instead, when the result cannot be turned into it (its ``to_dict()`` fails: a bug upstream)."""
        msg = f"internal error: {type(exc).__name__}: {exc}"
        return _error_row(_new(Item, (self.source, self.line, self.text, None, None, False)), msg, msg)


def plain_row(row) -> dict:
    """A row as plain values: a :class:`HandRow`'s dict, any other row (an error row, a log's round) as it is."""
    return row.as_dict() if row.__class__ is HandRow else row


def _plain_or_error(row) -> dict:
    """:func:`plain_row`, or the row's error row when its result cannot be turned into plain values."""
    try:
        return plain_row(row)
    except Exception as exc:  # noqa: BLE001 - a bug in a result must not lose the row
        return row.error_row(exc)


def score_item(item: Item, rules: str | None, preset: str | None) -> dict:
    """One row for one hand item (never raises): the result's dict with source, line and the claim columns, or
    an :class:`ErrorRow`."""
    return _plain_or_error(_scorer(rules, preset)(item))


def _failed_row(item: Item, exc: Exception) -> ErrorRow:
    """The row of an item whose scoring raised: the error's own message for a :class:`MjscoreError` (a bad line,
    an impossible hand), else an internal error naming the exception (a bug upstream: the row is kept)."""
    from scorer.errors import MjscoreError
    if isinstance(exc, MjscoreError):
        return _error_row(item, error_text(exc), _one_line_error(exc))
    msg = f"internal error: {type(exc).__name__}: {exc}"
    return _error_row(item, msg, msg)


def _scorer(rules: str | None, preset: str | None):
    """A function scoring one hand item into its row, with the scorer's functions bound once (a chunk's loop
    pays no import lookups per line). The claim checker is imported at the first claim: most inputs have none,
    and a short run should not pay for importing it."""
    from scorer import score

    def one(item: Item) -> HandRow | ErrorRow:
        if item.error is not None:
            return _error_row(item, item.error, item.error)
        try:
            # parsed and scored in one call (the result keeps the hand): --rules/--preset are the defaults under
            # the line's own rules:/preset: keywords
            result = score(item.text, rules=rules, preset=preset)
            claim = item.claim if item.claim is not None else result.hand.claim
            if claim is None:
                return _new(HandRow, (item.source, item.line, result, None, item.text))
            from scorer.claims import check_claim   # (imported once; a lookup in sys.modules after)
            v = check_claim(result, claim)
            return HandRow(item.source, item.line, result, (claim, v.agree, v.expected, "; ".join(v.why)),
                           item.text)
        except Exception as exc:  # noqa: BLE001 - a bug in a scorer must not lose the row nor stop the run
            return _failed_row(item, exc)
    return one


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
    if not rows:  # a log with no rounds is not a pass: it gets a row saying so
        msg = f"{item.source}: no rounds in this log (not a game, or an empty one)"
        rows.append(_error_row(item._replace(line=1), msg, "no rounds in this log"))
    return rows


def _comparer(rules: str | None, preset: str | None, compare: str):
    """A function turning one hand item into its ``--compare`` row: the hand under each preset ``compare`` names
    side by side (:func:`scorer.advice.compare.compare_row`: a value column a preset, the rows that differ and the
    options that cause them), or an :class:`ErrorRow` (a bad line, a preset the hand's rule set lacks)."""
    from scorer import parse
    from scorer.advice.compare import compare_row

    def one(item: Item) -> dict:
        if item.error is not None:
            return _error_row(item, item.error, item.error)
        try:
            return {"source": item.source, "line": item.line,
                    **compare_row(parse(item.text, rules=rules, preset=preset), compare)}
        except Exception as exc:  # noqa: BLE001 - a bug in a scorer must not lose the row nor stop the run
            return _failed_row(item, exc)
    return one


def iter_rows(items: Iterable[Item], rules: str | None = None, preset: str | None = None,
              compare: str | None = None) -> Iterator[HandRow | dict]:
    """The rows of a chunk, in order, one at a time: one per hand (a :class:`HandRow`, or an :class:`ErrorRow`;
    with ``compare``, the hand's row under those presets side by side), one per round of each log (a dict). A row
    made and rendered at once dies young (the garbage collector never walks a chunk's worth of rows)."""
    one = _scorer(rules, preset) if compare is None else _comparer(rules, preset, compare)
    for item in items:
        if item.__class__ is Lines:
            for line_item in item.items():
                yield one(line_item)
        elif item.log:
            yield from replay_item(item)
        else:
            yield one(item)


def score_rows(items: Iterable[Item], rules: str | None = None, preset: str | None = None) -> list[dict]:
    """The rows of a chunk as plain values, in order: one per hand, one per round of each log."""
    return [_plain_or_error(row) for row in iter_rows(items, rules, preset)]


def tally(rows: list[dict]) -> Tally:
    """The counts of a chunk's rows."""
    t = Tally()
    count = t.count
    for row in rows:
        count(row)
    if rows:
        t.last = where(rows[-1])
    return t


def where(row) -> str:
    """``source:line`` of a row: how the summary names it."""
    if row.__class__ is HandRow:
        return f"{row.source}:{row.line}"
    return f"{row['source']}:{row['line']}"
