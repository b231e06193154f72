//! Play-outs of whole activations by the greedy player (issue 21, "Strength").
//!
//! The search over whole activations ([`crate::MctsPlayer`]'s plan search) judges each
//! candidate activation by playing on from it. With the light policy of [`crate::policy`] the
//! play-outs were cheap but played both armies far worse than the greedy opponent the search
//! is measured against: the candidates' values differed by less than their noise (0.603 to
//! 0.612 after 10,000 play-outs on the shipped annihilation scenario) and the most played-out
//! one was close to a random pick among the greedy planner's best. Here both sides are played
//! by the greedy player itself for the next `activations` activations (the candidate's own rest:
//! aims, the enemy's reactive fire and casualties; then the enemy's reply, ...), the dice rolled,
//! and the position is scored by [`eval::win_value`] where the next activation is pending: a
//! quiet position, every attack resolved. This is a rollout algorithm over the greedy base
//! policy (Bertsekas, "rollout" policy improvement): the activation played is the one whose
//! continuation by the base policy scores best on average.

use crate::eval;
use crate::GreedyPlayer;
use crate::Player;
use dust_core::game::{Decision, Game, Pending};
use dust_core::{GameRng, Side};

/// Decisions (and rolls) a play-out takes at most before it is scored anyway.
const MAX_STEPS: u32 = 600;

/// Plays `g` on with the greedy player on both sides until `activations` more activations have
/// been started and the next is pending (or the game ends), rolling the dice with `rng`, and
/// returns the value of the position for side A ([`eval::win_value`]). When the round would
/// end within `activations` more activations, the play-out goes on to its end: the end of a
/// round is where a hill is held ("a unit on it at the end of a round, and none of the
/// enemy's, wins") and where battlefront objectives score, and a play-out cut just before it
/// cannot tell the activation that takes the hill from one that only stands next to it.
///
/// `me` is the searching side: its greedy decisions are made under `patient`
/// ([`eval::with_patience`]); the enemy's are never patient, as the greedy player plays.
pub(crate) fn greedy_playout(g: &mut Game, activations: u32, me: Side, patient: bool, rng: &mut GameRng) -> f64 {
    play(g, me, patient, rng, |g, started| {
        started >= activations && !round_ends_within(g, activations)
    })
}

/// Plays `g` on as [`greedy_playout`] does to the end of the round (where the next round's
/// first activation is pending, or the game ends) and returns the value for side A.
pub(crate) fn greedy_round(g: &mut Game, me: Side, patient: bool, rng: &mut GameRng) -> f64 {
    let round = g.round();
    play(g, me, patient, rng, |g, _| g.round() != round)
}

/// The greedy player on both sides until `stop` (asked where an activation is pending, with
/// the activations started so far) says so, then the value for side A.
fn play(g: &mut Game, me: Side, patient: bool, rng: &mut GameRng, stop: impl Fn(&Game, u32) -> bool) -> f64 {
    let mut players = [GreedyPlayer::new(0), GreedyPlayer::new(1)];
    let mut started = 0;
    for _ in 0..MAX_STEPS {
        match g.pending() {
            Pending::GameOver { winner } => return eval::terminal_value(g, winner, Side::A),
            Pending::Chance(_) => {
                g.roll(rng);
            }
            Pending::Decision { side } => {
                let options = g.legal_decisions();
                let Some(&first) = options.first() else { break };
                if matches!(first, Decision::Activate(_)) {
                    if stop(g, started) {
                        break;
                    }
                    started += 1;
                }
                let d = if options.len() == 1 {
                    first
                } else {
                    let p = &mut players[side.index()];
                    eval::with_patience(patient && side == me, || p.decide(g))
                };
                g.apply_unchecked(d);
            }
        }
    }
    eval::with_patience(patient, || eval::win_value(g, Side::A))
}

/// Whether the round ends after at most `n` more activations: every unit still to activate
/// this round counted (joined heroes activate with their squad).
fn round_ends_within(g: &Game, n: u32) -> bool {
    let left = activations_left(g);
    left > 0 && left <= n
}

/// The activations left in this round: the units still to activate (joined heroes activate
/// with their squad).
pub(crate) fn activations_left(g: &Game) -> u32 {
    let left = g
        .units()
        .iter()
        .filter(|u| !u.destroyed && !u.activated && !u.is_joined_hero())
        .count();
    u32::try_from(left).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::game::tests_support;

    /// A play-out stops where the next activation is pending once its activations are played,
    /// and is the same for the same dice.
    #[test]
    fn a_playout_stops_between_activations_and_repeats_for_its_seed() {
        let mut g = Game::new(tests_support::duel()).unwrap();
        let mut dice = GameRng::new(5);
        // Up to the first activation.
        while !matches!(g.legal_decisions().first(), Some(Decision::Activate(_))) {
            match g.pending() {
                Pending::Chance(_) => {
                    g.roll(&mut dice);
                }
                _ => {
                    let d = g.legal_decisions()[0];
                    g.apply(d).unwrap();
                }
            }
        }
        let start = g.clone();
        let (mut a, mut b) = (start.clone(), start.clone());
        let va = greedy_playout(&mut a, 2, Side::A, false, &mut GameRng::new(9));
        let vb = greedy_playout(&mut b, 2, Side::A, false, &mut GameRng::new(9));
        assert_eq!(va, vb);
        assert_eq!(a.state_hash(), b.state_hash());
        assert_ne!(a.state_hash(), start.state_hash(), "nothing was played");
        assert!((0.0..=1.0).contains(&va));
        match a.pending() {
            Pending::GameOver { .. } => {}
            _ => assert!(
                matches!(a.legal_decisions().first(), Some(Decision::Activate(_))),
                "stopped at {:?}",
                a.legal_decisions().first()
            ),
        }
    }
}
