//! The conformance tables in `docs/conformance/*.md` (format: `docs/conformance/README.md`):
//! every row names tests that exist, or a ruling that exists in `docs/rulings.md`, or says
//! plainly why it has neither (`not a program rule: …`, `open: …`). This test reads every table
//! and fails on the first file with a problem, listing all of that file's problems.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The columns every table has, in this order.
const COLUMNS: [&str; 5] = ["id", "source", "quote", "status", "tests"];

/// One row of a table.
#[derive(Debug)]
struct Row {
    line: usize,
    id: String,
    status: String,
    tests: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The cells of a table line `| a | b |`, split on `|` not preceded by a backslash.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev = ' ';
    for c in inner.chars() {
        if c == '|' && prev != '\\' {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
        prev = c;
    }
    out.push(cur.trim().to_string());
    out
}

/// The rows of the one table in `text`; problems with its shape go to `problems`.
fn rows(text: &str, problems: &mut Vec<String>) -> Vec<Row> {
    let mut out = Vec::new();
    let mut seen_header = false;
    let mut in_table = false;
    let mut tables = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if !line.trim_start().starts_with('|') {
            in_table = false;
            continue;
        }
        let c = cells(line);
        if !in_table {
            in_table = true;
            tables += 1;
            seen_header = true;
            if c != COLUMNS {
                problems.push(format!(
                    "line {n}: the header must be `| id | source | quote | status | tests |`, not {c:?}"
                ));
            }
            continue;
        }
        if c.iter().all(|x| !x.is_empty() && x.chars().all(|ch| ch == '-' || ch == ':')) {
            continue;
        }
        if c.len() != COLUMNS.len() {
            problems.push(format!(
                "line {n}: {} cells instead of {} (escape a `|` in a quote as `\\|`)",
                c.len(),
                COLUMNS.len()
            ));
            continue;
        }
        out.push(Row {
            line: n,
            id: c[0].clone(),
            status: c[3].clone(),
            tests: c[4].clone(),
        });
    }
    if !seen_header {
        problems.push("no table".into());
    }
    if tables > 1 {
        problems.push(format!("{tables} tables: a conformance file has exactly one"));
    }
    out
}

/// The `## ` headings of the rulings document.
fn headings(rulings: &str) -> HashSet<String> {
    rulings
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(|h| h.trim().to_string())
        .collect()
}

/// Whether the id looks like `R-001` (a capital letter, a dash, three or more digits).
fn good_id(id: &str) -> bool {
    let mut parts = id.splitn(2, '-');
    let (Some(p), Some(num)) = (parts.next(), parts.next()) else {
        return false;
    };
    p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()) && num.len() >= 3 && num.chars().all(|c| c.is_ascii_digit())
}

/// Every problem of one table. `source(path)` gives the text of a file named by a test (path
/// from the repository root), or `None` when there is no such file.
fn check_table(text: &str, rulings: &HashSet<String>, source: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let rows = rows(text, &mut problems);
    if rows.is_empty() {
        problems.push("the table has no rows".into());
    }
    let mut ids = HashSet::new();
    for r in &rows {
        let at = format!("line {} ({})", r.line, r.id);
        if !good_id(&r.id) {
            problems.push(format!("{at}: the id must look like R-001 or B-001"));
        }
        if !ids.insert(r.id.clone()) {
            problems.push(format!("{at}: the id is used twice"));
        }
        // The tests cell: `path::name` items in backticks, separated by commas.
        let mut tests = 0;
        for item in r.tests.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some(inner) = item.strip_prefix('`').and_then(|s| s.strip_suffix('`')) else {
                problems.push(format!("{at}: the test {item} is not in backticks"));
                continue;
            };
            let Some((path, name)) = inner.rsplit_once("::") else {
                problems.push(format!("{at}: the test `{inner}` is not `path::name`"));
                continue;
            };
            tests += 1;
            match source(path) {
                None => problems.push(format!("{at}: no file {path}")),
                Some(src) => {
                    if !src.contains(&format!("fn {name}(")) {
                        problems.push(format!("{at}: {path} has no `fn {name}(`"));
                    }
                }
            }
        }
        // The status.
        let s = r.status.as_str();
        let ruling = |h: &str, problems: &mut Vec<String>| {
            if h.trim().is_empty() {
                problems.push(format!("{at}: `ruling:` names no ruling"));
            } else if !rulings.contains(h.trim()) {
                problems.push(format!("{at}: docs/rulings.md has no heading `## {}`", h.trim()));
            }
        };
        if s == "tested" {
            if tests == 0 {
                problems.push(format!("{at}: `tested` needs at least one test"));
            }
        } else if let Some(h) = s.strip_prefix("tested; ruling:") {
            if tests == 0 {
                problems.push(format!("{at}: `tested` needs at least one test"));
            }
            ruling(h, &mut problems);
        } else if let Some(h) = s.strip_prefix("ruling:") {
            ruling(h, &mut problems);
        } else if let Some(why) = s.strip_prefix("not a program rule:").or_else(|| s.strip_prefix("open:")) {
            if why.trim().is_empty() {
                problems.push(format!("{at}: the status must say why"));
            }
        } else {
            problems.push(format!(
                "{at}: the status `{s}` is none of `tested`, `ruling: …`, `tested; ruling: …`, `not a program rule: …`, `open: …`"
            ));
        }
    }
    problems
}

/// The text of a file of the repository, if it exists.
fn repo_file(path: &str) -> Option<String> {
    if path.contains("..") || Path::new(path).is_absolute() {
        return None;
    }
    std::fs::read_to_string(root().join(path)).ok()
}

/// The tables of `docs/conformance/`, by file name.
fn tables() -> Vec<(String, String)> {
    let dir = root().join("docs/conformance");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.file_name().is_some_and(|n| n != "README.md"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_conformance_table_names_tests_and_rulings_that_exist() {
    let rulings = headings(&std::fs::read_to_string(root().join("docs/rulings.md")).unwrap());
    let tables = tables();
    assert!(
        tables.iter().any(|(n, _)| n == "revised.md"),
        "docs/conformance/revised.md is missing"
    );
    let mut all = Vec::new();
    for (name, text) in &tables {
        for p in check_table(text, &rulings, &repo_file) {
            all.push(format!("docs/conformance/{name}: {p}"));
        }
    }
    assert!(all.is_empty(), "{} problems:\n{}", all.len(), all.join("\n"));
}

/// The revised table covers both seed files, well over 120 rows, in order of their ids.
#[test]
fn the_revised_table_covers_both_books() {
    let text = std::fs::read_to_string(root().join("docs/conformance/revised.md")).unwrap();
    let mut problems = Vec::new();
    let rows = rows(&text, &mut problems);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(rows.len() > 120, "only {} rows", rows.len());
    assert!(rows.iter().all(|r| r.id.starts_with("R-")));
    let numbers: Vec<u32> = rows.iter().map(|r| r.id[2..].parse().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "ids out of order");
    for book in ["tactics-revised-core-rules.md", "tactics-revised-faq.md"] {
        assert!(text.matches(book).count() > 10, "few rows cite {book}");
    }
    let tested = rows.iter().filter(|r| r.status.starts_with("tested")).count();
    assert!(tested * 2 > rows.len(), "only {tested} of {} rows are tested", rows.len());
}

/// The checker itself, on bad tables: each fault is reported, and a good table passes.
#[test]
fn the_checker_reports_every_kind_of_bad_row() {
    let rulings: HashSet<String> = ["Range and the first diagonal".to_string()].into_iter().collect();
    let files = |p: &str| match p {
        "tests/a.rs" => Some("#[test]\nfn real_test() {}\n".to_string()),
        _ => None,
    };
    let head = "intro\n\n| id | source | quote | status | tests |\n|---|---|---|---|---|\n";
    let good = format!(
        "{head}| R-001 | book, \"S\" | \"q\" | tested | `tests/a.rs::real_test` |\n\
         | R-002 | book, \"S\" | \"q\" | ruling: Range and the first diagonal | |\n\
         | R-003 | book, \"S\" | \"a \\| b\" | tested; ruling: Range and the first diagonal | `tests/a.rs::real_test` |\n\
         | R-004 | book, \"S\" | \"q\" | not a program rule: about paint | |\n\
         | R-005 | book, \"S\" | \"q\" | open: not played yet | |\n"
    );
    assert_eq!(check_table(&good, &rulings, &files), Vec::<String>::new());
    let bad = |row: &str| check_table(&format!("{head}{row}\n"), &rulings, &files);
    let one = |row: &str, what: &str| {
        let p = bad(row);
        assert!(p.iter().any(|x| x.contains(what)), "{row}: {p:?}");
    };
    one("| R-001 | s | q | tested | `tests/nope.rs::real_test` |", "no file tests/nope.rs");
    one("| R-001 | s | q | tested | `tests/a.rs::fake_test` |", "has no `fn fake_test(`");
    one("| R-001 | s | q | tested | `tests/a.rs::real_tes` |", "has no `fn real_tes(`");
    one("| R-001 | s | q | tested | |", "needs at least one test");
    one("| R-001 | s | q | | |", "is none of");
    one("| R-001 | s | q | passes | `tests/a.rs::real_test` |", "is none of");
    one("| R-001 | s | q | ruling: No such ruling | |", "no heading `## No such ruling`");
    one(
        "| R-001 | s | q | tested; ruling: Nope | `tests/a.rs::real_test` |",
        "no heading `## Nope`",
    );
    one("| R-001 | s | q | open: | |", "must say why");
    one("| R-001 | s | q | not a program rule: | |", "must say why");
    one("| R-001 | s | q | tested | tests/a.rs::real_test |", "not in backticks");
    one("| R-001 | s | q | tested | `real_test` |", "not `path::name`");
    one("| R1 | s | q | open: x | |", "the id must look like");
    one("| R-001 | s | q | open: x |", "cells instead of");
    one("| R-001 | s | a | b | open: x | |", "cells instead of");
    let twice = bad("| R-001 | s | q | open: x | |\n| R-001 | s | q | open: y | |");
    assert!(twice.len() == 1 && twice[0].contains("used twice"), "{twice:?}");
    let no_table = check_table("just text\n", &rulings, &files);
    assert!(no_table.iter().any(|p| p.contains("no table")), "{no_table:?}");
    let wrong_head = check_table("| id | quote | status |\n|---|---|---|\n", &rulings, &files);
    assert!(wrong_head.iter().any(|p| p.contains("the header must be")), "{wrong_head:?}");
    let two = check_table(&format!("{good}\nbetween\n\n{good}"), &rulings, &files);
    assert!(two.iter().any(|p| p.contains("2 tables")), "{two:?}");
    // A battlefront table in the same format passes the same checks.
    let bf = good.replace("R-00", "B-00");
    assert_eq!(check_table(&bf, &rulings, &files), Vec::<String>::new());
    // The real repository: a test of this file exists, one that does not is reported.
    assert!(repo_file("tests/conformance.rs").is_some_and(|s| s.contains("fn the_checker_reports_every_kind_of_bad_row(")));
    assert!(repo_file("tests/no_such_file.rs").is_none());
    assert!(repo_file("../etc/passwd").is_none());
}
