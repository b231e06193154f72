//! Naval units and amphibious vehicles on the Battlefield table (issue 24), each test written
//! from the words of tactics-battlefield-summary.md ("the book"), "VEHICLE WEAPONS": "NAVAL
//! UNIT" ("A naval unit treats deep water as open space, but cannot enter any other type of
//! terrain. A naval unit may take a free ATTACK action immediately after it performs a MARCH
//! MOVE action. An eliminated naval unit becomes deep water terrain."), "AMPHIBIOUS" ("An
//! amphibious vehicle can move through deep water as if it were open space."), "SEALIFTER"
//! ("Sealifters are naval units") and "Terrain" ("Terrain features such as building walls,
//! cliffs, and deep water are impassable"). Through the public API only.

use dust_core::field::tests_support::{activate, rolls, settle, squad_card, vehicle_card, weapon, Builder};
use dust_core::field::{Action, Aim, Decision, FieldCard, FieldGame, MiniMove, Purpose};
use dust_core::unit::{BattlefrontSkill, Locomotion};
use dust_core::Side;
use dust_geom::exact::Pt;
use dust_geom::table::TerrainKind;

use Action::*;

/// A vehicle (hull 10 × 6 cm, Move 2: 20 cm) with battlefront equipment `skill`, if any.
fn boat(name: &str, skill: Option<BattlefrontSkill>) -> FieldCard {
    let mut c = vehicle_card(name, Locomotion::Tracked);
    c.bf.skills.extend(skill);
    c
}

/// A far-off enemy that kills anything it shoots.
fn killers() -> FieldCard {
    let mut c = squad_card("Killers", 1);
    c.card.weapons[0] = weapon("Big Gun", Some(10), 20);
    c
}

/// Unit `k` (the killers) fires at unit 0, and the casualties are taken.
fn kill_unit_0(g: &mut FieldGame, k: usize) {
    activate(g, k, &[Attack, Nothing]);
    g.apply(Decision::Attack(vec![Aim {
        line: 0,
        target: 0,
        at: None,
    }]))
    .expect("fired");
    settle(g);
}

/// Unit 0 moved straight to `to` (cm), facing unchanged.
fn go(to: (f64, f64)) -> Decision {
    Decision::Move {
        minis: vec![MiniMove {
            mini: 0,
            to: Pt::cm(to.0, to.1),
            via: Vec::new(),
        }],
        facing: None,
    }
}

/// A lake of deep water 20–160 × 20–`top` cm with unit 0 (`card`) at (50, 50) facing +y (hull
/// x 47–53, y 45–55), and an enemy far off on land.
fn lake(card: FieldCard, top: f64) -> FieldGame {
    Builder::default()
        .terrain(TerrainKind::DeepWater, &[(20.0, 20.0), (160.0, 20.0), (160.0, top), (20.0, top)])
        .unit(Side::A, card, &[(50.0, 50.0)], 0)
        .unit(Side::B, killers(), &[(150.0, 110.0)], 180)
        .game(1)
}

/// "NAVAL UNIT": "A naval unit treats deep water as open space": it moves its full Move through
/// it (no terrain cap, no roll), where any other vehicle may not be at all.
#[test]
fn a_naval_unit_treats_deep_water_as_open_space() {
    let mut g = lake(boat("Gunboat", Some(BattlefrontSkill::Naval)), 100.0);
    activate(&mut g, 0, &[Move, Nothing]);
    g.check(&go((50.0, 70.0)))
        .expect("20 cm across deep water: a Move as on open ground");
    let far = g.check(&go((50.0, 71.0))).expect_err("21 cm: beyond Move 2");
    assert!(far.reason.contains("more than"), "{far}");
    g.apply(go((50.0, 70.0))).expect("moved");
    assert_eq!(g.table().units[0].minis[0].body.centre(), Pt::cm(50.0, 70.0));
    // The generator proposes moves on the water, and check accepts each.
    let moves: Vec<Decision> = {
        let mut g = lake(boat("Gunboat", Some(BattlefrontSkill::Naval)), 100.0);
        activate(&mut g, 0, &[Move, Nothing]);
        let c = g.candidates(64);
        for d in &c {
            g.check(d).expect("every candidate is legal");
        }
        c
    };
    assert!(moves.iter().any(|d| matches!(d, Decision::Move { .. })), "{moves:?}");
}

/// "Terrain": "deep water [is] impassable. Units cannot move through impassable terrain": a
/// vehicle neither naval nor amphibious may not cross a river of deep water.
#[test]
fn deep_water_stays_impassable_to_other_vehicles() {
    let river = |card: FieldCard| {
        Builder::default()
            .terrain(TerrainKind::DeepWater, &[(0.0, 60.0), (180.0, 60.0), (180.0, 70.0), (0.0, 70.0)])
            .unit(Side::A, card, &[(50.0, 50.0)], 0)
            .unit(Side::B, killers(), &[(150.0, 110.0)], 180)
            .game(1)
    };
    let mut g = river(boat("Tank", None));
    activate(&mut g, 0, &[March]);
    let e = g.check(&go((50.0, 80.0))).expect_err("deep water blocks a tank");
    assert!(e.reason.contains("deep-water"), "{e}");
    // "AMPHIBIOUS": "An amphibious vehicle can move through deep water as if it were open space."
    let mut g = river(boat("Amphibian", Some(BattlefrontSkill::Amphibious)));
    activate(&mut g, 0, &[March]);
    g.check(&go((50.0, 80.0))).expect("across the river as over open ground");
    g.check(&go((50.0, 65.0))).expect("and it may stop in it");
    g.check(&go((50.0, 90.0))).expect("40 cm: the whole March Move, no terrain cap");
    let from = g.events().len();
    g.apply(go((50.0, 90.0))).expect("crossed");
    assert!(
        rolls(&g, from, Purpose::Terrain).is_empty(),
        "no roll for a tracked vehicle: deep water is open space to it"
    );
    assert_eq!(g.table().units[0].minis[0].body.centre(), Pt::cm(50.0, 90.0));
}

/// "NAVAL UNIT": "…but cannot enter any other type of terrain": not the shore (open ground is
/// not deep water: docs/rulings.md, "Battlefield: naval units"), not an island of woods; the
/// hull may touch the shore.
#[test]
fn a_naval_unit_cannot_leave_deep_water() {
    let mut g = lake(boat("Gunboat", Some(BattlefrontSkill::Naval)), 70.0);
    activate(&mut g, 0, &[Move, Nothing]);
    g.check(&go((50.0, 65.0))).expect("the bow touches the shore at y = 70");
    let e = g.check(&go((50.0, 66.0))).expect_err("the bow would be on dry land");
    assert!(e.reason.contains("deep water"), "{e}");
    let e = g.check(&go((50.0, 18.0))).expect_err("nor out at the other shore");
    assert!(e.reason.contains("deep water"), "{e}");
    let mut g = Builder::default()
        .terrain(
            TerrainKind::DeepWater,
            &[(20.0, 20.0), (160.0, 20.0), (160.0, 100.0), (20.0, 100.0)],
        )
        .terrain(TerrainKind::Woods, &[(40.0, 60.0), (60.0, 60.0), (60.0, 63.0), (40.0, 63.0)])
        .unit(Side::A, boat("Gunboat", Some(BattlefrontSkill::Naval)), &[(50.0, 50.0)], 0)
        .unit(Side::B, killers(), &[(150.0, 110.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let e = g.check(&go((50.0, 70.0))).expect_err("the island's woods are other terrain");
    assert!(e.reason.contains("woods"), "{e}");
}

/// "SEALIFTER": "Sealifters are naval units": the same water binds it.
#[test]
fn a_sealifter_is_a_naval_unit() {
    let mut g = lake(boat("Landing Craft", Some(BattlefrontSkill::Sealifter)), 70.0);
    activate(&mut g, 0, &[Move, Nothing]);
    g.check(&go((70.0, 50.0))).expect("on the water");
    assert!(g.check(&go((50.0, 66.0))).is_err(), "not onto the shore");
}

/// "NAVAL UNIT": "A naval unit may take a free ATTACK action immediately after it performs a
/// MARCH MOVE action": MARCH MOVE then ATTACK with two actions, any weapon; not for a tank.
#[test]
fn a_naval_unit_attacks_free_after_a_march_move() {
    let mut g = Builder::default()
        .terrain(
            TerrainKind::DeepWater,
            &[(20.0, 20.0), (160.0, 20.0), (160.0, 100.0), (20.0, 100.0)],
        )
        .unit(Side::A, boat("Gunboat", Some(BattlefrontSkill::Naval)), &[(50.0, 50.0)], 0)
        .unit(Side::B, squad_card("Target", 1), &[(50.0, 105.0)], 180)
        .game(1);
    let side = Side::A;
    if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(side)).unwrap();
    }
    g.apply(Decision::Activate(0)).unwrap();
    let plan = Decision::Plan(vec![March, Attack]);
    assert!(g.candidates(256).contains(&plan), "the generator proposes it");
    g.apply(plan).expect("MARCH MOVE and a free ATTACK");
    g.apply(go((50.0, 90.0))).expect("the march move");
    settle(&mut g);
    let fire = Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: None,
    }]);
    g.check(&fire)
        .expect("the gun (range 5) fires: the free ATTACK is not limited to C weapons");
    g.apply(fire).expect("fired");
    // A tank has no such free action.
    let mut t = Builder::default()
        .unit(Side::A, boat("Tank", None), &[(50.0, 50.0)], 0)
        .unit(Side::B, squad_card("Target", 1), &[(50.0, 105.0)], 180)
        .game(1);
    if t.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        t.apply(Decision::First(side)).unwrap();
    }
    t.apply(Decision::Activate(0)).unwrap();
    assert!(t.check(&Decision::Plan(vec![March, Attack])).is_err(), "three actions' worth");
}

/// "NAVAL UNIT": "An eliminated naval unit becomes deep water terrain" (not a wreck).
#[test]
fn an_eliminated_naval_unit_becomes_deep_water() {
    for (skill, kind) in [(Some(BattlefrontSkill::Naval), TerrainKind::DeepWater), (None, TerrainKind::Wreck)] {
        let mut b = Builder::default();
        if skill.is_some() {
            b = b.terrain(TerrainKind::DeepWater, &[(20.0, 20.0), (160.0, 20.0), (160.0, 80.0), (20.0, 80.0)]);
        }
        let mut g = b
            .unit(Side::A, boat("Boat", skill), &[(50.0, 50.0)], 0)
            .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
            .game(1);
        kill_unit_0(&mut g, 1);
        assert!(g.units()[0].destroyed);
        let last = g.table().terrain.last().expect("the hull leaves terrain");
        assert_eq!(last.kind, kind, "{skill:?}");
        assert_eq!(
            last.area,
            dust_geom::table::Area::Polygon(
                dust_geom::table::Body::hull(Pt::cm(50.0, 50.0), 1_000, 600, dust_geom::angle::Facing::deg(0)).outline()
            )
        );
    }
}

/// "CARRYING VEHICLES", "SEALIFTER": "If a sealifter is eliminated in deep water, all passengers
/// and vehicles carried by it are eliminated. If it is eliminated with the bow door in contact
/// with dry land, the passengers and vehicles it is carrying are unharmed": a naval unit never
/// leaves the water, so the contact is its hull touching the shore (docs/rulings.md,
/// "Battlefield: sealifters").
#[test]
fn a_sealifter_lost_with_its_bow_touching_the_shore_spares_those_aboard() {
    for (top, lost) in [(80.0, true), (55.0, false)] {
        let mut g = Builder::default()
            .terrain(TerrainKind::DeepWater, &[(20.0, 20.0), (160.0, 20.0), (160.0, top), (20.0, top)])
            .unit(
                Side::A,
                boat("Landing Craft", Some(BattlefrontSkill::Sealifter)),
                &[(50.0, 50.0)],
                0,
            )
            .unit(Side::A, squad_card("Marines", 2), &[(49.0, 46.0), (49.0, 47.0)], 0)
            .aboard(0)
            .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
            .game(1);
        kill_unit_0(&mut g, 2);
        assert!(g.units()[0].destroyed);
        assert_eq!(g.units()[1].destroyed, lost, "shore at y = {top} (the bow at y = 55)");
    }
}

/// The generator proposes only what check accepts with naval and amphibious units on the table
/// (a river the amphibian crosses, a lake the gunboat keeps to): 4 seeds × up to 150 random
/// decisions, every candidate checked, and the gunboat never off the water.
#[test]
fn every_proposal_with_naval_units_is_legal() {
    let mut sailed = 0;
    for seed in 1..=4u64 {
        let mut g = Builder::default()
            .terrain(TerrainKind::DeepWater, &[(20.0, 20.0), (120.0, 20.0), (120.0, 70.0), (20.0, 70.0)])
            .unit(Side::A, boat("Gunboat", Some(BattlefrontSkill::Naval)), &[(50.0, 50.0)], 0)
            .unit(Side::A, boat("Amphibian", Some(BattlefrontSkill::Amphibious)), &[(140.0, 50.0)], 0)
            .unit(Side::B, squad_card("Target", 2), &[(60.0, 100.0), (63.0, 100.0)], 180)
            .game(seed);
        let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..150 {
            if g.candidates(1).is_empty() {
                break;
            }
            for d in g.candidates(32) {
                g.check(&d).unwrap_or_else(|e| panic!("{d} proposed but refused: {e}"));
            }
            dust_core::field::tests_support::random_step(&mut g, &mut pick, 32);
            if !g.units()[0].destroyed {
                let body = &g.table().units[0].minis[0].body;
                assert!(
                    dust_geom::path::afloat_body(g.table(), body),
                    "seed {seed}: the gunboat left the water"
                );
            }
        }
        let moved = g.table().units[0]
            .minis
            .first()
            .is_none_or(|m| m.body.centre() != Pt::cm(50.0, 50.0));
        sailed += usize::from(moved);
    }
    assert!(sailed > 0, "the gunboat moved in some game");
}
