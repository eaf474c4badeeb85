"""The text-mode table: a rich rendering of a game state from one seat's point of view, for as many seats as the
state has (four, or three at a three-player table).

Shows the round, tiles left (of a 108-tile wall at a three-player table), the dora (and their indicators) and
deposits; for every seat its wind, score, riichi, melds (the called tile and from whom) and river (each tile's
mark: ``'`` drawn and discarded at once, tsumogiri; ``*`` the riichi tile; ``^`` called by another player);
another player's closed kan as the table shows it (two tiles face down at the riichi table, all four at the MCR
table: :attr:`TableView.concealed_kong`); the Norths each seat set aside (nuki, three-player); the viewer's hand
with indexes, the drawn tile set apart, its shanten and waits (with how many copies of each are still live) and a
furiten mark. At the MCR table (the preset says so): the prevalent wind, each player's flowers, no dora, riichi or
deposits. Tiles are shown as notation (``5m 1z``), with honors by name (``E Wh``) or as Unicode mahjong glyphs
(:class:`TableView`, ``--tiles``), every tile in cells of one width so the columns stay aligned. Below 60 columns
each seat takes two lines. Reads the state only; never changes it. Shanten and waits come from the one core
(:mod:`scorer.shanten`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorer.kinds import DORA_SUCCESSOR, FLOWER_BASE, N_KINDS, RED_FIVE_IDS
from scorer.rulesets import find_ruleset
from scorer.tiles import HONOR_NAMES, Tile

WIND_NAMES = HONOR_NAMES[:4]      # East South West North
SUIT_STYLE = {"m": "bright_white", "p": "cyan", "s": "green", "z": "yellow", "f": "magenta"}
TILE_FACES = ("notation", "names", "glyphs")
# honors by name: East South West North, White Green Red dragons (two cells each, padded)
HONOR_FACES = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
# Unicode mahjong tiles (U+1F000 ...): winds, then Red, Green, White dragons, then 1-9 of characters, bamboo, dots,
# then the flowers (plum, orchid, bamboo, chrysanthemum) and seasons
_GLYPH_M, _GLYPH_S, _GLYPH_P = 0x1F007, 0x1F010, 0x1F019
_GLYPH_HONOR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_GLYPH_FLOWER = 0x1F022
_GLYPH_BACK = 0x1F02B     # MAHJONG TILE BACK: a tile face down
CELL = 2            # cells every tile face takes (padded), so rows of tiles line up


def _riichi_shanten(counts, melds):
    from scorer.shanten import shanten_counts
    return shanten_counts(counts, melds)


def _riichi_waits(counts, melds):
    from scorer.shanten import waits_counts
    return waits_counts(counts, melds)


@dataclass(frozen=True)
class TableView:
    """How a text mode shows its table: tile faces (``notation``, ``names``, ``glyphs``), the table's words for
    the actions (MCR: chow, pung, kong, hu) and the one core's shanten and waits of a hand under its rules."""

    faces: str = "notation"
    words: dict = field(default_factory=lambda: {"chi": "chi", "pon": "pon", "kan": "kan", "ron": "ron",
                                                 "tsumo": "tsumo", "ankan": "closed kan", "kakan": "added kan"})
    shanten: Callable = _riichi_shanten      # (counts by kind, melds) -> shanten of a 3n+1 or 3n+2 hand
    waits: Callable = _riichi_waits          # (counts by kind, melds) -> winning kinds of a 3n+1 hand
    # what the other players see of a closed kan (concealed kong): "outer_down" (riichi: the two outer tiles face
    # down, the two middle ones face up, so its kind is in view) | "face_down" (MCR: all four face down until
    # the hand is shown, as scorer.game.rules.mcr.in_view_counts counts it). Its owner sees it face up.
    concealed_kong: str = "outer_down"

    def face(self, tile: Tile) -> str:
        """The tile as shown, padded to :data:`CELL` cells."""
        if self.faces == "glyphs":
            s = chr(_glyph(tile))
        elif self.faces == "names" and tile.suit == "z":
            s = HONOR_FACES[tile.kind - 27]
        else:
            s = str(tile)
        return s + " " * max(0, CELL - cell_len(s))

    def word(self, action_type: str) -> str:
        return self.words.get(action_type, action_type)

    def back(self) -> str:
        """A tile face down, padded to :data:`CELL` cells: the tile back glyph, or ``##`` in text."""
        s = chr(_GLYPH_BACK) if self.faces == "glyphs" else "##"
        return s + " " * max(0, CELL - cell_len(s))

    def kong_shown(self, tiles: list[int]) -> list[int | None]:
        """The tile ids of a closed kan as the other players see them, in order, None for a tile face down:
        the table's :attr:`concealed_kong` view (a red five, where the kan holds one, among the face-up
        middle tiles)."""
        if self.concealed_kong == "face_down":
            return [None] * len(tiles)
        middle = sorted(tiles, key=lambda t: (t not in RED_FIVE_IDS, t))[:2]
        return [None, *sorted(middle), None]

    def seen_of_meld(self, m, owner: int, viewer: int) -> list[int]:
        """The tile ids of ``owner``'s meld ``m`` that ``viewer`` sees (a closed kan by the table's view: all
        four when its kind is shown, as the riichi table counts it; none when it lies face down)."""
        if m.kind != "ankan" or owner == viewer or self.concealed_kong != "face_down":
            return list(m.tiles)
        return []


DEFAULT_VIEW = TableView()


def _glyph(tile: Tile) -> int:
    k = tile.kind
    if k >= FLOWER_BASE:
        return _GLYPH_FLOWER + k - FLOWER_BASE
    if k >= 27:
        return _GLYPH_HONOR[k - 27]
    return (_GLYPH_M, _GLYPH_P, _GLYPH_S)[k // 9] + k % 9


def tile_text(tile, style: str | None = None, view: TableView = DEFAULT_VIEW, pad: bool = True) -> Text:
    """A tile as a coloured face: red fives bold red, honors yellow; ``pad``: in cells of one width (rows of
    tiles), else as short as it is (in a line of words)."""
    st = "bold red" if tile.red else SUIT_STYLE.get(tile.suit, "")
    if style:
        st = f"{st} {style}".strip()
    face = view.face(tile)
    return Text(face if pad else face.rstrip(), style=st)


def tiles_text(tiles, sep: str = "", view: TableView = DEFAULT_VIEW) -> Text:
    out = Text()
    for i, t in enumerate(tiles):
        if i and sep:
            out.append(sep)
        out.append_text(tile_text(t, view=view))
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


def meld_text(state, m, owner: int | None = None, view: TableView = DEFAULT_VIEW, viewer: int | None = None,
              reveal: bool = False) -> Text:
    """A meld: a closed kan in ( ), face up to its owner (``viewer == owner``) or when hands are shown
    (``reveal``), else as the others see it (:meth:`TableView.kong_shown`: ``(##5m5m##)`` at the riichi table,
    ``(########)`` at the MCR table); a called meld in [ ] with the called tile last after ``|`` and an arrow to
    the wind of the player it came from (``[4m5m|6m←W]``); an added kan shows its added tile after ``+``."""
    table = state.table
    if m.kind == "ankan":
        if reveal or viewer is None or owner == viewer:
            return Text("(") + tiles_text(sorted(table[t] for t in m.tiles), view=view) + Text(")")
        out = Text("(")
        for t in view.kong_shown(sorted(m.tiles, key=lambda x: (table[x].kind, table[x].red, x))):
            out.append_text(Text(view.back(), style="dim") if t is None else tile_text(table[t], view=view))
        return out + Text(")")
    called = m.called
    if m.kind == "kakan":           # the pon's called tile: the one taken from the river
        own = [t for t in m.tiles if t != called]
        taken = next((t for t in own if t >> 2 == called >> 2), own[0])
        own.remove(taken)
        out = Text("[") + tiles_text(sorted(table[t] for t in own), view=view) + Text("|")
        out.append_text(tile_text(table[taken], "underline", view))
        out.append(_from(state, m.from_seat) + "+")
        out.append_text(tile_text(table[called], view=view))
        return out + Text("]")
    own = [t for t in m.tiles if t != called]
    out = Text("[") + tiles_text(sorted(table[t] for t in own), view=view) + Text("|")
    if called is not None:
        out.append_text(tile_text(table[called], "underline", view))
    out.append(_from(state, m.from_seat))
    return out + Text("]")


def _from(state, seat: int | None) -> str:
    return "" if seat is None else "←" + WIND_NAMES[state.seat_wind(seat)][0]


# river marks: one cell after each tile
MARK_TSUMOGIRI, MARK_RIICHI, MARK_CALLED = "'", "*", "^"


def river_text(state, seat: int, view: TableView = DEFAULT_VIEW) -> Text:
    out = Text()
    for r in state.players[seat].river:
        style = "dim strike" if r.called_by is not None else ("dim" if r.tsumogiri else None)
        out.append_text(tile_text(state.tile(r.tile), style, view))
        if r.riichi:
            out.append(MARK_RIICHI, style="bold magenta")
        elif r.called_by is not None:
            out.append(MARK_CALLED, style="dim")
        elif r.tsumogiri:
            out.append(MARK_TSUMOGIRI, style="dim")
        else:
            out.append(" ")
    out.rstrip()
    return out


def hand_table(state, seat: int, ids: list[int] | None = None, first: int = 1,
               view: TableView = DEFAULT_VIEW) -> Table:
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
        txt = tile_text(state.tile(tid), view=view)
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

    def __init__(self, state, seat: int, view: TableView = DEFAULT_VIEW):
        self.state = state
        self.seat = seat
        self.view = view

    def __rich_console__(self, console, options):
        ids = hand_order(self.state, self.seat)
        per_row = max(1, (options.max_width - 4) // self.CELL)
        if len(ids) <= per_row:
            yield hand_table(self.state, self.seat, view=self.view)
            return
        for k in range(0, len(ids), per_row):
            yield hand_table(self.state, self.seat, ids[k:k + per_row], first=k + 1, view=self.view)


# ---- what the viewer knows -------------------------------------------------------------------------------------
def visible_counts(state, viewer: int, view: TableView = DEFAULT_VIEW) -> list[int]:
    """Tiles of each kind the viewer can see: its own hand, every meld as the board shows it (another's closed
    kan by the table's view, :meth:`TableView.seen_of_meld`), every river tile not called (a called one is
    counted in its meld) and the dora indicators."""
    seen = [0] * 34
    for t in state.players[viewer].hand:
        if t >> 2 < 34:
            seen[t >> 2] += 1
    for s, p in enumerate(state.players):
        for m in p.melds:
            for t in view.seen_of_meld(m, s, viewer):
                seen[t >> 2] += 1
        for r in p.river:
            if r.called_by is None:
                seen[r.tile >> 2] += 1
        for t in getattr(p, "nuki", None) or ():        # Norths set aside (three-player), face up
            seen[t >> 2] += 1
    for t in state.dora_indicators:
        seen[t >> 2] += 1
    return seen


def is_furiten(state, seat: int) -> bool:
    """Furiten at the riichi table: a winning kind among one's discards, a passed ron (until the next draw), a
    passed winning tile in riichi."""
    p = state.players[seat]
    return bool(p.waits) and (p.temp_furiten or p.riichi_furiten or p.furiten_by_discards)


def hand_status(state, seat: int, view: TableView = DEFAULT_VIEW) -> Text:
    """The viewer's hand in words: complete, tenpai or n-shanten; the waits, each with its live copies (four less
    those the viewer can see); furiten. On the viewer's turn (one tile more) a tenpai hand lists the discards that
    keep it tenpai, each with the waits it leaves (at most three; in riichi: the drawn tile's)."""
    p = state.players[seat]
    counts = [0] * 34
    for t in p.hand:
        if t >> 2 < 34:
            counts[t >> 2] += 1
    melds = len(p.melds)
    seen = visible_counts(state, seat, view)
    absent = getattr(state.preset, "absent_kinds", 0)     # kinds not in the wall (three-player: 2m-8m)
    out = Text()
    sh = view.shanten(counts, melds)

    def waits_of(rest):
        w = Text()
        for i, k in enumerate(k for k in view.waits(rest, melds) if not absent >> k & 1):
            if i:
                w.append(" ")
            w.append_text(tile_text(Tile(k), view=view, pad=False))
            w.append(f"×{max(0, 4 - seen[k])}")
        return w

    if len(p.hand) % 3 == 2:
        if sh == -1:
            out.append("complete", style="bold green")
        elif sh == 0:
            out.append("tenpai: discard ", style="bold green")
            drawn = state.last_draw if state.turn == seat else None
            kinds = sorted({t >> 2 for t in p.hand if t >> 2 < 34})
            if p.riichi and drawn is not None:
                kinds = [drawn >> 2]
            shown = 0
            for k in kinds:
                rest = list(counts)
                rest[k] -= 1
                if view.shanten(rest, melds) != 0:
                    continue
                if shown == 3:
                    out.append(" …")
                    break
                if shown:
                    out.append(" | ")
                out.append_text(tile_text(Tile(k), view=view, pad=False))
                out.append(" → ")
                out.append_text(waits_of(rest))
                shown += 1
        else:
            out.append(f"{sh}-shanten")
    else:
        out.append("tenpai, waits " if sh == 0 else f"{sh}-shanten", style="bold green" if sh == 0 else "")
        if sh == 0:
            out.append_text(waits_of(counts))
    if state.preset.riichi and is_furiten(state, seat):
        out.append("  FURITEN", style="bold red")
    return out


def dora_of(indicator: int, absent: int = 0) -> int:
    """The dora kind an indicator kind shows: the next kind in its suit or honor group, skipping the kinds the
    table leaves out (``absent``, a kind mask: three-player 2m-8m, so 1m shows 9m as DORA_SUCCESSOR_SANMA has it)."""
    k = DORA_SUCCESSOR[indicator]
    while absent >> k & 1:
        k = DORA_SUCCESSOR[k]
    return k


def dora_text(state, view: TableView = DEFAULT_VIEW) -> Text:
    """The dora themselves, then their indicators in brackets (at a table without some kinds the next kind in
    the wall: three-player, 1m indicates 9m)."""
    table = state.table
    out = Text("dora ")
    inds = [table[t] for t in state.dora_indicators]
    out.append_text(tiles_text([Tile(dora_of(t.kind, getattr(state.preset, "absent_kinds", 0))) for t in inds],
                               sep=" ", view=view))
    out.append(" (indicator ")
    out.append_text(tiles_text(inds, sep=" ", view=view))
    out.append(")")
    return out


def nuki_of(state, seat: int) -> list[int]:
    """The North ids ``seat`` has set aside as nuki dora (three-player; none at a four-player table)."""
    return list(getattr(state.players[seat], "nuki", None) or ())


def nuki_text(state, seat: int, view: TableView = DEFAULT_VIEW) -> Text:
    """The seat's nuki pile: its Norths set aside, face up (``4z4z``), empty when it has none."""
    out = tiles_text([state.tile(t) for t in nuki_of(state, seat)], view=view)
    out.stylize("yellow")
    return out


class _Seats:
    """Every seat's line: a table at 60 columns or more, two lines per seat below."""

    def __init__(self, state, viewer, names, reveal, view):
        self.state, self.viewer, self.names, self.reveal, self.view = state, viewer, names, reveal, view

    def _cells(self, s):
        state, pre, view = self.state, self.state.preset, self.view
        p = state.players[s]
        label = Text(f"{WIND_NAMES[state.seat_wind(s)][0]} {self.names[s]}",
                     style="bold" if s == self.viewer else "")
        if state.turn == s and state.phase in ("act", "draw"):
            label.append(" ◀", style="bold yellow")
        score = Text((f"{p.score:+,}" if p.score else "0") if pre.start_points == 0 else f"{p.score:,}")
        if p.riichi:
            score.append(" R", style="bold magenta")
        flowers = None
        if pre.flowers:
            flowers = tiles_text(sorted(state.tile(f) for f in getattr(p, "flowers", ())), view=view)
            flowers.stylize("magenta")
        elif pre.nuki:          # three-player: the Norths the seat set aside (nuki dora), face up
            flowers = nuki_text(state, s, view)
        melds = Text(" ").join(meld_text(state, m, s, view, self.viewer, self.reveal) for m in p.melds) \
            if p.melds else Text("")
        if self.reveal and s != self.viewer:
            melds = Text(" ").join([tiles_text(sorted(state.tile(t) for t in p.hand), view=view)] +
                                   ([melds] if p.melds else []))
        return label, score, flowers, melds, river_text(state, s, view)

    def __rich_console__(self, console, options):
        pre = self.state.preset
        if options.max_width >= 60:
            seats = Table(box=None, show_header=True, pad_edge=False, padding=(0, 1))
            seats.add_column("seat", no_wrap=True)
            seats.add_column("score", justify="right", no_wrap=True)
            if pre.flowers:
                seats.add_column("flowers", no_wrap=True)
            elif pre.nuki:
                seats.add_column("nuki", no_wrap=True)
            seats.add_column("melds")
            seats.add_column("discards")
            for s in range(len(self.state.players)):
                label, score, flowers, melds, river = self._cells(s)
                seats.add_row(*[x for x in (label, score, flowers, melds, river) if x is not None])
            yield seats
            return
        for s in range(len(self.state.players)):
            label, score, flowers, melds, river = self._cells(s)
            line = label + Text(" ") + score
            if flowers is not None and flowers.plain:
                line += (Text(" nuki ") if pre.nuki and not pre.flowers else Text(" ")) + flowers
            if melds.plain:
                line += Text(" ") + melds
            yield line
            yield Text("  ") + river


class _Fitted:
    """A line with its details (``full``) where they fit the width, else its short form (``short``), which wraps
    if it must: the three-player heading names the 108-tile wall only when the line stays one line."""

    def __init__(self, full: Text, short: Text):
        self.full, self.short = full, short

    def __rich_console__(self, console, options):
        yield self.full if cell_len(self.full.plain) <= options.max_width else self.short


def render_board(state, viewer: int = 0, names=None, recent=(), reveal: bool = False,
                 view: TableView = DEFAULT_VIEW, heading: str | None = None):
    """The whole table as a rich renderable, seen from ``viewer`` (``reveal`` shows every hand). The table preset
    says what is shown: honba, deposits and riichi marks (``riichi``), the dora (``dora``), each player's
    flowers (``flowers``); scores counted from 0 (the MCR table) show their sign. ``heading``: the deal's name in
    a game (``South 2``, after the rule set's heading), None for a single deal."""
    pre = state.preset
    names = names or ["You" if s == viewer else f"AI {s}" for s in range(len(state.players))]
    def head_line(wall: bool) -> Text:
        head = Text()
        head.append(find_ruleset(pre.rules).round_heading.format(wind=WIND_NAMES[state.round_wind]), style="bold")
        if heading:
            head.append(f" · {heading}", style="bold")
        if pre.riichi:
            head.append(f" · honba {state.honba} · deposits {state.sticks}")
        head.append(f" · {state.live_left} tiles left")
        absent = getattr(pre, "absent_kinds", 0)
        if absent and wall:     # a three-player wall: 108 tiles (no 2m-8m)
            head.append(f" of a {4 * (N_KINDS - bin(absent).count('1'))}-tile wall")
        if pre.dora and state.dora_indicators:
            head.append(" · ")
            head.append_text(dora_text(state, view))
        return head
    parts = [_Fitted(head_line(True), head_line(False)), _Seats(state, viewer, names, reveal, view)]
    if pre.riichi:
        parts.append(Text(f"river: {MARK_TSUMOGIRI} tsumogiri  {MARK_RIICHI} riichi  {MARK_CALLED} called   "
                          "meld: |called tile←from", style="dim"))
    else:
        parts.append(Text(f"river: {MARK_TSUMOGIRI} drawn and discarded  {MARK_CALLED} called   "
                          "meld: |called tile←from", style="dim"))
    if recent:
        parts.append(Text("  ".join(recent[-4:]), style="dim", overflow="ellipsis", no_wrap=True))
    hp = state.players[viewer]
    mine = Text("Your hand ", style="bold")
    if hp.melds:
        mine.append_text(Text(" ").join(meld_text(state, m, viewer, view, viewer) for m in hp.melds))
        mine.append(" ")
    mine.append_text(hand_status(state, viewer, view))
    parts += [mine, HandView(state, viewer, view)]
    return Group(*parts)
