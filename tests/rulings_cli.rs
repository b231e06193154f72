//! `dust1947 rulings --conformance`: the conformance tables of docs/conformance/, embedded in the
//! binary, listed whole, by edition, or by the rows that mention a word.

mod common;

use common::{run, stderr, stdout};

#[test]
fn the_conformance_tables_are_listed() {
    let revised = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/conformance/revised.md")).unwrap();
    let o = run(&["rulings", "--conformance", "--edition", "revised"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), revised, "the table as written");
    // All tables: the revised one first.
    let all = stdout(&run(&["rulings", "--conformance"]));
    assert!(all.starts_with(&revised));
    // Rows that mention a word, with the table's header.
    let o = run(&["rulings", "--conformance", "--search", "Wiederbelebungsserum"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert!(lines[0].starts_with("| id | source | quote | status | tests |"), "{out}");
    assert!(
        lines.len() > 2 && lines[2..].iter().all(|l| l.to_lowercase().contains("wiederbelebungsserum")),
        "{out}"
    );
    let o = run(&["rulings", "--conformance", "--search", "xyzzy-nothing"]);
    assert_eq!(o.status.code(), Some(1));
    // An edition without a table, and --edition without --conformance.
    let o = run(&["rulings", "--conformance", "--edition", "strategy"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no conformance table for the edition `strategy`"),
        "{}",
        stderr(&o)
    );
    // Dust Battlefield's table (started with the geometry) is there.
    let o = run(&["rulings", "--conformance", "--edition", "battlefield"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("F-001"));
    let o = run(&["rulings", "--edition", "revised"]);
    assert!(!o.status.success());
    // Without --conformance: the rulings, as before.
    assert!(stdout(&run(&["rulings"])).starts_with("# Rulings"));
}
