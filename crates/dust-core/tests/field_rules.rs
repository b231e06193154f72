//! Dust Battlefield's rules flow, clause by clause, from tactics-battlefield-summary.md (each
//! test names its section and quotes the words it checks). Tables and cards are built by hand
//! (`dust_core::field::tests_support`): the numbers are the tests' own.

use dust_core::field::tests_support::{
    activate, aircraft_card, hero_card, rolls as rolled, squad_card, support_card, vehicle_card, weapon, Builder,
};
use dust_core::field::{Action, Aim, Class, Decision, Event, FieldGame, MiniMove, Pending, Purpose, Reserves, SetupError};
use dust_core::unit::Locomotion;
use dust_core::Side;
use dust_geom::exact::Pt;
use dust_geom::table::TerrainKind;

use Action::*;

fn line(n: usize, x: f64, y: f64) -> Vec<(f64, f64)> {
    (0..n).map(|i| (x + 3.0 * i as f64, y)).collect()
}

fn mv(g: &FieldGame, u: usize, dx: f64, dy: f64) -> Decision {
    let minis = (0..g.table().units[u].minis.len())
        .map(|i| {
            let c = g.table().units[u].minis[i].body.centre();
            MiniMove {
                mini: i,
                to: c.add(Pt::cm(dx, dy)),
                via: Vec::new(),
            }
        })
        .collect();
    Decision::Move { minis, facing: None }
}

/// A squad of side A at y = 20 and side B's squad `gap` cm further (base edge to base edge).
fn duel(gap: f64) -> Builder {
    Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 20.0 + 2.5 + gap), 180)
}

// ----- SETUP ---------------------------------------------------------------------------------

/// "SETUP": "Both sides must field units whose total AP value does not exceed an AP limit
/// chosen by the players".
#[test]
fn setup_ap_limit() {
    let mut s = duel(30.0).setup();
    s.ap_limit = Some(29);
    assert_eq!(
        FieldGame::new(s.clone(), 1).err(),
        Some(SetupError::OverLimit {
            side: Side::A,
            ap: 30,
            limit: 29
        })
    );
    s.ap_limit = Some(30);
    assert!(FieldGame::new(s, 1).is_ok());
}

// ----- ROLL FOR INITIATIVE ---------------------------------------------------------------------

/// "ROLL FOR INITIATIVE": "Each player rolls 3 dice. The player who rolled the most (👤) wins
/// the initiative and chooses which player goes first. On a tie, whoever rolled the most (🎯)
/// wins … On a further tie, both players re-roll."
#[test]
fn initiative_three_dice_and_tie_breaks() {
    for seed in 0..200 {
        let g = duel(30.0).game(seed);
        let rolls: Vec<(Purpose, u16, u16)> = g
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { purpose, dice, successes } => Some((*purpose, *dice, *successes)),
                _ => None,
            })
            .collect();
        let winner = g.events().iter().find_map(|e| match e {
            Event::InitiativeWon(s) => Some(*s),
            _ => None,
        });
        let winner = winner.expect("someone wins");
        assert_eq!(g.pending(), Pending::Decision(winner), "the winner chooses who goes first");
        // The last round of rolls decided: the most army symbols, else the most targets.
        let army: Vec<&(Purpose, u16, u16)> = rolls.iter().filter(|r| matches!(r.0, Purpose::Initiative(_))).collect();
        assert!(army.iter().all(|r| r.1 == 3), "three dice each");
        let (a, b) = (army[army.len() - 2].2, army[army.len() - 1].2);
        if a != b {
            assert_eq!(winner, if a > b { Side::A } else { Side::B });
        } else {
            let t: Vec<u16> = rolls
                .iter()
                .filter(|r| matches!(r.0, Purpose::InitiativeTargets(_)))
                .map(|r| r.2)
                .collect();
            let (ta, tb) = (t[t.len() - 2], t[t.len() - 1]);
            assert_ne!(ta, tb);
            assert_eq!(winner, if ta > tb { Side::A } else { Side::B });
        }
    }
}

/// "If a player has fewer units … that have yet to activate than their opponent, they may
/// elect to pass rather than activate a unit."
#[test]
fn passing_needs_fewer_units_left() {
    // Side A has 1 unit, side B 2.
    let mut g = b_first(3);
    g.apply(Decision::First(Side::B)).unwrap();
    let r = g.check(&Decision::Pass).unwrap_err();
    assert!(r.reason.contains("may not pass"), "{r}");
    let mut g = b_first(4);
    g.apply(Decision::First(Side::A)).unwrap();
    assert!(g.check(&Decision::Pass).is_ok(), "side A has fewer units to activate");
    g.apply(Decision::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Decision(Side::B));
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    // One each left: nobody may pass.
    assert_eq!(g.pending(), Pending::Decision(Side::A));
    assert!(g.check(&Decision::Pass).is_err());
}

fn b_first(seed: u64) -> FieldGame {
    duel(60.0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 120.0, 100.0), 180)
        .game(seed)
}

/// "Players alternate activating their units. If a player has activated all of their units and
/// the other player still has units to activate, the other player continues … Once all units
/// have been activated, the turn is over".
#[test]
fn alternation_and_the_end_of_a_turn() {
    let mut g = b_first(5);
    g.apply(Decision::First(Side::A)).unwrap();
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    assert_eq!(g.pending(), Pending::Decision(Side::B));
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    // A has none left: B goes on.
    assert_eq!(g.pending(), Pending::Decision(Side::B));
    g.apply(Decision::Activate(2)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    assert_eq!(g.turn(), 2, "a new turn begins");
    assert!(g.units().iter().all(|u| !u.activated), "both players turn their cards back");
}

/// "An activated unit performs 2 actions"; "must take a MARCH MOVE action instead of 2 MOVE
/// actions, or a SUSTAINED ATTACK action instead of 2 ATTACK actions"; "a unit can never
/// perform more than 3 actions during an activation."
#[test]
fn two_actions_never_more_than_three() {
    let mut g = duel(30.0).game(1);
    g.apply(Decision::First(Side::A)).unwrap();
    g.apply(Decision::Activate(0)).unwrap();
    let refused = |p: Vec<Action>| g.check(&Decision::Plan(p)).unwrap_err().reason;
    assert!(refused(vec![Move]).contains("performs 2 actions"));
    assert!(refused(vec![Move, Attack, Nothing]).contains("performs 2 actions"));
    assert!(refused(vec![March, Attack, Nothing]).contains("never perform more than 3"));
    assert!(refused(vec![Move, Move]).contains("MARCH MOVE"));
    assert!(refused(vec![Attack, Attack]).contains("SUSTAINED ATTACK"));
    for p in [vec![Move, Attack], vec![March], vec![Sustained], vec![Nothing, Attack]] {
        assert!(g.check(&Decision::Plan(p)).is_ok());
    }
}

/// "Aircraft must take a MOVE or MARCH MOVE action as their first action in each activation,
/// unless they have the Helicopter special rule."
#[test]
fn aircraft_move_first() {
    let mut g = duel(30.0).unit(Side::A, aircraft_card("Fighter"), &[(120.0, 40.0)], 0).game(1);
    g.apply(Decision::First(Side::A)).unwrap();
    g.apply(Decision::Activate(2)).unwrap();
    assert!(g
        .check(&Decision::Plan(vec![Attack, Move]))
        .unwrap_err()
        .reason
        .contains("first action"));
    assert!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok());
}

// ----- MOVE & MARCH MOVE ------------------------------------------------------------------------

/// "A unit's Move rating is the maximum distance it can move per MOVE action. Each point of
/// Move rating equals 10cm"; "A unit making a MARCH MOVE action doubles its Move rating".
#[test]
fn move_ten_cm_a_point_march_doubles() {
    let mut g = duel(60.0).game(2);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 0.0, 10.0)).is_ok());
    let r = g.check(&mv(&g, 0, 0.0, 10.5)).unwrap_err();
    assert!(r.reason.contains("m"), "{r}");
    let mut g = duel(60.0).game(2);
    activate(&mut g, 0, &[March]);
    assert!(g.check(&mv(&g, 0, 0.0, 20.0)).is_ok());
    assert!(g.check(&mv(&g, 0, 0.0, 20.5)).is_err());
}

/// "Infantry units must end their movement with all of their miniatures within 15cm … of
/// every other miniature in the unit".
#[test]
fn coherency_fifteen_cm() {
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &[(50.0, 20.0), (55.0, 20.0), (60.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 100.0), 180)
        .game(2);
    activate(&mut g, 0, &[Move, Nothing]);
    let c = g.table().units[0].minis[2].body.centre();
    // m2 at x = 60 moves 8.5 cm right: its base edge ends 18.5 - 2.5 = 16.0 cm from m0's.
    let d = Decision::Move {
        minis: vec![MiniMove {
            mini: 2,
            to: c.add(Pt::cm(8.5, 0.0)),
            via: vec![],
        }],
        facing: None,
    };
    let r = g.check(&d).unwrap_err();
    assert!(r.reason.contains("coherency is 15 cm") && r.reason.contains("16.0 cm"), "{r}");
    let ok = Decision::Move {
        minis: vec![MiniMove {
            mini: 2,
            to: c.add(Pt::cm(7.5, 0.0)),
            via: vec![],
        }],
        facing: None,
    };
    assert!(g.check(&ok).is_ok());
}

/// "Miniatures can only move up to MOVE 2 (20cm/8") or MARCH MOVE 4 (40cm/16") when moving into,
/// through, or out of terrain features such as trees …": a walker of Move 3 may move 25 cm in
/// the open but not 25 cm into a wood.
#[test]
fn terrain_caps_the_move() {
    let mut fast = vehicle_card("Walker", Locomotion::Walker);
    fast.card.movement = 3;
    let b = Builder::default()
        .unit(Side::A, fast, &[(30.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 100.0), 180)
        .terrain(TerrainKind::Woods, &[(0.0, 40.0), (60.0, 40.0), (60.0, 80.0), (0.0, 80.0)]);
    let mut g = b.game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 25.0, 0.0)).is_ok(), "25 cm in the open");
    assert!(g.check(&mv(&g, 0, 0.0, 19.0)).is_ok(), "19 cm, into the wood");
    let r = g.check(&mv(&g, 0, 0.0, 25.0)).unwrap_err();
    assert!(
        r.reason.contains("Woods") || r.reason.contains("woods") || r.reason.contains("terrain"),
        "{r}"
    );
}

/// "Roll a die when a tracked vehicle attempts to move into, through, or out of terrain. On a
/// (👤) or (🎯), the vehicle may complete its movement. On a (👤🎯) [the shield], it is stuck";
/// half-tracked and wheeled: "On a (👤), the vehicle may complete its movement" — stuck one time
/// in three, and two in three.
#[test]
fn vehicles_roll_to_enter_terrain() {
    for (loco, stuck_in_3) in [(Locomotion::Tracked, 1.0), (Locomotion::Wheeled, 2.0)] {
        let mut stuck = 0;
        let n = 300;
        for seed in 0..n {
            let mut g = Builder::default()
                .unit(Side::A, vehicle_card("Tank", loco), &[(30.0, 30.0)], 0)
                .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 100.0), 180)
                .terrain(TerrainKind::Crops, &[(0.0, 40.0), (60.0, 40.0), (60.0, 80.0), (0.0, 80.0)])
                .game(seed);
            activate(&mut g, 0, &[Move, Nothing]);
            let before = g.table().units[0].minis[0].body.centre();
            g.apply(mv(&g, 0, 0.0, 15.0)).unwrap();
            if g.table().units[0].minis[0].body.centre() == before {
                stuck += 1;
                assert!(g.events().iter().any(|e| matches!(e, Event::Halted(0))));
            }
        }
        let f = f64::from(stuck) / n as f64;
        assert!((f - stuck_in_3 / 3.0).abs() < 0.08, "{loco:?}: stuck {f}");
    }
    // A walker does not roll.
    let mut g = Builder::default()
        .unit(Side::A, vehicle_card("Walker", Locomotion::Walker), &[(30.0, 30.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 100.0), 180)
        .terrain(TerrainKind::Crops, &[(0.0, 40.0), (60.0, 40.0), (60.0, 80.0), (0.0, 80.0)])
        .game(0);
    activate(&mut g, 0, &[Move, Nothing]);
    g.apply(mv(&g, 0, 0.0, 15.0)).unwrap();
    assert!(!g.events().iter().any(|e| matches!(
        e,
        Event::Rolled {
            purpose: Purpose::Terrain,
            ..
        }
    )));
}

/// "Units cannot move through the wall of a building"; "Terrain features such as building walls,
/// cliffs, and deep water are impassable": the refusal says where.
#[test]
fn impassable_terrain_refused_with_where() {
    let mut g = duel(80.0)
        .terrain(TerrainKind::Wall, &[(40.0, 25.0), (70.0, 25.0), (70.0, 26.0), (40.0, 26.0)])
        .game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let r = g.check(&mv(&g, 0, 0.0, 9.0)).unwrap_err();
    assert!(r.reason.contains("wall") && r.reason.contains("at ("), "{r}");
}

/// docs/rulings.md, "Battlefield: a path may not leave the table" (tactics-battlefield-summary.md,
/// "MOVE & MARCH MOVE ACTIONS", "Reserves", "SUFFER DAMAGE"): a miniature is on the table from
/// when it enters until it is removed, so a measured path may bend only where the whole base
/// stays on the table. A soldier 5 cm from the west edge, Move 3 (30 cm): a 24.4 cm path that
/// bends 2 cm beyond the edge is refused, saying where; the same bend with the base just on the
/// table (its centre 1.5 cm in, bases 2.5 cm across) is accepted; a bend with the centre on the
/// table but the base hanging over the edge is refused.
#[test]
fn a_path_may_not_bend_off_the_table() {
    let mut c = squad_card("Rangers", 1);
    c.card.movement = 3;
    let b = Builder::default()
        .unit(Side::A, c, &[(5.0, 60.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180);
    let mut g = b.game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let bend = |x: f64| Decision::Move {
        minis: vec![MiniMove {
            mini: 0,
            to: Pt::cm(5.0, 80.0),
            via: vec![Pt::cm(x, 70.0)],
        }],
        facing: None,
    };
    let r = g.check(&bend(-2.0)).unwrap_err();
    assert!(r.reason.contains("off the table") && r.reason.contains("(-2.0, 70.0)"), "{r}");
    assert!(g.check(&bend(1.5)).is_ok(), "the base touches the edge: on the table");
    let r = g.check(&bend(1.0)).unwrap_err();
    assert!(r.reason.contains("off the table"), "{r}");
    // The straight way is legal, and so is the path that bends on the table: only the bend
    // off the edge is refused.
    assert!(g.check(&mv(&g, 0, 0.0, 20.0)).is_ok());
    assert!(g.apply(bend(3.0)).is_ok());
}

// ----- ATTACK ---------------------------------------------------------------------------------

/// "2. Check Range": "Each point of a weapon's Range equals 10cm/4". Measure range from each
/// attacking miniature to the nearest miniature in the target unit … from the base edges."
#[test]
fn range_base_edge_to_base_edge() {
    let aim = Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: None,
    }]);
    let mut g = duel(30.0).game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    assert!(g.check(&aim).is_ok(), "30 cm: range 3");
    let mut g = duel(30.5).game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let r = g.check(&aim).unwrap_err();
    assert!(r.reason.contains("30.5 cm") && r.reason.contains("range 4"), "{r}");
}

/// "Close Combat (C) Close combat weapons can only be used against targets in close combat
/// (within 5cm/2")."
#[test]
fn close_combat_within_five_cm() {
    let knife = Decision::Attack(vec![Aim {
        line: 1,
        target: 1,
        at: None,
    }]);
    let mut g = duel(5.0).game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    assert!(g.check(&knife).is_ok());
    let mut g = duel(5.5).game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    assert!(g.check(&knife).unwrap_err().reason.contains("within 5 cm"));
}

/// "3. Check Line of Sight": "If every imaginary line traced from the attacking miniature to the
/// target miniatures passes through or touches blocking terrain …, then LOS is blocked."
#[test]
fn no_line_of_sight_through_a_wall() {
    let mut g = duel(20.0)
        .terrain(TerrainKind::Wall, &[(30.0, 30.0), (80.0, 30.0), (80.0, 31.0), (30.0, 31.0)])
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let r = g
        .check(&Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap_err();
    assert!(r.reason.contains("no line of sight"), "{r}");
}

/// "6. Roll Saves": "If a unit is in cover from some miniatures in the attacking unit, but not
/// from others, the attacking player needs to roll the combat dice separately"; "A miniature at
/// least partly in or behind area terrain is in cover"; "An infantry unit is in cover from an
/// attacking miniature if at least half of the unit is in cover".
#[test]
fn cover_per_attacking_miniature_and_half_the_squad() {
    // The target squad of 2: one miniature behind a hedge from the left attacker only.
    let b = Builder::default()
        .unit(Side::A, squad_card("Rangers", 2), &[(40.0, 20.0), (80.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 2), &[(55.0, 40.0), (65.0, 40.0)], 180)
        .terrain(TerrainKind::Hedge, &[(40.0, 30.0), (50.0, 30.0), (50.0, 31.0), (40.0, 31.0)]);
    let g = b.clone().game(1);
    assert!(g.in_cover_from(0, 0, 1), "one of two behind the hedge: half the unit is in cover");
    assert!(!g.in_cover_from(0, 1, 1), "seen whole from the right");
    let mut g = b.game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let odds = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    let covers: Vec<bool> = odds.groups.iter().map(|(gr, _, _)| gr.cover).collect();
    assert_eq!(covers, vec![false, true], "rolled apart");
}

/// "If the target was an infantry unit in cover, … Each ☒ or ☑ cancels 1 hit"; "an infantry
/// unit that does not get a cover save … still gets an infantry save … Each ☒ cancels 1 hit";
/// "a vehicle unit in cover … Each ☒ cancels 1 hit"; "Units hit by C weapons do not get any
/// cover or infantry saves."
#[test]
fn saves_by_the_book() {
    use dust_core::dice::Symbols;
    let g = duel(5.0).game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(o.groups[0].0.save, Some(Symbols::ARMY), "infantry save in the open");
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 1,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(o.groups[0].0.save, None, "no save against C weapons");
    let g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 1), &[(20.0, 20.0)], 0)
        .unit(Side::B, vehicle_card("Tank", Locomotion::Tracked), &[(20.0, 40.0)], 180)
        .game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(o.groups[0].0.save, None, "a vehicle in the open has no save");
    let g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 1), &[(20.0, 10.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(20.0, 40.0)], 180)
        .terrain(TerrainKind::Hedge, &[(0.0, 30.0), (50.0, 30.0), (50.0, 31.0), (0.0, 31.0)])
        .game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(o.groups[0].0.save, Some(Symbols::ARMY_OR_SHIELD), "infantry in cover");
}

/// "If there are no miniatures left in the unit that are valid targets (in the weapon's field
/// of fire, range, and LOS …), any remaining hits are ignored."
#[test]
fn out_of_reach_hits_are_ignored() {
    // The target's miniatures at 25, 34 and 43 cm: only the first is within the rifle's 30 cm.
    let b = Builder::default().unit(Side::A, squad_card("Rangers", 1), &[(50.0, 20.0)], 0).unit(
        Side::B,
        squad_card("Grenadiers", 3),
        &[(50.0, 47.5), (50.0, 56.5), (50.0, 65.5)],
        180,
    );
    let g = b.clone().game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(o.groups[0].0.valid, vec![0]);
    let mut rifle20 = squad_card("Rangers", 1);
    rifle20.card.weapons[0] = weapon("Big rifle", Some(3), 20);
    for seed in 0..30 {
        let mut g = Builder::default()
            .unit(Side::A, rifle20.clone(), &[(50.0, 20.0)], 0)
            .unit(
                Side::B,
                squad_card("Grenadiers", 3),
                &[(50.0, 47.5), (50.0, 56.5), (50.0, 65.5)],
                180,
            )
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        assert!(g.units()[1].models.len() >= 2, "at most one casualty: the others are out of range");
    }
}

/// "Eliminated vehicles are marked as wrecks and become a terrain feature"; "Remove eliminated
/// heroes and aircraft from the table."
#[test]
fn a_destroyed_vehicle_leaves_a_wreck() {
    let mut big = squad_card("Rangers", 1);
    big.card.weapons[0] = weapon("Bazooka", Some(3), 30);
    for seed in 0..10 {
        let mut g = Builder::default()
            .unit(Side::A, big.clone(), &[(50.0, 20.0)], 0)
            .unit(Side::B, vehicle_card("Tank", Locomotion::Tracked), &[(50.0, 40.0)], 180)
            .unit(Side::B, hero_card("Hero"), &[(150.0, 100.0)], 180)
            .game(seed);
        let terrain = g.table().terrain.len();
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        if g.units()[1].destroyed {
            assert_eq!(g.table().terrain.len(), terrain + 1);
            assert_eq!(g.table().terrain[terrain].kind, TerrainKind::Wreck);
            assert!(g.table().units[1].minis.is_empty());
            return;
        }
    }
    panic!("30 dice against 4 points never destroyed the tank");
}

// ----- SUPPRESSION ------------------------------------------------------------------------------

fn hits_of(g: &FieldGame) -> u16 {
    g.events()
        .iter()
        .map(|e| match e {
            Event::Rolled {
                purpose: Purpose::Hit | Purpose::Reroll,
                successes,
                ..
            } => *successes,
            _ => 0,
        })
        .sum()
}

/// "Any unit hit by an ATTACK … even if the hits were saved, receives an Under Fire token. If
/// it already has an Under Fire token, it replaces it with a Suppression token"; "A unit hit 10
/// times in a single ATTACK … receives a Suppression token".
#[test]
fn under_fire_suppression_and_ten_hits() {
    let mut seen = [false; 3];
    for (dice, seed) in (0..60).map(|s| (if s % 2 == 0 { 2 } else { 30 }, s)) {
        let mut c = squad_card("Rangers", 1);
        c.card.weapons[0] = weapon("Gun", Some(3), dice);
        let mut g = Builder::default()
            .unit(Side::A, c, &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 10), &line(10, 36.0, 40.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        let h = hits_of(&g);
        let t = g.units()[1].tokens;
        if g.units()[1].destroyed {
            continue;
        }
        match h {
            0 => assert!(!t.under_fire && !t.suppressed),
            1..=9 => {
                assert!(t.under_fire && !t.suppressed);
                seen[0] = true;
            }
            _ => {
                if !g.units()[1].destroyed {
                    assert!(t.suppressed && !t.under_fire, "10 hits: suppressed");
                    seen[1] = true;
                }
            }
        }
    }
    assert!(seen[0] && seen[1]);
}

/// "Heroes cannot be suppressed, so never receive Under Fire or Suppression tokens."
#[test]
fn heroes_are_never_suppressed() {
    let mut c = squad_card("Rangers", 1);
    c.card.weapons[0] = weapon("Gun", Some(3), 6);
    for seed in 0..20 {
        let mut g = Builder::default()
            .unit(Side::A, c.clone(), &[(50.0, 20.0)], 0)
            .unit(Side::B, hero_card("Hero"), &[(50.0, 40.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        assert_eq!(g.units()[1].tokens, Default::default());
    }
}

/// "A unit with a Suppression token cannot fight"; "If the unit still has a Suppression token
/// after rolling to remove it, the unit must perform a NOTHING action as its first action";
/// "If a unit has an Under Fire token when it activates, roll 2 dice. If either die scores ☒,
/// remove the token" (5 times in 9).
#[test]
fn rallying_from_tokens() {
    let mut removed = 0;
    let n = 400;
    for seed in 0..n {
        let mut g = duel(30.0).game(seed);
        g.apply(Decision::First(Side::A)).unwrap();
        let mut g2 = g.clone();
        set_tokens(&mut g2, 0, true, false);
        g2.apply(Decision::Activate(0)).unwrap();
        if !g2.units()[0].tokens.under_fire {
            removed += 1;
        }
        set_tokens(&mut g, 0, false, true);
        g.apply(Decision::Activate(0)).unwrap();
        if g.units()[0].tokens.suppressed {
            assert!(g.check(&Decision::Plan(vec![Attack, Nothing])).is_err());
            assert!(g
                .check(&Decision::Plan(vec![Move, Nothing]))
                .unwrap_err()
                .reason
                .contains("NOTHING"));
            assert!(g.check(&Decision::Plan(vec![Nothing, Move])).is_ok());
        }
    }
    let f = f64::from(removed) / n as f64;
    assert!((f - 5.0 / 9.0).abs() < 0.07, "{f}");
}

fn set_tokens(g: &mut FieldGame, u: usize, under_fire: bool, suppressed: bool) {
    g.set_tokens(u, dust_core::field::Tokens { under_fire, suppressed });
}

// ----- REACTIVE ATTACKS --------------------------------------------------------------------------

/// "Once the opposing player has completed their first action, you can declare that one of your
/// units that has not yet activated, and that is at range 4 (40cm/16") or less from the
/// activating unit, will take a REACTIVE ATTACK"; "Whether you succeed or not, attempting a
/// reactive attack activates your unit."
#[test]
fn reactive_attack_window_and_range() {
    let mut g = duel(40.0).game(7);
    activate(&mut g, 0, &[Nothing, Move]);
    assert_eq!(g.pending(), Pending::Decision(Side::B), "the window after the first action");
    assert_eq!(g.reactors(), vec![1]);
    g.apply(Decision::React(Some(1))).unwrap();
    assert!(g.units()[1].activated);
    let mut g = duel(40.5).game(7);
    activate(&mut g, 0, &[Nothing, Move]);
    assert!(g.reactors().is_empty(), "40.5 cm is beyond range 4");
    assert_eq!(g.pending(), Pending::Decision(Side::A));
}

/// "You cannot declare a reactive attack against a unit that is taking a SUSTAINED ATTACK
/// action. You cannot declare a reactive attack against a unit that is taking a NOTHING action
/// as its second action."
#[test]
fn no_reaction_to_sustained_or_a_second_nothing() {
    for plan in [vec![Sustained], vec![Move, Nothing]] {
        let mut g = duel(20.0).game(7);
        activate(&mut g, 0, &plan);
        let mut seen_react = false;
        while let Pending::Decision(_) = g.pending() {
            let c = g.candidates(4);
            seen_react |= c.iter().any(|d| matches!(d, Decision::React(_)));
            if g.units()[0].activated && g.acting().is_none() {
                break;
            }
            g.apply(c[0].clone()).unwrap();
        }
        assert!(!seen_react, "{plan:?}");
    }
}

/// "This action can only target the unit your opponent activated"; "Units making a reactive
/// attack cannot use C weapons"; "Aircraft cannot make reactive attacks."
#[test]
fn reactive_attack_targets_and_weapons() {
    let b = duel(4.0).unit(Side::A, squad_card("Rangers", 3), &line(3, 120.0, 20.0), 0);
    for seed in 0..40 {
        let mut g = b.clone().game(seed);
        activate(&mut g, 0, &[Nothing, Move]);
        g.apply(Decision::React(Some(1))).unwrap();
        if g.pending() == Pending::Decision(Side::B) {
            if g.check(&Decision::ReactWith(dust_core::field::ReactChoice::Sustained)).is_ok() {
                g.apply(Decision::ReactWith(dust_core::field::ReactChoice::Sustained)).unwrap();
            }
            let r = g.check(&Decision::Attack(vec![Aim {
                line: 0,
                target: 2,
                at: None,
            }]));
            assert!(r.unwrap_err().reason.contains("only target"));
            let r = g.check(&Decision::Attack(vec![Aim {
                line: 1,
                target: 0,
                at: None,
            }]));
            assert!(r.unwrap_err().reason.contains("C weapons"));
            assert!(g
                .check(&Decision::Attack(vec![Aim {
                    line: 0,
                    target: 0,
                    at: None
                }]))
                .is_ok());
            return;
        }
    }
    panic!("no reaction succeeded in 40 seeds");
}

#[test]
fn aircraft_never_react() {
    let mut g = duel(60.0).unit(Side::B, aircraft_card("Fighter"), &[(55.0, 40.0)], 180).game(1);
    activate(&mut g, 0, &[Nothing, Move]);
    assert!(!g.reactors().contains(&2));
}

/// "If the opposing unit is performing a MARCH MOVE action, the unit makes a normal MOVE action
/// before you attempt the reactive attack, then completes its march move afterwards."
#[test]
fn a_march_move_is_interrupted_after_a_move() {
    let mut g = duel(45.0).game(3);
    activate(&mut g, 0, &[March]);
    let start = g.table().units[0].minis[0].body.centre();
    g.apply(mv(&g, 0, 0.0, 20.0)).unwrap();
    assert_eq!(g.pending(), Pending::Decision(Side::B), "the reaction comes mid-march");
    assert_eq!(
        g.table().units[0].minis[0].body.centre(),
        start.add(Pt::cm(0.0, 10.0)),
        "a normal Move's length"
    );
    g.apply(Decision::React(None)).unwrap();
    assert_eq!(
        g.table().units[0].minis[0].body.centre(),
        start.add(Pt::cm(0.0, 20.0)),
        "the march completed"
    );
}

// ----- END OF THE GAME ----------------------------------------------------------------------------

/// "Objectives are captured at the end of a turn by having a miniature within range 1
/// (10cm/4") of the objective (provided it did not take a MARCH MOVE action as its last action),
/// and not having any enemy miniatures within range 1 of it. Aircraft cannot take or prevent
/// the enemy from taking an objective."
#[test]
fn objectives_within_ten_cm() {
    let g = duel(60.0).objective(53.0, 30.0).game(1);
    // Side A's base edge is 10 - 1.25 cm from the objective: held.
    assert_eq!(g.objective_holder(Pt::cm(53.0, 30.0)), Some(Side::A));
    assert_eq!(g.objective_holder(Pt::cm(53.0, 32.0)), None, "10.75 cm");
    let g = duel(60.0).unit(Side::B, aircraft_card("Fighter"), &[(53.0, 30.0)], 0).game(1);
    assert_eq!(
        g.objective_holder(Pt::cm(53.0, 28.0)),
        Some(Side::A),
        "an aircraft does not contest"
    );
    let g = duel(8.0).game(1);
    assert_eq!(g.objective_holder(Pt::cm(53.0, 27.0)), None, "an enemy within range 1 contests");
}

/// "The game ends at the end of a turn when … The scenario reaches its turn limit … both sides
/// total the APs of the units they eliminated …, and the player who destroyed the most APs
/// wins." A game of NOTHING actions ends in a draw at the turn limit.
#[test]
fn the_turn_limit_ends_the_game() {
    let mut b = duel(60.0);
    b.turns = 2;
    let mut g = b.game(9);
    while let Pending::Decision(_) = g.pending() {
        let c = g.candidates(2);
        let d = c
            .iter()
            .find(|d| matches!(d, Decision::Plan(p) if p == &vec![Nothing, Nothing]))
            .cloned()
            .unwrap_or_else(|| c[0].clone());
        g.apply(d).unwrap();
    }
    assert_eq!(g.pending(), Pending::Over(None));
    assert_eq!(g.turn(), 2);
}

/// "All of one player's units on the board are eliminated … The player who destroyed all of the
/// enemy's units … wins the game" — at the end of the turn.
#[test]
fn wiping_out_the_enemy_wins_at_the_end_of_the_turn() {
    let mut big = squad_card("Rangers", 1);
    big.card.weapons[0] = weapon("Gun", Some(3), 40);
    for seed in 0..20 {
        let mut g = Builder::default()
            .unit(Side::A, big.clone(), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(50.0, 40.0)], 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        if g.units()[1].destroyed {
            assert_eq!(g.pending(), Pending::Over(Some(Side::A)));
            assert_eq!(g.destroyed_ap().a, 10);
            return;
        }
    }
    panic!("never destroyed");
}

// ----- Support weapons, determinism ---------------------------------------------------------------

/// "Support weapons with a front field of fire can only attack targets up to 45° on either side
/// of the direction they are facing."
#[test]
fn support_weapons_fire_in_their_front_arc() {
    let g = Builder::default()
        .unit(Side::A, support_card("MG"), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Ahead", 1), &[(50.0, 40.0)], 180)
        .unit(Side::B, squad_card("Aside", 1), &[(80.0, 22.0)], 180)
        .game(1);
    assert!(g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None
            }],
            false
        )
        .is_ok());
    let r = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 2,
                at: None,
            }],
            false,
        )
        .unwrap_err();
    assert!(r.reason.contains("field of fire"), "{r}");
}

/// The same seed and the same decisions make the same game, bit for bit.
#[test]
fn same_seed_same_decisions_same_game() {
    let play = |seed: u64| {
        let mut g = duel(25.0)
            .unit(Side::B, vehicle_card("Tank", Locomotion::Tracked), &[(100.0, 60.0)], 180)
            .game(seed);
        let mut decisions = Vec::new();
        let mut rng = dust_core::GameRng::new(seed);
        while let Pending::Decision(_) = g.pending() {
            let c = g.candidates(5);
            let d = c[rng.index(c.len())].clone();
            decisions.push(d.to_string());
            g.apply(d).unwrap();
        }
        (g.state_hash(), decisions, g.events().len())
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11).0, play(12).0);
}

// ----- More of "ATTACK" ------------------------------------------------------------------------

/// "Minimum Range (#-#) Mortars and other low-velocity artillery have a minimum range and a
/// maximum range separated by a dash": a 2-4 mortar fires from range 2 (beyond 10 cm) to range
/// 4 (40 cm) — docs/rulings.md, "Battlefield: the range band".
#[test]
fn minimum_range() {
    let mut mortar = squad_card("Mortar team", 1);
    mortar.card.weapons[0].range = dust_core::WeaponRange::Spaces { min: 2, max: 4 };
    for (gap, ok) in [(5.0, false), (10.0, false), (10.5, true), (40.0, true), (41.0, false)] {
        let g = Builder::default()
            .unit(Side::A, mortar.clone(), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(50.0, 22.5 + gap)], 180)
            .game(1);
        assert_eq!(
            g.attack_odds(
                0,
                &[Aim {
                    line: 0,
                    target: 1,
                    at: None
                }],
                false
            )
            .is_ok(),
            ok,
            "{gap} cm"
        );
    }
}

/// "Roll the number of dice indicated multiplied by the number of miniatures firing that
/// weapon, scoring a hit for each (👤). A unit taking a SUSTAINED ATTACK action may re-roll all
/// dice that failed to hit." With the infantry save (army symbol) each die ends as an unsaved
/// hit with p = 1/3 · 2/3, sustained (1 − (2/3)²) · 2/3.
#[test]
fn dice_per_firing_miniature_and_sustained_rerolls() {
    let g = duel(20.0).game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(o.groups[0].0.dice, 3, "three soldiers, one die each");
    assert!((o.groups[0].1 - 2.0 / 9.0).abs() < 1e-12);
    let s = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            true,
        )
        .unwrap();
    assert!((s.groups[0].1 - (1.0 - 4.0 / 9.0) * 2.0 / 3.0).abs() < 1e-12);
}

/// The odds and the live roll are one definition: over many seeded attacks the mean unsaved
/// hits of the engine match the odds' expectation.
#[test]
fn odds_match_the_live_roll() {
    let mut big = squad_card("Rangers", 3);
    big.card.weapons[0] = weapon("Gun", Some(3), 4);
    let b = Builder::default().unit(Side::A, big, &line(3, 50.0, 20.0), 0).unit(
        Side::B,
        squad_card("Grenadiers", 12),
        &line(12, 34.0, 45.0),
        180,
    );
    let g = b.clone().game(0);
    let expect = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap()
        .expected_hits();
    let n = 400;
    let mut lost = 0usize;
    for seed in 0..n {
        let mut g = b.clone().game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        while let Pending::Decision(Side::B) = g.pending() {
            if let Some(d) = g.candidates(1).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
                g.apply(d).unwrap();
            } else {
                break;
            }
        }
        lost += 12 - g.units()[1].models.len();
    }
    let mean = lost as f64 / n as f64;
    assert!((mean - expect).abs() < 0.25, "live {mean} against odds {expect}");
}

/// "Once casualties from other weapons have been resolved, the attacking unit resolves its C
/// weapon attacks. Before those casualties are removed, the defending unit retaliates with its
/// own C weapons"; "A unit with a Suppression token cannot fight, including fighting back";
/// "An infantry or vehicle unit … can always make a C attack using standard weapons"; "A unit
/// that took a SUSTAINED ATTACK action must choose between using ranged weapons or C weapons."
#[test]
fn close_combat_and_retaliation() {
    let knife = Aim {
        line: 1,
        target: 1,
        at: None,
    };
    let (mut attacker_lost, mut suppressed_hit_back) = (0, 0);
    for seed in 0..60 {
        let mut g = duel(3.0).game(seed);
        if seed % 2 == 1 {
            g.set_tokens(
                1,
                dust_core::field::Tokens {
                    under_fire: false,
                    suppressed: true,
                },
            );
        }
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![knife.clone()])).unwrap();
        while let Pending::Decision(_) = g.pending() {
            match g.candidates(1).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
                Some(d) => g.apply(d).unwrap(),
                None => break,
            }
        }
        let lost = 3 - g.units()[0].models.len();
        if seed % 2 == 1 {
            suppressed_hit_back += lost;
        } else {
            attacker_lost += lost;
        }
    }
    assert!(attacker_lost > 0, "the defender fights back");
    assert_eq!(suppressed_hit_back, 0, "a suppressed defender does not");
    // Sustained: ranged or C, not both.
    let mut g = duel(3.0).game(2);
    activate(&mut g, 0, &[Sustained]);
    let both = Decision::Attack(vec![
        Aim {
            line: 0,
            target: 1,
            at: None,
        },
        knife,
    ]);
    assert!(g.check(&both).unwrap_err().reason.contains("either ranged weapons or C weapons"));
    // Standard weapons: a card with no C line fights with the Improvised Weapons line.
    let mut gunner = squad_card("Gunners", 2);
    gunner.card.weapons.truncate(1);
    let g = Builder::default()
        .unit(Side::A, gunner, &[(50.0, 20.0), (53.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(50.0, 24.0)], 180)
        .game(1);
    assert_eq!(g.card(0).card.weapons[1].name, "Improvised Weapons");
    assert!(g
        .attack_odds(
            0,
            &[Aim {
                line: 1,
                target: 1,
                at: None
            }],
            false
        )
        .is_ok());
}

/// "An infantry unit rolls a die when attempting to move into, through, or out of a barbed wire
/// entanglement. On ☒, the unit is free to complete its movement. On [the others], the unit
/// ceases moving" — halted two times in three.
#[test]
fn barbed_wire_halts_infantry() {
    let mut halted = 0;
    let n = 300;
    for seed in 0..n {
        let mut g = Builder::default()
            .unit(Side::A, squad_card("Rangers", 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
            .terrain(TerrainKind::BarbedWire, &[(30.0, 25.0), (70.0, 25.0), (70.0, 26.0), (30.0, 26.0)])
            .game(seed);
        activate(&mut g, 0, &[Move, Nothing]);
        g.apply(mv(&g, 0, 0.0, 9.0)).unwrap();
        if g.table().units[0].minis[0].body.centre() == Pt::cm(50.0, 20.0) {
            halted += 1;
        }
    }
    let f = f64::from(halted) / n as f64;
    assert!((f - 2.0 / 3.0).abs() < 0.08, "{f}");
}

/// "The player controlling the squad chooses which miniatures hits are assigned to": the
/// owner's decision names them, and only valid targets may be named.
#[test]
fn the_owner_chooses_casualties() {
    let mut gun = squad_card("Rangers", 1);
    gun.card.weapons[0] = weapon("Gun", Some(3), 3);
    for seed in 0..60 {
        let mut g = Builder::default()
            .unit(Side::A, gun.clone(), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 4), &line(4, 45.0, 40.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        if g.pending() == Pending::Decision(Side::B) && g.asks().contains("miniatures lost") {
            let c = g.candidates(2);
            let Decision::Casualties(first) = &c[0] else {
                panic!("a casualty choice")
            };
            let n = first.len();
            assert!(g.check(&Decision::Casualties(vec![9; n])).is_err(), "no miniature m9");
            let last: Vec<usize> = (4 - n..4).collect();
            g.apply(Decision::Casualties(last.clone())).unwrap();
            assert_eq!(g.units()[1].models, (0..(4 - n) as u8).collect::<Vec<_>>(), "the named ones fell");
            return;
        }
    }
    panic!("no choice in 60 attacks");
}

/// "Blast Weapons: place a blast template with its centre positioned anywhere within the
/// weapon's field of fire, range, and LOS. Roll 1 die for each miniature (including friendlies)
/// that has its base … at least partly under the template"; "If there are miniatures from
/// multiple units under the template, roll the dice separately for each unit"; "the hits from
/// the template weapons are allocated first".
#[test]
fn blast_templates_roll_per_miniature_under_them() {
    use dust_core::unit::{ArmorType, BattlefrontValue, BattlefrontWeapon};
    let mut mortar = squad_card("Mortar team", 1);
    mortar.bf.weapons = vec![BattlefrontWeapon {
        values: vec![(ArmorType::Soldier, 2, BattlefrontValue::Blast { per_model: 1, damage: 1 })],
        ..Default::default()
    }];
    let g = Builder::default()
        .unit(Side::A, mortar, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 40.0), 180)
        .unit(Side::A, squad_card("Rangers", 2), &[(53.0, 46.5), (80.0, 47.0)], 0)
        .game(1);
    let centre = Pt::cm(53.0, 40.0);
    let aims = [
        Aim {
            line: 0,
            target: 1,
            at: Some(centre),
        },
        Aim {
            line: 1,
            target: 1,
            at: None,
        },
    ];
    // The knife cannot reach: the blast alone.
    assert!(g.attack_odds(0, &aims, false).is_err());
    let o = g.attack_odds(0, &aims[..1], false).unwrap();
    let per_unit: Vec<(usize, u16, bool)> = o.groups.iter().map(|(gr, _, _)| (gr.target, gr.dice, gr.template)).collect();
    // 6 cm radius about (53, 40): the three Grenadiers (3 cm apart) and the near friendly
    // Ranger (6.5 cm away centre to centre, its base 5.25 cm), each unit rolled apart.
    assert_eq!(per_unit, vec![(1, 3, true), (2, 1, true)]);
    // Aimed without a point, the blast asks for one.
    let r = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap_err();
    assert!(r.reason.contains("template"), "{r}");
}

/// "Objectives are captured at the end of a turn by having a miniature within range 1 …
/// (provided it did not take a MARCH MOVE action as its last action)".
#[test]
fn a_march_move_does_not_take_an_objective() {
    for (plan, held) in [(vec![March], 0u8), (vec![Move, Nothing], 1)] {
        let mut b = Builder::default()
            .unit(Side::A, squad_card("Rangers", 1), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
            .objective(50.0, 38.0);
        b.turns = 3;
        let mut g = b.game(5);
        activate(&mut g, 0, &plan);
        g.apply(mv(&g, 0, 0.0, 10.0)).unwrap();
        // Side B does nothing; the turn ends.
        g.apply(Decision::Activate(1)).unwrap();
        g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        assert_eq!(g.turn(), 2);
        assert_eq!(g.objectives_held().a, held, "{plan:?}");
    }
}

/// "DAMAGE RESILIENT": "Each time an infantry squad with this skill is assigned a hit that is
/// not cancelled by a save, roll a die. On ☒ cancel the hit" — each die then ends as a
/// casualty with p = 1/3 (hit) · 2/3 (no save) · 2/3 (not cancelled).
#[test]
fn damage_resilient_squads_cancel_hits() {
    let mut tough = squad_card("Tough", 3);
    tough.card.skills.push(dust_core::Skill::DamageResilient);
    let g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, tough, &line(3, 50.0, 40.0), 180)
        .game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert!((o.groups[0].1 - 4.0 / 27.0).abs() < 1e-12);
    // The live roll: 12 dice at 4/27 against a squad of 12 loses 1.78 on average.
    let mut tough = squad_card("Tough", 12);
    tough.card.skills.push(dust_core::Skill::DamageResilient);
    let mut gun = squad_card("Rangers", 3);
    gun.card.weapons[0] = weapon("Gun", Some(3), 4);
    let (n, mut lost) = (400u64, 0usize);
    for seed in 0..n {
        let mut g = Builder::default()
            .unit(Side::A, gun.clone(), &line(3, 50.0, 20.0), 0)
            .unit(Side::B, tough.clone(), &line(12, 34.0, 45.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        while let Some(d) = g.candidates(1).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
            g.apply(d).unwrap();
        }
        lost += 12 - g.units()[1].models.len();
    }
    let mean = lost as f64 / n as f64;
    assert!((mean - 12.0 * 4.0 / 27.0).abs() < 0.2, "{mean}");
}

/// "BLACK OPS": "If your force has this hero you roll 4 dice for initiative rolls."
#[test]
fn black_ops_rolls_four_initiative_dice() {
    let mut ops = hero_card("Spook");
    ops.card.skills.push(dust_core::Skill::BlackOps);
    let g = duel(40.0).unit(Side::B, ops, &[(150.0, 100.0)], 180).game(3);
    let dice: Vec<(Purpose, u16)> = g
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
        .collect();
    assert_eq!(dice[..2], [(Purpose::Initiative(Side::A), 3), (Purpose::Initiative(Side::B), 4)]);
}

/// "If a unit with a Suppression token attempts a reactive attack, it rolls to remove the
/// token as above. If it still has a Suppression token after rolling to remove it, the unit
/// rolls a single die rather than 2".
#[test]
fn a_suppressed_unit_rolls_to_react() {
    let mut one_die = 0;
    for seed in 0..40 {
        let mut g = duel(30.0).game(seed);
        g.set_tokens(
            1,
            dust_core::field::Tokens {
                under_fire: false,
                suppressed: true,
            },
        );
        activate(&mut g, 0, &[Nothing, Move]);
        g.apply(Decision::React(Some(1))).unwrap();
        let rolls: Vec<(Purpose, u16)> = g
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { purpose, dice, .. } if matches!(purpose, Purpose::Rally | Purpose::Reactive) => Some((*purpose, *dice)),
                _ => None,
            })
            .collect();
        assert_eq!(rolls[0], (Purpose::Rally, 2), "the removal roll first");
        let reactive = rolls[1].1;
        assert_eq!(reactive, if g.units()[1].tokens.suppressed { 1 } else { 2 });
        one_die += usize::from(reactive == 1);
    }
    assert!(one_die > 0);
}

/// "Each surviving soldier in an infantry squad can only use 1 ranged weapon and 1 close
/// combat weapon in each ATTACK action": two rifles carried by the same soldiers cannot both
/// fire; "Heroes can use all of their weapons at the same time".
#[test]
fn one_ranged_weapon_a_soldier_heroes_all() {
    let mut two = squad_card("Rangers", 2);
    two.card.weapons.insert(1, weapon("Carbine", Some(3), 1));
    two.card.models = (0..2)
        .map(|_| dust_core::unit::Model {
            weapons: 0b111,
            role: None,
        })
        .collect();
    let g = Builder::default()
        .unit(Side::A, two, &[(50.0, 20.0), (53.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 2), &[(50.0, 40.0), (53.0, 40.0)], 180)
        .game(1);
    let both = [
        Aim {
            line: 0,
            target: 1,
            at: None,
        },
        Aim {
            line: 1,
            target: 1,
            at: None,
        },
    ];
    assert!(g.attack_odds(0, &both, false).unwrap_err().reason.contains("1 ranged"));
    let mut hero = hero_card("Ace");
    hero.card.weapons.push(weapon("Knife", Some(1), 1));
    let g = Builder::default()
        .unit(Side::A, hero, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(50.0, 25.0)], 180)
        .game(1);
    assert!(g
        .attack_odds(
            0,
            &[
                Aim {
                    line: 0,
                    target: 1,
                    at: None
                },
                Aim {
                    line: 1,
                    target: 1,
                    at: None
                }
            ],
            false
        )
        .is_ok());
}

/// "If a unit isn't pointing at a target when it wants to shoot when it ends its movement, it
/// will need to take a MOVE action to change direction first."
#[test]
fn a_move_turns_a_support_weapon_to_its_target() {
    let mut g = Builder::default()
        .unit(Side::A, support_card("MG"), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Aside", 1), &[(80.0, 22.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Move, Attack]);
    let aim = Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: None,
    }]);
    g.apply(Decision::Move {
        minis: Vec::new(),
        facing: Some(dust_geom::angle::Facing::deg(90)),
    })
    .unwrap();
    if g.pending() == Pending::Decision(Side::B) {
        g.apply(Decision::React(None)).unwrap();
    }
    assert!(g.check(&aim).is_ok(), "turned to face +x, the target is in the arc");
    let mut g = Builder::default()
        .unit(Side::A, support_card("MG"), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Aside", 1), &[(80.0, 22.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    assert!(g.check(&aim).unwrap_err().reason.contains("field of fire"));
}

/// "Flame Weapons: Place the appropriate flame template for range. Only miniatures in LOS of the
/// attacking miniature can be hit"; "Units hit by flame weapons do not get an infantry save or a
/// cover save against them. In addition, flame weapons attack all units in the path of the
/// weapon."
#[test]
fn flame_templates_hit_all_in_their_path_without_saves() {
    let mut flamer = squad_card("Flamer", 1);
    flamer.card.weapons[0] = weapon("Flamethrower", Some(1), 1);
    flamer.card.weapons[0].keywords.flame = true;
    let g = Builder::default()
        .unit(Side::A, flamer, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 2), &[(50.0, 25.0), (50.0, 28.5)], 180)
        .unit(Side::B, squad_card("Others", 1), &[(60.0, 60.0)], 180)
        .game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 1,
                at: Some(Pt::cm(50.0, 30.0)),
            }],
            false,
        )
        .unwrap();
    let groups: Vec<(usize, u16, bool, Option<dust_core::dice::Symbols>)> = o
        .groups
        .iter()
        .map(|(gr, _, _)| (gr.target, gr.dice, gr.template, gr.save))
        .collect();
    assert_eq!(groups, vec![(1, 2, true, None)], "both miniatures in the template's path, no save");
    let r = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 2,
                at: Some(Pt::cm(60.0, 60.0)),
            }],
            false,
        )
        .unwrap_err();
    assert!(r.reason.contains("hits no miniature"), "{r}");
}

// ----- HEROES JOINING A UNIT ---------------------------------------------------------------------

/// Side A: a squad of 2 (unit 0, armour 2) at y = 20, a hero 10 cm off it (unit 1), a hero
/// 40 cm off (unit 2), an armour-3 squad the first hero is also near (unit 3); side B's squad
/// (unit 4) far away.
fn heroes_table() -> Builder {
    heroes_table_enemy_at(150.0, 110.0)
}

fn heroes_table_enemy_at(x: f64, y: f64) -> Builder {
    let mut heavy = squad_card("Heavy", 2);
    heavy.card.armor.class = 3;
    Builder::default()
        .unit(Side::A, squad_card("Rangers", 2), &line(2, 50.0, 20.0), 0)
        .unit(Side::A, hero_card("Joe"), &[(51.5, 30.0)], 0)
        .unit(Side::A, hero_card("Far"), &[(51.5, 60.0)], 0)
        .unit(Side::A, heavy, &line(2, 60.0, 20.0), 0)
        .unit(Side::B, squad_card("Enemy", 5), &line(5, x, y), 180)
}

fn first_a(g: &mut FieldGame) {
    g.apply(Decision::First(Side::A)).unwrap();
}

/// tactics-battlefield-summary.md, "HEROES": "A hero can join an infantry squad or support
/// weapon that has the same Armour rating by being within 15cm of every miniature in the unit
/// (and in LOS to at least one). One (and only one) hero that has not yet activated may join a
/// unit when the unit activates, becoming part of the unit until the end of the activation."
#[test]
fn a_hero_joins_a_unit_of_its_armour_within_fifteen_cm_when_it_activates() {
    let mut g = heroes_table().game(1);
    first_a(&mut g);
    let left = g.left_to_activate(Side::A);
    // Too far from the unit, another Armour, a hero for a unit, a unit for itself.
    for (d, why) in [
        (Decision::ActivateWith(0, 2), "15"),
        (Decision::ActivateWith(3, 1), "Armour"),
        (Decision::ActivateWith(2, 1), "squad or support weapon"),
        (Decision::ActivateWith(0, 0), "hero"),
        (Decision::ActivateWith(0, 4), "side"),
    ] {
        let e = g.check(&d).expect_err(&format!("{d} is refused"));
        assert!(e.to_string().contains(why), "{d}: {e}");
    }
    assert!(g.candidates(20).contains(&Decision::ActivateWith(0, 1)));
    assert!(!g.candidates(20).contains(&Decision::ActivateWith(0, 2)));
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    // Both the unit and the hero have activated: the hero is part of this activation.
    assert!(g.units()[0].activated && g.units()[1].activated);
    assert_eq!(g.left_to_activate(Side::A), left - 2);
    assert_eq!(format!("{}", Decision::ActivateWith(0, 1)), "activate 0 with 1");
    assert_eq!("activate 0 with 1".parse::<Decision>(), Ok(Decision::ActivateWith(0, 1)));
}

/// "HEROES": "One (and only one) hero that has not yet activated may join a unit": a hero that
/// has activated alone cannot join a unit later in the turn.
#[test]
fn a_hero_that_has_activated_cannot_join() {
    let mut g = heroes_table().game(1);
    first_a(&mut g);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    // Side B activates its unit, then side A again.
    g.apply(Decision::Activate(4)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    let e = g.check(&Decision::ActivateWith(0, 1)).expect_err("the hero has activated");
    assert!(e.to_string().contains("activated"), "{e}");
    assert!(g.check(&Decision::Activate(0)).is_ok());
}

/// "HEROES": "If their movement rates are different, the combined unit has the lower movement
/// rate of the two"; "MOVE & MARCH MOVE ACTIONS": the unit "must end their movement with all of
/// their miniatures within 15cm" (the hero is part of the unit: its miniature is m2 of the
/// move, after the squad's two).
#[test]
fn the_combined_unit_moves_at_the_lower_rate_and_keeps_together() {
    let mut fast = squad_card("Rangers", 2);
    fast.card.movement = 2;
    let mut s = heroes_table().setup();
    s.cards[0] = fast;
    let mut g = FieldGame::new(s, 1).unwrap();
    first_a(&mut g);
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    let all = |dy: f64| Decision::Move {
        minis: vec![
            MiniMove {
                mini: 0,
                to: Pt::cm(50.0, 20.0 + dy),
                via: vec![],
            },
            MiniMove {
                mini: 1,
                to: Pt::cm(53.0, 20.0 + dy),
                via: vec![],
            },
            MiniMove {
                mini: 2,
                to: Pt::cm(51.5, 30.0 + dy),
                via: vec![],
            },
        ],
        facing: None,
    };
    // The squad alone moves 20 cm; joined to a Move 1 hero, 10 cm.
    assert!(g.check(&all(15.0)).is_err(), "15 cm is more than the hero's Move 1");
    assert!(g.check(&all(-9.0)).is_ok());
    // The squad going 9 cm back while the hero stays leaves him more than 15 cm away.
    let Decision::Move { mut minis, .. } = all(-9.0) else {
        unreachable!()
    };
    minis.pop();
    let e = g
        .check(&Decision::Move { minis, facing: None })
        .expect_err("the hero is left behind");
    assert!(e.to_string().contains("15 cm"), "{e}");
    g.apply(all(-9.0)).unwrap();
    assert_eq!(g.table().units[1].minis[0].body.centre(), Pt::cm(51.5, 21.0));
}

/// "HEROES": "If a hero activates with a unit that has an Under Fire or Suppression token, they
/// roll 3 dice when rolling to remove the token. If the unit remains suppressed, the hero must
/// take a NOTHING action with them as their first action."
#[test]
fn a_hero_with_a_suppressed_unit_rolls_three_dice_and_rests_with_it() {
    let (mut kept, mut freed) = (0, 0);
    for seed in 0..40 {
        let mut g = heroes_table().game(seed);
        first_a(&mut g);
        g.set_tokens(
            0,
            dust_core::field::Tokens {
                under_fire: false,
                suppressed: true,
            },
        );
        let mut alone = g.clone();
        let e = g.events().len();
        g.apply(Decision::ActivateWith(0, 1)).unwrap();
        let r = rolled(&g, e, Purpose::Rally);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, 3, "3 dice with the hero");
        alone.apply(Decision::Activate(0)).unwrap();
        assert!(
            alone.events().iter().rev().any(|x| matches!(
                x,
                Event::Rolled {
                    purpose: Purpose::Rally,
                    dice: 2,
                    ..
                }
            )),
            "2 dice without"
        );
        if g.units()[0].tokens.suppressed {
            kept += 1;
            assert_eq!(r[0].1, 0, "no army symbol in 3 dice");
            assert!(
                g.check(&Decision::Plan(vec![Move, Nothing])).is_err(),
                "the first action must be NOTHING"
            );
            assert!(g.check(&Decision::Plan(vec![Nothing, Move])).is_ok());
        } else {
            freed += 1;
            assert!(r[0].1 >= 1);
            assert!(g.check(&Decision::Plan(vec![Move, Nothing])).is_ok());
        }
    }
    assert!(kept > 0 && freed > 0, "both outcomes seen: {kept} {freed}");
}

/// "HEROES": the hero becomes "part of the unit until the end of the activation"; "4. Declare
/// Targets": "Heroes can use all of their weapons at the same time." The joined hero's lines
/// follow the unit's card's (the squad's lines 0.., then the hero's pistol); an attack of the
/// combined unit is one ATTACK action: the target takes one Under Fire token.
#[test]
fn a_joined_hero_fires_with_the_unit_in_one_attack() {
    let mut seen_hit = false;
    for seed in 0..20 {
        // The enemy 12 cm beyond the hero: the rifles (range 3) and the pistol (range 2) reach.
        let mut g = heroes_table_enemy_at(45.0, 44.5).game(seed);
        first_a(&mut g);
        let mut alone = g.clone();
        let pistol = g.card(0).card.weapons.len() as u8;
        g.apply(Decision::ActivateWith(0, 1)).unwrap();
        g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
        let e = g.events().len();
        let both = Decision::Attack(vec![
            Aim {
                line: 0,
                target: 4,
                at: None,
            },
            Aim {
                line: pistol,
                target: 4,
                at: None,
            },
        ]);
        g.apply(both.clone()).unwrap();
        let dice: u16 = rolled(&g, e, Purpose::Hit).iter().map(|r| r.0).sum();
        assert_eq!(dice, 2 + 2, "2 soldiers × 1 die and the pistol's 2 dice");
        let t = g.units()[4].tokens;
        if g.events()[e..]
            .iter()
            .any(|x| matches!(x, Event::Rolled { purpose: Purpose::Hit, successes, .. } if *successes > 0))
            && !g.units()[4].destroyed
        {
            seen_hit = true;
            assert!(t.under_fire && !t.suppressed, "one attack, one token: {t:?}");
        }
        // Alone, the squad has no line 2.
        alone.apply(Decision::Activate(0)).unwrap();
        alone.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
        assert!(alone.check(&both).is_err());
    }
    assert!(seen_hit);
}

/// Issue 24: the generator proposes joining, and the combined unit's moves and attacks (the
/// hero's miniature m2 moving with the squad, the hero's lines after the squad's); every
/// candidate passes `check` and `apply`. Games where side A joins its hero whenever it can.
#[test]
fn joining_moving_and_firing_together_are_proposed_and_accepted() {
    let (mut joined, mut moved, mut fired) = (0, 0, 0);
    for seed in 0..12 {
        let mut g = heroes_table_enemy_at(45.0, 60.0).game(seed);
        let mut pick = seed as usize;
        let mut steps = 0;
        while let Pending::Decision(_) = g.pending() {
            let c = g.candidates(8);
            assert!(!c.is_empty());
            for d in &c {
                assert!(g.check(d).is_ok(), "{d} refused: {:?}", g.check(d));
                assert!(g.clone().apply(d.clone()).is_ok());
                assert_eq!(&d.to_string().parse::<Decision>().unwrap(), d);
                match d {
                    Decision::Move { minis, .. } if minis.iter().any(|m| m.mini == 2) && g.acting() == Some(0) => moved += 1,
                    Decision::Attack(aims)
                        if g.acting() == Some(0) && aims.iter().any(|a| usize::from(a.line) >= g.card(0).card.weapons.len()) =>
                    {
                        fired += 1
                    }
                    _ => {}
                }
            }
            pick = pick.wrapping_mul(31).wrapping_add(7);
            let d = c
                .iter()
                .find(|d| matches!(d, Decision::ActivateWith(..)))
                .cloned()
                .unwrap_or_else(|| c[pick % c.len()].clone());
            if matches!(d, Decision::ActivateWith(..)) {
                joined += 1;
            }
            g.apply(d).unwrap();
            steps += 1;
            assert!(steps < 2_000);
        }
    }
    assert!(
        joined > 0 && moved > 0 && fired > 0,
        "joined {joined}, moved {moved}, fired {fired}"
    );
}

// ----- FORTIFICATIONS ----------------------------------------------------------------------------

/// The failed saves of the squad attacked (unit 1, three soldiers standing in a `kind` 20 cm
/// square, or beside it when `inside` is false) and the re-rolls of them, over `seeds` games of a
/// ten-soldier squad's Sustained Attack from 20 cm: (failed saves, re-roll dice, re-roll saves).
fn fort_rerolls(kind: TerrainKind, inside: bool, seeds: u64) -> (u32, u32, u32) {
    let mut gun = squad_card("Gunners", 10);
    gun.card.weapons[0] = weapon("Gun", Some(5), 2);
    let x = if inside { 45.0 } else { 75.0 };
    let (mut failed, mut dice, mut saved) = (0, 0, 0);
    for seed in 0..seeds {
        let mut g = Builder::default()
            .terrain(kind, &[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)])
            .unit(Side::A, gun.clone(), &line(10, 35.0, 20.0), 0)
            .unit(Side::B, squad_card("Garrison", 3), &line(3, x, 50.0), 180)
            .game(seed);
        activate(&mut g, 0, &[Sustained]);
        let e = g.events().len();
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None,
        }]))
        .unwrap();
        let saves = rolled(&g, e, Purpose::Save);
        let rerolls = rolled(&g, e, Purpose::SaveReroll);
        let f: u32 = saves.iter().map(|&(d, s)| u32::from(d - s)).sum();
        let d: u32 = rerolls.iter().map(|&(d, _)| u32::from(d)).sum();
        if inside {
            // "re-roll the save": every failed save, once.
            assert_eq!(d, f, "seed {seed}: {saves:?} {rerolls:?}");
        }
        failed += f;
        dice += d;
        saved += rerolls.iter().map(|&(_, s)| u32::from(s)).sum::<u32>();
    }
    (failed, dice, saved)
}

/// tactics-battlefield-summary.md, "BUNKERS AND STRONGPOINTS", "Cover From Bunkers and
/// Strongpoints": "Units in bunkers that fail an infantry or cover save re-roll the save,
/// cancelling the hit on ☹️ or ☹️. Units in strongpoints that fail an infantry or cover save also
/// re-roll the save, but only cancel the hit if the re-roll scores ☹️." Two symbols: 4 faces in
/// 6; one: 2 in 6 (docs/rulings.md, "Battlefield: saves in bunkers and strongpoints"). A unit
/// beside the fortification re-rolls nothing.
#[test]
fn units_in_bunkers_and_strongpoints_reroll_failed_saves() {
    let (_, bd, bs) = fort_rerolls(TerrainKind::Bunker, true, 40);
    let (_, sd, ss) = fort_rerolls(TerrainKind::Strongpoint, true, 40);
    let (of, od, _) = fort_rerolls(TerrainKind::Bunker, false, 10);
    assert!(bd > 150 && sd > 150, "enough re-rolls: {bd} {sd}");
    let (b, s) = (f64::from(bs) / f64::from(bd), f64::from(ss) / f64::from(sd));
    assert!((0.55..0.78).contains(&b), "bunker re-rolls save 4 in 6: {b}");
    assert!((0.22..0.45).contains(&s), "strongpoint re-rolls save 2 in 6: {s}");
    assert!(of > 0 && od == 0, "outside: {of} failed saves, {od} re-rolled");
}

/// "Close-combat Against Bunkers and Strongpoints": "Units in a bunker or strongpoint get a save
/// against C weapons attacking from outside the fortification." … "Units in strongpoints cancel
/// hits from C weapons on a roll of ☹️" (one symbol: 2 faces in 6); the attacker outside, hit
/// back, saves nothing ("Units hit by C weapons do not get any cover or infantry saves").
#[test]
fn units_in_a_strongpoint_save_against_close_combat_from_outside() {
    let (mut dice, mut saved) = (0u32, 0u32);
    for seed in 0..60 {
        let mut g = Builder::default()
            .terrain(TerrainKind::Strongpoint, &[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)])
            .unit(Side::A, squad_card("Raiders", 3), &[(37.0, 44.0), (37.0, 47.0), (37.0, 50.0)], 90)
            .unit(Side::B, squad_card("Garrison", 3), &[(42.0, 44.0), (42.0, 47.0), (42.0, 50.0)], 270)
            .game(seed);
        assert_eq!(g.fortification(1), Some(TerrainKind::Strongpoint));
        assert_eq!(g.fortification(0), None);
        activate(&mut g, 0, &[Attack, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Attack(vec![Aim {
            line: 1,
            target: 1,
            at: None,
        }]))
        .unwrap();
        let ev: Vec<(Purpose, u16, u16)> = g.events()[e..]
            .iter()
            .filter_map(|x| match x {
                Event::Rolled { purpose, dice, successes } => Some((*purpose, *dice, *successes)),
                _ => None,
            })
            .collect();
        // The attack's hit roll, its save by the garrison, the retaliation's hit roll: no other
        // save, and no re-roll (this is the close-combat save, not the re-roll of a failed one).
        assert_eq!(ev[0].0, Purpose::Hit, "{ev:?}");
        let saves: Vec<_> = ev.iter().filter(|r| r.0 == Purpose::Save).collect();
        assert!(ev.iter().all(|r| r.0 != Purpose::SaveReroll), "{ev:?}");
        if ev[0].2 > 0 {
            assert_eq!(saves.len(), 1, "{ev:?}");
            assert_eq!(saves[0].1, ev[0].2, "a die a hit: {ev:?}");
            dice += u32::from(saves[0].1);
            saved += u32::from(saves[0].2);
        } else {
            assert!(saves.is_empty(), "{ev:?}");
        }
    }
    assert!(dice > 30, "{dice}");
    let r = f64::from(saved) / f64::from(dice);
    assert!((0.12..0.55).contains(&r), "2 in 6: {r}");
}

// ----- SKILLS: BRAVE, COMMISSAR, SUPERHUMANS -----------------------------------------------------

/// The rally dice of unit 0 (suppressed) of `heroes_table` with `skill` on its card, as it
/// activates and as it reacts.
fn rally_dice(skill: Option<dust_core::unit::BattlefrontSkill>) -> (Vec<u16>, Vec<u16>) {
    let mut s = heroes_table_enemy_at(45.0, 60.0).setup();
    if let Some(k) = skill {
        s.cards[0].bf.skills.push(k);
    }
    let dice_of = |g: &FieldGame, from: usize| -> Vec<u16> { rolled(g, from, Purpose::Rally).iter().map(|r| r.0).collect() };
    let suppressed = dust_core::field::Tokens {
        under_fire: false,
        suppressed: true,
    };
    // Activating.
    let mut g = FieldGame::new(s.clone(), 3).unwrap();
    first_a(&mut g);
    g.set_tokens(0, suppressed);
    let e = g.events().len();
    g.apply(Decision::Activate(0)).unwrap();
    let on_activation = dice_of(&g, e);
    // Reacting to side B's squad 40 cm away after its first action.
    let mut g = FieldGame::new(s, 3).unwrap();
    g.apply(Decision::First(Side::B)).unwrap();
    g.set_tokens(0, suppressed);
    g.apply(Decision::Activate(4)).unwrap();
    g.apply(Decision::Plan(vec![Move, Attack])).unwrap();
    g.apply(Decision::Move {
        minis: vec![],
        facing: None,
    })
    .unwrap();
    assert!(g.reactors().contains(&0), "unit 0 may react");
    let e = g.events().len();
    g.apply(Decision::React(Some(0))).unwrap();
    (on_activation, dice_of(&g, e))
}

/// tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT", "BRAVE": "The unit rolls 3 dice
/// instead of 2 when rolling to remove Under Fire or Suppression tokens." — as it activates and
/// as it reacts ("If a unit with a Suppression token attempts a reactive attack, it rolls to
/// remove the token as above").
#[test]
fn brave_units_roll_three_dice_to_remove_tokens() {
    use dust_core::unit::BattlefrontSkill;
    assert_eq!(rally_dice(None), (vec![2], vec![2]));
    assert_eq!(rally_dice(Some(BattlefrontSkill::Brave)), (vec![3], vec![3]));
}

/// "COMMISSAR": "A commissar must be attached to an infantry unit at the start of the game, and
/// is part of the unit for the rest of the game. The unit rolls 3 dice instead of 2 when rolling
/// to remove Under Fire or Suppression tokens." (the card of the unit the commissar is attached
/// to carries him: docs/rulings.md, "Battlefield: Brave and Commissar on the cards").
#[test]
fn a_unit_with_a_commissar_rolls_three_dice_to_remove_tokens() {
    use dust_core::unit::BattlefrontSkill;
    assert_eq!(rally_dice(Some(BattlefrontSkill::Commissar)), (vec![3], vec![3]));
}

/// "HEROES": "Superhumans are heroes, but can never join a unit."
#[test]
fn superhumans_never_join_a_unit() {
    let mut s = heroes_table().setup();
    s.cards[1].bf.skills.push(dust_core::unit::BattlefrontSkill::Superhuman);
    let mut g = FieldGame::new(s, 1).unwrap();
    first_a(&mut g);
    let e = g.check(&Decision::ActivateWith(0, 1)).expect_err("a superhuman never joins");
    assert!(e.to_string().contains("superhuman"), "{e}");
    assert!(!g.candidates(20).iter().any(|d| matches!(d, Decision::ActivateWith(..))));
    assert!(g.check(&Decision::Activate(1)).is_ok(), "he activates alone");
}

/// "BUNKERS AND STRONGPOINTS", "Weapons in Bunkers": "Weapons cannot fire at aircraft from within
/// a bunker. Artillery weapons cannot fire from within a bunker." (artillery: a range A line or a
/// line with a minimum range, "Mortars and other low-velocity artillery": docs/rulings.md,
/// "Battlefield: weapons in bunkers"). From a strongpoint, or outside, both fire.
#[test]
fn no_fire_at_aircraft_nor_artillery_from_within_a_bunker() {
    let mut mortar = squad_card("Mortar Team", 2);
    mortar.card.weapons[0].range = dust_core::range::WeaponRange::Spaces { min: 2, max: 8 };
    for (kind, x, refused) in [
        (TerrainKind::Bunker, 45.0, true),
        (TerrainKind::Strongpoint, 45.0, false),
        (TerrainKind::Bunker, 80.0, false),
    ] {
        let mut g = Builder::default()
            .terrain(kind, &[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)])
            .unit(Side::A, mortar.clone(), &line(2, x, 50.0), 0)
            .unit(Side::B, aircraft_card("Plane"), &[(50.0, 85.0)], 180)
            .unit(Side::B, squad_card("Grenadiers", 2), &line(2, x, 90.0), 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        let at = |line: u8, target: usize| Decision::Attack(vec![Aim { line, target, at: None }]);
        // The knife cannot reach; the rifle line is the mortar (range 2-8).
        let plane = g.check(&at(0, 1));
        let squad = g.check(&at(0, 2));
        if refused {
            let e = plane.expect_err("no fire at aircraft from a bunker");
            assert!(e.to_string().contains("bunker"), "{e}");
            let e = squad.expect_err("no artillery from a bunker");
            assert!(e.to_string().contains("bunker"), "{e}");
        } else {
            assert!(plane.is_ok() && squad.is_ok(), "{kind:?} at x {x}: {plane:?} {squad:?}");
        }
    }
}

/// "HEROES": the joined hero is "part of the unit until the end of the activation"; "Close
/// Combat Weapons": "the attacking unit resolves its C weapon attacks": the hero's C weapons fight
/// with the squad's, at the one unit the attack's C weapons fight (the defender suppressed here,
/// so that no retaliation is rolled: "cannot fight, including fighting back").
#[test]
fn a_joined_hero_fights_in_close_combat_with_the_unit() {
    let mut hero = hero_card("Joe");
    hero.card.weapons.push(weapon("Sword", None, 2));
    for seed in 0..10 {
        let mut g = Builder::default()
            .unit(Side::A, squad_card("Rangers", 2), &line(2, 50.0, 20.0), 0)
            .unit(Side::A, hero.clone(), &[(51.5, 24.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 49.0, 27.0), 180)
            .game(seed);
        first_a(&mut g);
        g.set_tokens(
            2,
            dust_core::field::Tokens {
                under_fire: false,
                suppressed: true,
            },
        );
        let n = g.card(0).card.weapons.len() as u8;
        let sword = n + g.card(1).card.weapons.iter().position(|w| w.name == "Sword").unwrap() as u8;
        let mut alone = g.clone();
        g.apply(Decision::ActivateWith(0, 1)).unwrap();
        g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
        let knife_and_sword = Decision::Attack(vec![
            Aim {
                line: 1,
                target: 2,
                at: None,
            },
            Aim {
                line: sword,
                target: 2,
                at: None,
            },
        ]);
        assert!(
            g.candidates(16)
                .iter()
                .any(|d| matches!(d, Decision::Attack(v) if v.iter().any(|a| a.line == sword && a.target == 2))),
            "the sword is proposed: {:?}",
            g.candidates(16)
        );
        let e = g.events().len();
        g.apply(knife_and_sword.clone()).unwrap();
        let dice: u16 = rolled(&g, e, Purpose::Hit).iter().map(|r| r.0).sum();
        assert_eq!(dice, 2 + 2, "2 knives × 1 die and the sword's 2 dice, no retaliation");
        assert!(rolled(&g, e, Purpose::Save).is_empty(), "no save against C weapons");
        alone.apply(Decision::Activate(0)).unwrap();
        alone.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
        assert!(alone.check(&knife_and_sword).is_err());
    }
}

/// "BUNKERS AND STRONGPOINTS", "Movement through Bunkers and Strongpoints": "Bunker walls are
/// impassable terrain. Nothing can move through them, except through the armoured doors at the
/// rear, and even then, not if the bunker is occupied by an enemy unit."
#[test]
fn no_entering_a_bunker_an_enemy_occupies() {
    for (enemy_inside, friend_inside) in [(true, false), (false, false), (false, true)] {
        let enemy_at = if enemy_inside { (53.0, 55.0) } else { (120.0, 100.0) };
        let mut b = Builder::default().terrain(TerrainKind::Bunker, &[(50.0, 50.0), (70.0, 50.0), (70.0, 60.0), (50.0, 60.0)]);
        // A 6 cm armoured door in the rear (north) wall.
        assert!(b.table.terrain[0].open(Pt::cm(60.0, 60.0), 600, false));
        let mut g = b
            .unit(Side::A, squad_card("Pioneers", 1), &[(60.0, 64.0)], 180)
            .unit(Side::B, squad_card("Garrison", 1), &[enemy_at], 0)
            .unit(
                Side::A,
                squad_card("Friends", 1),
                &[if friend_inside { (53.0, 55.0) } else { (20.0, 20.0) }],
                0,
            )
            .game(1);
        activate(&mut g, 0, &[Move, Nothing]);
        let r = g.check(&mv(&g, 0, 0.0, -9.0));
        if enemy_inside {
            let e = r.expect_err("the bunker is occupied by an enemy unit");
            assert!(e.to_string().contains("occupied by an enemy"), "{e}");
        } else {
            assert!(r.is_ok(), "empty or friendly: {r:?}");
        }
    }
}

/// Plays side A's squad 0 activating with hero 1 (`plan`), side B's squad 4 reacting after the
/// first action with its rifles at squad 0; stops at the first casualties to choose for side A
/// (or when the reaction is over). Returns whether casualties are due.
fn react_at_joined_pair(g: &mut FieldGame, plan: &[Action]) -> bool {
    first_a(g);
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    g.apply(Decision::Plan(plan.to_vec())).unwrap();
    assert_eq!(g.pending(), Pending::Decision(Side::B), "the reaction window");
    g.apply(Decision::React(Some(4))).unwrap();
    for _ in 0..4 {
        if g.candidates(4).iter().any(|d| matches!(d, Decision::Casualties(_))) {
            return g.pending() == Pending::Decision(Side::A);
        }
        if g.acting() != Some(4) {
            return false;
        }
        let d = if g.candidates(4).iter().any(|d| matches!(d, Decision::ReactWith(_))) {
            Decision::ReactWith(dust_core::field::ReactChoice::Sustained)
        } else {
            Decision::Attack(vec![Aim {
                line: 0,
                target: 0,
                at: None,
            }])
        };
        g.apply(d).unwrap();
    }
    false
}

/// The number of casualties due (the generator's first proposal names that many).
fn due(g: &FieldGame) -> usize {
    g.candidates(8)
        .iter()
        .find_map(|d| match d {
            Decision::Casualties(v) => Some(v.len()),
            _ => None,
        })
        .expect("casualties are due")
}

/// tactics-battlefield-summary.md, "HEROES": "If a hero is in the same square as a unit that
/// they can join, they are treated as 1 unit if either of them are targeted by an attack. The
/// owning player assigns hits between them as normal." A reactive attack at a squad with a hero
/// joined for the activation: its owner may give the hits it could not save to the hero
/// (named `m2`, after the squad's two soldiers, as in the pair's moves), each marking the
/// damage the weapon does to the hero ("7. Suffer Damage": "Mark 1 cross off a hero … for each
/// point of damage caused"); the soldiers not named stay. The generator proposes it, and
/// `check` refuses a hero named more often than he has damage points left.
#[test]
fn the_owner_may_give_the_hits_on_a_unit_to_its_joined_hero() {
    let mut seen = 0;
    for seed in 0..60 {
        let mut g = heroes_table_enemy_at(45.0, 44.5).game(seed);
        if !react_at_joined_pair(&mut g, &[Nothing, Move]) {
            continue;
        }
        let n = due(&g);
        let to_hero = Decision::Casualties(vec![2; n]);
        let offered = g.candidates(16);
        assert!(n > 3 || offered.contains(&to_hero), "{offered:?}");
        for d in &offered {
            assert!(g.check(d).is_ok(), "{d}: {:?}", g.check(d));
        }
        if n > 3 {
            let e = g.check(&to_hero).expect_err("the hero has 3 damage points");
            assert!(e.to_string().contains("damage"), "{e}");
            continue;
        }
        g.apply(to_hero).unwrap();
        assert_eq!(g.table().units[0].minis.len(), 2, "the squad keeps its soldiers");
        assert_eq!(g.units()[1].health, 3 - n as u8, "one point of damage a hit (1/1 rifles)");
        assert_eq!(g.units()[1].destroyed, n == 3);
        seen += 1;
    }
    assert!(seen > 0, "no reaction hit in 60 seeds");
}

/// "HEROES": the hero is "part of the unit until the end of the activation" (docs/rulings.md,
/// "Battlefield: a unit wiped out around its joined hero"): when the reactive attack kills every
/// soldier of the squad, the hero carries on alone with the actions the pair declared (here a
/// MOVE), and his Move is his own miniature's (m0).
#[test]
fn a_joined_hero_takes_the_remaining_actions_when_his_unit_is_wiped_out() {
    let mut seen = 0;
    for seed in 0..80 {
        let mut g = heroes_table_enemy_at(45.0, 44.5).game(seed);
        if !react_at_joined_pair(&mut g, &[Nothing, Move]) || !(2..=4).contains(&due(&g)) {
            continue;
        }
        let n = due(&g);
        let mut v = vec![0, 1];
        v.extend(vec![2; n - 2]);
        g.apply(Decision::Casualties(v)).unwrap();
        assert!(g.units()[0].destroyed);
        if g.units()[1].destroyed {
            continue;
        }
        assert_eq!(g.pending(), Pending::Decision(Side::A));
        assert_eq!(g.acting(), Some(1), "the hero acts on");
        let d = mv(&g, 1, 5.0, 0.0);
        assert!(g.candidates(8).iter().any(|c| matches!(c, Decision::Move { .. })));
        g.apply(d).unwrap();
        assert_eq!(g.table().units[1].minis[0].body.centre(), Pt::cm(56.5, 30.0));
        assert!(g.units()[1].activated);
        seen += 1;
    }
    assert!(seen > 0, "no squad wiped out in 80 seeds");
}

/// Side A: Scouts on the table (unit 0), Rangers in reserve (unit 1, entering at A's edge);
/// side B: Enemy on the table (unit 2), Enemy Reserve in reserve (unit 3, at B's edge). Arrival
/// zones 5 cm deep along each side's edge.
fn reserves_table(rules: Reserves) -> Builder {
    Builder::default()
        .reserves(rules)
        .arrival(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 5.0), (0.0, 5.0)])
        .arrival(Side::B, &[(0.0, 115.0), (180.0, 115.0), (180.0, 120.0), (0.0, 120.0)])
        .unit(Side::A, squad_card("Scouts", 2), &line(2, 40.0, 20.0), 0)
        .unit(Side::A, squad_card("Rangers", 2), &line(2, 90.0, 2.0), 0)
        .in_reserve()
        .unit(Side::B, squad_card("Enemy", 2), &line(2, 40.0, 100.0), 180)
        .unit(Side::B, squad_card("Enemy Reserve", 2), &line(2, 90.0, 118.0), 180)
        .in_reserve()
}

/// A decision that keeps the game quiet: no reactions, NOTHING plans where allowed (a unit
/// arriving from reserve moves first), the first move or casualties proposed, unit 1 activated
/// whenever it may be.
fn quiet(g: &FieldGame) -> Decision {
    let c = g.candidates(12);
    let rank = |d: &Decision| match d {
        Decision::React(None) => 0,
        Decision::Activate(1) => 0,
        Decision::Plan(p) if p.iter().all(|a| *a == Nothing) => 0,
        Decision::Plan(p) if p.len() == 2 && p[0] == Move && p[1] == Nothing => 1,
        Decision::Attack(a) if a.is_empty() => 0,
        Decision::First(Side::A) => 0,
        Decision::Activate(_) => 1,
        _ => 2,
    };
    c.iter().min_by_key(|d| rank(d)).cloned().expect("a decision")
}

/// What happened to unit 1 each time it was activated while in reserve: (turn, dice rolled for
/// reserves, whether it then stood on the table). Plays up to turn 4; checks on the way that a
/// unit off the table is never among the reactors and that an arriving unit's plan starts with
/// a MOVE or MARCH MOVE.
fn reserve_story(rules: Reserves, seed: u64) -> Vec<(u8, Option<u16>, bool)> {
    let mut g = reserves_table(rules).game(seed);
    let mut story = Vec::new();
    while let Pending::Decision(_) = g.pending() {
        if g.turn() > 4 {
            break;
        }
        for r in g.reactors() {
            assert!(!g.table().units[r].minis.is_empty(), "unit {r} reacts from reserve");
        }
        let d = quiet(&g);
        let before = g.events().len();
        let off = g.table().units[1].minis.is_empty();
        g.apply(d.clone()).unwrap();
        if d == Decision::Activate(1) && off {
            let rolls = rolled(&g, before, Purpose::Reserves);
            assert!(rolls.len() <= 1);
            let on = !g.table().units[1].minis.is_empty();
            story.push((g.turn(), rolls.first().map(|r| r.0), on));
            if let Some(&(_, k)) = rolls.first() {
                assert_eq!(on, k > 0, "\"On a score of ☒, the unit moves on\"");
            }
            if on {
                assert_eq!(g.acting(), Some(1));
                let e = g.check(&Decision::Plan(vec![Attack, Nothing])).expect_err("it enters moving");
                assert!(e.to_string().contains("MOVE"), "{e}");
                assert!(g.check(&Decision::Plan(vec![Move, Nothing])).is_ok());
                assert!(g.check(&Decision::Plan(vec![March])).is_ok());
                for d in g.candidates(12) {
                    assert!(matches!(&d, Decision::Plan(p) if matches!(p[0], Move | March)), "{d}");
                }
            } else {
                assert!(g.units()[1].activated, "it remains in reserve and takes NOTHING actions");
                assert_ne!(g.acting(), Some(1));
            }
        }
    }
    story
}

/// tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES", "Reserves": "When they activate,
/// roll 1 die on turn 1, or 2 dice on turn 2. On a score of ☒, the unit moves on from its
/// arrival zone. Its first action must be a MOVE or MARCH MOVE action as it enters the table. On
/// any other roll, it remains in reserve and takes NOTHING actions. Any units still in reserve in
/// the third turn automatically move onto the table." (docs/rulings.md, "Battlefield: reserves".)
#[test]
fn reserves_roll_one_die_on_turn_one_two_on_turn_two_and_arrive_on_turn_three() {
    let mut seen = [false; 4];
    for seed in 0..40 {
        let story = reserve_story(Reserves::Reserves, seed);
        assert!(!story.is_empty());
        for (i, &(turn, dice, on)) in story.iter().enumerate() {
            match turn {
                1 => assert_eq!(dice, Some(1)),
                2 => assert_eq!(dice, Some(2)),
                _ => assert_eq!((dice, on), (None, true), "turn {turn}: it moves on without a roll"),
            }
            seen[usize::from(turn.min(3))] = true;
            if on {
                assert_eq!(i, story.len() - 1, "once on the table it is no longer in reserve");
            }
        }
        if story.iter().any(|s| s.0 == 1 && !s.2) {
            seen[0] = true;
        }
    }
    assert_eq!(seen, [true; 4], "stayed in turn 1, rolled in turns 1 and 2, arrived in turn 3");
}

/// "SCENARIO SPECIAL RULES": "In scenarios with delayed reserves, do not roll on turn 1, but
/// roll 1 die for your reserves on turn 2, and 2 dice on turn 3, with the reserves automatically
/// arriving on turn 4."
#[test]
fn delayed_reserves_wait_out_turn_one_and_arrive_on_turn_four() {
    let mut seen = [false; 5];
    for seed in 0..40 {
        let story = reserve_story(Reserves::Delayed, seed);
        for &(turn, dice, on) in &story {
            match turn {
                1 => assert_eq!((dice, on), (None, false), "no roll on turn 1"),
                2 => assert_eq!(dice, Some(1)),
                3 => assert_eq!(dice, Some(2)),
                _ => assert_eq!((dice, on), (None, true)),
            }
            seen[usize::from(turn)] = true;
        }
    }
    assert_eq!(seen[1..], [true; 4]);
}

/// "Reserves": "You must hold at least half of your units (heroes are separate units) in
/// reserve." A side with three units and one in reserve is refused; a unit held in reserve
/// without the scenario rule is refused too; the reserve units start off the table.
#[test]
fn at_least_half_of_each_sides_units_are_held_in_reserve() {
    let short = reserves_table(Reserves::Reserves).unit(Side::A, hero_card("Joe"), &[(60.0, 20.0)], 0);
    match FieldGame::new(short.setup(), 1) {
        Err(SetupError::TooFewInReserve { side, held, units }) => {
            assert_eq!((side, held, units), (Side::A, 1, 3));
            let msg = SetupError::TooFewInReserve { side, held, units }.to_string();
            assert!(msg.contains("at least half"), "{msg}");
        }
        other => panic!("expected TooFewInReserve, got {:?}", other.map(|_| ())),
    }
    let enough = reserves_table(Reserves::Reserves)
        .unit(Side::A, hero_card("Joe"), &[(60.0, 3.0)], 0)
        .in_reserve();
    let g = FieldGame::new(enough.setup(), 1).expect("two of three in reserve");
    assert!(g.table().units[1].minis.is_empty() && g.table().units[4].minis.is_empty());
    assert!(g.units()[1].in_reserve);
    assert!(matches!(
        FieldGame::new(reserves_table(Reserves::None).setup(), 1),
        Err(SetupError::ReserveWithoutScenario(_))
    ));
}

/// The reserves table as a meeting engagement: every unit waits at its side's edge, and an
/// aircraft for side A (unit 4); with a reserves rule, units 1, 3 and 4 are held in reserve.
fn meeting_table(rules: Reserves) -> Builder {
    let mut b = reserves_table(rules)
        .meeting()
        .unit(Side::A, aircraft_card("Flyer"), &[(150.0, 2.5)], 0);
    if rules == Reserves::None {
        b.in_reserve.clear();
    } else {
        b = b.in_reserve();
    }
    b
}

/// tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES", "Meeting Engagement": "Units do not
/// start the game on the table, but move on from their arrival zone as they are activated.
/// Their first action must be a MOVE or MARCH MOVE action as they enter the table, and they may
/// not take a SUSTAINED ATTACK action in the first turn." "Aircraft cannot take ATTACK or
/// SUSTAINED ATTACK actions in the first turn." A unit not held in reserve moves on without a
/// roll (docs/rulings.md, "Battlefield: meeting engagements").
#[test]
fn in_a_meeting_engagement_units_move_on_as_they_activate() {
    let mut g = meeting_table(Reserves::None).game(3);
    assert!(g.table().units.iter().all(|u| u.minis.is_empty()), "no unit starts on the table");
    if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(Side::A)).unwrap();
    }
    let e = g.events().len();
    g.apply(Decision::Activate(0)).unwrap();
    assert!(rolled(&g, e, Purpose::Reserves).is_empty(), "no roll to move on");
    assert_eq!(g.table().units[0].minis.len(), 2, "on the table at its arrival zone");
    assert!(g.check(&Decision::Plan(vec![Nothing, Move])).is_err(), "it enters moving");
    assert!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok());
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    g.apply(mv(&g, 0, 0.0, 5.0)).unwrap();
    // Side B's Enemy, then side A's aircraft.
    while g.pending() == Pending::Decision(Side::B) {
        let d = quiet(&g);
        g.apply(d).unwrap();
    }
    g.apply(Decision::Activate(4)).unwrap();
    let e = g
        .check(&Decision::Plan(vec![Move, Attack]))
        .expect_err("no aircraft attack in turn 1");
    assert!(e.to_string().contains("first turn"), "{e}");
    assert!(g.check(&Decision::Plan(vec![March])).is_ok());
    for d in g.candidates(12) {
        assert!(matches!(&d, Decision::Plan(p) if !p.iter().any(|a| a.attacks())), "{d}");
    }
}

/// "Meeting Engagement": "they may not take a SUSTAINED ATTACK action in the first turn" (a
/// MOVE then an ATTACK is still allowed, and from turn 2 a unit on the table may sustain); a
/// unit held in reserve in a meeting engagement rolls for reserves as the "Reserves" rule says.
#[test]
fn no_sustained_attack_in_the_first_turn_of_a_meeting_engagement() {
    for seed in 0..20 {
        let mut g = meeting_table(Reserves::Reserves).game(seed);
        let mut checked_turn_two = false;
        while let Pending::Decision(_) = g.pending() {
            if g.turn() > 2 {
                break;
            }
            if g.candidates(12).iter().any(|d| matches!(d, Decision::Plan(_))) {
                let u = g.acting().expect("a unit plans");
                let entering = g.check(&Decision::Plan(vec![Nothing, Nothing])).is_err() && g.class(u) != Class::Aircraft;
                let sustained = g.check(&Decision::Plan(vec![Sustained]));
                if g.turn() == 1 || entering {
                    assert!(sustained.is_err(), "turn {} unit {u}", g.turn());
                } else if g.class(u) != Class::Aircraft {
                    assert!(sustained.is_ok(), "{sustained:?}");
                    checked_turn_two = true;
                }
            }
            for d in g.candidates(8) {
                assert!(g.check(&d).is_ok(), "{d} proposed but refused: {:?}", g.check(&d));
            }
            let before = g.events().len();
            let d = quiet(&g);
            let reserve = matches!(d, Decision::Activate(1) | Decision::Activate(3)) && g.table().units[1].minis.is_empty();
            g.apply(d.clone()).unwrap();
            if reserve && matches!(d, Decision::Activate(1)) && g.turn() <= 2 {
                assert_eq!(rolled(&g, before, Purpose::Reserves).len(), 1, "the reserve rolls");
            }
        }
        if checked_turn_two {
            return;
        }
    }
    panic!("no unit on the table planned in turn 2");
}

/// Side A: Ambushers (unit 0, held in ambush) with a deployment area y 0–35 and a hedge along
/// y 30–31.5 from x 0 to 100; Scouts (unit 1) on the table. Side B: Enemy at y 100 (unit 2) and
/// a Picket near the open end of the hedge (unit 3, at (150, 45)).
fn ambush_table() -> Builder {
    Builder::default()
        .deployment(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 35.0), (0.0, 35.0)])
        .terrain(TerrainKind::Hedge, &[(0.0, 30.0), (100.0, 30.0), (100.0, 31.5), (0.0, 31.5)])
        .unit(Side::A, squad_card("Ambushers", 2), &line(2, 40.0, 27.0), 0)
        .in_ambush()
        .unit(Side::A, squad_card("Scouts", 2), &line(2, 20.0, 10.0), 0)
        .unit(Side::B, squad_card("Enemy", 2), &line(2, 40.0, 100.0), 180)
        .unit(Side::B, squad_card("Picket", 2), &line(2, 150.0, 45.0), 180)
}

fn place(pts: &[(f64, f64)]) -> Decision {
    Decision::Place(pts.iter().map(|&(x, y)| Pt::cm(x, y)).collect())
}

/// tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES", "Ambush": "The unit is not placed
/// on the table at the start of the game. While held in ambush, it may only take NOTHING
/// actions. You may place a unit held in ambush … on the table at the start of the unit's
/// activation. It must be placed in your deployment area, at least 20cm/8" away from, and in
/// cover from, all enemy units. Then roll 2 dice, and the unit … performs one action for each ☒
/// or ☑." (☒ or ☑: the army symbol or the shield, docs/rulings.md, "Battlefield: the symbols of
/// the summary"; "Battlefield: ambush".)
#[test]
fn a_unit_in_ambush_is_placed_in_cover_in_its_deployment_area_and_acts_on_the_dice() {
    let mut seen = [false; 3];
    for seed in 0..30 {
        let mut g = ambush_table().game(seed);
        assert!(g.table().units[0].minis.is_empty(), "not placed at the start");
        if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
            g.apply(Decision::First(Side::A)).unwrap();
        }
        g.apply(Decision::Activate(0)).unwrap();
        for (bad, why) in [
            (place(&[(40.0, 50.0), (43.0, 50.0)]), "deployment area"),
            (place(&[(120.0, 20.0), (123.0, 20.0)]), "cover"),
            (place(&[(40.0, 27.0)]), "2 miniatures"),
            (place(&[(140.0, 33.0), (143.0, 33.0)]), "20 cm"),
        ] {
            let e = g.check(&bad).expect_err(why);
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
        let offered = g.candidates(8);
        assert!(offered.contains(&Decision::Place(Vec::new())), "staying hidden is offered");
        assert!(
            offered.iter().any(|d| matches!(d, Decision::Place(p) if !p.is_empty())),
            "{offered:?}"
        );
        for d in &offered {
            assert!(g.check(d).is_ok(), "{d}: {:?}", g.check(d));
        }
        if seed == 0 {
            let mut stay = g.clone();
            stay.apply(Decision::Place(Vec::new())).unwrap();
            assert!(stay.table().units[0].minis.is_empty() && stay.units()[0].activated);
            assert_eq!(stay.pending(), Pending::Decision(Side::B));
        }
        let e = g.events().len();
        g.apply(place(&[(40.0, 27.0), (43.0, 27.0)])).unwrap();
        assert_eq!(g.table().units[0].minis.len(), 2);
        let r = rolled(&g, e, Purpose::Ambush);
        assert_eq!(r.len(), 1);
        let (dice, k) = r[0];
        assert_eq!(dice, 2);
        seen[usize::from(k)] = true;
        match k {
            0 => assert_ne!(g.acting(), Some(0), "no action"),
            1 => {
                assert!(g.check(&Decision::Plan(vec![Move])).is_ok());
                assert!(g.check(&Decision::Plan(vec![Move, Nothing])).is_err(), "one action");
                assert!(g.candidates(12).iter().all(|d| matches!(d, Decision::Plan(p) if p.len() == 1)));
            }
            _ => assert!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok()),
        }
    }
    assert_eq!(seen, [true; 3]);
}

/// "Ambush": "You may hold one of your units in ambush": a second unit of a side in ambush is
/// refused at set-up.
#[test]
fn one_unit_a_side_in_ambush() {
    let two = ambush_table()
        .unit(Side::A, squad_card("More", 2), &line(2, 60.0, 27.0), 0)
        .in_ambush();
    assert!(matches!(FieldGame::new(two.setup(), 1), Err(SetupError::TooManyInAmbush(Side::A))));
}

/// tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES", "Reserves": "A hero that can join or
/// pilot a unit may arrive with the unit. Roll once for them both: if successful, the hero joins
/// the unit for the activation and they move on together." "HEROES": "A hero that is not yet on
/// the board can join an infantry unit that is not on the board and both then activate
/// together, entering the game at the same time." (docs/rulings.md, "Battlefield: reserves".)
#[test]
fn a_hero_in_reserve_arrives_with_a_unit_on_one_roll() {
    let mut seen = [false; 2];
    for seed in 0..20 {
        let mut g = reserves_table(Reserves::Reserves)
            .unit(Side::A, hero_card("Joe"), &[(100.0, 2.0)], 0)
            .in_reserve()
            .game(seed);
        first_a(&mut g);
        let e = g.check(&Decision::ActivateWith(0, 4)).expect_err("one on the table, one off");
        assert!(e.to_string().contains("not on the board"), "{e}");
        assert!(g.candidates(20).contains(&Decision::ActivateWith(1, 4)));
        let before = g.events().len();
        g.apply(Decision::ActivateWith(1, 4)).unwrap();
        let r = rolled(&g, before, Purpose::Reserves);
        assert_eq!(r.len(), 1, "one roll for them both");
        let on = r[0].1 > 0;
        seen[usize::from(on)] = true;
        assert_eq!(!g.table().units[1].minis.is_empty(), on);
        assert_eq!(!g.table().units[4].minis.is_empty(), on);
        assert!(g.units()[1].activated && g.units()[4].activated);
        if on {
            assert_eq!(g.joined_hero(1), Some(4), "the hero joins the unit for the activation");
            assert!(g.check(&Decision::Plan(vec![Attack, Nothing])).is_err());
            g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
            // The pair moves on together: the squad's two soldiers and the hero (m2).
            let minis = [(0, 90.0), (1, 93.0), (2, 100.0)]
                .iter()
                .map(|&(m, x)| MiniMove {
                    mini: m,
                    to: Pt::cm(x, 9.0),
                    via: Vec::new(),
                })
                .collect();
            g.apply(Decision::Move { minis, facing: None }).unwrap();
            assert_eq!(g.table().units[4].minis[0].body.centre(), Pt::cm(100.0, 9.0));
        }
    }
    assert_eq!(seen, [true; 2]);
}

/// "Meeting Engagement": "You may leave your aircraft off the table in the first turn and move
/// them on in their second turn instead." In turn 1 the aircraft, activating, may plan two
/// NOTHING actions and stays off the table (docs/rulings.md, "Battlefield: meeting
/// engagements"); in turn 2 it moves on (NOTHING first is refused then).
#[test]
fn an_aircraft_may_wait_out_the_first_turn_of_a_meeting_engagement() {
    let mut g = meeting_table(Reserves::None).game(5);
    let mut waited = false;
    while let Pending::Decision(_) = g.pending() {
        if g.turn() > 2 {
            break;
        }
        if g.candidates(12).contains(&Decision::Activate(4)) {
            g.apply(Decision::Activate(4)).unwrap();
            assert!(!g.table().units[4].minis.is_empty(), "it moves on as it activates");
            let stay = Decision::Plan(vec![Nothing, Nothing]);
            if g.turn() == 1 {
                assert!(g.candidates(12).contains(&stay));
                g.apply(stay).unwrap();
                assert!(g.table().units[4].minis.is_empty(), "left off the table");
                assert!(g.units()[4].activated && g.units()[4].in_reserve);
                waited = true;
            } else {
                assert!(waited);
                assert!(g.check(&stay).is_err(), "turn 2: it moves on");
                g.apply(Decision::Plan(vec![March])).unwrap();
                return;
            }
            continue;
        }
        let d = quiet(&g);
        g.apply(d).unwrap();
    }
    panic!("the aircraft never activated in turn 2");
}
