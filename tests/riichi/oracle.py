"""The reference calculator (``mahjong==2.1.0``) driven from mjscore's Hand and preset — test-only.

Converts a :class:`~scorer.hand.Hand` into 136-format tile ids (red fives are ids 16/52/88, copy 0 of their kind),
melds and a ``HandConfig`` whose ``OptionalRules`` mirror the riichi preset.
"""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as RefMeld

from scorer.melds import MeldType
from scorer.riichi.presets import find_preset

_REF_MELD = {MeldType.CHI: RefMeld.CHI, MeldType.PON: RefMeld.PON, MeldType.KAN: RefMeld.KAN,
             MeldType.ANKAN: RefMeld.KAN}


def ref_rules(preset: str | None) -> OptionalRules:
    o = find_preset(preset).options
    return OptionalRules(
        has_open_tanyao=o.open_tanyao,
        has_aka_dora=o.red_fives,
        has_double_yakuman=o.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if o.kazoe == "yakuman" else HandConstants.KAZOE_SANBAIMAN,
        kiriage=o.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=o.three_player,
    )


class _Ids:
    """Hands out distinct 136-format ids: the red five is copy 0 of its kind, plain fives start at copy 1."""

    def __init__(self):
        self.next = {}

    def id(self, tile) -> int:
        k = tile.kind
        if tile.red:
            return k * 4
        five = k < 27 and k % 9 == 4
        n = self.next.get(k, 0)
        self.next[k] = n + 1
        return k * 4 + ((1, 2, 3, 0)[n] if five else n)


def to_reference(hand, preset: str | None = None):
    """(tiles, win_tile, melds, dora, ura, config) for ``HandCalculator.estimate_hand_value``."""
    ids = _Ids()
    tiles = []
    melds = []
    for m in hand.melds:
        mt = [ids.id(t) for t in m.tiles]
        tiles.extend(mt)
        melds.append(RefMeld(meld_type=_REF_MELD[m.type], tiles=mt, opened=m.is_open))
    closed = [ids.id(t) for t in hand.concealed]
    win = ids.id(hand.winning_tile)
    tiles.extend(closed)
    tiles.append(win)
    # indicators are other physical tiles; their copy numbers do not matter to the calculator
    dora = [t.kind * 4 + 3 for t in hand.situation.dora]
    ura = [t.kind * 4 + 3 for t in hand.situation.ura]
    s = hand.situation
    config = HandConfig(
        is_tsumo=s.tsumo, is_riichi=s.riichi or s.double_riichi, is_ippatsu=s.ippatsu, is_rinshan=s.rinshan,
        is_chankan=s.chankan, is_haitei=s.haitei, is_houtei=s.houtei, is_daburu_riichi=s.double_riichi,
        is_tenhou=s.tenhou, is_chiihou=s.chiihou, player_wind=27 + s.seat_wind, round_wind=27 + s.round_wind,
        kyoutaku_number=s.sticks, tsumi_number=s.honba, options=ref_rules(preset))
    return tiles, win, melds, dora, ura, config


def reference_score(hand, preset: str | None = None):
    tiles, win, melds, dora, ura, config = to_reference(hand, preset)
    return HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=config,
                                              ura_dora_indicators=ura)


def reference_values(resp) -> dict:
    """han, fu, the winner's total gain (honba and deposits included) and its value before them."""
    c = resp.cost
    return {"han": resp.han, "fu": resp.fu, "total": c["total"],
            "yakuman": any(y.is_yakuman for y in resp.yaku)}


# the reference's yaku classes, named by mjscore's yaku ids (dora are counted apart on both sides)
REF_YAKU = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan": "rinshan",
    "Haitei": "haitei", "Houtei": "houtei", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "SeatWindEast": "seat_wind_e", "SeatWindSouth": "seat_wind_s", "SeatWindWest": "seat_wind_w",
    "SeatWindNorth": "seat_wind_n", "RoundWindEast": "round_wind_e", "RoundWindSouth": "round_wind_s",
    "RoundWindWest": "round_wind_w", "RoundWindNorth": "round_wind_n", "Haku": "haku", "Hatsu": "hatsu",
    "Chun": "chun", "DaburuRiichi": "double_riichi", "Chiitoitsu": "chiitoitsu", "Chantai": "chanta",
    "Ittsu": "ittsu", "Sanshoku": "sanshoku", "SanshokuDoukou": "sanshoku_doukou", "SanKantsu": "sankantsu",
    "Toitoi": "toitoi", "Sanankou": "sanankou", "Shosangen": "shousangen", "Honroto": "honroutou",
    "Ryanpeikou": "ryanpeikou", "Junchan": "junchan", "Honitsu": "honitsu", "Chinitsu": "chinitsu",
    "Tenhou": "tenhou", "Chiihou": "chiihou", "Daisangen": "daisangen", "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki", "Tsuuiisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou", "ChuurenPoutou": "chuuren", "DaburuChuurenPoutou": "junsei_chuuren",
    "KokushiMusou": "kokushi", "DaburuKokushiMusou": "kokushi13", "DaiSuushii": "daisuushii",
    "Shousuushii": "shousuushii", "Suukantsu": "suukantsu",
}
_DORA_CLASSES = {"Dora", "AkaDora", "UraDora"}


def reference_yaku(resp) -> set[str]:
    """The reference's yaku as mjscore yaku ids (dora left out)."""
    return {REF_YAKU[type(y).__name__] for y in resp.yaku if type(y).__name__ not in _DORA_CLASSES}
