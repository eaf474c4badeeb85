"""Riichi rule presets: named, frozen bundles of scoring options (the evaluator's only configuration).

Presets are data looked up by name with :func:`find_preset` (like python-chess's ``variant.find_variant``). The
options are the places where real rule sets differ when a hand is *scored* (table rules such as agari-yame or
tobi belong to ``scorer/game``):

``open_tanyao``        kuitan: all-simples counts in an open hand.
``red_fives``          the red fives (one per suit) are dora.
``double_yakuman``     thirteen-sided kokushi, suuankou tanki, junsei chuuren and daisuushii are worth two yakuman.
``yakuman_stack``      several yakuman in one hand add up (daisangen + tsuuiisou = double yakuman).
``kiriage``            kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
``kazoe``              what 13+ counted han are worth: ``"yakuman"`` (kazoe yakuman) or ``"sanbaiman"``.
``double_wind_pair_fu`` a pair of the wind that is both round and seat wind: 4 fu or 2 fu.
``three_player``       sanma payments (tsumo-son: the missing North seat's share is not paid; honba 200 a
                       stick, 100 from each of the two payers on tsumo), 1m indicates 9m, nuki dora count.
``ura_dora``           ura dora (and kan ura) are turned over for a riichi winner.
``north_share``        three-player tsumo: what becomes of the absent North seat's share. ``"lost"`` (tsumo-son,
                       ツモ損: Tenhou and Mahjong Soul, the default) leaves it unpaid; ``"split"`` (北家折半, the
                       North share split: Sega's MJ and some clubs) adds half of it, rounded up to 100, to each
                       of the two payers' shares, so a non-dealer mangan tsumo is 3000/5000 and a dealer's 6000
                       all (sources: irilyuu.com/mahjong/mj/sannma-tennsuu-itirann/, MJ's tsumo table;
                       mahjongcollege.com/score-calculation/7768/, "北家支払い分を折半").

A three-player preset plays 108 tiles: 2m-8m are absent (:data:`scorer.kinds.SANMA_ABSENT_MASK`); its hands may
set Norths aside as nuki dora (the notation's ``nuki:N``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from scorer.errors import NotationError
from scorer.kinds import SANMA_ABSENT_MASK, KindMask


NORTH_SHARES = ("lost", "split")
"""What a three-player tsumo does with the absent North seat's share: tsumo-son (``lost``) or split in two."""


@dataclass(frozen=True, slots=True)
class RiichiOptions:
    open_tanyao: bool = True
    red_fives: bool = True
    double_yakuman: bool = False
    yakuman_stack: bool = True
    kiriage: bool = False
    kazoe: str = "yakuman"
    double_wind_pair_fu: int = 4
    three_player: bool = False
    ura_dora: bool = True
    north_share: str = "lost"

    def __post_init__(self) -> None:
        if self.north_share not in NORTH_SHARES:
            raise ValueError(f"north_share must be one of {', '.join(map(repr, NORTH_SHARES))}, "
                             f"not {self.north_share!r}")
        if self.kazoe not in ("yakuman", "sanbaiman"):
            raise ValueError(f"kazoe must be 'yakuman' or 'sanbaiman', not {self.kazoe!r}")
        if self.double_wind_pair_fu not in (2, 4):
            raise ValueError(f"double_wind_pair_fu must be 2 or 4, not {self.double_wind_pair_fu!r}")


OPTION_HELP = {
    "open_tanyao": "all simples counts in an open hand (kuitan)",
    "red_fives": "red fives are dora",
    "double_yakuman": "13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii are double yakuman",
    "yakuman_stack": "several yakuman in one hand add up",
    "kiriage": "4 han 30 fu and 3 han 60 fu round up to mangan (kiriage mangan)",
    "kazoe": "13+ counted han are worth (yakuman or sanbaiman)",
    "double_wind_pair_fu": "fu for a pair of the double wind (round and seat)",
    "three_player": "three-player (sanma) payments and nuki dora",
    "ura_dora": "ura dora for a riichi winner",
    "north_share": "three-player tsumo: the absent North's share lost (tsumo-son) or split between the payers",
}


@dataclass(frozen=True, slots=True)
class RiichiPreset:
    name: str
    description: str
    options: RiichiOptions = field(default_factory=RiichiOptions)

    @property
    def players(self) -> int:
        """Seats at the table this preset scores for: 3 (sanma) or 4."""
        return 3 if self.options.three_player else 4

    @property
    def absent_mask(self) -> KindMask:
        """The kinds the preset's tile set lacks (three players: 2m-8m), as a kind mask; 0 for none."""
        return SANMA_ABSENT_MASK if self.options.three_player else 0


_TENHOU = RiichiOptions(open_tanyao=True, red_fives=True, double_yakuman=False, yakuman_stack=True,
                        kiriage=False, kazoe="yakuman", double_wind_pair_fu=4)

PRESETS: dict[str, RiichiPreset] = {p.name: p for p in (
    RiichiPreset("standard", "mjscore's default: Tenhou's scoring options (kuitan, red fives, stacked but no "
                             "double yakuman, no kiriage, kazoe yakuman at 13 han, double-wind pair 4 fu)", _TENHOU),
    RiichiPreset("tenhou", "Tenhou.net ranked rooms (喰赤): kuitan, red fives, yakuman stack but no double "
                           "yakuman, no kiriage, kazoe yakuman at 13 han, double-wind pair 4 fu", _TENHOU),
    RiichiPreset("tenhou-sanma", "Tenhou.net three-player rooms: as tenhou, with tsumo-son payments, honba 200, "
                                 "nuki dora (nuki:N; flowers/flower_count of a hand built in code count too)",
                 RiichiOptions(three_player=True)),
    RiichiPreset("sanma-split", "three-player as tenhou-sanma, but a tsumo splits the absent North's share "
                                "between the two payers (北家折半, as Sega's MJ: non-dealer mangan 3000/5000)",
                 RiichiOptions(three_player=True, north_share="split")),
    RiichiPreset("mahjongsoul", "Mahjong Soul ranked: kuitan, red fives, double yakuman for 13-sided kokushi, "
                                "suuankou tanki, junsei chuuren and daisuushii, yakuman stack, no kiriage, kazoe "
                                "yakuman, double-wind pair 4 fu",
                 RiichiOptions(double_yakuman=True)),
    RiichiPreset("wrc", "World Riichi Championship rules: kuitan, no red fives, no double or stacked yakuman, "
                        "kiriage mangan, 13+ counted han capped at sanbaiman, double-wind pair 2 fu",
                 RiichiOptions(red_fives=False, double_yakuman=False, yakuman_stack=False, kiriage=True,
                               kazoe="sanbaiman", double_wind_pair_fu=2)),
    RiichiPreset("ema", "European Mahjong Association riichi rules: kuitan, no red fives, no double yakuman, "
                        "yakuman stack, no kiriage, 13+ counted han capped at sanbaiman, double-wind pair 4 fu",
                 RiichiOptions(red_fives=False, double_yakuman=False, yakuman_stack=True, kiriage=False,
                               kazoe="sanbaiman", double_wind_pair_fu=4)),
)}

DEFAULT_PRESET = "standard"


PRESETS_BY_KEY: dict = {**PRESETS, None: PRESETS[DEFAULT_PRESET]}
"""The presets by their names as written, and None: the default (what :func:`find_preset` answers at once)."""


def find_preset(name: "str | RiichiPreset | None") -> RiichiPreset:
    """The preset called ``name`` (case-insensitive; ``None`` is the default); unknown names raise NotationError.

    A :class:`RiichiPreset` is returned as it is (for callers that build their own, e.g. a table's house rules).
    """
    preset = PRESETS_BY_KEY.get(name)
    if preset is not None:
        return preset
    if isinstance(name, RiichiPreset):
        return name
    if name is None:
        return PRESETS[DEFAULT_PRESET]
    preset = PRESETS.get(name.strip().lower())
    if preset is None:
        raise NotationError(f"unknown riichi preset {name!r} (known presets: {', '.join(PRESETS)})")
    return preset


def options_table() -> list[dict]:
    """One row per preset: name, description and every option's value (for ``mjscore presets``)."""
    rows = []
    for p in PRESETS.values():
        row = {"name": p.name, "description": p.description}
        for f in fields(RiichiOptions):
            row[f.name] = getattr(p.options, f.name)
        rows.append(row)
    return rows
