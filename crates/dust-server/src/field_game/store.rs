//! The stored Battlefield games: one row per game (its table, seats, their secret tokens, the
//! dice's seed) and one row per acknowledged decision (tables `field_games` and
//! `field_decisions`), in the same database as the Tactics and strategy games — the SQLite file
//! through the shared `Db` (WAL, `synchronous = FULL`), or PostgreSQL
//! ([`crate::pg::PgField`]). A decision is acknowledged only once its row is committed, so a
//! game resumes after a restart by replaying the seed and the stored decisions.

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

pub(crate) const COLUMNS: &str =
    "id, created, table_name, table_text, turns, seed, seats, tokens, spectator, status, winner, plies, updated";

const TABLES: Tables = Tables {
    schema: SCHEMA,
    games: "field_games",
    decisions: "field_decisions",
    columns: COLUMNS,
    result: "winner",
    label: "Battlefield ",
};

/// The one interface to the stored Battlefield games, with two implementations: SQLite
/// ([`SqliteField`], the default) and PostgreSQL ([`crate::pg::PgField`]).
/// [`FieldGames::append`] stores decision `ply` only when the game counts exactly `ply`
/// decisions: the database decides a race.
pub trait FieldGames: Send + Sync {
    /// Stores a new game.
    ///
    /// # Errors
    /// The database refuses the row.
    fn create(&self, g: &FieldRow) -> Result<(), ServerError>;
    /// Appends decision number `ply` with the state hash after it and the game's new status,
    /// in one transaction; refused (`Conflict`) when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winner: &str) -> Result<(), ServerError>;
    /// A game's row.
    ///
    /// # Errors
    /// The database cannot be read.
    fn game(&self, id: &str) -> Result<Option<FieldRow>, ServerError>;
    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError>;
    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    fn recent(&self, limit: u32) -> Result<Vec<FieldRow>, ServerError>;
    /// The ids of the games still being played with an AI side.
    ///
    /// # Errors
    /// The database cannot be read.
    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError>;
    /// Whether other processes write to this database too (PostgreSQL): a game in memory is
    /// then checked against the stored count of decisions when asked for.
    fn shared(&self) -> bool {
        false
    }
}

/// The Battlefield tables the server uses: one of the [`FieldGames`] implementations.
pub struct FieldStore(Box<dyn FieldGames>);

impl std::ops::Deref for FieldStore {
    type Target = dyn FieldGames;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl FieldStore {
    /// A store over an implementation.
    pub fn new(inner: Box<dyn FieldGames>) -> FieldStore {
        FieldStore(inner)
    }
    /// Opens (or creates) the tables in the SQLite database file.
    ///
    /// # Errors
    /// The file cannot be opened or is not a database of this program.
    pub fn open(path: &Path) -> Result<FieldStore, ServerError> {
        Ok(FieldStore(Box::new(SqliteField {
            db: Db::open(path, TABLES)?,
        })))
    }
    /// Tables in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<FieldStore, ServerError> {
        Ok(FieldStore(Box::new(SqliteField {
            db: Db::in_memory(TABLES)?,
        })))
    }
}

/// The Battlefield tables in the embedded SQLite database.
pub struct SqliteField {
    db: Db,
}

impl FieldGames for SqliteField {
    fn create(&self, g: &FieldRow) -> Result<(), ServerError> {
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

    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winner: &str) -> Result<(), ServerError> {
        self.db.append(game, ply, text, hash, status, Some(winner))
    }

    fn game(&self, id: &str) -> Result<Option<FieldRow>, ServerError> {
        self.db.game(id, row_to_game)
    }

    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        self.db.decisions(id)
    }

    fn recent(&self, limit: u32) -> Result<Vec<FieldRow>, ServerError> {
        self.db.recent(limit, row_to_game)
    }

    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished_with_ai("seats LIKE '%ai %'")
    }
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<FieldRow> {
    Ok(FieldRow::read(
        (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?),
        (r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?),
        (r.get(9)?, r.get(10)?, r.get(11)?, r.get(12)?),
    ))
}

impl FieldRow {
    /// A row from the columns of [`COLUMNS`] as stored (both stores read it so).
    #[allow(clippy::type_complexity)]
    pub(crate) fn read(
        (id, created, table, table_text, turns): (String, i64, String, String, i64),
        (seed, seats, tokens, spectator): (String, String, String, String),
        (status, winner, plies, updated): (String, String, i64, i64),
    ) -> FieldRow {
        let pair = |s: String| -> [String; 2] {
            let mut it = s.splitn(2, ',').map(str::to_string);
            [it.next().unwrap_or_default(), it.next().unwrap_or_default()]
        };
        FieldRow {
            id,
            created,
            table,
            table_text,
            turns: turns.try_into().unwrap_or(1),
            seed: seed.parse().unwrap_or(0),
            seats: pair(seats),
            tokens: pair(tokens),
            spectator,
            status,
            winner,
            plies: plies.try_into().unwrap_or(0),
            updated,
        }
    }
}
