//! The Battlefield games being served: each is its stored row and its [`FieldGame`] rebuilt
//! from the table, the seed and the stored decisions (the record's own replay,
//! [`dust_data::field_record`]).
//!
//! Every change goes through `FieldHub::commit_locked`, as for the strategy games
//! ([`crate::strategy::hub`]): the engine applies the decision to a copy (its `check` is the one
//! judge of legality), the decision is stored in one transaction, and only then does the copy
//! replace the state. A refused or unstored decision changes nothing. AI sides decide on the
//! blocking thread pool, one decision at a time, through the same path, without holding the
//! game's lock while they think.

use super::store::{FieldRow, FieldStore};
use crate::error::{ApiError, ServerError};
use crate::hub::{lock, random_hex, same_token, AiLimits};
use axum::http::StatusCode;
use dust_ai::field::{field_player, FieldPlayer};
use dust_ai::{Budget, PlayerSpec};
use dust_core::field::{Decision, FieldGame, Pending};
use dust_core::Side;
use dust_data::field_record::{FieldRecord, TableRef};
use dust_data::table_file::TableFile;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The largest playout budget of an `mcts:N` side (each playout plays a light game on a copy
/// of the table: about 2 ms in a release build on the shipped tables).
pub const MAX_FIELD_PLAYOUTS: u32 = 2000;

/// Who is looking at a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FieldViewer {
    /// The holder of a side's token: decides for it.
    Side(Side),
    /// Watches.
    Spectator,
}

impl FieldViewer {
    /// The side, if any.
    pub fn side(self) -> Option<Side> {
        match self {
            FieldViewer::Side(s) => Some(s),
            FieldViewer::Spectator => None,
        }
    }
}

/// A game's state in memory.
pub struct FieldLive {
    /// The engine.
    pub game: FieldGame,
    /// The table file the game began on (its description and source; the table drawn is the
    /// game's own, as it stands).
    pub file: Arc<TableFile>,
    /// The decisions taken.
    pub decisions: Vec<Decision>,
    /// The AI players of the AI sides (taken out while one thinks).
    ai: [Option<Box<dyn FieldPlayer + Send>>; 2],
    /// An AI is deciding.
    pub thinking: bool,
}

/// One served Battlefield game.
pub type FieldCell = crate::hub::ServedGame<FieldRow, FieldLive>;

impl FieldCell {
    /// The game as a record (`dust1947 replay` reads it).
    pub fn record(&self) -> FieldRecord {
        let row = self.row();
        let live = self.live();
        let mut r = FieldRecord::new(table_ref(&row), row.seed, row.turns);
        r.decisions = live.decisions.clone();
        r.final_hash = Some(live.game.state_hash());
        r
    }
}

/// Which table a row names.
fn table_ref(row: &FieldRow) -> TableRef {
    if row.table.is_empty() {
        TableRef::Embedded(row.table_text.clone())
    } else {
        TableRef::Shipped(row.table.clone())
    }
}

/// What a new game is made of.
#[derive(Clone, Debug)]
pub struct NewFieldGame {
    /// A shipped table's name, or a whole table file.
    pub table: TableRef,
    /// Who plays side A and side B: `human` or an AI (`greedy`, `random`, `mcts:300`).
    pub seats: [String; 2],
    /// The dice's seed.
    pub seed: u64,
    /// The turn limit.
    pub turns: u8,
}

/// Reads a side's player: `human`, or an AI with or without `ai ` (`greedy`, `ai random`,
/// `mcts:300` playouts, `mcts:500ms`), within the operator's AI ceiling (`serve --max-ai-ms`).
///
/// # Errors
/// An unknown player (`bad_seat`) or a budget over the ceiling (`ai_over_limit`).
pub fn parse_field_seat(s: &str, ai: &AiLimits) -> Result<String, ApiError> {
    let s = s.trim();
    if s.is_empty() || s == "human" {
        return Ok("human".into());
    }
    let text = s.strip_prefix("ai").map_or(s, str::trim);
    let spec: PlayerSpec = text.parse().map_err(|e| {
        ApiError::bad_request(
            "bad_seat",
            format!("`{s}` is not a player: human, random, greedy, mcts, mcts:N (playouts) or mcts:Nms ({e})"),
        )
    })?;
    if let PlayerSpec::Mcts(c) = &spec {
        let over = match c.budget {
            Budget::Iterations(n) => n > MAX_FIELD_PLAYOUTS.min(ai.max_iterations.max(1)),
            Budget::Time(d) => d.as_millis() > u128::from(ai.max_ms),
        };
        if over {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "ai_over_limit",
                format!(
                    "`{s}` is above this server's ceiling: an mcts side may think at most {} playouts or {} ms a decision (the operator sets it with `serve --max-ai-ms`)",
                    MAX_FIELD_PLAYOUTS.min(ai.max_iterations.max(1)),
                    ai.max_ms
                ),
            ));
        }
    }
    Ok(format!("ai {text}"))
}

fn spec_of(seat: &str) -> Option<PlayerSpec> {
    seat.strip_prefix("ai ").and_then(|s| s.parse().ok())
}

fn searches(seat: &str) -> bool {
    matches!(spec_of(seat), Some(PlayerSpec::Mcts(_)))
}

/// `playing` or `over`, and the winner (`A`, `B`, `draw`).
pub fn status_of(g: &FieldGame) -> (&'static str, String) {
    match g.pending() {
        Pending::Over(Some(s)) => ("over", s.to_string()),
        Pending::Over(None) => ("over", "draw".into()),
        Pending::Decision(_) => ("playing", String::new()),
    }
}

/// The Battlefield games of this server.
pub struct FieldHub {
    /// The database.
    pub store: FieldStore,
    games: Mutex<HashMap<String, Arc<FieldCell>>>,
    runtime: Option<tokio::runtime::Handle>,
    stopping: AtomicBool,
    /// The ceiling on what an AI side may spend (`serve --max-ai-ms`).
    pub ai: AiLimits,
    /// The server's search slots, shared with the other games: an `mcts` side takes one for
    /// each decision. `None`: no cap (tests).
    pub search_permits: Option<Arc<tokio::sync::Semaphore>>,
}

impl FieldHub {
    /// A hub over a store; AI sides run on `runtime`'s blocking pool (without one, the caller
    /// drives them with [`FieldHub::run_ai_now`]).
    pub fn new(store: FieldStore, runtime: Option<tokio::runtime::Handle>) -> FieldHub {
        FieldHub {
            store,
            games: Mutex::new(HashMap::new()),
            runtime,
            stopping: AtomicBool::new(false),
            ai: AiLimits::default(),
            search_permits: None,
        }
    }

    /// Stops the AI sides (at their next decision).
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Rebuilds a game: the set-up of its table, then every stored decision.
    fn build(row: FieldRow, decisions: &[Decision]) -> Result<FieldCell, String> {
        let record = FieldRecord::new(table_ref(&row), row.seed, row.turns);
        let setup = record.setup()?;
        let file = Arc::new(table_file(&row)?);
        let mut game = FieldGame::new(setup, row.seed).map_err(|e| e.to_string())?;
        for (i, d) in decisions.iter().enumerate() {
            game.apply(d.clone()).map_err(|e| format!("decision {} (`{d}`): {e}", i + 1))?;
        }
        let ai = [0usize, 1]
            .map(|i| spec_of(&row.seats[i]).map(|spec| field_player(&spec, row.seed.wrapping_mul(3).wrapping_add(2 + i as u64))));
        Ok(FieldCell::new(
            row,
            FieldLive {
                game,
                file,
                decisions: decisions.to_vec(),
                ai,
                thinking: false,
            },
        ))
    }

    /// Creates and stores a new game; its AI sides start deciding.
    ///
    /// # Errors
    /// An unknown player, a table that cannot be played (the reason), or the database.
    pub fn create(self: &Arc<Self>, new: NewFieldGame) -> Result<Arc<FieldCell>, ApiError> {
        if new.turns == 0 {
            return Err(ApiError::bad_request("bad_turns", "the turn limit must be at least 1"));
        }
        let seats = [
            parse_field_seat(&new.seats[0], &self.ai)?,
            parse_field_seat(&new.seats[1], &self.ai)?,
        ];
        let token = |s: &str| if s == "human" { random_hex(16) } else { Ok(String::new()) };
        let tokens = [token(&seats[0])?, token(&seats[1])?];
        let now = crate::store::unix_now();
        let (table, table_text) = match new.table {
            TableRef::Shipped(n) => (n, String::new()),
            TableRef::Embedded(t) => (String::new(), t),
        };
        let row = FieldRow {
            id: random_hex(6)?,
            created: now,
            table,
            table_text,
            turns: new.turns,
            seed: new.seed,
            seats,
            tokens,
            spectator: random_hex(16)?,
            status: "playing".into(),
            winner: String::new(),
            plies: 0,
            updated: now,
        };
        let cell = Arc::new(Self::build(row.clone(), &[]).map_err(|m| ApiError::bad_request("bad_table", m))?);
        self.store.create(&row)?;
        let cell = lock(&self.games).entry(row.id.clone()).or_insert(cell).clone();
        self.kick_ai(&cell);
        Ok(cell)
    }

    /// A game by id, loaded from the database (and replayed) if it is not in memory.
    ///
    /// # Errors
    /// No such game, or a stored game that does not replay.
    pub fn cell(self: &Arc<Self>, id: &str) -> Result<Arc<FieldCell>, ApiError> {
        if self.store.shared() {
            // Another server may have stored decisions since: a copy behind the database is
            // replayed anew (one read of the game's row a request).
            let cached = lock(&self.games).get(id).cloned();
            if let Some(c) = cached {
                let behind = self.store.game(id)?.is_some_and(|r| r.plies as usize != c.live().decisions.len());
                if behind {
                    lock(&self.games).remove(id);
                }
            }
        }
        let stored = || match self.store.game(id)? {
            Some(row) => Ok(Some((row, self.store.decisions(id)?))),
            None => Ok(None),
        };
        let (cell, loaded) = crate::hub::served(&self.games, id, "Battlefield", stored, Self::build)?;
        if loaded {
            self.kick_ai(&cell);
        }
        Ok(cell)
    }

    /// Forgets every game in memory (they are replayed from the database when next asked
    /// for): what a restart does, for the tests of resuming.
    pub fn forget_all(&self) {
        lock(&self.games).clear();
    }

    /// Loads the unfinished games with an AI side (after a restart) and lets their AI sides
    /// continue; returns how many were loaded.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn resume_all(self: &Arc<Self>) -> Result<usize, ServerError> {
        let mut n = 0;
        for id in self.store.unfinished_with_ai()? {
            if self.stopping.load(Ordering::SeqCst) {
                break;
            }
            match self.cell(&id) {
                Ok(_) => n += 1,
                Err(e) => tracing::error!(game = %id, error = %e, "cannot resume a Battlefield game"),
            }
        }
        Ok(n)
    }

    /// Games nobody asked for in `evict_after` seconds, with no request under way and no AI
    /// thinking, leave memory; returns how many left.
    pub fn sweep(&self, evict_after: i64) -> usize {
        crate::hub::sweep_cells(&self.games, evict_after, |l| l.thinking)
    }

    /// Games in memory now.
    pub fn in_memory(&self) -> usize {
        lock(&self.games).len()
    }

    /// Who holds `token` in this game.
    ///
    /// # Errors
    /// The token opens no side of this game.
    pub fn viewer(&self, cell: &FieldCell, token: &str) -> Result<FieldViewer, ApiError> {
        let row = lock(&cell.row);
        for (i, t) in row.tokens.iter().enumerate() {
            if !t.is_empty() && same_token(t, token) {
                return Ok(FieldViewer::Side(Side::ALL[i]));
            }
        }
        if same_token(&row.spectator, token) {
            return Ok(FieldViewer::Spectator);
        }
        Err(ApiError::bad_token())
    }

    /// The side of `viewer` when it decides now, at `ply` (when given).
    ///
    /// # Errors
    /// A spectator, the other side's turn, the game over, a stale ply.
    pub fn deciding(live: &FieldLive, viewer: FieldViewer, ply: Option<u32>) -> Result<Side, ApiError> {
        let Some(me) = viewer.side() else {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "spectator",
                "spectators watch; they cannot decide",
            ));
        };
        match live.game.pending() {
            Pending::Decision(s) if s == me => {}
            Pending::Decision(s) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "not_your_turn",
                    format!("side {s} decides now, not side {me}: wait for your turn"),
                ))
            }
            Pending::Over(_) => return Err(ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")),
        }
        let n = live.decisions.len() as u32;
        ApiError::check_ply(ply, n, |p| {
            format!("this decision was meant for decision {p} but the game is at decision {n}: reload")
        })?;
        Ok(me)
    }

    /// Takes a side's decision (its text form, docs/record-format.md, "Battlefield records")
    /// that follows `ply` decisions; returns the number of decisions now.
    ///
    /// # Errors
    /// A spectator, the other side's turn, a stale ply, a decision that cannot be read or that
    /// the engine refuses (its reason), or the database.
    pub fn decide(self: &Arc<Self>, cell: &Arc<FieldCell>, viewer: FieldViewer, text: &str, ply: Option<u32>) -> Result<u32, ApiError> {
        let d: Decision = text.trim().parse().map_err(|e: String| ApiError::bad_request("bad_decision", e))?;
        let n = {
            let mut live = cell.live();
            Self::deciding(&live, viewer, ply)?;
            let n = live.decisions.len() as u32;
            self.commit_locked(cell, &mut live, n, d)?;
            n + 1
        };
        cell.touch();
        self.kick_ai(cell);
        Ok(n)
    }

    /// Applies decision number `ply` on a copy, stores it, then keeps the copy.
    fn commit_locked(&self, cell: &FieldCell, live: &mut FieldLive, ply: u32, d: Decision) -> Result<(), ApiError> {
        if live.decisions.len() as u32 != ply {
            return Err(ApiError::new(StatusCode::CONFLICT, "stale", "another decision came first: reload"));
        }
        let mut game = live.game.clone();
        game.apply(d.clone())
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_decision", e.reason))?;
        let (status, winner) = status_of(&game);
        let id = lock(&cell.row).id.clone();
        if let Err(e) = self.store.append(&id, ply, &d.to_string(), game.state_hash(), status, &winner) {
            if matches!(e, ServerError::Conflict(_)) {
                // Another server stored this decision number first: this copy is behind; the
                // next request replays the game from the database.
                lock(&self.games).remove(&id);
                return Err(ApiError::new(StatusCode::CONFLICT, "stale", "another decision came first: reload"));
            }
            return Err(e.into());
        }
        {
            let mut row = lock(&cell.row);
            row.plies = ply + 1;
            row.status = status.to_string();
            row.winner = winner;
            row.updated = crate::store::unix_now();
        }
        live.game = game;
        live.decisions.push(d);
        Ok(())
    }

    fn ai_to_move(cell: &FieldCell) -> Option<Side> {
        let live = cell.live();
        Self::ai_to_move_locked(cell, &live)
    }

    fn ai_to_move_locked(cell: &FieldCell, live: &FieldLive) -> Option<Side> {
        let row = lock(&cell.row);
        match live.game.pending() {
            Pending::Decision(s) if row.seats[s.index()].starts_with("ai ") => Some(s),
            _ => None,
        }
    }

    /// One AI decision, if an AI must decide: thinks on a copy, then commits. Returns whether
    /// it decided.
    ///
    /// # Errors
    /// The database, or a decision the engine refuses (a bug in the AI).
    pub fn run_ai_now(&self, cell: &FieldCell) -> Result<bool, ApiError> {
        let Some(s) = Self::ai_to_move(cell) else { return Ok(false) };
        let (game, ply, ai) = {
            let mut live = cell.live();
            let ai = live.ai[s.index()].take();
            (live.game.clone(), live.decisions.len() as u32, ai)
        };
        let Some(mut ai) = ai else { return Ok(false) };
        let d = ai.decide(&game);
        let mut live = cell.live();
        live.ai[s.index()] = Some(ai);
        self.commit_locked(cell, &mut live, ply, d)?;
        drop(live);
        cell.touch();
        Ok(true)
    }

    /// Lets the AI sides decide on the blocking pool until a person must decide.
    pub fn kick_ai(self: &Arc<Self>, cell: &Arc<FieldCell>) {
        let Some(rt) = &self.runtime else { return };
        {
            let mut live = cell.live();
            if live.thinking || Self::ai_to_move_locked(cell, &live).is_none() {
                return;
            }
            live.thinking = true;
        }
        cell.touch();
        let hub = self.clone();
        let cell = cell.clone();
        rt.spawn(async move {
            let step = {
                let (h, c) = (hub.clone(), cell.clone());
                move || h.run_ai_now(&c)
            };
            let searching = || Self::ai_to_move(&cell).is_some_and(|s| searches(&lock(&cell.row).seats[s.index()]));
            crate::hub::ai_turns(&hub.stopping, hub.search_permits.as_ref(), searching, step, "Battlefield").await;
            cell.live().thinking = false;
            cell.touch();
            if !hub.stopping.load(Ordering::SeqCst) && Self::ai_to_move(&cell).is_some() {
                hub.kick_ai(&cell);
            }
        });
    }

    /// The recent games.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn recent(&self, limit: u32) -> Result<Vec<FieldRow>, ApiError> {
        Ok(self.store.recent(limit)?)
    }
}

/// The table file a row's game began on.
fn table_file(row: &FieldRow) -> Result<TableFile, String> {
    let (text, name) = if row.table.is_empty() {
        (row.table_text.as_str(), "the game's table".to_string())
    } else {
        let t = dust_data::field_record::shipped_table(&row.table).ok_or_else(|| format!("no shipped table is named `{}`", row.table))?;
        (t, format!("{}.toml", row.table))
    };
    dust_data::table_file::parse_table(text, &name, crate::field::cards()).map_err(|ds| {
        ds.iter()
            .map(|d| format!("line {}:{}: {}", d.line, d.col, d.message))
            .collect::<Vec<_>>()
            .join("; ")
    })
}
