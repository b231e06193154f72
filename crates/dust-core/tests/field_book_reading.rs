//! An independent reading of Dust Battlefield's rules flow (issue 24): each test was written from
//! the words of tactics-battlefield-summary.md ("the book") before the rule bodies of
//! `dust_core::field` were read, using only the module's public API and its test helpers. Each
//! test names the section it reads and asserts the outcome the book states.
//!
//! Dice are the engine's seeded dice: a test about a roll plays the same position over a fixed
//! set of seeds and checks every outcome that came up (and that each outcome it is about did come
//! up, so no test passes without having seen its case). Rates of saves are checked over a few
//! hundred dice against bounds far from the other reading (2 faces in 6 against 4 in 6).

use dust_core::field::tests_support::{activate, aircraft_card, hero_card, rolls, settle, squad_card, vehicle_card, weapon, Builder};
use dust_core::field::{Action, Aim, Decision, Event, FieldCard, FieldGame, MiniMove, Pending, Purpose, Tokens};
use dust_core::unit::Locomotion;
use dust_core::Side;
use dust_geom::exact::Pt;
use dust_geom::table::TerrainKind;

use Action::*;

const SEEDS: u64 = 60;

/// A squad of `n` soldiers whose rifle (line 0) has range `range` and rolls `dice` dice per
/// soldier; line 1 is the knife (C, 1 die).
fn squad(name: &str, n: u8, range: u8, dice: u8) -> FieldCard {
    let mut c = squad_card(name, n);
    c.card.weapons[0] = weapon("Rifle", Some(range), dice);
    c
}

/// `n` points in a row from (x, y), 3 cm apart (bases are 2.5 cm across).
fn row(n: usize, x: f64, y: f64) -> Vec<(f64, f64)> {
    (0..n).map(|i| (x + 3.0 * i as f64, y)).collect()
}

fn aim(line: u8, target: usize) -> Aim {
    Aim { line, target, at: None }
}

fn total(r: &[(u16, u16)]) -> (u32, u32) {
    r.iter().fold((0, 0), |(d, s), &(a, b)| (d + u32::from(a), s + u32::from(b)))
}

/// Moves every miniature of unit `u` by (dx, dy) cm in a straight line.
fn shift(g: &FieldGame, u: usize, dx: f64, dy: f64) -> Decision {
    let minis = g.table().units[u]
        .minis
        .iter()
        .enumerate()
        .map(|(i, m)| MiniMove {
            mini: i,
            to: m.body.centre().add(Pt::cm(dx, dy)),
            via: Vec::new(),
        })
        .collect();
    Decision::Move { minis, facing: None }
}

/// Moves miniature `i` of unit `u` to (x, y) cm.
fn put(i: usize, x: f64, y: f64) -> Decision {
    Decision::Move {
        minis: vec![MiniMove {
            mini: i,
            to: Pt::cm(x, y),
            via: Vec::new(),
        }],
        facing: None,
    }
}

// ----- ROLL FOR INITIATIVE -----------------------------------------------------------------------

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "Each player rolls 3 dice. The player
/// who rolled the most (👤) wins the initiative and chooses which player goes first. On a tie,
/// whoever rolled the most (👤) [the second symbol, the target: docs/rulings.md] wins the
/// initiative. On a further tie, both players re-roll."
#[test]
fn initiative_three_dice_most_army_symbols_then_targets_then_reroll() {
    let (mut ties, mut rerolls) = (0, 0);
    for seed in 0..200 {
        let g = Builder::default()
            .unit(Side::A, squad("A", 1, 3, 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 100.0)], 180)
            .game(seed);
        let mut round: Vec<(Purpose, u16, u16)> = Vec::new();
        let mut winner = None;
        for e in g.events() {
            match e {
                Event::Rolled { purpose, dice, successes } => round.push((*purpose, *dice, *successes)),
                Event::InitiativeWon(s) => {
                    winner = Some(*s);
                    break;
                }
                _ => {}
            }
        }
        let winner = winner.expect("someone wins the initiative");
        // Split into rounds of the two sides' 3 dice each.
        let army: Vec<_> = round.iter().filter(|r| matches!(r.0, Purpose::Initiative(_))).collect();
        let targets: Vec<_> = round.iter().filter(|r| matches!(r.0, Purpose::InitiativeTargets(_))).collect();
        assert!(army.iter().all(|r| r.1 == 3), "each player rolls 3 dice: {round:?}");
        assert_eq!(army.len() % 2, 0);
        let last = &army[army.len() - 2..];
        let of = |s: Side, v: &[&(Purpose, u16, u16)]| {
            v.iter()
                .rev()
                .find(|r| r.0 == Purpose::Initiative(s) || r.0 == Purpose::InitiativeTargets(s))
                .map(|r| r.2)
        };
        let (a, b) = (of(Side::A, last).unwrap(), of(Side::B, last).unwrap());
        if a != b {
            assert_eq!(winner, if a > b { Side::A } else { Side::B }, "seed {seed}: most army symbols wins");
        } else {
            ties += 1;
            let (ta, tb) = (
                of(Side::A, &targets).expect("tie-break A"),
                of(Side::B, &targets).expect("tie-break B"),
            );
            assert_ne!(ta, tb, "seed {seed}: a further tie re-rolls");
            assert_eq!(
                winner,
                if ta > tb { Side::A } else { Side::B },
                "seed {seed}: most targets wins a tie"
            );
        }
        if army.len() > 2 {
            rerolls += 1;
        }
        assert_eq!(g.pending(), Pending::Decision(winner), "the winner chooses who goes first");
    }
    assert!(ties > 10, "ties came up ({ties})");
    assert!(rerolls > 0, "a further tie came up and was re-rolled");
}

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": the winner "chooses which player goes
/// first"; "If a player has fewer units … that have yet to activate than their opponent, they may
/// elect to pass rather than activate a unit."
#[test]
fn the_winner_chooses_who_goes_first_and_only_the_side_with_fewer_units_may_pass() {
    let b = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 100.0)], 180)
        .unit(Side::B, squad("B2", 1, 3, 1), &[(120.0, 100.0)], 180);
    for first in [Side::A, Side::B] {
        let mut g = b.clone().game(7);
        g.apply(Decision::First(first)).expect("the winner chooses either side");
        assert_eq!(g.pending(), Pending::Decision(first));
        let pass = g.check(&Decision::Pass);
        if first == Side::A {
            assert!(pass.is_ok(), "A has 1 unit to activate against B's 2: may pass");
        } else {
            assert!(pass.is_err(), "B has 2 units to activate against A's 1: may not pass");
        }
    }
}

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "Players alternate activating their
/// units. If a player has activated all of their units and the other player still has units to
/// activate, the other player continues activating their units until all of them have been
/// activated."
#[test]
fn players_alternate_then_the_side_with_units_left_continues() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(20.0, 20.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(160.0, 110.0)], 180)
        .unit(Side::B, squad("B2", 1, 3, 1), &[(120.0, 110.0)], 180)
        .unit(Side::B, squad("B3", 1, 3, 1), &[(80.0, 110.0)], 180)
        .game(3);
    g.apply(Decision::First(Side::B)).unwrap();
    let mut order = Vec::new();
    for _ in 0..4 {
        let Pending::Decision(s) = g.pending() else { panic!("game over") };
        order.push(s);
        let u = (0..4).find(|&u| g.units()[u].side == s && !g.units()[u].activated).unwrap();
        g.apply(Decision::Activate(u)).unwrap();
        g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        settle(&mut g);
    }
    assert_eq!(order, vec![Side::B, Side::A, Side::B, Side::B]);
    assert_eq!(g.turn(), 2, "once all units have been activated, a new turn begins");
}

// ----- ACTIONS -----------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "An activated unit performs 2 actions";
/// "must take a MARCH MOVE action instead of 2 MOVE actions, or a SUSTAINED ATTACK action instead
/// of 2 ATTACK actions"; "a unit can never perform more than 3 actions during an activation."
#[test]
fn two_actions_march_for_two_moves_sustained_for_two_attacks() {
    let b =
        Builder::default()
            .unit(Side::A, squad("A", 1, 3, 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 100.0)], 180);
    let mut g = b.game(1);
    if g.asks().starts_with("who goes first") {
        g.apply(Decision::First(Side::A)).unwrap();
    }
    g.apply(Decision::Activate(0)).unwrap();
    for bad in [
        vec![Move, Move],
        vec![Attack, Attack],
        vec![March, Move],
        vec![Sustained, Attack],
        vec![Move, Attack, Nothing],
        vec![March, Sustained],
    ] {
        assert!(g.check(&Decision::Plan(bad.clone())).is_err(), "{bad:?} is refused");
    }
    for good in [
        vec![March],
        vec![Sustained],
        vec![Move, Attack],
        vec![Attack, Move],
        vec![Nothing, Nothing],
    ] {
        assert!(g.check(&Decision::Plan(good.clone())).is_ok(), "{good:?} is allowed");
    }
}

/// tactics-battlefield-summary.md, "MOVE & MARCH MOVE ACTIONS": "Aircraft must take a MOVE or
/// MARCH MOVE action as their first action in each activation, unless they have the Helicopter
/// special rule."
#[test]
fn aircraft_move_first() {
    let mut g = Builder::default()
        .unit(Side::A, aircraft_card("Plane"), &[(50.0, 30.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 100.0)], 180)
        .game(1);
    if g.asks().starts_with("who goes first") {
        g.apply(Decision::First(Side::A)).unwrap();
    }
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.check(&Decision::Plan(vec![Attack, Move])).is_err());
    assert!(g.check(&Decision::Plan(vec![Sustained])).is_err());
    assert!(g.check(&Decision::Plan(vec![Nothing, Move])).is_err());
    assert!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok());
    assert!(g.check(&Decision::Plan(vec![March])).is_ok());
}

// ----- MOVE ----------------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "MOVE & MARCH MOVE ACTIONS": "Each point of Move rating equals
/// 10cm"; "A unit making a MARCH MOVE action doubles its Move rating".
#[test]
fn a_move_is_ten_cm_a_point_and_a_march_twice_that() {
    let b = Builder::default().unit(Side::A, squad("A", 1, 3, 1), &[(50.0, 20.0)], 0).unit(
        Side::B,
        squad("B", 1, 3, 1),
        &[(150.0, 100.0)],
        180,
    );
    let mut g = b.clone().game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&put(0, 50.0, 30.0)).is_ok(), "10 cm with Move 1");
    assert!(g.check(&put(0, 50.0, 30.5)).is_err(), "10.5 cm with Move 1");
    let mut g = b.game(1);
    activate(&mut g, 0, &[March]);
    assert!(g.check(&put(0, 50.0, 40.0)).is_ok(), "20 cm marching");
    assert!(g.check(&put(0, 50.0, 40.5)).is_err(), "20.5 cm marching");
}

/// tactics-battlefield-summary.md, "MOVE & MARCH MOVE ACTIONS": "Infantry units must end their
/// movement with all of their miniatures within 15cm (approximately 6") of every other miniature
/// in the unit"; "2. Check Range": "Measurements between infantry miniatures are made from the
/// base edges" (bases here are 2.5 cm across: 17 cm centre to centre is 14.5 cm).
#[test]
fn a_squad_ends_its_move_within_fifteen_cm_base_to_base() {
    let mut c = squad("A", 2, 3, 1);
    c.card.movement = 2;
    let b =
        Builder::default()
            .unit(Side::A, c, &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(150.0, 100.0)], 180);
    let mut g = b.game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&put(1, 67.0, 20.0)).is_ok(), "14.5 cm apart");
    assert!(g.check(&put(1, 68.0, 20.0)).is_err(), "15.5 cm apart");
}

/// tactics-battlefield-summary.md, "Terrain": "Miniatures can only move up to MOVE 2 (20cm/8") or
/// MARCH MOVE 4 (40cm/16") when moving into, through, or out of terrain features such as trees";
/// in the open the whole Move (here Move 3: 30 cm, marching 60 cm) may be used.
#[test]
fn into_terrain_a_move_is_capped_at_twenty_cm_and_a_march_at_forty() {
    let mut c = squad("A", 1, 3, 1);
    c.card.movement = 3;
    let b = Builder::default()
        .unit(Side::A, c, &[(70.0, 60.0)], 90)
        .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 110.0)], 180)
        .terrain(TerrainKind::Woods, &[(85.0, 40.0), (140.0, 40.0), (140.0, 80.0), (85.0, 80.0)]);
    let mut g = b.clone().game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&put(0, 89.0, 60.0)).is_ok(), "19 cm into the wood");
    assert!(g.check(&put(0, 95.0, 60.0)).is_err(), "25 cm into the wood");
    assert!(g.check(&put(0, 45.0, 60.0)).is_ok(), "25 cm in the open");
    let mut g = b.game(1);
    activate(&mut g, 0, &[March]);
    assert!(g.check(&put(0, 108.0, 60.0)).is_ok(), "38 cm marching into the wood");
    assert!(g.check(&put(0, 115.0, 60.0)).is_err(), "45 cm marching into the wood");
    assert!(g.check(&put(0, 15.0, 60.0)).is_ok(), "55 cm marching in the open");
}

// ----- ATTACKS -------------------------------------------------------------------------------------

/// Side A: a squad of `n` at y = 20 (x from 50), rifles of range `range` and `dice` dice; side B:
/// what `more` adds.
fn shooter(n: u8, range: u8, dice: u8) -> Builder {
    Builder::default().unit(Side::A, squad("Shooters", n, range, dice), &row(n as usize, 50.0, 20.0), 0)
}

/// tactics-battlefield-summary.md, "2. Check Range": "A weapon can only attack a target that is
/// within its range. Each point of a weapon's Range equals 10cm/4". Measure range from each
/// attacking miniature to the nearest miniature in the target unit. Measurements between infantry
/// miniatures are made from the base edges." A rifle of Range 3 reaches 30 cm, not 31.
#[test]
fn range_is_ten_cm_a_point_base_edge_to_base_edge() {
    for (gap, ok) in [(29.5, true), (30.0, true), (31.0, false)] {
        let mut g = shooter(1, 3, 1)
            .unit(Side::B, squad("Target", 1, 3, 1), &[(50.0, 20.0 + 2.5 + gap)], 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        assert_eq!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_ok(), ok, "gap {gap} cm");
    }
}

/// tactics-battlefield-summary.md, "2. Check Range": only "Mortars and other low-velocity artillery
/// have a minimum range and a maximum range separated by a dash": a rifle of Range 3 (no dash)
/// may fire at a unit 3 cm away, in base contact.
#[test]
fn a_weapon_without_a_dash_has_no_minimum_range() {
    let mut g = shooter(1, 3, 1)
        .unit(Side::B, squad("Target", 1, 3, 1), &[(50.0, 25.5)], 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    assert!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_ok(), "rifle at 3 cm");
}

/// tactics-battlefield-summary.md, "5. Roll to Hit": "Roll the number of dice indicated multiplied
/// by the number of miniatures firing that weapon, scoring a hit for each (👤). A unit taking a
/// SUSTAINED ATTACK action may re-roll all dice that failed to hit."
#[test]
fn dice_are_per_firing_miniature_and_a_sustained_attack_rerolls_the_misses() {
    let mut rerolled = 0;
    for seed in 0..20 {
        let mut g = shooter(4, 3, 2)
            .unit(Side::B, squad("Target", 10, 3, 1), &row(10, 40.0, 40.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Sustained]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        let hit = rolls(&g, n, Purpose::Hit);
        assert_eq!(total(&hit).0, 8, "4 soldiers x 2 dice");
        let (d, _) = total(&rolls(&g, n, Purpose::Reroll));
        assert_eq!(d, 8 - total(&hit).1, "seed {seed}: every die that missed is re-rolled");
        rerolled += d;
    }
    assert!(rerolled > 0);
}

/// A hedge (cover, no block) from x = `x0` to `x1`, between y = 39 and 41.
fn hedge(b: Builder, x0: f64, x1: f64) -> Builder {
    b.terrain(TerrainKind::Hedge, &[(x0, 39.0), (x1, 39.0), (x1, 41.0), (x0, 41.0)])
}

/// tactics-battlefield-summary.md, "6. Roll Saves": "An infantry unit is in cover from an
/// attacking miniature if at least half of the unit is in cover from that attacking miniature."
/// One attacker at (50, 20); four soldiers at y = 60; a hedge hides those at x ≤ 44 from it.
#[test]
fn half_the_squad_in_cover_puts_the_squad_in_cover() {
    for (xs, cover) in [
        ([38.0, 42.0, 56.0, 60.0], true),  // 2 of 4 hidden
        ([42.0, 56.0, 60.0, 53.0], false), // 1 of 4 hidden
        ([38.0, 42.0, 44.0, 58.0], true),  // 3 of 4 hidden
    ] {
        let pts: Vec<_> = xs.iter().map(|&x| (x, 60.0)).collect();
        let g = hedge(shooter(1, 6, 1), 20.0, 47.5)
            .unit(Side::B, squad("Target", 4, 3, 1), &pts, 180)
            .game(1);
        let odds = g.attack_odds(0, &[aim(0, 1)], false).expect("a legal attack");
        assert_eq!(odds.groups.len(), 1);
        assert_eq!(odds.groups[0].0.cover, cover, "soldiers at {xs:?}");
    }
}

/// tactics-battlefield-summary.md, "6. Roll Saves": "If a unit is in cover from some miniatures in
/// the attacking unit, but not from others, the attacking player needs to roll the combat dice
/// separately for those miniatures for which the target unit is in cover from those for which it
/// is not." Attacker 0 at (30, 20) sees the target through the hedge, attacker 1 at (44, 20)
/// past its end.
#[test]
fn dice_are_rolled_apart_for_attackers_the_target_is_in_cover_from() {
    let b = hedge(
        Builder::default().unit(Side::A, squad("Shooters", 2, 6, 3), &[(30.0, 20.0), (44.0, 20.0)], 0),
        10.0,
        45.0,
    )
    .unit(Side::B, squad("Target", 2, 3, 1), &[(50.0, 60.0), (53.0, 60.0)], 180);
    let g = b.clone().game(1);
    let odds = g.attack_odds(0, &[aim(0, 1)], false).expect("a legal attack");
    let mut groups: Vec<_> = odds.groups.iter().map(|(g, _, _)| (g.firers.clone(), g.cover, g.dice)).collect();
    groups.sort();
    assert_eq!(groups, vec![(vec![0], true, 3), (vec![1], false, 3)]);
    // The live roll rolls them apart: two rolls to hit of 3 dice.
    let mut g = b.game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    assert_eq!(rolls(&g, n, Purpose::Hit).iter().map(|r| r.0).collect::<Vec<_>>(), vec![3, 3]);
}

/// Save rate of `target` (unit 1) against side A's squad (unit 0) over the seeds: (dice, saved).
fn save_rate(b: &Builder, sustained: bool) -> (u32, u32, u32) {
    let (mut dice, mut saved, mut hits) = (0, 0, 0);
    for seed in 0..SEEDS {
        let mut g = b.clone().game(seed);
        activate(&mut g, 0, if sustained { &[Sustained] } else { &[Attack, Nothing] });
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        hits += total(&rolls(&g, n, Purpose::Hit)).1 + total(&rolls(&g, n, Purpose::Reroll)).1;
        let (d, s) = total(&rolls(&g, n, Purpose::Save));
        dice += d;
        saved += s;
    }
    (hits, dice, saved)
}

/// tactics-battlefield-summary.md, "6. Roll Saves": "If the target was an infantry unit in cover,
/// the target player rolls a die for each hit it took. Each ☒ or ☑ cancels 1 hit" (4 faces in 6);
/// "If the target was an infantry unit that does not get a cover save, it still gets an infantry
/// save … Each ☒ cancels 1 hit" (2 faces in 6).
#[test]
fn infantry_saves_four_in_six_in_cover_and_two_in_six_in_the_open() {
    let open = shooter(5, 6, 3).unit(Side::B, squad("Target", 10, 3, 1), &row(10, 40.0, 60.0), 180);
    let (hits, dice, saved) = save_rate(&open, false);
    assert_eq!(dice, hits, "a die for each hit");
    let rate = f64::from(saved) / f64::from(dice);
    assert!(dice > 300 && (0.23..0.44).contains(&rate), "infantry save: {saved}/{dice}");
    let covered = hedge(shooter(5, 6, 3), 0.0, 180.0).unit(Side::B, squad("Target", 10, 3, 1), &row(10, 40.0, 60.0), 180);
    let (hits, dice, saved) = save_rate(&covered, false);
    assert_eq!(dice, hits, "a die for each hit");
    let rate = f64::from(saved) / f64::from(dice);
    assert!(dice > 300 && (0.56..0.77).contains(&rate), "cover save: {saved}/{dice}");
}

/// tactics-battlefield-summary.md, "6. Roll Saves": "If the target was a vehicle unit in cover, the
/// target player rolls a die for each hit it took. Each ☒ cancels 1 hit"; a vehicle not in cover
/// has no save at all (the book gives vehicles no other save).
#[test]
fn vehicles_save_only_in_cover_two_in_six() {
    let tank = || vehicle_card("Tank", Locomotion::Tracked);
    let open = shooter(5, 6, 3).unit(Side::B, tank(), &[(60.0, 62.0)], 180);
    let (hits, dice, _) = save_rate(&open, false);
    assert!(hits > 100);
    assert_eq!(dice, 0, "no save out of cover");
    let covered = hedge(shooter(5, 6, 3), 0.0, 180.0).unit(Side::B, tank(), &[(60.0, 62.0)], 180);
    let (hits, dice, saved) = save_rate(&covered, false);
    assert_eq!(dice, hits, "a die for each hit");
    let rate = f64::from(saved) / f64::from(dice);
    assert!(dice > 300 && (0.23..0.44).contains(&rate), "vehicle cover save: {saved}/{dice}");
}

// ----- DAMAGE --------------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "7. Suffer Damage": "If there are no miniatures left in the unit
/// that are valid targets (in the weapon's field of fire, range, and LOS …), any remaining hits are
/// ignored." One target soldier is within the rifles' 30 cm, four are beyond them: the squad never
/// loses more than that one soldier.
#[test]
fn hits_beyond_the_miniatures_in_reach_are_ignored() {
    let mut many = 0;
    for seed in 0..30 {
        let mut g = shooter(4, 3, 5)
            .unit(
                Side::B,
                squad("Target", 5, 3, 1),
                &[(54.5, 48.0), (50.0, 60.0), (53.0, 60.0), (57.0, 60.0), (60.0, 60.0)],
                180,
            )
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let (_, saved) = total(&rolls(&g, n, Purpose::Save));
        if hits - saved >= 2 {
            many += 1;
        }
        settle(&mut g);
        let left: Vec<Pt> = g.table().units[1].minis.iter().map(|m| m.body.centre()).collect();
        assert!(left.len() >= 4, "seed {seed}: only the soldier in reach can fall");
        for x in [50.0, 53.0, 57.0, 60.0] {
            assert!(
                left.contains(&Pt::cm(x, 60.0)),
                "seed {seed}: the soldier at {x},60 is beyond reach"
            );
        }
    }
    assert!(many > 10, "attacks with 2+ unsaved hits came up ({many})");
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": "The player controlling the squad chooses
/// which miniatures hits are assigned to."
#[test]
fn the_owner_chooses_the_casualties() {
    for seed in 0..30 {
        let mut g = shooter(4, 6, 3)
            .unit(Side::B, squad("Target", 6, 3, 1), &row(6, 45.0, 45.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        if g.asks().starts_with("the miniatures lost") {
            assert_eq!(g.pending(), Pending::Decision(Side::B), "the target's owner chooses");
            return;
        }
    }
    panic!("no attack left a choice of casualties");
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": "Find the amount of damage to heroes,
/// vehicles, and aircraft by cross-referencing the weapon with the Armour rating of the target on
/// the weapons chart. The number after the slash is the amount of damage caused"; "Eliminated
/// vehicles are marked as wrecks and become a terrain feature".
#[test]
fn each_hit_on_a_vehicle_marks_off_the_number_after_the_slash_and_a_wreck_stays() {
    let mut wrecked = false;
    for seed in 0..20 {
        let mut c = squad("Gunners", 1, 6, 3);
        c.card.weapons[0].table.vehicle[2] = dust_core::unit::CombatValue::Dice { dice: 3, damage: 2 };
        let mut tank = vehicle_card("Tank", Locomotion::Tracked);
        tank.card.health = 4;
        let mut g = Builder::default()
            .unit(Side::A, c, &[(50.0, 20.0)], 0)
            .unit(Side::B, tank, &[(50.0, 45.0)], 180)
            .game(seed);
        let terrain = g.table().terrain.len();
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let lost = 4u8.saturating_sub(g.units()[1].health);
        let expect = (2 * hits).min(4) as u8;
        if g.units()[1].destroyed {
            assert!(expect >= 4);
            assert_eq!(g.table().terrain.len(), terrain + 1, "the wreck is terrain");
            wrecked = true;
        } else {
            assert_eq!(lost, expect, "seed {seed}: {hits} hits of 2 damage");
        }
    }
    assert!(wrecked, "a vehicle was wrecked in the sample");
}

// ----- CLOSE COMBAT --------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "Close Combat Weapons": "the attacking unit resolves its C weapon
/// attacks. Before those casualties are removed, the defending unit retaliates with its own C
/// weapons against the attacking unit"; "Units hit by C weapons do not get any cover or infantry
/// saves"; "4. Declare Targets": "Each surviving soldier in an infantry squad can only use 1 ranged
/// weapon and 1 close combat weapon in each ATTACK action". Three knives against three knives: 3
/// dice, then 3 dice back, whatever the first 3 did, and no saves.
#[test]
fn close_combat_is_answered_before_casualties_and_without_saves() {
    let mut hit_first = 0;
    for seed in 0..30 {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 3, 3, 1), &row(3, 50.0, 20.0), 0)
            .unit(Side::B, squad("B", 3, 3, 1), &row(3, 50.0, 25.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
        settle(&mut g);
        let hit = rolls(&g, n, Purpose::Hit);
        assert_eq!(hit.len(), 2, "seed {seed}: the attack and the retaliation: {hit:?}");
        assert_eq!(hit[0].0, 3);
        assert_eq!(hit[1].0, 3, "seed {seed}: all 3 defenders fight back, one C weapon each");
        if hit[0].1 > 0 {
            hit_first += 1;
        }
        assert!(rolls(&g, n, Purpose::Save).is_empty(), "no saves against C weapons");
        assert_eq!(g.units()[1].models.len(), 3 - hit[0].1.min(3) as usize);
        assert_eq!(g.units()[0].models.len(), 3 - hit[1].1.min(3) as usize);
    }
    assert!(hit_first > 5);
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "A unit with a Suppression token cannot fight,
/// including fighting back if attacked in close combat."
#[test]
fn a_suppressed_unit_does_not_fight_back() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 3, 3, 1), &row(3, 50.0, 20.0), 0)
        .unit(Side::B, squad("B", 3, 3, 1), &row(3, 50.0, 25.0), 180)
        .game(4);
    g.set_tokens(
        1,
        Tokens {
            under_fire: false,
            suppressed: true,
        },
    );
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
    settle(&mut g);
    assert_eq!(rolls(&g, n, Purpose::Hit).len(), 1, "only the attacker rolls");
    assert_eq!(g.units()[0].models.len(), 3);
}

/// tactics-battlefield-summary.md, "Close Combat Weapons": "A unit that took a SUSTAINED ATTACK
/// action must choose between using ranged weapons or C weapons. If it uses C weapons, the
/// defending unit retaliates with its C weapons as normal, but only performs a standard ATTACK
/// action."
#[test]
fn a_sustained_close_combat_is_answered_by_a_standard_attack() {
    let b = Builder::default().unit(Side::A, squad("A", 3, 3, 1), &row(3, 50.0, 20.0), 0).unit(
        Side::B,
        squad("B", 3, 3, 1),
        &row(3, 50.0, 25.0),
        180,
    );
    let mut g = b.clone().game(2);
    activate(&mut g, 0, &[Sustained]);
    assert!(
        g.check(&Decision::Attack(vec![aim(0, 1), aim(1, 1)])).is_err(),
        "ranged or C, not both"
    );
    for seed in 0..20 {
        let mut g = b.clone().game(seed);
        activate(&mut g, 0, &[Sustained]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
        settle(&mut g);
        let hit = rolls(&g, n, Purpose::Hit);
        let re = rolls(&g, n, Purpose::Reroll);
        assert_eq!(hit.len(), 2, "seed {seed}: attack and retaliation");
        // Only the attacker's misses are re-rolled.
        assert!(re.len() <= 1, "seed {seed}: the retaliation re-rolls nothing: {re:?}");
        if let Some(r) = re.first() {
            assert_eq!(r.0, 3 - hit[0].1, "seed {seed}: the attacker re-rolls its misses");
        }
    }
}

// ----- SUPPRESSION ---------------------------------------------------------------------------------

fn tokens(g: &FieldGame, u: usize) -> (bool, bool) {
    let t = g.units()[u].tokens;
    (t.under_fire, t.suppressed)
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "Any unit hit by an ATTACK or SUSTAINED ATTACK
/// action, even if the hits were saved, receives an Under Fire token. If it already has an Under
/// Fire token, it replaces it with a Suppression token instead." "A unit hit 10 times in a single
/// ATTACK or SUSTAINED ATTACK action, even if the hits were saved, receives a Suppression token
/// (removing any Under Fire token it may have had)."
#[test]
fn under_fire_then_suppressed_and_ten_hits_suppress_at_once() {
    let (mut few, mut ten, mut saved_all) = (0, 0, 0);
    for seed in 0..SEEDS {
        for (n, dice) in [(2u8, 1u8), (10, 3)] {
            let mut g = hedge(shooter(n, 6, dice), 0.0, 180.0)
                .unit(Side::B, squad("Target", 20, 3, 1), &row(20, 20.0, 60.0), 180)
                .game(seed);
            activate(&mut g, 0, &[Sustained]);
            let e = g.events().len();
            g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
            let hits = total(&rolls(&g, e, Purpose::Hit)).1 + total(&rolls(&g, e, Purpose::Reroll)).1;
            let (_, saved) = total(&rolls(&g, e, Purpose::Save));
            let got = tokens(&g, 1);
            if hits == 0 {
                assert_eq!(got, (false, false), "seed {seed}: not hit");
            } else if hits < 10 {
                few += 1;
                if saved == hits {
                    saved_all += 1;
                }
                assert_eq!(got, (true, false), "seed {seed}: {hits} hits (saved {saved}) give Under Fire");
            } else {
                ten += 1;
                assert_eq!(got, (false, true), "seed {seed}: {hits} hits suppress at once");
            }
        }
    }
    assert!(few > 10 && ten > 10 && saved_all > 0, "cases came up: {few} {ten} {saved_all}");
    // Already Under Fire: one hit more suppresses.
    let mut seen = false;
    for seed in 0..SEEDS {
        let mut g = shooter(2, 6, 1)
            .unit(Side::B, squad("Target", 5, 3, 1), &row(5, 45.0, 60.0), 180)
            .game(seed);
        g.set_tokens(
            1,
            Tokens {
                under_fire: true,
                suppressed: false,
            },
        );
        activate(&mut g, 0, &[Attack, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        if total(&rolls(&g, e, Purpose::Hit)).1 > 0 {
            assert_eq!(tokens(&g, 1), (false, true), "seed {seed}: Under Fire becomes Suppression");
            seen = true;
        }
    }
    assert!(seen);
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "If a unit has an Under Fire token when it
/// activates, roll 2 dice. If either die scores ☒, remove the token." "Any time a unit activates
/// while it has a Suppression token, roll 2 dice. If both dice score ☒, remove all Suppression
/// tokens from the unit. If only 1 die scores ☒, replace any Suppression tokens with an Under Fire
/// token instead. If the unit still has a Suppression token after rolling to remove it, the unit
/// must perform a NOTHING action as its first action."
#[test]
fn rolling_to_remove_under_fire_and_suppression_tokens() {
    let mut seen = [0; 5];
    for seed in 0..SEEDS {
        for suppressed in [false, true] {
            let mut g = shooter(1, 3, 1)
                .unit(Side::B, squad("B", 1, 3, 1), &[(150.0, 110.0)], 180)
                .game(seed);
            g.set_tokens(
                0,
                Tokens {
                    under_fire: !suppressed,
                    suppressed,
                },
            );
            if g.asks().starts_with("who goes first") {
                g.apply(Decision::First(Side::A)).unwrap();
            }
            let e = g.events().len();
            g.apply(Decision::Activate(0)).unwrap();
            let r = rolls(&g, e, Purpose::Rally);
            assert_eq!(r.len(), 1);
            assert_eq!(r[0].0, 2, "2 dice");
            let k = r[0].1;
            let got = tokens(&g, 0);
            if !suppressed {
                assert_eq!(got, (k == 0, false), "seed {seed}: Under Fire, {k} army symbols");
                seen[usize::from(k > 0)] += 1;
            } else {
                match k {
                    2 => {
                        assert_eq!(got, (false, false), "seed {seed}: both remove");
                        assert!(g.check(&Decision::Plan(vec![Attack, Move])).is_ok(), "free to act");
                    }
                    1 => {
                        assert_eq!(got, (true, false), "seed {seed}: one leaves Under Fire");
                        assert!(g.check(&Decision::Plan(vec![Attack, Move])).is_ok(), "Under Fire has no effect");
                    }
                    _ => {
                        assert_eq!(got, (false, true), "seed {seed}: none keeps the Suppression");
                        assert!(g.check(&Decision::Plan(vec![Move, Nothing])).is_err(), "NOTHING first");
                        assert!(g.check(&Decision::Plan(vec![Nothing, Move])).is_ok(), "then a Move");
                        assert!(g.check(&Decision::Plan(vec![Nothing, Attack])).is_err(), "cannot fight");
                    }
                }
                seen[2 + usize::from(k.min(2))] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every outcome came up: {seen:?}");
}

/// tactics-battlefield-summary.md, "HEROES": "Heroes cannot be suppressed, so never receive Under
/// Fire or Suppression tokens."
#[test]
fn heroes_take_no_tokens() {
    let mut hit = 0;
    for seed in 0..30 {
        let mut hero = hero_card("Hero");
        hero.card.health = 20;
        let mut g = shooter(10, 6, 3).unit(Side::B, hero, &[(60.0, 50.0)], 180).game(seed);
        activate(&mut g, 0, &[Sustained]);
        let e = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        if total(&rolls(&g, e, Purpose::Hit)).1 > 0 {
            hit += 1;
        }
        assert_eq!(tokens(&g, 1), (false, false), "seed {seed}");
    }
    assert!(hit > 20);
}

// ----- REACTIVE ATTACKS ----------------------------------------------------------------------------

/// Side A's squad (unit 0) far from side B's squad (unit 1), which stands `gap` cm away after A's
/// 10 cm move; a second A squad (unit 2) near B too.
fn reaction_table(gap: f64) -> Builder {
    Builder::default()
        .unit(Side::A, squad("A", 2, 6, 1), &[(50.0, 20.0), (53.0, 20.0)], 0)
        .unit(
            Side::B,
            squad("B", 2, 6, 1),
            &[(50.0, 30.0 + 2.5 + gap), (53.0, 30.0 + 2.5 + gap)],
            180,
        )
        .unit(
            Side::A,
            squad("A2", 2, 6, 1),
            &[(90.0, 30.0 + 2.5 + gap), (93.0, 30.0 + 2.5 + gap)],
            0,
        )
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "Once the opposing player has completed
/// their first action, you can declare that one of your units that has not yet activated, and that
/// is at range 4 (40cm/16") or less from the activating unit, will take a REACTIVE ATTACK action".
#[test]
fn a_reaction_is_offered_after_the_first_action_to_units_within_forty_cm() {
    for (gap, offered) in [(39.0, true), (41.0, false)] {
        let mut g = reaction_table(gap).game(5);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        if offered {
            assert_eq!(g.pending(), Pending::Decision(Side::B));
            assert_eq!(g.reactors(), vec![1]);
        } else {
            assert!(!g.asks().starts_with("a reactive attack"), "gap {gap}: {}", g.asks());
        }
    }
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "On ☒☒, the unit succeeds and will activate
/// for either a SUSTAINED ATTACK action, or a MOVE action followed by an ATTACK action … On a single
/// ☒, the unit succeeds and will activate for an ATTACK action. If both dice roll ☒ or ☑ [no army
/// symbol] the unit activates for a NOTHING action." "This action can only target the unit your
/// opponent activated." "Whether you succeed or not, attempting a reactive attack activates your
/// unit." "Units making a reactive attack cannot use C weapons".
#[test]
fn a_reaction_has_three_outcomes_and_activates_the_unit() {
    let mut seen = [0; 3];
    for seed in 0..SEEDS {
        let mut g = reaction_table(20.0).game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        let r = rolls(&g, e, Purpose::Reactive);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, 2, "2 dice");
        assert!(g.units()[1].activated, "seed {seed}: attempting activates the unit");
        match r[0].1 {
            2 => {
                assert!(g.asks().starts_with("what the reaction does"), "seed {seed}: {}", g.asks());
                assert_eq!(g.pending(), Pending::Decision(Side::B));
            }
            1 => {
                assert_eq!(g.pending(), Pending::Decision(Side::B));
                assert_eq!(g.current_action(), Some(Attack), "seed {seed}: a single Attack");
                assert!(g.check(&Decision::Attack(vec![aim(0, 2)])).is_err(), "only the activated unit");
                assert!(g.check(&Decision::Attack(vec![aim(0, 0)])).is_ok());
                g.apply(Decision::Attack(vec![aim(0, 0)])).unwrap();
                settle(&mut g);
                assert_eq!(g.acting(), Some(0), "seed {seed}: the activated unit goes on");
                assert_eq!(g.current_action(), Some(Attack));
            }
            _ => {
                assert_eq!(g.pending(), Pending::Decision(Side::A), "seed {seed}: NOTHING, A goes on");
                assert_eq!(g.acting(), Some(0));
                assert_eq!(g.current_action(), Some(Attack));
            }
        }
        seen[usize::from(r[0].1.min(2))] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "every outcome came up: {seen:?}");
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "Units making a reactive attack cannot use C
/// weapons as part of this action." B stands within 5 cm of A after A's move.
#[test]
fn a_reaction_uses_no_close_combat_weapons() {
    for seed in 0..SEEDS {
        let mut g = reaction_table(2.0).game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        if rolls(&g, e, Purpose::Reactive)[0].1 == 1 {
            assert!(g.check(&Decision::Attack(vec![aim(1, 0)])).is_err(), "the knife");
            assert!(g.check(&Decision::Attack(vec![aim(0, 0)])).is_ok(), "the rifle");
            return;
        }
    }
    panic!("no single army symbol came up");
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "You cannot declare a reactive attack against
/// a unit that is taking a SUSTAINED ATTACK action. You cannot declare a reactive attack against a
/// unit that is taking a NOTHING action as its second action." "Aircraft cannot make reactive
/// attacks."
#[test]
fn no_reaction_against_a_sustained_attack_or_a_second_nothing_and_none_by_aircraft() {
    for plan in [vec![Sustained], vec![Move, Nothing]] {
        let mut g = reaction_table(20.0).game(5);
        activate(&mut g, 0, &plan);
        if plan == [Sustained] {
            g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        } else {
            g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        }
        settle_casualties_only(&mut g);
        assert!(!g.asks().starts_with("a reactive attack"), "{plan:?}: {}", g.asks());
    }
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 2, 6, 1), &[(50.0, 20.0), (53.0, 20.0)], 0)
        .unit(Side::B, aircraft_card("Plane"), &[(60.0, 55.0)], 180)
        .game(5);
    activate(&mut g, 0, &[Move, Attack]);
    g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
    assert!(!g.asks().starts_with("a reactive attack"), "{}", g.asks());
    assert!(g.reactors().is_empty());
}

fn settle_casualties_only(g: &mut FieldGame) {
    while g.asks().starts_with("the miniatures lost") {
        let d = g.candidates(4).into_iter().next().expect("a casualty choice");
        g.apply(d).expect("casualties");
    }
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "If a unit with a Suppression token attempts a
/// reactive attack, it rolls to remove the token as above. If it still has a Suppression token
/// after rolling to remove it, the unit rolls a single die rather than 2".
#[test]
fn a_suppressed_unit_rolls_to_rally_then_one_die_to_react() {
    let mut seen = [0; 2];
    for seed in 0..SEEDS {
        let mut g = reaction_table(20.0).game(seed);
        g.set_tokens(
            1,
            Tokens {
                under_fire: false,
                suppressed: true,
            },
        );
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        let rally = rolls(&g, e, Purpose::Rally);
        assert_eq!(rally.len(), 1, "seed {seed}: it rolls to remove the token");
        let still = rally[0].1 == 0;
        let react = rolls(&g, e, Purpose::Reactive);
        assert_eq!(react.len(), 1);
        assert_eq!(react[0].0, if still { 1 } else { 2 }, "seed {seed}: still suppressed: {still}");
        seen[usize::from(still)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

// ----- END OF THE GAME -----------------------------------------------------------------------------

/// Plays every remaining activation of the turn with NOTHING actions.
fn rest_of_turn(g: &mut FieldGame) {
    let t = g.turn();
    while g.turn() == t && matches!(g.pending(), Pending::Decision(_)) {
        let asks = g.asks();
        if asks.starts_with("who goes first") {
            let Pending::Decision(s) = g.pending() else { unreachable!() };
            g.apply(Decision::First(s)).unwrap();
        } else if asks.starts_with("a unit to activate") {
            let Pending::Decision(s) = g.pending() else { unreachable!() };
            let u = (0..g.units().len())
                .find(|&u| g.units()[u].side == s && !g.units()[u].activated && !g.units()[u].destroyed)
                .expect("a unit to activate");
            g.apply(Decision::Activate(u)).unwrap();
            if g.apply(Decision::Plan(vec![Nothing, Nothing])).is_err() {
                // Aircraft move first: a loop back to the same place.
                g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
                let c = g.table().units[u].minis[0].body.centre();
                let (x, y) = c.to_cm();
                g.apply(put(0, x, y)).unwrap();
            }
        } else {
            settle(g);
            if !g.asks().starts_with("a unit to activate") && !g.asks().starts_with("who goes first") {
                break;
            }
        }
    }
}

/// tactics-battlefield-summary.md, "END OF THE GAME": "Objectives are captured at the end of a turn
/// by having a miniature within range 1 (10cm/4") of the objective (provided it did not take a
/// MARCH MOVE action as its last action), and not having any enemy miniatures within range 1 of
/// it." (Distance to the base's edge: 2.5 cm bases.)
#[test]
fn an_objective_is_held_within_ten_cm_with_no_enemy_there() {
    let at = |bx: f64, by: f64| {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 1, 3, 1), &[(90.0, 60.0 - 1.25 - 9.5)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(bx, by)], 180)
            .objective(90.0, 60.0)
            .game(1);
        g.apply(Decision::First(Side::A)).ok();
        rest_of_turn(&mut g);
        g.objectives_held()
    };
    assert_eq!(at(170.0, 110.0)[Side::A], 1, "A 9.5 cm away, B far");
    assert_eq!(at(90.0, 60.0 + 1.25 + 9.5)[Side::A], 0, "B 9.5 cm away too");
    assert_eq!(at(90.0, 60.0 + 1.25 + 9.5)[Side::B], 0);
    assert_eq!(at(90.0, 60.0 + 1.25 + 11.0)[Side::A], 1, "B 11 cm away");
    // 10.5 cm is not within range 1.
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(90.0, 60.0 - 1.25 - 10.5)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 110.0)], 180)
        .objective(90.0, 60.0)
        .game(1);
    rest_of_turn(&mut g);
    assert_eq!(g.objectives_held()[Side::A], 0);
}

/// tactics-battlefield-summary.md, "END OF THE GAME": "(provided it did not take a MARCH MOVE
/// action as its last action)".
#[test]
fn a_unit_that_marched_last_does_not_take_an_objective() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(90.0, 30.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 110.0)], 180)
        .objective(90.0, 60.0)
        .game(1);
    activate(&mut g, 0, &[March]);
    g.apply(put(0, 90.0, 50.0)).unwrap();
    settle(&mut g);
    rest_of_turn(&mut g);
    assert_eq!(g.objectives_held()[Side::A], 0);
}

/// tactics-battlefield-summary.md, "END OF THE GAME": "The game ends at the end of a turn when: All
/// of one player's units on the board are eliminated … The player who destroyed all of the enemy's
/// units … wins the game."
#[test]
fn wiping_out_the_enemy_wins() {
    for seed in 0..SEEDS {
        let mut g = shooter(10, 6, 3)
            .unit(Side::B, squad("B", 1, 3, 1), &[(60.0, 45.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Sustained]);
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        if g.units()[1].destroyed {
            rest_of_turn(&mut g);
            assert_eq!(g.pending(), Pending::Over(Some(Side::A)), "seed {seed}");
            return;
        }
    }
    panic!("the squad was never wiped out");
}

// ----- TEMPLATES AND SPECIAL WEAPONS ---------------------------------------------------------------

/// A one-man unit (a hero: "Heroes can use all of their weapons at the same time") with a blast
/// weapon of range 6 (line 0: one die per miniature under the template against soldiers) and a
/// machine gun of range 6 (line 1: `mg` dice).
fn bombardier(mg: u8) -> FieldCard {
    use dust_core::unit::{ArmorType, BattlefrontValue, BattlefrontWeapon};
    let mut c = hero_card("Bombardier");
    c.card.health = 20;
    c.card.weapons = vec![weapon("Mortar", Some(6), 1), weapon("MG", Some(6), mg)];
    let blast = BattlefrontWeapon {
        values: (1..=4)
            .map(|class| (ArmorType::Soldier, class, BattlefrontValue::Blast { per_model: 1, damage: 1 }))
            .collect(),
        ..BattlefrontWeapon::default()
    };
    c.bf.weapons = vec![blast, BattlefrontWeapon::default()];
    c
}

/// tactics-battlefield-summary.md, "5. Roll to Hit", "Blast Weapons": "Roll 1 die for each miniature
/// (including friendlies) that has its base … at least partly under the template"; "If there are
/// miniatures from multiple units under the template, roll the dice separately for each unit".
/// The 6 cm template at (60, 50) covers three enemy soldiers and two of the attacker's own side.
#[test]
fn a_blast_rolls_a_die_per_miniature_under_it_friend_or_foe_unit_by_unit() {
    let mut g = Builder::default()
        .unit(Side::A, bombardier(1), &[(60.0, 20.0)], 0)
        .unit(
            Side::B,
            squad("Target", 4, 3, 1),
            &[(57.0, 50.0), (60.0, 50.0), (63.0, 50.0), (90.0, 50.0)],
            180,
        )
        .unit(Side::A, squad("Friends", 2, 3, 1), &[(59.0, 53.0), (62.0, 53.5)], 0)
        .game(3);
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    g.apply(Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: Some(Pt::cm(60.0, 50.0)),
    }]))
    .unwrap();
    let mut dice: Vec<u16> = rolls(&g, n, Purpose::Hit).iter().map(|r| r.0).collect();
    dice.sort();
    assert_eq!(dice, vec![2, 3], "3 dice for the enemy squad, 2 for the friendly one, apart");
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": "If a unit scores hits with both template
/// weapons and other direct-fire weapons, the hits from the template weapons are allocated first."
/// Two soldiers stand under the template, three more only in the machine gun's reach. The owner
/// here always gives the machine gun's hits to the soldiers under the template when it may: if
/// the template's hits came second they would find no valid miniature and be lost.
#[test]
fn template_hits_are_allocated_before_direct_fire_hits() {
    let under = [Pt::cm(59.0, 50.0), Pt::cm(61.5, 50.0)];
    let mut both = 0;
    for seed in 0..SEEDS {
        let mut g = Builder::default()
            .unit(Side::A, bombardier(3), &[(60.0, 20.0)], 0)
            .unit(
                Side::B,
                squad("Target", 5, 3, 1),
                &[(59.0, 50.0), (61.5, 50.0), (72.0, 52.0), (75.0, 52.0), (78.0, 52.0)],
                180,
            )
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![
            Aim {
                line: 0,
                target: 1,
                at: Some(Pt::cm(60.0, 50.0)),
            },
            aim(1, 1),
        ]))
        .unwrap();
        while g.asks().starts_with("the miniatures lost") {
            let minis = &g.table().units[1].minis;
            let score = |d: &Decision| match d {
                Decision::Casualties(v) => v.iter().filter(|&&i| under.contains(&minis[i].body.centre())).count(),
                _ => 0,
            };
            let d = g.candidates(64).into_iter().max_by_key(score).expect("a choice");
            g.apply(d).unwrap();
        }
        let hit = rolls(&g, n, Purpose::Hit);
        let save = rolls(&g, n, Purpose::Save);
        assert_eq!(hit.len(), 2);
        // Saves are rolled per group, in the order of the rolls to hit.
        let mut saves = save.iter();
        let unsaved: Vec<u16> = hit
            .iter()
            .map(|&(_, h)| if h == 0 { 0 } else { h - saves.next().map_or(0, |s| s.1) })
            .collect();
        let (t, d) = if hit[0].0 == 2 {
            (unsaved[0], unsaved[1])
        } else {
            (unsaved[1], unsaved[0])
        };
        if t > 0 && d > 0 {
            both += 1;
        }
        let from_template = t.min(2);
        let expect = from_template + d.min(5 - from_template);
        assert_eq!(
            5 - g.units()[1].models.len() as u16,
            expect,
            "seed {seed}: {t} template and {d} machine-gun hits"
        );
    }
    assert!(both > 5, "attacks where both weapons hit came up ({both})");
}

/// tactics-battlefield-summary.md, "GRENADE WEAPONS": "Units hit by grenade weapons do not get a
/// cover save against them, but do retain their infantry save." Behind a hedge the grenade's hits
/// are saved on 2 faces in 6, not 4.
#[test]
fn grenades_leave_the_infantry_save_and_take_away_the_cover_save() {
    let mut b = hedge(shooter(5, 6, 3), 0.0, 180.0).unit(Side::B, squad("Target", 10, 3, 1), &row(10, 40.0, 60.0), 180);
    b.cards[0].bf.weapons = vec![
        dust_core::unit::BattlefrontWeapon {
            grenade: true,
            ..Default::default()
        },
        Default::default(),
    ];
    let (hits, dice, saved) = save_rate(&b, false);
    assert_eq!(dice, hits);
    let rate = f64::from(saved) / f64::from(dice);
    assert!(dice > 300 && (0.23..0.44).contains(&rate), "grenade hits saved {saved}/{dice}");
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": "Mark 1 cross off an infantry support
/// weapon's damage track for each hit." A weapon of 2 damage a hit still marks 1 cross.
#[test]
fn each_hit_on_a_support_weapon_marks_one_cross() {
    let mut seen = 0;
    for seed in 0..30 {
        let mut c = squad("Gunners", 3, 6, 2);
        c.card.weapons[0].table.soldier[1] = dust_core::unit::CombatValue::Dice { dice: 2, damage: 2 };
        let mut sw = dust_core::field::tests_support::support_card("HMG");
        sw.card.health = 8;
        let mut g = Builder::default()
            .unit(Side::A, c, &row(3, 50.0, 20.0), 0)
            .unit(Side::B, sw, &[(55.0, 45.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let (_, saved) = total(&rolls(&g, n, Purpose::Save));
        let unsaved = hits - saved;
        if unsaved > 0 {
            seen += 1;
        }
        assert_eq!(u32::from(8 - g.units()[1].health), unsaved, "seed {seed}: 1 cross a hit");
    }
    assert!(seen > 5);
}

/// tactics-battlefield-summary.md, "1. Check Field of Fire": "Support weapons with a front field of
/// fire can only attack targets up to 45° on either side of the direction they are facing."
#[test]
fn a_support_weapon_fires_45_degrees_either_side_of_its_facing() {
    // Facing 0: towards +y. Targets 30 cm away at 30° and at 60° off the facing.
    for (deg, ok) in [(30.0f64, true), (60.0, false)] {
        let (s, c) = deg.to_radians().sin_cos();
        let mut g = Builder::default()
            .unit(Side::A, dust_core::field::tests_support::support_card("HMG"), &[(90.0, 20.0)], 0)
            .unit(Side::B, squad("Target", 1, 3, 1), &[(90.0 + 30.0 * s, 20.0 + 30.0 * c)], 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        assert_eq!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_ok(), ok, "{deg}° off the facing");
    }
}

// ----- TERRAIN ROLLS -------------------------------------------------------------------------------

/// Rolls of vehicles (or infantry) entering a piece of `kind` 8 cm ahead: how often they halt.
fn halts(card: &dyn Fn() -> FieldCard, kind: TerrainKind) -> (u32, u32) {
    let (mut tries, mut halted) = (0, 0);
    for seed in 0..SEEDS {
        let c = card();
        let vehicle = c.bf.locomotion.is_some();
        let start = if vehicle { 40.0 } else { 45.0 };
        let mut g = Builder::default()
            .unit(Side::A, c, &[(90.0, start)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 115.0)], 180)
            .terrain(kind, &[(60.0, 55.0), (120.0, 55.0), (120.0, 60.0), (60.0, 60.0)])
            .game(seed);
        activate(&mut g, 0, &[Move, Nothing]);
        let n = g.events().len();
        let to = if vehicle { 58.0 } else { 54.0 };
        let mut d = put(0, 90.0, to);
        if vehicle {
            if let Decision::Move { facing, .. } = &mut d {
                *facing = Some(dust_geom::angle::Facing::deg(0));
            }
        }
        g.apply(d).unwrap_or_else(|r| panic!("seed {seed}: {}", r.reason));
        let r = rolls(&g, n, Purpose::Terrain);
        assert_eq!(r.len(), 1, "seed {seed}: one roll entering the terrain");
        assert_eq!(r[0].0, 1, "one die");
        tries += 1;
        let stopped = g.events()[n..].iter().any(|e| matches!(e, Event::Halted(0)));
        let moved = g.table().units[0].minis[0].body.centre() == Pt::cm(90.0, to);
        assert_eq!(stopped, !moved, "seed {seed}: a halted miniature stops short");
        if stopped {
            halted += 1;
        }
    }
    (tries, halted)
}

/// tactics-battlefield-summary.md, "Terrain": "Roll a die when a tracked vehicle attempts to move
/// into, through, or out of terrain. On a (👤) or (🎯), the vehicle may complete its movement. On a
/// (👤🎯) [the third symbol], it is stuck" (2 faces in 6); "half-tracked or wheeled vehicle … On a
/// (👤), the vehicle may complete its movement" (stuck on 4 faces in 6).
#[test]
fn tracked_vehicles_stick_one_time_in_three_wheeled_two_in_three() {
    let (n, h) = halts(&|| vehicle_card("Tank", Locomotion::Tracked), TerrainKind::Rubble);
    let rate = f64::from(h) / f64::from(n);
    assert!((0.15..0.52).contains(&rate), "tracked stuck {h}/{n}");
    let (n, h) = halts(&|| vehicle_card("Car", Locomotion::Wheeled), TerrainKind::Rubble);
    let rate = f64::from(h) / f64::from(n);
    assert!((0.48..0.85).contains(&rate), "wheeled stuck {h}/{n}");
}

/// tactics-battlefield-summary.md, "BARBED WIRE ENTANGLEMENTS": "An infantry unit rolls a die when
/// attempting to move into, through, or out of a barbed wire entanglement. On ☹️ [the army symbol],
/// the unit is free to complete its movement. On ☹️ or ☹️ [the other two], the unit ceases moving".
#[test]
fn barbed_wire_stops_infantry_two_times_in_three() {
    let (n, h) = halts(&|| squad("A", 1, 3, 1), TerrainKind::BarbedWire);
    let rate = f64::from(h) / f64::from(n);
    assert!((0.48..0.85).contains(&rate), "infantry halted by wire {h}/{n}");
}

// ----- REACTIONS TO A MARCH ------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "If the opposing unit is performing a MARCH
/// MOVE action, the unit makes a normal MOVE action before you attempt the reactive attack, then
/// completes its march move afterwards." A squad (Move 1) marches 20 cm towards B: the reaction
/// comes when it is 10 cm along, and the march then ends where it was declared.
#[test]
fn a_march_is_interrupted_after_its_first_move() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 6, 1), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad("B", 1, 6, 1), &[(50.0, 72.5)], 180)
        .game(9);
    activate(&mut g, 0, &[March]);
    g.apply(put(0, 50.0, 40.0)).unwrap();
    assert!(g.asks().starts_with("a reactive attack"), "{}", g.asks());
    assert_eq!(g.table().units[0].minis[0].body.centre(), Pt::cm(50.0, 30.0), "a normal Move first");
    g.apply(Decision::React(Some(1))).unwrap();
    for _ in 0..6 {
        if g.asks().starts_with("what the reaction does") {
            g.apply(Decision::ReactWith(dust_core::field::ReactChoice::Sustained)).unwrap();
        } else if g.acting() == Some(1) && g.asks().starts_with("the attack's targets") {
            g.apply(Decision::Attack(vec![aim(0, 0)])).unwrap();
        } else {
            settle(&mut g);
        }
    }
    if !g.units()[0].destroyed {
        assert_eq!(g.table().units[0].minis[0].body.centre(), Pt::cm(50.0, 40.0), "the march completes");
    }
}

// ----- MORE OF THE END -----------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "END OF THE GAME": "If neither side achieved victory in such a
/// way, both sides total the APs of the units they eliminated from the enemy army …, and the player
/// who destroyed the most APs wins." One turn; A destroys B's 1-soldier squad (10 AP), B has
/// another squad left.
#[test]
fn at_the_turn_limit_the_most_ap_destroyed_wins() {
    for seed in 0..SEEDS {
        let mut b = shooter(10, 6, 3).unit(Side::B, squad("B", 1, 3, 1), &[(60.0, 45.0)], 180).unit(
            Side::B,
            squad("B2", 1, 3, 1),
            &[(170.0, 115.0)],
            180,
        );
        b.turns = 1;
        let mut g = b.game(seed);
        activate(&mut g, 0, &[Sustained]);
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        if g.units()[1].destroyed {
            rest_of_turn(&mut g);
            assert_eq!(g.destroyed_ap()[Side::A], 10);
            assert_eq!(g.pending(), Pending::Over(Some(Side::A)), "seed {seed}");
            return;
        }
    }
    panic!("the squad was never destroyed");
}

/// tactics-battlefield-summary.md, "END OF THE GAME": "Aircraft cannot take or prevent the enemy
/// from taking an objective."
#[test]
fn aircraft_neither_take_nor_contest_objectives() {
    let held = |a_plane: bool| {
        let mut b = Builder::default();
        b = if a_plane {
            b.unit(Side::A, aircraft_card("Plane"), &[(90.0, 52.0)], 0)
                .unit(Side::A, squad("A", 1, 3, 1), &[(10.0, 10.0)], 0)
                .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 110.0)], 180)
        } else {
            b.unit(Side::A, squad("A", 1, 3, 1), &[(90.0, 52.0)], 0)
                .unit(Side::B, aircraft_card("Plane"), &[(90.0, 68.0)], 180)
        };
        let mut g = b.objective(90.0, 60.0).game(1);
        rest_of_turn(&mut g);
        g.objectives_held()[Side::A]
    };
    assert_eq!(held(true), 0, "an aircraft does not take it");
    assert_eq!(held(false), 1, "an enemy aircraft does not prevent it");
}

/// tactics-battlefield-summary.md, "Close Combat Weapons": "An infantry or vehicle unit (but not
/// aircraft) can always make a C attack using standard weapons. These have a 1/1 rating versus up
/// to and including Armour 7."
#[test]
fn standard_close_combat_weapons_for_infantry_and_vehicles_not_aircraft() {
    let g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(10.0, 10.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(40.0, 10.0)], 0)
        .unit(Side::B, aircraft_card("Plane"), &[(90.0, 68.0)], 180)
        .game(1);
    let standard = |u: usize| {
        g.card(u)
            .card
            .weapons
            .iter()
            .find(|w| w.name == dust_core::unit::IMPROVISED_NAME)
            .cloned()
    };
    for u in [0, 1] {
        let w = standard(u).expect("infantry and vehicles have standard C weapons");
        assert_eq!(w.range, dust_core::range::WeaponRange::Close);
        for class in 1..=7 {
            let v = w.table.vehicle[class - 1];
            assert_eq!(
                v,
                dust_core::unit::CombatValue::Dice { dice: 1, damage: 1 },
                "1/1 against vehicle armour {class}"
            );
        }
        for class in 1..=4 {
            let v = w.table.soldier[class - 1];
            assert_eq!(
                v,
                dust_core::unit::CombatValue::Dice { dice: 1, damage: 1 },
                "1/1 against soldier armour {class}"
            );
        }
    }
    assert!(standard(2).is_none(), "aircraft have none");
}

// ----- WHO FIRES -----------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "2. Check Range": "Measure range from each attacking miniature to
/// the nearest miniature in the target unit"; "5. Roll to Hit": dice "multiplied by the number of
/// miniatures firing that weapon". Of three soldiers only one is within the rifles' 30 cm: 1 die.
#[test]
fn only_the_miniatures_in_range_fire() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 3, 3, 1), &[(50.0, 20.0), (50.0, 12.0), (50.0, 8.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 20.0 + 2.5 + 25.0)], 180)
        .game(2);
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    assert_eq!(total(&rolls(&g, n, Purpose::Hit)).0, 1, "25, 33 and 37 cm away: one fires");
}

/// tactics-battlefield-summary.md, "4. Declare Targets": "Each surviving soldier in an infantry
/// squad can only use 1 ranged weapon and 1 close combat weapon in each ATTACK action." Three
/// soldiers each carrying a rifle and a submachine gun fire at most three ranged dice a die each.
#[test]
fn a_soldier_fires_one_ranged_weapon_an_attack() {
    let mut c = squad("A", 3, 3, 1);
    c.card.weapons.push(weapon("SMG", Some(2), 1));
    for m in &mut c.card.models {
        m.weapons = 0b111;
    }
    let mut g = Builder::default()
        .unit(Side::A, c, &row(3, 50.0, 20.0), 0)
        .unit(Side::B, squad("B", 5, 3, 1), &row(5, 47.0, 35.0), 180)
        .game(2);
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    if g.apply(Decision::Attack(vec![aim(0, 1), aim(2, 1)])).is_ok() {
        assert!(total(&rolls(&g, n, Purpose::Hit)).0 <= 3, "one ranged weapon per soldier");
    }
}

/// tactics-battlefield-summary.md, "2. Check Range": "Close combat weapons can only be used against
/// targets in close combat (within 5cm/2")."
#[test]
fn close_combat_weapons_reach_five_cm() {
    for (gap, ok) in [(4.5, true), (5.0, true), (5.5, false)] {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 1, 3, 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 22.5 + gap)], 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        assert_eq!(g.check(&Decision::Attack(vec![aim(1, 1)])).is_ok(), ok, "knife at {gap} cm");
    }
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "Any unit hit by an ATTACK or SUSTAINED ATTACK
/// action … receives an Under Fire token"; "Close Combat Weapons": the defender "retaliates with
/// its C weapons as normal, but only performs a standard ATTACK action" — a retaliation is an
/// ATTACK, so the attacker it hits is under fire too.
#[test]
fn the_attacker_hit_by_a_retaliation_is_under_fire() {
    let mut seen = 0;
    for seed in 0..SEEDS {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 3, 3, 1), &row(3, 50.0, 20.0), 0)
            .unit(Side::B, squad("B", 3, 3, 1), &row(3, 50.0, 25.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
        settle(&mut g);
        let hit = rolls(&g, n, Purpose::Hit);
        if hit.len() == 2 && hit[1].1 > 0 && !g.units()[0].destroyed {
            assert_eq!(tokens(&g, 0), (true, false), "seed {seed}");
            seen += 1;
        }
        if hit[0].1 > 0 && !g.units()[1].destroyed {
            assert_eq!(tokens(&g, 1), (true, false), "seed {seed}: the defender is hit too");
        }
    }
    assert!(seen > 5);
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "one of your units that has not yet
/// activated". A unit that has already activated this turn cannot react.
#[test]
fn an_activated_unit_cannot_react() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 6, 1), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad("B", 1, 6, 1), &[(50.0, 50.0)], 180)
        .unit(Side::A, squad("A2", 1, 6, 1), &[(10.0, 110.0)], 0)
        .unit(Side::B, squad("B2", 1, 6, 1), &[(170.0, 110.0)], 180)
        .game(1);
    g.apply(Decision::First(Side::B)).unwrap();
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    settle(&mut g);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Move, Attack])).unwrap();
    g.apply(put(0, 50.0, 25.0)).unwrap();
    assert!(!g.asks().starts_with("a reactive attack"), "{}", g.asks());
    assert!(!g.reactors().contains(&1));
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "On ☒☒, the unit … will activate for either
/// a SUSTAINED ATTACK action, or a MOVE action followed by an ATTACK action. The MOVE action can
/// only be used to rotate the model".
#[test]
fn a_reactions_move_only_turns_the_model() {
    for seed in 0..SEEDS {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 1, 6, 1), &[(90.0, 20.0)], 0)
            .unit(Side::B, dust_core::field::tests_support::support_card("HMG"), &[(90.0, 55.0)], 90)
            .game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(put(0, 90.0, 25.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        if rolls(&g, e, Purpose::Reactive)[0].1 == 2 {
            g.apply(Decision::ReactWith(dust_core::field::ReactChoice::TurnThenAttack)).unwrap();
            assert_eq!(g.current_action(), Some(Move));
            let turn = |x: f64, y: f64, deg: i64| Decision::Move {
                minis: vec![MiniMove {
                    mini: 0,
                    to: Pt::cm(x, y),
                    via: Vec::new(),
                }],
                facing: Some(dust_geom::angle::Facing::deg(deg)),
            };
            assert!(g.check(&turn(90.0, 50.0, 180)).is_err(), "it may not move 5 cm");
            assert!(g.check(&turn(90.0, 55.0, 180)).is_ok(), "it may turn where it stands");
            return;
        }
    }
    panic!("two army symbols never came up");
}

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "Roll for initiative at the start of each
/// turn."
#[test]
fn initiative_is_rolled_every_turn() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(10.0, 10.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 110.0)], 180)
        .game(1);
    for turn in 1..=3 {
        assert_eq!(g.turn(), turn);
        let began = g
            .events()
            .iter()
            .rposition(|e| *e == Event::TurnBegan(turn))
            .expect("the turn began");
        assert!(
            g.events()[began..].iter().any(|e| matches!(e, Event::InitiativeWon(_))),
            "turn {turn}: initiative rolled"
        );
        rest_of_turn(&mut g);
    }
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": for heroes "The number after the slash is the
/// amount of damage caused. Mark 1 cross off a hero … damage track for each point of damage".
#[test]
fn each_hit_on_a_hero_marks_the_number_after_the_slash() {
    let mut seen = 0;
    for seed in 0..30 {
        let mut c = squad("Gunners", 2, 6, 2);
        c.card.weapons[0].table.soldier[1] = dust_core::unit::CombatValue::Dice { dice: 2, damage: 2 };
        let mut hero = hero_card("Hero");
        hero.card.health = 12;
        let mut g = Builder::default()
            .unit(Side::A, c, &row(2, 50.0, 20.0), 0)
            .unit(Side::B, hero, &[(55.0, 45.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let (_, saved) = total(&rolls(&g, n, Purpose::Save));
        if hits > saved {
            seen += 1;
        }
        assert_eq!(u32::from(12 - g.units()[1].health), 2 * (hits - saved), "seed {seed}");
    }
    assert!(seen > 5);
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "If a unit has an Under Fire token when it
/// activates, roll 2 dice. If either die scores ☒, remove the token"; "REACTIVE ATTACKS": "attempting
/// a reactive attack activates your unit". A unit under fire that attempts a reaction rolls to
/// remove its token, then its 2 reactive dice (docs/rulings.md, "Battlefield: tokens of a reacting
/// unit"). (This test first read "only a unit with a Suppression token rolls when it reacts" from
/// the Suppression sentence alone and asserted no roll; the book's own words make the reaction an
/// activation, and the Under Fire roll is made "when it activates", so the reading was corrected.)
#[test]
fn an_under_fire_unit_rolls_to_remove_its_token_when_it_reacts() {
    let mut seen = [0; 2];
    for seed in 0..SEEDS {
        let mut g = reaction_table(20.0).game(seed);
        g.set_tokens(
            1,
            Tokens {
                under_fire: true,
                suppressed: false,
            },
        );
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        let rally = rolls(&g, e, Purpose::Rally);
        assert_eq!(rally.len(), 1, "seed {seed}: one roll to remove the token");
        assert_eq!(rally[0].0, 2);
        let removed = rally[0].1 > 0;
        let t = g.events()[e..].iter().find_map(|ev| match ev {
            Event::Tokens(1, t) => Some(*t),
            _ => None,
        });
        assert_eq!(t.map(|t| t.under_fire), Some(!removed), "seed {seed}");
        assert_eq!(rolls(&g, e, Purpose::Reactive)[0].0, 2, "seed {seed}: 2 reactive dice");
        seen[usize::from(removed)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "If it still has a Suppression token after rolling
/// to remove it, the unit rolls a single die rather than 2 to see if it can make a reactive attack"
/// — with its army symbol, it makes the ATTACK (docs/rulings.md, "Battlefield: a suppressed unit's
/// reaction").
#[test]
fn a_still_suppressed_reactor_attacks_on_its_single_die() {
    for seed in 0..SEEDS {
        let mut g = reaction_table(20.0).game(seed);
        g.set_tokens(
            1,
            Tokens {
                under_fire: false,
                suppressed: true,
            },
        );
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        let still = rolls(&g, e, Purpose::Rally)[0].1 == 0;
        let react = rolls(&g, e, Purpose::Reactive)[0];
        if still && react.1 == 1 {
            assert_eq!(g.pending(), Pending::Decision(Side::B), "seed {seed}");
            assert_eq!(g.current_action(), Some(Attack));
            assert!(g.check(&Decision::Attack(vec![aim(0, 0)])).is_ok());
            return;
        }
    }
    panic!("no still-suppressed reactor rolled its army symbol");
}

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "If a player has fewer units … that have
/// yet to activate than their opponent, they may elect to pass" — with as many, they may not.
#[test]
fn with_as_many_units_left_a_player_may_not_pass() {
    let mut g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(10.0, 10.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 110.0)], 180)
        .game(1);
    g.apply(Decision::First(Side::A)).unwrap();
    assert!(g.check(&Decision::Pass).is_err());
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": the valid targets are the miniatures "in the
/// weapon's field of fire, range, and LOS": four target soldiers stand behind a wall, one in the
/// open; only that one can fall.
#[test]
fn hits_never_fall_on_miniatures_out_of_sight() {
    let mut many = 0;
    for seed in 0..30 {
        let mut g = shooter(4, 6, 5)
            .terrain(TerrainKind::Wall, &[(40.0, 44.0), (70.0, 44.0), (70.0, 45.0), (40.0, 45.0)])
            .unit(
                Side::B,
                squad("Target", 5, 3, 1),
                &[(80.0, 50.0), (48.0, 50.0), (52.0, 50.0), (56.0, 50.0), (60.0, 50.0)],
                180,
            )
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let (_, saved) = total(&rolls(&g, n, Purpose::Save));
        if hits - saved >= 2 {
            many += 1;
        }
        settle(&mut g);
        let left: Vec<Pt> = g.table().units[1].minis.iter().map(|m| m.body.centre()).collect();
        for x in [48.0, 52.0, 56.0, 60.0] {
            assert!(
                left.contains(&Pt::cm(x, 50.0)),
                "seed {seed}: the soldier at {x},50 is behind the wall"
            );
        }
    }
    assert!(many > 5, "attacks with 2+ unsaved hits came up ({many})");
}

/// tactics-battlefield-summary.md, "FLAME WEAPONS": "Units hit by flame weapons do not get an
/// infantry save or a cover save against them."
#[test]
fn flame_hits_are_never_saved() {
    let mut hits = 0;
    for seed in 0..20 {
        let mut c = squad("Burners", 1, 1, 2);
        c.card.weapons[0].keywords.flame = true;
        let mut g = hedge(Builder::default().unit(Side::A, c, &[(60.0, 33.0)], 0), 0.0, 180.0)
            .unit(Side::B, squad("Target", 3, 3, 1), &[(57.0, 43.0), (60.0, 43.0), (63.0, 43.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: Some(Pt::cm(60.0, 43.0)),
        }]))
        .unwrap_or_else(|r| panic!("{}", r.reason));
        hits += total(&rolls(&g, n, Purpose::Hit)).1;
        assert!(rolls(&g, n, Purpose::Save).iter().all(|r| r.1 == 0), "seed {seed}: no save");
        assert!(rolls(&g, n, Purpose::Save).is_empty(), "seed {seed}: no save rolled");
    }
    assert!(hits > 5);
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "Any unit hit by an ATTACK or SUSTAINED ATTACK
/// action … receives an Under Fire token" — a friendly unit under the attacker's own blast template
/// ("Roll 1 die for each miniature (including friendlies)") too.
#[test]
fn a_friendly_unit_hit_by_a_blast_is_under_fire() {
    let mut seen = 0;
    for seed in 0..SEEDS {
        let mut g = Builder::default()
            .unit(Side::A, bombardier(1), &[(60.0, 20.0)], 0)
            .unit(
                Side::B,
                squad("Target", 4, 3, 1),
                &[(57.0, 50.0), (60.0, 50.0), (63.0, 50.0), (90.0, 50.0)],
                180,
            )
            .unit(Side::A, squad("Friends", 2, 3, 1), &[(59.0, 53.0), (62.0, 53.5)], 0)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: Some(Pt::cm(60.0, 50.0)),
        }]))
        .unwrap();
        let friendly = rolls(&g, n, Purpose::Hit)
            .into_iter()
            .find(|r| r.0 == 2)
            .expect("the friends' roll");
        settle(&mut g);
        if friendly.1 > 0 && !g.units()[2].destroyed {
            assert_eq!(tokens(&g, 2), (true, false), "seed {seed}");
            seen += 1;
        }
    }
    assert!(seen > 5);
}

/// tactics-battlefield-summary.md, "5. Roll to Hit", "Blast Weapons": "For support weapons, roll 1
/// die for each miniature on the base"; "4. Declare Targets": support weapons "have 1 soldier left
/// for each damage point they have remaining". A support weapon with 3 crosses left under the
/// template: 3 dice.
#[test]
fn a_blast_on_a_support_weapon_rolls_a_die_per_crewman() {
    let mut g = Builder::default()
        .unit(Side::A, bombardier(1), &[(60.0, 20.0)], 0)
        .unit(Side::B, dust_core::field::tests_support::support_card("HMG"), &[(60.0, 50.0)], 180)
        .game(1);
    assert_eq!(g.units()[1].health, 3);
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    g.apply(Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: Some(Pt::cm(60.0, 50.0)),
    }]))
    .unwrap();
    assert_eq!(total(&rolls(&g, n, Purpose::Hit)).0, 3, "1 die for each of the 3 crewmen");
}

/// tactics-battlefield-summary.md, "5. Roll to Hit": "place a blast template with its centre
/// positioned anywhere within the weapon's field of fire, range, and LOS".
#[test]
fn a_blast_template_is_centred_within_range() {
    let mut g = Builder::default()
        .unit(Side::A, bombardier(1), &[(60.0, 20.0)], 0)
        .unit(Side::B, squad("Target", 3, 3, 1), &[(57.0, 80.0), (60.0, 80.0), (63.0, 82.5)], 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    // The mortar reaches 60 cm: to y = 81.25 from the base's edge at 21.25.
    let at = |y: f64| {
        Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: Some(Pt::cm(60.0, y)),
        }])
    };
    assert!(g.check(&at(80.0)).is_ok(), "centre 58.75 cm away");
    assert!(g.check(&at(83.0)).is_err(), "centre 61.75 cm away");
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "you can declare that one of your units … will
/// take a REACTIVE ATTACK action in response" — one unit answers an activation, not two.
#[test]
fn one_reaction_an_activation() {
    for seed in 0..10 {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 1, 6, 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad("B", 1, 6, 1), &[(50.0, 50.0)], 180)
            .unit(Side::B, squad("B2", 1, 6, 1), &[(70.0, 50.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(put(0, 50.0, 25.0)).unwrap();
        g.apply(Decision::React(Some(1))).unwrap();
        for _ in 0..8 {
            if g.asks().starts_with("what the reaction does") {
                g.apply(Decision::ReactWith(dust_core::field::ReactChoice::Sustained)).unwrap();
            } else if g.acting() == Some(1) && g.asks().starts_with("the attack's targets") {
                g.apply(Decision::Attack(vec![aim(0, 0)])).unwrap();
            } else if g.asks().starts_with("the miniatures lost") {
                settle_casualties_only(&mut g);
            } else {
                assert!(!g.asks().starts_with("a reactive attack"), "seed {seed}: a second reaction offered");
            }
        }
    }
}

/// tactics-battlefield-summary.md, "6. Roll Saves": "If there is no LOS to a miniature, it is in
/// cover. An infantry unit is in cover from an attacking miniature if at least half of the unit is
/// in cover from that attacking miniature." Two of four soldiers stand behind a wall, out of sight:
/// the squad is in cover from the attacker who sees the other two in the open.
#[test]
fn soldiers_out_of_sight_count_as_in_cover() {
    for (hidden, cover) in [(2, true), (1, false)] {
        let mut pts = vec![(60.0, 50.0), (63.0, 50.0)];
        pts.extend([(44.0, 50.0), (48.0, 50.0)].iter().take(hidden));
        if hidden == 1 {
            pts.push((66.0, 50.0));
        }
        let g = shooter(1, 6, 1)
            .terrain(TerrainKind::Wall, &[(38.0, 44.0), (52.0, 44.0), (52.0, 45.0), (38.0, 45.0)])
            .unit(Side::B, squad("Target", 4, 3, 1), &pts, 180)
            .game(1);
        let odds = g.attack_odds(0, &[aim(0, 1)], false).expect("a legal attack");
        assert_eq!(odds.groups[0].0.cover, cover, "{hidden} of 4 out of sight");
    }
}

/// tactics-battlefield-summary.md, "Close Combat Weapons": "A unit may attack with its ranged
/// weapons, and then attack with its close combat (C) weapons in the same ATTACK action. Resolve
/// attacks from all other weapons first. Once casualties from other weapons have been resolved, the
/// attacking unit resolves its C weapon attacks. Before those casualties are removed, the defending
/// unit retaliates": the defenders shot by the rifles do not fight back.
#[test]
fn soldiers_shot_before_the_close_combat_do_not_retaliate() {
    let mut seen = 0;
    for seed in 0..SEEDS {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 1, 3, 6), &[(50.0, 20.0)], 0)
            .unit(
                Side::B,
                squad("B", 4, 3, 1),
                &[(47.5, 23.5), (50.0, 24.0), (52.5, 23.5), (50.0, 16.0)],
                180,
            )
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1), aim(1, 1)])).unwrap();
        settle(&mut g);
        let hit = rolls(&g, n, Purpose::Hit);
        let (_, saved) = total(&rolls(&g, n, Purpose::Save));
        let shot = (u32::from(hit[0].1) - saved).min(4) as u16;
        assert_eq!(hit[0].0, 6, "the rifle's 6 dice");
        if shot == 4 {
            continue;
        }
        assert_eq!(hit[1].0, 1, "seed {seed}: 1 C weapon a soldier");
        assert_eq!(hit.len(), 3, "seed {seed}: rifles, knives, retaliation");
        assert_eq!(hit[2].0, 4 - shot, "seed {seed}: {shot} shot first do not fight back");
        if shot > 0 {
            seen += 1;
        }
    }
    assert!(seen > 5);
}

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": on a tie of army symbols "whoever rolled
/// the most (🎯)" wins: the target symbols among the dice already rolled (1 face in 2 of those that
/// did not show the army symbol), not a new roll.
#[test]
fn the_initiative_tie_break_counts_targets_among_the_dice_rolled() {
    let (mut dice, mut targets) = (0u32, 0u32);
    for seed in 0..400 {
        let g = Builder::default()
            .unit(Side::A, squad("A", 1, 3, 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 100.0)], 180)
            .game(seed);
        let mut army: Vec<u16> = Vec::new();
        for e in g.events() {
            match e {
                Event::Rolled {
                    purpose: Purpose::Initiative(_),
                    successes,
                    ..
                } => army.push(*successes),
                Event::Rolled {
                    purpose: Purpose::InitiativeTargets(_),
                    dice: d,
                    successes,
                } => {
                    let a = *army.last().expect("after the army symbols");
                    assert_eq!(*d, 3 - a.min(3), "seed {seed}: the dice without the army symbol");
                    dice += u32::from(*d);
                    targets += u32::from(*successes);
                }
                Event::InitiativeWon(_) => break,
                _ => {}
            }
        }
    }
    let rate = f64::from(targets) / f64::from(dice);
    assert!(
        dice > 300 && (0.42..0.58).contains(&rate),
        "targets among the other dice: {targets}/{dice}"
    );
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "Once the opposing player has completed their
/// first action" — whatever it was: an ATTACK first is answered too.
#[test]
fn a_reaction_may_answer_an_attack_as_first_action() {
    let mut g = reaction_table(20.0).game(5);
    activate(&mut g, 0, &[Attack, Move]);
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    settle_casualties_only(&mut g);
    if !g.units()[1].destroyed {
        assert!(g.asks().starts_with("a reactive attack"), "{}", g.asks());
    }
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "A unit with a Suppression token cannot receive
/// another" — and a suppressed unit hit again is still suppressed, with no Under Fire token beside.
#[test]
fn a_suppressed_unit_hit_again_stays_suppressed() {
    let mut seen = false;
    for seed in 0..20 {
        let mut g = shooter(3, 6, 2)
            .unit(Side::B, squad("Target", 6, 3, 1), &row(6, 45.0, 50.0), 180)
            .game(seed);
        g.set_tokens(
            1,
            Tokens {
                under_fire: false,
                suppressed: true,
            },
        );
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        if total(&rolls(&g, n, Purpose::Hit)).1 > 0 {
            seen = true;
        }
        assert_eq!(tokens(&g, 1), (false, true), "seed {seed}");
    }
    assert!(seen);
}

/// tactics-battlefield-summary.md, "SUPPRESSION": "A unit with a Suppression token cannot fight":
/// a unit suppressed by a reactive attack in the middle of its activation does not make the ATTACK
/// it declared as its second action.
#[test]
fn a_unit_suppressed_by_a_reaction_does_not_attack_afterwards() {
    let mut seen = 0;
    for seed in 0..SEEDS {
        let mut g = reaction_table(20.0).game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.set_tokens(
            0,
            Tokens {
                under_fire: true,
                suppressed: false,
            },
        );
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        g.apply(Decision::React(Some(1))).unwrap();
        for _ in 0..6 {
            if g.asks().starts_with("what the reaction does") {
                g.apply(Decision::ReactWith(dust_core::field::ReactChoice::Sustained)).unwrap();
            } else if g.acting() == Some(1) && g.asks().starts_with("the attack's targets") {
                g.apply(Decision::Attack(vec![aim(0, 0)])).unwrap();
            } else if g.asks().starts_with("the miniatures lost") {
                settle_casualties_only(&mut g);
            }
        }
        if tokens(&g, 0).1 && !g.units()[0].destroyed {
            seen += 1;
            let fires = g.acting() == Some(0) && g.check(&Decision::Attack(vec![aim(0, 1)])).is_ok();
            assert!(!fires, "seed {seed}: the suppressed unit still attacks ({})", g.asks());
        }
    }
    assert!(seen > 3, "reactions that suppressed the unit came up ({seen})");
}

/// tactics-battlefield-summary.md, "6. Roll Saves": a hero is infantry ("Infantry (squads, support
/// weapons, and heroes)"): out of cover it rolls the infantry save, a die a hit, 2 faces in 6.
#[test]
fn heroes_roll_the_infantry_save() {
    let (mut dice, mut saved, mut hits) = (0, 0, 0);
    for seed in 0..SEEDS {
        let mut hero = hero_card("Hero");
        hero.card.health = 40;
        let mut g = shooter(5, 6, 3).unit(Side::B, hero, &[(60.0, 50.0)], 180).game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        hits += total(&rolls(&g, n, Purpose::Hit)).1;
        let (d, s) = total(&rolls(&g, n, Purpose::Save));
        dice += d;
        saved += s;
    }
    assert_eq!(dice, hits);
    let rate = f64::from(saved) / f64::from(dice);
    assert!(dice > 300 && (0.23..0.44).contains(&rate), "hero's infantry save {saved}/{dice}");
}

/// tactics-battlefield-summary.md, "2. Check Range": C weapons "can only be used against targets in
/// close combat (within 5cm/2")"; "7. Suffer Damage": hits fall only on valid targets, the rest are
/// ignored. One target soldier is within 5 cm of the knife, the other two 12 cm away: only it can
/// fall.
#[test]
fn close_combat_hits_fall_only_on_miniatures_within_five_cm() {
    let mut many = 0;
    for seed in 0..SEEDS {
        let mut c = squad("A", 1, 3, 1);
        c.card.weapons[1] = weapon("Claws", None, 4);
        let mut g = Builder::default()
            .unit(Side::A, c, &[(50.0, 20.0)], 0)
            .unit(Side::B, squad("B", 3, 3, 1), &[(50.0, 25.0), (46.0, 36.0), (54.0, 36.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
        settle(&mut g);
        if rolls(&g, n, Purpose::Hit)[0].1 >= 2 {
            many += 1;
        }
        let left: Vec<Pt> = g.table().units[1].minis.iter().map(|m| m.body.centre()).collect();
        assert!(
            left.contains(&Pt::cm(46.0, 36.0)) && left.contains(&Pt::cm(54.0, 36.0)),
            "seed {seed}"
        );
    }
    assert!(many > 5);
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": "Remove eliminated heroes and aircraft from
/// the table." (No wreck: only vehicles leave one.)
#[test]
fn an_eliminated_hero_leaves_the_table_and_no_wreck() {
    for seed in 0..SEEDS {
        let mut hero = hero_card("Hero");
        hero.card.health = 1;
        let mut g = shooter(5, 6, 3).unit(Side::B, hero, &[(60.0, 50.0)], 180).game(seed);
        let terrain = g.table().terrain.len();
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        if g.units()[1].destroyed {
            assert!(g.table().units[1].minis.is_empty(), "seed {seed}: removed from the table");
            assert_eq!(g.table().terrain.len(), terrain, "seed {seed}: no wreck");
            return;
        }
    }
    panic!("the hero was never eliminated");
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "You cannot declare a reactive attack against a
/// unit that is taking a NOTHING action as its second action" — a NOTHING first (a suppressed
/// unit's rest) still opens the window, after it.
#[test]
fn a_nothing_first_is_answered_like_any_first_action() {
    let mut g = reaction_table(20.0).game(5);
    activate(&mut g, 0, &[Nothing, Move]);
    assert!(g.asks().starts_with("a reactive attack"), "{}", g.asks());
}

/// tactics-battlefield-summary.md, "5. Roll to Hit": "Roll the number of dice indicated multiplied
/// by the number of miniatures firing that weapon"; "Blast Weapons": "Roll 1 die for each miniature
/// … at least partly under the template". Two soldiers fire one mortar line at three soldiers under
/// the template: 2 x 3 dice (docs/rulings.md, "Battlefield: a blast fired by several miniatures").
#[test]
fn a_blast_fired_by_two_miniatures_rolls_twice_the_template_dice() {
    let mut c = squad("Mortars", 2, 6, 1);
    c.card.weapons[0] = bombardier(1).card.weapons[0].clone();
    c.bf.weapons = vec![bombardier(1).bf.weapons[0].clone(), Default::default()];
    let mut g = Builder::default()
        .unit(Side::A, c, &[(58.0, 20.0), (62.0, 20.0)], 0)
        .unit(Side::B, squad("Target", 3, 3, 1), &[(57.0, 50.0), (60.0, 50.0), (63.0, 50.0)], 180)
        .game(3);
    activate(&mut g, 0, &[Attack, Nothing]);
    let n = g.events().len();
    g.apply(Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: Some(Pt::cm(60.0, 50.0)),
    }]))
    .unwrap();
    assert_eq!(total(&rolls(&g, n, Purpose::Hit)).0, 6);
}

/// tactics-battlefield-summary.md, "1. Check Field of Fire": "Turret-mounted: in any direction;
/// Front-mounted: up to 45° on either side of the direction the vehicle or aircraft is facing".
#[test]
fn front_mounted_guns_fire_45_degrees_either_side_turrets_all_round() {
    for (mount, deg, ok) in [
        (dust_core::unit::Mount::Front, 30.0f64, true),
        (dust_core::unit::Mount::Front, 60.0, false),
        (dust_core::unit::Mount::Front, 180.0, false),
        (dust_core::unit::Mount::Turret, 180.0, true),
    ] {
        let mut tank = vehicle_card("Tank", Locomotion::Tracked);
        tank.bf.weapons[0].mount = Some(mount);
        let (s, c) = deg.to_radians().sin_cos();
        let mut g = Builder::default()
            .unit(Side::A, tank, &[(90.0, 60.0)], 0)
            .unit(Side::B, squad("Target", 1, 3, 1), &[(90.0 + 35.0 * s, 60.0 + 35.0 * c)], 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        assert_eq!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_ok(), ok, "{mount:?} at {deg}°");
    }
}

/// tactics-battlefield-summary.md, "7. Suffer Damage": "☠ as a damage rating indicates that the
/// miniature that was hit marks off all of the crosses on its damage track (if it has one) and is
/// eliminated." One hit of a 3/☠ gun wrecks a 4-cross tank.
#[test]
fn a_skull_hit_marks_off_every_cross() {
    use dust_core::unit::{ArmorType, BattlefrontValue, BattlefrontWeapon};
    for seed in 0..SEEDS {
        let mut c = squad("Gunners", 1, 6, 3);
        c.bf.weapons = vec![
            BattlefrontWeapon {
                values: vec![(ArmorType::Vehicle, 3, BattlefrontValue::Kill { dice: 3 })],
                ..Default::default()
            },
            Default::default(),
        ];
        let mut g = Builder::default()
            .unit(Side::A, c, &[(50.0, 20.0)], 0)
            .unit(Side::B, vehicle_card("Tank", Locomotion::Tracked), &[(50.0, 45.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        assert_eq!(g.units()[1].destroyed, hits > 0, "seed {seed}: {hits} hits");
        if hits == 1 {
            return;
        }
    }
    panic!("a single hit never came up");
}

/// tactics-battlefield-summary.md, "REACTIVE ATTACKS": "On ☒☒, the unit succeeds and will activate
/// for either a SUSTAINED ATTACK action" — "re-rolling all dice that failed to hit".
#[test]
fn a_reaction_of_two_symbols_may_be_a_sustained_attack() {
    for seed in 0..SEEDS {
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 2, 6, 1), &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::B, squad("B", 4, 6, 3), &row(4, 47.0, 52.5), 180)
            .game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        if rolls(&g, e, Purpose::Reactive)[0].1 == 2 {
            g.apply(Decision::ReactWith(dust_core::field::ReactChoice::Sustained)).unwrap();
            assert_eq!(g.current_action(), Some(Sustained));
            let n = g.events().len();
            g.apply(Decision::Attack(vec![aim(0, 0)])).unwrap();
            let (d, h) = total(&rolls(&g, n, Purpose::Hit));
            assert_eq!(d, 12);
            assert_eq!(total(&rolls(&g, n, Purpose::Reroll)).0, d - h, "seed {seed}: the misses re-rolled");
            return;
        }
    }
    panic!("two army symbols never came up");
}

/// tactics-battlefield-summary.md, "Terrain": "Roll a die when a tracked vehicle attempts to move
/// into, through, or out of terrain"; "BARBED WIRE ENTANGLEMENTS": "An infantry unit rolls a die
/// when attempting to move into, through, or out of a barbed wire entanglement". Starting inside
/// and moving out calls for the roll too; infantry crossing ordinary terrain rolls nothing.
#[test]
fn moving_out_of_terrain_rolls_too_and_infantry_roll_only_for_wire() {
    let rolled = |card: FieldCard, kind: TerrainKind, from: (f64, f64), to: (f64, f64)| {
        let vehicle = card.bf.locomotion.is_some();
        let mut g = Builder::default()
            .unit(Side::A, card, &[from], 0)
            .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 115.0)], 180)
            .terrain(kind, &[(60.0, 50.0), (120.0, 50.0), (120.0, 70.0), (60.0, 70.0)])
            .game(2);
        activate(&mut g, 0, &[Move, Nothing]);
        let n = g.events().len();
        let mut d = put(0, to.0, to.1);
        if vehicle {
            if let Decision::Move { facing, .. } = &mut d {
                *facing = Some(dust_geom::angle::Facing::deg(0));
            }
        }
        g.apply(d).unwrap_or_else(|r| panic!("{}", r.reason));
        rolls(&g, n, Purpose::Terrain).len()
    };
    let tank = || vehicle_card("Tank", Locomotion::Tracked);
    assert_eq!(
        rolled(tank(), TerrainKind::Rubble, (90.0, 62.0), (90.0, 78.0)),
        1,
        "a tank leaving rubble"
    );
    assert_eq!(
        rolled(squad("A", 1, 3, 1), TerrainKind::BarbedWire, (90.0, 68.0), (90.0, 76.0)),
        1,
        "infantry leaving wire"
    );
    assert_eq!(
        rolled(squad("A", 1, 3, 1), TerrainKind::Rubble, (90.0, 45.0), (90.0, 53.0)),
        0,
        "infantry entering rubble"
    );
}

/// tactics-battlefield-summary.md, "Terrain": "Miniatures can only move up to MOVE 2 (20cm/8") …
/// when moving into, through, or out of terrain" — out of it too: a Move 3 soldier standing in a
/// wood moves 20 cm out of it, not 25.
#[test]
fn moving_out_of_terrain_is_capped_too() {
    let mut c = squad("A", 1, 3, 1);
    c.card.movement = 3;
    let mut g = Builder::default()
        .unit(Side::A, c, &[(90.0, 60.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(170.0, 115.0)], 180)
        .terrain(TerrainKind::Woods, &[(80.0, 50.0), (100.0, 50.0), (100.0, 70.0), (80.0, 70.0)])
        .game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&put(0, 90.0, 80.0)).is_ok(), "20 cm");
    assert!(g.check(&put(0, 90.0, 85.0)).is_err(), "25 cm");
}

/// tactics-battlefield-summary.md, "END OF THE GAME": "The game ends at the end of a turn when … The
/// scenario reaches its turn limit"; with no AP destroyed by either side, neither "destroyed the
/// most APs": no winner.
#[test]
fn the_game_ends_at_the_end_of_the_last_turn() {
    let mut b = Builder::default().unit(Side::A, squad("A", 1, 3, 1), &[(10.0, 10.0)], 0).unit(
        Side::B,
        squad("B", 1, 3, 1),
        &[(170.0, 110.0)],
        180,
    );
    b.turns = 2;
    let mut g = b.game(4);
    rest_of_turn(&mut g);
    assert_eq!(g.turn(), 2);
    assert!(matches!(g.pending(), Pending::Decision(_)), "turn 2 is played");
    rest_of_turn(&mut g);
    assert_eq!(g.pending(), Pending::Over(None));
}

/// tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": passing counts the units "that have yet to
/// activate": an eliminated unit is not one of them.
#[test]
fn eliminated_units_do_not_count_for_passing() {
    for seed in 0..SEEDS {
        let mut g = shooter(10, 6, 3)
            .unit(Side::B, squad("B", 1, 3, 1), &[(60.0, 45.0)], 180)
            .unit(Side::B, squad("B2", 1, 3, 1), &[(170.0, 115.0)], 180)
            .unit(Side::A, squad("A2", 1, 3, 1), &[(10.0, 115.0)], 0)
            .game(seed);
        activate(&mut g, 0, &[Sustained]);
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        if g.units()[1].destroyed && g.asks().starts_with("a unit to activate") {
            // B: 1 unit left to activate (B2); A: 1 (A2). Not fewer: B may not pass.
            assert_eq!(g.pending(), Pending::Decision(Side::B));
            assert!(g.check(&Decision::Pass).is_err(), "seed {seed}");
            return;
        }
    }
    panic!("the squad was never destroyed");
}

/// tactics-battlefield-summary.md, "ADVANCED REACTIVE FIRE": "This unit … can attempt a reactive
/// attack at up to range 6 (60cm/24"). It counts (🎯) as (👤) when rolling for number of actions"
/// (the symbols are lost in the text; the target is the die's other symbol that counts with the
/// army symbol, docs/rulings.md, "Battlefield: Advanced Reactive Fire"): its reactive dice succeed on
/// 4 faces in 6, and it reacts from 55 cm.
#[test]
fn advanced_reactive_fire_reacts_from_sixty_cm_and_counts_two_symbols() {
    let (mut dice, mut succ) = (0u32, 0u32);
    for seed in 0..SEEDS {
        let mut c = squad("B", 2, 6, 1);
        c.card.skills.push(dust_core::unit::Skill::AdvancedReactiveFire);
        let mut g = Builder::default()
            .unit(Side::A, squad("A", 2, 6, 1), &[(50.0, 20.0), (53.0, 20.0)], 0)
            .unit(Side::B, c, &[(50.0, 30.0 + 2.5 + 55.0), (53.0, 30.0 + 2.5 + 55.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Move, Attack]);
        g.apply(shift(&g, 0, 0.0, 10.0)).unwrap();
        assert_eq!(g.reactors(), vec![1], "seed {seed}: 55 cm away");
        let e = g.events().len();
        g.apply(Decision::React(Some(1))).unwrap();
        let (d, s) = total(&rolls(&g, e, Purpose::Reactive));
        dice += d;
        succ += s;
    }
    let rate = f64::from(succ) / f64::from(dice);
    assert!((0.55..0.78).contains(&rate), "reactive dice counted {succ}/{dice}");
}

// ----- SKILLS --------------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "BLACK OPS": "If your force has this hero you roll 4 dice for
/// initiative rolls."
#[test]
fn black_ops_rolls_four_initiative_dice() {
    let mut hero = hero_card("Spy");
    hero.card.skills.push(dust_core::unit::Skill::BlackOps);
    let g = Builder::default()
        .unit(Side::A, squad("A", 1, 3, 1), &[(10.0, 10.0)], 0)
        .unit(Side::B, hero, &[(170.0, 110.0)], 180)
        .game(1);
    let first: Vec<(Purpose, u16)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Rolled {
                purpose: p @ Purpose::Initiative(_),
                dice,
                ..
            } => Some((*p, *dice)),
            _ => None,
        })
        .take(2)
        .collect();
    assert!(first.contains(&(Purpose::Initiative(Side::A), 3)), "{first:?}");
    assert!(first.contains(&(Purpose::Initiative(Side::B), 4)), "{first:?}");
}

/// tactics-battlefield-summary.md, "HELICOPTER": "Unlike other aircraft, a helicopter does not have to
/// take a MOVE action as its first action, so it may take SUSTAINED ATTACK actions."
#[test]
fn a_helicopter_need_not_move_first() {
    let mut heli = aircraft_card("Heli");
    heli.bf.skills.push(dust_core::unit::BattlefrontSkill::Hover);
    let mut g = Builder::default()
        .unit(Side::A, heli, &[(50.0, 30.0)], 0)
        .unit(Side::B, squad("B", 1, 3, 1), &[(50.0, 100.0)], 180)
        .game(1);
    if g.asks().starts_with("who goes first") {
        g.apply(Decision::First(Side::A)).unwrap();
    }
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.check(&Decision::Plan(vec![Sustained])).is_ok());
    assert!(g.check(&Decision::Plan(vec![Attack, Move])).is_ok());
}

/// tactics-battlefield-summary.md, "DAMAGE RESILIENT": "Each time an infantry squad with this skill
/// is assigned a hit that is not cancelled by a save, roll a die. On (☒) cancel the hit. Each time a
/// support weapon, hero, vehicle, or aircraft unit with this skill is assigned a hit that is not
/// cancelled by a save, roll 1 die for each point of damage marked off the unit's damage track. Each
/// (☒) cancels 1 point of damage."
#[test]
fn damage_resilient_rolls_a_die_a_hit_for_squads_and_a_die_a_point_for_vehicles() {
    let (mut squad_seen, mut tank_seen) = (0, 0);
    for seed in 0..SEEDS {
        // A squad: one die for each unsaved hit.
        let mut t = squad("Target", 10, 3, 1);
        t.card.skills.push(dust_core::unit::Skill::DamageResilient);
        let mut g = shooter(4, 6, 2).unit(Side::B, t, &row(10, 40.0, 50.0), 180).game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let (_, saved) = total(&rolls(&g, n, Purpose::Save));
        let (rd, rs) = total(&rolls(&g, n, Purpose::Resilient));
        assert_eq!(rd, hits - saved, "seed {seed}: a die for each unsaved hit");
        assert_eq!(
            10 - g.units()[1].models.len() as u32,
            rd - rs,
            "seed {seed}: each success cancels a hit"
        );
        if rd > 0 {
            squad_seen += 1;
        }
        // A vehicle hit by a 2-damage gun: two dice for each unsaved hit.
        let mut c = squad("Gunners", 2, 6, 3);
        c.card.weapons[0].table.vehicle[2] = dust_core::unit::CombatValue::Dice { dice: 3, damage: 2 };
        let mut tank = vehicle_card("Tank", Locomotion::Tracked);
        tank.card.health = 30;
        tank.card.skills.push(dust_core::unit::Skill::DamageResilient);
        let mut g = Builder::default()
            .unit(Side::A, c, &row(2, 50.0, 20.0), 0)
            .unit(Side::B, tank, &[(50.0, 45.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let n = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        let (_, hits) = total(&rolls(&g, n, Purpose::Hit));
        let (rd, rs) = total(&rolls(&g, n, Purpose::Resilient));
        assert_eq!(rd, 2 * hits, "seed {seed}: a die for each point of damage");
        assert_eq!(u32::from(30 - g.units()[1].health), rd - rs, "seed {seed}");
        if rd > 0 {
            tank_seen += 1;
        }
    }
    assert!(squad_seen > 10 && tank_seen > 10);
}
