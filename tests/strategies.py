"""Hypothesis strategies shared by the tests: tiles, complete hands and hand values.

``complete_hands()`` draws a winning-shaped hand (four sets and a pair, some sets declared as melds) with a
consistent situation, as a :class:`~scorer.hand.Hand` value.
"""

from __future__ import annotations

from hypothesis import strategies as st

from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile

kinds = st.integers(0, 33)


@st.composite
def group_specs(draw, max_groups: int = 4):
    """Four sets (shape, kind) and a pair kind, within four copies of each kind."""
    counts = [0] * 34
    sets = []
    while len(sets) < max_groups:
        shape = draw(st.sampled_from(["seq", "trip", "trip", "kan"] if len(sets) % 2 else ["seq", "seq", "trip"]))
        k = draw(kinds)
        if shape == "seq":
            if k >= 27 or k % 9 > 6 or any(counts[k + i] >= 4 for i in range(3)):
                continue
            for i in range(3):
                counts[k + i] += 1
        else:
            need = 4 if shape == "kan" else 3
            if counts[k] + need > 4:
                continue
            counts[k] += need
        sets.append((shape, k))
    while True:
        p = draw(kinds)
        if counts[p] + 2 <= 4:
            counts[p] += 2
            break
    return sets, p, counts


def _red(draw, tiles: list[Tile], used_red: set[int]) -> list[Tile]:
    out = []
    for t in tiles:
        if t.kind < 27 and t.kind % 9 == 4 and t.kind not in used_red and draw(st.booleans()):
            used_red.add(t.kind)
            out.append(Tile(t.kind, True))
        else:
            out.append(t)
    return out


@st.composite
def complete_hands(draw, rules: str = "riichi", allow_red: bool = True):
    sets, pair, counts = draw(group_specs())
    used_red: set[int] = set()
    concealed: list[Tile] = []
    melds: list[Meld] = []
    for shape, k in sets:
        if shape == "seq":
            tiles = [Tile(k), Tile(k + 1), Tile(k + 2)]
        else:
            tiles = [Tile(k)] * (4 if shape == "kan" else 3)
        if allow_red:
            tiles = _red(draw, tiles, used_red)
        if shape == "kan":
            melds.append(Meld(draw(st.sampled_from([MeldType.KAN, MeldType.ANKAN])), tuple(tiles)))
        elif draw(st.integers(0, 3)) == 0:
            melds.append(Meld(MeldType.CHI if shape == "seq" else MeldType.PON, tuple(tiles)))
        else:
            concealed.extend(tiles)
    pair_tiles = [Tile(pair)] * 2
    if allow_red:
        pair_tiles = _red(draw, pair_tiles, used_red)
    concealed.extend(pair_tiles)
    win = draw(st.sampled_from(concealed))
    concealed.remove(win)
    is_open = any(m.is_open for m in melds)
    tsumo = draw(st.booleans())
    riichi = (not is_open) and rules == "riichi" and draw(st.booleans())
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    if rules == "riichi":
        n = draw(st.integers(0, 1 + sum(1 for m in melds if m.is_kan)))
        for _ in range(n):
            k = draw(kinds)
            if counts[k] < 4:
                counts[k] += 1
                dora += (Tile(k),)
        if riichi:
            for _ in range(len(dora)):
                k = draw(kinds)
                if counts[k] < 4:
                    counts[k] += 1
                    ura += (Tile(k),)
    situation = Situation(
        tsumo=tsumo,
        riichi=riichi,
        ippatsu=riichi and draw(st.booleans()),
        haitei=tsumo and draw(st.integers(0, 9)) == 0,
        houtei=(not tsumo) and draw(st.integers(0, 9)) == 0,
        round_wind=draw(st.integers(0, 3)),
        seat_wind=draw(st.integers(0, 3)),
        honba=draw(st.integers(0, 3)) if rules == "riichi" else 0,  # riichi keywords (an error under MCR)
        sticks=draw(st.integers(0, 2)) if rules == "riichi" else 0,
        dora=dora,
        ura=ura,
    )
    flowers: tuple[Tile, ...] = ()
    if rules == "mcr":
        flowers = tuple(Tile(34 + i) for i in range(8) if draw(st.integers(0, 3)) == 0)
    return Hand(tuple(concealed), tuple(melds), win, situation, flowers=flowers, rules=rules)
