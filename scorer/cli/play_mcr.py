"""Text mode for the MCR table (issue #5): play a deal against three fan-plan AIs, or run AI-only deals.

Reached through :mod:`scorer.cli.play` with ``rules="mcr"`` (``mjscore play --rules mcr``); the deal, the human
player and the AI-only run are the riichi text mode's (:func:`scorer.cli.play.play_deal`, ``run_auto``), with the
MCR pieces here: the event lines, the end of the deal, the summary. The board is the shared one
(:func:`scorer.cli.board.render_board`), which reads the table preset: the flowers beside each player and no
dora, riichi or deposits; the input conventions are the same (a tile by index or notation, confirmed; **Enter
alone** discards the drawn tile or passes a call; ``t`` declares a self-drawn win, ``k`` a kong). The end shows the
MCR scoring panel and every player's point change.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable


def _event_line(e, state, names) -> str | None:
    t = e.type
    if t == "call":
        word = {"chi": "chow", "pon": "pung", "kan": "kong", "ankan": "concealed kong", "kakan": "added kong"}
        tile = state.tile(e.called if e.called is not None else e.tiles[0])
        return f"{names[e.seat]}: {word.get(e.kind, e.kind)} {tile}"
    if t == "flower":
        return f"{names[e.seat]}: flower {state.tile(e.tile)}"
    from scorer.cli.play import _event_line as riichi_line
    return riichi_line(e, state, names)   # a discard reads as at the riichi table


def _result(engine, console, names, deltas) -> None:
    from scorer.cli.play import print_point_changes
    st = engine.state
    res = st.result
    if res is None:
        return
    if res.type == "win":
        how = "self-drawn" if res.from_seat is None else f"on {names[res.from_seat]}'s discard"
        if "chankan" in (res.hand or ""):
            how = f"robbing {names[res.from_seat]}'s kong"
        console.print(f"[bold green]{names[res.seat]} win{'s' if names[res.seat] != 'You' else ''}[/] {how}.")
        from scorer.cli.render import mcr_panel
        console.print(mcr_panel(engine.result.to_dict()))
    else:
        console.print("[bold]Draw: the wall is exhausted.[/] No payments.")
    print_point_changes(st, console, names, deltas)


def play_interactive(seed: int | None = None, log_path: str | None = None, console=None,
                     input_fn: Callable[[str], str] | None = None) -> int:
    """``mjscore play --rules mcr [--seed N] [--log FILE]``: you (East, the dealer) against three fan-plan AIs,
    one deal. Exit 0 when the deal ends; 1 if the input ends first."""
    from scorer.cli.play import play_deal
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import McrEngine
    return play_deal(McrEngine, McrAI, "[bold]mjscore[/] MCR deal · seed {seed} · table preset {preset}", _event_line,
                     _result, seed, log_path, console, input_fn)


def auto_stats(deals: int, seed: int | None = 0, on_deal: Callable[[int], None] | None = None) -> dict:
    """Run ``deals`` AI-only MCR deals (deal ``i`` uses seed ``seed + i``) and summarise them, with the share of
    wins by the fan plan that won."""
    import random
    from scorer.cli.play import tally_deal
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import McrEngine

    base = seed if seed is not None else random.randrange(1 << 31)
    stats = {"rules": "mcr", "deals": deals, "seed": base, "wins": 0, "self_drawn": 0, "on_discard": 0,
             "robbing_the_kong": 0, "exhaustive_draws": 0, "deal_ins": [0, 0, 0, 0], "wins_by_seat": [0, 0, 0, 0],
             "calls": 0, "flowers": 0, "average_points": [0.0] * 4, "average_total": 0.0, "wins_by_plan": {},
             "plan_share": {}}
    totals = [0, 0, 0, 0]
    win_points = 0
    plans: Counter = Counter()
    for i in range(deals):
        ais = [McrAI(f"ai{s}") for s in range(4)]
        eng = McrEngine(ais, seed=base + i)
        eng.run()
        tally_deal(stats, totals, eng, "self_drawn", "on_discard")
        res = eng.state.result
        if res.type == "win":
            win_points += res.points
            plans[ais[res.seat].won_plan or "other"] += 1
            if res.from_seat is not None and "chankan" in (res.hand or ""):
                stats["robbing_the_kong"] += 1
        stats["flowers"] += sum(1 for e in eng.events if e.type == "flower")
        if on_deal:
            on_deal(i)
    if deals:
        stats["average_points"] = [round(t / deals, 2) for t in totals]
        stats["win_rate"] = round(stats["wins"] / deals, 3)
        stats["draw_rate"] = round(stats["exhaustive_draws"] / deals, 3)
    if stats["wins"]:
        stats["average_total"] = round(win_points / stats["wins"], 2)
        stats["wins_by_plan"] = dict(plans.most_common())
        stats["plan_share"] = {k: round(v / stats["wins"], 3) for k, v in plans.most_common()}
    return stats


def _summary_rows(stats: dict) -> list[tuple[str, str]]:
    rows = [("wins", f"{stats['wins']} (self-drawn {stats['self_drawn']}, on a discard {stats['on_discard']}, "
                     f"robbing the kong {stats['robbing_the_kong']})"),
            ("exhaustive draws", str(stats["exhaustive_draws"])),
            ("deal-ins by seat", " ".join(map(str, stats["deal_ins"]))),
            ("wins by seat", " ".join(map(str, stats["wins_by_seat"]))),
            ("calls", str(stats["calls"])),
            ("flowers revealed", str(stats["flowers"])),
            ("average win total", f"{stats['average_total']}"),
            ("average points E S W N", " ".join(f"{x:+.1f}" for x in stats["average_points"]))]
    return rows + [(f"  won by {plan}", f"{share:.1%} ({stats['wins_by_plan'][plan]})")
                   for plan, share in stats["plan_share"].items()]


def play_auto(deals: int = 100, seed: int | None = 0, json_out: bool = False, console=None) -> int:
    """``mjscore play --rules mcr --auto --deals N [--seed S] [--json]``: AI-only MCR deals, a progress bar on a
    terminal, then a summary (one JSON object with ``--json``)."""
    from scorer.cli.play import run_auto
    return run_auto(deals, seed, json_out, console, auto_stats, _summary_rows, table="MCR ")
