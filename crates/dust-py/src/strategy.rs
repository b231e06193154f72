//! The Dust strategy game (2 to 6 players) for the Python package, without Python: the fixed
//! integer action encoding, the observation vector and the information state of one player
//! (which show only what that player may see: his own hand and face-down choice, never the
//! other players' hands, their face-down choices or the cards to come), the returns, and the
//! state's text form. Everything here is plain Rust, tested by `cargo test`; `crate::py` only
//! wraps it.

use dust_strategy::deck::{Ability, CardId};
use dust_strategy::game::{Chance, CountSubject, Decision, Event, Game, GameConfig, MoveMode, Owner, Pending, PlayerId, HAND_LIMIT};
use dust_strategy::map::AreaId;
use dust_strategy::units::UnitKind;
use std::fmt::Write as _;
use std::sync::Arc;

/// The version of the strategy game's action encoding ([`StrategyEncoding`]; docs/python.md).
/// Any change to the layout of the action ids changes this number.
pub const STRATEGY_ACTION_ENCODING_VERSION: u32 = 1;

/// The version of the strategy game's observation vector ([`StrategyGame::observation_layout`]).
pub const STRATEGY_OBSERVATION_VERSION: u32 = 1;

/// The most players of a game (seats in the encoding and the observation).
pub const MAX_PLAYERS: usize = 6;

/// OpenSpiel's id of the chance player.
pub const CHANCE: i32 = -1;
/// OpenSpiel's id of the "player" of a terminal state.
pub const TERMINAL: i32 = -4;

/// The most outcomes of one chance event: a card (the deck's ids) or the hits of a roll (the
/// engine's rolls stay far below 256 dice: 59 tanks, 20 mechs … on one area).
pub const MAX_CHANCE_OUTCOMES: usize = 256;

/// The blocks of the encoding, in order (docs/python.md, "The strategy game").
const BLOCKS: [&str; 28] = [
    "card",
    "capital",
    "claim",
    "place-pc",
    "buy",
    "buy-submarine",
    "buy-neutral",
    "buy-pc",
    "discard",
    "buy-cards",
    "diplomat",
    "mech-builder",
    "end-production",
    "move",
    "attack",
    "bomber-strike",
    "submarine-strike",
    "missile",
    "mech-drop",
    "end-turn",
    "count",
    "use",
    "pass",
    "roll",
    "retreat",
    "hit-land",
    "retreat-to",
    "destroy",
];

const MODES: [MoveMode; 4] = [MoveMode::Land, MoveMode::Sea, MoveMode::Amphibious, MoveMode::Bomber];

/// The integer action ids of a map of `A` areas and a deck of `C` cards: one block per kind of
/// decision ([`StrategyEncoding::layout`]), sizes from `A` and `C` only.
#[derive(Clone, Debug)]
pub struct StrategyEncoding {
    areas: usize,
    cards: usize,
    /// (first id, count) per block.
    blocks: Vec<(usize, usize)>,
}

impl StrategyEncoding {
    /// The encoding of a map of `areas` areas and a deck of `cards` cards.
    pub fn new(areas: usize, cards: usize) -> StrategyEncoding {
        let (a, c, k) = (areas, cards, UnitKind::ALL.len());
        let sizes = [
            c,              // card
            a,              // capital
            a,              // claim
            a,              // place-pc
            k * a,          // buy: kind × production center (placed there)
            a * a,          // buy-submarine: production center × sea area
            k * a,          // buy-neutral: kind × capital
            a,              // buy-pc
            c,              // discard
            HAND_LIMIT + 1, // buy-cards 0..=5
            MAX_PLAYERS,    // diplomat
            a,              // mech-builder
            1,              // end-production
            MODES.len() * a * a,
            a * a, // attack
            a * a, // bomber-strike
            a * a, // submarine-strike
            a,     // missile
            a,     // mech-drop
            1,     // end-turn
            256,   // count 0..=255
            Ability::ALL.len(),
            1,   // pass
            1,   // roll
            1,   // retreat
            256, // hit-land 0..=255
            a,   // retreat-to
            k,   // destroy
        ];
        let mut blocks = Vec::with_capacity(sizes.len());
        let mut first = 0;
        for n in sizes {
            blocks.push((first, n));
            first += n;
        }
        StrategyEncoding { areas, cards, blocks }
    }

    /// The number of action ids.
    pub fn num_actions(&self) -> usize {
        self.blocks.last().map_or(0, |&(f, n)| f + n)
    }

    /// The blocks: (name, first id, count).
    pub fn layout(&self) -> Vec<(&'static str, usize, usize)> {
        BLOCKS.iter().zip(&self.blocks).map(|(&n, &(f, c))| (n, f, c)).collect()
    }

    fn id(&self, block: usize, offset: usize) -> Option<usize> {
        let (first, n) = self.blocks[block];
        (offset < n).then_some(first + offset)
    }

    /// The id of a decision (`None`: outside this map and deck).
    pub fn encode(&self, d: Decision) -> Option<usize> {
        let a = self.areas;
        let ar = |x: AreaId| (x.index() < a).then_some(x.index());
        let kind = |k: UnitKind| k as usize;
        match d {
            Decision::ChooseCard(c) => self.id(0, usize::from(c.0)),
            Decision::ClaimCapital(x) => self.id(1, ar(x)?),
            Decision::ClaimArea(x) => self.id(2, ar(x)?),
            Decision::PlaceProductionCenter(x) => self.id(3, ar(x)?),
            Decision::Buy { kind: k, pc, at } if pc == at => self.id(4, kind(k) * a + ar(pc)?),
            Decision::Buy {
                kind: UnitKind::Submarine,
                pc,
                at,
            } => self.id(5, ar(pc)? * a + ar(at)?),
            Decision::Buy { .. } => None,
            Decision::BuyNeutral { kind: k, capital } => self.id(6, kind(k) * a + ar(capital)?),
            Decision::BuyProductionCenter(x) => self.id(7, ar(x)?),
            Decision::Discard(c) => self.id(8, usize::from(c.0)),
            Decision::BuyCards(n) => self.id(9, usize::from(n)),
            Decision::Diplomat(p) => self.id(10, p.index()),
            Decision::MechBuilder(x) => self.id(11, ar(x)?),
            Decision::EndProduction => self.id(12, 0),
            Decision::Move { mode, from, to } => {
                let m = MODES.iter().position(|&x| x == mode)?;
                self.id(13, (m * a + ar(from)?) * a + ar(to)?)
            }
            Decision::Attack { from, to } => self.id(14, ar(from)? * a + ar(to)?),
            Decision::BomberStrike { from, to } => self.id(15, ar(from)? * a + ar(to)?),
            Decision::SubmarineStrike { from, to } => self.id(16, ar(from)? * a + ar(to)?),
            Decision::Missile(x) => self.id(17, ar(x)?),
            Decision::MechDrop(x) => self.id(18, ar(x)?),
            Decision::EndTurn => self.id(19, 0),
            Decision::Count(n) => self.id(20, usize::from(n)),
            Decision::Use(ab) => self.id(21, Ability::ALL.iter().position(|&x| x == ab)?),
            Decision::Pass => self.id(22, 0),
            Decision::Roll => self.id(23, 0),
            Decision::Retreat => self.id(24, 0),
            Decision::HitLand(n) => self.id(25, usize::from(n)),
            Decision::RetreatTo(x) => self.id(26, ar(x)?),
            Decision::Destroy(k) => self.id(27, kind(k)),
        }
    }

    /// The decision of an id (`None`: not an id of this encoding). Whether it is legal is the
    /// engine's question.
    pub fn decode(&self, id: usize) -> Option<Decision> {
        let block = self.blocks.partition_point(|&(f, _)| f <= id).checked_sub(1)?;
        let (first, n) = self.blocks[block];
        let o = id - first;
        if o >= n {
            return None;
        }
        let a = self.areas;
        let area = |i: usize| AreaId(i as u8);
        let card = |i: usize| CardId(i as u8);
        let kind = |i: usize| UnitKind::ALL[i];
        Some(match block {
            0 => Decision::ChooseCard(card(o)),
            1 => Decision::ClaimCapital(area(o)),
            2 => Decision::ClaimArea(area(o)),
            3 => Decision::PlaceProductionCenter(area(o)),
            4 => Decision::Buy {
                kind: kind(o / a),
                pc: area(o % a),
                at: area(o % a),
            },
            5 => Decision::Buy {
                kind: UnitKind::Submarine,
                pc: area(o / a),
                at: area(o % a),
            },
            6 => Decision::BuyNeutral {
                kind: kind(o / a),
                capital: area(o % a),
            },
            7 => Decision::BuyProductionCenter(area(o)),
            8 => Decision::Discard(card(o)),
            9 => Decision::BuyCards(o as u8),
            10 => Decision::Diplomat(PlayerId(o as u8)),
            11 => Decision::MechBuilder(area(o)),
            12 => Decision::EndProduction,
            13 => Decision::Move {
                mode: MODES[o / (a * a)],
                from: area(o / a % a),
                to: area(o % a),
            },
            14 => Decision::Attack {
                from: area(o / a),
                to: area(o % a),
            },
            15 => Decision::BomberStrike {
                from: area(o / a),
                to: area(o % a),
            },
            16 => Decision::SubmarineStrike {
                from: area(o / a),
                to: area(o % a),
            },
            17 => Decision::Missile(area(o)),
            18 => Decision::MechDrop(area(o)),
            19 => Decision::EndTurn,
            20 => Decision::Count(o as u8),
            21 => Decision::Use(Ability::ALL[o]),
            22 => Decision::Pass,
            23 => Decision::Roll,
            24 => Decision::Retreat,
            25 => Decision::HitLand(o as u8),
            26 => Decision::RetreatTo(area(o)),
            _ => Decision::Destroy(kind(o)),
        })
    }

    /// The number of cards of the deck.
    pub fn cards(&self) -> usize {
        self.cards
    }
}

/// A strategy game: the shipped map and deck, a number of players and a round limit.
#[derive(Clone, Debug)]
pub struct StrategyGame {
    /// Players and round limit.
    pub config: GameConfig,
    /// The action encoding.
    pub encoding: Arc<StrategyEncoding>,
    start: Game,
}

/// One step of a state's history: who acted (a seat, or [`CHANCE`]), the engine's decision or
/// chance outcome, and what happened (the events, from which each player's view is drawn).
#[derive(Clone, Debug)]
struct Entry {
    actor: i32,
    decision: Option<Decision>,
    outcome: u16,
    events: Vec<Event>,
}

/// A state: the engine's game and its history.
#[derive(Clone, Debug)]
pub struct StrategyState {
    /// The engine's game (the referee's view: every hand).
    pub game: Game,
    history: Vec<Entry>,
}

/// Per-area features: owner (none, neutral, six seats from the viewer's), five unit counts,
/// a production center.
const AREA_FEATURES: usize = 2 + MAX_PLAYERS + 5 + 1;
/// Per-seat features besides the revealed card: present, victory points, hand size, has
/// chosen, ability used, turn done, to decide, home capital claimed.
const SEAT_FEATURES: usize = 8;
/// Global features: round, draw pile, capital attacked, production points, moves, attacks,
/// combat started, setup, and the count / casualty / roll questions (lo, hi, hits, dice, hits).
const GLOBAL_FEATURES: usize = 8 + 5;

impl StrategyGame {
    /// A game of `players` players (2 to 6) on the shipped map and deck, ending after
    /// `round_limit` rounds at the latest.
    ///
    /// # Errors
    /// The engine refuses the configuration (players outside 2 to 6, a zero round limit).
    pub fn new(players: u8, round_limit: u16) -> Result<StrategyGame, String> {
        let config = GameConfig { players, round_limit };
        let start = Game::builtin(config).map_err(|e| e.to_string())?;
        let encoding = Arc::new(StrategyEncoding::new(start.map().len(), start.deck().len()));
        Ok(StrategyGame { config, encoding, start })
    }

    /// The state before the first chance event (the deal).
    pub fn new_initial_state(&self) -> StrategyState {
        let mut game = self.start.clone();
        game.clear_events();
        StrategyState { game, history: Vec::new() }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    /// The parts of the observation vector: (name, first index, length).
    pub fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        let a = self.start.map().len();
        let c = self.encoding.cards;
        let parts = [
            ("areas", a * AREA_FEATURES),
            ("seats", MAX_PLAYERS * SEAT_FEATURES),
            ("revealed_cards", MAX_PLAYERS * c),
            ("my_hand", c),
            ("my_face_down_card", c),
            ("discard_pile", c),
            ("global", GLOBAL_FEATURES),
            ("count_subject", 5 + a),
            ("battle", a + 10),
        ];
        let mut out = Vec::new();
        let mut first = 0;
        for (n, len) in parts {
            out.push((n, first, len));
            first += len;
        }
        out
    }

    /// The length of the observation vector.
    pub fn observation_len(&self) -> usize {
        self.observation_layout().last().map_or(0, |&(_, f, n)| f + n)
    }

    /// The returns of a finished game of `players` players won by `winners`: the winners share
    /// the victory, +1 each, the others -k/(n-k) each (k winners of n players), so the returns
    /// sum to zero (+1/-1 in a two-player game); nobody won (the round limit) or everybody: 0.
    pub fn returns_of(players: usize, winners: &[PlayerId]) -> Vec<f64> {
        let k = winners.len();
        if k == 0 || k >= players {
            return vec![0.0; players];
        }
        let lose = -(k as f64) / (players - k) as f64;
        (0..players)
            .map(|i| if winners.iter().any(|w| w.index() == i) { 1.0 } else { lose })
            .collect()
    }
}

impl StrategyState {
    /// The seat to decide (0-based), [`CHANCE`] at a chance event, [`TERMINAL`] at the end.
    pub fn current_player(&self) -> i32 {
        match self.game.pending() {
            Pending::Decision(p) => i32::from(p.0),
            Pending::Chance(_) => CHANCE,
            Pending::GameOver => TERMINAL,
        }
    }

    /// Is the game over?
    pub fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// The legal action ids, ascending; at a chance event, its outcomes.
    pub fn legal_actions(&self, enc: &StrategyEncoding) -> Vec<usize> {
        if let Pending::Chance(_) = self.game.pending() {
            return self.game.chance_outcomes().into_iter().map(|(o, _)| usize::from(o)).collect();
        }
        let mut v: Vec<usize> = self
            .game
            .legal_decisions()
            .into_iter()
            .map(|d| {
                enc.encode(d)
                    .unwrap_or_else(|| panic!("`{d}` has no action id: a bug of the encoding"))
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The outcomes of the pending chance event and their exact probabilities (the engine's
    /// `Game::chance_outcomes`: the binomial of the dice, a uniform draw, the Nurse's die).
    pub fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.game
            .chance_outcomes()
            .into_iter()
            .filter(|&(_, p)| p > 0.0)
            .map(|(o, p)| (usize::from(o), p))
            .collect()
    }

    /// Applies a decision id (checked by the engine) or a chance outcome.
    ///
    /// # Errors
    /// The id is not legal now; the state is untouched.
    pub fn apply_action(&mut self, enc: &StrategyEncoding, a: usize) -> Result<(), String> {
        match self.game.pending() {
            Pending::GameOver => Err("the game is over".into()),
            Pending::Chance(_) => {
                let o = u16::try_from(a).map_err(|_| format!("{a} is not a chance outcome"))?;
                self.game.apply_chance(o).map_err(|e| e.to_string())?;
                self.push(CHANCE, None, o);
                Ok(())
            }
            Pending::Decision(p) => {
                let d = enc
                    .decode(a)
                    .ok_or_else(|| format!("{a} is not an action id (0..{})", enc.num_actions()))?;
                self.game.apply(d).map_err(|e| e.to_string())?;
                self.push(i32::from(p.0), Some(d), 0);
                Ok(())
            }
        }
    }

    /// Applies a decision the engine offers (an AI's), unchecked.
    pub fn apply_decision(&mut self, d: Decision) {
        let actor = self.current_player();
        self.game.apply_unchecked(d);
        self.push(actor, Some(d), 0);
    }

    /// Resolves the pending chance event with `rng`.
    pub fn resolve_chance(&mut self, rng: &mut dust_strategy::GameRng) {
        if let Some(o) = self.game.resolve_chance(rng) {
            self.push(CHANCE, None, o);
        }
    }

    fn push(&mut self, actor: i32, decision: Option<Decision>, outcome: u16) {
        let events = self.game.take_events();
        self.history.push(Entry {
            actor,
            decision,
            outcome,
            events,
        });
    }

    /// The returns ([`StrategyGame::returns_of`]); zeros before the end.
    pub fn returns(&self) -> Vec<f64> {
        if !self.is_terminal() {
            return vec![0.0; self.game.players()];
        }
        StrategyGame::returns_of(self.game.players(), self.game.winners())
    }

    /// A decision's text (docs/strategy.md, "Decisions") for a seat, or a chance outcome's
    /// ("3 hits", "card 12", "nurse 1") for [`CHANCE`].
    pub fn action_to_string(&self, enc: &StrategyEncoding, player: i32, a: usize) -> String {
        if player == CHANCE {
            return match self.game.pending() {
                Pending::Chance(Chance::Dice(_)) => format!("{a} hits"),
                Pending::Chance(Chance::Draw) => format!("draw card {a}"),
                Pending::Chance(Chance::NurseDie) => format!("nurse die {a}"),
                _ => format!("chance outcome {a}"),
            };
        }
        enc.decode(a).map_or_else(|| format!("action {a}"), |d| d.to_string())
    }

    /// What `viewer` knows: the history as he saw it. Every decision and chance outcome in
    /// order with the events they caused, in words, where another player's face-down card and
    /// the cards another player draws are not named (`P2 chose a card face down`, `P2 drew a
    /// card`); then his own hand. It never shows the other players' hands, their face-down
    /// choices, the draw pile's order or the chance seed (a state has none: the caller rolls).
    pub fn information_state_string(&self, viewer: usize) -> String {
        let me = PlayerId(viewer as u8);
        let mut s = format!("{} players; view of {me}\n", self.game.players());
        for e in &self.history {
            match (e.actor, e.decision) {
                (CHANCE, _) => s.push_str("chance"),
                (p, Some(Decision::ChooseCard(_))) if p != viewer as i32 => {
                    let _ = write!(s, "P{}: card ?", p + 1);
                }
                (p, Some(d)) => {
                    let _ = write!(s, "P{}: {d}", p + 1);
                }
                (p, None) => {
                    let _ = write!(s, "P{}: ?", p + 1);
                }
            }
            for ev in &e.events {
                s.push_str(" | ");
                s.push_str(&dust_strategy::text::describe_event(&self.game, ev, Some(me)));
            }
            s.push('\n');
        }
        let hand: Vec<String> = self.game.hand(me).iter().map(|c| c.0.to_string()).collect();
        let _ = write!(s, "hand: {}", hand.join(" "));
        if let Some(c) = self.game.hidden_choice(me) {
            let _ = write!(s, "; face down: {}", c.0);
        }
        s
    }

    /// The current state as `viewer` sees it (no history), in words: for OpenSpiel's
    /// `observation_string`.
    pub fn observation_string(&self, viewer: usize) -> String {
        let me = PlayerId(viewer as u8);
        let g = &self.game;
        let mut s = format!("round {} of {}; view of {me}\n", g.round(), g.config().round_limit);
        for i in 0..g.players() {
            let p = PlayerId(i as u8);
            let ps = g.player(p);
            let _ = writeln!(
                s,
                "{p}: {} vp, {} cards, card {}{}",
                ps.vp(),
                ps.hand_size(),
                ps.card().map_or("-".to_string(), |c| c.0.to_string()),
                if ps.has_chosen() { ", chose face down" } else { "" }
            );
        }
        for (i, a) in g.areas().iter().enumerate() {
            if a.owner.is_some() || a.pc {
                let who = a.owner.map_or("-".to_string(), dust_strategy::text::owner_name);
                let _ = writeln!(
                    s,
                    "{}: {who} {:?}{}",
                    g.map().area(AreaId(i as u8)).name,
                    a.units.0,
                    if a.pc { " pc" } else { "" }
                );
            }
        }
        let hand: Vec<String> = g.hand(me).iter().map(|c| c.0.to_string()).collect();
        let _ = write!(s, "hand: {}", hand.join(" "));
        if let Some(c) = g.hidden_choice(me) {
            let _ = write!(s, "; face down: {}", c.0);
        }
        let _ = write!(s, "; to decide: {}", self.current_player());
        s
    }

    /// Writes `viewer`'s observation ([`StrategyGame::observation_layout`]) into `out`
    /// (cleared first). Seats are numbered from the viewer's: slot 0 is the viewer, slot 1 the
    /// next seat, and so on. It reads the public state and the viewer's own cards only.
    pub fn write_observation(&self, sg: &StrategyGame, viewer: usize, out: &mut [f32]) {
        out.fill(0.0);
        let g = &self.game;
        let n = g.players();
        let me = PlayerId(viewer as u8);
        let slot = |p: PlayerId| (p.index() + n - viewer) % n;
        let layout = sg.observation_layout();
        let at = |name: &str| layout.iter().find(|l| l.0 == name).map_or(0, |l| l.1);
        let c = sg.encoding.cards;
        // Areas.
        let base = at("areas");
        for (i, a) in g.areas().iter().enumerate() {
            let o = base + i * AREA_FEATURES;
            match a.owner {
                None => out[o] = 1.0,
                Some(Owner::Neutral) => out[o + 1] = 1.0,
                Some(Owner::Player(p)) => out[o + 2 + slot(p)] = 1.0,
            }
            for (k, &x) in a.units.0.iter().enumerate() {
                out[o + 2 + MAX_PLAYERS + k] = f32::from(x) / 10.0;
            }
            out[o + AREA_FEATURES - 1] = f32::from(u8::from(a.pc));
        }
        // Seats.
        let seats = at("seats");
        let revealed = at("revealed_cards");
        let target = g.config().victory_target() as f32;
        let deciding = match g.pending() {
            Pending::Decision(p) => Some(p),
            _ => None,
        };
        for i in 0..n {
            let p = PlayerId(i as u8);
            let ps = g.player(p);
            let o = seats + slot(p) * SEAT_FEATURES;
            out[o] = 1.0;
            out[o + 1] = ps.vp() as f32 / target;
            out[o + 2] = ps.hand_size() as f32 / HAND_LIMIT as f32;
            out[o + 3] = f32::from(u8::from(ps.has_chosen()));
            out[o + 4] = f32::from(u8::from(ps.ability_used()));
            out[o + 5] = f32::from(u8::from(ps.turn_done()));
            out[o + 6] = f32::from(u8::from(deciding == Some(p)));
            out[o + 7] = f32::from(u8::from(ps.home_capital().is_some()));
            if let Some(card) = ps.card() {
                out[revealed + slot(p) * c + usize::from(card.0)] = 1.0;
            }
        }
        // The viewer's own cards; the discard pile (public).
        for card in g.hand(me) {
            out[at("my_hand") + usize::from(card.0)] = 1.0;
        }
        if let Some(card) = g.hidden_choice(me) {
            out[at("my_face_down_card") + usize::from(card.0)] = 1.0;
        }
        for card in g.discard_pile() {
            out[at("discard_pile") + usize::from(card.0)] = 1.0;
        }
        // Global.
        let o = at("global");
        let (moves, attacks) = g.moves_and_attacks_left();
        out[o] = f32::from(g.round()) / f32::from(g.config().round_limit);
        out[o + 1] = g.draw_pile_len() as f32 / c.max(1) as f32;
        out[o + 2] = f32::from(u8::from(g.capital_attacked()));
        out[o + 3] = g.points_left() as f32 / 20.0;
        out[o + 4] = f32::from(moves) / 10.0;
        out[o + 5] = f32::from(attacks) / 10.0;
        out[o + 6] = f32::from(u8::from(g.combat_started()));
        out[o + 7] = f32::from(u8::from(g.round() == 0));
        if let Some((_, lo, hi)) = g.count_question() {
            out[o + 8] = f32::from(lo) / 10.0;
            out[o + 9] = f32::from(hi) / 10.0;
        }
        if let Some((_, hits)) = g.casualty_question() {
            out[o + 10] = hits as f32 / 10.0;
        }
        if let Some((dice, hits)) = g.roll_question() {
            out[o + 11] = dice as f32 / 10.0;
            out[o + 12] = hits as f32 / 10.0;
        }
        let o = at("count_subject");
        match g.count_question() {
            Some((CountSubject::Kind(k), _, _)) => out[o + k as usize] = 1.0,
            Some((CountSubject::MechsFrom(a), _, _)) => out[o + 5 + a.index()] = 1.0,
            None => {}
        }
        let o = at("battle");
        if let Some((_, _, target, att, def)) = g.battle_view() {
            out[o + target.index()] = 1.0;
            let a = g.map().len();
            for k in 0..5 {
                out[o + a + k] = f32::from(att.0[k]) / 10.0;
                out[o + a + 5 + k] = f32::from(def.0[k]) / 10.0;
            }
        }
    }

    /// The state as text: the configuration, every step (`d <decision>` or `c <outcome>`) and
    /// the state hash (docs/python.md, "The strategy game").
    pub fn serialize(&self) -> String {
        let cfg = self.game.config();
        let mut s = format!(
            "dust1947-strategy-state 1\nplayers {}\nround-limit {}\n",
            cfg.players, cfg.round_limit
        );
        for e in &self.history {
            match e.decision {
                Some(d) => {
                    let _ = writeln!(s, "d {d}");
                }
                None => {
                    let _ = writeln!(s, "c {}", e.outcome);
                }
            }
        }
        let _ = writeln!(s, "hash {:#018x}", self.game.state_hash());
        s
    }

    /// The number of steps so far (decisions and chance outcomes).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }
}

/// Reads a state written by [`StrategyState::serialize`]: replays its steps and checks its hash.
///
/// # Errors
/// A line that cannot be read, a step the engine refuses, or a different final hash.
pub fn deserialize(text: &str) -> Result<(StrategyGame, StrategyState), String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
    match lines.next() {
        Some((_, "dust1947-strategy-state 1")) => {}
        _ => return Err("line 1: not a strategy state (`dust1947-strategy-state 1` expected)".into()),
    }
    let mut header = |key: &str| -> Result<u64, String> {
        let (i, l) = lines.next().ok_or_else(|| format!("`{key}` is missing"))?;
        l.strip_prefix(key)
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| format!("line {}: `{key} N` expected", i + 1))
    };
    let players = u8::try_from(header("players ")?).map_err(|e| e.to_string())?;
    let limit = u16::try_from(header("round-limit ")?).map_err(|e| e.to_string())?;
    let game = StrategyGame::new(players, limit)?;
    let mut state = game.new_initial_state();
    let mut hash = None;
    for (i, l) in lines {
        let at = |e: String| format!("line {}: {e}", i + 1);
        if let Some(d) = l.strip_prefix("d ") {
            let d: Decision = d.parse().map_err(|e: dust_strategy::game::ParseDecisionError| at(e.to_string()))?;
            let actor = state.current_player();
            state.game.apply(d).map_err(|e| at(e.to_string()))?;
            state.push(actor, Some(d), 0);
        } else if let Some(o) = l.strip_prefix("c ") {
            let o: u16 = o.trim().parse().map_err(|_| at(format!("`{o}` is not a chance outcome")))?;
            state.game.apply_chance(o).map_err(|e| at(e.to_string()))?;
            state.push(CHANCE, None, o);
        } else if let Some(h) = l.strip_prefix("hash ") {
            hash = Some(u64::from_str_radix(h.trim().trim_start_matches("0x"), 16).map_err(|_| at(format!("`{h}` is not a hash")))?);
        } else {
            return Err(at(format!("`{l}` is not a step (`d DECISION`, `c OUTCOME` or `hash H`)")));
        }
    }
    if let Some(h) = hash {
        let got = state.game.state_hash();
        if got != h {
            return Err(format!("the replay ends in state {got:#018x} but the text says {h:#018x}"));
        }
    }
    Ok((game, state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_strategy::GameRng;

    /// Plays random decisions and engine-sampled chance to the end or `max` steps.
    fn random_game(players: u8, seed: u64, max: usize) -> (StrategyGame, StrategyState) {
        let g = StrategyGame::new(players, 6).unwrap();
        let mut s = g.new_initial_state();
        let mut rng = GameRng::new(seed);
        for _ in 0..max {
            if s.is_terminal() {
                break;
            }
            if s.current_player() == CHANCE {
                s.resolve_chance(&mut rng);
            } else {
                let l = s.legal_actions(&g.encoding);
                let a = l[rng.index(l.len())];
                s.apply_action(&g.encoding, a).unwrap();
            }
        }
        (g, s)
    }

    #[test]
    fn every_legal_decision_has_an_id_that_decodes_back() {
        for players in [2, 4, 6] {
            let g = StrategyGame::new(players, 6).unwrap();
            let mut s = g.new_initial_state();
            let mut rng = GameRng::new(u64::from(players));
            let mut seen = 0;
            while !s.is_terminal() && seen < 3000 {
                if s.current_player() == CHANCE {
                    s.resolve_chance(&mut rng);
                    continue;
                }
                for d in s.game.legal_decisions() {
                    let id = g.encoding.encode(d).expect("an id");
                    assert!(id < g.encoding.num_actions());
                    assert_eq!(g.encoding.decode(id), Some(d));
                }
                let l = s.legal_actions(&g.encoding);
                s.apply_action(&g.encoding, l[rng.index(l.len())]).unwrap();
                seen += 1;
            }
            assert!(seen > 100, "a game of {players} players reached its decisions");
        }
    }

    #[test]
    fn the_encoding_of_the_shipped_map_and_deck() {
        // 51 areas and 45 cards (data/strategy/world.toml, deck.toml).
        let e = StrategyEncoding::new(51, 45);
        let layout = e.layout();
        assert_eq!(layout.len(), BLOCKS.len());
        assert_eq!(layout[0], ("card", 0, 45));
        assert_eq!(
            layout[13],
            (
                "move",
                45 + 3 * 51 + 5 * 51 + 51 * 51 + 5 * 51 + 51 + 45 + 6 + 6 + 51 + 1,
                4 * 51 * 51
            )
        );
        // Cards twice, eight blocks of one area, two of kind × area, eight of area × area, …
        assert_eq!(
            e.num_actions(),
            45 * 2 + 51 * 8 + 5 * 51 * 2 + 51 * 51 * 8 + 6 + 6 + 1 + 1 + 256 * 2 + 11 + 3 + 5
        );
        assert_eq!(e.num_actions(), 22_361);
        assert_eq!(e.decode(e.num_actions()), None);
        assert_eq!(e.decode(0), Some(Decision::ChooseCard(CardId(0))));
    }

    #[test]
    fn a_serialized_state_replays_to_the_same_state() {
        let (g, s) = random_game(3, 9, 600);
        let (g2, s2) = deserialize(&s.serialize()).unwrap();
        assert_eq!(g2.config, g.config);
        assert_eq!(s2.game.state_hash(), s.game.state_hash());
        assert_eq!(s2.information_state_string(1), s.information_state_string(1));
        let mut bad = s.serialize();
        bad = bad.replace("hash 0x", "hash 0x1");
        assert!(deserialize(&bad).is_err());
    }

    #[test]
    fn returns_sum_to_zero_and_share_a_victory() {
        assert_eq!(StrategyGame::returns_of(2, &[PlayerId(1)]), vec![-1.0, 1.0]);
        assert_eq!(StrategyGame::returns_of(4, &[PlayerId(0), PlayerId(2)]), vec![1.0, -1.0, 1.0, -1.0]);
        let r = StrategyGame::returns_of(3, &[PlayerId(2)]);
        assert_eq!(r, vec![-0.5, -0.5, 1.0]);
        assert_eq!(StrategyGame::returns_of(3, &[]), vec![0.0; 3]);
    }
}
