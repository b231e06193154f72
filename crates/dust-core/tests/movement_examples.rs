//! Worked examples of tactics-revised-core-rules.md, "Movement Rules", "Movement Points",
//! "Spaces with Cover Elements", "Spaces with Other Units", "Moving Around Corners",
//! "Structures" and the skills "Agile", "Fast" and "Jump", reproduced as far as the extracted
//! text allows (the diagrams are missing; each test says which board it assumes).

mod common;
use common::*;
use dust_core::*;

fn check(f: &Field, m: &Mover, a: &str, b: &str) -> Result<(), StepError> {
    check_step(&f.board, &f.occ, m, sq(a), sq(b))
}

/// tactics-revised-core-rules.md, "Movement Points", Blackhawk example: movement 1; the red
/// spaces (one MOVE action) are the 8 neighbours, the blue ones (two MOVE actions) everything
/// at range 2 except the diagonal-diagonal corners (the second diagonal costs 2).
#[test]
fn movement_points_blackhawk_example() {
    let f = Field::grid(&[".....", ".....", "..V..", ".....", "....."]);
    let one = f.reach(&f.mover("C3", 1, 1));
    assert_eq!(one, names("B2 C2 D2 B3 D3 B4 C4 D4"));
    let two = f.reach(&f.mover("C3", 1, 2));
    assert_eq!(two, names("B1 C1 D1 A2 B2 C2 D2 E2 A3 B3 D3 E3 A4 B4 C4 D4 E4 B5 C5 D5"));
    // Every blue space is at range 1 or 2, like "Check Range" measures it.
    for s in &two {
        assert!((1..=2).contains(&range(sq("C3"), sq(s))), "{s}");
    }
    // A1 would need two diagonals: 1 + 2 points, more than either action has.
    assert!(!two.contains(&"A1".to_string()));
}

/// "Movement Points": the first diagonal of an activation costs 1, every further one 2.
#[test]
fn movement_points_first_diagonal_one_then_two() {
    let f = Field::grid(&[".....", ".....", ".....", ".....", "S...."]);
    let r = reach(&f.board, &f.occ, &f.mover("A1", 3, 1));
    assert_eq!(r.cost(sq("B2")), Some(1));
    assert_eq!(r.cost(sq("C3")), Some(3)); // 1 + 2
    assert!(!r.contains(sq("D4"))); // 1 + 2 + 2 = 5 > 3
    assert_eq!(r.cost(sq("C2")), Some(2)); // one diagonal and one orthogonal step
                                           // Agile: every diagonal costs 1.
    let agile = Mover {
        agile: true,
        ..f.mover("A1", 3, 1)
    };
    let r = reach(&f.board, &f.occ, &agile);
    assert_eq!(r.cost(sq("D4")), Some(3));
}

/// "Moving Around Corners", Hans example: a vehicle cannot move diagonally past a space without
/// a dot; it spends two points going left then up. Board: Hans at C1, no dot at C2.
#[test]
fn moving_around_corners_hans_example_vehicles_cannot_cut_corners() {
    let f = Field::grid(&["....", "..#.", "..V."]);
    let m = f.mover("C1", 1, 1);
    assert_eq!(check(&f, &m, "C1", "B2"), Err(StepError::Corner(sq("C1"), sq("B2"))));
    assert!(!f.reach(&m).contains(&"B2".to_string()));
    let m2 = f.mover("C1", 2, 1);
    let r = reach(&f.board, &f.occ, &m2);
    assert_eq!(r.cost(sq("B2")), Some(2));
    assert_eq!(r.path(sq("B2")), Some(vec![sq("C1"), sq("B1"), sq("B2")]));
}

/// "Moving Around Corners": for vehicles an enemy unit or an anti-tank trap in one corner is
/// enough to forbid the diagonal; a friendly unit, water, rubble or smoke is not.
#[test]
fn moving_around_corners_vehicle_corner_kinds() {
    for (corner, blocks) in [
        ("q", true),
        ("t", true),
        ("S", false),
        ("~", false),
        ("x", false),
        ("s", false),
        ("a", false),
    ] {
        let rows = ["....".to_string(), format!("..{corner}."), "..V.".to_string()];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let f = Field::grid(&rows);
        let m = f.mover("C1", 1, 1);
        assert_eq!(check(&f, &m, "C1", "B2").is_err(), blocks, "corner {corner}");
    }
}

/// "Moving Around Corners", Death Dealers examples: soldiers may cut one impassable corner for
/// one point, but never pass between two.
#[test]
fn moving_around_corners_death_dealers_one_corner_yes_two_no() {
    let f = Field::grid(&["....", "..#.", "..S."]);
    let m = f.mover("C1", 1, 1);
    assert_eq!(check(&f, &m, "C1", "B2"), Ok(()));
    assert!(f.reach(&m).contains(&"B2".to_string()));
    // Both corners impassable (no dot and no dot, or no dot and an enemy): not allowed.
    for other in ["#", "q", "v"] {
        let rows = ["....".to_string(), "..#.".to_string(), format!(".{other}S.")];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let f = Field::grid(&rows);
        let m = f.mover("C1", 1, 1);
        assert_eq!(check(&f, &m, "C1", "B2"), Err(StepError::Corner(sq("C1"), sq("B2"))), "{other}");
        assert!(!f.reach(&m).contains(&"B2".to_string()));
    }
    // An enemy in one corner alone is fine for soldiers.
    let f = Field::grid(&["....", "..q.", "..S."]);
    assert_eq!(check(&f, &f.mover("C1", 1, 1), "C1", "B2"), Ok(()));
}

/// "Spaces with Other Units": no entering enemy spaces; soldiers pass through friends of any
/// kind but do not stop there; vehicles do not pass through friendly soldiers or vehicles.
#[test]
fn spaces_with_other_units() {
    let f = Field::grid(&["...", "...", ".S.", ".S.", ".V."]);
    // The squad at B2 can pass through the friendly squad at B3 to B4 with 2 points.
    let m = f.mover("B2", 2, 1);
    let r = reach(&f.board, &f.occ, &m);
    assert!(r.contains(sq("B4")) && !r.contains(sq("B3")));
    // The vehicle at B1 cannot pass through the squads.
    let v = f.mover("B1", 3, 1);
    let r = reach(&f.board, &f.occ, &v);
    assert!(!r.contains(sq("B3")) && !r.contains(sq("B2")));
    assert!(r.contains(sq("A3"))); // around them
                                   // An enemy space cannot be entered.
    let f = Field::grid(&["...", ".q.", ".S."]);
    assert_eq!(
        check(&f, &f.mover("B1", 2, 1), "B1", "B2"),
        Err(StepError::Impassable(sq("B2"), "an enemy unit stands there"))
    );
    // Heroes are the only units that may share a space with a friendly unit.
    let f = Field::grid(&["...", ".S.", ".H."]);
    assert!(reach(&f.board, &f.occ, &f.mover("B1", 1, 1)).contains(sq("B2")));
}

/// "Spaces with Cover Elements" and "Terrain Types": vehicles never enter traps, rubble or
/// water; soldiers enter traps and rubble; nobody walks on water; vehicles may enter crates.
#[test]
fn spaces_with_cover_elements_and_terrain() {
    let f = Field::grid(&[".....", ".tx~a", "..V.."]);
    let v = reach(&f.board, &f.occ, &f.mover("C1", 1, 1));
    assert!(!v.contains(sq("B2")) && !v.contains(sq("C2")) && !v.contains(sq("D2")));
    assert!(v.contains(sq("B1")) && v.contains(sq("D1")));
    let v = reach(&f.board, &f.occ, &f.mover("C1", 2, 1));
    assert!(v.contains(sq("E2")), "a vehicle may enter (and crush) an ammo crate");
    let f = Field::grid(&[".....", ".tx~a", "..S.."]);
    let s = reach(&f.board, &f.occ, &f.mover("C1", 1, 1));
    assert!(s.contains(sq("B2")) && s.contains(sq("C2")) && !s.contains(sq("D2")));
}

/// Skill "Fast", Hell Boys example: movement 1 and Fast move 2 spaces with one MOVE action and
/// 3 with two. Board: a corridor one space wide.
#[test]
fn fast_hell_boys_example() {
    let f = Field::grid(&["#.#", "#.#", "#.#", "#.#", "#.#", "#S#"]);
    let plain = f.mover("B1", 1, 1);
    let fast = Mover { fast: true, ..plain };
    assert_eq!(f.reach(&fast), names("B2 B3"));
    assert_eq!(f.reach(&Mover { actions: 2, ..fast }), names("B2 B3 B4"));
    assert_eq!(f.reach(&plain), names("B2"));
    assert_eq!(f.reach(&Mover { actions: 2, ..plain }), names("B2 B3"));
}

/// Skill "Jump", Hot Dog example: a movement-1 vehicle behind an anti-tank trap cannot get past
/// with one MOVE action; with two MOVE actions and Jump it lands on any empty space beyond
/// (never on an occupied one). Board: Hot Dog at C1 between two spaces without a dot, trap at C2.
#[test]
fn jump_hot_dog_example() {
    let f = Field::grid(&[".....", "..S..", ".....", "..t..", "##V##"]);
    let walk = f.mover("C1", 1, 2);
    assert!(f.reach(&walk).is_empty(), "no way past the trap without Jump");
    let jump1 = Mover {
        jump: true,
        ..f.mover("C1", 1, 1)
    };
    assert!(f.reach(&jump1).is_empty(), "one MOVE action of 1 cannot clear the trap");
    let jump2 = Mover { jump: true, ..walk };
    assert_eq!(f.reach(&jump2), names("B2 D2 B3 C3 D3"));
    let r = reach(&f.board, &f.occ, &jump2);
    assert_eq!(r.path(sq("C3")), Some(vec![sq("C1"), sq("C2"), sq("C3")]));
    // Landing only on empty spaces: a squad of either side in a landing space takes it away.
    let f = Field::grid(&[".....", ".....", ".Sq..", "..t..", "##V##"]);
    assert_eq!(
        f.reach(&Mover {
            jump: true,
            ..f.mover("C1", 1, 2)
        }),
        names("B2 D2 D3")
    );
    // Nobody jumps over a space without a dot or a vehicle.
    let f = Field::grid(&["...", ".#.", ".H.", "...", ".v.", ".S."]);
    let j = Mover {
        jump: true,
        ..f.mover("B4", 1, 2)
    };
    let r = reach(&f.board, &f.occ, &j);
    assert!(!r.contains(sq("B6")));
    let j = Mover {
        jump: true,
        ..f.mover("B1", 1, 2)
    };
    assert!(!reach(&f.board, &f.occ, &j).contains(sq("B3")));
}

/// Skill "Jump" and "Structures": soldiers with Jump jump over structures, vehicles do not.
#[test]
fn jump_over_structures_soldiers_only() {
    let (mut s, p) = setup(&["...", "...", "...", ".S."]);
    s.structures.push(StructureSetup {
        name: "hut".into(),
        interior: vec![sq("B2"), sq("B3")],
        entrances: vec![],
        inner_walls: vec![],
    });
    let f = Field::new(s.clone(), p);
    let soldier = Mover {
        jump: true,
        ..f.mover("B1", 2, 2)
    };
    assert!(reach(&f.board, &f.occ, &soldier).contains(sq("B4")));
    let mut p2 = f.pieces.clone();
    p2[0].1 = PieceKind::Vehicle;
    let f = Field::new(s, p2);
    let vehicle = Mover {
        jump: true,
        ..f.mover("B1", 2, 2)
    };
    let r = reach(&f.board, &f.occ, &vehicle);
    assert!(!r.contains(sq("B4")) && !r.contains(sq("B2")));
    assert!(r.contains(sq("A4")), "around the hut");
}

/// "Structures": soldiers enter by small or large entrances, vehicles only by large ones, and
/// nobody walks through a wall.
#[test]
fn structures_entrances_by_size() {
    let (mut s, p) = setup(&["....", "....", ".S.."]);
    s.structures.push(StructureSetup {
        name: "hut".into(),
        interior: vec![sq("B2"), sq("C2")],
        entrances: vec![EntranceSetup {
            at: sq("B2"),
            side: Dir::South,
            size: EntranceSize::Small,
        }],
        inner_walls: vec![],
    });
    let f = Field::new(s.clone(), p.clone());
    let m = f.mover("B1", 1, 1);
    assert_eq!(check(&f, &m, "B1", "B2"), Ok(()));
    assert!(check(&f, &m, "C1", "C2").is_err());
    let mut pv = p.clone();
    pv[0].1 = PieceKind::Vehicle;
    let fv = Field::new(s.clone(), pv.clone());
    assert_eq!(
        check(&fv, &fv.mover("B1", 1, 1), "B1", "B2"),
        Err(StepError::Wall(sq("B1"), sq("B2")))
    );
    s.structures[0].entrances[0].size = EntranceSize::Large;
    let fv = Field::new(s, pv);
    assert_eq!(check(&fv, &fv.mover("B1", 1, 1), "B1", "B2"), Ok(()));
}
