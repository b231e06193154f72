//! `StrategyVecGames`: n games of the strategy game stepped per call, without the GIL, numpy in
//! and out (docs/python.md, "Batched stepping: `VecGames`"). The strategy twin of the tactics
//! `VecGames` of `crate::py`.

use crate::py::{check_actions, par_map};
use crate::strategy::{StrategyGame, StrategyState};
use dust_strategy::ai::{AiKind, Player};
use dust_strategy::game::{Pending, PlayerId};
use dust_strategy::GameRng;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

fn err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The built-in strategy player named `name`: the names of `AiKind::parse`, and `greedy` for
/// `heuristic` (it takes the best-looking decision by its rules of thumb, one at a time).
fn parse_opponent(name: &str) -> PyResult<AiKind> {
    let name = if name.trim() == "greedy" { "heuristic" } else { name };
    AiKind::parse(name).ok_or_else(|| {
        err(format!(
            "unknown strategy opponent `{name}`: random, greedy (= heuristic), heuristic, search, mcts, mcts:N (iterations), mcts:Nms, or self"
        ))
    })
}

/// One game of a [`StrategyVecGames`].
struct Slot {
    state: StrategyState,
    /// The chance events' generator (the deal, the draws, the dice).
    dice: GameRng,
    /// The opponent of each seat (`None` for the agent's seat, and every seat in self-play).
    /// In a mutex only to make the class `Sync` for PyO3; one thread uses it at a time.
    opponents: Vec<Option<Mutex<Box<dyn Player + Send>>>>,
    /// The agent's decisions in this game.
    steps: u32,
    /// The legal action ids of the last outputs (the mask's), for `random_actions`.
    legal: Vec<usize>,
}

/// Plays chance events and the opponents' decisions until a seat the caller plays decides, or
/// the game ends.
fn advance(slot: &mut Slot) {
    loop {
        match slot.state.game.pending() {
            Pending::Chance(_) => slot.state.resolve_chance(&mut slot.dice),
            Pending::Decision(p) => {
                let Some(Some(opponent)) = slot.opponents.get_mut(p.index()) else {
                    return;
                };
                let d = opponent
                    .get_mut()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .choose(&slot.state.game, p);
                slot.state.apply_decision(d);
            }
            Pending::GameOver => return,
        }
    }
}

/// The seat whose view a slot's observation is: the agent's, or in self-play the seat to decide
/// (seat 0 once the game is over).
fn viewer(slot: &Slot, agent: Option<usize>) -> usize {
    agent.unwrap_or(match slot.state.game.pending() {
        Pending::Decision(p) => p.index(),
        _ => 0,
    })
}

/// `n` games of the strategy game stepped together: the agent plays seat `agent` in every game
/// and built-in players ("random", "greedy", "heuristic", "search", "mcts:N") the other seats,
/// or the caller decides for every seat (`opponent="self"`). The chance events (the deal, the
/// draws, the dice) are resolved inside with each game's seeded generator. Arrays in and out;
/// the stepping runs without the GIL, on `threads` threads.
#[pyclass(name = "StrategyVecGames", module = "dust1947")]
pub struct StrategyVecGames {
    game: Arc<StrategyGame>,
    /// `None`: self-play.
    opponent: Option<AiKind>,
    /// The seat the caller plays; `None`: every seat (self-play).
    agent: Option<usize>,
    seed: u64,
    next_game: u64,
    max_steps: u32,
    threads: usize,
    slots: Vec<Slot>,
    /// The returns of the games that ended with the last step (zeros for the others).
    last_returns: Vec<f32>,
}

impl StrategyVecGames {
    fn new_slot(&mut self) -> Slot {
        let i = self.next_game;
        self.next_game += 1;
        // Seeds derive from the game's index, never from the order of the calls.
        let mut seeder = GameRng::new(self.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let dice = GameRng::new(seeder.next_u64());
        let opponents = (0..self.game.players())
            .map(|p| {
                let seed = seeder.next_u64();
                match (self.opponent, self.agent) {
                    (Some(kind), Some(a)) if a != p => Some(Mutex::new(dust_strategy::ai::make(kind, seed))),
                    _ => None,
                }
            })
            .collect();
        Slot {
            state: self.game.new_initial_state(),
            dice,
            opponents,
            steps: 0,
            legal: Vec::new(),
        }
    }

    /// The observations and masks of every game, the games marked `fresh` (new) first played
    /// up to a decision of the caller: one pass over the games on the threads.
    fn outputs<'py>(&mut self, py: Python<'py>, fresh: &[bool]) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let n = self.slots.len();
        let na = self.game.encoding.num_actions();
        let obs_len = self.game.observation_len();
        let (agent, threads) = (self.agent, self.threads);
        let mut obs = vec![0f32; n * obs_len];
        let mut mask = vec![0u8; n * na];
        let sg = &*self.game;
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
                    advance(s);
                }
                s.state.write_observation(sg, viewer(s, agent), o);
                s.legal = if s.state.is_terminal() {
                    Vec::new()
                } else {
                    s.state.legal_actions(&sg.encoding)
                };
                for &a in &s.legal {
                    m[a] = 1;
                }
            })
        });
        drop(jobs);
        let obs = PyArray1::from_vec(py, obs).reshape([n, obs_len])?;
        let mask = PyArray1::from_vec(py, mask).reshape([n, na])?;
        Ok((obs.into_any(), mask.into_any()))
    }
}

#[pymethods]
impl StrategyVecGames {
    #[new]
    #[pyo3(signature = (n, players = 2, round_limit = 40, seed = 0, opponent = "random", agent = 0, max_steps = 20000, threads = 1))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        n: usize,
        players: u8,
        round_limit: u16,
        seed: u64,
        opponent: &str,
        agent: usize,
        max_steps: u32,
        threads: usize,
    ) -> PyResult<StrategyVecGames> {
        if n == 0 {
            return Err(err("n must be at least 1"));
        }
        let game = Arc::new(StrategyGame::new(players, round_limit).map_err(err)?);
        if agent >= game.players() {
            return Err(err(format!("agent {agent}: the seats are 0 to {}", game.players() - 1)));
        }
        let opponent = match opponent.trim() {
            "self" => None,
            o => Some(parse_opponent(o)?),
        };
        let mut v = StrategyVecGames {
            agent: opponent.map(|_| agent),
            game,
            opponent,
            seed,
            next_game: 0,
            max_steps,
            threads: threads.max(1),
            slots: Vec::new(),
            last_returns: Vec::new(),
        };
        for _ in 0..n {
            let s = v.new_slot();
            v.slots.push(s);
        }
        v.last_returns = vec![0.0; n * v.game.players()];
        Ok(v)
    }

    /// The seat whose view each game's observation is (int8 (n,)): the agent's, or in self-play
    /// (`opponent="self"`) the seat to decide.
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = self.slots.iter().map(|s| viewer(s, self.agent) as i8).collect();
        PyArray1::from_vec(py, v)
    }
    /// The number of games.
    fn __len__(&self) -> usize {
        self.slots.len()
    }
    /// The number of players of each game.
    fn num_players(&self) -> usize {
        self.game.players()
    }
    /// The number of action ids.
    fn num_distinct_actions(&self) -> usize {
        self.game.encoding.num_actions()
    }
    /// The shape of one observation: (length,).
    fn observation_shape(&self) -> (usize,) {
        (self.game.observation_len(),)
    }

    /// Starts every game anew; returns (observations float32 (n, length), legal masks uint8
    /// (n, actions)).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        self.next_game = 0;
        for i in 0..self.slots.len() {
            self.slots[i] = self.new_slot();
        }
        self.last_returns.fill(0.0);
        let fresh = vec![true; self.slots.len()];
        self.outputs(py, &fresh)
    }

    /// One action id per game (int64 array of n). Returns (observations, masks, rewards float32
    /// (n,), dones bool (n,)): the agent's return (in self-play, seat 0's) when its game ended
    /// with this step, 0 otherwise (`last_returns()` gives every seat's); a finished game
    /// starts anew at once (the observation is then the new game's). A game past `max_steps`
    /// decisions of the caller ends there (done, reward 0).
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let actions = actions.as_slice().map_err(err)?;
        if actions.len() != self.slots.len() {
            return Err(err(format!("{} actions for {} games", actions.len(), self.slots.len())));
        }
        check_actions(&mut self.slots.iter().map(|s| s.legal.as_slice()), actions)?;
        let (max_steps, threads, players) = (self.max_steps, self.threads, self.game.players());
        let enc = &*self.game.encoding;
        let mut jobs: Vec<(&mut Slot, i64)> = self.slots.iter_mut().zip(actions.iter().copied()).collect();
        let results: Vec<Result<Option<Vec<f64>>, String>> = py.detach(|| {
            par_map(&mut jobs, threads, |(s, a)| {
                let a = usize::try_from(*a).map_err(|_| format!("action {a} is negative"))?;
                if !matches!(s.state.game.pending(), Pending::Decision(_)) {
                    return Err("no decision is pending".to_string());
                }
                s.state.apply_action(enc, a)?;
                s.steps += 1;
                advance(s);
                Ok(if s.state.is_terminal() {
                    Some(s.state.returns())
                } else if s.steps >= max_steps {
                    Some(vec![0.0; players])
                } else {
                    None
                })
            })
        });
        drop(jobs);
        let mut rewards = Vec::with_capacity(results.len());
        let mut dones = Vec::with_capacity(results.len());
        self.last_returns.fill(0.0);
        let me = self.agent.unwrap_or(0);
        for (i, r) in results.into_iter().enumerate() {
            let end = r.map_err(|e| err(format!("game {i}: {e}")))?;
            rewards.push(end.as_ref().map_or(0.0, |r| r[me] as f32));
            dones.push(end.is_some());
            if let Some(r) = end {
                for (p, x) in r.into_iter().enumerate() {
                    self.last_returns[i * players + p] = x as f32;
                }
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

    /// Every seat's return (float32 (n, players)) of the games that ended with the last
    /// `step` (zeros for the others): +1 per winner, the losers share the opposite.
    fn last_returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.slots.len();
        Ok(PyArray1::from_vec(py, self.last_returns.clone())
            .reshape([n, self.game.players()])?
            .into_any())
    }

    /// A random legal action per game (int64 (n,); of the last `reset` or `step` masks, -1 for
    /// none), seeded by `seed`.
    fn random_actions<'py>(&self, py: Python<'py>, seed: u64) -> Bound<'py, PyArray1<i64>> {
        let mut rng = GameRng::new(seed);
        let v: Vec<i64> = self
            .slots
            .iter()
            .map(|s| s.legal.get(rng.index(s.legal.len().max(1))).map_or(-1, |&a| a as i64))
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// The rounds played of each game (int16 (n,)).
    fn rounds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i16>> {
        let v: Vec<i16> = self.slots.iter().map(|s| s.state.game.round() as i16).collect();
        PyArray1::from_vec(py, v)
    }

    /// The state of game `i` as text (`dust1947.deserialize_state` reads it). It is the
    /// referee's record, with every hand: for the end of a game, or for tests.
    fn serialize(&self, i: usize) -> PyResult<String> {
        let s = self.slots.get(i).ok_or_else(|| err("no such game"))?;
        Ok(s.state.serialize())
    }

    /// The victory points of game `i`, per seat.
    fn victory_points(&self, i: usize) -> PyResult<Vec<u32>> {
        let s = self.slots.get(i).ok_or_else(|| err("no such game"))?;
        Ok((0..self.game.players())
            .map(|p| s.state.game.player(PlayerId(p as u8)).vp())
            .collect())
    }
}

/// Adds `StrategyVecGames` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<StrategyVecGames>()
}
