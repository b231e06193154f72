//! `dust1947 scenario list|show|check|roll|setup`: the shipped scenarios and scenario files
//! (docs/scenario-format.md).

use super::cards::CARDS_ENV;
use super::Diagnostics;
use anyhow::Context as _;
use clap::Subcommand;
use dust_core::{CoverElement, Side, UnitCard};
use dust_data::map::grid_char;
use dust_data::scenario::{builtin_names, load_builtin, parse_scenario, Placed, Scenario};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `dust1947 scenario …`
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A folder of your own unit cards; a card there replaces the shipped card of the same
    /// name. Default: the DUST1947_CARDS environment variable, if set.
    #[arg(long, value_name = "DIR", global = true)]
    pub cards: Option<PathBuf>,
    /// Play (show, check) the scenarios under this rules edition, `revised` or `battlefront`,
    /// instead of the edition each file names; a battlefront scenario uses the battlefront
    /// cards (docs/battlefront.md).
    #[arg(long, value_name = "revised|battlefront", global = true)]
    pub edition: Option<dust_core::Edition>,
    #[command(subcommand)]
    pub command: ScenarioCommand,
}

/// The `scenario` subcommands.
#[derive(Subcommand, Debug)]
pub enum ScenarioCommand {
    /// List the shipped scenarios.
    List,
    /// Show a scenario: its battlefield, objectives, limits and armies.
    Show {
        /// A shipped scenario's name (see `scenario list`) or a scenario file.
        #[arg(value_name = "NAME|FILE")]
        name: String,
        /// For a custom battle: lay out the battlefield with this seed instead of the file's.
        #[arg(long)]
        seed: Option<u64>,
        /// Print the scenario as a scenario file (map inline) instead of a summary.
        #[arg(long)]
        toml: bool,
    },
    /// Check scenario files: print a summary of each good file, or every problem as
    /// `FILE:LINE:COL: what is wrong` on stderr (exit status 2).
    Check {
        /// The scenario files (TOML).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Let the dice choose a battlefront scenario: roll two battlefront dice and consult the
    /// book's scenario table (docs/scenario-format.md, "Rolling for a scenario").
    #[command(after_help = "Example: dust1947 scenario roll --seed 7")]
    Roll {
        /// The dice seed (default: from the clock; it is printed, so the roll can be repeated).
        #[arg(long)]
        seed: Option<u64>,
        /// Print the roll as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Let two AI players set up a battlefront scenario as the book's "Setting the Terrain"
    /// says: boards, initiative, sides, two terrain tiles and an anti-tank trap each, and the
    /// objectives where the scenario has the players place them (docs/battlefront.md,
    /// "Setting up a game"). Prints every decision and the table they laid.
    #[command(after_help = "Example: dust1947 scenario setup bait-and-flank --seed 7 --a greedy --b random")]
    Setup {
        /// A shipped battlefront scenario's name (see `scenario list`) or a scenario file.
        #[arg(value_name = "NAME|FILE")]
        name: String,
        /// The seed of the initiative roll and of the random player (default: from the clock;
        /// it is printed, so the set-up can be repeated).
        #[arg(long)]
        seed: Option<u64>,
        /// How side A sets up: `greedy` (cover near its entry, obstacles in the enemy's way,
        /// its objective out of reach) or `random`.
        #[arg(long, default_value = "greedy", value_name = "greedy|random")]
        a: dust_ai::setup::SetupStyle,
        /// How side B sets up.
        #[arg(long, default_value = "greedy", value_name = "greedy|random")]
        b: dust_ai::setup::SetupStyle,
    },
}

/// Runs `dust1947 scenario …`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if let ScenarioCommand::Roll { seed, json } = &args.command {
        return roll(seed.unwrap_or_else(clock_seed), *json);
    }
    // Both editions' card files, the user's merged in: a battlefront card given with `--cards`
    // plays with its battlefront part ([`Scenario::game_setup_for`]).
    let all = all_card_files(args.cards.as_deref())?;
    let revised: Vec<UnitCard> = dust_data::builtin::cards_for(all.clone(), dust_core::Edition::Revised)
        .into_iter()
        .map(|f| f.card)
        .collect();
    let battlefront: Vec<UnitCard> = dust_data::builtin::cards_for(all.clone(), dust_core::Edition::Battlefront)
        .into_iter()
        .map(|f| f.card)
        .collect();
    let for_edition = |s: &mut Scenario| -> &[UnitCard] {
        if let Some(e) = args.edition {
            s.edition = e;
        }
        match s.edition {
            dust_core::Edition::Revised => &revised,
            dust_core::Edition::Battlefront => &battlefront,
        }
    };
    match &args.command {
        ScenarioCommand::List => {
            for name in builtin_names() {
                match load_builtin(name) {
                    Ok(mut s) => {
                        let cards = for_edition(&mut s);
                        println!("{name:<22} {}", one_line(&s, cards));
                    }
                    Err(d) => println!("{name:<22} broken: {}", d.first().map(ToString::to_string).unwrap_or_default()),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        ScenarioCommand::Show { name, seed, toml } => {
            let mut s = load(name)?;
            let cards = for_edition(&mut s);
            if let Some(seed) = seed {
                if s.custom.is_none() {
                    anyhow::bail!("`--seed` lays out a custom battle, but `{name}` has a fixed battlefield (no [custom] table)");
                }
                s = s.with_layout_seed(*seed);
            }
            if *toml {
                print!("{}", s.to_toml());
            } else {
                print!("{}", show(&s, cards));
            }
            Ok(ExitCode::SUCCESS)
        }
        ScenarioCommand::Roll { .. } => unreachable!("handled above"),
        ScenarioCommand::Setup { name, seed, a, b } => {
            let mut s = load(name)?;
            for_edition(&mut s);
            if s.edition != dust_core::Edition::Battlefront {
                anyhow::bail!(
                    "`{name}` is a {} scenario: the players set up battlefront scenarios only (try `--edition battlefront`)",
                    s.edition
                );
            }
            let template = s.game_setup_for(&all).map_err(Diagnostics)?;
            let seed = seed.unwrap_or_else(clock_seed);
            print!("{}", player_setup(&s.name, template, seed, [*a, *b]));
            Ok(ExitCode::SUCCESS)
        }
        ScenarioCommand::Check { files } => {
            let mut failed = false;
            for f in files {
                let file = f.display().to_string();
                let result = std::fs::read_to_string(f)
                    .with_context(|| format!("cannot read the scenario file `{file}`: check the path and that it is UTF-8 text"))
                    .and_then(|text| {
                        let mut s = parse_scenario(&text, &file).map_err(Diagnostics)?;
                        let cards = for_edition(&mut s);
                        s.game_setup_for(&all).map_err(Diagnostics)?;
                        Ok((one_line(&s, cards), s))
                    });
                match result {
                    Ok((line, _)) => println!("{file}: ok: {line}"),
                    Err(e) => {
                        super::report(&e);
                        failed = true;
                    }
                }
            }
            Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
        }
    }
}

/// `scenario roll`: two battlefront dice from the seeded generator, and the table's row
/// (tactics-battlefront-2013-rules.txt, "Playing a Game"; docs/rulings.md, "Battlefront scenario
/// table").
fn roll(seed: u64, json: bool) -> anyhow::Result<ExitCode> {
    use dust_data::scenario_table::{ninths, roll_scenario, symbol_name};
    let r = roll_scenario(&mut dust_core::GameRng::new(seed));
    if json {
        let results: Vec<[&str; 2]> = r.row.results.iter().map(|d| d.map(symbol_name)).collect();
        let v = serde_json::json!({
            "seed": seed,
            "dice": r.dice.map(symbol_name),
            "row": r.number(),
            "results": results,
            "scenario": r.scenario(),
            "title": r.row.title,
            "chance": format!("{}/9", ninths(r.row)),
            "reason": r.reason(),
        });
        println!("{}", super::to_json(&v)?);
    } else {
        print!(
            "dice (seed {seed}): {} and {}\nscenario: {} ({})\nwhy: {}\nplay it: dust1947 play --edition battlefront --scenario {}\n",
            symbol_name(r.dice[0]),
            symbol_name(r.dice[1]),
            r.scenario(),
            r.row.title,
            r.reason(),
            r.scenario()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `scenario setup`: the AI players set up the scenario; their decisions and the table.
pub fn player_setup(name: &str, template: dust_core::game::GameSetup, seed: u64, styles: [dust_ai::setup::SetupStyle; 2]) -> String {
    use dust_core::battlefront::setup::{SetupEvent, SetupPhase};
    let mut phase = SetupPhase::new(template, seed);
    dust_ai::setup::play_setup(&mut phase, styles, seed);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{name}: set up by the players (seed {seed}; side A {}, side B {})",
        styles[0], styles[1]
    );
    for e in phase.events() {
        match e {
            SetupEvent::Decided(side, d) => {
                let _ = writeln!(o, "  side {}: {d}", if *side == Side::A { 'A' } else { 'B' });
            }
            SetupEvent::Initiative { rolls, winner, .. } => {
                let _ = writeln!(
                    o,
                    "  initiative: side A rolls {} army symbol(s), side B {}; side {} wins",
                    rolls.a,
                    rolls.b,
                    if *winner == Side::A { 'A' } else { 'B' }
                );
            }
        }
    }
    let g = phase.game_setup().expect("the AI players finish the set-up");
    let b = &g.board;
    o.push('\n');
    draw_grid(
        &mut o,
        b,
        |sq| {
            if g.objectives.iter().any(|ob| ob.at == sq) {
                Some('O')
            } else if g.entry.a.contains(&sq) && b.terrain(sq) == dust_core::Terrain::Open {
                Some('A')
            } else if g.entry.b.contains(&sq) && b.terrain(sq) == dust_core::Terrain::Open {
                Some('B')
            } else {
                None
            }
        },
        "(. open  ^ trees  ~ deep water  w swamp  x rubble  # no dot  t anti-tank trap  S structure  O objective  A/B entry squares)",
    );
    let _ = writeln!(
        o,
        "objectives: {}",
        if g.objectives.is_empty() {
            "none".to_string()
        } else {
            g.objectives
                .iter()
                .map(|ob| format!("{} ({})", ob.at, ob.name))
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
    o
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1947, |d| d.as_nanos() as u64)
}

/// The card files of both editions, the shipped ones merged with `--cards` or
/// `DUST1947_CARDS` ([`dust_data::builtin::load_all_card_files`]).
pub fn all_card_files(dir: Option<&Path>) -> anyhow::Result<Vec<dust_data::card::CardFile>> {
    let env = std::env::var_os(CARDS_ENV).filter(|v| !v.is_empty()).map(PathBuf::from);
    let dir = dir.map(Path::to_path_buf).or(env);
    dust_data::builtin::load_all_card_files(dir.as_deref())
        .map_err(|d| anyhow::Error::new(Diagnostics(d)).context("the card folder has problems"))
}

/// A shipped scenario by name, or a scenario file.
pub fn load(name: &str) -> anyhow::Result<Scenario> {
    let path = Path::new(name);
    if path.is_file() || name.ends_with(".toml") {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the scenario file `{name}`: check the path and that it is UTF-8 text"))?;
        return parse_scenario(&text, name).map_err(|d| Diagnostics(d).into());
    }
    load_builtin(name).map_err(|d| Diagnostics(d).into())
}

fn one_line(s: &Scenario, cards: &[UnitCard]) -> String {
    format!(
        "\"{}\"{}: {}x{} board, {} rounds, {} objective(s), armies {} AP vs {} AP{}",
        s.name,
        if s.edition == dust_core::Edition::Battlefront {
            " (battlefront)"
        } else {
            ""
        },
        s.board.width(),
        s.board.height(),
        s.round_limit,
        s.objectives.len(),
        s.army_cost(Side::A, cards),
        s.army_cost(Side::B, cards),
        s.ap_limit.map(|l| format!(" (limit {l})")).unwrap_or_default()
    )
}

fn list(v: &[dust_core::Square]) -> String {
    if v.is_empty() {
        return "none".to_string();
    }
    v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// A readable summary of a scenario.
pub fn show(s: &Scenario, cards: &[UnitCard]) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{} ({} edition)", s.name, s.edition);
    if let Some(d) = &s.description {
        let _ = writeln!(o, "{d}");
    }
    let b = &s.board;
    let _ = writeln!(
        o,
        "\nbattlefield: {}{} columns (A-{}) x {} rows",
        s.map.as_ref().map(|m| format!("map `{m}`, ")).unwrap_or_default(),
        b.width(),
        char::from(b'A' + b.width() - 1),
        b.height()
    );
    draw_grid(
        &mut o,
        b,
        |sq| s.objectives.iter().any(|ob| ob.at == sq).then_some('O'),
        "(. open  ~ deep water  x rubble  s smoke  # no dot  a ammo crate  t anti-tank trap  S structure  O objective)",
    );
    let _ = writeln!(o, "entry squares: side A {}; side B {}", list(&s.entry.a), list(&s.entry.b));
    let _ = writeln!(o, "cover zone: {}", list(&s.cover_zone));
    let _ = writeln!(
        o,
        "rounds: {}; AP limit: {}",
        s.round_limit,
        s.ap_limit.map_or_else(|| "none".to_string(), |l| l.to_string())
    );
    for ob in &s.objectives {
        let _ = writeln!(o, "objective: {} at {} ({})", ob.name, ob.at, ob.terms());
    }
    if let Some(c) = &s.custom {
        let _ = writeln!(
            o,
            "custom battle: seed {}; side {} placed the first terrain square, side {} the first cover element",
            c.seed, c.first.0, c.first.1
        );
        let places: Vec<String> = c
            .placements
            .iter()
            .map(|p| {
                let what = match p.what {
                    Placed::TerrainSquare => "terrain square",
                    Placed::Cover(CoverElement::AmmoCrate) => "ammo crate",
                    Placed::Cover(CoverElement::AntiTankTrap) => "anti-tank trap",
                };
                format!("{} {what} {}", p.side, p.at)
            })
            .collect();
        let _ = writeln!(o, "  placements: {}", places.join(", "));
    }
    for side in Side::ALL {
        let army = &s.armies[side];
        let _ = writeln!(
            o,
            "\nside {side}: {} ({} AP)",
            army.name.as_deref().unwrap_or("army"),
            s.army_cost(side, cards)
        );
        for u in &army.units {
            let ap = cards
                .iter()
                .find(|c| c.name.eq_ignore_ascii_case(u.name.trim()))
                .map_or_else(|| "unknown card".to_string(), |c| format!("{} AP", c.ap));
            let mut extra = String::new();
            if let Some(j) = &u.joins {
                let _ = write!(extra, ", joins {j}");
            }
            if let Some(a) = u.at {
                let _ = write!(extra, ", starts on {a}");
            }
            let _ = writeln!(o, "  {} ({ap}{extra})", u.name);
        }
    }
    o
}

/// The board as a grid of characters, top row first, with column letters and `legend`:
/// `mark` puts a letter on a square (objectives, entry squares), then structures show as `S`,
/// everything else as its terrain or cover element.
fn draw_grid(o: &mut String, b: &dust_core::Board, mark: impl Fn(dust_core::Square) -> Option<char>, legend: &str) {
    for r in (0..b.height()).rev() {
        let _ = write!(o, "{:>3} ", r + 1);
        for c in 0..b.width() {
            let sq = dust_core::Square::new(c, r);
            let ch = mark(sq).unwrap_or_else(|| if b.structure_at(sq).is_some() { 'S' } else { grid_char(b, sq) });
            let _ = write!(o, " {ch}");
        }
        o.push('\n');
    }
    o.push_str("    ");
    for c in 0..b.width() {
        let _ = write!(o, " {}", char::from(b'A' + c));
    }
    let _ = writeln!(o, "\n    {legend}");
}
