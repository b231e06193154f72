//! # dust-server
//!
//! Dust 1947 in the browser (`dust1947 serve`, issue 8): an HTTP JSON API and a WebSocket per
//! game, over an SQLite database (or a PostgreSQL one that several servers share, [`pg`]),
//! serving its own page (an SVG board in plain JavaScript, no external assets). See
//! docs/server.md.
//!
//! - Games are created on a scenario with a side per seat (a person with a secret token, or
//!   a `dust-ai` player), listed in a lobby, downloaded and uploaded as game records.
//! - Every decision is checked by the engine and stored ([`store::GameStore::append`]) before it
//!   is acknowledged; a game is rebuilt by replaying its seed and stored decisions, so after
//!   a crash the games resume at the last acknowledged decision ([`hub`]).
//! - Chance events are rolled on the server from the game's seed; AI seats move on the server.
//!
//! ```no_run
//! let config = dust_server::ServerConfig::new(std::path::PathBuf::from("/tmp/games.sqlite"));
//! let server = dust_server::spawn(config).unwrap();
//! println!("listening on http://{}", server.addr());
//! server.stop();
//! ```

#![warn(missing_docs)]

pub mod armies;
pub mod cards;
pub mod client;
mod db;
pub mod error;
pub mod field;
pub mod field_game;
pub mod http;
pub mod hub;
pub mod load;
pub mod net;
pub mod pg;
pub mod play;
#[doc(hidden)]
pub mod push;
pub mod secrets;
pub mod setup;
mod shared;
pub mod store;
pub mod strategy;
pub mod undo;
pub mod view;

pub use error::{ApiError, ServerError};
pub use http::Limits;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The default port of `dust1947 serve`.
pub const DEFAULT_PORT: u16 = 8047;

/// How a server starts.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (`127.0.0.1` unless asked otherwise).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The SQLite database file (one process serves it), or the address of a PostgreSQL
    /// database, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (any number of processes
    /// serve it: docs/server.md, "Several servers").
    pub db: PathBuf,
    /// Body size and rate limits.
    pub limits: Limits,
    /// The server's default rules edition (`dust1947 serve --edition`): the new-game form
    /// opens on its default scenario ([`play::default_scenario`]) with its armies, and the
    /// calls that take an optional edition or scenario (`/api/odds`, `/api/cards`,
    /// `/api/armies`, `POST /api/games`) default to it. A game is still played by its
    /// scenario's own edition.
    pub edition: dust_core::Edition,
    /// The unit cards of both editions (`dust1947 serve --cards DIR`: the shipped ones merged
    /// with the player's folder, `dust_data::builtin::load_all_card_files`); `None`: the shipped
    /// cards ([`cards`]).
    pub cards: Option<Vec<dust_data::card::CardFile>>,
}

impl ServerConfig {
    /// Loopback, the default port, this database, the revised edition.
    pub fn new(db: PathBuf) -> ServerConfig {
        ServerConfig {
            host: "127.0.0.1".to_string(),
            port: DEFAULT_PORT,
            db,
            limits: Limits::default(),
            edition: dust_core::Edition::Revised,
            cards: None,
        }
    }
}

/// The default database: `$XDG_DATA_HOME/dust1947/dust1947.sqlite`, else
/// `~/.local/share/dust1947/dust1947.sqlite`.
pub fn default_db_path() -> Option<PathBuf> {
    Some(dust_data::data_dir()?.join("dust1947.sqlite"))
}

/// Structured logs on stderr (`RUST_LOG` filters them; default `info`). Does nothing when a
/// logger is already installed.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(false)
        .try_init();
}

/// A server running on its own threads.
pub struct RunningServer {
    addr: SocketAddr,
    stop: Option<watch::Sender<bool>>,
    thread: Option<std::thread::JoinHandle<Result<(), ServerError>>>,
}

impl RunningServer {
    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
    /// Its base URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
    /// Stops it: open connections close, running AI decisions are abandoned (they were not
    /// acknowledged, so nothing is lost), and the database is closed.
    pub fn stop(mut self) {
        self.shutdown();
    }
    fn shutdown(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(true);
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
    /// Waits until the server stops by itself (never, unless it fails).
    ///
    /// # Errors
    /// What stopped it.
    pub fn wait(mut self) -> Result<(), ServerError> {
        match self.thread.take() {
            Some(t) => t.join().unwrap_or_else(|_| {
                Err(ServerError::Io {
                    context: "the server thread".into(),
                    message: "panicked".into(),
                })
            }),
            None => Ok(()),
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Opens the database, resumes the unfinished games and starts serving on a background
/// thread with its own runtime. Returns once the socket listens.
///
/// # Errors
/// The database cannot be opened, or the address cannot be bound.
pub fn spawn(config: ServerConfig) -> Result<RunningServer, ServerError> {
    cards::install(config.cards.clone());
    let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<SocketAddr, ServerError>>();
    let (stop_tx, stop_rx) = watch::channel(false);
    let thread = std::thread::Builder::new()
        .name("dust-server".into())
        .spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .thread_name("dust-server-worker")
                .build()
                .map_err(|e| ServerError::Io {
                    context: "cannot start the async runtime".into(),
                    message: e.to_string(),
                });
            let rt = match rt {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.clone()));
                    return Err(e);
                }
            };
            let result = rt.block_on(serve(config, stop_rx, ready_tx));
            // AI decisions still thinking are abandoned: they were never acknowledged.
            rt.shutdown_timeout(Duration::from_millis(200));
            result
        })
        .map_err(|e| ServerError::Io {
            context: "cannot start the server thread".into(),
            message: e.to_string(),
        })?;
    match ready_rx.recv() {
        Ok(Ok(addr)) => Ok(RunningServer {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }),
        Ok(Err(e)) => {
            let _ = thread.join();
            Err(e)
        }
        Err(_) => Err(match thread.join() {
            Ok(Err(e)) => e,
            _ => ServerError::Io {
                context: "the server thread".into(),
                message: "stopped before listening".into(),
            },
        }),
    }
}

async fn serve(
    config: ServerConfig,
    stop: watch::Receiver<bool>,
    ready: std::sync::mpsc::Sender<Result<SocketAddr, ServerError>>,
) -> Result<(), ServerError> {
    let fail = |e: ServerError| {
        let _ = ready.send(Err(e.clone()));
        Err(e)
    };
    let stores = match tokio::task::block_in_place(|| open_stores(&config.db)) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let Stores {
        games: store,
        strategy: strategy_store,
        field: field_store,
        pg,
        lock: _lock,
    } = stores;
    let hub = Arc::new(hub::Hub::with_ai_limits(store, tokio::runtime::Handle::current(), config.limits.ai));
    let quota = Arc::new(http::GameQuota::new(config.limits.max_games_per_address_hour));
    // One count of WebSockets per address over both games.
    let sockets = net::PerAddress::new(config.limits.max_sockets_per_address);
    let strategy_hub = strategy::open(
        strategy_store,
        tokio::runtime::Handle::current(),
        &hub,
        quota.clone(),
        &config.limits,
        sockets.clone(),
    );
    let field_hub = {
        let mut h = field_game::hub::FieldHub::new(field_store, Some(tokio::runtime::Handle::current()));
        h.ai = config.limits.ai;
        h.search_permits = Some(hub.search_permits());
        Arc::new(h)
    };
    if let Some(pg) = &pg {
        follow_other_servers(pg, &hub, &strategy_hub, config.limits.ai.lease_ms, stop.clone());
    }
    let want = format!("{}:{}", config.host, config.port);
    let listener = match tokio::net::TcpListener::bind(&want).await {
        Ok(l) => l,
        Err(e) => {
            return fail(ServerError::Bind {
                addr: want,
                message: e.to_string(),
            })
        }
    };
    let addr = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            return fail(ServerError::Bind {
                addr: want,
                message: e.to_string(),
            })
        }
    };
    let db_shown = pg
        .as_ref()
        .map_or_else(|| config.db.display().to_string(), |p| p.shown().to_string());
    tracing::info!(%addr, db = %db_shown, edition = %config.edition, "dust1947 server listening on http://{addr}");
    let _ = ready.send(Ok(addr));
    // The unfinished games with an AI seat go on; they load in the background, so that a
    // restart does not wait for them (the others load when first asked for).
    let (h2, s2, f2) = (hub.clone(), strategy_hub.clone(), field_hub.clone());
    tokio::task::spawn_blocking(move || {
        match h2.resume_all() {
            Ok(n) => tracing::info!(games = n, "unfinished games with an AI seat resumed"),
            Err(e) => tracing::error!(error = %e, "cannot resume the unfinished games"),
        }
        match s2.resume_all() {
            Ok(n) => tracing::info!(games = n, "unfinished strategy games with an AI seat resumed"),
            Err(e) => tracing::error!(error = %e, "cannot resume the unfinished strategy games"),
        }
        match f2.resume_all() {
            Ok(n) => tracing::info!(games = n, "unfinished Battlefield games with an AI side resumed"),
            Err(e) => tracing::error!(error = %e, "cannot resume the unfinished Battlefield games"),
        }
    });
    // Idle games leave memory, abandoned ones are marked so.
    let (h4, s4, f4, l) = (hub.clone(), strategy_hub.clone(), field_hub.clone(), config.limits.clone());
    let mut sweep_stop = stop.clone();
    tokio::spawn(async move {
        let every =
            Duration::from_secs(l.evict_after_s.min(l.expire_after_s) / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
        let mut tick = tokio::time::interval(every);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = sweep_stop.wait_for(|s| *s) => return,
            }
            let (h, s, f) = (h4.clone(), s4.clone(), f4.clone());
            let (evict, expire) = (l.evict_after_s as i64, l.expire_after_s as i64);
            if let Ok(Err(e)) = tokio::task::spawn_blocking(move || {
                s.sweep(evict);
                f.sweep(evict);
                h.sweep(evict, expire)
            })
            .await
            {
                tracing::error!(error = %e, "cannot sweep the games");
            }
        }
    });
    let mut state = http::AppState::new(hub.clone(), config.limits.clone(), stop.clone());
    state.edition = config.edition;
    state.quota = quota.clone();
    state.sockets = sockets;
    state.strategy = Some(strategy_hub.clone());
    state.db_path = Some(config.db.clone());
    // One rate limit and body limit over every route, the strategy game's included.
    let field_state = field_game::FieldState {
        hub: field_hub.clone(),
        quota: Some(quota.clone()),
    };
    let app = http::limit(
        http::routes(state.clone())
            .merge(strategy::router(strategy_hub.clone()))
            .merge(field_game::router(field_state)),
        state,
    );
    let (h3, mut stopping) = (hub.clone(), stop.clone());
    tokio::spawn(async move {
        let _ = stopping.wait_for(|s| *s).await;
        h3.stop();
        strategy_hub.stop();
        field_hub.stop();
        tracing::info!("server stopping");
    });
    let l = &config.limits;
    let conn_limits = net::ConnLimits {
        header_timeout: Duration::from_millis(l.header_timeout_ms.max(1)),
        idle_timeout: Duration::from_millis(l.idle_timeout_ms.max(1)),
        per_address: l.max_conns_per_address.max(1),
    };
    net::serve(listener, app, conn_limits, stop).await;
    hub.stop();
    if let Some(pg) = pg {
        pg.shutdown();
    }
    Ok(())
}

/// The stores of a server: on SQLite with the file's lock, or on PostgreSQL.
struct Stores {
    games: store::Store,
    strategy: strategy::store::StrategyStore,
    /// The Battlefield games.
    field: field_game::store::FieldStore,
    pg: Option<Arc<pg::Pg>>,
    lock: Option<db::DbLock>,
}

/// Opens the database `db` names: a PostgreSQL address (any number of servers), else an
/// SQLite file, locked for this process (one server per file: the lock is held until the
/// stores are dropped).
fn open_stores(db: &std::path::Path) -> Result<Stores, ServerError> {
    if let Some(url) = db.to_str().filter(|s| pg::is_postgres_url(s)) {
        let pg = pg::Pg::connect(url)?;
        return Ok(Stores {
            games: store::Store::new(Box::new(pg::PgGames(pg.clone()))),
            strategy: strategy::store::StrategyStore::new(Box::new(pg::PgStrategy(pg.clone()))),
            field: field_game::store::FieldStore::new(Box::new(pg::PgField(pg.clone()))),
            pg: Some(pg),
            lock: None,
        });
    }
    let lock = db::DbLock::acquire(db)?;
    Ok(Stores {
        games: store::Store::open(db)?,
        strategy: strategy::store::StrategyStore::open(db)?,
        field: field_game::store::FieldStore::open(db)?,
        pg: None,
        lock: Some(lock),
    })
}

/// Several servers on one PostgreSQL database: the changes every server announces bring the
/// games in memory here up to date, and every half lease the AI seats of the games whose
/// server died are taken over (docs/server.md, "Several servers").
fn follow_other_servers(
    pg: &Arc<pg::Pg>,
    hub: &Arc<hub::Hub>,
    strategy_hub: &Arc<strategy::hub::StrategyHub>,
    lease_ms: u64,
    mut stop: watch::Receiver<bool>,
) {
    let (h, s) = (Arc::downgrade(hub), Arc::downgrade(strategy_hub));
    pg.listen(move |change| {
        if let Some(h) = h.upgrade() {
            h.on_change(&change);
        }
        if let Some(s) = s.upgrade() {
            s.on_change(&change);
        }
    });
    let (h, s) = (hub.clone(), strategy_hub.clone());
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis((lease_ms / 2).clamp(100, 30_000)));
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.wait_for(|s| *s) => return,
            }
            let (h, s) = (h.clone(), s.clone());
            let _ = tokio::task::spawn_blocking(move || {
                if let Err(e) = h.adopt_orphans() {
                    tracing::warn!(error = %e, "cannot look for games whose server stopped");
                }
                if let Err(e) = s.adopt_orphans() {
                    tracing::warn!(error = %e, "cannot look for strategy games whose server stopped");
                }
            })
            .await;
        }
    });
}

/// Runs a server in the foreground until Ctrl-C (or SIGTERM).
///
/// # Errors
/// The database cannot be opened, or the address cannot be bound.
pub fn run(config: ServerConfig) -> Result<(), ServerError> {
    let server = spawn(config)?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| ServerError::Io {
            context: "cannot start the signal handler".into(),
            message: e.to_string(),
        })?;
    rt.block_on(async {
        #[cfg(unix)]
        {
            let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
            match term {
                Ok(mut term) => {
                    tokio::select! {
                        _ = tokio::signal::ctrl_c() => {}
                        _ = term.recv() => {}
                    }
                }
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    });
    server.stop();
    Ok(())
}
