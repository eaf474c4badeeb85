"""The modules an install compiles with Cython, and the import guard that keeps a stale or unwanted build out.

The sources stay plain Python, the only source of the scoring: ``setup.py`` hands these modules to Cython, which
compiles them unchanged (no type declarations; ``annotation_typing`` and ``infer_types`` off, so every variable is a
Python object), and ``pip install`` puts each extension beside its ``.py``. One difference from Python remains, and
the code in these modules keeps clear of it: ``len(x)`` is a C integer, so an expression that shifts by it or
with it (``1 << len(x)``) is a C shift that wraps past 31 bits; assign ``n = len(x)`` first (a Python int).
``tests/test_compiled.py`` holds the build and the sources equal: every module constant and every scored row.
Python's import system prefers the extension. Where no compiler is available the build skips the module and the
``.py`` is imported as usual.

:func:`install` (called first thing by :mod:`scorer`, before any of these modules is imported) adds a finder that
imports the ``.py`` instead of the extension when

- ``MJSCORE_PURE=1`` is set (to compare, debug or profile the Python code), or
- the ``.py`` was changed after the extension was built (an edit or a checkout without a rebuild): the build
  would run old code, so the source runs instead and one warning says to rebuild with ``pip install -e .``.

Only the standard library is imported here: ``setup.py`` reads :data:`COMPILED` with ``runpy``.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings

#: the hot path of scoring a line (the notation, the values, the hand-analysis core and both evaluators) and of
#: playing a deal
COMPILED: tuple[str, ...] = (
    "grammar.hand",
    "scorer.tiles",
    "scorer.kinds",
    "scorer.melds",
    "scorer.hand",
    "scorer.arrangements",
    "scorer.shanten",
    "scorer.analysis",
    "scorer.riichi.evaluate",
    "scorer.riichi.yaku",
    "scorer.riichi.fu",
    "scorer.riichi.points",
    "scorer.mcr.evaluate",
    "scorer.mcr.fans",
    "scorer.mcr.combinations",
    "scorer.mcr.exclusions",
    "scorer.mcr.points",
    "scorer.mcr.parts",
    # the game engine, its tables and its AIs: what `mjscore play`, a match and a replay spend their time in
    "scorer.game.actions",
    "scorer.game.engine",
    "scorer.game.events",
    "scorer.game.mcr",
    "scorer.game.state",
    "scorer.game.wall",
    "scorer.game.rules.base",
    "scorer.game.rules.riichi",
    "scorer.game.rules.mcr",
    "scorer.game.rules.tenhou",
    "scorer.game.ai.defense",
    "scorer.game.ai.efficiency",
    "scorer.game.ai.mcr",
    "scorer.game.ai.player",
    "scorer.game.ai.strong",
    "scorer.game.ai.value",
)

#: an extension older than its source by more than this (seconds) is stale; the margin covers an install that
#: writes the two files a moment apart
STALE_MARGIN = 2.0

_COMPILED = frozenset(COMPILED)
_EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def pure_requested() -> bool:
    """Whether ``MJSCORE_PURE`` asks for the Python sources (any value but empty or ``0``)."""
    return os.environ.get("MJSCORE_PURE", "") not in ("", "0")


def source_of(extension: str) -> str:
    """The ``.py`` beside a compiled module's extension file."""
    folder, name = os.path.split(extension)
    return os.path.join(folder, name.split(".", 1)[0] + ".py")


def is_stale(extension: str, source: str) -> bool:
    """Whether ``source`` changed after ``extension`` was built (a missing source is never stale)."""
    try:
        return os.stat(source).st_mtime > os.stat(extension).st_mtime + STALE_MARGIN
    except OSError:
        return False


class _SourceOverBuild:
    """A ``sys.meta_path`` finder for :data:`COMPILED`: the ``.py`` when asked for or when the build is stale."""

    def __init__(self, pure: bool, names: frozenset[str] = _COMPILED) -> None:
        self.pure = pure
        self.names = names
        self.warned = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        origin = spec.origin if spec is not None else None
        if not origin or not origin.endswith(_EXTENSION_SUFFIXES):
            return spec  # no build: the source as usual
        source = source_of(origin)
        if not os.path.exists(source):
            return spec
        if not self.pure:
            if not is_stale(origin, source):
                return spec
            if not self.warned:
                self.warned = True
                warnings.warn(f"{source} changed after it was compiled: running the Python source (slower); "
                              "rebuild with `pip install -e .` (or set MJSCORE_PURE=1 to silence this)",
                              RuntimeWarning)
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> None:
    """Put the guard first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _SourceOverBuild) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOverBuild(pure_requested()))


def compiled_modules() -> list[str]:
    """The names in :data:`COMPILED` that this process runs from a compiled extension (imports them)."""
    import importlib

    return [name for name in COMPILED
            if (getattr(importlib.import_module(name), "__file__", None) or "").endswith(_EXTENSION_SUFFIXES)]
