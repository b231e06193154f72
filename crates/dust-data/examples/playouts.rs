//! Plays a fixed number of random games of the shipped annihilation scenario (core-box armies)
//! and prints the decisions made: a fixed workload for instruction counts
//! (`perf stat -e instructions:u target/release/examples/playouts 2000`; add `battlefront` to
//! play the same armies under the battlefront edition's rules). The timed figure is the
//! `playout` benchmark's.
use dust_core::game::{Game, Pending};
use dust_core::{Edition, GameRng};

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let mut setup = dust_data::scenario::default_setup();
    if std::env::args().nth(2).as_deref() == Some("battlefront") {
        setup.edition = Edition::Battlefront;
    }
    let start = Game::new(setup).expect("the shipped scenario starts");
    let mut rng = GameRng::new(1947);
    let mut decisions = 0usize;
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            match g.pending() {
                Pending::Chance(_) => {
                    g.roll(&mut rng);
                }
                Pending::Decision { .. } => {
                    let options = g.legal_decisions();
                    g.apply_unchecked(options[rng.index(options.len())]);
                    decisions += 1;
                }
                Pending::GameOver { .. } => break,
            }
        }
    }
    println!("{games} games, {decisions} decisions");
}
