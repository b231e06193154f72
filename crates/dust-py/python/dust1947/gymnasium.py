"""Dust Tactics and the Dust strategy game as single-agent Gymnasium environments against
built-in AI players (docs/python.md, "OpenSpiel, PettingZoo, Gymnasium").

    import gymnasium, dust1947.gymnasium
    env = dust1947.gymnasium.DustTacticsEnv(scenario="annihilation", opponent="greedy")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(obs["action_mask"])

The agent plays side A (`agent=0`) or B (`agent=1`); the opponent is a dust-ai player
("random", "greedy", or a `sim` spec such as "mcts:100"). Reward: +1 win, -1 loss, 0 draw, at
the end. An illegal action ends the episode with reward -1 (`info["illegal_action"]`): use
`obs["action_mask"]`. Needs `gymnasium`.

The strategy game: ``DustStrategyEnv(players=2, opponent="heuristic", agent=0)``: the agent
plays seat `agent`, the built-in strategy players ("random", "greedy" = "heuristic", "search",
"mcts:N") the other seats; the observation is the agent's own view (docs/python.md, "Strategy
observation"). Reward at the end: the agent's return (+1 won; a loser gets minus the winners'
share, -1 with two players; 0 when nobody won by the round limit).
"""

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import _native

_OBS_HIGH = 100.0

# The strategy observation's values are shares and counts / 10 (docs/python.md); 1000 bounds a
# count of 10,000 units, far above what the map holds.
_STRATEGY_OBS_HIGH = 1000.0


class _OneSeatEnv(gym.Env):
    """One seat of a native game against built-in players of the others: what the tactics and
    the strategy environments share (observation and mask, the opponents' moves and the dice,
    reset, step, render)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, opponent, agent, render_mode, max_steps, obs_high):
        self.game = game
        self.opponent = opponent
        self.agent = agent
        self.render_mode = render_mode
        self.max_steps = max_steps
        n = game.num_distinct_actions()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, obs_high, game.observation_tensor_shape(), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.state = None

    def _obs(self):
        obs, mask = self.state.observe(self.agent)
        return {"observation": obs, "action_mask": mask}

    def action_masks(self):
        """The legal actions as booleans (for maskable policies)."""
        return self.state.legal_actions_mask(self.agent).astype(bool)

    def _advance(self):
        state = self.state
        while not state.is_terminal() and state.current_player() != self.agent:
            if state.is_chance_node():
                # The outcome at a uniform number of the environment's generator, from the
                # exact distribution.
                state.apply_chance_uniform(self.np_random.random())
            else:
                seed = int(self.np_random.integers(0, 2**63 - 1))
                state.apply_action(state.ai_action(self.opponent, seed))

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


class DustTacticsEnv(_OneSeatEnv):
    """Dust Tactics for one side against a built-in AI player of the other."""

    def __init__(self, scenario="annihilation", edition=None, opponent="random", agent=0,
                 render_mode=None, max_steps=20000):
        game = _native.load_game("tactics", scenario=scenario, edition=edition)
        super().__init__(game, opponent, agent, render_mode, max_steps, _OBS_HIGH)


class DustStrategyEnv(_OneSeatEnv):
    """The strategy game for one seat against built-in players of the other seats."""

    def __init__(self, players=2, round_limit=40, opponent="heuristic", agent=0, render_mode=None,
                 max_steps=20000):
        game = _native.load_game("strategy", players=players, round_limit=round_limit)
        if not 0 <= agent < players:
            raise ValueError(f"agent {agent}: the seats are 0 to {players - 1}")
        # "greedy" is the heuristic player (StrategyVecGames reads it the same way).
        super().__init__(game, "heuristic" if opponent == "greedy" else opponent, agent, render_mode,
                         max_steps, _STRATEGY_OBS_HIGH)
