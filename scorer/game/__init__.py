"""The table: presets, wall, state, legal actions, events, the engine and its AIs.

A deal is a stream of events (:mod:`scorer.game.events`); :class:`~scorer.game.state.GameState` changes only by
``apply(event)``; :func:`~scorer.game.actions.legal_actions` says what a seat may do and the engine
(:mod:`scorer.game.engine`) validates every choice against it. Replay a log with
:func:`scorer.game.engine.replay`. Nothing here prints.
"""
