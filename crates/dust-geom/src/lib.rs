//! # dust-geom
//!
//! The measured table of Dust Battlefield (`tactics-battlefield-summary.md`): where miniatures
//! and terrain are, and the geometric questions the rules ask of them — how far apart two
//! units are and in which range band ([`measure`]), whether they see each other and whether the
//! target is in cover ([`los`]), who is under a blast or flame template ([`template`]), whether
//! a miniature can move somewhere and along which path ([`path`]) — plus a drawing ([`svg`]).
//!
//! Pure: no I/O, no randomness, no platform trigonometry. Coordinates are integers of 0.1 mm
//! ([`exact`]); every decision is an exact integer predicate, and the lengths reported are
//! built from IEEE-exact operations (+ − × ÷ √), so a record replays bit for bit everywhere.
//! Facings turn through a written-out sine table ([`angle`]).
//!
//! ```
//! use dust_geom::exact::Pt;
//! use dust_geom::table::{Body, Mini, MiniKind, Side, Table, Unit};
//! use dust_geom::angle::Facing;
//!
//! let mut t = Table::new("example", 12_000, 12_000);
//! for (name, side, y) in [("A", Side::A, 1_000), ("B", Side::B, 3_500)] {
//!     t.units.push(Unit {
//!         name: name.into(), card: name.into(), side, kind: MiniKind::Infantry,
//!         facing: Facing::deg(0), size: (250, 250),
//!         minis: vec![Mini { body: Body::disc(Pt::new(5_000, y), 250) }],
//!     });
//! }
//! // 25 cm between centres, 2.5 cm of bases: 22.5 cm, range 3.
//! let m = dust_geom::measure::measure(&t, 0, 1);
//! assert_eq!((m.distance_cm, m.range, m.close), (22.5, 3, false));
//! assert!(dust_geom::los::unit_sight(&t, 0, 1).los);
//! ```

#![warn(missing_docs)]

pub mod angle;
pub mod exact;
pub mod los;
pub mod measure;
pub mod path;
pub mod placement;
pub mod svg;
pub mod table;
pub mod template;
