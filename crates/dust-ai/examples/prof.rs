//! Profiling loops (issue 21): `prof fight|greedy|mcts|mcts-light SECONDS`, each a hot loop for
//! `perf`. `mcts` searches whole activations with the greedy play-outs (`look=4`, the default),
//! `mcts-light` with the light policy's 12-decision play-outs (`look=0`). `prof hashes N`: the
//! final state hashes of N greedy-against-greedy games on each of five shipped scenarios (a change
//! that must not change greedy's decisions keeps them).
#[path = "../benches/common/mod.rs"]
mod common;

use common::{midgame, start};
use dust_ai::{MctsConfig, MctsPlayer, Player, PlayerSpec};
use dust_core::GameRng;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map_or("fight", |s| s.as_str());
    // `N` seconds, or `Nx`: N rounds of work (a fixed amount, for `perf stat` counts).
    let arg = args.get(2).map_or("5", |s| s.as_str());
    let rounds: Option<u64> = arg.strip_suffix('x').and_then(|n| n.parse().ok());
    let secs: f64 = if rounds.is_some() { f64::MAX } else { arg.parse().unwrap_or(5.0) };
    let more = |n: u64, t: &Instant| match rounds {
        Some(r) => n < r,
        None => t.elapsed().as_secs_f64() < secs,
    };
    if what == "hashes" {
        hashes(arg.parse().unwrap_or(10));
        return;
    }
    let t = Instant::now();
    let mut n = 0u64;
    match what {
        "fight" => {
            let g = start();
            let mut rng = GameRng::new(1);
            while more(n, &t) {
                let mut x = g.clone();
                dust_ai::playout(&mut x, &mut rng, 100_000);
                n += 1;
            }
        }
        "clone" => {
            let g = midgame();
            while more(n, &t) {
                for _ in 0..1000 {
                    std::hint::black_box(g.clone());
                }
                n += 1000;
            }
        }
        "greedy" => {
            let g = midgame();
            let mut p = PlayerSpec::Greedy.build(7);
            while more(n, &t) {
                std::hint::black_box(p.decide(&g));
                n += 1;
            }
        }
        _ => {
            let g = midgame();
            let mut p = MctsPlayer::new(
                MctsConfig {
                    budget: dust_ai::Budget::Iterations(2000),
                    threads: 1,
                    lookahead: if what == "mcts-light" { 0 } else { MctsConfig::default().lookahead },
                    ..MctsConfig::default()
                },
                3,
            );
            while more(n, &t) {
                std::hint::black_box(p.decide(&g));
                n += 2000;
            }
        }
    }
    println!("{what}: {:.1} per second", n as f64 / t.elapsed().as_secs_f64());
}

/// Plays `n` greedy games on each of five shipped scenarios of both editions and prints each
/// scenario's final state hashes folded into one, and the time taken.
fn hashes(n: u64) {
    let cards = dust_data::builtin::builtin_cards();
    for name in [
        "annihilation",
        "hold-the-crossroads",
        "encounter",
        "grab-the-dust",
        "bait-and-flank",
    ] {
        let scenario = dust_data::scenario::load_builtin(name).expect("a shipped scenario");
        let t = Instant::now();
        let mut folded = 0u64;
        for seed in 0..n {
            let setup = scenario.game_setup(&cards).expect("a game");
            let mut a = PlayerSpec::Greedy.build(seed);
            let mut b = PlayerSpec::Greedy.build(seed + 1000);
            let out = dust_ai::play_game(setup, a.as_mut(), b.as_mut(), seed + 2000).expect("a game");
            folded = folded.rotate_left(7) ^ out.final_hash;
        }
        println!("{name}: {n} games, hashes {folded:#018x}, {:.2} s", t.elapsed().as_secs_f64());
    }
}
