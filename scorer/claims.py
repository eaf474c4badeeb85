"""Disputed payouts: a :class:`Claim` (what a player says a hand pays) checked against a scored result.

This stage sits after the evaluators: ``check_claim(result, claim)`` reads a riichi or MCR result and gives a
:class:`ClaimVerdict` — agree or not, the right value written in the claim's own form, and, when the claim is
wrong, which mistake explains it. The mistakes looked for, alone or two together:

* a yaku (or dora, red five, ura dora) the claim missed, or han it added (the claim's value is the hand's with
  that item's han removed, or with k han more);
* a fu item the claim missed (the raw fu without that item, rounded up), or fu counted 10 or 20 off;
* dealer and non-dealer swapped (a ron pays base x 6 to the dealer, x 4 to a non-dealer; a dealer's tsumo is
  paid "all");
* kiriage mangan applied or not (4 han 30 fu and 3 han 60 fu rounded up to mangan, per preset);
* honba left out (300 a counter on ron, 100 from each payer on tsumo) or counted 100 instead of 300 on a ron;
* ron and tsumo swapped.

Riichi deposits (1000 each) go to the winner from the table, not from the payers: a points claim agrees with
or without them. Under MCR a plain number is the hand's total (fans + flowers); missed fans, flowers left out and
a payment quoted instead of the total are explained.

The claim's notation lives in ``grammar.claims``; :meth:`Claim.parse` and ``str(claim)`` go through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import NamedTuple

from scorer.errors import ClaimError

# claimable limits, in order of value; "kazoe yakuman" counts as a yakuman for a claim
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double yakuman", "triple yakuman",
          "quadruple yakuman", "quintuple yakuman", "sextuple yakuman")


@dataclass(frozen=True, slots=True)
class Claim:
    """One payout claim. ``kind`` is ``points`` (``points``), ``tsumo`` (``points`` from each non-dealer,
    ``dealer_pays`` from the dealer), ``all`` (``points`` from each), ``limit`` (``limit``) or ``hanfu``."""

    kind: str
    points: int | None = None
    dealer_pays: int | None = None
    limit: str | None = None
    han: int | None = None
    fu: int | None = None
    text: str = field(default="", compare=False)

    @classmethod
    def parse(cls, text: str) -> "Claim":
        from grammar.claims import parse_claim  # the grammar owns the notation
        return parse_claim(text)

    def __str__(self) -> str:
        if self.kind == "points":
            return str(self.points)
        if self.kind == "tsumo":
            return f"{self.points}/{self.dealer_pays}"
        if self.kind == "all":
            return f"{self.points}all"
        if self.kind == "limit":
            return self.limit.replace(" ", "-")
        return f"{self.fu}fu{self.han}han"

    def __repr__(self) -> str:
        return f"Claim.parse({str(self)!r})"


@dataclass(frozen=True)
class ClaimVerdict:
    """The answer to a claim. ``expected`` is the right value in the claim's own form (or the hand's natural form
    when the claim's form cannot hold it, e.g. a tsumo split for a ron); ``why`` says what the claim got wrong
    (empty when nothing explains it); ``notes`` are remarks that hold either way; ``detail`` spells the value."""

    claim: Claim
    agree: bool
    expected: str
    why: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    detail: str = ""

    @property
    def verdict(self) -> str:
        return "AGREE" if self.agree else "DISAGREE"

    def to_dict(self) -> dict:
        return {"verdict": self.verdict, "agree": self.agree, "claim": str(self.claim), "expected": self.expected,
                "why": list(self.why), "notes": list(self.notes), "detail": self.detail}


def _hand_of(result):
    """The scored Hand a result carries (``hand``; ``hand_obj`` in earlier results), or None."""
    for name in ("hand", "hand_obj"):
        h = getattr(result, name, None)
        if h is not None and hasattr(h, "situation"):
            return h
    return None


def _as_claim(claim) -> Claim:
    if isinstance(claim, Claim):
        return claim
    return Claim.parse(str(claim))


# ---- riichi ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Way:
    """One way of paying a hand: the real one, or the real one with mistakes (``why``) made."""

    han: int
    fu: int
    yakuman: int
    dealer: bool
    tsumo: bool
    honba: int
    kiriage: bool
    honba_ron_each: int = 300
    why: tuple[str, ...] = ()
    dims: frozenset = frozenset()
    paid: tuple | None = None        # the real way: the evaluator's own payments and limit, which the tables
    limit_name: str | None = None    # below only re-derive (they stand for it only in the mistaken ways)


class _Paid(NamedTuple):
    payer: str
    amount: int
    honba: int


def _pay(way: _Way, opts):
    """(base, limit, payments) of a way, with the points tables of ``scorer.riichi.points``."""
    from scorer.riichi.points import base_points, payment_scheme, payments
    if way.paid is not None:
        return None, way.limit_name, list(way.paid)
    o = opts if opts.kiriage == way.kiriage else replace(opts, kiriage=way.kiriage)
    base, limit = base_points(way.han, way.fu, way.yakuman, o)
    pays = [_Paid(p.payer, p.amount, p.honba)
            for p in payments(base, way.dealer, way.tsumo, way.honba, payment_scheme(opts))]
    if way.honba and not way.tsumo and way.honba_ron_each != (200 if opts.three_player else 300):
        pays = [_Paid(p.payer, p.amount - p.honba + way.honba_ron_each * way.honba, way.honba_ron_each * way.honba)
                for p in pays]
    return base, limit, pays


def _claim_limit(limit: str | None) -> str | None:
    if limit == "kazoe yakuman":
        return "yakuman"
    return limit


def _project(claim: Claim, way: _Way, opts):
    """The value of ``way`` in the claim's form, or None when that form cannot hold it."""
    base, limit, pays = _pay(way, opts)
    if claim.kind == "points":
        return sum(p.amount for p in pays)
    if claim.kind == "tsumo":
        if not way.tsumo or way.dealer:
            return None
        nd = [p.amount for p in pays if p.payer == "non-dealer"]
        d = [p.amount for p in pays if p.payer == "dealer"]
        return (nd[0] if nd else None, d[0] if d else None)
    if claim.kind == "all":
        if not way.tsumo or not way.dealer:
            return None
        return pays[0].amount
    if claim.kind == "limit":
        return _claim_limit(limit)
    if way.yakuman:
        return None
    return (way.han, way.fu)


def _claim_value(claim: Claim):
    if claim.kind in ("points", "all"):
        return claim.points
    if claim.kind == "tsumo":
        return (claim.points, claim.dealer_pays)
    if claim.kind == "limit":
        return claim.limit
    return (claim.han, claim.fu)


def _natural(way: _Way, opts) -> str:
    """The hand's value written the way its win is paid: 7700, 2000/3900 or 2600all."""
    _, _, pays = _pay(way, opts)
    if not way.tsumo:
        return str(sum(p.amount for p in pays))
    if way.dealer:
        return f"{pays[0].amount}all"
    nd = [p.amount for p in pays if p.payer == "non-dealer"]
    d = [p.amount for p in pays if p.payer == "dealer"]
    return f"{nd[0] if nd else 0}/{d[0]}"


def _in_form(claim: Claim, way: _Way, opts, result) -> str:
    v = _project(claim, way, opts)
    if claim.kind == "limit":
        if v is None:
            return f"{way.fu}fu{way.han}han"
        return v.replace(" ", "-")
    if claim.kind == "hanfu":
        if v is None:
            return (_claim_limit(result.limit) or "yakuman").replace(" ", "-")
        return f"{v[1]}fu{v[0]}han"
    if v is None:
        return _natural(way, opts)
    if claim.kind == "tsumo":
        return f"{v[0]}/{v[1]}"
    if claim.kind == "all":
        return f"{v}all"
    return str(v)


def _matches(claim: Claim, way: _Way, opts, deposits: int) -> bool:
    v = _project(claim, way, opts)
    want = _claim_value(claim)
    if v is None:
        return False
    if claim.kind == "points":
        return want == v or (deposits and want == v + deposits)
    if claim.kind == "hanfu":
        han, fu = v
        if want[0] != han:
            return False
        return want[1] == fu or han >= 5  # from 5 han the fu no longer change what the hand pays
    return want == v


def _round_fu(raw: int, closed: bool) -> int:
    if raw == 20 and not closed:
        return 30
    return -(-raw // 10) * 10


def _han_changes(result) -> list[tuple[int, int, dict, str, bool]]:
    """(han delta, yakuman delta, overrides, why, generic): the yaku or dora a claim may have missed or added.
    ``generic`` changes (k han more or less) are tried after the named ones."""
    out = []
    hand = _hand_of(result)
    sit = hand.situation if hand is not None else None
    if result.yakuman:
        for y in result.yaku:
            if y.yakuman and result.yakuman - y.yakuman >= 1:
                kind = {1: "a yakuman", 2: "a double yakuman"}.get(y.yakuman, f"{y.yakuman}x yakuman")
                out.append((0, -y.yakuman, {}, f"the claim missed {y.name} ({kind})", False))
        for k in (1, 2):
            if result.yakuman - k >= 1:
                out.append((0, -k, {}, f"the claim counts {k} yakuman fewer than the hand's {result.yakuman}", True))
        out.append((0, 1, {}, "the claim counts one yakuman more than the hand has", True))
        return out
    for y in result.yaku:
        over = {}
        if y.id == "pinfu" and sit is not None and sit.tsumo:
            over = {"fu": 30}  # without pinfu a tsumo scores its 2 fu: 22 rounds to 30
        out.append((-y.han, 0, over, f"the claim missed {y.name} ({y.han} han)", False))
    for attr, name in (("dora", "dora"), ("red", "red five"), ("ura", "ura dora")):
        n = getattr(result, attr, 0)
        if n:
            plural = "s" if n > 1 and attr != "dora" else ""
            out.append((-n, 0, {}, f"the claim missed the {name}{plural} ({n} han)", False))
            if n > 1:
                out.append((-1, 0, {}, f"the claim missed one {name} (1 han)", False))
    for k in (1, 2, 3):
        out.append((k, 0, {}, f"the claim counts {k} han more than the hand's {result.han}: a yaku or dora the hand "
                              f"does not have", True))
    for k in (1, 2):
        out.append((-k, 0, {}, f"the claim counts {k} han less than the hand's {result.han}", True))
    return out


def _fu_changes(result) -> list[tuple[int, str, bool]]:
    """(fu, why, generic): fu items the claim may have missed, then the fu table 10 or 20 off."""
    items = list(result.fu_items)
    if not items or result.yakuman:
        return []
    hand = _hand_of(result)
    closed = hand.is_closed if hand is not None else True
    raw = sum(f.fu for f in items if f.reason not in ("rounded up", "open pinfu shape"))
    out = []
    seen = {result.fu}
    for f in items:
        if f.reason in ("base", "rounded up", "open pinfu shape", "chiitoitsu"):
            continue
        fu = _round_fu(raw - f.fu, closed)
        if fu not in seen:
            out.append((fu, f"the claim missed the fu for {f.reason} ({f.fu} fu): {result.fu} fu, not {fu}", False))
            seen.add(fu)
    if result.fu != 25:
        for d in (10, -10, 20, -20):
            fu = result.fu + d
            if fu >= 20 and fu not in seen:
                out.append((fu, f"the claim counts {fu} fu; the hand has {result.fu} fu ({_fu_text(result)})",
                            True))
                seen.add(fu)
    return out


def _fu_text(result) -> str:
    return ", ".join(f"{f.reason} {f.fu}" for f in result.fu_items)


def _ways(result, opts, real: _Way) -> list[_Way]:
    """Every way with one or two mistakes: one named mistake, then one generic, then pairs (named first)."""
    changes: list[tuple[str, dict, str, bool]] = []
    for dh, dy, over, why, generic in _han_changes(result):
        ch = {"han": real.han + dh, "yakuman": real.yakuman + dy, **over}
        if ch["han"] >= 1 or ch["yakuman"] >= 1:
            changes.append(("han", ch, why, generic))
    for fu, why, generic in _fu_changes(result):
        changes.append(("fu", {"fu": fu}, why, generic))
    who = "the dealer (seat E)" if real.dealer else "not the dealer"
    changes.append(("dealer", {"dealer": not real.dealer},
                    f"dealer and non-dealer swapped: the winner is {who}, the claim pays it as "
                    f"{'a non-dealer' if real.dealer else 'the dealer'}", False))
    if opts.kiriage:
        changes.append(("kiriage", {"kiriage": False},
                        "kiriage mangan left out: this preset rounds 4 han 30 fu and 3 han 60 fu up to mangan",
                        False))
    else:
        changes.append(("kiriage", {"kiriage": True},
                        "kiriage mangan: the claim rounds 4 han 30 fu or 3 han 60 fu up to mangan; this preset "
                        "does not (it has no kiriage mangan)", False))
    if real.honba:
        each = "100 from each payer on a tsumo" if real.tsumo else \
            f"{200 if opts.three_player else 300} each on a ron"
        changes.append(("honba", {"honba": 0}, f"honba left out: {real.honba} honba add {each}", False))
        if not real.tsumo and not opts.three_player:
            changes.append(("honba", {"honba_ron_each": 100},
                            "honba counted 100 each; on a ron the discarder pays 300 a honba", False))
    changes.append(("tsumo", {"tsumo": not real.tsumo},
                    f"ron and tsumo swapped: the hand won by {'tsumo' if real.tsumo else 'ron'}", False))
    # named mistakes first — the table's situation (honba, dealer, kiriage) before the hand's items, ron/tsumo
    # last — then the generic han and fu counts
    rank = {"honba": 0, "dealer": 1, "kiriage": 2, "han": 3, "fu": 4, "tsumo": 5}
    changes.sort(key=lambda c: (c[3], rank[c[0]]))
    singles = changes
    real = replace(real, paid=None, limit_name=None)
    ways = [replace(real, **ch, why=(why,), dims=frozenset((dim,))) for dim, ch, why, _ in singles]
    pairs = [((d1, c1, w1, g1), (d2, c2, w2, g2)) for (d1, c1, w1, g1), (d2, c2, w2, g2)
             in combinations(changes, 2) if d1 != d2]
    pairs.sort(key=lambda p: p[0][3] + p[1][3])
    for (d1, c1, w1, _), (d2, c2, w2, _) in pairs:
        ways.append(replace(real, **{**c1, **c2}, why=(w1, w2), dims=frozenset((d1, d2))))
    return ways


def _detail(result) -> str:
    parts = []
    if result.yakuman:
        parts.append(" + ".join(y.name for y in result.yaku))
        parts.append(result.limit or "yakuman")
    else:
        items = [f"{y.name} {y.han}" for y in result.yaku]
        for attr, name in (("dora", "dora"), ("red", "red five"), ("ura", "ura dora")):
            if getattr(result, attr, 0):
                items.append(f"{name} {getattr(result, attr)}")
        parts.append(f"{result.han} han {result.fu} fu ({', '.join(items)}; fu: {_fu_text(result)})")
        if result.limit:
            parts.append(result.limit)
    pays = ", ".join(f"{p.payer} pays {p.amount}" for p in result.payments)
    parts.append(f"{result.points} points: {pays}; the winner gains {result.total_gain}")
    return "; ".join(parts)


def check_riichi_claim(result, claim: Claim) -> ClaimVerdict:
    from scorer.riichi.presets import find_preset
    opts = find_preset(result.preset).options
    hand = _hand_of(result)
    sit = hand.situation
    if not result.win:
        return ClaimVerdict(claim, False, "no win", (f"the hand does not win: {result.reason}",),
                            detail=f"no win: {result.reason}")
    real = _Way(result.han, result.fu, result.yakuman, sit.dealer, sit.tsumo, sit.honba, opts.kiriage,
                200 if opts.three_player else 300,
                paid=tuple(_Paid(p.payer, p.amount, getattr(p, "honba", 0)) for p in result.payments),
                limit_name=result.limit)
    deposits = 1000 * sit.sticks
    detail = _detail(result)
    expected = _in_form(claim, real, opts, result)
    notes = []
    if claim.kind == "points" and deposits:
        paid = _project(claim, real, opts)
        notes.append(f"with the {sit.sticks} riichi deposit{'s' if sit.sticks > 1 else ''} the winner gains "
                     f"{paid + deposits}")
    if opts.kiriage and result.limit == "mangan" and result.han < 5 and result.fu * (1 << (result.han + 2)) < 2000:
        notes.append(f"kiriage mangan: {result.han} han {result.fu} fu is rounded up to mangan under "
                     f"{result.preset}")
    if _matches(claim, real, opts, deposits):
        if claim.kind == "hanfu" and claim.fu != result.fu:
            notes.append(f"the hand has {result.fu} fu, not {claim.fu}; from 5 han the fu do not change the payout")
        return ClaimVerdict(claim, True, expected, (), tuple(notes), detail)

    why: tuple[str, ...] = ()
    form_why: tuple[str, ...] = ()
    if _project(claim, real, opts) is None and claim.kind in ("tsumo", "all"):
        if not real.tsumo:
            form_why = (f"the hand won by ron: the discarder alone pays {_natural(real, opts)}",)
        elif claim.kind == "tsumo":
            form_why = (f"dealer and non-dealer swapped: the winner is the dealer (seat E), whose tsumo is paid "
                        f"{_natural(real, opts)}",)
        else:
            form_why = (f"dealer and non-dealer swapped: the winner is not the dealer; a non-dealer's tsumo is paid "
                        f"{_natural(real, opts)} (from each non-dealer / from the dealer)",)
    candidates = [(claim, ())]
    if claim.kind == "tsumo" and claim.points > claim.dealer_pays:
        candidates.append((replace(claim, points=claim.dealer_pays, dealer_pays=claim.points),
                           ("the two payments are written the wrong way round: from each non-dealer first, then "
                            "from the dealer",)))
    ways = None
    for cand, swap_why in candidates:
        if swap_why and _matches(cand, real, opts, deposits):
            why = swap_why
            break
        ways = ways if ways is not None else _ways(result, opts, real)
        found = next((w for w in ways if _matches(cand, w, opts, deposits)), None)
        if found is not None:
            why = swap_why + found.why
            break
    if form_why and not any(w.startswith(("dealer and non-dealer", "ron and tsumo")) for w in why):
        why = form_why + why
    if not why:
        why = (f"no single mistake explains the difference: the hand is {detail}",)
    return ClaimVerdict(claim, False, expected, why, tuple(notes), detail)


# ---- MCR ------------------------------------------------------------------------------------------------------
def check_mcr_claim(result, claim: Claim) -> ClaimVerdict:
    d = result.to_dict()
    total = d.get("total")
    if claim.kind != "points":
        raise ClaimError(f"bad claim {claim.text or str(claim)!r}: an MCR hand is claimed by its total, like 24 "
                         f"({claim.kind} claims are riichi claims)")
    fans = d.get("fans") or []
    fan_text = ", ".join(f"{f.get('name')} {f.get('points')}" + (f" x{f['count']}" if f.get("count", 1) > 1 else "")
                         for f in fans)
    flowers = d.get("flowers") or 0
    detail = f"{total} points ({fan_text}" + (f"; flowers {flowers}" if flowers else "") + ")"
    if not result.win:
        return ClaimVerdict(claim, False, "no win", (f"the hand does not win: {d.get('reason')}",),
                            detail=detail)
    want = claim.points
    if want == total:
        return ClaimVerdict(claim, True, str(total), (), (), detail)
    why = _edition_reasons(result, want)  # another edition's count first: it names the rule that differs
    for f in fans:
        pts = f.get("points", 0) * f.get("count", 1)
        if want == total - pts:
            why.append(f"the claim missed {f.get('name')} ({pts})")
        elif f.get("count", 1) > 1 and want == total - f.get("points", 0):
            why.append(f"the claim missed one {f.get('name')} ({f.get('points')})")
    if flowers and want == total - flowers:
        why.append(f"the flowers left out ({flowers})")
    if want == total + 8:
        why.append(f"{want} is what the discarder pays (8 + {total}); the hand's total is {total}")
    if want in (3 * (8 + total), total + 24):
        why.append(f"{want} is the winner's whole gain; the hand's total is {total}")
    if not why and want > total:
        why.append(f"the claim counts {want - total} more than the hand's fans: a fan the hand does not have")
    if not why:
        why.append(f"no single missed fan explains the difference: the hand is {detail}")
    return ClaimVerdict(claim, False, str(total), tuple(why), (), detail)


def _edition_reasons(result, want: int) -> list[str]:
    """When another MCR edition (preset) counts the hand to the claimed total: that edition's rules that make the
    difference, named ("the claim is the Green Book count: Green Book: melded + concealed kong score ...")."""
    from scorer.mcr.evaluate import evaluate
    from scorer.mcr.presets import PRESETS, edition_rules, find_preset
    if getattr(result, "hand", None) is None or getattr(result, "preset", None) is None:
        return []  # a result that cannot be scored again (a bare row)
    ours = find_preset(result.preset)
    out = []
    for name, other in PRESETS.items():
        if name == ours.name:
            continue
        theirs = evaluate(result.hand, name)
        if theirs.total != want:
            continue
        fan_ids = set(result.fans_ or ()) | set(theirs.fans_ or ())
        rules = "; ".join(edition_rules(ours, other, fan_ids)) or f"{other.title or name} scoring"
        out.append(f"{want} is the {other.title or name} count ({rules}); this preset ({ours.name}) counts "
                   f"{result.total}")
    return out


def check_claim(result, claim: Claim | str) -> ClaimVerdict:
    """Check a payout claim against a scored result (riichi or MCR). A malformed claim raises ClaimError."""
    claim = _as_claim(claim)
    rules = getattr(result, "rules", None) or result.to_dict().get("rules")
    from scorer.rulesets import find_ruleset
    return find_ruleset(rules).check_claim(result, claim)


_CLAIM_WORD = re.compile(r"(?:^|\s)claim:(\S+)", re.IGNORECASE)


def claim_of(hand) -> str | None:
    """The ``claim:`` keyword of a hand (a Hand or its notation), or None."""
    if hand is None:
        return None
    if isinstance(hand, str):
        m = _CLAIM_WORD.search(hand)
        return m.group(1) if m else None
    return getattr(hand, "claim", None)


def claim_fields(result, hand=None) -> dict:
    """The claim columns of a batch or ``score`` row: ``{}`` when the hand has no ``claim:``, else ``claim``,
    ``claim_agrees``, ``claim_expected`` and ``claim_why`` (one string; empty when the claim agrees).
    A malformed claim raises ClaimError (the row is then an error row)."""
    text = claim_of(hand)
    if text is None:
        text = claim_of(_hand_of(result))
    if text is None:
        return {}
    verdict = check_claim(result, text)
    return {"claim": text, "claim_agrees": verdict.agree, "claim_expected": verdict.expected,
            "claim_why": "; ".join(verdict.why)}
