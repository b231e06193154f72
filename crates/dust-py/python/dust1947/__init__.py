"""Dust 1947: Dust Tactics as reinforcement-learning environments (docs/python.md).

The OpenSpiel shape::

    import dust1947
    game = dust1947.load_game("tactics", scenario="annihilation", edition="revised")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(np.random.choice(outcomes, p=probs)))
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

Batched stepping against a built-in opponent: ``dust1947.VecGames(n, scenario=..., seed=...)``.
"""

from ._native import (
    ACTION_ENCODING_VERSION,
    OBSERVATION_VERSION,
    TacticsGame,
    TacticsState,
    VecGames,
    deserialize_state,
    load_game,
    scenarios,
)

__all__ = [
    "ACTION_ENCODING_VERSION",
    "OBSERVATION_VERSION",
    "TacticsGame",
    "TacticsState",
    "VecGames",
    "deserialize_state",
    "load_game",
    "scenarios",
]
