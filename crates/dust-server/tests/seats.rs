//! Issue 16, item 5: a seat no stranger can take. In a game between two people the invite
//! link is the claim: the first browser to open it gets a fresh secret token for that seat, and
//! the seat is never listed or claimable again. Only seats the creator opened to the public are
//! listed in the lobby.

mod common;

use common::{start, state, temp_db};
use dust_server::client::{claim_invite, get, post};
use serde_json::{json, Value};
use std::net::SocketAddr;

fn lobby_entry(addr: SocketAddr, id: &str) -> Value {
    get(addr, "/api/games").unwrap().json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .cloned()
        .unwrap()
}

/// Before: seat B was listed as open (even with `spectators: false`) and `POST /join` handed a
/// stranger the invitee's own token.
#[test]
fn an_invited_seat_is_never_listed_and_its_link_opens_it_once() {
    let server = start(&temp_db("seats-invite"));
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": 3, "spectators": false }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    let code = c["invite"]["invite"].as_str().unwrap().to_string();
    assert_eq!(c["invite"]["link"], format!("/game/{id}?invite={code}"));
    assert!(
        c["invite"]["token"].is_null(),
        "the creator is never given the invitee's token: {c}"
    );
    // Not listed, not joinable by a stranger.
    assert_eq!(lobby_entry(addr, &id)["open"], json!([]));
    let j = post(addr, &format!("/api/games/{id}/join"), &json!({})).unwrap();
    assert_eq!((j.status, j.error_code().as_deref()), (409, Some("no_open_seat")), "{}", j.body);
    let j = post(addr, &format!("/api/games/{id}/join"), &json!({ "side": "b" })).unwrap();
    assert_eq!(j.status, 409, "{}", j.body);
    // The invite code is no seat token.
    let a = get(addr, &format!("/api/games/{id}?seat={code}")).unwrap();
    assert_eq!(a.status, 403, "{}", a.body);
    // A wrong code opens nothing.
    let a = post(addr, &format!("/api/games/{id}/claim"), &json!({ "invite": "0".repeat(32) })).unwrap();
    assert_eq!((a.status, a.error_code().as_deref()), (403, Some("bad_invite")), "{}", a.body);
    // The invitee claims it: a fresh token, his alone.
    let tb = claim_invite(addr, &c).unwrap();
    assert!(tb != code && tb != ta && tb.len() == 32);
    assert_eq!(state(addr, &id, &tb)["you"], "B");
    // The link a second time (a stranger who saw it): refused, the seat stays the invitee's.
    let again = post(addr, &format!("/api/games/{id}/claim"), &json!({ "invite": code })).unwrap();
    assert_eq!(
        (again.status, again.error_code().as_deref()),
        (409, Some("seat_taken")),
        "{}",
        again.body
    );
    assert!(again.json()["token"].is_null());
    assert_eq!(lobby_entry(addr, &id)["open"], json!([]));
    assert_eq!(state(addr, &id, &tb)["you"], "B");
    server.stop();
}

/// A seat the creator opens to the public is listed until someone joins; the one who joins
/// gets a fresh token; then the seat is listed no more, and its invite link is spent too.
#[test]
fn a_public_seat_is_listed_until_taken_once() {
    let db = temp_db("seats-public");
    let server = start(&db);
    let addr = server.addr();
    let c = post(
        addr,
        "/api/games",
        &json!({ "scenario": "duel", "side": "b", "opponent": "human", "seed": 3, "public": true }),
    )
    .unwrap()
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    assert_eq!(c["invite"]["public"], true);
    assert_eq!(lobby_entry(addr, &id)["open"], json!(["A"]));
    let j = post(addr, &format!("/api/games/{id}/join"), &json!({})).unwrap();
    assert_eq!(j.status, 200, "{}", j.body);
    let ta = j.json()["token"].as_str().unwrap().to_string();
    assert_eq!(state(addr, &id, &ta)["you"], "A");
    assert_eq!(lobby_entry(addr, &id)["open"], json!([]));
    let again = post(addr, &format!("/api/games/{id}/join"), &json!({})).unwrap();
    assert_eq!(again.status, 409, "{}", again.body);
    let code = c["invite"]["invite"].as_str().unwrap();
    let late = post(addr, &format!("/api/games/{id}/claim"), &json!({ "invite": code })).unwrap();
    assert_eq!(late.error_code().as_deref(), Some("seat_taken"), "{}", late.body);
    server.stop();
    // Stored: after a restart the seat is still taken, with the joiner's token.
    let server = start(&db);
    let addr = server.addr();
    assert_eq!(lobby_entry(addr, &id)["open"], json!([]));
    assert_eq!(state(addr, &id, &ta)["you"], "A");
    assert_eq!(post(addr, &format!("/api/games/{id}/join"), &json!({})).unwrap().status, 409);
    server.stop();
}
