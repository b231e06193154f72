//! Taking a decision back (issue 20, "Browser: undo"): free against the AI, by request and
//! acceptance between two people. The engine replays the game's record minus the decisions
//! taken back (the same seed, so the same dice up to there): the position is exactly the one
//! before that decision, and the stored rows after it are deleted in one transaction.

use crate::error::ApiError;
use crate::hub::{lock, start, status_of, GameCell, Hub, Viewer};
use crate::play::{setup_for, Played};
use crate::store::unix_now;
use axum::http::StatusCode;
use dust_core::game::Pending;
use dust_core::Side;
use dust_data::record::PlayersSetup;
use serde_json::{json, Value};
use std::sync::Arc;

/// What a seat asks about an undo.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UndoAsk {
    /// Take back my last decision (at once against the AI; a request to a person).
    Request,
    /// Accept the other side's request.
    Accept,
    /// Refuse the other side's request.
    Decline,
    /// Withdraw my own request.
    Cancel,
}

impl UndoAsk {
    /// Reads `request`, `accept`, `decline` or `cancel`.
    pub fn from_name(s: &str) -> Option<UndoAsk> {
        match s {
            "request" => Some(UndoAsk::Request),
            "accept" => Some(UndoAsk::Accept),
            "decline" => Some(UndoAsk::Decline),
            "cancel" => Some(UndoAsk::Cancel),
            _ => None,
        }
    }
}

fn replay_error(m: String) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "replay",
        format!("the game does not replay: {m}"),
    )
}

fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message.into())
}

/// The undo as the page shows it to `viewer`: `mode` (`free` against the AI, `ask` against a
/// person, absent for a spectator), who asked (`requested_by`), and whether `viewer` has a
/// decision to take back (`can`: decisions were taken; the server says which when asked).
pub fn undo_json(cell: &GameCell, viewer: Viewer) -> Value {
    let Viewer::Seat(side) = viewer else {
        return json!(null);
    };
    let seats = lock(&cell.row).seats.clone();
    let live = cell.live();
    let mode = if seats[side.other()].is_ai() { "free" } else { "ask" };
    let over = matches!(live.played.game.pending(), Pending::GameOver { .. });
    let can = cell.corrupt.is_none() && live.in_setup().is_none() && !over && !live.played.decisions.is_empty();
    json!({
        "mode": mode,
        "can": can,
        "requested_by": live.undo_request.map(crate::view::side_name),
    })
}

impl Hub {
    /// An undo asked by `viewer` ([`UndoAsk`]). Returns the number of decisions after it.
    ///
    /// # Errors
    /// A spectator; a damaged, abandoned or finished game, or one in its players' set-up;
    /// nothing of the side's to take back; accepting or declining when the other side asked
    /// nothing; a request to a person that is already pending; the database.
    pub fn undo(self: &Arc<Self>, cell: &Arc<GameCell>, viewer: Viewer, ask: UndoAsk) -> Result<u32, ApiError> {
        let Viewer::Seat(side) = viewer else {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "spectator",
                "spectators watch the game: only a seat's link may take a decision back",
            ));
        };
        if let Some(m) = &cell.corrupt {
            return Err(ApiError::corrupt_game(m));
        }
        let row = cell.row();
        if row.status == "abandoned" {
            return Err(conflict("abandoned", "this game is read-only: nothing can be taken back"));
        }
        let mut live = cell.live();
        if live.in_setup().is_some() {
            return Err(conflict(
                "setup",
                "the table is being laid: a set-up decision is taken back in the set-up (not here)",
            ));
        }
        if let Pending::GameOver { .. } = live.played.game.pending() {
            return Err(conflict("game_over", "the game is over: replay its record to look back at it"));
        }
        let against_ai = row.seats[side.other()].is_ai();
        let taker = match (ask, against_ai) {
            (UndoAsk::Request, true) => side,
            (UndoAsk::Request, false) => {
                if live.undo_request.is_some() {
                    return Err(conflict("undo_pending", "an undo is already asked: wait for the answer"));
                }
                live.undo_to = self.last_of(&row, &live, side)?;
                live.undo_request = Some(side);
                self.announce_request(&row.id, Some((side, live.undo_to as u32)));
                let n = live.played.decisions.len() as u32;
                let _ = cell.tx.send(n);
                return Ok(n);
            }
            (UndoAsk::Accept, _) if live.undo_request == Some(side.other()) => {
                // Back to before the decision the request was made for.
                let keep = live.undo_to.min(live.played.decisions.len());
                let played = self.replay_to(&row, &live, keep)?;
                return self.take_back(cell, &row, live, side.other(), keep, played);
            }
            (UndoAsk::Decline, _) if live.undo_request == Some(side.other()) => {
                live.undo_request = None;
                self.announce_request(&row.id, None);
                let n = live.played.decisions.len() as u32;
                let _ = cell.tx.send(n);
                return Ok(n);
            }
            (UndoAsk::Cancel, _) if live.undo_request == Some(side) => {
                live.undo_request = None;
                self.announce_request(&row.id, None);
                let n = live.played.decisions.len() as u32;
                let _ = cell.tx.send(n);
                return Ok(n);
            }
            _ => return Err(conflict("no_undo_request", "there is no undo request to answer")),
        };
        // The taker's last decision, and every one after it, are taken back.
        let keep = self.last_of(&row, &live, taker)?;
        let played = self.replay_to(&row, &live, keep)?;
        self.take_back(cell, &row, live, taker, keep, played)
    }

    /// Stores and shows the game taken back to `keep` decisions (`played`), for `taker`.
    fn take_back(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        row: &crate::store::GameRow,
        mut live: std::sync::MutexGuard<'_, crate::hub::Live>,
        taker: Side,
        keep: usize,
        played: Played,
    ) -> Result<u32, ApiError> {
        let have = live.played.decisions.len() as u32;
        if let Err(e) = self.store.truncate(&row.id, have, keep as u32) {
            // Another server stored a decision of the game (or took some back) meanwhile: the
            // game is brought up to date and the client told `conflict`.
            return Err(self.after_refusal(cell, &mut live, e).into());
        }
        self.rewound(cell, &mut live, played, keep);
        tracing::info!(game = %row.id, side = %taker, plies = keep, "decisions taken back");
        drop(live);
        self.kick_ai(cell);
        Ok(keep as u32)
    }

    /// The game in memory becomes `played`, `keep` decisions of which are those it had (an
    /// undo here, or one another server stored): its AI players start afresh, the request is
    /// answered, and every socket gets the whole state with every event again
    /// ([`crate::push::Pushed::at_epoch`]).
    pub(crate) fn rewound(&self, cell: &GameCell, live: &mut crate::hub::Live, played: Played, keep: usize) {
        live.played = played;
        live.forget_ai();
        live.undo_request = None;
        live.epoch += 1;
        live.ai_words.retain(|w| w.ply < keep);
        // The view cached for the sockets is keyed by the number of decisions and events: a
        // different decision taken next with as many events would find the one taken back.
        *lock(&cell.view) = None;
        {
            let mut r = lock(&cell.row);
            let (status, result) = status_of(&live.played);
            r.plies = live.played.decisions.len() as u32;
            r.status = status.to_string();
            r.result = result.map(str::to_string);
            r.updated = unix_now();
        }
        let _ = cell.tx.send(live.played.decisions.len() as u32);
    }

    /// Tells the other servers following the game about an undo request (a shared database).
    fn announce_request(&self, game: &str, request: Option<(Side, u32)>) {
        if let Err(e) = self.store.announce_undo_request(game, request) {
            tracing::warn!(game = %game, error = %e, "cannot tell the other servers about the undo request");
        }
    }

    /// The game replayed from its start to `keep` decisions.
    fn replay_to(&self, row: &crate::store::GameRow, live: &crate::hub::Live, keep: usize) -> Result<Played, ApiError> {
        let mut p = Self::replay_start(row, live)?;
        for (i, &d) in live.played.decisions[..keep].iter().enumerate() {
            p.apply_in_place(d).map_err(|m| replay_error(format!("decision {i}: {m}")))?;
        }
        Ok(p)
    }

    /// The game at its start (after the players' set-up, if any).
    pub(crate) fn replay_start(row: &crate::store::GameRow, live: &crate::hub::Live) -> Result<Played, ApiError> {
        let template = setup_for(&row.scenario, row.scenario_text.as_deref()).map_err(replay_error)?;
        let su = row.setup_seed.map(|seed| PlayersSetup {
            seed,
            decisions: live.setup.as_ref().map(|p| p.decisions()).unwrap_or_default(),
        });
        Ok(start(template, row.seed, su.as_ref()).map_err(replay_error)?.0)
    }

    /// The number of decisions before `side`'s last one (the game is replayed to find it; the
    /// game at that point is replayed by [`Hub::replay_to`]: a copy of the game at each of the
    /// side's decisions cost a copy of the state and the record per decision, quadratic).
    fn last_of(&self, row: &crate::store::GameRow, live: &crate::hub::Live, side: Side) -> Result<usize, ApiError> {
        let mut p = Self::replay_start(row, live)?;
        let mut last = None;
        for (i, &d) in live.played.decisions.iter().enumerate() {
            if p.game.pending() == (Pending::Decision { side }) {
                last = Some(i);
            }
            p.apply_in_place(d).map_err(|m| replay_error(format!("decision {i}: {m}")))?;
        }
        last.ok_or_else(|| {
            conflict(
                "nothing_to_undo",
                format!("side {side} has taken no decision yet: nothing to take back"),
            )
        })
    }
}
