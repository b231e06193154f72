//! `dust1947 serve`: play in the browser. Starts the game server of the `dust-server` crate on
//! http://127.0.0.1:8047 with its SQLite database in the user's data folder, and runs until
//! Ctrl-C. Every game is kept in the database and resumes after a restart (docs/server.md).
//! `--edition battlefront` makes the battlefront edition the server's default (issue 10): the
//! new-game form opens on Encounter with the battlegroups, and the odds page uses its cards.

use anyhow::Context as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The SQLite database file (default: dust1947.sqlite in $XDG_DATA_HOME/dust1947 or
    /// ~/.local/share/dust1947).
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// The port to listen on (0: any free port; the address is logged).
    #[arg(long, value_name = "N", default_value_t = dust_server::DEFAULT_PORT)]
    port: u16,
    /// The address to listen on. Keep the default loopback address unless you mean to let
    /// other machines in.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    host: String,
    /// The rules edition the page starts with: `revised` (default) or `battlefront` (the
    /// new-game form opens on the battlefront Encounter scenario with its battlegroups, and
    /// the odds page uses the battlefront cards). Every scenario can still be picked, and a
    /// game is played by its scenario's edition.
    #[arg(long, value_name = "revised|battlefront", default_value = "revised")]
    edition: dust_core::Edition,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let db = match &args.db {
        Some(p) => p.clone(),
        None => dust_server::default_db_path().context("no data folder: set $XDG_DATA_HOME or $HOME, or give --db PATH")?,
    };
    dust_server::init_logging();
    let mut config = dust_server::ServerConfig::new(db);
    config.port = args.port;
    config.host = args.host.clone();
    config.edition = args.edition;
    dust_server::run(config)?;
    Ok(ExitCode::SUCCESS)
}
