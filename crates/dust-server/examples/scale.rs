//! One server on SQLite against two servers on one PostgreSQL database, under the same client
//! load (issue 16, "Scale out"): the servers are separate processes (this program started again
//! with `--serve`), the clients are [`dust_server::load::run`]'s (each game a thread with a
//! WebSocket per seat, random legal decisions), split evenly between the two servers.
//! Prints decisions/s, the latency from a decision sent to its acknowledgement (p50, p99) and
//! each server's peak memory (VmHWM).
//!
//! `cargo run --release -p dust-server --example scale -- POSTGRES_URL [GAMES] [DECISIONS] [SECONDS] [SCENARIO]`
//!
//! POSTGRES_URL names a server where this user may create databases (a fresh one is made for
//! the run: `scripts/postgres-test-server.sh` starts one). Only on loopback.
//!
//! With `DUST_SCALE_PIN=1` each server process runs on one core of its own (`taskset`): the
//! single server on core 0, the two servers on cores 0 and 1, as if each had a machine of one
//! core (the clients and PostgreSQL run on any core). Without it, every process may use every
//! core: on a machine of two cores, a second server has no core to add.

use dust_server::load::{self, LoadReport};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return serve(&args[1..]);
    }
    let Some(url) = args.first().filter(|u| dust_server::pg::is_postgres_url(u)) else {
        eprintln!("usage: scale POSTGRES_URL [GAMES] [DECISIONS] [SECONDS] [SCENARIO]");
        return ExitCode::from(2);
    };
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (games, decisions, seconds) = (num(1, 32) as usize, num(2, 200) as usize, num(3, 60));
    let scenario = args.get(4).cloned().unwrap_or_else(|| "annihilation".to_string());
    let limit = Duration::from_secs(seconds);
    println!("same client load each time: {games} games of `{scenario}`, at most {decisions} decisions each, at most {seconds} s");

    let dir = std::env::temp_dir().join(format!("dust1947-scale-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let sqlite = dir.join("games.sqlite").display().to_string();
    let pin = std::env::var_os("DUST_SCALE_PIN").is_some();
    println!("servers pinned to a core each: {}", if pin { "yes (DUST_SCALE_PIN)" } else { "no" });
    let one = Server::start(&sqlite, pin.then_some(0));
    let r1 = load::run(one.addr, &scenario, games, decisions, limit);
    let (rss1, cpu1) = (one.peak_kib(), one.cpu_ms());
    drop(one);
    let r1 = match r1 {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "one server, SQLite:      {} | server peak memory {} MiB, CPU {:.2} ms a decision",
        r1,
        rss1 / 1024,
        cpu1 / r1.decisions.max(1) as f64
    );

    let db = match dust_server::pg::create_database(url, &format!("dust_scale_{}", std::process::id())) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (a, b) = (Server::start(&db, pin.then_some(0)), Server::start(&db, pin.then_some(1)));
    let (aa, ab, sc) = (a.addr, b.addr, scenario.clone());
    let half = games / 2;
    let other = std::thread::spawn(move || load::run(ab, &sc, games - half, decisions, limit));
    let ra = load::run(aa, &scenario, half, decisions, limit);
    let rb = other.join().unwrap_or_else(|_| Err("a client thread panicked".into()));
    let (rss_a, rss_b, cpu2) = (a.peak_kib(), b.peak_kib(), a.cpu_ms() + b.cpu_ms());
    // Not sticky: each game's two sockets on different servers.
    let across = across(a.addr, b.addr, 8, decisions.min(100), &scenario);
    drop((a, b));
    let _ = std::fs::remove_dir_all(&dir);
    let (ra, rb) = match (ra, rb) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let both = combined(&ra, &rb);
    println!(
        "two servers, PostgreSQL: {} | server peak memory {} + {} MiB, CPU {:.2} ms a decision (both servers)",
        both,
        rss_a / 1024,
        rss_b / 1024,
        cpu2 / both.decisions.max(1) as f64
    );
    match across {
        Ok((n, p50, p99, worst)) => println!(
            "a decision sent to one server reached the other server's WebSocket: p50 {p50:.2} ms, p99 {p99:.2} ms, worst {worst:.2} ms ({n} decisions, 8 games, each seat on another server)"
        ),
        Err(e) => println!("across the servers: error: {e}"),
    }
    println!(
        "two / one: {:.2}x the decisions/s (target 1.7x at p99 <= 100 ms; p99 of the two runs: the larger)",
        both.per_second / r1.per_second.max(1e-9)
    );
    let bad: Vec<&String> = [&r1, &ra, &rb]
        .iter()
        .flat_map(|r| r.errors.iter().chain(&r.lost))
        .take(10)
        .collect();
    for e in &bad {
        println!("  {e}");
    }
    if bad.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `games` games of two people, seat A's socket on server `a` and seat B's on `b`, played with
/// the first legal decision: the time from a decision sent on one socket to the new state on
/// the other server's socket. Returns (decisions, p50, p99, worst) in milliseconds.
fn across(a: SocketAddr, b: SocketAddr, games: usize, decisions: usize, scenario: &str) -> Result<(usize, f64, f64, f64), String> {
    use dust_server::client::{claim_invite, post, GameSocket};
    let runs: Vec<_> = (0..games)
        .map(|i| {
            let scenario = scenario.to_string();
            std::thread::spawn(move || -> Result<Vec<Duration>, String> {
                let e = |e: dust_server::client::ClientError| e.to_string();
                let c = post(
                    a,
                    "/api/games",
                    &serde_json::json!({ "scenario": scenario, "side": "a", "opponent": "human", "seed": 77 + i as u64 }),
                )
                .map_err(e)?
                .json();
                let id = c["id"].as_str().ok_or_else(|| format!("no game: {c}"))?.to_string();
                let ta = c["you"]["token"].as_str().ok_or("no token")?.to_string();
                let tb = claim_invite(b, &c).map_err(e)?;
                let mut socks = [
                    GameSocket::connect(a, &id, &ta).map_err(e)?,
                    GameSocket::connect(b, &id, &tb).map_err(e)?,
                ];
                let state_at = |s: &mut GameSocket, ply: u64| s.recv_ply(ply).map_err(e);
                let mut state = state_at(&mut socks[0], 0)?;
                state_at(&mut socks[1], 0)?;
                let mut times = Vec::new();
                for ply in 0..decisions as u64 {
                    if state["pending"]["kind"] != "decision" {
                        break;
                    }
                    let me = usize::from(state["pending"]["side"] != "A");
                    let d = state["decisions"][0]["text"].as_str().ok_or("no legal decision")?.to_string();
                    let t0 = Instant::now();
                    socks[me]
                        .send(&serde_json::json!({ "type": "decide", "decision": d, "ply": ply }))
                        .map_err(e)?;
                    let seen = state_at(&mut socks[1 - me], ply + 1)?;
                    times.push(t0.elapsed());
                    let mine = state_at(&mut socks[me], ply + 1)?;
                    // The legal decisions come only to the seat that must decide (push.rs).
                    let listed = |m: &serde_json::Value| m["decisions"].as_array().is_some_and(|a| !a.is_empty());
                    state = if listed(&seen) || !listed(&mine) { seen } else { mine };
                }
                Ok(times)
            })
        })
        .collect();
    let mut all = Vec::new();
    for r in runs {
        all.extend(r.join().map_err(|_| "a client thread panicked".to_string())??);
    }
    all.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let q = |p: f64| {
        all.get(((all.len().max(1) - 1) as f64 * p).round() as usize)
            .map_or(0.0, |d| ms(*d))
    };
    Ok((all.len(), q(0.5), q(0.99), all.last().map_or(0.0, |d| ms(*d))))
}

/// The two client runs as one: decisions added, over the longer time; p50 and p99 the larger
/// of the two (a bound: the runs' latencies are not merged).
fn combined(a: &LoadReport, b: &LoadReport) -> LoadReport {
    let seconds = a.seconds.max(b.seconds);
    LoadReport {
        games: a.games + b.games,
        finished: a.finished + b.finished,
        decisions: a.decisions + b.decisions,
        http_decisions: a.http_decisions + b.http_decisions,
        seconds,
        per_second: (a.decisions + b.decisions) as f64 / seconds.max(1e-9),
        p50_ms: a.p50_ms.max(b.p50_ms),
        p99_ms: a.p99_ms.max(b.p99_ms),
        max_ms: a.max_ms.max(b.max_ms),
        pushed_bytes_per_decision: (a.pushed_bytes_per_decision * a.decisions as f64 + b.pushed_bytes_per_decision * b.decisions as f64)
            / (a.decisions + b.decisions).max(1) as f64,
        servers: a.servers.iter().chain(&b.servers).cloned().collect(),
        client_cpu_seconds: a.client_cpu_seconds + b.client_cpu_seconds,
        lost: a.lost.iter().chain(&b.lost).cloned().collect(),
        errors: a.errors.iter().chain(&b.errors).cloned().collect(),
    }
}

/// A server process: this program with `--serve DB PORT`.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &str, core: Option<usize>) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let exe = std::env::current_exe().expect("this program's path");
        let mut cmd = match core {
            Some(c) => {
                let mut t = Command::new("taskset");
                t.args(["-c", &c.to_string()]).arg(exe);
                t
            }
            None => Command::new(exe),
        };
        let child = cmd
            .args(["--serve", db, &port.to_string()])
            .stderr(Stdio::null())
            .spawn()
            .expect("a server process");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
        let t0 = Instant::now();
        while dust_server::client::get(addr, "/api/health").map_or(true, |a| a.status != 200) {
            assert!(t0.elapsed() < Duration::from_secs(30), "the server never listened");
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, addr }
    }

    /// The CPU time the process has used (user and system), in milliseconds.
    fn cpu_ms(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // After the command name in parentheses and the state letter: from field 4 on, so
        // fields 14 and 15 (utime, stime, in ticks of 10 ms) are the 11th and 12th numbers.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let f: Vec<u64> = rest.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        f.get(10).zip(f.get(11)).map_or(0.0, |(u, s)| (u + s) as f64 * 10.0)
    }

    /// The process's peak resident memory (VmHWM), in KiB.
    fn peak_kib(&self) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmHWM:"))
                    .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
            })
            .unwrap_or(0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `--serve DB PORT`: a server as `dust1947 serve` runs it, with the per-address limits lifted
/// (every client is on loopback).
fn serve(args: &[String]) -> ExitCode {
    let (Some(db), Some(port)) = (args.first(), args.get(1).and_then(|p| p.parse().ok())) else {
        return ExitCode::from(2);
    };
    let mut config = dust_server::ServerConfig::new(db.into());
    config.port = port;
    config.limits = dust_server::Limits {
        rate: 1e9,
        burst: 1e9,
        max_conns_per_address: 100_000,
        max_sockets_per_address: 100_000,
        max_games_per_address_hour: 1_000_000,
        max_readers: 10_000,
        ..dust_server::Limits::default()
    };
    match dust_server::run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
