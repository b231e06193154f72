"""Dust Tactics as a single-agent Gymnasium environment against a built-in AI
(docs/python.md, "Gymnasium").

    import gymnasium, dust1947.gymnasium
    env = dust1947.gymnasium.DustTacticsEnv(scenario="annihilation", opponent="greedy")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(obs["action_mask"])

The agent plays side A (`agent=0`) or B (`agent=1`); the opponent is a dust-ai player
("random", "greedy", or a `sim` spec such as "mcts:100"). Reward: +1 win, -1 loss, 0 draw, at
the end. An illegal action ends the episode with reward -1 (`info["illegal_action"]`): use
`obs["action_mask"]`. Needs `gymnasium`.
"""

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import _native

_OBS_HIGH = 100.0


class DustTacticsEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, scenario="annihilation", edition=None, opponent="random", agent=0,
                 render_mode=None, max_steps=20000):
        self.game = _native.load_game("tactics", scenario=scenario, edition=edition)
        self.opponent = opponent
        self.agent = agent
        self.render_mode = render_mode
        self.max_steps = max_steps
        n = self.game.num_distinct_actions()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, _OBS_HIGH, self.game.observation_tensor_shape(), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.state = None

    def _obs(self):
        mask = self.state.legal_actions_mask(self.agent).view(np.int8)
        return {"observation": self.state.observation_tensor(self.agent), "action_mask": mask}

    def action_masks(self):
        """The legal actions as booleans (for maskable policies)."""
        return self._obs()["action_mask"].astype(bool)

    def _advance(self):
        while not self.state.is_terminal() and self.state.current_player() != self.agent:
            if self.state.is_chance_node():
                # The outcome at a uniform number of the environment's generator, from the
                # exact distribution.
                self.state.apply_chance_uniform(self.np_random.random())
            else:
                seed = int(self.np_random.integers(0, 2**63 - 1))
                self.state.apply_action(self.state.ai_action(self.opponent, seed))

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.state = self.game.new_initial_state()
        self.steps = 0
        self._advance()
        return self._obs(), {}

    def step(self, action):
        action = int(action)
        if action not in self.state.legal_actions():
            return self._obs(), -1.0, True, False, {"illegal_action": True}
        self.state.apply_action(action)
        self.steps += 1
        self._advance()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.agent]) if terminated else 0.0
        truncated = not terminated and self.steps >= self.max_steps
        return self._obs(), reward, terminated, truncated, {}

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None
