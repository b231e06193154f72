//! How fast the Battlefield page's drag is answered: a squad's move proposed through
//! `POST /api/battlefield/games/ID/check` with `route: true` (the engine's check, the route
//! around obstacles, the preview: path lengths, terrain cap, rolls) over HTTP on a server
//! started here, printed beside the engine's own `FieldGame::check` of the same decision in the
//! same run (the reference: what the answer costs without the server). The page asks once per
//! pointer move, and waits for an answer before it asks again.
//!
//! `cargo run -p dust-server --example field_drag_speed [RUNS]` (add `--release` for the
//! optimised figures; RUNS defaults to 200)

use dust_data::field_record::{replay_field, FieldRecord};
use dust_server::client::{get, post};
use dust_server::{spawn, Limits, ServerConfig};
use serde_json::{json, Value};
use std::time::Instant;

fn main() {
    let runs: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let dir = std::env::temp_dir().join(format!("dust1947-drag-speed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut c = ServerConfig::new(dir.join("games.sqlite"));
    c.port = 0;
    c.limits = Limits {
        rate: 1e9,
        burst: 1e9,
        ..Limits::default()
    };
    let server = spawn(c).expect("the server starts");
    let addr = server.addr();
    let ok = |a: dust_server::client::Answer| -> Value {
        assert_eq!(a.status, 200, "{}", a.body);
        a.json()
    };
    // One person against the greedy AI: the person may read the record (the game to time on).
    let g = ok(post(
        addr,
        "/api/battlefield/games",
        &json!({"table": "ruined-town", "seats": ["human", "greedy"], "seed": 5, "turns": 3}),
    )
    .unwrap());
    let id = g["id"].as_str().unwrap().to_string();
    let tok = g["links"]["a"].as_str().unwrap().rsplit_once("seat=").unwrap().1.to_string();
    // Side A activates its squad and plans a move.
    let state = loop {
        let s = ok(get(addr, &format!("/api/battlefield/games/{id}?seat={tok}")).unwrap());
        if s["your_turn"] == true && s["question"]["kind"] == "move" {
            break s;
        }
        if s["your_turn"] != true {
            std::thread::sleep(std::time::Duration::from_millis(5));
            continue;
        }
        let c = ok(get(addr, &format!("/api/battlefield/games/{id}/candidates?seat={tok}&limit=40")).unwrap());
        let list = c["candidates"].as_array().unwrap();
        let pick = list
            .iter()
            .find(|d| d["decision"].as_str().unwrap().starts_with("plan move"))
            .or_else(|| list.iter().find(|d| d["decision"].as_str().unwrap().starts_with("activate")))
            .unwrap_or(&list[0]);
        ok(post(
            addr,
            &format!("/api/battlefield/games/{id}/decide"),
            &json!({"seat": tok, "decision": pick["decision"], "ply": s["ply"]}),
        )
        .unwrap());
    };
    let u = state["question"]["unit"].as_u64().unwrap() as usize;
    let unit = &state["table"]["units"][u];
    let minis = unit["miniatures"].as_array().unwrap();
    // The whole unit 6 cm forward, as a squad drag sends it.
    let text = format!(
        "move {}",
        minis
            .iter()
            .enumerate()
            .map(|(k, m)| format!(
                "m{k}@{},{}",
                m["centre"][0].as_f64().unwrap(),
                m["centre"][1].as_f64().unwrap() + 6.0
            ))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let path = format!("/api/battlefield/games/{id}/check");
    let body = json!({"seat": tok, "decision": text, "route": true});
    let first = ok(post(addr, &path, &body).unwrap());
    let t0 = Instant::now();
    for _ in 0..runs {
        post(addr, &path, &body).unwrap();
    }
    let http_ms = t0.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
    // The reference: the engine's check of the routed decision, on the game replayed here.
    let rec = get(addr, &format!("/api/battlefield/games/{id}/record?seat={tok}")).unwrap();
    let game = replay_field(&FieldRecord::parse(&rec.body, "game.record").expect("a record")).expect("it replays");
    let d: dust_core::field::Decision = first["decision"].as_str().unwrap().parse().unwrap();
    let t0 = Instant::now();
    let mut legal = 0;
    for _ in 0..runs {
        legal += usize::from(game.check(&d).is_ok());
    }
    let engine_ms = t0.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
    println!(
        "Ruined Town, {} ({} miniatures) 6 cm forward, checked {} (engine: {legal} of {runs} legal):",
        unit["name"].as_str().unwrap(),
        minis.len(),
        if first["ok"] == true { "legal" } else { "refused" }
    );
    println!("  POST …/check with route and preview, over HTTP: {http_ms:.3} ms a drag step ({runs} runs)");
    println!("  FieldGame::check alone (reference, same run):    {engine_ms:.3} ms");
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
