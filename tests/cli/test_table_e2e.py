"""End to end (issue 13): the text table through a pseudo-terminal, as a new player would type.

A riichi deal: ``?`` shows the keys, ``h`` the advice for the hand, an index out of range names the valid range, Enter chooses the drawn tile
and every discard waits for its confirmation, a win on offer is never passed by Enter alone. MCR scenes on an
arranged wall (:mod:`tests.cli.scripted_table`): calls typed as ``pung`` and ``chow``, and a complete hand below
the 8-point minimum announced.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")

REPO = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = re.compile(r"(: |\? \[Y/n\] |\? )$")


def drive(args, reply, timeout=240.0, columns=100):
    """Run ``python ARGS`` on a pty; every prompt (a line ending in ": " or "? ") gets ``reply(last line,
    screen so far)``. Returns (exit code, the whole screen as text, the prompts answered)."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "40", "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, *args], stdin=slave, stdout=slave, stderr=slave, cwd=REPO, env=env,
                            close_fds=True)
    os.close(slave)
    out = ""
    seen = 0
    prompts = []
    deadline = time.time() + timeout
    try:
        while time.time() < deadline:
            r, _, _ = select.select([master], [], [], 0.3)
            if r:
                try:
                    chunk = os.read(master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
                continue
            if proc.poll() is not None:
                break
            text = ANSI.sub("", out[seen:])
            if PROMPT.search(text):
                last = text.rstrip("\n").splitlines()[-1]
                prompts.append(last)
                seen = len(out)
                os.write(master, (reply(last, ANSI.sub("", out)) + "\r").encode())
    finally:
        if proc.poll() is None:
            proc.kill()
        code = proc.wait(timeout=10)
        os.close(master)
    return code, ANSI.sub("", out), prompts


def plain_reply(first=()):
    """Answers as a patient player: the moves ``first`` at the first discard prompts, then Enter (the drawn tile),
    ``y`` to confirm, Enter to pass a call, and a win on offer taken."""
    moves = list(first)

    def reply(last, screen):
        if "pass the win" in last:
            return "t"
        if "let the win go" in last:
            return "hu" if "hu" in last else "ron"
        if last.endswith("[Y/n] "):
            return "y"
        if last.startswith("Discard (") and moves:
            return moves.pop(0)
        if last.startswith("Discard (") and "Enter = drawn tile" not in last:
            return "1"                  # after a call there is no drawn tile: the first tile
        return ""
    return reply


def test_riichi_deal_help_range_and_confirmation():
    code, screen, prompts = drive(["-m", "scorer.cli.app", "play", "--seed", "3"],
                                  plain_reply(["?", "h", "15", ""]))
    assert code == 0, screen[-3000:]
    assert "Keys" in screen and "confirm the discard" in screen            # the help screen
    assert "EV (points)" in screen and "Advice: working out" in screen     # h: the advice, below the board
    assert "no tile '15'; choose 1 to 14" in screen                        # the valid range
    assert "you drew" in screen and "Your turn" in screen
    # Enter chose the drawn tile; the discard waited for its confirmation
    turns = [i for i, p in enumerate(prompts) if p.startswith("Discard (")]
    assert prompts[turns[0] + 1] == "Enter = back to the table: "          # the keys: a screen of their own
    assert turns[2] == turns[1] + 1                                         # after the advice: asked again
    assert re.fullmatch(r"Discard \S+\? \[Y/n\] ", prompts[turns[3] + 1])    # Enter chose; now confirm
    discards = sum(1 for p in prompts if p.startswith("Discard ("))
    confirms = sum(1 for p in prompts if p.endswith("[Y/n] "))
    assert confirms >= discards - 4 > 0
    assert "Point changes" in screen and "net change" in screen


def test_mcr_calls_typed_as_pung_and_chow():
    after_call = ["1z", "2z"]           # honors the scene's hand holds: keeps 45m for the chow

    def reply(last, screen):
        if last.startswith("Discard (") and "Enter = drawn tile" not in last and after_call:
            return after_call.pop(0)
        if last.startswith("Call:"):
            tail = screen[-600:]
            if "pung 9p" in tail:
                return "pung"
            if "chow 3m" in tail:
                return "chow"
        return plain_reply()(last, screen)
    code, screen, prompts = drive(["-m", "tests.cli.scripted_table", "calls"], reply)
    assert code == 0, screen[-3000:]
    assert "[9p9p|9p←S]" in screen and "[4m5m|3m←N]" in screen      # the called tile and from whom
    assert "Your turn after your pung" in screen and "Your turn after your chow" in screen
    assert "End of the deal" in screen


def test_mcr_below_the_minimum_is_announced():
    code, screen, _ = drive(["-m", "tests.cli.scripted_table", "below8"], plain_reply())
    assert code == 0, screen[-3000:]
    assert "complete, 7 points: below the 8-point minimum" in screen
    assert "You can win" not in screen.split("below the 8-point minimum")[0][-400:]
