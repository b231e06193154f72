//! `Game::decisions_after` (issue 21): what the engine offers after some decisions of the
//! declaration pending, worked out without copying the game, is what a copy of the game
//! offers once they are applied — or it says it cannot tell.

use dust_core::game::tests_support::{battlefront_skirmish, play_randomly_checking, skirmish};
use dust_core::game::{Decision, Game, Pending};
use dust_core::GameRng;

/// What a copy of `game` offers after `path`.
fn by_copy(game: &Game, path: &[Decision]) -> Vec<Decision> {
    let mut g = game.clone();
    for &d in path {
        g.apply_unchecked(d);
    }
    g.legal_decisions()
}

/// Plays random games of `setup` and, at every decision, compares `decisions_after` with a copy
/// of the game for each option and for each option followed by a random one of what it
/// offers next. Returns (answers given, answers refused).
fn compare(setup: impl Fn(u64) -> dust_core::game::GameSetup, seeds: u64) -> (u32, u32) {
    let (mut told, mut refused) = (0, 0);
    for seed in 0..seeds {
        let mut game = Game::new(setup(seed)).expect("the skirmish sets up");
        let mut rng = GameRng::new(seed);
        let mut pick = GameRng::new(seed + 100);
        play_randomly_checking(&mut game, &mut rng, 100_000, &format!("seed {seed}"), |g| {
            if !matches!(g.pending(), Pending::Decision { .. }) {
                return;
            }
            for d in g.legal_decisions() {
                let after = by_copy(g, &[d]);
                let mut paths = vec![vec![d]];
                if !after.is_empty() {
                    paths.push(vec![d, after[pick.index(after.len())]]);
                }
                for path in paths {
                    match g.decisions_after(&path) {
                        Some(v) => {
                            told += 1;
                            assert_eq!(v, by_copy(g, &path), "seed {seed}: after {path:?}");
                        }
                        None => refused += 1,
                    }
                }
            }
        });
    }
    (told, refused)
}

#[test]
fn revised_declarations_offer_what_a_copy_of_the_game_offers() {
    let (told, refused) = compare(skirmish, 2);
    // Most declaration items are told; choosing the unit and the last item of a declaration
    // are not.
    assert!(told > 600 && refused > 100, "told {told}, refused {refused}");
}

#[test]
fn battlefront_declarations_offer_what_a_copy_of_the_game_offers() {
    let (told, refused) = compare(battlefront_skirmish, 2);
    assert!(told > 600 && refused > 100, "told {told}, refused {refused}");
}
