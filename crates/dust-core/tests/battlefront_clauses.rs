//! Clauses of tactics-battlefront-2013-rules.txt that no other test asserted, each test naming
//! the section it checks and asserting the outcome the book states in a small hand-built
//! situation (docs/conformance/battlefront.md lists every clause of the book and its tests).
//! Dice are scripted (successes per roll), so every test is deterministic.

use dust_core::battlefront::sees;
use dust_core::game::tests_support::{
    battlefront, battlefront_table, fired, hero_card, infantry, infantry_with_knives, legal, moves, open_board, open_game, pending_faces,
    placed, rifle, sq, squad, vehicle_card, with_bf, Table, R4, R6,
};
use dust_core::game::{Event, Pending, UnitId};
use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatTable, Mount};
use dust_core::{
    range, Armor, ArmorType, CombatValue, CoverElement, Model, Occupancy, PieceKind, Side, Skill, Square, Terrain, UnitCard, WeaponLine,
    WeaponRange,
};
use std::sync::Arc;

/// The aims the game offers now, as text.
fn aims_offered(t: &Table) -> Vec<String> {
    legal(t).into_iter().filter(|d| d.starts_with("aim")).collect()
}

/// The aims offered now for weapon line `line`.
fn aims_of(t: &Table, line: u8) -> Vec<String> {
    aims_offered(t)
        .into_iter()
        .filter(|d| d.starts_with(&format!("aim {line} ")))
        .collect()
}

/// Resolves the pending roll, whatever its number of dice, with `successes` successes.
fn roll_any(t: &mut Table, successes: u16) -> u16 {
    let dice = t.pending_dice().expect("a roll is pending");
    t.roll(dice, successes);
    dice
}

/// A line of `dice`/`damage` against every vehicle class and "-" against infantry.
fn anti_tank(name: &str, range: WeaponRange, dice: u8, damage: u8) -> WeaponLine {
    let mut w = rifle(name, range, dice);
    w.table = CombatTable::NONE;
    w.table.vehicle = [CombatValue::Dice { dice, damage }; 7];
    w
}

/// A vehicle of Vehicle Armour 4 with `health` crosses, movement 1 and `weapons`.
fn vehicle(name: &str, health: u8, weapons: Vec<WeaponLine>) -> Arc<UnitCard> {
    let mut c = vehicle_card(name, health, weapons);
    c.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 4,
    };
    Arc::new(c)
}

/// A battlefront card part giving every line of a vehicle a turret ("can attack targets in any
/// direction").
fn turrets(lines: usize) -> Arc<BattlefrontCard> {
    Arc::new(BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Turret),
                ..BattlefrontWeapon::default()
            };
            lines
        ],
        ..BattlefrontCard::default()
    })
}

/// A squad of `n` of movement `movement` with a rifle and a knife.
fn movers(name: &str, n: u8, movement: u8) -> Arc<UnitCard> {
    let mut c = (*infantry_with_knives(name, n)).clone();
    c.movement = movement;
    Arc::new(c)
}

/// The squares offered to the first Move of side A's unit `unit` (a "move nothing" plan).
fn first_moves(t: &mut Table, unit: u8) -> Vec<String> {
    t.decide(&format!("activate u{unit}"));
    t.decide("plan move nothing");
    moves(t)
}

// ----- Move and March Move Actions -------------------------------------------------------------

/// "Move and March Move Actions": "A unit's Move rating indicates the number of squares that
/// unit can move in each Move action. Units may move fewer squares than their maximum
/// movement. … Diagonal movement is also allowed." The book's "Move Actions" example: "A
/// Pounder has a Move rating of 1. The white squares show where it can move if it decides to
/// perform a Move action": the eight squares around it, diagonals included, and no further.
#[test]
fn pounder_moves_one_square_in_any_direction() {
    let pounder = vehicle("Pounder", 6, vec![anti_tank("17 pdr", R6, 2, 2)]);
    let enemy = infantry("Enemy", 3);
    let mut t = battlefront_table(9, 12, vec![placed(&pounder, Side::A, "E4"), placed(&enemy, Side::B, "E12")]);
    t.initiative(Side::A);
    let m = first_moves(&mut t, 0);
    for s in ["D3", "E3", "F3", "D4", "F4", "D5", "E5", "F5"] {
        assert!(m.contains(&format!("move {s}")), "{s} in {m:?}");
    }
    for s in ["E6", "E2", "C4", "G4", "C2", "G6"] {
        assert!(!m.contains(&format!("move {s}")), "{s} is two squares away: {m:?}");
    }
    // A squad of Move 2 may stop after one square.
    let squad2 = movers("Squad", 3, 2);
    let mut t = battlefront_table(9, 12, vec![placed(&squad2, Side::A, "E4"), placed(&enemy, Side::B, "E12")]);
    t.initiative(Side::A);
    let m = first_moves(&mut t, 0);
    assert!(m.contains(&"move E5".to_string()) && m.contains(&"move E6".to_string()), "{m:?}");
}

/// "Move and March Move Actions": "A unit's first diagonal move in its activation counts as
/// one square. Each additional square moved diagonally counts as two squares of movement. If a
/// unit doesn't have two squares of movement remaining, it cannot make an additional diagonal
/// move." With Move 2: one diagonal and one straight square (1 + 1), never two diagonals
/// (1 + 2); with Move 3, two diagonals.
#[test]
fn the_first_diagonal_counts_one_square_the_next_two() {
    let enemy = infantry("Enemy", 3);
    for (movement, two_diagonals) in [(2, false), (3, true)] {
        let s = movers("Squad", 3, movement);
        let mut t = battlefront_table(9, 12, vec![placed(&s, Side::A, "C1"), placed(&enemy, Side::B, "I12")]);
        t.initiative(Side::A);
        let m = first_moves(&mut t, 0);
        assert!(m.contains(&"move D3".to_string()), "a diagonal and a straight square: {m:?}");
        assert_eq!(
            m.contains(&"move E3".to_string()),
            two_diagonals,
            "two diagonals with Move {movement}: {m:?}"
        );
    }
}

/// "Fast Units": "A unit with the Fast special rule … may move one additional square when it
/// performs a Move or March Move action." The Fakyeli example: "when they take a Move action,
/// they move two squares instead of one."
#[test]
fn the_fast_fakyeli_move_two_squares_in_a_move() {
    let enemy = infantry("Enemy", 3);
    for (fast, reach) in [(false, false), (true, true)] {
        let mut c = (*movers("Fakyeli", 5, 1)).clone();
        if fast {
            c.skills.push(Skill::Fast);
        }
        let fakyeli = Arc::new(c);
        let mut t = battlefront_table(6, 12, vec![placed(&fakyeli, Side::A, "C1"), placed(&enemy, Side::B, "C12")]);
        t.initiative(Side::A);
        let m = first_moves(&mut t, 0);
        assert!(m.contains(&"move C2".to_string()));
        assert_eq!(m.contains(&"move C3".to_string()), reach, "Fast {fast}: {m:?}");
        assert!(!m.contains(&"move C4".to_string()));
    }
}

/// "Moving Through Other Units": "any unit may pass through a friendly unit, but it cannot end
/// its move in the same square as another friendly unit." A squad of Move 2 goes through the
/// friendly squad in front of it to the square beyond, and may not stop on it; an enemy squad
/// there stops it.
#[test]
fn a_squad_passes_through_a_friendly_squad_but_does_not_stop_there() {
    let s = movers("Squad", 3, 2);
    let friend = infantry("Friend", 3);
    let enemy = infantry("Enemy", 3);
    let mut setup = battlefront(open_game(
        3,
        12,
        vec![
            placed(&s, Side::A, "B1"),
            placed(&friend, Side::A, "B2"),
            placed(&enemy, Side::B, "B12"),
        ],
    ));
    // Water on both sides of the column B: the way on is through the friend.
    for row in 1..=4 {
        setup.board.set_terrain(sq(&format!("A{row}")), Terrain::Water);
        setup.board.set_terrain(sq(&format!("C{row}")), Terrain::Water);
    }
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    let m = first_moves(&mut t, 0);
    assert!(m.contains(&"move B3".to_string()), "through the friend: {m:?}");
    assert!(!m.contains(&"move B2".to_string()), "not onto the friend: {m:?}");
    // "Infantry and Vehicle units cannot enter or pass through a square occupied by an enemy
    // Infantry or Vehicle unit": an enemy squad on B2 stops the squad.
    let mut setup = battlefront(open_game(
        3,
        12,
        vec![
            placed(&s, Side::A, "B1"),
            placed(&enemy, Side::B, "B2"),
            placed(&friend, Side::B, "B12"),
        ],
    ));
    for row in 1..=4 {
        setup.board.set_terrain(sq(&format!("A{row}")), Terrain::Water);
        setup.board.set_terrain(sq(&format!("C{row}")), Terrain::Water);
    }
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    let m = first_moves(&mut t, 0);
    assert!(!m.contains(&"move B3".to_string()) && !m.contains(&"move B2".to_string()), "{m:?}");
}

/// "Anti-tank Traps": "Vehicles cannot enter a square with an anti-tank trap. Other units can
/// move freely onto and through squares with anti-tank traps."
#[test]
fn anti_tank_traps_stop_vehicles_not_infantry() {
    let enemy = infantry("Enemy", 3);
    let tank = vehicle("Tank", 6, vec![anti_tank("Gun", R6, 2, 1)]);
    let s = movers("Squad", 3, 1);
    for (card, enters) in [(tank, false), (s, true)] {
        let mut setup = battlefront(open_game(6, 12, vec![placed(&card, Side::A, "C1"), placed(&enemy, Side::B, "C12")]));
        assert!(setup.board.place_cover(sq("C2"), CoverElement::AntiTankTrap));
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        let m = first_moves(&mut t, 0);
        assert_eq!(m.contains(&"move C2".to_string()), enters, "{}: {m:?}", card.name);
        assert!(m.contains(&"move B1".to_string()) && m.contains(&"move D1".to_string()));
    }
}

// ----- Activating a Unit -------------------------------------------------------------------------

/// "Activating a Unit": "Once a unit has performed all of its actions, it cannot perform any
/// more actions until the next turn. … If a player has activated all of their units and the
/// other player still has units to activate, the other player continues activating their units
/// until all of them have been activated. Once all units have been activated, the turn is over
/// … and a new turn begins with another initiative roll" ("Roll for Initiative": "At the
/// beginning of each turn, each side rolls three dice").
#[test]
fn the_other_player_goes_on_and_the_next_turn_rolls_initiative() {
    let a = infantry("A", 3);
    let b1 = infantry("B1", 3);
    let b2 = infantry("B2", 3);
    let mut t = battlefront_table(
        12,
        12,
        vec![placed(&a, Side::A, "A1"), placed(&b1, Side::B, "K12"), placed(&b2, Side::B, "L12")],
    );
    t.initiative(Side::A);
    t.pass(0);
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::B });
    t.pass(1);
    // Side A has no unit left: side B goes on with its second unit.
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::B });
    assert!(!legal(&t).contains(&"activate u0".to_string()), "{:?}", legal(&t));
    assert!(!legal(&t).contains(&"activate u1".to_string()), "u1 has activated");
    assert!(legal(&t).contains(&"activate u2".to_string()));
    t.pass(2);
    // The turn is over: a new one begins with an initiative roll of three dice a side.
    assert!(t.game.events().contains(&Event::RoundStarted(2)));
    assert_eq!(pending_faces(&t), Some((3, 2, 6)));
    t.initiative(Side::A);
    assert!(legal(&t).contains(&"activate u0".to_string()), "every unit activates again");
}

// ----- Attack: range -------------------------------------------------------------------------------

/// "2) Check Range", the Recon Grenadiers example: "The Recon Grenadiers have two Panzerfausts
/// with a Range of 2. These can reach the squares marked in white, so can attack the Pounder,
/// but not the Bot Hunters. They also have four StG 47 and an MG 48 with a Range of 4. These
/// can reach … the Pounder and the Bot Hunters." And "Range can also be measured diagonally,
/// with the first diagonal counting as one square, and any additional diagonals counting as
/// two squares."
#[test]
fn check_range_panzerfausts_reach_the_pounder_not_the_bot_hunters() {
    assert_eq!(range(sq("B1"), sq("C2")), 1);
    assert_eq!(range(sq("B1"), sq("D3")), 3, "two diagonals: 1 + 2");
    assert_eq!(range(sq("B1"), sq("A3")), 2);
    assert_eq!(range(sq("B1"), sq("D4")), 4);
    // Both lines hurt infantry and vehicles here, so only the range decides.
    let recon = Arc::new(squad(
        "Recon Grenadiers",
        5,
        vec![
            rifle("StG 47", R4, 1),
            rifle("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, 1),
        ],
    ));
    let pounder = vehicle("Pounder", 6, vec![anti_tank("17 pdr", R6, 2, 2)]);
    let bot = infantry("Bot Hunters", 5);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            placed(&recon, Side::A, "B1"),
            placed(&pounder, Side::B, "A3"),
            placed(&bot, Side::B, "D4"),
        ],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    let stg = aims_of(&t, 0);
    assert!(
        stg.contains(&"aim 0 u1 0".to_string()) && stg.contains(&"aim 0 u2 0".to_string()),
        "the StG 47 reaches both: {stg:?}"
    );
    t.decide("aim 0 none");
    let pf = aims_of(&t, 1);
    assert!(
        pf.contains(&"aim 1 u1 0".to_string()),
        "the Panzerfaust reaches the Pounder: {pf:?}"
    );
    assert!(pf.iter().all(|a| !a.starts_with("aim 1 u2")), "not the Bot Hunters: {pf:?}");
}

/// "Minimum Range (#–#)": "These weapons have their Range given as a minimum range and a
/// maximum range separated by a dash." The Lothar example: "The Lothar's Nebelwerfer 42 rocket
/// launcher has a Range of 2-U. This gives them a minimum range of 2 squares, but allows them
/// to reach any target on the battlefield beyond that. It can attack targets in the white
/// squares, but not the red squares" (the adjacent ones). "Unlimited Range (U)": "Range U
/// weapons have the range to target any unit on the battlefield."
#[test]
fn minimum_range_two_to_unlimited_and_unlimited_range() {
    let two_u = WeaponRange::Spaces { min: 2, max: u8::MAX };
    for (weapon, adjacent) in [(two_u, false), (WeaponRange::Unlimited, true)] {
        let mut launcher = rifle("Launcher", weapon, 2);
        launcher.table.vehicle = [CombatValue::Dice { dice: 2, damage: 1 }; 7];
        let lothar = vehicle("Lothar", 6, vec![launcher]);
        let near = infantry("Near", 3);
        let two = infantry("Two", 3);
        let far = infantry("Far", 3);
        let mut t = Table::new(battlefront(open_game(
            6,
            30,
            vec![
                with_bf(placed(&lothar, Side::A, "C2"), &turrets(1)),
                placed(&near, Side::B, "D1"),
                placed(&two, Side::B, "A2"),
                placed(&far, Side::B, "F30"),
            ],
        )));
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        let aims = aims_of(&t, 0);
        assert_eq!(aims.contains(&"aim 0 u1 0".to_string()), adjacent, "{weapon}: adjacent {aims:?}");
        assert!(aims.contains(&"aim 0 u2 0".to_string()), "{weapon}: two squares {aims:?}");
        assert!(aims.contains(&"aim 0 u3 0".to_string()), "{weapon}: 28 squares away {aims:?}");
    }
}

/// "Close Range (C)": "Close-Combat (or hand-to-hand) weapons can only be used against targets
/// in an adjacent square, and are identified as Range C." The knife reaches the adjacent squad
/// (a diagonal neighbour too), not the one two squares away; the rifle reaches all three.
#[test]
fn close_range_weapons_reach_only_adjacent_squares() {
    let a = infantry_with_knives("A", 3);
    let next = infantry_with_knives("Next", 3);
    let corner = infantry_with_knives("Corner", 3);
    let two = infantry_with_knives("Two", 3);
    let mut t = battlefront_table(
        6,
        8,
        vec![
            placed(&a, Side::A, "C2"),
            placed(&next, Side::B, "C3"),
            placed(&corner, Side::B, "D1"),
            placed(&two, Side::B, "C5"),
        ],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    assert_eq!(aims_of(&t, 0), ["aim 0 none", "aim 0 u1 0", "aim 0 u2 0", "aim 0 u3 0"]);
    t.decide("aim 0 none");
    assert_eq!(aims_of(&t, 1), ["aim 1 none", "aim 1 u1 0", "aim 1 u2 0"]);
}

// ----- Attack: field of fire and line of sight ---------------------------------------------------

/// "1) Check Field of Fire": "Infantry soldiers and Heroes can attack in any direction." A
/// squad and a hero in the middle of the board may each aim at enemies north, south, east and
/// west of them.
#[test]
fn infantry_and_heroes_attack_in_any_direction() {
    let s = infantry("Squad", 3);
    let hero = Arc::new(hero_card("Hero", 3, vec![rifle("Pistol", R4, 1)]));
    for card in [s, hero] {
        let mut units = vec![placed(&card, Side::A, "D4")];
        for at in ["D7", "D1", "A4", "G4"] {
            units.push(placed(&infantry(at, 2), Side::B, at));
        }
        let mut t = battlefront_table(8, 8, units);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        assert_eq!(
            aims_of(&t, 0),
            ["aim 0 none", "aim 0 u1 0", "aim 0 u2 0", "aim 0 u3 0", "aim 0 u4 0"],
            "{}",
            card.name
        );
    }
}

/// "Line of Sight Through Terrain": "Other terrain does not block Line of Sight" — rubble,
/// swamp, water, ammo crates and anti-tank traps between two squads leave the target in sight;
/// "Line of Sight Through Smoke": "Squares containing smoke block Line of Sight to units on the
/// far side, but units in the smoke can be seen as normal."
#[test]
fn other_terrain_does_not_block_sight_smoke_does() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    let in_smoke = infantry("In smoke", 3);
    // A column of every other terrain between A (C1) and B (C7), six squares apart; a squad in
    // smoke on F4.
    let mut setup = battlefront(open_game(
        8,
        8,
        vec![
            placed(&a, Side::A, "C1"),
            placed(&b, Side::B, "C7"),
            placed(&in_smoke, Side::B, "F4"),
        ],
    ));
    setup.board.set_terrain(sq("C2"), Terrain::Rubble);
    setup.board.set_terrain(sq("C3"), Terrain::Swamp);
    setup.board.set_terrain(sq("C4"), Terrain::Water);
    assert!(setup.board.place_cover(sq("C5"), CoverElement::AmmoCrate));
    assert!(setup.board.place_cover(sq("C6"), CoverElement::AntiTankTrap));
    setup.board.set_terrain(sq("F4"), Terrain::Smoke);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    let aims = aims_of(&t, 0);
    assert!(
        aims.contains(&"aim 0 u1 0".to_string()),
        "through rubble, swamp, water, crates, traps: {aims:?}"
    );
    assert!(aims.contains(&"aim 0 u2 0".to_string()), "the squad in the smoke is seen: {aims:?}");

    // Behind a line of smoke squares: hidden.
    let board = open_board(8, 8);
    let mut board = board;
    for c in ["A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4"] {
        board.set_terrain(sq(c), Terrain::Smoke);
    }
    let occ = Occupancy::new(&board);
    assert!(!sees(&board, &occ, sq("C1"), sq("C8")), "smoke hides what is behind it");
    assert!(sees(&board, &occ, sq("C1"), sq("C4")), "and not what is in it");
}

/// "If I Can See You, You Can See Me": "No matter the situation, if an enemy unit has Line of
/// Sight to a friendly unit, that friendly unit has Line of Sight back to that enemy unit."
/// Every pair of squares of a cluttered board (structure squares, trees, smoke, vehicles and
/// squads) sees both ways or neither.
#[test]
fn line_of_sight_is_mutual_on_a_cluttered_board() {
    let mut board = open_board(8, 8);
    for (s, t) in [
        ("B2", Terrain::NoDot),
        ("C5", Terrain::Trees),
        ("E3", Terrain::Smoke),
        ("F6", Terrain::NoDot),
        ("G2", Terrain::Trees),
        ("D7", Terrain::NoDot),
    ] {
        board.set_terrain(sq(s), t);
    }
    let mut occ = Occupancy::new(&board);
    occ.place(sq("D4"), PieceKind::Vehicle, Side::A);
    occ.place(sq("B6"), PieceKind::Vehicle, Side::B);
    occ.place(sq("F3"), PieceKind::Squad, Side::B);
    let squares: Vec<Square> = board.squares().collect();
    let mut seen = 0;
    for &x in &squares {
        for &y in &squares {
            let s = sees(&board, &occ, x, y);
            assert_eq!(s, sees(&board, &occ, y, x), "{x} and {y}");
            seen += usize::from(s);
        }
    }
    assert!(
        seen > 0 && seen < squares.len() * squares.len(),
        "some lines are blocked, some are not"
    );
}

// ----- Declare Targets, several weapons ----------------------------------------------------------

/// "Units with Multiple Weapons": "A player can choose a different target for each weapon that
/// the attacking unit can use. So, a Vehicle with multiple weapons … can attack multiple
/// targets"; the Pounder example: "it shoots all of its machine-guns at the Recon Grenadiers,
/// while shooting its 17 pdr gun at the Ludwig." And "Heroes, being heroic, can use all of
/// their weapons at the same time": Bazooka Joe "can use both his M7 grenade launcher and his
/// .45 ACP pistol at the same time."
#[test]
fn the_pounder_splits_its_fire_and_bazooka_joe_fires_both_weapons() {
    let mut mg = rifle("Machine-guns", R6, 3);
    mg.table.vehicle = CombatTable::NONE.vehicle;
    let pounder = vehicle("Pounder", 6, vec![anti_tank("17 pdr", R6, 2, 2), mg]);
    let joe = Arc::new(hero_card("Bazooka Joe", 3, vec![rifle("M7", R6, 2), rifle(".45 ACP", R4, 1)]));
    let recon = infantry("Recon Grenadiers", 5);
    let ludwig = vehicle("Ludwig", 6, vec![anti_tank("8.8cm FpK Zwilling", R6, 7, 1)]);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&pounder, Side::A, "B2"), &turrets(2)),
            placed(&joe, Side::A, "E2"),
            placed(&recon, Side::B, "E5"),
            placed(&ludwig, Side::B, "B6"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u3", 0), (1, "u2", 0)], &[]);
    roll_any(&mut t, 0);
    roll_any(&mut t, 0);
    let shots: Vec<(String, dust_core::game::Target)> = t
        .game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Fired { weapon, target, .. } => Some((weapon.clone(), *target)),
            _ => None,
        })
        .collect();
    assert_eq!(
        shots,
        [
            ("17 pdr".to_string(), dust_core::game::Target::Unit(UnitId(3))),
            ("Machine-guns".to_string(), dust_core::game::Target::Unit(UnitId(2)))
        ]
    );
    // Joe: both weapons at the Recon Grenadiers in one Attack.
    t.activate(2, "nothing nothing", &[], &[], &[]);
    t.activate(1, "attack nothing", &[], &[(0, "u2", 0), (1, "u2", 0)], &[]);
    roll_any(&mut t, 0);
    roll_any(&mut t, 0);
    let joe_fired: Vec<(String, u16)> = fired(&t).into_iter().skip(2).collect();
    assert_eq!(joe_fired, [("M7".to_string(), 2), (".45 ACP".to_string(), 1)]);
}

/// "4) Declare Targets": "When performing attacks, they are all considered simultaneous. If a
/// player declares a unit is firing all its weapons against the same target but destroys it
/// with the first weapon, the other weapons are still used in the attack. If a player declares
/// that a unit is using a Limited-Ammo Weapon (such as a Panzerfaust), they use that ammo, even
/// if the other weapons destroy the target unit first." "A unit may elect not to use some of
/// its weapons": a third line is left unused and keeps its ammunition.
#[test]
fn declared_weapons_are_used_even_after_the_target_is_destroyed() {
    let mut panzerfaust = rifle("Panzerfaust", R4, 1);
    panzerfaust.ammo = Some(2);
    let mut spare = rifle("Grenade", R4, 1);
    spare.ammo = Some(1);
    let hero = Arc::new(hero_card("Hero", 3, vec![rifle("Rifle", R6, 2), panzerfaust, spare]));
    let lone = infantry("Lone", 1);
    let mut t = battlefront_table(6, 8, vec![placed(&hero, Side::A, "C2"), placed(&lone, Side::B, "C5")]);
    t.initiative(Side::A);
    let before = t.game.unit(UnitId(0)).ammo;
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 1)], &[]);
    t.roll(2, 2); // the rifle: two hits
    t.roll(2, 0); // no infantry save: the last soldier falls
    assert!(t.game.unit(UnitId(1)).destroyed, "the first weapon destroys the target");
    let after = t.game.unit(UnitId(0)).ammo;
    assert_eq!(after[1], before[1] - 1, "the Panzerfaust's box is marked all the same");
    assert_eq!(after[2], before[2], "the grenade, left unused, keeps its box");
}

// ----- Damage ------------------------------------------------------------------------------------------

/// "7) Suffer Damage", the "Damage to a Vehicle" example: "The Red Thunder squad scores a hit
/// on an Allied Pounder with their PRS-47. Cross referencing the PRS-47 with the Pounder's
/// Armour of 4, gives a value of 1/3, so the Allied player marks three crosses on the Pounder's
/// damage track. Red Thunder also scores a hit on Bazooka Joe with one of their PPSh-48
/// submachine guns. Cross referencing with Joe's Infantry Armour 2, their value is 2/1, so the
/// player marks one cross off Joe's damage track."
#[test]
fn red_thunder_marks_three_crosses_on_the_pounder_and_one_on_joe() {
    let prs = anti_tank("PRS-47", R4, 1, 3);
    let mut ppsh = rifle("PPSh-48", R4, 2);
    ppsh.table.vehicle = CombatTable::NONE.vehicle;
    let mut rt = squad("Red Thunder", 5, vec![prs, ppsh]);
    rt.models = vec![Model { weapons: 0b01, role: None }]
        .into_iter()
        .chain(vec![Model { weapons: 0b10, role: None }; 4])
        .collect();
    let rt = Arc::new(rt);
    let pounder = vehicle("Pounder", 7, vec![anti_tank("17 pdr", R6, 2, 2)]);
    let joe = Arc::new(hero_card("Bazooka Joe", 4, vec![rifle("M7", R6, 2)]));
    let mut t = battlefront_table(
        8,
        8,
        vec![
            placed(&rt, Side::A, "D2"),
            placed(&pounder, Side::B, "B5"),
            placed(&joe, Side::B, "F5"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u2", 0)], &[]);
    t.roll(1, 1); // the PRS-47 hits the Pounder, in the open: no save
    let ppsh_dice = roll_any(&mut t, 1); // one PPSh-48 hit on Joe
    assert_eq!(ppsh_dice, 8, "four PPSh-48 of two dice");
    t.roll(1, 0); // Joe's infantry save fails
    assert_eq!(t.health(1), 4, "three crosses of seven marked on the Pounder");
    assert_eq!(t.health(2), 3, "one cross of four marked on Joe");
}

// ----- Close combat ----------------------------------------------------------------------------------

/// "Close-Combat Weapons", the Recon Grenadiers and The Gunners example. "Resolve Range 1
/// Attacks First": "A unit may attack with its Ranged Weapons, and then attack with its
/// Close-Combat Weapons in the same Attack action. Resolve attacks from all other weapons first,
/// including removing any casualties." "Resolve Close-Combat Attacks Simultaneously": "Before
/// the casualties are removed, the defending unit retaliates with its own Close-Combat Weapons
/// against the attacking unit. The casualties from all Close-Combat Weapons are then removed
/// simultaneously." "No Saves Against Close-Combat Weapons". The book's numbers: three hits of
/// the rifles, two cancelled by The Gunners' cover saves (here: rubble instead of the doorway),
/// one soldier lost; the Recon Grenadiers' five knives score two hits, The Gunners' four
/// survivors strike back with four dice and two hits; two soldiers removed from each squad.
#[test]
fn ranged_attacks_first_then_close_combat_at_the_same_time() {
    let recon = infantry_with_knives("Recon Grenadiers", 5);
    let gunners = infantry_with_knives("The Gunners", 5);
    let mut setup = battlefront(open_game(
        6,
        8,
        vec![placed(&recon, Side::A, "C3"), placed(&gunners, Side::B, "C4")],
    ));
    setup.board.set_terrain(sq("C4"), Terrain::Rubble);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0)], &[]);
    t.roll(5, 3); // the rifles: three hits
    assert_eq!(pending_faces(&t), Some((3, 4, 6)), "cover saves: army symbol or shield");
    t.roll(3, 2);
    assert_eq!(t.game.unit(UnitId(1)).alive.count_ones(), 4, "one soldier lost before close combat");
    t.decide("retaliate yes");
    t.roll(5, 2); // the knives of the five Recon Grenadiers
    t.roll(4, 2); // the four Gunners left strike back before any casualty is removed
    assert_eq!(
        t.game.unit(UnitId(0)).alive.count_ones(),
        3,
        "no saves: two Recon Grenadiers removed"
    );
    assert_eq!(t.game.unit(UnitId(1)).alive.count_ones(), 2, "no saves: two Gunners removed");
}

// ----- Cover -----------------------------------------------------------------------------------------

/// "Cover Saves": "An Infantry unit is also in Cover if it occupies a square with ammo crates,
/// anti-tank traps, trees, rubble, buildings, or smoke" — the crates, the trap and the smoke
/// (trees and rubble: `battlefront_terrain.rs`), each seen in the open otherwise: the cover save
/// counts the army symbol or the shield (4 of 6), the infantry save in the open the army symbol
/// only (2 of 6).
#[test]
fn infantry_on_crates_traps_or_smoke_is_in_cover() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    for (what, faces) in [("crate", 4), ("trap", 4), ("smoke", 4), ("open", 2)] {
        let mut setup = battlefront(open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C7")]));
        match what {
            "crate" => assert!(setup.board.place_cover(sq("C7"), CoverElement::AmmoCrate)),
            "trap" => assert!(setup.board.place_cover(sq("C7"), CoverElement::AntiTankTrap)),
            "smoke" => setup.board.set_terrain(sq("C7"), Terrain::Smoke),
            _ => {}
        }
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
        t.roll(3, 2);
        assert_eq!(pending_faces(&t), Some((2, faces, 6)), "{what}");
    }
}

// ----- More weapons and damage -----------------------------------------------------------------------

/// "Laser Weapons": "If the Laser Weapon has a special rule that allows it to hit on a roll of
/// [target] as well as [army symbol], it only counts a [target] as a hit for the first roll. The
/// additional rolls only hit on a roll of [army symbol]." Laser grenadiers with Fighting Spirit
/// after a Move: the first roll hits on four faces of six, the laser's further die on two.
#[test]
fn a_laser_with_fighting_spirit_chains_on_the_army_symbol_only() {
    use dust_core::unit::BattlefrontSkill;
    let mut laser = rifle("Laserwerfer", R6, 1);
    laser.keywords.laser = true;
    let lasers = Arc::new(squad("Laser Grenadiers", 2, vec![laser]));
    let bf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::FightingSpirit],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let b = infantry("B", 6);
    let mut t = battlefront_table(6, 10, vec![with_bf(placed(&lasers, Side::A, "C2"), &bf), placed(&b, Side::B, "C8")]);
    t.initiative(Side::A);
    t.activate(0, "move attack", &["C3"], &[(0, "u1", 0)], &["fighting-spirit"]);
    assert_eq!(pending_faces(&t), Some((2, 4, 6)), "the first roll: army symbol or target");
    t.roll(2, 1);
    assert_eq!(pending_faces(&t), Some((1, 2, 6)), "the laser's further die: the army symbol only");
}

/// "Sustained Attack and Close-Combat Weapons": "If it uses Close-Combat Weapons in a Sustained
/// Attack, the defending unit retaliates with its Close-Combat Weapons as normal, but only
/// performs a standard Attack action." The attacker's knives reroll their misses; the
/// defender's retaliation is rolled once, with no reroll.
#[test]
fn close_combat_retaliation_to_a_sustained_attack_is_not_rerolled() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(6, 8, vec![placed(&a, Side::A, "C3"), placed(&b, Side::B, "C4")]);
    t.initiative(Side::A);
    t.activate(0, "sustained", &[], &[(1, "u1", 0)], &[]);
    t.decide("retaliate yes");
    t.roll(3, 1); // the knives: one hit
    t.roll(2, 0); // the two misses rerolled: the Sustained Attack
    t.roll(3, 0); // B's three knives strike back: all miss
    assert_eq!(t.game.pending_roll(), None, "no reroll of the retaliation");
    assert_eq!(t.game.unit(UnitId(1)).alive.count_ones(), 2);
    assert_eq!(t.game.unit(UnitId(0)).alive.count_ones(), 3);
}

/// "7) Suffer Damage": "Mark one cross off an Infantry Support Weapon's damage track for each
/// hit" — whatever the weapon's damage rating: two hits of a weapon of damage 2 on a support
/// weapon team of four mark two crosses, where each would mark two off a hero.
#[test]
fn a_support_weapon_loses_one_cross_per_hit() {
    use dust_core::unit::BattlefrontKind;
    let team = Arc::new(squad("MG Team", 4, vec![rifle("Heavy MG", R6, 3)]));
    let bf = Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::SupportWeapon),
        weapons: vec![BattlefrontWeapon {
            mount: Some(Mount::Front),
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    let mut cannon = rifle("Cannon", R6, 2);
    cannon.table.soldier = [CombatValue::Dice { dice: 2, damage: 2 }; 4];
    let gunners = Arc::new(squad("Gunners", 1, vec![cannon.clone()]));
    let hero = Arc::new(hero_card("Hero", 5, vec![rifle("Pistol", R4, 1)]));
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&team, Side::B, "C6"), &bf),
            placed(&hero, Side::B, "F6"),
            placed(&gunners, Side::A, "C2"),
            placed(&gunners, Side::A, "F2"),
        ],
    );
    t.initiative(Side::A);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(2, 2);
    t.roll(2, 0); // no infantry save
    assert_eq!(t.health(0), 2, "two hits, two crosses of four");
    t.pass(0);
    t.activate(3, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 2);
    t.roll(2, 0);
    assert_eq!(t.health(1), 1, "on a hero each hit marks its damage rating: four crosses");
}

// ----- Heroes ---------------------------------------------------------------------------------------

/// "Piloting Vehicles": "Count the Hero and Vehicle as a single unit when determining how many
/// units have yet to activate for the Passing rule." Side A has a vehicle with its pilot, side
/// B one squad: one unit each, so neither may pass.
#[test]
fn a_pilot_and_his_vehicle_count_as_one_unit_for_passing() {
    use dust_core::unit::BattlefrontSkill;
    let tank = vehicle("Grand'ma", 5, vec![anti_tank("Howitzer", R6, 2, 2)]);
    let pilot = Arc::new(hero_card("Koshka", 3, vec![rifle("Pistol", R4, 1)]));
    let pbf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::VehiclePilot],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let b = infantry("B", 3);
    let mut units = vec![
        with_bf(placed(&tank, Side::A, "C2"), &turrets(1)),
        with_bf(placed(&pilot, Side::A, "C2"), &pbf),
        placed(&b, Side::B, "C12"),
    ];
    units[1].joins = Some(0);
    let mut t = battlefront_table(8, 12, units);
    t.initiative(Side::B);
    assert!(
        !legal(&t).contains(&"first A".to_string()),
        "B may not pass: one unit each: {:?}",
        legal(&t)
    );
}

/// "Heroes": "Heroes are Infantry units of one miniature that can share a square with a friendly
/// unit, even a friendly vehicle." A hero without the Pilot skill ends his Move on the square
/// of a friendly tank (and of a friendly squad of another armour, which he cannot join); a
/// squad may not.
#[test]
fn a_hero_shares_a_square_with_a_friendly_vehicle() {
    let tank = vehicle("Tank", 6, vec![anti_tank("Gun", R6, 2, 1)]);
    let hero = Arc::new(hero_card("Hero", 3, vec![rifle("Pistol", R4, 1)]));
    let s = movers("Squad", 3, 1);
    let mut heavy = squad("Heavy Squad", 3, vec![rifle("Rifle", R6, 1)]);
    heavy.armor = Armor {
        kind: ArmorType::Soldier,
        class: 3,
    };
    let heavy = Arc::new(heavy);
    let enemy = infantry("Enemy", 3);
    for (card, shares) in [(hero, true), (s, false)] {
        let mut t = battlefront_table(
            8,
            12,
            vec![
                placed(&card, Side::A, "C1"),
                with_bf(placed(&tank, Side::A, "C2"), &turrets(1)),
                placed(&heavy, Side::A, "D2"),
                placed(&enemy, Side::B, "C12"),
            ],
        );
        t.initiative(Side::A);
        let m = first_moves(&mut t, 0);
        assert_eq!(m.contains(&"move C2".to_string()), shares, "{}: the tank's square {m:?}", card.name);
        assert_eq!(
            m.contains(&"move D2".to_string()),
            shares,
            "{}: the squad's square {m:?}",
            card.name
        );
    }
}

// ----- Ending the Game -----------------------------------------------------------------------------

/// "Ending the Game": "The game ends at the end of a turn when: All of one player's units on the
/// board are eliminated, … or The scenario reaches its turn limit." The last enemy unit
/// destroyed: the game ends when the turn does, and the side that destroyed it wins; with a
/// turn limit of one, a quiet turn ends the game.
#[test]
fn the_game_ends_when_a_side_is_eliminated_or_at_the_turn_limit() {
    let a = infantry("A", 3);
    let spare = infantry("Spare", 3);
    let lone = infantry("Lone", 1);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            placed(&a, Side::A, "C2"),
            placed(&spare, Side::A, "F1"),
            placed(&lone, Side::B, "C6"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    t.roll(3, 1);
    t.roll(1, 0);
    assert!(t.game.unit(UnitId(2)).destroyed);
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::A }, "the turn goes on");
    t.pass(1);
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });

    let mut setup = battlefront(open_game(8, 8, vec![placed(&a, Side::A, "C2"), placed(&lone, Side::B, "F8")]));
    setup.round_limit = 1;
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.pass(0);
    assert!(matches!(t.game.pending(), Pending::Decision { .. }));
    t.pass(1);
    assert!(matches!(t.game.pending(), Pending::GameOver { .. }), "{:?}", t.game.pending());
}

// ----- Infantry Moving Through Buildings ------------------------------------------------------------

/// "Infantry Moving Through Buildings" (the diagram is lost): "The Heavy Laser Grenadiers cannot
/// move through the walls except through openings. They can move out through the opening in
/// front of them, along the building, or out through the opening diagonally behind them." Read
/// as where the opening lies (docs/rulings.md, "Battlefront leaving a building diagonally"):
/// from D4 inside a building on C3:D4 with one opening on the south wall of C3, the squad
/// steps diagonally inside to C3 and out through the opening to C2 — two squares of a Move of
/// 2 — but never steps diagonally through the opening's corner, nor through a wall.
#[test]
fn infantry_leave_a_building_through_the_opening_diagonally_behind_them() {
    use dust_core::reach::{check_step_in, Mover};
    use dust_core::{Board, BoardSetup, Dir, Edition, EntranceSetup, EntranceSize, StructureSetup};
    let b = Board::new(BoardSetup {
        width: 6,
        height: 8,
        terrain: vec![Terrain::Open; 48],
        structures: vec![StructureSetup {
            name: "farm".into(),
            interior: ["C3", "D3", "C4", "D4"].iter().map(|s| sq(s)).collect(),
            entrances: vec![EntranceSetup {
                at: sq("C3"),
                side: Dir::South,
                size: EntranceSize::Small,
            }],
            inner_walls: vec![],
        }],
        ..BoardSetup::default()
    })
    .expect("board");
    let occ = Occupancy::new(&b);
    let step = |from: &str, to: &str| {
        let m = Mover {
            at: sq(from),
            kind: PieceKind::Squad,
            side: Side::A,
            movement: 2,
            actions: 1,
            agile: false,
            fast: false,
            jump: false,
        };
        check_step_in(&b, &occ, &m, sq(from), sq(to), Edition::Battlefront).is_ok()
    };
    assert!(step("D4", "C3"), "diagonally inside the building");
    assert!(step("C3", "C2"), "out through the opening");
    assert!(!step("D3", "C2"), "not diagonally through the opening's corner");
    assert!(!step("D3", "D2"), "not through the wall");
    // In a game: a Move of 2 takes the squad from D4 out to C2.
    let hlg = movers("Heavy Laser Grenadiers", 3, 2);
    let enemy = infantry("Enemy", 3);
    let mut setup = battlefront(open_game(6, 8, vec![placed(&hlg, Side::A, "D4"), placed(&enemy, Side::B, "F8")]));
    setup.board = b.clone();
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    let m = first_moves(&mut t, 0);
    assert!(m.contains(&"move C2".to_string()), "{m:?}");
    assert!(!m.contains(&"move D2".to_string()) && !m.contains(&"move E3".to_string()), "{m:?}");
}

// ----- Heroes joining and piloting ---------------------------------------------------------------

/// "Joining Infantry Squads": "A Hero that is not yet on the board can join an Infantry unit
/// that is not on the board and both then activate together, entering the game at the same
/// time." The pair enters by one Move onto the entry square; both stand there after it.
#[test]
fn a_hero_and_his_squad_enter_the_game_together() {
    use dust_core::game::tests_support::entering;
    let s = infantry("Squad", 3);
    let hero = Arc::new(hero_card("Hero", 3, vec![rifle("Pistol", R4, 1)]));
    let enemy = infantry("Enemy", 3);
    let mut units = vec![entering(&s, Side::A), entering(&hero, Side::A), placed(&enemy, Side::B, "F12")];
    units[1].joins = Some(0);
    let mut t = battlefront_table(6, 12, units);
    t.initiative(Side::A);
    t.decide("activate u0");
    // Whether the hero activates with his squad or on his own is asked: together.
    if legal(&t).contains(&"use separate no".to_string()) {
        t.decide("use separate no");
    }
    t.decide("plan move nothing");
    let m = moves(&t);
    assert!(m.contains(&"move C1".to_string()), "{m:?}");
    t.decide("move C1");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C1")));
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C1")), "the hero enters at the same time");
}

/// "Joining Infantry Squads": "Only one Hero can join an Infantry unit at a time." A set-up
/// joining two heroes to one squad is refused; one is accepted.
#[test]
fn only_one_hero_joins_a_squad() {
    let s = infantry("Squad", 3);
    let h1 = Arc::new(hero_card("First", 3, vec![rifle("Pistol", R4, 1)]));
    let h2 = Arc::new(hero_card("Second", 3, vec![rifle("Pistol", R4, 1)]));
    let enemy = infantry("Enemy", 3);
    let mut units = vec![
        placed(&s, Side::A, "C2"),
        placed(&h1, Side::A, "C2"),
        placed(&h2, Side::A, "C2"),
        placed(&enemy, Side::B, "C8"),
    ];
    units[1].joins = Some(0);
    assert!(dust_core::game::Game::new(battlefront(open_game(6, 8, units.clone()))).is_ok());
    units[2].joins = Some(0);
    assert!(dust_core::game::Game::new(battlefront(open_game(6, 8, units))).is_err());
}

/// "Piloting Vehicles": "Only one Hero may pilot a Vehicle at a time." A set-up mounting two
/// pilots in one vehicle is refused; one is accepted.
#[test]
fn only_one_hero_pilots_a_vehicle() {
    use dust_core::unit::BattlefrontSkill;
    let tank = vehicle("Grand'ma", 5, vec![anti_tank("Howitzer", R6, 2, 2)]);
    let pbf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::VehiclePilot],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let p1 = Arc::new(hero_card("Koshka", 3, vec![rifle("Pistol", R4, 1)]));
    let p2 = Arc::new(hero_card("Other", 3, vec![rifle("Pistol", R4, 1)]));
    let enemy = infantry("Enemy", 3);
    let mut units = vec![
        with_bf(placed(&tank, Side::A, "C2"), &turrets(1)),
        with_bf(placed(&p1, Side::A, "C2"), &pbf),
        with_bf(placed(&p2, Side::A, "C2"), &pbf),
        placed(&enemy, Side::B, "C8"),
    ];
    units[1].joins = Some(0);
    units[2].at = Some(sq("D2"));
    assert!(dust_core::game::Game::new(battlefront(open_game(6, 8, units.clone()))).is_ok());
    units[2].at = Some(sq("C2"));
    units[2].joins = Some(0);
    assert!(dust_core::game::Game::new(battlefront(open_game(6, 8, units))).is_err());
}

/// "Pilot: Hero": "Only the named Hero can pilot a Vehicle with the Pilot: Hero attribute. The
/// Vehicle can still be fielded without a Hero pilot (in which case it is being piloted by the
/// Hero's mechanic …)". A walker whose card names Koshka: another pilot may not begin the game
/// in it nor mount it during the game; Koshka may do both; without a pilot it is fielded and
/// activates.
#[test]
fn only_the_named_hero_pilots_a_pilot_hero_vehicle() {
    use dust_core::unit::BattlefrontSkill;
    let walker = vehicle("Grand'ma", 5, vec![anti_tank("Howitzer", R6, 2, 2)]);
    let named = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::PilotHero],
        pilot_hero: Some("Koshka".to_string()),
        ..(*turrets(1)).clone()
    });
    let pbf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::VehiclePilot],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let koshka = Arc::new(hero_card("Koshka", 3, vec![rifle("Pistol", R4, 1)]));
    let other = Arc::new(hero_card("Other Pilot", 3, vec![rifle("Pistol", R4, 1)]));
    let enemy = infantry("Enemy", 3);
    let units = |pilot: &Arc<UnitCard>, mounted: bool| {
        let mut v = vec![
            with_bf(placed(&walker, Side::A, "C2"), &named),
            with_bf(placed(pilot, Side::A, if mounted { "C2" } else { "C1" }), &pbf),
            placed(&enemy, Side::B, "C8"),
        ];
        if mounted {
            v[1].joins = Some(0);
        }
        battlefront(open_game(6, 8, v))
    };
    // Beginning the game mounted: only Koshka.
    let e = dust_core::game::Game::new(units(&other, true)).expect_err("another pilot is refused");
    assert!(e.to_string().contains("Koshka"), "the message names the hero: {e}");
    let g = dust_core::game::Game::new(units(&koshka, true)).expect("Koshka pilots it");
    assert_eq!(g.bf_piloted(UnitId(1)), Some(UnitId(0)));
    // Mounting during the game: moving into its square mounts Koshka, not the other pilot.
    for (pilot, mounts) in [(&other, false), (&koshka, true)] {
        let mut t = Table::new(units(pilot, false));
        t.initiative(Side::A);
        t.activate(1, "move nothing", &["C2"], &[], &[]);
        let mounted = t.game.events().contains(&Event::Mounted(UnitId(1), UnitId(0)));
        assert_eq!(mounted, mounts, "{}: {:?}", pilot.name, t.tail(4));
        assert_eq!(t.game.bf_piloted(UnitId(1)).is_some(), mounts);
    }
    // Fielded without a pilot, it activates (its mechanic drives it).
    let mut v = vec![with_bf(placed(&walker, Side::A, "C2"), &named), placed(&enemy, Side::B, "C8")];
    v[0].joins = None;
    let mut t = Table::new(battlefront(open_game(6, 8, v)));
    t.initiative(Side::A);
    assert!(legal(&t).contains(&"activate u0".to_string()), "{:?}", legal(&t));
    t.activate(0, "move nothing", &["C3"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
}

// ----- Moving On To the Table -----------------------------------------------------------------------

/// "Moving On To the Table": "At the start of the game, there are no units on the board. When a
/// unit first activates, its first action must be a Move or March Move action in which it moves
/// on from the edge of the table. The scenario will state which squares it may use to enter the
/// table." Only plans beginning with a Move are offered, and the Move ends on the side's entry
/// row (row 1 here).
#[test]
fn units_move_on_from_their_table_edge_first() {
    use dust_core::game::tests_support::entering;
    let s = infantry("Squad", 3);
    let enemy = infantry("Enemy", 3);
    let mut t = battlefront_table(6, 12, vec![entering(&s, Side::A), placed(&enemy, Side::B, "F12")]);
    assert_eq!(t.game.unit(UnitId(0)).at, None, "not on the board");
    t.initiative(Side::A);
    t.decide("activate u0");
    let plans = legal(&t);
    assert!(!plans.is_empty() && plans.iter().all(|p| p.starts_with("plan move")), "{plans:?}");
    t.decide("plan move nothing");
    let m = moves(&t);
    assert!(!m.is_empty() && m.iter().all(|d| d.ends_with('1')), "onto the entry row: {m:?}");
}

// ----- Scenarios --------------------------------------------------------------------------------------

/// A battlefront game of the scenario preset `rules` on an 8 x 12 table (side A's half rows 1-6,
/// side B's rows 7-12), with objectives on the named squares.
fn scenario(rules: &str, units: Vec<dust_core::game::UnitSetup>, objectives: &[&str]) -> Table {
    use dust_core::battlefront::ScenarioRules;
    use dust_core::game::tests_support::objectives_at;
    let mut s = battlefront(open_game(8, 12, units));
    s.bf_rules = ScenarioRules::preset(rules).expect("a preset");
    s.objectives = objectives_at(objectives);
    Table::new(s)
}

/// Both sides do nothing for a round (A's unit u0 then B's unit u1).
fn quiet_round(t: &mut Table) {
    t.initiative(Side::A);
    t.pass(0);
    t.pass(1);
}

/// "Scenario 2: Grab the Dust": "A player takes an objective by having a unit (other than an
/// Aircraft) on an objective square … at the end of a turn on or after turn three": an
/// aircraft over the objective at the end of turn three takes nothing (a squad there does:
/// `battlefront_scenarios.rs`).
#[test]
fn grab_the_dust_an_aircraft_takes_no_objective() {
    let mut gun = rifle("Cannon", R6, 2);
    gun.table.aircraft = [CombatValue::Dice { dice: 2, damage: 1 }; 3];
    let mut plane = vehicle_card("Plane", 3, vec![gun]);
    plane.kind = dust_core::UnitKind::Aircraft;
    plane.armor = Armor {
        kind: ArmorType::Aircraft,
        class: 1,
    };
    let plane = Arc::new(plane);
    let b = infantry("B", 3);
    let mut t = scenario(
        "grab-the-dust",
        vec![placed(&plane, Side::A, "D5"), placed(&b, Side::B, "H12")],
        &["D6"],
    );
    // An aircraft must move first ("Aircraft Must Move"): it flies between D5 and D6, and ends
    // the third turn over the objective.
    for to in ["D6", "D5", "D6"] {
        t.initiative(Side::A);
        t.activate(0, "move nothing", &[to], &[], &[]);
        t.pass(1);
    }
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("D6")));
    assert!(!matches!(t.game.pending(), Pending::GameOver { .. }), "{:?}", t.game.pending());
    assert_eq!(t.game.bf_holder(sq("D6")), None);
}

/// "Scenario 3: Bait and Flank": "If they take the objective on the opponent's half of the
/// table, they win the game." Side A's squad on its own objective (row 5, A's half) does not
/// win by turn three; on B's objective (row 8, B's half) it wins.
#[test]
fn bait_and_flank_wins_on_the_opponents_half_only() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    for (at, wins) in [("D5", false), ("D8", true)] {
        let mut t = scenario(
            "bait-and-flank",
            vec![placed(&a, Side::A, at), placed(&b, Side::B, "H12")],
            &["D5", "D8"],
        );
        for _ in 0..3 {
            quiet_round(&mut t);
        }
        assert_eq!(
            matches!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) }),
            wins,
            "{at}: {:?}",
            t.game.pending()
        );
    }
}

/// "Scenario 5: All-Out Attack": "If a player holds an objective in the opponent's table half
/// … they gain two victory points for each turn they hold it" (nothing for one's own half);
/// "A player wins by gaining a total of seven victory points, or by having the most victory
/// points at the end of the game."
#[test]
fn all_out_attack_two_points_a_turn_in_the_opponents_half_and_the_most_points_win() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    let mut t = scenario(
        "all-out-attack",
        vec![placed(&a, Side::A, "D8"), placed(&b, Side::B, "H1")],
        &["D8", "H1"],
    );
    quiet_round(&mut t);
    quiet_round(&mut t);
    assert_eq!(
        (t.game.victory_points().a, t.game.victory_points().b),
        (0, 0),
        "not before turn three"
    );
    quiet_round(&mut t);
    assert_eq!(
        (t.game.victory_points().a, t.game.victory_points().b),
        (2, 2),
        "each holds an objective in the other's half"
    );
    // With a turn limit of three: A holds B's objective (2 points), B its own (none); the game
    // ends at the turn limit and A, with the most points, wins.
    let mut s = battlefront(open_game(8, 12, vec![placed(&a, Side::A, "D8"), placed(&b, Side::B, "H12")]));
    s.bf_rules = dust_core::battlefront::ScenarioRules::preset("all-out-attack").expect("a preset");
    s.objectives = dust_core::game::tests_support::objectives_at(&["D8", "H12"]);
    s.round_limit = 3;
    let mut t = Table::new(s);
    for _ in 0..3 {
        quiet_round(&mut t);
    }
    assert_eq!((t.game.victory_points().a, t.game.victory_points().b), (2, 0));
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
}

/// "Cover Saves": "An Infantry unit is also in Cover if it occupies a square with … buildings":
/// a squad in a one-square building, shot at straight through its opening (so no wall stands in
/// the way), saves on the army symbol or the shield.
#[test]
fn infantry_in_a_building_is_in_cover() {
    use dust_core::{Board, BoardSetup, Dir, EntranceSetup, EntranceSize, StructureSetup};
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    let board = Board::new(BoardSetup {
        width: 6,
        height: 8,
        terrain: vec![Terrain::Open; 48],
        structures: vec![StructureSetup {
            name: "hut".into(),
            interior: vec![sq("C7")],
            entrances: vec![EntranceSetup {
                at: sq("C7"),
                side: Dir::South,
                size: EntranceSize::Large,
            }],
            inner_walls: vec![],
        }],
        ..BoardSetup::default()
    })
    .expect("board");
    let mut setup = battlefront(open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C7")]));
    setup.board = board;
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 2);
    assert_eq!(pending_faces(&t), Some((2, 4, 6)), "a cover save");
}

/// "Scenario 5: All-Out Attack": "A player also gains a victory point for each unit they
/// eliminate. Heroes count as a victory point in their own right whether attached to a unit,
/// piloting a vehicle, or on their own." A squad of one with a hero joined to it, both
/// eliminated by one attack: two victory points.
#[test]
fn all_out_attack_a_joined_hero_counts_a_point_of_his_own() {
    let a = Arc::new(squad("A", 3, vec![rifle("Rifle", R6, 2)]));
    let b = infantry("B", 1);
    let hero = Arc::new(hero_card("Hero", 1, vec![rifle("Pistol", R4, 1)]));
    let mut units = vec![placed(&a, Side::A, "D3"), placed(&b, Side::B, "D6"), placed(&hero, Side::B, "D6")];
    units[2].joins = Some(1);
    let mut t = scenario("all-out-attack", units, &[]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    if legal(&t).contains(&"react none".to_string()) {
        t.decide("react none");
    }
    t.roll(6, 2); // two hits
    roll_any(&mut t, 0); // no save
    let tail = t.tail(8);
    assert!(
        tail.contains(&"u1 is destroyed (20 VP)".to_string()) && tail.contains(&"u2 is destroyed (20 VP)".to_string()),
        "{tail:?}"
    );
    assert_eq!(t.game.victory_points().a, 2, "the squad and the hero: a point each");
}

/// "Reserves": "Heroes can never be placed in reserve" (but for All-Out Attack's "Players place
/// all eliminated units in reserve (including Heroes)"). In Grab the Dust, with two places
/// left, an eliminated hero is not offered a place and stays eliminated.
#[test]
fn heroes_are_never_placed_in_reserve() {
    let a = Arc::new(squad("A", 3, vec![rifle("Rifle", R6, 2)]));
    let hero = Arc::new(hero_card("Hero", 1, vec![rifle("Pistol", R4, 1)]));
    let b = infantry("B", 3);
    let mut t = scenario(
        "grab-the-dust",
        vec![placed(&a, Side::A, "D3"), placed(&hero, Side::B, "D6"), placed(&b, Side::B, "H12")],
        &[],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    if legal(&t).contains(&"react none".to_string()) {
        t.decide("react none");
    }
    t.roll(6, 1);
    roll_any(&mut t, 0);
    assert!(t.game.unit(UnitId(1)).destroyed);
    assert!(!legal(&t).iter().any(|d| d.starts_with("reserve")), "{:?}", legal(&t));
    t.pass(2);
    assert!(!t.game.events().contains(&Event::Returned(UnitId(1))));
    assert!(t.game.unit(UnitId(1)).destroyed, "the hero stays eliminated");
}

/// "Scenario 4: Supply Drop" and "Scenario 5: All-Out Attack": "After placing the terrain, the
/// players place one objective each in the same order as they placed terrain. These must be in
/// the player's own half of the table, but not within two squares of a table edge, nor in
/// impassable terrain" (as in Bait and Flank: `battlefront_setup.rs`). After the six terrain
/// items the initiative winner places first, in their own half only, then the other player.
#[test]
fn supply_drop_and_all_out_attack_objectives_are_placed_by_the_players() {
    use dust_core::battlefront::setup::{SetupDecision, SetupErrorKind, SetupPhase};
    use dust_core::battlefront::ScenarioRules;
    use dust_core::game::tests_support::{entering, objectives_at};
    let d = |text: &str| -> SetupDecision { text.parse().unwrap_or_else(|e| panic!("{e}")) };
    for rules in ["supply-drop", "all-out-attack"] {
        let card = infantry("Rifles", 3);
        let mut s = battlefront(open_game(16, 24, vec![entering(&card, Side::A), entering(&card, Side::B)]));
        s.bf_rules = ScenarioRules::preset(rules).expect("preset");
        s.objectives = objectives_at(&["H8", "I17"]);
        let mut p = SetupPhase::new(s, 11);
        assert!(p.objectives().is_empty(), "{rules}: the players place them");
        p.apply(d("board open")).unwrap();
        p.apply(d("board open")).unwrap();
        let winner = p.initiative().expect("rolled");
        p.apply(d("start south")).unwrap();
        for item in [
            "place wood G6 n",
            "place pond J18 e",
            "place trap F10",
            "place rubble C15 n",
            "place rubble K6 w",
            "place trap B20",
        ] {
            p.apply(d(item)).unwrap_or_else(|e| panic!("{rules} {item}: {e:?}"));
        }
        assert_eq!(p.to_move(), Some(winner), "{rules}: in the order of the terrain");
        // The winner starts south: rows 1-12 are its half.
        let e = p.apply(d("objective H17")).expect_err("the other half");
        assert_eq!(e.kind, SetupErrorKind::NotOwnHalf, "{rules}");
        let e = p.apply(d("objective H2")).expect_err("near the edge");
        assert_eq!(e.kind, SetupErrorKind::NearEdge, "{rules}");
        p.apply(d("objective H8")).unwrap();
        assert_eq!(p.to_move(), Some(winner.other()));
        p.apply(d("objective I17")).unwrap();
        let setup = p.game_setup().expect("over");
        assert_eq!(setup.objectives.iter().map(|o| o.at).collect::<Vec<_>>(), vec![sq("H8"), sq("I17")]);
    }
}

/// "Reactive Attacks": "you can declare that one of your units that has not yet activated, and
/// that is at a Range of four squares or less from the activating unit, will take a Reactive
/// Attack action". After the squad's Move to C2, the enemy on C6 (four squares) may react, the
/// one on C7 (five) may not.
#[test]
fn only_units_within_four_squares_may_react() {
    let a = infantry("A", 3);
    let near = infantry("Near", 3);
    let far = infantry("Far", 3);
    let mut t = battlefront_table(
        6,
        10,
        vec![placed(&a, Side::A, "C1"), placed(&near, Side::B, "C6"), placed(&far, Side::B, "C7")],
    );
    t.initiative(Side::A);
    t.activate(0, "move attack", &["C2"], &[(0, "u2", 0)], &[]);
    assert_eq!(legal(&t), ["react none", "react u1"]);
}
