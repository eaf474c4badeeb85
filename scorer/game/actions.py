"""Actions: what a seat may choose, and the pieces every table's legal actions share. The engine validates every
chosen action against the table's list.

An :class:`Action` names physical tile ids. A table's ``legal_actions`` lists one action per distinct choice (two
plain 5m are the same choice; a red 5m is another); :func:`is_legal` accepts any action equivalent to a listed one
whose ids the player really holds. :func:`legal_actions` and :func:`is_legal` ask the state's table rules object
(:mod:`scorer.game.rules`): the riichi table's live in :mod:`scorer.game.rules.riichi`, the MCR table's in
:mod:`scorer.game.rules.mcr`.
"""

from __future__ import annotations

from dataclasses import dataclass


DISCARD, RIICHI, TSUMO, ANKAN, KAKAN, RON, CHI, PON, KAN, PASS = (
    "discard", "riichi", "tsumo", "ankan", "kakan", "ron", "chi", "pon", "kan", "pass")
# an abortive draw a player may declare on an uninterrupted first draw (九種九牌), at tables that list it
NINE_TERMINALS = "nine_terminals"
# three-player tables (TablePreset.nuki): a North set aside as nuki dora (抜きドラ); the seat then draws a
# replacement tile, as after a kan. ``tile``: the North's id.
NUKI = "nuki"


@dataclass(frozen=True, slots=True)
class Action:
    """One choice. ``tile``: the discard (discard, riichi), the added tile (kakan), the winning tile (tsumo, ron),
    the called discard (chi, pon, kan). ``tiles``: the player's own tiles used (chi, pon, kan: 2, 2, 3; ankan: 4)."""

    type: str
    seat: int
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def key(self, table) -> tuple:
        """Equal for equivalent choices: the same kinds with the same red fives."""
        return (self.type, self.seat, None if self.tile is None else _code(table, self.tile),
                tuple(sorted(_code(table, t) for t in self.tiles)) if self.tiles else ())

    def describe(self, table) -> str:
        t = "" if self.tile is None else str(table[self.tile])
        own = "".join(str(table[x]) for x in sorted(self.tiles))
        if self.type in (CHI, PON, KAN):
            return f"{self.type} {t} with {own}"
        if self.type == ANKAN:
            return f"closed kan {own}"
        if self.type == NINE_TERMINALS:
            return "nine terminals (abortive draw)"
        if self.type == NUKI:
            return f"nuki {t} (set aside as dora)"
        return f"{self.type} {t}".strip()


def _code(table, tile_id: int) -> int:
    """A tile id's kind and red flag as one int (two copies of a plain kind share it)."""
    return (tile_id >> 2) * 2 + (1 if table[tile_id].red else 0)


_CODES: dict[int, tuple[int, ...]] = {}


def _codes_of(table) -> tuple[int, ...]:
    """Every tile id's :func:`_code` under a tile table (one tuple per table: the tables are module constants)."""
    found = _CODES.get(id(table))
    if found is None or len(found) != len(table):
        found = _CODES[id(table)] = tuple(_code(table, t) for t in range(len(table)))
    return found


def _dedupe(actions: list[Action], table) -> list[Action]:
    """One action per distinct choice (the first listed stands for its equivalent copies); the actions are
    one seat's, so the key leaves the seat out."""
    codes = _codes_of(table)
    seen = set()
    out = []
    for a in actions:
        t = a.tile
        k = (a.type, -1 if t is None else codes[t], tuple(sorted(codes[x] for x in a.tiles)) if a.tiles else ())
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out


def kan_declarations(p, seat: int, counts: list[int]) -> list[Action]:
    """The kans a player may declare on their turn, both tables alike: a concealed kan of each kind held four
    times (``counts``: the hand's counts by kind), an added kan with each tile that completes one of their pons."""
    out = []
    for k in (range(34) if 4 in counts else ()):
        if counts[k] == 4:
            out.append(Action(ANKAN, seat, None, tuple(sorted(t for t in p.hand if t >> 2 == k))))
    for m in p.melds:
        if m.kind == "pon":
            for t in p.hand:
                if t >> 2 == m.tiles[0] >> 2:
                    out.append(Action(KAKAN, seat, t))
    return out


# every seat's discard of every tile id (actions are frozen values: one object per seat and tile id, so a turn's
# discards are looked up, not built); ids 0-143: the 136 tiles and the MCR flowers
DISCARD_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(tuple(Action(DISCARD, s, t) for t in range(144))
                                                        for s in range(4))


# every seat's pass (one frozen value a seat)
PASS_ACTIONS: tuple[Action, ...] = tuple(Action(PASS, s) for s in range(4))


def _discard_action(seat: int, tile: int) -> Action:
    """The discard of ``tile`` by ``seat``."""
    return DISCARD_ACTIONS[seat][tile]


def discard_choices(table, hand: list[int], drawn: int | None) -> list[int]:
    """One tile id per distinct discard (kind and red flag) in hand order, the drawn tile first: of equal
    copies the listed one is the drawn one (tsumogiri; Enter discards it in text mode)."""
    codes = _codes_of(table)
    if drawn in hand:
        seen = {codes[drawn]}
        choices = [drawn]
    else:
        seen = set()
        choices = []
    for t in hand:
        c = codes[t]
        if c not in seen:
            seen.add(c)
            choices.append(t)
    return choices


def chi_partners(k: int) -> list[list[int]]:
    """The two other kinds of each sequence a tile of kind ``k`` completes (chi at the riichi table, chow at the
    MCR table): up to three, none for an honor."""
    if k >= 27:
        return []
    pos = k % 9
    return [[k - pos + lo + i for i in range(3) if lo + i != pos] for lo in (pos - 2, pos - 1, pos) if 0 <= lo <= 6]


_CHI_PARTNERS = tuple(chi_partners(k) for k in range(34))


def _discard_left(hand: list[int], used: tuple[int, ...], forbidden: frozenset[int]) -> bool:
    """A call is allowed only if the caller then has a tile that kuikae lets them discard."""
    rest = list(hand)
    for t in used:
        rest.remove(t)
    return any((t >> 2) not in forbidden for t in rest)


def matches_listed(state, action: Action, legal: list[Action]) -> bool:
    """Is ``action`` one of ``legal`` (up to equivalent copies) with ids the seat really holds? The validator's
    last step at every table."""
    for a in legal:
        if a is action:         # one of the listed actions itself: built from the seat's own tiles
            return True
    table = state.table
    key = action.key(table)
    if not any(a.key(table) == key for a in legal):
        return False
    hand = state.players[action.seat].hand
    own = list(action.tiles)
    if action.type in (DISCARD, RIICHI, KAKAN) or (action.type == TSUMO):
        own.append(action.tile)
    if action.type == TSUMO and action.tile != state.last_draw:
        return False
    if action.type == RON and action.tile not in (state.last_discard, state.kakan_tile):
        return False
    if action.type in (CHI, PON, KAN) and action.tile != state.last_discard:
        return False
    rest = list(hand)
    for t in own:
        if t not in rest:
            return False
        rest.remove(t)
    return True


# ---- every table: its rules object answers ----------------------------------------------------------------------
def legal_actions(state, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now under the state's table rules ([] if the seat has nothing to decide).
    Responses include ``pass``."""
    return state.rules.legal_actions(state, seat)


def is_legal(state, action: Action, legal: list[Action] | None = None) -> bool:
    """Is ``action`` legal now under the state's table rules (up to equivalent copies, with ids the seat really
    holds)? ``legal``: the list already computed for this state, if any."""
    return state.rules.validate(state, action, legal)


# the riichi table's win checks, where callers have always found them (imported on first use: the riichi rules
# module imports this one)
_RIICHI_NAMES = ("win_hand", "score_win", "evaluator", "can_kan")


def __getattr__(name: str):
    if name in _RIICHI_NAMES:
        from scorer.game.rules import riichi
        return getattr(riichi, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
