//! `cargo fuzz run record`: game records, replayed never panic and keep to their budget of memory, work and
//! time per input byte (see `bodies/files.rs` and `fuzz/README.md`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies/budget.rs"]
mod budget;
#[path = "bodies/files.rs"]
mod body;

fuzz_target!(|data: &[u8]| {
    body::record(data);
});
