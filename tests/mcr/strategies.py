"""Hypothesis strategies for complete MCR hands: every form, exposed and concealed sets and kongs, flowers and
every situation flag."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile

KNITTED = tuple(tuple(base + r for base, ranks in zip(suits, ((0, 3, 6), (1, 4, 7), (2, 5, 8))) for r in ranks)
                for suits in ((0, 18, 9), (0, 9, 18), (18, 0, 9), (9, 0, 18), (18, 9, 0), (9, 18, 0)))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@st.composite
def situations(draw, has_kong: bool = False) -> Situation:
    tsumo = draw(st.booleans())
    special = draw(st.sampled_from(["none"] * 4 + ["kong", "last", "last+kong"]))
    return Situation(
        tsumo=tsumo,
        rinshan=tsumo and "kong" in special,
        chankan=not tsumo and "kong" in special,
        haitei=tsumo and "last" in special,
        houtei=not tsumo and "last" in special,
        last_tile=draw(st.integers(0, 4)) == 0,
        round_wind=draw(st.integers(0, 3)),
        seat_wind=draw(st.integers(0, 3)),
        flower_count=draw(st.integers(0, 8)) or None,
    )


def _set_kinds(shape: str, kind: int) -> list[int]:
    return [kind, kind + 1, kind + 2] if shape == "chow" else [kind] * (4 if shape.endswith("kong") else 3)


@st.composite
def standard_hands(draw) -> Hand:
    counts = [0] * 34
    melds: list[Meld] = []
    concealed: list[int] = []
    # bias towards few suits and nearby tiles so that fans of combined sets come up often
    suits = draw(st.lists(st.sampled_from([0, 9, 18]), min_size=1, max_size=3, unique=True))
    n_sets = 4
    for _ in range(n_sets):
        shape = draw(st.sampled_from(["chow", "chow", "chow", "pung", "pung", "kong", "ckong"]))
        if shape == "chow":
            kind = draw(st.sampled_from(suits)) + draw(st.integers(0, 6))
        else:
            kind = draw(st.one_of(st.sampled_from(suits).flatmap(lambda b: st.integers(b, b + 8)),
                                  st.integers(27, 33)))
        kinds = _set_kinds(shape, kind)
        for k in kinds:
            counts[k] += 1
        exposed = shape in ("kong", "ckong") or draw(st.integers(0, 2)) == 0
        if shape == "ckong":
            melds.append(Meld(MeldType.ANKAN, tuple(Tile(k) for k in kinds)))
        elif shape == "kong":
            melds.append(Meld(MeldType.KAN, tuple(Tile(k) for k in kinds)))
        elif exposed:
            melds.append(Meld(MeldType.CHI if shape == "chow" else MeldType.PON, tuple(Tile(k) for k in kinds)))
        else:
            concealed.extend(kinds)
    pair = draw(st.one_of(st.sampled_from(suits).flatmap(lambda b: st.integers(b, b + 8)), st.integers(27, 33)))
    counts[pair] += 2
    concealed.extend([pair, pair])
    assume(all(n <= 4 for n in counts))
    win = draw(st.sampled_from(sorted(concealed)))
    concealed.remove(win)
    return Hand(tuple(Tile(k) for k in concealed), tuple(melds), Tile(win),
                draw(situations(has_kong=any(m.is_kan for m in melds))), rules="mcr")


def _closed_hand(draw, kinds: list[int]) -> Hand:
    win = draw(st.sampled_from(sorted(kinds)))
    kinds = list(kinds)
    kinds.remove(win)
    return Hand(tuple(Tile(k) for k in kinds), (), Tile(win), draw(situations()), rules="mcr")


@st.composite
def seven_pairs_hands(draw) -> Hand:
    suit = draw(st.sampled_from([0, 9, 18]))
    pool = st.one_of(st.integers(suit, suit + 8), st.integers(0, 33))
    kinds = draw(st.lists(pool, min_size=7, max_size=7))
    counts = [0] * 34
    for k in kinds:
        counts[k] += 2
    assume(all(n <= 4 for n in counts))
    return _closed_hand(draw, [k for k in kinds for _ in range(2)])


@st.composite
def shifted_pairs_hands(draw) -> Hand:
    start = draw(st.sampled_from([0, 9, 18])) + draw(st.integers(0, 2))
    return _closed_hand(draw, [k for k in range(start, start + 7) for _ in range(2)])


@st.composite
def thirteen_orphans_hands(draw) -> Hand:
    return _closed_hand(draw, list(ORPHANS) + [draw(st.sampled_from(ORPHANS))])


@st.composite
def honors_knitted_hands(draw) -> Hand:
    seq = draw(st.sampled_from(KNITTED))
    n_honors = draw(st.integers(5, 7))
    honors = draw(st.lists(st.integers(27, 33), min_size=n_honors, max_size=n_honors, unique=True))
    numbered = draw(st.lists(st.sampled_from(seq), min_size=14 - n_honors, max_size=14 - n_honors, unique=True))
    return _closed_hand(draw, honors + numbered)


@st.composite
def knitted_straight_hands(draw) -> Hand:
    seq = list(draw(st.sampled_from(KNITTED)))
    shape = draw(st.sampled_from(["chow", "pung", "kong", "ckong"]))
    kind = draw(st.integers(0, 6)) + draw(st.sampled_from([0, 9, 18])) if shape == "chow" else draw(st.integers(0, 33))
    set_kinds = _set_kinds(shape, kind)
    pair = draw(st.integers(0, 33))
    counts = [0] * 34
    for k in seq + set_kinds + [pair, pair]:
        counts[k] += 1
    assume(all(n <= 4 for n in counts))
    exposed = shape in ("kong", "ckong") or draw(st.booleans())
    melds = ()
    concealed = seq + [pair, pair]
    if shape == "ckong":
        melds = (Meld(MeldType.ANKAN, tuple(Tile(k) for k in set_kinds)),)
    elif shape == "kong":
        melds = (Meld(MeldType.KAN, tuple(Tile(k) for k in set_kinds)),)
    elif exposed:
        melds = (Meld(MeldType.CHI if shape == "chow" else MeldType.PON, tuple(Tile(k) for k in set_kinds)),)
    else:
        concealed += set_kinds
    win = draw(st.sampled_from(sorted(concealed)))
    concealed.remove(win)
    return Hand(tuple(Tile(k) for k in concealed), melds, Tile(win), draw(situations()), rules="mcr")


@st.composite
def nine_gates_hands(draw) -> Hand:
    b = draw(st.sampled_from([0, 9, 18]))
    kinds = [b] * 3 + list(range(b + 1, b + 8)) + [b + 8] * 3 + [b + draw(st.integers(0, 8))]
    return _closed_hand(draw, kinds)


def winning_hands():
    """Any complete MCR hand (standard hands most often)."""
    return st.one_of(standard_hands(), standard_hands(), standard_hands(), seven_pairs_hands(),
                     shifted_pairs_hands(), thirteen_orphans_hands(), honors_knitted_hands(),
                     knitted_straight_hands(), nine_gates_hands())
