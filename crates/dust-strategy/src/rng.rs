//! The engine's only source of randomness: dust-core's seeded, portable generator
//! (xoshiro256**, seeded by SplitMix64). The same seed gives the same numbers on every machine,
//! so a game record (seed + decisions) replays bit for bit.

pub use dust_core::GameRng;
