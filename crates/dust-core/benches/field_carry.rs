//! What firing from aboard costs (carry.rs): passengers plan their attack on a view of the game
//! (a copy with the soldiers at the vehicle's hull, the log left out), and an attack at tank
//! riders on a copy with the riders at the hull. Each figure is printed beside its peer measured
//! in the same run: the same squad's check of the same attack standing on the table.
//!
//! Run with `cargo bench -p dust-core --bench field_carry`.

use criterion::{criterion_group, criterion_main, Criterion};
use dust_core::field::tests_support::{activate, squad_card, vehicle_card, weapon, Builder};
use dust_core::field::{Action, Aim, Decision, FieldCard, FieldGame};
use dust_core::unit::Locomotion;
use dust_core::Side;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Four soldiers with a rifle (range 3).
fn shooters() -> FieldCard {
    let mut c = squad_card("Shooters", 4);
    c.card.weapons[0] = weapon("Rifle", Some(3), 1);
    c
}

/// The carrier (Passengers (4) or Tank Riders (4)) at (50, 50) facing +y; the Shooters aboard or
/// standing beside it; a foe on the left at (30, 50) with a rifle of range 3.
fn position(aboard: bool, riders: bool) -> FieldGame {
    let mut carrier = vehicle_card("Carrier", Locomotion::Tracked);
    if riders {
        carrier.bf.tank_riders = 4;
    } else {
        carrier.bf.passengers = 4;
    }
    let pts = [(44.0, 46.0), (44.0, 49.0), (44.0, 52.0), (41.0, 49.0)];
    let mut b = Builder::default()
        .unit(Side::A, carrier, &[(50.0, 50.0)], 0)
        .unit(Side::A, shooters(), &pts, 0);
    if aboard {
        b = b.aboard(0);
    }
    let mut foe = squad_card("Foe", 1);
    foe.card.weapons[0] = weapon("Rifle", Some(3), 2);
    b.unit(Side::B, foe, &[(30.0, 50.0)], 180).game(1)
}

/// Median time of `f` over 2,000 calls (after 200 to warm up).
fn median(mut f: impl FnMut() -> bool) -> Duration {
    for _ in 0..200 {
        black_box(f());
    }
    let mut v: Vec<Duration> = (0..2_000)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    v.sort_unstable();
    v[v.len() / 2]
}

fn benches(c: &mut Criterion) {
    let fire = Decision::Attack(vec![Aim {
        line: 0,
        target: 2,
        at: None,
    }]);
    // The Shooters fire: from aboard (the view) and from the table (the peer).
    let mut rows = Vec::new();
    for aboard in [true, false] {
        let mut g = position(aboard, false);
        activate(&mut g, 1, &[Action::Attack, Action::Nothing]);
        assert!(g.check(&fire).is_ok(), "aboard {aboard}: {:?}", g.check(&fire));
        let t = median(|| g.check(black_box(&fire)).is_ok());
        rows.push((
            if aboard {
                "passengers fire from aboard"
            } else {
                "the same squad on the table (peer)"
            },
            t,
        ));
        c.bench_function(
            if aboard {
                "check_attack_from_aboard"
            } else {
                "check_attack_on_table"
            },
            |b| b.iter(|| g.check(black_box(&fire)).is_ok()),
        );
    }
    // The foe fires at riders (the riders' view) and at the carrier (peer).
    for riders in [true, false] {
        let mut g = position(true, true);
        activate(&mut g, 2, &[Action::Attack, Action::Nothing]);
        let d = Decision::Attack(vec![Aim {
            line: 0,
            target: if riders { 1 } else { 0 },
            at: None,
        }]);
        assert!(g.check(&d).is_ok(), "{:?}", g.check(&d));
        let t = median(|| g.check(black_box(&d)).is_ok());
        rows.push((
            if riders {
                "an attack at tank riders"
            } else {
                "the same attack at their vehicle (peer)"
            },
            t,
        ));
        c.bench_function(
            if riders {
                "check_attack_at_riders"
            } else {
                "check_attack_at_vehicle"
            },
            |b| b.iter(|| g.check(black_box(&d)).is_ok()),
        );
    }
    for (what, t) in rows {
        println!("{what}: median {t:?} a check (2,000 calls)");
    }
}

criterion_group! {
    name = field_carry;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = benches
}
criterion_main!(field_carry);
