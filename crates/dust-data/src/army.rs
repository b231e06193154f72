//! Army files (TOML): a named list of unit cards of one bloc under an AP limit, with heroes
//! joining squads. The format is documented in `docs/army-format.md`.
//!
//! [`parse_army`] reads a file and reports every format problem as `FILE:LINE:COL: message`;
//! [`check_army`] checks the army against the unit cards and lists every broken army rule
//! ([`Rule`], each naming its section of tactics-revised-core-rules.md); [`build_army`] makes a
//! legal army from a list of names or greedily from the cards; [`ArmyFile::to_toml`] writes it.
//!
//! ```
//! let text = "name = \"Core Allies\"\nbloc = \"allies\"\nap_limit = 150\n\n[[unit]]\nname = \"The Hammers\"\n\n[[unit]]\nname = \"Rhino\"\njoins = \"The Hammers\"\n";
//! let army = dust_data::army::parse_army(text, "core.toml").unwrap();
//! let cards = dust_data::builtin::builtin_cards();
//! assert!(dust_data::army::check_army(&army, &cards).is_empty());
//! ```

use crate::card::{CardFile, CardInfo};
use crate::diag::{parse_toml, Diagnostic, TomlReader};
use core::fmt;
use core::ops::Range;
use dust_core::unit::BattlefrontSkill;
use dust_core::{ArmorType, Bloc, Edition, Skill, UnitCard, UnitKind};
use toml_edit::{Item, TableLike, Value};

type Span = Range<usize>;

/// One unit of an army file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyEntry {
    /// The unit card's name.
    pub name: String,
    /// For a hero: the squad of the army he joins before the first round.
    pub joins: Option<String>,
    /// 1-based (line, column) of the name.
    pub name_at: (usize, usize),
    /// 1-based (line, column) of `joins` (the name's place when there is none).
    pub joins_at: (usize, usize),
    /// Battlefront edition: for a hero, the vehicle of the army he starts the game mounted in
    /// (tactics-battlefront-2013-rules.txt, "Heroes", "Piloting Vehicles").
    pub pilots: Option<String>,
    /// 1-based (line, column) of `pilots` (the name's place when there is none).
    pub pilots_at: (usize, usize),
}

impl ArmyEntry {
    /// A unit by card name.
    pub fn new(name: &str) -> ArmyEntry {
        ArmyEntry {
            name: name.to_string(),
            joins: None,
            name_at: (1, 1),
            joins_at: (1, 1),
            pilots: None,
            pilots_at: (1, 1),
        }
    }
    /// A hero starting the game mounted in the vehicle `vehicle` (battlefront edition).
    pub fn piloting(name: &str, vehicle: &str) -> ArmyEntry {
        ArmyEntry {
            pilots: Some(vehicle.to_string()),
            ..ArmyEntry::new(name)
        }
    }
    /// A hero joining the squad `squad`.
    pub fn joining(name: &str, squad: &str) -> ArmyEntry {
        ArmyEntry {
            joins: Some(squad.to_string()),
            ..ArmyEntry::new(name)
        }
    }
}

/// A read army file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyFile {
    /// The file it was read from, for diagnostics.
    pub file: String,
    /// The army's name.
    pub name: String,
    /// The bloc every unit belongs to.
    pub bloc: Bloc,
    /// The most AP the army may cost ("AP Cost of Units").
    pub ap_limit: u32,
    /// The units, in file order.
    pub units: Vec<ArmyEntry>,
    /// 1-based (line, column) of `bloc`.
    pub bloc_at: (usize, usize),
    /// 1-based (line, column) of `ap_limit`.
    pub ap_limit_at: (usize, usize),
    /// The rules edition whose army rules apply (`edition` key, default revised).
    pub edition: Edition,
}

/// An army rule, with the section of the rules that states it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Every unit names a card in play.
    KnownUnit,
    /// The units cost at most the AP limit.
    ApLimit,
    /// Every unit belongs to the army's bloc.
    OneBloc,
    /// A hero is fielded at most once.
    UniqueHeroes,
    /// Only heroes join, and only squads of the same army.
    HeroesJoinSquads,
    /// A hero joins only a squad of his armor class.
    HeroArmorClass,
    /// At most one hero per squad.
    OneHeroPerSquad,
    /// Blutkreuz Ape heroes and squads join only each other.
    BlutkreuzApe,
    /// Blutkreuz Zombie heroes and squads join only each other.
    BlutkreuzZombie,
    /// Jump heroes and squads join only each other.
    Jump,
    /// Only a hero with Commander joins a Command Squad.
    CommanderForCommandSquad,
    /// Several Command Squads only with different armor classes.
    CommandSquadArmorClasses,
    /// Battlefront edition: a unique vehicle (Pilot: Hero, Rare Unit) is fielded once.
    UniqueVehicle,
    /// Battlefront edition: only a hero with Pilot (or Vehicle Pilot) starts mounted in a
    /// vehicle of the army, one hero per vehicle, and not while joining a unit.
    Pilot,
}

impl Rule {
    /// Every rule, in the order they are checked.
    pub const ALL: [Rule; 14] = [
        Rule::KnownUnit,
        Rule::ApLimit,
        Rule::OneBloc,
        Rule::UniqueHeroes,
        Rule::HeroesJoinSquads,
        Rule::HeroArmorClass,
        Rule::OneHeroPerSquad,
        Rule::BlutkreuzApe,
        Rule::BlutkreuzZombie,
        Rule::Jump,
        Rule::CommanderForCommandSquad,
        Rule::CommandSquadArmorClasses,
        Rule::UniqueVehicle,
        Rule::Pilot,
    ];

    /// A short kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::KnownUnit => "known-unit",
            Rule::ApLimit => "ap-limit",
            Rule::OneBloc => "one-bloc",
            Rule::UniqueHeroes => "unique-heroes",
            Rule::HeroesJoinSquads => "heroes-join-squads",
            Rule::HeroArmorClass => "hero-armor-class",
            Rule::OneHeroPerSquad => "one-hero-per-squad",
            Rule::BlutkreuzApe => "blutkreuz-ape",
            Rule::BlutkreuzZombie => "blutkreuz-zombie",
            Rule::Jump => "jump",
            Rule::CommanderForCommandSquad => "commander-for-command-squad",
            Rule::CommandSquadArmorClasses => "command-squad-armor-classes",
            Rule::UniqueVehicle => "unique-vehicle",
            Rule::Pilot => "pilot",
        }
    }

    /// Whether the rule applies in an edition: the battlefront rulebook has no Command Squads
    /// and lets heroes join Jump units (both need Jump to use it); unique vehicles and pilots
    /// are battlefront rules.
    pub const fn applies_in(self, e: Edition) -> bool {
        !matches!(
            (self, e),
            (
                Rule::Jump | Rule::CommanderForCommandSquad | Rule::CommandSquadArmorClasses,
                Edition::Battlefront
            ) | (Rule::UniqueVehicle, Edition::Revised)
        )
    }

    /// Where the rule is written in an edition's rulebook (tactics-revised-core-rules.md or
    /// tactics-battlefront-2013-rules.txt).
    pub const fn section_in(self, e: Edition) -> &'static str {
        match (e, self) {
            (Edition::Revised, r) => r.section(),
            (Edition::Battlefront, Rule::KnownUnit) => "unit cards in play (docs/card-format.md)",
            (Edition::Battlefront, Rule::ApLimit) => "tactics-battlefront-2013-rules.txt, Playing a Game, Choosing Your Force",
            (Edition::Battlefront, Rule::OneBloc) => {
                "tactics-battlefront-2013-rules.txt, Playing a Game, Choosing Your Force (\"any units from their bloc\")"
            }
            (Edition::Battlefront, Rule::UniqueHeroes) => {
                "tactics-battlefront-2013-rules.txt, Heroes (\"an army can never have two of the same Hero\")"
            }
            (Edition::Battlefront, Rule::HeroesJoinSquads | Rule::HeroArmorClass) => {
                "tactics-battlefront-2013-rules.txt, Heroes, Joining Infantry Squads"
            }
            (Edition::Battlefront, Rule::OneHeroPerSquad) => {
                "tactics-battlefront-2013-rules.txt, Heroes, Joining Infantry Squads (\"Only one Hero can join an Infantry unit at a time\")"
            }
            (Edition::Battlefront, Rule::UniqueVehicle) => {
                "tactics-battlefront-2013-rules.txt, Skills and Equipment, Pilot: Hero (\"only one may be included in any player's army\")"
            }
            (Edition::Battlefront, Rule::Pilot) => "tactics-battlefront-2013-rules.txt, Heroes, Piloting Vehicles; Skills and Equipment, Vehicle Pilot",
            (Edition::Battlefront, r) => r.section(),
        }
    }

    /// Where the rule is written (tactics-revised-core-rules.md unless said otherwise).
    pub const fn section(self) -> &'static str {
        match self {
            Rule::KnownUnit => "unit cards in play (docs/card-format.md)",
            Rule::ApLimit => "AP Cost of Units",
            Rule::OneBloc => "AP Cost of Units (each side fields its bloc's units; project reading)",
            Rule::UniqueHeroes => "Heroes (a hero is one named character; project reading)",
            Rule::HeroesJoinSquads => "Heroes",
            Rule::HeroArmorClass => "Heroes",
            Rule::OneHeroPerSquad => "Heroes",
            Rule::BlutkreuzApe => "Skills, Blutkreuz Ape",
            Rule::BlutkreuzZombie => "Skills, Blutkreuz Zombie",
            Rule::Jump => "Skills, Jump",
            Rule::CommanderForCommandSquad => "Command Squad Abilities",
            Rule::CommandSquadArmorClasses => "Command Squad Abilities",
            Rule::UniqueVehicle => "tactics-battlefront-2013-rules.txt, Skills and Equipment, Pilot: Hero",
            Rule::Pilot => "tactics-battlefront-2013-rules.txt, Heroes, Piloting Vehicles (the battlefront edition only)",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name(), self.section())
    }
}

/// A broken army rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: Rule,
    /// Where and what; the message ends with the rule and its section.
    pub diag: Diagnostic,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diag.fmt(f)
    }
}

const KEYS: &[&str] = &["name", "bloc", "ap_limit", "edition", "unit"];
const UNIT_KEYS: &[&str] = &["name", "joins", "pilots"];

/// Reads a bloc name (`allies`, `axis`, `ssu`, without case).
pub fn parse_bloc(s: &str) -> Option<Bloc> {
    match s.trim().to_ascii_lowercase().as_str() {
        "allies" => Some(Bloc::Allies),
        "axis" => Some(Bloc::Axis),
        "ssu" => Some(Bloc::Ssu),
        _ => None,
    }
}

/// An army file being read: the shared reader, with positions for the army's entries.
struct Ctx<'a> {
    rd: TomlReader<'a>,
}

crate::diag::reads_through!(Ctx);

impl Ctx<'_> {
    fn at(&self, span: &Span) -> (usize, usize) {
        self.ix.line_col(span.start)
    }
}

fn item_span(t: &dyn TableLike, key: &str, fallback: &Span) -> Span {
    t.get(key)
        .and_then(Item::span)
        .or_else(|| t.key(key).and_then(|k| k.span()))
        .unwrap_or_else(|| fallback.clone())
}

fn string_of(cx: &mut Ctx<'_>, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<(String, Span)> {
    let span = item_span(t, key, fallback);
    match t.get(key) {
        None => {
            cx.err(&span, format!("{what} has no `{key}`: add `{key} = \"…\"`"));
            None
        }
        Some(Item::Value(Value::String(s))) => {
            let v = s.value().trim().to_string();
            if v.is_empty() {
                cx.err(&span, format!("`{key}` of {what} is empty"));
                None
            } else {
                Some((v, span))
            }
        }
        Some(_) => {
            cx.err(&span, format!("`{key}` of {what} must be a string in quotes"));
            None
        }
    }
}

/// Reads an army file. `file_name` is only used in the diagnostics.
///
/// # Errors
/// Every format problem, in file order, each as `FILE:LINE:COL: message`. The army rules are
/// checked by [`check_army`].
pub fn parse_army(text: &str, file_name: &str) -> Result<ArmyFile, Vec<Diagnostic>> {
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
    let root: &dyn TableLike = doc.as_table();
    let top = 0..0;
    cx.check_keys(root, "an army file", KEYS, &(0..0));
    let name = string_of(&mut cx, root, "name", "the army", &top).map(|(s, _)| s);
    let bloc_span = item_span(root, "bloc", &top);
    let bloc = match string_of(&mut cx, root, "bloc", "the army", &top) {
        Some((b, s)) => match parse_bloc(&b) {
            Some(b) => Some(b),
            None => {
                cx.err(&s, format!("`{b}` is not a bloc: write allies, axis or ssu"));
                None
            }
        },
        None => None,
    };
    let ap_span = item_span(root, "ap_limit", &top);
    let ap_limit = match root.get("ap_limit") {
        None => {
            cx.err(
                &ap_span,
                "the army has no `ap_limit`: add e.g. `ap_limit = 150` (AP Cost of Units)".to_string(),
            );
            None
        }
        Some(Item::Value(Value::Integer(i))) => match u32::try_from(*i.value()) {
            Ok(v) if v > 0 => Some(v),
            _ => {
                cx.err(&ap_span, format!("`ap_limit` must be a whole number above 0, not {}", i.value()));
                None
            }
        },
        Some(_) => {
            cx.err(&ap_span, "`ap_limit` must be a whole number, e.g. `ap_limit = 150`".to_string());
            None
        }
    };
    let edition = match root.get("edition") {
        None => Some(Edition::Revised),
        Some(_) => match string_of(&mut cx, root, "edition", "the army", &top) {
            Some((e, es)) => match Edition::from_name(&e) {
                Some(e) => Some(e),
                None => {
                    cx.err(&es, format!("`{e}` is not an edition: write revised or battlefront"));
                    None
                }
            },
            None => None,
        },
    };
    let mut units = Vec::new();
    match root.get("unit") {
        None => {}
        Some(Item::ArrayOfTables(a)) => {
            for (i, t) in a.iter().enumerate() {
                let what = format!("unit {}", i + 1);
                let ts = t.span().unwrap_or_else(|| top.clone());
                let tl: &dyn TableLike = t;
                cx.check_keys(tl, &what, UNIT_KEYS, &ts);
                let Some((n, ns)) = string_of(&mut cx, tl, "name", &what, &ts) else {
                    continue;
                };
                let mut e = ArmyEntry::new(&n);
                e.name_at = cx.at(&ns);
                e.joins_at = e.name_at;
                if tl.get("joins").is_some() {
                    if let Some((j, js)) = string_of(&mut cx, tl, "joins", &what, &ts) {
                        e.joins = Some(j);
                        e.joins_at = cx.at(&js);
                    }
                }
                e.pilots_at = e.name_at;
                if tl.get("pilots").is_some() {
                    if let Some((p, ps)) = string_of(&mut cx, tl, "pilots", &what, &ts) {
                        e.pilots = Some(p);
                        e.pilots_at = cx.at(&ps);
                    }
                }
                units.push(e);
            }
        }
        Some(other) => {
            let span = other.span().unwrap_or_else(|| item_span(root, "unit", &top));
            cx.err(
                &span,
                "`unit` must be a list of tables: write one `[[unit]]` section per unit".to_string(),
            );
        }
    }
    if !cx.diags.is_empty() {
        cx.diags.sort_by_key(|d| (d.line, d.col));
        return Err(cx.rd.diags);
    }
    match (name, bloc, ap_limit, edition) {
        (Some(name), Some(bloc), Some(ap_limit), Some(edition)) => Ok(ArmyFile {
            file: file_name.to_string(),
            name,
            bloc,
            ap_limit,
            units,
            bloc_at: cx.at(&bloc_span),
            ap_limit_at: cx.at(&ap_span),
            edition,
        }),
        _ => Err(cx.rd.diags),
    }
}

fn find<'a>(cards: &'a [UnitCard], name: &str) -> Option<&'a UnitCard> {
    cards.iter().find(|c| c.name.eq_ignore_ascii_case(name.trim()))
}

fn armor_text(c: &UnitCard) -> String {
    let t = match c.armor.kind {
        ArmorType::Soldier => "soldier",
        ArmorType::Vehicle => "vehicle",
        ArmorType::Aircraft => "aircraft",
    };
    format!("{t} {}", c.armor.class)
}

/// The AP the units of `army` cost (unknown names count 0).
pub fn army_cost(army: &ArmyFile, cards: &[UnitCard]) -> u32 {
    army.units
        .iter()
        .filter_map(|u| find(cards, &u.name))
        .map(|c| u32::from(c.ap))
        .sum()
}

/// Checks an army against the unit cards and returns every broken rule of the army's edition,
/// in file order. The cards carry no battlefront special rules here; use [`check_army_cards`]
/// with the card files to check unique vehicles and pilots.
pub fn check_army(army: &ArmyFile, cards: &[UnitCard]) -> Vec<Violation> {
    let files: Vec<CardFile> = cards
        .iter()
        .map(|c| CardFile {
            card: c.clone(),
            info: CardInfo::default(),
        })
        .collect();
    check_army_cards(army, &files)
}

/// Checks an army against the card files (which hold the battlefront special rules) and
/// returns every broken rule of the army's edition ([`Rule::applies_in`]), in file order; each
/// message names the rule and its section in that edition's rulebook ([`Rule::section_in`]).
pub fn check_army_cards(army: &ArmyFile, card_files: &[CardFile]) -> Vec<Violation> {
    let cards: Vec<UnitCard> = card_files.iter().map(|c| c.card.clone()).collect();
    let cards = &cards[..];
    let bf_of = |c: &UnitCard| {
        card_files
            .iter()
            .find(|f| f.card.name == c.name)
            .map(|f| f.info.battlefront.clone())
            .unwrap_or_default()
    };
    let edition = army.edition;
    let mut out: Vec<Violation> = Vec::new();
    let mut push = |rule: Rule, at: (usize, usize), msg: String| {
        if !rule.applies_in(edition) {
            return;
        }
        out.push(Violation {
            rule,
            diag: Diagnostic {
                file: army.file.clone(),
                line: at.0,
                col: at.1,
                message: format!("{msg} [rule {}: {}]", rule.name(), rule.section_in(edition)),
            },
        });
    };
    let resolved: Vec<Option<&UnitCard>> = army.units.iter().map(|u| find(cards, &u.name)).collect();
    for (u, c) in army.units.iter().zip(&resolved) {
        match c {
            None => push(
                Rule::KnownUnit,
                u.name_at,
                format!(
                    "no unit card is named `{}`{}: see `dust1947 cards list`",
                    u.name,
                    did_you_mean(cards, &u.name)
                ),
            ),
            Some(c) if c.bloc != army.bloc => push(
                Rule::OneBloc,
                u.name_at,
                format!(
                    "{} belongs to the {} bloc, but this army is {}: field units of one bloc",
                    c.name,
                    c.bloc.name(),
                    army.bloc.name()
                ),
            ),
            Some(_) => {}
        }
    }
    let cost = army_cost(army, cards);
    if cost > army.ap_limit {
        push(
            Rule::ApLimit,
            army.ap_limit_at,
            format!(
                "the units cost {cost} AP, more than the limit of {} AP: remove {} AP of units",
                army.ap_limit,
                cost - army.ap_limit
            ),
        );
    }
    // Unique heroes.
    for (i, c) in resolved.iter().enumerate() {
        let Some(c) = c else { continue };
        if c.kind != UnitKind::Hero {
            continue;
        }
        if let Some(first) = (0..i).find(|&j| resolved[j].is_some_and(|d| d.name.eq_ignore_ascii_case(&c.name))) {
            push(
                Rule::UniqueHeroes,
                army.units[i].name_at,
                format!(
                    "{} is already in the army ({}): a hero is fielded once",
                    c.name,
                    place_of(army, first)
                ),
            );
        }
    }
    // Joins.
    let mut joined_by: Vec<Option<usize>> = vec![None; army.units.len()];
    for (i, u) in army.units.iter().enumerate() {
        let Some(squad_name) = &u.joins else { continue };
        let Some(hero) = resolved[i] else { continue };
        let candidates: Vec<usize> = (0..army.units.len())
            .filter(|&j| j != i && army.units[j].name.trim().eq_ignore_ascii_case(squad_name.trim()))
            .collect();
        let Some(&j) = candidates.iter().find(|&&j| joined_by[j].is_none()).or(candidates.first()) else {
            push(
                Rule::HeroesJoinSquads,
                u.joins_at,
                format!("{} joins `{squad_name}`, which is not in this army: list the squad too", hero.name),
            );
            continue;
        };
        let Some(squad) = resolved[j] else { continue };
        if hero.kind != UnitKind::Hero {
            push(
                Rule::HeroesJoinSquads,
                u.joins_at,
                format!("{} is not a hero: only heroes join squads", hero.name),
            );
            continue;
        }
        if squad.kind != UnitKind::Squad {
            push(
                Rule::HeroesJoinSquads,
                u.joins_at,
                format!("{} is not a squad: heroes join only squads", squad.name),
            );
            continue;
        }
        if army.units[j].joins.is_some() {
            push(
                Rule::HeroesJoinSquads,
                u.joins_at,
                format!("{} joins another unit itself: a hero joins a squad", squad.name),
            );
        }
        if hero.armor != squad.armor {
            push(
                Rule::HeroArmorClass,
                u.joins_at,
                format!(
                    "{} ({}) cannot join {} ({}): a hero joins only a squad of his armor class",
                    hero.name,
                    armor_text(hero),
                    squad.name,
                    armor_text(squad)
                ),
            );
        }
        for (gate, rule, what) in [
            (Skill::BlutkreuzApe, Rule::BlutkreuzApe, "Blutkreuz Ape"),
            (Skill::BlutkreuzZombie, Rule::BlutkreuzZombie, "Blutkreuz Zombie"),
            (Skill::Jump, Rule::Jump, "Jump"),
        ] {
            if hero.has(gate) != squad.has(gate) {
                let (with, without) = if hero.has(gate) { (hero, squad) } else { (squad, hero) };
                push(
                    rule,
                    u.joins_at,
                    format!(
                        "{} has {what} and {} does not: a hero and a squad with {what} join only each other",
                        with.name, without.name
                    ),
                );
            }
        }
        if squad.has(Skill::CommandSquad) && !hero.has(Skill::Commander) {
            push(
                Rule::CommanderForCommandSquad,
                u.joins_at,
                format!(
                    "{} cannot join the Command Squad {}: only a hero with Commander joins a Command Squad",
                    hero.name, squad.name
                ),
            );
        }
        if let Some(other) = joined_by[j] {
            push(
                Rule::OneHeroPerSquad,
                u.joins_at,
                format!(
                    "{} already has a hero ({}): no more than one hero joins the same squad",
                    squad.name, army.units[other].name
                ),
            );
        } else {
            joined_by[j] = Some(i);
        }
    }
    // Unique vehicles and pilots (battlefront edition).
    for (i, c) in resolved.iter().enumerate() {
        let Some(c) = c else { continue };
        let bf = bf_of(c);
        if !(bf.has(BattlefrontSkill::PilotHero) || bf.has(BattlefrontSkill::Unique)) {
            continue;
        }
        if let Some(first) = (0..i).find(|&j| resolved[j].is_some_and(|d| d.name.eq_ignore_ascii_case(&c.name))) {
            push(
                Rule::UniqueVehicle,
                army.units[i].name_at,
                format!(
                    "{} is already in the army ({}): this unit is unique, only one may be fielded",
                    c.name,
                    place_of(army, first)
                ),
            );
        }
    }
    let mut piloted_by: Vec<Option<usize>> = vec![None; army.units.len()];
    for (i, u) in army.units.iter().enumerate() {
        let Some(vehicle_name) = &u.pilots else { continue };
        let Some(hero) = resolved[i] else { continue };
        if edition == Edition::Revised {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!(
                    "{} cannot pilot a vehicle: heroes pilot vehicles only in the battlefront edition (write `edition = \"battlefront\"`)",
                    hero.name
                ),
            );
            continue;
        }
        let bf = bf_of(hero);
        if hero.kind != UnitKind::Hero || !(bf.has(BattlefrontSkill::Pilot) || bf.has(BattlefrontSkill::VehiclePilot)) {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!("{} has no Pilot skill: only a hero with Pilot pilots a vehicle", hero.name),
            );
            continue;
        }
        if u.joins.is_some() {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!("{} both joins a unit and pilots a vehicle: choose one", hero.name),
            );
        }
        let candidates: Vec<usize> = (0..army.units.len())
            .filter(|&j| j != i && army.units[j].name.trim().eq_ignore_ascii_case(vehicle_name.trim()))
            .collect();
        let Some(&j) = candidates.iter().find(|&&j| piloted_by[j].is_none()).or(candidates.first()) else {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!(
                    "{} pilots `{vehicle_name}`, which is not in this army: list the vehicle too",
                    hero.name
                ),
            );
            continue;
        };
        let Some(vehicle) = resolved[j] else { continue };
        if !matches!(vehicle.kind, UnitKind::Vehicle | UnitKind::Aircraft) {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!("{} is not a vehicle: a pilot mounts a vehicle", vehicle.name),
            );
            continue;
        }
        // "Pilot: Hero": "Only the named Hero can pilot a Vehicle with the Pilot: Hero
        // attribute."
        if let Some(named) = bf_of(vehicle)
            .pilot_hero
            .as_deref()
            .filter(|n| !n.eq_ignore_ascii_case(hero.name.trim()))
        {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!(
                    "{} cannot pilot {}: only {named} may (Pilot: Hero); field it without a pilot or with {named}",
                    hero.name, vehicle.name
                ),
            );
            continue;
        }
        if let Some(other) = piloted_by[j] {
            push(
                Rule::Pilot,
                u.pilots_at,
                format!(
                    "{} already has a pilot ({}): only one hero may pilot a vehicle at a time",
                    vehicle.name, army.units[other].name
                ),
            );
        } else {
            piloted_by[j] = Some(i);
        }
    }
    // Command squads.
    for (i, c) in resolved.iter().enumerate() {
        let Some(c) = c else { continue };
        if !c.has(Skill::CommandSquad) {
            continue;
        }
        if let Some(j) = (0..i).find(|&j| resolved[j].is_some_and(|d| d.has(Skill::CommandSquad) && d.armor == c.armor)) {
            push(
                Rule::CommandSquadArmorClasses,
                army.units[i].name_at,
                format!(
                    "{} is a second Command Squad of {} (with {}, line {}): several Command Squads need different armor classes",
                    c.name,
                    armor_text(c),
                    army.units[j].name,
                    army.units[j].name_at.0
                ),
            );
        }
    }
    out.sort_by_key(|v| (v.diag.line, v.diag.col));
    out
}

impl ArmyFile {
    /// The army as a scenario's side fields it (`[army.a]`): its name and units (a hero with
    /// `pilots` begins the game mounted in his vehicle, battlefront edition), written at
    /// `pos`.
    pub fn to_scenario_army(&self, pos: crate::scenario::Pos) -> crate::scenario::Army {
        use crate::scenario::ArmyUnit;
        crate::scenario::Army {
            name: Some(self.name.clone()),
            units: self
                .units
                .iter()
                .map(|u| match (&u.joins, &u.pilots) {
                    (Some(j), _) => ArmyUnit::joining(&u.name, j),
                    // "Piloting Vehicles": the hero begins the game mounted in the vehicle.
                    (None, Some(v)) => ArmyUnit::piloting(&u.name, v),
                    (None, None) => ArmyUnit::new(&u.name),
                })
                .collect(),
            pos,
        }
    }

    /// An empty army.
    pub fn new(name: &str, bloc: Bloc, ap_limit: u32) -> ArmyFile {
        ArmyFile {
            file: "army.toml".to_string(),
            name: name.to_string(),
            bloc,
            ap_limit,
            units: Vec::new(),
            bloc_at: (1, 1),
            ap_limit_at: (1, 1),
            edition: Edition::Revised,
        }
    }

    /// The army as an army file (reads back with [`parse_army`]).
    pub fn to_toml(&self) -> String {
        let mut s = format!(
            "# Army file (docs/army-format.md). Check it with `dust1947 army check FILE`.\nname = {}\nbloc = \"{}\"\nap_limit = {}\n",
            quote(&self.name),
            self.bloc.name(),
            self.ap_limit
        );
        if self.edition != Edition::Revised {
            s.push_str(&format!("edition = \"{}\"\n", self.edition.name()));
        }
        for u in &self.units {
            s.push_str(&format!("\n[[unit]]\nname = {}\n", quote(&u.name)));
            if let Some(j) = &u.joins {
                s.push_str(&format!("joins = {}\n", quote(j)));
            }
            if let Some(p) = &u.pilots {
                s.push_str(&format!("pilots = {}\n", quote(p)));
            }
        }
        s
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `hero` may join `squad` under every joining rule (Heroes, Blutkreuz Ape, Blutkreuz
/// Zombie, Jump, Command Squad Abilities).
pub fn can_join(hero: &UnitCard, squad: &UnitCard) -> bool {
    hero.kind == UnitKind::Hero
        && squad.kind == UnitKind::Squad
        && hero.armor == squad.armor
        && [Skill::BlutkreuzApe, Skill::BlutkreuzZombie, Skill::Jump]
            .iter()
            .all(|&g| hero.has(g) == squad.has(g))
        && (!squad.has(Skill::CommandSquad) || hero.has(Skill::Commander))
}

/// Where entry `i` of the army is, for messages: its line in the army file, or its place in
/// the list when the army was built in memory (an entry without a place in a file has the
/// default place, line 1 column 1, where no unit of a file can be written).
fn place_of(army: &ArmyFile, i: usize) -> String {
    let at = army.units[i].name_at;
    if at == (1, 1) {
        format!("unit {} of the list", i + 1)
    } else {
        format!("line {}", at.0)
    }
}

/// Whether `hero` may join `squad` under the joining rules of an edition: the revised rules
/// as [`can_join`]; the battlefront rules (tactics-battlefront-2013-rules.txt, "Heroes"): a
/// hero joins an infantry squad or support weapon of the same armour rating (Blutkreuz Ape and
/// Zombie, the cards' own rules, still apply; Jump does not restrict joining).
pub fn can_join_in(hero: &UnitCard, squad: &UnitCard, edition: Edition) -> bool {
    match edition {
        Edition::Revised => can_join(hero, squad),
        Edition::Battlefront => {
            hero.kind == UnitKind::Hero
                && squad.kind == UnitKind::Squad
                && hero.armor == squad.armor
                && [Skill::BlutkreuzApe, Skill::BlutkreuzZombie]
                    .iter()
                    .all(|&g| hero.has(g) == squad.has(g))
        }
    }
}

/// Builds a legal army of `bloc` within `ap_limit`.
///
/// With `names`, the army holds those units in that order; a name that is unknown, of another
/// bloc, a second copy of a hero, a second Command Squad of an armor class already fielded or
/// over the remaining AP is an error (every such problem is listed). Without `names`, units are
/// taken greedily from `cards`: the dearest first that still fits, each card at most once.
/// Heroes then join the first squad they may legally join that has no hero yet.
///
/// # Errors
/// The problems with `names`, one message each.
pub fn build_army(name: &str, bloc: Bloc, ap_limit: u32, cards: &[UnitCard], names: Option<&[String]>) -> Result<ArmyFile, Vec<String>> {
    build_army_in(name, bloc, ap_limit, cards, names, Edition::Revised)
}

/// [`build_army`] under the army rules of an edition: in the battlefront edition heroes join
/// by [`can_join_in`] (an infantry squad or support weapon of the same armour rating) and the
/// revised Command Squad limit does not apply (tactics-battlefront-2013-rules.txt, "Heroes",
/// "Playing a Game, Choosing Your Force"). The army's `edition` is set.
///
/// # Errors
/// The problems with `names`, one message each.
pub fn build_army_in(
    name: &str,
    bloc: Bloc,
    ap_limit: u32,
    cards: &[UnitCard],
    names: Option<&[String]>,
    edition: Edition,
) -> Result<ArmyFile, Vec<String>> {
    let mut army = ArmyFile::new(name, bloc, ap_limit);
    army.edition = edition;
    let mut chosen: Vec<&UnitCard> = Vec::new();
    let mut errors = Vec::new();
    let fits = |chosen: &[&UnitCard], c: &UnitCard| -> Result<(), String> {
        let spent: u32 = chosen.iter().map(|d| u32::from(d.ap)).sum();
        if c.bloc != bloc {
            return Err(format!(
                "{} belongs to the {} bloc, not {} (one bloc)",
                c.name,
                c.bloc.name(),
                bloc.name()
            ));
        }
        if c.kind == UnitKind::Hero && chosen.iter().any(|d| d.name.eq_ignore_ascii_case(&c.name)) {
            return Err(format!("{} is already in the army (unique heroes)", c.name));
        }
        if edition == Edition::Revised
            && c.has(Skill::CommandSquad)
            && chosen.iter().any(|d| d.has(Skill::CommandSquad) && d.armor == c.armor)
        {
            return Err(format!(
                "{} would be a second Command Squad of {} (Command Squad Abilities)",
                c.name,
                armor_text(c)
            ));
        }
        if spent + u32::from(c.ap) > ap_limit {
            return Err(format!(
                "{} costs {} AP and only {} AP are left of {ap_limit} (AP Cost of Units)",
                c.name,
                c.ap,
                ap_limit - spent
            ));
        }
        Ok(())
    };
    match names {
        Some(names) => {
            for n in names {
                match find(cards, n) {
                    None => errors.push(format!(
                        "no unit card is named `{n}`{}: see `dust1947 cards list`",
                        did_you_mean(cards, n)
                    )),
                    Some(c) => match fits(&chosen, c) {
                        Ok(()) => chosen.push(c),
                        Err(e) => errors.push(e),
                    },
                }
            }
            if !errors.is_empty() {
                return Err(errors);
            }
        }
        None => {
            let mut pool: Vec<&UnitCard> = cards.iter().filter(|c| c.bloc == bloc).collect();
            // Dearest first; names break ties so the result does not depend on card order.
            pool.sort_by(|a, b| b.ap.cmp(&a.ap).then_with(|| a.name.cmp(&b.name)));
            for c in pool {
                if chosen.iter().any(|d| d.name.eq_ignore_ascii_case(&c.name)) {
                    continue;
                }
                if fits(&chosen, c).is_ok() {
                    chosen.push(c);
                }
            }
        }
    }
    let mut taken = vec![false; chosen.len()];
    for c in &chosen {
        let mut e = ArmyEntry::new(&c.name);
        if c.kind == UnitKind::Hero {
            if let Some(j) = (0..chosen.len()).find(|&j| !taken[j] && can_join_in(c, chosen[j], edition)) {
                taken[j] = true;
                e.joins = Some(chosen[j].name.clone());
            }
        }
        army.units.push(e);
    }
    Ok(army)
}

/// " (did you mean `Hell Boys`?)" for a card name that is nearly one of `cards`, else "".
fn did_you_mean(cards: &[UnitCard], name: &str) -> String {
    crate::diag::closest(name, cards.iter().map(|c| c.name.as_str()))
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}
