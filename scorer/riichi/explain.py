"""The why of a riichi score: every arrangement the evaluator considers, each with its yaku, han, fu and points,
why the chosen one wins, and the tiles that make each yaku.

Stage: beside the evaluator (:mod:`.evaluate`), read after it. The arrangements are the arrangement engine's
placements (:func:`scorer.arrangements.code_placements`: a split into sets and a pair with the place the winning
tile sits, or seven pairs, or thirteen orphans); each is read into the yaku table's :class:`~.yaku.Ctx` and valued
by the same public pieces the evaluator uses (:func:`~.yaku.raw_yaku_bits`, :func:`~.yaku.resolve`,
:func:`~.fu.count_fu`, :func:`~.points.base_points`, :func:`~.points.settle`). The dora are the evaluator's own
(they do not depend on the arrangement). The evaluator's rule for the winner is restated here: the placement that
pays most, then a real yakuman over counted han, then more han, then more fu; the tests hold the chosen one equal
to :func:`~.evaluate.evaluate`'s result on the golden hands.
"""

from __future__ import annotations

from scorer.arrangements import CODE_ONE, SHANPON, code_placements
from scorer.kinds import BIT, SEQ_MASK
from scorer.melds import MeldType
from scorer.riichi.evaluate import evaluate
from scorer.riichi.fu import count_fu
from scorer.riichi.points import base_points, payment_scheme, settle
from scorer.riichi.presets import find_preset
from scorer.riichi.yaku import PINFU_SHAPE, YAKU, Ctx, raw_yaku_bits, resolve
from scorer.tiles import Tile

_FORM_TEXT = {"standard": "sets and a pair", "seven_pairs": "seven pairs", "thirteen_orphans": "thirteen orphans"}
_SITUATION = frozenset({"menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei",
                        "double_riichi", "tenhou", "chiihou"})
_WHOLE_HAND = frozenset({"tanyao", "honitsu", "chinitsu", "honroutou", "tsuuiisou", "ryuuiisou", "chinroutou",
                         "chuuren", "junsei_chuuren", "kokushi", "kokushi13", "chiitoitsu", "chanta", "junchan",
                         "pinfu"})


def _k(kind: int) -> str:
    return str(Tile(kind))


def _seq(k: int) -> str:
    return "".join(str(k % 9 + 1 + i) for i in range(3)) + "mps"[k // 9]


def _trip(k: int, n: int = 3) -> str:
    return _k(k)[0] * n + _k(k)[1]


class _Reading:
    """A hand's facts that every placement shares: the Ctx with the hand-level fields set, the melds' sets."""

    def __init__(self, hand, preset):
        self.p = find_preset(preset if preset is not None else hand.preset)
        opts = self.p.options
        melds = hand.melds
        sit = hand.situation
        w = hand.winning_tile.kind
        code = CODE_ONE[w]
        for t in hand.concealed:
            code += CODE_ONE[t.kind]
        self.code = code
        self.win = w
        ctx = self.ctx = Ctx()
        ctx.opts, ctx.sit, ctx.tsumo = opts, sit, sit.tsumo
        closed = True
        pons, open_kans, ankans, seqs, trips = [], [], [], [], []
        self.meld_text = []
        mask = 0
        for m in melds:
            k = m.tiles[0].kind
            if m.type is MeldType.CHI:
                seqs.append(k)
                closed = False
                mask |= SEQ_MASK[k]
                self.meld_text.append(f"[{_seq(k)}]")
            else:
                trips.append(k)
                if m.type is MeldType.PON:
                    pons.append(k)
                    closed = False
                elif m.type is MeldType.KAN:
                    open_kans.append(k)
                    closed = False
                else:
                    ankans.append(k)
                mask |= BIT[k]
                n = len(m.tiles)
                self.meld_text.append(f"({_trip(k, n)})" if m.type not in (MeldType.CHI, MeldType.PON,
                                                                              MeldType.KAN) else f"[{_trip(k, n)}]")
        ctx.closed = closed
        ctx.pons, ctx.open_kans, ctx.ankans = tuple(pons), tuple(open_kans), tuple(ankans)
        ctx.kans = len(open_kans) + len(ankans)
        ctx.win = w
        self.meld_seqs, self.meld_trips, self.n_ankans = tuple(seqs), tuple(trips), len(ankans)
        self.placements, pmask = code_placements(code, w, len(melds))
        ctx.set_tiles(code, len(melds), pmask | mask)


def _items(raw: int, closed: bool, double_yakuman: bool, yakuman_stack: bool):
    """(yaku [(id, name, han)], yakuman multiple, han of the yaku) of the raw yaku bits, as the evaluator values
    them: superseded yaku removed; when a yakuman applies only the yakuman, their multiples added (or the largest
    without ``yakuman_stack``)."""
    rest = resolve(raw)
    out = []
    han = stacked = top = 0
    while rest:
        low = rest & -rest
        rest ^= low
        y = YAKU[low.bit_length() - 1]
        if y.yakuman:
            m = y.multiplier(double_yakuman)
            out.append((y.id, y.name, 13 * m))
            stacked += m
            top = max(top, m)
        else:
            value = y.han(closed)
            out.append((y.id, y.name, value))
            han += value
    if top:
        return out, stacked if yakuman_stack else top, 0
    return out, 0, han


def _made_by(yid: str, form: str, seqs, trips, closed_trips, pair, win: int, tsumo: bool, all_tiles: str,
             ron_trip) -> list[str]:
    """The groups (or tiles) that make yaku ``yid`` in one arrangement."""
    if yid in _SITUATION:
        return [f"+{_k(win)}" + (" (tsumo)" if tsumo else "")] if yid == "menzen_tsumo" else ["(the situation)"]
    if yid in _WHOLE_HAND or form != "standard":
        return [all_tiles]
    groups_s = [_seq(s) for s in seqs]
    if yid in ("iipeikou", "ryanpeikou"):
        twice = [s for s in sorted(set(seqs)) if seqs.count(s) >= 2]
        return [_seq(s) for s in twice for _ in range(2)]
    if yid in ("sanshoku", "ittsu"):
        return groups_s
    if yid in ("toitoi", "sanshoku_doukou", "sankantsu", "suukantsu", "honroutou"):
        return [_trip(k) for k in trips]
    if yid in ("sanankou", "suuankou", "suuankou_tanki"):
        return [_trip(k) for k in closed_trips if k != ron_trip]
    if yid.startswith(("seat_wind", "round_wind")) or yid in ("haku", "hatsu", "chun"):
        kind = {"haku": 31, "hatsu": 32, "chun": 33}.get(yid)
        if kind is None:
            kind = 27 + "eswn".index(yid[-1])
        return [_trip(kind)]
    if yid in ("shousangen", "daisangen", "shousuushii", "daisuushii"):
        lo = 31 if "sangen" in yid else 27
        hi = 34 if "sangen" in yid else 31
        out = [_trip(k) for k in trips if lo <= k < hi]
        if pair is not None and lo <= pair < hi:
            out.append(_trip(pair, 2))
        return out
    return [all_tiles]


def explain(hand, preset=None) -> dict:
    """Every arrangement of a riichi ``hand``'s closed tiles valued on its own, the chosen one marked, as plain
    values: ``arrangements`` [{``form``, ``sets``, ``wait``, ``yaku`` [{``name``, ``han``}], ``han``, ``fu``,
    ``points``, ``chosen``, ``made_by`` [{``name``, ``tiles``}], ``reason``}] and ``why``."""
    result = evaluate(hand, preset)
    if hand.winning_tile is None or not result.win and result.reason == "not complete":
        return {"arrangements": [], "why": f"no arrangement: the hand is {result.reason}"}
    r = _Reading(hand, preset)
    ctx, opts, w = r.ctx, r.p.options, r.win
    closed, tsumo = ctx.closed, ctx.tsumo
    dora_han = result.dora + result.red + result.ura if result.win else None
    if dora_han is None:      # no placement has a yaku: the dora are counted as the evaluator would, for show
        dora_han = 0
    all_tiles = " ".join(_k(t.kind) for t in sorted(hand.concealed + (hand.winning_tile,)))
    rows = []
    for form, seqs, trips, pair, wait in r.placements:
        ctx.form, ctx.wait, ctx.pair, ctx.closed_trips = form, wait, pair, trips
        ron_trip = ctx.ron_trip = w if wait is SHANPON and not tsumo else None
        ctx.seqs = seqs + r.meld_seqs
        ctx.trips = trips + r.meld_trips
        ctx.ankou = len(trips) + r.n_ankans - (ron_trip is not None)
        facts = ctx.facts = ctx.placement_facts()
        pinfu = closed and facts & PINFU_SHAPE != 0
        if form == "standard":
            parts = [_seq(s) for s in seqs] + [_trip(k) for k in trips] + [_trip(pair, 2)] + r.meld_text
        else:
            parts = [_FORM_TEXT[form]]
        row = {"form": form, "sets": " ".join(parts), "wait": wait, "yaku": [], "han": None, "fu": None,
               "points": None, "chosen": False, "made_by": [], "reason": None}
        raw = raw_yaku_bits(ctx)
        fu, _ = count_fu(ctx, pinfu, itemize=True)
        row["fu"] = fu
        if not raw:
            row["reason"] = "no yaku"
            rows.append((None, row))
            continue
        items, yakuman, han = _items(raw, closed, opts.double_yakuman, opts.yakuman_stack)
        han = 13 * yakuman if yakuman else han + dora_han
        base, limit = base_points(han, fu, yakuman, opts)
        _, _, _, paid, honba = settle(han, fu, yakuman, opts, hand.situation.seat_wind == 0, tsumo,
                                      hand.situation.honba, payment_scheme(opts))
        row.update(yaku=[{"name": n, "han": v} for _, n, v in items], han=han, points=paid - honba, limit=limit,
                   yakuman=yakuman)
        row["made_by"] = [{"name": n, "tiles": _made_by(i, form, list(seqs), list(trips), trips, pair, w, tsumo,
                                                         all_tiles, ron_trip)} for i, n, _ in items]
        rows.append(((base, yakuman > 0, han, fu), row))
    scored = [x for x in rows if x[0] is not None]
    if scored:
        best = max(scored, key=lambda x: x[0])
        best[1]["chosen"] = True
        why = _why(best, scored)
    else:
        why = "no arrangement has a yaku: the hand does not win"
    return {"arrangements": [row for _, row in rows], "why": why, "dora": dora_han}


def _why(best, scored) -> str:
    key, row = best
    others = [x for x in scored if x is not best]
    if not others:
        return f"one arrangement only: {row['sets']}" if len(scored) == 1 else "chosen"
    reasons = []
    for k, other in others:
        if k == key:
            reasons.append(f"ties with {other['sets']} ({other['points']}: the first read is kept, as the "
                           f"evaluator keeps it)")
        elif k[0] != key[0]:
            reasons.append(f"pays more than {other['sets']} ({row['points']} > {other['points']})")
        elif k[1] != key[1]:
            reasons.append(f"a yakuman over counted han ({other['sets']})")
        elif k[2] != key[2]:
            reasons.append(f"same pay, more han than {other['sets']} ({key[2]} > {k[2]})")
        else:
            reasons.append(f"same pay and han, more fu than {other['sets']} ({key[3]} > {k[3]})")
    return f"chosen: {row['sets']} — " + "; ".join(reasons)
