//! The SQLite store: one row per game (scenario, seed, seats and their secret tokens) and one
//! row per acknowledged decision, in order. A decision is acknowledged only after its row is
//! committed, so the state after a crash (kill -9 included) is the replay of the stored
//! decisions with the stored seed: exactly the last acknowledged state.
//!
//! The database runs in WAL mode with `synchronous = FULL`: a committed transaction survives
//! the process being killed and the machine losing power.

use crate::error::ServerError;
use dust_core::{BySide, Side};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// Who sits at a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person, who acts with the seat's token.
    Human,
    /// The computer, with a `dust-ai` player spec (`random`, `greedy`, `mcts:200ms`).
    Ai(String),
}

impl Seat {
    /// The text stored in the database and written in records' `players`.
    pub fn to_text(&self) -> String {
        match self {
            Seat::Human => "human".to_string(),
            Seat::Ai(spec) => format!("ai {spec}"),
        }
    }
    /// Reads [`Seat::to_text`].
    pub fn from_text(s: &str) -> Option<Seat> {
        let s = s.trim();
        if s == "human" {
            return Some(Seat::Human);
        }
        let spec = s.strip_prefix("ai")?.trim();
        Some(Seat::Ai(if spec.is_empty() { "mcts".to_string() } else { spec.to_string() }))
    }
    /// Whether the computer plays this seat.
    pub fn is_ai(&self) -> bool {
        matches!(self, Seat::Ai(_))
    }
}

/// A game as stored (without its decisions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id (also in its links).
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    /// The scenario's name (a shipped one, or `duel`), or the name of an embedded scenario.
    pub scenario: String,
    /// The text of an embedded scenario (uploaded records).
    pub scenario_text: Option<String>,
    /// The dice seed.
    pub seed: u64,
    /// Who plays each side.
    pub seats: BySide<Seat>,
    /// The secret token of each seat.
    pub tokens: BySide<String>,
    /// Whether someone took each human seat (the lobby lists the others).
    pub claimed: BySide<bool>,
    /// The spectators' token, when the game may be watched.
    pub spectator: Option<String>,
    /// `playing` or `over`.
    pub status: String,
    /// The winner when over (`A`, `B`, or `draw`).
    pub result: Option<String>,
    /// Decisions stored.
    pub plies: u32,
    /// Unix seconds of the last change.
    pub updated: i64,
}

/// The database of games.
pub struct Store {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id            TEXT PRIMARY KEY,
    created       INTEGER NOT NULL,
    scenario      TEXT NOT NULL,
    scenario_text TEXT,
    seed          TEXT NOT NULL,
    seat_a        TEXT NOT NULL,
    seat_b        TEXT NOT NULL,
    token_a       TEXT NOT NULL,
    token_b       TEXT NOT NULL,
    claimed_a     INTEGER NOT NULL,
    claimed_b     INTEGER NOT NULL,
    spectator     TEXT,
    status        TEXT NOT NULL,
    result        TEXT,
    plies         INTEGER NOT NULL DEFAULT 0,
    updated       INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS decisions (
    game  TEXT NOT NULL REFERENCES games(id),
    ply   INTEGER NOT NULL,
    text  TEXT NOT NULL,
    hash  TEXT NOT NULL,
    at    INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
";

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn db_err(context: &str, e: rusqlite::Error) -> ServerError {
    ServerError::Database {
        context: context.to_string(),
        message: e.to_string(),
    }
}

impl Store {
    /// Opens (or creates) the database file, creating its folder.
    ///
    /// # Errors
    /// The folder or the file cannot be created or opened, or is not a database of this program.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| ServerError::Io {
                context: format!("cannot create the folder {}", dir.display()),
                message: e.to_string(),
            })?;
        }
        let conn = Connection::open(path).map_err(|e| db_err(&format!("cannot open the database {}", path.display()), e))?;
        Store::init(conn)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<Store, ServerError> {
        Store::init(Connection::open_in_memory().map_err(|e| db_err("cannot open a database in memory", e))?)
    }

    fn init(conn: Connection) -> Result<Store, ServerError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| db_err("cannot set the busy timeout", e))?;
        // WAL: readers never block the writer; FULL: a commit is on disk before it returns.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| db_err("cannot switch the database to WAL mode", e))?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(|e| db_err("cannot set synchronous = FULL", e))?;
        conn.execute_batch(SCHEMA)
            .map_err(|e| db_err("cannot create the tables (is this a Dust 1947 database?)", e))?;
        Ok(Store { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back an
        // unfinished transaction when the next one begins.
        self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores a new game and its first decisions (an uploaded record), in one transaction.
    ///
    /// # Errors
    /// The database refuses the rows (a duplicate id, a full disk).
    pub fn create(&self, g: &GameRow, decisions: &[(String, u64)]) -> Result<(), ServerError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| db_err("cannot begin a transaction", e))?;
        tx.execute(
            "INSERT INTO games (id, created, scenario, scenario_text, seed, seat_a, seat_b, token_a, token_b,
                claimed_a, claimed_b, spectator, status, result, plies, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            params![
                g.id,
                g.created,
                g.scenario,
                g.scenario_text,
                g.seed.to_string(),
                g.seats.a.to_text(),
                g.seats.b.to_text(),
                g.tokens.a,
                g.tokens.b,
                g.claimed.a,
                g.claimed.b,
                g.spectator,
                g.status,
                g.result,
                decisions.len() as i64,
                g.updated,
            ],
        )
        .map_err(|e| db_err("cannot store the new game", e))?;
        let at = now();
        for (ply, (text, hash)) in decisions.iter().enumerate() {
            tx.execute(
                "INSERT INTO decisions (game, ply, text, hash, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![g.id, ply as i64, text, format!("{hash:#018x}"), at],
            )
            .map_err(|e| db_err("cannot store the game's decisions", e))?;
        }
        tx.commit().map_err(|e| db_err("cannot commit the new game", e))
    }

    /// Appends decision number `ply` of a game, with the state hash after it, and the game's
    /// new status, in one transaction. Refused when `ply` is not the next one (the primary
    /// key and the ply count make a lost race or a replayed message fail here too).
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    pub fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, result: Option<&str>) -> Result<(), ServerError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| db_err("cannot begin a transaction", e))?;
        let at = now();
        let n = tx
            .execute(
                "UPDATE games SET plies = plies + 1, status = ?3, result = ?4, updated = ?5 WHERE id = ?1 AND plies = ?2",
                params![game, i64::from(ply), status, result, at],
            )
            .map_err(|e| db_err("cannot update the game", e))?;
        if n != 1 {
            return Err(ServerError::Conflict(format!(
                "decision {ply} of game {game} is already stored or out of order"
            )));
        }
        tx.execute(
            "INSERT INTO decisions (game, ply, text, hash, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game, i64::from(ply), text, format!("{hash:#018x}"), at],
        )
        .map_err(|e| db_err("cannot store the decision", e))?;
        tx.commit().map_err(|e| db_err("cannot commit the decision", e))
    }

    /// Marks a human seat as taken.
    ///
    /// # Errors
    /// The database cannot write.
    pub fn claim(&self, game: &str, side: Side) -> Result<(), ServerError> {
        let col = match side {
            Side::A => "claimed_a",
            Side::B => "claimed_b",
        };
        self.conn()
            .execute(&format!("UPDATE games SET {col} = 1 WHERE id = ?1"), params![game])
            .map_err(|e| db_err("cannot mark the seat as taken", e))?;
        Ok(())
    }

    /// A game's row, if it exists.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        self.conn()
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), params![id], row_to_game)
            .optional()
            .map_err(|e| db_err("cannot read the game", e))
    }

    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        let conn = self.conn();
        let mut st = conn
            .prepare_cached("SELECT text, hash FROM decisions WHERE game = ?1 ORDER BY ply")
            .map_err(|e| db_err("cannot read the decisions", e))?;
        let rows = st
            .query_map(params![id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| db_err("cannot read the decisions", e))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| db_err("cannot read the decisions", e))
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ServerError> {
        let conn = self.conn();
        let mut st = conn
            .prepare_cached(&format!("SELECT {COLUMNS} FROM games ORDER BY updated DESC, created DESC LIMIT ?1"))
            .map_err(|e| db_err("cannot list the games", e))?;
        let rows = st
            .query_map(params![i64::from(limit)], row_to_game)
            .map_err(|e| db_err("cannot list the games", e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| db_err("cannot list the games", e))
    }

    /// The ids of the games still being played.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        let conn = self.conn();
        let mut st = conn
            .prepare_cached("SELECT id FROM games WHERE status = 'playing'")
            .map_err(|e| db_err("cannot list the games", e))?;
        let rows = st
            .query_map([], |r| r.get::<_, String>(0))
            .map_err(|e| db_err("cannot list the games", e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| db_err("cannot list the games", e))
    }
}

const COLUMNS: &str = "id, created, scenario, scenario_text, seed, seat_a, seat_b, token_a, token_b, claimed_a, claimed_b, spectator, status, result, plies, updated";

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let seat = |i: usize| -> rusqlite::Result<Seat> {
        let t: String = r.get(i)?;
        Ok(Seat::from_text(&t).unwrap_or(Seat::Human))
    };
    let seed: String = r.get(4)?;
    Ok(GameRow {
        id: r.get(0)?,
        created: r.get(1)?,
        scenario: r.get(2)?,
        scenario_text: r.get(3)?,
        seed: seed.parse().unwrap_or(0),
        seats: BySide { a: seat(5)?, b: seat(6)? },
        tokens: BySide {
            a: r.get(7)?,
            b: r.get(8)?,
        },
        claimed: BySide {
            a: r.get(9)?,
            b: r.get(10)?,
        },
        spectator: r.get(11)?,
        status: r.get(12)?,
        result: r.get(13)?,
        plies: r.get::<_, i64>(14)?.try_into().unwrap_or(0),
        updated: r.get(15)?,
    })
}

/// The current time in Unix seconds.
pub fn unix_now() -> i64 {
    now()
}
