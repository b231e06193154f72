//! The rules engine (strategy-premium-rules.md, from "Setup" to "Special Abilities").
//!
//! The engine is a state machine. At every point it waits for one thing, [`Pending`]: a
//! decision by one player, a chance event (dice, a card draw, the Nurse's die) or nothing
//! (game over). [`Game::legal_decisions`] is the one place that decides legality;
//! [`Game::apply`] checks a decision against it and leaves the state untouched when it is
//! refused; [`Game::apply_unchecked`] is the fast path. Chance events have enumerable
//! outcomes ([`Game::chance_outcomes`]) and are resolved either with a given outcome
//! ([`Game::apply_chance`]) or by sampling a seeded [`GameRng`] ([`Game::resolve_chance`]).
//! Every change is reported as an [`Event`]. A game record is the configuration, the seed of
//! the chance generator and the decisions: replaying them gives the same [`Game::state_hash`].
//!
//! Hidden information: the hands and the face-down card choices are in the state (the engine
//! is the referee); what a player may see is [`Game::hand`] of his own seat and the public
//! state. [`Game::determinize`] redistributes the cards a given player cannot see, for search.
//!
//! ```
//! use dust_strategy::game::{Game, GameConfig, Pending};
//! use dust_strategy::GameRng;
//! let mut game = Game::builtin(GameConfig::new(3)).unwrap();
//! let mut rng = GameRng::new(1);
//! let mut ai = GameRng::new(2);
//! while !matches!(game.pending(), Pending::GameOver) {
//!     match game.pending() {
//!         Pending::Chance(_) => { game.resolve_chance(&mut rng); }
//!         Pending::Decision(_) => {
//!             let options = game.legal_decisions();
//!             let pick = options[ai.index(options.len())];
//!             game.apply(pick).unwrap();
//!         }
//!         Pending::GameOver => unreachable!(),
//!     }
//! }
//! assert!(!game.winners().is_empty() || game.round() >= game.config().round_limit);
//! ```

mod battle;
mod decision;
mod event;
mod flow;
mod hash;
#[cfg(test)]
mod tests;

pub use decision::{Decision, MoveMode, ParseDecisionError, PlayerId};
pub use event::{BattleKind, Event, Majority, Owner};

use crate::deck::{Ability, Card, CardId, Deck};
use crate::map::{areas_of, AreaId, WorldMap};
use crate::rng::GameRng;
use crate::units::{UnitKind, Units};
use core::fmt;
use std::sync::Arc;

/// Production centers in the box ("Production Centers": a 24-piece component limit).
pub const PRODUCTION_CENTER_LIMIT: u32 = 24;
/// Cards dealt to each player at setup ("Setup", step 2).
pub const DEAL: usize = 6;
/// The hand limit ("The Cards").
pub const HAND_LIMIT: usize = 5;
/// New units one production center may build in one production phase ("The Production
/// Phase").
pub const UNITS_PER_PRODUCTION_CENTER: u8 = 5;

/// How a game is played: number of players and the project's round limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameConfig {
    /// 2 to 6 players.
    pub players: u8,
    /// The game ends after this round even if nobody has won (a project addition so every
    /// game ends; the rulebook has no limit; see docs/strategy-rulings.md).
    pub round_limit: u16,
}

impl GameConfig {
    /// `players` players and the default round limit of 40.
    pub const fn new(players: u8) -> GameConfig {
        GameConfig { players, round_limit: 40 }
    }
    /// Victory points needed to win ("Victory": 50 for two players, 40 for three or four, 30
    /// for five or six).
    pub const fn victory_target(&self) -> u32 {
        match self.players {
            0..=2 => 50,
            3 | 4 => 40,
            _ => 30,
        }
    }
}

/// Why a game cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The player count is not 2 to 6.
    Players(u8),
    /// The deck cannot deal six cards to every player.
    DeckTooSmall {
        /// Cards in the deck.
        cards: usize,
        /// Cards needed.
        needed: usize,
    },
    /// The round limit is zero.
    RoundLimit,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "the game is for 2 to 6 players, not {n}"),
            SetupError::DeckTooSmall { cards, needed } => {
                write!(f, "the deck has {cards} cards but {needed} are needed to deal six to every player")
            }
            SetupError::RoundLimit => f.write_str("the round limit must be at least 1"),
        }
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

/// Why a chance outcome was refused. The state is untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalOutcome(pub u16);

impl fmt::Display for IllegalOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a possible outcome of the pending chance event", self.0)
    }
}

impl std::error::Error for IllegalOutcome {}

/// A chance event waiting to be resolved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Chance {
    /// Roll this many dice; the outcome is the number of hits (each die hits on 2 faces of 6).
    Dice(u32),
    /// Draw a card; the outcome is the card id, uniform over the draw pile.
    Draw,
    /// The Nurse's die: outcome 1 (hit: the unit is destroyed) or 0 (blank: it is saved).
    NurseDie,
}

/// What the engine waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// A decision by this player.
    Decision(PlayerId),
    /// A chance event.
    Chance(Chance),
    /// The game is over ([`Game::winners`]).
    GameOver,
}

/// One area in play.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AreaState {
    /// Who controls it (has units there); `None` if unoccupied.
    pub owner: Option<Owner>,
    /// The units there.
    pub units: Units,
    /// A production center stands there.
    pub pc: bool,
}

/// One player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    hand: Vec<CardId>,
    hidden: Option<CardId>,
    card: Option<CardId>,
    vp: u32,
    ability_used: bool,
    radar: bool,
    turn_done: bool,
    capital: Option<AreaId>,
}

impl PlayerState {
    /// Victory points.
    pub fn vp(&self) -> u32 {
        self.vp
    }
    /// The revealed card of the round (or of setup step 2 during setup).
    pub fn card(&self) -> Option<CardId> {
        self.card
    }
    /// Has he chosen a card face down (not yet revealed)?
    pub fn has_chosen(&self) -> bool {
        self.hidden.is_some()
    }
    /// Cards in hand (their number is public).
    pub fn hand_size(&self) -> usize {
        self.hand.len()
    }
    /// Has the special ability of this round's card been used?
    pub fn ability_used(&self) -> bool {
        self.ability_used
    }
    /// Has his turn of this round been taken?
    pub fn turn_done(&self) -> bool {
        self.turn_done
    }
    /// The capital he claimed at setup.
    pub fn home_capital(&self) -> Option<AreaId> {
        self.capital
    }
}

/// Where the state machine is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Deal,
    SetupCard,
    ClaimCapital,
    ClaimLand,
    PlacePc(u8),
    Reinforce,
    Initiative,
    Koshka,
    Production,
    Maneuver,
    Select,
    Battle,
    MissileKill(u8),
    StrikeCasualties(u8),
    GameOver,
}

/// What a chance event is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum ChanceFor {
    Deal,
    BuyDraw(u8),
    BattleRoll(u8),
    Reroll(u8),
    Sigrid(u8, u32),
    Nurse(u8, UnitKind),
    BomberStrike(AreaId),
    SubStrike(AreaId),
    Missile(AreaId),
}

/// The player's turn in progress (production, movement, combat) or his reinforcements.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Turn {
    player: u8,
    points: u32,
    built: Vec<(AreaId, u8)>,
    new_pcs: u128,
    acted: bool,
    cards_bought: bool,
    /// Cards paid for this production phase, drawn when it ends.
    cards_set_aside: u8,
    moves_left: u8,
    attacks_left: u8,
    combat_started: bool,
    used: Vec<(Option<AreaId>, AreaId)>,
    strike_target: Option<AreaId>,
}

/// What the current count questions are for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    Move(MoveMode, AreaId, AreaId),
    Attack(AreaId, AreaId, BattleKind),
    Retreat(u8),
    Drop(AreaId),
}

/// A series of count questions: one per slot (a unit kind, or an area for a mech drop).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Selection {
    purpose: Purpose,
    slots: Vec<(u8, u8)>,
    idx: usize,
    chosen: Vec<u8>,
    cap: u32,
}

impl Selection {
    fn total(&self) -> u32 {
        self.chosen.iter().map(|&n| u32::from(n)).sum()
    }
    fn range(&self) -> (u8, u8) {
        let (_, max) = self.slots[self.idx];
        let left = self.cap.saturating_sub(self.total());
        let hi = u32::from(max).min(left) as u8;
        let lo = u8::from(self.idx + 1 == self.slots.len() && self.total() == 0);
        (lo, hi)
    }
}

/// A retreating defending unit waiting for its area ("Retreating", steps 2 to 4).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Retreating {
    player: u8,
    kind: UnitKind,
    from: AreaId,
    not_to: Option<AreaId>,
}

/// The game.
#[derive(Clone, Debug)]
pub struct Game {
    map: Arc<WorldMap>,
    deck: Arc<Deck>,
    config: GameConfig,
    areas: Vec<AreaState>,
    players: Vec<PlayerState>,
    draw_pile: Vec<CardId>,
    discard: Vec<CardId>,
    step: Step,
    chance: Option<(ChanceFor, Chance)>,
    chance_dice_last: u32,
    round: u16,
    order: Vec<u8>,
    cursor: usize,
    deal_left: u16,
    turn: Turn,
    queue: Vec<u8>,
    koshka_asked: u8,
    koshka_yes: Vec<u8>,
    allies: Vec<(u8, u8)>,
    capital_attacked: bool,
    majorities: [Option<u8>; 3],
    select: Option<Selection>,
    battle: Option<Box<battle::Battle>>,
    retreats: Vec<Retreating>,
    winners: Vec<PlayerId>,
    events: Vec<Event>,
}

impl Game {
    /// A new game on a map with a deck, at the start of setup (dealing).
    ///
    /// # Errors
    /// A player count outside 2 to 6, a deck too small to deal, a zero round limit.
    pub fn new(map: Arc<WorldMap>, deck: Arc<Deck>, config: GameConfig) -> Result<Game, SetupError> {
        if !(2..=6).contains(&config.players) {
            return Err(SetupError::Players(config.players));
        }
        let needed = DEAL * usize::from(config.players);
        if deck.len() < needed {
            return Err(SetupError::DeckTooSmall { cards: deck.len(), needed });
        }
        if config.round_limit == 0 {
            return Err(SetupError::RoundLimit);
        }
        let n = usize::from(config.players);
        let areas = vec![AreaState::default(); map.len()];
        let draw_pile = (0..deck.len()).map(|i| CardId(i as u8)).collect();
        let mut g = Game {
            map,
            deck,
            config,
            areas,
            players: vec![PlayerState::default(); n],
            draw_pile,
            discard: Vec::new(),
            step: Step::Deal,
            chance: None,
            chance_dice_last: 0,
            round: 0,
            order: (0..config.players).collect(),
            cursor: 0,
            deal_left: needed as u16,
            turn: Turn::default(),
            queue: Vec::new(),
            koshka_asked: 0,
            koshka_yes: Vec::new(),
            allies: Vec::new(),
            capital_attacked: false,
            majorities: [None; 3],
            select: None,
            battle: None,
            retreats: Vec::new(),
            winners: Vec::new(),
            events: Vec::new(),
        };
        g.advance();
        Ok(g)
    }

    /// A new game on the shipped map and deck.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn builtin(config: GameConfig) -> Result<Game, SetupError> {
        Game::new(Arc::new(WorldMap::builtin()), Arc::new(Deck::builtin()), config)
    }

    // ----- read access -----

    /// The map.
    pub fn map(&self) -> &WorldMap {
        &self.map
    }
    /// The shared map (cheap to clone).
    pub fn map_arc(&self) -> Arc<WorldMap> {
        Arc::clone(&self.map)
    }
    /// The deck.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }
    /// The shared deck.
    pub fn deck_arc(&self) -> Arc<Deck> {
        Arc::clone(&self.deck)
    }
    /// The configuration.
    pub fn config(&self) -> GameConfig {
        self.config
    }
    /// Number of players.
    pub fn players(&self) -> usize {
        self.players.len()
    }
    /// One player's public state.
    pub fn player(&self, p: PlayerId) -> &PlayerState {
        &self.players[p.index()]
    }
    /// A player's hand (secret to the other players).
    pub fn hand(&self, p: PlayerId) -> &[CardId] {
        &self.players[p.index()].hand
    }
    /// A player's face-down choice (secret until revealed).
    pub fn hidden_choice(&self, p: PlayerId) -> Option<CardId> {
        self.players[p.index()].hidden
    }
    /// One area.
    pub fn area(&self, a: AreaId) -> &AreaState {
        &self.areas[a.index()]
    }
    /// All areas.
    pub fn areas(&self) -> &[AreaState] {
        &self.areas
    }
    /// The game round (0 during setup).
    pub fn round(&self) -> u16 {
        self.round
    }
    /// Cards left in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        self.draw_pile.len()
    }
    /// The discard pile.
    pub fn discard_pile(&self) -> &[CardId] {
        &self.discard
    }
    /// The order of play: setup order during setup, the round's turn order after.
    pub fn order(&self) -> Vec<PlayerId> {
        self.order.iter().map(|&p| PlayerId(p)).collect()
    }
    /// The player whose turn it is (production, movement, combat, reinforcements).
    pub fn current_player(&self) -> Option<PlayerId> {
        matches!(
            self.step,
            Step::Production
                | Step::Maneuver
                | Step::Reinforce
                | Step::Select
                | Step::Battle
                | Step::MissileKill(_)
                | Step::StrikeCasualties(_)
        )
        .then_some(PlayerId(self.turn.player))
    }
    /// Production points left in the current production phase.
    pub fn points_left(&self) -> u32 {
        self.turn.points
    }
    /// Movement and combat points left in the current turn.
    pub fn moves_and_attacks_left(&self) -> (u8, u8) {
        (self.turn.moves_left, self.turn.attacks_left)
    }
    /// Has the current player begun his combat phase (his movement is then over: "The
    /// Combat Phase" follows "The Movement Phase")?
    pub fn combat_started(&self) -> bool {
        self.turn.combat_started
    }
    /// Has any capital been attacked ("Attacking Capitals")?
    pub fn capital_attacked(&self) -> bool {
        self.capital_attacked
    }
    /// Who held each majority at the last victory point phase.
    pub fn majority_holder(&self, m: Majority) -> Option<PlayerId> {
        self.majorities[m as usize].map(PlayerId)
    }
    /// The winners once the game is over (several share a tied victory; empty if the round
    /// limit ended the game with nobody eligible).
    pub fn winners(&self) -> &[PlayerId] {
        &self.winners
    }
    /// Is the game over?
    pub fn is_over(&self) -> bool {
        self.step == Step::GameOver
    }
    /// Events since the last [`Game::take_events`].
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Forgets the events (keeping the buffer).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
    /// Takes the events out.
    pub fn take_events(&mut self) -> Vec<Event> {
        core::mem::take(&mut self.events)
    }
    /// A card of the deck.
    pub fn card(&self, c: CardId) -> &Card {
        self.deck.card(c)
    }
    /// Who controls an area.
    pub fn owner(&self, a: AreaId) -> Option<Owner> {
        self.areas[a.index()].owner
    }
    /// The battle in progress: (attacker, defender, target, attacking units, defending units).
    pub fn battle_view(&self) -> Option<(PlayerId, Owner, AreaId, Units, Units)> {
        self.battle
            .as_ref()
            .map(|b| (PlayerId(b.attacker), b.defender, b.target, b.att, b.def))
    }
    /// What the current count question asks about: a unit kind, or an area (mech drop), and
    /// the allowed range.
    pub fn count_question(&self) -> Option<(CountSubject, u8, u8)> {
        let s = self.select.as_ref()?;
        if self.step != Step::Select {
            return None;
        }
        let (key, _) = s.slots[s.idx];
        let (lo, hi) = s.range();
        let subj = match s.purpose {
            Purpose::Drop(_) => CountSubject::MechsFrom(AreaId(key)),
            _ => CountSubject::Kind(UnitKind::ALL[key as usize]),
        };
        Some((subj, lo, hi))
    }

    /// What the current count questions are for.
    pub fn count_purpose(&self) -> Option<CountPurpose> {
        let s = self.select.as_ref()?;
        Some(match s.purpose {
            Purpose::Move(mode, from, to) => CountPurpose::Move { mode, from, to },
            Purpose::Attack(from, to, _) => CountPurpose::Attack { from, to },
            Purpose::Retreat(_) => CountPurpose::Retreat,
            Purpose::Drop(to) => CountPurpose::MechDrop { to },
        })
    }

    /// The battle's kind, origin and the roller's side (0 attacker, 1 defender) if a battle
    /// is in progress.
    pub fn battle_kind(&self) -> Option<(BattleKind, Option<AreaId>)> {
        self.battle.as_ref().map(|b| (b.kind, b.origin))
    }

    /// A pending casualty choice: the victim's units and the hits to assign.
    pub fn casualty_question(&self) -> Option<(Units, u32)> {
        match self.step {
            Step::StrikeCasualties(h) => self.turn.strike_target.map(|t| (self.areas[t.index()].units, u32::from(h))),
            Step::Battle => self.battle.as_ref().and_then(|b| b.casualty_question()),
            _ => None,
        }
    }

    /// A roll that may be rerolled now: dice and hits.
    pub fn roll_question(&self) -> Option<(u32, u32)> {
        if self.step != Step::Battle {
            return None;
        }
        self.battle.as_ref().and_then(|b| b.roll_question())
    }

    /// Victory points a player would score now: capitals, power sources (majorities apart).
    pub fn holdings(&self, p: PlayerId) -> Holdings {
        let me = Some(Owner::Player(p));
        let mut h = Holdings::default();
        for (i, a) in self.areas.iter().enumerate() {
            if a.owner != me {
                continue;
            }
            let id = AreaId(i as u8);
            if self.map.is_capital(id) {
                h.capitals += 1;
            }
            if self.map.is_power_source(id) {
                h.power_sources += 1;
            }
            if a.pc {
                h.production_centers += 1;
            }
            if self.map.is_land(id) {
                h.land += 1;
            } else {
                h.sea += 1;
            }
        }
        h
    }

    /// What the engine waits for.
    pub fn pending(&self) -> Pending {
        if let Some((_, c)) = self.chance {
            return Pending::Chance(c);
        }
        match self.actor() {
            Some(p) => Pending::Decision(PlayerId(p)),
            None => Pending::GameOver,
        }
    }

    // ----- decisions -----

    /// Every legal decision now (empty unless a decision is pending).
    pub fn legal_decisions(&self) -> Vec<Decision> {
        let mut out = Vec::new();
        self.legal_decisions_into(&mut out);
        out
    }

    /// [`Game::legal_decisions`] into a buffer (cleared first), for loops that reuse it.
    pub fn legal_decisions_into(&self, out: &mut Vec<Decision>) {
        out.clear();
        if self.chance.is_none() {
            if let Some(p) = self.actor() {
                self.decisions_for(p, out);
            }
        }
    }

    /// Applies a decision of the pending player after checking it.
    ///
    /// # Errors
    /// The decision is not legal now; the state is untouched.
    pub fn apply(&mut self, d: Decision) -> Result<(), IllegalDecision> {
        let legal = self.legal_decisions();
        if !legal.contains(&d) {
            let reason = match self.pending() {
                Pending::Chance(_) => "a chance event is pending".to_string(),
                Pending::GameOver => "the game is over".to_string(),
                Pending::Decision(p) if legal.is_empty() => format!("{p} has nothing to decide"),
                Pending::Decision(p) => {
                    let some: Vec<String> = legal.iter().take(6).map(|d| format!("`{d}`")).collect();
                    format!("{p} may choose {}{}", some.join(", "), if legal.len() > 6 { ", ..." } else { "" })
                }
            };
            return Err(IllegalDecision { decision: d, reason });
        }
        self.apply_unchecked(d);
        Ok(())
    }

    /// Applies a decision without checking it (search and playouts).
    ///
    /// # Panics
    /// May panic, or leave an inconsistent state, if the decision is not one of
    /// [`Game::legal_decisions`].
    pub fn apply_unchecked(&mut self, d: Decision) {
        if let Some(p) = self.actor() {
            self.execute(p, d);
            self.advance();
        }
    }

    // ----- chance -----

    /// The possible outcomes of the pending chance event with their probabilities (they sum
    /// to 1). Empty if no chance event is pending.
    pub fn chance_outcomes(&self) -> Vec<(u16, f64)> {
        match self.chance {
            None => Vec::new(),
            Some((_, Chance::Dice(n))) => crate::odds::binomial_row(n)
                .into_iter()
                .enumerate()
                .map(|(k, p)| (k as u16, p))
                .collect(),
            Some((_, Chance::Draw)) => {
                let p = 1.0 / self.draw_pile.len() as f64;
                self.draw_pile.iter().map(|c| (u16::from(c.0), p)).collect()
            }
            Some((_, Chance::NurseDie)) => vec![(0, 2.0 / 3.0), (1, 1.0 / 3.0)],
        }
    }

    /// Resolves the pending chance event with a given outcome.
    ///
    /// # Errors
    /// No chance event is pending, or the outcome is impossible; the state is untouched.
    pub fn apply_chance(&mut self, outcome: u16) -> Result<(), IllegalOutcome> {
        let ok = match self.chance {
            None => false,
            Some((_, Chance::Dice(n))) => u32::from(outcome) <= n,
            Some((_, Chance::Draw)) => self.draw_pile.iter().any(|c| u16::from(c.0) == outcome),
            Some((_, Chance::NurseDie)) => outcome <= 1,
        };
        if !ok {
            return Err(IllegalOutcome(outcome));
        }
        self.apply_chance_unchecked(outcome);
        Ok(())
    }

    /// Resolves the pending chance event with a given outcome, unchecked.
    ///
    /// # Panics
    /// May panic if the outcome is not one of [`Game::chance_outcomes`].
    pub fn apply_chance_unchecked(&mut self, outcome: u16) {
        if let Some((what, _)) = self.chance.take() {
            self.on_chance(what, outcome);
            self.advance();
        }
    }

    /// Samples the pending chance event from `rng` and resolves it; returns the outcome.
    pub fn resolve_chance(&mut self, rng: &mut GameRng) -> Option<u16> {
        let outcome = match self.chance? {
            (_, Chance::Dice(n)) => (0..n).filter(|_| rng.below(6) < 2).count() as u16,
            (_, Chance::Draw) => u16::from(self.draw_pile[rng.index(self.draw_pile.len())].0),
            (_, Chance::NurseDie) => u16::from(rng.below(6) < 2),
        };
        self.apply_chance_unchecked(outcome);
        Some(outcome)
    }

    /// A copy in which the cards `viewer` cannot see (the other players' hands and face-down
    /// choices, and the draw pile) are dealt again at random, keeping every count. For
    /// determinized search.
    pub fn determinize(&self, viewer: PlayerId, rng: &mut GameRng) -> Game {
        let mut g = self.clone();
        let mut pool: Vec<CardId> = g.draw_pile.clone();
        for (i, p) in g.players.iter().enumerate() {
            if i != viewer.index() {
                pool.extend(p.hand.iter().copied());
                pool.extend(p.hidden);
            }
        }
        // Sorted first, so the result depends only on what the viewer knows (the set of
        // unseen cards), not on how they were really dealt.
        pool.sort_unstable();
        for i in (1..pool.len()).rev() {
            let j = rng.index(i + 1);
            pool.swap(i, j);
        }
        let mut it = pool.into_iter();
        for (i, p) in g.players.iter_mut().enumerate() {
            if i == viewer.index() {
                continue;
            }
            let n = p.hand.len();
            p.hand = it.by_ref().take(n).collect();
            p.hand.sort_unstable();
            if p.hidden.is_some() {
                p.hidden = it.next();
            }
        }
        g.draw_pile = it.collect();
        g.draw_pile.sort_unstable();
        g
    }

    /// A plain-words description of a decision, with area names.
    pub fn describe(&self, d: Decision) -> String {
        let n = |a: AreaId| self.map.area(a).name.clone();
        match d {
            Decision::ChooseCard(c) => format!("play card #{}: {}", c.0, self.deck.card(c)),
            Decision::ClaimCapital(a) => format!("claim the capital {}", n(a)),
            Decision::ClaimArea(a) => format!("claim {}{}", n(a), if self.map.is_power_source(a) { " (power source)" } else { "" }),
            Decision::PlaceProductionCenter(a) => format!("place a production center in {}", n(a)),
            Decision::Buy { kind, pc, at } if pc == at => format!("buy a {kind} ({}) in {}", kind.cost(), n(at)),
            Decision::Buy { kind, pc, at } => format!("buy a {kind} ({}) in {} (built by {})", kind.cost(), n(at), n(pc)),
            Decision::BuyNeutral { kind, capital } => format!("buy a neutral {kind} ({}) for {}", kind.cost(), n(capital)),
            Decision::BuyProductionCenter(a) => format!("buy a production center (6) in {}", n(a)),
            Decision::Discard(c) => format!("discard card #{}: {}", c.0, self.deck.card(c)),
            Decision::BuyCards(k) => format!("buy {k} card{} ({k})", if k == 1 { "" } else { "s" }),
            Decision::Diplomat(p) => format!("Diplomat: ally with {p} this round"),
            Decision::MechBuilder(a) => format!("Mech Builder: a free mech in {}", n(a)),
            Decision::EndProduction => "end production".into(),
            Decision::Move { mode, from, to } => format!("{mode:?} move from {} to {}", n(from), n(to)).to_lowercase(),
            Decision::Attack { from, to } => format!("attack {} from {}", n(to), n(from)),
            Decision::BomberStrike { from, to } => format!("bomber strike from {} on the submarines in {}", n(from), n(to)),
            Decision::SubmarineStrike { from, to } => format!("submarine strike from {} on {}", n(from), n(to)),
            Decision::Missile(a) => format!("ballistic missile on {}", n(a)),
            Decision::MechDrop(a) => format!("Mech Dropper: drop mechs on {}", n(a)),
            Decision::EndTurn => "end the turn".into(),
            Decision::Count(k) => match self.count_question() {
                Some((CountSubject::Kind(kind), _, _)) => format!("{k} {kind}{}", if k == 1 { "" } else { "s" }),
                Some((CountSubject::MechsFrom(a), _, _)) => format!("{k} mech{} from {}", if k == 1 { "" } else { "s" }, n(a)),
                None => format!("{k}"),
            },
            Decision::Use(a) => format!("use {a}"),
            Decision::Pass => "pass".into(),
            Decision::Roll => "roll the dice".into(),
            Decision::Retreat => "retreat some units first".into(),
            Decision::HitLand(k) => format!("{k} hit(s) on land units, the rest on air units"),
            Decision::RetreatTo(a) => format!("retreat to {}", n(a)),
            Decision::Destroy(k) => format!("destroy a {k}"),
        }
    }

    // ----- editing (tests, puzzles, tools): these bypass the rules -----

    /// Editing: empties every area (units, owners, production centers).
    pub fn edit_clear_board(&mut self) {
        for a in &mut self.areas {
            *a = AreaState::default();
        }
        self.battle = None;
        self.select = None;
        self.retreats.clear();
    }
    /// Editing: sets an area.
    pub fn edit_area(&mut self, a: AreaId, owner: Option<Owner>, units: Units, pc: bool) {
        let owner = if units.is_empty() { None } else { owner };
        self.areas[a.index()] = AreaState { owner, units, pc };
    }
    /// Editing: sets a player's victory points.
    pub fn edit_vp(&mut self, p: PlayerId, vp: u32) {
        self.players[p.index()].vp = vp;
    }
    /// Editing: sets a player's hand (the cards leave the draw pile).
    pub fn edit_hand(&mut self, p: PlayerId, cards: &[CardId]) {
        let old = core::mem::take(&mut self.players[p.index()].hand);
        self.draw_pile.extend(old);
        self.draw_pile.retain(|c| !cards.contains(c));
        self.draw_pile.sort_unstable();
        let mut h = cards.to_vec();
        h.sort_unstable();
        self.players[p.index()].hand = h;
    }
    /// Editing: sets a player's revealed card for the round.
    pub fn edit_card(&mut self, p: PlayerId, card: Option<CardId>) {
        self.draw_pile.retain(|c| Some(*c) != card);
        self.players[p.index()].card = card;
        self.players[p.index()].ability_used = false;
    }
    /// Editing: marks that a capital was attacked (or not).
    pub fn edit_capital_attacked(&mut self, v: bool) {
        self.capital_attacked = v;
    }
    /// Editing: skips to the beginning of `p`'s turn in round `round` (at least 1) with
    /// `card` revealed; the other players have taken their turns. The board is kept.
    pub fn edit_start_turn(&mut self, round: u16, p: PlayerId, card: Option<CardId>) {
        self.round = round.max(1);
        self.chance = None;
        self.battle = None;
        self.select = None;
        self.retreats.clear();
        for (i, pl) in self.players.iter_mut().enumerate() {
            pl.hidden = None;
            pl.turn_done = i != p.index();
        }
        self.edit_card(p, card);
        self.order = vec![p.0];
        self.queue = vec![p.0];
        self.koshka_asked = 0;
        self.koshka_yes.clear();
        self.begin_turn(p.0);
    }

    // ----- internals shared by the flow and battle modules -----

    fn me(p: u8) -> Option<Owner> {
        Some(Owner::Player(PlayerId(p)))
    }

    fn owned_mask(&self, o: Option<Owner>) -> u128 {
        let mut m = 0u128;
        for (i, a) in self.areas.iter().enumerate() {
            if a.owner == o {
                m |= 1u128 << i;
            }
        }
        m
    }

    fn card_of(&self, p: u8) -> Option<&Card> {
        self.players[p as usize].card.map(|c| self.deck.card(c))
    }

    fn ability_ready(&self, p: u8, a: Ability) -> bool {
        let ps = &self.players[p as usize];
        !ps.ability_used && self.round > 0 && self.card_of(p).is_some_and(|c| c.ability == a)
    }

    fn use_ability(&mut self, p: u8, a: Ability) {
        self.players[p as usize].ability_used = true;
        self.events.push(Event::UsedAbility(PlayerId(p), a));
    }

    /// Areas of `p`, unoccupied areas and enemy areas, as masks, in one pass.
    fn masks(&self, p: u8) -> (u128, u128, u128) {
        let me = Game::me(p);
        let (mut mine, mut free, mut enemy) = (0u128, 0u128, 0u128);
        for (i, a) in self.areas.iter().enumerate() {
            let bit = 1u128 << i;
            match a.owner {
                None => free |= bit,
                o if o == me => mine |= bit,
                _ => enemy |= bit,
            }
        }
        (mine, free, enemy)
    }

    /// Units of `o` on the board (and in a battle), per kind, in one pass.
    fn army_counts(&self, o: Owner) -> [u32; 5] {
        let mut n = [0u32; 5];
        for a in &self.areas {
            if a.owner == Some(o) {
                for (c, &x) in n.iter_mut().zip(&a.units.0) {
                    *c += u32::from(x);
                }
            }
        }
        if let Some(b) = &self.battle {
            for (side, u) in [(Owner::Player(PlayerId(b.attacker)), b.att), (b.defender, b.def)] {
                if side == o {
                    for (c, &x) in n.iter_mut().zip(&u.0) {
                        *c += u32::from(x);
                    }
                }
            }
        }
        n
    }

    fn pcs_on_board(&self) -> u32 {
        self.areas.iter().filter(|a| a.pc).count() as u32
    }

    fn put(&mut self, a: AreaId, o: Owner, u: Units) {
        let ar = &mut self.areas[a.index()];
        ar.units.add_all(u);
        if !ar.units.is_empty() {
            ar.owner = Some(o);
        }
    }

    fn take(&mut self, a: AreaId, u: Units) {
        let ar = &mut self.areas[a.index()];
        ar.units.remove_all(u);
        if ar.units.is_empty() {
            ar.owner = None;
        }
    }

    fn allied(&self, p: u8, q: Option<Owner>) -> bool {
        match q {
            Some(Owner::Player(q)) => self.allies.iter().any(|&(a, b)| (a == p && b == q.0) || (a == q.0 && b == p)),
            _ => false,
        }
    }

    /// May `p` attack (or, if `special`, special-attack) the area `t` this turn, as far as the
    /// area itself goes ("First-turn Restrictions", "Attacking Capitals", "Diplomat")?
    fn may_target(&self, p: u8, t: AreaId, special: bool) -> bool {
        self.target_refusal(p, t, special).is_none()
    }

    fn target_refusal(&self, p: u8, t: AreaId, special: bool) -> Option<Refusal> {
        let a = &self.areas[t.index()];
        match a.owner {
            None => return Some(Refusal::Unoccupied),
            o if o == Game::me(p) => return Some(Refusal::Own),
            Some(Owner::Player(q)) if self.allied(p, a.owner) => return Some(Refusal::Ally(q)),
            _ => {}
        }
        if self.round == 1 && (self.map.is_power_source(t) || self.map.is_capital(t) || a.pc) {
            return Some(Refusal::FirstRound);
        }
        if self.map.is_capital(t) {
            if special {
                return Some(Refusal::SpecialOnCapital);
            }
            let half = self.config.victory_target() / 2;
            if !self.capital_attacked && self.players[p as usize].vp < half {
                return Some(Refusal::CapitalTooEarly { needed: half });
            }
        }
        None
    }

    /// Why `p` may not attack the area `t` at all this turn, whatever his units
    /// ("First-turn Restrictions", "Attacking Capitals", "Diplomat"), or `None` if the area
    /// itself may be attacked (adjacency, units and combat points apart). For players who ask
    /// why an attack is not offered.
    pub fn attack_refusal(&self, p: PlayerId, t: AreaId) -> Option<Refusal> {
        self.target_refusal(p.0, t, false)
    }
}

/// Why an area may not be attacked ([`Game::attack_refusal`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// Nobody is there ("Unoccupied areas may never be the targets of attack").
    Unoccupied,
    /// The player's own area.
    Own,
    /// This player is an ally this round ("Diplomat").
    Ally(PlayerId),
    /// Round one: no power source, capital or production center ("First-turn Restrictions").
    FirstRound,
    /// Special attacks never target capitals.
    SpecialOnCapital,
    /// A capital, before the player has half the victory target and before anyone attacked a
    /// capital ("Attacking Capitals").
    CapitalTooEarly {
        /// Half the victory target.
        needed: u32,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unoccupied => f.write_str("unoccupied areas are never attacked"),
            Refusal::Own => f.write_str("it is your own area"),
            Refusal::Ally(q) => write!(f, "{q} is your ally this round (Diplomat): no attacks between you"),
            Refusal::FirstRound => f.write_str("round one: no attacks on power sources, capitals or production centers"),
            Refusal::SpecialOnCapital => f.write_str("special attacks never target capitals"),
            Refusal::CapitalTooEarly { needed } => write!(
                f,
                "a capital: attacked only with {needed} victory points (half the target) or once any player has attacked a capital"
            ),
        }
    }
}

/// What a series of count questions is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountPurpose {
    /// Units to move.
    Move {
        /// How.
        mode: MoveMode,
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
    },
    /// Attacking units.
    Attack {
        /// Origin.
        from: AreaId,
        /// Target.
        to: AreaId,
    },
    /// Units to retreat before rolling.
    Retreat,
    /// Mechs to drop.
    MechDrop {
        /// Target.
        to: AreaId,
    },
}

/// What a count question is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountSubject {
    /// How many units of this kind.
    Kind(UnitKind),
    /// How many mechs from this area (Mech Dropper).
    MechsFrom(AreaId),
}

/// What a player controls.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Holdings {
    /// Capitals.
    pub capitals: u32,
    /// Power source areas.
    pub power_sources: u32,
    /// Production centers.
    pub production_centers: u32,
    /// Land areas.
    pub land: u32,
    /// Sea areas.
    pub sea: u32,
}

/// FNV-1a: a small hasher with the same result on every machine and Rust version.
/// Areas of a mask as a vector (for messages and tests).
pub fn mask_areas(mask: u128) -> Vec<AreaId> {
    areas_of(mask).collect()
}
