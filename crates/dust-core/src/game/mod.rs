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
//! Where each rule lives: `flow.rs` (initiative, activations, end of the round and of the game,
//! objectives), `movement.rs` (moves, unit entry), `declare.rs` (plans, targets, ammo, optional
//! skills, reactive-fire windows), `attack.rs` (dice per line, rerolls, laser, phaser, cover
//! saves, close combat), `damage.rs` (casualties, heroes' shared health, cover elements,
//! victory points), `skills.rs` (SKILL actions: Artillery Strike, Tank Head, Command Squad
//! abilities; Wiederbelebungsserum; flamethrower spread), `decision.rs` and `event.rs` (the
//! text forms and the event log).
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

mod attack;
mod battlefront;
mod damage;
mod decision;
mod declare;
mod event;
mod flow;
mod key;
mod movement;
pub(crate) mod rules;
mod skills;
#[doc(hidden)]
pub mod tests_support;

pub use decision::{Ability, Action, Casualty, Decision, Optional, ParseDecisionError, Plan, Target, UnitId};
pub use event::{Event, RollPurpose};

use crate::battlefront::{Facing, ScenarioRules};
use crate::board::Board;
use crate::dice::{BattlefrontDice, Die, Face, Roll, Symbols};
use crate::edition::Edition;
use crate::los::{line_of_sight, CoverLevel, Shot};
use crate::occupancy::Occupancy;
use crate::range::{range, WeaponRange};
use crate::reach::Mover;
use crate::rng::GameRng;
use crate::short_list::ShortList;
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::terrain::{CoverElement, PieceKind};
use crate::unit::{Armor, ArmorType, BattlefrontCard, BattlefrontSkill, CombatValue, Skill, UnitCard, UnitKind, WeaponLine};
use core::fmt;
use rules::EditionRules;
use skills::plan_has_skill;
use std::sync::Arc;

/// Hero weapon lines are numbered from here in decisions, after the squad's own lines.
pub const HERO_LINE: u8 = 32;

/// The most weapon lines a unit's card may have: a squad's miniatures say which lines they
/// carry in 32 bits, and hero lines are numbered from [`HERO_LINE`].
pub const MAX_LINES: usize = HERO_LINE as usize;

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
    /// Battlefront edition: what the unit's card says beyond the revised [`UnitCard`] (exact
    /// blast and automatic-kill values, weapon mounts, battlefront kinds); `None` for classic
    /// cards and in the revised edition, which ignores it.
    pub battlefront: Option<Arc<BattlefrontCard>>,
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
    /// The rulebook the game is played with (default: the revised edition).
    pub edition: Edition,
    /// Battlefront edition only: play with the classic two-symbol dice and the book's
    /// conversion ("Classic Dust Dice") instead of the three-symbol dice. Ignored by the revised
    /// edition.
    pub classic_dice: bool,
    /// Battlefront edition only: the scenario's objectives, victory points and reserves
    /// ([`ScenarioRules::preset`]); the default has none of them. Ignored by the revised edition.
    pub bf_rules: ScenarioRules,
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
    /// Holding it at the end of a round fulfils the scenario objective: the game ends then and
    /// the holder wins ("End of the Game": "One of the players fulfills his scenario objective").
    pub wins: bool,
    /// With `wins`: holding it wins only at the end of this round or a later one (0 or 1:
    /// from the first). Not a rule of either book: the project's own hills (issue 21), where a
    /// hill that won from the first round was a race the nearer searching side always won.
    pub wins_from: u8,
}

impl ObjectiveSetup {
    /// What holding it does, in words for players: "wins the game when held alone at the end of
    /// round 4 or later", "15 VP to its holder at the end"; a battlefront objective (no bonus of
    /// its own) "scored by the scenario's rules".
    pub fn terms(&self) -> String {
        let win = match (self.wins, self.wins_from) {
            (false, _) => None,
            (true, 0 | 1) => Some("wins the game when held alone at the end of a round".to_string()),
            (true, n) => Some(format!("wins the game when held alone at the end of round {n} or later")),
        };
        match (win, self.points) {
            (Some(w), 0) => w,
            (Some(w), p) => format!("{w}; {p} VP to its holder at the end"),
            // A battlefront objective: its scenario's rules say what it scores.
            (None, 0) => "scored by the scenario's rules".to_string(),
            (None, p) => format!("{p} VP to its holder at the end"),
        }
    }
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
    /// Limited ammo left per weapon line (a card has at most [`MAX_LINES`] lines).
    pub ammo: ShortList<u8, MAX_LINES>,
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
    /// Once-per-game skills already used (each at most once: the engine offers a skill only
    /// while it is unused, so the list is shorter than the number of skills).
    pub used: ShortList<Skill, 32>,
    /// Battlefront edition: once-per-game battlefront skills already used (Fighting Spirit,
    /// once).
    pub bf_used: ShortList<BattlefrontSkill, 8>,
    /// Heroic Attack in effect this round.
    pub heroic: bool,
    /// Once-per-round skills already used this round (Medal of Honor, a Command Squad attempt).
    pub round_used: ShortList<Skill, 32>,
    /// Command Squad abilities that may succeed only once per game and did (Field Repair,
    /// "Come on guys"; each once, of the seven abilities).
    pub abilities_used: ShortList<Ability, 8>,
    /// How many times the unit has been destroyed (a revived or repaired unit can be destroyed
    /// again, and scores again: "Command Squad Abilities").
    pub times_destroyed: u8,
    /// Battlefront edition: the card's battlefront part ([`UnitSetup::battlefront`]).
    pub bf: Option<Arc<BattlefrontCard>>,
    /// How many squares its model occupies ([`Game::model_squares`]; one unless the edition's
    /// rules set it up otherwise).
    squares: u8,
    /// Battlefront edition: the direction the unit faces ("1) Check Field of Fire").
    pub facing: Facing,
    /// Battlefront edition: a vehicle of one square whose pilot dismounted; it takes no action
    /// until a pilot mounts it again ("Piloting Vehicles": "If the Hero dismounts the Vehicle,
    /// the Vehicle cannot take any actions until they mount it again unless it is a Large or
    /// Huge Vehicle").
    pub bf_left: bool,
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
        // "Reloadable Weapons": they begin the game loaded; artillery weapons reload too
        // ("Artillery Weapons (Range A)").
        let loaded = card
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| reloadable(w))
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
            used: ShortList::new(),
            bf_used: ShortList::new(),
            heroic: false,
            round_used: ShortList::new(),
            abilities_used: ShortList::new(),
            times_destroyed: 0,
            bf: None,
            squares: 1,
            facing: Facing::default(),
            bf_left: false,
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
    /// Miniatures on the board: alive miniatures for a squad, one for a hero or a vehicle, none
    /// once destroyed ("Incendiary Blast": dice per targeted miniature).
    pub fn miniatures(&self) -> u32 {
        match (self.destroyed, self.card.kind) {
            (true, _) => 0,
            (false, UnitKind::Squad) => self.alive.count_ones(),
            (false, _) => 1,
        }
    }
    /// Whether the unit is a hero joined to a squad.
    pub fn is_joined_hero(&self) -> bool {
        // `joined` first: it is in the unit, the kind behind the card's pointer.
        self.joined.is_some() && self.card.kind == UnitKind::Hero
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
pub(crate) struct Aim {
    line: u8,
    target: Target,
    ammo: u8,
    /// Flamethrowers of range 2 or more: the spaces the flames cross before the target.
    via: [Option<Square>; 3],
}

impl Aim {
    fn new(line: u8, target: Target, ammo: u8) -> Aim {
        Aim {
            line,
            target,
            ammo,
            via: [None; 3],
        }
    }
}

/// A copy of a game's pending declaration ([`Game::declaration`]), to ask the game what it
/// would offer after more decisions in it ([`Game::declare_in`]) without copying the game.
/// Only meaningful with the game it was taken from, unchanged.
#[derive(Clone, Debug)]
pub struct Declaration(Box<Decl>);

#[derive(Clone, Debug)]
pub(crate) struct Decl {
    side: Side,
    unit: Option<UnitId>,
    /// Reactive fire against this unit: only an attack on it.
    reactive: Option<UnitId>,
    separate: Option<bool>,
    plan: Option<Plan>,
    assault: Option<bool>,
    moves: Vec<Square>,
    /// Battlefront edition: the facing of a large or huge model at the end of each declared
    /// move leg (named by the square behind its front square).
    bf_faces: Vec<Facing>,
    /// Battlefront edition: the facing a one-square unit chose for the end of its last Move
    /// ([`Decision::Face`]).
    face: Option<Facing>,
    lines: Vec<u8>,
    cursor: usize,
    aims: Vec<Aim>,
    /// Revised edition: the ranged lines aimed, in the order the player chose them to fire
    /// ([`Decision::Fire`]); the lines not in it fire after them, in card order.
    fired: Vec<u8>,
    berserk: Option<bool>,
    all_in_one: Option<bool>,
    heroic: Option<bool>,
    medal: Option<bool>,
    /// Battlefront edition: Fighting Spirit used in this attack.
    spirit: Option<bool>,
    /// The SKILL action's ability and unit (`Some(None)`: nothing could be done).
    ability: Option<Option<(Ability, UnitId)>>,
    /// The second SKILL action of a SKILL + SKILL plan, the same way.
    ability2: Option<Option<(Ability, UnitId)>>,
    /// An indirect shot ordered by this observer ("Indirect Shot").
    indirect: Option<UnitId>,
    /// A flamethrower's path being chosen: the aim, and the spaces chosen so far.
    spread: Option<(Aim, Vec<Square>)>,
    /// Battlefront edition: the activation of a pilot who dismounts this vehicle ("Piloting
    /// Vehicles"): his first Move leaves its squares, and he may not mount again.
    bf_dismount: Option<UnitId>,
    /// Battlefront edition: the unit has three actions this activation (Ace Pilot), and
    /// declares a [`Plan::Three`].
    bf_three: bool,
    /// Battlefront edition: the declaration is made one part of the plan at a time
    /// ([`Game::bf_parts`]): "Activating a Unit" declares the actions (and the skills) up front,
    /// a Move's destination is chosen when the Move is made, and an Attack's targets in its step
    /// "4) Declare Targets" — so a reactive attack after the first action is known when the
    /// second is declared. `None`: the whole activation is declared at once (the revised
    /// edition, a reactive attack, an indirect shot, a plan of one part).
    bf_part: Option<BfPart>,
    /// The decisions offered now, when `decl_autofill` had to work them out anyway to see
    /// whether there was a choice (moves, targets, abilities, flame spaces). Set only while the
    /// declaration waits on top of the stack for a decision, and the state does not change
    /// until that decision; cleared by every change of the declaration.
    options: Option<Vec<Decision>>,
}

/// Where a battlefront declaration made part by part stands ([`Decl::bf_part`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct BfPart {
    /// The part of the plan declared now (an index into [`Game::bf_parts`]).
    index: u8,
    /// A March Move whose first leg is made: the Move points it left for the rest of the March
    /// and whether it spent the activation's cheap first diagonal (worked out before the leg
    /// was made, from where the unit stood).
    rest: Option<(u8, bool)>,
    /// The optional skills (Berserk, All In One, Heroic Attack, Medal of Honor, Fighting
    /// Spirit) were declared and spent with an earlier part.
    uses_done: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    Prepare,
    Roll,
    Sustained,
    Berserk,
    Medal,
    Laser,
    Power,
    Cover,
    Resilient,
}

#[derive(Clone, Debug)]
pub(crate) struct FireJob {
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
    /// Battlefront edition: the save the target rolls, if any ("6) Roll Saves"), and whether
    /// it is a cover save (else the infantry save).
    bf_save: Option<(Symbols, bool)>,
    /// Battlefront edition: the symbols that hit on the first roll and its sustained reroll.
    bf_hit: Symbols,
    ap_incendiary: bool,
    damage: u16,
    /// A sniper line: the attacker chooses the miniature ("Sniper").
    sniper: bool,
    /// At the Medal of Honor stage, the attacker chooses whether this roll gets the reroll or a
    /// later line of the hero's does.
    medal_choice: bool,
    /// Battlefront edition: a set-up weapon fired in an activation with a Move action rolls
    /// half its dice, rounded up ("Set-Up Weapons").
    half: bool,
    /// Battlefront edition: the soldiers of the squad that fire this line in this attack, when
    /// some of its carriers fire another ranged weapon ("Soldiers with Several Weapons").
    firers: Option<u32>,
    /// Battlefront edition: the hits on a hero, vehicle or aircraft alone whose Damage Resilient
    /// is still to be rolled, one roll per hit ([`Game::bf_resilient_dice`]); `damage` holds the
    /// points taken so far.
    bf_res_hits: u16,
    /// The hits the attack dice showed before any cover save: Wiederbelebungsserum heals "one
    /// health point for each ⊕ result" (docs/rulings.md, "Wiederbelebungsserum").
    rolled_hits: u16,
}

#[derive(Clone, Debug)]
enum Step {
    RoundStart,
    Initiative {
        a: Option<u16>,
    },
    /// Battlefront edition: the sides tied on army symbols; the targets among each side's other
    /// dice break the tie ("Roll for Initiative").
    InitiativeTargets {
        army: BySide<u16>,
        a: Option<u16>,
    },
    ChooseFirst(Side),
    NextActivation,
    Declare(Box<Decl>),
    /// The activation starts: once-per-game skills are spent. `quiet`: inside reactive fire
    /// (already activated and announced).
    Begin {
        unit: UnitId,
        plan: Plan,
        once: Vec<Skill>,
        heroic: bool,
        quiet: bool,
    },
    Move {
        unit: UnitId,
        to: Square,
        /// Battlefront edition: the facing a large or huge model ends the leg with.
        face: Option<Facing>,
    },
    Window {
        trigger: UnitId,
        /// The units that may react, worked out when the window waits for the decision (the
        /// state does not change until it is taken); `None` until then.
        reactors: Option<Vec<UnitId>>,
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
        medal: bool,
        /// Battlefront edition: the activation also takes a Move action (set-up weapons).
        moving: bool,
        /// Battlefront edition: Fighting Spirit, hits on the target symbol too.
        spirit: bool,
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
    /// Damage points on a unit, one casualty at a time. `by`: the side that chooses the
    /// casualties when it is not the owner (Sniper).
    Damage {
        unit: UnitId,
        points: u16,
        by: Option<Side>,
        /// The points a hero joined to the squad loses for each point he is chosen to take: 1,
        /// or in the battlefront edition the weapon's damage rating against him ("7) Suffer
        /// Damage": a squad loses one miniature per hit, a hero the rating).
        hero: u8,
    },
    Reload {
        unit: UnitId,
    },
    /// A SKILL action naming a unit.
    Ability {
        unit: UnitId,
        ability: Ability,
        target: UnitId,
    },
    /// The die of a Command Squad ability that needs one.
    AbilityRoll {
        unit: UnitId,
        ability: Ability,
        target: UnitId,
    },
    /// Battlefront edition: the Damage Resilient dice of a casualty chosen in a squad with a
    /// joined hero, rolled before it is taken (the [`Step::Damage`] it came from, and the
    /// casualty).
    Resilient {
        unit: UnitId,
        points: u16,
        by: Option<Side>,
        hero: u8,
        casualty: Casualty,
    },
    /// Battlefront edition: the die of a hero whose vehicle was destroyed while he piloted it
    /// ("Piloting Vehicles").
    Escape {
        hero: UnitId,
        /// The squares the vehicle occupied, its front square first.
        squares: Vec<Square>,
    },
    /// Battlefront edition: the square a pilot who escaped from a destroyed large or huge
    /// vehicle is placed into ([`Decision::Escape`]; "Piloting Vehicles").
    EscapeTo {
        hero: UnitId,
        squares: Vec<Square>,
    },
    /// Battlefront edition: the die of an Ace Pilot whose vehicle or aircraft activates; on an
    /// army symbol the declaration below has three actions ("Ace Pilot").
    AcePilot {
        unit: UnitId,
    },
    /// Battlefront edition: the owner of a unit just eliminated chooses whether it goes to
    /// reserve ([`Decision::Reserve`]).
    Reserve {
        unit: UnitId,
    },
    /// Wiederbelebungsserum: heroes recover health after all weapon lines are resolved.
    Serum,
    /// The end of an activation inside another one (an indirect shot's artillery unit).
    Ended(UnitId),
    EndActivation(UnitId),
    RoundEnd,
    SelfRepair {
        unit: UnitId,
    },
    /// A vehicle entered a space with an ammo crate: its side chooses whether it crushes it
    /// ("Spaces with Cover Elements": "vehicles may choose to crush the crate").
    Crush {
        unit: UnitId,
        at: Square,
    },
    /// "Get up, it ain't that bad": the medic's side chooses which missing miniature returns.
    Revive {
        medic: UnitId,
        squad: UnitId,
    },
    Over,
}

/// A game of Dust Tactics in progress.
#[derive(Clone, Debug)]
pub struct Game {
    /// Shared between copies of the game (issue 21: search copies the game per play-out, and
    /// the board, the entry squares and the objectives were most of a copy); a copy that
    /// removes a cover element gets its own board (`Arc::make_mut`).
    board: Arc<Board>,
    occ: Occupancy,
    entry: Arc<BySide<Vec<Square>>>,
    round_limit: u8,
    units: Vec<Unit>,
    round: u8,
    turn: Side,
    vp: BySide<u32>,
    stack: Vec<Step>,
    /// Close-combat damage waiting for both sides' rolls: the unit, the points, the points a
    /// joined hero loses per point he takes ([`Step::Damage`]'s `hero`).
    deferred: Vec<(UnitId, u16, u8)>,
    /// Scenario objectives ("Calculating Victory Points": bonus points for holding them).
    objectives: Arc<Vec<ObjectiveSetup>>,
    /// Damage taken by cover elements, by board index ("Attacking Cover Elements").
    cover_damage: Vec<u8>,
    /// Units that activate right after the current activation (Command Squad orders).
    follow_up: Vec<UnitId>,
    /// The hero whose Medal of Honor reroll is still available in the current attack.
    medal: Option<UnitId>,
    /// Hits scored by Wiederbelebungsserum heroes in the current attack.
    serum: Vec<(UnitId, u16)>,
    winner: Option<Option<Side>>,
    events: Vec<Event>,
    die: Die,
    /// The rulebook; every rule that differs asks it through [`Game::rules`] (`rules.rs`).
    edition: Edition,
    /// The battlefront edition's own state (its dice, scenario rules and counts; empty in the
    /// revised edition).
    bf: battlefront::BattlefrontState,
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
        for u in setup.units.iter().filter(|u| u.card.weapons.len() > MAX_LINES) {
            problems.push(format!("{}: a card has at most {MAX_LINES} weapon lines", u.card.name));
        }
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        let rules = rules::rules_of(setup.edition);
        let mut units: Vec<Unit> = setup.units.iter().map(|u| Unit::new(u.card.clone(), u.side)).collect();
        rules.setup_units(&mut units, &setup);
        for (i, u) in setup.units.iter().enumerate() {
            if u.card.kind == UnitKind::Squad && u.card.models.len() != usize::from(u.card.health) {
                problems.push(format!("{}: a squad card needs one model per miniature", u.card.name));
            }
            if let Some(j) = u.joins {
                if let Some(problem) = rules.pilot_refused(&setup, u, j) {
                    problems.push(problem);
                    continue;
                }
                let pilots = rules.begins_piloting(&setup, u, j);
                let ok = u.card.kind == UnitKind::Hero
                    && setup
                        .units
                        .get(j)
                        .is_some_and(|s| s.card.kind == UnitKind::Squad && s.side == u.side && s.card.armor == u.card.armor);
                if !ok && !pilots {
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
                    if u.card.has(gate) != squad.has(gate) && !pilots && rules.joining_needs_both(gate) {
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
        let board_len = setup.board.len();
        let mut g = Game {
            board: Arc::new(setup.board),
            occ,
            entry: Arc::new(setup.entry),
            round_limit: setup.round_limit.max(1),
            units,
            round: 0,
            turn: Side::A,
            vp: BySide::default(),
            stack: vec![Step::RoundStart],
            deferred: Vec::new(),
            cover_damage: vec![0; board_len],
            objectives: Arc::new(setup.objectives),
            follow_up: Vec::new(),
            medal: None,
            serum: Vec::new(),
            winner: None,
            events: Vec::new(),
            die: Die::REVISED,
            edition: setup.edition,
            bf: battlefront::BattlefrontState {
                dice: setup.edition.battlefront_dice(setup.classic_dice),
                rules: setup.bf_rules,
                reserved: BySide::default(),
                to_reserve: Vec::new(),
                decided: None,
                apart: Vec::new(),
                ap_destroyed: BySide::default(),
            },
        };
        // Exactly the pieces of the units: a hero that joined a squad may have left a space
        // another hero shares, and moves keep it so one space at a time (battlefront: large and
        // huge models placed before the game hold all their squares).
        g.rebuild_cells();
        rules.game_begins(&mut g);
        g.advance();
        Ok(g)
    }

    // ----- public queries -------------------------------------------------------------------

    /// The board (with cover elements as they are now).
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The board as the copies of this game share it: two games whose boards are the same
    /// allocation ([`Arc::ptr_eq`]) have equal boards, told without comparing every square.
    pub fn shared_board(&self) -> &Arc<Board> {
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
    #[inline]
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
    /// The rulebook the game is played with.
    pub fn edition(&self) -> Edition {
        self.edition
    }
    /// The battlefront edition's dice (`None` in the revised edition).
    pub fn battlefront_dice(&self) -> Option<BattlefrontDice> {
        self.bf.dice
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

    /// The declaration being made: the nearest on the stack, but not a later part of a
    /// battlefront activation that waits under the part being made (or the reaction to it).
    fn current_decl(&self) -> Option<&Decl> {
        let top = self.stack.len().checked_sub(1)?;
        self.stack.iter().enumerate().rev().find_map(|(i, s)| match s {
            Step::Declare(d) if i == top || d.bf_part.is_none_or(|p| p.index == 0) => Some(&**d),
            _ => None,
        })
    }

    /// The unit being declared or activated, if any (for user interfaces).
    pub fn declaring(&self) -> Option<UnitId> {
        self.current_decl().and_then(|d| d.unit)
    }

    /// The plan of the declaration being made, once chosen (for user interfaces).
    pub fn declared_plan(&self) -> Option<Plan> {
        self.current_decl().and_then(|d| d.plan)
    }

    /// Where the Moves of the declaration being made end, as chosen so far, in order (in the
    /// battlefront edition, where an activation is declared part by part, the legs already made
    /// included).
    pub fn declared_moves(&self) -> Vec<Square> {
        self.current_decl().map(|d| d.moves.clone()).unwrap_or_default()
    }

    /// The lines aimed so far in the declaration being made, as `aim` decisions in card order,
    /// followed by the `fire` decisions of the order chosen so far ([`Decision::Fire`]): what
    /// the AI and the user interfaces need to weigh the choice of order
    /// ([`crate::odds::from_game::declared_lines`] reads them in this form). Empty when no
    /// declaration is being made.
    pub fn declared_aims(&self) -> Vec<Decision> {
        let Some(d) = self.current_decl() else {
            return Vec::new();
        };
        d.aims
            .iter()
            .map(|a| Decision::Aim {
                line: a.line,
                target: Some(a.target),
                ammo: a.ammo,
            })
            .chain(d.fired.iter().map(|&l| Decision::Fire(l)))
            .collect()
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
            h.u8(u.round_used.len() as u8);
            h.u8(u.abilities_used.len() as u8);
            h.u8(u.times_destroyed);
        }
        self.rules().hash_state(self, &mut h);
        h.bytes(&self.cover_damage);
        for f in &self.follow_up {
            h.u8(f.0);
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

    /// Battlefront edition: the pilot whose square is to be chosen ([`Decision::Escape`]), if
    /// that is the pending decision.
    pub fn escaping(&self) -> Option<UnitId> {
        match self.stack.last() {
            Some(Step::EscapeTo { hero, .. }) => Some(*hero),
            _ => None,
        }
    }

    /// Every decision the deciding side may take now (empty when a chance event or nothing is pending).
    pub fn legal_decisions(&self) -> Vec<Decision> {
        match self.stack.last() {
            Some(Step::ChooseFirst(_)) => vec![Decision::First(Side::A), Decision::First(Side::B)],
            Some(Step::Declare(d)) => self.decl_options(d),
            Some(Step::Window { trigger, reactors }) => {
                let mut v = vec![Decision::React(None)];
                match reactors {
                    Some(r) => v.extend(r.iter().map(|&u| Decision::React(Some(u)))),
                    None => v.extend(self.reactors(*trigger).into_iter().map(|u| Decision::React(Some(u)))),
                }
                v
            }
            Some(Step::CloseCombat { retaliate: None, .. }) => vec![Decision::Retaliate(true), Decision::Retaliate(false)],
            Some(Step::Damage { unit, .. }) => self.casualty_options(*unit).into_iter().map(Decision::Casualty).collect(),
            Some(Step::Crush { .. }) => vec![Decision::Use(Optional::Crush, false), Decision::Use(Optional::Crush, true)],
            Some(Step::Fire(job)) if job.medal_choice => vec![
                Decision::Use(Optional::MedalOfHonor, false),
                Decision::Use(Optional::MedalOfHonor, true),
            ],
            Some(Step::Revive { squad, .. }) => self.revive_options(*squad).into_iter().map(Decision::Revive).collect(),
            Some(Step::Reserve { .. }) => vec![Decision::Reserve(true), Decision::Reserve(false)],
            Some(Step::EscapeTo { squares, .. }) => squares.iter().map(|&s| Decision::Escape(s)).collect(),
            _ => Vec::new(),
        }
    }

    /// What [`Game::legal_decisions`] would be after `decisions` were applied one after the
    /// other with [`Game::apply_unchecked`], worked out on a copy of the declaration pending
    /// now ([`Game::declaration`], [`Game::declare_in`]), without copying the game. `None` when
    /// a copy of the declaration cannot tell (see [`Game::declare_in`]); then apply them to a
    /// copy of the game.
    pub fn decisions_after(&self, decisions: &[Decision]) -> Option<Vec<Decision>> {
        let mut d = self.declaration()?;
        for &dec in decisions {
            if !self.declare_in(&mut d, dec) {
                return None;
            }
        }
        Some(self.declaration_options(&mut d))
    }

    /// Whether plans `a` and `b`, declared by the same unit in the same position, offer the
    /// same choices up to and including the squares of their first Move leg, so that a
    /// planner may ask the engine once for both (issue 21). False unless the edition's rules
    /// say so (revised: the plans that begin with a Move; `crates/dust-ai/tests/players.rs`
    /// checks it in played games).
    pub fn same_first_leg(&self, a: Plan, b: Plan) -> bool {
        self.rules().same_first_leg(a, b)
    }

    /// A copy of the declaration pending now, if one is, to ask what the engine would offer
    /// after more decisions in it without copying the game (issue 21: the greedy player asked
    /// a copy of the whole game where each plan's moves may go).
    pub fn declaration(&self) -> Option<Declaration> {
        match self.stack.last() {
            Some(Step::Declare(d)) => Some(Declaration(d.clone())),
            _ => None,
        }
    }

    /// Makes decision `dec` in `decl`, a copy of this game's pending declaration
    /// ([`Game::declaration`]), as [`Game::apply_unchecked`] makes it in the game (it does not
    /// check that it is legal); [`Game::declaration_options`] then tells what the engine would
    /// offer next. False when a copy of the declaration cannot tell, and `decl` is then of no
    /// further use: the decision changes more than the declaration (choosing a unit whose
    /// pilot dismounts or whose Ace Pilot die is rolled, separating a hero, passing), or the
    /// declaration is complete after it (its steps would change the game: a move made, a
    /// reaction window opened, an attack rolled).
    pub fn declare_in(&self, decl: &mut Declaration, dec: Decision) -> bool {
        let d = &mut decl.0;
        // As `apply_unchecked` and then `advance` do with the declaration on top.
        if !self.decl_note(d, dec) {
            return false;
        }
        d.options = None;
        while self.decl_autofill(d) {}
        self.decl_finish(d).is_none()
    }

    /// What the engine offers next in `decl`, a copy of this game's pending declaration
    /// ([`Game::declare_in`]). The options `decl` kept from working them out are handed over
    /// (a copy of `decl` made afterwards is the smaller for it; asked again, they are worked
    /// out again, the same).
    pub fn declaration_options(&self, decl: &mut Declaration) -> Vec<Decision> {
        match decl.0.options.take() {
            Some(v) => v,
            None => self.decl_options(&decl.0),
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
                Pending::Decision { side } => Game::count_refused(&legal, d).unwrap_or_else(|| {
                    format!(
                        "side {side} must choose one of: {}",
                        legal.iter().take(12).map(ToString::to_string).collect::<Vec<_>>().join(", ")
                    )
                }),
            };
            return Err(IllegalDecision { decision: d, reason });
        }
        self.apply_unchecked(d);
        Ok(())
    }

    /// Why aim `d` is refused when the same line may take the same target with other numbers
    /// (the ammo spent, or the soldiers or crew weapons firing): the numbers it may take.
    fn count_refused(legal: &[Decision], d: Decision) -> Option<String> {
        let Decision::Aim {
            line,
            target: Some(t),
            ammo,
        } = d
        else {
            return None;
        };
        let counts: Vec<u8> = legal
            .iter()
            .filter_map(|x| match *x {
                Decision::Aim {
                    line: l,
                    target: Some(tt),
                    ammo: a,
                } if l == line && tt == t => Some(a),
                _ => None,
            })
            .collect();
        let (&lo, &hi) = (counts.first()?, counts.last()?);
        let list = counts.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        Some(if counts == [0] {
            format!(
                "weapon line {line} fires at {t} with every soldier (or damage point) still free and takes no number: `aim {line} {t} 0`; a number is offered only where its soldiers could fire a later line instead (docs/rulings.md, \"Battlefront soldiers with several weapons\")"
            )
        } else if ammo > hi {
            format!(
                "weapon line {line} may fire at {t} with at most {hi} (the ammo left, or the soldiers or crew weapons still free that no line aimed before it needs), not {ammo}: one of {list}"
            )
        } else if ammo < lo {
            format!("weapon line {line} needs a number from {lo} to fire at {t}, not {ammo}: one of {list}")
        } else {
            format!("weapon line {line} may not fire at {t} with {ammo}: one of {list}")
        })
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
            (Step::Declare(decl), Decision::First(s)) if decl.unit.is_none() => {
                // Battlefront "Passing": the other side activates next.
                self.events.push(Event::Passed(decl.side));
                self.turn = s;
                self.stack.push(Step::NextActivation);
            }
            (Step::Declare(mut decl), d) => {
                self.decl_apply(&mut decl, d);
                let ace = match d {
                    Decision::Activate(u) if decl.bf_dismount.is_none() && decl.reactive.is_none() => self.rules().ace_pilot(self, u),
                    _ => false,
                };
                let unit = decl.unit;
                self.stack.push(Step::Declare(decl));
                if let (true, Some(unit)) = (ace, unit) {
                    self.stack.push(Step::AcePilot { unit });
                }
            }
            (Step::Window { trigger, .. }, Decision::React(r)) => {
                if let Some(reactor) = r {
                    self.rules().reactor_chosen(self, reactor);
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
            (Step::Damage { unit, points, by, hero }, Decision::Casualty(c)) => self.damage_point(unit, points, by, hero, c),
            (Step::Fire(mut job), Decision::Use(Optional::MedalOfHonor, now)) if job.medal_choice => {
                job.medal_choice = false;
                if now {
                    self.stack.push(Step::Fire(job));
                } else {
                    // Kept for a later line of the hero's in this attack.
                    job.stage = Stage::Laser;
                    job.chain = job.hits;
                    self.continue_fire(&mut job);
                }
            }
            (Step::Crush { unit, at }, Decision::Use(Optional::Crush, crush)) => {
                if crush && self.board.cover(at) == Some(CoverElement::AmmoCrate) {
                    Arc::make_mut(&mut self.board).remove_cover(at);
                    self.events.push(Event::Crushed(unit, at));
                }
            }
            (Step::Revive { squad, .. }, Decision::Revive(m)) => self.revive(squad, m),
            (Step::Reserve { unit }, Decision::Reserve(b)) => self.bf_reserve(unit, b),
            (Step::EscapeTo { hero, .. }, Decision::Escape(at)) => self.bf_place_pilot(hero, at),
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
}

/// Whether a weapon line must be reloaded after it fires: reloadable weapons and artillery
/// ("Reloadable Weapons", "Artillery Weapons (Range A)").
fn reloadable(w: &WeaponLine) -> bool {
    w.keywords.reload || w.range == WeaponRange::Artillery
}

/// The numbers a weapon line's aims may carry (the third number of `aim LINE TARGET N`: ammo
/// spent, or in the battlefront edition the soldiers or crew weapons firing, 0 for every one
/// still free), a set of 0 to 255 that needs no allocation.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub(super) struct Counts([u64; 4]);

impl Counts {
    /// The numbers `lo..=hi` (none when `hi < lo`).
    pub(super) fn range(lo: u8, hi: u8) -> Counts {
        let mut c = Counts::default();
        for n in lo..=hi {
            c.insert(n);
        }
        c
    }
    pub(super) fn insert(&mut self, n: u8) {
        self.0[usize::from(n / 64)] |= 1 << (n % 64);
    }
    /// The numbers, smallest first.
    pub(super) fn iter(self) -> impl Iterator<Item = u8> {
        (0..4usize).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w as u32 * 64 + b) as u8)
            })
        })
    }
}

/// Hands `f` one aim at `target` per number of `counts` (a Volley line only as much ammo as its
/// value lists dice for); false when `f` asked to stop.
fn each_ammo(line: u8, target: Target, value: CombatValue, counts: Counts, f: &mut dyn FnMut(Aim) -> bool) -> bool {
    let cap = match value {
        CombatValue::Volley { dice, .. } => dice.iter().filter(|&&d| d > 0).count() as u8,
        _ => u8::MAX,
    };
    counts.iter().filter(|&a| a <= cap).all(|a| f(Aim::new(line, target, a)))
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
        Plan::Three(a, b, c) => [a, b, c].iter().filter(|&&x| x == Action::Move).count(),
        Plan::Sustained => 0,
        Plan::Charge => 2,
    }
}

fn plan_attacks(p: Plan) -> bool {
    match p {
        Plan::Two(a, b) => a == Action::Attack || b == Action::Attack,
        Plan::Three(a, b, c) => [a, b, c].contains(&Action::Attack),
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
            bf_faces: Vec::new(),
            face: None,
            lines: Vec::new(),
            cursor: 0,
            aims: Vec::new(),
            fired: Vec::new(),
            berserk: None,
            all_in_one: None,
            heroic: None,
            medal: None,
            spirit: None,
            ability: None,
            ability2: None,
            indirect: None,
            spread: None,
            bf_dismount: None,
            bf_three: false,
            bf_part: None,
            options: None,
        }
    }
}

pub(crate) enum Need {
    Decide(Side),
    Chance(Roll),
    Internal,
}

pub(crate) struct Fnv(u64);

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
