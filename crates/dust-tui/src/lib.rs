//! # dust-tui
//!
//! Dust 1947 in the terminal: the full-screen game behind `dust1947 play`, drawn with ratatui
//! over crossterm, usable over ssh in an 80x24 window.
//!
//! The logic lives in [`App`] (state, [`App::handle_key`], [`App::render`]) and never touches a
//! terminal, so tests drive whole games with ratatui's `TestBackend`; [`term::run`] connects an
//! [`App`] to the real terminal and runs the AI on a background thread. A battlefront game may
//! begin with the players' set-up of the table ([`App::with_players_setup`]): the same panes
//! and keys, over `dust_core::battlefront::setup::SetupPhase`.
//!
//! ```
//! use dust_tui::{App, AppConfig, Seat};
//! use dust_core::BySide;
//! let config = AppConfig {
//!     scenario: "duel".into(),
//!     setup: dust_core::game::tests_support::duel(),
//!     seed: 1,
//!     seats: BySide { a: Seat::Human, b: Seat::Human },
//!     ai: None,
//!     ai_spec: None,
//!     save_path: None,
//! };
//! let mut app = App::new(config).unwrap();
//! app.settle();
//! assert!(!app.options().is_empty());
//! ```

#![warn(missing_docs)]

mod app;
pub mod opponent;
pub mod record;
pub mod setup;
mod setup_view;
pub mod term;
mod tutor;
pub mod view;

/// The ratatui this crate draws with (tests use its `TestBackend`).
pub use ratatui;

pub use app::{AiDone, AiJob, App, AppConfig, DiceShown, Focus, LogLine, Overlay, Seat};
