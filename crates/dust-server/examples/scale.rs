//! One server on SQLite, one server on PostgreSQL, and two servers on one PostgreSQL
//! database, under the same client load (issue 16, "Scale out"), each server held to the same
//! fixed CPU share, so that the comparison measures the design and not the machine.
//!
//! `cargo run --release -p dust-server --example scale -- POSTGRES_URL [GAMES] [DECISIONS] [SECONDS] [SCENARIO]`
//!
//! - The servers are separate processes (this program started again with `--serve`); the
//!   clients are [`dust_server::load`]'s (a thread per game, a WebSocket per seat, random legal
//!   decisions, a quarter of them over HTTP; a finished game, or one at DECISIONS decisions, is
//!   replaced by a new one until SECONDS have passed), their games spread round-robin over the
//!   servers of the run.
//! - **CPU shares** (Linux cgroups: v2 `cpu.max`, or v1 `cpu.cfs_quota_us` where the `cpu`
//!   controller is mounted as v1): with `DUST_SCALE_CPU=Q` every server process is capped at
//!   Q cores (a quota of Q × 10 ms every 10 ms), in a group of its own; this program (the load
//!   clients) and the PostgreSQL server (its postmaster, found through `pg_backend_pid()`, and
//!   every backend: they inherit its group) go in groups of their own without a cap. The groups
//!   sit under one parent, `dust1947-scale-PID`, given a large weight (v1 `cpu.shares` 65536,
//!   v2 `cpu.weight` 10000) so that other work on the machine does not take the servers' share
//!   from them. Everything is moved back and the groups removed at the end. Needs root (or a
//!   delegated cgroup); without `DUST_SCALE_CPU` nothing is capped.
//! - `DUST_SCALE_RUNS` picks the runs, comma-separated, of `sqlite` (one server on SQLite),
//!   `pg1` (one server on PostgreSQL), `pg2` (two servers on PostgreSQL) and `across` (the way
//!   of a decision to the other server's WebSocket, 8 games, each seat on another server);
//!   default all four.
//!
//! Prints, per run: decisions/s, the latency from a decision sent to its acknowledgement and
//! new state (p50, p99, max), each server's CPU a decision, peak memory (VmHWM) and how often
//! the cap stopped it, the clients' and PostgreSQL's CPU, and the machine's other work meanwhile.
//!
//! POSTGRES_URL names a server where this user may create databases (a fresh one is made for
//! the run: `scripts/postgres-test-server.sh` starts one). Only on loopback.

use dust_server::load::{self, LoadPlan, LoadReport};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return serve(&args[1..]);
    }
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The figures of one run.
struct Run {
    name: String,
    report: LoadReport,
    throttled: Vec<(u64, f64)>,
    pg_cpu: f64,
    others_cpu: f64,
    load: String,
}

fn run(args: &[String]) -> Result<bool, String> {
    let url = args
        .first()
        .filter(|u| dust_server::pg::is_postgres_url(u))
        .ok_or("usage: scale POSTGRES_URL [GAMES] [DECISIONS] [SECONDS] [SCENARIO]")?;
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (games, decisions, seconds) = (num(1, 32) as usize, num(2, 200) as usize, num(3, 20));
    let scenario = args.get(4).cloned().unwrap_or_else(|| "annihilation".to_string());
    let runs = std::env::var("DUST_SCALE_RUNS").unwrap_or_else(|_| "sqlite,pg1,pg2,across".into());
    let quota: Option<f64> = match std::env::var("DUST_SCALE_CPU") {
        Ok(q) => Some(
            q.parse()
                .ok()
                .filter(|q: &f64| *q > 0.0)
                .ok_or(format!("DUST_SCALE_CPU={q}: a number of cores above 0, such as 0.25"))?,
        ),
        Err(_) => None,
    };
    println!(
        "same client load each run: {games} games of `{scenario}` at once (a game replaced at its end or after {decisions} decisions), {seconds} s"
    );
    let groups = match quota {
        Some(q) => {
            let g = Cgroups::create()?;
            println!(
                "each server capped at {q} cores ({} cgroup, {:.2} ms every 10 ms); the clients and PostgreSQL in groups of their own, uncapped",
                if g.v2 { "v2 cpu.max" } else { "v1 cpu.cfs_quota_us" },
                q * 10.0
            );
            Some(g)
        }
        None => {
            println!("no CPU cap (set DUST_SCALE_CPU=CORES for one): every process may use every core");
            None
        }
    };
    let mut groups = groups;
    if let Some(g) = &mut groups {
        g.enter("clients", std::process::id(), None)?;
        match postmaster(url) {
            Ok(pid) => {
                let n = g.enter_tree("postgres", pid)?;
                println!("PostgreSQL: its postmaster (process {pid}) and {n} other processes in their own group");
            }
            Err(e) => println!("PostgreSQL left where it is ({e})"),
        }
    }
    let limit = Duration::from_secs(seconds);
    let dir = std::env::temp_dir().join(format!("dust1947-scale-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let db = if runs.contains("pg") || runs.contains("across") {
        Some(dust_server::pg::create_database(url, &format!("dust_scale_{}", std::process::id())).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let mut done: Vec<Run> = Vec::new();
    let plan = |servers: &[&Server]| {
        let mut p = LoadPlan::new(servers[0].addr, &scenario, games, limit);
        p.servers = servers.iter().map(|s| s.addr).collect();
        p.pids = servers.iter().map(|s| s.child.id()).collect();
        p.max_decisions = decisions;
        p
    };
    for name in runs.split(',').map(str::trim) {
        let (label, dbs): (&str, Vec<String>) = match name {
            "sqlite" => (
                "one server, SQLite",
                vec![dir.join(format!("games-{}.sqlite", done.len())).display().to_string()],
            ),
            "pg1" => ("one server, PostgreSQL", vec![db.clone().unwrap_or_default()]),
            "pg2" => ("two servers, PostgreSQL", vec![db.clone().unwrap_or_default(); 2]),
            "across" => {
                let db = db.clone().unwrap_or_default();
                let (a, b) = (
                    Server::start(&db, groups.as_ref(), 1, quota)?,
                    Server::start(&db, groups.as_ref(), 2, quota)?,
                );
                match across(a.addr, b.addr, 8, decisions.min(100), &scenario) {
                    Ok((n, p50, p99, worst)) => println!(
                        "a decision sent to one server reached the other server's WebSocket: p50 {p50:.2} ms, p99 {p99:.2} ms, worst {worst:.2} ms ({n} decisions, 8 games, each seat on another server)"
                    ),
                    Err(e) => println!("across the servers: error: {e}"),
                }
                continue;
            }
            other => return Err(format!("DUST_SCALE_RUNS: `{other}` is none of sqlite, pg1, pg2, across")),
        };
        let servers = dbs
            .iter()
            .enumerate()
            .map(|(i, db)| Server::start(db, groups.as_ref(), i + 1, quota))
            .collect::<Result<Vec<_>, _>>()?;
        let refs: Vec<&Server> = servers.iter().collect();
        let before = Machine::now(groups.as_ref());
        let throttled0: Vec<(u64, f64)> = servers.iter().map(|s| s.throttled()).collect();
        let report = load::run_plan(&plan(&refs))?;
        let after = Machine::now(groups.as_ref());
        let throttled = servers
            .iter()
            .zip(&throttled0)
            .map(|(s, t0)| {
                let t = s.throttled();
                (t.0 - t0.0, t.1 - t0.1)
            })
            .collect();
        let pg_cpu = after.postgres - before.postgres;
        let ours: f64 = report.servers.iter().map(|s| s.cpu_seconds).sum::<f64>() + report.client_cpu_seconds + pg_cpu;
        let r = Run {
            name: label.to_string(),
            others_cpu: (after.busy - before.busy - ours).max(0.0),
            load: after.load.clone(),
            report,
            throttled,
            pg_cpu,
        };
        print_run(&r);
        done.push(r);
        drop(servers);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let find = |n: &str| done.iter().find(|r| r.name == n).map(|r| &r.report);
    if let (Some(one), Some(two)) = (find("one server, PostgreSQL"), find("two servers, PostgreSQL")) {
        println!(
            "two PostgreSQL servers / one: {:.2}x the decisions/s (target 1.7x, p99 {:.1} ms of at most 100 ms)",
            two.per_second / one.per_second.max(1e-9),
            two.p99_ms
        );
    }
    if let (Some(one), Some(two)) = (find("one server, SQLite"), find("two servers, PostgreSQL")) {
        println!(
            "two PostgreSQL servers / one SQLite server: {:.2}x the decisions/s",
            two.per_second / one.per_second.max(1e-9)
        );
    }
    let bad: Vec<&String> = done
        .iter()
        .flat_map(|r| r.report.errors.iter().chain(&r.report.lost))
        .take(10)
        .collect();
    for e in &bad {
        println!("  {e}");
    }
    Ok(bad.is_empty())
}

fn print_run(r: &Run) {
    let rep = &r.report;
    println!("{}: {rep}", r.name);
    let per = |seconds: f64| seconds * 1000.0 / rep.decisions.max(1) as f64;
    let cores = |seconds: f64| seconds / rep.seconds.max(1e-9);
    let servers: f64 = rep.servers.iter().map(|s| s.cpu_seconds).sum();
    for (s, (n, ms)) in rep.servers.iter().zip(&r.throttled) {
        println!(
            "  server {}: {:.2} cores, held back by its cap {n} times ({ms:.0} ms in all)",
            s.pid,
            cores(s.cpu_seconds)
        );
    }
    println!(
        "  servers together: {:.3} ms of CPU a decision; PostgreSQL: {:.3} ms a decision ({:.2} cores); clients {:.2} cores; other work on the machine: {:.2} cores; load average {}",
        per(servers),
        per(r.pg_cpu),
        cores(r.pg_cpu),
        cores(rep.client_cpu_seconds),
        cores(r.others_cpu),
        r.load
    );
}

/// The machine's CPU time in use (all processes), PostgreSQL's, and the load average.
struct Machine {
    busy: f64,
    postgres: f64,
    load: String,
}

impl Machine {
    fn now(groups: Option<&Cgroups>) -> Machine {
        let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        // cpu  user nice system idle iowait irq softirq steal …, in ticks of 10 ms.
        let f: Vec<f64> = stat
            .lines()
            .next()
            .unwrap_or("")
            .split_whitespace()
            .skip(1)
            .filter_map(|x| x.parse().ok())
            .collect();
        // Busy: all but idle and iowait (and guest time, already counted in user).
        let busy = f
            .iter()
            .take(8)
            .enumerate()
            .filter(|(i, _)| *i != 3 && *i != 4)
            .map(|(_, v)| v)
            .sum::<f64>()
            / 100.0;
        let postgres = groups.map_or(0.0, |g| {
            g.procs("postgres").iter().filter_map(|p| load::cpu_seconds(&p.to_string())).sum()
        });
        let load = std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        Machine { busy, postgres, load }
    }
}

/// The process id of the PostgreSQL server's postmaster: the parent of this connection's
/// backend (the server runs on this machine).
fn postmaster(url: &str) -> Result<u32, String> {
    let config: tokio_postgres::Config = url.parse().map_err(|e| format!("{e}"))?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let backend: i32 = rt
        .block_on(async {
            let (client, connection) = config.connect(tokio_postgres::NoTls).await?;
            tokio::spawn(connection);
            client.query_one("SELECT pg_backend_pid()", &[]).await.map(|r| r.get(0))
        })
        .map_err(|e| format!("cannot ask PostgreSQL its process: {e}"))?;
    parent(backend as u32).ok_or_else(|| format!("backend {backend} is not a process of this machine"))
}

fn parent(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?.1.split_whitespace().nth(1)?.parse().ok()
}

/// The cgroups of a run: a parent `dust1947-scale-PID` with a group per server, one for the
/// clients and one for PostgreSQL.
struct Cgroups {
    parent: PathBuf,
    /// Where the processes moved into the groups go back to (the cgroup they came from).
    home: Vec<(u32, PathBuf)>,
    v2: bool,
}

const PERIOD_US: u64 = 10_000;

impl Cgroups {
    fn create() -> Result<Cgroups, String> {
        let v2root = Path::new("/sys/fs/cgroup");
        let v2 = std::fs::read_to_string(v2root.join("cgroup.controllers")).is_ok_and(|c| c.split_whitespace().any(|w| w == "cpu"));
        let base = if v2 {
            write(&v2root.join("cgroup.subtree_control"), "+cpu")?;
            v2root.to_path_buf()
        } else if Path::new("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").exists() {
            PathBuf::from("/sys/fs/cgroup/cpu")
        } else {
            return Err("DUST_SCALE_CPU needs the cgroup `cpu` controller (v2 cpu.max or v1 cpu.cfs_quota_us): none found".into());
        };
        let parent = base.join(format!("dust1947-scale-{}", std::process::id()));
        std::fs::create_dir(&parent).map_err(|e| {
            format!(
                "cannot create the cgroup {}: {e} (run as root, or in a delegated cgroup)",
                parent.display()
            )
        })?;
        let g = Cgroups {
            parent,
            home: Vec::new(),
            v2,
        };
        if v2 {
            write(&g.parent.join("cpu.weight"), "10000")?;
            write(&g.parent.join("cgroup.subtree_control"), "+cpu")?;
        } else {
            write(&g.parent.join("cpu.shares"), "65536")?;
        }
        Ok(g)
    }

    /// Creates group `name` (capped at `quota` cores, if any) when it does not exist yet and
    /// moves process `pid` (with all its threads) into it.
    fn enter(&self, name: &str, pid: u32, quota: Option<f64>) -> Result<(), String> {
        let dir = self.parent.join(name);
        if !dir.exists() {
            std::fs::create_dir(&dir).map_err(|e| format!("cannot create the cgroup {}: {e}", dir.display()))?;
            if let Some(q) = quota {
                let us = ((q * PERIOD_US as f64).round() as u64).max(1000);
                if self.v2 {
                    write(&dir.join("cpu.max"), &format!("{us} {PERIOD_US}"))?;
                } else {
                    write(&dir.join("cpu.cfs_period_us"), &PERIOD_US.to_string())?;
                    write(&dir.join("cpu.cfs_quota_us"), &us.to_string())?;
                }
            }
        }
        write(&dir.join("cgroup.procs"), &pid.to_string())
    }

    /// Moves `pid` and its children (PostgreSQL's backends) into group `name`; returns how many
    /// children. Their own cgroup is noted, to move them back at the end.
    fn enter_tree(&mut self, name: &str, pid: u32) -> Result<usize, String> {
        let children: Vec<u32> = std::fs::read_dir("/proc")
            .map_err(|e| e.to_string())?
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
            .filter(|&p| parent(p) == Some(pid))
            .collect();
        let mut moved = 0;
        for &p in std::iter::once(&pid).chain(&children) {
            let home = self.cgroup_of(p);
            match self.enter(name, p, None) {
                Ok(()) => {
                    self.home.push((p, home));
                    moved += 1;
                }
                // A backend that ended meanwhile.
                Err(_) if p != pid && !Path::new(&format!("/proc/{p}")).exists() => {}
                Err(e) => return Err(e),
            }
        }
        Ok(moved - 1)
    }

    /// The cgroup directory process `pid` is in now (of the `cpu` controller).
    fn cgroup_of(&self, pid: u32) -> PathBuf {
        let text = std::fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap_or_default();
        let rel = text
            .lines()
            .find_map(|l| {
                let mut f = l.splitn(3, ':');
                let (_, ctl, path) = (f.next()?, f.next()?, f.next()?);
                let mine = if self.v2 {
                    ctl.is_empty()
                } else {
                    ctl.split(',').any(|c| c == "cpu")
                };
                mine.then(|| path.trim_start_matches('/').to_string())
            })
            .unwrap_or_default();
        self.parent.parent().unwrap_or(Path::new("/")).join(rel)
    }

    fn procs(&self, name: &str) -> Vec<u32> {
        std::fs::read_to_string(self.parent.join(name).join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }

    /// How often a group's cap stopped it, and for how long (ms), so far.
    fn throttled(&self, name: &str) -> (u64, f64) {
        let stat = std::fs::read_to_string(self.parent.join(name).join("cpu.stat")).unwrap_or_default();
        let get = |k: &str| {
            stat.lines()
                .find_map(|l| l.strip_prefix(k)?.trim().parse::<u64>().ok())
                .unwrap_or(0)
        };
        if self.v2 {
            (get("nr_throttled "), get("throttled_usec ") as f64 / 1000.0)
        } else {
            (get("nr_throttled "), get("throttled_time ") as f64 / 1e6)
        }
    }
}

impl Drop for Cgroups {
    fn drop(&mut self) {
        // PostgreSQL's processes (and any backend forked meanwhile) and this one go back
        // where they came from; the server groups are empty once their processes ended.
        let root = self.parent.parent().unwrap_or(Path::new("/")).to_path_buf();
        let pg_home = self.home.first().map_or(root.clone(), |(_, h)| h.clone());
        // A backend of a server that just stopped may still be ending (a group is removed
        // only once its last process is gone): tried again for up to 5 s.
        for _ in 0..50 {
            for p in self.procs("postgres") {
                let home = self.home.iter().find(|(q, _)| *q == p).map_or(pg_home.clone(), |(_, h)| h.clone());
                let _ = write(&home.join("cgroup.procs"), &p.to_string());
            }
            for p in self.procs("clients") {
                let _ = write(&root.join("cgroup.procs"), &p.to_string());
            }
            if let Ok(dirs) = std::fs::read_dir(&self.parent) {
                for d in dirs.flatten().filter(|d| d.path().is_dir()) {
                    let _ = std::fs::remove_dir(d.path());
                }
            }
            if std::fs::remove_dir(&self.parent).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        eprintln!("the cgroup {} could not be removed: remove it with rmdir", self.parent.display());
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write `{text}` to {}: {e}", path.display()))
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

/// A server process: this program with `--serve DB PORT`, in a cgroup of its own when the run
/// caps the servers' CPU.
struct Server<'g> {
    child: Child,
    addr: SocketAddr,
    group: Option<(&'g Cgroups, String)>,
}

impl<'g> Server<'g> {
    fn start(db: &str, groups: Option<&'g Cgroups>, n: usize, quota: Option<f64>) -> Result<Server<'g>, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .map_err(|e| format!("no free port: {e}"))?;
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let child = Command::new(exe)
            .args(["--serve", db, &port.to_string()])
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start a server process: {e}"))?;
        let mut s = Server {
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            group: None,
            child,
        };
        if let Some(g) = groups {
            // A group per server process (a fresh one each run: the cap's counters start at 0).
            let name = format!("server-{n}-{}", s.child.id());
            g.enter(&name, s.child.id(), quota)?;
            s.group = Some((g, name));
        }
        let t0 = Instant::now();
        while dust_server::client::get(s.addr, "/api/health").map_or(true, |a| a.status != 200) {
            if t0.elapsed() > Duration::from_secs(30) {
                return Err("a server never listened".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(s)
    }

    fn throttled(&self) -> (u64, f64) {
        self.group.as_ref().map_or((0, 0.0), |(g, name)| g.throttled(name))
    }
}

impl Drop for Server<'_> {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some((g, name)) = &self.group {
            let _ = std::fs::remove_dir(g.parent.join(name));
        }
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
