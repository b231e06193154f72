//! Deviations of the battlefront edition in the data files, each test written from the words
//! of tactics-battlefront-2013-rules.txt.

use dust_core::Edition;
use dust_data::builtin::builtin_cards;
use dust_data::scenario::parse_scenario;

const TWO_JOES: &str = r#"
name = "Two Joes"
edition = "battlefront"
map = "battlefront-boards"
rounds = 8

[army.a]
units = ["Bazooka Joe", "Bazooka Joe", "Bot Hunters"]

[army.b]
units = ["Recon Grenadiers", "Heavy Laser Grenadiers", "Ludwig"]
"#;

/// tactics-battlefront-2013-rules.txt, "Heroes": "Heroes are unique individuals, so an army can
/// never have two of the same Hero." A scenario file whose army lists Bazooka Joe twice is
/// refused with the line of the second, as `army check` refuses such an army; one Joe, or one
/// on each side, is accepted.
#[test]
fn scenario_refuses_two_of_the_same_hero() {
    let cards = builtin_cards();
    let s = parse_scenario(TWO_JOES, "two-joes.toml").expect("the file itself reads");
    let errors = s.game_setup(&cards).expect_err("two of the same hero in one army");
    assert!(
        errors
            .iter()
            .any(|d| d.message.contains("Bazooka Joe") && d.message.contains("two of the same")),
        "{errors:?}"
    );
    assert_eq!(s.edition, Edition::Battlefront);
    // One Joe on each side is two armies, each with one Joe.
    let fine = TWO_JOES.replace(
        r#"units = ["Bazooka Joe", "Bazooka Joe", "Bot Hunters"]"#,
        r#"units = ["Bazooka Joe", "Bot Hunters"]"#,
    );
    let fine = fine.replace(
        r#"units = ["Recon Grenadiers", "Heavy Laser Grenadiers", "Ludwig"]"#,
        r#"units = ["Recon Grenadiers", "Bazooka Joe", "Ludwig"]"#,
    );
    let s = parse_scenario(&fine, "one-joe-each.toml").expect("reads");
    s.game_setup(&cards).expect("one Joe per army is allowed");
}

/// The issue's "Tools" item: a battlefront card given with `--cards` plays as a battlefront card
/// (tactics-battlefront-2013-rules.txt, "Unit Cards"; docs/rulings.md, "Battlefront classic
/// cards and battlefront cards"). A user's folder holds a new battlefront walker ("Ludwig
/// Prototype", the Ludwig's card renamed, its guns front-mounted) and a replacement of the
/// shipped Ludwig whose MG 44 is turret-mounted: a battlefront scenario built from both
/// editions' card files (`scenario`, `replay`: `Scenario::game_setup_for`) gives each its
/// battlefront part, the user's, not the shipped one.
#[test]
fn user_battlefront_cards_reach_the_game() {
    use dust_core::unit::Mount;
    use dust_data::builtin::load_all_card_files;
    let ludwig = include_str!("../../../data/units/battlefront/ludwig.toml");
    let dir = std::env::temp_dir().join(format!("bf-b-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(
        dir.join("prototype.toml"),
        ludwig.replace("name = \"Ludwig\"", "name = \"Ludwig Prototype\""),
    )
    .expect("write");
    std::fs::write(
        dir.join("ludwig.toml"),
        ludwig.replacen("mount = \"hatch\"", "mount = \"turret\"", 1),
    )
    .expect("write");
    let all = load_all_card_files(Some(&dir)).expect("the folder reads");
    let _ = std::fs::remove_dir_all(&dir);
    let text = TWO_JOES.replace(
        r#"units = ["Bazooka Joe", "Bazooka Joe", "Bot Hunters"]"#,
        r#"units = ["Bazooka Joe", "Bot Hunters"]"#,
    );
    let text = text.replace(
        r#"units = ["Recon Grenadiers", "Heavy Laser Grenadiers", "Ludwig"]"#,
        r#"units = ["Recon Grenadiers", "Ludwig Prototype", "Ludwig"]"#,
    );
    let s = parse_scenario(&text, "prototype.toml").expect("reads");
    let setup = s.game_setup_for(&all).expect("builds");
    let part = |name: &str| {
        setup
            .units
            .iter()
            .find(|u| u.card.name == name)
            .and_then(|u| u.battlefront.clone())
            .unwrap_or_else(|| panic!("{name} plays without its battlefront part"))
    };
    assert_eq!(part("Ludwig Prototype").weapons[0].mount, Some(Mount::Front));
    assert_eq!(
        part("Ludwig").weapons[1].mount,
        Some(Mount::Turret),
        "the user's Ludwig, not the shipped one"
    );
    // The revised edition plays the revised cards.
    let mut revised = s.clone();
    revised.edition = Edition::Revised;
    assert!(revised.game_setup_for(&all).is_err(), "no revised card is named Ludwig Prototype");
}
