//! The Battlefield games in SQLite: one row per game (its table, seats, their secret tokens,
//! the dice's seed) and one row per acknowledged decision, in the same database file as the
//! Tactics and strategy games (tables `field_games` and `field_decisions`) through the shared
//! [`Db`]: WAL, `synchronous = FULL`, a decision acknowledged only once its row is committed,
//! so a game resumes after a restart by replaying the seed and the stored decisions.

use crate::db::{db_err, Db, Tables};
use crate::error::ServerError;
use rusqlite::params;
use std::path::Path;

/// A Battlefield game as stored (without its decisions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRow {
    /// The game's id.
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    /// A shipped table's name (`data/battlefield/tables/NAME.toml`), or empty when the table
    /// file is stored whole in `table_text`.
    pub table: String,
    /// The table file's text for a table posted from the editor (empty for a shipped table).
    pub table_text: String,
    /// The turn limit.
    pub turns: u8,
    /// The seed of the dice (never shown before the end: [`crate::secrets`]).
    pub seed: u64,
    /// Who plays side A and side B: `human`, or `ai SPEC` (`ai greedy`, `ai random`,
    /// `ai mcts:300`).
    pub seats: [String; 2],
    /// The secret token of each side (empty for an AI side).
    pub tokens: [String; 2],
    /// The spectators' token.
    pub spectator: String,
    /// `playing` or `over`.
    pub status: String,
    /// The winner when over: `A`, `B`, `draw`, or empty.
    pub winner: String,
    /// Decisions stored.
    pub plies: u32,
    /// Unix seconds of the last change.
    pub updated: i64,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS field_games (
    id          TEXT PRIMARY KEY,
    created     INTEGER NOT NULL,
    table_name  TEXT NOT NULL,
    table_text  TEXT NOT NULL,
    turns       INTEGER NOT NULL,
    seed        TEXT NOT NULL,
    seats       TEXT NOT NULL,
    tokens      TEXT NOT NULL,
    spectator   TEXT NOT NULL,
    status      TEXT NOT NULL,
    winner      TEXT NOT NULL DEFAULT '',
    plies       INTEGER NOT NULL DEFAULT 0,
    updated     INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS field_decisions (
    game  TEXT NOT NULL REFERENCES field_games(id),
    ply   INTEGER NOT NULL,
    text  TEXT NOT NULL,
    hash  TEXT NOT NULL,
    at    INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS field_games_updated ON field_games(updated);
";

const COLUMNS: &str = "id, created, table_name, table_text, turns, seed, seats, tokens, spectator, status, winner, plies, updated";

const TABLES: Tables = Tables {
    schema: SCHEMA,
    games: "field_games",
    decisions: "field_decisions",
    columns: COLUMNS,
    result: "winner",
    label: "Battlefield ",
};

/// The stored Battlefield games (SQLite; the server's PostgreSQL mode does not store them yet:
/// docs/server.md, "Dust Battlefield games").
pub struct FieldStore {
    db: Db,
}

impl FieldStore {
    /// Opens (or creates) the tables in the database file.
    ///
    /// # Errors
    /// The file cannot be opened or is not a database of this program.
    pub fn open(path: &Path) -> Result<FieldStore, ServerError> {
        Ok(FieldStore {
            db: Db::open(path, TABLES)?,
        })
    }

    /// Tables in memory (tests, and a server on PostgreSQL, whose Battlefield games then last
    /// as long as the process).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<FieldStore, ServerError> {
        Ok(FieldStore {
            db: Db::in_memory(TABLES)?,
        })
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// The database refuses the row.
    pub fn create(&self, g: &FieldRow) -> Result<(), ServerError> {
        self.db
            .conn()
            .execute(
                &format!("INSERT INTO field_games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"),
                params![
                    g.id,
                    g.created,
                    g.table,
                    g.table_text,
                    i64::from(g.turns),
                    g.seed.to_string(),
                    g.seats.join(","),
                    g.tokens.join(","),
                    g.spectator,
                    g.status,
                    g.winner,
                    i64::from(g.plies),
                    g.updated,
                ],
            )
            .map_err(|e| db_err("cannot store the new Battlefield game", e))?;
        Ok(())
    }

    /// Appends decision number `ply` with the state hash after it and the game's new status, in
    /// one transaction; refused when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    pub fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winner: &str) -> Result<(), ServerError> {
        self.db.append(game, ply, text, hash, status, Some(winner))
    }

    /// A game's row.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn game(&self, id: &str) -> Result<Option<FieldRow>, ServerError> {
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
    pub fn recent(&self, limit: u32) -> Result<Vec<FieldRow>, ServerError> {
        self.db.recent(limit, row_to_game)
    }

    /// The ids of the games still being played with an AI side.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished_with_ai("seats LIKE '%ai %'")
    }
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<FieldRow> {
    let pair = |s: String| -> [String; 2] {
        let mut it = s.splitn(2, ',').map(str::to_string);
        [it.next().unwrap_or_default(), it.next().unwrap_or_default()]
    };
    Ok(FieldRow {
        id: r.get(0)?,
        created: r.get(1)?,
        table: r.get(2)?,
        table_text: r.get(3)?,
        turns: r.get::<_, i64>(4)?.try_into().unwrap_or(1),
        seed: r.get::<_, String>(5)?.parse().unwrap_or(0),
        seats: pair(r.get(6)?),
        tokens: pair(r.get(7)?),
        spectator: r.get(8)?,
        status: r.get(9)?,
        winner: r.get(10)?,
        plies: r.get::<_, i64>(11)?.try_into().unwrap_or(0),
        updated: r.get(12)?,
    })
}
