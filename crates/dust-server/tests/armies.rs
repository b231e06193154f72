//! Armies for a new game (issue 8: "armies from files or the builder"): the shipped army
//! files, an uploaded army file and the builder's units are checked on the server with every
//! problem reported; the chosen armies are stored with the game, so a restart on the same
//! database rebuilds the same game, and its record carries them.

mod common;

use common::{start, state, temp_dir};
use dust_server::client::{get, post};
use serde_json::{json, Value};

const UPLOADED: &str = r#"# Two Allied squads and a hero.
name = "Uploaded Allies"
bloc = "allies"
ap_limit = 150

[[unit]]
name = "Hell Boys"

[[unit]]
name = "The Hammers"

[[unit]]
name = "Rhino"
joins = "The Hammers"
"#;

fn names(s: &Value, side: &str) -> Vec<String> {
    s["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["side"] == side)
        .map(|u| u["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_form_offers_shipped_armies_and_the_builders_cards() {
    let dir = temp_dir("armies-offer");
    let server = start(&dir.join("g.sqlite"));
    let addr = server.addr();
    let o = get(addr, "/api/armies?scenario=hold-the-crossroads").unwrap().json();
    assert_eq!(o["choosable"], true);
    assert_eq!(o["ap_limit"], 150);
    let shipped: Vec<&str> = o["shipped"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(shipped, ["core-allies", "core-axis"]);
    assert!(o["shipped"].as_array().unwrap().iter().all(|a| a["ok"] == true));
    let rhino = o["cards"].as_array().unwrap().iter().find(|c| c["name"] == "Rhino").unwrap();
    assert_eq!(rhino["kind"], "hero");
    assert!(rhino["joins"].as_array().unwrap().iter().any(|s| s == "The Hammers"), "{rhino}");
    assert_eq!(o["own"]["a"]["units"].as_array().unwrap().len(), 5);
    let duel = get(addr, "/api/armies?scenario=duel").unwrap().json();
    assert_eq!(duel["choosable"], false);
    let bad = get(addr, "/api/armies?scenario=nowhere").unwrap();
    assert_eq!(bad.status, 400, "{}", bad.body);
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_problem_of_an_army_is_shown_and_such_a_game_is_not_made() {
    let dir = temp_dir("armies-bad");
    let server = start(&dir.join("g.sqlite"));
    let addr = server.addr();
    let bad_toml = "name = \"Bad\"\nbloc = \"allies\"\nap_limit = 150\n\n[[unit]]\nname = \"Nobody\"\n\n[[unit]]\nname = \"Hans\"\n\n[[unit]]\nname = \"Rhino\"\njoins = \"Hell Boys\"\n";
    let c = post(addr, "/api/armies/check", &json!({ "scenario": "annihilation", "toml": bad_toml }))
        .unwrap()
        .json();
    assert_eq!(c["ok"], false);
    let problems: Vec<&str> = c["problems"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert!(problems.len() >= 3, "{problems:?}");
    for rule in ["known-unit", "one-bloc", "heroes-join-squads"] {
        assert!(problems.iter().any(|p| p.contains(rule)), "{rule}: {problems:?}");
    }
    // A file that is not TOML: its line and column.
    let c = post(addr, "/api/armies/check", &json!({ "toml": "name = \n" })).unwrap().json();
    assert_eq!(c["ok"], false);
    assert!(c["problems"][0].as_str().unwrap().contains(":1:"), "{c}");
    // The builder over the scenario's AP limit.
    let units: Vec<Value> = [
        "Blackhawk",
        "The Hammers",
        "Hell Boys",
        "Death Dealers",
        "Hell Boys",
        "Death Dealers",
        "Blackhawk",
    ]
    .iter()
    .map(|n| json!({ "name": n }))
    .collect();
    let c = post(
        addr,
        "/api/armies/check",
        &json!({ "scenario": "annihilation", "bloc": "allies", "units": units }),
    )
    .unwrap()
    .json();
    assert_eq!(c["ok"], false);
    assert!(c["problems"].to_string().contains("over the scenario's limit of 150 AP"), "{c}");
    assert!(c["toml"].as_str().unwrap().contains("[[unit]]"), "the builder's file: {c}");

    let before = get(addr, "/api/games").unwrap().json()["games"].as_array().unwrap().len();
    let a = post(
        addr,
        "/api/games",
        &json!({ "scenario": "annihilation", "opponent": "human", "armies": { "a": { "toml": bad_toml }, "b": { "bloc": "axis", "units": [{ "name": "Blackhawk" }] } } }),
    )
    .unwrap();
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.error_code().as_deref(), Some("bad_army"));
    let m = a.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(m.contains("side A") && m.contains("side B"), "both sides' problems: {m}");
    assert!(m.contains("known-unit") && m.contains("one-bloc"), "{m}");
    for body in [
        json!({ "scenario": "duel", "armies": { "a": { "shipped": "core-allies" } } }),
        json!({ "scenario": "annihilation", "armies": { "a": { "shipped": "core-nobody" } } }),
        json!({ "scenario": "annihilation", "armies": { "a": { "shipped": "core-allies", "toml": UPLOADED } } }),
        // An army of the battlefront edition for a revised scenario.
        json!({ "scenario": "annihilation", "armies": { "b": { "shipped": "bf-kampfgruppe-stefan" } } }),
    ] {
        let a = post(addr, "/api/games", &body).unwrap();
        assert_eq!(a.status, 422, "{body}: {}", a.body);
        assert_eq!(a.error_code().as_deref(), Some("bad_army"));
    }
    let a = post(addr, "/api/games", &json!({ "scenario": "annihilation", "armies": { "c": {} } })).unwrap();
    assert_eq!(a.error_code().as_deref(), Some("bad_json"), "{}", a.body);
    let after = get(addr, "/api/games").unwrap().json()["games"].as_array().unwrap().len();
    assert_eq!(before, after, "no game made");
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chosen_armies_are_stored_with_the_game_and_survive_a_restart() {
    let dir = temp_dir("armies-restart");
    let db = dir.join("g.sqlite");
    let server = start(&db);
    let addr = server.addr();
    let built = json!({ "name": "Built Axis", "bloc": "axis", "units": [
        { "name": "Heavy Laser Grenadiers" }, { "name": "Lara", "joins": "Heavy Laser Grenadiers" }, { "name": "Sturmpioniere" } ] });
    let g = post(
        addr,
        "/api/games",
        &json!({ "scenario": "hold-the-crossroads", "opponent": "human", "seed": 9, "armies": { "a": { "toml": UPLOADED }, "b": built } }),
    )
    .unwrap();
    assert_eq!(g.status, 200, "{}", g.body);
    let g = g.json();
    let id = g["id"].as_str().unwrap().to_string();
    let ta = g["you"]["token"].as_str().unwrap().to_string();
    let tb = dust_server::client::claim_invite(addr, &g).unwrap();
    let s = state(addr, &id, &ta);
    assert_eq!(s["scenario"], "hold-the-crossroads");
    assert_eq!(names(&s, "A"), ["Hell Boys", "The Hammers", "Rhino"]);
    assert_eq!(names(&s, "B"), ["Heavy Laser Grenadiers", "Lara", "Sturmpioniere"]);
    assert_eq!(s["armies"]["a"], "Uploaded Allies");
    assert_eq!(s["armies"]["b"], "Built Axis");
    assert!(!s["board"]["walls"].as_array().unwrap().is_empty(), "the scenario's farmhouse");
    // A few decisions, then a restart on the same database.
    for _ in 0..6 {
        let s = state(addr, &id, &ta);
        if s["pending"]["kind"] != "decision" {
            break;
        }
        let t = if s["pending"]["side"] == "A" { &ta } else { &tb };
        let d = s["decisions"][0]["text"].as_str().unwrap().to_string();
        let a = post(
            addr,
            &format!("/api/games/{id}/decide"),
            &json!({ "seat": t, "decision": d, "ply": s["ply"] }),
        )
        .unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let before = state(addr, &id, &ta);
    let record = get(addr, &format!("/api/games/{id}/record?seat={ta}")).unwrap().body;
    assert!(
        record.contains("Uploaded Allies") && record.contains("Built Axis"),
        "the record carries the armies:\n{record}"
    );
    server.stop();

    let server = start(&db);
    let addr = server.addr();
    let after = state(addr, &id, &ta);
    assert_eq!(after["ply"], before["ply"]);
    assert_eq!(after["hash"], before["hash"]);
    assert_eq!(names(&after, "A"), names(&before, "A"));
    assert_eq!(names(&after, "B"), names(&before, "B"));
    assert_eq!(after["armies"], before["armies"]);
    // The record replays to the same state elsewhere.
    let r = post(addr, "/api/replay", &json!({ "record": record })).unwrap().json();
    assert_eq!(r["hash"], before["hash"], "{r}");
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
