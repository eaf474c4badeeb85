"""What each MCR fan means and what it excludes, for people: the one-line definitions and the fan table as rows.

Stage: MCR explanation (read by ``mjscore fans``). The fans themselves (id, names, points, check) are the rows of
:data:`scorer.mcr.fans.FANS` and the non-repeat rules are :data:`scorer.mcr.exclusions.EXCLUSIONS`; this module
adds only :data:`DEFINITIONS` (fan id -> a one-line definition, as the Mahjong Competition Rules state the fan)
and reads the rest from those two tables, under a preset (its points and its exclusion rows).
"""

from __future__ import annotations

from scorer.mcr import fans as F

DEFINITIONS: dict[int, str] = {
    F.BIG_FOUR_WINDS: "Pungs or kongs of all four winds.",
    F.BIG_THREE_DRAGONS: "Pungs or kongs of all three dragons.",
    F.ALL_GREEN: "Only green tiles: 2, 3, 4, 6, 8 bamboo and the Green Dragon.",
    F.NINE_GATES: "Concealed 1112345678999 of one suit, won on any tile of that suit.",
    F.FOUR_KONGS: "Four kongs, melded or concealed.",
    F.SEVEN_SHIFTED_PAIRS: "Seven pairs of one suit in consecutive ranks.",
    F.THIRTEEN_ORPHANS: "One of each terminal and honor, and a pair of one of them.",
    F.ALL_TERMINALS: "Only 1s and 9s.",
    F.LITTLE_FOUR_WINDS: "Pungs of three winds and a pair of the fourth.",
    F.LITTLE_THREE_DRAGONS: "Pungs of two dragons and a pair of the third.",
    F.ALL_HONORS: "Only honor tiles.",
    F.FOUR_CONCEALED_PUNGS: "Four concealed pungs or kongs.",
    F.PURE_TERMINAL_CHOWS: "Two 123 and two 789 chows of one suit and a pair of 5 of that suit.",
    F.QUADRUPLE_CHOW: "Four identical chows of one suit.",
    F.FOUR_PURE_SHIFTED_PUNGS: "Four pungs of one suit in consecutive ranks.",
    F.FOUR_PURE_SHIFTED_CHOWS: "Four chows of one suit, each one or each two ranks above the last.",
    F.THREE_KONGS: "Three kongs.",
    F.ALL_TERMINALS_AND_HONORS: "Only terminals and honors (both present).",
    F.SEVEN_PAIRS: "Seven pairs, concealed (four of a kind may count as two pairs).",
    F.GREATER_HONORS_AND_KNITTED_TILES: "All seven honors and seven tiles of one knitted straight (147/258/369 "
                                        "in three different suits), each tile different.",
    F.ALL_EVEN_PUNGS: "Four pungs of even-ranked tiles and a pair of an even rank.",
    F.FULL_FLUSH: "Only tiles of one suit.",
    F.PURE_TRIPLE_CHOW: "Three identical chows of one suit.",
    F.PURE_SHIFTED_PUNGS: "Three pungs of one suit in consecutive ranks.",
    F.UPPER_TILES: "Only tiles ranked 7, 8 and 9.",
    F.MIDDLE_TILES: "Only tiles ranked 4, 5 and 6.",
    F.LOWER_TILES: "Only tiles ranked 1, 2 and 3.",
    F.PURE_STRAIGHT: "The chows 123, 456 and 789 of one suit.",
    F.THREE_SUITED_TERMINAL_CHOWS: "123 and 789 chows of one suit, 123 and 789 of another, a pair of 5 of the third.",
    F.PURE_SHIFTED_CHOWS: "Three chows of one suit, each one or each two ranks above the last.",
    F.ALL_FIVE: "Every set and the pair hold a 5.",
    F.TRIPLE_PUNG: "Pungs of the same rank in all three suits.",
    F.THREE_CONCEALED_PUNGS: "Three concealed pungs or kongs.",
    F.LESSER_HONORS_AND_KNITTED_TILES: "Fourteen different tiles: honors and tiles of one knitted straight "
                                       "(147/258/369 in three suits), no set or pair.",
    F.KNITTED_STRAIGHT: "147, 258 and 369 in three different suits, with a set and a pair.",
    F.UPPER_FOUR: "Only tiles ranked 6 to 9.",
    F.LOWER_FOUR: "Only tiles ranked 1 to 4.",
    F.BIG_THREE_WINDS: "Pungs or kongs of three winds.",
    F.MIXED_STRAIGHT: "The chows 123, 456 and 789, each in a different suit.",
    F.REVERSIBLE_TILES: "Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, White Dragon.",
    F.MIXED_TRIPLE_CHOW: "The same chow in all three suits.",
    F.MIXED_SHIFTED_PUNGS: "Pungs in three suits, their ranks consecutive.",
    F.CHICKEN_HAND: "A winning hand that would otherwise score nothing (flowers aside).",
    F.LAST_TILE_DRAW: "Winning by drawing the last tile of the wall.",
    F.LAST_TILE_CLAIM: "Winning on the discard of the last tile drawn from the wall.",
    F.OUT_WITH_REPLACEMENT_TILE: "Winning on the replacement tile drawn after a kong.",
    F.ROBBING_THE_KONG: "Winning on the tile another player adds to a melded pung to make a kong.",
    F.ALL_PUNGS: "Four pungs or kongs and a pair.",
    F.HALF_FLUSH: "Tiles of one suit and honors.",
    F.MIXED_SHIFTED_CHOWS: "Chows in three suits, each one rank above the last.",
    F.ALL_TYPES: "Tiles of all five types: characters, dots, bamboo, winds and dragons.",
    F.MELDED_HAND: "Four melded sets and a single wait on the pair, won on a discard.",
    F.TWO_CONCEALED_KONGS: "Two concealed kongs.",
    F.TWO_DRAGONS_PUNGS: "Pungs or kongs of two dragons.",
    F.OUTSIDE_HAND: "Every set and the pair hold a terminal or an honor.",
    F.FULLY_CONCEALED_HAND: "No melded set (concealed kongs allowed), won by self-draw.",
    F.TWO_MELDED_KONGS: "Two melded kongs.",
    F.LAST_TILE: "Winning on a tile whose other three copies are in view.",
    F.DRAGON_PUNG: "A pung or kong of a dragon.",
    F.PREVALENT_WIND: "A pung or kong of the prevalent (round) wind.",
    F.SEAT_WIND: "A pung or kong of the player's seat wind.",
    F.CONCEALED_HAND: "No melded set (concealed kongs allowed), won on a discard.",
    F.ALL_CHOWS: "Four chows and a pair of a numbered suit.",
    F.TILE_HOG: "All four tiles of a kind used, not as a kong.",
    F.DOUBLE_PUNG: "Pungs of the same rank in two suits.",
    F.TWO_CONCEALED_PUNGS: "Two concealed pungs or kongs.",
    F.CONCEALED_KONG: "A concealed kong.",
    F.ALL_SIMPLES: "No terminals and no honors.",
    F.PURE_DOUBLE_CHOW: "Two identical chows of one suit.",
    F.MIXED_DOUBLE_CHOW: "The same chow in two suits.",
    F.SHORT_STRAIGHT: "Two chows of one suit making six consecutive ranks.",
    F.TWO_TERMINAL_CHOWS: "The chows 123 and 789 of one suit.",
    F.PUNG_OF_TERMINALS_OR_HONORS: "A pung or kong of terminals, or of a wind that is neither prevalent nor seat.",
    F.MELDED_KONG: "A melded kong.",
    F.ONE_VOIDED_SUIT: "One of the three suits missing.",
    F.NO_HONORS: "No honor tiles.",
    F.EDGE_WAIT: "Waiting only on the 3 of a 12 or the 7 of a 89.",
    F.CLOSED_WAIT: "Waiting only on the middle tile of a chow.",
    F.SINGLE_WAIT: "Waiting only on the tile that makes the pair.",
    F.SELF_DRAWN: "Winning on a tile drawn from the wall.",
    F.FLOWER_TILES: "One point for each flower or season (not counted toward the 8-point minimum).",
    F.CONCEALED_KONG_AND_MELDED_KONG: "A concealed kong and a melded kong (MIL; replaces their 1 + 2).",
}


def _notes() -> dict[int, str]:
    """Fans that the exclusion table alone does not explain (how the evaluator scores them)."""
    from scorer.mcr.combinations import NINE_GATES_EXTRAS
    extras = "; ".join(f"{'/'.join(str(r) for r in ranks)}: " + ", ".join(F.FAN_BY_ID[i].name for i in fans)
                       for fans, ranks in _by_value(NINE_GATES_EXTRAS).items())
    return {
        F.NINE_GATES: "A form of its own: beside it only the win fans count and, by the winning tile's rank, "
                      + extras + ".",
        F.CHICKEN_HAND: "Given only when no other fan (flowers aside) is counted.",
        F.FLOWER_TILES: "Added after the minimum is checked.",
    }


def _by_value(d: dict) -> dict:
    out: dict = {}
    for k, v in d.items():
        out.setdefault(v, []).append(k)
    return {v: sorted(ks) for v, ks in out.items()}


def fan_rows(preset: str | None = None) -> list[dict]:
    """The fan table as plain rows, in the table's order: ``id``, ``key``, ``name``, ``chinese``, ``points``
    (under the preset), ``definition``, ``excludes`` (the fans not counted beside it, by name) and
    ``excluded_by`` (the fans whose presence stops it being counted), and ``note`` (None, or how the evaluator
    scores a fan that the exclusion rows alone do not explain)."""
    from scorer.mcr.presets import find_preset
    p = find_preset(preset)
    excludes: dict[int, list[int]] = {}
    excluded_by: dict[int, list[int]] = {}
    for src, targets, _ in p.exclusions.rows:
        for t in targets:
            t = F.PUNG_OF_TERMINALS_OR_HONORS if t == F.POT_WIND else t      # the wind part is the same fan
            if t not in excludes.setdefault(src, []):
                excludes[src].append(t)
                excluded_by.setdefault(t, []).append(src)
    notes = _notes()
    rows = []
    for f in F.FANS:
        rows.append({"id": f.id, "key": f.key, "name": f.name, "chinese": f.chinese, "points": p.value(f.id),
                     "definition": DEFINITIONS[f.id],
                     "excludes": [F.FAN_BY_ID[t].name for t in excludes.get(f.id, ())],
                     "excluded_by": [F.FAN_BY_ID[s].name for s in excluded_by.get(f.id, ())],
                     "note": notes.get(f.id)})
    return rows
