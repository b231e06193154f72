//! `dust1947 sim`, run as a user would, with tiny numbers of games and iteration budgets.

mod common;

use common::{json, run};
use std::path::PathBuf;

#[test]
fn sim_json_has_the_counts() {
    let v = json(&["sim", "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3", "--json"]);
    let n = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("`{k}` in {v}"));
    assert_eq!(n("games"), 4);
    assert_eq!(n("a_wins") + n("b_wins") + n("draws"), 4);
    assert_eq!(v["a"], "greedy");
    assert_eq!(v["b"], "random");
    assert!(v["mean_vp_a"].is_number() && v["mean_vp_b"].is_number());
    assert!(v["a_score"].is_number());
    assert!(v["balance"]["by_army"].is_object());
    assert_eq!(
        v["balance"]["side_a_wins"].as_u64().unwrap() + v["balance"]["side_b_wins"].as_u64().unwrap() + n("draws"),
        4
    );
    assert!(v["timing"]["a"]["longest_ms"].is_number());
    // Issue 21: how much the players fight. Greedy against random on annihilation destroys
    // units in every game of these four (vp above 0 on one side at least).
    assert!(n("games_with_a_unit_destroyed") <= 4);
    assert!(v["mean_units_destroyed"].as_f64().is_some_and(|m| m >= 0.0));
    if v["mean_vp_a"].as_f64().unwrap() + v["mean_vp_b"].as_f64().unwrap() > 0.0 {
        assert!(
            n("games_with_a_unit_destroyed") > 0,
            "victory points come from destroyed units here: {v}"
        );
    }
    // The same seed plays the same games.
    let w = json(&[
        "sim",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
        "--threads",
        "1",
    ]);
    for k in ["a_wins", "b_wins", "draws", "mean_vp_a", "mean_vp_b", "games_with_a_unit_destroyed"] {
        assert_eq!(v[k], w[k], "{k}");
    }
}

#[test]
fn sim_with_search_writes_records_that_replay() {
    let dir = std::env::temp_dir().join(format!("dust1947-sim-{}", std::process::id()));
    let d = dir.display().to_string();
    let v = json(&[
        "sim",
        "--a",
        "mcts:8i,threads=2,depth=6",
        "--b",
        "greedy",
        "--games",
        "2",
        "--json",
        "--records",
        &d,
        "--scenario",
        "annihilation",
    ]);
    assert_eq!(v["games"].as_u64(), Some(2));
    assert!(v["timing"]["a"]["decisions"].as_u64().unwrap() > 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let rec = dust_data::record::Record::parse(&text, &f.display().to_string()).unwrap_or_else(|e| panic!("{e:?}"));
        let game = dust_data::record::replay(&rec, &dust_data::builtin::builtin_cards()).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(game.pending(), dust_core::game::Pending::GameOver { .. }));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sim_with_the_players_set_up_writes_records_that_replay() {
    let dir = std::env::temp_dir().join(format!("dust1947-sim-setup-{}", std::process::id()));
    let d = dir.display().to_string();
    let v = json(&[
        "sim",
        "--edition",
        "battlefront",
        "--scenario",
        "bait-and-flank",
        "--setup",
        "players",
        "--games",
        "2",
        "--a",
        "greedy",
        "--b",
        "random",
        "--records",
        &d,
        "--json",
    ]);
    assert_eq!(v["games"].as_u64(), Some(2));
    assert_eq!(v["setup"], "players");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let rec = dust_data::record::Record::parse(&text, &f.display().to_string()).unwrap_or_else(|e| panic!("{e:?}"));
        let su = rec.setup.as_ref().unwrap_or_else(|| panic!("no set-up in {text}"));
        assert!(!su.decisions.is_empty());
        let hash = rec.final_hash.expect("a finished game has its final hash");
        // `replay` rebuilds the table from the set-up and checks the final hash.
        let o = run(&["replay", &f.display().to_string()]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        let out = common::stdout(&o);
        assert!(out.contains(&format!("state hash: {hash:#018x}")), "{out}");
        assert!(out.contains("set-up: by the players"), "{out}");
        // Without its set-up, the record is another game.
        let mut fixed = rec.clone();
        fixed.setup = None;
        let other = dust_data::record::replay(&fixed, &dust_data::builtin::builtin_cards());
        assert!(other.map_or(true, |g| g.state_hash() != hash));
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The players set up battlefront games only.
    let o = run(&["sim", "--scenario", "annihilation", "--setup", "players", "--games", "1"]);
    assert!(!o.status.success());
    let err = common::stderr(&o);
    assert!(err.contains("`--setup players`") && err.contains("battlefront games only"), "{err}");
}

#[test]
fn sim_text_and_bad_players() {
    let o = run(&["sim", "--a", "random", "--b", "random", "--games", "2"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Elo difference") && out.contains("balance") && out.contains("decision time"),
        "{out}"
    );
    let o = run(&["sim", "--a", "minimax", "--games", "1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown player `minimax`"), "{err}");
    let o = run(&["sim", "--a", "mcts:fast", "--games", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("bad budget `fast`"));
    let o = run(&[
        "sim",
        "--scenario",
        "no-such-scenario",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
    ]);
    assert!(!o.status.success());
}

/// Issue 21: games come in pairs (one seed, sides swapped); the JSON keeps the single-game
/// counts and adds the pairs' statistics; `--sprt` stops when the test decides, at the same
/// game whatever the number of threads.
#[test]
fn paired_games_and_sprt() {
    let v = json(&[
        "sim",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "2",
        "--scenario",
        "annihilation",
        "--json",
    ]);
    assert_eq!(v["games"].as_u64(), Some(6));
    assert_eq!(v["pairs"].as_u64(), Some(3));
    let penta: Vec<u64> = v["pentanomial"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(penta.len(), 5);
    assert_eq!(penta.iter().sum::<u64>(), 3);
    let points = penta.iter().enumerate().map(|(k, &c)| k as f64 * 0.5 * c as f64).sum::<f64>();
    let wins = v["a_wins"].as_f64().unwrap() + 0.5 * v["draws"].as_f64().unwrap();
    assert!((points - wins).abs() < 1e-9, "the pairs hold every game's points: {v}");
    assert!((v["score"].as_f64().unwrap() - wins / 6.0).abs() < 1e-9);
    for k in ["a_wins", "b_wins", "draws", "elo", "elo_low", "elo_high", "sprt"] {
        assert!(v.get(k).is_some(), "{k} in {v}");
    }
    // greedy beats random in nearly every game: the SPRT 0 vs 100 Elo accepts H1 long before
    // 200 games, and stops at the same pair on one thread and on two.
    let sprt = |threads: &str| {
        json(&[
            "sim",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "200",
            "--seed",
            "2",
            "--scenario",
            "annihilation",
            "--sprt",
            "0,100",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (one, two) = (sprt("1"), sprt("2"));
    assert_eq!(one["sprt"]["result"], "H1", "{one}");
    assert!(one["games"].as_u64().unwrap() < 200, "{one}");
    assert_eq!(one["games"], two["games"]);
    assert_eq!(one["pentanomial"], two["pentanomial"]);
    assert!(one["sprt"]["llr"].as_f64().unwrap() >= one["sprt"]["upper"].as_f64().unwrap());
}

/// Issue 21: `dust1947 balance` plays games between random legal armies and reports each unit's
/// estimated worth beside its card's AP, with the games it was in, and the picture of side A's
/// score against the AP difference.
#[test]
fn balance_reports_every_unit_and_draws_the_picture() {
    let svg = std::env::temp_dir().join(format!("dust1947-balance-{}.svg", std::process::id()));
    let v = json(&[
        "balance",
        "--games",
        "24",
        "--player",
        "random",
        "--seed",
        "5",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let games = v["games"].as_u64().unwrap();
    assert!(games > 10 && games <= 24, "{v}");
    let units = v["units"].as_array().unwrap();
    assert!(units.len() > 5, "{v}");
    for u in units {
        for k in [
            "name",
            "bloc",
            "ap",
            "provisional",
            "log_odds",
            "worth",
            "worth_low",
            "worth_high",
            "games",
        ] {
            assert!(u.get(k).is_some(), "{k} in {u}");
        }
        assert!(u["games"].as_u64().unwrap() <= games);
    }
    let binned: u64 = v["bins"].as_array().unwrap().iter().map(|b| b["games"].as_u64().unwrap()).sum();
    assert_eq!(binned, games, "every game in one AP bin");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("AP of side A less AP of side B"));
    let _ = std::fs::remove_file(&svg);
    let o = run(&["balance", "--games", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(common::stderr(&o).contains("at least 10 games"));
}

#[test]
fn sim_plays_the_duel() {
    // `--scenario duel`: the tiny practice game of `play --scenario duel` (the Python package's
    // self-play compares its games with these).
    let v = json(&[
        "sim",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--seed",
        "2",
        "--scenario",
        "duel",
        "--json",
    ]);
    assert_eq!(v["scenario"], "duel");
    assert_eq!(v["games"].as_u64(), Some(4));
    assert!(v["balance"]["by_army"]["Rifles A"].is_object());
}
