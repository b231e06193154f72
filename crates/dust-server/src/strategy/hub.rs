//! The strategy games being served: each is its stored row and its state rebuilt from the
//! seed and the stored decisions.
//!
//! Every change goes through `StrategyHub::commit`: the engine checks the decision on a copy
//! of the state, the chance events after it are resolved with the game's own generator, the
//! decision is stored in one transaction, and only then does the copy replace the state. A
//! refused or unstored decision changes nothing. AI seats decide on the blocking thread pool,
//! one decision at a time, through the same path, without holding the game's lock while they
//! think.

use super::store::{StrategyRow, StrategyStore};
use crate::error::{ApiError, ServerError};
use crate::hub::{lock, random_hex, same_token, AiLimits};
use axum::http::StatusCode;
use dust_strategy::ai::{make, AiKind, Player};
use dust_strategy::game::{Decision, Event, Game, GameConfig, Pending, PlayerId};
use dust_strategy::GameRng;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// Who is looking at a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StrategyViewer {
    /// The holder of a seat's token: sees that seat's hand, decides for it.
    Seat(PlayerId),
    /// Sees the public state only.
    Spectator,
}

impl StrategyViewer {
    /// The seat, if any.
    pub fn seat(self) -> Option<PlayerId> {
        match self {
            StrategyViewer::Seat(p) => Some(p),
            StrategyViewer::Spectator => None,
        }
    }
}

/// A game's state in memory.
pub struct StrategyLive {
    /// The engine.
    pub game: Game,
    /// The chance generator (seeded with the game's seed; replays draw from it in order).
    pub rng: GameRng,
    /// The decisions taken.
    pub decisions: Vec<Decision>,
    /// Every event so far (shown to each viewer as he may see it).
    pub log: Vec<Event>,
    /// The AI players of the AI seats (taken out while one thinks).
    ai: Vec<Option<Box<dyn Player + Send>>>,
    /// An AI is deciding.
    pub thinking: bool,
}

/// One served strategy game.
pub type StrategyCell = crate::hub::ServedGame<StrategyRow, StrategyLive>;

/// The strategy games of this server.
pub struct StrategyHub {
    /// The database.
    pub store: StrategyStore,
    pub(crate) games: Mutex<HashMap<String, Arc<StrategyCell>>>,
    runtime: Option<tokio::runtime::Handle>,
    /// This process among the servers of one database: who holds an AI lease.
    pub(crate) holder: String,
    /// When this process last failed to take a game's AI lease (`crate::shared`).
    pub(crate) lease_misses: Mutex<HashMap<String, std::time::Instant>>,
    stopping: AtomicBool,
    /// Becomes `true` when the server stops (the WebSockets close).
    stopped: watch::Sender<bool>,
    /// How often a WebSocket is pinged (a third of the server's idle timeout, so that a quiet
    /// game keeps its sockets).
    pub ping: std::time::Duration,
    /// The ceiling on what an AI seat may spend (`serve --max-ai-ms`).
    pub ai: AiLimits,
    /// The server's search slots, shared with the tactics games (`serve --max-ai-searches`):
    /// a `search` or `mcts` seat takes one for each decision. `None`: no cap (tests).
    pub search_permits: Option<Arc<tokio::sync::Semaphore>>,
    /// The games a client address may create per hour, shared with the tactics games
    /// (`serve --max-games-per-hour`). `None`: no quota (tests).
    pub quota: Option<Arc<crate::http::GameQuota>>,
    /// The WebSockets open per client address, shared with the tactics game's (`None`: no cap
    /// per address, tests without a server).
    pub sockets: Option<Arc<crate::net::PerAddress>>,
    /// The WebSockets open at once on one game (the server's `max_sockets_per_game`).
    pub max_sockets_per_game: usize,
}

/// What a new game is made of.
#[derive(Clone, Debug)]
pub struct NewStrategyGame {
    /// Who plays each seat: `human` or `ai KIND`.
    pub seats: Vec<String>,
    /// The chance seed.
    pub seed: u64,
    /// The round limit.
    pub round_limit: u16,
}

/// The most decisions taken in one request ([`StrategyHub::decide_all`]).
pub const MAX_BATCH: usize = 64;

/// Largest iteration budget of a strategy `mcts:N` seat.
pub const MAX_STRATEGY_ITERATIONS: u32 = 5000;

/// Reads a seat: `human`, or an AI kind with or without `ai ` (`heuristic`, `ai mcts:200`),
/// within the default AI ceiling ([`parse_seat_within`]).
///
/// # Errors
/// An unknown player or a budget over the ceiling.
pub fn parse_seat(s: &str) -> Result<String, ApiError> {
    parse_seat_within(s, &AiLimits::default())
}

/// Reads a seat within the operator's AI ceiling: an `mcts` seat thinks at most
/// [`MAX_STRATEGY_ITERATIONS`] iterations or `ai.max_ms` milliseconds a decision
/// (`serve --max-ai-ms`); a seat above it is refused (`ai_over_limit`), never lowered.
///
/// # Errors
/// An unknown player (`bad_seat`) or a budget over the ceiling (`ai_over_limit`).
pub fn parse_seat_within(s: &str, ai: &AiLimits) -> Result<String, ApiError> {
    let s = s.trim();
    if s.is_empty() || s == "human" {
        return Ok("human".into());
    }
    let spec = s.strip_prefix("ai").map_or(s, str::trim);
    let kind = AiKind::parse(spec).ok_or_else(|| {
        ApiError::bad_request(
            "bad_seat",
            format!("`{s}` is not a seat: human, random, heuristic, search, mcts, mcts:N (iterations) or mcts:Nms"),
        )
    })?;
    if let AiKind::Mcts { iterations, millis } = kind {
        let iterations_cap = MAX_STRATEGY_ITERATIONS.min(ai.max_iterations.max(1));
        if (millis == 0 && iterations > iterations_cap) || u64::from(millis) > ai.max_ms {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "ai_over_limit",
                format!(
                    "`{s}` is above this server's ceiling: an mcts seat may think at most {iterations_cap} iterations or {} ms a decision (the operator sets it with `serve --max-ai-ms`)",
                    ai.max_ms
                ),
            ));
        }
    }
    Ok(format!("ai {kind}"))
}

/// Whether a seat's AI searches (takes one of the server's search slots).
fn searches(seat: &str) -> bool {
    matches!(ai_kind(seat), Some(AiKind::Search | AiKind::Mcts { .. }))
}

fn ai_kind(seat: &str) -> Option<AiKind> {
    seat.strip_prefix("ai ").and_then(AiKind::parse)
}

fn status_of(g: &Game) -> (&'static str, String) {
    if g.is_over() {
        ("over", g.winners().iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
    } else {
        ("playing", String::new())
    }
}

/// Resolves the chance events up to the next decision (or the end).
fn settle(game: &mut Game, rng: &mut GameRng, log: &mut Vec<Event>) {
    while let Pending::Chance(_) = game.pending() {
        game.resolve_chance(rng);
    }
    log.extend(game.take_events());
}

impl StrategyHub {
    /// A hub over a store; AI seats run on `runtime`'s blocking pool (without a runtime, the
    /// caller drives them with [`StrategyHub::run_ai_now`]: tests).
    pub fn new(store: StrategyStore, runtime: Option<tokio::runtime::Handle>) -> StrategyHub {
        StrategyHub {
            store,
            games: Mutex::new(HashMap::new()),
            runtime,
            holder: random_hex(8).unwrap_or_else(|_| format!("pid{}", std::process::id())),
            lease_misses: Mutex::new(HashMap::new()),
            stopping: AtomicBool::new(false),
            stopped: watch::channel(false).0,
            ping: std::time::Duration::from_secs(20),
            ai: AiLimits::default(),
            search_permits: None,
            quota: None,
            sockets: None,
            max_sockets_per_game: crate::strategy::MAX_SOCKETS_PER_GAME,
        }
    }

    /// Stops the AI seats (at their next decision).
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.stopped.send_replace(true);
    }

    /// Watches for the server stopping.
    pub fn stopped(&self) -> watch::Receiver<bool> {
        self.stopped.subscribe()
    }

    fn build(row: StrategyRow, decisions: &[Decision]) -> Result<StrategyCell, String> {
        let config = GameConfig {
            players: row.players,
            round_limit: row.round_limit,
        };
        let mut game = Game::builtin(config).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(row.seed);
        let mut log = Vec::new();
        settle(&mut game, &mut rng, &mut log);
        for (i, &d) in decisions.iter().enumerate() {
            game.apply(d).map_err(|e| format!("decision {}: {e}", i + 1))?;
            settle(&mut game, &mut rng, &mut log);
        }
        let ai = row
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| ai_kind(s).map(|k| make(k, row.seed.wrapping_mul(31).wrapping_add(i as u64 + 1))))
            .collect();
        Ok(StrategyCell::new(
            row,
            StrategyLive {
                game,
                rng,
                decisions: decisions.to_vec(),
                log,
                ai,
                thinking: false,
            },
        ))
    }

    /// Creates and stores a new game; its AI seats start deciding.
    ///
    /// # Errors
    /// A seat list of the wrong length or with an unknown player, or the database.
    pub fn create(self: &Arc<Self>, new: NewStrategyGame) -> Result<Arc<StrategyCell>, ApiError> {
        let n = new.seats.len();
        if !(2..=6).contains(&n) {
            return Err(ApiError::bad_request(
                "bad_seats",
                format!("a strategy game has 2 to 6 seats, not {n}"),
            ));
        }
        if new.round_limit == 0 {
            return Err(ApiError::bad_request("bad_round_limit", "the round limit must be at least 1"));
        }
        let seats: Vec<String> = new.seats.iter().map(|s| parse_seat_within(s, &self.ai)).collect::<Result<_, _>>()?;
        let searching = seats.iter().any(|s| searches(s));
        if searching && self.search_permits.as_ref().is_some_and(|p| p.available_permits() == 0) {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "ai_busy",
                format!(
                    "all {} AI searches this server runs at once are running: try again in a moment, or seat the heuristic AI (`serve --max-ai-searches` sets the number)",
                    self.ai.max_searches.max(1)
                ),
            ));
        }
        let tokens: Vec<String> = seats
            .iter()
            .map(|s| if s == "human" { random_hex(16) } else { Ok(String::new()) })
            .collect::<Result<_, _>>()?;
        let now = crate::store::unix_now();
        let row = StrategyRow {
            id: random_hex(6)?,
            created: now,
            players: n as u8,
            round_limit: new.round_limit,
            seed: new.seed,
            seats,
            tokens,
            spectator: random_hex(16)?,
            status: "playing".into(),
            winners: String::new(),
            plies: 0,
            updated: now,
        };
        let cell = Arc::new(Self::build(row.clone(), &[]).map_err(|m| ApiError::bad_request("bad_game", m))?);
        self.store.create(&row)?;
        // A request (or the resumption after a start) may have loaded the stored game between
        // the store and now: one copy in memory, the first.
        let cell = lock(&self.games).entry(row.id.clone()).or_insert(cell).clone();
        self.kick_ai(&cell);
        Ok(cell)
    }

    /// A game by id, loaded from the database (and replayed) if it is not in memory.
    ///
    /// # Errors
    /// No such game, or a stored game that does not replay.
    pub fn cell(self: &Arc<Self>, id: &str) -> Result<Arc<StrategyCell>, ApiError> {
        let stored = || match self.store.game(id)? {
            Some(row) => Ok(Some((row, self.store.decisions(id)?))),
            None => Ok(None),
        };
        let (cell, loaded) = crate::hub::served(&self.games, id, "strategy", stored, Self::build)?;
        if loaded {
            self.kick_ai(&cell);
        }
        Ok(cell)
    }

    /// Loads the unfinished games with an AI seat (after a restart) and lets their AI seats
    /// continue; the others load when first asked for (issue 16, item 4). A game that does not
    /// replay is logged and left out (it answers with the reason when asked for): one damaged
    /// game does not keep the server from starting. Returns how many were loaded.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn resume_all(self: &Arc<Self>) -> Result<usize, ServerError> {
        if self.store.shared() {
            // Several servers: only the games no other server plays (`crate::shared`).
            return self.adopt_orphans();
        }
        let ids = self.store.unfinished_with_ai()?;
        let mut n = 0;
        for id in &ids {
            if self.stopping.load(Ordering::SeqCst) {
                break;
            }
            match self.cell(id) {
                Ok(_) => n += 1,
                Err(e) => tracing::error!(game = %id, error = %e, "cannot resume a strategy game"),
            }
        }
        Ok(n)
    }

    /// Games in memory now.
    pub fn in_memory(&self) -> usize {
        lock(&self.games).len()
    }

    /// Games nobody has asked for in `evict_after` seconds, with no request under way and no
    /// AI thinking, leave memory (issue 16, item 4, as the tactics games: [`crate::hub::Hub::sweep`]);
    /// they are replayed from the database when asked for again. Returns how many left.
    pub fn sweep(&self, evict_after: i64) -> usize {
        let evicted = crate::hub::sweep_cells(&self.games, evict_after, |l| l.thinking);
        if evicted > 0 {
            tracing::debug!(evicted, in_memory = self.in_memory(), "strategy games swept");
        }
        evicted
    }

    /// Who holds `token` in this game.
    ///
    /// # Errors
    /// The token opens no seat of this game.
    pub fn viewer(&self, cell: &StrategyCell, token: &str) -> Result<StrategyViewer, ApiError> {
        let row = lock(&cell.row);
        for (i, t) in row.tokens.iter().enumerate() {
            if !t.is_empty() && same_token(t, token) {
                return Ok(StrategyViewer::Seat(PlayerId(i as u8)));
            }
        }
        if same_token(&row.spectator, token) {
            return Ok(StrategyViewer::Spectator);
        }
        Err(ApiError::bad_token())
    }

    /// The recent games.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn recent(&self, limit: u32) -> Result<Vec<StrategyRow>, ApiError> {
        Ok(self.store.recent(limit)?)
    }

    /// Takes a seat's decision (its text, as `Decision`'s `Display` writes it) that follows
    /// `ply` decisions; returns the number of decisions now.
    ///
    /// # Errors
    /// A spectator, another seat's turn, a stale ply, a decision that cannot be read or that
    /// the engine refuses, or the database.
    pub fn decide(
        self: &Arc<Self>,
        cell: &Arc<StrategyCell>,
        viewer: StrategyViewer,
        text: &str,
        ply: Option<u32>,
    ) -> Result<u32, ApiError> {
        self.decide_all(cell, viewer, &[text], ply)
    }

    /// The seat of `viewer` when it is the one to decide now, at `ply` (when given).
    ///
    /// # Errors
    /// A spectator, another seat's turn, the game over, a stale ply.
    pub fn deciding(&self, live: &StrategyLive, viewer: StrategyViewer, ply: Option<u32>) -> Result<PlayerId, ApiError> {
        let Some(me) = viewer.seat() else {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "spectator",
                "spectators watch; they cannot decide",
            ));
        };
        match live.game.pending() {
            Pending::Decision(p) if p == me => {}
            Pending::Decision(p) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "not_your_turn",
                    format!("{p} decides now, not {me}: wait for your turn"),
                ))
            }
            _ => return Err(ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")),
        }
        let n = live.decisions.len() as u32;
        ApiError::check_ply(ply, n, |p| {
            format!("this decision was meant for ply {p} but the game is at ply {n}: reload")
        })?;
        Ok(me)
    }

    /// Takes several decisions of one seat at once (buying by quantity: `buy tank 9 9` five
    /// times), all or none: each is checked in turn on a copy of the game, and they are
    /// stored only when every one is legal and the seat still decides before each.
    ///
    /// # Errors
    /// As [`StrategyHub::decide`]; an empty list or more than [`MAX_BATCH`] decisions; the
    /// number (from 1) of the refused decision is in the message.
    pub fn decide_all(
        self: &Arc<Self>,
        cell: &Arc<StrategyCell>,
        viewer: StrategyViewer,
        texts: &[&str],
        ply: Option<u32>,
    ) -> Result<u32, ApiError> {
        let Some(me) = viewer.seat() else {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "spectator",
                "spectators watch; they cannot decide",
            ));
        };
        if texts.is_empty() || texts.len() > MAX_BATCH {
            return Err(ApiError::bad_request(
                "bad_decision",
                format!("send from 1 to {MAX_BATCH} decisions at once, not {}", texts.len()),
            ));
        }
        let ds: Vec<Decision> = texts
            .iter()
            .map(|t| t.trim().parse())
            .collect::<Result<_, dust_strategy::game::ParseDecisionError>>()
            .map_err(|e| ApiError::bad_request("bad_decision", e.to_string()))?;
        // The state stays locked from the check to the last commit: another request of the
        // same seat (a second tab) cannot come between the decisions of a batch.
        let n = {
            let mut live = cell.live();
            if self.store.shared() && ply.is_some_and(|p| p as usize > live.decisions.len()) {
                crate::shared::strategy_catch_up(self, cell, &mut live);
            }
            self.deciding(&live, viewer, ply)?;
            let n = live.decisions.len() as u32;
            if ds.len() > 1 {
                // All or none: every decision on a copy first. The copy never throws dice
                // (nor draws a card): a decision after one would be checked against chance not
                // yet come, and its refusal would tell the seat what is to come while nothing
                // is taken (issue 17). So chance may come only after the last decision.
                let mut game = live.game.clone();
                for (i, &d) in ds.iter().enumerate() {
                    if game.pending() != Pending::Decision(me) {
                        return Err(ApiError::new(
                            StatusCode::UNPROCESSABLE_ENTITY,
                            "illegal_decision",
                            format!(
                                "decision {} of {} (`{d}`): {me} no longer decides then; nothing was taken",
                                i + 1,
                                ds.len()
                            ),
                        ));
                    }
                    game.apply(d).map_err(|e| {
                        ApiError::new(
                            StatusCode::UNPROCESSABLE_ENTITY,
                            "illegal_decision",
                            format!("decision {} of {}: {e}; nothing was taken", i + 1, ds.len()),
                        )
                    })?;
                    if i + 1 < ds.len() && matches!(game.pending(), Pending::Chance(_)) {
                        return Err(ApiError::bad_request(
                            "bad_decision",
                            format!(
                                "decision {} of {} (`{d}`) is followed by a roll of the dice or a draw: send the decisions after it once it is known; nothing was taken",
                                i + 1,
                                ds.len()
                            ),
                        ));
                    }
                }
            }
            for (i, &d) in ds.iter().enumerate() {
                if let Err(e) = self.commit_locked(cell, &mut live, n + i as u32, d) {
                    // Only the database refuses here (every decision was checked): the ones
                    // before it are stored, and the sockets are told.
                    drop(live);
                    if i > 0 {
                        cell.touch();
                    }
                    return Err(e);
                }
            }
            n
        };
        cell.touch();
        self.kick_ai(cell);
        Ok(n + ds.len() as u32)
    }

    /// Checks, stores and applies decision number `ply`.
    fn commit(&self, cell: &StrategyCell, ply: u32, d: Decision) -> Result<(), ApiError> {
        let mut live = cell.live();
        self.commit_locked(cell, &mut live, ply, d)?;
        drop(live);
        cell.touch();
        Ok(())
    }

    /// [`StrategyHub::commit`] with the state locked by the caller.
    fn commit_locked(&self, cell: &StrategyCell, live: &mut StrategyLive, ply: u32, d: Decision) -> Result<(), ApiError> {
        if live.decisions.len() as u32 != ply {
            return Err(ApiError::new(StatusCode::CONFLICT, "stale", "another decision came first: reload"));
        }
        let mut game = live.game.clone();
        let mut rng = live.rng.clone();
        game.apply(d)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_decision", e.to_string()))?;
        let mut events = Vec::new();
        settle(&mut game, &mut rng, &mut events);
        let (status, winners) = status_of(&game);
        let id = lock(&cell.row).id.clone();
        self.store
            .append(&id, ply, &d.to_string(), game.state_hash(), status, &winners)
            .map_err(|e| crate::shared::strategy_refusal(self, cell, live, e))?;
        {
            let mut row = lock(&cell.row);
            row.plies = ply + 1;
            row.status = status.to_string();
            row.winners = winners;
            row.updated = crate::store::unix_now();
        }
        live.game = game;
        live.rng = rng;
        live.decisions.push(d);
        live.log.extend(events);
        Ok(())
    }

    /// Applies a decision another process stored (checked by the engine), with its chance
    /// events.
    pub(crate) fn apply_stored(live: &mut StrategyLive, d: Decision) -> Result<(), String> {
        let mut game = live.game.clone();
        let mut rng = live.rng.clone();
        game.apply(d).map_err(|e| e.to_string())?;
        let mut events = Vec::new();
        settle(&mut game, &mut rng, &mut events);
        live.game = game;
        live.rng = rng;
        live.decisions.push(d);
        live.log.extend(events);
        Ok(())
    }

    /// The AI seat to move, if an AI must decide now.
    /// (Locks the state, then the row: the order used everywhere.)
    pub(crate) fn ai_to_move(cell: &StrategyCell) -> Option<PlayerId> {
        let live = cell.live();
        Self::ai_to_move_locked(cell, &live)
    }

    /// One AI decision, if an AI must decide: thinks on a copy, then commits. Returns whether
    /// it decided.
    ///
    /// # Errors
    /// The database (the decision is then not taken).
    pub fn run_ai_now(&self, cell: &StrategyCell) -> Result<bool, ApiError> {
        if Self::ai_to_move(cell).is_none() || !self.hold_ai(cell) {
            return Ok(false);
        }
        let Some(p) = Self::ai_to_move(cell) else { return Ok(false) };
        let (game, ply, ai) = {
            let mut live = cell.live();
            let ai = live.ai[p.index()].take();
            (live.game.clone(), live.decisions.len() as u32, ai)
        };
        let Some(mut ai) = ai else { return Ok(false) };
        let d = ai.choose(&game, p);
        cell.live().ai[p.index()] = Some(ai);
        self.commit(cell, ply, d)?;
        Ok(true)
    }

    /// Lets the AI seats decide on the blocking pool until a person must decide.
    pub fn kick_ai(self: &Arc<Self>, cell: &Arc<StrategyCell>) {
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
        // One decision at a time on the blocking pool; a searching seat first waits (without
        // holding a thread) for one of the server's search slots.
        rt.spawn(async move {
            let step = {
                let (h, c) = (hub.clone(), cell.clone());
                move || h.run_ai_now(&c)
            };
            let searching = || Self::ai_to_move(&cell).is_some_and(|p| searches(&lock(&cell.row).seats[p.index()]));
            crate::hub::ai_turns(&hub.stopping, hub.search_permits.as_ref(), searching, step, "strategy").await;
            cell.live().thinking = false;
            cell.touch();
            let (h, c) = (hub.clone(), cell.clone());
            let _ = tokio::task::spawn_blocking(move || h.release_ai(&c)).await;
            // A person may have been answered in between: look once more.
            if !hub.stopping.load(Ordering::SeqCst) && Self::ai_to_move(&cell).is_some() {
                hub.kick_ai(&cell);
            }
        });
    }

    fn ai_to_move_locked(cell: &StrategyCell, live: &StrategyLive) -> Option<PlayerId> {
        let row = lock(&cell.row);
        match live.game.pending() {
            Pending::Decision(p) if row.seats.get(p.index()).is_some_and(|s| s.starts_with("ai ")) => Some(p),
            _ => None,
        }
    }

    /// The game as a record (`dust1947 strategy replay` reads it).
    pub fn record(&self, cell: &StrategyCell) -> dust_strategy::record::GameRecord {
        let live = cell.live();
        dust_strategy::record::GameRecord {
            config: live.game.config(),
            seed: lock(&cell.row).seed,
            map: None,
            deck: None,
            decisions: live.decisions.clone(),
            hash: live.game.state_hash(),
        }
    }
}
