"""The table: presets, wall, state, table rules, legal actions, events, the engine and its AIs.

A deal is a stream of events (:mod:`scorer.game.events`); :class:`~scorer.game.state.GameState` is plain data
that changes only by ``apply(event)``, which its table's rules object applies. The rules object (riichi, tenhou,
mcr: :mod:`scorer.game.rules`, found by the table preset) also lists what a seat may do
(:func:`~scorer.game.actions.legal_actions` asks it) and validates every choice; the engine
(:mod:`scorer.game.engine`) validates each action against that list, and :func:`scorer.game.engine.replay`
validates every event of a log. Nothing here prints.
"""
