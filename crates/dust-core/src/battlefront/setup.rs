//! The players' set-up of a battlefront game, before the first turn
//! (tactics-battlefront-2013-rules.txt, "Playing a Game", "Setting the Terrain", and the
//! scenarios' "Game Board" and "Objectives"): a phase of explicit decisions with the same style
//! as the game (one place decides legality: [`SetupPhase::legal_decisions`] and
//! [`SetupPhase::apply`]; typed errors; a text form for every decision; dice from a seed; no
//! I/O). It ends with the [`GameSetup`] the game starts from ([`SetupPhase::game_setup`]).
//!
//! The order, as the book gives it:
//!
//! 1. "Each player chooses a board and places it either way up": side A lays the south board
//!    (rows 1 to half the height), side B the north board, each `board open` or `board ruins`
//!    (the two faces, docs/rulings.md "Battlefront set-up by the players").
//! 2. "The players then roll for initiative (see page 18)": as at the start of a turn, three
//!    dice each (four with a Black Ops hero), army symbols, then targets, then rolled again
//!    (seeded).
//! 3. "The player who wins initiative chooses which side of the board they will start on":
//!    `start south` or `start north`; the other player takes the other half, and each side
//!    enters by the scenario's entry squares of its half.
//! 4. "Starting with the player with the initiative, the players take turns placing a terrain
//!    item on the board … until they have each placed two terrain tiles of their choice and an
//!    anti-tank trap. Terrain items cannot be placed to block openings into buildings":
//!    `place wood G20 e`, `place trap F9`.
//! 5. Where the scenario says so (Bait and Flank, Supply Drop, All-Out Attack), "the players
//!    place one objective each in the same order as they placed terrain … in the player's own
//!    half of the table, but not within two squares of a table edge, nor in impassable
//!    terrain": `objective F8`. Grab the Dust's objectives stand in the centre squares before
//!    the terrain, and no impassable terrain may be placed on them.

use crate::board::{Board, Dir, Edge};
use crate::game::{GameSetup, ObjectiveSetup};
use crate::rng::GameRng;
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::terrain::{CoverElement, Terrain};
use crate::unit::{Skill, UnitKind};
use crate::Symbols;
use std::fmt;
use std::str::FromStr;

/// The two faces of a player's board ("places it either way up").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardFace {
    /// Open ground.
    Open,
    /// With the ruined structure printed on the scenario map's board (its squares without a
    /// dot, turned to the board's half).
    Ruins,
}

impl BoardFace {
    /// Both faces.
    pub const ALL: [BoardFace; 2] = [BoardFace::Open, BoardFace::Ruins];
    /// The name in decisions.
    pub const fn name(self) -> &'static str {
        match self {
            BoardFace::Open => "open",
            BoardFace::Ruins => "ruins",
        }
    }
}

/// A half of the table: the south board (rows 1 to half the height) or the north board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// Rows 1 to half the height: the south board, laid by side A.
    South,
    /// The other rows: the north board, laid by side B.
    North,
}

impl Half {
    /// The other half.
    pub const fn other(self) -> Half {
        match self {
            Half::South => Half::North,
            Half::North => Half::South,
        }
    }
    /// The name in decisions.
    pub const fn name(self) -> &'static str {
        match self {
            Half::South => "south",
            Half::North => "north",
        }
    }
}

/// A terrain item: the project's three kinds of terrain tile (those of the shipped map) and
/// the anti-tank trap ("Dust Tactics Starter Sets": "3x Terrain tiles, 1x Tank-trap").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TerrainItem {
    /// Three tree squares in an L.
    Wood,
    /// Two deep-water squares and a swamp square in a row.
    Pond,
    /// Two rubble squares in a row.
    Rubble,
    /// An anti-tank trap on one square.
    Trap,
}

impl TerrainItem {
    /// Every item, the tiles first.
    pub const ALL: [TerrainItem; 4] = [TerrainItem::Wood, TerrainItem::Pond, TerrainItem::Rubble, TerrainItem::Trap];
    /// The name in decisions.
    pub const fn name(self) -> &'static str {
        match self {
            TerrainItem::Wood => "wood",
            TerrainItem::Pond => "pond",
            TerrainItem::Rubble => "rubble",
            TerrainItem::Trap => "trap",
        }
    }
    /// A tile (not the trap).
    pub const fn is_tile(self) -> bool {
        !matches!(self, TerrainItem::Trap)
    }
    /// The item's squares facing north, as offsets (column, row) from its anchor, with their
    /// terrain (`None`: the anti-tank trap, a cover element on open ground).
    fn shape(self) -> &'static [((i32, i32), Option<Terrain>)] {
        match self {
            TerrainItem::Wood => &[
                ((0, 0), Some(Terrain::Trees)),
                ((0, 1), Some(Terrain::Trees)),
                ((1, 1), Some(Terrain::Trees)),
            ],
            TerrainItem::Pond => &[
                ((0, 0), Some(Terrain::Water)),
                ((1, 0), Some(Terrain::Water)),
                ((2, 0), Some(Terrain::Swamp)),
            ],
            TerrainItem::Rubble => &[((0, 0), Some(Terrain::Rubble)), ((1, 0), Some(Terrain::Rubble))],
            TerrainItem::Trap => &[((0, 0), None)],
        }
    }
    /// The squares an item covers from `at` turned to `facing`, with their terrain; `None`
    /// when a square falls off the board.
    pub fn squares(self, at: Square, facing: Dir, board: &Board) -> Option<Vec<(Square, Option<Terrain>)>> {
        let mut out = Vec::new();
        for &((dc, dr), t) in self.shape() {
            let (c, r) = match facing {
                Dir::East => (dr, -dc),
                Dir::South => (-dc, -dr),
                Dir::West => (-dr, dc),
                _ => (dc, dr),
            };
            let s = at.offset(c, r).filter(|&s| board.contains(s))?;
            out.push((s, t));
        }
        Some(out)
    }
}

/// The facings of a tile: turned a quarter at a time.
pub const FACINGS: [Dir; 4] = Dir::ALL;

/// One decision of the set-up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetupDecision {
    /// Lay one's board with this face up (`board open`, `board ruins`).
    Board(BoardFace),
    /// The initiative winner starts on this half (`start south`, `start north`).
    Start(Half),
    /// Place a terrain item with its anchor on `at`, turned to `facing` (`place wood G20 e`;
    /// the trap has no facing: `place trap F9`).
    Place {
        /// Which item.
        item: TerrainItem,
        /// Its anchor square.
        at: Square,
        /// Its facing (`N` for the trap).
        facing: Dir,
    },
    /// Place one's objective here (`objective F8`).
    Objective(Square),
}

fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::East => "e",
        Dir::South => "s",
        Dir::West => "w",
        _ => "n",
    }
}

impl fmt::Display for SetupDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupDecision::Board(face) => write!(f, "board {}", face.name()),
            SetupDecision::Start(h) => write!(f, "start {}", h.name()),
            SetupDecision::Place {
                item: TerrainItem::Trap,
                at,
                ..
            } => write!(f, "place trap {at}"),
            SetupDecision::Place { item, at, facing } => write!(f, "place {} {at} {}", item.name(), dir_name(*facing)),
            SetupDecision::Objective(at) => write!(f, "objective {at}"),
        }
    }
}

/// A set-up decision's text that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSetupDecisionError(pub String);

impl fmt::Display for ParseSetupDecisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a set-up decision: write `board open|ruins`, `start south|north`, `place wood|pond|rubble SQUARE n|e|s|w`, `place trap SQUARE` or `objective SQUARE`",
            self.0
        )
    }
}

impl std::error::Error for ParseSetupDecisionError {}

impl FromStr for SetupDecision {
    type Err = ParseSetupDecisionError;
    fn from_str(s: &str) -> Result<SetupDecision, ParseSetupDecisionError> {
        let err = || ParseSetupDecisionError(s.to_string());
        let words: Vec<&str> = s.split_whitespace().collect();
        let square = |w: &str| w.parse::<Square>().map_err(|_| err());
        match words.as_slice() {
            ["board", f] => BoardFace::ALL
                .into_iter()
                .find(|x| x.name() == *f)
                .map(SetupDecision::Board)
                .ok_or_else(err),
            ["start", h] => [Half::South, Half::North]
                .into_iter()
                .find(|x| x.name() == *h)
                .map(SetupDecision::Start)
                .ok_or_else(err),
            ["place", "trap", at] => Ok(SetupDecision::Place {
                item: TerrainItem::Trap,
                at: square(at)?,
                facing: Dir::North,
            }),
            ["place", item, at, facing] => {
                let item = TerrainItem::ALL
                    .into_iter()
                    .find(|x| x.is_tile() && x.name() == *item)
                    .ok_or_else(err)?;
                let facing = FACINGS.into_iter().find(|d| dir_name(*d) == *facing).ok_or_else(err)?;
                Ok(SetupDecision::Place {
                    item,
                    at: square(at)?,
                    facing,
                })
            }
            ["objective", at] => Ok(SetupDecision::Objective(square(at)?)),
            _ => Err(err()),
        }
    }
}

/// Why a set-up decision is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupErrorKind {
    /// The set-up is over.
    Done,
    /// Another kind of decision is asked now.
    NotNow,
    /// The player has no such item left (two tiles and a trap each).
    NoneLeft,
    /// A square of the item falls off the table.
    OffTable,
    /// A square is not empty open ground (terrain, a trap, a structure, an objective under
    /// impassable terrain).
    NotOpenGround,
    /// A square is one of the scenario's entry squares.
    EntrySquare,
    /// The item would block an opening into a building.
    BlocksOpening,
    /// Impassable terrain on an objective square (Grab the Dust).
    ImpassableOnObjective,
    /// The objective is not in the player's own half.
    NotOwnHalf,
    /// The objective is within two squares of a table edge.
    NearEdge,
    /// The objective is in impassable terrain or on another objective.
    Impassable,
}

/// A refused set-up decision; the phase is untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalSetupDecision {
    /// The decision.
    pub decision: SetupDecision,
    /// Why.
    pub kind: SetupErrorKind,
}

impl fmt::Display for IllegalSetupDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.kind {
            SetupErrorKind::Done => "the set-up is over; start the game",
            SetupErrorKind::NotNow => "another kind of decision is asked now (see the legal decisions)",
            SetupErrorKind::NoneLeft => "each player places two terrain tiles and one anti-tank trap",
            SetupErrorKind::NotOpenGround => "terrain items go on empty open ground",
            SetupErrorKind::OffTable => "a square of the item is off the table",
            SetupErrorKind::EntrySquare => "terrain items stay off the entry squares",
            SetupErrorKind::BlocksOpening => "terrain items cannot be placed to block openings into buildings",
            SetupErrorKind::ImpassableOnObjective => "players may not place impassable terrain on an objective square",
            SetupErrorKind::NotOwnHalf => "the objective must be in the player's own half of the table",
            SetupErrorKind::NearEdge => "the objective may not be within two squares of a table edge",
            SetupErrorKind::Impassable => "the objective must be on open ground or trees, not on another objective",
        };
        write!(f, "`{}` is not allowed now: {why}", self.decision)
    }
}

impl std::error::Error for IllegalSetupDecision {}

/// How a scenario's objectives are placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ObjectivePlacement {
    /// The scenario's own squares (or none): Encounter, Grab the Dust.
    Fixed,
    /// One per player, in their own half, after the terrain: Bait and Flank, Supply Drop,
    /// All-Out Attack.
    EachPlayer,
}

impl ObjectivePlacement {
    /// What the battlefront scenario preset named `name` says.
    pub fn for_preset(name: &str) -> ObjectivePlacement {
        match name {
            "bait-and-flank" | "supply-drop" | "all-out-attack" => ObjectivePlacement::EachPlayer,
            _ => ObjectivePlacement::Fixed,
        }
    }
}

/// Who places what: the record of the phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupEvent {
    /// A player's decision.
    Decided(Side, SetupDecision),
    /// The initiative roll: army symbols of each side, and the winner.
    Initiative {
        /// Army symbols rolled by each side (the last roll, after ties).
        rolls: BySide<u16>,
        /// Who won.
        winner: Side,
        /// The dice each side rolled: three, four with a Black Ops hero in its force.
        dice: BySide<u16>,
        /// When the army symbols tied: the targets among each side's other dice.
        targets: Option<BySide<u16>>,
    },
}

impl fmt::Display for SetupEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupEvent::Decided(side, d) => write!(f, "side {side}: {d}"),
            SetupEvent::Initiative {
                rolls,
                winner,
                dice,
                targets,
            } => {
                write!(
                    f,
                    "initiative: side A rolls {} army symbols of {} dice, side B {} of {}",
                    rolls.a, dice.a, rolls.b, dice.b
                )?;
                if let Some(t) = targets {
                    write!(f, ", then {} targets to {}", t.a, t.b)?;
                }
                write!(f, "; side {winner} wins and chooses its half")
            }
        }
    }
}

/// The set-up of a battlefront game by the players. Build it from the scenario's fixed
/// [`GameSetup`] (its armies, entry squares, rules, the map's size and printed ruins).
#[derive(Clone, Debug)]
pub struct SetupPhase {
    template: GameSetup,
    objectives_by: ObjectivePlacement,
    ruins: Vec<Square>,
    board: Board,
    faces: BySide<Option<BoardFace>>,
    rng: GameRng,
    initiative: Option<Side>,
    /// The half side A starts on.
    a_half: Option<Half>,
    tiles_left: BySide<u8>,
    trap_left: BySide<bool>,
    placed: usize,
    objectives: Vec<ObjectiveSetup>,
    player_objectives: usize,
    events: Vec<SetupEvent>,
}

impl SetupPhase {
    /// Starts the set-up of the scenario whose fixed layout is `template`: the table is
    /// cleared to open ground (walls and openings of structures stay), the printed ruins of
    /// side A's half are the `ruins` face. `seed` rolls the initiative.
    pub fn new(template: GameSetup, seed: u64) -> SetupPhase {
        let objectives_by = ObjectivePlacement::for_preset(&template.bf_rules.name);
        let mut bs = template.board.to_setup();
        let half = template.board.height() / 2;
        let ruins: Vec<Square> = template
            .board
            .squares()
            .filter(|s| s.row() < half && template.board.terrain(*s) == Terrain::NoDot && template.board.structure_at(*s).is_none())
            .collect();
        for (i, t) in bs.terrain.iter_mut().enumerate() {
            let s = template.board.square_at(i);
            if template.board.structure_at(s).is_none() {
                *t = Terrain::Open;
            }
        }
        bs.cover.clear();
        let board = Board::new(bs).expect("a cleared copy of a checked board is a board");
        let objectives = match objectives_by {
            ObjectivePlacement::Fixed => template.objectives.clone(),
            ObjectivePlacement::EachPlayer => Vec::new(),
        };
        SetupPhase {
            template,
            objectives_by,
            ruins,
            board,
            faces: BySide::default(),
            rng: GameRng::new(seed),
            initiative: None,
            a_half: None,
            tiles_left: BySide { a: 2, b: 2 },
            trap_left: BySide { a: true, b: true },
            placed: 0,
            objectives,
            player_objectives: 0,
            events: Vec::new(),
        }
    }

    /// The table as laid so far.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The scenario's rules (how its objectives score).
    pub fn rules(&self) -> &crate::battlefront::scenario::ScenarioRules {
        &self.template.bf_rules
    }
    /// The objectives placed so far (or the scenario's fixed ones).
    pub fn objectives(&self) -> &[ObjectiveSetup] {
        &self.objectives
    }
    /// What happened so far, in order.
    pub fn events(&self) -> &[SetupEvent] {
        &self.events
    }
    /// The initiative winner, once rolled.
    pub fn initiative(&self) -> Option<Side> {
        self.initiative
    }
    /// The half a side starts on, once chosen.
    pub fn half_of(&self, side: Side) -> Option<Half> {
        self.a_half.map(|h| if side == Side::A { h } else { h.other() })
    }
    /// The entry squares of a side (the scenario's squares of the half it starts on), once the
    /// halves are chosen.
    pub fn entry_of(&self, side: Side) -> Option<&[Square]> {
        let h = self.half_of(side)?;
        Some(if h == Half::South {
            &self.template.entry.a
        } else {
            &self.template.entry.b
        })
    }
    /// How objectives are placed in this scenario.
    pub fn objective_placement(&self) -> ObjectivePlacement {
        self.objectives_by
    }
    /// The face a side laid its board with, once laid.
    pub fn face_of(&self, side: Side) -> Option<BoardFace> {
        self.faces[side]
    }
    /// The terrain tiles a side has still to place.
    pub fn tiles_left(&self, side: Side) -> u8 {
        self.tiles_left[side]
    }
    /// Whether a side has still to place its anti-tank trap.
    pub fn trap_left(&self, side: Side) -> bool {
        self.trap_left[side]
    }
    /// The entry squares of a half (the scenario's squares of side A's for the south half).
    pub fn entry_of_half(&self, h: Half) -> &[Square] {
        match h {
            Half::South => &self.template.entry.a,
            Half::North => &self.template.entry.b,
        }
    }
    /// Every decision taken so far, in order (what a record keeps).
    pub fn decisions(&self) -> Vec<SetupDecision> {
        self.events
            .iter()
            .filter_map(|e| match e {
                SetupEvent::Decided(_, d) => Some(*d),
                SetupEvent::Initiative { .. } => None,
            })
            .collect()
    }
    /// The squares a decision lays something on: a terrain item's squares (none when it falls
    /// off the table), an objective's square; none for the other decisions.
    pub fn footprint(&self, d: SetupDecision) -> Vec<(Square, Option<Terrain>)> {
        match d {
            SetupDecision::Place { item, at, facing } => item.squares(at, facing, &self.board).unwrap_or_default(),
            SetupDecision::Objective(at) => vec![(at, None)],
            SetupDecision::Board(_) | SetupDecision::Start(_) => Vec::new(),
        }
    }
    /// A decision in words, for a player choosing it: what it lays where
    /// (`place wood G6 n` is "a wood: trees on G6, G7, H7").
    pub fn explain(&self, d: SetupDecision) -> String {
        let side = self.to_move().unwrap_or(Side::A);
        let board_half = if side == Side::A { Half::South } else { Half::North };
        let list = |v: &[(Square, Option<Terrain>)], t: Terrain| {
            v.iter()
                .filter(|(_, x)| *x == Some(t))
                .map(|(s, _)| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match d {
            SetupDecision::Board(BoardFace::Open) => format!("lay the {} board with open ground face up", board_half.name()),
            SetupDecision::Board(BoardFace::Ruins) => format!("lay the {} board with the ruins face up", board_half.name()),
            SetupDecision::Start(h) => {
                let entry = self.entry_of_half(h);
                let shown: Vec<String> = entry.iter().take(4).map(ToString::to_string).collect();
                let more = if entry.len() > 4 { ", …" } else { "" };
                format!(
                    "start on the {} half, entering by {}{more}; the other side starts on the {} half",
                    h.name(),
                    shown.join(", "),
                    h.other().name()
                )
            }
            SetupDecision::Place { item, .. } => {
                let v = self.footprint(d);
                match item {
                    TerrainItem::Wood => format!("a wood: trees on {}", list(&v, Terrain::Trees)),
                    TerrainItem::Pond => format!(
                        "a pond: deep water on {}, swamp on {}",
                        list(&v, Terrain::Water),
                        list(&v, Terrain::Swamp)
                    ),
                    TerrainItem::Rubble => format!("rubble on {}", list(&v, Terrain::Rubble)),
                    TerrainItem::Trap => format!("an anti-tank trap on {}", v.first().map_or(String::new(), |(s, _)| s.to_string())),
                }
            }
            SetupDecision::Objective(at) => format!("your objective on {at}"),
        }
    }

    fn half_rows(&self, h: Half) -> std::ops::Range<u8> {
        let half = self.board.height() / 2;
        match h {
            Half::South => 0..half,
            Half::North => half..self.board.height(),
        }
    }

    /// Whose decision it is, or `None` when the set-up is over.
    pub fn to_move(&self) -> Option<Side> {
        for side in Side::ALL {
            if self.faces[side].is_none() {
                return Some(side);
            }
        }
        let winner = self.initiative?;
        if self.a_half.is_none() {
            return Some(winner);
        }
        let left = |s: Side| self.tiles_left[s] > 0 || self.trap_left[s];
        if left(Side::A) || left(Side::B) {
            let turn = if self.placed.is_multiple_of(2) { winner } else { winner.other() };
            return Some(if left(turn) { turn } else { turn.other() });
        }
        if self.objectives_by == ObjectivePlacement::EachPlayer && self.player_objectives < 2 {
            return Some(if self.player_objectives == 0 { winner } else { winner.other() });
        }
        None
    }

    /// Whether the set-up is over.
    pub fn is_done(&self) -> bool {
        self.to_move().is_none()
    }

    /// Every decision the player to move may take now, in a fixed order.
    pub fn legal_decisions(&self) -> Vec<SetupDecision> {
        let candidates: Vec<SetupDecision> = match self.stage() {
            SetupStage::Board => BoardFace::ALL.into_iter().map(SetupDecision::Board).collect(),
            SetupStage::Start => vec![SetupDecision::Start(Half::South), SetupDecision::Start(Half::North)],
            SetupStage::Terrain => {
                let mut v = Vec::new();
                for item in TerrainItem::ALL {
                    let facings: &[Dir] = if item.is_tile() { &FACINGS } else { &[Dir::North] };
                    for at in self.board.squares() {
                        for &facing in facings {
                            v.push(SetupDecision::Place { item, at, facing });
                        }
                    }
                }
                v
            }
            SetupStage::Objective => self.board.squares().map(SetupDecision::Objective).collect(),
            SetupStage::Done => Vec::new(),
        };
        candidates.into_iter().filter(|d| self.check(*d).is_ok()).collect()
    }

    /// What kind of decision is asked now.
    pub fn stage(&self) -> SetupStage {
        let Some(side) = self.to_move() else { return SetupStage::Done };
        if self.faces[side].is_none() {
            SetupStage::Board
        } else if self.a_half.is_none() {
            SetupStage::Start
        } else if self.tiles_left[side] > 0 || self.trap_left[side] {
            SetupStage::Terrain
        } else {
            SetupStage::Objective
        }
    }

    fn blocks_opening(&self, s: Square) -> bool {
        Dir::ALL.into_iter().any(|d| {
            let (dc, dr) = d.delta();
            s.offset(dc, dr)
                .filter(|&n| self.board.contains(n))
                .is_some_and(|n| matches!(self.board.edge(s, n), Edge::Entrance(_)))
        })
    }

    /// Whether `d` is legal now, and why not.
    ///
    /// # Errors
    /// The reason, as a kind.
    pub fn check(&self, d: SetupDecision) -> Result<(), IllegalSetupDecision> {
        let no = |kind| Err(IllegalSetupDecision { decision: d, kind });
        let Some(side) = self.to_move() else {
            return no(SetupErrorKind::Done);
        };
        match (self.stage(), d) {
            (SetupStage::Board, SetupDecision::Board(_)) | (SetupStage::Start, SetupDecision::Start(_)) => Ok(()),
            (SetupStage::Terrain, SetupDecision::Place { item, at, facing }) => {
                if (item.is_tile() && self.tiles_left[side] == 0) || (!item.is_tile() && !self.trap_left[side]) {
                    return no(SetupErrorKind::NoneLeft);
                }
                if !item.is_tile() && facing != Dir::North {
                    return no(SetupErrorKind::NotNow);
                }
                let Some(squares) = item.squares(at, facing, &self.board) else {
                    return no(SetupErrorKind::OffTable);
                };
                for (s, t) in squares {
                    if self.board.terrain(s) != Terrain::Open || self.board.cover(s).is_some() || self.board.structure_at(s).is_some() {
                        return no(SetupErrorKind::NotOpenGround);
                    }
                    if self.template.entry.a.contains(&s) || self.template.entry.b.contains(&s) {
                        return no(SetupErrorKind::EntrySquare);
                    }
                    if self.blocks_opening(s) {
                        return no(SetupErrorKind::BlocksOpening);
                    }
                    if t != Some(Terrain::Trees) && self.objectives.iter().any(|o| o.at == s) {
                        return no(SetupErrorKind::ImpassableOnObjective);
                    }
                }
                Ok(())
            }
            (SetupStage::Objective, SetupDecision::Objective(at)) => {
                let h = self.half_of(side).expect("halves are chosen before objectives");
                if !self.board.contains(at) || !self.half_rows(h).contains(&at.row()) {
                    return no(SetupErrorKind::NotOwnHalf);
                }
                let (w, hgt) = (self.board.width(), self.board.height());
                if at.col() < 2 || at.row() < 2 || at.col() + 2 >= w || at.row() + 2 >= hgt {
                    return no(SetupErrorKind::NearEdge);
                }
                let open = matches!(self.board.terrain(at), Terrain::Open | Terrain::Trees);
                if !open
                    || self.board.cover(at).is_some()
                    || self.board.structure_at(at).is_some()
                    || self.objectives.iter().any(|o| o.at == at)
                {
                    return no(SetupErrorKind::Impassable);
                }
                Ok(())
            }
            _ => no(SetupErrorKind::NotNow),
        }
    }

    /// Takes a decision of the player to move; the initiative is rolled as soon as both
    /// boards lie.
    ///
    /// # Errors
    /// The decision is not legal now; the phase is untouched.
    pub fn apply(&mut self, d: SetupDecision) -> Result<(), IllegalSetupDecision> {
        self.check(d)?;
        let side = self.to_move().expect("checked: someone is to move");
        self.events.push(SetupEvent::Decided(side, d));
        match d {
            SetupDecision::Board(face) => {
                self.faces[side] = Some(face);
                if face == BoardFace::Ruins {
                    let (w, h) = (self.board.width(), self.board.height());
                    for &s in &self.ruins {
                        let at = if side == Side::A {
                            s
                        } else {
                            Square::new(w - 1 - s.col(), h - 1 - s.row())
                        };
                        self.board.set_terrain(at, Terrain::NoDot);
                    }
                }
                if self.faces.a.is_some() && self.faces.b.is_some() {
                    self.roll_initiative();
                }
            }
            SetupDecision::Start(h) => self.a_half = Some(if side == Side::A { h } else { h.other() }),
            SetupDecision::Place { item, at, facing } => {
                for (s, t) in item.squares(at, facing, &self.board).expect("checked: on the table") {
                    match t {
                        Some(t) => self.board.set_terrain(s, t),
                        None => {
                            self.board.place_cover(s, CoverElement::AntiTankTrap);
                        }
                    }
                }
                if item.is_tile() {
                    self.tiles_left[side] -= 1;
                } else {
                    self.trap_left[side] = false;
                }
                self.placed += 1;
            }
            SetupDecision::Objective(at) => {
                // The scenario file's objectives say what one is worth; the book's are alike.
                let (points, wins) = self.template.objectives.first().map_or((0, false), |o| (o.points, o.wins));
                let name = format!("Side {}'s objective", if side == Side::A { 'A' } else { 'B' });
                self.objectives.push(ObjectiveSetup {
                    name,
                    at,
                    points,
                    wins,
                    wins_from: 0,
                });
                self.player_objectives += 1;
            }
        }
        Ok(())
    }

    /// The dice a side rolls for initiative: three, four if its force has a hero with Black
    /// Ops, as in the game (`Game`'s initiative roll).
    fn initiative_dice(&self, side: Side) -> u16 {
        let black_ops = self
            .template
            .units
            .iter()
            .any(|u| u.side == side && u.card.kind == UnitKind::Hero && u.card.has(Skill::BlackOps));
        3 + u16::from(black_ops)
    }

    fn roll_initiative(&mut self) {
        // "The players then roll for initiative (see page 18)": "each side rolls three dice. The
        // side that rolls the most [army] symbols wins the initiative … In case of a tie, the
        // player with the most [target] symbols wins the initiative. If it is still a tie, both
        // players re-roll all of their dice" ("Roll for Initiative"); "If your force has a Hero
        // with the Black Ops skill you roll four dice for initiative rolls (see page 18)". The
        // targets are counted among the dice that showed no army symbol, as in the game
        // (docs/rulings.md, "Battlefront initiative tie-break", "Battlefront set-up by the
        // players").
        let bf = self
            .template
            .edition
            .battlefront_dice(self.template.classic_dice)
            .unwrap_or_default();
        let dice = BySide {
            a: self.initiative_dice(Side::A),
            b: self.initiative_dice(Side::B),
        };
        loop {
            let rolls = BySide {
                a: bf.roll(dice.a, Symbols::ARMY).sample(&mut self.rng),
                b: bf.roll(dice.b, Symbols::ARMY).sample(&mut self.rng),
            };
            let (winner, targets) = if rolls.a == rolls.b {
                let among = |n: u16| bf.roll_among(n, Symbols::ARMY, Symbols::TARGET);
                let (Some(ra), Some(rb)) = (among(dice.a - rolls.a), among(dice.b - rolls.b)) else {
                    continue; // classic dice have no target: "re-roll all of their dice"
                };
                let t = BySide {
                    a: ra.sample(&mut self.rng),
                    b: rb.sample(&mut self.rng),
                };
                if t.a == t.b {
                    continue;
                }
                (if t.a > t.b { Side::A } else { Side::B }, Some(t))
            } else {
                (if rolls.a > rolls.b { Side::A } else { Side::B }, None)
            };
            self.initiative = Some(winner);
            self.events.push(SetupEvent::Initiative {
                rolls,
                winner,
                dice,
                targets,
            });
            return;
        }
    }

    /// The game the set-up leads to, once it is over: the laid table, the objectives, each
    /// side entering by the entry squares of its half; armies, turns and rules from the
    /// scenario.
    pub fn game_setup(&self) -> Option<GameSetup> {
        if !self.is_done() {
            return None;
        }
        let mut g = self.template.clone();
        g.board = self.board.clone();
        g.objectives = self.objectives.clone();
        if self.a_half == Some(Half::North) {
            g.entry = BySide {
                a: self.template.entry.b.clone(),
                b: self.template.entry.a.clone(),
            };
        }
        Some(g)
    }
}

/// What kind of decision the set-up asks for now ([`SetupPhase::stage`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetupStage {
    /// A player lays its board (`board open|ruins`).
    Board,
    /// The initiative winner chooses its half (`start south|north`).
    Start,
    /// A player places a terrain item (`place …`).
    Terrain,
    /// A player places its objective (`objective SQUARE`).
    Objective,
    /// The set-up is over.
    Done,
}

impl SetupStage {
    /// What the player to move is asked, in words.
    pub const fn asked(self) -> &'static str {
        match self {
            SetupStage::Board => "lay your board face up: open ground or the ruins",
            SetupStage::Start => "you won the initiative: choose the half you start on",
            SetupStage::Terrain => "place a terrain item: two terrain tiles and an anti-tank trap each, in turns",
            SetupStage::Objective => "place your objective in your own half, not within two squares of a table edge",
            SetupStage::Done => "the set-up is over",
        }
    }
}
