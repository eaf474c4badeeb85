"""`analyze --ev` (scorer.advice.ev): the figures checked against brute force and long simulations, the ranking
against textbook problems, and the command's exit codes and JSON.

Three checks of the win probabilities:

- the model itself, by an independent tree search (every kind drawn, every discard tried with the core's plain
  shanten under the rule set's shapes; no graph, no improving-kind lists): equal to 1e-9 on small end-game
  positions, riichi and MCR (seven pairs, honors and knitted tiles);
- the real process (draws without replacement from the actual unseen tiles) by brute force, on positions where the
  model is exact (tenpai with any draws left; n-shanten with exactly n + 1 draws left): equal; and with a free
  player (any tile kept, any tile thrown) the tool's win chance is never higher, and equal where no shape change can
  help (n + 1 draws);
- long simulations: the exact figures of 1- and 2-shanten hands against 20000 deals played with the search's own
  choices, and the seeded estimates of a 4-shanten hand against a long run with another seed, each within four
  standard errors.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer import score
from scorer.advice.ev import DEFAULT_TURNS, discard_ev, simulate_policy
from scorer.analysis import analyze, read_hand
from scorer.cli.app import app
from scorer.hand import Hand
from scorer.kinds import N_KINDS
from scorer.rulesets import find_ruleset
from scorer.shanten import shanten_counts
from scorer.tiles import Tile, counts34, parse_tiles

runner = CliRunner()
HERE = Path(__file__).parent


# ---- the independent searches ---------------------------------------------------------------------------------
class _Position:
    """A hand after one discard, with the pool the model draws from (as the README defines it)."""

    def __init__(self, text: str, discard: str | None, seen: str | None = ""):
        self.hand = read_hand(text)
        seen = crowd(text) if seen is None else seen
        self.seen = parse_tiles(seen) if seen else []
        self.start = counts34(self.hand.closed_tiles)
        visible = [0] * N_KINDS
        for t in list(self.seen) + list(self.hand.situation.dora):
            visible[t.kind] += 1
        self.base = [4 - self.start[k] - visible[k] for k in range(N_KINDS)]
        self.W = sum(self.base)
        self.counts = list(self.start)
        if discard:
            self.counts[Tile.parse(discard).kind] -= 1
        self.melds = len(self.hand.melds)
        rs = find_ruleset(self.hand.rules)
        self.shapes = (rs.four_as_two_pairs, rs.knitted)
        self.can_riichi = rs.riichi_keywords
        self.memo = {}
        self.values = {}

    def value(self, c14, win: int, riichi: bool) -> float:
        """The win's points; with riichi, the mean over the ura dora indicator (each copy of the pool alike)."""
        key = (bytes(c14), win, riichi)
        if key in self.values:
            return self.values[key]
        tiles = []
        for k in range(N_KINDS):
            tiles += [Tile(k)] * (c14[k] - (k == win))
        sit = replace(self.hand.situation, tsumo=True, riichi=riichi)
        if not riichi:
            v = self._points(Hand(tuple(tiles), self.hand.melds, Tile(win), sit, rules=self.hand.rules))
        else:
            v = sum(n * self._points(Hand(tuple(tiles), self.hand.melds, Tile(win), replace(sit, ura=(Tile(j),)),
                                          rules=self.hand.rules))
                    for j, n in enumerate(self.base) if n) / self.W
        self.values[key] = v
        return v

    def _points(self, hand) -> int:
        r = score(hand)
        return (r.points if self.hand.rules == "riichi" else r.total) if r.win else 0

    def shanten(self, c) -> int:
        return shanten_counts(c, self.melds, *self.shapes)

    def riichi_choice(self, c13, left) -> bool:
        """Riichi when it pays more over the waits, weighted by the copies left (the README's rule)."""
        if not self.can_riichi:
            return False
        dama = rii = 0
        for k in range(N_KINDS):
            r = left(c13, k)
            if r <= 0:
                continue
            c13[k] += 1
            if self.shanten(c13) == -1:
                dama += r * self.value(c13, k, False)
                rii += r * self.value(c13, k, True)
            c13[k] -= 1
        return rii > dama

    def model_left(self, c, k):
        extra = c[k] - self.start[k]
        return self.base[k] - extra if extra > 0 else self.base[k]

    def model(self, n: int, turns: int):
        """(tenpai, win, ev) of the model by a plain tree search (each figure maximised on its own)."""
        return self._model(list(self.counts), n, turns, None)

    def _model(self, c, n, turns, riichi):
        sh = self.shanten(c)
        if n == 0:
            return (1.0 if sh <= 0 else 0.0, 0.0, 0.0)
        if sh == 0 and riichi is None:
            riichi = self.riichi_choice(c, self.model_left)
        D = self.W - (turns - n)
        R = 0
        acc = [0.0, 0.0, 0.0]
        for k in range(N_KINDS):
            r = self.model_left(c, k)
            if r <= 0:
                continue
            c[k] += 1
            s14 = self.shanten(c)
            if s14 == -1 and not (self.value(c, k, False) or self.can_riichi and self.value(c, k, True)):
                s14 = sh        # complete but worth nothing (no yaku; MCR under 8): no win, thrown back
            if s14 < sh:
                R += r
                if s14 == -1:
                    v = (1.0, 1.0, float(self.value(c, k, riichi)))
                else:
                    best = [0.0, 0.0, 0.0]
                    for d in range(N_KINDS):
                        if c[d]:
                            c[d] -= 1
                            if self.shanten(c) == s14:
                                sub = self._model(c, n - 1, turns, None)
                                best = [max(a, b) for a, b in zip(best, sub)]
                            c[d] += 1
                    v = best
                for i in range(3):
                    acc[i] += r * v[i]
            c[k] -= 1
        d = max(D, R)
        stay = self._model(c, n - 1, turns, riichi)
        tp = 1.0 if sh <= 0 else acc[0] / d + (d - R) / d * stay[0]
        return (tp, acc[1] / d + (d - R) / d * stay[1], acc[2] / d + (d - R) / d * stay[2])

    def real(self, n: int, free: bool = False) -> float:
        """The win chance of the real process: draws without replacement from the unseen tiles. The player
        keeps only tiles that lower the shanten (as the model's), or with ``free`` any tile, throwing any."""
        wall = list(self.base)
        return self._real(list(self.counts), wall, n, free)

    def _real(self, c, wall, n, free):
        if n == 0:
            return 0.0
        key = (bytes(c), bytes(wall), n)
        if key in self.memo:
            return self.memo[key]
        total = sum(wall)
        sh = self.shanten(c)
        p = 0.0
        for k in range(N_KINDS):
            if not wall[k]:
                continue
            q = wall[k] / total
            wall[k] -= 1
            c[k] += 1
            s14 = self.shanten(c)
            if s14 == -1 and self.value(c, k, False) > 0:
                v = 1.0
            elif n == 1:
                v = 0.0
            elif s14 < sh or free:
                v = 0.0
                for d in range(N_KINDS):
                    if c[d]:
                        c[d] -= 1
                        if free or self.shanten(c) == s14:
                            v = max(v, self._real(c, wall, n - 1, free))
                        c[d] += 1
            else:
                c[k] -= 1
                v = self._real(c, wall, n - 1, free)
                c[k] += 1
            c[k] -= 1
            wall[k] += 1
            p += q * v
        self.memo[key] = p
        return p


def _row(d: dict, discard):
    return next(r for r in d["discards"] if r["discard"] == discard)


def crowd(text: str) -> str:
    """A late, crowded table for ``text``: every copy of each kind the hand neither holds nor could use (honors
    it does not hold, numbers more than two ranks from its own) is in view, so the pool is small."""
    held = counts34(read_hand(text).closed_tiles)
    seen = []
    for k in range(N_KINDS):
        if held[k]:
            continue
        near = k < 27 and any(held[j] for j in range(k - 2, k + 3) if 0 <= j < 27 and j // 9 == k // 9)
        if not near:
            seen.append(str(Tile(k)) * 4)
    return "".join(seen)


MANY_SEEN = None    # (crowd() of each position's hand)
END_GAME = [
    ("123m456p789p11z245s", "2s", MANY_SEEN, 4),          # tenpai, two-sided
    ("123m456p789p11z245s", "5s", MANY_SEEN, 3),          # tenpai, closed wait
    ("234m567p3378s1156z", "5z", "", 2),                   # 1-shanten, 2 draws
    ("234m567p3378s1156z", "6z", "1111m9999p", 3),         # 1-shanten, 3 draws (the model's approximation)
    ("234m23567p11z4678s", "4s", MANY_SEEN, 3),          # tenpai, two-sided (23p)
    ("1234m567p3378s156z", "1z", MANY_SEEN, 3),            # 2-shanten, 3 draws
    ("147m258p369s1234z9m rules:mcr", "9m", "", 3),        # MCR, honors and knitted tiles: tenpai, 3 draws
    ("123m456p789s1157z5z rules:mcr", "7z", "", 3),        # MCR: tenpai on 1z/5z (8 points or more)
    ("1199m2288p33s7s456z rules:mcr", "7s", "", 3),        # MCR seven pairs, 1-shanten
]


@pytest.mark.parametrize("text,discard,seen,turns", END_GAME)
def test_the_model_agrees_with_a_plain_tree_search(text, discard, seen, turns):
    pos = _Position(text, discard, seen)
    d = discard_ev(pos.hand, turns, pos.seen)
    row = _row(d, discard)
    assert row["method"] == "exact"
    tp, wp, ev = pos.model(turns, turns)
    assert row["tenpai"] == pytest.approx(tp, abs=1e-9)
    assert row["win"] == pytest.approx(wp, abs=1e-9)
    assert row["ev"] == pytest.approx(ev, abs=1e-6)
    assert wp > 0


@pytest.mark.parametrize("text,discard,seen,turns", [
    ("123m456p789p11z245s", "2s", MANY_SEEN, 4),     # tenpai: the model is the real process
    ("123m456p789p11z245s", "5s", MANY_SEEN, 3),
    ("234m567p3378s1156z", "5z", MANY_SEEN, 2),      # 1-shanten, 2 draws: every draw must be kept
    ("1234m567p3378s156z", "1z", MANY_SEEN, 3),      # 2-shanten, 3 draws
])
def test_where_the_model_is_exact_it_is_the_real_process(text, discard, seen, turns):
    pos = _Position(text, discard, seen)
    row = _row(discard_ev(pos.hand, turns, pos.seen), discard)
    assert row["win"] == pytest.approx(pos.real(turns), abs=1e-9)


@pytest.mark.parametrize("text,discard,seen,turns,tight", [
    ("234m567p3378s1156z", "5z", MANY_SEEN, 2, True),    # n + 1 draws: no shape change can help
    ("1234m567p3378s156z", "1z", MANY_SEEN, 3, True),
    ("123m456p789p11z245s", "5s", MANY_SEEN, 2, False),  # a free player may change a closed wait
])
def test_a_free_player_never_does_worse(text, discard, seen, turns, tight):
    pos = _Position(text, discard, seen)
    row = _row(discard_ev(pos.hand, turns, pos.seen), discard)
    free = pos.real(turns, free=True)
    assert row["win"] <= free + 1e-12
    if tight:
        assert row["win"] == pytest.approx(free, abs=1e-9)


@pytest.mark.parametrize("text,discard", [("234m567p3378s1156z", "5z"), ("1234m567p3378s156z", "1z")])
def test_a_long_simulation_with_the_search_choices_agrees(text, discard):
    hand = read_hand(text)
    row = _row(discard_ev(hand, 10), discard)
    sim = simulate_policy(hand, discard, 10, 20000, seed=11, policy="exact")
    assert abs(sim["win"] - row["win"]) <= 4 * sim["win_se"]
    assert abs(sim["ev"] - row["ev"]) <= 4 * sim["ev_se"]
    # the search maximises the tenpai chance on its own: a player after the win chance reaches tenpai no more often
    assert sim["tenpai"] <= row["tenpai"] + 4 * sim["tenpai_se"]


def test_an_estimate_agrees_with_a_long_run_within_its_error():
    hand = read_hand("13m2468p3579s1567z")
    d = discard_ev(hand, 12, samples=1500, seed=3)
    row = d["discards"][0]
    assert row["method"] == "estimate" and row["shanten"] == 4 and row["samples"] == 1500
    long = simulate_policy(hand, row["discard"], 12, 12000, seed=99)
    for key in ("tenpai", "win", "ev"):
        err = (row[key + "_se"] ** 2 + long[key + "_se"] ** 2) ** 0.5
        assert abs(row[key] - long[key]) <= 4 * err, key
    # seeded: the same seed gives the same figures
    again = discard_ev(hand, 12, samples=1500, seed=3)
    assert again["discards"][0] == row


def test_the_core_says_the_same_ukeire_as_analyze():
    hand = read_hand("234m23567p11z4678s")
    plain = {r["discard"]: r for r in analyze(hand)["discards"]}
    for r in discard_ev(hand)["discards"]:
        p = plain[r["discard"]]
        assert r["shanten"] == p["shanten"]
        # the same improving kinds and copies: both count the tile thrown in view (it lies in the river)
        assert [(u["tile"], u["left"]) for u in r["tiles"]] == [(u["tile"], u["left"]) for u in p["tiles"]]
        assert r["ukeire"] == p["ukeire"]


@pytest.mark.parametrize("text", ["234m23567p11z4678s", "123m456p789p11z245s", "1112345678999m5p",
                                  "119m19p19s1234567z"])
def test_a_discards_ukeire_counts_the_thrown_tile_in_view(text):
    """Each improving kind's copies left after a discard: four less the copies the hand of 14 held, since the
    one thrown lies in the river (four less the 13 kept, less one, for the thrown kind)."""
    hand = read_hand(text)
    held = counts34(hand.closed_tiles)
    for row in analyze(hand)["discards"]:
        assert row["tiles"], row
        for u in row["tiles"]:
            assert u["left"] == 4 - held[Tile.parse(u["tile"]).kind], (row["discard"], u)
        assert row["ukeire"] == sum(u["left"] for u in row["tiles"])


def test_seen_tiles_lower_the_chances():
    hand = read_hand("123m456p789p11z245s")
    a = _row(discard_ev(hand), "2s")
    b = _row(discard_ev(hand, seen=parse_tiles("333s")), "2s")
    assert b["ukeire"] == a["ukeire"] - 3 and b["win"] < a["win"]


def test_riichi_or_dama_and_the_waits_values():
    d = discard_ev(read_hand("123m456p789p11z245s"))
    row = _row(d, "2s")
    assert row["riichi"] is True          # 1 han more, below mangan: riichi pays more
    for w in row["waits"]:
        assert w["riichi"] > w["dama"] > 0 and "riichi" in w["yaku"]
    # ura dora: a riichi win is worth its mean over the indicator, above the same hand without ura
    assert any(w["riichi"] % 100 for w in row["waits"])
    # suuankou on tsumo whatever riichi adds: dama
    d = discard_ev(read_hand("111m222p333s44z55z9s"))
    top = d["discards"][0]
    assert top["discard"] == "9s" and top["riichi"] is False
    assert all(w["riichi"] == w["dama"] == 32000 for w in top["waits"])


def _problems():
    for line in (HERE / "discard_problems.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rules, hand, ok, source = (x.strip() for x in line.split("|"))
            yield pytest.param(rules, hand, ok.split(), id=hand)


@pytest.mark.parametrize("rules,text,accepted", list(_problems()))
def test_textbook_problems_rank_sanely(rules, text, accepted):
    d = discard_ev(read_hand(text, rules))
    assert d["discards"][0]["discard"] in accepted, d["discards"][:3]


# ---- the command ---------------------------------------------------------------------------------------------
EV_KEYS = {"rules", "hand", "tiles", "turns", "turns_default", "pool", "seen", "shanten", "states", "model",
           "discards"}


def test_cli_json_has_the_documented_fields():
    res = runner.invoke(app, ["analyze", "234m567p3378s1156z", "--ev", "--json", "seen:3s6s"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert EV_KEYS <= set(d) and d["turns"] == DEFAULT_TURNS and d["seen"] == 2 and d["pool"] == 136 - 14 - 2
    top = d["discards"][0]
    assert {"discard", "shanten", "ukeire", "tiles", "method", "tenpai", "win", "ev"} <= set(top)
    assert top["method"] == "exact" and 0 < top["win"] < top["tenpai"] < 1


def test_cli_text_states_the_draws_left_and_the_model():
    res = runner.invoke(app, ["analyze", "123m456p789p11z245s", "--ev", "--turns", "6"])
    assert res.exit_code == 0, res.output
    assert "6 draws left" in res.stdout and "model:" in res.stdout and "riichi" in res.stdout
    res = runner.invoke(app, ["analyze", "123m456p789p11z245s", "--ev"])
    assert f"{DEFAULT_TURNS} draws left (default" in res.stdout


def test_cli_mcr_ev():
    res = runner.invoke(app, ["analyze", "123m456p789s1157z5z", "--ev", "--rules", "mcr", "--json"])
    assert res.exit_code == 0, res.output
    top = json.loads(res.stdout)["discards"][0]
    assert top["discard"] == "7z" and top["ev"] > 0 and all(w["dama"] >= 8 for w in top["waits"])


@pytest.mark.parametrize("args,code", [
    (["analyze", "123m456p789p11z245s", "--turns", "5"], 2),          # --turns without --ev
    (["analyze", "123m456p789p11z245s", "--ev", "--turns", "0"], 2),
    (["analyze", "123m456p789p11z245s", "--ev", "seen:3x"], 1),        # seen: not tiles
    (["analyze", "123m456p789p11z245s", "--ev", "seen:2222s"], 1),     # a fifth 2s in view
    (["analyze", "123m456p789p11z2345s", "--ev"], 1),                  # 15 tiles
])
def test_cli_errors(args, code):
    res = runner.invoke(app, args)
    assert res.exit_code == code, res.output


def test_advice_for_a_seat_is_the_advice_for_its_hand():
    from scorer.advice.ev import advice_for
    seen = parse_tiles("3s6s1z")
    a = advice_for(parse_tiles("234m567p3378s1156z"), seen=seen, turns=8)
    b = discard_ev(read_hand("234m567p3378s1156z"), 8, seen)
    assert a["discards"] == b["discards"] and a["pool"] == b["pool"] == 136 - 14 - 3


def test_riichi_declared_already_is_valued_as_chosen_riichi():
    chosen = _row(discard_ev(read_hand("123m456p789p11z245s")), "2s")
    declared = _row(discard_ev(read_hand("123m456p789p11z245s riichi")), "2s")
    assert chosen["riichi"] is True and declared["riichi"] is None      # no choice left to make
    assert declared["ev"] == pytest.approx(chosen["ev"])


def test_breaking_a_nearly_dead_tenpai_can_pay_more():
    # 333s in view: the closed wait on 3s has one copy left; giving up tenpai (4s: 1-shanten, 24 tiles) pays more
    d = discard_ev(read_hand("123m456p789p11z245s"), seen=parse_tiles("333s"))
    rows = {r["discard"]: r for r in d["discards"]}
    assert rows["5s"]["shanten"] == 0 and rows["4s"]["shanten"] == 1 and rows["4s"]["method"] == "exact"
    assert rows["4s"]["ev"] > rows["5s"]["ev"] and rows["4s"]["win"] > rows["5s"]["win"]
    assert d["discards"][0]["discard"] == "2s"


def test_a_three_shanten_hand_exact_against_a_long_simulation():
    hand = read_hand("236m38p123366s355z")
    d = discard_ev(hand, 12)
    top = d["discards"][0]
    assert top["shanten"] == 3 and top["method"] == "exact"
    sim = simulate_policy(hand, top["discard"], 12, 20000, seed=5, policy="exact")
    assert abs(sim["win"] - top["win"]) <= 4 * sim["win_se"]
    assert abs(sim["ev"] - top["ev"]) <= 4 * sim["ev_se"]


def _random_hands(n: int, seed: int):
    import random
    rng = random.Random(seed)
    for _ in range(n):
        wall = [k for k in range(N_KINDS) for _ in range(4)]
        rng.shuffle(wall)
        yield "".join(str(Tile(k)) for k in sorted(wall[:14]))


@pytest.mark.parametrize("text", list(_random_hands(12, 2026)))
def test_figures_are_chances_and_grow_with_the_draws_left(text):
    hand = read_hand(text)
    if shanten_counts(counts34(hand.closed_tiles)) == -1:
        pytest.skip("a complete hand")       # (a dealt 14 that already wins: nothing to advise)
    short = {r["discard"]: r for r in discard_ev(hand, 6, samples=200)["discards"]}
    for r in discard_ev(hand, 12, samples=200)["discards"]:
        if r["method"] is None:
            continue
        assert 0 <= r["win"] <= r["tenpai"] <= 1 and r["ev"] >= 0
        assert (r["ev"] == 0) == (r["win"] == 0)      # every win counted is worth something
        if r["method"] == "exact":
            s = short[r["discard"]]
            assert s["win"] <= r["win"] + 1e-12 and s["tenpai"] <= r["tenpai"] + 1e-12 and s["ev"] <= r["ev"] + 1e-9


def test_a_complete_hand_without_a_yaku_is_no_win():
    # open (chi 123m): 456p 789s 11z + 23s waits 1s/4s: no yaku on either (not tanyao, 1z is no value honor here)
    hand = read_hand("[123m]456p789s11z23s9m seat:S round:E")
    row = _row(discard_ev(hand), "9m")
    assert row["shanten"] == 0 and row["win"] == 0 and row["ev"] == 0
    assert all(w["dama"] == 0 for w in row["waits"])
    # MCR: a tenpai whose waits reach 8 on no draw wins nothing; one that reaches 8 does
    d = discard_ev(read_hand("123m456p789s1157z5z", "mcr"))
    assert d["discards"][0]["win"] > 0
