//! The server's work per decision beside the engine's own (issue 16, "Fast enough to
//! matter"): an `annihilation` game of random legal decisions, and for each decision
//!
//! - the engine: `Played::apply_in_place` on a copy of the state (the decision checked and
//!   applied, its dice rolled), the reference;
//! - what the two seats' WebSockets are sent now: one `push::Snapshot` a change and an
//!   `update` for each seat (`push::message`);
//! - what they were sent before (issue 16's 56 %): the whole state for each seat,
//!   `view::state_json` written as text.
//!
//! `cargo run --release -p dust-server --example per_decision -- [DECISIONS] [REPEATS]`
//! (defaults 300 and 5; each figure is the fastest repeat). The store's write (one SQLite
//! transaction, committed with others: `db.rs`, group commit) is measured by the load test.

use dust_core::{GameRng, Side};
use dust_server::play::{setup_for, Played};
use dust_server::push::{message, Pushed, Snapshot, ViewerPart};
use dust_server::view::state_json;
use std::time::{Duration, Instant};

fn viewer(you: Side) -> ViewerPart<'static> {
    ViewerPart {
        you: Some(you),
        spectator: false,
        record_available: false,
        seed: None,
        thinking: false,
        corrupt: None,
        fixed: String::new(),
        each: String::new(),
    }
}

/// One game: the time of each part, summed over the decisions, and the bytes each way sends.
fn game(decisions: usize) -> (usize, [Duration; 3], [usize; 2]) {
    let mut p = Played::new(setup_for("annihilation", None).expect("a shipped scenario"), 11).expect("it starts");
    let mut pick = GameRng::new(5);
    let mut sockets = [(Side::A, Pushed::new(0)), (Side::B, Pushed::new(0))];
    let mut snap = Snapshot::new(&p.game, &p.decisions, None);
    for (side, pushed) in &mut sockets {
        message(&snap, &p.game, &viewer(*side), pushed);
    }
    let mut t = [Duration::ZERO; 3];
    let mut bytes = [0usize; 2];
    let mut n = 0;
    while n < decisions && matches!(p.game.pending(), dust_core::game::Pending::Decision { .. }) {
        let legal = p.game.legal_decisions();
        let d = legal[pick.index(legal.len())];
        let t0 = Instant::now();
        let mut next = p.clone();
        next.apply_in_place(d).expect("a legal decision");
        t[0] += t0.elapsed();
        p = next;
        let t1 = Instant::now();
        snap = Snapshot::new(&p.game, &p.decisions, Some(&snap));
        for (side, pushed) in &mut sockets {
            bytes[0] += message(&snap, &p.game, &viewer(*side), pushed).len();
        }
        t[1] += t1.elapsed();
        let t2 = Instant::now();
        for (side, _) in &sockets {
            bytes[1] += state_json(&p.game, &p.decisions, Some(*side), p.game.events().len().saturating_sub(8))
                .to_string()
                .len();
        }
        t[2] += t2.elapsed();
        n += 1;
    }
    (n, t, bytes)
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (decisions, repeats) = (args.first().copied().unwrap_or(300), args.get(1).copied().unwrap_or(5).max(1));
    let mut best: Option<(usize, [Duration; 3], [usize; 2])> = None;
    for _ in 0..repeats {
        let r = game(decisions);
        if best.as_ref().is_none_or(|b| r.1[1] + r.1[2] < b.1[1] + b.1[2]) {
            best = Some(r);
        }
    }
    let (n, t, bytes) = best.expect("one repeat");
    let us = |d: Duration| d.as_secs_f64() * 1e6 / n.max(1) as f64;
    println!("annihilation, {n} random legal decisions, the fastest of {repeats} repeats, µs a decision:");
    println!("  engine (reference): apply on a copy, dice rolled      {:9.1} µs", us(t[0]));
    println!(
        "  server now: snapshot + an update for each of 2 seats  {:9.1} µs  ({:.1}× the engine, {} bytes a decision)",
        us(t[1]),
        us(t[1]) / us(t[0]).max(1e-9),
        bytes[0] / n.max(1)
    );
    println!(
        "  server before: the whole state for each of 2 seats    {:9.1} µs  ({:.1}× the engine, {} bytes a decision)",
        us(t[2]),
        us(t[2]) / us(t[0]).max(1e-9),
        bytes[1] / n.max(1)
    );
}
