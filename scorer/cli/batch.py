"""`mjscore batch INPUT...`: score files of hands (and replay game logs) at scale, one output row per hand.

The shell around :mod:`scorer.batch`: it checks the options, streams the inputs in chunks through an engine,
writes each chunk's rows as soon as it is its turn, shows a progress bar on a terminal and prints the summary
to standard error. Engines, all running :func:`run_chunk` on the same chunks (so their output is
byte-identical):

* ``local`` with ``--jobs 1``: in this process;
* ``local`` with ``--jobs N``: N forked worker processes (default: the cores this process may run on), each with
  a pipe of its own, fed one chunk at a time by this process (which reads, scores the first chunk before the
  workers fork, and writes);
* ``dask``: a Dask distributed cluster, a ``LocalCluster`` of N workers or the scheduler at ``--scheduler``.

Memory stays flat: at most a small window of chunks is in flight (submitted and not yet written), whatever the
input's size, and every line is read with a bounded ``readline``. Ctrl-C (SIGINT) or SIGTERM stops the run at a
chunk boundary: every row written is whole, a line on stderr says where it stopped, and the exit code is 130
(SIGINT) or 143 (SIGTERM). ``--out FILE`` is written to ``.FILE.partial-…`` beside it and renamed to ``FILE`` only
when the run completes, so an interrupted run never looks finished; an output that is one of the inputs (the same
file, by device and inode, whatever its name) is refused before anything is opened for writing.

Exit 0 when every row scored (and every claim agreed); 1 when a row was an error or a claim (or a log round) was
disputed, or the output could not be written (a full disk, EIO); 2 on usage errors.
"""

from __future__ import annotations

import gc
import os
import signal
import stat
import sys
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass

from scorer.cli.options import check_rules

DASK_HINT = "the dask engine needs Dask: pip install 'mjscore[dask]'  (or: pip install 'dask[distributed]')"
CHUNK = 1000            # hands per chunk (after the first few, smaller ones)
WORKER_CHUNKS = 100     # chunks a worker process scores before it is replaced by a fresh one
SEED_BYTES = 4 << 10   # inputs this large (about 60 hands) read the seeded tables at the start (_collector_for_a_run):
#                        cheaper from some tens of hands on than building the table's parts as hands need them
MAX_JOBS = 64           # worker processes at most, whatever --jobs says (each is a whole Python process)
EXIT_SIGNAL = {signal.SIGINT: 130, signal.SIGTERM: 143}     # 128 + the signal's number, as shells report it


def _usage(message: str) -> int:
    sys.stderr.write(f"mjscore: {message}\n")
    return 2


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class _Stop:
    """Ctrl-C (SIGINT) and SIGTERM handling, alike. Outside the writing of a chunk's rows the signal raises
    KeyboardInterrupt at once (a blocked read of standard input, a wait for a worker); while rows are being
    written it only asks the run to stop once they are written, so every row in the output is whole.
    ``signum`` is the signal that stopped the run."""

    def __init__(self) -> None:
        self.requested = False
        self.writing = False
        self.signum: int | None = None
        self._old: dict = {}

    def __enter__(self):
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self._old[sig] = signal.signal(sig, self._handle)
            except ValueError:  # not the main thread (e.g. inside a test runner thread): no handler
                pass
        return self

    def _handle(self, signum, frame) -> None:
        self.requested = True
        if self.signum is None:
            self.signum = signum
        if not self.writing:
            raise KeyboardInterrupt

    def __exit__(self, *exc) -> None:
        for sig, old in self._old.items():
            signal.signal(sig, old)


GC_YOUNG = 10_000       # container allocations between young-generation collections in a run (CPython: 700)


@contextmanager
def _collector_for_a_run(seed: bool = False):
    """The garbage collector set for a run of many short-lived rows: the objects that exist now (modules, tables;
    the parent's, which forked workers share) are frozen out of every collection, and the young generation is
    collected every :data:`GC_YOUNG` allocations instead of every 700 (put back afterwards). A row and its result
    die by reference counting as soon as they are written; the collector is only needed for the rare cycle (an
    exception's traceback), and walking the young objects 14 times as often bought nothing but time.

    The frozen objects stay frozen after the run: they are the modules and tables, alive until the process ends
    (which, for the command line, is at once), and unfreezing them only made the interpreter's last collection, as
    it exits, walk every one of them (about 6% of a 10,000-hand run; cycles made during the run are collected as
    ever).

    With ``seed`` (an input of :data:`SEED_BYTES` or more) the seeded per-suit tables are read first
    (:func:`scorer.arrangements.seed_tables`, about 40 ms: less than building the table's parts as the hands of a
    few tens of lines need them, and a process that scores thousands of hands seeds anyway), with the collector
    paused until they are frozen too: the 130,000 tuples read are never walked, and the forked workers share them
    instead of each making its own."""
    old = gc.get_threshold()
    if seed:
        from scorer.arrangements import seed_tables
        collecting = gc.isenabled()
        gc.disable()
        try:
            seed_tables()
        finally:
            gc.freeze()         # (before the collector runs again: what was read is never walked)
            if collecting:
                gc.enable()
    else:
        gc.freeze()
    gc.set_threshold(GC_YOUNG, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _worker_signals() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the workers itself). SIGTERM keeps its
    default: the parent stops a busy worker with it. Then the two signals, held back across the fork, are let
    through."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


@dataclass
class ChunkOut:
    """A chunk's rendered rows (whole rows, UTF-8, each ending in a newline) and its tally."""

    data: bytes
    tally: object


def run_chunk(items, rules: str | None, preset: str | None, compare: str | None, fmt: str) -> ChunkOut:
    """Score a chunk and render its rows: the one function every engine runs (it must stay importable by name).
    The rows are rendered (and encoded) here, in the worker, so the process that writes has almost nothing to
    do; each row is rendered as soon as it is scored and then dropped, so a chunk's rows never pile up."""
    from scorer.batch import Tally, iter_rows, where
    from scorer.cli.render import render_stream
    t = Tally()
    data, last = render_stream(iter_rows(items, rules, preset, compare), fmt, t.count)
    if last is not None:
        t.last = where(last)
    return ChunkOut(data, t)


# ---- engines: each yields ChunkOut in input order, with a bounded window of chunks in flight ---------------------
def _run_inline(chunk_iter, args, stop):
    for chunk, mark in chunk_iter:
        if stop.requested:
            return
        yield _score_here(chunk, args), mark


def _score_here(chunk, args) -> ChunkOut:
    """A chunk scored in this process."""
    try:
        return run_chunk(chunk, *args)
    except Exception as exc:  # noqa: BLE001 - a bug must not lose the chunk's rows: they become error rows
        return failed_chunk(chunk, args[-1], exc)


def failed_chunk(chunk, fmt: str, what: BaseException | str) -> ChunkOut:
    """The rows of a chunk whose scoring failed as a whole (a worker's exception, a worker that died, a result that
    could not be sent back): one error row per item, so that no row is lost and the run goes on. ``what`` is the
    exception, or its description (from a worker process)."""
    from scorer.batch import _error_row, items_of, tally
    from scorer.cli.render import render_rows, utf8
    if isinstance(what, BaseException):
        what = _describe(what)
    msg = f"internal error: the chunk could not be scored ({what})"
    rows = [_error_row(item, msg, msg) for item in items_of(chunk)]
    data = utf8(render_rows(rows, fmt))
    return ChunkOut(data, tally(rows))


def _run_pool(chunk_iter, args, jobs, stop):
    """The local engine with worker processes: each worker is a forked process with a pipe of its own, scoring one
    chunk at a time; this process's one thread hands out chunks, collects the outputs and puts them back in input
    order, with at most ``2 * jobs + 1`` chunks in flight.

    A worker holds up to :data:`QUEUED` chunks: the one it is scoring and the next, already in its pipe, so it
    goes from one chunk to the next without waiting for this process to collect the output and hand out another
    (which, with every core busy scoring, waits for this process to be scheduled). Its pipe's buffers are large
    enough for an output and for both chunks (:func:`_roomy`), and a chunk is queued behind another only when the
    two fit in it with room to spare, so that this process never blocks sending while the worker blocks sending
    back; a larger chunk waits for an idle worker, as every chunk did before.

    (Not ``multiprocessing.Pool``: its worker-handler thread wakes on every readable byte of the shared result
    pipe, so it spins while a chunk's rows stream back, and its one result pipe lets one worker send at a time.
    Here nothing runs in this process but the loop below, and each worker sends on its own pipe.)"""
    import multiprocessing as mp
    from multiprocessing.connection import wait
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    chunks_left = iter(chunk_iter)
    if ctx.get_start_method() == "fork":
        # The first chunk is scored here, before any worker is forked: that imports what this input needs (the
        # grammar, its rule sets' evaluators; nothing else) and starts the tables, and the forked workers share
        # those pages instead of each importing and building them again.
        entry = next(chunks_left, None)
        if entry is None:
            return
        yield _score_here(entry[0], args), entry[1]
        gc.freeze()     # ... frozen out of the collector (which would otherwise touch, and so copy, those pages)
    window = 2 * jobs + 1
    fmt = args[-1]
    pending: deque = deque()        # _Job of every chunk read and not yet yielded, in input order
    unsent: deque = deque()         # jobs read (in pending) and not held by a worker: handed out first, in order
    live: list[_Worker] = []
    busy: dict = {}                 # connection -> a worker holding chunks
    more = True
    try:
        while True:
            # hand out chunks while the window has room: to an idle worker, a new one (up to ``jobs``), or queued
            # behind the chunk of the least loaded worker that has room for it
            while (unsent or (more and len(pending) < window)) and _room(live, jobs):
                if stop.requested:
                    return
                if unsent:
                    job = unsent.popleft()
                else:
                    entry = next(chunks_left, None)
                    if entry is None:
                        more = False
                        break
                    job = _Job(*entry)
                    pending.append(job)
                worker = _pick(live, jobs, job)
                if worker is None:              # too large to queue behind another: it waits for an idle worker
                    unsent.appendleft(job)
                    break
                if worker is _NEW:
                    worker = _Worker(ctx, args, live)
                if worker.give(job):
                    busy[worker.conn] = worker
                else:                           # it could not take the chunk (it died): its rows say so
                    _lost(worker, live, busy, unsent, fmt, "the worker process ended")
            while pending and pending[0].out is not None:
                job = pending.popleft()
                yield job.out, job.mark
            if not pending:
                if not more:
                    return
                continue
            for conn in wait(list(busy), timeout=0.1):
                worker = busy[conn]
                if not worker.collect(fmt):
                    _lost(worker, live, busy, unsent, fmt, worker.ended)
                    continue
                if not worker.jobs:
                    del busy[conn]
                    if worker.spent():
                        _retire(worker, live)
            if stop.requested:
                return
    finally:
        for worker in live:
            worker.stop()
        for worker in live:
            worker.join()


QUEUED = 2                  # chunks a worker holds at most: the one it scores and the next
PIPE_BUFFER = 4 << 20       # bytes asked for each direction of a worker's pipe (the system may give less)


_NEW = object()             # _pick's answer: start a new worker for it


def _room(live: list, jobs: int) -> bool:
    """Whether a chunk could be handed out now: a worker is idle or may queue one, or another may start."""
    if len(live) < jobs:
        return True
    return any(len(w.jobs) < QUEUED and not w.spent() for w in live)


def _pick(live: list, jobs: int, job: "_Job"):
    """The worker to give ``job`` to: an idle one, else :data:`_NEW` while fewer than ``jobs`` run, else the least
    loaded one that may queue it (see :meth:`_Worker.job_fits`), else None."""
    best = None
    for worker in live:
        if worker.spent():
            continue
        if not worker.jobs:
            return worker
        if best is None or len(worker.jobs) < len(best.jobs):
            best = worker
    if len(live) < jobs:
        return _NEW
    if best is not None and len(best.jobs) < QUEUED and best.job_fits(job):
        return best
    return None


def _lost(worker: "_Worker", live: list, busy: dict, unsent: deque, fmt: str, why: str) -> None:
    """A worker died: the chunk it was scoring (its oldest) is lost, its rows say so; a chunk it held queued and
    had not begun is handed out again (before any chunk read after it). It leaves."""
    jobs = list(worker.jobs)
    worker.jobs.clear()
    busy.pop(worker.conn, None)
    if jobs:
        jobs[0].out = failed_chunk(jobs[0].chunk, fmt, why)
        for job in reversed(jobs[1:]):
            job.payload = None
            unsent.appendleft(job)
    if worker in live:
        _retire(worker, live)


def _roomy(*conns) -> int:
    """Make each direction of a worker's pipe (a socket pair) hold :data:`PIPE_BUFFER` bytes where the system
    allows, so that an output is sent without waiting for this process to read it and a queued chunk is handed
    over without waiting for the worker: the bytes a send may leave unread without blocking (at the least)."""
    import socket
    room = None
    for conn in conns:
        try:
            sock = socket.socket(fileno=os.dup(conn.fileno()))
        except OSError:
            return 0
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, PIPE_BUFFER)
            # (Linux reports twice what it reserves, half of it for its own bookkeeping)
            got = sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) // 2
        except OSError:
            got = 0
        finally:
            sock.close()
        room = got if room is None else min(room, got)
    return room or 0


TAIL_PIECES = 4     # the chunks read last are split in this many, so that no worker is left scoring alone at the end


def _tail_split(marked, size: int | None, jobs: int):
    """``(chunk, bytes read)`` pairs as they come, except near the end of inputs of known ``size`` (bytes): there
    each block of lines is split in :data:`TAIL_PIECES`, so that the workers run out of work together instead of
    one scoring a whole chunk while the others idle (with its next chunk queued, up to two). The same lines, in
    the same order, with their own line numbers: only how they are grouped changes."""
    from scorer.batch import Lines
    before = 0
    for chunk, done in marked:
        step, before = done - before, done
        if not size or size - done > 2 * (jobs + 1) * step or len(chunk) != 1 or chunk[0].__class__ is not Lines:
            yield chunk, done
            continue
        block = chunk[0]
        lines = block.lines
        n = -(-len(lines) // TAIL_PIECES)
        for at in range(0, len(lines), n):
            yield [Lines(block.source, block.first + at, lines[at:at + n])], done


class _Job:
    """A chunk handed to a worker: its items, the reader's mark, its pickled bytes while it is being handed out,
    and (once back) its output."""

    __slots__ = ("chunk", "mark", "out", "payload")

    def __init__(self, chunk, mark):
        self.chunk = chunk
        self.mark = mark
        self.out: ChunkOut | None = None
        self.payload: bytes | None = None


class _Worker:
    """One worker process and this process's end of its pipe. It scores at most :data:`WORKER_CHUNKS` chunks, one
    at a time, in the order given, then exits: the evaluators' per-suit caches grow (slowly) with the variety of
    hands seen, and a fresh worker keeps each process's memory bounded whatever the input's size. ``jobs`` are
    the chunks it holds, oldest (the one being scored) first."""

    def __init__(self, ctx, args, live: list):
        self.conn, child = ctx.Pipe(duplex=True)
        self.room = _roomy(self.conn, child)
        # a forked child inherits this process's ends of its own pipe and of the other workers' pipes: it closes
        # them, so that each pipe has one reader and one writer and a closed end is seen as closed
        inherited = [self.conn, *(w.conn for w in live)] if ctx.get_start_method() == "fork" else []
        self.proc = ctx.Process(target=_worker_main, args=(child, args, WORKER_CHUNKS, os.getpid(), inherited),
                                daemon=True)
        # a forked child starts with this process's signal handlers (which raise KeyboardInterrupt): a stop that
        # reaches it before it installs its own would print a traceback. The two signals are held back across
        # the fork; the child unblocks them once its own handling is in place, this process right after.
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            self.proc.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        child.close()
        self.given = 0
        self.jobs: deque = deque()
        self.ended = "the worker process ended"
        live.append(self)

    def job_fits(self, job: _Job) -> bool | None:
        """Whether ``job`` may be queued behind the chunks this worker holds: all of them unread fit a quarter of
        its pipe's room (then a send of it never blocks for long). Pickles the chunk (kept for :meth:`give`);
        None when it cannot be pickled (:meth:`give` then fails the same way)."""
        if job.payload is None:
            from multiprocessing.reduction import ForkingPickler
            try:
                job.payload = bytes(ForkingPickler.dumps(job.chunk))
            except Exception:  # noqa: BLE001 - left for give, which turns it into the chunk's error rows
                return None
        held = sum(len(j.payload or b"") for j in self.jobs)
        return held + len(job.payload) <= self.room // 4

    def give(self, job: _Job) -> bool:
        """Send the worker a chunk (idle: it reads it at once; busy: it fits the pipe, see :meth:`job_fits`);
        False when the worker is gone."""
        self.jobs.append(job)
        self.given += 1
        try:
            if job.payload is not None:
                self.conn.send_bytes(job.payload)
            else:
                self.conn.send(job.chunk)
            return True
        except (OSError, ValueError):
            return False

    def collect(self, fmt: str) -> bool:
        """Receive the output of the oldest chunk the worker holds (error rows when it failed). False when the
        worker died (then ``ended`` says how; the caller settles the chunks it held)."""
        try:
            out = self.conn.recv()
        except (EOFError, OSError) as exc:
            self.ended = f"the worker process ended ({type(exc).__name__})"
            self.given = WORKER_CHUNKS      # no more chunks for it
            return False
        except Exception as exc:  # noqa: BLE001 - an output that cannot be read back: its rows say so
            out = _describe(exc)
        job = self.jobs.popleft()
        job.payload = None
        job.out = out if out.__class__ is ChunkOut else failed_chunk(job.chunk, fmt, str(out))
        return True

    def spent(self) -> bool:
        return self.given >= WORKER_CHUNKS

    def stop(self) -> None:
        """Ask the worker to leave: an idle one is told to exit, a busy one is stopped (SIGTERM, whose default
        action it keeps)."""
        if not self.jobs:
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                pass
        elif self.proc.is_alive():
            self.proc.terminate()
        self.conn.close()

    def join(self) -> None:
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()


def _retire(worker: _Worker, live: list) -> None:
    """A worker that has scored its share (or died) leaves; a new one is started when a chunk needs it."""
    live.remove(worker)
    worker.stop()
    worker.join()


def _worker_main(conn, args, quota: int, parent: int, inherited: list) -> None:
    """A worker process: score the chunks that come down the pipe, send back each one's output (or the failure,
    as text: the parent turns it into the chunk's error rows), and exit after ``quota`` chunks, on ``None``, when
    the pipe closes, or when the parent is gone."""
    _worker_signals()
    for other in inherited:
        other.close()
    for _ in range(quota):
        try:
            while not conn.poll(1.0):
                if os.getppid() != parent:      # the parent died without closing the pipe: nothing to do
                    return
            chunk = conn.recv()
        except (EOFError, OSError):
            return
        if chunk is None:
            return
        try:
            out = run_chunk(chunk, *args)
        except Exception as exc:  # noqa: BLE001 - a bug must not lose the chunk's rows: they become error rows
            out = _describe(exc)
        try:
            conn.send(out)
        except (OSError, ValueError):
            return
        except Exception as exc:  # noqa: BLE001 - an output that cannot be pickled
            conn.send(_describe(exc))


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def _windowed(chunk_iter, submit, ready, get, window, stop, fmt: str = "jsonl"):
    """Submit chunks, yield their outputs in input order with at most ``window`` in flight; return True when every
    chunk was yielded, False on a stop (the same loop for worker processes and for Dask). A chunk whose result
    raises comes out as error rows (:func:`failed_chunk`)."""
    pending: deque = deque()
    for chunk, mark in chunk_iter:
        if stop.requested:
            return False
        pending.append((submit(chunk), mark, chunk))
        while len(pending) >= window:
            res = _wait(pending.popleft(), stop, ready, get, fmt)
            if res is None:
                return False
            yield res
    while pending:
        res = _wait(pending.popleft(), stop, ready, get, fmt)
        if res is None:
            return False
        yield res
    return True


def _wait(entry, stop, ready, get, fmt: str = "jsonl"):
    """The oldest chunk's output once it is ready (``ready`` blocks for a short while), or None on a stop."""
    fut, mark, chunk = entry
    while not ready(fut):
        if stop.requested:
            return None
    try:
        return get(fut), mark
    except Exception as exc:  # noqa: BLE001 - the worker's exception: the chunk's rows become error rows
        return failed_chunk(chunk, fmt, exc), mark


def _dask_ready(f) -> bool:
    if f.done():
        return True
    time.sleep(0.01)
    return f.done()


def _run_dask(chunk_iter, args, jobs, scheduler, stop):
    import logging
    from dask.distributed import Client, LocalCluster
    cluster = None
    if scheduler:
        client = Client(scheduler, timeout="30s")
    else:
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=logging.ERROR, scheduler_port=0)
        client = Client(cluster)
    try:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        yield from _windowed(chunk_iter, lambda chunk: client.submit(run_chunk, chunk, *args, pure=False),
                             _dask_ready, lambda f: f.result(), 2 * n_workers + 1, stop, args[-1])
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# ---- progress ------------------------------------------------------------------------------------------------------
class _Progress:
    """A rich progress bar on standard error (rate in hands/s; ETA when the input's size is known)."""

    def __init__(self, total: int | None):
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
        columns = [TextColumn("batch"), BarColumn(), TextColumn("{task.fields[rows]:>10,} hands"),
                   TextColumn("{task.fields[rate]:>8} hands/s"), TimeElapsedColumn()]
        if total:
            columns.insert(2, TextColumn("{task.percentage:>3.0f}%"))
            columns.append(TimeRemainingColumn())
        self._p = Progress(*columns, console=Console(stderr=True), transient=False, refresh_per_second=4)
        self._task = self._p.add_task("batch", total=total or None, rows=0, rate="-")
        self._start = time.monotonic()
        self._p.start()

    def update(self, done_bytes: int, rows: int) -> None:
        elapsed = max(time.monotonic() - self._start, 1e-6)
        self._p.update(self._task, completed=done_bytes, rows=rows, rate=f"{rows / elapsed:,.0f}")

    def stop(self) -> None:
        self._p.stop()


def _want_progress(out: str | None) -> bool:
    if os.environ.get("MJSCORE_NO_PROGRESS"):
        return False
    try:
        if not sys.stderr.isatty():
            return False
        # rows printed to the same terminal would tear through the bar: then the rows are the progress
        return out is not None or not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


# ---- the command ---------------------------------------------------------------------------------------------------
def _identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _input_files(inputs: list[str]):
    """(shown name, (device, inode)) of every regular file the run will read, standard input included."""
    from scorer.batch import display_path, expand_inputs
    for path in expand_inputs(inputs):
        try:
            st = os.fstat(sys.stdin.fileno()) if path == "-" else os.stat(path)
        except (OSError, ValueError, AttributeError):
            continue
        if stat.S_ISREG(st.st_mode):
            yield ("standard input" if path == "-" else display_path(path)), _identity(st)


def _same_file_as_input(inputs: list[str], out: str | None) -> str | None:
    """The message when the output (``--out``, or standard output redirected to a file) is one of the inputs,
    compared by device and inode (a hard link or another spelling of the path is the same file), else None."""
    try:
        if out is not None:
            st = os.stat(out)
            target = f"--out {out}"
        else:
            st = os.fstat(sys.stdout.fileno())
            target = "standard output"
    except (OSError, ValueError, AttributeError):
        return None                     # the output does not exist yet: it cannot be an input
    if not stat.S_ISREG(st.st_mode):
        return None
    mine = _identity(st)
    for shown, ident in _input_files(inputs):
        if ident == mine:
            return f"{target} is the input {shown} (the same file): writing it would destroy the input"
    return None


class _Sink:
    """Where the rows go. ``--out FILE`` (a regular file or a new one) is written to a partial file beside it,
    renamed over ``FILE`` by :meth:`commit` once the run completes; a FIFO or device is written directly, and
    so is standard output (as bytes: rows are UTF-8 whatever the locale)."""

    def __init__(self, out: str | None):
        self.out = out
        self.partial: str | None = None
        self.final: str | None = None
        if out is None:
            sys.stdout.flush()
            self.f = getattr(sys.stdout, "buffer", None) or _TextOut(sys.stdout)
            return
        try:
            st = os.stat(out)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            self.f = open(out, "wb")            # a FIFO, /dev/null, a terminal: written as it is
            return
        if st is not None and not os.access(out, os.W_OK):
            raise PermissionError(13, "Permission denied", out)
        import tempfile
        self.final = os.path.realpath(out)      # a symlink's target is replaced, not the link
        folder, name = os.path.split(self.final)
        try:
            # hidden, so that a directory walk of the inputs never reads the rows being written
            fd, self.partial = tempfile.mkstemp(prefix=f".{name}.partial-", dir=folder or ".")
        except OSError:
            if st is None:
                raise
            self.final = None                   # no partial file beside it (a folder we may not write): direct
            self.f = open(out, "wb")
            return
        if st is not None:
            mode = stat.S_IMODE(st.st_mode)     # the file it replaces keeps its permissions
        else:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask                # as open() would have made it (mkstemp makes 0600)
        os.fchmod(fd, mode)
        self.f = os.fdopen(fd, "wb")

    def write(self, data: bytes) -> None:
        self.f.write(data)
        self.f.flush()

    def identity(self) -> tuple[int, int] | None:
        """(device, inode) of the file being written, which the inputs must never include."""
        try:
            return _identity(os.fstat(self.f.fileno()))
        except (OSError, ValueError, AttributeError):
            return None

    def commit(self) -> None:
        """The run completed: the partial file becomes ``--out``."""
        if self.out is None:
            self.f.flush()
            return
        self.f.close()
        if self.partial is not None:
            os.replace(self.partial, self.final)
            self.partial = None

    def keep_partial(self) -> str | None:
        """The run stopped early: close the partial file and keep it (its rows are whole); its name."""
        if self.out is not None:
            try:
                self.f.close()
            except OSError:
                pass
        return self.partial

    def discard(self) -> None:
        """The output failed (a full disk): close and remove the partial file."""
        if self.out is not None:
            try:
                self.f.close()
            except OSError:
                pass
        if self.partial is not None:
            try:
                os.unlink(self.partial)
            except OSError:
                pass
            self.partial = None


class _TextOut:
    """A text stream without a byte buffer under it (a test's StringIO), written as the bytes' text."""

    def __init__(self, stream):
        self._s = stream

    def write(self, data: bytes) -> None:
        self._s.write(data.decode("utf-8"))

    def flush(self) -> None:
        self._s.flush()

    def fileno(self) -> int:
        return self._s.fileno()


def _clamp_jobs(jobs: int | None, engine: str) -> int:
    """``--jobs`` within reason: at most :data:`MAX_JOBS` local workers, and not more than four per core."""
    if jobs is None:
        return default_jobs()
    limit = min(MAX_JOBS, 4 * default_jobs())
    if engine == "local" and jobs > limit:
        sys.stderr.write(f"mjscore: --jobs {jobs} is more workers than this machine can run; using {limit}\n")
        return limit
    return jobs


def _check_compare(compare: str, rules: str | None) -> str | None:
    """The usage message for a ``--compare`` list that names a preset the rule set lacks, or fewer than two
    (checked before the first line, so a typo is not one error row per line), else None."""
    from scorer.advice.compare import UnknownComparePreset, preset_names
    try:
        preset_names(rules or "riichi", compare)
    except UnknownComparePreset as exc:
        return str(exc)
    return None


def batch_command(inputs: list[str], rules: str | None, preset: str | None, fmt: str | None, out: str | None,
                  jobs: int | None, engine: str, scheduler: str | None, compare: str | None = None) -> int:
    """Run ``mjscore batch``; returns the exit code (0 all scored, 1 errors, disputes or an output that failed,
    2 usage, 130 Ctrl-C, 143 SIGTERM)."""
    from scorer import batch as B
    from scorer.cli.render import FORMATS, header

    # ---- usage ----
    if not inputs:
        return _usage("batch needs at least one INPUT (a file, a directory, or - for standard input)")
    msg = check_rules(rules)
    if msg:
        return _usage(msg)
    if out is None and (sys.stdout is None or getattr(sys.stdout, "closed_stream", False)):
        sys.stderr.write("mjscore: standard output is closed; give --out FILE\n")
        return 1
    if fmt is None:
        fmt = "table" if out is None and _isatty(sys.stdout) and compare is None else "jsonl"
    if fmt not in FORMATS:
        return _usage(f"--format expects {', '.join(FORMATS)}, not {fmt!r}")
    if engine not in ("local", "dask"):
        return _usage(f"--engine expects local or dask, not {engine!r}")
    if jobs is not None and jobs < 1:
        return _usage(f"--jobs expects a number of workers of at least 1, not {jobs}")
    if scheduler and engine != "dask":
        return _usage("--scheduler goes with --engine dask")
    if inputs.count("-") > 1:
        return _usage("standard input (-) can be read once")
    for path in inputs:
        if path != "-" and not os.path.exists(path):
            return _usage(f"no such file or directory: {B.display_path(path)}")
        if path != "-" and not os.access(path, os.R_OK):
            return _usage(f"cannot read {B.display_path(path)}")
    if "-" in inputs and sys.stdin is None:
        sys.stderr.write("mjscore: standard input is closed (nothing to read for -)\n")
        return 1
    from scorer.cli.options import check_preset
    msg = check_preset(preset)
    if msg:
        return _usage(msg)
    if compare is not None:
        msg = _check_compare(compare, rules)
        if msg:
            return _usage(msg)
        if fmt != "jsonl":
            return _usage(f"--compare writes JSON lines (a value column per preset): give --format jsonl, not {fmt}")
    same = _same_file_as_input(inputs, out)
    if same:
        return _usage(same)
    if out == "":
        return _usage("--out needs a file name")
    if out is not None and os.path.isdir(out):
        return _usage(f"--out {out} is a directory")
    if engine == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            return _usage(DASK_HINT)
    jobs = _clamp_jobs(jobs, engine)

    # ---- output ----
    try:
        sink = _Sink(out)
    except OSError as exc:
        sys.stderr.write(f"mjscore: cannot write {out}: {exc.strerror or exc}\n")
        return 1

    def notice(message: str) -> None:
        sys.stderr.write(f"batch: {message}\n")

    counter = B.ByteCounter()
    total = B.input_size(inputs, sys.stdin) if _want_progress(out) else None
    size = total if total is not None else B.input_size(inputs, sys.stdin)
    # more than a few tens of hands: the seeded per-suit tables at once (see _collector_for_a_run)
    seed = engine == "local" and size is not None and size >= SEED_BYTES
    # hands files are read as blocks of lines, taken apart where they are scored (in the workers)
    items = B.read_inputs(inputs, sys.stdin, counter, notice, exclude=sink.identity(), blocks=CHUNK)
    marked = ((chunk, counter.done) for chunk in B.chunks(items, CHUNK))
    args = (rules, preset, compare, fmt)     # run_chunk's arguments after the chunk; the format last
    tally = B.Tally()
    progress = None
    interrupted = False
    broken_pipe = False
    failed: str | None = None
    with _Stop() as stop, _collector_for_a_run(seed):
        if engine == "dask":
            results = _run_dask(marked, args, jobs, scheduler, stop)
        elif jobs == 1:
            results = _run_inline(marked, args, stop)
        else:
            results = _run_pool(_tail_split(marked, size, jobs), args, jobs, stop)
        try:
            head = header(fmt)
            if head:
                sink.write(head.encode("utf-8"))
            if _want_progress(out):
                progress = _Progress(total)
            for chunk_out, done in results:
                stop.writing = True
                sink.write(chunk_out.data)
                tally.add(chunk_out.tally)
                stop.writing = False
                if stop.requested:
                    break
                if progress is not None:
                    progress.update(done, tally.rows)
            interrupted = stop.requested
        except KeyboardInterrupt:
            interrupted = True
        except BrokenPipeError:
            # the reader went away (`mjscore batch ... | head`): stop quietly, without a last failing flush
            broken_pipe = True
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sink.f.fileno())
            except (OSError, ValueError, AttributeError):
                pass
        except OSError as exc:          # the output failed: a full disk, EIO, a file system gone read-only
            failed = f"cannot write {out or 'standard output'}: {exc.strerror or exc}"
        finally:
            stop.writing = False
            results.close()
            if progress is not None:
                progress.stop()
        if not (interrupted or broken_pipe or failed):
            try:
                sink.commit()
            except OSError as exc:
                failed = f"cannot write {out or 'standard output'}: {exc.strerror or exc}"

    from scorer.cli.render import printable
    sys.stderr.write("".join(f"batch: {printable(line)}\n" for line in tally.summary().splitlines()))
    if failed:
        sink.discard()
        sys.stderr.write(f"mjscore: {failed} (after {tally.rows} rows); the output is incomplete\n")
        return 1
    if interrupted:
        kept = sink.keep_partial()
        name = signal.Signals(stop.signum).name if stop.signum else "SIGINT"
        where = f" (the last row written: {tally.last})" if tally.last else ""
        where_out = f"; the rows so far are in {kept}, not in {out}" if kept else ""
        sys.stderr.write(f"batch: stopped by {name} after {tally.rows} rows{where}; every row written is whole"
                         f"{where_out}\n")
        return EXIT_SIGNAL.get(stop.signum, 130)
    if broken_pipe:
        sink.keep_partial()
        sys.stderr.write(f"batch: output closed after {tally.rows} rows\n")
    return 1 if tally.failed else 0


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
