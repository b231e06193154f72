//! Unit card files (TOML): one file per unit card, read into a [`dust_core::UnitCard`]. The
//! format is documented in `docs/card-format.md`.
//!
//! [`parse_card`] reports every problem of a file at once, each as `FILE:LINE:COL: message`
//! pointing at the offending key or value, and never panics. [`parse_card_file`] also returns
//! what the unit model does not hold (field-level sources, weapon ids, the subtitle), and
//! [`parse_card_dir`] reads a whole folder. [`render_text`] and [`render_svg`] draw a card.

use crate::diag::{describe, parse_toml, suggestion, valid_list};
use crate::diag::{Diagnostic, LineIndex, TomlReader};
use core::ops::Range;
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontSkill, BattlefrontValue, BattlefrontWeapon, Locomotion, Mount};
use dust_core::{
    Armor, ArmorType, Bloc, CombatTable, CombatValue, Edition, Face, Keywords, Model, Role, Skill, UnitCard, UnitKind, WeaponLine,
    WeaponRange,
};
use std::fmt::Write as _;
use std::path::Path;
use toml_edit::{Item, TableLike};

type Span = Range<usize>;

/// Every kind a card file may name. The last four belong to the battlefront edition: a card
/// naming one needs `edition = "battlefront"`, and the engine's [`UnitCard`] holds the nearest
/// revised kind ([`BattlefrontKind::nearest`]).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum CardKind {
    /// A squad of soldiers.
    Squad,
    /// A hero.
    Hero,
    /// A land vehicle.
    Vehicle,
    /// An aircraft.
    Aircraft,
    /// Battlefront edition: a support weapon team.
    SupportWeapon,
    /// Battlefront edition: a large vehicle.
    LargeVehicle,
    /// Battlefront edition: a huge vehicle.
    HugeVehicle,
    /// Battlefront edition: a large aircraft.
    LargeAircraft,
}

impl CardKind {
    /// Every kind, in the order documented.
    pub const ALL: [CardKind; 8] = [
        CardKind::Squad,
        CardKind::Hero,
        CardKind::Vehicle,
        CardKind::Aircraft,
        CardKind::SupportWeapon,
        CardKind::LargeVehicle,
        CardKind::HugeVehicle,
        CardKind::LargeAircraft,
    ];

    /// The name used in card files.
    pub const fn name(self) -> &'static str {
        match self {
            CardKind::Squad => "squad",
            CardKind::Hero => "hero",
            CardKind::Vehicle => "vehicle",
            CardKind::Aircraft => "aircraft",
            CardKind::SupportWeapon => "support-weapon",
            CardKind::LargeVehicle => "large-vehicle",
            CardKind::HugeVehicle => "huge-vehicle",
            CardKind::LargeAircraft => "large-aircraft",
        }
    }

    /// Reads a kind name.
    pub fn from_name(s: &str) -> Option<CardKind> {
        CardKind::ALL.iter().copied().find(|k| k.name() == s)
    }

    /// The unit model's kind, when it is one of the revised kinds.
    pub const fn unit_kind(self) -> Option<UnitKind> {
        match self {
            CardKind::Squad => Some(UnitKind::Squad),
            CardKind::Hero => Some(UnitKind::Hero),
            CardKind::Vehicle => Some(UnitKind::Vehicle),
            CardKind::Aircraft => Some(UnitKind::Aircraft),
            CardKind::SupportWeapon | CardKind::LargeVehicle | CardKind::HugeVehicle | CardKind::LargeAircraft => None,
        }
    }

    /// The battlefront kind, for the kinds only the battlefront edition has.
    pub const fn battlefront(self) -> Option<BattlefrontKind> {
        match self {
            CardKind::SupportWeapon => Some(BattlefrontKind::SupportWeapon),
            CardKind::LargeVehicle => Some(BattlefrontKind::LargeVehicle),
            CardKind::HugeVehicle => Some(BattlefrontKind::HugeVehicle),
            CardKind::LargeAircraft => Some(BattlefrontKind::LargeAircraft),
            CardKind::Squad | CardKind::Hero | CardKind::Vehicle | CardKind::Aircraft => None,
        }
    }

    /// The kind the engine's [`UnitCard`] holds: the kind itself or the nearest revised kind.
    pub const fn nearest(self) -> UnitKind {
        match (self.unit_kind(), self.battlefront()) {
            (Some(k), _) => k,
            (None, Some(b)) => b.nearest(),
            (None, None) => UnitKind::Squad,
        }
    }
}

/// The name of a unit kind in card files.
pub const fn unit_kind_name(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Squad => "squad",
        UnitKind::Hero => "hero",
        UnitKind::Vehicle => "vehicle",
        UnitKind::Aircraft => "aircraft",
    }
}

/// The name of a role in card files.
pub const fn role_name(r: Role) -> &'static str {
    match r {
        Role::Officer => "officer",
        Role::Radioman => "radioman",
        Role::Mechanic => "mechanic",
        Role::Medic => "medic",
        Role::Sniper => "sniper",
        Role::Spotter => "spotter",
    }
}

const ROLES: [Role; 6] = [
    Role::Officer,
    Role::Radioman,
    Role::Mechanic,
    Role::Medic,
    Role::Sniper,
    Role::Spotter,
];

/// The keyword names of card files: the five of [`Keywords`], in field order, then `spray`
/// (the battlefront name of `flame`), `grenade` (of `ugl`), and the battlefront-only `set-up`,
/// `under-barrel` and `crew`, and the Battlefield summary's `tesla`, `grapple`, `cutting` and
/// `power-scopes`, `wire-guided`, `salvo`, `expert`.
pub const KEYWORDS: [&str; 17] = [
    "laser",
    "flame",
    "ugl",
    "burst",
    "reload",
    "spray",
    "grenade",
    "set-up",
    "under-barrel",
    "crew",
    "tesla",
    "grapple",
    "cutting",
    "power-scopes",
    "wire-guided",
    "salvo",
    "expert",
];

/// The name of a card's edition as written in card files.
pub const fn edition_name(e: Edition) -> &'static str {
    e.name()
}

/// What a card file says beyond the unit model, for one weapon line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WeaponInfo {
    /// The line's `id`, if the file gives one (needed when two lines share a name).
    pub id: Option<String>,
    /// Where the whole line comes from, if the line says.
    pub source: Option<String>,
    /// Where single fields come from: (field, source), e.g. ("vehicle", "provisional: ...").
    pub field_sources: Vec<(String, String)>,
}

/// What a card file says beyond the unit model.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CardInfo {
    /// The file the card was read from, as given to the parser.
    pub file: String,
    /// The printed subtitle, e.g. "Ranger Attack Squad".
    pub subtitle: Option<String>,
    /// Free notes (rulings, doubts about the extraction).
    pub notes: Option<String>,
    /// Where single card fields come from: (field, source).
    pub field_sources: Vec<(String, String)>,
    /// One entry per weapon line, in card order.
    pub weapons: Vec<WeaponInfo>,
    /// The edition the card belongs to (`edition` key, default revised). A revised card is a
    /// "classic card" in the battlefront edition too; a battlefront card only plays there.
    pub edition: Edition,
    /// What the card says beyond the revised unit model (battlefront kinds, values, mounts,
    /// special rules); empty for revised cards.
    pub battlefront: BattlefrontCard,
}

impl CardInfo {
    /// The source of a card field, if the file gives one.
    pub fn field_source(&self, field: &str) -> Option<&str> {
        self.field_sources.iter().find(|(f, _)| f == field).map(|(_, s)| s.as_str())
    }
}

/// A checked card file: the unit card and what the file says beyond it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardFile {
    /// The card, as the engine uses it.
    pub card: UnitCard,
    /// Sources, ids, subtitle, notes.
    pub info: CardInfo,
}

/// Reads a unit card file.
///
/// # Errors
/// Every problem found, sorted by position, each pointing at the line and column of the key or
/// value it is about.
pub fn parse_card(text: &str, file_name: &str) -> Result<UnitCard, Vec<Diagnostic>> {
    parse_card_file(text, file_name).map(|c| c.card)
}

/// Reads a unit card file, keeping what the unit model does not hold.
///
/// # Errors
/// As [`parse_card`].
pub fn parse_card_file(text: &str, file_name: &str) -> Result<CardFile, Vec<Diagnostic>> {
    let mut cx = Ctx {
        rd: TomlReader::new(text, file_name),
    };
    let doc = match parse_toml(text) {
        Ok(d) => d,
        Err((span, msg)) => {
            cx.err(&span, msg);
            return Err(cx.rd.diags);
        }
    };
    let card = cx.card(doc.as_table());
    let mut diags = cx.rd.diags;
    if diags.is_empty() {
        if let Some(mut c) = card {
            c.info.file = file_name.to_string();
            return Ok(c);
        }
        diags.push(Diagnostic {
            file: file_name.to_string(),
            line: 1,
            col: 1,
            message: "the card could not be read".to_string(),
        });
    }
    diags.sort_by_key(|d| (d.line, d.col));
    diags.dedup();
    Err(diags)
}

/// Reads every `.toml` file of a folder (not its sub-folders), in file-name order.
///
/// # Errors
/// Every problem of every file, plus unreadable files and two files naming the same unit.
pub fn parse_card_dir(path: &Path) -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    let whole = |message: String| Diagnostic {
        file: path.display().to_string(),
        line: 1,
        col: 1,
        message,
    };
    let entries = match std::fs::read_dir(path) {
        Ok(e) => e,
        Err(e) => return Err(vec![whole(format!("cannot read the card folder: {e}"))]),
    };
    let mut files: Vec<std::path::PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x.eq_ignore_ascii_case("toml")))
        .collect();
    files.sort();
    let mut texts = Vec::new();
    let mut diags = Vec::new();
    for f in files {
        let name = f.display().to_string();
        match std::fs::read_to_string(&f) {
            Ok(t) => texts.push((name, t)),
            Err(e) => diags.push(Diagnostic {
                file: name,
                line: 1,
                col: 1,
                message: format!("cannot read this file: {e}"),
            }),
        }
    }
    let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    match parse_card_texts(&pairs) {
        Ok(cards) if diags.is_empty() => Ok(cards),
        Ok(_) => Err(diags),
        Err(mut more) => {
            diags.append(&mut more);
            Err(diags)
        }
    }
}

/// Reads several card files given as (file name, text), and checks that no two cards of the
/// same edition name the same unit (names compare without case).
///
/// # Errors
/// Every problem of every file.
pub fn parse_card_texts(files: &[(&str, &str)]) -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    let mut cards: Vec<CardFile> = Vec::new();
    let mut diags = Vec::new();
    for (name, text) in files {
        match parse_card_file(text, name) {
            Ok(c) => {
                if let Some(other) = cards
                    .iter()
                    .find(|o| o.info.edition == c.info.edition && o.card.name.eq_ignore_ascii_case(&c.card.name))
                {
                    let (line, col) = name_position(text);
                    diags.push(Diagnostic {
                        file: (*name).to_string(),
                        line,
                        col,
                        message: format!("the unit `{}` is already defined in {}", c.card.name, other.info.file),
                    });
                } else {
                    cards.push(c);
                }
            }
            Err(mut d) => diags.append(&mut d),
        }
    }
    if diags.is_empty() {
        Ok(cards)
    } else {
        Err(diags)
    }
}

/// Where the `name` value of a card file is (1-based line and column), or 1:1.
fn name_position(text: &str) -> (usize, usize) {
    let Ok(doc) = toml_edit::Document::parse(text) else { return (1, 1) };
    let span = doc.as_table().get("name").and_then(Item::span).unwrap_or(0..0);
    LineIndex::new(text).line_col(span.start)
}

/// Reads a combat value: `-`, `X/Y`, phaser `PX/Y`, volley `VA/X-B/X-…` (dice for 1, 2, …
/// ammo spent), incendiary `X/I` (or `X/⊕`), AP incendiary `X/AP` (or `X/☠`).
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_combat_value(s: &str) -> Result<CombatValue, String> {
    let t = s.trim();
    let usage = "write -, X/Y, PX/Y (phaser), VA/X-B/X (volley: dice for 1, 2… ammo spent), X/I (incendiary) or X/AP (AP incendiary)";
    let bad = || format!("`{s}` is not a combat value: {usage}");
    if matches!(t, "-" | "–" | "—") {
        return Ok(CombatValue::NoEffect);
    }
    let num = |x: &str, lo: u8, hi: u8, what: &str| -> Result<u8, String> {
        let x = x.trim();
        if x.is_empty() || !x.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match x.parse::<u32>() {
            Ok(n) if n >= u32::from(lo) && n <= u32::from(hi) => Ok(n as u8),
            _ => Err(format!("in `{s}`, the {what} must be between {lo} and {hi}")),
        }
    };
    if let Some(rest) = t.strip_prefix(['P', 'p']) {
        let (a, b) = rest.split_once('/').ok_or_else(bad)?;
        return Ok(CombatValue::Phaser {
            aim: num(a, 1, 20, "aim dice")?,
            power: num(b, 1, 20, "damage dice")?,
        });
    }
    if let Some(rest) = t.strip_prefix(['V', 'v']) {
        let parts: Vec<&str> = rest.split(['-', '–']).collect();
        if parts.is_empty() || parts.len() > 4 {
            return Err(format!("in `{s}`, a volley lists dice for 1 to 4 ammo spent"));
        }
        let mut dice = [0u8; 4];
        let mut damage = None;
        for (i, p) in parts.iter().enumerate() {
            let (a, b) = p.split_once('/').ok_or_else(bad)?;
            dice[i] = num(a, 1, 60, "number of dice")?;
            let d = num(b, 1, 20, "damage")?;
            if damage.is_some_and(|x| x != d) {
                return Err(format!("in `{s}`, every part of a volley must cause the same damage"));
            }
            damage = Some(d);
        }
        return Ok(CombatValue::Volley {
            dice,
            damage: damage.unwrap_or(1),
        });
    }
    let (a, b) = t.split_once('/').ok_or_else(bad)?;
    let dice = num(a, 1, 60, "number of dice")?;
    match b.trim() {
        "I" | "i" | "⊕" => Ok(CombatValue::Incendiary { dice }),
        "AP" | "ap" | "☠" => Ok(CombatValue::ApIncendiary { dice }),
        d => Ok(CombatValue::Dice {
            dice,
            damage: num(d, 1, 20, "damage")?,
        }),
    }
}

/// Reads a battlefront combat value ("Blast Weapons", "Automatic Kill Weapons"): blast `BX/Y`
/// (X dice per model of the target unit, also written `⊕/Y`, `⊕⊕/Y`), blast with automatic
/// kill `BX/K`, automatic kill `X/K` (the rulebook's ☠ damage rating, printed garbled as `N`).
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_battlefront_value(s: &str) -> Result<BattlefrontValue, String> {
    let t = s.trim();
    let bad =
        || format!("`{s}` is not a battlefront combat value: write BX/Y (blast), BX/K (blast, automatic kill) or X/K (automatic kill)");
    let (a, b) = t.split_once('/').ok_or_else(bad)?;
    let (a, b) = (a.trim(), b.trim());
    let num = |x: &str, what: &str, hi: u32| -> Result<u8, String> {
        match x.parse::<u32>() {
            Ok(n) if (1..=hi).contains(&n) && x.bytes().all(|c| c.is_ascii_digit()) => Ok(n as u8),
            Ok(_) => Err(format!("in `{s}`, the {what} must be between 1 and {hi}")),
            Err(_) => Err(bad()),
        }
    };
    let kill = matches!(b, "K" | "k");
    let blast = if let Some(x) = a.strip_prefix(['B', 'b']) {
        Some(num(x, "dice per model", 10)?)
    } else if !a.is_empty() && a.chars().all(|c| c == '⊕') {
        Some(a.chars().count().min(10) as u8)
    } else {
        None
    };
    match (blast, kill) {
        (Some(per_model), true) => Ok(BattlefrontValue::BlastKill { per_model }),
        (Some(per_model), false) => Ok(BattlefrontValue::Blast {
            per_model,
            damage: num(b, "damage", 20)?,
        }),
        (None, true) => Ok(BattlefrontValue::Kill {
            dice: num(a, "number of dice", 60)?,
        }),
        (None, false) => Err(bad()),
    }
}

/// Reads a weapon range: `N` (1 to N), `X-Y`, `C`, `U` or `A`.
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_range(s: &str) -> Result<WeaponRange, String> {
    let t = s.trim();
    let usage = format!("`{s}` is not a range: write a number of spaces like \"4\", an arc like \"3-6\", \"C\" (close combat), \"U\" (unlimited) or \"A\" (artillery)");
    match t.to_ascii_uppercase().as_str() {
        "C" => return Ok(WeaponRange::Close),
        "U" => return Ok(WeaponRange::Unlimited),
        "A" => return Ok(WeaponRange::Artillery),
        _ => {}
    }
    let n = |x: &str| -> Result<u8, String> {
        let x = x.trim();
        if x.is_empty() || !x.bytes().all(|b| b.is_ascii_digit()) {
            return Err(usage.clone());
        }
        match x.parse::<u32>() {
            Ok(v) if (1..=30).contains(&v) => Ok(v as u8),
            _ => Err(format!("range `{s}`: spaces must be between 1 and 30")),
        }
    };
    if let Some((a, b)) = t.split_once(['-', '–']) {
        let (min, max) = (n(a)?, n(b)?);
        if min > max {
            return Err(format!("range `{s}`: the minimum is larger than the maximum"));
        }
        return Ok(WeaponRange::Spaces { min, max });
    }
    Ok(WeaponRange::Spaces { min: 1, max: n(t)? })
}

/// Reads an armor: `soldier N` (1–4), `vehicle N` (1–7) or `aircraft N` (1–3).
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_armor(s: &str) -> Result<Armor, String> {
    let usage = format!("`{s}` is not an armor: write \"soldier N\" (1-4), \"vehicle N\" (1-7) or \"aircraft N\" (1-3)");
    let mut words = s.split_whitespace();
    let (Some(kind), Some(class), None) = (words.next(), words.next(), words.next()) else {
        return Err(usage);
    };
    let kind = match kind.to_ascii_lowercase().as_str() {
        "soldier" => ArmorType::Soldier,
        "vehicle" => ArmorType::Vehicle,
        "aircraft" => ArmorType::Aircraft,
        _ => return Err(usage),
    };
    let max = Armor::max_class(kind);
    match class.parse::<u8>() {
        Ok(c) if (1..=max).contains(&c) => Ok(Armor { kind, class: c }),
        Ok(_) => Err(format!("armor `{s}`: the class must be between 1 and {max}")),
        Err(_) => Err(usage),
    }
}

/// Whether a weapon line is the knife every soldier carries ("Knife, Knife & Grenade, Combat
/// Knife"): its name contains "knife".
pub fn is_knife(w: &WeaponLine) -> bool {
    w.name.to_ascii_lowercase().contains("knife")
}

fn face_name(f: Option<Face>) -> &'static str {
    match f {
        Some(Face::Hit) => "hit",
        Some(Face::Miss) => "miss",
        None => "none",
    }
}

const CARD_KEYS: [&str; 22] = [
    "name",
    "edition",
    "subtitle",
    "bloc",
    "kind",
    "locomotion",
    "pilot-hero",
    "passengers",
    "tank-riders",
    "sidekick",
    "movement",
    "armor",
    "health",
    "soft_cover",
    "hard_cover",
    "ap",
    "skills",
    "source",
    "sources",
    "notes",
    "weapon",
    "model",
];
/// Card fields that may carry a field-level source.
const CARD_SOURCE_KEYS: [&str; 15] = [
    "passengers",
    "tank-riders",
    "sidekick",
    "name",
    "edition",
    "bloc",
    "kind",
    "locomotion",
    "movement",
    "armor",
    "health",
    "soft_cover",
    "hard_cover",
    "ap",
    "skills",
];
const WEAPON_KEYS: [&str; 13] = [
    "id", "name", "range", "soldier", "vehicle", "aircraft", "keywords", "ammo", "mount", "mode_of", "source", "sources", "notes",
];
const WEAPON_SOURCE_KEYS: [&str; 8] = ["name", "range", "soldier", "vehicle", "aircraft", "keywords", "ammo", "mount"];
const MODEL_KEYS: [&str; 4] = ["weapons", "role", "count", "source"];

struct Ctx<'a> {
    /// The file, its positions and its problems.
    rd: TomlReader<'a>,
}

/// A weapon line read from the file, with the spans needed for cross-checks.
struct RawWeapon {
    line: WeaponLine,
    info: WeaponInfo,
    bf: BattlefrontWeapon,
    mount_span: Option<Span>,
    /// `mode_of`: the other line of the same weapon, as written (an id or a name).
    mode_ref: Option<(String, Span)>,
    span: Span,
}

crate::diag::reads_through!(Ctx);

impl<'a> Ctx<'a> {
    /// `passengers = N`, `tank-riders = N` (vehicles and aircraft: "Passengers (#)", "Tank
    /// Riders (#)") and `sidekick = "SUPERHUMAN"` (heroes: "heroes who possess the Sidekick
    /// attribute … can join the named superhuman"), tactics-battlefield-summary.md, battlefront
    /// cards only.
    fn carrying(&mut self, root: &toml_edit::Table, bf: bool, kind: Option<UnitKind>, top: &Span) -> (u8, u8, Option<String>) {
        let mut spaces = [0u8; 2];
        for (i, key) in ["passengers", "tank-riders"].into_iter().enumerate() {
            let Some((n, sp)) = self.int(root, key, "a unit card", (1, 24), false, top) else {
                continue;
            };
            if !bf {
                self.err(
                    &sp,
                    format!("`{key}` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card"),
                );
            } else if kind.is_some_and(|k| !matches!(k, UnitKind::Vehicle | UnitKind::Aircraft)) {
                self.err(&sp, format!("only a vehicle or aircraft carries units (`{key}`): remove it"));
            } else {
                spaces[i] = n as u8;
            }
        }
        let sidekick = self.string(root, "sidekick", "a unit card", false, top).and_then(|(n, sp)| {
            if !bf {
                self.err(
                    &sp,
                    "`sidekick` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card".to_string(),
                );
            } else if kind.is_some_and(|k| k != UnitKind::Hero) {
                self.err(
                    &sp,
                    "only a hero is a sidekick (`sidekick` names the superhuman he may join): remove it".to_string(),
                );
            } else if n.trim().is_empty() {
                self.err(
                    &sp,
                    "`sidekick` names the superhuman the hero may join, e.g. `sidekick = \"Grandma\"`".to_string(),
                );
            } else {
                return Some(n.trim().to_string());
            }
            None
        });
        (spaces[0], spaces[1], sidekick)
    }

    fn int(&mut self, t: &dyn TableLike, key: &str, what: &str, range: (i64, i64), required: bool, fallback: &Span) -> Option<(i64, Span)> {
        let Some(item) = t.get(key) else {
            if required {
                self.err(fallback, format!("{what} needs `{key}`"));
            }
            return None;
        };
        let span = TomlReader::span(item, fallback);
        match item.as_integer() {
            Some(n) if n >= range.0 && n <= range.1 => Some((n, span)),
            Some(n) => {
                self.err(&span, format!("`{key}` is {n}, but it must be between {} and {}", range.0, range.1));
                None
            }
            None => {
                self.err(&span, format!("`{key}` in {what} must be a whole number, not {}", describe(item)));
                None
            }
        }
    }

    /// The strings of an array value; reports non-strings.
    fn strings(&mut self, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<Vec<(String, Span)>> {
        let item = t.get(key)?;
        let span = TomlReader::span(item, fallback);
        let Some(arr) = item.as_array() else {
            self.err(
                &span,
                format!(
                    "`{key}` in {what} must be a list of strings like [\"a\", \"b\"], not {}",
                    describe(item)
                ),
            );
            return None;
        };
        let mut out = Vec::new();
        for v in arr.iter() {
            let vs = v.span().unwrap_or_else(|| span.clone());
            match v.as_str() {
                Some(s) => out.push((s.to_string(), vs)),
                None => self.err(&vs, format!("each entry of `{key}` must be a string (text in quotes)")),
            }
        }
        Some(out)
    }

    /// A `sources = { field = "…" }` table.
    fn sources(&mut self, t: &dyn TableLike, what: &str, valid: &[&str], fallback: &Span) -> Vec<(String, String)> {
        let Some(item) = t.get("sources") else { return Vec::new() };
        let span = TomlReader::span(item, fallback);
        let Some(table) = item.as_table_like() else {
            self.err(
                &span,
                format!(
                    "`sources` in {what} must be a table like {{ ap = \"...\" }}, not {}",
                    describe(item)
                ),
            );
            return Vec::new();
        };
        self.check_keys(table, &format!("the `sources` of {what}"), valid, &span);
        let mut out = Vec::new();
        for (k, v) in table.iter() {
            if !valid.contains(&k) {
                continue;
            }
            let vs = TomlReader::span(v, &span);
            match v.as_str() {
                Some(s) if !s.trim().is_empty() => out.push((k.to_string(), s.to_string())),
                Some(_) => self.err(&vs, format!("the source of `{k}` is empty")),
                None => self.err(&vs, format!("the source of `{k}` must be a string, not {}", describe(v))),
            }
        }
        out
    }

    /// The tables of an array of tables (`[[key]]`) or an array of inline tables.
    fn tables<'d>(&mut self, item: &'d Item, key: &str, fallback: &Span) -> Vec<(&'d dyn TableLike, Span)> {
        let span = TomlReader::span(item, fallback);
        match item {
            Item::ArrayOfTables(aot) => aot
                .iter()
                .map(|t| (t as &dyn TableLike, t.span().unwrap_or_else(|| span.clone())))
                .collect(),
            Item::Table(t) => vec![(t as &dyn TableLike, span)],
            Item::Value(toml_edit::Value::InlineTable(t)) => vec![(t as &dyn TableLike, span)],
            Item::Value(toml_edit::Value::Array(arr)) => {
                let mut out = Vec::new();
                for v in arr.iter() {
                    let vs = v.span().unwrap_or_else(|| span.clone());
                    match v.as_inline_table() {
                        Some(t) => out.push((t as &dyn TableLike, vs)),
                        None => self.err(&vs, format!("each `{key}` must be a table like {{ ... }}")),
                    }
                }
                out
            }
            other => {
                self.err(
                    &span,
                    format!(
                        "`{key}` must be a list of tables (write [[{key}]] sections), not {}",
                        describe(other)
                    ),
                );
                Vec::new()
            }
        }
    }

    fn card(&mut self, root: &toml_edit::Table) -> Option<CardFile> {
        let top: Span = 0..0;
        self.check_keys(root, "a unit card", &CARD_KEYS, &top);
        let name = self.string(root, "name", "a unit card", true, &top);
        if let Some((n, s)) = &name {
            if n.trim().is_empty() {
                self.err(s, "the unit's `name` is empty");
            }
        }
        let subtitle = self.string(root, "subtitle", "a unit card", false, &top).map(|(s, _)| s);
        let notes = self.string(root, "notes", "a unit card", false, &top).map(|(s, _)| s);
        let bloc = self
            .string(root, "bloc", "a unit card", true, &top)
            .and_then(|(b, s)| match b.trim().to_ascii_lowercase().as_str() {
                "allies" => Some(Bloc::Allies),
                "axis" => Some(Bloc::Axis),
                "ssu" => Some(Bloc::Ssu),
                _ => {
                    self.err(&s, format!("unknown bloc `{b}`: write \"allies\", \"axis\" or \"ssu\""));
                    None
                }
            });
        let edition = match self.string(root, "edition", "a unit card", false, &top) {
            None => Edition::Revised,
            Some((e, s)) => Edition::from_name(&e).unwrap_or_else(|| {
                self.err(
                    &s,
                    format!("unknown edition `{e}`: write \"revised\" (the default) or \"battlefront\""),
                );
                Edition::Revised
            }),
        };
        let bf = edition == Edition::Battlefront;
        let card_kind = self
            .string(root, "kind", "a unit card", true, &top)
            .and_then(|(k, s)| match CardKind::from_name(k.trim()) {
                Some(ck) if ck.battlefront().is_some() && !bf => {
                    self.err(
                        &s,
                        format!("kind `{k}` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card"),
                    );
                    None
                }
                Some(ck) => Some((ck, s)),
                None => {
                    let names: Vec<&str> = CardKind::ALL.iter().map(|k| k.name()).collect();
                    self.err(
                        &s,
                        format!("unknown kind `{k}`{}: the kinds are {}", suggestion(&k, &names), valid_list(&names)),
                    );
                    None
                }
            });
        let kind = card_kind.as_ref().map(|(ck, s)| (ck.nearest(), s.clone()));
        // Battlefront "Rubble Squares": walkers enter rubble, wheeled and tracked vehicles do not.
        let locomotion = self.string(root, "locomotion", "a unit card", false, &top).and_then(|(l, s)| {
            let vehicle = card_kind.as_ref().is_some_and(|(ck, _)| ck.nearest() == UnitKind::Vehicle);
            match Locomotion::from_name(l.trim()) {
                _ if !bf => self.err(
                    &s,
                    "`locomotion` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card".to_string(),
                ),
                _ if card_kind.is_some() && !vehicle => self.err(&s, "only vehicles have a `locomotion`: remove it".to_string()),
                Some(x) => return Some(x),
                None => self.err(
                    &s,
                    format!("unknown locomotion `{l}`: write \"walker\", \"tracked\" or \"wheeled\""),
                ),
            }
            None
        });
        let movement = self.int(root, "movement", "a unit card", (0, 20), true, &top).map(|(n, _)| n as u8);
        let armor = self
            .string(root, "armor", "a unit card", true, &top)
            .and_then(|(a, s)| match parse_armor(&a) {
                Ok(x) => Some((x, s)),
                Err(m) => {
                    self.err(&s, m);
                    None
                }
            });
        let health = self.int(root, "health", "a unit card", (1, 50), true, &top);
        let ap = self
            .int(root, "ap", "a unit card", (1, i64::from(u16::MAX)), true, &top)
            .map(|(n, _)| n as u16);
        if let (Some((k, _)), Some((ck, _)), Some((a, armor_span))) = (&kind, &card_kind, &armor) {
            let (want, want_name) = match k {
                UnitKind::Squad | UnitKind::Hero => (ArmorType::Soldier, "soldier"),
                UnitKind::Vehicle => (ArmorType::Vehicle, "vehicle"),
                UnitKind::Aircraft => (ArmorType::Aircraft, "aircraft"),
            };
            if a.kind != want {
                self.err(armor_span, format!("a {} must have {want_name} armor, not `{a}`", ck.name()));
            }
        }
        let is_squad = kind.as_ref().map(|(k, _)| *k == UnitKind::Squad);
        let mut cover = [None, None];
        for (i, key) in ["soft_cover", "hard_cover"].into_iter().enumerate() {
            // Battlefront cards print no cover values: the saves are the rulebook's ("6) Roll Saves").
            let v = self.string(root, key, "a unit card", is_squad == Some(true) && !bf, &top);
            let Some((c, s)) = v else { continue };
            let face = match c.trim().to_ascii_lowercase().as_str() {
                "hit" => Some(Face::Hit),
                "miss" => Some(Face::Miss),
                "none" => None,
                _ => {
                    self.err(
                        &s,
                        format!("`{key}` is `{c}`: write \"hit\", \"miss\" or \"none\" (the die face that saves)"),
                    );
                    continue;
                }
            };
            if face.is_some() && is_squad == Some(false) {
                self.err(
                    &s,
                    format!("only squads have cover saves (\"Cover Saves\"): remove `{key}` or write \"none\""),
                );
            }
            cover[i] = face;
        }
        let mut skills = Vec::new();
        let mut bf_skills: Vec<BattlefrontSkill> = Vec::new();
        if let Some(list) = self.strings(root, "skills", "a unit card", &top) {
            for (s, sp) in list {
                match (Skill::from_name(s.trim()), BattlefrontSkill::from_name(s.trim())) {
                    (Some(k), _) if skills.contains(&k) => self.err(&sp, format!("skill `{s}` is listed twice")),
                    (Some(k), _) => skills.push(k),
                    (None, Some(k)) if !bf => self.err(
                        &sp,
                        format!(
                            "skill `{}` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card",
                            k.name()
                        ),
                    ),
                    (None, Some(k)) if bf_skills.contains(&k) => self.err(&sp, format!("skill `{s}` is listed twice")),
                    // "An engineer vehicle", "A vehicle equipped with a dozer blade", "An
                    // amphibious vehicle", a naval unit among the vehicles' attributes
                    // (tactics-battlefield-summary.md, "ENGINEER VEHICLE", "DOZER BLADE",
                    // "AMPHIBIOUS", "NAVAL UNIT").
                    (
                        None,
                        Some(
                            k @ (BattlefrontSkill::Engineer
                            | BattlefrontSkill::DozerBlade
                            | BattlefrontSkill::Amphibious
                            | BattlefrontSkill::Naval),
                        ),
                    ) if card_kind.as_ref().is_some_and(|(ck, _)| ck.nearest() != UnitKind::Vehicle) => self.err(
                        &sp,
                        format!(
                            "`{}` is a vehicle's equipment: remove it, or make the card `kind = \"vehicle\"`",
                            k.name()
                        ),
                    ),
                    (None, Some(k)) => bf_skills.push(k),
                    (None, None) => {
                        let mut names: Vec<&str> = Skill::ALL.iter().map(|k| k.name()).collect();
                        if bf {
                            names.extend(BattlefrontSkill::ALL.iter().map(|k| k.name()));
                        }
                        self.err(
                            &sp,
                            format!(
                                "unknown skill `{s}`{}: the skills are {}",
                                suggestion(&s, &names),
                                valid_list(&names)
                            ),
                        );
                    }
                }
            }
        }
        // Battlefront "Pilot: Hero": "Only the named Hero can pilot a Vehicle with the Pilot:
        // Hero attribute": the card names him; the name is the skill.
        let pilot_hero = self.string(root, "pilot-hero", "a unit card", false, &top).and_then(|(n, sp)| {
            let vehicle = card_kind
                .as_ref()
                .is_some_and(|(ck, _)| matches!(ck.nearest(), UnitKind::Vehicle | UnitKind::Aircraft));
            if !bf {
                self.err(
                    &sp,
                    "`pilot-hero` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card".to_string(),
                );
            } else if card_kind.is_some() && !vehicle {
                self.err(
                    &sp,
                    "only a vehicle or aircraft names the hero who pilots it (`pilot-hero`): remove it".to_string(),
                );
            } else if n.trim().is_empty() {
                self.err(
                    &sp,
                    "`pilot-hero` names the one hero who may pilot the vehicle, e.g. `pilot-hero = \"Koshka\"`".to_string(),
                );
            } else {
                return Some(n.trim().to_string());
            }
            None
        });
        if pilot_hero.is_some() && !bf_skills.contains(&BattlefrontSkill::PilotHero) {
            bf_skills.push(BattlefrontSkill::PilotHero);
        }
        if bf && pilot_hero.is_none() && bf_skills.contains(&BattlefrontSkill::PilotHero) && root.get("pilot-hero").is_none() {
            self.err(
                &top,
                "the skill `pilot-hero` names its hero (\"Only the named Hero can pilot a Vehicle with the Pilot: Hero attribute\"): add `pilot-hero = \"NAME\"` to the card".to_string(),
            );
        }
        // Battlefield "CARRYING PASSENGERS" and "Sidekick" (tactics-battlefield-summary.md).
        let (passengers, tank_riders, sidekick) = self.carrying(root, bf, card_kind.as_ref().map(|(ck, _)| ck.nearest()), &top);
        let source = self.string(root, "source", "a unit card", true, &top);
        if let Some((s, sp)) = &source {
            if s.trim().is_empty() {
                self.err(
                    sp,
                    "the card's `source` is empty: name the seed section, the public reference, or write \"provisional: ...\"",
                );
            }
        }
        let field_sources = self.sources(root, "a unit card", &CARD_SOURCE_KEYS, &top);

        // Weapon lines.
        let mut weapons: Vec<RawWeapon> = Vec::new();
        match root.get("weapon") {
            Some(item) => {
                let key_span = TomlReader::key_span(root, "weapon", &top);
                for (t, span) in self.tables(item, "weapon", &key_span) {
                    if let Some(w) = self.weapon(t, &span, bf) {
                        weapons.push(w);
                    }
                }
            }
            None => self.err(&top, "a unit card needs at least one weapon line: add a [[weapon]] section"),
        }
        if weapons.len() > 32 {
            self.err(&weapons[32].span, "a card may have at most 32 weapon lines");
        }
        if let Some((ck, _)) = &card_kind {
            let mounted = matches!(ck.nearest(), UnitKind::Vehicle | UnitKind::Aircraft) || *ck == CardKind::SupportWeapon;
            for w in &weapons {
                if let (Some(ms), false) = (&w.mount_span, mounted) {
                    self.err(
                        ms,
                        format!(
                            "a {} has no weapon mounts: infantry fire in any direction (\"1) Check Field of Fire\"); remove `mount`",
                            ck.name()
                        ),
                    );
                }
            }
        }
        let mut ids: Vec<(String, Span)> = Vec::new();
        for w in &weapons {
            if let Some(id) = &w.info.id {
                if ids.iter().any(|(i, _)| i == id) {
                    self.err(&w.span, format!("two weapon lines have the id `{id}`"));
                }
                ids.push((id.clone(), w.span.clone()));
            }
        }

        self.link_modes(&mut weapons, bf);

        // Models.
        let mut models: Vec<Model> = Vec::new();
        let model_item = root.get("model");
        let model_key_span = TomlReader::key_span(root, "model", &top);
        let mut carried = vec![false; weapons.len()];
        let mut count_total: i64 = 0;
        if let Some(item) = model_item {
            if is_squad == Some(false) {
                self.err(&model_key_span, "only squads list their miniatures: remove the [[model]] sections");
            }
            for (t, span) in self.tables(item, "model", &model_key_span) {
                self.check_keys(t, "a model", &MODEL_KEYS, &span);
                let count = self.int(t, "count", "a model", (1, 50), false, &span).map_or(1, |(n, _)| n);
                count_total += count;
                let role = self.string(t, "role", "a model", false, &span).and_then(|(r, s)| {
                    match ROLES.iter().copied().find(|x| role_name(*x) == r.trim()) {
                        Some(x) => Some(x),
                        None => {
                            let names: Vec<&str> = ROLES.iter().map(|x| role_name(*x)).collect();
                            self.err(&s, format!("unknown role `{r}`: the roles are {}", valid_list(&names)));
                            None
                        }
                    }
                });
                let _ = self.string(t, "source", "a model", false, &span);
                let mut bits = 0u32;
                match self.strings(t, "weapons", "a model", &span) {
                    Some(list) => {
                        for (r, rs) in list {
                            if let Some(i) = self.resolve_weapon(&weapons, &r, &rs) {
                                if i < 32 {
                                    if bits & (1 << i) != 0 {
                                        self.err(&rs, format!("this model lists `{r}` twice"));
                                    }
                                    bits |= 1 << i;
                                }
                                carried[i] = true;
                            } else {
                                // Do not also report the lines of an ambiguous name as uncarried.
                                for (i, w) in weapons.iter().enumerate() {
                                    if w.line.name == r.trim() {
                                        carried[i] = true;
                                    }
                                }
                            }
                        }
                    }
                    None if t.get("weapons").is_none() => self.err(
                        &span,
                        "a model needs `weapons`, the weapon lines it carries (may be [] when it carries only its knife)",
                    ),
                    None => {}
                }
                // A miniature carrying one line of a weapon with two lines carries the weapon,
                // so both lines ("Weapons with Two Lines").
                for (i, w) in weapons.iter().enumerate().take(32) {
                    if bits & (1 << i) != 0 {
                        if let Some(p) = w.bf.mode_of.map(usize::from).filter(|&p| p < 32) {
                            bits |= 1 << p;
                            carried[p] = true;
                        }
                    }
                }
                for (i, w) in weapons.iter().enumerate().take(32) {
                    if is_knife(&w.line) {
                        bits |= 1 << i;
                    }
                }
                for _ in 0..count.clamp(0, 50) {
                    models.push(Model { weapons: bits, role });
                }
            }
        }
        if is_squad == Some(true) {
            if let Some((h, _)) = &health {
                if model_item.is_none() {
                    self.err(
                        &top,
                        format!("a squad lists its {h} miniatures: add one [[model]] section per miniature, with the weapons it carries"),
                    );
                } else if count_total != *h {
                    self.err(
                        &model_key_span,
                        format!("the squad has {h} health (miniatures) but {count_total} models are listed: they must be equal"),
                    );
                }
            }
            if model_item.is_some() {
                for (i, w) in weapons.iter().enumerate() {
                    if !carried[i] && w.line.ammo.is_none() && !is_knife(&w.line) {
                        self.err(&w.span, format!("no model carries `{}`: list it in the `weapons` of the models that carry it (limited-ammo lines and knives need not be)", w.line.name));
                    }
                }
            }
        }

        // Provisional sources must show on the card.
        if let Some((s, sp)) = &source {
            let card_prov = s.contains("provisional");
            let any_prov = field_sources.iter().any(|(_, v)| v.contains("provisional"))
                || weapons.iter().any(|w| {
                    w.info.source.as_deref().is_some_and(|s| s.contains("provisional"))
                        || w.info.field_sources.iter().any(|(_, v)| v.contains("provisional"))
                });
            if any_prov && !card_prov {
                self.err(
                    sp,
                    "some figures of this card are provisional: the card's `source` must say \"provisional\" too, so that players are told",
                );
            }
        }

        let (name, _) = name?;
        let (kind, _) = kind?;
        let (armor, _) = armor?;
        let (health, _) = health?;
        let card = UnitCard {
            name: name.trim().to_string(),
            bloc: bloc?,
            kind,
            movement: movement?,
            armor,
            health: health as u8,
            soft_cover: cover[0],
            hard_cover: cover[1],
            ap: ap?,
            skills,
            weapons: weapons.iter().map(|w| w.line.clone()).collect(),
            models,
            source: source?.0,
        };
        let battlefront = BattlefrontCard {
            kind: card_kind.and_then(|(ck, _)| ck.battlefront()),
            locomotion,
            skills: bf_skills,
            weapons: weapons.iter().map(|w| w.bf.clone()).collect(),
            pilot_hero,
            passengers,
            tank_riders,
            sidekick,
        };
        let info = CardInfo {
            file: String::new(),
            subtitle,
            notes,
            field_sources,
            weapons: weapons.into_iter().map(|w| w.info).collect(),
            edition,
            battlefront,
        };
        Some(CardFile { card, info })
    }

    /// Links the two lines of each weapon with two modes of shooting (`mode_of`,
    /// tactics-battlefront-2013-rules.txt, "Weapons with Two Lines"): the line named must exist,
    /// be another line, and belong to no third line; one line of the pair naming the other is
    /// enough, both may. Every problem is reported.
    fn link_modes(&mut self, weapons: &mut [RawWeapon], bf: bool) {
        if !bf {
            return;
        }
        let mut pairs: Vec<(usize, usize, Span)> = Vec::new();
        for i in 0..weapons.len() {
            let Some((r, rs)) = weapons[i].mode_ref.clone() else { continue };
            let Some(j) = self.resolve_weapon(weapons, &r, &rs) else { continue };
            if j == i {
                self.err(
                    &rs,
                    format!("`mode_of = \"{}\"` names this line itself: name the weapon's other line", r.trim()),
                );
                continue;
            }
            pairs.push((i, j, rs));
        }
        let mut partner: Vec<Option<usize>> = vec![None; weapons.len()];
        for (i, j, rs) in &pairs {
            let (i, j) = (*i, *j);
            for (a, b) in [(i, j), (j, i)] {
                match partner[a] {
                    Some(p) if p != b => {
                        let (na, nb, np) = (&weapons[a].line.name, &weapons[b].line.name, &weapons[p].line.name);
                        self.err(
                            rs,
                            format!("`{na}` is already a mode of `{np}`: a weapon has two lines, not more, so it cannot also be a mode of `{nb}`"),
                        );
                    }
                    _ => partner[a] = Some(b),
                }
            }
        }
        for (i, p) in partner.into_iter().enumerate() {
            if let Some(p) = p {
                if i < 32 && p < 32 {
                    weapons[i].bf.mode_of = Some(p as u8);
                }
            }
        }
    }

    /// The index of the weapon line a model names (by id first, then by name).
    fn resolve_weapon(&mut self, weapons: &[RawWeapon], r: &str, span: &Span) -> Option<usize> {
        let r = r.trim();
        if let Some(i) = weapons.iter().position(|w| w.info.id.as_deref() == Some(r)) {
            return Some(i);
        }
        let by_name: Vec<usize> = weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.line.name == r)
            .map(|(i, _)| i)
            .collect();
        match by_name.len() {
            1 => Some(by_name[0]),
            0 => {
                let names: Vec<String> = weapons
                    .iter()
                    .map(|w| w.info.id.clone().unwrap_or_else(|| w.line.name.clone()))
                    .collect();
                let refs: Vec<&str> = names.iter().map(String::as_str).collect();
                self.err(
                    span,
                    format!(
                        "no weapon line is named `{r}`{}: the lines are {}",
                        suggestion(r, &refs),
                        valid_list(&refs)
                    ),
                );
                None
            }
            n => {
                self.err(
                    span,
                    format!("{n} weapon lines are named `{r}`: give each an `id` and name the line by its id here"),
                );
                None
            }
        }
    }

    fn weapon(&mut self, t: &dyn TableLike, span: &Span, bf: bool) -> Option<RawWeapon> {
        let mut bfw = BattlefrontWeapon::default();
        self.check_keys(t, "a weapon line", &WEAPON_KEYS, span);
        let name = self.string(t, "name", "a weapon line", true, span);
        if let Some((n, s)) = &name {
            if n.trim().is_empty() {
                self.err(s, "the weapon line's `name` is empty");
            }
        }
        let id = self
            .string(t, "id", "a weapon line", false, span)
            .map(|(s, _)| s.trim().to_string());
        let range = match t.get("range") {
            None => {
                self.err(span, "a weapon line needs `range`");
                None
            }
            Some(item) => {
                let rs = TomlReader::span(item, span);
                let text = match (item.as_str(), item.as_integer()) {
                    (Some(s), _) => Some(s.to_string()),
                    (None, Some(n)) => Some(n.to_string()),
                    _ => {
                        self.err(
                            &rs,
                            format!(
                                "`range` must be a string like \"4\", \"3-6\", \"C\", \"U\" or \"A\", not {}",
                                describe(item)
                            ),
                        );
                        None
                    }
                };
                text.and_then(|s| {
                    // "N-U": from N squares to anywhere ("Minimum Range": the Nebelwerfer 42's 2-U).
                    if let Some(min) = s.trim().strip_suffix(['U', 'u']).and_then(|m| m.trim().strip_suffix(['-', '–'])) {
                        if !bf {
                            self.err(
                                &rs,
                                format!("range `{s}` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card, or write \"A\" or \"U\""),
                            );
                            return None;
                        }
                        return match min.trim().parse::<u8>() {
                            Ok(n) if (1..=30).contains(&n) => {
                                bfw.min_to_unlimited = true;
                                Some(WeaponRange::Spaces { min: n, max: u8::MAX })
                            }
                            _ => {
                                self.err(&rs, format!("range `{s}`: the minimum must be between 1 and 30 squares"));
                                None
                            }
                        };
                    }
                    match parse_range(&s) {
                        Ok(r) => Some(r),
                        Err(m) => {
                            self.err(&rs, m);
                            None
                        }
                    }
                })
            }
        };
        let mut has_volley = false;
        let mut volley_max = 0;
        let mut vspan = span.clone();
        let mut soldier = [CombatValue::NoEffect; 4];
        let mut vehicle = [CombatValue::NoEffect; 7];
        let mut aircraft = [CombatValue::NoEffect; 3];
        if ["soldier", "vehicle", "aircraft"].iter().all(|k| t.get(k).is_none()) {
            self.err(
                span,
                "a weapon line needs at least one of `soldier`, `vehicle` and `aircraft` (its combat values)",
            );
        }
        for key in ["soldier", "vehicle", "aircraft"] {
            let want = match key {
                "soldier" => 4,
                "vehicle" => 7,
                _ => 3,
            };
            let Some(list) = self.strings(t, key, "a weapon line", span) else {
                continue;
            };
            let whole = TomlReader::span(t.get(key).unwrap_or(&Item::None), span);
            if list.len() != want {
                self.err(
                    &whole,
                    format!("`{key}` must list {want} combat values (classes 1 to {want}), not {}", list.len()),
                );
                continue;
            }
            for (i, (v, vs)) in list.iter().enumerate() {
                let parsed = match parse_combat_value(v) {
                    Ok(cv) => Ok(cv),
                    Err(m) => match parse_battlefront_value(v) {
                        Ok(bv) if bf => {
                            let kind = match key {
                                "soldier" => ArmorType::Soldier,
                                "vehicle" => ArmorType::Vehicle,
                                _ => ArmorType::Aircraft,
                            };
                            bfw.values.push((kind, i as u8 + 1, bv));
                            Ok(bv.nearest())
                        }
                        Ok(_) => Err(format!(
                            "`{v}` is a battlefront combat value (blast or automatic kill): add `edition = \"battlefront\"` to the card"
                        )),
                        // A value written like a battlefront one gets the battlefront message.
                        Err(bm) if bf && (v.trim().starts_with(['B', 'b', '⊕']) || v.trim().ends_with(['K', 'k'])) => Err(bm),
                        Err(_) if bf => Err(format!(
                            "{m}; battlefront cards also take BX/Y (blast), BX/K and X/K (automatic kill)"
                        )),
                        Err(_) => Err(m),
                    },
                };
                match parsed {
                    Ok(cv) => {
                        if let CombatValue::Volley { dice, .. } = cv {
                            has_volley = true;
                            volley_max = volley_max.max(dice.iter().filter(|&&d| d > 0).count());
                            vspan = vs.clone();
                        }
                        match key {
                            "soldier" => soldier[i] = cv,
                            "vehicle" => vehicle[i] = cv,
                            _ => aircraft[i] = cv,
                        }
                    }
                    Err(m) => {
                        self.err(vs, m);
                    }
                }
            }
        }
        let mut keywords = Keywords::default();
        if let Some(list) = self.strings(t, "keywords", "a weapon line", span) {
            for (k, ks) in list {
                let only_bf = matches!(
                    k.trim(),
                    "set-up"
                        | "under-barrel"
                        | "crew"
                        | "tesla"
                        | "grapple"
                        | "cutting"
                        | "power-scopes"
                        | "wire-guided"
                        | "salvo"
                        | "expert"
                );
                if only_bf && !bf {
                    self.err(
                        &ks,
                        format!("keyword `{k}` belongs to the battlefront edition: add `edition = \"battlefront\"` to the card"),
                    );
                    continue;
                }
                let flag = match k.trim() {
                    "laser" => &mut keywords.laser,
                    "flame" => &mut keywords.flame,
                    "ugl" => &mut keywords.ugl,
                    "burst" => &mut keywords.burst,
                    "reload" => &mut keywords.reload,
                    "spray" => {
                        bfw.spray = true;
                        &mut keywords.flame
                    }
                    "grenade" => {
                        bfw.grenade = true;
                        &mut keywords.ugl
                    }
                    "set-up" => &mut bfw.set_up,
                    "under-barrel" => &mut bfw.under_barrel,
                    "crew" => &mut bfw.crew,
                    "tesla" => &mut bfw.tesla,
                    "grapple" => &mut bfw.grapple,
                    "cutting" => &mut bfw.cutting,
                    "power-scopes" => &mut bfw.power_scopes,
                    "wire-guided" => &mut bfw.wire_guided,
                    "salvo" => &mut bfw.salvo,
                    "expert" => &mut bfw.expert,
                    _ => {
                        self.err(
                            &ks,
                            format!(
                                "unknown keyword `{k}`{}: the keywords are {}",
                                suggestion(&k, &KEYWORDS),
                                valid_list(&KEYWORDS)
                            ),
                        );
                        continue;
                    }
                };
                if *flag {
                    self.err(&ks, format!("keyword `{k}` is listed twice"));
                }
                *flag = true;
            }
        }
        let ammo = self.int(t, "ammo", "a weapon line", (1, 20), false, span).map(|(n, _)| n as u8);
        let mut mount_span = None;
        if let Some((m, ms)) = self.string(t, "mount", "a weapon line", false, span) {
            if !bf {
                self.err(
                    &ms,
                    "`mount` (the field of fire) belongs to the battlefront edition: add `edition = \"battlefront\"` to the card",
                );
            } else {
                match Mount::ALL.iter().copied().find(|x| x.name() == m.trim()) {
                    Some(x) => bfw.mount = Some(x),
                    None => {
                        let names: Vec<&str> = Mount::ALL.iter().map(|x| x.name()).collect();
                        self.err(&ms, format!("unknown mount `{m}`: the mounts are {}", valid_list(&names)));
                    }
                }
            }
            mount_span = Some(ms);
        }
        if has_volley {
            match ammo {
                None => self.err(&vspan, "a volley value needs limited ammo: add `ammo = N` to this weapon line"),
                Some(a) if usize::from(a) < volley_max => self.err(
                    &vspan,
                    format!("this volley lists dice for {volley_max} ammo spent, but the line has only {a} ammo boxes"),
                ),
                Some(_) => {}
            }
        }
        let mode_ref = self.string(t, "mode_of", "a weapon line", false, span);
        if let (Some((_, ms)), false) = (&mode_ref, bf) {
            self.err(
                ms,
                "`mode_of` (a weapon with two lines) belongs to the battlefront edition: add `edition = \"battlefront\"` to the card",
            );
        }
        let source = self.string(t, "source", "a weapon line", false, span).map(|(s, _)| s);
        let _ = self.string(t, "notes", "a weapon line", false, span);
        let field_sources = self.sources(t, "a weapon line", &WEAPON_SOURCE_KEYS, span);
        let (name, _) = name?;
        // A line with bad values is kept (with a placeholder range) so that models naming it do
        // not cause more diagnostics; the card is refused anyway because of the first ones.
        Some(RawWeapon {
            line: WeaponLine {
                name: name.trim().to_string(),
                range: range.unwrap_or(WeaponRange::Close),
                table: CombatTable {
                    soldier,
                    vehicle,
                    aircraft,
                },
                keywords,
                ammo,
            },
            info: WeaponInfo { id, source, field_sources },
            bf: bfw,
            mount_span,
            mode_ref,
            span: span.clone(),
        })
    }
}

/// The weapon names of a card's keyword notes, as printed at the bottom of a card.
fn keyword_notes(c: &UnitCard) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for w in &c.weapons {
        let mut parts = Vec::new();
        if w.keywords.flame {
            parts.push("Flame Weapon".to_string());
        }
        if w.keywords.laser {
            parts.push("Laser Weapon".to_string());
        }
        if w.keywords.ugl {
            parts.push("Grenade Weapon".to_string());
        }
        if w.keywords.burst {
            parts.push("Burst Weapon".to_string());
        }
        if w.keywords.reload {
            parts.push("Reload".to_string());
        }
        if let Some(a) = w.ammo {
            parts.push(format!("Limited Ammo {}", "☐".repeat(usize::from(a))));
        }
        if parts.is_empty() {
            continue;
        }
        let base = w.name.trim_end_matches(" (1)").to_string();
        let line = format!("{base}: {}", parts.join(", "));
        if !seen.contains(&line) {
            seen.push(line.clone());
            out.push(line);
        }
    }
    out
}

/// What each miniature of a squad carries, e.g. "3 × Shotgun, 2 × Flamethrower (1)".
pub fn carriers_summary(c: &UnitCard) -> String {
    let mut parts: Vec<(String, usize)> = Vec::new();
    for (i, w) in c.weapons.iter().enumerate().take(32) {
        if is_knife(w) {
            continue;
        }
        let n = c.models.iter().filter(|m| m.weapons & (1 << i) != 0).count();
        if n == 0 {
            continue;
        }
        match parts.iter_mut().find(|(name, _)| *name == w.name) {
            Some((_, k)) => *k += n,
            None => parts.push((w.name.clone(), n)),
        }
    }
    let mut out: Vec<String> = parts.into_iter().map(|(name, n)| format!("{n} × {name}")).collect();
    for m in &c.models {
        if let Some(r) = m.role {
            out.push(format!("1 {}", role_name(r)));
        }
    }
    out.join(", ")
}

/// `text` cut into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// The number of miniatures carrying weapon line `i` (squads), e.g. 3 for the Hell Boys'
/// Shotguns ("Weapon Charts").
pub fn carriers(c: &UnitCard, i: usize) -> usize {
    if i >= 32 {
        return 0;
    }
    c.models.iter().filter(|m| m.weapons & (1 << i) != 0).count()
}

/// The warning shown wherever a provisional card is shown.
pub const PROVISIONAL_WARNING: &str = "PROVISIONAL: these numbers are not official";

/// The kind printed on a card: the battlefront kind when it has one.
pub fn kind_text(cf: &CardFile) -> &'static str {
    cf.info.battlefront.kind.map_or(unit_kind_name(cf.card.kind), BattlefrontKind::name)
}

/// A weapon line's range as printed: `2-U` for the battlefront's minimum-to-unlimited ranges.
pub fn range_text(cf: &CardFile, i: usize) -> String {
    let w = &cf.card.weapons[i];
    match (cf.info.battlefront.weapons.get(i), w.range) {
        (Some(b), WeaponRange::Spaces { min, .. }) if b.min_to_unlimited => format!("{min}-U"),
        _ => w.range.to_string(),
    }
}

/// The cells of weapon line `i` as printed, soldier 1–4, vehicle 1–7, aircraft 1–3: the exact
/// battlefront value where the card has one.
pub fn cell_texts(cf: &CardFile, i: usize) -> Vec<String> {
    let w = &cf.card.weapons[i];
    let b = cf.info.battlefront.weapons.get(i);
    let mut out = Vec::with_capacity(14);
    for (kind, cells) in [
        (ArmorType::Soldier, &w.table.soldier[..]),
        (ArmorType::Vehicle, &w.table.vehicle[..]),
        (ArmorType::Aircraft, &w.table.aircraft[..]),
    ] {
        for (k, v) in cells.iter().enumerate() {
            let exact = b.and_then(|b| b.value(Armor { kind, class: k as u8 + 1 }));
            out.push(exact.map_or_else(|| v.to_string(), |x| x.to_string()));
        }
    }
    out
}

/// The battlefront notes of a card: mounts and special weapons, one line per weapon.
fn battlefront_notes(cf: &CardFile) -> Vec<String> {
    let mut out = Vec::new();
    for (w, b) in cf.card.weapons.iter().zip(&cf.info.battlefront.weapons) {
        let mut parts = Vec::new();
        if let Some(m) = b.mount {
            parts.push(format!("{}-mounted", m.name()));
        }
        for (on, what) in [
            (b.spray, "Spray Weapon"),
            (b.grenade, "Grenade Weapon"),
            (b.set_up, "Set-Up Weapon"),
            (b.under_barrel, "Under-Barrel Weapon"),
            (b.crew, "crew weapon"),
        ] {
            if on {
                parts.push(what.to_string());
            }
        }
        if let Some(other) = b.mode_of.and_then(|p| cf.card.weapons.get(usize::from(p))) {
            parts.push(format!(
                "one weapon with `{}` (Weapons with Two Lines: one of the two per attack)",
                other.name
            ));
        }
        if !parts.is_empty() {
            out.push(format!("{}: {}", w.name, parts.join(", ")));
        }
    }
    out
}

/// A readable card: stats, the weapon chart, skills and sources.
pub fn render_text(cf: &CardFile) -> String {
    let c = &cf.card;
    let mut s = String::new();
    if c.is_provisional() {
        let _ = writeln!(s, "{PROVISIONAL_WARNING}");
    }
    let _ = writeln!(s, "{}", c.name.to_uppercase());
    if let Some(sub) = &cf.info.subtitle {
        let _ = writeln!(s, "{sub}");
    }
    let _ = writeln!(s, "{} {}  |  AP {}", c.bloc.name(), kind_text(cf), c.ap);
    if cf.info.edition == Edition::Battlefront {
        let _ = writeln!(s, "Battlefront edition card (tactics-battlefront-2013-rules.txt)");
    }
    let _ = writeln!(s, "Movement {}  |  Armor {}  |  Health {}", c.movement, c.armor, c.health);
    if c.kind == UnitKind::Squad {
        let _ = writeln!(
            s,
            "Soft cover: {}  |  Hard cover: {}",
            face_name(c.soft_cover),
            face_name(c.hard_cover)
        );
        let _ = writeln!(s, "Miniatures: {}", carriers_summary(c));
    }
    let _ = writeln!(s);
    let name_w = c.weapons.iter().map(|w| w.name.chars().count()).max().unwrap_or(6).max(6);
    let _ = write!(s, "{:<name_w$}  {:>5} ", "Weapon", "Range");
    let _ = writeln!(s, " | {:<27} | {:<48} | {:<20}", "Soldier 1-4", "Vehicle 1-7", "Aircraft 1-3");
    for (i, w) in c.weapons.iter().enumerate() {
        let cells = cell_texts(cf, i);
        let cell = |v: &[String]| v.iter().map(|x| format!("{x:<6}")).collect::<Vec<_>>().join(" ");
        let _ = writeln!(
            s,
            "{:<name_w$}  {:>5}  | {:<27} | {:<48} | {:<20}",
            w.name,
            range_text(cf, i),
            cell(&cells[0..4]).trim_end(),
            cell(&cells[4..11]).trim_end(),
            cell(&cells[11..14]).trim_end()
        );
    }
    let _ = writeln!(s);
    let skills: Vec<&str> = c
        .skills
        .iter()
        .map(|k| k.name())
        .chain(cf.info.battlefront.skills.iter().map(|k| k.name()))
        .collect();
    let _ = writeln!(
        s,
        "Skills: {}",
        if skills.is_empty() { "none".to_string() } else { skills.join(", ") }
    );
    for n in keyword_notes(c).into_iter().chain(battlefront_notes(cf)) {
        let _ = writeln!(s, "  {n}");
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "Source: {}", c.source);
    for (f, src) in &cf.info.field_sources {
        let _ = writeln!(s, "  {f}: {src}");
    }
    for (w, info) in c.weapons.iter().zip(&cf.info.weapons) {
        if let Some(src) = &info.source {
            let _ = writeln!(s, "  {}: {src}", w.name);
        }
        for (f, src) in &info.field_sources {
            let _ = writeln!(s, "  {} {f}: {src}", w.name);
        }
    }
    if let Some(n) = &cf.info.notes {
        let _ = writeln!(s, "Notes: {n}");
    }
    let mut out: String = s.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
    out.push('\n');
    out
}

fn xml(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

/// Draws the card like the printed one, as an SVG document: name and subtitle, stats, the
/// weapon chart with its armor-class columns, cover values, skills, AP cost, and the source
/// (with a red banner when the card is provisional).
pub fn render_svg(cf: &CardFile) -> String {
    let c = &cf.card;
    let (bg, band) = match c.bloc {
        Bloc::Allies => ("#e9e4cf", "#55603a"),
        Bloc::Axis => ("#e4e4e4", "#4a4f57"),
        Bloc::Ssu => ("#efdcd5", "#7a2a1f"),
    };
    let mut notes = keyword_notes(c);
    notes.extend(battlefront_notes(cf));
    let name_w = 190.0;
    let range_w = 44.0;
    let cell_w = 44.0;
    let chart_x = 20.0;
    let width = chart_x * 2.0 + name_w + range_w + cell_w * 14.0;
    let row_h = 24.0;
    let banner = if c.is_provisional() { 30.0 } else { 0.0 };
    let chart_y = 150.0 + banner;
    let rows = c.weapons.len() as f64;
    let bottom_y = chart_y + 2.0 * row_h + rows * row_h + 20.0;
    let source_lines = wrap(&format!("Source: {}", c.source), 130).len();
    let lines_below = 3 + notes.len() + source_lines;
    let height = bottom_y + lines_below as f64 * 20.0 + 70.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" rx="14" fill="{bg}" stroke="#222" stroke-width="3"/>"##
    );
    let mut y0 = 0.0;
    if c.is_provisional() {
        let _ = writeln!(s, r##"<rect x="0" y="0" width="{width}" height="30" rx="14" fill="#b3001b"/>"##);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="21" font-size="16" font-weight="bold" fill="#fff" text-anchor="middle">{}</text>"##,
            width / 2.0,
            xml(PROVISIONAL_WARNING)
        );
        y0 = banner;
    }
    // Title band.
    let _ = writeln!(
        s,
        r##"<rect x="10" y="{}" width="{}" height="64" fill="{band}"/>"##,
        y0 + 10.0,
        width - 20.0
    );
    let _ = writeln!(
        s,
        r##"<text x="24" y="{}" font-size="28" font-weight="bold" fill="#fff">{}</text>"##,
        y0 + 44.0,
        xml(&format!("\u{201c}{}\u{201d}", c.name.to_uppercase()))
    );
    if let Some(sub) = &cf.info.subtitle {
        let _ = writeln!(
            s,
            r##"<text x="24" y="{}" font-size="14" fill="#fff">{}</text>"##,
            y0 + 66.0,
            xml(&sub.to_uppercase())
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="16" fill="#fff" text-anchor="end">{}</text>"##,
        width - 24.0,
        y0 + 44.0,
        xml(&format!("{} · {}", c.bloc.name().to_uppercase(), kind_text(cf).to_uppercase()))
    );
    // Stats row.
    let stats = [
        ("MOVE", c.movement.to_string()),
        ("ARMOR", c.armor.to_string()),
        ("HEALTH", c.health.to_string()),
        ("AP", c.ap.to_string()),
    ];
    for (i, (label, value)) in stats.iter().enumerate() {
        let x = 20.0 + i as f64 * 170.0;
        let y = y0 + 84.0;
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="160" height="50" rx="6" fill="#fff" stroke="#222"/>"##
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" fill="#555">{label}</text>"##,
            x + 10.0,
            y + 17.0
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="22" font-weight="bold">{}</text>"##,
            x + 10.0,
            y + 42.0,
            xml(value)
        );
    }
    // Weapon chart header.
    let hx = chart_x + name_w + range_w;
    let _ = writeln!(
        s,
        r##"<rect x="{chart_x}" y="{chart_y}" width="{}" height="{}" fill="#fff" stroke="#222"/>"##,
        width - 2.0 * chart_x,
        2.0 * row_h + rows * row_h
    );
    for (label, from, n) in [("SOLDIER", 0.0, 4.0), ("VEHICLE", 4.0, 7.0), ("AIRCRAFT", 11.0, 3.0)] {
        let x = hx + from * cell_w;
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{chart_y}" width="{}" height="{row_h}" fill="{band}" stroke="#222"/>"##,
            n * cell_w
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" font-weight="bold" fill="#fff" text-anchor="middle">{label}</text>"##,
            x + n * cell_w / 2.0,
            chart_y + 17.0
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="13" font-weight="bold">WEAPON</text>"##,
        chart_x + 6.0,
        chart_y + row_h + 17.0
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="13" font-weight="bold" text-anchor="middle">RNG</text>"##,
        chart_x + name_w + range_w / 2.0,
        chart_y + row_h + 17.0
    );
    for col in 0..14 {
        let class = match col {
            0..=3 => col + 1,
            4..=10 => col - 3,
            _ => col - 10,
        };
        let x = hx + f64::from(col) * cell_w;
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{}" width="{cell_w}" height="{row_h}" fill="#ddd" stroke="#222"/>"##,
            chart_y + row_h
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" text-anchor="middle">{class}</text>"##,
            x + cell_w / 2.0,
            chart_y + row_h + 17.0
        );
    }
    for (r, w) in c.weapons.iter().enumerate() {
        let y = chart_y + 2.0 * row_h + r as f64 * row_h;
        if r % 2 == 1 {
            let _ = writeln!(
                s,
                r##"<rect x="{chart_x}" y="{y}" width="{}" height="{row_h}" fill="#f2f2f2"/>"##,
                width - 2.0 * chart_x
            );
        }
        let _ = writeln!(
            s,
            r##"<line x1="{chart_x}" y1="{y}" x2="{}" y2="{y}" stroke="#999"/>"##,
            width - chart_x
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13">{}</text>"##,
            chart_x + 6.0,
            y + 17.0,
            xml(&w.name)
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" font-weight="bold" text-anchor="middle">{}</text>"##,
            chart_x + name_w + range_w / 2.0,
            y + 17.0,
            xml(&range_text(cf, r))
        );
        let values = w.table.soldier.iter().chain(w.table.vehicle.iter()).chain(w.table.aircraft.iter());
        let exact = cell_texts(cf, r);
        for (col, v) in values.enumerate() {
            let x = hx + col as f64 * cell_w;
            let text = match v {
                _ if exact[col] != v.to_string() => exact[col].clone(),
                CombatValue::Incendiary { dice } => format!("{dice}/⊕"),
                CombatValue::ApIncendiary { dice } => format!("{dice}/☠"),
                other => other.to_string(),
            };
            let size = if text.chars().count() > 5 { 9 } else { 13 };
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{size}" text-anchor="middle">{}</text>"##,
                x + cell_w / 2.0,
                y + 17.0,
                xml(&text)
            );
        }
    }
    for col in 0..=14 {
        let x = hx + f64::from(col) * cell_w;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#999"/>"##,
            chart_y + row_h,
            chart_y + 2.0 * row_h + rows * row_h
        );
    }
    // Bottom: cover, skills, notes, source, and the AP cost in the corner.
    let mut y = bottom_y + 4.0;
    let mut bottom_lines: Vec<(String, &str)> = Vec::new();
    if c.kind == UnitKind::Squad {
        let cover = format!(
            "SOFT COVER: {} · HARD COVER: {}",
            face_name(c.soft_cover).to_uppercase(),
            face_name(c.hard_cover).to_uppercase()
        );
        bottom_lines.push((cover, r#"x="24" font-size="14" font-weight="bold""#));
        bottom_lines.push((format!("MINIATURES: {}", carriers_summary(c)), r#"x="24" font-size="13""#));
    }
    let skills: Vec<String> = c
        .skills
        .iter()
        .map(|k| k.name())
        .chain(cf.info.battlefront.skills.iter().map(|k| k.name()))
        .map(|k| k.replace('-', " "))
        .collect();
    let skills = if skills.is_empty() {
        "none".to_string()
    } else {
        skills.join(" • ")
    };
    bottom_lines.push((format!("SKILLS: {skills}"), r#"x="24" font-size="14" font-weight="bold""#));
    for n in &notes {
        bottom_lines.push((format!("• {n}"), r#"x="36" font-size="13""#));
    }
    for l in wrap(&format!("Source: {}", c.source), 130) {
        bottom_lines.push((l, r##"x="24" font-size="11" fill="#444""##));
    }
    for (text, attrs) in &bottom_lines {
        let _ = writeln!(s, r##"<text {attrs} y="{y}">{}</text>"##, xml(text));
        y += 20.0;
    }
    let _ = writeln!(
        s,
        r##"<circle cx="{}" cy="{}" r="26" fill="{band}" stroke="#222"/>"##,
        width - 50.0,
        height - 40.0
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="22" font-weight="bold" fill="#fff" text-anchor="middle">{}</text>"##,
        width - 50.0,
        height - 32.0,
        c.ap
    );
    let _ = writeln!(s, "</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tactics-battlefront-2013-rules.txt, "Rubble Squares" ("Wheeled and Tracked Vehicle units
    /// cannot enter a rubble square. Other units (including Infantry and Walker Vehicle units)
    /// can"): a battlefront vehicle card says how it moves; the shipped starter-set walkers do.
    #[test]
    fn locomotion_of_battlefront_vehicles() {
        let card = |extra: &str, kind: &str| {
            format!("name = \"W\"\nedition = \"battlefront\"\nbloc = \"axis\"\nkind = \"{kind}\"\n{extra}\nmovement = 1\narmor = \"vehicle 3\"\nhealth = 2\nap = 10\nsource = \"test\"\n[[weapon]]\nname = \"Gun\"\nrange = \"6\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\nvehicle = [\"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\"]\naircraft = [\"-\", \"-\", \"-\"]\nmount = \"turret\"\n")
        };
        let f = parse_card_file(&card("locomotion = \"walker\"", "vehicle"), "w.toml").expect("a walker");
        assert!(f.info.battlefront.walker());
        let f = parse_card_file(&card("locomotion = \"tracked\"", "large-vehicle"), "t.toml").expect("a tank");
        assert_eq!(f.info.battlefront.locomotion, Some(Locomotion::Tracked));
        let e = parse_card_file(&card("locomotion = \"legs\"", "vehicle"), "x.toml").expect_err("unknown");
        assert!(e.iter().any(|d| d.message.contains("unknown locomotion")), "{e:?}");
        let revised = card("locomotion = \"walker\"", "vehicle").replace("edition = \"battlefront\"\n", "");
        let e = parse_card_file(&revised, "r.toml").expect_err("battlefront only");
        assert!(e.iter().any(|d| d.message.contains("battlefront")), "{e:?}");
        for name in ["ludwig", "pounder", "grandma"] {
            let text =
                std::fs::read_to_string(format!("{}/../../data/units/battlefront/{name}.toml", env!("CARGO_MANIFEST_DIR"))).expect("card");
            assert!(parse_card_file(&text, name).expect("card").info.battlefront.walker(), "{name}");
        }
    }

    #[test]
    fn combat_values() {
        assert_eq!(parse_combat_value("-"), Ok(CombatValue::NoEffect));
        assert_eq!(parse_combat_value("6/1"), Ok(CombatValue::Dice { dice: 6, damage: 1 }));
        assert_eq!(parse_combat_value("P2/3"), Ok(CombatValue::Phaser { aim: 2, power: 3 }));
        assert_eq!(
            parse_combat_value("V3/1-6/1"),
            Ok(CombatValue::Volley {
                dice: [3, 6, 0, 0],
                damage: 1
            })
        );
        assert_eq!(parse_combat_value("1/I"), Ok(CombatValue::Incendiary { dice: 1 }));
        assert_eq!(parse_combat_value("1/AP"), Ok(CombatValue::ApIncendiary { dice: 1 }));
        assert!(parse_combat_value("V3/1-6/2").is_err());
        assert!(parse_combat_value("0/1").is_err());
        assert!(parse_combat_value("3").is_err());
        assert!(parse_combat_value("/").is_err());
        assert!(parse_combat_value("V").is_err());
        for v in ["-", "6/1", "P2/3", "V3/1-6/1", "1/I", "1/AP"] {
            assert_eq!(parse_combat_value(v).map(|x| x.to_string()).as_deref(), Ok(v));
        }
    }

    #[test]
    fn ranges_and_armor() {
        assert_eq!(parse_range("4"), Ok(WeaponRange::Spaces { min: 1, max: 4 }));
        assert_eq!(parse_range("3-6"), Ok(WeaponRange::Spaces { min: 3, max: 6 }));
        assert_eq!(parse_range("c"), Ok(WeaponRange::Close));
        assert!(parse_range("6-3").is_err() && parse_range("0").is_err() && parse_range("x").is_err());
        assert_eq!(
            parse_armor("vehicle 5"),
            Ok(Armor {
                kind: ArmorType::Vehicle,
                class: 5
            })
        );
        assert!(parse_armor("soldier 5").is_err() && parse_armor("soldier").is_err() && parse_armor("tank 1").is_err());
    }
}
