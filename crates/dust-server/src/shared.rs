//! Several servers on one database (PostgreSQL, issue 16 "Scale out"): what a process does so
//! that its games in memory follow the database, whoever wrote to it.
//!
//! - A change announced by any process ([`crate::pg::Change`]) brings the game up to date if
//!   it is in memory here: the decisions stored since are read, replayed through the engine
//!   (their stored state hash checked), and the WebSocket clients told ([`Hub::on_change`]).
//! - A client ahead of this process (a `ply` above the one in memory) or a decision the
//!   database refused as out of order (another process stored that ply first) brings the game
//!   up to date too, before the decision is checked or refused.
//! - A token this process does not know (a seat taken through another process) rereads the
//!   game's row.
//! - An AI seat moves only while this process holds the game's lease
//!   ([`crate::store::GameStore::take_ai_lease`]); a game whose holder died is adopted
//!   ([`Hub::adopt_orphans`]).
//!
//! With one process (SQLite, [`crate::store::GameStore::shared`] false) none of this runs.

use crate::error::{ApiError, ServerError};
use crate::hub::{lock, same_token, status_of, GameCell, Hub, Live};
use crate::pg::Change;
use crate::play::Played;
use crate::store::{DecisionRow, GameRow};
use crate::strategy::hub::{StrategyCell, StrategyHub, StrategyLive};
use dust_core::battlefront::setup::SetupDecision;
use dust_core::game::Decision;
use std::sync::Arc;

impl Hub {
    /// Before a decision: a client ahead of this process means another process stored
    /// decisions since; read them first.
    pub(crate) fn catch_up_if_behind(&self, cell: &GameCell, live: &mut Live, ply: Option<u32>) {
        if !self.store.shared() {
            return;
        }
        let now = match live.in_setup() {
            Some(p) => p.decisions().len() as u32,
            None => live.played.decisions.len() as u32,
        };
        if ply.is_some_and(|p| p > now) {
            self.catch_up_locked(cell, live);
        }
    }

    /// A write the database refused: when another process stored that ply first, the game is
    /// brought up to date (the client is told `conflict` and gets the new state).
    pub(crate) fn after_refusal(&self, cell: &GameCell, live: &mut Live, e: ServerError) -> ServerError {
        if matches!(e, ServerError::Conflict(_)) && self.store.shared() {
            self.catch_up_locked(cell, live);
        }
        e
    }

    /// A token this process does not know may be a seat taken through another one: reread
    /// the game's row.
    pub(crate) fn refresh_if_unknown(&self, cell: &GameCell, token: &str) {
        if !self.store.shared() {
            return;
        }
        let known = {
            let row = lock(&cell.row);
            same_token(&row.tokens.a, token)
                || same_token(&row.tokens.b, token)
                || row.spectator.as_deref().is_some_and(|s| same_token(s, token))
        };
        if !known {
            self.refresh_row(cell);
        }
    }

    fn refresh_row(&self, cell: &GameCell) {
        let id = lock(&cell.row).id.clone();
        match self.store.game(&id) {
            Ok(Some(fresh)) => {
                let mut row = lock(&cell.row);
                row.tokens = fresh.tokens;
                row.claimed = fresh.claimed;
                if fresh.status == "abandoned" {
                    row.status = fresh.status;
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(game = %id, error = %e, "cannot reread the game"),
        }
    }

    /// Reads and replays what other processes stored since the state in memory (set-up
    /// decisions, then decisions), checking each like a load does; tells the clients.
    /// Returns whether anything changed.
    pub(crate) fn catch_up_locked(&self, cell: &GameCell, live: &mut Live) -> bool {
        self.catch_up_with(cell, live, None, None)
    }

    /// [`Hub::catch_up_locked`], given the decision that makes the game count `announced`
    /// decisions (text, hash) as announced: when it is the one missing, it is applied without
    /// reading the database.
    fn catch_up_with(&self, cell: &GameCell, live: &mut Live, announced: Option<u32>, mut known: Option<(String, String)>) -> bool {
        let (id, seed) = {
            let row = lock(&cell.row);
            (row.id.clone(), row.seed)
        };
        let r = (|| -> Result<Followed, String> {
            let mut changed = false;
            if live.in_setup().is_some() {
                let texts = self.store.setup_decisions(&id).map_err(|e| e.to_string())?;
                let have = live.setup.as_ref().map_or(0, |p| p.decisions().len());
                for (i, t) in texts.iter().enumerate().skip(have) {
                    let d: SetupDecision = t.parse().map_err(|e| format!("set-up decision {i} `{t}`: {e}"))?;
                    let Some(mut next) = live.setup.clone() else { break };
                    next.apply(d).map_err(|e| format!("set-up decision {i} `{t}`: {e}"))?;
                    if let Some(g) = next.game_setup() {
                        live.played = Played::new(g, seed).map_err(|e| e.to_string())?;
                    }
                    live.setup = Some(next);
                    changed = true;
                }
            }
            if live.in_setup().is_none() {
                let from = live.played.decisions.len() as u32;
                let rows = match known.take() {
                    Some((text, hash)) if announced == Some(from + 1) => vec![(i64::from(from), text, hash)],
                    _ => {
                        // The last decision in memory is read too: when it is not stored any
                        // more, or another one is in its place, decisions were taken back
                        // (an undo whose announcement was missed) and the game is reloaded.
                        let mut rows = self
                            .store
                            .decision_rows_from(&id, from.saturating_sub(1))
                            .map_err(|e| e.to_string())?;
                        if from > 0 {
                            let now = format!("{:#018x}", live.played.game.state_hash());
                            if !rows.first().is_some_and(|r| r.0 == i64::from(from - 1) && r.2 == now) {
                                return Ok(Followed::Rewritten);
                            }
                            rows.remove(0);
                        }
                        rows
                    }
                };
                for (ply, text, hash) in rows {
                    if ply != live.played.decisions.len() as i64 {
                        return Err(format!("decision row {} is missing", live.played.decisions.len()));
                    }
                    let d: Decision = text.parse().map_err(|e| format!("decision {ply} `{text}`: {e}"))?;
                    let mut next = live.played.clone();
                    next.apply_in_place(d).map_err(|m| format!("decision {ply} `{text}`: {m}"))?;
                    let now = format!("{:#018x}", next.game.state_hash());
                    if now != hash {
                        return Err(format!(
                            "after decision {ply} the state hash is {now}, but the stored one is {hash}"
                        ));
                    }
                    live.played = next;
                    changed = true;
                }
            }
            Ok(if changed { Followed::Changed } else { Followed::Same })
        })();
        let r = match r {
            Ok(Followed::Rewritten) => self.reload_locked(cell, live).map(|()| Followed::Same),
            r => r,
        };
        match r {
            Ok(Followed::Changed) => {
                let (status, result) = status_of(&live.played);
                let n = match live.in_setup() {
                    Some(p) => p.decisions().len() as u32,
                    None => live.played.decisions.len() as u32,
                };
                {
                    let mut row = lock(&cell.row);
                    row.plies = live.played.decisions.len() as u32;
                    row.status = status.to_string();
                    row.result = result.map(str::to_string);
                    row.updated = crate::store::unix_now();
                }
                tracing::debug!(game = %id, plies = n, "brought up to date from the database");
                let _ = cell.tx.send(n);
                true
            }
            Ok(Followed::Same | Followed::Rewritten) => false,
            Err(m) => {
                tracing::error!(game = %id, problem = %m, "cannot follow what another server stored");
                false
            }
        }
    }

    /// Decisions of the game were taken back through another process (an undo): the copy in
    /// memory is dropped and the game replayed from its stored decisions, each checked like a
    /// load does; its sockets then get the whole state ([`Hub::rewound`]).
    fn reload_locked(&self, cell: &GameCell, live: &mut Live) -> Result<(), String> {
        let row = cell.row();
        let rows = self.store.decision_rows(&row.id).map_err(|e| e.to_string())?;
        let mut p = Hub::replay_start(&row, live).map_err(|e| e.message)?;
        for (ply, text, hash) in rows {
            if ply != p.decisions.len() as i64 {
                return Err(format!("decision row {} is missing", p.decisions.len()));
            }
            let d: Decision = text.parse().map_err(|e| format!("decision {ply} `{text}`: {e}"))?;
            p.apply_in_place(d).map_err(|m| format!("decision {ply} `{text}`: {m}"))?;
            let now = format!("{:#018x}", p.game.state_hash());
            if now != hash {
                return Err(format!(
                    "after decision {ply} the state hash is {now}, but the stored one is {hash}"
                ));
            }
        }
        let keep = live.played.decisions.iter().zip(&p.decisions).take_while(|(a, b)| a == b).count();
        tracing::info!(game = %row.id, plies = p.decisions.len(), kept = keep, "decisions taken back through another server: reloaded");
        self.rewound(cell, live, p, keep);
        Ok(())
    }

    /// A game's decision rows with its row as of the same moment: another server may store a
    /// decision between the two reads, which is no damage (read again, a few times).
    pub(crate) fn read_consistent(&self, mut row: GameRow) -> Result<(GameRow, Vec<DecisionRow>), ServerError> {
        let mut stored = self.store.decision_rows(&row.id)?;
        for _ in 0..5 {
            if !self.store.shared() || stored.len() == row.plies as usize {
                break;
            }
            match self.store.game(&row.id)? {
                Some(fresh) => row = fresh,
                None => break,
            }
            stored = self.store.decision_rows(&row.id)?;
        }
        Ok((row, stored))
    }

    /// A change another process (or this one) announced.
    pub fn on_change(self: &Arc<Self>, change: &Change) {
        let (id, n) = match change {
            Change::Game(id, n, _) | Change::Setup(id, n) => (id, Some(*n)),
            Change::Claim(id) => (id, None),
            Change::Undo(id, keep) => {
                let Some(cell) = lock(&self.games).get(id).cloned() else { return };
                {
                    let mut live = cell.live();
                    if live.in_setup().is_some() || live.played.decisions.len() <= *keep as usize {
                        // Nothing here past what was kept (this process is behind): the
                        // decisions stored next follow as usual; a request it heard is answered.
                        if live.undo_request.take().is_some() {
                            let _ = cell.tx.send(live.played.decisions.len() as u32);
                        }
                        return;
                    }
                    // Read from the database: the last decision in memory is not stored any
                    // more (unless the same decisions were stored again since), so the game is
                    // reloaded.
                    self.catch_up_locked(&cell, &mut live);
                }
                self.kick_ai(&cell);
                return;
            }
            Change::UndoAsked(id, request) => {
                let Some(cell) = lock(&self.games).get(id).cloned() else { return };
                let mut live = cell.live();
                live.undo_request = request.map(|(side, _)| side);
                if let Some((_, to)) = request {
                    live.undo_to = *to as usize;
                }
                let _ = cell.tx.send(live.played.decisions.len() as u32);
                return;
            }
            Change::Strategy(..) => return,
            Change::Reconnected => {
                let cells: Vec<Arc<GameCell>> = lock(&self.games).values().cloned().collect();
                for c in cells {
                    self.catch_up_locked(&c, &mut c.live());
                    self.refresh_row(&c);
                    self.kick_ai(&c);
                }
                return;
            }
        };
        let Some(cell) = lock(&self.games).get(id).cloned() else { return };
        let Some(n) = n else {
            self.refresh_row(&cell);
            return;
        };
        {
            let mut live = cell.live();
            let have = match (change, live.setup.as_ref()) {
                (Change::Setup(..), Some(p)) => p.decisions().len() as u32,
                (Change::Setup(..), None) => return,
                _ => live.played.decisions.len() as u32,
            };
            if have >= n && !matches!((change, live.in_setup()), (Change::Game(..), Some(_))) {
                return;
            }
            let known = match change {
                Change::Game(_, _, known) => known.clone(),
                _ => None,
            };
            self.catch_up_with(&cell, &mut live, Some(n), known);
        }
        self.kick_ai(&cell);
    }

    /// Whether another server was found playing the game's AI less than half a lease ago:
    /// its AI is not started here (nor its clients told it thinks here).
    pub(crate) fn another_server_plays_ai(&self, cell: &GameCell) -> bool {
        self.store.shared() && recently_missed(&self.lease_misses, &lock(&cell.row).id, self.ai.lease_ms)
    }

    /// Whether this process holds (now renewed) the lease on the game's AI seats.
    pub(crate) fn hold_ai(&self, cell: &GameCell) -> bool {
        if !self.store.shared() {
            return true;
        }
        let id = lock(&cell.row).id.clone();
        if recently_missed(&self.lease_misses, &id, self.ai.lease_ms) {
            return false;
        }
        match self.store.take_ai_lease(&id, &self.holder, self.ai.lease_ms.max(1)) {
            Ok(held) => {
                missed(&self.lease_misses, &id, held);
                if held {
                    // Held now: what the last holder stored before it stopped is read first.
                    self.catch_up_locked(cell, &mut cell.live());
                }
                held
            }
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "cannot take the AI lease");
                false
            }
        }
    }

    /// The AI stopped: the lease is given up, waiting when a person must move or the game
    /// ended, else (this server stops) for another server to take at once.
    pub(crate) fn release_ai(&self, cell: &GameCell) {
        if !self.store.shared() {
            return;
        }
        let side = cell.live().to_decide();
        let (id, waiting) = {
            let row = lock(&cell.row);
            (
                row.id.clone(),
                row.status != "playing" || !side.is_some_and(|s| row.seats[s].is_ai()),
            )
        };
        if let Err(e) = self.store.release_ai_lease(&id, &self.holder, waiting) {
            tracing::warn!(game = %id, error = %e, "cannot give the AI lease up");
        }
    }

    /// Takes over the AI seats of the games whose lease expired (the process that held it
    /// died): loads them, brings them up to date and lets their AI move. Returns how many.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn adopt_orphans(self: &Arc<Self>) -> Result<usize, ServerError> {
        let ids = self.store.orphaned_ai()?;
        let mut n = 0;
        for id in ids {
            // Its holder let the lease run out: ask again now.
            lock(&self.lease_misses).remove(&id);
            match self.cell(&id) {
                Ok(cell) => {
                    self.catch_up_locked(&cell, &mut cell.live());
                    self.kick_ai(&cell);
                    let thinking = cell.live().thinking;
                    if !thinking && self.hold_ai(&cell) {
                        // No AI must move (or the game is over): nothing to adopt.
                        self.release_ai(&cell);
                    } else {
                        tracing::info!(game = %id, "the AI of a game whose server stopped is taken over");
                        n += 1;
                    }
                }
                Err(e) => tracing::warn!(game = %id, error = %e.message, "cannot take a game's AI over"),
            }
        }
        Ok(n)
    }
}

/// What following the database did to a game in memory.
enum Followed {
    /// Nothing new.
    Same,
    /// Decisions were added.
    Changed,
    /// The game's stored decisions are no longer the ones in memory (taken back): reload it.
    Rewritten,
}

/// Whether this process failed to take the lease of `game` less than half a lease ago (another
/// server plays its AI: it would refuse again; a lapsed lease is found by the adoption scan).
fn recently_missed(misses: &std::sync::Mutex<std::collections::HashMap<String, std::time::Instant>>, game: &str, lease_ms: u64) -> bool {
    lock(misses)
        .get(game)
        .is_some_and(|t| t.elapsed() < std::time::Duration::from_millis(lease_ms / 2))
}

/// Remembers whether the lease of `game` was refused just now (and forgets old misses).
fn missed(misses: &std::sync::Mutex<std::collections::HashMap<String, std::time::Instant>>, game: &str, held: bool) {
    let mut m = lock(misses);
    if held {
        m.remove(game);
    } else {
        m.insert(game.to_string(), std::time::Instant::now());
        if m.len() > 10_000 {
            m.retain(|_, t| t.elapsed() < std::time::Duration::from_secs(600));
        }
    }
}

/// A refused write of a strategy game: when another process stored that ply first, the
/// game is brought up to date.
pub(crate) fn strategy_refusal(hub: &StrategyHub, cell: &StrategyCell, live: &mut StrategyLive, e: ServerError) -> ApiError {
    if matches!(e, ServerError::Conflict(_)) && hub.store.shared() {
        strategy_catch_up(hub, cell, live);
    }
    e.into()
}

/// Reads and replays the decisions of a strategy game that other processes stored since the
/// state in memory. Returns whether anything changed.
pub(crate) fn strategy_catch_up(hub: &StrategyHub, cell: &StrategyCell, live: &mut StrategyLive) -> bool {
    let id = lock(&cell.row).id.clone();
    let stored = match hub.store.decisions(&id) {
        Ok(d) => d,
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "cannot read the strategy decisions");
            return false;
        }
    };
    let have = live.decisions.len();
    for (i, (text, _)) in stored.iter().enumerate().skip(have) {
        let applied = text
            .parse::<dust_strategy::game::Decision>()
            .map_err(|e| e.to_string())
            .and_then(|d| StrategyHub::apply_stored(live, d));
        if let Err(m) = applied {
            tracing::error!(game = %id, decision = i, problem = %m, "cannot follow what another server stored");
            break;
        }
    }
    if live.decisions.len() == have {
        return false;
    }
    let mut row = lock(&cell.row);
    row.plies = live.decisions.len() as u32;
    if live.game.is_over() {
        row.status = "over".into();
        row.winners = live.game.winners().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
    }
    true
}

impl StrategyHub {
    /// A change another process announced: a strategy game in memory here is brought up to
    /// date and its AI seats go on.
    pub fn on_change(self: &Arc<Self>, change: &Change) {
        let cells: Vec<Arc<StrategyCell>> = match change {
            Change::Strategy(id, n) => match lock(&self.games).get(id) {
                Some(c) if c.live().decisions.len() < *n as usize => vec![c.clone()],
                _ => return,
            },
            Change::Reconnected => lock(&self.games).values().cloned().collect(),
            _ => return,
        };
        for c in cells {
            strategy_catch_up(self, &c, &mut c.live());
            self.kick_ai(&c);
        }
    }

    /// Whether this process holds (now renewed) the lease on a strategy game's AI seats.
    pub(crate) fn hold_ai(&self, cell: &StrategyCell) -> bool {
        if !self.store.shared() {
            return true;
        }
        let id = lock(&cell.row).id.clone();
        if recently_missed(&self.lease_misses, &id, self.ai.lease_ms) {
            return false;
        }
        match self.store.take_ai_lease(&id, &self.holder, self.ai.lease_ms.max(1)) {
            Ok(true) => {
                missed(&self.lease_misses, &id, true);
                strategy_catch_up(self, cell, &mut cell.live());
                true
            }
            Ok(false) => {
                missed(&self.lease_misses, &id, false);
                false
            }
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "cannot take the AI lease");
                false
            }
        }
    }

    /// The AI seats stopped: the lease is given up, waiting when a person must move or the
    /// game ended, else (this server stops) for another server to take at once.
    pub(crate) fn release_ai(&self, cell: &StrategyCell) {
        if !self.store.shared() {
            return;
        }
        let waiting = Self::ai_to_move(cell).is_none();
        let id = lock(&cell.row).id.clone();
        if let Err(e) = self.store.release_ai_lease(&id, &self.holder, waiting) {
            tracing::warn!(game = %id, error = %e, "cannot give the AI lease up");
        }
    }

    /// Takes over the AI seats of the strategy games whose lease expired. Returns how many.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn adopt_orphans(self: &Arc<Self>) -> Result<usize, ServerError> {
        let ids = self.store.orphaned_ai()?;
        let mut n = 0;
        for id in ids {
            lock(&self.lease_misses).remove(&id);
            match self.cell(&id) {
                Ok(cell) => {
                    strategy_catch_up(self, &cell, &mut cell.live());
                    self.kick_ai(&cell);
                    let thinking = cell.live().thinking;
                    if !thinking && self.hold_ai(&cell) {
                        self.release_ai(&cell);
                    } else {
                        n += 1;
                    }
                }
                Err(e) => tracing::warn!(game = %id, error = %e.message, "cannot take a strategy game's AI over"),
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::NewGame;
    use crate::store::{GameStore, Seat, SqliteGames, Store};
    use dust_core::{BySide, Side};
    use std::sync::Mutex;

    /// An SQLite store that says it is shared, and where "another server" stores a decision
    /// between a loading server's read of the game's row and of its decisions.
    struct Racing {
        inner: Arc<SqliteGames>,
        next: Arc<Mutex<Option<(u32, String, u64)>>>,
    }

    impl GameStore for Racing {
        fn create(&self, g: &GameRow, setup: &[String], decisions: &[(String, u64)]) -> Result<(), ServerError> {
            self.inner.create(g, setup, decisions)
        }
        fn append(&self, game: &str, ply: u32, text: &str, hash: u64, status: &str, result: Option<&str>) -> Result<(), ServerError> {
            self.inner.append(game, ply, text, hash, status, result)
        }
        fn append_setup(&self, game: &str, ply: u32, text: &str) -> Result<(), ServerError> {
            self.inner.append_setup(game, ply, text)
        }
        fn setup_decisions(&self, id: &str) -> Result<Vec<String>, ServerError> {
            self.inner.setup_decisions(id)
        }
        fn claim(&self, game: &str, side: Side) -> Result<(), ServerError> {
            self.inner.claim(game, side)
        }
        fn claim_seat(&self, game: &str, side: Side, token: &str) -> Result<bool, ServerError> {
            self.inner.claim_seat(game, side, token)
        }
        fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
            self.inner.game(id)
        }
        fn decisions(&self, id: &str) -> Result<Vec<(String, String)>, ServerError> {
            self.inner.decisions(id)
        }
        fn decision_rows(&self, id: &str) -> Result<Vec<DecisionRow>, ServerError> {
            if let Some((ply, text, hash)) = lock(&self.next).take() {
                self.inner.append(id, ply, &text, hash, "playing", None)?;
            }
            self.inner.decision_rows(id)
        }
        fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ServerError> {
            self.inner.recent(limit)
        }
        fn unfinished(&self) -> Result<Vec<String>, ServerError> {
            self.inner.unfinished()
        }
        fn unfinished_with_ai(&self) -> Result<Vec<String>, ServerError> {
            self.inner.unfinished_with_ai()
        }
        fn expire(&self, before: i64) -> Result<Vec<String>, ServerError> {
            self.inner.expire(before)
        }
        fn writable(&self) -> Result<(), ServerError> {
            self.inner.writable()
        }
        fn truncate(&self, game: &str, have: u32, keep: u32) -> Result<(), ServerError> {
            self.inner.truncate(game, have, keep)
        }
        fn shared(&self) -> bool {
            true
        }
    }

    /// A duel between two people, created by side A.
    fn duel_of_people(seed: u64) -> NewGame {
        NewGame {
            scenario: "duel".into(),
            scenario_text: None,
            seed,
            seats: BySide {
                a: Seat::Human,
                b: Seat::Human,
            },
            spectators: false,
            creator: Some(Side::A),
            public: false,
            decisions: Vec::new(),
            setup: None,
        }
    }

    /// A game loading while another server stores a decision is read again, not marked damaged
    /// (before: "the game counts 0 decisions but 1 decision rows are stored", read-only).
    #[test]
    fn a_game_loading_during_another_servers_decision_is_not_damaged() {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().unwrap();
        let new = duel_of_people(7);
        let next = Arc::new(Mutex::new(None));
        let racing = Racing {
            inner: Arc::new(SqliteGames::in_memory().unwrap()),
            next: next.clone(),
        };
        let hub = Arc::new(Hub::new(Store::new(Box::new(racing)), rt.handle().clone()));
        let made = hub.create(new).unwrap();
        let id = made.row().id;
        let (d, hash) = {
            let mut p = made.live().played.clone();
            let d = p.game.legal_decisions()[0];
            p.apply(d).unwrap();
            (d, p.game.state_hash())
        };
        // The game leaves memory; it loads again just as another server stores decision 0.
        drop(made);
        lock(&hub.games).remove(&id);
        lock(&next).replace((0, d.to_string(), hash));
        let cell = hub.cell(&id).unwrap();
        assert_eq!(cell.corrupt, None, "not damaged");
        assert_eq!(cell.live().played.decisions, vec![d], "loaded with the other server's decision");
        assert_eq!(cell.row().plies, 1);
    }

    /// Two processes on one shared database (one SQLite database standing in): each hub its
    /// own copy of the game in memory.
    fn two_hubs(rt: &tokio::runtime::Runtime) -> (Arc<Hub>, Arc<Hub>) {
        let db = Arc::new(SqliteGames::in_memory().unwrap());
        let hub = || {
            let store = Racing {
                inner: db.clone(),
                next: Arc::new(Mutex::new(None)),
            };
            Arc::new(Hub::new(Store::new(Box::new(store)), rt.handle().clone()))
        };
        (hub(), hub())
    }

    /// Plays `n` decisions through `hub`, each the legal decision `pick` chooses.
    fn play(hub: &Arc<Hub>, cell: &Arc<GameCell>, n: usize, pick: fn(&[Decision]) -> Decision) {
        for _ in 0..n {
            let (side, d, ply) = {
                let live = cell.live();
                let legal = live.played.game.legal_decisions();
                (live.to_decide().unwrap(), pick(&legal), live.played.decisions.len() as u32)
            };
            hub.decide(cell, crate::hub::Viewer::Seat(side), &d.to_string(), Some(ply)).unwrap();
        }
    }

    /// Decisions taken back through another process (issue 16, undo on a shared database):
    /// announced, the follower drops its later decisions and replays the stored ones; when
    /// the announcement was missed (its listening connection was down) and other decisions
    /// were stored in their place, the next catch-up finds its last decision gone and reloads
    /// too. Either way its sockets are told (a new undo count: the whole state) and its copy is
    /// the stored game, decision for decision.
    #[test]
    fn a_follower_drops_decisions_taken_back_through_another_process() {
        use crate::hub::Viewer;
        use crate::undo::UndoAsk;
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().unwrap();
        let (one, two) = two_hubs(&rt);
        let made = one.create(duel_of_people(11)).unwrap();
        let id = made.row().id;
        play(&one, &made, 4, |l| l[0]);
        let follower = two.cell(&id).unwrap();
        assert_eq!(follower.live().played.decisions, made.live().played.decisions);
        let mut told = follower.tx.subscribe();
        let epoch = follower.live().epoch;

        // Announced: the side that decided last asks, the other accepts, through `one`.
        let asker = {
            let live = made.live();
            let mut p = Hub::replay_start(&made.row(), &live).unwrap();
            let mut last = None;
            for &d in &live.played.decisions {
                if let dust_core::game::Pending::Decision { side } = p.game.pending() {
                    last = Some(side);
                }
                p.apply_in_place(d).unwrap();
            }
            last.unwrap()
        };
        one.undo(&made, Viewer::Seat(asker), UndoAsk::Request).unwrap();
        let keep = one.undo(&made, Viewer::Seat(asker.other()), UndoAsk::Accept).unwrap();
        assert!(keep < 4);
        two.on_change(&Change::Undo(id.clone(), keep));
        let stored: Vec<String> = one.store.decisions(&id).unwrap().into_iter().map(|d| d.0).collect();
        let texts = |c: &GameCell| c.live().played.decisions.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(texts(&follower), stored, "the follower's copy is the stored game");
        assert_eq!(follower.live().played.game.state_hash(), made.live().played.game.state_hash());
        assert!(follower.live().epoch > epoch, "its sockets get the whole state");
        assert_eq!(told.try_recv().ok(), Some(keep));

        // Missed: taken back again and another decision stored in its place; the follower
        // hears nothing until its listening connection is made again.
        play(&one, &made, 2, |l| l[0]);
        two.on_change(&Change::Reconnected);
        assert_eq!(texts(&follower), texts(&made));
        let behind = follower.live().played.decisions.clone();
        let asker = made.live().to_decide().unwrap().other();
        one.undo(&made, Viewer::Seat(asker), UndoAsk::Request).unwrap();
        one.undo(&made, Viewer::Seat(asker.other()), UndoAsk::Accept).unwrap();
        play(&one, &made, 2, |l| l[l.len() - 1]);
        assert_ne!(made.live().played.decisions, behind, "another history");
        let epoch = follower.live().epoch;
        two.on_change(&Change::Reconnected);
        assert_eq!(texts(&follower), texts(&made), "reloaded from the stored decisions");
        assert_eq!(follower.live().played.game.state_hash(), made.live().played.game.state_hash());
        assert!(follower.live().epoch > epoch);
        assert_eq!(follower.row().plies, made.row().plies);
    }
}
