"""The ``mjscore`` command: typer commands that parse, score and hand results to the renderer.

Data goes to stdout, messages to stderr. Exit codes: 0 success, 1 a domain failure (an invalid hand, a disputed
claim, a replay mismatch), 2 usage. Heavy modules are imported inside the commands that need them, so that
scoring one hand starts fast.
"""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from scorer.cli.options import check_rules

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Mahjong calculator and table: score riichi and MCR hands, play a deal, replay logs, batch-score files.",
)

RULES_HELP = "riichi or mcr (default: riichi, or the hand's rules: keyword)"


def _err_console():
    from rich.console import Console
    return Console(stderr=True)


def _print_error(message: str) -> None:
    from scorer.cli.render import printable
    sys.stderr.write("mjscore: " + "\n".join(printable(x) for x in message.split("\n")) + "\n")


def hand_text(words: List[str]) -> str:
    """The hand as given on the command line (its words joined), checked as a line of a file is: UTF-8 text
    within the line limit (raises :class:`~scorer.errors.NotationError`, quoting a short window)."""
    from scorer.batch import MAX_LINE, clean_text
    from scorer.errors import NotationError
    text = " ".join(words)
    if clean_text(text) is not text:
        raise NotationError("the hand is not UTF-8 text", clean_text(text)[:80])
    if len(text.encode("utf-8")) > MAX_LINE:
        raise NotationError(f"the hand is too long ({len(text):,} characters; at most {MAX_LINE:,}): not a hand",
                            text[:40] + "…")
    return text


def _score_dict(text: str, rules: Optional[str], preset: Optional[str], explain: bool = False) -> dict:
    """Score one line; its result as a dict, with the claim columns when the line has ``claim:``. ``explain``
    (one hand's ``score``, not the stream): a result that can explain its count (an MCR result's
    ``explanation()``) adds its keys (``not_counted``, ``made_by``, ``form``) after the result's own."""
    from scorer import parse, score
    hand = parse(text, rules=rules, preset=preset)
    result = score(hand)
    d = result.to_dict()
    explanation = getattr(result, "explanation", None) if explain and d.get("fans") else None
    if explanation is not None:
        d.update(explanation())
    if hand.claim is not None:
        from scorer.claims import claim_fields
        d.update(claim_fields(result, hand))
    return d


@app.command()
def score(
    hand: List[str] = typer.Argument(..., help="The hand in notation (quote it, or give its words), or - for stdin"),
    rules: Optional[str] = typer.Option(None, "--rules", help=RULES_HELP),
    preset: Optional[str] = typer.Option(None, "--preset", help="rule preset (see `mjscore presets`)"),
    json_out: bool = typer.Option(False, "--json", help="print one JSON object instead of the panel"),
    notation: str = typer.Option("mjscore", "--notation", help="mjscore (ours) or gb (the MCR calculators': "
                                                               "[EEEE][123p,1]45m678pFF6m, then our keywords)"),
    compare: Optional[str] = typer.Option(None, "--compare", help="presets side by side: a comma-separated list "
                                                                  "(tenhou,mahjongsoul,wrc,ema) or all"),
    explain: bool = typer.Option(False, "--explain", help="riichi: every arrangement considered with its value, "
                                                          "why the chosen one wins, the tiles of each yaku"),
):
    """Score one hand: `mjscore score "123m456p789s11z55z+5z ron riichi dora:4p"`."""
    from scorer.errors import MjscoreError
    from scorer.cli.render import to_json

    if notation not in ("mjscore", "gb"):
        _print_error(f"--notation: expected mjscore or gb, found {notation!r}")
        raise typer.Exit(2)
    if notation == "gb" and hand == ["-"]:
        _print_error("--notation gb reads one hand given as an argument, not - (standard input)")
        raise typer.Exit(2)
    msg = check_rules(rules)
    if msg:
        _print_error(msg)
        raise typer.Exit(2)
    msg = _check_preset(preset)
    if msg:
        _print_error(msg)
        raise typer.Exit(2)
    if compare is not None and explain:
        _print_error("--compare and --explain go one at a time")
        raise typer.Exit(2)
    if hand == ["-"]:
        if compare is not None or explain:
            _print_error("--compare and --explain read one hand given as an argument, not - (standard input)")
            raise typer.Exit(2)
        if sys.stdin is None:
            _print_error("standard input is closed (nothing to read for -)")
            raise typer.Exit(1)
        raise typer.Exit(_score_stream(sys.stdin, rules, preset))
    try:
        text = hand_text(hand)
        if notation == "gb":    # grammar/gb.py rewrites it as ours; its errors quote the line as typed
            from grammar.gb import gb_to_notation, parse_gb
            parse_gb(text, rules=rules, preset=preset)
            text, rules = gb_to_notation(text)[0], rules or "mcr"
        if compare is not None:
            from scorer.cli.advice import compare_command
            raise typer.Exit(compare_command(text, rules, preset, compare, json_out))
        d = _score_dict(text, rules, preset, explain=True)
        if explain:     # riichi: every arrangement with yaku/han/fu/points; MCR: every reading with its fans
            from scorer import parse
            from scorer.advice.explain import mcr_arrangements
            from scorer.riichi.explain import explain as riichi_explain
            d["explain"] = (riichi_explain if d.get("rules") == "riichi" else mcr_arrangements)(
                parse(text, rules=rules, preset=preset))
    except MjscoreError as exc:
        from scorer.batch import error_text
        _print_error(error_text(exc))
        raise typer.Exit(1)
    if json_out:
        sys.stdout.write(to_json(d) + "\n")
    else:
        from rich.console import Console
        from scorer.cli.render import panel
        Console().print(panel(d))
        if "explain" in d:
            from scorer.cli.advice import render_explain
            render_explain(d["explain"], Console())
        if "claim" in d:
            verdict = "AGREE" if d["claim_agrees"] else f"DISAGREE: the right value is {d['claim_expected']}"
            why = f" ({d['claim_why']})" if d.get("claim_why") else ""
            from rich.markup import escape
            Console().print(escape(f"claim {d['claim']}: {verdict}{why}"))
    # a disputed claim is a domain failure
    raise typer.Exit(1 if d.get("claim_agrees") is False else 0)


def _check_preset(preset: Optional[str]) -> Optional[str]:
    from scorer.cli.options import check_preset
    return check_preset(preset)


def _score_stream(stream, rules, preset) -> int:
    """One JSON line per hand of the input, in order; blank lines and # comments are skipped. Lines are read
    bounded (:func:`scorer.batch.bounded_lines`): an over-long line or one that is not UTF-8 is that line's error
    row, and the stream goes on; a row that fails for any reason is an error row."""
    from scorer.batch import binary_stdin, bounded_lines
    from scorer.cli.render import to_json, utf8

    status = 0
    out = getattr(sys.stdout, "buffer", None)
    rows = _stream_rows(bounded_lines(binary_stdin(stream)), rules, preset)
    n = 0
    while True:
        try:
            n, d, bad = next(rows)
        except StopIteration:
            return status
        except OSError as exc:          # EIO and the like, reading: the rows so far are out; say where it broke
            _print_error(f"cannot read standard input after line {n}: {exc.strerror or exc}")
            return 1
        status = status or bad
        row = to_json(d) + "\n"        # a failed write (a full disk) goes up to main(): one line, exit 1
        try:
            if out is not None:
                out.write(utf8(row))
                out.flush()
            else:
                sys.stdout.write(row)
                sys.stdout.flush()
        except BrokenPipeError:         # the reader went away (`| head`): stop quietly, as batch does
            _quiet_stdout()
            return status


def _stream_rows(lines, rules, preset):
    """(line number, row, 1 if the row is an error or a disputed claim) for each hand line of ``lines``."""
    from scorer.batch import BadLine, error_text
    from scorer.errors import MjscoreError
    for n, raw in enumerate(lines, 1):
        if raw.__class__ is BadLine:
            yield n, {"line": n, "input": str(raw), "error": raw.error}, 1
            continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            d = {"line": n, **_score_dict(line, rules, preset)}
            yield n, d, 1 if d.get("claim_agrees") is False else 0
        except MjscoreError as exc:
            yield n, {"line": n, "input": line, "error": error_text(exc)}, 1
        except Exception as exc:  # noqa: BLE001 - a bug in a scorer must not lose the row nor stop the stream
            yield n, {"line": n, "input": line, "error": f"internal error: {type(exc).__name__}: {exc}"}, 1


@app.command()
def presets(json_out: bool = typer.Option(False, "--json", help="print the presets as JSON")):
    """List the rule presets of both rule sets with their options."""
    from scorer.cli.presets import presets_command
    raise typer.Exit(presets_command(json_out))


@app.command()
def play(
    rules: Optional[str] = typer.Option(None, "--rules", help=RULES_HELP + "; the --preset's rules when given"),
    preset: Optional[str] = typer.Option(None, "--preset", help="table preset (see `mjscore rules`): standard, "
                                                                 "tenhou, mahjongsoul, mcr, ..."),
    seed: Optional[int] = typer.Option(None, "--seed", help="seed: the same seed deals the same game"),
    log: Optional[str] = typer.Option(None, "--log", help="write every event to this file (a game: saved after "
                                                          "every deal; with --auto: every deal's, one after "
                                                          "another; --auto --games N: one file a game, "
                                                          "numbered, or game-NN files in a directory)"),
    tiles: Optional[str] = typer.Option(None, "--tiles", help="how tiles are shown: notation (5m 1z), names "
                                                              "(honors as E S W N Wh Gr Rd) or glyphs (Unicode)"),
    auto: bool = typer.Option(False, "--auto", help="AI-only deals (or games with --game), then a summary"),
    deals: Optional[int] = typer.Option(None, "--deals", help="with --auto: how many deals (default 1)"),
    json_out: bool = typer.Option(False, "--json", help="with --auto: the summary as one JSON object"),
    game: Optional[str] = typer.Option(None, "--game", help="deal (one deal, the default), east or south (riichi "
                                                            "games), match (the MCR 16-deal match)"),
    games: Optional[int] = typer.Option(None, "--games", help="with --auto --game: how many games (default 1)"),
    ai: Optional[str] = typer.Option(None, "--ai", help="AI level (basic, strong, ...): one for every AI, or one "
                                                        "per seat comma-separated (3 opponents, 4 with --auto; "
                                                        "2 and 3 at three seats)"),
    log_format: Optional[str] = typer.Option(None, "--log-format", help="the --log's format: own (default), "
                                                                        "tenhou6, mjai"),
    resume: Optional[str] = typer.Option(None, "--resume", help="continue the game saved in this file (our own "
                                                                "format)"),
    rotate: bool = typer.Option(False, "--rotate", help="with --auto --game: every wall once a seat (four or "
                                                        "three times), the --ai levels turned one seat each time"),
    players: Optional[int] = typer.Option(None, "--players", help="3: the three-player table (tenhou-sanma, or a "
                                                                  "three-player --preset); 4: a four-player one "
                                                                  "(the default)"),
):
    """Play a deal or a whole game in text mode against three AIs (two with --players 3), or watch AI-only deals
    and games with --auto. Type ? at a prompt for the keys."""
    from scorer.cli import play as play_mod
    msg = check_rules(rules)
    if msg is None:
        rules, preset, msg = play_mod.table_of(rules, preset, players)
    game_flags = dict(game=game, resume=resume, games=games, ai=ai, log_format=log_format, rotate=rotate)
    if msg is None:
        from scorer.cli import play_game
        msg = play_game.check_flags(rules=rules, preset=preset, auto=auto, deals=deals, json_out=json_out,
                                    log=log, seed=seed, tiles=tiles, **game_flags)
        if msg is None and play_game.wants_game(**game_flags):
            if not auto and json_out:
                msg = "--json goes with --auto (the summary of AI-only deals or games)"
            elif auto and tiles is not None:
                msg = "--tiles goes with an interactive deal (--auto shows no tiles)"
            else:
                raise typer.Exit(play_game.play_command(rules=rules, preset=preset, seed=seed, log=log,
                                                        tiles=tiles, auto=auto, deals=deals, json_out=json_out,
                                                        **game_flags))
    if msg is None:
        msg = play_mod.check_play_flags(auto, deals, json_out, tiles)
    if msg:
        _print_error(msg)
        raise typer.Exit(2)
    if auto:
        raise typer.Exit(play_mod.play_auto(1 if deals is None else deals, seed, json_out, rules=rules,
                                            preset=preset, log_path=log))
    raise typer.Exit(play_mod.play_interactive(seed, log, None, rules=rules, preset=preset,
                                               tiles=tiles or "notation"))


@app.command()
def analyze(hand: List[str] = typer.Argument(..., help="13 or 14 tiles in notation (with --ev: seen:TILES for "
                                                       "the tiles in view outside the hand)"),
            rules: Optional[str] = typer.Option(None, "--rules", help=RULES_HELP),
            preset: Optional[str] = typer.Option(None, "--preset", help="rule preset (see `mjscore presets`); "
                                                                        "tenhou-sanma: three players, no 2m-8m"),
            json_out: bool = typer.Option(False, "--json", help="print the analysis as one JSON object"),
            ev: bool = typer.Option(False, "--ev", help="each discard by expected value: tenpai and win chances "
                                                        "within the draws left, expected points"),
            turns: Optional[int] = typer.Option(None, "--turns", help="with --ev: draws left (default 12)"),
            samples: Optional[int] = typer.Option(None, "--samples", help="with --ev: deals played per discard "
                                                                          "where the figures are estimated "
                                                                          "(default 2000)"),
            seed: int = typer.Option(0, "--seed", help="with --ev: the estimates' seed")):
    """Shanten and waits of a 13-tile hand; for 14 tiles, each discard with its shanten and ukeire. Under MCR each
    wait's total (the completed hand scored) and whether it reaches 8 points. With --ev: each discard ranked by
    expected value."""
    from scorer.cli.analyze import analyze_command, ev_command, split_seen
    from scorer.errors import MjscoreError
    msg = check_rules(rules) or _check_preset(preset)
    if msg is None and ev and preset is not None:
        msg = "--preset does not go with --ev (write preset: in the hand)"
    if msg is None and not ev and (turns is not None or samples is not None):
        msg = "--turns and --samples go with --ev"
    if msg is None and ((turns is not None and turns < 1) or (samples is not None and samples < 1)):
        msg = "--turns and --samples must be at least 1"
    if msg:
        _print_error(msg)
        raise typer.Exit(2)
    words, seen = split_seen(hand) if ev else (hand, "")
    try:
        text = hand_text(words)
    except MjscoreError as exc:
        _print_error(str(exc))
        raise typer.Exit(1)
    if ev:
        raise typer.Exit(ev_command(text, rules, json_out, turns, seen, samples, seed))
    raise typer.Exit(analyze_command(text, rules, json_out, preset=preset))


@app.command()
def fans(preset: Optional[str] = typer.Option(None, "--preset", help="MCR preset (see `mjscore presets`)"),
         json_out: bool = typer.Option(False, "--json", help="print the table as one JSON object")):
    """The MCR fan table: id, English and Chinese names, points, a one-line definition and what each fan excludes."""
    from scorer.cli.fans import fans_command
    raise typer.Exit(fans_command(json_out, preset))


@app.command(name="rules")
def rules_cmd(rules: str = typer.Option("riichi", "--rules", help=RULES_HELP),
              preset: Optional[str] = typer.Option(None, "--preset", help="table preset")):
    """Print the table rules of a preset as a readable card."""
    from scorer.cli import play as play_mod
    msg = check_rules(rules)
    if msg:
        _print_error(msg)
        raise typer.Exit(2)
    code = play_mod.rules_card(rules, preset=preset)
    raise typer.Exit(2 if code == 1 else code)      # the only failure is an unknown --preset: usage


@app.command()
def verify(
    hand: List[str] = typer.Argument(..., help="The hand in notation (quote it, or give its words)"),
    claim: Optional[str] = typer.Option(None, "--claim", help="7700, 2000/3900, 2600all, mangan, 30fu4han, or an "
                                                              "MCR total like 24 (or claim: in the hand)"),
    rules: Optional[str] = typer.Option(None, "--rules", help=RULES_HELP),
    preset: Optional[str] = typer.Option(None, "--preset", help="rule preset (see `mjscore presets`)"),
    json_out: bool = typer.Option(False, "--json", help="print the verdict as one JSON object"),
):
    """Settle a disputed payout: AGREE or DISAGREE, the right value, and why the claim differs."""
    from scorer.cli.verify import verify_command
    from scorer.errors import MjscoreError
    try:
        text = hand_text(hand)
    except MjscoreError as exc:
        _print_error(str(exc))
        raise typer.Exit(2)
    raise typer.Exit(verify_command(text, claim, rules, preset, json_out))


@app.command()
def replay(
    files: List[str] = typer.Argument(..., help="Tenhou mjlog (.mjlog/.xml/.gz), tenhou.net/6 JSON, mjai JSON "
                                                "lines, or an `mjscore play --log` file"),
    verify: bool = typer.Option(False, "--verify", help="compare every round with the record; exit 1 on any "
                                                        "disagreement"),
    json_out: bool = typer.Option(False, "--json", help="one JSON object per round"),
    step: bool = typer.Option(False, "--step", help="walk a round on the board, one event per key press"),
):
    """Replay real game logs round by round, and check every payout against the rules."""
    from scorer.cli.replay import replay_command
    raise typer.Exit(replay_command(files, verify, json_out, step))


@app.command()
def batch(
    inputs: List[str] = typer.Argument(..., help="text, JSONL or CSV files of hands, - for stdin, or game logs "
                                                 "and directories (replayed and verified)"),
    rules: Optional[str] = typer.Option(None, "--rules", help=RULES_HELP),
    preset: Optional[str] = typer.Option(None, "--preset", help="rule preset (see `mjscore presets`)"),
    fmt: Optional[str] = typer.Option(None, "--format", help="table, jsonl or csv (default: table on a terminal, "
                                                             "jsonl otherwise)"),
    out: Optional[str] = typer.Option(None, "--out", help="write the rows to this file instead of stdout"),
    jobs: Optional[int] = typer.Option(None, "--jobs", help="worker processes (default: the cores available)"),
    engine: str = typer.Option("local", "--engine", help="local or dask"),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="with --engine dask: an existing "
                                                                      "scheduler's address"),
    compare: Optional[str] = typer.Option(None, "--compare", help="each hand under these presets side by side "
                                                                  "(comma-separated, or all): a value column "
                                                                  "each, what differs and why; JSON lines"),
):
    """Score files of hands (and replay logs) at scale: one row per input line, in order, errors included."""
    from scorer.cli.batch import batch_command
    raise typer.Exit(batch_command(inputs, rules, preset, fmt, out, jobs, engine, scheduler, compare))


class _Closed:
    """Standard output or error when the process was started with it closed (``>&-``): writing to it is an
    ordinary failure (one line, exit 1), not a crash."""

    closed_stream = True

    def write(self, text: str) -> int:
        raise OSError(9, "standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(9, "standard output is closed")


def main() -> None:
    """Entry point: run the app and turn known errors into one-line messages. Exit 0 success, 1 a domain or an
    ordinary failure (a bad hand, a disputed claim, a full disk, an unreadable file, a closed stream), 2 usage,
    130 and 143 when stopped by SIGINT or SIGTERM; 70 only for a bug of ours."""
    import os
    import signal
    from scorer.errors import MjscoreError
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")
    if sys.stdout is None:
        sys.stdout = _Closed()

    term = []

    def on_term(signum, frame):
        term.append(signum)
        raise KeyboardInterrupt
    try:
        signal.signal(signal.SIGTERM, on_term)      # like Ctrl-C: commands stop cleanly (batch says where)
    except ValueError:
        pass
    try:
        app(standalone_mode=True)
    except SystemExit as exc:
        if term and exc.code not in (0, None):       # click turned the interrupt into its own exit
            _print_error("stopped by SIGTERM")
            sys.exit(143)
        raise
    except MjscoreError as exc:
        from scorer.batch import error_text
        _print_error(error_text(exc))
        sys.exit(1)
    except KeyboardInterrupt:
        _print_error("stopped by SIGTERM" if term else "interrupted")
        sys.exit(143 if term else 130)
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(0)
    except OSError as exc:        # a full disk, EIO, a closed stream, an unreadable path: not a bug
        what = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        _print_error(f"{what}{exc.strerror or exc}")
        _quiet_stdout()
        sys.exit(1)
    except RecursionError as exc:
        _print_error(f"input nested too deeply to read ({exc})")
        sys.exit(1)
    except Exception as exc:  # a bug of ours: one line for the user, the traceback with MJSCORE_DEBUG=1
        if os.environ.get("MJSCORE_DEBUG"):
            raise
        _print_error(f"internal error: {type(exc).__name__}: {exc} (run with MJSCORE_DEBUG=1 for the traceback)")
        sys.exit(70)


def _quiet_stdout() -> None:
    """After a failed write to standard output, make the interpreter's last flush at exit harmless."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    main()
