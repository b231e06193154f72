//! Terrain and aircraft of the battlefront edition (tactics-battlefront-2013-rules.txt, "Moving
//! Through Terrain", "Moving Around Corners", "Walls and Buildings", "Aircraft Must Move",
//! "Aircraft Move Over Terrain", "3) Check Line of Sight", "Cover Saves"), each test naming the
//! section it checks. Geometry is asked directly of `dust_core::reach` and
//! `dust_core::battlefront`; rules of play through scripted games (dice as successes per roll).

use dust_core::battlefront::{aircraft_cover, area_cover, sees, sees_aircraft};
use dust_core::game::tests_support::{
    battlefront, infantry, legal, moves, open_board, open_game, pending_faces, placed, play_randomly_checking, rifle, sized, sq, sqs, tank,
    vehicle_card, Table, R6,
};
use dust_core::game::{GameSetup, UnitId, UnitSetup};
use dust_core::reach::{can_arrive, check_step_in, fly_reach, reach_squares_in, MoveRules, Mover};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontSkill, CombatValue, Locomotion};
use dust_core::{
    Armor, ArmorType, Board, BoardSetup, Dir, Edition, EntranceSetup, EntranceSize, Occupancy, PieceKind, Side, StructureSetup, Terrain,
    UnitCard, UnitKind,
};
use std::sync::Arc;

// ----- helpers -----------------------------------------------------------------------------------

/// A `w` x `h` board of open ground with `terrain` on the named squares.
fn board(w: u8, h: u8, terrain: &[(&str, Terrain)]) -> Board {
    let mut b = open_board(w, h);
    for &(s, t) in terrain {
        b.set_terrain(sq(s), t);
    }
    b
}

fn mover(at: &str, kind: PieceKind, movement: u8) -> Mover {
    Mover {
        at: sq(at),
        kind,
        side: Side::A,
        movement,
        actions: 1,
        agile: false,
        fast: false,
        jump: false,
    }
}

/// An aircraft card: a gun that hits infantry and aircraft, Move rating `movement`.
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

fn with_skills(mut u: UnitSetup, skills: Vec<BattlefrontSkill>) -> UnitSetup {
    u.battlefront = Some(Arc::new(BattlefrontCard {
        skills,
        ..BattlefrontCard::default()
    }));
    u
}

/// The moves side A's unit u0 is offered in the first Move of its first activation.
fn first_moves(setup: GameSetup) -> Vec<String> {
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    moves(&t)
}

/// A 6 x 6 board with a building on C3:D4 whose openings are `entrances`.
fn building(entrances: Vec<EntranceSetup>) -> Board {
    let interior = sqs(&["C3", "D3", "C4", "D4"]);
    Board::new(BoardSetup {
        width: 6,
        height: 6,
        terrain: vec![Terrain::Open; 36],
        structures: vec![StructureSetup {
            name: "farm".into(),
            interior,
            entrances,
            inner_walls: vec![],
        }],
        ..BoardSetup::default()
    })
    .expect("board")
}

fn opening(at: &str, side: Dir, size: EntranceSize) -> EntranceSetup {
    EntranceSetup { at: sq(at), side, size }
}

// ----- Moving Through Terrain -----------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Tree Squares": "Units can move freely onto and through
/// tree squares."
#[test]
fn units_move_freely_through_trees() {
    let b = board(5, 5, &[("C2", Terrain::Trees), ("C3", Terrain::Trees)]);
    let occ = Occupancy::new(&b);
    for kind in [PieceKind::Squad, PieceKind::Vehicle] {
        let r = reach_squares_in(&b, &occ, &mover("C1", kind, 2), false, Edition::Battlefront);
        assert!(r.contains(&sq("C2")) && r.contains(&sq("C3")), "{kind}: {r:?}");
    }
}

/// tactics-battlefront-2013-rules.txt, "Swamp Squares": "Vehicle units cannot enter a swamp
/// square. Other units can move freely onto and through a swamp square."
#[test]
fn swamp_keeps_vehicles_out() {
    let b = board(
        5,
        5,
        &[
            ("A2", Terrain::Swamp),
            ("B2", Terrain::Swamp),
            ("C2", Terrain::Swamp),
            ("D2", Terrain::Swamp),
            ("E2", Terrain::Swamp),
        ],
    );
    let occ = Occupancy::new(&b);
    let squad = reach_squares_in(&b, &occ, &mover("C1", PieceKind::Squad, 2), false, Edition::Battlefront);
    assert!(
        squad.contains(&sq("C2")) && squad.contains(&sq("C3")),
        "through the swamp: {squad:?}"
    );
    let tank = reach_squares_in(&b, &occ, &mover("C1", PieceKind::Vehicle, 2), false, Edition::Battlefront);
    assert_eq!(tank, sqs(&["A1", "B1", "D1", "E1"]), "the swamp stops the vehicle");
    assert!(!can_arrive(&b, &occ, &mover("C1", PieceKind::Vehicle, 2), sq("C2")));
}

/// tactics-battlefront-2013-rules.txt, "Rubble Squares": "Wheeled and Tracked Vehicle units
/// cannot enter a rubble square. Other units (including Infantry …) can move freely onto and
/// through a rubble square." (Walkers: docs/rulings.md, "Battlefront walkers in rubble".)
#[test]
fn rubble_keeps_vehicles_out() {
    let b = board(5, 5, &[("C2", Terrain::Rubble)]);
    let occ = Occupancy::new(&b);
    let squad = reach_squares_in(&b, &occ, &mover("C1", PieceKind::Squad, 1), false, Edition::Battlefront);
    assert!(squad.contains(&sq("C2")));
    let tank = reach_squares_in(&b, &occ, &mover("C1", PieceKind::Vehicle, 1), false, Edition::Battlefront);
    assert!(!tank.contains(&sq("C2")));
}

/// tactics-battlefront-2013-rules.txt, "Rubble Squares": "Wheeled and Tracked Vehicle units
/// cannot enter a rubble square. Other units (including Infantry and Walker Vehicle units) can
/// move freely onto and through a rubble square." A walker card (`locomotion = "walker"`) goes
/// into the rubble and round its corner; a tracked one does not; the revised edition keeps every
/// vehicle out.
#[test]
fn walkers_enter_rubble_tanks_do_not() {
    let walker = MoveRules {
        edition: Edition::Battlefront,
        walker: true,
        under: &[],
        aircraft: false,
    };
    let b = board(5, 5, &[("C2", Terrain::Rubble)]);
    let occ = Occupancy::new(&b);
    let m = mover("C1", PieceKind::Vehicle, 1);
    assert!(reach_squares_in(&b, &occ, &m, false, walker).contains(&sq("C2")));
    assert!(!reach_squares_in(&b, &occ, &m, false, Edition::Battlefront).contains(&sq("C2")));
    let revised_walker = MoveRules {
        edition: Edition::Revised,
        walker: true,
        under: &[],
        aircraft: false,
    };
    assert!(!reach_squares_in(&b, &occ, &m, false, revised_walker).contains(&sq("C2")));
    // The rubble is no corner for the walker.
    assert!(check_step_in(&b, &occ, &mover("B2", PieceKind::Vehicle, 1), sq("B2"), sq("C3"), walker).is_ok());
    // In a game: the card says how the vehicle moves.
    let ludwig = tank("Ludwig", 1);
    let foe = infantry("Foe", 3);
    // The moves `u` is offered first, with rubble on `rubble`.
    let first_moves_by = |u: UnitSetup, rubble: &str| {
        let mut setup = battlefront(open_game(5, 6, vec![u, placed(&foe, Side::B, "E6")]));
        setup.board.set_terrain(sq(rubble), Terrain::Rubble);
        first_moves(setup)
    };
    let options = |locomotion| {
        let mut u = placed(&ludwig, Side::A, "C1");
        u.battlefront = Some(Arc::new(BattlefrontCard {
            locomotion,
            ..BattlefrontCard::default()
        }));
        first_moves_by(u, "C2")
    };
    assert!(options(Some(Locomotion::Walker)).contains(&"move C2".to_string()));
    assert!(!options(Some(Locomotion::Tracked)).contains(&"move C2".to_string()));
    assert!(!options(None).contains(&"move C2".to_string()), "a card that does not say");
    // A large walker (front C2, rear C1, facing north) drives its front into rubble on C3; a
    // large tracked vehicle does not.
    let big = tank("Big", 1);
    let large = |locomotion| {
        let mut u = placed(&big, Side::A, "C2");
        u.battlefront = Some(Arc::new(BattlefrontCard {
            locomotion,
            kind: Some(BattlefrontKind::LargeVehicle),
            ..BattlefrontCard::default()
        }));
        first_moves_by(u, "C3")
    };
    assert!(
        large(Some(Locomotion::Walker)).contains(&"move C3".to_string()),
        "{:?}",
        large(Some(Locomotion::Walker))
    );
    assert!(!large(Some(Locomotion::Tracked)).contains(&"move C3".to_string()));
}

/// tactics-battlefront-2013-rules.txt, "Water Squares": "Units cannot enter a water square";
/// "Structure Squares": "Units cannot enter a structure square. Structures also block Line of
/// Sight to targets beyond them." Water does not ("Other terrain does not block Line of
/// Sight").
#[test]
fn water_and_structure_squares_stop_everyone() {
    let b = board(5, 5, &[("C2", Terrain::Water), ("C4", Terrain::NoDot)]);
    let occ = Occupancy::new(&b);
    for kind in [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle] {
        let r = reach_squares_in(&b, &occ, &mover("C3", kind, 1), false, Edition::Battlefront);
        assert!(!r.contains(&sq("C2")) && !r.contains(&sq("C4")), "{kind}: {r:?}");
    }
    assert!(sees(&b, &occ, sq("C1"), sq("C3")), "over the water");
    assert!(!sees(&b, &occ, sq("C3"), sq("C5")), "not past the structure square");
}

// ----- Moving Around Corners -------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Moving Around Corners": "An Infantry unit can move
/// diagonally across a corner around a square occupied by an enemy unit or containing terrain
/// they cannot enter, but cannot move diagonally between two such squares. A Vehicle cannot
/// move diagonally across a corner around a square occupied by an enemy unit or containing
/// terrain it cannot enter." Terrain a unit cannot enter counts, water for everyone and rubble
/// or swamp for vehicles; the revised edition counts only spaces without a dot
/// (docs/rulings.md, "What counts as an impassable corner").
#[test]
fn corners_of_terrain_a_unit_cannot_enter() {
    let bf = Edition::Battlefront;
    // One corner of water: infantry cuts it, a vehicle does not.
    let b = board(4, 4, &[("C2", Terrain::Water)]);
    let occ = Occupancy::new(&b);
    assert!(check_step_in(&b, &occ, &mover("B2", PieceKind::Squad, 1), sq("B2"), sq("C3"), bf).is_ok());
    assert!(check_step_in(&b, &occ, &mover("B2", PieceKind::Vehicle, 1), sq("B2"), sq("C3"), bf).is_err());
    assert!(
        check_step_in(&b, &occ, &mover("B2", PieceKind::Vehicle, 1), sq("B2"), sq("C3"), Edition::Revised).is_ok(),
        "the revised edition: water is no corner"
    );
    // Water on both corners: nobody squeezes between.
    let b = board(4, 4, &[("C2", Terrain::Water), ("B3", Terrain::Water)]);
    let occ = Occupancy::new(&b);
    assert!(check_step_in(&b, &occ, &mover("B2", PieceKind::Squad, 1), sq("B2"), sq("C3"), bf).is_err());
    // Swamp and rubble are corners for vehicles only.
    for t in [Terrain::Swamp, Terrain::Rubble] {
        let b = board(4, 4, &[("C2", t), ("B3", t)]);
        let occ = Occupancy::new(&b);
        assert!(
            check_step_in(&b, &occ, &mover("B2", PieceKind::Squad, 1), sq("B2"), sq("C3"), bf).is_ok(),
            "{t:?}"
        );
        let one = board(4, 4, &[("C2", t)]);
        let occ1 = Occupancy::new(&one);
        assert!(
            check_step_in(&one, &occ1, &mover("B2", PieceKind::Vehicle, 1), sq("B2"), sq("C3"), bf).is_err(),
            "{t:?}"
        );
    }
    // Trees are entered freely: no corner.
    let b = board(4, 4, &[("C2", Terrain::Trees), ("B3", Terrain::Trees)]);
    let occ = Occupancy::new(&b);
    assert!(check_step_in(&b, &occ, &mover("B2", PieceKind::Vehicle, 1), sq("B2"), sq("C3"), bf).is_ok());
}

/// tactics-battlefront-2013-rules.txt, "Vehicles Moving Around Corners": "Grand'ma cannot move
/// diagonally across the corner. Instead, it must take a March Move Action to move through the
/// intermediate square by going straight ahead, then turning right." In a game: the corner is a
/// swamp square.
#[test]
fn grandma_goes_round_a_swamp_corner_by_a_march_move() {
    let grandma = tank("Grand'ma", 1);
    let foe = infantry("Foe", 3);
    let mut setup = battlefront(open_game(6, 6, vec![placed(&grandma, Side::A, "B2"), placed(&foe, Side::B, "F6")]));
    setup.board.set_terrain(sq("C2"), Terrain::Swamp);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    assert!(!moves(&t).contains(&"move C3".to_string()), "{:?}", moves(&t));
    let mut setup = battlefront(open_game(6, 6, vec![placed(&grandma, Side::A, "B2"), placed(&foe, Side::B, "F6")]));
    setup.board.set_terrain(sq("C2"), Terrain::Swamp);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "march", &["B3", "C3"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
}

// ----- Walls and Buildings -------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Walls and Buildings": "Small openings are less than the
/// full width of a square. Large openings are the full width of a square. … Infantry units may
/// move through openings of any size. Vehicle units require large openings."
#[test]
fn small_openings_for_infantry_large_for_vehicles() {
    let bf = Edition::Battlefront;
    let b = building(vec![
        opening("C3", Dir::South, EntranceSize::Small),
        opening("D3", Dir::South, EntranceSize::Large),
    ]);
    let occ = Occupancy::new(&b);
    let squad = mover("C2", PieceKind::Squad, 1);
    let tank = mover("C2", PieceKind::Vehicle, 1);
    assert!(check_step_in(&b, &occ, &squad, sq("C2"), sq("C3"), bf).is_ok());
    assert!(check_step_in(&b, &occ, &tank, sq("C2"), sq("C3"), bf).is_err(), "a small opening");
    assert!(check_step_in(&b, &occ, &tank, sq("D2"), sq("D3"), bf).is_ok(), "a large opening");
    assert!(
        check_step_in(&b, &occ, &squad, sq("B3"), sq("C3"), bf).is_err(),
        "no crossing a wall"
    );
    // Walls block line of sight ("Walls and buildings also block Line of Sight").
    assert!(!sees(&b, &occ, sq("B4"), sq("E4")));
}

/// tactics-battlefront-2013-rules.txt, "Infantry Moving Through Buildings": the Heavy Laser
/// Grenadiers "can move out through the opening in front of them, along the building, or out
/// through the opening diagonally behind them" (the diagram is lost). The opening is a gap in
/// the wall on an edge of a square ("Walls and Buildings"), so a unit goes through it by the
/// step across that edge: the grenadiers on D4 reach the opening of C3, diagonally behind them,
/// inside the building and step out through it; a diagonal step through the corner of the
/// opening's square is a step through the wall (docs/rulings.md, "Battlefront leaving a
/// building diagonally").
#[test]
fn infantry_leaves_through_the_opening_diagonally_behind_it() {
    let bf = Edition::Battlefront;
    let b = building(vec![
        opening("C3", Dir::South, EntranceSize::Small),
        opening("D4", Dir::North, EntranceSize::Small),
    ]);
    let occ = Occupancy::new(&b);
    let grenadiers = mover("D4", PieceKind::Squad, 2);
    let r = reach_squares_in(&b, &occ, &grenadiers, false, bf);
    assert!(r.contains(&sq("C2")), "out through the opening diagonally behind them: {r:?}");
    assert!(r.contains(&sq("D5")), "out through the opening in front of them: {r:?}");
    assert!(check_step_in(&b, &occ, &grenadiers, sq("C3"), sq("C2"), bf).is_ok());
    for (from, to) in [("C3", "B2"), ("C3", "D2"), ("D4", "C5")] {
        assert!(
            check_step_in(&b, &occ, &grenadiers, sq(from), sq(to), bf).is_err(),
            "{from} to {to}"
        );
    }
}

/// tactics-battlefront-2013-rules.txt, "Walls and Buildings": "Huge openings are two or more
/// squares wide … Huge Vehicle units need a huge opening to move through." A huge opening is
/// two large openings side by side (docs/rulings.md, "Battlefront openings of three sizes"):
/// the Punisher drives into the building through one, not through a single large opening.
#[test]
fn huge_models_need_a_huge_opening() {
    let punisher = tank("Punisher", 1);
    let foe = infantry("Foe", 3);
    let play = |entrances: Vec<EntranceSetup>| {
        let mut setup = battlefront(open_game(
            6,
            6,
            vec![
                sized(placed(&punisher, Side::A, "C2"), BattlefrontKind::HugeVehicle),
                placed(&foe, Side::B, "A6"),
            ],
        ));
        setup.board = building(entrances);
        first_moves(setup)
    };
    // The Punisher faces north on C2:D1 ([C2, C1, D2, D1]); north of it the building.
    let huge = play(vec![
        opening("C3", Dir::South, EntranceSize::Large),
        opening("D3", Dir::South, EntranceSize::Large),
    ]);
    assert!(huge.contains(&"move C3".to_string()), "through the huge opening: {huge:?}");
    let large = play(vec![opening("C3", Dir::South, EntranceSize::Large)]);
    assert!(!large.contains(&"move C3".to_string()), "a large opening is too small: {large:?}");
}

// ----- Line of sight and cover ---------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Line of Sight Through Terrain": "Tree squares block Line
/// of Sight to units on the far side, but units in the terrain can be seen as normal." "The
/// Ludwig cannot see the Grim Reapers as the trees stop them … The Ludwig can see Bazooka Joe
/// because he is in the trees rather than behind them."
#[test]
fn trees_hide_what_is_behind_them_not_what_is_in_them() {
    let b = board(8, 8, &[("C4", Terrain::Trees), ("D4", Terrain::Trees), ("B4", Terrain::Trees)]);
    let mut occ = Occupancy::new(&b);
    occ.place(sq("C1"), PieceKind::Vehicle, Side::B); // the Ludwig
    occ.place(sq("C4"), PieceKind::Hero, Side::A); // Bazooka Joe, in the trees
    occ.place(sq("C6"), PieceKind::Squad, Side::A); // the Grim Reapers, behind them
    assert!(sees(&b, &occ, sq("C1"), sq("C4")), "Bazooka Joe in the trees");
    assert!(!sees(&b, &occ, sq("C1"), sq("C6")), "the Grim Reapers behind them");
    assert!(!sees(&b, &occ, sq("C6"), sq("C1")), "if I can see you, you can see me");
    // Swamp, rubble and water never block.
    let b = board(8, 8, &[("C4", Terrain::Swamp), ("C3", Terrain::Rubble), ("C5", Terrain::Water)]);
    let occ = Occupancy::new(&b);
    assert!(sees(&b, &occ, sq("C1"), sq("C7")));
}

/// tactics-battlefront-2013-rules.txt, "Cover Saves": a tree cutting off part of the target's
/// square gives cover to any unit, like any blocking square ("cannot draw a line from any point
/// in its square to all points in the target unit's square without passing through or touching
/// blocking squares").
#[test]
fn a_tree_in_the_way_gives_cover() {
    let b = board(8, 8, &[("D4", Terrain::Trees)]);
    let occ = Occupancy::new(&b);
    assert!(sees(&b, &occ, sq("E1"), sq("C5")));
    assert!(area_cover(&b, &occ, sq("E1"), sq("C5")));
    assert!(!area_cover(&b, &occ, sq("A1"), sq("C5")));
}

/// tactics-battlefront-2013-rules.txt, "Cover Saves": "An Infantry unit is also in Cover if it
/// occupies a square with ammo crates, anti-tank traps, trees, rubble, buildings, or smoke." In
/// trees: the infantry cover save (army symbol or shield, 4 of 6); in a swamp: the infantry save
/// (2 of 6).
#[test]
fn infantry_in_trees_is_in_cover_in_a_swamp_not() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    for (t, faces) in [(Terrain::Trees, 4), (Terrain::Swamp, 2), (Terrain::Rubble, 4), (Terrain::Open, 2)] {
        let mut setup = battlefront(open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C7")]));
        setup.board.set_terrain(sq("C7"), t);
        let mut t2 = Table::new(setup);
        t2.initiative(Side::A);
        t2.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
        t2.roll(3, 2);
        assert_eq!(pending_faces(&t2), Some((2, faces, 6)), "{t:?}");
    }
}

// ----- Aircraft ----------------------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Aircraft Move Over Terrain": "Aircraft fly over the
/// battlefield, so can move across any terrain. Aircraft can never enter terrain or buildings
/// and are placed above them rather than in them." Over walls, structure squares, water and
/// units; never ending on a structure square, in a building, or with a friendly unit
/// (docs/rulings.md, "Battlefront aircraft over terrain").
#[test]
fn aircraft_fly_over_terrain_and_walls() {
    let mut b = building(vec![]);
    b.set_terrain(sq("A3"), Terrain::NoDot);
    b.set_terrain(sq("B3"), Terrain::NoDot);
    b.set_terrain(sq("E3"), Terrain::Water);
    b.set_terrain(sq("F3"), Terrain::Trees);
    let mut occ = Occupancy::new(&b);
    occ.place(sq("B2"), PieceKind::Vehicle, Side::B);
    let plane = mover("C1", PieceKind::Vehicle, 4);
    let f = fly_reach(&b, &occ, &plane, None, &[], false);
    assert!(f.contains(sq("C5")), "over the building");
    assert!(f.contains(sq("A4")), "over the structure squares");
    assert!(f.contains(sq("E3")) && f.contains(sq("F3")), "above water and trees");
    assert!(
        !f.contains(sq("A3")) && !f.contains(sq("C3")),
        "never on a structure square or in a building"
    );
    // Above the enemy vehicle it may stop, as ground units may stop under an enemy aircraft
    // ("it cannot end its move in the same square as another friendly unit"); above a friend not.
    assert!(f.contains(sq("B2")), "above an enemy unit");
    let mut own = occ.clone();
    own.place(sq("D2"), PieceKind::Squad, Side::A);
    assert!(
        !fly_reach(&b, &own, &plane, None, &[], false).contains(sq("D2")),
        "never with a friend"
    );
    assert!(f.contains(sq("A1")), "over the enemy vehicle: {:?}", f.squares());
    // A ground unit with the same points gets nowhere near.
    let tank = reach_squares_in(&b, &occ, &plane, false, Edition::Battlefront);
    assert!(!tank.contains(&sq("C5")));
}

/// tactics-battlefront-2013-rules.txt, "Moving Through Other Units": "Aircraft units cannot
/// enter a square occupied by an enemy Aircraft unit"; each square costs one point, the first
/// diagonal one and later ones two ("Move and March Move Actions").
#[test]
fn aircraft_do_not_fly_through_enemy_aircraft() {
    let b = board(5, 3, &[]);
    let occ = Occupancy::new(&b);
    let plane = mover("A2", PieceKind::Vehicle, 2);
    let free = fly_reach(&b, &occ, &plane, None, &[], false);
    assert!(free.contains(sq("C2")));
    let enemy = sqs(&["B1", "B2", "B3"]);
    let blocked = fly_reach(&b, &occ, &plane, None, &enemy, false);
    assert!(!blocked.contains(sq("C2")), "a wall of enemy aircraft");
    // Movement points: two diagonals cost three.
    let plane = mover("A1", PieceKind::Vehicle, 2);
    let f = fly_reach(&b, &occ, &plane, None, &[], false);
    assert!(!f.contains(sq("C3")));
    assert!(f.contains(sq("C2")) && f.needs_diagonal(sq("C2")), "only by the cheap diagonal");
    assert!(f.contains(sq("C1")) && !f.needs_diagonal(sq("C1")));
}

/// tactics-battlefront-2013-rules.txt, "Aircraft Must Move": "Aircraft must take a Move or March
/// Move action as their first action in each activation, unless they have the hover special
/// rule. As a result, most Aircraft cannot perform Sustained Attack actions."
#[test]
fn aircraft_must_move_first_unless_hovering() {
    let plane = aircraft("Plane", 3);
    let foe = infantry("Foe", 3);
    let plans = |u: UnitSetup| {
        let mut t = Table::new(battlefront(open_game(6, 8, vec![u, placed(&foe, Side::B, "C6")])));
        t.initiative(Side::A);
        t.decide("activate u0");
        legal(&t)
    };
    let flying = plans(placed(&plane, Side::A, "C2"));
    assert!(!flying.is_empty());
    assert!(flying.iter().all(|p| p.starts_with("plan move")), "{flying:?}");
    assert!(flying.contains(&"plan move attack".to_string()));
    let hovering = plans(with_skills(placed(&plane, Side::A, "C2"), vec![BattlefrontSkill::Hover]));
    assert!(hovering.contains(&"plan sustained".to_string()), "{hovering:?}");
    assert!(hovering.contains(&"plan attack move".to_string()));
}

/// tactics-battlefront-2013-rules.txt, "Aircraft Move Over Terrain", in a game: the aircraft's
/// Move goes over the building that stops the squad.
#[test]
fn an_aircraft_flies_over_a_building_in_a_game() {
    let plane = aircraft("Plane", 3);
    let foe = infantry("Foe", 3);
    let mut setup = battlefront(open_game(6, 6, vec![placed(&plane, Side::A, "C2"), placed(&foe, Side::B, "A6")]));
    setup.board = building(vec![]);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    let m = moves(&t);
    assert!(m.contains(&"move C5".to_string()), "{m:?}");
    assert!(!m.contains(&"move C3".to_string()), "not in the building: {m:?}");
    t.decide("move C5");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C5")));
}

/// tactics-battlefront-2013-rules.txt, "Reactive Attacks" ("On a roll of [two army symbols],
/// the unit succeeds and will activate for either a Sustained Attack action, or a Move action
/// followed by an Attack action. The Move action can only be used to rotate the model … On a
/// single [army symbol], … an Attack action") with "Aircraft Must Move" ("Aircraft must take a
/// Move or March Move action as their first action in each activation"): an aircraft within
/// four squares may react; with two army symbols it turns and attacks (no Sustained Attack),
/// with one it may not take an Attack as its first action (docs/rulings.md, "Battlefront
/// aircraft react with a Move first").
#[test]
fn aircraft_react_with_a_move_first() {
    let plane = aircraft("Plane", 3);
    let squad_b = infantry("B", 3);
    let a = infantry("A", 3);
    let start = || {
        let mut t = Table::new(battlefront(open_game(
            8,
            8,
            vec![
                placed(&a, Side::A, "C2"),
                placed(&plane, Side::B, "C5"),
                placed(&squad_b, Side::B, "D5"),
            ],
        )));
        t.initiative(Side::A);
        t.activate(0, "nothing move", &["C3"], &[], &[]);
        t
    };
    let mut t = start();
    let l = legal(&t);
    assert!(l.contains(&"react u2".to_string()) && l.contains(&"react u1".to_string()), "{l:?}");
    t.decide("react u1");
    t.roll(2, 2);
    // Declared for it: the Move that stays, then the Attack; the plane fires its two dice.
    let aims: Vec<String> = legal(&t).into_iter().filter(|d| d.starts_with("aim")).collect();
    assert_eq!(aims, ["aim 0 none", "aim 0 u0 0"], "{:?}", legal(&t));
    t.decide("aim 0 u0 0");
    assert_eq!(pending_faces(&t).map(|f| f.0), Some(2));
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C5")), "the Move only turned it");
    // One army symbol: no Attack as an aircraft's first action; it has activated.
    let mut t = start();
    t.decide("react u1");
    t.roll(2, 1);
    assert!(!legal(&t).iter().any(|d| d.starts_with("aim")), "{:?}", legal(&t));
    assert!(t.game.unit(UnitId(1)).activated);
}

/// tactics-battlefront-2013-rules.txt, "Line of Sight to Aircraft": "An Aircraft can see and be
/// seen from anywhere on the game board, except that an Aircraft cannot see or be seen from a
/// unit immediately behind terrain that would block Line of Sight to a Vehicle unit, and cannot
/// see or be seen from a unit in a building unless the unit can be seen through or is looking
/// through an opening on the edge of its square."
#[test]
fn aircraft_are_seen_from_anywhere_but_behind_terrain() {
    let mut b = building(vec![opening("C3", Dir::South, EntranceSize::Small)]);
    b.set_terrain(sq("F2"), Terrain::Trees);
    let mut occ = Occupancy::new(&b);
    occ.place(sq("C2"), PieceKind::Vehicle, Side::A); // a vehicle between does not matter
                                                      // Across the whole building: seen.
    assert!(sees_aircraft(&b, &[sq("C1")], &[sq("D6")], false));
    assert!(!sees(&b, &occ, sq("C1"), sq("D6")), "a ground unit there would be hidden");
    // Right behind the trees: hidden; beside them: seen.
    assert!(!sees_aircraft(&b, &[sq("F1")], &[sq("F5")], false));
    assert!(sees_aircraft(&b, &[sq("E1")], &[sq("E6")], false));
    // In the building: only through the opening on the edge of its own square.
    assert!(sees_aircraft(&b, &[sq("C3")], &[sq("C1")], false), "through the opening");
    assert!(!sees_aircraft(&b, &[sq("C3")], &[sq("A6")], false), "not through the walls");
    assert!(!sees_aircraft(&b, &[sq("D4")], &[sq("D6")], false), "no opening on its square");
    // Two aircraft always see each other; and an aircraft is not in cover for it.
    assert!(sees_aircraft(&b, &[sq("F1")], &[sq("F5")], true));
    assert!(
        aircraft_cover(&b, &[sq("F1")], &[sq("F5")], true, false),
        "behind the tree: cover if seen at all"
    );
    assert!(!aircraft_cover(&b, &[sq("A1")], &[sq("A6")], true, false));
}

/// "Line of Sight to Aircraft" in a game: the squad right behind a tree cannot target the
/// aircraft; beside the tree it can, over the building.
#[test]
fn a_squad_behind_a_tree_cannot_target_an_aircraft() {
    let plane = aircraft("Plane", 3);
    let a = infantry("A", 3);
    let mut gun_squad = (*a).clone();
    gun_squad.weapons[0].table.aircraft = [CombatValue::Dice { dice: 1, damage: 1 }; 3];
    let gun_squad = Arc::new(gun_squad);
    let run = |at: &str| {
        let mut setup = battlefront(open_game(
            6,
            6,
            vec![placed(&gun_squad, Side::A, at), placed(&plane, Side::B, "D6")],
        ));
        let mut b = building(vec![]);
        b.set_terrain(sq("D2"), Terrain::Trees);
        setup.board = b;
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        legal(&t)
    };
    // The aircraft is the only target: the attack plans are offered only when it is seen.
    let attack = "plan attack nothing".to_string();
    assert!(!run("D1").contains(&attack), "behind the tree: {:?}", run("D1"));
    assert!(run("B1").contains(&attack), "over the building: {:?}", run("B1"));
}

/// tactics-battlefront-2013-rules.txt, "Line of Sight Through Openings": "A unit outside a
/// building can only attack a unit inside the building if the target unit is adjacent to the
/// opening the unit is attacking through … A unit inside a building can only attack a unit
/// outside the building if the attacking unit is adjacent to the opening that it is attacking
/// through." "The Heavy Laser Grenadiers can attack the Bot Hunters who are adjacent to the
/// opening, but cannot attack the Grim Reapers who are further inside the building. The Recon
/// Grenadiers inside the building can attack both Allied units." Infantry inside is in cover
/// ("Cover Saves": buildings).
#[test]
fn attacks_into_and_out_of_buildings_go_through_an_opening() {
    // The building C3:D4 with an opening on the south side of C3 and one on the east of D4.
    let b = building(vec![
        opening("C3", Dir::South, EntranceSize::Large),
        opening("D4", Dir::East, EntranceSize::Small),
    ]);
    let occ = Occupancy::new(&b);
    let (hlg, bot_hunters, grim_reapers, recon) = (sq("C1"), sq("C3"), sq("D4"), sq("E4"));
    assert!(sees(&b, &occ, hlg, bot_hunters), "the Bot Hunters, next to the opening");
    assert!(!sees(&b, &occ, hlg, sq("D3")), "further inside, though a line passes the opening");
    assert!(!sees(&b, &occ, hlg, grim_reapers), "the Grim Reapers, further inside");
    // Recon Grenadiers outside the other opening, next to the Grim Reapers.
    assert!(sees(&b, &occ, recon, grim_reapers));
    // Inside the building, its rooms see each other.
    assert!(sees(&b, &occ, bot_hunters, grim_reapers));
    // Out of the building: only through the opening on the edge of one's own square.
    assert!(sees(&b, &occ, bot_hunters, sq("B1")), "out through its opening");
    assert!(!sees(&b, &occ, bot_hunters, sq("A4")), "not through its west wall");
}

/// tactics-battlefront-2013-rules.txt, "Aircraft Move Over Terrain" and "Moving Large Vehicles
/// and Aircraft": a large aircraft flies over a line of structure squares that stops a large
/// vehicle, one half after the other, and both its squares end where an aircraft may be placed.
#[test]
fn a_large_aircraft_flies_over_what_stops_a_large_vehicle() {
    let plane = aircraft("Transport", 4);
    let tank = tank("IS-48", 4);
    let foe = infantry("Foe", 3);
    let wall = ["A4", "B4", "C4", "D4", "E4", "F4"];
    let play = |card: &Arc<UnitCard>, kind| {
        let mut setup = battlefront(open_game(
            6,
            8,
            vec![sized(placed(card, Side::A, "C2"), kind), placed(&foe, Side::B, "A8")],
        ));
        for s in wall {
            setup.board.set_terrain(sq(s), Terrain::NoDot);
        }
        first_moves(setup)
    };
    let flying = play(&plane, BattlefrontKind::LargeAircraft);
    assert!(flying.contains(&"move C6".to_string()), "over the wall: {flying:?}");
    assert!(
        flying.iter().all(|m| !wall.iter().any(|w| m == &format!("move {w}"))),
        "never on the wall: {flying:?}"
    );
    let driving = play(&tank, BattlefrontKind::LargeVehicle);
    assert!(!driving.iter().any(|m| m.ends_with('5') || m.ends_with('6')), "{driving:?}");
}

/// Random legal play on a board with every battlefront terrain type, a building with openings of
/// each size, aircraft (one square and large), a vehicle and squads: every game ends, every
/// decision offered is accepted, no aircraft ever stands on a structure square, in the building
/// or on a square with another unit, and no vehicle in rubble or swamp.
#[test]
fn random_games_with_terrain_and_aircraft_end() {
    use dust_core::game::Game;
    use dust_core::GameRng;
    let plane = aircraft("Plane", 3);
    let transport = aircraft("Transport", 3);
    let tank = tank("Tank", 2);
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    let mut hover = 0;
    for seed in 0..24u64 {
        let mut units = vec![
            placed(&plane, Side::A, "B1"),
            placed(&a, Side::A, "E1"),
            placed(&tank, Side::A, "F2"),
            sized(placed(&transport, Side::B, "C8"), BattlefrontKind::LargeAircraft),
            placed(&b, Side::B, "E8"),
        ];
        if seed % 3 == 0 {
            units[0] = with_skills(placed(&plane, Side::A, "B1"), vec![BattlefrontSkill::Hover]);
            hover += 1;
        }
        let mut setup = battlefront(open_game(6, 8, units));
        let mut board = Board::new(BoardSetup {
            width: 6,
            height: 8,
            terrain: vec![Terrain::Open; 48],
            structures: vec![StructureSetup {
                name: "farm".into(),
                interior: sqs(&["C4", "D4", "C5", "D5"]),
                entrances: vec![
                    opening("C4", Dir::South, EntranceSize::Small),
                    opening("D5", Dir::North, EntranceSize::Large),
                    opening("C5", Dir::West, EntranceSize::Large),
                ],
                inner_walls: vec![],
            }],
            ..BoardSetup::default()
        })
        .expect("board");
        for (s, t) in [
            ("A3", Terrain::Trees),
            ("B3", Terrain::Trees),
            ("E3", Terrain::Swamp),
            ("F4", Terrain::Rubble),
            ("A6", Terrain::Water),
            ("F6", Terrain::NoDot),
            ("B6", Terrain::Smoke),
        ] {
            board.set_terrain(sq(s), t);
        }
        setup.board = board;
        let mut g = Game::new(setup).expect("setup");
        let mut rng = GameRng::new(seed);
        play_randomly_checking(&mut g, &mut rng, 100_000, &format!("seed {seed}"), |g| {
            let b = g.board();
            for (i, flyer) in [(0u8, true), (2, false), (3, true)] {
                let u = g.unit(UnitId(i));
                if u.destroyed {
                    continue;
                }
                for s in g.unit_squares(UnitId(i)) {
                    if flyer {
                        assert!(
                            b.terrain(s) != Terrain::NoDot && b.structure_at(s).is_none(),
                            "seed {seed}: u{i} on {s}"
                        );
                    } else {
                        assert!(
                            !matches!(b.terrain(s), Terrain::Rubble | Terrain::Swamp),
                            "seed {seed}: u{i} on {s}"
                        );
                    }
                }
            }
        });
    }
    assert_eq!(hover, 8);
}

/// tactics-battlefront-2013-rules.txt, "Moving Through Other Units": "Infantry and Vehicle
/// units cannot enter or pass through a square occupied by an enemy Infantry or Vehicle unit,
/// but can enter a square occupied by an enemy Aircraft unit." Through a gap held by an enemy
/// aircraft the squad passes, and may stop under it; held by an enemy vehicle, it does not.
#[test]
fn ground_units_pass_under_enemy_aircraft() {
    let plane = aircraft("Plane", 3);
    let tank = tank("Tank", 1);
    let mut a = (*infantry("A", 3)).clone();
    a.movement = 2;
    let a = Arc::new(a);
    let options = |enemy: &Arc<UnitCard>| {
        let mut setup = battlefront(open_game(5, 5, vec![placed(&a, Side::A, "C1"), placed(enemy, Side::B, "C2")]));
        for s in ["A2", "B2", "D2", "E2"] {
            setup.board.set_terrain(sq(s), Terrain::NoDot);
        }
        first_moves(setup)
    };
    let under = options(&plane);
    assert!(under.contains(&"move C3".to_string()), "under the aircraft: {under:?}");
    assert!(under.contains(&"move C2".to_string()), "it may stop under the aircraft: {under:?}");
    let blocked = options(&tank);
    assert!(!blocked.contains(&"move C3".to_string()), "{blocked:?}");
}

/// tactics-battlefront-2013-rules.txt, "Line of Sight Through Units" ("a square containing a
/// Vehicle unit (whether friendly or enemy) does block Line of Sight") with an aircraft between
/// two units on the ground: it blocks as a vehicle does (docs/rulings.md, "Battlefront aircraft
/// between two ground units"); an infantry squad there does not.
#[test]
fn an_aircraft_between_two_ground_units_blocks_their_sight() {
    let plane = aircraft("Plane", 3);
    let foot = infantry("Foot", 3);
    let sight = |middle: &Arc<UnitCard>| {
        let setup = battlefront(open_game(
            5,
            6,
            vec![
                placed(&foot, Side::A, "C1"),
                placed(middle, Side::B, "C3"),
                placed(&foot, Side::B, "C5"),
            ],
        ));
        let t = Table::new(setup);
        sees(t.game.board(), t.game.occupancy(), sq("C1"), sq("C5"))
    };
    assert!(!sight(&plane), "the aircraft blocks");
    assert!(sight(&foot), "infantry never blocks");
}

/// tactics-battlefront-2013-rules.txt, "Moving Through Other Units" ("Infantry and Vehicle units
/// … can enter a square occupied by an enemy Aircraft unit") and "Moving Large Vehicles and
/// Aircraft": a large tank drives on through a gap held by an enemy aircraft, both its squares
/// passing under it, and may end with a square there; held by an enemy tank, the gap stays
/// shut.
#[test]
fn large_vehicles_pass_under_enemy_aircraft() {
    let plane = aircraft("Plane", 3);
    let blocker = tank("Blocker", 1);
    let big = tank("Big", 4);
    let fronts = |enemy: &Arc<UnitCard>| {
        // The large tank: front C2, rear C1, facing north; a wall across row 3 but C3.
        let mut setup = battlefront(open_game(
            5,
            7,
            vec![
                sized(placed(&big, Side::A, "C2"), BattlefrontKind::LargeVehicle),
                placed(enemy, Side::B, "C3"),
            ],
        ));
        for s in ["A3", "B3", "D3", "E3"] {
            setup.board.set_terrain(sq(s), Terrain::NoDot);
        }
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        t
    };
    let mut t = fronts(&plane);
    let under = moves(&t);
    assert!(under.contains(&"move C5".to_string()), "both squares past the aircraft: {under:?}");
    assert!(under.contains(&"move C3".to_string()), "it may end under it: {under:?}");
    t.decide("move C4");
    let rears = moves(&t);
    assert!(rears.contains(&"move C3".to_string()), "the rear may end under it: {rears:?}");
    assert!(rears.contains(&"move C5".to_string()), "{rears:?}");
    let shut = moves(&fronts(&blocker));
    assert!(
        !shut.iter().any(|m| ["move C4", "move C5", "move C6"].contains(&m.as_str())),
        "{shut:?}"
    );
}
