//! Dust Battlefield players on the shipped zhytomyr-crossroads table (99 AP against 121 AP, the
//! 100-AP battle of issue 24's "Measures"):
//!
//! - how strong the greedy player is against the random one (games in side-swapped pairs) and
//!   how long each takes a decision;
//! - the tree search's and flat Monte Carlo's iterations a second (200 iterations a decision
//!   along the opening of a game, one thread), beside the greedy player's decisions a second in
//!   the same run;
//! - budgets: whole games of `mcts:100ms` (two threads, the spec's default) against greedy,
//!   with the longest decision of each player beside the budget + 50 ms the issue allows.
//!
//! `cargo bench -p dust-ai --bench field_players` (`GAMES=N` pairs, default 3; `BUDGET_GAMES=N`
//! games with the time budget, default 2)

use dust_ai::field::{FieldGreedy, FieldMcts, FieldPlayer, FieldRandom};
use dust_ai::{Budget, MctsConfig};
use dust_core::field::{FieldGame, Pending};
use dust_core::Side;
use std::time::{Duration, Instant};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let setup = dust_data::field_record::shipped_setup("zhytomyr-crossroads", 6, None).expect("shipped");
    let pairs = env("GAMES", 3);
    let (mut greedy_wins, mut random_wins, mut draws) = (0, 0, 0);
    let mut time = [Duration::ZERO; 2];
    let mut count = [0u32; 2];
    let mut worst_greedy = Duration::ZERO;
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
                let e = t.elapsed();
                time[i] += e;
                count[i] += 1;
                if i == 0 {
                    worst_greedy = worst_greedy.max(e);
                }
                g.apply(d).expect("legal");
            }
            match g.pending() {
                Pending::Over(Some(w)) if w == greedy_side => greedy_wins += 1,
                Pending::Over(Some(_)) => random_wins += 1,
                _ => draws += 1,
            }
        }
    }
    let ms = |i: usize| time[i].as_secs_f64() * 1000.0 / f64::from(count[i].max(1));
    println!(
        "greedy against random on zhytomyr-crossroads, {} games (side-swapped pairs): greedy {greedy_wins}, random {random_wins}, draws {draws}",
        2 * pairs
    );
    println!(
        "time a decision: greedy {:.2} ms mean, {:.1} ms longest ({} decisions); random {:.3} ms ({} decisions)",
        ms(0),
        worst_greedy.as_secs_f64() * 1000.0,
        count[0],
        ms(1),
        count[1],
    );

    // Iterations a second, tree and flat, one thread, 200 iterations a decision.
    for flat in [false, true] {
        let config = MctsConfig {
            budget: Budget::Iterations(200),
            threads: 1,
            flat,
            ..MctsConfig::default()
        };
        let (mut its, mut spent, mut decisions) = (0u64, Duration::ZERO, 0);
        for seed in 0..pairs {
            let mut g = FieldGame::new(setup.clone(), seed).expect("set-up");
            let mut p = FieldMcts::new(config.clone(), seed);
            for _ in 0..12 {
                let Pending::Decision(_) = g.pending() else { break };
                let t = Instant::now();
                let d = p.decide(&g);
                spent += t.elapsed();
                its += p.last_iterations;
                decisions += 1;
                g.apply(d).expect("legal");
            }
        }
        println!(
            "{}: {:.0} iterations/s ({its} iterations in {decisions} decisions of the opening, {:.1} ms a decision); greedy in the same run: {:.0} decisions/s",
            if flat { "flat Monte Carlo" } else { "tree search" },
            its as f64 / spent.as_secs_f64().max(1e-9),
            spent.as_secs_f64() * 1000.0 / f64::from(decisions.max(1)),
            1000.0 / ms(0).max(1e-9),
        );
    }

    // Budgets: whole games of mcts:100ms against greedy.
    let budget = Duration::from_millis(100);
    let config = MctsConfig {
        budget: Budget::Time(budget),
        ..MctsConfig::default()
    };
    let (mut worst, mut worst_g, mut n_mcts, mut n_greedy) = (Duration::ZERO, Duration::ZERO, 0, 0);
    for game in 0..env("BUDGET_GAMES", 2) {
        let mut g = FieldGame::new(setup.clone(), game).expect("set-up");
        let mut mcts = FieldMcts::new(config.clone(), game);
        let mut greedy = FieldGreedy::new(game);
        let mcts_side = if game % 2 == 0 { Side::A } else { Side::B };
        while let Pending::Decision(s) = g.pending() {
            let t = Instant::now();
            let d = if s == mcts_side { mcts.decide(&g) } else { greedy.decide(&g) };
            let e = t.elapsed();
            if s == mcts_side {
                worst = worst.max(e);
                n_mcts += 1;
            } else {
                worst_g = worst_g.max(e);
                n_greedy += 1;
            }
            g.apply(d).expect("legal");
        }
    }
    println!(
        "budget on the 100-AP battle: mcts:100ms longest decision {:.1} ms ({n_mcts} decisions; budget + 50 ms = {} ms), greedy longest {:.1} ms ({n_greedy} decisions; greedy has no budget, 50 ms allowed)",
        worst.as_secs_f64() * 1000.0,
        (budget + Duration::from_millis(50)).as_millis(),
        worst_g.as_secs_f64() * 1000.0,
    );
}
