use dust_core::field::{FieldGame, Pending};
use dust_core::GameRng;
use dust_data::field_record::{shipped_setup, SHIPPED_TABLES};

#[test]
fn smoke() {
    for (name, _) in SHIPPED_TABLES {
        for seed in 0..3u64 {
            let setup = shipped_setup(name, 6, None).unwrap();
            let mut g = FieldGame::new(setup, seed).unwrap();
            let mut rng = GameRng::new(seed + 100);
            let mut n = 0;
            while let Pending::Decision(_) = g.pending() {
                let c = g.candidates(6);
                assert!(!c.is_empty(), "{name} {seed}: no candidate for {}", g.asks());
                let d = c[rng.index(c.len())].clone();
                g.apply(d).unwrap();
                n += 1;
                assert!(n < 5000, "{name}: too long");
            }
            eprintln!(
                "{name} seed {seed}: {n} decisions, {:?}, turn {}, ap {:?}",
                g.pending(),
                g.turn(),
                g.destroyed_ap()
            );
        }
    }
}

