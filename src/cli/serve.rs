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
    /// ~/.local/share/dust1947; one server per file), or a PostgreSQL database,
    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, that any number of servers share
    /// (put a load balancer in front: docs/server.md, "Several servers").
    #[arg(long, value_name = "PATH|postgres://…")]
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
    /// A folder of your own unit cards, merged with the shipped ones (a card of the same name
    /// replaces the shipped one; a battlefront card plays with its battlefront part in a
    /// battlefront game): every game, army and odds of the server uses them. Default: the
    /// DUST1947_CARDS environment variable, if set. Start the server with the same folder
    /// again to resume the games played with them.
    #[arg(long, value_name = "DIR")]
    cards: Option<PathBuf>,
    /// The longest an AI seat may think per decision, in milliseconds: a game asking more
    /// (`mcts:120s`) is refused (`ai_over_limit`).
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    max_ai_ms: u64,
    /// Threads per AI search: a spec naming more (`threads=64`) is refused; one naming none
    /// gets at most this many.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    max_ai_threads: u16,
    /// The largest iteration budget of an AI seat (`mcts:5000i`).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_ai_iterations: u32,
    /// AI searches running at once in the whole server (default: the machine's cores); while
    /// all run, a new game with a searching AI is refused (`ai_busy`).
    #[arg(long, value_name = "N")]
    max_ai_searches: Option<usize>,
    /// Requests and WebSocket messages a second per client address, sustained.
    #[arg(long, value_name = "N", default_value_t = 50.0)]
    rate: f64,
    /// Requests a client address may send at once before --rate applies.
    #[arg(long, value_name = "N", default_value_t = 100.0)]
    burst: f64,
    /// The largest request body, in KiB.
    #[arg(long, value_name = "KIB", default_value_t = 256)]
    max_body_kib: usize,
    /// Time a request that reads a file (record, scenario, army) may work, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    request_ms: u64,
    /// Such requests worked on at once (default: twice the machine's cores).
    #[arg(long, value_name = "N")]
    max_readers: Option<usize>,
    /// A request's head must arrive within this time, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    header_timeout_ms: u64,
    /// A connection carrying nothing for this long is closed, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    idle_timeout_ms: u64,
    /// HTTP connections open at once per client address.
    #[arg(long, value_name = "N", default_value_t = 64)]
    max_connections_per_address: usize,
    /// WebSockets open at once per client address.
    #[arg(long, value_name = "N", default_value_t = 16)]
    max_sockets_per_address: usize,
    /// WebSockets open at once on one game.
    #[arg(long, value_name = "N", default_value_t = 32)]
    max_sockets_per_game: usize,
    /// Games a client address may create (or upload) per hour.
    #[arg(long, value_name = "N", default_value_t = 60)]
    max_games_per_hour: u32,
    /// Several servers on PostgreSQL: how long a server's hold on a game's AI seats lasts
    /// unless renewed, in milliseconds. When a server dies, another takes its AI games over
    /// after this time. At least --max-ai-ms + 1000.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    ai_lease_ms: u64,
    /// A game nobody asked for in this many seconds leaves memory (it loads again when asked).
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    evict_after: u64,
    /// An unfinished game unchanged for this many days is marked abandoned (kept, read-only).
    #[arg(long, value_name = "DAYS", default_value_t = 30)]
    expire_days: u64,
    /// /api/health answers 503 when the disk holding the database has less free space than
    /// this, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    min_free_disk_mib: u64,
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
    config.cards = Some(super::scenario::all_card_files(args.cards.as_deref())?);
    let ai = &mut config.limits.ai;
    ai.max_ms = args.max_ai_ms.max(1);
    ai.max_threads = usize::from(args.max_ai_threads);
    ai.max_iterations = args.max_ai_iterations.max(1);
    ai.lease_ms = args.ai_lease_ms.max(ai.max_ms + 1000);
    if let Some(n) = args.max_ai_searches {
        ai.max_searches = n.max(1);
    }
    let l = &mut config.limits;
    l.rate = args.rate.max(0.001);
    l.burst = args.burst.max(1.0);
    l.max_body = args.max_body_kib.max(1) * 1024;
    l.request_ms = args.request_ms.max(1);
    if let Some(n) = args.max_readers {
        l.max_readers = n.max(1);
    }
    l.header_timeout_ms = args.header_timeout_ms.max(1);
    l.idle_timeout_ms = args.idle_timeout_ms.max(1);
    l.max_conns_per_address = args.max_connections_per_address.max(1);
    l.max_sockets_per_address = args.max_sockets_per_address.max(1);
    l.max_sockets_per_game = args.max_sockets_per_game.max(1);
    l.max_games_per_address_hour = args.max_games_per_hour;
    l.evict_after_s = args.evict_after;
    l.expire_after_s = args.expire_days.saturating_mul(24 * 3600).max(1);
    l.min_free_disk_mib = args.min_free_disk_mib;
    dust_server::run(config)?;
    Ok(ExitCode::SUCCESS)
}
