use dust_core::game::{Decision, Game, Pending};
use dust_core::GameRng;
use std::time::{Duration, Instant};
fn main() {
    let start = Game::new(dust_data::scenario::default_setup()).unwrap();
    let mut rng = GameRng::new(1);
    let (mut t_clone, mut t_pending, mut t_legal, mut t_apply, mut t_roll) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut per_kind: std::collections::BTreeMap<&'static str, (Duration, u64, u64)> = Default::default();
    let games = 2000;
    let mut n_legal = 0u64;
    let mut n_opts = 0u64;
    let mut n_roll = 0u64;
    let total = Instant::now();
    for _ in 0..games {
        let t = Instant::now();
        let mut g = start.clone();
        t_clone += t.elapsed();
        loop {
            let t = Instant::now();
            let p = g.pending();
            t_pending += t.elapsed();
            match p {
                Pending::Chance(_) => {
                    let t = Instant::now();
                    g.roll(&mut rng);
                    t_roll += t.elapsed();
                    n_roll += 1;
                }
                Pending::Decision { .. } => {
                    let t = Instant::now();
                    let o = g.legal_decisions();
                    let e = t.elapsed();
                    t_legal += e;
                    n_legal += 1;
                    n_opts += o.len() as u64;
                    let k = match o[0] {
                        Decision::First(_) => "first",
                        Decision::Activate(_) => "activate",
                        Decision::Use(..) => "use",
                        Decision::Plan(_) => "plan",
                        Decision::MoveTo(_) => "move",
                        Decision::Aim { .. } => "aim",
                        Decision::React(_) => "react",
                        Decision::Retaliate(_) => "retaliate",
                        Decision::Casualty(_) => "casualty",
                        _ => "other",
                    };
                    let ent = per_kind.entry(k).or_default();
                    ent.0 += e;
                    ent.1 += 1;
                    ent.2 += o.len() as u64;
                    let d = o[rng.index(o.len())];
                    let t = Instant::now();
                    g.apply_unchecked(d);
                    t_apply += t.elapsed();
                }
                Pending::GameOver { .. } => break,
            }
        }
    }
    let tt = total.elapsed();
    println!("{games} games in {tt:?}: {:.0} games/s", games as f64 / tt.as_secs_f64());
    println!("clone {t_clone:?} pending {t_pending:?} legal {t_legal:?} ({n_legal} calls, {:.1} options avg) apply {t_apply:?} roll {t_roll:?} ({n_roll})", n_opts as f64 / n_legal as f64);
    for (k, (d, n, o)) in per_kind {
        println!(
            "  legal_decisions when first option is {k:<9}: {d:?} over {n} calls ({:.2} us/call, {:.1} options)",
            d.as_secs_f64() * 1e6 / n as f64,
            o as f64 / n as f64
        );
    }
}
