//! The exact ceiling against the random player: expectimax over a whole game.
//!
//! [`Ceiling`] works out the best chance any player has to beat [`crate::RandomPlayer`]
//! (issue 22: is "beats the random player 90% of the time" possible on the duel?). At the
//! agent's decisions it takes the best option; at the random player's it averages the options
//! uniformly, as [`crate::RandomPlayer`] picks among [`Game::legal_decisions`]; at a chance
//! node it weighs the outcomes by [`Roll::distribution`], the exact binomial the engine samples
//! from (the distribution of the Python package's `chance_outcomes()`). Positions are
//! remembered by [`Game::position_key`], so a position reached by several paths is solved once.
//!
//! Two details keep it exact:
//! - A roll that can come back to itself (the initiative roll, rolled again on a tie) is solved
//!   as the equation it is: with `b` the chance of coming back and `v'` the value of the other
//!   outcomes, `v = v' / (1 - b)`.
//! - Casualties among miniatures that are alike (the same weapons and role in every squad of
//!   the game) lead to positions alike but for which miniature is gone: one of them is solved,
//!   which is the value of each (the random player's average of equal values, and the agent's
//!   best). [`Ceiling::alike_casualties`] turns this off for checks.
//!
//! The search is exhaustive: it suits small set-ups such as the duel
//! (`cargo run --release -p dust-ai --example duel_ceiling`).

use dust_core::game::{Casualty, Decision, Game, Pending};
use dust_core::{Roll, Side};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// What the agent wants most, the other outcome breaking ties.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// The chance to win (a draw is not a win); then not to lose.
    Win,
    /// The chance not to lose (a win or a draw); then to win.
    NotLost,
}

/// The chances of a position for the agent.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Chances {
    /// Probability that the agent wins.
    pub win: f64,
    /// Probability that the agent wins or draws.
    pub not_lost: f64,
}

impl Chances {
    fn add(self, o: Chances, p: f64) -> Chances {
        Chances {
            win: self.win + p * o.win,
            not_lost: self.not_lost + p * o.not_lost,
        }
    }
    fn scale(self, s: f64) -> Chances {
        Chances {
            win: self.win * s,
            not_lost: self.not_lost * s,
        }
    }
}

/// Counts of the work done, for progress lines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions solved.
    pub positions: u64,
    /// Positions remembered (the table's entries: all but those in the middle of a
    /// declaration).
    pub remembered: u64,
    /// Positions visited, the table's answers included.
    pub visits: u64,
    /// The furthest round reached.
    pub round: u8,
}

/// Ties between options within this much are ties (sums of products of probabilities differ in
/// their last bits with the order of the sums).
const TIE: f64 = 1e-12;

/// A callback with the counts so far ([`Ceiling::on_progress`]).
type Progress = Box<dyn FnMut(&Stats)>;

/// Expectimax of one agent against the random player (module docs).
pub struct Ceiling {
    agent: Side,
    objective: Objective,
    alike: bool,
    table: HashMap<u128, Chances, BuildHasherDefault<KeyHasher>>,
    /// Positions being solved (on the path from the root): reaching one again other than by
    /// rolls alone would be a loop the search cannot solve.
    open: HashSet<u128, BuildHasherDefault<KeyHasher>>,
    stats: Stats,
    progress: Option<(u64, Progress)>,
}

impl Ceiling {
    /// A solver for `agent` against the random player, maximising `objective`.
    pub fn new(agent: Side, objective: Objective) -> Ceiling {
        Ceiling {
            agent,
            objective,
            alike: true,
            table: HashMap::default(),
            open: HashSet::default(),
            stats: Stats::default(),
            progress: None,
        }
    }

    /// Whether casualties among alike miniatures are solved once (the default, `true`), or
    /// every choice on its own (slower; for checks).
    pub fn alike_casualties(mut self, on: bool) -> Ceiling {
        self.alike = on;
        self
    }

    /// Calls `f` every `every` new positions with the counts so far.
    pub fn on_progress(mut self, every: u64, f: impl FnMut(&Stats) + 'static) -> Ceiling {
        self.progress = Some((every.max(1), Box::new(f)));
        self
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The chances of `game` for the agent, who plays its best from here for the objective.
    pub fn value(&mut self, game: &Game) -> Chances {
        if let Pending::GameOver { winner } = game.pending() {
            return self.outcome(winner);
        }
        self.stats.visits += 1;
        self.stats.round = self.stats.round.max(game.round());
        let key = game.position_key();
        if let Some(&v) = self.table.get(&key) {
            return v;
        }
        assert!(
            self.open.insert(key),
            "the game came back to a position being solved through decisions: the search cannot solve loops"
        );
        let v = match game.pending() {
            Pending::Chance(roll) => {
                let (v, back) = self
                    .expand(game, roll, &mut vec![key])
                    .expect("a return to the first roll of the path is counted, not refused");
                v.scale(1.0 / (1.0 - back))
            }
            Pending::Decision { side } => {
                let options = self.options(game);
                let values: Vec<Chances> = options.iter().map(|&d| self.value(&child(game, d))).collect();
                if side == self.agent {
                    values.into_iter().fold(None, |best, v| self.better(best, v)).unwrap_or_default()
                } else {
                    let n = values.len() as f64;
                    values.into_iter().fold(Chances::default(), |acc, v| acc.add(v, 1.0 / n))
                }
            }
            Pending::GameOver { winner } => self.outcome(winner),
        };
        self.open.remove(&key);
        // A position in the middle of a declaration is reached by one path only (the
        // declaration keeps its choices in their order): remembering it would only take room.
        // On the duel of 3 rounds every such position was visited once (920,501 of them).
        if game.declaring().is_none() {
            self.table.insert(key, v);
            self.stats.remembered += 1;
        }
        self.stats.positions += 1;
        if let Some((every, f)) = &mut self.progress {
            if self.stats.positions.is_multiple_of(*every) {
                f(&self.stats);
            }
        }
        v
    }

    /// The agent's best decision in `game` (whose pending decision is the agent's), with its
    /// chances; the first of the best on a tie.
    ///
    /// # Panics
    /// When no decision of the agent is pending.
    pub fn best(&mut self, game: &Game) -> (Decision, Chances) {
        assert_eq!(
            game.pending(),
            Pending::Decision { side: self.agent },
            "best: the agent has no decision to take"
        );
        let mut best: Option<(Decision, Chances)> = None;
        for d in self.options(game) {
            let v = self.value(&child(game, d));
            if best.is_none_or(|(_, b)| self.prefers(v, b)) {
                best = Some((d, v));
            }
        }
        best.expect("a pending decision has options")
    }

    /// The (major, minor) chances the objective compares.
    fn key(&self, v: Chances) -> f64 {
        match self.objective {
            Objective::Win => v.win,
            Objective::NotLost => v.not_lost,
        }
    }

    fn minor(&self, v: Chances) -> f64 {
        match self.objective {
            Objective::Win => v.not_lost,
            Objective::NotLost => v.win,
        }
    }

    /// Whether the agent prefers `v` to `b`: more of the objective, or as much (within
    /// [`TIE`]) and more of the other outcome.
    fn prefers(&self, v: Chances, b: Chances) -> bool {
        let (kb, kv) = (self.key(b), self.key(v));
        kv > kb + TIE || (kv >= kb - TIE && self.minor(v) > self.minor(b) + TIE)
    }

    fn better(&self, best: Option<Chances>, v: Chances) -> Option<Chances> {
        Some(match best {
            Some(b) if !self.prefers(v, b) => b,
            _ => v,
        })
    }

    fn outcome(&self, winner: Option<Side>) -> Chances {
        Chances {
            win: f64::from(u8::from(winner == Some(self.agent))),
            not_lost: f64::from(u8::from(winner != Some(self.agent.other()))),
        }
    }

    /// The chances of the outcomes of `roll` in `game`, and the probability that the dice
    /// bring the game back to `path[0]` (an initiative tie). Rolls that follow at once are
    /// expanded here, their keys pushed on `path`, so a return through several rolls is seen.
    /// A return to a later roll of the path, `Err(key)`, makes that roll solve itself first
    /// (the roll before an initiative roll is not in the loop; the initiative roll is).
    fn expand(&mut self, game: &Game, roll: Roll, path: &mut Vec<u128>) -> Result<(Chances, f64), u128> {
        assert!(path.len() < 64, "more than 64 rolls in a row without a decision");
        let mut acc = Chances::default();
        let mut returns = 0.0;
        for (k, p) in roll.distribution().into_iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let mut g = game.clone();
            g.apply_roll(k as u16);
            g.clear_events();
            let Pending::Chance(r) = g.pending() else {
                acc = acc.add(self.value(&g), p);
                continue;
            };
            let key = g.position_key();
            if key == path[0] {
                returns += p;
            } else if path.contains(&key) {
                return Err(key);
            } else if let Some(&v) = self.table.get(&key) {
                acc = acc.add(v, p);
            } else {
                path.push(key);
                let r = self.expand(&g, r, path);
                path.pop();
                match r {
                    Ok((v, b)) => {
                        acc = acc.add(v, p);
                        returns += p * b;
                    }
                    Err(head) if head == key => acc = acc.add(self.value(&g), p),
                    Err(head) => return Err(head),
                }
            }
        }
        Ok((acc, returns))
    }

    /// The decisions to solve: every legal one, but one casualty among alike miniatures.
    fn options(&self, game: &Game) -> Vec<Decision> {
        let mut options = game.legal_decisions();
        if self.alike {
            let mut kept: Vec<Decision> = Vec::with_capacity(options.len());
            for d in options {
                let dup = match d {
                    Decision::Casualty(Casualty::Model(m)) => kept.iter().any(|k| match k {
                        Decision::Casualty(Casualty::Model(n)) => alike(game, usize::from(m), usize::from(*n)),
                        _ => false,
                    }),
                    _ => false,
                };
                if !dup {
                    kept.push(d);
                }
            }
            options = kept;
        }
        options
    }
}

/// Whether miniatures `m` and `n` are alike in every squad of the game (the same weapons and
/// role, or neither there).
fn alike(game: &Game, m: usize, n: usize) -> bool {
    game.units().iter().all(|u| u.card.models.get(m) == u.card.models.get(n))
}

/// The table's hasher: the keys are hashes already, their low 64 bits serve.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, k: u128) {
        self.0 = k as u64;
    }
}

fn child(game: &Game, d: Decision) -> Game {
    let mut g = game.clone();
    g.apply_unchecked(d);
    g.clear_events();
    g
}
