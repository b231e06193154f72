//! The benchmark's full activation (benches/odds_activation) computed by `dust_core::odds`,
//! printed as JSON in the shape of `benches/icepool_reference.py`, with the time per
//! computation, for `benches/compare_icepool.sh`:
//!
//! `cargo run --release -p dust-core --example odds_reference [-- SECONDS]`
//!
//! `seconds` is the mean time of one `odds()` call (per-line tables and the activation) over
//! about SECONDS of repeated calls (default 1), `seconds_loss_only` that of
//! `activation_loss()`, the AI's call.

#[path = "../benches/odds_activation/mod.rs"]
mod odds_activation;

use dust_core::odds::{activation_loss, odds, Distribution};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn array(d: &Distribution) -> String {
    let v: Vec<String> = d.probs().iter().map(|p| format!("{p:e}")).collect();
    format!("[{}]", v.join(", "))
}

/// Mean time of `f` over about `budget` of calls.
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> (f64, u32) {
    f();
    let mut n = 0u32;
    let start = Instant::now();
    while start.elapsed() < budget || n < 10 {
        for _ in 0..100 {
            f();
        }
        n += 100;
    }
    (start.elapsed().as_secs_f64() / f64::from(n), n)
}

fn main() {
    let budget = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| *s > 0.0)
        .unwrap_or(1.0);
    let (a, t) = odds_activation::cards();
    let spec = odds_activation::spec(&a, &t);
    let o = odds(&spec).expect("the benchmark's attack is valid");
    let budget = Duration::from_secs_f64(budget);
    let (secs, n) = time_per_call(budget, || {
        black_box(odds(black_box(&spec)).expect("odds"));
    });
    let (secs_loss, _) = time_per_call(budget, || {
        black_box(activation_loss(black_box(&spec)).expect("odds"));
    });
    let mut s = String::new();
    let _ = writeln!(s, "{{");
    let _ = writeln!(s, " \"generator\": \"dust_core::odds (examples/odds_reference.rs)\",");
    let _ = writeln!(s, " \"loss\": {},", array(&o.loss));
    let _ = writeln!(s, " \"destroyed\": {:e},", o.destroyed);
    let _ = writeln!(s, " \"mean\": {:e},", o.loss.mean());
    let _ = writeln!(s, " \"truncation_error\": {:e},", o.truncation_error);
    let _ = writeln!(s, " \"lines\": [");
    for (i, l) in o.lines.iter().enumerate() {
        let comma = if i + 1 < o.lines.len() { "," } else { "" };
        let _ = writeln!(
            s,
            "  {{\"name\": \"{}\", \"hits\": {}, \"after_cover\": {}}}{comma}",
            l.name,
            array(&l.hits),
            array(&l.after_cover)
        );
    }
    let _ = writeln!(s, " ],");
    let _ = writeln!(s, " \"seconds\": {secs:e},");
    let _ = writeln!(s, " \"seconds_loss_only\": {secs_loss:e},");
    let _ = writeln!(s, " \"repeat\": {n}");
    let _ = writeln!(s, "}}");
    print!("{s}");
}
