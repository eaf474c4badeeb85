"""Shared test set-up: the hypothesis profile and where the real records live."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent
REALDATA = REPO.parent / "shared" / "realdata"

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large],
)
# a long property run for `pytest -m slow` or HYPOTHESIS_PROFILE=long
settings.register_profile("long", parent=settings.get_profile("default"), max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
