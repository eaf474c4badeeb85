"""MCR editions as presets: frozen data looked up by name, never flags in the code.

``mcr`` (the default) follows the reference calculator PyMahjongGB 1.4.0 (ChineseOfficialMahjongHelper's
algorithm with the MIL "concealed kong and melded kong" fan). ``green-book`` carries the differences of the 2006
Green Book (《中国麻将竞赛规则》): Two Concealed Kongs is worth 8; a melded and a concealed kong together score a
Melded Kong (1) and a Concealed Kong (2) instead of the MIL combination (5); and Lesser Honors and Knitted Tiles
does not imply All Types, so that fan is added to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.errors import NotationError
from scorer.mcr import fans as F
from scorer.mcr.exclusions import EXCLUSIONS, REDUCTIONS, compile_exclusions


@dataclass(frozen=True)
class McrPreset:
    name: str
    description: str
    two_concealed_kongs: int = 6         # points of Two Concealed Kongs (双暗杠)
    mixed_kong_fan: bool = True          # melded + concealed kong: the MIL combination fan (else 1 + 2)
    lesser_hk_all_types: bool = False    # All Types is added to Lesser Honors and Knitted Tiles
    minimum: int = 8                     # points needed to win, flowers not counted
    title: str = ""                      # the edition's name for people ("Green Book"), in claim reasons

    @property
    def options(self) -> dict:
        """The preset's settings as plain data (what ``mjscore presets`` lists)."""
        return {
            "two_concealed_kongs": self.two_concealed_kongs,
            "mixed_kong_fan": self.mixed_kong_fan,
            "lesser_hk_all_types": self.lesser_hk_all_types,
            "minimum": self.minimum,
        }

    def value(self, fan_id: int) -> int:
        """Points of a fan under this edition."""
        if fan_id == F.TWO_CONCEALED_KONGS:
            return self.two_concealed_kongs
        return F.FAN_BY_ID[fan_id].points

    @property
    def exclusions(self):
        rows = EXCLUSIONS
        if self.lesser_hk_all_types:
            rows = tuple((src, tuple(t for t in targets if t != F.ALL_TYPES))
                         if src == F.LESSER_HONORS_AND_KNITTED_TILES else (src, targets)
                         for src, targets in rows)
        return compile_exclusions(rows, REDUCTIONS)


PRESETS: dict[str, McrPreset] = {
    "mcr": McrPreset(
        name="mcr",
        description="Mahjong Competition Rules as the reference calculator PyMahjongGB 1.4.0 scores them "
                    "(MIL: a melded and a concealed kong together score 5).",
        title="MCR (PyMahjongGB)",
    ),
    "green-book": McrPreset(
        name="green-book",
        description="2006 Green Book: Two Concealed Kongs 8; a melded and a concealed kong score Melded Kong + "
                    "Concealed Kong (3); Lesser Honors and Knitted Tiles adds All Types.",
        two_concealed_kongs=8,
        mixed_kong_fan=False,
        lesser_hk_all_types=True,
        title="Green Book",
    ),
}

# Each setting in which editions differ: (the fans it touches, what an edition with that setting says). Read by
# :func:`edition_rules` (the reason a claim counted by another edition gives).
EDITION_RULES = (
    ((F.TWO_CONCEALED_KONGS,), lambda p: f"Two Concealed Kongs is worth {p.two_concealed_kongs}"),
    ((F.CONCEALED_KONG_AND_MELDED_KONG, F.MELDED_KONG, F.CONCEALED_KONG),
     lambda p: "melded + concealed kong score the MIL combination (5)" if p.mixed_kong_fan
     else "melded + concealed kong score Melded Kong + Concealed Kong (1 + 2)"),
    ((F.LESSER_HONORS_AND_KNITTED_TILES, F.ALL_TYPES),
     lambda p: "Lesser Honors and Knitted Tiles adds All Types" if p.lesser_hk_all_types
     else "Lesser Honors and Knitted Tiles implies All Types"),
)


def edition_rules(preset: McrPreset, other: McrPreset, fan_ids) -> list[str]:
    """The rules of edition ``other`` that differ from ``preset``'s and touch one of ``fan_ids`` (the fans either
    edition counts for a hand), each as "Green Book: ..."."""
    fan_ids = set(fan_ids)
    out = []
    for fans, says in EDITION_RULES:
        if fan_ids.intersection(fans) and says(other) != says(preset):
            out.append(f"{other.title or other.name}: {says(other)}")
    return out
DEFAULT = "mcr"

_COMPILED = {name: p.exclusions for name, p in PRESETS.items()}


def find_preset(name: str | None) -> McrPreset:
    """The preset of that name (``None`` gives the default ``mcr``)."""
    key = (name or DEFAULT).lower()
    if key not in PRESETS:
        raise NotationError(f"unknown MCR preset {name!r} (expected one of {', '.join(PRESETS)})")
    return PRESETS[key]


def compiled_exclusions(preset: McrPreset):
    return _COMPILED.get(preset.name) or preset.exclusions
