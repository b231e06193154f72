"""dust1947.gymnasium: the single-agent environment passes Gymnasium's check_env."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from dust1947.gymnasium import DustTacticsEnv  # noqa: E402


def test_check_env():
    check_env(DustTacticsEnv(opponent="random"), skip_render_check=True)


def test_episode_against_greedy():
    env = DustTacticsEnv(opponent="greedy", agent=1)
    obs, _ = env.reset(seed=4)
    done, reward = False, 0.0
    while not done:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, term, trunc, info = env.step(action)
        done = term or trunc
        assert "illegal_action" not in info
    assert reward in (-1.0, 0.0, 1.0)


def test_illegal_action_ends_the_episode():
    env = DustTacticsEnv()
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(illegal)
    assert term and reward == -1.0 and info["illegal_action"]


def test_strategy_check_env():
    from dust1947.gymnasium import DustStrategyEnv

    check_env(DustStrategyEnv(players=3, opponent="random", agent=1), skip_render_check=True)


def test_strategy_episode_against_the_heuristic_player():
    from dust1947.gymnasium import DustStrategyEnv

    env = DustStrategyEnv(players=2, round_limit=6, opponent="greedy", agent=1)
    obs, _ = env.reset(seed=3)
    assert env.state.current_player() == 1
    done, reward, steps = False, 0.0, 0
    while not done:
        assert obs["action_mask"].any() and env.action_masks().any()
        # the observation is the agent's own view
        assert np.array_equal(obs["observation"], env.state.observation_tensor(1))
        obs, reward, term, trunc, info = env.step(env.action_space.sample(obs["action_mask"]))
        done = term or trunc
        steps += 1
        assert "illegal_action" not in info
    assert term and env.state.is_terminal()
    assert reward == env.state.returns()[1] and reward in (-1.0, 0.0, 1.0)
    # the same seed, the same opponent decisions and chance outcomes: the same first view
    again, _ = env.reset(seed=3)
    first, _ = DustStrategyEnv(players=2, round_limit=6, opponent="greedy", agent=1).reset(seed=3)
    assert np.array_equal(again["observation"], first["observation"])


def test_strategy_illegal_action_ends_the_episode():
    from dust1947.gymnasium import DustStrategyEnv

    env = DustStrategyEnv(players=2)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(illegal)
    assert term and reward == -1.0 and info["illegal_action"]
