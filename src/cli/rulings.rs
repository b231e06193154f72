//! `dust1947 rulings [--search WORD] [--conformance [--edition E]]`: the project's rulings,
//! embedded from docs/rulings.md, and the conformance tables of docs/conformance/ (every rule of
//! the books with the tests or ruling that check it).

use std::process::ExitCode;

const RULINGS: &str = include_str!("../../docs/rulings.md");

mod tables {
    include!(concat!(env!("OUT_DIR"), "/conformance.rs"));
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Show only the rulings (or, with --conformance, the table rows) that mention WORD (case
    /// does not matter); exit status 1 when none does.
    #[arg(long, value_name = "WORD")]
    search: Option<String>,
    /// Show the conformance tables instead (docs/conformance/): each rule of the books, its
    /// status (tested, ruling, not a program rule, open) and the tests that check it.
    #[arg(long)]
    conformance: bool,
    /// With --conformance: only this edition's table (revised, battlefront, battlefield).
    #[arg(long, value_name = "EDITION", requires = "conformance")]
    edition: Option<String>,
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    if a.conformance {
        return conformance(a);
    }
    let Some(word) = &a.search else {
        print!("{RULINGS}");
        return Ok(ExitCode::SUCCESS);
    };
    let found = search(RULINGS, word);
    if found.is_empty() {
        eprintln!("no ruling mentions `{word}`: try another word, or run `dust1947 rulings` to see them all");
        return Ok(ExitCode::from(1));
    }
    for entry in found {
        println!("{}\n", entry.trim_end());
    }
    Ok(ExitCode::SUCCESS)
}

/// `--conformance`: the tables of the edition asked for (all of them by default), whole or the
/// rows that mention the word searched.
fn conformance(a: &Args) -> anyhow::Result<ExitCode> {
    let chosen: Vec<&(&str, &str)> = match &a.edition {
        Some(e) => {
            let e = e.to_lowercase();
            let t: Vec<_> = tables::TABLES.iter().filter(|(name, _)| *name == e).collect();
            if t.is_empty() {
                let known: Vec<&str> = tables::TABLES.iter().map(|(n, _)| *n).collect();
                eprintln!("no conformance table for the edition `{e}`: there are {}", known.join(", "));
                return Ok(ExitCode::from(2));
            }
            t
        }
        None => tables::TABLES.iter().collect(),
    };
    let mut any = false;
    for (i, (_, text)) in chosen.iter().enumerate() {
        if i > 0 {
            println!();
        }
        match &a.search {
            None => {
                print!("{text}");
                any = true;
            }
            Some(word) => {
                let rows = table_rows(text, word);
                if rows.len() > 2 {
                    any = true;
                    for r in rows {
                        println!("{r}");
                    }
                }
            }
        }
    }
    if !any {
        eprintln!("no row of the conformance tables mentions `{}`", a.search.as_deref().unwrap_or(""));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The header and separator of the table in `text`, then its rows that contain `word`,
/// case-insensitively.
fn table_rows<'a>(text: &'a str, word: &str) -> Vec<&'a str> {
    let word = word.to_lowercase();
    let lines: Vec<&str> = text.lines().filter(|l| l.trim_start().starts_with('|')).collect();
    let mut out: Vec<&str> = lines.iter().take(2).copied().collect();
    out.extend(lines.iter().skip(2).filter(|l| l.to_lowercase().contains(&word)));
    out
}

/// The `## ` entries of `text` that contain `word`, case-insensitively.
fn search<'a>(text: &'a str, word: &str) -> Vec<&'a str> {
    let word = word.to_lowercase();
    let mut entries = Vec::new();
    let mut start = None;
    for (i, _) in text.match_indices("\n## ") {
        if let Some(s) = start {
            entries.push(&text[s..i]);
        }
        start = Some(i + 1);
    }
    if let Some(s) = start {
        entries.push(&text[s..]);
    }
    entries.into_iter().filter(|e| e.to_lowercase().contains(&word)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_entries() {
        let t = "# Rulings\nintro\n\n## One\nsmoke here\n\n## Two\nwater\n";
        assert_eq!(search(t, "SMOKE"), vec!["## One\nsmoke here\n"]);
        assert_eq!(search(t, "water"), vec!["## Two\nwater\n"]);
        assert!(search(t, "intro").is_empty());
        assert!(!search(RULINGS, "corner").is_empty());
    }

    #[test]
    fn table_rows_keep_the_header() {
        let t = "intro\n\n| id | a |\n|---|---|\n| R-001 | Smoke |\n| R-002 | water |\n";
        assert_eq!(table_rows(t, "SMOKE"), vec!["| id | a |", "|---|---|", "| R-001 | Smoke |"]);
        assert_eq!(table_rows(t, "nothing").len(), 2);
        assert_eq!(
            tables::TABLES.first().map(|t| t.0),
            Some("revised"),
            "the revised table is embedded first"
        );
    }
}
