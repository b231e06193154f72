//! Unit card files: the shipped cards, the seed facts they must agree with, diagnostics, and
//! robustness against arbitrary input.

use dust_core::{Bloc, CombatValue, Face, Skill, UnitCard, UnitKind, WeaponRange};
use dust_data::builtin::{builtin_card_files, builtin_cards, check_builtin, find_card, load_card_files, load_cards, SHIPPED};
use dust_data::card::{carriers, parse_card, parse_card_dir, parse_card_file, render_svg, render_text, PROVISIONAL_WARNING};
use dust_data::tests_support::{dice as d, shipped_card as card, soldier, vehicle};
use proptest::prelude::*;
use std::path::PathBuf;

fn line(c: &UnitCard, name: &str) -> usize {
    c.weapons
        .iter()
        .position(|w| w.name == name)
        .unwrap_or_else(|| panic!("{} has no line {name}", c.name))
}

fn units_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/units")
}

// ---------------------------------------------------------------- shipped cards

#[test]
fn every_shipped_card_parses_and_validates() {
    let cards = match check_builtin() {
        Ok(c) => c
            .into_iter()
            .filter(|c| c.info.edition == dust_core::Edition::Revised)
            .collect::<Vec<_>>(),
        Err(d) => panic!(
            "shipped cards have problems:\n{}",
            d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
        ),
    };
    let mut names: Vec<&str> = cards.iter().map(|c| c.card.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "Action Jackson",
            "Axis Zombies",
            "BBQ Squad",
            "Battle Grenadiers",
            "Bazooka Joe",
            "Blackhawk",
            "Bot Hunters",
            "Death Dealers",
            "Hans",
            "Heavy Flak Grenadiers",
            "Heavy Laser Grenadiers",
            "Hell Boys",
            "Honey",
            "Hot Dog",
            "Kommandotrupp",
            "Lara",
            "Laser Grenadiers",
            "Lothar",
            "Ludwig",
            "Luther",
            "Pounder",
            "Recon Boys",
            "Recon Grenadiers",
            "Rhino",
            "Sigrid",
            "Steel Rain",
            "Sturmpioniere",
            "Tank Killers",
            "The Boss",
            "The Gunners",
            "The Hammers",
            "TotenMeister"
        ]
    );
    // 26 cards before issue 4, and six units named in the FAQ and the battlefront rules.
    assert_eq!(builtin_cards().len(), 32);
}

#[test]
fn every_file_of_data_units_is_shipped_and_the_folder_reads() {
    let mut on_disk: Vec<String> = std::fs::read_dir(units_dir())
        .expect("data/units")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    on_disk.sort();
    let mut shipped: Vec<String> = SHIPPED
        .iter()
        .map(|(n, _)| n.trim_start_matches("data/units/").to_string())
        .collect();
    shipped.sort();
    assert_eq!(on_disk, shipped, "builtin.rs must include_str! every file of data/units/");
    let cards = parse_card_dir(&units_dir()).expect("the shipped folder reads");
    assert_eq!(cards.len(), 32);
}

#[test]
fn component_list_squad_sizes_and_kinds() {
    // tactics-revised-core-rules.md, "Component List".
    for (name, kind, health) in [
        ("Hell Boys", UnitKind::Squad, 5),
        ("Death Dealers", UnitKind::Squad, 5),
        ("The Hammers", UnitKind::Squad, 3),
        ("Sturmpioniere", UnitKind::Squad, 5),
        ("Heavy Laser Grenadiers", UnitKind::Squad, 3),
        ("Heavy Flak Grenadiers", UnitKind::Squad, 3),
    ] {
        let c = card(name);
        assert_eq!((c.kind, c.health, c.models.len()), (kind, health, usize::from(health)), "{name}");
    }
    for name in ["Rhino", "Lara"] {
        assert_eq!(card(name).kind, UnitKind::Hero);
    }
    for name in ["Blackhawk", "Hans"] {
        assert_eq!(card(name).kind, UnitKind::Vehicle);
    }
    for name in ["Blackhawk", "Rhino", "Hell Boys", "Death Dealers", "The Hammers"] {
        assert_eq!(card(name).bloc, Bloc::Allies);
    }
    for name in ["Hans", "Lara", "Sturmpioniere", "Heavy Laser Grenadiers", "Heavy Flak Grenadiers"] {
        assert_eq!(card(name).bloc, Bloc::Axis);
    }
}

#[test]
fn ap_costs_and_victory_points_examples() {
    // "Calculating Victory Points": 30 + 24 = 54 and 34 + 23 = 57; Field Repair: 44 for two Blackhawks.
    let ap = |n: &str| card(n).ap;
    assert_eq!(
        (
            ap("Hell Boys"),
            ap("Death Dealers"),
            ap("Heavy Laser Grenadiers"),
            ap("Hans"),
            ap("Blackhawk")
        ),
        (34, 23, 30, 24, 22)
    );
    assert_eq!(ap("Heavy Laser Grenadiers") + ap("Hans"), 54);
    assert_eq!(ap("Hell Boys") + ap("Death Dealers"), 57);
    assert_eq!(2 * ap("Blackhawk"), 44);
}

#[test]
fn hell_boys_card_breakdown_and_shotgun_nine_dice() {
    // "Unit Card Breakdown", "Weapon Charts": three Shotgun carriers roll 3 × 3 = 9 dice against 2.
    let c = card("Hell Boys");
    let sg = line(&c, "Shotgun");
    let w = &c.weapons[sg];
    assert_eq!(w.range, WeaponRange::Spaces { min: 1, max: 1 });
    assert_eq!(w.table.soldier, [d(6, 1), d(3, 1), d(2, 1), CombatValue::NoEffect]);
    assert_eq!(w.table.against(vehicle(1)), d(3, 1));
    assert_eq!(w.table.against(vehicle(2)), CombatValue::NoEffect);
    assert_eq!(w.table.against(soldier(2)), d(3, 1));
    assert_eq!(carriers(&c, sg), 3);
    let CombatValue::Dice { dice, .. } = w.table.against(soldier(2)) else {
        panic!()
    };
    assert_eq!(usize::from(dice) * carriers(&c, sg), 9);
    // Two "Flamethrower (1)" lines, one carrier each, Incendiary 1/⊕ against 2 ("Incendiary Blast").
    let flames: Vec<usize> = c
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.name == "Flamethrower (1)")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(flames.len(), 2);
    for &i in &flames {
        assert!(c.weapons[i].keywords.flame);
        assert_eq!(carriers(&c, i), 1);
        assert_eq!(c.weapons[i].table.against(soldier(2)), CombatValue::Incendiary { dice: 1 });
    }
    // Knife & Grenade: every miniature; five Hell Boys roll five dice against 2 (close combat example).
    let k = line(&c, "Knife & Grenade");
    assert_eq!(c.weapons[k].range, WeaponRange::Close);
    assert_eq!(carriers(&c, k), 5);
    assert_eq!(c.weapons[k].table.against(soldier(2)), d(1, 1));
    assert_eq!(c.weapons[k].table.soldier, [d(2, 1), d(1, 1), d(1, 1), d(1, 1)]);
    // Fast with "1" ("Fast"), hard cover ■ ("Cover Saves"), soldier 2 ("6) Suffer Damage").
    assert_eq!(c.movement, 1);
    assert!(c.has(Skill::Fast));
    assert_eq!(c.hard_cover, Some(Face::Miss));
    assert_eq!(c.armor, soldier(2));
    assert!(!c.is_provisional());
}

#[test]
fn sturmpioniere_suffer_damage_and_limited_ammo_examples() {
    // "6) Suffer Damage": four StG 47 dice and one Panzerfaust die against the Hell Boys (2).
    let c = card("Sturmpioniere");
    let stg = line(&c, "StG 47");
    assert_eq!(c.weapons[stg].range, WeaponRange::Spaces { min: 1, max: 4 });
    assert_eq!(c.weapons[stg].table.against(soldier(2)), d(1, 1));
    assert_eq!(carriers(&c, stg), 4);
    let pf = line(&c, "Panzerfaust");
    assert_eq!(c.weapons[pf].range, WeaponRange::Spaces { min: 1, max: 2 });
    assert_eq!(c.weapons[pf].table.against(soldier(2)), d(1, 1));
    // "Limited-Ammo Weapons": three Panzerfausts that belong to the unit.
    assert_eq!(c.weapons[pf].ammo, Some(3));
    assert_eq!(carriers(&c, pf), 0);
    let fw = line(&c, "Flammenwerfer 40 (1)");
    assert!(c.weapons[fw].keywords.flame);
    assert_eq!(carriers(&c, fw), 1);
    // Close combat example: the two survivors roll two dice against the Hell Boys.
    let k = line(&c, "Knife & Grenade");
    assert_eq!(c.weapons[k].table.against(soldier(2)), d(1, 1));
    assert_eq!(carriers(&c, k), 5);
    // The Hell Boys' flamethrower targets them "against 2": five miniatures.
    assert_eq!((c.armor, c.health), (soldier(2), 5));
}

#[test]
fn blackhawk_dual_heavy_piat() {
    // "Weapon Charts": range 2, 10/1 6/1 4/1 2/1 against soldiers, 6 6 5 5 4 4 3 against vehicles.
    let c = card("Blackhawk");
    assert_eq!(c.weapons.len(), 1);
    let w = &c.weapons[0];
    assert_eq!(w.name, "Dual Heavy PIAT");
    assert_eq!(w.range, WeaponRange::Spaces { min: 1, max: 2 });
    assert_eq!(w.table.soldier, [d(10, 1), d(6, 1), d(4, 1), d(2, 1)]);
    assert_eq!(w.table.vehicle, [d(6, 1), d(6, 1), d(5, 1), d(5, 1), d(4, 1), d(4, 1), d(3, 1)]);
    assert_eq!(w.table.aircraft, [CombatValue::NoEffect; 3]);
    assert_eq!(c.movement, 1); // "Movement Points" example
    assert!(!c.is_provisional());
}

#[test]
fn hans_death_dealers_and_laser_grenadiers() {
    // "AP Incendiary Blast": the Panzerfaust Werfer shows 1/☠ against vehicle 4.
    let hans = card("Hans");
    let pw = line(&hans, "Panzerfaust Werfer");
    assert_eq!(hans.weapons[pw].table.against(vehicle(4)), CombatValue::ApIncendiary { dice: 1 });
    assert!(hans.weapons.len() >= 2, "the Hans has more than enough weapons for two targets");
    // "Reactive Fire": the Death Dealers' Bazooka has range 3; "Unit Entry": movement 1.
    let dd = card("Death Dealers");
    assert_eq!(dd.weapons[line(&dd, "Bazooka")].range, WeaponRange::Spaces { min: 1, max: 3 });
    assert_eq!(dd.movement, 1);
    // "Laser": a full squad of three rolls three dice against the Hell Boys.
    let hlg = card("Heavy Laser Grenadiers");
    let lw = hlg.weapons.iter().position(|w| w.keywords.laser).expect("a laser line");
    assert_eq!(hlg.weapons[lw].table.against(soldier(2)), d(1, 1));
    assert_eq!(carriers(&hlg, lw), 3);
}

#[test]
fn heroes_join_squads_of_their_armor_class() {
    // "Heroes": a hero joins only a squad of the same armor class. Rhino acts with The Hammers
    // ("Wiederbelebungsserum"); Lara joins the Heavy Laser Grenadiers (battlefront example).
    assert_eq!(card("Rhino").armor, card("The Hammers").armor);
    assert_eq!(card("Lara").armor, card("Heavy Laser Grenadiers").armor);
    for h in ["Rhino", "Lara"] {
        let c = card(h);
        assert!(c.models.is_empty() && c.soft_cover.is_none() && c.hard_cover.is_none());
    }
}

#[test]
fn provisional_cards_are_marked() {
    let provisional: Vec<String> = builtin_cards()
        .into_iter()
        .filter(UnitCard::is_provisional)
        .map(|c| c.name)
        .collect();
    for n in ["Hans", "Death Dealers", "The Hammers", "Sturmpioniere", "Heavy Flak Grenadiers"] {
        assert!(provisional.iter().any(|p| p == n), "{n} must be provisional");
    }
    for n in ["Hell Boys", "Blackhawk", "Rhino"] {
        assert!(!provisional.iter().any(|p| p == n), "{n} is not provisional");
    }
    for cf in builtin_card_files() {
        let text = render_text(&cf);
        assert_eq!(text.contains(PROVISIONAL_WARNING), cf.card.is_provisional(), "{}", cf.card.name);
        let svg = render_svg(&cf);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.contains(PROVISIONAL_WARNING), cf.card.is_provisional());
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
    }
}

#[test]
fn find_card_ignores_case() {
    assert_eq!(find_card("hell boys").map(|c| c.ap), Some(34));
    assert_eq!(find_card("  BLACKHAWK ").map(|c| c.ap), Some(22));
    assert!(find_card("No Such Unit").is_none());
}

// ---------------------------------------------------------------- diagnostics

const GOOD: &str = r#"name = "Test Squad"
bloc = "allies"
kind = "squad"
movement = 1
armor = "soldier 2"
health = 2
soft_cover = "hit"
hard_cover = "miss"
ap = 10
skills = ["fast"]
source = "test"

[[weapon]]
name = "Rifle"
range = "4"
soldier = ["2/1", "1/1", "-", "-"]

[[weapon]]
name = "Knife"
range = "C"
soldier = ["1/1", "1/1", "1/1", "1/1"]

[[model]]
weapons = ["Rifle"]
count = 2
"#;

fn diags(text: &str) -> Vec<String> {
    match parse_card(text, "t.toml") {
        Ok(c) => panic!("expected problems, got {c:?}"),
        Err(d) => d.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn a_good_card_reads() {
    let c = parse_card(GOOD, "t.toml").expect("good");
    assert_eq!(c.models.len(), 2);
    assert_eq!(carriers(&c, 0), 2);
    assert_eq!(carriers(&c, 1), 2, "knives are carried by every model");
    assert_eq!(
        c.weapons[0].table.vehicle,
        [CombatValue::NoEffect; 7],
        "missing arrays mean no effect"
    );
}

#[test]
fn unknown_key_points_at_the_key_and_lists_valid_keys() {
    let d = diags(&GOOD.replace("ap = 10", "ap = 10\ncolour = \"red\""));
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].starts_with("t.toml:10:1: unknown key `colour` in a unit card: the valid keys are `name`"),
        "{}",
        d[0]
    );
}

#[test]
fn bad_values_point_at_the_value() {
    let d = diags(&GOOD.replace(r#"soldier = ["2/1", "1/1", "-", "-"]"#, r#"soldier = ["2/1", "x/1", "-", "-"]"#));
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].starts_with("t.toml:16:19: `x/1` is not a combat value"), "{}", d[0]);
    let d = diags(&GOOD.replace("armor = \"soldier 2\"", "armor = \"soldier 9\""));
    assert_eq!(d, ["t.toml:5:9: armor `soldier 9`: the class must be between 1 and 4"]);
    let d = diags(&GOOD.replace("ap = 10", "ap = 0"));
    assert_eq!(d, ["t.toml:9:6: `ap` is 0, but it must be between 1 and 65535"]);
    let d = diags(&GOOD.replace("range = \"4\"", "range = \"6-3\""));
    assert_eq!(d, ["t.toml:15:9: range `6-3`: the minimum is larger than the maximum"]);
    let d = diags(&GOOD.replace("[\"fast\"]", "[\"fats\"]"));
    assert_eq!(d.len(), 1);
    assert!(
        d[0].starts_with("t.toml:10:11: unknown skill `fats` (did you mean `fast`?)"),
        "{}",
        d[0]
    );
}

#[test]
fn invalid_toml_is_reported_with_its_place() {
    let d = diags("name = \"x\"\nbloc = allies\n");
    assert_eq!(d.len(), 1);
    assert!(d[0].starts_with("t.toml:2:8: this is not valid TOML"), "{}", d[0]);
}

#[test]
fn squad_model_checks() {
    // Model count must equal health.
    let d = diags(&GOOD.replace("count = 2", "count = 3"));
    assert_eq!(
        d,
        ["t.toml:23:3: the squad has 2 health (miniatures) but 3 models are listed: they must be equal"]
    );
    // Models may only name existing lines.
    let d = diags(&GOOD.replace("weapons = [\"Rifle\"]", "weapons = [\"Rifel\"]"));
    assert_eq!(d.len(), 2, "{d:?}");
    assert!(d[0].starts_with("t.toml:13:1: no model carries `Rifle`"), "{}", d[0]);
    assert!(
        d[1].starts_with("t.toml:24:12: no weapon line is named `Rifel` (did you mean `Rifle`?)"),
        "{}",
        d[1]
    );
    // Limited-ammo lines belong to the unit and need no carrier.
    let with_ammo = GOOD.replace("[[model]]", "[[weapon]]\nname = \"Panzerfaust\"\nrange = \"2\"\nammo = 3\nvehicle = [\"1/2\", \"1/2\", \"1/2\", \"1/2\", \"1/2\", \"1/2\", \"1/2\"]\n\n[[model]]");
    assert!(parse_card(&with_ammo, "t.toml").is_ok());
    // Two lines with one name need ids.
    let twins = GOOD.replace(
        "[[weapon]]\nname = \"Knife\"",
        "[[weapon]]\nname = \"Rifle\"\nrange = \"4\"\nsoldier = [\"1/1\", \"-\", \"-\", \"-\"]\n\n[[weapon]]\nname = \"Knife\"",
    );
    let d = diags(&twins);
    assert_eq!(d.len(), 1, "an ambiguous name is one problem, not a cascade: {d:?}");
    assert!(
        d.iter()
            .any(|m| m.starts_with("t.toml:29:12: 2 weapon lines are named `Rifle`: give each an `id`")),
        "{d:?}"
    );
    // Heroes have no models and no cover.
    let hero = GOOD.replace("kind = \"squad\"", "kind = \"hero\"");
    let d = diags(&hero);
    assert!(
        d.iter().any(|m| m.starts_with("t.toml:7:14: only squads have cover saves")),
        "{d:?}"
    );
    assert!(
        d.iter().any(|m| m.starts_with("t.toml:23:3: only squads list their miniatures")),
        "{d:?}"
    );
}

#[test]
fn every_problem_is_reported() {
    let bad = r#"name = ""
bloc = "nato"
kind = "tank"
movement = "fast"
armor = "soldier 2"
health = 0
soft_cover = "maybe"
ap = -3
skills = ["fast", "fast"]
source = "test"
extra = 1

[[weapon]]
name = "Gun"
range = "Z"
soldier = ["1/1", "1/1"]
vehicle = ["V3/1-6/1", "-", "-", "-", "-", "-", "-"]
keywords = ["lazer"]
"#;
    let d = diags(bad);
    let expect = [
        "t.toml:1:8: the unit's `name` is empty",
        "t.toml:2:8: unknown bloc `nato`",
        "t.toml:3:8: unknown kind `tank`",
        "t.toml:4:12: `movement` in a unit card must be a whole number",
        "t.toml:6:10: `health` is 0",
        "t.toml:7:14: `soft_cover` is `maybe`",
        "t.toml:8:6: `ap` is -3",
        "t.toml:9:19: skill `fast` is listed twice",
        "t.toml:11:1: unknown key `extra`",
        "t.toml:15:9: `Z` is not a range",
        "t.toml:16:11: `soldier` must list 4 combat values",
        "t.toml:17:12: a volley value needs limited ammo",
        "t.toml:18:13: unknown keyword `lazer` (did you mean `laser`?)",
    ];
    for e in expect {
        assert!(d.iter().any(|m| m.starts_with(e)), "missing {e:?} in\n{}", d.join("\n"));
    }
    assert_eq!(d.len(), expect.len(), "{}", d.join("\n"));
    let mut sorted = d.clone();
    sorted.sort_by_key(|m| {
        let mut p = m.split(':').skip(1).map(|x| x.parse::<usize>().unwrap_or(0));
        (p.next(), p.next())
    });
    assert_eq!(sorted, d, "diagnostics come in file order");
}

#[test]
fn battlefront_kinds_need_the_battlefront_edition() {
    let d = diags(&GOOD.replace("kind = \"squad\"", "kind = \"support-weapon\""));
    assert!(
        d[0].starts_with("t.toml:3:8: kind `support-weapon` belongs to the battlefront edition"),
        "{d:?}"
    );
}

#[test]
fn provisional_fields_require_a_provisional_card() {
    let d = diags(&GOOD.replace("ap = 10\n", "ap = 10\nsources = { ap = \"provisional: a guess\" }\n"));
    assert_eq!(d.len(), 1);
    assert!(
        d[0].starts_with("t.toml:12:10: some figures of this card are provisional"),
        "{}",
        d[0]
    );
    let ok = GOOD
        .replace("ap = 10\n", "ap = 10\nsources = { ap = \"provisional: a guess\" }\n")
        .replace("source = \"test\"", "source = \"provisional: test\"");
    let cf = parse_card_file(&ok, "t.toml").expect("ok");
    assert_eq!(cf.info.field_source("ap"), Some("provisional: a guess"));
    assert!(cf.card.is_provisional());
}

// ---------------------------------------------------------------- folders and overrides

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("dust1947-cards-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("temp dir");
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_user_folder_overrides_shipped_cards() {
    let dir = TempDir::new("override");
    let hb = SHIPPED
        .iter()
        .find(|(n, _)| n.ends_with("hell-boys.toml"))
        .map(|(_, t)| *t)
        .expect("hell boys");
    std::fs::write(dir.0.join("hb.toml"), hb.replace("ap = 34", "ap = 40")).expect("write");
    std::fs::write(dir.0.join("new.toml"), GOOD).expect("write");
    std::fs::write(dir.0.join("readme.txt"), "not a card").expect("write");
    let cards = load_cards(Some(&dir.0)).expect("loads");
    assert_eq!(cards.len(), 33);
    assert_eq!(cards.iter().find(|c| c.name == "Hell Boys").map(|c| c.ap), Some(40));
    assert!(cards.iter().any(|c| c.name == "Test Squad"));
    assert_eq!(load_cards(None).expect("shipped").len(), 32);
}

#[test]
fn a_bad_user_folder_reports_every_file() {
    let dir = TempDir::new("bad");
    std::fs::write(dir.0.join("a.toml"), GOOD.replace("ap = 10", "ap = 0")).expect("write");
    std::fs::write(dir.0.join("b.toml"), GOOD.replace("bloc = \"allies\"", "bloc = \"x\"")).expect("write");
    std::fs::write(dir.0.join("c.toml"), GOOD).expect("write");
    std::fs::write(dir.0.join("d.toml"), GOOD).expect("write");
    let d: Vec<String> = load_card_files(Some(&dir.0))
        .expect_err("bad")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(d.len(), 3, "{d:?}");
    assert!(
        d[0].ends_with("a.toml:9:6: `ap` is 0, but it must be between 1 and 65535"),
        "{}",
        d[0]
    );
    assert!(d[1].contains("b.toml:2:8: unknown bloc `x`"), "{}", d[1]);
    assert!(d[2].contains("d.toml:1:8: the unit `Test Squad` is already defined in"), "{}", d[2]);
    let missing = load_cards(Some(&dir.0.join("nope"))).expect_err("missing");
    assert!(missing[0].message.starts_with("cannot read the card folder"));
}

// ---------------------------------------------------------------- robustness

fn mutate(text: &str, ops: &[(u8, usize, String)]) -> String {
    let mut t: Vec<char> = text.chars().collect();
    for (op, at, s) in ops {
        let at = if t.is_empty() { 0 } else { at % (t.len() + 1) };
        match op % 4 {
            0 => {
                let end = (at + s.len() % 7 + 1).min(t.len());
                t.drain(at..end);
            }
            1 => {
                for (i, ch) in s.chars().enumerate() {
                    t.insert(at + i, ch);
                }
            }
            2 => {
                if at < t.len() {
                    t[at] = s.chars().next().unwrap_or('"');
                }
            }
            _ => {
                let lines: Vec<String> = t.iter().collect::<String>().lines().map(str::to_string).collect();
                if lines.len() > 1 {
                    let mut lines = lines;
                    let i = at % lines.len();
                    let j = s.len() % lines.len();
                    lines.swap(i, j);
                    t = lines.join("\n").chars().collect();
                }
            }
        }
    }
    t.into_iter().collect()
}

fn check_no_panic(text: &str) {
    match parse_card_file(text, "fuzz.toml") {
        Ok(cf) => {
            let _ = render_text(&cf);
            let _ = render_svg(&cf);
        }
        Err(d) => {
            assert!(!d.is_empty());
            for x in d {
                assert!(x.line >= 1 && x.col >= 1);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,300}") {
        check_no_panic(&s);
    }

    #[test]
    fn toml_like_text_never_panics(s in "([a-z_]{1,8} = (\"[^\"\\n]{0,12}\"|-?[0-9]{1,6}|\\[(\"[^\"\\n]{0,6}\", ?){0,8}\\])\n|\\[\\[(weapon|model)\\]\\]\n){0,24}") {
        check_no_panic(&s);
    }

    #[test]
    fn mutated_cards_never_panic(
        which in 0..SHIPPED.len() + 1,
        ops in proptest::collection::vec((any::<u8>(), any::<usize>(), "[\"\\[\\]=,\\n a-z0-9/\\-#]{0,6}"), 1..6),
    ) {
        let base = if which == SHIPPED.len() { GOOD } else { SHIPPED[which].1 };
        check_no_panic(&mutate(base, &ops));
    }
}

#[test]
fn the_documented_example_reads() {
    let doc =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/card-format.md")).expect("docs/card-format.md");
    let start = doc.find("```toml\n").expect("a toml example") + "```toml\n".len();
    let len = doc[start..].find("\n```").expect("end of the example");
    let cf = parse_card_file(&doc[start..start + len], "docs/card-format.md").unwrap_or_else(|d| {
        panic!("{}", d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"));
    });
    // The example is the Hell Boys card (with a role added for illustration).
    let hb = card("Hell Boys");
    assert_eq!(
        (cf.card.ap, cf.card.health, cf.card.models.len()),
        (hb.ap, hb.health, hb.models.len())
    );
    assert_eq!(cf.card.weapons, hb.weapons);
}

/// tactics-battlefield-summary.md, "HEROES": "Some have sidekicks, heroes who possess the
/// Sidekick attribute … they can join the named superhuman"; "VEHICLE WEAPONS": "PASSENGERS (#)",
/// "TANK RIDERS (#)"; "AIR PILOT", "ACE AIR PILOT". The card keys `sidekick`, `passengers`,
/// `tank-riders` and the skills `air-pilot`, `ace-air-pilot` (battlefront cards), each refused
/// where the book gives it no meaning.
#[test]
fn cards_say_sidekick_passengers_tank_riders_and_air_pilots() {
    let hero = "name = \"Test Hero\"\nedition = \"battlefront\"\nbloc = \"allies\"\nkind = \"hero\"\nmovement = 1\narmor = \"soldier 2\"\nhealth = 3\nap = 10\nskills = [\"air-pilot\"]\nsidekick = \"Test Superhuman\"\nsource = \"provisional: test\"\n\n[[weapon]]\nname = \"Pistol\"\nrange = \"2\"\nsoldier = [\"2/1\", \"1/1\", \"-\", \"-\"]\n";
    let cf = parse_card_file(hero, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(cf.info.battlefront.sidekick.as_deref(), Some("Test Superhuman"));
    assert!(cf.info.battlefront.has(dust_core::unit::BattlefrontSkill::AirPilot));
    let truck = hero
        .replace("kind = \"hero\"", "kind = \"vehicle\"")
        .replace("armor = \"soldier 2\"", "armor = \"vehicle 2\"")
        .replace(
            "skills = [\"air-pilot\"]\nsidekick = \"Test Superhuman\"",
            "skills = []\npassengers = 6\ntank-riders = 4",
        )
        .replace(
            "soldier = [\"2/1\", \"1/1\", \"-\", \"-\"]",
            "vehicle = [\"1/1\", \"1/1\", \"-\", \"-\", \"-\", \"-\", \"-\"]",
        );
    let cf = parse_card_file(&truck, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!((cf.info.battlefront.passengers, cf.info.battlefront.tank_riders), (6, 4));
    let d = diags(&hero.replace("sidekick = \"Test Superhuman\"", "passengers = 6"));
    assert!(
        d.iter()
            .any(|x| x.starts_with("t.toml:10:14: only a vehicle or aircraft carries units")),
        "{d:?}"
    );
    let d = diags(&truck.replace("passengers = 6", "sidekick = \"Test Superhuman\""));
    assert!(d.iter().any(|x| x.starts_with("t.toml:10:12: only a hero is a sidekick")), "{d:?}");
    let d = diags(&GOOD.replace("ap = 10\n", "ap = 10\npassengers = 4\n"));
    assert!(
        d.iter().any(|x| x.contains("`passengers` belongs to the battlefront edition")),
        "{d:?}"
    );
}
