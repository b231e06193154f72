//! The rate limit of `dust1947 serve` is per client (IP address), not per TCP connection
//! (issue 8: "request sizes and rates are bounded"): a burst of requests spread over many
//! connections, and a WebSocket opened before it, all draw from one bucket (the strategy
//! game's routes too); past it every request gets `429 rate_limited` with a JSON error, and
//! nothing changes.

use dust_server::client::{get, post, Answer, GameSocket};
use dust_server::{spawn, Limits, ServerConfig};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn rate_limited(a: &Answer) -> bool {
    if a.status != 429 {
        return false;
    }
    let j = a.json();
    assert_eq!(j["error"]["code"], "rate_limited", "{}", a.body);
    assert_eq!(j["error"]["status"], 429, "{}", a.body);
    let m = j["error"]["message"].as_str().unwrap_or("");
    assert!(m.contains("too many requests") && m.contains("slow down"), "a clear message: {m}");
    true
}

#[test]
fn a_burst_over_many_connections_is_limited_per_client_and_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("dust1947-ratelimit-{}-{:?}", std::process::id(), Instant::now()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = ServerConfig::new(dir.join("games.sqlite"));
    c.port = 0;
    // A slow refill so that the test sees the bucket empty, whatever the machine's speed.
    c.limits = Limits {
        rate: 2.0,
        burst: 30.0,
        ..Limits::default()
    };
    let server = spawn(c).unwrap();
    let addr = server.addr();

    let g = post(addr, "/api/games", &json!({ "scenario": "duel", "opponent": "human", "seed": 4 }))
        .unwrap()
        .json();
    let id = g["id"].as_str().unwrap().to_string();
    let (ta, tb) = (
        g["you"]["token"].as_str().unwrap().to_string(),
        dust_server::client::claim_invite(addr, &g).unwrap(),
    );
    let state = |t: &str| -> Value { get(addr, &format!("/api/games/{id}?seat={t}")).unwrap().json() };
    let s0 = state(&ta);
    let side = s0["pending"]["side"].as_str().unwrap().to_string();
    let mover = if side == "A" { ta.clone() } else { tb.clone() };
    let legal = s0["decisions"][0]["text"].as_str().unwrap().to_string();
    let (ply0, hash0) = (s0["ply"].clone(), s0["hash"].clone());
    // A WebSocket of the same client, opened before the burst.
    let mut ws = GameSocket::connect(addr, &id, &mover).unwrap();
    ws.recv_kind("state").unwrap();

    // The burst: 8 threads, each request on a connection of its own (client::request closes
    // it after the answer), 80 requests in all against a bucket of 30.
    let answers: Vec<Answer> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..8)
            .map(|_| s.spawn(|| (0..10).map(|_| get(addr, "/api/health").unwrap()).collect::<Vec<_>>()))
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let ok = answers.iter().filter(|a| a.status == 200).count();
    let limited = answers.iter().filter(|a| rate_limited(a)).count();
    assert_eq!(ok + limited, answers.len(), "only 200 or 429");
    // 30 at once, minus the 4 taken before (create, state, websocket), plus what refilled
    // at 2 a second while the burst ran.
    assert!(ok <= 30, "{ok} requests let through");
    assert!(limited >= 45, "{limited} requests limited");

    // The bucket is empty for every connection of this client: a legal decision is refused
    // over HTTP and over the WebSocket, and the game does not change.
    let a = post(
        addr,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": mover, "decision": legal, "ply": ply0 }),
    )
    .unwrap();
    assert!(rate_limited(&a), "{}", a.body);
    // The strategy game's routes share the limit.
    assert!(rate_limited(&get(addr, "/api/strategy/map").unwrap()));
    ws.send(&json!({ "type": "decide", "decision": legal, "ply": ply0 })).unwrap();
    let e = ws.recv_kind("ack").unwrap();
    assert_eq!(e["type"], "error", "{e}");
    assert_eq!(e["error"]["code"], "rate_limited", "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("too many messages"), "{e}");

    // Once the bucket refills, the same decision goes through: nothing was applied before.
    std::thread::sleep(Duration::from_millis(1600));
    let s1 = state(&ta);
    assert_eq!(s1["ply"], ply0, "the refused decisions changed nothing");
    assert_eq!(s1["hash"], hash0);
    let a = post(
        addr,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": mover, "decision": legal, "ply": ply0 }),
    )
    .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["ply"], ply0.as_u64().unwrap() + 1);
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
