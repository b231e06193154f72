//! `dust1947 serve --edition battlefront` (issue 10): the server's edition is the default of
//! the API. `/api/scenarios` names the scenario the new-game form opens on (Encounter, the
//! first battlefront scenario) and the form's armies, the odds page's cards and the odds
//! default to that edition when a request does not say; a request that names an edition or a
//! scenario still gets it.

mod common;

use common::{start, start_edition, state, temp_db};
use dust_core::Edition;
use dust_server::client::{get, post};
use serde_json::json;

#[test]
fn a_battlefront_server_defaults_to_encounter_and_the_battlefront_odds() {
    let server = start_edition(&temp_db("edition-bf"), Edition::Battlefront);
    let addr = server.addr();

    let sc = get(addr, "/api/scenarios").unwrap().json();
    assert_eq!(sc["edition"], "battlefront", "{sc}");
    assert_eq!(sc["default"], "encounter", "{sc}");
    assert_eq!(sc["battlefront"][0], sc["default"], "the first battlefront scenario: {sc}");

    // The form's armies: Encounter's, with the battlegroups.
    let offer = get(addr, "/api/armies").unwrap().json();
    assert_eq!(offer["scenario"], "encounter", "{offer}");
    assert_eq!(offer["edition"], "battlefront", "{offer}");

    // The odds of a battlefront attack without `edition` are the battlefront odds
    // (the same attack as `a_battlefront_game_with_battlegroups_and_a_large_model` in
    // tests/serve_api.rs, which names the edition).
    let o = post(addr, "/api/odds", &json!({ "attacker": "Fakyeli", "target": "Lara", "lines": [1] })).unwrap();
    assert_eq!(o.status, 200, "{}", o.body);
    let o = o.json();
    assert_eq!(o["edition"], "battlefront");
    let p0 = o["loss"][0].as_f64().unwrap();
    assert!((p0 - (2.0 / 3.0 + (1.0 / 3.0) * (1.0f64 / 3.0).powi(4))).abs() < 1e-12, "{o}");
    // A request that names the revised edition gets it.
    let o = post(
        addr,
        "/api/odds",
        &json!({ "attacker": "The Hammers", "target": "Sturmpioniere", "edition": "revised" }),
    )
    .unwrap();
    assert_eq!(o.status, 200, "{}", o.body);
    assert_eq!(o.json()["edition"], "revised");

    // The odds page's cards are the battlefront ones, unless asked otherwise.
    let names = |path: &str| {
        let c = get(addr, path).unwrap();
        assert_eq!(c.status, 200, "{}", c.body);
        let c = c.json();
        let names: Vec<String> = c["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect();
        (c["edition"].as_str().unwrap().to_string(), names)
    };
    let (edition, bf) = names("/api/cards");
    assert_eq!(edition, "battlefront");
    assert!(bf.iter().any(|n| n == "IS-48"), "{bf:?}");
    let (edition, revised) = names("/api/cards?edition=revised");
    assert_eq!(edition, "revised");
    assert!(
        revised.iter().any(|n| n == "The Hammers") && !revised.iter().any(|n| n == "IS-48"),
        "{revised:?}"
    );
    let bad = get(addr, "/api/cards?edition=third").unwrap();
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(bad.error_code().as_deref(), Some("bad_edition"), "{}", bad.body);

    // A new game without a scenario is played on Encounter; one that names a scenario on it.
    let game = |body: serde_json::Value| {
        let c = post(addr, "/api/games", &body).unwrap();
        assert_eq!(c.status, 200, "{}", c.body);
        let c = c.json();
        state(addr, c["id"].as_str().unwrap(), c["you"]["token"].as_str().unwrap())["scenario"].clone()
    };
    assert_eq!(game(json!({ "side": "a", "opponent": "human" })), "encounter");
    assert_eq!(game(json!({ "scenario": "duel", "side": "a", "opponent": "human" })), "duel");
    server.stop();
}

#[test]
fn a_revised_server_defaults_to_annihilation_and_the_revised_odds() {
    let server = start(&temp_db("edition-revised"));
    let addr = server.addr();
    let sc = get(addr, "/api/scenarios").unwrap().json();
    assert_eq!(sc["edition"], "revised", "{sc}");
    assert_eq!(sc["default"], "annihilation", "{sc}");
    let o = post(addr, "/api/odds", &json!({ "attacker": "The Hammers", "target": "Sturmpioniere" })).unwrap();
    assert_eq!(o.status, 200, "{}", o.body);
    assert_eq!(o.json()["edition"], "revised");
    assert_eq!(get(addr, "/api/cards").unwrap().json()["edition"], "revised");
    server.stop();
}
