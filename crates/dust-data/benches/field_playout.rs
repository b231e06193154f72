//! Random full games of Dust Battlefield on a shipped table, on one thread (issue 24,
//! "Measures": "random full games of a 100-AP battle ≥ 200/s on one core"), printed beside the
//! battlefront edition's random games of the shipped annihilation scenario measured in the same
//! run. A random player picks uniformly among the generator's candidates
//! (`FieldGame::candidates`, the decisions every AI player chooses from). Asserts that every
//! game it times ended.
//!
//! `cargo bench -p dust-data --bench field_playout`

use criterion::{criterion_group, criterion_main, Criterion};
use dust_core::field::{FieldGame, Pending};
use dust_core::GameRng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The table: 100 AP a side or near it (printed).
const TABLE: &str = "zhytomyr-crossroads";

fn field_playout(setup: &dust_core::field::FieldSetup, seed: u64) -> usize {
    let mut g = FieldGame::new(setup.clone(), seed).expect("the shipped table sets up");
    g.set_logging(false);
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut n = 0;
    while let Pending::Decision(_) = g.pending() {
        let c = g.candidates(6);
        g.apply(c[rng.index(c.len())].clone()).expect("a candidate is legal");
        n += 1;
        assert!(n < 100_000, "a random game did not end");
    }
    n
}

fn battlefront_playout(start: &dust_core::game::Game, rng: &mut GameRng) -> usize {
    use dust_core::game::Pending as P;
    let mut g = start.clone();
    let mut n = 0;
    loop {
        match g.pending() {
            P::Chance(_) => {
                g.roll(rng);
            }
            P::Decision { .. } => {
                let o = g.legal_decisions();
                g.apply_unchecked(o[rng.index(o.len())]);
                n += 1;
            }
            P::GameOver { .. } => return n,
        }
    }
}

fn rate(f: &mut dyn FnMut() -> usize) -> (f64, f64, u64) {
    let (mut games, mut decisions) = (0u64, 0usize);
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(3) {
        decisions += f();
        games += 1;
    }
    (games as f64 / t.elapsed().as_secs_f64(), decisions as f64 / games as f64, games)
}

fn playouts(c: &mut Criterion) {
    let setup = dust_data::field_record::shipped_setup(TABLE, dust_data::field_record::DEFAULT_TURNS, None).expect("shipped");
    let ap = |s: dust_geom::table::Side| -> u16 {
        setup
            .table
            .units
            .iter()
            .zip(&setup.cards)
            .filter(|(u, _)| u.side == s)
            .map(|(_, c)| c.card.ap)
            .sum()
    };
    let mut seed = 0;
    let (fr, fd, fg) = rate(&mut || {
        seed += 1;
        field_playout(&setup, seed)
    });
    let start = dust_core::game::Game::new(dust_data::scenario::default_setup()).expect("the shipped scenario starts");
    let mut rng = GameRng::new(1947);
    let (br, bd, bg) = rate(&mut || battlefront_playout(&start, &mut rng));
    println!(
        "battlefield random games on {TABLE} ({} AP against {} AP, {} turns): {fr:.0} games/s ({fg} games, {fd:.0} decisions a game, one thread)",
        ap(dust_geom::table::Side::A),
        ap(dust_geom::table::Side::B),
        dust_data::field_record::DEFAULT_TURNS
    );
    println!("reference, battlefront/revised random games of annihilation in the same run: {br:.0} games/s ({bg} games, {bd:.0} decisions a game)");
    let mut s = 100;
    c.bench_function("battlefield random game", |b| {
        b.iter(|| {
            s += 1;
            black_box(field_playout(&setup, s))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5));
    targets = playouts
}
criterion_main!(benches);
