//! Positions shared by the benchmarks and the profiling example (`examples/prof.rs`).
use dust_ai::PlayerSpec;
use dust_core::game::{Game, Pending};
use dust_core::GameRng;

/// The shipped annihilation scenario with the core-box armies, at its start.
pub fn start() -> Game {
    Game::new(dust_data::scenario::default_setup()).expect("the shipped scenario")
}

/// A position in round 3 with units on the board, reached by greedy play.
pub fn midgame() -> Game {
    let mut g = start();
    let mut dice = GameRng::new(7);
    let mut players = [PlayerSpec::Greedy.build(1), PlayerSpec::Greedy.build(2)];
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                if g.round() >= 3 && g.legal_decisions().len() > 2 {
                    g.clear_events();
                    return g;
                }
                let d = players[side.index()].decide(&g);
                g.apply(d).expect("legal");
            }
            Pending::GameOver { .. } => panic!("the game ended before round 3"),
        }
    }
}
