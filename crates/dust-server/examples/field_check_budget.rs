//! The table check's budget (`POST /api/battlefield/check`, docs/server.md "Limits"): how long
//! `dust_server::field::check_answer` takes on the largest files the endpoint reads (64 KiB)
//! built to be slow — polygons of the 512 corners the reader allows, and as many squads as fit —
//! printed beside a shipped table measured in the same run.
//!
//! `cargo run -p dust-server --example field_check_budget` (add `--release` for the optimised figures)

use dust_server::field::{check_answer, MAX_TABLE_BODY, SHIPPED_TABLES};
use std::fmt::Write as _;
use std::time::Instant;

/// The mean time of `runs` checks of `text`, in milliseconds, and whether it checked.
fn time(text: &str, runs: u32) -> (f64, bool) {
    let mut ok = false;
    let t0 = Instant::now();
    for _ in 0..runs {
        ok = check_answer(text)["ok"] == true;
    }
    (t0.elapsed().as_secs_f64() * 1000.0 / f64::from(runs), ok)
}

/// Terrain pieces of 512 corners (a star, so that no edge is skipped early) until the file is full.
fn many_corners() -> String {
    let mut s = String::from("name = \"corners\"\nsize = [1000, 1000]\n");
    let mut k = 0;
    loop {
        let mut piece = String::from("\n[[terrain]]\nkind = \"woods\"\npolygon = [");
        let (cx, cy) = (60.0 + f64::from(k % 8) * 115.0, 60.0 + f64::from(k / 8) * 115.0);
        for i in 0..512 {
            let a = f64::from(i) * std::f64::consts::TAU / 512.0;
            let r = if i % 2 == 0 { 50.0 } else { 45.0 };
            let _ = write!(piece, "[{:.1}, {:.1}],", cx + r * a.cos(), cy + r * a.sin());
        }
        piece.push_str("]\n");
        if s.len() + piece.len() > MAX_TABLE_BODY - 64 {
            return s;
        }
        s.push_str(&piece);
        k += 1;
    }
}

/// Five-soldier squads on a grid until the file is full (every pair of bases is checked for
/// overlap).
fn many_units() -> String {
    let mut s = String::from("name = \"crowd\"\nsize = [1000, 1000]\n");
    let mut k = 0;
    loop {
        let (x, y) = (5 + (k % 60) * 16, 5 + (k / 60) * 4);
        let unit = format!(
            "\n[[unit]]\nname = \"Hell Boys\"\nside = \"a\"\nat = [[{x}, {y}], [{}, {y}], [{}, {y}], [{}, {y}], [{}, {y}]]\n",
            x + 3,
            x + 6,
            x + 9,
            x + 12
        );
        if s.len() + unit.len() > MAX_TABLE_BODY - 64 {
            return s;
        }
        s.push_str(&unit);
        k += 1;
    }
}

fn main() {
    let shipped = SHIPPED_TABLES
        .iter()
        .find(|(id, _)| *id == "zhytomyr-crossroads")
        .map(|(_, t)| *t)
        .unwrap_or_default();
    let corners = many_corners();
    let units = many_units();
    for (what, text, runs) in [
        ("shipped zhytomyr-crossroads (reference)", shipped, 50),
        ("64 KiB of 512-corner polygons", corners.as_str(), 5),
        ("64 KiB of five-soldier squads", units.as_str(), 5),
    ] {
        let (ms, ok) = time(text, runs);
        println!(
            "{what:45} {:6} bytes  {ms:9.2} ms per check  (checks: {ok}, {runs} runs)",
            text.len()
        );
    }
}
