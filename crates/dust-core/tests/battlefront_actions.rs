//! Battlefront activations of three actions: the Ace Pilot's die, the plans of three actions
//! within the book's limits, the third action carried out, and where a reactive attack comes.
//! Each test names the section of tactics-battlefront-2013-rules.txt it checks; dice are
//! scripted (successes per roll), so every test is deterministic. The seed has no worked
//! example of three actions.

use dust_core::game::tests_support::{
    battlefront, hero_card, infantry, legal, open_game, placed, play_randomly, rifle, sq, vehicle_card, Table, R6,
};
use dust_core::game::{Action, Decision, Event, Game, GameSetup, Pending, Plan, RollPurpose, UnitId};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontSkill, BattlefrontWeapon};
use dust_core::{GameRng, Side, UnitCard, UnitKind};
use std::sync::Arc;

/// A vehicle of one square, movement 1, with one gun of two dice that fires all round.
fn tank() -> Arc<UnitCard> {
    Arc::new(vehicle_card("Tank", 4, vec![rifle("Gun", R6, 2)]))
}

fn pilot_card() -> Arc<UnitCard> {
    Arc::new(hero_card("Ace", 3, Vec::new()))
}

/// A pilot's battlefront card: Vehicle Pilot, and Ace Pilot if `ace`.
fn pilot_bf(ace: bool) -> Arc<BattlefrontCard> {
    let mut skills = vec![BattlefrontSkill::VehiclePilot];
    if ace {
        skills.push(BattlefrontSkill::AcePilot);
    }
    Arc::new(BattlefrontCard {
        skills,
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    })
}

/// u0 the tank of side A on C2 piloted by u1 (an Ace Pilot if `ace`), u2 rifles of side B on
/// C6 (range four), u3 rifles of side B on A8 (out of reactive range).
fn setup(ace: bool, side: Side) -> GameSetup {
    let mut pilot = placed(&pilot_card(), side, "C2");
    pilot.battlefront = Some(pilot_bf(ace));
    pilot.joins = Some(0);
    let mut units = vec![
        placed(&tank(), side, "C2"),
        pilot,
        placed(&infantry("Rifles", 3), side.other(), "C6"),
        placed(&infantry("Rifles", 3), side.other(), "A8"),
    ];
    units[2].at = Some(sq("C6"));
    battlefront(open_game(6, 8, units))
}

fn plans(t: &Table) -> Vec<Plan> {
    t.game
        .legal_decisions()
        .into_iter()
        .filter_map(|d| if let Decision::Plan(p) = d { Some(p) } else { None })
        .collect()
}

/// Side A activates the tank; the Ace Pilot's die shows `symbols` army symbols.
fn activate_ace(symbols: u16) -> Table {
    let mut t = Table::new(setup(true, Side::A));
    t.initiative(Side::A);
    t.decide("activate u0");
    let r = t.game.pending_roll().expect("the Ace Pilot's die");
    assert_eq!((r.dice, r.success_faces, r.faces), (1, 2, 6), "one die, the army symbol");
    t.roll(1, symbols);
    t
}

fn reactive_attacks(g: &Game) -> usize {
    g.events().iter().filter(|e| matches!(e, Event::ReactiveAttack { .. })).count()
}

/// "Ace Pilot": "A Hero with the Ace Pilot skill rolls one die when a Vehicle or Aircraft that
/// they are piloting activates. If the result is a [symbol], the Vehicle or Aircraft has three
/// actions for this activation." Without the symbol the plans are the two-action ones; with it
/// every plan has three actions; a pilot without the skill rolls nothing.
#[test]
fn an_ace_pilot_rolls_one_die_for_a_third_action() {
    let two = activate_ace(0);
    assert!(plans(&two).iter().all(|p| !matches!(p, Plan::Three(..))), "{:?}", legal(&two));
    assert!(plans(&two).contains(&Plan::Two(Action::Move, Action::Attack)));
    let rolled = two.game.events().iter().any(|e| {
        matches!(
            e,
            Event::Rolled {
                purpose: RollPurpose::AcePilot,
                dice: 1,
                successes: 0
            }
        )
    });
    assert!(rolled, "the die is in the log");

    let three = activate_ace(1);
    let p = plans(&three);
    assert!(!p.is_empty() && p.iter().all(|p| matches!(p, Plan::Three(..))), "{p:?}");
    for want in [
        "move move attack",
        "attack move move",
        "move attack nothing",
        "attack attack move",
        "move attack attack",
        "nothing nothing nothing",
    ] {
        assert!(
            legal(&three).contains(&format!("plan {want}")),
            "{want} not offered: {:?}",
            legal(&three)
        );
    }

    // A pilot without Ace Pilot: no die, two actions.
    let mut t = Table::new(setup(false, Side::A));
    t.initiative(Side::A);
    t.decide("activate u0");
    assert!(t.game.pending_roll().is_none());
    assert!(plans(&t).contains(&Plan::Two(Action::Move, Action::Move)));
}

/// "Activating a Unit": "A unit can perform any combination of actions except two Move actions
/// or two Attack actions. A unit must take a March Move action instead of two Move actions, or
/// a Sustained Attack action instead of two Attack actions"; "No More Than Three Actions": "a
/// unit can never perform more than three actions during an activation". A March Move and a
/// Sustained Attack use two actions each, so they never come together; a Move never comes on
/// both sides of another action.
#[test]
fn three_actions_never_hold_two_moves_or_two_attacks() {
    use Action::{Attack, Move, Nothing};
    let t = activate_ace(1);
    let p = plans(&t);
    for bad in [
        Plan::Three(Move, Attack, Move),
        Plan::Three(Attack, Move, Attack),
        Plan::Three(Move, Move, Move),
        Plan::Three(Attack, Attack, Attack),
        Plan::Three(Move, Nothing, Move),
    ] {
        assert!(!p.contains(&bad), "{bad} offered");
        let Plan::Three(a, b, c) = bad else { unreachable!() };
        assert!(!Plan::three_allowed(a, b, c));
    }
    for q in &p {
        let Plan::Three(a, b, c) = *q else { unreachable!() };
        assert!(Plan::three_allowed(a, b, c), "{q}");
        // The tank has no Special action to take.
        assert!(!q.actions().contains(&Action::Skill), "{q}");
    }
    // Every allowed sequence of Move, Attack and Nothing is offered (the tank can attack from
    // where it stands).
    let kinds = [Move, Attack, Nothing];
    let mut n = 0;
    for a in kinds {
        for b in kinds {
            for c in kinds {
                if Plan::three_allowed(a, b, c) {
                    n += 1;
                    assert!(p.contains(&Plan::Three(a, b, c)), "{} missing", Plan::Three(a, b, c));
                }
            }
        }
    }
    assert_eq!(p.len(), n);
    // Refused when not offered.
    let mut t = activate_ace(1);
    assert!(t.game.apply("plan move attack move".parse().expect("text")).is_err());
    assert!(t.game.apply("plan move attack".parse().expect("text")).is_err());
}

/// "Ace Pilot" … "three actions for this activation": the third action is carried out — a
/// March Move of two legs and then an Attack from where it ends; the Sustained Attack and a
/// Move after it.
#[test]
fn the_third_action_is_carried_out() {
    // March Move, then Attack: the attack comes from C4 (the reactive attack before it fails).
    let mut t = activate_ace(1);
    t.declare("march attack", &["C3", "C4"], &[(0, "u2", 0)], &[]);
    assert_eq!(legal(&t), ["react none", "react u2"]);
    t.decide("react none");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C4")));
    let fired = t.game.events().iter().any(|e| matches!(e, Event::Fired { .. }));
    assert!(fired || t.pending_dice() == Some(2), "{:?}", t.tail(6));
    t.roll(2, 0);
    assert!(t.game.unit(UnitId(0)).activated);

    // Sustained Attack, then Move: two dice, the misses rerolled, then the Move.
    let mut t = activate_ace(1);
    t.declare("sustained move", &["C1"], &[(0, "u2", 0)], &[]);
    t.roll(2, 0);
    t.roll(2, 1);
    // The rifles' save fails.
    while t.game.pending_roll().is_some() {
        t.roll(t.pending_dice().expect("a roll"), 0);
    }
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C1")), "{:?}", t.tail(8));
    assert_eq!(t.game.unit(UnitId(2)).health, 2, "one hit, one rifleman");
    assert_eq!(reactive_attacks(&t.game), 0);
}

/// "Reacting to Extra Actions": "Some special rules allow units to perform three actions when
/// they activate. If a unit makes a Reactive Attack against such a unit, the Reactive Attack
/// action will occur immediately before the last action of the three." Against Attack + March
/// Move that is between the legs of the March Move; against Move + Nothing + Attack, before the
/// Attack.
#[test]
fn a_reactive_attack_comes_before_the_third_action() {
    let mut t = activate_ace(1);
    t.declare("attack march", &["C3", "C4"], &[(0, "u2", 0)], &[]);
    t.roll(2, 0);
    // After the Attack and the first leg: C3, not yet C4.
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C3")));
    assert_eq!(legal(&t), ["react none", "react u2"]);
    t.decide("react u2");
    t.roll(2, 0); // no army symbol: the reacting unit does nothing
    assert_eq!(reactive_attacks(&t.game), 1);
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("C4")), "the third action follows");
    let moved = t
        .game
        .events()
        .iter()
        .rposition(|e| matches!(e, Event::Moved(UnitId(0), _)))
        .expect("moved");
    let reacted = t
        .game
        .events()
        .iter()
        .position(|e| matches!(e, Event::ReactiveAttack { .. }))
        .expect("reacted");
    assert!(reacted < moved);

    // Move, Nothing, Attack: the reaction (an Attack on a single army symbol) before the Attack.
    let mut t = activate_ace(1);
    t.declare("move nothing attack", &["C3"], &[(0, "u2", 0)], &[]);
    assert!(!t.game.events().iter().any(|e| matches!(e, Event::Fired { unit: UnitId(0), .. })));
    t.decide("react u2");
    t.roll(2, 1);
    t.declare("attack nothing", &[], &[(0, "u0", 0)], &[]);
    let n = t.pending_dice().expect("the rifles fire");
    t.roll(n, 0);
    assert_eq!(t.pending_dice(), Some(2), "now the tank's Attack: {:?}", t.tail(6));
    t.roll(2, 0);
    assert!(t.game.unit(UnitId(0)).activated);
}

/// "No Reacting to a Nothing Action" ("as its second action") and "No Reacting to a Sustained
/// Attack Action", carried over to three actions (docs/rulings.md, "Battlefront three actions"):
/// no reaction when the last of the three actions is Nothing, nor against a plan with a
/// Sustained Attack.
#[test]
fn no_reaction_before_a_last_nothing_or_with_a_sustained_attack() {
    for (plan, moves) in [("march nothing", &["C3", "C4"][..]), ("move sustained", &["C3"][..])] {
        let mut t = activate_ace(1);
        t.declare(plan, moves, &[(0, "u2", 0)], &[]);
        loop {
            assert!(!legal(&t).iter().any(|d| d.starts_with("react")), "{plan}: {:?}", legal(&t));
            match t.game.pending() {
                Pending::Chance(_) => t.game.apply_roll(0),
                _ => break,
            }
        }
        assert!(t.game.unit(UnitId(0)).activated, "{plan}");
        assert_eq!(t.game.unit(UnitId(0)).at, moves.last().map(|s| sq(s)), "{plan}");
        assert_eq!(reactive_attacks(&t.game), 0, "{plan}");
    }
}

/// "Ace Pilot" rolls "when a Vehicle or Aircraft that they are piloting activates": a reactive
/// attack's actions are set by its own two dice, so no Ace Pilot die is rolled for it
/// (docs/rulings.md, "Battlefront three actions").
#[test]
fn no_ace_pilot_die_in_a_reactive_attack() {
    // Side B has the tank now; side A's rifles (u2) move within range and the tank reacts.
    let mut t = Table::new(setup(true, Side::B));
    t.initiative(Side::A);
    t.activate(2, "move attack", &["C5"], &[(0, "u0", 0)], &[]);
    assert_eq!(legal(&t), ["react none", "react u0"]);
    t.decide("react u0");
    let r = t.game.pending_roll().expect("the reactive dice");
    assert_eq!(r.dice, 2, "the two reactive dice, no Ace Pilot die");
}

/// Random battlefront games with an Ace Pilot end, every offered decision legal and its text
/// read back, and the three-action plans are offered and taken; the tank is also a large and a
/// huge vehicle and a large aircraft (which must move first).
#[test]
fn random_games_with_an_ace_pilot_end() {
    let kinds = [
        None,
        Some(BattlefrontKind::LargeVehicle),
        Some(BattlefrontKind::HugeVehicle),
        Some(BattlefrontKind::LargeAircraft),
    ];
    let mut threes = 0;
    for seed in 0..16u64 {
        let mut s = setup(true, if seed % 2 == 0 { Side::A } else { Side::B });
        if let Some(kind) = kinds[(seed / 2 % 4) as usize] {
            s.units[0].battlefront = Some(Arc::new(BattlefrontCard {
                kind: Some(kind),
                weapons: vec![BattlefrontWeapon::default()],
                ..BattlefrontCard::default()
            }));
            if kind == BattlefrontKind::LargeAircraft {
                let mut c = (*s.units[0].card).clone();
                c.kind = UnitKind::Aircraft;
                s.units[0].card = Arc::new(c);
            }
        }
        let mut g = Game::new(s).expect("setup");
        let mut rng = GameRng::new(seed);
        play_randomly(&mut g, &mut rng, 100_000, &format!("seed {seed}"), |g, _, pick| {
            if let Decision::Plan(Plan::Three(a, ..)) = pick {
                threes += 1;
                let u = g.declaring().expect("a unit declares");
                if g.unit(u).card.kind == UnitKind::Aircraft {
                    assert_eq!(a, Action::Move, "Aircraft Must Move");
                }
            }
        });
    }
    assert!(threes > 0, "a three-action plan was taken");
}
