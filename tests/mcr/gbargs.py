"""Convert PyMahjongGB-style arguments (``pack``, ``hand``, ``winTile`` ...) into mjscore Hands (test helper)."""

from __future__ import annotations

from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile

_SUIT = {"W": 0, "B": 9, "T": 18}
_HONOR = {"F1": 27, "F2": 28, "F3": 29, "F4": 30, "J1": 33, "J2": 32, "J3": 31}


def gb_kind(s: str) -> int:
    if s in _HONOR:
        return _HONOR[s]
    return _SUIT[s[0]] + int(s[1]) - 1


def gb_tile(s: str) -> Tile:
    return Tile(gb_kind(s))


def kind_gb(k: int) -> str:
    if k >= 27:
        return {v: key for key, v in _HONOR.items()}[k]
    return "WBT"[k // 9] + str(k % 9 + 1)


def hand_from_gb(args: dict) -> Hand:
    melds = []
    for typ, tile, offer in args["pack"]:
        k = gb_kind(tile)
        if typ == "CHI":
            melds.append(Meld(MeldType.CHI, tuple(Tile(k + d) for d in (-1, 0, 1))))
        elif typ == "PENG":
            melds.append(Meld(MeldType.PON, (Tile(k),) * 3))
        else:
            melds.append(Meld(MeldType.ANKAN if offer == 0 else MeldType.KAN, (Tile(k),) * 4))
    s = Situation(
        tsumo=bool(args["isSelfDrawn"]), last_tile=bool(args["is4thTile"]),
        rinshan=bool(args["isAboutKong"]) and bool(args["isSelfDrawn"]),
        chankan=bool(args["isAboutKong"]) and not args["isSelfDrawn"],
        haitei=bool(args["isWallLast"]) and bool(args["isSelfDrawn"]),
        houtei=bool(args["isWallLast"]) and not args["isSelfDrawn"],
        round_wind=args["prevalentWind"], seat_wind=args["seatWind"],
        flower_count=args.get("flowerCount") or None)
    return Hand(tuple(gb_tile(t) for t in args["hand"]), tuple(melds), gb_tile(args["winTile"]), s, rules="mcr")


def gb_from_hand(hand: Hand) -> dict:
    """The reverse: PyMahjongGB keyword arguments for an mjscore Hand (exposed sets get offer 1)."""
    pack = []
    for m in hand.melds:
        if m.type is MeldType.CHI:
            pack.append(("CHI", kind_gb(m.kind + 1), 1))
        elif m.type is MeldType.PON:
            pack.append(("PENG", kind_gb(m.kind), 1))
        else:
            pack.append(("GANG", kind_gb(m.kind), 0 if m.type is MeldType.ANKAN else 1))
    s = hand.situation
    return dict(pack=tuple(pack), hand=tuple(kind_gb(t.kind) for t in hand.concealed),
                winTile=kind_gb(hand.winning_tile.kind), flowerCount=hand.flower_total,
                isSelfDrawn=s.tsumo, is4thTile=s.last_tile, isAboutKong=s.rinshan or s.chankan,
                isWallLast=s.haitei or s.houtei, seatWind=s.seat_wind, prevalentWind=s.round_wind)
