//! Dust Battlefield games on the command line: `sim --edition battlefield --table NAME|FILE`,
//! `replay` of a Battlefield record, and `odds --table NAME|FILE` for an attack on a table
//! position (the engine's own attack plan: docs/battlefield.md).

use super::to_json;
use anyhow::{bail, Context as _};
use dust_ai::field::{field_player, play_field, DecisionTimes, FieldPlayer};
use dust_ai::PlayerSpec;
use dust_core::field::{FieldGame, FieldSetup, Pending};
use dust_core::Side;
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

/// One game of `sim`: the seat of its winner (0: player a), its decisions, its last turn, and
/// the decision times of player a and b.
type Played = (Option<usize>, usize, u8, [DecisionTimes; 2]);

/// `dust1947 sim --edition battlefield`: games in pairs (one seed, the sides swapped), every
/// game recorded if asked; statistics by player.
pub fn sim(o: &SimOptions<'_>) -> anyhow::Result<ExitCode> {
    let (table_ref, setup) = table_arg(o.table, o.turns, o.ap)?;
    if let Some(dir) = o.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create the records folder `{}`", dir.display()))?;
    }
    let games = o.games.div_ceil(2) * 2;
    let start = Instant::now();
    // One game: (the seat of its winner, its decisions, its last turn), its record written.
    let play = |g: u32| -> anyhow::Result<Played> {
        let seed = o.seed.wrapping_add(u64::from(g / 2));
        let swap = g % 2 == 1;
        // Player a sits on side A in the first game of a pair, on side B in the second.
        let seat = |s: Side| if (s == Side::A) != swap { 0 } else { 1 };
        let mut players: [Box<dyn FieldPlayer + Send>; 2] = [
            field_player(o.players[seat(Side::A)], seed.wrapping_mul(3).wrapping_add(1)),
            field_player(o.players[seat(Side::B)], seed.wrapping_mul(3).wrapping_add(2)),
        ];
        let mut game = FieldGame::new(setup.clone(), seed).map_err(|e| anyhow::anyhow!("{e}"))?;
        let (ds, by_side) = play_field(&mut game, &mut players, 100_000).map_err(anyhow::Error::msg)?;
        let mut times = [DecisionTimes::default(); 2];
        for s in [Side::A, Side::B] {
            times[seat(s)] = by_side[s.index()];
        }
        let n = ds.len();
        if let Some(dir) = o.records {
            let mut r = FieldRecord::new(table_ref.clone(), seed, o.turns);
            r.ap_limit = o.ap;
            r.decisions = ds;
            r.final_hash = Some(game.state_hash());
            let path = dir.join(format!("game-{:04}.toml", g + 1));
            std::fs::write(&path, r.to_text()).with_context(|| format!("cannot write `{}`", path.display()))?;
        }
        let winner = match game.pending() {
            Pending::Over(Some(s)) => Some(seat(s)),
            _ => None,
        };
        Ok((winner, n, game.turn(), times))
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
    let (mut wins, mut draws, mut decisions, mut turns) = ([0u32; 2], 0u32, 0usize, 0u32);
    let mut times = [DecisionTimes::default(); 2];
    for r in results.into_inner().map_err(|_| anyhow::anyhow!("a game's thread failed"))? {
        let (w, n, t, ts) = r.ok_or_else(|| anyhow::anyhow!("a game was not played"))??;
        times[0].merge(&ts[0]);
        times[1].merge(&ts[1]);
        match w {
            Some(i) => wins[i] += 1,
            None => draws += 1,
        }
        decisions += n;
        turns += u32::from(t);
    }
    let secs = start.elapsed().as_secs_f64();
    let name = match &table_ref {
        TableRef::Shipped(n) => n.clone(),
        TableRef::Embedded(_) => o.table.to_string(),
    };
    if o.json {
        println!(
            "{}",
            to_json(&json!({
                "edition": "battlefield",
                "table": name,
                "games": games,
                "a": o.players[0].to_string(),
                "b": o.players[1].to_string(),
                "wins": {"a": wins[0], "b": wins[1]},
                "draws": draws,
                "mean_decisions": decisions as f64 / f64::from(games),
                "mean_turns": f64::from(turns) / f64::from(games),
                "seconds": secs,
                "decision_ms": {
                    "a": {"mean": mean_ms(&times[0]), "longest": ms(times[0].longest), "budget": o.players[0].time_budget().map(ms)},
                    "b": {"mean": mean_ms(&times[1]), "longest": ms(times[1].longest), "budget": o.players[1].time_budget().map(ms)},
                },
            }))?
        );
    } else {
        println!(
            "Dust Battlefield on {name}: {games} games, a = {} vs b = {}",
            o.players[0], o.players[1]
        );
        println!("wins: a {} - b {}, draws {draws}", wins[0], wins[1]);
        println!(
            "mean decisions a game: {:.1}; mean turns: {:.2}; {:.1} games/s",
            decisions as f64 / f64::from(games),
            f64::from(turns) / f64::from(games),
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
