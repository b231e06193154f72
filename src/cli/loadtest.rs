//! `dust1947 loadtest`: a load test of running `dust1947 serve` processes on this machine
//! (issue 16, "Fast enough to matter"). Two people play each game, both seats by their own
//! person tokens over WebSocket (one decision in `--http-every` by `POST …/decide`), each
//! decision chosen among the legal ones the server lists; it prints decisions per second, the
//! latency p50 / p99 / max, and with `--pid` the servers' memory and CPU time per decision.
//! docs/server.md ("Load test") gives the command lines and the figures measured.

use anyhow::bail;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args, Debug)]
#[command(after_help = "The server must let one address make many requests and games, e.g.\n  \
dust1947 serve --port 8047 --db /tmp/load.sqlite --rate 1000000 --burst 1000000 \\\n    \
--max-connections-per-address 100000 --max-sockets-per-address 100000 --max-games-per-hour 1000000\n  \
dust1947 loadtest --url http://127.0.0.1:8047 --pid $(pgrep -n dust1947) --scenario annihilation --games 32 --clients 8 --seconds 30")]
pub struct Args {
    /// A server to load (repeat for several: games are created round-robin). Only servers on
    /// this machine (a loopback address).
    #[arg(long = "url", value_name = "URL", required = true)]
    urls: Vec<String>,
    /// The process id of a server, to report its memory (VmRSS, VmHWM) and CPU time (repeat
    /// for several).
    #[arg(long = "pid", value_name = "PID")]
    pids: Vec<u32>,
    /// The scenario of every game.
    #[arg(long, default_value = "annihilation")]
    scenario: String,
    /// Games in play at once (a game that ends is replaced by a new one).
    #[arg(long, value_name = "N", default_value_t = 64)]
    games: usize,
    /// Client threads sharing the games (each waits for the answer to its decision before
    /// the next: the decisions in flight at once).
    #[arg(long, value_name = "M", default_value_t = 8)]
    clients: usize,
    /// How long to run.
    #[arg(long, value_name = "S", default_value_t = 30)]
    seconds: u64,
    /// One decision in this many goes over HTTP (`POST /api/games/ID/decide`), the others
    /// over the WebSocket; 0: WebSocket only.
    #[arg(long, value_name = "K", default_value_t = 4)]
    http_every: usize,
    /// At most this many decisions in a game before it is left for a new one.
    #[arg(long, value_name = "N")]
    max_decisions: Option<usize>,
    /// Seat B of a game connects to the next server of the list (servers sharing one
    /// PostgreSQL database: a decision must reach the other process's sockets).
    #[arg(long)]
    spread_seats: bool,
    /// The dice seed of the first game.
    #[arg(long, default_value_t = 1000)]
    seed: u64,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let mut servers = Vec::new();
    for u in &args.urls {
        match dust_server::load::parse_server(u) {
            Ok(a) => servers.push(a),
            Err(e) => bail!("{e}"),
        }
    }
    if args.games == 0 || args.clients == 0 {
        bail!("--games and --clients must be at least 1");
    }
    let plan = dust_server::load::LoadPlan {
        servers,
        scenario: args.scenario.clone(),
        games: args.games,
        clients: args.clients,
        limit: Duration::from_secs(args.seconds),
        max_decisions: args.max_decisions.unwrap_or(usize::MAX),
        http_every: args.http_every,
        spread_seats: args.spread_seats,
        pids: args.pids.clone(),
        seed: args.seed,
        replace: true,
    };
    let report = match dust_server::load::run_plan(&plan) {
        Ok(r) => r,
        Err(e) => bail!("{e}"),
    };
    println!(
        "loadtest: {} on {} server(s), {} games at once, {} clients, {} s",
        args.scenario,
        plan.servers.len(),
        args.games,
        args.clients,
        args.seconds
    );
    println!("{report}");
    for e in report.errors.iter().chain(&report.lost).take(10) {
        println!("  {e}");
    }
    if report.errors.iter().any(|e| e.contains("429")) {
        println!(
            "hint: every client of the load test is this machine's address; start the servers with their per-address limits lifted (see `dust1947 loadtest --help`)"
        );
    }
    Ok(if report.lost.is_empty() && report.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
