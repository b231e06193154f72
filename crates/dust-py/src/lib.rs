//! # dust1947 (the Python package)
//!
//! Dust Tactics (and the strategy game) as reinforcement-learning environments for Python,
//! built with PyO3 and maturin (docs/python.md). [`tactics`] is plain Rust: the action encoding,
//! the observation planes and the state's history; `py` wraps it for Python.

mod py;
pub mod tactics;
