//! The HTTP JSON API, the WebSocket per game and the page's files (docs/server.md lists the
//! endpoints).
//!
//! Every request body is read as bytes under a size limit and parsed here, so a body too
//! large, malformed JSON or a missing field each get a JSON error with a hint. Each client
//! (IP address) has one token bucket for all its connections, HTTP requests and WebSocket
//! messages alike ([`RateLimiter`]): past its rate, requests get `429` until it refills.

use crate::armies::{self, ArmyChoice};
use crate::error::ApiError;
use crate::field;
use crate::hub::{lock, AiLimits, GameCell, Hub, NewGame, Viewer};
use crate::play::{default_scenario, scenario_names};
use crate::store::Seat;
use crate::view;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dust_core::game::UnitId;
use dust_core::{BySide, Edition, Side, Square};
use dust_data::record::PlayersSetup;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::watch;

/// Limits of the API.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub max_body: usize,
    /// Requests (HTTP) and WebSocket messages per second per client (IP address), sustained.
    pub rate: f64,
    /// Requests and messages a client may send at once before the rate applies.
    pub burst: f64,
    /// The ceiling on what an AI seat may spend (`serve --max-ai-*`).
    pub ai: AiLimits,
    /// The work of one request that reads a file (a record, a scenario, an army) may take at
    /// most this long (milliseconds) before the client is answered `503 too_slow`.
    pub request_ms: u64,
    /// Such requests worked on at once in the whole server; past it a request is refused at
    /// once with `503 busy` (never queued).
    pub max_readers: usize,
    /// A request's head must arrive within this time (milliseconds) of the connection being
    /// ready for it.
    pub header_timeout_ms: u64,
    /// A connection carrying nothing either way for this long (milliseconds) is closed (the
    /// server pings each WebSocket every third of it).
    pub idle_timeout_ms: u64,
    /// HTTP connections open at once per client address (IPv6: per /64).
    pub max_conns_per_address: usize,
    /// WebSockets open at once per client address.
    pub max_sockets_per_address: usize,
    /// WebSockets open at once on one game.
    pub max_sockets_per_game: usize,
    /// A game nobody asked for in this many seconds (no WebSocket open, no AI thinking)
    /// leaves memory; it loads again when asked for.
    pub evict_after_s: u64,
    /// An unfinished game unchanged for this many seconds is marked `abandoned`: kept,
    /// read-only.
    pub expire_after_s: u64,
    /// Games a client address may create (or upload) per hour.
    pub max_games_per_address_hour: u32,
    /// `/api/health` answers 503 when the disk holding the database has less free space than
    /// this, in MiB (a full disk refuses every decision).
    pub min_free_disk_mib: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: 256 * 1024,
            rate: 50.0,
            burst: 100.0,
            ai: AiLimits::default(),
            request_ms: 5000,
            max_readers: 2 * std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            header_timeout_ms: 10_000,
            idle_timeout_ms: 60_000,
            max_conns_per_address: 64,
            max_sockets_per_address: 16,
            max_sockets_per_game: 32,
            evict_after_s: 600,
            expire_after_s: 30 * 24 * 3600,
            max_games_per_address_hour: 60,
            min_free_disk_mib: 64,
        }
    }
}

/// What the handlers share.
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub hub: Arc<Hub>,
    /// The limits.
    pub limits: Limits,
    limiter: Arc<RateLimiter>,
    readers: Arc<tokio::sync::Semaphore>,
    pub(crate) sockets: Arc<crate::net::PerAddress>,
    refusals: Arc<Mutex<LogLimiter>>,
    /// Games created per client address this hour (both games).
    pub quota: Arc<GameQuota>,
    /// Becomes `true` when the server stops (WebSockets close).
    pub stopping: watch::Receiver<bool>,
    /// The server's default edition ([`crate::ServerConfig::edition`]).
    pub edition: Edition,
    /// The strategy games (for `/api/health`), when the server serves them.
    pub strategy: Option<Arc<crate::strategy::hub::StrategyHub>>,
    /// The database file (for `/api/health`: the free space of its disk).
    pub db_path: Option<std::path::PathBuf>,
}

impl AppState {
    /// The state of a server over `hub`, of the revised edition (set [`AppState::edition`]
    /// for another).
    pub fn new(hub: Arc<Hub>, limits: Limits, stopping: watch::Receiver<bool>) -> AppState {
        AppState {
            hub,
            limiter: Arc::new(RateLimiter::new(limits.rate, limits.burst)),
            readers: Arc::new(tokio::sync::Semaphore::new(limits.max_readers)),
            sockets: crate::net::PerAddress::new(limits.max_sockets_per_address),
            refusals: Arc::new(Mutex::new(LogLimiter::new())),
            quota: Arc::new(GameQuota::new(limits.max_games_per_address_hour)),
            limits,
            stopping,
            edition: Edition::Revised,
            strategy: None,
            db_path: None,
        }
    }
}

impl AppState {
    /// Counts a new game for the client `ip` ([`GameQuota::count`]).
    ///
    /// # Errors
    /// `429 too_many_games`.
    fn count_new_game(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.quota.count(ip)
    }

    /// Runs the work of a request that reads a file (a record, a scenario, an army) off the
    /// async threads, within the server's budget: at most [`Limits::max_readers`] at once (past
    /// it `503 busy` at once) and an answer within [`Limits::request_ms`] (past it
    /// `503 too_slow`; the work, bounded by the readers' own limits, ends by itself and keeps
    /// its slot until then).
    pub(crate) async fn work<T: Send + 'static>(&self, f: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
        let permit = self.readers.clone().try_acquire_owned().map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "the server is reading {} files for other clients: try again in a moment",
                    self.limits.max_readers
                ),
            )
        })?;
        let task = tokio::task::spawn_blocking(move || {
            let r = f();
            drop(permit);
            r
        });
        match tokio::time::timeout(std::time::Duration::from_millis(self.limits.request_ms), task).await {
            Ok(done) => {
                done.map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "server_error", format!("a task failed: {e}")))?
            }
            Err(_) => {
                tracing::warn!(budget_ms = self.limits.request_ms, "a request ran over its time budget");
                Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "too_slow",
                    format!(
                        "this request needs more than the {} ms of work a request may take here: send a smaller file",
                        self.limits.request_ms
                    ),
                ))
            }
        }
    }
}

/// The games a client address may create (or upload) per hour, both games together
/// (issue 16, item 4).
pub struct GameQuota {
    max: u32,
    created: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl GameQuota {
    /// At most `max` games an hour per client address.
    pub fn new(max: u32) -> GameQuota {
        GameQuota {
            max,
            created: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a new game for the client `ip`.
    ///
    /// # Errors
    /// `429 too_many_games` past the quota, with when to try again.
    pub fn count(&self, ip: IpAddr) -> Result<(), ApiError> {
        let hour = std::time::Duration::from_secs(3600);
        let mut created = lock(&self.created);
        if created.len() > TRACKED_CLIENTS {
            created.retain(|_, (since, _)| since.elapsed() < hour);
        }
        let entry = created.entry(RateLimiter::client(ip)).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= hour {
            *entry = (Instant::now(), 0);
        }
        if entry.1 >= self.max {
            let wait = hour.saturating_sub(entry.0.elapsed()).as_secs() / 60 + 1;
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_games",
                format!(
                    "your address has started {} games this hour, the most this server allows: try again in {wait} minutes, or go on with a game you have",
                    self.max
                ),
            ));
        }
        entry.1 += 1;
        Ok(())
    }
}

/// At most one log line a second for a kind of refusal, saying how many were not logged
/// since (a flood of refused requests must not flood the log).
pub(crate) struct LogLimiter {
    last: Option<Instant>,
    suppressed: u64,
}

impl LogLimiter {
    /// Nothing logged yet.
    pub(crate) fn new() -> LogLimiter {
        LogLimiter { last: None, suppressed: 0 }
    }
    /// `Some(n)`: log now, `n` lines were left out since the last; `None`: leave this one out.
    pub(crate) fn allow(&mut self) -> Option<u64> {
        self.allow_at(Instant::now())
    }
    /// [`LogLimiter::allow`] at the time `now`.
    fn allow_at(&mut self, now: Instant) -> Option<u64> {
        if self
            .last
            .is_some_and(|t| now.saturating_duration_since(t) < std::time::Duration::from_secs(1))
        {
            self.suppressed += 1;
            return None;
        }
        self.last = Some(now);
        Some(std::mem::take(&mut self.suppressed))
    }
}

/// A token bucket.
#[derive(Copy, Clone, Debug)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn new(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: Instant::now(),
        }
    }
    fn take(&mut self, rate: f64, burst: f64) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * rate).min(burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Clients tracked before the idle ones are forgotten.
const TRACKED_CLIENTS: usize = 10_000;
/// Clients tracked at most: past it (a flood from many addresses) the table starts afresh.
const MAX_TRACKED_CLIENTS: usize = 100_000;

/// One token bucket per client, shared by all its connections: HTTP requests and WebSocket
/// messages alike. A client is its IP address; for IPv6 its /64 network, which one machine
/// usually holds whole (so new addresses from the same network do not escape the limit).
/// Forwarding headers (`X-Forwarded-For`) are not trusted: behind a reverse proxy every
/// client is the proxy.
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    /// `rate` requests a second per client, after a first `burst`.
    pub fn new(rate: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The client an address belongs to.
    pub fn client(ip: IpAddr) -> IpAddr {
        match ip {
            IpAddr::V4(_) => ip,
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => {
                    let s = v6.segments();
                    IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
                }
            },
        }
    }

    /// Takes one request from the client's bucket: false when it is empty.
    pub fn take(&self, ip: IpAddr) -> bool {
        let mut b = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if b.len() > TRACKED_CLIENTS {
            // Forget clients idle long enough for their bucket to be full again.
            let full = self.burst / self.rate.max(0.001);
            b.retain(|_, v| v.last.elapsed().as_secs_f64() < full);
            if b.len() > MAX_TRACKED_CLIENTS {
                tracing::warn!(clients = b.len(), "too many clients to track: the rate limits start afresh");
                b.clear();
            }
        }
        b.entry(RateLimiter::client(ip))
            .or_insert_with(|| Bucket::new(self.burst))
            .take(self.rate, self.burst)
    }
}

fn rate_limited(what: &str) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("too many {what} from your address: slow down and try again in a second"),
    )
}

static INDEX_HTML: &str = include_str!("../assets/index.html");
static APP_JS: &str = include_str!("../assets/app.js");
static STYLE_CSS: &str = include_str!("../assets/style.css");
static BOARD_JS: &str = include_str!("../assets/board.js");
static TABLE_JS: &str = include_str!("../assets/table.js");
static NOT_FOUND_HTML: &str = include_str!("../assets/notfound.html");
static RULINGS_MD: &str = include_str!("../../../docs/rulings.md");

/// The router of the tactics game, its page and the shared endpoints, with the limits
/// ([`routes`] bounded by [`limit`]).
pub fn router(state: AppState) -> Router {
    limit(routes(state.clone()), state)
}

/// Bounds every route of `app` (routes merged from elsewhere too, such as the strategy
/// game's): the per-client rate limit ([`RateLimiter`]) and the body size limit.
pub fn limit(app: Router, state: AppState) -> Router {
    let max_body = state.limits.max_body;
    app.layer(middleware::from_fn_with_state(state, rate_limit))
        .layer(DefaultBodyLimit::max(max_body))
}

/// The routes of the tactics game, its page and the shared endpoints, without the limits:
/// merge other routers into it, then bound the whole with [`limit`].
pub fn routes(state: AppState) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/game/{id}", get(game_page))
        .route("/replay", get(page))
        .route("/odds", get(page))
        .route("/rulings", get(page))
        .route("/assets/app.js", get(app_js))
        .route("/assets/style.css", get(style_css))
        .route("/assets/board.js", get(board_js))
        .route("/assets/table.js", get(table_js))
        .route("/api/health", get(health))
        .route("/api/scenarios", get(scenarios))
        .route("/api/games", get(lobby).post(create))
        .route("/api/games/import", post(import))
        .route("/api/games/{id}", get(state_of))
        .route("/api/games/{id}/decide", post(decide))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/targets", get(targets))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/rules/explain", get(explain_rule))
        .route("/api/games/{id}/ws", get(ws))
        .route("/api/armies", get(armies_offer))
        .route("/api/armies/check", post(armies_check))
        .route("/api/cards", get(cards))
        .route("/api/odds", post(odds))
        .route("/api/replay", post(replay))
        .route("/api/rulings", get(rulings))
        .route("/battlefield", get(field::page))
        .route("/battlefield/tables/{id}", get(field::table_page))
        .route("/battlefield/editor", get(field::editor_page))
        .route("/assets/field.js", get(field::field_js))
        .route("/assets/field.css", get(field::field_css))
        .route("/assets/field-editor.js", get(field::editor_js))
        .route("/api/battlefield/tables", get(field::tables))
        .route("/api/battlefield/tables/{id}", get(field::table_of))
        .route("/api/battlefield/tables/{id}/sight", get(field::sight))
        .route("/api/battlefield/tables/{id}/path", get(field::path))
        .route("/api/battlefield/cards", get(field::unit_cards))
        .route("/api/battlefield/check", post(field::check))
        .fallback(not_found)
        .with_state(state)
}

async fn rate_limit(State(st): State<AppState>, ConnectInfo(addr): ConnectInfo<SocketAddr>, req: Request, next: Next) -> Response {
    if st.limiter.take(addr.ip()) {
        next.run(req).await
    } else {
        let allowed = lock(&st.refusals).allow();
        if let Some(suppressed) = allowed {
            tracing::warn!(%addr, suppressed, "rate limit");
        }
        rate_limited("requests").into_response()
    }
}

async fn page() -> Html<&'static str> {
    Html(INDEX_HTML)
}

/// A file of the page, never cached without asking.
pub(crate) fn asset(body: &'static str, mime: &'static str) -> Response {
    let mut r = body.into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

async fn app_js() -> Response {
    asset(APP_JS, "text/javascript; charset=utf-8")
}

async fn style_css() -> Response {
    asset(STYLE_CSS, "text/css; charset=utf-8")
}

async fn board_js() -> Response {
    asset(BOARD_JS, "text/javascript; charset=utf-8")
}

async fn table_js() -> Response {
    asset(TABLE_JS, "text/javascript; charset=utf-8")
}

/// A page a person reads when a link is broken: what is missing, and the way back.
use crate::error::{shortened, QUOTED};

pub(crate) fn not_found_page(what: &str) -> Response {
    let mut escaped = String::with_capacity(what.len());
    for c in what.chars() {
        match c {
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '&' => escaped.push_str("&amp;"),
            '"' => escaped.push_str("&quot;"),
            c => escaped.push(c),
        }
    }
    let body = NOT_FOUND_HTML.replace("{{what}}", &escaped);
    (StatusCode::NOT_FOUND, Html(body)).into_response()
}

/// A game's page; a clear 404 page when there is no such game (a broken or old link).
async fn game_page(State(st): State<AppState>, Path(id): Path<String>) -> Response {
    let hub = st.hub.clone();
    let id2 = id.clone();
    let known = blocking(move || Ok(hub.store.game(&id2)?.is_some())).await;
    match known {
        Ok(false) => not_found_page(&format!(
            "There is no game “{}” on this server: the link is broken, or the game was removed.",
            shortened(&id, QUOTED)
        )),
        _ => Html(INDEX_HTML).into_response(),
    }
}

async fn rulings() -> Response {
    asset(RULINGS_MD, "text/markdown; charset=utf-8")
}

/// An unknown address: JSON for the API, a page a person can read for everything else.
async fn not_found(req: Request) -> Response {
    if req.uri().path().starts_with("/api/") {
        return ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page or endpoint: see docs/server.md").into_response();
    }
    not_found_page(&format!(
        "There is no page “{}” on this server.",
        shortened(req.uri().path(), QUOTED)
    ))
}

/// Whether the server can do its work: the database takes a write (a real one, committed:
/// not read-only, not locked, still there) and its disk has `--min-free-disk-mib` free.
/// `503` with the reason when not.
async fn health(State(st): State<AppState>) -> Response {
    let hub = st.hub.clone();
    let (path, min_mib) = (st.db_path.clone(), st.limits.min_free_disk_mib);
    let db = blocking(move || {
        hub.store.writable()?;
        if let Some(free) = path.as_deref().and_then(free_disk_bytes) {
            let free_mib = free >> 20;
            if free_mib < min_mib {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "disk_full",
                    format!(
                        "the disk holding the database has {free_mib} MiB free, less than the {min_mib} MiB this server keeps (`serve --min-free-disk-mib`): free some space"
                    ),
                ));
            }
        }
        Ok(())
    })
    .await;
    let games = st.hub.in_memory();
    let strategy_games = st.strategy.as_ref().map_or(0, |s| s.in_memory());
    let body = |ok: bool, db: String| json!({ "ok": ok, "version": env!("CARGO_PKG_VERSION"), "db": db, "games_in_memory": games, "strategy_games_in_memory": strategy_games });
    match db {
        Ok(()) => Json(body(true, "ok".into())).into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, Json(body(false, e.message))).into_response(),
    }
}

/// Bytes free to this process on the disk holding `db` (`statvfs` of its folder).
fn free_disk_bytes(db: &std::path::Path) -> Option<u64> {
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let v = rustix::fs::statvfs(dir).ok()?;
    Some(v.f_bavail.saturating_mul(v.f_frsize))
}

/// The scenarios played under the battlefront rules (the players may set them up).
fn battlefront_scenarios() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        scenario_names()
            .into_iter()
            .filter(|n| crate::play::setup_for(n, None).is_ok_and(|s| s.edition == Edition::Battlefront))
            .collect()
    })
}

/// The edition a request names, else the server's.
fn edition_or(name: Option<&str>, server: Edition) -> Result<Edition, ApiError> {
    match name.map(str::trim).filter(|e| !e.is_empty()) {
        None => Ok(server),
        Some(e) => Edition::from_name(e)
            .ok_or_else(|| ApiError::bad_request("bad_edition", format!("`{e}` is not an edition: revised or battlefront"))),
    }
}

async fn scenarios(State(st): State<AppState>) -> Json<Value> {
    Json(json!({
        "scenarios": scenario_names(),
        "battlefront": battlefront_scenarios(),
        // The server's edition (`serve --edition`) and the scenario the new-game form opens on.
        "edition": st.edition.name(),
        "default": default_scenario(st.edition),
        "setup": ["scenario", "players"],
        "ai": ["random", "greedy", "mcts:200ms", "mcts:1s"],
    }))
}

/// Runs blocking work (the engine, the database, the AI) off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "server_error", format!("a task failed: {e}")))?
}

/// A query string read as `T`; one that does not read is refused as JSON (`bad_query`), like
/// every other refusal (axum's own answer is plain text).
pub(crate) struct Q<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(q)| Q(q))
            .map_err(|e| {
                ApiError::bad_request(
                    "bad_query",
                    format!("the query string is not the one expected here: {}", e.body_text()),
                )
            })
    }
}

/// A request body as the handlers take it: bytes read under the size limit, or why not.
pub(crate) type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

/// The body as JSON of type `T`, with clear errors.
fn parse_body<T: serde::de::DeserializeOwned>(body: Body) -> Result<T, ApiError> {
    read_json(body, "the request body is too large for this server")
}

/// The body as JSON of type `T`, with clear errors (`too_large`: the message of a body over
/// the limit).
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(body: Body, too_large: &'static str) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", too_large)
        } else {
            ApiError::bad_request("bad_body", format!("cannot read the request body: {e}"))
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad_request("bad_json", format!("the body is not the JSON expected here: {e}")))
}

fn parse_side(s: &str) -> Option<Side> {
    match s.trim() {
        "a" | "A" => Some(Side::A),
        "b" | "B" => Some(Side::B),
        _ => None,
    }
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::A => "A",
        Side::B => "B",
    }
}

fn parse_seat(hub: &Hub, s: &str) -> Result<Seat, ApiError> {
    let s = s.trim();
    if s.is_empty() || s == "human" {
        return Ok(Seat::Human);
    }
    let spec = s.strip_prefix("ai").map_or(s, str::trim);
    let spec = if spec.is_empty() { "mcts:200ms" } else { spec };
    hub.check_spec(spec)?;
    Ok(Seat::Ai(spec.to_string()))
}

/// A dice seed from the system's random source (or the clock).
pub(crate) fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    if getrandom::fill(&mut b).is_err() {
        return std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
    }
    u64::from_le_bytes(b) >> 1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateReq {
    #[serde(default)]
    scenario: Option<String>,
    #[serde(default)]
    side: Option<String>,
    /// `human`, or an AI spec (`ai greedy`, `mcts:200ms`).
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    spectators: Option<bool>,
    /// Both seats played by the AI (`ai greedy`): a game to watch.
    #[serde(default)]
    both_ai: Option<String>,
    /// The armies, in place of the scenario's (a side left out keeps the scenario's army).
    #[serde(default)]
    armies: Option<ArmiesReq>,
    /// Where a battlefront game's table comes from: `scenario` (default: the scenario file's
    /// fixed layout) or `players` (the game begins with the players' set-up).
    #[serde(default)]
    setup: Option<String>,
    /// List the other (human) seat in the lobby for anyone to take (default: only the
    /// invite link opens it).
    #[serde(default)]
    public: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ArmiesReq {
    #[serde(default)]
    a: Option<ArmyChoice>,
    #[serde(default)]
    b: Option<ArmyChoice>,
}

/// The scenario file with the chosen armies (None: none chosen), or every problem with them.
fn chosen_armies(scenario: &str, req: Option<ArmiesReq>) -> Result<Option<String>, ApiError> {
    let req = req.unwrap_or_default();
    let choices = BySide { a: req.a, b: req.b };
    if choices.a.is_none() && choices.b.is_none() {
        return Ok(None);
    }
    let bad = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_army", m);
    let terms = armies::scenario_terms(scenario).map_err(bad)?;
    let mut files = BySide::default();
    let mut problems = Vec::new();
    for side in Side::ALL {
        let Some(choice) = &choices[side] else { continue };
        let checked = armies::resolve(choice, side, Some(terms)).map_err(bad)?;
        if let Some(a) = checked.ok() {
            files[side] = Some(a.clone());
        } else {
            problems.push(format!("The army of side {side} is refused:"));
            problems.extend(checked.problems.iter().map(|p| format!("  {p}")));
        }
    }
    if !problems.is_empty() {
        return Err(bad(problems.join("\n")));
    }
    armies::scenario_with_armies(scenario, &files)
        .map(Some)
        .map_err(|ps| bad(format!("The scenario refuses the armies:\n  {}", ps.join("\n  "))))
}

/// What the creator of a game is given: his seat's link, the invite link of the other human
/// seat (its secret code, not a token: whoever claims it first gets a fresh token), and the
/// spectator link.
fn links(cell: &GameCell, me: Option<Side>) -> Value {
    let row = cell.row();
    let mine = me.map(|s| {
        json!({
            "side": side_name(s),
            "player": row.seats[s].to_text(),
            "token": row.tokens[s],
            "link": format!("/game/{}?seat={}", row.id, row.tokens[s]),
        })
    });
    let invite = me.map(Side::other).filter(|&o| !row.claimed[o]).and_then(|o| {
        row.invites[o].as_ref().map(|code| {
            json!({
                "side": side_name(o),
                "player": row.seats[o].to_text(),
                "invite": code,
                "public": row.public[o],
                "link": format!("/game/{}?invite={code}", row.id),
            })
        })
    });
    json!({
        "id": row.id,
        "you": mine,
        "invite": invite,
        "spectator_link": row.spectator.as_ref().map(|t| format!("/game/{}?seat={t}", row.id)),
    })
}

/// A new game's request read, all but the chosen armies (worked on apart, under the time
/// budget): the game (`scenario_text` still none), the armies asked and the creator's seat.
/// `seed` gives the dice seed when the request names none.
fn plan_new_game(
    hub: &Hub,
    edition: Edition,
    req: CreateReq,
    seed: impl FnOnce() -> u64,
) -> Result<(NewGame, Option<ArmiesReq>, Option<Side>), ApiError> {
    let side = match req.side.as_deref() {
        None => Side::A,
        Some(s) => parse_side(s).ok_or_else(|| ApiError::bad_request("bad_side", format!("`{s}` is not a side: give `a` or `b`")))?,
    };
    let scenario = req.scenario.unwrap_or_else(|| default_scenario(edition).to_string());
    let (seats, me) = match &req.both_ai {
        Some(spec) => {
            let s = parse_seat(hub, &format!("ai {}", spec.trim().trim_start_matches("ai").trim()))?;
            (BySide { a: s.clone(), b: s }, None)
        }
        None => {
            let opp = parse_seat(hub, req.opponent.as_deref().unwrap_or("ai mcts:200ms"))?;
            let mut seats = BySide {
                a: Seat::Human,
                b: Seat::Human,
            };
            seats[side.other()] = opp;
            (seats, Some(side))
        }
    };
    let seed = req.seed.unwrap_or_else(seed);
    let players_setup = match req.setup.as_deref().map(str::trim) {
        None | Some("" | "scenario") => None,
        Some("players") => Some(PlayersSetup {
            seed: PlayersSetup::seed_for(seed),
            decisions: Vec::new(),
        }),
        Some(other) => {
            return Err(ApiError::bad_request(
                "bad_setup",
                format!("`{other}` is not a set-up: give `scenario` (the scenario's layout) or `players` (the players lay the table)"),
            ))
        }
    };
    let new = NewGame {
        scenario,
        scenario_text: None,
        seed,
        seats,
        spectators: req.spectators.unwrap_or(true) || me.is_none(),
        creator: me,
        public: req.public.unwrap_or(false),
        decisions: Vec::new(),
        setup: players_setup,
    };
    Ok((new, req.armies, me))
}

async fn create(State(st): State<AppState>, ConnectInfo(addr): ConnectInfo<SocketAddr>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: CreateReq = parse_body(body)?;
    let (mut new, armies_req, me) = plan_new_game(&st.hub, st.edition, req, random_seed)?;
    new.scenario_text = {
        let scenario = new.scenario.clone();
        st.work(move || chosen_armies(&scenario, armies_req)).await?
    };
    st.count_new_game(addr.ip())?;
    let hub = st.hub.clone();
    let cell = blocking(move || hub.create(new)).await?;
    Ok(Json(links(&cell, me)))
}

#[derive(Deserialize)]
struct OfferQuery {
    #[serde(default)]
    scenario: Option<String>,
}

/// What the new-game form offers for a scenario: its own armies, the shipped army files and
/// the builder's cards.
async fn armies_offer(State(st): State<AppState>, Q(q): Q<OfferQuery>) -> Result<Json<Value>, ApiError> {
    let scenario = q.scenario.unwrap_or_else(|| default_scenario(st.edition).to_string());
    let v = blocking(move || armies::offer_json(&scenario).map_err(|m| ApiError::bad_request("bad_scenario", m))).await?;
    Ok(Json(v))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckArmyReq {
    #[serde(default)]
    scenario: Option<String>,
    #[serde(default)]
    shipped: Option<String>,
    #[serde(default)]
    toml: Option<String>,
    #[serde(default)]
    units: Option<Vec<armies::PickedUnit>>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    bloc: Option<String>,
}

/// Checks an army (an uploaded file or the builder's units) for a scenario: every problem,
/// the cost, and the army file (200 even when the army has problems: `ok` says).
async fn armies_check(State(st): State<AppState>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: CheckArmyReq = parse_body(body)?;
    let v = st.work(move || check_army(req)).await?;
    Ok(Json(v))
}

/// The answer to an army check: the army read and checked for the scenario, if one is named.
fn check_army(req: CheckArmyReq) -> Result<Value, ApiError> {
    let terms = match req.scenario.as_deref() {
        Some(s) => Some(armies::scenario_terms(s).map_err(|m| ApiError::bad_request("bad_scenario", m))?),
        None => None,
    };
    let choice = ArmyChoice {
        shipped: req.shipped,
        toml: req.toml,
        units: req.units,
        name: req.name,
        bloc: req.bloc,
    };
    let checked = armies::resolve(&choice, Side::A, terms).map_err(|m| ApiError::bad_request("bad_army", m))?;
    Ok(armies::checked_json(&checked, terms))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportReq {
    record: String,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    spectators: Option<bool>,
    #[serde(default)]
    public: Option<bool>,
}

fn read_record(text: &str) -> Result<dust_data::record::Record, ApiError> {
    dust_data::record::Record::parse(text, "uploaded record")
        .map_err(|ds| ApiError::bad_request("bad_record", ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")))
}

async fn import(State(st): State<AppState>, ConnectInfo(addr): ConnectInfo<SocketAddr>, body: Body) -> Result<Json<Value>, ApiError> {
    let mut req: ImportReq = parse_body(body)?;
    let text = std::mem::take(&mut req.record);
    let rec = st.work(move || read_record(&text)).await?;
    let (new, side) = plan_import(&st.hub, &req, &rec)?;
    st.count_new_game(addr.ip())?;
    let hub = st.hub.clone();
    let cell = st.work(move || hub.create(new)).await?;
    warn_if_hash_differs(&cell, rec.final_hash);
    Ok(Json(links(&cell, Some(side))))
}

/// The game an uploaded record makes (its seats from the request) and the uploader's side.
fn plan_import(hub: &Hub, req: &ImportReq, rec: &dust_data::record::Record) -> Result<(NewGame, Side), ApiError> {
    let side = match req.side.as_deref() {
        None => Side::A,
        Some(s) => parse_side(s).ok_or_else(|| ApiError::bad_request("bad_side", format!("`{s}` is not a side: give `a` or `b`")))?,
    };
    let mut seats = BySide {
        a: Seat::Human,
        b: Seat::Human,
    };
    seats[side.other()] = parse_seat(hub, req.opponent.as_deref().unwrap_or("ai mcts:200ms"))?;
    let (scenario, scenario_text) = match &rec.scenario {
        dust_data::record::ScenarioRef::Builtin(n) => (n.clone(), None),
        dust_data::record::ScenarioRef::Embedded(t) => ("embedded".to_string(), Some(t.clone())),
    };
    let new = NewGame {
        scenario,
        scenario_text,
        seed: rec.seed,
        seats,
        spectators: req.spectators.unwrap_or(true),
        creator: Some(side),
        public: req.public.unwrap_or(false),
        decisions: rec.decisions.clone(),
        setup: rec.setup.clone(),
    };
    Ok((new, side))
}

/// Logs an uploaded game whose state differs from its record's final hash.
fn warn_if_hash_differs(cell: &GameCell, final_hash: Option<u64>) {
    let playing = cell.live().in_setup().is_none();
    if let (Some(expected), true) = (final_hash, playing) {
        let now = cell.live().played.game.state_hash();
        if now != expected {
            tracing::warn!(expected = %format!("{expected:#018x}"), now = %format!("{now:#018x}"), "an uploaded record's final hash differs");
        }
    }
}

async fn lobby(State(st): State<AppState>) -> Result<Json<Value>, ApiError> {
    let hub = st.hub.clone();
    let rows = blocking(move || hub.recent(100)).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|r| {
            let open: Vec<&str> = Side::ALL
                .into_iter()
                .filter(|&s| !r.seats[s].is_ai() && r.public[s] && !r.claimed[s])
                .map(side_name)
                .collect();
            json!({
                "id": r.id,
                "scenario": r.scenario,
                "players": { "a": r.seats.a.to_text(), "b": r.seats.b.to_text() },
                "open": open,
                "status": r.status,
                "result": r.result,
                "plies": r.plies,
                "updated": r.updated,
                "watch": r.spectator.as_ref().map(|t| format!("/game/{}?seat={t}", r.id)),
            })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

#[derive(Deserialize)]
struct SeatQuery {
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    since: Option<usize>,
}

async fn open_game(st: &AppState, id: String, token: Option<&str>) -> Result<(Arc<GameCell>, Viewer), ApiError> {
    let hub = st.hub.clone();
    let cell = blocking(move || hub.cell(&id)).await?;
    let token = token.ok_or_else(ApiError::no_token)?;
    let viewer = st.hub.viewer(&cell, token)?;
    Ok((cell, viewer))
}

fn state_for(cell: &GameCell, viewer: Viewer, since: usize) -> Value {
    let row = cell.row();
    let live = cell.live();
    let mut v = match live.in_setup() {
        Some(phase) => crate::setup::state_json(&live.played.game, phase, viewer.side(), &row.seats),
        None => view::state_json(&live.played.game, &live.played.decisions, viewer.side(), since),
    };
    if let (Some(phase), None) = (&live.setup, live.in_setup()) {
        // The table the players laid, for the page's record of the game.
        v["setup_done"] = json!(phase.decisions().len());
    }
    v["id"] = json!(row.id);
    v["scenario"] = json!(row.scenario);
    // The seed tells the dice to come: shown only with the record (crate::secrets).
    let record = record_allowed(&row, viewer);
    if record {
        v["seed"] = json!(row.seed.to_string());
    }
    v["record_available"] = json!(record);
    v["players"] = json!({ "a": row.seats.a.to_text(), "b": row.seats.b.to_text() });
    v["thinking"] = json!(live.thinking);
    v["armies"] = json!({ "a": cell.armies.a, "b": cell.armies.b });
    v["spectator"] = json!(viewer == Viewer::Spectator);
    // The AI's last decisions in words, and what this viewer may take back.
    v["ai_words"] = ai_words_json(&live.ai_words);
    drop(live);
    v["undo"] = crate::undo::undo_json(cell, viewer);
    // A damaged stored game: why, shown read-only (issue 16, item 7).
    v["corrupt"] = json!(cell.corrupt);
    if cell.corrupt.is_some() {
        v["yours"] = json!(false);
        v["decisions"] = json!([]);
    }
    v
}

/// The AI's last decisions in words (`hub::Live::ai_words`), as the page reads them.
fn ai_words_json(words: &[crate::hub::AiWords]) -> Value {
    words
        .iter()
        .map(|w| json!({ "ply": w.ply, "side": side_name(w.side), "text": w.text }))
        .collect()
}

/// What a game's WebSocket is sent now (issue 16, `crate::push`): during the players' set-up
/// its whole state; else a whole `state` the first time and an `update` with what changed
/// after, put together from the game's [`crate::push::Snapshot`], written once a change.
fn push_for(cell: &GameCell, viewer: Viewer, pushed: &mut crate::push::Pushed) -> String {
    // What this viewer may take back (it reads the row and the game itself: before they are held).
    let undo = crate::undo::undo_json(cell, viewer);
    let row = cell.row();
    let live = cell.live();
    pushed.at_epoch(live.epoch);
    if live.in_setup().is_some() {
        drop(live);
        pushed.forget();
        let mut v = state_for(cell, viewer, pushed.events_seen);
        v["type"] = json!("state");
        return v.to_string();
    }
    let snap = {
        let mut cached = crate::hub::lock(&cell.view);
        match &*cached {
            Some(s) if s.is_of(&live.played.game, live.played.decisions.len()) => s.clone(),
            _ => {
                let s = Arc::new(crate::push::Snapshot::new(
                    &live.played.game,
                    &live.played.decisions,
                    cached.as_deref(),
                ));
                *cached = Some(s.clone());
                s
            }
        }
    };
    let record = record_allowed(&row, viewer);
    let fixed = if pushed.is_fresh() {
        let mut f = json!({
            "id": row.id,
            "scenario": row.scenario,
            "players": { "a": row.seats.a.to_text(), "b": row.seats.b.to_text() },
            "armies": { "a": cell.armies.a, "b": cell.armies.b },
        });
        if let Some(phase) = &live.setup {
            // The table the players laid, for the page's record of the game.
            f["setup_done"] = json!(phase.decisions().len());
        }
        let f = f.to_string();
        f[1..f.len() - 1].to_string()
    } else {
        String::new()
    };
    // The page's table (issue 20), in every message as in `state_for`: the AI's last decisions
    // in words, the undo, the end-of-game summary and the guided game's lessons for this seat.
    let g = &live.played.game;
    let lessons = match viewer.side() {
        Some(_) => view::lessons_json(g, &g.legal_decisions(), viewer.side(), pushed.events_seen.min(g.events().len())),
        None => Value::Null,
    };
    let table = json!({
        "ai_words": ai_words_json(&live.ai_words),
        "undo": undo,
        "summary": view::summary_if_over(g),
        "lessons": lessons,
    })
    .to_string();
    let who = crate::push::ViewerPart {
        you: viewer.side(),
        spectator: viewer == Viewer::Spectator,
        record_available: record,
        seed: record.then_some(row.seed),
        thinking: live.thinking,
        corrupt: cell.corrupt.as_deref(),
        fixed,
        each: table[1..table.len() - 1].to_string(),
    };
    crate::push::message(&snap, &live.played.game, &who, pushed)
}

async fn state_of(State(st): State<AppState>, Path(id): Path<String>, Q(q): Q<SeatQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, viewer) = open_game(&st, id, q.seat.as_deref()).await?;
    let since = q.since.unwrap_or(0);
    let v = blocking(move || Ok(state_for(&cell, viewer, since))).await?;
    Ok(Json(v))
}

/// A decision sent by a seat (both games): its token, the decision, and the number of
/// decisions taken when it was made (a replayed or late message is refused).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DecideReq {
    pub seat: String,
    pub decision: String,
    /// Required (issue 16, item 9: the docs say every decision carries it).
    pub ply: u32,
}

async fn decide(State(st): State<AppState>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: DecideReq = parse_body(body)?;
    let (cell, viewer) = open_game(&st, id, Some(&req.seat)).await?;
    let hub = st.hub.clone();
    let c2 = cell.clone();
    let ply = blocking(move || hub.decide(&c2, viewer, &req.decision, Some(req.ply))).await?;
    let live = cell.live();
    let pending = match live.in_setup() {
        Some(phase) => crate::setup::pending_json(phase),
        None => view::pending_json(&live.played.game),
    };
    Ok(Json(json!({
        "ok": true,
        "ply": ply,
        "setup": live.in_setup().is_some(),
        "hash": format!("{:#018x}", live.played.game.state_hash()),
        "pending": pending,
    })))
}

/// An undo asked by a seat: `request`, `accept`, `decline` or `cancel` (crate::undo).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoReq {
    seat: String,
    ask: String,
}

async fn undo(State(st): State<AppState>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: UndoReq = parse_body(body)?;
    let ask = crate::undo::UndoAsk::from_name(&req.ask)
        .ok_or_else(|| ApiError::bad_request("bad_undo", "`ask` is `request`, `accept`, `decline` or `cancel`"))?;
    let (cell, viewer) = open_game(&st, id, Some(&req.seat)).await?;
    let hub = st.hub.clone();
    let c2 = cell.clone();
    let ply = blocking(move || hub.undo(&c2, viewer, ask)).await?;
    let v = blocking(move || Ok(crate::undo::undo_json(&cell, viewer))).await?;
    Ok(Json(json!({ "ok": true, "ply": ply, "undo": v })))
}

#[derive(Deserialize)]
struct ExplainQuery {
    rule: String,
}

/// The rule behind a log event in the project's own words, with its ruling when it is one.
async fn explain_rule(Q(q): Q<ExplainQuery>) -> Result<Json<Value>, ApiError> {
    let e = dust_data::explain::explain(&q.rule).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_explanation",
            format!("no explanation of `{}` yet", shortened(&q.rule, QUOTED)),
        )
    })?;
    Ok(Json(json!({
        "rule": q.rule,
        "words": e.words,
        "rulings": e.rulings.iter().map(|r| json!({ "title": r.title, "answer": r.answer })).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    #[serde(default)]
    side: Option<String>,
}

async fn join(State(st): State<AppState>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: JoinReq = parse_body(body)?;
    let side = match req.side.as_deref() {
        None | Some("") => None,
        Some(s) => Some(parse_side(s).ok_or_else(|| ApiError::bad_request("bad_side", format!("`{s}` is not a side: give `a` or `b`")))?),
    };
    let hub = st.hub.clone();
    let cell = blocking(move || hub.cell(&id)).await?;
    let hub = st.hub.clone();
    let c2 = cell.clone();
    let (side, token) = blocking(move || hub.join(&c2, side)).await?;
    let id = cell.row().id;
    Ok(Json(
        json!({ "side": side_name(side), "token": token, "link": format!("/game/{id}?seat={token}") }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimReq {
    invite: String,
}

/// Takes the seat of an invite link: a fresh token for this browser, once.
async fn claim(State(st): State<AppState>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: ClaimReq = parse_body(body)?;
    let hub = st.hub.clone();
    let cell = blocking(move || hub.cell(&id)).await?;
    let hub = st.hub.clone();
    let c2 = cell.clone();
    let (side, token) = blocking(move || hub.claim(&c2, &req.invite)).await?;
    let row = cell.row();
    Ok(Json(json!({
        "side": side_name(side),
        "token": token,
        "scenario": row.scenario,
        "link": format!("/game/{}?seat={token}", row.id),
    })))
}

#[derive(Deserialize)]
struct TargetsQuery {
    seat: Option<String>,
    unit: u8,
    #[serde(default)]
    from: Option<String>,
}

async fn targets(State(st): State<AppState>, Path(id): Path<String>, Q(q): Q<TargetsQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, _) = open_game(&st, id, q.seat.as_deref()).await?;
    let from = match q.from.as_deref().filter(|s| !s.is_empty()) {
        Some(s) => Some(
            s.parse::<Square>()
                .map_err(|e| ApiError::bad_request("bad_square", e.to_string()))?,
        ),
        None => None,
    };
    let v = blocking(move || {
        let live = cell.live();
        if live.in_setup().is_some() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "setup",
                "the players are laying the table: no unit is on it before the game begins",
            ));
        }
        let g = &live.played.game;
        let decl = view::Declaration::of(g);
        view::targets_json(g, &decl, UnitId(q.unit), from).map_err(|m| ApiError::bad_request("bad_unit", m))
    })
    .await?;
    Ok(Json(v))
}

/// Whether `viewer` may read the game's record and seed now ([`crate::secrets`]).
pub(crate) fn record_allowed(row: &crate::store::GameRow, viewer: Viewer) -> bool {
    let people = [!row.seats.a.is_ai(), !row.seats.b.is_ai()];
    crate::secrets::may_read_record(row.status == "over", viewer.side().map(|s| usize::from(s == Side::B)), &people)
}

async fn record(State(st): State<AppState>, Path(id): Path<String>, Q(q): Q<SeatQuery>) -> Result<Response, ApiError> {
    let (cell, viewer) = open_game(&st, id, q.seat.as_deref()).await?;
    if !record_allowed(&cell.row(), viewer) {
        return Err(crate::secrets::record_hidden());
    }
    let id = cell.row().id;
    let text = st.hub.record(&cell).to_text();
    Ok(download(text, "application/toml; charset=utf-8", &format!("dust1947-{id}.toml")))
}

/// A file to save (a game record): `text` of type `mime`, named `filename`.
pub(crate) fn download(text: String, mime: &'static str, filename: &str) -> Response {
    let mut r = text.into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

/// The unit cards the odds page offers: the shipped cards, then the duel's test cards.
fn all_cards() -> Vec<dust_core::UnitCard> {
    let mut v = crate::cards::revised();
    v.extend(dust_core::game::tests_support::duel().units.iter().map(|u| u.card.as_ref().clone()));
    v
}

/// The cards of an edition for the odds: the card files (battlefront: with their battlefront
/// part; none for the revised edition) and the cards ([`all_cards`] for the revised edition).
fn edition_cards(edition: Edition) -> (Vec<dust_data::card::CardFile>, Vec<dust_core::UnitCard>) {
    match edition {
        Edition::Revised => (Vec::new(), all_cards()),
        Edition::Battlefront => {
            let files = crate::cards::for_edition(edition);
            let cards = files.iter().map(|f| f.card.clone()).collect();
            (files, cards)
        }
    }
}

#[derive(Deserialize)]
struct CardsQuery {
    #[serde(default)]
    edition: Option<String>,
}

/// The cards of the odds page, of the edition asked (default: the server's).
async fn cards(State(st): State<AppState>, Q(q): Q<CardsQuery>) -> Result<Json<Value>, ApiError> {
    let edition = edition_or(q.edition.as_deref(), st.edition)?;
    let cards: Vec<Value> = edition_cards(edition)
        .1
        .iter()
        .map(|c| {
            json!({
                "name": c.name,
                "kind": format!("{:?}", c.kind).to_lowercase(),
                "health": c.health,
                "armor": c.armor.to_string(),
                "provisional": c.is_provisional(),
                "weapons": c.weapons.iter().enumerate().map(|(i, w)| json!({
                    "line": i, "name": w.name, "range": w.range.to_string(),
                    "soldier": w.table.soldier.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "vehicle": w.table.vehicle.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "ammo": w.ammo,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(Json(json!({ "edition": edition.name(), "cards": cards })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OddsReq {
    attacker: String,
    target: String,
    #[serde(default)]
    attacker_alive: Option<u8>,
    #[serde(default)]
    target_alive: Option<u8>,
    #[serde(default)]
    lines: Option<Vec<usize>>,
    #[serde(default)]
    sustained: bool,
    #[serde(default)]
    cover: Option<String>,
    #[serde(default)]
    burst: bool,
    /// `revised` or `battlefront` (default: the server's): its cards, dice, saves and blast
    /// values.
    #[serde(default)]
    edition: Option<String>,
}

async fn odds(State(st): State<AppState>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: OddsReq = parse_body(body)?;
    let edition = edition_or(req.edition.as_deref(), st.edition)?;
    blocking(move || odds_answer(&req, edition).map(Json)).await
}

/// The odds of an attack asked in `req`, with the cards of `edition`.
fn odds_answer(req: &OddsReq, edition: Edition) -> Result<Value, ApiError> {
    let (files, cards) = edition_cards(edition);
    // The battlefront part of a battlefront card (exact blast and kill values).
    let bf_of = |c: &dust_core::UnitCard| {
        files
            .iter()
            .find(|f| f.card.name == c.name && f.info.edition == Edition::Battlefront)
            .map(|f| &f.info.battlefront)
    };
    let find = |n: &str| {
        cards.iter().find(|c| c.name.eq_ignore_ascii_case(n.trim())).ok_or_else(|| {
            ApiError::bad_request(
                "bad_card",
                format!(
                    "there is no card `{n}`: the cards are {}",
                    cards.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
                ),
            )
        })
    };
    let a = find(&req.attacker)?;
    let t = find(&req.target)?;
    let mut spec = dust_core::odds::AttackSpec::new(a, t).with_attacker_alive(req.attacker_alive.unwrap_or(a.health));
    if edition == Edition::Battlefront {
        spec = spec.battlefront(bf_of(a), bf_of(t));
    }
    if let Some(lines) = &req.lines {
        if lines.len() > 64 {
            return Err(ApiError::bad_request("bad_lines", "at most 64 weapon lines"));
        }
        spec = spec.with_lines(lines);
    }
    spec.target_alive = req.target_alive.unwrap_or(t.health);
    spec.sustained = req.sustained;
    spec.burst = req.burst;
    spec.cover = match req.cover.as_deref().unwrap_or("none") {
        "none" => dust_core::CoverLevel::None,
        "soft" => dust_core::CoverLevel::Soft,
        "hard" => dust_core::CoverLevel::Hard,
        other => {
            return Err(ApiError::bad_request(
                "bad_cover",
                format!("`{other}` is not a cover: none, soft or hard"),
            ))
        }
    };
    let o = dust_core::odds::odds(&spec).map_err(|e| ApiError::bad_request("bad_attack", e.to_string()))?;
    let mut v = view::odds_json(&o);
    v["attacker"] = json!(a.name);
    v["target"] = json!(t.name);
    v["edition"] = json!(edition.name());
    Ok(v)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayReq {
    record: String,
    #[serde(default)]
    step: Option<usize>,
}

async fn replay(State(st): State<AppState>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: ReplayReq = parse_body(body)?;
    st.work(move || replay_answer(&req).map(Json)).await
}

/// The state of a replayed record at the step asked (default: its end).
fn replay_answer(req: &ReplayReq) -> Result<Value, ApiError> {
    let rec = read_record(&req.record)?;
    let (name, text) = match &rec.scenario {
        dust_data::record::ScenarioRef::Builtin(n) => (n.clone(), None),
        dust_data::record::ScenarioRef::Embedded(t) => ("embedded".to_string(), Some(t.as_str())),
    };
    let mut setup = crate::play::setup_for(&name, text).map_err(|m| ApiError::bad_request("bad_scenario", m))?;
    if let Some(su) = &rec.setup {
        // The table the players laid (docs/record-format.md, `setup`).
        setup = su
            .game_setup(setup)
            .map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "record_refused", m))?;
    }
    let n = rec.decisions.len();
    let step = req.step.unwrap_or(n).min(n);
    let p = crate::play::Played::replay(setup, rec.seed, &rec.decisions[..step])
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "record_refused", e.to_string()))?;
    let mut v = view::state_json(&p.game, &p.decisions, None, 0);
    v["steps"] = json!(n);
    v["step"] = json!(step);
    v["scenario"] = json!(name);
    v["next_decision"] = json!(rec.decisions.get(step).map(ToString::to_string));
    v["players"] = json!({ "a": rec.players.a, "b": rec.players.b });
    Ok(v)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WsIn {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    decision: Option<String>,
    #[serde(default)]
    ply: Option<u32>,
}

async fn ws(
    State(st): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Q(q): Q<SeatQuery>,
    up: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let up = up.map_err(|e| ApiError::bad_request("not_websocket", format!("this address is a WebSocket: {}", e.body_text())))?;
    let (cell, viewer) = open_game(&st, id, q.seat.as_deref()).await?;
    let since = q.since.unwrap_or(0);
    let Some(slot) = st.sockets.enter(addr.ip()) else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_sockets",
            format!(
                "your address has {} WebSockets open on this server already: close a tab first",
                st.limits.max_sockets_per_address
            ),
        ));
    };
    if cell.tx.receiver_count() >= st.limits.max_sockets_per_game {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_sockets",
            format!(
                "this game has {} WebSockets open already: try again later",
                st.limits.max_sockets_per_game
            ),
        ));
    }
    // Frames up to 4× the largest message are read, so that a message too large is told why
    // before its socket closes (a larger frame closes it at once).
    Ok(up
        .max_message_size(4 * MAX_WS_MESSAGE)
        .max_frame_size(4 * MAX_WS_MESSAGE)
        .on_upgrade(move |socket| async move {
            ws_loop(st, cell, viewer, socket, since, addr.ip()).await;
            drop(slot);
        }))
}

/// The largest WebSocket message a client may send.
pub const MAX_WS_MESSAGE: usize = 16 * 1024;

/// Closes a WebSocket with a code and a reason (RFC 6455: 1008 policy, 1009 too big).
pub(crate) async fn close_with(socket: &mut WebSocket, code: u16, reason: &str) {
    let frame = axum::extract::ws::CloseFrame {
        code,
        reason: reason.to_string().into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

async fn send_json(socket: &mut WebSocket, v: &Value) -> bool {
    socket.send(Message::Text(v.to_string().into())).await.is_ok()
}

/// One WebSocket: the state on connect and after every change (only the new events), and
/// decisions from the client, each answered with `ack` or `error`. Messages count against
/// the client's rate limit like requests.
async fn ws_loop(st: AppState, cell: Arc<GameCell>, viewer: Viewer, mut socket: WebSocket, since: usize, ip: IpAddr) {
    let mut rx = cell.tx.subscribe();
    let mut stopping = st.stopping.clone();
    let mut strikes = 0u32;
    // Pings keep a quiet socket (a player thinking) within the idle timeout.
    let mut ping = tokio::time::interval(std::time::Duration::from_millis((st.limits.idle_timeout_ms / 3).max(100)));
    ping.tick().await;
    let push = |p: crate::push::Pushed| {
        let c = cell.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                let mut p = p;
                let m = push_for(&c, viewer, &mut p);
                (m, p)
            })
            .await
            .ok()
        }
    };
    let mut pushed = crate::push::Pushed::new(since);
    match push(std::mem::take(&mut pushed)).await {
        Some((m, p)) => {
            pushed = p;
            if socket.send(Message::Text(m.into())).await.is_err() {
                return;
            }
        }
        None => return,
    }
    loop {
        tokio::select! {
            changed = rx.recv() => {
                match changed {
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // Coalesce a burst of changes into one state.
                        while rx.try_recv().is_ok() {}
                        let Some((m, p)) = push(std::mem::take(&mut pushed)).await else { return };
                        pushed = p;
                        if socket.send(Message::Text(m.into())).await.is_err() { return; }
                    }
                    Err(_) => return,
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Vec::new().into())).await.is_err() { return; }
            }
            msg = socket.recv() => {
                let msg = match msg {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        close_with(&mut socket, 1009, &format!("cannot read the message: {e}")).await;
                        return;
                    }
                    None => return,
                };
                if let Message::Text(t) = &msg {
                    if t.len() > MAX_WS_MESSAGE {
                        close_with(&mut socket, 1009, &format!("a message is at most {MAX_WS_MESSAGE} bytes")).await;
                        return;
                    }
                }
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Binary(_) => String::from("\u{0}"),
                    Message::Close(_) => return,
                    _ => continue,
                };
                if !st.limiter.take(ip) {
                    strikes += 1;
                    let e = rate_limited("messages");
                    if !send_json(&mut socket, &json!({"type": "error", "error": e.to_json()["error"]})).await || strikes > 100 {
                        return;
                    }
                    continue;
                }
                let reply = ws_message(&st, &cell, viewer, &text).await;
                if !send_json(&mut socket, &reply).await { return; }
            }
            _ = stopping.changed() => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
        }
    }
}

/// What a WebSocket message asks.
enum WsAsk {
    Ping,
    /// A decision and the number of decisions it follows.
    Decide(String, u32),
}

/// A WebSocket message read, or the error to answer.
fn read_ws(text: &str) -> Result<WsAsk, ApiError> {
    let m: WsIn = serde_json::from_str(text).map_err(|e| {
        ApiError::bad_request(
            "bad_json",
            format!("a message is JSON like {{\"type\":\"decide\",\"decision\":\"move C4\",\"ply\":12}}: {e}"),
        )
    })?;
    match m.kind.as_str() {
        "ping" => Ok(WsAsk::Ping),
        "decide" => {
            let Some(d) = m.decision else {
                return Err(ApiError::bad_request("bad_json", "a `decide` message needs a `decision`"));
            };
            let Some(ply) = m.ply else {
                return Err(ApiError::bad_request(
                    "bad_json",
                    "a `decide` message needs `ply`, the number of decisions it follows (from the last state)",
                ));
            };
            Ok(WsAsk::Decide(d, ply))
        }
        other => Err(ApiError::bad_request(
            "bad_type",
            format!("`{other}` is not a message type: `decide` or `ping`"),
        )),
    }
}

fn ws_error(e: &ApiError) -> Value {
    json!({ "type": "error", "error": e.to_json()["error"] })
}

async fn ws_message(st: &AppState, cell: &Arc<GameCell>, viewer: Viewer, text: &str) -> Value {
    match read_ws(text) {
        Ok(WsAsk::Ping) => json!({ "type": "pong" }),
        Ok(WsAsk::Decide(d, ply)) => {
            let hub = st.hub.clone();
            let c = cell.clone();
            let started = Instant::now();
            match blocking(move || hub.decide(&c, viewer, &d, Some(ply))).await {
                Ok(ply) => json!({ "type": "ack", "ply": ply, "micros": started.elapsed().as_micros() as u64 }),
                Err(e) => ws_error(&e),
            }
        }
        Err(e) => ws_error(&e),
    }
}

/// The API's request bodies and WebSocket messages read and worked on as the handlers do,
/// without the network: for the fuzz targets and their tests (`fuzz/`). No rate limit, no
/// time budget, no reader slot; a game's AI seats are checked but played by nobody.
#[doc(hidden)]
pub mod offline {
    use super::*;

    fn json_of<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
        read_json(Ok(Bytes::copy_from_slice(body)), "too large")
    }

    /// Leaves the AI seats to people, so that no search starts.
    fn without_ai(mut new: NewGame) -> NewGame {
        for side in Side::ALL {
            if new.seats[side].is_ai() {
                new.seats[side] = Seat::Human;
            }
        }
        new
    }

    /// `POST /api/games`: the game made (dice seed 1 unless the body names one).
    ///
    /// # Errors
    /// The handler's.
    pub fn new_game(hub: &Arc<Hub>, edition: Edition, body: &[u8]) -> Result<Arc<GameCell>, ApiError> {
        let (mut new, armies_req, _) = plan_new_game(hub, edition, json_of(body)?, || 1)?;
        new.scenario_text = chosen_armies(&new.scenario, armies_req)?;
        hub.create(without_ai(new))
    }

    /// `POST /api/games/import`: the game made from the record.
    ///
    /// # Errors
    /// The handler's.
    pub fn import(hub: &Arc<Hub>, body: &[u8]) -> Result<Arc<GameCell>, ApiError> {
        let req: ImportReq = json_of(body)?;
        let rec = read_record(&req.record)?;
        let (new, _) = plan_import(hub, &req, &rec)?;
        let cell = hub.create(without_ai(new))?;
        warn_if_hash_differs(&cell, rec.final_hash);
        Ok(cell)
    }

    /// `POST /api/games/{id}/decide` on `cell`: the new number of decisions.
    ///
    /// # Errors
    /// The handler's.
    pub fn decide(hub: &Arc<Hub>, cell: &Arc<GameCell>, body: &[u8]) -> Result<u32, ApiError> {
        let req: DecideReq = json_of(body)?;
        let viewer = hub.viewer(cell, &req.seat)?;
        hub.decide(cell, viewer, &req.decision, Some(req.ply))
    }

    /// `POST /api/games/{id}/join` on `cell`: the side and its token.
    ///
    /// # Errors
    /// The handler's.
    pub fn join(hub: &Arc<Hub>, cell: &Arc<GameCell>, body: &[u8]) -> Result<(Side, String), ApiError> {
        let req: JoinReq = json_of(body)?;
        let side = match req.side.as_deref() {
            None | Some("") => None,
            Some(s) => Some(parse_side(s).ok_or_else(|| ApiError::bad_request("bad_side", "not a side"))?),
        };
        hub.join(cell, side)
    }

    /// `POST /api/games/{id}/claim` on `cell`: the side and its token.
    ///
    /// # Errors
    /// The handler's.
    pub fn claim(hub: &Arc<Hub>, cell: &Arc<GameCell>, body: &[u8]) -> Result<(Side, String), ApiError> {
        let req: ClaimReq = json_of(body)?;
        hub.claim(cell, &req.invite)
    }

    /// `POST /api/games/{id}/undo` on `cell`: the number of decisions after it.
    ///
    /// # Errors
    /// The handler's.
    pub fn undo(hub: &Arc<Hub>, cell: &Arc<GameCell>, body: &[u8]) -> Result<u32, ApiError> {
        let req: UndoReq = json_of(body)?;
        let ask = crate::undo::UndoAsk::from_name(&req.ask).ok_or_else(|| ApiError::bad_request("bad_undo", "not an ask"))?;
        let viewer = hub.viewer(cell, &req.seat)?;
        hub.undo(cell, viewer, ask)
    }

    /// A WebSocket message from `viewer` on `cell`: the answer sent back.
    pub fn ws_message(hub: &Arc<Hub>, cell: &Arc<GameCell>, viewer: Viewer, text: &str) -> Value {
        if text.len() > MAX_WS_MESSAGE {
            return json!({ "type": "close", "code": 1009 });
        }
        match read_ws(text) {
            Ok(WsAsk::Ping) => json!({ "type": "pong" }),
            Ok(WsAsk::Decide(d, ply)) => match hub.decide(cell, viewer, &d, Some(ply)) {
                Ok(ply) => json!({ "type": "ack", "ply": ply }),
                Err(e) => ws_error(&e),
            },
            Err(e) => ws_error(&e),
        }
    }

    /// The state a seat or spectator is sent (`GET /api/games/{id}`, a WebSocket's `state`).
    pub fn state(cell: &GameCell, viewer: Viewer) -> Value {
        state_for(cell, viewer, 0)
    }

    /// `POST /api/odds`, the server's edition being `edition`.
    ///
    /// # Errors
    /// The handler's.
    pub fn odds(edition: Edition, body: &[u8]) -> Result<Value, ApiError> {
        let req: OddsReq = json_of(body)?;
        let edition = edition_or(req.edition.as_deref(), edition)?;
        odds_answer(&req, edition)
    }

    /// `POST /api/armies/check`.
    ///
    /// # Errors
    /// The handler's.
    pub fn check_army(body: &[u8]) -> Result<Value, ApiError> {
        super::check_army(json_of(body)?)
    }

    /// `POST /api/replay`.
    ///
    /// # Errors
    /// The handler's.
    pub fn replay(body: &[u8]) -> Result<Value, ApiError> {
        replay_answer(&json_of(body)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_refusals_logs_one_line_a_second() {
        // Issue 16, item 9: each refused request logged a WARN line; a flood flooded the log.
        let t0 = Instant::now();
        let mut l = LogLimiter::new();
        assert_eq!(l.allow_at(t0), Some(0));
        let logged = (1..=1000)
            .filter(|i| l.allow_at(t0 + std::time::Duration::from_micros(900 * i)).is_some())
            .count();
        assert_eq!(logged, 0, "1,000 refusals within 0.9 s: no more lines");
        assert_eq!(
            l.allow_at(t0 + std::time::Duration::from_millis(1001)),
            Some(1000),
            "the next line says how many were left out"
        );
        assert_eq!(l.allow_at(t0 + std::time::Duration::from_millis(1500)), None);
    }

    #[test]
    fn a_client_is_an_ip_address_or_an_ipv6_network() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(RateLimiter::client(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(RateLimiter::client(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(RateLimiter::client(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            RateLimiter::client(ip("2001:db8:1:2:bbbb::9")),
            RateLimiter::client(ip("2001:db8:1:2:aaaa::1"))
        );
        // Each client has its own bucket; addresses of one /64 share one.
        let l = RateLimiter::new(0.001, 2.0);
        assert!(l.take(ip("192.0.2.7")) && l.take(ip("192.0.2.7")));
        assert!(!l.take(ip("192.0.2.7")));
        assert!(l.take(ip("192.0.2.8")));
        assert!(l.take(ip("2001:db8::1")) && l.take(ip("2001:db8::2")));
        assert!(!l.take(ip("2001:db8::3")));
        assert!(l.take(ip("2001:db8:0:1::3")));
    }
}
