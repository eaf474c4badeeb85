"""`mjscore verify HAND --claim CLAIM`: settle a disputed payout.

Scores the hand, checks the claim with :func:`scorer.claims.check_claim` and prints AGREE or DISAGREE, the
right value in the claim's form, why the claim differs and the hand's value. The claim may also stand in the
hand as ``claim:VALUE``; ``--claim`` wins over it. ``--rules``/``--preset`` are defaults, as in every command: the
hand's own ``rules:``/``preset:`` keywords win over them. Exit 0 agree, 1 disagree, 2 bad input (notation, claim, or
no claim at all).
"""

from __future__ import annotations

import sys


def _fail(message: str) -> int:
    from scorer.cli.render import printable
    sys.stderr.write("mjscore: " + "\n".join(printable(x) for x in message.split("\n")) + "\n")
    return 2


def verify_command(hand: str, claim: str | None, rules: str | None, preset: str | None, json_out: bool) -> int:
    """Check ``claim`` (or the hand's ``claim:``) against the scored hand; print the verdict; return the exit code."""
    from scorer import parse, score
    from scorer.claims import Claim, check_claim
    from scorer.errors import MjscoreError

    from scorer.cli.options import check_preset, check_rules
    msg = check_rules(rules) or check_preset(preset)
    if msg:
        return _fail(msg)
    try:
        parsed = parse(hand, rules=rules, preset=preset)
        text = claim if claim is not None else parsed.claim
        if text is None:
            return _fail("verify needs a claim: --claim 7700 (or claim:7700 in the hand)")
        the_claim = Claim.parse(text)
        # --rules/--preset are defaults: the parsed hand carries them unless its own rules:/preset: say otherwise
        result = score(parsed)
        verdict = check_claim(result, the_claim)
    except MjscoreError as exc:
        from scorer.batch import error_text
        return _fail(error_text(exc))

    out = sys.stdout
    if json_out:
        from scorer.cli.render import to_json
        out.write(to_json({**verdict.to_dict(), "result": result.to_dict()}) + "\n")
    else:
        if verdict.agree:
            out.write(f"AGREE  {verdict.claim}\n")
        else:
            out.write(f"DISAGREE  claimed {verdict.claim}, right {verdict.expected}\n")
        for why in verdict.why:
            out.write(f"  why: {why}\n")
        for note in verdict.notes:
            out.write(f"  note: {note}\n")
        out.write(f"  hand: {verdict.detail}\n")
    return 0 if verdict.agree else 1
