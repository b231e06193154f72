//! `cargo fuzz run strategy_decide`: lines of the strategy game's `/decide` (one decision or
//! a batch) and `/plan` bodies on a game of three people never panic and keep to their budget
//! of memory, work and time per input byte (see `bodies/api.rs` and `fuzz/README.md`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies/budget.rs"]
mod budget;
#[path = "bodies/api.rs"]
mod body;

fuzz_target!(|data: &[u8]| {
    body::strategy_decide(data);
});
