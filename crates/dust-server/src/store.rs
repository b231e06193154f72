//! The SQLite store: one row per game (scenario, seed, seats and their secret tokens) and one
//! row per acknowledged decision, in order. A decision is acknowledged only after its row is
//! committed, so the state after a crash (kill -9 included) is the replay of the stored
//! decisions with the stored seed: exactly the last acknowledged state.
//!
//! The database runs in WAL mode with `synchronous = FULL`: a committed transaction survives
//! the process being killed and the machine losing power.

use crate::db::{db_err, Db, Tables};
use crate::error::ServerError;
use dust_core::{BySide, Side};
use rusqlite::params;
use std::path::Path;

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
    db: Db,
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

const TABLES: Tables = Tables {
    schema: SCHEMA,
    games: "games",
    decisions: "decisions",
    columns: COLUMNS,
    result: "result",
    label: "",
};

impl Store {
    /// Opens (or creates) the database file, creating its folder.
    ///
    /// # Errors
    /// The folder or the file cannot be created or opened, or is not a database of this program.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        Ok(Store {
            db: Db::open(path, TABLES)?,
        })
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<Store, ServerError> {
        Ok(Store {
            db: Db::in_memory(TABLES)?,
        })
    }

    /// Stores a new game and its first decisions (an uploaded record), in one transaction.
    ///
    /// # Errors
    /// The database refuses the rows (a duplicate id, a full disk).
    pub fn create(&self, g: &GameRow, decisions: &[(String, u64)]) -> Result<(), ServerError> {
        let mut conn = self.db.conn();
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
            self.db
                .insert_decision(&tx, &g.id, (ply as i64, text, *hash), at, "cannot store the game's decisions")?;
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
        self.db.append(game, ply, text, hash, status, &result)
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
        self.db
            .conn()
            .execute(&format!("UPDATE games SET {col} = 1 WHERE id = ?1"), params![game])
            .map_err(|e| db_err("cannot mark the seat as taken", e))?;
        Ok(())
    }

    /// A game's row, if it exists.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        self.db.game(id, row_to_game)
    }

    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        self.db.decisions(id)
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ServerError> {
        self.db.recent(limit, row_to_game)
    }

    /// The ids of the games still being played.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished()
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
