//! A match of two computer players, game by game: the one definition of what game `i` of a
//! match is, shared by `dust1947 sim` and the Python package's self-play on Ray
//! (`dust1947.selfplay`), so that both give the same games for the same seed however the games
//! are spread over threads, processes or machines.
//!
//! Games come in pairs: games 2k and 2k+1 are one seed played twice with the sides swapped,
//! player a on side A in the first and on side B in the second. The pair's seeds (dice, the
//! side-A seat, the side-B seat, the players' set-up) come from the match seed and the pair's
//! number only ([`seeds`]). [`Summary`] computes the statistics of a match from the per-game
//! results ([`GameSummary`]), in any order: wins, victory points, the pentanomial counts of the
//! pairs, the score and the Elo difference with its interval ([`crate::pairs`]).

use crate::pairs;
use crate::setup::SetupStyle;
use crate::{play_game, GameOutcome, PlayError, Player, PlayerSpec};
use dust_core::battlefront::setup::{SetupDecision, SetupEvent, SetupPhase};
use dust_core::game::GameSetup;
use dust_core::{BySide, GameRng, Side};

/// Seeds of game `i` of a match seeded `seed`: dice, player a, player b. The two games of a
/// pair share their dice seed, and each side's seat keeps its seed: only the players change
/// places.
pub fn seeds(seed: u64, i: u32) -> (u64, u64, u64) {
    let mut r = pair_rng(seed, i / 2);
    let (dice, seat_a, seat_b) = (r.next_u64(), r.next_u64(), r.next_u64());
    match a_side(i) {
        Side::A => (dice, seat_a, seat_b),
        Side::B => (dice, seat_b, seat_a),
    }
}

fn pair_rng(seed: u64, pair: u32) -> GameRng {
    GameRng::new(seed ^ (u64::from(pair) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The seed of game `i`'s players' set-up: the next one after [`seeds`] (the pair's).
pub fn setup_seed(seed: u64, i: u32) -> u64 {
    let mut r = pair_rng(seed, i / 2);
    for _ in 0..3 {
        r.next_u64();
    }
    r.next_u64()
}

/// Which side player a takes in game `i`.
pub fn a_side(i: u32) -> Side {
    match i % 2 {
        0 => Side::A,
        _ => Side::B,
    }
}

/// A game's result.
pub type GameResult = Result<GameOutcome, PlayError>;

/// The players' set-up of a battlefront game (`--setup players`): its seed and decisions.
pub type PlayedSetup = (u64, Vec<SetupDecision>);

/// A match: player a against player b, from a seed.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// Player a.
    pub a: PlayerSpec,
    /// Player b.
    pub b: PlayerSpec,
    /// The match seed.
    pub seed: u64,
    /// Each game begins with the players' set-up (battlefront) instead of the scenario's
    /// fixed layout.
    pub players_setup: bool,
}

impl Matchup {
    /// The players' set-up of game `i`: its seed and decisions, and the game it leads to.
    pub fn players_setup(&self, template: &GameSetup, i: u32) -> (PlayedSetup, GameSetup) {
        let seed = setup_seed(self.seed, i);
        let (a, b) = (SetupStyle::for_player(&self.a), SetupStyle::for_player(&self.b));
        let styles = match a_side(i) {
            Side::A => [a, b],
            Side::B => [b, a],
        };
        let mut phase = SetupPhase::new(template.clone(), seed);
        crate::setup::play_setup(&mut phase, styles, seed);
        let decisions = phase
            .events()
            .iter()
            .filter_map(|e| match e {
                SetupEvent::Decided(_, d) => Some(*d),
                _ => None,
            })
            .collect();
        let setup = phase.game_setup().expect("the AI players finish the set-up");
        ((seed, decisions), setup)
    }

    /// Plays game `i` on `template` (the scenario's game).
    pub fn play(&self, template: &GameSetup, i: u32) -> (GameResult, Option<PlayedSetup>) {
        self.play_wrapped(template, i, |a, b| (a, b))
    }

    /// Plays game `i`, the players (a, b) wrapped first by `wrap` (to explain their decisions).
    pub fn play_wrapped(
        &self,
        template: &GameSetup,
        i: u32,
        wrap: impl FnOnce(Box<dyn Player + Send>, Box<dyn Player + Send>) -> (Box<dyn Player + Send>, Box<dyn Player + Send>),
    ) -> (GameResult, Option<PlayedSetup>) {
        let (played_setup, setup) = if self.players_setup {
            let (p, s) = self.players_setup(template, i);
            (Some(p), s)
        } else {
            (None, template.clone())
        };
        let (dice, sa, sb) = seeds(self.seed, i);
        let (mut pa, mut pb) = wrap(self.a.build(sa), self.b.build(sb));
        let r = match a_side(i) {
            Side::A => play_game(setup, pa.as_mut(), pb.as_mut(), dice),
            Side::B => play_game(setup, pb.as_mut(), pa.as_mut(), dice),
        };
        (r, played_setup)
    }
}

/// What the statistics of a match need of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's number in the match.
    pub index: u32,
    /// `None`: the game did not finish (an engine panic).
    pub finished: Option<Finished>,
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The winning side, `None` for a draw.
    pub winner: Option<Side>,
    /// Victory points at the end, per side.
    pub victory_points: BySide<u32>,
    /// Rounds played.
    pub rounds: u8,
    /// Cut off after `arena::MAX_DECISIONS` (a draw).
    pub cut_off: bool,
    /// The engine's state hash at the end (a replay reaches it).
    pub final_hash: u64,
}

impl GameSummary {
    /// The summary of game `i`'s result.
    pub fn of(i: u32, r: &GameResult) -> GameSummary {
        GameSummary {
            index: i,
            finished: r.as_ref().ok().map(|o| Finished {
                winner: o.winner,
                victory_points: o.victory_points,
                rounds: o.rounds,
                cut_off: o.cut_off,
                final_hash: o.final_hash,
            }),
        }
    }

    /// Player a's points times two (loss 0, draw 1, win 2); `None` if the game did not finish.
    pub fn points_x2(&self) -> Option<u8> {
        let f = self.finished?;
        Some(match f.winner {
            Some(w) if w == a_side(self.index) => 2,
            Some(_) => 0,
            None => 1,
        })
    }
}

/// The statistics of a match (those `dust1947 sim` prints).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Finished games.
    pub games: u32,
    /// Games that did not finish (their numbers).
    pub failed: Vec<u32>,
    /// Wins of player a.
    pub a_wins: u32,
    /// Wins of player b.
    pub b_wins: u32,
    /// Draws (cut-off games included).
    pub draws: u32,
    /// Wins of side A and of side B (whoever played it).
    pub side_wins: BySide<u32>,
    /// Mean victory points of player a and of player b.
    pub mean_vp: (f64, f64),
    /// Mean rounds.
    pub mean_rounds: f64,
    /// Games cut off.
    pub cut_off: u32,
    /// The pentanomial counts of the complete pairs (a pair with an unfinished game is left
    /// out).
    pub pentanomial: pairs::Pentanomial,
    /// Player a's score over the pairs.
    pub score: f64,
    /// The Elo difference a − b (`None`: not finite).
    pub elo: Option<f64>,
    /// Its 95% interval (`None`: unbounded).
    pub elo_interval: (Option<f64>, Option<f64>),
}

impl Summary {
    /// The statistics of the games (any order; each game number once).
    pub fn of(games: &[GameSummary]) -> Summary {
        let mut sorted: Vec<GameSummary> = games.to_vec();
        sorted.sort_by_key(|g| g.index);
        let mut s = Summary::default();
        let (mut vp_a, mut vp_b, mut rounds) = (0u64, 0u64, 0u64);
        for g in &sorted {
            let Some(f) = g.finished else {
                s.failed.push(g.index);
                continue;
            };
            let side = a_side(g.index);
            match f.winner {
                Some(w) if w == side => s.a_wins += 1,
                Some(_) => s.b_wins += 1,
                None => s.draws += 1,
            }
            if let Some(w) = f.winner {
                s.side_wins[w] += 1;
            }
            vp_a += u64::from(f.victory_points[side]);
            vp_b += u64::from(f.victory_points[side.other()]);
            rounds += u64::from(f.rounds);
            s.cut_off += u32::from(f.cut_off);
        }
        s.games = s.a_wins + s.b_wins + s.draws;
        let mean = |x: u64| if s.games > 0 { x as f64 / f64::from(s.games) } else { 0.0 };
        s.mean_vp = (mean(vp_a), mean(vp_b));
        s.mean_rounds = mean(rounds);
        let by_index: std::collections::BTreeMap<u32, &GameSummary> = sorted.iter().map(|g| (g.index, g)).collect();
        s.pentanomial = pairs::pentanomial(by_index.iter().filter(|(i, _)| *i % 2 == 0).filter_map(|(i, g0)| {
            let g1 = by_index.get(&(i + 1))?;
            Some(g0.points_x2()? + g1.points_x2()?)
        }));
        let (score, elo, lo, hi) = pairs::elo_interval(&s.pentanomial);
        s.score = score;
        s.elo = elo;
        s.elo_interval = (lo, hi);
        s
    }

    /// The number of complete pairs.
    pub fn pairs(&self) -> u32 {
        self.pentanomial.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_one_seed_with_the_sides_swapped() {
        // Games 2 and 3 are a pair: the same dice, each side's seat keeps its seed, player a
        // changes sides.
        let (d2, a2, b2) = seeds(7, 2);
        let (d3, a3, b3) = seeds(7, 3);
        assert_eq!(d2, d3);
        assert_eq!((a2, b2), (b3, a3));
        assert_eq!((a_side(2), a_side(3)), (Side::A, Side::B));
        assert_ne!(seeds(7, 1).0, seeds(7, 2).0, "another pair, other dice");
        assert_eq!(setup_seed(7, 2), setup_seed(7, 3));
        assert_ne!(setup_seed(7, 3), setup_seed(7, 4));
        assert!(![d2, a2, b2].contains(&setup_seed(7, 2)));
    }

    fn won(index: u32, winner: Option<Side>) -> GameSummary {
        GameSummary {
            index,
            finished: Some(Finished {
                winner,
                victory_points: BySide { a: 3, b: 1 },
                rounds: 4,
                cut_off: false,
                final_hash: 0,
            }),
        }
    }

    #[test]
    fn the_summary_counts_players_not_sides_and_ignores_the_order() {
        // Pair 0: a wins on side A (game 0), b wins on side A (game 1): 1 point of 2.
        // Pair 1: a wins both (side A in game 2, side B in game 3): 2 points.
        // Game 5 did not finish: pair 2 is left out of the pentanomial.
        let games = [
            won(3, Some(Side::B)),
            won(0, Some(Side::A)),
            won(2, Some(Side::A)),
            won(1, Some(Side::A)),
            won(4, None),
            GameSummary { index: 5, finished: None },
        ];
        let s = Summary::of(&games);
        assert_eq!((s.games, s.a_wins, s.b_wins, s.draws), (5, 3, 1, 1));
        assert_eq!(s.failed, vec![5]);
        assert_eq!(s.side_wins, BySide { a: 3, b: 1 });
        assert_eq!(s.pentanomial, [0, 0, 1, 0, 1]);
        assert_eq!(s.pairs(), 2);
        assert!((s.score - 0.75).abs() < 1e-12);
        // Player a had side A's 3 points in games 0, 2, 4 and side B's 1 in games 1, 3.
        assert!((s.mean_vp.0 - (3.0 * 3.0 + 2.0) / 5.0).abs() < 1e-12);
        assert_eq!(
            Summary::of(&games),
            Summary::of(&games[..].iter().rev().copied().collect::<Vec<_>>())
        );
    }
}
