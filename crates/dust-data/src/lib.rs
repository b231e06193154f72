//! # dust-data
//!
//! File formats of Dust 1947 (TOML): maps, unit cards, scenarios. Every reader reports every
//! problem it finds with the file, line and column, and never panics on bad input.

#![warn(missing_docs)]

pub mod army;
pub mod builtin;
pub mod card;
pub mod diag;
pub mod explain;
pub mod field_odds;
pub mod field_record;
pub mod field_words;
pub mod map;
pub mod record;
pub mod scenario;
pub mod scenario_table;
pub mod table_file;
pub mod table_json;
pub mod tests_support;
pub mod tutorial;

pub use diag::{Diagnostic, LineIndex};
pub use map::{parse_map, MapFile, Objective, Piece};

/// The user's Dust 1947 data folder (saved games, the server's database):
/// `$XDG_DATA_HOME/dust1947`, else `~/.local/share/dust1947`; `None` when neither variable is
/// set.
pub fn data_dir() -> Option<std::path::PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| std::path::Path::new(&h).join(".local/share"))
        })?;
    Some(base.join("dust1947"))
}
