//! `dust1947 serve` through its HTTP API (issue 8): a game against the AI is created, played,
//! the server is stopped and started again on the same database, and the game goes on at the
//! same state hash; records download, replay and upload.

// The API tests' shared server and calls, with `dust-server`'s own tests.
#[path = "../crates/dust-server/tests/common/mod.rs"]
mod common;

use common::{decide, import, start, state, temp_db, wait_turn};
use dust_server::client::{get, post};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Plays `n` of our decisions (the first legal one each time); returns the last state.
fn play(addr: SocketAddr, id: &str, token: &str, n: usize) -> Value {
    let mut s = wait_turn(addr, id, token);
    for _ in 0..n {
        if s["pending"]["kind"] == "over" {
            break;
        }
        let d = s["decisions"][0]["text"].as_str().unwrap().to_string();
        let a = decide(addr, id, token, &d, Some(s["ply"].as_u64().unwrap()));
        assert_eq!(a.status, 200, "{d}: {}", a.body);
        s = wait_turn(addr, id, token);
    }
    s
}

#[test]
fn a_game_against_the_ai_survives_a_restart_at_the_same_state() {
    let db = temp_db("restart");
    let server = start(&db);
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "ai greedy", "seed": 42 }),
    )
    .unwrap();
    assert_eq!(c.status, 200, "{}", c.body);
    let c = c.json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["you"]["token"].as_str().unwrap().to_string();
    assert!(c["you"]["link"].as_str().unwrap().starts_with(&format!("/game/{id}?seat=")));
    assert!(c["invite"].is_null(), "no invite against the AI");
    let before = play(addr, &id, &token, 6);
    assert!(before["ply"].as_u64().unwrap() >= 6);
    assert!(before["events"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["rule"].as_str().is_some_and(|r| r.contains(".md"))));
    server.stop();

    let server = start(&db);
    let addr = server.addr();
    let after = wait_turn(addr, &id, &token);
    assert_eq!(
        after["hash"], before["hash"],
        "the state after a restart is the last acknowledged one"
    );
    assert_eq!(after["ply"], before["ply"]);
    // And it goes on to the end.
    let end = play(addr, &id, &token, 400);
    assert_eq!(end["pending"]["kind"], "over", "{end}");

    // The record replays to the same state, and uploading it gives the same game again.
    let rec = get(addr, &format!("/api/games/{id}/record?seat={token}")).unwrap();
    assert_eq!(rec.status, 200);
    assert!(
        rec.body.contains("scenario = \"duel\"") && rec.body.contains("seed = 42"),
        "{}",
        rec.body
    );
    let r = post(addr, "/api/replay", &json!({ "record": rec.body })).unwrap().json();
    assert_eq!(r["hash"], end["hash"]);
    let r0 = post(addr, "/api/replay", &json!({ "record": rec.body, "step": 0 })).unwrap().json();
    assert_eq!(r0["step"], 0);
    assert!(r0["next_decision"].is_string());
    let s = import(addr, &json!({ "record": rec.body, "side": "b", "opponent": "human" }));
    assert_eq!(s["hash"], end["hash"]);
    server.stop();
}

#[test]
fn two_people_a_lobby_seat_targets_and_odds() {
    let db = temp_db("lobby");
    let server = start(&db);
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "annihilation", "side": "b", "opponent": "human", "seed": 7, "public": true }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    assert_eq!(c["you"]["side"], "B");
    assert_eq!(c["invite"]["side"], "A");
    // The lobby offers the seat opened to the public; joining takes it.
    let lobby = get(addr, "/api/games").unwrap().json();
    let g = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(g["open"], json!(["A"]));
    let j = post(addr, &format!("/api/games/{id}/join"), &json!({})).unwrap();
    assert_eq!(j.status, 200, "{}", j.body);
    let j = j.json();
    assert_eq!(j["side"], "A");
    assert!(
        j["token"].as_str().is_some_and(|t| t.len() == 32 && t != c["invite"]["invite"]),
        "a fresh token: {j}"
    );
    let again = post(addr, &format!("/api/games/{id}/join"), &json!({})).unwrap();
    assert_eq!(again.status, 409);
    assert_eq!(again.error_code().as_deref(), Some("no_open_seat"));

    // Play both seats until units stand on the board, then ask for targets with odds.
    let tokens = [
        j["token"].as_str().unwrap().to_string(),
        c["you"]["token"].as_str().unwrap().to_string(),
    ];
    let mut found = false;
    for _ in 0..300 {
        let s = state(addr, &id, &tokens[0]);
        let on_board: Vec<&Value> = s["units"].as_array().unwrap().iter().filter(|u| u["at"].is_string()).collect();
        if on_board.iter().any(|u| u["side"] == "A") && on_board.iter().any(|u| u["side"] == "B") {
            let u = on_board.iter().find(|u| u["side"] == "A").unwrap();
            let t = get(addr, &format!("/api/games/{id}/targets?seat={}&unit={}", tokens[0], u["id"])).unwrap();
            assert_eq!(t.status, 200, "{}", t.body);
            let t = t.json();
            let first = &t["targets"][0];
            assert!(first["sight"]["ok"].is_boolean(), "{t}");
            assert!(first["sight"]["ok"] == false || first["sight"]["reasons"].is_array());
            found = true;
            break;
        }
        let side = usize::from(s["pending"]["side"] != "A");
        let s = state(addr, &id, &tokens[side]);
        // Prefer entering and moving: units get onto the board quickly.
        let ds = s["decisions"].as_array().unwrap();
        let d = ds
            .iter()
            .find(|d| d["text"].as_str().unwrap().starts_with("plan move"))
            .or_else(|| ds.iter().find(|d| d["kind"] == "move"))
            .unwrap_or(&ds[0]);
        let a = decide(
            addr,
            &id,
            &tokens[side],
            d["text"].as_str().unwrap(),
            Some(s["ply"].as_u64().unwrap()),
        );
        assert_eq!(a.status, 200, "{}", a.body);
    }
    assert!(found, "units of both sides on the board");

    // The odds calculator.
    let o = post(
        addr,
        "/api/odds",
        &json!({ "attacker": "The Hammers", "target": "Sturmpioniere", "cover": "soft" }),
    )
    .unwrap();
    assert_eq!(o.status, 200, "{}", o.body);
    let o = o.json();
    let total: f64 = o["loss"].as_array().unwrap().iter().map(|p| p.as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let bad = post(addr, "/api/odds", &json!({ "attacker": "Nobody", "target": "Hans" })).unwrap();
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("Hans"), "the error lists the cards");
    // The page and its assets are served by the binary.
    for p in [
        "/",
        "/assets/app.js",
        "/assets/board.js",
        "/assets/table.js",
        "/assets/style.css",
        "/odds",
        "/rulings",
        "/api/rulings",
        &format!("/game/{id}"),
    ] {
        assert_eq!(get(addr, p).unwrap().status, 200, "{p}");
    }
    server.stop();
}

/// Issue 10: the battlefront edition in the browser's API. A battlefront scenario offers the
/// battlegroups (`data/armies/bf-*.toml`) and the cards of that edition; a game of Encounter
/// starts with a shipped battlegroup against an army made in the builder with a large vehicle
/// (the IS-48, two squares: tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size"),
/// whose `squares` the state lists; the AI plays it to the end; the odds calculator takes
/// `edition: "battlefront"`.
#[test]
fn a_battlefront_game_with_battlegroups_and_a_large_model() {
    let db = temp_db("battlefront");
    let server = start(&db);
    let addr = server.addr();
    let offer = get(addr, "/api/armies?scenario=encounter").unwrap().json();
    assert_eq!(offer["choosable"], true, "{offer}");
    assert_eq!(offer["edition"], "battlefront");
    let ids: Vec<&str> = offer["shipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["bf-battlegroup-koshka", "bf-kampfgruppe-stefan", "bf-taskforce-joe"]);
    assert!(offer["cards"].as_array().unwrap().iter().any(|c| c["name"] == "IS-48"));
    // A revised army is refused for it, with the reason.
    let bad = post(
        addr,
        "/api/armies/check",
        &json!({ "scenario": "encounter", "shipped": "core-axis" }),
    )
    .unwrap()
    .json();
    assert_eq!(bad["ok"], false);
    let c = post(
        addr,
        "/api/games",
        &json!({
            "scenario": "encounter",
            "both_ai": "greedy",
            "seed": 7,
            "armies": {
                "a": { "shipped": "bf-taskforce-joe" },
                "b": { "bloc": "ssu", "name": "Big iron", "units": [{ "name": "IS-48" }, { "name": "Fakyeli" }] }
            }
        }),
    )
    .unwrap();
    assert_eq!(c.status, 200, "{}", c.body);
    let c = c.json();
    let id = c["id"].as_str().unwrap().to_string();
    // A game of two AIs is watched through its spectator link.
    let watch = c["spectator_link"].as_str().expect("a spectator link").to_string();
    let token = watch.split("seat=").nth(1).expect("a seat token").to_string();
    let t0 = Instant::now();
    let mut seen_two = false;
    let end = loop {
        let s = state(addr, &id, &token);
        assert_eq!(s["armies"]["a"], "Taskforce Joe", "{}", s["armies"]);
        let is48 = s["units"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["name"] == "IS-48")
            .expect("in the game")
            .clone();
        if is48["at"].is_string() && is48["destroyed"] == false {
            let squares = is48["squares"].as_array().unwrap();
            // Two squares; one only in the activation it enters by a March Move, between the
            // first leg (its front on the board) and the rest, which is chosen after the enemy's
            // chance to react (docs/rulings.md, "Battlefront: when destinations and targets are
            // declared").
            assert!(squares.len() == 2 || (squares.len() == 1 && is48["activated"] == true), "{is48}");
            assert_eq!(squares[0], is48["at"]);
            seen_two |= squares.len() == 2;
        }
        if s["pending"]["kind"] == "over" {
            break s;
        }
        assert!(t0.elapsed() < Duration::from_secs(240), "the game never ended");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(seen_two, "the IS-48 stood on the board on two squares");
    assert!(end["units"].as_array().unwrap().iter().any(|u| u["name"] == "Pounder"));
    // The odds calculator in the battlefront edition: the Sulphur Thrower is B1/K against
    // Lara (an automatic kill), a spray weapon (no save).
    let o = post(
        addr,
        "/api/odds",
        &json!({ "attacker": "Fakyeli", "target": "Lara", "lines": [1], "edition": "battlefront" }),
    )
    .unwrap();
    assert_eq!(o.status, 200, "{}", o.body);
    let o = o.json();
    assert_eq!(o["edition"], "battlefront");
    let p0 = o["loss"][0].as_f64().unwrap();
    assert!((p0 - (2.0 / 3.0 + (1.0 / 3.0) * (1.0f64 / 3.0).powi(4))).abs() < 1e-12, "{o}");
    let bad = post(
        addr,
        "/api/odds",
        &json!({ "attacker": "Fakyeli", "target": "Lara", "edition": "third" }),
    )
    .unwrap();
    assert_eq!(bad.status, 400);
    server.stop();
}
