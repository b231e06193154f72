//! `cargo fuzz run import`: `POST /api/games/import` bodies never panic and keep to their budget of memory, work and
//! time per input byte (see `bodies/api.rs` and `fuzz/README.md`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies/budget.rs"]
mod budget;
#[path = "bodies/api.rs"]
mod body;

fuzz_target!(|data: &[u8]| {
    body::import(data);
});
