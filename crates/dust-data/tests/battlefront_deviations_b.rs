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
