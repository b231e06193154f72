//! Game records (TOML): the scenario, the seed of the dice and every decision in its text form
//! (`activate u3`, `plan move attack`, `move C4`…), and for a battlefront game whose table the
//! players laid, the set-up's seed and decisions ([`PlayersSetup`]). The format is documented in
//! `docs/record-format.md`.
//!
//! A record replays bit for bit: [`replay`] builds the game from the scenario, rolls every
//! chance event with `GameRng::new(seed)` and applies the recorded decisions in order. A
//! record that does not fit the game is reported with the decision where it breaks, never a
//! panic.
//!
//! ```
//! use dust_data::record::{random_game, replay, Record, ScenarioRef};
//! let cards = dust_data::builtin::builtin_cards();
//! let setup = dust_data::scenario::default_setup();
//! let (game, record) = random_game(ScenarioRef::Builtin("annihilation".into()), setup, 7, 8, 100_000).unwrap();
//! let text = record.to_text();
//! let again = Record::parse(&text, "game.toml").unwrap();
//! assert_eq!(replay(&again, &cards).unwrap().state_hash(), game.state_hash());
//! ```

use crate::diag::toml_string;
use crate::diag::{parse_toml, Diagnostic, LineIndex};
use crate::scenario::{builtin_names, load_builtin, parse_scenario, Edition, Pos, Scenario};
use core::fmt;
use core::ops::Range;
use dust_core::battlefront::setup::{SetupDecision, SetupPhase};
use dust_core::game::{Decision, Game, GameSetup, Pending, SetupError};
use dust_core::{BySide, GameRng, UnitCard};
use std::fmt::Write as _;
use toml_edit::{Item, TableLike};

type Span = Range<usize>;

/// The record format this version writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Chance events in a row without a decision after which a replay gives up (a game never
/// needs more than a few hundred).
const MAX_ROLLS_IN_A_ROW: u32 = 100_000;

/// Which scenario a record was played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioRef {
    /// A shipped scenario, by name (`dust_data::scenario::builtin_names`).
    Builtin(String),
    /// The text of a scenario file, embedded in the record.
    Embedded(String),
}

/// The players' set-up of a battlefront game (`dust_core::battlefront::setup`): the seed of its
/// initiative roll and every set-up decision in order. The game starts from the table it lays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersSetup {
    /// The seed of the set-up phase (`SetupPhase::new(template, seed)`).
    pub seed: u64,
    /// Every set-up decision, in order.
    pub decisions: Vec<SetupDecision>,
}

impl PlayersSetup {
    /// The set-up seed of a game whose dice seed is `dice_seed`, when nothing else chooses
    /// it (`dust1947 play --setup players`, `serve`): another stream of the same seed, so the
    /// dice seed alone makes the whole game again. Records keep it as `setup_seed`.
    pub fn seed_for(dice_seed: u64) -> u64 {
        GameRng::new(dice_seed ^ 0x5e70_5e70_5e70_5e70).next_u64()
    }

    /// The game the set-up leads to from the scenario's fixed layout `template`.
    ///
    /// # Errors
    /// A refused decision (its index, the decision and why), or a set-up left unfinished.
    pub fn game_setup(&self, template: GameSetup) -> Result<GameSetup, String> {
        let phase = self.phase(template)?;
        phase.game_setup().ok_or_else(|| {
            let legal = phase.legal_decisions();
            let mut next = legal.iter().take(6).map(ToString::to_string).collect::<Vec<_>>().join(", ");
            if legal.len() > 6 {
                let _ = write!(next, ", … ({} legal decisions)", legal.len());
            }
            format!(
                "the set-up is unfinished after its {} decisions (next: {next}): the record was saved during the set-up; `dust1947 play --load FILE` goes on with it",
                self.decisions.len()
            )
        })
    }

    /// The set-up phase after the recorded decisions, finished or not (a game saved during
    /// its set-up goes on from there).
    ///
    /// # Errors
    /// A refused decision: its index, the decision and why.
    pub fn phase(&self, template: GameSetup) -> Result<SetupPhase, String> {
        let mut phase = SetupPhase::new(template, self.seed);
        for (i, d) in self.decisions.iter().enumerate() {
            phase
                .apply(*d)
                .map_err(|e| format!("set-up decision {} `{d}` is refused: {e}", i + 1))?;
        }
        Ok(phase)
    }
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The format version ([`FORMAT_VERSION`]).
    pub format: u32,
    /// The rules edition.
    pub edition: Edition,
    /// The scenario.
    pub scenario: ScenarioRef,
    /// The seed of the generator that rolls every chance event.
    pub seed: u64,
    /// Every decision, in order.
    pub decisions: Vec<Decision>,
    /// The players' set-up of a battlefront game, if the game did not start from the
    /// scenario's fixed layout.
    pub setup: Option<PlayersSetup>,
    /// The players' names, if known.
    pub players: BySide<Option<String>>,
    /// When the game was played, free text (an RFC 3339 date is customary).
    pub date: Option<String>,
    /// The state hash after the last decision (and the chance events that follow it), if
    /// recorded; [`replay`] checks it.
    pub final_hash: Option<u64>,
    /// The file the record was read from (for messages).
    pub file: String,
    /// Where each decision is written, when the record was read from a file.
    pub positions: Vec<Pos>,
    /// Lines before the embedded scenario's first line in the file (for its messages).
    embedded_line: usize,
}

impl Record {
    /// An empty record of a game on `scenario` with dice seed `seed`.
    pub fn new(scenario: ScenarioRef, seed: u64) -> Record {
        Record {
            format: FORMAT_VERSION,
            edition: Edition::Revised,
            scenario,
            seed,
            decisions: Vec::new(),
            setup: None,
            players: BySide::default(),
            date: None,
            final_hash: None,
            file: "record".to_string(),
            positions: Vec::new(),
            embedded_line: 0,
        }
    }

    /// Appends a decision.
    pub fn push(&mut self, d: Decision) {
        self.decisions.push(d);
    }

    /// Reads a record. `file` is only used in the diagnostics.
    ///
    /// # Errors
    /// Every problem, each at its line and column: missing or mistyped keys, a format version
    /// this program cannot read, decisions that are not in the decision text form.
    pub fn parse(text: &str, file: &str) -> Result<Record, Vec<Diagnostic>> {
        let ix = LineIndex::new(text);
        let mut diags = Vec::new();
        let mut err = |span: &Span, m: String| diags.push(ix.diagnostic(file, span, m));
        let doc = match parse_toml(text) {
            Ok(d) => d,
            Err((span, msg)) => {
                err(&span, msg);
                return Err(diags);
            }
        };
        let root = doc.as_table();
        let rt: &dyn TableLike = root;
        let top = 0..0;
        let span_of = |key: &str| -> Span {
            rt.get(key)
                .and_then(Item::span)
                .or_else(|| rt.key(key).and_then(|k| k.span()))
                .unwrap_or(0..0)
        };
        const KEYS: &[&str] = &[
            "format",
            "edition",
            "scenario",
            "scenario_text",
            "seed",
            "decisions",
            "players",
            "date",
            "final_hash",
            "setup_seed",
            "setup",
        ];
        for (k, _) in root.iter() {
            if !KEYS.contains(&k) {
                let ks = rt.key(k).and_then(|k| k.span()).unwrap_or(0..0);
                let list = KEYS.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ");
                err(&ks, format!("unknown key `{k}` in the record: the valid keys are {list}"));
            }
        }
        let format = match root.get("format") {
            None => {
                err(
                    &top,
                    format!("the record needs `format = {FORMAT_VERSION}` (the record format version)"),
                );
                None
            }
            Some(item) => match item.as_integer() {
                Some(n) if n == i64::from(FORMAT_VERSION) => Some(FORMAT_VERSION),
                Some(n) if n > i64::from(FORMAT_VERSION) => {
                    err(
                        &span_of("format"),
                        format!("record format {n} is newer than this program reads ({FORMAT_VERSION}): update Dust 1947"),
                    );
                    None
                }
                _ => {
                    err(&span_of("format"), format!("`format` must be {FORMAT_VERSION}"));
                    None
                }
            },
        };
        let edition = match root.get("edition") {
            None => Some(Edition::Revised),
            Some(item) => match item.as_str().and_then(Edition::from_name) {
                Some(e) => Some(e),
                None => {
                    err(&span_of("edition"), "`edition` must be \"revised\" or \"battlefront\"".to_string());
                    None
                }
            },
        };
        let mut embedded_line = 0;
        let scenario = match (root.get("scenario"), root.get("scenario_text")) {
            (Some(_), Some(_)) => {
                err(
                    &span_of("scenario_text"),
                    "give either `scenario` (a shipped scenario's name) or `scenario_text` (a scenario file), not both".to_string(),
                );
                None
            }
            (None, None) => {
                err(
                    &top,
                    format!(
                        "the record needs `scenario` (one of {}) or `scenario_text` (a whole scenario file)",
                        builtin_names().join(", ")
                    ),
                );
                None
            }
            (Some(item), None) => match item.as_str() {
                Some(s) => Some(ScenarioRef::Builtin(s.to_string())),
                None => {
                    err(
                        &span_of("scenario"),
                        "`scenario` must be a shipped scenario's name in quotes".to_string(),
                    );
                    None
                }
            },
            (None, Some(item)) => match item.as_str() {
                Some(s) => {
                    let sp = span_of("scenario_text");
                    let raw = text.get(sp.clone()).unwrap_or("");
                    let (line, _) = ix.line_col(sp.start);
                    // A multi-line string starting with a line break begins on the next line.
                    let multi = raw.starts_with("\"\"\"\n") || raw.starts_with("'''\n");
                    embedded_line = if multi { line } else { line - 1 };
                    Some(ScenarioRef::Embedded(s.to_string()))
                }
                None => {
                    err(
                        &span_of("scenario_text"),
                        "`scenario_text` must be a string (a scenario file)".to_string(),
                    );
                    None
                }
            },
        };
        let seed = match root.get("seed") {
            None => {
                err(&top, "the record needs `seed`: the seed of the dice, a whole number".to_string());
                None
            }
            Some(item) => {
                let v = match (item.as_integer(), item.as_str()) {
                    (Some(n), _) => u64::try_from(n).ok(),
                    (None, Some(s)) => parse_u64(s),
                    _ => None,
                };
                if v.is_none() {
                    err(
                        &span_of("seed"),
                        "`seed` must be a whole number from 0 to 2^64-1 (as a string like \"0xffffffffffffffff\" above 2^63-1)".to_string(),
                    );
                }
                v
            }
        };
        let mut decisions = Vec::new();
        let mut positions = Vec::new();
        match root.get("decisions") {
            None => err(
                &top,
                "the record needs `decisions = [...]`: the decisions in order, like \"activate u3\"".to_string(),
            ),
            Some(item) => match item.as_array() {
                None => err(&span_of("decisions"), "`decisions` must be a list of decision strings".to_string()),
                Some(arr) => {
                    for (i, v) in arr.iter().enumerate() {
                        let vs = v.span().unwrap_or_else(|| span_of("decisions"));
                        let (line, col) = ix.line_col(vs.start);
                        match v.as_str().map(str::parse::<Decision>) {
                            Some(Ok(d)) => {
                                decisions.push(d);
                                positions.push(Pos { line, col });
                            }
                            Some(Err(e)) => err(&vs, format!("decision {}: {e}", i + 1)),
                            None => err(&vs, format!("decision {} must be a string like \"activate u3\"", i + 1)),
                        }
                    }
                }
            },
        }
        let setup_seed = root.get("setup_seed").and_then(|item| {
            let v = match (item.as_integer(), item.as_str()) {
                (Some(n), _) => u64::try_from(n).ok(),
                (None, Some(s)) => parse_u64(s),
                _ => None,
            };
            if v.is_none() {
                err(
                    &span_of("setup_seed"),
                    "`setup_seed` must be a whole number from 0 to 2^64-1 (as a string like \"0xffffffffffffffff\" above 2^63-1)"
                        .to_string(),
                );
            }
            v
        });
        let mut setup_decisions = Vec::new();
        if let Some(item) = root.get("setup") {
            match item.as_array() {
                None => err(
                    &span_of("setup"),
                    "`setup` must be a list of set-up decision strings like \"board ruins\"".to_string(),
                ),
                Some(arr) => {
                    for (i, v) in arr.iter().enumerate() {
                        let vs = v.span().unwrap_or_else(|| span_of("setup"));
                        match v.as_str().map(str::parse::<SetupDecision>) {
                            Some(Ok(d)) => setup_decisions.push(d),
                            Some(Err(e)) => err(&vs, format!("set-up decision {}: {e}", i + 1)),
                            None => err(&vs, format!("set-up decision {} must be a string like \"board ruins\"", i + 1)),
                        }
                    }
                }
            }
        }
        let setup = match (setup_seed, root.get("setup").is_some()) {
            (Some(seed), true) => Some(PlayersSetup {
                seed,
                decisions: setup_decisions,
            }),
            (None, false) => None,
            (Some(_), false) => {
                err(
                    &span_of("setup_seed"),
                    "`setup_seed` goes with `setup = [...]`: the players' set-up decisions in order".to_string(),
                );
                None
            }
            (None, true) => {
                if root.get("setup_seed").is_none() {
                    err(
                        &span_of("setup"),
                        "`setup` goes with `setup_seed`: the seed of the set-up's initiative roll".to_string(),
                    );
                }
                None
            }
        };
        let mut players: BySide<Option<String>> = BySide::default();
        if let Some(item) = root.get("players") {
            match item.as_table_like() {
                Some(t) => {
                    for (k, v) in t.iter() {
                        let vs = v.span().or_else(|| t.key(k).and_then(|k| k.span())).unwrap_or(0..0);
                        let side = match k {
                            "a" => &mut players.a,
                            "b" => &mut players.b,
                            _ => {
                                err(&vs, format!("unknown key `{k}` in `players`: write `a` and `b`"));
                                continue;
                            }
                        };
                        match v.as_str() {
                            Some(s) => *side = Some(s.to_string()),
                            None => err(&vs, format!("`players.{k}` must be a name in quotes")),
                        }
                    }
                }
                None => err(
                    &span_of("players"),
                    "`players` must be a table like { a = \"Ann\", b = \"Bob\" }".to_string(),
                ),
            }
        }
        let date = root.get("date").and_then(|item| match item.as_value() {
            Some(toml_edit::Value::String(s)) => Some(s.value().clone()),
            Some(toml_edit::Value::Datetime(d)) => Some(d.value().to_string()),
            _ => {
                err(&span_of("date"), "`date` must be a date or a string".to_string());
                None
            }
        });
        let final_hash = root.get("final_hash").and_then(|item| {
            let v = item.as_str().and_then(parse_u64);
            if v.is_none() {
                err(
                    &span_of("final_hash"),
                    "`final_hash` must be a string like \"0x0123456789abcdef\"".to_string(),
                );
            }
            v
        });
        if !diags.is_empty() {
            diags.sort_by_key(|d| (d.line, d.col));
            return Err(diags);
        }
        match (format, edition, scenario, seed) {
            (Some(format), Some(edition), Some(scenario), Some(seed)) => Ok(Record {
                format,
                edition,
                scenario,
                seed,
                decisions,
                setup,
                players,
                date,
                final_hash,
                file: file.to_string(),
                positions,
                embedded_line,
            }),
            _ => Err(vec![ix.diagnostic(file, &top, "the record could not be read")]),
        }
    }

    /// The record as a file that [`Record::parse`] reads back to the same record.
    pub fn to_text(&self) -> String {
        let mut o = String::from("# A Dust 1947 game record (docs/record-format.md).\n");
        let _ = writeln!(o, "format = {}", self.format);
        let _ = writeln!(o, "edition = \"{}\"", self.edition);
        match &self.scenario {
            ScenarioRef::Builtin(n) => {
                let _ = writeln!(o, "scenario = {}", toml_string(n));
            }
            ScenarioRef::Embedded(t) => {
                let _ = writeln!(o, "scenario_text = \"\"\"\n{}\"\"\"", multiline(t));
            }
        }
        if let Ok(s) = i64::try_from(self.seed) {
            let _ = writeln!(o, "seed = {s}");
        } else {
            let _ = writeln!(o, "seed = \"{:#018x}\"", self.seed);
        }
        if self.players.a.is_some() || self.players.b.is_some() {
            let mut parts = Vec::new();
            if let Some(a) = &self.players.a {
                parts.push(format!("a = {}", toml_string(a)));
            }
            if let Some(b) = &self.players.b {
                parts.push(format!("b = {}", toml_string(b)));
            }
            let _ = writeln!(o, "players = {{ {} }}", parts.join(", "));
        }
        if let Some(d) = &self.date {
            let _ = writeln!(o, "date = {}", toml_string(d));
        }
        if let Some(h) = self.final_hash {
            let _ = writeln!(o, "final_hash = \"{h:#018x}\"");
        }
        if let Some(su) = &self.setup {
            if let Ok(s) = i64::try_from(su.seed) {
                let _ = writeln!(o, "setup_seed = {s}");
            } else {
                let _ = writeln!(o, "setup_seed = \"{:#018x}\"", su.seed);
            }
            o.push_str("setup = [\n");
            for d in &su.decisions {
                let _ = writeln!(o, "  \"{d}\",");
            }
            o.push_str("]\n");
        }
        o.push_str("decisions = [\n");
        for d in &self.decisions {
            let _ = writeln!(o, "  \"{d}\",");
        }
        o.push_str("]\n");
        o
    }

    /// The scenario of the record, read and checked.
    ///
    /// # Errors
    /// The problems of the scenario (for an embedded one, at its lines in the record file).
    pub fn load_scenario(&self) -> Result<Scenario, Vec<Diagnostic>> {
        match &self.scenario {
            ScenarioRef::Builtin(n) => load_builtin(n),
            ScenarioRef::Embedded(t) => parse_scenario(t, &self.file).map_err(|ds| {
                ds.into_iter()
                    .map(|mut d| {
                        d.line += self.embedded_line;
                        d
                    })
                    .collect()
            }),
        }
    }

    /// Where decision `index` is written, as `FILE:LINE:COL`, if known.
    pub fn place(&self, index: usize) -> Option<String> {
        self.positions.get(index).map(|p| format!("{}:{}:{}", self.file, p.line, p.col))
    }
}

fn parse_u64(s: &str) -> Option<u64> {
    let s = s.trim().replace('_', "");
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// The body of a `"""` string holding `t`: backslashes and quotes escaped, line breaks kept.
fn multiline(t: &str) -> String {
    let mut out = String::new();
    for c in t.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The scenario cannot be read, or its armies do not fit the unit cards.
    Scenario(Vec<Diagnostic>),
    /// The players' set-up does not replay (a refused or missing set-up decision).
    Setup(String),
    /// The engine refuses a recorded decision.
    Refused {
        /// The decision's index in the record (0-based).
        index: usize,
        /// Where it is written (`FILE:LINE:COL`), if known.
        place: Option<String>,
        /// The decision.
        decision: Decision,
        /// The engine's reason.
        reason: String,
        /// What the engine would have accepted.
        legal: Vec<Decision>,
    },
    /// The game is over but the record has more decisions.
    AfterGameOver {
        /// The first decision left (0-based).
        index: usize,
        /// Where it is written, if known.
        place: Option<String>,
    },
    /// The state after the replay is not the one the record says.
    HashMismatch {
        /// The record's `final_hash`.
        expected: u64,
        /// The replayed game's hash.
        actual: u64,
    },
    /// Chance events never stopped (an engine fault).
    Stuck {
        /// The decisions applied so far.
        index: usize,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Scenario(ds) => {
                f.write_str("the record's scenario cannot be played:")?;
                for d in ds {
                    write!(f, "\n{d}")?;
                }
                Ok(())
            }
            ReplayError::Setup(m) => write!(f, "the record's set-up does not replay: {m}"),
            ReplayError::Refused {
                index,
                place,
                decision,
                reason,
                legal,
            } => {
                if let Some(p) = place {
                    write!(f, "{p}: ")?;
                }
                write!(f, "decision {} `{decision}` is refused: {reason}", index + 1)?;
                // The engine's reason names at most a dozen options: list them all if it did not.
                let named = legal.iter().all(|d| reason.contains(&d.to_string()));
                if !named {
                    let options = legal.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
                    write!(f, "; the legal decisions here are: {}", if options.is_empty() { "none" } else { &options })?;
                }
                f.write_str(" (the record is corrupt, or was made with other unit cards or another engine)")
            }
            ReplayError::AfterGameOver { index, place } => {
                if let Some(p) = place {
                    write!(f, "{p}: ")?;
                }
                write!(f, "decision {} comes after the end of the game: the record is corrupt", index + 1)
            }
            ReplayError::HashMismatch { expected, actual } => write!(
                f,
                "the replayed game ends with state hash {actual:#018x}, but the record says {expected:#018x}: the record was made by another version of the engine or is corrupt"
            ),
            ReplayError::Stuck { index } => write!(
                f,
                "after decision {} the dice never stop: this is an engine fault, please report it with the record",
                index + 1
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays a record with `cards` (normally [`crate::builtin::builtin_cards`]): builds the
/// game from the scenario, then rolls every pending chance event with
/// `GameRng::new(record.seed)` and applies the recorded decisions in order. Stops when the
/// decisions run out (the game may be unfinished) or the game is over, then checks
/// `final_hash` if the record has one.
///
/// # Errors
/// The scenario does not build; a decision is refused (with its index, place and the legal
/// options); decisions are left after the game ended; the final hash differs.
pub fn replay(record: &Record, cards: &[UnitCard]) -> Result<Game, ReplayError> {
    replay_by(record, |s| s.game_setup(cards))
}

/// [`replay`] with the card files of both editions (shipped, merged with a user's folder:
/// [`crate::builtin::load_all_card_files`]), the record's edition choosing among them
/// ([`Scenario::game_setup_for`]): a user's battlefront card plays with its battlefront part.
///
/// # Errors
/// As [`replay`].
pub fn replay_with_files(record: &Record, all: &[crate::card::CardFile]) -> Result<Game, ReplayError> {
    replay_by(record, |s| s.game_setup_for(all))
}

fn replay_by(
    record: &Record,
    build: impl FnOnce(&crate::scenario::Scenario) -> Result<GameSetup, Vec<crate::diag::Diagnostic>>,
) -> Result<Game, ReplayError> {
    let mut scenario = record.load_scenario().map_err(ReplayError::Scenario)?;
    // A record of the battlefront edition plays its scenario under the battlefront rules (`sim
    // --edition battlefront` plays revised scenarios so); a record that says revised (or
    // nothing, as records written before the battlefront edition) plays the scenario's edition.
    if record.edition == Edition::Battlefront {
        scenario.edition = Edition::Battlefront;
    }
    let mut setup = build(&scenario).map_err(ReplayError::Scenario)?;
    if let Some(su) = &record.setup {
        if setup.edition != Edition::Battlefront {
            return Err(ReplayError::Setup(format!(
                "the record has the players' set-up, but its scenario is played under the {} rules: the players set up battlefront games only",
                setup.edition
            )));
        }
        setup = su.game_setup(setup).map_err(ReplayError::Setup)?;
    }
    let mut game = Game::new(setup).map_err(|e| setup_error(record, &e))?;
    let mut rng = GameRng::new(record.seed);
    let mut next = 0;
    let mut rolls = 0;
    loop {
        match game.pending() {
            Pending::Chance(_) => {
                game.roll(&mut rng);
                rolls += 1;
                if rolls > MAX_ROLLS_IN_A_ROW {
                    return Err(ReplayError::Stuck { index: next });
                }
            }
            Pending::Decision { .. } => {
                let Some(&d) = record.decisions.get(next) else { break };
                if let Err(e) = game.apply(d) {
                    return Err(ReplayError::Refused {
                        index: next,
                        place: record.place(next),
                        decision: d,
                        reason: e.reason,
                        legal: game.legal_decisions(),
                    });
                }
                next += 1;
                rolls = 0;
            }
            Pending::GameOver { .. } => {
                if next < record.decisions.len() {
                    return Err(ReplayError::AfterGameOver {
                        index: next,
                        place: record.place(next),
                    });
                }
                break;
            }
        }
    }
    if let Some(expected) = record.final_hash {
        let actual = game.state_hash();
        if actual != expected {
            return Err(ReplayError::HashMismatch { expected, actual });
        }
    }
    Ok(game)
}

fn setup_error(record: &Record, e: &SetupError) -> ReplayError {
    ReplayError::Scenario(vec![Diagnostic {
        file: record.file.clone(),
        line: 1,
        col: 1,
        message: format!("the engine refuses the scenario's armies: {e}"),
    }])
}

/// Plays a game with uniformly random legal decisions (picked with `GameRng::new(pick_seed)`)
/// and dice rolled with `GameRng::new(seed)`, recording it. Stops when the game is over or
/// after `max_decisions` decisions. The record's `final_hash` is set.
///
/// # Errors
/// The engine refuses the setup.
pub fn random_game(
    scenario: ScenarioRef,
    setup: GameSetup,
    seed: u64,
    pick_seed: u64,
    max_decisions: usize,
) -> Result<(Game, Record), SetupError> {
    let mut game = Game::new(setup)?;
    let mut record = Record::new(scenario, seed);
    let mut dice = GameRng::new(seed);
    let mut pick = GameRng::new(pick_seed);
    loop {
        match game.pending() {
            Pending::Chance(_) => {
                game.roll(&mut dice);
            }
            Pending::Decision { .. } => {
                if record.decisions.len() >= max_decisions {
                    break;
                }
                let options = game.legal_decisions();
                if options.is_empty() {
                    break;
                }
                let d = options[pick.index(options.len())];
                game.apply_unchecked(d);
                record.push(d);
            }
            Pending::GameOver { .. } => break,
        }
    }
    record.final_hash = Some(game.state_hash());
    Ok((game, record))
}
