//! `dust1947 play`: a game of Dust Tactics in the terminal against the AI (or two people at one
//! keyboard), with nothing to configure. The game itself is the `dust-tui` crate; this module
//! reads the options, builds the game or resumes a record, and reports where it was saved.
//! With `--setup players` (battlefront), the game begins with the players' set-up
//! (`dust_tui::App::with_players_setup`), as `sim --setup players` does with AI players.

use anyhow::{bail, Context as _};
use clap::ValueEnum;
use dust_core::{BySide, Side};
use dust_data::record::PlayersSetup;
use dust_tui::record;
use dust_tui::{opponent, setup, App, AppConfig, Seat};
use std::path::PathBuf;
use std::process::ExitCode;

/// The battlefront scenario `play --edition battlefront` starts when no scenario is named.
const BATTLEFRONT_SCENARIO: &str = "encounter";

/// A side on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Side A (the Allies in the shipped scenarios).
    A,
    /// Side B (the Axis in the shipped scenarios).
    B,
}

/// Where a battlefront game's table comes from (the values of `sim --setup`; this file is
/// also built alone, as `dust-tui`'s `play` example, so it has its own copy).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SetupFrom {
    /// The scenario file's fixed layout.
    Scenario,
    /// The players' set-up before the game (battlefront).
    Players,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario to play (default: the shipped annihilation scenario when available).
    #[arg(long, value_name = "NAME")]
    scenario: Option<String>,
    /// The side you play.
    #[arg(long, value_enum, value_name = "a|b")]
    side: Option<SideArg>,
    /// The AI opponent, e.g. `random`, `greedy`, `mcts:200ms` (default: the strongest available).
    #[arg(long, value_name = "SPEC")]
    ai: Option<String>,
    /// Two people at one keyboard: no AI.
    #[arg(long)]
    hotseat: bool,
    /// The dice seed (default: from the clock; it is written to the record).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Resume a saved game record (its scenario and seed; --side, --ai, --hotseat still apply).
    #[arg(long, value_name = "RECORD")]
    load: Option<PathBuf>,
    /// Where to save the record (default: the --load file, else last-game.toml in the user's
    /// data folder, $XDG_DATA_HOME/dust1947 or ~/.local/share/dust1947).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// List the scenarios and exit.
    #[arg(long)]
    list_scenarios: bool,
    /// The rules edition, `revised` or `battlefront` (default: the scenario's; with
    /// `battlefront` and no --scenario, the battlefront Encounter scenario). The game record
    /// keeps the scenario, so the edition must be the scenario's own.
    #[arg(long, value_name = "revised|battlefront")]
    edition: Option<dust_core::Edition>,
    /// Where a battlefront game's table comes from: `scenario` (the scenario file's fixed
    /// layout) or `players` (the game begins with the players' set-up: each side lays its
    /// board, then in turns two terrain tiles and an anti-tank trap, and its objective where
    /// the scenario says; the AI seat sets up by itself). The record keeps the set-up.
    #[arg(long, value_enum, value_name = "scenario|players", default_value_t = SetupFrom::Scenario)]
    setup: SetupFrom,
}

/// The default save file: `$XDG_DATA_HOME/dust1947/last-game.toml`, else
/// `~/.local/share/dust1947/last-game.toml`.
pub fn default_save_path() -> Option<PathBuf> {
    Some(dust_data::data_dir()?.join("last-game.toml"))
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    if a.list_scenarios {
        for name in setup::scenario_names() {
            println!("{name}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.hotseat && a.ai.is_some() {
        bail!("--hotseat is for two people and --ai names a computer opponent: give one of them");
    }
    if a.setup == SetupFrom::Players && a.load.is_some() {
        bail!("--setup players starts a new game, and --load resumes a record (which says how its table was laid): give one of them");
    }
    let loaded = match &a.load {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read the record `{}`: check the path", path.display()))?;
            Some(record::parse(&text, &path.display().to_string()).map_err(anyhow::Error::msg)?)
        }
        None => None,
    };
    let scenario = match (&loaded, &a.scenario) {
        (Some(r), Some(s)) if !record::scenario_name(r).eq_ignore_ascii_case(s) => {
            bail!(
                "the record is a game of `{}`, not `{s}`: leave out --scenario to resume it",
                record::scenario_name(r)
            )
        }
        (Some(r), _) => record::scenario_name(r),
        (None, Some(s)) => s.clone(),
        (None, None) if a.edition == Some(dust_core::Edition::Battlefront) => BATTLEFRONT_SCENARIO.to_string(),
        (None, None) => setup::DEFAULT_SCENARIO.to_string(),
    };
    let game_setup = match &loaded {
        Some(r) => record::setup_of(r),
        None => setup::load_scenario(&scenario),
    }
    .map_err(anyhow::Error::msg)?;
    if let Some(e) = a.edition {
        if e != game_setup.edition {
            bail!(
                "`{scenario}` is a scenario of the {} edition: the game record names the scenario, so play it in its own edition \
                 (the battlefront scenarios: {BATTLEFRONT_SCENARIO}; see `dust1947 scenario list`)",
                game_setup.edition
            );
        }
    }
    if a.setup == SetupFrom::Players && game_setup.edition != dust_core::Edition::Battlefront {
        bail!(
            "`--setup players`: `{scenario}` is played under the {} rules, and the players set up battlefront games only \
             (add `--edition battlefront`, or name a battlefront scenario: {BATTLEFRONT_SCENARIO}, grab-the-dust, bait-and-flank, supply-drop, all-out-attack)",
            game_setup.edition
        );
    }
    let recorded = loaded.as_ref().and_then(record::players_of);
    let (seats, ai_spec) = seats(a, recorded);
    let seed = loaded.as_ref().map(|r| r.seed).or(a.seed).unwrap_or_else(clock_seed);
    let ai = match &ai_spec {
        Some(spec) => Some(opponent::build(spec, seed ^ 0x5eed).map_err(anyhow::Error::msg)?),
        None => None,
    };
    let save_path = a.save.clone().or_else(|| a.load.clone()).or_else(default_save_path);
    let config = AppConfig {
        scenario,
        setup: game_setup,
        seed,
        seats,
        ai,
        ai_spec,
        save_path: save_path.clone(),
    };
    let app = match loaded {
        Some(r) => {
            App::resume(config, r).map_err(|e| anyhow::anyhow!("{e}").context("the record does not replay; the game was not started"))?
        }
        None if a.setup == SetupFrom::Players => {
            App::with_players_setup(config, PlayersSetup::seed_for(seed)).map_err(anyhow::Error::msg)?
        }
        None => App::new(config).map_err(anyhow::Error::msg)?,
    };
    let app = dust_tui::term::run(app).context("the terminal game stopped")?;
    if let Some(p) = app.saved_to() {
        println!(
            "game record saved to {}; resume with: dust1947 play --load {}",
            p.display(),
            p.display()
        );
    } else if let Some(p) = save_path {
        println!("the game record could not be saved to {}", p.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Who sits where: the options first, then the record's players, then "you are side A against
/// the default AI".
fn seats(a: &Args, recorded: Option<(BySide<Seat>, Option<String>)>) -> (BySide<Seat>, Option<String>) {
    let both = BySide {
        a: Seat::Human,
        b: Seat::Human,
    };
    let explicit = a.side.is_some() || a.ai.is_some();
    if a.hotseat || (!explicit && recorded.as_ref().is_some_and(|(s, _)| *s == both)) {
        return (both, None);
    }
    let recorded_human = recorded.as_ref().and_then(|(s, _)| match (s.a, s.b) {
        (Seat::Human, Seat::Ai) => Some(Side::A),
        (Seat::Ai, Seat::Human) => Some(Side::B),
        _ => None,
    });
    let human = match a.side {
        Some(SideArg::A) => Side::A,
        Some(SideArg::B) => Side::B,
        None => recorded_human.unwrap_or(Side::A),
    };
    let spec =
        a.ai.clone()
            .or_else(|| recorded.and_then(|(_, ai)| ai))
            .unwrap_or_else(|| opponent::DEFAULT_SPEC.to_string());
    let seats = match human {
        Side::A => BySide {
            a: Seat::Human,
            b: Seat::Ai,
        },
        Side::B => BySide {
            a: Seat::Ai,
            b: Seat::Human,
        },
    };
    (seats, Some(spec))
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1947, |d| d.as_nanos() as u64)
}
