//! # dust1947 (the Python package)
//!
//! Dust Tactics and the Dust strategy game as reinforcement-learning environments for Python,
//! built with PyO3 and maturin (docs/python.md). [`tactics`] and [`strategy`] are plain Rust:
//! the action encodings, the observations and the states' histories; [`selfplay`] plays the
//! games of `dust1947 sim` one by one (for Ray); `py` wraps them for Python.

mod py;
mod py_selfplay;
mod py_strategy;
mod py_strategy_vec;
pub mod selfplay;
pub mod strategy;
pub mod tactics;
