//! `dust1947 replay FILE`: replays a game record (docs/record-format.md) and prints the final
//! state: round, victory points, winner, the units left and the state hash, which is the same
//! on every machine.

use super::Diagnostics;
use anyhow::Context as _;
use dust_core::game::{Game, Pending};
use dust_core::{Side, UnitKind};
use dust_data::record::{replay_with_files, Record, ScenarioRef};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// `dust1947 replay FILE`
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game record (TOML).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// A folder of your own unit cards (the record must have been played with them).
    /// Default: the DUST1947_CARDS environment variable, if set.
    #[arg(long, value_name = "DIR")]
    pub cards: Option<PathBuf>,
    /// Also print every event of the game.
    #[arg(long)]
    pub events: bool,
    /// Replay under this rules edition, `revised` or `battlefront`, whatever the record says
    /// (a battlefront scenario always plays battlefront).
    #[arg(long, value_name = "revised|battlefront")]
    pub edition: Option<dust_core::Edition>,
}

/// Runs `dust1947 replay`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let file = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read the record `{file}`: check the path and that it is UTF-8 text"))?;
    if super::field::is_field_record(&text) {
        return super::field::replay(&text, &file, args.events);
    }
    let mut record = Record::parse(&text, &file).map_err(Diagnostics)?;
    if let Some(e) = args.edition {
        record.edition = e;
    }
    // Both editions' cards, the user's merged in: a battlefront record plays a battlefront card
    // of `--cards` with its battlefront part.
    let all = super::scenario::all_card_files(args.cards.as_deref())?;
    let game = replay_with_files(&record, &all).with_context(|| format!("cannot replay `{file}`"))?;
    if args.events {
        for e in game.events() {
            println!("{e}");
        }
        println!();
    }
    print!("{}", summary(&record, &game));
    Ok(ExitCode::SUCCESS)
}

/// The final state of a replayed game.
pub fn summary(record: &Record, game: &Game) -> String {
    let mut o = String::new();
    let scenario = match &record.scenario {
        ScenarioRef::Builtin(n) => n.clone(),
        ScenarioRef::Embedded(_) => "embedded in the record".to_string(),
    };
    let _ = writeln!(o, "scenario: {scenario} ({} edition)", record.edition);
    let players = |s: Side| record.players[s].clone().unwrap_or_else(|| "?".to_string());
    if record.players.a.is_some() || record.players.b.is_some() {
        let _ = writeln!(o, "players: A {} vs B {}", players(Side::A), players(Side::B));
    }
    if let Some(d) = &record.date {
        let _ = writeln!(o, "date: {d}");
    }
    let _ = writeln!(o, "seed: {}; decisions: {}", record.seed, record.decisions.len());
    if let Some(su) = &record.setup {
        let _ = writeln!(
            o,
            "set-up: by the players (set-up seed {}; {} set-up decisions)",
            su.seed,
            su.decisions.len()
        );
    }
    let _ = writeln!(o, "round: {} of {}", game.round(), game.round_limit());
    let vp = game.victory_points();
    let _ = writeln!(o, "victory points: A {} - B {}", vp.a, vp.b);
    let _ = match game.pending() {
        Pending::GameOver { winner: Some(s) } => writeln!(o, "winner: side {s}"),
        Pending::GameOver { winner: None } => writeln!(o, "winner: none (a draw)"),
        Pending::Decision { side } => writeln!(o, "game not over: side {side} has to decide"),
        Pending::Chance(_) => writeln!(o, "game not over: dice to roll"),
    };
    for side in Side::ALL {
        let left: Vec<String> = game
            .units()
            .iter()
            .filter(|u| u.side == side && !u.destroyed)
            .map(|u| {
                let what = match u.card.kind {
                    UnitKind::Squad => "miniatures",
                    _ => "health",
                };
                let at = u.at.map_or_else(|| "off the board".to_string(), |s| s.to_string());
                format!("{} ({what} {}/{}, {at})", u.card.name, u.health, u.card.health)
            })
            .collect();
        let _ = writeln!(
            o,
            "units left, side {side}: {}",
            if left.is_empty() { "none".to_string() } else { left.join(", ") }
        );
    }
    let _ = writeln!(o, "state hash: {:#018x}", game.state_hash());
    o
}
