"""Dust Tactics and the Dust strategy game as PettingZoo AEC environments (docs/python.md,
"PettingZoo").

    from dust1947.pettingzoo import env
    e = env(scenario="annihilation")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

The agents are "player_0" (side A) and "player_1" (side B). Each observation is a dict with
"observation" (the planes, float32) and "action_mask" (int8 per action id). The dice are rolled
inside `step` with the environment's generator (seeded by `reset(seed=...)`), from the engine's
exact distributions. Needs `pettingzoo` and `gymnasium`.

The strategy game: ``strategy_env(players=4)``, agents "player_0" … "player_3"; each agent's
observation is its own view (the vector of docs/python.md: never another player's cards).
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _native

# Observation planes hold 0..1 except the victory points (points / 10).
_OBS_HIGH = 100.0


def env(**kwargs):
    """The tactics AEC environment (PettingZoo's usual entry point)."""
    return DustTacticsAEC(**kwargs)


def strategy_env(**kwargs):
    """The strategy game's AEC environment: ``strategy_env(players=4, round_limit=40)``."""
    return DustStrategyAEC(**kwargs)


class _DustAEC(AECEnv):
    """An AEC environment over a native game of n players (OpenSpiel's shape)."""

    def __init__(self, game, render_mode=None, max_steps=20000):
        super().__init__()
        self.game = game
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"player_{i}" for i in range(game.num_players())]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.game.num_distinct_actions()
        shape = self.game.observation_tensor_shape()
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, _OBS_HIGH, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(n)
        self._dice = None
        self.state = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def observe(self, agent):
        # One call: the planes and the int8 mask (zeros for an agent not to decide), both made
        # by the engine.
        obs, mask = self.state.observe(self._index[agent])
        return {"observation": obs, "action_mask": mask}

    def _sync(self):
        if self.state.is_terminal():
            r = self.state.returns()
            for i, a in enumerate(self.agents):
                self.rewards[a] = r[i]
                self.terminations[a] = True
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def reset(self, seed=None, options=None):
        # The environment's generator of the chance outcomes (the outcome at a uniform number,
        # from the engine's exact distribution): seeded by `seed`, else kept from the last
        # reset, else from the operating system.
        if seed is not None or self._dice is None:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
            self._dice = _native.Dice(int(seed) & (2**64 - 1))
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.state.roll(self._dice)
        self.agent_selection = self.possible_agents[max(self.state.current_player(), 0)]
        self._sync()

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        # The decision and the chance outcomes after it, in one call; the next player (or -4).
        player = self.state.apply_and_roll(int(action), self._dice)
        self.steps += 1
        if player >= 0 and self.steps < self.max_steps:
            # The common step: no reward yet (the game pays at its end), the next agent to act.
            self.agent_selection = self.possible_agents[player]
            return
        self.rewards = {a: 0.0 for a in self.agents}
        self._sync()
        if self.terminations[self.agents[0]] or self.truncations[self.agents[0]]:
            # Every agent sees the end: the next agent to step is the one after this one.
            i = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(i + 1) % len(self.possible_agents)]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        return str(self.state)

    def close(self):
        pass


class DustTacticsAEC(_DustAEC):
    metadata = {"render_modes": ["ansi"], "name": "dust_tactics_v1", "is_parallelizable": False}

    def __init__(self, scenario="annihilation", edition=None, render_mode=None, max_steps=20000):
        super().__init__(
            _native.load_game("tactics", scenario=scenario, edition=edition), render_mode, max_steps
        )


class DustStrategyAEC(_DustAEC):
    metadata = {"render_modes": ["ansi"], "name": "dust_strategy_v1", "is_parallelizable": False}

    def __init__(self, players=2, round_limit=40, render_mode=None, max_steps=200000):
        super().__init__(
            _native.load_game("strategy", players=players, round_limit=round_limit), render_mode, max_steps
        )
