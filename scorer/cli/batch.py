"""`mjscore batch INPUT...`: score files of hands (and replay game logs) at scale, one output row per hand.

The shell around :mod:`scorer.batch`: it checks the options, streams the inputs in chunks through an engine,
writes each chunk's rows as soon as it is its turn, shows a progress bar on a terminal and prints the summary
to standard error. Engines, all running :func:`scorer.batch.run_chunk` on the same chunks (so their output is
byte-identical):

* ``local`` with ``--jobs 1``: in this process;
* ``local`` with ``--jobs N``: N worker processes (default: the cores this process may run on);
* ``dask``: a Dask distributed cluster, a ``LocalCluster`` of N workers or the scheduler at ``--scheduler``.

Memory stays flat: at most a small window of chunks is in flight (submitted and not yet written), whatever the
input's size. Ctrl-C stops the run at a chunk boundary: every row written is whole, the summary says where it
stopped, and the exit code is 130. Exit 0 when every row scored (and every claim agreed), 1 when a row was an
error or a claim (or a log round) was disputed, 2 on usage errors.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections import deque

DASK_HINT = "the dask engine needs Dask: pip install 'mjscore[dask]'  (or: pip install 'dask[distributed]')"
CHUNK = 1000            # hands per chunk (after the first few, smaller ones)
WORKER_CHUNKS = 100     # chunks a worker process scores before it is replaced by a fresh one


def _usage(message: str) -> int:
    sys.stderr.write(f"mjscore: {message}\n")
    return 2


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class _Stop:
    """Ctrl-C handling. Outside the writing of a chunk's rows Ctrl-C raises KeyboardInterrupt at once (a blocked
    read of standard input, a wait for a worker); while rows are being written it only asks the run to stop once
    they are written, so every row in the output is whole."""

    def __init__(self) -> None:
        self.requested = False
        self.writing = False
        self._old = None

    def __enter__(self):
        try:
            self._old = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread (e.g. inside a test runner thread): no handler
            self._old = None
        return self

    def _handle(self, signum, frame) -> None:
        self.requested = True
        if not self.writing:
            raise KeyboardInterrupt

    def __exit__(self, *exc) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def _warm() -> None:
    """Import what scoring needs, before the workers are forked."""
    import importlib
    for name in ("grammar.hand", "grammar.claims", "scorer.claims", "scorer.riichi", "scorer.mcr"):
        try:
            importlib.import_module(name)
        except ImportError:  # an evaluator still being written: its rows will say so
            pass


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# ---- engines: each yields ChunkOut in input order, with a bounded window of chunks in flight ---------------------
def _run_inline(chunk_iter, args, stop):
    from scorer.batch import run_chunk
    for chunk, mark in chunk_iter:
        if stop.requested:
            return
        yield run_chunk(chunk, *args), mark


def _run_pool(chunk_iter, args, jobs, stop):
    import multiprocessing as mp
    from scorer.batch import run_chunk
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    if ctx.get_start_method() == "fork":
        _warm()  # forked workers start with the grammar and evaluators imported (pages shared, no import time)
    # A worker is replaced after WORKER_CHUNKS chunks: the evaluators' per-suit caches grow (slowly) with the
    # variety of hands seen, and a fresh worker keeps each process's memory bounded whatever the input's size.
    pool = ctx.Pool(jobs, initializer=_ignore_sigint, maxtasksperchild=WORKER_CHUNKS)
    try:
        finished = yield from _windowed(chunk_iter, lambda chunk: pool.apply_async(run_chunk, (chunk, *args)),
                                        _pool_ready, lambda r: r.get(), 2 * jobs + 1, stop)
        if finished:
            pool.close()
            pool.join()
    finally:
        pool.terminate()


def _windowed(chunk_iter, submit, ready, get, window, stop):
    """Submit chunks, yield their outputs in input order with at most ``window`` in flight; return True when every
    chunk was yielded, False on a stop (the same loop for worker processes and for Dask)."""
    pending: deque = deque()
    for chunk, mark in chunk_iter:
        if stop.requested:
            return False
        pending.append((submit(chunk), mark))
        while len(pending) >= window:
            res = _wait(pending.popleft(), stop, ready, get)
            if res is None:
                return False
            yield res
    while pending:
        res = _wait(pending.popleft(), stop, ready, get)
        if res is None:
            return False
        yield res
    return True


def _wait(entry, stop, ready, get):
    """The oldest chunk's output once it is ready (``ready`` blocks for a short while), or None on a stop."""
    fut, mark = entry
    while not ready(fut):
        if stop.requested:
            return None
    return get(fut), mark


def _pool_ready(r) -> bool:
    r.wait(0.1)
    return r.ready()


def _dask_ready(f) -> bool:
    if f.done():
        return True
    time.sleep(0.01)
    return f.done()


def _run_dask(chunk_iter, args, jobs, scheduler, stop):
    import logging
    from dask.distributed import Client, LocalCluster
    from scorer.batch import run_chunk
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
                             _dask_ready, lambda f: f.result(), 2 * n_workers + 1, stop)
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
def _check_preset(preset: str | None) -> str | None:
    """None when ``preset`` is a known riichi or MCR preset (or not given), else the message."""
    if preset is None:
        return None
    known: list[str] = []
    for mod in ("scorer.riichi.presets", "scorer.mcr.presets"):
        try:
            module = __import__(mod, fromlist=["PRESETS"])
        except ImportError:
            continue
        names = list(getattr(module, "PRESETS", {}))
        if preset.lower() in (n.lower() for n in names):
            return None
        known.extend(names)
    if not known:
        return None
    return f"unknown preset {preset!r} (known presets: {', '.join(known)})"


def batch_command(inputs: list[str], rules: str | None, preset: str | None, fmt: str | None, out: str | None,
                  jobs: int | None, engine: str, scheduler: str | None) -> int:
    """Run ``mjscore batch``; returns the exit code (0 all scored, 1 errors or disputes, 2 usage, 130 Ctrl-C)."""
    from scorer import batch as B

    # ---- usage ----
    if not inputs:
        return _usage("batch needs at least one INPUT (a file, a directory, or - for standard input)")
    if rules is not None and rules not in ("riichi", "mcr"):
        return _usage(f"--rules expects riichi or mcr, not {rules!r}")
    if fmt is None:
        fmt = "table" if out is None and _isatty(sys.stdout) else "jsonl"
    if fmt not in B.FORMATS:
        return _usage(f"--format expects {', '.join(B.FORMATS)}, not {fmt!r}")
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
            return _usage(f"no such file or directory: {path}")
        if path != "-" and not os.access(path, os.R_OK):
            return _usage(f"cannot read {path}")
    msg = _check_preset(preset)
    if msg:
        return _usage(msg)
    if engine == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            return _usage(DASK_HINT)
    jobs = jobs or default_jobs()

    # ---- output ----
    try:
        sink = open(out, "w", encoding="utf-8", newline="") if out else sys.stdout
    except OSError as exc:
        return _usage(f"cannot write {out}: {exc.strerror or exc}")

    counter = B.ByteCounter()
    total = B.input_size(inputs, sys.stdin) if _want_progress(out) else None
    items = B.read_inputs(inputs, sys.stdin, counter)
    marked = ((chunk, counter.done) for chunk in B.chunks(items, CHUNK))
    args = (rules, preset, fmt)
    tally = B.Tally()
    progress = None
    interrupted = False
    broken_pipe = False
    with _Stop() as stop:
        if engine == "dask":
            results = _run_dask(marked, args, jobs, scheduler, stop)
        elif jobs == 1:
            results = _run_inline(marked, args, stop)
        else:
            results = _run_pool(marked, args, jobs, stop)
        try:
            head = B.header(fmt)
            if head:
                sink.write(head)
                sink.flush()
            if _want_progress(out):
                progress = _Progress(total)
            for chunk_out, done in results:
                stop.writing = True
                sink.write(chunk_out.text)
                sink.flush()
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
                os.dup2(devnull, sink.fileno())
            except (OSError, ValueError, AttributeError):
                pass
        finally:
            stop.writing = False
            results.close()
            if progress is not None:
                progress.stop()
            if sink is not sys.stdout:
                sink.close()

    sys.stderr.write("batch: " + tally.summary() + "\n")
    if interrupted:
        sys.stderr.write(f"batch: interrupted after {tally.rows} rows; every row written is whole\n")
        return 130
    if broken_pipe:
        sys.stderr.write(f"batch: output closed after {tally.rows} rows\n")
    return 1 if tally.failed else 0


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
