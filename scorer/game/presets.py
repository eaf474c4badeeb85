"""Table presets: the rules of play at the table (not of scoring), as frozen data looked up by name.

The game engine reads every rule that differs between tables from a :class:`TablePreset`; code never tests a
preset's name. A preset's ``table`` (else its ``rules``) names the table rules object that plays it
(:func:`scorer.game.rules.find_table`). Scoring options (kuitan, red fives as dora, kiriage ...) belong to the
scorer's own presets and are named here by ``scorer_preset``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from scorer.errors import MjscoreError
from scorer.kinds import SANMA_ABSENT_MASK


@dataclass(frozen=True, slots=True)
class GameRules:
    """How deals make a game (``mjscore play --game east|south``, the MCR ``match``): who deals next, what carries
    over, when the game ends and how the end is scored. Read by the game driver (:mod:`scorer.game.match`); code
    never tests a rule's name.

    Points are the table's own (riichi: 25,000 each; MCR: from 0). The end's score is
    ``(points - return_points) / 1000 + uma[place]``, plus the return's surplus (oka: ``seats x (return - start)``)
    to the first place (``uma`` has one value a seat: four, or three at a three-player table); ``round_to`` rounds the points first (Tenhou: to the thousand, 500 up).

    The last deal (All-Last) and every deal of the extension are played alike: a dealer who repeats plays on
    unless he leads with at least ``goal`` points (then agari-yame / tenpai-yame end the game); a deal that
    passes ends the game once anyone has ``goal`` points, or when the extension's last deal is over.
    """
    name: str
    return_points: int = 30000          # kaeshi: the points a player "gives back" (oka to the top)
    uma: tuple[int, ...] = (20, 10, -10, -20)   # by place (one a seat: 4 or 3), in thousands of points
    round_to: int = 0                   # points rounded to this before the score (0: exact)
    # how a half is rounded: "up" (24,500 -> 25,000, -1,500 -> -1,000) | "away" from zero (-5,500 -> -6,000)
    round_half: str = "up"
    score_unit: int = 1000              # the score counts points in these units (MCR: 1, the points themselves)
    renchan_on_win: bool = True         # the dealer deals again after winning (honba + 1)
    renchan_on_tenpai: bool = True      # ... after an exhaustive draw in tenpai (honba + 1 at every draw)
    renchan_on_abortive: bool = True    # ... after an abortive draw (nine terminals, four winds, ...)
    honba: bool = True                  # a repeat counter: + 1 after a dealer win or any draw, 0 after another win
    leftover_deposits: str = "top"      # riichi deposits on the table at the end: "top" (first place) | "lost"
    bust: bool = True                   # a score below zero ends the game (zero does not)
    agari_yame: bool = True             # the last dealer, first after winning, ends the game instead of repeating
    tenpai_yame: bool = True            # ... and after an exhaustive draw in tenpai
    stop_is_a_choice: bool = False      # the dealer is asked (may play on); False: the game stops by itself
    goal: int = 30000                   # after the last deal someone must have this many points, else extension
    extension_winds: int = 1            # sudden death in the next wind(s) until someone reaches the goal
    # the MCR match: the player at each chair for each prevailing wind (empty: the seats never change) and the
    # table points by place (empty: none; ties share them)
    seating: tuple[tuple[int, int, int, int], ...] = ()
    table_points: tuple[int, ...] = ()


def oka_of(preset: "TablePreset") -> int:
    """The return's surplus that goes to the first place: the seats times (return - start), in points."""
    g = preset.game
    return 0 if g is None else preset.players * (g.return_points - preset.start_points)


# Tenhou's ranked rooms (the translation of Tenhou's rules at arcturus.su/mjw, "Tenhou.net rules"): 25,000
# start, 30,000 return (oka +20 to the top), uma 10-20; dealer repeat on a win and on tenpai, every abortive draw
# repeats; a score below zero ends the game; at All-Last the dealer who is first stops on a win or in tenpai
# (agari-yame, tenpai-yame, automatic); if nobody has 30,000 after the last deal the game goes into the next wind
# (East game: South, South game: West) and ends as soon as someone has 30,000 (sudden death), at the latest
# after that wind's fourth deal; the points are rounded to the thousand (4 down, 5 up); deposits left at the end
# go to the first; ties in place go to the earlier first dealer's seat order.
TENHOU_GAME = GameRules("tenhou", return_points=30000, uma=(20, 10, -10, -20), round_to=1000)

# Mahjong Soul's ranked rooms (riichi.wiki "Majsoul", its Rules and Ladder sections: uma, start, score formula,
# bankruptcy, tie-breaker, leftover deposits; a Steam community guide to its ranked play: the extension, the
# All-Last dealer's stop): 25,000 start; the end's points count from 25,000 (no oka) with uma +15/+5/-5/-15;
# dealer repeat on a win or tenpai, abortive draws repeat; negative points end the game (zero does not); the
# All-Last dealer who leads ends the game; below 30,000 for everyone after the last deal the game goes on into
# the next wind, at the latest to its fourth deal; leftover deposits to the first; ties by seat order from the
# first dealer.
MAHJONGSOUL_GAME = GameRules("mahjongsoul", return_points=25000, uma=(15, 5, -5, -15), round_to=0)

# Tenhou's three-player ranked rooms (tenhou.net's manual, "段位戦3人打ち"; riichi.wiki "Sanma" and "Tenhou.net
# rules"): 35,000 start, 40,000 return (oka +15 to the top), uma +20/0/-20; otherwise the four-player game's rules
# (dealer repeat on a win and on tenpai, bust below zero, agari-yame and tenpai-yame, the extension into the next
# wind while nobody has the return, the points rounded to the thousand). The real game sanma2.xml ends
# 27,400 / 83,100 / -5,500 with the scores -13 / +79 / -66: (27,000 - 40,000) / 1000 + 0 = -13 for the second,
# -66 = (-6,000 - 40,000) / 1000 - 20 for the third (a half rounded away from zero: -5,500 -> -6,000; the
# four-player records' halves are all positive, rounded up alike), the first takes the remainder.
TENHOU_SANMA_GAME = GameRules("tenhou-sanma", return_points=40000, uma=(20, 0, -20), round_to=1000,
                              round_half="away", goal=40000)

# mjscore's own game on the one-deal table: Tenhou's game rules without the rounding, and the leading last
# dealer's stop is his choice (as at many tables; an AI always stops)
STANDARD_GAME = GameRules("standard", return_points=30000, uma=(20, 10, -10, -20), round_to=0,
                          stop_is_a_choice=True)

# The MCR match (Chinese Official rules, the Green Book; its seat change as explained at reachmahjong.com's
# forum, "MCR round seat change", from the Green Book): four prevailing winds of four deals, the deal passing
# on after every deal (no dealer repeat, no honba, no deposits); after the East wind the East and South players
# swap chairs and so do West and North; after the South wind the chairs turn East->West, West->South,
# South->North, North->East; after the West wind East/South and West/North swap again. Each wind's first dealer
# sits in the first chair. Players by their first-deal wind (A East, B South, C West, D North), the chairs in
# turn order: East wind A B C D, South wind B A D C, West wind C D B A, North wind D C A B. The match's table
# points: 4, 2, 1, 0 by place, tied places sharing theirs.
MCR_GAME = GameRules("mcr", return_points=0, uma=(0, 0, 0, 0), score_unit=1, renchan_on_win=False,
                     renchan_on_tenpai=False, renchan_on_abortive=False, honba=False, leftover_deposits="lost",
                     bust=False, agari_yame=False, tenpai_yame=False, goal=0, extension_winds=0,
                     seating=((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1)), table_points=(4, 2, 1, 0))


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
    # three-player tables (issue #17): the seats at the table (3 or 4), the tile kinds left out of the wall
    # (a kind mask, scorer.kinds: SANMA_ABSENT_MASK for 2m-8m), whether chi may be called, and whether a North
    # may be set aside as nuki dora (actions.NUKI, with a replacement draw)
    players: int = 4
    absent_kinds: int = 0
    chi: bool = True
    nuki: bool = False
    # the dead wall's replacement tiles, shared by kans and North extractions (three-player: 4 kans + 4 Norths);
    # each replacement past the dead wall's own four is made up from the live wall's end (Wall.draw_replacement)
    replacements: int = 4
    # another player may ron on a North just set aside (no chankan yaku; letting it go is no furiten) -- Tenhou's
    # rule. (A North set aside always ends every ippatsu and the first go-around, as a call does.)
    nuki_robbed: bool = False
    # a thirteen orphans hand waiting on a kind may ron on another player's closed kan of it (chankan): Mahjong
    # Soul's rule (riichi.wiki "Chankan": "the last tile needed for the yakuman may be won from an opponent's
    # ankan ... in some rules, kokushi cannot win in this way"); Tenhou's rooms and the one-deal card do not
    # allow it (riichi.wiki's "Kokushi denied" record, tenhou.net 2013121107gm-0019-0000-b01e54cd); MCR never does
    kokushi_robs_ankan: bool = False
    # the table rules object that plays this preset (scorer.game.rules.find_table); "": the rule set's own table
    table: str = ""
    # the engine that runs one deal at this table ("module:Class")
    engine: str = "scorer.game.engine:Engine"
    # how deals make a game at this table (mjscore play --game ...): GameRules, None for a one-deal table
    game: GameRules | None = field(default=STANDARD_GAME, compare=False)

    @property
    def karaten_noten(self) -> bool:
        """At an exhaustive draw a karaten hand is noten (the replays' settlement reads this)."""
        return self.karaten != "tenpai"

    @property
    def karaten_riichi(self) -> bool:
        """A karaten hand may declare riichi."""
        return self.karaten != "noten"

    def to_dict(self) -> dict:
        from dataclasses import asdict
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.game is not None:
            out["game"] = asdict(self.game)
        return out


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
                min_points=8, game=MCR_GAME, engine="scorer.game.mcr:McrEngine"),
    # issue #6: Tenhou's ranked rooms, enough to replay real games (double ron: the tenhou table,
    # scorer.game.rules.tenhou; settlement in scorer.game.tenhou)
    TablePreset("tenhou", "Tenhou.net four-player ranked rooms (喰赤): 25,000 each, red fives, double ron (triple "
                          "ron aborts), kans after riichi that keep the waits, abortive draws, nagashi mangan, pao, "
                          "deposits carried",
                scorer_preset="tenhou", kan_after_riichi="waits_unchanged", multiple_ron="double",
                draw_deposits="carry", missed_ron_furiten="wait",
                abortive_draws=("nine_terminals", "four_winds", "four_riichi", "triple_ron", "four_kans"),
                kan_dora="after_discard", pao=True, karaten="riichi_noten", table="tenhou", game=TENHOU_GAME),
    # issue 14: Mahjong Soul's ranked rooms (riichi.wiki "Majsoul", its Rules section): the table plays as
    # Tenhou's (double ron with the honba and deposits to the nearest winner, kans after riichi that keep the
    # waits, abortive draws, nagashi mangan, pao, deposits carried; kan dora of an open kan after its discard),
    # but three rons are no abortive draw there: this table settles the two nearest winners. Its own game
    # rules (MAHJONGSOUL_GAME) and scoring options (the scorer's "mahjongsoul" preset).
    TablePreset("mahjongsoul", "Mahjong Soul four-player ranked rooms: 25,000 each, red fives, double ron, kans "
                               "after riichi that keep the waits, abortive draws (no triple-ron draw), nagashi "
                               "mangan, pao, deposits carried; uma +15/+5/-5/-15, no oka",
                scorer_preset="mahjongsoul", kan_after_riichi="waits_unchanged", multiple_ron="double",
                draw_deposits="carry", missed_ron_furiten="wait",
                abortive_draws=("nine_terminals", "four_winds", "four_riichi", "four_kans"),
                kan_dora="after_discard", pao=True, karaten="riichi_noten", kokushi_robs_ankan=True, table="tenhou",
                game=MAHJONGSOUL_GAME),
    # issue #17: Tenhou's three-player ranked rooms (三麻, tenhou.net's manual "段位戦3人打ち"; riichi.wiki "Sanma",
    # its Tenhou notes, and "Tenhou.net rules"): 108 tiles (no 2m-8m), three seats (East, South, West), 35,000
    # each, red fives (0p, 0s; the 5m is absent), no chi; a North may be set aside as nuki dora (one dora each,
    # more when North is the dora) with a replacement draw from the dead wall (rinshan kaihou on it), at most
    # 4 kans and 4 Norths, a replacement each; a North set aside is like a call (ends ippatsu and the first
    # go-around) and may be robbed by ron (no chankan yaku; riichi.wiki "Sanma", its Tenhou notes: "North can be
    # robbed even with non-yakuman hand ... Chankan yaku is not applied"); no four-winds or four-riichi draws;
    # noten payments 2,000 in total (one tenpai: +2,000 / -1,000 each; two: +1,000 each / -2,000); deposits
    # carried; payments by the scorer's "tenhou-sanma" preset (tsumo-son: the missing North's share is not paid;
    # honba 100 from each payer of a tsumo). Checked against the real game sanma2.xml (replay --verify).
    TablePreset("tenhou-sanma", "Tenhou.net three-player ranked rooms (三麻): 108 tiles without 2m-8m, 35,000 "
                                "each, no chi, North set aside as nuki dora with a replacement draw, tsumo-son, "
                                "noten payments 2,000, double ron, deposits carried; uma +20/0/-20, 40,000 return",
                scorer_preset="tenhou-sanma", start_points=35000, kan_after_riichi="waits_unchanged",
                multiple_ron="double", draw_deposits="carry", missed_ron_furiten="wait",
                abortive_draws=("nine_terminals", "four_kans"), noten_payment=2000,
                kan_dora="after_discard", pao=True, karaten="riichi_noten", table="tenhou",
                players=3, absent_kinds=SANMA_ABSENT_MASK, chi=False, nuki=True, replacements=8, nuki_robbed=True,
                game=TENHOU_SANMA_GAME),
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
    "players": "seats at the table",
    "absent_kinds": "tile kinds left out of the wall",
    "chi": "chi",
    "nuki": "North set aside as nuki dora (with a replacement draw)",
    "replacements": "replacement tiles (kans and Norths share them)",
    "nuki_robbed": "ron on a North set aside",
    "kokushi_robs_ankan": "thirteen orphans robbing a closed kan",
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
        ("kan_dora", "after_discard"): "an open or added kan's new indicator after its replacement draw, as its discard "
                                         "is made (a closed kan's at once)",
        ("kan_dora", "none"): "no dora",
        ("multiple_ron", "double"): "double ron: two players may win on one discard (three rons abort)",
        ("kuikae", "none"): "no restriction",
        ("missed_ron_furiten", "none"): "none",
        ("draw_deposits", "none"): "no deposits",
        ("absent_kinds", 0): "none (136 tiles)",
        ("absent_kinds", SANMA_ABSENT_MASK): "2m-8m (108 tiles)",
    }
    from scorer.game.rules import find_table
    table = find_table(preset)          # which fields mean something at this table, and its rules in words
    rows = []
    for f in fields(preset):
        if f.name in ("name", "description", "table", "game", "engine") or f.name in table.card_hidden:
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
    return rows + list(table.card_rows_for(preset)) + game_rules_rows(preset)


def game_rules_rows(preset: TablePreset) -> list[tuple[str, str]]:
    """The preset's game rules (``--game east|south``, the MCR match) as (rule, value) rows in plain words."""
    g = preset.game
    if g is None:
        return []
    if g.table_points:
        order = ", ".join("".join("ABCD"[p] for p in chairs) for chairs in g.seating)
        return [("game (--game match)", "four prevailing winds of four deals, the deal passing on every deal"),
                ("seats between winds", f"players A B C D by their first wind sit, in turn order: {order}"),
                ("table points", "/".join(map(str, g.table_points)) + " by place, ties shared")]
    oka = oka_of(preset)
    rows = [("game return (oka)", f"{g.return_points:,}" + (f" (+{oka // 1000} to the first)" if oka else "")),
            ("uma", "/".join(f"{u:+d}" for u in g.uma)),
            ("dealer repeat", ", ".join(w for w, on in (("on a win", g.renchan_on_win),
                                                         ("in tenpai at a draw", g.renchan_on_tenpai),
                                                         ("at an abortive draw", g.renchan_on_abortive)) if on)
             or "never"),
            ("deposits left at the end", "to the first place" if g.leftover_deposits == "top" else "lost"),
            ("bust", "a score below zero ends the game" if g.bust else "no"),
            ("last dealer in the lead", (", ".join(w for w, on in (("stops on a win", g.agari_yame),
                                                                    ("stops in tenpai", g.tenpai_yame)) if on)
                                         + (" if he chooses" if g.stop_is_a_choice else "")) or "plays on"),
            ("extension", f"nobody at {g.goal:,} after the last deal: sudden death for {g.extension_winds} more "
                          "wind" if g.extension_winds else "none")]
    if g.round_to:
        rows.append(("final points rounded", f"to {g.round_to:,} (half "
                                             f"{'away from zero' if g.round_half == 'away' else 'up'})"))
    return rows
