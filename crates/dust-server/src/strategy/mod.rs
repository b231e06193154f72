//! The Dust strategy board game in the browser (issue 9): a lobby to start a game for 2 to 6
//! seats (any mix of people and AIs), a page per seat with the world map as SVG, the seat's own
//! hand and its secret card choice, and every decision of every phase as a list the engine
//! made ([`dust_strategy::game::Game::legal_decisions`]). Decisions are checked by the engine
//! and stored before they are acknowledged (`hub::StrategyHub::commit`); after a restart
//! the games are replayed from the database.
//!
//! Endpoints (JSON; docs/strategy.md):
//!
//! | method and path | what |
//! | --- | --- |
//! | `GET /strategy`, `GET /strategy/{id}?seat=TOKEN` | the pages |
//! | `GET /api/strategy/map` | the world map: areas, grid cells, links (dotted, wrapping) |
//! | `POST /api/strategy/games` `{"seats": ["human", "heuristic"], "seed": 7}` | a new game: a secret link per human seat |
//! | `GET /api/strategy/games` | recent games |
//! | `GET /api/strategy/games/{id}?seat=TOKEN` | the state as this seat may see it |
//! | `POST /api/strategy/games/{id}/decide` `{"seat": TOKEN, "decision": "card 12", "ply": 40}` | a decision |
//! | `POST /api/strategy/games/{id}/decide` `{"seat": TOKEN, "decisions": ["buy tank 9 9", "buy tank 9 9"], "ply": 40}` | several decisions at once, all or none (buying by quantity) |
//! | `POST /api/strategy/games/{id}/plan` `{"seat": TOKEN, "decision": "move land 3 4", "counts": [2], "ply": 40}` | where a decision that asks numbers next stands, on a copy of the game (nothing is taken) |
//! | `GET /api/strategy/games/{id}/ws?seat=TOKEN` | a WebSocket: the state as this seat may see it, at once and after every change |
//! | `GET /api/strategy/games/{id}/record?seat=TOKEN` | the game record (`dust1947 strategy replay`): when the game is over, or to the only person of a game against AIs ([`crate::secrets`]) |
//!
//! What a seat sees: the public state (areas, units, production centers, victory points,
//! revealed cards, hand sizes, who has chosen a card) and its own hand; never another hand or
//! another face-down choice, never the seed. The choices are sent only to the seat that must
//! decide. `crates/dust-server/tests/secrets.rs` checks every endpoint as every seat and as a
//! spectator.

pub mod hub;
pub mod store;

use crate::error::ApiError;
use crate::http::{asset, blocking, download, random_seed, read_json, Body, Q};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::response::{Html, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dust_strategy::game::{CountPurpose, CountSubject, Decision, Game, Owner, Pending, PlayerId};
use dust_strategy::layout::Layout;
use dust_strategy::map::areas_of;
use dust_strategy::units::UnitKind;
use dust_strategy::{AreaKind, WorldMap};
use hub::{NewStrategyGame, StrategyCell, StrategyHub, StrategyViewer};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

static STRATEGY_HTML: &str = include_str!("../../assets/strategy.html");
static STRATEGY_JS: &str = include_str!("../../assets/strategy.js");
static STRATEGY_CSS: &str = include_str!("../../assets/strategy.css");

/// The strategy games of a server over its store (the unfinished games with an AI seat are
/// resumed by [`StrategyHub::resume_all`], in the background), sharing the tactics games' AI
/// ceiling, search slots and game quota.
pub fn open(
    store: store::StrategyStore,
    runtime: tokio::runtime::Handle,
    tactics: &crate::hub::Hub,
    quota: Arc<crate::http::GameQuota>,
    limits: &crate::http::Limits,
    sockets: Arc<crate::net::PerAddress>,
) -> Arc<StrategyHub> {
    let mut hub = StrategyHub::new(store, Some(runtime));
    // A quiet WebSocket (a person thinking) is pinged within the server's idle timeout.
    hub.ping = std::time::Duration::from_millis((limits.idle_timeout_ms / 3).max(100));
    hub.ai = tactics.ai;
    hub.search_permits = Some(tactics.search_permits());
    hub.quota = Some(quota);
    hub.sockets = Some(sockets);
    hub.max_sockets_per_game = limits.max_sockets_per_game;
    Arc::new(hub)
}

/// The routes of the strategy game (merged into the server's router).
pub fn router(hub: Arc<StrategyHub>) -> Router {
    Router::new()
        .route("/strategy", get(page))
        .route("/strategy/{id}", get(page))
        .route("/assets/strategy.js", get(script))
        .route("/assets/strategy.css", get(stylesheet))
        .route("/api/strategy/map", get(map_json))
        .route("/api/strategy/games", get(lobby).post(create))
        .route("/api/strategy/games/{id}", get(state_of))
        .route("/api/strategy/games/{id}/decide", post(decide))
        .route("/api/strategy/games/{id}/plan", post(plan))
        .route("/api/strategy/games/{id}/record", get(record))
        .route("/api/strategy/games/{id}/ws", get(ws))
        .layer(DefaultBodyLimit::max(16 * 1024))
        .with_state(hub)
}

async fn page() -> Html<&'static str> {
    Html(STRATEGY_HTML)
}

async fn script() -> Response {
    asset(STRATEGY_JS, "text/javascript; charset=utf-8")
}

async fn stylesheet() -> Response {
    asset(STRATEGY_CSS, "text/css; charset=utf-8")
}

/// The body as JSON of type `T`, with clear errors.
fn parse_body<T: serde::de::DeserializeOwned>(body: Body) -> Result<T, ApiError> {
    read_json(body, "the request body is too large")
}

/// The world map as JSON: each area with its kind, capital, power source and grid cell; each
/// link once, with `dotted` (land-sea) and `wrap` (west edge to east edge).
pub fn map_value(map: &WorldMap) -> Value {
    let lay = Layout::of(map);
    let areas: Vec<Value> = map
        .ids()
        .map(|a| {
            let info = map.area(a);
            let (c, r) = lay.cell(a);
            json!({
                "id": a.0,
                "name": info.name,
                "kind": if info.kind == AreaKind::Land { "land" } else { "sea" },
                "capital": info.capital,
                "power_source": info.power_source,
                "col": c,
                "row": r,
            })
        })
        .collect();
    let mut links = Vec::new();
    for a in map.ids() {
        for b in areas_of(map.adjacent(a)) {
            if b.0 > a.0 {
                let wrap = map.wrap_links().iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
                links.push(json!({ "a": a.0, "b": b.0, "dotted": map.is_dotted(a, b), "wrap": wrap }));
            }
        }
    }
    json!({ "name": map.name(), "cols": lay.cols, "rows": lay.rows, "areas": areas, "links": links })
}

async fn map_json() -> Json<Value> {
    Json(map_value(&WorldMap::builtin()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateReq {
    seats: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    round_limit: Option<u16>,
}

fn seat_links(row: &store::StrategyRow) -> Value {
    let seats: Vec<Value> = row
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let human = s == "human";
            json!({
                "seat": i,
                "name": PlayerId(i as u8).to_string(),
                "player": s,
                "token": human.then(|| row.tokens[i].clone()),
                "link": human.then(|| format!("/strategy/{}?seat={}", row.id, row.tokens[i])),
            })
        })
        .collect();
    json!({
        "id": row.id,
        "seats": seats,
        "spectator_link": format!("/strategy/{}?seat={}", row.id, row.spectator),
    })
}

async fn create(
    State(hub): State<Arc<StrategyHub>>,
    axum::extract::ConnectInfo(addr): axum::extract::ConnectInfo<std::net::SocketAddr>,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let req: CreateReq = parse_body(body)?;
    if let Some(q) = &hub.quota {
        q.count(addr.ip())?;
    }
    let new = NewStrategyGame {
        seats: req.seats,
        seed: req.seed.unwrap_or_else(random_seed),
        round_limit: req.round_limit.unwrap_or(40),
    };
    let cell = blocking(move || hub.create(new)).await?;
    let row = cell.row();
    let mut v = seat_links(&row);
    // The first person's link: the page that created the game opens it.
    v["you"] = row
        .seats
        .iter()
        .position(|s| s == "human")
        .map_or(Value::Null, |i| json!(format!("/strategy/{}?seat={}", row.id, row.tokens[i])));
    Ok(Json(v))
}

async fn lobby(State(hub): State<Arc<StrategyHub>>) -> Result<Json<Value>, ApiError> {
    let rows = blocking(move || hub.recent(50)).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "players": r.seats,
                "status": r.status,
                "winners": r.winners,
                "plies": r.plies,
                "updated": r.updated,
                "watch": format!("/strategy/{}?seat={}", r.id, r.spectator),
            })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

#[derive(Deserialize)]
struct SeatQuery {
    #[serde(default)]
    seat: Option<String>,
}

async fn open_game(hub: &Arc<StrategyHub>, id: String, token: Option<&str>) -> Result<(Arc<StrategyCell>, StrategyViewer), ApiError> {
    let token = token.filter(|t| !t.is_empty()).ok_or_else(ApiError::no_token)?.to_string();
    let h = hub.clone();
    blocking(move || {
        let cell = h.cell(&id)?;
        let viewer = h.viewer(&cell, &token)?;
        Ok((cell, viewer))
    })
    .await
}

async fn state_of(State(hub): State<Arc<StrategyHub>>, Path(id): Path<String>, Q(q): Q<SeatQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, viewer) = open_game(&hub, id, q.seat.as_deref()).await?;
    blocking(move || Ok(Json(state_value(&cell, viewer)))).await
}

/// A decision, or several at once (buying by quantity), all or none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StrategyDecideReq {
    seat: String,
    #[serde(default)]
    decision: Option<String>,
    #[serde(default)]
    decisions: Option<Vec<String>>,
    ply: u32,
}

impl StrategyDecideReq {
    /// The decisions asked: one, or a batch.
    fn texts(self) -> Result<Vec<String>, ApiError> {
        match (self.decision, self.decisions) {
            (Some(d), None) => Ok(vec![d]),
            (None, Some(v)) => Ok(v),
            _ => Err(ApiError::bad_request(
                "bad_decision",
                "give either `decision` (one) or `decisions` (a list, taken all or none)",
            )),
        }
    }
}

async fn decide(State(hub): State<Arc<StrategyHub>>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: StrategyDecideReq = parse_body(body)?;
    let seat = req.seat.clone();
    let ply = req.ply;
    let texts = req.texts()?;
    let req = (seat, ply);
    let (cell, viewer) = open_game(&hub, id, Some(&req.0)).await?;
    let h = hub.clone();
    let c = cell.clone();
    let ply = blocking(move || {
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        h.decide_all(&c, viewer, &refs, Some(req.1))
    })
    .await?;
    Ok(Json(json!({ "ok": true, "ply": ply })))
}

/// A decision that asks numbers next, and the numbers chosen so far.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanReq {
    seat: String,
    decision: String,
    #[serde(default)]
    counts: Vec<u8>,
    ply: u32,
}

/// `POST /api/strategy/games/{id}/plan`: where the seat's decision stands after the numbers
/// chosen so far, worked out on a copy of the game (nothing is taken): `{"step": "count",
/// "what", "about", "lo", "hi"}` (the next number), `{"step": "done", "what", "spends",
/// "odds"}` (to confirm; the page then sends the decision and its numbers together), or
/// `{"step": "now"}` (it asks no numbers). Only the seat that decides now, at this ply.
async fn plan(State(hub): State<Arc<StrategyHub>>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: PlanReq = parse_body(body)?;
    let (cell, viewer) = open_game(&hub, id, Some(&req.seat)).await?;
    blocking(move || plan_answer(&hub, &cell, viewer, &req).map(Json)).await
}

/// The answer of `plan` ([`plan`]).
fn plan_answer(hub: &StrategyHub, cell: &StrategyCell, viewer: StrategyViewer, req: &PlanReq) -> Result<Value, ApiError> {
    let first: Decision = req
        .decision
        .trim()
        .parse()
        .map_err(|e: dust_strategy::game::ParseDecisionError| ApiError::bad_request("bad_decision", e.to_string()))?;
    let live = cell.live();
    let me = hub.deciding(&live, viewer, Some(req.ply))?;
    let step = dust_strategy::text::plan_step(&live.game, me, first, &req.counts)
        .map_err(|e| ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, "illegal_decision", e.to_string()))?;
    Ok(match step {
        None => json!({ "step": "now" }),
        Some(dust_strategy::text::PlanStep::Count { what, about, lo, hi }) => {
            json!({ "step": "count", "what": what, "about": about, "lo": lo, "hi": hi })
        }
        Some(dust_strategy::text::PlanStep::Done { what, spends, odds }) => {
            json!({ "step": "done", "what": what, "spends": spends, "odds": odds })
        }
    })
}

/// The strategy game's request bodies worked on as the handlers do, without the network
/// (the fuzz targets' bodies, `fuzz/fuzz_targets/bodies/api.rs`).
pub mod offline {
    use super::*;

    fn json_of<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
        read_json(Ok(axum::body::Bytes::copy_from_slice(body)), "too large")
    }

    /// `POST /api/strategy/games/{id}/decide` on `cell` (one decision or a batch): the new
    /// number of decisions.
    ///
    /// # Errors
    /// The handler's.
    pub fn decide(hub: &Arc<StrategyHub>, cell: &Arc<StrategyCell>, body: &[u8]) -> Result<u32, ApiError> {
        let req: StrategyDecideReq = json_of(body)?;
        let viewer = hub.viewer(cell, &req.seat)?;
        let ply = req.ply;
        let texts = req.texts()?;
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        hub.decide_all(cell, viewer, &refs, Some(ply))
    }

    /// `POST /api/strategy/games/{id}/plan` on `cell`: the answer.
    ///
    /// # Errors
    /// The handler's.
    pub fn plan(hub: &Arc<StrategyHub>, cell: &Arc<StrategyCell>, body: &[u8]) -> Result<Value, ApiError> {
        let req: PlanReq = json_of(body)?;
        let viewer = hub.viewer(cell, &req.seat)?;
        plan_answer(hub, cell, viewer, &req)
    }
}

/// The largest message a client may send on a strategy WebSocket (the page sends none).
pub const MAX_STRATEGY_WS_MESSAGE: usize = 1024;

/// WebSockets open at once on one strategy game, without a server's limits
/// ([`StrategyHub::max_sockets_per_game`]).
pub const MAX_SOCKETS_PER_GAME: usize = 32;

/// `GET /api/strategy/games/{id}/ws?seat=TOKEN`: the game as this viewer may see it (the
/// same JSON as `GET /api/strategy/games/{id}`, with `"type": "state"`), on connecting and
/// after every change. Each socket is its viewer's own: a seat gets its own view, a spectator
/// the public one ([`state_value`]). Decisions are posted to `…/decide`.
async fn ws(
    State(hub): State<Arc<StrategyHub>>,
    axum::extract::ConnectInfo(addr): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    Q(q): Q<SeatQuery>,
    up: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let up = up.map_err(|e| ApiError::bad_request("not_websocket", format!("this address is a WebSocket: {}", e.body_text())))?;
    let (cell, viewer) = open_game(&hub, id, q.seat.as_deref()).await?;
    // The address's cap, shared with the tactics game's sockets (issue 16, item 3).
    let slot = match &hub.sockets {
        Some(s) => Some(s.enter(addr.ip()).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                "too_many_sockets",
                format!(
                    "your address has {} WebSockets open on this server already: close a tab first",
                    s.max()
                ),
            )
        })?),
        None => None,
    };
    let max = hub.max_sockets_per_game;
    if cell.changed.receiver_count() >= max {
        return Err(ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "too_many_sockets",
            format!("this game has {max} WebSockets open already: close a tab, or try again later"),
        ));
    }
    // The page sends nothing on this socket: small messages only (frames up to 4× are read,
    // so that a message too large is told why before its socket closes).
    Ok(up
        .max_message_size(4 * MAX_STRATEGY_WS_MESSAGE)
        .max_frame_size(4 * MAX_STRATEGY_WS_MESSAGE)
        .on_upgrade(move |socket| async move {
            ws_loop(hub, cell, viewer, socket).await;
            drop(slot);
        }))
}

async fn ws_loop(hub: Arc<StrategyHub>, cell: Arc<StrategyCell>, viewer: StrategyViewer, mut socket: WebSocket) {
    let mut changed = cell.changed.subscribe();
    let mut stopped = hub.stopped();
    let mut ping = tokio::time::interval(hub.ping);
    ping.tick().await;
    loop {
        changed.borrow_and_update();
        let c = cell.clone();
        let Ok(mut v) = tokio::task::spawn_blocking(move || state_value(&c, viewer)).await else {
            return;
        };
        v["type"] = json!("state");
        if socket.send(Message::Text(v.to_string().into())).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                r = changed.changed() => {
                    if r.is_err() { return; }
                    break;
                }
                _ = ping.tick() => {
                    if socket.send(Message::Ping(Vec::new().into())).await.is_err() { return; }
                }
                m = socket.recv() => match m {
                    Some(Ok(Message::Close(_))) | None => return,
                    Some(Err(e)) => {
                        crate::http::close_with(&mut socket, 1009, &format!("cannot read the message: {e}")).await;
                        return;
                    }
                    Some(Ok(Message::Text(t))) if t.len() > MAX_STRATEGY_WS_MESSAGE => {
                        let why = format!("a message is at most {MAX_STRATEGY_WS_MESSAGE} bytes (this socket only sends: post decisions to …/decide)");
                        crate::http::close_with(&mut socket, 1009, &why).await;
                        return;
                    }
                    Some(Ok(Message::Binary(b))) if b.len() > MAX_STRATEGY_WS_MESSAGE => {
                        let why = format!("a message is at most {MAX_STRATEGY_WS_MESSAGE} bytes");
                        crate::http::close_with(&mut socket, 1009, &why).await;
                        return;
                    }
                    Some(Ok(_)) => {}
                },
                _ = stopped.changed() => {
                    let _ = socket.send(Message::Close(None)).await;
                    return;
                }
            }
        }
    }
}

/// Whether `viewer` may read the full record of this game now ([`crate::secrets`]).
pub fn record_allowed(cell: &StrategyCell, viewer: StrategyViewer) -> bool {
    let over = cell.live().game.is_over();
    let row = cell.row();
    let people: Vec<bool> = row.seats.iter().map(|s| s == "human").collect();
    crate::secrets::may_read_record(over, viewer.seat().map(PlayerId::index), &people)
}

async fn record(State(hub): State<Arc<StrategyHub>>, Path(id): Path<String>, Q(q): Q<SeatQuery>) -> Result<Response, ApiError> {
    let (cell, viewer) = open_game(&hub, id, q.seat.as_deref()).await?;
    if !record_allowed(&cell, viewer) {
        return Err(crate::secrets::record_hidden());
    }
    let id = cell.row().id;
    let text = hub.record(&cell).to_text();
    Ok(download(
        text,
        "text/plain; charset=utf-8",
        &format!("dust1947-strategy-{id}.record"),
    ))
}

fn owner_value(o: Option<Owner>) -> Value {
    match o {
        Some(Owner::Player(p)) => json!(p.0),
        Some(Owner::Neutral) => json!("neutral"),
        None => Value::Null,
    }
}

fn card_value(g: &Game, c: dust_strategy::CardId) -> Value {
    let k = g.card(c);
    json!({
        "id": c.0,
        "ability": k.ability.key(),
        "title": k.ability.title(),
        "combat": k.combat,
        "movement": k.movement,
        "production": k.production,
        "stars": k.stars,
        "text": k.to_string(),
        "rules": k.ability.rules_text(),
    })
}

/// The areas a decision is about (to highlight them on the map).
pub fn decision_areas(d: Decision) -> Vec<u8> {
    match d {
        Decision::ClaimCapital(a)
        | Decision::ClaimArea(a)
        | Decision::PlaceProductionCenter(a)
        | Decision::BuyProductionCenter(a)
        | Decision::MechBuilder(a)
        | Decision::Missile(a)
        | Decision::MechDrop(a)
        | Decision::RetreatTo(a)
        | Decision::BuyNeutral { capital: a, .. } => vec![a.0],
        Decision::Buy { pc, at, .. } => {
            if pc == at {
                vec![at.0]
            } else {
                vec![pc.0, at.0]
            }
        }
        Decision::Move { from, to, .. }
        | Decision::Attack { from, to }
        | Decision::BomberStrike { from, to }
        | Decision::SubmarineStrike { from, to } => vec![from.0, to.0],
        _ => Vec::new(),
    }
}

/// What a choice does, in the book's words: a card's ability (the cards chosen, discarded or
/// used), the values of a unit bought.
pub fn choice_help(g: &Game, d: Decision) -> Option<String> {
    let card = |c: dust_strategy::CardId| {
        let k = g.card(c);
        format!("{}: {}", k.ability.title(), k.ability.rules_text())
    };
    let unit = |k: UnitKind| {
        format!(
            "{}: cost {}, combat value {} (dice in battle), tactical supremacy {}",
            k.name(),
            k.cost(),
            k.combat(),
            if k.is_sea() {
                "none (sea battles are simultaneous)".to_string()
            } else {
                k.supremacy().to_string()
            }
        )
    };
    match d {
        Decision::ChooseCard(c) | Decision::Discard(c) => Some(card(c)),
        Decision::Use(ab) => Some(format!("{}: {}", ab.title(), ab.rules_text())),
        Decision::Buy { kind, .. } | Decision::BuyNeutral { kind, .. } => Some(unit(kind)),
        Decision::BuyProductionCenter(_) => {
            Some("a production center: builds units in its area; counts for the production majority".into())
        }
        _ => None,
    }
}

/// A unit bought, for the page's buying by quantity: the kind, where it is built and placed,
/// and its cost.
fn buy_value(d: Decision) -> Value {
    match d {
        Decision::Buy { kind, pc, at } => json!({ "unit": kind.name(), "pc": pc.0, "at": at.0, "cost": kind.cost() }),
        Decision::BuyNeutral { kind, capital } => {
            json!({ "unit": kind.name(), "pc": capital.0, "at": capital.0, "cost": kind.cost(), "neutral": true })
        }
        _ => Value::Null,
    }
}

/// The exact odds of an attack with every unit that could join it, in words (the same as the
/// terminal's), for the attack choices.
fn choice_odds(g: &Game, d: Decision) -> Option<String> {
    match d {
        Decision::Attack { from, to } => {
            dust_strategy::odds::attack_odds(g, from, to).map(|(_, att, o)| format!("all {att}: {}", dust_strategy::odds::odds_words(&o)))
        }
        _ => None,
    }
}

/// What the pending player is asked, in words.
fn question(g: &Game, legal: &[Decision]) -> (&'static str, String) {
    let name = |a: dust_strategy::AreaId| g.map().area(a).name.clone();
    let Some(first) = legal.first() else {
        return ("none", String::new());
    };
    let setup = g.round() == 0;
    match first {
        Decision::ChooseCard(_) if setup => ("card", "Setup: choose a card face down for the setup order (secret)".into()),
        Decision::ChooseCard(_) => ("card", "Initiative: choose this round's card face down (secret)".into()),
        Decision::ClaimCapital(_) => ("setup", "Setup: claim a capital with a tank".into()),
        Decision::ClaimArea(_) => ("setup", "Setup: claim an unoccupied land area with a single tank".into()),
        Decision::PlaceProductionCenter(_) => ("setup", "Setup: place a production center".into()),
        Decision::Count(_) => {
            let what = match g.count_question() {
                Some((CountSubject::Kind(k), lo, hi)) => format!("how many {k}s ({lo} to {hi})"),
                Some((CountSubject::MechsFrom(a), lo, hi)) => format!("how many mechs from {} ({lo} to {hi})", name(a)),
                None => "how many".into(),
            };
            let why = match g.count_purpose() {
                Some(CountPurpose::Move { from, to, .. }) => format!("moving from {} to {}", name(from), name(to)),
                Some(CountPurpose::Attack { from, to }) => format!(
                    "attacking {} from {}{}",
                    name(to),
                    name(from),
                    dust_strategy::odds::attack_odds(g, from, to)
                        .map(|(_, att, o)| format!(" (with all {att}: {})", dust_strategy::odds::odds_words(&o)))
                        .unwrap_or_default()
                ),
                Some(CountPurpose::Retreat) => "retreating before the roll".into(),
                Some(CountPurpose::MechDrop { to }) => format!("dropping mechs on {}", name(to)),
                None => String::new(),
            };
            ("count", format!("{why}: {what}"))
        }
        Decision::HitLand(_) => match g.casualty_question() {
            Some((units, hits)) => ("battle", format!("Battle: {hits} hit(s) on {units}: how many fall on land units")),
            None => ("battle", "Battle: where the hits fall".into()),
        },
        Decision::Roll | Decision::Retreat => ("battle", "Battle: roll, or retreat some units first".into()),
        Decision::RetreatTo(_) => ("battle", "Retreat: where the unit goes".into()),
        Decision::Destroy(_) => ("battle", "Ballistic missile: which unit is destroyed".into()),
        Decision::Use(_) | Decision::Pass if legal.iter().all(|d| matches!(d, Decision::Use(_) | Decision::Pass)) => {
            ("ability", "Special ability: use it now, or pass".into())
        }
        _ if legal.contains(&Decision::EndProduction) => {
            let left = g.points_left();
            let points = format!("{left} point{} left", if left == 1 { "" } else { "s" });
            if setup {
                ("production", format!("Setup: reinforcements ({points})"))
            } else {
                ("production", format!("Production ({points})"))
            }
        }
        _ if legal.contains(&Decision::EndTurn) => {
            let (m, c) = g.moves_and_attacks_left();
            let points = |n: u8, what: &str| format!("{n} {what} point{}", if n == 1 { "" } else { "s" });
            if g.combat_started() {
                ("maneuver", format!("Combat ({} left; movement is over)", points(c, "combat")))
            } else {
                (
                    "maneuver",
                    format!("Movement and combat ({} and {} left)", points(m, "movement"), points(c, "combat")),
                )
            }
        }
        _ => ("other", "Decide".into()),
    }
}

/// The state of a game as `viewer` may see it.
pub fn state_value(cell: &StrategyCell, viewer: StrategyViewer) -> Value {
    let live = cell.live();
    let row = cell.row();
    let g = &live.game;
    let me = viewer.seat();
    let seats: Vec<Value> = (0..g.players())
        .map(|i| {
            let p = PlayerId(i as u8);
            let st = g.player(p);
            let h = g.holdings(p);
            json!({
                "seat": i,
                "name": p.to_string(),
                "player": row.seats.get(i),
                "vp": st.vp(),
                "hand_size": st.hand_size(),
                "has_chosen": st.has_chosen(),
                "card": st.card().map(|c| card_value(g, c)),
                "turn_done": st.turn_done(),
                "capital": st.home_capital().map(|a| a.0),
                "holdings": { "capitals": h.capitals, "power_sources": h.power_sources,
                    "production_centers": h.production_centers, "land": h.land, "sea": h.sea },
            })
        })
        .collect();
    let areas: Vec<Value> = g
        .areas()
        .iter()
        .enumerate()
        .map(|(i, a)| {
            json!({
                "id": i,
                "owner": owner_value(a.owner),
                "units": UnitKind::ALL.iter().map(|&k| a.units.get(k)).collect::<Vec<_>>(),
                "text": if a.units.is_empty() { String::new() } else { a.units.to_string() },
                "pc": a.pc,
            })
        })
        .collect();
    let n = live.decisions.len();
    let (kind, player) = match g.pending() {
        Pending::Decision(p) => ("decision", Some(p)),
        Pending::Chance(_) => ("chance", None),
        Pending::GameOver => ("over", None),
    };
    let yours = player.is_some() && player == me;
    let legal = if player.is_some() { g.legal_decisions() } else { Vec::new() };
    // The question is public (everyone sees that P2 chooses a card); the options are not.
    let (qkind, qtext) = question(g, &legal);
    let choices: Vec<Value> = if yours {
        legal
            .iter()
            .map(|&d| {
                json!({
                    "text": d.to_string(),
                    "label": g.describe(d),
                    "areas": decision_areas(d),
                    "odds": choice_odds(g, d),
                    "help": choice_help(g, d),
                    "buy": buy_value(d),
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    // Why an attack the player may look for is not offered (round one, the capital rule…).
    let reasons: Vec<String> = match player {
        Some(p) if yours && g.current_player() == Some(p) && legal.contains(&Decision::EndTurn) && g.moves_and_attacks_left().1 > 0 => {
            dust_strategy::text::missing_attacks(g, p, &legal)
        }
        _ => Vec::new(),
    };
    let hand: Vec<Value> = me.map_or_else(Vec::new, |p| g.hand(p).iter().map(|&c| card_value(g, c)).collect());
    let log: Vec<String> = live
        .log
        .iter()
        .rev()
        .take(300)
        .rev()
        .map(|e| dust_strategy::text::describe_event(g, e, me))
        .collect();
    let battle = g.battle_view().map(|(att, def, to, a, d)| {
        let odds = g
            .battle_kind()
            .and_then(|(kind, _)| dust_strategy::odds::area_odds(g, kind, a, d, to))
            .map(|o| dust_strategy::odds::odds_words(&o));
        let counts = |u: dust_strategy::Units| UnitKind::ALL.iter().map(|&k| u.get(k)).collect::<Vec<_>>();
        json!({ "attacker": att.0, "defender": owner_value(Some(def)), "area": to.0, "attackers": a.to_string(), "defenders": d.to_string(),
            "attacker_units": counts(a), "defender_units": counts(d), "odds": odds })
    });
    let (moves, attacks) = g.moves_and_attacks_left();
    let over = g.is_over();
    let people: Vec<bool> = row.seats.iter().map(|s| s == "human").collect();
    let record = crate::secrets::may_read_record(over, me.map(PlayerId::index), &people);
    json!({
        "id": row.id,
        "players": g.players(),
        "round": g.round(),
        "round_limit": g.config().round_limit,
        "victory_target": g.config().victory_target(),
        "plies": n,
        "status": row.status,
        "thinking": live.thinking,
        "you": me.map(|p| p.0),
        "spectator": me.is_none(),
        "seats": seats,
        "hand": hand,
        "areas": areas,
        "order": g.order().iter().map(|p| p.0).collect::<Vec<_>>(),
        "current_player": g.current_player().map(|p| p.0),
        "points_left": g.points_left(),
        "moves_left": moves,
        "attacks_left": attacks,
        "combat_started": g.combat_started(),
        "battle": battle,
        "pending": { "kind": kind, "player": player.map(|p| p.0), "yours": yours, "question": qtext, "phase": qkind },
        "choices": choices,
        "reasons": reasons,
        "log": log,
        "events_total": live.log.len(),
        "winners": g.winners().iter().map(|p| p.0).collect::<Vec<_>>(),
        "record_available": record,
    })
}

#[cfg(test)]
mod tests;
