//! Scenario files (TOML): the battlefield (a shipped map by name, or an inline map in the map
//! format), entry squares, cover zone, round limit, AP limit, objectives with bonus victory
//! points, and the army of each side. The format is documented in `docs/scenario-format.md`.
//!
//! [`parse_scenario`] reports every problem of a file at once, each as `FILE:LINE:COL: message`,
//! and never panics. The map part is read by [`crate::map::parse_map`], so a scenario's inline
//! map obeys exactly the rules of a map file. [`Scenario::game_setup`] checks the armies
//! against the unit cards (names, AP limit, heroes joining squads) and builds the
//! [`GameSetup`] the engine starts from.
//!
//! "Custom battle" (tactics-revised-core-rules.md, "Creating the Battlefield", "Placing Cover
//! Elements") is [`custom_battle`]: a pure function of a seed that places terrain squares and
//! cover elements in turn after a 3-dice roll-off.
//!
//! ```
//! use dust_core::game::Game;
//! let scenario = dust_data::scenario::load_builtin("annihilation").unwrap();
//! let setup = scenario.game_setup(&dust_data::builtin::builtin_cards()).unwrap();
//! let game = Game::new(setup).unwrap();
//! assert_eq!(game.round_limit(), 8);
//! ```

use crate::builtin::builtin_cards;
use crate::card::CardFile;
use crate::diag::Diagnostic;
use crate::diag::{closest, describe, describe_value, parse_toml, toml_string, TomlReader};
use crate::map::{parse_map, MapFile};
use core::ops::Range;
use dust_core::battlefront::ScenarioRules;
use dust_core::game::{Game, GameSetup, ObjectiveSetup, UnitSetup};
use dust_core::unit::BattlefrontCard;
use dust_core::{Board, BySide, CoverElement, Die, Edge, Face, GameRng, PieceKind, Roll, Side, Skill, Square, Terrain, UnitCard, UnitKind};
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::Arc;
use toml_edit::{Item, TableLike};

type Span = Range<usize>;

/// The maps shipped with the program (`data/maps/`), by name (the file stem).
pub const SHIPPED_MAPS: &[(&str, &str)] = &[
    ("core-board", include_str!("../../../data/maps/core-board.toml")),
    ("open-board", include_str!("../../../data/maps/open-board.toml")),
    ("battlefront-boards", include_str!("../../../data/maps/battlefront-boards.toml")),
];

/// The scenarios shipped with the program (`data/scenarios/`), by name (the file stem).
pub const SHIPPED: &[(&str, &str)] = &[
    ("annihilation", include_str!("../../../data/scenarios/annihilation.toml")),
    (
        "hold-the-crossroads",
        include_str!("../../../data/scenarios/hold-the-crossroads.toml"),
    ),
    ("custom-battle", include_str!("../../../data/scenarios/custom-battle.toml")),
    ("encounter", include_str!("../../../data/scenarios/encounter.toml")),
    ("grab-the-dust", include_str!("../../../data/scenarios/grab-the-dust.toml")),
    ("bait-and-flank", include_str!("../../../data/scenarios/bait-and-flank.toml")),
    ("supply-drop", include_str!("../../../data/scenarios/supply-drop.toml")),
    ("all-out-attack", include_str!("../../../data/scenarios/all-out-attack.toml")),
];

/// The cover elements of the core box: two ammo crates and two anti-tank traps
/// (tactics-revised-core-rules.md, "Component List").
pub const CORE_BOX_COVER: [CoverElement; 4] = [
    CoverElement::AmmoCrate,
    CoverElement::AmmoCrate,
    CoverElement::AntiTankTrap,
    CoverElement::AntiTankTrap,
];

/// The terrain squares of the core box ("Component List": 9 double-sided terrain squares).
pub const CORE_BOX_TERRAIN_SQUARES: usize = 9;

/// The rules edition a scenario is played with (`edition = "revised"` or `"battlefront"`).
pub use dust_core::Edition;

/// A place in a scenario file (1-based line and column), for diagnostics found after parsing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

impl Default for Pos {
    fn default() -> Pos {
        Pos { line: 1, col: 1 }
    }
}

/// A scenario objective and its bonus victory points: the engine's own
/// ([`ObjectiveSetup`]: name, space, bonus points, `wins`, `wins_from`).
pub type ScenarioObjective = ObjectiveSetup;

/// One unit of an army, as the scenario names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyUnit {
    /// The unit card's name.
    pub name: String,
    /// For a hero: the name of the squad of the same army he joins before the game.
    pub joins: Option<String>,
    /// A space to start on instead of entering the board in round one.
    pub at: Option<Square>,
    /// Battlefront edition: for a hero with Pilot or Vehicle Pilot, the name of the vehicle of
    /// the same army he begins the game mounted in ("Piloting Vehicles").
    pub pilots: Option<String>,
    /// Where the name is written.
    pub name_pos: Pos,
    /// Where `joins` is written.
    pub joins_pos: Pos,
    /// Where `pilots` is written.
    pub pilots_pos: Pos,
    /// Where `at` is written.
    pub at_pos: Pos,
}

impl ArmyUnit {
    /// A unit by card name, entering normally.
    pub fn new(name: &str) -> ArmyUnit {
        ArmyUnit {
            name: name.to_string(),
            joins: None,
            at: None,
            pilots: None,
            name_pos: Pos::default(),
            joins_pos: Pos::default(),
            pilots_pos: Pos::default(),
            at_pos: Pos::default(),
        }
    }
    /// A hero joining the squad `squad`.
    pub fn joining(name: &str, squad: &str) -> ArmyUnit {
        ArmyUnit {
            joins: Some(squad.to_string()),
            ..ArmyUnit::new(name)
        }
    }
    /// Battlefront edition: a hero beginning the game mounted in the vehicle `vehicle`.
    pub fn piloting(name: &str, vehicle: &str) -> ArmyUnit {
        ArmyUnit {
            pilots: Some(vehicle.to_string()),
            ..ArmyUnit::new(name)
        }
    }
}

/// The army of one side.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Army {
    /// A label ("Allies (core box)").
    pub name: Option<String>,
    /// The units, in file order (the order of their unit ids in the game).
    pub units: Vec<ArmyUnit>,
    /// Where the army is written.
    pub pos: Pos,
}

/// What a custom-battle placement put on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Placed {
    /// A terrain square: the space becomes a space without a dot.
    TerrainSquare,
    /// A cover element.
    Cover(CoverElement),
}

/// One placement of the custom-battle procedure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The side that placed it.
    pub side: Side,
    /// Where.
    pub at: Square,
    /// What.
    pub what: Placed,
}

/// How a custom battle's layout was made ([`custom_battle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomLayout {
    /// The seed of the roll-offs and placements.
    pub seed: u64,
    /// Terrain squares asked for.
    pub terrain_squares: usize,
    /// Cover elements asked for, in placement order.
    pub cover_elements: Vec<CoverElement>,
    /// The winners of the two roll-offs (terrain squares, cover elements): they placed first.
    pub first: (Side, Side),
    /// Every placement, in order. Fewer than asked when the board had no legal space left.
    pub placements: Vec<Placement>,
}

/// A checked scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The file it was read from, for diagnostics.
    pub file: String,
    /// Its name.
    pub name: String,
    /// A longer description.
    pub description: Option<String>,
    /// The rules edition.
    pub edition: Edition,
    /// The shipped map it uses, if it names one (`map = "core-board"`).
    pub map: Option<String>,
    /// The battlefield (with terrain squares and cover elements placed).
    pub board: Board,
    /// Entry squares of each side ("Unit Entry").
    pub entry: BySide<Vec<Square>>,
    /// Where cover elements are placed during set-up ("Placing Cover Elements").
    pub cover_zone: Vec<Square>,
    /// The last round.
    pub round_limit: u8,
    /// The most AP each army may cost ("AP Cost of Units"), if the scenario sets a limit.
    pub ap_limit: Option<u32>,
    /// Objectives with bonus victory points.
    pub objectives: Vec<ScenarioObjective>,
    /// The armies.
    pub armies: BySide<Army>,
    /// How a custom battle's layout was made.
    pub custom: Option<CustomLayout>,
    /// Battlefront edition: the book scenario's rules (`rules = "grab-the-dust"`: objectives,
    /// victory points, reserves); the default has none.
    pub bf_rules: ScenarioRules,
}

/// The battlefront parts of the battlefront card files, by card name.
fn battlefront_parts(files: &[CardFile]) -> Vec<(String, Arc<BattlefrontCard>)> {
    files
        .iter()
        .filter(|f| f.info.edition == Edition::Battlefront)
        .map(|f| (f.card.name.clone(), Arc::new(f.info.battlefront.clone())))
        .collect()
}

// ----- shipped scenarios and maps ------------------------------------------------------------

/// The names of the shipped scenarios (file stems of `data/scenarios/`).
pub fn builtin_names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(n, _)| *n).collect()
}

fn normalize(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace([' ', '_'], "-")
}

/// The text of a shipped scenario (names compare without case; spaces and `_` read as `-`).
pub fn builtin_text(name: &str) -> Option<&'static str> {
    let n = normalize(name);
    SHIPPED.iter().find(|(k, _)| *k == n).map(|(_, t)| *t)
}

/// Loads a shipped scenario and checks its armies against the shipped unit cards.
///
/// # Errors
/// An unknown name (one diagnostic listing the names), or the problems of the file (the test
/// suite keeps the shipped files clean).
pub fn load_builtin(name: &str) -> Result<Scenario, Vec<Diagnostic>> {
    let n = normalize(name);
    let Some(text) = builtin_text(&n) else {
        let hint = closest(&n, SHIPPED.iter().map(|(k, _)| *k))
            .map(|k| format!(" (did you mean `{k}`?)"))
            .unwrap_or_default();
        return Err(vec![Diagnostic {
            file: name.to_string(),
            line: 1,
            col: 1,
            message: format!(
                "`{name}` is not a shipped scenario{hint}: the shipped scenarios are {}",
                builtin_names().join(", ")
            ),
        }]);
    };
    let s = parse_scenario(text, &format!("data/scenarios/{n}.toml"))?;
    s.game_setup(&builtin_cards())?;
    Ok(s)
}

/// A shipped map by name (the file stem of `data/maps/`).
///
/// # Errors
/// An unknown name, or the problems of the file (kept empty by the tests).
pub fn builtin_map(name: &str) -> Result<MapFile, Vec<Diagnostic>> {
    let n = normalize(name);
    match SHIPPED_MAPS.iter().find(|(k, _)| *k == n) {
        Some((k, t)) => parse_map(t, &format!("data/maps/{k}.toml")),
        None => Err(vec![Diagnostic {
            file: name.to_string(),
            line: 1,
            col: 1,
            message: format!(
                "`{name}` is not a shipped map: the shipped maps are {}",
                SHIPPED_MAPS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            ),
        }]),
    }
}

/// The armies of the core box: Allies (Blackhawk, The Hammers joined by Rhino, Hell Boys,
/// Death Dealers) on side A, Axis (Hans, Lara, Sturmpioniere, Heavy Laser Grenadiers, Heavy
/// Flak Grenadiers) on side B. Rhino and The Hammers are both soldier 3 (`data/units/`).
pub fn core_box_armies() -> BySide<Army> {
    let army = |name: &str, units: Vec<ArmyUnit>| Army {
        name: Some(name.to_string()),
        units,
        pos: Pos::default(),
    };
    BySide {
        a: army(
            "Allies (core box)",
            vec![
                ArmyUnit::new("Blackhawk"),
                ArmyUnit::new("The Hammers"),
                ArmyUnit::joining("Rhino", "The Hammers"),
                ArmyUnit::new("Hell Boys"),
                ArmyUnit::new("Death Dealers"),
            ],
        ),
        b: army(
            "Axis (core box)",
            vec![
                ArmyUnit::new("Hans"),
                ArmyUnit::new("Lara"),
                ArmyUnit::new("Sturmpioniere"),
                ArmyUnit::new("Heavy Laser Grenadiers"),
                ArmyUnit::new("Heavy Flak Grenadiers"),
            ],
        ),
    }
}

/// The game setup of the shipped annihilation scenario with the core-box armies.
///
/// # Panics
/// Only if the shipped files are broken, which the test suite rules out.
pub fn default_setup() -> GameSetup {
    let s = load_builtin("annihilation").expect("the shipped annihilation scenario is checked by the tests");
    s.game_setup(&builtin_cards())
        .expect("the shipped annihilation scenario is checked by the tests")
}

// ----- custom battle ---------------------------------------------------------------------------

/// A custom battle on `base_map` ("Creating the Battlefield", "Placing Cover Elements"): each
/// side rolls three dice, the one with more hits (ties reroll) places a terrain square, then
/// the sides alternate until `terrain_squares` are placed; the same again for
/// `cover_elements`, placed in order, only in the map's cover zone (the central half of the
/// board when the map has none). The armies are the core box's ([`core_box_armies`]), the round
/// limit 8; change the fields to taste.
///
/// A pure function of its arguments: the roll-offs and every choice come from
/// `GameRng::new(seed)`. The placement policy picks uniformly among the legal spaces: a
/// terrain square goes on open ground that is not an entry square, an objective or inside a
/// structure, and never cuts the entry squares and objectives off from each other; a cover
/// element goes where [`Board::place_cover`] allows it, in the cover zone, off the entry
/// squares. See docs/rulings.md, "Custom battle placements".
pub fn custom_battle(seed: u64, base_map: &MapFile, terrain_squares: usize, cover_elements: &[CoverElement]) -> Scenario {
    let mut s = Scenario {
        file: "custom battle".to_string(),
        name: "Custom battle".to_string(),
        description: Some(format!(
            "A custom battle on \"{}\" (seed {seed}). The layout is made by the project's placement policy, not a printed scenario.",
            base_map.name
        )),
        edition: Edition::Revised,
        map: None,
        board: base_map.board.clone(),
        entry: base_map.entry.clone(),
        cover_zone: base_map.cover_zone.clone(),
        round_limit: 8,
        ap_limit: None,
        objectives: base_map
            .objectives
            .iter()
            .map(|o| ScenarioObjective {
                name: o.name.clone(),
                at: o.at,
                points: o.points.unwrap_or(0),
                wins: o.wins,
                wins_from: o.wins_from,
            })
            .collect(),
        armies: core_box_armies(),
        custom: None,
        bf_rules: ScenarioRules::default(),
    };
    s.apply_layout(seed, terrain_squares, cover_elements);
    s
}

/// Three dice each; more hits wins, ties reroll ("Creating the Battlefield").
fn roll_off(rng: &mut GameRng) -> Side {
    let roll = Roll::new(Die::REVISED, 3, Face::Hit);
    // A tie has probability about 0.3, so 64 ties in a row never happen in practice; the
    // bound only keeps the function total.
    for _ in 0..64 {
        let a = roll.sample(rng);
        let b = roll.sample(rng);
        if a != b {
            return if a > b { Side::A } else { Side::B };
        }
    }
    Side::A
}

/// The central half of the board (a quarter of the columns and rows off each edge).
pub fn central_area(board: &Board) -> Vec<Square> {
    let (w, h) = (board.width(), board.height());
    let (c0, r0) = (w / 4, h / 4);
    let (c1, r1) = (w - w / 4, h - h / 4);
    let mut out = Vec::new();
    for r in r0..r1.max(r0 + 1).min(h) {
        for c in c0..c1.max(c0 + 1).min(w) {
            out.push(Square::new(c, r));
        }
    }
    out
}

fn passable(b: &Board, s: Square) -> bool {
    !matches!(b.terrain(s), Terrain::NoDot | Terrain::Water)
}

/// Whether every listed space that units can stand on is reachable from every other one by
/// orthogonal steps over spaces with a dot that are not deep water, through no wall.
fn connected(b: &Board, must: &[Square]) -> bool {
    let targets: Vec<Square> = must.iter().copied().filter(|&s| passable(b, s)).collect();
    let Some(&start) = targets.first() else { return true };
    let mut seen = vec![false; b.len()];
    let mut queue = VecDeque::from([start]);
    seen[b.index(start)] = true;
    while let Some(s) = queue.pop_front() {
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let Some(n) = s.offset(dc, dr).filter(|&n| b.contains(n)) else {
                continue;
            };
            if seen[b.index(n)] || !passable(b, n) || b.edge(s, n) == Edge::Wall {
                continue;
            }
            seen[b.index(n)] = true;
            queue.push_back(n);
        }
    }
    targets.iter().all(|&s| seen[b.index(s)])
}

impl Scenario {
    /// Places terrain squares and cover elements by the custom-battle procedure (see
    /// [`custom_battle`]) and records how in [`Scenario::custom`].
    pub fn apply_layout(&mut self, seed: u64, terrain_squares: usize, cover_elements: &[CoverElement]) {
        let mut rng = GameRng::new(seed);
        let mut placements = Vec::new();
        let started: Vec<Square> = self
            .armies
            .a
            .units
            .iter()
            .chain(&self.armies.b.units)
            .filter_map(|u| u.at)
            .collect();
        let mut must: Vec<Square> = self.entry.a.iter().chain(&self.entry.b).copied().collect();
        must.extend(self.objectives.iter().map(|o| o.at));
        must.extend(&started);
        let reserved = |s: &Square| must.contains(s);

        let first_terrain = roll_off(&mut rng);
        let mut side = first_terrain;
        let mut candidates: Vec<Square> = self
            .board
            .squares()
            .filter(|&s| {
                self.board.terrain(s) == Terrain::Open
                    && self.board.cover(s).is_none()
                    && self.board.structure_at(s).is_none()
                    && !reserved(&s)
            })
            .collect();
        for _ in 0..terrain_squares {
            let mut placed = None;
            while !candidates.is_empty() {
                let s = candidates.swap_remove(rng.index(candidates.len()));
                self.board.set_terrain(s, Terrain::NoDot);
                if connected(&self.board, &must) {
                    placed = Some(s);
                    break;
                }
                self.board.set_terrain(s, Terrain::Open);
            }
            let Some(at) = placed else { break };
            placements.push(Placement {
                side,
                at,
                what: Placed::TerrainSquare,
            });
            side = side.other();
        }

        let first_cover = roll_off(&mut rng);
        let mut side = first_cover;
        let zone = if self.cover_zone.is_empty() {
            central_area(&self.board)
        } else {
            self.cover_zone.clone()
        };
        for &el in cover_elements {
            let legal: Vec<Square> = zone
                .iter()
                .copied()
                .filter(|s| !self.entry.a.contains(s) && !self.entry.b.contains(s) && !started.contains(s))
                .filter(|&s| self.board.clone().place_cover(s, el))
                .collect();
            if legal.is_empty() {
                continue;
            }
            let at = legal[rng.index(legal.len())];
            self.board.place_cover(at, el);
            placements.push(Placement {
                side,
                at,
                what: Placed::Cover(el),
            });
            side = side.other();
        }
        self.custom = Some(CustomLayout {
            seed,
            terrain_squares,
            cover_elements: cover_elements.to_vec(),
            first: (first_terrain, first_cover),
            placements,
        });
    }

    /// The same custom battle laid out with another seed: the placements of
    /// [`Scenario::custom`] are taken back and the procedure runs again. A scenario without a
    /// custom layout is returned unchanged.
    pub fn with_layout_seed(&self, seed: u64) -> Scenario {
        let mut s = self.clone();
        let Some(c) = s.custom.take() else { return s };
        for p in &c.placements {
            match p.what {
                // Terrain squares only go on open ground.
                Placed::TerrainSquare => s.board.set_terrain(p.at, Terrain::Open),
                Placed::Cover(_) => {
                    s.board.remove_cover(p.at);
                }
            }
        }
        s.apply_layout(seed, c.terrain_squares, &c.cover_elements);
        s
    }

    fn diag(&self, pos: Pos, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: self.file.clone(),
            line: pos.line,
            col: pos.col,
            message: message.into(),
        }
    }

    /// The army of `side` costs this many AP with `cards` (unknown names count 0).
    pub fn army_cost(&self, side: Side, cards: &[UnitCard]) -> u32 {
        self.armies[side]
            .units
            .iter()
            .filter_map(|u| find(cards, &u.name))
            .map(|c| u32::from(c.ap))
            .sum()
    }

    /// Checks the armies against `cards` (the shipped cards from
    /// [`crate::builtin::builtin_cards`], or a player's set from [`crate::builtin::load_cards`])
    /// and builds the engine's set-up: side A's units first, then side B's, in file order.
    ///
    /// # Errors
    /// Every problem, each at the line and column of the unit it is about: unknown unit names
    /// (with the closest card name), an army over the AP limit, a hero joining a squad against
    /// the rules ("Heroes": a hero of the same armor class, one hero per squad, the Jump and
    /// Blutkreuz restrictions, Command Squads only with a Commander), start spaces a unit
    /// cannot stand on.
    ///
    /// A battlefront scenario plays the shipped battlefront cards (`data/units/battlefront/`)
    /// with their exact values, mounts and kinds, and `cards` as classic cards for every other
    /// name ("Some classic cards…"; docs/rulings.md, "Battlefront classic cards and battlefront
    /// cards"); [`Scenario::game_setup_with_files`] takes the card files to use instead.
    pub fn game_setup(&self, cards: &[UnitCard]) -> Result<GameSetup, Vec<Diagnostic>> {
        match self.edition {
            Edition::Revised => self.setup_from(cards, &[]),
            Edition::Battlefront => {
                let bf: Vec<CardFile> = crate::builtin::builtin_card_files_for(Edition::Battlefront)
                    .into_iter()
                    .filter(|f| f.info.edition == Edition::Battlefront)
                    .collect();
                let mut merged: Vec<UnitCard> = cards
                    .iter()
                    .filter(|c| !bf.iter().any(|f| f.card.name.eq_ignore_ascii_case(&c.name)))
                    .cloned()
                    .collect();
                merged.extend(bf.iter().map(|f| f.card.clone()));
                self.setup_from(&merged, &battlefront_parts(&bf))
            }
        }
    }

    /// [`Scenario::game_setup`] with the card files of the edition
    /// ([`crate::builtin::load_card_files_for`]): a battlefront card file gives the engine its
    /// battlefront part (exact values, mounts, kinds).
    ///
    /// # Errors
    /// As [`Scenario::game_setup`].
    pub fn game_setup_with_files(&self, files: &[CardFile]) -> Result<GameSetup, Vec<Diagnostic>> {
        let cards: Vec<UnitCard> = files.iter().map(|f| f.card.clone()).collect();
        self.setup_from(&cards, &battlefront_parts(files))
    }

    /// [`Scenario::game_setup_with_files`] from the card files of both editions (the shipped
    /// ones merged with a user's folder, [`crate::builtin::load_all_card_files`]): the cards
    /// the scenario's edition plays ([`crate::builtin::cards_for`]), so that a battlefront card
    /// of the user's (a new one, or one replacing a shipped card) plays with its battlefront
    /// part (exact values, mounts, kinds) as a shipped one does.
    ///
    /// # Errors
    /// As [`Scenario::game_setup`].
    pub fn game_setup_for(&self, all: &[CardFile]) -> Result<GameSetup, Vec<Diagnostic>> {
        self.game_setup_with_files(&crate::builtin::cards_for(all.to_vec(), self.edition))
    }

    fn setup_from(&self, cards: &[UnitCard], parts: &[(String, Arc<BattlefrontCard>)]) -> Result<GameSetup, Vec<Diagnostic>> {
        let bf_part = |name: &str| {
            (self.edition == Edition::Battlefront)
                .then(|| parts.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, p)| p.clone()))
                .flatten()
        };
        let mut diags = Vec::new();
        let mut units: Vec<UnitSetup> = Vec::new();
        // Index in `units` of each army entry (None when its card is unknown).
        let mut index: BySide<Vec<Option<usize>>> = BySide::default();
        for side in Side::ALL {
            let army = &self.armies[side];
            if army.units.is_empty() {
                diags.push(self.diag(army.pos, format!("side {side} has no units: list at least one unit card name")));
            }
            for u in &army.units {
                match find(cards, &u.name) {
                    Some(card) => {
                        index[side].push(Some(units.len()));
                        units.push(UnitSetup {
                            card: Arc::new(card.clone()),
                            side,
                            joins: None,
                            at: u.at,
                            battlefront: bf_part(&card.name),
                        });
                    }
                    None => {
                        index[side].push(None);
                        let hint = closest(&u.name, cards.iter().map(|c| c.name.as_str()))
                            .map(|n| format!(" (did you mean \"{n}\"?)"))
                            .unwrap_or_default();
                        diags.push(self.diag(
                            u.name_pos,
                            format!("`{}` is not a unit card{hint}: `dust1947 cards list` shows the cards", u.name),
                        ));
                    }
                }
            }
            // "Heroes are unique individuals, so an army can never have two of the same Hero"
            // (tactics-battlefront-2013-rules.txt, "Heroes"; `army check`'s `unique-heroes`,
            // both editions).
            for (i, u) in army.units.iter().enumerate() {
                let Some(hi) = index[side][i] else { continue };
                let card = &units[hi].card;
                let twice = (0..i).any(|k| index[side][k].is_some_and(|o| units[o].card.name == card.name));
                if card.kind == UnitKind::Hero && twice {
                    diags.push(self.diag(
                        u.name_pos,
                        format!(
                            "{} is listed twice in the army of side {side}: an army can never have two of the same Hero (Heroes)",
                            card.name
                        ),
                    ));
                }
            }
            let cost = self.army_cost(side, cards);
            if let Some(limit) = self.ap_limit {
                if cost > limit {
                    diags.push(self.diag(
                        army.pos,
                        format!(
                            "the army of side {side} costs {cost} AP, over the scenario's limit of {limit} AP (AP Cost of Units): remove units or raise `ap_limit`"
                        ),
                    ));
                }
            }
        }
        for side in Side::ALL {
            let army = &self.armies[side];
            let mut joined_by: Vec<Option<usize>> = vec![None; army.units.len()];
            for (i, u) in army.units.iter().enumerate() {
                let Some(squad_name) = &u.joins else { continue };
                let Some(hi) = index[side][i] else { continue };
                let hero = &units[hi].card;
                let candidates: Vec<usize> = (0..army.units.len())
                    .filter(|&j| j != i && army.units[j].name.trim().eq_ignore_ascii_case(squad_name.trim()))
                    .collect();
                let Some(&j) = candidates.iter().find(|&&j| joined_by[j].is_none()).or(candidates.first()) else {
                    diags.push(self.diag(
                        u.joins_pos,
                        format!(
                            "{} joins `{squad_name}`, which is not in the army of side {side}: name a squad listed in the same army",
                            u.name
                        ),
                    ));
                    continue;
                };
                let Some(si) = index[side][j] else { continue };
                let squad = &units[si].card;
                let mut ok = true;
                let mut bad = |msg: String| {
                    diags.push(self.diag(u.joins_pos, msg));
                    ok = false;
                };
                if hero.kind != UnitKind::Hero {
                    bad(format!(
                        "{} is a {}, not a hero: only heroes join squads (Heroes)",
                        hero.name,
                        kind_name(hero.kind)
                    ));
                } else if squad.kind != UnitKind::Squad {
                    bad(format!(
                        "{} is a {}: heroes join only squads (Heroes)",
                        squad.name,
                        kind_name(squad.kind)
                    ));
                } else {
                    if hero.armor != squad.armor {
                        bad(format!(
                            "{} ({}) cannot join {} ({}): a hero joins only a squad of his armor class (Heroes)",
                            hero.name,
                            armor_text(hero),
                            squad.name,
                            armor_text(squad)
                        ));
                    }
                    for (gate, what) in [
                        (Skill::BlutkreuzApe, "Blutkreuz Ape"),
                        (Skill::BlutkreuzZombie, "Blutkreuz Zombie"),
                        (Skill::Jump, "Jump"),
                    ] {
                        if hero.has(gate) != squad.has(gate) {
                            bad(format!(
                                "{} and {}: only units with {what} join each other ({what})",
                                hero.name, squad.name
                            ));
                        }
                    }
                    if squad.has(Skill::CommandSquad) && !hero.has(Skill::Commander) {
                        bad(format!(
                            "{} cannot join the Command Squad {}: only heroes with the Commander skill do (Command Squad)",
                            hero.name, squad.name
                        ));
                    }
                    if army.units[j].joins.is_some() {
                        bad(format!(
                            "{} joins another unit itself: a hero joins a squad, not a hero",
                            squad.name
                        ));
                    }
                    if let Some(other) = joined_by[j] {
                        bad(format!(
                            "{} already has a hero ({}): there cannot be more than one hero joined to the same squad (Heroes)",
                            squad.name, army.units[other].name
                        ));
                    }
                    if u.at.is_some() {
                        diags.push(self.diag(
                            u.at_pos,
                            format!(
                                "{} joins {}: a joined hero stands with his squad, remove `at`",
                                hero.name, squad.name
                            ),
                        ));
                        ok = false;
                    }
                }
                if ok {
                    joined_by[j] = Some(i);
                    units[hi].joins = Some(si);
                }
            }
            // Battlefront "Piloting Vehicles": "Heroes with the Pilot or Vehicle Pilot skill
            // begin the game mounted in a Vehicle" (the engine's `joins` of a vehicle).
            let mut piloted_by: Vec<Option<usize>> = vec![None; army.units.len()];
            for (i, u) in army.units.iter().enumerate() {
                let Some(vehicle_name) = &u.pilots else { continue };
                let Some(hi) = index[side][i] else { continue };
                let mut bad = |msg: String| diags.push(self.diag(u.pilots_pos, msg));
                if self.edition != Edition::Battlefront {
                    bad(format!(
                        "{} pilots `{vehicle_name}`: heroes pilot vehicles in the battlefront edition only",
                        u.name
                    ));
                    continue;
                }
                if u.joins.is_some() {
                    bad(format!("{} both joins a squad and pilots a vehicle: choose one", u.name));
                    continue;
                }
                let candidates: Vec<usize> = (0..army.units.len())
                    .filter(|&j| j != i && army.units[j].name.trim().eq_ignore_ascii_case(vehicle_name.trim()))
                    .collect();
                let Some(&j) = candidates.iter().find(|&&j| piloted_by[j].is_none()).or(candidates.first()) else {
                    bad(format!(
                        "{} pilots `{vehicle_name}`, which is not in the army of side {side}: list the vehicle in the same army",
                        u.name
                    ));
                    continue;
                };
                let Some(vi) = index[side][j] else { continue };
                let pilot = units[hi].battlefront.as_ref().is_some_and(|b| {
                    b.has(dust_core::unit::BattlefrontSkill::Pilot) || b.has(dust_core::unit::BattlefrontSkill::VehiclePilot)
                });
                if units[hi].card.kind != UnitKind::Hero || !pilot {
                    bad(format!(
                        "{} has no Pilot skill: only a hero with Pilot or Vehicle Pilot pilots a vehicle",
                        u.name
                    ));
                } else if !matches!(units[vi].card.kind, UnitKind::Vehicle | UnitKind::Aircraft) {
                    bad(format!(
                        "{} is a {}: a pilot mounts a vehicle or an aircraft",
                        army.units[j].name,
                        kind_name(units[vi].card.kind)
                    ));
                } else if let Some(other) = piloted_by[j] {
                    bad(format!(
                        "{} already has a pilot ({}): only one hero may pilot a vehicle at a time",
                        army.units[j].name, army.units[other].name
                    ));
                } else if u.at.is_some() {
                    bad(format!(
                        "{} pilots {}: a mounted pilot stands in his vehicle, remove `at`",
                        u.name, army.units[j].name
                    ));
                } else {
                    piloted_by[j] = Some(i);
                    units[hi].joins = Some(vi);
                }
            }
        }
        // Start spaces: what the card kind allows (the map checks the terrain alone).
        let mut placed: Vec<(Square, PieceKind, Side)> = Vec::new();
        for side in Side::ALL {
            for (i, u) in self.armies[side].units.iter().enumerate() {
                let (Some(at), Some(ui)) = (u.at, index[side][i]) else { continue };
                if units[ui].joins.is_some() {
                    continue;
                }
                let card = &units[ui].card;
                let kind = card.kind.piece();
                if kind == PieceKind::Vehicle
                    && (matches!(self.board.terrain(at), Terrain::Rubble | Terrain::Swamp)
                        || self.board.cover(at) == Some(CoverElement::AntiTankTrap))
                {
                    diags.push(self.diag(
                        u.at_pos,
                        format!(
                            "{} is a vehicle and cannot stand on {at}: rubble and anti-tank traps block vehicles (and swamp squares)",
                            card.name
                        ),
                    ));
                }
                for &(s, k, sd) in &placed {
                    if s != at {
                        continue;
                    }
                    if sd != side {
                        diags.push(self.diag(
                            u.at_pos,
                            format!("{at} already holds a unit of the other side: enemy units never share a space"),
                        ));
                    } else if k != PieceKind::Hero && kind != PieceKind::Hero {
                        diags.push(self.diag(
                            u.at_pos,
                            format!(
                                "{at} already holds a friendly {}: only heroes share a space with a friendly unit (Heroes)",
                                k.name()
                            ),
                        ));
                    }
                }
                placed.push((at, kind, side));
            }
        }
        if !diags.is_empty() {
            diags.sort_by_key(|d| (d.line, d.col));
            diags.dedup();
            return Err(diags);
        }
        let setup = GameSetup {
            board: self.board.clone(),
            entry: self.entry.clone(),
            round_limit: self.round_limit,
            edition: self.edition,
            classic_dice: false,
            bf_rules: self.bf_rules.clone(),
            units,
            objectives: self.objectives.clone(),
        };
        // The engine has the last word; whatever it refuses is reported at the armies.
        if let Err(e) = Game::new(setup.clone()) {
            let pos = self.armies.a.pos;
            return Err(e
                .0
                .into_iter()
                .map(|m| self.diag(pos, format!("the engine refuses the armies: {m}")))
                .collect());
        }
        Ok(setup)
    }

    /// The scenario as a file that [`parse_scenario`] reads back to the same board, entry
    /// squares, cover zone, objectives, limits and armies, with the map inline (a custom
    /// battle's layout is written out, so the file no longer depends on the seed).
    pub fn to_toml(&self) -> String {
        let mut map = MapFile {
            name: self.name.clone(),
            description: self.description.clone(),
            board: self.board.clone(),
            pieces: Vec::new(),
            entry: self.entry.clone(),
            cover_zone: self.cover_zone.clone(),
            objectives: self
                .objectives
                .iter()
                .map(|o| crate::map::Objective {
                    at: o.at,
                    name: o.name.clone(),
                    points: Some(o.points),
                    wins: o.wins,
                    wins_from: o.wins_from,
                })
                .collect(),
        };
        if let Some(c) = &self.custom {
            let mut d = map.description.take().unwrap_or_default();
            if !d.is_empty() {
                d.push(' ');
            }
            let _ = write!(
                d,
                "Layout of a custom battle: seed {}, {} terrain squares, {} cover elements.",
                c.seed,
                c.terrain_squares,
                c.cover_elements.len()
            );
            map.description = Some(d);
        }
        let mut o = String::from("# A Dust 1947 scenario (docs/scenario-format.md).\n");
        let _ = writeln!(o, "edition = \"{}\"", self.edition);
        let _ = writeln!(o, "rounds = {}", self.round_limit);
        if let Some(l) = self.ap_limit {
            let _ = writeln!(o, "ap_limit = {l}");
        }
        if !self.bf_rules.name.is_empty() {
            let _ = writeln!(o, "rules = \"{}\"", self.bf_rules.name);
        }
        o.push_str(&map.to_toml());
        for side in Side::ALL {
            let army = &self.armies[side];
            let _ = writeln!(o, "\n[army.{}]", side.to_string().to_ascii_lowercase());
            if let Some(n) = &army.name {
                let _ = writeln!(o, "name = {}", toml_string(n));
            }
            o.push_str("units = [\n");
            for u in &army.units {
                if u.joins.is_none() && u.at.is_none() && u.pilots.is_none() {
                    let _ = writeln!(o, "  {},", toml_string(&u.name));
                    continue;
                }
                let mut parts = vec![format!("name = {}", toml_string(&u.name))];
                if let Some(j) = &u.joins {
                    parts.push(format!("joins = {}", toml_string(j)));
                }
                if let Some(p) = &u.pilots {
                    parts.push(format!("pilots = {}", toml_string(p)));
                }
                if let Some(a) = u.at {
                    parts.push(format!("at = \"{a}\""));
                }
                let _ = writeln!(o, "  {{ {} }},", parts.join(", "));
            }
            o.push_str("]\n");
        }
        o
    }
}

fn kind_name(k: UnitKind) -> &'static str {
    crate::card::unit_kind_name(k)
}

fn armor_text(c: &UnitCard) -> String {
    let t = match c.armor.kind {
        dust_core::ArmorType::Soldier => "soldier",
        dust_core::ArmorType::Vehicle => "vehicle",
        dust_core::ArmorType::Aircraft => "aircraft",
    };
    format!("{t} {}", c.armor.class)
}

fn find<'a>(cards: &'a [UnitCard], name: &str) -> Option<&'a UnitCard> {
    cards.iter().find(|c| c.name.eq_ignore_ascii_case(name.trim()))
}

// ----- parsing ---------------------------------------------------------------------------------

/// Keys of the map format, read by [`parse_map`].
const MAP_KEYS: &[&str] = &[
    "name",
    "description",
    "grid",
    "structure",
    "cover",
    "entry",
    "cover_zone",
    "objective",
];
/// Keys only scenarios have.
const SCENARIO_KEYS: &[&str] = &["edition", "map", "rounds", "ap_limit", "custom", "army", "rules"];
const CUSTOM_KEYS: &[&str] = &["seed", "terrain_squares", "ammo_crates", "anti_tank_traps"];
const ARMY_KEYS: &[&str] = &["a", "b"];
const SIDE_KEYS: &[&str] = &["name", "units"];
const UNIT_KEYS: &[&str] = &["name", "joins", "at", "pilots"];

/// A scenario file being read: the shared reader, with the scenario's own checks.
struct Ctx<'a> {
    rd: TomlReader<'a>,
}

crate::diag::reads_through!(Ctx);

impl Ctx<'_> {
    fn pos(&self, span: &Span) -> Pos {
        let (line, col) = self.ix.line_col(span.start);
        Pos { line, col }
    }
    fn key_span(t: &dyn TableLike, key: &str, fallback: &Span) -> Span {
        TomlReader::key_span(t, key, fallback)
    }
    /// An integer in `range` under `key`.
    fn int(&mut self, t: &dyn TableLike, key: &str, what: &str, range: core::ops::RangeInclusive<i64>, fallback: &Span) -> Option<i64> {
        let item = t.get(key)?;
        let span = item.span().unwrap_or_else(|| Self::key_span(t, key, fallback));
        match item.as_integer() {
            Some(n) if range.contains(&n) => Some(n),
            Some(n) => {
                self.err(
                    &span,
                    format!(
                        "`{key}` of {what} is {n}: write a whole number from {} to {}",
                        range.start(),
                        range.end()
                    ),
                );
                None
            }
            None => {
                self.err(
                    &span,
                    format!(
                        "`{key}` of {what} must be a whole number from {} to {}, not {}",
                        range.start(),
                        range.end(),
                        describe(item)
                    ),
                );
                None
            }
        }
    }
    fn string(&mut self, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<(String, Span)> {
        let item = t.get(key)?;
        let span = item.span().unwrap_or_else(|| Self::key_span(t, key, fallback));
        match item.as_str() {
            Some(s) => Some((s.to_string(), span)),
            None => {
                self.err(
                    &span,
                    format!("`{key}` of {what} must be a string (text in quotes), not {}", describe(item)),
                );
                None
            }
        }
    }
}

/// Byte ranges of every line touched by `item` (headers, keys and values), so that blanking
/// them removes the item from the document.
fn item_spans(item: &Item, key: Option<Span>, out: &mut Vec<Span>) {
    match item {
        Item::Value(v) => {
            let vs = v.span();
            match (key, vs) {
                (Some(k), Some(v)) => out.push(k.start.min(v.start)..k.end.max(v.end)),
                (Some(k), None) => out.push(k),
                (None, Some(v)) => out.push(v),
                (None, None) => {}
            }
        }
        Item::Table(t) => {
            if let Some(s) = t.span() {
                out.push(s);
            }
            if let Some(k) = key {
                if t.is_dotted() {
                    out.push(k);
                }
            }
            for (k, child) in t.iter() {
                item_spans(child, t.key(k).and_then(|k| k.span()), out);
            }
        }
        Item::ArrayOfTables(a) => {
            for t in a.iter() {
                if let Some(s) = t.span() {
                    out.push(s);
                }
                for (k, child) in t.iter() {
                    item_spans(child, t.key(k).and_then(|k| k.span()), out);
                }
            }
        }
        Item::None => {}
    }
}

/// `text` with the lines of `spans` blanked (every byte but line ends becomes a space), so
/// that byte offsets, lines and the columns of every other line stay the same.
fn blank_lines(text: &str, spans: &[Span]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for s in spans {
        let start = text[..s.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
        let end_at = s.end.max(s.start + 1).min(text.len());
        let end = text[end_at.saturating_sub(1)..]
            .find('\n')
            .map_or(text.len(), |i| end_at.saturating_sub(1) + i);
        for b in &mut bytes[start..end] {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
    }
    // Only ASCII spaces replaced whole lines (complete characters), so this is valid UTF-8.
    String::from_utf8(bytes).unwrap_or_default()
}

/// Reads a scenario file. `file_name` is only used in the diagnostics. The armies are checked
/// against the unit cards by [`Scenario::game_setup`].
///
/// # Errors
/// Every problem found, in file order, each pointing at the line and column of the value it
/// is about.
pub fn parse_scenario(text: &str, file_name: &str) -> Result<Scenario, Vec<Diagnostic>> {
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
    let root = doc.as_table();
    let rt: &dyn TableLike = root;
    let top = 0..0;
    let mut valid: Vec<&str> = MAP_KEYS.to_vec();
    valid.extend(SCENARIO_KEYS);
    // Keys parse_map must not see: the scenario's own, unknown ones (reported here) and pieces.
    let mut hidden: Vec<Span> = Vec::new();
    for (k, item) in root.iter() {
        if MAP_KEYS.contains(&k) {
            continue;
        }
        let ks = Ctx::key_span(rt, k, &top);
        if k == "piece" {
            cx.err(
                &ks,
                "a scenario has no [[piece]]: list the units under [army.a] and [army.b], with `at` for a unit that starts on the board",
            );
        } else if !SCENARIO_KEYS.contains(&k) {
            cx.unknown_key(&ks, k, "the scenario", &valid);
        }
        item_spans(item, Some(ks), &mut hidden);
    }

    let edition = match cx.string(rt, "edition", "the scenario", &top) {
        None => Some(Edition::Revised),
        Some((s, span)) => match Edition::from_name(&s) {
            Some(e) => Some(e),
            None => {
                cx.err(&span, format!("`{s}` is not an edition: write \"revised\" or \"battlefront\""));
                None
            }
        },
    };
    let round_limit = match root.get("rounds") {
        Some(_) => cx.int(rt, "rounds", "the scenario", 1..=99, &top).map(|n| n as u8),
        None => {
            cx.err(
                &top,
                "the scenario needs `rounds`: the round limit, like `rounds = 8` (End of the Game)",
            );
            None
        }
    };
    let ap_limit = cx.int(rt, "ap_limit", "the scenario", 1..=100_000, &top).map(|n| n as u32);
    // Battlefront: the rules of one of the book's five scenarios.
    let bf_rules = match cx.string(rt, "rules", "the scenario", &top) {
        None => ScenarioRules::default(),
        Some((s, span)) => match ScenarioRules::preset(&s) {
            Some(r) if edition == Some(Edition::Battlefront) => r,
            Some(_) => {
                cx.err(
                    &span,
                    "`rules` names a scenario of the battlefront edition: add `edition = \"battlefront\"`",
                );
                ScenarioRules::default()
            }
            None => {
                cx.err(
                    &span,
                    format!(
                        "`{s}` is not a battlefront scenario: write one of {}",
                        ScenarioRules::PRESETS.join(", ")
                    ),
                );
                ScenarioRules::default()
            }
        },
    };

    // The battlefield: a shipped map or an inline one.
    let mut map_text = blank_lines(text, &hidden);
    let mut shipped: Option<(String, MapFile)> = None;
    let mut map_ok = true;
    if let Some((name, span)) = cx.string(rt, "map", "the scenario", &top) {
        for k in ["grid", "structure", "cover"] {
            if root.contains_key(k) {
                let ks = Ctx::key_span(rt, k, &top);
                cx.err(
                    &ks,
                    format!("`{k}` belongs to an inline map, but the scenario uses the shipped map `{name}`: give either `map` or an inline map"),
                );
                map_ok = false;
            }
        }
        match builtin_map(&name) {
            Ok(m) => shipped = Some((normalize(&name), m)),
            Err(_) => {
                let names: Vec<&str> = SHIPPED_MAPS.iter().map(|(k, _)| *k).collect();
                let hint = closest(&name, names.iter().copied())
                    .map(|k| format!(" (did you mean `{k}`?)"))
                    .unwrap_or_default();
                cx.err(
                    &span,
                    format!(
                        "`{name}` is not a shipped map{hint}: the shipped maps are {}; or give an inline map with `grid`",
                        names.join(", ")
                    ),
                );
                map_ok = false;
            }
        }
        if let (Some((_, m)), true) = (&shipped, map_ok) {
            // Put the shipped map's grid where `map = ...` was, on one line, and its
            // structures and cover elements after the end, so that parse_map checks the
            // scenario's entry squares, cover zone and objectives against it while every
            // line and column of the scenario stays where it is.
            let ks = Ctx::key_span(rt, "map", &top);
            let start = text[..ks.start].rfind('\n').map_or(0, |i| i + 1);
            let end = text[span.end.min(text.len())..].find('\n').map_or(text.len(), |i| span.end + i);
            let newlines = text[start..end].matches('\n').count();
            let grid = format!("grid = {}{}", toml_string(&m.grid_text()), "\n".repeat(newlines));
            map_text.replace_range(start..end, &grid);
            let tables = MapFile {
                name: String::new(),
                description: None,
                pieces: Vec::new(),
                entry: BySide::default(),
                cover_zone: Vec::new(),
                objectives: Vec::new(),
                board: m.board.clone(),
            }
            .to_toml();
            if let Some(i) = tables.find("\n[") {
                if !map_text.ends_with('\n') {
                    map_text.push('\n');
                }
                map_text.push_str(&tables[i + 1..]);
            }
        }
    } else if !root.contains_key("grid") {
        cx.err(
            &top,
            format!(
                "the scenario needs a battlefield: `map = \"NAME\"` of a shipped map ({}) or an inline map with `grid`",
                SHIPPED_MAPS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            ),
        );
        map_ok = false;
    }
    let map = if map_ok {
        match parse_map(&map_text, file_name) {
            Ok(m) => Some(m),
            Err(ds) => {
                cx.diags.extend(ds);
                None
            }
        }
    } else {
        None
    };

    let custom = root.get("custom").and_then(|item| {
        let ks = Ctx::key_span(rt, "custom", &top);
        let Some(t) = item.as_table_like() else {
            cx.err(
                &ks,
                format!("`custom` must be a table ([custom] with `seed`…), not {}", describe(item)),
            );
            return None;
        };
        let what = "[custom]";
        cx.check_keys(t, what, CUSTOM_KEYS, &ks);
        let seed = match t.get("seed") {
            None => {
                cx.err(
                    &ks,
                    "[custom] needs `seed`: a whole number that decides the roll-offs and placements",
                );
                None
            }
            Some(_) => cx.int(t, "seed", what, 0..=i64::MAX, &ks).map(|n| n as u64),
        };
        let n = cx.int(t, "terrain_squares", what, 0..=200, &ks).unwrap_or(0) as usize;
        let crates = cx.int(t, "ammo_crates", what, 0..=50, &ks).unwrap_or(0) as usize;
        let traps = cx.int(t, "anti_tank_traps", what, 0..=50, &ks).unwrap_or(0) as usize;
        // Placed in this order: the crates, then the traps (as CORE_BOX_COVER).
        let mut els = vec![CoverElement::AmmoCrate; crates];
        els.extend(vec![CoverElement::AntiTankTrap; traps]);
        Some((seed?, n, els))
    });

    let board_size = map.as_ref().map(|m| (m.board.width(), m.board.height()));
    let armies = read_armies(&mut cx, root, board_size);

    let (Some(mut map), Some(edition), Some(round_limit), Some(armies)) = (map, edition, round_limit, armies) else {
        return Err(finish(cx.rd.diags, file_name));
    };
    if !cx.diags.is_empty() {
        return Err(finish(cx.rd.diags, file_name));
    }
    if let Some((_, m)) = &shipped {
        if !root.contains_key("entry") {
            map.entry = m.entry.clone();
        }
        if !root.contains_key("cover_zone") {
            map.cover_zone = m.cover_zone.clone();
        }
        if !root.contains_key("objective") {
            map.objectives = m.objectives.clone();
        }
    }
    // Units stand where units may stand, and units that enter need entry squares.
    for side in Side::ALL {
        for u in &armies[side].units {
            if let Some(at) = u.at {
                if !passable(&map.board, at) {
                    cx.diags.push(Diagnostic {
                        file: file_name.to_string(),
                        line: u.at_pos.line,
                        col: u.at_pos.col,
                        message: format!(
                            "{} cannot start on {at}: it is {} (Terrain Types)",
                            u.name,
                            map.board.terrain(at).name()
                        ),
                    });
                }
            }
        }
        if map.entry[side].is_empty() && armies[side].units.iter().any(|u| u.at.is_none() && u.joins.is_none()) {
            let p = armies[side].pos;
            cx.diags.push(Diagnostic {
                file: file_name.to_string(),
                line: p.line,
                col: p.col,
                message: format!(
                    "side {side} has units that enter the board but no entry squares: add `{}` to [entry]",
                    side.to_string().to_ascii_lowercase()
                ),
            });
        }
    }
    if !cx.diags.is_empty() {
        return Err(finish(cx.rd.diags, file_name));
    }
    let mut s = Scenario {
        file: file_name.to_string(),
        name: map.name,
        description: map.description,
        edition,
        map: shipped.map(|(n, _)| n),
        board: map.board,
        entry: map.entry,
        cover_zone: map.cover_zone,
        round_limit,
        ap_limit,
        objectives: map
            .objectives
            .into_iter()
            .map(|o| ScenarioObjective {
                name: o.name,
                at: o.at,
                points: o.points.unwrap_or(0),
                wins: o.wins,
                wins_from: o.wins_from,
            })
            .collect(),
        armies,
        custom: None,
        bf_rules,
    };
    if let Some((seed, n, els)) = custom {
        s.apply_layout(seed, n, &els);
    }
    Ok(s)
}

fn finish(mut diags: Vec<Diagnostic>, file: &str) -> Vec<Diagnostic> {
    if diags.is_empty() {
        diags.push(Diagnostic {
            file: file.to_string(),
            line: 1,
            col: 1,
            message: "the scenario could not be read".to_string(),
        });
    }
    diags.sort_by_key(|d| (d.line, d.col));
    diags.dedup();
    diags
}

fn read_armies(cx: &mut Ctx<'_>, root: &toml_edit::Table, board: Option<(u8, u8)>) -> Option<BySide<Army>> {
    let top = 0..0;
    let rt: &dyn TableLike = root;
    let Some(item) = root.get("army") else {
        cx.err(
            &top,
            "the scenario needs its armies: an [army.a] and an [army.b] table, each with `units = [\"Unit name\", …]`",
        );
        return None;
    };
    let ks = Ctx::key_span(rt, "army", &top);
    let Some(t) = item.as_table_like() else {
        cx.err(
            &ks,
            format!("`army` must be a table ([army.a] and [army.b]), not {}", describe(item)),
        );
        return None;
    };
    cx.check_keys(t, "[army]", ARMY_KEYS, &ks);
    let mut armies: BySide<Army> = BySide::default();
    let mut ok = true;
    for side in Side::ALL {
        let key = if side == Side::A { "a" } else { "b" };
        let Some(item) = t.get(key) else {
            cx.err(&ks, format!("the scenario needs [army.{key}]: the units of side {side}"));
            ok = false;
            continue;
        };
        let ss = item.span().unwrap_or_else(|| Ctx::key_span(t, key, &ks));
        let Some(at) = item.as_table_like() else {
            cx.err(
                &ss,
                format!("`army.{key}` must be a table with `units = [...]`, not {}", describe(item)),
            );
            ok = false;
            continue;
        };
        let what = format!("[army.{key}]");
        cx.check_keys(at, &what, SIDE_KEYS, &ss);
        let army = &mut armies[side];
        army.name = cx.string(at, "name", &what, &ss).map(|(s, _)| s);
        let Some(units) = at.get("units") else {
            cx.err(
                &ss,
                format!("{what} needs `units`: a list of unit card names, like [\"Hell Boys\", \"Blackhawk\"]"),
            );
            ok = false;
            continue;
        };
        let us = units.span().unwrap_or_else(|| Ctx::key_span(at, "units", &ss));
        army.pos = cx.pos(&Ctx::key_span(at, "units", &us));
        let Some(arr) = units.as_array() else {
            cx.err(
                &us,
                format!("`units` of {what} must be a list of unit card names, not {}", describe(units)),
            );
            ok = false;
            continue;
        };
        for v in arr.iter() {
            let vs = v.span().unwrap_or_else(|| us.clone());
            if let Some(name) = v.as_str() {
                let mut u = ArmyUnit::new(name);
                u.name_pos = cx.pos(&vs);
                if name.trim().is_empty() {
                    cx.err(&vs, "an empty unit name: write the name of a unit card");
                    ok = false;
                }
                army.units.push(u);
                continue;
            }
            let Some(it) = v.as_inline_table() else {
                cx.err(
                    &vs,
                    format!(
                        "each unit of {what} is a card name or a table like {{ name = \"Rhino\", joins = \"The Hammers\" }}, not {}",
                        describe_value(v)
                    ),
                );
                ok = false;
                continue;
            };
            let uw = format!("a unit of {what}");
            cx.check_keys(it, &uw, UNIT_KEYS, &vs);
            let Some((name, ns)) = cx.string(it, "name", &uw, &vs) else {
                if !it.contains_key("name") {
                    cx.err(&vs, format!("{uw} needs `name`: the unit card's name"));
                }
                ok = false;
                continue;
            };
            let mut u = ArmyUnit::new(&name);
            u.name_pos = cx.pos(&ns);
            if let Some((j, js)) = cx.string(it, "joins", &uw, &vs) {
                u.joins = Some(j);
                u.joins_pos = cx.pos(&js);
            }
            if let Some((p, ps)) = cx.string(it, "pilots", &uw, &vs) {
                u.pilots = Some(p);
                u.pilots_pos = cx.pos(&ps);
            }
            if let Some((a, asp)) = cx.string(it, "at", &uw, &vs) {
                u.at_pos = cx.pos(&asp);
                match a.parse::<Square>() {
                    Ok(sq) => match board {
                        Some((w, h)) if sq.col() >= w || sq.row() >= h => {
                            cx.err(
                                &asp,
                                format!(
                                    "{sq} is off the board, which has columns A-{} and rows 1-{h}",
                                    char::from(b'A' + w - 1)
                                ),
                            );
                            ok = false;
                        }
                        _ => u.at = Some(sq),
                    },
                    Err(e) => {
                        cx.err(&asp, format!("`at` of {uw}: {e}"));
                        ok = false;
                    }
                }
            }
            army.units.push(u);
        }
        // Structural checks of `joins` that need no cards.
        let names: Vec<String> = army.units.iter().map(|u| u.name.trim().to_ascii_lowercase()).collect();
        for (i, u) in army.units.iter().enumerate() {
            let Some(j) = &u.joins else { continue };
            let jl = j.trim().to_ascii_lowercase();
            let others: Vec<usize> = (0..names.len()).filter(|&k| k != i && names[k] == jl).collect();
            if others.is_empty() {
                let hint = closest(j, army.units.iter().map(|u| u.name.as_str()))
                    .filter(|h| !h.eq_ignore_ascii_case(&u.name))
                    .map(|h| format!(" (did you mean \"{h}\"?)"))
                    .unwrap_or_default();
                let file = cx.file.to_string();
                cx.diags.push(Diagnostic {
                    file,
                    line: u.joins_pos.line,
                    col: u.joins_pos.col,
                    message: format!(
                        "{} joins \"{j}\", which is not in the army of side {side}{hint}: list the squad in the same army",
                        u.name
                    ),
                });
                ok = false;
            }
        }
    }
    ok.then_some(armies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanking_keeps_lines() {
        let t = "a = 1\nb = [\n 2,\n]\nc = 3\n";
        let span = 6..16;
        let out = blank_lines(t, std::slice::from_ref(&span));
        assert_eq!(out.len(), t.len());
        assert_eq!(out.lines().count(), t.lines().count());
        assert!(out.starts_with("a = 1\n"));
        assert!(out.ends_with("\nc = 3\n"));
        assert!(!out.contains('b'));
    }

    #[test]
    fn central_area_is_the_middle() {
        let b = Board::new(dust_core::BoardSetup {
            width: 16,
            height: 24,
            terrain: vec![Terrain::Open; 16 * 24],
            cover: Vec::new(),
            structures: Vec::new(),
        })
        .unwrap();
        let a = central_area(&b);
        assert_eq!(a.first().copied(), Some(Square::new(4, 6)));
        assert_eq!(a.last().copied(), Some(Square::new(11, 17)));
        assert_eq!(a.len(), 8 * 12);
    }
}
