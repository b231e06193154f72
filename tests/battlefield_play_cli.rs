//! Dust Battlefield games on the command line, run as a user would: `sim --edition
//! battlefield`, `replay` of its records, `odds --table`.

mod common;

use common::{run, stderr, stdout};

fn tmp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("dust1947-bf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// `sim --edition battlefield --table NAME`: AI games that all end, with records that replay
/// to the hash they were written with.
#[test]
fn sim_plays_records_and_replay_agrees() {
    let dir = tmp_dir("sim");
    let d = dir.to_string_lossy().to_string();
    let o = run(&[
        "sim",
        "--edition",
        "battlefield",
        "--table",
        "ruined-town",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "2",
        "--turns",
        "3",
        "--records",
        &d,
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["games"], 2);
    assert_eq!(v["edition"], "battlefield");
    let total = v["wins"]["a"].as_u64().unwrap() + v["wins"]["b"].as_u64().unwrap() + v["draws"].as_u64().unwrap();
    assert_eq!(total, 2, "every game ended");
    let rec = dir.join("game-0001.toml");
    let text = std::fs::read_to_string(&rec).expect("a record");
    assert!(text.contains("edition = \"battlefield\"") && text.contains("table = \"ruined-town\""));
    let o = run(&["replay", &rec.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("table: ruined-town (battlefield edition)") && out.contains("state hash: 0x"),
        "{out}"
    );
    let hash = text
        .lines()
        .find(|l| l.starts_with("final_hash"))
        .expect("a hash")
        .split('"')
        .nth(1)
        .expect("quoted")
        .to_string();
    assert!(out.contains(&hash), "the replay ends in the recorded state");
    // A record whose decisions were changed is refused, with the decision that breaks.
    let broken: String = text
        .lines()
        .map(|l| if l.trim_start().starts_with("\"first ") { "  \"pass\"," } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.join("broken.toml"), broken).expect("write");
    let o = run(&["replay", &dir.join("broken.toml").to_string_lossy()]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("decision 1"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The games' seeds come from their numbers: one thread or two, the same records.
#[test]
fn sim_records_do_not_depend_on_threads() {
    let mut texts = Vec::new();
    for threads in ["1", "2"] {
        let dir = tmp_dir(&format!("threads{threads}"));
        let d = dir.to_string_lossy().to_string();
        let o = run(&[
            "sim",
            "--edition",
            "battlefield",
            "--table",
            "dnieper-ford",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "2",
            "--turns",
            "2",
            "--threads",
            threads,
            "--records",
            &d,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        texts.push([1, 2].map(|g| std::fs::read_to_string(dir.join(format!("game-000{g}.toml"))).expect("record")));
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert_eq!(texts[0], texts[1]);
}

/// `sim --edition battlefield` reports what the Tactics `sim` reports (issue 21: the pairs,
/// their pentanomial counts, the score and the Elo interval, the side balance) and the fighting
/// and the objectives (a unit destroyed in how many games, how many a game; objectives held),
/// and they add up: the pentanomial counts the pairs, the side wins and draws the games, a
/// greedy mirror scores ½ (both games of a pair are one game with the seats swapped).
#[test]
fn sim_reports_pairs_side_balance_fighting_and_objectives() {
    let o = run(&[
        "sim",
        "--edition",
        "battlefield",
        "--table",
        "zhytomyr-crossroads",
        "--a",
        "greedy",
        "--b",
        "greedy",
        "--games",
        "4",
        "--turns",
        "3",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["pairs"], 2);
    let penta: Vec<u64> = v["pentanomial"]
        .as_array()
        .expect("pentanomial")
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(penta.len(), 5);
    assert_eq!(penta.iter().sum::<u64>(), 2);
    assert_eq!(
        penta[2], 2,
        "a greedy mirror plays each pair's game twice, seats swapped: {penta:?}"
    );
    assert_eq!(v["score"], 0.5);
    let (sa, sb, draws) = (
        v["balance"]["side_a_wins"].as_u64().unwrap(),
        v["balance"]["side_b_wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(sa + sb + draws, 4);
    let side_a_score = v["balance"]["side_a_score"].as_f64().unwrap();
    assert!((side_a_score - (sa as f64 + 0.5 * draws as f64) / 4.0).abs() < 1e-12);
    let bloody = v["games_with_a_unit_destroyed"].as_u64().unwrap();
    assert!((v["destroyed_any"].as_f64().unwrap() - bloody as f64 / 4.0).abs() < 1e-12);
    let mean = v["mean_destroyed"].as_f64().unwrap();
    assert!(
        mean >= v["destroyed_any"].as_f64().unwrap(),
        "a game with a unit destroyed counts one at least"
    );
    assert_eq!(v["objectives"]["on_table"], 2);
    let held = v["objectives"]["games_with_one_held"].as_u64().unwrap();
    assert!(held <= 4 && v["objectives"]["games_won_by_objectives"].as_u64().unwrap() <= held);
    for k in ["elo", "elo_low", "elo_high"] {
        assert!(v.get(k).is_some(), "{k} missing");
    }
}

/// `sim --edition battlefield` without a table says what to add; an unknown table lists the
/// shipped ones.
#[test]
fn sim_errors_say_how_to_fix() {
    let o = run(&["sim", "--edition", "battlefield", "--games", "2"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("--table"), "{}", stderr(&o));
    let o = run(&["sim", "--edition", "battlefield", "--table", "atlantis", "--games", "2"]);
    assert!(stderr(&o).contains("zhytomyr-crossroads"), "{}", stderr(&o));
}

/// `odds --table`: the chances of an attack from where the units stand, each group with its
/// dice and the chance a die ends as an unsaved hit; a target out of range is refused with why.
#[test]
fn odds_on_a_table_position() {
    let t = "tests/fixtures/battlefield/oracle.toml";
    let o = run(&[
        "odds",
        "--table",
        t,
        "--attacker",
        "Laser Grenadiers",
        "--target",
        "Hell Boys",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let groups = v["groups"].as_array().expect("groups");
    assert!(!groups.is_empty());
    for g in groups {
        let q = g["p_unsaved_per_die"].as_f64().unwrap();
        assert!(q > 0.0 && q <= 1.0);
        let dist = g["unsaved_hits"].as_array().unwrap();
        // A laser's hits chain (tactics-battlefield-summary.md, "LASER WEAPONS"): more unsaved
        // hits than dice are possible, and a die's value is its mean.
        if g["chain"].as_bool().unwrap() {
            assert!(dist.len() as u64 > g["dice"].as_u64().unwrap() + 1);
        } else {
            assert_eq!(dist.len() as u64, g["dice"].as_u64().unwrap() + 1);
        }
        let sum: f64 = dist.iter().map(|p| p.as_f64().unwrap()).sum();
        assert!((sum - 1.0).abs() < 1e-9);
    }
    let o = run(&[
        "odds",
        "--table",
        "zhytomyr-crossroads",
        "--attacker",
        "Pounder",
        "--target",
        "Laser Grenadiers",
    ]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("outside") && stderr(&o).contains("range"), "{}", stderr(&o));
}

/// `odds --table … --at X,Y`: a template's point that is not a point of the table is refused
/// with what was given and how to write it (it was read as any float, `inf` and `nan` too, and
/// the attack then failed for another reason); a unit's misspelt name gets the closest name, as
/// `battlefield measure` and the server's sight answer give it (one finder, table_json's).
#[test]
fn odds_at_and_unit_names_are_checked_as_the_table_commands_check_them() {
    let t = "tests/fixtures/battlefield/oracle.toml";
    for at in ["inf,0", "nan,5", "1e300,5", "12"] {
        let o = run(&[
            "odds",
            "--table",
            t,
            "--attacker",
            "Laser Grenadiers",
            "--target",
            "Hell Boys",
            "--at",
            at,
        ]);
        assert_ne!(o.status.code(), Some(0), "--at {at}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(e.contains("--at") && e.contains(at) && e.contains("X,Y"), "--at {at}: {e}");
    }
    let o = run(&[
        "odds",
        "--table",
        t,
        "--attacker",
        "Laser Grenadiers",
        "--target",
        "Hell Boys",
        "--at=-5,3",
    ]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("off the table"), "{}", stderr(&o));
    let o = run(&["odds", "--table", t, "--attacker", "Laser Grenadier", "--target", "Hell Boys"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("did you mean `Laser Grenadiers`"), "{}", stderr(&o));
}
