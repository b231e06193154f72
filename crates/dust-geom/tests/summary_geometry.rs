//! The geometric clauses of tactics-battlefield-summary.md, each test named after what the book
//! says and citing its section; the outcome asserted is the book's.

mod common;
use common::*;
use dust_geom::los::{mini_cover, mini_sees, unit_sight, Blocked};
use dust_geom::measure::{incoherent, measure, objective_holder};
use dust_geom::path::{check_move, shortest};
use dust_geom::table::{MiniKind, Side, TerrainKind};
use dust_geom::template::{blast, flame};

/// "2. Check Range": "Each point of a weapon's Range equals 10cm" and "Measurements between
/// infantry miniatures are made from the base edges": 25 mm bases whose centres are 22.5 cm
/// apart are 20 cm apart, range 2; a hair more is range 3.
#[test]
fn range_is_ten_cm_a_point_measured_base_edge_to_base_edge() {
    let mut t = table();
    let a = squad(&mut t, "A", Side::A, &[(50.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(50.0, 32.5)]);
    let m = measure(&t, a, b);
    assert_eq!(m.distance_cm, 20.0);
    assert_eq!(m.range, 2);
    let c = squad(&mut t, "C", Side::B, &[(50.0, 32.51)]);
    assert_eq!(measure(&t, a, c).range, 3);
    // Symmetric.
    assert_eq!(measure(&t, b, a).range, 2);
}

/// "2. Check Range": "Measure range from each attacking miniature to the nearest miniature in
/// the target unit" and "Measurements to vehicles and aircraft are made to and from the
/// miniature's body, hull or turret".
#[test]
fn range_is_to_the_nearest_miniature_and_to_the_hull() {
    let mut t = table();
    let a = squad(&mut t, "A", Side::A, &[(50.0, 10.0), (90.0, 10.0)]);
    // A 9 × 6 cm hull facing +y centred at (90, 30): its rear edge is at y = 25.5.
    let v = vehicle(&mut t, "V", Side::B, MiniKind::Vehicle, (90.0, 30.0), 0, (9.0, 6.0));
    let m = measure(&t, a, v);
    assert_eq!(m.nearest, (1, 0));
    assert!((m.distance_cm - 14.25).abs() < 1e-9, "{}", m.distance_cm);
    assert_eq!(m.range, 2);
}

/// "2. Check Range", "Close Combat (C) … within 5cm/2\"".
#[test]
fn close_combat_is_within_five_cm() {
    let mut t = table();
    let a = squad(&mut t, "A", Side::A, &[(50.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(50.0, 17.5)]);
    let c = squad(&mut t, "C", Side::B, &[(60.0, 17.51)]);
    let m = measure(&t, a, b);
    assert!(m.close && m.distance_cm == 5.0 && m.range == 1);
    let mut t2 = table();
    let a2 = squad(&mut t2, "A", Side::A, &[(60.0, 10.0)]);
    let _ = c;
    let c2 = squad(&mut t2, "C", Side::B, &[(60.0, 17.51)]);
    assert!(!measure(&t2, a2, c2).close);
}

/// "MOVE & MARCH MOVE ACTIONS": "Infantry units must end their movement with all of their
/// miniatures within 15cm … of every other miniature in the unit."
#[test]
fn infantry_coherency_is_fifteen_cm() {
    let mut t = table();
    let ok = squad(&mut t, "ok", Side::A, &[(10.0, 10.0), (27.5, 10.0), (18.75, 25.0)]);
    let far = squad(&mut t, "far", Side::A, &[(100.0, 10.0), (117.6, 10.0)]);
    let bodies = |u: usize| t.units[u].minis.iter().map(|m| &m.body).collect::<Vec<_>>();
    assert_eq!(incoherent(&bodies(ok)), None);
    assert_eq!(incoherent(&bodies(far)), Some((0, 1)));
}

/// "3. Check Line of Sight (LOS)": "An infantry miniature does not block LOS, but a vehicle or
/// aircraft does block LOS."
#[test]
fn infantry_does_not_block_line_of_sight_vehicles_do() {
    let mut t = table();
    let a = squad(&mut t, "A", Side::A, &[(50.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(50.0, 60.0)]);
    squad(&mut t, "in the way", Side::B, &[(50.0, 30.0), (49.0, 35.0), (51.0, 40.0)]);
    assert!(unit_sight(&t, a, b).los);
    // A 20 × 12 cm hull across the line hides the 2.5 cm base completely.
    let v = vehicle(&mut t, "tank", Side::A, MiniKind::Vehicle, (50.0, 35.0), 90, (20.0, 12.0));
    let s = unit_sight(&t, a, b);
    assert!(!s.los, "{}", s.reason);
    assert!(matches!(mini_sees(&t, (a, 0), (b, 0)), Err(Blocked::Vehicle(u, 0)) if u == v));
    // An aircraft blocks as well ("Aircraft are treated as vehicles").
    t.units[v].kind = MiniKind::Aircraft;
    assert!(!unit_sight(&t, a, b).los);
}

/// "3. Check Line of Sight (LOS)": "LOS between a unit outside a wood/building and a unit inside
/// … the wood/building is blocked unless one or both units are within range 1 (4\"/10cm) of the
/// edge … along the LOS."
#[test]
fn woods_hide_a_unit_more_than_ten_cm_inside() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Woods, rect(20.0, 40.0, 100.0, 100.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let near = squad(&mut t, "near", Side::B, &[(60.0, 47.0)]); // 7 cm in (rim 8.25)
    let deep = squad(&mut t, "deep", Side::B, &[(60.0, 55.0)]); // 15 cm in (nearest rim point 13.75)
    assert!(unit_sight(&t, a, near).los);
    let s = unit_sight(&t, a, deep);
    assert!(!s.los, "{}", s.reason);
    assert!(s.reason.contains("inside"), "{}", s.reason);
    // And the unit inside, near the edge, sees out ("No matter the situation…").
    assert!(unit_sight(&t, near, a).los);
    assert!(!unit_sight(&t, deep, a).los);
}

/// "3. Check Line of Sight (LOS)": "… and a unit … through the wood/building is blocked": a
/// line running more than range 1 across a wood is blocked; a line clipping its corner is not
/// (docs/rulings.md, "Battlefield: area terrain along the line of sight").
#[test]
fn a_wood_between_two_units_blocks_when_the_line_runs_more_than_ten_cm_in_it() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Trees, rect(40.0, 30.0, 80.0, 50.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(60.0, 70.0)]);
    assert!(!unit_sight(&t, a, b).los);
    let mut t = table();
    terrain(&mut t, TerrainKind::Woods, rect(40.0, 30.0, 80.0, 36.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(60.0, 70.0)]);
    let s = unit_sight(&t, a, b);
    assert!(s.los, "6 cm of trees do not block");
    assert!(s.cover, "but the target is behind area terrain: in cover");
}

/// "3. Check Line of Sight (LOS)": "LOS within a large wood/building is blocked after range 3
/// (30cm/12\")."
#[test]
fn inside_a_large_wood_sight_ends_after_thirty_cm() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Woods, rect(10.0, 10.0, 170.0, 110.0));
    let a = squad(&mut t, "A", Side::A, &[(50.0, 50.0)]);
    let b = squad(&mut t, "B", Side::B, &[(50.0, 77.0)]); // 24.5 cm between the rims
    let c = squad(&mut t, "C", Side::B, &[(90.0, 50.0)]); // 37.5 cm
    assert!(unit_sight(&t, a, b).los);
    assert!(!unit_sight(&t, a, c).los);
}

/// "3. Check Line of Sight (LOS)": "Smoke is area terrain. LOS between a unit outside a smoke
/// screen and a unit inside or through the smoke screen is blocked unless one or both units are
/// within range 1 (10cm/4\") of the edge along the LOS." A blast-template-sized smoke screen
/// (12 cm across) blocks the line through its middle, not one grazing its rim.
#[test]
fn smoke_blocks_a_line_through_it() {
    let mut t = table();
    smoke(&mut t, 60.0, 40.0, 6.0);
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(60.0, 70.0)]);
    let s = unit_sight(&t, a, b);
    // The rim points of both bases still pass within the smoke for more than 10 cm.
    assert!(!s.los, "{}", s.reason);
    let mut t = table();
    smoke(&mut t, 64.0, 40.0, 6.0);
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(60.0, 70.0)]);
    let s = unit_sight(&t, a, b);
    assert!(s.los && s.cover, "{}", s.reason);
}

/// "Walls and Buildings": "Walls and buildings also block LOS to targets beyond them"; a wall
/// ("impassable") blocks any line through it.
#[test]
fn a_wall_blocks_every_line_through_it() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Wall, rect(40.0, 30.0, 80.0, 31.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(60.0, 50.0)]);
    let c = squad(&mut t, "C", Side::B, &[(100.0, 50.0)]);
    assert!(matches!(mini_sees(&t, (a, 0), (b, 0)), Err(Blocked::Terrain(0))));
    assert!(unit_sight(&t, a, c).los);
}

/// "6. Roll Saves": "A unit is in cover if the attacking unit cannot draw a line from at least
/// one point on its body … to all points in the target miniature's body … without passing
/// through intervening terrain or smoke." and "A miniature at least partly in or behind area
/// terrain is in cover".
#[test]
fn cover_is_a_body_partly_hidden_by_intervening_terrain() {
    let mut t = table();
    // A hedge whose end covers half of the target's base as seen from the attacker.
    terrain(&mut t, TerrainKind::Hedge, rect(20.0, 30.0, 60.0, 31.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let hidden = squad(&mut t, "behind", Side::B, &[(60.0, 50.0)]);
    let open = squad(&mut t, "open", Side::B, &[(90.0, 50.0)]);
    assert!(mini_sees(&t, (a, 0), (hidden, 0)).is_ok(), "a hedge does not block the line");
    assert_eq!(mini_cover(&t, (a, 0), (hidden, 0)), Some(Some(0)));
    assert_eq!(mini_cover(&t, (a, 0), (open, 0)), None);
}

/// "6. Roll Saves": "If there is no LOS to a miniature, it is in cover. An infantry unit is in
/// cover from an attacking miniature if at least half of the unit is in cover from that
/// attacking miniature." and "roll the combat dice separately" for miniatures it is and is not
/// in cover from.
#[test]
fn half_the_squad_in_cover_puts_the_unit_in_cover() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Crates, rect(40.0, 30.0, 62.0, 34.0));
    let a = squad(&mut t, "A", Side::A, &[(50.0, 10.0)]);
    let half = squad(&mut t, "half", Side::B, &[(50.0, 50.0), (55.0, 50.0), (90.0, 50.0), (95.0, 50.0)]);
    let s = unit_sight(&t, a, half);
    assert!(s.los && s.cover, "{}", s.reason);
    let mut t2 = table();
    terrain(&mut t2, TerrainKind::Crates, rect(40.0, 30.0, 52.0, 34.0));
    let a = squad(&mut t2, "A", Side::A, &[(50.0, 10.0)]);
    let one = squad(&mut t2, "one", Side::B, &[(50.0, 50.0), (90.0, 50.0), (95.0, 50.0), (100.0, 50.0)]);
    let s = unit_sight(&t2, a, one);
    assert!(s.los && !s.cover, "{}", s.reason);
    // Out of sight is in cover.
    let mut t3 = table();
    terrain(&mut t3, TerrainKind::Wall, rect(0.0, 30.0, 180.0, 31.0));
    let a = squad(&mut t3, "A", Side::A, &[(50.0, 10.0)]);
    let b = squad(&mut t3, "B", Side::B, &[(50.0, 50.0)]);
    let s = unit_sight(&t3, a, b);
    assert!(!s.los && s.cover && s.pairs.iter().all(|p| p.cover));
}

/// "TRENCHES": "Trenches have no effect on LOS. Infantry units in trenches are in cover and gain
/// cover saves."
#[test]
fn trenches_give_cover_and_do_not_block() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Trench, rect(30.0, 48.0, 90.0, 52.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let inside = squad(&mut t, "in", Side::B, &[(60.0, 50.0)]);
    let beyond = squad(&mut t, "beyond", Side::B, &[(60.0, 80.0)]);
    let s = unit_sight(&t, a, inside);
    assert!(s.los && s.cover);
    let s = unit_sight(&t, a, beyond);
    assert!(s.los && !s.cover, "a trench hides nothing behind it: {}", s.reason);
}

/// "LOS to Bunkers and Strongpoints": "Bunkers and strongpoints are terrain and block LOS. Units
/// in bunkers can only see and be seen from 90° either side of the direction the bunker is
/// facing. Units in strongpoints can see and be seen from any direction."
#[test]
fn a_bunker_sees_and_is_seen_only_to_its_front() {
    let mut t = table();
    let b = terrain(&mut t, TerrainKind::Bunker, rect(50.0, 50.0, 70.0, 60.0));
    t.terrain[b].facing = Some(dust_geom::angle::Facing::deg(180)); // towards y = 0
    let inside = squad(&mut t, "in", Side::B, &[(60.0, 55.0)]);
    let front = squad(&mut t, "front", Side::A, &[(60.0, 20.0)]);
    let behind = squad(&mut t, "behind", Side::A, &[(60.0, 90.0)]);
    let beyond = squad(&mut t, "beyond", Side::A, &[(60.0, 100.0)]);
    assert!(unit_sight(&t, front, inside).los);
    assert!(unit_sight(&t, inside, front).los);
    assert!(!unit_sight(&t, behind, inside).los);
    assert!(!unit_sight(&t, inside, behind).los);
    // The bunker blocks the line between two units outside it.
    assert!(!unit_sight(&t, front, beyond).los);
    // A strongpoint sees all round.
    t.terrain[b].kind = TerrainKind::Strongpoint;
    assert!(unit_sight(&t, behind, inside).los);
}

/// "Blast Weapons": "Roll 1 die for each miniature (including friendlies) that has its base …
/// at least partly under the template. … Miniatures not in LOS of the centre of the template
/// cannot be hit and do not count as being under the template. If there are miniatures from
/// multiple units under the template, roll the dice separately for each unit".
#[test]
fn a_blast_hits_every_miniature_partly_under_it_in_sight_of_its_centre() {
    let mut t = table();
    let foe = squad(&mut t, "foe", Side::B, &[(50.0, 50.0), (56.0, 50.0), (63.0, 50.0)]);
    let friend = squad(&mut t, "friend", Side::A, &[(50.0, 44.0)]);
    // A wall between the centre and a miniature inside the template's circle.
    terrain(&mut t, TerrainKind::Wall, rect(44.0, 52.0, 50.0, 53.0));
    let hidden = squad(&mut t, "hidden", Side::B, &[(47.0, 55.0)]);
    let hits = blast(&t, p(50.0, 50.0));
    let of = |u: usize| hits.iter().find(|h| h.unit == u).cloned();
    // 6 cm radius: m1 at 6 cm (base 1.25 cm under), m2 at 13 cm (out).
    assert_eq!(of(foe).map(|h| h.hit), Some(vec![0, 1]));
    assert_eq!(of(friend).map(|h| h.hit), Some(vec![0]));
    let h = of(hidden).expect("under the template");
    assert!(h.hit.is_empty() && h.out_of_sight == vec![0]);
}

/// "Flame Weapons": "Place the flame template … touching the base of an attacking infantry
/// miniature … so that the template points at the centre of the miniature … Only miniatures in
/// LOS of the attacking miniature can be hit".
#[test]
fn a_flame_template_hits_what_the_attacker_sees_under_it() {
    let mut t = table();
    let att = squad(&mut t, "att", Side::A, &[(50.0, 10.0)]);
    let tgt = squad(&mut t, "tgt", Side::B, &[(50.0, 18.0), (50.0, 30.0)]);
    let shape = t.templates.flame_short; // 10 cm long from the base edge: y 11.25 to 21.25
    let (poly, hits) = flame(&t, (att, 0), p(50.0, 18.0), shape);
    assert_eq!(poly.len(), 4);
    assert_eq!(hits.iter().find(|h| h.unit == tgt).map(|h| h.hit.clone()), Some(vec![0]));
    let long = t.templates.flame_long; // 25 cm: reaches y 36.25
    let (_, hits) = flame(&t, (att, 0), p(50.0, 18.0), long);
    assert_eq!(hits.iter().find(|h| h.unit == tgt).map(|h| h.hit.clone()), Some(vec![0, 1]));
    // A wall between the attacker and the far miniature: under the template, out of LOS.
    terrain(&mut t, TerrainKind::Wall, rect(40.0, 24.0, 60.0, 25.0));
    let (_, hits) = flame(&t, (att, 0), p(50.0, 18.0), long);
    let h = hits.iter().find(|h| h.unit == tgt).expect("under the template");
    assert_eq!((h.hit.clone(), h.out_of_sight.clone()), (vec![0], vec![1]));
}

/// "Terrain": "Miniatures can only move up to MOVE 2 (20cm/8\") or MARCH MOVE 4 (40cm/16\") when
/// moving into, through, or out of terrain features such as trees, hedges…" and "If a miniature
/// has already moved more than this when it reaches a terrain feature, it halts instead of
/// entering it".
#[test]
fn a_move_into_terrain_is_capped_at_twenty_cm_and_a_march_at_forty() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Woods, rect(0.0, 40.0, 180.0, 80.0));
    let u = squad(&mut t, "fast", Side::A, &[(50.0, 20.0)]);
    // Move 3 (30 cm): 25 cm in the open is fine.
    assert!(check_move(&t, u, 0, &[p(50.0, 20.0 + 17.0)], 3000, false).is_ok());
    // 25 cm ending 6 cm into the wood: more than Move 2.
    let r = check_move(&t, u, 0, &[p(50.0, 45.0)], 3000, false).unwrap_err();
    assert!(r.reason.contains("at most 20 cm"), "{}", r.reason);
    // 19 cm ending in the wood: fine.
    assert!(check_move(&t, u, 0, &[p(50.0, 39.0)], 3000, false).is_ok());
    // A March Move of 60 cm: capped at 40 through terrain.
    assert!(check_move(&t, u, 0, &[p(50.0, 59.0)], 6000, true).is_ok());
    assert!(check_move(&t, u, 0, &[p(50.0, 61.0)], 6000, true).is_err());
    // Moving out of terrain is capped too.
    let inside = squad(&mut t, "in", Side::A, &[(100.0, 75.0)]);
    assert!(check_move(&t, inside, 0, &[p(100.0, 100.0)], 3000, false).is_err());
    assert!(check_move(&t, inside, 0, &[p(100.0, 95.0)], 3000, false).is_ok());
}

/// "Terrain": "Terrain features such as building walls, cliffs, and deep water are impassable.
/// Units cannot move through impassable terrain." The shortest path goes around.
#[test]
fn impassable_terrain_is_walked_around() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Cliff, rect(40.0, 30.0, 60.0, 34.0));
    let u = squad(&mut t, "u", Side::A, &[(50.0, 20.0)]);
    assert!(check_move(&t, u, 0, &[p(50.0, 45.0)], 6000, true).is_err());
    let a = shortest(&t, u, 0, p(50.0, 45.0), 6000, true);
    assert!(a.legal, "{}", a.reason);
    let len = a.length.unwrap();
    assert!(len > 2500.0 && len < 3600.0, "{len}");
    assert!(check_move(&t, u, 0, &a.path, 6000, true).is_ok());
    // With Move 2 (20 cm) it cannot get there.
    assert!(!shortest(&t, u, 0, p(50.0, 45.0), 2000, false).legal);
}

/// "Walls and Buildings": "Units cannot move through the wall of a building, but may move
/// through doorways … Infantry units may move through windows, but vehicles cannot."
#[test]
fn infantry_climb_through_windows_vehicles_do_not() {
    let mut t = table();
    let b = terrain(&mut t, TerrainKind::Building, rect(40.0, 40.0, 80.0, 60.0));
    assert!(t.terrain[b].open(p(60.0, 40.0), 8 * 100, true)); // an 8 cm window on the south wall
    let u = squad(&mut t, "u", Side::A, &[(60.0, 35.0)]);
    assert!(check_move(&t, u, 0, &[p(60.0, 45.0)], 2000, false).is_ok());
    let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (100.0, 30.0), 0, (6.0, 4.0));
    let r = check_move(&t, v, 0, &[p(100.0, 35.0), p(60.0, 35.0), p(60.0, 45.0)], 9000, true).unwrap_err();
    assert!(r.reason.contains("wall"), "{}", r.reason);
    // A wall without an opening stops infantry too.
    let r = check_move(&t, u, 0, &[p(45.0, 35.0), p(45.0, 45.0)], 4000, true).unwrap_err();
    assert!(r.reason.contains("wall") && r.reason.contains("at (45.0, 40.0)"), "{}", r.reason);
}

/// "Terrain": "Anti-tank traps are impassable to vehicles, but only slow infantry units like
/// normal terrain."
#[test]
fn anti_tank_traps_stop_vehicles_and_slow_infantry() {
    let mut t = table();
    terrain(&mut t, TerrainKind::AntiTankTrap, rect(0.0, 40.0, 180.0, 44.0));
    let u = squad(&mut t, "u", Side::A, &[(50.0, 35.0)]);
    let c = check_move(&t, u, 0, &[p(50.0, 50.0)], 2000, false).expect("infantry cross");
    assert_eq!(c.terrain, vec![0]);
    assert!(check_move(&t, u, 0, &[p(50.0, 58.0)], 3000, false).is_err(), "capped at 20 cm");
    let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (100.0, 30.0), 0, (9.0, 6.0));
    assert!(check_move(&t, v, 0, &[p(100.0, 50.0)], 3000, false).is_err());
    assert!(!shortest(&t, v, 0, p(100.0, 50.0), 9000, true).legal);
}

/// "MOVE & MARCH MOVE ACTIONS": "A vehicle cannot pass through a friendly vehicle, but
/// otherwise, any miniature may pass through a friendly miniature. … Infantry and vehicles
/// cannot pass through enemy infantry or vehicles, but can move under an enemy aircraft."
#[test]
fn who_passes_through_whom() {
    let mut t = table();
    let u = squad(&mut t, "u", Side::A, &[(50.0, 10.0)]);
    let friends = squad(&mut t, "friends", Side::A, &[(50.0, 20.0)]);
    let friend_tank = vehicle(&mut t, "tank", Side::A, MiniKind::Vehicle, (100.0, 20.0), 90, (9.0, 6.0));
    let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (100.0, 8.0), 0, (9.0, 6.0));
    let enemy = squad(&mut t, "enemy", Side::B, &[(140.0, 20.0)]);
    let plane = vehicle(&mut t, "plane", Side::B, MiniKind::Aircraft, (20.0, 20.0), 0, (10.0, 10.0));
    let _ = (friends, friend_tank, enemy, plane);
    // Infantry through friendly infantry and a friendly vehicle.
    assert!(check_move(&t, u, 0, &[p(50.0, 30.0)], 2000, false).is_ok());
    assert!(check_move(&t, u, 0, &[p(100.0, 14.0), p(100.0, 28.0)], 9000, true).is_ok());
    // A vehicle not through a friendly vehicle, but through friendly infantry.
    assert!(check_move(&t, v, 0, &[p(100.0, 32.0)], 3000, false).is_err());
    assert!(check_move(&t, v, 0, &[p(50.0, 8.0), p(50.0, 30.0)], 9000, true).is_ok());
    // Nobody through enemy infantry; everybody under an enemy aircraft.
    assert!(check_move(&t, u, 0, &[p(140.0, 10.0), p(140.0, 30.0)], 20000, true).is_err());
    assert!(check_move(&t, u, 0, &[p(20.0, 10.0), p(20.0, 30.0)], 9000, true).is_ok());
}

/// "MOVE & MARCH MOVE ACTIONS": "A miniature cannot end its movement with its base on or
/// overlapping another miniature's base".
#[test]
fn a_miniature_cannot_end_on_another_base() {
    let mut t = table();
    let u = squad(&mut t, "u", Side::A, &[(50.0, 10.0)]);
    squad(&mut t, "friends", Side::A, &[(50.0, 20.0)]);
    let r = check_move(&t, u, 0, &[p(50.0, 21.0)], 2000, false).unwrap_err();
    assert!(r.reason.contains("overlap"), "{}", r.reason);
    // Base to base contact is allowed.
    assert!(check_move(&t, u, 0, &[p(50.0, 17.5)], 2000, false).is_ok());
}

/// "Terrain": "Aircraft can move across any terrain, but can never enter terrain or buildings
/// and are placed above them rather than in them."
#[test]
fn aircraft_fly_over_terrain() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Cliff, rect(0.0, 30.0, 180.0, 40.0));
    terrain(&mut t, TerrainKind::Woods, rect(0.0, 40.0, 180.0, 80.0));
    let a = vehicle(&mut t, "plane", Side::A, MiniKind::Aircraft, (50.0, 15.0), 0, (10.0, 10.0));
    let c = check_move(&t, a, 0, &[p(50.0, 75.0)], 6000, true).expect("flies over");
    assert!(c.terrain.is_empty());
}

/// "END OF THE GAME": "Objectives are captured at the end of a turn by having a miniature within
/// range 1 (10cm/4\") of the objective … and not having any enemy miniatures within range 1 of
/// it. Aircraft cannot take or prevent the enemy from taking an objective."
#[test]
fn an_objective_is_held_within_ten_cm_without_an_enemy_there() {
    let mut t = table();
    let obj = p(90.0, 60.0);
    squad(&mut t, "a", Side::A, &[(90.0, 71.25)]); // base edge 10 cm away
    assert_eq!(objective_holder(&t, obj), Some(Side::A));
    let plane = vehicle(&mut t, "plane", Side::B, MiniKind::Aircraft, (90.0, 55.0), 0, (10.0, 10.0));
    assert_eq!(objective_holder(&t, obj), Some(Side::A), "aircraft cannot prevent it");
    let _ = plane;
    squad(&mut t, "b", Side::B, &[(80.0, 55.0)]);
    assert_eq!(objective_holder(&t, obj), None);
    let mut t = table();
    squad(&mut t, "a", Side::A, &[(90.0, 71.26)]);
    assert_eq!(objective_holder(&t, obj), None, "10.01 cm is out of range 1");
}

/// "1. Check Field of Fire": "Front-mounted: up to 45° on either side of the direction the
/// vehicle … is facing" — facings turn without the platform's trigonometry.
#[test]
fn front_arc_is_forty_five_degrees_either_side() {
    use dust_geom::angle::Facing;
    let f = Facing::deg(90); // towards +x
    assert!(f.within(p(10.0, 10.0), 45));
    assert!(f.within(p(10.0, -10.0), 45));
    assert!(!f.within(p(10.0, 10.5), 45));
    assert!(!f.within(p(-1.0, 0.0), 45));
    // Side-mounted: the 180° to the side (excluding ahead and behind): 135° off either end.
    assert!(Facing::deg(0).within(p(10.0, 0.0), 90));
}

/// "BUNKERS AND STRONGPOINTS": "Bunker walls are impassable terrain. Nothing can move through
/// them, except through the armoured doors at the rear" ; "Strongpoint walls are normal terrain
/// and can be crossed to enter or exit the strongpoint." ; "Only infantry units may be placed
/// in, enter or exit a bunker or strongpoint."
#[test]
fn bunkers_are_entered_by_infantry_through_their_doors() {
    let mut t = table();
    let b = terrain(&mut t, TerrainKind::Bunker, rect(50.0, 50.0, 70.0, 60.0));
    assert!(t.terrain[b].open(p(60.0, 60.0), 600, false)); // a 6 cm door in the rear (north) wall
    terrain(&mut t, TerrainKind::Strongpoint, rect(100.0, 50.0, 115.0, 60.0));
    let u = squad(&mut t, "u", Side::A, &[(60.0, 66.0)]);
    // Through the rear door: in.
    assert!(check_move(&t, u, 0, &[p(60.0, 55.0)], 2000, false).is_ok());
    // Through the front wall: no.
    let front = squad(&mut t, "front", Side::A, &[(60.0, 44.0)]);
    let r = check_move(&t, front, 0, &[p(60.0, 55.0)], 2000, false).unwrap_err();
    assert!(r.reason.contains("wall"), "{}", r.reason);
    // A strongpoint's walls are crossed like terrain (capped at 20 cm).
    let s = squad(&mut t, "s", Side::A, &[(107.0, 44.0)]);
    let c = check_move(&t, s, 0, &[p(107.0, 55.0)], 2000, false).expect("crosses");
    assert_eq!(c.terrain, vec![1]);
    // Vehicles enter neither.
    let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (60.0, 80.0), 180, (6.0, 4.0));
    assert!(check_move(&t, v, 0, &[p(60.0, 55.0)], 4000, true).is_err());
    let v2 = vehicle(&mut t, "v2", Side::A, MiniKind::Vehicle, (107.0, 35.0), 0, (6.0, 4.0));
    assert!(check_move(&t, v2, 0, &[p(107.0, 55.0)], 4000, true).is_err());
}

/// "HEROES": "A hero can join an infantry squad or support weapon that has the same Armour
/// rating by being within 15cm of every miniature in the unit (and in LOS to at least one)."
#[test]
fn a_hero_joins_from_within_fifteen_cm_of_every_miniature() {
    use dust_geom::placement::hero_can_join;
    let mut t = table();
    let squad_u = squad(&mut t, "squad", Side::A, &[(50.0, 50.0), (55.0, 50.0), (60.0, 50.0)]);
    let near = squad(&mut t, "hero near", Side::A, &[(55.0, 60.0)]);
    // 20.8 cm from the first miniature, base edge to base edge.
    let far = squad(&mut t, "hero far", Side::A, &[(70.0, 62.0)]);
    assert!(hero_can_join(&t, near, squad_u));
    assert!(!hero_can_join(&t, far, squad_u));
    // Within 15 cm but out of sight of all of them: a wall between.
    let mut t2 = table();
    let s2 = squad(&mut t2, "squad", Side::A, &[(50.0, 50.0), (55.0, 50.0)]);
    terrain(&mut t2, TerrainKind::Wall, rect(40.0, 53.0, 70.0, 54.0));
    let h2 = squad(&mut t2, "hero", Side::A, &[(52.5, 58.0)]);
    assert!(!hero_can_join(&t2, h2, s2));
}

/// "SCENARIO SPECIAL RULES, Ambush": "It must be placed in your deployment area, at least
/// 20cm/8\" away from, and in cover from, all enemy units."
#[test]
fn an_ambush_is_placed_twenty_cm_away_and_in_cover() {
    use dust_geom::placement::{ambush_refusal, in_zone};
    use dust_geom::table::{Zone, ZoneKind};
    let mut t = table();
    t.zones.push(Zone {
        kind: ZoneKind::Deployment,
        side: Side::B,
        polygon: rect(0.0, 80.0, 180.0, 120.0),
    });
    terrain(&mut t, TerrainKind::Hedge, rect(40.0, 78.0, 80.0, 79.0));
    squad(&mut t, "enemy", Side::A, &[(60.0, 50.0)]);
    // Behind the hedge, 30 cm away: allowed.
    let ok = squad(&mut t, "ambush", Side::B, &[(60.0, 82.5)]);
    assert_eq!(ambush_refusal(&t, ok), None);
    assert!(in_zone(&t, ok, ZoneKind::Deployment));
    // Exactly 20 cm (base edge to base edge) is "at least 20 cm"; 19.9 is not.
    t.units[ok].minis[0].body = dust_geom::table::Body::disc(p(60.0, 72.5), cm(2.5));
    let r = ambush_refusal(&t, ok).expect("in the open");
    assert!(r.contains("not in cover"), "{r}");
    let mut t2 = table();
    terrain(&mut t2, TerrainKind::Woods, rect(0.0, 60.0, 180.0, 120.0));
    squad(&mut t2, "enemy", Side::A, &[(60.0, 40.0)]);
    let at20 = squad(&mut t2, "a", Side::B, &[(60.0, 62.5)]);
    assert_eq!(ambush_refusal(&t2, at20), None);
    t2.units[at20].minis[0].body = dust_geom::table::Body::disc(p(60.0, 62.4), cm(2.5));
    let r = ambush_refusal(&t2, at20).expect("too close");
    assert!(r.contains("at least 20 cm"), "{r}");
    assert!(!in_zone(&t2, at20, ZoneKind::Deployment), "no deployment area on this table");
}

/// "MOVE & MARCH MOVE ACTIONS": "Infantry and vehicles cannot pass through enemy infantry or vehicles":
/// the shortest path round an enemy base is within 2% of the true shortest (two tangents and
/// an arc, 20.63 cm here).
#[test]
fn the_shortest_path_round_an_enemy_base_is_nearly_the_tangent_path() {
    let mut t = table();
    let u = squad(&mut t, "u", Side::A, &[(50.0, 10.0)]);
    squad(&mut t, "enemy", Side::B, &[(50.0, 20.0)]);
    let a = shortest(&t, u, 0, p(50.0, 30.0), 3000, false);
    assert!(a.legal, "{}", a.reason);
    let len = a.length.unwrap_or(0.0) / 100.0;
    let tangent = 2.0 * (100.0f64 - 6.25).sqrt() + 2.5 * (std::f64::consts::PI - 2.0 * (0.25f64).acos());
    assert!(len >= tangent && len <= tangent * 1.02, "{len} vs {tangent}");
}

/// "3. Check Line of Sight (LOS)": "Trace an imaginary line from any point on the attacking
/// miniature's body … to any point on the body … of a miniature in the target unit." Through a
/// 1 mm slit between two walls, only lines from points of the rim between the nine coarse sight
/// points get through: they count (the cross-check's first disagreement, random-300003, was
/// such a gap between a smoke screen and a tank).
#[test]
fn a_line_from_any_point_of_the_body_counts() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Wall, rect(0.0, 40.0, 60.45, 41.0));
    terrain(&mut t, TerrainKind::Wall, rect(60.55, 40.0, 180.0, 41.0));
    let a = squad(&mut t, "A", Side::A, &[(60.0, 10.0)]);
    let b = squad(&mut t, "B", Side::B, &[(60.0, 71.0)]);
    let (pa, pb) = (t.units[a].minis[0].body.sight_points(), t.units[b].minis[0].body.sight_points());
    for &p in &pa {
        for &q in &pb {
            assert!(dust_geom::los::segment_blocked(&t, p, q, &[(a, 0), (b, 0)]).is_some());
        }
    }
    let (p, q) = mini_sees(&t, (a, 0), (b, 0)).expect("a line through the slit");
    assert!(!pa.contains(&p) || !pb.contains(&q));
    assert!(dust_geom::los::segment_blocked(&t, p, q, &[(a, 0), (b, 0)]).is_none());
    // Symmetric, and the unit sees (in cover behind the walls).
    assert!(mini_sees(&t, (b, 0), (a, 0)).is_ok());
    let s = unit_sight(&t, a, b);
    assert!(s.los && s.cover, "{}", s.reason);
}

/// "Walls and Buildings": "Units cannot move through the wall of a building"; "Terrain":
/// "Units cannot move through impassable terrain"; a miniature may stand against them, as bases
/// may touch ("cannot end its movement with its base on or overlapping"). A hull ending flush
/// against a wall or a cliff is legal, a millimetre into it is not (the cross-check's
/// random-800024: Ludwig parked against a building).
#[test]
fn a_hull_may_stand_against_a_wall_but_not_in_it() {
    let mut t = table();
    terrain(&mut t, TerrainKind::Building, rect(40.0, 40.0, 60.0, 60.0));
    terrain(&mut t, TerrainKind::Cliff, rect(100.0, 40.0, 120.0, 60.0));
    // A 9 × 6 hull facing +x (90°): 4.5 cm either side of its centre along x.
    let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (80.0, 20.0), 90, (9.0, 6.0));
    assert!(
        check_move(&t, v, 0, &[p(64.5, 50.0)], 6000, true).is_ok(),
        "flush with the building's wall"
    );
    assert!(check_move(&t, v, 0, &[p(95.5, 50.0)], 6000, true).is_ok(), "flush with the cliff");
    let r = check_move(&t, v, 0, &[p(64.4, 50.0)], 6000, true).unwrap_err();
    assert!(r.reason.contains("wall"), "{}", r.reason);
    assert!(check_move(&t, v, 0, &[p(95.6, 50.0)], 6000, true).is_err());
    // A base touches the same wall.
    let u = squad(&mut t, "u", Side::A, &[(70.0, 20.0)]);
    let r = check_move(&t, u, 0, &[p(61.25, 50.0)], 4000, true);
    assert!(r.is_ok(), "{r:?}");
    assert!(check_move(&t, u, 0, &[p(61.2, 50.0)], 4000, true).is_err());
}

/// "Walls and Buildings": "Infantry units can move up and down between floors in a building:
/// add the vertical distance climbed to the horizontal distance moved." A building with two
/// floors of 5 cm above the ground floor: 5 cm across and one floor up is 10 cm, two floors up
/// 15 cm; a Move of 1 (10 cm) reaches the first floor, not the second; there is no third; a
/// vehicle does not climb; coming down and walking out counts the floor too.
#[test]
fn climbing_between_floors_adds_the_vertical_distance() {
    use dust_geom::path::shortest_to_level;
    let mut t = table();
    let b = terrain(&mut t, TerrainKind::Building, rect(40.0, 40.0, 60.0, 60.0));
    assert!(t.terrain[b].open(p(50.0, 40.0), 600, false));
    t.floors.buildings.insert(b, (2, 500));
    let u = squad(&mut t, "u", Side::A, &[(45.0, 45.0)]);
    let up1 = shortest_to_level(&t, u, 0, p(50.0, 45.0), Some(1), 1000, false, None);
    assert!(up1.legal, "{}", up1.reason);
    assert!((up1.length.unwrap() - 1000.0).abs() < 1e-6, "{:?}", up1.length);
    let up2 = shortest_to_level(&t, u, 0, p(50.0, 45.0), Some(2), 1000, false, None);
    assert!(!up2.legal && up2.reason.contains("climbed"), "{}", up2.reason);
    let up2 = shortest_to_level(&t, u, 0, p(50.0, 45.0), Some(2), 2000, false, None);
    assert!(up2.legal && (up2.length.unwrap() - 1500.0).abs() < 1e-6, "{:?}", up2.length);
    assert!(!shortest_to_level(&t, u, 0, p(50.0, 45.0), Some(3), 9000, true, None).legal);
    // Not in a building: no upper floor.
    let r = shortest_to_level(&t, u, 0, p(30.0, 45.0), Some(1), 9000, true, None);
    assert!(!r.legal && r.reason.contains("not in a building"), "{}", r.reason);
    // On the first floor, out through the doorway to the ground: the floor counts.
    t.floors.levels.insert((u, 0), 1);
    let down = shortest_to_level(&t, u, 0, p(50.0, 35.0), None, 4000, true, None);
    assert!(down.legal, "{}", down.reason);
    let flat = {
        let mut g = t.clone();
        g.floors.levels.clear();
        shortest_to_level(&g, u, 0, p(50.0, 35.0), None, 4000, true, None)
    };
    assert!((down.length.unwrap() - flat.length.unwrap() - 500.0).abs() < 1e-6);
    // Staying on the first floor costs no climb.
    let same = shortest_to_level(&t, u, 0, p(55.0, 45.0), None, 1000, false, None);
    assert!(same.legal && (same.length.unwrap() - 1000.0).abs() < 1e-6, "{}", same.reason);
    // A vehicle stays on the ground.
    let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (100.0, 20.0), 0, (9.0, 6.0));
    let r = shortest_to_level(&t, v, 0, p(50.0, 45.0), Some(1), 9000, true, None);
    assert!(!r.legal && r.reason.contains("only infantry"), "{}", r.reason);
}

/// "5. Roll to Hit": "If the miniatures are on different levels of a building, the attacking
/// player chooses which level the blast weapon hits. If the centre of the template is outside,
/// the weapon only hits miniatures on the ground floor." Miniatures on different floors do not
/// overlap ("cannot end its movement with its base on or overlapping another miniature's base").
#[test]
fn a_blast_hits_one_level_of_a_building() {
    use dust_geom::template::blast_at_level;
    let mut t = table();
    let b = terrain(&mut t, TerrainKind::Building, rect(40.0, 40.0, 60.0, 60.0));
    t.floors.buildings.insert(b, (1, 500));
    squad(&mut t, "ground", Side::A, &[(50.0, 50.0)]);
    let upstairs = squad(&mut t, "upstairs", Side::B, &[(50.0, 50.0)]);
    t.floors.levels.insert((upstairs, 0), 1);
    let names = |h: &[dust_geom::template::UnitHits]| h.iter().map(|x| t.units[x.unit].name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&blast_at_level(&t, p(52.0, 50.0), 0).unwrap()), ["ground"]);
    assert_eq!(names(&blast_at_level(&t, p(52.0, 50.0), 1).unwrap()), ["upstairs"]);
    // Outside, 4 cm from the wall: the template reaches both, the ground floor only is hit.
    assert_eq!(names(&blast(&t, p(36.0, 50.0))), Vec::<String>::new());
    assert_eq!(names(&blast(&t, p(46.0, 50.0))), ["ground"]);
    assert!(blast_at_level(&t, p(30.0, 50.0), 1).is_err());
    assert!(blast_at_level(&t, p(50.0, 50.0), 2).is_err());
    // The two bases stand one above the other; a third may end on the first floor beside them
    // but not on either one's level and place.
    let w = squad(&mut t, "walker", Side::A, &[(45.0, 45.0)]);
    assert!(!dust_geom::path::shortest_to_level(&t, w, 0, p(50.0, 50.0), Some(0), 2000, false, None).legal);
    assert!(!dust_geom::path::shortest_to_level(&t, w, 0, p(50.0, 50.0), Some(1), 2000, false, None).legal);
    let free = dust_geom::path::shortest_to_level(&t, w, 0, p(45.0, 50.0), Some(1), 2000, false, None);
    assert!(free.legal, "{}", free.reason);
}

/// "Walls and Buildings": units "may move through doorways and other openings large enough to
/// fit them". A 6 cm hull (the provisional vehicle) fits a 6 cm doorway exactly, square to the
/// wall; a 5.9 cm one is too narrow (the cross-check's random-3100000: the Pounder into a
/// building).
#[test]
fn a_vehicle_drives_through_a_doorway_as_wide_as_it() {
    for (door, fits) in [(600, true), (590, false)] {
        let mut t = table();
        let b = terrain(&mut t, TerrainKind::Building, rect(40.0, 40.0, 70.0, 60.0));
        assert!(t.terrain[b].open(p(40.0, 50.0), door, false));
        let v = vehicle(&mut t, "v", Side::A, MiniKind::Vehicle, (20.0, 45.0), 90, (9.0, 6.0));
        let a = shortest(&t, v, 0, p(50.0, 50.0), 6000, true);
        assert_eq!(a.legal, fits, "{door}: {}", a.reason);
        if fits {
            // Round to the line square to the doorway, through it, on to the end.
            let len = a.length.unwrap();
            assert!(len > 3000.0 && len < 3300.0, "{len}");
            assert!(check_move(&t, v, 0, &a.path, 6000, true).is_ok());
        }
    }
}
