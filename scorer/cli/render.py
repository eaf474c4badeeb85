"""One renderer: a result becomes a rich panel (for people) or JSON (for scripts).

It reads only a result's ``to_dict()``, so every evaluator's result renders the same way.
"""

from __future__ import annotations

import json
from typing import Any


def to_json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _tiles_line(hand: str | None) -> str:
    return hand or ""


def _payments(d: dict):
    """Who pays what: one line per payer, or per group of payers paying alike (``players`` > 1)."""
    from rich.text import Text
    pay = Text()
    for p in d.get("payments", []):
        n = p.get("players", 1)
        who = p.get("from", "?")
        pay.append(f"\n  {who} pays {p.get('amount')}" + (f" (×{n} players)" if n > 1 else ""))
    return pay


def riichi_panel(d: dict):
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    from rich.console import Group

    parts = []
    head = Text()
    head.append(_tiles_line(d.get("hand")), style="bold")
    parts.append(head)
    if not d.get("win"):
        t = Text()
        t.append(f"\nNo win: {d.get('reason')}", style="bold red")
        if d.get("shanten") is not None:
            t.append(f"\nShanten {d['shanten']}")
        if d.get("waits"):
            t.append(f"   waits {' '.join(d['waits'])}")
        parts.append(t)
        return Panel(Group(*parts), title=f"riichi · {d.get('preset')}", expand=False)
    yaku = Table(box=None, show_header=False, pad_edge=False)
    yaku.add_column("yaku")
    yaku.add_column("kanji", style="dim")
    yaku.add_column("han", justify="right")
    for y in d.get("yaku", []):
        yaku.add_row(y["name"], y.get("kanji", ""), f"{y['han']} han" if not d.get("yakuman") else
                     ("yakuman" if y["han"] >= 13 else f"{y['han']} han"))
    dora = d.get("dora") or {}
    for label, key in (("Dora", "dora"), ("Red five", "red"), ("Ura dora", "ura")):
        if dora.get(key):
            yaku.add_row(label, "", f"{dora[key]} han")
    parts.append(Text(""))
    parts.append(yaku)
    if d.get("fu_breakdown") and not d.get("yakuman"):
        fu = Table(box=None, show_header=False, pad_edge=False)
        fu.add_column("fu item", style="dim")
        fu.add_column("fu", justify="right", style="dim")
        for item in d["fu_breakdown"]:
            fu.add_row(item["reason"], str(item["fu"]))
        parts.append(Text(""))
        parts.append(fu)
    summary = Text()
    if d.get("yakuman"):
        summary.append(f"\n{'' if d['yakuman'] == 1 else str(d['yakuman']) + 'x '}yakuman", style="bold")
    else:
        summary.append(f"\n{d['han']} han {d['fu']} fu", style="bold")
        if d.get("limit"):
            summary.append(f"  {d['limit']}", style="bold magenta")
    summary.append(f"   {d['points']} points", style="bold green")
    parts.append(summary)
    parts.append(_payments(d))
    parts.append(Text(f"\nWinner gains {d.get('total_gain')}", style="bold"))
    return Panel(Group(*parts), title=f"riichi · {d.get('preset')}", expand=False)


def mcr_panel(d: dict):
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    from rich.console import Group

    parts = [Text(_tiles_line(d.get("hand")), style="bold")]
    if d.get("fans"):
        fans = Table(box=None, show_header=False, pad_edge=False)
        fans.add_column("fan")
        fans.add_column("chinese", style="dim")
        fans.add_column("points", justify="right")
        for f in d["fans"]:
            count = f" ×{f['count']}" if f.get("count", 1) > 1 else ""
            fans.add_row(f["name"], f.get("chinese", ""), f"{f['points'] * f.get('count', 1)}{count}")
        parts.append(Text(""))
        parts.append(fans)
    summary = Text()
    if d.get("fan_total") is not None:
        summary.append(f"\nFans {d['fan_total']}")
        if d.get("flowers"):
            summary.append(f" + flowers {d['flowers']}")
        summary.append(f" = {d.get('total')}", style="bold")
    if not d.get("win"):
        summary.append(f"\nNo win: {d.get('reason')}", style="bold red")
        if d.get("shanten") is not None and d.get("reason") != "below 8 points":
            summary.append(f"\nShanten {d['shanten']}")
            if d.get("waits"):
                summary.append(f"   waits {' '.join(d['waits'])}")
    parts.append(summary)
    if d.get("win"):
        parts.append(_payments(d))
        parts.append(Text(f"\nWinner gains {d.get('total_gain')}", style="bold"))
    preset = d.get("preset")
    title = "MCR" if preset in (None, "mcr") else f"MCR · {preset}"
    return Panel(Group(*parts), title=title, expand=False)


def panel(result_dict: dict):
    if result_dict.get("rules") == "mcr":
        return mcr_panel(result_dict)
    return riichi_panel(result_dict)
