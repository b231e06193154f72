//! `cargo fuzz run map_parser`: the map parser must never panic, and an accepted map must
//! round-trip through `MapFile::to_toml`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(map) = dust_data::parse_map(text, "fuzz.toml") {
        let again = dust_data::parse_map(&map.to_toml(), "again.toml");
        assert_eq!(again.ok(), Some(map));
    }
});
