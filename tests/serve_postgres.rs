//! `dust1947 serve --db postgres://…` as separate processes on one database (issue 16, "Scale
//! out"): a `kill -9` of one server in the middle of games loses no acknowledged decision,
//! the other server goes on with every game (its clients move over to it, as behind a load
//! balancer), and the AI games continue on the survivor once their lease runs out. Runs when
//! `DUST_TEST_POSTGRES` names a PostgreSQL server (`scripts/postgres-test-server.sh`, `.ci/run`);
//! prints that it was skipped otherwise, and fails under `DUST_REQUIRE_POSTGRES`.

mod common;

use dust_server::client::{claim_invite, get, post};
use dust_server::pg::{self, PgGames};
use dust_server::store::Store;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn postgres(test: &str) -> Option<String> {
    match std::env::var("DUST_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => {
            let name = format!("dust_{test}_{}", std::process::id());
            Some(pg::create_database(url.trim(), &name).unwrap_or_else(|e| panic!("DUST_TEST_POSTGRES={url}: {e}")))
        }
        _ => {
            assert!(
                std::env::var_os("DUST_REQUIRE_POSTGRES").is_none(),
                "DUST_REQUIRE_POSTGRES is set but DUST_TEST_POSTGRES is not"
            );
            eprintln!("{test}: skipped (set DUST_TEST_POSTGRES=postgres://USER@HOST/DB to run it against PostgreSQL)");
            None
        }
    }
}

/// A server process, killed (`kill -9`) when dropped, a failing test included.
/// A `dust1947 serve` process on `db`, listening.
fn serve(db: &str) -> (common::Server, SocketAddr) {
    let server = common::serve(|cmd| {
        cmd.args(["--db", db]).args([
            "--rate",
            "100000",
            "--burst",
            "100000",
            "--max-ai-ms",
            "500",
            "--ai-lease-ms",
            "1500",
        ]);
    });
    let addr = server.addr;
    (server, addr)
}

/// A game's id and the token of its seat A.
type Played = (String, String);

/// A person-against-person game played through `servers` (the first that answers, as a load
/// balancer would send it), each acknowledged decision recorded in `acked` at its ply (`None`:
/// a decision stored, as the game's state then showed, whose acknowledgement was lost when its
/// server died).
fn play(servers: &[SocketAddr], seed: u64, stop: Instant, acked: &Mutex<Vec<Option<String>>>) -> Played {
    let created = post(
        servers[0],
        "/api/games",
        &json!({ "scenario": "annihilation", "side": "a", "opponent": "human", "seed": seed }),
    )
    .unwrap();
    let c = created.json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    let tb = claim_invite(servers[servers.len() - 1], &c).unwrap();
    let mut pick = seed;
    while Instant::now() < stop {
        let mut done = false;
        for &addr in servers {
            let Ok(s) = get(addr, &format!("/api/games/{id}?seat={ta}")) else {
                continue;
            };
            let s: Value = s.json();
            if s["pending"]["kind"] != "decision" {
                return (id, ta);
            }
            let token = if s["pending"]["side"] == "A" { &ta } else { &tb };
            let options = s["decisions"].as_array().cloned().unwrap_or_default();
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let d = options[(pick >> 33) as usize % options.len()]["text"].as_str().unwrap().to_string();
            let ply = s["ply"].as_u64().unwrap();
            match post(
                addr,
                &format!("/api/games/{id}/decide"),
                &json!({ "seat": token, "decision": d, "ply": ply }),
            ) {
                Ok(a) if a.status == 200 => {
                    let mut acked = acked.lock().unwrap();
                    assert!(acked.len() as u64 <= ply, "a ply acknowledged twice");
                    acked.resize(ply as usize, None);
                    acked.push(Some(d));
                    done = true;
                }
                // Refused (a stale view), or the server went away: ask again.
                _ => {}
            }
            break;
        }
        if !done {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    (id, ta)
}

#[test]
fn kill_9_of_one_server_loses_nothing_and_the_other_goes_on() {
    let Some(db) = postgres("kill") else { return };
    let (mut one, a1) = serve(&db);
    let (two, a2) = serve(&db);
    // Two AI games, started on the server that will die.
    let ai: Vec<(String, String)> = (0..2)
        .map(|i| {
            let c = post(
                a1,
                "/api/games",
                &json!({ "scenario": "annihilation", "both_ai": "greedy", "seed": 40 + i, "spectators": true }),
            )
            .unwrap()
            .json();
            let watch = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap().to_string();
            (c["id"].as_str().unwrap().to_string(), watch)
        })
        .collect();
    // Four games of people: two through server 1 first, two through server 2 first.
    let stop = Instant::now() + Duration::from_secs(6);
    let games: Vec<_> = (0..4u64)
        .map(|i| {
            let servers = if i % 2 == 0 { vec![a1, a2] } else { vec![a2, a1] };
            let acked = Arc::new(Mutex::new(Vec::new()));
            let a = acked.clone();
            (std::thread::spawn(move || play(&servers, 100 + i, stop, &a)), acked)
        })
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    let before_kill: Vec<usize> = games.iter().map(|(_, a)| a.lock().unwrap().len()).collect();
    one.child.kill().unwrap(); // SIGKILL: kill -9
    one.child.wait().unwrap();
    let games: Vec<(Played, Vec<Option<String>>)> = games
        .into_iter()
        .map(|(h, a)| (h.join().unwrap(), a.lock().unwrap().clone()))
        .collect();
    let store = Store::new(Box::new(PgGames(pg::Pg::connect(&db).unwrap())));
    for (((id, token), acked), before) in games.iter().zip(&before_kill) {
        assert!(
            acked.len() > *before,
            "game {id} went on after the kill ({before} → {})",
            acked.len()
        );
        let stored: Vec<String> = store.decisions(id).unwrap().into_iter().map(|(t, _)| t).collect();
        assert!(
            stored.len() >= acked.len(),
            "game {id}: {} acknowledged, {} stored",
            acked.len(),
            stored.len()
        );
        for (ply, d) in acked.iter().enumerate() {
            if let Some(d) = d {
                assert_eq!(&stored[ply], d, "game {id}: acknowledged decision {ply} is the stored one");
            }
        }
        // The survivor serves the game at its last stored decision.
        let s = get(a2, &format!("/api/games/{id}?seat={token}")).unwrap().json();
        assert_eq!(
            s["ply"].as_u64(),
            Some(stored.len() as u64),
            "game {id}: the survivor serves the last stored decision"
        );
    }
    // The AI games continue on the survivor.
    for (id, watch) in &ai {
        let ply = |_: ()| {
            get(a2, &format!("/api/games/{id}?seat={watch}")).unwrap().json()["ply"]
                .as_u64()
                .unwrap()
        };
        let (at, t0) = (ply(()), Instant::now());
        while ply(()) < at + 3 {
            let over = get(a2, &format!("/api/games/{id}?seat={watch}")).unwrap().json()["pending"]["kind"] == "over";
            if over {
                break;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "AI game {id} stopped at {at} with its server"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let rows = store.decision_rows(id).unwrap();
        assert!(
            rows.iter().enumerate().all(|(i, r)| r.0 == i as i64),
            "AI game {id}: no ply stored twice or skipped"
        );
    }
    drop(two);
}
