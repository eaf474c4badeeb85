"""Rule variants side by side: one hand scored under several presets of its rule set, the rows where they differ,
and the preset option that causes each difference.

Stage: advice, after the evaluators. Every column is the rule set's own evaluator scoring the hand under that
preset (what ``mjscore score HAND --preset NAME`` says). A difference is explained against the first preset asked
for (the *baseline*):

- riichi: each option in which a preset differs from the baseline is tried alone (the baseline's options with
  that one option changed, scored by the same evaluator); the options whose change alone moves a row are that
  row's causes (kiriage, double yakuman, open tanyao, double-wind pair fu, red fives, ...);
- MCR: the editions' own table of the rules in which they differ (:data:`scorer.mcr.presets.EDITION_RULES`,
  read by :func:`~scorer.mcr.presets.edition_rules`) for the fans either edition counts.

:func:`compare` returns plain values (the JSON the CLI prints; the README lists the fields).
"""

from __future__ import annotations

import dataclasses

from scorer.errors import MjscoreError, NotationError
from scorer.hand import Hand
from scorer.rulesets import find_ruleset

ALL = "all"


class UnknownComparePreset(NotationError):
    """``--compare`` names a preset the hand's rule set does not have (a usage error)."""

# the rows of the table for each rule set: (row name, how it is read from a result dict)
_RIICHI_ROWS = ("yaku", "dora", "han", "fu", "limit", "points", "payments")
_MCR_ROWS = ("fans", "fan_total", "total", "meets_minimum", "payments")


def _payments(d: dict) -> str:
    return ", ".join(f"{p['from']} {p['amount']}" for p in d.get("payments") or ())


def _cell(d: dict, row: str):
    """The value of ``row`` in the result dict ``d`` (plain text or a number)."""
    if "error" in d:
        return None
    if row == "yaku":
        return ", ".join(f"{y['name']} {y['han']}" for y in d["yaku"]) or (d.get("reason") or "")
    if row == "dora":
        dora = d["dora"]
        return dora["dora"] + dora["red"] + dora["ura"]
    if row == "fans":
        return ", ".join(f"{f['name']} {f['points']}" + (f" ×{f['count']}" if f.get("count", 1) > 1 else "")
                         for f in d["fans"]) or (d.get("reason") or "")
    if row == "payments":
        return _payments(d)
    return d.get(row)


def preset_names(rules: str, wanted: str) -> list[str]:
    """The presets ``wanted`` names (comma-separated, or ``all``) among the rule set ``rules``' (a hand's
    ``rules``), in the order given; raises :class:`~scorer.errors.NotationError` for a name the rule set does not
    know, or fewer than two."""
    known = list(find_ruleset(rules).presets())
    if wanted.strip().lower() == ALL:
        return known
    names = []
    for raw in wanted.split(","):
        name = raw.strip().lower()
        if not name:
            continue
        if name not in known:
            raise UnknownComparePreset(f"--compare: {rules} has no preset {raw.strip()!r} (its presets: "
                                f"{', '.join(known)})")
        if name not in names:
            names.append(name)
    if len(names) < 2:
        raise UnknownComparePreset("--compare needs two presets or more (or all)")
    return names


def _score(ruleset, hand: Hand, preset) -> dict:
    try:
        return ruleset.evaluate(hand, preset=preset).to_dict()
    except MjscoreError as exc:
        return {"error": str(exc).split("\n", 1)[0]}


def _riichi_causes(ruleset, hand: Hand, base_name: str, other_name: str, base_d: dict) -> dict[str, list[str]]:
    """For each row: the options of ``other_name`` that make that row differ from the baseline's. An option is
    a cause when setting it back to the baseline's value, alone, in the other preset moves the row; for a row no
    single option moves that way (options acting only together), an option is a cause when setting it alone in
    the baseline moves the row; failing both, every option in which the presets differ."""
    base = ruleset.find_preset(base_name)
    other = ruleset.find_preset(other_name)
    other_d = _score(ruleset, hand, other)
    differing = [f.name for f in dataclasses.fields(base.options)
                 if getattr(base.options, f.name) != getattr(other.options, f.name)]

    def moved(start, start_d, towards) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for name in differing:
            trial = dataclasses.replace(start, options=dataclasses.replace(
                start.options, **{name: getattr(towards.options, name)}))
            d = _score(ruleset, hand, trial)
            for row in _RIICHI_ROWS:
                if _cell(d, row) != _cell(start_d, row):
                    found.setdefault(row, []).append(name)
        return found

    reverted = moved(other, other_d, base)
    out: dict[str, list[str]] = {}
    alone = None
    for row in _RIICHI_ROWS:
        if _cell(other_d, row) == _cell(base_d, row):
            continue
        names = reverted.get(row)
        if not names:
            if alone is None:
                alone = moved(base, base_d, other)
            names = alone.get(row) or differing
        out[row] = names
    return out


def _mcr_causes(ruleset, hand: Hand, base_name: str, other_name: str, base_d: dict) -> dict[str, list[str]]:
    """For each row that differs: the editions' rules (in their own words) for the fans either counts."""
    from scorer.mcr.presets import edition_rules
    base, other = ruleset.find_preset(base_name), ruleset.find_preset(other_name)
    fan_ids = set()
    for name in (base_name, other_name):
        try:
            r = ruleset.evaluate(hand, preset=name)
        except MjscoreError:
            continue
        fan_ids.update((r.fans_ or {}).keys())
    rules = edition_rules(base, other, fan_ids)
    if base.minimum != other.minimum:
        rules.append(f"{other.title or other.name}: the minimum is {other.minimum}")
    return {row: rules for row in _MCR_ROWS} if rules else {}


_CAUSES = {"riichi": (_RIICHI_ROWS, _riichi_causes), "mcr": (_MCR_ROWS, _mcr_causes)}
"""By rule set: the table's rows and how the cause of a difference is found."""


def compare(hand: Hand, wanted: str) -> dict:
    """The hand under each preset ``wanted`` names (see :func:`preset_names`), as plain values."""
    ruleset = find_ruleset(hand.rules)
    names = preset_names(hand.rules, wanted)
    rows_of, causes_of = _CAUSES[ruleset.name]
    results = {}
    for name in names:
        results[name] = _score(ruleset, dataclasses.replace(hand, preset=name), name)
    base = names[0]
    rows = []
    causes_by_preset = {}
    for name in names[1:]:
        if "error" in results[name] or "error" in results[base]:
            causes_by_preset[name] = {}
            continue
        causes_by_preset[name] = causes_of(ruleset, hand, base, name, results[base])
    for row in rows_of:
        values = {name: _cell(results[name], row) for name in names}
        differs = len({repr(v) for v in values.values()}) > 1
        causes = []
        if differs:
            for name in names[1:]:
                if values[name] != values[base]:
                    causes.append({"preset": name, "options": causes_by_preset[name].get(row, [])})
        rows.append({"row": row, "values": values, "differs": differs, "causes": causes})
    try:
        text = hand.notation()
    except Exception:  # noqa: BLE001 - a hand the grammar cannot print still compares
        text = None
    return {"rules": hand.rules, "hand": text, "baseline": base, "presets": names, "rows": rows,
            "results": results}


def compare_row(hand: Hand, wanted: str) -> dict:
    """The comparison as one flat row (what ``batch --compare`` would write per hand): ``hand``, ``rules``,
    ``presets`` (joined by ","), one ``value:PRESET`` column each (riichi points, MCR total; None for a preset that
    refuses the hand), ``differs`` (the rows that differ, joined by ",") and ``causes`` ("wrc: kiriage; ema:
    red_fives")."""
    d = compare(hand, wanted)
    key = "points" if d["rules"] == "riichi" else "total"
    row = {"hand": d["hand"], "rules": d["rules"], "presets": ",".join(d["presets"])}
    for name in d["presets"]:
        row[f"value:{name}"] = d["results"][name].get(key)
    row["differs"] = ",".join(r["row"] for r in d["rows"] if r["differs"])
    causes: dict[str, list[str]] = {}
    for r in d["rows"]:
        for c in r["causes"]:
            have = causes.setdefault(c["preset"], [])
            have.extend(o for o in c["options"] if o not in have)
    row["causes"] = "; ".join(f"{p}: {', '.join(o) or '?'}" for p, o in causes.items())
    return row
