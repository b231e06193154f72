//! The players' set-up of a battlefront game in `serve` (issue 10, docs/battlefront.md
//! "Setting up a game"): a game created with `"setup": "players"` begins with the set-up; every
//! set-up decision goes through `POST /api/games/{id}/decide` like a game decision, is checked
//! by the core's phase (illegal ones refused with why) and stored before the answer; the AI
//! seat sets up by itself; a restart on the same database resumes the set-up where it was; the
//! game then starts from the table laid, and its record keeps the set-up and replays.

mod common;

use common::{decide, import, start, state, temp_db, wait_turn};
use dust_server::client::{get, post, Answer};
use serde_json::{json, Value};

/// The first legal set-up decision the page offers: a listed choice, else the first square of
/// the first item and facing of the terrain.
fn first_choice(s: &Value) -> String {
    let setup = &s["setup"];
    if let Some(c) = setup["choices"].as_array().and_then(|c| c.first()) {
        return c["text"].as_str().unwrap().to_string();
    }
    for item in setup["place"].as_array().unwrap() {
        for (f, squares) in item["anchors"].as_object().unwrap() {
            if let Some(sq) = squares.as_array().unwrap().first() {
                let (name, sq) = (item["item"].as_str().unwrap(), sq.as_str().unwrap());
                return if item["tile"] == true {
                    format!("place {name} {sq} {f}")
                } else {
                    format!("place {name} {sq}")
                };
            }
        }
    }
    panic!("no set-up choice offered: {setup}");
}

fn refused(a: &Answer, status: u16, code: &str, words: &str) {
    assert_eq!(a.status, status, "{}", a.body);
    assert_eq!(a.error_code().as_deref(), Some(code), "{}", a.body);
    assert!(a.body.contains(words), "`{words}` in {}", a.body);
}

#[test]
fn a_person_sets_up_against_the_ai_and_the_set_up_survives_a_restart() {
    let db = temp_db("setup");
    let server = start(&db);
    let addr = server.addr();
    let sc = get(addr, "/api/scenarios").unwrap().json();
    assert!(sc["battlefront"].as_array().unwrap().iter().any(|n| n == "bait-and-flank"), "{sc}");
    assert!(!sc["battlefront"].as_array().unwrap().iter().any(|n| n == "duel"), "{sc}");
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "bait-and-flank", "side": "a", "opponent": "ai greedy", "seed": 5, "setup": "players" }),
    )
    .unwrap();
    assert_eq!(c.status, 200, "{}", c.body);
    let c = c.json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["you"]["token"].as_str().unwrap().to_string();
    let spectator = c["spectator_link"].as_str().unwrap().rsplit("seat=").next().unwrap().to_string();

    // Side A lays its board first.
    let s = wait_turn(addr, &id, &token);
    assert_eq!(s["pending"]["kind"], "setup");
    assert_eq!(s["setup"]["stage"], "board");
    assert_eq!(s["setup"]["ply"], 0);
    assert_eq!(s["decisions"], json!([]), "no game decision during the set-up");
    let texts: Vec<&str> = s["setup"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["board open", "board ruins"]);
    assert!(s["units"].as_array().unwrap().iter().all(|u| u["at"].is_null()));

    // Refused, each with why, and nothing stored: (seat, decision, ply, status, code, why).
    for (seat, d, ply, status, code, why) in [
        (&token, "plant a tree", 0, 400, "bad_decision", "is not a set-up decision"),
        (&token, "activate u1", 0, 400, "bad_decision", "board open|ruins"),
        (&token, "objective F8", 0, 422, "illegal_decision", "another kind of decision"),
        (&token, "board ruins", 3, 409, "stale", "set-up decision 3"),
        (&spectator, "board ruins", 0, 403, "spectator", "spectators"),
    ] {
        refused(&decide(addr, &id, seat, d, Some(ply)), status, code, why);
    }
    let t = get(addr, &format!("/api/games/{id}/targets?seat={token}&unit=0")).unwrap();
    refused(&t, 409, "setup", "laying the table");
    assert_eq!(state(addr, &id, &token)["setup"]["ply"], 0);

    // Legal: stored and acknowledged; the AI lays its board and the initiative is rolled.
    let a = decide(addr, &id, &token, "board ruins", Some(0));
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["ply"], 1);
    let mut s = wait_turn(addr, &id, &token);
    assert!(s["setup"]["initiative"]["winner"].is_string(), "{}", s["setup"]);
    assert_eq!(s["setup"]["sides"]["a"]["face"], "ruins");
    assert!(s["setup"]["log"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["text"] == "side A: board ruins"));
    let mut restarted = false;
    let mut tried_entry = false;
    let mut server = server;
    let mut addr = addr;
    for _ in 0..30 {
        if s["pending"]["kind"] != "setup" {
            break;
        }
        let ply = s["setup"]["ply"].as_u64().unwrap();
        if s["setup"]["stage"] == "terrain" && !tried_entry {
            // Terrain stays off the entry squares.
            let entry = s["setup"]["entry"]["south"][0].as_str().unwrap();
            refused(
                &decide(addr, &id, &token, &format!("place trap {entry}"), Some(ply)),
                422,
                "illegal_decision",
                "entry squares",
            );
            tried_entry = true;
        }
        let d = first_choice(&s);
        let a = decide(addr, &id, &token, &d, Some(ply));
        assert_eq!(a.status, 200, "{d}: {}", a.body);
        if ply >= 4 && !restarted {
            // Stop the server mid-set-up and start it again on the same database (once the
            // AI has answered: its set-up decision would otherwise land after `before`).
            let before = wait_turn(addr, &id, &token);
            server.stop();
            server = start(&db);
            addr = server.addr();
            let after = state(addr, &id, &token);
            assert_eq!(after["setup"]["ply"], before["setup"]["ply"], "{after}");
            assert_eq!(after["board"], before["board"]);
            restarted = true;
        }
        s = wait_turn(addr, &id, &token);
    }
    assert!(restarted && tried_entry);
    assert_ne!(s["pending"]["kind"], "setup", "the set-up ends: {s}");
    assert!(s["setup"].is_null());
    assert_eq!(
        s["setup_done"],
        2 + 1 + 6 + 2,
        "boards, half, 2 tiles and a trap each, an objective each"
    );
    assert_eq!(s["board"]["objectives"].as_array().unwrap().len(), 2);
    // A set-up decision now is not a game decision.
    refused(
        &decide(addr, &id, &token, "board open", s["ply"].as_u64()),
        400,
        "bad_decision",
        "is not a decision",
    );

    // The record keeps the set-up, replays to the same state, and uploads as the same game.
    let rec = get(addr, &format!("/api/games/{id}/record?seat={token}")).unwrap();
    assert_eq!(rec.status, 200);
    assert!(
        rec.body.contains("setup_seed =") && rec.body.contains("\"board ruins\""),
        "{}",
        rec.body
    );
    let r = dust_data::record::Record::parse(&rec.body, "record.toml").unwrap();
    let game = dust_data::record::replay(&r, &dust_data::builtin::builtin_cards()).unwrap();
    assert_eq!(format!("{:#018x}", game.state_hash()), s["hash"].as_str().unwrap());
    let r = post(addr, "/api/replay", &json!({ "record": rec.body })).unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["hash"], s["hash"]);
    let again = import(addr, &json!({ "record": rec.body, "opponent": "human" }));
    assert_eq!(again["hash"], s["hash"]);
    server.stop();
}

#[test]
fn two_people_take_turns_and_a_record_saved_mid_set_up_goes_on() {
    let db = temp_db("setup-two");
    let server = start(&db);
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "grab-the-dust", "side": "a", "opponent": "human", "seed": 8, "setup": "players" }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let tokens = [
        c["you"]["token"].as_str().unwrap().to_string(),
        dust_server::client::claim_invite(addr, &c).unwrap(),
    ];
    // Side B may not lay its board before side A.
    refused(
        &decide(addr, &id, &tokens[1], "board open", Some(0)),
        409,
        "not_your_turn",
        "side A must take",
    );
    for ply in 0..4u64 {
        let s = state(addr, &id, &tokens[0]);
        let side = usize::from(s["setup"]["to_move"] != "A");
        let mine = state(addr, &id, &tokens[side]);
        assert_eq!(mine["setup"]["yours"], true);
        let a = decide(addr, &id, &tokens[side], &first_choice(&mine), Some(ply));
        assert_eq!(a.status, 200, "{}", a.body);
    }
    // Between two people the record (its seed) is kept until the end (issue 17: secrets.rs).
    for t in &tokens {
        let a = get(addr, &format!("/api/games/{id}/record?seat={t}")).unwrap();
        refused(&a, 403, "record_hidden", "when the game is over");
    }
    // Against the AI the person may save it: a record saved during the set-up has no game
    // decision and no final hash; uploaded, it goes on.
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "grab-the-dust", "side": "a", "opponent": "ai random", "seed": 8, "setup": "players" }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let me = c["you"]["token"].as_str().unwrap().to_string();
    let mut s = wait_turn(addr, &id, &me);
    for _ in 0..2 {
        let a = decide(addr, &id, &me, &first_choice(&s), s["setup"]["ply"].as_u64());
        assert_eq!(a.status, 200, "{}", a.body);
        s = wait_turn(addr, &id, &me);
    }
    assert!(s["setup"].is_object(), "still in the set-up: {s}");
    let ply = s["setup"]["ply"].clone();
    assert!(ply.as_u64().unwrap() >= 2, "{s}");
    let rec = get(addr, &format!("/api/games/{id}/record?seat={me}")).unwrap().body;
    assert!(!rec.contains("final_hash"), "{rec}");
    let s = import(addr, &json!({ "record": rec, "opponent": "human" }));
    assert_eq!(s["setup"]["ply"], ply);
    // Game decisions after an unfinished set-up are refused.
    let bad = rec.replace("decisions = [\n]", "decisions = [\n  \"first A\",\n]");
    let a = post(addr, "/api/games/import", &json!({ "record": bad })).unwrap();
    refused(&a, 422, "record_refused", "set-up is unfinished");
    server.stop();
}

#[test]
fn a_revised_scenario_is_not_set_up_by_the_players() {
    let db = temp_db("setup-revised");
    let server = start(&db);
    let addr = server.addr();
    let a = post(addr, "/api/games", &json!({ "scenario": "duel", "setup": "players" })).unwrap();
    refused(&a, 400, "bad_setup", "battlefront games only");
    let a = post(addr, "/api/games", &json!({ "scenario": "encounter", "setup": "everyone" })).unwrap();
    refused(&a, 400, "bad_setup", "`scenario`");
    // The default stays the scenario's layout.
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "encounter", "opponent": "human", "seed": 2 }),
    )
    .unwrap()
    .json();
    let s = state(addr, c["id"].as_str().unwrap(), c["you"]["token"].as_str().unwrap());
    assert!(s["setup"].is_null());
    assert_eq!(s["pending"]["kind"], "decision");
    server.stop();
}
