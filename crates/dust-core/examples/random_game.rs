//! Plays random games of the test duel and prints the events of the first.
use dust_core::game::{tests_support, Game, Pending};
use dust_core::GameRng;

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut game = Game::new(tests_support::duel()).expect("setup");
    let mut rng = GameRng::new(seed);
    let mut steps = 0;
    loop {
        steps += 1;
        if steps > 100_000 {
            println!("too many steps; pending {:?}", game.pending());
            break;
        }
        match game.pending() {
            Pending::Chance(_) => {
                game.roll(&mut rng);
            }
            Pending::Decision { side } => {
                let options = game.legal_decisions();
                if options.is_empty() {
                    println!("no options for {side:?}");
                    break;
                }
                let pick = options[rng.index(options.len())];
                println!("  {side:?} decides {pick}");
                game.apply(pick).expect("legal");
            }
            Pending::GameOver { winner } => {
                println!("over: {winner:?} after {steps} steps");
                break;
            }
        }
    }
    for e in game.events().iter().take(400) {
        println!("{e}");
    }
}
