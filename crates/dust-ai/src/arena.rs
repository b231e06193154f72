//! Playing whole games between players, with the timing of every decision.

use crate::Player;
use dust_core::game::{Decision, Game, GameSetup, Pending, SetupError};
use dust_core::{BySide, GameRng, Side};
use std::time::{Duration, Instant};

/// Decisions per game at most before a game is cut off as a draw (a safety net: real games
/// end long before).
pub const MAX_DECISIONS: usize = 20_000;

/// Timing of one player's decisions in a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerStats {
    /// Decisions taken.
    pub decisions: u64,
    /// Total thinking time.
    pub total: Duration,
    /// The longest decision.
    pub longest: Duration,
    /// The worst time over the player's budget (zero without a time budget or when always
    /// within it).
    pub worst_overshoot: Duration,
}

impl PlayerStats {
    fn add(&mut self, took: Duration, budget: Option<Duration>) {
        self.decisions += 1;
        self.total += took;
        self.longest = self.longest.max(took);
        if let Some(b) = budget {
            self.worst_overshoot = self.worst_overshoot.max(took.saturating_sub(b));
        }
    }
    /// Merges another game's figures.
    pub fn merge(&mut self, o: &PlayerStats) {
        self.decisions += o.decisions;
        self.total += o.total;
        self.longest = self.longest.max(o.longest);
        self.worst_overshoot = self.worst_overshoot.max(o.worst_overshoot);
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// The winning side, `None` for a draw.
    pub winner: Option<Side>,
    /// Victory points at the end.
    pub victory_points: BySide<u32>,
    /// Rounds played.
    pub rounds: u8,
    /// Every decision in order (with the dice seed, the game replays exactly).
    pub decisions: Vec<Decision>,
    /// The seed of the dice.
    pub dice_seed: u64,
    /// Timing per side.
    pub stats: BySide<PlayerStats>,
    /// The game was cut off after [`MAX_DECISIONS`].
    pub cut_off: bool,
    /// [`Game::state_hash`] at the end (a replay must reach it).
    pub final_hash: u64,
    /// Units of each side destroyed (eliminated) at some point of the game, a unit counted
    /// once even when it came back from reserve (battlefront) and fell again.
    pub destroyed: BySide<u32>,
}

/// Why a game could not be played to its end.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum PlayError {
    /// The setup does not make a game.
    Setup(SetupError),
    /// The engine or a player panicked (a bug): the message, the decisions so far and the dice
    /// seed, which replay the game up to the failure.
    Panic {
        /// The panic message.
        message: String,
        /// Decisions applied before the failure.
        decisions: Vec<Decision>,
        /// The seed of the dice.
        dice_seed: u64,
    },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Setup(e) => write!(f, "the setup does not make a game: {e}"),
            PlayError::Panic {
                message,
                decisions,
                dice_seed,
            } => write!(
                f,
                "the game stopped on a bug after {} decisions (dice seed {dice_seed}): {message}; the record replays it",
                decisions.len()
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays one game: `a` decides for side A, `b` for side B; the dice come from
/// `GameRng::new(dice_seed)` and nothing else, so `(dice_seed, decisions)` replays the game.
///
/// # Errors
/// The setup does not make a game, or the engine or a player panicked (a bug; an illegal
/// decision from a player counts as one).
pub fn play_game<P, Q>(setup: GameSetup, a: &mut P, b: &mut Q, dice_seed: u64) -> Result<GameOutcome, PlayError>
where
    P: Player + ?Sized,
    Q: Player + ?Sized,
{
    let mut game = Game::new(setup).map_err(PlayError::Setup)?;
    let mut dice = GameRng::new(dice_seed);
    let mut decisions = Vec::new();
    let mut stats = BySide::<PlayerStats>::default();
    let mut cut_off = false;
    // Bit i: unit i was destroyed at some point (a unit in reserve comes back undestroyed).
    let mut fallen: u128 = 0;
    let winner = loop {
        let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            step(&mut game, &mut dice, a, b, &mut decisions, &mut stats)
        }));
        for (i, u) in game.units().iter().enumerate().take(128) {
            if u.destroyed {
                fallen |= 1 << i;
            }
        }
        match step {
            Ok(Some(Step::Over(w))) => break w,
            Ok(Some(Step::CutOff)) => {
                cut_off = true;
                break None;
            }
            Ok(None) => {}
            Err(e) => {
                let message = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_string()))
                    .unwrap_or_else(|| "panic".to_string());
                return Err(PlayError::Panic {
                    message,
                    decisions,
                    dice_seed,
                });
            }
        }
    };
    Ok(GameOutcome {
        winner,
        victory_points: game.victory_points(),
        rounds: game.round(),
        decisions,
        dice_seed,
        stats,
        cut_off,
        final_hash: game.state_hash(),
        destroyed: BySide::new_with(|side| {
            game.units()
                .iter()
                .enumerate()
                .take(128)
                .filter(|(i, u)| u.side == side && fallen & (1 << i) != 0)
                .count() as u32
        }),
    })
}

enum Step {
    Over(Option<Side>),
    CutOff,
}

fn step<P, Q>(
    game: &mut Game,
    dice: &mut GameRng,
    a: &mut P,
    b: &mut Q,
    decisions: &mut Vec<Decision>,
    stats: &mut BySide<PlayerStats>,
) -> Option<Step>
where
    P: Player + ?Sized,
    Q: Player + ?Sized,
{
    {
        match game.pending() {
            Pending::GameOver { winner } => return Some(Step::Over(winner)),
            Pending::Chance(_) => {
                game.roll(dice);
            }
            Pending::Decision { side } => {
                if decisions.len() >= MAX_DECISIONS {
                    return Some(Step::CutOff);
                }
                let start = Instant::now();
                let (d, budget) = match side {
                    Side::A => (a.decide(game), a.time_budget()),
                    Side::B => (b.decide(game), b.time_budget()),
                };
                let took = start.elapsed();
                stats[side].add(took, budget);
                if let Err(e) = game.apply(d) {
                    panic!("player for side {side} chose an illegal decision: {e}");
                }
                decisions.push(d);
                // The log is not needed here and would grow every clone the players make. It is
                // dropped between activations only: players read the current activation's events.
                if game.events().len() > 256 && matches!(game.legal_decisions().first(), Some(Decision::Activate(_))) {
                    game.clear_events();
                }
            }
        }
    }
    None
}
