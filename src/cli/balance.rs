//! `dust1947 balance`: how much each unit is worth, measured by play.
//!
//! Many games between random legal armies (a random bloc each, units drawn in a random order
//! while they fit the army rules and an AP limit near `--ap`), played by computer players
//! (greedy by default). Two logistic regressions on side A's result (a win 1, a draw ½, a loss
//! 0): one on the AP difference alone, which gives the value of one AP in log-odds of winning
//! (and the picture of win rate against AP difference), and one on the difference in the number
//! of each unit card (with a small ridge penalty), which gives each unit's effect. A unit's
//! estimated worth in AP is its effect divided by the value of one AP; the 95% interval comes
//! from the unit's effect alone (the AP slope taken as known). The figures are proposals for
//! provisional cards, never official values.

use super::to_json;
use anyhow::{bail, Context as _};
use dust_ai::{play_game, PlayerSpec};
use dust_core::unit::{Bloc, UnitCard};
use dust_core::{Edition, GameRng};
use dust_data::army::{build_army_in, ArmyFile};
use dust_data::card::CardFile;
use serde_json::json;
use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Plays games between random armies and estimates what each unit is worth in AP.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules edition: `revised` or `battlefront`.
    #[arg(long, value_name = "revised|battlefront", default_value = "revised")]
    pub edition: Edition,
    /// The scenario whose map, entry areas and round limit the games use (its armies are
    /// replaced, and a hill that wins the game is left out); default: annihilation (revised) or
    /// encounter (battlefront).
    #[arg(long, value_name = "NAME")]
    pub scenario: Option<String>,
    /// Games to play.
    #[arg(long, default_value_t = 400)]
    pub games: u32,
    /// The AP limit the armies are built to.
    #[arg(long, default_value_t = 150)]
    pub ap: u32,
    /// Each army's AP limit is drawn within this percentage of --ap, so that the AP difference
    /// varies and its value can be measured.
    #[arg(long, default_value_t = 20)]
    pub spread: u32,
    /// The player of both sides (as `sim --a`).
    #[arg(long, default_value = "greedy", value_parser = parse_spec)]
    pub player: PlayerSpec,
    /// The seed of the armies, the dice and the players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Draw side A's win rate against the AP difference as an SVG picture into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

fn parse_spec(s: &str) -> Result<PlayerSpec, String> {
    s.parse().map_err(|e: dust_ai::SpecError| e.to_string())
}

/// One game's armies and result.
struct Sample {
    /// Units of each card fielded by side A less those of side B, by card index.
    diff: Vec<f64>,
    /// AP of side A less AP of side B.
    ap_diff: f64,
    /// Side A's result: 1 win, ½ draw, 0 loss.
    y: f64,
}

/// A random legal army of `bloc` within `limit` AP: the bloc's cards in a random order, each
/// taken when the army rules still allow it (one copy of each card).
fn random_army(cards: &[UnitCard], bloc: Bloc, limit: u32, edition: Edition, rng: &mut GameRng, name: &str) -> Option<ArmyFile> {
    let mut pool: Vec<&UnitCard> = cards.iter().filter(|c| c.bloc == bloc && c.ap > 0).collect();
    for i in (1..pool.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        pool.swap(i, j);
    }
    let mut names: Vec<String> = Vec::new();
    for c in pool {
        names.push(c.name.clone());
        if build_army_in(name, bloc, limit, cards, Some(&names), edition).is_err() {
            names.pop();
        }
    }
    if names.is_empty() {
        return None;
    }
    build_army_in(name, bloc, limit, cards, Some(&names), edition).ok()
}

/// Plays game `i`; why not, when no army could be built or the game failed.
fn play_one(args: &Args, files: &[CardFile], cards: &[UnitCard], blocs: &[Bloc], scenario: &str, i: u32) -> Result<Sample, String> {
    let mut rng = GameRng::new(args.seed ^ (u64::from(i) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let spread = args.ap * args.spread.min(90) / 100;
    let mut limit = || args.ap - spread + rng.below(u64::from(2 * spread + 1)) as u32;
    let (la, lb) = (limit(), limit());
    let ba = blocs[rng.below(blocs.len() as u64) as usize];
    let bb = blocs[rng.below(blocs.len() as u64) as usize];
    let a = random_army(cards, ba, la, args.edition, &mut rng, "A").ok_or("no army of side A")?;
    let b = random_army(cards, bb, lb, args.edition, &mut rng, "B").ok_or("no army of side B")?;
    let mut s = dust_data::scenario::load_builtin(scenario).map_err(|_| "the scenario does not load")?;
    s.armies.a = a.to_scenario_army(s.armies.a.pos);
    s.armies.b = b.to_scenario_army(s.armies.b.pos);
    // What a unit adds to the chance of winning a fight: a hill whose holder wins (the
    // annihilation and custom-battle scenarios' since issue 21) would decide games by a race.
    s.objectives.retain(|o| !o.wins);
    // The armies are drawn to limits of their own around --ap.
    s.ap_limit = Some(la.max(lb));
    let setup = s
        .game_setup_with_files(files)
        .map_err(|d| d.iter().map(|x| x.message.clone()).collect::<Vec<_>>().join("; "))?;
    let (dice, sa, sb) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
    let mut pa = args.player.build(sa);
    let mut pb = args.player.build(sb);
    let o = play_game(setup, pa.as_mut(), pb.as_mut(), dice).map_err(|e| e.to_string())?;
    let mut diff = vec![0.0; cards.len()];
    let index = |n: &str| cards.iter().position(|c| c.name == n);
    for u in &a.units {
        if let Some(k) = index(&u.name) {
            diff[k] += 1.0;
        }
    }
    for u in &b.units {
        if let Some(k) = index(&u.name) {
            diff[k] -= 1.0;
        }
    }
    let y = match o.winner {
        Some(dust_core::Side::A) => 1.0,
        Some(dust_core::Side::B) => 0.0,
        None => 0.5,
    };
    Ok(Sample {
        diff,
        ap_diff: f64::from(dust_data::army::army_cost(&a, cards)) - f64::from(dust_data::army::army_cost(&b, cards)),
        y,
    })
}

/// A logistic regression by Newton's method (IRLS) with a ridge penalty `lambda` on every
/// coefficient but the first (the intercept); responses may be ½. The coefficients and their
/// variances (the diagonal of the inverse of the penalised information).
fn logistic(x: &[Vec<f64>], y: &[f64], lambda: f64) -> Option<(Vec<f64>, Vec<f64>)> {
    let k = x.first()?.len();
    let mut beta = vec![0.0; k];
    let mut cov = vec![0.0; k];
    for _ in 0..50 {
        let mut h = vec![vec![0.0; k]; k];
        let mut g = vec![0.0; k];
        for (row, &yi) in x.iter().zip(y) {
            let z: f64 = row.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let w = (p * (1.0 - p)).max(1e-9);
            for a in 0..k {
                g[a] += row[a] * (yi - p);
                for b in 0..k {
                    h[a][b] += w * row[a] * row[b];
                }
            }
        }
        for a in 1..k {
            h[a][a] += lambda;
            g[a] -= lambda * beta[a];
        }
        let step = solve(h.clone(), g)?;
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s;
        }
        cov = (0..k)
            .map(|a| {
                let mut e = vec![0.0; k];
                e[a] = 1.0;
                solve(h.clone(), e).map_or(f64::NAN, |v| v[a])
            })
            .collect();
        if step.iter().map(|s| s.abs()).fold(0.0, f64::max) < 1e-9 {
            break;
        }
    }
    Some((beta, cov))
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[piv][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, piv);
        b.swap(col, piv);
        let pivot_row = a[col].clone();
        for r in col + 1..n {
            let f = a[r][col] / pivot_row[col];
            for (x, p) in a[r].iter_mut().zip(&pivot_row).skip(col) {
                *x -= f * p;
            }
            b[r] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

/// Runs `balance`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if args.games < 10 {
        bail!(
            "--games {}: give at least 10 games (a few hundred for intervals worth reading)",
            args.games
        );
    }
    if args.ap < 20 {
        bail!("--ap {}: give an AP limit of at least 20", args.ap);
    }
    let scenario = args.scenario.clone().unwrap_or_else(|| match args.edition {
        Edition::Battlefront => "encounter".into(),
        _ => "annihilation".into(),
    });
    let template = dust_data::scenario::load_builtin(&scenario)
        .map_err(|d| anyhow::anyhow!("{}", d.iter().map(|x| x.message.clone()).collect::<Vec<_>>().join("; ")))?;
    if template.edition != args.edition {
        bail!(
            "`{scenario}` is a scenario of the {} edition: give --edition {} or a scenario of the {} edition",
            template.edition,
            template.edition,
            args.edition
        );
    }
    let files = dust_data::builtin::load_card_files_for(None, args.edition)
        .map_err(|d| anyhow::anyhow!("the shipped cards do not load: {d:?}"))
        .context("loading the cards")?;
    let cards: Vec<UnitCard> = files.iter().map(|f| f.card.clone()).collect();
    let mut blocs: Vec<Bloc> = Vec::new();
    for c in &cards {
        if !blocs.contains(&c.bloc) {
            blocs.push(c.bloc);
        }
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let n = args.games as usize;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Sample, String>>>> = Mutex::new((0..n).map(|_| None).collect());
    let progress = !args.json && std::io::stderr().is_terminal();
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.min(n) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = play_one(args, &files, &cards, &blocs, &scenario, i as u32);
                results.lock().expect("results")[i] = Some(r);
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                if progress {
                    let eta = start.elapsed().as_secs_f64() / d as f64 * (n - d) as f64;
                    eprint!("\r[{:<30}] {d}/{n} games  eta {eta:.0}s   ", "=".repeat(d * 30 / n));
                    let _ = std::io::stderr().flush();
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let mut samples: Vec<Sample> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    for r in results.into_inner().expect("results").into_iter().flatten() {
        match r {
            Ok(s) => samples.push(s),
            Err(e) => failures.push(e),
        }
    }
    if let Some(first) = failures.first() {
        eprintln!("warning: {} of {n} games could not be played; the first: {first}", failures.len());
    }
    if samples.len() < 10 {
        bail!("only {} of {} games could be played: too few to measure", samples.len(), n);
    }
    // The value of one AP: side A's result on the AP difference.
    let x_ap: Vec<Vec<f64>> = samples.iter().map(|s| vec![1.0, s.ap_diff]).collect();
    let y: Vec<f64> = samples.iter().map(|s| s.y).collect();
    let (ap_fit, _) = logistic(&x_ap, &y, 0.0).context("the AP regression does not converge")?;
    let per_ap = ap_fit[1];
    // Each unit's effect.
    let used: Vec<usize> = (0..cards.len()).filter(|&k| samples.iter().any(|s| s.diff[k] != 0.0)).collect();
    let x_units: Vec<Vec<f64>> = samples
        .iter()
        .map(|s| std::iter::once(1.0).chain(used.iter().map(|&k| s.diff[k])).collect())
        .collect();
    let (unit_fit, unit_var) = logistic(&x_units, &y, 0.5).context("the unit regression does not converge")?;
    let present = |k: usize| samples.iter().filter(|s| s.diff[k] != 0.0).count();
    let mut rows: Vec<serde_json::Value> = used
        .iter()
        .enumerate()
        .map(|(j, &k)| {
            let (b, se) = (unit_fit[j + 1], unit_var[j + 1].max(0.0).sqrt());
            let worth = (per_ap > 0.0).then(|| b / per_ap);
            let c = &cards[k];
            json!({
                "name": c.name,
                "bloc": c.bloc.name(),
                "ap": c.ap,
                "provisional": files[k].card.is_provisional(),
                "log_odds": b,
                "log_odds_se": se,
                "worth": worth,
                "worth_low": worth.map(|_| (b - 1.96 * se) / per_ap),
                "worth_high": worth.map(|_| (b + 1.96 * se) / per_ap),
                "games": present(k),
            })
        })
        .collect();
    rows.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let bins = bins(&samples);
    if let Some(file) = &args.svg {
        std::fs::write(file, svg(&bins, &ap_fit)).with_context(|| format!("cannot write the SVG file `{}`", file.display()))?;
    }
    let side_a = y.iter().sum::<f64>() / y.len() as f64;
    if args.json {
        let v = json!({
            "edition": args.edition.to_string(),
            "scenario": scenario,
            "player": args.player.to_string(),
            "games": samples.len(),
            "requested": n,
            "seed": args.seed,
            "side_a_score": side_a,
            "log_odds_per_ap": per_ap,
            "intercept": ap_fit[0],
            "units": rows,
            "bins": bins.iter().map(|b| json!({"ap_diff": b.0, "games": b.1, "side_a_score": b.2})).collect::<Vec<_>>(),
            "wall_seconds": start.elapsed().as_secs_f64(),
        });
        println!("{}", to_json(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "balance: {} games of {scenario} ({} edition), random armies near {} AP (±{}%), {} on both sides, seed {} ({:.1}s)",
        samples.len(),
        args.edition,
        args.ap,
        args.spread,
        args.player,
        args.seed,
        start.elapsed().as_secs_f64()
    );
    println!(
        "  side A scored {:.1}% (the scenario's side advantage, with the armies random)",
        100.0 * side_a
    );
    if per_ap > 0.0 {
        println!(
            "  one AP is worth {:.4} in log-odds of winning: 10 AP more turn an even game into {:.0}%",
            per_ap,
            100.0 / (1.0 + (-(10.0 * per_ap)).exp())
        );
    } else {
        println!("  more AP did not win more games here ({per_ap:.4} log-odds per AP): play more games before reading the worths");
    }
    println!();
    println!("{:<26} {:>5}  {:>8}  {:>17}  {:>6}", "unit", "AP", "worth", "95% interval", "games");
    for r in &rows {
        let f = |k: &str| r[k].as_f64().map_or("-".to_string(), |x| format!("{x:.0}"));
        let prov = if r["provisional"].as_bool() == Some(true) {
            "  (provisional card: a proposal)"
        } else {
            ""
        };
        println!(
            "{:<26} {:>5}  {:>8}  {:>17}  {:>6}{prov}",
            r["name"].as_str().unwrap_or(""),
            r["ap"],
            f("worth"),
            format!("{} .. {}", f("worth_low"), f("worth_high")),
            r["games"]
        );
    }
    println!();
    println!("worth: the AP whose value equals the unit's effect on winning, measured by play; proposals, never official values");
    if let Some(file) = &args.svg {
        println!("wrote {}", file.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Side A's score by AP difference, in bins of 10 AP: (bin centre, games, score).
fn bins(samples: &[Sample]) -> Vec<(f64, usize, f64)> {
    let mut m: std::collections::BTreeMap<i64, (usize, f64)> = std::collections::BTreeMap::new();
    for s in samples {
        let e = m.entry((s.ap_diff / 10.0).round() as i64).or_default();
        e.0 += 1;
        e.1 += s.y;
    }
    m.into_iter().map(|(k, (n, y))| (k as f64 * 10.0, n, y / n as f64)).collect()
}

/// The picture: side A's score per AP-difference bin (dots sized by games) and the fitted
/// logistic curve.
fn svg(bins: &[(f64, usize, f64)], fit: &[f64]) -> String {
    let (w, h, m) = (640.0, 400.0, 50.0);
    let lo = bins.iter().map(|b| b.0).fold(-10.0, f64::min);
    let hi = bins.iter().map(|b| b.0).fold(10.0, f64::max);
    let px = |x: f64| m + (x - lo) / (hi - lo) * (w - 2.0 * m);
    let py = |y: f64| h - m - y * (h - 2.0 * m);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    s += &format!(
        "<line x1=\"{m}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n",
        py(0.0),
        w - m,
        py(0.0)
    );
    s += &format!(
        "<line x1=\"{m}\" y1=\"{}\" x2=\"{m}\" y2=\"{}\" stroke=\"black\"/>\n",
        py(0.0),
        py(1.0)
    );
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{:.0}%</text>\n",
            m - 6.0,
            py(t) + 4.0,
            t * 100.0
        );
        s += &format!(
            "<line x1=\"{m}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"#ddd\"/>\n",
            py(t),
            w - m
        );
    }
    let step = ((hi - lo) / 8.0 / 10.0).ceil().max(1.0) * 10.0;
    let mut x = (lo / step).ceil() * step;
    while x <= hi {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{x:+.0}</text>\n",
            px(x),
            py(0.0) + 16.0
        );
        x += step;
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">AP of side A less AP of side B</text>\n",
        w / 2.0,
        h - 10.0
    );
    s += &format!("<text x=\"{}\" y=\"20\" text-anchor=\"middle\">Side A's score by AP difference (dots: games in each 10-AP bin; line: logistic fit)</text>\n", w / 2.0);
    let mut path = String::new();
    for i in 0..=100 {
        let x = lo + (hi - lo) * f64::from(i) / 100.0;
        let p = 1.0 / (1.0 + (-(fit[0] + fit[1] * x)).exp());
        path += &format!("{}{:.1},{:.1} ", if i == 0 { "M" } else { "L" }, px(x), py(p));
    }
    s += &format!("<path d=\"{path}\" fill=\"none\" stroke=\"#c33\" stroke-width=\"2\"/>\n");
    let most = bins.iter().map(|b| b.1).max().unwrap_or(1) as f64;
    for &(x, n, y) in bins {
        let r = 3.0 + 7.0 * (n as f64 / most).sqrt();
        s += &format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r:.1}\" fill=\"#36c\" fill-opacity=\"0.6\"><title>{x:+.0} AP: {n} games, side A {:.0}%</title></circle>\n",
            px(x),
            py(y),
            y * 100.0
        );
    }
    s += "</svg>\n";
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit finds the slope of data made from a known logistic model (exact expected
    /// responses, so the answer is exact).
    #[test]
    fn logistic_recovers_a_known_model() {
        let (b0, b1) = (0.3, 0.05);
        let x: Vec<Vec<f64>> = (-20..=20).map(|d| vec![1.0, f64::from(d)]).collect();
        let y: Vec<f64> = x.iter().map(|r| 1.0 / (1.0 + (-(b0 + b1 * r[1])).exp())).collect();
        let (beta, var) = logistic(&x, &y, 0.0).unwrap();
        assert!((beta[0] - b0).abs() < 1e-6 && (beta[1] - b1).abs() < 1e-6, "{beta:?}");
        assert!(var.iter().all(|v| *v > 0.0));
    }

    #[test]
    fn solve_a_small_system() {
        let x = solve(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![3.0, 5.0]).unwrap();
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
        assert!(solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 2.0]).is_none());
    }
}
