"""Text mode: play a riichi deal against three AIs (two at a three-player table: ``--players 3``, where ``n`` sets
a North aside), run AI-only deals, analyse a hand, print the table rules.

Functions for the ``mjscore`` typer app (each returns an exit code): :func:`play_interactive`,
:func:`play_auto`, :func:`analyze`, :func:`rules_card`. ``python -m scorer.cli.play`` runs them without typer
(used by the end-to-end test). The seat count is the table preset's (``players``) and, once a deal is dealt, the
state's (``len(state.players)``): nothing here assumes four.
"""

from __future__ import annotations

import json
import sys
from typing import Callable

from scorer.game.actions import ANKAN, DISCARD, KAKAN, NINE_TERMINALS, NUKI, PASS, RIICHI, RON, TSUMO, Action
from scorer.kinds import NORTH
from scorer.tiles import HONOR_NAMES

WIND_NAMES = HONOR_NAMES[:4]      # East South West North
MAX_INPUT = 200     # characters of one answer that are kept (the rest of a pasted novel is dropped)


def escape(text: str) -> str:
    """What a player typed (or a file named), shown as text: never read as rich markup (``[/x]``)."""
    from rich.markup import escape as rich_escape
    from scorer.cli.render import printable
    return rich_escape(printable(text))


def _quoted(text: str) -> str:
    """What a player typed, quoted for the board: a short window of it, as text (never markup)."""
    return escape(repr(text if len(text) <= 40 else text[:40] + "…"))


def choice_number(text: str, n: int) -> int | None:
    """The number a player typed to pick one of ``n`` choices (1 to ``n``), written in ASCII digits (at most 3:
    ``²``, ``１`` or a 5,000-digit number pick nothing); None if it is not one."""
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        return None
    k = int(text)
    return k if 1 <= k <= n else None


def _read_line(console, prompt: str) -> str:
    """One answer from the player. A closed or ended standard input is EOFError (the deal is abandoned)."""
    if sys.stdin is None or getattr(sys.stdin, "closed", False):
        raise EOFError
    try:
        return console.input(prompt)[:MAX_INPUT]
    except RuntimeError:          # input() with sys.stdin lost
        raise EOFError from None
    except UnicodeDecodeError:    # bytes that are not text: an answer that matches nothing
        return "\ufffd"


# ---- the human player -------------------------------------------------------------------------------------------
HELP_TEXT = """[bold]Keys[/]
On your turn (choose a tile, then confirm it):
  [bold]1[/]-[bold]14[/] or a tile ([bold]5m[/], [bold]0p[/] red five, [bold]7z[/] Red dragon)   choose a discard
  [bold]Enter[/]        choose the tile you drew
  [bold]y[/] / [bold]Enter[/]    confirm the discard; [bold]n[/] back
  [bold]{tsumo}[/]  win on the tile you drew      [bold]k[/] / [bold]{kan}[/]  declare a kan
  [bold]h[/] / [bold]advice[/]   which discard, by expected value (as mjscore analyze --ev, from what you see)
{riichi}{nuki}On another player's discard:
  a number or a word ([bold]{calls}[/])   call;  [bold]Enter[/] / [bold]pass[/]  let it go
  passing a win you could take needs [bold]pass[/] typed out
Tiles: m characters, p dots, s bamboo, z honors (1-4 East South West North, 5-7 White Green Red)
[bold]?[/] or [bold]help[/]  this screen"""

HELP_WORDS = ("?", "help")
NUKI_WORDS = ("n", "nuki", "north")     # three-player: set a North aside (the NUKI action)
ADVICE_WORDS = ("h", "advice")
"""The advice key: ``h`` as issue #16 names it. Help is ``?`` (what the prompts say) or ``help``; ``h`` was a third
spelling of help until the advice took it."""


def advice_inputs(state, seat: int, view=None) -> dict:
    """The arguments of :func:`scorer.advice.ev.advice_for` for ``seat`` on its turn, from what that seat sees
    only: its concealed tiles (the drawn tile last) and melds; its winds, the dora indicators, its riichi and its
    Norths set aside (nuki dora) (the situation; the advice counts the indicators out of the wall itself); the
    tiles in view outside its hand (every river tile not taken by a call, the other seats' melds as the board
    shows them, a closed kan as the table's ``view`` shows it to the others,
    :meth:`~scorer.cli.board.TableView.seen_of_meld`: a called tile is counted in its meld, once; every North set
    aside; at a table without some kinds, three-player, all four of each of them, so the advice never draws one);
    its draws left, about a quarter of the live wall (at least 1); the table's rules and scorer preset. Never
    another seat's concealed tiles or the wall."""
    from scorer.cli.board import DEFAULT_VIEW
    from scorer.hand import Situation
    view = view or DEFAULT_VIEW
    p = state.players[seat]
    table = state.table
    ids = list(p.hand)
    if state.last_draw in ids:          # the drawn tile last (advice_for reads it as the draw)
        ids.remove(state.last_draw)
        ids.append(state.last_draw)
    seen = []
    for s, other in enumerate(state.players):
        seen += [table[r.tile] for r in other.river if r.called_by is None]
        seen += [table[t] for t in getattr(other, "nuki", None) or ()]   # Norths set aside, face up
        if s != seat:
            for m in other.melds:
                seen += [table[t] for t in view.seen_of_meld(m, s, seat)]
    absent = getattr(state.preset, "absent_kinds", 0)
    if absent:      # kinds the wall does not hold (three-player: 2m-8m) are never drawn: all four "in view"
        from scorer.analysis import never_drawn
        seen += never_drawn(absent)
    nuki = getattr(p, "nuki", None)
    situation = Situation(riichi=p.riichi and not p.double_riichi, double_riichi=p.double_riichi,
                          round_wind=state.round_wind, seat_wind=state.seat_wind(seat),
                          dora=tuple(table[t] for t in state.dora_indicators),
                          # three-player: its Norths set aside, nuki dora, as the engine scores a win
                          nuki=len(nuki) if nuki else 0)
    return {"closed": [table[t] for t in ids], "melds": tuple(m.meld(table) for m in p.melds),
            "situation": situation, "seen": seen, "turns": max(1, state.live_left // len(state.players)),
            "rules": state.preset.rules, "preset": state.preset.scorer_preset}


class HumanPlayer:
    """Asks a person through a rich console. Every offer is built from the legal actions only; every discard is
    chosen, then confirmed; letting a win go (tsumo or ron) needs an explicit answer."""

    name = "you"

    def __init__(self, console, names, recent: list[str], input_fn: Callable[[str], str] | None = None,
                 view=None, announce: Callable | None = None):
        from scorer.cli.board import DEFAULT_VIEW
        self.heading: str | None = None      # in a game: the deal's name on the board (South 2)
        self.console = console
        self.names = names
        self.recent = recent
        self.input = input_fn or (lambda prompt: _read_line(console, prompt))
        self.view = view or DEFAULT_VIEW
        # announce(state, seat, tile, tsumo): a line to say about a complete hand that cannot win (MCR: below the
        # minimum), or None
        self.announce = announce

    def _board(self, state, seat):
        """The board, redrawn in place on a terminal (the screen cleared first); elsewhere (a file, a pipe) one
        board after another, each after a rule."""
        from scorer.cli.board import render_board
        if self.console.is_terminal:
            self.console.clear()
        else:
            self.console.rule()
        self.console.print(render_board(state, seat, self.names, self.recent, view=self.view, heading=self.heading))

    def _face(self, state, tid) -> str:
        return self.view.face(state.tile(tid)).rstrip()

    def describe(self, state, a) -> str:
        """An action in the table's words and tile faces (``chow 3m with 4m5m``)."""
        tile = "" if a.tile is None else self._face(state, a.tile)
        own = "".join(self.view.face(state.tile(x)) for x in sorted(a.tiles)).rstrip()
        if a.type in ("chi", "pon", "kan"):
            return f"{self.view.word(a.type)} {tile} with {own}"
        if a.type == ANKAN:
            return f"{self.view.word('ankan')} {own}"
        if a.type == KAKAN:
            return f"{self.view.word('kakan')} {tile}"
        if a.type == NUKI:
            return f"nuki {tile} (a North set aside)"
        return f"{self.view.word(a.type)} {tile}".strip()

    def help(self, riichi: bool, back: Callable[[], None] | None = None, table=None) -> None:
        """The keys. On a terminal a screen of its own: Enter goes back to the table (``back`` redraws it).
        ``table``: the table preset, for its calls (no chi at a three-player table) and the North set aside
        (``n``, where the table lists it)."""
        v = self.view
        chi = getattr(table, "chi", True)
        calls = "/".join(dict.fromkeys(v.word(t) for t in ("chi", "pon", "kan", "ron") if chi or t != "chi"))
        text = HELP_TEXT.format(
            tsumo=f"t / {v.word('tsumo')}", kan=v.word("kan"), calls=calls,
            riichi="  [bold]r[/] / [bold]riichi[/] (then the tile)   declare riichi with that discard\n" if riichi
            else "",
            nuki="  [bold]n[/] / [bold]nuki[/]     set a North (4z) aside as nuki dora, then draw its replacement\n"
            if getattr(table, "nuki", False) else "")
        if not self.console.is_terminal or back is None:
            self.console.print(text)
            return
        self.console.clear()
        self.console.print(text)
        self.input("Enter = back to the table: ")
        back()

    def advice(self, state, seat) -> None:
        """The expected-value advice for the seat's hand (:func:`advice_inputs`: what the seat sees), below the
        board; the turn's prompt then asks again."""
        from scorer.advice.ev import advice_for
        from scorer.cli.analyze import render_ev
        from scorer.errors import MjscoreError
        self.console.print("[dim]Advice: working out each discard…[/]")
        try:
            d = advice_for(**advice_inputs(state, seat, self.view))
        except MjscoreError as exc:         # a complete hand (win it or not), a shape the advice does not read
            self.console.print(f"[yellow]no advice for this hand: {escape(str(exc))}[/]")
            return
        render_ev(d, self.console)
        if getattr(state.preset, "nuki", False) and any(t >> 2 == NORTH for t in state.players[seat].hand):
            self.console.print("[dim]a North you hold can be set aside instead (n: a nuki dora and a replacement "
                               "draw); the advice ranks discards only[/]")

    def choose(self, state, seat, actions):
        if state.phase == "act" and state.turn == seat:
            return self._turn(state, seat, actions)
        return self._respond(state, seat, actions)

    def _say_announcement(self, state, seat, tile, tsumo) -> None:
        if self.announce is not None and tile is not None:
            line = self.announce(state, seat, tile, tsumo)
            if line:
                self.console.print(f"[bold yellow]{escape(line)}[/]")

    # own turn: choose a discard (index, notation, Enter = the drawn tile), then confirm; t tsumo, r riichi, k kan
    def _turn(self, state, seat, actions):
        from scorer.cli.board import hand_order
        by = {}
        for a in actions:
            by.setdefault(a.type, []).append(a)
        order = hand_order(state, seat)
        drawn = state.last_draw if state.last_draw in state.players[seat].hand else None

        def header():
            self._board(state, seat)
            if state.after_call:
                self.console.print(f"[bold]Your turn[/] after your {self.view.word(state.after_call)}: "
                                   "discard a tile.")
            elif drawn is not None:
                how = " (replacement)" if state.rinshan else ""
                self.console.print(f"[bold]Your turn[/]: you drew [bold]{self._face(state, drawn)}[/]{how}.")
            if TSUMO in by:
                self.console.print(f"[bold green]You can win: {self.view.word('tsumo')} (t).[/]")
            if NUKI in by:
                self.console.print("You may set a North aside as nuki dora (n): a dora, and a replacement draw.")
            elif drawn is not None:
                self._say_announcement(state, seat, drawn, True)
            if NINE_TERMINALS in by:
                self.console.print("[bold yellow]Nine terminals (九種九牌): you hold nine different terminals and "
                                   "honors on your first draw; type abort to end the deal as a draw, or "
                                   "discard to play on.[/]")
        header()
        tsumo_words = {"t", "tsumo", self.view.word("tsumo")}
        kan_words = {"k", "kan", self.view.word("kan")}
        extra = []
        if TSUMO in by:
            extra.append(f"[bold green]t[/] {self.view.word('tsumo')}")
        if RIICHI in by:
            extra.append("[bold magenta]r[/] riichi")
        if ANKAN in by or KAKAN in by:
            extra.append(f"[bold]k[/] {self.view.word('kan')}")
        if NUKI in by:
            extra.append("[bold]n[/] nuki")
        if NINE_TERMINALS in by:
            extra.append("[bold yellow]abort[/] nine terminals")
        enter = drawn is not None and any(a.tile == drawn for a in by.get(DISCARD, []) + by.get(RIICHI, []))
        while True:
            hint = ", ".join(["index or tile"] + (["Enter = drawn tile"] if enter else []) + extra +
                             ["h advice", "? help"])
            text = self.input(f"Discard ({hint}): ").strip().lower()
            if text in HELP_WORDS:
                self.help(RIICHI in by, header, state.preset)
                continue
            if text in ADVICE_WORDS:
                self.advice(state, seat)
                continue
            if text in NUKI_WORDS and NUKI in by:
                return by[NUKI][0]
            if text in NUKI_WORDS and getattr(state.preset, "nuki", False):
                self.console.print("[red]no North to set aside now (you hold none, or after a call, in "
                                   "riichi's declaration or with no replacement tile left)[/]")
                continue
            if text in tsumo_words and TSUMO in by:
                return by[TSUMO][0]
            if text in ("abort", "nine", "nine terminals", "kyuushu") and NINE_TERMINALS in by:
                ok = self.input("End the deal as an abortive draw (nine terminals)? \\[y/N] ").strip().lower()
                if ok in ("y", "yes"):
                    return by[NINE_TERMINALS][0]
                continue
            if text in kan_words and (ANKAN in by or KAKAN in by):
                a = self._menu(state, by.get(ANKAN, []) + by.get(KAKAN, []), self.view.word("kan").capitalize())
                if a is not None:
                    return a
                continue
            riichi = False
            if RIICHI in by and (text in ("r", "riichi") or text.startswith(("r ", "riichi ")) or
                                 (text[:1] == "r" and text[1:].strip().isdigit())):
                riichi = True
                text = text[6:] if text.startswith("riichi") else text[1:]
                text = text.strip() or self.input("Riichi: discard which tile (Enter = drawn tile)? ").strip().lower()
            elif text in ("r", "riichi"):
                self.console.print("[red]riichi is not on offer now (closed, tenpai, 1,000 points and 4 tiles "
                                   "left in the wall)[/]")
                continue
            if text == "" and drawn is not None and (enter or riichi):
                tid = drawn
            elif text == "":
                self.console.print("[red]choose a tile: its index or its notation[/]")
                continue
            else:
                tid = self._pick(state, order, text)
            if tid is None:
                if text.isascii() and text.isdigit():
                    self.console.print(f"[red]not a tile in your hand: no tile {_quoted(text)}; choose 1 to "
                                       f"{len(order)}[/]")
                else:
                    self.console.print(f"[red]not a tile in your hand: {_quoted(text)} (type ? for help)[/]")
                continue
            pool = by.get(RIICHI if riichi else DISCARD, [])
            a = next((x for x in pool if x.tile == tid), None) or next(
                (x for x in pool if state.tile(x.tile) == state.tile(tid)), None)
            if a is None:
                why = "that discard does not keep tenpai" if riichi else (
                    "kuikae: you may not discard that tile now" if state.after_call else
                    "after riichi you discard the drawn tile" if state.players[seat].riichi else "not allowed")
                self.console.print(f"[red]{why}[/]")
                continue
            word = "Riichi and discard" if riichi else "Discard"
            face = self._face(state, tid)
            if TSUMO in by:        # giving up a win: an explicit answer, never Enter alone
                t = self.view.word("tsumo")
                ok = self.input(f"You can win ({t}). {word} {face} and pass the win? "
                                f"(yes = discard, t = {t}, Enter = back): ").strip().lower()
                if ok in tsumo_words:
                    return by[TSUMO][0]
                if ok in ("y", "yes"):
                    return Action(a.type, seat, tid)
                continue
            ok = self.input(f"{word} {face}? [Y/n] ").strip().lower()
            if ok in ("", "y", "yes"):
                return Action(a.type, seat, tid)

    @staticmethod
    def _pick(state, order, text):
        if text.isdigit():
            k = choice_number(text, len(order))
            return order[k - 1] if k is not None else None
        from scorer.tiles import Tile
        try:
            t = Tile.parse(text)
        except ValueError:
            return None
        exact = [x for x in order if state.tile(x) == t]
        if exact:
            return exact[-1]
        same = [x for x in order if state.tile(x).kind == t.kind]
        return same[-1] if same else None

    def _menu(self, state, options, title):
        for i, a in enumerate(options, 1):
            self.console.print(f"  {i}) {escape(self.describe(state, a))}")
        while True:
            text = self.input(f"{title}: number (Enter = back): ").strip()
            if text == "":
                return None
            k = choice_number(text, len(options))
            if k is not None:
                return options[k - 1]
            self.console.print(f"[red]choose 1 to {len(options)}, or Enter to go back[/]")

    # a call or a win on someone else's tile: a numbered menu of the legal choices, Enter = pass (not a win)
    def _respond(self, state, seat, actions):
        choices = [a for a in actions if a.type != PASS]
        if state.phase == "respond":
            tile, who, what = state.last_discard, state.last_discarder, "discards"
        elif state.phase == "nuki":     # a North just set aside, at a table where it may be robbed
            tile, who, what = getattr(state, "nuki_tile", None), state.turn, "sets aside"
        else:
            tile, who, what = state.kakan_tile, state.turn, f"adds to a {self.view.word('kan')}"
        can_win = any(a.type == RON for a in choices)

        def header():
            self._board(state, seat)
            self.console.print(f"[bold]{self.names[who]}[/] {what} [bold]{self._face(state, tile)}[/].")
            if can_win:
                self.console.print(f"[bold green]You can win on it: {self.view.word('ron')}.[/]")
            else:
                self._say_announcement(state, seat, tile, False)
            for i, a in enumerate(choices, 1):
                self.console.print(f"  {i}) {escape(self.describe(state, a))}")
        header()
        words = {}
        for a in choices:
            for w in {a.type, self.view.word(a.type)}:
                words.setdefault(w, []).append(a)
        listed = "/".join(dict.fromkeys(self.view.word(a.type) for a in choices))
        while True:
            tail = "pass = let the win go" if can_win else "Enter = pass"
            text = self.input(f"Call: number or word ({listed}), {tail}, ? help: ").strip().lower()
            if text in HELP_WORDS:
                self.help(False, header, state.preset)
                continue
            if text in ADVICE_WORDS:
                self.console.print("[yellow]the advice (h) is for your turn, on the tiles you then hold; "
                                   "? for the keys[/]")
                continue
            if text in ("p", "pass") or (text == "" and not can_win):
                return next(a for a in actions if a.type == PASS)
            if text == "":
                self.console.print(f"[red]you can win on this tile: type {self.view.word('ron')} to win, "
                                   "or pass to let it go[/]")
                continue
            k = choice_number(text, len(choices))
            if k is not None:
                return choices[k - 1]
            named = list(dict.fromkeys(words.get(text, [])))
            if len(named) == 1:
                return named[0]
            if named:
                self.console.print("[red]several of those: pick a number[/]")
            elif text.isascii() and text.isdigit():
                self.console.print(f"[red]no choice {_quoted(text)}: choose 1 to {len(choices)}[/]")
            else:
                self.console.print(f"[red]not one of the choices: {_quoted(text)}[/]")


def _event_line(e, state, names, view=None) -> str | None:
    from scorer.cli.board import DEFAULT_VIEW
    view = view or DEFAULT_VIEW

    def face(tid):
        return view.face(state.tile(tid)).rstrip()
    t = e.type
    if t == "discard":
        return f"{names[e.seat]}: {face(e.tile)}" + ("'" if e.tsumogiri else "")
    if t == "call":
        return f"{names[e.seat]}: {view.word(e.kind)} {face(e.called if e.called is not None else e.tiles[0])}"
    if t == "riichi":
        return f"{names[e.seat]}: riichi!"
    if t == "dora":
        return f"new dora indicator {face(e.indicator)}"
    if t == NUKI:
        return f"{names[e.seat]}: nuki {face(e.tile)}"
    return None


def _result_panel(engine, console, names, deltas) -> None:
    st = engine.state
    res = st.result
    if res is None:
        return
    wins = [r for r in st.results if r.type == "win"]
    if len(wins) > 1:       # double ron: each winner's hand and its own settlement, then the point changes
        console.print(f"[bold green]Double ron[/] on {names[wins[0].from_seat]}'s discard: the honba and the "
                      f"deposits go to the nearest winner, {names[wins[0].seat]} (each panel shows the hand as "
                      f"scored; the deltas are what is paid).")
        for w, result in zip(wins, getattr(engine, "scored", ())[-len(wins):]):
            console.print(f"[bold green]{names[w.seat]}[/] by ron: {w.points:,} points, deltas "
                          + " ".join(f"{d:+,}" for d in w.deltas))
            _win_panel(console, result.to_dict())
        print_point_changes(st, console, names, deltas)
        return
    if res.type == "win":
        how = "tsumo" if res.from_seat is None else f"ron from {names[res.from_seat]}"
        console.print(f"[bold green]{names[res.seat]} win{'s' if names[res.seat] != 'You' else ''}[/] by {how}.")
        d = engine.result.to_dict()
        _win_panel(console, d)
        heads, cols = payout_rows(st, deltas)
        part = {h: c[res.seat] for h, c in zip(heads, cols)}
        line = f"{names[res.seat]}: the hand {part.get('hand', 0):+,}"
        if st.preset.riichi:
            line += f", honba {part.get('honba', 0):+,}, deposits on the table {part.get('deposits', 0):+,}"
            line += f" (the panel's gain, {d.get('total_gain', 0):,})"
            if part.get("riichi paid"):
                line += f"; riichi paid {part['riichi paid']:+,}"
        console.print(line + f"; net change {deltas[res.seat]:+,}.")
    elif res.reason not in ("exhaustive", "nagashi_mangan"):     # an abortive draw: nobody pays
        from scorer.logs.replay import DRAW_NAMES
        console.print(f"[bold]Abortive draw: {DRAW_NAMES.get(res.reason, res.reason)}.[/] Nobody pays; "
                      + ("the riichi deposits stay on the table." if any(p.riichi_accepted for p in st.players)
                         else "no deposits were on the table."))
    else:
        seats = len(st.players)
        tp = [names[s] for s in range(seats) if res.tenpai[s]]
        console.print(f"[bold]Exhaustive draw.[/] Tenpai: {', '.join(tp) if tp else 'nobody'}.")
        pre = st.preset
        n = sum(res.tenpai)
        if res.reason == "nagashi_mangan":
            won = ", ".join(names[s] for s in range(seats) if res.deltas[s] > 0)
            console.print(f"[bold]Nagashi mangan[/] (every discard a terminal or honor, none called): {won} "
                          f"paid as for a mangan tsumo; no noten payments.")
        elif 0 < n < seats:
            console.print(f"Noten payments: {pre.noten_payment:,} in all, each noten player pays "
                          f"{pre.noten_payment // (seats - n):,}, each tenpai player receives "
                          f"{pre.noten_payment // n:,}.")
        else:
            console.print("No noten payments (" + ("everyone" if n == seats else "nobody") + " is tenpai).")
        if any(p.riichi_accepted for p in st.players):
            console.print("Riichi deposits: " + ("returned to their owners." if res.deposits_returned else
                                                 "stay on the table."))
    print_point_changes(st, console, names, deltas)


def _win_panel(console, d: dict) -> None:
    """A scored win (its ``to_dict()``) through the shared renderer."""
    try:
        from scorer.cli.render import panel
        console.print(panel(d))
    except Exception:   # the shared renderer is optional here: fall back to a plain line
        console.print(f"{d.get('hand')}  {d.get('han')} han {d.get('fu')} fu  {d.get('points')} points  "
                      f"yaku: {', '.join(y['name'] for y in d.get('yaku', []))}")


def payout_rows(st, deltas) -> tuple[list[str], list[list[int]]]:
    """One payout story for the end of a deal, as columns of every seat's change that add up to its net change:
    at a win the hand's value (the payments without honba), the honba, the deposits on the table and the riichi
    deposits paid during the deal; at a draw the noten payments, the deposits returned and the riichi deposits
    paid. Columns that are zero for everyone are left out (the MCR table shows the hand and the net change)."""
    res = st.result
    pre = st.preset
    seats = range(len(st.players))
    riichi_paid = [-pre.riichi_cost if p.riichi_accepted else 0 for p in st.players]
    cols: list[tuple[str, list[int]]] = []
    if res is not None and res.type == "win":
        # every win on the deal's last tile (double ron: two; the first announced is the nearest to the discarder
        # and takes the honba and the deposits)
        wins = [r for r in st.results if r.type == "win"] or [res]
        first = wins[0]
        honba = [0 for _ in seats]
        if st.honba and pre.riichi:
            # 100 a honba from each payer of a tsumo; a ron's discarder pays for all the others (300 at four
            # seats, 200 at three)
            per = 100 * st.honba * (len(st.players) - 1 if first.from_seat is not None else 1)
            for s in seats:
                if s != first.seat and (first.from_seat is None or s == first.from_seat):
                    honba[s] -= per
                    honba[first.seat] += per
        # the payments cancel out: what a win adds to the table is the deposits the winner collects
        on_table = [sum(sum(w.deltas) for w in wins if w.seat == s) for s in seats]
        hand = [sum(w.deltas[s] for w in wins) - honba[s] - on_table[s] for s in seats]
        cols = [("hand", hand), ("honba", honba), ("deposits", on_table)]
    elif res is not None:
        returned = [pre.riichi_cost if (p.riichi_accepted and getattr(res, "deposits_returned", False)) else 0
                    for p in st.players]
        noten = [res.deltas[s] - returned[s] for s in seats]
        cols = [("noten payments", noten), ("deposits returned", returned)]
    cols.append(("riichi paid", riichi_paid))
    shown = [(name, v) for name, v in cols if any(v)]
    rest = [deltas[s] - sum(v[s] for _, v in shown) for s in seats]
    if any(rest):          # anything not accounted for above (never expected): shown, not hidden
        shown.append(("other", rest))
    return [name for name, _ in shown], [v for _, v in shown]


def print_point_changes(st, console, names, deltas) -> None:
    """The end of a deal at either table: each seat's change, split into its parts (:func:`payout_rows`), its
    net change and its score."""
    from rich.table import Table
    heads, cols = payout_rows(st, deltas)
    t = Table(title="Point changes")
    t.add_column("seat")
    for h in heads:
        t.add_column(h, justify="right")
    t.add_column("net change", justify="right", style="bold")
    t.add_column("score", justify="right")
    for s in range(len(st.players)):
        t.add_row(f"{WIND_NAMES[st.seat_wind(s)][0]} {names[s]}", *[f"{c[s]:+,}" if c[s] else "" for c in cols],
                  f"{deltas[s]:+,}", f"{st.players[s].score:,}")
    console.print(t)


# ---- the commands -----------------------------------------------------------------------------------------------
def _text_mode(rules: str):
    """The module with the rule set's own text mode (``RuleSet.text_mode``), None when it is this one (riichi)."""
    from importlib import import_module
    from scorer.rulesets import find_ruleset
    name = find_ruleset(rules).text_mode
    own = __spec__.name if __spec__ is not None else __name__     # "scorer.cli.play" under python -m too
    return None if name == own else import_module(name)


def play_interactive(seed: int | None = None, log_path: str | None = None, console=None,
                     input_fn: Callable[[str], str] | None = None, rules: str = "riichi",
                     preset: str | None = None, tiles: str = "notation") -> int:
    """``mjscore play [--seed N] [--log FILE] [--preset NAME] [--tiles FACES]``: you (East, the dealer) against
    three AIs (:func:`opponents`: strong once registered), one deal. Exit 0 when the deal ends; 1 if the input
    ends first; 2 for a preset this engine cannot play live."""
    other = _text_mode(rules)   # the MCR table's text mode lives in scorer/cli/play_mcr.py
    if other is not None:
        return other.play_interactive(seed, log_path, console, input_fn, preset=preset, tiles=tiles)
    from scorer.cli.board import TableView
    from scorer.game.engine import Engine
    level, ai_class = opponents("riichi", preset)
    return play_deal(Engine, ai_class, "[bold]mjscore[/] riichi deal · seed {seed} · preset {preset} · AI " + level,
                     _event_line, _result_panel, seed, log_path, console, input_fn, preset=preset,
                     view=TableView(faces=tiles))


def opponents(rules: str, preset: str | None = None) -> tuple[str, type]:
    """The AI level and class a person's three opponents get in a single deal: ``strong`` once it is registered
    in :data:`scorer.game.ai.levels.AI_LEVELS` for ``rules``, else ``basic`` (issue #14: "the human's opponents
    default to strong"; the games' rule, :func:`scorer.cli.play_game.default_level`). AI-only deals
    (``--auto``) stay on ``basic``: they are what the speed harness times."""
    from scorer.cli.play_game import default_level
    from scorer.game.ai.levels import AiLevelError, find_ai
    level = default_level(preset)       # at a three-player table: strong once it plays three seats
    try:
        return level, find_ai(level, rules)
    except AiLevelError:        # the strong level does not play these rules (yet)
        return "basic", find_ai("basic", rules)


def game_pieces(tiles: str = "notation"):
    """What a game's text mode shows of each riichi deal (:mod:`scorer.cli.play_game`): the event lines, the end
    of the deal, the board's view, what to announce of a complete hand that cannot win (nothing here)."""
    from scorer.cli.board import TableView
    return _event_line, _result_panel, TableView(faces=tiles), None


def unplayable(engine) -> str | None:
    """Why ``engine`` cannot play its preset live (the engine refuses it before the first event), or None: a
    preset asking for more than its table's rules object plays (double ron or abortive draws at the one-deal
    table). ``tenhou`` is played live: its table settles double ron, abortive draws and pao."""
    probe = engine.__class__.__new__(engine.__class__)
    probe.__dict__.update(engine.__dict__)
    probe.log, probe.on_event, probe.events = None, None, []

    def refuse(event):      # stop at the first event: the engine checks the preset before it
        raise _Probed
    probe.emit = refuse
    try:
        probe.run()
    except _Probed:
        return None
    except NotImplementedError as exc:
        return f"table preset {engine.preset.name!r} cannot be played live yet: {exc}"
    return None


class _Probed(Exception):
    """The engine reached its first event: it plays the preset."""


def seat_names(players: int = 4) -> list[str]:
    """The players' names at a single deal, by seat: you (East, the dealer), then an AI named by its seat wind
    (three players: South and West)."""
    return ["You"] + [f"AI {WIND_NAMES[s]}" for s in range(1, players)]


def _players_of(preset: str | None) -> int:
    """The seats at the table the deal is played at: the table preset's ``players`` (None: the engine's default
    table, a four-player one at both rule sets)."""
    if preset is None:
        return 4
    from scorer.game.presets import find_preset
    return find_preset(preset).players


def play_deal(engine_class, ai_class, header: str, event_line, show_result, seed: int | None = None,
              log_path: str | None = None, console=None, input_fn: Callable[[str], str] | None = None,
              preset: str | None = None, view=None, announce: Callable | None = None) -> int:
    """One deal in text mode at either table: you (East, the dealer) against three ``ai_class`` players under the
    table preset ``preset`` (None: the engine's default); the recent moves come from
    ``event_line(event, state, names, view)``, the end from ``show_result(engine, console, names, deltas)``;
    ``view`` (:class:`~scorer.cli.board.TableView`): tile faces, the table's words, its shanten and waits;
    ``announce``: what to say about a complete hand that cannot win."""
    import random
    from rich.console import Console
    from scorer.cli.board import DEFAULT_VIEW, render_board

    console = console or Console()
    view = view or DEFAULT_VIEW
    if input_fn is None and sys.stdin is None:
        sys.stderr.write("mjscore: standard input is closed: nobody can play your seat (try --auto)\n")
        return 1
    if seed is None:
        seed = random.randrange(1 << 31)
    names = seat_names(_players_of(preset))
    recent: list[str] = []
    human = HumanPlayer(console, names, recent, input_fn, view=view, announce=announce)

    def on_event(e, state):
        line = event_line(e, state, names, view)
        if line:
            recent.append(line)
            del recent[:-8]

    kwargs = {} if preset is None else {"preset": preset}
    probe = engine_class([human] + [ai_class(n) for n in names[1:]], seed=seed, **kwargs)
    why = unplayable(probe)
    if why:
        sys.stderr.write(f"mjscore: {why}\n")
        return 2
    log = open(log_path, "w", encoding="utf-8") if log_path else None
    eng = engine_class([human] + [ai_class(n) for n in names[1:]], seed=seed, log=log, on_event=on_event,
                       **kwargs)
    start = list(eng.scores)
    console.print(header.format(seed=seed, preset=eng.preset.name))
    code = None
    try:
        eng.run()
    except (EOFError, KeyboardInterrupt):
        console.print("\n[yellow]Deal abandoned.[/]")
        code = 1
    except OSError as exc:
        if log is None:
            raise
        sys.stderr.write(f"mjscore: cannot write the log {_printable(log_path)}: {exc.strerror or exc}\n")
        code = 1
    if log:
        try:
            log.close()
        except OSError as exc:          # the last events did not reach the disk: the log is incomplete
            sys.stderr.write(f"mjscore: cannot write the log {_printable(log_path)}: {exc.strerror or exc}\n")
            code = 1
    if code is not None:
        return code
    st = eng.state
    deltas = [st.players[s].score - start[s] for s in range(len(st.players))]
    console.rule("End of the deal")
    console.print(render_board(st, 0, names, recent, reveal=True, view=view))
    show_result(eng, console, names, deltas)
    if log_path:
        console.print(f"Log written to {escape(log_path)}")
    return 0


def auto_stats(deals: int, seed: int | None = 0, on_deal: Callable[[int], None] | None = None,
               preset: str | None = None, log=None) -> dict:
    """Run ``deals`` AI-only deals (deal ``i`` uses seed ``seed + i``) under the table preset ``preset`` (None:
    the default) and summarise them; ``log``: a text file that gets every deal's events."""
    import random
    from scorer.game.ai import RiichiAI
    from scorer.game.engine import Engine
    from scorer.game.presets import find_preset

    table = find_preset(preset)
    n = table.players           # seats at the table (three-player: East, South, West)
    base = seed if seed is not None else random.randrange(1 << 31)
    stats = {"deals": deals, "seed": base, "wins": 0, "tsumo": 0, "ron": 0, "exhaustive_draws": 0,
             "deal_ins": [0] * n, "wins_by_seat": [0] * n, "riichi": 0, "calls": 0,
             "average_points": [0.0] * n, "average_change": [0.0] * n}
    totals = [0] * n
    for i in range(deals):
        eng = Engine([RiichiAI(f"ai{s}") for s in range(n)], seed=base + i, log=log,
                     **({} if preset is None else {"preset": preset}))
        eng.run()
        tally_deal(stats, totals, eng, "tsumo", "ron")
        stats["riichi"] += sum(1 for e in eng.events if e.type == "riichi")
        if on_deal:
            on_deal(i)
    if deals:
        stats["average_points"] = [round(t / deals, 1) for t in totals]
        stats["average_change"] = [round(t / deals - table.start_points, 1) for t in totals]
        stats["win_rate"] = round(stats["wins"] / deals, 3)
        stats["draw_rate"] = round(stats["exhaustive_draws"] / deals, 3)
    return stats


def tally_deal(stats: dict, totals: list[int], eng, self_drawn: str, on_discard: str) -> None:
    """Count one finished AI-only deal into the summary, as both tables count it: wins by seat, self-drawn or on
    a discard (counted under the table's words ``self_drawn`` / ``on_discard``) with the deal-ins, exhaustive
    draws, calls, and each seat's final score into ``totals``."""
    st = eng.state
    res = st.result
    if res.type == "win":
        stats["wins"] += 1
        stats["wins_by_seat"][res.seat] += 1
        if res.from_seat is None:
            stats[self_drawn] += 1
        else:
            stats[on_discard] += 1
            stats["deal_ins"][res.from_seat] += 1
    else:
        stats["exhaustive_draws"] += 1
    stats["calls"] += sum(1 for e in eng.events if e.type == "call")
    for s in range(len(st.players)):
        totals[s] += st.players[s].score


def play_auto(deals: int = 100, seed: int | None = 0, json_out: bool = False, console=None,
              rules: str = "riichi", preset: str | None = None, log_path: str | None = None) -> int:
    """``mjscore play --auto --deals N [--seed S] [--json] [--preset NAME] [--log FILE]``: AI-only deals, a
    progress bar on a terminal, then a summary (one JSON object with ``--json``); ``--log`` writes every deal's
    events, one deal after another."""
    other = _text_mode(rules)   # AI-only MCR deals: a summary with the share of wins by fan plan
    if other is not None:
        return other.play_auto(deals, seed, json_out, console, preset=preset, log_path=log_path)
    return auto_with_log(deals, seed, json_out, console, auto_stats, _summary_rows, "", preset, log_path)


def auto_with_log(deals, seed, json_out, console, stats_fn, summary_rows, table: str, preset, log_path) -> int:
    """:func:`run_auto` with the table preset and the log file (opened here, its errors one line, exit 1)."""
    log = None
    if log_path:
        try:
            log = open(log_path, "w", encoding="utf-8")
        except OSError as exc:
            sys.stderr.write(f"mjscore: cannot write the log {_printable(log_path)}: {exc.strerror or exc}\n")
            return 1

    def stats(n, s, on_deal=None):
        return stats_fn(n, s, on_deal, preset=preset, log=log)
    try:
        return run_auto(deals, seed, json_out, console, stats, summary_rows, table=table)
    finally:
        if log is not None:
            log.close()


def table_of(rules: str | None, preset: str | None, players: int | None = None
             ) -> tuple[str, str | None, str | None]:
    """The rules and table preset ``mjscore play`` plays: ``--preset`` names a table preset (its rules unless
    ``--rules`` says otherwise, which is then a usage error); ``--players 3`` without it the rules' three-player
    table (:func:`three_player_table`: riichi's ``tenhou-sanma``), with it a preset seating that many (else a
    usage error); (rules, preset, None) or a message."""
    if players is not None and players not in (3, 4):
        return rules or "riichi", None, f"--players expects 3 or 4, not {players}"
    if preset is None and players == 3:
        preset = three_player_table(rules or "riichi")
        if preset is None:
            return rules or "riichi", None, f"no three-player table for {rules or 'riichi'} rules"
    if preset is None:
        return rules or "riichi", None, None
    from scorer.game.presets import PresetError, all_presets, find_preset
    try:
        p = find_preset(preset)
    except PresetError:
        known = ", ".join(all_presets())
        return rules or "riichi", None, f"unknown table preset {preset!r} (known: {known})"
    from scorer.rulesets import find_ruleset
    if rules is not None and find_ruleset(rules).name != p.rules:
        return rules, None, f"table preset {p.name!r} is a {p.rules} table, not {rules}"
    if players is not None and p.players != players:
        fitting = ", ".join(x.name for x in all_presets().values() if x.players == players and x.rules == p.rules)
        return p.rules, None, (f"table preset {p.name!r} seats {p.players} players, not {players} (--players "
                               f"{players}: " + (f"--preset {fitting}" if fitting else "no such table") + ")")
    return p.rules, p.name, None


def three_player_table(rules: str) -> str | None:
    """The table ``--players 3`` plays under ``rules`` without a ``--preset``: the first registered table preset
    of those rules that seats three (riichi: ``tenhou-sanma``, Tenhou's three-player rooms), None if none."""
    from scorer.game.presets import all_presets
    from scorer.rulesets import find_ruleset
    name = find_ruleset(rules).name
    return next((p.name for p in all_presets().values() if p.players == 3 and p.rules == name), None)


def check_play_flags(auto: bool, deals: int | None, json_out: bool, tiles: str | None) -> str | None:
    """Flags that would do nothing in the chosen mode are usage errors, not ignored."""
    if not auto and deals is not None:
        return "--deals goes with --auto (an interactive game is one deal)"
    if not auto and json_out:
        return "--json goes with --auto (the summary of AI-only deals)"
    if auto and tiles is not None:
        return "--tiles goes with an interactive deal (--auto shows no tiles)"
    if tiles is not None:
        from scorer.cli.board import TILE_FACES     # (the board and rich.table only when a deal shows tiles)
        if tiles not in TILE_FACES:
            return f"--tiles expects {', '.join(TILE_FACES)}, not {tiles!r}"
    return None


def _summary_rows(stats: dict) -> list[tuple[str, str]]:
    return [("wins", f"{stats['wins']} (tsumo {stats['tsumo']}, ron {stats['ron']})"),
            ("exhaustive draws", str(stats["exhaustive_draws"])),
            ("deal-ins by seat", " ".join(map(str, stats["deal_ins"]))),
            ("wins by seat", " ".join(map(str, stats["wins_by_seat"]))),
            ("riichi declared", str(stats["riichi"])),
            ("calls", str(stats["calls"])),
            (f"average points {' '.join(w[0] for w in WIND_NAMES[:len(stats['average_points'])])}",
             " ".join(f"{x:,.0f}" for x in stats["average_points"]))]


def run_auto(deals: int, seed: int | None, json_out: bool, console, auto_stats, summary_rows,
             table: str = "") -> int:
    """AI-only deals at either table: ``auto_stats(deals, seed, on_deal)`` with a progress bar on a terminal,
    then one JSON object, or a table of ``summary_rows(stats)``. ``table``: the table's name before "deals"
    ("MCR ")."""
    if deals < 0:
        sys.stderr.write("--deals must be at least 0\n")
        return 2
    if json_out:     # one JSON object and no progress bar: nothing to draw, so rich is not even imported
        sys.stdout.write(json.dumps(auto_stats(deals, seed)) + "\n")
        return 0
    from rich.console import Console
    console = console or Console()
    if console.is_terminal:
        from rich.progress import Progress
        with Progress(console=console, transient=True) as prog:
            task = prog.add_task(f"{table}AI deals", total=deals)
            stats = auto_stats(deals, seed, lambda i: prog.advance(task))
    else:
        stats = auto_stats(deals, seed)
    from rich.table import Table
    t = Table(title=f"{deals} AI-only {table}deals (seeds {stats['seed']}…)", show_header=False)
    t.add_column("what")
    t.add_column("value", justify="right")
    for what, value in summary_rows(stats):
        t.add_row(what, value)
    console.print(t)
    return 0


def analyze(text: str, console=None) -> int:
    """``mjscore analyze HAND`` (the ``--analyze`` of ``python -m scorer.cli.play``): the one analysis command."""
    from scorer.cli.analyze import analyze_command
    return analyze_command(text, None, False, console)


def _printable(text: str) -> str:
    from scorer.cli.render import printable
    return "\n".join(printable(x) for x in text.split("\n"))


def rules_card(rules: str = "riichi", console=None, preset: str | None = None) -> int:
    """``mjscore rules [--rules riichi|mcr] [--preset NAME]``: the table rules of one preset (default: every
    preset of those rules) as a readable card."""
    from rich.console import Console
    from rich.panel import Panel
    from rich.table import Table
    from scorer.game.presets import all_presets, rules_card_rows

    console = console or Console()
    presets = [p for p in all_presets().values() if p.rules == rules and (preset is None or p.name == preset)]
    if not presets:
        known = ", ".join(p.name for p in all_presets().values() if p.rules == rules)
        what = f"table preset {_printable(repr(preset))} for " if preset else "table preset for "
        sys.stderr.write(f"mjscore: no {what}{_printable(repr(rules))} rules" + (f" (known: {known})" if known
                                                                                else "") + "\n")
        return 1
    for p in presets:
        t = Table(box=None, show_header=False, pad_edge=False)
        t.add_column("rule", style="bold")
        t.add_column("value")
        for k, v in rules_card_rows(p):
            t.add_row(k, v)
        from rich.console import Group
        from rich.text import Text
        console.print(Panel(Group(Text(p.description, style="italic"), Text(""), t),
                            title=f"{p.rules} · table preset {p.name}", expand=False, width=100))
    return 0


def main(argv=None) -> int:
    """``python -m scorer.cli.play [--seed N] [--log FILE] | --auto --deals N [--json] | --analyze HAND |
    --rules R``: the same functions without typer."""
    import argparse
    ap = argparse.ArgumentParser(prog="python -m scorer.cli.play")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--log", default=None)
    ap.add_argument("--auto", action="store_true")
    ap.add_argument("--deals", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--analyze", default=None)
    ap.add_argument("--rules", default=None)
    ap.add_argument("--preset", default=None)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--tiles", default=None)
    args = ap.parse_args(argv)
    if args.analyze:
        return analyze(args.analyze)
    if args.rules:
        return rules_card(args.rules)
    rules, preset, msg = table_of(None, args.preset, args.players)
    msg = msg or check_play_flags(args.auto, args.deals, args.json, args.tiles)
    if msg:
        ap.error(msg)
    if args.auto:
        return play_auto(100 if args.deals is None else args.deals, 0 if args.seed is None else args.seed, args.json,
                         rules=rules, preset=preset, log_path=args.log)
    return play_interactive(args.seed, args.log, rules=rules, preset=preset, tiles=args.tiles or "notation")


if __name__ == "__main__":
    sys.exit(main())
