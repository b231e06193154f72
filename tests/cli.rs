//! The `dust1947` binary: map check, los, reach and rulings, run as a user would.

mod common;

use common::{json, run, stderr, stdout, temp_file};

const EXAMPLE: &str = "maps/structures-example.toml";

#[test]
fn map_check_good_files() {
    for f in [EXAMPLE, "maps/core-board.toml"] {
        let o = run(&["map", "check", f]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("ok"), "{out}");
    }
    let out = stdout(&run(&["map", "check", EXAMPLE]));
    assert!(out.contains("8 columns (A-H) x 6 rows"), "{out}");
    assert!(out.contains("structures: 1: Bunker"), "{out}");
    assert!(out.contains("pieces: 5"), "{out}");
}

#[test]
fn map_check_bad_file_lists_every_problem() {
    let bad = "name = \"bad\"\ngrid = '''\n. . ? .\n. . . .\n'''\n[[piece]]\nat = \"Q1\"\nkind = \"tank\"\nside = \"a\"\n";
    let p = temp_file("bad.toml", bad.as_bytes());
    let ps = p.display().to_string();
    let o = run(&["map", "check", &ps]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with(&format!("{ps}:3:5: `?` is not a grid character")), "{err}");
    assert!(
        lines[1].starts_with(&format!("{ps}:7:6: ")) && lines[1].contains("Q1 is off the board"),
        "{err}"
    );
    assert!(lines[2].starts_with(&format!("{ps}:8:8: `tank` is not a kind of piece")), "{err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn map_check_unreadable_files() {
    let o = run(&["map", "check", "no/such/map.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read the map file `no/such/map.toml`"), "{}", stderr(&o));
    let p = temp_file("latin1.toml", b"name = \"caf\xe9\"\ngrid = \".\"\n");
    let ps = p.display().to_string();
    let o = run(&["map", "check", &ps]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!("{ps}:1:12: the file is not UTF-8")),
        "{}",
        stderr(&o)
    );
    let o = run(&["map", "check", &ps, EXAMPLE]);
    assert_eq!(o.status.code(), Some(2), "one bad file fails the whole check");
    assert!(stdout(&o).contains("Structures example"));
}

#[test]
fn los_json_between_pieces() {
    // A1 holds a squad (and a hero), D4 a squad inside the bunker, whose space has no exit.
    let v = json(&["los", EXAMPLE, "A1", "D4", "--json"]);
    assert_eq!(v["los"], false);
    assert_eq!(v["cover"], "none");
    assert_eq!(v["range"], 5);
    assert_eq!(v["attacker"], "squad");
    assert_eq!(v["target"], "squad");
    assert!(v["reason"].as_str().unwrap().contains("D4"), "{v}");
    // Open ground, no cover.
    let v = json(&["los", EXAMPLE, "A1", "A4", "--json"]);
    assert_eq!(
        (v["los"].clone(), v["cover"].clone(), v["range"].clone()),
        (true.into(), "none".into(), 3.into())
    );
    assert_eq!(v["reason"], serde_json::Value::Null);
    // The target on rubble (G3) gets soft cover.
    let v = json(&["los", EXAMPLE, "G1", "G3", "--json"]);
    assert_eq!(v["cover"], "soft", "{v}");
    assert_eq!(v["cover_reasons"][0], "soft: the target stands on rubble");
    // Heroes alone get no cover.
    let v = json(&["los", EXAMPLE, "G1", "G3", "--target", "hero", "--json"]);
    assert_eq!(v["cover"], "none");
    assert_eq!(v["target"], "hero");
    assert!(v["note"].as_str().unwrap().contains("no cover"), "{v}");
    // Into the bunker through its large entrance: hard cover from outside the structure.
    let v = json(&["los", EXAMPLE, "C1", "C3", "--json"]);
    assert_eq!((v["los"].clone(), v["cover"].clone()), (true.into(), "hard".into()), "{v}");
    // The vehicle at F6 is the attacker when FROM is F6.
    let v = json(&["los", EXAMPLE, "F6", "A6", "--json"]);
    assert_eq!(v["attacker"], "vehicle");
    // Into smoke: no line of sight.
    let v = json(&["los", EXAMPLE, "A1", "G5", "--json"]);
    assert_eq!(v["los"], false);
    assert!(v["reason"].as_str().unwrap().contains("smoke"));
}

#[test]
fn los_human_output() {
    let o = run(&["los", EXAMPLE, "G1", "G3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("line of sight: yes"), "{out}");
    assert!(out.contains("cover: soft"), "{out}");
    assert!(out.contains("range: 2"), "{out}");
}

#[test]
fn reach_json() {
    let v = json(&["reach", EXAMPLE, "A1", "--unit", "squad", "--move", "1", "--json"]);
    let squares: Vec<&str> = v["squares"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(squares, vec!["B1", "A2", "B2"]);
    assert_eq!(v["paths"]["B2"], serde_json::json!(["A1", "B2"]));
    assert_eq!(v["from"], "A1");
    assert_eq!(v["unit"], "squad");
    assert_eq!(v["move"], 1);
    assert_eq!(v["actions"], 1);
    // Two actions, no --unit: the squad at A1 moves (the file says so).
    let v = json(&["reach", EXAMPLE, "A1", "--move", "2", "--actions", "2", "--json"]);
    let squares = v["squares"].as_array().unwrap();
    assert!(squares.iter().any(|s| s == "C3"), "enters the bunker by its large entrance: {v}");
    assert!(!squares.iter().any(|s| s == "D4"), "an enemy squad stands there");
    for s in squares {
        let path = v["paths"][s.as_str().unwrap()].as_array().unwrap();
        assert_eq!(path[0], "A1");
        assert_eq!(&path[path.len() - 1], s);
    }
    // A vehicle never ends on the anti-tank trap at G1 nor on rubble.
    let v = json(&["reach", EXAMPLE, "F6", "--move", "6", "--actions", "2", "--json"]);
    assert_eq!(v["unit"], "vehicle");
    assert_eq!(v["side"], "b");
    let squares = v["squares"].as_array().unwrap();
    assert!(!squares.iter().any(|s| s == "G1" || s == "G3"), "{v}");
}

#[test]
fn reach_human_output_has_a_picture() {
    let o = run(&["reach", EXAMPLE, "A1", "--unit", "squad", "--move", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("can end in 3 spaces"), "{out}");
    assert!(out.contains("  1  @ * . . . . t ."), "{out}");
    assert!(out.contains("     A B C D E F G H"), "{out}");
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    for (args, part) in [
        (vec!["los", EXAMPLE, "Z99", "A1"], "Z99 is off the board"),
        (vec!["los", EXAMPLE, "A1", "hello"], "`hello` is not a space"),
        (vec!["los", EXAMPLE, "A1", "A1"], "two different spaces"),
        (vec!["los", EXAMPLE, "A1", "B2", "--attacker", "tank"], "invalid value 'tank'"),
        (vec!["reach", EXAMPLE, "B3", "--move", "2"], "--unit squad|hero|vehicle"),
        (vec!["reach", EXAMPLE, "H2", "--unit", "hero", "--move", "2"], "H2 has no dot"),
        (vec!["reach", EXAMPLE, "A1", "--unit", "squad", "--move", "0"], "--move"),
        (
            vec!["reach", EXAMPLE, "A1", "--unit", "squad", "--move", "2", "--actions", "3"],
            "--actions",
        ),
        (vec!["reach", EXAMPLE, "A1", "--unit", "squad"], "--move"),
        (vec!["los", "nowhere.toml", "A1", "B2"], "cannot read the map file"),
        (vec!["bogus"], "unrecognized subcommand"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(part), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn help_for_every_subcommand() {
    for args in [
        vec!["--help"],
        vec!["map", "--help"],
        vec!["map", "check", "--help"],
        vec!["los", "--help"],
        vec!["reach", "--help"],
        vec!["rulings", "--help"],
    ] {
        let o = run(&args);
        assert!(o.status.success(), "{args:?}");
        assert!(stdout(&o).contains("Usage:"), "{args:?}");
    }
    assert!(stdout(&run(&["los", "--help"])).contains("--attacker"));
    assert!(stdout(&run(&["reach", "--help"])).contains("--agile"));
}

/// Issue 10: `serve` takes `--edition` like every other command, and refuses an unknown one
/// before starting anything.
#[test]
fn serve_takes_the_edition_and_refuses_an_unknown_one() {
    let o = run(&["serve", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let help = stdout(&o);
    assert!(help.contains("--edition <revised|battlefront>"), "{help}");
    assert!(help.contains("[default: revised]"), "{help}");
    let o = run(&["serve", "--edition", "third", "--port", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("invalid value 'third' for '--edition"), "{err}");
    assert!(err.contains("write `revised` or `battlefront`"), "{err}");
    assert!(!err.contains("listening"), "nothing started: {err}");
}

#[test]
fn rulings_are_embedded_and_searchable() {
    let o = run(&["rulings"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("# Rulings"));
    let o = run(&["rulings", "--search", "SMOKE"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("## Smoke gives corner cover"), "{out}");
    assert!(!out.contains("## Range and the first diagonal"), "{out}");
    let o = run(&["rulings", "--search", "xyzzy-nothing"]);
    assert_eq!(o.status.code(), Some(1));
}

/// Issue 20: every game has its own file in the history (no game overwrites another): `play
/// --list` shows them, finished or not, and `play --load N` resumes game N.
#[test]
fn play_keeps_a_history_of_games() {
    use std::process::Command;
    let home = std::env::temp_dir().join(format!("dust1947-history-{}", std::process::id()));
    let games = home.join("dust1947/games");
    std::fs::create_dir_all(&games).unwrap();
    let recs = home.join("records");
    let o = common::run(&[
        "sim",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
        "--scenario",
        "annihilation",
        "--seed",
        "3",
        "--records",
        recs.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let file = std::fs::read_dir(&recs).unwrap().next().unwrap().unwrap().path();
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(games.join("game-1.toml"), &text).unwrap();
    // The same game cut after its first ten decisions: unfinished.
    let mut r = dust_data::record::Record::parse(&text, "game-1.toml").unwrap();
    r.decisions.truncate(10);
    r.final_hash = None;
    std::fs::write(games.join("game-2.toml"), r.to_text()).unwrap();
    let play = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_dust1947"))
            .arg("play")
            .args(args)
            .env("XDG_DATA_HOME", &home)
            .output()
            .unwrap()
    };
    let o = play(&["--list"]);
    let out = common::stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let line = |n: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap_or_else(|| panic!("{out}"))
            .to_string()
    };
    assert!(line("1 ").contains("annihilation") && line("1 ").contains("over"), "{out}");
    assert!(line("2 ").contains("unfinished, round 1") && line("2 ").contains(" 10"), "{out}");
    assert!(out.contains("dust1947 play --load N"), "{out}");
    let o = play(&["--load", "7"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("there is no game 7 in the history"),
        "{}",
        common::stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// `play --tutorial` is a new guided game of the duel: it refuses what would make it another
/// game, with the options to leave out; `--help` says what it is.
#[test]
fn play_tutorial_refuses_other_games() {
    for extra in [
        &["--hotseat"][..],
        &["--scenario", "annihilation"],
        &["--load", "1"],
        &["--edition", "battlefront"],
    ] {
        let mut args = vec!["play", "--tutorial"];
        args.extend_from_slice(extra);
        let o = common::run(&args);
        assert!(!o.status.success(), "{args:?}");
        let e = common::stderr(&o);
        assert!(e.contains("--tutorial is a new guided game of `duel`"), "{args:?}: {e}");
    }
    let help = common::stdout(&common::run(&["play", "--help"]));
    assert!(help.contains("--tutorial") && help.contains("A guided first game"), "{help}");
}

/// `dust1947 rulings | head -1`: the reader closes the pipe after a line; the program leaves
/// quietly (exit 141, as after SIGPIPE) instead of panicking with "failed printing to stdout".
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dust1947"))
        .arg("rulings")
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read nothing: close the reading end at once, before the 150 KB of rulings are written.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(141), "{err}");
}
