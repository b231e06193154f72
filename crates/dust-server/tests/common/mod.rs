//! What the API tests of `dust1947 serve` share: a server on an ephemeral loopback port over a
//! fresh database, and the calls they repeat (a seat's state, waiting for its turn while the AI
//! decides on the server, a decision). `crates/dust-server/tests/*.rs` use it as `mod common;`,
//! the root crate's `tests/serve_api.rs` by its path.
#![allow(dead_code)] // each test crate uses its own part

use dust_core::Edition;
use dust_server::client::{get, post, Answer};
use dust_server::{spawn, Limits, RunningServer, ServerConfig};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A new empty folder of this test process for `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dust1947-{name}-{}-{:?}", std::process::id(), Instant::now()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A database path in a new folder ([`temp_dir`]).
pub fn temp_db(name: &str) -> PathBuf {
    temp_dir(name).join("games.sqlite")
}

/// The server on a free loopback port over `db`, the rate limit lifted: these tests make many
/// requests from one address (`tests/serve_security.rs` and `rate_limit.rs` test the limit).
pub fn start(db: &Path) -> RunningServer {
    start_edition(db, Edition::Revised)
}

/// [`start`] with `edition` as the server's default edition (`dust1947 serve --edition`).
pub fn start_edition(db: &Path, edition: Edition) -> RunningServer {
    let mut c = ServerConfig::new(db.to_path_buf());
    c.port = 0;
    c.edition = edition;
    c.limits = Limits {
        rate: 10_000.0,
        burst: 10_000.0,
        ..Limits::default()
    };
    spawn(c).unwrap()
}

/// The game's state as the seat `token` sees it.
pub fn state(addr: SocketAddr, id: &str, token: &str) -> Value {
    let a = get(addr, &format!("/api/games/{id}?seat={token}")).unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// Waits until the seat must decide (a set-up or a game decision) or the game is over: the AI
/// seat decides on the server, so the state is polled until it has.
pub fn wait_turn(addr: SocketAddr, id: &str, token: &str) -> Value {
    let t0 = Instant::now();
    loop {
        let s = state(addr, id, token);
        if s["yours"] == true || s["pending"]["kind"] == "over" {
            return s;
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "the AI never answered: {s}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Sends decision `d` for the seat `token`, after `ply` decisions when given.
pub fn decide(addr: SocketAddr, id: &str, token: &str, d: &str, ply: Option<u64>) -> Answer {
    let mut body = json!({ "seat": token, "decision": d });
    if let Some(p) = ply {
        body["ply"] = json!(p);
    }
    post(addr, &format!("/api/games/{id}/decide"), &body).unwrap()
}

/// Uploads a record (`POST /api/games/import` with `body`: the record, and the side and
/// opponent to play on with), which must be taken: the new game's state as its seat sees it.
pub fn import(addr: SocketAddr, body: &Value) -> Value {
    let up = post(addr, "/api/games/import", body).unwrap();
    assert_eq!(up.status, 200, "{}", up.body);
    let up = up.json();
    state(addr, up["id"].as_str().unwrap(), up["you"]["token"].as_str().unwrap())
}
