//! Computer players for Dust Battlefield ([`dust_core::field`]). A table has no finite list of
//! legal decisions, so every player chooses among the game's generator
//! ([`FieldGame::candidates`]), whose decisions all pass `check`:
//!
//! - [`FieldRandom`]: uniform over the candidates.
//! - [`FieldGreedy`]: one ply. Attacks by the army points their exact odds
//!   ([`FieldGame::attack_odds`], the live roll's own plan) are expected to destroy; moves by
//!   the position they reach (objectives within reach, enemies in range, closeness to the
//!   enemy); a March Move for a unit far from every enemy and objective; the unit with the
//!   best attack activates first; reactions whenever a unit can fire.
//! - [`FieldMcts`]: the project's one Monte Carlo tree search (`search.rs`, the grid
//!   game's too) over the generator's candidates (12 a node, tried with progressive widening,
//!   the greedy choice first), with chance nodes for the dice: a decision is rolled on a copy
//!   reseeded from the search's own generator (the search never sees the real game's next
//!   rolls) and the outcome named by the dice rolled and the position reached. Rollouts are
//!   half greedy, half random over 4 candidates, cut at `rollout_depth` decisions and scored
//!   by the [`material`] gained since the root. `flat=1` keeps the tree to the root (flat Monte
//!   Carlo, for comparison).
//!
//! Every player is seeded; with an iteration budget it is deterministic.

use crate::search::{self, SearchGame, Turn};
use crate::MctsConfig;
use dust_core::field::{Action, Decision, Event, FieldGame, Pending, SightMemo};
use dust_core::{BySide, GameRng, Side};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A computer player of Dust Battlefield.
pub trait FieldPlayer {
    /// Chooses a decision for the pending side (one of `game.candidates(..)`).
    ///
    /// # Panics
    /// When no decision is pending.
    fn decide(&mut self, game: &FieldGame) -> Decision;
    /// The player's name.
    fn name(&self) -> String;
}

/// How many candidates the players ask the generator for.
pub const CANDIDATES: usize = 8;

/// The material balance for `side`, in army points: each unit's AP times the share of its
/// miniatures or damage track left, own minus enemy, plus 5 AP an objective held.
pub fn material(g: &FieldGame, side: Side) -> f64 {
    let mut v = 0.0;
    for (u, s) in g.units().iter().enumerate() {
        let c = g.card(u);
        let full = f64::from(c.card.health.max(1));
        let left = if s.destroyed { 0.0 } else { f64::from(s.health).min(full) };
        let worth = f64::from(c.card.ap) * (0.5 + 0.5 * left / full) * if s.destroyed { 0.0 } else { 1.0 };
        let sup = if s.tokens.suppressed { 0.85 } else { 1.0 };
        v += if s.side == side { worth * sup } else { -worth * sup };
    }
    for o in &g.table().objectives {
        match g.objective_holder(o.at) {
            Some(s) if s == side => v += 5.0,
            Some(_) => v -= 5.0,
            None => {}
        }
    }
    v
}

/// Uniform over the candidates.
pub struct FieldRandom {
    rng: GameRng,
}

impl FieldRandom {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> FieldRandom {
        FieldRandom { rng: GameRng::new(seed) }
    }
}

impl FieldPlayer for FieldRandom {
    fn decide(&mut self, g: &FieldGame) -> Decision {
        let c = g.candidates(CANDIDATES);
        c[self.rng.index(c.len())].clone()
    }
    fn name(&self) -> String {
        "random".into()
    }
}

/// The army points an attack is expected to destroy (`memo`: the lines of sight and cover
/// answered so far on this position).
fn attack_value(g: &FieldGame, d: &Decision, memo: &mut SightMemo) -> f64 {
    let (Decision::Attack(aims), Some(u), Some(a)) = (d, g.acting(), g.current_action()) else {
        return 0.0;
    };
    if aims.is_empty() {
        return 0.0;
    }
    match g.attack_odds_memo(u, aims, a == Action::Sustained, memo) {
        Ok(o) => o
            .groups
            .iter()
            .map(|(gr, _, dist)| {
                let c = g.card(gr.target);
                let per_point = f64::from(c.card.ap) / f64::from(c.card.health.max(1));
                let cap = f64::from(g.units()[gr.target].health);
                let exp: f64 = dist
                    .iter()
                    .enumerate()
                    .map(|(k, p)| p * (k as f64 * f64::from(gr.per_hit.max(1))).min(cap))
                    .sum();
                let sign = if g.units()[gr.target].side == g.units()[u].side {
                    -2.0
                } else {
                    1.0
                };
                sign * exp * per_point
            })
            .sum(),
        Err(_) => 0.0,
    }
}

/// The best attack unit `u` could make from where it stands (for choosing whom to activate).
/// Every question is about one position: its lines of sight and cover are answered once.
fn best_attack_now(g: &FieldGame, side: Side) -> Option<(usize, f64)> {
    let mut best = None;
    let mut memo = SightMemo::new();
    for u in 0..g.units().len() {
        let s = &g.units()[u];
        if s.side != side || s.destroyed || s.activated {
            continue;
        }
        let lines = g.card(u).card.weapons.len() as u8;
        for t in 0..g.units().len() {
            if g.units()[t].side == side || g.units()[t].destroyed {
                continue;
            }
            let aims: Vec<_> = (0..lines)
                .map(|line| dust_core::field::Aim { line, target: t, at: None })
                .filter(|a| g.attack_allowed(u, std::slice::from_ref(a), false, &mut memo).is_ok())
                .collect();
            if aims.is_empty() {
                continue;
            }
            if let Ok(o) = g.attack_odds_memo(u, &aims, false, &mut memo) {
                let v = o.expected_damage(g) * f64::from(g.card(t).card.ap) / f64::from(g.card(t).card.health.max(1));
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((u, v));
                }
            }
        }
    }
    best
}

/// One ply of expected value (see the module's documentation).
pub struct FieldGreedy {
    rng: GameRng,
}

impl FieldGreedy {
    /// A greedy player with its own seed (for ties and the dice of its look-ahead copies).
    pub fn new(seed: u64) -> FieldGreedy {
        FieldGreedy { rng: GameRng::new(seed) }
    }
}

/// The greedy choice (shared by [`FieldGreedy`] and the Monte Carlo player's playouts).
fn greedy_choice(g: &FieldGame, rng: &mut GameRng, cands: &[Decision]) -> Decision {
    let Pending::Decision(side) = g.pending() else {
        panic!("no decision is pending")
    };
    let first = &cands[0];
    match first {
        Decision::First(_) => Decision::First(side),
        Decision::Activate(_) | Decision::ActivateWith(..) | Decision::Pass => {
            if let Some((u, v)) = best_attack_now(g, side) {
                if v > 0.0 {
                    return Decision::Activate(u);
                }
            }
            let acts: Vec<&Decision> = cands.iter().filter(|d| matches!(d, Decision::Activate(_))).collect();
            if acts.is_empty() {
                return first.clone();
            }
            acts[rng.index(acts.len())].clone()
        }
        Decision::Plan(_) => {
            let attack_now = g.acting().is_some_and(|u| best_attack_now_unit(g, u));
            let far = !attack_now && g.acting().is_some_and(|u| far_from_the_fight(g, u));
            let want: &[Action] = if attack_now {
                &[Action::Attack, Action::Move]
            } else if far {
                &[Action::March]
            } else {
                &[Action::Move, Action::Attack]
            };
            cands
                .iter()
                .find(|d| matches!(d, Decision::Plan(p) if p == want))
                .or_else(|| {
                    cands
                        .iter()
                        .find(|d| matches!(d, Decision::Plan(p) if p.first().is_some_and(|a| *a == Action::Move)))
                })
                .unwrap_or(first)
                .clone()
        }
        Decision::Attack(_) => {
            let mut memo = SightMemo::new();
            cands
                .iter()
                .map(|d| (attack_value(g, d, &mut memo), d))
                .fold(None::<(f64, &Decision)>, |b, (v, d)| {
                    if b.is_none_or(|(bv, _)| v > bv) {
                        Some((v, d))
                    } else {
                        b
                    }
                })
                .map_or_else(|| first.clone(), |(_, d)| d.clone())
        }
        Decision::Move { .. } => {
            let mut best: Option<(f64, &Decision)> = None;
            for d in cands {
                let mut c = g.clone();
                c.set_logging(false);
                c.reseed(rng.next_u64());
                if c.apply(d.clone()).is_err() {
                    continue;
                }
                let mut v = material(&c, side) + position(&c, side) + rng.unit() * 0.01;
                if let Some(u) = g.acting() {
                    if best_attack_now_unit(&c, u) {
                        v += 3.0;
                    }
                }
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, d));
                }
            }
            best.map_or_else(|| first.clone(), |(_, d)| d.clone())
        }
        Decision::React(_) => cands
            .iter()
            .find(|d| matches!(d, Decision::React(Some(_))))
            .unwrap_or(first)
            .clone(),
        // A unit held in ambush is placed when a placing is offered.
        Decision::Place(_) => cands
            .iter()
            .find(|d| matches!(d, Decision::Place(p) if !p.is_empty()))
            .unwrap_or(first)
            .clone(),
        // Repairs, treatment, re-activation, ammunition, stimulants, units called up again and
        // camouflage cost nothing on a failure, nor does cutting wire;
        // clearing a minefield risks its attack and a Suppression token, so the greedy player
        // leaves mines alone.
        Decision::Special(_) => {
            use dust_core::field::Special as S;
            cands
                .iter()
                .find(|d| {
                    matches!(
                        d,
                        Decision::Special(
                            S::Repair(_)
                                | S::GetUp(_)
                                | S::GetMoving(_)
                                | S::Medevac(_)
                                | S::AmmoDrop(_)
                                | S::Stimulants(..)
                                | S::Reinforce(_)
                                | S::ReplaceVehicle(_)
                                | S::Camouflage
                                | S::Resurrect(_)
                        )
                    )
                })
                .or_else(|| {
                    cands.iter().find(|d| {
                        matches!(d, Decision::Special(S::Engineer(p))
                            if g.table().terrain.get(*p).is_some_and(|t| t.kind == dust_geom::table::TerrainKind::BarbedWire))
                    })
                })
                .unwrap_or(first)
                .clone()
        }
        Decision::Smoke { .. }
        | Decision::ReactWith(_)
        | Decision::Casualties(_)
        | Decision::Mount { .. }
        | Decision::Dismount(_)
        | Decision::Declare(_)
        | Decision::Observe { .. }
        | Decision::Lift(_) => first.clone(),
    }
}

/// Whether unit `u` can hit some enemy with some line from where it stands.
fn best_attack_now_unit(g: &FieldGame, u: usize) -> bool {
    let side = g.units()[u].side;
    let lines = g.card(u).card.weapons.len() as u8;
    let mut memo = SightMemo::new();
    (0..g.units().len()).any(|t| {
        g.units()[t].side != side
            && !g.units()[t].destroyed
            && (0..lines).any(|line| {
                g.attack_allowed(u, &[dust_core::field::Aim { line, target: t, at: None }], false, &mut memo)
                    .is_ok()
            })
    })
}

/// How far a unit marches rather than moving and attacking: farther than this from every
/// enemy miniature (70 cm: a Move of 10 cm and the longest ranges of the shipped cards, 6, with
/// a range to spare) and from every objective (25 cm: two Moves and the objective's range 1),
/// nothing it could reach would let it attack or take an objective this activation.
const MARCH_ENEMY_CM: i128 = 70;
const MARCH_OBJECTIVE_CM: i128 = 25;

/// Whether unit `u` stands far from every enemy and every objective ([`MARCH_ENEMY_CM`]): the
/// greedy player then plans a March Move (twice the Move, no attack). Without it greedy units
/// crossed a table at 10 cm a turn and games rarely fought (issue 21; docs/ai.md, "Fair
/// Battlefield tables").
fn far_from_the_fight(g: &FieldGame, u: usize) -> bool {
    let cm = i128::from(dust_geom::exact::UNITS_PER_CM);
    let side = g.units()[u].side;
    let t = g.table();
    let mine: Vec<_> = t.units[u].minis.iter().map(|m| m.body.centre()).collect();
    if mine.is_empty() {
        return false;
    }
    let near = |p: dust_geom::exact::Pt, r: i128| mine.iter().any(|a| dust_geom::exact::dist2(*a, p) <= (r * cm) * (r * cm));
    let enemy_near = t
        .units
        .iter()
        .zip(g.units())
        .filter(|(_, x)| x.side != side && !x.destroyed)
        .flat_map(|(v, _)| v.minis.iter())
        .any(|m| near(m.body.centre(), MARCH_ENEMY_CM));
    !enemy_near && !t.objectives.iter().any(|o| near(o.at, MARCH_OBJECTIVE_CM))
}

/// Closeness to the objectives: each objective's nearest own miniature against the enemy's.
fn position(g: &FieldGame, side: Side) -> f64 {
    let t = g.table();
    let mut v = 0.0;
    for o in &t.objectives {
        let near = |s: Side| {
            t.units
                .iter()
                .zip(g.units())
                .filter(|(_, x)| x.side == s && !x.destroyed)
                .flat_map(|(u, _)| u.minis.iter())
                .map(|m| dust_geom::exact::dist2(m.body.centre(), o.at) as f64)
                .fold(f64::INFINITY, f64::min)
                .sqrt()
        };
        let (mine, theirs) = (near(side), near(side.other()));
        if mine.is_finite() {
            v -= mine / 10_000.0;
        }
        if theirs.is_finite() {
            v += theirs / 20_000.0;
        }
    }
    // Closeness to the enemy: each unit's nearest miniature to its nearest enemy, at half an
    // objective's weight. Without it a unit with nothing in reach walked toward the objectives
    // only, and greedy games on the shipped tables rarely fought (issue 21: a unit destroyed in
    // 3.5% of Dnieper Ford's games and 72% of Ruined Town's; docs/ai.md, "Fair Battlefield
    // tables").
    let minis = |s: Side| {
        t.units
            .iter()
            .zip(g.units())
            .filter(move |(_, x)| x.side == s && !x.destroyed)
            .map(|(u, _)| u.minis.iter().map(|m| m.body.centre()).collect::<Vec<_>>())
            .filter(|m| !m.is_empty())
    };
    let theirs: Vec<_> = minis(side.other()).flatten().collect();
    if !theirs.is_empty() {
        for mine in minis(side) {
            let d2 = mine
                .iter()
                .flat_map(|a| theirs.iter().map(move |b| dust_geom::exact::dist2(*a, *b)))
                .min()
                .unwrap_or(0);
            v -= (d2 as f64).sqrt() / 20_000.0;
        }
    }
    v
}

impl FieldPlayer for FieldGreedy {
    fn decide(&mut self, g: &FieldGame) -> Decision {
        // A placing is chosen as the first one found (below), which the generator proposes
        // first whatever the limit: asking for one spares the cover checks of the others.
        let c = g.candidates(if g.places() { 1 } else { CANDIDATES });
        greedy_choice(g, &mut self.rng, &c)
    }
    fn name(&self) -> String {
        "greedy".into()
    }
}

/// A Battlefield player for a command-line player spec: `random`, `greedy`, or `mcts…`
/// ([`FieldMcts`] with the spec's settings; `flat=1` for flat Monte Carlo).
pub fn field_player(spec: &crate::PlayerSpec, seed: u64) -> Box<dyn FieldPlayer + Send> {
    match spec {
        crate::PlayerSpec::Random => Box::new(FieldRandom::new(seed)),
        crate::PlayerSpec::Greedy => Box::new(FieldGreedy::new(seed)),
        crate::PlayerSpec::Mcts(c) => Box::new(FieldMcts::new(c.clone(), seed)),
    }
}

/// How many candidates a node of the tree search asks the generator for.
const TREE_CANDIDATES: usize = 12;

/// The scale of the material balance in a search's values: a side `SCALE` army points ahead
/// of where it stood at the root is valued about 0.73.
const SCALE: f64 = 20.0;

/// A Battlefield game as the tree search (`search.rs`) sees it. The table game rolls its
/// dice inside [`FieldGame::apply`], so a decision made by the search waits as a chance node
/// until the descent rolls it on a copy reseeded from the search's own generator (the search
/// never sees the real game's next rolls); the outcome is named by the dice rolled and the
/// position reached.
#[derive(Clone, Debug)]
pub(crate) struct FieldState {
    game: FieldGame,
    /// A decision made by the search whose dice are not rolled yet.
    pending: Option<Decision>,
    /// Side A's material at the root, which values are measured from.
    base: f64,
    /// The engine refused a decision (two positions took one key): the line ends here.
    refused: bool,
    /// The root's options, worked out once before the search threads start (each tree would
    /// otherwise ask the generator and the greedy prior for them again), with whether they
    /// carry priors; dropped by the first decision applied.
    root: Option<(bool, Arc<Options>)>,
}

/// A node's decisions with their priors.
type Options = Vec<(Decision, f32)>;

impl FieldState {
    /// The search's copy of `g` (its log emptied).
    pub(crate) fn new(g: &FieldGame) -> FieldState {
        let mut game = g.clone();
        game.set_logging(false);
        game.set_logging(true);
        let base = material(&game, Side::A);
        FieldState {
            game,
            pending: None,
            base,
            refused: false,
            root: None,
        }
    }
}

/// The options of a position whose candidates are `cands`: with priors, the greedy player's
/// choice among them scores 1.
fn scored_options(g: &FieldGame, cands: Vec<Decision>, depth: u32, priors: bool) -> Vec<(Decision, f32)> {
    let pick = (priors && cands.len() > 1).then(|| greedy_choice(g, &mut GameRng::new(u64::from(depth)), &cands));
    cands
        .into_iter()
        .map(|d| {
            let p = if pick.as_ref() == Some(&d) { 1.0 } else { 0.0 };
            (d, p)
        })
        .collect()
}

/// One step of the FNV-1a hash over 64-bit words.
fn fnv(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x0100_0000_01b3)
}

impl SearchGame for FieldState {
    type Decision = Decision;

    fn turn(&self) -> Turn {
        if self.refused {
            return Turn::Over(self.value());
        }
        if self.pending.is_some() {
            return Turn::Chance;
        }
        match self.game.pending() {
            Pending::Decision(s) => Turn::Decide(s),
            Pending::Over(Some(Side::A)) => Turn::Over(1.0),
            Pending::Over(Some(Side::B)) => Turn::Over(0.0),
            Pending::Over(None) => Turn::Over(0.5),
        }
    }

    /// The generator's candidates; with priors, the greedy player's choice among them scores 1.
    fn options(&self, depth: u32, priors: bool) -> Vec<(Decision, f32)> {
        match &self.root {
            Some((p, options)) if depth == 0 && *p == priors => options.as_ref().clone(),
            _ => scored_options(&self.game, self.game.candidates(TREE_CANDIDATES), depth, priors),
        }
    }

    fn rollout_options(&self) -> Vec<Decision> {
        self.game.candidates(4)
    }

    fn light(&self, options: &[Decision], rng: &mut GameRng) -> Decision {
        light_choice(&self.game, options, rng)
    }

    fn apply(&mut self, d: &Decision) {
        self.root = None;
        self.pending = Some(d.clone());
    }

    fn chance(&mut self, rng: &mut GameRng) -> u64 {
        let Some(d) = self.pending.take() else { return 0 };
        self.game.reseed(rng.next_u64());
        let from = self.game.events().len();
        if self.game.apply(d).is_err() {
            self.refused = true;
            return u64::MAX;
        }
        let mut h = 0xcbf2_9ce4_8422_2325;
        for e in &self.game.events()[from..] {
            if let Event::Rolled { purpose, dice, successes } = e {
                for b in format!("{purpose:?}").bytes() {
                    h = fnv(h, u64::from(b));
                }
                h = fnv(h, u64::from(*dice) << 16 | u64::from(*successes));
            }
        }
        self.game.set_logging(false);
        self.game.set_logging(true);
        // The position's hash counts the dice's state: give them a fixed seed first (every
        // later decision is rolled after a reseed).
        self.game.reseed(0);
        fnv(h, self.game.state_hash())
    }

    fn roll(&mut self, rng: &mut GameRng) {
        let Some(d) = self.pending.take() else { return };
        self.game.set_logging(false);
        self.game.reseed(rng.next_u64());
        if self.game.apply(d).is_err() {
            self.refused = true;
        }
    }

    /// The material gained since the root, squashed into `[0, 1]`.
    fn value(&self) -> f64 {
        1.0 / (1.0 + (-(material(&self.game, Side::A) - self.base) / SCALE).exp())
    }

    /// A node tries two of the generator's candidates, then one more as its visits grow
    /// (progressive widening: about 1.5 √visits).
    fn widen(visits: u32) -> usize {
        2 + (1.5 * f64::from(visits).sqrt()) as usize
    }
}

/// The rollouts' policy: the greedy player's choice where it is cheap (who goes first, the
/// attack expected to destroy the most, firing when a reaction is offered, casualties,
/// placings), a random one elsewhere (which unit, which plan, where to move: the greedy
/// player weighs those by line of sight to every enemy, which would cost a rollout most of
/// its time).
fn light_choice(g: &FieldGame, options: &[Decision], rng: &mut GameRng) -> Decision {
    match &options[0] {
        Decision::Activate(_) | Decision::ActivateWith(..) | Decision::Pass => {
            let acts: Vec<&Decision> = options.iter().filter(|d| matches!(d, Decision::Activate(_))).collect();
            if acts.is_empty() {
                options[rng.index(options.len())].clone()
            } else {
                acts[rng.index(acts.len())].clone()
            }
        }
        Decision::Plan(_) => {
            // A plan that acts: move then attack, or attack then move.
            let acting: Vec<&Decision> = options
                .iter()
                .filter(|d| matches!(d, Decision::Plan(p) if p.len() == 2 && p.contains(&Action::Move) && p.contains(&Action::Attack)))
                .collect();
            if acting.is_empty() {
                options[rng.index(options.len())].clone()
            } else {
                acting[rng.index(acting.len())].clone()
            }
        }
        Decision::Move { .. } => options[rng.index(options.len())].clone(),
        _ => greedy_choice(g, rng, options),
    }
}

/// Monte Carlo tree search on the table: the project's tree search (`search.rs`) over the
/// generator's candidates, with chance nodes for the dice (module text).
pub struct FieldMcts {
    config: MctsConfig,
    rng: GameRng,
    /// Iterations behind the last decision.
    pub last_iterations: u64,
}

impl FieldMcts {
    /// A search player with its settings (budget, threads, exploration, rollout depth,
    /// prior weight and depth, `flat`) and seed.
    pub fn new(config: MctsConfig, seed: u64) -> FieldMcts {
        FieldMcts {
            config,
            rng: GameRng::new(seed),
            last_iterations: 0,
        }
    }
}

impl FieldPlayer for FieldMcts {
    fn decide(&mut self, g: &FieldGame) -> Decision {
        let start = Instant::now();
        let cands = g.candidates(TREE_CANDIDATES);
        assert!(!cands.is_empty(), "no decision is pending");
        if cands.len() == 1 {
            self.last_iterations = 0;
            return cands[0].clone();
        }
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        // The root's options once, from the candidates already in hand (as every tree would
        // work them out: the same decisions and priors).
        let mut root = FieldState::new(g);
        let priors = self.config.prior_weight > 0.0;
        root.root = Some((priors, Arc::new(scored_options(g, cands.clone(), 0, priors))));
        let (scored, total) = search::search(&root, &self.config, &seeds, start);
        self.last_iterations = total;
        // No search thread answered by its deadline (a loaded machine did not let one run):
        // the rollouts' light choice, which costs little, rather than the first candidate
        // (holding fire, standing still).
        scored
            .into_iter()
            .next()
            .map_or_else(|| light_choice(g, &cands, &mut self.rng), |s| s.decision)
    }
    fn name(&self) -> String {
        if self.config.flat {
            format!("mcts:{},flat=1", self.config.budget)
        } else {
            format!("mcts:{}", self.config.budget)
        }
    }
}

/// How long a player took over its decisions of a game.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct DecisionTimes {
    /// Decisions made.
    pub decisions: u32,
    /// Their total time.
    pub total: Duration,
    /// The longest one.
    pub longest: Duration,
}

impl DecisionTimes {
    /// Adds one decision's time.
    pub fn add(&mut self, t: Duration) {
        self.decisions += 1;
        self.total += t;
        self.longest = self.longest.max(t);
    }
    /// Both players' times together (a side's over several games).
    pub fn merge(&mut self, o: &DecisionTimes) {
        self.decisions += o.decisions;
        self.total += o.total;
        self.longest = self.longest.max(o.longest);
    }
}

/// Plays a game to its end (or `limit` decisions) with two players (side A's first); every AI
/// game ends: the turn limit ends the game. Returns the decisions and each side's decision
/// times.
///
/// # Errors
/// A refused decision (a bug in a player or the generator).
pub fn play_field(
    g: &mut FieldGame,
    players: &mut [Box<dyn FieldPlayer + Send>; 2],
    limit: usize,
) -> Result<(Vec<Decision>, [DecisionTimes; 2]), String> {
    let mut out = Vec::new();
    let mut times = [DecisionTimes::default(); 2];
    while let Pending::Decision(s) = g.pending() {
        if out.len() >= limit {
            return Err(format!("the game did not end within {limit} decisions"));
        }
        let t = Instant::now();
        let d = players[s.index()].decide(g);
        times[s.index()].add(t.elapsed());
        g.apply(d.clone())
            .map_err(|e| format!("{} chose `{d}`, refused: {e}", players[s.index()].name()))?;
        out.push(d);
    }
    Ok((out, times))
}

/// How a Battlefield game ended, for a match's statistics (`sim`, the fairness tests).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldOutcome {
    /// The winning side, `None` for a draw.
    pub winner: Option<Side>,
    /// The units each side lost (destroyed), by the side that lost them.
    pub lost: BySide<u8>,
    /// The army points of enemy units each side eliminated.
    pub destroyed_ap: BySide<u16>,
    /// The turn the game ended in.
    pub turns: u8,
    /// The objectives each side held at the end of the last turn.
    pub held: BySide<u8>,
    /// Objectives held at the ends of turns, added up over the turns, by side (a side holding
    /// one objective for three turns scores 3).
    pub held_turns: BySide<u16>,
    /// The game was won by holding every objective at the end of a turn.
    pub by_objectives: bool,
}

impl FieldOutcome {
    /// The outcome of a game that is over (or where it stands, if not).
    pub fn of(g: &FieldGame) -> FieldOutcome {
        let mut o = FieldOutcome {
            winner: match g.pending() {
                Pending::Over(w) => w,
                Pending::Decision(_) => None,
            },
            destroyed_ap: g.destroyed_ap(),
            turns: g.turn(),
            held: g.objectives_held(),
            ..FieldOutcome::default()
        };
        for u in g.units() {
            if u.destroyed {
                o.lost[u.side] += 1;
            }
        }
        for e in g.events() {
            if let Event::Holds(s, _) = e {
                o.held_turns[*s] += 1;
            }
        }
        let n = g.table().objectives.len() as u8;
        let alive = |s: Side| g.units().iter().any(|u| u.side == s && !u.destroyed);
        o.by_objectives = n > 0 && alive(Side::A) && alive(Side::B) && o.winner.is_some_and(|s| o.held[s] == n);
        o
    }

    /// Units destroyed in the game, both sides'.
    pub fn destroyed(&self) -> u32 {
        u32::from(self.lost.a) + u32::from(self.lost.b)
    }

    /// The game as the paired statistics see it ([`crate::matchup::Summary`]): game `index`
    /// of a match, its victory points the army points each side eliminated.
    pub fn summary(&self, index: u32, final_hash: u64) -> crate::matchup::GameSummary {
        crate::matchup::GameSummary {
            index,
            finished: Some(crate::matchup::Finished {
                winner: self.winner,
                victory_points: BySide {
                    a: u32::from(self.destroyed_ap.a),
                    b: u32::from(self.destroyed_ap.b),
                },
                rounds: self.turns,
                cut_off: false,
                final_hash,
            }),
        }
    }
}

/// One game of a paired Battlefield match ([`play_paired`]).
pub struct PairedGame {
    /// The game at its end.
    pub game: FieldGame,
    /// Its decisions.
    pub decisions: Vec<Decision>,
    /// The decision times of player a and of player b.
    pub times: [DecisionTimes; 2],
    /// How it ended.
    pub outcome: FieldOutcome,
}

/// Game `g` of a paired match seeded `seed` between `players` (a, b) on `setup`: games `2k`
/// and `2k + 1` are one pair, the dice seeded `seed + k` in both, player a on side A in the
/// first and on side B in the second (each seat keeps its player seed, so a mirror match
/// plays the same game twice). `sim --edition battlefield` plays its games with it.
///
/// # Errors
/// A table the engine refuses, or a game that does not end within `limit` decisions.
pub fn play_paired(
    setup: &dust_core::field::FieldSetup,
    players: [&crate::PlayerSpec; 2],
    seed: u64,
    g: u32,
    limit: usize,
) -> Result<PairedGame, String> {
    let pair_seed = seed.wrapping_add(u64::from(g / 2));
    let swap = g % 2 == 1;
    // The index into `players` of the one on side `s`.
    let seat = |s: Side| usize::from((s == Side::A) == swap);
    let mut sides: [Box<dyn FieldPlayer + Send>; 2] = [
        field_player(players[seat(Side::A)], pair_seed.wrapping_mul(3).wrapping_add(1)),
        field_player(players[seat(Side::B)], pair_seed.wrapping_mul(3).wrapping_add(2)),
    ];
    let mut game = FieldGame::new(setup.clone(), pair_seed).map_err(|e| e.to_string())?;
    let (decisions, by_side) = play_field(&mut game, &mut sides, limit)?;
    let mut times = [DecisionTimes::default(); 2];
    for s in Side::ALL {
        times[seat(s)] = by_side[s.index()];
    }
    let outcome = FieldOutcome::of(&game);
    Ok(PairedGame {
        game,
        decisions,
        times,
        outcome,
    })
}
