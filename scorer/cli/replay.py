"""``mjscore replay FILE... [--verify] [--json] [--step]``: replay recorded games and check them against the record.

A thin shell over :mod:`scorer.logs.replay`: one line per round (stdout), the details of any disagreement
indented under it, a summary on stderr. ``--json`` prints one JSON object per round instead. ``--step`` walks
each round on the board (:func:`scorer.cli.board.render_board`), one event per key press: Enter / space / n / →
forward, b / p / ← back, g the end, q quit.

Every file gets a verdict line on stderr (agree / DISAGREE / ERROR with the reason), whatever happened to the
files before it, then the summary. A log with no rounds is an error, not a pass.

Exit codes: 0 every round replayed (and, with ``--verify``, agreed); 1 an unreadable, empty or illegal log, or a
disagreement under ``--verify``; 2 usage (no files, a path that does not exist).
"""

from __future__ import annotations

import json
import sys
from typing import Callable

from scorer.errors import LogError


def _seat_list(d: list[int]) -> str:
    return "[" + ", ".join(f"{x:+d}" if x else "0" for x in d) + "]"


def _round_line(rep, verify: bool) -> str:
    r = rep.round
    head = f"{r.source} round {r.number + 1} ({r.label})"
    if rep.error:
        return f"{head}: ERROR {rep.error}"
    status = ("agree" if rep.agree else "DISAGREE") if verify else "ok"
    return f"{head}: {status} — {rep.summary()}, deltas {_seat_list(rep.deltas)}"


def _file_error(path: str, err: LogError, json_out: bool) -> None:
    """A file (or the rest of it) that cannot be read: with --json also an object on stdout (the verdict line on
    stderr says the rest)."""
    if json_out:
        sys.stdout.write(_json({"file": _shown(path), "agree": False, "error": str(err)}) + "\n")


def _json(obj) -> str:
    from scorer.cli.render import utf8
    return utf8(json.dumps(obj, ensure_ascii=False, separators=(",", ":"))).decode("utf-8")


def _shown(path: str) -> str:
    from scorer.batch import display_path
    return display_path(path) if path != "-" else "<stdin>"


def _say(text: str) -> None:
    from scorer.cli.render import printable
    sys.stdout.flush()              # the rounds before the verdict, in order on a shared terminal
    sys.stderr.write(printable(text) + "\n")


def replay_command(files: list[str], verify: bool, json_out: bool, step: bool) -> int:
    """Replay ``files``; see the module docstring. Returns the exit code. Every file gets its verdict on stderr
    (rounds, how many agree, or why it could not be read), whatever happened to the files before it; then the
    summary."""
    import os

    if not files:
        sys.stderr.write("mjscore replay: give one or more log files (mjlog, tenhou.net/6, mjai, play logs)\n")
        return 2
    for p in files:
        if p != "-" and not os.path.exists(p):
            sys.stderr.write(f"mjscore: no such file or directory: {_shown(p)}\n")
            return 2
    if files.count("-") > 1:
        sys.stderr.write("mjscore: standard input (-) can be read once\n")
        return 2
    if "-" in files and sys.stdin is None:
        sys.stderr.write("mjscore: standard input is closed (nothing to read for -)\n")
        return 1
    try:
        return _replay_files(files, verify, json_out, step)
    except BrokenPipeError:             # the reader went away (`| head`): stop quietly, as batch does
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 0


def _replay_files(files: list[str], verify: bool, json_out: bool, step: bool) -> int:
    from scorer.logs import read_log
    from scorer.logs.replay import LenientVisitor, replay_rounds
    out = sys.stdout
    status = 0
    n_rounds = n_agree = n_files_bad = 0
    given = files
    files = expand_paths(files)
    if not files:
        sys.stderr.write(f"mjscore: no game logs in {', '.join(_shown(p) for p in given)} (nothing was replayed)\n")
        return 1
    for path in files:
        shown = _shown(path)
        f_rounds = f_agree = 0
        try:
            rounds = read_log(path)
            if step:
                rounds = list(rounds)
        except LogError as e:
            _file_error(path, e, json_out)
            _say(f"{shown}: ERROR {e}")
            status = 1
            n_files_bad += 1
            continue
        if step:
            code = step_rounds(rounds)
            if code is not None:
                return code
            continue
        visitor = LenientVisitor()
        broken: LogError | None = None
        try:
            for rep in replay_rounds(rounds, visitor):
                f_rounds += 1
                bad = rep.error is not None or (verify and rep.mismatches)
                if not bad:
                    f_agree += 1
                else:
                    status = 1
                if json_out:
                    out.write(_json(rep.to_dict()) + "\n")
                else:
                    out.write(_round_line(rep, verify) + "\n")
                    if verify:
                        for m in rep.mismatches:
                            out.write(f"    {m}\n")
        except LogError as e:
            broken = e
        if broken is None and f_rounds == 0:
            broken = LogError(f"{shown}: no rounds in this log (not a game, or an empty one)")
        n_rounds += f_rounds
        n_agree += f_agree
        what = "agree with the record" if verify else "replayed"
        if broken is not None:
            _file_error(path, broken, json_out)
            status = 1
            n_files_bad += 1
            done = f" after {f_rounds} round(s), {f_agree} {what}" if f_rounds else ""
            _say(f"{shown}: ERROR {broken}{done}")
        elif f_agree == f_rounds:
            _say(f"{shown}: {'agree' if verify else 'ok'} ({f_rounds} rounds {what})")
        else:
            _say(f"{shown}: {'DISAGREE' if verify else 'ERROR'} ({f_agree} of {f_rounds} rounds {what})")
    if not step:
        what = "agree with the record" if verify else "replayed"
        msg = f"{len(files)} file(s), {n_rounds} rounds, {n_agree} {what}"
        if n_files_bad:
            msg += f"; {n_files_bad} file(s) could not be read"
        sys.stderr.write(msg + "\n")
    return status


LOG_SUFFIXES = (".mjlog", ".xml", ".gz", ".json", ".jsonl", ".log", ".pmn")


def expand_paths(paths: list[str]) -> list[str]:
    """Paths with each directory replaced by the log files in it (sorted; by suffix: mjlog, xml, gz, json,
    jsonl, log)."""
    import os
    out = []
    for p in paths:
        if p != "-" and os.path.isdir(p):
            for f in sorted(os.listdir(p)):
                full = os.path.join(p, f)
                if not f.endswith(LOG_SUFFIXES):
                    continue
                if os.path.isfile(full):
                    out.append(full)
                elif not os.path.isdir(full):     # a FIFO or device: reading it could block or never end
                    _say(f"skipped {_shown(full)}: not a regular file (a FIFO, device or socket)")
        else:
            out.append(p)
    return out


# ---- --step ---------------------------------------------------------------------------------------------------
def _getkey() -> str:
    """One key press (raw terminal when stdin is a tty, else one line of input); a closed stdin quits."""
    if sys.stdin is None:
        return "q"
    if not sys.stdin.isatty():
        line = sys.stdin.readline()
        if not line:
            return "q"
        return line.strip()[:1] or "\n"
    import termios
    import tty
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setraw(fd)
        ch = sys.stdin.read(1)
        if ch == "\x1b":
            seq = sys.stdin.read(2)
            return {"[C": "n", "[D": "b"}.get(seq, "")
        if ch in ("\x03", "\x04"):
            return "q"
        return ch
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def state_at(rnd, k: int):
    """The table after the first ``k`` events of ``rnd`` (each checked as in a replay)."""
    from scorer.logs.replay import LenientVisitor, _RoundReplay
    from scorer.logs import Round
    part = Round(rnd.source, rnd.game, rnd.number, rnd.label, rnd.events[:k], rnd.where[:k], rnd.preset)
    rr = _RoundReplay(part, LenientVisitor())
    try:
        rr.run()
    except LogError as e:
        if "without a result" not in str(e):
            raise
    return rr.state


def step_rounds(rounds, getkey: Callable[[], str] = _getkey, console=None) -> int | None:
    """Walk each round one event at a time. Returns an exit code to stop with, or None when all were walked."""
    from rich.console import Console
    from scorer.cli.play import escape
    console = console or Console()
    try:
        from scorer.cli.board import render_board
    except ImportError:          # the board is optional: fall back to a plain summary
        render_board = None
    for rnd in rounds:
        k = 1
        n = len(rnd.events)
        while True:
            try:
                st = state_at(rnd, k)
            except LogError as e:
                console.print(f"[red]{escape(str(e))}[/red]")
                return 1
            console.clear()
            e = rnd.events[k - 1]
            console.print(f"[bold]{escape(rnd.name)}[/bold]  event {k}/{n}: {escape(e.to_json())}  "
                          f"[dim]({escape(str(rnd.where[k - 1]))})[/dim]")
            if render_board is not None:
                console.print(render_board(st, viewer=st.dealer, names=rnd.players or None, reveal=True))
            else:
                for s, p in enumerate(st.players):
                    console.print(f"seat {s} {p.score:>6}  hand {sorted(p.hand)}")
            console.print("[dim]Enter/n/→ next · b/← back · g end · q quit[/dim]")
            key = getkey()
            if key in ("q", "Q"):
                return 0
            if key in ("b", "p"):
                k = max(1, k - 1)
            elif key == "g":
                k = n
            elif k < n:
                k += 1
            else:
                break
    return None
