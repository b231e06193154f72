//! Deviations from tactics-battlefront-2013-rules.txt that an independent reading found (field
//! of fire, Sustained Attack, artillery range, moving through friends, March Move, reacting to a
//! March Move, Jump, ground units under aircraft, line of sight that touches blocking squares).
//! Each test quotes the section it checks and asserts what the book says, in a situation with
//! more than one target, friend or line where a partial fix could pass. Dice are scripted
//! (successes per roll), so every test is deterministic.

use dust_core::battlefront::{area_cover, sees, Facing};
use dust_core::game::tests_support::{
    battlefront, infantry, infantry_with_knives, legal, moves, open_game, placed, rifle, sq, tank, vehicle_card, with_bf, Table, R6,
};
use dust_core::game::{GameSetup, UnitId};
use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatValue, Mount, Skill};
use dust_core::{Armor, ArmorType, Occupancy, PieceKind, Side, Terrain, UnitCard, UnitKind, WeaponRange};
use std::sync::Arc;

/// A vehicle of one square (movement 1) whose weapon lines have the given mounts; each line
/// rolls `dice` against infantry.
fn mounted_vehicle(name: &str, lines: &[(&str, Mount, u8)]) -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let weapons = lines.iter().map(|&(n, _, dice)| rifle(n, R6, dice)).collect();
    let c = vehicle_card(name, 6, weapons);
    let bf = BattlefrontCard {
        weapons: lines
            .iter()
            .map(|&(_, m, _)| BattlefrontWeapon {
                mount: Some(m),
                ..BattlefrontWeapon::default()
            })
            .collect(),
        ..BattlefrontCard::default()
    };
    (Arc::new(c), Arc::new(bf))
}

/// The aims offered now, as text.
fn aims_offered(t: &Table) -> Vec<String> {
    legal(t).into_iter().filter(|d| d.starts_with("aim")).collect()
}

/// The targets (`u1`, …) offered now to weapon line `line`.
fn targets_of(t: &Table, line: u8) -> Vec<String> {
    aims_offered(t)
        .into_iter()
        .filter_map(|a| {
            let parts: Vec<&str> = a.split_whitespace().collect();
            (parts.get(1) == Some(&line.to_string().as_str()) && parts.get(2) != Some(&"none")).then(|| parts[2].to_string())
        })
        .collect()
}

/// An aircraft card with `movement`.
fn aircraft(name: &str, movement: u8) -> Arc<UnitCard> {
    let mut gun = rifle("Cannon", R6, 2);
    gun.table.aircraft = [CombatValue::Dice { dice: 2, damage: 1 }; 3];
    let mut c = vehicle_card(name, 3, vec![gun]);
    c.kind = UnitKind::Aircraft;
    c.armor = Armor {
        kind: ArmorType::Aircraft,
        class: 1,
    };
    c.movement = movement;
    Arc::new(c)
}

/// A squad of three riflemen with Move rating `movement` and `skills`.
fn walkers(name: &str, movement: u8, skills: &[Skill]) -> Arc<UnitCard> {
    let mut c = (*infantry(name, 3)).clone();
    c.movement = movement;
    c.skills = skills.to_vec();
    Arc::new(c)
}

/// Every square where a March Move of unit `unit` may end: the first move decision, then for
/// each of its answers the second (a declaration of one move decision gives its answers).
fn march_ends(setup: &GameSetup, unit: u8, side: Side) -> Vec<String> {
    let mut t = Table::new(setup.clone());
    t.initiative(side);
    t.decide(&format!("activate u{unit}"));
    t.decide("plan move move");
    let mut ends = Vec::new();
    for first in moves(&t) {
        let mut u = Table::new(setup.clone());
        u.initiative(side);
        u.decide(&format!("activate u{unit}"));
        u.decide("plan move move");
        u.decide(&first);
        let second = moves(&u);
        if second.is_empty() {
            ends.push(first.clone());
        }
        ends.extend(second);
    }
    ends.sort();
    ends.dedup();
    ends
}

/// tactics-battlefront-2013-rules.txt, "1) Check Field of Fire": "Most Vehicle weapons can only
/// attack targets up to 45 degrees on either side of the direction the Vehicle is facing.
/// Turret-mounted, hatch-mounted, and pedestal-mounted weapons can attack targets in any
/// direction. Remember, units can end their movement facing in any direction, so when you move
/// units that have a limited Field of Fire, point them at their intended target." A vehicle has
/// one facing: after its Move, its two front-mounted weapons fire into one front arc (two
/// targets north, not the one south), while its hatch-mounted weapon fires all round; it ends
/// facing both northern targets.
#[test]
fn field_of_fire_one_facing_for_all_front_lines() {
    let (walker, bf) = mounted_vehicle(
        "Grand'ma",
        &[
            ("VK-916 Howitzer", Mount::Front, 2),
            ("Sulphur Jet", Mount::Front, 1),
            ("MG", Mount::Hatch, 1),
        ],
    );
    let foot = infantry("Foot", 3);
    let mut t = Table::new(battlefront(open_game(
        8,
        10,
        vec![
            with_bf(placed(&walker, Side::A, "C5"), &bf),
            placed(&foot, Side::B, "D9"),
            placed(&foot, Side::B, "F9"),
            placed(&foot, Side::B, "D1"),
        ],
    )));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    t.decide("move D5");
    // The Move is made; the other side declines a reactive attack; then the targets are
    // declared (B-025), and before any aim the walker may still turn to any target.
    t.decide("react none");
    assert_eq!(targets_of(&t, 0), ["u1", "u2", "u3"]);
    t.decide("aim 0 u1 0");
    // The Sulphur Jet shares the howitzer's facing: the two northern squads, never the southern.
    assert_eq!(targets_of(&t, 1), ["u1", "u2"], "one facing for every front-mounted weapon");
    t.decide("aim 1 u2 0");
    // The hatch-mounted MG fires in any direction.
    assert_eq!(targets_of(&t, 2), ["u1", "u2", "u3"]);
    t.decide("aim 2 u3 0");
    // The attack turns the walker.
    let f = t.game.unit(UnitId(0)).facing;
    assert!(
        f.in_front_arc(sq("D5"), sq("D9")) && f.in_front_arc(sq("D5"), sq("F9")),
        "it ends facing both targets of its front weapons: {f:?}"
    );
    assert!(!f.in_front_arc(sq("D5"), sq("D1")));
    // Aimed the other way round: the southern squad first, then no northern one for the jet.
    let mut t = Table::new(battlefront(open_game(
        8,
        10,
        vec![
            with_bf(placed(&walker, Side::A, "C5"), &bf),
            placed(&foot, Side::B, "D9"),
            placed(&foot, Side::B, "F9"),
            placed(&foot, Side::B, "D1"),
        ],
    )));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    t.decide("move D5");
    t.decide("react none");
    t.decide("aim 0 u3 0");
    assert_eq!(targets_of(&t, 1), ["u3"]);
    assert_eq!(Facing::towards(sq("D5"), sq("D1")), Some(Facing::SOUTH));
}

/// tactics-battlefront-2013-rules.txt, "Sustained Attack and Close-Combat Weapons": "A unit
/// performing a Sustained Attack action must choose between using Ranged Weapons or
/// Close-Combat Weapons." A squad with rifles and knives beside one enemy squad and in range of
/// another: once its rifles are aimed, neither its knives nor its improvised weapons get a
/// target; with the knives aimed instead, the rifles get none (at either squad).
#[test]
fn sustained_attack_ranged_or_close_combat() {
    let grenadiers = infantry_with_knives("Recon Grenadiers", 5);
    let gunners = infantry_with_knives("The Gunners", 4);
    let setup = battlefront(open_game(
        6,
        8,
        vec![
            placed(&grenadiers, Side::A, "C2"),
            placed(&gunners, Side::B, "C3"),
            placed(&gunners, Side::B, "C6"),
        ],
    ));
    // Rifles first.
    let mut t = Table::new(setup.clone());
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan sustained");
    assert_eq!(targets_of(&t, 0), ["u1", "u2"]);
    t.decide("aim 0 u2 0");
    // Neither the knives (line 1) nor the improvised weapons (line 2, close-combat weapons too)
    // get a target: the lines are skipped and the dice of the rifles are rolled.
    assert!(
        targets_of(&t, 1).is_empty() && targets_of(&t, 2).is_empty(),
        "no close combat after the rifles: {:?}",
        aims_offered(&t)
    );
    assert_eq!(t.pending_dice(), Some(5), "the five rifles alone");
    // Knives instead: the rifles stay silent, at the adjacent squad and the far one alike.
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan sustained");
    t.decide("aim 0 none");
    assert_eq!(targets_of(&t, 1), ["u1"]);
    t.decide("aim 1 u1 0");
    assert!(targets_of(&t, 2).is_empty(), "{:?}", aims_offered(&t));
}

/// tactics-battlefront-2013-rules.txt, "Artillery Range (A)": "Some classic cards show a Range
/// of A. These have a Range of 2-U and the Artillery special rule." ("Minimum Range": Lothar's
/// 2-U "can attack targets anywhere on the table, except those in adjacent squares".) A classic
/// Range A weapon in a battlefront game: squads at range 2, 3 and 6 may be targeted, the
/// adjacent one not.
#[test]
fn artillery_range_two_to_unlimited() {
    let mut lothar = (*tank("Lothar", 1)).clone();
    lothar.weapons = vec![rifle("Nebelwerfer 42", WeaponRange::Artillery, 2)];
    let lothar = Arc::new(lothar);
    let foot = infantry("Foot", 3);
    let mut t = Table::new(battlefront(open_game(
        6,
        10,
        vec![
            placed(&lothar, Side::A, "C1"),
            placed(&foot, Side::B, "C2"),
            placed(&foot, Side::B, "C3"),
            placed(&foot, Side::B, "C4"),
            placed(&foot, Side::B, "C7"),
        ],
    )));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan sustained");
    assert_eq!(targets_of(&t, 0), ["u2", "u3", "u4"], "range 2 to unlimited, not adjacent");
}

/// tactics-battlefront-2013-rules.txt, "Moving Through Other Units": "A Vehicle unit cannot pass
/// through a friendly Vehicle unit, but other than that, any unit may pass through a friendly
/// unit, but it cannot end its move in the same square as another friendly unit." In a lane one
/// square wide, a tank drives through two friendly squads (never stopping on them) and stops at
/// a friendly tank.
#[test]
fn vehicle_passes_through_friendly_infantry() {
    let mover = tank("Pounder", 6);
    let foot = infantry("Foot", 3);
    let other = tank("Hotdog", 1);
    let mut setup = battlefront(open_game(
        3,
        10,
        vec![
            placed(&mover, Side::A, "B1"),
            placed(&foot, Side::A, "B2"),
            placed(&foot, Side::A, "B3"),
            placed(&other, Side::A, "B6"),
            placed(&foot, Side::B, "A10"),
        ],
    ));
    for r in 1..=9 {
        for c in ["A", "C"] {
            setup.board.set_terrain(sq(&format!("{c}{r}")), Terrain::NoDot);
        }
    }
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    assert_eq!(moves(&t), ["move B4", "move B5"], "through both squads, not through the tank");
}

/// tactics-battlefront-2013-rules.txt, "March Move Actions": "A unit making a March Move action
/// doubles its Move rating for the activation." ("Moving Through Other Units": "any unit may
/// pass through a friendly unit, but it cannot end its move in the same square as another
/// friendly unit".) In a lane one square wide, a squad of Move 2 marches four squares through
/// two friendly squads, and a squad of Move 1 two squares through one: the doubled rating is one
/// move, not two moves that must each end on a free square.
#[test]
fn march_move_doubles_move_for_activation() {
    let lane = |units: Vec<dust_core::game::UnitSetup>| {
        let mut setup = battlefront(open_game(3, 10, units));
        for r in 1..=9 {
            for c in ["A", "C"] {
                setup.board.set_terrain(sq(&format!("{c}{r}")), Terrain::NoDot);
            }
        }
        setup
    };
    let foot = infantry("Foot", 3);
    let enemy = placed(&foot, Side::B, "A10");
    let two = lane(vec![
        placed(&walkers("Rangers", 2, &[]), Side::A, "B1"),
        placed(&foot, Side::A, "B2"),
        placed(&foot, Side::A, "B3"),
        enemy.clone(),
    ]);
    assert_eq!(march_ends(&two, 0, Side::A), ["move B4", "move B5"]);
    let one = lane(vec![
        placed(&walkers("Grenadiers", 1, &[]), Side::A, "B1"),
        placed(&foot, Side::A, "B2"),
        placed(&foot, Side::A, "B4"),
        enemy,
    ]);
    assert_eq!(march_ends(&one, 0, Side::A), ["move B3"]);
}

/// tactics-battlefront-2013-rules.txt, "Reacting to a March Move": "If the opposing unit is
/// performing a March Move action and you wish to make a Reactive Attack against it, the unit
/// makes a normal Move action before you attempt the Reactive Attack, then completes its March
/// Move afterwards"; "Fast Units": the Fakyeli "move two squares instead of one" in a Move
/// action, "three squares instead of two" in a March Move. A Fast squad of Move 1 marching: its
/// first leg is a normal Move of two squares, where the reactive attack meets it (one enemy
/// within range 4 there, one not), and the rest of the March brings it to three squares.
#[test]
fn reactive_attack_after_march_normal_move_first() {
    let fakyeli = walkers("Fakyeli", 1, &[Skill::Fast]);
    let foot = infantry("Grim Reapers", 3);
    let setup = battlefront(open_game(
        5,
        12,
        vec![
            placed(&fakyeli, Side::A, "C1"),
            placed(&foot, Side::B, "C7"),
            placed(&foot, Side::B, "C12"),
        ],
    ));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    let first = moves(&t);
    assert!(first.contains(&"move C3".to_string()), "a normal Move of a Fast unit: {first:?}");
    assert!(!first.contains(&"move C4".to_string()), "{first:?}");
    t.decide("move C3");
    // After the normal Move the Fakyeli stand on C3: the Grim Reapers on C7 are four squares
    // away and may react, those on C12 may not.
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
    let reacts: Vec<String> = legal(&t).into_iter().filter(|d| d.starts_with("react")).collect();
    assert_eq!(reacts, ["react none", "react u1"]);
    t.decide("react u1");
    t.roll(2, 0);
    // Then the March Move is completed (its rest chosen now, B-025): three squares in all.
    let second = moves(&t);
    assert!(second.contains(&"move C4".to_string()), "{second:?}");
    assert!(!second.contains(&"move C5".to_string()), "three squares in all: {second:?}");
    t.decide("move C4");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C4")), "then completes its March Move");
}

/// tactics-battlefront-2013-rules.txt, "Jump": "During movement, the unit can move over any
/// square as if it was open terrain, provided that it ends its move in a square that it could
/// normally enter." ("Structure Squares": "Units cannot enter a structure square.") A jumping
/// squad of Move 2 leaps over a row of structure squares (and a lone structure beyond it) to
/// the squares past them, never landing on one.
#[test]
fn jump_over_structure_squares() {
    let jumpers = walkers("Jump Troops", 2, &[Skill::Jump]);
    let foot = infantry("Foot", 3);
    let mut setup = battlefront(open_game(3, 8, vec![placed(&jumpers, Side::A, "B1"), placed(&foot, Side::B, "A8")]));
    for s in ["A2", "B2", "C2", "B4"] {
        setup.board.set_terrain(sq(s), Terrain::NoDot);
    }
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    let m = moves(&t);
    for s in ["A3", "B3", "C3"] {
        assert!(m.contains(&format!("move {s}")), "over the structures to {s}: {m:?}");
    }
    for s in ["A2", "B2", "C2"] {
        assert!(!m.contains(&format!("move {s}")), "never landing on {s}: {m:?}");
    }
    // The march of four squares: over both rows of structures, never onto B4.
    let ends = march_ends(
        &{
            let mut s = battlefront(open_game(3, 8, vec![placed(&jumpers, Side::A, "B1"), placed(&foot, Side::B, "A8")]));
            for q in ["A2", "B2", "C2", "B4"] {
                s.board.set_terrain(sq(q), Terrain::NoDot);
            }
            s
        },
        0,
        Side::A,
    );
    assert!(ends.contains(&"move B5".to_string()), "{ends:?}");
    assert!(!ends.contains(&"move B4".to_string()), "{ends:?}");
}

/// tactics-battlefront-2013-rules.txt, "Moving Through Other Units": "Infantry and Vehicle units
/// cannot enter or pass through a square occupied by an enemy Infantry or Vehicle unit, but can
/// enter a square occupied by an enemy Aircraft unit." (Only "the same square as another
/// friendly unit" is closed to the end of a move.) A squad and a tank may pass under an enemy
/// aircraft and may also stop under it; an enemy tank in the gap shuts it. (The name, cited by
/// the conformance table, is the deviation's: the engine used to let them pass but never stop.)
#[test]
fn ground_unit_passes_under_enemy_aircraft_never_stops() {
    let plane = aircraft("Plane", 3);
    let blocker = tank("Blocker", 1);
    let squad2 = walkers("Foot", 2, &[]);
    let tank2 = tank("Tank", 2);
    let options = |mover: &Arc<UnitCard>, enemy: &Arc<UnitCard>| {
        let mut setup = battlefront(open_game(5, 6, vec![placed(mover, Side::A, "C1"), placed(enemy, Side::B, "C2")]));
        for s in ["A2", "B2", "D2", "E2"] {
            setup.board.set_terrain(sq(s), Terrain::NoDot);
        }
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        moves(&t)
    };
    for mover in [&squad2, &tank2] {
        let under = options(mover, &plane);
        assert!(under.contains(&"move C3".to_string()), "under the aircraft and on: {under:?}");
        assert!(
            under.contains(&"move C2".to_string()),
            "it may enter the aircraft's square: {under:?}"
        );
        let shut = options(mover, &blocker);
        assert!(
            !shut.contains(&"move C3".to_string()) && !shut.contains(&"move C2".to_string()),
            "{shut:?}"
        );
    }
    // The squad ends its move under the aircraft.
    let mut setup = battlefront(open_game(5, 6, vec![placed(&squad2, Side::A, "C1"), placed(&plane, Side::B, "C2")]));
    for s in ["A2", "B2", "D2", "E2"] {
        setup.board.set_terrain(sq(s), Terrain::NoDot);
    }
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "move nothing", &["C2"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C2")));
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C2")));
}

/// tactics-battlefront-2013-rules.txt, "3) Check Line of Sight": "If every imaginary line traced
/// from the attacker's square to the target's square passes through or touches blocking
/// squares, then the Line of Sight is blocked"; "Cover Saves": "without passing through or
/// touching blocking squares". With structure squares on B2 and C1 meeting at one corner point
/// of B1, every line from B1 towards C2, D3 or E4 passes through that point, touching both: all
/// three are out of sight. With only one of the two there, all three are seen.
#[test]
fn los_touching_blocking_squares_is_blocked() {
    let mut setup = battlefront(open_game(6, 6, Vec::new()));
    setup.board.set_terrain(sq("B2"), Terrain::NoDot);
    setup.board.set_terrain(sq("C1"), Terrain::NoDot);
    let occ = Occupancy::new(&setup.board);
    for to in ["C2", "D3", "E4"] {
        assert!(!sees(&setup.board, &occ, sq("B1"), sq(to)), "B1 to {to} through the pinch");
        assert!(!sees(&setup.board, &occ, sq(to), sq("B1")), "{to} to B1: the same lines");
    }
    // A vehicle on C1 blocks as a structure does.
    let mut board = setup.board.clone();
    board.set_terrain(sq("C1"), Terrain::Open);
    let mut occ2 = Occupancy::new(&board);
    occ2.place(sq("C1"), PieceKind::Vehicle, Side::B);
    assert!(!sees(&board, &occ2, sq("B1"), sq("D3")));
    // One blocker alone leaves lines clear of it: seen, and in the open on the diagonal.
    let empty = Occupancy::new(&board);
    for to in ["C2", "D3", "E4"] {
        assert!(sees(&board, &empty, sq("B1"), sq(to)), "B1 to {to} past B2 alone");
    }
    assert!(!area_cover(&board, &empty, sq("B1"), sq("C2")), "B2 alone: C2 in the open");
}
