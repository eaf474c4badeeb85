"""Hand analysis for a player: how far a hand of 13 or 14 tiles is from winning, and what each wait is worth.

Stage: after the core, beside the evaluators (what ``mjscore analyze`` shows). Nothing here measures a hand:
shanten, waits and ukeire come from the one core (:mod:`scorer.shanten`) under the rule set's shape choices
(the rule set's shape fields in :mod:`scorer.rulesets`: MCR counts four of a kind as two of its seven pairs and
knows the knitted shapes), and a wait's value is the rule set's own evaluator scoring the completed hand (:func:`scorer.score`), so a wait's total is
always what ``score`` says of that hand.

:func:`analyze` returns plain values (the JSON the CLI prints):

- 13 tiles: ``shanten``; when tenpai, ``waits`` (each wait's tile and, when the rule set values waits, the total
  of the hand won on it under the line's situation — ron unless ``tsumo`` is written — and whether it reaches the
  minimum: MCR's 8 points); otherwise ``ukeire`` (each improving kind with the copies not in view);
- 14 tiles: the hand's own ``shanten`` and ``discards``: each distinct discard with the shanten after it, its
  ukeire (the tile thrown counted in view: it lies in the river, as ``analyze --ev`` counts it) and (rule sets
  that value waits) the waits that reach the minimum.

Under a three-player preset (``preset:tenhou-sanma``) the table plays 108 tiles: the kinds it lacks (2m-8m, the
preset's ``absent_mask``) are never drawn, so they are no ukeire and no wait (a hand holding one is refused), and
the dict says ``"players": 3``;
the Norths set aside (``nuki:N``) are in view like meld tiles (a wait whose copies are all in the hand, the melds
and the nuki is no wait: karaten). The shapes need nothing else: a hand of the 108 tiles is completed only by
tiles of the 108 (no 2m-8m, so no man sequence), as riichienv's three-player shanten and waits agree.
"""

from __future__ import annotations

from scorer.errors import ImpossibleHandError, MjscoreError
from scorer.hand import Hand
from scorer.kinds import N_KINDS, NORTH, KindMask
from scorer.rulesets import RuleSet, find_ruleset
from scorer.shanten import shanten_counts, ukeire_counts, waits_counts
from scorer.tiles import Tile, counts34


def read_hand(text: str, rules: str | None = None, preset: str | None = None) -> Hand:
    """A hand of 13 or 14 tiles read by the same grammar and checks as ``mjscore score`` (``rules`` and
    ``preset`` are defaults: the line's own ``rules:``/``preset:`` win). Raises :class:`~scorer.errors.NotationError`
    or :class:`~scorer.errors.ImpossibleHandError` quoting the input."""
    from grammar import parse_hand
    hand = parse_hand(text, rules=rules, preset=preset, allow_incomplete=True)
    n = hand.tile_count
    if n not in (13, 14):
        raise ImpossibleHandError(f"analyze needs 13 or 14 tiles, not {n}", text)
    return hand


def _in_view(hand: Hand) -> list[int]:
    """Copies of each kind the hand shows in its declared melds and its Norths set aside (nuki): they cannot be
    drawn."""
    seen = [0] * N_KINDS
    for m in hand.melds:
        for t in m.tiles:
            seen[t.kind] += 1
    seen[NORTH] += hand.situation.nuki
    return seen


def never_drawn(absent: KindMask) -> list[Tile]:
    """Four copies of each kind a table lacks (three players: 2m-8m): what a draw model counts as in view, so it
    never draws them (the advice at such a table: ``analyze --ev``, the play screen's ``h``)."""
    return [Tile(k) for k in range(N_KINDS) if absent >> k & 1 for _ in range(4)]


def absent_kinds(hand: Hand, shapes: RuleSet) -> tuple[KindMask, int]:
    """(the kinds the table of the hand's preset lacks, its seats): ``(SANMA_ABSENT_MASK, 3)`` under a
    three-player preset, ``(0, 4)`` otherwise (a rule set's preset without ``absent_mask``/``players`` lacks
    nothing)."""
    preset = shapes.find_preset(hand.preset)
    return getattr(preset, "absent_mask", 0), getattr(preset, "players", 4)


def _ukeire(counts, melds: int, seen, shapes: RuleSet, absent: KindMask = 0) -> list[dict]:
    _, uk = ukeire_counts(counts, melds, seen, shapes.four_as_two_pairs, shapes.knitted, absent)
    return [{"tile": str(Tile(k)), "left": n} for k, n in uk]


def _wait_rows(hand: Hand, closed: tuple[Tile, ...], counts, seen, shapes: RuleSet,
               absent: KindMask = 0) -> list[dict]:
    """Each wait of the 13 ``closed`` tiles (with the hand's melds): its tile and, when valued, the completed
    hand's totals as the evaluator gives them. A kind the table lacks (``absent``) is no wait."""
    melds = len(hand.melds)
    kinds = waits_counts(counts, melds, shapes.four_as_two_pairs, shapes.knitted, seen)
    if absent:
        kinds = [k for k in kinds if not absent >> k & 1]
    rows = []
    for k in kinds:
        row: dict = {"tile": str(Tile(k))}
        if shapes.value_waits:
            row.update(wait_value(hand, closed, Tile(k)))
        rows.append(row)
    return rows


def completed(hand: Hand, closed: tuple[Tile, ...], tile: Tile) -> Hand:
    """The hand of ``closed`` concealed tiles (and the hand's melds, situation, flowers, rules) won on ``tile``."""
    return Hand(closed, hand.melds, tile, hand.situation, hand.flowers, hand.rules, hand.preset)


def wait_value(hand: Hand, closed: tuple[Tile, ...], tile: Tile) -> dict:
    """What the evaluator gives the hand won on ``tile``: ``fan_total``, ``total``, ``meets_minimum`` and the
    fans' names (or ``error`` when the line's situation cannot go with this wait, e.g. ``last-tile``)."""
    from scorer import score
    try:
        d = score(completed(hand, closed, tile)).to_dict()
    except MjscoreError as exc:
        return {"error": str(exc).split("\n", 1)[0], "meets_minimum": False}
    return {"fan_total": d.get("fan_total"), "total": d.get("total"), "meets_minimum": bool(d.get("meets_minimum")),
            "fans": [f["name"] + (f" ×{f['count']}" if f.get("count", 1) > 1 else "") for f in d.get("fans", ())]}


def analyze(hand: Hand) -> dict:
    """The analysis of a 13- or 14-tile hand as plain values (see the module docstring)."""
    shapes = find_ruleset(hand.rules)      # its shape choices: four_as_two_pairs, knitted, value_waits
    closed = hand.closed_tiles
    counts = counts34(closed)
    melds = len(hand.melds)
    seen = _in_view(hand)
    absent, players = absent_kinds(hand, shapes)
    for t in hand.all_tiles:
        if absent >> t.kind & 1:
            raise ImpossibleHandError(f"{t.plain} under preset:{hand.preset}: a three-player table has no 2m-8m",
                                      hand.notation())
    sh = shanten_counts(counts, melds, shapes.four_as_two_pairs, shapes.knitted, absent=absent)
    out: dict = {"rules": hand.rules, "hand": hand.notation(), "tiles": hand.tile_count, "melds": melds,
                 "shanten": sh}
    if players != 4:
        out["players"] = players
    if hand.tile_count == 13:
        if sh == 0:
            out["waits"] = _wait_rows(hand, closed, counts, seen, shapes, absent)
        else:
            out["ukeire"] = _ukeire(counts, melds, seen, shapes, absent)
        return out
    discards = []
    for k in range(N_KINDS):
        if not counts[k]:
            continue
        counts[k] -= 1
        after = shanten_counts(counts, melds, shapes.four_as_two_pairs, shapes.knitted, absent=absent)
        seen[k] += 1   # the tile thrown lies in the river: one copy fewer of its kind left to draw
        uk = _ukeire(counts, melds, seen, shapes, absent)
        seen[k] -= 1   # (a wait is judged on the hand's own tiles only, as Tenhou judges karaten)
        row: dict = {"discard": str(Tile(k)), "shanten": after, "ukeire": sum(u["left"] for u in uk), "tiles": uk}
        if shapes.value_waits and after == 0:
            rest = list(closed)
            rest.remove(next(t for t in closed if t.kind == k))
            waits = _wait_rows(hand, tuple(rest), counts, seen, shapes, absent)
            row["waits"] = [w for w in waits if w.get("meets_minimum")]
        counts[k] += 1
        discards.append(row)
    # best first: lowest shanten, then (valued) most waits reaching the minimum, then most copies left
    discards.sort(key=lambda r: (r["shanten"], -len(r.get("waits", ())), -r["ukeire"]))
    out["discards"] = discards
    return out
