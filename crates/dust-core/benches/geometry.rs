//! Geometry benchmarks (issue 2, "Tests and measures"): one line-of-sight query on a 16x24
//! board with 20 pieces and some terrain (target <= 200 ns), all-pairs line of sight between
//! 20 units (<= 50 us) and reach for two move actions (<= 10 us).
//!
//! Each benchmark first asserts what it times (visible pairs, reachable spaces), then prints
//! its own figure next to criterion's report. Run with `cargo bench -p dust-core --bench geometry`.

use criterion::{criterion_group, criterion_main, Criterion};
use dust_core::{
    line_of_sight, reach, Board, BoardSetup, CoverElement, Dir, EntranceSetup, EntranceSize, Mover, Occupancy, PieceKind, Shot, Side,
    Square, StructureSetup, Terrain,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// 16 columns x 24 rows, top line = row 24. `a`/`t` cover elements; the structure is K10:L11.
const GRID: [&str; 24] = [
    "................", // 24
    "....#......~~...", // 23
    "....#...........", // 22
    "..........x.....", // 21
    "...a......x...#.", // 20
    "..............#.", // 19
    ".......s........", // 18
    "..#.............", // 17
    "..#.....t.......", // 16
    "...........a....", // 15
    "....~~..........", // 14
    "..........##....", // 13
    "................", // 12
    ".x...t..........", // 11
    "........#.......", // 10
    "...........a....", // 9
    "..#.............", // 8
    "..#......~~.....", // 7
    "...........x....", // 6
    "................", // 5
    "...........t....", // 4
    "......#.........", // 3
    "................", // 2
    "................", // 1
];

/// The 20 units: (space, kind, side).
const UNITS: [(&str, PieceKind, Side); 20] = [
    ("B2", PieceKind::Squad, Side::A),
    ("D2", PieceKind::Squad, Side::A),
    ("H2", PieceKind::Vehicle, Side::A),
    ("K3", PieceKind::Squad, Side::A),
    ("N2", PieceKind::Hero, Side::A),
    ("D4", PieceKind::Squad, Side::A),
    ("G6", PieceKind::Vehicle, Side::A),
    ("M7", PieceKind::Squad, Side::A),
    ("B9", PieceKind::Hero, Side::A),
    ("F9", PieceKind::Squad, Side::A),
    ("C23", PieceKind::Squad, Side::B),
    ("G23", PieceKind::Squad, Side::B),
    ("J22", PieceKind::Vehicle, Side::B),
    ("O22", PieceKind::Squad, Side::B),
    ("E19", PieceKind::Hero, Side::B),
    ("I19", PieceKind::Squad, Side::B),
    ("M18", PieceKind::Vehicle, Side::B),
    ("B15", PieceKind::Squad, Side::B),
    ("H14", PieceKind::Squad, Side::B),
    ("N15", PieceKind::Squad, Side::B),
];

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn battlefield() -> (Board, Occupancy) {
    let mut terrain = Vec::new();
    let mut cover = Vec::new();
    for (i, line) in GRID.iter().rev().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let s = Square::new(c as u8, i as u8);
            terrain.push(match ch {
                '#' => Terrain::NoDot,
                '~' => Terrain::Water,
                'x' => Terrain::Rubble,
                's' => Terrain::Smoke,
                _ => Terrain::Open,
            });
            match ch {
                'a' => cover.push((s, CoverElement::AmmoCrate)),
                't' => cover.push((s, CoverElement::AntiTankTrap)),
                _ => {}
            }
        }
    }
    let structures = vec![StructureSetup {
        name: "bunker".into(),
        interior: ["K10", "L10", "K11", "L11"].iter().map(|s| sq(s)).collect(),
        entrances: vec![
            EntranceSetup {
                at: sq("K10"),
                side: Dir::South,
                size: EntranceSize::Large,
            },
            EntranceSetup {
                at: sq("L11"),
                side: Dir::East,
                size: EntranceSize::Small,
            },
        ],
        inner_walls: vec![],
    }];
    let board = Board::new(BoardSetup {
        width: 16,
        height: 24,
        terrain,
        cover,
        structures,
    })
    .unwrap();
    let mut occ = Occupancy::new(&board);
    for (s, k, side) in UNITS {
        occ.place(sq(s), k, side);
    }
    (board, occ)
}

fn shots() -> Vec<Shot> {
    let mut v = Vec::new();
    for (i, &(a, ka, _)) in UNITS.iter().enumerate() {
        for (j, &(b, kb, _)) in UNITS.iter().enumerate() {
            if i != j {
                v.push(Shot {
                    from: sq(a),
                    to: sq(b),
                    attacker: ka,
                    target: kb,
                });
            }
        }
    }
    v
}

/// Mean time of `f` over enough iterations to fill about 200 ms.
fn figure(name: &str, target: Duration, mut f: impl FnMut() -> usize) {
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        let el = t.elapsed();
        if el > Duration::from_millis(200) {
            let per = el / n as u32;
            let verdict = if per <= target { "ok" } else { "MISSED" };
            println!("figure: {name}: {per:?} per call (target <= {target:?}) {verdict}");
            return;
        }
        n *= 2;
    }
}

fn benches(c: &mut Criterion) {
    let (board, occ) = battlefield();
    let all = shots();
    assert_eq!(all.len(), 380);
    // What is timed: the number of ordered pairs that see each other, and that it is symmetric.
    let visible = all.iter().filter(|s| line_of_sight(&board, &occ, s).is_ok()).count();
    for s in &all {
        assert_eq!(
            line_of_sight(&board, &occ, s).is_ok(),
            line_of_sight(&board, &occ, &s.reversed()).is_ok(),
            "{s:?}"
        );
    }
    println!("all-pairs: {visible} of 380 ordered pairs have line of sight");
    assert_eq!(visible, EXPECTED_VISIBLE);

    // One query: a clear line of median length between two of the units (the typical query),
    // and the longest clear line (the worst case) for reference.
    let mut clear: Vec<Shot> = all.iter().copied().filter(|s| line_of_sight(&board, &occ, s).is_ok()).collect();
    clear.sort_by_key(|s| (dust_core::range(s.from, s.to), s.from, s.to));
    let one = clear[clear.len() / 2];
    let longest = clear[clear.len() - 1];
    for s in [one, longest] {
        let cover = line_of_sight(&board, &occ, &s);
        println!(
            "query {} -> {} (range {}): {:?}",
            s.from,
            s.to,
            dust_core::range(s.from, s.to),
            cover.map(|c| c.level)
        );
        assert!(cover.is_ok());
    }
    figure("one line-of-sight query (median line)", Duration::from_nanos(200), || {
        usize::from(line_of_sight(&board, black_box(&occ), black_box(&one)).is_ok())
    });
    figure("one line-of-sight query (longest line)", Duration::from_nanos(200), || {
        usize::from(line_of_sight(&board, black_box(&occ), black_box(&longest)).is_ok())
    });
    c.bench_function("los_one_query_16x24_20_pieces", |b| {
        b.iter(|| line_of_sight(black_box(&board), black_box(&occ), black_box(&one)))
    });
    c.bench_function("los_longest_query_16x24_20_pieces", |b| {
        b.iter(|| line_of_sight(black_box(&board), black_box(&occ), black_box(&longest)))
    });

    let all_pairs = || all.iter().filter(|s| line_of_sight(&board, &occ, s).is_ok()).count();
    figure("all-pairs line of sight, 20 units", Duration::from_micros(50), all_pairs);
    c.bench_function("los_all_pairs_20_units", |b| b.iter(|| black_box(all_pairs())));

    // Reach: a squad with movement 2 and two move actions in the middle of the crowd.
    let mover = Mover {
        at: sq("F9"),
        kind: PieceKind::Squad,
        side: Side::A,
        movement: 2,
        actions: 2,
        agile: false,
        fast: false,
        jump: false,
    };
    let r = reach(&board, &occ, &mover);
    let n = r.squares().len();
    println!("reach: a movement-2 squad at F9 with two move actions can end in {n} spaces");
    assert_eq!(n, EXPECTED_REACH);
    figure("reach, two move actions", Duration::from_micros(10), || {
        reach(&board, &occ, black_box(&mover)).contains(sq("F12")) as usize
    });
    c.bench_function("reach_two_move_actions", |b| {
        b.iter(|| reach(black_box(&board), black_box(&occ), black_box(&mover)))
    });
    let fast = Mover { fast: true, ..mover };
    figure(
        "reach, two move actions with Fast (reference, no target)",
        Duration::from_micros(20),
        || reach(&board, &occ, black_box(&fast)).contains(sq("F12")) as usize,
    );
}

const EXPECTED_VISIBLE: usize = 172;
const EXPECTED_REACH: usize = 52;

criterion_group! {
    name = geometry;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(geometry);
