//! Deviations 6 to 10 of the revised edition's conformance review, and outcome tests of the skills
//! that had none, each written from the words of tactics-revised-core-rules.md (and
//! tactics-revised-faq.md where it differs). Cards are built here with only the numbers each test
//! needs; side A is the Allies, side B the Axis, and `Table::initiative(first)` lets side A win
//! the roll and choose who activates first.

use dust_core::game::tests_support::{
    entering, fired, hero_card, legal, moves, open_game, placed, rifle, rolls_of, sq, squad, vehicle_card, Table, R4,
};
use dust_core::game::{GameSetup, RollPurpose, UnitId, UnitSetup, HERO_LINE};
use dust_core::unit::{Armor, ArmorType, CombatValue, UnitCard, UnitKind};
use dust_core::{Board, BoardSetup, BySide, Dir, EntranceSetup, EntranceSize, Side, Skill, StructureSetup, Terrain};
use std::sync::Arc;

/// A hero of 4 health with a pistol (range 4, two dice) and `skills`.
fn hero(name: &str, skills: &[Skill]) -> UnitCard {
    let mut c = hero_card(name, 4, vec![rifle("Pistol", R4, 2)]);
    c.soft_cover = None;
    c.hard_cover = None;
    c.skills = skills.to_vec();
    c
}

/// A squad of `n` riflemen (range 4, `dice` dice each) with movement `movement` and `skills`.
fn riflemen(name: &str, n: u8, dice: u8, movement: u8, skills: &[Skill]) -> Arc<UnitCard> {
    let mut c = squad(name, n, vec![rifle("Rifle", R4, dice)]);
    c.movement = movement;
    c.skills = skills.to_vec();
    Arc::new(c)
}

/// A vehicle of 4 health with a gun (range 4, two dice against everything) and `movement`.
fn vehicle(name: &str, movement: u8, skills: &[Skill]) -> Arc<UnitCard> {
    let mut gun = rifle("Gun", R4, 2);
    gun.table.vehicle = [CombatValue::Dice { dice: 2, damage: 1 }; 7];
    let mut c = vehicle_card(name, 4, vec![gun]);
    c.movement = movement;
    c.skills = skills.to_vec();
    Arc::new(c)
}

/// `hero` joined to the squad at index `squad` of the setup, on `at`.
fn joined(hero: &Arc<UnitCard>, side: Side, at: &str, squad: usize) -> UnitSetup {
    let mut h = placed(hero, side, at);
    h.joins = Some(squad);
    h
}

/// A game on an open `w` x `h` board where side A enters on `entry_a` only.
fn entry_game(w: u8, h: u8, entry_a: &str, units: Vec<UnitSetup>) -> GameSetup {
    let mut setup = open_game(w, h, units);
    setup.entry.a = vec![sq(entry_a)];
    setup
}

/// Whether the move decisions offered now include `to`.
fn offers_move(t: &Table, to: &str) -> bool {
    moves(t).contains(&format!("move {to}"))
}

// ----- 6. A joined hero whose squad dies mid-activation --------------------------------------

/// tactics-revised-core-rules.md, "Possible Situations for Reactive Fire" ("If the Blackhawk
/// survives, it may continue with its ATTACK action") and "Heroes" (the hero and the squad
/// activate at the same time; the hero's weapons are used at the same time as his squad's):
/// reactive fire kills every miniature of the squad, the joined hero lives, and he continues the
/// declared activation: his declared weapon line fires.
#[test]
fn joined_hero_continues_after_squad_dies() {
    let hammers = riflemen("The Hammers", 3, 1, 1, &[]);
    let rhino = Arc::new(hero("Rhino", &[]));
    let enemy = riflemen("Enemy", 5, 3, 1, &[]);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![
            placed(&hammers, Side::A, "C1"),
            joined(&rhino, Side::A, "C1", 0),
            placed(&enemy, Side::B, "C6"),
        ],
    ));
    t.initiative(Side::A);
    // MOVE + ATTACK: the squad's rifles and the hero's pistol aimed at the enemy.
    t.activate(0, "move attack", &["C2"], &[(0, "u2", 0), (HERO_LINE, "u2", 0)], &[]);
    assert_eq!(legal(&t), ["react none", "react u2"], "reactive fire after the MOVE");
    t.decide("react u2");
    t.roll(1, 1);
    t.declare("", &[], &[(0, "u0", 0)], &[]);
    // Fifteen dice, three hits: the owner removes the three miniatures (the first casualty
    // offered each time is a miniature).
    t.roll(15, 3);
    assert!(t.game.unit(UnitId(0)).destroyed, "the squad is eliminated");
    assert!(!t.game.unit(UnitId(1)).destroyed, "the hero lives");
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C2")), "he moved with his squad");
    // The hero continues with the declared ATTACK: his pistol's two dice.
    assert_eq!(t.pending_dice(), Some(2), "the hero's declared line fires; events {:#?}", t.tail(8));
    t.roll(2, 2);
    assert_eq!(t.health(2), 3, "two hits from the pistol");
    assert_eq!(fired(&t).last().map(|f| f.0.as_str()), Some("Pistol"));
}

/// "If the [unit] survives, it may continue" also with a MOVE still to come (MOVE + MOVE): the
/// hero makes the second move of the declared activation.
#[test]
fn joined_hero_continues_a_declared_move_after_squad_dies() {
    let hammers = riflemen("The Hammers", 3, 1, 1, &[]);
    let rhino = Arc::new(hero("Rhino", &[]));
    let enemy = riflemen("Enemy", 5, 3, 1, &[]);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![
            placed(&hammers, Side::A, "C1"),
            joined(&rhino, Side::A, "C1", 0),
            placed(&enemy, Side::B, "C6"),
        ],
    ));
    t.initiative(Side::A);
    t.activate(0, "move move", &["C2", "C3"], &[], &[]);
    t.decide("react u2");
    t.roll(1, 1);
    t.declare("", &[], &[(0, "u0", 0)], &[]);
    t.roll(15, 3);
    assert!(t.game.unit(UnitId(0)).destroyed);
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C3")), "the hero makes the second MOVE");
}

// ----- 7. Scout Vehicle: two extra spaces, first round only ----------------------------------

/// tactics-revised-core-rules.md, "Scout Vehicle": "During the first round only, this vehicle
/// can move two extra spaces." Two extra spaces in the round, not two per move action: with
/// movement 1 and MOVE + MOVE it ends at most four spaces away (1 + 1 + 2), and in the second
/// round a move is one space.
#[test]
fn scout_vehicle_two_extra_spaces_first_round_only() {
    let scout = vehicle("Scout", 1, &[Skill::ScoutVehicle]);
    let far = riflemen("Far", 1, 1, 1, &[]);
    let mut t = Table::new(open_game(8, 10, vec![placed(&scout, Side::A, "C1"), placed(&far, Side::B, "H10")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    assert!(
        offers_move(&t, "C4") && !offers_move(&t, "C5"),
        "one move: 1 + 2 spaces; {:?}",
        moves(&t)
    );
    t.decide("move C4");
    assert!(offers_move(&t, "C5"), "the second move keeps the card's movement");
    assert!(!offers_move(&t, "C6"), "the two extra spaces are spent: {:?}", moves(&t));
    t.decide("move C5");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C5")));
    t.pass(1);
    // Round 2: no extra space.
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    assert!(
        offers_move(&t, "C6") && !offers_move(&t, "C7"),
        "round 2: one space; {:?}",
        moves(&t)
    );
}

// ----- 8. Aircraft and terrain --------------------------------------------------------------

/// An aircraft card of armor class 1 with movement `movement`.
fn aircraft(movement: u8) -> Arc<UnitCard> {
    let mut c = vehicle_card("Aircraft", 4, vec![rifle("Gun", R4, 2)]);
    c.kind = UnitKind::Aircraft;
    c.armor = Armor {
        kind: ArmorType::Aircraft,
        class: 1,
    };
    c.movement = movement;
    Arc::new(c)
}

/// A 5 x 5 board whose row 2 is all `row2`, with the unit `mover` on C1 and an enemy far away;
/// `structure`: C2 is instead the interior of a structure with a large entrance on its south
/// side (towards C1).
fn terrain_game(row2: Terrain, structure: bool, mover: &Arc<UnitCard>) -> Table {
    let mut terrain = vec![Terrain::Open; 25];
    for c in 0..5 {
        terrain[5 + c] = row2;
    }
    let mut structures = Vec::new();
    if structure {
        terrain[7] = Terrain::Open;
        structures.push(StructureSetup {
            name: "Bunker".into(),
            interior: vec![sq("C2")],
            entrances: vec![EntranceSetup {
                at: sq("C2"),
                side: Dir::South,
                size: EntranceSize::Large,
            }],
            inner_walls: Vec::new(),
        });
    }
    let board = Board::new(BoardSetup {
        width: 5,
        height: 5,
        terrain,
        cover: Vec::new(),
        structures,
    })
    .expect("board");
    let far = riflemen("Far", 1, 1, 1, &[]);
    let mut t = Table::new(GameSetup {
        board,
        entry: BySide {
            a: vec![sq("A1")],
            b: vec![sq("E5")],
        },
        round_limit: 2,
        units: vec![placed(mover, Side::A, "C1"), placed(&far, Side::B, "E5")],
        objectives: Vec::new(),
        edition: dust_core::Edition::Revised,
        classic_dice: false,
        bf_rules: Default::default(),
    });
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    t
}

/// tactics-revised-core-rules.md, "Terrain Types": deep water, rubble and spaces without a dot
/// do not block aircraft movement ("This terrain type does not block aircraft movement");
/// "General Structure Rules": "Aircraft cannot enter any type of structure". A land vehicle
/// with the same movement is stopped by all three. (docs/rulings.md, "Aircraft over terrain":
/// an aircraft may end over water and rubble, not on a space without a dot.)
#[test]
fn aircraft_terrain_revised() {
    let plane = aircraft(2);
    let tank = vehicle("Tank", 2, &[]);
    // Spaces without a dot: flown over, never ended on.
    let t = terrain_game(Terrain::NoDot, false, &plane);
    assert!(offers_move(&t, "C3"), "over a row without a dot: {:?}", moves(&t));
    assert!(!offers_move(&t, "C2"), "not on a space without a dot");
    let t = terrain_game(Terrain::NoDot, false, &tank);
    assert!(!offers_move(&t, "C3"), "a land vehicle is stopped: {:?}", moves(&t));
    // Deep water and rubble: flown over and ended on.
    for row2 in [Terrain::Water, Terrain::Rubble] {
        let t = terrain_game(row2, false, &plane);
        assert!(offers_move(&t, "C2") && offers_move(&t, "C3"), "{row2:?}: {:?}", moves(&t));
        let t = terrain_game(row2, false, &tank);
        assert!(!offers_move(&t, "C2") && !offers_move(&t, "C3"), "{row2:?} stops a land vehicle");
    }
    // A structure with a large entrance: a land vehicle may enter, an aircraft not.
    let t = terrain_game(Terrain::Open, true, &tank);
    assert!(offers_move(&t, "C2"), "a vehicle enters by a large entrance: {:?}", moves(&t));
    let t = terrain_game(Terrain::Open, true, &plane);
    assert!(!offers_move(&t, "C2"), "an aircraft never enters a structure: {:?}", moves(&t));
    assert!(offers_move(&t, "B2") && offers_move(&t, "D2"), "beside it: {:?}", moves(&t));
}

// ----- 9. Heroic Attack in reactive fire ----------------------------------------------------

/// tactics-revised-core-rules.md, "Possible Situations for Reactive Fire", In Summary: "If you
/// roll a ⊕, you get to perform a single ATTACK action. You can also activate a skill that does
/// not require an action." "Heroic Attack": "Using this skill does not require an action, but
/// the hero must activate in order to use the skill"; "all attacks made against him during
/// this round … do not cause any damage".
#[test]
fn heroic_attack_in_reactive_fire() {
    let joe = Arc::new(hero("Joe", &[Skill::HeroicAttack]));
    let enemy = riflemen("Enemy", 3, 1, 1, &[]);
    let mut t = Table::new(open_game(6, 8, vec![placed(&joe, Side::A, "C5"), placed(&enemy, Side::B, "C1")]));
    t.initiative(Side::B);
    t.activate(1, "move attack", &["C2"], &[(0, "u0", 0)], &[]);
    t.decide("react u0");
    t.roll(1, 1);
    // Reactive fire uses every line that reaches ("Reactive fire with all weapon lines"): the
    // pistol's one possible aim is taken without asking.
    assert_eq!(
        legal(&t),
        ["use heroic-attack no", "use heroic-attack yes"],
        "offered in reactive fire: {:?}",
        t.tail(6)
    );
    t.decide("use heroic-attack yes");
    t.roll(2, 0); // the pistol misses
                  // The enemy continues with its ATTACK: three hits, no damage.
    t.roll(3, 3);
    assert_eq!(t.health(0), 4, "attacks against him this round cause no damage");
    assert!(t.game.unit(UnitId(0)).used.contains(&Skill::HeroicAttack), "spent for the game");
}

// ----- 10. Unit entry: the first action is a one-space move ---------------------------------

/// tactics-revised-core-rules.md, "Unit Entry": "Each unit's first action is always a one space
/// move (➡), representing the unit 'entering' the battlefield. Following this first mandatory
/// move action, the unit may perform whatever action it would like." A unit of movement 2 (and
/// one with Fast) enters on the entry square only; its second move is a full move.
#[test]
fn unit_entry_first_action_one_space_move() {
    let two = riflemen("The Hammers", 3, 1, 2, &[]);
    let fast = riflemen("Hell Boys", 3, 1, 1, &[Skill::Fast]);
    let tank = vehicle("Tank", 2, &[]);
    let far = riflemen("Far", 1, 1, 1, &[]);
    for (card, second) in [(&two, "C3"), (&fast, "C3"), (&tank, "C3")] {
        let mut t = Table::new(entry_game(6, 8, "C1", vec![entering(card, Side::A), placed(&far, Side::B, "F8")]));
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move move");
        assert_eq!(moves(&t), ["move C1"], "{}: the first move only enters", card.name);
        t.decide("move C1");
        assert!(offers_move(&t, second), "{}: then a full move: {:?}", card.name, moves(&t));
        t.decide(&format!("move {second}"));
        assert_eq!(t.game.unit(UnitId(0)).at, Some(sq(second)));
    }
    // MOVE + ATTACK: the move is the entry.
    let mut t = Table::new(entry_game(6, 8, "C1", vec![entering(&two, Side::A), placed(&far, Side::B, "F8")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    assert_eq!(moves(&t), ["move C1"]);
}

// ----- Skills -------------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Self-Repair": "At the end of each round, roll one die for
/// each [cross] on the unit card that is marked. For each ⊕ result, the vehicle recovers one
/// health point."
#[test]
fn skill_self_repair() {
    let repair = vehicle("Repairer", 1, &[Skill::SelfRepair]);
    let enemy = riflemen("Enemy", 3, 1, 1, &[]);
    let mut t = Table::new(open_game(6, 6, vec![placed(&repair, Side::A, "C2"), placed(&enemy, Side::B, "C4")]));
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 2); // one die per rifle against the vehicle: two damage
    assert_eq!(t.health(0), 2);
    t.pass(0);
    // End of the round: two marked crosses, two dice; one ⊕ recovers one point.
    t.roll(2, 1);
    assert_eq!(t.health(0), 3);
    assert_eq!(rolls_of(&t, RollPurpose::SelfRepair), [(2, 1)]);
    // End of round 2: one die for the one marked cross; a full vehicle rolls nothing.
    t.initiative(Side::A);
    t.pass(0);
    t.pass(1);
    assert_eq!(t.pending_dice(), Some(1));
    t.roll(1, 1);
    assert_eq!(t.health(0), 4, "back to its starting health, not beyond");
}

/// tactics-revised-core-rules.md, "Scout Vehicle" with "Unit Entry": a scout vehicle entering
/// in the first round enters on the entry square (a one-space move) and may use its two extra
/// spaces on the next move.
#[test]
fn skill_scout_vehicle() {
    let scout = vehicle("Scout", 1, &[Skill::ScoutVehicle]);
    let far = riflemen("Far", 1, 1, 1, &[]);
    let mut t = Table::new(entry_game(6, 8, "C1", vec![entering(&scout, Side::A), placed(&far, Side::B, "F8")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    assert_eq!(moves(&t), ["move C1"]);
    t.decide("move C1");
    assert!(offers_move(&t, "C4") && !offers_move(&t, "C5"), "1 + 2 spaces: {:?}", moves(&t));
    // Without the skill: one space.
    let plain = vehicle("Plain", 1, &[]);
    let mut t = Table::new(entry_game(6, 8, "C1", vec![entering(&plain, Side::A), placed(&far, Side::B, "F8")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    t.decide("move C1");
    assert!(offers_move(&t, "C2") && !offers_move(&t, "C3"));
}

/// tactics-revised-core-rules.md, "Badass": "All of the unit's weapons with limited ammo are
/// considered unlimited, but it can use only up to the limited ammo per activation."
#[test]
fn skill_badass() {
    let mut c = squad("Badasses", 3, vec![rifle("Rifle", R4, 1), rifle("Panzerfaust", R4, 1)]);
    c.weapons[1].ammo = Some(2);
    c.skills = vec![Skill::Badass];
    let badass = Arc::new(c);
    let target = riflemen("Target", 5, 1, 1, &[]);
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&badass, Side::A, "C2"), placed(&target, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 none");
    let aims: Vec<String> = legal(&t);
    assert!(aims.contains(&"aim 1 u1 2".to_string()), "{aims:?}");
    assert!(
        !aims.iter().any(|a| a == "aim 1 u1 3"),
        "no more than the card's ammo in one activation: {aims:?}"
    );
    t.decide("aim 1 u1 2");
    t.roll(2, 0);
    assert_eq!(t.game.unit(UnitId(0)).ammo[1], 2, "no box is marked");
    t.pass(1);
    // The next round the two Panzerfausts are there again.
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 none");
    assert!(legal(&t).contains(&"aim 1 u1 2".to_string()));
}

/// tactics-revised-core-rules.md, "Assault": "its movement value doubles – even if the unit
/// performs two move actions. A unit can only use this skill once per game." A hero with it
/// shares it with the squad he joins.
#[test]
fn skill_assault() {
    let assault = riflemen("Stormers", 3, 1, 1, &[Skill::Assault]);
    let far = riflemen("Far", 1, 1, 1, &[]);
    let mut t = Table::new(open_game(
        6,
        10,
        vec![placed(&assault, Side::A, "C1"), placed(&far, Side::B, "F10")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    assert_eq!(legal(&t), ["use assault no", "use assault yes"]);
    t.decide("use assault yes");
    assert!(offers_move(&t, "C3") && !offers_move(&t, "C4"), "movement 2: {:?}", moves(&t));
    t.decide("move C3");
    assert!(offers_move(&t, "C5"), "doubled for the second move too");
    t.decide("move C5");
    t.pass(1);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    assert!(
        moves(&t).len() > 1 && offers_move(&t, "C6") && !offers_move(&t, "C7"),
        "once per game"
    );
    // A hero with Assault shares it with his squad.
    let plain = riflemen("Plain", 3, 1, 1, &[]);
    let leader = Arc::new(hero("Leader", &[Skill::Assault]));
    let mut h = placed(&leader, Side::A, "C1");
    h.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        10,
        vec![placed(&plain, Side::A, "C1"), h, placed(&far, Side::B, "F10")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan move nothing");
    t.decide("use assault yes");
    assert!(offers_move(&t, "C3"));
}

/// A reactive-fire situation: `reactor` (side A, on C6) may react to an enemy squad that moves
/// from C1 to C3; returns the table at the reactive roll.
fn reaction(reactor: Vec<UnitSetup>) -> Table {
    let mover = riflemen("Mover", 3, 1, 2, &[]);
    let idle = riflemen("Idle", 1, 1, 1, &[]);
    let mut units = reactor;
    let i = units.len() as u8;
    units.push(placed(&mover, Side::B, "C1"));
    // Units out of range that keep the round going.
    units.push(placed(&idle, Side::A, "F8"));
    units.push(placed(&idle, Side::B, "A1"));
    let mut t = Table::new(open_game(6, 8, units));
    t.initiative(Side::B);
    t.activate(i, "move nothing", &["C3"], &[], &[]);
    t.decide("react u0");
    t
}

/// tactics-revised-core-rules.md, "Advanced Reactive Fire": "roll two dice instead of one. If
/// you roll at least one ⊕, you may perform the attack." A hero with it shares it with his
/// squad.
#[test]
fn skill_advanced_reactive_fire() {
    let adv = riflemen("Quick", 3, 1, 1, &[Skill::AdvancedReactiveFire]);
    let mut t = reaction(vec![placed(&adv, Side::A, "C6")]);
    assert_eq!(t.pending_dice(), Some(2), "two dice");
    t.roll(2, 1);
    // The attack is made: its one possible aim is taken ("Reactive fire with all weapon
    // lines") and its dice are rolled.
    assert_eq!(t.pending_dice(), Some(3), "one ⊕ of two: the attack, three riflemen's dice");
    assert!(t.game.unit(UnitId(0)).activated);
    let mut t = reaction(vec![placed(&adv, Side::A, "C6")]);
    t.roll(2, 0);
    assert!(t.game.unit(UnitId(0)).activated, "no ⊕: activated for nothing");
    assert!(!legal(&t).iter().any(|d| d.starts_with("aim")));
    // Shared by a joined hero.
    let plain = riflemen("Plain", 3, 1, 1, &[]);
    let leader = Arc::new(hero("Leader", &[Skill::AdvancedReactiveFire]));
    let t = reaction(vec![placed(&plain, Side::A, "C6"), joined(&leader, Side::A, "C6", 0)]);
    assert_eq!(t.pending_dice(), Some(2));
}

/// tactics-revised-core-rules.md, "Superior Reactive Fire": "roll three dice instead of one. If
/// you roll at least one ⊕, you may perform the attack." A hero with it shares it.
#[test]
fn skill_superior_reactive_fire() {
    let sup = riflemen("Quicker", 3, 1, 1, &[Skill::SuperiorReactiveFire]);
    let mut t = reaction(vec![placed(&sup, Side::A, "C6")]);
    assert_eq!(t.pending_dice(), Some(3), "three dice");
    t.roll(3, 1);
    // The rifles' one possible aim is taken ("Reactive fire with all weapon lines").
    t.roll(3, 2);
    assert_eq!(t.health(1), 1, "the attack is made");
    let plain = riflemen("Plain", 3, 1, 1, &[]);
    let leader = Arc::new(hero("Leader", &[Skill::SuperiorReactiveFire]));
    let t = reaction(vec![placed(&plain, Side::A, "C6"), joined(&leader, Side::A, "C6", 0)]);
    assert_eq!(t.pending_dice(), Some(3));
    // Without either skill: one die.
    let t = reaction(vec![placed(&plain, Side::A, "C6")]);
    assert_eq!(t.pending_dice(), Some(1));
}

/// tactics-revised-core-rules.md, "All In One": "roll twice the normal number of attack dice for
/// all of its weapon lines for that round … a unit can only use this skill once per game". The
/// skill has no sharing sentence, so a hero who has it doubles his own lines in the squad he
/// joined, not the squad's ("Heroes": "Some hero skills are shared with the squad"); a squad's
/// skill is shared with its hero ("All squad skills are shared with the hero").
/// (docs/rulings.md, "All In One and a joined hero".)
#[test]
fn skill_all_in_one() {
    let target = riflemen("Target", 5, 1, 1, &[]);
    // A squad: three riflemen roll six dice.
    let aio = riflemen("Hot Guns", 3, 1, 1, &[Skill::AllInOne]);
    let mut t = Table::new(open_game(6, 6, vec![placed(&aio, Side::A, "C2"), placed(&target, Side::B, "C4")]));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &["all-in-one"]);
    t.roll(6, 0);
    t.pass(1);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1");
    assert!(
        !legal(&t).iter().any(|d| d.contains("all-in-one")),
        "once per game: {:?}",
        legal(&t)
    );
    // A hero with All In One joined to a squad: offered, and only his pistol doubles.
    let plain = riflemen("Plain", 3, 1, 1, &[]);
    let leader = Arc::new(hero("Leader", &[Skill::AllInOne]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&plain, Side::A, "C2"),
            joined(&leader, Side::A, "C2", 0),
            placed(&target, Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan attack nothing");
    t.decide("aim 0 u2");
    t.decide(&format!("aim {HERO_LINE} u2"));
    // The player orders the two ranged lines ("The order in which weapon lines fire").
    t.decide("fire 0");
    assert_eq!(
        legal(&t),
        ["use all-in-one no", "use all-in-one yes"],
        "a joined hero may use it: {:?}",
        t.tail(5)
    );
    t.decide("use all-in-one yes");
    t.roll(3, 0); // the squad's rifles: not doubled
    t.roll(4, 0); // the hero's pistol: 2 x 2
    assert!(t.game.unit(UnitId(1)).used.contains(&Skill::AllInOne), "spent by the hero");
    // A squad's All In One is shared with its hero: both lines double.
    let leader = Arc::new(hero("Leader", &[]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&aio, Side::A, "C2"),
            joined(&leader, Side::A, "C2", 0),
            placed(&target, Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.declare("attack nothing", &[], &[(0, "u2", 0), (HERO_LINE, "u2", 0)], &["all-in-one"]);
    t.roll(6, 0);
    t.roll(4, 0);
}
