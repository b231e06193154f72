//! `dust1947 odds` (issue 5): the exact odds of an attack on the command line, as the acceptance
//! checks run it.

mod common;

use common::{root, stderr, stdout};
use std::process::Output;

/// `dust1947 odds ARGS`.
fn run(args: &[&str]) -> Output {
    let mut all = vec!["odds"];
    all.extend_from_slice(args);
    common::run(&all)
}

/// `dust1947 odds ARGS --json`, which must succeed.
fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["odds"];
    all.extend_from_slice(args);
    all.push("--json");
    common::json(&all)
}

/// Test card files (not shipped), from the repository root where the binary runs: a hero whose
/// rifle has two lines; four rangers with two ranged weapons each; a car with limited-ammo
/// rockets.
const GUNNER: &str = "tests/fixtures/cards/test-gunner.toml";
const RANGERS: &str = "tests/fixtures/cards/test-rangers.toml";
const ROCKET_CAR: &str = "tests/fixtures/cards/test-rocket-car.toml";

fn probs(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}

/// `args` followed by `extra`.
fn plus<'a>(args: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(extra).copied().collect()
}

/// The battlefront arguments `--edition battlefront --attacker ATTACKER --target TARGET EXTRA`.
fn bf<'a>(attacker: &'a str, target: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    plus(&["--edition", "battlefront", "--attacker", attacker, "--target", target], extra)
}

/// `dust1947 odds ARGS` without `--json`, which must succeed: what it printed.
fn human(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// `dust1947 odds ARGS`, which must be refused with status 2 and a message saying `want`.
fn refused(args: &[&str], want: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
}

/// The engine's frequencies over `samples` seeded attacks are within four standard errors of the
/// exact probabilities (`what` names the distribution in the message).
fn assert_engine_agrees(what: &str, exact: &[f64], engine: &[f64], samples: f64) {
    for (k, p) in exact.iter().enumerate() {
        let e = engine.get(k).copied().unwrap_or(0.0);
        let se = (p * (1.0 - p) / samples).sqrt().max(1e-3);
        assert!((e - p).abs() < 4.0 * se, "{what} {k}: engine {e} exact {p}");
    }
}

/// A joined hero's joint distribution (rows: the squad's losses, columns: his), whose rows add
/// up to the squad's losses `squad`.
fn joint_of(hero: &serde_json::Value, squad: &[f64]) -> Vec<Vec<f64>> {
    let joint: Vec<Vec<f64>> = hero["joint"].as_array().unwrap().iter().map(probs).collect();
    for (s, p) in squad.iter().enumerate() {
        assert!((joint[s].iter().sum::<f64>() - p).abs() < 1e-12, "squad {s}");
    }
    joint
}

#[test]
fn json_has_loss_destroyed_and_mean() {
    let v = json(&["--attacker", "Sturmpioniere", "--target", "Hell Boys", "--weapon", "StG"]);
    let loss = probs(&v["loss"]);
    assert_eq!(loss.len(), 6, "indexed by miniatures lost, 0 to 5");
    assert!((loss.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // Four StG 47 dice at 1/1: binomial(4, 1/3).
    let want = [16.0 / 81.0, 32.0 / 81.0, 24.0 / 81.0, 8.0 / 81.0, 1.0 / 81.0, 0.0];
    for (k, w) in want.iter().enumerate() {
        assert!((loss[k] - w).abs() < 1e-12, "P({k}) = {} not {w}", loss[k]);
    }
    assert!((v["mean"].as_f64().unwrap() - 4.0 / 3.0).abs() < 1e-12);
    assert_eq!(v["destroyed"].as_f64().unwrap(), 0.0);
    assert_eq!(v["lines"].as_array().unwrap().len(), 1);
    assert_eq!(v["lines"][0]["name"], "StG 47");
    assert_eq!(v["lines"][0]["dice"], 4);
}

#[test]
fn sustained_laser_in_hard_cover() {
    let v = json(&[
        "--attacker",
        "heavy laser grenadiers",
        "--target",
        "Hell Boys",
        "--weapon",
        "schwere",
        "--sustained",
        "--cover",
        "hard",
    ]);
    let loss = probs(&v["loss"]);
    assert!((loss.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    let l = &v["lines"][0];
    // Three dice that hit 5/9 after the reroll; each hit chains (mean 3/2 per hit); hard cover
    // saves two hits in three for the Hell Boys (a miss saves).
    let hits = 3.0 * 5.0 / 9.0 * 1.5;
    assert!((l["mean_hits"].as_f64().unwrap() - hits).abs() < 1e-9);
    assert!((l["mean_after_cover"].as_f64().unwrap() - hits / 3.0).abs() < 1e-9);
    assert!(v["truncation_error"].as_f64().unwrap() < 1e-12);
    assert_eq!(v["provisional"], true, "the Heavy Laser Grenadiers' cover values are provisional");
}

#[test]
fn close_combat_has_the_retaliation() {
    let v = json(&["--attacker", "Hell Boys", "--target", "Sturmpioniere", "--weapon", "knife"]);
    assert_eq!(v["close_combat"], true);
    let a = probs(&v["attacker_loss"]);
    assert!(a[0] < 1.0 && (a.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    let joint = v["joint"].as_array().unwrap();
    assert_eq!(joint.len(), 6);
    let v = json(&[
        "--attacker",
        "Hell Boys",
        "--target",
        "Sturmpioniere",
        "--weapon",
        "knife",
        "--no-retaliation",
    ]);
    assert_eq!(probs(&v["attacker_loss"])[0], 1.0);
}

#[test]
fn alive_skills_and_card_files() {
    let v = json(&[
        "--attacker",
        "Rhino",
        "--alive",
        "2",
        "--target",
        "Sturmpioniere",
        "--target-alive",
        "3",
        "--skill",
        "berserk",
    ]);
    assert_eq!(probs(&v["loss"]).len(), 4);
    assert_eq!(v["attacker"]["alive"], 2);
    assert!(v["skills"].as_array().unwrap().iter().any(|s| s == "berserk"));
    let file = root().join("data/units/hell-boys.toml");
    let by_file = json(&["--attacker", file.to_str().unwrap(), "--target", "Sturmpioniere"]);
    let by_name = json(&["--attacker", "Hell Boys", "--target", "Sturmpioniere"]);
    assert_eq!(by_file["loss"], by_name["loss"]);
    // Ammo on a limited-ammo line: two Panzerfausts roll two dice.
    let v = json(&[
        "--attacker",
        "Sturmpioniere",
        "--target",
        "Blackhawk",
        "--weapon",
        "panzerfaust",
        "--skill",
        "ammo=2",
    ]);
    assert_eq!(v["lines"][0]["dice"], 2);
    assert_eq!(v["lines"][0]["ammo"], 2);
}

#[test]
fn human_output_has_a_table_and_a_chart() {
    let o = run(&["--attacker", "Death Dealers", "--target", "Sturmpioniere", "--cover", "soft"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Victory MG"), "{out}");
    assert!(out.contains("P(>=k)") && out.contains("#"), "{out}");
    assert!(
        out.contains("mean") && out.contains("std dev") && out.contains("P(destroyed)"),
        "{out}"
    );
    assert!(out.contains("numbers not official"), "provisional cards say so: {out}");
}

#[test]
fn errors_exit_2_with_a_hint() {
    let o = run(&["--attacker", "Hellboys", "--target", "Lara"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Did you mean `Hell Boys`?"), "{}", stderr(&o));
    let o = run(&["--attacker", "Hell Boys", "--target", "Lara", "--weapon", "laser"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("starts with `laser`") && e.contains("Shotgun") && e.contains("Knife & Grenade"),
        "{e}"
    );
    let o = run(&["--attacker", "Hell Boys", "--alive", "6", "--target", "Lara"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1 to 5 miniatures"), "{}", stderr(&o));
    let o = run(&["--attacker", "Hell Boys", "--target", "Lara", "--target-alive", "5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1 to 4 health"), "{}", stderr(&o));
    let o = run(&["--attacker", "Hell Boys", "--target", "Lara", "--skill", "flying"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("berserk"), "{}", stderr(&o));
}

#[test]
fn monte_carlo_and_svg() {
    let dir = std::env::temp_dir().join(format!("dust1947-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("odds.svg");
    let v = json(&[
        "--attacker",
        "Sturmpioniere",
        "--target",
        "Hell Boys",
        "--weapon",
        "stg",
        "--monte-carlo",
        "2000",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let exact = v["mean"].as_f64().unwrap();
    let mc = v["monte_carlo"]["mean"].as_f64().unwrap();
    // Standard deviation of 4 dice: sqrt(8/9); 5 standard errors.
    assert!((exact - mc).abs() < 5.0 * (8.0f64 / 9.0).sqrt() / 2000f64.sqrt(), "{exact} vs {mc}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("P(at least k)"));
}

/// P(k) for min(5, hits of `n` dice at 1/3).
fn capped_binomial(n: usize) -> Vec<f64> {
    let mut v = vec![1.0];
    for _ in 0..n {
        let mut w = vec![0.0; v.len() + 1];
        for (k, &x) in v.iter().enumerate() {
            w[k] += x * 2.0 / 3.0;
            w[k + 1] += x / 3.0;
        }
        v = w;
    }
    let mut out = v[..5.min(v.len())].to_vec();
    out.resize(5, 0.0);
    out.push(v.iter().skip(5).sum());
    out
}

#[test]
fn weapons_resolve_in_the_order_given() {
    // The Flammenwerfer rolls one die per targeted miniature: fired first it burns all five
    // Hell Boys' worth of dice, fired after the StG 47 only those left.
    let first = json(&[
        "--attacker",
        "Sturmpioniere",
        "--target",
        "Hell Boys",
        "--weapon",
        "Flamm",
        "--weapon",
        "StG",
    ]);
    let names: Vec<&str> = first["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert!(names[0].starts_with("Flammenwerfer") && names[1] == "StG 47", "{names:?}");
    assert_eq!(first["lines"][0]["dice"], 5);
    // 5 flame dice then 4 StG dice: min(5, hits of 9 dice).
    let want = capped_binomial(9);
    let loss = probs(&first["loss"]);
    for (k, w) in want.iter().enumerate() {
        assert!((loss[k] - w).abs() < 1e-12, "flame first: P({k}) = {} not {w}", loss[k]);
    }
    let after = json(&[
        "--attacker",
        "Sturmpioniere",
        "--target",
        "Hell Boys",
        "--weapon",
        "StG",
        "--weapon",
        "Flamm",
    ]);
    // 4 StG dice kill k, then 5 - k flame dice: mean 4/3 + (5 - 4/3)/3 = 23/9.
    assert!((after["mean"].as_f64().unwrap() - 23.0 / 9.0).abs() < 1e-12, "{}", after["mean"]);
    assert_eq!(after["lines"][0]["name"], "StG 47");
    assert!(first["mean"].as_f64().unwrap() > after["mean"].as_f64().unwrap() + 0.3);
    // No --weapon: card order (StG 47, Panzerfaust, Flammenwerfer, then close combat).
    let all = json(&["--attacker", "Sturmpioniere", "--target", "Hell Boys"]);
    assert_eq!(all["lines"][0]["name"], "StG 47");
    // The player chooses the order in which weapon lines fire (tactics-revised-faq.md, "How
    // can a unit split fire"): --monte-carlo plays the order given with the engine.
    let o = run(&[
        "--attacker",
        "Sturmpioniere",
        "--target",
        "Hell Boys",
        "--weapon",
        "Flamm",
        "--weapon",
        "StG",
        "--monte-carlo",
        "10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Issue 10: `--edition battlefront` plays the battlefront cards, dice and saves
/// (tactics-battlefront-2013-rules.txt, "6) Roll Saves", "Blast Weapons", "Automatic Kill
/// Weapons"), and `--monte-carlo` plays the same attack with the battlefront engine.
#[test]
fn battlefront_edition_odds() {
    // The Sulphur Thrower is an automatic kill against Lara's infantry armour 3 (the book's
    // Damage Resilient example), a spray weapon: no save.
    let v = json(&bf("Fakyeli", "Lara", &["--weapon", "Sulphur"]));
    assert_eq!(v["edition"], "battlefront");
    assert_eq!(v["lines"][0]["value"], "B1/K");
    let loss = probs(&v["loss"]);
    // One die (one model targeted), a hit on 1/3; Damage Resilient rolls one die per cross
    // marked off (4), each army symbol saving one.
    let p_miss = 2.0 / 3.0;
    assert!(
        (loss[0] - (p_miss + (1.0 / 3.0) * (1.0f64 / 3.0).powi(4))).abs() < 1e-12,
        "{loss:?}"
    );
    // Infantry cover save against the shotguns: 1/3 × 1/3 per die.
    let v = json(&bf("Fakyeli", "Grim Reapers", &["--weapon", "Shotgun", "--cover", "soft"]));
    let mean = v["lines"][0]["mean_after_cover"].as_f64().expect("a mean");
    let dice = v["lines"][0]["dice"].as_f64().expect("dice");
    assert!((mean - dice / 9.0).abs() < 1e-9, "{mean} vs {dice}/9");
    // The engine agrees.
    let out = human(&bf("Fakyeli", "Lara", &["--monte-carlo", "2000"]));
    assert!(out.contains("battlefront edition"), "{out}");
}

/// Issue 10: `--hero` joins a hero to the battlefront target squad
/// (tactics-battlefront-2013-rules.txt, "Joining Infantry Squads"; the Fakyeli, Lara and Heavy
/// Laser Grenadiers of "Damage Resilient"): the blast counts him as one more model, the JSON
/// gives his losses next to the squad's, and the engine agrees.
#[test]
fn battlefront_joined_hero_odds() {
    let args = bf("Fakyeli", "Heavy Laser Grenadiers", &["--hero", "Lara", "--weapon", "Sulphur"]);
    let v = json(&args);
    assert_eq!(v["lines"][0]["dice"], 4, "three grenadiers and Lara");
    let hero = &v["hero"];
    assert_eq!(hero["name"], "Lara");
    assert_eq!(hero["health"], 4);
    assert_eq!(hero["takes"], "last");
    let loss = probs(&v["loss"]);
    let hero_loss = probs(&hero["loss"]);
    assert_eq!(loss.len(), 4, "the squad's miniatures, 0 to 3");
    assert_eq!(hero_loss.len(), 5, "Lara's health, 0 to 4");
    assert!((hero_loss.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // The joint distribution's margins are the two losses.
    let joint = joint_of(hero, &loss);
    for (h, p) in hero_loss.iter().enumerate() {
        assert!((joint.iter().map(|r| r[h]).sum::<f64>() - p).abs() < 1e-12, "hero {h}");
    }
    // Miniatures first: Lara is hit only with all three grenadiers gone; the automatic kill
    // marks off her four crosses, with no Damage Resilient (the hits left go to her at once).
    assert!(hero_loss[1..4].iter().all(|&p| p.abs() < 1e-15), "{hero_loss:?}");
    assert!((hero["destroyed"].as_f64().unwrap() - hero_loss[4]).abs() < 1e-12);
    assert!((hero["both_destroyed"].as_f64().unwrap() - joint[3][4]).abs() < 1e-12);
    // Without a hero the same blast rolls three dice.
    let alone = json(&plus(&args[..6], &args[8..]));
    assert_eq!(alone["lines"][0]["dice"], 3);
    assert!(alone["hero"].is_null());
    // Hero first, wounded: her two crosses left go at the first hit she takes.
    let first = plus(&args, &["--hero-takes", "first", "--hero-health", "2"]);
    let f = json(&first);
    assert_eq!(f["hero"]["takes"], "first");
    assert_eq!(probs(&f["hero"]["loss"]).len(), 3);
    assert!(f["hero"]["destroyed"].as_f64().unwrap() > hero["destroyed"].as_f64().unwrap());
    // The engine agrees (seeded Monte Carlo with the hero joined).
    let m = json(&plus(&first, &["--monte-carlo", "4000", "--seed", "3"]));
    let engine = probs(&m["monte_carlo"]["hero_loss"]);
    assert_engine_agrees("hero loss", &probs(&m["hero"]["loss"]), &engine, 4000.0);
    // The human output names the hero and his losses.
    let out = human(&first);
    assert!(out.contains("joined hero: Lara (2 of 4 health"), "{out}");
    assert!(out.contains("health lost by the joined hero Lara"), "{out}");
}

#[test]
fn joined_hero_errors() {
    // Another armour: "a hero joins a squad of his own armour".
    refused(&bf("Fakyeli", "Heavy Laser Grenadiers", &["--hero", "Koshka"]), "own armour");
    // The revised edition.
    refused(
        &["--attacker", "Hell Boys", "--target", "Heavy Laser Grenadiers", "--hero", "Lara"],
        "battlefront edition only",
    );
    // Health out of range.
    refused(
        &bf("Fakyeli", "Heavy Laser Grenadiers", &["--hero", "Lara", "--hero-health", "5"]),
        "--hero-health 5",
    );
}

/// Issue 10: `--also` puts other units on a spray's path (tactics-battlefront-2013-rules.txt,
/// "Spray Weapons": "Spray weapons are Blast Weapons that attack all units, even friendly units,
/// in squares between the attacking unit and the target unit"; the book's example: "If it
/// targeted the Ludwig, it could fire through both the Recon Grenadiers and the Heavy Laser
/// Grenadiers to hit it"). The Fireball's Napalm Thrower is a blast against soldiers, one die
/// per model with no save: the five Recon Grenadiers lose Binomial(5, 1/3); the engine agrees.
#[test]
fn battlefront_spray_path_victims() {
    let args = bf(
        "Fireball",
        "Ludwig",
        &["--also", "Recon Grenadiers", "--also", "Heavy Laser Grenadiers"],
    );
    let v = json(&args);
    let victims = v["victims"].as_array().expect("victims");
    assert_eq!(victims.len(), 2);
    assert_eq!(victims[0]["name"], "Recon Grenadiers");
    assert_eq!(victims[1]["name"], "Heavy Laser Grenadiers");
    assert_eq!(victims[0]["lines"][0]["dice"], 5, "one die per model");
    let recon = probs(&victims[0]["loss"]);
    let p: f64 = 1.0 / 3.0;
    for (k, &x) in recon.iter().enumerate() {
        let c = [1.0, 5.0, 10.0, 10.0, 5.0, 1.0][k];
        let want = c * p.powi(k as i32) * (1.0 - p).powi(5 - k as i32);
        assert!((x - want).abs() < 1e-12, "P({k}) = {x} not {want}");
    }
    for vic in victims {
        assert!((probs(&vic["loss"]).iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let d = vic["destroyed"].as_f64().unwrap();
        assert!((d - *probs(&vic["loss"]).last().unwrap()).abs() < 1e-12);
    }
    // Default lines with units on the path: no close combat (the target is out of reach).
    assert!(v["lines"].as_array().unwrap().iter().all(|l| l["close_combat"] == false));
    // Fewer miniatures, fewer dice: `NAME:N`.
    let mut three = args.clone();
    three[7] = "Recon Grenadiers:3";
    assert_eq!(json(&three)["victims"][0]["lines"][0]["dice"], 3);
    // The engine sprays the same path.
    let m = json(&plus(&args, &["--monte-carlo", "4000", "--seed", "5"]));
    for i in 0..2 {
        let engine = probs(&m["monte_carlo"]["victims"][i]);
        let exact = probs(&m["victims"][i]["loss"]);
        assert_engine_agrees(&format!("victim {i} loss"), &exact, &engine, 4000.0);
    }
    // The human output has a table per unit on the path.
    let out = human(&args);
    assert!(out.contains("on the spray's path: Recon Grenadiers (5 miniatures"), "{out}");
    assert!(out.contains("on the spray's path: Heavy Laser Grenadiers"), "{out}");
}

#[test]
fn spray_path_errors() {
    let with = |extra: &[&str], want: &str| refused(&bf("Fireball", "Ludwig", extra), want);
    // An unknown unit: the closest name as a hint.
    let o = run(&bf("Fireball", "Ludwig", &["--also", "Recon Grenadier"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--also") && stderr(&o).contains("Recon Grenadiers"),
        "{}",
        stderr(&o)
    );
    // Three units on a path of two squares (range 3).
    with(
        &["--also", "Recon Grenadiers", "--also", "Lara", "--also", "Heavy Laser Grenadiers"],
        "at most 2 square",
    );
    // Miniatures out of range.
    with(&["--also", "Recon Grenadiers:9"], "1 to 5");
    // No spray line: the unit is on no spray path.
    refused(
        &bf("Heavy Laser Grenadiers", "Ludwig", &["--weapon", "Schwere", "--also", "Lara"]),
        "no spray path",
    );
}

/// Issue 10, battlefront "Weapons with Two Lines" and "Improvised Close-Combat Weapons": a
/// prefix choosing both lines of a weapon fires the better (here the burst: three dice, each
/// kept with 1/3 × 2/3 after the infantry save), a full line name fires that line; the
/// Improvised Weapons line (one die per soldier) is chosen by name where the engine offers it
/// (the Heavy Laser Grenadiers' knives cannot hurt Ludwig), and refused where it does not.
#[test]
fn battlefront_two_lines_and_improvised_weapons() {
    let v = json(&bf(GUNNER, "Recon Grenadiers", &["--weapon", "Rifle"]));
    assert_eq!(v["lines"].as_array().unwrap().len(), 1);
    assert_eq!(v["lines"][0]["name"], "Rifle (burst)");
    assert!(
        v["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().contains("Weapons with Two Lines")),
        "{}",
        v["notes"]
    );
    let loss = probs(&v["loss"]);
    let q: f64 = 2.0 / 9.0;
    assert!((loss[0] - (1.0 - q).powi(3)).abs() < 1e-12, "{loss:?}");
    let v = json(&bf(GUNNER, "Recon Grenadiers", &["--weapon", "rifle (at)"]));
    assert_eq!(v["lines"][0]["name"], "Rifle (AT)");
    assert_eq!(v["lines"][0]["dice"], 1);
    // Against a vehicle the better line is the other.
    let v = json(&bf(GUNNER, "Ludwig", &["--weapon", "Rifle"]));
    assert_eq!(v["lines"][0]["name"], "Rifle (AT)");
    // Improvised weapons.
    let imp = bf("Heavy Laser Grenadiers", "Ludwig", &["--weapon", "Improvised"]);
    let v = json(&imp);
    assert_eq!(v["lines"][0]["name"], "Improvised Weapons");
    assert_eq!(v["lines"][0]["dice"], 3, "one die per soldier");
    assert_eq!(v["close_combat"], true);
    let loss = probs(&v["loss"]);
    assert!((loss[0] - 8.0 / 27.0).abs() < 1e-12, "{loss:?}");
    // The default lines take it where the engine offers it.
    let v = json(&imp[..6]);
    assert!(v["lines"].as_array().unwrap().iter().any(|l| l["name"] == "Improvised Weapons"));
    // Not offered against soldiers the knives can hurt.
    let mut no = imp.clone();
    no[5] = "Recon Grenadiers";
    refused(&no, "offered only when");
    // The engine agrees on the improvised attack.
    human(&plus(&imp, &["--monte-carlo", "3000"]));
}

/// Issue 10: `--attacker-hero` joins a hero to the attacking squad. The revised Berserk example
/// (tactics-revised-core-rules.md, "Berserk": "Sigrid has joined a Laser Grenadiers unit … they
/// perform a SUSTAINED ATTACK, combined with Sigrid's Berserk skill, against the Hell Boys who are
/// two spaces away … The Axis player rolls eight total dice (three for Sigrid's Laser-Pistole-B and
/// one for each Laser Gewehr and Laser Werfer)"), with the shipped cards: her line is number 32, as
/// in the engine's `aim 32 …`; by hand, each of the eight dice adds 0 with (2/3)³ and k ≥ 1
/// with (1 − (2/3)³)(1/3)^(k−1)(2/3), capped at the five Hell Boys. In close combat the Hell Boys'
/// retaliation is shared between the squad and her (`--attacker-hero-takes`), and the engine agrees
/// (seeded Monte Carlo); the battlefront edition likewise ("Heroes, being heroic, can use all of
/// their weapons at the same time").
#[test]
fn attacker_hero_odds() {
    let args = [
        "--attacker",
        "Laser Grenadiers",
        "--attacker-hero",
        "Sigrid",
        "--target",
        "Hell Boys",
        "--sustained",
        "--skill",
        "berserk",
        "--distance",
        "2",
    ];
    let v = json(&args);
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(
        lines.iter().map(|l| l["dice"].as_u64().unwrap()).sum::<u64>(),
        8,
        "eight total dice"
    );
    let hers = lines.iter().find(|l| l["unit"] == "Sigrid").expect("her line");
    assert_eq!(
        (hers["name"].as_str(), hers["index"].as_u64(), hers["dice"].as_u64()),
        (Some("Laser-Pistole-B"), Some(32), Some(3))
    );
    let q = 1.0 - (2.0f64 / 3.0).powi(3);
    let mut die = vec![1.0 - q];
    for k in 1..80 {
        die.push(q * (1.0f64 / 3.0).powi(k - 1) * 2.0 / 3.0);
    }
    let mut total = vec![1.0];
    for _ in 0..8 {
        let mut next = vec![0.0; total.len() + die.len() - 1];
        for (i, x) in total.iter().enumerate() {
            for (j, y) in die.iter().enumerate() {
                next[i + j] += x * y;
            }
        }
        total = next;
    }
    let loss = probs(&v["loss"]);
    for (k, p) in loss.iter().enumerate() {
        let want: f64 = if k < 5 { total[k] } else { total[5..].iter().sum() };
        assert!((p - want).abs() < 1e-9, "P({k}) = {p} vs {want}");
    }
    let hero = &v["attacker_hero"];
    assert_eq!(
        (hero["name"].as_str(), hero["health"].as_u64(), hero["takes"].as_str()),
        (Some("Sigrid"), Some(3), Some("last"))
    );
    assert_eq!(probs(&hero["loss"]), [1.0, 0.0, 0.0, 0.0], "nothing comes back at range");
    assert!(v["hero"].is_null(), "no hero with the target");
    // Close combat, two grenadiers left, Sigrid first: the retaliation's points go to her first.
    let cc = [
        "--attacker",
        "Laser Grenadiers",
        "--alive",
        "2",
        "--attacker-hero",
        "Sigrid",
        "--attacker-hero-takes",
        "first",
        "--target",
        "Hell Boys",
        "--weapon",
        "Knife",
        "--monte-carlo",
        "4000",
        "--seed",
        "5",
    ];
    let m = json(&cc);
    assert!(m["close_combat"].as_bool().unwrap());
    let exact = probs(&m["attacker_hero"]["loss"]);
    assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(exact[0] < 0.9, "she takes the points first: {exact:?}");
    let engine = probs(&m["monte_carlo"]["attacker_hero_loss"]);
    assert_engine_agrees("her loss", &exact, &engine, 4000.0);
    // The joint distribution's margins are the squad's and her losses.
    joint_of(&m["attacker_hero"], &probs(&m["attacker_loss"]));
    // The human output names her lines and her losses.
    let out = human(&cc[..12]);
    assert!(out.contains("hero joined to Laser Grenadiers: Sigrid (3 of 3 health)"), "{out}");
    assert!(
        out.contains("health lost by Sigrid, joined to Laser Grenadiers, to the retaliation"),
        "{out}"
    );
    // Battlefront: Lara fires both her MG 44 Zwei with all their dice, the Heavy Laser
    // Grenadiers one weapon a soldier; the engine agrees.
    let b = json(&bf(
        "Heavy Laser Grenadiers",
        "Recon Grenadiers",
        &["--attacker-hero", "Lara", "--monte-carlo", "4000", "--seed", "6"],
    ));
    let lara: Vec<&serde_json::Value> = b["lines"].as_array().unwrap().iter().filter(|l| l["unit"] == "Lara").collect();
    assert!(lara.iter().filter(|l| l["name"] == "MG 44 Zwei").count() == 2, "{lara:?}");
    for (what, e, m) in [
        ("target", probs(&b["loss"]), probs(&b["monte_carlo"]["loss"])),
        ("squad", probs(&b["attacker_loss"]), probs(&b["monte_carlo"]["attacker_loss"])),
        (
            "Lara",
            probs(&b["attacker_hero"]["loss"]),
            probs(&b["monte_carlo"]["attacker_hero_loss"]),
        ),
    ] {
        assert_engine_agrees(what, &e, &m, 4000.0);
    }
}

/// `--attacker-hero` errors (tactics-revised-core-rules.md, "Heroes": "a hero can join a squad as
/// long as the hero shares the squad's armor class"), each with status 2: an unknown name (with the
/// closest as a hint), a hero of another armour, a unit that is not a hero, an attacker that is not
/// a squad, his health out of range.
#[test]
fn attacker_hero_errors() {
    let base = ["--attacker", "Laser Grenadiers", "--target", "Hell Boys"];
    for (extra, want) in [
        (&["--attacker-hero", "Sigrd"][..], "Did you mean `Sigrid`?"),
        (
            &["--attacker-hero", "Rhino"][..],
            "may not join the attacking squad Laser Grenadiers: a hero joins only a squad of his own armour",
        ),
        (&["--attacker-hero", "Sturmpioniere"][..], "is not a hero"),
        (
            &["--attacker-hero", "Sigrid", "--attacker-hero-health", "4"][..],
            "--attacker-hero-health 4",
        ),
    ] {
        refused(&plus(&base, extra), want);
    }
    refused(
        &["--attacker", "Ludwig", "--attacker-hero", "Sigrid", "--target", "Hell Boys"],
        "not an infantry squad",
    );
}

/// Issue 10, `--weapon NAME:N` (tactics-battlefront-2013-rules.txt, "Soldiers with Several
/// Weapons": "Each surviving soldier in an Infantry Squad can only use one Ranged Weapon … If they
/// have several Ranged Weapons available to them, they must choose which one they will use";
/// docs/rulings.md, "Battlefront soldiers with several weapons"): the number of soldiers firing a
/// line, as the engine's `aim 0 u1 1`. Without a number the M1s take all four rangers and the
/// Thompsons none; with one M1 the three others fire their Thompsons: 1 + 6 dice at the Recon
/// Grenadiers in the open, each kept with 1/3 × 2/3 (army symbol, failed infantry save), by
/// hand Binomial(7, 2/9) capped at 5; the engine playing `aim 0 u1 1` agrees (seeded). The JSON
/// shows each line's number (`count`, `count_given`) and the soldiers firing it (`firers`).
#[test]
fn battlefront_soldier_counts() {
    let with = |extra: &[&'static str]| bf(RANGERS, "Recon Grenadiers", extra);
    let line = |v: &serde_json::Value, i: usize, field: &str| v["lines"][i][field].clone();
    let v = json(&with(&["--weapon", "M1", "--weapon", "Thompson"]));
    assert_eq!((line(&v, 0, "dice"), line(&v, 1, "dice")), (4.into(), 0.into()));
    assert_eq!((line(&v, 0, "firers"), line(&v, 1, "firers")), (4.into(), 0.into()));
    assert_eq!(line(&v, 0, "count_given"), false);
    let one = with(&["--weapon", "M1:1", "--weapon", "Thompson"]);
    let v = json(&one);
    assert_eq!((line(&v, 0, "name"), line(&v, 1, "name")), ("M1".into(), "Thompson".into()));
    assert_eq!((line(&v, 0, "dice"), line(&v, 1, "dice")), (1.into(), 6.into()));
    assert_eq!((line(&v, 0, "count"), line(&v, 1, "count")), (1.into(), 0.into()));
    assert_eq!(
        (line(&v, 0, "count_given"), line(&v, 1, "count_given")),
        (true.into(), false.into())
    );
    assert_eq!((line(&v, 0, "firers"), line(&v, 1, "firers")), (1.into(), 3.into()));
    let loss = probs(&v["loss"]);
    let q: f64 = 2.0 / 9.0;
    let c = |n: u64, k: u64| (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    let want: Vec<f64> = (0..=5u64)
        .map(|k| {
            let b = |k: u64| c(7, k) * q.powi(k as i32) * (1.0 - q).powi(7 - k as i32);
            if k < 5 {
                b(k)
            } else {
                (5..=7).map(b).sum()
            }
        })
        .collect();
    assert_eq!(loss.len(), 6);
    for (k, (x, w)) in loss.iter().zip(&want).enumerate() {
        assert!((x - w).abs() < 1e-12, "P({k}) = {x}, by hand {w}");
    }
    // The engine plays `aim 0 u1 1`, `aim 1 u1 0`.
    let m = json(&plus(&one, &["--monte-carlo", "4000", "--seed", "4"]));
    assert_engine_agrees("loss", &loss, &probs(&m["monte_carlo"]["loss"]), 4000.0);
    // Three M1s, one Thompson; the human output gives the number.
    let v = json(&with(&["--weapon", "M1:3", "--weapon", "Thompson"]));
    assert_eq!((line(&v, 0, "dice"), line(&v, 1, "dice")), (3.into(), 2.into()));
    let out = human(&one);
    assert!(out.contains("M1 ×1"), "{out}");
    // A limited-ammo line's number is the soldiers firing it (the Recon Grenadiers' two
    // Panzerfausts: two StG 47s left).
    let v = json(&bf(
        "Recon Grenadiers",
        "Grim Reapers",
        &["--weapon", "StG", "--weapon", "Panzerfaust:2"],
    ));
    assert_eq!((line(&v, 0, "dice"), line(&v, 1, "dice")), (2.into(), 2.into()));
    assert_eq!((line(&v, 0, "firers"), line(&v, 1, "firers")), (2.into(), 2.into()));
}

/// Issue 10: the numbers `--weapon NAME:N` refuses, as the engine refuses them (status 2, the
/// numbers the line may take): more soldiers than are free, a number on a line that takes none
/// (the last of the rangers' lines, a crew line with no other crew line after it, any line in
/// the revised edition), a malformed or zero number; and a vehicle's limited-ammo line with two
/// weapons ("Limited-Ammo Weapons"; docs/rulings.md, "Battlefront limited ammo": "a hero, vehicle
/// or support weapon with its one weapon"), whether by `NAME:2` or `--skill ammo=2`.
#[test]
fn soldier_count_errors() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            bf(RANGERS, "Recon Grenadiers", &["--weapon", "M1:5", "--weapon", "Thompson"]),
            "--weapon M1:5: M1 may fire at Recon Grenadiers with at most 4, not 5: one of 0, 1, 2, 3, 4",
        ),
        (
            bf(RANGERS, "Recon Grenadiers", &["--weapon", "M1:1", "--weapon", "Thompson:2"]),
            "Thompson fires at Recon Grenadiers with every soldier (or damage point) still free and takes no number",
        ),
        (
            bf("Recon Grenadiers", "Grim Reapers", &["--weapon", "Panzerfaust:3"]),
            "Panzerfaust may fire at Grim Reapers with at most 2, not 3: one of 1, 2",
        ),
        (
            bf("Recon Grenadiers", "Grim Reapers", &["--weapon", "StG:2"]),
            "a number is offered only where its soldiers could fire a later line instead",
        ),
        (
            bf("Red Rain", "Grim Reapers", &["--weapon", "PPSh:2"]),
            "takes no number",
        ),
        (
            bf(RANGERS, "Recon Grenadiers", &["--weapon", "M1:x"]),
            "--weapon M1:x: `x` is not a number",
        ),
        (
            bf(RANGERS, "Recon Grenadiers", &["--weapon", "M1:"]),
            "is not a number",
        ),
        (
            bf(RANGERS, "Recon Grenadiers", &["--weapon", "M1:0"]),
            "the number must be from 1 to 255, not 0",
        ),
        (
            bf(RANGERS, "Recon Grenadiers", &["--weapon", "M1:1", "--weapon", "M1:2"]),
            "already has the number 1",
        ),
        (
            bf(ROCKET_CAR, "Recon Grenadiers", &["--weapon", "Rockets:2"]),
            "Rockets may fire at Recon Grenadiers with at most 1, not 2: one of 1; a hero, a vehicle or a support weapon fires its one weapon",
        ),
        (
            bf(ROCKET_CAR, "Recon Grenadiers", &["--skill", "ammo=2"]),
            "with at most 1, not 2",
        ),
        (
            vec!["--attacker", "Recon Grenadiers", "--target", "Hell Boys", "--weapon", "StG:2"],
            "in the revised edition only limited-ammo and Volley lines take a number",
        ),
    ];
    for (args, want) in cases {
        refused(&args, want);
    }
    // One rocket: the card's two dice, and the engine agrees.
    let v = json(&bf(
        ROCKET_CAR,
        "Recon Grenadiers",
        &["--weapon", "Rockets:1", "--monte-carlo", "3000"],
    ));
    assert_eq!(v["lines"][0]["dice"], 2);
    assert!(v["lines"][0]["firers"].is_null(), "a vehicle's own weapon is not shared out");
    assert_engine_agrees("loss", &probs(&v["loss"]), &probs(&v["monte_carlo"]["loss"]), 3000.0);
}

/// Issue 20: `--living` names which miniatures of a squad are alive, as a game has them after
/// the defender chose the casualties ("Performing Attacks": each miniature fires its own
/// weapons). The Death Dealers (m0–m2 Victory MGs, m3–m4 Bazookas) reduced to their bazooka
/// men hurt Hans; the first two miniatures of the card (two MGs, no effect on a vehicle) would
/// not.
#[test]
fn living_names_the_miniatures_that_survive() {
    let bazookas = json(&["--attacker", "Death Dealers", "--target", "Hans", "--living", "m3,m4"]);
    let first_two = json(&["--attacker", "Death Dealers", "--target", "Hans", "--alive", "2"]);
    let p = probs(&bazookas["loss"]);
    // Two Bazookas at 1/3: each hits on one die (1/3), a hit costs Hans 3 health points.
    assert!((p[0] - 4.0 / 9.0).abs() < 1e-9, "{p:?}");
    assert!(bazookas["destroyed"].as_f64().unwrap() > 0.5, "{bazookas}");
    assert!(first_two["destroyed"].as_f64().unwrap_or(0.0) == 0.0, "{first_two}");
    // Plain numbers work as well as m-names.
    assert_eq!(
        json(&["--attacker", "Death Dealers", "--target", "Hans", "--living", "3,4"])["loss"],
        bazookas["loss"]
    );
    refused(
        &["--attacker", "Death Dealers", "--target", "Hans", "--living", "m7"],
        "has miniatures m0 to m4",
    );
    refused(
        &["--attacker", "Death Dealers", "--target", "Hans", "--living", "x"],
        "not a miniature number",
    );
    refused(
        &["--attacker", "Hans", "--target", "Death Dealers", "--living", "m0"],
        "is not a squad",
    );
}
