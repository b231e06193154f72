//! `cargo fuzz run table_file`: a Dust Battlefield table file (any bytes) is read into a table
//! or diagnostics at FILE:LINE:COL, never a panic; the oracles answer on what is accepted
//! (`bodies/table_file.rs`).
#![no_main]

#[path = "bodies/table_file.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::table_file(data));
