import random

import pytest


def play_random(state, rng):
    """Plays `state` to the end with uniform decisions and dice from the exact distributions."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 20000, "a game that never ends"
    return steps


@pytest.fixture
def rng():
    return random.Random(1947)
