//! Issue 20, the browser's table: undo (free against the AI, asked and accepted between two
//! people; the engine replays the record minus the decisions taken back), the AI's decisions in
//! words, the end-of-game summary, and a page a person can read for a broken link.

mod common;

use common::{decide, start, state, temp_db, wait_turn};
use dust_server::client::{claim_invite, get, post};
use serde_json::{json, Value};
use std::net::SocketAddr;

fn undo(addr: SocketAddr, id: &str, token: &str, ask: &str) -> dust_server::client::Answer {
    post(addr, &format!("/api/games/{id}/undo"), &json!({ "seat": token, "ask": ask })).unwrap()
}

fn first_legal(s: &Value) -> String {
    // Prefer a decision that changes the board (a move or an aim), so the undo shows.
    let ds = s["decisions"].as_array().unwrap();
    let pick = ds
        .iter()
        .find(|d| d["kind"] == "move")
        .or_else(|| ds.iter().find(|d| d["kind"] == "aim"))
        .unwrap_or(&ds[0]);
    pick["text"].as_str().unwrap().to_string()
}

/// Against the AI, an undo is taken at once: the person's last decision and the AI's answers
/// after it go, the state is the one before it (the same hash), the record lost them too, and
/// the game goes on from there.
#[test]
fn undo_against_the_ai_takes_back_the_last_decision_and_the_ais_answers() {
    let server = start(&temp_db("table-undo-ai"));
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "ai greedy", "seed": 11 }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["you"]["token"].as_str().unwrap().to_string();
    // Nothing to take back yet (side A has decided nothing).
    let s0 = wait_turn(addr, &id, &t);
    let n = undo(addr, &id, &t, "request");
    if s0["ply"].as_u64() == Some(0) {
        assert_eq!((n.status, n.error_code().as_deref()), (409, Some("nothing_to_undo")), "{}", n.body);
    }
    // Play a few decisions; remember the state before our third one.
    let mut before = None;
    for k in 0..3 {
        let s = wait_turn(addr, &id, &t);
        assert_eq!(s["pending"]["kind"], "decision", "{s}");
        if k == 2 {
            before = Some((
                s["ply"].as_u64().unwrap(),
                s["hash"].as_str().unwrap().to_string(),
                s["events_total"].as_u64().unwrap(),
            ));
        }
        let d = first_legal(&s);
        let a = decide(addr, &id, &t, &d, s["ply"].as_u64());
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let (ply, hash, events) = before.unwrap();
    let after = wait_turn(addr, &id, &t);
    assert!(after["ply"].as_u64().unwrap() > ply);
    assert_eq!(after["undo"]["mode"], "free");
    assert_eq!(after["undo"]["can"], true);
    let u = undo(addr, &id, &t, "request");
    assert_eq!(u.status, 200, "{}", u.body);
    assert_eq!(u.json()["ply"].as_u64(), Some(ply));
    let s = wait_turn(addr, &id, &t);
    assert_eq!(s["ply"].as_u64(), Some(ply), "{s}");
    assert_eq!(s["hash"].as_str(), Some(hash.as_str()));
    assert_eq!(s["events_total"].as_u64(), Some(events));
    // A client that had seen more events is sent the whole log again.
    let more = get(addr, &format!("/api/games/{id}?seat={t}&since={}", events + 50))
        .unwrap()
        .json();
    assert_eq!(more["events_from"], 0);
    assert_eq!(more["events"].as_array().unwrap().len() as u64, events);
    // The stored record lost the decisions taken back: it replays to the same state.
    let rec = get(addr, &format!("/api/games/{id}/record?seat={t}")).unwrap();
    assert_eq!(rec.status, 200);
    let decisions = rec.body.lines().filter(|l| l.trim_start().starts_with('"')).count();
    assert!(decisions as u64 <= ply, "{}", rec.body);
    // And the game goes on from there.
    let d = first_legal(&s);
    assert_eq!(decide(addr, &id, &t, &d, Some(ply)).status, 200);
    server.stop();
}

/// Between two people an undo is a request: the other side accepts (the decision goes) or
/// declines (nothing changes); nobody answers their own request; a spectator cannot ask.
#[test]
fn undo_between_two_people_is_asked_and_accepted() {
    let server = start(&temp_db("table-undo-people"));
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": 4, "spectators": true }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    let tb = claim_invite(addr, &c).unwrap();
    let tok = |side: &str| if side == "A" { ta.clone() } else { tb.clone() };
    // Side to move decides once.
    let s = state(addr, &id, &ta);
    let mover = s["pending"]["side"].as_str().unwrap().to_string();
    let (hash0, ply0) = (s["hash"].as_str().unwrap().to_string(), s["ply"].as_u64().unwrap());
    let d = first_legal(&state(addr, &id, &tok(&mover)));
    assert_eq!(decide(addr, &id, &tok(&mover), &d, Some(ply0)).status, 200);
    let other = if mover == "A" { "B" } else { "A" };
    // Nothing to answer yet.
    let a = undo(addr, &id, &tok(other), "accept");
    assert_eq!((a.status, a.error_code().as_deref()), (409, Some("no_undo_request")), "{}", a.body);
    // The mover asks; the other side sees the request; the mover cannot accept it himself.
    assert_eq!(undo(addr, &id, &tok(&mover), "request").status, 200);
    assert_eq!(state(addr, &id, &tok(other))["undo"]["requested_by"], mover.as_str());
    assert_eq!(state(addr, &id, &tok(other))["undo"]["mode"], "ask");
    assert_eq!(undo(addr, &id, &tok(&mover), "accept").status, 409);
    // Declined: nothing changes.
    assert_eq!(undo(addr, &id, &tok(other), "decline").status, 200);
    let s = state(addr, &id, &ta);
    assert_eq!(s["ply"].as_u64(), Some(ply0 + 1));
    assert!(s["undo"]["requested_by"].is_null());
    // Asked again and accepted: back to the state before it.
    assert_eq!(undo(addr, &id, &tok(&mover), "request").status, 200);
    let again = undo(addr, &id, &tok(&mover), "request");
    assert_eq!((again.status, again.error_code().as_deref()), (409, Some("undo_pending")));
    assert_eq!(undo(addr, &id, &tok(other), "accept").status, 200);
    let s = state(addr, &id, &ta);
    assert_eq!(s["ply"].as_u64(), Some(ply0));
    assert_eq!(s["hash"].as_str(), Some(hash0.as_str()));
    // A spectator asks nothing.
    let watch = c["you"]["spectator_link"]
        .as_str()
        .or(c["spectator_link"].as_str())
        .map(str::to_string);
    if let Some(w) = watch {
        let token = w.split("seat=").nth(1).unwrap().to_string();
        assert_eq!(undo(addr, &id, &token, "request").status, 403);
    }
    // A bad ask is refused with the words to use.
    let bad = undo(addr, &id, &ta, "please");
    assert_eq!((bad.status, bad.error_code().as_deref()), (400, Some("bad_undo")));
    server.stop();
}

/// The AI's decisions in words come with the state, and a finished game has a summary: what
/// each destroyed unit was destroyed by and gave, the points and the units left.
#[test]
fn the_ai_explains_itself_and_the_end_has_a_summary() {
    let server = start(&temp_db("table-summary"));
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "ai greedy", "seed": 11 }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["you"]["token"].as_str().unwrap().to_string();
    let mut words = Vec::new();
    let mut s = wait_turn(addr, &id, &t);
    for _ in 0..400 {
        for w in s["ai_words"].as_array().unwrap() {
            if !words.contains(w) {
                words.push(w.clone());
            }
        }
        if s["pending"]["kind"] == "over" {
            break;
        }
        // Attack when we can, else the first move, else the first choice.
        let ds = s["decisions"].as_array().unwrap();
        let d = ds
            .iter()
            .find(|d| d["kind"] == "aim" && d["text"].as_str().unwrap().contains(" u"))
            .or_else(|| ds.iter().find(|d| d["text"] == "plan move attack"))
            .or_else(|| ds.iter().find(|d| d["kind"] == "move"))
            .unwrap_or(&ds[0])["text"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(decide(addr, &id, &t, &d, s["ply"].as_u64()).status, 200);
        s = wait_turn(addr, &id, &t);
    }
    assert_eq!(s["pending"]["kind"], "over", "the game ends");
    assert!(!words.is_empty(), "the AI's decisions come in words");
    assert!(words.iter().all(|w| w["side"] == "B" && !w["text"].as_str().unwrap().is_empty()));
    assert!(
        words.iter().any(|w| w["text"].as_str().unwrap().contains("AP expected")),
        "the greedy AI gives the figures it chose by: {words:?}"
    );
    let sum = &s["summary"];
    assert_eq!(sum["vp"], s["vp"]);
    let destroyed = sum["destroyed"].as_array().unwrap();
    assert!(!destroyed.is_empty(), "{sum}");
    // Victory points: the AP of the enemy units each side destroyed
    // (tactics-revised-core-rules.md, "Calculating Victory Points").
    for side in ["A", "B"] {
        let scored: u64 = destroyed
            .iter()
            .filter(|d| d["side"] != side)
            .map(|d| d["vp"].as_u64().unwrap())
            .sum();
        assert_eq!(scored, sum["vp"][side.to_lowercase()].as_u64().unwrap(), "{sum}");
    }
    for d in destroyed {
        if let Some(by) = d["by"].as_object() {
            assert_ne!(by["side"], d["side"], "destroyed by an enemy: {d}");
        }
    }
    assert!(destroyed.iter().any(|d| d["by"].is_object()), "who destroyed what: {sum}");
    // Every rule the log cites is explained in the project's words.
    let all = get(addr, &format!("/api/games/{id}?seat={t}&since=0")).unwrap().json();
    let mut rules: Vec<&str> = all["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    rules.sort_unstable();
    rules.dedup();
    assert!(rules.len() > 5, "{rules:?}");
    for r in rules {
        let e = get(
            addr,
            &format!("/api/rules/explain?rule={}", r.replace(' ', "%20").replace(',', "%2C")),
        )
        .unwrap();
        assert_eq!(e.status, 200, "{r} is explained: {}", e.body);
    }
    // Undo is over with the game.
    let u = undo(addr, &id, &t, "request");
    assert_eq!((u.status, u.error_code().as_deref()), (409, Some("game_over")));
    server.stop();
}

/// A broken link is a page a person reads (404, HTML), not JSON; the API keeps JSON.
#[test]
fn a_broken_link_is_a_page() {
    let server = start(&temp_db("table-404"));
    let addr = server.addr();
    let g = get(addr, "/game/nosuchgame").unwrap();
    assert_eq!(g.status, 404);
    assert!(
        g.body.contains("<h1>Not found</h1>") && g.body.contains("There is no game “nosuchgame”"),
        "{}",
        g.body
    );
    let p = get(addr, "/nowhere%3Cb%3E").unwrap();
    assert_eq!(p.status, 404);
    assert!(!p.body.contains("<b>") && p.body.contains("There is no page"), "{}", p.body);
    let api = get(addr, "/api/nowhere").unwrap();
    assert_eq!((api.status, api.error_code().as_deref()), (404, Some("not_found")));
    // The rule explained, with its citation.
    let e = get(addr, "/api/rules/explain?rule=tactics-revised-core-rules.md,%20Reactive%20Fire").unwrap();
    assert_eq!(e.status, 200, "{}", e.body);
    assert!(e.json()["words"].as_str().unwrap().contains("one die"));
    let none = get(addr, "/api/rules/explain?rule=nothing").unwrap();
    assert_eq!(none.status, 404);
    server.stop();
}

/// A two-person duel for the WebSocket tests of undo: its id, both tokens and the spectator's.
fn people_game(addr: SocketAddr, seed: u64) -> (String, String, String, String) {
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": seed, "spectators": true }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    let tb = claim_invite(addr, &c).unwrap();
    let watch = c["you"]["spectator_link"]
        .as_str()
        .or(c["spectator_link"].as_str())
        .expect("a spectator link")
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string();
    (id, ta, tb, watch)
}

/// Review of the undo (issue 16/20): a WebSocket that saw the events of a decision taken back
/// is sent the whole state again (`events_from` 0: the page starts its log again), not an
/// update from the shorter log (the page would keep the taken-back events and skip the next
/// ones, which it filters by their number).
#[test]
fn a_socket_is_sent_the_whole_state_after_an_undo() {
    let server = start(&temp_db("table-undo-ws"));
    let addr = server.addr();
    let (id, ta, tb, watch) = people_game(addr, 4);
    let mut ws = dust_server::client::GameSocket::connect(addr, &id, &watch).unwrap();
    let first = ws.recv_kind("state").unwrap();
    assert_eq!(first["type"], "state", "{first}");
    let s = state(addr, &id, &ta);
    let mover = s["pending"]["side"].as_str().unwrap().to_string();
    let tok = |side: &str| if side == "A" { ta.clone() } else { tb.clone() };
    let other = if mover == "A" { "B" } else { "A" };
    let ply0 = s["ply"].as_u64().unwrap();
    let d = first_legal(&state(addr, &id, &tok(&mover)));
    assert_eq!(decide(addr, &id, &tok(&mover), &d, Some(ply0)).status, 200);
    let up = ws.recv().unwrap();
    assert_eq!(up["ply"].as_u64(), Some(ply0 + 1), "{up}");
    assert_eq!(undo(addr, &id, &tok(&mover), "request").status, 200);
    // The request itself changes no position: read messages until the undo is applied.
    assert_eq!(undo(addr, &id, &tok(other), "accept").status, 200);
    let mut m = ws.recv().unwrap();
    while m["ply"].as_u64() != Some(ply0) {
        m = ws.recv().unwrap();
    }
    let whole = get(addr, &format!("/api/games/{id}?seat={watch}&since=0")).unwrap().json();
    assert_eq!(m["type"], "state", "after an undo the socket is sent the whole state: {m}");
    assert_eq!(m["events_from"], 0, "{m}");
    assert_eq!(m["events"], whole["events"]);
    assert_eq!(m["hash"], whole["hash"]);
    server.stop();
}

/// Review of the undo: the cached view a WebSocket is sent is never one of a position taken
/// back. A socket saw a decision, closed; the decision was taken back and another one with as
/// many events taken; a new socket is sent the position of now (the cache was keyed by the
/// number of decisions and events only).
#[test]
fn a_new_socket_after_an_undo_sees_the_position_of_now() {
    let server = start(&temp_db("table-undo-cache"));
    let addr = server.addr();
    let (id, ta, tb, watch) = people_game(addr, 4);
    let s = state(addr, &id, &ta);
    let mover = s["pending"]["side"].as_str().unwrap().to_string();
    let tok = |side: &str| if side == "A" { ta.clone() } else { tb.clone() };
    let other = if mover == "A" { "B" } else { "A" };
    let ply0 = s["ply"].as_u64().unwrap();
    let moves: Vec<String> = state(addr, &id, &tok(&mover))["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["text"].as_str().unwrap().to_string())
        .collect();
    // Here: who activates first (`first A`, `first B`), one event either way.
    assert!(moves.len() >= 2, "two different decisions: {moves:?}");
    assert_eq!(decide(addr, &id, &tok(&mover), &moves[0], Some(ply0)).status, 200);
    let seen = state(addr, &id, &ta);
    {
        let mut ws = dust_server::client::GameSocket::connect(addr, &id, &watch).unwrap();
        let m = ws.recv_kind("state").unwrap();
        assert_eq!(m["hash"], seen["hash"]);
    }
    assert_eq!(undo(addr, &id, &tok(&mover), "request").status, 200);
    assert_eq!(undo(addr, &id, &tok(other), "accept").status, 200);
    assert_eq!(decide(addr, &id, &tok(&mover), &moves[1], Some(ply0)).status, 200);
    let now = state(addr, &id, &ta);
    assert_eq!(now["ply"], seen["ply"]);
    assert_eq!(now["events_total"], seen["events_total"], "either decision gives as many events");
    assert_ne!(now["hash"], seen["hash"]);
    let mut ws = dust_server::client::GameSocket::connect(addr, &id, &watch).unwrap();
    let m = ws.recv_kind("state").unwrap();
    assert_eq!(
        m["hash"], now["hash"],
        "the socket is sent the position of now, not the one taken back"
    );
    server.stop();
}

/// Review of `GET /api/rules/explain` and the 404 page (issue 16, a budget per input byte): an
/// unknown rule or page of tens of kilobytes is not copied whole into the answer; the answer
/// names it shortened.
#[test]
fn a_long_unknown_rule_or_page_is_not_echoed_whole() {
    let server = start(&temp_db("table-echo"));
    let addr = server.addr();
    let long = "x".repeat(60_000);
    let e = get(addr, &format!("/api/rules/explain?rule={long}")).unwrap();
    assert_eq!(
        (e.status, e.error_code().as_deref()),
        (404, Some("no_explanation")),
        "{}",
        &e.body[..200.min(e.body.len())]
    );
    assert!(e.body.len() < 2_000, "{} bytes", e.body.len());
    assert!(e.json()["error"]["message"].as_str().unwrap().contains("xxxx…"), "{}", e.body);
    let p = get(addr, &format!("/{long}")).unwrap();
    assert_eq!(p.status, 404);
    assert!(p.body.len() < 4_000, "{} bytes", p.body.len());
    let g = get(addr, &format!("/game/{long}")).unwrap();
    assert_eq!(g.status, 404);
    assert!(g.body.len() < 4_000, "{} bytes", g.body.len());
    for api in [format!("/api/games/{long}?seat=x"), format!("/api/strategy/games/{long}?seat=x")] {
        let a = get(addr, &api).unwrap();
        assert_eq!(
            (a.status, a.error_code().as_deref()),
            (404, Some("no_such_game")),
            "{}",
            &a.body[..200.min(a.body.len())]
        );
        assert!(a.body.len() < 2_000, "{} bytes", a.body.len());
    }
    server.stop();
}

/// Review of the undo between two people: an accepted request takes back the decision it was
/// asked for, even when the side that asked has decided again meanwhile (before, the accept
/// took back whatever was that side's last decision by then: not what the other player saw
/// asked and agreed to).
#[test]
fn an_accepted_undo_takes_back_the_decision_it_was_asked_for() {
    let server = start(&temp_db("table-undo-asked"));
    let addr = server.addr();
    let (id, ta, tb, _) = people_game(addr, 4);
    let s = state(addr, &id, &ta);
    let mover = s["pending"]["side"].as_str().unwrap().to_string();
    let tok = |side: &str| if side == "A" { ta.clone() } else { tb.clone() };
    let other = if mover == "A" { "B" } else { "A" };
    let (hash0, ply0) = (s["hash"].as_str().unwrap().to_string(), s["ply"].as_u64().unwrap());
    // The mover activates first, so it decides again next.
    let first = format!("first {mover}");
    assert_eq!(decide(addr, &id, &tok(&mover), &first, Some(ply0)).status, 200);
    assert_eq!(undo(addr, &id, &tok(&mover), "request").status, 200);
    let s1 = state(addr, &id, &tok(&mover));
    assert_eq!(s1["pending"]["side"], mover.as_str(), "{s1}");
    let d = first_legal(&s1);
    assert_eq!(decide(addr, &id, &tok(&mover), &d, Some(ply0 + 1)).status, 200);
    let a = undo(addr, &id, &tok(other), "accept");
    assert_eq!(a.status, 200, "{}", a.body);
    let s = state(addr, &id, &ta);
    assert_eq!(s["ply"].as_u64(), Some(ply0), "back to before the decision asked for");
    assert_eq!(s["hash"].as_str(), Some(hash0.as_str()));
    server.stop();
}
