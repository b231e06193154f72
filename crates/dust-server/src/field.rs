//! Dust Battlefield's measured table in the browser (issue 23, the parts that do not need the
//! rules flow): the shipped tables (`data/battlefield/tables/`) drawn from above, the geometry
//! oracles' answers on them (`measure`, `los`, `path`, read-only: nothing is stored), and a
//! table editor whose file is checked by the same reader as `dust1947 battlefield check`.
//!
//! Every answer comes from [`dust_data::table_json`], the writer the command line's `--json`
//! uses, so the page shows exactly what the oracles say.
//!
//! Budgets (docs/server.md, "Limits"): the table check's body is at most [`MAX_TABLE_BODY`]
//! bytes whatever `--max-body-kib` says (the reader caps a polygon at 512 corners; the slowest
//! files of that size found, squads packed to the limit, check in about 0.6 s in a debug build:
//! `examples/field_check_budget.rs`); the check and the oracles run as the server's file
//! readers' work, within `--request-ms` and `--max-readers`.

use crate::error::{shortened, ApiError, QUOTED};
use crate::http::{asset, read_json, AppState, Body, Q};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use dust_core::Edition;
use dust_data::card::CardFile;
use dust_data::table_file::{parse_table, TableFile};
use dust_data::table_json::{self, off_table, PathQuery};
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The largest table file the check endpoint reads, in bytes (the shipped tables are 3 to 5 KiB).
pub const MAX_TABLE_BODY: usize = 64 * 1024;

/// The largest Move rating the path endpoint takes (no card has more than 12).
const MAX_MOVE: u32 = 30;

/// The shipped tables, by file stem: dust-data's list, the one the command line reads too.
pub use dust_data::field_record::SHIPPED_TABLES;

static FIELD_HTML: &str = include_str!("../assets/field.html");
static FIELD_JS: &str = include_str!("../assets/field.js");
static FIELD_CSS: &str = include_str!("../assets/field.css");
static FIELD_EDITOR_HTML: &str = include_str!("../assets/field-editor.html");
static FIELD_EDITOR_JS: &str = include_str!("../assets/field-editor.js");

/// The cards a table's units are read against: the battlefront cards and the classic cards.
pub(crate) fn cards() -> &'static [CardFile] {
    static CARDS: OnceLock<Vec<CardFile>> = OnceLock::new();
    CARDS.get_or_init(|| dust_data::builtin::builtin_card_files_for(Edition::Battlefront))
}

/// The shipped tables, read once. One that does not check is left out here, and the tests
/// catch it: `tests/battlefield_cli.rs::shipped_tables_check`, and
/// `crates/dust-server/tests/field.rs`, which wants every file of the folder served.
fn shipped() -> &'static [(&'static str, &'static str, TableFile)] {
    static TABLES: OnceLock<Vec<(&'static str, &'static str, TableFile)>> = OnceLock::new();
    TABLES.get_or_init(|| {
        SHIPPED_TABLES
            .iter()
            .filter_map(|&(id, text)| parse_table(text, &format!("{id}.toml"), cards()).ok().map(|t| (id, text, t)))
            .collect()
    })
}

/// The shipped table `id`, or a 404 naming the tables there are.
fn table(id: &str) -> Result<&'static (&'static str, &'static str, TableFile), ApiError> {
    shipped().iter().find(|(i, ..)| *i == id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_table",
            format!(
                "there is no table “{}” on this server; its tables are: {}",
                shortened(id, QUOTED),
                shipped().iter().map(|(i, ..)| *i).collect::<Vec<_>>().join(", ")
            ),
        )
    })
}

/// `GET /battlefield`: the list of tables (the page reads the address).
pub(crate) async fn page() -> Html<&'static str> {
    Html(FIELD_HTML)
}

/// `GET /battlefield/tables/{id}`: the table page, or a 404 page naming the tables there are.
pub(crate) async fn table_page(Path(id): Path<String>) -> Response {
    match table(&id) {
        Ok(_) => Html(FIELD_HTML).into_response(),
        Err(e) => crate::http::not_found_page(&e.message),
    }
}

/// `GET /battlefield/editor`: the table editor.
pub(crate) async fn editor_page() -> Html<&'static str> {
    Html(FIELD_EDITOR_HTML)
}

/// `GET /assets/field.js`.
pub(crate) async fn field_js() -> Response {
    asset(FIELD_JS, "text/javascript; charset=utf-8")
}

/// `GET /assets/field.css`.
pub(crate) async fn field_css() -> Response {
    asset(FIELD_CSS, "text/css; charset=utf-8")
}

/// `GET /assets/field-editor.js`.
pub(crate) async fn editor_js() -> Response {
    asset(FIELD_EDITOR_JS, "text/javascript; charset=utf-8")
}

/// `GET /api/battlefield/tables`: the shipped tables with their size and what is on them.
pub(crate) async fn tables() -> Json<Value> {
    let list: Vec<Value> = shipped()
        .iter()
        .map(|(id, _, tf)| {
            let t = &tf.table;
            json!({
                "id": id,
                "name": t.name,
                "size": [dust_geom::exact::units_to_cm(t.width), dust_geom::exact::units_to_cm(t.depth)],
                "description": tf.description,
                "terrain": t.terrain.len(),
                "units": t.units.len(),
                "miniatures": t.units.iter().map(|u| u.minis.len()).sum::<usize>(),
                "objectives": t.objectives.len(),
            })
        })
        .collect();
    Json(json!({ "tables": list }))
}

/// `GET /api/battlefield/tables/{id}`: the table to draw (`table`), the file's own keys and
/// values for the editor (`file`) and its text (`toml`).
///
/// # Errors
/// `404 unknown_table`.
pub(crate) async fn table_of(Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let (id, text, tf) = table(&id)?;
    Ok(Json(json!({
        "id": id,
        "table": table_json::table_json(tf, cards()),
        "file": table_json::file_json(text),
        "toml": text,
    })))
}

/// The query of the sight endpoint: two units by name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SightQuery {
    a: String,
    b: String,
}

/// `GET /api/battlefield/tables/{id}/sight?a=UNIT&b=UNIT`: `measure` (as `battlefield measure
/// --json`), `los` from `a` to `b` (as `battlefield los --json`) and the `lines` to draw.
///
/// # Errors
/// `404 unknown_table`, `400 unknown_unit` (with the closest name), `400 same_unit`.
pub(crate) async fn sight(State(st): State<AppState>, Path(id): Path<String>, Q(q): Q<SightQuery>) -> Result<Json<Value>, ApiError> {
    let (_, _, tf) = table(&id)?;
    st.work(move || {
        let t = &tf.table;
        let label = &t.name;
        // A name longer than any unit's is quoted shortened (docs/server.md, "Limits").
        let unit = |n: &str| table_json::find_unit(t, label, &shortened(n, QUOTED)).map_err(|m| ApiError::bad_request("unknown_unit", m));
        let (ua, ub) = (unit(&q.a)?, unit(&q.b)?);
        if ua == ub {
            return Err(ApiError::bad_request(
                "same_unit",
                format!("`a` and `b` are both `{}`: give two different units", t.units[ua].name),
            ));
        }
        Ok(Json(json!({
            "measure": table_json::measure_json(t, ua, ub),
            "los": table_json::los_json(t, ua, ub),
            "lines": table_json::sight_lines_json(t, ua, ub),
        })))
    })
    .await
}

/// The query of the path endpoint (the options of `battlefield path`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PathQ {
    /// `UNIT:I`.
    mini: String,
    /// `X,Y` in cm.
    to: String,
    /// The Move rating.
    #[serde(rename = "move")]
    moves: u32,
    #[serde(default)]
    march: bool,
    #[serde(default)]
    facing: Option<i64>,
}

/// Reads `X,Y` in centimetres.
fn point(text: &str) -> Result<Pt, ApiError> {
    table_json::parse_point(text).ok_or_else(|| {
        ApiError::bad_request(
            "bad_point",
            format!(
                "`to` = `{}`: give a point as X,Y in centimetres, e.g. 42.5,17",
                shortened(text, QUOTED)
            ),
        )
    })
}

/// `GET /api/battlefield/tables/{id}/path?mini=UNIT:I&to=X,Y&move=N[&march=true][&facing=D]`:
/// `battlefield path --json`'s answer (read-only: the table does not change).
///
/// # Errors
/// `404 unknown_table`; `400` for an unknown miniature, a point off the table or a Move over
/// 30.
pub(crate) async fn path(State(st): State<AppState>, Path(id): Path<String>, Q(q): Q<PathQ>) -> Result<Json<Value>, ApiError> {
    let (_, _, tf) = table(&id)?;
    if q.moves > MAX_MOVE {
        return Err(ApiError::bad_request(
            "bad_move",
            format!("`move` = {}: a Move rating is at most {MAX_MOVE}", q.moves),
        ));
    }
    st.work(move || {
        let t = &tf.table;
        let (unit, mini) =
            table_json::find_mini(t, &t.name, &shortened(&q.mini, QUOTED)).map_err(|m| ApiError::bad_request("unknown_unit", m))?;
        let to = point(&q.to)?;
        if let Some(m) = off_table(t, to, "the destination") {
            return Err(ApiError::bad_request("off_table", m));
        }
        Ok(Json(table_json::path_json(
            t,
            PathQuery {
                unit,
                mini,
                to,
                moves: q.moves,
                march: q.march,
                facing: q.facing.map(Facing::deg),
                level: None,
            },
        )))
    })
    .await
}

/// The body of the check endpoint.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckReq {
    /// The table file's text.
    toml: String,
}

/// `POST /api/battlefield/check` with `{"toml": TEXT}`: `battlefield check`'s diagnostics
/// (`ok`, `problems` [{line, col, message}]) and, when the file checks, the `table` to draw.
///
/// # Errors
/// `413 too_large` past [`MAX_TABLE_BODY`]; `400 bad_json`; `503 busy` / `too_slow` past the
/// readers' budget.
pub(crate) async fn check(State(st): State<AppState>, body: Body) -> Result<Json<Value>, ApiError> {
    if let Ok(b) = &body {
        if b.len() > MAX_TABLE_BODY {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!(
                    "a table file sent for checking may be at most {} KiB: this one is {} KiB",
                    MAX_TABLE_BODY / 1024,
                    b.len().div_ceil(1024)
                ),
            ));
        }
    }
    let req: CheckReq = read_json(body, "the table file is too large for this server")?;
    st.work(move || Ok(Json(check_answer(&req.toml)))).await
}

/// The check of a table file's text, as the check endpoint answers it.
pub fn check_answer(text: &str) -> Value {
    match parse_table(text, "table.toml", cards()) {
        Ok(tf) => json!({
            "ok": true,
            "problems": [],
            "table": table_json::table_json(&tf, cards()),
        }),
        Err(ds) => json!({
            "ok": false,
            "problems": ds.iter().map(|d| json!({"line": d.line, "col": d.col, "message": d.message})).collect::<Vec<_>>(),
        }),
    }
}

/// `GET /api/battlefield/cards`: the cards a table's units may name, with the kind of their
/// miniatures and how many a unit has (for the editor).
pub(crate) async fn unit_cards() -> Json<Value> {
    let list: Vec<Value> = cards()
        .iter()
        .map(|c| {
            let kind = dust_data::table_file::mini_kind_of(c);
            json!({
                "name": c.card.name,
                "kind": table_json::mini_kind_name(kind),
                "miniatures": dust_data::table_file::miniatures_of(c),
                "move": c.card.movement,
                "needs_facing": kind != dust_geom::table::MiniKind::Infantry,
            })
        })
        .collect();
    Json(json!({ "cards": list }))
}
