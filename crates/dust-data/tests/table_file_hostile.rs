//! Hostile table files: every bad input is refused with diagnostics at a line and column (the
//! binary prints them as FILE:LINE:COL and exits 2), never a panic, and the reader's limits keep
//! the oracles' cost bounded. The body of the `table_file` fuzz target
//! (`fuzz/fuzz_targets/bodies/table_file.rs`) runs here on each input, on the shipped tables,
//! on the geometry corpus and on mutations of them.

#[path = "../../../fuzz/fuzz_targets/bodies/table_file.rs"]
mod body;

use dust_core::Edition;
use dust_data::builtin::builtin_card_files_for;
use dust_data::table_file::{parse_table, MAX_MINIATURES, MAX_TERRAIN, MAX_UNITS};
use dust_data::Diagnostic;
use std::fmt::Write as _;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const HEAD: &str = "name = \"h\"\nsize = [180, 120]\n";

fn refused(text: &str) -> Vec<Diagnostic> {
    body::table_file(text.as_bytes());
    match parse_table(text, "h.toml", &builtin_card_files_for(Edition::Battlefront)) {
        Ok(_) => panic!("accepted:\n{}", &text[..text.len().min(400)]),
        Err(d) => d,
    }
}

/// The first diagnostic is at `line` and says `what`.
fn first_at(d: &[Diagnostic], line: usize, what: &str) {
    assert!(
        d[0].line == line && d[0].message.contains(what),
        "expected line {line} `{what}`, got {:?}",
        &d[..d.len().min(3)]
    );
}

fn files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn a_polygon_of_a_hundred_thousand_corners_is_refused_before_it_is_read() {
    let mut s = format!("{HEAD}[[terrain]]\nkind = \"woods\"\npolygon = [");
    for k in 0..100_000 {
        let a = f64::from(k) * core::f64::consts::TAU / 100_000.0;
        let _ = write!(s, "[{:.4}, {:.4}],", 90.0 + 40.0 * a.cos(), 60.0 + 40.0 * a.sin());
    }
    s.push_str("]\n");
    let d = refused(&s);
    first_at(&d, 5, "100000 corners; at most 512");
}

#[test]
fn ten_thousand_units_are_refused_at_the_first_one_over_the_limit() {
    let mut s = String::from("name = \"h\"\nsize = [1000, 1000]\n");
    for k in 0..10_000 {
        let _ = write!(
            s,
            "[[unit]]\nname = \"Rhino\"\nside = \"a\"\nat = [[{}, {}]]\n",
            5 + 5 * (k % 190),
            5 + 5 * (k / 190)
        );
    }
    let d = refused(&s);
    // Each unit takes 4 lines after the 2 of the head: unit number MAX_UNITS + 1 starts at
    // line 3 + 4 · MAX_UNITS.
    first_at(&d, 3 + 4 * MAX_UNITS, &format!("[[unit]] number {} of 10000", MAX_UNITS + 1));
    assert_eq!(d.len(), 1);
}

#[test]
fn ten_thousand_terrain_pieces_and_too_many_miniatures_are_refused() {
    let mut s = HEAD.to_string();
    for k in 0..10_000 {
        let (x, y) = (k % 170, (k / 170) % 110);
        let _ = write!(
            s,
            "[[terrain]]\nkind = \"rubble\"\npolygon = [[{x}, {y}], [{}, {y}], [{}, {}]]\n",
            x + 1,
            x + 1,
            y + 1
        );
    }
    let d = refused(&s);
    first_at(&d, 3 + 3 * MAX_TERRAIN, &format!("[[terrain]] number {}", MAX_TERRAIN + 1));
    // 800 squads of 5: 4000 miniatures are the most.
    let mut s = String::from("name = \"h\"\nsize = [1000, 1000]\n");
    for k in 0..801 {
        let (x, y) = (10 + 30 * (k % 30), 10 + 30 * (k / 30));
        let _ = write!(
            s,
            "[[unit]]\nname = \"Hell Boys\"\nside = \"a\"\nat = [[{x}, {y}], [{}, {y}], [{}, {y}], [{}, {y}], [{}, {y}]]\n",
            x + 3,
            x + 6,
            x + 9,
            x + 12
        );
    }
    let d = refused(&s);
    first_at(&d, 3 + 4 * 800, &format!("at most {MAX_MINIATURES}"));
}

#[test]
fn nan_infinity_and_huge_numbers_are_refused_where_they_are() {
    let d = refused(&format!("{HEAD}[[unit]]\nname = \"Rhino\"\nside = \"a\"\nat = [[nan, inf]]\n"));
    first_at(&d, 6, "finite number");
    let d = refused(&format!(
        "{HEAD}[[terrain]]\nkind = \"wall\"\npolygon = [[1e300, 0], [0, -1e300], [5, 5]]\n"
    ));
    first_at(&d, 5, "(1e300, 0) is outside the table");
    assert!(d.iter().all(|x| x.message.len() < 300), "{d:?}");
    first_at(&refused("name = \"h\"\nsize = [1e308, -inf]\n"), 2, "finite number");
    first_at(&refused("name = \"h\"\nsize = [1e308, 1e308]\n"), 2, "between 1 and 1000 cm");
    first_at(&refused(&format!("{HEAD}[templates]\nblast_diameter = 1e9\n")), 4, "at most 500 cm");
    first_at(
        &refused(&format!(
            "{HEAD}[[unit]]\nname = \"Pounder\"\nside = \"a\"\nat = [[50, 50]]\nfacing = 0\nhull = [1e9, 6]\n"
        )),
        8,
        "`hull` sizes",
    );
    first_at(
        &refused(&format!(
            "{HEAD}[[unit]]\nname = \"Rhino\"\nside = \"a\"\nat = [[50, 50]]\nbase_mm = 1e9\n"
        )),
        7,
        "`base_mm`",
    );
    first_at(
        &refused(&format!("{HEAD}[[terrain]]\nkind = \"smoke\"\ncircle = [50, 50, 1e9]\n")),
        5,
        "radius",
    );
}

#[test]
fn facings_of_any_size_are_taken_modulo_a_turn() {
    for f in ["9223372036854775807", "-9223372036854775808", "-90"] {
        let text = format!("{HEAD}[[unit]]\nname = \"Pounder\"\nside = \"a\"\nat = [[50, 50]]\nfacing = {f}\n");
        body::table_file(text.as_bytes());
        assert!(
            parse_table(&text, "h.toml", &builtin_card_files_for(Edition::Battlefront)).is_ok(),
            "{f}"
        );
    }
}

#[test]
fn self_touching_and_degenerate_polygons_are_refused() {
    // A figure eight touching itself at a corner, a bow tie, a spike folding back, a line.
    for (poly, what) in [
        ("[[0, 0], [20, 0], [10, 10], [20, 20], [0, 20], [10, 10]]", "crosses itself"),
        ("[[0, 0], [20, 20], [20, 0], [0, 20]]", "crosses itself"),
        ("[[0, 0], [20, 0], [10, 0], [10, 10]]", "crosses itself"),
        ("[[0, 0], [10, 10], [20, 20]]", "crosses itself"),
        ("[[0, 0], [10, 10]]", "at least 3 points"),
        ("[[5, 5], [5, 5], [10, 10]]", "crosses itself"),
    ] {
        let d = refused(&format!("{HEAD}[[terrain]]\nkind = \"woods\"\npolygon = {poly}\n"));
        first_at(&d, 5, what);
    }
}

#[test]
fn nesting_garbage_and_empty_files_get_a_position() {
    let deep = format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    first_at(&refused(&deep), 1, "nested more than");
    let deep = format!("a = {}1{}\n", "{b = ".repeat(20_000), "}".repeat(20_000));
    first_at(&refused(&deep), 1, "nested more than");
    first_at(&refused(""), 1, "needs `name`");
    first_at(&refused("\u{0}\u{1}garbage = = ="), 1, "not valid TOML");
    first_at(&refused("name = \"h\"\nname = \"again\"\n"), 2, "");
    // Not UTF-8: the body returns at once, the binary says so (tests/battlefield_cli.rs).
    body::table_file(&[0xff, 0xfe, 0x00]);
}

/// A table at the limits, 1000 walls and 1000 heroes on a 10 m table, is read and every oracle
/// answers (its cost is measured in no test: the path search keeps to 500 waypoints).
#[test]
fn a_table_at_the_limits_is_read_and_answered() {
    let mut s = String::from("name = \"maze\"\nsize = [1000, 1000]\n");
    for i in 0..40 {
        for j in 0..25 {
            let (x, y) = (20 + i * 24, 20 + j * 38);
            let _ = write!(
                s,
                "[[terrain]]\nkind = \"wall\"\npolygon = [[{x}, {y}], [{}, {y}], [{}, {}], [{x}, {}]]\n",
                x + 15,
                x + 15,
                y + 1,
                y + 1
            );
        }
    }
    for n in 0..1000 {
        let (i, j, q) = (n / 100, (n / 4) % 25, n % 4);
        let (x, y) = (f64::from(20 + i * 24 + 2) + f64::from(q) * 3.5, 20 + j * 38 + 5);
        let (card, side) = if n % 2 == 1 { ("Rhino", "a") } else { ("Lara", "b") };
        let _ = write!(s, "[[unit]]\nname = \"{card}\"\nside = \"{side}\"\nat = [[{x}, {y}]]\n");
    }
    let t = parse_table(&s, "maze.toml", &builtin_card_files_for(Edition::Battlefront)).expect("reads");
    assert_eq!((t.table.terrain.len(), t.table.units.len()), (1000, 1000));
    body::table_file(s.as_bytes());
}

/// The shipped tables and the geometry corpus, whole and cut short or with a byte changed at
/// a dozen places each: never a panic, every diagnostic in the file.
#[test]
fn shipped_and_corpus_tables_and_their_mutations() {
    let mut all = files("data/battlefield/tables");
    all.extend(files("tests/fixtures/battlefield-geometry").into_iter().take(3));
    assert!(all.len() >= 7);
    for f in &all {
        let text = std::fs::read(f).unwrap();
        body::table_file(&text);
        let n = text.len();
        // DUST_FUZZ_ROUNDS=N tries N places per file (a longer run by hand; 12 in `cargo test`).
        let rounds = std::env::var("DUST_FUZZ_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(12);
        for k in 0..rounds {
            let at = (k * 7_919 + 13) % n;
            body::table_file(&text[..at]);
            for b in [b'[', b']', b'"', b'9', b'-', b'\n', b'#', b'='] {
                let mut m = text.clone();
                m[at] = b;
                body::table_file(&m);
            }
        }
    }
}
