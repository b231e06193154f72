//! # dust-data
//!
//! File formats of Dust 1947 (TOML): maps, unit cards, scenarios. Every reader reports every
//! problem it finds with the file, line and column, and never panics on bad input.

#![warn(missing_docs)]

pub mod army;
pub mod builtin;
pub mod card;
pub mod diag;
pub mod map;
pub mod record;
pub mod scenario;
pub mod tests_support;

pub use diag::{Diagnostic, LineIndex};
pub use map::{parse_map, MapFile, Objective, Piece};
