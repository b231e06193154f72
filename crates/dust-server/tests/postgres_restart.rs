//! The database itself restarts under two servers (issue 16, "Scale out"): while PostgreSQL is
//! down, `/api/health` answers 503 with the reason and a decision is refused (503, nothing
//! acknowledged); once it is back, both servers reconnect by themselves: health is ok, a
//! decision is stored, and the other server's WebSocket client sees it (its listening
//! connection is made again). Needs `DUST_TEST_POSTGRES` and `DUST_TEST_POSTGRES_CTL` (the
//! server's `pg_ctl` command, which this test runs with `stop` and `start`), as
//! `scripts/postgres-test-server.sh` prints them; a file of its own, so that no other test
//! uses the server while it is down.

use dust_server::client::{claim_invite, get, post, GameSocket};
use dust_server::{pg, spawn, Limits, RunningServer, ServerConfig};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn start_on(db: &str) -> RunningServer {
    let mut c = ServerConfig::new(db.into());
    c.port = 0;
    c.limits = Limits {
        rate: 10_000.0,
        burst: 10_000.0,
        ..Limits::default()
    };
    spawn(c).unwrap()
}

fn ctl(args: &str) {
    let cmd = std::env::var("DUST_TEST_POSTGRES_CTL").unwrap();
    let ok = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{cmd} {args} >/dev/null 2>&1"))
        .status()
        .unwrap()
        .success();
    assert!(ok, "`{cmd} {args}` failed");
}

fn health(addr: SocketAddr) -> (u16, Value) {
    let a = get(addr, "/api/health").unwrap();
    (a.status, a.json())
}

fn wait_health(addr: SocketAddr, status: u16) -> Value {
    let t0 = Instant::now();
    loop {
        let (s, v) = health(addr);
        if s == status {
            return v;
        }
        assert!(t0.elapsed() < Duration::from_secs(20), "health stayed {s}: {v}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn state_at(sock: &mut GameSocket, ply: u64) -> serde_json::Value {
    sock.recv_ply(ply).unwrap()
}

#[test]
fn the_servers_ride_out_a_database_restart() {
    let (Ok(url), Ok(_)) = (std::env::var("DUST_TEST_POSTGRES"), std::env::var("DUST_TEST_POSTGRES_CTL")) else {
        assert!(
            std::env::var_os("DUST_REQUIRE_POSTGRES").is_none(),
            "DUST_REQUIRE_POSTGRES is set but DUST_TEST_POSTGRES or DUST_TEST_POSTGRES_CTL is not"
        );
        eprintln!("the_servers_ride_out_a_database_restart: skipped (set DUST_TEST_POSTGRES and DUST_TEST_POSTGRES_CTL: scripts/postgres-test-server.sh)");
        return;
    };
    let db = pg::create_database(&url, &format!("dust_restart_{}", std::process::id())).unwrap();
    let (s1, s2) = (start_on(&db), start_on(&db));
    let (a1, a2) = (s1.addr(), s2.addr());
    let c = post(
        a1,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": 9 }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    let tb = claim_invite(a2, &c).unwrap();
    let mut sb = GameSocket::connect(a2, &id, &tb).unwrap();
    let s0 = state_at(&mut sb, 0);
    assert_eq!(health(a1).0, 200);

    ctl("stop -m fast -w");
    let down = wait_health(a1, 503);
    assert_eq!(down["ok"], false);
    assert!(down["db"].as_str().is_some_and(|m| !m.is_empty()), "the reason: {down}");
    wait_health(a2, 503);
    // A decision now is not acknowledged.
    let state = get(a1, &format!("/api/games/{id}?seat={ta}")).unwrap().json();
    let turn = if state["pending"]["side"] == "A" { &ta } else { &tb };
    let d = state["decisions"][0]["text"].as_str().unwrap().to_string();
    let refused = post(
        a1,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": turn, "decision": d, "ply": 0 }),
    )
    .unwrap();
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.error_code().as_deref(), Some("database_unavailable"), "{}", refused.body);

    ctl("start -w");
    wait_health(a1, 200);
    wait_health(a2, 200);
    // Decided through server 1, seen on server 2's socket: both reconnected, listener too.
    let t0 = Instant::now();
    let ok = loop {
        let a = post(
            a1,
            &format!("/api/games/{id}/decide"),
            &json!({ "seat": turn, "decision": d, "ply": 0 }),
        )
        .unwrap();
        if a.status == 200 || t0.elapsed() > Duration::from_secs(10) {
            break a;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(ok.status, 200, "{}", ok.body);
    let seen = state_at(&mut sb, 1);
    assert_eq!(seen["ply"], 1);
    assert_ne!(seen["pending"], s0["pending"]);
}
