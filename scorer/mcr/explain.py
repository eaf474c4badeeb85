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


# ---- explaining one hand's count -----------------------------------------------------------------------------------
def _set_text(code: int, chow: bool) -> str:
    """A set as notation: a chow by its middle code ("456p"), a pung by its code ("555m", "111z")."""
    from scorer.mcr.fans import KIND_OF_CODE
    from scorer.tiles import Tile
    kind = KIND_OF_CODE[code]
    text = str(Tile(kind))
    rank, suit = int(text[:-1]), text[-1]
    return f"{rank - 1}{rank}{rank + 1}{suit}" if chow else f"{rank}{rank}{rank}{suit}"


def _combination_instances(chows: tuple, pungs: tuple, pair: int) -> list[tuple[int, tuple[str, ...]]]:
    """Every fan that some two, three or four sets of an arrangement make, each with its sets, before the
    account-once principle keeps some of them: [(fan id, set texts)], larger combinations first."""
    from itertools import combinations as choose
    from scorer.mcr import combinations as C
    out: list[tuple[int, tuple[str, ...]]] = []
    chow_texts = [_set_text(c, True) for c in chows]
    if len(chows) == 4:
        fan = C._terminal_chows(chows, pair)
        if fan:
            out.append((fan, tuple(chow_texts)))
    for n, check in ((4, C._four_chows_fan), (3, C._three_chows_fan), (2, C._two_chows_fan)):
        for idx in choose(range(len(chows)), n):
            fan = check(*(chows[i] for i in idx))
            if fan:
                out.append((fan, tuple(chow_texts[i] for i in idx)))
    numbered = [c for c in pungs if c < 0x41]  # honor pungs combine only in the checks' fans (winds, dragons)
    pung_texts = [_set_text(c, False) for c in numbered]
    for n, check in ((4, C._four_pungs_fan), (3, C._three_pungs_fan), (2, C._two_pungs_fan)):
        for idx in choose(range(len(numbered)), n):
            fan = check(*(numbered[i] for i in idx))
            if fan and fan not in C._PUNG_FANS_OWNED_BY_CHECKS:
                out.append((fan, tuple(pung_texts[i] for i in idx)))
    return out


def _fan_row(fid: int, count: int, values: list[int]) -> dict:
    fid = F.PUNG_OF_TERMINALS_OR_HONORS if fid == F.POT_WIND else fid  # the wind part is the same fan
    f = F.FAN_BY_ID[fid]
    return {"name": f.name, "chinese": f.chinese, "points": values[fid], "count": count}


def explain_count(hand, preset: str | None = None) -> dict:
    """Why the count of a complete MCR hand is what it is, as plain values (what ``mjscore score`` adds to its
    output; not part of a result's ``to_dict``, so batch rows do not pay for it):

    * ``not_counted``: each fan present but not counted, with ``reason`` ``"excluded"`` (the non-repeat principle:
      ``by`` names the fan whose row in :data:`scorer.mcr.exclusions.EXCLUSIONS` removes it) or ``"account-once"``
      (sets that already combined into a counted fan: ``sets`` are its sets, ``by`` the counted fans they make);
    * ``made_by``: each counted combination fan with the sets that make it.

    * ``dropped``: the win flags the rules make impossible, dropped, and why (:func:`~scorer.mcr.evaluate.
      dropped_flags`).

    ``not_counted`` and ``made_by`` are empty for a hand that is not complete."""
    from scorer.mcr.combinations import set_fans
    from scorer.mcr.evaluate import dropped_flags, explain, preset_values
    from scorer.mcr.presets import find_preset
    out: dict = {"form": None, "not_counted": [], "made_by": [], "dropped": dropped_flags(hand)}
    entry = explain(hand, preset)
    if entry is None:
        return out
    form, chows, pungs, pair, before, why, counted = entry
    out["form"] = form
    p = find_preset(preset if preset is not None else _preset_of(hand))
    values = preset_values(p)
    not_counted = out["not_counted"]
    for fid, (by, n) in why.items():
        row = _fan_row(fid, n, values)
        row.update(reason="excluded", by=[F.FAN_BY_ID[by].name],
                   why=f"not counted beside {F.FAN_BY_ID[by].name} (non-repeat)")
        not_counted.append(row)
    if form == F.STANDARD:
        kept = dict(set_fans(chows, pungs, pair))  # what the account-once principle keeps, by fan
        made: list[tuple[int, tuple[str, ...]]] = []
        dropped: list[tuple[int, tuple[str, ...]]] = []
        for fid, sets in _combination_instances(chows, pungs, pair):
            if kept.get(fid, 0) > 0:
                kept[fid] -= 1
                made.append((fid, sets))
            else:
                dropped.append((fid, sets))
        for fid, sets in made:
            if fid in counted:
                out["made_by"].append({"name": F.FAN_BY_ID[fid].name, "chinese": F.FAN_BY_ID[fid].chinese,
                                       "sets": list(sets)})
        grouped: dict[tuple, int] = {}  # the same fan of the same sets (two identical chows): one row, counted
        for instance in dropped:
            grouped[instance] = grouped.get(instance, 0) + 1
        for (fid, sets), n in grouped.items():
            by = []
            for mid, msets in made:
                name = F.FAN_BY_ID[mid].name
                if set(sets) & set(msets) and name not in by:
                    by.append(name)
            row = _fan_row(fid, n, values)
            row.update(reason="account-once", by=by, sets=list(sets),
                       why=f"its sets {' '.join(sets)} already combine into "
                           + (", ".join(by) if by else "other fans") + " (account-once)")
            not_counted.append(row)
    return out


def _preset_of(hand) -> str | None:
    """The preset a hand names when it is one of MCR's (as the evaluator reads it), else None (the default)."""
    from scorer.mcr.evaluate import _names_our_preset
    return hand.preset if hand.preset is not None and _names_our_preset(hand.rules) else None
