//! The engine tells its editions apart in one place (issue 24, "Shared, not copied";
//! `../shared/STYLE.md`, "Variants as types"): the shared code of `src/game/` asks the game's
//! `EditionRules` (`src/game/rules.rs`) where the books differ, and never compares the edition
//! itself. A branch on the edition anywhere else in `src/game/` is a rule of one book hidden in
//! the shared code, where a reader of that book's `impl` (or a third edition implementing the
//! trait) would not find it. This test reads the sources and lists every such branch.

use std::path::Path;

/// The ways the shared code could tell the editions apart: comparing or matching the edition,
/// or asking whether the battlefront dice are in play.
const BRANCHES: [&str; 6] = [
    "edition ==",
    "edition !=",
    "match self.edition",
    "match g.edition",
    "bf_dice.is_some()",
    "match self.bf_dice",
];

/// The lines of `text` (a file named `name`) that branch on the edition, outside comments.
fn branches(name: &str, text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .filter(|(_, l)| BRANCHES.iter().any(|b| l.contains(b)))
        .map(|(i, l)| format!("{name}:{}: {}", i + 1, l.trim()))
        .collect()
}

#[test]
fn the_shared_game_code_asks_the_edition_only_through_edition_rules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut found = Vec::new();
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).expect("src/game") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        // rules.rs holds the one match that picks the edition's rules; tests_support.rs builds
        // setups of each edition for the tests.
        if !name.ends_with(".rs") || name == "rules.rs" || name == "tests_support.rs" {
            continue;
        }
        read += 1;
        found.extend(branches(&name, &std::fs::read_to_string(&path).expect("a source file")));
    }
    assert!(read >= 10, "read {read} files of {}", dir.display());
    assert!(
        found.is_empty(),
        "branches on the edition outside EditionRules (move each into a method of the trait in \
         src/game/rules.rs, each edition's answer in its own impl):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_branch_finder_sees_a_branch_and_skips_comments() {
    let text = "fn f(&self) {\n    // self.edition == Edition::Battlefront in a comment\n    if self.edition == Edition::Revised {}\n    let x = self.bf_dice.is_some();\n}\n";
    assert_eq!(
        branches("x.rs", text),
        vec![
            "x.rs:3: if self.edition == Edition::Revised {}".to_string(),
            "x.rs:4: let x = self.bf_dice.is_some();".to_string()
        ]
    );
    // rules.rs itself picks the edition's rules with the one match the finder would see.
    let rules = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game/rules.rs")).expect("rules.rs");
    assert!(rules.contains("fn rules_of(edition: Edition) -> Rules"));
}
