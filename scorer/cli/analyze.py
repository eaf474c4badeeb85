"""``mjscore analyze HAND [--rules riichi|mcr] [--preset NAME] [--json]``: the analysis of :mod:`scorer.analysis`
rendered.

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
    if d.get("players", 4) != 4:
        head += f"  ({d['players']} players)"
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


def analyze_command(text: str, rules: str | None = None, json_out: bool = False, console=None,
                    preset: str | None = None) -> int:
    """Read ``text`` (13 or 14 tiles, with the line's keywords; ``rules`` and ``preset`` are defaults under its
    own), analyse it and print it; 1 if it cannot be read."""
    from scorer.analysis import analyze, read_hand
    return emit(lambda: analyze(read_hand(text, rules, preset)), render, json_out, console)


def emit(build, render_fn, json_out: bool, console=None) -> int:
    """Build a result dict with ``build()`` and print it: one JSON object with ``json_out``, else ``render_fn(d,
    console)``. A :class:`~scorer.errors.MjscoreError` while building is one message on stderr and 1."""
    from scorer.batch import error_text
    from scorer.cli.render import printable, to_json
    from scorer.errors import MjscoreError
    try:
        d = build()
    except MjscoreError as exc:
        sys.stderr.write("mjscore: " + "\n".join(printable(x) for x in error_text(exc).split("\n")) + "\n")
        return 1
    if json_out:
        sys.stdout.write(to_json(d) + "\n")
        return 0
    if console is None:
        from rich.console import Console
        console = Console()
    render_fn(d, console)
    return 0


# ---- analyze --ev: the expected-value advice of scorer.advice.ev ----------------------------------------------
SEEN_KEYWORD = "seen:"
"""The word that lists the tiles in view outside the hand (``seen:1m2m9p77z``): read here from the command line's
words, not by the grammar (the notation has no such keyword)."""


def split_seen(words: list[str]) -> tuple[list[str], str]:
    """The hand's words without the ``seen:`` words, and the tiles they list (joined)."""
    rest, seen = [], []
    for w in words:
        for part in w.split():
            if part.lower().startswith(SEEN_KEYWORD):
                seen.append(part[len(SEEN_KEYWORD):])
            else:
                rest.append(part)
    return rest, "".join(seen)


def _pct(x) -> str:
    return f"{100 * x:.1f}%"


def _with_se(d: dict, key: str, fmt) -> str:
    se = d.get(key + "_se")
    return fmt(d[key]) + ("" if se is None else f" ±{fmt(se)}")


def render_ev(d: dict, console) -> None:
    """The expected-value advice ``d`` (:func:`scorer.advice.ev.discard_ev`) as text on ``console``."""
    from rich.markup import escape
    from rich.table import Table
    unit = "points" if d["rules"] == "riichi" else "fan points"
    turns = d["turns"]
    note = " (default: a typical mid-game count)" if turns == d["turns_default"] else ""
    console.print(f"[bold]{escape(d['hand'])}[/]  shanten {d['shanten']}  ·  {turns} draws left{note}  ·  "
                  f"{d['pool']} tiles unseen" + (f" ({d['seen']} seen)" if d["seen"] else ""))
    t = Table()
    for col, right in (("discard", False), ("shanten", True), ("ukeire", True), ("tenpai", True), ("win", True),
                       (f"EV ({unit})", True), ("", False)):
        t.add_column(col, justify="right" if right else "left")
    estimates = False
    up = []
    for r in d["discards"]:
        name = r["discard"] or "(as it is)"
        if r["method"] is None:
            up.append(f"{name} ({r['ukeire']})")
            continue
        estimates |= r["method"] == "estimate"
        how = "estimate" if r["method"] == "estimate" else ""
        if "riichi" in r and r["riichi"] is not None:
            how = ("riichi" if r["riichi"] else "dama") + (" · " + how if how else "")
        t.add_row(name, str(r["shanten"]), str(r["ukeire"]), _with_se(r, "tenpai", _pct), _with_se(r, "win", _pct),
                  _with_se(r, "ev", lambda x: f"{x:.0f}"), how)
    console.print(t)
    if up:
        console.print("shanten goes up (not searched; ukeire): " + " ".join(up))
    top = next((r for r in d["discards"] if r.get("waits")), None)
    if top is not None:
        console.print(f"waits after {top['discard'] or 'the hand'}: " + "; ".join(
            f"{w['tile']}×{w['left']} {w['dama']}" + (f"/{w['riichi']:.0f} riichi" if w.get("riichi") is not None
                                                       else "") + (f" ({', '.join(w['yaku'])})" if w["yaku"] else "")
            for w in top["waits"]))
    console.print(escape(f"model: {d['model']}."))
    if estimates:
        console.print("estimates: seeded simulation, ± one standard error.")


def ev_command(text: str, rules: str | None, json_out: bool, turns: int | None, seen_text: str,
               samples: int | None = None, seed: int = 0, console=None) -> int:
    """``analyze --ev``: read ``text`` (13 or 14 tiles) and the ``seen`` tiles, print the advice; 1 if the hand
    cannot be read."""
    from scorer.advice.ev import DEFAULT_SAMPLES, DEFAULT_TURNS, discard_ev
    from scorer.analysis import absent_kinds, never_drawn, read_hand
    from scorer.errors import NotationError
    from scorer.rulesets import find_ruleset
    from scorer.kinds import NORTH
    from scorer.tiles import Tile, parse_tiles

    def build():
        try:
            seen = parse_tiles(seen_text) if seen_text else []
        except ValueError as exc:
            raise NotationError(f"seen: {exc}", seen_text) from None
        hand = read_hand(text, rules)
        absent, players = absent_kinds(hand, find_ruleset(hand.rules))
        if players != 4:    # a three-player wall: 2m-8m never drawn, the Norths set aside (nuki:N) in view
            if any(absent >> t.kind & 1 for t in seen):
                raise NotationError("seen: a three-player table has no 2m-8m", seen_text)
            seen = seen + never_drawn(absent) + [Tile(NORTH)] * hand.situation.nuki
        return discard_ev(hand, DEFAULT_TURNS if turns is None else turns, seen,
                          DEFAULT_SAMPLES if samples is None else samples, seed)
    return emit(build, render_ev, json_out, console)
