//! A bounded load test over the WebSocket API: `games` games of AI against AI, where the AIs
//! are clients (each game a thread with one socket per seat, picking uniformly among the legal
//! decisions the server sends) and every decision goes through the server like a person's.
//! It stops by itself after `max_decisions` decisions per game or at the deadline, and checks
//! that the server kept every acknowledged decision. Only for servers on this machine: the
//! address must be a loopback address.

use crate::client::{get, post, GameSocket};
use dust_core::GameRng;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// What a load run measured.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    /// Games played.
    pub games: usize,
    /// Games that reached the end.
    pub finished: usize,
    /// Decisions acknowledged in all.
    pub decisions: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Decisions per second over all games.
    pub per_second: f64,
    /// Median latency from sending a decision to its acknowledgement, in milliseconds.
    pub p50_ms: f64,
    /// 99th percentile of that latency.
    pub p99_ms: f64,
    /// Games whose stored decisions differ from the ones acknowledged (must be empty).
    pub lost: Vec<String>,
    /// Problems met (connection failures, refusals).
    pub errors: Vec<String>,
}

impl core::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} games ({} finished), {} decisions in {:.1} s: {:.0} decisions/s, latency p50 {:.2} ms, p99 {:.2} ms, {} games lost, {} errors",
            self.games,
            self.finished,
            self.decisions,
            self.seconds,
            self.per_second,
            self.p50_ms,
            self.p99_ms,
            self.lost.len(),
            self.errors.len()
        )
    }
}

struct GameRun {
    id: String,
    token: String,
    acked: usize,
    finished: bool,
    latencies: Vec<Duration>,
    error: Option<String>,
}

fn play_one(addr: SocketAddr, scenario: &str, seed: u64, max_decisions: usize, deadline: Instant) -> GameRun {
    let mut run = GameRun {
        id: String::new(),
        token: String::new(),
        acked: 0,
        finished: false,
        latencies: Vec::new(),
        error: None,
    };
    let r = (|| -> Result<(), String> {
        let created = post(
            addr,
            "/api/games",
            &json!({ "scenario": scenario, "side": "a", "opponent": "human", "seed": seed }),
        )
        .map_err(|e| e.to_string())?;
        let c = created.json();
        if created.status != 200 {
            return Err(format!("create: {}", created.body));
        }
        run.id = c["id"].as_str().unwrap_or_default().to_string();
        let ta = c["you"]["token"].as_str().unwrap_or_default().to_string();
        run.token = ta.clone();
        let tb = crate::client::claim_invite(addr, &c).map_err(|e| e.to_string())?;
        let mut socks = [
            GameSocket::connect(addr, &run.id, &ta).map_err(|e| e.to_string())?,
            GameSocket::connect(addr, &run.id, &tb).map_err(|e| e.to_string())?,
        ];
        let mut state = socks[0].recv_kind("state").map_err(|e| e.to_string())?;
        socks[1].recv_kind("state").map_err(|e| e.to_string())?;
        let mut pick = GameRng::new(seed ^ 0x9e37_79b9);
        while run.acked < max_decisions && Instant::now() < deadline {
            if state["pending"]["kind"] != "decision" {
                run.finished = state["pending"]["kind"] == "over";
                break;
            }
            let side = usize::from(state["pending"]["side"] != "A");
            let options: Vec<&str> = state["decisions"]
                .as_array()
                .map_or(Vec::new(), |v| v.iter().filter_map(|d| d["text"].as_str()).collect());
            if options.is_empty() {
                return Err("a decision is pending but none is legal".into());
            }
            let d = options[pick.index(options.len())].to_string();
            let ply = state["ply"].as_u64().unwrap_or(0);
            let t0 = Instant::now();
            socks[side]
                .send(&json!({ "type": "decide", "decision": d, "ply": ply }))
                .map_err(|e| e.to_string())?;
            // The deciding socket gets the state push and the ack, in either order.
            let mut acked = false;
            let mut next: Option<Value> = None;
            while !acked || next.is_none() {
                let m = socks[side].recv().map_err(|e| e.to_string())?;
                match m["type"].as_str() {
                    Some("ack") => {
                        run.latencies.push(t0.elapsed());
                        acked = true;
                    }
                    Some("state") if m["ply"].as_u64().unwrap_or(0) > ply => next = Some(m),
                    Some("error") => return Err(format!("`{d}` refused: {}", m["error"]["message"])),
                    _ => {}
                }
            }
            run.acked += 1;
            // Keep the other socket drained: it gets the same state.
            loop {
                let m = socks[1 - side].recv().map_err(|e| e.to_string())?;
                if m["type"] == "state" && m["ply"].as_u64().unwrap_or(0) > ply {
                    break;
                }
            }
            state = next.unwrap_or(Value::Null);
        }
        if state["pending"]["kind"] == "over" {
            run.finished = true;
        }
        Ok(())
    })();
    if let Err(e) = r {
        run.error = Some(format!("game {}: {e}", run.id));
    }
    run
}

/// Plays `games` games at once on the server at `addr` (a loopback address), each at most
/// `max_decisions` decisions, all stopping at `limit` at the latest.
///
/// # Errors
/// `addr` is not a loopback address.
pub fn run(addr: SocketAddr, scenario: &str, games: usize, max_decisions: usize, limit: Duration) -> Result<LoadReport, String> {
    if !addr.ip().is_loopback() {
        return Err(format!(
            "{addr} is not a loopback address: the load test only runs against this machine"
        ));
    }
    let start = Instant::now();
    let deadline = start + limit;
    let handles: Vec<_> = (0..games)
        .map(|i| {
            let scenario = scenario.to_string();
            std::thread::spawn(move || play_one(addr, &scenario, 1000 + i as u64, max_decisions, deadline))
        })
        .collect();
    let runs: Vec<GameRun> = handles
        .into_iter()
        .map(|h| {
            h.join().unwrap_or(GameRun {
                id: String::new(),
                token: String::new(),
                acked: 0,
                finished: false,
                latencies: Vec::new(),
                error: Some("a client thread panicked".into()),
            })
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64();
    let mut lat: Vec<Duration> = runs.iter().flat_map(|r| r.latencies.iter().copied()).collect();
    lat.sort();
    let q = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
        }
    };
    let mut report = LoadReport {
        games,
        finished: runs.iter().filter(|r| r.finished).count(),
        decisions: runs.iter().map(|r| r.acked).sum(),
        seconds,
        per_second: 0.0,
        p50_ms: q(0.5),
        p99_ms: q(0.99),
        lost: Vec::new(),
        errors: runs.iter().filter_map(|r| r.error.clone()).collect(),
    };
    report.per_second = report.decisions as f64 / seconds.max(1e-9);
    // No game lost: the server has every acknowledged decision.
    for r in runs.iter().filter(|r| !r.id.is_empty()) {
        let path = format!("/api/games/{}?seat={}&since=1000000000", r.id, r.token);
        let stored = get(addr, &path).ok().and_then(|a| a.json()["ply"].as_u64());
        if stored != Some(r.acked as u64) {
            report
                .lost
                .push(format!("game {}: {} acknowledged, {:?} stored", r.id, r.acked, stored));
        }
    }
    Ok(report)
}
