"""``mjscore replay FILE... [--verify] [--json] [--step]``: replay recorded games and check them against the record.

A thin shell over :mod:`scorer.logs.replay`: one line per round (stdout), the details of any disagreement
indented under it, a summary on stderr. ``--json`` prints one JSON object per round instead. ``--step`` walks
each round on the board (:func:`scorer.cli.board.render_board`), one event per key press: Enter / space / n / →
forward, b / p / ← back, g the end, q quit.

Exit codes: 0 every round replayed (and, with ``--verify``, agreed); 1 an unreadable or illegal log, or a
disagreement under ``--verify``; 2 usage (no files).
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
    """A file (or the rest of it) that cannot be read: one line on stderr; with --json also an object on stdout."""
    sys.stderr.write(f"mjscore: {err}\n")
    if json_out:
        sys.stdout.write(json.dumps({"file": path, "agree": False, "error": str(err)}, ensure_ascii=False,
                                    separators=(",", ":")) + "\n")


def replay_command(files: list[str], verify: bool, json_out: bool, step: bool) -> int:
    """Replay ``files``; see the module docstring. Returns the exit code."""
    from scorer.logs import read_log
    from scorer.logs.replay import LenientVisitor, replay_rounds

    if not files:
        sys.stderr.write("mjscore replay: give one or more log files (mjlog, tenhou.net/6, mjai, play logs)\n")
        return 2
    out = sys.stdout
    status = 0
    n_rounds = n_agree = n_files_bad = 0
    files = expand_paths(files)
    for path in files:
        try:
            rounds = read_log(path)
            if step:
                rounds = list(rounds)
        except LogError as e:
            _file_error(path, e, json_out)
            status = 1
            n_files_bad += 1
            continue
        if step:
            code = step_rounds(rounds)
            if code is not None:
                return code
            continue
        visitor = LenientVisitor()
        try:
            for rep in replay_rounds(rounds, visitor):
                n_rounds += 1
                bad = rep.error is not None or (verify and rep.mismatches)
                if not bad:
                    n_agree += 1
                else:
                    status = 1
                if json_out:
                    out.write(json.dumps(rep.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
                else:
                    out.write(_round_line(rep, verify) + "\n")
                    if verify:
                        for m in rep.mismatches:
                            out.write(f"    {m}\n")
        except LogError as e:
            _file_error(path, e, json_out)
            status = 1
            n_files_bad += 1
    if not step:
        what = "agree with the record" if verify else "replayed"
        msg = f"{len(files)} file(s), {n_rounds} rounds, {n_agree} {what}"
        if n_files_bad:
            msg += f"; {n_files_bad} file(s) could not be read"
        sys.stderr.write(msg + "\n")
    return status


LOG_SUFFIXES = (".mjlog", ".xml", ".gz", ".json", ".jsonl", ".log")


def expand_paths(paths: list[str]) -> list[str]:
    """Paths with each directory replaced by the log files in it (sorted; by suffix: mjlog, xml, gz, json,
    jsonl, log)."""
    import os
    out = []
    for p in paths:
        if p != "-" and os.path.isdir(p):
            out += sorted(os.path.join(p, f) for f in os.listdir(p)
                          if f.endswith(LOG_SUFFIXES) and os.path.isfile(os.path.join(p, f)))
        else:
            out.append(p)
    return out


# ---- --step ---------------------------------------------------------------------------------------------------
def _getkey() -> str:
    """One key press (raw terminal when stdin is a tty, else one line of input)."""
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
                console.print(f"[red]{e}[/red]")
                return 1
            console.clear()
            e = rnd.events[k - 1]
            console.print(f"[bold]{rnd.name}[/bold]  event {k}/{n}: {e.to_json()}  [dim]({rnd.where[k - 1]})[/dim]")
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
