"""End-to-end: drive the text-mode deal through a pseudo-terminal, typing real moves until the deal ends (#4)."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")

pty = pytest.importorskip("pty")

# the installed ``mjscore play`` when the package is installed next to this Python, else the module entry
_MJSCORE = Path(sys.executable).with_name("mjscore")
COMMAND = [str(_MJSCORE), "play"] if _MJSCORE.exists() else [sys.executable, "-m", "scorer.cli.play"]


def drive(args, discards, timeout=180.0, answer=None):
    """Run ``mjscore play ARGS`` (or ``python -m scorer.cli.play ARGS``) on a pty and play: each discard prompt gets the next of
    ``discards`` (then Enter: the drawn tile), each confirmation ``y``, each call prompt Enter (pass), a win on
    offer is taken. ``answer(last line)``: a reply of the caller's own for a prompt (None: the rules above).
    Returns (exit code, screen text, prompts answered)."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "LINES": "50", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([*COMMAND, *args], stdin=slave, stdout=slave,
                            stderr=slave, cwd=REPO, env=env, close_fds=True)
    os.close(slave)
    out = b""
    pending = b""
    moves = list(discards)
    answered = 0
    deadline = time.time() + timeout
    try:
        while time.time() < deadline:
            r, _, _ = select.select([master], [], [], 0.2)
            if r:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
                pending += chunk
                continue
            if proc.poll() is not None:
                break
            plain = ANSI.sub(b"", pending)
            if plain.rstrip().endswith((b":", b"[Y/n]", b"?", b"[y/N]")):
                last = plain.rstrip().splitlines()[-1] if plain.strip() else b""
                own = answer(last.decode("utf-8", "replace")) if answer is not None else None
                if own is not None:
                    reply = own
                elif last.endswith(b"[Y/n]"):
                    reply = "y"
                elif b"pass the win" in last:       # a win on offer: never passed by Enter alone; take it
                    reply = "t"
                elif b"let the win go" in last:
                    reply = "ron"
                elif last.startswith(b"Discard (") and moves:
                    reply = moves.pop(0)
                else:
                    reply = ""
                os.write(master, reply.encode() + b"\r")
                answered += 1
                pending = b""
    finally:
        if proc.poll() is None:
            proc.kill()
        code = proc.wait(timeout=10)
        os.close(master)
    return code, ANSI.sub(b"", out).decode("utf-8", "replace"), answered


def test_play_a_deal_through_a_pty(tmp_path):
    log = tmp_path / "deal.jsonl"
    # discard by index and confirm, then by notation and confirm, then Enter (drawn tile / pass) to the end
    code, screen, answered = drive(["--seed", "3", "--log", str(log)], ["12", "2z"])
    assert code == 0, screen[-3000:]
    assert "Point changes" in screen
    assert "Discard 4z? [Y/n]" in screen and "Discard 2z? [Y/n]" in screen
    assert answered >= 5
    from scorer.game.engine import replay_file
    state = replay_file(str(log))
    assert state.phase == "end"
    assert state.total_points == 100000
    lines = log.read_text().splitlines()
    assert '"seed":3' in lines[0] and '"preset":"standard"' in lines[0]
    assert any('"seat":0' in l and '"type":"discard"' in l for l in lines)


def test_auto_json_summary():
    p = subprocess.run([sys.executable, "-m", "scorer.cli.play", "--auto", "--deals", "3", "--seed", "5", "--json"],
                       cwd=REPO, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    import json
    d = json.loads(p.stdout)
    assert d["deals"] == 3 and d["wins"] + d["exhaustive_draws"] == 3
    assert d["tsumo"] + d["ron"] == d["wins"]
    assert sum(d["deal_ins"]) == d["ron"]
    assert abs(sum(d["average_points"]) - 100000) < 1e-6 + 1000 * d["riichi"]
