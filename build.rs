//! Embeds the conformance tables of `docs/conformance/` (one per edition, each written apart) in
//! the binary for `dust1947 rulings --conformance`: every `*.md` there but the README, whichever
//! exist when the binary is built.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/conformance");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut tables: Vec<(String, String)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let p = e.path();
            let Some(name) = p.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if let Some(edition) = name.strip_suffix(".md").filter(|s| *s != "README") {
                println!("cargo:rerun-if-changed={}", p.display());
                tables.push((edition.to_string(), p.display().to_string()));
            }
        }
    }
    // The revised edition (the default) first, then the others by name.
    tables.sort_by_key(|(e, _)| (e != "revised", e.clone()));
    let mut out = String::from("/// The conformance tables: (edition, text).\npub const TABLES: &[(&str, &str)] = &[\n");
    for (edition, path) in &tables {
        writeln!(out, "    ({edition:?}, include_str!({path:?})),").unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("conformance.rs");
    std::fs::write(dest, out).unwrap();
}
