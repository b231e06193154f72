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
    /// stored apart ([`Store::setup_decisions`]). `None`: the scenario's fixed layout.
    pub setup_seed: Option<u64>,
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

impl Store {
    /// Opens (or creates) the database file, creating its folder.
    ///
    /// # Errors
    /// The folder or the file cannot be created or opened, or is not a database of this program.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        Store::migrated(Db::open(path, TABLES)?)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<Store, ServerError> {
        Store::migrated(Db::in_memory(TABLES)?)
    }

    /// Adds what a database of an earlier version lacks: the players' set-up seed of a game
    /// (its table of set-up decisions is created with the others), the seats' invitations and
    /// which seats are public (issue 16: an earlier game's open seat is neither).
    fn migrated(db: Db) -> Result<Store, ServerError> {
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
        Ok(Store { db })
    }

    /// Stores a new game, its first set-up decisions and its first decisions (an uploaded
    /// record), in one transaction.
    ///
    /// # Errors
    /// The database refuses the rows (a duplicate id, a full disk).
    pub fn create(&self, g: &GameRow, setup: &[String], decisions: &[(String, u64)]) -> Result<(), ServerError> {
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

    /// Takes back decisions `plies..` of a game (their rows go, its count and status follow, in
    /// one transaction): the game is played on from decision `plies`.
    ///
    /// # Errors
    /// Nothing to take back, or the database cannot write.
    pub fn truncate(&self, game: &str, plies: u32) -> Result<(), ServerError> {
        self.db.truncate(game, plies, "playing")
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

    /// Appends set-up decision number `ply` of a game (the players' set-up, battlefront), in
    /// one transaction with the game's time of change. Refused when `ply` is not the next one.
    ///
    /// # Errors
    /// The ply is taken or out of order, or the database cannot write.
    pub fn append_setup(&self, game: &str, ply: u32, text: &str) -> Result<(), ServerError> {
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
    pub fn setup_decisions(&self, id: &str) -> Result<Vec<String>, ServerError> {
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

    /// Takes a human seat that nobody has taken, with a fresh `token` for it: the database
    /// decides, so of two claims at once one wins. Returns whether this one did.
    ///
    /// # Errors
    /// The database cannot write.
    pub fn claim_seat(&self, game: &str, side: Side, token: &str) -> Result<bool, ServerError> {
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

    /// The decision rows of a game in order: ply number, text, hash (as stored, to check them).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn decision_rows(&self, id: &str) -> Result<Vec<(i64, String, String)>, ServerError> {
        self.db.decision_rows(id)
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

    /// The ids of the games still being played with an AI seat.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
        self.db.unfinished_with_ai("seat_a LIKE 'ai%' OR seat_b LIKE 'ai%'")
    }

    /// Marks the games being played but unchanged since `before` (Unix seconds) `abandoned`.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn expire(&self, before: i64) -> Result<Vec<String>, ServerError> {
        self.db.expire(before)
    }

    /// Whether the database takes a write now.
    ///
    /// # Errors
    /// Why not (read-only, locked, gone).
    pub fn writable(&self) -> Result<(), ServerError> {
        self.db.writable()
    }
}

const COLUMNS: &str = "id, created, scenario, scenario_text, seed, seat_a, seat_b, token_a, token_b, claimed_a, claimed_b, spectator, status, result, plies, updated, setup_seed, invite_a, invite_b, public_a, public_b";

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let mut problems = Vec::new();
    let mut seat = |i: usize| -> rusqlite::Result<Seat> {
        let t: String = r.get(i)?;
        Ok(Seat::from_text(&t).unwrap_or_else(|| {
            problems.push(format!("the seat `{t}` is neither `human` nor `ai SPEC`"));
            Seat::Human
        }))
    };
    let seats = BySide { a: seat(5)?, b: seat(6)? };
    let seed: String = r.get(4)?;
    let seed = seed.trim().parse::<u64>().unwrap_or_else(|_| {
        problems.push(format!("the dice seed `{seed}` is not a number"));
        0
    });
    let plies = r.get::<_, i64>(14)?;
    let plies = u32::try_from(plies).unwrap_or_else(|_| {
        problems.push(format!("the decision count {plies} is not a count"));
        0
    });
    Ok(GameRow {
        id: r.get(0)?,
        created: r.get(1)?,
        scenario: r.get(2)?,
        scenario_text: r.get(3)?,
        seed,
        seats,
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
        plies,
        updated: r.get(15)?,
        setup_seed: r.get::<_, Option<String>>(16)?.and_then(|s| s.parse().ok()),
        invites: BySide {
            a: r.get(17)?,
            b: r.get(18)?,
        },
        public: BySide {
            a: r.get(19)?,
            b: r.get(20)?,
        },
        problem: (!problems.is_empty()).then(|| problems.join("; ")),
    })
}

/// The current time in Unix seconds.
pub fn unix_now() -> i64 {
    now()
}
