//! The Python bindings of the strategy game: thin wrappers over [`crate::strategy`] and the
//! AI players of dust-strategy.

use crate::py::{Dice, Observed};
use crate::strategy::{
    self, StrategyGame, StrategyState, CHANCE, MAX_CHANCE_OUTCOMES, STRATEGY_ACTION_ENCODING_VERSION, STRATEGY_OBSERVATION_VERSION,
};
use dust_strategy::ai::AiKind;
use dust_strategy::game::{Pending, PlayerId};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

fn err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game of the Dust strategy game: 2 to 6 players (`load_game("strategy", players=N)`).
#[pyclass(name = "StrategyGame", module = "dust1947", frozen)]
pub struct PyStrategyGame {
    pub(crate) game: Arc<StrategyGame>,
}

impl PyStrategyGame {
    /// A game of `players` players ending after `round_limit` rounds at the latest.
    pub fn load(players: u8, round_limit: u16) -> PyResult<PyStrategyGame> {
        Ok(PyStrategyGame {
            game: Arc::new(StrategyGame::new(players, round_limit).map_err(err)?),
        })
    }
}

#[pymethods]
impl PyStrategyGame {
    /// The state before the deal (a chance node).
    fn new_initial_state(&self) -> PyStrategyState {
        PyStrategyState {
            game: self.game.clone(),
            state: self.game.new_initial_state(),
        }
    }
    /// The number of player action ids (fixed for the map and deck: docs/python.md).
    fn num_distinct_actions(&self) -> usize {
        self.game.encoding.num_actions()
    }
    fn num_players(&self) -> usize {
        self.game.players()
    }
    /// The most outcomes of a chance node (a card id, or the hits of a roll).
    fn max_chance_outcomes(&self) -> usize {
        MAX_CHANCE_OUTCOMES
    }
    /// The round limit.
    fn round_limit(&self) -> u16 {
        self.game.config.round_limit
    }
    /// The shape of `observation_tensor`: (length,).
    fn observation_tensor_shape(&self) -> (usize,) {
        (self.game.observation_len(),)
    }
    /// The parts of the observation vector: (name, first index, length).
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        self.game.observation_layout()
    }
    /// The blocks of the action encoding: (name, first id, count).
    fn action_layout(&self) -> Vec<(&'static str, usize, usize)> {
        self.game.encoding.layout()
    }
    /// The returns' range: (min, max) (a lone loser against n-1 winners gets -(n-1)).
    fn utility_range(&self) -> (f64, f64) {
        (-(self.game.players() as f64 - 1.0), 1.0)
    }
    fn __repr__(&self) -> String {
        format!(
            "dust1947.load_game('strategy', players={}, round_limit={})",
            self.game.config.players, self.game.config.round_limit
        )
    }
}

/// A state of a strategy game (OpenSpiel's shape; docs/python.md, "The strategy game").
#[pyclass(name = "StrategyState", module = "dust1947")]
#[derive(Clone)]
pub struct PyStrategyState {
    game: Arc<StrategyGame>,
    state: StrategyState,
}

impl PyStrategyState {
    /// A state read from its text.
    pub fn deserialize(text: &str) -> PyResult<PyStrategyState> {
        let (game, state) = strategy::deserialize(text).map_err(err)?;
        Ok(PyStrategyState {
            game: Arc::new(game),
            state,
        })
    }

    fn check_player(&self, p: usize) -> PyResult<()> {
        if p < self.game.players() {
            Ok(())
        } else {
            Err(err(format!("player {p}: the players are 0 to {}", self.game.players() - 1)))
        }
    }
}

impl PyStrategyState {
    fn roll_with(&mut self, dice: &mut dust_core::GameRng) -> PyResult<i32> {
        while self.state.current_player() == CHANCE {
            let o = crate::py::pick_outcome(&self.state.chance_outcomes(), dice.unit())
                .ok_or_else(|| err("a chance event without outcomes"))?;
            self.state.apply_action(&self.game.encoding, o).map_err(err)?;
        }
        Ok(self.state.current_player())
    }
}

#[pymethods]
impl PyStrategyState {
    /// The seat to decide (0-based), -1 at a chance node, -4 when the game is over.
    fn current_player(&self) -> i32 {
        self.state.current_player()
    }
    fn is_chance_node(&self) -> bool {
        self.state.current_player() == CHANCE
    }
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }
    /// The legal action ids, ascending (at a chance node, the outcomes); empty for a player
    /// who does not decide now.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i32>) -> Vec<usize> {
        match player {
            Some(p) if p != self.state.current_player() => Vec::new(),
            _ => self.state.legal_actions(&self.game.encoding),
        }
    }
    /// 0/1 per action id (numpy uint8).
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask<'py>(&self, py: Python<'py>, player: Option<i32>) -> Bound<'py, PyArray1<u8>> {
        let mut m = vec![0u8; self.game.encoding.num_actions()];
        if !self.is_chance_node() {
            for a in self.legal_actions(player) {
                m[a] = 1;
            }
        }
        PyArray1::from_vec(py, m)
    }
    /// (outcome, probability) of the pending chance event: the engine's exact distribution.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.state.chance_outcomes()
    }
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        self.state.apply_action(&self.game.encoding, action).map_err(err)
    }
    /// Resolves the pending chance node with the outcome at `u` (0 <= u < 1) of the exact
    /// distribution's cumulative probabilities, and returns it.
    fn apply_chance_uniform(&mut self, u: f64) -> PyResult<usize> {
        let o = crate::py::pick_outcome(&self.state.chance_outcomes(), u).ok_or_else(|| err("no chance node is pending"))?;
        self.state.apply_action(&self.game.encoding, o).map_err(err)?;
        Ok(o)
    }
    /// The returns: +1 for each winner, the losers share the opposite (zero-sum); zeros before
    /// the end or when nobody won.
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }
    fn rewards(&self) -> Vec<f64> {
        self.state.returns()
    }
    /// What `player` sees now as numbers (numpy float32; `observation_layout`): the public
    /// state and his own cards, never another player's.
    #[pyo3(signature = (player = 0))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_player(player)?;
        let mut v = vec![0f32; self.game.observation_len()];
        self.state.write_observation(&self.game, player, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }
    /// `player`'s observation and legal actions in one call, for the environments:
    /// (`observation_tensor(player)`, `legal_actions_mask(player)` as int8).
    #[pyo3(signature = (player = 0))]
    fn observe<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Observed<'py, PyArray1<f32>>> {
        let obs = self.observation_tensor(py, player)?;
        let mut m = vec![0i8; self.game.encoding.num_actions()];
        if self.state.current_player() == player as i32 {
            for a in self.state.legal_actions(&self.game.encoding) {
                m[a] = 1;
            }
        }
        Ok((obs, PyArray1::from_vec(py, m)))
    }
    /// Applies a decision (checked as `apply_action` checks it), then resolves every chance
    /// event that follows with `dice` (the outcome at a uniform number of the exact
    /// distribution, as `apply_chance_uniform`); returns `current_player()`.
    fn apply_and_roll(&mut self, action: usize, mut dice: PyRefMut<'_, Dice>) -> PyResult<i32> {
        self.state.apply_action(&self.game.encoding, action).map_err(err)?;
        self.roll_with(&mut dice.0)
    }
    /// Resolves the chance events from here with `dice`; returns `current_player()`.
    fn roll(&mut self, mut dice: PyRefMut<'_, Dice>) -> PyResult<i32> {
        self.roll_with(&mut dice.0)
    }
    /// What `player` knows: the history as he saw it (other players' face-down cards and
    /// drawn cards not named), then his hand.
    #[pyo3(signature = (player = 0))]
    fn information_state_string(&self, player: usize) -> PyResult<String> {
        self.check_player(player)?;
        Ok(self.state.information_state_string(player))
    }
    /// What `player` sees now, in words (no history).
    #[pyo3(signature = (player = 0))]
    fn observation_string(&self, player: usize) -> PyResult<String> {
        self.check_player(player)?;
        Ok(self.state.observation_string(player))
    }
    /// A decision text (docs/strategy.md), or a chance outcome's words. With two arguments,
    /// OpenSpiel's `action_to_string(player, action)`.
    #[pyo3(signature = (a, b = None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        let (player, action) = match b {
            Some(b) => (i32::try_from(a).map_err(err)?, b),
            None => (self.state.current_player(), a),
        };
        Ok(self
            .state
            .action_to_string(&self.game.encoding, player, usize::try_from(action).map_err(err)?))
    }
    /// The action id of a decision text.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        let d: dust_strategy::game::Decision = text.parse().map_err(err)?;
        self.game
            .encoding
            .encode(d)
            .ok_or_else(|| err(format!("`{d}` has no action id in this game")))
    }
    /// A player's own hand (card ids): for that player's eyes.
    fn hand(&self, player: usize) -> PyResult<Vec<u16>> {
        self.check_player(player)?;
        Ok(self
            .state
            .game
            .hand(PlayerId(player as u8))
            .iter()
            .map(|c| u16::from(c.0))
            .collect())
    }
    /// Victory points of every player (public).
    fn victory_points(&self) -> Vec<u32> {
        (0..self.game.players())
            .map(|i| self.state.game.player(PlayerId(i as u8)).vp())
            .collect()
    }
    /// The round (0 during setup) and the round limit.
    fn round(&self) -> (u16, u16) {
        (self.state.game.round(), self.game.config.round_limit)
    }
    /// The decision a built-in player ("random", "heuristic", "search", "mcts:N") takes here,
    /// as an action id; the player is made anew with `seed`. It sees what the deciding player
    /// sees (its search deals the unseen cards again at random).
    #[pyo3(signature = (player = "heuristic", seed = 0))]
    fn ai_action(&self, py: Python<'_>, player: &str, seed: u64) -> PyResult<usize> {
        let Pending::Decision(me) = self.state.game.pending() else {
            return Err(err("no decision is pending"));
        };
        let kind = AiKind::parse(player).ok_or_else(|| {
            err(format!(
                "unknown strategy player `{player}`: random, heuristic, search, mcts, mcts:N (iterations) or mcts:Nms"
            ))
        })?;
        let game = &self.state.game;
        let d = py.detach(|| dust_strategy::ai::make(kind, seed).choose(game, me));
        self.game
            .encoding
            .encode(d)
            .ok_or_else(|| err(format!("`{d}` has no action id: please report it")))
    }
    /// The engine's state hash.
    fn state_hash(&self) -> u64 {
        self.state.game.state_hash()
    }
    /// The state as text (every step and the hash); `dust1947.deserialize_state` reads it.
    fn serialize(&self) -> String {
        self.state.serialize()
    }
    /// Steps so far (decisions and chance outcomes).
    fn history_len(&self) -> usize {
        self.state.history_len()
    }
    fn clone(&self) -> PyStrategyState {
        Clone::clone(self)
    }
    fn __copy__(&self) -> PyStrategyState {
        Clone::clone(self)
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyStrategyState {
        Clone::clone(self)
    }
    fn get_game(&self) -> PyStrategyGame {
        PyStrategyGame { game: self.game.clone() }
    }
    fn __str__(&self) -> String {
        self.state.observation_string(0.max(self.state.current_player()) as usize)
    }
}

/// Adds the strategy game's classes and constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("STRATEGY_ACTION_ENCODING_VERSION", STRATEGY_ACTION_ENCODING_VERSION)?;
    m.add("STRATEGY_OBSERVATION_VERSION", STRATEGY_OBSERVATION_VERSION)?;
    m.add_class::<PyStrategyGame>()?;
    m.add_class::<PyStrategyState>()?;
    Ok(())
}
