//! Clauses of tactics-revised-core-rules.md and tactics-revised-faq.md that no other test
//! asserted, each played in a small hand-built situation (docs/conformance/revised.md names the
//! row each test proves). Where the book has an EXAMPLE, the test is that example with the
//! numbers it gives; cards are built here with only those numbers.

mod common;

use common::Field;
use dust_core::game::tests_support::{
    command_squad, fired, hero_card, legal, open_game, placed, rolls_of, sq, squad, vehicle_card, weapon_line, Table, R4,
};
use dust_core::game::{Pending, RollPurpose, UnitId};
use dust_core::unit::CombatValue;
use dust_core::{reach, CoverElement, Mover, PieceKind, Side, Skill, Terrain, UnitCard, WeaponRange};
use std::sync::Arc;

fn dice(d: u8) -> CombatValue {
    CombatValue::Dice { dice: d, damage: 1 }
}

/// A gun of `d` dice against every soldier and vehicle class, range 1 to 4.
fn gun(name: &str, d: u8) -> dust_core::unit::WeaponLine {
    weapon_line(name, R4, dice(d), dice(d))
}

fn arc(card: UnitCard) -> Arc<UnitCard> {
    Arc::new(card)
}

fn board_with(setup: &mut dust_core::game::GameSetup, f: impl FnOnce(&mut dust_core::BoardSetup)) {
    let mut b = setup.board.to_setup();
    f(&mut b);
    setup.board = dust_core::Board::new(b).unwrap();
}

/// tactics-revised-core-rules.md, "Unit Card Breakdown": a vehicle's "blank crosses indicate
/// how much damage a vehicle can sustain before it is eliminated"; "6) Suffer Damage": "When all
/// the crosses are marked, the vehicle or hero ... is eliminated".
#[test]
fn a_vehicle_is_eliminated_when_its_last_cross_is_marked() {
    let shooters = arc(squad("Shooters", 3, vec![gun("Gun", 1)]));
    let tank = arc(vehicle_card("Tank", 3, vec![gun("Cannon", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&shooters, Side::A, "C2"), placed(&tank, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 2);
    assert_eq!(t.health(1), 1);
    assert!(!t.game.unit(UnitId(1)).destroyed, "one cross is left");
    t.pass(1);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 1);
    assert!(t.game.unit(UnitId(1)).destroyed, "the last cross is marked");
}

/// tactics-revised-core-rules.md, "Unit Card Breakdown": "The "-" symbol means that the weapon can
/// never damage units with that armor class": such a line is not offered against that target.
#[test]
fn a_dash_line_cannot_be_aimed_at_that_armor_class() {
    let mut squad_card = squad("Rifles", 2, vec![weapon_line("Rifle", R4, dice(1), CombatValue::NoEffect)]);
    squad_card.weapons.push(gun("Bazooka", 1));
    squad_card.models[0].weapons = 0b11;
    let shooters = arc(squad_card);
    let tank = arc(vehicle_card("Tank", 3, vec![gun("Cannon", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&shooters, Side::A, "C2"), placed(&tank, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    // The rifle shows "-" against vehicles: it is not even asked for; the bazooka is.
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
}

/// tactics-revised-core-rules.md, "Basic Rules" ("each unit on each side gets one chance to
/// act"), "Initiative Roll" (players alternate; "If a player's units are all activated, then the
/// other player continues activating his units"; then a new round begins with an initiative
/// roll) and "List of Actions", NOTHING.
#[test]
fn sides_alternate_each_unit_acts_once_and_a_new_round_rolls_initiative() {
    let a = arc(squad("A", 2, vec![gun("Gun", 1)]));
    let units = vec![
        placed(&a, Side::A, "A1"), // u0
        placed(&a, Side::A, "B1"), // u1
        placed(&a, Side::A, "C1"), // u2
        placed(&a, Side::B, "F6"), // u3
    ];
    let mut t = Table::new(open_game(8, 8, units));
    t.initiative(Side::A);
    assert_eq!(legal(&t), ["activate u0", "activate u1", "activate u2"]);
    t.pass(1);
    assert_eq!(
        t.game.pending(),
        Pending::Decision { side: Side::B },
        "the other side activates next"
    );
    assert_eq!(legal(&t), ["activate u3"]);
    t.pass(3);
    // Side B has no unit left: side A continues, and u1 (activated) is not offered again.
    assert_eq!(legal(&t), ["activate u0", "activate u2"]);
    t.pass(0);
    assert_eq!(legal(&t), ["activate u2"]);
    t.pass(2);
    // All units activated: the round is over and the next begins with an initiative roll.
    let before = rolls_of(&t, RollPurpose::Initiative(Side::A)).len();
    t.initiative(Side::B);
    assert_eq!(rolls_of(&t, RollPurpose::Initiative(Side::A)).len(), before + 1);
    assert_eq!(legal(&t), ["activate u3"]);
}

/// tactics-revised-core-rules.md, "List of Actions" ("a player must declare the Berserk skill
/// before rolling the dice"), "3) Declare Targets" and tactics-revised-faq.md ("Must the
/// special ability Berserk be declared before rolling dice for the attack? Yes."): once the
/// dice roll, Berserk can no longer be chosen, and a Berserk not declared rerolls nothing.
#[test]
fn skills_that_modify_the_dice_are_declared_before_the_dice() {
    let mut b = hero_card("Sigrid", 4, vec![gun("Pistol", 3)]);
    b.skills = vec![Skill::Berserk];
    let berserker = arc(b);
    let target = arc(squad("Target", 5, vec![gun("Gun", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&berserker, Side::A, "C2"), placed(&target, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert_eq!(legal(&t), ["use berserk no", "use berserk yes"], "asked before any die rolls");
    assert!(t.game.pending_roll().is_none());
    t.decide("use berserk no");
    t.roll(3, 1);
    assert!(t.game.pending_roll().is_none(), "no Berserk reroll once it was not declared");
    assert!(!legal(&t).iter().any(|d| d.contains("berserk")));
    assert_eq!(t.health(1), 4);
}

/// tactics-revised-core-rules.md, "3) Declare Targets": "A unit is never forced to use all of its
/// weapons or skills" and "If a unit does not declare a target for one of its weapons, it is not
/// used that round".
#[test]
fn a_line_without_a_target_is_not_used() {
    let shooters = arc(squad("Shooters", 2, vec![gun("Rifle", 1), gun("MG", 2)]));
    let target = arc(squad("Target", 5, vec![gun("Gun", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&shooters, Side::A, "C2"), placed(&target, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(1, "u1", 0)], &[]);
    t.roll(4, 1);
    assert_eq!(fired(&t), [("MG".to_string(), 4)], "only the MG fires");
    assert!(t.game.unit(UnitId(0)).activated);
}

/// A Recon Grenadiers card with the FAQ's numbers: five soldiers, four StG 47 (one die each),
/// one MG 48 (four dice), three Panzerfausts (one die each, limited ammo), Knife & Grenade (one
/// die each); The Gunners: five soldiers with a Rifle and a Knife of one die each.
fn recon_grenadiers() -> UnitCard {
    let mut panzerfaust = gun("Panzerfaust", 1);
    panzerfaust.ammo = Some(3);
    let mut c = squad(
        "Recon Grenadiers",
        5,
        vec![
            gun("StG 47", 1),
            gun("MG 48 (1)", 4),
            panzerfaust,
            weapon_line("Knife & Grenade", WeaponRange::Close, dice(1), dice(1)),
        ],
    );
    for (i, m) in c.models.iter_mut().enumerate() {
        m.weapons = if i == 0 { 0b1010 } else { 0b1001 };
    }
    c
}

/// tactics-revised-faq.md, "How can a unit "split fire""... example: five Recon Grenadiers aim
/// their four weapon lines at four targets: four dice with the StG 47 at The Gunners, four with
/// the MG 48 at the BBQ Squad, three Panzerfausts at the Pounder, five Knife & Grenade dice at the
/// adjacent Recon Boys. "Each weapon line can be assigned to one target".
#[test]
fn faq_split_fire_recon_grenadiers_four_targets() {
    let rg = arc(recon_grenadiers());
    let other = arc(squad("Squad", 5, vec![gun("Rifle", 1)]));
    let pounder = arc(vehicle_card("Pounder", 6, vec![gun("Cannon", 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&rg, Side::B, "D4"),      // u0
            placed(&other, Side::A, "B6"),   // u1 The Gunners
            placed(&other, Side::A, "A4"),   // u2 BBQ Squad
            placed(&pounder, Side::A, "F4"), // u3 Pounder
            placed(&other, Side::A, "D5"),   // u4 Recon Boys, adjacent
        ],
    ));
    t.initiative(Side::B);
    t.activate(
        0,
        "attack nothing",
        &[],
        &[(0, "u1", 0), (1, "u2", 0), (2, "u3", 3), (3, "u4", 0)],
        &[],
    );
    t.roll(4, 0);
    t.roll(4, 0);
    t.roll(3, 0);
    t.roll(5, 0);
    assert_eq!(
        fired(&t),
        [
            ("StG 47".to_string(), 4),
            ("MG 48 (1)".to_string(), 4),
            ("Panzerfaust".to_string(), 3),
            ("Knife & Grenade".to_string(), 5)
        ]
    );
    assert_eq!(t.game.unit(UnitId(0)).ammo[2], 0, "all three Panzerfausts spent");
    // A line has one target: the same line is never offered twice.
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&rg, Side::B, "D4"),
            placed(&other, Side::A, "D7"),
            placed(&other, Side::A, "A4"),
        ],
    ));
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert!(legal(&t).iter().all(|d| !d.starts_with("aim 0 ")), "{:?}", legal(&t));
}

/// The owner's choice of casualty: the last miniature offered.
fn last_casualty(t: &mut Table) {
    let options = legal(t);
    let pick = options
        .iter()
        .rev()
        .find(|d| d.starts_with("casualty "))
        .expect("a casualty to choose")
        .clone();
    t.decide(&pick);
}

/// tactics-revised-faq.md, "When are casualties removed?" example: a full squad of Recon
/// Grenadiers attack a full squad of The Gunners with the StG 47 (four dice, one hit: the Allied
/// player removes one figure), the MG 48 (four dice, two hits: two more), then close combat,
/// simultaneous: five dice against two, two hits and one: the Recon Grenadiers lose one figure
/// and The Gunners are destroyed. The defending player chooses his casualties.
#[test]
fn faq_casualties_removed_after_each_ranged_line_close_combat_simultaneous() {
    let rg = arc(recon_grenadiers());
    let mut g = squad(
        "The Gunners",
        5,
        vec![
            gun("Rifle", 1),
            weapon_line("Knife", WeaponRange::Close, dice(1), dice(1)),
            gun("Bazooka (1)", 1),
        ],
    );
    for m in &mut g.models[1..] {
        m.weapons = 0b011;
    }
    let gunners = arc(g);
    let mut t = Table::new(open_game(6, 6, vec![placed(&rg, Side::B, "C3"), placed(&gunners, Side::A, "C4")]));
    t.auto_casualties = false;
    t.initiative(Side::B);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0), (3, "u1", 0)], &[]);
    t.roll(4, 1);
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::A }, "the defender chooses");
    last_casualty(&mut t);
    assert_eq!(t.health(1), 4, "removed immediately after the StG 47");
    t.roll(4, 2);
    last_casualty(&mut t);
    last_casualty(&mut t);
    assert_eq!(t.health(1), 2);
    t.decide("retaliate yes");
    t.roll(5, 2);
    t.roll(2, 1);
    // Each player removes his own casualties.
    let mut choosers = Vec::new();
    while legal(&t).iter().any(|d| d.starts_with("casualty ")) {
        choosers.push(t.game.pending());
        last_casualty(&mut t);
    }
    assert!(choosers.contains(&Pending::Decision { side: Side::B }), "{choosers:?}");
    assert!(t.game.unit(UnitId(1)).destroyed);
    assert_eq!(t.health(0), 4);
}

/// tactics-revised-core-rules.md, "Weapon Charts": "Vehicles and heroes do not multiply their
/// dice"; tactics-revised-faq.md (Ludwig): "the Ludwig only rolls the number of dice shown on the
/// weapon line ... it cannot split its fire either".
#[test]
fn vehicles_and_heroes_roll_the_dice_of_the_line_once() {
    let ludwig = arc(vehicle_card("Ludwig", 6, vec![gun("Twin Cannons", 3)]));
    let hero = arc(hero_card("Hero", 3, vec![gun("Pistols", 2)]));
    let target = arc(squad("Target", 5, vec![gun("Gun", 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&ludwig, Side::A, "C2"),
            placed(&hero, Side::A, "E2"),
            placed(&target, Side::B, "C4"),
            placed(&target, Side::B, "E4"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u2 0");
    assert!(legal(&t).iter().all(|d| !d.starts_with("aim 0")), "one line, one target");
    t.roll(3, 0);
    t.pass(2);
    t.activate(1, "attack nothing", &[], &[(0, "u3", 0)], &[]);
    t.roll(2, 0);
    assert_eq!(fired(&t), [("Twin Cannons".to_string(), 3), ("Pistols".to_string(), 2)]);
}

/// tactics-revised-core-rules.md, "Cover Saves" ("Cover saves only apply to squads. When a hero
/// joins a squad, he benefits from the squad's cover value; otherwise, heroes do not receive
/// cover saves") and tactics-revised-faq.md ("When heroes are alone, do they get a cover save?
/// No"): a hero alone on an ammo crate rolls no save; a squad there does.
#[test]
fn a_hero_alone_gets_no_cover_save_a_squad_does() {
    let shooters = arc(squad("Shooters", 2, vec![gun("Rifle", 1)]));
    let hero = arc(hero_card("Hero", 3, vec![gun("Pistol", 1)]));
    let sq_card = arc(squad("Squad", 3, vec![gun("Rifle", 1)]));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&shooters, Side::A, "C2"),
            placed(&hero, Side::B, "C4"),
            placed(&sq_card, Side::B, "E4"),
            placed(&shooters, Side::A, "E2"),
        ],
    );
    board_with(&mut setup, |b| {
        b.cover.push((sq("C4"), CoverElement::AmmoCrate));
        b.cover.push((sq("E4"), CoverElement::AmmoCrate));
    });
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 2);
    assert!(rolls_of(&t, RollPurpose::CoverSave).is_empty(), "no save for a hero alone");
    assert_eq!(t.health(1), 1);
    t.pass(1);
    t.activate(3, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    t.roll(2, 2);
    t.roll(2, 1);
    assert_eq!(rolls_of(&t, RollPurpose::CoverSave), [(2, 1)], "the squad rolls one die per hit");
    assert_eq!(t.health(2), 2, "one hit saved");
}

/// tactics-revised-core-rules.md, "Heroes" ("The combined unit's movement value is equal to the
/// fastest unit's movement value", example: a squad of 1 with a hero of 2 moves 2) and
/// tactics-revised-faq.md (same answer); "The hero and the squad are always in the same space".
#[test]
fn a_joined_hero_and_squad_move_at_the_fastest_value_together() {
    let sq_card = arc(squad("Squad", 3, vec![gun("Rifle", 1)]));
    let mut h = hero_card("Hero", 3, vec![gun("Pistol", 1)]);
    h.movement = 2;
    let hero = arc(h);
    let enemy = arc(squad("Enemy", 3, vec![gun("Rifle", 1)]));
    let mut joined = placed(&hero, Side::A, "C1");
    joined.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&sq_card, Side::A, "C1"), joined, placed(&enemy, Side::B, "F8")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan move nothing");
    assert!(legal(&t).contains(&"move C3".to_string()), "two spaces: {:?}", legal(&t));
    assert!(!legal(&t).contains(&"move C4".to_string()));
    t.decide("move C3");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C3")), "always in the same space");
}

/// tactics-revised-core-rules.md, "Cover Saves" ("Cover saves do not occur during close combat",
/// "Range C weapons ... always ignore cover") and tactics-revised-faq.md ("Do close-combat weapons
/// ignore cover? Yes"): a squad on an anti-tank trap rolls no save against a knife; and range C
/// weapons can make a sustained attack.
#[test]
fn close_combat_ignores_cover_and_may_be_sustained() {
    let knives = arc(squad("Knives", 3, vec![weapon_line("Knife", WeaponRange::Close, dice(1), dice(1))]));
    let target = arc(squad("Target", 5, vec![gun("Rifle", 1)]));
    let mut setup = open_game(6, 6, vec![placed(&knives, Side::A, "C2"), placed(&target, Side::B, "C3")]);
    board_with(&mut setup, |b| b.cover.push((sq("C3"), CoverElement::AntiTankTrap)));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    assert!(legal(&t).contains(&"plan sustained".to_string()));
    t.declare("sustained", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 1);
    t.roll(2, 1); // the sustained reroll of the two misses
    assert!(rolls_of(&t, RollPurpose::CoverSave).is_empty());
    assert_eq!(t.health(1), 3);
}

/// tactics-revised-core-rules.md, "Weapon Ranges": a numeric range "3–6" has its minimum before
/// the dash ("Arc Weapons (Range X-Y)", Petard Mortar example: not at 2, yes at 3 to 6, not at
/// 7); "Long-Range Weapons (Range U)" reach any unit in line of sight; "Close-Combat Weapons
/// (Range C)" only an adjacent one; "Artillery Weapons (Range A)": "a minimum range of 4 and an
/// unlimited maximum range".
#[test]
fn weapon_ranges_arc_unlimited_close_and_artillery() {
    let lines = vec![
        gun("Petard Mortar", 1),
        gun("Long Gun", 1),
        weapon_line("Claws", WeaponRange::Close, dice(1), dice(1)),
        gun("Howitzer", 1),
    ];
    let mut c = vehicle_card("Steel Rain", 6, lines);
    c.weapons[0].range = WeaponRange::Spaces { min: 3, max: 6 };
    c.weapons[1].range = WeaponRange::Unlimited;
    c.weapons[3].range = WeaponRange::Artillery;
    let shooter = arc(c);
    let target = arc(squad("Target", 2, vec![gun("Rifle", 1)]));
    // Targets in column B at distances 1, 2, 3, 4, 6, 7 and 11 straight up (soldiers do not
    // block a vehicle's line of sight).
    let rows = [2u8, 3, 4, 5, 7, 8, 12];
    let mut units = vec![placed(&shooter, Side::A, "B1")];
    for r in rows {
        units.push(placed(&target, Side::B, &format!("B{r}")));
    }
    let setup = open_game(2, 12, units);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    let offered = |t: &Table, line: u8| -> Vec<u8> {
        legal(t)
            .iter()
            .filter_map(|d| d.strip_prefix(&format!("aim {line} u")))
            .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
            .collect()
    };
    assert_eq!(offered(&t, 0), [3, 4, 5], "Petard Mortar 3-6: distances 3, 4 and 6");
    t.decide("aim 0 none");
    assert_eq!(offered(&t, 1), [1, 2, 3, 4, 5, 6, 7], "range U: every unit in line of sight");
    t.decide("aim 1 none");
    assert_eq!(offered(&t, 2), [1], "range C: the adjacent unit only");
    t.decide("aim 2 none");
    assert_eq!(offered(&t, 3), [4, 5, 6, 7], "range A: 4 and more, without limit");
}

/// tactics-revised-faq.md, "When a unit with an Artillery weapon fires at a squad, can the squad
/// gain cover? No. Artillery weapons ignore all types of cover, including corner cover": a squad
/// with an ammo crate and corner cover rolls no save against range A.
#[test]
fn faq_artillery_ignores_all_cover_including_corner_cover() {
    let mut c = vehicle_card("Lothar", 6, vec![gun("Nebelwerfer 42", 3)]);
    c.weapons[0].range = WeaponRange::Artillery;
    let lothar = arc(c);
    let target = arc(squad("BBQ Squad", 5, vec![gun("Rifle", 1)]));
    let mut setup = open_game(8, 8, vec![placed(&lothar, Side::A, "A1"), placed(&target, Side::B, "E5")]);
    board_with(&mut setup, |b| {
        b.cover.push((sq("E5"), CoverElement::AmmoCrate));
        b.terrain[4 * 8 + 3] = Terrain::NoDot; // D5: a terrain square grazed at 45 degrees
    });
    let check = Field::grid(&[
        "........", "........", "........", "...#q...", "........", "........", "........", "V.......",
    ]);
    assert_eq!(
        check.cover("A1", "E5", PieceKind::Vehicle, PieceKind::Squad),
        "soft",
        "corner cover is there"
    );
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 3);
    assert!(rolls_of(&t, RollPurpose::CoverSave).is_empty());
    assert_eq!(t.health(1), 2);
}

/// tactics-revised-faq.md, "If both an observer and a unit with an Artillery weapon have line of
/// sight to a target, can the observer use its Artillery Strike skill to activate the unit with
/// the Artillery weapon to fire a direct shot instead of an indirect shot? No."
#[test]
fn faq_no_artillery_strike_at_a_target_the_artillery_sees() {
    let mut obs = squad("Observers", 3, vec![gun("Rifle", 1)]);
    obs.skills.push(Skill::ArtilleryStrike);
    let observers = arc(obs);
    let mut art = vehicle_card("Artillery", 6, vec![gun("Howitzer", 3)]);
    art.weapons[0].range = WeaponRange::Artillery;
    let artillery = arc(art);
    let target = arc(squad("Target", 5, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&observers, Side::A, "E2"),
            placed(&artillery, Side::A, "B1"),
            placed(&target, Side::B, "B8"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan skill nothing");
    assert!(
        !legal(&t).iter().any(|d| d.starts_with("skill artillery-strike")),
        "the artillery sees the target: it fires its own direct shot: {:?}",
        legal(&t)
    );
}

/// tactics-revised-core-rules.md, "Burst Weapons" ("When firing a burst weapon at a target that
/// has not moved during this round, double the number of dice rolled") with tactics-revised-faq.md
/// ("a target that has not performed a move action during this round"): four dice against a
/// unit that has not moved, two against one that did.
#[test]
fn burst_doubles_against_a_target_that_has_not_moved() {
    let mut mg = gun("MG 42", 2);
    mg.keywords.burst = true;
    let burst = arc(squad("MG Team", 1, vec![mg]));
    let target = arc(squad("Target", 5, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&burst, Side::A, "C2"),
            placed(&burst, Side::A, "F2"),
            placed(&target, Side::B, "C4"),
            placed(&target, Side::B, "F5"),
        ],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    t.roll(4, 0);
    t.activate(3, "move nothing", &["F4"], &[], &[]);
    t.decide("react none");
    t.activate(1, "attack nothing", &[], &[(0, "u3", 0)], &[]);
    t.roll(2, 0);
}

/// tactics-revised-core-rules.md, "Agile": "When it moves, all diagonals cost one movement point":
/// a unit of movement 2 reaches two diagonal steps away, which costs 3 without Agile.
#[test]
fn agile_every_diagonal_costs_one() {
    let f = Field::grid(&[".....", ".....", "S...."]);
    let plain = f.mover("A1", 2, 1);
    let r = reach(&f.board, &f.occ, &plain);
    assert!(!r.contains(sq("C3")), "1 + 2 points without Agile");
    let agile = Mover { agile: true, ..plain };
    assert!(reach(&f.board, &f.occ, &agile).contains(sq("C3")));
}

/// tactics-revised-core-rules.md, "Triangle Terrain", "Cross Terrain", "Spaces Without a Symbol"
/// and "Jump": water and rubble "do not block ... units with the Jump skill"; a space without a
/// dot "does block units with the Jump skill"; "During movement, the unit can ignore an obstacle
/// (such as ... another unit), but it must land in an empty space" ("Skills": "a unit with the
/// Jump ability may jump over" enemy units).
#[test]
fn jump_over_water_rubble_and_enemies_but_not_a_space_without_a_dot() {
    let walk = Field::grid(&["#.#", "#~#", "#S#"]);
    let wm = walk.mover("B1", 2, 1);
    assert!(!reach(&walk.board, &walk.occ, &wm).contains(sq("B3")), "water blocks a walker");
    assert!(
        reach(&walk.board, &walk.occ, &Mover { jump: true, ..wm }).contains(sq("B3")),
        "jumps the water"
    );
    // Rubble under a jumping vehicle.
    let rub = Field::grid(&["#.#", "#x#", "#V#"]);
    let vm = rub.mover("B1", 2, 1);
    assert!(!reach(&rub.board, &rub.occ, &vm).contains(sq("B3")), "rubble blocks a vehicle");
    assert!(reach(&rub.board, &rub.occ, &Mover { jump: true, ..vm }).contains(sq("B3")));
    // An enemy unit in a corridor.
    let en = Field::grid(&["#.#", "#q#", "#S#"]);
    let em = en.mover("B1", 2, 1);
    assert!(!reach(&en.board, &en.occ, &em).contains(sq("B3")));
    assert!(reach(&en.board, &en.occ, &Mover { jump: true, ..em }).contains(sq("B3")));
    // A space without a dot is never jumped.
    let wall = Field::grid(&["#.#", "###", "#S#"]);
    let ws = wall.mover("B1", 2, 1);
    assert!(!reach(&wall.board, &wall.occ, &Mover { jump: true, ..ws }).contains(sq("B3")));
}

/// tactics-revised-core-rules.md, "Makeshift Repair – Mechanic (SKILL)": one SKILL action restores
/// one health point to an adjacent vehicle, without a die roll; the Radioman's Relay does not
/// reach a vehicle that is not adjacent.
#[test]
fn makeshift_repair_restores_one_point_to_an_adjacent_vehicle() {
    let cs = arc(command_squad(vec![gun("Rifle", 1)]));
    let near = arc(vehicle_card("Near", 4, vec![gun("Gun", 1)]));
    let enemy = arc(squad("Enemy", 5, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&cs, Side::A, "C1"),
            placed(&near, Side::A, "D1"),
            placed(&near, Side::A, "H1"),
            placed(&enemy, Side::B, "E4"),
        ],
    ));
    t.initiative(Side::B);
    t.activate(3, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(5, 2);
    assert_eq!(t.health(1), 2);
    t.decide("activate u0");
    t.decide("plan skill nothing");
    let offered = legal(&t);
    assert!(offered.contains(&"skill makeshift-repair u1".to_string()), "{offered:?}");
    assert!(
        !offered.contains(&"skill makeshift-repair u2".to_string()),
        "Relay cannot repair remotely"
    );
    t.decide("skill makeshift-repair u1");
    assert!(t.game.pending_roll().is_none(), "no die roll");
    assert_eq!(t.health(1), 3);
}

/// tactics-revised-core-rules.md, "Diamond Terrain": "Any units occupying this terrain cannot be
/// targeted by attacks and cannot perform any attack" — played by the engine: a squad in smoke
/// is offered no target, and cannot be aimed at.
#[test]
fn a_unit_in_smoke_neither_attacks_nor_is_targeted() {
    let a = arc(squad("A", 3, vec![gun("Rifle", 1)]));
    let mut setup = open_game(
        6,
        6,
        vec![placed(&a, Side::A, "C2"), placed(&a, Side::B, "C4"), placed(&a, Side::A, "E2")],
    );
    board_with(&mut setup, |b| b.terrain[6 + 2] = Terrain::Smoke); // C2
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    let plans = legal(&t);
    assert!(
        ["plan attack nothing", "plan attack move", "plan sustained"]
            .iter()
            .all(|p| !plans.contains(&p.to_string())),
        "no attack from smoke: {plans:?}"
    );
    let mut setup = open_game(
        6,
        6,
        vec![placed(&a, Side::A, "C2"), placed(&a, Side::B, "C4"), placed(&a, Side::A, "E2")],
    );
    board_with(&mut setup, |b| b.terrain[6 + 2] = Terrain::Smoke);
    let mut t = Table::new(setup);
    t.initiative(Side::B);
    t.decide("activate u1");
    t.decide("plan attack nothing");
    assert!(
        !legal(&t).contains(&"aim 0 u0 0".to_string()),
        "the unit in smoke cannot be targeted"
    );
    assert!(legal(&t).contains(&"aim 0 u2 0".to_string()));
}

/// tactics-revised-core-rules.md, "Structures" ("Soldiers and heroes with the Jump skill can jump
/// over any type of structure"; "Units cannot land on top of structures") and "Jump" ("the unit
/// can ignore an obstacle ... but it must land in an empty space"): a jumping squad may cross a
/// wall and land in an empty space of the interior (docs/rulings.md, "Jump and structure walls");
/// a jumping vehicle may not.
#[test]
fn a_jumping_squad_may_cross_a_wall_into_a_structure() {
    let (mut s, p) = common::setup(&["...", "...", "...", ".S."]);
    s.structures.push(dust_core::StructureSetup {
        name: "hut".into(),
        interior: vec![sq("B2"), sq("B3")],
        entrances: vec![],
        inner_walls: vec![],
    });
    let f = Field::new(s.clone(), p.clone());
    let soldier = Mover {
        jump: true,
        ..f.mover("B1", 2, 1)
    };
    let r = reach(&f.board, &f.occ, &soldier);
    assert!(r.contains(sq("B2")) && r.contains(sq("B3")), "over the wall, into the hut");
    let walker = Mover { jump: false, ..soldier };
    assert!(
        !reach(&f.board, &f.occ, &walker).contains(sq("B2")),
        "no entrance, no way in on foot"
    );
    let mut p2 = p;
    p2[0].1 = PieceKind::Vehicle;
    let f = Field::new(s, p2);
    let vehicle = Mover {
        jump: true,
        ..f.mover("B1", 2, 1)
    };
    assert!(!reach(&f.board, &f.occ, &vehicle).contains(sq("B2")));
}

/// tactics-revised-core-rules.md, "Wiederbelebungsserum": "he recovers one health point for each
/// ⊕ result" (docs/rulings.md, "Wiederbelebungsserum"): a wounded hero rolls two hits on a squad
/// in hard cover; the squad saves both; the hero still recovers two points.
#[test]
fn serum_heals_for_each_hit_rolled_even_when_saved() {
    let mut h = hero_card("TotenMeister", 5, vec![gun("Pistol", 3)]);
    h.skills = vec![Skill::Wiederbelebungsserum];
    let hero = arc(h);
    let target = arc(squad("Target", 5, vec![gun("Rifle", 1)]));
    let mut setup = open_game(6, 6, vec![placed(&hero, Side::B, "C2"), placed(&target, Side::A, "C4")]);
    board_with(&mut setup, |b| b.cover.push((sq("C4"), CoverElement::AntiTankTrap)));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(5, 3);
    assert_eq!(t.health(0), 2);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 2);
    t.roll(2, 2); // hard cover saves both hits
    assert_eq!(t.health(1), 5, "no damage got through");
    assert_eq!(t.health(0), 4, "two ⊕ results: two health points back");
}

/// tactics-revised-core-rules.md, "Reactive Fire": the unit "performs a single ATTACK action with
/// all weapon lines that have sufficient range to target the opposing unit" (and
/// tactics-revised-faq.md: "attacks with all of its weapon lines that have sufficient range");
/// limited ammo stays the player's choice (docs/rulings.md, "Reactive fire with all weapon
/// lines").
#[test]
fn reactive_fire_uses_every_line_in_range() {
    let mover = arc(squad("Mover", 3, vec![gun("Rifle", 1)]));
    let mut panzerfaust = gun("Panzerfaust", 1);
    panzerfaust.ammo = Some(2);
    let mut rc = squad("Reactors", 3, vec![gun("Rifle", 1), panzerfaust]);
    rc.weapons[0].range = WeaponRange::Spaces { min: 1, max: 3 };
    let reactors = arc(rc);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&mover, Side::A, "C1"), placed(&reactors, Side::B, "C5")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.declare("move nothing", &["C2"], &[], &[]);
    t.decide("react u1");
    t.roll(1, 1);
    // The rifle's only choice is the trigger: it is not even asked; the Panzerfaust's ammo is.
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u0 1", "aim 1 u0 2"]);
    t.decide("aim 1 none");
    t.roll(3, 0);
    assert_eq!(fired(&t), [("Rifle".to_string(), 3)], "{:?}", t.tail(8));
}

/// tactics-revised-core-rules.md, "Reactive Fire" ("Reactive Fire allows your unit to attempt to
/// shoot at an enemy unit when it moves") and "Possible Situations for Reactive Fire": the
/// sequences the book does not list (docs/rulings.md, "Reactive fire after other sequences"):
/// MOVE + NOTHING opens a window after the move (NOTHING + MOVE is the same activation and is
/// declared as MOVE + NOTHING); ATTACK + NOTHING and NOTHING + NOTHING open none.
#[test]
fn reactive_fire_windows_of_the_other_sequences() {
    let mover = arc(squad("Mover", 3, vec![gun("Rifle", 1)]));
    let reactor = arc(squad("Reactor", 3, vec![gun("Rifle", 1)]));
    let play = |plan: &str, moves: &[&str], aims: &[(u8, &str, u8)]| -> bool {
        let mut t = Table::new(open_game(
            6,
            8,
            vec![placed(&mover, Side::A, "C1"), placed(&reactor, Side::B, "C5")],
        ));
        t.initiative(Side::A);
        t.activate(0, plan, moves, aims, &[]);
        if aims.is_empty() {
            legal(&t).contains(&"react u1".to_string())
        } else {
            t.roll(3, 0);
            legal(&t).contains(&"react u1".to_string())
        }
    };
    assert!(play("move nothing", &["C2"], &[]));
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&mover, Side::A, "C1"), placed(&reactor, Side::B, "C5")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    assert!(!legal(&t).contains(&"plan nothing move".to_string()));
    assert!(!play("attack nothing", &[], &[(0, "u1", 0)]));
    assert!(!play("nothing nothing", &[], &[]));
}

/// tactics-revised-core-rules.md, "Heroes": "A hero and his squad may decide to separate during
/// the game ... The two units activate independently from then on": separated as the squad
/// activates, the hero activates on his own later in the same round (docs/rulings.md, "Heroes:
/// damage left over, separation").
#[test]
fn a_separated_hero_activates_on_his_own_in_the_same_round() {
    let sq_card = arc(squad("Squad", 3, vec![gun("Rifle", 1)]));
    let hero = arc(hero_card("Hero", 3, vec![gun("Pistol", 1)]));
    let enemy = arc(squad("Enemy", 3, vec![gun("Rifle", 1)]));
    let mut joined = placed(&hero, Side::A, "C1");
    joined.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![
            placed(&sq_card, Side::A, "C1"),
            joined,
            placed(&enemy, Side::B, "F8"),
            placed(&enemy, Side::B, "A8"),
        ],
    ));
    t.initiative(Side::A);
    assert_eq!(legal(&t), ["activate u0"], "the joined hero activates with his squad");
    t.decide("activate u0");
    t.decide("use separate yes");
    t.declare("move nothing", &["C2"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C1")), "the hero stays");
    t.pass(2);
    assert_eq!(legal(&t), ["activate u1"], "the hero is a unit of his own, not yet activated");
    t.decide("activate u1");
    t.declare("move nothing", &["D1"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("D1")));
    // "He cannot later join that squad" ("A hero cannot join a squad in the middle of a game"):
    // the next round, even standing together, they activate as two units.
    t.pass(3);
    t.initiative(Side::A);
    t.activate(1, "move nothing", &["C2"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(1)).joined, None);
    t.pass(2);
    assert_eq!(legal(&t), ["activate u0"], "the squad still activates on its own");
}

/// tactics-revised-core-rules.md, "Get Moving You Bunch of Monkeys! – Officer (SKILL)": the order
/// "reactivates one adjacent unit ... and activate[s] this unit immediately after the Command
/// Squad's activation" — a unit that has not activated yet takes that as its activation of the
/// round, not a second one (docs/rulings.md, "An order to a unit that has not activated"); and
/// "Reactive Fire": a unit that attempted reactive fire can still be reactivated by a Command
/// Squad.
#[test]
fn get_moving_on_an_unactivated_unit_and_after_reactive_fire() {
    let cs = arc(command_squad(vec![gun("Rifle", 1)]));
    let friend = arc(squad("Friends", 3, vec![gun("Rifle", 1)]));
    let enemy = arc(squad("Enemy", 3, vec![gun("Rifle", 1)]));
    let units = vec![
        placed(&cs, Side::A, "C1"),
        placed(&friend, Side::A, "D1"),
        placed(&enemy, Side::B, "H8"),
        placed(&enemy, Side::B, "A8"),
    ];
    let mut t = Table::new(open_game(8, 8, units.clone()));
    t.initiative(Side::A);
    t.activate(0, "skill nothing", &[], &[], &[]);
    t.decide("skill get-moving u1");
    t.roll(1, 1);
    assert_eq!(t.game.declaring(), Some(UnitId(1)), "activates immediately");
    t.declare("nothing nothing", &[], &[], &[]);
    t.pass(2);
    assert!(
        !legal(&t).contains(&"activate u1".to_string()),
        "no second activation: {:?}",
        legal(&t)
    );
    // The friends attempt reactive fire (and fail), then the Officer reactivates them.
    let mut units = units;
    units[3].at = Some(sq("D4"));
    let mut t = Table::new(open_game(8, 8, units));
    t.initiative(Side::B);
    t.decide("activate u3");
    t.declare("move nothing", &["D3"], &[], &[]);
    t.decide("react u1");
    t.roll(1, 0);
    assert!(t.game.unit(UnitId(1)).activated);
    t.activate(0, "skill nothing", &[], &[], &[]);
    t.decide("skill get-moving u1");
    t.roll(1, 1);
    assert_eq!(t.game.declaring(), Some(UnitId(1)), "reactivated after its reactive fire");
}

/// tactics-revised-core-rules.md, "Unit Entry": "During the first round, all units must ENTER the
/// battlefield" — a unit whose every entry square is held by the enemy cannot enter: it does
/// nothing this round and enters later (docs/rulings.md, "A unit that cannot enter").
#[test]
fn a_unit_that_cannot_enter_does_nothing_this_round() {
    let a = arc(squad("A", 3, vec![gun("Rifle", 1)]));
    let mut setup = open_game(
        6,
        6,
        vec![
            dust_core::game::tests_support::entering(&a, Side::A),
            placed(&a, Side::B, "C1"),
            placed(&a, Side::B, "F6"),
        ],
    );
    setup.entry.a = vec![sq("C1")];
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move nothing");
    assert!(t.game.unit(UnitId(0)).activated, "its activation is spent");
    assert_eq!(t.game.unit(UnitId(0)).at, None, "still off the board");
    t.activate(1, "move nothing", &["C2"], &[], &[]);
    t.pass(2);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.declare("move nothing", &["C1"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C1")), "enters once the square is free");
}

/// tactics-revised-core-rules.md, "End of the Game" ("One player's units are all destroyed";
/// "The game always ends at the end of a round") and tactics-revised-faq.md (the final round is
/// triggered): the last enemy unit falls, the other units still activate, then the game ends.
#[test]
fn the_game_ends_at_the_end_of_the_round_when_a_side_is_destroyed() {
    let a = arc(squad("A", 3, vec![gun("Rifle", 2)]));
    let b = arc(squad("B", 1, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&a, Side::A, "C2"), placed(&a, Side::A, "E2"), placed(&b, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    t.roll(6, 1);
    assert!(t.game.unit(UnitId(2)).destroyed);
    assert_eq!(legal(&t), ["activate u1"], "the round goes on");
    t.pass(1);
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
}

/// tactics-revised-core-rules.md, "Artillery Weapons (Range A)" ("A unit that is carrying more
/// than one weapon can target the same unit with its artillery weapon and other weapon lines")
/// and "Direct Shot" ("The unit can also use its other weapons").
#[test]
fn artillery_and_another_line_at_the_same_target() {
    let mut c = vehicle_card("Lothar", 6, vec![gun("Nebelwerfer 42", 2), gun("MG", 1)]);
    c.weapons[0].range = WeaponRange::Artillery;
    let lothar = arc(c);
    let target = arc(squad("Target", 5, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&lothar, Side::A, "C1"), placed(&target, Side::B, "C5")],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0)], &[]);
    t.roll(2, 0);
    t.roll(1, 0);
    assert_eq!(fired(&t), [("Nebelwerfer 42".to_string(), 2), ("MG".to_string(), 1)]);
}

/// tactics-revised-core-rules.md, "Reactive Fire": "the unit must have a weapon with sufficient
/// range to attack and damage the target unit": rifles that show "-" against vehicles cannot
/// react to a tank, though it moves in their range and sight.
#[test]
fn reactive_fire_needs_a_line_that_can_damage_the_trigger() {
    let tank = arc(vehicle_card("Tank", 4, vec![gun("Cannon", 1)]));
    let rifles = arc(squad("Rifles", 3, vec![weapon_line("Rifle", R4, dice(1), CombatValue::NoEffect)]));
    let mut t = Table::new(open_game(6, 8, vec![placed(&tank, Side::A, "C1"), placed(&rifles, Side::B, "C5")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.declare("move nothing", &["C2"], &[], &[]);
    assert!(!legal(&t).iter().any(|d| d.starts_with("react")), "{:?}", legal(&t));
}

/// tactics-revised-core-rules.md, "Heroes": "All squad skills are shared with the hero": a squad
/// of movement 1 with Fast, joined by a hero of movement 2, moves 2 + 1 spaces with one MOVE.
#[test]
fn a_squad_skill_is_shared_with_its_joined_hero() {
    let mut s = squad("Squad", 3, vec![gun("Rifle", 1)]);
    s.skills.push(Skill::Fast);
    let sq_card = arc(s);
    let mut h = hero_card("Hero", 3, vec![gun("Pistol", 1)]);
    h.movement = 2;
    let hero = arc(h);
    let enemy = arc(squad("Enemy", 3, vec![gun("Rifle", 1)]));
    let mut joined = placed(&hero, Side::A, "C1");
    joined.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&sq_card, Side::A, "C1"), joined, placed(&enemy, Side::B, "F8")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan move nothing");
    assert!(legal(&t).contains(&"move C4".to_string()), "{:?}", legal(&t));
    t.decide("move C4");
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C4")));
}

/// tactics-revised-core-rules.md, "Heroes" ("The hero shares the squad's cover value") and
/// tactics-revised-faq.md ("The only way for a hero to get a cover save is when it joins a
/// squad"): a squad with its hero on an ammo crate rolls its save.
#[test]
fn a_joined_hero_shares_the_squad_cover_save() {
    let sq_card = arc(squad("Squad", 2, vec![gun("Rifle", 1)]));
    let hero = arc(hero_card("Hero", 3, vec![gun("Pistol", 1)]));
    let shooters = arc(squad("Shooters", 3, vec![gun("Rifle", 1)]));
    let mut joined = placed(&hero, Side::B, "C4");
    joined.joins = Some(0);
    let mut setup = open_game(
        6,
        6,
        vec![placed(&sq_card, Side::B, "C4"), joined, placed(&shooters, Side::A, "C2")],
    );
    board_with(&mut setup, |b| b.cover.push((sq("C4"), CoverElement::AmmoCrate)));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 3);
    t.roll(3, 1);
    assert_eq!(rolls_of(&t, RollPurpose::CoverSave), [(3, 1)]);
}

/// tactics-revised-core-rules.md, "Berserk": "A unit can only use this skill once per game".
#[test]
fn berserk_once_per_game() {
    let mut b = hero_card("Sigrid", 4, vec![gun("Pistol", 1)]);
    b.skills = vec![Skill::Berserk];
    let berserker = arc(b);
    let target = arc(squad("Target", 5, vec![gun("Gun", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&berserker, Side::A, "C2"), placed(&target, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &["berserk"]);
    t.roll(1, 0);
    t.roll(1, 0); // the Berserk reroll
    assert_eq!(rolls_of(&t, RollPurpose::Berserk), [(1, 0)]);
    t.pass(1);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert!(!legal(&t).iter().any(|d| d.contains("berserk")), "spent: {:?}", legal(&t));
}

/// tactics-revised-core-rules.md, "Charge": "perform a fight action with all of its range 1 or
/// range C weapons after performing two move actions": a walker charges two spaces and fights
/// with its claws and its range-1 flamer; its range-4 gun is not part of the fight.
#[test]
fn charge_moves_twice_then_fights_with_range_1_and_c_lines() {
    let mut c = vehicle_card(
        "Luther",
        6,
        vec![
            weapon_line("Claws", WeaponRange::Close, dice(2), dice(2)),
            gun("Flamer", 1),
            gun("Gun", 3),
        ],
    );
    c.weapons[1].range = WeaponRange::Spaces { min: 1, max: 1 };
    c.skills.push(Skill::Charge);
    let luther = arc(c);
    let target = arc(squad("Target", 5, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&luther, Side::A, "C1"), placed(&target, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan charge");
    t.decide("move C2");
    t.decide("move C3");
    let lines = legal(&t);
    assert!(
        lines.iter().all(|d| !d.starts_with("aim 2")),
        "the range-4 gun does not fight: {lines:?}"
    );
    t.declare("charge", &[], &[(0, "u1", 0), (1, "u1", 0)], &[]);
    t.decide("react none");
    t.roll(1, 0); // the flamer, before close combat
    t.roll(2, 1); // the claws
    assert_eq!(fired(&t), [("Flamer".to_string(), 1), ("Claws".to_string(), 2)]);
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
}

/// tactics-revised-core-rules.md, "Damage Resilient": "After rolling cover saves, if any, roll one
/// die for each point of damage inflicted on this unit. For each ⊕ result, ignore one point of
/// damage. A hero with this skill does not share it with any squad he joins."
#[test]
fn damage_resilient_after_cover_saves_one_die_per_damage_point() {
    let mut tough = squad("Tough", 5, vec![gun("Rifle", 1)]);
    tough.skills.push(Skill::DamageResilient);
    let tough = arc(tough);
    let shooters = arc(squad("Shooters", 4, vec![gun("Rifle", 1)]));
    let mut setup = open_game(6, 6, vec![placed(&tough, Side::B, "C4"), placed(&shooters, Side::A, "C2")]);
    board_with(&mut setup, |b| b.cover.push((sq("C4"), CoverElement::AmmoCrate)));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(4, 3);
    t.roll(3, 1); // the cover save: two hits left
    t.roll(2, 1); // Damage Resilient: one die per damage point, one ignored
    assert_eq!(rolls_of(&t, RollPurpose::Resilient), [(2, 1)]);
    assert_eq!(t.health(0), 4);
    // A hero with it does not share it with the squad he joins.
    let sq_card = arc(squad("Squad", 5, vec![gun("Rifle", 1)]));
    let mut h = hero_card("Hero", 3, vec![gun("Pistol", 1)]);
    h.skills.push(Skill::DamageResilient);
    let mut joined = placed(&arc(h), Side::B, "C4");
    joined.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&sq_card, Side::B, "C4"), joined, placed(&shooters, Side::A, "C2")],
    ));
    t.initiative(Side::A);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(4, 2);
    assert!(rolls_of(&t, RollPurpose::Resilient).is_empty(), "not shared with the squad");
}

/// tactics-revised-core-rules.md, "Heroic Attack": "all attacks made against him during this
/// round ... do not cause any damage. Using this skill does not require an action, but the hero
/// must activate in order to use the skill. A hero can only use this skill once per game."
#[test]
fn heroic_attack_with_the_activation_once_per_game() {
    let mut h = hero_card("Hero", 3, vec![gun("Pistol", 1)]);
    h.skills.push(Skill::HeroicAttack);
    let hero = arc(h);
    let shooters = arc(squad("Shooters", 3, vec![gun("Rifle", 1)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&hero, Side::A, "C2"), placed(&shooters, Side::B, "C4")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan nothing nothing");
    assert_eq!(legal(&t), ["use heroic-attack no", "use heroic-attack yes"], "with no action spent");
    t.decide("use heroic-attack yes");
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 3);
    assert_eq!(t.health(0), 3, "no damage this round");
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 1);
    assert_eq!(t.health(0), 2, "the next round it protects no more");
    t.decide("activate u0");
    t.decide("plan nothing nothing");
    assert!(
        !legal(&t).iter().any(|d| d.contains("heroic-attack")),
        "once per game: {:?}",
        legal(&t)
    );
}

/// tactics-revised-core-rules.md, "Flamethrowers": "all flamethrower weapons ignore cover": one
/// die per targeted miniature ("Incendiary Blast"), no save on an anti-tank trap.
#[test]
fn flamethrowers_ignore_cover() {
    let mut flame = weapon_line(
        "Flamethrower",
        WeaponRange::Spaces { min: 1, max: 1 },
        CombatValue::Incendiary { dice: 1 },
        dice(1),
    );
    flame.keywords.flame = true;
    let burners = arc(squad("Burners", 1, vec![flame]));
    let target = arc(squad("Target", 4, vec![gun("Rifle", 1)]));
    let mut setup = open_game(6, 6, vec![placed(&burners, Side::A, "C2"), placed(&target, Side::B, "C3")]);
    board_with(&mut setup, |b| b.cover.push((sq("C3"), CoverElement::AntiTankTrap)));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(4, 2);
    assert!(rolls_of(&t, RollPurpose::CoverSave).is_empty());
    assert_eq!(t.health(1), 2);
}

/// tactics-revised-core-rules.md, "UGL (Under-Barrel Grenade Launcher)": "always ignore the target
/// unit's cover value. Grenade Launcher and Grenade Pistol are considered UGLs"; tactics-revised-faq.md
/// ("Does Joe's Grenade Launcher ignore cover? Yes"): no save on an anti-tank trap.
#[test]
fn ugl_ignores_cover() {
    let mut gl = gun("Grenade Launcher", 2);
    gl.keywords.ugl = true;
    let joe = arc(hero_card("Bazooka Joe", 4, vec![gl]));
    let target = arc(squad("Target", 4, vec![gun("Rifle", 1)]));
    let mut setup = open_game(6, 6, vec![placed(&joe, Side::A, "C2"), placed(&target, Side::B, "C4")]);
    board_with(&mut setup, |b| b.cover.push((sq("C4"), CoverElement::AntiTankTrap)));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 2);
    assert!(rolls_of(&t, RollPurpose::CoverSave).is_empty());
    assert_eq!(t.health(1), 2);
}
