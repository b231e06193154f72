//! `dust1947 army`: check and build army files (docs/army-format.md).
//!
//! - `army check FILE`: reads an army file and lists every broken army rule (AP limit, one
//!   bloc, unique heroes, hero joining rules, Command Squads) as `FILE:LINE:COL: message [rule
//!   NAME: SECTION]`; exit status 2 when there is one.
//! - `army build --bloc axis --ap 150 [--scenario NAME|FILE] [--from LIST] [--out FILE]`:
//!   makes a legal army (the AP limit from `--ap` or from the scenario), from a list file of unit
//!   names (one a line, `#` comments) or greedily from the cards in play, and prints it or
//!   writes it to FILE.
//!
//! The cards in play are the shipped ones, overridden by `--cards DIR` or `DUST1947_CARDS`.

use anyhow::Context as _;
use dust_data::army::{army_cost, build_army, check_army, parse_army, parse_bloc};
use dust_data::builtin::load_cards;
use dust_data::Diagnostic;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The environment variable naming a user card folder (as for `dust1947 cards`).
const CARDS_ENV: &str = "DUST1947_CARDS";

/// `dust1947 army …`
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A folder of your own card files; a card there replaces the shipped card of the same
    /// name. Default: the DUST1947_CARDS environment variable, if set.
    #[arg(long, value_name = "DIR", global = true)]
    pub cards: Option<PathBuf>,
    /// What to do.
    #[command(subcommand)]
    pub command: ArmyCommand,
}

/// The `army` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum ArmyCommand {
    /// Check an army file: every broken rule is printed as FILE:LINE:COL: message with the
    /// rule and its section; the exit status is 2 when there is one.
    Check {
        /// The army file.
        file: PathBuf,
    },
    /// Build a legal army and print it (or write it with --out).
    Build {
        /// The bloc: allies, axis or ssu.
        #[arg(long, value_parser = bloc_arg)]
        bloc: dust_core::Bloc,
        /// The AP limit (default: the AP limit of --scenario).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..), required_unless_present = "scenario")]
        ap: Option<u32>,
        /// A shipped scenario (or scenario file) whose AP limit the army is built for.
        #[arg(long, value_name = "NAME|FILE")]
        scenario: Option<String>,
        /// The rules edition (only `revised` for now).
        #[arg(long, default_value = "revised", value_parser = ["revised"])]
        edition: String,
        /// A list file of unit names, one a line (`#` starts a comment). Without it, units are
        /// taken greedily from the cards, dearest first.
        #[arg(long, value_name = "LIST_FILE")]
        from: Option<PathBuf>,
        /// Write the army file here instead of printing it.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The army's name.
        #[arg(long)]
        name: Option<String>,
    },
}

fn bloc_arg(s: &str) -> Result<dust_core::Bloc, String> {
    parse_bloc(s).ok_or_else(|| format!("`{s}` is not a bloc: write allies, axis or ssu"))
}

/// Runs `dust1947 army …`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let dir = args
        .cards
        .clone()
        .or_else(|| std::env::var_os(CARDS_ENV).filter(|v| !v.is_empty()).map(PathBuf::from));
    let cards = match load_cards(dir.as_deref()) {
        Ok(c) => c,
        Err(d) => {
            print_diagnostics(&d);
            eprintln!(
                "the card folder has {} problem(s): fix them first (`dust1947 cards check DIR`)",
                d.len()
            );
            return Ok(ExitCode::from(2));
        }
    };
    match &args.command {
        ArmyCommand::Check { file } => Ok(check(file, &cards)),
        ArmyCommand::Build {
            bloc,
            ap,
            scenario,
            edition: _,
            from,
            out,
            name,
        } => {
            let ap = match (ap, scenario) {
                (Some(ap), _) => *ap,
                (None, Some(sc)) => match scenario_ap_limit(sc)? {
                    Some(ap) => ap,
                    None => anyhow::bail!("the scenario `{sc}` sets no AP limit: give one with --ap"),
                },
                (None, None) => anyhow::bail!("give the AP limit with --ap or a scenario with --scenario"),
            };
            let ap = &ap;
            let names = match from {
                Some(path) => Some(read_list(path)?),
                None => None,
            };
            let label = name
                .clone()
                .unwrap_or_else(|| format!("{} army, {ap} AP", capitalised(bloc.name())));
            let army = match build_army(&label, *bloc, *ap, &cards, names.as_deref()) {
                Ok(a) => a,
                Err(errors) => {
                    for e in &errors {
                        eprintln!(
                            "{}: {e}",
                            from.as_deref().map_or_else(|| "list".to_string(), |p| p.display().to_string())
                        );
                    }
                    eprintln!("{} problem(s): no army written", errors.len());
                    return Ok(ExitCode::from(2));
                }
            };
            if army.units.is_empty() {
                eprintln!(
                    "note: no {} card fits within {ap} AP (see `dust1947 cards list`): the army is empty",
                    bloc.name()
                );
            }
            let text = army.to_toml();
            let cost = army_cost(&army, &cards);
            match out {
                Some(path) => {
                    std::fs::write(path, &text).with_context(|| format!("cannot write the army file `{}`", path.display()))?;
                    println!("wrote {} ({} unit(s), {cost}/{ap} AP)", path.display(), army.units.len());
                }
                None => print!("{text}"),
            }
            let provisional: Vec<&str> = army
                .units
                .iter()
                .filter_map(|u| cards.iter().find(|c| c.name == u.name))
                .filter(|c| c.is_provisional())
                .map(|c| c.name.as_str())
                .collect();
            if !provisional.is_empty() {
                eprintln!(
                    "note: provisional cards (their numbers are not official): {}",
                    provisional.join(", ")
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The AP limit of a shipped scenario (by name) or of a scenario file.
fn scenario_ap_limit(name: &str) -> anyhow::Result<Option<u32>> {
    use dust_data::scenario::{load_builtin, parse_scenario};
    let path = Path::new(name);
    let s = if path.is_file() {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the scenario file `{name}`"))?;
        parse_scenario(&text, name)
    } else {
        load_builtin(name)
    };
    match s {
        Ok(s) => Ok(s.ap_limit),
        Err(d) => {
            print_diagnostics(&d);
            anyhow::bail!("the scenario `{name}` has {} problem(s)", d.len())
        }
    }
}

fn capitalised(s: &str) -> String {
    if s == "ssu" {
        return "SSU".to_string();
    }
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn print_diagnostics(d: &[Diagnostic]) {
    for x in d {
        eprintln!("{x}");
    }
}

fn read_list(path: &Path) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the list file `{}`", path.display()))?;
    Ok(parse_list(&text))
}

/// The unit names of a list file: one a line, `#` starts a comment, blank lines skipped.
fn parse_list(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn check(path: &Path, cards: &[dust_core::UnitCard]) -> ExitCode {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{name}:1:1: cannot read this file: {e}");
            return ExitCode::from(2);
        }
    };
    let army = match parse_army(&text, &name) {
        Ok(a) => a,
        Err(d) => {
            print_diagnostics(&d);
            eprintln!("{} problem(s)", d.len());
            return ExitCode::from(2);
        }
    };
    let violations = check_army(&army, cards);
    if violations.is_empty() {
        println!(
            "{name}: ok: {} ({}, {} unit(s), {}/{} AP)",
            army.name,
            army.bloc.name(),
            army.units.len(),
            army_cost(&army, cards),
            army.ap_limit
        );
        ExitCode::SUCCESS
    } else {
        for v in &violations {
            eprintln!("{v}");
        }
        eprintln!("{} rule(s) broken", violations.len());
        ExitCode::from(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(clap::Parser, Debug)]
    struct T {
        #[command(flatten)]
        a: Args,
    }

    #[test]
    fn arguments_parse() {
        let t = T::try_parse_from(["t", "build", "--bloc", "axis", "--ap", "150"]).expect("parses");
        assert!(matches!(
            t.a.command,
            ArmyCommand::Build {
                bloc: dust_core::Bloc::Axis,
                ap: Some(150),
                ..
            }
        ));
        assert!(T::try_parse_from(["t", "build", "--bloc", "axis"]).is_err());
        assert!(T::try_parse_from(["t", "build", "--bloc", "axis", "--scenario", "annihilation"]).is_ok());
        assert!(T::try_parse_from(["t", "build", "--bloc", "axis", "--ap", "9", "--edition", "battlefront"]).is_err());
        let t = T::try_parse_from(["t", "check", "a.toml"]).expect("parses");
        assert!(matches!(t.a.command, ArmyCommand::Check { .. }));
        assert!(T::try_parse_from(["t", "build", "--bloc", "martians", "--ap", "150"]).is_err());
        assert!(T::try_parse_from(["t", "build", "--bloc", "ssu", "--ap", "0"]).is_err());
    }

    #[test]
    fn list_files_skip_comments() {
        assert_eq!(parse_list("# mine\nHans\n\n Lara # hero\n"), vec!["Hans", "Lara"]);
    }
}
