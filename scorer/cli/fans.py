"""``mjscore fans [--preset NAME] [--json]``: the MCR fan table (:func:`scorer.mcr.explain.fan_rows`) rendered.

Stage: CLI. Text: one table row per fan (id, English and Chinese names, points, definition, what it excludes);
``--json``: one object, ``{"preset": ..., "fans": [row, ...]}``. Exit 0, or 2 for an unknown preset.
"""

from __future__ import annotations

import sys


def fans_command(json_out: bool = False, preset: str | None = None, console=None) -> int:
    from scorer.cli.render import printable, to_json
    from scorer.errors import NotationError
    from scorer.mcr.explain import fan_rows
    from scorer.mcr.presets import find_preset
    try:
        name = find_preset(preset).name
    except NotationError as exc:
        sys.stderr.write(f"mjscore: {printable(str(exc))}\n")
        return 2
    rows = fan_rows(name)
    if json_out:
        sys.stdout.write(to_json({"preset": name, "fans": rows}) + "\n")
        return 0
    from rich.markup import escape
    from rich.table import Table
    if console is None:
        from rich.console import Console
        console = Console()
    t = Table(title=f"MCR fans · preset {name}")
    t.add_column("id", justify="right")
    t.add_column("fan")
    t.add_column("中文")
    t.add_column("points", justify="right")
    t.add_column("definition")
    t.add_column("excludes")
    for r in rows:
        t.add_row(str(r["id"]), escape(r["name"]), r["chinese"], str(r["points"]), escape(r["definition"] + (f" ({r['note']})" if r["note"] else "")),
                  escape(", ".join(r["excludes"])))
    console.print(t)
    return 0
