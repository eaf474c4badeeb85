"""Writes :data:`scorer.arrangements.SEED_FILE`, the seeded per-suit tables shipped as package data.

``python -m scorer.arrangements_seed [PATH]`` computes, in this fresh process, exactly what a process seeds when it
has no file (:func:`scorer.arrangements._compute_seed`: the whole per-suit table, the common suit entries and suit
waits) and stores it with pickle (protocol 5; plain dicts, lists, tuples and ints only, shared objects kept
shared). Rebuild it whenever the table, a :data:`~scorer.arrangements.SuitEntry` or a
:data:`~scorer.arrangements.SuitWaits` changes: ``tests/test_arrangements_seed.py`` fails until the file equals what
the code computes.
"""

from __future__ import annotations

import pickle
import sys

from scorer import arrangements as A


def computed_state() -> dict:
    """The seeded tables computed from the code, in a process that has made no suit entry yet."""
    if A._seeded or len(A._entries) or len(A._suit_waits) > 1:
        raise RuntimeError("the seed must be computed in a fresh process (suit entries were made already)")
    A._seeded.append(True)
    A._compute_seed()
    return A.seed_state()


def interned(value, memo: dict | None = None):
    """``value`` with every equal tuple in it made one object (bottom up), so that the file holds, and a load
    makes, each once (about a quarter fewer tuples: the same kinds tuples recur across patterns)."""
    if memo is None:
        memo = {}
    if value.__class__ is tuple:
        value = tuple([interned(x, memo) for x in value])
        try:
            return memo.setdefault(value, value)
        except TypeError:   # (a tuple holding lists: the parts by kind of suit)
            return value
    if value.__class__ is list:
        return [interned(x, memo) for x in value]
    if value.__class__ is dict:
        return {interned(k, memo): interned(v, memo) for k, v in value.items()}
    return value


def write(path: str = A.SEED_FILE) -> None:
    data = pickle.dumps(interned(computed_state()), protocol=5)
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else A.SEED_FILE)
