//! # dust-core
//!
//! The pure rules core of Dust 1947: board geometry, units, game state, legal decisions and
//! their resolution. No I/O, no global random number generator, no user interface: every other
//! part of the project (data files, AI, odds, terminal and web play) asks this crate.
//!
//! Rules are cited by the seed file and section they come from, e.g.
//! `tactics-revised-core-rules.md, "Line of Sight"`; interpretations are in `docs/rulings.md`.

#![warn(missing_docs)]

pub mod battlefront;
pub mod board;
pub mod dice;
pub mod edition;
pub mod field;
pub mod game;
pub mod los;
pub mod occupancy;
pub mod odds;
pub mod range;
pub mod reach;
pub mod rng;
pub mod rules_shared;
pub mod short_list;
pub mod side;
mod spaceset;
pub mod square;
pub mod terrain;
pub mod unit;

pub use board::{
    Board, BoardProblem, BoardSetup, Dir, Edge, EntranceSetup, EntranceSize, InnerWallSetup, SetupPart, StructureId, StructureSetup,
};
pub use dice::{BattlefrontDice, Die, Face, Roll, Symbol, Symbols};
pub use edition::Edition;
pub use los::{line_of_sight, Blocked, CornerPoint, Cover, CoverLevel, CoverSources, Grazed, Shot, SpaceBlock};
pub use occupancy::{Cell, Occupancy};
pub use range::{range, WeaponRange};
pub use reach::{check_step, reach, reach_after, Mover, Reach, StepError};
pub use rng::GameRng;
pub use side::{BySide, Side};
pub use square::{ParseSquareError, Square, MAX_HEIGHT, MAX_WIDTH};
pub use terrain::{CoverElement, PieceKind, Terrain};
pub use unit::{Armor, ArmorType, Bloc, CombatTable, CombatValue, Keywords, Model, Role, Skill, UnitCard, UnitKind, WeaponLine};
