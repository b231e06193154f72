"""dust1947.openspiel: the game registered with pyspiel and OpenSpiel's own checks."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import dust1947.openspiel  # noqa: E402


def test_random_sim_test():
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_tactics", {"scenario": "annihilation"})
    assert game.num_distinct_actions() == 18026
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_random_sim_test_battlefront():
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_tactics", {"scenario": "annihilation", "edition": "battlefront"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_observer_and_clone():
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_tactics")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    c = state.clone()
    c.apply_action(c.legal_actions()[0])
    assert str(c) != str(state)
    assert len(state.observation_tensor(0)) == 17 * 24 * 16
    assert state.information_state_string(0) == state.information_state_string(1)
