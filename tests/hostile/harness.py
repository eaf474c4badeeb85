"""Running ``mjscore`` as an attacker would: a child process with a memory limit (RLIMIT_AS), a timeout, chosen
standard streams (bytes, closed, a file), and the checks every hostile case shares."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "fixtures" / "hostile"
MEMORY_LIMIT = 1_500_000_000        # bytes of address space a child may have (the bound)
TIMEOUT = 120                       # seconds: no hostile input may make a command hang
CLI = "import sys; sys.argv = ['mjscore'] + sys.argv[1:]; from scorer.cli.app import main; main()"
CLOSED = "closed"


@dataclass
class Run:
    args: list
    rc: int
    out: bytes
    err: bytes

    @property
    def text(self) -> str:
        return self.out.decode("utf-8")

    @property
    def errtext(self) -> str:
        return self.err.decode("utf-8")

    def __repr__(self) -> str:
        return f"mjscore {' '.join(map(str, self.args))[:200]} -> {self.rc}; stderr: {self.err[-600:]!r}"


def _limits(close: tuple[int, ...]):
    def pre() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        for fd in close:
            os.close(fd)
    return pre


def mjscore(*args, stdin: bytes | str | None = b"", stdout: str | None = None, cwd=None, env=None,
            timeout: int = TIMEOUT) -> Run:
    """Run ``mjscore ARGS`` in a child under the memory limit. ``stdin`` is bytes to feed, ``CLOSED``, or a path
    (str) to read from; ``stdout=CLOSED`` starts the child with its standard output closed."""
    close = []
    feed = None
    stdin_arg = subprocess.PIPE
    f = None
    if stdin == CLOSED:
        close.append(0)
        stdin_arg = subprocess.DEVNULL
    elif isinstance(stdin, str):
        f = open(stdin, "rb")
        stdin_arg = f
    else:
        feed = stdin or b""
    stdout_arg = subprocess.PIPE
    g = None
    if stdout == CLOSED:
        close.append(1)
    elif isinstance(stdout, str):       # a file, opened for appending (`>> FILE`)
        g = open(stdout, "ab")
        stdout_arg = g
    child_env = {**os.environ, "PYTHONPATH": str(ROOT), "MJSCORE_NO_PROGRESS": "1", **(env or {})}
    child_env.pop("MJSCORE_DEBUG", None)
    try:
        proc = subprocess.run([sys.executable, "-c", CLI, *map(str, args)], input=feed, stdin=None if feed is not None
                              else stdin_arg, stdout=stdout_arg, stderr=subprocess.PIPE, cwd=cwd or ROOT,
                              env=child_env, timeout=timeout, preexec_fn=_limits(tuple(close)))
    finally:
        for h in (f, g):
            if h is not None:
                h.close()
    return Run(list(args), proc.returncode, proc.stdout or b"", proc.stderr)


def check_sane(run: Run, codes=(0, 1, 2)) -> None:
    """What every hostile case must show: an expected exit code (never 70, never killed), output and messages that
    are valid UTF-8, no traceback and no internal error of the command (a scorer's internal error inside one row
    is that row's error: :func:`internal_rows` lists them)."""
    assert run.rc in codes, run
    run.out.decode("utf-8")          # raises on invalid UTF-8
    run.err.decode("utf-8")
    assert b"Traceback" not in run.err and b"internal error" not in run.err, run
    assert b"MemoryError" not in run.err and b"MemoryError" not in run.out, run


def internal_rows(run: Run) -> list[str]:
    """The rows of a run that are a scorer's internal error (a bug met by that line)."""
    return [line for line in run.text.splitlines() if "internal error" in line]


def expected_lines(data: bytes) -> list[int]:
    """The line numbers of a hands file that must each get one row: not blank, not a ``#`` comment (a line that
    is not UTF-8 or too long counts: its row is an error)."""
    out = []
    for n, raw in enumerate(data.split(b"\n"), 1):
        s = raw.strip()
        if s and not s.startswith(b"#"):
            out.append(n)
    if data.endswith(b"\n") and out and out[-1] == len(data.split(b"\n")):
        out.pop()
    return out
