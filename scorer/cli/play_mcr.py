"""Text mode for the MCR table (issue #5): play a deal against three fan-plan AIs, or run AI-only deals.

Reached through :mod:`scorer.cli.play` with ``rules="mcr"`` (``mjscore play --rules mcr``). The board is the
riichi board's pieces (tiles, melds, rivers, the hand with indexes) with the flowers beside each player and no
dora, riichi or deposits; the input conventions are the same (a tile by index or notation, confirmed; **Enter
alone** discards the drawn tile or passes a call; ``t`` declares a self-drawn win, ``k`` a kong). The end shows the
MCR scoring panel and every player's point change.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Callable

WIND_NAMES = ("East", "South", "West", "North")


def render_board(state, viewer: int = 0, names=None, recent=(), reveal: bool = False):
    """The MCR table seen from ``viewer``: tiles left, then each seat's wind, score, flowers, melds and river;
    the viewer's hand with indexes (``reveal`` shows every hand)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text
    from scorer.cli.board import hand_table, meld_text, river_text, tiles_text

    names = names or ["You" if s == viewer else f"AI {s}" for s in range(4)]
    head = Text()
    head.append(f"MCR · prevalent wind {WIND_NAMES[state.round_wind]}", style="bold")
    head.append(f"  ·  tiles left {state.live_left}")
    seats = Table(box=None, show_header=True, pad_edge=False, padding=(0, 1))
    seats.add_column("seat", no_wrap=True)
    seats.add_column("score", justify="right")
    seats.add_column("flowers", no_wrap=True)
    seats.add_column("melds")
    seats.add_column("discards")
    for s in range(4):
        p = state.players[s]
        label = Text(f"{WIND_NAMES[state.seat_wind(s)][0]} {names[s]}", style="bold" if s == viewer else "")
        if state.turn == s and state.phase in ("act", "draw"):
            label.append(" ◀", style="bold yellow")
        flowers = tiles_text(sorted(state.tile(f) for f in getattr(p, "flowers", ())), sep="")
        flowers.stylize("magenta")
        melds = Text(" ").join(meld_text(state, m) for m in p.melds) if p.melds else Text("")
        if reveal and s != viewer:
            melds = Text(" ").join([tiles_text(sorted(state.tile(t) for t in p.hand), sep="")] +
                                   ([melds] if p.melds else []))
        seats.add_row(label, Text(f"{p.score:+,}" if p.score else "0"), flowers, melds, river_text(state, s))
    parts = [head, Text(""), seats, Text("")]
    if recent:
        parts.append(Text("  ".join(recent[-6:]), style="dim"))
    hp = state.players[viewer]
    mine = Text("Your hand", style="bold")
    if hp.melds:
        mine.append("   melds ")
        mine.append_text(Text(" ").join(meld_text(state, m) for m in hp.melds))
    parts += [mine, hand_table(state, viewer)]
    return Group(*parts)


def _human_class():
    from scorer.cli.play import HumanPlayer

    class McrHuman(HumanPlayer):
        """The riichi text mode's human player (same prompts and keys) on the MCR board."""

        def _board(self, state, seat):
            self.console.rule()
            self.console.print(render_board(state, seat, self.names, self.recent))

    return McrHuman


def _event_line(e, state, names) -> str | None:
    t = e.type
    if t == "discard":
        return f"{names[e.seat]}: {state.tile(e.tile)}"
    if t == "call":
        word = {"chi": "chow", "pon": "pung", "kan": "kong", "ankan": "concealed kong", "kakan": "added kong"}
        return f"{names[e.seat]}: {word.get(e.kind, e.kind)} {state.tile(e.called if e.called is not None else e.tiles[0])}"
    if t == "flower":
        return f"{names[e.seat]}: flower {state.tile(e.tile)}"
    return None


def _result(engine, console, names, deltas) -> None:
    from rich.table import Table
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
    t = Table(title="Point changes")
    t.add_column("seat")
    t.add_column("change", justify="right")
    t.add_column("score", justify="right")
    for s in range(4):
        t.add_row(f"{WIND_NAMES[st.seat_wind(s)]} {names[s]}", f"{deltas[s]:+,}", f"{st.players[s].score:,}")
    console.print(t)


def play_interactive(seed: int | None = None, log_path: str | None = None, console=None,
                     input_fn: Callable[[str], str] | None = None) -> int:
    """``mjscore play --rules mcr [--seed N] [--log FILE]``: you (East, the dealer) against three fan-plan AIs,
    one deal. Exit 0 when the deal ends; 1 if the input ends first."""
    import random
    from rich.console import Console
    from scorer.game.ai.mcr import McrAI
    from scorer.game.mcr import McrEngine

    console = console or Console()
    if seed is None:
        seed = random.randrange(1 << 31)
    names = ["You", "AI South", "AI West", "AI North"]
    recent: list[str] = []
    human = _human_class()(console, names, recent, input_fn)
    log = open(log_path, "w", encoding="utf-8") if log_path else None

    def on_event(e, state):
        line = _event_line(e, state, names)
        if line:
            recent.append(line)
            del recent[:-8]

    eng = McrEngine([human] + [McrAI(n) for n in names[1:]], seed=seed, log=log, on_event=on_event)
    start = list(eng.scores)
    console.print(f"[bold]mjscore[/] MCR deal · seed {seed} · table preset {eng.preset.name}")
    try:
        eng.run()
    except (EOFError, KeyboardInterrupt):
        console.print("\n[yellow]Deal abandoned.[/]")
        return 1
    finally:
        if log:
            log.close()
    st = eng.state
    deltas = [st.players[s].score - start[s] for s in range(4)]
    console.rule("End of the deal")
    console.print(render_board(st, 0, names, recent, reveal=True))
    _result(eng, console, names, deltas)
    if log_path:
        console.print(f"Log written to {log_path}")
    return 0


def auto_stats(deals: int, seed: int | None = 0, on_deal: Callable[[int], None] | None = None) -> dict:
    """Run ``deals`` AI-only MCR deals (deal ``i`` uses seed ``seed + i``) and summarise them, with the share of
    wins by the fan plan that won."""
    import random
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
        st = eng.state
        res = st.result
        if res.type == "win":
            stats["wins"] += 1
            stats["wins_by_seat"][res.seat] += 1
            win_points += res.points
            plans[ais[res.seat].won_plan or "other"] += 1
            if res.from_seat is None:
                stats["self_drawn"] += 1
            else:
                stats["on_discard"] += 1
                stats["deal_ins"][res.from_seat] += 1
                if "chankan" in (res.hand or ""):
                    stats["robbing_the_kong"] += 1
        else:
            stats["exhaustive_draws"] += 1
        stats["calls"] += sum(1 for e in eng.events if e.type == "call")
        stats["flowers"] += sum(1 for e in eng.events if e.type == "flower")
        for s in range(4):
            totals[s] += st.players[s].score
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


def play_auto(deals: int = 100, seed: int | None = 0, json_out: bool = False, console=None) -> int:
    """``mjscore play --rules mcr --auto --deals N [--seed S] [--json]``: AI-only MCR deals, a progress bar on a
    terminal, then a summary (one JSON object with ``--json``)."""
    from rich.console import Console
    console = console or Console()
    if deals < 0:
        Console(stderr=True).print("--deals must be at least 0")
        return 2
    if console.is_terminal and not json_out:
        from rich.progress import Progress
        with Progress(console=console, transient=True) as prog:
            task = prog.add_task("MCR AI deals", total=deals)
            stats = auto_stats(deals, seed, lambda i: prog.advance(task))
    else:
        stats = auto_stats(deals, seed)
    if json_out:
        sys.stdout.write(json.dumps(stats) + "\n")
        return 0
    from rich.table import Table
    t = Table(title=f"{deals} AI-only MCR deals (seeds {stats['seed']}…)", show_header=False)
    t.add_column("what")
    t.add_column("value", justify="right")
    t.add_row("wins", f"{stats['wins']} (self-drawn {stats['self_drawn']}, on a discard {stats['on_discard']}, "
                      f"robbing the kong {stats['robbing_the_kong']})")
    t.add_row("exhaustive draws", str(stats["exhaustive_draws"]))
    t.add_row("deal-ins by seat", " ".join(map(str, stats["deal_ins"])))
    t.add_row("wins by seat", " ".join(map(str, stats["wins_by_seat"])))
    t.add_row("calls", str(stats["calls"]))
    t.add_row("flowers revealed", str(stats["flowers"]))
    t.add_row("average win total", f"{stats['average_total']}")
    t.add_row("average points E S W N", " ".join(f"{x:+.1f}" for x in stats["average_points"]))
    for plan, share in stats["plan_share"].items():
        t.add_row(f"  won by {plan}", f"{share:.1%} ({stats['wins_by_plan'][plan]})")
    console.print(t)
    return 0
