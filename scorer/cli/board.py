"""The text-mode table: a rich rendering of a game state from one seat's point of view.

Shows the round, tiles left, dora indicators and deposits; for every seat its wind, score, riichi, melds and
river (the riichi tile marked ``*``, called tiles ``^``, struck through and dim); the viewer's hand with indexes, the
drawn tile set apart. At the MCR table (the preset says so): the prevalent wind, each player's flowers, no dora,
riichi or deposits. Reads the state only; never changes it.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorer.rulesets import find_ruleset
from scorer.tiles import Tile

WIND_NAMES = ("East", "South", "West", "North")
SUIT_STYLE = {"m": "bright_white", "p": "cyan", "s": "green", "z": "yellow"}


def tile_text(tile, style: str | None = None) -> Text:
    """A tile as coloured notation: red fives bold red, honors yellow."""
    s = str(tile)
    st = "bold red" if tile.red else SUIT_STYLE.get(tile.suit, "")
    if style:
        st = f"{st} {style}".strip()
    return Text(s, style=st)


def tiles_text(tiles, sep: str = " ") -> Text:
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(sep)
        out.append_text(tile_text(t))
    return out


def hand_order(state, seat: int) -> list[int]:
    """The viewer's tile ids in display order: sorted, with the drawn tile (if any) last."""
    p = state.players[seat]
    ids = list(p.hand)
    drawn = state.last_draw if state.turn == seat and state.last_draw in ids else None
    if drawn is not None:
        ids.remove(drawn)
    ids.sort(key=lambda t: (state.tile(t).kind, state.tile(t).red, t))
    if drawn is not None:
        ids.append(drawn)
    return ids


def meld_text(state, m) -> Text:
    tiles = sorted((state.tile(t) for t in m.tiles))
    body = tiles_text(tiles, sep="")
    if m.kind == "ankan":
        return Text("(") + body + Text(")")
    label = {"kakan": "+", "kan": ""}.get(m.kind, "")
    return Text("[") + body + Text("]" + label)


def river_text(state, seat: int) -> Text:
    out = Text()
    for i, r in enumerate(state.players[seat].river):
        if i:
            out.append(" ")
        style = None
        if r.called_by is not None:
            style = "dim strike"
        t = tile_text(state.tile(r.tile), style)
        out.append_text(t)
        if r.called_by is not None:
            out.append("^", style="dim")
        if r.riichi:
            out.append("*", style="bold magenta")
    return out


def hand_table(state, seat: int, ids: list[int] | None = None, first: int = 1) -> Table:
    """The viewer's hand (or the tiles ``ids`` of it, numbered from ``first``) with its indexes over the tiles."""
    all_ids = hand_order(state, seat)
    ids = all_ids if ids is None else ids
    drawn = state.last_draw if state.turn == seat and state.last_draw in all_ids else None
    t = Table(box=None, show_header=True, pad_edge=False, padding=(0, 1))
    for i, tid in enumerate(ids):
        gap = tid == drawn and len(all_ids) > 1
        t.add_column(("  " if gap else "") + str(i + first), justify="right", no_wrap=True)
    cells = []
    for tid in ids:
        txt = tile_text(state.tile(tid))
        if tid == drawn:
            txt = Text("  ") + txt
        cells.append(txt)
    if cells:
        t.add_row(*cells)
    return t


class HandView:
    """The viewer's hand, fitted to the terminal: one row of tiles when it fits, else rows of as many tiles as
    fit (a 40-column terminal shows the indexes and tiles whole instead of cutting them to "…")."""

    CELL = 4            # columns one tile takes: an index up to 14 and a tile, with padding

    def __init__(self, state, seat: int):
        self.state = state
        self.seat = seat

    def __rich_console__(self, console, options):
        ids = hand_order(self.state, self.seat)
        per_row = max(1, (options.max_width - 2) // self.CELL)
        if len(ids) <= per_row:
            yield hand_table(self.state, self.seat)
            return
        for k in range(0, len(ids), per_row):
            yield hand_table(self.state, self.seat, ids[k:k + per_row], first=k + 1)


def render_board(state, viewer: int = 0, names=None, recent=(), reveal: bool = False):
    """The whole table as a rich renderable, seen from ``viewer`` (``reveal`` shows every hand). The table preset
    says what is shown: honba, deposits and riichi marks (``riichi``), dora indicators (``dora``), each player's
    flowers (``flowers``); scores counted from 0 (the MCR table) show their sign."""
    pre = state.preset
    names = names or ["You" if s == viewer else f"AI {s}" for s in range(4)]
    head = Text()
    head.append(find_ruleset(pre.rules).round_heading.format(wind=WIND_NAMES[state.round_wind]), style="bold")
    if pre.riichi:
        head.append(f"  ·  honba {state.honba}  ·  deposits {state.sticks}")
    head.append(f"  ·  tiles left {state.live_left}")
    if pre.dora:
        head.append("  ·  dora ")
        head.append_text(tiles_text([state.tile(t) for t in state.dora_indicators]))
    seats = Table(box=None, show_header=True, pad_edge=False, padding=(0, 1))
    seats.add_column("seat", no_wrap=True)
    seats.add_column("score", justify="right")
    if pre.flowers:
        seats.add_column("flowers", no_wrap=True)
    seats.add_column("melds")
    seats.add_column("discards")
    for s in range(4):
        p = state.players[s]
        label = Text(f"{WIND_NAMES[state.seat_wind(s)][0]} {names[s]}", style="bold" if s == viewer else "")
        if state.turn == s and state.phase in ("act", "draw"):
            label.append(" ◀", style="bold yellow")
        score = Text((f"{p.score:+,}" if p.score else "0") if pre.start_points == 0 else f"{p.score:,}")
        if p.riichi:
            score.append(" R", style="bold magenta")
        cells = [label, score]
        if pre.flowers:
            flowers = tiles_text(sorted(state.tile(f) for f in getattr(p, "flowers", ())), sep="")
            flowers.stylize("magenta")
            cells.append(flowers)
        melds = Text(" ").join(meld_text(state, m) for m in p.melds) if p.melds else Text("")
        if reveal and s != viewer:
            melds = Text(" ").join([tiles_text(sorted(state.tile(t) for t in p.hand), sep="")] +
                                   ([melds] if p.melds else []))
        seats.add_row(*cells, melds, river_text(state, s))
    parts = [head, Text(""), seats]
    if pre.riichi:
        parts.append(Text("discards: * riichi tile, ^ called by another player", style="dim"))
    parts.append(Text(""))
    if recent:
        parts.append(Text("  ".join(recent[-6:]), style="dim"))
    hp = state.players[viewer]
    mine = Text("Your hand", style="bold")
    if hp.melds:
        mine.append("   melds ")
        mine.append_text(Text(" ").join(meld_text(state, m) for m in hp.melds))
    if hp.waits and len(hp.hand) % 3 == 1:
        mine.append("   waits ")
        mine.append_text(tiles_text([Tile(k) for k in hp.waits]))
    parts += [mine, HandView(state, viewer)]
    return Group(*parts)
