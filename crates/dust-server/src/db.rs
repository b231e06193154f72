//! What the two SQLite stores share: the tactics games' [`crate::store::Store`] and the
//! strategy games' [`crate::strategy::store::StrategyStore`] each keep a table of games and a
//! table of decisions, in the same database file, through a [`Db`] of their own.
//!
//! The database runs in WAL mode with `synchronous = FULL`: a committed transaction survives
//! the process being killed and the machine losing power. A decision is appended to its table
//! and counted in its game's row in one transaction ([`Db::append`]).

use crate::error::ServerError;
use rusqlite::{params, Connection, OptionalExtension, Row};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

/// A database error, with what was being done.
pub(crate) fn db_err(context: &str, e: rusqlite::Error) -> ServerError {
    ServerError::Database {
        context: context.to_string(),
        message: e.to_string(),
    }
}

/// The tables of one kind of game.
pub(crate) struct Tables {
    /// The statements that create the tables (`IF NOT EXISTS`).
    pub schema: &'static str,
    /// The table of games: `id`, `created`, `status`, `plies`, `updated` and the result column.
    pub games: &'static str,
    /// The table of decisions: `game`, `ply`, `text`, `hash`, `at`.
    pub decisions: &'static str,
    /// The columns of a game's row, in the order the store's row reader takes them.
    pub columns: &'static str,
    /// The column of the result of a game that is over.
    pub result: &'static str,
    /// Put before `game`, `games` and `tables` in messages: `""` or `"strategy "`.
    pub label: &'static str,
}

/// A connection to the database with the tables of one kind of game.
pub(crate) struct Db {
    conn: Mutex<Connection>,
    tables: Tables,
    /// Decisions waiting for the next commit ([`Db::append`]).
    waiting: Mutex<Vec<Appending>>,
    /// Transactions [`Db::append`] committed (each carries one decision or more).
    commits: std::sync::atomic::AtomicU64,
}

/// A decision waiting to be committed, and where its outcome goes.
struct Appending {
    game: String,
    ply: u32,
    text: String,
    hash: u64,
    status: String,
    result: Option<String>,
    done: std::sync::mpsc::SyncSender<Result<(), ServerError>>,
}

impl Db {
    /// Opens (or creates) the database file, creating its folder, and the tables.
    ///
    /// # Errors
    /// The folder or the file cannot be created or opened, or is not a database of this program.
    pub fn open(path: &Path, tables: Tables) -> Result<Db, ServerError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| ServerError::Io {
                context: format!("cannot create the folder {}", dir.display()),
                message: e.to_string(),
            })?;
        }
        let conn = Connection::open(path).map_err(|e| db_err(&format!("cannot open the database {}", path.display()), e))?;
        Db::init(conn, tables)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory(tables: Tables) -> Result<Db, ServerError> {
        Db::init(
            Connection::open_in_memory().map_err(|e| db_err("cannot open a database in memory", e))?,
            tables,
        )
    }

    fn init(conn: Connection, tables: Tables) -> Result<Db, ServerError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| db_err("cannot set the busy timeout", e))?;
        // WAL: readers never block the writer; FULL: a commit is on disk before it returns.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| db_err("cannot switch the database to WAL mode", e))?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(|e| db_err("cannot set synchronous = FULL", e))?;
        conn.execute_batch(tables.schema).map_err(|e| {
            db_err(
                &format!("cannot create the {}tables (is this a Dust 1947 database?)", tables.label),
                e,
            )
        })?;
        Ok(Db {
            conn: Mutex::new(conn),
            tables,
            waiting: Mutex::new(Vec::new()),
            commits: 0.into(),
        })
    }

    /// Locks the connection.
    pub fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back an
        // unfinished transaction when the next one begins.
        self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores decision number `ply` of `game`, its text and the state hash after it (on `conn`,
    /// or in a transaction on it).
    pub fn insert_decision(
        &self,
        conn: &Connection,
        game: &str,
        (ply, text, hash): (i64, &str, u64),
        at: i64,
        context: &str,
    ) -> Result<(), ServerError> {
        conn.execute(
            &format!(
                "INSERT INTO {} (game, ply, text, hash, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                self.tables.decisions
            ),
            params![game, ply, text, format!("{hash:#018x}"), at],
        )
        .map_err(|e| db_err(context, e))?;
        Ok(())
    }

    /// Appends decision number `ply` of a game, with the state hash after it, and the game's
    /// new status and result, in one transaction. Refused when `ply` is not the next one (the
    /// primary key and the ply count make a lost race or a replayed message fail here too).
    ///
    /// Group commit (issue 16, "Fast enough to matter"): decisions of different games that
    /// arrive while a commit is on its way wait for it, and the first of them to get the
    /// connection next commits them all in one transaction — one `fsync` for many decisions.
    /// Each is checked on its own (a refused one changes nothing and leaves the others), and
    /// each call returns only once its decision is committed (or refused).
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    pub fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, result: Option<&str>) -> Result<(), ServerError> {
        let (done, outcome) = std::sync::mpsc::sync_channel(1);
        self.waiting().push(Appending {
            game: game.to_string(),
            ply,
            text: text.to_string(),
            hash,
            status: status.to_string(),
            result: result.map(str::to_string),
            done,
        });
        {
            let mut conn = self.conn();
            // Whoever holds the connection commits everything waiting, its own decision too
            // unless the commit before took it.
            let batch = std::mem::take(&mut *self.waiting());
            if !batch.is_empty() {
                self.commit_batch(&mut conn, batch);
            }
        }
        outcome.recv().unwrap_or_else(|_| {
            Err(ServerError::Database {
                context: "cannot commit the decision".into(),
                message: "the commit that carried it was lost".into(),
            })
        })
    }

    fn waiting(&self) -> MutexGuard<'_, Vec<Appending>> {
        self.waiting.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Commits decisions in one transaction, each in a savepoint of its own, and tells each
    /// caller its outcome.
    fn commit_batch(&self, conn: &mut Connection, batch: Vec<Appending>) {
        let t = &self.tables;
        let mut outcomes: Vec<Result<(), ServerError>> = Vec::with_capacity(batch.len());
        let committed = (|| -> Result<(), ServerError> {
            let mut tx = conn.transaction().map_err(|e| db_err("cannot begin a transaction", e))?;
            let at = crate::store::unix_now();
            let update = format!(
                "UPDATE {} SET plies = plies + 1, status = ?3, {} = ?4, updated = ?5 WHERE id = ?1 AND plies = ?2",
                t.games, t.result
            );
            let insert = format!(
                "INSERT INTO {} (game, ply, text, hash, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                t.decisions
            );
            for a in &batch {
                let one = (|| -> Result<(), ServerError> {
                    let sp = tx.savepoint().map_err(|e| db_err("cannot begin a savepoint", e))?;
                    let n = sp
                        .prepare_cached(&update)
                        .and_then(|mut st| st.execute(params![a.game, i64::from(a.ply), a.status, a.result, at]))
                        .map_err(|e| db_err(&format!("cannot update the {}game", t.label), e))?;
                    if n != 1 {
                        return Err(ServerError::Conflict(format!(
                            "decision {} of {}game {} is already stored or out of order",
                            a.ply, t.label, a.game
                        )));
                    }
                    sp.prepare_cached(&insert)
                        .and_then(|mut st| st.execute(params![a.game, i64::from(a.ply), a.text, format!("{:#018x}", a.hash), at]))
                        .map_err(|e| db_err("cannot store the decision", e))?;
                    sp.commit().map_err(|e| db_err("cannot release a savepoint", e))
                })();
                outcomes.push(one);
            }
            tx.commit().map_err(|e| db_err("cannot commit the decision", e))?;
            self.commits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        })();
        for (i, a) in batch.into_iter().enumerate() {
            let outcome = match (&committed, outcomes.get(i)) {
                (_, Some(Err(own))) => Err(own.clone()),
                (Ok(()), Some(Ok(()))) => Ok(()),
                (Err(e), _) => Err(e.clone()),
                (Ok(()), None) => Err(ServerError::Database {
                    context: "cannot commit the decision".into(),
                    message: "the transaction ended before it".into(),
                }),
            };
            let _ = a.done.send(outcome);
        }
    }

    /// Takes back the decisions `keep..` of a game (an undo): deletes their rows and sets the
    /// game's count to `keep` and its status to `status`, in one transaction. Refused when the
    /// game does not count exactly `have` decisions (the caller's copy is not the stored game)
    /// or `keep` is not below `have`.
    ///
    /// # Errors
    /// Nothing to take back, the game changed, or the database cannot write.
    pub fn truncate(&self, game: &str, have: u32, keep: u32, status: &str) -> Result<(), ServerError> {
        let t = &self.tables;
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| db_err("cannot begin a transaction", e))?;
        let n = tx
            .execute(
                &format!(
                    "UPDATE {} SET plies = ?2, status = ?3, {} = NULL, updated = ?4 WHERE id = ?1 AND plies = ?5 AND plies > ?2",
                    t.games, t.result
                ),
                params![game, i64::from(keep), status, crate::store::unix_now(), i64::from(have)],
            )
            .map_err(|e| db_err(&format!("cannot update the {}game", t.label), e))?;
        if n != 1 {
            return Err(ServerError::Conflict(format!(
                "{}game {game} does not count {have} decisions with one after decision {keep} to take back",
                t.label
            )));
        }
        tx.execute(
            &format!("DELETE FROM {} WHERE game = ?1 AND ply >= ?2", t.decisions),
            params![game, i64::from(keep)],
        )
        .map_err(|e| db_err("cannot take the decisions back", e))?;
        tx.commit().map_err(|e| db_err("cannot commit the undo", e))
    }

    /// A game's row, if it exists.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn game<T>(&self, id: &str, row: fn(&Row<'_>) -> rusqlite::Result<T>) -> Result<Option<T>, ServerError> {
        let t = &self.tables;
        self.conn()
            .query_row(&format!("SELECT {} FROM {} WHERE id = ?1", t.columns, t.games), params![id], row)
            .optional()
            .map_err(|e| db_err(&format!("cannot read the {}game", t.label), e))
    }

    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        self.rows(
            &format!("SELECT text, hash FROM {} WHERE game = ?1 ORDER BY ply", self.tables.decisions),
            params![id],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)),
            "cannot read the decisions",
        )
    }

    /// The decisions of a game in order, each with its stored ply number and the stored hash
    /// after it (the rows as they are, to check them on load).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn decision_rows(&self, id: &str) -> Result<Vec<(i64, String, String)>, ServerError> {
        self.rows(
            &format!("SELECT ply, text, hash FROM {} WHERE game = ?1 ORDER BY ply", self.tables.decisions),
            params![id],
            |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)),
            "cannot read the decisions",
        )
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn recent<T>(&self, limit: u32, row: fn(&Row<'_>) -> rusqlite::Result<T>) -> Result<Vec<T>, ServerError> {
        let t = &self.tables;
        self.rows(
            &format!("SELECT {} FROM {} ORDER BY updated DESC, created DESC LIMIT ?1", t.columns, t.games),
            params![i64::from(limit)],
            row,
            &format!("cannot list the {}games", t.label),
        )
    }

    /// The ids of the games still being played.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        let t = &self.tables;
        self.rows(
            &format!("SELECT id FROM {} WHERE status = 'playing'", t.games),
            [],
            |r| r.get::<_, String>(0),
            &format!("cannot list the {}games", t.label),
        )
    }

    /// The ids of the games still being played with an AI seat (they go on by themselves).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished_with_ai(&self, seats: &str) -> Result<Vec<String>, ServerError> {
        let t = &self.tables;
        self.rows(
            &format!("SELECT id FROM {} WHERE status = 'playing' AND ({seats})", t.games),
            [],
            |r| r.get::<_, String>(0),
            &format!("cannot list the {}games", t.label),
        )
    }

    /// Marks the games still being played but unchanged since `before` (Unix seconds) as
    /// `abandoned`; returns their ids.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn expire(&self, before: i64) -> Result<Vec<String>, ServerError> {
        let t = &self.tables;
        let ids = self.rows(
            &format!("SELECT id FROM {} WHERE status = 'playing' AND updated < ?1", t.games),
            params![before],
            |r| r.get::<_, String>(0),
            &format!("cannot list the {}games", t.label),
        )?;
        if !ids.is_empty() {
            self.conn()
                .execute(
                    &format!(
                        "UPDATE {} SET status = 'abandoned' WHERE status = 'playing' AND updated < ?1",
                        t.games
                    ),
                    params![before],
                )
                .map_err(|e| db_err(&format!("cannot mark {}games abandoned", t.label), e))?;
        }
        Ok(ids)
    }

    /// Whether the database takes a write now (not read-only, not locked by another process,
    /// its files writable): a row of the `health` table written and committed. A write begun
    /// and rolled back writes nothing to the files, so it passed on a database whose files had
    /// become read-only (issue 16, item 9).
    ///
    /// # Errors
    /// The reason it does not.
    pub fn writable(&self) -> Result<(), ServerError> {
        let conn = self.conn();
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
             BEGIN IMMEDIATE;
             INSERT OR REPLACE INTO health (id, at) VALUES (1, CAST(strftime('%s', 'now') AS INTEGER));
             COMMIT;",
        )
        .map_err(|e| {
            let _ = conn.execute_batch("ROLLBACK");
            db_err("the database takes no write", e)
        })
    }

    /// Every row a query returns, read by `row`.
    fn rows<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
        context: &str,
    ) -> Result<Vec<T>, ServerError> {
        let conn = self.conn();
        let mut st = conn.prepare_cached(sql).map_err(|e| db_err(context, e))?;
        let rows = st.query_map(params, row).map_err(|e| db_err(context, e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| db_err(context, e))
    }
}

/// The lock a server holds on its database file for as long as it runs: a second process on
/// the same file would serve a stale copy of every game (issue 16, item 6). The lock is an
/// SQLite exclusive lock on `DB-lock` beside the database (the operating system releases it
/// when the process dies, `kill -9` included); `DB-lock.pid` says who holds it.
pub(crate) struct DbLock {
    _conn: Connection,
    pid_file: std::path::PathBuf,
}

impl DbLock {
    /// Takes the lock of the database `db`, or says who holds it.
    ///
    /// # Errors
    /// Another process holds it (`ServerError::Locked`), or the lock file cannot be made.
    pub fn acquire(db: &Path) -> Result<DbLock, ServerError> {
        if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| ServerError::Io {
                context: format!("cannot create the folder {}", dir.display()),
                message: e.to_string(),
            })?;
        }
        let mut name = db.as_os_str().to_owned();
        name.push("-lock");
        let path = std::path::PathBuf::from(name);
        let mut pid_name = path.as_os_str().to_owned();
        pid_name.push(".pid");
        let pid_file = std::path::PathBuf::from(pid_name);
        let conn = Connection::open(&path).map_err(|e| db_err(&format!("cannot open the lock file {}", path.display()), e))?;
        // Refused at once when held (not after SQLite's default 5 s of retries).
        conn.busy_timeout(std::time::Duration::from_millis(100))
            .map_err(|e| db_err("cannot set the busy timeout", e))?;
        let taken = conn
            .execute_batch(
                "PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = DELETE;
                 BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder; COMMIT;",
            )
            .and_then(|()| {
                conn.execute("INSERT INTO holder (pid) VALUES (?1)", params![std::process::id()])
                    .map(|_| ())
            });
        match taken {
            Ok(()) => {
                let _ = std::fs::write(&pid_file, format!("{} {}\n", std::process::id(), crate::store::unix_now()));
                Ok(DbLock { _conn: conn, pid_file })
            }
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) =>
            {
                use std::io::Read as _;
                let mut holder = String::new();
                if let Ok(f) = std::fs::File::open(&pid_file) {
                    let _ = f.take(64).read_to_string(&mut holder);
                }
                let mut words = holder.split_whitespace();
                let pid = words.next().and_then(|p| p.parse::<u32>().ok());
                let since = words.next().and_then(|t| t.parse::<i64>().ok());
                Err(ServerError::Locked {
                    db: db.display().to_string(),
                    pid,
                    since,
                })
            }
            Err(e) => Err(db_err(&format!("cannot lock {}", path.display()), e)),
        }
    }
}

impl Drop for DbLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.pid_file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;
    use std::sync::Arc;

    const T: Tables = Tables {
        schema: "CREATE TABLE IF NOT EXISTS g (id TEXT PRIMARY KEY, status TEXT NOT NULL, result TEXT, plies INTEGER NOT NULL, updated INTEGER);
                 CREATE TABLE IF NOT EXISTS d (game TEXT NOT NULL, ply INTEGER NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game, ply));",
        games: "g",
        decisions: "d",
        columns: "id",
        result: "result",
        label: "",
    };

    /// Issue 16, "Fast enough to matter": decisions of eight games that arrive while a commit
    /// is on its way (the connection held here) are committed together, in one transaction,
    /// once it is free; one of them, out of order, is refused alone and changes nothing, and
    /// the seven others are stored.
    #[test]
    fn decisions_waiting_for_a_commit_go_in_one_transaction_and_a_refused_one_alone() {
        let dir = std::env::temp_dir().join(format!("dust1947-group-commit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let db = Arc::new(Db::open(&dir.join("t.sqlite"), T).unwrap());
        for i in 0..8 {
            db.conn()
                .execute(
                    "INSERT INTO g (id, status, plies) VALUES (?1, 'playing', 0)",
                    params![format!("g{i}")],
                )
                .unwrap();
        }
        let held = db.conn();
        let calls: Vec<_> = (0..8u32)
            .map(|i| {
                let db = db.clone();
                // Game 5's decision claims to be its fourth: out of order.
                let ply = if i == 5 { 3 } else { 0 };
                std::thread::spawn(move || db.append(&format!("g{i}"), ply, "move C4", 7, "playing", None))
            })
            .collect();
        while db.waiting().len() < 8 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        drop(held);
        let outcomes: Vec<_> = calls.into_iter().map(|c| c.join().unwrap()).collect();
        for (i, o) in outcomes.iter().enumerate() {
            if i == 5 {
                assert!(matches!(o, Err(ServerError::Conflict(_))), "{o:?}");
            } else {
                assert_eq!(o, &Ok(()), "game {i}");
            }
        }
        assert_eq!(db.commits.load(Ordering::Relaxed), 1, "one transaction for all");
        let conn = db.conn();
        let stored: i64 = conn.query_row("SELECT COUNT(*) FROM d", [], |r| r.get(0)).unwrap();
        let plies: i64 = conn.query_row("SELECT SUM(plies) FROM g", [], |r| r.get(0)).unwrap();
        let g5: i64 = conn.query_row("SELECT plies FROM g WHERE id = 'g5'", [], |r| r.get(0)).unwrap();
        assert_eq!((stored, plies, g5), (7, 7, 0));
        drop(conn);
        // Alone, a decision is committed at once (the next holder of the connection is itself).
        assert_eq!(db.append("g5", 0, "move C4", 7, "playing", None), Ok(()));
        assert_eq!(db.commits.load(Ordering::Relaxed), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
