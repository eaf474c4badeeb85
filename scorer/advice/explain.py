"""The why of an MCR count, arrangement by arrangement: every reading of the hand the evaluator scores (the
standard arrangements into sets, seven pairs, the knitted forms, ...), each with its fans and total, the chosen
one marked, and why it wins. (Riichi: :mod:`scorer.riichi.explain`.)

Stage: advice, after the MCR evaluator. The readings are the evaluator's own trace of the forms it scores (what
:func:`scorer.mcr.evaluate.explain` reads to explain the winning one), valued with the preset's points
(:func:`scorer.mcr.evaluate.preset_values`). This reads two helpers of the MCR modules that are not yet public
(``_prepare``/``_best`` of :mod:`scorer.mcr.evaluate`, ``_set_text``/``_fan_row`` of :mod:`scorer.mcr.explain`):
the change that would make them one public function there is in the report of the advice work.
"""

from __future__ import annotations

from scorer.hand import Hand


def mcr_arrangements(hand: Hand, preset: str | None = None) -> dict:
    """``arrangements`` [{``form``, ``sets``, ``fans`` [{``name``, ``chinese``, ``points``, ``count``}],
    ``total``, ``chosen``}] and ``why`` for a complete MCR hand (no arrangements for one that is not)."""
    from scorer.mcr import fans as F
    from scorer.mcr.evaluate import _best, _prepare, evaluate, preset_values
    from scorer.mcr.explain import _fan_row, _set_text
    from scorer.mcr.presets import find_preset
    result = evaluate(hand, preset)
    if result.form is None:
        return {"arrangements": [], "why": f"no arrangement: the hand is {result.reason}"}
    p = find_preset(result.preset)
    values = preset_values(p)
    info = _prepare(hand, p, grouped=False)
    info.trace = []
    best = _best(info)
    rows = []
    for form, chows, pungs, pair, _before, _why, counted in info.trace:
        fans = [_fan_row(fid, n, values) for fid, n in sorted(counted.items())]
        total = sum(f["points"] * f["count"] for f in fans)
        sets = [_set_text(c, True) for c in chows] + [_set_text(c, False) for c in pungs]
        if pair and sets:
            pung = _set_text(pair, False)
            sets.append(pung[1:])       # the pair: "555m" -> "55m"
        text = " ".join(sets)
        if form != "standard":          # seven pairs, thirteen orphans, the knitted forms: named first
            text = form.replace("_", " ") + (" + " + text if text else "")
        rows.append({"form": form, "sets": text, "fans": fans, "total": total,
                     "chosen": counted is best[2]})
    chosen = next((r for r in rows if r["chosen"]), None)
    others = [r for r in rows if not r["chosen"]]
    if chosen is None:
        why = "chosen by the evaluator"
    elif not others:
        why = f"one reading only: {chosen['sets']}"
    else:
        parts = []
        for o in others:
            if o["total"] < chosen["total"]:
                parts.append(f"more points than {o['sets']} ({chosen['total']} > {o['total']})")
            else:
                parts.append(f"ties with {o['sets']} ({o['total']}): the first reading is kept unless a later one "
                             f"has {F.FAN_BY_ID[F.PURE_TRIPLE_CHOW].name} or {F.FAN_BY_ID[F.TRIPLE_PUNG].name}; "
                             f"an arrangement that ties with seven pairs is preferred")
        why = f"chosen: {chosen['sets']} — " + "; ".join(parts)
    return {"arrangements": rows, "why": why}
