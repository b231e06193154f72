//! Errors: [`ServerError`] for the server as a library (start-up, the database), [`ApiError`]
//! for what a client is told, always as JSON `{"error": {"code", "message"}}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use core::fmt;

/// Why the server could not do something.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerError {
    /// A file or folder operation failed.
    Io {
        /// What was being done.
        context: String,
        /// The system's message.
        message: String,
    },
    /// SQLite refused an operation.
    Database {
        /// What was being done.
        context: String,
        /// SQLite's message.
        message: String,
    },
    /// The listening socket could not be opened.
    Bind {
        /// The address asked for.
        addr: String,
        /// The system's message.
        message: String,
    },
    /// A write lost a race or repeated one already done (a decision stored twice).
    Conflict(String),
    /// A stored game does not replay (the database was edited, or the engine changed).
    Corrupt(String),
    /// PostgreSQL refused an operation or cannot be reached (`serve --db postgres://…`).
    Postgres {
        /// What was being done.
        context: String,
        /// PostgreSQL's (or the network's) message.
        message: String,
    },
    /// Another process serves this database (it holds its lock).
    Locked {
        /// The database file.
        db: String,
        /// The process that holds it, when it said so.
        pid: Option<u32>,
        /// Since when (Unix seconds), when it said so.
        since: Option<i64>,
    },
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Io { context, message } => write!(f, "{context}: {message}"),
            ServerError::Database { context, message } => write!(f, "{context}: {message} (check the --db file and its folder)"),
            ServerError::Bind { addr, message } => write!(
                f,
                "cannot listen on {addr}: {message} (is another server running there? choose another --port)"
            ),
            ServerError::Postgres { context, message } => write!(
                f,
                "{context}: {message} (is PostgreSQL running there, and is the --db postgres://USER@HOST/DATABASE address right?)"
            ),
            ServerError::Conflict(m) => write!(f, "{m}"),
            ServerError::Corrupt(m) => write!(f, "a stored game does not replay: {m}"),
            ServerError::Locked { db, pid, since } => {
                write!(f, "the database {db} is in use by another dust1947 server")?;
                match pid {
                    Some(p) => write!(f, " (process {p}")?,
                    None => write!(f, " (a process that did not say its id")?,
                }
                if let Some(t) = since {
                    write!(f, ", since Unix time {t}")?;
                }
                write!(f, "): two servers on one SQLite file would each serve a stale copy of the games; stop that one first, or give this one another --db")
            }
        }
    }
}

impl std::error::Error for ServerError {}

/// A refusal sent to a client: an HTTP status, a stable code and a message with a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short stable code (`bad_token`, `not_your_turn`, `illegal_decision`…).
    pub code: &'static str,
    /// What is wrong and what to do.
    pub message: String,
}

impl ApiError {
    /// A refusal.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }
    /// 400: the request cannot be read.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }
    /// 404: no such game.
    pub fn no_game(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!("there is no game `{}`: check the link", shortened(id, QUOTED)),
        )
    }
    /// 409: the stored game is damaged (issue 16, item 7): shown read-only, never played on.
    pub fn corrupt_game(reason: &str) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "corrupt_game",
            format!("this game is read-only: its stored decisions are damaged ({reason}); download its record to keep what replays"),
        )
    }
    /// 401: no token was given.
    pub fn no_token() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no_token",
            "give the seat (or spectator) token of your link: ?seat=…",
        )
    }
    /// 403: the token does not open this game.
    pub fn bad_token() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "bad_token",
            "this token does not belong to this game: use the link you were given",
        )
    }
    /// 409 `stale` when a message says it follows `ply` decisions and the game has taken `now`
    /// (a replayed or late message); `message(ply)` says so. No `ply`: nothing to check.
    ///
    /// # Errors
    /// `ply` is given and is not `now`.
    pub fn check_ply(ply: Option<u32>, now: u32, message: impl FnOnce(u32) -> String) -> Result<(), ApiError> {
        match ply {
            Some(p) if p != now => Err(ApiError::new(StatusCode::CONFLICT, "stale", message(p))),
            _ => Ok(()),
        }
    }
    /// The error as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": { "code": self.code, "message": self.message, "status": self.status.as_u16() } })
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.status.as_u16(), self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<ServerError> for ApiError {
    fn from(e: ServerError) -> ApiError {
        match e {
            ServerError::Conflict(m) => ApiError::new(StatusCode::CONFLICT, "conflict", m),
            e @ ServerError::Postgres { .. } => {
                tracing::error!(error = %e, "database unavailable");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "database_unavailable",
                    format!("{e}: nothing was stored; try again in a moment"),
                )
            }
            other => {
                tracing::error!(error = %other, "server error");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "server_error", other.to_string())
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.to_json())).into_response()
    }
}

/// `s` as an answer may quote it: at most `max` characters, then `…` (a name sent by a
/// client is not copied whole into the answer: a budget per input byte, issue 16).
pub(crate) fn shortened(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]).into(),
        None => s.into(),
    }
}

/// The most characters of a client's name (a path, a rule, a game's id) an answer quotes.
pub(crate) const QUOTED: usize = 120;
