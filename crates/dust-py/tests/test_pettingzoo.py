"""dust1947.pettingzoo: the AEC environment passes PettingZoo's API and seed tests."""

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from dust1947.pettingzoo import env  # noqa: E402


def test_api_test():
    api_test(env(), num_cycles=300, verbose_progress=False)


def test_seed_test():
    seed_test(lambda: env(), num_cycles=50)


def test_plays_to_the_end():
    e = env()
    e.reset(seed=3)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(max_iter=50000):
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
    assert not e.agents
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_strategy_api_test():
    from dust1947.pettingzoo import strategy_env

    api_test(strategy_env(players=4), num_cycles=300, verbose_progress=False)


def test_strategy_seed_test():
    from dust1947.pettingzoo import strategy_env

    seed_test(lambda: strategy_env(players=3), num_cycles=50)


def test_strategy_plays_to_the_end():
    from dust1947.pettingzoo import strategy_env

    e = strategy_env(players=3, round_limit=10)
    e.reset(seed=5)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(max_iter=200000):
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
    assert not e.agents
    assert abs(sum(total.values())) < 1e-9
