use dust_core::game::tests_support::skirmish;
use dust_core::game::{Game, Pending};
use dust_core::{GameRng, UnitKind};
fn main() {
    for variant in 0..12u64 {
        for seed in 0..40u64 {
            let mut g = Game::new(skirmish(variant)).unwrap();
            let mut rng = GameRng::new(seed);
            loop {
                let bad = g.board().squares().find(|&s| g.units().iter().filter(|u| !u.destroyed && u.at == Some(s) && u.card.kind != UnitKind::Hero).count() > 1);
                if let Some(s) = bad {
                    println!("variant {variant} seed {seed}: {s}");
                    for e in g.events().iter().rev().take(25).rev() { println!("  {e}"); }
                    return;
                }
                match g.pending() {
                    Pending::GameOver { .. } => break,
                    Pending::Chance(_) => { g.roll(&mut rng); }
                    Pending::Decision { .. } => { let l = g.legal_decisions(); let p = l[rng.index(l.len())]; g.apply(p).unwrap(); }
                }
            }
        }
    }
}
