"""The strong riichi AI (``--ai strong``, issue 14): the basic AI's shanten/ukeire play, plus what good players do.

:class:`StrongRiichiAI` sees only what its seat sees (its hand, the rivers, the melds, the dora indicators, who
declared riichi). Shanten, waits and ukeire all come from the one core (:mod:`scorer.shanten`, ``DiscardView``);
a tenpai hand's value is asked of the riichi scorer. On top of :class:`~scorer.game.ai.player.RiichiAI`:

- **Threats.** A riichi is a threat (a dealer's weighs more); so is an open hand with three melds, or with two
  when its melds show a value pon or dora.
- **Safe-tile ranking** (:func:`danger`): the chance a tile deals in, from the waits still possible on it —
  genbutsu (the player's own discards and every tile passed since its riichi: furiten, so 0), suji (a ryanmen
  through a genbutsu tile is furiten), kabe / no-chance and one-chance (a shape needs tiles of which no or one
  copy is left unseen), live tiles (an honor or a tile with three copies in view waits only as a tanki); dora
  weigh more (a deal-in costs more).
- **Push or fold** from the hand's value and shanten against a riichi: tenpai pushes (a cheap poor wait folds a
  dangerous tile), one-shanten pushes with a hand worth 8,000 (scaled by the threat and, in the South round, by
  the seat's place: the leader needs more, the last less) and six live tiles while twelve tiles remain, farther
  hands fold (the least dangerous tile, then the lowest shanten). A push, or play against open hands only, takes
  the safest tile among those that keep the shanten with at least 60% of the best acceptance; when
  that tile is nearly safe (a suji terminal, an honor with three copies seen) there is nothing to fold for.
- **Riichi or dama** by value and wait: a hand without a yaku declares; with a yaku it stays dama when worth 8,000
  already, with a poor wait (two live tiles or fewer) worth 2,000, against a riichi, or with four tiles
  or fewer left; the discard is chosen by live tiles times value (less the danger
  of the tile against a threat), a furiten wait (a winning kind among its own discards) counted at its tsumo share.
- **The last deal** (a switch, :attr:`StrongRiichiAI.last_deal_play`): the place decides — the leader stays
  dama with a yaku and opens for any yaku (its own win ends the game first), the last in place never folds (a
  deal-in cannot cost it a place).
- **Value** (a switch, off: :attr:`StrongRiichiAI.value_discard`): with no threat, a discard that keeps more of
  the hand's estimated value (:mod:`scorer.game.ai.value`: dora, red fives, value pairs, all simples or a half
  flush in sight) than the basic choice, when acceptance ** 0.5 times value says so.
- **Discard efficiency** (a switch, off: :attr:`StrongRiichiAI.two_step_shanten`): with no threat, one or two
  steps from tenpai, the most two-step acceptance among the discards that keep the lowest shanten
  (:mod:`scorer.game.ai.efficiency`: each improving draw weighed by what the hand then accepts — good shapes over
  closed and edge ones), a dora counted at 80%.
- **Calls** that keep a yaku (the basic AI's check, plus a value pair kept for its pon: sakizuke) and lower the
  shanten (a closed hand never opens for a hand worth under 2,000: a cheap call that only speeds a 1,000-point
  win is passed, the hand stays closed for riichi); a value pon also when it keeps it;
  against a riichi only a call that makes tenpai with a yaku; late in the wall a call that makes tenpai for the
  draw's payments (keishiki tenpai). An open hand discards along its yaku (all simples drops terminals and
  honors, a half flush the other suits, a value pair is kept).

:class:`StrongMcrAI` is the MCR fan-plan AI with defence (below). Every threshold is a class attribute, chosen by
paired runs of ``tests/benchmarks/strength.py`` (the same walls, seats rotated).
"""

from __future__ import annotations

from scorer.game.actions import ANKAN, CHI, DISCARD, KAKAN, PASS, PON, RIICHI, Action
from scorer.game.ai.efficiency import live_ukeire, two_step
from scorer.game.ai.mcr import McrAI, plan_after
from scorer.game.ai.player import RiichiAI, _value_kinds, dora_kinds, visible_counts
from scorer.game.ai.value import HandValue
from scorer.game.wall import FLOWER_ID0
from scorer.hand import Hand, Situation
from scorer.kinds import HONOR, RED_FIVE_IDS, TERMINALS_AND_HONORS
from scorer.rulesets import RULESETS
from scorer.shanten import DiscardView, shanten_counts, standard_shanten

# ---- the threat ----------------------------------------------------------------------------------------------
RIICHI_WEIGHT = 1.0
"""How much a riichi weighs as a threat (the unit)."""
DEALER_FACTOR = 1.4
"""A dealer's threat weighs more: a dealer's win pays half as much again."""
OPEN_WEIGHT = (0.0, 0.0, 0.35, 0.7, 0.9)
"""An open hand's threat by its melds (0-4): three melds are often tenpai; two only when they look valuable."""


def threats(state, seat: int) -> list[tuple[int, float]]:
    """The other seats that threaten ``seat`` now, with a weight each (riichi 1, an open hand less)."""
    out = []
    dora = dora_kinds(state)
    for t in range(len(state.players)):
        if t == seat:
            continue
        p = state.players[t]
        if p.riichi:
            w = RIICHI_WEIGHT
        elif p.melds and not p.is_closed:
            n = len(p.melds)
            w = OPEN_WEIGHT[n]
            if n == 2 and not _melds_look_valuable(state, t, dora):
                w = 0.0
        else:
            continue
        if w > 0:
            out.append((t, w * (DEALER_FACTOR if t == state.dealer else 1.0)))
    return out


def _melds_look_valuable(state, t: int, dora: set[int]) -> bool:
    """An open hand's melds show a value pon or kan, or dora (a red five counts)."""
    values = _value_kinds(state, t)
    for m in state.players[t].melds:
        k = m.tiles[0] >> 2
        if m.kind != "chi" and k in values:
            return True
        for x in m.tiles:
            if x >> 2 in dora or x in RED_FIVE_IDS:
                return True
    return False


# ---- safe tiles --------------------------------------------------------------------------------------------
def genbutsu(state, target: int, me: int) -> set[int]:
    """Kinds ``target`` cannot ron: its own discards (furiten) and, after its riichi, every tile discarded since
    (passed in riichi: furiten for the rest of the deal). The discards since the riichi are counted in turn order:
    ``target`` made ``n`` more after its riichi tile, a seat after it in the order up to ``me`` one more than that,
    the others as many."""
    tp = state.players[target]
    safe = {r.tile >> 2 for r in tp.river}
    idx = next((i for i, r in enumerate(tp.river) if r.riichi), None)
    if idx is None:
        return safe
    n = len(tp.river) - idx - 1          # target's discards after its riichi tile
    between = set()                      # seats after target in turn order, up to (not including) me
    nxt = state.next_seat                # the turn order at this table (three or four seats)
    s = nxt[target]
    while s != me and s != target:
        between.add(s)
        s = nxt[s]
    for s, p in enumerate(state.players):
        if s == target:
            continue
        k = n + (1 if s in between else 0)
        if k > 0:
            safe.update(r.tile >> 2 for r in p.river[-k:])
    return safe


_SHAPE_LIVE = (0.0, 0.4, 0.75, 1.0, 1.0)
"""How live a two-tile shape is by the unseen copies of its scarcer tile (0: no-chance / kabe, 1: one-chance)."""
RYANMEN_W, KANCHAN_W, PENCHAN_W = 4.0, 1.2, 1.2
"""Weights of the waits on a numbered tile: a two-sided wait is the most common."""
SHANPON_W, TANKI_W = 1.0, 0.5
"""Weights of a pair wait (shanpon: two unseen copies needed) and a single wait (one)."""
HONOR_SHANPON_W, HONOR_TANKI_W = 1.4, 0.8
"""Honors are kept as pairs and chosen as single waits more often than numbered tiles."""
DANGER_COST = 6000
"""Points of a wait's live tiles times value one unit of danger is worth when choosing a tenpai discard against a
threat (1,000 and 300 played worse)."""
DORA_FACTOR = 0.4
"""Each dora a tile counts for raises its danger by this share (a deal-in with it costs more)."""


def danger(kind: int, safe: set[int], seen: list[int]) -> float:
    """0 is safe; larger is more likely to deal in against one threat whose genbutsu is ``safe``. ``seen``: the
    copies of each kind the seat can see, its own hand included. The waits still possible on ``kind`` are
    summed, each weighted by how common it is and how live its shape is."""
    if kind in safe:
        return 0.0
    left = 4 - seen[kind]                # copies of this kind the threat could hold
    if kind >= HONOR:
        return (HONOR_SHANPON_W if left >= 2 else 0.0) * (0.6 if left == 2 else 1.0) + \
            (HONOR_TANKI_W if left >= 1 else 0.0)
    d = (SHANPON_W if left >= 2 else 0.0) * (0.6 if left == 2 else 1.0) + (TANKI_W if left >= 1 else 0.0)
    pos = kind % 9

    def live(a: int, b: int) -> float:
        return _SHAPE_LIVE[min(4 - seen[a], 4 - seen[b])]

    # below: a ryanmen (k-2, k-1) waits on k and k-3 (suji: furiten if k-3 is safe); on a 3, the penchan 12
    if pos >= 3 and (kind - 3) not in safe:
        d += RYANMEN_W * live(kind - 2, kind - 1)
    elif pos == 2:
        d += PENCHAN_W * live(kind - 2, kind - 1)
    # above: (k+1, k+2) waits on k and k+3; on a 7, the penchan 89
    if pos <= 5 and (kind + 3) not in safe:
        d += RYANMEN_W * live(kind + 1, kind + 2)
    elif pos == 6:
        d += PENCHAN_W * live(kind + 1, kind + 2)
    if 1 <= pos <= 7:                    # kanchan (k-1, k+1)
        d += KANCHAN_W * live(kind - 1, kind + 1)
    return d


def seen_counts(state, seat: int, visible: list[int]) -> list[int]:
    """The copies of each kind ``seat`` sees: :func:`visible_counts` plus its own hand."""
    own = state.players[seat].kind_counts()
    return [v + c for v, c in zip(visible, own)]


def table_danger(state, seat: int, kinds, visible: list[int], found: list[tuple[int, float]]) -> list[float]:
    """Each kind's danger against every threat in ``found`` (weights summed), dora weighing more."""
    seen = seen_counts(state, seat, visible)
    dora = dora_kinds(state)
    out = [0.0] * len(kinds)
    for t, w in found:
        safe = genbutsu(state, t, seat)
        tp = state.players[t]
        route = _open_route(state, t) if not tp.riichi else None
        for j, k in enumerate(kinds):
            d = danger(k, safe, seen)
            if route is not None and not route[k]:
                d *= 0.2                 # off the open hand's visible yaku route (all simples, half flush)
            out[j] += w * d
    return [d * (1 + DORA_FACTOR * (k in dora)) for d, k in zip(out, kinds)]


def _open_route(state, t: int) -> tuple[bool, ...] | None:
    """For an open hand whose melds show all simples or a half flush: which kinds it can still use (None:
    anything, e.g. a value pon)."""
    kinds = [m.tiles[0] >> 2 for m in state.players[t].melds] + [m.tiles[-1] >> 2 for m in state.players[t].melds]
    values = _value_kinds(state, t)
    if any(m.kind != "chi" and (m.tiles[0] >> 2) in values for m in state.players[t].melds):
        return None
    if all(_SIMPLE[k] for k in kinds):
        return _SIMPLE
    suits = {k // 9 for k in kinds if k < HONOR}
    if len(suits) == 1:
        s = suits.pop()
        return _SUIT_OR_HONOR[s]
    return None


_SIMPLE = tuple(k < HONOR and k % 9 not in (0, 8) for k in range(34))
_SUIT_OR_HONOR = tuple(tuple(k >= HONOR or k // 9 == s for k in range(34)) for s in range(3))
_NOT_SIMPLE = frozenset(TERMINALS_AND_HONORS)


PLACE_FACTOR = ((1.4, 1.0, 1.0, 0.7), (3.0, 1.2, 1.0, 0.3))
"""The push threshold's factor by place (0: the leader) in the South round, before and in the last deal."""


def last_deal(state) -> bool:
    """The game's last deal (All-Last: the last seat's deal in its last wind, ``state.game_winds``) or later (the
    extension): the game may end with this deal."""
    w = state.game_winds
    return state.round_wind >= w or (state.round_wind == w - 1 and state.dealer == len(state.players) - 1)


def standing(state, seat: int) -> tuple[int, int]:
    """The seat's place (0: the leader; ties go to the lower seat, as the table's first chairs) and the points
    a win must bring to pass the seat just above (0 for the leader): the gap, less the deposits on the table."""
    mine = state.players[seat].score
    above = [p.score - mine + (1 if s < seat else 0) for s, p in enumerate(state.players)
             if s != seat and (p.score > mine or (p.score == mine and s < seat))]
    if not above:
        return 0, 0
    need = min(above) - state.sticks * state.preset.riichi_cost
    return len(above), max(1, need)


# ---- hand value --------------------------------------------------------------------------------------------
_RON_BY_HAN = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)
"""A non-dealer's ron by han (30-40 fu): the value a hand not yet tenpai is estimated at."""


def estimated_value(state, seat: int, counts: list[int], call: Action | None = None) -> int:
    """A rough value of the hand if it wins (points, a dealer's half as much again): dora and red fives held or
    melded, the yaku in sight (riichi for a closed hand, value triplets, all simples, a half flush). ``call``: a
    chi or pon about to be made (``counts`` already without the tiles it uses)."""
    p = state.players[seat]
    dora = dora_kinds(state)
    han = 0
    meld_ids = [list(m.tiles) for m in p.melds if m.kind != "chi"]
    seq_ids = [list(m.tiles) for m in p.melds if m.kind == "chi"]
    if call is not None:
        (meld_ids if call.type != CHI else seq_ids).append(list(call.tiles) + [call.tile])
    closed = p.is_closed and call is None
    used = set(call.tiles) if call is not None else set()
    hand_ids = [t for t in p.hand if t not in used]
    for k in dora:
        han += counts[k]
    for t in [t for m in meld_ids + seq_ids for t in m]:
        han += (t >> 2) in dora
    if state.preset.red_fives:
        han += sum(1 for t in hand_ids if t in RED_FIVE_IDS) + \
            sum(1 for m in meld_ids + seq_ids for t in m if t in RED_FIVE_IDS)
    values = _value_kinds(state, seat)
    double = 27 + state.round_wind == 27 + state.seat_wind(seat)
    melded = [t >> 2 for m in meld_ids + seq_ids for t in m]
    for k in values:
        if counts[k] >= 3 or any(m[0] >> 2 == k for m in meld_ids):
            han += 2 if (double and k == 27 + state.round_wind) else 1
    if sum(counts[k] for k in _NOT_SIMPLE) + sum(1 for k in melded if k in _NOT_SIMPLE) <= 1:
        han += 1                         # all simples
    for s in range(3):
        off = sum(counts[k] for k in range(HONOR) if k // 9 != s) + \
            sum(1 for k in melded if k < HONOR and k // 9 != s)
        if off <= 1:
            han += 3 if closed else 2    # a half flush
            break
    if closed:
        han += 1                         # riichi (or menzen tsumo)
    v = _RON_BY_HAN[min(han, len(_RON_BY_HAN) - 1)]
    return int(v * 1.5) if seat == state.dealer else v


_WIN_VALUE: dict = {}


def win_value(state, seat: int, hand_ids: list[int], wait: int, riichi: bool) -> int:
    """Points of a ron on a tile of kind ``wait`` with the 13 tiles ``hand_ids`` (the seat's melds, the table's
    dora; no ura, honba or deposits), declared riichi or not; 0 when it has no yaku. Asked of the scorer and kept
    (bounded)."""
    p = state.players[seat]
    key = (tuple(sorted(hand_ids)), tuple(tuple(m.tiles) for m in p.melds), wait, riichi, state.round_wind,
           state.seat_wind(seat), tuple(state.dora_indicators), state.preset.scorer_preset)
    found = _WIN_VALUE.get(key)
    if found is not None:
        return found
    table = state.table
    sit = Situation(tsumo=False, riichi=riichi, round_wind=state.round_wind, seat_wind=state.seat_wind(seat),
                    dora=tuple(table[t] for t in state.dora_indicators))
    tile = wait * 4 + 3                  # a plain copy (the red fives are copy 0)
    try:
        hand = Hand(concealed=tuple(table[t] for t in hand_ids), melds=tuple(m.meld(table) for m in p.melds),
                    winning_tile=table[tile], situation=sit, rules="riichi", preset=state.preset.scorer_preset)
        res = RULESETS["riichi"].evaluate(hand, preset=state.preset.scorer_preset)
        found = int(res.points) if res.win else 0
    except ValueError:                   # an impossible hand (a fifth copy) is no win
        found = 0
    if len(_WIN_VALUE) > 20_000:
        _WIN_VALUE.clear()
    _WIN_VALUE[key] = found
    return found


class StrongRiichiAI(RiichiAI):
    """The basic AI with push/fold, safe-tile ranking, riichi or dama and value calls. Deterministic."""

    push_one_shanten_value = 8000
    """Against a riichi (weight 1) a one-shanten hand pushes when worth at least this much (a mangan: fewer
    chasing riichi; with :attr:`dama_against_riichi_live` and :attr:`call_value` below, strong's placement on 400
    South games x 2 rotations was 2.394 / 2.368 / 2.441 / 2.406 on game seeds 5000 / 9000 / 13000 / 17000
    against 2.388 / 2.415 / 2.402 / 2.404 with 4,000, 4 and 0: the same strength, mean 2.402, while riichi per
    round with four strong AIs fell from 1.26x Tenhou's to 1.11-1.14x; paired on the same walls, 3,900 was
    -0.025 +- 0.011 on game seeds 1000000.. (400 games x 2 rotations), but with :attr:`dama_value` 8,000 and
    :attr:`last_deal_play` it was -0.005 +- 0.013 and +0.021 +- 0.013 on the fresh 1200000.. and 1300000..:
    tuning noise; 12,000 was +0.010 +- 0.004 and -0.003 +- 0.004, 5,200 +0.003 +- 0.007 and -0.010 +- 0.007 on
    9700000.. and 9800000.. (800 South games x 2 rotations each): flat around 8,000) ..."""
    push_one_shanten_ukeire = 6
    """... with at least this many live tiles that make it tenpai ..."""
    push_one_shanten_wall = 12
    """... and at least this many tiles left in the wall."""
    attack_share = 0.6
    """A pushing tile is the safest of those keeping the shanten with this share of the best acceptance (0.5, 0.75
    and 0.9 played worse)."""
    danger_cost = DANGER_COST
    safe_enough = 2.0
    """An attacking tile this safe (against every threat, weighted: a suji terminal, an honor with three copies
    seen) is played without a push-or-fold question (0.8, 3.0 and 4.5 played worse)."""
    open_threats = True
    """Open hands count as threats (weighed by :data:`OPEN_WEIGHT`)."""
    tenpai_folds = True
    """A cheap tenpai with a poor wait folds a dangerous tile against a riichi. (Folding every tenpai worth less
    than 2,000 too was +0.016 +- 0.007 placement, worse, on game seeds 2000000.. (400 South games x 2 rotations);
    never folding a tenpai +0.011 +- 0.010; an open tenpai worth less than 3,900 folding too +0.032 +- 0.008,
    worse, and under 2,000 +0.000 +- 0.004, on game seeds 9300000.. and 9400000.. (800 South games x 2 rotations
    each); against a dealer's riichi, a tenpai worth less than 2,000 folding too -0.001 +- 0.004 on 8200000..
    (400 x 2): the open hands' deal-ins against a riichi, a tenth of strong's, are the price of their wins.)"""
    dama = True
    """A tenpai hand with a yaku may stay dama (by value and wait); False: riichi whenever it may."""
    furiten_share = 0.35
    """A tenpai discard whose waits are furiten (a winning kind among the own discards, or the tile let go) counts
    this share of its value: tsumo only (1: furiten not weighed). +5.8 +- 6.0 points a deal over 2,000 paired
    deals (seeds 2000000..): rare, a correction rather than strength one can measure in places."""
    dama_value = 8000
    """A tenpai hand with a yaku worth this much dama (a dealer's half as much again) stays dama: a mangan, which
    riichi's han raise least; under it riichi's han usually make a limit hand. Paired on the same walls, 8,000
    against 5,200: +33.6 +- 9.3 points a deal over 2,000 paired deals (seeds 4003000..; 12,000 +32.1 +- 11.2
    there and +38.9 +- 10.7 on 4001000..), placement 2.387 against 2.407, -0.020 +- 0.009, on the fresh game
    seeds 4100000.. (400 South games x 2 rotations); four strong AIs' riichi a round 0.806 -> 0.834 (1.16x
    Tenhou's; 12,000: 0.851, 1.18x; 100 South games, seeds 2900000..). (5,200, down from 12,000, had been chosen
    for realism before: 0.863 -> 0.821 a round over 300 South games, seeds 2900000...)"""
    dama_poor_wait = True
    """A poor wait (:attr:`poor_wait` live tiles or fewer) with a yaku worth 2,000 stays dama."""
    poor_wait = 2
    """Live tiles of a poor wait."""
    dama_wall = 4
    """With this few tiles left in the wall a tenpai hand with a yaku stays dama."""
    riichi_gain = 1.0
    """Riichi only when its value is at least this many times the dama value."""
    fold_open = False
    """Fold a far, cheap hand against open threats (False: their danger only picks among the attacking tiles)."""
    dama_against_riichi = True
    """Against a riichi a tenpai hand with a yaku stays dama (it may still fold a dangerous tile later) ...
    (False: it declares as it would without the threat — +36 points a deal over 2,000 paired walls, but with
    the two switches below, riichi per round with four strong AIs rises to 1.48x Tenhou's and calls fall to
    0.73x: out of issue 14's +-20%, so kept on; see :attr:`call_min_value`)"""
    dama_against_riichi_live = 99
    """... with fewer live tiles than this (99: any wait; 6 left riichi per round at 1.20x Tenhou's)."""
    chase_below = float("inf")
    """... or with a dama value of at least this (a good wait chases a riichi only when the riichi's han matter).
    Chasing against a riichi gains: never dama against it (:attr:`dama_against_riichi` off) was -0.023 +- 0.009
    placement on game seeds 1000000.. and 6 live tiles -0.013 +- 0.006, but four strong AIs then riichi 0.95 and
    0.86+ a round (1.32x, 1.2x Tenhou's); 6 live tiles and a dama value below 3,900 kept riichi at 0.858 but
    gained only -0.008 +- 0.007 and -0.002 +- 0.006 on the fresh 1200000.. and 1300000..: left off."""
    keiten_wall = 10
    """With this few tiles left in the wall a call that makes tenpai is made without a yaku, and an open tenpai
    without one is kept: tenpai at the exhaustive draw is paid (keishiki tenpai)."""
    placement = True
    """In the South round the leader pushes less and the last pushes more (all-last most)."""
    all_last = False
    """In the game's last deal the riichi-or-dama choice reads the standing: the leader stays dama with a yaku
    (any win ends the game first), a player behind declares when the dama value cannot pass the seat above and
    stays dama when it can."""
    last_deal_folds = False
    """In the game's last deal a tenpai hand folds a dangerous tile against a riichi (as a weak wait does) when
    the deal-in would cost a place its win cannot gain."""
    all_last_calls = False
    """In the game's last deal a player behind (not the dealer) calls only for a hand worth passing the seat
    above."""
    last_deal_play = True
    """In the game's last deal the place decides (:meth:`_last_place`): the leader plays for speed — a tenpai
    hand with a yaku stays dama, a closed hand opens for any yaku that brings it closer — since its own win ends
    the game in first place; the last in place cannot drop, so it never folds. Paired on the same walls (400 South
    games x 2 rotations each), on against off: -0.0025 +- 0.004 on game seeds 1000000.., +0.004 +- 0.005 and
    -0.006 +- 0.005 on 1200000.. and 1300000..: no measurable strength (one deal of about ten), kept as the
    place-aware play issue 14 asks for; four strong AIs' realism unchanged (riichi 0.832 a round, calls 2.02)."""
    sakizuke = True
    """A value pair kept for its pon counts as a yaku for a call (and is kept until the pon or the end). Off:
    +93 points a deal over 2,000 paired walls (calls per deal 0.49 -> 0.42) and placement -0.016 +- 0.011 on
    1,000 South games x 2 rotations (seeds 200000..), but riichi per round 1.23x Tenhou's and calls 0.79x:
    just out of issue 14's +-20%."""
    call_value = 2000
    """A closed hand opens (other than a value pon) when worth this much (a dealer's half as much again: two han
    by :func:`estimated_value`) or when the call leaves it one-shanten or better; a one-han hand two or more
    steps away stays closed for riichi and defence (0: whenever the call lowers the shanten; no stronger or
    weaker over four seed ranges, see :attr:`push_one_shanten_value`)."""

    two_step_shanten = 0
    """Up to this many steps from tenpai the discard without a threat is chosen by two-step acceptance (0: never,
    the basic AI's choice). 2 gains points in the first deal (+107 a deal over 2,000 paired walls, 3: +138) but
    not places: strong's placement with 2 against 0 was 2.414 / 2.420 / 2.432 against 2.404 / 2.414 / 2.405 on
    1,000 / 500 / 500 South games x 2 rotations (game seeds 200000 / 400000 / 500000), so it is off; paired again
    on game seeds 2000000.. (400 games x 2 rotations): -0.029 +- 0.025 alone, -0.011 +- 0.026 with
    :attr:`call_min_value` 2,000 and :attr:`furiten_share`: noise. With today's settings, paired on the fresh
    8500000.. / 8600000.. (400 x 2) and 8700000.. / 8800000.. (800 x 2): -0.057 +- 0.027, -0.015 +- 0.027,
    +0.013 +- 0.019, -0.030 +- 0.019, over the 2,400 games -0.018 +- 0.010: a little stronger, but four strong AIs
    then riichi 1.22x Tenhou's a round and call 0.78x (150 South games; 1.16x and 0.84x without it): out of issue
    14's +-20%, so it stays off (1: -0.008 +- 0.015 on 9000000.., riichi still 1.22x; 2 with :attr:`riichi_gain`
    1.5: -0.005 +- 0.019 on 9200000.., riichi 1.20x and calls 0.78x over 300 games)."""
    dora_keep = 0.8
    """A dora's two-step acceptance counts this share when choosing whether to let it go (it adds a han)."""

    value_discard = False
    """With no threat, one or more steps from tenpai, a discard that keeps more of the hand's value may replace
    the basic choice (:meth:`_valued`). Off: paired on the same walls it gained no measurable strength —
    +0.018 +- 0.026 placement on game seeds 2000000.. (400 South games x 2 rotations; +21 +- 35 points a deal
    over 2,000 paired deals), and with :attr:`value_power` 1 and :attr:`value_margin` 0.2, with
    :attr:`call_min_value` 2,000, -0.002 +- 0.022."""
    value_power = 0.5
    """How much acceptance counts against value: a discard's score is (live ukeire + 1) ** this times its value
    (the chance to win grows more slowly than the acceptance)."""
    value_margin = 0.1
    """The value choice must beat the basic choice's score by this share."""
    value_floor = 500
    """The value the basic choice is counted at when it has none in sight (an open hand without a yaku)."""

    call_min_value = 2000
    """A closed hand never opens (other than a value pon) for a hand worth less than this (a dealer's half as
    much again), however close the call brings it: a cheap call that only speeds a 1,000-point win is passed,
    and the hand stays closed for riichi. Alone (the other switches as they are), paired on the same walls
    (400 South games x 2 rotations each): -0.052 +- 0.017 placement on game seeds 2000000.. (tuned),
    -0.006 +- 0.018 and -0.019 +- 0.017 on 2100000.. and 2200000..; with :attr:`furiten_share`, on the fresh
    2300000.. / 2400000.. / 2500000.. / 2600000..: -0.008 +- 0.018, +0.006 +- 0.018, -0.024 +- 0.018 and
    -0.031 +- 0.016 (over the six fresh ranges -0.014 +- 0.007: small, not the 0.05 the tuning range showed);
    four strong AIs then call 1.70 a round (0.85x Tenhou's) and riichi 0.84 (1.17x). (With :attr:`sakizuke` and :attr:`dama_against_riichi` off as well, strong4 measured -0.028 and
    -0.041, but riichi then rose to 1.48x Tenhou's; 3,000 was +0.010 +- 0.017 against 2,000.)"""

    def _threats(self, state, seat):
        found = threats(state, seat)
        return found if self.open_threats else [(t, w) for t, w in found if state.players[t].riichi]

    def _last_place(self, state, seat) -> int | None:
        """The seat's place (0: the leader) in the game's last deal (:func:`last_deal`) when
        :attr:`last_deal_play` is on; None before it."""
        if not self.last_deal_play or not last_deal(state):
            return None
        return standing(state, seat)[0]

    # ---- own turn (RiichiAI.choose takes a win, then asks _turn or _respond) -------------------------------------
    def _turn(self, state, seat, by_type, actions) -> Action:
        p = state.players[seat]
        discards = by_type.get(DISCARD)
        if p.riichi:
            return RiichiAI._turn(self, state, seat, by_type, actions)
        counts = p.counts()
        melds = len(p.melds)
        found = self._threats(state, seat)
        riichi_threat = any(state.players[t].riichi for t, _ in found)
        if not riichi_threat:
            for kt in (ANKAN, KAKAN):
                for a in by_type.get(kt, ()):
                    if self._kan_keeps_shanten(counts, melds, a, state):
                        return a
        if not discards:
            return by_type[RIICHI][0] if RIICHI in by_type else actions[0]
        visible = visible_counts(state, seat)
        view = DiscardView(counts, melds)
        kinds = sorted({a.tile >> 2 for a in discards})
        shs = view.shanten_each(kinds)
        best_sh = min(shs)
        if best_sh == 0:
            a = self._tenpai_turn(state, seat, by_type, discards, counts, melds, visible, view, kinds, shs, found)
            if a is not None:
                return a
        route = self._route_kinds(state, seat, counts, kinds) if not p.is_closed else None
        if found:
            dangers = table_danger(state, seat, kinds, visible, found)
            choice = self._push_or_fold(state, seat, counts, melds, visible, view, kinds, shs, dangers, found,
                                        route)
            if choice is not None:
                return self._pick_copy(discards, choice)
        if route is not None:
            along = sorted({a.tile >> 2 for a in discards if (a.tile >> 2) in route})
            if along and len(along) < len(kinds):
                return self._pick_copy(discards, self._along_route(counts, melds, visible, view, along))
        return self._efficient(state, seat, discards, counts, melds, visible, view, kinds, shs)

    def _efficient(self, state, seat, discards, counts, melds, visible, view, kinds, shs) -> Action:
        """The discard with no threat to weigh: the lowest shanten, then the most two-step acceptance
        (:func:`~scorer.game.ai.efficiency.two_step`) up to :attr:`two_step_shanten` steps from tenpai, then the
        most live ukeire; farther, the basic AI's choice."""
        best_sh = min(shs)
        cands = [k for k, sh in zip(kinds, shs) if sh == best_sh]
        if best_sh > self.two_step_shanten or best_sh < 1 or len(cands) == 1 or \
                state.after_call or state.riichi_pending == seat:
            base = self._discard(state, seat, discards, counts, melds, visible, None, view)
            if self.value_discard and len(cands) > 1 and best_sh >= 1:
                k = self._valued(state, seat, counts, visible, view, cands, base.tile >> 2)
                if k is not None:
                    return self._pick_copy(discards, k)
            return base
        unseen = [max(0, 4 - c - v) for c, v in zip(counts, visible)]
        dora = dora_kinds(state)
        best, best_key = None, None
        for k in cands:
            two, one = two_step(view, counts, melds, k, best_sh, unseen)
            if k in dora:
                two *= self.dora_keep
            key = (two, one)
            if best_key is None or key > best_key:
                best, best_key = k, key
        return self._pick_copy(discards, best)

    def _valued(self, state, seat, counts, visible, view, cands: list[int], base: int) -> int | None:
        """Offence by value: among the discards that keep the lowest shanten (``cands``), one that keeps more of
        the hand's value (:class:`~scorer.game.ai.value.HandValue`: dora, red fives, value pairs, all simples, a
        half flush in sight) than the basic choice ``base`` replaces it when live ukeire ** :attr:`value_power`
        times the value beats the basic choice's by :attr:`value_margin` (None: keep ``base``)."""
        p = state.players[seat]
        unseen = [max(0, 4 - c - v) for c, v in zip(counts, visible)]
        hv = HandValue(state, seat, counts, p.hand, dora_kinds(state), unseen)
        vb = hv.after(base)
        better = []
        for k in cands:
            v = hv.after(k)
            if v > vb:
                better.append((k, v))
        if not better:
            return None
        power = self.value_power
        floor = self.value_floor
        best = None
        best_s = (live_ukeire(view, base, unseen) + 1) ** power * max(vb, floor) * (1 + self.value_margin)
        for k, v in better:
            sc = (live_ukeire(view, k, unseen) + 1) ** power * v
            if sc > best_s:
                best, best_s = k, sc
        return best

    def _along_route(self, counts, melds, visible, view, along: list[int]) -> int:
        """The discard among the kinds off an open hand's yaku route: the lowest shanten, then the most live
        ukeire (the basic AI's ``_discard`` weighs every tile held, so it cannot be handed a subset)."""
        shs = view.shanten_each(along)
        best_sh = min(shs)
        best, best_uk = None, -1
        for k, sh in zip(along, shs):
            if sh != best_sh:
                continue
            counts[k] -= 1
            uk = self._live_ukeire(view, counts, k, melds, visible)
            counts[k] += 1
            if uk > best_uk:
                best, best_uk = k, uk
        return best

    def _route_kinds(self, state, seat, counts, kinds) -> set[int] | None:
        """An open hand's discards that keep it on its yaku (all simples, a half flush): the tiles the yaku cannot
        use, else every discard. None when a value pon already gives the yaku (or no route fits)."""
        p = state.players[seat]
        values = _value_kinds(state, seat)
        if any(m.kind != "chi" and (m.tiles[0] >> 2) in values for m in p.melds):
            return None
        if any(counts[k] >= 3 for k in values):
            return None
        # a value pair kept for its pon (sakizuke) is never broken while other discards remain
        pairs = {k for k in values if counts[k] == 2} if self.sakizuke else set()
        usable = _open_route(state, seat)
        if usable is not None:
            off = {k for k in kinds if not usable[k] and k not in pairs}
            if off:
                return off               # the tiles the yaku cannot use go first
        if pairs:
            return set(kinds) - pairs or None
        return None

    def _keeps_yaku(self, state, seat, c_after, a: Action, values) -> bool:
        """The basic AI's yaku check, and a value pair kept for its pon (sakizuke). (Wider all simples or half
        flush checks — two or three tiles left to drop — lost points in paired runs.)"""
        if RiichiAI._keeps_yaku(self, state, seat, c_after, a, values):
            return True
        if self.sakizuke and any(c_after[k] >= 2 for k in values):
            return True
        return False

    # ---- tenpai: riichi or dama, which wait, push or fold ------------------------------------------------------
    def _tenpai_options(self, state, seat, counts, melds, visible, view, kinds, shs, riichi_ok):
        """For each discard that keeps tenpai: (kind, live waits, value dama, value riichi) — values are the
        average over the live waits of a ron's points (0: no yaku dama)."""
        p = state.players[seat]
        out = []
        mine = p.discarded_kinds if self.furiten_share < 1 else ()
        for k, sh in zip(kinds, shs):
            if sh != 0:
                continue
            waits = view.improving_after(k)
            # furiten: a wait among the own discards (or the tile let go now) cannot be won by ron, only by tsumo
            share = self.furiten_share if any(w == k or w in mine for w in waits) else 1.0
            counts[k] -= 1
            lives = [(w, 4 - counts[w] - visible[w]) for w in waits]
            counts[k] += 1
            lives = [(w, n) for w, n in lives if n > 0]
            live = sum(n for _, n in lives)
            ids = list(p.hand)
            for t in sorted(ids, key=lambda t: t in RED_FIVE_IDS):
                if t >> 2 == k:
                    ids.remove(t)
                    break
            vd = vr = 0
            if live:
                vd = sum(n * win_value(state, seat, ids, w, False) for w, n in lives) / live
                if riichi_ok:
                    vr = sum(n * win_value(state, seat, ids, w, True) for w, n in lives) / live
            out.append((k, live, vd * share, vr * share))
        return out

    def _tenpai_turn(self, state, seat, by_type, discards, counts, melds, visible, view, kinds, shs, found):
        p = state.players[seat]
        riichi_ok = RIICHI in by_type
        opts = self._tenpai_options(state, seat, counts, melds, visible, view, kinds, shs, riichi_ok)
        dealer = seat == state.dealer
        stay = self.dama_value * (1.5 if dealer else 1)
        dangers = dict(zip(kinds, table_danger(state, seat, kinds, visible, found))) if found else {}
        need = None                          # the last deal: points a win must bring (0: the leader)
        if self.all_last and last_deal(state) and not dealer:
            need = standing(state, seat)[1]
        place = self._last_place(state, seat)
        lead = place == 0                    # the last deal's leader: a win ends the game first, dama is enough
        # tsumo wins a closed hand even without a yaku (menzen tsumo): such a dama wait is worth a little
        best = None
        for k, live, vd, vr in opts:
            tsumo_only = p.is_closed and vd == 0
            dama = vd if vd else (1000 if tsumo_only else 0)
            riichi_v = vr if riichi_ok else 0
            use_riichi = False
            if riichi_ok and live:
                if not self.dama:
                    use_riichi = True
                elif vd == 0:
                    use_riichi = True                       # no yaku: riichi makes it a hand
                elif lead:
                    use_riichi = False                      # the last deal's leader: any win will do
                elif need:
                    use_riichi = vd < need                  # the last deal, behind: riichi for the points needed
                elif vd >= stay:
                    use_riichi = False                      # already worth enough: dama
                elif self.dama_poor_wait and live <= self.poor_wait and vd >= 2000:
                    use_riichi = False                      # a poor wait with some value: dama
                elif state.live_left <= self.dama_wall:
                    use_riichi = False                      # late: keep the hand flexible and the deposit
                else:
                    # riichi when its han adds to the points (a limit hand may gain nothing)
                    use_riichi = riichi_v >= self.riichi_gain * dama
            value = riichi_v if use_riichi else dama
            ev_ = live * value * (1.15 if use_riichi else 1.0) - \
                (dangers.get(k, 0.0) * self.danger_cost if found else 0.0)
            if best is None or ev_ > best[0]:
                best = (ev_, k, use_riichi, live, value)
        _, k, use_riichi, live, value = best
        if value == 0 and not p.is_closed and state.live_left > self.keiten_wall:
            return None                      # an open tenpai without a yaku cannot win: play on along the route
        if found and place != len(state.players) - 1:
            # push or fold a tenpai hand: with a wait and some value push, a cheap poor wait folds a dangerous tile
            # (the last deal's last place cannot drop: it pushes)
            d = dangers.get(k, 0.0)
            threat = max(w for _, w in found)
            weak = live <= 2 or (live <= 4 and value < 2000)
            if self.last_deal_folds and last_deal(state) and not dealer and \
                    self._deal_in_costs_place(state, seat, found, value):
                weak = True                  # the last deal: a deal-in would cost a place this win cannot gain
            if self.tenpai_folds and weak and d > 3.0 * threat and any(state.players[t].riichi for t, _ in found):
                fold = self._fold_kind(kinds, shs, [dangers[j] for j in kinds])
                if dangers[fold] < d:
                    return self._pick_copy(discards, fold)
            if self.dama_against_riichi and use_riichi and value >= 1000 and \
                    (live < self.dama_against_riichi_live or self._dama_of(opts, k) >= self.chase_below) and \
                    any(state.players[t].riichi for t, _ in found) and self._has_yaku_dama(opts, k):
                use_riichi = False           # against a riichi a poor wait (or a hand worth enough) stays dama
        if use_riichi:
            for a in by_type[RIICHI]:
                if a.tile >> 2 == k:
                    return self._riichi_copy(by_type[RIICHI], k)
        return self._pick_copy(discards, k)

    @staticmethod
    def _deal_in_costs_place(state, seat, found, value) -> bool:
        """In the last deal: a deal-in of a usual riichi's value (8,000; a dealer's 12,000) to a riichi in
        ``found`` would drop the seat a place, while a win worth ``value`` (a ron from a third seat) would not
        raise it."""
        place, need = standing(state, seat)
        if place > 0 and value >= need:
            return False
        mine = state.players[seat].score
        for t, _ in found:
            if not state.players[t].riichi:
                continue
            v = 12000 if t == state.dealer else 8000
            if any(s != seat and p.score <= mine < p.score + (v if s == t else 0) + v
                   for s, p in enumerate(state.players)):
                return True
        return False

    @staticmethod
    def _dama_of(opts, k) -> float:
        """The dama value of the tenpai option discarding ``k``."""
        return next(o[2] for o in opts if o[0] == k)

    @staticmethod
    def _has_yaku_dama(opts, k) -> bool:
        return any(o[0] == k and o[2] > 0 for o in opts)

    @staticmethod
    def _riichi_copy(riichis: list[Action], kind: int) -> Action:
        same = [a for a in riichis if a.tile >> 2 == kind]
        same.sort(key=lambda a: (a.tile in RED_FIVE_IDS, a.tile))
        return same[0]

    # ---- push or fold -----------------------------------------------------------------------------------------
    def _push_or_fold(self, state, seat, counts, melds, visible, view, kinds, shs, dangers, found, route):
        """The discard kind against a threat (None: play on as without one). Pushes a valuable hand close to
        tenpai; otherwise folds. A push takes the safest tile that keeps the shanten if its acceptance is not
        much worse."""
        best_sh = min(shs)
        riichi_threat = any(state.players[t].riichi for t, _ in found)
        threat = max(w for _, w in found)
        value = estimated_value(state, seat, counts)
        cands = [k for k, sh in zip(kinds, shs) if sh == best_sh and (route is None or k in route)] or \
            [k for k, sh in zip(kinds, shs) if sh == best_sh]
        dmap = dict(zip(kinds, dangers))
        ukes = {}
        for k in cands:
            counts[k] -= 1
            ukes[k] = self._live_ukeire(view, counts, k, melds, visible)
            counts[k] += 1
        top = max(ukes.values())
        attack = min(cands, key=lambda k: (dmap[k], -ukes[k]) if ukes[k] >= self.attack_share * top
                     else (99, -ukes[k]))
        if dmap[attack] <= self.safe_enough:
            return attack                   # safe enough: no need to fold
        if self._last_place(state, seat) == len(state.players) - 1:
            return attack                   # the last deal's last place: a deal-in cannot cost a place
        if riichi_threat:
            if best_sh == 1:
                push = value >= self.push_one_shanten_value * threat * self._placement_factor(state, seat) and \
                    top >= self.push_one_shanten_ukeire \
                    and state.live_left >= self.push_one_shanten_wall
            else:
                push = False
        else:
            # only open threats: fold a far cheap hand, otherwise play on
            if not self.fold_open:
                push = True
            elif best_sh >= 2 and value < 3900 and threat >= 0.6:
                push = False
            elif best_sh >= 3 and threat >= 0.6:
                push = False
            else:
                push = True
        if push:
            return attack
        return self._fold_kind(kinds, shs, dangers)

    def _placement_factor(self, state, seat) -> float:
        """How much more value a push needs by the seat's place in the game's last wind (the South round of a
        South game, the East round of an East game; 1 before it): the leader has more to lose, the last more to
        gain; in the last deal (:func:`last_deal`, or later) the more so."""
        if not self.placement or state.round_wind < state.game_winds - 1:
            return 1.0
        mine = state.players[seat].score
        place = sum(1 for s, p in enumerate(state.players) if s != seat and p.score > mine)
        return PLACE_FACTOR[last_deal(state)][place]

    @staticmethod
    def _fold_kind(kinds, shs, dangers) -> int:
        """The least dangerous kind, then the lowest shanten."""
        return min(zip(dangers, shs, kinds))[2]

    @staticmethod
    def _live_ukeire(view, counts, k, melds, visible) -> int:
        """Unseen copies of the kinds that lower the shanten after discarding ``k`` (``counts`` already without
        it)."""
        kinds = view.improving_after(k)
        n = 0
        for j in kinds:
            left = 4 - counts[j] - visible[j]
            if left > 0:
                n += left
        return n

    # ---- calls ------------------------------------------------------------------------------------------------
    def _respond(self, state, seat, by_type) -> Action:
        pass_ = by_type.get(PASS, [Action(PASS, seat)])[0]
        p = state.players[seat]
        if p.riichi:
            return pass_
        calls = by_type.get(PON, []) + by_type.get(CHI, [])
        if not calls:
            return pass_
        counts = p.counts()
        melds = len(p.melds)
        now = shanten_counts(counts, melds)
        if now <= 0 and p.is_closed:
            return pass_                      # keep a closed tenpai for riichi
        found = self._threats(state, seat)
        riichi_threat = any(state.players[t].riichi for t, _ in found)
        values = _value_kinds(state, seat)
        need = standing(state, seat)[1] if self.all_last_calls and last_deal(state) and seat != state.dealer \
            else 0
        lead = self._last_place(state, seat) == 0      # the last deal's leader opens for any yaku: speed
        best, best_key = None, None
        for a in calls:
            c = list(counts)
            for t in a.tiles:
                c[t >> 2] -= 1
            called = a.tile >> 2
            after = standard_shanten(c, melds + 1)
            if after <= now:
                after = min(DiscardView(c, melds + 1).shanten_each(
                    [j for j in range(34) if c[j] and j != called]))
            if not self._keeps_yaku(state, seat, c, a, values) and not \
                    (after == 0 and state.live_left <= self.keiten_wall):
                continue                      # no yaku: only a late call for tenpai at the draw (keiten)
            value_pon = a.type == PON and called in values
            if riichi_threat and not (after == 0 and (value_pon or not p.is_closed)):
                continue                      # against a riichi: only a call that makes tenpai with a yaku
            if after > now or (after == now and not value_pon):
                continue
            if need:
                if estimated_value(state, seat, c, a) < need:
                    continue                  # the last deal, behind: a win too cheap to pass the seat above
            if p.is_closed and not value_pon and not lead:
                # opening a closed hand: only when it is worth it (two han or more) or close to tenpai
                value = estimated_value(state, seat, c, a)
                han_ok = value >= self.call_value * (1.5 if seat == state.dealer else 1)
                if not (han_ok or after <= 1):
                    continue
                if value < self.call_min_value * (1.5 if seat == state.dealer else 1):
                    continue
            key = (after, not value_pon)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best or pass_


# ---- MCR ---------------------------------------------------------------------------------------------------------
MCR_OPEN_WEIGHT = (0.0, 0.2, 0.5, 0.9, 1.0)
"""An MCR hand's threat by its declared sets (0-4): with few concealed tiles left a hand is often ready."""


def mcr_threats(state, seat: int) -> list[tuple[int, float]]:
    """The other seats that threaten ``seat`` in MCR (no riichi: what their sets show), weighted by the sets
    declared and, late in the wall, more."""
    late = 1.0 + max(0, 40 - state.live_left) / 40
    out = []
    for t in range(4):
        if t == seat:
            continue
        w = MCR_OPEN_WEIGHT[min(4, len(state.players[t].melds))] * late
        if w > 0:
            out.append((t, w))
    return out


def mcr_danger(state, kinds, unseen: list[int], found: list[tuple[int, float]]) -> list[float]:
    """Each kind's danger in MCR (no furiten: nothing is genbutsu): the waits still possible on it from the
    unseen copies (:func:`danger` with nothing safe), less for a kind the threat discarded itself (a hand
    rarely waits on what it let go)."""
    seen = [4 - u for u in unseen]
    base = [danger(k, frozenset(), seen) for k in kinds]
    out = [0.0] * len(kinds)
    for t, w in found:
        let_go = {r.tile >> 2 for r in state.players[t].river}
        for j, k in enumerate(kinds):
            out[j] += w * base[j] * (MCR_LET_GO if k in let_go else 1.0)
    return out


MCR_LET_GO = 0.5
"""Danger kept for a kind the threatening player discarded itself."""


class StrongMcrAI(McrAI):
    """The MCR fan-plan AI (:class:`~scorer.game.ai.mcr.McrAI`: the plan that reaches 8 points in the fewest
    tiles, counted against what is visible) with defence: when another hand shows enough sets to be ready and its
    own plan is still far, it discards the tile least likely to complete that hand — by the waits the unseen
    copies leave — among those that slow its own plan least; one step from ready it keeps its plan and takes the
    safest of the discards that keep the distance."""

    fold_distance = 2
    """Its plan this many tiles or more from ready (distance after the discard) folds against a threat ..."""
    fold_threat = 0.9
    """... of at least this weight (three declared sets, or two late in the wall)."""

    safest_keeping = True
    """Short of folding, against a threat of half that weight: the safest of the discards that keep the plan's
    distance."""

    def _discard(self, state, seat, discards, c, melds, unseen, values, plans, readings=None) -> Action:
        found = mcr_threats(state, seat)
        threat = max((w for _, w in found), default=0.0)
        if threat >= self.fold_threat * 0.5:
            main = plans[0]
            kinds = sorted({a.tile >> 2 for a in discards if a.tile < FLOWER_ID0})
            after = plan_after(main, c, melds, unseen, values, kinds, -1)
            best = min(after)
            dangers = mcr_danger(state, kinds, unseen, found)
            if best >= self.fold_distance and threat >= self.fold_threat:
                return self._pick(discards, min(zip(dangers, after, kinds))[2])
            if best >= 1 and self.safest_keeping:
                keep = [(d, k) for d, a, k in zip(dangers, after, kinds) if a == best]
                if len(keep) > 1:
                    return self._pick(discards, min(keep)[1])
        return McrAI._discard(self, state, seat, discards, c, melds, unseen, values, plans, readings)
