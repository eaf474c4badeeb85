"""The exclusions looked up by the sources present (``exclude`` given the fans' mask) remove exactly what walking
the rows removes, for any set of fans, under every preset."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.mcr import fans as F
from scorer.mcr.exclusions import EXCLUSIONS, exclude
from scorer.mcr.parts import mask_of
from scorer.mcr.presets import PRESETS, compiled_exclusions

_IDS = sorted({f.id for f in F.FANS} | {F.POT_WIND})
_SOURCES = sorted({src for src, _ in EXCLUSIONS})


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(_IDS), st.integers(1, 3), max_size=12)
       | st.dictionaries(st.sampled_from(_SOURCES), st.integers(1, 2), min_size=2, max_size=8),
       st.sampled_from(sorted(PRESETS)))
def test_looked_up_exclusions_are_the_walked_ones(fans, preset):
    table = compiled_exclusions(PRESETS[preset])
    walked = dict(fans)
    exclude(walked, table)
    looked = dict(fans)
    exclude(looked, table, None, mask_of(fans))
    assert looked == walked


def test_a_source_removed_by_an_earlier_row_removes_nothing():
    """Pure Triple Chow and Pure Shifted Pungs each remove the other: the earlier row (Pure Triple Chow's) acts,
    and Pure Shifted Pungs, removed, removes nothing (looked up or walked alike)."""
    table = compiled_exclusions(PRESETS["mcr"])
    for looked in (False, True):
        fans = {F.PURE_TRIPLE_CHOW: 1, F.PURE_SHIFTED_PUNGS: 1, F.PURE_DOUBLE_CHOW: 1, F.NO_HONORS: 1}
        exclude(fans, table, None, mask_of(fans) if looked else -1)
        assert fans == {F.PURE_TRIPLE_CHOW: 1, F.NO_HONORS: 1}
