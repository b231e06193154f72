//! The strategy games in SQLite: one row per game (seats, their secret tokens, the chance
//! seed) and one row per acknowledged decision, in the same database file as the Dust Tactics
//! games (tables `strategy_games` and `strategy_decisions`) but through a connection of its
//! own. As for the tactics games, a decision is acknowledged only after its row is committed
//! (WAL, `synchronous = FULL`), so a game resumes after a crash at its last acknowledged
//! decision by replaying the seed and the stored decisions.

use crate::db::{db_err, Db, Tables};
use crate::error::ServerError;
use rusqlite::params;
use std::path::Path;

/// A strategy game as stored (without its decisions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyRow {
    /// The game's id.
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    /// 2 to 6.
    pub players: u8,
    /// The round limit.
    pub round_limit: u16,
    /// The seed of the chance generator (dice, card draws); the AI seats are seeded from it.
    pub seed: u64,
    /// Who plays each seat: `human`, or `ai KIND` (`ai heuristic`, `ai mcts:200`).
    pub seats: Vec<String>,
    /// The secret token of each seat (empty for AI seats).
    pub tokens: Vec<String>,
    /// The spectators' token.
    pub spectator: String,
    /// `playing` or `over`.
    pub status: String,
    /// The winners when over (`P1 P3`, or empty).
    pub winners: String,
    /// Decisions stored.
    pub plies: u32,
    /// Unix seconds of the last change.
    pub updated: i64,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS strategy_games (
    id          TEXT PRIMARY KEY,
    created     INTEGER NOT NULL,
    players     INTEGER NOT NULL,
    round_limit INTEGER NOT NULL,
    seed        TEXT NOT NULL,
    seats       TEXT NOT NULL,
    tokens      TEXT NOT NULL,
    spectator   TEXT NOT NULL,
    status      TEXT NOT NULL,
    winners     TEXT NOT NULL DEFAULT '',
    plies       INTEGER NOT NULL DEFAULT 0,
    updated     INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS strategy_decisions (
    game  TEXT NOT NULL REFERENCES strategy_games(id),
    ply   INTEGER NOT NULL,
    text  TEXT NOT NULL,
    hash  TEXT NOT NULL,
    at    INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS strategy_games_updated ON strategy_games(updated);
";

pub(crate) const COLUMNS: &str = "id, created, players, round_limit, seed, seats, tokens, spectator, status, winners, plies, updated";

const TABLES: Tables = Tables {
    schema: SCHEMA,
    games: "strategy_games",
    decisions: "strategy_decisions",
    columns: COLUMNS,
    result: "winners",
    label: "strategy ",
};

/// The one interface to the stored strategy games, with two implementations:
/// [`SqliteStrategy`] (the embedded default) and [`crate::pg::PgStrategy`] (PostgreSQL, any
/// number of processes). [`StrategyGames::append`] stores decision `ply` only when the game
/// counts exactly `ply` decisions: the database decides a race.
pub trait StrategyGames: Send + Sync {
    /// Stores a new game.
    ///
    /// # Errors
    /// The database refuses the row.
    fn create(&self, g: &StrategyRow) -> Result<(), ServerError>;
    /// Appends decision number `ply`, with the state hash after it and the game's new status,
    /// in one transaction; refused (`Conflict`) when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winners: &str) -> Result<(), ServerError>;
    /// A game's row.
    ///
    /// # Errors
    /// The database cannot be read.
    fn game(&self, id: &str) -> Result<Option<StrategyRow>, ServerError>;
    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError>;
    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    fn recent(&self, limit: u32) -> Result<Vec<StrategyRow>, ServerError>;
    /// The ids of the games still being played.
    ///
    /// # Errors
    /// The database cannot be read.
    fn unfinished(&self) -> Result<Vec<String>, ServerError>;
    /// The ids of the games still being played with an AI seat.
    ///
    /// # Errors
    /// The database cannot be read.
    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError>;
    /// Whether other processes write to this database too ([`crate::store::GameStore::shared`]).
    fn shared(&self) -> bool {
        false
    }
    /// Takes or renews the lease on a game's AI seats ([`crate::store::GameStore::take_ai_lease`]).
    ///
    /// # Errors
    /// The database cannot write.
    fn take_ai_lease(&self, _game: &str, _holder: &str, _ttl_ms: u64) -> Result<bool, ServerError> {
        Ok(true)
    }
    /// Gives the lease up, `waiting` when no AI has to move now
    /// ([`crate::store::GameStore::release_ai_lease`]).
    ///
    /// # Errors
    /// The database cannot write.
    fn release_ai_lease(&self, _game: &str, _holder: &str, _waiting: bool) -> Result<(), ServerError> {
        Ok(())
    }
    /// The games whose AI lease expired ([`crate::store::GameStore::orphaned_ai`]).
    ///
    /// # Errors
    /// The database cannot be read.
    fn orphaned_ai(&self) -> Result<Vec<String>, ServerError> {
        Ok(Vec::new())
    }
}

/// The strategy tables the server uses: one of the [`StrategyGames`] implementations.
pub struct StrategyStore(Box<dyn StrategyGames>);

impl std::ops::Deref for StrategyStore {
    type Target = dyn StrategyGames;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl StrategyStore {
    /// A store over an implementation.
    pub fn new(inner: Box<dyn StrategyGames>) -> StrategyStore {
        StrategyStore(inner)
    }
    /// Opens (or creates) the tables in the SQLite database file.
    ///
    /// # Errors
    /// The file cannot be opened or is not a database of this program.
    pub fn open(path: &Path) -> Result<StrategyStore, ServerError> {
        Ok(StrategyStore(Box::new(SqliteStrategy::open(path)?)))
    }
    /// Tables in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<StrategyStore, ServerError> {
        Ok(StrategyStore(Box::new(SqliteStrategy::in_memory()?)))
    }
}

/// The strategy tables in the embedded SQLite database.
pub struct SqliteStrategy {
    db: Db,
}

impl SqliteStrategy {
    /// Opens (or creates) the tables in the database file.
    ///
    /// # Errors
    /// The file cannot be opened or is not a database of this program.
    pub fn open(path: &Path) -> Result<SqliteStrategy, ServerError> {
        Ok(SqliteStrategy {
            db: Db::open(path, TABLES)?,
        })
    }

    /// Tables in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<SqliteStrategy, ServerError> {
        Ok(SqliteStrategy {
            db: Db::in_memory(TABLES)?,
        })
    }
}

impl StrategyGames for SqliteStrategy {
    /// Stores a new game.
    ///
    /// # Errors
    /// The database refuses the row.
    fn create(&self, g: &StrategyRow) -> Result<(), ServerError> {
        self.db
            .conn()
            .execute(
                &format!("INSERT INTO strategy_games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"),
                params![
                    g.id,
                    g.created,
                    i64::from(g.players),
                    i64::from(g.round_limit),
                    g.seed.to_string(),
                    g.seats.join(","),
                    g.tokens.join(","),
                    g.spectator,
                    g.status,
                    g.winners,
                    i64::from(g.plies),
                    g.updated,
                ],
            )
            .map_err(|e| db_err("cannot store the new strategy game", e))?;
        Ok(())
    }

    /// Appends decision number `ply`, with the state hash after it and the game's new status,
    /// in one transaction; refused when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winners: &str) -> Result<(), ServerError> {
        self.db.append(game, ply, text, hash, status, Some(winners))
    }

    /// A game's row.
    ///
    /// # Errors
    /// The database cannot be read.
    fn game(&self, id: &str) -> Result<Option<StrategyRow>, ServerError> {
        self.db.game(id, row_to_game)
    }

    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        self.db.decisions(id)
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    fn recent(&self, limit: u32) -> Result<Vec<StrategyRow>, ServerError> {
        self.db.recent(limit, row_to_game)
    }

    /// The ids of the games still being played.
    ///
    /// # Errors
    /// The database cannot be read.
    fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished()
    }

    /// The ids of the games still being played with an AI seat.
    ///
    /// # Errors
    /// The database cannot be read.
    fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished_with_ai("seats LIKE '%ai %'")
    }
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<StrategyRow> {
    Ok(StrategyRow::read(
        (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?),
        (r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?),
        (r.get(8)?, r.get(9)?, r.get(10)?, r.get(11)?),
    ))
}

impl StrategyRow {
    /// A row from the columns of [`COLUMNS`] as stored (both stores read it so).
    #[allow(clippy::type_complexity)]
    pub(crate) fn read(
        (id, created, players, round_limit): (String, i64, i64, i64),
        (seed, seats, tokens, spectator): (String, String, String, String),
        (status, winners, plies, updated): (String, String, i64, i64),
    ) -> StrategyRow {
        let list = |s: String| -> Vec<String> { s.split(',').map(str::to_string).collect() };
        StrategyRow {
            id,
            created,
            players: players.try_into().unwrap_or(0),
            round_limit: round_limit.try_into().unwrap_or(1),
            seed: seed.parse().unwrap_or(0),
            seats: list(seats),
            tokens: list(tokens),
            spectator,
            status,
            winners,
            plies: plies.try_into().unwrap_or(0),
            updated,
        }
    }
}
