"""Dust Tactics and the Dust strategy game as OpenSpiel Python games (docs/python.md,
"OpenSpiel").

    import pyspiel, dust1947.openspiel
    dust1947.openspiel.register()
    game = pyspiel.load_game("python_dust_tactics", {"scenario": "annihilation"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    game = pyspiel.load_game("python_dust_strategy", {"players": 4})

Needs the `open_spiel` package (pip install open_spiel).
"""


import numpy as np
import pyspiel

from . import _native

SHORT_NAME = "python_dust_tactics"

# Longest game OpenSpiel is told of: decisions and chance nodes of a game of 8 rounds stay far
# below it (random games on the shipped scenarios take a few hundred steps).
_MAX_GAME_LENGTH = 20000

_DEFAULTS = {"scenario": "annihilation", "edition": ""}


def _game_type():
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Dust Tactics (dust1947)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class DustTacticsGame(pyspiel.Game):
    """A Dust Tactics scenario as a pyspiel game; parameters `scenario` and `edition`."""

    def __init__(self, params=None):
        params = {**_DEFAULTS, **(params or {})}
        self.native = _native.load_game(
            "tactics", scenario=params["scenario"], edition=params["edition"] or None
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=self.native.max_chance_outcomes(),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(), info, params)

    def new_initial_state(self):
        return DustTacticsState(self, self.native.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return DustTacticsObserver(self.native.observation_tensor_shape(), params)


class DustTacticsState(pyspiel.State):
    """A pyspiel state over the native state."""

    def __init__(self, game, native):
        super().__init__(game)
        self.native = native

    def current_player(self):
        return self.native.current_player()

    def _legal_actions(self, player):
        return self.native.legal_actions()

    def chance_outcomes(self):
        return self.native.chance_outcomes()

    def _apply_action(self, action):
        self.native.apply_action(int(action))

    def _action_to_string(self, player, action):
        return self.native.action_to_string(player, action)

    def is_terminal(self):
        return self.native.is_terminal()

    def returns(self):
        return self.native.returns()

    def __deepcopy__(self, memo):
        # pyspiel clones Python states with deepcopy.
        return DustTacticsState(self.get_game(), self.native.clone())

    def __str__(self):
        return self.native.information_state_string(0)


class DustTacticsObserver:
    """The observation planes (docs/python.md) and the history as a string."""

    def __init__(self, shape, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"planes": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state.native.observation_tensor(player).reshape(-1)

    def string_from(self, state, player):
        return state.native.information_state_string(player)


STRATEGY_SHORT_NAME = "python_dust_strategy"

# Longest strategy game OpenSpiel is told of: 40 rounds of up to 6 players; random games of 2 to
# 6 players take a few hundred to a few thousand steps.
_STRATEGY_MAX_GAME_LENGTH = 200000

_STRATEGY_DEFAULTS = {"players": 2, "round_limit": 40}


def _strategy_game_type():
    return pyspiel.GameType(
        short_name=STRATEGY_SHORT_NAME,
        long_name="Dust strategy game (dust1947)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_STRATEGY_DEFAULTS),
    )


class DustStrategyGame(pyspiel.Game):
    """The strategy game as a pyspiel game; parameters `players` (2 to 6) and `round_limit`.
    Imperfect information: a player's information state and observation never show the other
    players' hands, their face-down cards or the cards to come."""

    def __init__(self, params=None):
        params = {**_STRATEGY_DEFAULTS, **(params or {})}
        self.native = _native.load_game(
            "strategy", players=int(params["players"]), round_limit=int(params["round_limit"])
        )
        lo, hi = self.native.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=self.native.max_chance_outcomes(),
            num_players=self.native.num_players(),
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0,
            max_game_length=_STRATEGY_MAX_GAME_LENGTH,
        )
        super().__init__(_strategy_game_type(), info, params)

    def new_initial_state(self):
        return DustStrategyState(self, self.native.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return DustStrategyObserver(self.native.observation_tensor_shape(), perfect_recall, params)


class DustStrategyState(DustTacticsState):
    """A pyspiel state over the native strategy state."""

    def _legal_actions(self, player):
        return self.native.legal_actions(player)

    def __deepcopy__(self, memo):
        return DustStrategyState(self.get_game(), self.native.clone())

    def __str__(self):
        return self.native.serialize()


class DustStrategyObserver:
    """One player's view: the observation vector (docs/python.md) and, as a string, the
    information state (perfect recall) or the current observation."""

    def __init__(self, shape, perfect_recall, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.native.observation_tensor(player)

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.native.information_state_string(player)
        return state.native.observation_string(player)


def register():
    """Registers `python_dust_tactics` and `python_dust_strategy` with pyspiel (once; later
    calls do nothing)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(), DustTacticsGame)
    if STRATEGY_SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_strategy_game_type(), DustStrategyGame)
