"""`mjscore presets`: every rule preset of both rule sets with the options where they differ."""

from __future__ import annotations

import dataclasses
import sys


def _options(preset) -> dict:
    if dataclasses.is_dataclass(preset):
        d = dataclasses.asdict(preset)
    else:
        d = dict(vars(preset))
    for key in ("name", "description"):
        d.pop(key, None)
    flat: dict = {}

    def walk(prefix, value):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(k if prefix in ("", "options") else f"{prefix}.{k}", v)
        else:
            flat[prefix] = value

    walk("", d)
    return flat


def collect() -> dict:
    from scorer.rulesets import RULESETS
    return {name: {preset: {"description": getattr(p, "description", ""), "options": _options(p)}
                   for preset, p in ruleset.presets().items()}
            for name, ruleset in RULESETS.items()}


def _cell(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(str(v) for v in value) or "-"
    return str(value)


def presets_command(json_out: bool) -> int:
    data = collect()
    if json_out:
        from scorer.cli.render import to_json
        sys.stdout.write(to_json(data) + "\n")
        return 0
    from rich.console import Console
    from rich.table import Table
    console = Console()
    for rules, presets in data.items():
        keys: list[str] = []
        for p in presets.values():
            for k in p["options"]:
                if k not in keys:
                    keys.append(k)
        table = Table(title=f"{rules} presets", show_lines=False)
        table.add_column("option", no_wrap=True)
        for name in presets:
            table.add_column(name, overflow="fold")
        for k in keys:
            table.add_row(k, *[_cell(p["options"].get(k, "")) for p in presets.values()])
        console.print(table)
        for name, p in presets.items():
            console.print(f"  [bold]{name}[/bold]: {p['description']}")
        console.print()
    return 0
