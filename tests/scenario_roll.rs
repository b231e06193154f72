//! `dust1947 scenario roll` and `scenario show`: the battlefront book's two-dice scenario table
//! (tactics-battlefront-2013-rules.txt, "Playing a Game", "Setting Up the Game"; docs/rulings.md,
//! "Battlefront scenario table"), run as a user would.

mod common;

use common::run;

fn json(seed: u64) -> serde_json::Value {
    let o = run(&["scenario", "roll", "--seed", &seed.to_string(), "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

#[test]
fn a_seeded_roll_prints_the_dice_the_scenario_and_why() {
    let o = run(&["scenario", "roll", "--seed", "1"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    // Pinned: seed 1 rolls an army symbol and a shield, row 3 of the table.
    assert!(out.contains("dice (seed 1): army and shield"), "{out}");
    assert!(out.contains("scenario: bait-and-flank (Scenario 3: Bait and Flank)"), "{out}");
    assert!(out.contains("why: army + shield is on row 3 of the table"), "{out}");
    assert!(
        out.contains("dust1947 play --edition battlefront --scenario bait-and-flank"),
        "{out}"
    );
    // The same seed, the same roll.
    assert_eq!(o.stdout, run(&["scenario", "roll", "--seed", "1"]).stdout);
}

#[test]
fn every_roll_names_a_shipped_battlefront_scenario_by_the_table() {
    let row_of = |dice: &[String]| -> u64 {
        let mut d = dice.to_vec();
        d.sort();
        match (d[0].as_str(), d[1].as_str()) {
            ("army", "army") | ("target", "target") => 1,
            ("army", "target") => 2,
            ("army", "shield") => 3,
            ("shield", "target") => 4,
            ("shield", "shield") => 5,
            other => panic!("{other:?}"),
        }
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let v = json(seed);
        assert_eq!(v["seed"], seed);
        let dice: Vec<String> = v["dice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_str().unwrap().to_string())
            .collect();
        assert_eq!(v["row"], row_of(&dice), "seed {seed}: {v}");
        let name = v["scenario"].as_str().unwrap();
        assert!(v["reason"].as_str().unwrap().contains(v["title"].as_str().unwrap()));
        seen.insert(name.to_string());
    }
    // Forty rolls show all five scenarios, and each is a shipped battlefront scenario.
    assert_eq!(seen.len(), 5, "{seen:?}");
    for name in seen {
        let o = run(&["scenario", "show", &name]);
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    }
}

/// `scenario show` says what each objective does: the shipped annihilation's hill wins only from
/// the end of round 4 (docs/rulings.md, "Hills that win from a later round"), hold the
/// crossroads' well gives bonus points, a battlefront objective scores by its scenario's rules.
#[test]
fn scenario_show_says_when_a_hill_wins() {
    let o = run(&["scenario", "show", "annihilation"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("objective: Hill at H9 (wins the game when held alone at the end of round 4 or later)"),
        "{out}"
    );
    let out = String::from_utf8_lossy(&run(&["scenario", "show", "hold-the-crossroads"]).stdout).to_string();
    assert!(out.contains("objective: Well at I17 (15 VP to its holder at the end)"), "{out}");
    assert!(
        out.contains("objective: Crossroads at J12 (wins the game when held alone at the end of round 7 or later)"),
        "{out}"
    );
    // A battlefront objective scores by its scenario's rules, not by a bonus of its own.
    let out = String::from_utf8_lossy(&run(&["scenario", "show", "supply-drop"]).stdout).to_string();
    assert!(out.contains("(scored by the scenario's rules)"), "{out}");
}
