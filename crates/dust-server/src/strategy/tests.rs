//! The strategy API: seats act only for themselves and only in turn, malformed requests are
//! refused with a code, each seat sees only its own hand, and games resume from the database.

use super::hub::{parse_seat, NewStrategyGame, StrategyHub, StrategyViewer};
use super::store::StrategyStore;
use super::*;
use crate::client;
use std::path::PathBuf;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dust1947-strategy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.sqlite")
}

fn two_humans(hub: &Arc<StrategyHub>) -> Arc<StrategyCell> {
    hub.create(NewStrategyGame {
        seats: vec!["human".into(), "human".into()],
        seed: 7,
        round_limit: 40,
    })
    .unwrap()
}

fn first_choice(cell: &StrategyCell, v: StrategyViewer) -> String {
    state_value(cell, v)["choices"][0]["text"].as_str().unwrap().to_string()
}

#[test]
fn a_seat_acts_only_for_itself_and_in_turn() {
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let cell = two_humans(&hub);
    let row = cell.row();
    let p1 = hub.viewer(&cell, &row.tokens[0]).unwrap();
    let p2 = hub.viewer(&cell, &row.tokens[1]).unwrap();
    let spectator = hub.viewer(&cell, &row.spectator).unwrap();
    assert_eq!(p1, StrategyViewer::Seat(PlayerId(0)));
    assert_eq!(p2, StrategyViewer::Seat(PlayerId(1)));
    assert_eq!(hub.viewer(&cell, "0123").unwrap_err().code, "bad_token");

    // P1 chooses his setup card first (the secret choice is asked seat by seat).
    let s1 = state_value(&cell, p1);
    assert_eq!(s1["pending"]["player"], 0);
    assert_eq!(s1["pending"]["phase"], "card");
    let card = first_choice(&cell, p1);
    assert!(card.starts_with("card "), "{card}");

    // P2's token cannot act for P1, nor can a spectator.
    let e = hub.decide(&cell, p2, &card, Some(0)).unwrap_err();
    assert_eq!(e.code, "not_your_turn");
    assert_eq!(hub.decide(&cell, spectator, &card, Some(0)).unwrap_err().code, "spectator");
    // Malformed, illegal and stale decisions are refused and change nothing.
    assert_eq!(hub.decide(&cell, p1, "fly to the moon", None).unwrap_err().code, "bad_decision");
    assert_eq!(hub.decide(&cell, p1, "card 250", None).unwrap_err().code, "illegal_decision");
    assert_eq!(hub.decide(&cell, p1, "end-turn", None).unwrap_err().code, "illegal_decision");
    assert_eq!(hub.decide(&cell, p1, &card, Some(5)).unwrap_err().code, "stale");
    assert_eq!(cell.live().decisions.len(), 0);
    assert_eq!(hub.store.decisions(&row.id).unwrap().len(), 0);

    assert_eq!(hub.decide(&cell, p1, &card, Some(0)).unwrap(), 1);
    assert_eq!(hub.store.decisions(&row.id).unwrap().len(), 1, "stored before acknowledged");
    // Now P2 chooses; P1 may not choose again.
    assert_eq!(hub.decide(&cell, p1, &card, Some(1)).unwrap_err().code, "not_your_turn");
    let card2 = first_choice(&cell, p2);
    assert_eq!(hub.decide(&cell, p2, &card2, Some(1)).unwrap(), 2);
}

#[test]
fn each_seat_sees_only_its_own_hand() {
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let cell = two_humans(&hub);
    let row = cell.row();
    let p1 = hub.viewer(&cell, &row.tokens[0]).unwrap();
    let p2 = hub.viewer(&cell, &row.tokens[1]).unwrap();
    let s1 = state_value(&cell, p1);
    let s2 = state_value(&cell, p2);
    let ids = |s: &Value| -> Vec<u64> { s["hand"].as_array().unwrap().iter().map(|c| c["id"].as_u64().unwrap()).collect() };
    let (h1, h2) = (ids(&s1), ids(&s2));
    assert_eq!((h1.len(), h2.len()), (6, 6));
    assert!(h1.iter().all(|c| !h2.contains(c)));
    // P2 is not the one deciding: no choices, and nothing in his view names P1's cards.
    assert_eq!(s2["choices"].as_array().unwrap().len(), 0);
    assert_eq!(s2["pending"]["yours"], false);
    let text2 = s2.to_string();
    for c in &h1 {
        assert!(!text2.contains(&format!("\"card {c}\"")), "P1's card {c} leaks to P2");
    }
    let names: Vec<String> = {
        let live = cell.live();
        h1.iter()
            .map(|c| live.game.card(dust_strategy::CardId(*c as u8)).to_string())
            .collect()
    };
    for k in &names {
        assert!(!s2["log"].to_string().contains(k.as_str()), "P2's log names P1's card {k}");
    }
    // A spectator sees no hand at all.
    let spec = state_value(&cell, StrategyViewer::Spectator);
    assert_eq!(spec["hand"].as_array().unwrap().len(), 0);
    assert_eq!(spec["seats"][0]["hand_size"], 6);
}

#[test]
fn games_resume_from_the_database() {
    let db = temp_db("resume");
    let (id, hash, n) = {
        let hub = Arc::new(StrategyHub::new(StrategyStore::open(&db).unwrap(), None));
        let cell = hub
            .create(NewStrategyGame {
                seats: vec!["human".into(), "heuristic".into()],
                seed: 3,
                round_limit: 40,
            })
            .unwrap();
        let p1 = hub.viewer(&cell, &cell.row().tokens[0]).unwrap();
        // Play the person's first choice and let the AI answer, a few times.
        for _ in 0..12 {
            while hub.run_ai_now(&cell).unwrap() {}
            let d = first_choice(&cell, p1);
            let ply = cell.live().decisions.len() as u32;
            hub.decide(&cell, p1, &d, Some(ply)).unwrap();
        }
        let live = cell.live();
        (cell.row().id, live.game.state_hash(), live.decisions.len())
    };
    let hub = Arc::new(StrategyHub::new(StrategyStore::open(&db).unwrap(), None));
    assert_eq!(hub.resume_all().unwrap(), 1);
    let cell = hub.cell(&id).unwrap();
    assert_eq!(cell.live().decisions.len(), n);
    assert_eq!(cell.live().game.state_hash(), hash);
    // The record replays to the same state.
    let rec = hub.record(&cell);
    let replayed = rec.replay(Game::builtin(rec.config).unwrap()).unwrap();
    assert_eq!(replayed.state_hash(), hash);
}

#[test]
fn new_games_check_their_seats() {
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let new = |seats: &[&str]| NewStrategyGame {
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        round_limit: 40,
    };
    assert_eq!(hub.create(new(&["human"])).err().unwrap().code, "bad_seats");
    assert_eq!(hub.create(new(&["human"; 7])).err().unwrap().code, "bad_seats");
    assert_eq!(hub.create(new(&["human", "chess"])).err().unwrap().code, "bad_seat");
    assert_eq!(hub.create(new(&["human", "mcts:999999"])).err().unwrap().code, "ai_over_limit");
    let cell = hub
        .create(new(&["human", "ai heuristic", "random", "mcts:50", "search", "human"]))
        .unwrap();
    assert_eq!(cell.row().seats[3], "ai mcts:50");
    assert_eq!(cell.row().tokens[1], "");
}

#[test]
fn the_map_has_every_area_and_the_special_links() {
    let v = map_value(&WorldMap::builtin());
    assert_eq!(v["areas"].as_array().unwrap().len(), 51);
    let links = v["links"].as_array().unwrap();
    assert!(links.iter().any(|l| l["wrap"] == true));
    assert!(links.iter().any(|l| l["dotted"] == true));
    assert!(links.iter().any(|l| l["dotted"] == false));
}

#[test]
fn the_http_api_refuses_other_seats_and_malformed_requests() {
    let db = temp_db("http");
    let server = crate::spawn(crate::ServerConfig {
        port: 0,
        ..crate::ServerConfig::new(db)
    })
    .unwrap();
    let addr = server.addr();
    let created = client::post(addr, "/api/strategy/games", &json!({ "seats": ["human", "human"], "seed": 5 })).unwrap();
    assert_eq!(created.status, 200, "{}", created.body);
    let v = created.json();
    let id = v["id"].as_str().unwrap().to_string();
    let t1 = v["seats"][0]["token"].as_str().unwrap().to_string();
    let t2 = v["seats"][1]["token"].as_str().unwrap().to_string();
    let state = client::get(addr, &format!("/api/strategy/games/{id}?seat={t1}")).unwrap().json();
    let card = state["choices"][0]["text"].as_str().unwrap().to_string();

    let decide = |token: &str, d: &str, ply: u32| {
        client::post(
            addr,
            &format!("/api/strategy/games/{id}/decide"),
            &json!({ "seat": token, "decision": d, "ply": ply }),
        )
        .unwrap()
    };
    // P2's token acting now (P1's turn): refused.
    let a = decide(&t2, &card, 0);
    assert_eq!((a.status, a.error_code().as_deref()), (409, Some("not_your_turn")));
    // An unknown token, no token, a malformed body, a malformed decision, an unknown field.
    assert_eq!(decide("deadbeef", &card, 0).error_code().as_deref(), Some("bad_token"));
    let a = client::get(addr, &format!("/api/strategy/games/{id}")).unwrap();
    assert_eq!((a.status, a.error_code().as_deref()), (401, Some("no_token")));
    let a = client::request(addr, "POST", &format!("/api/strategy/games/{id}/decide"), Some(b"{not json")).unwrap();
    assert_eq!((a.status, a.error_code().as_deref()), (400, Some("bad_json")));
    assert_eq!(decide(&t1, "card", 0).error_code().as_deref(), Some("bad_decision"));
    let a = client::post(
        addr,
        &format!("/api/strategy/games/{id}/decide"),
        &json!({ "seat": t1, "decision": card, "extra": 1 }),
    )
    .unwrap();
    assert_eq!(a.error_code().as_deref(), Some("bad_json"));
    let a = client::get(addr, "/api/strategy/games/nosuchgame?seat=x").unwrap();
    assert_eq!(a.error_code().as_deref(), Some("no_such_game"));
    let a = client::post(addr, "/api/strategy/games", &json!({ "seats": ["human"] })).unwrap();
    assert_eq!(a.error_code().as_deref(), Some("bad_seats"));
    // Planning a decision: only the seat in turn; a card asks no numbers (taken at once).
    let plan = |token: &str, d: &str, ply: u32| {
        client::post(
            addr,
            &format!("/api/strategy/games/{id}/plan"),
            &json!({ "seat": token, "decision": d, "ply": ply }),
        )
        .unwrap()
    };
    assert_eq!(plan(&t2, &card, 0).error_code().as_deref(), Some("not_your_turn"));
    assert_eq!(plan(&t1, &card, 3).error_code().as_deref(), Some("stale"));
    assert_eq!(plan(&t1, "end-turn", 0).error_code().as_deref(), Some("illegal_decision"));
    assert_eq!(plan(&t1, &card, 0).json(), json!({ "step": "now" }));
    // The right seat in turn: accepted.
    let a = decide(&t1, &card, 0);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["ply"], 1);
    // The pages and the map.
    assert_eq!(client::get(addr, "/strategy").unwrap().status, 200);
    assert_eq!(client::get(addr, "/assets/strategy.js").unwrap().status, 200);
    let css = client::get(addr, "/assets/strategy.css").unwrap();
    assert_eq!(css.status, 200);
    assert!(css.body.contains(".strategy #map"));
    assert_eq!(
        client::get(addr, "/api/strategy/map").unwrap().json()["areas"]
            .as_array()
            .unwrap()
            .len(),
        51
    );
    let lobby = client::get(addr, "/api/strategy/games").unwrap().json();
    assert!(lobby["games"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()));
    server.stop();
}

#[test]
fn an_ai_seat_moves_by_itself_on_the_server() {
    let db = temp_db("ai");
    let server = crate::spawn(crate::ServerConfig {
        port: 0,
        ..crate::ServerConfig::new(db.clone())
    })
    .unwrap();
    let addr = server.addr();
    // The AI sits first: it chooses its card by itself, then it is the person's turn.
    let v = client::post(addr, "/api/strategy/games", &json!({ "seats": ["heuristic", "human"], "seed": 9 }))
        .unwrap()
        .json();
    let id = v["id"].as_str().unwrap().to_string();
    let t = v["seats"][1]["token"].as_str().unwrap().to_string();
    let mut state = Value::Null;
    for _ in 0..200 {
        state = client::get(addr, &format!("/api/strategy/games/{id}?seat={t}")).unwrap().json();
        if state["pending"]["yours"] == true {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(state["pending"]["yours"], true, "{state}");
    assert_eq!(state["plies"], 1);
    assert_eq!(state["seats"][0]["has_chosen"], true);
    server.stop();
    // After a restart the game is still there.
    let server = crate::spawn(crate::ServerConfig {
        port: 0,
        ..crate::ServerConfig::new(db)
    })
    .unwrap();
    let again = client::get(server.addr(), &format!("/api/strategy/games/{id}?seat={t}"))
        .unwrap()
        .json();
    assert_eq!(again["plies"], 1);
    server.stop();
}

#[test]
fn attack_choices_carry_their_odds_and_abilities_their_rules() {
    // Issue 17, "a game a new player can follow": the browser shows the exact odds of each
    // attack (all the units that could join it) and the rulebook text of each ability.
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let cell = canada_producing(&hub, 2);
    let p1 = hub.viewer(&cell, &cell.row().tokens[0]).unwrap();
    let ply = cell.live().decisions.len() as u32;
    hub.decide(&cell, p1, "end-production", Some(ply)).unwrap();
    let (ca, al) = {
        let live = cell.live();
        (live.game.map().find("Canada").unwrap(), live.game.map().find("Alaska").unwrap())
    };
    let s = state_value(&cell, p1);
    let attack = s["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["text"] == format!("attack {} {}", ca.0, al.0))
        .expect("the attack on Alaska is offered")
        .clone();
    let o = dust_strategy::odds::battle_odds(&dust_strategy::odds::OddsQuery::new(
        dust_strategy::odds::BattleType::Land,
        dust_strategy::Units::parse("3t").unwrap(),
        dust_strategy::Units::parse("t").unwrap(),
    ))
    .unwrap();
    assert_eq!(
        attack["odds"],
        format!("all 3t: {}", dust_strategy::odds::odds_words(&o)),
        "{attack}"
    );
    let others: Vec<&Value> = s["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["text"] == "end-turn")
        .collect();
    assert!(others[0]["odds"].is_null());
    // Every card in the hand carries its ability's text.
    assert!(!s["hand"].as_array().unwrap().is_empty());
    for c in s["hand"].as_array().unwrap() {
        assert!(c["rules"].as_str().is_some_and(|r| r.starts_with("Use ")), "{c}");
    }
}

/// Issue 16, item 1: the operator sets the strategy AI's ceiling (`serve --max-ai-ms`); a seat
/// above it is refused with the ceiling in the message, one at it is taken.
#[test]
fn strategy_ai_seats_stay_under_the_operators_ceiling() {
    let mut hub = StrategyHub::new(StrategyStore::in_memory().unwrap(), None);
    hub.ai.max_ms = 300;
    let hub = Arc::new(hub);
    let new = |seats: &[&str]| NewStrategyGame {
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        round_limit: 40,
    };
    let e = hub.create(new(&["human", "mcts:301ms"])).err().unwrap();
    assert_eq!(e.code, "ai_over_limit");
    assert!(e.message.contains("300 ms") && e.message.contains("--max-ai-ms"), "{}", e.message);
    assert_eq!(hub.create(new(&["human", "mcts:300ms"])).unwrap().row().seats[1], "ai mcts:300ms");
    // The default ceiling: 2 s.
    assert_eq!(parse_seat("mcts:2000ms").unwrap(), "ai mcts:2000ms");
    assert_eq!(parse_seat("mcts:120000ms").unwrap_err().code, "ai_over_limit");
}

/// Issue 16, items 4 and 7: a restart loads only the games with an AI seat (the others when
/// asked for), and a game whose stored decisions do not replay is left out with the reason
/// instead of keeping the server from starting.
#[test]
fn a_restart_loads_the_ai_games_and_skips_a_damaged_one() {
    let db = temp_db("resume-lazy");
    let ids: Vec<String> = {
        let hub = Arc::new(StrategyHub::new(StrategyStore::open(&db).unwrap(), None));
        let mut ids = Vec::new();
        for seats in [["human", "human"], ["human", "heuristic"], ["heuristic", "human"]] {
            let cell = hub
                .create(NewStrategyGame {
                    seats: seats.iter().map(|s| s.to_string()).collect(),
                    seed: 3,
                    round_limit: 40,
                })
                .unwrap();
            while hub.run_ai_now(&cell).unwrap() {}
            ids.push(cell.row().id);
        }
        ids
    };
    // The third game's first decision is damaged.
    let conn = rusqlite::Connection::open(&db).unwrap();
    assert_eq!(
        conn.execute(
            "UPDATE strategy_decisions SET text = 'nonsense' WHERE game = ?1 AND ply = 0",
            [&ids[2]]
        )
        .unwrap(),
        1
    );
    let hub = Arc::new(StrategyHub::new(StrategyStore::open(&db).unwrap(), None));
    assert_eq!(hub.resume_all().unwrap(), 1, "the one intact game with an AI seat");
    assert!(hub.cell(&ids[0]).is_ok(), "the people's game loads when asked for");
    let e = hub.cell(&ids[2]).err().expect("damaged");
    assert!(e.message.contains("nonsense") || e.message.contains("decision 1"), "{}", e.message);
}

/// Issue 16, item 1: the strategy game's searching seats (`search`, `mcts`) share the server's
/// search slots: while every slot is taken, a new game with one is refused at once
/// (`ai_busy`); one with the heuristic AI is taken.
#[test]
fn a_strategy_search_seat_past_the_cap_is_refused() {
    let mut hub = StrategyHub::new(StrategyStore::in_memory().unwrap(), None);
    let slots = Arc::new(tokio::sync::Semaphore::new(1));
    hub.search_permits = Some(slots.clone());
    let hub = Arc::new(hub);
    let new = |seats: &[&str]| NewStrategyGame {
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        round_limit: 40,
    };
    assert!(hub.create(new(&["human", "mcts:50"])).is_ok());
    let held = slots.clone().try_acquire_owned().unwrap();
    for seat in ["mcts:50", "search"] {
        let e = hub.create(new(&["human", seat])).err().unwrap();
        assert_eq!(e.code, "ai_busy", "{seat}");
        assert!(e.message.contains("--max-ai-searches"), "{}", e.message);
    }
    assert!(hub.create(new(&["human", "heuristic"])).is_ok());
    drop(held);
    assert!(hub.create(new(&["human", "search"])).is_ok());
}

/// P1 (Canada 3t; Washington 1t with a production center) against P2 (Alaska 1t, a power
/// source) in `round`, P1's production phase.
fn canada_producing(hub: &Arc<StrategyHub>, round: u16) -> Arc<StrategyCell> {
    let cell = two_humans(hub);
    {
        let mut live = cell.live();
        let g = &mut live.game;
        g.edit_clear_board();
        let a = |g: &Game, n: &str| g.map().find(n).unwrap();
        let (ca, wa, al) = (a(g, "Canada"), a(g, "Washington"), a(g, "Alaska"));
        let mine = Some(Owner::Player(PlayerId(0)));
        g.edit_area(ca, mine, dust_strategy::Units::parse("3t").unwrap(), false);
        g.edit_area(wa, mine, dust_strategy::Units::parse("t").unwrap(), true);
        g.edit_area(
            al,
            Some(Owner::Player(PlayerId(1))),
            dust_strategy::Units::parse("t").unwrap(),
            false,
        );
        let c = (0..45u8)
            .map(dust_strategy::CardId)
            .find(|&c| g.deck().card(c).combat >= 2 && g.deck().card(c).production >= 3)
            .unwrap();
        g.edit_start_turn(round, PlayerId(0), Some(c));
    }
    cell
}

#[test]
fn buying_by_quantity_is_all_or_none() {
    // Issue 17: "buying by quantity (not 46 clicks)": the page sends every unit counted in one
    // request; the hub takes them all, or none when one is refused.
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let cell = canada_producing(&hub, 2);
    let p1 = hub.viewer(&cell, &cell.row().tokens[0]).unwrap();
    let wa = cell.live().game.map().find("Washington").unwrap();
    let s = state_value(&cell, p1);
    let tank = s["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["buy"]["unit"] == "tank")
        .expect("tanks are offered")
        .clone();
    assert_eq!(tank["buy"]["pc"], wa.0);
    assert_eq!(tank["buy"]["at"], wa.0);
    assert_eq!(tank["buy"]["cost"], 2);
    assert!(tank["help"].as_str().unwrap().starts_with("tank: cost 2, combat value 1"), "{tank}");
    let text = tank["text"].as_str().unwrap().to_string();
    let points = cell.live().game.points_left();
    assert!(points >= 4, "{points}");
    let ply = cell.live().decisions.len() as u32;
    // One refused: none taken, and the message says which.
    let e = hub.decide_all(&cell, p1, &[&text, "end-production", &text], Some(ply)).unwrap_err();
    assert_eq!(e.code, "illegal_decision");
    assert!(e.message.contains("decision 3 of 3"), "{}", e.message);
    assert!(e.message.contains("nothing was taken"), "{}", e.message);
    assert_eq!(cell.live().decisions.len() as u32, ply);
    assert_eq!(cell.live().game.points_left(), points);
    assert_eq!(hub.decide_all(&cell, p1, &[], Some(ply)).unwrap_err().code, "bad_decision");
    // Two tanks at once.
    assert_eq!(hub.decide_all(&cell, p1, &[&text, &text], Some(ply)).unwrap(), ply + 2);
    let live = cell.live();
    assert_eq!(live.game.points_left(), points - 4);
    assert_eq!(live.game.area(wa).units, dust_strategy::Units::parse("3t").unwrap());
}

#[test]
fn attacks_not_offered_come_with_their_reason() {
    // "Round one: no attacks on power sources, capitals or production centers" (the terminal
    // says the same, tests/strategy_cli.rs).
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let cell = canada_producing(&hub, 1);
    let p1 = hub.viewer(&cell, &cell.row().tokens[0]).unwrap();
    let p2 = hub.viewer(&cell, &cell.row().tokens[1]).unwrap();
    let ply = cell.live().decisions.len() as u32;
    hub.decide(&cell, p1, "end-production", Some(ply)).unwrap();
    let s = state_value(&cell, p1);
    assert_eq!(
        s["reasons"],
        json!(["not offered: attack Alaska (round one: no attacks on power sources, capitals or production centers)"])
    );
    // Only to the seat deciding.
    assert_eq!(state_value(&cell, p2)["reasons"], json!([]));
    assert_eq!(state_value(&cell, StrategyViewer::Spectator)["reasons"], json!([]));
}

/// Review of the batched decisions (issue 17, secrets): a batch is checked on a copy of the
/// game before anything is taken, so a decision after a roll of the dice would be checked
/// against dice not yet thrown: whether it is refused tells the seat the dice to come (the
/// seed's secret) while nothing is taken, and the seat may then decide otherwise. A batch in
/// which dice are thrown before its last decision is refused before any die is looked at; the
/// same decisions one by one are taken.
#[test]
fn a_batch_never_looks_past_a_roll_of_the_dice() {
    let hub = Arc::new(StrategyHub::new(StrategyStore::in_memory().unwrap(), None));
    let cell = canada_producing(&hub, 2);
    let p1 = hub.viewer(&cell, &cell.row().tokens[0]).unwrap();
    let ply = cell.live().decisions.len() as u32;
    hub.decide(&cell, p1, "end-production", Some(ply)).unwrap();
    let (ca, al) = {
        let live = cell.live();
        (live.game.map().find("Canada").unwrap(), live.game.map().find("Alaska").unwrap())
    };
    // P1's decisions from the attack on Alaska until the first one after which dice are thrown.
    let mut g = cell.live().game.clone();
    let mut batch: Vec<String> = Vec::new();
    let mut next = Decision::Attack { from: ca, to: al };
    loop {
        assert_eq!(g.pending(), Pending::Decision(PlayerId(0)), "P1 decides: {batch:?}");
        g.apply(next).unwrap();
        batch.push(next.to_string());
        if matches!(g.pending(), Pending::Chance(_)) {
            break;
        }
        assert!(batch.len() < 10, "dice are thrown within a few decisions: {batch:?}");
        let legal = g.legal_decisions();
        next = legal
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Roll) || matches!(d, Decision::Count(n) if *n == 3))
            .unwrap_or(legal[0]);
    }
    let rolls_last = batch.clone();
    batch.push("end-turn".into());
    let ply = cell.live().decisions.len() as u32;
    let refs: Vec<&str> = batch.iter().map(String::as_str).collect();
    let e = hub.decide_all(&cell, p1, &refs, Some(ply)).unwrap_err();
    assert_eq!(e.code, "bad_decision", "{}", e.message);
    assert!(e.message.contains("dice"), "{}", e.message);
    assert_eq!(cell.live().decisions.len() as u32, ply, "nothing was taken");
    // Up to the roll, the batch is taken (the dice are thrown after its last decision).
    let refs: Vec<&str> = rolls_last.iter().map(String::as_str).collect();
    assert_eq!(hub.decide_all(&cell, p1, &refs, Some(ply)).unwrap(), ply + rolls_last.len() as u32);
}
