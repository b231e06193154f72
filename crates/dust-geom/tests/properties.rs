//! Properties on random tables (proptest): line of sight and distance are symmetric, every
//! accepted path is within its allowance and passes the path check, and "not in cover" agrees
//! with the book's definition checked by brute force.

mod common;
use common::*;
use dust_geom::exact::{segments_intersect, Pt};
use dust_geom::los::{mini_cover, mini_sees, unit_sight, units_see};
use dust_geom::measure::measure;
use dust_geom::path::{check_move, shortest, TERRAIN_MARCH_CAP, TERRAIN_MOVE_CAP};
use dust_geom::table::{Area, MiniKind, Side, Table, TerrainKind};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Spec {
    pieces: Vec<(usize, f64, f64, f64, f64)>,
    smoke: Option<(f64, f64, f64)>,
    a: Vec<(f64, f64)>,
    b: Vec<(f64, f64)>,
    b_vehicle: Option<i64>,
}

fn spec() -> impl Strategy<Value = Spec> {
    let piece = (0..TerrainKind::ALL.len(), 0.0..80.0f64, 0.0..80.0f64, 2.0..25.0f64, 2.0..25.0f64);
    // Side A stands left of x = 48, side B right of x = 52: the units never overlap.
    let pa = (2.0..48.0f64, 2.0..98.0f64);
    let pb = (52.0..98.0f64, 2.0..98.0f64);
    (
        prop::collection::vec(piece, 0..8),
        prop::option::of((10.0..90.0f64, 10.0..90.0f64, 2.0..8.0f64)),
        prop::collection::vec(pa, 1..4),
        prop::collection::vec(pb, 1..4),
        prop::option::of(0..360i64),
    )
        .prop_map(|(pieces, smoke, a, b, b_vehicle)| Spec {
            pieces,
            smoke,
            a,
            b,
            b_vehicle,
        })
}

/// A 100 × 100 cm table from the spec; miniatures that would overlap are dropped.
fn build(s: &Spec) -> Table {
    let mut t = Table::new("random", cm(100.0), cm(100.0));
    for &(k, x, y, w, h) in &s.pieces {
        let kind = TerrainKind::ALL[k];
        if kind == TerrainKind::Smoke {
            continue;
        }
        terrain(&mut t, kind, rect(x, y, (x + w).min(100.0), (y + h).min(100.0)));
    }
    if let Some((x, y, r)) = s.smoke {
        smoke(&mut t, x, y, r);
    }
    // Miniatures of a unit 3 cm apart or more (the first always stays).
    let keep = |pts: &[(f64, f64)]| -> Vec<(f64, f64)> {
        let mut out: Vec<(f64, f64)> = Vec::new();
        for &(x, y) in pts {
            if out.iter().all(|&(a, b)| (a - x).hypot(b - y) > 3.0) {
                out.push((x, y));
            }
        }
        out
    };
    let (a, b) = (keep(&s.a), keep(&s.b));
    squad(&mut t, "A", Side::A, &a);
    match s.b_vehicle {
        Some(deg) => {
            let (x, y) = b[0];
            let at = (x.clamp(56.0, 94.0), y.clamp(6.0, 94.0));
            vehicle(&mut t, "B", Side::B, MiniKind::Vehicle, at, deg, (9.0, 6.0));
        }
        None => {
            squad(&mut t, "B", Side::B, &b);
        }
    }
    t
}

fn segment_touches(t: &Table, piece: usize, p: Pt, q: Pt) -> bool {
    match &t.terrain[piece].area {
        Area::Polygon(v) => {
            t.terrain[piece].area.holds(p)
                || t.terrain[piece].area.holds(q)
                || (0..v.len()).any(|i| segments_intersect(p, q, v[i], v[(i + 1) % v.len()]))
        }
        Area::Circle { c, r } => dust_geom::exact::segment_meets_disc(p, q, *c, *r),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    /// "No matter the situation, if an enemy miniature has LOS to a friendly miniature, that
    /// friendly miniature has LOS back to that enemy miniature."
    #[test]
    fn line_of_sight_is_symmetric(s in spec()) {
        let t = build(&s);
        for i in 0..t.units[0].minis.len() {
            for j in 0..t.units[1].minis.len() {
                prop_assert_eq!(mini_sees(&t, (0, i), (1, j)).is_ok(), mini_sees(&t, (1, j), (0, i)).is_ok());
            }
        }
        prop_assert_eq!(unit_sight(&t, 0, 1).los, unit_sight(&t, 1, 0).los);
        // The quick question agrees with the full answer.
        prop_assert_eq!(units_see(&t, 0, 1), unit_sight(&t, 0, 1).los);
    }

    /// "Trace an imaginary line from any point …": mini_sees (with its shortcut for a wall
    /// cutting every line) agrees with trying every line between the coarse and fine points
    /// of both bodies.
    #[test]
    fn a_line_is_found_exactly_when_one_of_the_sight_lines_is_clear(s in spec()) {
        let t = build(&s);
        let points = |u: usize, m: usize| {
            let b = &t.units[u].minis[m].body;
            let mut v = b.sight_points();
            v.extend(b.sight_points_fine());
            v
        };
        for i in 0..t.units[0].minis.len() {
            for j in 0..t.units[1].minis.len() {
                let skip = [(0, i), (1, j)];
                let brute = points(0, i)
                    .iter()
                    .any(|&p| points(1, j).iter().any(|&q| dust_geom::los::segment_blocked(&t, p, q, &skip).is_none()));
                prop_assert_eq!(mini_sees(&t, (0, i), (1, j)).is_ok(), brute);
            }
        }
    }

    /// Measuring from A to B gives what B to A gives.
    #[test]
    fn distance_is_symmetric(s in spec()) {
        let t = build(&s);
        let (ab, ba) = (measure(&t, 0, 1), measure(&t, 1, 0));
        prop_assert_eq!(ab.distance_cm.to_bits(), ba.distance_cm.to_bits());
        prop_assert_eq!(ab.range, ba.range);
        prop_assert_eq!(ab.close, ba.close);
        prop_assert!(ab.distance_cm >= 0.0);
    }

    /// Every path `shortest` accepts passes `check_move`, and is within the allowance and, when
    /// it enters terrain, within the terrain cap.
    #[test]
    fn every_accepted_path_is_within_its_allowance(s in spec(), to in (2.0..98.0f64, 2.0..98.0f64), mv in 1u32..4, march in any::<bool>()) {
        let t = build(&s);
        let allowance = i64::from(mv) * 1000 * if march { 2 } else { 1 };
        let ans = shortest(&t, 0, 0, p(to.0, to.1), allowance, march);
        if ans.legal {
            let c = check_move(&t, 0, 0, &ans.path, allowance, march).expect("an accepted path passes the check");
            prop_assert!(c.length <= allowance as f64);
            let cap = if march { TERRAIN_MARCH_CAP } else { TERRAIN_MOVE_CAP };
            if !c.terrain.is_empty() {
                prop_assert!(c.length <= cap as f64);
            }
            prop_assert_eq!(ans.length.map(f64::to_bits), Some(c.length.to_bits()));
        }
    }

    /// "A unit is in cover if the attacking unit cannot draw a line from at least one point on
    /// its body … to all points in the target miniature's body … without passing through
    /// intervening terrain or smoke": when a target miniature is found not in cover, some point
    /// of the attacker reaches every sampled point of the target (outline, edge middles,
    /// centre) with lines that touch no piece giving cover (brute force).
    #[test]
    fn not_in_cover_means_some_point_sees_all_of_the_target(s in spec()) {
        let t = build(&s);
        for i in 0..t.units[0].minis.len() {
            for j in 0..t.units[1].minis.len() {
                if mini_cover(&t, (0, i), (1, j)).is_some() {
                    continue;
                }
                prop_assert!(mini_sees(&t, (0, i), (1, j)).is_ok());
                let tb = &t.units[1].minis[j].body;
                let outline = tb.outline();
                let mut targets = outline.clone();
                for k in 0..outline.len() {
                    let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
                    targets.push(Pt::new((a.x + b.x) / 2, (a.y + b.y) / 2));
                }
                targets.push(tb.centre());
                let ab = &t.units[0].minis[i].body;
                let witness = ab.sight_points().into_iter().chain(ab.sight_points_fine()).any(|pa| {
                    targets.iter().all(|&q| {
                        (0..t.terrain.len()).all(|k| {
                            let piece = &t.terrain[k];
                            if !piece.cover || (piece.kind == TerrainKind::Trench) {
                                return true;
                            }
                            if piece.area.holds(pa) && !outline.iter().any(|&o| piece.area.holds(o)) {
                                return true;
                            }
                            !segment_touches(&t, k, pa, q)
                        })
                    })
                });
                prop_assert!(witness, "not in cover, yet every point of the attacker has a line to the target touching terrain");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// At the largest table (10 m) the exact predicates neither overflow nor disagree with
    /// themselves: a segment's length inside a polygon is the same both ways, at most its
    /// length, and all of it when both ends are strictly inside a rectangle.
    #[test]
    fn exact_predicates_hold_at_the_largest_table(
        a in (0i64..=100_000, 0i64..=100_000),
        b in (0i64..=100_000, 0i64..=100_000),
        r in (0i64..50_000, 0i64..50_000, 1i64..50_000, 1i64..50_000),
    ) {
        use dust_geom::los::length_inside_polygon;
        let (p, q) = (Pt::new(a.0, a.1), Pt::new(b.0, b.1));
        let poly = vec![Pt::new(r.0, r.1), Pt::new(r.0 + r.2, r.1), Pt::new(r.0 + r.2, r.1 + r.3), Pt::new(r.0, r.1 + r.3)];
        let ab = length_inside_polygon(p, q, &poly);
        let ba = length_inside_polygon(q, p, &poly);
        let len = (dust_geom::exact::dist2(p, q) as f64).sqrt();
        prop_assert!((ab - ba).abs() <= 1e-6 * len.max(1.0));
        prop_assert!(ab <= len * (1.0 + 1e-12) + 1e-9);
        let inside = |x: Pt| x.x > r.0 && x.x < r.0 + r.2 && x.y > r.1 && x.y < r.1 + r.3;
        if inside(p) && inside(q) {
            prop_assert!((ab - len).abs() <= 1e-6 * len.max(1.0));
        }
        prop_assert_eq!(segments_intersect(p, q, poly[0], poly[2]), segments_intersect(q, p, poly[2], poly[0]));
    }
}
