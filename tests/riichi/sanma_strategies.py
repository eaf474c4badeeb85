"""Hypothesis strategies for three-player (sanma) hands: complete hands of the 108-tile set (no 2m-8m, no chi)
with a situation a three-player table can have, and their nuki count; shared by the riichienv differential and
the notation tests."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from scorer.hand import Hand, Situation
from scorer.kinds import NORTH, RED_FIVE_IDS, SANMA_KINDS
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile

# the three-player tile set: 1m and 9m of the characters, every pin, sou and honor (27 kinds, 108 tiles)
_SEQ_STARTS = tuple(k for k in range(9, 27) if k % 9 <= 6)   # pin and sou only: no 2m-8m, so no man sequence
_RED_KINDS = tuple(i // 4 for i in RED_FIVE_IDS if i // 4 in SANMA_KINDS)   # 5p and 5s (no 5m in sanma)
_ORPHANS = (0, 8, 9, 17, 18, 26) + tuple(range(27, 34))
_HONORS = tuple(range(27, 34))
_THEMES = (   # the pools a hand's sets are drawn from, so that every yaku family (yakuman included) comes up
    SANMA_KINDS, SANMA_KINDS, SANMA_KINDS,
    tuple(range(9, 18)) + _HONORS,                  # pin and honors (honitsu, chinitsu, ittsu)
    tuple(range(18, 27)) + _HONORS,                 # sou and honors
    _ORPHANS,                                       # chanta, honroutou, chinroutou, kokushi-like sets
    _HONORS,                                        # tsuuiisou, daisangen, the four winds
    (19, 20, 21, 23, 25, 32),                       # ryuuiisou
    tuple(range(9, 18)),                            # chuuren
)


@st.composite
def sanma_hands(draw):
    """(Hand, nuki): a complete hand of the three-player set and a situation a three-player table can have."""
    counts = dict.fromkeys(SANMA_KINDS, 0)
    melds: list[tuple[str, int]] = []
    groups: list[tuple[str, int]] = []
    pool = draw(st.sampled_from(_THEMES))
    form = draw(st.sampled_from(("standard",) * 8 + ("seven", "seven", "kokushi")))
    if form == "kokushi":
        extra = draw(st.sampled_from(_ORPHANS))
        for k in _ORPHANS + (extra,):
            counts[k] += 1
            groups.append(("single", k))
    elif form == "seven":
        for k in draw(st.lists(st.sampled_from(pool if len(pool) >= 7 else SANMA_KINDS), min_size=7, max_size=7,
                               unique=True)):
            counts[k] += 2
            groups.append(("pair", k))
    else:
        for _ in range(4):
            seqs = [k for k in _SEQ_STARTS if all(counts[k + j] < 4 for j in range(3))]
            seqs = [k for k in seqs if k in pool and k + 1 in pool and k + 2 in pool] or seqs
            trips = [k for k in pool if counts[k] == 0] or [k for k in SANMA_KINDS if counts[k] == 0]
            if seqs and draw(st.booleans()):
                k = draw(st.sampled_from(seqs))
                for j in range(3):
                    counts[k + j] += 1
                groups.append(("seq", k))
            else:
                k = draw(st.sampled_from(trips))
                how = draw(st.sampled_from(("closed", "closed", "pon", "kan", "ankan")))
                counts[k] += 4 if how in ("kan", "ankan") else 3
                (groups if how == "closed" else melds).append((how if how != "closed" else "trip", k))
        k = draw(st.sampled_from([k for k in pool if counts[k] <= 2] or [k for k in SANMA_KINDS if counts[k] <= 2]))
        counts[k] += 2
        groups.append(("pair", k))
    reds = set(draw(st.sets(st.sampled_from(_RED_KINDS))))
    reds |= {k for k in _RED_KINDS if counts[k] == 4}   # all four fives include the red one

    def tiles(kind, n):
        out = []
        for _ in range(n):
            out.append(Tile(kind, kind in reds))
            reds.discard(kind)
        return out

    meld_objs = tuple(Meld({"pon": MeldType.PON, "kan": MeldType.KAN, "ankan": MeldType.ANKAN}[how],
                           tuple(tiles(k, 3 if how == "pon" else 4))) for how, k in melds)
    closed = []
    for shape, k in groups:
        if shape == "seq":
            for j in range(3):
                closed += tiles(k + j, 1)
        else:
            closed += tiles(k, {"trip": 3, "pair": 2, "single": 1}[shape])
    win = draw(st.sampled_from(sorted(set(closed))))
    closed.remove(win)
    is_open = any(m.is_open for m in meld_objs)
    has_kan = any(m.is_kan for m in meld_objs)
    tsumo = draw(st.booleans())
    riichi = not is_open and draw(st.booleans())
    double = riichi and draw(st.integers(0, 9)) == 0
    ippatsu = riichi and draw(st.booleans())
    last = draw(st.integers(0, 9)) == 0
    rinshan = tsumo and has_kan and draw(st.integers(0, 3)) == 0
    chankan = not tsumo and not last and draw(st.integers(0, 9)) == 0
    seat = draw(st.integers(0, 2))        # three seats: East, South, West
    n_ind = 1 + sum(m.is_kan for m in meld_objs)
    ind = st.sampled_from(SANMA_KINDS)
    sit = Situation(tsumo=tsumo, riichi=riichi and not double, double_riichi=double, ippatsu=ippatsu,
                    haitei=tsumo and last and not rinshan, houtei=not tsumo and last, rinshan=rinshan,
                    chankan=chankan, round_wind=draw(st.integers(0, 2)), seat_wind=seat,
                    honba=draw(st.integers(0, 4)), sticks=draw(st.integers(0, 3)),
                    dora=tuple(Tile(draw(ind)) for _ in range(n_ind)),
                    ura=tuple(Tile(draw(ind)) for _ in range(n_ind)) if riichi else ())
    nuki = draw(st.integers(0, 4 - counts[NORTH]))
    hand = Hand(tuple(closed), meld_objs, win, sit)
    return hand, nuki


@st.composite
def sanma_notation_hands(draw, preset: str = "tenhou-sanma"):
    """A three-player hand as the notation writes it: :func:`sanma_hands` with its nuki in ``Situation.nuki`` and
    the three-player ``preset``."""
    hand, nuki = draw(sanma_hands())
    sit = hand.situation
    seen = [0] * 34   # the physical tiles: the hand's, the Norths set aside, then the indicators that fit
    for t in hand.all_tiles:
        seen[t.kind] += 1
    seen[NORTH] += nuki
    kept = {}
    for name in ("dora", "ura"):
        kept[name] = []
        for t in getattr(sit, name):
            if seen[t.kind] < 4:
                seen[t.kind] += 1
                kept[name].append(t)
    ura = kept["ura"][:max(len(kept["dora"]), 1)]   # no more ura indicators than dora indicators
    return replace(hand, situation=replace(sit, nuki=nuki, dora=tuple(kept["dora"]), ura=tuple(ura)), preset=preset)
