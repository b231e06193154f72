//! Dust Battlefield's fortifications, engineering and scenario set-up, clause by clause, from
//! tactics-battlefield-summary.md ("FORTIFICATIONS", "MINEFIELDS", "BARBED WIRE ENTANGLEMENTS",
//! "ENGINEERING VEHICLES", "SETUP", "SCENARIO SPECIAL RULES"). Each test names its section and
//! quotes the words it checks; the tables and cards are the tests' own
//! (`dust_core::field::tests_support`).

use dust_core::dice::{BattlefrontDice, Symbols};
use dust_core::field::tests_support::{activate, aircraft_card, rolls_since, squad_card, vehicle_card, Builder};
use dust_core::field::{Action, Decision, Event, FieldGame, MiniMove, Pending, Purpose, SetupError, Special};
use dust_core::unit::Locomotion;
use dust_core::Side;
use dust_geom::exact::Pt;
use dust_geom::table::TerrainKind;

use Action::*;

fn mv(g: &FieldGame, u: usize, dx: f64, dy: f64) -> Decision {
    let minis = (0..g.table().units[u].minis.len())
        .map(|i| MiniMove {
            mini: i,
            to: g.table().units[u].minis[i].body.centre().add(Pt::cm(dx, dy)),
            via: Vec::new(),
        })
        .collect();
    Decision::Move { minis, facing: None }
}

/// A strip of `kind` across the table at y 25–27 cm, between x 30 and 90.
fn strip(b: Builder, kind: TerrainKind) -> Builder {
    b.terrain(kind, &[(30.0, 25.0), (90.0, 25.0), (90.0, 27.0), (30.0, 27.0)])
}

/// Side A's squad of `n` at y = 20 (3 cm apart from x = 50), side B far away.
fn squad_before(kind: TerrainKind, n: usize) -> Builder {
    let at: Vec<(f64, f64)> = (0..n).map(|i| (50.0 + 3.0 * i as f64, 20.0)).collect();
    strip(Builder::default(), kind)
        .unit(Side::A, squad_card("Sappers", n as u8), &at, 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
}

fn p_army() -> f64 {
    BattlefrontDice::ThreeSymbol.roll(1, Symbols::ARMY).p()
}

// ----- MINEFIELDS --------------------------------------------------------------------------------

/// "MINEFIELDS": "When a unit moves into, through, or out of a minefield, the opposing player
/// attacks it with a rating of ♠️₂": one attack of 2 dice, hitting on the army symbol, each
/// unsaved hit a casualty (the infantry save: docs/rulings.md, "Battlefield: minefield
/// attacks").
#[test]
fn a_unit_moving_through_a_minefield_is_attacked_with_two_dice() {
    let (mut lost, mut hits_seen) = (0u32, 0u32);
    let n = 200;
    for seed in 0..n {
        let mut g = squad_before(TerrainKind::Minefield, 3).game(seed);
        activate(&mut g, 0, &[Move, Nothing]);
        let e = g.events().len();
        g.apply(mv(&g, 0, 0.0, 9.0)).unwrap();
        let r = rolls_since(&g, e);
        let mines: Vec<_> = r.iter().filter(|x| x.0 == Purpose::Minefield).collect();
        assert_eq!(mines.len(), 1, "one attack a minefield crossed: {r:?}");
        assert_eq!(mines[0].1, 2, "a rating of 2: two dice");
        let hits = mines[0].2;
        hits_seen += u32::from(hits);
        let saved = r.iter().find(|x| x.0 == Purpose::Save).map_or(0, |x| x.2);
        if hits > 0 {
            assert_eq!(r.iter().find(|x| x.0 == Purpose::Save).map(|x| x.1), Some(hits), "{r:?}");
        }
        // The owner chooses who falls when some of the squad may.
        if g.pending() == Pending::Decision(Side::A) && hits > saved {
            if let Some(Decision::Casualties(v)) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
                assert_eq!(v.len(), usize::from(hits - saved));
                g.apply(Decision::Casualties(v)).unwrap();
            }
        }
        lost += 3 - g.table().units[0].minis.len() as u32;
        assert_eq!(u32::from(hits - saved), 3 - g.table().units[0].minis.len() as u32);
        // No token: the minefield's attack is no ATTACK action.
        assert_eq!(g.units()[0].tokens, Default::default());
    }
    let p = p_army();
    let rate = f64::from(hits_seen) / f64::from(2 * n as u32);
    assert!((rate - p).abs() < 0.06, "hits on the army symbol: {rate} vs {p}");
    let expect = 2.0 * p * (1.0 - p) * f64::from(n as u32);
    assert!((f64::from(lost) - expect).abs() < 0.3 * expect, "{lost} vs {expect}");
}

/// "moves into, through, or out of": a unit that starts in the minefield and walks out is
/// attacked too; a unit that moves beside it is not.
#[test]
fn into_through_or_out_of_a_minefield_only() {
    let mut g = Builder::default()
        .terrain(TerrainKind::Minefield, &[(40.0, 10.0), (60.0, 10.0), (60.0, 30.0), (40.0, 30.0)])
        .unit(Side::A, squad_card("Sappers", 1), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let e = g.events().len();
    g.apply(mv(&g, 0, 0.0, 10.0)).unwrap();
    assert!(rolls_since(&g, e).iter().any(|r| r.0 == Purpose::Minefield), "out of a minefield");

    let mut g = squad_before(TerrainKind::Minefield, 1).game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let e = g.events().len();
    g.apply(mv(&g, 0, 0.0, -9.0)).unwrap();
    assert!(rolls_since(&g, e).iter().all(|r| r.0 != Purpose::Minefield), "away from it");
}

/// Aircraft fly over minefields (docs/rulings.md, "Battlefield: minefield attacks"); a vehicle
/// driving through is attacked.
#[test]
fn vehicles_are_attacked_aircraft_fly_over() {
    let mut g = strip(Builder::default(), TerrainKind::Minefield)
        .unit(Side::A, vehicle_card("Halftrack", Locomotion::Walker), &[(50.0, 15.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(3);
    activate(&mut g, 0, &[Move, Nothing]);
    let e = g.events().len();
    g.apply(mv(&g, 0, 0.0, 19.0)).unwrap();
    assert!(rolls_since(&g, e).iter().any(|r| r.0 == Purpose::Minefield && r.1 == 2));

    let mut g = strip(Builder::default(), TerrainKind::Minefield)
        .unit(Side::A, aircraft_card("Fighter"), &[(50.0, 15.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(3);
    activate(&mut g, 0, &[Move, Nothing]);
    let e = g.events().len();
    g.apply(mv(&g, 0, 0.0, 25.0)).unwrap();
    assert!(rolls_since(&g, e).iter().all(|r| r.0 != Purpose::Minefield));
}

// ----- ENGINEERING -----------------------------------------------------------------------------------

fn piece(g: &FieldGame, kind: TerrainKind) -> Option<usize> {
    g.table().terrain.iter().position(|t| t.kind == kind)
}

/// "BARBED WIRE ENTANGLEMENTS": "An infantry unit can attempt to cut a gap through an adjacent
/// barbed wire entanglement by taking an ENGINEERING special action. Roll a die: on ☹️, the
/// barbed wire is removed."
#[test]
fn infantry_cut_adjacent_wire_on_the_army_symbol() {
    let (mut cut, n) = (0u32, 150u64);
    for seed in 0..n {
        let mut g = squad_before(TerrainKind::BarbedWire, 2).game(seed);
        // Within 5 cm of the wire: adjacent (docs/rulings.md, "Battlefield: engineering").
        g.apply(Decision::First(Side::A)).unwrap();
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
        let w = piece(&g, TerrainKind::BarbedWire).unwrap();
        let e = g.events().len();
        g.apply(Decision::Special(Special::Engineer(w))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!((r[0].0, r[0].1), (Purpose::Engineering, 1));
        let gone = piece(&g, TerrainKind::BarbedWire).is_none();
        assert_eq!(gone, r[0].2 == 1, "removed exactly on a success");
        cut += u32::from(gone);
    }
    let rate = f64::from(cut) / n as f64;
    assert!((rate - p_army()).abs() < 0.09, "{rate}");
}

/// "MINEFIELDS": "An infantry unit can attempt to clear a gap through an adjacent minefield by
/// taking an ENGINEERING special action. Roll a die: on ☹️, the minefield is removed. On any
/// other roll, the unit is attacked as if they had moved through the minefield and receives a
/// Suppression token."
#[test]
fn clearing_a_minefield_or_being_attacked_and_suppressed() {
    let (mut cleared, mut failed) = (0, 0);
    for seed in 0..60 {
        let mut g = squad_before(TerrainKind::Minefield, 3).game(seed);
        g.apply(Decision::First(Side::A)).unwrap();
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
        let m = piece(&g, TerrainKind::Minefield).unwrap();
        let e = g.events().len();
        g.apply(Decision::Special(Special::Engineer(m))).unwrap();
        let r = rolls_since(&g, e);
        if r[0].2 == 1 {
            cleared += 1;
            assert!(piece(&g, TerrainKind::Minefield).is_none());
            assert!(r.iter().all(|x| x.0 != Purpose::Minefield));
            assert_eq!(g.units()[0].tokens, Default::default());
        } else {
            failed += 1;
            assert!(piece(&g, TerrainKind::Minefield).is_some());
            assert!(r.iter().any(|x| x.0 == Purpose::Minefield && x.1 == 2), "{r:?}");
            assert!(g.units()[0].tokens.suppressed || g.units()[0].destroyed);
        }
    }
    assert!(cleared > 5 && failed > 5, "{cleared} {failed}");
}

/// "adjacent": a unit far from the wire may not try; nor may a vehicle that is no engineer
/// ("An engineer vehicle … can attempt"); the refusal says why.
#[test]
fn engineering_needs_an_adjacent_piece_and_infantry() {
    let mut g = strip(Builder::default(), TerrainKind::BarbedWire)
        .unit(Side::A, squad_card("Sappers", 1), &[(50.0, 10.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Special, Nothing]);
    let w = piece(&g, TerrainKind::BarbedWire).unwrap();
    let e = g.check(&Decision::Special(Special::Engineer(w))).unwrap_err();
    assert!(e.reason.contains("adjacent"), "{e}");
    assert!(g.check(&Decision::Special(Special::Engineer(99))).is_err());

    let mut g = strip(Builder::default(), TerrainKind::BarbedWire)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Engineer(w))).unwrap_err();
    assert!(e.reason.contains("engineer"), "{e}");
}

/// The generator proposes the ENGINEERING action where it may be taken, and `check` accepts
/// every proposal (the one place that decides legality).
#[test]
fn engineering_is_proposed_and_accepted() {
    let mut g = squad_before(TerrainKind::Minefield, 2).game(5);
    g.apply(Decision::First(Side::A)).unwrap();
    g.apply(Decision::Activate(0)).unwrap();
    let c = g.candidates(64);
    assert!(c.iter().any(|d| matches!(d, Decision::Plan(p) if p.contains(&Special))), "{c:?}");
    g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
    let c = g.candidates(64);
    assert!(c.iter().any(|d| matches!(d, Decision::Special(Special::Engineer(_)))), "{c:?}");
    for d in c {
        g.check(&d).unwrap();
    }
}

/// The text form of the new decisions round-trips (records, the command line).
#[test]
fn special_decisions_read_back() {
    for d in [Decision::Special(Special::Engineer(3)), Decision::Plan(vec![Special, Move])] {
        assert_eq!(d.to_string().parse::<Decision>(), Ok(d.clone()));
    }
}

// ----- SETUP: ATTACKER AND DEFENDER ------------------------------------------------------------

/// A table with a bunker and a strongpoint in side B's half and a strongpoint in side A's half,
/// unowned: `owners` gives each piece's side in that order.
fn fortified(owners: [Option<Side>; 3]) -> Builder {
    let mut b = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &[(50.0, 10.0), (53.0, 10.0), (56.0, 10.0)], 0)
        .unit(
            Side::B,
            squad_card("Grenadiers", 3),
            &[(50.0, 110.0), (53.0, 110.0), (56.0, 110.0)],
            180,
        );
    let pieces: [(TerrainKind, [(f64, f64); 4]); 3] = [
        (TerrainKind::Bunker, [(40.0, 80.0), (60.0, 80.0), (60.0, 95.0), (40.0, 95.0)]),
        (
            TerrainKind::Strongpoint,
            [(100.0, 80.0), (120.0, 80.0), (120.0, 95.0), (100.0, 95.0)],
        ),
        (
            TerrainKind::Strongpoint,
            [(100.0, 20.0), (120.0, 20.0), (120.0, 35.0), (100.0, 35.0)],
        ),
    ];
    for ((kind, poly), owner) in pieces.into_iter().zip(owners) {
        b = b.terrain(kind, &poly);
        if let Some(s) = owner {
            b = b.fielded_by(s);
        }
    }
    b
}

/// "SETUP": "If a player is fielding **bunkers** or **strongpoints** they will always be the
/// defender. If both players have bunkers or strongpoints, the player with the most AP worth of
/// bunkers and strongpoints is the defender." ("FORTIFICATIONS": "bunkers … for 15 points
/// each, and strongpoints for 10 points each.")
#[test]
fn a_player_fielding_bunkers_or_strongpoints_is_the_defender() {
    let g = fortified([None, Some(Side::B), None]).game(1);
    assert_eq!(g.defender(), Some(Side::B));
    assert_eq!(g.attacker(), Some(Side::A));
    // A bunker (15) against a strongpoint (10): the bunker's side.
    let g = fortified([Some(Side::B), None, Some(Side::A)]).game(1);
    assert_eq!(g.defender(), Some(Side::B));
    // Two strongpoints (20) against a bunker (15).
    let g = fortified([Some(Side::A), Some(Side::B), Some(Side::B)]).game(1);
    assert_eq!(g.defender(), Some(Side::B));
    // Fortifications the scenario gives (no side) make no one the defender; the players'
    // choice stands ("the other may choose which side to attack or defend from").
    let g = fortified([None, None, None]).game(1);
    assert_eq!(g.defender(), None);
    let mut s = fortified([None, None, None]).setup();
    s.defender = Some(Side::A);
    assert_eq!(FieldGame::new(s, 1).unwrap().defender(), Some(Side::A));
}

/// "they will always be the defender": a set-up naming the other side the defender is refused,
/// and the refusal says why.
#[test]
fn the_fortified_side_cannot_be_made_the_attacker() {
    let mut s = fortified([Some(Side::B), None, None]).setup();
    s.defender = Some(Side::A);
    let e = FieldGame::new(s, 1).unwrap_err();
    assert_eq!(
        e,
        SetupError::FortifiedDefender {
            chosen: Side::A,
            fortified: Side::B
        }
    );
    assert!(e.to_string().contains("always be the defender"), "{e}");
    // Equal worth on both sides: the players' choice decides (docs/rulings.md, "Battlefield:
    // attacker and defender").
    let mut s = fortified([None, Some(Side::A), Some(Side::B)]).setup();
    s.defender = Some(Side::A);
    assert_eq!(FieldGame::new(s, 1).unwrap().defender(), Some(Side::A));
}

/// "You may include **bunkers** in their force for 15 points each, and **strongpoints** for 10
/// points each": they count against the AP limit.
#[test]
fn fortifications_count_against_the_ap_limit() {
    // Each squad is 30 AP (the tests' cards: 10 a miniature).
    let mut s = fortified([Some(Side::B), None, None]).setup();
    s.ap_limit = Some(40);
    assert_eq!(
        FieldGame::new(s, 1).unwrap_err(),
        SetupError::OverLimit {
            side: Side::B,
            ap: 45,
            limit: 40
        }
    );
    let mut s = fortified([Some(Side::B), None, None]).setup();
    s.ap_limit = Some(45);
    assert!(FieldGame::new(s, 1).is_ok());
}

// ----- SCENARIO SPECIAL RULES: SCATTERED RESERVES ------------------------------------------------

/// A 180 × 120 table, side A's deployment area along y = 0, side B's along y = 120; side A's
/// squad of 3 in reserve (waiting in its arrival zone), the reserves `scattered` or not.
fn scattered_table(scattered: bool) -> Builder {
    let mut b = Builder::default()
        .reserves(dust_core::field::Reserves::Reserves)
        .deployment(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 20.0), (0.0, 20.0)])
        .deployment(Side::B, &[(0.0, 100.0), (180.0, 100.0), (180.0, 120.0), (0.0, 120.0)])
        .arrival(Side::A, &[(80.0, 0.0), (100.0, 0.0), (100.0, 10.0), (80.0, 10.0)])
        .arrival(Side::B, &[(80.0, 110.0), (100.0, 110.0), (100.0, 120.0), (80.0, 120.0)])
        .unit(Side::A, squad_card("Rangers", 3), &[(85.0, 5.0), (88.0, 5.0), (91.0, 5.0)], 0)
        .in_reserve()
        .unit(Side::B, squad_card("Grenadiers", 1), &[(90.0, 115.0)], 180)
        .in_reserve();
    if scattered {
        b = b.scattered();
    }
    b
}

/// Activates side A's unit 0 in turn 1 (it rolls to move on).
fn activate_reserve(g: &mut FieldGame) {
    g.apply(Decision::First(Side::A)).unwrap();
    g.apply(Decision::Activate(0)).unwrap();
}

/// "In scenarios with **scattered reserves**, roll a die when a unit arrives from reserves to
/// determine which arrival zone it will move on from. On a ☒, they move on anywhere along your
/// table edge. On a ☑, they move on from any table edge within 40cm/16" of the left-hand
/// corner. On a score of ☑, they move on from any table edge within 40cm/16" of the right-hand
/// corner." — one die for the unit that arrives, each of the three stretches a third of the time
/// (docs/rulings.md, "Battlefield: scattered reserves").
#[test]
fn scattered_reserves_roll_a_die_for_where_they_move_on() {
    use dust_core::field::Entry;
    let mut seen = [0u32; 3];
    for seed in 0..300 {
        let mut g = scattered_table(true).game(seed);
        let e = g.events().len();
        activate_reserve(&mut g);
        let r = rolls_since(&g, e);
        let arrived = r.iter().any(|x| x.0 == Purpose::Reserves && x.2 > 0);
        let scatter: Vec<_> = r.iter().filter(|x| x.0 == Purpose::Scatter).collect();
        if !arrived {
            assert!(scatter.is_empty() && g.entry().is_none(), "{r:?}");
            continue;
        }
        assert!(!scatter.is_empty(), "a unit arriving rolls: {r:?}");
        let (entry, stretches) = g.entry().expect("arrived: placed at an edge");
        let cm = |x: f64, y: f64| Pt::cm(x, y);
        match entry {
            // Side A's table edge is y = 0 (its deployment area's); from there its left hand is
            // the corner at x = 0.
            Entry::Edge => {
                seen[0] += 1;
                assert_eq!(stretches, vec![(cm(0.0, 0.0), cm(180.0, 0.0))]);
            }
            Entry::Left => {
                seen[1] += 1;
                assert_eq!(stretches, vec![(cm(0.0, 0.0), cm(40.0, 0.0)), (cm(0.0, 0.0), cm(0.0, 40.0))]);
            }
            Entry::Right => {
                seen[2] += 1;
                assert_eq!(stretches, vec![(cm(180.0, 0.0), cm(140.0, 0.0)), (cm(180.0, 0.0), cm(180.0, 40.0))]);
            }
        }
        assert_eq!(g.pending(), Pending::Decision(Side::A));
    }
    let n: u32 = seen.iter().sum();
    assert!(n > 60, "{seen:?}");
    for k in seen {
        let f = f64::from(k) / f64::from(n);
        assert!((f - 1.0 / 3.0).abs() < 0.12, "{seen:?}");
    }
}

/// The unit arriving is placed with every base at its stretch of edge (`place X,Y …`), then its
/// first action moves it on; a place elsewhere is refused and the refusal says where it may go.
/// Side B's edge is y = 120: its left hand is the corner at x = 180.
#[test]
fn a_unit_from_scattered_reserves_moves_on_from_its_stretch_of_edge() {
    use dust_core::field::Entry;
    let mut done = false;
    for seed in 0..200 {
        let mut g = scattered_table(true).game(seed);
        activate_reserve(&mut g);
        let Some((entry, _)) = g.entry() else { continue };
        let at_corner = |x: f64| vec![Pt::cm(x, 2.0), Pt::cm(x + 3.0, 2.0), Pt::cm(x + 6.0, 2.0)];
        let good = match entry {
            Entry::Edge => at_corner(60.0),
            Entry::Left => at_corner(10.0),
            Entry::Right => at_corner(160.0),
        };
        let bad = match entry {
            Entry::Edge => vec![Pt::cm(60.0, 30.0), Pt::cm(63.0, 30.0), Pt::cm(66.0, 30.0)],
            Entry::Left => at_corner(100.0),
            Entry::Right => at_corner(10.0),
        };
        let e = g.check(&Decision::Place(bad)).unwrap_err();
        assert!(e.reason.contains("table edge"), "{e}");
        // The generator proposes placings, each accepted.
        let c = g.candidates(16);
        assert!(c.iter().any(|d| matches!(d, Decision::Place(p) if !p.is_empty())), "{c:?}");
        for d in &c {
            g.check(d).unwrap();
        }
        g.apply(Decision::Place(good.clone())).unwrap();
        let here: Vec<Pt> = g.table().units[0].minis.iter().map(|m| m.body.centre()).collect();
        assert_eq!(here, good);
        assert!(g.check(&Decision::Plan(vec![Attack, Nothing])).is_err(), "it moves on first");
        g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
        done = true;
        break;
    }
    assert!(done);
}

/// Reserves that are not scattered move on from where the table file puts them, with no roll.
#[test]
fn plain_reserves_roll_no_scatter_die() {
    for seed in 0..40 {
        let mut g = scattered_table(false).game(seed);
        let e = g.events().len();
        activate_reserve(&mut g);
        assert!(rolls_since(&g, e).iter().all(|r| r.0 != Purpose::Scatter));
        assert!(g.entry().is_none());
    }
}

// ----- BUNKERS AND STRONGPOINTS: CLOSE COMBAT ------------------------------------------------------

/// Side B's garrison of 3 in a bunker 30 × 20 cm (x 40–70, y 40–60) whose slit faces y = 40
/// (180°) and whose rear door is at (55, 60); side A's raider (one soldier) at `raider`.
fn bunker_fight(raider: (f64, f64)) -> FieldGame {
    Builder::default()
        .bunker(&[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)], 180, (55.0, 60.0))
        .unit(Side::A, squad_card("Raiders", 1), &[raider], 0)
        .unit(Side::B, squad_card("Garrison", 3), &[(42.5, 50.0), (55.0, 50.0), (67.5, 50.0)], 180)
        .game(1)
}

/// The groups of unit `u`'s knife (line 1) aimed at `target`, by the odds (the live plan).
fn knife_groups(g: &FieldGame, u: usize, target: usize) -> Vec<dust_core::field::Group> {
    let aim = dust_core::field::Aim { line: 1, target, at: None };
    g.attack_odds(u, &[aim], false).unwrap().groups.into_iter().map(|x| x.0).collect()
}

fn knife(target: usize) -> Decision {
    // The tests' squads: line 0 a rifle, line 1 a knife (C).
    Decision::Attack(vec![dust_core::field::Aim { line: 1, target, at: None }])
}

/// "Close-combat Against Bunkers and Strongpoints": "When attacking with C weapons, miniatures
/// adjacent to a strongpoint or the firing slit or the rear doors of a bunker can attack and be
/// attacked by any miniature in the strongpoint or bunker." At the slit or at the door, the
/// raider fights the whole garrison (each of them more than 5 cm away); beside a blind wall it
/// fights no one, however close.
#[test]
fn close_combat_through_a_bunkers_slit_and_rear_doors_only() {
    for (at, ok) in [
        ((55.0, 37.5), true),
        ((55.0, 62.5), true),
        ((37.5, 50.0), false),
        ((72.5, 50.0), false),
    ] {
        let mut g = bunker_fight(at);
        assert_eq!(g.fortification(1), Some(TerrainKind::Bunker));
        activate(&mut g, 0, &[Attack, Nothing]);
        let r = g.check(&knife(1));
        assert_eq!(r.is_ok(), ok, "raider at {at:?}: {r:?}");
        if let Err(e) = r {
            assert!(e.reason.contains("firing slit or rear doors"), "{e}");
        } else {
            // Every miniature in the bunker can be attacked: all three are valid targets.
            let o = knife_groups(&g, 0, 1);
            assert_eq!(o[0].valid.len(), 3, "{o:?}");
        }
    }
}

/// "… can attack and be attacked by any miniature in the strongpoint or bunker": the garrison's
/// soldiers (even the one across the bunker) fight the raider at the slit; not one beside a
/// blind wall.
#[test]
fn the_garrison_fights_out_through_the_slit() {
    for (at, ok) in [((55.0, 37.5), true), ((37.5, 50.0), false)] {
        let mut g = bunker_fight(at);
        activate(&mut g, 1, &[Attack, Nothing]);
        let r = g.check(&knife(0));
        assert_eq!(r.is_ok(), ok, "raider at {at:?}: {r:?}");
        if ok {
            let o = knife_groups(&g, 1, 0);
            assert_eq!(o[0].firers.len(), 3, "all three fight: {o:?}");
        }
    }
}

/// A strongpoint's walls are open all round: a miniature adjacent to any part of it fights every
/// miniature inside.
#[test]
fn close_combat_all_round_a_strongpoint() {
    let mut g = Builder::default()
        .terrain(TerrainKind::Strongpoint, &[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)])
        .unit(Side::A, squad_card("Raiders", 1), &[(72.5, 50.0)], 0)
        .unit(Side::B, squad_card("Garrison", 3), &[(42.5, 50.0), (55.0, 50.0), (60.0, 50.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    g.check(&knife(1)).unwrap();
    let o = knife_groups(&g, 0, 1);
    assert_eq!(o[0].valid.len(), 3);
}

// ----- ARTILLERY WEAPONS: SMOKE SHELLS ----------------------------------------------------------------

/// Side A's mortar team (a squad of 2 with an artillery weapon of range 2–8 and a knife) at
/// (90, 10); side B's squads at (90, 90) and (150, 60); a building at x 20–40.
fn mortar_table() -> Builder {
    let mut mortar = squad_card("Mortar Team", 2);
    mortar.card.weapons[0] = dust_core::field::tests_support::weapon("Mortar", Some(8), 2);
    mortar.card.weapons[0].range = dust_core::range::WeaponRange::Spaces { min: 2, max: 8 };
    Builder::default()
        .terrain(TerrainKind::Building, &[(20.0, 40.0), (40.0, 40.0), (40.0, 60.0), (20.0, 60.0)])
        .unit(Side::A, mortar, &[(90.0, 10.0), (93.0, 10.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(90.0, 90.0)], 180)
        .unit(Side::B, squad_card("Scouts", 1), &[(150.0, 60.0)], 180)
}

fn smoke_pieces(g: &FieldGame) -> Vec<&dust_geom::table::Terrain> {
    g.table().terrain.iter().filter(|t| t.kind == TerrainKind::Smoke).collect()
}

/// "ARTILLERY WEAPONS": "If an artillery weapon fires **smoke shells** instead of explosives,
/// instead of attacking, rolls a die. On ☹️, choose a point within the weapon's field of fire,
/// range and LOS and place a **smoke screen** at that point. The smoke screen remains in place,
/// filling the area of a blast template and blocking LOS and providing cover" — the army symbol
/// places it (docs/rulings.md, "Battlefield: smoke shells").
#[test]
fn artillery_fires_smoke_shells_instead_of_attacking() {
    let at = Pt::cm(90.0, 60.0);
    let mut placed = 0;
    let n = 150;
    for seed in 0..n {
        let mut g = mortar_table().game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let e = g.events().len();
        g.apply(Decision::Smoke { line: 0, at }).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!(
            r.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>(),
            vec![(Purpose::Smoke, 1)],
            "no attack: {r:?}"
        );
        let s = smoke_pieces(&g);
        if r[0].2 == 1 {
            placed += 1;
            assert_eq!(s.len(), 1);
            let r = g.table().templates.blast_radius;
            assert_eq!(s[0].area, dust_geom::table::Area::Circle { c: at, r }, "a blast template's area");
            // It blocks the line between the mortar and the grenadiers behind it.
            assert!(dust_geom::los::mini_sees(g.table(), (0, 0), (1, 0)).is_err());
        } else {
            assert!(s.is_empty());
            assert!(dust_geom::los::mini_sees(g.table(), (0, 0), (1, 0)).is_ok());
        }
    }
    let f = f64::from(placed) / f64::from(n as u32);
    assert!((f - p_army()).abs() < 0.1, "{f}");
}

/// "choose a point within the weapon's field of fire, range and LOS"; "A smoke screen cannot be
/// fired into a building"; only artillery weapons fire smoke shells, and only instead of an
/// attack.
#[test]
fn smoke_is_fired_within_range_and_sight_never_into_a_building() {
    let mut g = mortar_table().game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let refused = |g: &FieldGame, line: u8, x: f64, y: f64| g.check(&Decision::Smoke { line, at: Pt::cm(x, y) }).unwrap_err().reason;
    assert!(refused(&g, 0, 90.0, 15.0).contains("range"), "too near: minimum range 2");
    assert!(refused(&g, 0, 90.0, 119.0).contains("range"), "beyond range 8");
    assert!(refused(&g, 0, 30.0, 50.0).contains("building"));
    assert!(refused(&g, 1, 90.0, 60.0).contains("artillery"));
    g.check(&Decision::Smoke {
        line: 0,
        at: Pt::cm(90.0, 60.0),
    })
    .unwrap();

    let mut g = mortar_table().game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(
        g.check(&Decision::Smoke {
            line: 0,
            at: Pt::cm(90.0, 60.0)
        })
        .is_err(),
        "only instead of attacking"
    );
}

/// Plays NOTHING for every unit until turn `t` begins.
fn quiet_until(g: &mut FieldGame, t: u8) {
    while g.turn() < t {
        let c = g.candidates(8);
        let d = c
            .iter()
            .find(|d| matches!(d, Decision::Plan(p) if p.iter().all(|a| *a == Nothing)))
            .or_else(|| c.iter().find(|d| matches!(d, Decision::React(None))))
            .or_else(|| c.iter().find(|d| matches!(d, Decision::Activate(_) | Decision::First(_))))
            .unwrap_or(&c[0])
            .clone();
        g.apply(d).unwrap();
    }
}

/// "until the end of the next turn": a screen placed in turn 1 stands through turn 2 and is gone
/// when turn 3 begins.
#[test]
fn a_smoke_screen_lasts_until_the_end_of_the_next_turn() {
    let seed = (0..100)
        .find(|&s| {
            let mut g = mortar_table().game(s);
            activate(&mut g, 0, &[Attack, Nothing]);
            g.apply(Decision::Smoke {
                line: 0,
                at: Pt::cm(90.0, 60.0),
            })
            .unwrap();
            !smoke_pieces(&g).is_empty()
        })
        .expect("a seed that places smoke");
    let mut g = mortar_table().game(seed);
    activate(&mut g, 0, &[Attack, Nothing]);
    g.apply(Decision::Smoke {
        line: 0,
        at: Pt::cm(90.0, 60.0),
    })
    .unwrap();
    quiet_until(&mut g, 2);
    assert_eq!(smoke_pieces(&g).len(), 1, "still there in turn 2");
    quiet_until(&mut g, 3);
    assert!(smoke_pieces(&g).is_empty(), "gone after turn 2");
    assert!(g.events().iter().any(|e| matches!(e, Event::Removed(n) if n.contains("smoke"))));
}

/// The generator proposes smoke shells for an artillery unit attacking, each accepted by
/// `check`; the text form reads back.
#[test]
fn smoke_shells_are_proposed_and_read_back() {
    let mut g = mortar_table().game(2);
    activate(&mut g, 0, &[Attack, Nothing]);
    let c = g.candidates(32);
    assert!(c.iter().any(|d| matches!(d, Decision::Smoke { .. })), "{c:?}");
    for d in &c {
        g.check(d).unwrap();
        assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(d));
    }
}

// ----- ENGINEERING VEHICLES: DOZER BLADES -------------------------------------------------------------

/// A tracked vehicle with a dozer blade (side A) at (50, 14), hull 10 × 6 cm facing +y, before
/// `kind` at y 20–30; side B's `garrison` squad of 2 inside it when asked.
fn dozer_before(kind: TerrainKind, garrison: bool) -> Builder {
    let mut dozer = vehicle_card("Dozer", Locomotion::Tracked);
    dozer.bf.skills.push(dust_core::unit::BattlefrontSkill::DozerBlade);
    let b = match kind {
        TerrainKind::Bunker => Builder::default().bunker(&[(40.0, 20.0), (60.0, 20.0), (60.0, 30.0), (40.0, 30.0)], 0, (50.0, 30.0)),
        k => Builder::default().terrain(k, &[(40.0, 20.0), (60.0, 20.0), (60.0, 30.0), (40.0, 30.0)]),
    };
    let b = b.unit(Side::A, dozer, &[(50.0, 14.0)], 0);
    if garrison {
        b.unit(Side::B, squad_card("Garrison", 2), &[(47.0, 25.0), (53.0, 25.0)], 180)
    } else {
        b.unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
    }
}

/// "Dozer blades": "An engineer vehicle equipped with a dozer blade can attempt to fill in an
/// adjacent trench by taking an ENGINEERING special action. Roll a die: on ☹️, the vehicle fills
/// the trench and it is removed. Any units occupying the trench escape unharmed, but are now
/// without cover." — and "to clear a gap through an adjacent minefield … on ☹️, the minefield is
/// removed" (no attack on a failure, unlike infantry).
#[test]
fn a_dozer_fills_trenches_and_clears_minefields() {
    let (mut filled, mut cleared) = (0, 0);
    for seed in 0..60 {
        let mut g = dozer_before(TerrainKind::Trench, true).game(seed);
        assert!(g.in_cover_from(0, 0, 1), "in the trench: in cover");
        activate(&mut g, 0, &[Special, Nothing]);
        let t = piece(&g, TerrainKind::Trench).unwrap();
        let e = g.events().len();
        g.apply(Decision::Special(Special::Engineer(t))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!((r[0].0, r[0].1), (Purpose::Engineering, 1));
        if r[0].2 == 1 {
            filled += 1;
            assert!(piece(&g, TerrainKind::Trench).is_none());
            assert_eq!(g.table().units[1].minis.len(), 2, "escape unharmed");
            assert!(!g.in_cover_from(0, 0, 1), "now without cover");
        }

        let mut g = dozer_before(TerrainKind::Minefield, false).game(seed);
        activate(&mut g, 0, &[Special, Nothing]);
        let m = piece(&g, TerrainKind::Minefield).unwrap();
        let e = g.events().len();
        g.apply(Decision::Special(Special::Engineer(m))).unwrap();
        let r = rolls_since(&g, e);
        assert_eq!(r.len(), 1, "no minefield attack on a failure: {r:?}");
        cleared += u32::from(r[0].2);
        assert_eq!(piece(&g, TerrainKind::Minefield).is_none(), r[0].2 == 1);
    }
    assert!(filled > 5 && cleared > 5, "{filled} {cleared}");
}

/// "An engineer vehicle equipped with a dozer blade can attempt to bury an adjacent bunker by
/// taking 2 ENGINEERING special actions one after the other in the same activation. Roll a die:
/// on ☹️, the vehicle buries the bunker and any units occupying the bunker are eliminated."
#[test]
fn burying_a_bunker_takes_two_engineering_actions_in_a_row() {
    let mut g = dozer_before(TerrainKind::Bunker, true).game(1);
    activate(&mut g, 0, &[Special, Nothing]);
    let b = piece(&g, TerrainKind::Bunker).unwrap();
    let e = g.check(&Decision::Special(Special::Engineer(b))).unwrap_err();
    assert!(e.reason.contains("2 ENGINEERING"), "{e}");
    let mut buried = 0;
    for seed in 0..40 {
        let mut g = dozer_before(TerrainKind::Bunker, true).game(seed);
        assert_eq!(g.fortification(1), Some(TerrainKind::Bunker));
        activate(&mut g, 0, &[Special, Special]);
        let e = g.events().len();
        g.apply(Decision::Special(Special::Engineer(b))).unwrap();
        assert!(rolls_since(&g, e).is_empty(), "the first of the two rolls nothing");
        if g.pending() != Pending::Decision(Side::A) {
            // Side B's garrison may react between the two actions.
            let c = g.candidates(4);
            g.apply(c.iter().find(|d| matches!(d, Decision::React(None))).unwrap_or(&c[0]).clone())
                .unwrap();
        }
        if g.acting() != Some(0) || g.units()[0].destroyed {
            continue;
        }
        // Another piece cannot be the second action's.
        let e = g.events().len();
        g.apply(Decision::Special(Special::Engineer(b))).unwrap();
        let r: Vec<_> = rolls_since(&g, e).into_iter().filter(|x| x.0 == Purpose::Engineering).collect();
        assert_eq!(r.len(), 1);
        if r[0].2 == 1 {
            buried += 1;
            assert!(piece(&g, TerrainKind::Bunker).is_none());
            assert!(g.units()[1].destroyed, "the garrison is eliminated");
        } else {
            assert!(piece(&g, TerrainKind::Bunker).is_some());
            assert!(!g.units()[1].destroyed);
        }
    }
    assert!(buried > 3, "{buried}");
}

/// "SMOKE LAUNCHERS": "Once per game, a vehicle with smoke launchers may take a LAUNCH SMOKE
/// special action to place a smoke screen on itself. The smoke screen fills the area of a blast
/// template centred on the vehicle." No die; once a game; it clears as any smoke screen
/// (docs/rulings.md, "Battlefield: vehicle equipment").
#[test]
fn a_vehicle_launches_smoke_on_itself_once_a_game() {
    let mut tank = vehicle_card("Tank", Locomotion::Tracked);
    tank.bf.skills.push(dust_core::unit::BattlefrontSkill::SmokeLaunchers);
    let mut g = Builder::default()
        .unit(Side::A, tank, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Special, Special]);
    let e = g.events().len();
    g.apply(Decision::Special(Special::LaunchSmoke)).unwrap();
    assert!(rolls_since(&g, e).is_empty(), "no die");
    let s: Vec<_> = g.table().terrain.iter().filter(|t| t.kind == TerrainKind::Smoke).collect();
    assert_eq!(s.len(), 1);
    let r = g.table().templates.blast_radius;
    assert_eq!(s[0].area, dust_geom::table::Area::Circle { c: Pt::cm(50.0, 20.0), r });
    let e = g.check(&Decision::Special(Special::LaunchSmoke)).unwrap_err();
    assert!(e.reason.contains("once per game"), "{e}");
    // A vehicle without smoke launchers has none to launch.
    let mut g = Builder::default()
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Special, Nothing]);
    assert!(g.check(&Decision::Special(Special::LaunchSmoke)).is_err());
}
