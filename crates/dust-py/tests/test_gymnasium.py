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
