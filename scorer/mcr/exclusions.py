"""MCR exclusions: which fans a fan implies (the non-repeat principle). Stage: MCR evaluation, after the checks of
:mod:`scorer.mcr.fans` and the combination fans of :mod:`scorer.mcr.combinations`.

* :data:`EXCLUSIONS` — the non-repeat table as data: when the fan on the left is present, the fans on the right
  are not counted. It is applied in the order written (the order the reference calculator applies it in), so a
  fan removed by an earlier row no longer removes anything itself.
* :data:`REDUCTIONS` — rows that remove some counts of a fan rather than all of it (none by default).
* :func:`compile_exclusions` — a preset's rows as an :class:`ExclusionTable`; :func:`exclude` applies one to a
  form's fans, the one place exclusions are applied.

What the rows remove depends only on which of their sources are present (a source removed by an earlier row
acts no more, whatever the counts), so given the mask of the fans present (:data:`scorer.mcr.parts.FanMask`)
:func:`exclude` looks up, by the sources present, the mask of every fan their rows remove (worked out once by
walking the rows) and deletes those present: one look-up where the walk reads every fan and row.
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.mcr import fans as F
from scorer.mcr.parts import mask_of

# ---- non-repeat ----------------------------------------------------------------------------------------------------
_POT = (F.PUNG_OF_TERMINALS_OR_HONORS, F.POT_WIND)

EXCLUSIONS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.BIG_FOUR_WINDS, (F.BIG_THREE_WINDS, F.ALL_PUNGS, *_POT, F.PREVALENT_WIND, F.SEAT_WIND)),
    (F.BIG_THREE_DRAGONS, (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_GREEN, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.FOUR_KONGS, (F.SINGLE_WAIT, F.ALL_PUNGS)),
    (F.SEVEN_SHIFTED_PAIRS, (F.SEVEN_PAIRS, F.FULL_FLUSH, F.CONCEALED_HAND, F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.THIRTEEN_ORPHANS, (F.ALL_TYPES, F.CONCEALED_HAND, F.SINGLE_WAIT, F.ALL_TERMINALS_AND_HONORS)),
    (F.ALL_TERMINALS, (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, *_POT, F.NO_HONORS,
                       F.DOUBLE_PUNG)),
    (F.LITTLE_FOUR_WINDS, (F.BIG_THREE_WINDS, *_POT)),
    (F.LITTLE_THREE_DRAGONS, (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_HONORS, (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, *_POT, F.ONE_VOIDED_SUIT)),
    (F.FOUR_CONCEALED_PUNGS, (F.ALL_PUNGS, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND)),  # self-drawn stays
    (F.PURE_TERMINAL_CHOWS, (F.SEVEN_PAIRS, F.FULL_FLUSH, F.ALL_CHOWS, F.PURE_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS,
                             F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.QUADRUPLE_CHOW, (F.PURE_SHIFTED_PUNGS, F.TILE_HOG, F.PURE_DOUBLE_CHOW)),
    (F.FOUR_PURE_SHIFTED_PUNGS, (F.PURE_TRIPLE_CHOW, F.ALL_PUNGS)),
    (F.FOUR_PURE_SHIFTED_CHOWS, (F.PURE_SHIFTED_CHOWS, F.TWO_TERMINAL_CHOWS, F.SHORT_STRAIGHT)),
    (F.ALL_TERMINALS_AND_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, *_POT)),
    (F.SEVEN_PAIRS, (F.CONCEALED_HAND, F.SINGLE_WAIT)),
    (F.GREATER_HONORS_AND_KNITTED_TILES, (F.ALL_TYPES, F.CONCEALED_HAND)),
    (F.ALL_EVEN_PUNGS, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    (F.FULL_FLUSH, (F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.PURE_TRIPLE_CHOW, (F.PURE_SHIFTED_PUNGS, F.PURE_DOUBLE_CHOW)),
    (F.PURE_SHIFTED_PUNGS, (F.PURE_TRIPLE_CHOW,)),
    (F.UPPER_TILES, (F.UPPER_FOUR, F.NO_HONORS)),
    (F.MIDDLE_TILES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LOWER_TILES, (F.LOWER_FOUR, F.NO_HONORS)),
    (F.THREE_SUITED_TERMINAL_CHOWS, (F.ALL_CHOWS, F.NO_HONORS, F.MIXED_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS)),
    (F.ALL_FIVE, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LESSER_HONORS_AND_KNITTED_TILES, (F.ALL_TYPES, F.CONCEALED_HAND)),
    (F.UPPER_FOUR, (F.NO_HONORS,)),
    (F.LOWER_FOUR, (F.NO_HONORS,)),
    (F.BIG_THREE_WINDS, (F.POT_WIND,)),  # its three wind pungs; a fourth terminal pung still counts
    (F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,)),
    (F.LAST_TILE_DRAW, (F.SELF_DRAWN,)),
    (F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,)),
    (F.ROBBING_THE_KONG, (F.LAST_TILE,)),
    (F.TWO_CONCEALED_KONGS, (F.CONCEALED_KONG,)),
    (F.HALF_FLUSH, (F.ONE_VOIDED_SUIT,)),
    (F.MELDED_HAND, (F.SINGLE_WAIT,)),
    (F.TWO_DRAGONS_PUNGS, (F.DRAGON_PUNG,)),
    (F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,)),
    (F.TWO_MELDED_KONGS, (F.MELDED_KONG,)),
    (F.ALL_CHOWS, (F.NO_HONORS,)),
    (F.ALL_SIMPLES, (F.NO_HONORS,)),
)

REDUCTIONS: tuple[tuple[int, int, int], ...] = ()
# (fan present, fan reduced, by how many): none in the default table; presets may add rows

class ExclusionTable(NamedTuple):
    """The rows as :func:`exclude` walks them: (source, removed ids, reduced (id, n) pairs); where each source's
    row is (``index``: fan id -> row; ``row_of``: a list by fan id of the row + 1, 0 for a fan without a row).
    ``sources``: the mask of the rows' sources; ``removals``: by the sources present (a mask), the mask of the
    fans their rows remove, filled as met; ``counted``: some row reduces counts (then the rows are walked);
    ``row_masks``: (source, the mask of the fans its row removes) of each row, in order."""

    rows: tuple
    index: dict
    row_of: list
    sources: int
    removals: dict
    counted: bool
    row_masks: tuple


def compile_exclusions(rows, reductions) -> ExclusionTable:
    """Turn the non-repeat rows and the reductions into one :class:`ExclusionTable`."""
    out = []
    red: dict[int, list] = {}
    for src, target, n in reductions:
        red.setdefault(src, []).append((target, n))
    done = set()
    for src, targets in rows:
        out.append((src, tuple(targets), tuple(red.get(src, ()))))
        done.add(src)
    for src, pairs in red.items():
        if src not in done:
            out.append((src, (), tuple(pairs)))
    index = {row[0]: i for i, row in enumerate(out)}
    row_of = [0] * F.TABLE_SIZE
    sources = 0
    for fid, i in index.items():
        row_of[fid] = i + 1
        sources |= 1 << fid
    return ExclusionTable(tuple(out), index, row_of, sources, {}, any(row[2] for row in out),
                          tuple((src, mask_of(targets)) for src, targets, _ in out))


def _removal(table: ExclusionTable, present: int) -> int:
    """The mask of every fan the rows of the sources in ``present`` remove when every fan that is no source is
    there too (what :func:`exclude` does to such fans: exactly the sources present act, in the table's order, a
    source removed by an earlier row acting no more), worked out from the rows' masks; kept in ``table.removals``.
    (The mask may name sources that are not present: :func:`exclude` reads it only over the fans present.)"""
    removed = 0
    for src, targets in table.row_masks:
        if present >> src & 1 and not removed >> src & 1:
            removed |= targets
    if len(table.removals) >= 50_000:
        table.removals.clear()
    table.removals[present] = removed
    return removed


def exclude_by_mask(fans: dict[int, int], table: ExclusionTable, mask: int, values: list[int]) -> int:
    """:func:`exclude` of fans whose :data:`~scorer.mcr.parts.FanMask` is ``mask``, by a table without reducing
    rows (``table.counted`` false): what the sources present remove is looked up, not walked; returns the points
    (``values``: by fan id) of the fans removed. (The hot path's call, without exclude's choice of way.)"""
    present = mask & table.sources
    if not present:
        return 0
    try:
        removed = table.removals[present]
    except KeyError:
        removed = _removal(table, present)
    hit = mask & removed
    lost = 0
    while hit:
        low = hit & -hit
        fid = low.bit_length() - 1
        lost += values[fid] * fans.pop(fid)
        hit ^= low
    return lost


_NO_POINTS = (0,) * F.TABLE_SIZE   # the points by fan id when the caller wants none counted


def exclude(fans: dict[int, int], table: ExclusionTable, why: dict | None = None, mask: int = -1,
            values: list[int] | None = None) -> int:
    """Remove the fans that the present fans imply, in place: the rows of the fans present, in the table's order,
    each removing its targets (and reducing its reduced fans); a fan removed by an earlier row removes nothing
    itself. This is the one place exclusions are applied. ``why`` (for explanations, off the hot path): filled
    before each removal with removed fan id -> (the fan whose row removed it, how many counts it lost).
    ``mask``: the :data:`~scorer.mcr.parts.FanMask` of ``fans`` when the caller has it; then (no ``why``, no
    reducing row) what the sources present remove is looked up, not walked, and with ``values`` (points by fan
    id) the points of the fans removed are returned (else 0)."""
    if mask >= 0 and why is None and not table.counted:
        return exclude_by_mask(fans, table, mask, _NO_POINTS if values is None else values)
    row_of = table.row_of
    picked = []  # the rows (1-based) of the fans present
    for f in fans:
        if row := row_of[f]:
            picked.append(row)
    if not picked:
        return 0
    if len(picked) > 1:
        picked.sort()  # in the table's order
    rows = table.rows
    for i in picked:
        src, targets, reductions = rows[i - 1]
        if src in fans:
            for t in targets:
                if t in fans:
                    if why is not None:
                        why[t] = (src, fans[t])
                    del fans[t]
            for t, n in reductions:
                if t in fans:
                    if why is not None:
                        why[t] = (src, min(n, fans[t]))
                    left = fans[t] - n
                    if left > 0:
                        fans[t] = left
                    else:
                        del fans[t]
    return 0
