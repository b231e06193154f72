//! Dust Battlefield's command squads, from tactics-battlefield-summary.md ("COMMAND SQUADS":
//! "OFFICER SPECIAL ACTIONS", "MEDIC SPECIAL ACTIONS", "MECHANIC SPECIAL ACTIONS"). Each test
//! names its section and quotes the words it checks; the cards are the tests' own
//! (`dust_core::field::tests_support`).

use dust_core::field::tests_support::{activate, hero_card, rest_one, rolls_since, squad_card, vehicle_card, Builder};
use dust_core::field::{Action, Decision, FieldCard, FieldGame, Pending, Purpose, Special};
use dust_core::unit::{Locomotion, Role};
use dust_core::Side;

use Action::*;

/// A command squad of four (Officer, Radio Operator, Medic, Mechanic; armour 2), or only the
/// roles given.
fn hq(roles: &[Role]) -> FieldCard {
    let mut c = squad_card("HQ", roles.len() as u8);
    for (m, r) in c.card.models.iter_mut().zip(roles) {
        m.role = Some(*r);
    }
    c
}

const ALL: [Role; 4] = [Role::Officer, Role::Radioman, Role::Medic, Role::Mechanic];

fn hq_at(roles: &[Role]) -> Vec<(f64, f64)> {
    (0..roles.len()).map(|i| (50.0 + 3.0 * i as f64, 20.0)).collect()
}

/// The HQ (unit 0) at y = 20, side A's vehicle (unit 1) at `tank`, side B far away.
fn with_tank(roles: &[Role], tank: (f64, f64)) -> FieldGame {
    Builder::default()
        .unit(Side::A, hq(roles), &hq_at(roles), 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[tank], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(3)
}

/// "MECHANIC SPECIAL ACTIONS", "Makeshift Repair": "A unit with a Mechanic may take a
/// MAKESHIFT REPAIR action. Select any vehicle within LOS and range 1 of the Mechanic and roll 5
/// dice. Each ☒ returns 1 point of damage to that vehicle" (the army symbol: docs/rulings.md,
/// "Battlefield: command squads").
#[test]
fn a_mechanic_repairs_a_vehicle_within_range_one_with_five_dice() {
    for seed in 0..20 {
        let mut g = with_tank(&ALL, (59.0, 31.0));
        g.reseed(seed);
        g.set_health(1, 1);
        activate(&mut g, 0, &[Special, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Special(Special::Repair(1))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!((r[0].0, r[0].1), (Purpose::Command, 5), "{r:?}");
        assert_eq!(g.units()[1].health, (1 + r[0].2 as u8).min(4), "never above the card's 4");
    }
    // Out of range 1 of the Mechanic (m3 at x = 59), and a squad without a Mechanic.
    let mut g = with_tank(&ALL, (59.0, 50.0));
    g.set_health(1, 1);
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Repair(1))).unwrap_err();
    assert!(e.reason.contains("range 1"), "{e}");
    let roles = [Role::Officer, Role::Medic];
    let mut g = with_tank(&roles, (53.0, 31.0));
    g.set_health(1, 1);
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Repair(1))).unwrap_err();
    assert!(e.reason.contains("Mechanic"), "{e}");
}

/// "MEDIC SPECIAL ACTIONS", "Get Up, It Ain't That Bad": "Roll a die: on ☒ or ☑, selects any
/// infantry unit within LOS and range 1 of the Medic. If the unit is an infantry squad, return an
/// eliminated miniature to the unit. If the unit is a support weapon or hero, remove 1 point of
/// Damage to that unit."
#[test]
fn a_medic_returns_a_soldier_or_a_point_of_damage() {
    let (mut back, mut tries) = (0, 0);
    for seed in 0..60 {
        // The Rangers' card has 4 soldiers; 2 stand on the table, 2 were eliminated.
        let mut g = Builder::default()
            .unit(Side::A, hq(&ALL), &hq_at(&ALL), 0)
            .unit(Side::A, squad_card("Rangers", 4), &[(55.0, 28.0), (58.0, 28.0)], 0)
            .unit(Side::A, hero_card("Doc"), &[(45.0, 25.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .game(seed);
        g.set_health(2, 1);
        activate(&mut g, 0, &[Special, Special]);
        let e = g.events().len();
        g.apply(Decision::Special(Special::GetUp(1))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!((r[0].0, r[0].1), (Purpose::Command, 1));
        tries += 1;
        let n = g.table().units[1].minis.len();
        assert_eq!(n, 2 + usize::from(r[0].2), "a soldier back exactly on a success");
        back += r[0].2;
        if n == 3 {
            // Back in coherency, on the table, on no other base.
            assert_eq!(g.units()[1].models.len(), 3);
            assert_eq!(g.units()[1].health, 3);
        }
        let e = g.events().len();
        g.apply(Decision::Special(Special::GetUp(2))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!(g.units()[2].health, 1 + r[0].2 as u8, "a hero: one point of damage back");
    }
    let f = f64::from(back) / f64::from(tries);
    assert!((0.45..0.9).contains(&f), "the army symbol or the shield, 4 faces in 6: {f}");
}

/// "OFFICER SPECIAL ACTIONS", "Get Moving You Bunch of Monkeys": "Roll a die: on ☒, select any
/// unit within LOS and range 2 (10cm/8") of the Officer, and that has already been activated this
/// turn. The Command squad's activation immediately ends, and the selected unit activates again
/// … A unit may only be re-activated once per turn. If the Officer has a Radio Operator, they can
/// re-activate any unit on the board."
#[test]
fn get_moving_activates_an_activated_unit_again() {
    let mut succeeded = false;
    for seed in 0..40 {
        let mut g = Builder::default()
            .unit(Side::A, hq(&[Role::Officer, Role::Medic]), &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::A, squad_card("Rangers", 2), &[(50.0, 35.0), (53.0, 35.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .unit(Side::B, squad_card("Scouts", 1), &[(10.0, 110.0)], 180)
            .game(seed);
        // The Rangers activate first (side B's Grenadiers answer), then the HQ.
        activate(&mut g, 1, &[Nothing, Nothing]);
        g.apply(Decision::Activate(2)).unwrap();
        g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Special, Move])).unwrap();
        let e = g.events().len();
        g.apply(Decision::Special(Special::GetMoving(1))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!((r[0].0, r[0].1), (Purpose::Command, 1));
        if r[0].2 == 1 {
            succeeded = true;
            // The HQ's MOVE never comes: the Rangers activate again, now.
            assert_eq!(g.acting(), Some(1));
            assert_eq!(g.pending(), Pending::Decision(Side::A));
            g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
            // Then side B goes on.
            assert_eq!(g.pending(), Pending::Decision(Side::B));
            break;
        }
        // A failure: the HQ goes on with its MOVE.
        assert_eq!(g.acting(), Some(0));
    }
    assert!(succeeded);
}

/// "within LOS and range 2 … of the Officer": a unit further off is out of reach without a Radio
/// Operator, in reach with one; a unit not yet activated cannot be re-activated.
#[test]
fn get_moving_reaches_range_two_or_the_whole_board_by_radio() {
    for (roles, ok) in [
        (vec![Role::Officer, Role::Medic], false),
        (vec![Role::Officer, Role::Radioman], true),
    ] {
        let mut g = Builder::default()
            .unit(Side::A, hq(&roles), &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::A, squad_card("Rangers", 2), &[(150.0, 60.0), (153.0, 60.0)], 0)
            .unit(Side::A, squad_card("Scouts", 1), &[(60.0, 25.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .unit(Side::B, squad_card("Snipers", 1), &[(10.0, 110.0)], 180)
            .game(1);
        activate(&mut g, 1, &[Nothing, Nothing]);
        g.apply(Decision::Activate(3)).unwrap();
        g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
        let r = g.check(&Decision::Special(Special::GetMoving(1)));
        assert_eq!(r.is_ok(), ok, "{roles:?}: {r:?}");
        if let Err(e) = r {
            assert!(e.reason.contains("range 2"), "{e}");
        }
        let e = g.check(&Decision::Special(Special::GetMoving(2))).unwrap_err();
        assert!(e.reason.contains("not activated"), "{e}");
    }
}

/// The generator proposes the command squad's special actions where they may be taken, and
/// `check` accepts every one; the text forms read back.
#[test]
fn command_actions_are_proposed_accepted_and_read_back() {
    let mut g = with_tank(&ALL, (59.0, 31.0));
    g.set_health(1, 2);
    g.apply(Decision::First(Side::A)).unwrap();
    g.apply(Decision::Activate(0)).unwrap();
    let c = g.candidates(32);
    assert!(c.iter().any(|d| matches!(d, Decision::Plan(p) if p.contains(&Special))), "{c:?}");
    g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
    let c = g.candidates(32);
    assert!(c.contains(&Decision::Special(Special::Repair(1))), "{c:?}");
    for d in &c {
        g.check(d).unwrap();
        assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(d));
    }
}

/// "Special Actions in Bunkers and Strongpoints": "A unit inside a bunker or strongpoint cannot
/// use special actions that require the target unit to be within range 1 (10cm/4") if the target
/// unit is outside the bunker or strongpoint." The Medic inside treats a hero inside, not one
/// just outside.
#[test]
fn no_range_one_action_from_inside_a_strongpoint_to_outside() {
    use dust_geom::table::TerrainKind;
    let mut g = Builder::default()
        .terrain(TerrainKind::Strongpoint, &[(40.0, 10.0), (70.0, 10.0), (70.0, 30.0), (40.0, 30.0)])
        .unit(Side::A, hq(&ALL), &hq_at(&ALL), 0)
        .unit(Side::A, hero_card("Doc"), &[(62.0, 25.0)], 0)
        .unit(Side::A, hero_card("Sarge"), &[(57.0, 32.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1);
    g.set_health(1, 1);
    g.set_health(2, 1);
    assert!(g.fortification(0).is_some() && g.fortification(1).is_some() && g.fortification(2).is_none());
    activate(&mut g, 0, &[Special, Nothing]);
    g.check(&Decision::Special(Special::GetUp(1))).unwrap();
    let e = g.check(&Decision::Special(Special::GetUp(2))).unwrap_err();
    assert!(e.reason.contains("inside"), "{e}");
}

// ----- VEHICLE EQUIPMENT: MECHANIC, MEDEVAC ------------------------------------------------------------

fn equipped(name: &str, e: dust_core::unit::BattlefrontSkill) -> FieldCard {
    let mut c = vehicle_card(name, Locomotion::Tracked);
    c.bf.skills.push(e);
    c
}

/// "MECHANIC": "A vehicle equipped as a mechanic can use the MAKESHIFT REPAIR special action" —
/// on a vehicle within LOS and range 1 of it, itself included (docs/rulings.md, "Battlefield:
/// vehicle equipment").
#[test]
fn a_mechanic_vehicle_repairs_itself_and_its_neighbours() {
    use dust_core::unit::BattlefrontSkill;
    let mut g = Builder::default()
        .unit(Side::A, equipped("Workshop", BattlefrontSkill::Mechanic), &[(50.0, 20.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(62.0, 20.0)], 0)
        .unit(Side::A, vehicle_card("Far Tank", Locomotion::Tracked), &[(120.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(5);
    for u in 0..3 {
        g.set_health(u, 1);
    }
    activate(&mut g, 0, &[Special, Special]);
    g.check(&Decision::Special(Special::Repair(0))).unwrap();
    let e = g.check(&Decision::Special(Special::Repair(2))).unwrap_err();
    assert!(e.reason.contains("range 1"), "{e}");
    let e = g.events().len();
    g.apply(Decision::Special(Special::Repair(1))).unwrap();
    let r = rolls_since(&g, e);
    assert_eq!((r[0].0, r[0].1), (Purpose::Command, 5));
    assert_eq!(g.units()[1].health, (1 + r[0].2 as u8).min(4));
}

/// "MEDEVAC": "A medevac vehicle can perform a MEDEVAC special action. Select an infantry unit
/// within range 1 (10cm/4"). Roll a die for each soldier eliminated from the unit. Each ☒
/// returns 1 of the eliminated soldiers to the unit."
#[test]
fn a_medevac_rolls_a_die_for_each_soldier_eliminated() {
    use dust_core::unit::BattlefrontSkill;
    for seed in 0..20 {
        let mut g = Builder::default()
            .unit(Side::A, equipped("Ambulance", BattlefrontSkill::Medevac), &[(50.0, 20.0)], 0)
            // A card of 5 soldiers, 2 on the table: 3 eliminated.
            .unit(Side::A, squad_card("Rangers", 5), &[(50.0, 28.0), (53.0, 28.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Special, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Special(Special::Medevac(1))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!((r[0].0, r[0].1), (Purpose::Command, 3), "a die a soldier eliminated");
        assert_eq!(g.table().units[1].minis.len(), 2 + usize::from(r[0].2));
    }
    let mut g = Builder::default()
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(50.0, 20.0)], 0)
        .unit(Side::A, squad_card("Rangers", 5), &[(50.0, 28.0), (53.0, 28.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Medevac(1))).unwrap_err();
    assert!(e.reason.contains("medevac"), "{e}");
}

// ----- AMMO DROP, INJECT STIMULANTS ------------------------------------------------------------------

/// Rangers (2 soldiers) whose second line, a bazooka, has 2 ammo boxes.
fn rangers_with_bazooka() -> FieldCard {
    let mut c = squad_card("Rangers", 2);
    let mut b = dust_core::field::tests_support::weapon("Bazooka", Some(4), 2);
    b.ammo = Some(2);
    c.card.weapons.push(b);
    for m in &mut c.card.models {
        m.weapons = 0b111;
    }
    c
}

/// "OFFICER SPECIAL ACTIONS", "Ammo Drop": "A unit with an Officer may take an AMMO DROP
/// action. Roll a die: on ☒ or ☑, select any unit with Limited Ammo weapons within LOS and range 2
/// (10cm/8") of the Officer, and replenish it back to a full ammunition load. If the Officer has a
/// Radio Operator, they can request an ammo drop for any unit on the board." (☒ or ☑: the army
/// symbol or the shield, docs/rulings.md, "Battlefield: command squads".)
#[test]
fn an_officer_drops_ammo_back_to_a_full_load() {
    let (mut full, mut tries) = (0, 0);
    for seed in 0..60 {
        let mut g = Builder::default()
            .unit(Side::A, hq(&[Role::Officer, Role::Medic]), &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::A, rangers_with_bazooka(), &[(50.0, 30.0), (53.0, 30.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .game(seed);
        g.set_ammo_left(1, 2, 0);
        assert_eq!(g.ammo_left(1, 2), Some(0));
        activate(&mut g, 0, &[Special, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Special(Special::AmmoDrop(1))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!((r[0].0, r[0].1), (Purpose::Command, 1), "{r:?}");
        assert_eq!(
            g.ammo_left(1, 2),
            Some(if r[0].2 == 1 { 2 } else { 0 }),
            "the full load exactly on a success"
        );
        full += r[0].2;
        tries += 1;
    }
    let f = f64::from(full) / f64::from(tries);
    assert!((0.45..0.9).contains(&f), "the army symbol or the shield, 4 faces in 6: {f}");
}

/// "within LOS and range 2 … of the Officer", or anywhere with a Radio Operator; only "a unit
/// with Limited Ammo weapons" that has used some (docs/rulings.md, "Battlefield: command squads").
#[test]
fn ammo_drop_reaches_range_two_or_the_board_by_radio() {
    for (roles, ok) in [
        (vec![Role::Officer, Role::Medic], false),
        (vec![Role::Officer, Role::Radioman], true),
    ] {
        let mut g = Builder::default()
            .unit(Side::A, hq(&roles), &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::A, rangers_with_bazooka(), &[(150.0, 60.0), (153.0, 60.0)], 0)
            .unit(Side::A, squad_card("Scouts", 1), &[(60.0, 25.0)], 0)
            .unit(Side::A, rangers_with_bazooka(), &[(50.0, 30.0), (53.0, 30.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .game(1);
        g.set_ammo_left(1, 2, 1);
        activate(&mut g, 0, &[Special, Nothing]);
        let r = g.check(&Decision::Special(Special::AmmoDrop(1)));
        assert_eq!(r.is_ok(), ok, "{roles:?}: {r:?}");
        if let Err(e) = r {
            assert!(e.reason.contains("range 2"), "{e}");
        }
        let e = g.check(&Decision::Special(Special::AmmoDrop(2))).unwrap_err();
        assert!(e.reason.contains("Limited Ammo"), "{e}");
        let e = g.check(&Decision::Special(Special::AmmoDrop(3))).unwrap_err();
        assert!(e.reason.contains("full"), "{e}");
        // The Medic has no AMMO DROP of his own.
        let mut g = Builder::default()
            .unit(Side::A, hq(&[Role::Medic]), &[(50.0, 20.0)], 0)
            .unit(Side::A, rangers_with_bazooka(), &[(50.0, 30.0), (53.0, 30.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .game(1);
        g.set_ammo_left(1, 2, 0);
        activate(&mut g, 0, &[Special, Nothing]);
        let e = g.check(&Decision::Special(Special::AmmoDrop(1))).unwrap_err();
        assert!(e.reason.contains("Officer"), "{e}");
    }
}

/// "MEDIC SPECIAL ACTIONS", "Inject Stimulants": "Select any infantry unit within LOS and range 1
/// of the Medic and roll a die. … On ☒, choose either token. On 🎯, Attack Stimulants token. On
/// the shield, Move Stimulants token." (the faces: docs/rulings.md, "Battlefield: command
/// squads"; the token chosen is named in the decision).
#[test]
fn a_medic_injects_the_token_the_die_gives() {
    use dust_core::field::Stimulant;
    let mut seen = [0u32; 3];
    for seed in 0..90 {
        let mut g = Builder::default()
            .unit(Side::A, hq(&ALL), &hq_at(&ALL), 0)
            .unit(Side::A, squad_card("Rangers", 2), &[(55.0, 28.0), (58.0, 28.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Special, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Special(Special::Stimulants(1, Stimulant::Move))).unwrap();
        let r = rolls_since(&g, e);
        let token = g.units()[1].stimulant;
        if r[0].2 == 1 {
            // The army symbol: the token the player named.
            assert_eq!(r.len(), 1, "{r:?}");
            assert_eq!(token, Some(Stimulant::Move));
            seen[0] += 1;
        } else {
            // Not the army symbol: the die shows the target or the shield.
            assert_eq!(r.len(), 2, "{r:?}");
            let target = r[1].2 == 1;
            assert_eq!(token, Some(if target { Stimulant::Attack } else { Stimulant::Move }));
            seen[1 + usize::from(!target)] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n >= 15), "each face about a third of 90: {seen:?}");
    // Out of range 1 of the Medic, or not infantry.
    let mut g = Builder::default()
        .unit(Side::A, hq(&ALL), &hq_at(&ALL), 0)
        .unit(Side::A, squad_card("Rangers", 2), &[(55.0, 50.0), (58.0, 50.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(55.0, 31.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Stimulants(1, Stimulant::Attack))).unwrap_err();
    assert!(e.reason.contains("range 1"), "{e}");
    let e = g.check(&Decision::Special(Special::Stimulants(2, Stimulant::Attack))).unwrap_err();
    assert!(e.reason.contains("infantry"), "{e}");
    // The squad treats itself.
    g.check(&Decision::Special(Special::Stimulants(0, Stimulant::Attack))).unwrap();
}

/// "If a unit activates while it has an Attack Stimulants token, it removes the token and treats
/// an ATTACK action as a SUSTAINED ATTACK action. If a unit activates while it has a Move
/// Stimulants token, it removes the token and treats a MOVE action as a MARCH MOVE action. The
/// unit will take 3 actions in that activation."
#[test]
fn a_stimulated_unit_takes_three_actions_once() {
    use dust_core::field::Stimulant;
    for (token, yes, no) in [
        (Stimulant::Attack, vec![Move, Sustained], vec![March, Attack]),
        (Stimulant::Move, vec![March, Attack], vec![Move, Sustained]),
    ] {
        let mut g = Builder::default()
            .unit(Side::A, squad_card("Rangers", 2), &[(55.0, 28.0), (58.0, 28.0)], 0)
            .unit(Side::A, squad_card("Scouts", 1), &[(10.0, 28.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
            .unit(Side::B, squad_card("Snipers", 1), &[(10.0, 110.0)], 180)
            .game(2);
        // Without a token, three actions are refused.
        g.apply(Decision::First(Side::A)).unwrap();
        g.apply(Decision::Activate(1)).unwrap();
        let e = g.check(&Decision::Plan(yes.clone())).unwrap_err();
        assert!(e.reason.contains("3 actions"), "{e}");
        g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        rest_one(&mut g, Side::B);
        g.give_stimulant(0, token);
        g.apply(Decision::Activate(0)).unwrap();
        assert_eq!(
            g.units()[0].stimulant,
            None,
            "{token:?}: the token is removed as the unit activates"
        );
        let e = g.check(&Decision::Plan(no.clone())).unwrap_err();
        assert!(e.reason.contains("3 actions"), "{token:?}: {e}");
        g.check(&Decision::Plan(vec![Nothing, Nothing])).unwrap();
        g.apply(Decision::Plan(yes.clone())).unwrap();
        assert_eq!(g.acting(), Some(0));
    }
}

/// The generator proposes AMMO DROP and INJECT STIMULANTS where they may be taken, and `check`
/// accepts every one; the text forms read back.
#[test]
fn ammo_drop_and_stimulants_are_proposed_accepted_and_read_back() {
    use dust_core::field::Stimulant;
    let mut g = Builder::default()
        .unit(Side::A, hq(&ALL), &hq_at(&ALL), 0)
        .unit(Side::A, rangers_with_bazooka(), &[(55.0, 28.0), (58.0, 28.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(4);
    g.set_ammo_left(1, 2, 0);
    activate(&mut g, 0, &[Special, Nothing]);
    let c = g.candidates(64);
    for d in [
        Decision::Special(Special::AmmoDrop(1)),
        Decision::Special(Special::Stimulants(1, Stimulant::Attack)),
        Decision::Special(Special::Stimulants(1, Stimulant::Move)),
    ] {
        assert!(c.contains(&d), "{d} in {c:?}");
    }
    for d in &c {
        g.check(d).unwrap();
        assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(d));
    }
}

// ----- COMMAND VEHICLE -------------------------------------------------------------------------------

/// A half-track (Passengers (6)), a command vehicle or not.
fn carrier(command: bool) -> FieldCard {
    let mut c = vehicle_card(if command { "Command Car" } else { "Half-track" }, Locomotion::Tracked);
    c.bf.passengers = 6;
    if command {
        c.bf.skills.push(dust_core::unit::BattlefrontSkill::CommandVehicle);
    }
    c
}

/// The carrier (unit 0) at (50, 20) with the HQ of `roles` aboard (unit 1), Rangers (unit 2) at
/// `rangers`, a hero (unit 3) beside the carrier, side B far away.
fn mounted_hq(command: bool, roles: &[Role], rangers: (f64, f64), seed: u64) -> FieldGame {
    Builder::default()
        .unit(Side::A, carrier(command), &[(50.0, 20.0)], 0)
        .unit(Side::A, hq(roles), &hq_at(roles), 0)
        .aboard(0)
        .unit(Side::A, squad_card("Rangers", 2), &[rangers, (rangers.0 + 3.0, rangers.1)], 0)
        .unit(Side::A, hero_card("Sarge"), &[(50.0, 30.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .unit(Side::B, squad_card("Scouts", 1), &[(10.0, 110.0)], 180)
        .game(seed)
}

/// Activates the Rangers (unit 2) for two NOTHING actions, then one of side B's units, then the
/// mounted HQ (unit 1) with `plan`.
fn hq_after_rangers(g: &mut FieldGame, plan: &[Action]) {
    activate(g, 2, &[Nothing, Nothing]);
    rest_one(g, Side::B);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(plan.to_vec())).unwrap();
}

/// "COMMAND VEHICLE": "A command vehicle provides any command squad mounted in it with an
/// additional Radio Operator." An Officer without a Radio Operator, mounted in a command
/// vehicle, reaches any unit on the board; mounted in another vehicle he reaches range 2 of it
/// (the vehicle's hull: docs/rulings.md, "Battlefield: command squads").
#[test]
fn a_command_vehicle_gives_its_command_squad_a_radio_operator() {
    let roles = [Role::Officer, Role::Medic];
    for (command, far_ok) in [(false, false), (true, true)] {
        let mut g = mounted_hq(command, &roles, (150.0, 60.0), 1);
        hq_after_rangers(&mut g, &[Special, Nothing]);
        let r = g.check(&Decision::Special(Special::GetMoving(2)));
        assert_eq!(r.is_ok(), far_ok, "command vehicle {command}: {r:?}");
        if let Err(e) = r {
            assert!(e.reason.contains("range 2"), "{e}");
        }
        // Within range 2 of the hull (the soldiers aboard stand nowhere), either way.
        let mut g = mounted_hq(command, &roles, (50.0, 35.0), 1);
        hq_after_rangers(&mut g, &[Special, Nothing]);
        g.check(&Decision::Special(Special::GetMoving(2))).unwrap();
        // The Medic aboard treats the hero beside the hull; the generator's list is all accepted.
        g.set_health(3, 1);
        g.check(&Decision::Special(Special::GetUp(3))).unwrap();
        let c = g.candidates(64);
        assert!(c.contains(&Decision::Special(Special::GetUp(3))), "{c:?}");
        for d in &c {
            g.check(d).unwrap();
        }
    }
}

/// "In addition, Officers, Mechanics, and Medics mounted in a command vehicle can re-roll failed
/// Command squad special actions": a failed die is rolled again (MAKESHIFT REPAIR's failed dice
/// among its five), in a command vehicle only.
#[test]
fn specialists_in_a_command_vehicle_reroll_failed_special_actions() {
    let (mut rerolled, mut plain) = (0, 0);
    for seed in 0..40 {
        for command in [false, true] {
            let mut g = mounted_hq(command, &ALL, (50.0, 35.0), seed);
            g.set_health(3, 1);
            g.set_health(0, 1);
            hq_after_rangers(&mut g, &[Special, Special]);
            let e = g.events().len();
            g.apply(Decision::Special(Special::GetUp(3))).unwrap();
            let r = rolls_since(&g, e);
            let first = r[0];
            assert_eq!((first.0, first.1), (Purpose::Command, 1));
            if first.2 == 0 && command {
                assert_eq!(r.len(), 2, "the failed die is re-rolled: {r:?}");
                assert_eq!((r[1].0, r[1].1), (Purpose::Reroll, 1));
                assert_eq!(g.units()[3].health, 1 + r[1].2 as u8);
                rerolled += 1;
            } else {
                assert_eq!(r.len(), 1, "no re-roll (a success, or no command vehicle): {r:?}");
                assert_eq!(g.units()[3].health, 1 + first.2 as u8);
                plain += 1;
            }
            // MAKESHIFT REPAIR of the carrier itself: the failed dice of the five again.
            let e = g.events().len();
            g.apply(Decision::Special(Special::Repair(0))).unwrap();
            let r = rolls_since(&g, e);
            assert_eq!((r[0].0, r[0].1), (Purpose::Command, 5));
            let back = if command && r[0].2 < 5 {
                assert_eq!((r[1].0, r[1].1), (Purpose::Reroll, 5 - r[0].2), "{r:?}");
                r[0].2 + r[1].2
            } else {
                assert_eq!(r.len(), 1, "{r:?}");
                r[0].2
            };
            assert_eq!(g.units()[0].health, (1 + back as u8).min(4));
        }
    }
    assert!(rerolled > 0 && plain > 0);
}

// ----- REINFORCEMENT, REPLACEMENT VEHICLE ------------------------------------------------------------

/// Side A: the HQ (unit 0, Officer and Medic) at y = 20, Rangers (unit 1, 2 soldiers) and a Tank
/// (unit 2) both eliminated before the game goes on, and a deployment area along side A's edge
/// (y = 0); side B far away.
fn after_losses(seed: u64) -> FieldGame {
    let mut g = Builder::default()
        .deployment(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 30.0), (0.0, 30.0)])
        .unit(Side::A, hq(&[Role::Officer, Role::Medic]), &[(50.0, 20.0), (53.0, 20.0)], 0)
        .unit(Side::A, squad_card("Rangers", 2), &[(90.0, 60.0), (93.0, 60.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(120.0, 60.0)], 0)
        .unit(Side::A, hero_card("Sarge"), &[(60.0, 25.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(seed);
    g.eliminate_unit(1);
    g.eliminate_unit(2);
    g.eliminate_unit(3);
    g
}

/// "Reinforcements": "A unit with an Officer may take a REINFORCEMENT action. Roll a die: on ☒,
/// select an infantry squad or support weapon (but not a hero) that has been eliminated, and call
/// up a replacement unit as reinforcements. The Command Squad's activation immediately ends, and
/// the reinforcing unit activates … The reinforcing unit enters the game in the same way as
/// reserves, moving on from the edge of the board. If the reinforcing unit is eliminated a second
/// time, it counts as another unit eliminated when determining victory. Once an Officer has succeeded in calling up
/// reinforcements, the player cannot use the REINFORCEMENT action again."
#[test]
fn reinforcements_bring_an_eliminated_squad_back_from_the_edge_once() {
    let mut succeeded = false;
    for seed in 0..30 {
        let mut g = after_losses(seed);
        activate(&mut g, 0, &[Special, Move]);
        let e = g.check(&Decision::Special(Special::Reinforce(3))).expect_err("a hero");
        assert!(e.reason.contains("hero"), "{e}");
        let e = g.check(&Decision::Special(Special::Reinforce(2))).expect_err("a vehicle");
        assert!(e.reason.contains("REPLACEMENT VEHICLE"), "{e}");
        let from = g.events().len();
        g.apply(Decision::Special(Special::Reinforce(1))).unwrap();
        let r = rolls_since(&g, from);
        assert_eq!((r[0].0, r[0].1), (Purpose::Command, 1));
        if r[0].2 == 0 {
            assert!(g.units()[1].destroyed, "a failure brings nothing back");
            assert_eq!(g.acting(), Some(0), "the HQ goes on with its MOVE");
            continue;
        }
        succeeded = true;
        // The Rangers are back at full strength and activate now, moving on from the edge.
        assert!(!g.units()[1].destroyed);
        assert_eq!(g.units()[1].models.len(), 2);
        assert_eq!(g.acting(), Some(1));
        let c = g.candidates(8);
        let place = c
            .iter()
            .find(|d| matches!(d, Decision::Place(p) if !p.is_empty()))
            .expect("a placing at the edge")
            .clone();
        for d in &c {
            g.check(d).unwrap();
        }
        g.apply(place).unwrap();
        let e = g.check(&Decision::Plan(vec![Nothing, Nothing])).expect_err("it moves on first");
        assert!(e.reason.contains("MOVE"), "{e}");
        g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
        // "If the reinforcing unit is eliminated a second time, it counts as another unit
        // eliminated when determining victory": its points count for side B again.
        let before = g.destroyed_ap().b;
        g.eliminate_unit(1);
        assert_eq!(g.destroyed_ap().b, before + g.card(1).card.ap);
        // Never again for this player.
        let mut h = after_losses(seed);
        h.set_called_up(Side::A, true, false);
        activate(&mut h, 0, &[Special, Move]);
        let e = h.check(&Decision::Special(Special::Reinforce(1))).expect_err("once a game");
        assert!(e.reason.contains("again"), "{e}");
        break;
    }
    assert!(succeeded);
}

/// "Replacement Vehicle": "Roll a die: on ☒, select an eliminated vehicle, remove it and call up a
/// replacement. The command squad's activation immediately ends, and the replacement vehicle
/// activates." Its wreck leaves the table.
#[test]
fn a_replacement_vehicle_removes_the_wreck_and_moves_on() {
    let mut succeeded = false;
    for seed in 0..30 {
        let mut g = after_losses(seed);
        let wrecks = g.table().terrain.len();
        activate(&mut g, 0, &[Special, Move]);
        let e = g.check(&Decision::Special(Special::ReplaceVehicle(1))).expect_err("a squad");
        assert!(e.reason.contains("vehicle"), "{e}");
        let from = g.events().len();
        g.apply(Decision::Special(Special::ReplaceVehicle(2))).unwrap();
        if rolls_since(&g, from)[0].2 == 0 {
            assert_eq!(g.table().terrain.len(), wrecks);
            continue;
        }
        succeeded = true;
        assert_eq!(g.table().terrain.len(), wrecks - 1, "the wreck is removed");
        assert!(!g.units()[2].destroyed);
        assert_eq!(g.units()[2].health, 4);
        assert_eq!(g.acting(), Some(2));
        let c = g.candidates(8);
        let d = c
            .iter()
            .find(|d| matches!(d, Decision::Place(p) if !p.is_empty()))
            .expect("a placing")
            .clone();
        g.apply(d).unwrap();
        // The text forms read back.
        for d in [
            Decision::Special(Special::Reinforce(1)),
            Decision::Special(Special::ReplaceVehicle(2)),
        ] {
            assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(&d));
        }
        break;
    }
    assert!(succeeded);
}
