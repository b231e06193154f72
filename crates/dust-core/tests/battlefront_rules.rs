//! The battlefront edition on the shared engine: dice, initiative, actions, passing, reactive
//! attacks and saves, each test naming the section of tactics-battlefront-2013-rules.txt it
//! checks. Dice are scripted (successes per roll), so every test is deterministic.

use dust_core::game::tests_support::{
    battlefront, battlefront_table, gun_vehicle, hero_card, infantry_with_knives, legal, open_game, pending_faces, placed, rifle, sq,
    squad, with_bf, Table, R4, R6,
};
use dust_core::game::{Decision, Event, Pending, Plan, RollPurpose, UnitId};
use dust_core::{ArmorType, Edition, Side, Terrain, UnitCard, WeaponRange};
use std::sync::Arc;

/// A [`gun_vehicle`] of movement 1 with `health` damage points.
fn vehicle(name: &str, health: u8) -> Arc<UnitCard> {
    let mut c = gun_vehicle(name, 1);
    c.health = health;
    Arc::new(c)
}

fn hero(name: &str) -> Arc<UnitCard> {
    Arc::new(hero_card(name, 3, vec![rifle("Pistol", R4, 2)]))
}

fn rolled(t: &Table) -> Vec<RollPurpose> {
    t.game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { purpose, .. } => Some(*purpose),
            _ => None,
        })
        .collect()
}

/// The edition is part of the setup; the revised edition stays the default.
#[test]
fn edition_is_chosen_in_the_setup() {
    let a = infantry_with_knives("A", 3);
    let setup = open_game(6, 6, vec![placed(&a, Side::A, "C1")]);
    assert_eq!(setup.edition, Edition::Revised);
    let t = Table::new(battlefront(setup));
    assert_eq!(t.game.edition(), Edition::Battlefront);
    assert_eq!(Edition::from_name("battlefront"), Some(Edition::Battlefront));
}

/// "Dust Dice": "count those dice showing the army symbol" — two faces of six; "Roll for
/// Initiative": "each side rolls three dice".
#[test]
fn dust_dice_count_the_army_symbol() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let t = battlefront_table(6, 6, vec![placed(&a, Side::A, "C1"), placed(&b, Side::B, "C6")]);
    assert_eq!(pending_faces(&t), Some((3, 2, 6)));
}

/// "Roll for Initiative": "In case of a tie, the player with the most [target] symbols wins the
/// initiative. If it is still a tie, both players re-roll all of their dice." The targets are
/// counted among the dice that did not show the army symbol (2 of their 4 faces).
#[test]
fn initiative_ties_broken_by_targets_then_reroll() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(6, 6, vec![placed(&a, Side::A, "C1"), placed(&b, Side::B, "C6")]);
    t.roll(3, 1);
    t.roll(3, 1); // tied on army symbols
    assert_eq!(pending_faces(&t), Some((2, 2, 4)), "A's two other dice, counting targets");
    t.roll(2, 1);
    t.roll(2, 1); // tied on targets too
    assert_eq!(pending_faces(&t), Some((3, 2, 6)), "both sides reroll all their dice");
    t.roll(3, 0);
    t.roll(3, 0);
    t.roll(3, 2); // A: no army symbol, two targets
    t.roll(3, 1);
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::A });
    assert!(t.game.events().contains(&Event::InitiativeWon(Side::A)));
    assert_eq!(
        rolled(&t),
        [
            RollPurpose::Initiative(Side::A),
            RollPurpose::Initiative(Side::B),
            RollPurpose::InitiativeTargets(Side::A),
            RollPurpose::InitiativeTargets(Side::B),
            RollPurpose::Initiative(Side::A),
            RollPurpose::Initiative(Side::B),
            RollPurpose::InitiativeTargets(Side::A),
            RollPurpose::InitiativeTargets(Side::B),
        ]
    );
}

/// "Classic Dust Dice": the classic die has no target, so a tie is rerolled at once; the
/// chances of every other roll are the same.
#[test]
fn classic_dice_reroll_ties() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut setup = battlefront(open_game(6, 6, vec![placed(&a, Side::A, "C1"), placed(&b, Side::B, "C6")]));
    setup.classic_dice = true;
    let mut t = Table::new(setup);
    t.roll(3, 2);
    t.roll(3, 2);
    assert_eq!(pending_faces(&t), Some((3, 2, 6)));
    assert_eq!(rolled(&t), [RollPurpose::Initiative(Side::A), RollPurpose::Initiative(Side::B)]);
}

/// "Black Ops": "If your force has a Hero with the Black Ops skill you roll four dice for
/// initiative rolls."
#[test]
fn black_ops_hero_rolls_four_initiative_dice() {
    let mut bo = (*hero("Spy")).clone();
    bo.skills.push(dust_core::Skill::BlackOps);
    let b = infantry_with_knives("B", 3);
    let t = battlefront_table(6, 6, vec![placed(&Arc::new(bo), Side::A, "C1"), placed(&b, Side::B, "C6")]);
    assert_eq!(pending_faces(&t), Some((4, 2, 6)));
}

/// "Activating a Unit": Nothing, Move, March Move, Attack, Sustained Attack, Special; "any
/// combination of actions except two Move actions or two Attack actions" — a March Move
/// instead of two Moves, a Sustained Attack instead of two Attacks. No Reload, no Charge;
/// never more than three actions (plans have two).
#[test]
fn activating_a_unit_offers_the_books_actions() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(6, 8, vec![placed(&a, Side::A, "C1"), placed(&b, Side::B, "C6")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    let plans = legal(&t);
    for p in [
        "plan move move",
        "plan move attack",
        "plan attack move",
        "plan move nothing",
        "plan nothing move",
        "plan attack nothing",
        "plan nothing attack",
        "plan nothing nothing",
        "plan sustained",
    ] {
        assert!(plans.contains(&p.to_string()), "{p} in {plans:?}");
    }
    assert!(plans
        .iter()
        .all(|p| !p.contains("reload") && !p.contains("charge") && p != "plan attack attack"));
    assert_eq!(plans.len(), 9);
    // "plan march" names the March Move.
    assert_eq!(
        "plan march".parse::<Decision>(),
        Ok(Decision::Plan(Plan::Two(
            dust_core::game::Action::Move,
            dust_core::game::Action::Move
        )))
    );
}

/// "March Move Actions": "A unit making a March Move action doubles its Move rating for the
/// activation" — a Move rating of 1 goes two squares, in two legs of one.
#[test]
fn march_move_doubles_the_move_rating() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(6, 10, vec![placed(&a, Side::A, "C1"), placed(&b, Side::B, "C10")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan march");
    assert!(legal(&t).contains(&"move C2".to_string()) && !legal(&t).contains(&"move C3".to_string()));
    t.decide("move C2");
    assert!(legal(&t).contains(&"move C3".to_string()));
    t.decide("move C3");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
}

/// "Passing", with the book's "Activations" example: the Axis (Recon Grenadiers, Ludwig)
/// against the Allies (Bot Hunters, Grim Reapers, Pounder); the Allies win the initiative and
/// make the Axis go first. The Axis may pass once it has fewer units left; the Allies, with
/// more, may not.
#[test]
fn passing_with_fewer_units_left_to_activate() {
    let recon = infantry_with_knives("Recon Grenadiers", 5);
    let ludwig = vehicle("Ludwig", 6);
    let bot = infantry_with_knives("Bot Hunters", 5);
    let grim = infantry_with_knives("Grim Reapers", 3);
    let pounder = vehicle("Pounder", 6);
    // Far apart: no reactive attacks in this example.
    let mut t = battlefront_table(
        12,
        12,
        vec![
            placed(&recon, Side::A, "A1"),
            placed(&ludwig, Side::A, "B1"),
            placed(&bot, Side::B, "A12"),
            placed(&grim, Side::B, "B12"),
            placed(&pounder, Side::B, "C12"),
        ],
    );
    t.roll(3, 0);
    t.roll(3, 1);
    t.decide("first A");
    assert!(legal(&t).contains(&"first B".to_string()), "2 units against 3: the Axis could pass");
    t.activate(0, "move nothing", &["A2"], &[], &[]); // 1: Recon Grenadiers
    assert!(!legal(&t).contains(&"first A".to_string()), "the Allies have more units left");
    t.activate(3, "nothing nothing", &[], &[], &[]); // 2: Grim Reapers
    assert!(legal(&t).contains(&"first B".to_string()), "1 unit against 2: the Axis may pass");
    t.decide("first B"); // 3: the Axis passes
    assert!(t.game.events().contains(&Event::Passed(Side::A)));
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::B });
    assert!(!legal(&t).contains(&"first A".to_string()), "4: the Allies cannot pass");
    t.activate(2, "move nothing", &["A11"], &[], &[]); // 4: Bot Hunters
    assert!(!legal(&t).contains(&"first B".to_string()), "one each: no pass");
    t.activate(1, "nothing nothing", &[], &[], &[]); // 5: Ludwig
    t.activate(4, "nothing nothing", &[], &[], &[]); // 6: Pounder, the turn ends
    assert!(t.game.events().contains(&Event::RoundStarted(2)));
}

/// "Passing": "If a player has fewer units (including Heroes that have joined other units) that
/// have yet to activate": a hero joined to a squad counts as a unit of his own, so the squad and
/// its hero are two units against two and may not pass (more in
/// `battlefront_deviations_b::passing_counts_joined_heroes`).
#[test]
fn passing_counts_a_joined_hero_as_a_unit() {
    let a = infantry_with_knives("Squad", 3);
    let h = hero("Hero");
    let b1 = infantry_with_knives("B1", 3);
    let b2 = infantry_with_knives("B2", 3);
    let mut units = vec![placed(&a, Side::A, "A1"), placed(&h, Side::A, "A1")];
    units[1].joins = Some(0);
    units.push(placed(&b1, Side::B, "A12"));
    units.push(placed(&b2, Side::B, "B12"));
    let mut t = battlefront_table(12, 12, units);
    t.initiative(Side::A);
    assert!(
        !legal(&t).contains(&"first B".to_string()),
        "squad and hero are two units against two"
    );
}

/// "Reactive Attacks", the Matrioshka and Hotdog example: the Hotdog attacks then moves; after
/// its first action the Matrioshka, within four squares, rolls two dice: one army symbol, an
/// Attack against the Hotdog only; then the Hotdog takes its Move.
#[test]
fn reactive_attack_after_the_first_action() {
    let hotdog = vehicle("Hotdog", 6);
    let red_thunder = infantry_with_knives("Red Thunder", 5);
    let matrioshka = vehicle("Matrioshka", 7);
    let joe = infantry_with_knives("Bazooka Joe", 1);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            placed(&hotdog, Side::A, "C3"),
            placed(&joe, Side::A, "E3"),
            placed(&red_thunder, Side::B, "C5"),
            placed(&matrioshka, Side::B, "F5"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack move", &["C2"], &[(0, "u2", 0)], &[]);
    t.roll(2, 2); // 1: the Hotdog's attack on Red Thunder
    t.roll(2, 0); // infantry save
    assert_eq!(t.health(2), 3);
    // 2: the SSU player may react with a unit within four squares.
    assert_eq!(legal(&t), ["react none", "react u2", "react u3"]);
    t.decide("react u3");
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "two dice, counting army symbols");
    t.roll(2, 1); // a single army symbol: an Attack
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u0 0"], "only the Hotdog may be targeted");
    t.decide("aim 0 u0 0");
    t.roll(2, 2); // 3: the Matrioshka hits the Hotdog, which is not in cover: no save
    assert_eq!(t.health(0), 4);
    // The Hotdog then takes its Move.
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C2")));
    assert!(t.game.unit(UnitId(3)).activated, "reacting activates the unit");
    assert!(t.game.events().contains(&Event::ReactiveAttack {
        unit: UnitId(3),
        against: UnitId(0),
        symbols: 1
    }));
}

/// "Reactive Attacks", the Grim Reapers and Fakyeli example: two army symbols, a Sustained
/// Attack (or a turn and an Attack); "Units making a Reactive Attack cannot use Close-Combat
/// Weapons".
#[test]
fn reactive_sustained_attack_without_close_combat() {
    let fakyeli = infantry_with_knives("Fakyeli", 5);
    let grim = infantry_with_knives("Grim Reapers", 3);
    let mut t = battlefront_table(6, 8, vec![placed(&fakyeli, Side::A, "C2"), placed(&grim, Side::B, "C5")]);
    t.initiative(Side::A);
    t.activate(0, "move attack", &["C3"], &[], &[]);
    t.decide("react u1");
    t.roll(2, 2);
    assert_eq!(legal(&t), ["plan sustained", "plan move attack"]);
    t.decide("plan sustained");
    // The rifle only: the knife (range C) is not offered.
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u0 0"]);
    t.decide("aim 0 u0 0");
    t.roll(3, 1);
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "the sustained reroll of the two misses");
    t.roll(2, 1);
    t.roll(2, 0); // Fakyeli's infantry saves
    assert_eq!(t.health(0), 3);
    assert!(rolled(&t).contains(&RollPurpose::Sustained));
}

/// "Reactive Attacks": with a single army symbol a reacting unit could only Attack; with none it
/// "activates for a Nothing action" and cannot activate again this turn.
#[test]
fn reactive_attack_with_no_army_symbol_is_a_nothing_action() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let c = infantry_with_knives("C", 3);
    let mut t = battlefront_table(
        8,
        8,
        vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5"), placed(&c, Side::B, "H8")],
    );
    t.initiative(Side::A);
    t.activate(0, "move attack", &["C3"], &[], &[]);
    assert_eq!(legal(&t), ["react none", "react u1"], "H8 is more than four squares away");
    t.decide("react u1");
    t.roll(2, 0);
    assert!(t.game.unit(UnitId(1)).activated);
    // The attack of A goes on (its aim was declared: none), then B activates its last unit.
    assert_eq!(legal(&t), ["activate u2"]);
}

/// "No Reacting to a Sustained Attack Action"; "No Reacting to a Nothing Action" (as the second
/// action).
#[test]
fn no_reaction_to_sustained_attack_or_second_nothing() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5")]);
    t.initiative(Side::A);
    t.activate(0, "sustained", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 0);
    t.roll(3, 0);
    assert_eq!(legal(&t), ["activate u1"], "no reactive attack against a sustained attack");
    t.activate(1, "move nothing", &["C4"], &[], &[]);
    // Round 2: A moves then does nothing: no window either.
    t.initiative(Side::A);
    t.activate(0, "move nothing", &["C3"], &[], &[]);
    assert_eq!(legal(&t), ["activate u1"]);
}

/// "Reacting to a March Move": "the unit makes a normal Move action before you attempt the
/// Reactive Attack, then completes its March Move afterwards."
#[test]
fn reaction_between_the_legs_of_a_march_move() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(6, 10, vec![placed(&a, Side::A, "C1"), placed(&b, Side::B, "C7")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan march");
    t.decide("move C2");
    t.decide("move C3");
    // After the first leg (C2, five squares away) no reaction: out of range.
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
    assert_eq!(legal(&t), ["activate u1"]);
    // Next round the first leg ends four squares away: the window opens between the legs.
    t.activate(1, "nothing nothing", &[], &[], &[]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan march");
    t.decide("move B3");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B3")), "the first leg only");
    assert_eq!(legal(&t), ["react none", "react u1"]);
    t.decide("react none");
    // Then the rest of the March Move is chosen and made (B-025).
    t.decide("move B2");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B2")), "then the march move completes");
}

/// "Infantry Saves": infantry not in cover "still save on a roll of [one symbol]"; "Cover
/// Saves": infantry in cover (here rubble) save on two symbols of three.
#[test]
fn infantry_save_and_infantry_cover_save() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let mut setup = battlefront(open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C7")]));
    setup.board.set_terrain(sq("D7"), Terrain::Rubble);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 2);
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "infantry save");
    t.roll(2, 1);
    assert_eq!(t.health(1), 2);
    assert_eq!(rolled(&t).last(), Some(&RollPurpose::InfantrySave));
    t.activate(1, "move nothing", &["D7"], &[], &[]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 2);
    assert_eq!(pending_faces(&t), Some((2, 4, 6)), "cover save in the rubble");
    t.roll(2, 2);
    assert_eq!(t.health(1), 2);
    assert_eq!(rolled(&t).last(), Some(&RollPurpose::CoverSave));
}

/// "Grenade Weapons": "Units hit by Grenade Weapons do not get a Cover Save against those
/// weapons, but do retain their Infantry Save"; "Spray Weapons": no Infantry Save or Cover Save.
#[test]
fn grenades_ignore_cover_sprays_allow_no_save() {
    let mut g = rifle("Grenade Launcher", R4, 1);
    g.keywords.ugl = true;
    let mut f = rifle("Flame-thrower", WeaponRange::Spaces { min: 1, max: 2 }, 1);
    f.keywords.flame = true;
    // Two grenadiers with the launcher, two with the flame-thrower: "Each surviving soldier in
    // an Infantry Squad can only use one Ranged Weapon" ("Soldiers with Several Weapons").
    let mut a = squad("Grenadiers", 4, vec![g, f]);
    for (m, w) in a.models.iter_mut().zip([0b01, 0b01, 0b10, 0b10]) {
        m.weapons = w;
    }
    let a = Arc::new(a);
    let b = infantry_with_knives("B", 5);
    let mut setup = battlefront(open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C3")]));
    setup.board.set_terrain(sq("C3"), Terrain::Rubble);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0)], &[]);
    t.roll(2, 2);
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "the infantry save only");
    t.roll(2, 0);
    assert_eq!(t.health(1), 3);
    t.roll(2, 2); // the flame-thrower: no save at all
    assert_eq!(t.health(1), 1);
}

/// "No Saves Against Close-Combat Weapons"; "Cover Saves": a vehicle in the open has no save.
#[test]
fn close_combat_and_vehicles_in_the_open_have_no_save() {
    let a = infantry_with_knives("A", 3);
    let b = infantry_with_knives("B", 3);
    let v = vehicle("Walker", 4);
    let mut t = battlefront_table(
        6,
        8,
        vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C3"), placed(&v, Side::B, "E4")],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0), (1, "u1", 0)], &[]);
    t.roll(3, 1); // the rifles hit the walker: not in cover, no save
    assert_eq!(t.health(2), 3);
    t.decide("retaliate yes");
    t.roll(3, 1); // close combat: the knives of A
    t.roll(3, 1); // and B's retaliation; no saves
    assert_eq!((t.health(0), t.health(1)), (2, 2));
    assert!(!rolled(&t).contains(&RollPurpose::InfantrySave));
}

/// "Cover Saves": "A unit is in Cover if the attacking unit cannot draw a line from any point in
/// its square to all points in the target unit's square without passing through or touching
/// blocking squares"; a vehicle in cover saves on one symbol.
#[test]
fn vehicle_in_cover_behind_a_blocking_square() {
    let a = vehicle("Ludwig", 6);
    let v = vehicle("Pounder", 6);
    let mut setup = battlefront(open_game(8, 8, vec![placed(&a, Side::A, "E1"), placed(&v, Side::B, "C5")]));
    setup.board.set_terrain(sq("D4"), Terrain::NoDot);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 2);
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "a cover save for the vehicle");
    t.roll(2, 1);
    assert_eq!(t.health(1), 5);
}

/// The shared engine under the battlefront edition: random legal play of the property-test
/// skirmish (squads, joined hero, vehicles, Command Squad, artillery, flamethrower, sniper) ends
/// every game, and every decision offered is accepted.
#[test]
fn random_battlefront_games_end() {
    use dust_core::game::tests_support::{play_randomly_checking, skirmish};
    use dust_core::game::Game;
    use dust_core::GameRng;
    for variant in 0..12u64 {
        let mut g = Game::new(battlefront(skirmish(variant))).expect("setup");
        let mut rng = GameRng::new(variant);
        play_randomly_checking(&mut g, &mut rng, 200_000, &format!("variant {variant}"), |_| {});
    }
}

// ----- Field of fire, blast and automatic kill values, damage per hit ---------------------------

use dust_core::battlefront::Facing;
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontValue, BattlefrontWeapon, CombatValue, Mount};

/// A battlefront vehicle: its lines as (name, mount, dice against vehicles), damage 1.
fn mounted_vehicle(name: &str, health: u8, lines: &[(&str, Mount, u8)]) -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let mut c = (*vehicle(name, health)).clone();
    c.weapons = lines
        .iter()
        .map(|&(n, _, dice)| {
            let mut w = rifle(n, R6, 1);
            w.table.vehicle = [CombatValue::Dice { dice, damage: 1 }; 7];
            w
        })
        .collect();
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

fn aims_offered(t: &Table) -> Vec<String> {
    legal(t).into_iter().filter(|d| d.starts_with("aim")).collect()
}

/// "1) Check Field of Fire", the Pounder and Ludwig example: "The Pounder has a turret, so can
/// shoot its 17 pdr gun in any direction. Despite facing in the wrong direction, it can make a
/// Sustained Attack action against the Ludwig. … [the Ludwig] can only attack targets in its
/// front arc with its twin 8.8cm FpK Zwilling guns (although it can attack targets in any
/// direction with its hatch-mounted MG 44). As the Pounder is out of its field of fire, it
/// needs to take a Move action to bring it into its field of fire, before it can take an Attack
/// action."
#[test]
fn field_of_fire_turret_front_and_hatch_mounts() {
    let (pounder, pbf) = mounted_vehicle("Pounder", 6, &[("17 pdr Gun", Mount::Turret, 2)]);
    let (ludwig, lbf) = mounted_vehicle("Ludwig", 6, &[("8.8cm FpK Zwilling", Mount::Front, 3), ("MG 44", Mount::Hatch, 1)]);
    // Side A faces north at the start, side B south: the Pounder (A, D2) faces away from the
    // Ludwig south of it; the Ludwig (B, D1) faces south, away from the Pounder.
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&pounder, Side::A, "D2"), &pbf),
            with_bf(placed(&ludwig, Side::B, "D1"), &lbf),
        ],
    );
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::NORTH);
    t.initiative(Side::A);
    t.decide("activate u0");
    assert!(
        legal(&t).contains(&"plan sustained".to_string()),
        "the turret fires in any direction"
    );
    t.decide("plan sustained");
    assert_eq!(aims_offered(&t), ["aim 0 none", "aim 0 u1 0"]);
    t.decide("aim 0 u1 0");
    // The Improvised Weapons line against the adjacent Ludwig ("Improvised Close-Combat
    // Weapons") is not offered: a Sustained Attack uses ranged or close-combat weapons
    // ("Sustained Attack and Close-Combat Weapons").
    t.roll(2, 0);
    t.roll(2, 0); // the sustained reroll misses too: "The Ludwig survives"
                  // The Ludwig faces south, the Pounder is north of it: the front guns cannot fire without a
                  // Move, the hatch-mounted MG 44 can.
    t.decide("activate u1");
    t.decide("plan sustained");
    // The twin guns have no target (their aim is skipped); the hatch-mounted MG 44 fires all round.
    assert_eq!(aims_offered(&t), ["aim 1 none", "aim 1 u0 0"]);
}

/// "1) Check Field of Fire": "If they aren't pointing at the target when they want to shoot,
/// they will need to take a Move action to change direction first": with a Move before the
/// Attack the front guns fire, and the walker ends facing its target.
#[test]
fn a_move_turns_a_vehicle_to_its_target() {
    let (pounder, pbf) = mounted_vehicle("Pounder", 6, &[("17 pdr Gun", Mount::Turret, 2)]);
    let (ludwig, lbf) = mounted_vehicle("Ludwig", 6, &[("8.8cm FpK Zwilling", Mount::Front, 3), ("MG 44", Mount::Hatch, 1)]);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&pounder, Side::A, "D6"), &pbf),
            with_bf(placed(&ludwig, Side::B, "D1"), &lbf),
        ],
    );
    t.initiative(Side::B);
    t.activate(1, "move attack", &["E1"], &[(0, "u0", 0)], &[]);
    assert_eq!(pending_faces(&t), Some((3, 2, 6)), "the twin guns roll their three dice");
    t.roll(3, 1);
    assert_eq!(t.health(0), 5);
    assert_eq!(t.game.unit(UnitId(1)).facing, Facing::towards(sq("E1"), sq("D6")).expect("apart"));
    assert!(t.game.unit(UnitId(1)).facing.in_front_arc(sq("E1"), sq("D6")));
}

/// "Reacting to a Flank Attack with a Walker": the Pounder is outside the field of fire of the
/// Ludwig's twin guns, "so the Axis player will need to roll [two army symbols] to allow it to
/// rotate and then attack with its reactive attack. Any other roll won't let it shoot the
/// Pounder with the forward-firing guns (it could use its hatch-mounted MG 44 on a [single army
/// symbol])".
#[test]
fn reacting_to_a_flank_attack_with_a_walker() {
    let (pounder, pbf) = mounted_vehicle("Pounder", 6, &[("17 pdr Gun", Mount::Turret, 2)]);
    let (ludwig, lbf) = mounted_vehicle("Ludwig", 6, &[("8.8cm FpK Zwilling", Mount::Front, 3), ("MG 44", Mount::Hatch, 1)]);
    let setup = |_: ()| {
        battlefront_table(
            8,
            8,
            vec![
                with_bf(placed(&pounder, Side::A, "A3"), &pbf),
                with_bf(placed(&ludwig, Side::B, "D6"), &lbf),
            ],
        )
    };
    // A single army symbol: an Attack, the MG 44 only.
    let mut t = setup(());
    t.initiative(Side::A);
    t.activate(0, "move attack", &["A4"], &[(0, "u1", 0)], &[]);
    t.decide("react u1");
    t.roll(2, 1);
    // The twin guns face south, the Pounder is to the west: only the MG 44 is offered.
    assert_eq!(aims_offered(&t), ["aim 1 none", "aim 1 u0 0"]);
    // Two army symbols: a Move that only rotates the walker, then an Attack with the twin guns.
    let mut t = setup(());
    t.initiative(Side::A);
    t.activate(0, "move attack", &["A4"], &[(0, "u1", 0)], &[]);
    t.decide("react u1");
    t.roll(2, 2);
    t.decide("plan move attack");
    while legal(&t).iter().any(|d| d.starts_with("move")) {
        let stay = legal(&t)
            .into_iter()
            .find(|d| d == "move D6")
            .unwrap_or_else(|| legal(&t)[0].clone());
        t.decide(&stay);
    }
    assert_eq!(aims_offered(&t), ["aim 0 none", "aim 0 u0 0"], "rotated: the twin guns bear");
    t.decide("aim 0 u0 0");
    t.decide("aim 1 none");
    t.roll(3, 2);
    assert_eq!(t.health(0), 4);
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("D6")), "the Move only rotated the walker");
}

/// "Blast Weapons", the Fakyeli example: "The Sulphur Thrower has a rating of [blast]/1 against
/// all Infantry Armour, so they will roll one die per model in the target unit. There are three
/// Grim Reapers, so they roll three dice to hit." And Koshka's Grand'ma: "The Sulphur Jet has a
/// rating of [blast]/[automatic kill], so it will roll one die since there is only one model in
/// the unit" (the Pounder) — "Automatic Kill Weapons": the hit marks off all of its crosses.
#[test]
fn blast_dice_per_model_and_automatic_kill() {
    let mut thrower = rifle("Sulphur Thrower", R4, 1);
    thrower.table.soldier = [BattlefrontValue::Blast { per_model: 1, damage: 1 }.nearest(); 4];
    thrower.table.vehicle = [BattlefrontValue::BlastKill { per_model: 1 }.nearest(); 7];
    let bf = Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            values: (1..=4)
                .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Blast { per_model: 1, damage: 1 }))
                .chain((1..=7).map(|c| (ArmorType::Vehicle, c, BattlefrontValue::BlastKill { per_model: 1 })))
                .collect(),
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    let fakyeli = Arc::new(squad("Fakyeli", 1, vec![thrower]));
    let grim = infantry_with_knives("Grim Reapers", 3);
    let pounder = vehicle("Pounder", 6);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&fakyeli, Side::A, "C2"), &bf),
            placed(&grim, Side::B, "C5"),
            placed(&pounder, Side::B, "E5"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    assert_eq!(pending_faces(&t), Some((3, 2, 6)), "three Grim Reapers: three dice");
    t.roll(3, 2);
    t.roll(2, 0); // infantry saves fail
    assert_eq!(t.health(1), 1, "each hit on an infantry squad eliminates one miniature");
    t.activate(1, "nothing nothing", &[], &[], &[]);
    t.activate(2, "nothing nothing", &[], &[], &[]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    assert_eq!(pending_faces(&t), Some((1, 2, 6)), "one model in the unit: one die");
    t.roll(1, 1);
    assert!(t.game.unit(UnitId(2)).destroyed, "an automatic kill marks off every cross");
}

/// "7) Suffer Damage": "Each hit on an Infantry Squad eliminates one miniature" — a damage
/// rating of 3 still removes one soldier per hit; heroes and vehicles take the rating.
#[test]
fn each_hit_on_a_squad_eliminates_one_miniature() {
    let mut gun = rifle("Schwere Laserwerfer", R6, 1);
    gun.table.soldier = [CombatValue::Dice { dice: 2, damage: 3 }; 4];
    let a = Arc::new(squad("Heavy Laser Grenadiers", 1, vec![gun]));
    let b = infantry_with_knives("Bot Hunters", 5);
    let mut t = battlefront_table(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5")]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(2, 2);
    t.roll(2, 0);
    assert_eq!(t.health(1), 3);
    // The revised edition removes three soldiers per hit (all five here).
    let mut setup = open_game(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5")]);
    setup.edition = Edition::Revised;
    let mut r = Table::new(setup);
    r.initiative(Side::A);
    r.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    r.roll(2, 2);
    assert_eq!(r.health(1), 0);
}

/// "Move and March Move Actions": units "end their move facing in any direction"; a unit whose
/// facing limits a weapon chooses it at the end of a Move that no Attack follows, the way it
/// went offered first (docs/rulings.md, "Battlefront facing"). A support weapon fires only "up
/// to 45 degrees on either side of the direction it is facing".
#[test]
fn support_weapon_fires_in_its_front_arc_after_moving() {
    let gun = Arc::new(squad("Flak Team", 2, vec![rifle("Flak", R6, 1), rifle("Pistol", R4, 1)]));
    let bf = Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::SupportWeapon),
        weapons: vec![BattlefrontWeapon::default(), BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let b = infantry_with_knives("B", 3);
    let mut t = battlefront_table(8, 8, vec![with_bf(placed(&gun, Side::A, "D4"), &bf), placed(&b, Side::B, "A4")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    assert!(
        !legal(&t).contains(&"plan sustained".to_string()),
        "B is west, the team faces north"
    );
    t.decide("plan move nothing");
    t.decide("move C4");
    assert_eq!(legal(&t)[0], "face W", "the way it went first");
    assert_eq!(legal(&t).len(), 8);
    t.decide("face W");
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::WEST);
    t.activate(1, "nothing nothing", &[], &[], &[]);
    t.initiative(Side::A);
    t.decide("activate u0");
    assert!(legal(&t).contains(&"plan sustained".to_string()), "now facing B");
}

/// The facing geometry: the eight directions and the 90-degree front arc, edges included.
#[test]
fn facing_and_front_arc() {
    let c = sq("D4");
    assert_eq!(Facing::towards(c, sq("D8")), Some(Facing::NORTH));
    assert_eq!(Facing::towards(c, sq("H8")), Some(Facing(1)));
    assert_eq!(Facing::towards(c, sq("A4")), Some(Facing::WEST));
    assert!(Facing::NORTH.in_front_arc(c, sq("G7")), "exactly 45 degrees is inside");
    assert!(!Facing::NORTH.in_front_arc(c, sq("H7")));
    assert!(!Facing::NORTH.in_front_arc(c, sq("D3")));
    assert!(Facing(1).in_front_arc(c, sq("H4")), "a diagonal facing reaches the orthogonal");
}

/// "3) Check Line of Sight" ("a square containing a Vehicle unit … does block Line of Sight")
/// with "Move and March Move Actions": a tank that moves from B4 to B5 before its Attack fires
/// from B5, and the square it left no longer holds it: a squad straight behind on B1 (every line
/// from B5 to B1 crosses B4) is in sight.
#[test]
fn a_vehicle_that_moved_does_not_hide_behind_its_old_square() {
    let gunner = vehicle("Gunner", 4);
    let foot = infantry_with_knives("Foot", 3);
    let mut t = battlefront_table(
        3,
        8,
        vec![
            placed(&gunner, Side::A, "B4"),
            placed(&foot, Side::B, "B1"),
            placed(&foot, Side::B, "A8"),
        ],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    t.decide("move B5");
    // The Move is made; the squad on B1 (range 4) may react; then the targets (B-025).
    t.decide("react none");
    let aims: Vec<String> = legal(&t).into_iter().filter(|d| d.starts_with("aim 0")).collect();
    assert!(aims.contains(&"aim 0 u1 0".to_string()), "the old square is empty: {aims:?}");
}
