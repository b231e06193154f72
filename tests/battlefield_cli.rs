//! `dust1947 battlefield …` run as a user would: the oracles' JSON on a small table whose
//! answers follow from tactics-battlefield-summary.md by hand, the checker's messages and exit
//! codes, and the drawing.

mod common;

use common::{run, stderr, stdout, temp_file};

const T: &str = "tests/fixtures/battlefield/oracle.toml";

/// The JSON a command printed.
fn json(o: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("not JSON ({e}): {}{}", stdout(o), stderr(o)))
}

fn bf(args: &[&str]) -> std::process::Output {
    let mut v = vec!["battlefield"];
    v.extend_from_slice(args);
    run(&v)
}

/// "2. Check Range": 25 mm bases 22.5 cm apart centre to centre are 20 cm apart, range 2;
/// "Close Combat (C) … within 5cm": 4 cm apart is close, range 1.
#[test]
fn measure_reports_distance_range_band_and_close_combat() {
    let o = bf(&["measure", T, "Hell Boys", "Laser Grenadiers", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["distance_cm"], 20.0);
    assert_eq!(v["range"], 2);
    assert_eq!(v["close"], false);
    let v = json(&bf(&["measure", T, "bot hunters", "Sturmpioniere", "--json"]));
    assert_eq!(
        (v["distance_cm"].as_f64(), v["range"].as_u64(), v["close"].as_bool()),
        (Some(4.0), Some(1), Some(true))
    );
}

/// "3. Check Line of Sight": a wall blocks every line (no LOS: in cover); woods hide a
/// miniature more than 10 cm inside; the per-miniature table has every pair.
#[test]
fn los_reports_every_pair_and_why() {
    let v = json(&bf(&["los", T, "Hell Boys", "Recon Grenadiers", "--json"]));
    assert_eq!(v["los"], false);
    assert_eq!(v["cover"], true);
    assert_eq!(v["miniatures"].as_array().map(Vec::len), Some(25));
    assert!(v["reason"].as_str().unwrap_or("").contains("Yard Wall"), "{}", v["reason"]);
    let v = json(&bf(&["los", T, "Bot Hunters", "Lara", "--json"]));
    assert_eq!(v["los"], false);
    assert!(v["reason"].as_str().unwrap_or("").contains("inside Copse"), "{}", v["reason"]);
    let v = json(&bf(&["los", T, "Hell Boys", "Laser Grenadiers", "--json"]));
    assert_eq!((v["los"].as_bool(), v["cover"].as_bool()), (Some(true), Some(false)));
    let m0 = &v["miniatures"][0];
    assert_eq!(
        (m0["attacker"].as_u64(), m0["target"].as_u64(), m0["los"].as_bool()),
        (Some(0), Some(0), Some(true))
    );
}

/// "Blast Weapons" and "Flame Weapons": who is under the template and can be hit, per unit.
#[test]
fn templates_list_the_miniatures_they_hit_per_unit() {
    let v = json(&bf(&["template", T, "--blast", "16,32.5", "--json"]));
    assert_eq!(v["template"], "blast");
    assert_eq!(v["units"][0]["unit"], "Laser Grenadiers");
    assert_eq!(v["units"][0]["miniatures"], serde_json::json!([0, 1, 2, 3, 4]));
    assert_eq!(v["hits"], 5);
    let v = json(&bf(&["template", T, "--flame", "Sturmpioniere:0,70,10", "--json"]));
    assert_eq!(v["template"], "flame");
    let u = &v["units"][0];
    assert_eq!(u["unit"], "Bot Hunters");
    let hit: Vec<u64> = u["miniatures"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|x| x.as_u64())
        .collect();
    assert!(hit.contains(&0) && !hit.contains(&2), "{hit:?}");
    let o = bf(&["template", T, "--flame", "Sturmpioniere:9,70,10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("miniatures 0 to 4"), "{}", stderr(&o));
}

/// "MOVE & MARCH MOVE ACTIONS" and "Terrain": allowance of 10 cm a point, the terrain cap,
/// walking round a wall, and why not.
#[test]
fn path_answers_can_it_end_there_how_far_and_why_not() {
    let v = json(&bf(&["path", T, "Hell Boys:0", "10,25", "--move", "1", "--json"]));
    assert_eq!(v["legal"], false);
    assert!(
        v["reason"].as_str().unwrap_or("").contains("more than the 10.0 cm allowed"),
        "{}",
        v["reason"]
    );
    let v = json(&bf(&["path", T, "Hell Boys:0", "10,25", "--move", "2", "--json"]));
    assert_eq!((v["legal"].as_bool(), v["length_cm"].as_f64()), (Some(true), Some(15.0)));
    // Legal for this miniature; the squad would need its others to follow.
    assert_eq!(v["coherent"], false);
    assert!(
        v["coherency"].as_str().unwrap_or("").contains("coherency is 15 cm"),
        "{}",
        v["coherency"]
    );
    let v = json(&bf(&["path", T, "Bot Hunters:4", "82,35", "--move", "3", "--json"]));
    assert_eq!(v["legal"], false);
    assert!(v["reason"].as_str().unwrap_or("").contains("at most 20 cm"), "{}", v["reason"]);
    let v = json(&bf(&["path", T, "Bot Hunters:4", "82,35", "--move", "3", "--march", "--json"]));
    assert_eq!(v["legal"], true);
    assert_eq!(v["terrain"], serde_json::json!(["Copse"]));
    let v = json(&bf(&["path", T, "Hell Boys:0", "10,45", "--move", "4", "--march", "--json"]));
    assert_eq!(v["legal"], true);
    let len = v["length_cm"].as_f64().unwrap_or(0.0);
    assert!(len > 60.0 && len <= 80.0, "round the wall's end: {len}");
    assert!(v["path"].as_array().map_or(0, Vec::len) >= 2);
}

/// `check`: every problem as FILE:LINE:COL, exit 2; a good file exits 0.
#[test]
fn check_lists_every_problem_and_exits_2() {
    let o = bf(&["check", T]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("no problems"));
    let bad = "tests/fixtures/battlefield/bad-table.toml";
    let o = bf(&["check", bad]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().filter(|l| l.starts_with(&format!("{bad}:"))).count(), 12, "{err}");
    let p = temp_file("syntax.toml", b"name = \"x\nsize = [1, 2]\n");
    let o = bf(&["check", &p.display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(":1:"), "{}", stderr(&o));
}

/// Unknown unit names get a did-you-mean and the list of units.
#[test]
fn unknown_units_are_named_with_a_hint() {
    let o = bf(&["measure", T, "Hell Boyz", "Lara", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("did you mean `Hell Boys`?") && e.contains("its units are"), "{e}");
}

/// `show --svg`: the table drawn with terrain, units, objectives and their 10 cm rings.
#[test]
fn show_draws_the_table() {
    let out = std::env::temp_dir().join(format!("dust1947-bf-{}.svg", std::process::id()));
    let o = bf(&["show", T, "--svg", &out.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).expect("written");
    let _ = std::fs::remove_file(&out);
    assert!(svg.starts_with("<svg"));
    for s in [
        "Yard Wall",
        "Copse",
        "Hell Boys",
        "class=\"objective-ring\"",
        "r=\"10\"",
        "class=\"hull\"",
        "terrain woods",
    ] {
        assert!(svg.contains(s), "no {s}");
    }
}

/// Every shipped table checks clean through the binary.
#[test]
fn shipped_tables_check() {
    for e in std::fs::read_dir("data/battlefield/tables").expect("folder") {
        let p = e.expect("entry").path();
        let o = bf(&["check", &p.display().to_string()]);
        assert_eq!(o.status.code(), Some(0), "{}: {}", p.display(), stderr(&o));
    }
}

/// "BARBED WIRE ENTANGLEMENTS": "An infantry unit rolls a die when attempting to move into,
/// through, or out of a barbed wire entanglement"; "Terrain": vehicles roll to move into
/// terrain. `path` names the rolls a legal move calls for; a hull turned with `--facing` can
/// reach terrain its path did not.
#[test]
fn path_names_the_rolls_a_move_calls_for() {
    let z = "data/battlefield/tables/zhytomyr-crossroads.toml";
    let v = json(&bf(&["path", z, "Hell Boys:0", "50,19", "--move", "1", "--json"]));
    assert_eq!(v["legal"], true);
    assert_eq!(v["hazards"], serde_json::json!(["Wire Belt"]));
    assert!(v["rolls"][0].as_str().unwrap_or("").contains("barbed wire"), "{}", v["rolls"]);
    let straight = json(&bf(&["path", z, "Pounder:0", "100,22", "--move", "2", "--json"]));
    assert_eq!(straight["terrain"], serde_json::json!([]));
    let turned = json(&bf(&["path", z, "Pounder:0", "100,22", "--move", "2", "--facing", "-45", "--json"]));
    assert_eq!(turned["terrain"], serde_json::json!(["Supply Dump"]));
    assert!(turned["rolls"][0].as_str().unwrap_or("").contains("tracked"), "{}", turned["rolls"]);
}

/// `show --los A B --blast X,Y --path UNIT:I X,Y --move N`: the query's answer drawn over the
/// table (clear lines green, blocked ones red, the template, the path).
#[test]
fn show_draws_a_query_over_the_table() {
    let out = std::env::temp_dir().join(format!("dust1947-bf-q-{}.svg", std::process::id()));
    let o = bf(&[
        "show",
        T,
        "--svg",
        &out.display().to_string(),
        "--los",
        "Hell Boys",
        "Recon Grenadiers",
        "--blast",
        "16,32.5",
        "--path",
        "Hell Boys:0",
        "10,45",
        "--move",
        "4",
        "--march",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("can end there"), "{}", stdout(&o));
    let svg = std::fs::read_to_string(&out).expect("written");
    let _ = std::fs::remove_file(&out);
    // Behind the wall: 25 blocked lines, none clear.
    assert_eq!(svg.matches("class=\"sight blocked\"").count(), 25);
    assert_eq!(svg.matches("class=\"sight clear\"").count(), 0);
    assert!(svg.contains("class=\"template\"") && svg.contains("class=\"path\""));
}

/// Hostile files and arguments: every oracle reads the table as `check` does, so a bad file is
/// refused by each with FILE:LINE:COL and exit 2; bad arguments say what to give, exit 2; no
/// panic anywhere (a panic exits 101).
#[test]
fn every_oracle_refuses_hostile_input_with_a_position_and_exit_2() {
    let files: [(&str, Vec<u8>, &str); 5] = [
        (
            "nan.toml",
            b"name = \"h\"\nsize = [180, 120]\n[[unit]]\nname = \"Rhino\"\nside = \"a\"\nat = [[nan, inf]]\n".to_vec(),
            ":6:",
        ),
        ("huge.toml", b"name = \"h\"\nsize = [1e308, 120]\n".to_vec(), ":2:"),
        (
            "deep.toml",
            format!("a = {}{}\n", "[".repeat(50_000), "]".repeat(50_000)).into_bytes(),
            ":1:",
        ),
        (
            "bow.toml",
            b"name = \"h\"\nsize = [180, 120]\n[[terrain]]\nkind = \"wall\"\npolygon = [[0, 0], [20, 20], [20, 0], [0, 20]]\n".to_vec(),
            ":5:",
        ),
        ("binary.toml", vec![0xff, 0xfe, 0x00, 0x01], ":1:1:"),
    ];
    for (name, body, at) in files {
        let p = temp_file(name, &body).display().to_string();
        for args in [
            vec!["check", &p],
            vec!["measure", &p, "A", "B", "--json"],
            vec!["los", &p, "A", "B", "--json"],
            vec!["template", &p, "--blast", "10,10", "--json"],
            vec!["path", &p, "A:0", "10,10", "--move", "2", "--json"],
        ] {
            let o = bf(&args);
            let e = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
            assert!(e.lines().any(|l| l.starts_with(&format!("{p}{at}"))), "{args:?}: {e}");
        }
    }
    for args in [
        vec!["path", T, "Hell Boys:0", "1e308,50", "--move", "2", "--json"],
        vec!["path", T, "Hell Boys:0", "nan,50", "--move", "2", "--json"],
        vec!["path", T, "Hell Boys:99", "50,50", "--move", "2", "--json"],
        vec!["path", T, ":0", "50,50", "--move", "2", "--json"],
        vec!["template", T, "--blast", "1e400,1", "--json"],
        vec!["template", T, "--flame", "Hell Boys:0,1e300,1e300", "--json"],
        vec!["template", T, "--flame", "Hell Boys:0,x", "--json"],
        vec!["los", T, "Hell Boys", "Hell Boys", "--json"],
    ] {
        let o = bf(&args);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(e.starts_with("error: ") && e.len() < 600, "{args:?}: {e}");
    }
    // A huge Move is only a large allowance.
    let v = json(&bf(&[
        "path",
        T,
        "Hell Boys:0",
        "60,40",
        "--move",
        "4294967295",
        "--march",
        "--json",
    ]));
    assert!(v["legal"].is_boolean());
}

/// Floors on the command line: `path --level L` counts the floors climbed in the length ("add
/// the vertical distance climbed to the horizontal distance moved"); `template --blast X,Y
/// --level L` hits one level of the building ("the attacking player chooses which level"),
/// and a centre outside only the ground floor.
#[test]
fn paths_and_blasts_know_the_floors_of_buildings() {
    let p = temp_file(
        "floors.toml",
        b"name = \"floors\"\nsize = [100, 100]\n[[terrain]]\nkind = \"building\"\npolygon = [[40, 40], [60, 40], [60, 60], [40, 60]]\ndoorways = [[50, 40]]\nfloors = 2\n[[unit]]\nname = \"Hell Boys\"\nside = \"a\"\nat = [[45, 45], [48, 45], [51, 45], [54, 45], [57, 45]]\nlevel = [0, 0, 1, 1, 1]\n",
    )
    .display()
    .to_string();
    let v = json(&bf(&["path", &p, "Hell Boys:0", "45,50", "--move", "1", "--level", "1", "--json"]));
    assert_eq!(
        (v["legal"].as_bool(), v["level"].as_u64(), v["from_level"].as_u64()),
        (Some(true), Some(1), Some(0))
    );
    assert!(
        (v["length_cm"].as_f64().unwrap() - 10.0).abs() < 1e-9,
        "5 cm across and a 5 cm floor: {v}"
    );
    let v = json(&bf(&["path", &p, "Hell Boys:0", "45,50", "--move", "1", "--level", "2", "--json"]));
    assert_eq!(v["legal"], false, "{v}");
    let v = json(&bf(&["template", &p, "--blast", "52,45", "--level", "1", "--json"]));
    assert_eq!(v["units"][0]["miniatures"], serde_json::json!([2, 3, 4]), "{v}");
    let v = json(&bf(&["template", &p, "--blast", "52,45", "--json"]));
    assert_eq!(v["units"][0]["miniatures"], serde_json::json!([0, 1]), "{v}");
    let o = bf(&["template", &p, "--blast", "30,30", "--level", "1", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ground floor"), "{}", stderr(&o));
}

/// `check` says who defends (tactics-battlefield-summary.md, "SETUP": "If a player is fielding
/// bunkers or strongpoints they will always be the defender"): the Ostwall Bunker Line's side b
/// fields two bunkers and a strongpoint; a table whose fortifications no one fields names none.
#[test]
fn check_names_the_defender() {
    let o = bf(&["check", "data/battlefield/tables/ostwall-bunker-line.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("side B is the defender") && out.contains("40 AP"), "{out}");
    let o = bf(&["check", T]);
    assert!(!stdout(&o).contains("defender"), "{}", stdout(&o));
}
