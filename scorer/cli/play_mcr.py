"""Text mode for the MCR table (issue #5): play a deal against three fan-plan AIs, or run AI-only deals.

Reached through :mod:`scorer.cli.play` with ``rules="mcr"`` (``mjscore play --rules mcr``); the deal, the human
player and the AI-only run are the riichi text mode's (:func:`scorer.cli.play.play_deal`, ``run_auto``), with the
MCR pieces here: the event lines, the end of the deal, the summary. The board is the shared one
(:func:`scorer.cli.board.render_board`), which reads the table preset: the flowers beside each player and no
dora, riichi or deposits; the input conventions are the same (a tile by index or notation, or Enter for the drawn
tile, then confirmed; Enter passes a call, but a win is passed only by typing ``pass``; ``t`` or ``hu`` declares a
self-drawn win, ``k`` or ``kong`` a kong) in the MCR table's words (chow, pung, kong, hu; the riichi words work
too). A complete hand below the 8-point minimum is announced. The end shows the MCR scoring panel and every
player's point change.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable


# the MCR table's words for the actions (the riichi words are accepted too)
MCR_WORDS = {"chi": "chow", "pon": "pung", "kan": "kong", "ron": "hu", "tsumo": "hu", "ankan": "concealed kong",
             "kakan": "added kong"}


def _mcr_shanten(counts, melds):
    from scorer.shanten import mcr_shanten
    return mcr_shanten(counts, melds)


def _mcr_waits(counts, melds):
    from scorer.shanten import mcr_waits
    return mcr_waits(counts, melds)


def mcr_view(tiles: str = "notation"):
    """The MCR table as the board shows it: its words, the one core's MCR shanten and waits, a concealed kong
    face down to the other players (the Green Book; what ``scorer.game.rules.mcr.in_view_counts`` counts)."""
    from scorer.cli.board import TableView
    return TableView(faces=tiles, words=MCR_WORDS, shanten=_mcr_shanten, waits=_mcr_waits,
                     concealed_kong="face_down")


def below_minimum(state, seat: int, tile: int, tsumo: bool) -> str | None:
    """A complete hand that cannot win because it is worth less than the table's minimum, in words
    ("complete, 5 points: below the 8-point minimum"); None otherwise."""
    from scorer.game.rules.mcr import score_win
    from scorer.shanten import is_complete_counts
    p = state.players[seat]
    counts = p.counts()
    if not tsumo:
        counts[tile >> 2] += 1
    if not is_complete_counts(counts, len(p.melds), True, True):
        return None
    result = score_win(state, seat, tile, tsumo=tsumo)
    total = getattr(result, "fan_total", None)
    if getattr(result, "form", None) is None or total is None or total >= state.preset.min_points:
        return None
    return f"complete, {total} point{'s' if total != 1 else ''}: below the {state.preset.min_points}-point minimum"


def _event_line(e, state, names, view=None) -> str | None:
    view = view or mcr_view()
    t = e.type
    if t == "call":
        if e.kind == "ankan" and view.concealed_kong == "face_down":
            return f"{names[e.seat]}: {view.word(e.kind)}"       # laid face down: its tiles are not said
        tile = view.face(state.tile(e.called if e.called is not None else e.tiles[0])).rstrip()
        return f"{names[e.seat]}: {view.word(e.kind)} {tile}"
    if t == "flower":
        return f"{names[e.seat]}: flower {view.face(state.tile(e.tile)).rstrip()}"
    from scorer.cli.play import _event_line as riichi_line
    return riichi_line(e, state, names, view)   # a discard reads as at the riichi table


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
                     input_fn: Callable[[str], str] | None = None, preset: str | None = None,
                     tiles: str = "notation") -> int:
    """``mjscore play --rules mcr [--seed N] [--log FILE]``: you (East, the dealer) against three AIs (the
    ``strong`` level once registered, else the fan-plan AI), one deal. Exit 0 when the deal ends; 1 if the input
    ends first."""
    from scorer.cli.play import opponents, play_deal
    from scorer.game.mcr import McrEngine
    level, ai_class = opponents("mcr")     # strong once registered (issue #14), else the fan-plan AI
    return play_deal(McrEngine, ai_class, "[bold]mjscore[/] MCR deal · seed {seed} · table preset {preset} · AI "
                     + level, _event_line, _result, seed, log_path, console, input_fn, preset=preset,
                     view=mcr_view(tiles), announce=below_minimum)


def game_pieces(tiles: str = "notation"):
    """What the MCR match's text mode shows of each deal (:mod:`scorer.cli.play_game`): the MCR event lines, the
    end of the deal, the MCR board's view, the announcement of a complete hand below the minimum."""
    return _event_line, _result, mcr_view(tiles), below_minimum


def auto_stats(deals: int, seed: int | None = 0, on_deal: Callable[[int], None] | None = None,
               preset: str | None = None, log=None) -> dict:
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
        eng = McrEngine(ais, seed=base + i, log=log, **({} if preset is None else {"preset": preset}))
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


def play_auto(deals: int = 100, seed: int | None = 0, json_out: bool = False, console=None,
              preset: str | None = None, log_path: str | None = None) -> int:
    """``mjscore play --rules mcr --auto --deals N [--seed S] [--json] [--log FILE]``: AI-only MCR deals, a
    progress bar on a terminal, then a summary (one JSON object with ``--json``)."""
    from scorer.cli.play import auto_with_log
    return auto_with_log(deals, seed, json_out, console, auto_stats, _summary_rows, "MCR ", preset, log_path)
