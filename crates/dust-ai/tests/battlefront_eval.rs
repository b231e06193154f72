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

/// Issue 10: a line's value against a squad with a joined hero comes from the joint odds of
/// the squad's and the hero's losses (tactics-battlefront-2013-rules.txt, "Joining Infantry
/// Squads": the hits are assigned one by one, here the miniatures first), each valued as the
/// unit's loss.
#[test]
fn line_values_count_a_joined_hero() {
    use dust_core::odds::{odds, AttackSpec, JoinedHero, LineChoice};
    let shooters = Arc::new(squad(
        "Riflemen",
        3,
        vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 3 }, 2)],
    ));
    let guard = Arc::new(squad("Guard", 1, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 3 }, 1)]));
    let mut hero = squad("Hero", 1, vec![rifle("Pistol", WeaponRange::Spaces { min: 1, max: 2 }, 1)]);
    hero.kind = UnitKind::Hero;
    hero.health = 3;
    hero.ap = 30;
    hero.models.clear();
    let hero = Arc::new(hero);
    let build = |with_hero: bool| {
        let mut units = vec![placed(&shooters, Side::A, "B2"), placed(&guard, Side::B, "B4")];
        if with_hero {
            let mut h = placed(&hero, Side::B, "B4");
            h.joins = Some(1);
            units.push(h);
        }
        let mut setup = open_game(3, 8, units);
        setup.edition = Edition::Battlefront;
        Game::new(setup).expect("starts")
    };
    let g = build(true);
    let (att, sq_id, hero_id) = (UnitId(0), UnitId(1), UnitId(2));
    assert_eq!(g.unit(sq_id).joined, Some(hero_id));
    let l = eval::attack_lines(&g, att)[0];
    let v = eval::line_value_exact(&g, att, l, sq_id, sq("B2"), sq("B4"), AttackMode::default()).expect("in range");
    // By hand: the joint odds, the squad's loss and the hero's loss valued apart.
    let spec = AttackSpec {
        lines: vec![LineChoice { line: 0, ammo: 0 }],
        retaliate: false,
        ..AttackSpec::new(&shooters, &guard)
    }
    .battlefront(None, None)
    .with_joined_hero(JoinedHero::new(&hero));
    let o = odds(&spec).expect("the odds take the hero");
    let h = o.hero.as_ref().expect("hero odds");
    let mut want = 0.0;
    for (s, row) in h.joint.iter().enumerate() {
        for (k, p) in row.iter().enumerate() {
            let squad_v = if s >= 1 { eval::unit_worth(&g, sq_id) } else { 0.0 };
            want += p * (squad_v + eval::loss_value(&g, hero_id, k));
        }
    }
    assert!((v - want).abs() < 1e-9, "{v} vs {want}");
    // The hits beyond the single guard go to the hero: worth more than the guard alone.
    assert!(h.loss.mean() > 0.1, "{:?}", h.loss.probs());
    let alone = build(false);
    let l0 = eval::attack_lines(&alone, att)[0];
    let v0 = eval::line_value_exact(&alone, att, l0, sq_id, sq("B2"), sq("B4"), AttackMode::default()).expect("in range");
    assert!(v > v0, "with the hero {v}, the guard alone {v0}");
}

/// An aircraft in the AI's evaluation (tactics-battlefront-2013-rules.txt, "Aircraft Move Over
/// Terrain", "Line of Sight to Aircraft"; the scenarios' "Objectives": "a unit (other than an
/// Aircraft)"): it sees and is seen over terrain that blocks a ground unit's line of sight (the
/// trees between, not right around the target), and an objective does not draw it.
#[test]
fn aircraft_fly_in_the_evaluation() {
    use dust_core::game::ObjectiveSetup;
    use dust_core::Terrain;
    let mut gun = rifle("Cannon", WeaponRange::Spaces { min: 1, max: 6 }, 2);
    gun.table.aircraft = [CombatValue::Dice { dice: 2, damage: 1 }; 3];
    let mut plane = squad("Plane", 1, vec![gun.clone()]);
    plane.kind = UnitKind::Aircraft;
    plane.armor = Armor {
        kind: ArmorType::Aircraft,
        class: 1,
    };
    plane.health = 3;
    plane.movement = 3;
    plane.models.clear();
    plane.soft_cover = None;
    plane.hard_cover = None;
    let inf = Arc::new(squad("Riflemen", 3, vec![gun]));
    let build = |flier: Arc<UnitCard>, edition: Edition| {
        let mut setup = open_game(3, 10, vec![placed(&flier, Side::A, "B2"), placed(&inf, Side::B, "B7")]);
        setup.board.set_terrain(sq("B4"), Terrain::Trees);
        setup.board.set_terrain(sq("A4"), Terrain::Trees);
        setup.board.set_terrain(sq("C4"), Terrain::Trees);
        setup.edition = edition;
        setup.objectives.push(ObjectiveSetup {
            name: "Hill".into(),
            at: sq("C2"),
            points: 10,
            wins: false,
            wins_from: 0,
        });
        Game::new(setup).expect("starts")
    };
    let g = build(Arc::new(plane.clone()), Edition::Battlefront);
    let (air, ground) = (UnitId(0), UnitId(1));
    assert!(eval::flies(&g, air) && !eval::flies(&g, ground));
    let line = eval::attack_lines(&g, air)[0];
    let back = eval::attack_lines(&g, ground)[0];
    assert!(
        eval::line_damage(&g, air, line, ground, sq("B2"), sq("B7"), AttackMode::default()).is_some(),
        "the aircraft sees over the trees"
    );
    assert!(
        eval::line_damage(&g, ground, back, air, sq("B7"), sq("B2"), AttackMode::default()).is_some(),
        "and is seen"
    );
    assert!(eval::danger_at(&g, air, sq("B2")) > 0.0);
    // The same card as a ground vehicle: the trees block the line.
    let mut tank = plane.clone();
    tank.kind = UnitKind::Vehicle;
    tank.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 1,
    };
    let t = build(Arc::new(tank), Edition::Battlefront);
    assert!(!eval::flies(&t, air));
    assert!(eval::line_damage(&t, air, line, ground, sq("B2"), sq("B7"), AttackMode::default()).is_none());
    // The objective on C2 draws the tank onto it, not the aircraft.
    let pull = |g: &Game| eval::position_value(g, air, sq("C2")) - eval::position_value(g, air, sq("A2"));
    assert!(pull(&t) > 1.0, "the tank: {}", pull(&t));
    assert!(pull(&g).abs() < 1.0, "the aircraft: {}", pull(&g));
}

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads" ("the combined unit has the
/// lower movement rate of the two") and "Skills and Equipment" (a hero's Fast serves the squad
/// he joined): the evaluation's reach of a joined pair per Move is the engine's — the slower
/// rate, and one square more when either is Fast — as far as the engine lets the pair move up
/// the board; the revised evaluation keeps "the fastest unit's movement value".
#[test]
fn a_joined_pairs_reach_is_the_engines() {
    use dust_core::game::tests_support::Table;
    use dust_core::Skill;
    let mut riflemen = squad("Riflemen", 2, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1)]);
    riflemen.movement = 1;
    let riflemen = Arc::new(riflemen);
    let hero = |skills: Vec<Skill>| {
        let mut c = squad("Captain", 1, vec![rifle("Pistol", WeaponRange::Spaces { min: 1, max: 4 }, 1)]);
        c.kind = UnitKind::Hero;
        c.health = 3;
        c.models.clear();
        c.movement = 3;
        c.skills = skills;
        Arc::new(c)
    };
    let enemy = Arc::new(squad("Enemy", 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1)]));
    for (edition, skills, expected) in [
        (Edition::Battlefront, vec![], 1),
        (Edition::Battlefront, vec![Skill::Fast], 2),
        (Edition::Revised, vec![], 3),
        (Edition::Revised, vec![Skill::Fast], 3),
    ] {
        let mut units = vec![
            placed(&riflemen, Side::A, "C2"),
            placed(&hero(skills.clone()), Side::A, "C2"),
            placed(&enemy, Side::B, "F12"),
        ];
        units[1].joins = Some(0);
        let mut setup = open_game(6, 12, units);
        setup.edition = edition;
        let mut t = Table::new(setup);
        assert_eq!(eval::movement(&t.game, UnitId(0)), expected, "{edition:?} {skills:?}");
        if edition == Edition::Battlefront {
            t.initiative(Side::A);
            t.decide("activate u0");
            t.decide("use separate no");
            t.decide("plan move nothing");
            let farthest = t
                .game
                .legal_decisions()
                .iter()
                .filter_map(|d| match d {
                    dust_core::game::Decision::MoveTo(s) if s.col() == 2 => Some(u32::from(s.row())),
                    _ => None,
                })
                .max();
            // From C2 (row index 1).
            assert_eq!(farthest, Some(1 + expected), "{skills:?}: the engine's Move up column C");
        }
    }
}
