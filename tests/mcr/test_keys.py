"""The evaluator's keyed fan caches are only a speed-up: each key (hand flags, tiles, notable pungs, other set
fields; see ``scorer.mcr.evaluate``) stands for one set of fans, whatever hand it was worked out from.

Every hand is scored with the caches emptied first, so that every key is worked out from that hand; a key seen
again must give the same fans."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings

import scorer
from scorer.errors import MjscoreError
from scorer.mcr import evaluate as evaluate_fn
from tests.mcr.strategies import (honors_knitted_hands, knitted_straight_hands, nine_gates_hands, seven_pairs_hands,
                                  standard_hands, winning_hands)

E = __import__("scorer.mcr.evaluate", fromlist=["_part_fans"])
_CACHES = {id(E._PLAY_FANS): "play", id(E._HOLDING_FANS): "holding", id(E._TILE_FANS): "tiles",
           id(E._PUNG_FANS): "pungs", id(E._SET_FANS): "sets"}
_SEEN: dict[tuple[str, int], tuple] = {}
_FIXTURE = Path(__file__).with_name("to_dict_9e9e6d6.jsonl")


def _score_recording(hand) -> int:
    """Score with empty caches; check each key worked out against what it gave before. -> keys worked out."""
    real = E._part_fans
    worked = []

    def recording(cache, key, checks, *reading):
        found = real(cache, key, checks, *reading)
        pairs = tuple(sorted(found[0].items()))
        assert found[1] == sum(1 << fid for fid, _ in pairs)  # the part's mask is its fans'
        worked.append(((_CACHES[id(cache)], key), pairs))
        return found

    for cache in (E._PLAY_FANS, E._HOLDING_FANS, E._TILE_FANS, E._PUNG_FANS, E._SET_FANS, E._HAND_FANS):
        cache.clear()
    E._part_fans = recording
    try:
        evaluate_fn(hand)
    finally:
        E._part_fans = real
    for what, fans in worked:
        assert _SEEN.setdefault(what, fans) == fans, (what, fans, _SEEN[what])
    return len(worked)


_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=False)


@settings(max_examples=400, **_SETTINGS)
@given(winning_hands())
def test_a_key_stands_for_one_set_of_fans(hand):
    _score_recording(hand)


@settings(max_examples=60, **_SETTINGS)
@given(standard_hands() | seven_pairs_hands() | honors_knitted_hands() | knitted_straight_hands()
       | nine_gates_hands())
def test_a_key_stands_for_one_set_of_fans_every_form(hand):
    _score_recording(hand)


def _fixture_hands():
    """The to_dict fixture's inputs that parse (rulebook-like hands, generated hands and their variants)."""
    for line in _FIXTURE.read_text(encoding="utf-8").splitlines():
        text = json.loads(line)["input"]
        if text.startswith("13 tiles: "):
            continue
        try:
            yield scorer.parse(text, rules="mcr")
        except MjscoreError:
            continue


def test_a_key_stands_for_one_set_of_fans_fixture_hands():
    """The to_dict fixture's inputs (rulebook-like hands, generated hands and their variants)."""
    worked = 0
    for hand in _fixture_hands():
        try:
            worked += _score_recording(hand)
        except MjscoreError:
            pass
    assert worked > 1000


# ---- the parts worked out from their keys alone -------------------------------------------------------------------
_DECODERS = {"_play_context": ("concealment", "win"), "_holding_context": ("suits", "hog", "special"),
             "_pungs_context": ("pungs",), "_sets_context": ("chows", "traits", "waits")}


def _check_decoded_fields(hand) -> int:
    """Score with empty caches; each part worked out from its key alone gets the field that opens each of its groups,
    and the fields an open group reads, as the hand's own full context of the reading being scored has them. ->
    parts compared."""
    from scorer.mcr import fans as F
    groups = {g.name: g for g in F.CHECK_GROUPS}
    scoring = []  # the reading being scored: _full_context's arguments
    compared = [0]
    real_table = E._arrangement_table

    def table(info, form_keys, chows, pungs, n_pungs, facts, cp, mk, ck, pair, waits_flags=0, traits=0):
        scoring.append((info, form_keys[4], chows, pungs, (n_pungs, facts, cp, mk, ck), pair, waits_flags, traits))
        try:
            return real_table(info, form_keys, chows, pungs, n_pungs, facts, cp, mk, ck, pair, waits_flags, traits)
        finally:
            scoring.pop()

    def decoding(name, real):
        def decoder(key):
            ctx = real(key)
            full = E._full_context(*scoring[-1])
            for g in _DECODERS[name]:
                opens = groups[g].opens
                if opens:  # a group whose opening field is false applies no fan, whatever its other fields
                    assert bool(getattr(ctx, opens)) == bool(getattr(full, opens)), (name, key, opens)
                    if not getattr(full, opens):
                        continue
                for field in groups[g].reads:
                    assert getattr(ctx, field) == getattr(full, field), (name, key, field)
            compared[0] += 1
            return ctx
        return decoder

    reals = {name: getattr(E, name) for name in _DECODERS}
    for cache in (E._PLAY_FANS, E._HOLDING_FANS, E._TILE_FANS, E._PUNG_FANS, E._SET_FANS, E._HAND_FANS):
        cache.clear()
    E._arrangement_table = table
    for name, real in reals.items():
        setattr(E, name, decoding(name, real))
    try:
        evaluate_fn(hand)
    finally:
        E._arrangement_table = real_table
        for name, real in reals.items():
            setattr(E, name, real)
    return compared[0]


@settings(max_examples=300, **_SETTINGS)
@given(winning_hands() | standard_hands() | seven_pairs_hands() | honors_knitted_hands() | knitted_straight_hands())
def test_a_part_worked_out_from_its_key_reads_the_hands_fields(hand):
    _check_decoded_fields(hand)


def test_a_part_worked_out_from_its_key_reads_the_hands_fields_fixture_hands():
    """The to_dict fixture's inputs: every part of every form is met."""
    compared = 0
    for hand in _fixture_hands():
        try:
            compared += _check_decoded_fields(hand)
        except MjscoreError:
            pass
    assert compared > 1000
