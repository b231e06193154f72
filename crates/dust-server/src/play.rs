//! The engine side of a served game: scenarios by name, and a game rebuilt from its seed and
//! decisions. Chance events are rolled with `GameRng::new(seed)` in the engine's order, so the
//! same seed and decisions always give the same state (docs/record-format.md, "Replaying").

use dust_core::game::{tests_support, Decision, Game, GameSetup, Pending};
use dust_core::{Edition, GameRng};
use dust_data::scenario::{builtin_names, load_builtin, parse_scenario};

/// The practice scenario that is not a data file: a 6x6 board, one squad each, 4 rounds.
pub const DUEL: &str = "duel";

/// Chance events in a row after which a game is declared stuck (an engine fault).
const MAX_ROLLS_IN_A_ROW: u32 = 100_000;

/// The scenario a new game is played on when none is named, by the server's edition:
/// `annihilation` (revised), or `encounter`, the battlefront book's first scenario
/// (tactics-battlefront-2013-rules.txt, "Scenario 1: Encounter"), as `dust1947 play
/// --edition battlefront` picks.
pub const fn default_scenario(edition: Edition) -> &'static str {
    match edition {
        Edition::Revised => "annihilation",
        Edition::Battlefront => "encounter",
    }
}

/// The scenarios a new game may be played on: the shipped ones, then `duel`.
pub fn scenario_names() -> Vec<String> {
    let mut v: Vec<String> = builtin_names().into_iter().map(str::to_string).collect();
    v.push(DUEL.to_string());
    v
}

/// The set-up of a scenario: a shipped one or `duel` by name, or the text of a scenario file.
///
/// # Errors
/// An unknown name (listing the known ones) or a scenario that does not build.
pub fn setup_for(name: &str, text: Option<&str>) -> Result<GameSetup, String> {
    let join = |ds: Vec<dust_data::Diagnostic>| ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
    if let Some(text) = text {
        let s = parse_scenario(text, "embedded scenario").map_err(join)?;
        return s.game_setup_for(crate::cards::all()).map_err(join);
    }
    if name.trim().eq_ignore_ascii_case(DUEL) {
        return Ok(tests_support::duel());
    }
    let s = load_builtin(name).map_err(|ds| format!("{} (or `{DUEL}`)", join(ds)))?;
    s.game_setup_for(crate::cards::all()).map_err(join)
}

/// A game in play: the engine, its dice and the decisions that led here.
#[derive(Clone, Debug)]
pub struct Played {
    /// The engine's state.
    pub game: Game,
    /// The dice, where the replay left them.
    pub rng: GameRng,
    /// Every decision so far.
    pub decisions: Vec<Decision>,
}

/// Why a game cannot be rebuilt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    /// The decision where it broke (0-based), if one did.
    pub index: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl core::fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.index {
            Some(i) => write!(f, "decision {i}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl Played {
    /// A new game, its first chance events rolled.
    ///
    /// # Errors
    /// The engine refuses the set-up.
    pub fn new(setup: GameSetup, seed: u64) -> Result<Played, ReplayFailure> {
        let game = Game::new(setup).map_err(|e| ReplayFailure {
            index: None,
            message: format!("the engine refuses the scenario: {e}"),
        })?;
        let mut p = Played {
            game,
            rng: GameRng::new(seed),
            decisions: Vec::new(),
        };
        p.settle().map_err(|message| ReplayFailure { index: None, message })?;
        Ok(p)
    }

    /// Replays `decisions` from a new game, checking each with the engine.
    ///
    /// # Errors
    /// The set-up is refused, a decision is refused (its index, the engine's reason), or
    /// decisions are left after the end of the game.
    pub fn replay(setup: GameSetup, seed: u64, decisions: &[Decision]) -> Result<Played, ReplayFailure> {
        let mut p = Played::new(setup, seed)?;
        for (i, &d) in decisions.iter().enumerate() {
            p.apply(d).map_err(|message| ReplayFailure { index: Some(i), message })?;
        }
        Ok(p)
    }

    /// Applies a decision (checked by the engine), then rolls the chance events that follow.
    /// On an error the state is unchanged.
    ///
    /// # Errors
    /// The engine's reason for refusing the decision.
    pub fn apply(&mut self, d: Decision) -> Result<(), String> {
        let mut next = self.clone();
        next.apply_in_place(d)?;
        *self = next;
        Ok(())
    }

    /// [`Played::apply`] without the copy: on an error the game may be left mid-way (only
    /// when the dice never stop, an engine fault); use it on a copy.
    ///
    /// # Errors
    /// The engine's reason for refusing the decision.
    pub fn apply_in_place(&mut self, d: Decision) -> Result<(), String> {
        if let Pending::GameOver { .. } = self.game.pending() {
            return Err(format!("`{d}` comes after the end of the game"));
        }
        self.game.apply(d).map_err(|e| e.to_string())?;
        self.decisions.push(d);
        self.settle()
    }

    /// Rolls chance events until a decision is due or the game is over.
    fn settle(&mut self) -> Result<(), String> {
        let mut rolls = 0;
        while let Pending::Chance(_) = self.game.pending() {
            self.game.roll(&mut self.rng);
            rolls += 1;
            if rolls > MAX_ROLLS_IN_A_ROW {
                return Err("the dice never stop: an engine fault, please report it with the record".into());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_builds() {
        for n in scenario_names() {
            let setup = setup_for(&n, None).unwrap();
            let p = Played::new(setup, 7).unwrap();
            assert!(matches!(p.game.pending(), Pending::Decision { .. }), "{n}");
        }
        assert!(setup_for("nowhere", None).unwrap_err().contains("duel"));
    }

    #[test]
    fn replay_is_deterministic_and_refusals_leave_the_state() {
        let mut p = Played::new(setup_for(DUEL, None).unwrap(), 3).unwrap();
        let mut pick = GameRng::new(9);
        for _ in 0..40 {
            if !matches!(p.game.pending(), Pending::Decision { .. }) {
                break;
            }
            let o = p.game.legal_decisions();
            p.apply(o[pick.index(o.len())]).unwrap();
        }
        let again = Played::replay(setup_for(DUEL, None).unwrap(), 3, &p.decisions).unwrap();
        assert_eq!(again.game.state_hash(), p.game.state_hash());
        let before = p.game.state_hash();
        let bogus: Decision = "move Z99".parse().unwrap();
        assert!(p.apply(bogus).is_err());
        assert_eq!(p.game.state_hash(), before);
    }
}
