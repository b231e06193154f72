//! Dust, the strategy board game (Premium version): world map, deck, rules engine, exact
//! battle odds and AI players. Pure: no I/O and no global random generator.
//!
//! Rules are cited by section of `strategy-premium-rules.md`; every interpretation is in
//! `docs/strategy-rulings.md`.

pub mod ai;
pub mod deck;
pub mod diag;
pub mod game;
pub mod layout;
pub mod map;
pub mod mcts;
pub mod odds;
pub mod record;
pub mod rng;
pub mod text;
pub mod units;

pub use deck::{parse_deck, Ability, Card, CardId, Deck};
pub use diag::{Diagnostic, Diagnostics};
pub use map::{parse_map, AreaId, AreaKind, WorldMap};
pub use rng::GameRng;
pub use units::{UnitKind, Units};
