//! Battlefront weapons with two modes of shooting, and improvised close-combat weapons. Each
//! test names the section of
//! tactics-battlefront-2013-rules.txt it checks; dice are scripted (successes per roll), so every
//! test is deterministic.

use dust_core::game::tests_support::{
    battlefront, battlefront_table, hero_card, legal, open_game, placed, rifle, squad, vehicle_card, with_bf, Table, R6,
};
use dust_core::game::UnitId;
use dust_core::game::{Decision, UnitSetup};
use dust_core::unit::{improvised_weapon, BattlefrontCard, BattlefrontWeapon, CombatValue, WeaponLine, IMPROVISED_NAME, IMPROVISED_SOURCE};
use dust_core::{ArmorType, Side, UnitCard, UnitKind, WeaponRange};
use std::sync::Arc;

/// A battlefront game on an open 6 x 8 board.
fn game(units: Vec<UnitSetup>) -> Table {
    battlefront_table(6, 8, units)
}

fn line(name: &str, range: WeaponRange, dice: u8) -> WeaponLine {
    let mut w = rifle(name, range, dice);
    w.table.soldier = [CombatValue::Dice { dice, damage: 1 }; 4];
    w
}

/// A hero whose rifle has two lines: line 0 "Rifle (burst)" 3 dice, line 1 "Rifle (aimed)" 1
/// die, both range 6; line 2 a pistol of 2 dice, a weapon of its own. `linked`: whether the
/// card links the rifle's two lines (`mode_of`).
fn two_mode_hero(linked: bool) -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let c = hero_card(
        "Hero",
        3,
        vec![line("Rifle (burst)", R6, 3), line("Rifle (aimed)", R6, 1), line("Pistol", R6, 2)],
    );
    let mode = |p: u8| BattlefrontWeapon {
        mode_of: linked.then_some(p),
        ..BattlefrontWeapon::default()
    };
    let bf = BattlefrontCard {
        weapons: vec![mode(1), mode(0), BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    };
    (Arc::new(c), Arc::new(bf))
}

fn hero_against_squad(linked: bool) -> Table {
    let (hero, bf) = two_mode_hero(linked);
    let foe = Arc::new(squad("Foe", 6, vec![rifle("Rifle", R6, 1)]));
    let mut t = game(vec![with_bf(placed(&hero, Side::A, "C2"), &bf), placed(&foe, Side::B, "C6")]);
    t.initiative(Side::A);
    t
}

/// Every legal decision's text reads back as the same decision (the text forms of records).
fn round_trips(t: &Table) {
    for d in t.game.legal_decisions() {
        let text = d.to_string();
        assert_eq!(text.parse::<Decision>().ok(), Some(d), "{text}");
    }
}

/// tactics-battlefront-2013-rules.txt, "Weapons with Two Lines": "Some weapons have two modes
/// of shooting shown by two sets of weapon characteristics under the weapon description. Each
/// time such a weapon makes an attack, the player must announce which set of characteristics
/// they will use for the attack." Aiming the first line announces it: the second line of the
/// weapon is not offered, the pistol (another weapon) still is, and only the first line rolls.
#[test]
fn aiming_one_line_of_a_weapon_with_two_lines_leaves_out_the_other() {
    let mut t = hero_against_squad(true);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    assert!(legal(&t).contains(&"aim 0 u1 0".to_string()), "{:?}", legal(&t));
    round_trips(&t);
    t.decide("aim 0 u1 0");
    // The other mode is skipped; the next line offered is the pistol's.
    let next = legal(&t);
    assert!(next.iter().all(|d| !d.starts_with("aim 1 ")), "{next:?}");
    assert!(next.contains(&"aim 2 u1 0".to_string()), "{next:?}");
    round_trips(&t);
    t.decide("aim 2 none");
    t.settle();
    assert_eq!(t.pending_dice(), Some(3), "the burst line only");
    t.roll(3, 0);
    assert_eq!(t.pending_dice(), None, "the aimed line does not fire too");
}

/// tactics-battlefront-2013-rules.txt, "Weapons with Two Lines": the player may announce the
/// other set — leaving the first line unused, the second is offered and fires alone.
#[test]
fn the_second_line_may_be_chosen_instead() {
    let mut t = hero_against_squad(true);
    t.activate(0, "attack nothing", &[], &[(1, "u1", 0)], &[]);
    assert_eq!(t.pending_dice(), Some(1), "the aimed line only");
    t.roll(1, 0);
    assert_eq!(t.pending_dice(), None);
}

/// tactics-battlefront-2013-rules.txt, "Weapons with Two Lines": only the card's link makes two
/// lines one weapon; the same lines not linked are two weapons and both fire.
#[test]
fn lines_not_linked_are_two_weapons() {
    let mut t = hero_against_squad(false);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0)], &[]);
    assert_eq!(t.pending_dice(), Some(3));
    t.roll(3, 0);
    assert_eq!(t.pending_dice(), Some(1), "the second weapon fires too");
}

/// tactics-battlefront-2013-rules.txt, "Weapons with Two Lines" and "Resolve Close-Combat Attacks
/// Simultaneously" ("the defending unit retaliates with its own Close-Combat Weapons"): a
/// defender whose close-combat weapon has two lines fights back with one of them, the first on
/// the card (docs/rulings.md, "Battlefront weapons with two lines").
#[test]
fn retaliation_uses_one_line_of_a_weapon_with_two_lines() {
    let attacker = Arc::new(squad("Attacker", 1, vec![line("Knife", WeaponRange::Close, 1)]));
    let defender = Arc::new(hero_card(
        "Defender",
        3,
        vec![
            line("Sword (cut)", WeaponRange::Close, 2),
            line("Sword (thrust)", WeaponRange::Close, 3),
        ],
    ));
    let bf = Arc::new(BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mode_of: Some(1),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon {
                mode_of: Some(0),
                ..BattlefrontWeapon::default()
            },
        ],
        ..BattlefrontCard::default()
    });
    let mut t = game(vec![
        placed(&attacker, Side::A, "C2"),
        with_bf(placed(&defender, Side::B, "C3"), &bf),
    ]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    // The attacker's knife and the defender's one sword line roll; the thrust line does not.
    let mut rolled = Vec::new();
    for _ in 0..8 {
        if legal(&t).contains(&"retaliate yes".to_string()) {
            t.decide("retaliate yes");
        } else if let Some(n) = t.pending_dice() {
            rolled.push(n);
            t.roll(n, 0);
        }
    }
    rolled.sort_unstable();
    assert_eq!(rolled, vec![1, 2], "the knife and the sword's first line: {:?}", t.tail(12));
}

// ----- Improvised Close-Combat Weapons ------------------------------------------------------

/// A squad of `n` whose knife cannot hurt vehicles (and a rifle that cannot either).
fn knife_squad(name: &str, n: u8) -> Arc<UnitCard> {
    let mut rifle6 = line("Rifle", R6, 1);
    rifle6.table.vehicle = [CombatValue::NoEffect; 7];
    let mut knife = line("Knife", WeaponRange::Close, 1);
    knife.table.vehicle = [CombatValue::NoEffect; 7];
    Arc::new(squad(name, n, vec![rifle6, knife]))
}

/// A vehicle of armour 3 with one gun, or an aircraft.
fn machine(name: &str, kind: UnitKind) -> Arc<UnitCard> {
    let mut c = vehicle_card(name, 4, vec![line("Gun", R6, 2)]);
    c.kind = kind;
    if kind == UnitKind::Aircraft {
        c.armor.kind = ArmorType::Aircraft;
    }
    Arc::new(c)
}

/// tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons": the chart is the
/// project's, marked provisional (the seed's chart is lost in the extracted text).
#[test]
fn the_improvised_chart_is_provisional() {
    let (w, bf) = improvised_weapon();
    assert!(IMPROVISED_SOURCE.starts_with("provisional: the seed's chart is lost in the extracted text"));
    assert_eq!(w.name, IMPROVISED_NAME);
    assert_eq!(w.range, WeaponRange::Close);
    assert!(bf.improvised);
    assert!(w.table.aircraft.iter().all(|v| *v == CombatValue::NoEffect));
}

/// tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons": "Even if they don't
/// have any weapons that can hurt the enemy, they'll find or make something to do the job …
/// An Infantry or Vehicle unit (but not Aircraft) can always make a close-combat attack using
/// Improvised Weapons". Infantry whose knives cannot hurt a vehicle are offered the improvised
/// line against it (one die per soldier), not against infantry their knives can hurt.
#[test]
fn infantry_improvise_against_what_their_knives_cannot_hurt() {
    let a = knife_squad("A", 3);
    let tank = machine("Tank", UnitKind::Vehicle);
    let foe = knife_squad("Foe", 2);
    let mut t = game(vec![
        placed(&a, Side::A, "C2"),
        placed(&tank, Side::B, "C3"),
        placed(&foe, Side::B, "B2"),
    ]);
    let lines: Vec<&str> = t.game.unit(UnitId(0)).card.weapons.iter().map(|w| w.name.as_str()).collect();
    assert_eq!(lines, ["Rifle", "Knife", IMPROVISED_NAME], "the line is added after the card's own");
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 none");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u2 0"], "the knives: the squad beside it only");
    round_trips(&t);
    t.decide("aim 1 none");
    assert_eq!(legal(&t), ["aim 2 none", "aim 2 u1 0"], "improvised: the tank only");
    round_trips(&t);
    t.decide("aim 2 u1 0");
    t.settle();
    assert_eq!(t.pending_dice(), Some(3), "one die per soldier");
}

/// tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons": vehicles improvise
/// too (ramming), aircraft never.
#[test]
fn vehicles_improvise_and_aircraft_do_not() {
    let tank = machine("Tank", UnitKind::Vehicle);
    let plane = machine("Plane", UnitKind::Aircraft);
    let foe = knife_squad("Foe", 2);
    let t = game(vec![
        placed(&tank, Side::A, "C2"),
        placed(&plane, Side::A, "D2"),
        placed(&foe, Side::B, "C3"),
    ]);
    let names = |u: u8| -> Vec<String> { t.game.unit(UnitId(u)).card.weapons.iter().map(|w| w.name.clone()).collect() };
    assert_eq!(names(0), ["Gun", IMPROVISED_NAME]);
    assert_eq!(names(1), ["Gun"], "no improvised weapons for aircraft");
    let mut t = t;
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(1, "u2", 0)], &[]);
    // The squad may fight back with its knives.
    assert_eq!(legal(&t), ["retaliate yes", "retaliate no"]);
    t.decide("retaliate no");
    assert_eq!(t.pending_dice(), Some(1), "the tank rams: one die");
}

/// Improvised weapons belong to the battlefront edition: a revised game adds no line.
#[test]
fn the_revised_edition_has_no_improvised_weapons() {
    let a = knife_squad("A", 3);
    let t = Table::new(open_game(6, 8, vec![placed(&a, Side::A, "C2")]));
    assert_eq!(t.game.unit(UnitId(0)).card.weapons.len(), 2);
}

/// tactics-battlefront-2013-rules.txt, "Resolve Close-Combat Attacks Simultaneously": "the
/// defending unit retaliates with its own Close-Combat Weapons"; improvised weapons make a
/// close-combat attack, not a retaliation (docs/rulings.md, "Battlefront improvised
/// close-combat weapons"): a tank with no close-combat weapon of its own, attacked in close
/// combat, does not fight back.
#[test]
fn improvised_weapons_do_not_retaliate() {
    let a = knife_squad("A", 3);
    let tank = machine("Tank", UnitKind::Vehicle);
    let mut t = game(vec![placed(&a, Side::A, "C2"), placed(&tank, Side::B, "C3")]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(2, "u1", 0)], &[]);
    assert!(!legal(&t).iter().any(|d| d.starts_with("retaliate")), "{:?}", legal(&t));
    assert_eq!(t.pending_dice(), Some(3));
}

/// tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons" ("they'll find or make
/// something to do the job" against "the enemy"): the improvised line is aimed at enemy units,
/// never at a cover element (docs/rulings.md, "Battlefront improvised close-combat weapons").
#[test]
fn improvised_weapons_are_not_aimed_at_cover_elements() {
    let a = knife_squad("A", 3);
    let tank = machine("Tank", UnitKind::Vehicle);
    let mut setup = battlefront(open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&tank, Side::B, "C3")]));
    assert!(setup
        .board
        .place_cover(dust_core::game::tests_support::sq("B2"), dust_core::CoverElement::AmmoCrate));
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    // The rifle and the knife hurt neither the tank nor the crate: only the improvised line.
    assert_eq!(legal(&t), ["aim 2 none", "aim 2 u1 0"], "the tank, not the crate at B2");
}
