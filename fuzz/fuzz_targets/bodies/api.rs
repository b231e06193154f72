//! The bodies of the fuzz targets for the JSON API and the WebSocket (issue 16, "Fuzz what
//! the network can send"): each reads any bytes as a request body (or lines of bodies and
//! messages) and works on it as the server's handler does, without the network
//! (`dust_server::http::offline`), on a hub with an in-memory store. Never a panic, and each
//! input keeps to its [`Budget`] (`fuzz/README.md`). `crates/dust-server/tests/fuzz_budget.rs`
//! runs them over the corpus in `fuzz/seeds/`.

use crate::budget::{check_size, measure, Budget, Cost};
use dust_core::{BySide, Edition, GameRng, Side};
use dust_server::http::offline;
use dust_server::hub::{GameCell, Hub, NewGame, Viewer};
use dust_server::store::{Seat, Store};
use dust_server::strategy::hub::{NewStrategyGame, StrategyHub};
use dust_server::strategy::offline as offline_strategy;
use dust_server::strategy::store::StrategyStore;
use dust_strategy::game::Pending as StrategyPending;
use std::sync::{Arc, OnceLock};

/// One hub for every input (an in-memory store; its runtime is never driven: no AI plays).
fn hub() -> &'static Arc<Hub> {
    static H: OnceLock<(tokio::runtime::Runtime, Arc<Hub>)> = OnceLock::new();
    &H.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
        let hub = Arc::new(Hub::new(Store::in_memory().expect("an in-memory store"), rt.handle().clone()));
        // Warm the shipped data the handlers read once (not any input's cost).
        let _ = offline::odds(Edition::Revised, br#"{"attacker":"x","target":"y"}"#);
        (rt, hub)
    })
    .1
}

/// Lets the games of the last input leave memory (as `serve` evicts idle games).
fn tidy(hub: &Hub) {
    let _ = hub.sweep(-10, i64::MAX / 4);
}

/// The edition an input is read with: its length's parity.
fn edition_of(data: &[u8]) -> Edition {
    if data.len().is_multiple_of(2) {
        Edition::Revised
    } else {
        Edition::Battlefront
    }
}

/// The budget of one request body that names a shipped scenario or carries a file: 96 MiB
/// + 4 KiB × n allocated, 24 MiB + 1 KiB × n held at once.
pub const BODY_BUDGET: Budget = Budget {
    allocated: (96 << 20, 4 << 10),
    peak: (24 << 20, 1 << 10),
    millis: (1_500, 20),
};

/// `new_game`: `POST /api/games` (the seats checked against the server's AI ceiling, the
/// chosen armies checked and put in the scenario, the game built and stored). Its units at
/// most 256 (a shipped scenario) + one per 8 bytes.
pub fn new_game(data: &[u8]) -> Cost {
    let hub = hub();
    let (_, cost) = measure(|| {
        if let Ok(cell) = offline::new_game(hub, edition_of(data), data) {
            let units = cell.live().played.game.units().len();
            check_size("new_game", "units", data.len(), units, 256, 1);
            let _ = offline::state(&cell, Viewer::Spectator);
        }
    });
    tidy(hub);
    BODY_BUDGET.check("new_game", data.len(), cost);
    cost
}

/// `import`: `POST /api/games/import` (the record read, its scenario built, its decisions
/// replayed, the game stored).
pub fn import(data: &[u8]) -> Cost {
    let hub = hub();
    let (_, cost) = measure(|| {
        if let Ok(cell) = offline::import(hub, data) {
            let decisions = cell.live().played.decisions.len();
            check_size("import", "decisions", data.len(), decisions, 0, 1);
        }
    });
    tidy(hub);
    BODY_BUDGET.check("import", data.len(), cost);
    cost
}

/// `replay`: `POST /api/replay` (the record read and replayed to the step asked, its state
/// as JSON).
pub fn replay(data: &[u8]) -> Cost {
    let (_, cost) = measure(|| {
        if let Ok(v) = offline::replay(data) {
            let steps = v["steps"].as_u64().unwrap_or(0) as usize;
            check_size("replay", "decisions", data.len(), steps, 0, 1);
        }
    });
    BODY_BUDGET.check("replay", data.len(), cost);
    cost
}

/// `army_check`: `POST /api/armies/check` (a shipped army, an army file's text or the
/// builder's units, checked for a scenario).
pub fn army_check(data: &[u8]) -> Cost {
    let (_, cost) = measure(|| {
        let _ = offline::check_army(data);
    });
    BODY_BUDGET.check("army_check", data.len(), cost);
    cost
}

/// The budget of an odds request: 8 MiB + 64 × n allocated, 2 MiB + 64 × n held.
pub const ODDS_BUDGET: Budget = Budget {
    allocated: (8 << 20, 64),
    peak: (2 << 20, 64),
    millis: (500, 2),
};

/// `odds`: `POST /api/odds` (the cards found, the attack's exact odds computed).
pub fn odds(data: &[u8]) -> Cost {
    let (_, cost) = measure(|| {
        let _ = offline::odds(edition_of(data), data);
    });
    ODDS_BUDGET.check("odds", data.len(), cost);
    cost
}

/// The budget of a game played by lines of requests or messages: a game built (16 MiB
/// allocated, 8 MiB held), then 512 KiB allocated per byte of input (a line of one byte
/// plays a whole decision: the engine step, the store, the state as JSON) and 8 MiB held.
pub const PLAY_BUDGET: Budget = Budget {
    allocated: (16 << 20, 512 << 10),
    peak: (8 << 20, 1 << 10),
    millis: (1_000, 200),
};

/// The most lines of one input the play targets read.
pub const PLAY_LINES: usize = 128;

/// A duel between two people, its dice seeded with `seed`, and the tokens of its seats
/// and the invite code of seat B.
fn duel(hub: &Arc<Hub>, seed: u64) -> Arc<GameCell> {
    let new = NewGame {
        scenario: "duel".to_string(),
        scenario_text: None,
        seed,
        seats: BySide {
            a: Seat::Human,
            b: Seat::Human,
        },
        spectators: true,
        creator: Some(Side::A),
        public: false,
        decisions: Vec::new(),
        setup: None,
    };
    hub.create(new).expect("the duel starts")
}

/// Plays the lines of `data` on a duel: each line is given to `send` with `$A`, `$B`, `$PLY`
/// and `$INVITE` replaced by seat A's and B's tokens, the number of decisions and B's invite
/// code. A line refused as not reading (`bad_json`, `bad_type`) plays a random legal decision
/// instead, so inputs reach deep into a game.
fn play(target: &str, data: &[u8], send: impl Fn(&Arc<Hub>, &Arc<GameCell>, &str) -> Result<(), String>) -> Cost {
    let Ok(text) = std::str::from_utf8(data) else {
        return Cost::default();
    };
    let hub = hub();
    let (_, cost) = measure(|| {
        let cell = duel(hub, data.len() as u64);
        let mut rng = GameRng::new(data.len() as u64);
        for line in text.lines().take(PLAY_LINES) {
            let (row, plies) = (cell.row(), cell.live().played.decisions.len());
            let line = line
                .replace("$A", &row.tokens.a)
                .replace("$B", &row.tokens.b)
                .replace("$PLY", &plies.to_string())
                .replace("$INVITE", row.invites.b.as_deref().unwrap_or(""));
            match send(hub, &cell, &line) {
                Err(code) if code == "bad_json" || code == "bad_type" => {
                    let legal = cell.live().played.game.legal_decisions();
                    let Some(side) = cell.live().to_decide() else { continue };
                    if legal.is_empty() {
                        continue;
                    }
                    let d = legal[rng.index(legal.len())].to_string();
                    hub.decide(&cell, Viewer::Seat(side), &d, Some(plies as u32))
                        .expect("an offered decision is taken");
                }
                _ => {}
            }
        }
        let decisions = cell.live().played.decisions.len();
        check_size(target, "decisions", data.len(), decisions, 0, 1);
        let _ = offline::state(&cell, Viewer::Spectator);
    });
    tidy(hub);
    PLAY_BUDGET.check(target, data.len(), cost);
    cost
}

/// `decide`: lines of `POST /api/games/{id}/decide`, `/claim`, `/undo` and `/join` bodies on
/// a duel between two people (a body that is not a decision's is tried as a claim, then an
/// undo, then a join).
pub fn decide(data: &[u8]) -> Cost {
    play("decide", data, |hub, cell, line| {
        let body = line.as_bytes();
        match offline::decide(hub, cell, body) {
            Err(e) if e.code == "bad_json" => {}
            Err(e) => return Err(e.code.to_string()),
            Ok(_) => return Ok(()),
        }
        match offline::claim(hub, cell, body) {
            Err(e) if e.code == "bad_json" => {}
            _ => return Ok(()),
        }
        match offline::undo(hub, cell, body) {
            Err(e) if e.code == "bad_json" => {}
            _ => return Ok(()),
        }
        offline::join(hub, cell, body).map(|_| ()).map_err(|e| e.code.to_string())
    })
}

/// One strategy hub for every input (an in-memory store, no runtime: no AI plays).
fn strategy_hub() -> &'static Arc<StrategyHub> {
    static H: OnceLock<Arc<StrategyHub>> = OnceLock::new();
    H.get_or_init(|| Arc::new(StrategyHub::new(StrategyStore::in_memory().expect("an in-memory store"), None)))
}

/// `strategy_decide`: lines of `POST /api/strategy/games/{id}/decide` (one decision or a
/// batch) and `/plan` bodies on a game of three people, `$P1`, `$P2`, `$P3` and `$PLY`
/// replaced by the seats' tokens and the number of decisions (a body that is not a
/// decision's is tried as a plan). A line refused as not reading plays a random legal
/// decision instead, so inputs reach deep into a game. Its budget: [`PLAY_BUDGET`].
pub fn strategy_decide(data: &[u8]) -> Cost {
    let Ok(text) = std::str::from_utf8(data) else {
        return Cost::default();
    };
    let hub = strategy_hub();
    let (_, cost) = measure(|| {
        let cell = hub
            .create(NewStrategyGame {
                seats: vec!["human".into(), "human".into(), "human".into()],
                seed: data.len() as u64,
                round_limit: 3,
            })
            .expect("the game starts");
        let mut rng = GameRng::new(data.len() as u64);
        for line in text.lines().take(PLAY_LINES) {
            let (row, plies) = (cell.row(), cell.live().decisions.len());
            let mut line = line.replace("$PLY", &plies.to_string());
            for (i, t) in row.tokens.iter().enumerate() {
                line = line.replace(&format!("$P{}", i + 1), t);
            }
            let body = line.as_bytes();
            let code = match offline_strategy::decide(hub, &cell, body) {
                Err(e) if e.code == "bad_json" => match offline_strategy::plan(hub, &cell, body) {
                    Err(e) => e.code,
                    Ok(_) => "",
                },
                Err(e) => e.code,
                Ok(_) => "",
            };
            if code == "bad_json" {
                let (legal, p) = {
                    let live = cell.live();
                    match live.game.pending() {
                        StrategyPending::Decision(p) => (live.game.legal_decisions(), p),
                        _ => break,
                    }
                };
                if legal.is_empty() {
                    break;
                }
                let d = legal[rng.index(legal.len())].to_string();
                let token = &row.tokens[p.index()];
                let viewer = hub.viewer(&cell, token).expect("a seat's token");
                hub.decide(&cell, viewer, &d, Some(plies as u32))
                    .expect("an offered decision is taken");
            }
        }
        let decisions = cell.live().decisions.len();
        check_size("strategy_decide", "decisions", data.len(), decisions, 0, 1);
        let _ = dust_server::strategy::state_value(&cell, dust_server::strategy::hub::StrategyViewer::Spectator);
    });
    // The game of this input leaves memory (as `serve` evicts idle games).
    let _ = hub.sweep(-10);
    PLAY_BUDGET.check("strategy_decide", data.len(), cost);
    cost
}

/// `ws_message`: lines of WebSocket messages on a duel between two people, sent by seat A
/// (a line beginning with `B:` by seat B, `S:` by a spectator).
pub fn ws_message(data: &[u8]) -> Cost {
    play("ws_message", data, |hub, cell, line| {
        let (viewer, msg) = match line.split_at_checked(2) {
            Some(("B:", rest)) => (Viewer::Seat(Side::B), rest),
            Some(("S:", rest)) => (Viewer::Spectator, rest),
            _ => (Viewer::Seat(Side::A), line),
        };
        let reply = offline::ws_message(hub, cell, viewer, msg);
        match reply["error"]["code"].as_str() {
            Some(code) => Err(code.to_string()),
            None => Ok(()),
        }
    })
}
