"""Text mode for whole games (issue 14): ``mjscore play --game east|south`` (riichi), ``--rules mcr --game match``,
``--resume FILE``, and AI-only games ``--auto --game south --games N [--ai ...] [--json] [--log PATH]``, at four
seats or three (``--players 3``: the table preset's ``players``).

The game's flow is the driver's (:func:`scorer.game.match.play_game`); this module only shows it: the deal's name,
honba and deposits before each deal (and on the board's heading), the end of each deal as the single-deal text
mode shows it (the rule set's own event lines and result panel, :func:`game_pieces` of its text-mode module),
the standings at the end. The game is saved after every deal when ``--log`` is given (any format the exporters
write); ``--resume FILE`` continues a game saved in our own format; AI-only games write one log a game
(:func:`game_log_paths`). AI-only games print, per player, the average
place and points, win, deal-in, riichi and call rates, and per round (deal) the share of draws and the tsumo
share of wins, overall and by prevailing wind.
"""

from __future__ import annotations

import json
import sys
from typing import Callable

from scorer.cli.play import HumanPlayer, WIND_NAMES, _printable, escape

GAMES = ("deal", "east", "south", "match")
GAME_NAMES = {"east": "East game", "south": "South game", "match": "MCR match"}
GAME_PLURALS = {"east": "East games", "south": "South games", "match": "MCR matches"}


def _usage(msg: str) -> int:
    sys.stderr.write(f"mjscore: {_printable(msg)}\n")
    return 2


def _fail(msg: str) -> int:
    sys.stderr.write(f"mjscore: {_printable(msg)}\n")
    return 1


# ---- the AIs ----------------------------------------------------------------------------------------------------
def default_level(preset=None) -> str:
    """The level a person's opponents get: ``strong`` when it exists and plays the table (``preset``; a table of
    other than four seats is checked by :func:`plays_table`), else ``basic``."""
    from scorer.game.ai.levels import AI_LEVELS
    if "strong" not in AI_LEVELS:
        return "basic"
    if preset is not None:
        from scorer.game.presets import find_preset
        pre = find_preset(preset)
        if pre.players != 4 and plays_table("strong", pre.name) is not None:
            return "basic"
    return "strong"


def plays_table(level: str, preset: str) -> str | None:
    """Why the AI level ``level`` cannot play the table preset ``preset`` (None: it can): an AI class names the
    table sizes it plays in its ``seats`` (four only when it does not say)."""
    from scorer.game.presets import find_preset
    pre = find_preset(preset)
    if pre.players in getattr(_maker(level, pre.rules), "seats", (4,)):
        return None
    return f"AI level {level!r} does not play the {pre.players}-player table {pre.name!r} yet: use --ai basic"


def ai_levels(text: str | None, rules: str, seats: int, preset=None) -> tuple[list[str] | None, str | None]:
    """The AI level of each of ``seats`` seats from ``--ai`` (one level for all, or one per seat, comma
    separated), each checked to exist, to play ``rules`` and to play the table ``preset`` (:func:`plays_table`):
    (levels, None) or (None, a message)."""
    from scorer.game.ai.levels import AI_LEVELS, AiLevelError, find_ai
    if text is None:
        return [default_level(preset)] * seats, None
    levels = [x.strip().lower() for x in text.split(",")]
    if len(levels) == 1:
        levels = levels * seats
    if len(levels) != seats:
        return None, (f"--ai expects one level or {seats} comma-separated levels (one a seat), not "
                      f"{len(levels)}: {text!r}")
    for lv in dict.fromkeys(levels):
        if lv not in AI_LEVELS:
            return None, f"unknown AI level {lv!r} in --ai: known levels are {', '.join(AI_LEVELS)}"
        try:
            find_ai(lv, rules)
        except AiLevelError as exc:
            return None, str(exc)
        why = None if preset is None else plays_table(lv, preset)
        if why:
            return None, why
    return levels, None


def _maker(level: str, rules: str):
    from scorer.game.ai.levels import find_ai
    return find_ai(level, rules)


# ---- flags --------------------------------------------------------------------------------------------------------
def check_flags(*, rules: str, preset: str | None, auto: bool, game: str | None, games: int | None,
                deals: int | None, json_out: bool, ai: str | None, log: str | None, log_format: str | None,
                resume: str | None, seed: int | None, tiles: str | None, rotate: bool = False) -> str | None:
    """Every combination of game flags that would do nothing or contradict itself is a usage error."""
    if rotate and (not auto or game in (None, "deal")):
        return "--rotate goes with --auto --game east, south or match (AI-only games)"
    if game is not None and game not in GAMES:
        return f"--game expects {', '.join(GAMES)}, not {game!r}"
    if log_format is not None:
        from scorer.logs.export import WRITERS
        if log_format not in WRITERS:
            return f"--log-format expects {', '.join(WRITERS)}, not {log_format!r}"
        if log is None:
            return "--log-format goes with --log FILE"
    if resume is not None:
        for flag, given in (("--auto", auto), ("--game", game is not None), ("--seed", seed is not None),
                            ("--preset", preset is not None), ("--games", games is not None),
                            ("--deals", deals is not None)):
            if given:
                return f"--resume continues the saved game as it was: {flag} comes from the file, not the command"
        if log_format not in (None, "own"):
            return "--resume saves the game it continues in our own format (--log-format own)"
        return None
    if games is not None:
        if not auto:
            return "--games goes with --auto (AI-only games)"
        if game in (None, "deal"):
            return "--games counts games: give --game east, south or match (--deals counts single deals)"
        if games < 0:
            return "--games must be at least 0"
    if auto and game not in (None, "deal"):
        if deals is not None:
            return "--deals counts single deals: with --game give --games N"
    if auto and game in (None, "deal") and ai is not None:
        return "--ai with --auto goes with --game east, south or match (AI-only games)"
    if auto and log_format not in (None, "own") and game in (None, "deal"):
        return "--log-format with --auto: single deals are logged in our own format"
    return None


def table_preset_for(rules: str, preset: str | None):
    """The table preset a game is played at: ``--preset``, else the rule set's own table."""
    from scorer.game.presets import find_preset
    from scorer.rulesets import find_ruleset
    return find_preset(preset or find_ruleset(rules).table_preset)


# ---- the standings --------------------------------------------------------------------------------------------------
def standings_table(result, title: str | None = None):
    """The end of a game as a rich table: place, player, final points, score (uma/oka) or table points."""
    from rich.table import Table
    mcr = any(s.table_points is not None for s in result.standings)
    t = Table(title=title or f"Standings · {GAME_NAMES.get(result.game, result.game)}")
    t.add_column("place", justify="right")
    t.add_column("player")
    t.add_column("points", justify="right")
    t.add_column("table points" if mcr else "score", justify="right", style="bold")
    for s in sorted(result.standings, key=lambda s: s.place):
        value = f"{s.table_points:g}" if mcr else f"{s.score:+.1f}"
        t.add_row(str(s.place), escape(s.name), f"{s.points:+,}" if mcr else f"{s.points:,}", value)
    return t


def _scores_line(points, names) -> str:
    return "  ".join(f"{escape(names[p])} {points[p]:,}" for p in range(len(points)))


# ---- an interactive game ------------------------------------------------------------------------------------------
def play_interactive_game(*, rules: str, preset: str | None, game: str | None, seed: int | None,
                          log_path: str | None, log_format: str | None, resume: str | None, ai: str | None,
                          tiles: str = "notation", console=None, input_fn: Callable[[str], str] | None = None) -> int:
    """You (chair 0, the first dealer) against three AIs for a whole game, or the game saved in ``resume``
    continued. Exit 0 at the game's end; 1 if the input ends first (the finished deals are saved when a log is
    written) or a resume file is bad; 2 for a game the table does not play."""
    from rich.console import Console
    from scorer.errors import MjscoreError
    from scorer.game.match import GameError, load_game, play_game

    console = console or Console()
    if input_fn is None and sys.stdin is None:
        return _fail("standard input is closed: nobody can play your seat (try --auto)")
    saved = None
    if resume is not None:
        try:
            saved = load_game(resume)
        except (GameError, MjscoreError) as exc:
            return _fail(f"cannot resume {resume}: {exc}")
        from scorer.game.presets import find_preset
        pre = find_preset(saved.preset)
        rules = pre.rules
        game = saved.game
        log_path = log_path or resume
        log_format = log_format or "own"
    else:
        pre = table_preset_for(rules, preset)
    seats = pre.players          # 4, or 3 at a three-player table
    levels, msg = ai_levels(ai, rules, seats - 1, pre.name)
    if msg:
        return _usage(msg)
    from scorer.game.match import check_game
    try:
        check_game(pre, game)
    except GameError as exc:
        return _usage(str(exc))
    text_mode = _text_mode_module(rules)
    event_line, show_result, view, announce = text_mode.game_pieces(tiles)
    names = ["You"] + [f"AI {k}" for k in range(1, seats)]
    seat_names = list(names)            # by chair, this deal (the MCR match moves players between winds)
    recent: list[str] = []
    human = HumanPlayer(console, seat_names, recent, input_fn, view=view, announce=announce)
    players = [human] + [_maker(lv, rules) for lv in levels]
    one_deal = game == "deal"

    def on_event(e, state):
        line = event_line(e, state, seat_names, view)
        if line:
            recent.append(line)
            del recent[:-8]

    current = {}

    def before_deal(pos):
        current["pos"] = pos
        recent.clear()
        seat_names[:] = _seat_names(pre, pos, names)
        if one_deal:
            console.print(f"[bold]mjscore[/] {pre.rules} deal · seed {seed_of['seed']} · table preset {pre.name}")
            return
        human.heading = pos.label
        head = f"[bold]{pos.label}[/]"
        if pre.riichi:
            head += f" · honba {pos.honba} · deposits {pos.sticks}"
        console.rule(head)
        console.print(f"Scores: {_scores_line(pos.points, names)}")

    shown = set()

    def show_end(eng, pos):
        """The end of a deal: the board revealed, the result, the point changes (once a deal)."""
        from scorer.cli.board import render_board
        if pos.index in shown:
            return
        shown.add(pos.index)
        st = eng.state
        start = list(eng.scores)
        deltas = [st.players[s].score - start[s] for s in range(len(st.players))]
        console.rule("End of the deal" if one_deal else f"End of {pos.label}")
        console.print(render_board(st, seat_names.index("You"), seat_names, recent, reveal=True, view=view,
                                   heading=None if one_deal else pos.label))
        show_result(eng, console, seat_names, deltas)

    def on_deal(eng, pos, nxt):
        show_end(eng, pos)
        if log_path:
            console.print(f"Log written to {escape(log_path)}" if one_deal else
                          f"Game saved to {escape(log_path)} ({pos.index + 1} deal{'s' if pos.index else ''})")
        if nxt is not None:
            what = f"Next: [bold]{nxt.label}[/]"
            if pre.riichi:
                what += f" · honba {nxt.honba} · deposits {nxt.sticks}"
            console.print(what)
            human.input("Enter to deal the next hand: ")

    def stops(eng, dealer):
        """The leading last dealer's choice where the rules make it one: an AI stops; you are asked (after
        seeing the end of the deal)."""
        if dealer != 0:
            return True
        show_end(eng, current["pos"])
        how = "won" if eng.state.result.type == "win" else "are tenpai"
        answer = human.input(f"You {how} as the last dealer and lead: end the game here? [Y/n] ").strip().lower()
        return answer not in ("n", "no")

    if log_path and saved is None:      # a log that cannot be written is said before the first deal, not after it
        try:
            open(log_path, "w", encoding="utf-8").close()
        except OSError as exc:
            return _fail(f"cannot write the log {log_path}: {exc.strerror or exc}")
    import random
    seed_of = {"seed": seed if seed is not None else (saved.seed if saved is not None else
                                                       random.randrange(1 << 31))}
    try:
        result = play_game(players, preset=pre, game=game, seed=seed_of["seed"], log=log_path,
                           log_format=log_format or "own", on_deal=on_deal, on_event=on_event,
                           before_deal=before_deal, names=names, saved=saved, stops=stops)
    except (EOFError, KeyboardInterrupt):
        how = "Deal abandoned." if one_deal else "Game interrupted."
        if log_path and not one_deal and (log_format or "own") == "own":
            how += (f" The finished deals are saved in {escape(log_path)}: mjscore play --resume "
                    f"{escape(log_path)} continues the game.")
        console.print(f"\n[yellow]{how}[/]")
        return 1
    except OSError as exc:
        return _fail(f"cannot write the log {log_path}: {exc.strerror or exc}")
    except NotImplementedError as exc:      # a preset asking for more than its table plays
        return _usage(f"table preset {pre.name!r} cannot be played live yet: {exc}")
    if one_deal:
        return 0
    if saved is not None and saved.next is None:
        console.print(f"The game in {escape(resume)} is already over ({saved.reason}).")
    console.rule(f"End of the game ({result.reason})")
    console.print(standings_table(result))
    console.print(f"{len(result.deals)} deals · table preset {result.preset} · seed {result.seed}"
                  + (f" · saved in {escape(log_path)}" if log_path else ""))
    return 0


def _seat_names(pre, pos, names) -> list[str]:
    """The names by chair (the MCR match moves players between winds)."""
    from scorer.game.match import chairs_of
    chairs = chairs_of(pre.game, pos.wind)
    return [names[chairs[c]] for c in range(len(names))]


def _text_mode_module(rules: str):
    from importlib import import_module
    from scorer.rulesets import find_ruleset
    return import_module(find_ruleset(rules).text_mode)


# ---- AI-only games --------------------------------------------------------------------------------------------------
# the file name ending of a game log in each format, when ``--log DIR`` names a directory
LOG_SUFFIXES = {"own": ".jsonl", "tenhou6": ".json", "mjai": ".jsonl"}


def game_log_paths(path: str, games: int, log_format: str = "own") -> list[str]:
    """Where ``mjscore play --auto --game G --games N --log PATH`` writes its games: one file a game, as the
    viewers load them (a tenhou.net/6 file or an mjai stream holds one game). ``PATH`` a directory (one that
    exists, or a path ending in ``/``, then made): ``PATH/game-01.json`` ... by the game's number, the suffix
    the format's (``.jsonl`` own and mjai, ``.json`` tenhou.net/6); else a file name: one game writes ``PATH``
    itself, more games number it before its suffix (``south.json``: ``south-01.json`` ... ``south-12.json``). The
    numbers start at 1 and are zero-padded to the width of ``N``, so the files sort in the order played."""
    import os
    width = len(str(max(games, 1)))
    if os.path.isdir(path) or path.endswith(("/", os.sep)):
        return [os.path.join(path, f"game-{i:0{width}d}{LOG_SUFFIXES.get(log_format, '.log')}")
                for i in range(1, games + 1)]
    if games == 1:
        return [path]
    root, ext = os.path.splitext(path)
    return [f"{root}-{i:0{width}d}{ext}" for i in range(1, games + 1)]


def game_stats(games: int, *, game: str = "south", seed: int | None = 0, preset=None, rules: str = "riichi",
               levels: list[str] | None = None, rotate: bool = False,
               on_game: Callable[[int], None] | None = None, logs: list[str] | None = None,
               log_format: str = "own") -> dict:
    """Play ``games`` AI-only games (game ``i`` seeded ``seed + i``) and summarise them: per player (chair in the
    first deal) the average place, final points and score, the places, and per deal played the win, deal-in,
    riichi and call rates (a call: the deal in which the player called at least once); the same per AI level;
    per round (deal) the share ending in a draw and the tsumo share of wins, overall and by prevailing wind; how
    the games ended. ``rotate``: the same walls for four games in a row (game ``i`` seeded ``seed + i // 4``)
    with the levels turned one seat each time, so every level sits in every seat on every wall (three seats: three
    games a wall). ``logs``: a
    file for each game (:func:`game_log_paths`), written in ``log_format`` once the game is over."""
    import random
    from scorer.game.match import chairs_of, play_game, save_game
    from scorer.game.presets import find_preset
    from scorer.rulesets import find_ruleset
    pre = find_preset(preset or find_ruleset(rules).table_preset)
    n = pre.players             # seats at the table: 4, or 3 at a three-player table
    levels = levels or ["basic"] * n
    makers = {lv: _maker(lv, pre.rules) for lv in levels}
    base = seed if seed is not None else random.randrange(1 << 31)
    n_deals = 0

    def blank():
        return {"games": 0, "deals": 0, "places": [0] * n, "points": 0, "score": 0.0, "wins": 0,
                "deal_ins": 0, "riichi": 0, "called": 0}
    per = [blank() for _ in range(n)]
    by_level = {lv: blank() for lv in levels}
    rounds: dict[str, dict] = {}
    ends: dict[str, int] = {}

    def tally_round(key, draw, tsumo, won):
        r = rounds.setdefault(key, {"deals": 0, "draws": 0, "wins": 0, "tsumo": 0, "riichi": 0, "calls": 0})
        r["deals"] += 1
        r["draws"] += draw
        r["wins"] += won
        r["tsumo"] += tsumo
        return r

    for i in range(games):
        turn = i % n if rotate else 0
        seat_levels = [levels[(p - turn) % n] for p in range(n)]
        res = play_game([makers[lv] for lv in seat_levels], preset=pre, game=game,
                        seed=base + (i // n if rotate else i), names=[f"ai{p}" for p in range(n)])
        if logs is not None:
            save_game(res, logs[i], log_format)
        ends[res.reason] = ends.get(res.reason, 0) + 1
        books = [(per[p], by_level[seat_levels[p]]) for p in range(n)]
        for s in res.standings:
            for d in books[s.player]:
                d["games"] += 1
                d["deals"] += len(res.deals)
                d["places"][s.place - 1] += 1
                d["points"] += s.points
                d["score"] += s.table_points if s.table_points is not None else s.score
        for pos, deal in zip(res.positions, res.deals):
            n_deals += 1
            chairs = chairs_of(pre.game, pos.wind)
            wins = [e for e in deal if e.type == "win"]
            riichi = [e.seat for e in deal if e.type == "riichi_accepted"]
            callers = {e.seat for e in deal if e.type == "call" and e.kind != "ankan"}
            calls = sum(1 for e in deal if e.type == "call" and e.kind in ("chi", "pon", "kan"))
            tsumo = 1 if any(w.from_seat is None for w in wins) else 0
            for key in ("all", WIND_NAMES[pos.wind]):
                r = tally_round(key, 0 if wins else 1, tsumo, 1 if wins else 0)
                r["riichi"] += len(riichi)
                r["calls"] += calls
            for w in wins:
                for d in books[chairs[w.seat]]:
                    d["wins"] += 1
                if w.from_seat is not None and w is wins[0]:
                    for d in books[chairs[w.from_seat]]:
                        d["deal_ins"] += 1
            for c in riichi:
                for d in books[chairs[c]]:
                    d["riichi"] += 1
            for c in callers:
                for d in books[chairs[c]]:
                    d["called"] += 1
        if on_game:
            on_game(i)

    def summary(x: dict) -> dict:
        g, d = max(x["games"], 1), max(x["deals"], 1)
        return {"games": x["games"], "average_place": round(sum((k + 1) * n for k, n in enumerate(x["places"])) / g,
                                                            3),
                "places": x["places"], "average_points": round(x["points"] / g, 1),
                "average_score": round(x["score"] / g, 2), "win_rate": round(x["wins"] / d, 3),
                "deal_in_rate": round(x["deal_ins"] / d, 3), "riichi_rate": round(x["riichi"] / d, 3),
                "call_rate": round(x["called"] / d, 3)}
    seats = [{"ai": "rotated" if rotate and len(set(levels)) > 1 else levels[p], **summary(x)}
             for p, x in enumerate(per)]
    per_round = {}
    for key, r in rounds.items():
        per_round[key] = {"deals": r["deals"], "draw_share": round(r["draws"] / r["deals"], 3),
                          "tsumo_share": round(r["tsumo"] / r["wins"], 3) if r["wins"] else 0.0,
                          "riichi_per_deal": round(r["riichi"] / r["deals"], 3),
                          "calls_per_deal": round(r["calls"] / r["deals"], 3)}
    out = {"games": games, "game": game, "preset": pre.name, "seed": base, "rotate": rotate, "deals": n_deals,
           "average_deals": round(n_deals / max(games, 1), 2), "ends": ends, "seats": seats,
           "levels": {lv: summary(x) for lv, x in by_level.items()}, "rounds": per_round}
    if logs is not None:
        out["logs"] = {"format": log_format, "files": list(logs)}
    return out


def play_auto_games(games: int, *, game: str, seed: int | None, json_out: bool, rules: str, preset: str | None,
                    ai: str | None, rotate: bool = False, console=None, log_path: str | None = None,
                    log_format: str | None = None) -> int:
    """``mjscore play --auto --game south --games N [--ai ...] [--json] [--log PATH [--log-format F]]``: AI-only
    games with a progress bar on a terminal, then the summary (one JSON object with ``--json``); ``--log``: each
    game in a file of its own (:func:`game_log_paths`), each replaying with ``mjscore replay --verify``."""
    from rich.console import Console
    from scorer.game.match import GameError, check_game
    console = console or Console()
    pre = table_preset_for(rules, preset)
    try:
        check_game(pre, game)
    except GameError as exc:
        return _usage(str(exc))
    levels, msg = ai_levels(ai, pre.rules, pre.players, pre.name)
    if msg:
        return _usage(msg)
    fmt = log_format or "own"
    logs = None
    if log_path is not None:
        if fmt != "own":
            from scorer.logs.export import ExportError, writable_table
            try:
                writable_table(pre.name, fmt)
            except ExportError as exc:
                return _usage(str(exc))
        logs = game_log_paths(log_path, games, fmt)
        msg = _writable(log_path, logs)
        if msg:
            return _fail(msg)
    kwargs = dict(game=game, seed=seed, preset=pre, levels=levels, rotate=rotate, logs=logs, log_format=fmt)
    try:
        if console.is_terminal and not json_out:
            from rich.progress import Progress
            with Progress(console=console, transient=True) as prog:
                task = prog.add_task(f"AI {GAME_PLURALS[game]}", total=games)
                stats = game_stats(games, on_game=lambda i: prog.advance(task), **kwargs)
        else:
            stats = game_stats(games, **kwargs)
    except OSError as exc:
        return _fail(f"cannot write the log {getattr(exc, 'filename', None) or log_path}: {exc.strerror or exc}")
    written = None
    if logs:
        what = logs[0] if len(logs) == 1 else f"{logs[0]} … {logs[-1]}"
        written = f"{len(logs)} game log{'s' if len(logs) > 1 else ''} ({fmt}) written: {what}"
        if json_out:
            sys.stderr.write(_printable(written) + "\n")
    if json_out:
        sys.stdout.write(json.dumps(stats) + "\n")
        return 0
    from rich import box
    from rich.table import Table
    # a simple frame, its one space between columns: the ten columns fit an 80-column terminal
    t = Table(title=f"{games} AI-only {GAME_PLURALS[game]} · table preset {pre.name} · seeds {stats['seed']}… · "
                    f"{stats['deals']} deals" + (" · levels rotated over the seats" if rotate else ""),
              caption="seat: the first deal's wind (all: a level over every seat it played); places: times "
                      + "/".join(("1st", "2nd", "3rd", "4th")[:pre.players]) + "; averages per game, rates per deal",
              box=box.SIMPLE_HEAD, padding=(0, 0))
    t.add_column("seat")
    for col in ("AI", "place", "places", "points", "score", "win", "deal-in", "riichi", "call"):
        t.add_column(col, justify="right")
    rows = [(WIND_NAMES[p], x) for p, x in enumerate(stats["seats"])]
    if len(stats["levels"]) > 1:
        rows += [("all", dict(x, ai=lv)) for lv, x in stats["levels"].items()]
    for who, x in rows:
        t.add_row(who, x["ai"], f"{x['average_place']:.2f}", "/".join(map(str, x["places"])),
                  f"{x['average_points']:,.0f}", f"{_signed(x['average_score'])}", f"{x['win_rate']:.1%}",
                  f"{x['deal_in_rate']:.1%}", f"{x['riichi_rate']:.1%}", f"{x['call_rate']:.1%}")
    console.print(t)
    r = Table(title="Per round (deal)", box=box.SIMPLE_HEAD, padding=(0, 0))
    for col in ("prevailing wind", "deals", "draw", "tsumo of wins", "riichi/deal", "calls/deal"):
        r.add_column(col, justify="right" if col != "prevailing wind" else "left")
    for key, x in stats["rounds"].items():
        r.add_row("all" if key == "all" else key, str(x["deals"]), f"{x['draw_share']:.1%}",
                  f"{x['tsumo_share']:.1%}", f"{x['riichi_per_deal']:.2f}", f"{x['calls_per_deal']:.2f}")
    console.print(r)
    console.print("Games ended by: " + ", ".join(f"{k} {v}" for k, v in stats["ends"].items()))
    if written:
        console.print(escape(written))
    return 0


def _writable(path: str, logs: list[str]) -> str | None:
    """Why the game logs cannot be written, said before the first game (None: they can). A directory given
    as ``DIR/`` is made."""
    import os
    try:
        if path.endswith(("/", os.sep)):
            os.makedirs(path, exist_ok=True)
        if logs:
            open(logs[0], "a", encoding="utf-8").close()
    except OSError as exc:
        return f"cannot write the log {logs[0] if logs else path}: {exc.strerror or exc}"
    return None


def _signed(v: float) -> str:
    """``+1.5``; a value that rounds to zero as ``0.0`` (never ``-0.0``)."""
    return "0.0" if abs(v) < 0.05 else f"{v:+.1f}"


# ---- the command ----------------------------------------------------------------------------------------------------
def wants_game(*, game: str | None, resume: str | None, games: int | None, ai: str | None,
               log_format: str | None, rotate: bool = False) -> bool:
    """Whether ``mjscore play`` goes beyond today's single deal (else the single-deal text mode, unchanged)."""
    return (game not in (None, "deal")) or resume is not None or games is not None or ai is not None or \
        log_format is not None or rotate


def play_command(*, rules: str, preset: str | None, seed: int | None, log: str | None, tiles: str | None,
                 auto: bool, deals: int | None, json_out: bool, game: str | None, games: int | None,
                 ai: str | None, log_format: str | None, resume: str | None, rotate: bool = False, console=None,
                 input_fn=None) -> int:
    """``mjscore play`` with the game flags (the flags already checked by :func:`check_flags`)."""
    if auto and game not in (None, "deal"):
        return play_auto_games(1 if games is None else games, game=game, seed=0 if seed is None else seed,
                               json_out=json_out, rules=rules, preset=preset, ai=ai, rotate=rotate,
                               console=console, log_path=log, log_format=log_format)
    if game in (None, "deal") and resume is None:
        return play_single_deal(rules=rules, preset=preset, seed=seed, log=log, tiles=tiles or "notation",
                                ai=ai, log_format=log_format, console=console, input_fn=input_fn)
    return play_interactive_game(rules=rules, preset=preset, game=game, seed=seed, log_path=log,
                                 log_format=log_format, resume=resume, ai=ai, tiles=tiles or "notation",
                                 console=console, input_fn=input_fn)


def play_single_deal(*, rules: str, preset: str | None, seed: int | None, log: str | None, tiles: str,
                     ai: str | None, log_format: str | None, console=None, input_fn=None) -> int:
    """One deal (today's ``mjscore play``) with ``--ai`` for the opponents and the log in ``--log-format``: the
    game driver's one-deal game, so the exporters write it as they write a game."""
    return play_interactive_game(rules=rules, preset=preset, game="deal", seed=seed, log_path=log,
                                 log_format=log_format, resume=None, ai=ai, tiles=tiles, console=console,
                                 input_fn=input_fn)
