//! Issue 17, "keep secrets secret": no endpoint shows a seat or a spectator what that seat may
//! not see. Secret are the chance seed (with it the dice to come, the dealt hands and the future
//! draws can be rebuilt), the other players' hands and their face-down choices before they are
//! revealed. The full record (seed and every decision) is given when the game is over, or to the
//! only person of a game against the computer (`dust_server::secrets`).
//!
//! The checks are general: every game endpoint that answers a GET (or a WebSocket) is listed in
//! [`GAME_ENDPOINTS`] with how it is checked, and [`every_get_route_is_checked`] reads the
//! routers' sources so that a new endpoint cannot be added without being listed here. The body
//! of every answer, as every seat and as a spectator, is searched for every secret string of
//! that moment.

mod common;

use common::{start, temp_db};
use dust_server::client::{get, post, Answer, GameSocket};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Every GET route of the two routers, with what a test here does with it. `public` routes
/// carry no game's state (pages, assets, rules data); the others are called by
/// [`tactics_views`] or [`strategy_views`] as every seat and as a spectator.
const GAME_ENDPOINTS: &[(&str, &str)] = &[
    ("/", "public"),
    ("/game/{id}", "public"),
    ("/replay", "public"),
    ("/odds", "public"),
    ("/rulings", "public"),
    ("/assets/app.js", "public"),
    ("/assets/style.css", "public"),
    ("/assets/board.js", "public"),
    ("/assets/table.js", "public"),
    ("/api/rules/explain", "public"),
    ("/api/health", "public"),
    ("/api/scenarios", "public"),
    ("/api/armies", "public"),
    ("/api/cards", "public"),
    ("/api/rulings", "public"),
    ("/api/games", "tactics"),
    ("/api/games/{id}", "tactics"),
    ("/api/games/{id}/targets", "tactics"),
    ("/api/games/{id}/record", "tactics"),
    ("/api/games/{id}/ws", "tactics"),
    ("/strategy", "public"),
    ("/strategy/{id}", "public"),
    ("/assets/strategy.js", "public"),
    ("/assets/strategy.css", "public"),
    ("/api/strategy/map", "public"),
    ("/api/strategy/games", "strategy"),
    ("/api/strategy/games/{id}", "strategy"),
    ("/api/strategy/games/{id}/record", "strategy"),
    ("/api/strategy/games/{id}/ws", "strategy"),
    ("/battlefield", "public"),
    ("/battlefield/tables/{id}", "public"),
    ("/battlefield/editor", "public"),
    ("/assets/field.js", "public"),
    ("/assets/field.css", "public"),
    ("/assets/field-editor.js", "public"),
    ("/api/battlefield/tables", "public"),
    ("/api/battlefield/tables/{id}", "public"),
    ("/api/battlefield/tables/{id}/sight", "public"),
    ("/api/battlefield/tables/{id}/path", "public"),
    ("/api/battlefield/cards", "public"),
];

/// Every POST route of the two routers, with how its answer keeps the secrets: `checked` ones
/// are called here as the seats and the spectator and their answers searched; the others
/// answer from the client's own input (no game's hidden state) or with the client's own new
/// token, said why.
const POST_ENDPOINTS: &[(&str, &str)] = &[
    ("/api/games", "checked: the creation's answer has no seed"),
    ("/api/games/import", "the uploader's own record: nothing it did not send"),
    ("/api/games/{id}/decide", "checked"),
    (
        "/api/games/{id}/join",
        "the joiner's own new token; a seat opened to the public only (tests/seats.rs)",
    ),
    ("/api/games/{id}/claim", "the claimer's own new token (tests/seats.rs)"),
    ("/api/games/{id}/undo", "checked: as each seat and the spectator"),
    ("/api/armies/check", "the client's own army file"),
    ("/api/odds", "the client's own question"),
    ("/api/replay", "the client's own record"),
    ("/api/battlefield/check", "the client's own table file"),
    ("/api/strategy/games", "checked: the creation's answer has no seed"),
    (
        "/api/strategy/games/{id}/decide",
        "checked: one decision and batches, as each seat and the spectator",
    ),
    ("/api/strategy/games/{id}/plan", "checked: as each seat and the spectator"),
];

/// The routes of `method` (`get(`, `post(`) declared in a router's source
/// (`.route("PATH", get(…))`).
fn routes_of(src: &str, method: &str) -> Vec<String> {
    src.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix(".route(\"")?;
            let (path, tail) = rest.split_once('"')?;
            tail.contains(method).then(|| path.to_string())
        })
        .collect()
}

/// The GET routes declared in a router's source.
fn get_routes(src: &str) -> Vec<String> {
    routes_of(src, "get(")
}

/// Review: the POST routes' answers keep the secrets too (`plan` and `undo` were added
/// without a check here).
#[test]
fn every_post_route_is_checked() {
    let mut routes = routes_of(include_str!("../src/http.rs"), "post(");
    routes.extend(routes_of(include_str!("../src/strategy/mod.rs"), "post("));
    assert!(routes.len() >= 10, "the routes are read from the sources: {routes:?}");
    let listed: BTreeSet<&str> = POST_ENDPOINTS.iter().map(|(p, _)| *p).collect();
    for r in &routes {
        assert!(
            listed.contains(r.as_str()),
            "the POST route {r} is not in POST_ENDPOINTS: say how its answers keep the secrets"
        );
    }
}

#[test]
fn every_get_route_is_checked() {
    let mut routes = get_routes(include_str!("../src/http.rs"));
    routes.extend(get_routes(include_str!("../src/strategy/mod.rs")));
    assert!(routes.len() >= 20, "the routes are read from the sources: {routes:?}");
    let listed: BTreeSet<&str> = GAME_ENDPOINTS.iter().map(|(p, _)| *p).collect();
    for r in &routes {
        assert!(
            listed.contains(r.as_str()),
            "the GET route {r} is not in GAME_ENDPOINTS: say how its answers keep the secrets"
        );
    }
}

/// Where `needle` occurs in `hay` as a whole token (not followed by a digit: `card 1` is not
/// found in `card 12`, seed 7 not in 71).
fn contains_token(hay: &str, needle: &str) -> bool {
    let mut start = 0;
    while let Some(i) = hay[start..].find(needle) {
        let at = start + i;
        let end = at + needle.len();
        let before_ok = at == 0 || !hay.as_bytes()[at - 1].is_ascii_digit() || !needle.as_bytes()[0].is_ascii_digit();
        let after_ok = hay.as_bytes().get(end).is_none_or(|b| !b.is_ascii_digit());
        if before_ok && after_ok {
            return true;
        }
        start = at + 1;
    }
    false
}

/// Fails when any secret is in an answer.
fn assert_hidden(what: &str, body: &str, secrets: &[String]) {
    for s in secrets {
        assert!(!contains_token(body, s), "{what} shows the secret `{s}`:\n{body}");
    }
}

/// The secret forms of a seed: decimal and hexadecimal.
fn seed_forms(seed: u64) -> Vec<String> {
    vec![seed.to_string(), format!("{seed:x}"), format!("{seed:#x}")]
}

fn ok(a: &Answer, what: &str) -> String {
    assert_eq!(a.status, 200, "{what}: {}", a.body);
    a.body.clone()
}

fn refused_record(a: &Answer, what: &str) {
    assert_eq!(a.status, 403, "{what}: the record must be refused before the end: {}", a.body);
    assert_eq!(a.error_code().as_deref(), Some("record_hidden"), "{what}: {}", a.body);
}

// ----- tactics ------------------------------------------------------------------------------

/// The dice seed of the tactics games here (digits found nowhere else).
const TACTICS_SEED: u64 = 86_753_091_234;

/// Every tactics game endpoint as `token` (a seat or a spectator): none shows the seed; the
/// record is refused unless `record` (then it is given, with the seed).
fn tactics_views(addr: SocketAddr, id: &str, token: &str, who: &str, record: bool) {
    let mut secrets = seed_forms(TACTICS_SEED);
    secrets.push(dust_data::record::PlayersSetup::seed_for(TACTICS_SEED).to_string());
    let lobby = ok(&get(addr, "/api/games").unwrap(), "lobby");
    assert_hidden("GET /api/games", &lobby, &secrets);
    let state = ok(&get(addr, &format!("/api/games/{id}?seat={token}")).unwrap(), who);
    let s: Value = serde_json::from_str(&state).unwrap();
    assert_eq!(s["record_available"], record, "{who}: {state}");
    if record {
        assert_eq!(s["seed"], TACTICS_SEED.to_string(), "{who}");
    } else {
        assert!(s["seed"].is_null(), "{who}: {state}");
        assert_hidden(&format!("GET /api/games/ID as {who}"), &state, &secrets);
    }
    for unit in 0..4 {
        let t = get(addr, &format!("/api/games/{id}/targets?seat={token}&unit={unit}")).unwrap();
        assert_hidden(&format!("GET /api/games/ID/targets as {who}"), &t.body, &secrets);
    }
    let mut ws = GameSocket::connect(addr, id, token).unwrap();
    let first = ws.recv_kind("state").unwrap();
    assert_eq!(first["record_available"], record, "{who}");
    if !record {
        assert_hidden(&format!("WS /api/games/ID/ws as {who}"), &first.to_string(), &secrets);
    }
    let rec = get(addr, &format!("/api/games/{id}/record?seat={token}")).unwrap();
    if record {
        assert!(ok(&rec, who).contains(&format!("seed = {TACTICS_SEED}")), "{}", rec.body);
    } else {
        refused_record(&rec, &format!("GET /api/games/ID/record as {who}"));
    }
}

#[test]
fn tactics_endpoints_hide_the_seed_from_every_seat_and_spectator() {
    let db = temp_db("secrets-tactics");
    let server = start(&db);
    let addr = server.addr();

    // Two people: nobody sees the seed before the end, neither seat nor spectator.
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "opponent": "human", "seed": TACTICS_SEED, "spectators": true }),
    )
    .unwrap();
    assert_hidden("POST /api/games", &c.body, &seed_forms(TACTICS_SEED));
    let c = c.json();
    let id = c["id"].as_str().unwrap();
    let a = c["you"]["token"].as_str().unwrap();
    // Seat B is claimed through the invite link, which issues its own token.
    let b_token = dust_server::client::claim_invite(addr, &c).unwrap();
    let b = b_token.as_str();
    let spectator = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap();
    for (token, who) in [(a, "seat A"), (b, "seat B"), (spectator, "a spectator")] {
        tactics_views(addr, id, token, who, false);
    }
    // A decision's answer does not show it either.
    let s = get(addr, &format!("/api/games/{id}?seat={a}")).unwrap().json();
    let (token, side) = if s["pending"]["side"] == "B" { (b, "B") } else { (a, "A") };
    let d = s["decisions"][0]["text"].as_str().unwrap_or("end").to_string();
    let ans = post(
        addr,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": token, "decision": d, "ply": s["ply"] }),
    )
    .unwrap();
    assert_hidden(&format!("POST decide as {side}"), &ans.body, &seed_forms(TACTICS_SEED));
    // An undo's answer, asked, answered and refused, as each seat and the spectator.
    let undo = |token: &str, ask: &str| post(addr, &format!("/api/games/{id}/undo"), &json!({ "seat": token, "ask": ask })).unwrap();
    for (token, who) in [(token, "the seat that decided"), (spectator, "a spectator")] {
        for ask in ["request", "cancel", "accept", "decline"] {
            let u = undo(token, ask);
            assert_hidden(&format!("POST undo {ask} as {who}"), &u.body, &seed_forms(TACTICS_SEED));
        }
    }
    let (other, _) = if side == "A" { (b, "B") } else { (a, "A") };
    assert_eq!(undo(token, "request").status, 200);
    let u = undo(other, "accept");
    assert_eq!(u.status, 200, "{}", u.body);
    assert_hidden("POST undo accept", &u.body, &seed_forms(TACTICS_SEED));
    for (t, who) in [(a, "seat A"), (b, "seat B"), (spectator, "a spectator")] {
        tactics_views(addr, id, t, who, false);
    }

    // One person against the AI: that person may save the game (seed included); a spectator
    // may not.
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "opponent": "ai random", "seed": TACTICS_SEED, "spectators": true }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap();
    let me = c["you"]["token"].as_str().unwrap();
    let spectator = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap();
    tactics_views(addr, id, me, "the lone person", true);
    tactics_views(addr, id, spectator, "a spectator of a game against the AI", false);
    server.stop();
}

// ----- strategy -----------------------------------------------------------------------------

/// The chance seed of the strategy games here.
const STRATEGY_SEED: u64 = 97_531_086_421;

/// What one seat knows of itself: its hand (card texts) and its face-down choice.
struct Seat {
    token: String,
    hand: Vec<String>,
}

fn strategy_state(addr: SocketAddr, id: &str, token: &str) -> (String, Value) {
    let body = ok(&get(addr, &format!("/api/strategy/games/{id}?seat={token}")).unwrap(), "state");
    let v = serde_json::from_str(&body).unwrap();
    (body, v)
}

fn hand_texts(v: &Value) -> Vec<String> {
    v["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap().to_string())
        .collect()
}

/// Every strategy endpoint as every seat and as the spectator, at this moment: none shows the
/// seed, another seat's hand or another seat's face-down choice (`chosen[p]`: the `card N`
/// decision of seat p, while its choice is face down). Once the game is over the record is
/// given to all. Returns whether the game is over.
///
/// `sockets` (one per seat, then the spectator's, opened at the start): every state each one
/// pushed since the last look, up to this moment's, is searched for the same secrets, and its
/// `you` is its own viewer's.
fn strategy_views(
    addr: SocketAddr,
    id: &str,
    seats: &mut [Seat],
    spectator: &str,
    chosen: &[Option<u32>],
    sockets: &mut [(GameSocket, u64)],
) -> bool {
    let mut over = false;
    for s in seats.iter_mut() {
        let v = strategy_state(addr, id, &s.token).1;
        s.hand = hand_texts(&v);
        over = v["pending"]["kind"] == "over";
    }
    let seed = seed_forms(STRATEGY_SEED);
    let lobby = ok(&get(addr, "/api/strategy/games").unwrap(), "lobby");
    assert_hidden("GET /api/strategy/games", &lobby, &seed);
    let n = seats.len();
    for v in 0..=n {
        let (who, token, mine): (String, &str, &[String]) = if v < n {
            (format!("P{}", v + 1), &seats[v].token, &seats[v].hand)
        } else {
            ("the spectator".into(), spectator, &[])
        };
        let (body, state) = strategy_state(addr, id, token);
        // What this viewer may see anyway: his hand and the cards revealed on the table.
        let mut seen: BTreeSet<String> = mine.iter().cloned().collect();
        for p in state["seats"].as_array().unwrap() {
            if let Some(t) = p["card"]["text"].as_str() {
                seen.insert(t.to_string());
            }
        }
        let mut secrets = if over { Vec::new() } else { seed.clone() };
        for (o, other) in seats.iter().enumerate() {
            if o == v {
                continue;
            }
            secrets.extend(other.hand.iter().filter(|t| !seen.contains(*t)).cloned());
            if let Some(c) = chosen[o] {
                if state["seats"][o]["has_chosen"] == true {
                    secrets.push(format!("card {c}"));
                }
            }
        }
        assert_hidden(&format!("GET /api/strategy/games/ID as {who}"), &body, &secrets);
        let you = if v < n { json!(v) } else { Value::Null };
        assert_eq!(state["you"], you, "{who}");
        // The WebSocket's pushes not read yet, up to the state of this moment.
        let plies = state["plies"].as_u64().unwrap();
        let (socket, last) = &mut sockets[v];
        while *last < plies {
            let pushed = socket.recv().unwrap();
            assert_eq!(pushed["type"], "state", "{pushed}");
            assert_hidden(
                &format!("WebSocket /api/strategy/games/ID/ws as {who}"),
                &pushed.to_string(),
                &secrets,
            );
            assert_eq!(pushed["you"], you, "{who}");
            *last = pushed["plies"].as_u64().unwrap();
            if *last == plies {
                assert_eq!(pushed["hand"], state["hand"], "{who}: the socket shows his own hand");
            }
        }
        let rec = get(addr, &format!("/api/strategy/games/{id}/record?seat={token}")).unwrap();
        if over {
            assert!(ok(&rec, &who).contains(&format!("seed {STRATEGY_SEED}")), "{}", rec.body);
            assert_eq!(state["record_available"], true, "{who}");
        } else {
            refused_record(&rec, &format!("GET /api/strategy/games/ID/record as {who}"));
            assert_eq!(state["record_available"], false, "{who}");
        }
    }
    over
}

/// `POST …/plan` and a batch to `…/decide` as every seat and the spectator at `ply`: the seat
/// that decides is answered for each of its choices, the others are refused; no answer shows
/// the seed, another seat's hand or another seat's face-down choice, and nothing is taken.
fn strategy_plans(addr: SocketAddr, id: &str, seats: &[Seat], spectator: &str, chosen: &[Option<u32>], ply: u64) {
    let n = seats.len();
    for v in 0..=n {
        let token = if v < n { seats[v].token.as_str() } else { spectator };
        let (_, state) = strategy_state(addr, id, token);
        if state["plies"].as_u64() != Some(ply) || state["pending"]["kind"] != "decision" {
            return;
        }
        let mut secrets = seed_forms(STRATEGY_SEED);
        for (o, other) in seats.iter().enumerate() {
            if o != v {
                secrets.extend(other.hand.iter().cloned());
                if let (Some(c), true) = (chosen[o], state["seats"][o]["has_chosen"] == true) {
                    secrets.push(format!("card {c}"));
                }
            }
        }
        // What the viewer sees anyway: its hand and the cards on the table.
        let mut seen: BTreeSet<String> = hand_texts(&state).into_iter().collect();
        for p in state["seats"].as_array().unwrap() {
            if let Some(t) = p["card"]["text"].as_str() {
                seen.insert(t.to_string());
            }
        }
        secrets.retain(|s| !seen.contains(s));
        let mut asked: Vec<String> = state["choices"]
            .as_array()
            .unwrap()
            .iter()
            .take(8)
            .map(|c| c["text"].as_str().unwrap().to_string())
            .collect();
        if asked.is_empty() {
            asked.push("end-turn".into());
        }
        for d in &asked {
            let who = if v < n { format!("P{}", v + 1) } else { "the spectator".into() };
            let p = post(
                addr,
                &format!("/api/strategy/games/{id}/plan"),
                &json!({ "seat": token, "decision": d, "ply": ply }),
            )
            .unwrap();
            if state["pending"]["yours"] == true {
                assert_eq!(p.status, 200, "{who} plans `{d}`: {}", p.body);
            } else {
                assert!(p.status == 403 || p.status == 409, "{who} plans `{d}`: {}", p.body);
            }
            assert_hidden(&format!("POST plan `{d}` as {who}"), &p.body, &secrets);
            let b = post(
                addr,
                &format!("/api/strategy/games/{id}/decide"),
                &json!({ "seat": token, "decisions": [d, "end-turn", "end-production"], "ply": ply }),
            )
            .unwrap();
            assert_ne!(b.status, 200, "a batch that ends a phase twice is refused: {}", b.body);
            assert_hidden(&format!("POST decide (a batch) as {who}"), &b.body, &secrets);
        }
        assert_eq!(strategy_state(addr, id, token).1["plies"].as_u64(), Some(ply), "nothing was taken");
    }
}

#[test]
fn strategy_endpoints_hide_hands_face_down_cards_and_the_seed() {
    let db = temp_db("secrets-strategy");
    let server = start(&db);
    let addr = server.addr();
    let c = post(
        addr,
        "/api/strategy/games",
        &json!({ "seats": ["human", "human", "human"], "seed": STRATEGY_SEED, "round_limit": 1 }),
    )
    .unwrap();
    assert_hidden("POST /api/strategy/games", &c.body, &seed_forms(STRATEGY_SEED));
    let c = c.json();
    let id = c["id"].as_str().unwrap().to_string();
    let mut seats: Vec<Seat> = c["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| Seat {
            token: s["token"].as_str().unwrap().to_string(),
            hand: Vec::new(),
        })
        .collect();
    let spectator = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap().to_string();

    // Every seat takes its first offered decision, to the end of the game (one round), and
    // every endpoint is checked as every seat and the spectator after each decision of the
    // first 80 and after every face-down choice.
    let mut chosen: Vec<Option<u32>> = vec![None; seats.len()];
    let mut sockets: Vec<(GameSocket, u64)> = seats
        .iter()
        .map(|s| s.token.as_str())
        .chain([spectator.as_str()])
        .map(|t| {
            (
                GameSocket::connect_path(addr, &format!("/api/strategy/games/{id}/ws?seat={t}")).unwrap(),
                0,
            )
        })
        .collect();
    // The state at the start: the first push of each.
    for (socket, _) in &mut sockets {
        let first = socket.recv().unwrap();
        assert_eq!((first["type"].as_str(), first["plies"].as_u64()), (Some("state"), Some(0)));
        assert_hidden(
            "WebSocket /api/strategy/games/ID/ws",
            &first.to_string(),
            &seed_forms(STRATEGY_SEED),
        );
    }
    // A socket with a wrong token is refused before it opens.
    assert!(GameSocket::connect_path(addr, &format!("/api/strategy/games/{id}/ws?seat=nobody")).is_err());
    let t0 = Instant::now();
    for ply in 0.. {
        assert!(t0.elapsed() < Duration::from_secs(240), "the game does not end");
        let (_, s) = strategy_state(addr, &id, &seats[0].token);
        if s["pending"]["kind"] == "over" {
            break;
        }
        let p = s["pending"]["player"].as_u64().unwrap() as usize;
        let (_, mine) = strategy_state(addr, &id, &seats[p].token);
        let choices = mine["choices"].as_array().unwrap();
        // Prefer ending a phase, so the one round is short.
        let pick = ["end-turn", "end-production", "pass"]
            .iter()
            .find_map(|e| choices.iter().find(|c| c["text"] == *e))
            .unwrap_or(&choices[0]);
        let d = pick["text"].as_str().unwrap().to_string();
        let a = post(
            addr,
            &format!("/api/strategy/games/{id}/decide"),
            &json!({ "seat": seats[p].token, "decision": d, "ply": ply }),
        )
        .unwrap();
        assert_eq!(a.status, 200, "{d}: {}", a.body);
        assert_hidden("POST /api/strategy/games/ID/decide", &a.body, &seed_forms(STRATEGY_SEED));
        if ply < 80 {
            strategy_plans(addr, &id, &seats, &spectator, &chosen, ply + 1);
        }
        let face_down = d.strip_prefix("card ").map(|n| n.parse::<u32>().unwrap());
        if let Some(n) = face_down {
            chosen[p] = Some(n);
        }
        if ply < 80 || face_down.is_some() {
            strategy_views(addr, &id, &mut seats, &spectator, &chosen, &mut sockets);
        } else {
            // The pushes are read as they come (a socket left unread for the server's idle
            // time is closed), each without the seed.
            for (v, (socket, last)) in sockets.iter_mut().enumerate() {
                while *last <= ply {
                    let pushed = socket.recv().unwrap();
                    assert_hidden(
                        "WebSocket /api/strategy/games/ID/ws",
                        &pushed.to_string(),
                        &seed_forms(STRATEGY_SEED),
                    );
                    assert_eq!(pushed["you"], if v < seats.len() { json!(v) } else { Value::Null });
                    *last = pushed["plies"].as_u64().unwrap();
                }
            }
        }
    }
    // Over: every seat and the spectator may download the record.
    assert!(strategy_views(addr, &id, &mut seats, &spectator, &chosen, &mut sockets));
    assert!(chosen.iter().all(Option::is_some), "every seat chose a card face down");
    server.stop();
}

#[test]
fn the_lone_person_against_ais_may_save_the_strategy_game() {
    let db = temp_db("secrets-strategy-ai");
    let server = start(&db);
    let addr = server.addr();
    let c = post(
        addr,
        "/api/strategy/games",
        &json!({ "seats": ["heuristic", "human"], "seed": STRATEGY_SEED }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap();
    let me = c["seats"][1]["token"].as_str().unwrap();
    let spectator = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap();
    let (_, s) = strategy_state(addr, id, me);
    assert_eq!(s["record_available"], true);
    let rec = get(addr, &format!("/api/strategy/games/{id}/record?seat={me}")).unwrap();
    assert!(ok(&rec, "the lone person").contains(&format!("seed {STRATEGY_SEED}")));
    // A spectator is another person: not before the end.
    let (body, s) = strategy_state(addr, id, spectator);
    assert_eq!(s["record_available"], false);
    assert_hidden("GET /api/strategy/games/ID as the spectator", &body, &seed_forms(STRATEGY_SEED));
    refused_record(
        &get(addr, &format!("/api/strategy/games/{id}/record?seat={spectator}")).unwrap(),
        "the spectator",
    );
    server.stop();
}
