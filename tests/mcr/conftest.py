"""Shared fixtures for the MCR tests: where the real records are (``../shared/realdata/mcr``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REALDATA = Path(__file__).resolve().parents[3] / "shared" / "realdata" / "mcr"


def load_json(name: str):
    path = REALDATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared absent)")
    return json.loads(path.read_text(encoding="utf-8"))


def realdata_json(name: str):
    """The records as a list for parametrizing, [] when ../shared is absent (the tests then skip)."""
    path = REALDATA / name
    if not path.exists():
        return []
    return json.loads(path.read_text(encoding="utf-8"))
