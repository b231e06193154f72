//! `--cards DIR` for both editions in `sim`, `play` and `serve` (issue 19, "Tools": "A battlefront card
//! given with `--cards` is read only as a classic card … Make `--cards` work for both editions
//! everywhere"). `odds`, `replay` and `scenario` have their own tests.

mod common;

use std::path::{Path, PathBuf};

/// A folder of this test process holding `files` (name, text).
fn folder(name: &str, files: &[(&str, String)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dust1947-cards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (f, text) in files {
        std::fs::write(dir.join(f), text).unwrap();
    }
    dir
}

fn shipped(path: &str) -> String {
    std::fs::read_to_string(common::root().join(path)).unwrap()
}

/// A battlefront card of the player's own ("Test Pounder", the shipped Pounder renamed), and
/// the Encounter scenario with it in Taskforce Joe.
fn own_card_and_scenario() -> (PathBuf, PathBuf) {
    let card = shipped("data/units/battlefront/pounder.toml").replacen("name = \"Pounder\"", "name = \"Test Pounder\"", 1);
    assert!(card.contains("edition = \"battlefront\""));
    let cards = folder("own", &[("test-pounder.toml", card)]);
    let scenario =
        shipped("data/scenarios/encounter.toml").replacen("\"Bazooka Joe\", \"Pounder\"", "\"Bazooka Joe\", \"Test Pounder\"", 1);
    assert!(scenario.contains("Test Pounder"));
    let file = common::temp_file("encounter-own-card.toml", scenario.as_bytes());
    (cards, file)
}

/// `sim` with two random players, two games of `scenario` from `seed`.
fn sim_args(scenario: &Path, seed: &str) -> Vec<String> {
    [
        "sim",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        seed,
        "--scenario",
        arg(scenario),
    ]
    .map(String::from)
    .to_vec()
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `sim --cards DIR` plays a battlefront scenario whose army holds a battlefront card of the
/// player's folder; without the folder the card is unknown; the records replay with it.
#[test]
fn sim_plays_a_battlefront_card_of_cards_dir() {
    let (cards, scenario) = own_card_and_scenario();
    let base = sim_args(&scenario, "5");
    let o = common::run(&base.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!o.status.success());
    assert!(
        common::stderr(&o).contains("`Test Pounder` is not a unit card"),
        "{}",
        common::stderr(&o)
    );

    let recs = folder("recs", &[]);
    let mut args: Vec<&str> = base.iter().map(String::as_str).collect();
    args.extend(["--cards", arg(&cards), "--json", "--records", arg(&recs)]);
    let v = common::json(&args);
    assert_eq!(v["games"], 2, "{v}");
    let record = recs.join("game-0001.toml");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("edition = \"battlefront\""), "{text}");
    let o = common::run(&["replay", arg(&record), "--cards", arg(&cards)]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(common::stdout(&o).contains("Test Pounder"), "{}", common::stdout(&o));
    let o = common::run(&["replay", arg(&record)]);
    assert!(!o.status.success(), "the record needs the folder");
}

/// `play --cards DIR` reads the folder (both editions' cards): a folder with a broken card is
/// refused with the card's problems before the game starts, and one that replaces a shipped
/// battlefront card gets as far as the terminal.
#[test]
fn play_reads_cards_dir() {
    let home = folder("home", &[]);
    let play = |cards: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_dust1947"))
            .args(["play", "--edition", "battlefront", "--hotseat", "--new", "--cards", arg(cards)])
            .env("XDG_DATA_HOME", &home)
            .env_remove("DUST1947_CARDS")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let bad = folder("bad", &[("broken.toml", "name = 3\n".to_string())]);
    let o = play(&bad);
    assert_eq!(o.status.code(), Some(2));
    let err = common::stderr(&o);
    assert!(err.contains("the card folder has") && err.contains("broken.toml"), "{err}");

    let pounder = shipped("data/units/battlefront/pounder.toml").replacen("health = 5", "health = 9", 1);
    let good = folder("good", &[("pounder.toml", pounder)]);
    let o = play(&good);
    let err = common::stderr(&o);
    assert!(!err.contains("card folder"), "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
}

/// `serve --cards DIR`: a record of a battlefront game with a battlefront card of the player's
/// folder (from `sim --cards DIR`) is taken by a server started with the folder, and refused by
/// one started without it.
#[test]
fn serve_plays_a_battlefront_card_of_cards_dir() {
    use dust_server::client::post;
    let (cards, scenario) = own_card_and_scenario();
    let recs = folder("serve-recs", &[]);
    let mut args = sim_args(&scenario, "9");
    args.extend(["--cards", arg(&cards), "--records", arg(&recs)].map(String::from));
    let o = common::run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", common::stderr(&o));
    let record = std::fs::read_to_string(recs.join("game-0001.toml")).unwrap();
    let serve = |with: Option<&Path>, name: &str| {
        let db = folder(name, &[]).join("games.sqlite");
        common::serve(|cmd| {
            cmd.arg("--db").arg(&db);
            if let Some(dir) = with {
                cmd.arg("--cards").arg(dir);
            }
        })
    };
    let body = serde_json::json!({ "record": record, "side": "a", "opponent": "human" });
    let server = serve(Some(&cards), "serve-with");
    let up = post(server.addr, "/api/games/import", &body).unwrap();
    drop(server);
    assert_eq!(up.status, 200, "{}", up.body);
    let server = serve(None, "serve-without");
    let refused = post(server.addr, "/api/games/import", &body).unwrap();
    drop(server);
    assert_ne!(refused.status, 200, "{}", refused.body);
    assert!(refused.body.contains("Test Pounder"), "{}", refused.body);
}
