"""Hypothesis strategies for riichi: complete winning hands built from sets and a pair (so they always win a
shape), open and closed, with kans, red fives and table situations, biased towards every yaku family by drawing
the tiles from themed pools (simples, one suit, terminals and honors, honors, greens, ...)."""

from __future__ import annotations

from hypothesis import strategies as st

from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile

_SIMPLES = [k for k in range(27) if 0 < k % 9 < 8]
_TERMINALS = [0, 8, 9, 17, 18, 26]
_HONORS = list(range(27, 34))
_GREEN = [19, 20, 21, 23, 25, 32]

THEMES = {
    "any": list(range(34)),
    "simples": _SIMPLES,
    "man+honors": list(range(0, 9)) + _HONORS,
    "pin": list(range(9, 18)),
    "sou+honors": list(range(18, 27)) + _HONORS,
    "terminals+honors": _TERMINALS + _HONORS,
    "honors": _HONORS,
    "greens": _GREEN,
    "terminals": _TERMINALS,
    "outside": [k for k in range(27) if k % 9 in (0, 1, 2, 6, 7, 8)] + _HONORS,
    "winds+dragons": _HONORS + list(range(9)),
}


def _seq_starts(pool):
    s = set(pool)
    return [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in s and k + 2 in s]


FORMS = ("standard", "standard", "standard", "standard", "seven", "kokushi")


class _HypothesisDraw:
    def __init__(self, draw):
        self.draw = draw

    def choice(self, seq):
        return self.draw(st.sampled_from(seq))

    def integers(self, a, b):
        return self.draw(st.integers(a, b))

    def booleans(self):
        return self.draw(st.booleans())

    def distinct(self, seq, n):
        return self.draw(st.lists(st.sampled_from(seq), min_size=n, max_size=n, unique=True))

    def subset(self, seq):
        return set(self.draw(st.sets(st.sampled_from(seq), max_size=len(seq))))


class RandomDraw:
    """The same choices from a seeded ``random.Random`` (for benchmarks: a fixed set of hands)."""

    def __init__(self, rng):
        self.rng = rng

    def choice(self, seq):
        return self.rng.choice(list(seq))

    def integers(self, a, b):
        return self.rng.randint(a, b)

    def booleans(self):
        return self.rng.random() < 0.5

    def distinct(self, seq, n):
        return self.rng.sample(list(seq), n)

    def subset(self, seq):
        return {x for x in seq if self.rng.random() < 0.3}


@st.composite
def winning_hands(draw, allow_open: bool = True, forms=FORMS):
    """A complete riichi hand with a random situation. Returns a :class:`Hand`."""
    return build_winning_hand(_HypothesisDraw(draw), allow_open, forms)


def build_winning_hand(d, allow_open: bool = True, forms=FORMS) -> Hand:
    """Build a complete hand from sets and a pair, every choice made by ``d`` (hypothesis or seeded random)."""
    form = d.choice(forms)
    counts = [0] * 34
    theme = d.choice(sorted(THEMES))
    pool = THEMES[theme]
    melds: list[tuple[str, int]] = []     # (type, kind) for declared melds
    concealed_groups: list[tuple[str, int]] = []
    if form == "kokushi":
        extra = d.choice(_TERMINALS + _HONORS)
        for k in _TERMINALS + _HONORS:
            counts[k] += 1
        counts[extra] += 1
        concealed_groups = [("single", k) for k in _TERMINALS + _HONORS] + [("single", extra)]
    elif form == "seven":
        kinds = d.distinct(pool if len(pool) >= 7 else list(range(34)), 7)
        for k in kinds:
            counts[k] += 2
            concealed_groups.append(("pair", k))
    else:
        starts = _seq_starts(pool)
        for _ in range(4):
            options = []
            trip_kinds = [k for k in pool if counts[k] <= 1]
            seq_kinds = [k for k in starts if counts[k] < 4 and counts[k + 1] < 4 and counts[k + 2] < 4]
            if trip_kinds:
                options.append("trip")
            if seq_kinds:
                options.append("seq")
            if not options:
                seq_kinds = [k for k in _seq_starts(list(range(27)))
                             if counts[k] < 4 and counts[k + 1] < 4 and counts[k + 2] < 4]
                options.append("seq")
            shape = d.choice(options)
            if shape == "trip":
                k = d.choice(trip_kinds)
                how = d.choice(["closed", "closed", "pon", "kan", "ankan"] if allow_open
                                           else ["closed", "closed", "ankan"])
                if how in ("kan", "ankan") and counts[k] > 0:
                    how = "closed" if not allow_open else "pon"
                n = 4 if how in ("kan", "ankan") else 3
                counts[k] += n
                if how == "closed":
                    concealed_groups.append(("trip", k))
                else:
                    melds.append((how, k))
            else:
                k = d.choice(seq_kinds)
                for j in range(3):
                    counts[k + j] += 1
                how = d.choice(["closed", "closed", "chi"] if allow_open else ["closed"])
                if how == "closed":
                    concealed_groups.append(("seq", k))
                else:
                    melds.append(("chi", k))
        pair_kinds = [k for k in pool if counts[k] <= 2] or [k for k in range(34) if counts[k] <= 2]
        k = d.choice(pair_kinds)
        counts[k] += 2
        concealed_groups.append(("pair", k))

    # tiles; at most one red five per suit, placed on a five of a concealed group or a meld
    red_suits = d.subset([4, 13, 22])
    # all four fives of a suit include its red five (the physical tile set of a red-five game)
    red_suits |= {k for k in (4, 13, 22) if counts[k] == 4}

    def tiles_of(kind: int, n: int) -> list[Tile]:
        out = []
        for _ in range(n):
            if kind in red_suits:
                red_suits.discard(kind)
                out.append(Tile(kind, True))
            else:
                out.append(Tile(kind))
        return out

    meld_objs = []
    for how, k in melds:
        if how == "chi":
            tiles = [t for j in range(3) for t in tiles_of(k + j, 1)]
            meld_objs.append(Meld(MeldType.CHI, tuple(tiles)))
        elif how == "pon":
            meld_objs.append(Meld(MeldType.PON, tuple(tiles_of(k, 3))))
        elif how == "kan":
            meld_objs.append(Meld(MeldType.KAN, tuple(tiles_of(k, 4))))
        else:
            meld_objs.append(Meld(MeldType.ANKAN, tuple(tiles_of(k, 4))))
    closed: list[Tile] = []
    for shape, k in concealed_groups:
        if shape == "seq":
            for j in range(3):
                closed.extend(tiles_of(k + j, 1))
        elif shape == "trip":
            closed.extend(tiles_of(k, 3))
        elif shape == "pair":
            closed.extend(tiles_of(k, 2))
        else:
            closed.extend(tiles_of(k, 1))
    win = d.choice(sorted(set(closed)))
    closed.remove(win)

    is_open = any(m.is_open for m in meld_objs)
    tsumo = d.booleans()
    riichi = not is_open and d.booleans()
    double = riichi and d.integers(0, 9) == 0
    ippatsu = riichi and d.booleans()
    seat = d.integers(0, 3)
    has_kan = any(m.is_kan for m in meld_objs)
    rinshan = tsumo and has_kan and d.integers(0, 4) == 0
    haitei = tsumo and not rinshan and d.integers(0, 9) == 0
    houtei = not tsumo and d.integers(0, 9) == 0
    chankan = not tsumo and not houtei and d.integers(0, 9) == 0
    blessing = tsumo and not meld_objs and not riichi and d.integers(0, 19) == 0
    n_dora = d.integers(1, 1 + sum(1 for m in meld_objs if m.is_kan))
    dora = tuple(Tile(d.integers(0, 33)) for _ in range(n_dora))
    ura = tuple(Tile(d.integers(0, 33)) for _ in range(n_dora)) if riichi else ()
    sit = Situation(tsumo=tsumo, riichi=riichi and not double, double_riichi=double, ippatsu=ippatsu,
                    haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
                    tenhou=blessing and seat == 0, chiihou=blessing and seat != 0,
                    round_wind=d.integers(0, 3), seat_wind=seat, honba=d.integers(0, 3),
                    sticks=d.integers(0, 2), dora=dora, ura=ura)
    return Hand(tuple(closed), tuple(meld_objs), win, sit)
