//! The Python bindings (module `dust1947._native`, re-exported by the `dust1947` package):
//! thin wrappers over [`crate::tactics`] and the AI players of dust-ai.

use crate::tactics::{self, TacticsGame, TacticsState, ACTION_ENCODING_VERSION, CHANCE, OBSERVATION_VERSION, OBS_PLANES};
use dust_ai::{Player, PlayerSpec};
use dust_core::game::Pending;
use dust_core::{Edition, GameRng, Side};
use dust_data::record::ScenarioRef;
use numpy::{PyArray1, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

fn err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game of Dust Tactics: a scenario under an edition (`load_game("tactics", ...)`).
#[pyclass(name = "TacticsGame", module = "dust1947", frozen)]
struct PyGame {
    game: Arc<TacticsGame>,
}

#[pymethods]
impl PyGame {
    /// The state at the start of the game.
    fn new_initial_state(&self) -> PyState {
        PyState {
            game: self.game.clone(),
            state: self.game.new_initial_state(),
        }
    }
    /// The number of player action ids (fixed for the game: docs/python.md).
    fn num_distinct_actions(&self) -> usize {
        self.game.encoding.num_actions()
    }
    /// Two players: 0 is side A, 1 is side B.
    fn num_players(&self) -> usize {
        2
    }
    /// The most outcomes a chance node may have (successes 0..=dice; the engine never rolls
    /// more than 255 dice at once).
    fn max_chance_outcomes(&self) -> usize {
        256
    }
    /// The shape of `observation_tensor`: (planes, height, width).
    fn observation_tensor_shape(&self) -> (usize, usize, usize) {
        let s = self.game.new_initial_state().observation_shape();
        (s[0], s[1], s[2])
    }
    /// The names of the observation planes, in order.
    #[staticmethod]
    fn observation_planes() -> Vec<&'static str> {
        OBS_PLANES.to_vec()
    }
    /// The blocks of the action encoding: (name, first id, count).
    fn action_layout(&self) -> Vec<(&'static str, usize, usize)> {
        self.game.encoding.layout()
    }
    /// The shipped scenario's name (as `load_game` takes it), or its title for a scenario text.
    #[getter]
    fn scenario(&self) -> String {
        match &self.game.scenario {
            ScenarioRef::Builtin(n) => n.clone(),
            ScenarioRef::Embedded(_) => self.game.name.clone(),
        }
    }
    /// The edition played: "revised" or "battlefront".
    #[getter]
    fn edition(&self) -> String {
        self.game.edition.to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "dust1947.load_game('tactics', scenario='{}', edition='{}')",
            self.game.name, self.game.edition
        )
    }
}

/// A state of a Dust Tactics game (OpenSpiel's shape: docs/python.md).
#[pyclass(name = "TacticsState", module = "dust1947")]
#[derive(Clone)]
struct PyState {
    game: Arc<TacticsGame>,
    state: TacticsState,
}

#[pymethods]
impl PyState {
    /// 0 or 1 for the player to decide, -1 at a chance node, -4 when the game is over.
    fn current_player(&self) -> i32 {
        self.state.current_player()
    }
    fn is_chance_node(&self) -> bool {
        self.state.current_player() == CHANCE
    }
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }
    /// The legal action ids, ascending (at a chance node, the possible outcomes).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i32>) -> Vec<usize> {
        match player {
            Some(p) if p != self.state.current_player() => Vec::new(),
            _ => self.state.legal_actions(),
        }
    }
    /// 0/1 per action id (numpy uint8 of `num_distinct_actions`).
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
    /// (outcome, probability) of the pending roll, from the engine's exact distribution.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.state.chance_outcomes()
    }
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        self.state.apply_action(action).map_err(err)
    }
    /// Resolves the pending chance node with the outcome at `u` (0 <= u < 1) of the exact
    /// distribution's cumulative probabilities, and returns it: one call for the caller's own
    /// seeded uniform number instead of a choice among `chance_outcomes()` in Python.
    fn apply_chance_uniform(&mut self, u: f64) -> PyResult<usize> {
        let o = pick_outcome(&self.state.chance_outcomes(), u).ok_or_else(|| err("no chance node is pending"))?;
        self.state.apply_action(o).map_err(err)?;
        Ok(o)
    }
    /// +1 for the winner, -1 for the loser; 0 each for a draw or an unfinished game.
    fn returns(&self) -> Vec<f64> {
        self.state.returns().to_vec()
    }
    fn rewards(&self) -> Vec<f64> {
        if self.state.is_terminal() {
            self.returns()
        } else {
            vec![0.0; 2]
        }
    }
    /// The observation planes of `player` (numpy float32, shape (planes, height, width)).
    #[pyo3(signature = (player = 0))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Bound<'py, PyArray3<f32>>> {
        self.observation_array(py, player)
    }
    /// `player`'s observation and legal actions in one call, for the environments:
    /// (`observation_tensor(player)`, `legal_actions_mask(player)` as int8).
    #[pyo3(signature = (player = 0))]
    fn observe<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Observed<'py, PyArray3<f32>>> {
        let obs = self.observation_array(py, player)?;
        let mut m = vec![0i8; self.game.encoding.num_actions()];
        if self.state.current_player() == player as i32 {
            for a in self.state.legal_actions() {
                m[a] = 1;
            }
        }
        Ok((obs, PyArray1::from_vec(py, m)))
    }
    /// Applies a decision (checked as `apply_action` checks it), then resolves every chance node
    /// that follows with `dice` (the outcome at a uniform number of the exact distribution,
    /// as `apply_chance_uniform`); returns `current_player()`.
    fn apply_and_roll(&mut self, action: usize, mut dice: PyRefMut<'_, Dice>) -> PyResult<i32> {
        self.state.apply_action(action).map_err(err)?;
        self.roll_with(&mut dice.0)
    }
    /// Resolves the chance nodes from here with `dice`; returns `current_player()`.
    fn roll(&mut self, mut dice: PyRefMut<'_, Dice>) -> PyResult<i32> {
        self.roll_with(&mut dice.0)
    }
    /// Perfect information: every player's information state is the whole history.
    #[pyo3(signature = (player = 0))]
    fn information_state_string(&self, player: usize) -> String {
        let _ = player;
        self.state.history_string()
    }
    #[pyo3(signature = (player = 0))]
    fn observation_string(&self, player: usize) -> String {
        self.information_state_string(player)
    }
    /// A decision text (docs/record-format.md), or "k successes" at a chance node. With two
    /// arguments, OpenSpiel's `action_to_string(player, action)`.
    #[pyo3(signature = (a, b = None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        let (player, action) = match b {
            Some(b) => (i32::try_from(a).map_err(err)?, b),
            None => (self.state.current_player(), a),
        };
        Ok(self.state.action_to_string(player, usize::try_from(action).map_err(err)?))
    }
    /// The action id of a decision text, if the decision fits the encoding.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        let d: dust_core::game::Decision = text.parse().map_err(err)?;
        self.game
            .encoding
            .encode(d)
            .ok_or_else(|| err(format!("`{d}` has no action id in this game")))
    }
    /// Every decision so far, as decision texts.
    fn history_decisions(&self) -> Vec<String> {
        self.state.decisions.iter().map(ToString::to_string).collect()
    }
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }
    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }
    /// The decision a built-in player ("random", "greedy", or any `sim` player spec such as
    /// "mcts:200") takes here, as an action id; the player is made anew with `seed`.
    #[pyo3(signature = (player = "greedy", seed = 0))]
    fn ai_action(&self, py: Python<'_>, player: &str, seed: u64) -> PyResult<usize> {
        if !matches!(self.state.game.pending(), Pending::Decision { .. }) {
            return Err(err("no decision is pending"));
        }
        let spec: PlayerSpec = player.parse().map_err(|e: dust_ai::SpecError| err(e.to_string()))?;
        let game = &self.state.game;
        let d = py.detach(|| spec.build(seed).decide(game));
        self.game
            .encoding
            .encode(d)
            .ok_or_else(|| err(format!("`{d}` has no action id: please report it")))
    }
    /// The engine's state hash (equal states, equal hashes).
    fn state_hash(&self) -> u64 {
        self.state.game.state_hash()
    }
    /// The round (1 …) and the round limit.
    fn round(&self) -> (u8, u8) {
        (self.state.game.round(), self.state.game.round_limit())
    }
    /// A game record (docs/record-format.md) with the chance outcomes (`rolls`).
    fn serialize(&self) -> String {
        self.state.serialize(&self.game)
    }
    fn get_game(&self) -> PyGame {
        PyGame { game: self.game.clone() }
    }
    fn __str__(&self) -> String {
        let p = match self.state.game.pending() {
            Pending::Decision { side } => format!("side {side} to decide"),
            Pending::Chance(r) => format!("{} dice to roll", r.dice),
            Pending::GameOver { winner: Some(w) } => format!("over: side {w} won"),
            Pending::GameOver { winner: None } => "over: a draw".to_string(),
        };
        format!(
            "{} ({}), round {}/{}: {p}; {} decisions",
            self.game.name,
            self.game.edition,
            self.state.game.round(),
            self.state.game.round_limit(),
            self.state.decisions.len()
        )
    }
}

impl PyState {
    /// The observation planes of `player` as a numpy array of their shape (the vector is
    /// handed to numpy, not copied).
    fn observation_array<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Bound<'py, PyArray3<f32>>> {
        if player > 1 {
            return Err(err("player must be 0 or 1"));
        }
        let [p, h, w] = self.state.observation_shape();
        let mut v = vec![0f32; p * h * w];
        self.state.write_observation(player, &mut v);
        let a = numpy::ndarray::Array3::from_shape_vec((p, h, w), v).map_err(err)?;
        Ok(PyArray3::from_owned_array(py, a))
    }

    /// Resolves the chance nodes from here with `dice`; returns `current_player()`.
    fn roll_with(&mut self, dice: &mut GameRng) -> PyResult<i32> {
        while self.state.current_player() == CHANCE {
            let o = pick_outcome(&self.state.chance_outcomes(), dice.unit()).ok_or_else(|| err("a chance node without outcomes"))?;
            self.state.apply_action(o).map_err(err)?;
        }
        Ok(self.state.current_player())
    }
}

/// An observation and its int8 mask of legal actions (`observe`).
pub(crate) type Observed<'py, O> = (Bound<'py, O>, Bound<'py, PyArray1<i8>>);

/// A seeded generator of uniform numbers for the chance nodes of the environments
/// (`state.apply_and_roll(action, dice)`): the same seed, the same outcomes.
#[pyclass(name = "Dice", module = "dust1947")]
pub(crate) struct Dice(pub(crate) GameRng);

#[pymethods]
impl Dice {
    #[new]
    fn py_new(seed: u64) -> Dice {
        Dice(GameRng::new(seed))
    }
    /// A uniform number in [0, 1).
    fn unit(&mut self) -> f64 {
        self.0.unit()
    }
}

/// The outcome at `u` of a distribution's cumulative probabilities (the last one when rounding
/// leaves `u` beyond their sum); `None` for no outcomes.
pub(crate) fn pick_outcome(outcomes: &[(usize, f64)], u: f64) -> Option<usize> {
    let mut acc = 0.0;
    for &(o, p) in outcomes {
        acc += p;
        if u < acc {
            return Some(o);
        }
    }
    outcomes.last().map(|&(o, _)| o)
}

fn parse_edition(e: Option<&str>) -> PyResult<Option<Edition>> {
    e.map(|e| e.parse::<Edition>().map_err(err)).transpose()
}

/// Loads a game: `load_game("tactics", scenario="annihilation", edition="revised")` (or
/// `scenario_text=` the text of a scenario file), or `load_game("strategy", players=4,
/// round_limit=40)`.
#[pyfunction]
#[pyo3(signature = (name, scenario = None, edition = None, scenario_text = None, players = None, round_limit = None))]
#[allow(clippy::too_many_arguments)]
fn load_game(
    py: Python<'_>,
    name: &str,
    scenario: Option<&str>,
    edition: Option<&str>,
    scenario_text: Option<String>,
    players: Option<u8>,
    round_limit: Option<u16>,
) -> PyResult<Py<PyAny>> {
    match name {
        "tactics" => {
            if players.is_some_and(|p| p != 2) || round_limit.is_some() {
                return Err(err("the tactics game is for 2 players and its round limit is the scenario's"));
            }
            Ok(Py::new(py, load_tactics(scenario, edition, scenario_text)?)?.into_any())
        }
        "strategy" => {
            if scenario.is_some() || edition.is_some() || scenario_text.is_some() {
                return Err(err("the strategy game takes players= and round_limit=, not a scenario or edition"));
            }
            let g = crate::py_strategy::PyStrategyGame::load(players.unwrap_or(2), round_limit.unwrap_or(40))?;
            Ok(Py::new(py, g)?.into_any())
        }
        _ => Err(err(format!("unknown game `{name}`: the games are \"tactics\" and \"strategy\""))),
    }
}

fn load_tactics(scenario: Option<&str>, edition: Option<&str>, scenario_text: Option<String>) -> PyResult<PyGame> {
    let sref = match (scenario, scenario_text) {
        (Some(_), Some(_)) => return Err(err("give scenario or scenario_text, not both")),
        (_, Some(t)) => ScenarioRef::Embedded(t),
        (s, None) => ScenarioRef::Builtin(s.unwrap_or("annihilation").to_string()),
    };
    let game = TacticsGame::new(sref, parse_edition(edition)?).map_err(err)?;
    Ok(PyGame { game: Arc::new(game) })
}

/// Reads a state written by `serialize()` (or any game record: its dice then come from its seed).
#[pyfunction]
fn deserialize_state(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    if text.trim_start().starts_with("dust1947-strategy-state") {
        return Ok(Py::new(py, crate::py_strategy::PyStrategyState::deserialize(text)?)?.into_any());
    }
    let (game, state) = tactics::deserialize(text).map_err(err)?;
    Ok(Py::new(
        py,
        PyState {
            game: Arc::new(game),
            state,
        },
    )?
    .into_any())
}

/// The engine alone, for benchmarks: random decisions (the state's `legal_actions` and
/// `apply_action`, as every binding uses them) and seeded dice, in Rust without Python, on a
/// scenario until `steps` decisions have been applied (new games as the old ones end). Returns
/// (decisions, seconds).
#[pyfunction]
#[pyo3(signature = (scenario = "annihilation", edition = None, steps = 100_000, seed = 0))]
fn engine_random_steps(py: Python<'_>, scenario: &str, edition: Option<&str>, steps: u64, seed: u64) -> PyResult<(u64, f64)> {
    let game = TacticsGame::new(ScenarioRef::Builtin(scenario.to_string()), parse_edition(edition)?).map_err(err)?;
    py.detach(|| {
        let mut rng = GameRng::new(seed);
        let mut state = game.new_initial_state();
        let start = std::time::Instant::now();
        let mut n = 0;
        while n < steps {
            if state.is_terminal() {
                state = game.new_initial_state();
            } else if let Pending::Chance(_) = state.game.pending() {
                state.roll(&mut rng);
            } else {
                let legal = state.legal_actions();
                state.apply_action(legal[rng.index(legal.len())]).map_err(err)?;
                n += 1;
            }
        }
        Ok((n, start.elapsed().as_secs_f64()))
    })
}

/// The shipped scenarios' names, and `duel` (the tiny 6x6 practice game).
#[pyfunction]
fn scenarios() -> Vec<&'static str> {
    let mut v = dust_data::scenario::builtin_names();
    v.push(tactics::DUEL);
    v
}

/// One game of a [`VecGames`]: the state, its dice, the opponent.
struct Slot {
    state: TacticsState,
    dice: GameRng,
    /// In a mutex only to make the class `Sync` for PyO3; one thread uses it at a time. `None`
    /// in self-play (the caller decides for both sides).
    opponent: Option<Mutex<Box<dyn Player + Send>>>,
    steps: u32,
    /// The legal action ids of the last outputs (the mask's), for `random_actions`.
    legal: Vec<usize>,
}

/// `n` games of Dust Tactics stepped together: the agent plays `agent` (0: side A, 1: side B)
/// in every game against a built-in opponent ("random", "greedy", or any `sim` player spec);
/// the dice are rolled by the engine. Arrays in and out; the stepping runs without the GIL.
/// With `opponent="self"` the caller decides for both sides (self-play).
#[pyclass(name = "TacticsVecGames", module = "dust1947")]
struct VecGames {
    game: Arc<TacticsGame>,
    /// `None`: self-play.
    spec: Option<PlayerSpec>,
    /// The side the caller plays; `None`: both (self-play).
    agent: Option<Side>,
    seed: u64,
    next_game: u64,
    max_steps: u32,
    threads: usize,
    slots: Vec<Slot>,
    obs_len: usize,
    shape: [usize; 3],
}

/// Every game's action checked against the mask it was given, before any game moves: a step
/// refused for one game leaves every game as it was (`actions` has one per slot).
pub(crate) fn check_actions(legal: &mut dyn Iterator<Item = &[usize]>, actions: &[i64]) -> PyResult<()> {
    for (i, (legal, &a)) in legal.zip(actions).enumerate() {
        if legal.is_empty() {
            return Err(err(format!("game {i}: no decision is pending: call reset() before step()")));
        }
        if !usize::try_from(a).is_ok_and(|a| legal.contains(&a)) {
            return Err(err(format!(
                "game {i}: action {a} is illegal now (0 in its mask): give an action whose mask is 1; no game was stepped"
            )));
        }
    }
    Ok(())
}

impl VecGames {
    fn new_slot(&mut self) -> Slot {
        let i = self.next_game;
        self.next_game += 1;
        // Seeds derive from the game's index, never from the order of the calls.
        let mut seeder = GameRng::new(self.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        Slot {
            state: self.game.new_initial_state(),
            dice: GameRng::new(seeder.next_u64()),
            opponent: self.spec.as_ref().map(|spec| Mutex::new(spec.build(seeder.next_u64()))),
            steps: 0,
            legal: Vec::new(),
        }
    }
}

/// `f` on every item, on `threads` threads (each a contiguous chunk), the results in order.
pub(crate) fn par_map<T: Send, R: Send>(items: &mut [T], threads: usize, f: impl Fn(&mut T) -> R + Sync) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter_mut().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|sc| {
        let handles: Vec<_> = items
            .chunks_mut(chunk)
            .map(|c| sc.spawn(move || c.iter_mut().map(f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a VecGames thread panicked"))
            .collect()
    })
}

/// Plays chance nodes and the opponent's decisions until the agent (either side in self-play:
/// `agent` is `None`) decides or the game ends.
fn advance(slot: &mut Slot, agent: Option<Side>) {
    loop {
        match slot.state.game.pending() {
            Pending::Chance(_) => slot.state.roll(&mut slot.dice),
            Pending::Decision { side } if agent.is_some_and(|a| a != side) => {
                let Some(opponent) = slot.opponent.as_mut() else { return };
                let d = opponent
                    .get_mut()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .decide(&slot.state.game);
                slot.state.apply_decision(d);
            }
            _ => return,
        }
    }
}

/// The side whose view a slot's observation is: the agent's, or in self-play the side to
/// decide (side A's once the game is over).
fn viewer(slot: &Slot, agent: Option<Side>) -> Side {
    agent.unwrap_or(match slot.state.game.pending() {
        Pending::Decision { side } => side,
        _ => Side::A,
    })
}

#[pymethods]
impl VecGames {
    #[new]
    #[pyo3(signature = (n, scenario = "annihilation", edition = None, seed = 0, opponent = "random", agent = 0, max_steps = 5000, threads = 1))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        n: usize,
        scenario: &str,
        edition: Option<&str>,
        seed: u64,
        opponent: &str,
        agent: usize,
        max_steps: u32,
        threads: usize,
    ) -> PyResult<VecGames> {
        if n == 0 {
            return Err(err("n must be at least 1"));
        }
        if agent > 1 {
            return Err(err("agent must be 0 (side A) or 1 (side B)"));
        }
        let game = Arc::new(TacticsGame::new(ScenarioRef::Builtin(scenario.to_string()), parse_edition(edition)?).map_err(err)?);
        let spec = match opponent {
            "self" => None,
            o => Some(o.parse::<PlayerSpec>().map_err(|e: dust_ai::SpecError| err(e.to_string()))?),
        };
        let shape = game.new_initial_state().observation_shape();
        let mut v = VecGames {
            agent: spec.as_ref().map(|_| Side::ALL[agent]),
            game,
            spec,
            seed,
            next_game: 0,
            max_steps,
            threads: threads.max(1),
            slots: Vec::new(),
            obs_len: shape.iter().product(),
            shape,
        };
        for _ in 0..n {
            let s = v.new_slot();
            v.slots.push(s);
        }
        Ok(v)
    }

    /// The side whose view each game's observation is (int8 (n,): 0 side A, 1 side B): the
    /// agent's, or in self-play (`opponent="self"`) the side to decide.
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = self.slots.iter().map(|s| viewer(s, self.agent).index() as i8).collect();
        PyArray1::from_vec(py, v)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.slots.len()
    }
    /// The number of action ids.
    fn num_distinct_actions(&self) -> usize {
        self.game.encoding.num_actions()
    }
    /// The shape of one observation: (planes, height, width).
    fn observation_shape(&self) -> (usize, usize, usize) {
        (self.shape[0], self.shape[1], self.shape[2])
    }

    /// Starts every game anew; returns (observations float32 (n, planes, h, w), legal masks
    /// uint8 (n, actions)).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        self.next_game = 0;
        for i in 0..self.slots.len() {
            self.slots[i] = self.new_slot();
        }
        let fresh = vec![true; self.slots.len()];
        self.outputs(py, &fresh)
    }

    /// One action id per game (int64 array of n). Returns (observations, masks, rewards float32
    /// (n,), dones bool (n,)): the reward of the agent (+1 win, -1 loss, 0 otherwise; in
    /// self-play, side A's) when its game ended with this step; a finished game starts anew at
    /// once (the observation is then the new game's). A game past `max_steps` agent steps ends
    /// as a draw.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let actions = actions.as_slice().map_err(err)?.to_vec();
        if actions.len() != self.slots.len() {
            return Err(err(format!("{} actions for {} games", actions.len(), self.slots.len())));
        }
        check_actions(&mut self.slots.iter().map(|s| s.legal.as_slice()), &actions)?;
        let agent = self.agent;
        let max_steps = self.max_steps;
        let slots = &mut self.slots;
        let threads = self.threads;
        let mut jobs: Vec<(&mut Slot, i64)> = slots.iter_mut().zip(actions.iter().copied()).collect();
        let results: Vec<Result<(f32, bool), String>> = py.detach(|| {
            par_map(&mut jobs, threads, |(s, a)| {
                let a = usize::try_from(*a).map_err(|_| format!("action {a} is negative"))?;
                s.state.apply_action(a)?;
                s.steps += 1;
                advance(s, agent);
                if s.state.is_terminal() {
                    Ok((s.state.returns()[agent.map_or(0, Side::index)] as f32, true))
                } else {
                    Ok((0.0, s.steps >= max_steps))
                }
            })
        });
        let mut rewards = Vec::with_capacity(results.len());
        let mut dones = Vec::with_capacity(results.len());
        for (i, r) in results.into_iter().enumerate() {
            let (rw, done) = r.map_err(|e| err(format!("game {i}: {e}")))?;
            rewards.push(rw);
            dones.push(done);
            if done {
                self.slots[i] = self.new_slot();
            }
        }
        let (obs, mask) = self.outputs(py, &dones)?;
        Ok((
            obs,
            mask,
            PyArray1::from_vec(py, rewards).into_any(),
            PyArray1::from_vec(py, dones).into_any(),
        ))
    }

    /// A random legal action per game (int64 (n,); of the last `reset` or `step` masks, -1 for none), seeded by `seed`.
    fn random_actions<'py>(&self, py: Python<'py>, seed: u64) -> Bound<'py, PyArray1<i64>> {
        let mut rng = GameRng::new(seed);
        let v: Vec<i64> = self
            .slots
            .iter()
            .map(|s| s.legal.get(rng.index(s.legal.len().max(1))).map_or(-1, |&a| a as i64))
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// The serialized state of game `i` (a record with its rolls).
    fn serialize(&self, i: usize) -> PyResult<String> {
        let s = self.slots.get(i).ok_or_else(|| err("no such game"))?;
        Ok(s.state.serialize(&self.game))
    }
}

impl VecGames {
    /// The observations and masks of every game, the games marked `fresh` (new) first played
    /// up to the agent's decision: one pass over the games on the threads.
    fn outputs<'py>(&mut self, py: Python<'py>, fresh: &[bool]) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let n = self.slots.len();
        let na = self.game.encoding.num_actions();
        let (obs_len, agent) = (self.obs_len, self.agent);
        let threads = self.threads;
        let mut obs = vec![0f32; n * obs_len];
        let mut mask = vec![0u8; n * na];
        let mut jobs: Vec<(&mut Slot, &mut [f32], &mut [u8], bool)> = self
            .slots
            .iter_mut()
            .zip(obs.chunks_mut(obs_len))
            .zip(mask.chunks_mut(na))
            .zip(fresh)
            .map(|(((s, o), m), f)| (s, o, m, *f))
            .collect();
        py.detach(|| {
            par_map(&mut jobs, threads, |(s, o, m, fresh)| {
                if *fresh {
                    advance(s, agent);
                }
                s.state.write_observation(viewer(s, agent).index(), o);
                s.legal = if s.state.is_terminal() {
                    Vec::new()
                } else {
                    s.state.legal_actions()
                };
                for &a in &s.legal {
                    m[a] = 1;
                }
            })
        });
        drop(jobs);
        let obs = PyArray1::from_vec(py, obs).reshape([n, self.shape[0], self.shape[1], self.shape[2]])?;
        let mask = PyArray1::from_vec(py, mask).reshape([n, na])?;
        Ok((obs.into_any(), mask.into_any()))
    }
}

/// The native module; `dust1947/__init__.py` re-exports it.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ACTION_ENCODING_VERSION", ACTION_ENCODING_VERSION)?;
    m.add("OBSERVATION_VERSION", OBSERVATION_VERSION)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<VecGames>()?;
    m.add_class::<Dice>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(scenarios, m)?)?;
    m.add_function(wrap_pyfunction!(engine_random_steps, m)?)?;
    crate::py_strategy::register(m)?;
    crate::py_strategy_vec::register(m)?;
    crate::py_selfplay::register(m)?;
    Ok(())
}
