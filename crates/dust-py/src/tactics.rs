//! Dust Tactics for the Python package, without Python: the game (scenario, edition), the fixed
//! integer action encoding, the observation planes, the state with its history of decisions and
//! chance outcomes, and its text form (a game record with the chance outcomes). Everything here
//! is plain Rust, tested by `cargo test`; `crate::py` only wraps it.

use dust_core::battlefront::Facing;
use dust_core::game::{Ability, Action, Casualty, Decision, Game, GameSetup, Optional, Pending, Plan, Target, UnitId, HERO_LINE};
use dust_core::{Edition, Side, Square, Terrain, UnitKind};
use dust_data::record::{Record, ScenarioRef};
use std::fmt::Write as _;
use std::sync::Arc;

/// The version of the action encoding ([`Encoding`]); docs/python.md describes version 2 (the
/// `fire` block added). Any
/// change to the layout of the action ids changes this number.
pub const ACTION_ENCODING_VERSION: u32 = 2;

/// The practice scenario that is not a data file: two squads of riflemen on a 6x6 board
/// (`dust1947 play --scenario duel`, `dust_core::game::tests_support::duel`).
pub const DUEL: &str = "duel";

/// The version of the observation planes ([`OBS_PLANES`]).
pub const OBSERVATION_VERSION: u32 = 1;

/// The optional skills in the order of the encoding.
const OPTIONALS: [Optional; 8] = [
    Optional::Assault,
    Optional::Berserk,
    Optional::AllInOne,
    Optional::HeroicAttack,
    Optional::Separate,
    Optional::MedalOfHonor,
    Optional::Crush,
    Optional::FightingSpirit,
];

/// The actions of a plan in the order of the encoding.
const ACTIONS: [Action; 5] = [Action::Move, Action::Attack, Action::Reload, Action::Skill, Action::Nothing];

/// Plans: sustained, charge, 25 of two actions, 125 of three.
const PLANS: usize = 2 + 25 + 125;

/// The game a state belongs to: a scenario under an edition, with the shipped unit cards.
#[derive(Clone, Debug)]
pub struct TacticsGame {
    /// The scenario as records name it.
    pub scenario: ScenarioRef,
    /// The edition the scenario is played under.
    pub edition: Edition,
    /// The scenario's name (for messages).
    pub name: String,
    setup: GameSetup,
    /// The action encoding of this game.
    pub encoding: Arc<Encoding>,
}

impl TacticsGame {
    /// A shipped scenario (`dust1947 scenario list`) or the text of a scenario file, under
    /// `edition` (the scenario's own when `None`).
    ///
    /// # Errors
    /// The scenario is unknown, does not parse, or the engine refuses its armies.
    pub fn new(scenario: ScenarioRef, edition: Option<Edition>) -> Result<TacticsGame, String> {
        use dust_data::scenario;
        let show = |d: Vec<dust_data::Diagnostic>| d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
        if let ScenarioRef::Builtin(n) = &scenario {
            if n.trim().eq_ignore_ascii_case(DUEL) {
                // The tiny practice game of `dust1947 play --scenario duel` (not a data file).
                let mut setup = dust_core::game::tests_support::duel();
                if let Some(e) = edition {
                    setup.edition = e;
                }
                let game = Game::new(setup.clone()).map_err(|e| format!("the engine refuses the scenario: {e}"))?;
                return Ok(TacticsGame {
                    scenario: ScenarioRef::Builtin(DUEL.to_string()),
                    edition: setup.edition,
                    name: DUEL.to_string(),
                    setup,
                    encoding: Arc::new(Encoding::new(&game)),
                });
            }
        }
        let mut s = match &scenario {
            ScenarioRef::Builtin(n) => scenario::load_builtin(n).map_err(|d| {
                format!(
                    "{}\n(shipped scenarios: {}, and `{DUEL}`)",
                    show(d),
                    scenario::builtin_names().join(", ")
                )
            })?,
            ScenarioRef::Embedded(t) => scenario::parse_scenario(t, "scenario").map_err(show)?,
        };
        if let Some(e) = edition {
            s.edition = e;
        }
        let cards = dust_data::builtin::builtin_cards();
        let setup = s.game_setup(&cards).map_err(show)?;
        let game = Game::new(setup.clone()).map_err(|e| format!("the engine refuses the scenario: {e}"))?;
        Ok(TacticsGame {
            scenario,
            edition: s.edition,
            name: s.name.clone(),
            setup,
            encoding: Arc::new(Encoding::new(&game)),
        })
    }

    /// The engine's set-up of the game.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The state at the start of the game.
    pub fn new_initial_state(&self) -> TacticsState {
        TacticsState {
            game: Game::new(self.setup.clone()).expect("the setup was accepted when the game was made"),
            encoding: self.encoding.clone(),
            decisions: Vec::new(),
            rolls: Vec::new(),
        }
    }

    /// A record of this game with no decisions (seed 0).
    fn record(&self) -> Record {
        let mut r = Record::new(self.scenario.clone(), 0);
        r.edition = self.edition;
        r
    }
}

/// The fixed integer action encoding of one game (docs/python.md, "Action encoding"): the
/// decisions of every kind, one block after another, each block sized by the board (S squares,
/// column-major as `Board::index`), the units (U), the weapon line slots (L), the numbers an
/// aim carries (N) and the miniatures of a squad (M).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    width: u8,
    height: u8,
    /// Squares of the board.
    pub squares: usize,
    /// Units of the game.
    pub units: usize,
    /// Weapon lines of a unit's own card (slots `0..card_lines`).
    pub card_lines: usize,
    /// Weapon lines of a joined hero (slots `card_lines..card_lines + hero_lines`, lines 32…).
    pub hero_lines: usize,
    /// Numbers an aim may carry: `0..counts`.
    pub counts: usize,
    /// Miniatures of the largest squad.
    pub models: usize,
    board_index: Vec<Option<usize>>,
}

/// The blocks of the encoding in order, with their sizes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Block {
    First,
    Activate,
    Use,
    Plan,
    Move,
    Aim,
    React,
    Retaliate,
    Casualty,
    Skill,
    Spread,
    Revive,
    Face,
    Reserve,
    Escape,
    /// The ranged line that fires next ([`Decision::Fire`], the order of the lines).
    Fire,
}

const BLOCKS: [Block; 16] = [
    Block::First,
    Block::Activate,
    Block::Use,
    Block::Plan,
    Block::Move,
    Block::Aim,
    Block::React,
    Block::Retaliate,
    Block::Casualty,
    Block::Skill,
    Block::Spread,
    Block::Revive,
    Block::Face,
    Block::Reserve,
    Block::Escape,
    Block::Fire,
];

impl Encoding {
    /// The encoding of the game `g` (its board, units and cards).
    pub fn new(g: &Game) -> Encoding {
        let board = g.board();
        let units = g.units();
        let card_lines = units.iter().map(|u| u.card.weapons.len()).max().unwrap_or(0).max(1);
        let hero_lines = units
            .iter()
            .filter(|u| u.card.kind == UnitKind::Hero)
            .map(|u| u.card.weapons.len())
            .max()
            .unwrap_or(0);
        let models = units.iter().map(|u| u.card.models.len()).max().unwrap_or(0).max(1);
        // The number of an aim: limited ammo spent, or (battlefront) soldiers or crew weapons
        // firing; bounded by the largest ammo box, squad or health of any unit.
        let counts = units
            .iter()
            .map(|u| {
                let ammo = u.card.weapons.iter().filter_map(|w| w.ammo).max().unwrap_or(0);
                usize::from(ammo).max(u.card.models.len()).max(usize::from(u.card.health))
            })
            .max()
            .unwrap_or(0)
            + 1;
        let mut board_index = vec![None; usize::from(board.width()) * usize::from(board.height())];
        for (i, s) in board.squares().enumerate() {
            board_index[usize::from(s.row()) * usize::from(board.width()) + usize::from(s.col())] = Some(i);
        }
        Encoding {
            width: board.width(),
            height: board.height(),
            squares: board.len(),
            units: units.len(),
            card_lines,
            hero_lines,
            counts,
            models,
            board_index,
        }
    }

    fn line_slots(&self) -> usize {
        self.card_lines + self.hero_lines
    }

    fn aim_targets(&self) -> usize {
        1 + self.units + self.squares
    }

    fn size(&self, b: Block) -> usize {
        let (s, u) = (self.squares, self.units);
        match b {
            Block::First => 2,
            Block::Activate => u,
            Block::Use => 2 * OPTIONALS.len(),
            Block::Plan => PLANS,
            Block::Move | Block::Spread | Block::Escape => s,
            Block::Aim => self.line_slots() * self.aim_targets() * self.counts,
            Block::React => 1 + u,
            Block::Retaliate | Block::Reserve => 2,
            Block::Casualty => self.models + 1,
            Block::Skill => Ability::ALL.len() * u,
            Block::Revive => self.models,
            Block::Face => 8,
            Block::Fire => self.line_slots(),
        }
    }

    fn offset(&self, b: Block) -> usize {
        BLOCKS.iter().take_while(|&&x| x != b).map(|&x| self.size(x)).sum()
    }

    /// How many action ids the game has (`num_distinct_actions`).
    pub fn num_actions(&self) -> usize {
        BLOCKS.iter().map(|&b| self.size(b)).sum()
    }

    /// The blocks with their offsets and sizes (for docs and tests).
    pub fn layout(&self) -> Vec<(&'static str, usize, usize)> {
        BLOCKS
            .iter()
            .map(|&b| {
                let name = match b {
                    Block::First => "first",
                    Block::Activate => "activate",
                    Block::Use => "use",
                    Block::Plan => "plan",
                    Block::Move => "move",
                    Block::Aim => "aim",
                    Block::React => "react",
                    Block::Retaliate => "retaliate",
                    Block::Casualty => "casualty",
                    Block::Skill => "skill",
                    Block::Spread => "spread",
                    Block::Revive => "revive",
                    Block::Face => "face",
                    Block::Reserve => "reserve",
                    Block::Escape => "escape",
                    Block::Fire => "fire",
                };
                (name, self.offset(b), self.size(b))
            })
            .collect()
    }

    fn square_id(&self, s: Square) -> Option<usize> {
        if s.col() >= self.width || s.row() >= self.height {
            return None;
        }
        self.board_index[usize::from(s.row()) * usize::from(self.width) + usize::from(s.col())]
    }

    fn square_at(&self, i: usize) -> Option<Square> {
        let pos = self.board_index.iter().position(|&x| x == Some(i))?;
        let w = usize::from(self.width);
        Some(Square::new(u8::try_from(pos % w).ok()?, u8::try_from(pos / w).ok()?))
    }

    fn unit_id(&self, u: UnitId) -> Option<usize> {
        (usize::from(u.0) < self.units).then_some(usize::from(u.0))
    }

    fn unit_at(&self, i: usize) -> Option<UnitId> {
        (i < self.units).then_some(UnitId(i as u8))
    }

    fn action_index(a: Action) -> usize {
        ACTIONS.iter().position(|&x| x == a).expect("every action is listed")
    }

    /// The id of a decision, `None` when the decision does not fit this game's encoding (never
    /// for a decision the engine offers: the tests check it on random games).
    pub fn encode(&self, d: Decision) -> Option<usize> {
        let at = |b: Block, i: usize| (i < self.size(b)).then(|| self.offset(b) + i);
        match d {
            Decision::First(s) => at(Block::First, s.index()),
            Decision::Activate(u) => at(Block::Activate, self.unit_id(u)?),
            Decision::Use(o, yes) => at(Block::Use, OPTIONALS.iter().position(|&x| x == o)? * 2 + usize::from(yes)),
            Decision::Plan(p) => at(
                Block::Plan,
                match p {
                    Plan::Sustained => 0,
                    Plan::Charge => 1,
                    Plan::Two(a, b) => 2 + Self::action_index(a) * 5 + Self::action_index(b),
                    Plan::Three(a, b, c) => 27 + Self::action_index(a) * 25 + Self::action_index(b) * 5 + Self::action_index(c),
                },
            ),
            Decision::MoveTo(s) => at(Block::Move, self.square_id(s)?),
            Decision::Aim { line, target, ammo } => {
                let slot = if line >= HERO_LINE {
                    let h = usize::from(line - HERO_LINE);
                    (h < self.hero_lines).then_some(self.card_lines + h)?
                } else {
                    let l = usize::from(line);
                    (l < self.card_lines).then_some(l)?
                };
                let t = match target {
                    None => 0,
                    Some(Target::Unit(u)) => 1 + self.unit_id(u)?,
                    Some(Target::Cover(s)) => 1 + self.units + self.square_id(s)?,
                };
                let n = usize::from(ammo);
                if n >= self.counts {
                    return None;
                }
                at(Block::Aim, (slot * self.aim_targets() + t) * self.counts + n)
            }
            Decision::React(None) => at(Block::React, 0),
            Decision::React(Some(u)) => at(Block::React, 1 + self.unit_id(u)?),
            Decision::Retaliate(yes) => at(Block::Retaliate, usize::from(yes)),
            Decision::Casualty(Casualty::Hero) => at(Block::Casualty, self.models),
            Decision::Casualty(Casualty::Model(m)) => {
                let m = usize::from(m);
                (m < self.models).then_some(())?;
                at(Block::Casualty, m)
            }
            Decision::Skill(a, u) => at(
                Block::Skill,
                Ability::ALL.iter().position(|&x| x == a)? * self.units + self.unit_id(u)?,
            ),
            Decision::Spread(s) => at(Block::Spread, self.square_id(s)?),
            Decision::Revive(m) => at(Block::Revive, usize::from(m)),
            Decision::Face(f) => at(Block::Face, usize::from(f.0)),
            Decision::Reserve(yes) => at(Block::Reserve, usize::from(yes)),
            Decision::Escape(s) => at(Block::Escape, self.square_id(s)?),
            Decision::Fire(line) => {
                let slot = if line >= HERO_LINE {
                    let h = usize::from(line - HERO_LINE);
                    (h < self.hero_lines).then_some(self.card_lines + h)?
                } else {
                    let l = usize::from(line);
                    (l < self.card_lines).then_some(l)?
                };
                at(Block::Fire, slot)
            }
        }
    }

    /// The decision of an id, `None` beyond [`Encoding::num_actions`].
    pub fn decode(&self, id: usize) -> Option<Decision> {
        let mut rest = id;
        let mut block = None;
        for &b in &BLOCKS {
            let n = self.size(b);
            if rest < n {
                block = Some(b);
                break;
            }
            rest -= n;
        }
        let i = rest;
        Some(match block? {
            Block::First => Decision::First(Side::ALL[i]),
            Block::Activate => Decision::Activate(self.unit_at(i)?),
            Block::Use => Decision::Use(OPTIONALS[i / 2], i % 2 == 1),
            Block::Plan => Decision::Plan(match i {
                0 => Plan::Sustained,
                1 => Plan::Charge,
                2..=26 => Plan::Two(ACTIONS[(i - 2) / 5], ACTIONS[(i - 2) % 5]),
                _ => Plan::Three(ACTIONS[(i - 27) / 25], ACTIONS[(i - 27) / 5 % 5], ACTIONS[(i - 27) % 5]),
            }),
            Block::Move => Decision::MoveTo(self.square_at(i)?),
            Block::Aim => {
                let n = i % self.counts;
                let t = i / self.counts % self.aim_targets();
                let slot = i / self.counts / self.aim_targets();
                let line = if slot < self.card_lines {
                    slot as u8
                } else {
                    HERO_LINE + (slot - self.card_lines) as u8
                };
                let target = if t == 0 {
                    None
                } else if t <= self.units {
                    Some(Target::Unit(self.unit_at(t - 1)?))
                } else {
                    Some(Target::Cover(self.square_at(t - 1 - self.units)?))
                };
                Decision::Aim {
                    line,
                    target,
                    ammo: n as u8,
                }
            }
            Block::React => Decision::React(if i == 0 { None } else { Some(self.unit_at(i - 1)?) }),
            Block::Retaliate => Decision::Retaliate(i == 1),
            Block::Casualty => Decision::Casualty(if i == self.models {
                Casualty::Hero
            } else {
                Casualty::Model(i as u8)
            }),
            Block::Skill => Decision::Skill(Ability::ALL[i / self.units], self.unit_at(i % self.units)?),
            Block::Spread => Decision::Spread(self.square_at(i)?),
            Block::Revive => Decision::Revive(i as u8),
            Block::Face => Decision::Face(Facing(i as u8)),
            Block::Reserve => Decision::Reserve(i == 1),
            Block::Escape => Decision::Escape(self.square_at(i)?),
            Block::Fire => Decision::Fire(if i < self.card_lines {
                i as u8
            } else {
                HERO_LINE + (i - self.card_lines) as u8
            }),
        })
    }
}

/// The planes of `observation_tensor`, in order (docs/python.md, "Observation"): each is a
/// height × width grid; "mine" and "theirs" are from the observing player's side.
pub const OBS_PLANES: [&str; 17] = [
    "terrain_blocked",
    "water",
    "rubble",
    "cover_element",
    "my_unit",
    "their_unit",
    "my_health",
    "their_health",
    "my_activated",
    "their_activated",
    "my_vehicle",
    "their_vehicle",
    "declaring_unit",
    "to_decide",
    "round",
    "my_victory_points",
    "their_victory_points",
];

/// A state of Dust Tactics with its history (decisions and chance outcomes).
#[derive(Clone, Debug)]
pub struct TacticsState {
    /// The engine's game.
    pub game: Game,
    /// The encoding of the game.
    pub encoding: Arc<Encoding>,
    /// Every decision so far.
    pub decisions: Vec<Decision>,
    /// Every chance outcome so far (successes of each roll).
    pub rolls: Vec<u16>,
}

/// OpenSpiel's `kChancePlayerId`.
pub const CHANCE: i32 = -1;
/// OpenSpiel's `kTerminalPlayerId`.
pub const TERMINAL: i32 = -4;

impl TacticsState {
    /// OpenSpiel's current player: 0 for side A, 1 for side B, [`CHANCE`], [`TERMINAL`].
    pub fn current_player(&self) -> i32 {
        match self.game.pending() {
            Pending::Decision { side } => side.index() as i32,
            Pending::Chance(_) => CHANCE,
            Pending::GameOver { .. } => TERMINAL,
        }
    }

    /// The legal action ids, ascending; for a chance node, the outcomes of nonzero probability.
    ///
    /// # Panics
    /// A legal decision outside the encoding (an engine or encoding fault).
    pub fn legal_actions(&self) -> Vec<usize> {
        if let Some(r) = self.game.pending_roll() {
            return r
                .distribution()
                .iter()
                .enumerate()
                .filter(|(_, &p)| p > 0.0)
                .map(|(k, _)| k)
                .collect();
        }
        let mut v: Vec<usize> = self
            .game
            .legal_decisions()
            .into_iter()
            .map(|d| {
                self.encoding
                    .encode(d)
                    .unwrap_or_else(|| panic!("decision `{d}` is outside the action encoding: please report it"))
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The chance outcomes (successes, probability) of nonzero probability, from the engine's
    /// exact `Roll::distribution`; empty when no dice are pending.
    pub fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.game.pending_roll().map_or_else(Vec::new, |r| {
            r.distribution().into_iter().enumerate().filter(|(_, p)| *p > 0.0).collect()
        })
    }

    /// Applies an action id (a decision, or the successes of a chance node).
    ///
    /// # Errors
    /// The id is not legal here.
    pub fn apply_action(&mut self, a: usize) -> Result<(), String> {
        match self.game.pending() {
            Pending::Chance(r) => {
                let dist = r.distribution();
                if dist.get(a).is_none_or(|p| *p <= 0.0) {
                    return Err(format!("chance outcome {a} is impossible: {} dice are rolled", r.dice));
                }
                self.game.apply_roll(a as u16);
                self.rolls.push(a as u16);
                Ok(())
            }
            Pending::GameOver { .. } => Err("the game is over".to_string()),
            Pending::Decision { .. } => {
                let d = self
                    .encoding
                    .decode(a)
                    .ok_or_else(|| format!("action {a} is not an action of this game"))?;
                self.game
                    .apply(d)
                    .map_err(|e| format!("action {a} (`{d}`) is illegal: {}", e.reason))?;
                self.decisions.push(d);
                Ok(())
            }
        }
    }

    /// Applies a decision the caller knows is legal (from `legal_decisions`, or an AI player).
    pub fn apply_decision(&mut self, d: Decision) {
        self.game.apply_unchecked(d);
        self.decisions.push(d);
    }

    /// Rolls the pending dice with `rng` (if any) and records the outcome.
    pub fn roll(&mut self, rng: &mut dust_core::GameRng) {
        if let Some(k) = self.game.roll(rng) {
            self.rolls.push(k);
        }
    }

    /// The text of an action id: a decision text (docs/record-format.md) for a player, the
    /// successes for a chance node.
    pub fn action_to_string(&self, player: i32, a: usize) -> String {
        if player == CHANCE {
            return format!("{a} successes");
        }
        self.encoding
            .decode(a)
            .map_or_else(|| format!("action {a} (not an action of this game)"), |d| d.to_string())
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        matches!(self.game.pending(), Pending::GameOver { .. })
    }

    /// +1 for the winner, -1 for the loser, 0 for both in a draw or an unfinished game.
    pub fn returns(&self) -> [f64; 2] {
        match self.game.pending() {
            Pending::GameOver { winner: Some(w) } => {
                let mut r = [-1.0; 2];
                r[w.index()] = 1.0;
                r
            }
            _ => [0.0; 2],
        }
    }

    /// The observation of `player` (0 or 1): [`OBS_PLANES`] planes of height × width, row
    /// major, written into `out` (its length `OBS_PLANES.len() * height * width`).
    pub fn write_observation(&self, player: usize, out: &mut [f32]) {
        let g = &self.game;
        let board = g.board();
        let (w, h) = (usize::from(board.width()), usize::from(board.height()));
        let hw = w * h;
        out.fill(0.0);
        let me = Side::ALL[player.min(1)];
        let cell = |s: Square| usize::from(s.row()) * w + usize::from(s.col());
        for s in board.squares() {
            let c = cell(s);
            let t = board.terrain(s);
            out[c] = f32::from(u8::from(t != Terrain::Open));
            out[hw + c] = f32::from(u8::from(t == Terrain::Water));
            out[2 * hw + c] = f32::from(u8::from(t == Terrain::Rubble));
            out[3 * hw + c] = f32::from(u8::from(board.cover(s).is_some()));
        }
        let declaring = g.declaring();
        for (i, u) in g.units().iter().enumerate() {
            let Some(at) = u.at.filter(|_| !u.destroyed) else { continue };
            if !board.contains(at) {
                continue;
            }
            let c = cell(at);
            let theirs = usize::from(u.side != me);
            let full = if u.card.kind == UnitKind::Squad {
                u.card.models.len().max(1) as f32
            } else {
                f32::from(u.card.health.max(1))
            };
            out[(4 + theirs) * hw + c] = 1.0;
            out[(6 + theirs) * hw + c] = f32::from(u.health) / full;
            out[(8 + theirs) * hw + c] = f32::from(u8::from(u.activated));
            out[(10 + theirs) * hw + c] = f32::from(u8::from(matches!(u.card.kind, UnitKind::Vehicle | UnitKind::Aircraft)));
            if declaring == Some(UnitId(i as u8)) {
                out[12 * hw + c] = 1.0;
            }
        }
        let to_decide = matches!(g.pending(), Pending::Decision { side } if side == me);
        let vp = g.victory_points();
        let constants = [
            (13, f32::from(u8::from(to_decide))),
            (14, f32::from(g.round()) / f32::from(g.round_limit().max(1))),
            (15, vp[me] as f32 / 10.0),
            (16, vp[me.other()] as f32 / 10.0),
        ];
        for (plane, v) in constants {
            out[plane * hw..(plane + 1) * hw].fill(v);
        }
    }

    /// The shape of the observation: (planes, height, width).
    pub fn observation_shape(&self) -> [usize; 3] {
        let b = self.game.board();
        [OBS_PLANES.len(), usize::from(b.height()), usize::from(b.width())]
    }

    /// The record of the state (docs/record-format.md) with the key `rolls`: the chance
    /// outcomes in order (docs/python.md, "Serialization").
    pub fn serialize(&self, game: &TacticsGame) -> String {
        let mut r = game.record();
        r.decisions = self.decisions.clone();
        r.final_hash = Some(self.game.state_hash());
        let mut text = r.to_text();
        let rolls: Vec<String> = self.rolls.iter().map(ToString::to_string).collect();
        let _ = writeln!(text, "rolls = [{}]", rolls.join(", "));
        text
    }

    /// The history as one line per step: perfect information, so every player's information
    /// state is the whole history.
    pub fn history_string(&self) -> String {
        let mut o = String::new();
        let _ = write!(o, "decisions: ");
        let d: Vec<String> = self.decisions.iter().map(ToString::to_string).collect();
        o.push_str(&d.join(", "));
        let r: Vec<String> = self.rolls.iter().map(ToString::to_string).collect();
        let _ = write!(o, "\nrolls: {}", r.join(", "));
        o
    }
}

/// Reads a state written by [`TacticsState::serialize`] (or a plain game record, whose dice
/// are then rolled from its seed): the game and the state.
///
/// # Errors
/// The text is not a record, its scenario does not build, or a decision or roll is refused.
pub fn deserialize(text: &str) -> Result<(TacticsGame, TacticsState), String> {
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("not a game record: {e}"))?;
    let rolls = match doc.remove("rolls") {
        None => None,
        Some(item) => {
            let arr = item.as_array().ok_or("`rolls` must be a list of numbers")?;
            let v: Option<Vec<u16>> = arr.iter().map(|x| x.as_integer().and_then(|i| u16::try_from(i).ok())).collect();
            Some(v.ok_or("`rolls` must be a list of numbers from 0 to 65535")?)
        }
    };
    let record = Record::parse(&doc.to_string(), "state").map_err(|d| d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))?;
    if record.setup.is_some() {
        return Err("records with the players' set-up are not supported by the Python package yet".to_string());
    }
    let game = TacticsGame::new(record.scenario.clone(), Some(record.edition))?;
    let mut state = game.new_initial_state();
    let mut rng = dust_core::GameRng::new(record.seed);
    let (mut next_d, mut next_r) = (0, 0);
    loop {
        match state.game.pending() {
            Pending::Chance(_) => match &rolls {
                Some(r) => {
                    let Some(&k) = r.get(next_r) else { break };
                    state
                        .apply_action(usize::from(k))
                        .map_err(|e| format!("roll {}: {e}", next_r + 1))?;
                    next_r += 1;
                }
                None => state.roll(&mut rng),
            },
            Pending::Decision { .. } => {
                let Some(&d) = record.decisions.get(next_d) else { break };
                state
                    .game
                    .apply(d)
                    .map_err(|e| format!("decision {} `{d}` is refused: {}", next_d + 1, e.reason))?;
                state.decisions.push(d);
                next_d += 1;
            }
            Pending::GameOver { .. } => break,
        }
    }
    if next_d < record.decisions.len() || rolls.as_ref().is_some_and(|r| next_r < r.len()) {
        return Err("decisions or rolls are left after the state they lead to".to_string());
    }
    if let Some(h) = record.final_hash {
        if h != state.game.state_hash() {
            return Err(format!(
                "the state hash differs: {:#018x} recorded, {:#018x} replayed",
                h,
                state.game.state_hash()
            ));
        }
    }
    Ok((game, state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::GameRng;

    fn games() -> Vec<TacticsGame> {
        let mut v = Vec::new();
        for name in dust_data::scenario::builtin_names() {
            for e in [None, Some(Edition::Battlefront)] {
                if let Ok(g) = TacticsGame::new(ScenarioRef::Builtin(name.to_string()), e) {
                    v.push(g);
                }
            }
        }
        v
    }

    /// Every shipped scenario builds under its own edition and under the battlefront rules (as
    /// `sim --edition battlefront` plays revised scenarios); a battlefront scenario under the
    /// revised rules is refused with the cards it misses.
    #[test]
    fn every_shipped_scenario_builds() {
        for name in dust_data::scenario::builtin_names() {
            for e in [None, Some(Edition::Battlefront)] {
                TacticsGame::new(ScenarioRef::Builtin(name.to_string()), e).unwrap_or_else(|err| panic!("{name} {e:?}: {err}"));
            }
        }
        let err = TacticsGame::new(ScenarioRef::Builtin("no-such".into()), None).unwrap_err();
        assert!(err.contains("annihilation"), "{err}");
    }

    #[test]
    fn decode_inverts_encode_on_every_id() {
        for g in games() {
            let e = &g.encoding;
            for id in 0..e.num_actions() {
                if let Some(d) = e.decode(id) {
                    assert_eq!(e.encode(d), Some(id), "{}: id {id} `{d}`", g.name);
                }
            }
        }
    }

    /// Random games on every shipped scenario, both editions: every legal decision has an id,
    /// decodes to itself, and the history replays through serialize/deserialize.
    #[test]
    fn random_playouts_encode_every_legal_decision() {
        for (gi, g) in games().iter().enumerate() {
            let mut s = g.new_initial_state();
            let mut rng = GameRng::new(gi as u64 + 7);
            let mut steps = 0;
            while !s.is_terminal() && steps < 3000 {
                if s.current_player() == CHANCE {
                    let out = s.chance_outcomes();
                    let total: f64 = out.iter().map(|x| x.1).sum();
                    assert!((total - 1.0).abs() < 1e-9, "{total}");
                    let k = out[rng.index(out.len())].0;
                    s.apply_action(k).unwrap();
                } else {
                    for d in s.game.legal_decisions() {
                        let id = g
                            .encoding
                            .encode(d)
                            .unwrap_or_else(|| panic!("{} {}: `{d}` has no id", g.name, g.edition));
                        assert_eq!(g.encoding.decode(id), Some(d));
                    }
                    let legal = s.legal_actions();
                    s.apply_action(legal[rng.index(legal.len())]).unwrap();
                }
                steps += 1;
            }
            let text = s.serialize(g);
            let (_, back) = deserialize(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", g.name));
            assert_eq!(back.game.state_hash(), s.game.state_hash());
            assert_eq!(back.decisions, s.decisions);
            assert_eq!(back.rolls, s.rolls);
        }
    }

    /// The encoding of annihilation (revised) is pinned: changing it needs a new
    /// [`ACTION_ENCODING_VERSION`].
    #[test]
    fn annihilation_encoding_is_pinned() {
        let g = TacticsGame::new(ScenarioRef::Builtin("annihilation".into()), None).unwrap();
        let e = &g.encoding;
        let layout: Vec<String> = e.layout().iter().map(|(n, o, s)| format!("{n}@{o}+{s}")).collect();
        assert_eq!(e.num_actions(), 18033);
        assert_eq!(
            layout.join(" "),
            "first@0+2 activate@2+10 use@12+16 plan@28+152 move@180+384 aim@564+16590 react@17154+11 \
             retaliate@17165+2 casualty@17167+6 skill@17173+70 spread@17243+384 revive@17627+5 face@17632+8 \
             reserve@17640+2 escape@17642+384 fire@18026+7"
        );
        assert_eq!(e.encode(Decision::First(Side::A)), Some(0));
        assert_eq!(e.encode(Decision::First(Side::B)), Some(1));
        assert_eq!(e.encode(Decision::Activate(UnitId(0))), Some(2));
    }
}
