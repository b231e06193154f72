//! # Dust Battlefield: the rules flow on a measured table
//!
//! The battlefront game played on an open table (tactics-battlefield-summary.md): miniatures at
//! exact points of a [`dust_geom`] table, distances in centimetres (10 cm a point of Move or
//! Range), terrain as shapes, suppression tokens. This module is the game's state machine; it
//! asks [`dust_geom`] every geometric question (distance, line of sight, cover, templates, the
//! move check) and the shared rules every question the two books answer alike: the dice and
//! their symbols ([`crate::dice`]), the weapon lines and combat values of the cards
//! ([`crate::unit`]), what a save counts, what one hit marks off, what the reactive dice give,
//! who wins the initiative and who may pass ([`crate::rules_shared`]).
//!
//! ```text
//! FieldGame::new(setup, seed)          one constructor checks the set-up (cards, AP limit)
//!   pending() -> Pending               whose decision, or the game's end
//!   check(&decision) -> Result<(), Refusal>   the one place that decides legality, in words
//!   apply(decision) -> Result<(), Refusal>    check, then play it (dice from the seeded rng)
//!   candidates(limit) -> Vec<Decision>  a varied set of legal decisions (AI, random play)
//! ```
//!
//! The dice come from a [`GameRng`] seeded at construction: the same seed and the same
//! decisions make the same game, bit for bit (every geometric decision is an exact integer
//! predicate or an IEEE-exact length: docs/battlefield.md, "Exact and portable").

mod attack;
mod bunker;
mod carry;
mod command;
pub mod decision;
mod flow;
mod fortify;
mod generate;
mod naval;
mod passengers;
mod preview;
mod scatter;
mod skills;
mod skills2;
mod smoke;
mod special;
pub mod tests_support;
mod weapons;

pub use attack::{AttackOdds, Group, SightMemo};
pub use carry::held_together;
pub use command::Stimulant;
pub use decision::{Action, Aim, Decision, Declared, MiniMove, ReactChoice, Special};
pub use generate::formation;
pub use passengers::{Seat, CONTACT};
pub use preview::Question;
pub use scatter::Entry;
pub use skills::Stun;
pub use skills2::{is_spy, Used};

use crate::dice::BattlefrontDice;
use crate::rng::GameRng;
use crate::unit::{with_improvised, ArmorType, BattlefrontCard, BattlefrontKind, Locomotion, UnitCard, UnitKind};
use crate::{BySide, Side};
use core::fmt;
use dust_geom::table::{MiniKind, Table, TerrainKind};

/// A unit's card as the Battlefield game plays it: the card and its battlefront part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldCard {
    /// The card.
    pub card: UnitCard,
    /// What the battlefront edition's card says beyond it (kinds, exact values, mounts).
    pub bf: BattlefrontCard,
}

/// What a unit is, for the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// An infantry squad: each hit eliminates a miniature.
    Squad,
    /// An infantry support weapon: one base, a damage track.
    SupportWeapon,
    /// A hero: one miniature, a damage track.
    Hero,
    /// A vehicle (walker or tank).
    Vehicle,
    /// An aircraft.
    Aircraft,
}

impl Class {
    /// The class of a card.
    pub fn of(c: &FieldCard) -> Class {
        match (c.bf.kind, c.card.kind) {
            (Some(BattlefrontKind::SupportWeapon), _) => Class::SupportWeapon,
            (Some(BattlefrontKind::LargeAircraft), _) | (_, UnitKind::Aircraft) => Class::Aircraft,
            (Some(_), _) | (_, UnitKind::Vehicle) => Class::Vehicle,
            (None, UnitKind::Hero) => Class::Hero,
            (None, UnitKind::Squad) => Class::Squad,
        }
    }
    /// Infantry: squads, support weapons and heroes ("👤 Infantry (squads, support weapons,
    /// and heroes)").
    pub const fn infantry(self) -> bool {
        matches!(self, Class::Squad | Class::SupportWeapon | Class::Hero)
    }
}

/// The Battlefield game to set up: the table (terrain and the units placed on it, in the
/// table file's order), each unit's card, the turn limit and the AP limit.
#[derive(Clone, Debug)]
pub struct FieldSetup {
    /// The table and its units.
    pub table: Table,
    /// One card per unit of the table, in order.
    pub cards: Vec<FieldCard>,
    /// The scenario's turn limit ("The scenario reaches its turn limit").
    pub turns: u8,
    /// The AP limit the players chose ("Both sides must field units whose total AP value does
    /// not exceed an AP limit"); `None`: no limit.
    pub ap_limit: Option<u16>,
    /// Three-symbol dice, or the original Dust Tactics dice with the book's conversion.
    pub dice: BattlefrontDice,
    /// The scenario's reserves rule, if any.
    pub reserves: Reserves,
    /// A meeting engagement: "Units do not start the game on the table, but move on from their
    /// arrival zone as they are activated" (tactics-battlefield-summary.md, "SCENARIO SPECIAL
    /// RULES"); those not in reserve move on without a roll.
    pub meeting: bool,
    /// Which units start held in ambush (one flag per unit; at most one a side, and a hero that
    /// can join it): "You may hold one of your units in ambush. You may hold a hero that can join
    /// or pilot the unit in ambush with it" (tactics-battlefield-summary.md, "SCENARIO SPECIAL
    /// RULES").
    pub ambush: Vec<bool>,
    /// Which units of the table start in reserve (one flag per unit; missing: on the table).
    /// Their miniatures' places are where they stand as they move on, in their arrival zone.
    pub in_reserve: Vec<bool>,
    /// The vehicle each unit begins the game mounted in, as a passenger or its pilot (one entry
    /// per unit; missing: on the table): "Infantry units can begin the game mounted in the
    /// vehicle" (tactics-battlefield-summary.md, "CARRYING PASSENGERS"). A unit aboard a vehicle
    /// held in reserve or in ambush comes with it.
    pub aboard: Vec<Option<usize>>,
    /// Scattered reserves: "roll a die when a unit arrives from reserves to determine which
    /// arrival zone it will move on from" (tactics-battlefield-summary.md, "SCENARIO SPECIAL
    /// RULES").
    pub scattered: bool,
    /// The side the players chose to defend, if they chose ("the other may choose which side to
    /// attack or defend from"); a side fielding bunkers or strongpoints defends whatever this
    /// says ([`FieldGame::defender`]).
    pub defender: Option<Side>,
}

/// The reserves rule of a scenario (tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES":
/// "Reserves", "delayed reserves").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reserves {
    /// Every unit starts on the table.
    #[default]
    None,
    /// "You must hold at least half of your units (heroes are separate units) in reserve. When
    /// they activate, roll 1 die on turn 1, or 2 dice on turn 2 … Any units still in reserve in
    /// the third turn automatically move onto the table."
    Reserves,
    /// "do not roll on turn 1, but roll 1 die for your reserves on turn 2, and 2 dice on turn 3,
    /// with the reserves automatically arriving on turn 4."
    Delayed,
}

impl Reserves {
    /// The dice a unit in reserve rolls to arrive when it activates in `turn`: `Some(0)`: it
    /// cannot arrive yet; `None`: it arrives without a roll.
    pub const fn dice(self, turn: u8) -> Option<u16> {
        match (self, turn) {
            (Reserves::None, _) => None,
            (Reserves::Reserves, 1) | (Reserves::Delayed, 2) => Some(1),
            (Reserves::Reserves, 2) | (Reserves::Delayed, 3) => Some(2),
            (Reserves::Delayed, 1) => Some(0),
            _ => None,
        }
    }
}

/// Why a set-up cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The number of cards is not the number of units.
    CardCount {
        /// Units on the table.
        units: usize,
        /// Cards given.
        cards: usize,
    },
    /// A side fields more AP than the limit.
    OverLimit {
        /// The side.
        side: Side,
        /// Its units' total.
        ap: u16,
        /// The limit.
        limit: u16,
    },
    /// A side has no unit.
    NoUnits(Side),
    /// A unit has no miniature.
    Empty(String),
    /// The turn limit is 0.
    NoTurns,
    /// A side holds fewer than half of its units in reserve in a scenario with reserves.
    TooFewInReserve {
        /// The side.
        side: Side,
        /// Its units in reserve.
        held: usize,
        /// All its units (heroes count as units).
        units: usize,
    },
    /// A unit is held in reserve but the scenario has no reserves rule.
    ReserveWithoutScenario(String),
    /// A side holds more than one unit in ambush.
    TooManyInAmbush(Side),
    /// A unit cannot begin the game in the vehicle it is placed aboard: the unit, and why.
    Aboard(String, String),
    /// The set-up names a defender, but the other side fields more AP of bunkers and
    /// strongpoints.
    FortifiedDefender {
        /// The side the set-up names.
        chosen: Side,
        /// The side the fortifications make the defender.
        fortified: Side,
    },
    /// A unit with the Strongpoint skill stands outside every strongpoint and bunker.
    OutsideFortification(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::CardCount { units, cards } => write!(
                f,
                "the table places {units} units but {cards} cards were given: give one card per unit"
            ),
            SetupError::OverLimit { side, ap, limit } => write!(
                f,
                "side {side} fields {ap} AP, over the AP limit of {limit}: remove units from the table file or raise the limit"
            ),
            SetupError::NoUnits(s) => write!(
                f,
                "side {s} has no unit on the table: place at least one `[[unit]]` with side = \"{}\"",
                s.to_string().to_ascii_lowercase()
            ),
            SetupError::Empty(n) => write!(f, "unit `{n}` has no miniature on the table"),
            SetupError::NoTurns => f.write_str("the turn limit must be at least 1"),
            SetupError::TooFewInReserve { side, held, units } => write!(
                f,
                "side {side} holds {held} of its {units} units in reserve: the scenario's reserves rule asks for at least half (heroes are separate units); mark more units `reserve = true`"
            ),
            SetupError::TooManyInAmbush(s) => write!(
                f,
                "side {s} holds more than one unit in ambush: \"You may hold one of your units in ambush\" (and a hero that can join it with it); keep `ambush = true` on one unit, and on a hero of its Armour if it is an infantry squad or support weapon"
            ),
            SetupError::Aboard(n, why) => write!(f, "unit `{n}` cannot begin the game aboard: {why}"),
            SetupError::FortifiedDefender { chosen, fortified } => write!(
                f,
                "the set-up makes side {chosen} the defender, but side {fortified} fields the most AP of bunkers and strongpoints: \"If a player is fielding bunkers or strongpoints they will always be the defender\"; name side {fortified} the defender (or remove `defender`)"
            ),
            SetupError::OutsideFortification(n) => write!(
                f,
                "unit `{n}` has the Strongpoint skill: \"A Strongpoint unit must be deployed in a strongpoint or bunker\"; place its miniatures inside one"
            ),
            SetupError::ReserveWithoutScenario(n) => write!(
                f,
                "unit `{n}` is held in reserve but the scenario has no reserves: set `reserves` under [scenario] or remove `reserve = true`"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A refused decision: what is wrong, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What is wrong, where, and what would do.
    pub reason: String,
}

impl Refusal {
    pub(crate) fn new(reason: impl Into<String>) -> Refusal {
        Refusal { reason: reason.into() }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Refusal {}

/// A unit's tokens (tactics-battlefield-summary.md, "SUPPRESSION").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Tokens {
    /// An Under Fire token.
    pub under_fire: bool,
    /// A Suppression token ("A unit with a Suppression token cannot receive another").
    pub suppressed: bool,
}

/// The state of one unit beside its miniatures on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldUnit {
    /// Whose unit.
    pub side: Side,
    /// The card's model index of each miniature still on the table, in the table's order.
    pub models: Vec<u8>,
    /// Crosses left on the damage track (heroes, support weapons, vehicles, aircraft), or
    /// miniatures left (squads).
    pub health: u8,
    /// Under Fire and Suppression tokens.
    pub tokens: Tokens,
    /// Activated this turn (the card turned sideways).
    pub activated: bool,
    /// Eliminated.
    pub destroyed: bool,
    /// Its last action was a March Move (it cannot take an objective).
    pub last_march: bool,
    /// Held in reserve: off the table until it moves on.
    pub in_reserve: bool,
    /// The unmarked boxes of each weapon line with limited ammo (`None`: no boxes), in the
    /// card's line order ("LIMITED AMMO WEAPONS").
    pub ammo: Vec<Option<u8>>,
    /// A Stunned token (tactics-battlefield-summary.md, "TESLA WEAPONS", "GRAPPLE WEAPONS",
    /// "CHEAT DEATH").
    pub stunned: bool,
    /// The unit whose grapple weapon holds this one ("Remove the token if the unit with the
    /// grapple weapon takes an action other than a NOTHING action").
    pub grappled_by: Option<usize>,
    /// Camouflaged (tactics-battlefield-summary.md, "CAMOUFLAGE": "The unit starts the game
    /// camouflaged").
    pub camouflaged: bool,
    /// Dug in by a DOZER special action: in cover until it performs a MOVE or MARCH MOVE
    /// (tactics-battlefield-summary.md, "DOZER BLADE").
    pub dozed: bool,
    /// The Loaded token of a unit with Reload or Salvo weapons (tactics-battlefield-summary.md,
    /// "RELOAD WEAPONS", "SALVO WEAPONS"); `false` for a unit without such weapons.
    pub loaded: bool,
    /// A Stimulants token on the unit's card (tactics-battlefield-summary.md, "COMMAND SQUADS",
    /// "Inject Stimulants").
    pub stimulant: Option<Stimulant>,
    /// The skills usable once per game it has used ("FIGHTING SPIRIT", "LUCKY").
    pub used: Used,
}

/// Whose turn it is to do what.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// A decision of this side.
    Decision(Side),
    /// The game is over: the winner, `None` for a draw.
    Over(Option<Side>),
}

/// Why a roll was made (the game's log).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// Initiative, by a side.
    Initiative(Side),
    /// The initiative tie-break (targets among the other dice).
    InitiativeTargets(Side),
    /// To remove an Under Fire or Suppression token.
    Rally,
    /// The reactive attack's dice.
    Reactive,
    /// To hit.
    Hit,
    /// Re-rolling misses (Sustained Attack).
    Reroll,
    /// Saves.
    Save,
    /// Failed saves re-rolled in a bunker or strongpoint.
    SaveReroll,
    /// Damage Resilient.
    Resilient,
    /// Infantry Ace, Ace Pilot, Ace Air Pilot: the die for a third action.
    Ace,
    /// Cheat Death: the die of an eliminated hero.
    CheatDeath,
    /// The further dice of a chain: laser weapons, Berserk ("Continue scoring hits and rolling
    /// additional dice for each hit until it rolls a miss").
    Chain,
    /// A unit in reserve rolling to move on.
    Reserves,
    /// A unit placed from ambush rolling for its actions.
    Ambush,
    /// A vehicle entering terrain, infantry crossing wire.
    Terrain,
    /// The units carried in an eliminated vehicle: the pilot's escape, the passengers' dice.
    Carried,
    /// A minefield's attack on a unit moving into, through or out of it.
    Minefield,
    /// The die of a unit arriving from scattered reserves: where it moves on from.
    Scatter,
    /// An ENGINEERING special action.
    Engineering,
    /// Smoke shells: whether the smoke screen is placed.
    Smoke,
    /// A command squad's special action (Officer, Medic, Mechanic), a Tank Head's MAKESHIFT
    /// REPAIR, a Blutkreuz hero's RESURRECTION.
    Command,
    /// A spy off the table rolling to be placed ("SPY").
    Spy,
}

/// What happened, in order: the game's log, for the replay and the interfaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A turn began.
    TurnBegan(u8),
    /// Dice were rolled.
    Rolled {
        /// What for.
        purpose: Purpose,
        /// How many dice.
        dice: u16,
        /// Successes.
        successes: u16,
    },
    /// A side won the initiative.
    InitiativeWon(Side),
    /// A decision was applied.
    Decided(Side, Decision),
    /// A unit took a token (or lost its tokens).
    Tokens(usize, Tokens),
    /// A unit is stuck or halted and moves no more this activation.
    Halted(usize),
    /// A miniature was eliminated.
    Casualty(usize),
    /// A unit lost damage points.
    Damaged(usize, u8),
    /// A unit was eliminated (a vehicle's wreck stays as terrain).
    Eliminated(usize),
    /// A terrain piece was removed from the table (wire cut, a minefield cleared).
    Removed(String),
    /// A unit got back damage points (a vehicle repaired, a hero or support weapon treated) or a
    /// miniature (a squad).
    Restored(usize, u8),
    /// A unit took (`true`) or lost a Stunned token.
    Stunned(usize, bool),
    /// An objective is held at the end of a turn.
    Holds(Side, String),
    /// The game ended.
    Ended(Option<Side>),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::TurnBegan(t) => write!(f, "turn {t} begins"),
            Event::Rolled { purpose, dice, successes } => write!(f, "rolled {dice} dice ({purpose:?}): {successes} counted"),
            Event::InitiativeWon(s) => write!(f, "side {s} wins the initiative"),
            Event::Decided(s, d) => write!(f, "{s}: {d}"),
            Event::Tokens(u, t) => write!(f, "unit {u} tokens: under fire {}, suppressed {}", t.under_fire, t.suppressed),
            Event::Halted(u) => write!(f, "unit {u} stops moving for this activation"),
            Event::Casualty(u) => write!(f, "unit {u} loses a miniature"),
            Event::Damaged(u, p) => write!(f, "unit {u} loses {p} damage points"),
            Event::Eliminated(u) => write!(f, "unit {u} is eliminated"),
            Event::Removed(t) => write!(f, "{t} is removed from the table"),
            Event::Restored(u, n) => write!(f, "unit {u} gets back {n} damage point(s) or miniature(s)"),
            Event::Stunned(u, true) => write!(f, "unit {u} takes a Stunned token"),
            Event::Stunned(u, false) => write!(f, "unit {u} loses its Stunned token"),
            Event::Holds(s, o) => write!(f, "side {s} holds {o}"),
            Event::Ended(Some(s)) => write!(f, "the game ends: side {s} wins"),
            Event::Ended(None) => write!(f, "the game ends in a draw"),
        }
    }
}

/// A Battlefield game.
#[derive(Clone, Debug)]
pub struct FieldGame {
    /// The table as it stands: terrain (wrecks added), units with their miniatures now.
    table: Table,
    cards: std::sync::Arc<[FieldCard]>,
    units: Vec<FieldUnit>,
    turn: u8,
    turns: u8,
    rng: GameRng,
    dice: BattlefrontDice,
    phase: flow::Phase,
    /// The side whose activation (or pass) comes next.
    next: Side,
    act: Option<flow::Activation>,
    reaction: Option<flow::Activation>,
    casualties: std::collections::VecDeque<attack::Choice>,
    close: Option<attack::CloseStage>,
    destroyed_ap: BySide<u16>,
    held: BySide<u8>,
    events: Vec<Event>,
    log_events: bool,
    /// The scenario's reserves rule.
    reserves: Reserves,
    /// A meeting engagement.
    meeting: bool,
    /// The units held in ambush now.
    ambush: Vec<bool>,
    /// The units that roll to move on (held in reserve; in a meeting engagement the others
    /// wait off the table too, and move on without a roll).
    rolls: Vec<bool>,
    /// The miniatures of each unit in reserve, where they stand as they move on.
    waiting: Vec<Vec<dust_geom::table::Mini>>,
    /// The move check's working copy of the table (`flow::sync_table`).
    scratch: std::cell::RefCell<Option<Table>>,
    /// The units carried in vehicles ([`passengers`]).
    carry: passengers::Carry,
    /// The defender, if the fortifications or the players named one.
    defender: Option<Side>,
    /// Scattered reserves.
    scattered: bool,
    /// The unit arriving from scattered reserves and the stretch of table edge it moves on from,
    /// until it is placed there.
    entry: Option<(usize, Entry)>,
    /// The smoke screens fired during play: each piece's name and the last turn it stands.
    smoke: Vec<(String, u8)>,
    /// The turn each unit was last re-activated by GET MOVING (0: never).
    reactivated: Vec<u8>,
    /// A bunker being buried: the first of two ENGINEERING actions was taken by the unit on the
    /// piece, in the turn, as the action of that index of its plan.
    digging: Option<(usize, usize, u8, usize)>,
    /// The vehicles that have launched their smoke ("Once per game").
    smoke_launched: Vec<bool>,
    /// The Artillery Observer whose view an artillery unit's attack uses while it is planned or
    /// rolled, and whether that attack is a SUSTAINED ATTACK ("ARTILLERY OBSERVER"); set only
    /// for the length of one plan or roll (field/weapons.rs).
    observer: std::cell::Cell<Option<(usize, bool)>>,
    /// Each side's Officers have called up reinforcements, a replacement vehicle (command.rs:
    /// "the player cannot use the … action again").
    called_up: BySide<(bool, bool)>,
    /// The skills declared for the action under way ("SKILLS AND EQUIPMENT").
    declared: skills2::Declaration,
}

fn geom_side(s: dust_geom::table::Side) -> Side {
    match s {
        dust_geom::table::Side::A => Side::A,
        dust_geom::table::Side::B => Side::B,
    }
}

impl FieldGame {
    /// Sets the game up: one card per unit (the Improvised Weapons close-combat line added to
    /// infantry and vehicles, "An infantry or vehicle unit (but not aircraft) can always make a
    /// C attack using standard weapons", as the battlefront engine adds it), the AP limit
    /// checked, the first initiative rolled with dice from `GameRng::new(seed)`.
    ///
    /// # Errors
    /// A [`SetupError`] saying what to change.
    pub fn new(setup: FieldSetup, seed: u64) -> Result<FieldGame, SetupError> {
        if setup.cards.len() != setup.table.units.len() {
            return Err(SetupError::CardCount {
                units: setup.table.units.len(),
                cards: setup.cards.len(),
            });
        }
        if setup.turns == 0 {
            return Err(SetupError::NoTurns);
        }
        let mut ap = BySide { a: 0u16, b: 0u16 };
        let mut units = Vec::new();
        let mut cards = Vec::new();
        for (u, c) in setup.table.units.iter().zip(setup.cards) {
            if u.minis.is_empty() {
                return Err(SetupError::Empty(u.name.clone()));
            }
            let side = geom_side(u.side);
            ap[side] = ap[side].saturating_add(c.card.ap);
            let class = Class::of(&c);
            let health = match class {
                Class::Squad => u.minis.len() as u8,
                _ => c.card.health.max(1),
            };
            units.push(FieldUnit {
                side,
                models: (0..u.minis.len() as u8).collect(),
                health,
                tokens: Tokens::default(),
                activated: false,
                destroyed: false,
                last_march: false,
                in_reserve: false,
                ammo: Vec::new(),
                stunned: false,
                grappled_by: None,
                camouflaged: false,
                dozed: false,
                loaded: weapons::has_loaded_token(&c),
                stimulant: None,
                used: Used::default(),
            });
            let c = match with_improvised(&c.card, Some(&c.bf)) {
                Some((card, bf)) => FieldCard { card, bf },
                None => c,
            };
            cards.push(c);
        }
        let forts = fortify::fortification_ap(&setup.table);
        let defender = fortify::defender(forts, setup.defender)?;
        for s in Side::ALL {
            ap[s] = ap[s].saturating_add(forts[s]);
            if !units.iter().any(|u| u.side == s) {
                return Err(SetupError::NoUnits(s));
            }
            if let Some(limit) = setup.ap_limit {
                if ap[s] > limit {
                    return Err(SetupError::OverLimit { side: s, ap: ap[s], limit });
                }
            }
        }
        let mut table = setup.table;
        table.afloat = naval::afloat_of(&cards);
        let mut waiting = vec![Vec::new(); units.len()];
        let n = units.len();
        let mut rolls = vec![false; n];
        for (u, &held) in setup.in_reserve.iter().enumerate().take(n) {
            if !held {
                continue;
            }
            if setup.reserves == Reserves::None {
                return Err(SetupError::ReserveWithoutScenario(table.units[u].name.clone()));
            }
            units[u].in_reserve = true;
            rolls[u] = true;
        }
        let mut ambush = vec![false; n];
        for (u, &held) in setup.ambush.iter().enumerate().take(n) {
            if held {
                let side = units[u].side;
                let others: Vec<usize> = (0..u).filter(|&o| ambush[o] && units[o].side == side).collect();
                // One unit a side, and a hero that can join it held with it (carry.rs).
                if !carry::held_together(&cards, &others, u) {
                    return Err(SetupError::TooManyInAmbush(side));
                }
                ambush[u] = true;
                units[u].in_reserve = true;
            }
        }
        for u in (0..n).filter(|&u| skills2::is_spy(&cards[u])) {
            // "SPY": "This hero is not placed at the start of the game" (skills2.rs).
            units[u].in_reserve = true;
            ambush[u] = false;
            rolls[u] = false;
        }
        for (u, unit) in units.iter_mut().enumerate() {
            if unit.in_reserve || setup.meeting {
                unit.in_reserve = true;
                waiting[u] = std::mem::take(&mut table.units[u].minis);
            }
        }
        if setup.reserves != Reserves::None {
            for s in Side::ALL {
                let all = units.iter().filter(|u| u.side == s).count();
                // A unit aboard a vehicle in reserve is held in reserve with it.
                let rolling = |x: usize| rolls[x] || setup.aboard.get(x).copied().flatten().is_some_and(|v| rolls.get(v) == Some(&true));
                let held = (0..n).filter(|&x| units[x].side == s && rolling(x)).count();
                if 2 * held < all {
                    return Err(SetupError::TooFewInReserve { side: s, held, units: all });
                }
            }
        }
        let mut g = FieldGame {
            table,
            cards: cards.into(),
            units,
            turn: 0,
            turns: setup.turns,
            rng: GameRng::new(seed),
            dice: setup.dice,
            phase: flow::Phase::Over(None),
            next: Side::A,
            act: None,
            reaction: None,
            casualties: Default::default(),
            close: None,
            destroyed_ap: BySide { a: 0, b: 0 },
            held: BySide { a: 0, b: 0 },
            events: Vec::new(),
            log_events: true,
            reserves: setup.reserves,
            meeting: setup.meeting,
            ambush,
            rolls,
            waiting,
            scratch: Default::default(),
            carry: Default::default(),
            defender,
            scattered: setup.scattered,
            entry: None,
            smoke: Vec::new(),
            reactivated: vec![0; n],
            digging: None,
            smoke_launched: vec![false; n],
            observer: Default::default(),
            called_up: BySide {
                a: (false, false),
                b: (false, false),
            },
            declared: Default::default(),
        };
        g.board_at_setup(&setup.aboard)?;
        g.load_ammo();
        if let Some(e) = g.strongpoint_refusal() {
            return Err(e);
        }
        g.begin_turn();
        Ok(g)
    }

    /// The defender a table and the players' choice make ([`FieldGame::defender`]), as the game
    /// would decide it at set-up: for the table file's check.
    ///
    /// # Errors
    /// [`SetupError::FortifiedDefender`] when the choice names the side the fortifications do not.
    pub fn defender_of(table: &Table, chosen: Option<Side>) -> Result<Option<Side>, SetupError> {
        fortify::defender(fortify::fortification_ap(table), chosen)
    }
    /// The AP of the bunkers (15 each) and strongpoints (10 each) each side of a table fields.
    pub fn fortification_ap(table: &Table) -> BySide<u16> {
        fortify::fortification_ap(table)
    }
    /// The defender (tactics-battlefield-summary.md, "SETUP"): the side fielding the most AP
    /// of bunkers and strongpoints, else the side the players chose; `None` when neither says.
    pub fn defender(&self) -> Option<Side> {
        self.defender
    }
    /// The attacker: the defender's opponent.
    pub fn attacker(&self) -> Option<Side> {
        self.defender.map(Side::other)
    }
    /// The table as it stands now.
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// The units' states, in the table's order.
    pub fn units(&self) -> &[FieldUnit] {
        &self.units
    }
    /// Unit `u`'s card.
    pub fn card(&self, u: usize) -> &FieldCard {
        &self.cards[u]
    }
    /// Unit `u`'s class.
    pub fn class(&self, u: usize) -> Class {
        Class::of(&self.cards[u])
    }
    /// The turn (from 1).
    pub fn turn(&self) -> u8 {
        self.turn
    }
    /// The turn limit.
    pub fn turn_limit(&self) -> u8 {
        self.turns
    }
    /// The AP of enemy units each side eliminated.
    pub fn destroyed_ap(&self) -> BySide<u16> {
        self.destroyed_ap
    }
    /// The objectives each side held at the end of the last turn.
    pub fn objectives_held(&self) -> BySide<u8> {
        self.held
    }
    /// The game's log.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Stops (or resumes) keeping the log: the AI's search copies need none.
    pub fn set_logging(&mut self, on: bool) {
        self.log_events = on;
        if !on {
            self.events.clear();
        }
    }
    /// Gives the dice a new seed: a search copy of the game must not know the real game's
    /// next rolls (hidden information: the future dice).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = GameRng::new(seed);
    }
    /// Gives unit `u` these tokens (scenario set-ups and tests; heroes take none).
    pub fn set_tokens(&mut self, u: usize, t: Tokens) {
        if !self.immune_to_suppression(u) {
            self.units[u].tokens = t;
        }
    }
    /// Sets unit `u`'s damage points left (scenario set-ups and tests): at least 1, at most its
    /// card's; a squad's miniatures are its table's.
    pub fn set_health(&mut self, u: usize, health: u8) {
        if self.class(u) != Class::Squad && !self.units[u].destroyed {
            self.units[u].health = health.clamp(1, self.cards[u].card.health.max(1));
        }
    }
    /// The unit activating now, if any (the reacting unit during a reaction).
    pub fn acting(&self) -> Option<usize> {
        self.reaction.as_ref().or(self.act.as_ref()).map(|a| a.unit)
    }

    pub(crate) fn log(&mut self, e: Event) {
        if self.log_events {
            self.events.push(e);
        }
    }

    /// The Move rating of unit `u` in table units (10 cm a point); with a hero joined for the
    /// activation, "If their movement rates are different, the combined unit has the lower
    /// movement rate of the two" (tactics-battlefield-summary.md, "HEROES").
    pub fn move_units(&self, u: usize) -> i64 {
        let rate = |x: usize| i64::from(self.cards[x].card.movement) * dust_geom::measure::RANGE_UNIT;
        match self.joined_hero(u) {
            Some(h) => rate(u).min(rate(h)),
            None => rate(u),
        }
    }

    /// Whether unit `u` can never be suppressed: heroes (superhumans are heroes) "cannot be
    /// suppressed, so never receive Under Fire or Suppression tokens".
    pub fn immune_to_suppression(&self, u: usize) -> bool {
        self.class(u) == Class::Hero || self.cards[u].bf.has(crate::unit::BattlefrontSkill::Zombie)
    }

    /// Whether the vehicle rolls to enter terrain, and the symbols that let it go on: tracked
    /// "On a (👤) or (🎯), the vehicle may complete its movement"; half-tracked and wheeled "On
    /// a (👤)". Walkers and aircraft do not roll; a vehicle whose card names no locomotion rolls
    /// as tracked (docs/rulings.md, "Battlefield: vehicles that roll for terrain").
    pub(crate) fn terrain_roll(&self, u: usize) -> Option<crate::dice::Symbols> {
        if self.class(u) != Class::Vehicle {
            return None;
        }
        match self.cards[u].bf.locomotion {
            Some(Locomotion::Walker) => None,
            Some(Locomotion::Wheeled) => Some(crate::dice::Symbols::ARMY),
            Some(Locomotion::Tracked) | None => Some(crate::dice::Symbols::ARMY_OR_TARGET),
        }
    }

    /// The bunker or strongpoint unit `u` is in: every one of its miniatures stands (its
    /// centre) inside the piece (docs/rulings.md, "Battlefield: saves in bunkers and
    /// strongpoints").
    pub fn fortification(&self, u: usize) -> Option<TerrainKind> {
        self.fortification_piece(u).map(|i| self.table.terrain[i].kind)
    }

    /// The terrain piece of [`FieldGame::fortification`].
    pub(crate) fn fortification_piece(&self, u: usize) -> Option<usize> {
        let minis = &self.table.units.get(u)?.minis;
        if minis.is_empty() {
            return None;
        }
        self.table.terrain.iter().position(|p| {
            matches!(p.kind, TerrainKind::Bunker | TerrainKind::Strongpoint) && minis.iter().all(|m| p.area.holds(m.body.centre()))
        })
    }

    /// The re-roll of a failed infantry or cover save of unit `t` in a fortification, and the
    /// faces that save then: "Units in bunkers that fail an infantry or cover save re-roll the
    /// save, cancelling the hit on ☹️ or ☹️. Units in strongpoints that fail an infantry or
    /// cover save also re-roll the save, but only cancel the hit if the re-roll scores ☹️"
    /// (tactics-battlefield-summary.md, "Cover From Bunkers and Strongpoints"): the army symbol
    /// or the shield in a bunker, the army symbol in a strongpoint.
    pub(crate) fn save_reroll(&self, t: usize) -> Option<crate::dice::Symbols> {
        match self.fortification(t)? {
            TerrainKind::Bunker => Some(crate::dice::Symbols::ARMY_OR_SHIELD),
            _ => Some(crate::dice::Symbols::ARMY),
        }
    }

    /// The units of `side` still to activate this turn.
    pub fn left_to_activate(&self, side: Side) -> usize {
        (0..self.units.len())
            .filter(|&x| {
                let u = &self.units[x];
                u.side == side && !u.destroyed && !u.activated && self.counts_apart(x)
            })
            .count()
    }

    /// The AP of a side's units still in play.
    pub fn ap_left(&self, side: Side) -> u16 {
        self.units
            .iter()
            .zip(self.cards.iter())
            .filter(|(u, _)| u.side == side && !u.destroyed)
            .map(|(_, c)| c.card.ap)
            .sum()
    }

    /// A hash of the whole state (positions to the 0.1 mm, tokens, damage, turn, phase and the
    /// dice's state): equal hashes after a replay mean the same game. FNV-1a over a fixed byte
    /// order, the same on every machine.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        h.u64(u64::from(self.turn));
        h.u64(self.next.index() as u64);
        for (u, s) in self.table.units.iter().zip(&self.units) {
            h.u64(u.facing.degrees().into());
            for m in &u.minis {
                let c = m.body.centre();
                h.u64(c.x as u64);
                h.u64(c.y as u64);
            }
            h.u64(u64::from(s.health));
            h.u64(
                u64::from(s.tokens.under_fire)
                    | u64::from(s.tokens.suppressed) << 1
                    | u64::from(s.activated) << 2
                    | u64::from(s.destroyed) << 3
                    | u64::from(s.in_reserve) << 4
                    | u64::from(s.stunned) << 5
                    | u64::from(s.camouflaged) << 6
                    | u64::from(s.dozed) << 7
                    | u64::from(s.loaded) << 8
                    | u64::from(s.used.fighting_spirit) << 9
                    | u64::from(s.used.lucky) << 10,
            );
            for &m in &s.models {
                h.u64(m.into());
            }
            for a in &s.ammo {
                h.u64(a.map_or(u64::MAX, u64::from));
            }
            if let Some(t) = s.stimulant {
                // Hashed only when there is one: the hashes of games without stay as they were.
                h.u64(0x5717_0000 + t as u64);
            }
        }
        for u in 0..self.units.len() {
            h.u64(self.aboard(u).map_or(0, |(v, s)| 2 * v as u64 + 2 + u64::from(s == Seat::Pilot)));
        }
        h.u64(self.table.terrain.len() as u64);
        for c in [self.called_up.a, self.called_up.b] {
            if c != (false, false) {
                // Hashed only once used: the hashes of games without stay as they were.
                h.u64(0xca11 + u64::from(c.0) + 2 * u64::from(c.1));
            }
        }
        h.u64(u64::from(self.destroyed_ap.a) << 16 | u64::from(self.destroyed_ap.b));
        h.u64(self.rng.clone().next_u64());
        h.0
    }

    /// The armour of unit `u`'s card.
    pub(crate) fn armor(&self, u: usize) -> crate::unit::Armor {
        self.cards[u].card.armor
    }

    /// Whether the unit is an aircraft (by card or by its miniatures).
    pub(crate) fn is_aircraft(&self, u: usize) -> bool {
        self.class(u) == Class::Aircraft || self.table.units[u].kind == MiniKind::Aircraft || self.armor(u).kind == ArmorType::Aircraft
    }
}

struct Fnv(u64);

impl Fnv {
    fn u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}
