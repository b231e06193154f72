//! `dust1947 sim`: computer players against each other, many games, with statistics.
//!
//! Games come in pairs (`super::pairs`): games 2k and 2k+1 are one seed played twice with the
//! sides swapped, player a on side A in the first and on side B in the second. The pair's seeds
//! (dice, the side-A seat, the side-B seat) come from `--seed` and the pair's number, so a run is
//! reproducible with iteration budgets whatever `--threads` is, and every record replays. The
//! statistics are those of the pairs (pentanomial counts, score, Elo with its interval from the
//! pair variance); `--sprt ELO0,ELO1` stops when the sequential test decides, judged on the
//! pairs in their order so that the result does not depend on `--threads`.
//!
//! With `--setup players` (battlefront), each game starts with the players' set-up
//! (`dust_core::battlefront::setup`): each player lays out the table in its style
//! (`dust_ai::setup`: greedy for the greedy and MCTS players, random for the random one), seeded
//! from the game's seeds; the record keeps the set-up's seed and decisions.

use super::{to_json, Diagnostics};
use anyhow::{bail, Context as _};
use dust_ai::matchup::{a_side, GameResult, GameSummary, Matchup, Summary};
use dust_ai::pairs;
use dust_ai::{PlayError, Player, PlayerSpec, PlayerStats};
use dust_core::game::{Decision, Game, GameSetup};
use dust_core::BySide;
use dust_data::record::{PlayersSetup, Record, ScenarioRef};
use serde_json::json;
use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Plays computer players against each other and reports wins, Elo and balance.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Player a: random, greedy, mcts, mcts:200ms, mcts:2s, mcts:5000i (options after commas:
    /// threads=N, c=X, depth=N, flat=1 for flat Monte Carlo).
    #[arg(long, default_value = "mcts", value_parser = parse_spec)]
    pub a: PlayerSpec,
    /// Player b, as player a.
    #[arg(long, default_value = "greedy", value_parser = parse_spec)]
    pub b: PlayerSpec,
    /// Games to play, in pairs: each pair is one seed played twice with the sides swapped
    /// (an odd number is rounded up). With --sprt, the most games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Stop as soon as a sequential probability ratio test decides between "a is ELO0 Elo
    /// stronger than b" (H0) and "a is ELO1 stronger" (H1), e.g. `--sprt 0,20`: as fishtest and
    /// OpenBench test chess engines, on the pairs' scores.
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<String>,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// A shipped scenario (`annihilation`, …), `duel` (the tiny 6x6 practice game) or a
    /// scenario file; default: the shipped annihilation scenario with the core-box armies.
    #[arg(long, value_name = "NAME|FILE")]
    pub scenario: Option<String>,
    /// The seed every game's dice and players' seeds come from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of text (no progress bar).
    #[arg(long)]
    pub json: bool,
    /// Write every game record into this folder (`game-0001.toml`, …).
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Games played at once (default: 1 when a player searches on several threads, else the
    /// number of cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Print every decision of the first game with the player's top candidates (stderr).
    #[arg(long)]
    pub explain: bool,
    /// The rules edition: `revised` or `battlefront` (default: the scenario's), or
    /// `battlefield` (Dust Battlefield on a measured table: give --table).
    #[arg(long, value_name = "revised|battlefront|battlefield", value_parser = parse_edition)]
    pub edition: Option<SimEdition>,
    /// Battlefield: a shipped table (dnieper-ford, ostwall-bunker-line, ruined-town,
    /// zhytomyr-crossroads) or a table file (docs/table-format.md).
    #[arg(long, value_name = "NAME|FILE")]
    pub table: Option<String>,
    /// Battlefield: the turn limit.
    #[arg(long, value_name = "N", default_value_t = dust_data::field_record::DEFAULT_TURNS)]
    pub turns: u8,
    /// Battlefield: the AP limit each side's units must not exceed.
    #[arg(long, value_name = "AP")]
    pub ap: Option<u16>,
    /// Where a battlefront game's table comes from: `scenario` (the scenario file's fixed
    /// layout) or `players` (each game begins with the players' set-up: boards, terrain and
    /// objectives, in the players' set-up styles).
    #[arg(long, value_enum, default_value_t = SetupFrom::Scenario)]
    pub setup: SetupFrom,
    /// A folder of your own unit cards, merged with the shipped ones (a card of the same name
    /// replaces the shipped one; a battlefront card plays with its battlefront part in a
    /// battlefront game). Default: the DUST1947_CARDS environment variable, if set. Replay the
    /// records with the same folder (`replay --cards DIR`).
    #[arg(long, value_name = "DIR")]
    pub cards: Option<PathBuf>,
}

/// Where the table of a game comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SetupFrom {
    /// The scenario file's fixed layout.
    Scenario,
    /// The players' set-up before each game (battlefront).
    Players,
}

/// The edition `sim` plays: a Tactics edition, or Dust Battlefield.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SimEdition {
    /// The revised or battlefront edition on squares.
    Tactics(dust_core::Edition),
    /// Dust Battlefield on a measured table.
    Battlefield,
}

fn parse_edition(s: &str) -> Result<SimEdition, String> {
    if s.trim().eq_ignore_ascii_case("battlefield") {
        return Ok(SimEdition::Battlefield);
    }
    s.parse::<dust_core::Edition>()
        .map(SimEdition::Tactics)
        .map_err(|_| format!("`{s}` is not an edition: write revised, battlefront or battlefield"))
}

fn parse_spec(s: &str) -> Result<PlayerSpec, String> {
    s.parse().map_err(|e: dust_ai::SpecError| e.to_string())
}

/// The game to play and how records name it.
struct Battle {
    name: String,
    setup: GameSetup,
    scenario: ScenarioRef,
    armies: BySide<String>,
}

fn battle(name: Option<&str>, edition: Option<dust_core::Edition>, cards: Option<&Path>) -> anyhow::Result<Battle> {
    use dust_data::scenario;
    if name.is_some_and(|n| n.trim().eq_ignore_ascii_case(dust_tui::setup::DUEL)) {
        // The tiny practice game of `play --scenario duel` (the engine's test set-up).
        let mut setup = dust_core::game::tests_support::duel();
        if let Some(e) = edition {
            setup.edition = e;
        }
        return Ok(Battle {
            name: dust_tui::setup::DUEL.to_string(),
            setup,
            scenario: ScenarioRef::Builtin(dust_tui::setup::DUEL.to_string()),
            armies: BySide {
                a: "Rifles A".to_string(),
                b: "Rifles B".to_string(),
            },
        });
    }
    // Both editions' cards, the user's merged in: the scenario's edition takes its own.
    let all = super::scenario::all_card_files(cards)?;
    let (mut s, reference) = match name {
        None => (
            scenario::load_builtin("annihilation").map_err(Diagnostics)?,
            ScenarioRef::Builtin("annihilation".to_string()),
        ),
        Some(n) if Path::new(n).is_file() => {
            let text = std::fs::read_to_string(n).with_context(|| format!("cannot read the scenario file `{n}`"))?;
            let s = scenario::parse_scenario(&text, n).map_err(Diagnostics)?;
            (s, ScenarioRef::Embedded(text))
        }
        Some(n) => (scenario::load_builtin(n).map_err(Diagnostics)?, ScenarioRef::Builtin(n.to_string())),
    };
    if let Some(e) = edition {
        s.edition = e;
    }
    let setup = s.game_setup_for(&all).map_err(Diagnostics)?;
    let armies = BySide::new_with(|side| s.armies[side].name.clone().unwrap_or_else(|| format!("side {side}")));
    Ok(Battle {
        name: s.name.clone(),
        setup,
        scenario: reference,
        armies,
    })
}

/// A player that prints its explanation after every decision.
struct Explaining {
    inner: Box<dyn Player + Send>,
    label: &'static str,
}

impl Player for Explaining {
    fn decide(&mut self, game: &Game) -> Decision {
        let d = self.inner.decide(game);
        eprintln!("{} ({}) decides `{d}`", self.label, game.round());
        if let Some(e) = self.inner.explain() {
            eprint!("{e}");
        }
        d
    }
    fn explain(&self) -> Option<dust_ai::Explanation> {
        self.inner.explain()
    }
    fn time_budget(&self) -> Option<Duration> {
        self.inner.time_budget()
    }
}

/// A game's result and, with `--setup players`, its set-up.
type Played = (GameResult, Option<PlayersSetup>);

/// Panics seen while playing (engine bugs met by the players' look-ahead or by the game).
static PANICS: AtomicUsize = AtomicUsize::new(0);
/// The first panic's message and place.
static FIRST_PANIC: Mutex<String> = Mutex::new(String::new());

/// The match the arguments describe (one definition with the Python package's self-play).
fn matchup(args: &Args) -> Matchup {
    Matchup {
        a: args.a.clone(),
        b: args.b.clone(),
        seed: args.seed,
        players_setup: args.setup == SetupFrom::Players,
    }
}

fn play_one(args: &Args, template: &GameSetup, i: u32) -> Played {
    let explain = args.explain && i == 0;
    let (r, setup) = matchup(args).play_wrapped(template, i, |pa, pb| {
        if explain {
            (
                Box::new(Explaining { inner: pa, label: "a" }) as Box<dyn Player + Send>,
                Box::new(Explaining { inner: pb, label: "b" }) as Box<dyn Player + Send>,
            )
        } else {
            (pa, pb)
        }
    });
    (r, setup.map(|(seed, decisions)| PlayersSetup { seed, decisions }))
}

/// Player a's points times two in a finished game (loss 0, draw 1, win 2).
fn points_x2(i: u32, r: &GameResult) -> Option<u8> {
    GameSummary::of(i, r).points_x2()
}

/// Plays every game, in parallel, and returns the results in game order: all `n` of them, or
/// with an SPRT the pairs up to the one after which the test decided (the pairs judged in their
/// order, so that the stopping point does not depend on the threads).
fn play_all(args: &Args, setup: &GameSetup, threads: usize, progress: bool, sprt: Option<pairs::Sprt>) -> Vec<Played> {
    // Without a terminal (a long run under nohup), one line per game on stderr instead of the
    // bar, so that the figures so far can be read while it runs.
    let log = !progress && !std::io::stderr().is_terminal();
    let n = args.games.div_ceil(2) as usize * 2;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Played>>> = Mutex::new((0..n).map(|_| None).collect());
    // With an SPRT: the pairs judged so far (in order), their counts, and where it decided.
    let judged = Mutex::new((0usize, [0u32; 5], None::<usize>));
    let stop = std::sync::atomic::AtomicBool::new(false);
    let tally = Mutex::new((0usize, 0u32, 0u32, 0u32));
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            s.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let played = play_one(args, setup, i as u32);
                let r = &played.0;
                let mut t = tally.lock().expect("tally");
                t.0 += 1;
                if let Ok(o) = r {
                    match o.winner {
                        Some(w) if w == a_side(i as u32) => t.1 += 1,
                        Some(_) => t.2 += 1,
                        None => t.3 += 1,
                    }
                }
                if progress {
                    draw_progress(t.0, n, t.1, t.2, t.3, start.elapsed());
                } else if log {
                    log_game(i, r, *t, n, start.elapsed());
                }
                drop(t);
                let mut res = results.lock().expect("results");
                res[i] = Some(played);
                if let Some(test) = sprt {
                    let mut j = judged.lock().expect("judged");
                    while j.2.is_none() && 2 * j.0 + 1 < n {
                        let k = j.0;
                        let (Some(g0), Some(g1)) = (&res[2 * k], &res[2 * k + 1]) else {
                            break;
                        };
                        if let (Some(x), Some(y)) = (points_x2(2 * k as u32, &g0.0), points_x2(2 * k as u32 + 1, &g1.0)) {
                            j.1[usize::from(x + y)] += 1;
                        }
                        j.0 += 1;
                        if test.verdict(&j.1) != pairs::Verdict::Continue {
                            j.2 = Some(j.0);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let upto = judged.into_inner().expect("judged").2.map_or(n, |pairs| 2 * pairs);
    results
        .into_inner()
        .expect("results")
        .into_iter()
        .take(upto)
        .map(|r| r.expect("every game up to the decision is played"))
        .collect()
}

/// One line per finished game: its result and the tally so far.
fn log_game(i: usize, r: &GameResult, t: (usize, u32, u32, u32), n: usize, elapsed: Duration) {
    let what = match r {
        Ok(o) => {
            let side = a_side(i as u32);
            let result = match o.winner {
                Some(w) if w == side => "a won",
                Some(_) => "b won",
                None => "draw",
            };
            format!(
                "{result} (a on side {side}), vp A {} B {}, {} rounds",
                o.victory_points.a, o.victory_points.b, o.rounds
            )
        }
        Err(e) => format!("failed: {e}"),
    };
    eprintln!(
        "game {}: {what}; after {}/{n}: a {} b {} draws {} ({:.0}s)",
        i + 1,
        t.0,
        t.1,
        t.2,
        t.3,
        elapsed.as_secs_f64()
    );
}

fn draw_progress(done: usize, n: usize, a: u32, b: u32, d: u32, elapsed: Duration) {
    const WIDTH: usize = 30;
    let filled = (done * WIDTH).checked_div(n).unwrap_or(WIDTH).min(WIDTH);
    let eta = if done > 0 {
        elapsed.as_secs_f64() / done as f64 * (n - done) as f64
    } else {
        0.0
    };
    eprint!(
        "\r[{}{}] {done}/{n}  a {a}  b {b}  draws {d}  eta {:.0}s   ",
        "=".repeat(filled),
        " ".repeat(WIDTH - filled),
        eta
    );
    let _ = std::io::stderr().flush();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// An Elo difference as text: `+35`, `0` (never `-0`), or `inf` (the words the caller gives)
/// when one side scored every point and the difference has no finite value.
pub(crate) fn fmt_elo(e: Option<f64>, inf: &str) -> String {
    match e {
        None => inf.to_string(),
        Some(x) if x.round() == 0.0 => "0".into(),
        Some(x) => format!("{x:+.0}"),
    }
}

/// Runs `sim`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let sprt = match &args.sprt {
        Some(t) => Some(pairs::Sprt::parse(t, args.alpha, args.beta).map_err(anyhow::Error::msg)?),
        None => None,
    };
    if args.games % 2 == 1 && !args.json {
        eprintln!(
            "note: games come in pairs (one seed, sides swapped): playing {} games for --games {}",
            args.games + 1,
            args.games
        );
    }
    if args.edition == Some(SimEdition::Battlefield) || args.table.is_some() {
        if args.sprt.is_some() || args.setup == SetupFrom::Players || args.scenario.is_some() {
            bail!("`--edition battlefield` plays the units a table file places, for a fixed number of games: leave out --sprt, --setup players and --scenario (give --table)");
        }
        let Some(table) = args.table.as_deref() else {
            bail!("`--edition battlefield` plays on a table: add --table NAME (a shipped table) or --table FILE");
        };
        return super::field::sim(&super::field::SimOptions {
            table,
            turns: args.turns,
            ap: args.ap,
            players: [&args.a, &args.b],
            games: args.games,
            seed: args.seed,
            json: args.json,
            records: args.records.as_deref(),
            // The Battlefield players search on one thread each: games share the cores.
            threads: args
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        });
    }
    let edition = match args.edition {
        Some(SimEdition::Tactics(e)) => Some(e),
        _ => None,
    };
    let b = battle(args.scenario.as_deref(), edition, args.cards.as_deref())?;
    if args.setup == SetupFrom::Players && b.setup.edition != dust_core::Edition::Battlefront {
        bail!(
            "`--setup players`: `{}` is played under the {} rules, and the players set up battlefront games only (add `--edition battlefront`, or leave out `--setup players` to play the scenario's fixed layout)",
            b.name,
            b.setup.edition
        );
    }
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create the records folder `{}`", dir.display()))?;
    }
    let searching = args.a.threads() > 1 || args.b.threads() > 1;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.unwrap_or(if searching { 1 } else { cores }).max(1);
    let progress = !args.json && std::io::stderr().is_terminal();
    // The players look ahead on copies of the game and survive an engine panic there (a bug
    // in the engine). Count those and keep the first message instead of printing each: with
    // RUST_BACKTRACE set, printing a backtrace takes longer than a decision's budget.
    let previous_hook = std::sync::Arc::new(std::panic::take_hook());
    std::panic::set_hook(Box::new(|info| {
        if PANICS.fetch_add(1, Ordering::Relaxed) == 0 {
            let at = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let what = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| (*s).to_string()))
                .unwrap_or_default();
            if let Ok(mut f) = FIRST_PANIC.lock() {
                *f = format!("{what}{at}");
            }
        }
    }));
    let start = Instant::now();
    let results = play_all(args, &b.setup, threads, progress, sprt);
    let wall = start.elapsed();
    std::panic::set_hook(Box::new(move |info| previous_hook(info)));
    let panics = PANICS.load(Ordering::Relaxed);
    if panics > 0 {
        let first = FIRST_PANIC.lock().map(|f| f.clone()).unwrap_or_default();
        eprintln!("warning: the engine panicked {panics} times during the games (an engine bug; the players skipped those lines of play); the first: {first}");
    }

    // The statistics: one definition with the Python package's self-play (dust_ai::matchup).
    let summary = Summary::of(
        &results
            .iter()
            .enumerate()
            .map(|(i, (r, _))| GameSummary::of(i as u32, r))
            .collect::<Vec<_>>(),
    );
    // Games in which at least one unit was destroyed, and units destroyed in all (sim only:
    // the self-play rows of the Python package do not carry them).
    let (mut bloody, mut destroyed) = (0u32, 0u64);
    let mut stats = BySide::<PlayerStats>::default(); // a and b (players, not sides)
    let mut failures = Vec::new();
    for (i, (r, players_setup)) in results.iter().enumerate() {
        let i = i as u32;
        let side = a_side(i);
        match r {
            Ok(o) => {
                let fallen = o.destroyed.a + o.destroyed.b;
                bloody += u32::from(fallen > 0);
                destroyed += u64::from(fallen);
                stats.a.merge(&o.stats[side]);
                stats.b.merge(&o.stats[side.other()]);
            }
            Err(e) => failures.push((i, e.to_string())),
        }
        if let Some(dir) = &args.records {
            write_record(dir, &b, args, i, r, players_setup.as_ref())?;
        }
    }
    for (i, e) in &failures {
        eprintln!("warning: game {i} did not finish: {e}");
    }
    let (a_wins, b_wins, draws, played) = (summary.a_wins, summary.b_wins, summary.draws, summary.games);
    let side_wins = summary.side_wins;
    let cut_off = summary.cut_off;
    let penta = summary.pentanomial;
    let n_pairs = summary.pairs();
    let (score, e, (lo, hi)) = (summary.score, summary.elo, summary.elo_interval);
    let sprt_json = sprt.map(|t| {
        let (lower, upper) = t.bounds();
        let verdict = t.verdict(&penta);
        json!({
            "elo0": t.elo0, "elo1": t.elo1, "alpha": t.alpha, "beta": t.beta,
            "llr": t.llr(&penta), "lower": lower, "upper": upper,
            "result": match verdict { pairs::Verdict::H1 => "H1", pairs::Verdict::H0 => "H0", pairs::Verdict::Continue => "undecided" },
        })
    });
    let per_game = |x: u64| if played > 0 { x as f64 / f64::from(played) } else { 0.0 };
    let pct = |x: u32| {
        if played > 0 {
            100.0 * f64::from(x) / f64::from(played)
        } else {
            0.0
        }
    };
    let timing = |s: &PlayerStats, spec: &PlayerSpec| {
        json!({
            "decisions": s.decisions,
            "mean_ms": if s.decisions > 0 { ms(s.total) / s.decisions as f64 } else { 0.0 },
            "longest_ms": ms(s.longest),
            "budget_ms": spec.time_budget().map(ms),
            "worst_overshoot_ms": spec.time_budget().map(|_| ms(s.worst_overshoot)),
        })
    };
    let worst_overshoot = [(&args.a, &stats.a), (&args.b, &stats.b)]
        .iter()
        .filter_map(|(p, s)| p.time_budget().map(|_| ms(s.worst_overshoot)))
        .reduce(f64::max);
    if args.json {
        let v = json!({
            "games": played,
            "requested": args.games,
            "failed": failures.len(),
            "a": args.a.to_string(),
            "b": args.b.to_string(),
            "a_wins": a_wins,
            "b_wins": b_wins,
            "draws": draws,
            "a_score": score,
            "score": score,
            "pairs": n_pairs,
            "pentanomial": penta,
            "elo": e,
            "elo_low": lo,
            "elo_high": hi,
            "sprt": sprt_json,
            "mean_vp_a": summary.mean_vp.0,
            "mean_vp_b": summary.mean_vp.1,
            "mean_rounds": summary.mean_rounds,
            "games_with_a_unit_destroyed": bloody,
            "mean_units_destroyed": per_game(destroyed),
            "cut_off": cut_off,
            "scenario": b.name,
            "seed": args.seed,
            "setup": match args.setup { SetupFrom::Scenario => "scenario", SetupFrom::Players => "players" },
            "balance": {
                "side_a_wins": side_wins.a,
                "side_b_wins": side_wins.b,
                "by_army": {
                    b.armies.a.clone(): { "side": "A", "wins": side_wins.a, "win_rate": pct(side_wins.a) / 100.0 },
                    b.armies.b.clone(): { "side": "B", "wins": side_wins.b, "win_rate": pct(side_wins.b) / 100.0 },
                },
            },
            "timing": { "a": timing(&stats.a, &args.a), "b": timing(&stats.b, &args.b) },
            "worst_overshoot_ms": worst_overshoot,
            "wall_seconds": wall.as_secs_f64(),
            "engine_panics": panics,
            "threads": threads,
            "records": args.records.as_ref().map(|d| d.display().to_string()),
        });
        println!("{}", to_json(&v)?);
    } else {
        println!(
            "sim: a = {} vs b = {}, {} games on {} (seed {}, {} at once, {:.1}s)",
            args.a,
            args.b,
            played,
            b.name,
            args.seed,
            threads,
            wall.as_secs_f64()
        );
        println!(
            "  a wins {a_wins} ({:.1}%), b wins {b_wins} ({:.1}%), draws {draws} ({:.1}%)",
            pct(a_wins),
            pct(b_wins),
            pct(draws)
        );
        println!(
            "  mean victory points: a {:.1}, b {:.1}; mean rounds {:.1}",
            summary.mean_vp.0, summary.mean_vp.1, summary.mean_rounds
        );
        println!(
            "  fighting: a unit was destroyed in {bloody} games ({:.1}%), {:.1} units a game",
            pct(bloody),
            per_game(destroyed)
        );
        match e {
            Some(_) => println!(
                "  Elo difference a - b: {} (95% interval {} .. {}), score {:.3}",
                fmt_elo(e, ""),
                fmt_elo(lo, "unbounded"),
                fmt_elo(hi, "unbounded"),
                score
            ),
            None => println!(
                "  Elo difference a - b: not finite, {} scored every point (score {score:.3}); a stronger opponent or more games measure it",
                if score >= 1.0 { "a" } else { "b" }
            ),
        }
        println!(
            "  pairs (one seed, sides swapped): {n_pairs}; a scored 0 / ½ / 1 / 1½ / 2 points in {} / {} / {} / {} / {} of them",
            penta[0], penta[1], penta[2], penta[3], penta[4]
        );
        if let (Some(t), Some(v)) = (sprt, &sprt_json) {
            println!(
                "  SPRT Elo {} vs {} (alpha {}, beta {}): LLR {:.2} in [{:.2}, {:.2}]: {}",
                t.elo0,
                t.elo1,
                t.alpha,
                t.beta,
                v["llr"].as_f64().unwrap_or(0.0),
                v["lower"].as_f64().unwrap_or(0.0),
                v["upper"].as_f64().unwrap_or(0.0),
                match v["result"].as_str() {
                    Some("H1") => "H1 accepted: a is stronger by the upper Elo",
                    Some("H0") => "H0 accepted: a is not stronger by more than the lower Elo",
                    _ => "undecided after every game",
                }
            );
        }
        println!(
            "  balance: side A ({}) won {:.1}%, side B ({}) won {:.1}%, draws {:.1}%",
            b.armies.a,
            pct(side_wins.a),
            b.armies.b,
            pct(side_wins.b),
            pct(draws)
        );
        for (label, s, spec) in [("a", &stats.a, &args.a), ("b", &stats.b, &args.b)] {
            let mean_ms = if s.decisions > 0 { ms(s.total) / s.decisions as f64 } else { 0.0 };
            let over = match spec.time_budget() {
                Some(bud) => format!(", worst overshoot {:.1} ms over {:.0} ms", ms(s.worst_overshoot), ms(bud)),
                None => String::new(),
            };
            println!(
                "  decision time {label}: mean {mean_ms:.2} ms, longest {:.2} ms{over} ({} decisions)",
                ms(s.longest),
                s.decisions
            );
        }
        if cut_off > 0 {
            println!(
                "  {cut_off} games were cut off after {} decisions (counted as draws)",
                dust_ai::arena::MAX_DECISIONS
            );
        }
        if !failures.is_empty() {
            println!("  {} games did not finish (engine bug; see the warnings)", failures.len());
        }
        if let Some(d) = &args.records {
            println!("  records in {}", d.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn write_record(dir: &Path, b: &Battle, args: &Args, i: u32, r: &GameResult, players_setup: Option<&PlayersSetup>) -> anyhow::Result<()> {
    let (dice, decisions, failed) = match r {
        Ok(o) => (o.dice_seed, &o.decisions, false),
        Err(PlayError::Panic { decisions, dice_seed, .. }) => (*dice_seed, decisions, true),
        Err(_) => return Ok(()),
    };
    let mut rec = Record::new(b.scenario.clone(), dice);
    rec.edition = b.setup.edition;
    rec.setup = players_setup.cloned();
    for d in decisions {
        rec.push(*d);
    }
    let side = a_side(i);
    let mut names = BySide::<Option<String>>::default();
    names[side] = Some(format!("a: {}", args.a));
    names[side.other()] = Some(format!("b: {}", args.b));
    rec.players = names;
    if let Ok(o) = r {
        rec.final_hash = Some(o.final_hash);
    }
    let name = format!("game-{:04}{}.toml", i + 1, if failed { "-failed" } else { "" });
    let path = dir.join(name);
    std::fs::write(&path, rec.to_text()).with_context(|| format!("cannot write the record `{}`", path.display()))?;
    Ok(())
}
