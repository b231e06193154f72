//! `dust1947 scenario setup`: two AI players set up a battlefront scenario by the book's
//! "Setting the Terrain" (tactics-battlefront-2013-rules.txt, "Playing a Game"; "Scenario 3:
//! Bait and Flank", "Objectives"), run as a user would.

mod common;

use common::run;

#[test]
fn the_ai_players_set_up_bait_and_flank() {
    let args = ["scenario", "setup", "bait-and-flank", "--seed", "7", "--b", "random"];
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Bait and Flank: set up by the players (seed 7; side A greedy, side B random)"),
        "{out}"
    );
    assert!(out.contains("side A: board ruins"), "{out}");
    assert!(out.contains("initiative: side A rolls"), "{out}");
    assert_eq!(out.matches(": place ").count(), 6, "two tiles and a trap each: {out}");
    assert_eq!(out.matches(": objective ").count(), 2, "{out}");
    assert!(out.contains("objectives: "), "{out}");
    // The same seed, the same set-up.
    assert_eq!(o.stdout, run(&args).stdout);
}

#[test]
fn a_revised_scenario_is_not_set_up_by_the_players() {
    let o = run(&["scenario", "setup", "annihilation", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stderr).contains("battlefront scenarios only"));
}
