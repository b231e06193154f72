//! The AI players' set-up of a battlefront game (`dust_core::battlefront::setup`): boards,
//! terrain and objectives, chosen only among the phase's legal decisions.
//!
//! - [`SetupStyle::Random`]: uniform over the legal decisions.
//! - [`SetupStyle::Greedy`]: the ruins face (cover on its own board); the south half; a wood,
//!   then rubble, as cover three squares in front of its own entry, the pond and the anti-tank
//!   trap in the enemy's way, five squares in front of its entry; its objective as far from the
//!   enemy's entry as the book allows (its own half, two squares from the edges), near the
//!   centre line of columns; except where holding one's own objective scores (Supply Drop):
//!   there four rows inside its own half from the centre line, where the enemy can contest it.
//!   Ties go to the first in the phase's order, so it is deterministic.

use dust_core::battlefront::setup::{BoardFace, Half, SetupDecision, SetupPhase, TerrainItem};
use dust_core::{GameRng, Side, Square};
use std::fmt;
use std::str::FromStr;

/// How an AI player lays out its part of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetupStyle {
    /// Any legal decision, uniformly.
    Random,
    /// Cover near its own entry, obstacles in the enemy's way, its objective out of reach.
    Greedy,
}

impl SetupStyle {
    /// The set-up style of a game player: random for the random player, greedy for the others
    /// (`dust1947 sim --setup players`, the AI seats of `play` and `serve`).
    pub fn for_player(spec: &crate::PlayerSpec) -> SetupStyle {
        match spec {
            crate::PlayerSpec::Random => SetupStyle::Random,
            _ => SetupStyle::Greedy,
        }
    }
}

impl FromStr for SetupStyle {
    type Err = String;
    fn from_str(s: &str) -> Result<SetupStyle, String> {
        match s {
            "random" => Ok(SetupStyle::Random),
            "greedy" => Ok(SetupStyle::Greedy),
            _ => Err(format!("`{s}` is not a set-up player: write `random` or `greedy`")),
        }
    }
}

impl fmt::Display for SetupStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupStyle::Random => "random",
            SetupStyle::Greedy => "greedy",
        })
    }
}

/// Distance in squares (the larger of the column and row differences).
fn dist(a: Square, b: Square) -> i32 {
    (i32::from(a.col()) - i32::from(b.col()))
        .abs()
        .max((i32::from(a.row()) - i32::from(b.row())).abs())
}

fn nearest(s: Square, squares: &[Square]) -> i32 {
    squares.iter().map(|&e| dist(s, e)).min().unwrap_or(0)
}

/// The decision a player of this style takes now; `None` when the set-up is over.
pub fn choose(phase: &SetupPhase, style: SetupStyle, rng: &mut GameRng) -> Option<SetupDecision> {
    let legal = phase.legal_decisions();
    if legal.is_empty() {
        return None;
    }
    match style {
        SetupStyle::Random => Some(legal[rng.index(legal.len())]),
        SetupStyle::Greedy => {
            let side = phase.to_move()?;
            best_first(&legal, |d| greedy_score(phase, side, d))
        }
    }
}

fn best_first(legal: &[SetupDecision], score: impl Fn(SetupDecision) -> i32) -> Option<SetupDecision> {
    let mut best: Option<(i32, SetupDecision)> = None;
    for &d in legal {
        let s = score(d);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, d));
        }
    }
    best.map(|(_, d)| d)
}

fn greedy_score(phase: &SetupPhase, side: Side, d: SetupDecision) -> i32 {
    let w = i32::from(phase.board().width());
    let centre_col = |s: Square| -(2 * i32::from(s.col()) + 1 - w).abs();
    match d {
        SetupDecision::Board(face) => i32::from(face == BoardFace::Ruins),
        SetupDecision::Start(h) => i32::from(h == Half::South),
        SetupDecision::Place { item, at, .. } => {
            let own = phase.entry_of(side).unwrap_or_default();
            let enemy = phase.entry_of(side.other()).unwrap_or_default();
            let (o, e) = (nearest(at, own), nearest(at, enemy));
            match item {
                // Cover three squares in front of its own entry, towards the middle columns.
                TerrainItem::Wood => 100 - 10 * (o - 3).abs() + centre_col(at),
                TerrainItem::Rubble => 90 - 10 * (o - 3).abs() + centre_col(at),
                // Obstacles in the enemy's way, on the enemy's side of the middle.
                TerrainItem::Pond | TerrainItem::Trap => 50 - 10 * (e - 5).abs() + centre_col(at),
            }
        }
        // Where holding one's own objective scores (Supply Drop), four rows inside its own half
        // from the centre line: near enough for the enemy to come and deny it, deep enough for
        // its own army to hold it from turn three. Placed out of reach, each side held its own
        // from turn three and every greedy game was drawn without a shot; two or three rows in,
        // greedy's army reached it a turn late and drew 3 games in 4 against random (issue 21,
        // session 11; docs/ai.md "The whole suite"). Elsewhere the objective is the enemy's to
        // take: as far from it as allowed.
        SetupDecision::Objective(at) if phase.rules().hold_own_half > 0 => {
            let half = i32::from(phase.board().height() / 2);
            let row = i32::from(at.row());
            let depth = if row < half { half - 1 - row } else { row - half };
            100 - 10 * (depth - 4).abs() + centre_col(at)
        }
        SetupDecision::Objective(at) => {
            let enemy = phase.entry_of(side.other()).unwrap_or_default();
            10 * nearest(at, enemy) + centre_col(at)
        }
    }
}

/// Plays the set-up to its end with a style for each side, seeded.
pub fn play_setup(phase: &mut SetupPhase, styles: [SetupStyle; 2], seed: u64) {
    let mut rng = GameRng::new(seed);
    while let Some(side) = phase.to_move() {
        let d = choose(phase, styles[side.index()], &mut rng).expect("a player to move has a legal decision");
        phase.apply(d).expect("chosen among the legal decisions");
    }
}
