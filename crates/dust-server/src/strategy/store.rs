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

const COLUMNS: &str = "id, created, players, round_limit, seed, seats, tokens, spectator, status, winners, plies, updated";

const TABLES: Tables = Tables {
    schema: SCHEMA,
    games: "strategy_games",
    decisions: "strategy_decisions",
    columns: COLUMNS,
    result: "winners",
    label: "strategy ",
};

/// The strategy tables.
pub struct StrategyStore {
    db: Db,
}

impl StrategyStore {
    /// Opens (or creates) the tables in the database file.
    ///
    /// # Errors
    /// The file cannot be opened or is not a database of this program.
    pub fn open(path: &Path) -> Result<StrategyStore, ServerError> {
        Ok(StrategyStore {
            db: Db::open(path, TABLES)?,
        })
    }

    /// Tables in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<StrategyStore, ServerError> {
        Ok(StrategyStore {
            db: Db::in_memory(TABLES)?,
        })
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// The database refuses the row.
    pub fn create(&self, g: &StrategyRow) -> Result<(), ServerError> {
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
    pub fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, winners: &str) -> Result<(), ServerError> {
        self.db.append(game, ply, text, hash, status, Some(winners))
    }

    /// A game's row.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn game(&self, id: &str) -> Result<Option<StrategyRow>, ServerError> {
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
    pub fn recent(&self, limit: u32) -> Result<Vec<StrategyRow>, ServerError> {
        self.db.recent(limit, row_to_game)
    }

    /// The ids of the games still being played.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished()
    }

    /// The ids of the games still being played with an AI seat.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished_with_ai("seats LIKE '%ai %'")
    }
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<StrategyRow> {
    let list = |s: String| -> Vec<String> { s.split(',').map(str::to_string).collect() };
    let seed: String = r.get(4)?;
    Ok(StrategyRow {
        id: r.get(0)?,
        created: r.get(1)?,
        players: r.get::<_, i64>(2)?.try_into().unwrap_or(0),
        round_limit: r.get::<_, i64>(3)?.try_into().unwrap_or(1),
        seed: seed.parse().unwrap_or(0),
        seats: list(r.get(5)?),
        tokens: list(r.get(6)?),
        spectator: r.get(7)?,
        status: r.get(8)?,
        winners: r.get(9)?,
        plies: r.get::<_, i64>(10)?.try_into().unwrap_or(0),
        updated: r.get(11)?,
    })
}
