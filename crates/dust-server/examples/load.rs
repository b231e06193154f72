//! The load test with bigger numbers: a server on a loopback port with a temporary database,
//! GAMES games of AI against AI through the WebSocket API (clients pick random legal
//! decisions), at most DECISIONS decisions each, stopping after SECONDS at the latest.
//! `cargo run --release -p dust-server --example load -- [GAMES] [DECISIONS] [SECONDS] [SCENARIO]`

use std::time::Duration;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (games, decisions, seconds) = (num(0, 64) as usize, num(1, 400) as usize, num(2, 120));
    let scenario = args.get(3).cloned().unwrap_or_else(|| "duel".to_string());
    let dir = std::env::temp_dir().join(format!("dust1947-load-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut config = dust_server::ServerConfig::new(dir.join("load.sqlite"));
    config.port = 0;
    config.limits = dust_server::Limits {
        rate: 1e9,
        burst: 1e9,
        // Every client is on loopback: lift the per-address caps for them.
        max_conns_per_address: 100_000,
        max_sockets_per_address: 100_000,
        ..dust_server::Limits::default()
    };
    let server = match dust_server::spawn(config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let report = dust_server::load::run(server.addr(), &scenario, games, decisions, Duration::from_secs(seconds));
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
    match report {
        Ok(r) => {
            println!("{r}");
            for e in r.errors.iter().chain(&r.lost).take(10) {
                println!("  {e}");
            }
            if r.lost.is_empty() && r.errors.is_empty() {
                std::process::ExitCode::SUCCESS
            } else {
                std::process::ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
