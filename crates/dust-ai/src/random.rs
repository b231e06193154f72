//! The random player: uniform over the legal decisions.

use crate::{Candidate, Explanation, Player};
use dust_core::game::{Decision, Game};
use dust_core::GameRng;

/// Picks a legal decision uniformly at random (seeded).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: GameRng,
    last: Vec<Decision>,
}

impl RandomPlayer {
    /// A random player with its seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: GameRng::new(seed),
            last: Vec::new(),
        }
    }
}

impl Player for RandomPlayer {
    fn decide(&mut self, game: &Game) -> Decision {
        let options = game.legal_decisions();
        assert!(!options.is_empty(), "decide called with no decision pending");
        let pick = options[self.rng.index(options.len())];
        self.last = vec![pick];
        pick
    }

    fn explain(&self) -> Option<Explanation> {
        Some(Explanation {
            player: "random",
            candidates: self
                .last
                .iter()
                .map(|&decision| Candidate {
                    decision,
                    visits: 1,
                    value: 0.0,
                })
                .collect(),
            iterations: 0,
        })
    }
}
