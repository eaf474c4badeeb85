"""Which discard, by expected value: for each discard of a 14-tile hand, the chance of reaching tenpai and of
winning within the draws left, and the expected points of the win.

Stage: advice, after the core and the evaluators. Shanten, improving draws and waits come from the one core
(:mod:`scorer.shanten`, under the rule set's shape choices); the value of each win is the rule set's evaluator
scoring the completed hand (riichi: its points, with or without riichi; MCR: its total, 0 below the 8-point
minimum), so a figure here is always what ``mjscore score`` says of the hand it reaches.

The model (the one nekobean/mahjong-cpp's expected-score calculator and tomohxx's write-up use; read, not copied):

- one player draws ``turns`` times from the tiles not in view (the *pool*: 136 less the hand, its melds, the
  dora indicators and the ``seen`` tiles); at the ``t``-th draw (from 0) kind ``k`` comes with chance
  ``r_k / (W - t)``: ``W`` the pool at the start, ``r_k`` the copies of ``k`` in the pool less those the hand has
  drawn and kept (a tile drawn and thrown back is not counted out of the pool: the calculator's approximation);
- the player keeps a drawn tile only when it lowers the shanten, then throws a tile that keeps the new shanten
  (no shape changes at the same shanten, no going back): among those choices the one that maximises the figure
  asked (tenpai chance, win chance and expected points are each maximised on their own);
- wins are by self-draw (tsumo); in riichi a closed tenpai hand chooses riichi (one han more, its stick not
  counted; ura dora averaged over the indicator, any tile of the pool) when that raises its expected points,
  else stays dama; an open hand without a yaku, and an MCR hand under 8 points, is worth 0 (no win);
- drawn fives are plain (red fives count only as the hand holds them).

Under this model the figures are exact: a graph of the hands reachable (13-tile hands by shanten, each draw
that lowers it, each discard that keeps it) and a backward pass over the draws left, as the calculator does.
The graph is built where it is small (up to :data:`EXACT_MAX_SHANTEN`, and :data:`MAX_STATES` hands), for the
discards that keep the best shanten and those that leave one more (shanten down: giving up a shape); a hand further from tenpai is estimated
by playing the model ``samples`` times from a seeded generator with a greedy player (the discard that leaves the
most improving copies), and its standard error is given.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from scorer.errors import ImpossibleHandError
from scorer.hand import Hand
from scorer.kinds import DORA_SUCCESSOR, N_KINDS
from scorer.rulesets import find_ruleset
from scorer.shanten import DiscardView, improving_kinds, shanten_counts, shanten_each
from scorer.tiles import Tile, counts34

DEFAULT_TURNS = 12
"""Draws left when ``--turns`` is not given: a typical mid-game count (the 6th of a player's 18 draws)."""
EXACT_MAX_SHANTEN = 3
"""The largest shanten (after the discard) whose graph is built for exact figures; beyond it: estimates."""
MAX_STATES = 20000
"""A graph that grows past this many 13-tile hands is given up for estimates (it would take seconds)."""
DEFAULT_SAMPLES = 2000
"""Deals played per discard for an estimate."""
WALL_TILES = 136


class _Shapes:
    """The core's rule choices for one rule set, and the two questions the search asks of the core."""

    __slots__ = ("melds", "pairs4", "knitted", "riichi_forms")

    def __init__(self, ruleset, melds: int):
        self.melds = melds
        self.pairs4 = ruleset.four_as_two_pairs
        self.knitted = ruleset.knitted
        self.riichi_forms = not (self.pairs4 or self.knitted)    # DiscardView reads the riichi forms

    def shanten(self, counts) -> int:
        return shanten_counts(counts, self.melds, self.pairs4, self.knitted)

    def discards(self, counts14, target: int):
        """For a 14-tile hand: [(kind thrown, the kinds that then lower the shanten)] for each discard that
        leaves shanten ``target``."""
        kinds = [k for k in range(N_KINDS) if counts14[k]]
        out = []
        if self.riichi_forms:
            view = DiscardView(counts14, self.melds)
            for k, s in zip(kinds, view.shanten_each(kinds)):
                if s == target:
                    out.append((k, view.improving_after(k)))
            return out
        for k, s in zip(kinds, shanten_each(counts14, self.melds, kinds, -1, self.pairs4, self.knitted)):
            if s == target:
                counts14[k] -= 1
                out.append((k, improving_kinds(counts14, self.melds, self.pairs4, self.knitted)))
                counts14[k] += 1
        return out

    def improving(self, counts13) -> tuple[int, ...]:
        return improving_kinds(counts13, self.melds, self.pairs4, self.knitted)


class _Values:
    """The value of each win the search reaches: the completed hand scored by the rule set's evaluator (cached
    by the closed counts and the winning kind). Riichi and dama values of a closed riichi hand are both kept; the
    choice is made at tenpai (:meth:`tenpai_choice`)."""

    def __init__(self, hand: Hand, start: list[int], ruleset):
        self.hand = hand
        self.evaluate = ruleset.evaluate
        sit = hand.situation
        self.closed = all(not m.is_open for m in hand.melds) if hand.melds else True
        # riichi can be chosen: a rule set with riichi, a closed hand, not declared already
        self.can_riichi = ruleset.riichi_keywords and self.closed and not sit.is_riichi
        self.declared = ruleset.riichi_keywords and sit.is_riichi     # riichi already: every win has ura dora
        self.sit_dama = replace(sit, tsumo=True)
        self.sit_riichi = (replace(sit, tsumo=True, riichi=True) if self.can_riichi
                           else self.sit_dama if self.declared else None)
        # the hand's own tiles by kind (red fives first kept: a player throws the plain five)
        own: dict[int, list[Tile]] = {}
        for t in sorted(hand.closed_tiles, key=lambda t: not t.red):
            own.setdefault(t.kind, []).append(t)
        self.own = own
        self.cache: dict = {}
        # the ura dora indicator: each kind of the pool with its copies (set by discard_ev); the melds' tiles
        self.ura: list[tuple[int, int]] = []
        self.ura_sits: dict[int, object] = {}
        self.last_tiles: tuple = (None, None)
        self.meld_counts = [0] * N_KINDS
        for m in hand.melds:
            for t in m.tiles:
                self.meld_counts[t.kind] += 1

    def tiles(self, counts, win: int) -> tuple[tuple[Tile, ...], Tile]:
        """The concealed tiles (without the winning tile) and the winning tile of a completed hand."""
        tiles = []
        for k in range(N_KINDS):
            n = counts[k] - (k == win)
            if n:
                have = self.own.get(k, ())
                tiles.extend(have[:n])
                tiles.extend(Tile(k) for _ in range(n - len(have)))
        # the winning tile: a drawn one (plain) unless the hand held all its copies of that kind already
        return tuple(tiles), Tile(win)

    def result(self, counts, win: int, riichi: bool, ura: Tile | None = None):
        key = (bytes(counts), win)
        if self.last_tiles[0] != key:      # (the dama, riichi and ura readings of one win share its tiles)
            self.last_tiles = (key, self.tiles(counts, win))
        concealed, tile = self.last_tiles[1]
        h = self.hand
        sit = self.sit_riichi if riichi else self.sit_dama
        if ura is not None:        # (one situation per indicator kind, made once)
            key = ura.kind
            u = self.ura_sits.get(key)
            if u is None:
                u = self.ura_sits[key] = replace(sit, ura=(ura,))
            sit = u
        return self.evaluate(Hand(concealed, h.melds, tile, sit, h.flowers, h.rules, h.preset))

    def value(self, counts, win: int) -> tuple[float, float]:
        """(dama value, riichi value) of the hand ``counts`` (14 closed tiles) won by drawing ``win``; the riichi
        value is its mean over the ura dora indicator (:meth:`riichi_value`)."""
        key = (bytes(counts), win)
        v = self.cache.get(key)
        if v is None:
            if self.declared:
                dama = riichi = self.riichi_value(counts, win)
            else:
                dama = _amount(self.result(counts, win, False))
                riichi = self.riichi_value(counts, win) if self.can_riichi else dama
            v = self.cache[key] = (dama, riichi)
        return v

    def riichi_value(self, counts, win: int) -> float:
        """The riichi win's value, averaged over the ura dora indicator: any tile of the pool at the start, each
        copy alike (``ura`` weights). Indicators that give the hand the same number of ura dora give the same
        value, so one of each such group is scored (with that indicator as ``ura:``)."""
        groups: dict[int, list] = {}      # ura dora the indicator gives -> [weight, an indicator kind]
        held = self.meld_counts
        for j, w in self.ura:
            n = counts[DORA_SUCCESSOR[j]] + held[DORA_SUCCESSOR[j]]
            g = groups.get(n)
            if g is None:
                groups[n] = [w, j]
            else:
                g[0] += w
        total = sum(g[0] for g in groups.values())
        if not total:
            return float(_amount(self.result(counts, win, True)))
        value = 0.0
        for w, j in groups.values():
            value += w * _amount(self.result(counts, win, True, ura=Tile(j)))
        return value / total


def _amount(result) -> int:
    """What a win is worth: riichi points to the winner (before honba and sticks), MCR's total; 0 for no win."""
    if not result.win:
        return 0
    points = getattr(result, "points", None)
    return points if points is not None else result.total


class _Pool:
    """The copies of each kind the model can draw: ``base[k]`` (not in view at the start) less the copies the
    hand has drawn beyond the ones it started with."""

    __slots__ = ("base", "start", "size")

    def __init__(self, base: list[int], start: list[int]):
        self.base = base
        self.start = start
        self.size = sum(base)

    def left(self, counts, k: int) -> int:
        extra = counts[k] - self.start[k]
        return self.base[k] - extra if extra > 0 else self.base[k]


class _Graph:
    """The 13-tile hands reachable from the roots by draws that lower the shanten and discards that keep it.

    For 13-tile hand ``i``: ``sh[i]``; ``draws[i]``: [(copies left, index of the 13-tile hands the 14 can become)]
    for a draw that does not complete it; ``wins[i]``: [(copies left, dama value, riichi value)] for a draw
    that completes it. A 14-tile hand is kept as the tuple of the 13-tile hands its discards lead to."""

    def __init__(self, shapes: _Shapes, pool: _Pool, values: _Values):
        self.shapes, self.pool, self.values = shapes, pool, values
        self.index: dict[bytes, int] = {}
        self.counts: list[list[int]] = []
        self.sh: list[int] = []
        self.improving: list[tuple[int, ...]] = []
        self.draws: list[list] = []
        self.wins: list[list] = []
        self.after14: dict[bytes, tuple[int, ...]] = {}

    def add(self, counts13, sh: int, improving) -> int:
        key = bytes(counts13)
        i = self.index.get(key)
        if i is None:
            i = self.index[key] = len(self.counts)
            self.counts.append(list(counts13))
            self.sh.append(sh)
            self.improving.append(tuple(improving))
            self.draws.append(None)
            self.wins.append(None)
        return i

    def expand(self, roots: list[int], max_states: int | None = None) -> bool:
        """Read every hand reachable from ``roots``; False (and the graph unfinished) when it grows past
        ``max_states`` hands."""
        todo = list(roots)
        pool, shapes, values = self.pool, self.shapes, self.values
        while todo:
            i = todo.pop()
            if self.draws[i] is not None:
                continue
            counts = self.counts[i]
            sh = self.sh[i]
            draws, wins = [], []
            for k in self.improving[i]:
                r = pool.left(counts, k)
                if r <= 0:
                    continue
                counts[k] += 1
                if sh == 0:
                    dama, riichi = values.value(counts, k)
                    if dama or riichi:      # a complete hand worth nothing (no yaku; MCR: under 8) is no win
                        wins.append((r, dama, riichi))
                else:
                    key = bytes(counts)
                    succ = self.after14.get(key)
                    if succ is None:
                        succ = []
                        for d, imp in shapes.discards(counts, sh - 1):
                            counts[d] -= 1
                            j = self.add(counts, sh - 1, imp)
                            counts[d] += 1
                            succ.append(j)
                            if self.draws[j] is None:
                                todo.append(j)
                        succ = self.after14[key] = tuple(succ)
                    draws.append((r, succ))
                counts[k] -= 1
            self.draws[i] = draws
            self.wins[i] = wins
            if max_states is not None and len(self.counts) > max_states:
                return False
        return True

    def solve(self, turns: int):
        """The backward pass: for each 13-tile hand and each number of draws left ``n`` (0..turns), the tenpai
        chance, the win chance and the expected points. Returns three lists indexed [n][hand]. A tenpai hand's
        win values are its riichi ones when their sum over its waits (weighted by copies left) is higher."""
        size = len(self.counts)
        W = self.pool.size
        sh = self.sh
        tp = [[1.0 if sh[i] <= 0 else 0.0 for i in range(size)]]
        wp = [[0.0] * size]
        ev = [[0.0] * size]
        # a tenpai hand's copies of winning draws and their value summed, with the riichi choice made
        win_r = [0] * size
        win_v = [0] * size
        self.riichi = [None] * size
        for i in range(size):
            wins = self.wins[i]
            if wins:
                r = sum(w[0] for w in wins)
                dama = sum(w[0] * w[1] for w in wins)
                riichi = sum(w[0] * w[2] for w in wins)
                win_r[i] = r
                win_v[i] = riichi if riichi > dama else dama
                if self.values.can_riichi and sh[i] == 0:
                    self.riichi[i] = riichi > dama
        for n in range(1, turns + 1):
            tp0, wp0, ev0 = tp[-1], wp[-1], ev[-1]
            denom = W - (turns - n)       # the pool at this draw: the draws made before it are out
            tp1, wp1, ev1 = [0.0] * size, [0.0] * size, [0.0] * size
            best14: dict = {}
            for i in range(size):
                R = win_r[i]
                t_sum = w_sum = float(R)
                e_sum = float(win_v[i])
                for r, succ in self.draws[i]:
                    R += r
                    got = best14.get(succ)
                    if got is None:
                        got = best14[succ] = (max(tp0[j] for j in succ), max(wp0[j] for j in succ),
                                              max(ev0[j] for j in succ))
                    t_sum += r * got[0]
                    w_sum += r * got[1]
                    e_sum += r * got[2]
                d = denom if denom > R else R     # (a pool smaller than the copies counted: all draws help)
                stay = (d - R) / d
                tp1[i] = 1.0 if sh[i] <= 0 else t_sum / d + stay * tp0[i]
                wp1[i] = w_sum / d + stay * wp0[i]
                ev1[i] = e_sum / d + stay * ev0[i]
            tp.append(tp1)
            wp.append(wp1)
            ev.append(ev1)
        return tp, wp, ev


def _visible(hand: Hand, seen) -> list[int]:
    """Copies of each kind in view outside the closed tiles: the melds, the dora indicators, the ``seen`` tiles."""
    v = [0] * N_KINDS
    for m in hand.melds:
        for t in m.tiles:
            v[t.kind] += 1
    for t in hand.situation.dora:
        v[t.kind] += 1
    for t in seen:
        if t.kind < N_KINDS:
            v[t.kind] += 1
    return v


def _simulate(shapes: _Shapes, pool: _Pool, values: _Values, counts13, turns: int, samples: int,
              rng: random.Random, choose=None) -> tuple[list[float], list[float], list[float]]:
    """Play the model ``samples`` times from the 13-tile hand ``counts13``; each deal's (tenpai reached, won,
    points). ``choose(counts14, options, n)`` picks the discard among ``options`` ([(kind, improving kinds)]) with
    ``n`` draws left; by default the greedy player: the most improving copies left (then the lowest kind)."""
    W = pool.size
    cache13: dict = {}
    cache14: dict = {}
    tp, wp, ev = [], [], []
    sh0 = shapes.shanten(counts13)
    for _ in range(samples):
        counts = list(counts13)
        sh = sh0
        imp = None
        tenpai = sh <= 0
        won = 0.0
        riichi = None
        for t in range(turns):
            key = bytes(counts)
            kinds = cache13.get(key)
            if kinds is None:
                kinds = cache13[key] = [(k, pool.left(counts, k)) for k in (imp or shapes.improving(counts))]
            imp = None
            u = rng.randrange(W - t)
            k = -1
            for kk, r in kinds:
                if u < r:
                    k = kk
                    break
                u -= r
            if k < 0:
                continue
            counts[k] += 1
            if sh == 0:
                dama, rii = values.value(counts, k)
                if not (dama or rii):       # no yaku (MCR: under 8): no win, the tile goes back
                    counts[k] -= 1
                    continue
                if riichi is None:
                    riichi = _tenpai_riichi(values, pool, counts, k, kinds)
                won = float(rii if riichi else dama)
                wp.append(1.0)
                break
            key14 = bytes(counts)
            options = cache14.get(key14)
            if options is None:
                options = cache14[key14] = shapes.discards(counts, sh - 1)
            if choose is None:
                d, imp = max(options, key=lambda o: (sum(pool.left(counts, x) for x in o[1]), -o[0]))
            else:
                d, imp = choose(counts, options, turns - t - 1)
            counts[d] -= 1
            sh -= 1
            if sh == 0:
                tenpai = True
        else:
            wp.append(0.0)
        tp.append(1.0 if tenpai else 0.0)
        ev.append(won)
    return tp, wp, ev


def _tenpai_riichi(values: _Values, pool: _Pool, counts14, win: int, kinds) -> bool:
    """The riichi choice of the tenpai hand ``counts14`` less ``win`` (its waits ``kinds`` with copies left): as
    :meth:`_Graph.solve` makes it."""
    if not values.can_riichi:
        return False
    counts14[win] -= 1
    dama = riichi = 0
    for k, r in kinds:
        counts14[k] += 1
        d, ri = values.value(counts14, k)
        counts14[k] -= 1
        dama += r * d
        riichi += r * ri
    counts14[win] += 1
    return riichi > dama


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def discard_ev(hand: Hand, turns: int = DEFAULT_TURNS, seen=(), samples: int = DEFAULT_SAMPLES, seed: int = 0,
               exact_max_shanten: int = EXACT_MAX_SHANTEN) -> dict:
    """The expected-value advice for ``hand`` (14 tiles: each discard; 13 tiles: the hand as it is) as plain
    values: see the README's ``analyze --ev`` fields. ``seen``: tiles in view outside the hand (others' discards
    and melds). Raises :class:`~scorer.errors.ImpossibleHandError` for a fifth copy of a kind in view."""
    ruleset = find_ruleset(hand.rules)
    melds = len(hand.melds)
    shapes = _Shapes(ruleset, melds)
    closed = hand.closed_tiles
    start = counts34(closed)
    visible = _visible(hand, seen)
    base = []
    for k in range(N_KINDS):
        left = 4 - start[k] - visible[k]
        if left < 0:
            raise ImpossibleHandError(f"more than four {Tile(k)} in the hand and in view")
        base.append(left)
    pool = _Pool(base, start)
    values = _Values(hand, start, ruleset)
    values.ura = [(k, n) for k, n in enumerate(base) if n]
    if turns < 1:
        raise ValueError("turns must be at least 1")
    turns = min(turns, pool.size)
    n_tiles = hand.tile_count
    roots = []          # (discard text or None, counts13, shanten, improving kinds)
    if n_tiles == 14:
        sh14 = shapes.shanten(start)
        if sh14 == -1:
            raise ImpossibleHandError("the hand is already complete: score it (mjscore score)")
        kinds = [k for k in range(N_KINDS) if start[k]]
        each = (DiscardView(start, melds).shanten_each(kinds) if shapes.riichi_forms
                else shanten_each(start, melds, kinds, -1, shapes.pairs4, shapes.knitted))
        best = min(each)
        for k, s in zip(kinds, each):
            c = list(start)
            c[k] -= 1
            roots.append((str(Tile(k)), c, s, shapes.improving(c)))
    else:
        s = shapes.shanten(start)
        best = s
        roots.append((None, list(start), s, shapes.improving(start)))

    rows = []
    # the discards that keep the best shanten, and (shanten down: breaking a shape for a better one) those that
    # leave one more, each searched exactly where its graph is small
    exact_roots = [(i, r) for i, r in enumerate(roots) if r[2] <= min(best + 1, exact_max_shanten)]
    graph = None
    solved = None
    ids: dict[int, int] = {}
    if exact_roots:
        graph = _Graph(shapes, pool, values)
        ids = {i: graph.add(r[1], r[2], r[3]) for i, r in exact_roots}
        if graph.expand(list(ids.values()), MAX_STATES):
            solved = graph.solve(turns)
        else:
            graph = None
    rng_base = seed
    for i, (text, counts, s, imp) in enumerate(roots):
        ukeire = [(k, pool.left(counts, k)) for k in imp]
        row: dict = {"discard": text, "shanten": s, "ukeire": sum(r for _, r in ukeire),
                     "tiles": [{"tile": str(Tile(k)), "left": r} for k, r in ukeire if r]}
        if solved is not None and i in ids:
            j = ids[i]
            tp, wp, ev = solved
            row.update({"method": "exact", "tenpai": tp[turns][j], "win": wp[turns][j], "ev": ev[turns][j]})
            if s == 0:
                row["waits"] = _wait_rows(values, graph.counts[j], imp, pool)
                row["riichi"] = graph.riichi[j]
        elif s == best:
            rng = random.Random(rng_base * 1000003 + i)
            tps, wps, evs = _simulate(shapes, pool, values, counts, turns, samples, rng)
            t, te = _mean_se(tps)
            w, we = _mean_se(wps)
            e, ee = _mean_se(evs)
            row.update({"method": "estimate", "samples": samples, "seed": seed, "tenpai": t, "tenpai_se": te,
                        "win": w, "win_se": we, "ev": e, "ev_se": ee})
        else:
            row["method"] = None        # a discard that raises the shanten: not searched
        rows.append(row)
    rows.sort(key=lambda r: (r.get("ev") is None, -(r.get("ev") or 0.0), -(r.get("win") or 0.0), r["shanten"],
                             -r["ukeire"]))
    return {"rules": hand.rules, "hand": hand.notation(), "tiles": n_tiles, "turns": turns,
            "turns_default": DEFAULT_TURNS, "pool": pool.size, "seen": sum(1 for t in seen if t.kind < N_KINDS),
            "shanten": best if n_tiles == 13 else shapes.shanten(start),
            "states": len(graph.counts) if graph is not None else 0,
            "model": "tsumo wins; a draw is kept only when it lowers the shanten; riichi when it pays more "
                     "(ura dora averaged over the pool, the riichi stick not counted)" if values.can_riichi else
                     "tsumo wins; a draw is kept only when it lowers the shanten",
            "discards": rows}


def _wait_rows(values: _Values, counts13, waits, pool: _Pool) -> list[dict]:
    """Each wait of a tenpai root: copies left, the win's dama and riichi value, and its yaku (with riichi when
    riichi can be chosen) and dora ("dora N": indicators, red fives and ura together) or MCR fans."""
    out = []
    c = list(counts13)
    for k in waits:
        r = pool.left(c, k)
        c[k] += 1
        dama, riichi = values.value(c, k)
        rd = values.result(c, k, bool(values.can_riichi)).to_dict()
        c[k] -= 1
        yaku = [y["name"] for y in rd.get("yaku", ())] or [f["name"] for f in rd.get("fans", ())]
        dora = rd.get("dora")
        if isinstance(dora, dict) and sum(dora.values()):
            yaku.append(f"dora {sum(dora.values())}")
        out.append({"tile": str(Tile(k)), "left": r, "dama": round(dama, 1),
                    "riichi": round(riichi, 1) if values.can_riichi else None,
                    "yaku": yaku})
    return out


def simulate_policy(hand: Hand, discard: str | None, turns: int, samples: int, seed: int, seen=(),
                    policy: str = "greedy") -> dict:
    """Play the model ``samples`` times after ``discard`` (None: a 13-tile hand as it is) and return the means
    and standard errors: the long simulation the tests compare the exact figures with. ``policy``: ``greedy``
    (the estimate's player) or ``exact`` (the exact search's choices: the discard with the best win chance for
    the draws left, read from the graph)."""
    ruleset = find_ruleset(hand.rules)
    shapes = _Shapes(ruleset, len(hand.melds))
    start = counts34(hand.closed_tiles)
    visible = _visible(hand, seen)
    pool = _Pool([4 - start[k] - visible[k] for k in range(N_KINDS)], start)
    values = _Values(hand, start, ruleset)
    values.ura = [(k, n) for k, n in enumerate(pool.base) if n]
    counts = list(start)
    if discard is not None:
        counts[Tile.parse(discard).kind] -= 1
    choose = None
    if policy == "exact":
        graph = _Graph(shapes, pool, values)
        root = graph.add(counts, shapes.shanten(counts), shapes.improving(counts))
        graph.expand([root])
        _, wp, _ = graph.solve(turns)

        def choose(counts14, options, n):
            best = None
            for d, imp in options:
                counts14[d] -= 1
                j = graph.index[bytes(counts14)]
                counts14[d] += 1
                if best is None or wp[n][j] > best[0]:
                    best = (wp[n][j], d, imp)
            return best[1], best[2]
    rng = random.Random(seed)
    tps, wps, evs = _simulate(shapes, pool, values, counts, turns, samples, rng, choose)
    (t, te), (w, we), (e, ee) = _mean_se(tps), _mean_se(wps), _mean_se(evs)
    return {"tenpai": t, "tenpai_se": te, "win": w, "win_se": we, "ev": e, "ev_se": ee}


def advice_for(closed, melds=(), situation=None, seen=(), turns: int | None = None, rules: str = "riichi",
               preset: str | None = None, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> dict:
    """:func:`discard_ev` for a seat at a table (what ``play``'s advice key shows): ``closed`` the seat's concealed
    tiles (14 - 3 per meld after its draw, the drawn tile last; or 13 - 3 per meld), ``melds`` its declared melds,
    ``situation`` its :class:`~scorer.hand.Situation` (winds, dora indicators, riichi), ``seen`` every other tile in
    view (the rivers, the other seats' melds), ``turns`` the draws it has left (default :data:`DEFAULT_TURNS`)."""
    from scorer.hand import Situation
    closed = tuple(closed)
    n = len(closed) + 3 * len(melds)
    concealed, drawn = (closed[:-1], closed[-1]) if n == 14 else (closed, None)
    hand = Hand(concealed, tuple(melds), drawn, situation or Situation(), (), rules, preset)
    return discard_ev(hand, DEFAULT_TURNS if turns is None else max(1, turns), tuple(seen), samples, seed)
