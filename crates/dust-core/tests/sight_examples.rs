//! Worked examples of tactics-revised-core-rules.md, "Line of Sight", "Line of Sight Around
//! Corners", "Check Range", "Cover Saves", "Corner Cover", "Structures", "Diamond Terrain" and
//! of tactics-revised-faq.md (corner cover at 45 degrees, structures), reproduced as far as the
//! extracted text allows. The diagrams are missing: each test says which board it assumes.

mod common;
use common::*;
use dust_core::*;

const SQUAD: PieceKind = PieceKind::Squad;
const HERO: PieceKind = PieceKind::Hero;
const VEHICLE: PieceKind = PieceKind::Vehicle;
const KINDS: [PieceKind; 3] = [SQUAD, HERO, VEHICLE];

/// "Line of Sight", Death Dealers example: the line to the Heavy Flak Grenadiers passes the
/// corner of a terrain square (allowed, corner cover), the line to the Sturmpioniere crosses
/// it (blocked). Board: terrain square at B2, Death Dealers at A3.
#[test]
fn line_of_sight_terrain_square_blocks_corner_does_not() {
    let f = Field::grid(&["S...", ".#..", "...."]);
    // A3 -> C1 (the Sturmpioniere) runs along B2's diagonal, through its inside.
    assert_eq!(f.los("A3", "C1", SQUAD, SQUAD), Err(Blocked::Space(sq("B2"), SpaceBlock::NoDot)));
    assert!(!f.sees("A1", "C3", SQUAD, SQUAD));
    // A2 -> B1 (45 degrees) grazes the corner of B2: clear, soft corner cover for the target.
    let c = f.los("A2", "B1", SQUAD, SQUAD).unwrap();
    assert_eq!(c.level, CoverLevel::Soft);
    assert!(matches!(c.sources.corner, Some((_, Grazed::Space(s, SpaceBlock::NoDot))) if s == sq("B2")));
    // A1 -> D2 passes exactly through B2's lower right corner, far from the target and not at
    // 45 degrees: clear, no corner cover.
    assert!(f.sees("A1", "D2", SQUAD, SQUAD));
    assert_eq!(f.cover("A1", "D2", SQUAD, SQUAD), "none");
    for a in KINDS {
        for t in KINDS {
            assert!(!f.sees("A2", "C2", a, t), "a terrain square blocks everyone");
        }
    }
}

/// "Line of Sight", Hans / Hell Boys / Sturmpioniere example: an anti-tank trap blocks only
/// soldier-against-soldier lines; if the Hans can target the Hell Boys they can target it.
#[test]
fn line_of_sight_anti_tank_trap_blocks_only_soldier_against_soldier() {
    // Hans at A1, trap at B1, Hell Boys at C1; Sturmpioniere at A1 in the second case.
    let f = Field::grid(&["vtS"]);
    assert!(f.sees("A1", "C1", VEHICLE, SQUAD));
    assert!(f.los("C1", "A1", SQUAD, VEHICLE).is_ok());
    for (a, t) in [(SQUAD, SQUAD), (SQUAD, HERO), (HERO, SQUAD), (HERO, HERO)] {
        assert_eq!(f.los("C1", "A1", a, t), Err(Blocked::Space(sq("B1"), SpaceBlock::AntiTankTrap)));
    }
}

/// "Line of Sight", Death Dealers / Hell Boys / Sturmpioniere / Hans example: a squad between
/// two soldier units blocks; it does not block a soldier shooting at a vehicle, nor a vehicle
/// shooting at soldiers. Board: DD at A1, Hell Boys B1, Sturmpioniere C1, Hans D1.
#[test]
fn line_of_sight_squads_block_only_soldier_against_soldier() {
    let f = Field::grid(&["SSqv"]);
    assert_eq!(f.los("A1", "C1", SQUAD, SQUAD), Err(Blocked::Space(sq("B1"), SpaceBlock::Soldier)));
    assert!(
        f.sees("A1", "D1", SQUAD, VEHICLE),
        "over the heads of the Hell Boys and Sturmpioniere"
    );
    assert!(f.sees("D1", "B1", VEHICLE, SQUAD));
    assert!(f.sees("D1", "A1", VEHICLE, SQUAD));
    // A hero counts as a soldier too.
    let f = Field::grid(&["SHq"]);
    assert!(!f.sees("A1", "C1", SQUAD, SQUAD));
}

/// "Line of Sight", Blackhawk example: vehicles block line of sight for everyone, like spaces
/// without a dot. Board: Death Dealers at A2, Blackhawk at B2.
#[test]
fn line_of_sight_vehicles_block_everyone() {
    let f = Field::grid(&["....", "SV..", "...."]);
    for a in KINDS {
        for t in KINDS {
            assert_eq!(f.los("A2", "C2", a, t), Err(Blocked::Space(sq("B2"), SpaceBlock::Vehicle)));
            assert!(!f.sees("A2", "D2", a, t));
        }
    }
    // Lines that only graze the Blackhawk's corner are clear.
    assert!(f.sees("A2", "B3", SQUAD, SQUAD));
}

/// "Line of Sight" ("Ammo crates do not block"), "Triangle Terrain" ("shoot across them"),
/// "Cross Terrain" ("does not block line of sight"): crates, water and rubble never block.
#[test]
fn line_of_sight_crates_water_rubble_never_block() {
    let f = Field::grid(&[".a~x."]);
    for a in KINDS {
        for t in KINDS {
            assert!(f.sees("A1", "E1", a, t));
        }
    }
}

/// "Diamond Terrain": smoke blocks line of sight; units in smoke can neither attack nor be
/// targeted.
#[test]
fn diamond_terrain_smoke() {
    let f = Field::grid(&["..s..", "....."]);
    assert_eq!(
        f.los("A2", "E2", VEHICLE, VEHICLE),
        Err(Blocked::Space(sq("C2"), SpaceBlock::Smoke))
    );
    assert_eq!(f.los("C2", "C1", SQUAD, SQUAD), Err(Blocked::AttackerInSmoke(sq("C2"))));
    assert_eq!(f.los("C1", "C2", SQUAD, SQUAD), Err(Blocked::TargetInSmoke(sq("C2"))));
    // A line grazing the smoke's corner at 45 degrees is clear, and the smoke gives corner cover
    // (docs/rulings.md, "Smoke gives corner cover").
    let f = Field::grid(&["...", ".s.", "..."]);
    assert_eq!(f.cover("B1", "A2", SQUAD, SQUAD), "soft");
    assert!(!f.sees("A1", "C3", VEHICLE, VEHICLE));
}

/// "Line of Sight Around Corners", Death Dealers / Sturmpioniere / Heavy Laser Grenadiers
/// example: a line that skims between two opposite blocking corners is blocked; grazing blockers
/// on the same side is not. Board: no dot at A3 and B2.
#[test]
fn line_of_sight_around_corners_skimming_two_opposite_corners_blocks() {
    let f = Field::grid(&["#..", ".#.", "..."]);
    assert_eq!(
        f.los("A2", "B3", SQUAD, SQUAD),
        Err(Blocked::OppositeCorners(CornerPoint { x: 1, y: 2 }))
    );
    for a in KINDS {
        for t in KINDS {
            assert!(!f.sees("A2", "B3", a, t));
        }
    }
    // Units adjacent to impassable terrain that take corner cover from the same side: allowed
    // (A2 and B3 are both left of the line A1 -> C3), and the target has corner cover.
    let f = Field::grid(&[".#.", "#..", "..."]);
    assert!(f.sees("A1", "C3", SQUAD, SQUAD));
    assert_eq!(f.cover("A1", "C3", SQUAD, SQUAD), "soft");
    // Corner cover from different sides (B1 right of the line at the attacker, B3 left of it at
    // the target): blocked, for every kind of unit.
    let f = Field::grid(&[".#.", "...", ".#."]);
    assert!(matches!(f.los("A1", "C3", SQUAD, SQUAD), Err(Blocked::CornersOnBothSides { .. })));
    for a in KINDS {
        for t in KINDS {
            assert!(!f.sees("A1", "C3", a, t));
        }
    }
}

/// "Line of Sight Around Corners", the A1…A4 / B1…B4 example. The diagram is missing; the board
/// assumed (docs/rulings.md, "The A1…A4 / B1…B4 example"): one terrain square at B3 of a 5x5
/// field, the A spaces A5 B5 C5 D5 (A1…A4) along the top row, the B spaces E1 D1 C1 B1
/// (B1…B4) along the bottom row. Every sentence of the example holds, both ways.
#[test]
fn line_of_sight_around_corners_a1_to_b4_example() {
    let f = Field::grid(&[".....", ".....", ".#...", ".....", "....."]);
    let a = ["A5", "B5", "C5", "D5"];
    let b = ["E1", "D1", "C1", "B1"];
    // "Shooting from A1 to B1 is possible. Shooting from A1 to B2, B3, and B4 is impossible.
    // Shooting from A2 to B1 and B2 is possible. Shooting from A2 to B3 and B4 is impossible.
    // Shooting from A3 to B1, B2, and B3 is possible. Shooting from A3 to B4 is impossible.
    // Shooting from A4 to all B spaces is possible."
    for (i, ai) in a.iter().enumerate() {
        for (j, bj) in b.iter().enumerate() {
            assert_eq!(f.sees(ai, bj, SQUAD, SQUAD), j <= i, "A{} -> B{}", i + 1, j + 1);
        }
    }
    // "Corner cover can apply whenever there is a space without a dot": A1 -> B1 runs at 45
    // degrees past the terrain square's corner, far from the target: no corner cover there.
    assert_eq!(f.cover("A5", "E1", SQUAD, SQUAD), "none");
}

/// "If an enemy unit has clear line of sight to a friendly unit, that friendly unit has clear
/// line of sight to that enemy unit" ("Line of Sight Around Corners", IMPORTANT).
#[test]
fn line_of_sight_is_mutual_on_a_cluttered_board() {
    let f = Field::grid(&["S.#..q.", ".a.t.#.", "x.Vs.~.", ".#..h..", "H..x.a.", "..q.#.S"]);
    for s1 in f.board.squares() {
        for s2 in f.board.squares() {
            for a in KINDS {
                for t in KINDS {
                    let there = line_of_sight(
                        &f.board,
                        &f.occ,
                        &Shot {
                            from: s1,
                            to: s2,
                            attacker: a,
                            target: t,
                        },
                    )
                    .is_ok();
                    let back = line_of_sight(
                        &f.board,
                        &f.occ,
                        &Shot {
                            from: s2,
                            to: s1,
                            attacker: t,
                            target: a,
                        },
                    )
                    .is_ok();
                    assert_eq!(there, back, "{s1} {s2} {a} {t}");
                }
            }
        }
    }
}

/// "1) Check Range", Sturmpioniere example: Panzerfaust range 2 reaches the Hell Boys but not the
/// Blackhawk, the StG 47 (range 4) reaches both. Board assumed: Sturmpioniere A1, Hell Boys B3
/// (range 2 with one diagonal), Blackhawk C4 (range 4: one diagonal costs 1, the second 2).
#[test]
fn check_range_sturmpioniere_example() {
    let panzerfaust = WeaponRange::Spaces { min: 1, max: 2 };
    let stg = WeaponRange::Spaces { min: 1, max: 4 };
    let (sturm, hell_boys, blackhawk) = (sq("A1"), sq("B3"), sq("C4"));
    assert_eq!(range(sturm, hell_boys), 2);
    assert_eq!(range(sturm, blackhawk), 4);
    assert!(panzerfaust.reaches(range(sturm, hell_boys)) && !panzerfaust.reaches(range(sturm, blackhawk)));
    assert!(stg.reaches(range(sturm, hell_boys)) && stg.reaches(range(sturm, blackhawk)));
    assert_eq!(range(sq("A1"), sq("C3")), 3, "first diagonal 1, second 2");
    assert_eq!(range(sq("C3"), sq("A1")), 3);
}

/// "Cover Saves": an ammo crate gives soft cover, an anti-tank trap hard cover, rubble soft
/// cover; only squads get cover saves (heroes alone and vehicles never).
#[test]
fn cover_saves_elements_and_rubble() {
    let f = Field::grid(&["a.t.x", ".....", "....."]);
    assert_eq!(f.cover("A1", "A3", SQUAD, SQUAD), "soft");
    assert_eq!(f.cover("C1", "C3", SQUAD, SQUAD), "hard");
    assert_eq!(f.cover("E1", "E3", SQUAD, SQUAD), "soft");
    assert_eq!(f.cover("E1", "E3", VEHICLE, SQUAD), "soft");
    for t in [HERO, VEHICLE] {
        for s in ["A3", "C3", "E3"] {
            let c = f.los("B1", s, SQUAD, t).unwrap();
            assert_eq!(c.level, CoverLevel::None, "{t} at {s}");
            assert!(c.not_a_squad);
        }
    }
    let c = f.los("A1", "A3", SQUAD, SQUAD).unwrap();
    assert_eq!(c.sources.reasons(), vec!["soft: ammo crate in the target's space".to_string()]);
}

/// "Corner Cover", Hell Boys examples and tactics-revised-faq.md, "In what situations will a
/// squad benefit from corner cover?" (BBQ Squad examples). The target stands at C3; the blocker
/// west of it at B3, a vehicle south of it at C2; attackers at A5 and E1 shoot at 45 degrees
/// through the target's corners, A6 shoots past B3's corner at another angle.
#[test]
fn corner_cover_hell_boys_and_bbq_squad_examples() {
    let grid = |west: char| {
        let row3 = format!(".{west}S...");
        let rows = [
            "......".to_string(),
            "......".to_string(),
            "......".to_string(),
            row3,
            "..V...".to_string(),
            "......".to_string(),
        ];
        Field::grid(&rows.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // Adjacent terrain square: corner cover against the Heavy Flak Grenadiers (A5); adjacent
    // Blackhawk: corner cover against the Sturmpioniere (E1).
    let f = grid('#');
    assert_eq!(f.cover("A5", "C3", SQUAD, SQUAD), "soft");
    let c = f.los("E1", "C3", SQUAD, SQUAD).unwrap();
    assert_eq!(c.level, CoverLevel::Soft);
    assert!(matches!(c.sources.corner, Some((_, Grazed::Space(s, SpaceBlock::Vehicle))) if s == sq("C2")));
    // FAQ: no corner cover from the Kommandotrupp at A6, whose line does not cross the corner of
    // the terrain square ("only if the attack is at a 45 degree angle"); the Luther at C1 cannot
    // target the BBQ Squad through the Hot Dog.
    assert_eq!(f.cover("A6", "C3", SQUAD, SQUAD), "none");
    assert_eq!(
        f.los("C1", "C3", VEHICLE, SQUAD),
        Err(Blocked::Space(sq("C2"), SpaceBlock::Vehicle))
    );
    // Adjacent anti-tank trap: corner cover against soldiers, not against the Hans / Luther.
    let f = grid('t');
    assert_eq!(f.cover("A5", "C3", SQUAD, SQUAD), "soft");
    assert_eq!(f.cover("A5", "C3", HERO, SQUAD), "soft");
    assert_eq!(f.cover("A5", "C3", VEHICLE, SQUAD), "none");
    // Adjacent squad: corner cover against soldiers ("squads block line of sight against other
    // squads"); against the Hans at E1, cover from the adjacent Blackhawk.
    let f = grid('q');
    assert_eq!(f.cover("A5", "C3", SQUAD, SQUAD), "soft");
    assert_eq!(f.cover("A5", "C3", VEHICLE, SQUAD), "none");
    assert_eq!(f.cover("E1", "C3", VEHICLE, SQUAD), "soft");
    // Heroes alone and vehicles get no cover, even where a squad would.
    assert_eq!(f.cover("E1", "C3", VEHICLE, HERO), "none");
    assert_eq!(f.cover("E1", "C3", VEHICLE, VEHICLE), "none");
}

/// "Corner Cover": soft sources combine up to hard cover, never above: crate + corner = hard,
/// rubble + corner = hard, trap + corner = hard; three soft sources are still hard.
#[test]
fn corner_cover_combinations_up_to_hard() {
    // Target at B2 with a terrain square west of it (A2); the attack from A3 at 45 degrees
    // grazes A2 at the target's corner (corner cover) plus what stands in the target's space.
    for (target, expect) in [('.', "soft"), ('a', "hard"), ('x', "hard"), ('t', "hard")] {
        let rows = ["...".to_string(), format!("#{target}."), "...".to_string()];
        let f = Field::grid(&rows.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(f.cover("A3", "B2", SQUAD, SQUAD), expect, "target space {target}");
    }
    let mut c = CoverSources {
        ammo_crate: true,
        rubble: true,
        same_structure: true,
        ..CoverSources::default()
    };
    assert_eq!(c.level(), CoverLevel::Hard, "three soft sources are still hard");
    c = CoverSources {
        ammo_crate: true,
        anti_tank_trap: true,
        from_outside_structure: true,
        ..CoverSources::default()
    };
    assert_eq!(c.level(), CoverLevel::Hard);
    assert_eq!(
        CoverSources {
            rubble: true,
            ..CoverSources::default()
        }
        .level(),
        CoverLevel::Soft
    );
    assert_eq!(CoverSources::default().level(), CoverLevel::None);
}

/// A 6x6 field with a structure at C2:E3: large entrance on the north side of C3, small
/// entrances on the north side of D3 and the south side of E2.
fn structure_field(rows: &[&str], inner: Option<(&str, &str)>) -> Field {
    let (mut s, p) = setup(rows);
    s.structures.push(StructureSetup {
        name: "house".into(),
        interior: ["C2", "D2", "E2", "C3", "D3", "E3"].iter().map(|x| sq(x)).collect(),
        entrances: vec![
            EntranceSetup {
                at: sq("C3"),
                side: Dir::North,
                size: EntranceSize::Large,
            },
            EntranceSetup {
                at: sq("D3"),
                side: Dir::North,
                size: EntranceSize::Small,
            },
            EntranceSetup {
                at: sq("E2"),
                side: Dir::South,
                size: EntranceSize::Small,
            },
        ],
        inner_walls: inner
            .map(|(a, b)| InnerWallSetup {
                between: (sq(a), sq(b)),
                entrance: None,
            })
            .into_iter()
            .collect(),
    });
    Field::new(s, p)
}

const EMPTY6: [&str; 6] = ["......", "......", "......", "......", "......", "......"];

/// "Structures", Hammers / Death Dealers / Sturmpioniere example: a unit inside is in hard cover
/// against an attacker outside; a unit inside can shoot out (and be shot) only from a space with
/// an exit in the direction of the attack; inside the same structure everyone is in soft cover.
/// Assumed board: Hammers at C3 (exit north), Death Dealers at E3 (no exit), Sturmpioniere at
/// C5; the space "X" is D3 (small exit north).
#[test]
fn structures_hammers_death_dealers_sturmpioniere_example() {
    let f = structure_field(&EMPTY6, None);
    assert_eq!(f.cover("C5", "C3", SQUAD, SQUAD), "hard", "Hammers, from outside");
    assert!(
        !f.sees("C5", "E3", SQUAD, SQUAD),
        "Death Dealers: no exit towards the Sturmpioniere"
    );
    assert!(!f.sees("E3", "C5", SQUAD, SQUAD));
    // The Death Dealers move to X (D3): they see each other, the Death Dealers in hard cover.
    assert!(f.sees("D3", "C5", SQUAD, SQUAD));
    assert_eq!(f.cover("C5", "D3", SQUAD, SQUAD), "hard");
    assert_eq!(f.cover("D3", "C5", SQUAD, SQUAD), "none");
    // The Sturmpioniere at X: they can target either squad, all in soft cover.
    assert_eq!(f.cover("D3", "C3", SQUAD, SQUAD), "soft");
    assert_eq!(f.cover("D3", "E3", SQUAD, SQUAD), "soft");
    assert_eq!(f.cover("C3", "D3", SQUAD, SQUAD), "soft");
    // Heroes inside get no cover (tactics-revised-faq.md, structures).
    assert_eq!(f.cover("C5", "C3", SQUAD, HERO), "none");
}

/// "Structures", Sturmpioniere / Heavy Flak Grenadiers / Death Dealers example: the exterior wall
/// blocks; a line at 45 degrees through the end of a small entrance is clear, the small
/// entrance's walls give no corner cover, the structure still gives hard cover. Assumed board:
/// Death Dealers at E2 (small exit south), Sturmpioniere at F2, Heavy Flak Grenadiers at F1.
#[test]
fn structures_small_entrance_gives_no_corner_cover() {
    let f = structure_field(&EMPTY6, None);
    assert_eq!(f.los("F2", "E2", SQUAD, SQUAD), Err(Blocked::Wall(sq("F2"), sq("E2"))));
    let c = f.los("F1", "E2", SQUAD, SQUAD).unwrap();
    assert_eq!(c.level, CoverLevel::Hard);
    assert!(c.sources.corner.is_none() && c.sources.from_outside_structure);
    assert!(f.sees("F1", "E2", SQUAD, SQUAD));
}

/// "Structures", Hell Boys / Sturmpioniere and Death Dealers / Heavy Laser Grenadiers example:
/// an exterior wall gives corner cover to a unit outside next to it; an interior wall gives
/// corner cover which, with "attacked from inside the same structure", makes hard cover.
#[test]
fn structures_wall_corner_cover() {
    // Hell Boys inside at C3 (large exit north), Sturmpioniere outside at B4: the line at 45
    // degrees leaves through the exit and grazes the wall between B3 and C3.
    let f = structure_field(&EMPTY6, None);
    let c = f.los("C3", "B4", SQUAD, SQUAD).unwrap();
    assert_eq!(c.level, CoverLevel::Soft);
    assert!(matches!(c.sources.corner, Some((_, Grazed::Wall(_, _)))));
    // Interior wall between D2 and D3; Death Dealers at C2, Heavy Laser Grenadiers at D3.
    let f = structure_field(&EMPTY6, Some(("D2", "D3")));
    let c = f.los("C2", "D3", SQUAD, SQUAD).unwrap();
    assert!(c.sources.corner.is_some() && c.sources.same_structure);
    assert_eq!(c.level, CoverLevel::Hard);
    // The interior wall blocks a line crossing it.
    assert_eq!(f.los("D2", "D3", SQUAD, SQUAD), Err(Blocked::Wall(sq("D2"), sq("D3"))));
    // "Inside a structure, cover combines in the normal way": a crate inside, attacker inside.
    let mut rows = EMPTY6;
    rows[3] = "....a.";
    let f = structure_field(&rows, None);
    assert_eq!(f.cover("C3", "E3", SQUAD, SQUAD), "hard");
}

/// "Structures": exits decide who shoots in or out; a door between two rooms is not an exit
/// (docs/rulings.md, "Exits lead out of the structure").
#[test]
fn structures_exits_for_shooting_in_and_out() {
    let (mut s, p) = setup(&EMPTY6);
    s.structures.push(StructureSetup {
        name: "two rooms".into(),
        interior: vec![sq("B3"), sq("C3")],
        entrances: vec![EntranceSetup {
            at: sq("C3"),
            side: Dir::East,
            size: EntranceSize::Large,
        }],
        inner_walls: vec![InnerWallSetup {
            between: (sq("B3"), sq("C3")),
            entrance: Some(EntranceSize::Small),
        }],
    });
    let f = Field::new(s, p);
    // C3 has the exit towards F3: clear both ways, hard cover for the unit inside.
    assert_eq!(f.cover("F3", "C3", SQUAD, SQUAD), "hard");
    assert!(f.sees("C3", "F3", SQUAD, SQUAD));
    // B3 only has a door into C3: no exit of its own towards F3.
    assert_eq!(f.los("B3", "F3", SQUAD, SQUAD), Err(Blocked::NoExit(sq("B3"))));
    assert!(!f.sees("F3", "B3", VEHICLE, SQUAD));
    // Through the door, inside the same structure: clear, soft.
    assert_eq!(f.cover("B3", "C3", SQUAD, SQUAD), "soft");
    // Through the wall: blocked.
    assert!(!f.sees("B3", "B5", SQUAD, SQUAD));
}
