//! # dust-ai
//!
//! Computer players for Dust 1947, from trivial to strong, on top of the rules engine of
//! `dust-core` (issue 6, "AI opponents and self-play at scale"):
//!
//! - [`RandomPlayer`]: uniform over the legal decisions.
//! - [`GreedyPlayer`]: one ply of expected value. It plans a whole activation (unit, plan,
//!   moves) by the army points its attacks are expected to destroy (from the exact odds of
//!   `dust_core::odds`) and the threats of the square it ends on, aims every weapon line at its
//!   best target, picks the cheapest casualty.
//! - [`MctsPlayer`]: chooses whole activations among the greedy planner's best by play-outs
//!   in which the greedy player plays both sides for a few activations,
//!   and every other decision by Monte Carlo tree search with explicit chance nodes (dice
//!   outcomes with their exact probabilities), decision nodes for both sides (reactive fire,
//!   casualties, retaliation too), light greedy rollouts cut at a depth and scored by [`eval`],
//!   a time or iteration budget, and root parallelism over several threads.
//!
//! Beside the players, [`ceiling`] computes exactly the best chance any player has against the
//! random player on a small set-up (expectimax over the whole game).
//!
//! Every player is seeded and, with an iteration budget, deterministic. [`Player::explain`]
//! returns the candidates of the last decision with their visits and values.
//!
//! ```
//! use dust_ai::{Player, PlayerSpec};
//! use dust_core::game::{tests_support, Game, Pending};
//! use dust_core::GameRng;
//!
//! let spec: PlayerSpec = "greedy".parse().unwrap();
//! let mut players = [spec.build(1), "random".parse::<PlayerSpec>().unwrap().build(2)];
//! // Or simply: dust_ai::play_game(setup, players[0].as_mut(), players[1].as_mut(), 3).
//! let mut game = Game::new(tests_support::duel()).unwrap();
//! let mut dice = GameRng::new(3);
//! loop {
//!     match game.pending() {
//!         Pending::Chance(_) => { game.roll(&mut dice); }
//!         Pending::Decision { side } => {
//!             let d = players[side.index()].decide(&game);
//!             game.apply(d).unwrap();
//!         }
//!         Pending::GameOver { .. } => break,
//!     }
//! }
//! ```

#![warn(missing_docs)]

pub mod arena;
pub mod ceiling;
pub mod eval;
pub mod field;
mod greedy;
mod lookahead;
pub mod matchup;
mod mcts;
pub mod pairs;
mod policy;
mod random;
mod search;
pub mod setup;
mod spec;
pub mod words;

pub use arena::{play_game, GameOutcome, PlayError, PlayerStats};
pub use greedy::GreedyPlayer;
pub use mcts::{MctsConfig, MctsPlayer};
pub use policy::playout;
pub use random::RandomPlayer;
pub use spec::{Budget, PlayerSpec, SpecError, SpecErrorKind};

use dust_core::game::{Decision, Game};
use std::time::Duration;

/// A computer player.
pub trait Player {
    /// Chooses a decision. Called only when `game.pending()` is a decision; the answer is one
    /// of `game.legal_decisions()`.
    ///
    /// # Panics
    /// May panic when no decision is pending.
    fn decide(&mut self, game: &Game) -> Decision;

    /// The candidates of the last decision, best first, with their visits and values.
    fn explain(&self) -> Option<Explanation>;

    /// The time the player may take per decision, if it has a time budget.
    fn time_budget(&self) -> Option<Duration> {
        None
    }
}

/// Why the last decision was taken: the top candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// Which player (`random`, `greedy`, `mcts`).
    pub player: &'static str,
    /// The candidates, best first.
    pub candidates: Vec<Candidate>,
    /// Search iterations (MCTS) or positions scored (greedy) behind the decision.
    pub iterations: u64,
}

/// One candidate decision and what the player thinks of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The decision.
    pub decision: Decision,
    /// How often the search tried it (1 for players that do not search).
    pub visits: u64,
    /// Its value for the deciding side: a win probability for MCTS, army points for greedy.
    pub value: f64,
}

impl std::fmt::Display for Explanation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} ({} iterations):", self.player, self.iterations)?;
        for c in &self.candidates {
            writeln!(f, "  {:<24} visits {:>6}  value {:>8.3}", c.decision.to_string(), c.visits, c.value)?;
        }
        Ok(())
    }
}
