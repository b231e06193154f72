//! Dust Battlefield table files: the shipped tables read and hold terrain of every kind, and a
//! file with many problems gets every one of them, each at its line and column with a fix.

use dust_core::Edition;
use dust_data::builtin::builtin_card_files_for;
use dust_data::table_file::{parse_table, shipped_sizes};
use dust_geom::table::TerrainKind;
use std::collections::HashSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).expect(rel)
}

fn shipped() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("data/battlefield/tables"))
        .expect("tables folder")
        .map(|e| format!("data/battlefield/tables/{}", e.expect("entry").file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".toml"))
        .collect();
    v.sort();
    v
}

/// Every shipped table reads without a problem, says it is the project's own design, and the
/// four of them together hold terrain of every kind (each at least ten kinds).
#[test]
fn shipped_tables_read_and_hold_every_kind_of_terrain() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let files = shipped();
    assert!(files.len() >= 4, "{files:?}");
    let mut kinds = HashSet::new();
    for f in &files {
        let tf = parse_table(&read(f), f, &cards).unwrap_or_else(|d| panic!("{f}: {d:?}"));
        assert!(tf.source.as_deref().is_some_and(|s| s.contains("project's own design")), "{f}");
        let here: HashSet<TerrainKind> = tf.table.terrain.iter().map(|p| p.kind).collect();
        assert!(here.len() >= 10, "{f}: {} kinds", here.len());
        assert!(tf.table.units.iter().any(|u| u.side == dust_geom::table::Side::A));
        assert!(tf.table.units.iter().any(|u| u.side == dust_geom::table::Side::B));
        kinds.extend(here);
    }
    for k in TerrainKind::ALL {
        assert!(kinds.contains(k), "no shipped table has {}", k.name());
    }
}

/// Base, hull and template sizes are not in the seed: the shipped data says they are
/// provisional.
#[test]
fn sizes_are_marked_provisional() {
    let s = shipped_sizes().expect("geometry.toml reads");
    assert!(s.source.starts_with("provisional"), "{}", s.source);
    assert_eq!(s.bases_mm[0], 25.0);
    assert_eq!(s.templates.blast_radius, 600);
}

/// Every problem of a file at once, each `FILE:LINE:COL: what, how to fix`.
#[test]
fn every_problem_is_reported_where_it_is() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let f = "tests/fixtures/battlefield/bad-table.toml";
    let diags = parse_table(&read(f), f, &cards).expect_err("a bad file");
    let text: Vec<String> = diags.iter().map(ToString::to_string).collect();
    let has = |at: &str, words: &str| {
        assert!(
            text.iter().any(|l| l.starts_with(&format!("{f}:{at}: ")) && l.contains(words)),
            "no `{at}: …{words}…` in:\n{}",
            text.join("\n")
        );
    };
    has("3:1", "unknown key `colour`");
    has("6:8", "unknown terrain kind \"forest\" (did you mean \"woods\"?)");
    has("11:32", "crosses itself");
    has("15:22", "outside the table");
    has("17:1", "needs `facing`");
    has("17:1", "less than 10 cm from a table edge");
    has("22:8", "no unit card is named \"Hell Boyz\" (did you mean \"Hell Boys\"?)");
    has("29:6", "has 5 miniatures on its card, but `at` gives 4 points");
    has("34:17", "overlaps");
    has("38:8", "must be \"a\" or \"b\"");
    assert_eq!(text.len(), 12, "{}", text.join("\n"));
}

/// A second unit of the same card is named `NAME #2`; per-unit sizes and per-table templates
/// override the provisional ones.
#[test]
fn second_unit_of_a_card_and_overrides() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let text = r#"
name = "t"
size = [100, 100]
[templates]
blast_diameter = 10
flame_long = [20, 2, 6]
[[unit]]
name = "Lara"
side = "b"
at = [[10, 10]]
base_mm = 40
[[unit]]
name = "lara"
side = "b"
at = [[30, 10]]
[[unit]]
name = "Pounder"
side = "a"
at = [[50, 50]]
facing = 90
hull = [10, 5]
"#;
    let tf = parse_table(text, "t.toml", &cards).expect("reads");
    let t = &tf.table;
    assert_eq!(t.units[0].name, "Lara");
    assert_eq!(t.units[1].name, "Lara #2");
    assert_eq!(t.units[0].size, (400, 400));
    assert_eq!(t.units[1].size, (300, 300));
    assert_eq!(t.units[2].size, (1000, 500));
    assert_eq!(t.templates.blast_radius, 500);
    assert_eq!(t.templates.flame_long.length, 2000);
    assert_eq!(t.unit("LARA #2"), Some(1));
}

/// "Infantry must be able to enter a bunker or strongpoint, so it must be at least 10cm/4" from
/// all table edges and impassable terrain, and 20cm/8" from other bunkers and strongpoints."
/// (FORTIFICATIONS, Deploying Fortifications) and "Objectives cannot be placed in, on, or
/// under a bunker or strongpoint."
#[test]
fn fortifications_keep_their_distances() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let text = r#"
name = "t"
size = [100, 100]
[[terrain]]
kind = "bunker"
facing = 0
polygon = [[20, 20], [30, 20], [30, 30], [20, 30]]
[[terrain]]
kind = "strongpoint"
polygon = [[45, 20], [55, 20], [55, 30], [45, 30]]
[[terrain]]
kind = "cliff"
polygon = [[20, 35], [30, 35], [30, 40], [20, 40]]
[[objective]]
name = "in the bunker"
at = [25, 25]
"#;
    let d = parse_table(text, "t.toml", &cards).expect_err("too close");
    let text: Vec<String> = d.iter().map(ToString::to_string).collect();
    assert!(text.iter().any(|l| l.contains("less than 20 cm from strongpoint")), "{text:?}");
    assert!(text.iter().any(|l| l.contains("less than 10 cm from cliff")), "{text:?}");
    assert!(text.iter().any(|l| l.contains("Objectives cannot be placed in")), "{text:?}");
}

/// Sizes far beyond a table, NaN and huge facings are refused with a message, never a panic.
#[test]
fn absurd_sizes_are_refused() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let f = "tests/fixtures/battlefield/absurd-sizes.toml";
    let d = parse_table(&read(f), f, &cards).expect_err("refused");
    let text: Vec<String> = d.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 5, "{}", text.join("\n"));
    assert!(
        text.iter().all(|l| l.contains("at most 500 cm") || l.contains("finite number")),
        "{text:?}"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, .. proptest::prelude::ProptestConfig::default() })]

    /// Any text: problems or a table, never a panic (a shipped table with characters replaced).
    #[test]
    fn any_text_reads_without_panic(cut in 0usize..4000, junk in "[\\[\\]{}=,.0-9a-z\" \\n-]{0,40}") {
        static CARDS: std::sync::OnceLock<Vec<dust_data::card::CardFile>> = std::sync::OnceLock::new();
        let cards = CARDS.get_or_init(|| builtin_card_files_for(Edition::Battlefront));
        let base = read("data/battlefield/tables/zhytomyr-crossroads.toml");
        let cut = cut.min(base.len());
        let cut = (0..=cut).rev().find(|&i| base.is_char_boundary(i)).unwrap_or(0);
        let text = format!("{}{}{}", &base[..cut], junk, &base[cut..]);
        let _ = parse_table(&text, "x.toml", cards);
    }
}

/// "Terrain features such as building walls, cliffs, and deep water are impassable" and "Only
/// infantry units may be placed in … a bunker or strongpoint": a miniature placed there is
/// refused with where it stands.
#[test]
fn miniatures_cannot_stand_where_they_cannot_go() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let text = r#"
name = "t"
size = [100, 100]
[[terrain]]
kind = "cliff"
name = "Red Bluff"
polygon = [[10, 10], [30, 10], [30, 20], [10, 20]]
[[terrain]]
kind = "strongpoint"
name = "Post"
polygon = [[50, 50], [70, 50], [70, 65], [50, 65]]
[[unit]]
name = "Lara"
side = "a"
at = [[20, 15]]
[[unit]]
name = "Pounder"
side = "b"
at = [[60, 57]]
facing = 0
[[unit]]
name = "Koshka"
side = "b"
at = [[53, 53]]
"#;
    let d = parse_table(text, "t.toml", &cards).expect_err("refused");
    let text: Vec<String> = d.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(
        text[0].starts_with("t.toml:15:7: ") && text[0].contains("Red Bluff (cliff)"),
        "{text:?}"
    );
    assert!(
        text[1].starts_with("t.toml:19:7: ") && text[1].contains("Post (strongpoint)"),
        "{text:?}"
    );
}

/// Floors ("Walls and Buildings": "Infantry units can move up and down between floors in a
/// building"): a building's `floors` and `floor_height`, a unit's `level` (one for all, or one
/// per miniature); squads on different floors may stand one above the other; an upper level
/// must be a floor of the building the miniature is in, and only infantry climb.
#[test]
fn buildings_have_floors_and_infantry_stand_on_them() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let good = r#"
name = "t"
size = [100, 100]
[[terrain]]
kind = "building"
polygon = [[40, 40], [60, 40], [60, 60], [40, 60]]
doorways = [[50, 40]]
floors = 2
floor_height = 4.5
[[unit]]
name = "Hell Boys"
side = "a"
at = [[45, 45], [48, 45], [51, 45], [54, 45], [57, 45]]
level = [0, 1, 2, 1, 0]
[[unit]]
name = "Rhino"
side = "a"
at = [[48, 45]]
"#;
    let t = parse_table(good, "t.toml", &cards).expect("reads").table;
    assert_eq!(t.floors_of(0), (2, 450));
    assert_eq!((t.level(0, 0), t.level(0, 1), t.level(0, 2), t.level(1, 0)), (0, 1, 2, 0));
    let bad = r#"
name = "t"
size = [100, 100]
[[terrain]]
kind = "building"
polygon = [[40, 40], [60, 40], [60, 60], [40, 60]]
floors = 1
[[terrain]]
kind = "woods"
polygon = [[0, 0], [10, 0], [10, 10]]
floors = 2
[[unit]]
name = "Hell Boys"
side = "a"
at = [[45, 45], [48, 45], [51, 45], [54, 45], [20, 20]]
level = [0, 2, 1, 1, 1]
[[unit]]
name = "Pounder"
side = "a"
at = [[80, 80]]
facing = 0
level = 1
[[unit]]
name = "Rhino"
side = "a"
at = [[51, 45]]
"#;
    let d = parse_table(bad, "t.toml", &cards).expect_err("bad floors");
    let text: Vec<String> = d.iter().map(ToString::to_string).collect();
    assert!(
        text.iter()
            .any(|l| l.starts_with("t.toml:11:") && l.contains("only buildings have `floors`")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|l| l.starts_with("t.toml:15:") && l.contains("level 2, but building 1 has 1 floor")),
        "{text:?}"
    );
    assert!(
        text.iter().any(|l| l.starts_with("t.toml:15:") && l.contains("not in a building")),
        "{text:?}"
    );
    assert!(
        text.iter().any(|l| l.starts_with("t.toml:22:") && l.contains("only infantry")),
        "{text:?}"
    );
    // Rhino on the ground under Hell Boys m2 (on level 1) does not overlap it.
    assert!(!text.iter().any(|l| l.contains("overlaps")), "{text:?}");
}

/// A table whose scenario plays `reserves` with `units` (each: side, points, reserve flag).
fn reserves_file(reserves: &str, units: &[(&str, &str, &str, bool)]) -> String {
    let mut s = format!(
        "name = \"Reserves test\"\nsize = [180, 120]\n\n[scenario]\nreserves = {reserves}\n\n\
         [[arrival]]\nside = \"a\"\npolygon = [[0, 0], [180, 0], [180, 6], [0, 6]]\n\n\
         [[arrival]]\nside = \"b\"\npolygon = [[0, 114], [180, 114], [180, 120], [0, 120]]\n"
    );
    for (name, side, at, reserve) in units {
        s += &format!("\n[[unit]]\nname = \"{name}\"\nside = \"{side}\"\nat = {at}\n");
        if *reserve {
            s += "reserve = true\n";
        }
    }
    s
}

/// tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES": "Reserves" ("You must hold at least
/// half of your units … in reserve"; "the unit moves on from its arrival zone") and "delayed
/// reserves". A table file says which rule its scenario plays (`[scenario] reserves = "none" |
/// "reserves" | "delayed"`, the project's own key: docs/table-format.md) and which units start
/// in reserve (`reserve = true`, their miniatures standing in their side's arrival zone).
#[test]
fn a_scenario_says_which_reserves_rule_applies() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let ok = reserves_file(
        "\"delayed\"",
        &[
            ("Hell Boys", "a", "[[40, 30], [43, 30], [46, 30], [49, 30], [52, 30]]", false),
            ("Red Thunder", "a", "[[90, 3], [93, 3], [96, 3], [99, 3], [102, 3]]", true),
            ("Red Thunder", "b", "[[40, 90], [43, 90], [46, 90], [49, 90], [52, 90]]", false),
            ("Hell Boys", "b", "[[90, 117], [93, 117], [96, 117], [99, 117], [102, 117]]", true),
        ],
    );
    let tf = parse_table(&ok, "ok.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(tf.reserves, dust_core::field::Reserves::Delayed);
    assert_eq!(tf.in_reserve, vec![false, true, false, true]);
    let none = parse_table(
        &reserves_file(
            "\"none\"",
            &[
                ("Hell Boys", "a", "[[40, 30], [43, 30], [46, 30], [49, 30], [52, 30]]", false),
                ("Red Thunder", "b", "[[40, 90], [43, 90], [46, 90], [49, 90], [52, 90]]", false),
            ],
        ),
        "none.toml",
        &cards,
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(none.reserves, dust_core::field::Reserves::None);
    assert_eq!(none.in_reserve, vec![false, false]);
}

/// The reserves key's problems, each at its line and column with the fix: an unknown rule, a
/// unit held in reserve outside its arrival zone, a side with less than half its units in
/// reserve ("You must hold at least half of your units (heroes are separate units) in
/// reserve"), and `reserve = true` in a scenario without reserves.
#[test]
fn reserves_problems_are_reported_where_they_are() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let text_of = |f: &str, s: &str| -> Vec<String> {
        parse_table(s, f, &cards)
            .expect_err("a bad file")
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    let bad = text_of("bad.toml", &reserves_file("\"sometimes\"", &[]));
    assert!(
        bad.iter()
            .any(|l| l.starts_with("bad.toml:5:12: ") && l.contains("\"reserves\"") && l.contains("\"delayed\"")),
        "{bad:?}"
    );
    let units = [
        ("Hell Boys", "a", "[[40, 30], [43, 30], [46, 30], [49, 30], [52, 30]]", false),
        ("Red Thunder", "a", "[[90, 30], [93, 30], [96, 30], [99, 30], [102, 30]]", true),
        ("Red Thunder", "b", "[[40, 90], [43, 90], [46, 90], [49, 90], [52, 90]]", false),
        ("Hell Boys", "b", "[[90, 90], [93, 90], [96, 90], [99, 90], [102, 90]]", false),
    ];
    let t = text_of("r.toml", &reserves_file("\"reserves\"", &units));
    let joined = t.join("\n");
    assert!(t.iter().any(|l| l.starts_with("r.toml:") && l.contains("arrival zone")), "{joined}");
    assert!(
        t.iter()
            .any(|l| l.starts_with("r.toml:5:12: ") && l.contains("side b") && l.contains("at least half")),
        "{joined}"
    );
    let t = text_of("n.toml", &reserves_file("\"none\"", &units[..3]));
    assert!(
        t.iter()
            .any(|l| l.starts_with("n.toml:") && l.contains("reserve = true") && l.contains("[scenario]")),
        "{t:?}"
    );
}

/// "Meeting Engagement": "Units do not start the game on the table, but move on from their
/// arrival zone as they are activated." `[scenario] meeting = true` (the project's own key)
/// makes every unit wait where it moves on from, so each must stand in its side's arrival zone;
/// `meeting` must be true or false.
#[test]
fn a_meeting_engagement_places_every_unit_in_an_arrival_zone() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let units = [
        ("Hell Boys", "a", "[[40, 3], [43, 3], [46, 3], [49, 3], [52, 3]]", false),
        ("Red Thunder", "b", "[[40, 117], [43, 117], [46, 117], [49, 117], [52, 117]]", false),
    ];
    let text = reserves_file("\"none\"\nmeeting = true", &units);
    let tf = parse_table(&text, "m.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(tf.meeting);
    let mut far = units;
    far[1].2 = "[[40, 90], [43, 90], [46, 90], [49, 90], [52, 90]]";
    let d = parse_table(&reserves_file("\"none\"\nmeeting = true", &far), "m.toml", &cards).expect_err("off its zone");
    assert!(
        d.iter()
            .any(|x| x.line == 24 && x.message.contains("arrival zone") && x.message.contains("meeting")),
        "{d:?}"
    );
    let d = parse_table(&reserves_file("\"none\"\nmeeting = \"yes\"", &units), "m.toml", &cards).expect_err("not a bool");
    assert!(
        d.iter().any(|x| (x.line, x.col) == (6, 11) && x.message.contains("true or false")),
        "{d:?}"
    );
}

/// "Ambush": "You may hold one of your units in ambush." `ambush = true` on a `[[unit]]` (the
/// project's own key) holds it off the table until it is placed; a second unit of the same side
/// in ambush is reported at its `ambush` value.
#[test]
fn one_unit_a_side_may_be_held_in_ambush() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let text = "name = \"Ambush test\"\nsize = [180, 120]\n\n\
                [[unit]]\nname = \"Hell Boys\"\nside = \"a\"\nat = [[40, 20], [43, 20], [46, 20], [49, 20], [52, 20]]\nambush = true\n\n\
                [[unit]]\nname = \"Red Thunder\"\nside = \"b\"\nat = [[40, 100], [43, 100], [46, 100], [49, 100], [52, 100]]\n";
    let tf = parse_table(text, "a.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(tf.ambush, vec![true, false]);
    let two = format!(
        "{text}\n[[unit]]\nname = \"Red Thunder\"\nside = \"a\"\nat = [[90, 20], [93, 20], [96, 20], [99, 20], [102, 20]]\nambush = true\n"
    );
    let d = parse_table(&two, "a.toml", &cards).expect_err("two in ambush");
    assert!(
        d.iter()
            .any(|x| (x.line, x.col) == (19, 10) && x.message.contains("one of your units in ambush")),
        "{d:?}"
    );
}

/// Line and column (1-based) of the value after `key = ` on the `n`th line (from 0) that holds
/// `key = `.
fn value_at(text: &str, key: &str, n: usize) -> (usize, usize) {
    let pat = format!("{key} = ");
    let (i, line) = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(&pat))
        .nth(n)
        .expect("the key");
    (i + 1, line.find(&pat).expect("in the line") + pat.len() + 1)
}

/// "Infantry units can begin the game mounted in the vehicle" (tactics-battlefield-summary.md,
/// "CARRYING PASSENGERS"); "The hero can begin the game mounted in a vehicle/aircraft"
/// ("Piloting Vehicles and Aircraft"). `aboard = "UNIT"` on a `[[unit]]` (the project's own
/// key) names the vehicle; each problem is reported at the value it is about.
#[test]
fn a_unit_may_begin_the_game_aboard_a_vehicle() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let head = "name = \"Aboard test\"\nsize = [180, 120]\n\n\
                [[unit]]\nname = \"Matrioshka\"\nside = \"a\"\nat = [[100, 50]]\nfacing = 0\n\n\
                [[unit]]\nname = \"Red Thunder\"\nside = \"b\"\nat = [[40, 100], [43, 100], [46, 100], [49, 100], [52, 100]]\n";
    let ok = format!("{head}\n[[unit]]\nname = \"Koshka\"\nside = \"a\"\nat = [[100, 50]]\naboard = \"Matrioshka\"\n");
    let tf = parse_table(&ok, "a.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(tf.aboard, vec![None, None, Some(0)]);
    for (unit, why) in [
        (
            "name = \"Koshka\"\nside = \"a\"\nat = [[100, 50]]\naboard = \"Matroshka\"",
            "names no unit",
        ),
        (
            "name = \"Koshka\"\nside = \"a\"\nat = [[100, 50]]\naboard = \"Red Thunder\"",
            "not a vehicle",
        ),
        (
            "name = \"Koshka\"\nside = \"b\"\nat = [[100, 50]]\naboard = \"Matrioshka\"",
            "own side",
        ),
        (
            "name = \"Koshka\"\nside = \"a\"\nat = [[120, 50]]\naboard = \"Matrioshka\"",
            "not inside",
        ),
        // No room: the game's set-up says why (Matrioshka has no Passengers (#)).
        (
            "name = \"Recon Grenadiers\"\nside = \"a\"\nat = [[99, 48], [100, 50], [101, 52], [99, 52], [101, 48]]\naboard = \"Matrioshka\"",
            "carries no passengers",
        ),
    ] {
        let text = format!("{head}\n[[unit]]\n{unit}\n");
        let d = parse_table(&text, "a.toml", &cards).expect_err(why);
        let (line, col) = value_at(&text, "aboard", 0);
        assert!(
            d.iter().any(|x| (x.line, x.col) == (line, col) && x.message.contains(why)),
            "{why}: {d:?}"
        );
    }
    // A unit aboard is held in reserve or ambush with its vehicle, not on its own.
    let text = format!("{head}\n[[unit]]\nname = \"Koshka\"\nside = \"a\"\nat = [[100, 50]]\naboard = \"Matrioshka\"\nambush = true\n");
    let d = parse_table(&text, "a.toml", &cards).expect_err("ambush aboard");
    let (line, col) = value_at(&text, "ambush", 0);
    assert!(
        d.iter()
            .any(|x| (x.line, x.col) == (line, col) && x.message.contains("with its vehicle")),
        "{d:?}"
    );
}

/// A table with a deployment area for each side, a bunker in side B's (its `side` written as
/// `owner`), and a `[scenario]` naming `defender`.
fn fielded_file(owner: &str, kind: &str, defender: &str) -> String {
    format!(
        r#"name = "t"
size = [120, 120]
{defender}
[[deployment]]
side = "a"
polygon = [[0, 0], [120, 0], [120, 30], [0, 30]]
[[deployment]]
side = "b"
polygon = [[0, 90], [120, 90], [120, 120], [0, 120]]
[[terrain]]
kind = "{kind}"
{owner}
polygon = [[50, 95], [65, 95], [65, 105], [50, 105]]
facing = 180
"#
    )
}

/// "SETUP": "If a player is fielding **bunkers** or **strongpoints** they will always be the
/// defender" — a bunker's or strongpoint's `side` says who fields it, and the file's
/// `[scenario] defender` is read; "FORTIFICATIONS": "Fortifications are placed in your
/// deployment area".
#[test]
fn bunkers_say_who_fields_them_and_the_defender_is_read() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let tf = parse_table(&fielded_file("side = \"b\"", "bunker", ""), "t.toml", &cards).expect("a fielded bunker");
    assert_eq!(tf.table.terrain[0].side, Some(dust_geom::table::Side::B));
    assert_eq!(tf.defender, None);
    let tf = parse_table(&fielded_file("", "bunker", "[scenario]\ndefender = \"a\""), "t.toml", &cards)
        .expect("a scenario's bunker and a chosen defender");
    assert_eq!(tf.table.terrain[0].side, None);
    assert_eq!(tf.defender, Some(dust_core::Side::A));
}

/// Each problem of the new keys at its line and column, with the fix.
#[test]
fn fielded_fortification_problems_are_reported_where_they_are() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let all = |text: &str| -> Vec<String> {
        parse_table(text, "t.toml", &cards)
            .expect_err("refused")
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    // In the other side's deployment area.
    let d = all(&fielded_file("side = \"a\"", "bunker", ""));
    assert!(
        d.iter()
            .any(|l| l.starts_with("t.toml:12:") && l.contains("deployment area of side a")),
        "{d:?}"
    );
    // A side on what no one fields; a side that is no side.
    let d = all(&fielded_file("side = \"b\"", "woods", "").replace("facing = 180\n", ""));
    assert!(
        d.iter()
            .any(|l| l.starts_with("t.toml:12:") && l.contains("only bunkers and strongpoints")),
        "{d:?}"
    );
    let d = all(&fielded_file("side = \"c\"", "bunker", ""));
    assert!(
        d.iter().any(|l| l.starts_with("t.toml:12:") && l.contains("\"a\" or \"b\"")),
        "{d:?}"
    );
    // The other side named the defender.
    let d = all(&fielded_file("side = \"b\"", "bunker", "[scenario]\ndefender = \"a\""));
    assert!(
        d.iter().any(|l| l.starts_with("t.toml:4:") && l.contains("always be the defender")),
        "{d:?}"
    );
}

/// "In scenarios with **scattered reserves**, roll a die when a unit arrives from reserves":
/// `[scenario] scattered = true` says the scenario plays them (the project's own key), and is
/// refused at its line and column in a scenario without reserves.
#[test]
fn a_scenario_may_scatter_its_reserves() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let units = [
        ("Hell Boys", "a", "[[40, 30], [43, 30], [46, 30], [49, 30], [52, 30]]", false),
        ("Red Thunder", "a", "[[90, 3], [93, 3], [96, 3], [99, 3], [102, 3]]", true),
        ("Red Thunder", "b", "[[40, 90], [43, 90], [46, 90], [49, 90], [52, 90]]", false),
        ("Hell Boys", "b", "[[90, 117], [93, 117], [96, 117], [99, 117], [102, 117]]", true),
    ];
    let tf = parse_table(&reserves_file("\"reserves\"\nscattered = true", &units), "s.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(tf.scattered);
    let tf = parse_table(&reserves_file("\"reserves\"", &units), "s.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(!tf.scattered);
    let units: Vec<_> = units.iter().map(|&(n, s, a, _)| (n, s, a, false)).collect();
    let d: Vec<String> = parse_table(&reserves_file("\"none\"\nscattered = true", &units), "s.toml", &cards)
        .expect_err("no reserves to scatter")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        d.iter().any(|l| l.starts_with("s.toml:6:") && l.contains("scattered reserves")),
        "{d:?}"
    );
}

/// "Ambush": "You may hold a hero that can join or pilot the unit in ambush with it": a hero of
/// the squad's Armour (Bazooka Joe, soldier 2, with the Hell Boys, soldier 2) is held with it; a
/// hero of another Armour (Lara, soldier 3) is a second unit in ambush, reported at its value.
#[test]
fn a_hero_that_can_join_the_unit_is_held_in_ambush_with_it() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let text = |hero: &str| {
        format!(
            "name = \"Ambush test\"\nsize = [180, 120]\n\n\
             [[unit]]\nname = \"Hell Boys\"\nside = \"a\"\nat = [[40, 20], [43, 20], [46, 20], [49, 20], [52, 20]]\nambush = true\n\n\
             [[unit]]\nname = \"{hero}\"\nside = \"a\"\nat = [[60, 20]]\nambush = true\n\n\
             [[unit]]\nname = \"Red Thunder\"\nside = \"b\"\nat = [[40, 100], [43, 100], [46, 100], [49, 100], [52, 100]]\n"
        )
    };
    let tf = parse_table(&text("Bazooka Joe"), "a.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(tf.ambush, vec![true, true, false]);
    let d = parse_table(&text("Lara"), "a.toml", &cards).expect_err("another Armour");
    assert!(
        d.iter()
            .any(|x| (x.line, x.col) == (14, 10) && x.message.contains("one of your units in ambush")),
        "{d:?}"
    );
}

/// "SPY": "This hero is not placed at the start of the game" (tactics-battlefield-summary.md,
/// "SPY"). A spy is neither in reserve nor in ambush; a file that says so is refused at the
/// value (the engine would otherwise hold him off the table by his skill and drop the key
/// without a word).
#[test]
fn a_spy_is_not_held_in_reserve_or_in_ambush() {
    let mut cards = builtin_card_files_for(Edition::Battlefront);
    let mut spy = cards
        .iter()
        .find(|c| c.card.name == "Koshka")
        .expect("a battlefront hero card")
        .clone();
    spy.card.name = "Agent Spy".into();
    spy.info.battlefront.skills.push(dust_core::unit::BattlefrontSkill::Spy);
    cards.push(spy);
    let base = "name = \"Spy test\"\nsize = [180, 120]\n\n\
                [[unit]]\nname = \"Red Thunder\"\nside = \"b\"\nat = [[40, 100], [43, 100], [46, 100], [49, 100], [52, 100]]\n\n\
                [[unit]]\nname = \"Agent Spy\"\nside = \"a\"\nat = [[40, 20]]\n";
    parse_table(base, "s.toml", &cards).unwrap_or_else(|d| panic!("{d:?}"));
    let text = format!("{base}ambush = true\n");
    let d = parse_table(&text, "s.toml", &cards).expect_err("a spy in ambush");
    assert!(
        d.iter().any(|x| (x.line, x.col) == value_at(&text, "ambush", 0)
            && x.message.contains("is a spy")
            && x.message.contains("remove `ambush = true`")),
        "{d:?}"
    );
}
