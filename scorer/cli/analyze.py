"""``mjscore analyze HAND [--rules riichi|mcr] [--json]``: the analysis of :mod:`scorer.analysis` rendered.

Stage: CLI. The text form is a heading (the tiles, the shanten), the waits (with each wait's total and whether it
reaches the minimum, for a rule set that values waits) or the ukeire of 13 tiles, and a table of discards for 14;
``--json`` prints the analysis dict as one JSON object. Exit 0, or 1 for a hand that cannot be read.
"""

from __future__ import annotations

import sys


def _tiles(rows) -> str:
    return " ".join(f"{u['tile']}×{u['left']}" for u in rows)


def _wait_text(w: dict) -> str:
    if "total" not in w:
        return w["tile"]
    return f"{w['tile']} ({w['total']}{'' if w['meets_minimum'] else ', below 8'})"


def render(d: dict, console) -> None:
    """The analysis ``d`` as text on ``console`` (a rich Console)."""
    from rich.markup import escape
    from rich.table import Table
    head = f"[bold]{escape(d['hand'])}[/]  shanten {d['shanten']}"
    if d["tiles"] == 13:
        console.print(head + ("  (tenpai)" if d["shanten"] == 0 else ""))
        if "waits" in d:
            console.print("waits: " + " ".join(w["tile"] for w in d["waits"]))
            valued = [w for w in d["waits"] if "total" in w or "error" in w]
            if valued:
                t = Table()
                for col in ("wait", "fan points", "total", "8 points"):
                    t.add_column(col, justify="right" if col in ("fan points", "total") else "left")
                t.add_column("fans counted")
                for w in valued:
                    if "error" in w:
                        t.add_row(w["tile"], "", "", "no", escape(w["error"]))
                        continue
                    t.add_row(w["tile"], str(w["fan_total"]), str(w["total"]),
                              "yes" if w["meets_minimum"] else "no", escape(", ".join(w["fans"])))
                console.print(t)
        else:
            console.print(f"ukeire {sum(u['left'] for u in d['ukeire'])}: {_tiles(d['ukeire'])}")
        return
    console.print(head + ("  (complete)" if d["shanten"] == -1 else ""))
    valued = any("waits" in r for r in d["discards"])
    t = Table()
    t.add_column("discard")
    t.add_column("shanten", justify="right")
    t.add_column("ukeire", justify="right")
    t.add_column("tiles")
    if valued:
        t.add_column("waits reaching 8")
    for r in d["discards"]:
        cells = [r["discard"], str(r["shanten"]), str(r["ukeire"]), _tiles(r["tiles"])]
        if valued:
            cells.append(" ".join(_wait_text(w) for w in r.get("waits", ())))
        t.add_row(*cells)
    console.print(t)


def analyze_command(text: str, rules: str | None = None, json_out: bool = False, console=None) -> int:
    """Read ``text`` (13 or 14 tiles, with the line's keywords), analyse it and print it; 1 if it cannot be read."""
    from scorer.analysis import analyze, read_hand
    from scorer.batch import error_text
    from scorer.cli.render import printable, to_json
    from scorer.errors import MjscoreError
    try:
        d = analyze(read_hand(text, rules))
    except MjscoreError as exc:
        sys.stderr.write("mjscore: " + "\n".join(printable(x) for x in error_text(exc).split("\n")) + "\n")
        return 1
    if json_out:
        sys.stdout.write(to_json(d) + "\n")
        return 0
    if console is None:
        from rich.console import Console
        console = Console()
    render(d, console)
    return 0
