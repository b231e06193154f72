//! Issue 23: Dust Battlefield played through the server (`/api/battlefield/games/…`) — a game
//! against the AI to its end, a game between two people by link, a reload that resumes, a
//! refused move answered with the engine's own reason, and the secrets (the seed) kept from
//! the players.
//!
//! The rules are tactics-battlefield-summary.md's: "MOVE & MARCH MOVE ACTIONS" ("A unit can move
//! a distance up to its Move value … Each point is 10cm") and "END OF THE GAME" (the scenario's
//! turn limit ends it).

mod common;

use common::{start, temp_db};
use dust_server::client::{get, post, Answer};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn ok(a: &Answer) -> Value {
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// The token of a play link (`/battlefield/play/ID?seat=TOKEN`).
fn token(link: &Value) -> String {
    link.as_str().unwrap().rsplit_once("seat=").unwrap().1.to_string()
}

/// A query value, percent-encoded.
fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn create(addr: SocketAddr, body: Value) -> Value {
    ok(&post(addr, "/api/battlefield/games", &body).unwrap())
}

fn state(addr: SocketAddr, id: &str, tok: &str) -> Value {
    ok(&get(addr, &format!("/api/battlefield/games/{id}?seat={tok}")).unwrap())
}

/// Waits until `tok`'s side decides or the game is over (the AI decides on the server).
fn wait_turn(addr: SocketAddr, id: &str, tok: &str) -> Value {
    let t0 = Instant::now();
    loop {
        let s = state(addr, id, tok);
        if s["your_turn"] == true || s["status"] != "playing" {
            return s;
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "the AI did not decide: {s}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The first legal decision the generator proposes, taken.
fn take_first(addr: SocketAddr, id: &str, tok: &str, ply: u64) -> Value {
    let c = ok(&get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={tok}&limit=4")).unwrap());
    let d = c["candidates"][0]["decision"].as_str().unwrap().to_string();
    assert!(!c["candidates"][0]["words"].as_str().unwrap().is_empty());
    ok(&post(
        addr,
        &format!("/api/battlefield/games/{id}/decide"),
        &json!({"seat": tok, "decision": d, "ply": ply}),
    )
    .unwrap())
}

#[test]
fn a_game_against_the_ai_is_played_to_its_end_through_the_api() {
    let server = start(&temp_db("field-game-ai"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"table": "ruined-town", "seats": ["human", "greedy"], "turns": 1, "seed": 7}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    assert!(g["links"]["b"].is_null(), "the AI side has no link");
    let me = token(&g["links"]["a"]);
    let mut decisions = 0;
    loop {
        let s = wait_turn(addr, &id, &me);
        if s["status"] != "playing" {
            // "END OF THE GAME": the turn limit (1) ends it; the winner is named or a draw.
            assert_eq!(s["question"]["kind"], "over", "{s}");
            assert!(["A", "B", "draw"].contains(&s["winner"].as_str().unwrap()), "{s}");
            assert!(s["log"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["text"].as_str().unwrap().starts_with("The game ends")));
            break;
        }
        take_first(addr, &id, &me, s["ply"].as_u64().unwrap());
        decisions += 1;
        assert!(decisions < 400, "the game did not end");
    }
    assert!(decisions > 0, "side A decided");
    // The log names units, not numbers, and every roll names its rule.
    let s = state(addr, &id, &me);
    let log = s["log"].as_array().unwrap();
    let names: Vec<String> = s["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["name"].as_str().unwrap().to_string())
        .collect();
    assert!(log
        .iter()
        .any(|e| names.iter().any(|n| e["text"].as_str().unwrap().contains(n.as_str()))));
    assert!(log
        .iter()
        .filter(|e| e["dice"].is_object())
        .all(|e| e["dice"]["rule"].as_str().unwrap().starts_with("tactics-battlefield-summary.md, ")));
    // Over: the record may be read, and it replays.
    let r = get(addr, &format!("/api/battlefield/games/{id}/record?seat={me}")).unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let rec = dust_data::field_record::FieldRecord::parse(&r.body, "game.record").unwrap();
    assert_eq!(rec.seed, 7);
    dust_data::field_record::replay_field(&rec).unwrap();
}

#[test]
fn two_people_play_by_link_and_a_spectator_watches() {
    let server = start(&temp_db("field-game-link"));
    let addr = server.addr();
    let g = create(addr, json!({"table": "dnieper-ford", "seats": ["human", "human"], "turns": 1}));
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b, watch) = (token(&g["links"]["a"]), token(&g["links"]["b"]), token(&g["links"]["spectator"]));
    for _ in 0..12 {
        let sa = state(addr, &id, &a);
        if sa["status"] != "playing" {
            break;
        }
        let (me, other) = if sa["your_turn"] == true { (&a, &b) } else { (&b, &a) };
        let ply = sa["ply"].as_u64().unwrap();
        // The side that waits is told so, and cannot ask for the candidates.
        let waiting = get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={other}")).unwrap();
        assert_eq!(waiting.status, 409, "{}", waiting.body);
        let after = take_first(addr, &id, me, ply);
        assert_eq!(after["ply"].as_u64().unwrap(), ply + 1);
        // Both people and the spectator see the same table.
        let so = state(addr, &id, other);
        let sw = state(addr, &id, &watch);
        assert_eq!(so["units"], sw["units"]);
        assert_eq!(so["ply"], sw["ply"]);
    }
    // A spectator watches; he cannot decide.
    let s = state(addr, &id, &watch);
    assert!(s["you"].is_null());
    let d = post(
        addr,
        &format!("/api/battlefield/games/{id}/decide"),
        &json!({"seat": watch, "decision": "pass", "ply": s["ply"]}),
    )
    .unwrap();
    assert_eq!(d.status, 403, "{}", d.body);
    // A wrong token opens nothing.
    assert_eq!(get(addr, &format!("/api/battlefield/games/{id}?seat=nope")).unwrap().status, 403);
}

#[test]
fn a_state_request_with_since_waits_for_the_other_persons_decision() {
    let server = start(&temp_db("field-game-longpoll"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"table": "ruined-town", "seats": ["human", "human"], "turns": 1, "seed": 2}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
    let s = state(addr, &id, &a);
    let (me, other) = if s["your_turn"] == true { (a, b) } else { (b, a) };
    let version = s["version"].as_u64().unwrap();
    let ply = s["ply"].as_u64().unwrap();
    let waiter = {
        let (id, other) = (id.clone(), other.clone());
        std::thread::spawn(move || state_since(addr, &id, &other, version))
    };
    std::thread::sleep(Duration::from_millis(300));
    assert!(!waiter.is_finished(), "nothing changed yet: the request waits");
    take_first(addr, &id, &me, ply);
    let after = waiter.join().unwrap();
    assert_eq!(after["ply"].as_u64().unwrap(), ply + 1);
    assert_ne!(after["version"].as_u64().unwrap(), version);
}

fn state_since(addr: SocketAddr, id: &str, tok: &str, since: u64) -> Value {
    ok(&get(addr, &format!("/api/battlefield/games/{id}?seat={tok}&since={since}")).unwrap())
}

#[test]
fn a_reload_resumes_the_game_where_it_stood() {
    let db = temp_db("field-game-reload");
    let (id, a, before) = {
        let server = start(&db);
        let addr = server.addr();
        let g = create(
            addr,
            json!({"table": "ruined-town", "seats": ["human", "human"], "turns": 2, "seed": 11}),
        );
        let id = g["id"].as_str().unwrap().to_string();
        let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
        for _ in 0..6 {
            let s = state(addr, &id, &a);
            let me = if s["your_turn"] == true { &a } else { &b };
            take_first(addr, &id, me, s["ply"].as_u64().unwrap());
        }
        let before = state(addr, &id, &a);
        server.stop();
        (id, a, before)
    };
    // A new server over the same database replays the stored decisions.
    let server = start(&db);
    let after = state(server.addr(), &id, &a);
    assert_eq!(after["ply"], before["ply"]);
    assert_eq!(after["units"], before["units"]);
    assert_eq!(after["question"], before["question"]);
    assert_eq!(after["log"], before["log"]);
}

/// Plays the first candidates until the game asks side A where a unit moves.
fn until_a_move(addr: SocketAddr, id: &str, a: &str, b: &str) -> Value {
    for _ in 0..40 {
        let s = state(addr, id, a);
        if s["question"]["kind"] == "move" && s["your_turn"] == true {
            return s;
        }
        let me = if s["your_turn"] == true { a } else { b };
        let ply = s["ply"].as_u64().unwrap();
        let c = ok(&get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={me}&limit=40")).unwrap());
        // Side A plans a move first when it may.
        let list = c["candidates"].as_array().unwrap();
        let pick = list
            .iter()
            .find(|d| d["decision"].as_str().unwrap().starts_with("plan move"))
            .or_else(|| list.iter().find(|d| d["decision"] != "pass"))
            .unwrap_or(&list[0]);
        ok(&post(
            addr,
            &format!("/api/battlefield/games/{id}/decide"),
            &json!({"seat": me, "decision": pick["decision"], "ply": ply}),
        )
        .unwrap());
    }
    panic!("side A was never asked to move");
}

#[test]
fn a_refused_move_answers_with_the_engines_reason_and_a_legal_one_is_taken() {
    let server = start(&temp_db("field-game-refused"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"table": "ruined-town", "seats": ["human", "human"], "turns": 3, "seed": 5}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
    let s = until_a_move(addr, &id, &a, &b);
    let u = s["question"]["unit"].as_u64().unwrap() as usize;
    let unit = &s["table"]["units"][u];
    let start_pt = &unit["miniatures"][0]["centre"];
    let (x, y) = (start_pt[0].as_f64().unwrap(), start_pt[1].as_f64().unwrap());
    let allowance = s["question"]["allowance_cm"].as_f64().unwrap();
    // "A unit can move a distance up to its Move value": one miniature sent 3 allowances away.
    let far_y = if y + 3.0 * allowance < 115.0 {
        y + 3.0 * allowance
    } else {
        y - 3.0 * allowance
    };
    let far = format!("move m0@{x},{far_y}");
    let c = ok(&post(
        addr,
        &format!("/api/battlefield/games/{id}/check"),
        &json!({"seat": a, "decision": far}),
    )
    .unwrap());
    assert_eq!(c["ok"], false, "{c}");
    let reason = c["reason"].as_str().unwrap().to_string();
    assert!(!reason.is_empty());
    let p = &c["preview"]["paths"][0];
    assert!(p["length_cm"].as_f64().unwrap() > p["allowance_cm"].as_f64().unwrap(), "{p}");
    assert_eq!(p["allowance_cm"].as_f64().unwrap(), allowance);
    // The decision itself is refused with the very same words, and nothing changes.
    let d = post(
        addr,
        &format!("/api/battlefield/games/{id}/decide"),
        &json!({"seat": a, "decision": far, "ply": s["ply"]}),
    )
    .unwrap();
    assert_eq!(d.status, 422, "{}", d.body);
    assert_eq!(d.json()["error"]["message"].as_str().unwrap(), reason);
    assert_eq!(state(addr, &id, &a)["ply"], s["ply"]);
    // The generator's move for this unit passes the same check, and is taken.
    let cands = ok(&get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={a}&limit=10")).unwrap());
    let mv = cands["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["decision"].as_str().unwrap().to_string())
        .find(|d| d.starts_with("move m"))
        .expect("a move among the candidates");
    let c = ok(&post(
        addr,
        &format!("/api/battlefield/games/{id}/check"),
        &json!({"seat": a, "decision": mv}),
    )
    .unwrap());
    assert_eq!(c["ok"], true, "{c}");
    assert!(c["preview"]["paths"][0]["length_cm"].as_f64().unwrap() <= allowance + 1e-9);
    let d = post(
        addr,
        &format!("/api/battlefield/games/{id}/decide"),
        &json!({"seat": a, "decision": mv, "ply": s["ply"]}),
    )
    .unwrap();
    assert_eq!(d.status, 200, "{}", d.body);
}

#[test]
fn the_seed_never_reaches_a_player_before_the_end() {
    let server = start(&temp_db("field-game-secret"));
    let addr = server.addr();
    // A seed whose digits cannot turn up by chance in a response.
    let seed: u64 = 8_736_251_904_417_263_509;
    let g = create(
        addr,
        json!({"table": "ruined-town", "seats": ["human", "human"], "turns": 2, "seed": seed}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    assert!(!g.to_string().contains(&seed.to_string()));
    let (a, b, watch) = (token(&g["links"]["a"]), token(&g["links"]["b"]), token(&g["links"]["spectator"]));
    let hex = format!("{seed:x}");
    let mut seen = Vec::new();
    for _ in 0..10 {
        let s = state(addr, &id, &a);
        let me = if s["your_turn"] == true { &a } else { &b };
        let other = if me == &a { &b } else { &a };
        for t in [&a, &b, &watch] {
            seen.push(get(addr, &format!("/api/battlefield/games/{id}?seat={t}")).unwrap().body);
        }
        seen.push(
            get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={me}&limit=20"))
                .unwrap()
                .body,
        );
        // The other side's token is not the deciding one's, and opens neither's tools.
        assert_eq!(
            get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={other}"))
                .unwrap()
                .status,
            409
        );
        let after = take_first(addr, &id, me, s["ply"].as_u64().unwrap());
        seen.push(after.to_string());
    }
    for body in &seen {
        assert!(!body.contains(&seed.to_string()) && !body.contains(&hex), "the seed leaked: {body}");
        assert!(!body.contains("\"seed\""), "a seed field: {body}");
    }
    // The record (which holds the seed) is refused to both people and the spectator.
    for t in [&a, &b, &watch] {
        let r = get(addr, &format!("/api/battlefield/games/{id}/record?seat={t}")).unwrap();
        assert_eq!(r.status, 403, "{}", r.body);
        assert_eq!(r.error_code().as_deref(), Some("record_hidden"));
    }
}

#[test]
fn a_table_from_the_editor_starts_a_game_and_a_bad_one_is_refused_with_its_problem() {
    let server = start(&temp_db("field-game-editor"));
    let addr = server.addr();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/battlefield/tables/dnieper-ford.toml"
    ))
    .unwrap();
    let g = create(addr, json!({"toml": text, "seats": ["human", "random"], "turns": 1}));
    let id = g["id"].as_str().unwrap();
    let s = state(addr, id, &token(&g["links"]["a"]));
    assert_eq!(s["table"]["name"], "Dnieper Ford");
    let bad = post(addr, "/api/battlefield/games", &json!({"toml": "[table]\nname = 3\n"})).unwrap();
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert_eq!(bad.error_code().as_deref(), Some("bad_table"));
    let none = post(addr, "/api/battlefield/games", &json!({"table": "atlantis"})).unwrap();
    assert_eq!(none.status, 404, "{}", none.body);
    assert!(none.body.contains("ruined-town"));
    let seat = post(
        addr,
        "/api/battlefield/games",
        &json!({"table": "ruined-town", "seats": ["human", "chess"]}),
    )
    .unwrap();
    assert_eq!(seat.status, 400, "{}", seat.body);
}

#[test]
fn the_odds_are_the_engines_own_from_where_the_units_stand() {
    let server = start(&temp_db("field-game-odds"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"table": "ruined-town", "seats": ["human", "human"], "turns": 3, "seed": 3}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
    let s = state(addr, &id, &a);
    let me = if s["your_turn"] == true { &a } else { &b };
    let units = s["units"].as_array().unwrap();
    // "1. Check Field of Fire": the Pounder's hull machine gun fires 45° either side of its
    // facing (the page draws the arc); an infantry weapon fires in any direction.
    let pounder = units.iter().find(|u| u["name"] == "Pounder").unwrap();
    let mg = pounder["weapons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["name"] == ".30 cal MG")
        .unwrap();
    assert_eq!(mg["front_arc"], true);
    let squad = units.iter().find(|u| u["class"] == "squad").unwrap();
    assert!(squad["weapons"].as_array().unwrap().iter().all(|w| w["front_arc"] == false));
    // Some pair of enemies that can fire at each other, as `odds --table` finds it.
    let mut answered = 0;
    for x in units {
        for y in units {
            if x["side"] == y["side"] {
                continue;
            }
            let q = format!(
                "/api/battlefield/games/{id}/odds?seat={me}&attacker={}&target={}",
                enc(x["name"].as_str().unwrap()),
                enc(y["name"].as_str().unwrap())
            );
            let r = get(addr, &q).unwrap();
            if r.status == 200 {
                let o = r.json();
                let sum: f64 = o["groups"][0]["unsaved_hits"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_f64().unwrap())
                    .sum();
                assert!((sum - 1.0).abs() < 1e-9, "a distribution sums to 1: {o}");
                assert!(o["expected_damage"].as_f64().unwrap() >= 0.0);
                answered += 1;
            } else {
                assert_eq!(r.status, 422, "{}", r.body);
                assert_eq!(r.error_code().as_deref(), Some("cannot_attack"));
            }
        }
    }
    assert!(answered > 0, "some unit can fire on the table as set up");
}

/// A fresh PostgreSQL database, or `None` when `DUST_TEST_POSTGRES` is not set (as in
/// `tests/postgres.rs`: `DUST_REQUIRE_POSTGRES` makes a missing server a failure).
fn postgres(test: &str) -> Option<String> {
    match std::env::var("DUST_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => {
            let name = format!("dust_{test}_{}", std::process::id());
            Some(dust_server::pg::create_database(url.trim(), &name).unwrap())
        }
        _ => {
            assert!(std::env::var_os("DUST_REQUIRE_POSTGRES").is_none(), "DUST_TEST_POSTGRES is not set");
            eprintln!("{test}: skipped (set DUST_TEST_POSTGRES=postgres://USER@HOST/DB to run it against PostgreSQL)");
            None
        }
    }
}

#[test]
fn on_postgresql_two_servers_play_one_game_and_a_restart_resumes_it() {
    let Some(url) = postgres("field_game") else { return };
    let db = std::path::PathBuf::from(&url);
    let (one, two) = (start(&db), start(&db));
    let g = create(
        one.addr(),
        json!({"table": "ruined-town", "seats": ["human", "human"], "turns": 2, "seed": 13}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
    // Decisions alternate between the two servers; each sees the other's.
    for i in 0..8 {
        let addr = if i % 2 == 0 { one.addr() } else { two.addr() };
        let s = state(addr, &id, &a);
        let me = if s["your_turn"] == true { &a } else { &b };
        take_first(addr, &id, me, s["ply"].as_u64().unwrap());
    }
    let (s1, s2) = (state(one.addr(), &id, &a), state(two.addr(), &id, &a));
    assert_eq!(s1["ply"], 8);
    assert_eq!(s1["units"], s2["units"]);
    one.stop();
    two.stop();
    let three = start(&db);
    let s3 = state(three.addr(), &id, &a);
    assert_eq!(s3["ply"], 8);
    assert_eq!(s3["units"], s1["units"]);
}

/// "You may hold one of your units in ambush … You may place a unit held in ambush … on the
/// table at the start of the unit's activation" (tactics-battlefield-summary.md, "SCENARIO
/// SPECIAL RULES"): until its owner places it, the other side and the spectators see the unit
/// off the table, with no miniature; the place chosen reaches them with the decision.
#[test]
fn a_unit_held_in_ambush_is_hidden_from_the_other_side_until_placed() {
    let server = start(&temp_db("field-game-ambush"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"table": "ostwall-bunker-line", "seats": ["human", "human"], "turns": 2, "seed": 1}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b, watch) = (token(&g["links"]["a"]), token(&g["links"]["b"]), token(&g["links"]["spectator"]));
    let s = state(addr, &id, &a);
    let held = s["units"]
        .as_array()
        .unwrap()
        .iter()
        .position(|u| u["name"] == "Battle Grenadiers")
        .unwrap();
    let hidden = |tok: &str| {
        let s = state(addr, &id, tok);
        assert_eq!(s["units"][held]["off_table"], true, "{}", s["units"][held]);
        assert_eq!(s["table"]["units"][held]["miniatures"], json!([]));
    };
    let mut placed = None;
    for _ in 0..40 {
        let s = state(addr, &id, &a);
        if s["status"] != "playing" {
            break;
        }
        let me = if s["your_turn"] == true { &a } else { &b };
        let c = ok(&get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={me}&limit=40")).unwrap());
        let list: Vec<String> = c["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["decision"].as_str().unwrap().to_string())
            .collect();
        let pick = list
            .iter()
            .find(|d| **d == format!("activate {held}"))
            .or_else(|| list.iter().find(|d| d.starts_with("place ") && *d != "place none"))
            .unwrap_or(&list[0])
            .clone();
        if pick.starts_with("place ") {
            hidden(&a);
            hidden(&watch);
            // Side A cannot ask for side B's proposals (its placement) either.
            assert_eq!(
                get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={a}"))
                    .unwrap()
                    .status,
                409
            );
            placed = Some(pick.clone());
        }
        ok(&post(
            addr,
            &format!("/api/battlefield/games/{id}/decide"),
            &json!({"seat": me, "decision": pick, "ply": s["ply"]}),
        )
        .unwrap());
        if placed.is_some() {
            break;
        }
    }
    let placed = placed.expect("side B placed its unit from ambush");
    let s = state(addr, &id, &a);
    let minis = s["table"]["units"][held]["miniatures"].as_array().unwrap();
    assert!(!minis.is_empty(), "placed: {placed}");
    let first: Vec<f64> = placed
        .split_whitespace()
        .nth(1)
        .unwrap()
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    let c = &minis[0]["centre"];
    assert!((c[0].as_f64().unwrap() - first[0]).abs() < 0.01 && (c[1].as_f64().unwrap() - first[1]).abs() < 0.01);
}

/// The tokens of tactics-battlefield-summary.md a page draws beside Under Fire and Suppression:
/// "CARRYING PASSENGERS" (a vehicle with units inside it; "The hero can begin the game mounted
/// in a vehicle", "Piloting Vehicles and Aircraft") and the Stunned token (TESLA WEAPONS,
/// GRAPPLE WEAPONS). The Dnieper Ford table starts Koshka aboard Matrioshka.
#[test]
fn the_state_names_who_is_aboard_and_the_stunned_token() {
    let server = start(&temp_db("field-game-aboard"));
    let addr = server.addr();
    let g = create(addr, json!({"table": "dnieper-ford", "seats": ["human", "human"], "turns": 1}));
    let id = g["id"].as_str().unwrap().to_string();
    let s = state(addr, &id, &token(&g["links"]["a"]));
    let units = s["units"].as_array().unwrap();
    let koshka = units.iter().find(|u| u["name"] == "Koshka").expect("Koshka");
    assert_eq!(koshka["aboard"], "Matrioshka", "{koshka}");
    assert_eq!(koshka["stunned"], false);
    let walker = units.iter().find(|u| u["name"] == "Matrioshka").expect("Matrioshka");
    assert!(walker["aboard"].is_null());
    assert!(units.iter().all(|u| u["loaded"].is_boolean() && u["stunned"].is_boolean()));
}

/// A table of the project's own design for the special action below: barbed wire a few
/// centimetres in front of a squad (shared with the terminal's test, battlefield_play_tui).
const WIRE_TABLE: &str = include_str!("../../../tests/fixtures/battlefield/wire-test.toml");

/// "SPECIAL" is one of the actions a unit declares (tactics-battlefield-summary.md, "ROLL FOR
/// INITIATIVE"), and ENGINEERING cuts a gap through barbed wire ("BARBED WIRE ENTANGLEMENTS"):
/// the state names the question a special action asks (`special`, not an attack), so that the
/// page shows its own control, and the engineering decision it proposes is taken.
#[test]
fn a_declared_special_action_is_asked_as_its_own_question() {
    let server = start(&temp_db("field-game-special"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"toml": WIRE_TABLE, "seats": ["human", "human"], "turns": 1, "seed": 5}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
    let decide = |tok: &str, d: &str, ply: &Value| {
        ok(&post(
            addr,
            &format!("/api/battlefield/games/{id}/decide"),
            &json!({"seat": tok, "decision": d, "ply": ply}),
        )
        .unwrap())
    };
    let mut s = state(addr, &id, &a);
    for _ in 0..6 {
        // The state as side A sees it (a decision answers with its decider's view).
        s = state(addr, &id, &a);
        let me = if s["your_turn"] == true { a.clone() } else { b.clone() };
        let q = s["question"]["kind"].as_str().unwrap().to_string();
        s = match (q.as_str(), me == a) {
            ("first", _) => decide(&me, "first a", &s["ply"]),
            ("activate", true) => decide(&me, "activate 0", &s["ply"]),
            ("react", _) => decide(&me, "react none", &s["ply"]),
            ("plan", true) => decide(&me, "plan special nothing", &s["ply"]),
            _ => break,
        };
        if s["question"]["kind"] == "special" {
            break;
        }
    }
    assert_eq!(s["question"]["kind"], "special", "{}\n{}", s["question"], s["log"]);
    assert_eq!(s["question"]["unit_name"], "Hell Boys");
    let c = ok(&get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={a}&limit=12")).unwrap());
    let list: Vec<&str> = c["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["decision"].as_str().unwrap())
        .collect();
    assert!(list.contains(&"special engineer 0"), "{list:?}");
    let after = decide(&a, "special engineer 0", &s["ply"]);
    let log = after["log"].to_string();
    assert!(
        log.contains("side A: ENGINEERING on The Wire"),
        "the log names the wire, not its number: {log}"
    );
}

/// The weapon lines say which may fire smoke shells ("ARTILLERY WEAPONS": range A or a minimum
/// range), and a unit carried in a vehicle says which (its index), for the page's controls.
#[test]
fn the_state_names_artillery_lines_and_the_vehicle_a_unit_is_aboard() {
    let server = start(&temp_db("field-game-artillery"));
    let addr = server.addr();
    let g = create(addr, json!({"table": "dnieper-ford", "seats": ["human", "human"], "turns": 1}));
    let id = g["id"].as_str().unwrap().to_string();
    let s = state(addr, &id, &token(&g["links"]["a"]));
    let units = s["units"].as_array().unwrap();
    let koshka = units.iter().find(|u| u["name"] == "Koshka").unwrap();
    let walker = units.iter().position(|u| u["name"] == "Matrioshka").unwrap();
    assert_eq!(koshka["aboard_unit"], walker);
    assert!(units[walker]["carrying"].as_array().unwrap().contains(&koshka["index"]));
    for u in units {
        for w in u["weapons"].as_array().unwrap() {
            let r = w["range"].as_str().unwrap();
            // A range with a minimum is written MIN-MAX on the card.
            assert_eq!(w["artillery"], r == "A" || r.contains('-'), "{w}");
        }
    }
}

/// "SCENARIO SPECIAL RULES", scattered reserves: a unit arriving from reserve is placed at the
/// stretches of table edge its die gave. The state names those stretches with the question
/// (`reserve_edges`, in cm) so that the page draws them; a unit held in ambush has none.
#[test]
fn a_unit_arriving_from_scattered_reserves_is_asked_with_its_stretches_of_edge() {
    let server = start(&temp_db("field-game-reserves"));
    let addr = server.addr();
    let g = create(
        addr,
        json!({"table": "dnieper-ford", "seats": ["human", "human"], "turns": 3, "seed": 3}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let (a, b) = (token(&g["links"]["a"]), token(&g["links"]["b"]));
    let mut asked = None;
    for _ in 0..100 {
        let s = state(addr, &id, &a);
        assert_eq!(s["status"], "playing", "the game ended before a unit arrived from reserve");
        if s["question"]["kind"] == "place" {
            asked = Some(s);
            break;
        }
        let me = if s["your_turn"] == true { &a } else { &b };
        take_first(addr, &id, me, s["ply"].as_u64().unwrap());
    }
    let s = asked.expect("a unit arrived from reserve");
    let q = &s["question"];
    let edges = q["reserve_edges"].as_array().expect("the stretches of edge");
    assert!(!edges.is_empty(), "{q}");
    let size = (s["table"]["size"][0].as_f64().unwrap(), s["table"]["size"][1].as_f64().unwrap());
    for e in edges {
        // Each stretch lies along an edge of the table.
        let (a, b) = (&e[0], &e[1]);
        let (ax, ay, bx, by) = (
            a[0].as_f64().unwrap(),
            a[1].as_f64().unwrap(),
            b[0].as_f64().unwrap(),
            b[1].as_f64().unwrap(),
        );
        let on_edge = |x: f64, y: f64| x == 0.0 || y == 0.0 || x == size.0 || y == size.1;
        assert!(on_edge(ax, ay) && on_edge(bx, by) && (ax == bx || ay == by), "{e}");
    }
    // And the engine proposes a placement there (the page's starting point to drag).
    let c = ok(&get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={a}&limit=4")).unwrap());
    let first = c["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["decision"].as_str().unwrap())
        .find(|d| *d != "place none")
        .expect("a placement");
    assert!(first.starts_with("place "), "{first}");
}
