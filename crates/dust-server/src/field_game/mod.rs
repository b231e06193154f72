//! Dust Battlefield played in the browser (issue 23): games on a shipped table or on a table
//! posted from the editor, against the AI (greedy, random, mcts) or a person by link, watched
//! by spectators, stored in the database like the Tactics and strategy games (a reload
//! resumes). The engine ([`dust_core::field::FieldGame`]) is the one judge: a proposed decision
//! is `check`ed and its refusal shown word for word; the candidates are its generator's; the
//! odds are its own plan's ([`dust_data::field_odds`], the `odds --table --at` code path).
//!
//! | method and path | what |
//! | --- | --- |
//! | `GET /battlefield/play/{id}?seat=TOKEN` | the page |
//! | `POST /api/battlefield/games` `{"table": "ruined-town", "seats": ["human", "greedy"], "turns": 6}` (or `"toml": TEXT` for a table from the editor) | a new game: a secret link per person, one for spectators |
//! | `GET /api/battlefield/games` | recent games |
//! | `GET /api/battlefield/games/{id}?seat=TOKEN[&since=VERSION]` | the state as this viewer may see it (with `since`, once the game has changed from that `version`, or after 20 s) |
//! | `POST /api/battlefield/games/{id}/check` `{"seat": T, "decision": "move m0@40,30", "route": true}` | the engine's answer to a proposed decision: `ok` or its `reason`, and a preview (path length against the allowance, where the terrain cap starts; an attack's odds, lines of sight, cover, the miniatures under a template) |
//! | `POST /api/battlefield/games/{id}/decide` `{"seat": T, "decision": "…", "ply": N}` | a decision |
//! | `GET /api/battlefield/games/{id}/candidates?seat=T&limit=N` | legal decisions the generator proposes, in words |
//! | `GET /api/battlefield/games/{id}/odds?seat=T&attacker=U&target=V[&lines=…][&at=X,Y][&sustained=true]` | an attack's exact odds from where the units stand |
//! | `GET /api/battlefield/games/{id}/sight?seat=T&a=U&b=V` | the lines of sight between two units as they stand |
//! | `GET /api/battlefield/games/{id}/record?seat=T` | the record (`dust1947 replay`), when it may be read ([`crate::secrets`]) |
//!
//! What a viewer sees: the table as it stands (units held in ambush or in reserve are off it),
//! tokens, damage, the log in words naming units, the pending question. Never the seed (the
//! dice to come); the candidates, the check and the odds only to the side that decides now.
//!
//! The question's `kind` is one of `first`, `activate`, `plan`, `move` (with `aboard`: the
//! vehicle carrying the unit, which then dismounts), `attack`, `special` (a declared SPECIAL
//! action), `react`, `react-with`, `casualties`, `place` (with `reserve_edges` for a unit from
//! scattered reserves) and `over`; a page meeting another kind (a rule added to the engine
//! later) answers it from the candidates. A unit names the weapon lines that may fire smoke
//! shells (`artillery`), the vehicle it is aboard (`aboard_unit`) and the units it carries
//! (`carrying`).

pub mod hub;
pub mod store;

use crate::error::{shortened, ApiError, QUOTED};
use crate::http::{asset, blocking, download, random_seed, read_json, Body, GameQuota, Q};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{Html, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dust_core::field::{Action, Class, Decision, FieldGame, Pending, Question};
use dust_core::{Side, WeaponRange};
use dust_data::field_record::TableRef;
use dust_data::field_words as words;
use dust_data::table_json::{self, cm2};
use dust_geom::exact::Pt;
use hub::{FieldCell, FieldHub, FieldViewer, NewFieldGame};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

static PLAY_HTML: &str = include_str!("../../assets/field-play.html");
static PLAY_JS: &str = include_str!("../../assets/field-play.js");

/// The candidates a request may ask for at most.
const MAX_CANDIDATES: usize = 40;

/// What the handlers share.
#[derive(Clone)]
pub struct FieldState {
    /// The games.
    pub hub: Arc<FieldHub>,
    /// The games a client address may create per hour (shared with the other games).
    pub quota: Option<Arc<GameQuota>>,
}

/// The routes of the Battlefield game (merged into the server's router).
pub fn router(state: FieldState) -> Router {
    Router::new()
        .route("/battlefield/play/{id}", get(page))
        .route("/assets/field-play.js", get(script))
        .route("/api/battlefield/games", get(lobby).post(create))
        .route("/api/battlefield/games/{id}", get(state_of))
        .route("/api/battlefield/games/{id}/check", post(check))
        .route("/api/battlefield/games/{id}/decide", post(decide))
        .route("/api/battlefield/games/{id}/candidates", get(candidates))
        .route("/api/battlefield/games/{id}/odds", get(odds))
        .route("/api/battlefield/games/{id}/sight", get(sight))
        .route("/api/battlefield/games/{id}/record", get(record))
        .layer(DefaultBodyLimit::max(crate::field::MAX_TABLE_BODY + 4096))
        .with_state(state)
}

async fn page() -> Html<&'static str> {
    Html(PLAY_HTML)
}

async fn script() -> Response {
    asset(PLAY_JS, "text/javascript; charset=utf-8")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateReq {
    /// A shipped table's name.
    #[serde(default)]
    table: Option<String>,
    /// A table file's text (from the editor).
    #[serde(default)]
    toml: Option<String>,
    /// Who plays A and B (default: a person against the greedy AI).
    #[serde(default)]
    seats: Option<[String; 2]>,
    #[serde(default)]
    turns: Option<u8>,
    #[serde(default)]
    seed: Option<u64>,
}

/// The page of a side or of the spectators.
fn link(id: &str, token: &str) -> String {
    format!("/battlefield/play/{id}?seat={token}")
}

/// The links of a new game: one per person side, one for spectators.
fn links(row: &store::FieldRow) -> Value {
    let side = |i: usize| {
        if row.tokens[i].is_empty() {
            Value::Null
        } else {
            json!(link(&row.id, &row.tokens[i]))
        }
    };
    json!({ "a": side(0), "b": side(1), "spectator": link(&row.id, &row.spectator) })
}

async fn create(
    State(st): State<FieldState>,
    axum::extract::ConnectInfo(addr): axum::extract::ConnectInfo<std::net::SocketAddr>,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    if let Ok(b) = &body {
        if b.len() > crate::field::MAX_TABLE_BODY + 4096 {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("a table file may be at most {} KiB", crate::field::MAX_TABLE_BODY / 1024),
            ));
        }
    }
    let req: CreateReq = read_json(body, "the table file is too large for this server")?;
    let table = match (req.table, req.toml) {
        (Some(n), None) => {
            if dust_data::field_record::shipped_table(&n).is_none() {
                return Err(ApiError::new(
                    StatusCode::NOT_FOUND,
                    "unknown_table",
                    format!(
                        "there is no table “{}” on this server; its tables are: {}",
                        shortened(&n, QUOTED),
                        dust_data::field_record::SHIPPED_TABLES
                            .iter()
                            .map(|(n, _)| *n)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            TableRef::Shipped(n)
        }
        (None, Some(t)) => {
            let answer = crate::field::check_answer(&t);
            if answer["ok"] != true {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad_table",
                    format!(
                        "the table file does not check: {}",
                        answer["problems"]
                            .as_array()
                            .map(|v| v
                                .iter()
                                .map(|p| format!("line {}:{}: {}", p["line"], p["col"], p["message"].as_str().unwrap_or("")))
                                .collect::<Vec<_>>()
                                .join("; "))
                            .unwrap_or_default()
                    ),
                ));
            }
            TableRef::Embedded(t)
        }
        _ => {
            return Err(ApiError::bad_request(
                "bad_table",
                "give the table: `table` (a shipped table's name) or `toml` (a table file's text), one of the two",
            ))
        }
    };
    if let Some(q) = &st.quota {
        q.count(addr.ip())?;
    }
    let new = NewFieldGame {
        table,
        seats: req.seats.unwrap_or_else(|| ["human".into(), "greedy".into()]),
        seed: req.seed.unwrap_or_else(random_seed),
        turns: req.turns.unwrap_or(dust_data::field_record::DEFAULT_TURNS),
    };
    let hub = st.hub.clone();
    let cell = blocking(move || hub.create(new)).await?;
    let row = cell.row();
    let mut v = json!({ "id": row.id, "seats": row.seats, "links": links(&row) });
    // The first person's link: the page that created the game opens it.
    v["you"] = row
        .tokens
        .iter()
        .position(|t| !t.is_empty())
        .map_or_else(|| json!(link(&row.id, &row.spectator)), |i| json!(link(&row.id, &row.tokens[i])));
    Ok(Json(v))
}

async fn lobby(State(st): State<FieldState>) -> Result<Json<Value>, ApiError> {
    let hub = st.hub.clone();
    let rows = blocking(move || hub.recent(50)).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "table": if r.table.is_empty() { "(a table from the editor)" } else { r.table.as_str() },
                "seats": r.seats,
                "status": r.status,
                "winner": r.winner,
                "decisions": r.plies,
                "updated": r.updated,
                "watch": link(&r.id, &r.spectator),
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

/// The game and who is asking.
async fn open_game(st: &FieldState, id: String, token: Option<&str>) -> Result<(Arc<FieldCell>, FieldViewer), ApiError> {
    let token = token.ok_or_else(ApiError::no_token)?.to_string();
    let hub = st.hub.clone();
    blocking(move || {
        let cell = hub.cell(&id)?;
        let viewer = hub.viewer(&cell, &token)?;
        Ok((cell, viewer))
    })
    .await
}

/// How long a state request with `since` waits for a change before it answers all the same.
const LONG_POLL: std::time::Duration = std::time::Duration::from_secs(20);

#[derive(Deserialize)]
struct StateQuery {
    #[serde(default)]
    seat: Option<String>,
    /// The `version` the page shows: the answer waits (up to 20 s) until the game changes.
    #[serde(default)]
    since: Option<u64>,
}

async fn state_of(State(st): State<FieldState>, Path(id): Path<String>, Q(q): Q<StateQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, viewer) = open_game(&st, id, q.seat.as_deref()).await?;
    if let Some(v) = q.since {
        // The game's change counter (raised after every stored decision and when an AI starts
        // or stops thinking): the page waits here rather than asking again and again.
        let mut changed = cell.changed.subscribe();
        if *changed.borrow_and_update() == v {
            let _ = tokio::time::timeout(LONG_POLL, changed.changed()).await;
        }
    }
    blocking(move || Ok(Json(state_value(&cell, viewer)))).await
}

/// A side's letter in the JSON: `a` or `b`.
fn side_key(s: Side) -> &'static str {
    match s {
        Side::A => "a",
        Side::B => "b",
    }
}

/// A weapon line's template, if it has one: `flame` or `blast`.
fn template_of(g: &FieldGame, u: usize, line: usize) -> Option<&'static str> {
    let c = g.card(u);
    let w = c.card.weapons.get(line)?;
    let bf = c.bf.weapons.get(line);
    if w.keywords.flame || bf.is_some_and(|b| b.spray) {
        return Some("flame");
    }
    let blast = bf.is_some_and(|b| {
        b.values.iter().any(|(_, _, v)| {
            matches!(
                v,
                dust_core::unit::BattlefrontValue::Blast { .. } | dust_core::unit::BattlefrontValue::BlastKill { .. }
            )
        })
    });
    blast.then_some("blast")
}

/// The units as they stand, with what the page shows and needs.
fn units_value(g: &FieldGame) -> Value {
    let t = g.table();
    let list: Vec<Value> =
        g.units()
            .iter()
            .enumerate()
            .map(|(u, s)| {
                let c = g.card(u);
                let weapons: Vec<Value> = c
                .card
                .weapons
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    // "1. Check Field of Fire": a support weapon or a front-mounted weapon fires
                    // 45° either side of the facing; the others in any direction.
                    let front = c.bf.weapons.get(i).and_then(|b| b.mount).map_or(g.class(u) == Class::SupportWeapon, |m| !m.all_round());
                    // "ARTILLERY WEAPONS": an artillery line may fire smoke shells instead.
                    let artillery = matches!(w.range, WeaponRange::Artillery | WeaponRange::Spaces { min: 2.., .. });
                    json!({"line": i, "name": w.name, "range": w.range.to_string(), "template": template_of(g, u, i), "front_arc": front, "artillery": artillery})
                })
                .collect();
                json!({
                    "index": u,
                    "name": t.units[u].name,
                    "card": c.card.name,
                    "side": side_key(s.side),
                    "class": format!("{:?}", g.class(u)).to_lowercase(),
                    "kind": table_json::mini_kind_name(t.units[u].kind),
                    "health": s.health,
                    "max_health": c.card.health,
                    "miniatures": t.units[u].minis.len(),
                    "under_fire": s.tokens.under_fire,
                    "suppressed": s.tokens.suppressed,
                    "stunned": s.stunned,
                    "aboard": g.aboard(u).map(|(v, _)| t.units[v].name.clone()),
                    "aboard_unit": g.aboard(u).map(|(v, _)| v),
                    "carrying": g.passengers_of(u).into_iter().chain(g.pilot_of(u)).collect::<Vec<_>>(),
                    "loaded": !g.passengers_of(u).is_empty(),
                    "activated": s.activated,
                    "destroyed": s.destroyed,
                    "in_reserve": s.in_reserve,
                    "off_table": t.units[u].minis.is_empty() && !s.destroyed,
                    "move_cm": g.move_units(u) as f64 / 100.0,
                    "ap": c.card.ap,
                    "immune_to_suppression": g.immune_to_suppression(u),
                    "weapons": weapons,
                })
            })
            .collect();
    Value::Array(list)
}

/// The pending question as JSON.
fn question_value(g: &FieldGame) -> Value {
    let name = |u: usize| g.table().units.get(u).map_or_else(String::new, |x| x.name.clone());
    let mut v = match g.question() {
        Question::ChooseFirst(s) => json!({"kind": "first", "side": side_key(s)}),
        Question::Activate(s) => json!({"kind": "activate", "side": side_key(s)}),
        Question::Plan { unit, actions } => json!({"kind": "plan", "unit": unit, "unit_name": name(unit), "actions": actions}),
        Question::Move { unit, march, turn_only } => json!({
            "kind": "move", "unit": unit, "unit_name": name(unit), "march": march, "turn_only": turn_only,
            "aboard": g.aboard(unit).map(|(v, _)| v),
            "allowance_cm": g.move_units(unit) as f64 / 100.0 * if march { 2.0 } else { 1.0 },
            "terrain_cap_cm": if march { 40 } else { 20 },
        }),
        // The engine asks a special action's choice in the phase of the actions, as it asks an
        // attack; the page has a control of its own for it ("ROLL FOR INITIATIVE": "SPECIAL").
        Question::Attack { unit, .. } if g.current_action() == Some(Action::Special) => {
            json!({"kind": "special", "unit": unit, "unit_name": name(unit)})
        }
        Question::Attack { unit, sustained } => json!({"kind": "attack", "unit": unit, "unit_name": name(unit), "sustained": sustained}),
        Question::React { against } => {
            json!({"kind": "react", "against": against, "against_name": name(against), "reactors": g.reactors()})
        }
        Question::ReactWith { unit } => json!({"kind": "react-with", "unit": unit, "unit_name": name(unit)}),
        Question::Casualties { unit, count, valid, hero } => json!({
            "kind": "casualties", "unit": unit, "unit_name": name(unit), "count": count, "valid": valid,
            "hero": hero, "hero_name": hero.map(name), "hero_as": g.table().units[unit].minis.len(),
        }),
        Question::Place { unit } => {
            // A unit arriving from scattered reserves is placed at the stretches of table edge
            // its die gave ("SCENARIO SPECIAL RULES"), not in the deployment area.
            let edges = g.entry().map(|(_, v)| {
                v.iter()
                    .map(|(a, b)| {
                        let (a, b) = (a.to_cm(), b.to_cm());
                        json!([[a.0, a.1], [b.0, b.1]])
                    })
                    .collect::<Vec<_>>()
            });
            json!({"kind": "place", "unit": unit, "unit_name": name(unit), "reserve_edges": edges})
        }
        Question::Over(w) => json!({"kind": "over", "winner": w.map(side_key)}),
    };
    v["asks"] = json!(g.asks());
    if let Pending::Decision(s) = g.pending() {
        v["side"] = json!(side_key(s));
    }
    if let Some((u, plan, next)) = g.plan_under_way() {
        v["plan"] = json!({
            "unit": u,
            "unit_name": name(u),
            "actions": plan.iter().map(|a| a.word()).collect::<Vec<_>>(),
            "next": next,
        });
    }
    v
}

/// The log in words, naming units (and the terrain piece an ENGINEERING action aims at, from
/// `initial`, the table as set up); each roll with the rule that called for it.
fn log_value(g: &FieldGame, initial: &dust_geom::table::Table) -> Value {
    let name = |u: usize| g.table().units.get(u).map_or_else(|| format!("unit {u}"), |x| x.name.clone());
    let lines = words::event_lines_on(initial, g.events(), &name);
    let list: Vec<Value> = g
        .events()
        .iter()
        .zip(lines)
        .map(|(e, text)| {
            let mut v = json!({ "text": text });
            if let dust_core::field::Event::Rolled { purpose, dice, successes } = e {
                v["dice"] = json!({
                    "rolled": dice,
                    "counted": successes,
                    "for": words::roll_purpose(*purpose),
                    "rule": format!("{}, {}", words::BOOK, words::rule_of(*purpose)),
                });
            }
            v
        })
        .collect();
    Value::Array(list)
}

/// The state as `viewer` may see it: never the seed.
pub fn state_value(cell: &FieldCell, viewer: FieldViewer) -> Value {
    let row = cell.row();
    let live = cell.live();
    let g = &live.game;
    let mut file = (*live.file).clone();
    file.table = g.table().clone();
    let over = matches!(g.pending(), Pending::Over(_));
    let people = [row.seats[0] == "human", row.seats[1] == "human"];
    let seat = viewer.side().map(Side::index);
    let you_decide = match g.pending() {
        Pending::Decision(s) => viewer.side() == Some(s),
        Pending::Over(_) => false,
    };
    json!({
        "id": row.id,
        "version": *cell.changed.borrow(),
        "you": viewer.side().map(side_key),
        "seats": row.seats,
        "ply": live.decisions.len(),
        "turn": g.turn(),
        "turn_limit": g.turn_limit(),
        "status": row.status,
        "winner": row.winner,
        "thinking": live.thinking,
        "your_turn": you_decide,
        "question": question_value(g),
        "table": table_json::table_json(&file, crate::field::cards()),
        "units": units_value(g),
        "destroyed_ap": {"a": g.destroyed_ap()[Side::A], "b": g.destroyed_ap()[Side::B]},
        "objectives_held": {"a": g.objectives_held()[Side::A], "b": g.objectives_held()[Side::B]},
        "objectives": g.table().objectives.iter().map(|o| json!({"name": o.name, "holder": g.objective_holder(o.at).map(side_key)})).collect::<Vec<_>>(),
        "log": log_value(g, &live.file.table),
        "coherency_cm": 15,
        "record_allowed": crate::secrets::may_read_record(over, seat, &people),
    })
}

/// A decision and its check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DecisionReq {
    seat: String,
    decision: String,
    #[serde(default)]
    ply: Option<u32>,
    /// A move whose miniatures have no bends: route each around what is in the way (the
    /// shortest legal path), and answer with the decision so routed.
    #[serde(default)]
    route: bool,
}

fn parse_decision(text: &str) -> Result<Decision, ApiError> {
    text.trim().parse().map_err(|e: String| ApiError::bad_request("bad_decision", e))
}

async fn decide(State(st): State<FieldState>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: DecisionReq = read_json(body, "the request body is too large")?;
    let (cell, viewer) = open_game(&st, id, Some(&req.seat)).await?;
    let hub = st.hub.clone();
    blocking(move || {
        let n = hub.decide(&cell, viewer, &req.decision, req.ply)?;
        let mut v = state_value(&cell, viewer);
        v["accepted"] = json!(n);
        Ok(Json(v))
    })
    .await
}

/// The side that decides now, asking: the candidates, the check and the odds are its tools.
fn decider(cell: &FieldCell, viewer: FieldViewer) -> Result<(), ApiError> {
    let live = cell.live();
    FieldHub::deciding(&live, viewer, None).map(|_| ())
}

async fn check(State(st): State<FieldState>, Path(id): Path<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let req: DecisionReq = read_json(body, "the request body is too large")?;
    let (cell, viewer) = open_game(&st, id, Some(&req.seat)).await?;
    blocking(move || {
        decider(&cell, viewer)?;
        let mut d = parse_decision(&req.decision)?;
        let g = cell.live().game.clone();
        if req.route {
            d = routed(&g, d);
        }
        let verdict = g.check(&d);
        let mut v = json!({
            "decision": d.to_string(),
            "ok": verdict.is_ok(),
            "reason": verdict.as_ref().err().map(|r| r.reason.clone()),
            "words": words::describe(&g, &d, &|u| g.table().units.get(u).map_or_else(String::new, |x| x.name.clone())),
        });
        v["preview"] = preview(&g, &d);
        Ok(Json(v))
    })
    .await
}

/// The move with each straight miniature's path routed around what stands in the way (the
/// shortest path the table's move check finds), when there is one.
fn routed(g: &FieldGame, d: Decision) -> Decision {
    let Decision::Move { mut minis, facing } = d else { return d };
    let (Some(u), Some(a)) = (g.acting(), g.current_action()) else {
        return Decision::Move { minis, facing };
    };
    let t = g.table();
    let march = a == Action::March;
    let allowance = g.move_units(u) * if march { 2 } else { 1 };
    for m in &mut minis {
        if !m.via.is_empty() || m.mini >= t.units[u].minis.len() {
            continue;
        }
        let f = facing.filter(|_| t.units[u].kind != dust_geom::table::MiniKind::Infantry);
        let ans = dust_geom::path::shortest_to_level(t, u, m.mini, m.to, None, allowance, march, f);
        if ans.path.len() > 1 && ans.path.last() == Some(&m.to) {
            m.via = ans.path[..ans.path.len() - 1].to_vec();
        }
    }
    Decision::Move { minis, facing }
}

/// The first point of `path` (from `start`) inside a terrain piece, to the millimetre.
fn first_inside(start: Pt, path: &[Pt], area: &dust_geom::table::Area) -> Option<Pt> {
    let mut from = start;
    for &p in path {
        let (x0, y0) = from.to_cm();
        let (x1, y1) = p.to_cm();
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        let steps = (len * 10.0).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let f = k as f64 / steps as f64;
            let q = Pt::cm(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f);
            if area.holds(q) {
                return Some(q);
            }
        }
        from = p;
    }
    None
}

/// What a proposed decision would do, for the page: a move's paths (length against the
/// allowance, the terrain it enters and where the cap begins, the rolls it calls for); an
/// attack's odds, its lines of sight, which target miniatures are in cover and which a
/// template would hit.
fn preview(g: &FieldGame, d: &Decision) -> Value {
    let t = g.table();
    match d {
        Decision::Move { minis, facing } => {
            let (Some(u), Some(a)) = (g.acting(), g.current_action()) else {
                return Value::Null;
            };
            let march = a == Action::March;
            let allowance = g.move_units(u) * if march { 2 } else { 1 };
            let paths: Vec<Value> = minis
                .iter()
                .filter(|m| m.mini < t.units[u].minis.len())
                .map(|m| {
                    let start = t.units[u].minis[m.mini].body.centre();
                    let path = m.path();
                    let f = facing.filter(|_| t.units[u].kind != dust_geom::table::MiniKind::Infantry);
                    let checked = dust_geom::path::check_move_facing(t, u, m.mini, &path, allowance, march, f);
                    let mut len = 0.0;
                    let mut from = start;
                    for &p in &path {
                        len += (dust_geom::exact::dist2(from, p) as f64).sqrt() / 100.0;
                        from = p;
                    }
                    let (terrain, cap, rolls, reason) = match &checked {
                        Ok(c) => (
                            c.terrain.iter().map(|&k| t.terrain[k].name.clone()).collect::<Vec<_>>(),
                            c.terrain
                                .iter()
                                .filter_map(|&k| {
                                    first_inside(start, &path, &t.terrain[k].area)
                                        .map(|p| json!({"terrain": t.terrain[k].name, "at": cm2(p)}))
                                })
                                .collect::<Vec<_>>(),
                            table_json::rolls(t, u, c),
                            None,
                        ),
                        Err(r) => (Vec::new(), Vec::new(), Vec::new(), Some(r.reason.clone())),
                    };
                    json!({
                        "mini": m.mini,
                        "from": cm2(start),
                        "path": path.iter().map(|p| cm2(*p)).collect::<Vec<_>>(),
                        "length_cm": len,
                        "allowance_cm": allowance as f64 / 100.0,
                        "legal": checked.is_ok(),
                        "reason": reason,
                        "terrain": terrain,
                        "terrain_cap_starts": cap,
                        "rolls": rolls,
                    })
                })
                .collect();
            json!({"kind": "move", "paths": paths})
        }
        Decision::Attack(aims) if !aims.is_empty() => {
            let Some(u) = g.acting() else { return Value::Null };
            let sustained = g.current_action() == Some(Action::Sustained);
            let mut targets: Vec<usize> = aims.iter().map(|a| a.target).filter(|&x| x < t.units.len()).collect();
            targets.dedup();
            let sight: Vec<Value> = targets
                .iter()
                .map(|&v| {
                    let cover: Vec<bool> = (0..t.units[u].minis.len()).map(|m| g.in_cover_from(u, m, v)).collect();
                    json!({"target": v, "lines": table_json::sight_lines_json(t, u, v), "target_in_cover_from": cover,
                        "cover_of_miniatures": cover_of_minis(t, u, v)})
                })
                .collect();
            let odds = match g.attack_odds(u, aims, sustained) {
                Ok(o) => {
                    let mut v = dust_data::field_odds::odds_json(g, u, &o);
                    // The miniatures each group may hit, as indices in the target now.
                    for (k, (grp, _, _)) in o.groups.iter().enumerate() {
                        let models = &g.units()[grp.target].models;
                        let minis: Vec<usize> = (0..models.len()).filter(|&i| grp.valid.contains(&models[i])).collect();
                        v["groups"][k]["may_hit"] = json!(minis);
                    }
                    v
                }
                Err(_) => Value::Null,
            };
            json!({"kind": "attack", "sight": sight, "odds": odds})
        }
        _ => Value::Null,
    }
}

/// For each target miniature, whether it is in cover from each attacking miniature (and why
/// not seen).
fn cover_of_minis(t: &dust_geom::table::Table, u: usize, v: usize) -> Value {
    let list: Vec<Value> = (0..t.units[v].minis.len())
        .map(|j| {
            let from: Vec<Value> = (0..t.units[u].minis.len())
                .map(|i| match dust_geom::los::mini_sees(t, (u, i), (v, j)) {
                    Ok(_) => json!(if dust_geom::los::mini_cover(t, (u, i), (v, j)).is_some() {
                        "cover"
                    } else {
                        "open"
                    }),
                    Err(_) => json!("unseen"),
                })
                .collect();
            json!(from)
        })
        .collect();
    Value::Array(list)
}

#[derive(Deserialize)]
struct CandQuery {
    seat: String,
    #[serde(default)]
    limit: Option<usize>,
}

async fn candidates(State(st): State<FieldState>, Path(id): Path<String>, Q(q): Q<CandQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, viewer) = open_game(&st, id, Some(&q.seat)).await?;
    let limit = q.limit.unwrap_or(12).clamp(1, MAX_CANDIDATES);
    blocking(move || {
        decider(&cell, viewer)?;
        let g = cell.live().game.clone();
        let name = |u: usize| g.table().units.get(u).map_or_else(String::new, |x| x.name.clone());
        let list: Vec<Value> = g
            .candidates(limit)
            .iter()
            .map(|d| json!({"decision": d.to_string(), "words": words::describe(&g, d, &name)}))
            .collect();
        Ok(Json(json!({ "candidates": list })))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OddsQuery {
    seat: String,
    attacker: String,
    target: String,
    #[serde(default)]
    lines: Option<String>,
    #[serde(default)]
    at: Option<String>,
    #[serde(default)]
    sustained: bool,
}

async fn odds(State(st): State<FieldState>, Path(id): Path<String>, Q(q): Q<OddsQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, viewer) = open_game(&st, id, Some(&q.seat)).await?;
    blocking(move || {
        decider(&cell, viewer)?;
        let g = cell.live().game.clone();
        let t = g.table();
        let find = |n: &str| table_json::find_unit(t, &t.name, &shortened(n, QUOTED)).map_err(|m| ApiError::bad_request("unknown_unit", m));
        let (u, v) = (find(&q.attacker)?, find(&q.target)?);
        let at = match &q.at {
            Some(s) => Some(table_json::parse_point(s).ok_or_else(|| {
                ApiError::bad_request("bad_point", format!("`at` = `{}`: give X,Y in centimetres", shortened(s, QUOTED)))
            })?),
            None => None,
        };
        let lines: Vec<String> = q
            .lines
            .as_deref()
            .map_or_else(Vec::new, |s| s.split(',').map(|x| x.trim().to_string()).collect());
        let (aims, refused) = dust_data::field_odds::odds_aims(&g, u, v, &lines, at, q.sustained);
        if aims.is_empty() {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "cannot_attack",
                format!(
                    "{} cannot attack {} from where they stand: {}",
                    t.units[u].name,
                    t.units[v].name,
                    refused.join("; ")
                ),
            ));
        }
        let o = g
            .attack_odds(u, &aims, q.sustained)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "cannot_attack", e.reason))?;
        let mut v = dust_data::field_odds::odds_json(&g, u, &o);
        v["attacker"] = json!(t.units[u].name);
        v["target"] = json!(t.units[v_index(&q.target, t)].name);
        v["aims"] = json!(Decision::Attack(aims).to_string());
        v["refused"] = json!(refused);
        v["sustained"] = json!(q.sustained);
        Ok(Json(v))
    })
    .await
}

/// The index of a unit named (already checked to exist).
fn v_index(name: &str, t: &dust_geom::table::Table) -> usize {
    table_json::find_unit(t, &t.name, &shortened(name, QUOTED)).unwrap_or(0)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SightQuery {
    seat: String,
    a: String,
    b: String,
}

async fn sight(State(st): State<FieldState>, Path(id): Path<String>, Q(q): Q<SightQuery>) -> Result<Json<Value>, ApiError> {
    let (cell, _viewer) = open_game(&st, id, Some(&q.seat)).await?;
    blocking(move || {
        let g = cell.live().game.clone();
        let t = g.table();
        let find = |n: &str| table_json::find_unit(t, &t.name, &shortened(n, QUOTED)).map_err(|m| ApiError::bad_request("unknown_unit", m));
        let (a, b) = (find(&q.a)?, find(&q.b)?);
        if a == b || t.units[a].minis.is_empty() || t.units[b].minis.is_empty() {
            return Err(ApiError::bad_request("same_unit", "give two different units, both on the table"));
        }
        Ok(Json(json!({
            "measure": table_json::measure_json(t, a, b),
            "los": table_json::los_json(t, a, b),
            "lines": table_json::sight_lines_json(t, a, b),
        })))
    })
    .await
}

async fn record(State(st): State<FieldState>, Path(id): Path<String>, Q(q): Q<SeatQuery>) -> Result<Response, ApiError> {
    let (cell, viewer) = open_game(&st, id, q.seat.as_deref()).await?;
    let row = cell.row();
    let over = row.status != "playing";
    let people = [row.seats[0] == "human", row.seats[1] == "human"];
    if !crate::secrets::may_read_record(over, viewer.side().map(Side::index), &people) {
        return Err(crate::secrets::record_hidden());
    }
    let text = cell.record().to_text();
    Ok(download(
        text,
        "text/plain; charset=utf-8",
        &format!("dust1947-battlefield-{}.record", row.id),
    ))
}
