//! Large and huge models in the battlefront engine (tactics-battlefront-2013-rules.txt,
//! "Vehicle and Aircraft Size", "Moving Large Vehicles and Aircraft", "Moving Huge Vehicles",
//! "Moving On To the Table", "Walls and Buildings", "3) Check Line of Sight", "Reactive
//! Attacks"). A move leg of a model of several squares is two decisions: the front square, then
//! the square behind it (its facing). Dice are scripted.

use dust_core::battlefront::Facing;
use dust_core::game::tests_support::{
    battlefront, entering, hero_card, infantry, legal, open_game, placed, play_randomly_checking, rifle, sized, sq, sqs, squad, tank,
    Table, R6,
};
use dust_core::game::{UnitId, UnitSetup};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, CombatValue};
use dust_core::{Side, Square, Terrain, UnitCard, WeaponRange};
use std::sync::Arc;

fn short_infantry(name: &str, max: u8) -> Arc<UnitCard> {
    Arc::new(squad(name, 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max }, 1)]))
}

fn table(w: u8, h: u8, units: Vec<UnitSetup>, blocked: &[&str]) -> Table {
    let mut setup = battlefront(open_game(w, h, units));
    for s in blocked {
        setup.board.set_terrain(sq(s), Terrain::NoDot);
    }
    Table::new(setup)
}

fn squares(t: &Table, u: u8) -> Vec<Square> {
    t.game.unit_squares(UnitId(u))
}

/// "Vehicle and Aircraft Size": "Large Vehicles and Large Aircraft occupy two squares, while
/// Huge Vehicles occupy four squares." A unit placed before the game holds them all: no other
/// unit may end a move there, and they block line of sight ("a square containing a Vehicle unit
/// … does block Line of Sight").
#[test]
fn large_and_huge_models_occupy_their_squares() {
    let is48 = tank("IS-48", 1);
    let punisher = tank("Punisher", 1);
    let t = table(
        8,
        8,
        vec![
            sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
            sized(placed(&punisher, Side::B, "F6"), BattlefrontKind::HugeVehicle),
        ],
        &[],
    );
    assert_eq!(t.game.model_squares(UnitId(0)), 2);
    assert_eq!(t.game.model_squares(UnitId(1)), 4);
    // Side A faces north: its rear square is south of the front. Side B faces south: the block
    // extends north (behind) and west (its right).
    assert_eq!(squares(&t, 0), sqs(&["C3", "C2"]));
    assert_eq!(squares(&t, 1), sqs(&["F6", "F7", "E6", "E7"]));
    for s in ["C3", "C2", "F6", "F7", "E6", "E7"] {
        assert!(t.game.occupancy().at(sq(s)).has_vehicle(), "{s}");
    }
    assert!(!t.game.occupancy().at(sq("C4")).has_vehicle());
}

/// "Moving Large Vehicles Sideways": "An IS-48 has a Move rating of 1. It moves sideways around
/// the corner of the building, ending with the rear of the vehicle in the square where the
/// front started." Then "Moving Large Vehicles Diagonally": "The IS-48 then moves diagonally
/// backwards. It can either end its move facing the same way, or it can turn as it reverses."
#[test]
fn is48_moves_sideways_around_a_corner_then_diagonally_backwards() {
    let is48 = tank("IS-48", 1);
    let foe = infantry("Foe", 3);
    // The building's corner at D4: the IS-48 (C3 front, C2 rear, facing north) turns right
    // around it.
    let mut t = table(
        8,
        8,
        vec![
            sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
            placed(&foe, Side::B, "H8"),
        ],
        &["D4"],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    let fronts = legal(&t);
    assert!(fronts.contains(&"move D3".to_string()), "{fronts:?}");
    assert!(!fronts.contains(&"move D4".to_string()), "the building");
    assert!(!fronts.contains(&"move C5".to_string()), "one square of movement");
    t.decide("move D3");
    // The square behind the front: C3 (it came from there) or D2 (the front pivoted back).
    let mut rears = legal(&t);
    rears.sort();
    assert_eq!(rears, ["move C3", "move D2"]);
    t.decide("move C3");
    assert_eq!(squares(&t, 0), sqs(&["D3", "C3"]), "the rear is where the front started");
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::EAST);
    assert!(!t.game.occupancy().at(sq("C2")).has_vehicle(), "C2 is left");
    t.pass(1);
    // Next round: diagonally backwards. The rear (C3) leads to B2; the front follows into an
    // intervening square (C2 or B3), and the model faces either end.
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    assert!(legal(&t).contains(&"move C2".to_string()));
    t.decide("move C2");
    let rears = legal(&t);
    assert!(rears.contains(&"move B2".to_string()), "facing the same way (east): {rears:?}");
    assert!(rears.contains(&"move C3".to_string()), "turned as it reversed (south)");
    t.decide("move B2");
    assert_eq!(squares(&t, 0), sqs(&["C2", "B2"]));
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::EAST);
}

/// "Moving Huge Vehicles": "pick one corner of the Vehicle and move that corner one square as
/// usual. The Vehicle can rotate within the four squares it occupies either before or after
/// moving." "The Punisher moves one square diagonally, then rotates."
#[test]
fn punisher_moves_one_square_diagonally_then_rotates() {
    let punisher = tank("Punisher", 1);
    let foe = infantry("Foe", 3);
    let mut t = table(
        8,
        8,
        vec![
            sized(placed(&punisher, Side::A, "C3"), BattlefrontKind::HugeVehicle),
            placed(&foe, Side::B, "H8"),
        ],
        &[],
    );
    assert_eq!(squares(&t, 0), sqs(&["C3", "C2", "D3", "D2"]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    // North-east one square: the block D3-E4. Facing west, its front-left corner is D3.
    t.decide("move D3");
    let rears = legal(&t);
    assert!(rears.contains(&"move E3".to_string()), "rotated to face west: {rears:?}");
    t.decide("move E3");
    let mut after = squares(&t, 0);
    after.sort();
    assert_eq!(after, {
        let mut v = sqs(&["D3", "E3", "D4", "E4"]);
        v.sort();
        v
    });
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::WEST);
}

/// "Walls and Buildings": "Huge Vehicle units need a huge opening to move through" (two squares
/// wide); a large vehicle needs one square. A gap of one square between blocked squares lets
/// the IS-48 through but not the Punisher.
#[test]
fn openings_of_their_size() {
    let is48 = tank("IS-48", 2);
    let punisher = tank("Punisher", 2);
    let foe = infantry("Foe", 3);
    // A wall of blocked squares along row 5 with a gap at C5.
    let wall = ["A5", "B5", "D5", "E5", "F5", "G5", "H5"];
    let setup = |kind, card: &Arc<UnitCard>| {
        let mut t = table(
            8,
            8,
            vec![sized(placed(card, Side::A, "C4"), kind), placed(&foe, Side::B, "H8")],
            &wall,
        );
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        t
    };
    let t = setup(BattlefrontKind::LargeVehicle, &is48);
    assert!(legal(&t).contains(&"move C6".to_string()), "the large model drives through the gap");
    let t = setup(BattlefrontKind::HugeVehicle, &punisher);
    assert!(
        !legal(&t).iter().any(|m| m.ends_with('6') || m.ends_with('7')),
        "the huge model does not fit: {:?}",
        legal(&t)
    );
}

/// "Moving On To the Table": "Large and Huge Vehicles must move entirely onto the board by
/// moving two squares (usually by taking a March Move action) in their first activation before
/// they do anything else." With a Move rating of 1, a Move + Attack cannot bring it on; a March
/// Move does, the first leg leaving its rear off the board.
#[test]
fn large_vehicles_enter_fully_by_a_march_move() {
    let is48 = tank("IS-48", 1);
    let foe = infantry("Foe", 3);
    let mut t = table(
        6,
        8,
        vec![
            sized(entering(&is48, Side::A), BattlefrontKind::LargeVehicle),
            placed(&foe, Side::B, "F8"),
        ],
        &[],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    // No pose fully on the board within one square: the unit cannot enter and does nothing.
    assert!(t.game.unit(UnitId(0)).at.is_none());
    t.pass(1);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan march");
    t.decide("move C1"); // the front on an entry square, the rear still off the board
    t.decide("move C2"); // the second leg: forwards
    t.decide("move C1"); // the rear where the front entered
    assert_eq!(squares(&t, 0), sqs(&["C2", "C1"]));
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::NORTH);
}

/// "3) Check Line of Sight" and "Line of Sight Through Units": the square behind a large
/// vehicle's front blocks like the front; lines from and to the model go from any of its
/// squares, and its own squares do not block them.
#[test]
fn the_second_square_blocks_and_is_targeted() {
    let is48 = tank("IS-48", 1);
    let a = short_infantry("A", 2);
    let b = infantry("B", 3);
    // The IS-48 (side B) faces south: front D5, rear D6. A (range 2) at D3 reaches D5; B (D8)
    // stands on the far side.
    let mut t = table(
        8,
        8,
        vec![
            placed(&a, Side::A, "D3"),
            sized(placed(&is48, Side::B, "D5"), BattlefrontKind::LargeVehicle),
            placed(&b, Side::B, "D8"),
        ],
        &[],
    );
    assert_eq!(squares(&t, 1), sqs(&["D5", "D6"]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan nothing attack");
    // The Nothing action is made and the IS-48 may react; then the targets (B-025).
    t.decide("react none");
    let aims = legal(&t);
    assert!(aims.contains(&"aim 0 u1 0".to_string()), "the IS-48 is in range: {aims:?}");
    assert!(!aims.contains(&"aim 0 u2 0".to_string()), "out of range anyway");
    // A rifle of range 6 from D3 does not see D8 past both squares of the IS-48.
    drop(t);
    let a6 = infantry("A", 3);
    let mut t = table(
        8,
        8,
        vec![
            placed(&a6, Side::A, "D3"),
            sized(placed(&is48, Side::B, "D5"), BattlefrontKind::LargeVehicle),
            placed(&b, Side::B, "D8"),
        ],
        &[],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan nothing attack");
    // The Nothing action is made and the IS-48 may react; then the targets (B-025).
    t.decide("react none");
    let aims = legal(&t);
    assert!(aims.contains(&"aim 0 u1 0".to_string()));
    assert!(!aims.contains(&"aim 0 u2 0".to_string()), "hidden behind the IS-48: {aims:?}");
}

/// "2) Check Range" for a large target: any of its squares. A weapon of range 2 at D1 reaches
/// the rear square (D3) of a large vehicle whose front (D4) is at range 3.
#[test]
fn range_to_the_nearest_square() {
    let is48 = tank("IS-48", 1);
    let b = short_infantry("B", 2);
    let t = |front: &str| {
        let mut t = table(
            8,
            8,
            vec![
                sized(placed(&is48, Side::A, front), BattlefrontKind::LargeVehicle),
                placed(&b, Side::B, "D1"),
            ],
            &[],
        );
        t.initiative(Side::B);
        t.decide("activate u1");
        t
    };
    // Side A faces north: front D4, rear D3.
    let mut near = t("D4");
    assert_eq!(squares(&near, 0), sqs(&["D4", "D3"]));
    near.decide("plan nothing attack");
    near.decide("react none");
    assert!(legal(&near).contains(&"aim 0 u0 0".to_string()), "the rear square is at range 2");
    let far = t("D5");
    assert!(!legal(&far).contains(&"plan nothing attack".to_string()), "range 3 to both squares");
}

/// "Reactive Attacks": on two army symbols the unit may take "a Move action followed by an
/// Attack action. The Move action can only be used to rotate the model, and a Large Vehicle
/// may not end the move further away from the attacking unit than it started."
#[test]
fn a_reacting_large_vehicle_rotates_no_further_away() {
    let is48 = tank("IS-48", 1);
    let a = infantry("A", 3);
    // The IS-48 (side B, facing south: D6 front, D7 rear); A moves to F3 and B reacts.
    let mut t = table(
        8,
        8,
        vec![
            placed(&a, Side::A, "F2"),
            sized(placed(&is48, Side::B, "D6"), BattlefrontKind::LargeVehicle),
        ],
        &[],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    t.decide("move F3");
    t.decide("react u1");
    t.roll(2, 2);
    t.decide("plan move attack");
    let fronts = legal(&t);
    // It turns about D6 or D7 onto a free neighbour; no pose may be further from F3 than its
    // squares are now (range 3 from D6): C6/C7 and D7-D8 would be.
    assert!(fronts.contains(&"move D6".to_string()), "{fronts:?}");
    assert!(fronts.contains(&"move E6".to_string()), "pivoting on D6 towards the attacker");
    assert!(fronts.contains(&"move C6".to_string()), "pivoting on D6 keeps its nearest square");
    assert!(!fronts.contains(&"move C7".to_string()), "further away: pivoting on D7");
    assert!(!fronts.contains(&"move D8".to_string()), "further away: backing off");
    t.decide("move E6"); // the only pose with its front on E6: the rear on D6
    t.decide("aim 0 u0 0");
    assert_eq!(squares(&t, 1), sqs(&["E6", "D6"]));
    assert_eq!(t.game.unit(UnitId(1)).facing, Facing::EAST);
}

/// Self-play with large and huge models entering and fighting: every decision offered is
/// legal, every game ends, and the occupancy always holds exactly the models' squares.
#[test]
fn random_games_with_large_and_huge_models_end() {
    use dust_core::game::Game;
    use dust_core::GameRng;
    let is48 = tank("IS-48", 1);
    let punisher = tank("Punisher", 2);
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    for seed in 0..30 {
        let mut setup = battlefront(open_game(
            8,
            10,
            vec![
                sized(entering(&is48, Side::A), BattlefrontKind::LargeVehicle),
                entering(&a, Side::A),
                sized(entering(&punisher, Side::B), BattlefrontKind::HugeVehicle),
                entering(&b, Side::B),
            ],
        ));
        setup.board.set_terrain(sq("D5"), Terrain::NoDot);
        setup.board.set_terrain(sq("E6"), Terrain::NoDot);
        let mut g = Game::new(setup).expect("setup");
        let mut rng = GameRng::new(seed);
        play_randomly_checking(&mut g, &mut rng, 100_000, &format!("seed {seed}"), |g| {
            let mut held: Vec<Square> = (0..4).flat_map(|i| g.unit_squares(UnitId(i))).collect();
            held.sort();
            let before = held.len();
            held.dedup();
            assert_eq!(before, held.len(), "seed {seed}: two models share a square");
            for i in [0u8, 2] {
                for s in g.unit_squares(UnitId(i)) {
                    assert!(g.occupancy().at(s).has_vehicle(), "seed {seed}: {s} not held");
                }
            }
        });
    }
}

/// A hero card with `skills` and a pistol of range 6.
fn hero(name: &str, skills: &[dust_core::Skill]) -> Arc<UnitCard> {
    let mut c = hero_card(name, 4, vec![rifle("Pistol", R6, 1)]);
    c.soft_cover = None;
    c.hard_cover = None;
    c.skills = skills.to_vec();
    Arc::new(c)
}

/// tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size" ("Large Vehicles … occupy
/// two squares"), with tactics-revised-core-rules.md, "Tank Head (SKILL)" (a classic hero card
/// in the battlefront edition): a hero next to the rear square of a large vehicle is next to
/// the vehicle and heals it, though its front square is two squares away.
#[test]
fn tank_head_heals_a_large_vehicle_by_its_rear_square() {
    let is48 = tank("IS-48", 1);
    let mechanic = hero("Mechanic Hero", &[dust_core::Skill::TankHead]);
    let foe = tank("Foe", 1);
    // The IS-48 (side A, facing north) holds C3 and C2; the hero at C1 touches only C2. The foe
    // at C8 is out of reactive range (5 squares from C3).
    let mut t = table(
        8,
        8,
        vec![
            sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
            placed(&mechanic, Side::A, "C1"),
            placed(&foe, Side::B, "C8"),
        ],
        &[],
    );
    assert_eq!(squares(&t, 0), sqs(&["C3", "C2"]));
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(2, 2);
    assert_eq!(t.health(0), 2, "two hits of one point each");
    t.decide("activate u1");
    t.decide("plan skill nothing");
    assert_eq!(legal(&t), ["skill tank-head u0"]);
    t.decide("skill tank-head u0");
    assert_eq!(t.health(0), 4);
}

/// tactics-battlefront-2013-rules.txt, "Spray Weapons" ("The spray follows the shortest
/// possible path to the target") with "Vehicle and Aircraft Size" and "2) Check Range" (any of
/// a large model's squares): the path ends next to the target's nearest square. The IS-48 (side
/// A, facing north) holds B4 and B3; the Fireball (side B) at B1 is two squares from its rear
/// (one square of path) and three from its front. The Bot Hunters on B2 are on the path.
#[test]
fn a_spray_at_a_large_vehicle_ends_at_its_nearest_square() {
    use dust_core::unit::BattlefrontWeapon;
    let is48 = tank("IS-48", 1);
    let mut napalm = rifle("Napalm Thrower", WeaponRange::Spaces { min: 1, max: 3 }, 1);
    napalm.keywords.flame = true;
    napalm.table.vehicle = [CombatValue::Dice { dice: 1, damage: 1 }; 7];
    let fireball = squad("Fireball", 1, vec![napalm]);
    let mut fireball = placed(&Arc::new(fireball), Side::B, "B1");
    fireball.battlefront = Some(Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            spray: true,
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    }));
    let mut t = table(
        6,
        8,
        vec![
            sized(placed(&is48, Side::A, "B4"), BattlefrontKind::LargeVehicle),
            fireball,
            placed(&infantry("Bot Hunters", 3), Side::B, "B2"),
        ],
        &[],
    );
    assert_eq!(squares(&t, 0), sqs(&["B4", "B3"]));
    t.initiative(Side::B);
    t.decide("activate u1");
    t.decide("plan attack nothing");
    t.decide("aim 0 u0 0");
    // One square of path, never the IS-48's own rear square.
    assert_eq!(legal(&t), ["spread A2", "spread B2", "spread C2"]);
    t.decide("spread B2");
    t.roll(1, 0); // the IS-48
    t.roll(1, 0); // the Bot Hunters on the way
    let fired: Vec<String> = t
        .game
        .events()
        .iter()
        .filter_map(|e| match e {
            dust_core::game::Event::Fired { target, .. } => Some(target.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(fired, ["u0", "u2"]);
}

/// tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size" ("Large Vehicles … occupy
/// two squares"), with tactics-revised-core-rules.md, "Calculating Victory Points" (an objective
/// of the revised kind, held by the side standing on it): a large vehicle holds it with its rear
/// square.
#[test]
fn a_large_vehicle_holds_an_objective_with_its_rear_square() {
    let is48 = tank("IS-48", 1);
    let foe = infantry("Foe", 3);
    let mut setup = battlefront(open_game(
        8,
        8,
        vec![
            sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
            placed(&foe, Side::B, "H8"),
        ],
    ));
    setup.objectives = vec![dust_core::game::ObjectiveSetup {
        name: "Bunker".into(),
        at: sq("C2"),
        points: 15,
        wins: false,
        wins_from: 0,
    }];
    let t = Table::new(setup);
    assert_eq!(squares(&t, 0), sqs(&["C3", "C2"]));
    assert_eq!(t.game.objective_points().a, 15);
    assert_eq!(t.game.objective_points().b, 0);
}

/// tactics-battlefront-2013-rules.txt, "Moving Large Vehicles Sideways" ("the other half of the
/// model moves into the adjacent square previously occupied by the model"), with
/// tactics-revised-core-rules.md, "Spaces with Cover Elements" ("Upon entering the space,
/// vehicles may choose to crush the crate"): the rear square of a large vehicle entering a
/// crate's square may crush it, as the front square may.
#[test]
fn a_large_vehicle_crushes_a_crate_under_its_rear_square() {
    for crush in [false, true] {
        let is48 = tank("IS-48", 1);
        let foe = infantry("Foe", 3);
        let mut setup = battlefront(open_game(
            8,
            8,
            vec![
                sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
                placed(&foe, Side::B, "H8"),
            ],
        ));
        assert!(setup.board.place_cover(sq("D2"), dust_core::CoverElement::AmmoCrate));
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        // Sideways: the front to D3, the rear pivots back to D2, onto the crate.
        t.decide("move D3");
        t.decide("move D2");
        assert_eq!(squares(&t, 0), sqs(&["D3", "D2"]));
        assert_eq!(legal(&t), ["use crush no", "use crush yes"]);
        t.decide(if crush { "use crush yes" } else { "use crush no" });
        assert_eq!(t.game.board().cover(sq("D2")).is_some(), !crush);
    }
}

/// tactics-battlefront-2013-rules.txt, "Piloting Vehicles": "To mount a Vehicle, a unit must
/// move into the Vehicle's square" (any square of a large model, "Vehicle and Aircraft Size");
/// "If the Hero dismounts the Vehicle, the Vehicle cannot take any actions until they mount it
/// again unless it is a Large or Huge Vehicle." A pilot on foot moves into the rear square of
/// the IS-48 and mounts it (placed on its front square); next turn he dismounts and the IS-48
/// still moves and attacks.
#[test]
fn a_pilot_mounts_a_large_vehicle_by_its_rear_square_and_it_acts_without_him() {
    use dust_core::game::Event;
    use dust_core::unit::BattlefrontSkill;
    let is48 = tank("IS-48", 1);
    let pilot = hero("Pilot", &[]);
    let mut pilot = placed(&pilot, Side::A, "C1");
    pilot.battlefront = Some(Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::Pilot],
        ..BattlefrontCard::default()
    }));
    let mut t = table(
        8,
        8,
        vec![
            sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
            pilot,
            placed(&infantry("Foe", 3), Side::B, "H8"),
        ],
        &[],
    );
    t.initiative(Side::A);
    t.decide("activate u1");
    t.decide("plan move nothing");
    t.decide("move C2");
    let p = t.game.unit(UnitId(1));
    assert_eq!((p.joined, p.at), (Some(UnitId(0)), Some(sq("C3"))), "on the front square");
    assert!(t.game.events().contains(&Event::Mounted(UnitId(1), UnitId(0))));
    t.pass(2);
    t.pass(0);
    // Next turn he dismounts (a Move out of both squares) and the IS-48 acts on its own.
    t.initiative(Side::A);
    t.decide("activate u1");
    t.decide("plan move nothing");
    let moves = legal(&t);
    assert!(!moves.iter().any(|m| m == "move C2" || m == "move C3"), "{moves:?}");
    t.decide("move B3");
    assert_eq!(t.game.unit(UnitId(1)).joined, None);
    assert!(!t.game.unit(UnitId(0)).bf_left);
    t.pass(2);
    t.decide("activate u0");
    let plans = legal(&t);
    assert!(plans.contains(&"plan move attack".to_string()), "{plans:?}");
}

/// tactics-battlefront-2013-rules.txt, "Piloting Vehicles": "If the Vehicle is destroyed while
/// the Hero is piloting it, the pilot's player rolls a die. … They are then placed into any
/// square the Vehicle occupied, counting as having activated for this turn." The IS-48 (two
/// squares, "Vehicle and Aircraft Size") is destroyed with its pilot: after the escape die his
/// side chooses one of its two squares (`escape C2`), whether he escaped unharmed or not; no
/// other square is offered.
#[test]
fn a_pilot_escaping_a_large_vehicle_chooses_one_of_its_squares() {
    use dust_core::game::{Decision, Pending};
    use dust_core::unit::BattlefrontSkill;
    let is48 = tank("IS-48", 1);
    let pilot = hero("Pilot", &[]);
    let mut gun = rifle("Panzerschreck", R6, 2);
    gun.table.vehicle = [CombatValue::Dice { dice: 2, damage: 6 }; 7];
    let killers = Arc::new(squad("Tank Killers", 1, vec![gun]));
    for (escape, health) in [(1, 4), (0, 3)] {
        let mut p = placed(&pilot, Side::A, "C3");
        p.battlefront = Some(Arc::new(BattlefrontCard {
            skills: vec![BattlefrontSkill::Pilot],
            ..BattlefrontCard::default()
        }));
        p.joins = Some(0);
        let mut t = table(
            8,
            8,
            vec![
                sized(placed(&is48, Side::A, "C3"), BattlefrontKind::LargeVehicle),
                p,
                placed(&killers, Side::B, "C8"),
                placed(&infantry("Rifles", 3), Side::A, "A1"),
            ],
            &[],
        );
        assert_eq!(squares(&t, 0), sqs(&["C3", "C2"]));
        t.initiative(Side::B);
        t.decide("activate u2");
        t.decide("plan attack nothing");
        t.decide("aim 0 u0 0");
        t.roll(2, 1);
        assert!(t.game.unit(UnitId(0)).destroyed, "the IS-48 is destroyed");
        t.roll(1, escape);
        assert_eq!(t.game.pending(), Pending::Decision { side: Side::A });
        assert_eq!(t.game.escaping(), Some(UnitId(1)));
        assert_eq!(legal(&t), ["escape C3", "escape C2"]);
        assert!(t.game.clone().apply(Decision::Escape(sq("C4"))).is_err());
        t.decide("escape C2");
        let h = t.game.unit(UnitId(1));
        assert_eq!((h.health, h.at, h.joined, h.activated), (health, Some(sq("C2")), None, true));
        assert_eq!(t.game.escaping(), None);
        assert!(!legal(&t).contains(&"activate u1".to_string()), "counts as having activated");
    }
}

/// tactics-battlefront-2013-rules.txt, "March Move Actions" ("A unit making a March Move action
/// doubles its Move rating for the activation") and "Moving Through Other Units" ("any unit may
/// pass through a friendly unit, but it cannot end its move in the same square as another
/// friendly unit"): in a lane one square wide, a large tank of Move 2 (front B2, rear B1)
/// marches four squares through two friendly squads, its first leg staying put (docs/rulings.md,
/// "Battlefront March Move").
#[test]
fn a_large_vehicle_marches_through_friends() {
    let is48 = tank("IS-48", 2);
    let foot = infantry("Foot", 3);
    let mut blocked: Vec<String> = Vec::new();
    for r in 1..=9 {
        blocked.push(format!("A{r}"));
        blocked.push(format!("C{r}"));
    }
    let blocked: Vec<&str> = blocked.iter().map(String::as_str).collect();
    let mut t = table(
        3,
        10,
        vec![
            sized(placed(&is48, Side::A, "B2"), BattlefrontKind::LargeVehicle),
            placed(&foot, Side::A, "B3"),
            placed(&foot, Side::A, "B4"),
            placed(&foot, Side::B, "A10"),
        ],
        &blocked,
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan march");
    let first: Vec<String> = legal(&t).into_iter().filter(|d| d.starts_with("move")).collect();
    assert!(first.contains(&"move B2".to_string()), "staying put: {first:?}");
    assert!(
        !first.iter().any(|m| ["move B3", "move B4", "move B5"].contains(&m.as_str())),
        "friends within a Move: {first:?}"
    );
    t.decide("move B2");
    let second: Vec<String> = legal(&t).into_iter().filter(|d| d.starts_with("move")).collect();
    assert!(second.contains(&"move B6".to_string()), "{second:?}");
    assert!(!second.contains(&"move B7".to_string()), "{second:?}");
    t.decide("move B6");
    assert_eq!(squares(&t, 0), sqs(&["B6", "B5"]));
}
