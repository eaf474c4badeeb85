"""Fixture hands for known riichi rules: ``fixtures/hands/riichi_*.txt``, one hand a line with its expected values.

Line format: ``notation | key=value ...``. Keys: ``preset``, ``win``, ``reason``, ``han``, ``fu``, ``points``,
``limit``, ``yakuman``, ``yaku`` (ids, comma-separated, order free), ``dora``, ``red``, ``ura``, ``total`` (the
winner's gain with honba and deposits), ``payments`` (``from:amount,...``). ``reason`` and ``limit`` write spaces
as ``_``. ``#`` starts a comment line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "hands"


def _cases():
    out = []
    for path in sorted(FIXTURES.glob("riichi_*.txt")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            notation, _, expected = line.partition(" | ")
            exp = dict(item.split("=", 1) for item in expected.split())
            out.append(pytest.param(notation.strip(), exp, id=f"{path.stem}:{n}"))
    return out


@pytest.mark.parametrize("notation, exp", _cases())
def test_fixture(notation, exp):
    grammar = pytest.importorskip("grammar")
    from scorer.riichi import evaluate

    hand = grammar.parse_hand(notation)
    r = evaluate(hand, exp.get("preset"))
    win = exp.get("win", "true") == "true"
    assert r.win == win, r.reason
    checks = {
        "reason": lambda v: r.reason == v.replace("_", " "),
        "han": lambda v: r.han == int(v),
        "fu": lambda v: r.fu == int(v),
        "points": lambda v: r.points == int(v),
        "limit": lambda v: r.limit == (None if v == "None" else v.replace("_", " ")),
        "yakuman": lambda v: r.yakuman == int(v),
        "yaku": lambda v: sorted(y.id for y in r.yaku) == sorted(v.split(",")),
        "dora": lambda v: r.dora == int(v),
        "red": lambda v: r.red == int(v),
        "ura": lambda v: r.ura == int(v),
        "total": lambda v: r.total_gain == int(v),
        "payments": lambda v: [f"{p.payer}:{p.amount}" for p in r.payments] == v.split(","),
    }
    failed = {k: v for k, v in exp.items() if k in checks and not checks[k](v)}
    assert not failed, (f"{notation}: expected {failed}; got han={r.han} fu={r.fu} points={r.points} "
                        f"limit={r.limit} yakuman={r.yakuman} yaku={[y.id for y in r.yaku]} "
                        f"payments={[(p.payer, p.amount) for p in r.payments]} total={r.total_gain} "
                        f"dora={r.dora},{r.red},{r.ura} reason={r.reason}")
    assert set(exp) - set(checks) <= {"preset", "win"}
