//! Deviations of the battlefront edition from tactics-battlefront-2013-rules.txt that an
//! independent reading found: each test is written from the book's words, names its section,
//! and asserts the outcome the book states in a small hand-built situation. Dice are scripted
//! (successes per roll).

use dust_core::game::tests_support::{
    battlefront_table, hero_card, infantry_with_knives, legal, placed, rifle, sq, squad, with_bf, Table, R4, R6,
};
use dust_core::game::{Event, Pending, UnitId};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontValue, BattlefrontWeapon};
use dust_core::{ArmorType, Side, UnitCard};
use std::sync::Arc;

fn hero(name: &str) -> Arc<UnitCard> {
    Arc::new(hero_card(name, 3, vec![rifle("Pistol", R4, 2)]))
}

// ----- 13. Automatic kill on a support weapon -------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "7) Suffer Damage", "Automatic Kill Weapons": "Some
/// weapons have a [skull] as their damage rating. This indicates that the miniature that was hit
/// marks off all of the crosses on its damage track (if it has one) and is eliminated"; "Mark
/// one cross off an Infantry Support Weapon's damage track for each hit" (for other weapons).
/// One automatic-kill hit on a support weapon of three crosses marks off all three: the unit is
/// eliminated. The same hit on a squad of three removes one soldier.
#[test]
fn automatic_kill_support_weapon_all_crosses() {
    let mut gun = rifle("Kill Gun", R6, 1);
    gun.table.soldier = [BattlefrontValue::Kill { dice: 1 }.nearest(); 4];
    let gun_bf = Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            values: (1..=4)
                .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Kill { dice: 1 }))
                .collect(),
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    let shooter = Arc::new(squad("Shooter", 1, vec![gun]));
    let team = Arc::new(squad("MG Team", 3, vec![rifle("Heavy MG", R6, 3)]));
    let team_bf = Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::SupportWeapon),
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let squad3 = infantry_with_knives("Squad", 3);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&shooter, Side::A, "C2"), &gun_bf),
            with_bf(placed(&shooter, Side::A, "E2"), &gun_bf),
            with_bf(placed(&team, Side::B, "C5"), &team_bf),
            placed(&squad3, Side::B, "E5"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    t.roll(1, 1); // one hit
    t.roll(1, 0); // the infantry save fails
    assert!(t.game.unit(UnitId(2)).destroyed, "all three crosses marked off: {:?}", t.tail(6));
    t.activate(3, "nothing nothing", &[], &[], &[]);
    t.activate(1, "attack nothing", &[], &[(0, "u3", 0)], &[]);
    t.roll(1, 1);
    t.roll(1, 0);
    assert_eq!(t.health(3), 2, "a squad loses the one soldier hit");
}
