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

/// CPU time this thread has run so far (Linux `/proc/thread-self/schedstat`, nanoseconds,
/// brought up to date at each scheduler tick), or `None` elsewhere. On a machine shared with
/// other builds the wall clock also counts the time they held the core; games per CPU-second
/// are games a second on one core of one's own.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(s.split_whitespace().next()?.parse().ok()?))
}

/// Games a second of wall time, decisions a game, games, and games per CPU-second of this
/// thread (when known), over 3 s of playing `f`.
fn rate(f: &mut dyn FnMut() -> usize) -> (f64, f64, u64, Option<f64>) {
    let (mut games, mut decisions) = (0u64, 0usize);
    let (t, cpu) = (Instant::now(), thread_cpu());
    while t.elapsed() < Duration::from_secs(3) {
        decisions += f();
        games += 1;
    }
    let per_cpu = match (cpu, thread_cpu()) {
        (Some(a), Some(b)) if b > a => Some(games as f64 / (b - a).as_secs_f64()),
        _ => None,
    };
    (
        games as f64 / t.elapsed().as_secs_f64(),
        decisions as f64 / games as f64,
        games,
        per_cpu,
    )
}

/// ", N games per CPU-second" when known.
fn per_cpu(r: Option<f64>) -> String {
    r.map_or_else(String::new, |r| format!(", {r:.0} games per CPU-second"))
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
    let (fr, fd, fg, fc) = rate(&mut || {
        seed += 1;
        field_playout(&setup, seed)
    });
    let start = dust_core::game::Game::new(dust_data::scenario::default_setup()).expect("the shipped scenario starts");
    let mut rng = GameRng::new(1947);
    let (br, bd, bg, bc) = rate(&mut || battlefront_playout(&start, &mut rng));
    println!(
        "battlefield random games on {TABLE} ({} AP against {} AP, {} turns): {fr:.0} games/s{} ({fg} games, {fd:.0} decisions a game, one thread; target >= 200 games/s on one core)",
        ap(dust_geom::table::Side::A),
        ap(dust_geom::table::Side::B),
        dust_data::field_record::DEFAULT_TURNS,
        per_cpu(fc),
    );
    println!(
        "reference, battlefront/revised random games of annihilation in the same run: {br:.0} games/s{} ({bg} games, {bd:.0} decisions a game)",
        per_cpu(bc)
    );
    println!(
        "load average: {}",
        std::fs::read_to_string("/proc/loadavg")
            .map_or_else(|_| "unknown".into(), |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
    );
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
