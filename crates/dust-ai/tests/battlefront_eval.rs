//! Issue 10: the AI's evaluation in the battlefront edition. Large and huge models are measured
//! from their nearest square (tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size",
//! "2) Check Range": "targeting any of their squares"), and a line's value comes from the
//! battlefront odds (its dice and saves, "6) Roll Saves").

use dust_ai::eval::{self, AttackMode};
use dust_core::game::tests_support::{open_game, placed, rifle, sq, squad};
use dust_core::game::{Game, UnitId, UnitSetup};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, CombatValue};
use dust_core::{Armor, ArmorType, Edition, Side, UnitCard, UnitKind, WeaponRange};
use std::sync::Arc;

fn tank() -> Arc<UnitCard> {
    let mut gun = rifle("Gun", WeaponRange::Spaces { min: 1, max: 2 }, 2);
    gun.table.vehicle = [CombatValue::Dice { dice: 2, damage: 1 }; 7];
    let mut c = squad("Tank", 1, vec![gun]);
    c.kind = UnitKind::Vehicle;
    c.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 3,
    };
    c.health = 4;
    c.models.clear();
    c.soft_cover = None;
    c.hard_cover = None;
    Arc::new(c)
}

fn large(mut u: UnitSetup) -> UnitSetup {
    u.battlefront = Some(Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::LargeVehicle),
        ..BattlefrontCard::default()
    }));
    u
}

/// A large tank of side A on C8 (facing north, so its rear square is C7) and a squad of side B
/// on C5 whose rifles reach two squares: three squares from the tank's front, two from its rear.
fn game(edition: Edition) -> Game {
    let inf = Arc::new(squad(
        "Riflemen",
        3,
        vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 2 }, 2)],
    ));
    let mut setup = open_game(3, 10, vec![large(placed(&tank(), Side::A, "C8")), placed(&inf, Side::B, "C5")]);
    setup.edition = edition;
    Game::new(setup).expect("starts")
}

#[test]
fn range_to_the_nearest_square_of_a_large_model() {
    let g = game(Edition::Battlefront);
    let (tank, inf) = (UnitId(0), UnitId(1));
    assert_eq!(g.unit_squares(tank), vec![sq("C8"), sq("C7")]);
    assert_eq!(eval::unit_range(&g, inf, sq("C5"), tank, sq("C8")), 2);
    assert_eq!(eval::unit_range(&g, tank, sq("C8"), inf, sq("C5")), 2);
    let rifle = eval::attack_lines(&g, inf)[0];
    let gun = eval::attack_lines(&g, tank)[0];
    // The squad reaches the tank's rear square, and the tank fires from it.
    assert!(eval::line_damage(&g, inf, rifle, tank, sq("C5"), sq("C8"), AttackMode::default()).is_some());
    assert!(eval::line_value_exact(&g, tank, gun, inf, sq("C8"), sq("C5"), AttackMode::default()).is_some_and(|v| v > 0.0));
    assert!(eval::threat_from(&g, inf, sq("C5"), AttackMode::default()) > 0.0);
    assert!(eval::threat_exact(&g, tank, sq("C8"), AttackMode::default()) > 0.0);
    assert!(eval::danger_at(&g, tank, sq("C8")) > 0.0);
    assert_eq!(eval::nearest_enemy(&g, Side::B, sq("C5")), 2);
    // In the revised edition the tank is one square: three squares, out of range.
    let r = game(Edition::Revised);
    assert_eq!(r.unit_squares(tank), vec![sq("C8")]);
    assert!(eval::line_damage(&r, inf, rifle, tank, sq("C5"), sq("C8"), AttackMode::default()).is_none());
    assert_eq!(eval::threat_from(&r, inf, sq("C5"), AttackMode::default()), 0.0);
}

/// The battlefront line values use the battlefront odds: a squad in the open still saves on the
/// army symbol (infantry save), so the tank's gun is worth less than with no save at all, and
/// one miniature per hit.
#[test]
fn line_values_use_the_battlefront_odds() {
    let g = game(Edition::Battlefront);
    let (tank, inf) = (UnitId(0), UnitId(1));
    let gun = eval::attack_lines(&g, tank)[0];
    let bf = eval::line_value_exact(&g, tank, gun, inf, sq("C8"), sq("C5"), AttackMode::default()).expect("in range");
    // Two dice, a hit kept on 1/3 × 2/3: P(k miniatures lost) binomial(2, 2/9).
    let p = 2.0 / 9.0;
    let want = 2.0 * p * (1.0 - p) * eval::loss_value(&g, inf, 1) + p * p * eval::loss_value(&g, inf, 2);
    assert!((bf - want).abs() < 1e-9, "{bf} vs {want}");
}

/// The quick estimate (`line_damage`) follows the battlefront saves and one miniature per hit
/// too: the tank's gun rolls 2 dice at the squad in the open, each a hit kept on 1/3 × 2/3.
#[test]
fn the_quick_estimate_uses_the_battlefront_saves() {
    let g = game(Edition::Battlefront);
    let (tank, inf) = (UnitId(0), UnitId(1));
    let gun = eval::attack_lines(&g, tank)[0];
    let d = eval::line_damage(&g, tank, gun, inf, sq("C8"), sq("C5"), AttackMode::default()).expect("in range");
    assert!((d - 2.0 * 2.0 / 9.0).abs() < 1e-9, "{d}");
}
