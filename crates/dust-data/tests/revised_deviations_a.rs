//! Issue 18, deviations 1 to 5 of the revised edition: each test is written from the words of
//! tactics-revised-core-rules.md or tactics-revised-faq.md (the FAQ wins where they differ) and
//! plays the shipped cards of `data/units/` where the rule names a core-box unit, with scripted
//! dice. Side A is the Allies, side B the Axis; `Table::initiative(first)` lets side A win the
//! initiative roll and choose who goes first.

use dust_core::game::tests_support::{legal, open_game, placed, rifle, sq, squad, Table, R4};
use dust_core::game::{Event, Pending, UnitId};
use dust_core::{CoverElement, Side, Skill, UnitCard};
use dust_data::tests_support::shipped_card;
use std::sync::Arc;

fn card(name: &str) -> Arc<UnitCard> {
    Arc::new(shipped_card(name))
}

fn dice_fired(t: &Table) -> Vec<(String, u16)> {
    dust_core::game::tests_support::fired(t)
}

// ----- 1. Order of weapon lines -------------------------------------------------------------------

/// A full squad of Hell Boys (u0) next to a full squad of Sturmpioniere (u1), the Axis side
/// passing first; the Hell Boys aim their Shotguns (line 0) and a Flamethrower (line 1) at the
/// Sturmpioniere.
fn hell_boys_aim_shotguns_and_flamethrower() -> Table {
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&card("Hell Boys"), Side::A, "C3"),
            placed(&card("Sturmpioniere"), Side::B, "C4"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    t.decide("aim 1 u1 0");
    t.decide("aim 2 none");
    t.decide("aim 3 none");
    t
}

/// tactics-revised-faq.md, "How can a unit split fire": "Remember that the player chooses the
/// order in which weapon lines fire" (and tactics-revised-core-rules.md, "Heroes": weapon lines
/// are used "in any order"). The Hell Boys' Flamethrower rolls one die per targeted miniature
/// ("Incendiary Blast"): fired first it rolls five dice against the full Sturmpioniere; fired
/// after the Shotguns (nine dice: three carriers, 3/1 against armor 2) have killed three, it
/// rolls two. The engine asks the order before any die is rolled.
#[test]
fn faq_split_fire_player_chooses_line_order() {
    // The player fires the Flamethrower first.
    let mut t = hell_boys_aim_shotguns_and_flamethrower();
    assert_eq!(legal(&t), ["fire 0", "fire 1"], "the player chooses which line fires first");
    t.decide("fire 1");
    t.roll(5, 0); // Flamethrower (1): one die for each of the five Sturmpioniere
    t.roll(9, 3); // then the Shotguns: three casualties
    assert_eq!(dice_fired(&t), [("Flamethrower (1)".to_string(), 5), ("Shotgun".to_string(), 9)]);
    assert_eq!(t.health(1), 2);

    // The same attack, the Shotguns first: the Flamethrower finds two miniatures left.
    let mut t = hell_boys_aim_shotguns_and_flamethrower();
    t.decide("fire 0");
    t.roll(9, 3);
    t.roll(2, 0);
    assert_eq!(dice_fired(&t), [("Shotgun".to_string(), 9), ("Flamethrower (1)".to_string(), 2)]);
}

/// tactics-revised-core-rules.md, "Heroes": "the player can choose to use any of the available
/// weapon lines in any order between the squad and the hero". A hero (u1) joined to a squad
/// (u0): his Pistol (line 32, three dice) may fire before the squad's Rifles (line 0, one die
/// each of four).
#[test]
fn a_joined_heros_line_may_fire_before_the_squads() {
    use dust_core::game::tests_support::hero_card;
    let rifles = Arc::new(squad("Rifles", 4, vec![rifle("Rifle", R4, 1)]));
    let captain = Arc::new(hero_card("Captain", 3, vec![rifle("Pistol", R4, 3)]));
    let target = Arc::new(squad("Target", 5, vec![rifle("Rifle", R4, 1)]));
    let mut hero = placed(&captain, Side::A, "C2");
    hero.joins = Some(0);
    let mut t = Table::new(open_game(
        8,
        8,
        vec![placed(&rifles, Side::A, "C2"), hero, placed(&target, Side::B, "C5")],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan attack nothing");
    t.decide("aim 0 u2 0");
    t.decide("aim 32 u2 0");
    assert_eq!(legal(&t), ["fire 0", "fire 32"]);
    t.decide("fire 32");
    t.roll(3, 0);
    t.roll(4, 0);
    assert_eq!(dice_fired(&t), [("Pistol".to_string(), 3), ("Rifle".to_string(), 4)]);
}

// ----- 2. and 3. Command Squad: the Radioman, one ability a round ---------------------------------

/// The shipped The Boss (u0, a Command Squad whose card lists Artillery Strike), the shipped
/// Steel Rain (u1) and the Hans (u2) behind a wall the Steel Rain cannot see through, as in the
/// "Indirect Shot" example of tactics-revised-core-rules.md; an Axis rifle squad (u3) first
/// shoots The Boss, and with `kill_radioman` its one hit takes the Radioman (m1), else it does
/// nothing. Then The Boss activates and moves to E3, from where it sees the Hans.
fn the_boss_moves_to_see_the_hans(kill_radioman: bool) -> Table {
    let riflemen = Arc::new(squad("Riflemen", 5, vec![rifle("Rifle", R4, 1)]));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&card("The Boss"), Side::A, "E2"),   // u0
            placed(&card("Steel Rain"), Side::A, "B1"), // u1
            placed(&card("Hans"), Side::B, "B8"),       // u2
            placed(&riflemen, Side::B, "E5"),           // u3
        ],
    );
    let mut b = setup.board.to_setup();
    for c in 0..3usize {
        b.terrain[4 * 8 + c] = dust_core::Terrain::NoDot;
    }
    setup.board = dust_core::Board::new(b).expect("board");
    let mut t = Table::new(setup);
    t.auto_casualties = false;
    t.initiative(Side::B);
    if kill_radioman {
        t.activate(3, "attack nothing", &[], &[(0, "u0", 0)], &[]);
        t.roll(5, 1);
        t.decide("casualty m1"); // the Radioman
        assert_eq!(t.health(0), 4);
    } else {
        t.pass(3);
    }
    t.decide("activate u0");
    t.decide("plan move skill");
    t.decide("move E3");
    t
}

/// tactics-revised-core-rules.md, "Artillery Strike – Radioman (SKILL)": "When the Radioman is
/// eliminated, the Command Squad cannot use the Artillery Strike skill." The shipped The Boss
/// lists `artillery-strike` on its card; with its Radioman it orders the Steel Rain's strike,
/// without him it cannot.
#[test]
fn radioman_eliminated_no_artillery_strike() {
    let with_radio = the_boss_moves_to_see_the_hans(false);
    assert!(
        legal(&with_radio).contains(&"skill artillery-strike u1".to_string()),
        "{:?}",
        legal(&with_radio)
    );
    let t = the_boss_moves_to_see_the_hans(true);
    let options = legal(&t);
    assert!(!options.iter().any(|o| o.starts_with("skill artillery-strike")), "{options:?}");
}

/// "Artillery Strike – Radioman (SKILL)": the Radioman killed by reactive fire after The Boss's
/// MOVE, before its SKILL action, takes the strike with him: the order fails and the Steel Rain
/// does not fire (tactics-revised-core-rules.md, "Reactive Fire": the reaction comes after the
/// MOVE; docs/rulings.md, "A Command Squad's Artillery Strike").
#[test]
fn radioman_killed_by_reactive_fire_before_the_strike() {
    let riflemen = Arc::new(squad("Riflemen", 5, vec![rifle("Rifle", R4, 1)]));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&card("The Boss"), Side::A, "E2"),   // u0
            placed(&card("Steel Rain"), Side::A, "B1"), // u1
            placed(&card("Hans"), Side::B, "B8"),       // u2
            placed(&riflemen, Side::B, "E5"),           // u3
        ],
    );
    let mut b = setup.board.to_setup();
    for c in 0..3usize {
        b.terrain[4 * 8 + c] = dust_core::Terrain::NoDot;
    }
    setup.board = dust_core::Board::new(b).expect("board");
    let mut t = Table::new(setup);
    t.auto_casualties = false;
    t.initiative(Side::B);
    t.pass(2);
    t.decide("activate u0");
    t.decide("plan move skill");
    t.decide("move E3");
    t.decide("skill artillery-strike u1");
    // After the MOVE the riflemen react and kill the Radioman.
    assert_eq!(legal(&t), ["react none", "react u3"]);
    t.decide("react u3");
    t.roll(1, 1);
    t.declare("attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(5, 1);
    t.decide("casualty m1");
    assert!(t
        .game
        .events()
        .iter()
        .any(|e| matches!(e, Event::AbilityUsed { success: false, .. })));
    assert!(!t.game.unit(UnitId(1)).activated, "the Steel Rain did not fire");
    assert!(
        t.game.unit(UnitId(0)).round_used.contains(&Skill::CommandSquad),
        "the attempt is spent"
    );
}

/// tactics-revised-core-rules.md, "Command Squad Abilities": "A player can only attempt to use
/// one Command Squad skill once per round"; "using the Radioman's Relay skill with other Command
/// Squad abilities is the only possible way to use more than one Command Squad skill during the
/// same round"; the Artillery Strike is the Radioman's ability ("Artillery Strike – Radioman
/// (SKILL)"). The shipped The Boss may not plan two SKILL actions (Artillery Strike and Get
/// Moving), and the strike it orders is its one attempt of the round.
#[test]
fn command_squad_one_ability_per_round() {
    let riflemen = Arc::new(squad("Riflemen", 5, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&card("The Boss"), Side::A, "E2"),
            placed(&card("Steel Rain"), Side::A, "B1"),
            placed(&riflemen, Side::B, "E8"),
        ],
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    let plans = legal(&t);
    assert!(plans.contains(&"plan skill nothing".to_string()), "{plans:?}");
    assert!(
        !plans.contains(&"plan skill skill".to_string()),
        "two Command Squad abilities: {plans:?}"
    );
    t.decide("plan skill nothing");
    // The Steel Rain sees the riflemen: no indirect shot (tactics-revised-faq.md), so the
    // Officer's order is the one ability; it is the squad's attempt of the round.
    t.decide("skill get-moving u1");
    t.roll(1, 1);
    assert!(t.game.unit(UnitId(0)).round_used.contains(&Skill::CommandSquad));
}

/// The Boss calls the Steel Rain's Artillery Strike: that is its Command Squad attempt of the
/// round ("Artillery Strike – Radioman (SKILL)", "Command Squad Abilities").
#[test]
fn command_squad_artillery_strike_is_the_rounds_attempt() {
    let mut t = the_boss_moves_to_see_the_hans(false);
    t.decide("skill artillery-strike u1");
    assert!(t.game.unit(UnitId(0)).round_used.contains(&Skill::CommandSquad));
}

// ----- 4. Reload, then fire -----------------------------------------------------------------------

/// tactics-revised-core-rules.md, "[Weapon Name]: Reload (SKILL)": "A unit performs one SKILL
/// action to reload its weapon ... After performing this action, the unit can fire the weapon";
/// "Reloadable Weapons": "A unit can fire and reload its weapon during the same round". The
/// shipped Lothar fires its Nebelwerfer 42 (range A) at The Hammers, five spaces away; next
/// round it plans RELOAD + ATTACK and the reloaded weapon fires again: two dice (2/1 against
/// armor 3), each hit a casualty (artillery ignores cover).
#[test]
fn reload_then_fire_same_activation() {
    let mut t = Table::new(open_game(
        8,
        8,
        vec![placed(&card("The Hammers"), Side::A, "C7"), placed(&card("Lothar"), Side::B, "C2")],
    ));
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(2, 0);
    assert_eq!(t.game.unit(UnitId(1)).loaded, 0, "fired: the weapon is empty");
    t.pass(0);
    t.initiative(Side::B);
    t.decide("activate u1");
    assert!(legal(&t).contains(&"plan reload attack".to_string()));
    t.decide("plan reload attack");
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u0 0"], "the reloaded Nebelwerfer may be aimed");
    t.decide("aim 0 u0 0");
    t.roll(2, 2);
    assert_eq!(t.health(0), 1, "two hits, two casualties");
    assert!(t.game.events().iter().any(|e| matches!(e, Event::Reloaded(UnitId(1), _))));
    assert_eq!(t.game.unit(UnitId(1)).loaded, 0, "fired again: empty again");
}

// ----- 5. A close-combat weapon at a cover element ------------------------------------------------

/// tactics-revised-core-rules.md, "Attacking Cover Elements": "A unit can attempt to destroy a
/// cover element. Use the following stats when targeting cover elements: Ammo Crates 3 ; 2" —
/// with any weapon that reaches it, a close-combat weapon (range C, "Close-combat Weapons":
/// the attacker and the target adjacent) included; a cover element does not retaliate
/// (docs/rulings.md, "Close-combat weapons against cover elements"). The shipped Luther's Close
/// Combat Weapon (2/2 against vehicle 3) attacks the adjacent ammo crate: two dice, one hit
/// does two damage and destroys it.
#[test]
fn close_combat_weapon_at_cover_element() {
    let mut setup = open_game(
        8,
        8,
        vec![placed(&card("Hell Boys"), Side::A, "H8"), placed(&card("Luther"), Side::B, "C3")],
    );
    let mut b = setup.board.to_setup();
    b.cover.push((sq("C4"), CoverElement::AmmoCrate));
    setup.board = dust_core::Board::new(b).expect("board");
    let mut t = Table::new(setup);
    t.initiative(Side::B);
    t.decide("activate u1");
    t.decide("plan attack nothing");
    assert!(legal(&t).contains(&"aim 0 C4 0".to_string()), "{:?}", legal(&t));
    t.decide("aim 0 C4 0");
    assert_eq!(t.pending_dice(), Some(2), "the Close Combat Weapon rolls at the crate");
    t.roll(2, 1);
    assert!(t.game.board().cover(sq("C4")).is_none(), "the ammo crate is destroyed");
    assert!(t
        .game
        .events()
        .iter()
        .any(|e| matches!(e, Event::CoverHit(s, true) if *s == sq("C4"))));
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::A });
}

/// Two riflemen with a Rifle (line 0, one die each) and a Grenade (line 1, two dice each) facing
/// a squad on C5, ammo crates on C5 and E4; the Rifle aims at the crate on `crate_at`, the
/// Grenade at the squad.
fn rifle_at_a_crate_grenade_at_the_squad(crate_at: &str) -> Table {
    let shooters = Arc::new(squad("Shooters", 2, vec![rifle("Rifle", R4, 1), rifle("Grenade", R4, 2)]));
    let enemy = Arc::new(squad("Enemy", 3, vec![rifle("Rifle", R4, 1)]));
    let mut setup = open_game(8, 8, vec![placed(&shooters, Side::A, "C2"), placed(&enemy, Side::B, "C5")]);
    let mut b = setup.board.to_setup();
    b.cover.push((sq("C5"), CoverElement::AmmoCrate));
    b.cover.push((sq("E4"), CoverElement::AmmoCrate));
    setup.board = dust_core::Board::new(b).expect("board");
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide(&format!("aim 0 {crate_at} 0"));
    t.decide("aim 1 u1 0");
    t
}

/// tactics-revised-faq.md, "How can a unit split fire" (the player chooses the order) with
/// tactics-revised-core-rules.md, "Attacking Cover Elements": "When targeting both a cover
/// element and a unit in the same space, resolve the attack against the unit first, followed by
/// the attack against the cover element". The crate under the squad waits for the squad (no
/// choice is offered: the Grenade's four dice roll first though the Rifle is line 0); a crate
/// elsewhere may come first.
#[test]
fn fire_order_puts_a_cover_element_after_the_unit_in_its_space() {
    let mut t = rifle_at_a_crate_grenade_at_the_squad("C5");
    assert_eq!(t.pending_dice(), Some(4), "the Grenade at the squad first: {:?}", legal(&t));
    t.roll(4, 0);
    t.roll(2, 0); // then the Rifle at the crate under them
    assert_eq!(dice_fired(&t), [("Grenade".to_string(), 4), ("Rifle".to_string(), 2)]);

    let mut t = rifle_at_a_crate_grenade_at_the_squad("E4");
    assert_eq!(legal(&t), ["fire 0", "fire 1"]);
    t.decide("fire 0");
    t.roll(2, 0);
    t.roll(4, 0);
    assert_eq!(dice_fired(&t), [("Rifle".to_string(), 2), ("Grenade".to_string(), 4)]);
}
