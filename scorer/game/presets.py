"""Table presets: the rules of play at the table (not of scoring), as frozen data looked up by name.

The game engine reads every rule that differs between tables from a :class:`TablePreset`; code never tests a
preset's name. A preset's ``table`` (else its ``rules``) names the table rules object that plays it
(:func:`scorer.game.rules.find_table`). Scoring options (kuitan, red fives as dora, kiriage ...) belong to the
scorer's own presets and are named here by ``scorer_preset``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from scorer.errors import MjscoreError


@dataclass(frozen=True, slots=True)
class TablePreset:
    name: str
    description: str
    rules: str = "riichi"
    scorer_preset: str = "standard"
    start_points: int = 25000
    red_fives: bool = True              # one red five per suit (physical ids 16, 52, 88)
    dead_wall: int = 14                 # dora/ura indicators and kan replacement tiles
    max_kans: int = 4                   # replacement tiles in the dead wall: a kan needs one left
    riichi_cost: int = 1000             # the deposit
    riichi_min_points: int = 1000       # a player needs this many points to declare
    riichi_min_tiles: int = 4           # ... and this many tiles left in the live wall
    kan_after_riichi: str = "never"     # "never" | "waits_unchanged" (closed kan of the drawn tile only)
    multiple_ron: str = "head_bump"     # "head_bump": only the nearest claimant after the discarder wins
    kuikae: str = "strict"              # "strict": no discard of the called kind, nor the chi's other end
    # temporary furiten: "legal_ron" (the one-deal card): passing a ron you could legally make (complete, not
    # furiten, a yaku) | "wait" (Tenhou): any tile of a winning kind going by | "none" (MCR: no furiten)
    missed_ron_furiten: str = "legal_ron"
    noten_payment: int = 3000           # paid in total by the noten players at an exhaustive draw
    draw_deposits: str = "return"       # "return" to their owners (single deal) | "carry" to the next deal
    abortive_draws: tuple[str, ...] = ()  # none in a single deal: four kans simply stop further kans
    kan_dora: str = "immediate"         # a kan's new indicator is turned over right after the kan
    calls_on_last_discard: bool = False  # chi/pon/kan on the houtei discard
    pao: bool = False                   # liability for daisangen/daisuushii (settled by scorer.game.tenhou)
    # karaten: a hand whose only waits are kinds the player holds all four of (hand and melds). "noten" (the
    # one-deal card): not tenpai, so no riichi and noten at a draw | "riichi_noten" (Tenhou): riichi may be
    # declared, noten at a draw | "tenpai": riichi may be declared and the hand is tenpai at a draw
    karaten: str = "noten"
    # MCR table switches (issue #5; the MCR table's rules object is scorer/game/rules/mcr.py, its engine mcr.py)
    flowers: int = 0                    # flower tiles in the wall (MCR: 8, ids 136-143), replaced from the far end
    riichi: bool = True                 # riichi can be declared
    dora: bool = True                   # dora indicators are shown
    min_points: int = 0                 # points a win needs, flowers not counted (MCR: 8)
    # the table rules object that plays this preset (scorer.game.rules.find_table); "": the rule set's own table
    table: str = ""

    @property
    def karaten_noten(self) -> bool:
        """At an exhaustive draw a karaten hand is noten (the replays' settlement reads this)."""
        return self.karaten != "tenpai"

    @property
    def karaten_riichi(self) -> bool:
        """A karaten hand may declare riichi."""
        return self.karaten != "noten"

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


PRESETS: dict[str, TablePreset] = {p.name: p for p in (
    TablePreset("standard", "mjscore's one-deal table: 25,000 each, red fives, head bump, no kans after riichi, "
                            "noten payments 3,000, deposits returned after a draw"),
    # issue #5: the MCR table (rules scorer.game.rules.mcr, engine scorer.game.mcr): 144 tiles, no dead wall,
    # replacements from the far end
    TablePreset("mcr", "Chinese Official (MCR) table: 144 tiles with 8 flowers, 8-point minimum, no riichi, "
                       "no dora, no red fives; self-drawn: each pays 8 + total; on a discard: the discarder "
                       "8 + total, the others 8; a draw pays nothing",
                rules="mcr", scorer_preset="mcr", start_points=0, red_fives=False, dead_wall=0, max_kans=16,
                riichi_cost=0, riichi_min_points=0, riichi_min_tiles=0, kuikae="none", missed_ron_furiten="none",
                karaten="tenpai",
                noten_payment=0, draw_deposits="none", kan_dora="none", flowers=8, riichi=False, dora=False,
                min_points=8),
    # issue #6: Tenhou's ranked rooms, enough to replay real games (double ron: the tenhou table,
    # scorer.game.rules.tenhou; settlement in scorer.game.tenhou)
    TablePreset("tenhou", "Tenhou.net four-player ranked rooms (喰赤): 25,000 each, red fives, double ron (triple "
                          "ron aborts), kans after riichi that keep the waits, abortive draws, nagashi mangan, pao, "
                          "deposits carried",
                scorer_preset="tenhou", kan_after_riichi="waits_unchanged", multiple_ron="double",
                draw_deposits="carry", missed_ron_furiten="wait",
                abortive_draws=("nine_terminals", "four_winds", "four_riichi", "triple_ron", "four_kans"),
                kan_dora="after_discard", pao=True, karaten="riichi_noten", table="tenhou"),
)}

DEFAULT_PRESET = "standard"

RULE_TEXT = {
    "start_points": "points each player starts with",
    "red_fives": "one red five per suit",
    "dead_wall": "tiles in the dead wall (dora, ura and kan replacements)",
    "max_kans": "kans per deal (each needs a replacement tile)",
    "riichi_cost": "riichi deposit",
    "riichi_min_points": "points needed to declare riichi",
    "riichi_min_tiles": "tiles needed in the wall to declare riichi",
    "kan_after_riichi": "kans after riichi",
    "multiple_ron": "several rons on one discard",
    "kuikae": "kuikae (swap calling)",
    "missed_ron_furiten": "temporary furiten",
    "noten_payment": "noten payment at an exhaustive draw",
    "draw_deposits": "riichi deposits after a draw",
    "abortive_draws": "abortive draws",
    "kan_dora": "kan dora",
    "calls_on_last_discard": "chi/pon/kan on the last discard",
    "pao": "liability (pao) for daisangen and daisuushii",
    "karaten": "karaten (waiting only on kinds you hold all four of)",
    "flowers": "flower tiles (revealed and replaced from the far end)",
    "riichi": "riichi",
    "dora": "dora indicators",
    "min_points": "points a win needs (flowers not counted)",
}


class PresetError(MjscoreError):
    """An unknown table preset."""


# modules that register more table presets into PRESETS when imported (kept out of this module's imports)
PRESET_MODULES = ("scorer.game.tenhou",)


def all_presets() -> dict[str, TablePreset]:
    """Every table preset, including those other modules register."""
    import importlib
    for mod in PRESET_MODULES:
        try:
            importlib.import_module(mod)
        except ImportError:
            pass
    return PRESETS


def find_preset(name: str | None = None) -> TablePreset:
    """The table preset called ``name`` (``None``: the default). Unknown names raise :class:`PresetError`."""
    if name is None:
        return PRESETS[DEFAULT_PRESET]
    if isinstance(name, TablePreset):
        return name
    p = PRESETS.get(name.strip().lower()) or all_presets().get(name.strip().lower())
    if p is None:
        raise PresetError(f"unknown table preset {name!r} (known: {', '.join(PRESETS)})")
    return p


def rules_card_rows(preset: TablePreset) -> list[tuple[str, str]]:
    """The preset's table rules as (rule, value) rows in plain words, for the rules card."""
    words = {
        ("kan_after_riichi", "never"): "not allowed",
        ("kan_after_riichi", "waits_unchanged"): "closed kan of the drawn tile if the waits do not change",
        ("multiple_ron", "head_bump"): "head bump: only the nearest player after the discarder wins",
        ("kuikae", "strict"): "after chi/pon no discard of the called kind; after chi not the other end either",
        ("missed_ron_furiten", "wait"): "any tile of a winning kind going by (even one you could not ron): no "
                                        "ron until your next draw; in riichi: for the rest of the deal",
        ("missed_ron_furiten", "legal_ron"): "passing a ron you could make (complete, not furiten, a yaku): no "
                                             "ron until your next draw; in riichi: for the rest of the deal",
        ("karaten", "noten"): "not tenpai: no riichi, and noten at an exhaustive draw",
        ("karaten", "riichi_noten"): "riichi may be declared, but the hand is noten at an exhaustive draw",
        ("karaten", "tenpai"): "tenpai: riichi may be declared and the hand counts as tenpai at a draw",
        ("draw_deposits", "return"): "returned to their owners",
        ("draw_deposits", "carry"): "stay on the table",
        ("kan_dora", "immediate"): "a new indicator is shown right after each kan",
        ("kan_dora", "after_discard"): "a new indicator after the kan's discard (a closed kan's at once)",
        ("kan_dora", "none"): "no dora",
        ("multiple_ron", "double"): "double ron: two players may win on one discard (three rons abort)",
        ("kuikae", "none"): "no restriction",
        ("missed_ron_furiten", "none"): "none",
        ("draw_deposits", "none"): "no deposits",
    }
    from scorer.game.rules import find_table
    table = find_table(preset)          # which fields mean something at this table, and its rules in words
    rows = []
    for f in fields(preset):
        if f.name in ("name", "description", "table") or f.name in table.card_hidden:
            continue
        v = getattr(preset, f.name)
        if (f.name, v) in words:
            text = words[(f.name, v)]
        elif isinstance(v, bool):
            text = "yes" if v else "no"
        elif isinstance(v, tuple):
            text = ", ".join(v) if v else "none"
        elif isinstance(v, int):
            text = f"{v:,}"
        else:
            text = str(v)
        rows.append((RULE_TEXT.get(f.name, f.name), text))
    return rows + list(table.card_rows)
