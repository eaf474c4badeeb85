"""The options every command shares, checked alike: ``--rules`` and ``--preset`` are defaults that a hand's own
``rules:`` / ``preset:`` keywords override; a value that names nothing is a usage error (exit 2) in every
command, even when every line overrides it."""

from __future__ import annotations

from scorer.rulesets import RULE_NAMES as RULES, RULESETS


def check_rules(rules: str | None) -> str | None:
    """None when ``rules`` is riichi, mcr or not given, else the message."""
    if rules is None or rules in RULES:
        return None
    return f"--rules expects riichi or mcr, not {rules!r}"


def check_preset(preset: str | None) -> str | None:
    """None when ``preset`` is a known riichi or MCR scoring preset (or not given), else the message."""
    if preset is None:
        return None
    known: list[str] = []
    for ruleset in RULESETS.values():
        names = list(ruleset.presets())
        if preset.lower() in (n.lower() for n in names):
            return None
        known.extend(names)
    return f"unknown preset {preset!r} (known presets: {', '.join(known)})"
