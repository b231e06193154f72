//! Battlefield geometry benchmarks (issue 24, "Measures"): line of sight between two
//! 5-miniature squads on a table with 40 terrain pieces (target ≤ 5 µs) and a move check
//! (target ≤ 20 µs), each beside a reference computation of the same query measured in the
//! same run: every line between every pair of sight points tested against every piece (no
//! early exit, no bounding boxes), and a move checked by sampling the path every 2 mm against
//! every obstacle. Each benchmark asserts that both give the same answer before timing.
//!
//! Also a naval hull's shortest path across a lake past islands beside an amphibious hull's on
//! the same table.
//!
//! Run with `cargo bench -p dust-geom --bench table`.

use criterion::{criterion_group, criterion_main, Criterion};
use dust_geom::angle::Facing;
use dust_geom::exact::{polygon_meets_disc, Pt};
use dust_geom::los::{segment_blocked, units_see};
use dust_geom::path::check_move;
use dust_geom::table::{Area, Body, Going, Mini, MiniKind, Side, Table, Terrain, TerrainKind, Unit};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn cm(x: f64) -> i64 {
    (x * 100.0).round() as i64
}

/// A 180 × 120 cm table with 40 pieces in a loose grid (kinds in turn, sizes varying), two
/// squads facing each other across it, and the gaps between pieces that a line can pass.
fn table() -> Table {
    let mut t = Table::new("bench", cm(180.0), cm(120.0));
    let kinds = [
        TerrainKind::Woods,
        TerrainKind::Hedge,
        TerrainKind::Rubble,
        TerrainKind::Crates,
        TerrainKind::Wall,
        TerrainKind::Crops,
        TerrainKind::Building,
        TerrainKind::Hill,
    ];
    let mut n = 0;
    for row in 0..5 {
        for col in 0..8 {
            let x = 6.0 + col as f64 * 22.0 + (row % 2) as f64 * 6.0;
            let y = 25.0 + row as f64 * 15.0;
            let (w, h) = (8.0 + (n % 3) as f64 * 2.0, 4.0 + (n % 4) as f64);
            let poly = vec![Pt::cm(x, y), Pt::cm(x + w, y), Pt::cm(x + w, y + h), Pt::cm(x, y + h)];
            let kind = kinds[n % kinds.len()];
            t.terrain
                .push(Terrain::new(format!("{} {n}", kind.name()), kind, Area::Polygon(poly)));
            n += 1;
        }
    }
    assert_eq!(t.terrain.len(), 40);
    for (name, side, y) in [("A", Side::A, 10.0), ("B", Side::B, 110.0)] {
        t.units.push(Unit {
            name: name.into(),
            card: name.into(),
            side,
            kind: MiniKind::Infantry,
            facing: Facing::deg(0),
            size: (cm(2.5), cm(2.5)),
            minis: (0..5)
                .map(|i| Mini {
                    body: Body::disc(Pt::cm(80.0 + 4.0 * i as f64, y), cm(2.5)),
                })
                .collect(),
        });
    }
    t
}

/// The reference: every line between every pair of sight points (coarse and fine) of every
/// pair of miniatures, all of them tested (no early exit).
fn los_exhaustive(t: &Table, ua: usize, ub: usize) -> bool {
    let mut any = false;
    for (i, a) in t.units[ua].minis.iter().enumerate() {
        for (j, b) in t.units[ub].minis.iter().enumerate() {
            for p in a.body.sight_points().into_iter().chain(a.body.sight_points_fine()) {
                for q in b.body.sight_points().into_iter().chain(b.body.sight_points_fine()) {
                    any |= segment_blocked(t, p, q, &[(ua, i), (ub, j)]).is_none();
                }
            }
        }
    }
    any
}

/// The reference move check: the base's disc every 2 mm along the path, against every
/// impassable piece.
fn move_sampled(t: &Table, unit: usize, path: &[Pt]) -> bool {
    let Body::Disc { c, r } = t.units[unit].minis[0].body else {
        return false;
    };
    let mut prev = c;
    for &p in path {
        let (dx, dy) = ((p.x - prev.x) as f64, (p.y - prev.y) as f64);
        let steps = ((dx * dx + dy * dy).sqrt() / 20.0).ceil() as i64;
        for k in 0..=steps {
            let s = Pt::new(
                prev.x + (dx * k as f64 / steps as f64) as i64,
                prev.y + (dy * k as f64 / steps as f64) as i64,
            );
            for piece in &t.terrain {
                let Area::Polygon(v) = &piece.area else { continue };
                if piece.kind.going() == Going::Impassable && polygon_meets_disc(v, s, r - 1) {
                    return false;
                }
                for w in &piece.walls {
                    if dust_geom::exact::segment_meets_disc(w.a, w.b, s, r - 1) {
                        return false;
                    }
                }
            }
        }
        prev = p;
    }
    true
}

fn per_call(n: u32, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    start.elapsed() / n
}

fn bench(c: &mut Criterion) {
    let t = table();
    // Line of sight: the two squads see each other through a gap of the grid.
    assert!(units_see(&t, 0, 1));
    assert_eq!(units_see(&t, 0, 1), los_exhaustive(&t, 0, 1));
    let fast = per_call(20_000, || {
        black_box(units_see(black_box(&t), 0, 1));
    });
    let slow = per_call(20, || {
        black_box(los_exhaustive(black_box(&t), 0, 1));
    });
    println!("line of sight, two 5-miniature squads, 40 pieces: {fast:?} per query (target <= 5 us); exhaustive reference {slow:?}");
    // The full answer of `los`: every pair, with cover (no target; for the record).
    let sight = dust_geom::los::unit_sight(&t, 0, 1);
    assert!(sight.los && sight.pairs.len() == 25);
    let full = per_call(500, || {
        black_box(dust_geom::los::unit_sight(black_box(&t), 0, 1));
    });
    println!("line of sight and cover, all 25 pairs (the `los` oracle's answer): {full:?} per query");
    // A hidden pair: behind a wall the first lines fail and more are tried.
    let mut hidden = t.clone();
    hidden.terrain.push(Terrain::new(
        "long wall",
        TerrainKind::Wall,
        Area::Polygon(vec![
            Pt::cm(60.0, 100.0),
            Pt::cm(120.0, 100.0),
            Pt::cm(120.0, 101.0),
            Pt::cm(60.0, 101.0),
        ]),
    ));
    assert!(!units_see(&hidden, 0, 1));
    assert!(!los_exhaustive(&hidden, 0, 1));
    let blocked = per_call(20, || {
        black_box(units_see(black_box(&hidden), 0, 1));
    });
    println!("line of sight, no line exists (every line tried): {blocked:?} per query");

    // A move: a squad member walks 3 legs (about 38 cm) between the pieces.
    let path = [Pt::cm(81.0, 22.0), Pt::cm(84.0, 38.0), Pt::cm(82.0, 46.0)];
    let verdict = check_move(&t, 0, 0, &path, cm(40.0), true);
    assert!(verdict.is_ok(), "{verdict:?}");
    assert_eq!(verdict.is_ok(), move_sampled(&t, 0, &path));
    let fast_m = per_call(20_000, || {
        black_box(check_move(black_box(&t), 0, 0, &path, 4000, true).is_ok());
    });
    let slow_m = per_call(200, || {
        black_box(move_sampled(black_box(&t), 0, &path));
    });
    println!("move check, 3 legs, 40 pieces: {fast_m:?} per check (target <= 20 us); 2 mm sampling reference {slow_m:?}");

    naval_paths();

    let mut g = c.benchmark_group("battlefield");
    g.measurement_time(Duration::from_secs(2)).sample_size(20);
    g.bench_function("los_two_squads_40_pieces", |b| b.iter(|| units_see(black_box(&t), 0, 1)));
    g.bench_function("los_exhaustive_reference", |b| b.iter(|| los_exhaustive(black_box(&t), 0, 1)));
    g.bench_function("move_check_3_legs", |b| {
        b.iter(|| check_move(black_box(&t), 0, 0, &path, 4000, true).is_ok())
    });
    g.bench_function("move_sampled_reference", |b| b.iter(|| move_sampled(black_box(&t), 0, &path)));
    g.finish();
}

/// A naval hull's shortest path across a lake 140 × 80 cm past 6 wooded islands (closed to it,
/// and every leg kept within the water), beside the same query for an amphibious hull (the
/// islands only cap it) on the same table, measured in the same run.
fn naval_paths() {
    let mut t = Table::new("lake", cm(180.0), cm(120.0));
    let lake = vec![Pt::cm(20.0, 20.0), Pt::cm(160.0, 20.0), Pt::cm(160.0, 100.0), Pt::cm(20.0, 100.0)];
    t.terrain.push(Terrain::new("lake", TerrainKind::DeepWater, Area::Polygon(lake)));
    for k in 0..6 {
        let (x, y) = (45.0 + 18.0 * k as f64, 45.0 + 10.0 * (k % 3) as f64);
        let isle = vec![Pt::cm(x, y), Pt::cm(x + 8.0, y), Pt::cm(x + 8.0, y + 8.0), Pt::cm(x, y + 8.0)];
        t.terrain
            .push(Terrain::new(format!("isle {k}"), TerrainKind::Woods, Area::Polygon(isle)));
    }
    for (name, y) in [("Gunboat", 55.0), ("Amphibian", 75.0)] {
        t.units.push(Unit {
            name: name.into(),
            card: name.into(),
            side: Side::A,
            kind: MiniKind::Vehicle,
            facing: Facing::deg(90),
            size: (cm(10.0), cm(6.0)),
            minis: vec![Mini {
                body: Body::hull(Pt::cm(30.0, y), cm(10.0), cm(6.0), Facing::deg(90)),
            }],
        });
    }
    t.afloat.insert(0, dust_geom::table::Afloat::Naval);
    t.afloat.insert(1, dust_geom::table::Afloat::Amphibious);
    let naval = dust_geom::path::shortest(&t, 0, 0, Pt::cm(150.0, 55.0), cm(400.0), true);
    let amphibious = dust_geom::path::shortest(&t, 1, 0, Pt::cm(150.0, 75.0), cm(400.0), true);
    assert!(naval.legal && amphibious.legal, "{} / {}", naval.reason, amphibious.reason);
    assert!(naval.path.len() > 1, "the gunboat bends round the islands");
    let fast_n = per_call(200, || {
        black_box(dust_geom::path::shortest(black_box(&t), 0, 0, Pt::cm(150.0, 55.0), cm(400.0), true).legal);
    });
    let fast_a = per_call(200, || {
        black_box(dust_geom::path::shortest(black_box(&t), 1, 0, Pt::cm(150.0, 75.0), cm(400.0), true).legal);
    });
    println!(
        "shortest path across a lake past 6 islands: naval hull {fast_n:?} per search ({} legs); amphibious hull, same table {fast_a:?} ({} legs)",
        naval.path.len(),
        amphibious.path.len()
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
