//! `dust1947 serve` refuses what it must (issue 8): a forged token, the other side's token, a
//! decision out of turn, a replayed message, malformed JSON or decisions, an oversized body, a
//! spectator deciding, too many messages on a WebSocket. Each gets a clear JSON error and
//! changes nothing.

mod common;

use dust_server::client::{get, post, request, Answer, GameSocket};
use dust_server::{spawn, Limits, RunningServer, ServerConfig};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Instant;

fn start(name: &str, limits: Limits) -> (RunningServer, PathBuf) {
    let dir = std::env::temp_dir().join(format!("dust1947-{name}-{}-{:?}", std::process::id(), Instant::now()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = ServerConfig::new(dir.join("games.sqlite"));
    c.port = 0;
    c.limits = limits;
    (spawn(c).unwrap(), dir)
}

fn state(addr: SocketAddr, id: &str, token: &str) -> Value {
    get(addr, &format!("/api/games/{id}?seat={token}")).unwrap().json()
}

fn refused(a: &Answer, status: u16, code: &str) {
    assert_eq!(a.status, status, "{}", a.body);
    assert_eq!(a.error_code().as_deref(), Some(code), "{}", a.body);
    assert!(
        a.json()["error"]["message"].as_str().is_some_and(|m| m.len() > 10),
        "a message with a hint: {}",
        a.body
    );
}

#[test]
fn every_bad_request_is_refused_and_changes_nothing() {
    let (server, _dir) = start("security", Limits::default());
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": 3, "spectators": true }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    let tb = dust_server::client::claim_invite(addr, &c).unwrap();
    let watch = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap().to_string();
    let s0 = state(addr, &id, &ta);
    let side = s0["pending"]["side"].as_str().unwrap().to_string();
    let (mine, other) = if side == "A" { (&ta, &tb) } else { (&tb, &ta) };
    let legal = s0["decisions"][0]["text"].as_str().unwrap().to_string();
    let ply = s0["ply"].as_u64().unwrap();
    let path = format!("/api/games/{id}/decide");

    // A forged token.
    refused(
        &post(
            addr,
            &path,
            &json!({ "seat": "0123456789abcdef0123456789abcdef", "decision": legal, "ply": ply }),
        )
        .unwrap(),
        403,
        "bad_token",
    );
    refused(&get(addr, &format!("/api/games/{id}?seat=nope")).unwrap(), 403, "bad_token");
    refused(&get(addr, &format!("/api/games/{id}")).unwrap(), 401, "no_token");
    // The other side's token, out of turn.
    refused(
        &post(addr, &path, &json!({ "seat": other, "decision": legal, "ply": ply })).unwrap(),
        409,
        "not_your_turn",
    );
    // A spectator.
    refused(
        &post(addr, &path, &json!({ "seat": watch, "decision": legal, "ply": ply })).unwrap(),
        403,
        "spectator",
    );
    // A replayed (stale) message.
    refused(
        &post(addr, &path, &json!({ "seat": mine, "decision": legal, "ply": ply + 5 })).unwrap(),
        409,
        "stale",
    );
    // Malformed JSON, a missing field, an unknown field, a decision that does not read, an illegal one.
    refused(&request(addr, "POST", &path, Some(b"{\"seat\": ")).unwrap(), 400, "bad_json");
    refused(&post(addr, &path, &json!({ "seat": mine })).unwrap(), 400, "bad_json");
    refused(
        &post(addr, &path, &json!({ "seat": mine, "decision": legal })).unwrap(),
        400,
        "bad_json",
    );
    refused(
        &post(addr, &path, &json!({ "seat": mine, "decision": legal, "evil": 1 })).unwrap(),
        400,
        "bad_json",
    );
    refused(
        &post(addr, &path, &json!({ "seat": mine, "decision": "launch the missiles", "ply": ply })).unwrap(),
        400,
        "bad_decision",
    );
    refused(
        &post(addr, &path, &json!({ "seat": mine, "decision": "move Z99", "ply": ply })).unwrap(),
        422,
        "illegal_decision",
    );
    // An oversized body.
    let big = format!("{{\"seat\":\"{mine}\",\"decision\":\"{}\"}}", "x".repeat(400 * 1024));
    refused(&request(addr, "POST", &path, Some(big.as_bytes())).unwrap(), 413, "too_large");
    // Unknown games and endpoints.
    refused(&get(addr, "/api/games/nosuchgame?seat=x").unwrap(), 404, "no_such_game");
    refused(&get(addr, "/api/games/..%2F..%2Fetc?seat=x").unwrap(), 404, "no_such_game");
    refused(&get(addr, "/api/nothing").unwrap(), 404, "not_found");
    refused(
        &post(addr, "/api/games", &json!({ "scenario": "nowhere" })).unwrap(),
        400,
        "bad_scenario",
    );
    refused(
        &post(addr, "/api/games", &json!({ "opponent": "ai skynet" })).unwrap(),
        400,
        "bad_ai",
    );
    refused(
        &post(
            addr,
            "/api/games/import",
            &json!({ "record": "format = 1\nseed = 1\nscenario = \"duel\"\ndecisions = [\"move Z9\"]\n" }),
        )
        .unwrap(),
        422,
        "record_refused",
    );

    // Nothing changed.
    let s1 = state(addr, &id, &ta);
    assert_eq!(s1["hash"], s0["hash"]);
    assert_eq!(s1["ply"], s0["ply"]);

    // The WebSocket: a forged token is refused at the handshake; malformed, out-of-turn and
    // stale messages get errors; the right one is acknowledged.
    assert!(GameSocket::connect(addr, &id, "forged").is_err());
    let mut ws_other = GameSocket::connect(addr, &id, other).unwrap();
    assert_eq!(ws_other.recv().unwrap()["type"], "state");
    ws_other.send_text("{not json").unwrap();
    assert_eq!(ws_other.recv_kind("error").unwrap()["error"]["code"], "bad_json");
    ws_other.send(&json!({ "type": "decide", "decision": legal, "ply": ply })).unwrap();
    assert_eq!(ws_other.recv_kind("error").unwrap()["error"]["code"], "not_your_turn");
    let mut ws = GameSocket::connect(addr, &id, mine).unwrap();
    assert_eq!(ws.recv().unwrap()["type"], "state");
    ws.send(&json!({ "type": "launch" })).unwrap();
    assert_eq!(ws.recv_kind("error").unwrap()["error"]["code"], "bad_type");
    assert_eq!(state(addr, &id, &ta)["hash"], s0["hash"]);
    ws.send(&json!({ "type": "decide", "decision": legal, "ply": ply })).unwrap();
    let ack = ws.recv_kind("ack").unwrap();
    assert_eq!(ack["ply"], ply + 1, "{ack}");
    // The same message again is a replay: refused.
    ws.send(&json!({ "type": "decide", "decision": legal, "ply": ply })).unwrap();
    let e = ws.recv_kind("error").unwrap();
    assert!(e["error"]["code"] == "stale" || e["error"]["code"] == "not_your_turn", "{e}");
    assert_eq!(state(addr, &id, &ta)["ply"], ply + 1);
    server.stop();
}

#[test]
fn a_websocket_that_floods_is_slowed_down() {
    let (server, _dir) = start(
        "rate",
        Limits {
            rate: 5.0,
            burst: 5.0,
            ..Limits::default()
        },
    );
    let addr = server.addr();
    let c = post(addr, "/api/games", &json!({ "scenario": "duel", "opponent": "human" }))
        .unwrap()
        .json();
    let mut ws = GameSocket::connect(addr, c["id"].as_str().unwrap(), c["you"]["token"].as_str().unwrap()).unwrap();
    ws.recv_kind("state").unwrap();
    for _ in 0..20 {
        ws.send(&json!({ "type": "ping" })).unwrap();
    }
    let mut limited = 0;
    for _ in 0..20 {
        let m = ws.recv().unwrap();
        if m["type"] == "error" && m["error"]["code"] == "rate_limited" {
            limited += 1;
        }
    }
    assert!(limited >= 10, "{limited} messages limited");
    server.stop();
}

/// Issue 16, item 6: `dust1947 serve` on a database another process serves exits at once
/// with a clear message naming that process (here: this test process).
#[test]
fn a_second_serve_process_on_the_same_database_exits_naming_the_holder() {
    let (server, dir) = start("lock-holder", Limits::default());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dust1947"))
        .args(["serve", "--port", "0", "--db"])
        .arg(dir.join("games.sqlite"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("in use by another dust1947 server (process {}", std::process::id())),
        "{err}"
    );
    server.stop();
}

/// Issue 16, item 1: the operator's ceiling reaches the server from the command line
/// (`serve --max-ai-ms 300`).
#[test]
fn the_command_line_sets_the_ai_ceiling() {
    let dir = std::env::temp_dir().join(format!("dust1947-cli-ceiling-{}-{:?}", std::process::id(), Instant::now()));
    std::fs::create_dir_all(&dir).unwrap();
    let server = common::serve(|cmd| {
        cmd.args(["--max-ai-ms", "300", "--db"]).arg(dir.join("games.sqlite"));
    });
    let a = post(
        server.addr,
        "/api/games",
        &json!({ "scenario": "duel", "opponent": "ai mcts:400ms" }),
    )
    .unwrap();
    drop(server);
    refused(&a, 422, "ai_over_limit");
    assert!(a.body.contains("300 ms"), "{}", a.body);
}
