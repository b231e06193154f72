//! The game engine of the revised edition (tactics-revised-core-rules.md from "Initiative Roll"
//! to "Optional Rules", with tactics-revised-faq.md winning where it differs).
//!
//! The engine is a state machine. At every point it is waiting for one thing, [`Pending`]: a
//! decision by one side (the active player's declaration, or the other player's reactive fire,
//! casualties, retaliation) or a chance event (a [`Roll`] whose outcome is "k successes of n
//! dice"). [`Game::legal_decisions`] is the one place that decides legality; [`Game::apply`]
//! checks a decision against it and leaves the state untouched when it is refused;
//! [`Game::apply_roll`] resolves a chance event with a given outcome, so odds and AI can
//! enumerate outcomes while play samples them from a seeded [`GameRng`].
//!
//! ```
//! use dust_core::game::{Game, Pending};
//! use dust_core::GameRng;
//! # fn setup() -> dust_core::game::GameSetup { dust_core::game::tests_support::duel() }
//! let mut game = Game::new(setup()).unwrap();
//! let mut rng = GameRng::new(1);
//! while !matches!(game.pending(), Pending::GameOver { .. }) {
//!     match game.pending() {
//!         Pending::Chance(_) => { game.roll(&mut rng); }
//!         Pending::Decision { .. } => {
//!             let options = game.legal_decisions();
//!             let pick = options[rng.index(options.len())];
//!             game.apply(pick).unwrap();
//!         }
//!         Pending::GameOver { .. } => unreachable!(),
//!     }
//! }
//! ```

mod decision;
mod event;
#[doc(hidden)]
pub mod tests_support;

pub use decision::{Action, Casualty, Decision, Optional, ParseDecisionError, Plan, Target, UnitId};
pub use event::{Event, RollPurpose};

use crate::board::Board;
use crate::dice::{Die, Face, Roll};
use crate::los::{line_of_sight, CoverLevel, Shot};
use crate::occupancy::Occupancy;
use crate::range::{range, WeaponRange};
use crate::reach::{reach, Mover};
use crate::rng::GameRng;
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::terrain::{CoverElement, PieceKind};
use crate::unit::{Armor, ArmorType, CombatValue, Skill, UnitCard, UnitKind, WeaponLine};
use core::fmt;
use std::sync::Arc;

/// Hero weapon lines are numbered from here in decisions, after the squad's own lines.
pub const HERO_LINE: u8 = 32;

/// One unit of a side's army as the game starts.
#[derive(Clone, Debug)]
pub struct UnitSetup {
    /// Its card.
    pub card: Arc<UnitCard>,
    /// Its side.
    pub side: Side,
    /// For a hero: the index (in [`GameSetup::units`]) of the squad he joins before the game.
    pub joins: Option<usize>,
    /// A space to start on instead of entering in round one (examples, puzzles, tests).
    pub at: Option<Square>,
}

/// Everything a game starts from: scenario and armies.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The battlefield.
    pub board: Board,
    /// Entry squares of each side ("Unit Entry").
    pub entry: BySide<Vec<Square>>,
    /// Last round; the game ends at the end of it.
    pub round_limit: u8,
    /// The units of both sides.
    pub units: Vec<UnitSetup>,
    /// Scenario objectives and their bonus victory points.
    pub objectives: Vec<ObjectiveSetup>,
}

/// A scenario objective: a space, and the victory points a side scores for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectiveSetup {
    /// Its name.
    pub name: String,
    /// Where it is.
    pub at: Square,
    /// Bonus victory points for the side that holds it at the end of the game.
    pub points: u32,
}

/// Why a setup cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub Vec<String>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

impl std::error::Error for SetupError {}

/// Why a decision was refused. The state is untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalDecision {
    /// The decision.
    pub decision: Decision,
    /// Why, in words.
    pub reason: String,
}

impl fmt::Display for IllegalDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not allowed now: {}", self.decision, self.reason)
    }
}

impl std::error::Error for IllegalDecision {}

/// A unit in play.
#[derive(Clone, Debug)]
pub struct Unit {
    /// Its card.
    pub card: Arc<UnitCard>,
    /// Its side.
    pub side: Side,
    /// Where it stands (`None` before it enters and after it is destroyed).
    pub at: Option<Square>,
    /// Squads: bit `i` set while miniature `i` of the card is alive.
    pub alive: u32,
    /// Health left: miniatures for squads, health points otherwise.
    pub health: u8,
    /// Limited ammo left per weapon line.
    pub ammo: Vec<u8>,
    /// Reloadable lines that are loaded (bit per line).
    pub loaded: u32,
    /// Activated this round.
    pub activated: bool,
    /// Performed a move action this round (Burst weapons).
    pub moved: bool,
    /// Destroyed (and how many times, for victory points).
    pub destroyed: bool,
    /// For a squad: its joined hero; for a hero: the squad he joined.
    pub joined: Option<UnitId>,
    /// Once-per-game skills already used.
    pub used: Vec<Skill>,
    /// Heroic Attack in effect this round.
    pub heroic: bool,
}

impl Unit {
    fn new(card: Arc<UnitCard>, side: Side) -> Unit {
        let health = card.health;
        let alive = if card.kind == UnitKind::Squad {
            (1u32 << card.models.len().min(31)) - 1
        } else {
            0
        };
        let ammo = card.weapons.iter().map(|w| w.ammo.unwrap_or(0)).collect();
        let loaded = card
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.keywords.reload)
            .fold(0, |m, (i, _)| m | 1 << i);
        Unit {
            card,
            side,
            at: None,
            alive,
            health,
            ammo,
            loaded,
            activated: false,
            moved: false,
            destroyed: false,
            joined: None,
            used: Vec::new(),
            heroic: false,
        }
    }
    /// The piece kind on the board.
    pub fn piece(&self) -> PieceKind {
        self.card.kind.piece()
    }
    /// Miniatures alive carrying weapon line `line` (squads).
    pub fn carriers(&self, line: usize) -> u32 {
        self.card
            .models
            .iter()
            .enumerate()
            .filter(|(i, m)| self.alive & (1 << i) != 0 && m.weapons & (1 << line) != 0)
            .count() as u32
    }
    /// Whether the unit is a hero joined to a squad.
    pub fn is_joined_hero(&self) -> bool {
        self.card.kind == UnitKind::Hero && self.joined.is_some()
    }
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// A decision by `side`.
    Decision {
        /// Who decides.
        side: Side,
    },
    /// A chance event: these dice must be rolled.
    Chance(Roll),
    /// The game is over.
    GameOver {
        /// The winner, `None` for a draw.
        winner: Option<Side>,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Aim {
    line: u8,
    target: Target,
    ammo: u8,
}

#[derive(Clone, Debug)]
struct Decl {
    side: Side,
    unit: Option<UnitId>,
    /// Reactive fire against this unit: only an attack on it.
    reactive: Option<UnitId>,
    separate: Option<bool>,
    plan: Option<Plan>,
    assault: Option<bool>,
    moves: Vec<Square>,
    lines: Vec<u8>,
    cursor: usize,
    aims: Vec<Aim>,
    berserk: Option<bool>,
    all_in_one: Option<bool>,
    heroic: Option<bool>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    Prepare,
    Roll,
    Sustained,
    Berserk,
    Laser,
    Power,
    Cover,
    Resilient,
}

#[derive(Clone, Debug)]
struct FireJob {
    attacker: UnitId,
    line: u8,
    target: Target,
    ammo: u8,
    sustained: bool,
    berserk: bool,
    all_in_one: bool,
    /// Close combat: damage waits until both sides have rolled.
    deferred: bool,
    stage: Stage,
    face: Face,
    dice: u16,
    hits: u16,
    failures: u16,
    chain: u16,
    power: u8,
    damage_per_hit: u8,
    save: Option<Face>,
    ap_incendiary: bool,
    damage: u16,
}

#[derive(Clone, Debug)]
enum Step {
    RoundStart,
    Initiative {
        a: Option<u16>,
    },
    ChooseFirst(Side),
    NextActivation,
    Declare(Box<Decl>),
    Begin {
        unit: UnitId,
        plan: Plan,
        once: Vec<Skill>,
        heroic: bool,
    },
    Move {
        unit: UnitId,
        to: Square,
    },
    Window {
        trigger: UnitId,
    },
    ReactRoll {
        reactor: UnitId,
        trigger: UnitId,
    },
    Attack {
        unit: UnitId,
        aims: Vec<Aim>,
        sustained: bool,
        berserk: bool,
        all_in_one: bool,
    },
    Fire(Box<FireJob>),
    CloseCombat {
        attacker: UnitId,
        defender: UnitId,
        lines: Vec<Aim>,
        sustained: bool,
        berserk: bool,
        all_in_one: bool,
        retaliate: Option<bool>,
    },
    ApplyDeferred,
    Damage {
        unit: UnitId,
        points: u16,
    },
    Reload {
        unit: UnitId,
    },
    EndActivation(UnitId),
    RoundEnd,
    SelfRepair {
        unit: UnitId,
    },
    Over,
}

/// A game of Dust Tactics in progress.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    occ: Occupancy,
    entry: BySide<Vec<Square>>,
    round_limit: u8,
    units: Vec<Unit>,
    round: u8,
    turn: Side,
    vp: BySide<u32>,
    stack: Vec<Step>,
    deferred: Vec<(UnitId, u16)>,
    winner: Option<Option<Side>>,
    events: Vec<Event>,
    die: Die,
}

impl Game {
    /// Starts a game: checks the armies, joins heroes to their squads, places pre-placed units.
    ///
    /// # Errors
    /// Every problem with the setup.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        let mut problems = Vec::new();
        if setup.units.len() > 120 {
            problems.push("at most 120 units per game".to_string());
            return Err(SetupError(problems));
        }
        let mut units: Vec<Unit> = setup.units.iter().map(|u| Unit::new(u.card.clone(), u.side)).collect();
        for (i, u) in setup.units.iter().enumerate() {
            if u.card.kind == UnitKind::Squad && u.card.models.len() != usize::from(u.card.health) {
                problems.push(format!("{}: a squad card needs one model per miniature", u.card.name));
            }
            if let Some(j) = u.joins {
                let ok = u.card.kind == UnitKind::Hero
                    && setup
                        .units
                        .get(j)
                        .is_some_and(|s| s.card.kind == UnitKind::Squad && s.side == u.side && s.card.armor == u.card.armor);
                if !ok {
                    problems.push(format!(
                        "{} can join only a squad of its side with the same armor class (Heroes)",
                        u.card.name
                    ));
                    continue;
                }
                let squad = &setup.units[j].card;
                for (gate, what) in [
                    (Skill::BlutkreuzApe, "Blutkreuz Ape"),
                    (Skill::BlutkreuzZombie, "Blutkreuz Zombie"),
                    (Skill::Jump, "Jump"),
                ] {
                    if u.card.has(gate) != squad.has(gate) {
                        problems.push(format!(
                            "{} and {}: only units with {what} join each other ({what})",
                            u.card.name, squad.name
                        ));
                    }
                }
                if squad.has(Skill::CommandSquad) && !u.card.has(Skill::Commander) {
                    problems.push(format!(
                        "{} cannot join the Command Squad {}: heroes need the Commander skill",
                        u.card.name, squad.name
                    ));
                }
                if units[j].joined.is_some() {
                    problems.push(format!("{}: only one hero may join a squad", squad.name));
                }
                units[j].joined = Some(UnitId(i as u8));
                units[i].joined = Some(UnitId(j as u8));
            }
        }
        let mut occ = Occupancy::new(&setup.board);
        for (i, u) in setup.units.iter().enumerate() {
            if let Some(at) = u.at {
                if !setup.board.contains(at) {
                    problems.push(format!("{} starts at {at}, off the board", u.card.name));
                    continue;
                }
                units[i].at = Some(at);
                occ.place(at, u.card.kind.piece(), u.side);
            }
        }
        for i in 0..units.len() {
            if let Some(j) = units[i].joined {
                if units[i].card.kind == UnitKind::Hero {
                    let at = units[usize::from(j.0)].at;
                    if let Some(old) = units[i].at {
                        occ.remove(old, PieceKind::Hero, units[i].side);
                    }
                    units[i].at = at;
                    if let Some(a) = at {
                        occ.place(a, PieceKind::Hero, units[i].side);
                    }
                }
            }
        }
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        let mut g = Game {
            board: setup.board,
            occ,
            entry: setup.entry,
            round_limit: setup.round_limit.max(1),
            units,
            round: 0,
            turn: Side::A,
            vp: BySide::default(),
            stack: vec![Step::RoundStart],
            deferred: Vec::new(),
            winner: None,
            events: Vec::new(),
            die: Die::REVISED,
        };
        g.advance();
        Ok(g)
    }

    // ----- public queries -------------------------------------------------------------------

    /// The board (with cover elements as they are now).
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Where the pieces are.
    pub fn occupancy(&self) -> &Occupancy {
        &self.occ
    }
    /// All units, by [`UnitId`].
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// One unit.
    pub fn unit(&self, u: UnitId) -> &Unit {
        &self.units[usize::from(u.0)]
    }
    /// The current round (1-based; 0 before the first initiative).
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The last round.
    pub fn round_limit(&self) -> u8 {
        self.round_limit
    }
    /// Victory points so far.
    pub fn victory_points(&self) -> BySide<u32> {
        self.vp
    }
    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Drops the event log (long simulations that do not need it).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
    /// The side whose turn it is to activate a unit.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// What the game waits for.
    pub fn pending(&self) -> Pending {
        match self.stack.last() {
            None | Some(Step::Over) => Pending::GameOver {
                winner: self.winner.flatten(),
            },
            Some(step) => match self.need(step) {
                Need::Decide(side) => Pending::Decision { side },
                Need::Chance(r) => Pending::Chance(r),
                Need::Internal => Pending::GameOver {
                    winner: self.winner.flatten(),
                },
            },
        }
    }

    /// The unit being declared or activated, if any (for user interfaces).
    pub fn declaring(&self) -> Option<UnitId> {
        self.stack.iter().rev().find_map(|s| match s {
            Step::Declare(d) => d.unit,
            _ => None,
        })
    }

    /// A deterministic hash of the state (positions, health, ammo, flags, score, what is pending).
    /// The same on every machine, so a replayed record can be checked.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv::new();
        h.u8(self.round);
        h.u8(self.turn as u8);
        h.u32(self.vp.a);
        h.u32(self.vp.b);
        for u in &self.units {
            h.u8(u.at.map_or(255, |s| s.col()));
            h.u8(u.at.map_or(255, |s| s.row()));
            h.u32(u.alive);
            h.u8(u.health);
            h.bytes(&u.ammo);
            h.u32(u.loaded);
            h.u8(u8::from(u.activated) | u8::from(u.moved) << 1 | u8::from(u.destroyed) << 2 | u8::from(u.heroic) << 3);
            h.u8(u.joined.map_or(255, |j| j.0));
            h.u8(u.used.len() as u8);
        }
        for s in self.board.squares() {
            h.u8(self.board.cover(s).map_or(0, |c| c as u8 + 1));
        }
        h.u64(self.stack.len() as u64);
        h.u8(match self.winner {
            None => 0,
            Some(None) => 1,
            Some(Some(s)) => 2 + s as u8,
        });
        h.finish()
    }

    // ----- decisions --------------------------------------------------------------------------

    /// Every decision the deciding side may take now (empty when a chance event or nothing is pending).
    pub fn legal_decisions(&self) -> Vec<Decision> {
        match self.stack.last() {
            Some(Step::ChooseFirst(_)) => vec![Decision::First(Side::A), Decision::First(Side::B)],
            Some(Step::Declare(d)) => self.decl_options(d),
            Some(Step::Window { trigger }) => {
                let mut v = vec![Decision::React(None)];
                v.extend(self.reactors(*trigger).into_iter().map(|u| Decision::React(Some(u))));
                v
            }
            Some(Step::CloseCombat { retaliate: None, .. }) => vec![Decision::Retaliate(true), Decision::Retaliate(false)],
            Some(Step::Damage { unit, .. }) => self.casualty_options(*unit).into_iter().map(Decision::Casualty).collect(),
            _ => Vec::new(),
        }
    }

    /// Applies a decision after checking it is legal.
    ///
    /// # Errors
    /// The decision is not among [`Game::legal_decisions`]; the game is unchanged.
    pub fn apply(&mut self, d: Decision) -> Result<(), IllegalDecision> {
        let legal = self.legal_decisions();
        if !legal.contains(&d) {
            let reason = match self.pending() {
                Pending::Chance(_) => "dice must be rolled first".to_string(),
                Pending::GameOver { .. } => "the game is over".to_string(),
                Pending::Decision { side } => format!(
                    "side {side} must choose one of: {}",
                    legal.iter().take(12).map(ToString::to_string).collect::<Vec<_>>().join(", ")
                ),
            };
            return Err(IllegalDecision { decision: d, reason });
        }
        self.apply_unchecked(d);
        Ok(())
    }

    /// Applies a decision without checking it (fast path for search).
    ///
    /// # Panics
    /// May panic or corrupt the game if the decision is not legal.
    pub fn apply_unchecked(&mut self, d: Decision) {
        let Some(top) = self.stack.pop() else { return };
        match (top, d) {
            (Step::ChooseFirst(_), Decision::First(s)) => {
                self.turn = s;
                self.events.push(Event::FirstPlayer(s));
                self.stack.push(Step::NextActivation);
            }
            (Step::Declare(mut decl), d) => {
                self.decl_apply(&mut decl, d);
                self.stack.push(Step::Declare(decl));
            }
            (Step::Window { trigger }, Decision::React(r)) => {
                if let Some(reactor) = r {
                    self.set_activated(reactor);
                    self.stack.push(Step::ReactRoll { reactor, trigger });
                }
            }
            (
                Step::CloseCombat {
                    attacker,
                    defender,
                    lines,
                    sustained,
                    berserk,
                    all_in_one,
                    ..
                },
                Decision::Retaliate(b),
            ) => {
                self.stack.push(Step::CloseCombat {
                    attacker,
                    defender,
                    lines,
                    sustained,
                    berserk,
                    all_in_one,
                    retaliate: Some(b),
                });
            }
            (Step::Damage { unit, points }, Decision::Casualty(c)) => {
                if points > 1 {
                    self.stack.push(Step::Damage { unit, points: points - 1 });
                }
                self.take_casualty(unit, c);
            }
            (other, _) => self.stack.push(other),
        }
        self.advance();
    }

    /// The chance event pending, if any.
    pub fn pending_roll(&self) -> Option<Roll> {
        match self.pending() {
            Pending::Chance(r) => Some(r),
            _ => None,
        }
    }

    /// Resolves the pending chance event with `successes` successes (for enumeration by odds
    /// and search). Does nothing when no chance event is pending.
    pub fn apply_roll(&mut self, successes: u16) {
        let Some(top) = self.stack.pop() else { return };
        let roll = match self.need(&top) {
            Need::Chance(r) => r,
            _ => {
                self.stack.push(top);
                return;
            }
        };
        let k = successes.min(roll.dice);
        self.resolve_chance(top, roll, k);
        self.advance();
    }

    /// Rolls the pending dice with `rng` and applies the result; returns the successes.
    pub fn roll(&mut self, rng: &mut GameRng) -> Option<u16> {
        let r = self.pending_roll()?;
        let k = r.sample(rng);
        self.apply_roll(k);
        Some(k)
    }

    // ----- the state machine -----------------------------------------------------------------

    fn need(&self, step: &Step) -> Need {
        match step {
            Step::Initiative { a } => {
                let side = if a.is_none() { Side::A } else { Side::B };
                Need::Chance(Roll::new(self.die, 3 + u16::from(self.black_ops(side)), Face::Hit))
            }
            Step::ChooseFirst(s) => Need::Decide(*s),
            Step::Declare(d) => Need::Decide(d.side),
            Step::Window { trigger } => Need::Decide(self.unit(*trigger).side.other()),
            Step::ReactRoll { reactor, .. } => {
                let n = if self.has_skill(*reactor, Skill::SuperiorReactiveFire) {
                    3
                } else if self.has_skill(*reactor, Skill::AdvancedReactiveFire) {
                    2
                } else {
                    1
                };
                Need::Chance(Roll::new(self.die, n, Face::Hit))
            }
            Step::Fire(job) => match job.stage {
                Stage::Prepare => Need::Internal,
                Stage::Roll => Need::Chance(Roll::new(self.die, job.dice, job.face)),
                Stage::Sustained | Stage::Berserk => Need::Chance(Roll::new(self.die, job.failures, job.face)),
                Stage::Laser => Need::Chance(Roll::new(self.die, job.chain, job.face)),
                Stage::Power => Need::Chance(Roll::new(self.die, job.hits * u16::from(job.power), Face::Hit)),
                Stage::Cover => Need::Chance(Roll::new(self.die, job.hits, job.save.unwrap_or(Face::Hit))),
                Stage::Resilient => Need::Chance(Roll::new(self.die, job.damage, Face::Hit)),
            },
            Step::CloseCombat {
                retaliate: None, defender, ..
            } => Need::Decide(self.unit(*defender).side),
            Step::Damage { unit, .. } => Need::Decide(self.unit(*unit).side),
            Step::SelfRepair { unit } => {
                let u = self.unit(*unit);
                Need::Chance(Roll::new(self.die, u16::from(u.card.health - u.health), Face::Hit))
            }
            _ => Need::Internal,
        }
    }

    /// Runs internal steps and skips decisions that have a single possible answer, until a real
    /// decision or chance event is pending.
    fn advance(&mut self) {
        loop {
            let Some(top) = self.stack.last() else { return };
            if matches!(top, Step::Over) {
                return;
            }
            match self.need(top) {
                Need::Chance(r) if r.dice == 0 => {
                    let top = self.stack.pop().expect("step");
                    self.resolve_chance(top, r, 0);
                    continue;
                }
                Need::Chance(_) => return,
                Need::Decide(_) => {
                    if let Step::Declare(d) = top {
                        let mut d = d.clone();
                        if self.decl_autofill(&mut d) {
                            self.stack.pop();
                            self.stack.push(Step::Declare(d));
                            continue;
                        }
                        if let Some(done) = self.decl_finish(&d) {
                            self.stack.pop();
                            self.stack.extend(done.into_iter().rev());
                            continue;
                        }
                    }
                    match top {
                        Step::Window { trigger } if self.reactors(*trigger).is_empty() || self.unit(*trigger).destroyed => {
                            self.stack.pop();
                            continue;
                        }
                        Step::Damage { unit, .. } if self.unit(*unit).destroyed => {
                            self.stack.pop();
                            continue;
                        }
                        Step::Damage { unit, points } => {
                            let opts = self.casualty_options(*unit);
                            if opts.len() <= 1 {
                                let (unit, points) = (*unit, *points);
                                self.stack.pop();
                                self.apply_damage_auto(unit, points, opts.first().copied());
                                continue;
                            }
                            return;
                        }
                        Step::CloseCombat { defender, .. } if !self.can_retaliate(*defender) => {
                            if let Some(Step::CloseCombat { retaliate, .. }) = self.stack.last_mut() {
                                *retaliate = Some(false);
                            }
                            continue;
                        }
                        _ => return,
                    }
                }
                Need::Internal => {
                    let top = self.stack.pop().expect("step");
                    self.run(top);
                    if self.stack.is_empty() {
                        return;
                    }
                }
            }
        }
    }

    fn run(&mut self, step: Step) {
        match step {
            Step::RoundStart => {
                self.round += 1;
                self.events.push(Event::RoundStarted(self.round));
                self.stack.push(Step::Initiative { a: None });
            }
            Step::NextActivation => self.next_activation(),
            Step::Begin { unit, plan, once, heroic } => {
                self.set_activated(unit);
                self.events.push(Event::Activated(unit));
                self.events.push(Event::Declared(unit, plan));
                for s in once {
                    self.units[usize::from(unit.0)].used.push(s);
                }
                if heroic {
                    if let Some(h) = self.group_hero(unit) {
                        self.units[usize::from(h.0)].used.push(Skill::HeroicAttack);
                        self.units[usize::from(h.0)].heroic = true;
                    }
                }
            }
            Step::Move { unit, to } => self.do_move(unit, to),
            Step::Attack {
                unit,
                aims,
                sustained,
                berserk,
                all_in_one,
            } => self.start_attack(unit, aims, sustained, berserk, all_in_one),
            Step::Fire(mut job) => {
                // Prepare: count dice now, after earlier lines' casualties.
                self.prepare_fire(&mut job);
                if job.stage != Stage::Prepare {
                    self.stack.push(Step::Fire(job));
                }
            }
            Step::CloseCombat {
                attacker,
                defender,
                lines,
                sustained,
                berserk,
                all_in_one,
                retaliate,
            } => {
                self.stack.push(Step::ApplyDeferred);
                if retaliate == Some(true) && !self.unit(defender).destroyed && !self.unit(attacker).destroyed {
                    for aim in self.close_lines(defender) {
                        let aim = Aim {
                            target: Target::Unit(attacker),
                            ..aim
                        };
                        self.stack
                            .push(Step::Fire(Box::new(self.job(defender, aim, false, false, false, true))));
                    }
                }
                for aim in lines.into_iter().rev() {
                    self.stack
                        .push(Step::Fire(Box::new(self.job(attacker, aim, sustained, berserk, all_in_one, true))));
                }
            }
            Step::ApplyDeferred => {
                let d = std::mem::take(&mut self.deferred);
                for (u, p) in d.into_iter().rev() {
                    if p > 0 {
                        self.stack.push(Step::Damage { unit: u, points: p });
                    }
                }
            }
            Step::Reload { unit } => {
                if !self.unit(unit).destroyed {
                    let u = &mut self.units[usize::from(unit.0)];
                    if let Some(i) = (0..u.card.weapons.len()).find(|&i| u.card.weapons[i].keywords.reload && u.loaded & (1 << i) == 0) {
                        u.loaded |= 1 << i;
                        let name = u.card.weapons[i].name.clone();
                        self.events.push(Event::Reloaded(unit, name));
                    }
                }
            }
            Step::EndActivation(u) => {
                self.events.push(Event::ActivationEnded(u));
                self.turn = self.unit(u).side.other();
                self.stack.push(Step::NextActivation);
            }
            Step::RoundEnd => {
                if self.round >= self.round_limit || self.side_wiped().is_some() {
                    self.end_game();
                    return;
                }
                for i in 0..self.units.len() {
                    let u = &mut self.units[i];
                    u.activated = false;
                    u.moved = false;
                    u.heroic = false;
                }
                self.stack.push(Step::RoundStart);
                for i in (0..self.units.len()).rev() {
                    let u = &self.units[i];
                    if !u.destroyed && u.at.is_some() && u.card.has(Skill::SelfRepair) && u.health < u.card.health {
                        self.stack.push(Step::SelfRepair { unit: UnitId(i as u8) });
                    }
                }
            }
            other => self.stack.push(other),
        }
    }

    fn resolve_chance(&mut self, step: Step, roll: Roll, k: u16) {
        match step {
            Step::Initiative { a: None } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::Initiative(Side::A),
                    dice: roll.dice,
                    successes: k,
                });
                self.stack.push(Step::Initiative { a: Some(k) });
            }
            Step::Initiative { a: Some(a) } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::Initiative(Side::B),
                    dice: roll.dice,
                    successes: k,
                });
                if a == k {
                    // "In case of a tie, reroll all dice."
                    self.stack.push(Step::Initiative { a: None });
                } else {
                    let w = if a > k { Side::A } else { Side::B };
                    self.events.push(Event::InitiativeWon(w));
                    self.stack.push(Step::ChooseFirst(w));
                }
            }
            Step::ReactRoll { reactor, trigger } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::Reactive,
                    dice: roll.dice,
                    successes: k,
                });
                let success = k > 0;
                self.events.push(Event::ReactiveFire {
                    unit: reactor,
                    against: trigger,
                    success,
                });
                if success && !self.unit(trigger).destroyed {
                    let side = self.unit(reactor).side;
                    let mut d = Decl::new(side);
                    d.unit = Some(reactor);
                    d.reactive = Some(trigger);
                    d.separate = Some(false);
                    d.plan = Some(Plan::Two(Action::Attack, Action::Nothing));
                    d.assault = Some(false);
                    self.stack.push(Step::Declare(Box::new(d)));
                }
            }
            Step::Fire(mut job) => {
                let purpose = match job.stage {
                    Stage::Roll => RollPurpose::Attack,
                    Stage::Sustained => RollPurpose::Sustained,
                    Stage::Berserk => RollPurpose::Berserk,
                    Stage::Laser => RollPurpose::LaserChain,
                    Stage::Power => RollPurpose::PhaserPower,
                    Stage::Cover => RollPurpose::CoverSave,
                    Stage::Resilient => RollPurpose::Resilient,
                    Stage::Prepare => RollPurpose::Attack,
                };
                self.events.push(Event::Rolled {
                    purpose,
                    dice: roll.dice,
                    successes: k,
                });
                self.fire_stage(&mut job, k);
            }
            Step::SelfRepair { unit } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::SelfRepair,
                    dice: roll.dice,
                    successes: k,
                });
                let u = &mut self.units[usize::from(unit.0)];
                let gain = (k as u8).min(u.card.health - u.health);
                u.health += gain;
                if gain > 0 {
                    self.events.push(Event::Repaired(unit, gain));
                }
            }
            other => self.stack.push(other),
        }
    }

    fn next_activation(&mut self) {
        if self.side_wiped().is_some() {
            self.stack.push(Step::RoundEnd);
            return;
        }
        let can = |g: &Game, s: Side| g.activatable(s).next().is_some();
        let side = if can(self, self.turn) {
            self.turn
        } else if can(self, self.turn.other()) {
            self.turn.other()
        } else {
            self.stack.push(Step::RoundEnd);
            return;
        };
        self.turn = side;
        self.stack.push(Step::Declare(Box::new(Decl::new(side))));
    }

    fn end_game(&mut self) {
        let winner = match self.side_wiped() {
            Some(loser) if self.alive_units(loser.other()) > 0 => Some(loser.other()),
            _ => match self.vp.a.cmp(&self.vp.b) {
                core::cmp::Ordering::Greater => Some(Side::A),
                core::cmp::Ordering::Less => Some(Side::B),
                core::cmp::Ordering::Equal => None,
            },
        };
        self.winner = Some(winner);
        self.events.push(Event::GameOver {
            winner,
            vp_a: self.vp.a,
            vp_b: self.vp.b,
        });
        self.stack.clear();
        self.stack.push(Step::Over);
    }

    fn alive_units(&self, s: Side) -> usize {
        self.units.iter().filter(|u| u.side == s && !u.destroyed).count()
    }

    /// A side with no unit left, if any ("End of the Game").
    fn side_wiped(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.alive_units(s) == 0)
    }

    fn activatable(&self, s: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.side == s && !u.destroyed && !u.activated && !u.is_joined_hero())
            .map(|(i, _)| UnitId(i as u8))
    }

    fn black_ops(&self, s: Side) -> bool {
        // "This bonus does not stack."
        self.units
            .iter()
            .any(|u| u.side == s && !u.destroyed && u.card.has(Skill::BlackOps))
    }

    /// Whether the unit (with its joined hero or squad) has a skill, as the sharing rules say.
    pub fn has_skill(&self, u: UnitId, s: Skill) -> bool {
        let unit = self.unit(u);
        if unit.card.has(s) {
            return true;
        }
        match unit.joined {
            Some(j) if !self.unit(j).destroyed => {
                let other = self.unit(j);
                other.card.has(s) && (other.card.kind == UnitKind::Squad || s.hero_shares())
            }
            _ => false,
        }
    }

    fn set_activated(&mut self, u: UnitId) {
        self.units[usize::from(u.0)].activated = true;
        if let Some(j) = self.units[usize::from(u.0)].joined {
            self.units[usize::from(j.0)].activated = true;
        }
    }

    /// The piece kind a unit counts as for geometry (a squad with a hero is a squad).
    fn kind_of(&self, u: UnitId) -> PieceKind {
        self.unit(u).piece()
    }

    fn movement(&self, u: UnitId) -> u8 {
        let unit = self.unit(u);
        let mut m = unit.card.movement;
        if let Some(j) = unit.joined {
            if !self.unit(j).destroyed {
                m = m.max(self.unit(j).card.movement); // "the fastest unit's movement value"
            }
        }
        if self.round == 1 && unit.card.has(Skill::ScoutVehicle) {
            m += 2;
        }
        m
    }

    fn move_unit(&mut self, u: UnitId, to: Option<Square>) {
        let ids: Vec<UnitId> = std::iter::once(u)
            .chain(self.unit(u).joined.filter(|j| !self.unit(*j).destroyed))
            .collect();
        for id in ids {
            let unit = &self.units[usize::from(id.0)];
            let (kind, side, from) = (unit.piece(), unit.side, unit.at);
            if let Some(f) = from {
                self.occ.remove(f, kind, side);
            }
            if let Some(t) = to {
                self.occ.place(t, kind, side);
            }
            self.units[usize::from(id.0)].at = to;
        }
        // Heroes sharing a space: put back any other piece of the same kind and side we cleared.
        self.rebuild_cells();
    }

    fn rebuild_cells(&mut self) {
        self.occ.clear();
        for u in &self.units {
            if let (false, Some(at)) = (u.destroyed, u.at) {
                self.occ.place(at, u.piece(), u.side);
            }
        }
    }

    fn mover(&self, u: UnitId, at: Square, movement: u8, fast: bool) -> Mover {
        Mover {
            at,
            kind: self.kind_of(u),
            side: self.unit(u).side,
            movement,
            actions: 1,
            agile: self.has_skill(u, Skill::Agile),
            fast,
            jump: self.has_skill(u, Skill::Jump),
        }
    }

    /// Where the next move action of `decl` may end.
    fn move_options(&self, d: &Decl) -> Vec<Square> {
        let u = d.unit.expect("unit");
        let unit = self.unit(u);
        let mut m = self.movement(u);
        if d.assault == Some(true) {
            m *= 2;
        }
        let plan_moves = d.plan.map_or(0, plan_moves);
        // Fast applies to one move action: the last one declared (docs/rulings.md).
        let fast = self.has_skill(u, Skill::Fast) && d.moves.len() + 1 == plan_moves;
        let start = if d.moves.is_empty() { unit.at } else { d.moves.last().copied() };
        let mut out: Vec<Square> = Vec::new();
        match start {
            Some(at) => {
                let r = reach(&self.board, &self.occ, &self.mover(u, at, m, fast));
                out = r.squares();
            }
            None => {
                // "Unit Entry": the first move enters from an entry square, which costs one point.
                for &e in &self.entry[unit.side] {
                    let mv = self.mover(u, e, m.saturating_sub(1) + u8::from(fast), false);
                    if !self.board.contains(e)
                        || !crate::reach::can_stop(&self.board, &self.occ, &mv, e)
                        || self.occ.at(e).has_side(unit.side.other())
                    {
                        continue;
                    }
                    out.push(e);
                    if mv.movement > 0 {
                        out.extend(reach(&self.board, &self.occ, &mv).squares());
                    }
                }
                out.sort();
                out.dedup();
            }
        }
        out
    }

    fn do_move(&mut self, u: UnitId, to: Square) {
        if self.unit(u).destroyed {
            return;
        }
        let from = self.unit(u).at;
        self.move_unit(u, Some(to));
        self.units[usize::from(u.0)].moved = true;
        if let Some(j) = self.unit(u).joined {
            self.units[usize::from(j.0)].moved = true;
        }
        match from {
            None => self.events.push(Event::Entered(u, to)),
            Some(f) => self.events.push(Event::Moved(u, vec![f, to])),
        }
        if self.kind_of(u) == PieceKind::Vehicle && self.board.cover(to) == Some(CoverElement::AmmoCrate) {
            // "Upon entering the space, vehicles may choose to crush the crate": the engine always
            // crushes (docs/rulings.md).
            self.board.remove_cover(to);
            self.events.push(Event::Crushed(u, to));
        }
    }

    // ----- declarations ---------------------------------------------------------------------------

    fn decl_options(&self, d: &Decl) -> Vec<Decision> {
        let Some(u) = d.unit else {
            return self.activatable(d.side).map(Decision::Activate).collect();
        };
        if d.separate.is_none() {
            return vec![Decision::Use(Optional::Separate, false), Decision::Use(Optional::Separate, true)];
        }
        let Some(plan) = d.plan else {
            return self.plans(u).into_iter().map(Decision::Plan).collect();
        };
        if d.assault.is_none() {
            return vec![Decision::Use(Optional::Assault, false), Decision::Use(Optional::Assault, true)];
        }
        if d.moves.len() < plan_moves(plan) {
            let opts = self.move_options(d);
            return opts.into_iter().map(Decision::MoveTo).collect();
        }
        if d.cursor < d.lines.len() {
            let line = d.lines[d.cursor];
            let mut v = vec![Decision::Aim {
                line,
                target: None,
                ammo: 0,
            }];
            v.extend(self.aim_options(d, line).into_iter().map(|a| Decision::Aim {
                line: a.line,
                target: Some(a.target),
                ammo: a.ammo,
            }));
            return v;
        }
        for (flag, opt) in [
            (d.berserk, Optional::Berserk),
            (d.all_in_one, Optional::AllInOne),
            (d.heroic, Optional::HeroicAttack),
        ] {
            if flag.is_none() {
                return vec![Decision::Use(opt, false), Decision::Use(opt, true)];
            }
        }
        Vec::new()
    }

    /// Fills in declaration items that have one possible answer; true if it changed something.
    fn decl_autofill(&self, d: &mut Decl) -> bool {
        let Some(u) = d.unit else { return false };
        if d.separate.is_none() {
            let joined = self.unit(u).joined.is_some_and(|j| !self.unit(j).destroyed);
            if !joined || d.reactive.is_some() {
                d.separate = Some(false);
                return true;
            }
            return false;
        }
        let Some(plan) = d.plan else { return false };
        if d.assault.is_none() {
            let can = plan_moves(plan) > 0 && self.has_skill(u, Skill::Assault) && !self.used(u, Skill::Assault);
            if !can {
                d.assault = Some(false);
                return true;
            }
            return false;
        }
        if d.moves.len() < plan_moves(plan) {
            let opts = self.move_options(d);
            if opts.is_empty() {
                // Nowhere to go: the move action is spent standing still.
                let here = d.moves.last().copied().or(self.unit(u).at);
                match here {
                    Some(h) => d.moves.push(h),
                    None => {
                        // Cannot enter: the unit does nothing this round (docs/rulings.md).
                        d.plan = Some(Plan::Two(Action::Nothing, Action::Nothing));
                        d.moves.clear();
                    }
                }
                return true;
            }
            return false;
        }
        if d.lines.is_empty() && d.cursor == 0 && plan_attacks(plan) {
            let lines = self.attack_lines(u, plan);
            if !lines.is_empty() {
                d.lines = lines;
                return true;
            }
        }
        if d.cursor < d.lines.len() {
            if self.aim_options(d, d.lines[d.cursor]).is_empty() {
                d.cursor += 1;
                return true;
            }
            return false;
        }
        let attacking = !d.aims.is_empty();
        if d.berserk.is_none() {
            if !(attacking && self.has_skill(u, Skill::Berserk) && !self.used(u, Skill::Berserk)) {
                d.berserk = Some(false);
                return true;
            }
            return false;
        }
        if d.all_in_one.is_none() {
            if !(attacking && self.has_skill(u, Skill::AllInOne) && !self.used(u, Skill::AllInOne)) {
                d.all_in_one = Some(false);
                return true;
            }
            return false;
        }
        if d.heroic.is_none() {
            let hero = self.group_hero(u);
            if !hero.is_some_and(|h| self.unit(h).card.has(Skill::HeroicAttack) && !self.used(h, Skill::HeroicAttack))
                || d.reactive.is_some()
            {
                d.heroic = Some(false);
                return true;
            }
            return false;
        }
        false
    }

    fn decl_apply(&mut self, d: &mut Decl, dec: Decision) {
        match dec {
            Decision::Activate(u) => d.unit = Some(u),
            Decision::Use(Optional::Separate, b) => {
                d.separate = Some(b);
                if b {
                    let u = d.unit.expect("unit");
                    if let Some(j) = self.unit(u).joined {
                        // "From then on, the hero operates alone as a separate unit." The hero
                        // keeps the activation state of the squad this round.
                        self.units[usize::from(u.0)].joined = None;
                        self.units[usize::from(j.0)].joined = None;
                        self.events.push(Event::Separated(j));
                    }
                }
            }
            Decision::Plan(p) => d.plan = Some(p),
            Decision::Use(Optional::Assault, b) => d.assault = Some(b),
            Decision::MoveTo(s) => d.moves.push(s),
            Decision::Aim { line, target, ammo } => {
                if let Some(t) = target {
                    d.aims.push(Aim { line, target: t, ammo });
                }
                d.cursor += 1;
            }
            Decision::Use(Optional::Berserk, b) => d.berserk = Some(b),
            Decision::Use(Optional::AllInOne, b) => d.all_in_one = Some(b),
            Decision::Use(Optional::HeroicAttack, b) => d.heroic = Some(b),
            _ => {}
        }
    }

    /// When the declaration is complete, the steps that carry it out.
    fn decl_finish(&self, d: &Decl) -> Option<Vec<Step>> {
        let u = d.unit?;
        let plan = d.plan?;
        if d.separate.is_none()
            || d.assault.is_none()
            || d.moves.len() < plan_moves(plan)
            || d.cursor < d.lines.len()
            || d.berserk.is_none()
            || d.all_in_one.is_none()
            || d.heroic.is_none()
        {
            return None;
        }
        if plan_attacks(plan) && d.lines.is_empty() && d.cursor == 0 && !self.attack_lines(u, plan).is_empty() {
            return None;
        }
        let mut steps = Vec::new();
        let berserk = d.berserk == Some(true);
        let all_in_one = d.all_in_one == Some(true);
        let attack = |sustained: bool| Step::Attack {
            unit: u,
            aims: d.aims.clone(),
            sustained,
            berserk,
            all_in_one,
        };
        if let Some(trigger) = d.reactive {
            let _ = trigger;
            steps.push(attack(false));
            return Some(steps);
        }
        let mut once = Vec::new();
        if d.assault == Some(true) {
            once.push(Skill::Assault);
        }
        if berserk {
            once.push(Skill::Berserk);
        }
        if all_in_one {
            once.push(Skill::AllInOne);
        }
        steps.push(Step::Begin {
            unit: u,
            plan,
            once,
            heroic: d.heroic == Some(true),
        });
        let fast = self.has_skill(u, Skill::Fast);
        let mut moves = d.moves.iter().copied();
        match plan {
            Plan::Sustained => steps.push(attack(true)),
            Plan::Charge => {
                for _ in 0..2 {
                    if let Some(to) = moves.next() {
                        steps.push(Step::Move { unit: u, to });
                    }
                }
                steps.push(Step::Window { trigger: u });
                steps.push(attack(false));
            }
            Plan::Two(a, b) => {
                // "Possible Situations for Reactive Fire" (docs/rulings.md for the rest).
                let window_after_first = match (a, b) {
                    (Action::Move, Action::Move) => !fast,
                    (Action::Move, _) => true,
                    (Action::Attack, Action::Move) => true,
                    _ => false,
                };
                let window_after_second = matches!((a, b), (Action::Move, Action::Move) if fast)
                    || matches!((a, b), (Action::Reload | Action::Nothing, Action::Move));
                for (i, act) in [a, b].into_iter().enumerate() {
                    match act {
                        Action::Move => {
                            if let Some(to) = moves.next() {
                                steps.push(Step::Move { unit: u, to });
                            }
                        }
                        Action::Attack => steps.push(attack(false)),
                        Action::Reload => steps.push(Step::Reload { unit: u }),
                        Action::Nothing => {}
                    }
                    if (i == 0 && window_after_first) || (i == 1 && window_after_second) {
                        steps.push(Step::Window { trigger: u });
                    }
                }
            }
        }
        steps.push(Step::EndActivation(u));
        Some(steps)
    }

    fn used(&self, u: UnitId, s: Skill) -> bool {
        let unit = self.unit(u);
        unit.used.contains(&s) || unit.joined.is_some_and(|j| self.unit(j).used.contains(&s))
    }

    fn group_hero(&self, u: UnitId) -> Option<UnitId> {
        let unit = self.unit(u);
        if unit.card.kind == UnitKind::Hero {
            return Some(u);
        }
        unit.joined.filter(|j| !self.unit(*j).destroyed)
    }

    fn plans(&self, u: UnitId) -> Vec<Plan> {
        use Action::*;
        let unit = self.unit(u);
        if unit.at.is_none() {
            // "Each unit's first action is always a one space move."
            return vec![Plan::Two(Move, Move), Plan::Two(Move, Attack), Plan::Two(Move, Nothing)];
        }
        let mut v = vec![
            Plan::Two(Move, Move),
            Plan::Two(Move, Attack),
            Plan::Two(Move, Nothing),
            Plan::Two(Nothing, Nothing),
        ];
        let can_attack_now = !self.attack_lines(u, Plan::Sustained).is_empty() && {
            let d = Decl {
                unit: Some(u),
                plan: Some(Plan::Sustained),
                ..Decl::new(unit.side)
            };
            self.attack_lines(u, Plan::Sustained)
                .iter()
                .any(|&l| !self.aim_options(&d, l).is_empty())
        };
        if can_attack_now {
            v.extend([Plan::Two(Attack, Move), Plan::Two(Attack, Nothing), Plan::Sustained]);
        }
        let unloaded = unit
            .card
            .weapons
            .iter()
            .enumerate()
            .any(|(i, w)| w.keywords.reload && unit.loaded & (1 << i) == 0);
        if unloaded {
            v.extend([
                Plan::Two(Reload, Nothing),
                Plan::Two(Move, Reload),
                Plan::Two(Reload, Move),
                Plan::Two(Reload, Attack),
            ]);
            if can_attack_now {
                v.push(Plan::Two(Attack, Reload));
            }
        }
        if self.has_skill(u, Skill::Charge) {
            v.push(Plan::Charge);
        }
        v
    }

    /// Weapon lines of the unit and its joined hero that an attack of this plan may use.
    fn attack_lines(&self, u: UnitId, plan: Plan) -> Vec<u8> {
        let mut v = Vec::new();
        let mut add = |id: UnitId, offset: u8| {
            let unit = self.unit(id);
            for (i, w) in unit.card.weapons.iter().enumerate() {
                if plan == Plan::Charge && !matches!(w.range, WeaponRange::Close | WeaponRange::Spaces { max: 1, .. }) {
                    continue;
                }
                v.push(offset + i as u8);
            }
        };
        add(u, 0);
        if let Some(h) = self.unit(u).joined.filter(|j| !self.unit(*j).destroyed) {
            if self.unit(u).card.kind == UnitKind::Squad {
                add(h, HERO_LINE);
            }
        }
        v
    }

    fn line_owner(&self, u: UnitId, line: u8) -> (UnitId, usize) {
        if line >= HERO_LINE {
            (self.unit(u).joined.unwrap_or(u), usize::from(line - HERO_LINE))
        } else {
            (u, usize::from(line))
        }
    }

    /// Where the unit will be when its attack of this declaration happens.
    fn attack_position(&self, d: &Decl) -> Option<Square> {
        let u = d.unit?;
        match d.plan? {
            Plan::Two(Action::Move, _) | Plan::Charge => d.moves.last().copied(),
            Plan::Two(Action::Reload, Action::Attack) => self.unit(u).at,
            _ => self.unit(u).at,
        }
    }

    fn aim_options(&self, d: &Decl, line: u8) -> Vec<Aim> {
        let Some(u) = d.unit else { return Vec::new() };
        let Some(from) = self.attack_position(d) else { return Vec::new() };
        let (owner, li) = self.line_owner(u, line);
        let unit = self.unit(owner);
        let Some(w) = unit.card.weapons.get(li) else { return Vec::new() };
        if w.keywords.reload && unit.loaded & (1 << li) == 0 {
            return Vec::new();
        }
        // Squads fire a line only with living carriers; limited ammo belongs to the whole unit.
        let squad_alive = self.unit(u).health;
        let max_ammo: u8 = match w.ammo {
            Some(_) => {
                let left = if self.has_skill(u, Skill::Badass) {
                    w.ammo.unwrap_or(0)
                } else {
                    unit.ammo[li]
                };
                let cap = if unit.card.kind == UnitKind::Squad { squad_alive } else { left };
                left.min(cap)
            }
            None => 0,
        };
        if w.ammo.is_some() && max_ammo == 0 {
            return Vec::new();
        }
        if unit.card.kind == UnitKind::Squad && w.ammo.is_none() && unit.carriers(li) == 0 {
            return Vec::new();
        }
        let already: Vec<Target> = d.aims.iter().map(|a| a.target).collect();
        let _ = already;
        let mut out = Vec::new();
        let attacker_kind = self.kind_of(u);
        let targets: Vec<UnitId> = match d.reactive {
            Some(t) => vec![t],
            None => (0..self.units.len()).map(|i| UnitId(i as u8)).collect(),
        };
        for t in targets {
            let tu = self.unit(t);
            if tu.side == d.side || tu.destroyed || tu.is_joined_hero() {
                continue;
            }
            let Some(to) = tu.at else { continue };
            let value = w.table.against(self.armor_of(t));
            if value == CombatValue::NoEffect {
                continue;
            }
            if !self.in_fire_zone(w, from, to, attacker_kind, self.kind_of(t)) {
                continue;
            }
            push_ammo(&mut out, line, Target::Unit(t), w, value, max_ammo);
        }
        if d.reactive.is_none() && !w.keywords.flame {
            // "Attacking Cover Elements": crates are armor vehicle 3 (2 health), traps vehicle 5 (4 health).
            for s in self.board.squares() {
                let Some(el) = self.board.cover(s) else { continue };
                let value = w.table.against(cover_armor(el));
                if value == CombatValue::NoEffect || !self.in_fire_zone(w, from, s, attacker_kind, PieceKind::Vehicle) {
                    continue;
                }
                push_ammo(&mut out, line, Target::Cover(s), w, value, max_ammo);
            }
        }
        out
    }

    fn in_fire_zone(&self, w: &WeaponLine, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool {
        let d = range(from, to);
        if !w.range.reaches(d) {
            return false;
        }
        let shot = Shot {
            from,
            to,
            attacker,
            target,
        };
        line_of_sight(&self.board, &self.occ, &shot).is_ok()
    }

    fn armor_of(&self, u: UnitId) -> Armor {
        self.unit(u).card.armor
    }

    /// Units that may attempt reactive fire against `trigger`: not activated, on the board, with
    /// a weapon that can reach and damage it ("Reactive Fire").
    fn reactors(&self, trigger: UnitId) -> Vec<UnitId> {
        let t = self.unit(trigger);
        let Some(to) = t.at else { return Vec::new() };
        if t.destroyed {
            return Vec::new();
        }
        let side = t.side.other();
        let mut v = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            let id = UnitId(i as u8);
            if u.side != side || u.destroyed || u.activated || u.is_joined_hero() {
                continue;
            }
            let Some(from) = u.at else { continue };
            let d = Decl {
                unit: Some(id),
                reactive: Some(trigger),
                plan: Some(Plan::Two(Action::Attack, Action::Nothing)),
                ..Decl::new(side)
            };
            let _ = (from, to);
            if self
                .attack_lines(id, Plan::Sustained)
                .into_iter()
                .any(|l| !self.aim_options(&d, l).is_empty())
            {
                v.push(id);
            }
        }
        v
    }

    // ----- attacks -------------------------------------------------------------------------------

    fn start_attack(&mut self, u: UnitId, aims: Vec<Aim>, sustained: bool, berserk: bool, all_in_one: bool) {
        if self.unit(u).destroyed {
            return;
        }
        // Declared resources are spent even if the target is already gone ("3) Declare Targets").
        for a in &aims {
            let (owner, li) = self.line_owner(u, a.line);
            let badass = self.has_skill(u, Skill::Badass);
            let unit = &mut self.units[usize::from(owner.0)];
            if unit.card.weapons[li].ammo.is_some() && !badass {
                unit.ammo[li] = unit.ammo[li].saturating_sub(a.ammo);
            }
            if unit.card.weapons[li].keywords.reload {
                unit.loaded &= !(1 << li);
            }
        }
        let (close, ranged): (Vec<Aim>, Vec<Aim>) = aims.into_iter().partition(|a| {
            let (o, li) = self.line_owner(u, a.line);
            self.unit(o).card.weapons[li].range == WeaponRange::Close
        });
        // "Resolve attacks from all other weapons first", then close combat; against the unit
        // before its cover element ("Attacking Cover Elements").
        let mut ranged = ranged;
        ranged.sort_by_key(|a| matches!(a.target, Target::Cover(_)));
        let mut defenders: Vec<UnitId> = close
            .iter()
            .filter_map(|a| if let Target::Unit(t) = a.target { Some(t) } else { None })
            .collect();
        defenders.dedup();
        for def in defenders.into_iter().rev() {
            let lines: Vec<Aim> = close.iter().filter(|a| a.target == Target::Unit(def)).copied().collect();
            self.stack.push(Step::CloseCombat {
                attacker: u,
                defender: def,
                lines,
                sustained,
                berserk,
                all_in_one,
                retaliate: None,
            });
        }
        for a in ranged.into_iter().rev() {
            let job = self.job(u, a, sustained, berserk, all_in_one, false);
            self.stack.push(Step::Fire(Box::new(job)));
        }
    }

    fn close_lines(&self, u: UnitId) -> Vec<Aim> {
        self.attack_lines(u, Plan::Sustained)
            .into_iter()
            .filter(|&l| {
                let (o, li) = self.line_owner(u, l);
                let unit = self.unit(o);
                unit.card.weapons[li].range == WeaponRange::Close && (unit.card.kind != UnitKind::Squad || unit.carriers(li) > 0)
            })
            .map(|line| Aim {
                line,
                target: Target::Unit(u),
                ammo: 0,
            })
            .collect()
    }

    fn can_retaliate(&self, defender: UnitId) -> bool {
        let d = self.unit(defender);
        !d.destroyed && !self.close_lines(defender).is_empty()
    }

    fn job(&self, attacker: UnitId, aim: Aim, sustained: bool, berserk: bool, all_in_one: bool, deferred: bool) -> FireJob {
        FireJob {
            attacker,
            line: aim.line,
            target: aim.target,
            ammo: aim.ammo,
            sustained,
            berserk,
            all_in_one,
            deferred,
            stage: Stage::Prepare,
            face: Face::Hit,
            dice: 0,
            hits: 0,
            failures: 0,
            chain: 0,
            power: 0,
            damage_per_hit: 0,
            save: None,
            ap_incendiary: false,
            damage: 0,
        }
    }

    fn prepare_fire(&mut self, job: &mut FireJob) {
        let u = job.attacker;
        if self.unit(u).destroyed && !job.deferred {
            return;
        }
        let (owner, li) = self.line_owner(u, job.line);
        let Some(from) = self.unit(u).at else { return };
        let card = self.unit(owner).card.clone();
        let w = &card.weapons[li];
        // In close-combat retaliation the target is the attacker of the close combat.
        let target = job.target;
        let (armor, target_kind, target_sq, target_alive) = match target {
            Target::Unit(t) => {
                let tu = self.unit(t);
                if tu.destroyed {
                    return;
                }
                (tu.card.armor, self.kind_of(t), tu.at, u32::from(tu.health))
            }
            Target::Cover(s) => match self.board.cover(s) {
                Some(el) => (cover_armor(el), PieceKind::Vehicle, Some(s), 1),
                None => return,
            },
        };
        let Some(to) = target_sq else { return };
        let value = w.table.against(armor);
        let unit = self.unit(owner);
        let per_squad = if unit.card.kind == UnitKind::Squad && w.ammo.is_none() {
            unit.carriers(li)
        } else {
            1
        };
        let per_ammo = if w.ammo.is_some() { u32::from(job.ammo) } else { 1 };
        let mut dice: u32 = match value {
            CombatValue::NoEffect => 0,
            CombatValue::Dice { dice, damage } => {
                job.damage_per_hit = damage;
                u32::from(dice) * per_squad * per_ammo
            }
            CombatValue::Phaser { aim, power } => {
                job.power = power;
                job.damage_per_hit = 1;
                u32::from(aim) * per_squad * per_ammo
            }
            CombatValue::Volley { dice, damage } => {
                job.damage_per_hit = damage;
                u32::from(dice[usize::from(job.ammo.clamp(1, 4) - 1)])
            }
            CombatValue::Incendiary { dice } => {
                job.damage_per_hit = 1;
                u32::from(dice) * target_alive * per_squad * per_ammo
            }
            CombatValue::ApIncendiary { dice } => {
                job.ap_incendiary = true;
                job.damage_per_hit = 1;
                u32::from(dice) * per_squad * per_ammo
            }
        };
        if w.keywords.burst {
            if let Target::Unit(t) = target {
                if !self.unit(t).moved {
                    dice *= 2; // "Burst Weapons"
                }
            }
        }
        if job.all_in_one {
            dice *= 2;
        }
        job.dice = dice.min(u32::from(u16::MAX)) as u16;
        // Spotter: "reverse the dice results" of its squad's attacks.
        job.face = if self.squad_has_role(u, crate::unit::Role::Spotter) {
            Face::Miss
        } else {
            Face::Hit
        };
        let cover = if let Target::Unit(t) = target {
            let tu = self.unit(t);
            let ignores = w.ignores_cover(value) || job.deferred;
            if ignores || tu.card.kind != UnitKind::Squad {
                None
            } else {
                let shot = Shot {
                    from,
                    to,
                    attacker: self.kind_of(u),
                    target: target_kind,
                };
                match line_of_sight(&self.board, &self.occ, &shot).map(|c| c.level) {
                    Ok(CoverLevel::Soft) => tu.card.soft_cover,
                    Ok(CoverLevel::Hard) => tu.card.hard_cover,
                    _ => None,
                }
            }
        } else {
            None
        };
        job.save = cover;
        self.events.push(Event::Fired {
            unit: u,
            weapon: w.name.clone(),
            target,
            dice: job.dice,
        });
        job.stage = Stage::Roll;
        job.failures = 0;
        job.hits = 0;
        job.chain = 0;
        job.damage = 0;
        let laser = w.keywords.laser;
        let _ = laser;
    }

    fn squad_has_role(&self, u: UnitId, role: crate::unit::Role) -> bool {
        let unit = self.unit(u);
        unit.card.kind == UnitKind::Squad
            && unit
                .card
                .models
                .iter()
                .enumerate()
                .any(|(i, m)| unit.alive & (1 << i) != 0 && m.role == Some(role))
    }

    fn fire_stage(&mut self, job: &mut FireJob, k: u16) {
        let (owner, li) = self.line_owner(job.attacker, job.line);
        let laser = self.unit(owner).card.weapons[li].keywords.laser;
        let resilient = matches!(job.target, Target::Unit(t) if self.unit(t).card.has(Skill::DamageResilient));
        match job.stage {
            Stage::Roll => {
                job.hits = k;
                job.failures = job.dice - k;
                job.stage = Stage::Sustained;
            }
            Stage::Sustained => {
                job.hits += k;
                job.failures -= k;
                job.stage = Stage::Berserk;
            }
            Stage::Berserk => {
                job.hits += k;
                job.failures -= k;
                job.stage = Stage::Laser;
                job.chain = job.hits;
            }
            Stage::Laser => {
                job.hits += k;
                job.chain = k;
            }
            Stage::Power => {
                job.hits = k;
                job.stage = Stage::Cover;
            }
            Stage::Cover => {
                job.hits -= k;
                job.stage = Stage::Resilient;
                job.damage = job.hits * u16::from(job.damage_per_hit);
            }
            Stage::Resilient => {
                job.damage -= k;
                job.stage = Stage::Prepare;
            }
            Stage::Prepare => {}
        }
        // Skip the stages that do not apply.
        loop {
            match job.stage {
                Stage::Sustained if !(job.sustained && job.failures > 0) => job.stage = Stage::Berserk,
                Stage::Berserk if !(job.berserk && job.failures > 0) => {
                    job.stage = Stage::Laser;
                    job.chain = job.hits;
                }
                Stage::Laser if !(laser && job.chain > 0) => {
                    job.stage = if job.power > 0 { Stage::Power } else { Stage::Cover };
                }
                Stage::Power if job.hits == 0 => job.stage = Stage::Cover,
                Stage::Cover if !(job.save.is_some() && job.hits > 0) => {
                    job.stage = Stage::Resilient;
                    job.damage = job.hits * u16::from(job.damage_per_hit);
                }
                Stage::Resilient if !(resilient && job.damage > 0 && !job.ap_incendiary) => job.stage = Stage::Prepare,
                _ => break,
            }
        }
        if job.stage == Stage::Prepare {
            self.finish_fire(job);
        } else {
            self.stack.push(Step::Fire(Box::new(job.clone())));
        }
    }

    fn finish_fire(&mut self, job: &FireJob) {
        let mut damage = job.damage;
        self.events.push(Event::Hits {
            target: job.target,
            hits: job.hits,
            damage,
        });
        match job.target {
            Target::Cover(s) => {
                if damage == 0 {
                    return;
                }
                let (owner, li) = self.line_owner(job.attacker, job.line);
                let flame = self.unit(owner).card.weapons[li].keywords.flame;
                let el = self.board.cover(s);
                // Cover elements have no health track in play: damage at least equal to their health destroys them.
                let hp = match el {
                    Some(CoverElement::AmmoCrate) => 2,
                    Some(CoverElement::AntiTankTrap) if !flame => 4,
                    _ => u16::MAX,
                };
                let destroyed = damage >= hp;
                if destroyed {
                    self.board.remove_cover(s);
                }
                self.events.push(Event::CoverHit(s, destroyed));
            }
            Target::Unit(t) => {
                if self.unit(t).heroic || self.unit(t).joined.is_some_and(|j| self.unit(j).heroic) {
                    damage = 0; // Heroic Attack
                }
                if job.ap_incendiary && job.hits > 0 {
                    // "eliminate the entire unit if at least one die result is a hit"
                    damage = 0;
                    self.destroy_group(t);
                }
                if damage > 0 {
                    if job.deferred {
                        self.deferred.push((t, damage));
                    } else {
                        self.stack.push(Step::Damage { unit: t, points: damage });
                    }
                }
            }
        }
    }

    fn destroy_group(&mut self, t: UnitId) {
        let ids: Vec<UnitId> = std::iter::once(t).chain(self.unit(t).joined).collect();
        for id in ids {
            if !self.unit(id).destroyed {
                let u = &mut self.units[usize::from(id.0)];
                u.health = 0;
                u.alive = 0;
                self.mark_destroyed(id);
            }
        }
    }

    fn mark_destroyed(&mut self, id: UnitId) {
        let u = &mut self.units[usize::from(id.0)];
        u.destroyed = true;
        let (side, ap) = (u.side, u.card.ap);
        if let Some(j) = u.joined.take() {
            self.units[usize::from(j.0)].joined = None;
        }
        self.units[usize::from(id.0)].at = None;
        self.vp[side.other()] += u32::from(ap);
        self.events.push(Event::Destroyed { unit: id, ap });
        self.rebuild_cells();
    }

    /// The choices for the next damage point on a unit: distinct miniatures (by what they carry)
    /// and the joined hero.
    fn casualty_options(&self, u: UnitId) -> Vec<Casualty> {
        let unit = self.unit(u);
        if unit.destroyed || unit.card.kind != UnitKind::Squad {
            return Vec::new();
        }
        let mut v = Vec::new();
        let mut seen: Vec<(u32, Option<crate::unit::Role>)> = Vec::new();
        for (i, m) in unit.card.models.iter().enumerate() {
            if unit.alive & (1 << i) != 0 && !seen.contains(&(m.weapons, m.role)) {
                seen.push((m.weapons, m.role));
                v.push(Casualty::Model(i as u8));
            }
        }
        if unit.joined.is_some_and(|j| !self.unit(j).destroyed) {
            v.push(Casualty::Hero);
        }
        v
    }

    fn apply_damage_auto(&mut self, u: UnitId, points: u16, only: Option<Casualty>) {
        let unit = self.unit(u);
        if unit.card.kind != UnitKind::Squad {
            let lost = (points.min(u16::from(unit.health))) as u8;
            self.units[usize::from(u.0)].health -= lost;
            self.events.push(Event::Damaged(u, lost));
            if self.unit(u).health == 0 {
                self.mark_destroyed(u);
            }
            return;
        }
        let mut left = points;
        while left > 0 && !self.unit(u).destroyed {
            let c = only.or_else(|| self.casualty_options(u).first().copied());
            let Some(c) = c else { break };
            self.take_casualty(u, c);
            left -= 1;
        }
    }

    fn take_casualty(&mut self, u: UnitId, c: Casualty) {
        match c {
            Casualty::Hero => {
                let Some(h) = self.unit(u).joined else { return };
                self.units[usize::from(h.0)].health -= 1;
                self.events.push(Event::Wounded(u, Casualty::Hero));
                if self.unit(h).health == 0 {
                    self.mark_destroyed(h);
                }
            }
            Casualty::Model(m) => {
                let unit = &mut self.units[usize::from(u.0)];
                if unit.alive & (1 << m) == 0 {
                    return;
                }
                unit.alive &= !(1 << m);
                unit.health -= 1;
                self.events.push(Event::Wounded(u, Casualty::Model(m)));
                if self.unit(u).health == 0 {
                    // The hero goes on alone ("separating" is forced by the squad's end).
                    self.mark_destroyed(u);
                }
            }
        }
    }
}

fn push_ammo(out: &mut Vec<Aim>, line: u8, target: Target, w: &WeaponLine, value: CombatValue, max_ammo: u8) {
    if w.ammo.is_some() {
        let max = match value {
            CombatValue::Volley { dice, .. } => max_ammo.min(dice.iter().filter(|&&d| d > 0).count() as u8),
            _ => max_ammo,
        };
        for a in 1..=max {
            out.push(Aim { line, target, ammo: a });
        }
    } else {
        out.push(Aim { line, target, ammo: 0 });
    }
}

fn cover_armor(el: CoverElement) -> Armor {
    match el {
        CoverElement::AmmoCrate => Armor {
            kind: ArmorType::Vehicle,
            class: 3,
        },
        CoverElement::AntiTankTrap => Armor {
            kind: ArmorType::Vehicle,
            class: 5,
        },
    }
}

fn plan_moves(p: Plan) -> usize {
    match p {
        Plan::Two(a, b) => usize::from(a == Action::Move) + usize::from(b == Action::Move),
        Plan::Sustained => 0,
        Plan::Charge => 2,
    }
}

fn plan_attacks(p: Plan) -> bool {
    match p {
        Plan::Two(a, b) => a == Action::Attack || b == Action::Attack,
        Plan::Sustained | Plan::Charge => true,
    }
}

impl Decl {
    fn new(side: Side) -> Decl {
        Decl {
            side,
            unit: None,
            reactive: None,
            separate: None,
            plan: None,
            assault: None,
            moves: Vec::new(),
            lines: Vec::new(),
            cursor: 0,
            aims: Vec::new(),
            berserk: None,
            all_in_one: None,
            heroic: None,
        }
    }
}

enum Need {
    Decide(Side),
    Chance(Roll),
    Internal,
}

struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn u8(&mut self, b: u8) {
        self.0 ^= u64::from(b);
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.u8(x);
        }
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn finish(&self) -> u64 {
        self.0
    }
}
