//! Subcommands of `dust1947`, one module each, and what they share: reading a map file and
//! the space and unit-kind arguments.
//!
//! A new subcommand (play, serve, sim, odds, cards, replay) is a module with an `Args` struct
//! (clap derive) and a `run` function, plus one variant in [`Command`].

mod army;
mod balance;
mod battlefield;
mod cards;
mod field;
mod field_play;
mod loadtest;
mod los;
mod map;
mod odds;
mod play;
mod reach;
mod replay;
mod rulings;
mod scenario;
mod serve;
mod sim;
mod strategy;

use anyhow::{bail, Context as _};
use clap::{Parser, Subcommand, ValueEnum};
use dust_core::{PieceKind, Square};
use dust_data::{parse_map, Diagnostic, MapFile};
use std::fmt;
use std::path::Path;
use std::process::ExitCode;

/// Dust 1947: the Dust Tactics rules engine on the command line.
#[derive(Parser, Debug)]
#[command(name = "dust1947", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game of Dust Tactics (or Dust Battlefield: --edition battlefield) in the terminal against the AI (or hot-seat).
    Play(play::Args),
    /// Exact odds of an attack before the dice roll (docs/odds.md).
    Odds(odds::Args),
    /// Play in the browser: the game server on http://127.0.0.1:8047.
    Serve(serve::Args),
    /// Load-test running servers on this machine: decisions/s, latency, server memory and CPU.
    Loadtest(loadtest::Args),
    /// Play computer players against each other: wins, Elo, balance.
    Sim(sim::Args),
    /// How much each unit is worth: games between random armies, fitted (proposals for AP values).
    Balance(balance::Args),
    /// Army files: check an army against the army rules, build a legal army (docs/army-format.md).
    Army(army::Args),
    /// Check and summarise map files.
    #[command(subcommand)]
    Map(map::MapCommand),
    /// Line of sight, cover and range between two spaces of a map.
    Los(los::Args),
    /// Where a unit can end its move this activation, with a path to each space.
    Reach(reach::Args),
    /// Unit cards: check card files, list and show the shipped cards.
    Cards(cards::CardsArgs),
    /// Replay a game record and print the final state and its hash.
    Replay(replay::Args),
    /// Scenarios: list and show the shipped ones, check scenario files, roll for a battlefront scenario.
    Scenario(scenario::Args),
    /// The Dust strategy board game (Premium): battle odds, AI games, play, replay, file checks.
    Strategy(strategy::Args),
    /// Show the project's rulings: how ambiguous rules are read (docs/rulings.md).
    Rulings(rulings::Args),
    /// Dust Battlefield tables: check a table file; measure, line of sight, templates, paths, SVG.
    Battlefield(battlefield::Args),
}

/// Runs one command. `Ok` carries the exit code of a command that ran (0, or 1 for "nothing
/// found"); errors exit with status 2.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Play(a) => match a.battlefield()? {
            Some(f) => field_play::run(&f),
            None => play::run(&a),
        },
        Command::Serve(a) => serve::run(&a),
        Command::Loadtest(a) => loadtest::run(&a),
        Command::Sim(a) => sim::run(&a),
        Command::Army(a) => army::run(&a),
        Command::Balance(a) => balance::run(&a),
        Command::Map(c) => map::run(c),
        Command::Odds(a) => odds::run(&a),
        Command::Los(a) => los::run(&a),
        Command::Reach(a) => reach::run(&a),
        Command::Rulings(a) => rulings::run(&a),
        Command::Replay(a) => replay::run(&a),
        Command::Scenario(a) => scenario::run(&a),
        Command::Cards(a) => cards::run(&a),
        Command::Strategy(a) => strategy::run(&a),
        Command::Battlefield(a) => battlefield::run(&a),
    }
}

/// Prints an error on stderr: map diagnostics as they are (`FILE:LINE:COL: message`), any
/// other error as `error: …` followed by its causes.
pub fn report(e: &anyhow::Error) {
    if let Some(d) = e.downcast_ref::<Diagnostics>() {
        eprintln!("{d}");
        return;
    }
    eprintln!("error: {e}");
    for cause in e.chain().skip(1) {
        eprintln!("  because: {cause}");
    }
}

/// Every problem of a file, one `FILE:LINE:COL: message` per line.
#[derive(Debug)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// A unit kind on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// A squad of soldiers.
    Squad,
    /// A hero alone.
    Hero,
    /// A vehicle (tank or walker).
    Vehicle,
}

impl From<Kind> for PieceKind {
    fn from(k: Kind) -> PieceKind {
        match k {
            Kind::Squad => PieceKind::Squad,
            Kind::Hero => PieceKind::Hero,
            Kind::Vehicle => PieceKind::Vehicle,
        }
    }
}

/// Reads and checks a map file; its problems come back as [`Diagnostics`].
pub fn load_map(path: &Path) -> anyhow::Result<MapFile> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read the map file `{name}`: check the path and its permissions"))?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let good = std::str::from_utf8(good).unwrap_or("");
            let (line, col) = dust_data::LineIndex::new(good).line_col(good.len());
            let message = "the file is not UTF-8 text: save it as UTF-8".to_string();
            return Err(Diagnostics(vec![Diagnostic {
                file: name,
                line,
                col,
                message,
            }])
            .into());
        }
    };
    parse_map(&text, &name).map_err(|d| Diagnostics(d).into())
}

/// A space argument (`--from`, `AT`…) checked against the map's board.
pub fn square_arg(map: &MapFile, path: &Path, text: &str, what: &str) -> anyhow::Result<Square> {
    let sq: Square = match text.parse() {
        Ok(s) => s,
        Err(e) => bail!("{what}: {e}"),
    };
    let b = &map.board;
    if !b.contains(sq) {
        bail!(
            "{what}: {sq} is off the board of `{}`, which has columns A-{} and rows 1-{}: give a space on the board",
            path.display(),
            char::from(b'A' + b.width() - 1),
            b.height()
        );
    }
    Ok(sq)
}

/// JSON text of a value, or an error.
pub fn to_json(v: &serde_json::Value) -> anyhow::Result<String> {
    serde_json::to_string_pretty(v).context("cannot write JSON")
}
