//! The Python bindings of [`crate::selfplay`]: `dust1947.SelfPlay` plays games of a `sim`
//! match by number; `dust1947.summarize` gives `sim`'s statistics of a list of game rows.

use crate::selfplay::{self, GameRow, SelfPlay};
use dust_ai::pairs::{Sprt, Verdict};
use dust_core::Edition;
use dust_data::record::ScenarioRef;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A match of `dust1947 sim` to play game by game: `SelfPlay(a="greedy", b="random",
/// scenario="duel", seed=1).play([0, 1, 2, 3])` plays games 0 to 3 exactly as `sim --seed 1`
/// does. Picklable (Ray ships it to its workers as its arguments).
#[pyclass(name = "SelfPlay", module = "dust1947", frozen)]
pub struct PySelfPlay {
    inner: SelfPlay,
    args: (String, String, Option<String>, Option<String>, u64, bool, Option<String>),
}

#[pymethods]
impl PySelfPlay {
    #[new]
    #[pyo3(signature = (a = "mcts", b = "greedy", scenario = None, edition = None, seed = 1, players_setup = false, scenario_text = None))]
    fn py_new(
        a: &str,
        b: &str,
        scenario: Option<String>,
        edition: Option<String>,
        seed: u64,
        players_setup: bool,
        scenario_text: Option<String>,
    ) -> PyResult<PySelfPlay> {
        let sref = match (&scenario, &scenario_text) {
            (Some(_), Some(_)) => return Err(err("give scenario or scenario_text, not both")),
            (_, Some(t)) => ScenarioRef::Embedded(t.clone()),
            (s, None) => ScenarioRef::Builtin(s.clone().unwrap_or_else(|| "annihilation".into())),
        };
        let ed = edition.as_deref().map(|e| e.parse::<Edition>().map_err(err)).transpose()?;
        let inner = SelfPlay::new(a, b, sref, ed, seed, players_setup).map_err(err)?;
        Ok(PySelfPlay {
            inner,
            args: (a.to_string(), b.to_string(), scenario, edition, seed, players_setup, scenario_text),
        })
    }

    /// Plays the games numbered `indices` on `threads` threads (without the GIL); returns one
    /// row per game, in the order given: (game, outcome 0 side A won / 1 side B won / 2 draw /
    /// -1 did not finish, side A's victory points, side B's, rounds, cut off, final hash).
    #[pyo3(signature = (indices, threads = 1))]
    fn play(&self, py: Python<'_>, indices: Vec<u32>, threads: usize) -> Vec<GameRow> {
        let sp = &self.inner;
        py.detach(|| {
            let threads = threads.clamp(1, indices.len().max(1));
            let chunk = indices.len().div_ceil(threads).max(1);
            std::thread::scope(|s| {
                let handles: Vec<_> = indices
                    .chunks(chunk)
                    .map(|c| s.spawn(move || c.iter().map(|&i| sp.play(i)).collect::<Vec<_>>()))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().expect("a self-play thread panicked"))
                    .collect()
            })
        })
    }

    /// The scenario's name.
    #[getter]
    fn scenario(&self) -> String {
        self.inner.scenario.clone()
    }
    /// Player a's spec as `sim` writes it.
    #[getter]
    fn a(&self) -> String {
        self.inner.matchup.a.to_string()
    }
    /// Player b's spec.
    #[getter]
    fn b(&self) -> String {
        self.inner.matchup.b.to_string()
    }
    /// The match seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.matchup.seed
    }
    /// Which side player a takes in game `i` ("A" or "B": games come in pairs, sides swapped).
    #[staticmethod]
    fn a_side(i: u32) -> &'static str {
        selfplay::a_side_name(i)
    }
    /// Pickling: the class and the arguments it was made with.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (String, String, Option<String>, Option<String>, u64, bool, Option<String>),
    ) {
        (py.get_type::<PySelfPlay>(), self.args.clone())
    }
    fn __repr__(&self) -> String {
        format!(
            "dust1947.SelfPlay(a='{}', b='{}', scenario='{}', seed={})",
            self.inner.matchup.a, self.inner.matchup.b, self.inner.scenario, self.inner.matchup.seed
        )
    }
}

/// `dust1947 sim`'s statistics of game rows (`SelfPlay.play`), as a dict with `sim --json`'s
/// keys: games, failed, a_wins, b_wins, draws, score, pairs, pentanomial, elo, elo_low,
/// elo_high, mean_vp_a, mean_vp_b, mean_rounds, cut_off, side_a_wins, side_b_wins. A game
/// given twice is an error (never counted twice).
#[pyfunction]
fn summarize<'py>(py: Python<'py>, rows: Vec<GameRow>) -> PyResult<Bound<'py, PyDict>> {
    let s = selfplay::summarize(&rows).map_err(err)?;
    let d = PyDict::new(py);
    d.set_item("games", s.games)?;
    d.set_item("failed", s.failed.len())?;
    d.set_item("a_wins", s.a_wins)?;
    d.set_item("b_wins", s.b_wins)?;
    d.set_item("draws", s.draws)?;
    d.set_item("score", s.score)?;
    d.set_item("a_score", s.score)?;
    d.set_item("pairs", s.pairs())?;
    d.set_item("pentanomial", s.pentanomial.to_vec())?;
    d.set_item("elo", s.elo)?;
    d.set_item("elo_low", s.elo_interval.0)?;
    d.set_item("elo_high", s.elo_interval.1)?;
    d.set_item("mean_vp_a", s.mean_vp.0)?;
    d.set_item("mean_vp_b", s.mean_vp.1)?;
    d.set_item("mean_rounds", s.mean_rounds)?;
    d.set_item("cut_off", s.cut_off)?;
    d.set_item("side_a_wins", s.side_wins.a)?;
    d.set_item("side_b_wins", s.side_wins.b)?;
    Ok(d)
}

/// `sim --sprt ELO0,ELO1` on game rows: the pairs judged in their order from pair 0 (as far as
/// both games of each are there); returns the number of pairs after which the test decided, or
/// `None`.
#[pyfunction]
#[pyo3(signature = (rows, sprt, alpha = 0.05, beta = 0.05))]
fn sprt_stop(rows: Vec<GameRow>, sprt: &str, alpha: f64, beta: f64) -> PyResult<Option<usize>> {
    let test = Sprt::parse(sprt, alpha, beta).map_err(err)?;
    Ok(selfplay::sprt_stop(&rows, &test))
}

/// The sequential test's figures on pentanomial counts, with `sim --json`'s keys: elo0, elo1,
/// alpha, beta, llr, lower, upper, result ("H1", "H0" or "undecided").
#[pyfunction]
#[pyo3(signature = (pentanomial, sprt, alpha = 0.05, beta = 0.05))]
fn sprt_result<'py>(py: Python<'py>, pentanomial: [u32; 5], sprt: &str, alpha: f64, beta: f64) -> PyResult<Bound<'py, PyDict>> {
    let t = Sprt::parse(sprt, alpha, beta).map_err(err)?;
    let (lower, upper) = t.bounds();
    let d = PyDict::new(py);
    d.set_item("elo0", t.elo0)?;
    d.set_item("elo1", t.elo1)?;
    d.set_item("alpha", t.alpha)?;
    d.set_item("beta", t.beta)?;
    d.set_item("llr", t.llr(&pentanomial))?;
    d.set_item("lower", lower)?;
    d.set_item("upper", upper)?;
    d.set_item(
        "result",
        match t.verdict(&pentanomial) {
            Verdict::H1 => "H1",
            Verdict::H0 => "H0",
            Verdict::Continue => "undecided",
        },
    )?;
    Ok(d)
}

/// Adds the self-play class and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySelfPlay>()?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    m.add_function(wrap_pyfunction!(sprt_stop, m)?)?;
    m.add_function(wrap_pyfunction!(sprt_result, m)?)?;
    Ok(())
}
