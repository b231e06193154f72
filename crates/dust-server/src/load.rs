//! A bounded load test of running servers (`dust1947 loadtest`, issue 16 "Fast enough to
//! matter"): games between two people, where the people are client threads. Each game is
//! created on one of the servers (round-robin over their addresses), its invited seat claimed
//! by invite link, and both seats connected by WebSocket with their own person tokens. A
//! client picks uniformly among the legal decisions the server itself lists for the seat that
//! must decide, and sends it over the WebSocket or, one time in `http_every`, as
//! `POST /api/games/ID/decide`; the server's answer and its push to both seats close the
//! decision. A game that ends is replaced by a new one until the deadline, and at the end the
//! client checks that the servers kept every acknowledged decision.
//!
//! The figures: decisions per second, latency (from sending a decision to holding both its
//! acknowledgement and the new state on the deciding seat's socket) at p50 / p99 / max, and,
//! given the servers' process ids, their memory (`VmRSS`, `VmHWM`) and CPU time per decision
//! (`/proc/PID/stat`), beside the client's own CPU time (the client shares the machine).
//!
//! Only for servers on this machine: every address must be a loopback address.

use crate::client::{claim_invite, get, post, request, GameSocket};
use dust_core::GameRng;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// What a load run does.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    /// The servers (loopback addresses): game `i` is created on `servers[i % len]`.
    pub servers: Vec<SocketAddr>,
    /// The scenario of every game.
    pub scenario: String,
    /// Games in play at once (a finished game is replaced while time remains).
    pub games: usize,
    /// Client threads; each plays its share of the games, one decision at a time in turn.
    pub clients: usize,
    /// How long the run lasts.
    pub limit: Duration,
    /// At most this many decisions per game (then the game is left and a new one begun).
    pub max_decisions: usize,
    /// One decision in this many goes over HTTP, the others over the WebSocket (0: never HTTP).
    pub http_every: usize,
    /// Seat B connects to the next server in the list (a game played across two processes
    /// sharing one database).
    pub spread_seats: bool,
    /// The servers' process ids, to read their memory and CPU time.
    pub pids: Vec<u32>,
    /// The dice seed of the first game (the others follow it).
    pub seed: u64,
    /// A game that ends (or reaches `max_decisions`) is replaced by a new one while time
    /// remains; `false`: each slot plays one game.
    pub replace: bool,
}

impl LoadPlan {
    /// A plan of `games` games on one server, as many clients as games, no time limit but
    /// `limit`.
    pub fn new(server: SocketAddr, scenario: &str, games: usize, limit: Duration) -> LoadPlan {
        LoadPlan {
            servers: vec![server],
            scenario: scenario.to_string(),
            games,
            clients: games,
            limit,
            max_decisions: usize::MAX,
            http_every: 4,
            spread_seats: false,
            pids: Vec::new(),
            seed: 1000,
            replace: true,
        }
    }
}

/// A server process's memory and CPU, read from `/proc`.
#[derive(Clone, Debug, Default)]
pub struct ProcessFigures {
    /// The process id.
    pub pid: u32,
    /// Resident memory at the end, in KiB.
    pub rss_kib: u64,
    /// The highest resident memory since it started, in KiB.
    pub hwm_kib: u64,
    /// CPU seconds (user and system) spent during the run.
    pub cpu_seconds: f64,
}

/// What a load run measured.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    /// Games played (begun).
    pub games: usize,
    /// Games that reached the end.
    pub finished: usize,
    /// Decisions acknowledged in all.
    pub decisions: usize,
    /// Of which over HTTP.
    pub http_decisions: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Decisions per second over all games.
    pub per_second: f64,
    /// Median latency in milliseconds (see the module's documentation).
    pub p50_ms: f64,
    /// 99th percentile of that latency.
    pub p99_ms: f64,
    /// The longest.
    pub max_ms: f64,
    /// Bytes of the messages the servers pushed, per decision (both seats together).
    pub pushed_bytes_per_decision: f64,
    /// The servers' figures (when their process ids were given).
    pub servers: Vec<ProcessFigures>,
    /// CPU seconds the client itself spent.
    pub client_cpu_seconds: f64,
    /// Games whose stored decisions differ from the ones acknowledged (must be empty).
    pub lost: Vec<String>,
    /// Problems met (connection failures, refusals).
    pub errors: Vec<String>,
}

impl core::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} games ({} finished), {} decisions ({} over HTTP) in {:.1} s: {:.0} decisions/s, latency p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; {:.0} bytes pushed a decision; {} games lost, {} errors",
            self.games,
            self.finished,
            self.decisions,
            self.http_decisions,
            self.seconds,
            self.per_second,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.pushed_bytes_per_decision,
            self.lost.len(),
            self.errors.len()
        )?;
        for s in &self.servers {
            write!(
                f,
                "\n  server pid {}: RSS {:.1} MiB (peak {:.1} MiB), CPU {:.1} s = {:.3} ms a decision",
                s.pid,
                s.rss_kib as f64 / 1024.0,
                s.hwm_kib as f64 / 1024.0,
                s.cpu_seconds,
                s.cpu_seconds * 1000.0 / self.decisions.max(1) as f64
            )?;
        }
        write!(
            f,
            "\n  client (this process, on the same machine): CPU {:.1} s = {:.3} ms a decision",
            self.client_cpu_seconds,
            self.client_cpu_seconds * 1000.0 / self.decisions.max(1) as f64
        )
    }
}

/// CPU seconds (user + system) of a process so far, from `/proc/PID/stat` (`self` for this one).
/// The CPU time (user and system, in seconds) process `pid` (or `self`) has used, from `/proc`.
pub fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces: the fields start after its closing parenthesis.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 of the line (utime, stime) are 12 and 13 after the state (field 3).
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    // USER_HZ is 100 on every Linux the project runs on.
    Some(ticks / 100.0)
}

/// `VmRSS` and `VmHWM` of a process, in KiB.
fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|n| n.parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// The part of a pushed message the client reads (the rest is skipped unparsed).
#[derive(Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    ply: Option<u64>,
    #[serde(default)]
    pending: Option<PendingMsg>,
    #[serde(default)]
    decisions: Option<Vec<Offered>>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct PendingMsg {
    kind: String,
    #[serde(default)]
    side: Option<String>,
}

#[derive(Deserialize)]
struct Offered {
    text: String,
}

/// What a seat's socket last showed.
#[derive(Default)]
struct SeatView {
    ply: u64,
    /// `Some(side index)` when a decision is pending; `None` with `over` when the game ended.
    to_move: Option<usize>,
    over: bool,
    decisions: Vec<String>,
}

impl SeatView {
    fn absorb(&mut self, m: Msg) {
        if let Some(p) = m.ply {
            self.ply = p;
        }
        if let Some(p) = m.pending {
            self.over = p.kind == "over";
            self.to_move = (p.kind == "decision").then(|| usize::from(p.side.as_deref() != Some("A")));
        }
        if let Some(d) = m.decisions {
            self.decisions = d.into_iter().map(|o| o.text).collect();
        }
    }
}

/// A game in play by one client thread.
struct Table {
    addr: SocketAddr,
    id: String,
    tokens: [String; 2],
    socks: [GameSocket; 2],
    views: [SeatView; 2],
    acked: usize,
    pick: GameRng,
}

/// What a client thread saw.
#[derive(Default)]
struct ClientRun {
    /// (server, game id, a token, decisions acknowledged) of every game begun.
    games: Vec<(SocketAddr, String, String, usize)>,
    finished: usize,
    http: usize,
    bytes: u64,
    latencies: Vec<Duration>,
    errors: Vec<String>,
}

fn read(sock: &mut GameSocket, bytes: &mut u64) -> Result<Msg, String> {
    let text = sock.recv_text().map_err(|e| e.to_string())?;
    *bytes += text.len() as u64;
    serde_json::from_str(&text).map_err(|e| format!("a message that does not read ({e}): {text:.200}"))
}

fn open_table(plan: &LoadPlan, n: usize, bytes: &mut u64) -> Result<Table, String> {
    let addr = plan.servers[n % plan.servers.len()];
    let seed = plan.seed.wrapping_add(n as u64);
    let body = json!({ "scenario": plan.scenario, "side": "a", "opponent": "human", "seed": seed });
    let mut created = post(addr, "/api/games", &body).map_err(|e| e.to_string())?;
    // A server reading other clients' files answers `503 busy`: try again a little later.
    for _ in 0..50 {
        if created.status != 503 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        created = post(addr, "/api/games", &body).map_err(|e| e.to_string())?;
    }
    if created.status != 200 {
        return Err(format!("creating a game on {addr}: {}", created.body));
    }
    let c = created.json();
    let id = c["id"].as_str().unwrap_or_default().to_string();
    let ta = c["you"]["token"].as_str().unwrap_or_default().to_string();
    let tb = claim_invite(addr, &c).map_err(|e| e.to_string())?;
    let addr_b = if plan.spread_seats {
        plan.servers[(n + 1) % plan.servers.len()]
    } else {
        addr
    };
    let mut socks = [
        GameSocket::connect(addr, &id, &ta).map_err(|e| e.to_string())?,
        GameSocket::connect(addr_b, &id, &tb).map_err(|e| e.to_string())?,
    ];
    let mut views = [SeatView::default(), SeatView::default()];
    for (s, v) in socks.iter_mut().zip(&mut views) {
        let m = read(s, bytes)?;
        if m.kind != "state" {
            return Err(format!("the first message of a socket is `{}`, not the state", m.kind));
        }
        v.absorb(m);
    }
    Ok(Table {
        addr,
        id,
        tokens: [ta, tb],
        socks,
        views,
        acked: 0,
        pick: GameRng::new(seed ^ 0x9e37_79b9),
    })
}

/// Makes one decision in a game. Returns `false` once the game is over.
fn step(t: &mut Table, http: bool, run: &mut ClientRun) -> Result<bool, String> {
    let side = match (t.views[0].to_move, t.views[0].over) {
        (_, true) => return Ok(false),
        (Some(s), _) => s,
        (None, _) => return Err(format!("game {}: no decision pending and not over", t.id)),
    };
    let ply = t.views[side].ply;
    if t.views[side].decisions.is_empty() {
        return Err(format!("game {}: side {side} must decide but is offered nothing", t.id));
    }
    let d = t.views[side].decisions[t.pick.index(t.views[side].decisions.len())].clone();
    let t0 = Instant::now();
    let mut acked = false;
    if http {
        let a = post(
            t.addr,
            &format!("/api/games/{}/decide", t.id),
            &json!({ "seat": t.tokens[side], "decision": d, "ply": ply }),
        )
        .map_err(|e| e.to_string())?;
        if a.status != 200 {
            return Err(format!("game {}: `{d}` refused over HTTP: {}", t.id, a.body));
        }
        acked = true;
        run.http += 1;
    } else {
        t.socks[side]
            .send(&json!({ "type": "decide", "decision": d, "ply": ply }))
            .map_err(|e| e.to_string())?;
    }
    // The deciding seat gets the ack (WebSocket) and the new state, in either order.
    while !acked || t.views[side].ply <= ply {
        let m = read(&mut t.socks[side], &mut run.bytes)?;
        match m.kind.as_str() {
            "ack" => acked = true,
            "error" => {
                return Err(format!(
                    "game {}: `{d}` refused: {}",
                    t.id,
                    m.error.map(|e| e["message"].to_string()).unwrap_or_default()
                ))
            }
            "state" | "update" => t.views[side].absorb(m),
            _ => {}
        }
    }
    run.latencies.push(t0.elapsed());
    t.acked += 1;
    // The other seat gets the same change.
    let other = 1 - side;
    while t.views[other].ply <= ply {
        let m = read(&mut t.socks[other], &mut run.bytes)?;
        if matches!(m.kind.as_str(), "state" | "update") {
            t.views[other].absorb(m);
        }
    }
    Ok(!t.views[0].over)
}

fn client(plan: &LoadPlan, me: usize, deadline: Instant) -> ClientRun {
    let mut run = ClientRun::default();
    // This client's games: every `clients`-th of the `games` slots; slot `k` plays game
    // numbers k, k + games, k + 2 games, … as games end.
    let slots: Vec<usize> = (me..plan.games).step_by(plan.clients.max(1)).collect();
    let mut next_game: Vec<usize> = slots.clone();
    let mut tables: Vec<Option<Table>> = slots.iter().map(|_| None).collect();
    let mut done = vec![false; slots.len()];
    let mut turn = 0usize;
    while Instant::now() < deadline && done.iter().any(|d| !d) {
        let k = turn % slots.len();
        turn += 1;
        if done[k] {
            continue;
        }
        if tables[k].is_none() {
            let n = next_game[k];
            next_game[k] += plan.games;
            match open_table(plan, n, &mut run.bytes) {
                Ok(t) => tables[k] = Some(t),
                Err(e) => {
                    run.errors.push(e);
                    break;
                }
            }
        }
        let Some(t) = tables[k].as_mut() else { continue };
        let http = plan.http_every > 0 && turn.is_multiple_of(plan.http_every);
        match step(t, http, &mut run) {
            Ok(true) if t.acked < plan.max_decisions => {}
            Ok(more) => {
                if !more {
                    run.finished += 1;
                }
                let t = tables[k].take().expect("a table");
                run.games.push((t.addr, t.id, t.tokens[0].clone(), t.acked));
                done[k] = !plan.replace;
            }
            Err(e) => {
                run.errors.push(e);
                let t = tables[k].take().expect("a table");
                run.games.push((t.addr, t.id, t.tokens[0].clone(), t.acked));
                break;
            }
        }
    }
    for t in tables.into_iter().flatten() {
        run.games.push((t.addr, t.id, t.tokens[0].clone(), t.acked));
    }
    run
}

/// Parses a server's address: `http://127.0.0.1:8047`, `127.0.0.1:8047` or `[::1]:8047`.
///
/// # Errors
/// Not an address with a port, or not a loopback address.
pub fn parse_server(url: &str) -> Result<SocketAddr, String> {
    let hostport = url
        .trim()
        .trim_start_matches("http://")
        .trim_start_matches("ws://")
        .trim_end_matches('/');
    let addr: SocketAddr = hostport.parse().map_err(|e| {
        format!("`{url}` is not an address like http://127.0.0.1:8047 ({e}); give the IP address and port the server logged")
    })?;
    if !addr.ip().is_loopback() {
        return Err(format!(
            "{addr} is not a loopback address: the load test only runs against servers on this machine"
        ));
    }
    Ok(addr)
}

/// Runs a load plan and reports what it measured.
///
/// # Errors
/// No server, a server address that is not on loopback, or a server that does not answer.
pub fn run_plan(plan: &LoadPlan) -> Result<LoadReport, String> {
    if plan.servers.is_empty() {
        return Err("no server to load: give at least one --url".into());
    }
    if let Some(a) = plan.servers.iter().find(|a| !a.ip().is_loopback()) {
        return Err(format!(
            "{a} is not a loopback address: the load test only runs against servers on this machine"
        ));
    }
    for &a in &plan.servers {
        let h = get(a, "/api/health").map_err(|e| format!("the server at {a} does not answer: {e}"))?;
        if h.status != 200 {
            return Err(format!("the server at {a} is not healthy: {}", h.body));
        }
    }
    let cpu0: Vec<Option<f64>> = plan.pids.iter().map(|p| cpu_seconds(&p.to_string())).collect();
    let client0 = cpu_seconds("self");
    let start = Instant::now();
    let deadline = start + plan.limit;
    let clients = plan.clients.clamp(1, plan.games.max(1));
    let runs: Vec<ClientRun> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients)
            .map(|me| {
                let plan = LoadPlan { clients, ..plan.clone() };
                s.spawn(move || client(&plan, me, deadline))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| ClientRun {
                    errors: vec!["a client thread panicked".into()],
                    ..ClientRun::default()
                })
            })
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let client_cpu = cpu_seconds("self").zip(client0).map_or(0.0, |(a, b)| a - b);
    let servers = plan
        .pids
        .iter()
        .zip(cpu0)
        .map(|(&pid, c0)| {
            let (rss_kib, hwm_kib) = memory_kib(pid).unwrap_or_default();
            let cpu = cpu_seconds(&pid.to_string()).zip(c0).map_or(0.0, |(a, b)| a - b);
            ProcessFigures {
                pid,
                rss_kib,
                hwm_kib,
                cpu_seconds: cpu,
            }
        })
        .collect();
    let mut lat: Vec<Duration> = runs.iter().flat_map(|r| r.latencies.iter().copied()).collect();
    lat.sort();
    let q = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
        }
    };
    let decisions: usize = runs.iter().flat_map(|r| r.games.iter().map(|g| g.3)).sum();
    let mut report = LoadReport {
        games: runs.iter().map(|r| r.games.len()).sum(),
        finished: runs.iter().map(|r| r.finished).sum(),
        decisions,
        http_decisions: runs.iter().map(|r| r.http).sum(),
        seconds,
        per_second: decisions as f64 / seconds.max(1e-9),
        p50_ms: q(0.5),
        p99_ms: q(0.99),
        max_ms: q(1.0),
        pushed_bytes_per_decision: runs.iter().map(|r| r.bytes).sum::<u64>() as f64 / decisions.max(1) as f64,
        servers,
        client_cpu_seconds: client_cpu,
        lost: Vec::new(),
        errors: runs.iter().flat_map(|r| r.errors.iter().cloned()).collect(),
    };
    // No game lost: the server has every acknowledged decision (asked without the events).
    for (addr, id, token, acked) in runs.iter().flat_map(|r| r.games.iter()) {
        let path = format!("/api/games/{id}?seat={token}&since=1000000000");
        match request(*addr, "GET", &path, None) {
            Ok(a) if a.status == 200 => {
                let stored = a.json()["ply"].as_u64();
                if stored != Some(*acked as u64) {
                    report.lost.push(format!("game {id}: {acked} acknowledged, {stored:?} stored"));
                }
            }
            Ok(a) => report
                .errors
                .push(format!("cannot check game {id} on {addr}: {} {}", a.status, a.body)),
            Err(e) => report.errors.push(format!("cannot check game {id} on {addr}: {e}")),
        }
    }
    Ok(report)
}

/// Plays `games` games at once on the server at `addr` (a loopback address), each at most
/// `max_decisions` decisions, all stopping at `limit` at the latest (one client a game).
///
/// # Errors
/// `addr` is not a loopback address, or the server does not answer.
pub fn run(addr: SocketAddr, scenario: &str, games: usize, max_decisions: usize, limit: Duration) -> Result<LoadReport, String> {
    let mut plan = LoadPlan::new(addr, scenario, games, limit);
    plan.max_decisions = max_decisions;
    // One game each: a game that reaches its number of decisions is not replaced.
    plan.replace = false;
    run_plan(&plan)
}
