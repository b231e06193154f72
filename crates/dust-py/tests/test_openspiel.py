"""dust1947.openspiel: the game registered with pyspiel and OpenSpiel's own checks."""

import random

import numpy as np

import pytest

pyspiel = pytest.importorskip("pyspiel")

import dust1947.openspiel  # noqa: E402


def test_random_sim_test():
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_tactics", {"scenario": "annihilation"})
    assert game.num_distinct_actions() == 18033
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


def test_openspiel_mcts_against_greedy_to_the_end():
    """OpenSpiel's own MCTS bot (few simulations: this checks the plumbing, not strength)
    plays side A against the built-in greedy player to the end of a game."""
    from open_spiel.python.algorithms import mcts

    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_tactics")
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                       random_state=rng, solve=False)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=np.array(probs) / sum(probs))))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(state.native.ai_action("greedy", steps))
        steps += 1
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_sim_test_strategy(players):
    """The strategy game as an imperfect-information pyspiel game of 2 to 6 players."""
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_strategy", {"players": players, "round_limit": 20})
    assert game.num_players() == players
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_strategy_observer_hides_the_other_hands():
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_strategy", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    hands = [state.native.hand(p) for p in range(3)]
    assert all(len(h) == 6 for h in hands)
    info = state.information_state_string(0)
    assert info.endswith("hand: " + " ".join(str(c) for c in hands[0]))
    assert "P2 drew a card" in info and "P1 drew" in info
    assert info != state.information_state_string(1)
    assert len(state.observation_tensor(1)) == game.observation_tensor_shape()[0]
