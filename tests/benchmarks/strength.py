"""Benchmark (a script, not collected by pytest): how much stronger the ``strong`` AI is than ``basic``, and how
close four ``strong`` AIs come to real play (issue 14).

    python tests/benchmarks/strength.py [--deals N] [--seed S] [--rotations 2|4] [--preset tenhou]
                                        [--seats strong,basic,strong,basic] [--realism N] [--speed N]
                                        [--games N [--game south|east]] [--realism-games N] [--profile]
                                        [--deal-ins N]
                                        [--set NAME=VALUE ...] [--compare NAME=VALUE ...]

Placements (``--games N``, issue 14's acceptance): N AI-only games (``scorer.game.match.play_game``), each played
once per rotation of the seats on the same walls; printed per level: the average placement with its standard
error, final points and uma/oka score. ``--realism-games N``: the realism figures below over N games of four
copies of the first level.

Strength, per deal: deal ``i`` is the wall of seed ``S + i``, played once for each rotation of the seats (rotation
``r`` puts seat ``(s + r) % 4``'s AI in seat ``s``: with ``strong,basic,strong,basic`` two rotations already put each
AI in every seat on every wall; ``--rotations 4`` plays all four). Printed per level: the average point change per
deal, win rate, deal-in rate, riichi and call rates, and the mean gap strong minus basic with its standard error
(over walls, so the luck of the wall cancels between the rotations).

Realism (``--realism N``): N deals with four copies of the first level, counted per round as Tenhou's Phoenix games
are counted: the share of rounds ending in a win, the tsumo share of wins, riichi and calls per round, side by side
with the figures issue 14 quotes for ``../shared/realdata/riichi/tenhou-mjlog/``.

Speed: deals per second of each level playing alone (four copies), printed with the strength figures.

Deal-ins (``--deal-ins N``): N games per rotation; every ron the strong AI pays, grouped by its last turn before
it (its own riichi, the riichi declaration, or its shanten then), the threat it saw (none, an open hand, a riichi,
the dealer's riichi) and its hand closed or open, with the points paid: where its losses come from.

``--set NAME=VALUE`` overrides one of the strong riichi AI's thresholds (its class attributes, the value read as
JSON) for the run: the same walls with and without a change give a paired comparison. ``--compare NAME=VALUE``
(with ``--games``) plays each game both ways in one run and prints the paired difference of the first level's
placement with its standard error (over game seeds); with ``--deals`` and no ``--games``, each deal both ways:
the paired difference of the first level's points a deal (one deal diverges less than a game: a finer signal for
a change that acts in every deal, to be confirmed in placements).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorer.game.actions import RIICHI  # noqa: E402
from scorer.game.ai.levels import find_ai  # noqa: E402
from scorer.game.engine import Engine  # noqa: E402
from scorer.game.presets import find_preset  # noqa: E402

TENHOU_PHOENIX = {"win_share": 0.837, "tsumo_share": 0.42, "riichi_per_round": 0.72, "calls_per_round": 2.0}
"""Issue 14's figures for the Tenhou Phoenix games in ../shared/realdata/riichi/tenhou-mjlog/."""


def play_deal(levels: list[str], seed: int, preset: str) -> Engine:
    """One deal on the wall of ``seed`` with the AI ``levels[s]`` in seat ``s`` (seat 0 deals); the preset's rule
    set picks the engine and the AIs."""
    rules = find_preset(preset).rules
    players = [find_ai(lv, rules)(f"{lv}{s}") for s, lv in enumerate(levels)]
    if rules == "mcr":
        from scorer.game.mcr import McrEngine
        eng = McrEngine(players, seed=seed, preset=preset)
    else:
        eng = Engine(players, seed=seed, preset=preset)
    eng.run()
    return eng


def deal_facts(eng: Engine) -> dict:
    """Per seat: point change, won, dealt in, riichi, calls; per deal: a win, a tsumo."""
    st = eng.state
    start = eng.scores
    wins = [0] * 4
    deal_ins = [0] * 4
    win_points = [0] * 4
    lost_points = [0] * 4          # paid for a deal-in
    tsumo = 0
    for r in st.results:
        if r.type == "win":
            wins[r.seat] = 1
            win_points[r.seat] += r.deltas[r.seat]
            if r.from_seat is None:
                tsumo += 1
            else:
                deal_ins[r.from_seat] = 1
                lost_points[r.from_seat] -= r.deltas[r.from_seat]
    riichi = [0] * 4
    calls = [0] * 4
    for e in eng.events:
        if e.type == "riichi":
            riichi[e.seat] += 1
        elif e.type == "call":
            calls[e.seat] += 1
    return {"change": [st.players[s].score - start[s] for s in range(4)], "wins": wins, "deal_ins": deal_ins,
            "riichi": riichi, "calls": calls, "win_points": win_points, "lost_points": lost_points, "won": int(any(wins)), "tsumo": tsumo, "n_wins": sum(wins)}


def strength(seats: list[str], deals: int, seed: int, rotations: int, preset: str) -> dict:
    levels = sorted(set(seats))
    per = {lv: {"n": 0, "change": 0, "wins": 0, "deal_ins": 0, "riichi": 0, "calls": 0, "win_points": 0,
                "lost_points": 0} for lv in levels}
    gaps = []           # per wall: mean change of the first level minus the mean of the others
    first = seats[0]
    for i in range(deals):
        by_level = {lv: [] for lv in levels}
        for r in range(rotations):
            sat = [seats[(s + r) % 4] for s in range(4)]
            f = deal_facts(play_deal(sat, seed + i, preset))
            for s, lv in enumerate(sat):
                row = per[lv]
                row["n"] += 1
                row["change"] += f["change"][s]
                row["wins"] += f["wins"][s]
                row["deal_ins"] += f["deal_ins"][s]
                row["riichi"] += f["riichi"][s]
                row["calls"] += f["calls"][s]
                row["win_points"] += f["win_points"][s]
                row["lost_points"] += f["lost_points"][s]
                by_level[lv].append(f["change"][s])
        if len(levels) > 1:
            others = [x for lv in levels if lv != first for x in by_level[lv]]
            gaps.append(statistics.fmean(by_level[first]) - statistics.fmean(others))
    out = {}
    for lv, row in per.items():
        n = row["n"]
        out[lv] = {"seat_deals": n, "avg_change": round(row["change"] / n, 1), "win_rate": round(row["wins"] / n, 3),
                   "deal_in_rate": round(row["deal_ins"] / n, 3), "riichi_rate": round(row["riichi"] / n, 3),
                   "call_rate": round(row["calls"] / n, 3),
                   "points_per_win": round(row["win_points"] / max(1, row["wins"])),
                   "points_per_deal_in": round(row["lost_points"] / max(1, row["deal_ins"]))}
    if gaps:
        out["gap"] = {"first": first, "mean": round(statistics.fmean(gaps), 1),
                      "stderr": round(statistics.stdev(gaps) / len(gaps) ** 0.5, 1) if len(gaps) > 1 else None}
    return out


def play_south(levels: list[str], seed: int, preset: str, game: str = "south", on_deal=None):
    """One AI-only game (``scorer.game.match.play_game``) with ``levels[p]`` as player ``p`` (first-deal chairs);
    ``on_deal`` as play_game's."""
    from scorer.game.match import play_game
    rules = find_preset(preset).rules
    return play_game([find_ai(lv, rules) for lv in levels], preset=preset, game=game, seed=seed,
                     names=[f"{lv}{p}" for p, lv in enumerate(levels)], on_deal=on_deal)


def game_strength(seats: list[str], games: int, seed: int, rotations: int, preset: str, game: str) -> dict:
    """Average placement, final points, score (uma/oka) per level over ``games`` game seeds, each played once per
    rotation of the seats (the same walls: deal ``i`` of a game is dealt from the game's seed and ``i``)."""
    levels = sorted(set(seats))
    per = {lv: {"n": 0, "place": 0, "points": 0, "score": 0.0} for lv in levels}
    rounds = 0
    places = {lv: [] for lv in levels}
    for g in range(games):
        for r in range(rotations):
            sat = [seats[(p + r) % 4] for p in range(4)]
            res = play_south(sat, seed + g, preset, game)
            rounds += len(res.deals)
            for st in res.standings:
                lv = sat[st.player]
                row = per[lv]
                row["n"] += 1
                row["place"] += st.place
                row["points"] += st.points
                row["score"] += st.score
                places[lv].append(st.place)
    out = {}
    for lv, row in per.items():
        n = row["n"]
        sd = statistics.stdev(places[lv]) / n ** 0.5 if n > 1 else 0.0
        out[lv] = {"player_games": n, "avg_place": round(row["place"] / n, 3), "place_stderr": round(sd, 3),
                   "avg_points": round(row["points"] / n), "avg_score": round(row["score"] / n, 2)}
    out["rounds"] = rounds
    return out


def _paired(seats: list[str], units: int, seed: int, rotations: int, change: dict, measure) -> tuple:
    """Each unit ``i`` (a game or a deal on the walls of ``seed + i``) played without and with ``change`` (strong
    riichi AI attributes set for the second play), every rotation of the seats each time: the first level's mean
    of ``measure(seated, seed + i)`` (its values for the first level's seats) per play, as (base means, new means,
    paired differences)."""
    strong = find_ai("strong", "riichi")
    first = seats[0]
    before = {name: getattr(strong, name) for name in change}
    diffs, base_all, new_all = [], [], []
    for i in range(units):
        per = []
        for variant in (False, True):
            for name, value in (change if variant else before).items():
                setattr(strong, name, value)
            got = []
            for r in range(rotations):
                sat = [seats[(s + r) % 4] for s in range(4)]
                values = measure(sat, seed + i)
                got += [values[s] for s in range(4) if sat[s] == first]
            per.append(statistics.fmean(got))
        for name, value in before.items():
            setattr(strong, name, value)
        base_all.append(per[0])
        new_all.append(per[1])
        diffs.append(per[1] - per[0])
    return base_all, new_all, diffs


def _paired_summary(unit: str, base_all: list, new_all: list, diffs: list, digits: int) -> dict:
    """Both means and the paired difference with its standard error (over the units: the luck of the walls
    cancels), rounded to ``digits``."""
    n = len(diffs)
    return {unit: n, "base": round(statistics.fmean(base_all), digits),
            "new": round(statistics.fmean(new_all), digits), "diff": round(statistics.fmean(diffs), digits),
            "diff_stderr": round(statistics.stdev(diffs) / n ** 0.5, digits) if n > 1 else None}


def paired_games(seats: list[str], games: int, seed: int, rotations: int, preset: str, game: str,
                 change: dict) -> dict:
    """The first level's average placement on the same walls without and with ``change``: both means and the
    paired difference (with its standard error over game seeds)."""
    def places(sat, s):
        res = play_south(sat, s, preset, game)
        by_seat = {st.player: st.place for st in res.standings}
        return [by_seat[p] for p in range(4)]
    return _paired_summary("games", *_paired(seats, games, seed, rotations, change, places), 4)


def paired_deals(seats: list[str], deals: int, seed: int, rotations: int, preset: str, change: dict) -> dict:
    """The first level's average point change per deal on the same walls without and with ``change``: both means
    and the paired difference with its standard error over walls. One deal diverges less than a game, so the
    pairing cancels more of the luck."""
    def changes(sat, s):
        return deal_facts(play_deal(sat, s, preset))["change"]
    return _paired_summary("deals", *_paired(seats, deals, seed, rotations, change, changes), 1)


def _compared(ap, items: list[str]) -> dict:
    """The strong riichi AI's thresholds that ``--compare NAME=VALUE ...`` sets (each value read as JSON); an
    unknown name is a usage error."""
    import json
    strong = find_ai("strong", "riichi")
    change = {}
    for item in items:
        name, _, value = item.partition("=")
        if not hasattr(strong, name):
            ap.error(f"--compare {item}: the strong AI has no threshold {name!r}")
        change[name] = json.loads(value)
    return change


def game_realism(level: str, games: int, seed: int, preset: str, game: str) -> dict:
    """The realism figures per round over ``games`` games of four ``level`` AIs."""
    won = tsumo = n_wins = riichi = calls = rounds = 0
    for g in range(games):
        res = play_south([level] * 4, seed + g, preset, game)
        for events in res.deals:
            rounds += 1
            wins = [e for e in events if e.type == "win"]
            won += bool(wins)
            n_wins += len(wins)
            tsumo += sum(1 for e in wins if e.from_seat is None)
            riichi += sum(1 for e in events if e.type == "riichi")
            calls += sum(1 for e in events if e.type == "call")
    return {"rounds": rounds, "win_share": won / rounds, "tsumo_share": tsumo / max(1, n_wins),
            "riichi_per_round": riichi / rounds, "calls_per_round": calls / rounds}


def deal_ins(seats: list[str], games: int, seed: int, rotations: int, preset: str, game: str) -> dict:
    """Where the strong riichi AI's deal-ins come from: over ``games`` game seeds, each played once per rotation,
    every ron paid by a strong seat, grouped by that seat's last turn before it (its own riichi, the riichi
    declaration, or the shanten of its 14 tiles then), the threat it saw then (none, an open hand, a riichi, the
    dealer's riichi) and whether its hand was closed: counts and points paid. (It wraps the AI's turn for the
    run; the choices are the same.)"""
    from scorer.shanten import shanten_counts
    strong = find_ai("strong", "riichi")
    last: dict = {}                 # seat -> its last turn in the deal being played
    turn = strong._turn

    def watched(self, state, seat, by_type, actions):
        a = turn(self, state, seat, by_type, actions)
        p = state.players[seat]
        found = self._threats(state, seat)
        riichis = [t for t, _ in found if state.players[t].riichi]
        if riichis:
            threat = "dealer's riichi" if state.dealer in riichis else "riichi"
        else:
            threat = "open hand" if found else "none"
        own = "in riichi" if p.riichi else "declaring riichi" if a.type == RIICHI else \
            f"shanten {shanten_counts(p.counts(), len(p.melds))}"
        last[seat] = (own, threat, "closed" if p.is_closed else "open")
        return a

    paid_in: dict = {}

    def on_deal(eng, position, following):
        for r in eng.state.results:
            if r.type == "win" and r.from_seat is not None and isinstance(eng.players[r.from_seat], strong):
                key = last.get(r.from_seat, ("?", "?", "?"))
                n, paid = paid_in.get(key, (0, 0))
                paid_in[key] = (n + 1, paid - r.deltas[r.from_seat])
        last.clear()

    strong._turn = watched
    try:
        for g in range(games):
            for rot in range(rotations):
                play_south([seats[(q + rot) % 4] for q in range(4)], seed + g, preset, game, on_deal)
    finally:
        strong._turn = turn
    return paid_in


def realism(level: str, deals: int, seed: int, preset: str) -> dict:
    won = tsumo = n_wins = riichi = calls = 0
    for i in range(deals):
        f = deal_facts(play_deal([level] * 4, seed + i, preset))
        won += f["won"]
        tsumo += f["tsumo"]
        n_wins += f["n_wins"]
        riichi += sum(f["riichi"])
        calls += sum(f["calls"])
    return {"win_share": won / deals, "tsumo_share": tsumo / max(1, n_wins), "riichi_per_round": riichi / deals,
            "calls_per_round": calls / deals}


def speed(level: str, deals: int, seed: int, preset: str) -> float:
    t = time.perf_counter()
    for i in range(deals):
        play_deal([level] * 4, seed + i, preset)
    return deals / (time.perf_counter() - t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--rotations", type=int, default=2, choices=(1, 2, 4))
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--seats", default="strong,basic,strong,basic")
    ap.add_argument("--realism", type=int, default=0, help="deals with four copies of the first level")
    ap.add_argument("--speed", type=int, default=0, help="deals timed per level")
    ap.add_argument("--games", type=int, default=0, help="AI-only games (--game) per rotation: placements")
    ap.add_argument("--game", default="south", choices=("east", "south", "match"))
    ap.add_argument("--realism-games", type=int, default=0, help="games of four copies of the first level")
    ap.add_argument("--deal-ins", type=int, default=0, metavar="GAMES",
                    help="the strong AI's deal-ins over GAMES games (--game) per rotation, by its state then")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--compare", action="append", default=[], metavar="NAME=VALUE",
                    help="with --games: each game played without and with these strong riichi AI settings "
                         "(VALUE read as JSON): the first level's placement paired on the same walls")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="override a strong riichi AI threshold (a class attribute; VALUE read as JSON), e.g. "
                         "--set two_step_shanten=0 --set sakizuke=true: paired runs of one change")
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    if args.set:
        import json
        strong = find_ai("strong", "riichi")
        for item in args.set:
            name, _, value = item.partition("=")
            if not hasattr(strong, name):
                ap.error(f"--set {item}: the strong AI has no threshold {name!r}")
            setattr(strong, name, json.loads(value))
    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        for i in range(args.deals):
            play_deal([seats[0]] * 4, args.seed + i, args.preset)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        return 0
    if args.deals and args.compare and not args.games:
        change = _compared(ap, args.compare)
        t = time.perf_counter()
        res = paired_deals(seats, args.deals, args.seed, args.rotations, args.preset, change)
        print(f"paired deals: {args.deals} walls (seeds {args.seed}..{args.seed + args.deals - 1}) x "
              f"{args.rotations} rotations, {seats[0]}'s points a deal without and with {' '.join(args.compare)}: "
              f"{res} ({time.perf_counter() - t:.1f} s)")
    elif args.deals:
        t = time.perf_counter()
        res = strength(seats, args.deals, args.seed, args.rotations, args.preset)
        took = time.perf_counter() - t
        print(f"strength: {args.deals} walls (seeds {args.seed}..{args.seed + args.deals - 1}) x {args.rotations} "
              f"rotations, preset {args.preset}, seats {args.seats} ({took:.1f} s)")
        for lv, row in res.items():
            print(f"  {lv}: {row}")
    if args.games and args.compare:
        change = _compared(ap, args.compare)
        t = time.perf_counter()
        res = paired_games(seats, args.games, args.seed, args.rotations, args.preset, args.game, change)
        print(f"paired: {args.games} {args.game} games (game seeds {args.seed}..{args.seed + args.games - 1}) x "
              f"{args.rotations} rotations, {seats[0]}'s placement without and with {' '.join(args.compare)}: "
              f"{res} ({time.perf_counter() - t:.1f} s)")
    elif args.games:
        t = time.perf_counter()
        res = game_strength(seats, args.games, args.seed, args.rotations, args.preset, args.game)
        took = time.perf_counter() - t
        print(f"games: {args.games} {args.game} games (game seeds {args.seed}..{args.seed + args.games - 1}) x "
              f"{args.rotations} rotations, preset {args.preset}, seats {args.seats}: {res.pop('rounds')} rounds "
              f"({took:.1f} s)")
        for lv, row in res.items():
            print(f"  {lv}: {row}")
    if args.deal_ins:
        t = time.perf_counter()
        found = deal_ins(seats, args.deal_ins, args.seed, args.rotations, args.preset, args.game)
        total = sum(n for n, _ in found.values())
        print(f"deal-ins: {args.deal_ins} {args.game} games (game seeds {args.seed}..{args.seed + args.deal_ins - 1})"
              f" x {args.rotations} rotations, seats {args.seats}: the strong AI dealt in {total} times, "
              f"{sum(p for _, p in found.values()):,} points ({time.perf_counter() - t:.1f} s); by its last turn:")
        for key, (n, paid) in sorted(found.items(), key=lambda kv: -kv[1][1]):
            print(f"  {n:5d} {n / max(1, total):6.1%}  {paid:>10,} points, {paid / n:6,.0f} each   {', '.join(key)}")
    if args.realism_games:
        r = game_realism(seats[0], args.realism_games, args.seed, args.preset, args.game)
        print(f"realism: {args.realism_games} {args.game} games ({r['rounds']} rounds), four {seats[0]} AIs, "
              f"preset {args.preset} (per round)")
        for k, want in TENHOU_PHOENIX.items():
            print(f"  {k:18s} ours {r[k]:.3f}  tenhou phoenix {want:.3f}  ratio {r[k] / want:.2f}")
    if args.realism:
        r = realism(seats[0], args.realism, args.seed, args.preset)
        print(f"realism: {args.realism} deals, four {seats[0]} AIs, preset {args.preset} (per round)")
        for k, want in TENHOU_PHOENIX.items():
            print(f"  {k:18s} ours {r[k]:.3f}  tenhou phoenix {want:.3f}  ratio {r[k] / want:.2f}")
    if args.speed:
        for lv in sorted(set(seats)):
            print(f"speed {lv}: {speed(lv, args.speed, args.seed, args.preset):.1f} deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
