//! Issue 16, item 4: games are loaded when first asked for (a restart does not replay them
//! all: 2,000 games took 28 s and 43 MB), idle games leave memory, unfinished games left for
//! too long are marked abandoned, and each address creates a bounded number of games an hour.
//! Item 9: `/api/health` says when the database takes no write.

mod common;

use common::{state, temp_db};
use dust_server::client::{get, post};
use dust_server::{spawn, Limits, RunningServer, ServerConfig};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

fn start_with(db: &Path, f: impl FnOnce(&mut Limits)) -> RunningServer {
    let mut c = ServerConfig::new(db.to_path_buf());
    c.port = 0;
    c.limits = Limits {
        rate: 10_000.0,
        burst: 10_000.0,
        ..Limits::default()
    };
    f(&mut c.limits);
    spawn(c).unwrap()
}

fn health(addr: std::net::SocketAddr) -> Value {
    get(addr, "/api/health").unwrap().json()
}

fn in_memory(addr: std::net::SocketAddr) -> u64 {
    health(addr)["games_in_memory"].as_u64().unwrap()
}

/// Waits until `f` holds, at most 10 s.
fn eventually(what: &str, mut f: impl FnMut() -> bool) {
    let t0 = Instant::now();
    while !f() {
        assert!(t0.elapsed() < Duration::from_secs(10), "{what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_restart_loads_only_the_games_an_ai_plays_on() {
    let db = temp_db("lazy");
    let server = start_with(&db, |_| {});
    let addr = server.addr();
    let mut people = Vec::new();
    for seed in 0..6 {
        let c = post(
            addr,
            "/api/games",
            &json!({ "scenario": "duel", "opponent": "human", "seed": seed }),
        )
        .unwrap()
        .json();
        people.push((
            c["id"].as_str().unwrap().to_string(),
            c["you"]["token"].as_str().unwrap().to_string(),
        ));
    }
    let ai = post(
        addr,
        "/api/games",
        &json!({ "scenario": "annihilation", "opponent": "ai greedy", "seed": 3 }),
    )
    .unwrap();
    assert_eq!(ai.status, 200, "{}", ai.body);
    assert_eq!(in_memory(addr), 7);
    server.stop();

    let server = start_with(&db, |_| {});
    let addr = server.addr();
    // Only the game with an AI seat is loaded (in the background); the six others wait.
    eventually("the AI's game resumes", || in_memory(addr) == 1);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(in_memory(addr), 1);
    let (id, token) = &people[2];
    assert_eq!(state(addr, id, token)["you"], "A");
    assert_eq!(in_memory(addr), 2, "loaded when first asked for");
    server.stop();
}

#[test]
fn an_idle_game_leaves_memory_and_comes_back_when_asked_for() {
    let db = temp_db("evict");
    let server = start_with(&db, |l| l.evict_after_s = 0);
    let addr = server.addr();
    let c = post(addr, "/api/games", &json!({ "scenario": "duel", "opponent": "human", "seed": 4 }))
        .unwrap()
        .json();
    let (id, ta) = (
        c["id"].as_str().unwrap().to_string(),
        c["you"]["token"].as_str().unwrap().to_string(),
    );
    let tb = dust_server::client::claim_invite(addr, &c).unwrap();
    // A WebSocket open keeps it.
    let mut ws = dust_server::client::GameSocket::connect(addr, &id, &ta).unwrap();
    ws.recv_kind("state").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(in_memory(addr), 1, "kept while a WebSocket is open");
    drop(ws);
    eventually("the idle game leaves memory", || in_memory(addr) == 0);
    // Asked for again: loaded at the same state, and played on.
    let s = state(addr, &id, &ta);
    let t = if s["pending"]["side"] == "A" { &ta } else { &tb };
    let s = state(addr, &id, t);
    let a = common::decide(addr, &id, t, s["decisions"][0]["text"].as_str().unwrap(), s["ply"].as_u64());
    assert_eq!(a.status, 200, "{}", a.body);
    server.stop();
}

#[test]
fn an_unfinished_game_left_too_long_is_abandoned_and_read_only() {
    let db = temp_db("expire");
    let server = start_with(&db, |l| l.expire_after_s = 1);
    let addr = server.addr();
    let c = post(addr, "/api/games", &json!({ "scenario": "duel", "opponent": "human", "seed": 4 }))
        .unwrap()
        .json();
    let (id, ta) = (
        c["id"].as_str().unwrap().to_string(),
        c["you"]["token"].as_str().unwrap().to_string(),
    );
    let status = || {
        get(addr, "/api/games").unwrap().json()["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id.as_str())
            .unwrap()["status"]
            .clone()
    };
    eventually("the game is abandoned", || status() == "abandoned");
    let s = state(addr, &id, &ta);
    let a = common::decide(addr, &id, &ta, "pass", s["ply"].as_u64());
    assert_eq!(a.error_code().as_deref(), Some("abandoned"), "{}", a.body);
    server.stop();
}

#[test]
fn an_address_creates_a_bounded_number_of_games_an_hour() {
    let server = start_with(&temp_db("per-hour"), |l| l.max_games_per_address_hour = 3);
    let addr = server.addr();
    for seed in 0..3 {
        let a = post(
            addr,
            "/api/games",
            &json!({ "scenario": "duel", "opponent": "human", "seed": seed }),
        )
        .unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let a = post(addr, "/api/games", &json!({ "scenario": "duel", "opponent": "human", "seed": 9 })).unwrap();
    assert_eq!((a.status, a.error_code().as_deref()), (429, Some("too_many_games")), "{}", a.body);
    assert!(a.body.contains("minutes"), "{}", a.body);
    let rec = dust_data::record::Record::new(dust_data::record::ScenarioRef::Builtin("duel".into()), 1).to_text();
    let a = post(addr, "/api/games/import", &json!({ "record": rec, "opponent": "human" })).unwrap();
    assert_eq!(a.error_code().as_deref(), Some("too_many_games"), "{}", a.body);
    assert_eq!(get(addr, "/api/games").unwrap().json()["games"].as_array().unwrap().len(), 3);
    // The strategy game counts against the same quota.
    let a = post(addr, "/api/strategy/games", &json!({ "seats": ["human", "heuristic"] })).unwrap();
    assert_eq!(a.error_code().as_deref(), Some("too_many_games"), "{}", a.body);
    server.stop();
}

/// Issue 16, item 9: `/api/health` said ok while the database took no write.
#[test]
fn health_says_when_the_database_takes_no_write() {
    let db = temp_db("health");
    let server = start_with(&db, |_| {});
    let addr = server.addr();
    assert_eq!(health(addr)["db"], "ok");
    // Another program holds the database's write lock.
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let a = get(addr, "/api/health").unwrap();
    assert_eq!(a.status, 503, "{}", a.body);
    assert_eq!(a.json()["ok"], false);
    assert!(a.json()["db"].as_str().unwrap().contains("locked"), "{}", a.body);
    other.execute_batch("ROLLBACK").unwrap();
    assert_eq!(get(addr, "/api/health").unwrap().status, 200);
    server.stop();
}

fn strategy_in_memory(addr: std::net::SocketAddr) -> u64 {
    health(addr)["strategy_games_in_memory"].as_u64().unwrap()
}

/// Issue 16, item 4, for the strategy game: a restart loads none of its games without an AI
/// seat (the restart does not depend on how many are stored), an idle game leaves memory, and
/// a game asked for again is replayed at the same state and played on.
#[test]
fn strategy_games_load_when_asked_for_and_leave_memory_when_idle() {
    let db = temp_db("strategy-evict");
    let server = start_with(&db, |_| {});
    let addr = server.addr();
    let mut games = Vec::new();
    for seed in 0..5 {
        let c = post(addr, "/api/strategy/games", &json!({ "seats": ["human", "human"], "seed": seed })).unwrap();
        assert_eq!(c.status, 200, "{}", c.body);
        let c = c.json();
        games.push((
            c["id"].as_str().unwrap().to_string(),
            c["seats"][0]["token"].as_str().unwrap().to_string(),
        ));
    }
    assert_eq!(strategy_in_memory(addr), 5);
    let (id, token) = games[3].clone();
    let path = format!("/api/strategy/games/{id}?seat={token}");
    let before = get(addr, &path).unwrap().json();
    let card = before["choices"][0]["text"].as_str().unwrap().to_string();
    server.stop();

    let server = start_with(&db, |l| l.evict_after_s = 0);
    let addr = server.addr();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(strategy_in_memory(addr), 0, "a restart replays none of them");
    let again = get(addr, &path).unwrap().json();
    assert_eq!(again["choices"], before["choices"], "loaded when asked for, at the same state");
    eventually("the idle strategy game leaves memory", || strategy_in_memory(addr) == 0);
    // Asked for again: loaded, and played on.
    let a = post(
        addr,
        &format!("/api/strategy/games/{id}/decide"),
        &json!({ "seat": token, "decision": card, "ply": 0 }),
    )
    .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["ply"], 1);
    server.stop();
}

/// Issue 16, item 9: `/api/health` said ok while the database took no write, because its probe
/// wrote nothing (a transaction rolled back). Here the database file and its log become
/// immutable (`chattr +i`: writes through the server's open files fail, as on a disk remounted
/// read-only): a real write fails, and health says so. (Skipped, saying why, where `chattr` is
/// refused: it needs CAP_LINUX_IMMUTABLE and a file system that keeps the attribute.)
#[test]
fn health_says_when_the_database_became_read_only() {
    let db = temp_db("health-ro");
    let server = start_with(&db, |_| {});
    let addr = server.addr();
    let c = post(addr, "/api/games", &json!({ "scenario": "duel", "opponent": "human", "seed": 1 })).unwrap();
    assert_eq!(c.status, 200, "{}", c.body);
    assert_eq!(get(addr, "/api/health").unwrap().status, 200);
    let files = [db.clone(), db.with_extension("sqlite-wal")];
    let chattr = |flag: &str| {
        std::process::Command::new("chattr")
            .arg(flag)
            .args(&files)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !chattr("+i") {
        eprintln!("skipped: `chattr +i` is refused here (no CAP_LINUX_IMMUTABLE, or the file system)");
        server.stop();
        return;
    }
    let a = get(addr, "/api/health").unwrap();
    assert!(chattr("-i"), "the files are writable again");
    assert_eq!(a.status, 503, "{}", a.body);
    assert_eq!(a.json()["ok"], false, "{}", a.body);
    assert!(a.json()["db"].as_str().unwrap().contains("takes no write"), "{}", a.body);
    server.stop();
}

/// Issue 16, item 9: `/api/health` says when the disk that holds the database is (nearly)
/// full: less free than `--min-free-disk-mib`. The test asks for more than any disk has (the
/// same statvfs reading and comparison a full disk meets).
#[test]
fn health_says_when_the_disk_is_full() {
    let db = temp_db("health-full");
    let server = start_with(&db, |l| l.min_free_disk_mib = u64::MAX >> 20);
    let a = get(server.addr(), "/api/health").unwrap();
    assert_eq!(a.status, 503, "{}", a.body);
    assert_eq!(a.json()["ok"], false, "{}", a.body);
    assert!(a.json()["db"].as_str().unwrap().contains("MiB free"), "{}", a.body);
    server.stop();
    let server = start_with(&db, |_| {});
    assert_eq!(get(server.addr(), "/api/health").unwrap().status, 200, "64 MiB free by default");
    server.stop();
}
