//! # dust-data
//!
//! File formats of Dust 1947 (TOML): maps, unit cards, scenarios. Every reader reports every
//! problem it finds with the file, line and column, and never panics on bad input.
