//! Dust Battlefield players on the shipped zhytomyr-crossroads table (99 AP against 121 AP, the
//! 100-AP battle of issue 24's "Measures"):
//!
//! - how strong the greedy player is against the random one (games in side-swapped pairs) and
//!   how long each takes a decision;
//! - the tree search's and flat Monte Carlo's iterations a second (200 iterations a decision
//!   along the opening of a game, one thread), beside the greedy player's decisions a second in
//!   the same run;
//! - greedy against greedy, whole games on each of the four shipped tables: the longest
//!   decision beside the 50 ms the issue allows a player without a budget, with the thread's
//!   CPU time for it (the wall clock also counts the time other processes held the core) and,
//!   for reference, the generator alone on the same positions (what every player pays);
//! - budgets: whole games of `mcts:100ms` (two threads, the spec's default) against greedy,
//!   with the longest decision of each player beside the budget + 50 ms the issue allows.
//!
//! `cargo bench -p dust-ai --bench field_players` (`GAMES=N` pairs, default 3; `GREEDY_GAMES=N`
//! greedy games a table, default 10; `BUDGET_GAMES=N` games with the time budget, default 2).
//! The load average is printed at the start and the end: the figures are wall-clock times.

use dust_ai::field::{FieldGreedy, FieldMcts, FieldPlayer, FieldRandom};
use dust_ai::{Budget, MctsConfig};
use dust_core::field::{FieldGame, Pending};
use dust_core::Side;
use std::time::{Duration, Instant};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The machine's load averages (1, 5 and 15 minutes), as Linux reports them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| "unknown".into(), |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// CPU time this thread has run so far (Linux `/proc/thread-self/schedstat`, nanoseconds,
/// brought up to date at each scheduler tick and switch), or `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(s.split_whitespace().next()?.parse().ok()?))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Greedy against greedy on every shipped table: `games` whole games a table (seeds 0..games),
/// each decision timed by the wall clock and by the thread's CPU time, and the generator alone
/// (`candidates`, as the random player asks it) timed on the same positions.
fn greedy_tables(games: u64) {
    let limit = Duration::from_millis(50);
    let mut worst_all = Duration::ZERO;
    for (name, _) in dust_data::field_record::SHIPPED_TABLES {
        let setup = dust_data::field_record::shipped_setup(name, 6, None).expect("shipped");
        let (mut n, mut total, mut worst, mut worst_cpu, mut worst_at) = (0u32, Duration::ZERO, Duration::ZERO, Duration::ZERO, (0, 0));
        let (mut gen_total, mut gen_worst, mut most_cpu) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for seed in 0..games {
            let mut g = FieldGame::new(setup.clone(), seed).expect("set-up");
            g.set_logging(false);
            let mut players = [FieldGreedy::new(seed), FieldGreedy::new(seed + 500)];
            let mut i = 0;
            while let Pending::Decision(s) = g.pending() {
                let t = Instant::now();
                let c = g.candidates(dust_ai::field::CANDIDATES);
                let e = t.elapsed();
                std::hint::black_box(c);
                gen_total += e;
                gen_worst = gen_worst.max(e);
                let (t, cpu) = (Instant::now(), thread_cpu());
                let d = players[s.index()].decide(&g);
                let e = t.elapsed();
                let used = match (cpu, thread_cpu()) {
                    (Some(a), Some(b)) => b.saturating_sub(a),
                    _ => Duration::ZERO,
                };
                total += e;
                n += 1;
                most_cpu = most_cpu.max(used);
                if e > worst {
                    (worst, worst_cpu, worst_at) = (e, used, (seed, i));
                }
                g.apply(d).expect("legal");
                i += 1;
            }
        }
        worst_all = worst_all.max(worst);
        println!(
            "greedy against greedy on {name}, {games} games, {n} decisions: mean {:.2} ms, longest {:.1} ms (CPU {:.1} ms; seed {} decision {}) of {} ms allowed{}; the most CPU a decision took {:.1} ms; the generator alone on the same positions: mean {:.2} ms, longest {:.1} ms",
            ms(total) / f64::from(n.max(1)),
            ms(worst),
            ms(worst_cpu),
            worst_at.0,
            worst_at.1,
            limit.as_millis(),
            if worst > limit { " OVER" } else { "" },
            ms(most_cpu),
            ms(gen_total) / f64::from(n.max(1)),
            ms(gen_worst),
        );
    }
    println!(
        "greedy's longest decision over the four tables: {:.1} ms of {} ms allowed{}",
        ms(worst_all),
        limit.as_millis(),
        if worst_all > limit { " OVER" } else { "" }
    );
}

fn main() {
    println!("load average at the start: {}", load());
    greedy_tables(env("GREEDY_GAMES", 10));
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
    let mean = |i: usize| time[i].as_secs_f64() * 1000.0 / f64::from(count[i].max(1));
    println!(
        "greedy against random on zhytomyr-crossroads, {} games (side-swapped pairs): greedy {greedy_wins}, random {random_wins}, draws {draws}",
        2 * pairs
    );
    println!(
        "time a decision: greedy {:.2} ms mean, {:.1} ms longest ({} decisions); random {:.3} ms ({} decisions)",
        mean(0),
        worst_greedy.as_secs_f64() * 1000.0,
        count[0],
        mean(1),
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
            1000.0 / mean(0).max(1e-9),
        );
    }

    // Budgets: whole games of mcts:100ms against greedy.
    let budget = Duration::from_millis(100);
    let config = MctsConfig {
        budget: Budget::Time(budget),
        ..MctsConfig::default()
    };
    let limit = budget + Duration::from_millis(50);
    let (mut worst, mut worst_g, mut n_mcts, mut n_greedy) = (Duration::ZERO, Duration::ZERO, 0, 0);
    let (mut over, mut spent, mut unanswered) = (0u32, Duration::ZERO, 0u32);
    for game in 0..env("BUDGET_GAMES", 2) {
        let mut g = FieldGame::new(setup.clone(), game).expect("set-up");
        let mut mcts = FieldMcts::new(config.clone(), game);
        let mut greedy = FieldGreedy::new(game);
        let mcts_side = if game % 2 == 0 { Side::A } else { Side::B };
        while let Pending::Decision(s) = g.pending() {
            let t = Instant::now();
            let d = if s == mcts_side { mcts.decide(&g) } else { greedy.decide(&g) };
            let e = t.elapsed();
            // No iteration came back in time: a loaded machine did not let the search run.
            unanswered += u32::from(s == mcts_side && mcts.last_iterations == 0 && g.candidates(12).len() > 1);
            if s == mcts_side {
                worst = worst.max(e);
                n_mcts += 1;
                spent += e;
                over += u32::from(e > limit);
            } else {
                worst_g = worst_g.max(e);
                n_greedy += 1;
            }
            g.apply(d).expect("legal");
        }
    }
    println!(
        "budget on the 100-AP battle: mcts:100ms mean decision {:.1} ms, longest {:.1} ms ({n_mcts} decisions, {over} over, {unanswered} with no search result in time; budget + 50 ms = {} ms){}, greedy longest {:.1} ms ({n_greedy} decisions; greedy has no budget, 50 ms allowed){}",
        ms(spent) / f64::from(n_mcts.max(1)),
        ms(worst),
        limit.as_millis(),
        if worst > limit { " OVER" } else { "" },
        ms(worst_g),
        if worst_g > Duration::from_millis(50) { " OVER" } else { "" },
    );
    println!("load average at the end: {}", load());
}
