"""End to end (issue #5): ``mjscore play --rules mcr`` driven through a pseudo-terminal until the deal ends.

The test answers the prompts as a person would: the first discard by index with a confirmation, a later one by
notation, then Enter alone (discard the drawn tile, pass a call). The program must end the deal, show the MCR
result and the point changes, exit 0, and leave a log that replays to an ended deal.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time


from scorer.game.mcr import replay

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _drive(args, timeout=240.0):
    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS="150", LINES="50", TERM="xterm")
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = ""
    seen = 0
    answers = ["1", "y"]          # first discard by index, confirmed
    typed_notation = False
    deadline = time.time() + timeout
    try:
        while time.time() < deadline:
            r, _, _ = select.select([master], [], [], 0.5)
            if r:
                try:
                    chunk = os.read(master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            if proc.poll() is not None and not r:
                break
            text = ANSI.sub("", out[seen:])
            if re.search(r"(Discard \(.*\): |Call: .*: |\? \[Y/n\] |number \(Enter = back\): |back\): )$",
                         text.rstrip("\n") + ("" if text.endswith(" ") else " ")):
                seen = len(out)
                last = text.rstrip().splitlines()[-1] if text.strip() else ""
                if "pass the win" in last:      # a win on offer: never passed by Enter alone; take it
                    ans = "t"
                elif "let the win go" in last:
                    ans = "hu"
                elif answers:
                    ans = answers.pop(0)
                elif "Discard (" in text and not typed_notation:
                    # a later discard by notation: the last tile shown in the hand row
                    rows = [ln for ln in text.splitlines() if re.fullmatch(r"\s*(\d[mpsz]\s*)+", ln)]
                    ans = rows[-1].split()[0] if rows else ""
                    typed_notation = True
                    if ans:
                        answers.append("y")
                else:
                    ans = ""
                os.write(master, (ans + "\r").encode())
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return proc.returncode, ANSI.sub("", out)


def test_play_mcr_through_a_pty_until_the_deal_ends(tmp_path):
    log = tmp_path / "deal.jsonl"
    code, out = _drive([sys.executable, "-m", "scorer.cli.app", "play", "--rules", "mcr", "--seed", "7",
                        "--log", str(log)])
    assert code == 0, out[-3000:]
    assert "MCR deal" in out and "tiles left" in out and "flowers" in out
    assert "End of the deal" in out and "Point changes" in out
    assert ("wins" in out or "win " in out) or "Draw: the wall is exhausted" in out
    assert "dora" not in out.lower() and "riichi" not in out.lower()
    st = replay(log.read_text().splitlines())
    assert st.phase == "end" and sum(p.score for p in st.players) == 0
