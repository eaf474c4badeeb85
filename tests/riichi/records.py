"""Read Tenhou agari records (``../shared/realdata/riichi/agari.jsonl``) into Hands and the values Tenhou gave them.

Situational yaku (haitei, houtei, rinshan, chankan, tenhou, chiihou) are taken from the record's yaku list: they
are facts of the table, not of the tiles.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorer.hand import Hand, Situation
from scorer.melds import Meld, MeldType
from scorer.tiles import Tile

REALDATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "realdata" / "riichi"
AGARI = REALDATA / "agari.jsonl"
SPECIAL_LOBBY_FILES = ("tenhou-mjlog-misc/chip.xml_", "tenhou-mjlog-misc/ratio1.xml_")

_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}
_MELD = {"chi": MeldType.CHI, "pon": MeldType.PON, "daiminkan": MeldType.KAN, "kakan": MeldType.KAN,
         "ankan": MeldType.ANKAN}
# Mahjong Soul games in tenhou.net/6 form carry English names
_ENGLISH = {"Riichi": "立直", "Dora": "ドラ", "Ura Dora": "裏ドラ", "Red Five": "赤ドラ", "Tsumo": "門前清自摸和",
            "Pinfu": "平和", "Tanyao": "断幺九", "Ippatsu": "一発"}
_SITUATIONAL = {"海底摸月": "haitei", "河底撈魚": "houtei", "嶺上開花": "rinshan", "槍槓": "chankan",
                "天和": "tenhou", "地和": "chiihou"}
DORA_KANJI = {"ドラ": "dora", "赤ドラ": "red", "裏ドラ": "ura"}


def load_records() -> list[dict]:
    with open(AGARI, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def record_id(rec: dict) -> str:
    return f"{rec['file']}:{rec.get('line') or ''}:k{rec['kyoku_index']}h{rec['honba']}w{rec['winner']}"


def yaku_names(rec: dict) -> list[tuple[str, int | None]]:
    return [(_ENGLISH.get(y["name"], y["name"]), y.get("han")) for y in rec["yaku"]]


def is_sanma(rec: dict) -> bool:
    return bool(rec["rule"].get("sanma"))


def build_hand(rec: dict) -> tuple[Hand, int]:
    """The Hand a record describes and its nuki count (North tiles set aside in three-player games)."""
    closed = [Tile.parse(t) for t in rec["closed_tiles"]]
    win = Tile.parse(rec["winning_tile"])
    if win in closed:
        closed.remove(win)
    else:  # the record may write the winning five plain while the hand holds the red one, or the other way
        same = next(t for t in closed if t.kind == win.kind)
        closed.remove(same)
        win = same
    melds = []
    nuki = 0
    for m in rec["melds"]:
        if m["type"] == "nuki":
            nuki += 1
            continue
        melds.append(Meld(_MELD[m["type"]], tuple(Tile.parse(t) for t in m["tiles"])))
    names = {n for n, _ in yaku_names(rec)}
    flags = {flag: True for name, flag in _SITUATIONAL.items() if name in names}
    players = 3 if is_sanma(rec) else 4
    seat = (rec["winner"] - rec["dealer"]) % players
    sit = Situation(tsumo=bool(rec["tsumo"]), riichi=bool(rec["riichi"]) and not rec["double_riichi"],
                    double_riichi=bool(rec["double_riichi"]), ippatsu=bool(rec["ippatsu"]),
                    round_wind=_WIND[rec["round_wind"]], seat_wind=seat, honba=rec["honba"], sticks=rec["kyotaku"],
                    dora=tuple(Tile.parse(t) for t in rec["dora_indicators"]),
                    ura=tuple(Tile.parse(t) for t in rec["ura_indicators"]), **flags)
    return Hand(tuple(closed), tuple(melds), win, sit), nuki


_PTS = re.compile(r"(\d+)(?:-(\d+))?点(∀)?$")


def record_points(rec: dict) -> int:
    """The hand's value to the winner before honba and deposits, as Tenhou recorded it."""
    if rec.get("points") is not None:
        return rec["points"]
    m = _PTS.search(rec["points_str"])
    a, b, all_ = int(m.group(1)), m.group(2), m.group(3)
    if b is not None:           # non-dealer tsumo: "non-dealer-dealer"
        return 2 * a + int(b)
    if all_:                    # dealer tsumo: each pays a
        return 3 * a
    return a


def expected(rec: dict) -> dict:
    """What Tenhou gave: han, fu (None for yakuman or when not written), points, yaku set, dora counts, yakuman."""
    yaku = set()
    dora = {"dora": 0, "red": 0, "ura": 0}
    for name, han in yaku_names(rec):
        if name in DORA_KANJI:
            dora[DORA_KANJI[name]] += han or 0
        else:
            yaku.add(name)
    return {"han": rec["han"], "fu": rec["fu"] if not rec["yakuman"] else None, "points": record_points(rec),
            "yaku": yaku, "dora": dora, "yakuman": rec["yakuman"]}
