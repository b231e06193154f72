//! Every EXAMPLE of tactics-revised-core-rules.md from "Initiative Roll" to "Optional Rules" (and
//! the examples of tactics-revised-faq.md that change them), played by the engine with scripted
//! dice. Each test names the seed file and section it reproduces. Units are the shipped cards
//! where the example names a core-box unit; units outside the core box are built in the test
//! with only the numbers the example gives.
//!
//! Side A is the Allies, side B the Axis. `Table::initiative(first)` lets side A win the roll.

use dust_core::game::tests_support::{entering, fired, legal, open_game, placed, sq, Table};
use dust_core::game::{Decision, Event, Pending, RollPurpose, UnitId};
use dust_core::unit::{CombatTable, CombatValue, Keywords, Model, WeaponLine};
use dust_core::{Armor, Bloc, CoverElement, Face, Side, Skill, UnitCard, UnitKind, WeaponRange};
use dust_data::tests_support::{shipped_card, soldier, vehicle};
use std::sync::Arc;

fn card(name: &str) -> Arc<UnitCard> {
    Arc::new(shipped_card(name))
}

/// A weapon line with the same value against every class of every armor type.
fn line(name: &str, range: WeaponRange, value: CombatValue) -> WeaponLine {
    WeaponLine {
        name: name.into(),
        range,
        table: CombatTable {
            soldier: [value; 4],
            vehicle: [value; 7],
            aircraft: [value; 3],
        },
        keywords: Keywords::default(),
        ammo: None,
    }
}

fn dice(d: u8) -> CombatValue {
    CombatValue::Dice { dice: d, damage: 1 }
}

/// A card built for a test: a unit outside the core box, with the numbers its example gives.
fn test_card(name: &str, kind: UnitKind, armor: Armor, health: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    let all = (1u32 << weapons.len()) - 1;
    UnitCard {
        name: name.into(),
        bloc: Bloc::Axis,
        kind,
        movement: 1,
        armor,
        health,
        soft_cover: (kind == UnitKind::Squad).then_some(Face::Hit),
        hard_cover: (kind == UnitKind::Squad).then_some(Face::Miss),
        ap: 20,
        skills: Vec::new(),
        weapons,
        models: if kind == UnitKind::Squad {
            vec![Model { weapons: all, role: None }; usize::from(health)]
        } else {
            Vec::new()
        },
        source: "test card, not official".into(),
    }
}

fn damage_dealt(t: &Table) -> u16 {
    t.game
        .events()
        .iter()
        .map(|e| match e {
            Event::Hits { damage, .. } => *damage,
            _ => 0,
        })
        .sum()
}

fn destroyed(t: &Table, u: u8) -> bool {
    t.game.unit(UnitId(u)).destroyed
}

// ----- Initiative Roll --------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Initiative Roll": three dice each, most hits wins, ties reroll
/// all dice; the winner chooses who starts.
#[test]
fn initiative_roll_three_dice_most_hits_ties_reroll() {
    let hb = card("Hell Boys");
    let st = card("Sturmpioniere");
    let mut t = Table::new(open_game(6, 6, vec![entering(&hb, Side::A), entering(&st, Side::B)]));
    t.roll(3, 2); // side A
    t.roll(3, 2); // side B: a tie
    t.roll(3, 0); // reroll all: A
    t.roll(3, 1); // B wins
    assert!(t.game.events().contains(&Event::InitiativeWon(Side::B)));
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::B });
    assert_eq!(legal(&t), ["first A", "first B"]);
    t.decide("first A");
    assert_eq!(t.game.legal_decisions(), vec![Decision::Activate(UnitId(0))]);
}

/// tactics-revised-core-rules.md, "Black Ops": one extra initiative die, not stacking; and
/// tactics-revised-faq.md, "Does the special ability Black Ops work during the first round? Yes."
#[test]
fn black_ops_adds_one_die_that_does_not_stack() {
    let mut spy = test_card(
        "Spy",
        UnitKind::Hero,
        soldier(2),
        3,
        vec![line("Pistol", WeaponRange::Spaces { min: 1, max: 2 }, dice(1))],
    );
    spy.skills.push(Skill::BlackOps);
    let spy = Arc::new(spy);
    let st = card("Sturmpioniere");
    let mut t = Table::new(open_game(
        6,
        6,
        vec![entering(&spy, Side::A), entering(&spy, Side::A), entering(&st, Side::B)],
    ));
    t.roll(4, 0); // side A: 3 + 1 die, not 3 + 2
    t.roll(3, 1);
    assert!(t.game.events().contains(&Event::InitiativeWon(Side::B)));
}

// ----- List of Actions ----------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Sustained Attack" example: five dice, two hits; the three
/// misses are rerolled once and one more hit comes: three hits.
#[test]
fn sustained_attack_rerolls_misses_once() {
    let five = Arc::new(test_card(
        "Five Rifles",
        UnitKind::Squad,
        soldier(2),
        5,
        vec![line("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, dice(1))],
    ));
    let target = Arc::new(test_card(
        "Target",
        UnitKind::Squad,
        soldier(2),
        5,
        vec![line("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, dice(1))],
    ));
    let mut t = Table::new(open_game(6, 6, vec![placed(&five, Side::A, "C2"), placed(&target, Side::B, "C4")]));
    t.initiative(Side::A);
    t.activate(0, "sustained", &[], &[(0, "u1", 0)], &[]);
    t.roll(5, 2);
    t.roll(3, 1); // the sustained reroll of the three misses
    assert_eq!(t.health(1), 2, "three hits, three casualties");
    assert!(t.game.events().iter().any(|e| matches!(
        e,
        Event::Rolled {
            purpose: RollPurpose::Sustained,
            dice: 3,
            successes: 1
        }
    )));
}

/// tactics-revised-core-rules.md, "List of Actions": ATTACK + ATTACK is the only combination
/// that cannot be declared.
#[test]
fn attack_attack_cannot_be_declared() {
    let hb = card("Hell Boys");
    let st = card("Sturmpioniere");
    let mut t = Table::new(open_game(6, 6, vec![placed(&hb, Side::A, "C2"), placed(&st, Side::B, "C3")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    let plans = legal(&t);
    assert!(plans.contains(&"plan attack move".to_string()) && plans.contains(&"plan sustained".to_string()));
    assert!(!plans.contains(&"plan attack attack".to_string()));
    assert!(t.game.apply("plan attack attack".parse().unwrap()).is_err());
}

// ----- End of the Game, Calculating Victory Points ---------------------------------------------

/// tactics-revised-core-rules.md, "Calculating Victory Points" (and the same example in
/// tactics-revised-faq.md): the Axis lose Heavy Laser Grenadiers and Hans (30 + 24 = 54 VP for
/// the Allies), the Allies lose Hell Boys and Death Dealers (34 + 23 = 57 VP for the Axis): the
/// Axis win at the end of the round.
#[test]
fn victory_points_57_to_54() {
    let units = vec![
        placed(&card("Death Dealers"), Side::A, "B2"),          // u0
        placed(&card("Hell Boys"), Side::A, "D2"),              // u1
        placed(&card("Blackhawk"), Side::A, "G2"),              // u2
        placed(&card("Hans"), Side::B, "A5"),                   // u3
        placed(&card("Lara"), Side::B, "C5"),                   // u4
        placed(&card("Heavy Laser Grenadiers"), Side::B, "G4"), // u5
    ];
    let mut setup = open_game(10, 8, units);
    setup.round_limit = 1;
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    // The Death Dealers' Bazooka (2 carriers, 1/3 against vehicle 3) destroys the Hans.
    t.activate(0, "attack nothing", &[], &[(1, "u3", 0)], &[]);
    t.roll(2, 1);
    assert!(destroyed(&t, 3));
    // Lara's two MG 44 Zwei lines (5/1 against soldier 2) wipe out the Hell Boys and the Death Dealers.
    t.activate(4, "attack nothing", &[], &[(0, "u1", 0), (1, "u0", 0)], &[]);
    t.roll(5, 5);
    t.roll(5, 5);
    assert!(destroyed(&t, 0) && destroyed(&t, 1));
    // The Blackhawk's Dual Heavy PIAT (4/1 against soldier 3) destroys the Heavy Laser Grenadiers.
    t.activate(2, "attack nothing", &[], &[(0, "u5", 0)], &[]);
    t.roll(4, 3);
    t.roll(3, 0); // their Damage Resilient dice (provisional card) save nothing
    assert!(destroyed(&t, 5));
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::B) });
    let vp = t.game.victory_points();
    assert_eq!((vp.a, vp.b), (54, 57));
}

// ----- Performing Attacks -------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "6) Suffer Damage" example: a full Sturmpioniere squad, two
/// spaces from five Hell Boys, rolls four dice with the StG 47 (one per carrier) and one with the
/// Panzerfaust; two hits and one hit: three casualties, two Hell Boys left.
#[test]
fn suffer_damage_sturmpioniere_vs_hell_boys() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C5"),
            placed(&card("Sturmpioniere"), Side::B, "C3"),
        ],
    ));
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0), (1, "u0", 1)], &[]);
    t.roll(4, 2);
    assert_eq!(t.health(0), 3, "casualties are removed after each ranged line");
    t.roll(1, 1);
    assert_eq!(t.health(0), 2);
    assert_eq!(fired(&t), [("StG 47".to_string(), 4), ("Panzerfaust".to_string(), 1)]);
    assert_eq!(t.game.unit(UnitId(1)).ammo[1], 2, "one Panzerfaust spent");
}

/// tactics-revised-core-rules.md, "6) Suffer Damage", second example: targets declared per
/// line cannot be changed, and a declared limited-ammo weapon is spent even when its target is
/// already destroyed ("3) Declare Targets").
#[test]
fn declared_targets_stay_and_ammo_is_spent() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Death Dealers"), Side::A, "B4"),
            placed(&card("The Hammers"), Side::A, "D5"),
            placed(&card("Sturmpioniere"), Side::B, "C3"),
        ],
    ));
    t.initiative(Side::B);
    t.decide("activate u2");
    t.decide("plan attack nothing");
    // StG 47 and Panzerfaust at The Hammers, Flammenwerfer and Knife & Grenade at the Death Dealers.
    t.declare(
        "attack nothing",
        &[],
        &[(0, "u1", 0), (1, "u1", 1), (2, "u0", 0), (3, "u0", 0)],
        &[],
    );
    t.roll(4, 3); // the StG 47 eliminates The Hammers
    assert!(destroyed(&t, 1));
    assert_eq!(t.game.unit(UnitId(2)).ammo[1], 2, "the Panzerfaust is spent on a destroyed target");
    // The flamethrower (one die per targeted miniature) and close combat go to the Death Dealers.
    t.roll(5, 0);
    assert_eq!(
        t.game.legal_decisions(),
        vec![Decision::Retaliate(true), Decision::Retaliate(false)]
    );
}

/// tactics-revised-core-rules.md, "Weapon Charts", Shotgun example: three carriers roll nine
/// dice against a "2" squad; with one Shotgun carrier killed, six.
#[test]
fn shotgun_nine_dice_then_six() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C3"),
            placed(&card("Sturmpioniere"), Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(9, 0);
    t.auto_casualties = false;
    // The Sturmpioniere shoot back and kill one Shotgun carrier (the owner chooses m0).
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(4, 1);
    t.decide("casualty m0");
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(6, 0);
    assert_eq!(fired(&t)[2], ("Shotgun".to_string(), 6));
}

// ----- Cover Saves ------------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Cover Saves" example: Hell Boys with an anti-tank trap are in
/// hard cover; the Heavy Flak Grenadiers score four hits; the save shows three misses (the Hell
/// Boys' hard cover face) and one hit: one Hell Boy is removed.
#[test]
fn cover_saves_hell_boys_in_hard_cover() {
    let mut setup = open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C4"),
            placed(&card("Heavy Flak Grenadiers"), Side::B, "C2"),
        ],
    );
    let mut b = setup.board.to_setup();
    b.cover.push((sq("C4"), CoverElement::AntiTankTrap));
    setup.board = dust_core::Board::new(b).unwrap();
    let mut t = Table::new(setup);
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(6, 4);
    let save = t.game.pending_roll().expect("cover save");
    assert_eq!((save.dice, save.success_faces), (4, 4), "four dice, saving on the miss face");
    t.roll(4, 3);
    assert_eq!(t.health(0), 4);
}

// ----- Close combat -----------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Attacking Cover Elements" / close combat example: Hell Boys
/// attack adjacent Sturmpioniere; the other lines cause three damage, removed first; then both
/// close-combat attacks are simultaneous: five dice against two, two hits and one hit: the
/// Sturmpioniere are eliminated and the Hell Boys lose one miniature.
#[test]
fn close_combat_hell_boys_vs_sturmpioniere() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C3"),
            placed(&card("Sturmpioniere"), Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (3, "u1", 0)], &[]);
    t.roll(9, 3); // Shotgun
    assert_eq!(t.health(1), 2, "casualties of the other lines are removed before close combat");
    t.decide("retaliate yes");
    t.roll(5, 2); // Hell Boys' Knife & Grenade: one die per miniature
    assert_eq!(t.health(0), 5, "close combat is simultaneous: no damage before both rolled");
    t.roll(2, 1); // Sturmpioniere retaliate with two dice
    assert!(destroyed(&t, 1));
    assert_eq!(t.health(0), 4);
}

/// tactics-revised-faq.md, "How do close-combat weapons work with Reactive Fire?": a unit that
/// moves next to an unactivated squad is fired upon with all lines in range, close combat last
/// and simultaneous; then it resumes its activation.
#[test]
fn reactive_fire_with_close_combat() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C2"),
            placed(&card("Sturmpioniere"), Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.declare("move attack", &["C3"], &[(0, "u1", 0)], &[]);
    assert_eq!(legal(&t), ["react none", "react u1"]);
    t.decide("react u1");
    t.roll(1, 1);
    // Only the trigger may be targeted, with every line in range (Knife & Grenade included).
    t.declare("", &[], &[(0, "u0", 0), (1, "u0", 1), (2, "u0", 0), (3, "u0", 0)], &[]);
    t.roll(4, 1); // StG 47
    t.roll(1, 0); // Panzerfaust
    t.roll(4, 0); // Flammenwerfer: one die per targeted Hell Boy
    t.decide("retaliate yes");
    t.roll(5, 1); // Sturmpioniere Knife & Grenade
    t.roll(4, 2); // Hell Boys' retaliation
    assert_eq!((t.health(0), t.health(1)), (3, 3));
    assert!(t.game.unit(UnitId(1)).activated, "the reacting unit is activated");
    // The Hell Boys resume their activation with the declared attack; the owner lost two Shotgun
    // carriers (the first miniatures offered), so one Shotgun is left: three dice.
    t.roll(3, 0);
    assert!(t.game.events().iter().any(|e| matches!(e, Event::ActivationEnded(UnitId(0)))));
}

// ----- Special combat values --------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Incendiary Blast (X/⊕)" example: the Hell Boys' Flamethrower
/// (1/⊕ against 2) at five Sturmpioniere rolls five dice, one damage per hit.
#[test]
fn incendiary_one_die_per_targeted_miniature() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C3"),
            placed(&card("Sturmpioniere"), Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(1, "u1", 0)], &[]);
    t.roll(5, 2);
    assert_eq!(t.health(1), 3);
}

/// tactics-revised-core-rules.md, "AP Incendiary Blast (X/☠)" example: the Hans' Panzerfaust
/// Werfer (1/☠ against vehicle 4) hits a Pounder once: the walker is eliminated.
#[test]
fn ap_incendiary_eliminates_the_unit() {
    let pounder = Arc::new(test_card(
        "Pounder",
        UnitKind::Vehicle,
        vehicle(4),
        6,
        vec![line("Gun", WeaponRange::Spaces { min: 1, max: 4 }, dice(1))],
    ));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&pounder, Side::A, "C4"), placed(&card("Hans"), Side::B, "C2")],
    ));
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(1, 1);
    assert!(destroyed(&t, 0));
    assert_eq!(t.game.victory_points().b, 20);
}

/// tactics-revised-core-rules.md, "Phaser Blast (X/Y)" examples: a Honey's Phaser (2/3) at Heavy
/// Laser Grenadiers: one aim hit, three damage dice, two hits: two soldiers lost. Sustained:
/// only the aim dice are rerolled: two aim hits, six damage dice, three hits.
#[test]
fn phaser_blast_normal_and_sustained() {
    let honey = Arc::new(test_card(
        "Honey",
        UnitKind::Vehicle,
        vehicle(4),
        6,
        vec![line(
            "120W Phaser Gun",
            WeaponRange::Spaces { min: 1, max: 6 },
            CombatValue::Phaser { aim: 2, power: 3 },
        )],
    ));
    let hlg = Arc::new(test_card(
        "Heavy Laser Grenadiers (no skill)",
        UnitKind::Squad,
        soldier(3),
        3,
        vec![line("Rifle", WeaponRange::Spaces { min: 1, max: 1 }, dice(1))],
    ));
    let mut setup = open_game(6, 6, vec![placed(&honey, Side::A, "C2"), placed(&hlg, Side::B, "C5")]);
    // A soft cover source is ignored: phaser weapons ignore all cover.
    let mut b = setup.board.to_setup();
    b.cover.push((sq("C5"), CoverElement::AmmoCrate));
    setup.board = dust_core::Board::new(b).unwrap();
    let mut t = Table::new(setup.clone());
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 1);
    t.roll(3, 2);
    assert_eq!(t.health(1), 1);

    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "sustained", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 1);
    t.roll(1, 1); // sustained: reroll the aim die that missed
    t.roll(6, 3);
    assert!(destroyed(&t, 1));
}

/// tactics-revised-core-rules.md, "Volley Blast" example: a Steel Rain fires two 4.2" Rockets (two
/// ammo boxes marked): six dice, three hits: three Heavy Laser Grenadiers removed.
#[test]
fn volley_blast_two_rockets_six_dice() {
    let mut rockets = line(
        "4.2\" Rockets",
        WeaponRange::Spaces { min: 1, max: 6 },
        CombatValue::Volley {
            dice: [3, 6, 9, 0],
            damage: 1,
        },
    );
    rockets.ammo = Some(4);
    let steel_rain = Arc::new(test_card("Steel Rain", UnitKind::Vehicle, vehicle(4), 6, vec![rockets]));
    let hlg = Arc::new(test_card(
        "Heavy Laser Grenadiers (no skill)",
        UnitKind::Squad,
        soldier(3),
        3,
        vec![line("Rifle", WeaponRange::Spaces { min: 1, max: 1 }, dice(1))],
    ));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&steel_rain, Side::A, "C1"), placed(&hlg, Side::B, "C6")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u1 1", "aim 0 u1 2", "aim 0 u1 3"]);
    t.decide("aim 0 u1 2");
    t.roll(6, 3);
    assert!(destroyed(&t, 1));
    assert_eq!(t.game.unit(UnitId(0)).ammo[0], 2);
}

// ----- Special weapons --------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Limited-Ammo Weapons" example: three Sturmpioniere are lost;
/// the two survivors still carry three Panzerfausts but can use at most two in one attack.
#[test]
fn panzerfaust_never_more_ammo_than_miniatures() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C3"),
            placed(&card("Sturmpioniere"), Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(9, 3);
    assert_eq!(t.health(1), 2);
    t.decide("activate u1");
    t.decide("plan attack nothing");
    t.decide("aim 0 none");
    let offered = legal(&t);
    assert_eq!(offered, ["aim 1 none", "aim 1 u0 1", "aim 1 u0 2"]);
    assert_eq!(t.game.unit(UnitId(1)).ammo[1], 3);
}

/// tactics-revised-core-rules.md, "Laser" example: Heavy Laser Grenadiers, sustained attack at Hell
/// Boys: three dice, two hits, the hits rerolled until they miss (one, then none), the miss
/// rerolled once for the sustained attack: three damage. Per tactics-revised-faq.md ("How do laser
/// weapons interact with the sustained attack action?") the sustained reroll comes first.
#[test]
fn laser_chain_with_sustained_attack() {
    let mut t = Table::new(open_game(
        6,
        6,
        vec![
            placed(&card("Hell Boys"), Side::A, "C5"),
            placed(&card("Heavy Laser Grenadiers"), Side::B, "C3"),
        ],
    ));
    t.initiative(Side::B);
    t.activate(1, "sustained", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 2);
    t.roll(1, 0); // sustained reroll of the first roll's miss
    t.roll(2, 1); // laser: the two hits again
    t.roll(1, 0); // and the one
    assert_eq!(damage_dealt(&t), 3);
    assert_eq!(t.health(0), 2);
}

/// tactics-revised-faq.md, laser and sustained attack example: Laser Grenadiers roll five dice,
/// three hits; the two misses rerolled (one hit); then the four hits rerolled (two), two (one),
/// one (none): seven hits.
#[test]
fn laser_faq_seven_hits() {
    let mut laser = line("Laser Gewehr", WeaponRange::Spaces { min: 1, max: 4 }, dice(1));
    laser.keywords.laser = true;
    let lg = Arc::new(test_card("Laser Grenadiers", UnitKind::Squad, soldier(2), 5, vec![laser]));
    let bbq = Arc::new(test_card(
        "BBQ Squad",
        UnitKind::Squad,
        soldier(2),
        8,
        vec![line("Rifle", WeaponRange::Spaces { min: 1, max: 1 }, dice(1))],
    ));
    let mut t = Table::new(open_game(6, 6, vec![placed(&bbq, Side::A, "C5"), placed(&lg, Side::B, "C3")]));
    t.initiative(Side::B);
    t.activate(1, "sustained", &[], &[(0, "u0", 0)], &[]);
    t.roll(5, 3);
    t.roll(2, 1);
    t.roll(4, 2);
    t.roll(2, 1);
    t.roll(1, 0);
    assert_eq!(damage_dealt(&t), 7);
}

/// tactics-revised-core-rules.md, "Berserk" example (and tactics-revised-faq.md): Sigrid joined to
/// Laser Grenadiers, sustained attack with Berserk at Hell Boys two spaces away; eight dice in all
/// (Sigrid's three, one per Laser Gewehr and Laser Werfer): first roll, sustained reroll of the
/// misses, Berserk reroll of the misses left, then the laser chain: seven damage, more than enough
/// to eliminate the Hell Boys. The engine rolls each weapon line on its own; the outcomes below
/// add up to the example's (1 hit of 8, then 2 of 7, then 2 of 5, then 2 of 5 and 0 of 2).
#[test]
fn berserk_sustained_laser_seven_damage() {
    let laser = |name: &str, d: u8| {
        let mut l = line(name, WeaponRange::Spaces { min: 1, max: 3 }, dice(d));
        l.keywords.laser = true;
        l
    };
    let mut lg = test_card(
        "Laser Grenadiers",
        UnitKind::Squad,
        soldier(2),
        5,
        vec![laser("Laser Gewehr", 1), laser("Laser Werfer", 1)],
    );
    lg.models = vec![Model { weapons: 1, role: None }; 4];
    lg.models.push(Model { weapons: 2, role: None });
    let mut sigrid = test_card("Sigrid", UnitKind::Hero, soldier(2), 4, vec![laser("Laser-Pistole-B", 3)]);
    sigrid.skills.push(Skill::Berserk);
    let lg = Arc::new(lg);
    let sigrid = Arc::new(sigrid);
    let mut hero = placed(&sigrid, Side::B, "C3");
    hero.joins = Some(1);
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&card("Hell Boys"), Side::A, "C5"), placed(&lg, Side::B, "C3"), hero],
    ));
    t.initiative(Side::B);
    t.activate(1, "sustained", &[], &[(0, "u0", 0), (1, "u0", 0), (32, "u0", 0)], &["berserk"]);
    // Laser Gewehr: 4 dice.
    t.roll(4, 0);
    t.roll(4, 1); // sustained
    t.roll(3, 2); // berserk
    t.roll(3, 1); // laser
    t.roll(1, 0);
    // Laser Werfer: 1 die, never a hit.
    t.roll(1, 0);
    t.roll(1, 0);
    t.roll(1, 0);
    // Sigrid's Laser-Pistole-B: 3 dice.
    t.roll(3, 1);
    t.roll(2, 1);
    t.roll(1, 0);
    t.roll(2, 1);
    t.roll(1, 0);
    assert_eq!(damage_dealt(&t), 7);
    assert!(destroyed(&t, 0));
    assert!(t.game.unit(UnitId(2)).used.contains(&Skill::Berserk));
}

// ----- Movement: Fast ----------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Fast" example: Hell Boys (movement 1, Fast) move two spaces
/// with one MOVE action, three with two, and not at all with a sustained attack.
#[test]
fn fast_two_then_three_spaces() {
    let mut t = Table::new(open_game(
        9,
        9,
        vec![
            placed(&card("Hell Boys"), Side::A, "E1"),
            placed(&card("Sturmpioniere"), Side::B, "A9"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    let one: Vec<String> = legal(&t);
    assert!(one.contains(&"move E3".to_string()) && !one.contains(&"move E4".to_string()));
    t.decide("move E3");
    t.pass(1);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    // "This skill can only affect one of those move actions": the player's choice. The first
    // move may take the extra space (E5 from E3)...
    let first = legal(&t);
    assert!(first.contains(&"move E4".to_string()) && first.contains(&"move E5".to_string()));
    assert!(!first.contains(&"move E6".to_string()));
    t.decide("move E4");
    // ... and when it did not, the second move has it.
    let two = legal(&t);
    assert!(two.contains(&"move E6".to_string()) && !two.contains(&"move E7".to_string()));
}

/// tactics-revised-core-rules.md, "Fast": when the first of two move actions took the extra
/// space, the second moves the unit's movement value only (three spaces in all).
#[test]
fn fast_on_the_first_of_two_moves() {
    let mut t = Table::new(open_game(
        9,
        9,
        vec![
            placed(&card("Hell Boys"), Side::A, "E1"),
            placed(&card("Sturmpioniere"), Side::B, "A9"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    t.decide("move E3");
    let second = legal(&t);
    assert!(second.contains(&"move E4".to_string()) && !second.contains(&"move E5".to_string()));
}

// ----- Reactive Fire -----------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Reactive Fire" examples: a Hans six spaces from the Death
/// Dealers (Bazooka range 3) is in their line of sight but not their fire zone: no reactive
/// fire. Three spaces away it is; the Death Dealers may target only the Hans, not the
/// Sturmpioniere two spaces away.
#[test]
fn reactive_fire_only_in_fire_zone_and_only_against_the_trigger() {
    let units = vec![
        placed(&card("Death Dealers"), Side::A, "C2"),
        placed(&card("Hans"), Side::B, "C9"),
        placed(&card("Sturmpioniere"), Side::B, "E2"),
    ];
    let mut t = Table::new(open_game(8, 10, units.clone()));
    t.initiative(Side::B);
    t.decide("activate u1");
    t.declare("move nothing", &["C8"], &[], &[]);
    assert!(!legal(&t).iter().any(|d| d.starts_with("react")), "six spaces: no reactive fire");

    let mut units = units;
    units[1].at = Some(sq("C6"));
    let mut t = Table::new(open_game(8, 10, units));
    t.initiative(Side::B);
    t.decide("activate u1");
    t.declare("move nothing", &["C5"], &[], &[]);
    assert_eq!(legal(&t), ["react none", "react u0"]);
    t.decide("react u0");
    t.roll(1, 1);
    // The Death Dealers fire every line in range at the Hans (their only target: the lines are
    // aimed without a question), never at the Sturmpioniere.
    let shots: Vec<_> = t
        .game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Fired { unit, target, .. } if *unit == UnitId(0) => Some(*target),
            _ => None,
        })
        .collect();
    assert!(
        !shots.is_empty() && shots.iter().all(|&x| x == dust_core::game::Target::Unit(UnitId(1))),
        "{shots:?}"
    );
}

/// tactics-revised-core-rules.md, "Reactive Fire": whether the roll succeeds or fails, the
/// reacting unit is activated for the rest of the round.
#[test]
fn failed_reactive_fire_still_activates() {
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&card("Death Dealers"), Side::A, "C2"),
            placed(&card("Hans"), Side::B, "C6"),
            placed(&card("Blackhawk"), Side::A, "G2"),
        ],
    ));
    t.initiative(Side::B);
    t.decide("activate u1");
    t.declare("move nothing", &["C5"], &[], &[]);
    t.decide("react u0");
    t.roll(1, 0);
    assert!(t.game.unit(UnitId(0)).activated);
    assert_eq!(t.game.legal_decisions(), vec![Decision::Activate(UnitId(2))]);
}

fn window_position(plan: &str, moves: &[&str], aims: &[(u8, &str, u8)], fast: bool) -> Option<(usize, usize)> {
    // A Hans (or Hell Boys with Fast) moves towards Death Dealers that could react.
    let mover = if fast { card("Hell Boys") } else { card("Hans") };
    let mut units = vec![placed(&card("Death Dealers"), Side::B, "C4"), placed(&mover, Side::A, "C1")];
    units.push(placed(&card("Sturmpioniere"), Side::B, "H8"));
    let mut t = Table::new(open_game(8, 8, units));
    t.initiative(Side::A);
    t.decide("activate u1");
    t.declare(plan, moves, aims, &[]);
    while let Some(n) = t.pending_dice() {
        t.roll(n, 0);
    }
    if !legal(&t).iter().any(|d| d.starts_with("react")) {
        return None;
    }
    let moved = t.game.events().iter().filter(|e| matches!(e, Event::Moved(..))).count();
    let attacked = t.game.events().iter().filter(|e| matches!(e, Event::Fired { .. })).count();
    Some((moved, attacked))
}

/// tactics-revised-core-rules.md, "Possible Situations for Reactive Fire": after the MOVE of
/// MOVE + ATTACK, after the ATTACK of ATTACK + MOVE, after the first MOVE of MOVE + MOVE, after
/// all movement with Fast, never during a SUSTAINED ATTACK.
#[test]
fn reactive_fire_windows() {
    // MOVE + ATTACK: after the move, before the attack.
    assert_eq!(window_position("move attack", &["C2"], &[(1, "u0", 0)], false), Some((1, 0)));
    // ATTACK + MOVE: after the attack.
    assert_eq!(
        window_position("attack move", &["C2"], &[(1, "u0", 0)], false).map(|w| w.1),
        Some(1)
    );
    // MOVE + MOVE: after the first move.
    assert_eq!(window_position("move move", &["C2", "C3"], &[], false), Some((1, 0)));
    // Fast: after all movement.
    assert_eq!(window_position("move move", &["C2", "B4"], &[], true), Some((2, 0)));
    // Sustained attack: never.
    let mut units = vec![placed(&card("Death Dealers"), Side::B, "C4"), placed(&card("Hans"), Side::A, "C1")];
    units.push(placed(&card("Sturmpioniere"), Side::B, "H8"));
    let mut t = Table::new(open_game(8, 8, units));
    t.initiative(Side::A);
    t.activate(1, "sustained", &[], &[(1, "u0", 0)], &[]);
    while let Some(n) = t.pending_dice() {
        t.roll(n, 0);
    }
    assert!(!legal(&t).iter().any(|d| d.starts_with("react")));
}

/// tactics-revised-core-rules.md, "Possible Situations for Reactive Fire", Charge: reactive fire
/// comes after both moves, before the close-combat attack.
#[test]
fn reactive_fire_after_the_moves_of_a_charge() {
    let mut luther = test_card(
        "Luther",
        UnitKind::Vehicle,
        vehicle(4),
        6,
        vec![line("Claws", WeaponRange::Close, dice(2))],
    );
    luther.skills.push(Skill::Charge);
    let luther = Arc::new(luther);
    let mut t = Table::new(open_game(
        8,
        8,
        vec![placed(&card("Blackhawk"), Side::A, "C6"), placed(&luther, Side::B, "C2")],
    ));
    t.initiative(Side::B);
    t.decide("activate u1");
    t.declare("charge", &["C3", "C4"], &[], &[]);
    assert!(legal(&t).contains(&"react u0".to_string()));
    assert_eq!(t.game.events().iter().filter(|e| matches!(e, Event::Moved(..))).count(), 2);
}

// ----- Unit Entry ---------------------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Unit Entry" example: the Death Dealers spend their first move
/// to enter and move another space (MOVE + MOVE); the Sturmpioniere enter and shoot at them
/// (MOVE + ATTACK).
#[test]
fn unit_entry_then_move_then_enter_and_attack() {
    let mut setup = open_game(
        6,
        6,
        vec![entering(&card("Death Dealers"), Side::A), entering(&card("Sturmpioniere"), Side::B)],
    );
    setup.entry.a = vec![sq("C1")];
    setup.entry.b = vec![sq("C6")];
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    assert_eq!(
        legal(&t),
        ["plan move move", "plan move attack", "plan move nothing"],
        "the first action is a move"
    );
    t.decide("plan move move");
    assert_eq!(legal(&t), ["move C1"], "the first move only enters the board");
    t.decide("move C1");
    t.decide("move C2");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C2")));
    t.decide("activate u1");
    t.declare("move attack", &["C6"], &[(0, "u0", 0)], &[]);
    t.roll(4, 1);
    assert_eq!(t.health(0), 4);
    // "Each unit's first action is always a one space move": also for a unit of movement 2
    // (The Hammers, "➡ 2"), and with Fast (the Hell Boys): the entry, then a full move.
    for (name, after) in [("The Hammers", "C3"), ("Hell Boys", "C3")] {
        let mut setup = open_game(
            6,
            6,
            vec![entering(&card(name), Side::A), entering(&card("Sturmpioniere"), Side::B)],
        );
        setup.entry.a = vec![sq("C1")];
        setup.entry.b = vec![sq("C6")];
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move move");
        assert_eq!(legal(&t), ["move C1"], "{name}: the first move only enters the board");
        t.decide("move C1");
        assert!(legal(&t).contains(&format!("move {after}")), "{name}: then its full movement");
        assert!(!legal(&t).contains(&"move C4".to_string()), "{name}: no further");
        t.decide(&format!("move {after}"));
        assert_eq!(t.game.unit(UnitId(0)).at, Some(sq(after)));
    }
}

// ----- Command Squad Abilities ------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Command Squad Abilities" example: the Axis eliminate a
/// Blackhawk, the Allies repair it with Field Repair, the Axis eliminate it again: 44 VP (22 for
/// each Blackhawk).
#[test]
fn field_repair_blackhawk_destroyed_twice_scores_44() {
    let boss = card("The Boss");
    let pounder = Arc::new(test_card(
        "Pounder",
        UnitKind::Vehicle,
        vehicle(4),
        6,
        vec![line("Gun", WeaponRange::Spaces { min: 1, max: 6 }, dice(3))],
    ));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&card("Blackhawk"), Side::A, "C3"),
            placed(&boss, Side::A, "A1"),
            placed(&pounder, Side::B, "C6"),
        ],
    );
    setup.entry.a = vec![sq("D1")];
    let mut t = Table::new(setup);
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 3);
    assert!(destroyed(&t, 0));
    // The Boss: SKILL action, Field Repair on the destroyed Blackhawk.
    t.decide("activate u1");
    t.decide("plan skill nothing");
    assert!(legal(&t).contains(&"skill field-repair u0".to_string()));
    t.decide("skill field-repair u0");
    t.roll(1, 1);
    // The repaired Blackhawk activates at once and enters from the deployment spaces.
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::A });
    t.decide("plan move nothing");
    t.decide("move D1");
    assert_eq!((t.health(0), t.game.unit(UnitId(0)).at), (3, Some(sq("D1"))));
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 3);
    assert!(destroyed(&t, 0));
    assert_eq!(t.game.victory_points().b, 44);
    assert_eq!(t.game.unit(UnitId(0)).times_destroyed, 2);
}

/// Answers casualty decisions: side B puts `n` points on its joined hero, everything else takes
/// the first miniature offered.
fn casualties_on_hero(t: &mut Table, mut n: u32) {
    while let Some(Decision::Casualty(_)) = t.game.legal_decisions().first() {
        if t.game.pending() == (Pending::Decision { side: Side::B }) && n > 0 {
            n -= 1;
            t.decide("casualty hero");
        } else {
            let first = t.game.legal_decisions()[0].to_string();
            t.decide(&first);
        }
    }
}

// ----- Wiederbelebungsserum ---------------------------------------------------------------------

/// tactics-revised-core-rules.md, "Wiederbelebungsserum" example: TotenMeister, joined to Axis
/// Zombies, loses three health points in a close combat (simultaneous, so she takes the damage
/// though she wins it). Later The Hammers attack her in close combat; she survives and her
/// retaliation's hits give the three health points back, after all weapon lines are resolved.
#[test]
fn totenmeister_serum_regenerates_after_the_attack() {
    let mut toten = test_card(
        "TotenMeister",
        UnitKind::Hero,
        soldier(3),
        5,
        vec![line("Claws", WeaponRange::Close, dice(3))],
    );
    toten.skills.extend([Skill::Wiederbelebungsserum, Skill::BlutkreuzZombie]);
    let mut zombies = test_card(
        "Axis Zombies",
        UnitKind::Squad,
        soldier(3),
        4,
        vec![line("Bite", WeaponRange::Close, dice(1))],
    );
    zombies.skills.push(Skill::BlutkreuzZombie);
    let (toten, zombies) = (Arc::new(toten), Arc::new(zombies));
    let mut hero = placed(&toten, Side::B, "C4");
    hero.joins = Some(1);
    let units = vec![
        placed(&card("Hell Boys"), Side::A, "C5"),   // u0
        placed(&zombies, Side::B, "C4"),             // u1
        hero,                                        // u2
        placed(&card("The Hammers"), Side::A, "C3"), // u3
    ];
    let mut t = Table::new(open_game(8, 8, units));
    t.auto_casualties = false;
    t.initiative(Side::B);
    // The zombies and TotenMeister attack the Hell Boys in close combat (Bite and Claws).
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0), (32, "u0", 0)], &[]);
    t.decide("retaliate yes");
    t.roll(4, 2); // Bite
    t.roll(3, 3); // TotenMeister's Claws
    t.roll(5, 3); // the Hell Boys' Knife & Grenade
                  // Three damage on the combined unit: the Axis player marks them on TotenMeister.
    casualties_on_hero(&mut t, 3);
    // She scored three hits on soldiers, but healing comes after the whole attack, and she took
    // the simultaneous damage: the serum heals her back to full at the end of this attack.
    assert_eq!(t.health(2), 5);
    assert!(destroyed(&t, 0));
    // Later in the round: The Hammers attack; TotenMeister retaliates and regenerates.
    t.decide("activate u3");
    t.declare("attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.decide("retaliate yes");
    t.roll(3, 3); // The Hammers' Rocket Punch: three hits
    t.roll(4, 0); // Bite
    t.roll(3, 2); // Claws: two hits on The Hammers
    casualties_on_hero(&mut t, 3);
    assert_eq!(t.health(2), 4, "lost three, regained two (one per hit)");
}

// ----- Artillery --------------------------------------------------------------------------------

fn artillery(name: &str, value: CombatValue) -> UnitCard {
    test_card(
        name,
        UnitKind::Vehicle,
        vehicle(4),
        6,
        vec![line(name, WeaponRange::Artillery, value)],
    )
}

/// tactics-revised-core-rules.md, "Artillery Weapons (Range A)" and "Direct Shot" examples: the
/// Lothar's Nebelwerfer 42 hits only at range 4 or more, fires a direct shot at The Hammers in its
/// line of sight, ignores their cover (tactics-revised-faq.md) and must reload before firing again.
#[test]
fn artillery_direct_shot() {
    let lothar = Arc::new(artillery("Nebelwerfer 42", dice(3)));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&card("The Hammers"), Side::A, "C7"),
            placed(&lothar, Side::B, "C2"),
            placed(&card("Hell Boys"), Side::A, "C4"),
        ],
    );
    let mut b = setup.board.to_setup();
    b.cover.push((sq("C7"), CoverElement::AntiTankTrap));
    setup.board = dust_core::Board::new(b).unwrap();
    let mut t = Table::new(setup);
    t.initiative(Side::B);
    t.decide("activate u1");
    t.decide("plan attack nothing");
    let aims = legal(&t);
    assert!(aims.contains(&"aim 0 u0 0".to_string()), "The Hammers at range 5: {aims:?}");
    assert!(!aims.contains(&"aim 0 u2 0".to_string()), "the Hell Boys at range 2 are too close");
    t.decide("aim 0 u0 0");
    t.roll(3, 2);
    assert_eq!(t.health(0), 1, "no cover save against artillery");
    assert_eq!(t.game.unit(UnitId(1)).loaded, 0, "the Nebelwerfer must reload");
    t.pass(0);
    t.pass(2);
    t.initiative(Side::B);
    t.decide("activate u1");
    let plans = legal(&t);
    assert!(plans.contains(&"plan reload attack".to_string()) && !plans.contains(&"plan sustained".to_string()));
    // "[Weapon Name]: Reload (SKILL)": "After performing this action, the unit can fire the
    // weapon": reloaded, the Nebelwerfer fires again in the same activation, three dice.
    t.decide("plan reload attack");
    assert_eq!(
        legal(&t),
        ["aim 0 none", "aim 0 u0 0", "aim 0 C7 0"],
        "The Hammers or their anti-tank trap"
    );
    t.decide("aim 0 u0 0");
    t.roll(3, 1);
    assert!(destroyed(&t, 0), "the last of The Hammers");
    assert_eq!(t.game.unit(UnitId(1)).loaded, 0, "empty again");
}

/// tactics-revised-core-rules.md, "Indirect Shot" example: The Boss (a Command Squad with its
/// Radioman) moves to see the Hans, then orders an Artillery Strike; the Steel Rain, which does
/// not see the Hans, activates at once and fires an indirect shot that uses both its actions;
/// then it is the Axis player's turn. Per tactics-revised-faq.md an artillery unit that sees
/// the target cannot be ordered to fire at it.
#[test]
fn artillery_indirect_shot_by_an_observer() {
    let boss = card("The Boss");
    let steel_rain = Arc::new(artillery("Rockets", dice(3)));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&boss, Side::A, "E2"),         // u0
            placed(&steel_rain, Side::A, "B1"),   // u1
            placed(&card("Hans"), Side::B, "B8"), // u2
            placed(&card("Lara"), Side::B, "H8"), // u3
        ],
    );
    // A wall of terrain squares between the Steel Rain and the Hans.
    let mut b = setup.board.to_setup();
    for c in 0..3usize {
        b.terrain[4 * 8 + c] = dust_core::Terrain::NoDot;
    }
    setup.board = dust_core::Board::new(b).unwrap();
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move skill");
    t.decide("move E3");
    assert!(legal(&t).contains(&"skill artillery-strike u1".to_string()));
    t.decide("skill artillery-strike u1");
    // The Steel Rain activates and aims where The Boss sees.
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u2 0"]);
    t.decide("aim 0 u2 0");
    t.roll(3, 3);
    assert!(destroyed(&t, 2));
    assert!(t.game.unit(UnitId(1)).activated);
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::B });
    assert_eq!(t.game.legal_decisions(), vec![Decision::Activate(UnitId(3))]);
}
