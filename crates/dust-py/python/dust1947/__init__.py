"""Dust 1947: Dust Tactics and the Dust strategy game as reinforcement-learning environments
(docs/python.md).

The OpenSpiel shape::

    import dust1947
    game = dust1947.load_game("tactics", scenario="annihilation", edition="revised")
    # or: dust1947.load_game("strategy", players=4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(np.random.choice(outcomes, p=probs)))
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

Batched stepping against a built-in opponent: ``dust1947.VecGames(n, scenario=..., seed=...)``.
Matches of built-in players, game by game as ``dust1947 sim`` plays them:
``dust1947.SelfPlay`` and ``dust1947.distributed`` (on Ray or locally).
"""

from ._native import (
    ACTION_ENCODING_VERSION,
    OBSERVATION_VERSION,
    STRATEGY_ACTION_ENCODING_VERSION,
    STRATEGY_OBSERVATION_VERSION,
    SelfPlay,
    StrategyGame,
    StrategyState,
    TacticsGame,
    TacticsState,
    VecGames,
    deserialize_state,
    load_game,
    scenarios,
    summarize,
)

__all__ = [
    "ACTION_ENCODING_VERSION",
    "OBSERVATION_VERSION",
    "STRATEGY_ACTION_ENCODING_VERSION",
    "STRATEGY_OBSERVATION_VERSION",
    "SelfPlay",
    "StrategyGame",
    "StrategyState",
    "TacticsGame",
    "TacticsState",
    "VecGames",
    "deserialize_state",
    "load_game",
    "scenarios",
    "summarize",
]
