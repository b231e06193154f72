//! Runs the server on its own, like `dust1947 serve`:
//! `cargo run -p dust-server --example serve -- --port 8047 --db /tmp/games.sqlite`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut config = dust_server::ServerConfig::new(dust_server::default_db_path().unwrap_or_else(|| PathBuf::from("dust1947.sqlite")));
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next();
        match (a.as_str(), value) {
            ("--port", Some(v)) => match v.parse() {
                Ok(p) => config.port = p,
                Err(_) => {
                    eprintln!("error: --port takes a number, not `{v}`");
                    return ExitCode::from(2);
                }
            },
            ("--db", Some(v)) => config.db = PathBuf::from(v),
            ("--host", Some(v)) => config.host = v,
            _ => {
                eprintln!("usage: serve [--port N] [--db PATH] [--host ADDR]");
                return ExitCode::from(2);
            }
        }
    }
    dust_server::init_logging();
    match dust_server::run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
