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

Batched stepping against a built-in opponent: ``dust1947.VecGames(n, scenario=..., seed=...)``
(the strategy game: ``dust1947.VecGames(n, game="strategy", players=4, ...)``).
Matches of built-in players, game by game as ``dust1947 sim`` plays them:
``dust1947.SelfPlay`` and ``dust1947.distributed`` (on Ray or locally).
"""

from ._native import (
    ACTION_ENCODING_VERSION,
    Dice,
    OBSERVATION_VERSION,
    STRATEGY_ACTION_ENCODING_VERSION,
    STRATEGY_OBSERVATION_VERSION,
    SelfPlay,
    StrategyGame,
    StrategyState,
    StrategyVecGames,
    TacticsGame,
    TacticsState,
    TacticsVecGames,
    deserialize_state,
    load_game,
    scenarios,
    summarize,
)

__all__ = [
    "ACTION_ENCODING_VERSION",
    "Dice",
    "OBSERVATION_VERSION",
    "STRATEGY_ACTION_ENCODING_VERSION",
    "STRATEGY_OBSERVATION_VERSION",
    "SelfPlay",
    "StrategyGame",
    "StrategyState",
    "StrategyVecGames",
    "TacticsGame",
    "TacticsState",
    "TacticsVecGames",
    "VecGames",
    "deserialize_state",
    "load_game",
    "scenarios",
    "summarize",
]


class VecGames:
    """``n`` games stepped per call, numpy in and out, the GIL released (docs/python.md,
    "Batched stepping: `VecGames`").

    ``VecGames(n, scenario=..., ...)`` (``game="tactics"``, the default) makes a
    ``TacticsVecGames``; ``VecGames(n, game="strategy", players=..., ...)`` a
    ``StrategyVecGames``. The other arguments are those classes' own."""

    def __new__(cls, n, *args, game="tactics", **kwargs):
        if game == "tactics":
            return TacticsVecGames(n, *args, **kwargs)
        if game == "strategy":
            return StrategyVecGames(n, *args, **kwargs)
        raise ValueError(f'unknown game `{game}`: the games are "tactics" and "strategy"')
