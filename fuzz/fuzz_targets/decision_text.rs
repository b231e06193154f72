//! `cargo fuzz run decision_text`: decisions read from any text and applied to a battlefront
//! game never panic; one is accepted only when offered, a refused one leaves the game as it
//! was, and one read reads back from its own text (see `bodies/decision_text.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies/decision_text.rs"]
mod body;

fuzz_target!(|data: &[u8]| body::run(data));
