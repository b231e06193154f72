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
//! - `army build … --interactive`: a prompt on stdin/stdout (works piped): `list`, `add`,
//!   `remove`, `join`, `pilot`, `show`, `check`, `save`, `quit`.
//! - `--edition revised|battlefront`: the cards and army rules of that edition (docs/army-format.md).
//!
//! The cards in play are the shipped ones, overridden by `--cards DIR` or `DUST1947_CARDS`.

use anyhow::Context as _;
use dust_core::Edition;
use dust_data::army::{army_cost, build_army_in, check_army_cards, parse_army, parse_bloc, ArmyEntry, ArmyFile};
use dust_data::builtin::load_card_files_for;
use dust_data::card::{kind_text, CardFile};
use dust_data::Diagnostic;
use std::io::{BufRead, Write};
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
        /// Check under this edition's rules (default: the file's `edition`, else revised).
        #[arg(long, value_parser = edition_arg)]
        edition: Option<Edition>,
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
        /// The rules edition: revised or battlefront (its cards and army rules).
        #[arg(long, default_value = "revised", value_parser = edition_arg)]
        edition: Edition,
        /// Build the army at a prompt (stdin/stdout; works when stdin is piped).
        #[arg(long, short = 'i', conflicts_with = "from")]
        interactive: bool,
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

fn edition_arg(s: &str) -> Result<Edition, String> {
    Edition::from_name(s).ok_or_else(|| format!("`{s}` is not an edition: write revised or battlefront"))
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
    let load = |edition: Edition| match load_card_files_for(dir.as_deref(), edition) {
        Ok(c) => Some(c),
        Err(d) => {
            print_diagnostics(&d);
            eprintln!(
                "the card folder has {} problem(s): fix them first (`dust1947 cards check DIR`)",
                d.len()
            );
            None
        }
    };
    match &args.command {
        ArmyCommand::Check { file, edition } => Ok(check(file, *edition, &load)),
        ArmyCommand::Build {
            bloc,
            ap,
            scenario,
            edition,
            interactive,
            from,
            out,
            name,
        } => {
            let Some(card_files) = load(*edition) else {
                return Ok(ExitCode::from(2));
            };
            let cards: Vec<dust_core::UnitCard> = card_files.iter().map(|c| c.card.clone()).collect();
            let ap = match (ap, scenario) {
                (Some(ap), _) => *ap,
                (None, Some(sc)) => match battlefront_scenario(sc) {
                    Some(title) if *edition == Edition::Battlefront => {
                        eprintln!("note: {title} sets no AP limit; the players agree on one, \"a limit between 100 and 150 points works well\" (tactics-battlefront-2013-rules.txt, Choosing Your Force): using 150");
                        150
                    }
                    _ => match scenario_ap_limit(sc)? {
                        Some(ap) => ap,
                        None => anyhow::bail!("the scenario `{sc}` sets no AP limit: give one with --ap"),
                    },
                },
                (None, None) => anyhow::bail!("give the AP limit with --ap or a scenario with --scenario"),
            };
            if *edition == Edition::Battlefront && !(100..=150).contains(&ap) {
                eprintln!("note: the battlefront rules suggest 100 to 150 AP for their scenarios (Choosing Your Force)");
            }
            let ap = &ap;
            let names = match from {
                Some(path) => Some(read_list(path)?),
                None => None,
            };
            let label = name
                .clone()
                .unwrap_or_else(|| format!("{} army, {ap} AP", capitalised(bloc.name())));
            if *interactive {
                let mut army = ArmyFile::new(&label, *bloc, *ap);
                army.edition = *edition;
                let stdin = std::io::stdin();
                let stdout = std::io::stdout();
                interact(&mut stdin.lock(), &mut stdout.lock(), &mut army, &card_files, out.as_deref())?;
                return Ok(ExitCode::SUCCESS);
            }
            let army = match build_army_in(&label, *bloc, *ap, &cards, names.as_deref(), *edition) {
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
            let mut army = army;
            army.edition = *edition;
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

/// The five scenarios of the battlefront rulebook ("Scenario 1: Encounter" … "Scenario 5:
/// All-Out Attack"), which set no AP limit: the title for a name like `encounter` or `grab-the-dust`.
fn battlefront_scenario(name: &str) -> Option<&'static str> {
    const SCENARIOS: [(&str, &str); 5] = [
        ("encounter", "Scenario 1: Encounter"),
        ("grab-the-dust", "Scenario 2: Grab the Dust"),
        ("bait-and-flank", "Scenario 3: Bait and Flank"),
        ("supply-drop", "Scenario 4: Supply Drop"),
        ("all-out-attack", "Scenario 5: All-Out Attack"),
    ];
    let key = name.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    SCENARIOS.iter().find(|(n, _)| *n == key).map(|(_, t)| *t)
}

const HELP: &str = "commands:
  list                     the units you may add (number, AP, kind), legal ones first
  add NAME|NUMBER          add a unit (a number from `list`)
  remove NAME|NUMBER       remove a unit (a number from `show`)
  join HERO to SQUAD       a hero joins a squad (names or numbers from `show`)
  pilot HERO in VEHICLE    battlefront: a hero starts mounted in a vehicle
  show                     the army, its cost and the AP left
  check                    every broken army rule, with its section
  save [FILE]              write the army file (default: --out)
  quit                     leave (also at the end of the input)
  help                     this list";

/// The interactive army builder: reads commands from `input`, answers on `out`. Returns
/// whether the army was saved.
///
/// # Errors
/// Only input/output errors.
pub fn interact(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    army: &mut ArmyFile,
    cards: &[CardFile],
    save_to: Option<&Path>,
) -> std::io::Result<bool> {
    let unit_cards: Vec<dust_core::UnitCard> = cards.iter().map(|c| c.card.clone()).collect();
    let pool: Vec<&CardFile> = cards.iter().filter(|c| c.card.bloc == army.bloc).collect();
    let find = |s: &str, army: &ArmyFile| -> Option<usize> {
        let s = s.trim();
        match s.parse::<usize>() {
            Ok(n) if n >= 1 && n <= army.units.len() => Some(n - 1),
            _ => army.units.iter().position(|u| u.name.eq_ignore_ascii_case(s)),
        }
    };
    writeln!(
        out,
        "Building a {} army of at most {} AP ({} edition, {} cards of the bloc). Type `help` for the commands.",
        army.bloc.name(),
        army.ap_limit,
        army.edition.name(),
        pool.len()
    )?;
    let mut saved = false;
    let mut line = String::new();
    loop {
        write!(out, "> ")?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            break;
        }
        let cmd = line.trim();
        let (verb, rest) = cmd.split_once(char::is_whitespace).unwrap_or((cmd, ""));
        let rest = rest.trim();
        let spent = army_cost(army, &unit_cards);
        match verb.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => writeln!(out, "{HELP}")?,
            "quit" | "exit" | "done" | "q" => break,
            "list" => {
                writeln!(out, "{:>3}  {:<24} {:>4}  {:<14} note", "#", "unit", "AP", "kind")?;
                for (i, c) in pool.iter().enumerate() {
                    let mut note = Vec::new();
                    if spent + u32::from(c.card.ap) > army.ap_limit {
                        note.push(format!("over the limit: {} AP left", army.ap_limit.saturating_sub(spent)));
                    }
                    if c.card.kind == dust_core::UnitKind::Hero && army.units.iter().any(|u| u.name.eq_ignore_ascii_case(&c.card.name)) {
                        note.push("already in the army (unique heroes)".to_string());
                    }
                    if c.card.is_provisional() {
                        note.push("provisional".to_string());
                    }
                    writeln!(
                        out,
                        "{:>3}  {:<24} {:>4}  {:<14} {}",
                        i + 1,
                        c.card.name,
                        c.card.ap,
                        kind_text(c),
                        note.join("; ")
                    )?;
                }
            }
            "add" => {
                let card = match rest.parse::<usize>() {
                    Ok(n) if n >= 1 && n <= pool.len() => Some(pool[n - 1]),
                    _ => pool.iter().copied().find(|c| c.card.name.eq_ignore_ascii_case(rest)),
                };
                match card {
                    None => writeln!(out, "no {} card is named `{rest}`: see `list`", army.bloc.name())?,
                    Some(c) => {
                        army.units.push(ArmyEntry::new(&c.card.name));
                        let v = check_army_cards(army, cards);
                        if v.is_empty() {
                            writeln!(
                                out,
                                "added {} ({} AP): {}/{} AP",
                                c.card.name,
                                c.card.ap,
                                spent + u32::from(c.card.ap),
                                army.ap_limit
                            )?;
                        } else {
                            army.units.pop();
                            writeln!(out, "cannot add {}:", c.card.name)?;
                            for x in v {
                                writeln!(out, "  {}", x.diag.message)?;
                            }
                        }
                    }
                }
            }
            "remove" | "rm" => match find(rest, army) {
                None => writeln!(out, "no unit `{rest}` in the army: see `show`")?,
                Some(i) => {
                    let u = army.units.remove(i);
                    for o in &mut army.units {
                        if o.joins.as_deref().is_some_and(|j| j.eq_ignore_ascii_case(&u.name)) {
                            o.joins = None;
                        }
                        if o.pilots.as_deref().is_some_and(|j| j.eq_ignore_ascii_case(&u.name)) {
                            o.pilots = None;
                        }
                    }
                    writeln!(out, "removed {}", u.name)?;
                }
            },
            "join" | "pilot" => {
                let sep = if verb.eq_ignore_ascii_case("join") { " to " } else { " in " };
                let Some((h, t)) = rest.split_once(sep) else {
                    writeln!(out, "write `{verb} HERO{sep}UNIT`")?;
                    continue;
                };
                match (find(h, army), find(t, army)) {
                    (Some(hi), Some(ti)) => {
                        let target = army.units[ti].name.clone();
                        let before = army.units[hi].clone();
                        if verb.eq_ignore_ascii_case("join") {
                            army.units[hi].joins = Some(target.clone());
                            army.units[hi].pilots = None;
                        } else {
                            army.units[hi].pilots = Some(target.clone());
                            army.units[hi].joins = None;
                        }
                        let v = check_army_cards(army, cards);
                        if v.is_empty() {
                            writeln!(
                                out,
                                "{} {} {target}",
                                army.units[hi].name,
                                if sep == " to " { "joins" } else { "pilots" }
                            )?;
                        } else {
                            army.units[hi] = before;
                            writeln!(out, "not allowed:")?;
                            for x in v {
                                writeln!(out, "  {}", x.diag.message)?;
                            }
                        }
                    }
                    _ => writeln!(out, "both units must be in the army: see `show`")?,
                }
            }
            "show" => {
                writeln!(out, "{} ({}, {} edition)", army.name, army.bloc.name(), army.edition.name())?;
                for (i, u) in army.units.iter().enumerate() {
                    let ap = unit_cards.iter().find(|c| c.name.eq_ignore_ascii_case(&u.name)).map_or(0, |c| c.ap);
                    let with = match (&u.joins, &u.pilots) {
                        (Some(j), _) => format!(", joins {j}"),
                        (None, Some(p)) => format!(", pilots {p}"),
                        _ => String::new(),
                    };
                    writeln!(out, "{:>3}. {} ({ap} AP{with})", i + 1, u.name)?;
                }
                writeln!(
                    out,
                    "total {spent}/{} AP, {} AP left",
                    army.ap_limit,
                    army.ap_limit.saturating_sub(spent)
                )?;
            }
            "check" => {
                let v = check_army_cards(army, cards);
                if v.is_empty() {
                    writeln!(out, "ok: no rule broken ({spent}/{} AP)", army.ap_limit)?;
                }
                for x in v {
                    writeln!(out, "{}", x.diag.message)?;
                }
            }
            "save" => {
                let path = if rest.is_empty() {
                    save_to.map(Path::to_path_buf)
                } else {
                    Some(PathBuf::from(rest))
                };
                let text = army.to_toml();
                match path {
                    None => write!(out, "{text}")?,
                    Some(p) => match std::fs::write(&p, &text) {
                        Ok(()) => {
                            saved = true;
                            writeln!(
                                out,
                                "wrote {} ({} unit(s), {spent}/{} AP)",
                                p.display(),
                                army.units.len(),
                                army.ap_limit
                            )?;
                        }
                        Err(e) => writeln!(out, "cannot write {}: {e}", p.display())?,
                    },
                }
            }
            other => writeln!(out, "unknown command `{other}`: type `help`")?,
        }
    }
    Ok(saved)
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

fn check(path: &Path, edition: Option<Edition>, load: &dyn Fn(Edition) -> Option<Vec<CardFile>>) -> ExitCode {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{name}:1:1: cannot read this file: {e}");
            return ExitCode::from(2);
        }
    };
    let mut army = match parse_army(&text, &name) {
        Ok(a) => a,
        Err(d) => {
            print_diagnostics(&d);
            eprintln!("{} problem(s)", d.len());
            return ExitCode::from(2);
        }
    };
    if let Some(e) = edition {
        army.edition = e;
    }
    let Some(card_files) = load(army.edition) else {
        return ExitCode::from(2);
    };
    let cards: Vec<dust_core::UnitCard> = card_files.iter().map(|c| c.card.clone()).collect();
    let violations = check_army_cards(&army, &card_files);
    if violations.is_empty() {
        println!(
            "{name}: ok: {} ({}, {} edition, {} unit(s), {}/{} AP)",
            army.name,
            army.bloc.name(),
            army.edition.name(),
            army.units.len(),
            army_cost(&army, &cards),
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
        assert!(T::try_parse_from(["t", "build", "--bloc", "axis", "--ap", "9", "--edition", "battlefront"]).is_ok());
        assert!(T::try_parse_from(["t", "build", "--bloc", "axis", "--ap", "9", "--edition", "classic"]).is_err());
        assert!(T::try_parse_from(["t", "build", "--bloc", "axis", "--ap", "9", "--interactive", "--from", "l.txt"]).is_err());
        let t = T::try_parse_from(["t", "check", "a.toml"]).expect("parses");
        assert!(matches!(t.a.command, ArmyCommand::Check { .. }));
        assert!(T::try_parse_from(["t", "build", "--bloc", "martians", "--ap", "150"]).is_err());
        assert!(T::try_parse_from(["t", "build", "--bloc", "ssu", "--ap", "0"]).is_err());
    }

    /// The interactive builder, driven through piped input (as `echo … | dust1947 army build
    /// --interactive` does): list, add, a refused add with its rule, pilot, show, check, save.
    #[test]
    fn interactive_builder_reads_piped_commands() {
        let cards = load_card_files_for(None, Edition::Battlefront).expect("shipped");
        let mut army = ArmyFile::new("Koshka", dust_core::Bloc::Ssu, 150);
        army.edition = Edition::Battlefront;
        let file = std::env::temp_dir().join(format!("dust1947-interactive-{}.toml", std::process::id()));
        let script = format!(
            "help\nlist\nadd Grand'ma\nadd 1\nadd Koshka\nadd Hans\npilot Koshka in Grand'ma\nadd 3\nadd Fakyeli\nadd Punisher\nshow\nremove Fakyeli\ncheck\nfly away\nsave {}\nquit\n",
            file.display()
        );
        let mut out = Vec::new();
        let saved = interact(&mut script.as_bytes(), &mut out, &mut army, &cards, None).expect("io");
        let out = String::from_utf8(out).expect("utf8");
        assert!(saved, "{out}");
        assert!(out.contains("  1  Koshka") && out.contains("large-vehicle"), "{out}");
        assert!(out.contains("added Grand'ma (35 AP): 35/150 AP"), "{out}");
        assert!(out.contains("cannot add Koshka") && out.contains("rule unique-heroes"), "{out}");
        assert!(out.contains("no ssu card is named `Hans`"), "{out}");
        assert!(out.contains("Koshka pilots Grand'ma"), "{out}");
        assert!(out.contains("cannot add Punisher") && out.contains("Choosing Your Force"), "{out}");
        assert!(out.contains("removed Fakyeli") && out.contains("ok: no rule broken"), "{out}");
        assert!(out.contains("unknown command `fly`"), "{out}");
        let text = std::fs::read_to_string(&file).expect("saved");
        let _ = std::fs::remove_file(&file);
        let back = parse_army(&text, "saved.toml").expect("reads back");
        assert_eq!(back.edition, Edition::Battlefront);
        assert_eq!(
            back.units.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(),
            ["Grand'ma", "Koshka", "Red Thunder"]
        );
        assert_eq!(back.units[1].pilots.as_deref(), Some("Grand'ma"));
        assert!(check_army_cards(&back, &cards).is_empty());
        // End of input ends the session without saving.
        let mut out = Vec::new();
        assert!(!interact(&mut "add 2\n".as_bytes(), &mut out, &mut army, &cards, None).expect("io"));
    }

    #[test]
    fn battlefront_scenarios_by_name() {
        assert_eq!(battlefront_scenario("Grab the Dust"), Some("Scenario 2: Grab the Dust"));
        assert_eq!(battlefront_scenario("all-out-attack"), Some("Scenario 5: All-Out Attack"));
        assert_eq!(battlefront_scenario("annihilation"), None);
    }

    #[test]
    fn list_files_skip_comments() {
        assert_eq!(parse_list("# mine\nHans\n\n Lara # hero\n"), vec!["Hans", "Lara"]);
    }
}
