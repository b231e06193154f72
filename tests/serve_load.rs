//! A bounded load test of `dust1947 serve` on loopback (issue 8): games of AI against AI
//! through the WebSocket API, each decision checked and stored by the server; reports
//! decisions per second and the p99 latency, and checks that no game lost a decision.
//! `cargo test --release --test serve_load -- --ignored --nocapture` runs the bigger one.

use dust_server::{load, spawn, Limits, ServerConfig};
use std::time::{Duration, Instant};

/// A server over a new database in `dir`, the per-address limits lifted (every client is on
/// loopback).
fn server(dir: &std::path::Path) -> dust_server::RunningServer {
    std::fs::create_dir_all(dir).unwrap();
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
    spawn(c).unwrap()
}

fn run(name: &str, games: usize, decisions: usize, limit: Duration) -> load::LoadReport {
    let dir = std::env::temp_dir().join(format!("dust1947-{name}-{}-{:?}", std::process::id(), Instant::now()));
    let server = server(&dir);
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

/// `dust1947 loadtest --url A --url B`: games are created round-robin on the servers, both seats
/// of each play it (over WebSocket and, one decision in four, over HTTP), nothing is lost, and
/// the figures of the servers' process (here this one) are read from /proc.
#[test]
fn the_load_client_plays_on_several_servers_round_robin() {
    let base = std::env::temp_dir().join(format!("dust1947-rr-{}-{:?}", std::process::id(), Instant::now()));
    let servers = [server(&base.join("one")), server(&base.join("two"))];
    let mut plan = load::LoadPlan::new(servers[0].addr(), "duel", 4, Duration::from_secs(60));
    plan.servers.push(servers[1].addr());
    plan.clients = 2;
    plan.max_decisions = 12;
    plan.replace = false;
    plan.pids = vec![std::process::id()];
    let r = load::run_plan(&plan).unwrap();
    assert!(r.errors.is_empty() && r.lost.is_empty(), "{r}");
    assert_eq!(r.games, 4, "{r}");
    assert!(r.decisions >= 4 * 10 && r.http_decisions > 0, "{r}");
    for s in &servers {
        let lobby = dust_server::client::get(s.addr(), "/api/games").unwrap().json();
        assert_eq!(lobby["games"].as_array().unwrap().len(), 2, "two games on each server");
    }
    assert!(r.servers[0].rss_kib > 0 && r.servers[0].cpu_seconds > 0.0, "{r}");
    assert!(r.p99_ms >= r.p50_ms && r.per_second > 0.0, "{r}");
    for s in servers {
        s.stop();
    }
    let _ = std::fs::remove_dir_all(&base);
    // Only servers on this machine.
    assert!(load::parse_server("http://192.0.2.1:8047").unwrap_err().contains("loopback"));
    assert_eq!(load::parse_server("http://127.0.0.1:8047/").unwrap().port(), 8047);
}
