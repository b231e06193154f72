//! The computer opponent, behind one small trait so the UI does not care which AI plays.
//! `--ai SPEC` is read by [`build`]; the players are those of `dust-ai` (`random`, `greedy`,
//! `mcts`, `mcts:200ms`, `mcts:5000i`…).

use dust_ai::PlayerSpec;
use dust_core::game::{Decision, Game, Pending};

/// A computer player the UI can run on a background thread.
pub trait Opponent: Send {
    /// Chooses one of `game.legal_decisions()`; `None` when there is none.
    fn decide(&mut self, game: &Game) -> Option<Decision>;
    /// A short name for the screen (`random`, `mcts:200ms`).
    fn name(&self) -> String;
    /// Why it took `d` in `game` (its last decision), in words for the player who asks
    /// (`dust_ai::words`).
    fn words(&self, game: &Game, d: Decision) -> Option<String> {
        let _ = (game, d);
        None
    }
}

/// The opponent used when `--ai` is not given: the strongest one available (Monte Carlo tree
/// search with its default budget of 200 ms per decision).
pub const DEFAULT_SPEC: &str = "mcts";

struct DustAi {
    player: Box<dyn dust_ai::Player + Send>,
    name: String,
}

impl Opponent for DustAi {
    fn decide(&mut self, game: &Game) -> Option<Decision> {
        // dust-ai players may panic when no decision is pending: never ask them then.
        if !matches!(game.pending(), Pending::Decision { .. }) || game.legal_decisions().is_empty() {
            return None;
        }
        Some(self.player.decide(game))
    }
    fn name(&self) -> String {
        self.name.clone()
    }
    fn words(&self, game: &Game, d: Decision) -> Option<String> {
        Some(dust_ai::words::in_words(game, d, self.player.explain().as_ref()))
    }
}

/// Builds the opponent named by `spec`, seeded with `seed`.
///
/// # Errors
/// A spec that names no player, with a hint.
pub fn build(spec: &str, seed: u64) -> Result<Box<dyn Opponent>, String> {
    let parsed: PlayerSpec = spec.trim().parse().map_err(|e: dust_ai::SpecError| e.to_string())?;
    Ok(Box::new(DustAi {
        player: parsed.build(seed),
        name: parsed.to_string(),
    }))
}
