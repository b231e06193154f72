//! A bounded load test of `dust1947 serve` on loopback (issue 8): games of AI against AI
//! through the WebSocket API, each decision checked and stored by the server; reports
//! decisions per second and the p99 latency, and checks that no game lost a decision.
//! `cargo test --release --test serve_load -- --ignored --nocapture` runs the bigger one.

use dust_server::{load, spawn, Limits, ServerConfig};
use std::time::{Duration, Instant};

fn run(name: &str, games: usize, decisions: usize, limit: Duration) -> load::LoadReport {
    let dir = std::env::temp_dir().join(format!("dust1947-{name}-{}-{:?}", std::process::id(), Instant::now()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = ServerConfig::new(dir.join("games.sqlite"));
    c.port = 0;
    // The clients are machines: lift the per-connection rate for them.
    c.limits = Limits {
        rate: 100_000.0,
        burst: 100_000.0,
        // Every client is on loopback: lift the per-address caps for them.
        max_conns_per_address: 100_000,
        max_sockets_per_address: 100_000,
        ..Limits::default()
    };
    let server = spawn(c).unwrap();
    let report = load::run(server.addr(), "duel", games, decisions, limit).unwrap();
    println!("load ({name}): {report}");
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
    report
}

#[test]
fn concurrent_games_lose_nothing() {
    let r = run("small", 6, 60, Duration::from_secs(60));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert!(r.lost.is_empty(), "{:?}", r.lost);
    assert!(r.decisions >= 6 * 10, "{r}");
}

#[test]
#[ignore = "bigger numbers: run with --ignored --nocapture (release build recommended)"]
fn many_concurrent_games() {
    let r = run("big", 64, 400, Duration::from_secs(120));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert!(r.lost.is_empty(), "{:?}", r.lost);
}
