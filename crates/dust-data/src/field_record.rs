//! Dust Battlefield games from files: the shipped tables by name, a [`FieldSetup`] from a
//! table file and the cards, and Battlefield game records (`edition = "battlefield"`,
//! docs/record-format.md, "Battlefield records"): the table (a shipped one by name, or the
//! whole file embedded), the turn and AP limits, the seed of the dice and every decision in its
//! text form. A record replays bit for bit: [`replay_field`] builds the game from the table,
//! seeds the dice and applies the decisions in order.
//!
//! ```
//! use dust_data::field_record::{shipped_setup, FieldRecord, TableRef, replay_field};
//! use dust_core::field::{FieldGame, Pending};
//! let setup = shipped_setup("zhytomyr-crossroads", 3, None).unwrap();
//! let mut game = FieldGame::new(setup, 11).unwrap();
//! let mut record = FieldRecord::new(TableRef::Shipped("zhytomyr-crossroads".into()), 11, 3);
//! while let Pending::Decision(_) = game.pending() {
//!     let d = game.candidates(4).into_iter().next().unwrap();
//!     record.decisions.push(d.clone());
//!     game.apply(d).unwrap();
//! }
//! let again = FieldRecord::parse(&record.to_text(), "game.toml").unwrap();
//! assert_eq!(replay_field(&again).unwrap().state_hash(), game.state_hash());
//! ```

use crate::card::CardFile;
use crate::diag::{parse_toml, toml_string, Diagnostic, LineIndex};
use crate::table_file::{parse_table, TableFile};
use dust_core::field::{Decision, FieldCard, FieldGame, FieldSetup};
use dust_core::BattlefrontDice;
use std::fmt::Write as _;

/// The shipped tables (data/battlefield/tables), by name: the file name without `.toml`.
pub const SHIPPED_TABLES: &[(&str, &str)] = &[
    ("dnieper-ford", include_str!("../../../data/battlefield/tables/dnieper-ford.toml")),
    (
        "ostwall-bunker-line",
        include_str!("../../../data/battlefield/tables/ostwall-bunker-line.toml"),
    ),
    ("ruined-town", include_str!("../../../data/battlefield/tables/ruined-town.toml")),
    (
        "zhytomyr-crossroads",
        include_str!("../../../data/battlefield/tables/zhytomyr-crossroads.toml"),
    ),
];

/// The turn limit when nothing else says: six turns, the project's own choice (the summary
/// leaves it to the scenario; docs/rulings.md, "Battlefield: the objective of the project's
/// tables").
pub const DEFAULT_TURNS: u8 = 6;

/// The text of a shipped table.
pub fn shipped_table(name: &str) -> Option<&'static str> {
    let n = name.trim().trim_end_matches(".toml");
    SHIPPED_TABLES.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map(|(_, t)| *t)
}

/// The cards a Battlefield table plays: the battlefront cards and the classic cards.
pub fn field_cards() -> Vec<CardFile> {
    crate::builtin::builtin_card_files_for(dust_core::Edition::Battlefront)
}

/// The game set-up of a checked table file: each unit's card (from `cards`, by the unit's card
/// name), the turn limit and the AP limit.
///
/// # Errors
/// A unit whose card is not among `cards`.
pub fn field_setup(tf: &TableFile, cards: &[CardFile], turns: u8, ap_limit: Option<u16>) -> Result<FieldSetup, String> {
    let mut fc = Vec::new();
    for u in &tf.table.units {
        let cf = cards
            .iter()
            .find(|c| c.card.name.eq_ignore_ascii_case(&u.card))
            .ok_or_else(|| format!("no unit card is named \"{}\" (unit `{}`)", u.card, u.name))?;
        fc.push(FieldCard {
            card: cf.card.clone(),
            bf: cf.info.battlefront.clone(),
        });
    }
    Ok(FieldSetup {
        table: tf.table.clone(),
        cards: fc,
        turns,
        ap_limit,
        dice: BattlefrontDice::ThreeSymbol,
        reserves: tf.reserves,
        meeting: tf.meeting,
        ambush: tf.ambush.clone(),
        in_reserve: tf.in_reserve.clone(),
        aboard: tf.aboard.clone(),
        defender: tf.defender,
        scattered: tf.scattered,
    })
}

/// Reads a table file's text and sets the game up with the shipped cards.
///
/// # Errors
/// The table's problems as `FILE:LINE:COL: message` lines, or a missing card.
pub fn setup_from_text(text: &str, file: &str, turns: u8, ap_limit: Option<u16>) -> Result<FieldSetup, String> {
    let cards = field_cards();
    let tf = parse_table(text, file, &cards).map_err(|d| d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))?;
    field_setup(&tf, &cards, turns, ap_limit)
}

/// A shipped table's set-up.
///
/// # Errors
/// An unknown name (the message lists the shipped tables).
pub fn shipped_setup(name: &str, turns: u8, ap_limit: Option<u16>) -> Result<FieldSetup, String> {
    let text = shipped_table(name).ok_or_else(|| {
        format!(
            "no shipped table is named `{name}`: the shipped tables are {}",
            SHIPPED_TABLES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        )
    })?;
    setup_from_text(text, &format!("data/battlefield/tables/{name}.toml"), turns, ap_limit)
}

/// Which table a record was played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableRef {
    /// A shipped table, by name ([`SHIPPED_TABLES`]).
    Shipped(String),
    /// A whole table file, embedded in the record.
    Embedded(String),
}

/// A Battlefield game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRecord {
    /// The table.
    pub table: TableRef,
    /// The seed of the dice.
    pub seed: u64,
    /// The turn limit.
    pub turns: u8,
    /// The AP limit, if any.
    pub ap_limit: Option<u16>,
    /// Every decision, in order.
    pub decisions: Vec<Decision>,
    /// The state hash after the last decision, checked by the replay.
    pub final_hash: Option<u64>,
}

impl FieldRecord {
    /// An empty record.
    pub fn new(table: TableRef, seed: u64, turns: u8) -> FieldRecord {
        FieldRecord {
            table,
            seed,
            turns,
            ap_limit: None,
            decisions: Vec::new(),
            final_hash: None,
        }
    }

    /// The game's set-up.
    ///
    /// # Errors
    /// As [`setup_from_text`].
    pub fn setup(&self) -> Result<FieldSetup, String> {
        match &self.table {
            TableRef::Shipped(n) => shipped_setup(n, self.turns, self.ap_limit),
            TableRef::Embedded(t) => setup_from_text(t, "the record's table_text", self.turns, self.ap_limit),
        }
    }

    /// The record as TOML.
    pub fn to_text(&self) -> String {
        let mut o = String::from(
            "# A Dust Battlefield game record (docs/record-format.md, \"Battlefield records\").\nformat = 1\nedition = \"battlefield\"\n",
        );
        match &self.table {
            TableRef::Shipped(n) => {
                let _ = writeln!(o, "table = {}", toml_string(n));
            }
            TableRef::Embedded(t) => {
                let _ = writeln!(o, "table_text = {}", toml_string(t));
            }
        }
        let _ = writeln!(o, "seed = \"{}\"", self.seed);
        let _ = writeln!(o, "turns = {}", self.turns);
        if let Some(l) = self.ap_limit {
            let _ = writeln!(o, "ap_limit = {l}");
        }
        if let Some(h) = self.final_hash {
            let _ = writeln!(o, "final_hash = \"{h:#018x}\"");
        }
        o.push_str("decisions = [\n");
        for d in &self.decisions {
            let _ = writeln!(o, "  {},", toml_string(&d.to_string()));
        }
        o.push_str("]\n");
        o
    }

    /// Reads a record.
    ///
    /// # Errors
    /// Every problem, as `FILE:LINE:COL` diagnostics.
    pub fn parse(text: &str, file: &str) -> Result<FieldRecord, Vec<Diagnostic>> {
        let lines = LineIndex::new(text);
        let err = |span: Option<core::ops::Range<usize>>, message: String| {
            let (line, col) = lines.line_col(span.map_or(0, |s| s.start));
            vec![Diagnostic {
                file: file.to_string(),
                line,
                col,
                message,
            }]
        };
        let doc = parse_toml(text).map_err(|(span, msg)| err(Some(span), msg))?;
        let root = doc.as_table();
        let get_str = |k: &str| root.get(k).and_then(|v| v.as_str()).map(str::to_string);
        let span = |k: &str| root.get(k).and_then(|v| v.span());
        if get_str("edition").as_deref() != Some("battlefield") {
            return Err(err(
                span("edition"),
                "not a Battlefield record: `edition = \"battlefield\"` is missing".into(),
            ));
        }
        if let Some(f) = root.get("format").and_then(|v| v.as_integer()) {
            if f != 1 {
                return Err(err(
                    span("format"),
                    format!("record format {f} is not known: this version reads format 1"),
                ));
            }
        }
        let table = match (get_str("table"), get_str("table_text")) {
            (Some(n), None) => TableRef::Shipped(n),
            (None, Some(t)) => TableRef::Embedded(t),
            _ => {
                return Err(err(
                    None,
                    "give the table: `table = \"NAME\"` (a shipped table) or `table_text = \"\"\"…\"\"\"`, one of the two".into(),
                ))
            }
        };
        let seed = match root.get("seed") {
            Some(v) if v.as_integer().is_some() => v.as_integer().and_then(|i| u64::try_from(i).ok()),
            Some(v) => v.as_str().and_then(|s| match s.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16).ok(),
                None => s.parse().ok(),
            }),
            None => None,
        }
        .ok_or_else(|| {
            err(
                span("seed"),
                "`seed` must be a number (or a string holding one, decimal or 0x…)".into(),
            )
        })?;
        let turns = match root.get("turns") {
            None => crate::field_record::DEFAULT_TURNS,
            Some(v) => v
                .as_integer()
                .and_then(|i| u8::try_from(i).ok())
                .filter(|&t| t > 0)
                .ok_or_else(|| err(span("turns"), "`turns` must be a whole number from 1 to 255".into()))?,
        };
        let ap_limit = match root.get("ap_limit") {
            None => None,
            Some(v) => Some(
                v.as_integer()
                    .and_then(|i| u16::try_from(i).ok())
                    .ok_or_else(|| err(span("ap_limit"), "`ap_limit` must be a whole number".into()))?,
            ),
        };
        let final_hash = match get_str("final_hash") {
            None => None,
            Some(h) => Some(
                u64::from_str_radix(h.trim_start_matches("0x"), 16)
                    .map_err(|_| err(span("final_hash"), format!("`{h}` is not a hash (0x…)")))?,
            ),
        };
        let mut decisions = Vec::new();
        let arr = root
            .get("decisions")
            .and_then(|v| v.as_array())
            .ok_or_else(|| err(span("decisions"), "`decisions` must be a list of strings".into()))?;
        for v in arr.iter() {
            let s = v.as_str().ok_or_else(|| err(v.span(), "a decision must be a string".into()))?;
            decisions.push(s.parse::<Decision>().map_err(|e| err(v.span(), e))?);
        }
        Ok(FieldRecord {
            table,
            seed,
            turns,
            ap_limit,
            decisions,
            final_hash,
        })
    }
}

/// Replays a record.
///
/// # Errors
/// The set-up's problem, a decision the game refuses (its number, the decision and why), or a
/// final hash that differs.
pub fn replay_field(r: &FieldRecord) -> Result<FieldGame, String> {
    let setup = r.setup()?;
    let mut g = FieldGame::new(setup, r.seed).map_err(|e| e.to_string())?;
    for (i, d) in r.decisions.iter().enumerate() {
        g.apply(d.clone())
            .map_err(|e| format!("decision {} (`{d}`) is refused: {e}", i + 1))?;
    }
    if let Some(h) = r.final_hash {
        if h != g.state_hash() {
            return Err(format!(
                "the replay ends in state {:#018x}, but the record says {h:#018x}: the record was made with other cards or another version",
                g.state_hash()
            ));
        }
    }
    Ok(g)
}
