//! Dust Battlefield games on the command line: `sim --edition battlefield --table NAME|FILE`,
//! `replay` of a Battlefield record, and `odds --table NAME|FILE` for an attack on a table
//! position (the engine's own attack plan: docs/battlefield.md).

use super::to_json;
use anyhow::{bail, Context as _};
use dust_ai::field::{play_paired, DecisionTimes, FieldOutcome};
use dust_ai::matchup::Summary;
use dust_ai::PlayerSpec;
use dust_core::field::{FieldGame, FieldSetup, Pending};
use dust_core::{BySide, Side};
use dust_data::field_record::{replay_field, setup_from_text, shipped_table, FieldRecord, TableRef, SHIPPED_TABLES};
use serde_json::json;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// A table given as a shipped name or a file: its reference for records and its set-up.
pub fn table_arg(arg: &str, turns: u8, ap: Option<u16>) -> anyhow::Result<(TableRef, FieldSetup)> {
    let (r, text, file) = if shipped_table(arg).is_some() && !Path::new(arg).is_file() {
        let n = arg.trim().trim_end_matches(".toml").to_ascii_lowercase();
        let text = shipped_table(&n).unwrap_or_default().to_string();
        (TableRef::Shipped(n.clone()), text, format!("data/battlefield/tables/{n}.toml"))
    } else if Path::new(arg).is_file() {
        let text =
            std::fs::read_to_string(arg).with_context(|| format!("cannot read the table file `{arg}`: check that it is UTF-8 text"))?;
        (TableRef::Embedded(text.clone()), text, arg.to_string())
    } else {
        bail!(
            "`{arg}` is neither a shipped table nor a table file: the shipped tables are {} (docs/table-format.md describes the file)",
            SHIPPED_TABLES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        );
    };
    let setup = setup_from_text(&text, &file, turns, ap).map_err(anyhow::Error::msg)?;
    Ok((r, setup))
}

/// The options of `sim` that a Battlefield run reads.
pub struct SimOptions<'a> {
    /// The table.
    pub table: &'a str,
    /// The turn limit.
    pub turns: u8,
    /// The AP limit.
    pub ap: Option<u16>,
    /// Player a and b.
    pub players: [&'a PlayerSpec; 2],
    /// Games (rounded up to pairs).
    pub games: u32,
    /// The first seed.
    pub seed: u64,
    /// JSON output.
    pub json: bool,
    /// A folder for the records.
    pub records: Option<&'a Path>,
    /// Games played at once.
    pub threads: usize,
}

/// One game of `sim`: its outcome, its decisions, its final hash, and the decision times of
/// player a and b.
type Played = (FieldOutcome, usize, u64, [DecisionTimes; 2]);

/// `dust1947 sim --edition battlefield`: games in pairs (one seed, the sides swapped), every
/// game recorded if asked; the paired statistics of the Tactics games (pentanomial, score,
/// Elo; `dust_ai::matchup::Summary`), the side balance, the fighting and the objectives.
pub fn sim(o: &SimOptions<'_>) -> anyhow::Result<ExitCode> {
    let (table_ref, setup) = table_arg(o.table, o.turns, o.ap)?;
    if let Some(dir) = o.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create the records folder `{}`", dir.display()))?;
    }
    let games = o.games.div_ceil(2) * 2;
    let start = Instant::now();
    let play = |g: u32| -> anyhow::Result<Played> {
        let p = play_paired(&setup, o.players, o.seed, g, 100_000).map_err(anyhow::Error::msg)?;
        let hash = p.game.state_hash();
        let n = p.decisions.len();
        if let Some(dir) = o.records {
            let mut r = FieldRecord::new(table_ref.clone(), o.seed.wrapping_add(u64::from(g / 2)), o.turns);
            r.ap_limit = o.ap;
            r.decisions = p.decisions;
            r.final_hash = Some(hash);
            let path = dir.join(format!("game-{:04}.toml", g + 1));
            std::fs::write(&path, r.to_text()).with_context(|| format!("cannot write `{}`", path.display()))?;
        }
        Ok((p.outcome, n, hash, p.times))
    };
    // Games on `threads` threads; each game's seeds come from its number, so the results do
    // not depend on the threads.
    let threads = o.threads.clamp(1, games as usize);
    let next = std::sync::atomic::AtomicU32::new(0);
    let results: std::sync::Mutex<Vec<Option<anyhow::Result<Played>>>> = std::sync::Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| loop {
                let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let r = play(g);
                if let Ok(mut v) = results.lock() {
                    v[g as usize] = Some(r);
                }
            });
        }
    });
    let mut decisions = 0usize;
    let mut times = [DecisionTimes::default(); 2];
    let mut per_game = Vec::with_capacity(games as usize);
    let mut fights = Fights::default();
    for (g, r) in results
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a game's thread failed"))?
        .into_iter()
        .enumerate()
    {
        let (outcome, n, hash, ts) = r.ok_or_else(|| anyhow::anyhow!("a game was not played"))??;
        times[0].merge(&ts[0]);
        times[1].merge(&ts[1]);
        decisions += n;
        fights.add(&outcome);
        per_game.push(outcome.summary(g as u32, hash));
    }
    let summary = Summary::of(&per_game);
    let secs = start.elapsed().as_secs_f64();
    let name = match &table_ref {
        TableRef::Shipped(n) => n.clone(),
        TableRef::Embedded(_) => o.table.to_string(),
    };
    let objectives = setup.table.objectives.len();
    let share = |x: u32| f64::from(x) / f64::from(games);
    let (score, elo, (lo, hi)) = (summary.score, summary.elo, summary.elo_interval);
    if o.json {
        println!(
            "{}",
            to_json(&json!({
                "edition": "battlefield",
                "table": name,
                "seed": o.seed,
                "games": games,
                "a": o.players[0].to_string(),
                "b": o.players[1].to_string(),
                "wins": {"a": summary.a_wins, "b": summary.b_wins},
                "a_wins": summary.a_wins,
                "b_wins": summary.b_wins,
                "draws": summary.draws,
                "pairs": summary.pairs(),
                "pentanomial": summary.pentanomial,
                "score": score,
                "elo": elo,
                "elo_low": lo,
                "elo_high": hi,
                "balance": {
                    "side_a_wins": summary.side_wins.a,
                    "side_b_wins": summary.side_wins.b,
                    "side_a_score": fights.side_a_score(games),
                },
                "mean_turns": summary.mean_rounds,
                "mean_decisions": decisions as f64 / f64::from(games),
                "mean_destroyed_ap": {"a": summary.mean_vp.0, "b": summary.mean_vp.1},
                "destroyed_any": share(fights.bloody),
                "games_with_a_unit_destroyed": fights.bloody,
                "mean_destroyed": f64::from(fights.destroyed) / f64::from(games),
                "objectives": {
                    "on_table": objectives,
                    "games_won_by_objectives": fights.by_objectives,
                    "games_with_one_held": fights.held_any,
                    "held_at_end": {"side_a": fights.held_at_end.a, "side_b": fights.held_at_end.b},
                    "held_turns": {"side_a": fights.held_turns.a, "side_b": fights.held_turns.b},
                },
                "seconds": secs,
                "decision_ms": {
                    "a": {"mean": mean_ms(&times[0]), "longest": ms(times[0].longest), "budget": o.players[0].time_budget().map(ms)},
                    "b": {"mean": mean_ms(&times[1]), "longest": ms(times[1].longest), "budget": o.players[1].time_budget().map(ms)},
                },
            }))?
        );
    } else {
        println!(
            "Dust Battlefield on {name}: {games} games, a = {} vs b = {} (seed {})",
            o.players[0], o.players[1], o.seed
        );
        println!("wins: a {} - b {}, draws {}", summary.a_wins, summary.b_wins, summary.draws);
        match elo {
            Some(_) => println!(
                "Elo difference a - b: {} (95% interval {} .. {}), score {score:.3}",
                super::sim::fmt_elo(elo, ""),
                super::sim::fmt_elo(lo, "unbounded"),
                super::sim::fmt_elo(hi, "unbounded"),
            ),
            None => println!(
                "Elo difference a - b: not finite, {} scored every point (score {score:.3})",
                if score >= 1.0 { "a" } else { "b" }
            ),
        }
        let p = summary.pentanomial;
        println!(
            "pairs (one seed, sides swapped): {}; a scored 0 / ½ / 1 / 1½ / 2 points in {} / {} / {} / {} / {} of them",
            summary.pairs(),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4]
        );
        println!(
            "balance: side A won {} ({:.1}%), side B won {} ({:.1}%), draws {}; side A's score {:.1}%",
            summary.side_wins.a,
            100.0 * share(summary.side_wins.a),
            summary.side_wins.b,
            100.0 * share(summary.side_wins.b),
            summary.draws,
            100.0 * fights.side_a_score(games)
        );
        println!(
            "fighting: a unit was destroyed in {} games ({:.1}%), {:.2} units a game; army points destroyed a game: a {:.1}, b {:.1}",
            fights.bloody,
            100.0 * share(fights.bloody),
            f64::from(fights.destroyed) / f64::from(games),
            summary.mean_vp.0,
            summary.mean_vp.1
        );
        if objectives > 0 {
            println!(
                "objectives ({objectives} on the table): one was held at the end of a turn in {} games ({:.1}%), {} games won by holding all; held at the end: side A {}, side B {}",
                fights.held_any,
                100.0 * share(fights.held_any),
                fights.by_objectives,
                fights.held_at_end.a,
                fights.held_at_end.b
            );
        }
        println!(
            "mean decisions a game: {:.1}; mean turns: {:.2}; {:.1} games/s",
            decisions as f64 / f64::from(games),
            summary.mean_rounds,
            f64::from(games) / secs.max(1e-9)
        );
        for (label, t, spec) in [("a", &times[0], o.players[0]), ("b", &times[1], o.players[1])] {
            // Greedy and random have no budget: the issue allows them 50 ms like the rest.
            let limit = spec.time_budget().unwrap_or_default() + std::time::Duration::from_millis(50);
            println!(
                "decision time {label}: mean {:.2} ms, longest {:.1} ms ({} decisions; budget + 50 ms = {:.0} ms{})",
                mean_ms(t),
                ms(t.longest),
                t.decisions,
                ms(limit),
                if t.longest > limit { ", OVER" } else { "" }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The fighting and the objectives of a match's games, by side of the table.
#[derive(Default)]
struct Fights {
    /// Games with a unit destroyed.
    bloody: u32,
    /// Units destroyed in all.
    destroyed: u32,
    /// Games won by holding every objective.
    by_objectives: u32,
    /// Games in which a side held an objective at the end of some turn.
    held_any: u32,
    /// Objectives held at the games' ends, by side.
    held_at_end: BySide<u32>,
    /// Objectives held at the ends of turns, by side.
    held_turns: BySide<u32>,
    /// Side A's wins, and the draws.
    side_a_wins: u32,
    draws: u32,
}

impl Fights {
    fn add(&mut self, o: &FieldOutcome) {
        self.bloody += u32::from(o.destroyed() > 0);
        self.destroyed += o.destroyed();
        self.by_objectives += u32::from(o.by_objectives);
        self.held_any += u32::from(o.held_turns.a + o.held_turns.b > 0);
        self.held_at_end.a += u32::from(o.held.a);
        self.held_at_end.b += u32::from(o.held.b);
        self.held_turns.a += u32::from(o.held_turns.a);
        self.held_turns.b += u32::from(o.held_turns.b);
        match o.winner {
            Some(Side::A) => self.side_a_wins += 1,
            Some(Side::B) => {}
            None => self.draws += 1,
        }
    }
    /// Side A's score (a win 1, a draw ½) over `games`.
    fn side_a_score(&self, games: u32) -> f64 {
        (f64::from(self.side_a_wins) + 0.5 * f64::from(self.draws)) / f64::from(games.max(1))
    }
}

/// A duration in milliseconds.
fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The mean decision time in milliseconds.
fn mean_ms(t: &DecisionTimes) -> f64 {
    if t.decisions > 0 {
        ms(t.total) / f64::from(t.decisions)
    } else {
        0.0
    }
}

/// Whether a record's text is a Battlefield record (`edition = "battlefield"`).
pub fn is_field_record(text: &str) -> bool {
    super::play::is_battlefield_record(text)
}

/// `dust1947 replay` of a Battlefield record.
pub fn replay(text: &str, file: &str, events: bool) -> anyhow::Result<ExitCode> {
    let r = FieldRecord::parse(text, file).map_err(super::Diagnostics)?;
    let g = replay_field(&r)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("cannot replay `{file}`"))?;
    if events {
        for e in g.events() {
            println!("{e}");
        }
        println!();
    }
    print!("{}", summary(&r, &g, true));
    Ok(ExitCode::SUCCESS)
}

/// The final state of a replayed Battlefield game; its seed with `seed` (a game two people
/// stopped part-way keeps it hidden: `field_play`).
pub fn summary(r: &FieldRecord, g: &FieldGame, seed: bool) -> String {
    let mut o = String::new();
    let table = match &r.table {
        TableRef::Shipped(n) => n.clone(),
        TableRef::Embedded(_) => format!("{} (embedded in the record)", g.table().name),
    };
    let _ = writeln!(o, "table: {table} (battlefield edition)");
    if seed {
        let _ = writeln!(o, "seed: {}; decisions: {}", r.seed, r.decisions.len());
    } else {
        let _ = writeln!(o, "decisions: {}", r.decisions.len());
    }
    let _ = writeln!(o, "turn: {} of {}", g.turn(), g.turn_limit());
    let d = g.destroyed_ap();
    let _ = writeln!(o, "AP destroyed: A {} - B {}", d.a, d.b);
    let h = g.objectives_held();
    let _ = writeln!(o, "objectives held at the last turn's end: A {} - B {}", h.a, h.b);
    let _ = match g.pending() {
        Pending::Over(Some(s)) => writeln!(o, "winner: side {s}"),
        Pending::Over(None) => writeln!(o, "winner: none (a draw)"),
        Pending::Decision(s) => writeln!(o, "game not over: side {s} has to decide {}", g.asks()),
    };
    for side in Side::ALL {
        let left: Vec<String> = g
            .units()
            .iter()
            .enumerate()
            .filter(|(_, u)| u.side == side && !u.destroyed)
            .map(|(i, u)| format!("{} ({} left of {})", g.table().units[i].name, u.health, g.card(i).card.health))
            .collect();
        let _ = writeln!(
            o,
            "units left, side {side}: {}",
            if left.is_empty() { "none".to_string() } else { left.join(", ") }
        );
    }
    let _ = writeln!(o, "state hash: {:#018x}", g.state_hash());
    o
}

/// `dust1947 odds --table NAME|FILE --attacker UNIT --target UNIT`: the exact chances of an
/// attack from where the units stand on the table (every line that can fire, or `lines`).
pub fn odds(
    table: &str,
    attacker: &str,
    target: &str,
    lines: &[String],
    at: Option<&str>,
    sustained: bool,
    json_out: bool,
) -> anyhow::Result<ExitCode> {
    let (_, setup) = table_arg(table, dust_data::field_record::DEFAULT_TURNS, None)?;
    let t = &setup.table;
    // The unit finder of `battlefield measure` and the server (the closest name when misspelt).
    let find = |n: &str| dust_data::table_json::find_unit(t, table, n).map_err(anyhow::Error::msg);
    let (u, v) = (find(attacker)?, find(target)?);
    let game = FieldGame::new(setup.clone(), 1).map_err(|e| anyhow::anyhow!("{e}"))?;
    let at = match at {
        Some(s) => {
            let p = super::battlefield::point_arg(s, "--at")?;
            super::battlefield::on_table(t, p, "--at")?;
            Some(p)
        }
        None => None,
    };
    let card = &game.card(u).card;
    let (aims, refused) = dust_data::field_odds::odds_aims(&game, u, v, lines, at, sustained);
    if aims.is_empty() {
        bail!(
            "{} cannot attack {} from where they stand: {}",
            t.units[u].name,
            t.units[v].name,
            refused.join("; ")
        );
    }
    let o = game.attack_odds(u, &aims, sustained).map_err(|e| anyhow::anyhow!("{e}"))?;
    let exp = o.expected_damage(&game);
    let odds = dust_data::field_odds::odds_json(&game, u, &o);
    if json_out {
        println!(
            "{}",
            to_json(&json!({
                "attacker": t.units[u].name,
                "target": t.units[v].name,
                "sustained": sustained,
                "groups": odds["groups"],
                "expected_unsaved_hits": odds["expected_unsaved_hits"],
                "expected_damage": odds["expected_damage"],
                "refused": refused,
            }))?
        );
    } else {
        println!(
            "{} attacks {}{}:",
            t.units[u].name,
            t.units[v].name,
            if sustained { " (sustained)" } else { "" }
        );
        for (g, q, dist) in &o.groups {
            println!(
                "  {} → {}: {} dice from miniatures {:?}{}{}; each die an unsaved hit with p = {:.4}; P(0 unsaved) = {:.4}",
                card.weapons[usize::from(g.line)].name,
                t.units[g.target].name,
                g.dice,
                g.firers,
                if g.cover { ", target in cover" } else { "" },
                if g.template { ", template" } else { "" },
                q,
                dist.first().copied().unwrap_or(1.0)
            );
        }
        println!(
            "expected unsaved hits: {:.3}; expected damage (casualties or points): {exp:.3}",
            o.expected_hits()
        );
        for r in &refused {
            println!("  not firing: {r}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
