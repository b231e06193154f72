//! Golden fixtures: every `tests/fixtures/*.txt` is a board plus queries with their expected
//! answers (format in `tests/fixtures/README.md`). Each file names the rule section it checks.

mod common;
use common::*;
use dust_core::*;
use std::path::Path;

fn parse_size(s: &str) -> EntranceSize {
    match s {
        "small" => EntranceSize::Small,
        "large" => EntranceSize::Large,
        _ => panic!("bad entrance size {s}"),
    }
}

/// Runs one fixture; returns the number of queries checked and the failures.
fn run(path: &Path) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut lines = text.lines().enumerate().peekable();
    let mut grid: Vec<&str> = Vec::new();
    while let Some((_, l)) = lines.next() {
        if l.trim() == "grid" {
            for (_, g) in lines.by_ref() {
                if g.trim() == "end" {
                    break;
                }
                grid.push(g);
            }
            break;
        }
    }
    assert!(!grid.is_empty(), "{name}: no grid");
    let (mut setup, pieces) = setup(&grid);
    let mut queries: Vec<(usize, &str)> = Vec::new();
    for (i, l) in lines {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let w: Vec<&str> = l.split_whitespace().collect();
        match w[0] {
            "structure" => setup.structures.push(StructureSetup {
                name: w[1].to_string(),
                interior: w[2..].iter().map(|s| sq(s)).collect(),
                entrances: vec![],
                inner_walls: vec![],
            }),
            "entrance" => setup
                .structures
                .last_mut()
                .expect("entrance before structure")
                .entrances
                .push(EntranceSetup {
                    at: sq(w[1]),
                    side: Dir::from_name(w[2]).expect("direction"),
                    size: parse_size(w[3]),
                }),
            "wall" => setup
                .structures
                .last_mut()
                .expect("wall before structure")
                .inner_walls
                .push(InnerWallSetup {
                    between: (sq(w[1]), sq(w[2])),
                    entrance: w.get(3).map(|s| parse_size(s)),
                }),
            _ => queries.push((i + 1, l)),
        }
    }
    let f = Field::new(setup, pieces);
    let mut failures = Vec::new();
    for &(line, q) in &queries {
        let (ask, expect) = q.split_once("->").unwrap_or_else(|| panic!("{name}:{line}: no `->`"));
        let w: Vec<&str> = ask.split_whitespace().collect();
        let expect = expect.split_whitespace().collect::<Vec<_>>().join(" ");
        let got = match w[0] {
            "los" => {
                let kind_at = |s: &str| f.piece(sq(s)).map_or(PieceKind::Squad, |p| p.0);
                let (a, t) = if w.len() >= 5 {
                    (kind(w[3]), kind(w[4]))
                } else {
                    (kind_at(w[1]), kind_at(w[2]))
                };
                match f.los(w[1], w[2], a, t) {
                    Ok(c) => format!("clear {}", c.level.name()),
                    Err(_) => "blocked".to_string(),
                }
            }
            "range" => range(sq(w[1]), sq(w[2])).to_string(),
            "reach" => {
                let mut m = f.mover(w[1], 0, 1);
                for opt in &w[2..] {
                    match opt.split_once('=') {
                        Some(("move", n)) => m.movement = n.parse().unwrap(),
                        Some(("actions", n)) => m.actions = n.parse().unwrap(),
                        Some(("side", "A")) => m.side = Side::A,
                        Some(("side", "B")) => m.side = Side::B,
                        None if *opt == "agile" => m.agile = true,
                        None if *opt == "fast" => m.fast = true,
                        None if *opt == "jump" => m.jump = true,
                        None => m.kind = kind(opt),
                        _ => panic!("{name}:{line}: bad option {opt}"),
                    }
                }
                let got = f.reach(&m);
                let want = if expect == "none" { vec![] } else { names(&expect) };
                if got == want {
                    expect.clone()
                } else {
                    got.join(" ")
                }
            }
            other => panic!("{name}:{line}: unknown query {other}"),
        };
        if got != expect {
            failures.push(format!("{name}:{line}: {q}\n    got: {got}"));
        }
    }
    (queries.len(), failures)
}

#[test]
fn golden_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut total = 0;
    let mut failures = Vec::new();
    for p in &files {
        let (n, f) = run(p);
        total += n;
        failures.extend(f);
    }
    assert!(
        failures.is_empty(),
        "{} of {total} golden queries failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(files.len() >= 5 && total >= 40, "{} fixtures, {total} queries", files.len());
}
