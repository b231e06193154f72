//! Skills, Command Squad abilities, heroes, flamethrowers, cover elements and objectives, each
//! test citing the section of tactics-revised-core-rules.md it checks. Cards are built here with
//! only the numbers each test needs.

use dust_core::game::tests_support::{
    command_squad, hero_card, legal, open_game, placed, rifle, sniper_team, sq, squad, vehicle_card, Table, R4,
};
use dust_core::game::{Ability, Action, Decision, Event, GameSetup, ObjectiveSetup, Optional, Pending, Plan, UnitId};
use dust_core::unit::CombatValue;
use dust_core::{CoverElement, Side, Skill, UnitCard, WeaponRange};
use std::sync::Arc;

fn hero(name: &str, skills: &[Skill]) -> UnitCard {
    let mut c = hero_card(name, 4, vec![rifle("Pistol", R4, 2)]);
    c.soft_cover = None;
    c.hard_cover = None;
    c.skills = skills.to_vec();
    c
}

fn vehicle(name: &str, health: u8) -> UnitCard {
    vehicle_card(name, health, vec![rifle("Gun", R4, 2)])
}

/// "Medal of Honor": reroll one combat die of the hero's attack, once per round, declared before
/// the dice.
#[test]
fn medal_of_honor_rerolls_one_die_once_per_round() {
    let medal = Arc::new(hero("Joe", &[Skill::MedalOfHonor]));
    let target = Arc::new(squad("Target", 5, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(6, 6, vec![placed(&medal, Side::A, "C2"), placed(&target, Side::B, "C4")]));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &["medal-of-honor"]);
    t.roll(2, 0);
    t.roll(1, 1); // the medal's reroll of one failed die
    assert_eq!(t.health(1), 4);
    assert!(t.game.unit(UnitId(0)).round_used.contains(&Skill::MedalOfHonor));
}

/// "Medal of Honor": "reroll one combat die during an attack" — with two lines of the hero's
/// firing, the player chooses which roll gets the reroll (here: not the first, the second).
#[test]
fn medal_of_honor_on_the_roll_the_player_chooses() {
    let mut joe = hero("Joe", &[Skill::MedalOfHonor]);
    joe.weapons.push(rifle("Bazooka", R4, 1));
    let medal = Arc::new(joe);
    let target = Arc::new(squad("Target", 5, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(6, 6, vec![placed(&medal, Side::A, "C2"), placed(&target, Side::B, "C4")]));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0)], &["medal-of-honor"]);
    t.roll(2, 1);
    // A later line of the hero's fires in this attack: the choice is asked.
    assert_eq!(legal(&t), vec!["use medal-of-honor no", "use medal-of-honor yes"]);
    t.decide("use medal-of-honor no");
    t.roll(1, 0);
    // The last line: the reroll goes to it without a question.
    assert_eq!(t.game.pending_roll().map(|r| r.dice), Some(1));
    t.roll(1, 1);
    assert_eq!(t.health(1), 3, "one hit from the first line, one from the reroll");
}

/// "Sniper": the attacker chooses which miniature his hits kill.
#[test]
fn sniper_chooses_the_miniature() {
    let mut sn = sniper_team(rifle("Sniper Rifle", WeaponRange::Unlimited, 2), rifle("Rifle", R4, 1));
    sn.skills.push(Skill::Sniper);
    let target = Arc::new(command_squad(vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&Arc::new(sn), Side::A, "C1"), placed(&target, Side::B, "C7")],
    ));
    t.auto_casualties = false;
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    // The spotter reverses the dice: the roll counts miss faces.
    assert_eq!(t.game.pending_roll().map(|r| r.success_faces), Some(4));
    t.roll(2, 2);
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::A }, "the sniper's side chooses");
    t.decide("casualty m1"); // the Radioman
    assert_eq!(t.health(1), 4, "one miniature only, though two hits");
    assert_eq!(t.game.unit(UnitId(1)).alive & 0b10, 0);
}

/// "Tank Head (SKILL)": a SKILL action heals all damage of an adjacent friendly vehicle, once per game.
#[test]
fn tank_head_heals_an_adjacent_vehicle_once() {
    let th = Arc::new(hero("Mechanic Hero", &[Skill::TankHead]));
    let v = Arc::new(vehicle("Walker", 5));
    let enemy = Arc::new(squad("Enemy", 5, vec![rifle("Rifle", R4, 2)]));
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&th, Side::A, "C2"), placed(&v, Side::A, "D2"), placed(&enemy, Side::B, "C5")],
    ));
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(5, 3);
    assert_eq!(t.health(1), 2);
    t.decide("activate u0");
    t.decide("plan skill nothing");
    assert_eq!(legal(&t), ["skill tank-head u1"]);
    t.decide("skill tank-head u1");
    assert_eq!(t.health(1), 5);
    assert!(t.game.unit(UnitId(0)).used.contains(&Skill::TankHead));
}

/// "Flamethrowers": range 2 flames hit every unit in the space crossed, friends included, in the
/// spaces the attacker chooses; they cannot harm anti-tank traps ("Attacking Cover Elements":
/// crates have 2 health, damage adds up).
#[test]
fn flamethrower_of_range_two_and_cover_elements() {
    let mut napalm = rifle("Napalm Thrower", WeaponRange::Spaces { min: 1, max: 2 }, 1);
    napalm.keywords.flame = true;
    napalm.table.soldier = [CombatValue::Incendiary { dice: 1 }; 4];
    let mut hot_dog = vehicle("Hot Dog", 5);
    hot_dog.weapons = vec![napalm];
    let hot_dog = Arc::new(hot_dog);
    let friend = Arc::new(squad("Friends", 3, vec![rifle("Rifle", R4, 1)]));
    let enemy = Arc::new(squad("Enemy", 4, vec![rifle("Rifle", R4, 1)]));
    let mut setup = open_game(
        8,
        8,
        vec![
            placed(&hot_dog, Side::A, "C2"),
            placed(&friend, Side::A, "C3"),
            placed(&enemy, Side::B, "C4"),
        ],
    );
    let mut b = setup.board.to_setup();
    b.cover.push((sq("E3"), CoverElement::AntiTankTrap));
    b.cover.push((sq("A3"), CoverElement::AmmoCrate));
    setup.board = dust_core::Board::new(b).unwrap();
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    let aims = legal(&t);
    assert!(
        aims.contains(&"aim 0 A3 0".to_string()) && !aims.contains(&"aim 0 E3 0".to_string()),
        "{aims:?}"
    );
    t.decide("aim 0 u2 0");
    // The flames cross one space, which the attacker chooses: C3, with the friendly squad in it.
    assert_eq!(legal(&t), ["spread B3", "spread C3", "spread D3"]);
    t.decide("spread C3");
    t.roll(4, 1); // the target: one die per miniature
    t.roll(3, 2); // the friends in C3
    assert_eq!((t.health(2), t.health(1)), (3, 1));
    assert_eq!(t.game.victory_points().b, 0);
}

/// "Attacking Cover Elements": an ammo crate has two health points; damage adds up over attacks.
#[test]
fn ammo_crate_damage_adds_up() {
    let shooter = Arc::new(squad("Shooters", 1, vec![rifle("Rifle", R4, 1)]));
    let enemy = Arc::new(squad("Enemy", 1, vec![rifle("Rifle", R4, 1)]));
    let mut setup = open_game(8, 8, vec![placed(&shooter, Side::A, "C2"), placed(&enemy, Side::B, "H8")]);
    let mut b = setup.board.to_setup();
    b.cover.push((sq("C4"), CoverElement::AmmoCrate));
    setup.board = dust_core::Board::new(b).unwrap();
    let mut t = Table::new(setup);
    for round in 0..2 {
        t.initiative(Side::A);
        t.activate(0, "attack nothing", &[], &[(0, "C4", 0)], &[]);
        t.roll(1, 1);
        assert_eq!(t.game.board().cover(sq("C4")).is_some(), round == 0);
        t.pass(1);
    }
}

/// Two squads of two on an 8x8 board, side A's standing on D4 with the one objective (`name`,
/// `points`, `wins`, `wins_from`), side B's far off on H8.
fn held_objective(name: &str, points: u32, wins: bool, wins_from: u8) -> GameSetup {
    let a = Arc::new(squad("A", 2, vec![rifle("Rifle", R4, 1)]));
    let b = Arc::new(squad("B", 2, vec![rifle("Rifle", R4, 1)]));
    let mut setup = open_game(8, 8, vec![placed(&a, Side::A, "D4"), placed(&b, Side::B, "H8")]);
    setup.objectives = vec![ObjectiveSetup {
        name: name.into(),
        at: sq("D4"),
        points,
        wins,
        wins_from,
    }];
    setup
}

/// "Calculating Victory Points": bonus points for the side holding an objective at the end
/// (docs/rulings.md, "Objective bonus points at the end of the game"), and the game ends at the
/// end of the round.
#[test]
fn objectives_score_at_the_end() {
    let mut setup = held_objective("Bunker", 15, false, 0);
    setup.round_limit = 1;
    let mut t = Table::new(setup);
    assert_eq!(t.game.objective_points().a, 15);
    t.initiative(Side::A);
    t.pass(0);
    t.pass(1);
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
    assert_eq!(t.game.victory_points().a, 15);
}

/// "End of the Game": "One of the players fulfills his scenario objective" ends the game (at
/// the end of the round) and that player wins, whatever the victory points; an ordinary
/// objective does not end it.
#[test]
fn a_fulfilled_objective_ends_the_game_at_the_end_of_the_round() {
    let mut setup = held_objective("Radio station", 0, true, 0);
    let mut t = Table::new(setup.clone());
    t.initiative(Side::A);
    t.pass(0);
    assert!(matches!(t.game.pending(), Pending::Decision { .. }), "the round goes on");
    t.pass(1);
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
    assert_eq!(t.game.round(), 1);

    setup.objectives[0].wins = false;
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.pass(0);
    t.pass(1);
    assert!(!matches!(t.game.pending(), Pending::GameOver { .. }), "round 2 starts");
}

/// The project's own hills (docs/rulings.md, "Hills that win from a later round"; not a rule of
/// either book): a `wins` objective with `wins_from = 3` held at the end of rounds 1 and 2
/// does not end the game; held at the end of round 3 it does, and its holder wins.
#[test]
fn a_hill_that_wins_from_round_three_ends_the_game_only_then() {
    let mut t = Table::new(held_objective("Hill", 0, true, 3));
    for round in 1..=3 {
        if round < 3 {
            assert_eq!(t.game.objective_fulfilled(), None, "not in round {round}");
        }
        t.initiative(Side::A);
        t.pass(0);
        t.pass(1);
        if round < 3 {
            assert!(
                !matches!(t.game.pending(), Pending::GameOver { .. }),
                "held at the end of round {round}: the game goes on"
            );
        }
    }
    assert_eq!(t.game.round(), 3);
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
}

/// "Heroes": damage on a squad with a joined hero is split as the owner chooses; once the squad
/// is gone the rest goes to the hero.
#[test]
fn damage_left_after_the_squad_goes_to_the_hero() {
    let sq_card = Arc::new(squad("Squad", 2, vec![rifle("Rifle", R4, 1)]));
    let h = Arc::new(hero("Hero", &[]));
    let enemy = Arc::new(squad("Enemy", 5, vec![rifle("Rifle", R4, 2)]));
    let mut joined = placed(&h, Side::A, "C2");
    joined.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        6,
        vec![placed(&sq_card, Side::A, "C2"), joined, placed(&enemy, Side::B, "C4")],
    ));
    t.auto_casualties = false;
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(10, 5);
    t.decide("casualty m0");
    t.decide("casualty m1");
    assert!(t.game.unit(UnitId(0)).destroyed);
    assert_eq!(t.health(1), 1, "three points left go to the hero");
}

/// "Movement Points": the first diagonal is cheap once per activation, also across MOVE + MOVE.
#[test]
fn first_diagonal_once_per_activation_across_two_moves() {
    let a = Arc::new(squad("A", 1, vec![rifle("Rifle", R4, 1)]));
    let b = Arc::new(squad("B", 1, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(8, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "H8")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    t.decide("move D3"); // the cheap diagonal
    let second = legal(&t);
    assert!(
        second.contains(&"move D4".to_string()) && !second.contains(&"move E4".to_string()),
        "{second:?}"
    );
    let mut t = Table::new(open_game(8, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "H8")]));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move move");
    t.decide("move C3");
    assert!(legal(&t).contains(&"move D4".to_string()));
}

/// Decision texts read back to the same decision, new forms included.
#[test]
fn decision_text_round_trip() {
    for d in [
        Decision::Skill(Ability::FieldRepair, UnitId(3)),
        Decision::Skill(Ability::ArtilleryStrike, UnitId(0)),
        Decision::Spread(sq("C4")),
        Decision::Use(Optional::MedalOfHonor, true),
        Decision::Use(Optional::Crush, false),
        Decision::Revive(3),
        Decision::Plan(Plan::Two(Action::Move, Action::Skill)),
        Decision::Plan(Plan::Two(Action::Skill, Action::Attack)),
        Decision::Plan(Plan::Three(Action::Move, Action::Move, Action::Attack)),
        Decision::Plan(Plan::Three(Action::Attack, Action::Attack, Action::Move)),
        Decision::Plan(Plan::Three(Action::Nothing, Action::Skill, Action::Move)),
        Decision::Face(dust_core::battlefront::Facing(3)),
        Decision::Reserve(true),
        Decision::Reserve(false),
        Decision::Escape(sq("C4")),
        Decision::Fire(1),
        Decision::Fire(33),
    ] {
        let text = d.to_string();
        assert_eq!(text.parse::<Decision>(), Ok(d), "{text}");
    }
    // Battlefront three-action plans: `march` and `sustained` are read as their two actions.
    assert_eq!(
        "plan march attack".parse::<Decision>(),
        Ok(Decision::Plan(Plan::Three(Action::Move, Action::Move, Action::Attack)))
    );
    assert_eq!(
        "plan move sustained".parse::<Decision>(),
        Ok(Decision::Plan(Plan::Three(Action::Move, Action::Attack, Action::Attack)))
    );
    assert!("plan march sustained".parse::<Decision>().is_err());
    for a in Ability::ALL {
        let d = Decision::Skill(a, UnitId(1));
        assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
    }
    for f in 0..8 {
        let d = Decision::Face(dust_core::battlefront::Facing(f));
        assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
    }
}

/// "Spaces with Cover Elements": "Upon entering the space, vehicles may choose to crush the
/// crate" — the vehicle's side decides, yes or no.
#[test]
fn a_vehicle_may_choose_to_crush_an_ammo_crate() {
    for crush in [false, true] {
        let tank = Arc::new(vehicle("Tank", 4));
        let enemy = Arc::new(squad("Enemy", 3, vec![rifle("Rifle", R4, 1)]));
        let mut setup = open_game(8, 8, vec![placed(&tank, Side::A, "C1"), placed(&enemy, Side::B, "H8")]);
        assert!(setup.board.place_cover(sq("C2"), CoverElement::AmmoCrate));
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        t.decide("move C2");
        // Asked when the vehicle has entered the crate's space.
        assert_eq!(legal(&t), vec!["use crush no", "use crush yes"]);
        t.decide(if crush { "use crush yes" } else { "use crush no" });
        assert_eq!(t.game.board().cover(sq("C2")).is_some(), !crush);
        assert_eq!(t.game.events().iter().any(|e| matches!(e, Event::Crushed(..))), crush);
    }
}

/// "List of Actions": "The only combination of actions that a player cannot perform is ATTACK +
/// ATTACK" — two SKILL actions are allowed; reloading is a SKILL action ("Reload (SKILL)"), so a
/// unit with two unloaded weapons may reload both in one activation.
#[test]
fn two_skill_actions_reload_two_weapons() {
    let mut gun = rifle("Cannon", R4, 2);
    gun.keywords.reload = true;
    let mut mortar = rifle("Mortar", R4, 2);
    mortar.keywords.reload = true;
    let guns = Arc::new(vehicle_with("Battery", vec![gun, mortar]));
    let enemy = Arc::new(squad("Enemy", 3, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(8, 8, vec![placed(&guns, Side::A, "C1"), placed(&enemy, Side::B, "C4")]));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0)], &[]);
    t.roll(2, 0);
    t.roll(2, 0);
    assert_eq!(t.game.unit(UnitId(0)).loaded, 0);
    t.pass(1);
    t.initiative(Side::A);
    t.decide("activate u0");
    let plans = legal(&t);
    assert!(plans.contains(&"plan reload reload".to_string()), "{plans:?}");
    assert!(!plans.contains(&"plan skill skill".to_string()));
    t.decide("plan reload reload");
    assert_eq!(t.game.unit(UnitId(0)).loaded, 0b11, "both weapons loaded");
    // (A Command Squad never makes two ability attempts in one activation: the shipped The
    // Boss, crates/dust-data/tests/command_squad.rs.)
}

fn vehicle_with(name: &str, weapons: Vec<dust_core::WeaponLine>) -> UnitCard {
    let mut c = vehicle(name, 4);
    c.weapons = weapons;
    c
}
