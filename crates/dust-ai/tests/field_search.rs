//! The Battlefield tree search ([`dust_ai::field::FieldMcts`], the project's one tree search on
//! the measured table): every decision it makes is one the engine accepts, and with an
//! iteration budget the same seed plays the same game.

use dust_ai::field::{field_player, play_field, FieldPlayer};
use dust_ai::PlayerSpec;
use dust_core::field::FieldGame;

fn game(spec: &str, seed: u64) -> (Vec<dust_core::field::Decision>, u64) {
    let setup = dust_data::field_record::shipped_setup("zhytomyr-crossroads", 1, None).expect("shipped");
    let mut g = FieldGame::new(setup, seed).expect("set-up");
    let spec: PlayerSpec = spec.parse().expect("spec");
    let mut players: [Box<dyn FieldPlayer + Send>; 2] = [field_player(&spec, seed), field_player(&PlayerSpec::Greedy, seed + 1)];
    let (ds, times) = play_field(&mut g, &mut players, 10_000).expect("every decision is accepted");
    assert!(times[0].decisions > 0 && times[1].decisions > 0);
    (ds, g.state_hash())
}

#[test]
fn the_tree_search_plays_a_turn_legally_and_deterministically() {
    let a = game("mcts:24i,threads=2", 3);
    let b = game("mcts:24i,threads=2", 3);
    assert_eq!(a, b, "same seed, same iterations: same game");
    assert!(a.0.len() > 10, "a turn of the 100-AP battle has many decisions");
}

#[test]
fn flat_monte_carlo_plays_a_turn_legally() {
    let (ds, _) = game("mcts:16i,threads=1,flat=1", 4);
    assert!(ds.len() > 10);
}
