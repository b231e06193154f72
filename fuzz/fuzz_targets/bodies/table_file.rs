//! The body of the `table_file` fuzz target. `crates/dust-data/tests/table_file_hostile.rs`
//! compiles and runs it too, on the shipped tables, the geometry corpus and hostile files
//! (CI has no nightly toolchain for cargo-fuzz), so it stays in step with the API.
//!
//! Any bytes as a table file: the reader answers with a table or with diagnostics, each at a
//! line and column of the file with a message, and never panics; on an accepted table every
//! oracle answers without panicking (measure, line of sight and cover, a blast, a flame, a
//! path, the drawing), line of sight is symmetric and a legal path keeps to its allowance.

use dust_core::Edition;
use dust_data::card::CardFile;
use dust_data::table_file::parse_table;
use dust_geom::exact::Pt;
use dust_geom::measure::RANGE_UNIT;
use dust_geom::table::Table;
use std::sync::OnceLock;

/// The cards `dust1947 battlefield` reads tables with.
fn cards() -> &'static [CardFile] {
    static C: OnceLock<Vec<CardFile>> = OnceLock::new();
    C.get_or_init(|| dust_data::builtin::builtin_card_files_for(Edition::Battlefront))
}

/// Reads `data` as a table file and, when it is accepted, asks every oracle about it.
pub fn table_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match parse_table(text, "fuzz.toml", cards()) {
        Err(diags) => {
            assert!(!diags.is_empty(), "a refused file has diagnostics");
            let lines = text.split('\n').count().max(1);
            for d in &diags {
                assert!(d.line >= 1 && d.col >= 1 && d.line <= lines + 1, "{d:?}");
                assert!(!d.message.is_empty());
            }
        }
        Ok(tf) => oracles(&tf.table, data.len()),
    }
}

/// A point of the table picked from a number.
fn point(t: &Table, k: usize) -> Pt {
    let k = k as i64;
    Pt::new((k * 7_919).rem_euclid(t.width + 1), (k * 104_729).rem_euclid(t.depth + 1))
}

/// Every oracle on the first few units (a file's cost is bounded by the reader's limits; the
/// fuzzer's time goes to reading).
fn oracles(t: &Table, seed: usize) {
    let n = t.units.len().min(3);
    for a in 0..n {
        for b in 0..n {
            if a == b {
                continue;
            }
            let m = dust_geom::measure::measure(t, a, b);
            assert!(m.distance_cm >= 0.0 && m.range >= 1);
            let s = dust_geom::los::unit_sight(t, a, b);
            let back = dust_geom::los::unit_sight(t, b, a);
            assert_eq!(s.los, back.los, "line of sight is symmetric");
        }
    }
    let c = point(t, seed);
    let _ = dust_geom::template::blast(t, c);
    if let Some(u) = t.units.first() {
        let aim = point(t, seed + 1);
        let _ = dust_geom::template::flame(t, (0, 0), aim, t.templates.flame_short);
        let allowance = 3 * RANGE_UNIT;
        let a = dust_geom::path::shortest(t, 0, 0, c, allowance, false);
        if a.legal {
            let len = a.length.expect("a legal path has a length");
            assert!(len <= allowance as f64, "{len} > {allowance}");
            assert!(dust_geom::path::check_move(t, 0, 0, &a.path, allowance, false).is_ok());
        }
        assert!(!u.minis.is_empty());
    }
    let svg = dust_geom::svg::render(t);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
}
