//! `dust1947 cards`: check, list and show unit cards (docs/card-format.md).
//!
//! - `cards check DIR|FILE`: reads card files and prints every problem as `FILE:LINE:COL:
//!   message` (exit status 2 when there is one).
//! - `cards list`: the cards in play: name, bloc, kind, AP, whether the numbers are provisional.
//! - `cards show NAME [--svg FILE]`: a readable card with its weapon chart; `--svg` also draws
//!   it like the printed card.
//!
//! The shipped cards can be overridden by a folder of the player's own cards: `--cards DIR` or
//! the environment variable `DUST1947_CARDS`.

use dust_data::builtin::{find_in, load_card_files_for};
use dust_data::card::{kind_text, parse_card_dir, parse_card_file, render_svg, render_text, CardFile, PROVISIONAL_WARNING};
use dust_data::Diagnostic;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The environment variable naming a user card folder.
pub const CARDS_ENV: &str = "DUST1947_CARDS";

/// `dust1947 cards …`
#[derive(clap::Args, Debug)]
pub struct CardsArgs {
    /// A folder of your own card files (*.toml); a card there replaces the shipped card of the
    /// same name. Default: the DUST1947_CARDS environment variable, if set.
    #[arg(long, value_name = "DIR", global = true)]
    pub cards: Option<PathBuf>,
    /// The rules edition whose cards are in play: `revised` (its own cards) or `battlefront`
    /// (its own cards and the revised cards as classic cards).
    #[arg(long, global = true, default_value = "revised", value_parser = edition_arg)]
    pub edition: dust_core::Edition,
    /// `list` only: the cards of one bloc (allies, axis, ssu).
    #[arg(long, global = true, value_parser = bloc_arg)]
    pub bloc: Option<dust_core::Bloc>,
    /// What to do.
    #[command(subcommand)]
    pub command: CardsCommand,
}

/// The `cards` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum CardsCommand {
    /// Check card files: one file, or every .toml file of a folder. Every problem is printed as
    /// FILE:LINE:COL: message; the exit status is 2 when there is one.
    Check {
        /// A card file or a folder of card files.
        #[arg(value_name = "DIR|FILE")]
        path: PathBuf,
    },
    /// List the cards: name, bloc, kind, AP, and whether the numbers are provisional.
    List,
    /// Show one card with its weapon chart (the name is matched without case).
    Show {
        /// The unit's name, e.g. "Hell Boys".
        name: String,
        /// Also draw the card as an SVG picture into FILE.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
}

fn edition_arg(s: &str) -> Result<dust_core::Edition, String> {
    dust_core::Edition::from_name(s).ok_or_else(|| format!("`{s}` is not an edition: write revised or battlefront"))
}

fn bloc_arg(s: &str) -> Result<dust_core::Bloc, String> {
    dust_data::army::parse_bloc(s).ok_or_else(|| format!("`{s}` is not a bloc: write allies, axis or ssu"))
}

/// Runs `dust1947 cards …`.
pub fn run(args: &CardsArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        CardsCommand::Check { path } => Ok(check(path)),
        CardsCommand::List => {
            let Some(mut cards) = load(args) else {
                return Ok(ExitCode::from(2));
            };
            if let Some(b) = args.bloc {
                cards.retain(|c| c.card.bloc == b);
            }
            print!("{}", list_table(&cards));
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Show { name, svg } => {
            let Some(cards) = load(args) else { return Ok(ExitCode::from(2)) };
            let Some(cf) = find_in(&cards, name) else {
                let names: Vec<&str> = cards.iter().map(|c| c.card.name.as_str()).collect();
                let hint = dust_data::diag::closest(name, names.iter().copied())
                    .map(|c| format!(" (did you mean `{c}`?)"))
                    .unwrap_or_default();
                eprintln!("no card is named `{name}`{hint}: the cards are {}", names.join(", "));
                return Ok(ExitCode::from(1));
            };
            print!("{}", render_text(cf));
            if let Some(file) = svg {
                std::fs::write(file, render_svg(cf)).map_err(|e| anyhow::anyhow!("cannot write the SVG file `{}`: {e}", file.display()))?;
                println!("\nwrote {}", file.display());
                if cf.card.is_provisional() {
                    println!("{PROVISIONAL_WARNING} (the picture says so too)");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The user card folder: `--cards`, else `DUST1947_CARDS` when set and not empty.
pub fn user_dir(args: &CardsArgs) -> Option<PathBuf> {
    args.cards
        .clone()
        .or_else(|| std::env::var_os(CARDS_ENV).filter(|v| !v.is_empty()).map(PathBuf::from))
}

/// The cards in play (shipped, overridden by the user folder); prints the problems and returns
/// `None` when the user folder has any.
fn load(args: &CardsArgs) -> Option<Vec<CardFile>> {
    let dir = user_dir(args);
    match load_card_files_for(dir.as_deref(), args.edition) {
        Ok(c) => Some(c),
        Err(d) => {
            print_diagnostics(&d);
            eprintln!(
                "the card folder has {} problem(s): fix them or remove the folder from --cards / {CARDS_ENV}",
                d.len()
            );
            None
        }
    }
}

fn print_diagnostics(d: &[Diagnostic]) {
    for x in d {
        eprintln!("{x}");
    }
}

/// `cards check`: exit 0 when every card reads, 2 otherwise.
fn check(path: &Path) -> ExitCode {
    let result = if path.is_dir() {
        check_tree(path)
    } else {
        check_file(path).map(|c| vec![c])
    };
    match result {
        Ok(cards) => {
            for c in &cards {
                let note = if c.card.is_provisional() { " (provisional)" } else { "" };
                println!("{}: ok: {}{note}", c.info.file, c.card.name);
            }
            println!("{} card(s), no problems", cards.len());
            ExitCode::SUCCESS
        }
        Err(d) => {
            print_diagnostics(&d);
            eprintln!("{} problem(s)", d.len());
            ExitCode::from(2)
        }
    }
}

/// Every card folder under `path`, `path` first, then its subfolders in name order (the
/// battlefront cards live in `data/units/battlefront/`).
fn card_dirs(path: &Path) -> Vec<PathBuf> {
    let mut out = vec![path.to_path_buf()];
    let mut subs: Vec<PathBuf> = std::fs::read_dir(path)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    subs.sort();
    for s in subs {
        out.extend(card_dirs(&s));
    }
    out
}

/// Checks the card files of a folder and of every subfolder, each folder on its own (card names
/// are unique within a folder; an edition's folder may repeat a name of another).
fn check_tree(path: &Path) -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    let mut cards = Vec::new();
    let mut diags = Vec::new();
    for dir in card_dirs(path) {
        match parse_card_dir(&dir) {
            Ok(c) => cards.extend(c),
            Err(d) => diags.extend(d),
        }
    }
    if diags.is_empty() {
        Ok(cards)
    } else {
        Err(diags)
    }
}

fn check_file(path: &Path) -> Result<CardFile, Vec<Diagnostic>> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        vec![Diagnostic {
            file: name.clone(),
            line: 1,
            col: 1,
            message: format!("cannot read this file: {e}"),
        }]
    })?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let good = std::str::from_utf8(&e.as_bytes()[..e.utf8_error().valid_up_to()]).unwrap_or("");
            let (line, col) = dust_data::LineIndex::new(good).line_col(good.len());
            return Err(vec![Diagnostic {
                file: name,
                line,
                col,
                message: "the file is not UTF-8 text: save it as UTF-8".to_string(),
            }]);
        }
    };
    parse_card_file(&text, &name)
}

/// The `cards list` table.
pub fn list_table(cards: &[CardFile]) -> String {
    let name_w = cards.iter().map(|c| c.card.name.chars().count()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "{:<name_w$}  {:<6}  {:<14}  {:>4}  {:<11}  {}\n",
        "NAME", "BLOC", "KIND", "AP", "PROVISIONAL", "FILE"
    );
    for c in cards {
        let prov = if c.card.is_provisional() { "yes" } else { "no" };
        out.push_str(&format!(
            "{:<name_w$}  {:<6}  {:<14}  {:>4}  {:<11}  {}\n",
            c.card.name,
            c.card.bloc.name(),
            kind_text(c),
            c.card.ap,
            prov,
            c.info.file
        ));
    }
    if cards.iter().any(|c| c.card.is_provisional()) {
        out.push_str(&format!(
            "\nProvisional cards: {PROVISIONAL_WARNING}. Replace them with your own files (--cards DIR).\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(clap::Parser, Debug)]
    struct T {
        #[command(flatten)]
        a: CardsArgs,
    }

    #[test]
    fn arguments_parse() {
        let t = T::try_parse_from(["t", "show", "Hell Boys", "--svg", "x.svg"]).expect("parses");
        assert!(matches!(t.a.command, CardsCommand::Show { ref name, ref svg } if name == "Hell Boys" && svg.is_some()));
        let t = T::try_parse_from(["t", "--cards", "mine", "list"]).expect("parses");
        assert_eq!(t.a.cards.as_deref(), Some(Path::new("mine")));
        assert!(T::try_parse_from(["t", "check"]).is_err());
    }

    #[test]
    fn list_shows_every_shipped_card() {
        let cards = load_card_files_for(None, dust_core::Edition::Revised).expect("shipped");
        let t = list_table(&cards);
        assert!(t.contains("Hell Boys") && t.contains("Sturmpioniere") && t.contains(PROVISIONAL_WARNING));
        assert_eq!(
            t.lines().filter(|l| l.contains("data/units/")).count(),
            dust_data::builtin::SHIPPED.len()
        );
        let bf = load_card_files_for(None, dust_core::Edition::Battlefront).expect("shipped");
        let t = list_table(&bf);
        assert!(t.contains("Grand'ma") && t.contains("large-vehicle") && t.contains("Hell Boys"));
        assert!(t.contains("data/units/battlefront/pounder.toml") && !t.contains("data/units/pounder.toml"));
        let t = T::try_parse_from(["t", "list", "--edition", "battlefront", "--bloc", "ssu"]).expect("parses");
        assert_eq!(
            (t.a.edition, t.a.bloc),
            (dust_core::Edition::Battlefront, Some(dust_core::Bloc::Ssu))
        );
    }
}

#[cfg(test)]
mod check_tree_tests {
    use super::*;

    /// Issue 4: `cards check data/units` checks the battlefront cards of
    /// `data/units/battlefront/` too.
    #[test]
    fn check_descends_into_subfolders() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/units");
        let cards = check_tree(&root).expect("the shipped cards are clean");
        assert!(cards.iter().any(|c| c.info.edition == dust_core::Edition::Battlefront));
        assert!(cards.iter().any(|c| c.info.edition == dust_core::Edition::Revised));
        assert!(card_dirs(&root).iter().any(|d| d.ends_with("battlefront")));
    }
}
