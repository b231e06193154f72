//! `dust1947 rulings [--search WORD]`: the project's rulings, embedded from docs/rulings.md.

use std::process::ExitCode;

const RULINGS: &str = include_str!("../../docs/rulings.md");

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Show only the rulings that mention WORD (case does not matter); exit status 1 when none does.
    #[arg(long, value_name = "WORD")]
    search: Option<String>,
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
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
}
