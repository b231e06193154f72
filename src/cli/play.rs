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

/// The scenario of `play --tutorial` (dust_data::tutorial::SCENARIO).
const TUTORIAL_SCENARIO: &str = dust_data::tutorial::SCENARIO;

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

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The scenario to play (default: the shipped annihilation scenario when available).
    #[arg(long, value_name = "NAME")]
    scenario: Option<String>,
    /// The side you play.
    #[arg(long, value_enum, value_name = "a|b")]
    side: Option<SideArg>,
    /// The AI opponent, e.g. `random`, `greedy`, `mcts:200ms` (default: the strongest available;
    /// Battlefield: greedy).
    #[arg(long, value_name = "SPEC")]
    ai: Option<String>,
    /// Two people at one keyboard: no AI.
    #[arg(long)]
    hotseat: bool,
    /// The dice seed (default: from the clock; it is written to the record).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Resume a saved game: a record file, or the number of a game in the history (`--list`).
    /// Its scenario and seed are the record's; --side, --ai, --hotseat still apply. A
    /// Battlefield record (`--record`) resumes a Battlefield game and is saved back to.
    #[arg(long, value_name = "RECORD|N")]
    load: Option<PathBuf>,
    /// Where to save the record (default: the --load file, else a new game file in the history,
    /// games/game-N.toml in the user's data folder, $XDG_DATA_HOME/dust1947 or
    /// ~/.local/share/dust1947). No game overwrites another.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// List the games in the history (finished and unfinished) and exit; `--load N` resumes one.
    #[arg(long)]
    list: bool,
    /// Start a new game without offering to resume an unfinished one.
    #[arg(long)]
    new: bool,
    /// List the scenarios and exit.
    #[arg(long)]
    list_scenarios: bool,
    /// The rules edition, `revised` or `battlefront` (default: the scenario's; with
    /// `battlefront` and no --scenario, the battlefront Encounter scenario). The game record
    /// keeps the scenario, so the edition must be the scenario's own. `battlefield`: Dust
    /// Battlefield on a measured table (--table), played by typed or numbered decisions.
    #[arg(long, value_name = "revised|battlefront|battlefield", value_parser = parse_edition)]
    edition: Option<PlayEdition>,
    /// Battlefield: a shipped table (dnieper-ford, ostwall-bunker-line, ruined-town,
    /// zhytomyr-crossroads; default zhytomyr-crossroads) or a table file (docs/table-format.md).
    /// A table alone means `--edition battlefield`.
    #[arg(long, value_name = "NAME|FILE")]
    table: Option<String>,
    /// Battlefield: the turn limit [default: 6].
    #[arg(long, value_name = "N")]
    turns: Option<u8>,
    /// Battlefield: the AP limit each side's units must not exceed.
    #[arg(long, value_name = "AP")]
    ap: Option<u16>,
    /// Battlefield: write the game record (table, seed, every decision) to FILE, after every
    /// decision; `dust1947 replay FILE` replays it, `play --load FILE` resumes it.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Battlefield: the table's width on screen, in characters (default: $COLUMNS, else 80).
    #[arg(long, value_name = "N")]
    width: Option<usize>,
    /// Where a battlefront game's table comes from: `scenario` (the scenario file's fixed
    /// layout) or `players` (the game begins with the players' set-up: each side lays its
    /// board, then in turns two terrain tiles and an anti-tank trap, and its objective where
    /// the scenario says; the AI seat sets up by itself). The record keeps the set-up.
    #[arg(long, value_enum, value_name = "scenario|players", default_value_t = SetupFrom::Scenario)]
    setup: SetupFrom,
    /// A guided first game: the tiny `duel` scenario against the greedy AI, with lessons on
    /// activation, moving, line of sight, cover, attacking and reactive fire as they come up
    /// (`t` shows the log instead, `e` explains the rule behind the last event).
    #[arg(long)]
    tutorial: bool,
    /// A folder of your own unit cards, merged with the shipped ones (a card of the same name
    /// replaces the shipped one; a battlefront card plays with its battlefront part in a
    /// battlefront game). Default: the DUST1947_CARDS environment variable, if set. A record
    /// played with them resumes with the same folder.
    #[arg(long, value_name = "DIR")]
    cards: Option<PathBuf>,
}

/// The edition `play` plays: a Tactics edition, or Dust Battlefield.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayEdition {
    /// The revised or battlefront edition on squares.
    Tactics(dust_core::Edition),
    /// Dust Battlefield on a measured table.
    Battlefield,
}

fn parse_edition(s: &str) -> Result<PlayEdition, String> {
    if s.trim().eq_ignore_ascii_case("battlefield") {
        return Ok(PlayEdition::Battlefield);
    }
    s.parse::<dust_core::Edition>()
        .map(PlayEdition::Tactics)
        .map_err(|_| format!("`{s}` is not an edition: write revised, battlefront or battlefield"))
}

/// The options of a Battlefield game in the terminal (`play --edition battlefield`).
// Read by src/cli/field_play.rs; the dust-tui example builds this file without it.
#[allow(dead_code)]
#[derive(Clone, Debug)]
pub struct FieldPlay {
    /// The table: a shipped name or a file.
    pub table: String,
    /// The turn limit.
    pub turns: u8,
    /// The AP limit.
    pub ap: Option<u16>,
    /// The side the person plays (`None` with --hotseat: both).
    pub human: Option<Side>,
    /// The AI's player spec.
    pub ai: String,
    /// The dice seed.
    pub seed: u64,
    /// Where to write the record.
    pub record: Option<PathBuf>,
    /// The table's width on screen, in characters.
    pub width: Option<usize>,
    /// A Battlefield record to resume.
    pub load: Option<PathBuf>,
}

/// Whether a record's text is a Battlefield record (a line `edition = "battlefield"`).
pub fn is_battlefield_record(text: &str) -> bool {
    text.lines().any(|l| {
        l.split_once('=')
            .is_some_and(|(k, v)| k.trim() == "edition" && v.trim().trim_matches('"') == "battlefield")
    })
}

impl Args {
    /// The Battlefield game these options ask for, or `None` for a Tactics game.
    ///
    /// # Errors
    /// An option of the Tactics games given with `--edition battlefield`, or a Battlefield
    /// option without it.
    pub fn battlefield(&self) -> anyhow::Result<Option<FieldPlay>> {
        // A Battlefield record to resume is a Battlefield game, whatever the other options.
        let loads_field = self
            .load
            .as_ref()
            .is_some_and(|p| std::fs::read_to_string(p).is_ok_and(|t| is_battlefield_record(&t)));
        let field = loads_field || self.edition == Some(PlayEdition::Battlefield) || (self.edition.is_none() && self.table.is_some());
        if !field {
            if self.table.is_some() || self.record.is_some() || self.ap.is_some() || self.turns.is_some() || self.width.is_some() {
                bail!(
                    "--table, --record, --ap, --turns and --width are for Dust Battlefield: add `--edition battlefield`, or leave them out"
                );
            }
            return Ok(None);
        }
        if self.load.is_some() && !loads_field {
            bail!("--load with `--edition battlefield` resumes a Battlefield record (a file with `edition = \"battlefield\"`, written by --record): check the file");
        }
        if self.load.is_some() && (self.table.is_some() || self.seed.is_some()) {
            bail!("--load resumes a record, which keeps its table and seed: leave out --table and --seed");
        }
        if self.load.is_some() && (self.turns.is_some() || self.ap.is_some()) {
            bail!("--load resumes a record, which keeps its turn limit and AP limit: leave out --turns and --ap");
        }
        if self.scenario.is_some()
            || self.list
            || self.tutorial
            || self.list_scenarios
            || self.setup == SetupFrom::Players
            || self.cards.is_some()
        {
            bail!(
                "`--edition battlefield` plays the units a table places: leave out --scenario, --list, --tutorial, \
                 --list-scenarios, --setup and --cards (give --table NAME|FILE; replay a record with `dust1947 replay FILE`)"
            );
        }
        if self.hotseat && self.ai.is_some() {
            bail!("--hotseat is for two people and --ai names a computer opponent: give one of them");
        }
        let human = match (self.hotseat, self.side) {
            (true, _) => None,
            (false, Some(SideArg::B)) => Some(Side::B),
            (false, _) => Some(Side::A),
        };
        Ok(Some(FieldPlay {
            table: self.table.clone().unwrap_or_else(|| "zhytomyr-crossroads".to_string()),
            turns: self.turns.unwrap_or(dust_data::field_record::DEFAULT_TURNS),
            ap: self.ap,
            human,
            ai: self.ai.clone().unwrap_or_else(|| "greedy".to_string()),
            seed: self.seed.unwrap_or_else(clock_seed),
            record: self.record.clone().or_else(|| self.save.clone()).or_else(|| self.load.clone()),
            width: self.width,
            load: self.load.clone(),
        }))
    }
}

/// The guided game's dice seed: fixed, so every first game goes the same way (the browser's
/// "Learn to play" uses the same).
const TUTORIAL_SEED: u64 = 11;

/// The folder of the game history: `$XDG_DATA_HOME/dust1947/games`, else
/// `~/.local/share/dust1947/games`. Each game is `game-N.toml`, N counting from 1.
pub fn games_dir() -> Option<PathBuf> {
    Some(dust_data::data_dir()?.join("games"))
}

/// The games of the history, by number.
fn history() -> Vec<(u32, PathBuf)> {
    let Some(dir) = games_dir() else { return Vec::new() };
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut v: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let n = name.strip_prefix("game-")?.strip_suffix(".toml")?.parse().ok()?;
            Some((n, e.path()))
        })
        .collect();
    v.sort();
    v
}

/// A new file in the history, numbered after the last; earlier versions' single
/// `last-game.toml` joins the history first, so that no game is lost.
fn new_game_path() -> Option<PathBuf> {
    let dir = games_dir()?;
    std::fs::create_dir_all(&dir).ok()?;
    let next = |h: &[(u32, PathBuf)]| h.last().map_or(1, |(n, _)| n + 1);
    if let Some(old) = dust_data::data_dir().map(|d| d.join("last-game.toml")).filter(|p| p.is_file()) {
        let to = dir.join(format!("game-{}.toml", next(&history())));
        let _ = std::fs::rename(old, to);
    }
    Some(dir.join(format!("game-{}.toml", next(&history()))))
}

/// What a saved game is: its scenario, whether it is over (and who won), the round, the
/// decisions taken; `None` when it does not read or replay.
struct Saved {
    scenario: String,
    over: Option<Option<Side>>,
    round: u8,
    decisions: usize,
}

fn saved(path: &std::path::Path) -> Option<Saved> {
    let text = std::fs::read_to_string(path).ok()?;
    let r = record::parse(&text, &path.display().to_string()).ok()?;
    let setup = record::setup_of(&r).ok()?;
    let (g, _) = record::replay(&r, setup).ok()?;
    let over = match g.pending() {
        dust_core::game::Pending::GameOver { winner } => Some(winner),
        _ => None,
    };
    Some(Saved {
        scenario: record::scenario_name(&r),
        over,
        round: g.round(),
        decisions: r.decisions.len(),
    })
}

fn status_text(s: &Saved) -> String {
    match s.over {
        Some(Some(side)) => format!("over: side {side} won"),
        Some(None) => "over: a draw".into(),
        None => format!("unfinished, round {}", s.round),
    }
}

/// `play --list`.
fn list_history() -> ExitCode {
    let h = history();
    let dir = games_dir().map_or_else(|| "(no data folder: set HOME or XDG_DATA_HOME)".into(), |d| d.display().to_string());
    if h.is_empty() {
        println!("no saved games in {dir}");
        return ExitCode::SUCCESS;
    }
    println!("games in {dir}:");
    println!("{:>4}  {:<16} {:<24} {:>9}", "N", "scenario", "status", "decisions");
    for (n, p) in &h {
        match saved(p) {
            Some(s) => println!("{n:>4}  {:<16} {:<24} {:>9}", s.scenario, status_text(&s), s.decisions),
            None => println!("{n:>4}  {:<16} {:<24}", "?", "does not replay"),
        }
    }
    println!("resume one with: dust1947 play --load N");
    ExitCode::SUCCESS
}

/// `--load N` names a game of the history when no file N exists.
fn resolve_load(p: &std::path::Path) -> anyhow::Result<PathBuf> {
    if p.exists() {
        return Ok(p.to_path_buf());
    }
    if let Some(n) = p.to_str().and_then(|t| t.parse::<u32>().ok()) {
        return match history().into_iter().find(|(m, _)| *m == n) {
            Some((_, path)) => Ok(path),
            None => bail!("there is no game {n} in the history: `dust1947 play --list` shows the saved games"),
        };
    }
    Ok(p.to_path_buf())
}

/// The newest unfinished game of the history, if any.
fn unfinished() -> Option<(u32, PathBuf, Saved)> {
    history()
        .into_iter()
        .rev()
        .take(20)
        .find_map(|(n, p)| saved(&p).filter(|s| s.over.is_none()).map(|s| (n, p, s)))
}

/// Asks on the terminal whether to resume game `n`; no terminal: no.
fn ask_resume(n: u32, s: &Saved) -> bool {
    use std::io::{BufRead as _, IsTerminal as _, Write as _};
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return false;
    }
    print!(
        "An unfinished game is saved: game {n}, {} ({}, {} decisions). Resume it? [Y/n] ",
        s.scenario,
        status_text(s),
        s.decisions
    );
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    if std::io::stdin().lock().read_line(&mut line).is_err() {
        return false;
    }
    !matches!(line.trim().to_ascii_lowercase().as_str(), "n" | "no")
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    if a.battlefield()?.is_some() {
        bail!("Dust Battlefield is played by `dust1947 play --edition battlefield`, not by this example");
    }
    if a.list_scenarios {
        for name in setup::scenario_names() {
            println!("{name}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.list {
        return Ok(list_history());
    }
    let tutorial_args;
    let a = if a.tutorial {
        if a.load.is_some() || a.hotseat || a.scenario.is_some() || a.edition.is_some() || a.setup == SetupFrom::Players {
            bail!(
                "--tutorial is a new guided game of `duel` against the AI: leave out --load, --hotseat, --scenario, --edition and --setup"
            );
        }
        tutorial_args = Args {
            scenario: Some(TUTORIAL_SCENARIO.to_string()),
            ai: a.ai.clone().or_else(|| Some("greedy".to_string())),
            seed: a.seed.or(Some(TUTORIAL_SEED)),
            new: true,
            ..a.clone()
        };
        &tutorial_args
    } else {
        a
    };
    let mut load = match &a.load {
        Some(p) => Some(resolve_load(p)?),
        None => None,
    };
    let fresh = a.new || a.scenario.is_some() || a.setup == SetupFrom::Players || a.edition.is_some() || a.save.is_some();
    if load.is_none() && !fresh {
        if let Some((n, path, s)) = unfinished() {
            if ask_resume(n, &s) {
                load = Some(path);
            } else {
                eprintln!("(game {n} is kept unfinished: `dust1947 play --load {n}` resumes it)");
            }
        }
    }
    let a = &Args { load, ..a.clone() };
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
        (None, None) if a.edition == Some(PlayEdition::Tactics(dust_core::Edition::Battlefront)) => BATTLEFRONT_SCENARIO.to_string(),
        (None, None) => setup::DEFAULT_SCENARIO.to_string(),
    };
    let cards = card_files(a.cards.as_deref())?;
    let game_setup = match &loaded {
        Some(r) => record::setup_of_with(r, Some(&cards)),
        None => setup::load_scenario_with(&scenario, Some(&cards)),
    }
    .map_err(anyhow::Error::msg)?;
    if let Some(PlayEdition::Tactics(e)) = a.edition {
        if e != game_setup.edition {
            bail!(
                "`{scenario}` is a scenario of the {} edition: the game record names the scenario, so play it in its own edition \
                 (the {e} scenarios: {}; see `dust1947 scenario list`)",
                game_setup.edition,
                scenarios_of(e).join(", ")
            );
        }
    }
    if a.setup == SetupFrom::Players && game_setup.edition != dust_core::Edition::Battlefront {
        bail!(
            "`--setup players`: `{scenario}` is played under the {} rules, and the players set up battlefront games only \
             (add `--edition battlefront`, or name a battlefront scenario: {})",
            game_setup.edition,
            scenarios_of(dust_core::Edition::Battlefront).join(", ")
        );
    }
    let recorded = loaded.as_ref().and_then(record::players_of);
    let (seats, ai_spec) = seats(a, recorded);
    let seed = loaded.as_ref().map(|r| r.seed).or(a.seed).unwrap_or_else(clock_seed);
    let ai = match &ai_spec {
        Some(spec) => Some(opponent::build(spec, seed ^ 0x5eed).map_err(anyhow::Error::msg)?),
        None => None,
    };
    let save_path = a.save.clone().or_else(|| a.load.clone()).or_else(new_game_path);
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
    let app = if a.tutorial { app.with_tutorial() } else { app };
    let app = dust_tui::term::run(app).context("the terminal game stopped")?;
    if let Some(p) = app.saved_to() {
        let over = matches!(app.game().pending(), dust_core::game::Pending::GameOver { .. });
        if over {
            println!(
                "the game is over; its record is saved to {} (`dust1947 replay` replays it)",
                p.display()
            );
        } else {
            println!(
                "game record saved to {}; resume with: dust1947 play --load {}",
                p.display(),
                p.display()
            );
        }
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

/// The shipped scenarios of an edition, in the shipped order.
fn scenarios_of(e: dust_core::Edition) -> Vec<String> {
    setup::scenario_names()
        .into_iter()
        .filter(|n| setup::load_scenario(n).is_ok_and(|s| s.edition == e))
        .collect()
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1947, |d| d.as_nanos() as u64)
}

/// The cards of both editions, the player's folder (`--cards`, else `DUST1947_CARDS`) merged
/// into the shipped ones.
fn card_files(dir: Option<&std::path::Path>) -> anyhow::Result<Vec<dust_data::card::CardFile>> {
    let env = std::env::var_os("DUST1947_CARDS").filter(|v| !v.is_empty()).map(PathBuf::from);
    let dir = dir.map(std::path::Path::to_path_buf).or(env);
    dust_data::builtin::load_all_card_files(dir.as_deref()).map_err(|ds| {
        let lines: Vec<String> = ds.iter().map(ToString::to_string).collect();
        anyhow::anyhow!(
            "the card folder has {} problem(s): fix them or remove the folder from --cards / DUST1947_CARDS\n{}",
            ds.len(),
            lines.join("\n")
        )
    })
}
