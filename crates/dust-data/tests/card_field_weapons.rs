//! Card files: an engineer vehicle's equipment, its cutting and grappling weapons, and salvo lines
//! (tactics-battlefield-summary.md, "ENGINEER VEHICLE", "ENGINEERING VEHICLES": "An engineer
//! vehicle equipped with cutting or grappling weapons can attempt to cut a gap through an
//! adjacent barbed wire entanglement").

use dust_core::unit::BattlefrontSkill;
use dust_data::card::parse_card_file;

/// A battlefront card of `kind` with `skills` and one close-combat line with `keywords`.
fn card(kind: &str, armor: &str, skills: &str, keywords: &str) -> String {
    format!(
        "name = \"T\"\nedition = \"battlefront\"\nbloc = \"axis\"\nkind = \"{kind}\"\nmovement = 1\narmor = \"{armor}\"\nhealth = 3\nap = 10\nsource = \"test\"\nskills = [{skills}]\n\
         [[weapon]]\nname = \"Chainsaw\"\nrange = \"C\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\nkeywords = [{keywords}]\n"
    )
}

fn errors(text: &str) -> Vec<String> {
    match parse_card_file(text, "t.toml") {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(ToString::to_string).collect(),
    }
}

/// `engineer` on a vehicle, `cutting` and `grapple` on its lines: read into the card.
#[test]
fn an_engineer_vehicle_with_a_cutting_line_reads() {
    let f = parse_card_file(&card("vehicle", "vehicle 3", "\"engineer\"", "\"cutting\""), "t.toml").expect("valid");
    assert!(f.info.battlefront.has(BattlefrontSkill::Engineer));
    assert!(f.info.battlefront.weapons[0].cutting);
    let f = parse_card_file(&card("vehicle", "vehicle 3", "\"engineer\"", "\"grapple\""), "t.toml").expect("valid");
    assert!(f.info.battlefront.weapons[0].grapple);
}

/// "An engineer vehicle": the equipment belongs on a vehicle's card; elsewhere the file is
/// refused with where and why (the same for a dozer blade, "An amphibious vehicle" and a naval
/// unit, listed among the vehicles' attributes: tactics-battlefield-summary.md, "AMPHIBIOUS",
/// "NAVAL UNIT").
#[test]
fn engineer_equipment_is_a_vehicles() {
    for skill in ["engineer", "dozer-blade", "amphibious", "naval"] {
        let e = errors(&card("squad", "soldier 2", &format!("\"{skill}\""), "\"cutting\""));
        assert!(
            e.iter()
                .any(|m| m.starts_with("t.toml:") && m.contains(&format!("`{skill}` is a vehicle's equipment"))),
            "{skill}: {e:#?}"
        );
    }
}

/// "SALVO WEAPONS": a weapon line says it is one with the `salvo` keyword (battlefront cards,
/// played on the table); `reload` is read in both editions.
#[test]
fn salvo_and_reload_lines_read() {
    let f = parse_card_file(&card("vehicle", "vehicle 3", "", "\"salvo\""), "t.toml").expect("valid");
    assert!(f.info.battlefront.weapons[0].salvo);
    let f = parse_card_file(&card("vehicle", "vehicle 3", "", "\"reload\""), "t.toml").expect("valid");
    assert!(f.card.weapons[0].keywords.reload);
    let revised = card("vehicle", "vehicle 3", "", "\"salvo\"").replace("edition = \"battlefront\"\n", "");
    let e = errors(&revised);
    assert!(e.iter().any(|m| m.contains("`salvo` belongs to the battlefront edition")), "{e:#?}");
}
