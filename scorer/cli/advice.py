"""``mjscore score HAND --compare PRESETS`` and ``--explain``: the advice of :mod:`scorer.advice` rendered.

Stage: CLI. ``--compare`` prints one table (a row per scored fact, a column per preset; the rows that differ marked
``≠``) and, below it, the option that makes each difference; ``--explain`` prints the result's panel, then every
arrangement the evaluator considered with its value and why the chosen one wins, then the tiles of each yaku.
``--json`` prints the dicts themselves. Exit 0, or 1 for a hand that cannot be read.
"""

from __future__ import annotations

import sys


def _text(value) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def render_compare(d: dict, console) -> None:
    """The comparison ``d`` (:func:`scorer.advice.compare.compare`) as a table on ``console``."""
    from rich.markup import escape
    from rich.table import Table
    console.print(f"[bold]{escape(d['hand'] or '')}[/]  ·  {d['rules']} presets (differences against "
                  f"{d['baseline']})")
    t = Table()
    t.add_column("")
    t.add_column("row")
    for name in d["presets"]:
        t.add_column(name)
    for r in d["rows"]:
        t.add_row("≠" if r["differs"] else "", r["row"], *(escape(_text(r["values"][n])) for n in d["presets"]))
    console.print(t)
    errors = [f"{n}: {res['error']}" for n, res in d["results"].items() if "error" in res]
    for e in errors:
        console.print(escape(e))
    why: dict[str, list[str]] = {}
    for r in d["rows"]:
        for c in r["causes"]:
            key = f"{c['preset']}: " + (", ".join(c["options"]) or "(no single option)")
            why.setdefault(key, []).append(r["row"])
    if not why:
        console.print("no differences: every preset scores this hand alike")
    for key, rows in why.items():
        console.print(escape(f"{key} → {', '.join(rows)}"))


def render_explain(d: dict, console) -> None:
    """The arrangements of an explanation on ``console``: riichi (:func:`scorer.riichi.explain.explain`) or MCR
    (:func:`scorer.advice.explain.mcr_arrangements`)."""
    from rich.markup import escape
    from rich.table import Table
    arr = d.get("arrangements") or []
    if not arr:
        console.print(escape(d.get("why") or "no arrangement"))
        return
    t = Table(title="arrangements considered")
    if "fans" in arr[0]:        # MCR: each reading's fans and total
        for col in ("", "arrangement", "fans", "total"):
            t.add_column(col, justify="right" if col == "total" else "left")
        for a in arr:
            fans = ", ".join(f"{f['name']} {f['points']}" + (f" ×{f['count']}" if f["count"] > 1 else "")
                             for f in a["fans"])
            t.add_row("→" if a["chosen"] else "", escape(a["sets"]), escape(fans), str(a["total"]))
        console.print(t)
        console.print(escape(d["why"]))
        return
    for col in ("", "arrangement", "wait", "yaku", "han", "fu", "points"):
        t.add_column(col, justify="right" if col in ("han", "fu", "points") else "left")
    for a in arr:
        yaku = ", ".join(f"{y['name']} {y['han']}" for y in a["yaku"]) or (a.get("reason") or "")
        t.add_row("→" if a["chosen"] else "", escape(a["sets"]), a["wait"] or "", escape(yaku), _text(a["han"]),
                  _text(a["fu"]), _text(a["points"]))
    console.print(t)
    console.print(escape(d["why"]))
    chosen = next((a for a in arr if a["chosen"]), None)
    if chosen and chosen.get("made_by"):
        for m in chosen["made_by"]:
            console.print(escape(f"  {m['name']}: {' '.join(m['tiles'])}"))


def compare_command(text: str, rules, preset, wanted: str, json_out: bool, console=None) -> int:
    """``score --compare``: 0; 1 when the hand cannot be read; 2 when a preset is not the hand's rule set's."""
    from scorer import parse
    from scorer.advice.compare import UnknownComparePreset, compare
    from scorer.cli.analyze import emit
    from scorer.cli.render import printable
    from scorer.errors import MjscoreError
    try:        # a preset the rule set lacks is a usage error (2); the hand's own errors are 1 (emit)
        hand = parse(text, rules=rules, preset=preset)
        from scorer.advice.compare import preset_names
        preset_names(hand.rules, wanted)
    except UnknownComparePreset as exc:
        sys.stderr.write("mjscore: " + printable(str(exc)) + "\n")
        return 2
    except MjscoreError:     # the hand cannot be read: emit reports it (1), as every command does
        hand = None
    return emit(lambda: compare(hand if hand is not None else parse(text, rules=rules, preset=preset), wanted),
                render_compare, json_out, console)
