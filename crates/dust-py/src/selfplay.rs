//! Self-play for the Python package (`dust1947.selfplay`, `dust1947.distributed`): the games of
//! a `dust1947 sim` match played one by one, by number, so that Ray tasks (or any process) can
//! each play a batch and the driver can put the results together. Game `i` is
//! `dust_ai::matchup::Matchup::play` — the very function `sim` calls — so a game played here
//! and the same game of `sim` (same players, scenario, edition and seed) are the same game,
//! decision for decision, whatever the batches and workers.

use crate::tactics::TacticsGame;
use dust_ai::matchup::{a_side, Finished, GameSummary, Matchup, Summary};
use dust_ai::pairs::{Sprt, Verdict};
use dust_ai::PlayerSpec;
use dust_core::game::GameSetup;
use dust_core::{BySide, Edition, Side};
use dust_data::record::ScenarioRef;

/// One game's result as the package passes it around (a plain tuple in Python): the game's
/// number, the outcome (0 side A won, 1 side B won, 2 draw, -1 did not finish), side A's and
/// side B's victory points, rounds, cut off, the final state hash.
pub type GameRow = (u32, i8, u32, u32, u8, bool, u64);

/// A match of `sim` to play game by game.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// The players and the seed.
    pub matchup: Matchup,
    /// The scenario's name.
    pub scenario: String,
    setup: GameSetup,
}

impl SelfPlay {
    /// Player `a` against player `b` (`sim` player specs) on a scenario (a shipped name, `duel`,
    /// or a scenario text) under `edition` (the scenario's when `None`), from `seed`;
    /// `players_setup`: battlefront games begin with the players' set-up (`sim --setup players`).
    ///
    /// # Errors
    /// A player spec that does not read, an unknown or refused scenario, players' set-up outside
    /// the battlefront rules.
    pub fn new(
        a: &str,
        b: &str,
        scenario: ScenarioRef,
        edition: Option<Edition>,
        seed: u64,
        players_setup: bool,
    ) -> Result<SelfPlay, String> {
        let spec = |s: &str| s.parse::<PlayerSpec>().map_err(|e| e.to_string());
        let game = TacticsGame::new(scenario, edition)?;
        if players_setup && game.edition != Edition::Battlefront {
            return Err(format!(
                "players' set-up: `{}` is played under the {} rules, and the players set up battlefront games only (give edition=\"battlefront\")",
                game.name, game.edition
            ));
        }
        Ok(SelfPlay {
            matchup: Matchup {
                a: spec(a)?,
                b: spec(b)?,
                seed,
                players_setup,
            },
            scenario: game.name.clone(),
            setup: game.setup().clone(),
        })
    }

    /// Plays game `i` of the match.
    pub fn play(&self, i: u32) -> GameRow {
        let (r, _) = self.matchup.play(&self.setup, i);
        row(&GameSummary::of(i, &r))
    }
}

fn row(g: &GameSummary) -> GameRow {
    match g.finished {
        None => (g.index, -1, 0, 0, 0, false, 0),
        Some(f) => {
            let outcome = match f.winner {
                Some(Side::A) => 0,
                Some(Side::B) => 1,
                None => 2,
            };
            (
                g.index,
                outcome,
                f.victory_points.a,
                f.victory_points.b,
                f.rounds,
                f.cut_off,
                f.final_hash,
            )
        }
    }
}

/// The game summary of a row.
pub fn summary_of_row(r: &GameRow) -> GameSummary {
    let &(index, outcome, vp_a, vp_b, rounds, cut_off, final_hash) = r;
    let winner = match outcome {
        0 => Some(Side::A),
        1 => Some(Side::B),
        2 => None,
        _ => return GameSummary { index, finished: None },
    };
    GameSummary {
        index,
        finished: Some(Finished {
            winner,
            victory_points: BySide { a: vp_a, b: vp_b },
            rounds,
            cut_off,
            final_hash,
        }),
    }
}

/// The statistics of the rows (`dust1947 sim`'s), each game number counted once: a row whose
/// number came before is an error, not a second count.
///
/// # Errors
/// Two rows of one game.
pub fn summarize(rows: &[GameRow]) -> Result<Summary, String> {
    let mut seen = std::collections::BTreeSet::new();
    for r in rows {
        if !seen.insert(r.0) {
            return Err(format!("game {} is counted twice", r.0));
        }
    }
    Ok(Summary::of(&rows.iter().map(summary_of_row).collect::<Vec<_>>()))
}

/// Where a sequential test stops (`sim --sprt`): the pairs judged in their order, from pair 0,
/// as long as both games of the next pair are among `rows`; the number of pairs after which the
/// test decided, or `None` if it has not decided on the pairs there are. A pair with a game that
/// did not finish is judged without counting, as `sim` does.
pub fn sprt_stop(rows: &[GameRow], test: &Sprt) -> Option<usize> {
    let by: std::collections::HashMap<u32, GameSummary> = rows.iter().map(|r| (r.0, summary_of_row(r))).collect();
    let mut counts = [0u32; 5];
    for k in 0u32.. {
        let (Some(g0), Some(g1)) = (by.get(&(2 * k)), by.get(&(2 * k + 1))) else {
            return None;
        };
        if let (Some(x), Some(y)) = (g0.points_x2(), g1.points_x2()) {
            counts[usize::from(x + y)] += 1;
        }
        if test.verdict(&counts) != Verdict::Continue {
            return Some(k as usize + 1);
        }
    }
    None
}

/// Which side player a took in game `i` ("A" or "B").
pub fn a_side_name(i: u32) -> &'static str {
    match a_side(i) {
        Side::A => "A",
        Side::B => "B",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_played_alone_is_the_game_of_the_whole_match() {
        let sp = SelfPlay::new("greedy", "random", ScenarioRef::Builtin("duel".into()), None, 11, false).unwrap();
        let one = sp.play(3);
        // The same game from a fresh SelfPlay (another worker) and after other games.
        let other = SelfPlay::new("greedy", "random", ScenarioRef::Builtin("duel".into()), None, 11, false).unwrap();
        let _ = other.play(0);
        assert_eq!(other.play(3), one);
        assert_eq!(summary_of_row(&one).index, 3);
        assert_ne!(one.6, 0, "a finished game has its final hash");
    }

    #[test]
    fn the_sequential_test_stops_at_the_same_pair_whatever_came_back_first() {
        let test = Sprt::parse("0,100", 0.05, 0.05).unwrap();
        // Player a wins every game but one pair's (it splits pair 1): the test accepts H1 after
        // some pairs; given out of order and with later games missing, it stops at the same one.
        let rows: Vec<GameRow> = (0..40u32)
            .map(|i| {
                let a_on_a = i % 2 == 0;
                let a_wins = i != 3;
                let outcome = if a_wins == a_on_a { 0 } else { 1 };
                (i, outcome, 0, 0, 1, false, 0)
            })
            .collect();
        let k = sprt_stop(&rows, &test).expect("decided");
        assert!((2..20).contains(&k), "{k}");
        let mut shuffled: Vec<GameRow> = rows[..2 * k].to_vec();
        shuffled.reverse();
        assert_eq!(sprt_stop(&shuffled, &test), Some(k));
        assert_eq!(sprt_stop(&rows[..2 * k - 1], &test), None, "the deciding pair is incomplete");
    }

    #[test]
    fn rows_are_counted_once() {
        let rows = [(0, 0, 2, 1, 4, false, 9), (1, 1, 0, 3, 4, false, 8)];
        let s = summarize(&rows).unwrap();
        // Player a is on side A in game 0 (side A won) and on side B in game 1 (side B won):
        // a won both, the pair scored 2 points.
        assert_eq!((s.a_wins, s.b_wins, s.pentanomial), (2, 0, [0, 0, 0, 0, 1]));
        assert!(summarize(&[rows[0], rows[1], rows[0]]).unwrap_err().contains("twice"));
        assert_eq!(summarize(&[(4, -1, 0, 0, 0, false, 0)]).unwrap().failed, vec![4]);
    }
}
