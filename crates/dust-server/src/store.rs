//! The SQLite store: one row per game (scenario, seed, seats and their secret tokens), one
//! row per acknowledged decision, in order, and for a battlefront game set up by the players,
//! one row per acknowledged set-up decision, in order. A decision is acknowledged only after its row is
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
    /// Whether someone took each human seat (a taken seat is never offered again).
    pub claimed: BySide<bool>,
    /// The invitation of each human seat the creator did not take: the secret code of its
    /// invite link (`/game/ID?invite=CODE`). Claiming it once gives that browser a fresh seat
    /// token; the code is kept (a second claim is told the seat is taken).
    pub invites: BySide<Option<String>>,
    /// The human seats the creator opened to the public: listed in the lobby, taken by
    /// whoever joins first (`POST /api/games/ID/join`).
    pub public: BySide<bool>,
    /// What is wrong with the stored row, if anything (a seed that is not a number, a seat
    /// that does not read): such a game is loaded read-only (issue 16, item 7).
    pub problem: Option<String>,
    /// The spectators' token, when the game may be watched.
    pub spectator: Option<String>,
    /// `playing`, `over`, or `abandoned` (unfinished and unchanged for longer than the
    /// server keeps such games: read-only).
    pub status: String,
    /// The winner when over (`A`, `B`, or `draw`).
    pub result: Option<String>,
    /// Decisions stored.
    pub plies: u32,
    /// Unix seconds of the last change.
    pub updated: i64,
    /// The seed of the players' set-up (battlefront), when the game begins with it
    /// (`dust_core::battlefront::setup::SetupPhase::new(template, seed)`); its decisions are
    /// stored apart ([`GameStore::setup_decisions`]). `None`: the scenario's fixed layout.
    pub setup_seed: Option<u64>,
}

/// A stored decision row: its ply number, its text and the state hash after it (as stored).
pub type DecisionRow = (i64, String, String);

/// The one interface to the stored tactics games, with two implementations: [`SqliteGames`]
/// (the embedded default: one process, one file) and [`crate::pg::PgGames`] (PostgreSQL: any
/// number of `serve` processes on one database, issue 16). Every write that could race is
/// decided by the database: [`GameStore::append`] stores decision `ply` only when the game
/// counts exactly `ply` decisions, in one transaction.
pub trait GameStore: Send + Sync {
    /// Stores a new game, its first set-up decisions and its first decisions (an uploaded
    /// record), in one transaction.
    ///
    /// # Errors
    /// The database refuses the rows (a duplicate id, a full disk).
    fn create(&self, g: &GameRow, setup: &[String], decisions: &[(String, u64)]) -> Result<(), ServerError>;
    /// Appends decision number `ply` of a game, with the state hash after it, and the game's
    /// new status, in one transaction. Refused (`Conflict`) when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, result: Option<&str>) -> Result<(), ServerError>;
    /// Appends set-up decision number `ply` of a game; refused when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append_setup(&self, game: &str, ply: u32, text: &str) -> Result<(), ServerError>;
    /// Takes back decisions `keep..` of a game that counts `have` decisions (their rows go,
    /// its count and status follow, in one transaction): the game is played on from decision
    /// `keep` (an undo, `undo.rs`). Refused (`Conflict`) when the game does not count exactly
    /// `have` decisions — another process stored or took back decisions since the caller's copy
    /// was made, as [`GameStore::append`]'s guard — or when `keep` is not below `have`. A
    /// store shared by several processes announces it: the others reload the game
    /// ([`crate::pg::Change::Undo`]).
    ///
    /// # Errors
    /// Nothing to take back, the game changed meanwhile, or the database cannot write.
    fn truncate(&self, game: &str, have: u32, keep: u32) -> Result<(), ServerError>;
    /// Tells the other processes following a game that a side asked to take a decision back
    /// (`Some((side, to))`: back to `to` decisions), or that no request is pending any more
    /// (`None`: declined, withdrawn). The request lives in memory (as on one process); a
    /// shared store carries it to the other processes. One process: nothing to do.
    ///
    /// # Errors
    /// The database cannot be reached.
    fn announce_undo_request(&self, _game: &str, _request: Option<(Side, u32)>) -> Result<(), ServerError> {
        Ok(())
    }
    /// The set-up decisions of a game in order.
    ///
    /// # Errors
    /// The database cannot be read.
    fn setup_decisions(&self, id: &str) -> Result<Vec<String>, ServerError>;
    /// Marks a human seat as taken.
    ///
    /// # Errors
    /// The database cannot write.
    fn claim(&self, game: &str, side: Side) -> Result<(), ServerError>;
    /// Takes a human seat nobody has taken, with a fresh `token`; returns whether this claim won.
    ///
    /// # Errors
    /// The database cannot write.
    fn claim_seat(&self, game: &str, side: Side, token: &str) -> Result<bool, ServerError>;
    /// A game's row, if it exists.
    ///
    /// # Errors
    /// The database cannot be read.
    fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError>;
    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError>;
    /// The decision rows of a game in order: ply number, text, hash (as stored).
    ///
    /// # Errors
    /// The database cannot be read.
    fn decision_rows(&self, id: &str) -> Result<Vec<DecisionRow>, ServerError>;
    /// The decision rows of a game from ply `from` on (what another process stored since).
    ///
    /// # Errors
    /// The database cannot be read.
    fn decision_rows_from(&self, id: &str, from: u32) -> Result<Vec<DecisionRow>, ServerError> {
        Ok(self.decision_rows(id)?.into_iter().filter(|r| r.0 >= i64::from(from)).collect())
    }
    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ServerError>;
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
    /// Marks the games being played but unchanged since `before` (Unix seconds) `abandoned`.
    ///
    /// # Errors
    /// The database cannot be written.
    fn expire(&self, before: i64) -> Result<Vec<String>, ServerError>;
    /// Whether the database takes a write now.
    ///
    /// # Errors
    /// Why not (read-only, locked, gone, unreachable).
    fn writable(&self) -> Result<(), ServerError>;
    /// Whether other processes write to this database too: then a game in memory may be
    /// behind the database, and AI seats are played under a lease ([`GameStore::take_ai_lease`]).
    fn shared(&self) -> bool {
        false
    }
    /// Takes or renews the lease on playing the AI seats of `game` for `ttl_ms` milliseconds
    /// (of the database's clock) for `holder` (one id per process): granted when nobody
    /// holds it, when `holder` does, or when the holder let it expire (it died). Returns
    /// whether `holder` holds it now. One process: always.
    ///
    /// # Errors
    /// The database cannot write.
    fn take_ai_lease(&self, _game: &str, _holder: &str, _ttl_ms: u64) -> Result<bool, ServerError> {
        Ok(true)
    }
    /// Gives the lease up: `waiting` when no AI has to move now (a person must, or the game
    /// ended: nobody need adopt the game), else handed over at once (this server stops).
    ///
    /// # Errors
    /// The database cannot write.
    fn release_ai_lease(&self, _game: &str, _holder: &str, _waiting: bool) -> Result<(), ServerError> {
        Ok(())
    }
    /// The games whose AI must move but whose lease expired (its holder died): another
    /// process adopts them.
    ///
    /// # Errors
    /// The database cannot be read.
    fn orphaned_ai(&self) -> Result<Vec<String>, ServerError> {
        Ok(Vec::new())
    }
}

/// The database of games the server uses: one of the [`GameStore`] implementations.
pub struct Store(Box<dyn GameStore>);

impl std::ops::Deref for Store {
    type Target = dyn GameStore;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl Store {
    /// A store over an implementation.
    pub fn new(inner: Box<dyn GameStore>) -> Store {
        Store(inner)
    }
    /// Opens (or creates) the SQLite database file, creating its folder.
    ///
    /// # Errors
    /// The folder or the file cannot be created or opened, or is not a database of this program.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        Ok(Store(Box::new(SqliteGames::open(path)?)))
    }
    /// An SQLite database in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<Store, ServerError> {
        Ok(Store(Box::new(SqliteGames::in_memory()?)))
    }
}

/// The games in the embedded SQLite database (the default): one process serves the file.
pub struct SqliteGames {
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
    updated       INTEGER NOT NULL,
    setup_seed    TEXT,
    invite_a      TEXT,
    invite_b      TEXT,
    public_a      INTEGER NOT NULL DEFAULT 0,
    public_b      INTEGER NOT NULL DEFAULT 0
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
CREATE TABLE IF NOT EXISTS setup_decisions (
    game  TEXT NOT NULL REFERENCES games(id),
    ply   INTEGER NOT NULL,
    text  TEXT NOT NULL,
    at    INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
);
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

impl SqliteGames {
    /// Opens (or creates) the database file, creating its folder.
    ///
    /// # Errors
    /// The folder or the file cannot be created or opened, or is not a database of this program.
    pub fn open(path: &Path) -> Result<SqliteGames, ServerError> {
        SqliteGames::migrated(Db::open(path, TABLES)?)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<SqliteGames, ServerError> {
        SqliteGames::migrated(Db::in_memory(TABLES)?)
    }

    /// Adds what a database of an earlier version lacks: the players' set-up seed of a game
    /// (its table of set-up decisions is created with the others), the seats' invitations and
    /// which seats are public (issue 16: an earlier game's open seat is neither).
    fn migrated(db: Db) -> Result<SqliteGames, ServerError> {
        {
            let conn = db.conn();
            for (column, ty) in [
                ("setup_seed", "TEXT"),
                ("invite_a", "TEXT"),
                ("invite_b", "TEXT"),
                ("public_a", "INTEGER NOT NULL DEFAULT 0"),
                ("public_b", "INTEGER NOT NULL DEFAULT 0"),
            ] {
                let has = conn
                    .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = ?1")
                    .and_then(|mut st| st.exists([column]))
                    .map_err(|e| db_err("cannot read the games table's columns", e))?;
                if !has {
                    conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} {ty}"))
                        .map_err(|e| db_err(&format!("cannot add `{column}` to the games table"), e))?;
                }
            }
        }
        Ok(SqliteGames { db })
    }
}

impl GameStore for SqliteGames {
    /// Stores a new game, its first set-up decisions and its first decisions (an uploaded
    /// record), in one transaction.
    ///
    /// # Errors
    /// The database refuses the rows (a duplicate id, a full disk).
    fn create(&self, g: &GameRow, setup: &[String], decisions: &[(String, u64)]) -> Result<(), ServerError> {
        let mut conn = self.db.conn();
        let tx = conn.transaction().map_err(|e| db_err("cannot begin a transaction", e))?;
        tx.execute(
            "INSERT INTO games (id, created, scenario, scenario_text, seed, seat_a, seat_b, token_a, token_b,
                claimed_a, claimed_b, spectator, status, result, plies, updated, setup_seed, invite_a, invite_b, public_a, public_b)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
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
                g.setup_seed.map(|s| s.to_string()),
                g.invites.a,
                g.invites.b,
                g.public.a,
                g.public.b,
            ],
        )
        .map_err(|e| db_err("cannot store the new game", e))?;
        let at = now();
        for (ply, text) in setup.iter().enumerate() {
            tx.execute(
                "INSERT INTO setup_decisions (game, ply, text, at) VALUES (?1, ?2, ?3, ?4)",
                params![g.id, ply as i64, text, at],
            )
            .map_err(|e| db_err("cannot store the game's set-up decisions", e))?;
        }
        for (ply, (text, hash)) in decisions.iter().enumerate() {
            self.db
                .insert_decision(&tx, &g.id, (ply as i64, text, *hash), at, "cannot store the game's decisions")?;
        }
        tx.commit().map_err(|e| db_err("cannot commit the new game", e))
    }

    /// Takes back decisions `keep..` of a game that counts `have` (their rows go, its count
    /// and status follow, in one transaction): the game is played on from decision `keep`.
    ///
    /// # Errors
    /// Nothing to take back, the game does not count `have`, or the database cannot write.
    fn truncate(&self, game: &str, have: u32, keep: u32) -> Result<(), ServerError> {
        self.db.truncate(game, have, keep, "playing")
    }

    /// Appends decision number `ply` of a game, with the state hash after it, and the game's
    /// new status, in one transaction. Refused when `ply` is not the next one (the primary
    /// key and the ply count make a lost race or a replayed message fail here too).
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, result: Option<&str>) -> Result<(), ServerError> {
        self.db.append(game, ply, text, hash, status, result)
    }

    /// Appends set-up decision number `ply` of a game (the players' set-up, battlefront), in
    /// one transaction with the game's time of change. Refused when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    fn append_setup(&self, game: &str, ply: u32, text: &str) -> Result<(), ServerError> {
        let mut conn = self.db.conn();
        let tx = conn.transaction().map_err(|e| db_err("cannot begin a transaction", e))?;
        let n: i64 = tx
            .query_row("SELECT COUNT(*) FROM setup_decisions WHERE game = ?1", params![game], |r| r.get(0))
            .map_err(|e| db_err("cannot count the set-up decisions", e))?;
        if n != i64::from(ply) {
            return Err(ServerError::Conflict(format!(
                "set-up decision {ply} of game {game} is already stored or out of order"
            )));
        }
        let at = now();
        tx.execute(
            "INSERT INTO setup_decisions (game, ply, text, at) VALUES (?1, ?2, ?3, ?4)",
            params![game, i64::from(ply), text, at],
        )
        .map_err(|e| db_err("cannot store the set-up decision", e))?;
        tx.execute("UPDATE games SET updated = ?2 WHERE id = ?1", params![game, at])
            .map_err(|e| db_err("cannot update the game", e))?;
        tx.commit().map_err(|e| db_err("cannot commit the set-up decision", e))
    }

    /// The set-up decisions of a game in order (none for a game on the scenario's layout).
    ///
    /// # Errors
    /// The database cannot be read.
    fn setup_decisions(&self, id: &str) -> Result<Vec<String>, ServerError> {
        let conn = self.db.conn();
        let mut st = conn
            .prepare_cached("SELECT text FROM setup_decisions WHERE game = ?1 ORDER BY ply")
            .map_err(|e| db_err("cannot read the set-up decisions", e))?;
        let rows = st
            .query_map(params![id], |r| r.get::<_, String>(0))
            .map_err(|e| db_err("cannot read the set-up decisions", e))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| db_err("cannot read the set-up decisions", e))
    }

    /// Marks a human seat as taken.
    ///
    /// # Errors
    /// The database cannot write.
    fn claim(&self, game: &str, side: Side) -> Result<(), ServerError> {
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

    /// Takes a human seat that nobody has taken, with a fresh `token` for it: the database
    /// decides, so of two claims at once one wins. Returns whether this one did.
    ///
    /// # Errors
    /// The database cannot write.
    fn claim_seat(&self, game: &str, side: Side, token: &str) -> Result<bool, ServerError> {
        let (t, c) = match side {
            Side::A => ("token_a", "claimed_a"),
            Side::B => ("token_b", "claimed_b"),
        };
        let n = self
            .db
            .conn()
            .execute(
                &format!("UPDATE games SET {t} = ?2, {c} = 1 WHERE id = ?1 AND {c} = 0"),
                params![game, token],
            )
            .map_err(|e| db_err("cannot take the seat", e))?;
        Ok(n == 1)
    }

    /// A game's row, if it exists.
    ///
    /// # Errors
    /// The database cannot be read.
    fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        self.db.game(id, row_to_game)
    }

    /// The decisions of a game in order, with the stored hash after each.
    ///
    /// # Errors
    /// The database cannot be read.
    fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
        self.db.decisions(id)
    }

    /// The decision rows of a game in order: ply number, text, hash (as stored, to check them).
    ///
    /// # Errors
    /// The database cannot be read.
    fn decision_rows(&self, id: &str) -> Result<Vec<DecisionRow>, ServerError> {
        self.db.decision_rows(id)
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// The database cannot be read.
    fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ServerError> {
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
        self.db.unfinished_with_ai("seat_a LIKE 'ai%' OR seat_b LIKE 'ai%'")
    }

    /// Marks the games being played but unchanged since `before` (Unix seconds) `abandoned`.
    ///
    /// # Errors
    /// The database cannot be written.
    fn expire(&self, before: i64) -> Result<Vec<String>, ServerError> {
        self.db.expire(before)
    }

    /// Whether the database takes a write now.
    ///
    /// # Errors
    /// Why not (read-only, locked, gone).
    fn writable(&self) -> Result<(), ServerError> {
        self.db.writable()
    }
}

pub(crate) const COLUMNS: &str = "id, created, scenario, scenario_text, seed, seat_a, seat_b, token_a, token_b, claimed_a, claimed_b, spectator, status, result, plies, updated, setup_seed, invite_a, invite_b, public_a, public_b";

/// A game's row as the database holds it, before it is read (both stores build one).
pub(crate) struct RawGame {
    pub id: String,
    pub created: i64,
    pub scenario: String,
    pub scenario_text: Option<String>,
    pub seed: String,
    pub seats: [String; 2],
    pub tokens: [String; 2],
    pub claimed: [bool; 2],
    pub spectator: Option<String>,
    pub status: String,
    pub result: Option<String>,
    pub plies: i64,
    pub updated: i64,
    pub setup_seed: Option<String>,
    pub invites: [Option<String>; 2],
    pub public: [bool; 2],
}

impl RawGame {
    /// The row read, with what does not read listed in [`GameRow::problem`] (issue 16, item 7).
    pub(crate) fn read(self) -> GameRow {
        let mut problems = Vec::new();
        let [seat_a, seat_b] = self.seats;
        let mut seat = |t: String| {
            Seat::from_text(&t).unwrap_or_else(|| {
                problems.push(format!("the seat `{t}` is neither `human` nor `ai SPEC`"));
                Seat::Human
            })
        };
        let seats = BySide {
            a: seat(seat_a),
            b: seat(seat_b),
        };
        let seed = self.seed.trim().parse::<u64>().unwrap_or_else(|_| {
            problems.push(format!("the dice seed `{}` is not a number", self.seed));
            0
        });
        let plies = u32::try_from(self.plies).unwrap_or_else(|_| {
            problems.push(format!("the decision count {} is not a count", self.plies));
            0
        });
        let [token_a, token_b] = self.tokens;
        let [invite_a, invite_b] = self.invites;
        GameRow {
            id: self.id,
            created: self.created,
            scenario: self.scenario,
            scenario_text: self.scenario_text,
            seed,
            seats,
            tokens: BySide { a: token_a, b: token_b },
            claimed: BySide {
                a: self.claimed[0],
                b: self.claimed[1],
            },
            spectator: self.spectator,
            status: self.status,
            result: self.result,
            plies,
            updated: self.updated,
            setup_seed: self.setup_seed.and_then(|s| s.parse().ok()),
            invites: BySide { a: invite_a, b: invite_b },
            public: BySide {
                a: self.public[0],
                b: self.public[1],
            },
            problem: (!problems.is_empty()).then(|| problems.join("; ")),
        }
    }
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(RawGame {
        id: r.get(0)?,
        created: r.get(1)?,
        scenario: r.get(2)?,
        scenario_text: r.get(3)?,
        seed: r.get(4)?,
        seats: [r.get(5)?, r.get(6)?],
        tokens: [r.get(7)?, r.get(8)?],
        claimed: [r.get(9)?, r.get(10)?],
        spectator: r.get(11)?,
        status: r.get(12)?,
        result: r.get(13)?,
        plies: r.get(14)?,
        updated: r.get(15)?,
        setup_seed: r.get(16)?,
        invites: [r.get(17)?, r.get(18)?],
        public: [r.get(19)?, r.get(20)?],
    }
    .read())
}

/// The current time in Unix seconds.
pub fn unix_now() -> i64 {
    now()
}
