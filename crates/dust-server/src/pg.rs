//! The PostgreSQL store (`serve --db postgres://USER@HOST/DATABASE`): the same tables as the
//! SQLite store, so that any number of `serve` processes share one database (issue 16, "Scale
//! out").
//!
//! - **The database decides every race.** A decision is stored by one statement that counts it
//!   in its game's row only when the row counts exactly `ply` decisions (`UPDATE … WHERE plies
//!   = ply`, then the `(game, ply)` primary key): of two processes storing decision `ply` of a
//!   game, one wins and the other is told `Conflict`, as with the SQLite `plies` guard.
//! - **Every process hears every change.** The statement that stores a decision also sends
//!   `NOTIFY dust1947, 't GAME PLIES'` (delivered when it commits); each process listens on a
//!   connection of its own ([`Pg::listen`]) and brings the games it has in memory up to date
//!   (`crate::shared`), so its WebSocket clients see a decision taken through another process.
//!   After the listening connection is lost, every game in memory is brought up to date.
//! - **An undo is a write like a decision.** [`GameStore::truncate`] takes decisions back in one
//!   transaction guarded by the count of the undoing process's copy (`WHERE plies = have`) and
//!   announces `u GAME KEEP ORIGIN`; a process following the game finds its last decision gone, drops
//!   its copy and replays the stored decisions (`crate::shared`), and its sockets get the whole
//!   state. An undo request between two people is announced (`q GAME SIDE TO ORIGIN`, `q GAME - ORIGIN`); a process ignores its own.
//! - **An AI seat is played by one process at a time**: the `ai_leases` table holds, per game,
//!   the process that plays its AI and until when (the database's clock); the holder renews it
//!   before each decision, gives it up when a person must move, and another process adopts a
//!   game whose lease expired ([`crate::store::GameStore::orphaned_ai`]).
//!
//! The client is `tokio-postgres` on a small runtime of its own (the store's callers are plain
//! threads, the server's blocking pool and its async tasks alike), over plain TCP or a unix
//! socket: no TLS (run the database on the same host or a private network; see docs/server.md).

use crate::error::ServerError;
use crate::field_game::store::{FieldGames, FieldRow};
use crate::store::{GameRow, GameStore, RawGame};
use crate::strategy::store::{StrategyGames, StrategyRow};
use dust_core::Side;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};
use tokio_postgres::{AsyncMessage, Client, Config, NoTls};

/// Connections each process keeps to the database (besides the one that listens).
pub const POOL_SIZE: usize = 8;

/// The longest one database operation may take (a network that drops packets without a word
/// would otherwise hold a request forever): past it the operation fails, nothing acknowledged.
pub const OP_TIMEOUT: Duration = Duration::from_secs(10);

/// The notification channel.
const CHANNEL: &str = "dust1947";

/// What another process (or this one) changed, as announced on the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A tactics game now counts this many decisions; the last one's text and the state hash
    /// after it, when the announcement carries them (it does, from this version on: the
    /// other servers then apply it without reading the database).
    Game(String, u32, Option<(String, String)>),
    /// A tactics game now counts this many set-up decisions.
    Setup(String, u32),
    /// A seat of a tactics game was taken (its token changed).
    Claim(String),
    /// Decisions of a tactics game were taken back (an undo): it now counts this many. A
    /// process following the game drops its copy's later decisions and reloads it.
    Undo(String, u32),
    /// A side of a tactics game asked to take decisions back, to this many (`Some`), or no
    /// request is pending any more (`None`: declined, withdrawn).
    UndoAsked(String, Option<(Side, u32)>),
    /// A strategy game now counts this many decisions.
    Strategy(String, u32),
    /// The listening connection was (re)made: changes may have been missed meanwhile.
    Reconnected,
}

impl Change {
    /// Reads an announcement. An undo or an undo request announced by this process (`own`, the
    /// last word of those announcements) is left out: it is for the others, and arriving late
    /// it would bring back a request answered meanwhile.
    fn parse(payload: &str, own: &str) -> Option<Change> {
        if matches!(payload.split(' ').next(), Some("u" | "q")) && payload.rsplit(' ').next() == Some(own) {
            return None;
        }
        let mut w = payload.splitn(5, ' ');
        let kind = w.next()?;
        let id = w.next()?.to_string();
        let n = || -> Option<u32> { payload.split(' ').nth(2)?.parse().ok() };
        let _ = w.next();
        let last = match (w.next(), w.next()) {
            (Some(hash), Some(text)) if !text.is_empty() => Some((text.to_string(), hash.to_string())),
            _ => None,
        };
        match kind {
            "t" => Some(Change::Game(id, n()?, last)),
            "s" => Some(Change::Setup(id, n()?)),
            "c" => Some(Change::Claim(id)),
            "S" => Some(Change::Strategy(id, n()?)),
            "u" => {
                payload.split(' ').nth(3)?;
                Some(Change::Undo(id, n()?))
            }
            "q" => match payload.split(' ').nth(2)? {
                "-" => {
                    payload.split(' ').nth(3)?;
                    Some(Change::UndoAsked(id, None))
                }
                side => {
                    let side = match side {
                        "A" => Side::A,
                        "B" => Side::B,
                        _ => return None,
                    };
                    let to = payload.split(' ').nth(3)?.parse().ok()?;
                    payload.split(' ').nth(4)?;
                    Some(Change::UndoAsked(id, Some((side, to))))
                }
            },
            _ => None,
        }
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id            TEXT PRIMARY KEY,
    created       BIGINT NOT NULL,
    scenario      TEXT NOT NULL,
    scenario_text TEXT,
    seed          TEXT NOT NULL,
    seat_a        TEXT NOT NULL,
    seat_b        TEXT NOT NULL,
    token_a       TEXT NOT NULL,
    token_b       TEXT NOT NULL,
    claimed_a     BOOLEAN NOT NULL,
    claimed_b     BOOLEAN NOT NULL,
    spectator     TEXT,
    status        TEXT NOT NULL,
    result        TEXT,
    plies         BIGINT NOT NULL DEFAULT 0,
    updated       BIGINT NOT NULL,
    setup_seed    TEXT,
    invite_a      TEXT,
    invite_b      TEXT,
    public_a      BOOLEAN NOT NULL DEFAULT FALSE,
    public_b      BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE IF NOT EXISTS decisions (
    game  TEXT NOT NULL REFERENCES games(id),
    ply   BIGINT NOT NULL,
    text  TEXT NOT NULL,
    hash  TEXT NOT NULL,
    at    BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE TABLE IF NOT EXISTS setup_decisions (
    game  TEXT NOT NULL REFERENCES games(id),
    ply   BIGINT NOT NULL,
    text  TEXT NOT NULL,
    at    BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE TABLE IF NOT EXISTS strategy_games (
    id          TEXT PRIMARY KEY,
    created     BIGINT NOT NULL,
    players     BIGINT NOT NULL,
    round_limit BIGINT NOT NULL,
    seed        TEXT NOT NULL,
    seats       TEXT NOT NULL,
    tokens      TEXT NOT NULL,
    spectator   TEXT NOT NULL,
    status      TEXT NOT NULL,
    winners     TEXT NOT NULL DEFAULT '',
    plies       BIGINT NOT NULL DEFAULT 0,
    updated     BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS strategy_decisions (
    game  TEXT NOT NULL REFERENCES strategy_games(id),
    ply   BIGINT NOT NULL,
    text  TEXT NOT NULL,
    hash  TEXT NOT NULL,
    at    BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS strategy_games_updated ON strategy_games(updated);
CREATE TABLE IF NOT EXISTS field_games (
    id          TEXT PRIMARY KEY,
    created     BIGINT NOT NULL,
    table_name  TEXT NOT NULL,
    table_text  TEXT NOT NULL,
    turns       BIGINT NOT NULL,
    seed        TEXT NOT NULL,
    seats       TEXT NOT NULL,
    tokens      TEXT NOT NULL,
    spectator   TEXT NOT NULL,
    status      TEXT NOT NULL,
    winner      TEXT NOT NULL DEFAULT '',
    plies       BIGINT NOT NULL DEFAULT 0,
    updated     BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS field_decisions (
    game  TEXT NOT NULL REFERENCES field_games(id),
    ply   BIGINT NOT NULL,
    text  TEXT NOT NULL,
    hash  TEXT NOT NULL,
    at    BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS field_games_updated ON field_games(updated);
CREATE TABLE IF NOT EXISTS ai_leases (
    key      TEXT PRIMARY KEY,
    holder   TEXT NOT NULL,
    expires  BIGINT NOT NULL,
    waiting  BOOLEAN NOT NULL DEFAULT FALSE
);
";

/// The database's clock in milliseconds (leases are timed by it, never by a process's own).
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

fn pg_err(context: &str) -> impl Fn(tokio_postgres::Error) -> ServerError + '_ {
    move |e| ServerError::Postgres {
        context: context.to_string(),
        message: match e.as_db_error() {
            Some(d) => d.message().to_string(),
            // The cause too ("error connecting to server: Connection refused").
            None => match std::error::Error::source(&e) {
                Some(cause) => format!("{e}: {cause}"),
                None => e.to_string(),
            },
        },
    }
}

/// A PostgreSQL database shared by the stores of one process: a pool of connections and the
/// runtime that drives them.
pub struct Pg {
    runtime: Mutex<Option<tokio::runtime::Runtime>>,
    handle: tokio::runtime::Handle,
    config: Config,
    /// The address as shown in logs and messages (without a password).
    shown: String,
    pool: Vec<Arc<AsyncMutex<Option<Client>>>>,
    next: AtomicUsize,
    stopped: Arc<AtomicBool>,
    /// This process's name in its announcements (the process id and the time it connected).
    origin: String,
}

impl std::fmt::Debug for Pg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pg({})", self.shown)
    }
}

/// Whether `db` names a PostgreSQL database (`postgres://…` or `postgresql://…`).
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A connection of the pool, held for one operation.
struct Conn(OwnedMutexGuard<Option<Client>>);

impl Conn {
    fn client(&self) -> &Client {
        self.0.as_ref().expect("a connection of the pool is connected once checked out")
    }
    fn client_mut(&mut self) -> &mut Client {
        self.0.as_mut().expect("a connection of the pool is connected once checked out")
    }
}

impl Pg {
    /// Connects to the database at `url` and creates the tables it lacks.
    ///
    /// # Errors
    /// The address does not read, the database cannot be reached, or it refuses the tables.
    pub fn connect(url: &str) -> Result<Arc<Pg>, ServerError> {
        let mut config: Config = url.parse().map_err(|e: tokio_postgres::Error| ServerError::Postgres {
            context: "the --db address does not read as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE".into(),
            message: e.to_string(),
        })?;
        config.connect_timeout(Duration::from_secs(3));
        // A connection whose peer vanished is noticed within a minute, not two hours.
        config.keepalives_idle(Duration::from_secs(15));
        if config.get_application_name().is_none() {
            config.application_name("dust1947");
        }
        let shown = match url.split_once('@') {
            Some((scheme_user, rest)) => {
                let user = scheme_user
                    .rsplit_once(':')
                    .filter(|(s, _)| s.contains("//"))
                    .map_or(scheme_user, |(s, _)| s);
                format!("{user}@{rest}")
            }
            None => url.to_string(),
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("dust-postgres")
            .enable_all()
            .build()
            .map_err(|e| ServerError::Io {
                context: "cannot start the database runtime".into(),
                message: e.to_string(),
            })?;
        let pg = Arc::new(Pg {
            handle: runtime.handle().clone(),
            runtime: Mutex::new(Some(runtime)),
            config,
            shown,
            pool: (0..POOL_SIZE).map(|_| Arc::new(AsyncMutex::new(None))).collect(),
            next: AtomicUsize::new(0),
            stopped: Arc::new(AtomicBool::new(false)),
            origin: format!(
                "{}.{}",
                std::process::id(),
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() % 1_000_000_000_000)
            ),
        });
        let context = format!("cannot open the PostgreSQL database {}", pg.shown);
        pg.run(&context, |mut c| async move {
            let tx = c.client_mut().transaction().await?;
            // Two processes starting at once must not both create the tables.
            tx.batch_execute("SELECT pg_advisory_xact_lock(1947)").await?;
            tx.batch_execute(SCHEMA).await?;
            tx.commit().await
        })?;
        tracing::info!(db = %pg.shown, "PostgreSQL database open");
        Ok(pg)
    }

    /// The address, without its password.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Stops the connections and the listener (the server stops).
    pub fn shutdown(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        if let Some(rt) = crate::hub::lock(&self.runtime).take() {
            rt.shutdown_background();
        }
    }

    /// A connection of the pool, connected (again, after it was lost).
    async fn conn(
        config: Config,
        slot: Arc<AsyncMutex<Option<Client>>>,
        handle: tokio::runtime::Handle,
    ) -> Result<Conn, tokio_postgres::Error> {
        let mut guard = slot.lock_owned().await;
        if guard.as_ref().is_none_or(Client::is_closed) {
            let (client, connection) = config.connect(NoTls).await?;
            handle.spawn(async move {
                if let Err(e) = connection.await {
                    tracing::warn!(error = %e, "a database connection closed");
                }
            });
            *guard = Some(client);
        }
        Ok(Conn(guard))
    }

    /// Runs `op` on a connection of the pool, on the database's runtime, and waits for it
    /// (from any thread: the server's async tasks and its blocking pool alike).
    fn run<T, F, Fut>(&self, context: &str, op: F) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(Conn) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, tokio_postgres::Error>> + Send,
    {
        // Try a free connection first, else wait for the next in turn.
        let slot = self
            .pool
            .iter()
            .find(|s| s.try_lock().is_ok())
            .unwrap_or(&self.pool[self.next.fetch_add(1, Ordering::Relaxed) % self.pool.len()])
            .clone();
        let (config, handle) = (self.config.clone(), self.handle.clone());
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let work = async move {
                match Pg::conn(config, slot, handle).await {
                    Ok(c) => op(c).await,
                    Err(e) => Err(e),
                }
            };
            let _ = tx.send(tokio::time::timeout(OP_TIMEOUT, work).await);
        });
        match rx.recv() {
            Ok(Ok(r)) => r.map_err(pg_err(context)),
            Ok(Err(_)) => Err(ServerError::Postgres {
                context: context.to_string(),
                message: format!("no answer in {} s", OP_TIMEOUT.as_secs()),
            }),
            Err(_) => Err(ServerError::Postgres {
                context: context.to_string(),
                message: "the server is stopping".into(),
            }),
        }
    }

    /// Listens for the changes every process announces and hands them to `on_change`, on a
    /// thread of its own, until the server stops; reconnects (every 250 ms) when the
    /// connection is lost, then reports [`Change::Reconnected`].
    pub fn listen(self: &Arc<Self>, on_change: impl Fn(Change) + Send + 'static) {
        let (tx, rx) = std::sync::mpsc::channel::<Change>();
        let (config, stopped, own) = (self.config.clone(), self.stopped.clone(), self.origin.clone());
        self.handle.spawn(async move {
            while !stopped.load(Ordering::SeqCst) {
                if let Ok((client, mut connection)) = config.connect(NoTls).await {
                    let (ntx, mut nrx) = tokio::sync::mpsc::unbounded_channel::<String>();
                    let driver = tokio::spawn(async move {
                        while let Some(Ok(m)) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                            if let AsyncMessage::Notification(n) = m {
                                if ntx.send(n.payload().to_string()).is_err() {
                                    break;
                                }
                            }
                        }
                    });
                    if client.batch_execute(&format!("LISTEN {CHANNEL}")).await.is_ok() {
                        tracing::info!("listening for the other servers' changes");
                        if tx.send(Change::Reconnected).is_err() {
                            return;
                        }
                        while let Some(p) = nrx.recv().await {
                            if let Some(c) = Change::parse(&p, &own) {
                                if tx.send(c).is_err() {
                                    return;
                                }
                            }
                        }
                        tracing::warn!("the connection that listens for changes was lost: reconnecting");
                    }
                    driver.abort();
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
        let spawned = std::thread::Builder::new().name("dust-pg-changes".into()).spawn(move || {
            while let Ok(c) = rx.recv() {
                on_change(c);
            }
        });
        if let Err(e) = spawned {
            tracing::error!(error = %e, "cannot start the thread that applies other servers' changes");
        }
    }

    /// `SELECT 1` and a write rolled back: whether the database answers and takes writes.
    fn writable(&self) -> Result<(), ServerError> {
        self.run("the database takes no write", |mut c| async move {
            let tx = c.client_mut().transaction().await?;
            tx.batch_execute("UPDATE games SET updated = updated WHERE FALSE").await?;
            tx.rollback().await
        })
    }

    fn take_lease(&self, key: String, holder: &str, ttl_ms: u64) -> Result<bool, ServerError> {
        let holder = holder.to_string();
        let ttl = i64::try_from(ttl_ms).unwrap_or(i64::MAX / 4);
        self.run("cannot take the AI lease", move |c| async move {
            let sql = format!(
                "INSERT INTO ai_leases (key, holder, expires, waiting) VALUES ($1, $2, {NOW_MS} + $3, FALSE)
                 ON CONFLICT (key) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires, waiting = FALSE
                 WHERE ai_leases.holder = EXCLUDED.holder OR ai_leases.expires < {NOW_MS}
                 RETURNING holder"
            );
            Ok(!c.client().query(&sql, &[&key, &holder, &ttl]).await?.is_empty())
        })
    }

    fn release_lease(&self, key: String, holder: &str, waiting: bool) -> Result<(), ServerError> {
        let holder = holder.to_string();
        self.run("cannot give the AI lease up", move |c| async move {
            c.client()
                .execute(
                    "UPDATE ai_leases SET waiting = $3, expires = 0 WHERE key = $1 AND holder = $2",
                    &[&key, &holder, &waiting],
                )
                .await
                .map(|_| ())
        })
    }

    /// The games of one kind (`prefix` `t:` or `S:`, their table and the test of an AI seat)
    /// whose AI lease ran out while an AI had to move, and the unfinished games with an AI seat
    /// that no server has leased yet.
    fn orphans(&self, (prefix, games, ai): (&'static str, &'static str, &'static str)) -> Result<Vec<String>, ServerError> {
        self.run("cannot list the AI leases", move |c| async move {
            let sql = format!(
                "SELECT substr(key, 3) FROM ai_leases WHERE NOT waiting AND expires < {NOW_MS} AND key LIKE $1
                 UNION
                 SELECT id FROM {games} g WHERE status = 'playing' AND ({ai})
                   AND NOT EXISTS (SELECT 1 FROM ai_leases WHERE key = $2 || g.id)"
            );
            let rows = c.client().query(&sql, &[&format!("{prefix}%"), &prefix]).await?;
            Ok(rows.iter().map(|r| r.get::<_, String>(0)).collect())
        })
    }

    /// Ids the query returns (one text column).
    fn ids(&self, context: &str, sql: &'static str) -> Result<Vec<String>, ServerError> {
        self.run(context, move |c| async move {
            Ok(c.client().query(sql, &[]).await?.iter().map(|r| r.get(0)).collect())
        })
    }

    /// Appends decision `ply` to `decisions` (counted in `games`), announcing `kind ID PLIES`,
    /// in one statement; `Conflict` when the game does not count `ply` decisions.
    #[allow(clippy::too_many_arguments)]
    fn append(
        &self,
        (games, decisions, result_col, kind): (&str, &str, &str, &str),
        game: &str,
        ply: u32,
        text: &str,
        hash: u64,
        status: &str,
        result: Option<String>,
    ) -> Result<(), ServerError> {
        let sql = format!(
            "WITH up AS (UPDATE {games} SET plies = plies + 1, status = $3, {result_col} = $4, updated = $5
                         WHERE id = $1 AND plies = $2 RETURNING id),
                  ins AS (INSERT INTO {decisions} (game, ply, text, hash, at) SELECT id, $2, $6, $7, $5 FROM up RETURNING game),
                  lease AS (UPDATE ai_leases SET waiting = FALSE WHERE key = $8 AND EXISTS (SELECT 1 FROM ins))
             SELECT pg_notify('{CHANNEL}', $9) FROM ins"
        );
        let (id, ply64, status, text) = (game.to_string(), i64::from(ply), status.to_string(), text.to_string());
        let hash = format!("{hash:#018x}");
        let lease = format!("{kind}:{game}");
        // The decision itself rides along (a decision is at most 200 bytes; NOTIFY takes 8,000).
        let payload = format!("{kind} {game} {} {hash} {text}", ply + 1);
        let at = crate::store::unix_now();
        let stored = self.run("cannot store the decision", move |c| async move {
            let rows = c
                .client()
                .query(&sql, &[&id, &ply64, &status, &result, &at, &text, &hash, &lease, &payload])
                .await?;
            Ok(rows.len())
        })?;
        stored_or_conflict(stored == 1, || {
            format!("decision {ply} of game {game} is already stored or out of order")
        })
    }
}

/// `Ok` when the guarded write went through, else `Conflict` with `why`.
fn stored_or_conflict(stored: bool, why: impl FnOnce() -> String) -> Result<(), ServerError> {
    if stored {
        Ok(())
    } else {
        Err(ServerError::Conflict(why()))
    }
}

/// Creates a new empty database named `name` on the server `url` points at, and returns the
/// address of it (the tests and the load test each start on a fresh one).
///
/// # Errors
/// The server cannot be reached or refuses (the user may not create databases).
pub fn create_database(url: &str, name: &str) -> Result<String, ServerError> {
    if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(ServerError::Postgres {
            context: format!("cannot create the database `{name}`"),
            message: "a name of letters, digits and `_` only".into(),
        });
    }
    let config: Config = url.parse().map_err(pg_err("the address does not read"))?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| ServerError::Io {
            context: "cannot start a runtime".into(),
            message: e.to_string(),
        })?;
    let sql = format!("CREATE DATABASE {name}");
    // Its own thread: the caller may be inside a runtime.
    let created = std::thread::scope(|s| {
        s.spawn(|| {
            rt.block_on(async {
                let (client, connection) = config.connect(NoTls).await?;
                tokio::spawn(connection);
                client.batch_execute(&sql).await
            })
        })
        .join()
    });
    match created {
        Ok(r) => r.map_err(pg_err("cannot create a database"))?,
        Err(_) => {
            return Err(ServerError::Postgres {
                context: "cannot create a database".into(),
                message: "the thread that connects failed".into(),
            })
        }
    }
    let base = url.split('?').next().unwrap_or(url);
    let (server, _) = base
        .rsplit_once('/')
        .filter(|(s, _)| s.contains("//") && !s.ends_with('/'))
        .unwrap_or((base, ""));
    Ok(format!("{server}/{name}"))
}

impl Drop for Pg {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The tactics games in PostgreSQL.
pub struct PgGames(pub Arc<Pg>);

/// The strategy games in PostgreSQL.
pub struct PgStrategy(pub Arc<Pg>);

/// The Battlefield games in PostgreSQL (one server at a time plays a game: the others read
/// it when asked for; docs/battlefield.md, "Playing a game in the browser").
pub struct PgField(pub Arc<Pg>);

fn raw_game(r: &tokio_postgres::Row) -> Result<GameRow, tokio_postgres::Error> {
    Ok(RawGame {
        id: r.try_get(0)?,
        created: r.try_get(1)?,
        scenario: r.try_get(2)?,
        scenario_text: r.try_get(3)?,
        seed: r.try_get(4)?,
        seats: [r.try_get(5)?, r.try_get(6)?],
        tokens: [r.try_get(7)?, r.try_get(8)?],
        claimed: [r.try_get(9)?, r.try_get(10)?],
        spectator: r.try_get(11)?,
        status: r.try_get(12)?,
        result: r.try_get(13)?,
        plies: r.try_get(14)?,
        updated: r.try_get(15)?,
        setup_seed: r.try_get(16)?,
        invites: [r.try_get(17)?, r.try_get(18)?],
        public: [r.try_get(19)?, r.try_get(20)?],
    }
    .read())
}

fn seat_columns(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::A => ("token_a", "claimed_a"),
        Side::B => ("token_b", "claimed_b"),
    }
}

impl GameStore for PgGames {
    fn create(&self, g: &GameRow, setup: &[String], decisions: &[(String, u64)]) -> Result<(), ServerError> {
        let (g, setup, decisions) = (g.clone(), setup.to_vec(), decisions.to_vec());
        self.0.run("cannot store the new game", move |mut c| async move {
            let tx = c.client_mut().transaction().await?;
            tx.execute(
                &format!(
                    "INSERT INTO games ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)",
                    crate::store::COLUMNS
                ),
                &[
                    &g.id,
                    &g.created,
                    &g.scenario,
                    &g.scenario_text,
                    &g.seed.to_string(),
                    &g.seats.a.to_text(),
                    &g.seats.b.to_text(),
                    &g.tokens.a,
                    &g.tokens.b,
                    &g.claimed.a,
                    &g.claimed.b,
                    &g.spectator,
                    &g.status,
                    &g.result,
                    &(decisions.len() as i64),
                    &g.updated,
                    &g.setup_seed.map(|s| s.to_string()),
                    &g.invites.a,
                    &g.invites.b,
                    &g.public.a,
                    &g.public.b,
                ],
            )
            .await?;
            let at = crate::store::unix_now();
            for (ply, text) in setup.iter().enumerate() {
                tx.execute(
                    "INSERT INTO setup_decisions (game, ply, text, at) VALUES ($1, $2, $3, $4)",
                    &[&g.id, &(ply as i64), text, &at],
                )
                .await?;
            }
            for (ply, (text, hash)) in decisions.iter().enumerate() {
                tx.execute(
                    "INSERT INTO decisions (game, ply, text, hash, at) VALUES ($1, $2, $3, $4, $5)",
                    &[&g.id, &(ply as i64), text, &format!("{hash:#018x}"), &at],
                )
                .await?;
            }
            tx.commit().await
        })
    }

    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, result: Option<&str>) -> Result<(), ServerError> {
        self.0.append(
            ("games", "decisions", "result", "t"),
            game,
            ply,
            text,
            hash,
            status,
            result.map(str::to_string),
        )
    }

    fn truncate(&self, game: &str, have: u32, keep: u32) -> Result<(), ServerError> {
        let (id, have64, keep64) = (game.to_string(), i64::from(have), i64::from(keep));
        let payload = format!("u {game} {keep} {}", self.0.origin);
        let done = self.0.run("cannot take the decisions back", move |mut c| async move {
            let tx = c.client_mut().transaction().await?;
            // The guard of `append`: the row counts exactly the decisions the undoing process
            // holds, and its lock makes a decision stored at the same moment wait, then find
            // the count changed (`Conflict`) — or this one find it changed.
            let up = tx
                .query(
                    "UPDATE games SET plies = $2, status = 'playing', result = NULL, updated = $4
                     WHERE id = $1 AND plies = $3 AND plies > $2 RETURNING id",
                    &[&id, &keep64, &have64, &crate::store::unix_now()],
                )
                .await?;
            if up.len() != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
            tx.execute("DELETE FROM decisions WHERE game = $1 AND ply >= $2", &[&id, &keep64])
                .await?;
            // Delivered on commit, after every decision stored before: the followers reload.
            tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]).await?;
            tx.commit().await.map(|()| true)
        })?;
        stored_or_conflict(done, || {
            format!("game {game} does not count {have} decisions with one after decision {keep} to take back")
        })
    }

    fn announce_undo_request(&self, game: &str, request: Option<(Side, u32)>) -> Result<(), ServerError> {
        let payload = match request {
            Some((side, to)) => format!("q {game} {side} {to} {}", self.0.origin),
            None => format!("q {game} - {}", self.0.origin),
        };
        self.0.run("cannot announce the undo request", move |c| async move {
            c.client()
                .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
                .await
                .map(|_| ())
        })
    }

    fn append_setup(&self, game: &str, ply: u32, text: &str) -> Result<(), ServerError> {
        let (id, text, ply64) = (game.to_string(), text.to_string(), i64::from(ply));
        let payload = format!("s {game} {}", ply + 1);
        let stored = self.0.run("cannot store the set-up decision", move |mut c| async move {
            let tx = c.client_mut().transaction().await?;
            // The game's row is locked first: two set-up decisions of one game queue here.
            tx.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&id]).await?;
            let n: i64 = tx
                .query_one("SELECT COUNT(*) FROM setup_decisions WHERE game = $1", &[&id])
                .await?
                .get(0);
            if n != ply64 {
                return Ok(false);
            }
            let at = crate::store::unix_now();
            tx.execute(
                "INSERT INTO setup_decisions (game, ply, text, at) VALUES ($1, $2, $3, $4)",
                &[&id, &ply64, &text, &at],
            )
            .await?;
            tx.execute("UPDATE games SET updated = $2 WHERE id = $1", &[&id, &at]).await?;
            tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]).await?;
            tx.commit().await.map(|()| true)
        })?;
        stored_or_conflict(stored, || {
            format!("set-up decision {ply} of game {game} is already stored or out of order")
        })
    }

    fn setup_decisions(&self, id: &str) -> Result<Vec<String>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the set-up decisions", move |c| async move {
            let rows = c
                .client()
                .query("SELECT text FROM setup_decisions WHERE game = $1 ORDER BY ply", &[&id])
                .await?;
            rows.iter().map(|r| r.try_get(0)).collect()
        })
    }

    fn claim(&self, game: &str, side: Side) -> Result<(), ServerError> {
        let (_, col) = seat_columns(side);
        let (id, payload) = (game.to_string(), format!("c {game}"));
        self.0.run("cannot mark the seat as taken", move |c| async move {
            let sql = format!(
                "WITH up AS (UPDATE games SET {col} = TRUE WHERE id = $1 AND NOT {col} RETURNING id) SELECT pg_notify('{CHANNEL}', $2) FROM up"
            );
            c.client().query(&sql, &[&id, &payload]).await.map(|_| ())
        })
    }

    fn claim_seat(&self, game: &str, side: Side, token: &str) -> Result<bool, ServerError> {
        let (t, col) = seat_columns(side);
        let (id, token, payload) = (game.to_string(), token.to_string(), format!("c {game}"));
        self.0.run("cannot take the seat", move |c| async move {
            let sql = format!(
                "WITH up AS (UPDATE games SET {t} = $2, {col} = TRUE WHERE id = $1 AND NOT {col} RETURNING id) SELECT pg_notify('{CHANNEL}', $3) FROM up"
            );
            Ok(c.client().query(&sql, &[&id, &token, &payload]).await?.len() == 1)
        })
    }

    fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the game", move |c| async move {
            let sql = format!("SELECT {} FROM games WHERE id = $1", crate::store::COLUMNS);
            c.client().query_opt(&sql, &[&id]).await?.as_ref().map(raw_game).transpose()
        })
    }

    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        Ok(self.decision_rows(id)?.into_iter().map(|(_, t, h)| (t, h)).collect())
    }

    fn decision_rows(&self, id: &str) -> Result<Vec<crate::store::DecisionRow>, ServerError> {
        self.decision_rows_from(id, 0)
    }

    fn decision_rows_from(&self, id: &str, from: u32) -> Result<Vec<crate::store::DecisionRow>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the decisions", move |c| async move {
            let rows = c
                .client()
                .query(
                    "SELECT ply, text, hash FROM decisions WHERE game = $1 AND ply >= $2 ORDER BY ply",
                    &[&id, &i64::from(from)],
                )
                .await?;
            rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))).collect()
        })
    }

    fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ServerError> {
        self.0.run("cannot list the games", move |c| async move {
            let sql = format!(
                "SELECT {} FROM games ORDER BY updated DESC, created DESC LIMIT $1",
                crate::store::COLUMNS
            );
            c.client().query(&sql, &[&i64::from(limit)]).await?.iter().map(raw_game).collect()
        })
    }

    fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        self.0.ids("cannot list the games", "SELECT id FROM games WHERE status = 'playing'")
    }

    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.0.ids(
            "cannot list the games",
            "SELECT id FROM games WHERE status = 'playing' AND (seat_a LIKE 'ai%' OR seat_b LIKE 'ai%')",
        )
    }

    fn expire(&self, before: i64) -> Result<Vec<String>, ServerError> {
        self.0.run("cannot mark games abandoned", move |c| async move {
            let rows = c
                .client()
                .query(
                    "UPDATE games SET status = 'abandoned' WHERE status = 'playing' AND updated < $1 RETURNING id",
                    &[&before],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn writable(&self) -> Result<(), ServerError> {
        self.0.writable()
    }

    fn shared(&self) -> bool {
        true
    }

    fn take_ai_lease(&self, game: &str, holder: &str, ttl_ms: u64) -> Result<bool, ServerError> {
        self.0.take_lease(format!("t:{game}"), holder, ttl_ms)
    }

    fn release_ai_lease(&self, game: &str, holder: &str, waiting: bool) -> Result<(), ServerError> {
        self.0.release_lease(format!("t:{game}"), holder, waiting)
    }

    fn orphaned_ai(&self) -> Result<Vec<String>, ServerError> {
        self.0.orphans(("t:", "games", "seat_a LIKE 'ai%' OR seat_b LIKE 'ai%'"))
    }
}

fn strategy_row(r: &tokio_postgres::Row) -> Result<StrategyRow, tokio_postgres::Error> {
    Ok(StrategyRow::read(
        (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?),
        (r.try_get(4)?, r.try_get(5)?, r.try_get(6)?, r.try_get(7)?),
        (r.try_get(8)?, r.try_get(9)?, r.try_get(10)?, r.try_get(11)?),
    ))
}

impl StrategyGames for PgStrategy {
    fn create(&self, g: &StrategyRow) -> Result<(), ServerError> {
        let g = g.clone();
        self.0.run("cannot store the new strategy game", move |c| async move {
            let sql = format!(
                "INSERT INTO strategy_games ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                crate::strategy::store::COLUMNS
            );
            c.client()
                .execute(
                    &sql,
                    &[
                        &g.id,
                        &g.created,
                        &i64::from(g.players),
                        &i64::from(g.round_limit),
                        &g.seed.to_string(),
                        &g.seats.join(","),
                        &g.tokens.join(","),
                        &g.spectator,
                        &g.status,
                        &g.winners,
                        &i64::from(g.plies),
                        &g.updated,
                    ],
                )
                .await
                .map(|_| ())
        })
    }

    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winners: &str) -> Result<(), ServerError> {
        self.0.append(
            ("strategy_games", "strategy_decisions", "winners", "S"),
            game,
            ply,
            text,
            hash,
            status,
            Some(winners.to_string()),
        )
    }

    fn game(&self, id: &str) -> Result<Option<StrategyRow>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the strategy game", move |c| async move {
            let sql = format!("SELECT {} FROM strategy_games WHERE id = $1", crate::strategy::store::COLUMNS);
            c.client().query_opt(&sql, &[&id]).await?.as_ref().map(strategy_row).transpose()
        })
    }

    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the strategy decisions", move |c| async move {
            let rows = c
                .client()
                .query("SELECT text, hash FROM strategy_decisions WHERE game = $1 ORDER BY ply", &[&id])
                .await?;
            rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
        })
    }

    fn recent(&self, limit: u32) -> Result<Vec<StrategyRow>, ServerError> {
        self.0.run("cannot list the strategy games", move |c| async move {
            let sql = format!(
                "SELECT {} FROM strategy_games ORDER BY updated DESC, created DESC LIMIT $1",
                crate::strategy::store::COLUMNS
            );
            c.client()
                .query(&sql, &[&i64::from(limit)])
                .await?
                .iter()
                .map(strategy_row)
                .collect()
        })
    }

    fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        self.0.ids(
            "cannot list the strategy games",
            "SELECT id FROM strategy_games WHERE status = 'playing'",
        )
    }

    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.0.ids(
            "cannot list the strategy games",
            "SELECT id FROM strategy_games WHERE status = 'playing' AND seats LIKE '%ai %'",
        )
    }

    fn shared(&self) -> bool {
        true
    }

    fn take_ai_lease(&self, game: &str, holder: &str, ttl_ms: u64) -> Result<bool, ServerError> {
        self.0.take_lease(format!("S:{game}"), holder, ttl_ms)
    }

    fn release_ai_lease(&self, game: &str, holder: &str, waiting: bool) -> Result<(), ServerError> {
        self.0.release_lease(format!("S:{game}"), holder, waiting)
    }

    fn orphaned_ai(&self) -> Result<Vec<String>, ServerError> {
        self.0.orphans(("S:", "strategy_games", "seats LIKE '%ai %'"))
    }
}

fn field_row(r: &tokio_postgres::Row) -> Result<FieldRow, tokio_postgres::Error> {
    Ok(FieldRow::read(
        (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?, r.try_get(4)?),
        (r.try_get(5)?, r.try_get(6)?, r.try_get(7)?, r.try_get(8)?),
        (r.try_get(9)?, r.try_get(10)?, r.try_get(11)?, r.try_get(12)?),
    ))
}

impl FieldGames for PgField {
    fn create(&self, g: &FieldRow) -> Result<(), ServerError> {
        let g = g.clone();
        self.0.run("cannot store the new Battlefield game", move |c| async move {
            let sql = format!(
                "INSERT INTO field_games ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                crate::field_game::store::COLUMNS
            );
            c.client()
                .execute(
                    &sql,
                    &[
                        &g.id,
                        &g.created,
                        &g.table,
                        &g.table_text,
                        &i64::from(g.turns),
                        &g.seed.to_string(),
                        &g.seats.join(","),
                        &g.tokens.join(","),
                        &g.spectator,
                        &g.status,
                        &g.winner,
                        &i64::from(g.plies),
                        &g.updated,
                    ],
                )
                .await
                .map(|_| ())
        })
    }

    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winner: &str) -> Result<(), ServerError> {
        // Announced as `F ID PLIES …`: a kind the other games' followers leave alone.
        self.0.append(
            ("field_games", "field_decisions", "winner", "F"),
            game,
            ply,
            text,
            hash,
            status,
            Some(winner.to_string()),
        )
    }

    fn game(&self, id: &str) -> Result<Option<FieldRow>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the Battlefield game", move |c| async move {
            let sql = format!("SELECT {} FROM field_games WHERE id = $1", crate::field_game::store::COLUMNS);
            c.client().query_opt(&sql, &[&id]).await?.as_ref().map(field_row).transpose()
        })
    }

    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        let id = id.to_string();
        self.0.run("cannot read the Battlefield decisions", move |c| async move {
            let rows = c
                .client()
                .query("SELECT text, hash FROM field_decisions WHERE game = $1 ORDER BY ply", &[&id])
                .await?;
            rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
        })
    }

    fn recent(&self, limit: u32) -> Result<Vec<FieldRow>, ServerError> {
        self.0.run("cannot list the Battlefield games", move |c| async move {
            let sql = format!(
                "SELECT {} FROM field_games ORDER BY updated DESC, created DESC LIMIT $1",
                crate::field_game::store::COLUMNS
            );
            c.client().query(&sql, &[&i64::from(limit)]).await?.iter().map(field_row).collect()
        })
    }

    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.0.ids(
            "cannot list the Battlefield games",
            "SELECT id FROM field_games WHERE status = 'playing' AND seats LIKE '%ai %'",
        )
    }

    fn shared(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_read_back() {
        assert_eq!(Change::parse("t abc 12", "me"), Some(Change::Game("abc".into(), 12, None)));
        assert_eq!(
            Change::parse("t abc 12 0x00ff aim 0 u5 0", "me"),
            Some(Change::Game("abc".into(), 12, Some(("aim 0 u5 0".into(), "0x00ff".into()))))
        );
        assert_eq!(Change::parse("s abc 3", "me"), Some(Change::Setup("abc".into(), 3)));
        assert_eq!(Change::parse("c abc", "me"), Some(Change::Claim("abc".into())));
        assert_eq!(Change::parse("S x1 7", "me"), Some(Change::Strategy("x1".into(), 7)));
        assert_eq!(Change::parse("S x1 7 0x1 pass", "me"), Some(Change::Strategy("x1".into(), 7)));
        assert_eq!(Change::parse("u abc 4 9.1", "me"), Some(Change::Undo("abc".into(), 4)));
        assert_eq!(
            Change::parse("q abc A 4 9.1", "me"),
            Some(Change::UndoAsked("abc".into(), Some((Side::A, 4))))
        );
        assert_eq!(Change::parse("q abc - 9.1", "me"), Some(Change::UndoAsked("abc".into(), None)));
        assert_eq!(Change::parse("q abc C 4 9.1", "me"), None);
        assert_eq!(Change::parse("u abc", "me"), None);
        assert_eq!(Change::parse("t abc", "me"), None);
        assert_eq!(Change::parse("?", "me"), None);
        // An undo or a request this process announced is for the others.
        assert_eq!(Change::parse("u abc 4 me", "me"), None);
        assert_eq!(Change::parse("q abc A 4 me", "me"), None);
        assert_eq!(Change::parse("q abc - me", "me"), None);
        assert_eq!(
            Change::parse("t abc 12 0x00ff move me", "me"),
            Some(Change::Game("abc".into(), 12, Some(("move me".into(), "0x00ff".into()))))
        );
    }

    #[test]
    fn addresses_are_recognised_and_shown_without_password() {
        assert!(is_postgres_url("postgres://u@h/db"));
        assert!(is_postgres_url("postgresql://u@h/db"));
        assert!(!is_postgres_url("/tmp/games.sqlite"));
        let e = Pg::connect("postgres://u:secret@127.0.0.1:1/db").unwrap_err().to_string();
        assert!(!e.contains("secret"), "{e}");
    }
}
