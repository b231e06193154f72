//! The exact ceiling of the duel against the random player (issue 22): the best chance any
//! player has to beat `random` on the duel (`dust_core::game::tests_support::duel`), on side A
//! and on side B, by expectimax over the whole game (`dust_ai::ceiling`).
//!
//! ```sh
//! cargo run --release -p dust-ai --example duel_ceiling                    # 4 rounds, both sides
//! cargo run --release -p dust-ai --example duel_ceiling -- --rounds 2 --check 4000
//! cargo run --release -p dust-ai --example duel_ceiling -- --side b --objective not-lost
//! ```
//!
//! `--check N` then plays the solved policy against the built-in random player
//! (`dust_ai::RandomPlayer`, the engine's dice) for N games per side and prints the share of
//! wins beside the computed chance, with the 95% interval of the share.

use dust_ai::ceiling::{Ceiling, Chances, Objective};
use dust_ai::{Player, PlayerSpec, RandomPlayer};
use dust_core::game::{tests_support::duel, Decision, Game, Pending};
use dust_core::{GameRng, Side};
use std::time::Instant;

const HELP: &str = "duel_ceiling: the best chance to beat the random player on the duel, by exact expectimax

usage: duel_ceiling [--rounds N] [--side a|b|both|none] [--objective win|not-lost] [--check N]
                    [--players SPEC,SPEC...] [--games N] [--seed S]

  --rounds N        the duel's round limit (default 4, the duel's own)
  --side            the agent's side (default both; none: no solving, only --players)
  --objective       what the agent maximises: win (default; a draw is no win), or not-lost
                    (win or draw); the other breaks ties
  --check N         then play the solved policy against the random player, N games per side
  --players LIST    built-in players (sim's specs: greedy, mcts:200i, ...) to play against random
  --games N         games per built-in player, paired: game i on side A and on side B with the
                    same seeds (default 400)
  --seed S          the first seed of the games (default 1)";

struct Args {
    rounds: u8,
    sides: Vec<Side>,
    objective: Objective,
    check: u32,
    players: Vec<PlayerSpec>,
    games: u32,
    seed: u64,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        rounds: 4,
        sides: vec![Side::A, Side::B],
        objective: Objective::Win,
        check: 0,
        players: Vec::new(),
        games: 400,
        seed: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            println!("{HELP}");
            std::process::exit(0);
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value (see --help)"))?;
        let number = |what: &str| value.parse::<u64>().map_err(|_| format!("{flag}: `{value}` is not {what}"));
        match flag.as_str() {
            "--rounds" => a.rounds = u8::try_from(number("a number of rounds")?).map_err(|_| "--rounds: at most 255".to_string())?,
            "--side" => {
                a.sides = match value.as_str() {
                    "a" | "A" => vec![Side::A],
                    "b" | "B" => vec![Side::B],
                    "both" => vec![Side::A, Side::B],
                    "none" => Vec::new(),
                    _ => return Err(format!("--side: `{value}`: use a, b, both or none")),
                }
            }
            "--objective" => {
                a.objective = match value.as_str() {
                    "win" => Objective::Win,
                    "not-lost" => Objective::NotLost,
                    _ => return Err(format!("--objective: `{value}`: use win or not-lost")),
                }
            }
            "--check" => a.check = u32::try_from(number("a number of games")?).map_err(|_| "--check: too many games".to_string())?,
            "--seed" => a.seed = number("a seed")?,
            "--players" => {
                a.players = value
                    .split(',')
                    .map(|p| p.trim().parse::<PlayerSpec>().map_err(|e| format!("--players: {e}")))
                    .collect::<Result<_, _>>()?
            }
            "--games" => a.games = u32::try_from(number("a number of games")?).map_err(|_| "--games: too many games".to_string())?,
            _ => return Err(format!("unknown option `{flag}` (see --help)")),
        }
    }
    if a.rounds == 0 {
        return Err("--rounds: at least 1".into());
    }
    Ok(a)
}

/// Resident memory in MB (Linux), for the progress line.
fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1).and_then(|p| p.parse::<f64>().ok()))
        .map_or(0.0, |pages| pages * 4096.0 / 1e6)
}

/// The 95% Wilson interval of a share of `n` games.
fn wilson(k: u32, n: u32) -> (f64, f64) {
    let (n, p, z) = (f64::from(n), f64::from(k) / f64::from(n), 1.96);
    let c = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (c - h, c + h)
}

/// Plays `start` to its end: `agent` decides for `side`, the built-in random player (seeded
/// with `seed`) for the other side, the dice come from `GameRng::new(seed)`. Returns the winner.
fn play(start: &Game, side: Side, seed: u64, agent: &mut dyn FnMut(&Game) -> Decision) -> Option<Side> {
    let mut g = start.clone();
    let mut random = RandomPlayer::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut dice = GameRng::new(seed);
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side: s } => {
                let d = if s == side { agent(&g) } else { random.decide(&g) };
                g.apply(d).expect("the players pick legal decisions");
            }
            Pending::GameOver { winner } => return winner,
        }
        g.clear_events();
    }
}

/// A line of results: wins, draws, losses of `n` games with the 95% intervals of the wins and
/// of "not lost".
fn results(wins: u32, not_lost: u32, n: u32) -> String {
    let share = |k: u32| f64::from(k) / f64::from(n);
    let (wl, wh) = wilson(wins, n);
    let (nl, nh) = wilson(not_lost, n);
    format!(
        "wins {:.1}% (95%: {:.1} to {:.1}%), draws {:.1}%, losses {:.1}%, not lost {:.1}% (95%: {:.1} to {:.1}%)",
        100.0 * share(wins),
        100.0 * wl,
        100.0 * wh,
        100.0 * share(not_lost - wins),
        100.0 * (1.0 - share(not_lost)),
        100.0 * share(not_lost),
        100.0 * nl,
        100.0 * nh
    )
}

fn run(args: &Args) {
    let mut setup = duel();
    setup.round_limit = args.rounds;
    let start = Game::new(setup).expect("the duel is a valid set-up");
    for &side in &args.sides {
        let t = Instant::now();
        let mut solver = Ceiling::new(side, args.objective).on_progress(1 << 20, move |s| {
            eprintln!(
                "  side {side}: {:>6.1} s, {:>10} positions ({} remembered), {:>11} visits, round {}, {:.0} MB",
                t.elapsed().as_secs_f64(),
                s.positions,
                s.remembered,
                s.visits,
                s.round,
                rss_mb()
            );
        });
        let v: Chances = solver.value(&start);
        let s = solver.stats();
        println!(
            "duel, {} rounds, agent on side {side}, objective {:?}: P(win) = {:.6}, P(not lost) = {:.6}, P(draw) = {:.6}  ({} positions, {} visits, {:.1} s, {:.0} MB)",
            args.rounds,
            args.objective,
            v.win,
            v.not_lost,
            v.not_lost - v.win,
            s.positions,
            s.visits,
            t.elapsed().as_secs_f64(),
            rss_mb()
        );
        if args.check > 0 {
            let (mut wins, mut not_lost) = (0u32, 0u32);
            for i in 0..args.check {
                let winner = play(&start, side, args.seed + u64::from(i), &mut |g: &Game| solver.best(g).0);
                wins += u32::from(winner == Some(side));
                not_lost += u32::from(winner != Some(side.other()));
            }
            let (wl, wh) = wilson(wins, args.check);
            let (nl, nh) = wilson(not_lost, args.check);
            println!(
                "  check, {} games against RandomPlayer (seeds {}..): wins {:.4} (95%: {:.4} to {:.4}; computed {:.4}: {}), not lost {:.4} (95%: {:.4} to {:.4}; computed {:.4}: {})",
                args.check,
                args.seed,
                f64::from(wins) / f64::from(args.check),
                wl,
                wh,
                v.win,
                if (wl - 1e-9..=wh + 1e-9).contains(&v.win) { "inside" } else { "OUTSIDE" },
                f64::from(not_lost) / f64::from(args.check),
                nl,
                nh,
                v.not_lost,
                if (nl - 1e-9..=nh + 1e-9).contains(&v.not_lost) { "inside" } else { "OUTSIDE" },
            );
        }
    }
    builtin(args, &start);
}

/// The built-in players against random: `games` paired games, game `i` played on side A and
/// on side B with the same seeds.
fn builtin(args: &Args, start: &Game) {
    for spec in &args.players {
        let t = Instant::now();
        let (mut wins, mut not_lost) = (0u32, 0u32);
        let pairs = args.games / 2;
        for i in 0..pairs {
            let seed = args.seed + u64::from(i);
            for side in [Side::A, Side::B] {
                let mut player = spec.build(seed ^ 0x5eed);
                let winner = play(start, side, seed, &mut |g: &Game| player.decide(g));
                wins += u32::from(winner == Some(side));
                not_lost += u32::from(winner != Some(side.other()));
            }
        }
        println!(
            "{spec} against random, {} paired games (seeds {}..): {}  ({:.1} s)",
            2 * pairs,
            args.seed,
            results(wins, not_lost, 2 * pairs),
            t.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("duel_ceiling: {e}");
            std::process::exit(2);
        }
    };
    // The search recurses once per decision and roll of a game: a roomy stack.
    std::thread::Builder::new()
        .stack_size(1 << 28)
        .spawn(move || run(&args))
        .expect("a thread for the search")
        .join()
        .expect("the search panicked");
}
