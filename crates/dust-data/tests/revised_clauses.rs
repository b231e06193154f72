//! Clauses of tactics-revised-core-rules.md and tactics-revised-faq.md that the shipped revised
//! cards must honour (docs/conformance/revised.md), and the unit facts taken from public sources
//! (each card's `source` names them; every other number stays provisional).

use dust_core::{Skill, UnitKind, WeaponRange};
use dust_data::builtin::{builtin_card_files, builtin_card_files_for};
use dust_data::card::CardFile;

fn rev(name: &str) -> CardFile {
    builtin_card_files()
        .into_iter()
        .find(|c| c.card.name == name)
        .unwrap_or_else(|| panic!("no revised card {name}"))
}

/// tactics-revised-core-rules.md, "Attacking Cover Elements" ("treat the following weapons as if
/// they had range C: Knife, Knife & Grenade, Combat Knife") and "Knife, Knife & Grenade, Combat
/// Knife" ("This weapon is range C"): on every shipped card.
#[test]
fn knives_and_grenades_are_close_combat_weapons() {
    let mut seen = 0;
    for c in builtin_card_files() {
        for w in &c.card.weapons {
            if ["Knife", "Knife & Grenade", "Combat Knife"].contains(&w.name.as_str()) {
                assert_eq!(w.range, WeaponRange::Close, "{}: {}", c.card.name, w.name);
                seen += 1;
            }
        }
    }
    assert!(seen >= 10, "only {seen} such lines");
}

/// tactics-revised-faq.md, Errata: "The correct term for "Wiederbeleben Serum" is
/// "Wiederbelebungsserum"": the skill's name in card files, and TotenMeister's card.
#[test]
fn the_serum_skill_has_the_errata_name() {
    assert_eq!(Skill::Wiederbelebungsserum.name(), "wiederbelebungsserum");
    assert_eq!(Skill::from_name("wiederbelebungsserum"), Some(Skill::Wiederbelebungsserum));
    assert_eq!(Skill::from_name("wiederbeleben-serum"), None);
    assert!(rev("TotenMeister").card.has(Skill::Wiederbelebungsserum));
}

/// The army points printed on the first-edition cards, from the official 2011 tournament lists
/// (Fantasy Flight Games news, eidn=2672), with that source on each card.
#[test]
fn army_points_of_the_first_edition_cards() {
    for (name, ap) in [
        ("Sigrid", 20),
        ("Ludwig", 40),
        ("Luther", 35),
        ("Lothar", 36),
        ("Laser Grenadiers", 27),
        ("Recon Grenadiers", 16),
        ("Tank Killers", 22),
    ] {
        let c = rev(name);
        assert_eq!(c.card.ap, ap, "{name}");
        assert!(c.card.source.contains("eidn=2672"), "{name}: {}", c.card.source);
    }
}

/// Lara's MG 44 Zwei rolls 3/1 against aircraft 1 and 2 (a public transcription of the card,
/// github.com/execdd17/Dust-Tactics, `lib/dust_tactics/weapons/mg44_zwei.rb`), in both editions.
#[test]
fn lara_mg44_zwei_against_aircraft() {
    use dust_core::unit::CombatValue;
    let three = CombatValue::Dice { dice: 3, damage: 1 };
    for c in [
        rev("Lara"),
        builtin_card_files_for(dust_core::Edition::Battlefront)
            .into_iter()
            .find(|c| c.card.name == "Lara")
            .expect("battlefront Lara"),
    ] {
        let mgs: Vec<_> = c.card.weapons.iter().filter(|w| w.name == "MG 44 Zwei").collect();
        assert_eq!(mgs.len(), 2, "two lines");
        for w in mgs {
            assert_eq!(w.table.aircraft[..2], [three, three], "{}", c.card.source);
            assert_eq!(w.table.aircraft[2], CombatValue::NoEffect);
        }
    }
}

/// The BBQ Squad (Fantasy Flight Games news, eidn=2187): Fast; four shotguns, one flamethrower,
/// five demo charges.
#[test]
fn bbq_squad_from_its_article() {
    let c = rev("BBQ Squad").card;
    assert!(c.has(Skill::Fast));
    let line = |n: &str| c.weapons.iter().position(|w| w.name == n).unwrap_or_else(|| panic!("no {n}"));
    let carriers = |li: usize| c.models.iter().filter(|m| m.weapons & (1 << li) != 0).count();
    assert_eq!(carriers(line("Shotgun")), 4);
    assert_eq!(carriers(line("Flamethrower (1)")), 1);
    assert!(c.weapons[line("Flamethrower (1)")].keywords.flame);
    assert_eq!(c.weapons[line("Demo Charge")].ammo, Some(5));
}

/// The Hot Dog (Fantasy Flight Games news, eidn=1645): .30 and .50 cal machine guns, a napalm
/// thrower of range 2, Jump.
#[test]
fn hot_dog_from_its_article() {
    let c = rev("Hot Dog").card;
    assert_eq!(c.kind, UnitKind::Vehicle);
    assert!(c.has(Skill::Jump));
    let names: Vec<&str> = c.weapons.iter().map(|w| w.name.as_str()).collect();
    assert!(names.contains(&".30 Cal MG") && names.contains(&".50 Cal MG"), "{names:?}");
    let napalm = c.weapons.iter().find(|w| w.name == "Napalm Thrower").unwrap();
    assert_eq!(napalm.range, WeaponRange::Spaces { min: 1, max: 2 });
    assert!(napalm.keywords.flame);
}

/// The Recon Boys (a fan review, tequilaswelt.de): an M1 AR of range 4, a Victory MG that can
/// fire at aircraft, a grenade launcher with 2 ammo.
#[test]
fn recon_boys_from_the_review() {
    use dust_core::unit::CombatValue;
    let c = rev("Recon Boys").card;
    let w = |n: &str| c.weapons.iter().find(|w| w.name == n).unwrap_or_else(|| panic!("no {n}"));
    assert_eq!(w("M1 AR").range, WeaponRange::Spaces { min: 1, max: 4 });
    assert!(w("Victory MG (1)").table.aircraft.iter().any(|v| *v != CombatValue::NoEffect));
    assert_eq!(w("Grenade Launcher").ammo, Some(2));
}
