//! One store interface, two implementations (issue 16, "Scale out"): the same store tests run
//! on SQLite (always) and on PostgreSQL (when `DUST_TEST_POSTGRES=postgres://USER@HOST/DB` is
//! set; `.ci/run` starts a throw-away server and sets it, with `DUST_REQUIRE_POSTGRES=1` so that
//! a missing server fails CI instead of skipping). Then several servers on one PostgreSQL
//! database: a decision taken through one reaches the WebSockets of the other, the database
//! decides who stores a ply, and one process at a time plays a game's AI.

mod common;

use dust_core::{BySide, Side};
use dust_server::client::{claim_invite, get, post, GameSocket};
use dust_server::pg::{self, PgGames, PgStrategy};
use dust_server::store::{unix_now, GameRow, Seat, Store};
use dust_server::strategy::store::{StrategyRow, StrategyStore};
use dust_server::{spawn, Limits, RunningServer, ServerConfig, ServerError};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A fresh PostgreSQL database for one test, or `None` (and a line saying the test was
/// skipped) when no server is given.
fn postgres(test: &str) -> Option<String> {
    static N: AtomicUsize = AtomicUsize::new(0);
    match std::env::var("DUST_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => {
            let name = format!("dust_{test}_{}_{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst));
            Some(pg::create_database(url.trim(), &name).unwrap_or_else(|e| panic!("DUST_TEST_POSTGRES={url}: {e}")))
        }
        _ => {
            assert!(
                std::env::var_os("DUST_REQUIRE_POSTGRES").is_none(),
                "DUST_REQUIRE_POSTGRES is set but DUST_TEST_POSTGRES is not: the PostgreSQL tests must run here"
            );
            eprintln!("{test}: skipped (set DUST_TEST_POSTGRES=postgres://USER@HOST/DB to run it against PostgreSQL)");
            None
        }
    }
}

fn pg_store(url: &str) -> Store {
    Store::new(Box::new(PgGames(pg::Pg::connect(url).unwrap())))
}

fn row(id: &str, seats: BySide<Seat>) -> GameRow {
    GameRow {
        id: id.to_string(),
        created: 100,
        scenario: "duel".into(),
        scenario_text: None,
        seed: 7,
        claimed: BySide { a: true, b: false },
        invites: BySide {
            a: None,
            b: Some("invite-b".into()),
        },
        public: BySide { a: false, b: false },
        seats,
        tokens: BySide {
            a: "token-a".into(),
            b: "token-b".into(),
        },
        spectator: Some("watch".into()),
        status: "playing".into(),
        result: None,
        plies: 0,
        updated: 100,
        setup_seed: None,
        problem: None,
    }
}

/// What every [`GameStore`] must do, whatever holds the rows.
fn game_store_contract(store: &Store) {
    let humans = BySide {
        a: Seat::Human,
        b: Seat::Human,
    };
    let g = row("g1", humans.clone());
    store.create(&g, &[], &[("move A1".into(), 0x11)]).unwrap();
    let back = store.game("g1").unwrap().expect("the stored game");
    assert_eq!(back.plies, 1, "a created game counts the decisions it was created with");
    assert_eq!(GameRow { plies: 0, ..back.clone() }, g, "the row reads back as stored");
    assert!(store.game("nothing").unwrap().is_none());
    // The next ply is 1: ply 0 again and ply 2 are refused, ply 1 is stored once.
    assert!(matches!(
        store.append("g1", 0, "x", 1, "playing", None),
        Err(ServerError::Conflict(_))
    ));
    assert!(matches!(
        store.append("g1", 2, "x", 1, "playing", None),
        Err(ServerError::Conflict(_))
    ));
    store.append("g1", 1, "move B2", 0x22, "over", Some("A")).unwrap();
    assert!(matches!(
        store.append("g1", 1, "move B2", 0x22, "over", Some("A")),
        Err(ServerError::Conflict(_))
    ));
    assert_eq!(
        store.decision_rows("g1").unwrap(),
        vec![
            (0, "move A1".to_string(), format!("{:#018x}", 0x11)),
            (1, "move B2".to_string(), format!("{:#018x}", 0x22))
        ]
    );
    assert_eq!(store.decision_rows_from("g1", 1).unwrap().len(), 1);
    assert_eq!(store.decisions("g1").unwrap()[1].0, "move B2");
    let over = store.game("g1").unwrap().unwrap();
    assert_eq!((over.plies, over.status.as_str(), over.result.as_deref()), (2, "over", Some("A")));
    // An undo takes decisions back, guarded by the count of the copy the caller holds.
    assert!(
        matches!(store.truncate("g1", 1, 0), Err(ServerError::Conflict(_))),
        "the game counts 2 decisions, not 1: the caller's copy is stale"
    );
    assert!(
        matches!(store.truncate("g1", 2, 2), Err(ServerError::Conflict(_))),
        "nothing after decision 2 to take back"
    );
    store.truncate("g1", 2, 1).unwrap();
    let undone = store.game("g1").unwrap().unwrap();
    assert_eq!(
        (undone.plies, undone.status.as_str(), undone.result.as_deref()),
        (1, "playing", None),
        "the game is played on from decision 1"
    );
    assert_eq!(
        store.decision_rows("g1").unwrap(),
        vec![(0, "move A1".to_string(), format!("{:#018x}", 0x11))]
    );
    assert!(
        matches!(store.truncate("g1", 2, 1), Err(ServerError::Conflict(_))),
        "taken back once"
    );
    assert!(matches!(
        store.append("g1", 2, "move B2", 0x22, "playing", None),
        Err(ServerError::Conflict(_))
    ));
    store.append("g1", 1, "move C3", 0x33, "over", Some("A")).unwrap();
    assert_eq!(store.decisions("g1").unwrap()[1].0, "move C3", "another decision in its place");
    // Set-up decisions, in order, once each.
    let mut s = row("g2", humans.clone());
    s.setup_seed = Some(9);
    store.create(&s, &["deploy A1".into()], &[]).unwrap();
    store.append_setup("g2", 1, "deploy B1").unwrap();
    assert!(matches!(store.append_setup("g2", 1, "deploy B1"), Err(ServerError::Conflict(_))));
    assert_eq!(store.setup_decisions("g2").unwrap(), vec!["deploy A1", "deploy B1"]);
    assert_eq!(store.game("g2").unwrap().unwrap().setup_seed, Some(9));
    // A seat is claimed once.
    assert!(store.claim_seat("g2", Side::B, "fresh").unwrap());
    assert!(!store.claim_seat("g2", Side::B, "stranger").unwrap());
    let claimed = store.game("g2").unwrap().unwrap();
    assert_eq!((claimed.tokens.b.as_str(), claimed.claimed.b), ("fresh", true));
    // Lists.
    let mut ai = row(
        "g3",
        BySide {
            a: Seat::Human,
            b: Seat::Ai("greedy".into()),
        },
    );
    ai.updated = unix_now() + 1000;
    store.create(&ai, &[], &[]).unwrap();
    assert_eq!(store.recent(10).unwrap()[0].id, "g3", "newest first");
    let mut unfinished = store.unfinished().unwrap();
    unfinished.sort();
    assert_eq!(unfinished, vec!["g2", "g3"]);
    assert_eq!(store.unfinished_with_ai().unwrap(), vec!["g3"]);
    store.create(&row("g5", humans.clone()), &[], &[]).unwrap();
    assert_eq!(store.expire(150).unwrap(), vec!["g5"], "unchanged since before 150: abandoned");
    assert_eq!(store.game("g5").unwrap().unwrap().status, "abandoned");
    store.writable().unwrap();
    // A damaged row is read with its problem, never silently.
    let mut bad = row("g4", humans);
    bad.seats.b = Seat::Ai("greedy".into());
    store.create(&bad, &[], &[]).unwrap();
    assert!(store.game("g4").unwrap().unwrap().problem.is_none());
}

fn strategy_store_contract(store: &StrategyStore) {
    let g = StrategyRow {
        id: "s1".into(),
        created: 5,
        players: 3,
        round_limit: 8,
        seed: 42,
        seats: vec!["human".into(), "ai heuristic".into(), "human".into()],
        tokens: vec!["t1".into(), String::new(), "t3".into()],
        spectator: "sp".into(),
        status: "playing".into(),
        winners: String::new(),
        plies: 0,
        updated: 5,
    };
    store.create(&g).unwrap();
    assert_eq!(store.game("s1").unwrap().unwrap(), g);
    store.append("s1", 0, "pass", 1, "playing", "").unwrap();
    assert!(matches!(
        store.append("s1", 0, "pass", 1, "playing", ""),
        Err(ServerError::Conflict(_))
    ));
    store.append("s1", 1, "pass", 2, "over", "P1 P3").unwrap();
    let over = store.game("s1").unwrap().unwrap();
    assert_eq!((over.plies, over.status.as_str(), over.winners.as_str()), (2, "over", "P1 P3"));
    assert_eq!(store.decisions("s1").unwrap().len(), 2);
    assert_eq!(store.recent(5).unwrap().len(), 1);
    assert!(store.unfinished().unwrap().is_empty());
    assert!(store.unfinished_with_ai().unwrap().is_empty());
}

/// A decision and an undo of the same game at once, each from a copy counting the same
/// decisions (`one` and `two`: two processes' stores, or one store twice): the database lets
/// exactly one of them through, and the game's count is always its rows'.
fn an_undo_and_a_decision_at_once(one: &Store, two: &Store) {
    let humans = BySide {
        a: Seat::Human,
        b: Seat::Human,
    };
    one.create(&row("undo-race", humans), &[], &[("first".into(), 1)]).unwrap();
    let (mut stored_won, mut undo_won) = (0, 0);
    for round in 0..30u64 {
        let have = two.game("undo-race").unwrap().unwrap().plies;
        let (stored, undone) = std::thread::scope(|s| {
            let a = s.spawn(|| one.append("undo-race", have, "next", round, "playing", None));
            let b = s.spawn(|| two.truncate("undo-race", have, have - 1));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert!(
            stored.is_ok() != undone.is_ok(),
            "round {round}: exactly one wins: {stored:?}, {undone:?}"
        );
        for lost in [&stored, &undone].into_iter().filter_map(|r| r.as_ref().err()) {
            assert!(
                matches!(lost, ServerError::Conflict(_)),
                "round {round}: the loser is told Conflict: {lost}"
            );
        }
        let g = one.game("undo-race").unwrap().unwrap();
        let rows = one.decision_rows("undo-race").unwrap();
        assert_eq!(g.plies as usize, rows.len(), "round {round}: the count is the rows'");
        assert!(rows.iter().enumerate().all(|(i, r)| r.0 == i as i64));
        if stored.is_ok() {
            stored_won += 1;
            assert_eq!(g.plies, have + 1);
        } else {
            undo_won += 1;
            assert_eq!(g.plies, have - 1);
            if g.plies == 0 {
                one.append("undo-race", 0, "first", 1, "playing", None).unwrap();
            }
        }
    }
    println!("of 30 races, the decision won {stored_won} and the undo {undo_won}");
}

#[test]
fn the_sqlite_store_keeps_the_contract() {
    let one = Store::in_memory().unwrap();
    an_undo_and_a_decision_at_once(&one, &one);
    game_store_contract(&Store::in_memory().unwrap());
    strategy_store_contract(&StrategyStore::in_memory().unwrap());
    assert!(!Store::in_memory().unwrap().shared(), "one process: no catching up, no lease");
}

#[test]
fn the_postgres_store_keeps_the_contract() {
    let Some(url) = postgres("contract") else { return };
    let store = pg_store(&url);
    assert!(store.shared());
    game_store_contract(&store);
    let pg = pg::Pg::connect(&url).unwrap();
    strategy_store_contract(&StrategyStore::new(Box::new(PgStrategy(pg))));
    an_undo_and_a_decision_at_once(&store, &pg_store(&url));
}

/// Two processes' stores race for the same plies: the database lets exactly one store each.
#[test]
fn two_processes_never_both_store_a_ply() {
    let Some(url) = postgres("race") else { return };
    let (one, two) = (pg_store(&url), pg_store(&url));
    let humans = BySide {
        a: Seat::Human,
        b: Seat::Human,
    };
    one.create(&row("race", humans), &[], &[]).unwrap();
    let won = AtomicUsize::new(0);
    for ply in 0..40u32 {
        let before = won.load(Ordering::SeqCst);
        std::thread::scope(|s| {
            for (who, store) in [(1u64, &one), (2, &two)] {
                let won = &won;
                s.spawn(
                    move || match store.append("race", ply, &format!("move {who}"), who, "playing", None) {
                        Ok(()) => {
                            won.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(ServerError::Conflict(_)) => {}
                        Err(e) => panic!("{e}"),
                    },
                );
            }
        });
        assert_eq!(won.load(Ordering::SeqCst), before + 1, "ply {ply}: exactly one store wins");
    }
    let rows = two.decision_rows("race").unwrap();
    assert_eq!(rows.len(), 40);
    assert!(rows.iter().enumerate().all(|(i, r)| r.0 == i as i64));
    assert_eq!(one.game("race").unwrap().unwrap().plies, 40);
}

/// The AI lease: one holder at a time; it renews its own; another takes it only once it
/// expired; given up while a person must move; an expired lease lists the game as orphaned.
#[test]
fn one_process_at_a_time_holds_a_games_ai() {
    let Some(url) = postgres("lease") else { return };
    let (one, two) = (pg_store(&url), pg_store(&url));
    assert!(one.take_ai_lease("g", "one", 60_000).unwrap());
    assert!(!two.take_ai_lease("g", "two", 60_000).unwrap(), "held by another");
    assert!(one.take_ai_lease("g", "one", 300).unwrap(), "the holder renews it");
    assert!(two.orphaned_ai().unwrap().is_empty(), "not expired yet");
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(two.orphaned_ai().unwrap(), vec!["g"], "the holder stopped renewing: orphaned");
    assert!(two.take_ai_lease("g", "two", 60_000).unwrap(), "taken over after it expired");
    assert!(!one.take_ai_lease("g", "one", 60_000).unwrap(), "the old holder lost it");
    two.release_ai_lease("g", "two", true).unwrap();
    assert!(
        two.orphaned_ai().unwrap().is_empty(),
        "given up while a person must move: nobody must adopt it"
    );
    assert!(one.take_ai_lease("g", "one", 60_000).unwrap(), "given up: anyone takes it");
    one.release_ai_lease("g", "one", false).unwrap();
    assert_eq!(
        two.orphaned_ai().unwrap(),
        vec!["g"],
        "handed over by a server that stops: adopted at once"
    );
    // An unfinished game with an AI seat that no server has leased (its server died between
    // storing it and taking the lease) is orphaned too, until a server takes it.
    let ai = row(
        "fresh",
        BySide {
            a: Seat::Human,
            b: Seat::Ai("greedy".into()),
        },
    );
    one.create(&ai, &[], &[]).unwrap();
    assert!(two.orphaned_ai().unwrap().contains(&"fresh".to_string()));
    assert!(two.take_ai_lease("fresh", "two", 60_000).unwrap());
    assert!(!one.orphaned_ai().unwrap().contains(&"fresh".to_string()));
    // Strategy games' leases are apart from the tactics games' of the same id.
    let st = StrategyStore::new(Box::new(PgStrategy(pg::Pg::connect(&url).unwrap())));
    assert!(st.take_ai_lease("g", "two", 60_000).unwrap());
}

fn start_on(db: &str, lease_ms: u64) -> RunningServer {
    let mut c = ServerConfig::new(db.into());
    c.port = 0;
    c.limits = Limits {
        rate: 10_000.0,
        burst: 10_000.0,
        ..Limits::default()
    };
    c.limits.ai.lease_ms = lease_ms;
    spawn(c).unwrap()
}

/// Reads a socket until a state with at least `ply` decisions.
fn state_at(sock: &mut GameSocket, ply: u64) -> serde_json::Value {
    sock.recv_ply(ply).unwrap()
}

fn legal(state: &serde_json::Value) -> String {
    state["decisions"][0]["text"].as_str().expect("a legal decision").to_string()
}

/// A decision taken through one server reaches the WebSocket clients of the other; the
/// other side answers through the other server; a stale client is told `conflict`.
#[test]
fn a_decision_through_one_server_reaches_the_sockets_of_the_other() {
    let Some(url) = postgres("two") else { return };
    let (s1, s2) = (start_on(&url, 10_000), start_on(&url, 10_000));
    let (a1, a2): (SocketAddr, SocketAddr) = (s1.addr(), s2.addr());
    let created = post(
        a1,
        "/api/games",
        &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": 5 }),
    )
    .unwrap();
    assert_eq!(created.status, 200, "{}", created.body);
    let c = created.json();
    let id = c["id"].as_str().unwrap().to_string();
    let ta = c["you"]["token"].as_str().unwrap().to_string();
    // The invitee claims the seat through the other server.
    let tb = claim_invite(a2, &c).unwrap();
    let mut sa = GameSocket::connect(a1, &id, &ta).unwrap();
    let mut sb = GameSocket::connect(a2, &id, &tb).unwrap();
    let mut state = state_at(&mut sa, 0);
    state_at(&mut sb, 0);
    let mut worst = Duration::ZERO;
    for ply in 0..12u64 {
        if state["pending"]["kind"] != "decision" {
            break;
        }
        let side_a = state["pending"]["side"] == "A";
        let (me, other) = if side_a { (&mut sa, &mut sb) } else { (&mut sb, &mut sa) };
        // The legal decisions come to the seat that must decide only (push.rs): read them
        // from its whole state.
        let seat = if side_a { &ta } else { &tb };
        let whole = get(a1, &format!("/api/games/{id}?seat={seat}")).unwrap().json();
        let t0 = Instant::now();
        me.send(&json!({ "type": "decide", "decision": legal(&whole), "ply": ply }))
            .unwrap();
        // The other server's client sees it (through NOTIFY).
        let seen = state_at(other, ply + 1);
        worst = worst.max(t0.elapsed());
        state = state_at(me, ply + 1);
        assert_eq!(seen["ply"], state["ply"]);
        assert_eq!(seen["pending"], state["pending"], "both servers show the same game");
    }
    println!("a decision reached the other server's socket within {worst:?} (12 decisions)");
    // A client of a stale ply is refused, whichever server it speaks to.
    let ply = state["ply"].as_u64().unwrap();
    let seat = if state["pending"]["side"] == "A" { &ta } else { &tb };
    let whole = get(a1, &format!("/api/games/{id}?seat={seat}")).unwrap().json();
    let stale = post(
        a2,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": if state["pending"]["side"] == "A" { &ta } else { &tb }, "decision": legal(&whole), "ply": ply - 1 }),
    )
    .unwrap();
    assert_eq!(stale.status, 409, "{}", stale.body);
    // Both servers answer with every decision.
    for addr in [a1, a2] {
        let s = get(addr, &format!("/api/games/{id}?seat={ta}")).unwrap().json();
        assert_eq!(s["ply"].as_u64(), Some(ply));
    }
}

/// AI against AI on two servers: each game's AI is played by one of them (a decision stored
/// twice would break the replay); when the holder stops, the other takes over.
#[test]
fn a_games_ai_is_played_by_one_server_and_taken_over_when_it_stops() {
    let Some(url) = postgres("takeover") else { return };
    let s1 = start_on(&url, 1_500);
    let created = post(
        s1.addr(),
        "/api/games",
        &json!({ "scenario": "annihilation", "both_ai": "greedy", "seed": 3, "spectators": true }),
    )
    .unwrap();
    assert_eq!(created.status, 200, "{}", created.body);
    let c = created.json();
    let id = c["id"].as_str().unwrap().to_string();
    let watch = c["spectator_link"]
        .as_str()
        .and_then(|l| l.split("seat=").nth(1))
        .expect("a spectator link")
        .to_string();
    let s2 = start_on(&url, 1_500);
    let a2 = s2.addr();
    let ply_on = |addr: SocketAddr| -> u64 {
        let v = get(addr, &format!("/api/games/{id}?seat={watch}")).unwrap().json();
        v["ply"].as_u64().unwrap_or_else(|| panic!("{v}"))
    };
    let t0 = Instant::now();
    while ply_on(a2) < 5 {
        assert!(t0.elapsed() < Duration::from_secs(30), "the AI game does not go on");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The first server stops: its lease runs out and the second takes the AI over.
    let before = ply_on(a2);
    s1.stop();
    let t1 = Instant::now();
    while ply_on(a2) <= before + 5 {
        assert!(
            t1.elapsed() < Duration::from_secs(30),
            "the AI game was not taken over ({} decisions)",
            ply_on(a2)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    println!("taken over after {:?}", t1.elapsed());
    // Every stored decision replays: no ply was stored twice or skipped (read once nothing
    // writes any more).
    drop(s2);
    let store = pg_store(&url);
    let rows = store.decision_rows(&id).unwrap();
    assert!(rows.iter().enumerate().all(|(i, r)| r.0 == i as i64));
    assert_eq!(store.game(&id).unwrap().unwrap().plies as usize, rows.len());
}

/// Strategy games are stored in the same database: a game of two people played through both
/// servers in turn (each decision through the other server than the last), and a game of two
/// AIs taken over by the second server when the first stops.
#[test]
fn strategy_games_follow_across_servers_too() {
    let Some(url) = postgres("strategy") else { return };
    let (s1, s2) = (start_on(&url, 1_500), start_on(&url, 1_500));
    let servers = [s1.addr(), s2.addr()];
    let c = post(
        servers[0],
        "/api/strategy/games",
        &json!({ "seats": ["human", "human"], "seed": 11 }),
    )
    .unwrap();
    assert_eq!(c.status, 200, "{}", c.body);
    let c = c.json();
    let id = c["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = c["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let state = |addr: SocketAddr, token: &str| get(addr, &format!("/api/strategy/games/{id}?seat={token}")).unwrap().json();
    // Waits until the server shows `plies` decisions (the other server's, through NOTIFY).
    let at = |addr: SocketAddr, plies: u64| {
        let t0 = Instant::now();
        loop {
            let s = state(addr, &tokens[0]);
            if s["plies"].as_u64() == Some(plies) {
                return s;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(5),
                "server {addr} is stuck at {} of {plies} decisions",
                s["plies"]
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    for ply in 0..20u64 {
        let addr = servers[ply as usize % 2];
        let s = at(addr, ply);
        if s["pending"]["kind"] != "decision" {
            break;
        }
        let p = s["pending"]["player"].as_u64().unwrap() as usize;
        let mine = state(addr, &tokens[p]);
        let d = mine["choices"][0]["text"].as_str().unwrap().to_string();
        let a = post(
            addr,
            &format!("/api/strategy/games/{id}/decide"),
            &json!({ "seat": tokens[p], "decision": d, "ply": ply }),
        )
        .unwrap();
        assert_eq!(a.status, 200, "decision {ply} through server {}: {}", ply % 2 + 1, a.body);
    }
    at(servers[0], 20);
    at(servers[1], 20);

    let c = post(
        servers[0],
        "/api/strategy/games",
        &json!({ "seats": ["ai heuristic", "ai heuristic"], "seed": 12 }),
    )
    .unwrap()
    .json();
    let ai = c["id"].as_str().unwrap().to_string();
    let watch = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap().to_string();
    let plies = |addr: SocketAddr| {
        get(addr, &format!("/api/strategy/games/{ai}?seat={watch}")).unwrap().json()["plies"]
            .as_u64()
            .unwrap()
    };
    let t0 = Instant::now();
    while plies(servers[1]) < 3 {
        assert!(t0.elapsed() < Duration::from_secs(30), "the strategy AI game does not go on");
        std::thread::sleep(Duration::from_millis(20));
    }
    s1.stop();
    let before = plies(servers[1]);
    let t1 = Instant::now();
    while plies(servers[1]) < before + 3 {
        assert!(t1.elapsed() < Duration::from_secs(30), "the strategy AI game was not taken over");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(s2);
}

/// Creates a game through `addr`: its answer, id and the creator's seat token.
fn new_game(addr: SocketAddr, body: &serde_json::Value) -> (serde_json::Value, String, String) {
    let c = post(addr, "/api/games", body).unwrap();
    assert_eq!(c.status, 200, "{}", c.body);
    let c = c.json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["you"]["token"].as_str().unwrap().to_string();
    (c, id, token)
}

fn undo(addr: SocketAddr, id: &str, token: &str, ask: &str) -> dust_server::client::Answer {
    post(addr, &format!("/api/games/{id}/undo"), &json!({ "seat": token, "ask": ask })).unwrap()
}

/// Reads a socket until a whole `state` at exactly `ply` decisions (what a socket is sent
/// after decisions were taken back: every event again, `events_from` 0).
fn whole_state_at(sock: &mut GameSocket, ply: u64) -> serde_json::Value {
    loop {
        let m = sock.recv().unwrap();
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] == "state" && m["ply"].as_u64() == Some(ply) {
            return m;
        }
    }
}

/// Polls a server until it shows at least `ply` decisions and the seat must decide (the AI
/// answered).
fn turn_on(addr: SocketAddr, id: &str, token: &str, ply: u64) -> serde_json::Value {
    let t0 = Instant::now();
    loop {
        let s = get(addr, &format!("/api/games/{id}?seat={token}")).unwrap().json();
        if s["ply"].as_u64().unwrap_or(0) >= ply && (s["yours"] == true || s["pending"]["kind"] != "decision") {
            return s;
        }
        assert!(t0.elapsed() < Duration::from_secs(20), "the AI never answered: {s}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// An undo on a database shared by two servers (issue 16): against the AI, the person's
/// last decision is taken back through server 1; server 2, which follows the game, drops its
/// later decisions, and its sockets (the seat's and a spectator's) get the whole state before
/// that decision — same ply, same state hash, the log from its start. The game then goes on
/// through server 2 and server 1 follows it.
#[test]
fn an_undo_through_one_server_reaches_the_sockets_of_the_other() {
    let Some(url) = postgres("undo") else { return };
    let (s1, s2) = (start_on(&url, 10_000), start_on(&url, 10_000));
    let (a1, a2) = (s1.addr(), s2.addr());
    let (c, id, t) = new_game(
        a1,
        &json!({ "scenario": "duel", "side": "a", "opponent": "ai greedy", "seed": 11, "spectators": true }),
    );
    let watch = c["spectator_link"].as_str().unwrap().split("seat=").nth(1).unwrap().to_string();
    let mut seat2 = GameSocket::connect(a2, &id, &t).unwrap();
    let mut watch2 = GameSocket::connect(a2, &id, &watch).unwrap();
    let (mut before, mut at) = (None, 0);
    for k in 0..3 {
        let s = turn_on(a1, &id, &t, at);
        at = s["ply"].as_u64().unwrap() + 1;
        assert_eq!(s["pending"]["kind"], "decision", "{s}");
        if k == 2 {
            before = Some((
                s["ply"].as_u64().unwrap(),
                s["hash"].as_str().unwrap().to_string(),
                s["events_total"].as_u64().unwrap(),
            ));
        }
        let d = s["decisions"][0]["text"].as_str().unwrap();
        let a = post(
            a1,
            &format!("/api/games/{id}/decide"),
            &json!({ "seat": t, "decision": d, "ply": s["ply"] }),
        )
        .unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let (ply, hash, events) = before.unwrap();
    let last = turn_on(a1, &id, &t, at)["ply"].as_u64().unwrap();
    assert!(last > ply);
    // Server 2 follows the game up to its last decision.
    state_at(&mut seat2, last);
    state_at(&mut watch2, last);

    let t0 = Instant::now();
    let u = undo(a1, &id, &t, "request");
    assert_eq!(u.status, 200, "{}", u.body);
    assert_eq!(u.json()["ply"].as_u64(), Some(ply));
    for sock in [&mut seat2, &mut watch2] {
        let s = whole_state_at(sock, ply);
        println!(
            "{:?} after the undo was sent to server 1, a socket on server 2 had the state before the decision taken back",
            t0.elapsed()
        );
        assert_eq!(s["hash"].as_str(), Some(hash.as_str()), "the state before the decision taken back");
        assert_eq!(s["events_from"], 0, "the log from its start");
        assert_eq!(s["events"].as_array().unwrap().len() as u64, events);
    }
    let on2 = get(a2, &format!("/api/games/{id}?seat={t}")).unwrap().json();
    assert_eq!((on2["ply"].as_u64(), on2["hash"].as_str()), (Some(ply), Some(hash.as_str())));
    // Stored: the rows after it are gone.
    let store = pg_store(&url);
    assert_eq!(store.game(&id).unwrap().unwrap().plies as u64, ply);
    assert_eq!(store.decision_rows(&id).unwrap().len() as u64, ply);
    // The game goes on through server 2; server 1 follows (and its AI answers).
    let d = on2["decisions"][0]["text"].as_str().unwrap();
    let a = post(
        a2,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": t, "decision": d, "ply": ply }),
    )
    .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    let next = turn_on(a1, &id, &t, ply + 1);
    assert!(next["ply"].as_u64().unwrap() > ply, "{next}");
    let rows = store.decision_rows(&id).unwrap();
    assert!(rows.iter().enumerate().all(|(i, r)| r.0 == i as i64));
}

/// Between two people on two servers: A (on server 1) asks to take a decision back; B (on
/// server 2) is shown the request, declines it, is asked again and accepts it through server
/// 2; A's socket on server 1 gets the whole state before A's decision. An undo from a stale
/// copy (a decision stored through the other server meanwhile) is refused with `conflict`.
#[test]
fn an_undo_between_people_on_two_servers_is_asked_on_one_and_accepted_on_the_other() {
    let Some(url) = postgres("undo_people") else { return };
    let (s1, s2) = (start_on(&url, 10_000), start_on(&url, 10_000));
    let (a1, a2) = (s1.addr(), s2.addr());
    let (c, id, ta) = new_game(a1, &json!({ "scenario": "duel", "side": "a", "opponent": "human", "seed": 5 }));
    let tb = claim_invite(a2, &c).unwrap();
    let mut sa = GameSocket::connect(a1, &id, &ta).unwrap();
    let mut sb = GameSocket::connect(a2, &id, &tb).unwrap();
    state_at(&mut sa, 0);
    state_at(&mut sb, 0);
    // Play until A has decided (after the first decision) and B must decide.
    let mut before_a = None;
    let mut ply = 0u64;
    loop {
        let s = get(a1, &format!("/api/games/{id}?seat={ta}")).unwrap().json();
        let side = s["pending"]["side"].as_str().unwrap().to_string();
        if side == "B" && before_a.as_ref().is_some_and(|(p, _)| *p >= 1) {
            break;
        }
        let (addr, token) = if side == "A" { (a1, &ta) } else { (a2, &tb) };
        let mine = get(addr, &format!("/api/games/{id}?seat={token}")).unwrap().json();
        if side == "A" {
            before_a = Some((ply, mine["hash"].as_str().unwrap().to_string()));
        }
        let d = legal(&mine);
        let a = post(
            addr,
            &format!("/api/games/{id}/decide"),
            &json!({ "seat": token, "decision": d, "ply": ply }),
        )
        .unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
        ply += 1;
        state_at(&mut sa, ply);
        state_at(&mut sb, ply);
    }
    let (keep, hash) = before_a.unwrap();
    // A asks on server 1; B's socket on server 2 is told.
    assert_eq!(undo(a1, &id, &ta, "request").status, 200);
    let asked = |sock: &mut GameSocket, by: serde_json::Value| {
        let t0 = Instant::now();
        loop {
            let m = sock.recv().unwrap();
            if m["undo"].is_object() && m["undo"]["requested_by"] == by {
                break;
            }
            assert!(t0.elapsed() < Duration::from_secs(5), "the request never reached the other server");
        }
    };
    asked(&mut sb, json!("A"));
    // B declines on server 2; A's socket on server 1 is told.
    assert_eq!(undo(a2, &id, &tb, "decline").status, 200);
    asked(&mut sa, serde_json::Value::Null);
    assert_eq!(undo(a1, &id, &ta, "request").status, 200);
    asked(&mut sb, json!("A"));
    let accepted = undo(a2, &id, &tb, "accept");
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.json()["ply"].as_u64(), Some(keep));
    let s = whole_state_at(&mut sa, keep);
    assert_eq!(
        s["hash"].as_str(),
        Some(hash.as_str()),
        "A's socket on server 1: the state before A's decision"
    );
    assert!(s["undo"]["requested_by"].is_null());
    assert_eq!(s["yours"], true, "A decides again");
    // A decides again through server 1; a copy that has not heard it (B's count, `keep`)
    // cannot take decisions back: refused with `conflict`, nothing taken back.
    let d = legal(&s);
    let a = post(
        a1,
        &format!("/api/games/{id}/decide"),
        &json!({ "seat": ta, "decision": d, "ply": keep }),
    )
    .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    let store = pg_store(&url);
    assert!(matches!(
        store.truncate(&id, keep as u32, keep as u32 - 1),
        Err(ServerError::Conflict(_))
    ));
    assert_eq!(store.game(&id).unwrap().unwrap().plies as u64, keep + 1);
    state_at(&mut sb, keep + 1);
}
