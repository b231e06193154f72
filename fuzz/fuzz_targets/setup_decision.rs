//! `cargo fuzz run setup_decision`: set-up decisions read from any text and applied to the
//! players' set-up of a shipped battlefront scenario never panic; `check` and `apply` agree with
//! the decisions offered, and a refused one leaves the phase as it was (see
//! `bodies/setup_decision.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies/setup_decision.rs"]
mod body;

fuzz_target!(|data: &[u8]| body::run(data));
