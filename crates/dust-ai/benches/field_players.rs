//! Dust Battlefield players on a shipped table, one thread: how strong the greedy player is
//! against the random one (games in side-swapped pairs), and how long the greedy and Monte
//! Carlo players take a decision, beside the random player's time in the same run.
//!
//! `cargo bench -p dust-ai --bench field_players` (GAMES=N pairs, default 5)

use dust_ai::field::{FieldGreedy, FieldMonteCarlo, FieldPlayer, FieldRandom};
use dust_core::field::{FieldGame, Pending};
use dust_core::Side;
use std::time::{Duration, Instant};

fn main() {
    let setup = dust_data::field_record::shipped_setup("zhytomyr-crossroads", 6, None).expect("shipped");
    let pairs: u64 = std::env::var("GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    let (mut greedy_wins, mut random_wins, mut draws) = (0, 0, 0);
    let mut time = [Duration::ZERO; 3];
    let mut count = [0u32; 3];
    let mut worst_mc = Duration::ZERO;
    let mut worst_budget = Duration::ZERO;
    for seed in 0..pairs {
        for swap in [false, true] {
            let mut g = FieldGame::new(setup.clone(), seed).expect("set-up");
            g.set_logging(false);
            let mut greedy = FieldGreedy::new(seed);
            let mut random = FieldRandom::new(seed + 1000);
            let greedy_side = if swap { Side::B } else { Side::A };
            while let Pending::Decision(s) = g.pending() {
                let (i, p): (usize, &mut dyn FieldPlayer) = if s == greedy_side { (0, &mut greedy) } else { (1, &mut random) };
                let t = Instant::now();
                let d = p.decide(&g);
                time[i] += t.elapsed();
                count[i] += 1;
                g.apply(d).expect("legal");
            }
            match g.pending() {
                Pending::Over(Some(w)) if w == greedy_side => greedy_wins += 1,
                Pending::Over(Some(_)) => random_wins += 1,
                _ => draws += 1,
            }
        }
        // The Monte Carlo player's decisions along the opening of a game, 200 playouts each.
        let mut g = FieldGame::new(setup.clone(), seed).expect("set-up");
        let mut mc = FieldMonteCarlo::new(seed, 200, None);
        for _ in 0..12 {
            let Pending::Decision(_) = g.pending() else { break };
            let t = Instant::now();
            let d = mc.decide(&g);
            let e = t.elapsed();
            worst_mc = worst_mc.max(e);
            time[2] += e;
            count[2] += 1;
            g.apply(d).expect("legal");
        }
        // With a time budget of 100 ms: the longest decision.
        let mut g = FieldGame::new(setup.clone(), seed).expect("set-up");
        let mut mc = FieldMonteCarlo::new(seed, u32::MAX, Some(Duration::from_millis(100)));
        for _ in 0..12 {
            let Pending::Decision(_) = g.pending() else { break };
            let t = Instant::now();
            let d = mc.decide(&g);
            worst_budget = worst_budget.max(t.elapsed());
            g.apply(d).expect("legal");
        }
    }
    let ms = |i: usize| time[i].as_secs_f64() * 1000.0 / f64::from(count[i].max(1));
    println!(
        "greedy against random on zhytomyr-crossroads, {} games (side-swapped pairs): greedy {greedy_wins}, random {random_wins}, draws {draws}",
        2 * pairs
    );
    println!(
        "time a decision: greedy {:.2} ms ({} decisions), random {:.3} ms ({} decisions); Monte Carlo, 200 playouts: {:.1} ms mean, {:.1} ms worst ({} decisions)",
        ms(0),
        count[0],
        ms(1),
        count[1],
        ms(2),
        worst_mc.as_secs_f64() * 1000.0,
        count[2]
    );
    println!(
        "Monte Carlo with a 100 ms budget: longest decision {:.1} ms (budget + 50 ms = 150 ms)",
        worst_budget.as_secs_f64() * 1000.0
    );
}
