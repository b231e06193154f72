//! `dust1947 strategy …`, run through the subcommand module with buffers for the terminal (so
//! the tests do not depend on how the binary wires its subcommands).

#[path = "../src/cli/strategy.rs"]
#[allow(dead_code)]
mod strategy;

use clap::Parser;
use std::io::Cursor;
use std::path::PathBuf;

#[derive(Parser, Debug)]
struct Cli {
    #[command(subcommand)]
    command: strategy::StrategyCommand,
}

fn run_with(args: &[&str], input: &str) -> anyhow::Result<String> {
    let mut argv = vec!["strategy"];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(argv)?;
    let a = strategy::Args { command: cli.command };
    let mut out = Vec::new();
    let mut inp = Cursor::new(input.as_bytes().to_vec());
    strategy::run_to(&a, &mut out, &mut inp)?;
    Ok(String::from_utf8(out)?)
}

fn run(args: &[&str]) -> String {
    run_with(args, "").unwrap_or_else(|e| panic!("{args:?}: {e:#}"))
}

fn json(args: &[&str]) -> serde_json::Value {
    let s = run(args);
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("{args:?} printed no JSON ({e}): {s}"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dust1947-strategy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn odds_json_has_the_acceptance_keys() {
    let v = json(&[
        "odds",
        "--attacker",
        "3t1m2f1b",
        "--defender",
        "4t1f",
        "--production-center",
        "--json",
    ]);
    let w = v["attacker_wins"].as_f64().unwrap();
    let h = v["defender_holds"].as_f64().unwrap();
    assert!((w + h - 1.0).abs() < 1e-9);
    assert!(v["expected_attacker_survivors"].as_f64().unwrap() > 0.0);
    assert!(v["expected_defender_survivors"].as_f64().is_some());
    let sea = json(&["odds", "--attacker", "3s", "--defender", "2s", "--sea", "--json"]);
    assert!(sea["attacker_wins"].as_f64().unwrap() > 0.5);
    let amph = json(&["odds", "--attacker", "3t", "--defender", "1t", "--amphibious", "--json"]);
    assert!(amph["attacker_retreated"].as_f64().unwrap().abs() < 1e-12);
    let text = run(&["odds", "--attacker", "3t", "--defender", "3t", "--capital"]);
    assert!(text.contains("attacker wins"), "{text}");
    assert!(run_with(&["odds", "--attacker", "3x", "--defender", "1t"], "").is_err());
}

#[test]
fn sim_json_counts_games_and_wins_per_seat() {
    let v = json(&["sim", "--players", "3", "--games", "4", "--seed", "7", "--json"]);
    assert_eq!(v["games"], 4);
    let wins = v["wins"].as_array().unwrap();
    assert_eq!(wins.len(), 3);
    let total: f64 = wins.iter().map(|w| w.as_f64().unwrap()).sum();
    assert!(total <= 4.0 + 1e-9);
    // Same seed, same result.
    let again = json(&["sim", "--players", "3", "--games", "4", "--seed", "7", "--json"]);
    assert_eq!(v["wins"], again["wins"]);
    let mixed = json(&["sim", "--players", "2", "--games", "2", "--ai", "random,heuristic", "--json"]);
    assert_eq!(mixed["ai"][0], "random");
}

#[test]
fn play_with_a_human_writes_a_record_that_replays() {
    let rec = temp("game.record");
    // The human always picks the first option; the input runs out after a while and the
    // game stops there, still writing its record.
    let input = "board\n9999\n".to_string() + &"1\n".repeat(400);
    let out = run_with(
        &[
            "play",
            "--players",
            "2",
            "--seats",
            "human,heuristic",
            "--seed",
            "3",
            "--record",
            rec.to_str().unwrap(),
        ],
        &input,
    )
    .unwrap();
    assert!(out.contains("to decide"), "{out}");
    assert!(out.contains("type a number"), "{out}");
    assert!(out.contains("record written"), "{out}");
    // The world map is drawn (areas, owners, units), again after the board changed.
    assert!(out.contains("|Bering S Alaska   Canada   Greenlan"), "{out}");
    assert!(out.matches("the west edge wraps to the east").count() >= 2, "{out}");
    assert!(out.contains("C P1") || out.contains("C# P1"), "P1's capital on the map: {out}");
    let replayed = run(&["replay", rec.to_str().unwrap()]);
    assert!(replayed.contains("matches the record"), "{replayed}");
}

#[test]
fn play_draws_the_map_on_request() {
    let out = run_with(
        &["play", "--players", "2", "--seats", "human,mcts:20", "--seed", "4"],
        "map\nquit\n",
    )
    .unwrap();
    assert!(out.matches("+-----").count() >= 4, "{out}");
    assert!(out.contains("~ sea  C capital"), "{out}");
}

#[test]
fn play_ai_only_to_the_end_and_replay() {
    let rec = temp("ai.record");
    let out = run(&[
        "play",
        "--players",
        "3",
        "--seats",
        "heuristic,random,heuristic",
        "--seed",
        "5",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(out.contains("game over"), "{out}");
    let replayed = run(&["replay", "--events", rec.to_str().unwrap()]);
    assert!(replayed.contains("game over"), "{replayed}");
    // A tampered record is refused.
    let text = std::fs::read_to_string(&rec).unwrap().replace("seed 5", "seed 6");
    let bad = temp("bad.record");
    std::fs::write(&bad, text).unwrap();
    assert!(run_with(&["replay", bad.to_str().unwrap()], "").is_err());
}

#[test]
fn check_reports_every_problem_of_a_bad_map() {
    let ok = run(&["check"]);
    assert!(ok.contains("6 capitals in 3 pairs"), "{ok}");
    assert!(ok.contains("45 cards"), "{ok}");
    let bad = temp("bad-map.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nareas = [ { name = \"A\", kind = \"lake\" } ]\nlinks = []\nwrap_links = []\n",
    )
    .unwrap();
    let e = run_with(&["check", "--map", bad.to_str().unwrap()], "").unwrap_err();
    let s = format!("{e:#}");
    assert!(s.contains("bad-map.toml:2:"), "{s}");
}

/// Issue 16, item 8: `strategy replay` opened any path the record named (`map = /dev/zero`
/// read 2.1 GB, a fifo hung, `/etc/shadow` was opened). A record names the shipped map and
/// deck (`builtin`), or a file beside it by its bare name, and that only with
/// `--files-beside`; never a path, a device, a fifo or a link.
#[test]
fn a_record_opens_only_the_shipped_files_or_one_beside_it_when_asked() {
    let dir = temp("beside");
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("ai.record");
    run(&[
        "play",
        "--players",
        "2",
        "--seats",
        "random,random",
        "--seed",
        "3",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("map builtin"), "{text}");
    let with_map = |map: &str| {
        let p = dir.join(format!("r-{}.record", map.replace(['/', '.'], "_")));
        std::fs::write(&p, text.replace("map builtin", &format!("map {map}"))).unwrap();
        p
    };
    // The shipped map by its names.
    for name in ["world", "world.toml"] {
        let out = run(&["replay", with_map(name).to_str().unwrap()]);
        assert!(out.contains("matches the record"), "{name}: {out}");
    }
    // Paths: refused before anything is opened, with or without the flag.
    for path in ["/dev/zero", "/etc/shadow", "../world.toml", "sub/world.toml", "/tmp"] {
        let p = with_map(path);
        for flag in [false, true] {
            let mut args = vec!["replay", p.to_str().unwrap()];
            if flag {
                args.push("--files-beside");
            }
            let t0 = std::time::Instant::now();
            let e = format!("{:#}", run_with(&args, "").unwrap_err());
            assert!(e.contains("never a path"), "{path}: {e}");
            assert!(t0.elapsed() < std::time::Duration::from_secs(5));
        }
    }
    // A file beside the record: only with the flag.
    std::fs::write(dir.join("mine.toml"), std::fs::read_to_string("data/strategy/world.toml").unwrap()).unwrap();
    let p = with_map("mine.toml");
    let e = format!("{:#}", run_with(&["replay", p.to_str().unwrap()], "").unwrap_err());
    assert!(e.contains("--files-beside"), "{e}");
    let out = run(&["replay", p.to_str().unwrap(), "--files-beside"]);
    assert!(out.contains("matches the record"), "{out}");
    // Beside it but a link (to a device here), or a fifo: refused without opening it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.toml")).unwrap();
        let e = format!(
            "{:#}",
            run_with(&["replay", with_map("zero.toml").to_str().unwrap(), "--files-beside"], "").unwrap_err()
        );
        assert!(e.contains("not a regular file"), "{e}");
        let made = std::process::Command::new("mkfifo").arg(dir.join("fifo.toml")).status();
        if made.is_ok_and(|s| s.success()) {
            let e = format!(
                "{:#}",
                run_with(&["replay", with_map("fifo.toml").to_str().unwrap(), "--files-beside"], "").unwrap_err()
            );
            assert!(e.contains("not a regular file"), "{e}");
        }
    }
    // An endless record itself is refused after a bounded read.
    #[cfg(unix)]
    {
        let e = format!("{:#}", run_with(&["replay", "/dev/zero"], "").unwrap_err());
        assert!(e.contains("larger than"), "{e}");
    }
}
