//! Issue 23, Dust Battlefield in the browser: the table endpoints (`/api/battlefield/…`) — the
//! shipped tables, the oracles' answers on them (read-only), the table check with its budget,
//! and clear refusals (an unknown table is a 404 naming the tables there are).
//!
//! The geometry is tactics-battlefield-summary.md's: "2. Check Range" (measured base edge to
//! base edge, each Range point 10 cm) and "MOVE" (a Move of 1 is 10 cm).

mod common;

use common::{start, temp_db};
use dust_server::client::{get, post, Answer};
use serde_json::{json, Value};

fn ok(a: &Answer) -> Value {
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

fn refused(a: &Answer, status: u16, code: &str) -> String {
    assert_eq!(a.status, status, "{}", a.body);
    assert_eq!(a.error_code().as_deref(), Some(code), "{}", a.body);
    a.json()["error"]["message"].as_str().unwrap_or_default().to_string()
}

#[test]
fn the_shipped_tables_are_listed_and_drawn() {
    let server = start(&temp_db("field-tables"));
    let addr = server.addr();
    let list = ok(&get(addr, "/api/battlefield/tables").unwrap());
    let ids: Vec<&str> = list["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    let mut files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/battlefield/tables"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".toml").to_string())
        .collect();
    files.sort();
    assert_eq!(ids, files, "every shipped table file is served");
    let t = ok(&get(addr, "/api/battlefield/tables/ruined-town").unwrap());
    assert_eq!(t["table"]["name"], "Ruined Town");
    assert_eq!(t["table"]["size"], json!([120.0, 120.0]));
    // The Town Hall: its outline cut by two doorways and four windows.
    let hall = &t["table"]["terrain"][0];
    assert_eq!(hall["kind"], "building");
    let walls = hall["walls"].as_array().unwrap();
    assert_eq!(walls.iter().filter(|w| w["window"] == true).count(), 4);
    // The editor's view of the file: its own keys (doorways as written).
    assert_eq!(t["file"]["terrain"][0]["doorways"], json!([[60, 50], [60, 70]]));
    assert!(t["toml"].as_str().unwrap().starts_with("# A Dust Battlefield table"));
    // The Pounder: a hull turned to its facing (0: towards +y), 9 × 6 cm (provisional).
    let pounder = &t["table"]["units"][1];
    assert_eq!(pounder["kind"], "vehicle");
    assert_eq!(
        pounder["miniatures"][0]["hull"],
        json!([[83.0, 12.5], [77.0, 12.5], [77.0, 3.5], [83.0, 3.5]])
    );
}

#[test]
fn an_unknown_table_or_unit_is_refused_clearly() {
    let server = start(&temp_db("field-unknown"));
    let addr = server.addr();
    let page = get(addr, "/battlefield/tables/atlantis").unwrap();
    assert_eq!(page.status, 404);
    assert!(
        page.body.contains("no table “atlantis”") && page.body.contains("zhytomyr-crossroads"),
        "a page a person reads"
    );
    assert_eq!(get(addr, "/battlefield/tables/ruined-town").unwrap().status, 200);
    let m = refused(&get(addr, "/api/battlefield/tables/atlantis").unwrap(), 404, "unknown_table");
    assert!(m.contains("“atlantis”") && m.contains("ruined-town"), "{m}");
    let m = refused(
        &get(addr, "/api/battlefield/tables/atlantis/sight?a=x&b=y").unwrap(),
        404,
        "unknown_table",
    );
    assert!(m.contains("zhytomyr-crossroads"), "{m}");
    let m = refused(
        &get(addr, "/api/battlefield/tables/ruined-town/sight?a=Bot%20Huntrs&b=Hans").unwrap(),
        400,
        "unknown_unit",
    );
    assert!(m.contains("did you mean `Bot Hunters`"), "{m}");
    refused(
        &get(addr, "/api/battlefield/tables/ruined-town/sight?a=Hans&b=hans").unwrap(),
        400,
        "same_unit",
    );
    refused(
        &get(addr, "/api/battlefield/tables/ruined-town/path?mini=Hans:0&to=500,5&move=1").unwrap(),
        400,
        "off_table",
    );
    refused(
        &get(addr, "/api/battlefield/tables/ruined-town/path?mini=Hans:0&to=5,5&move=1000").unwrap(),
        400,
        "bad_move",
    );
    refused(
        &get(addr, "/api/battlefield/tables/ruined-town/path?mini=Hans:7&to=5,5&move=1").unwrap(),
        400,
        "unknown_unit",
    );
    refused(
        &get(addr, "/api/battlefield/tables/ruined-town/path?mini=Hans:0").unwrap(),
        400,
        "bad_query",
    );
    // A client's text is quoted at most 120 characters long.
    let long = "x".repeat(5000);
    let m = refused(
        &get(addr, &format!("/api/battlefield/tables/ruined-town/sight?a={long}&b=Hans")).unwrap(),
        400,
        "unknown_unit",
    );
    assert!(m.len() < 600 && m.contains('…'), "{m}");
    let m = refused(
        &get(
            addr,
            &format!("/api/battlefield/tables/ruined-town/path?mini={long}:0&to=5,5&move=1"),
        )
        .unwrap(),
        400,
        "unknown_unit",
    );
    assert!(m.len() < 600 && m.contains('…'), "{m}");
    let m = refused(
        &get(addr, &format!("/api/battlefield/tables/{long}")).unwrap(),
        404,
        "unknown_table",
    );
    assert!(m.len() < 600, "{m}");
}

/// "2. Check Range": Bot Hunters m4 at (42, 8) and Sturmpioniere m0 at (50, 110), 25 mm
/// bases: √(8² + 102²) − 2.5 = 99.81 cm between the bases, range 10 (the smallest Range whose
/// 10 cm steps reach it); no close combat.
#[test]
fn sight_gives_the_measure_and_los_answers() {
    let server = start(&temp_db("field-sight"));
    let addr = server.addr();
    let v = ok(&get(addr, "/api/battlefield/tables/ruined-town/sight?a=Bot%20Hunters&b=Sturmpioniere").unwrap());
    let d = v["measure"]["distance_cm"].as_f64().unwrap();
    assert!((d - ((8.0f64 * 8.0 + 102.0 * 102.0).sqrt() - 2.5)).abs() < 0.01, "{d}");
    assert_eq!(v["measure"]["range"], 10);
    assert_eq!(v["measure"]["close"], false);
    assert_eq!(v["measure"]["nearest"], json!([4, 0]));
    // Five miniatures each way: 25 pairs, answered and drawn.
    assert_eq!(v["los"]["miniatures"].as_array().unwrap().len(), 25);
    assert_eq!(v["lines"].as_array().unwrap().len(), 25);
    assert!(v["los"]["reason"].as_str().is_some_and(|r| !r.is_empty()));
}

/// "MOVE": a Move of 1 is 10 cm; Bot Hunters m0 from (30, 8) to (10, 30) in the open is
/// √(20² + 22²) = 29.73 cm: refused, with the reason; the table is not changed.
#[test]
fn path_refuses_a_move_past_its_allowance_and_changes_nothing() {
    let server = start(&temp_db("field-path"));
    let addr = server.addr();
    let before = ok(&get(addr, "/api/battlefield/tables/ruined-town").unwrap());
    let v = ok(&get(
        addr,
        "/api/battlefield/tables/ruined-town/path?mini=Bot%20Hunters:0&to=10,30&move=1",
    )
    .unwrap());
    assert_eq!(v["legal"], false);
    assert_eq!(v["allowance_cm"], 10.0);
    let l = v["length_cm"].as_f64().unwrap();
    assert!((l - (20.0f64 * 20.0 + 22.0 * 22.0).sqrt()).abs() < 0.01, "{l}");
    assert!(
        v["reason"].as_str().unwrap().contains("more than the 10.0 cm allowed"),
        "{}",
        v["reason"]
    );
    // With a March Move of a Move 2 unit (40 cm) it can.
    let v = ok(&get(
        addr,
        "/api/battlefield/tables/ruined-town/path?mini=Bot%20Hunters:0&to=10,30&move=2&march=true",
    )
    .unwrap());
    assert_eq!(v["legal"], true, "{v}");
    assert_eq!(ok(&get(addr, "/api/battlefield/tables/ruined-town").unwrap()), before, "read-only");
}

#[test]
fn the_check_answers_like_battlefield_check_within_its_budget() {
    let server = start(&temp_db("field-check"));
    let addr = server.addr();
    let good = include_str!("../../../data/battlefield/tables/dnieper-ford.toml");
    let v = ok(&post(addr, "/api/battlefield/check", &json!({ "toml": good })).unwrap());
    assert_eq!(v["ok"], true);
    assert_eq!(v["table"]["name"], "Dnieper Ford");
    // Every problem, with its line and column.
    let bad = "name = \"T\"\nsize = [100, 100]\n\n[[terrain]]\nkind = \"forest\"\npolygon = [[1, 1], [20, 1], [20, 20]]\n";
    let v = ok(&post(addr, "/api/battlefield/check", &json!({ "toml": bad })).unwrap());
    assert_eq!(v["ok"], false);
    let p = &v["problems"][0];
    assert_eq!((p["line"].as_u64(), p["col"].as_u64()), (Some(5), Some(8)), "{v}");
    assert!(p["message"].as_str().unwrap().contains("woods"), "a hint: {p}");
    // Past 64 KiB: refused before reading.
    let big = format!("name = \"T\"\nsize = [100, 100]\n# {}\n", "x".repeat(70 * 1024));
    let m = refused(
        &post(addr, "/api/battlefield/check", &json!({ "toml": big })).unwrap(),
        413,
        "too_large",
    );
    assert!(m.contains("64 KiB"), "{m}");
    refused(
        &post(addr, "/api/battlefield/check", &json!({ "text": good })).unwrap(),
        400,
        "bad_json",
    );
}
