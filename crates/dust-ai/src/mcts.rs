//! Monte Carlo tree search with chance nodes.
//!
//! The tree has three kinds of nodes, as the engine's [`Pending`] says:
//!
//! - decision nodes, for **both** sides: the active player's declaration, and the other
//!   player's reactive fire, casualties and retaliation. A child is chosen by UCT with the
//!   values seen from the side that decides there;
//! - chance nodes: the pending [`dust_core::Roll`] ("k successes of n dice"); the descent draws
//!   an outcome with its exact probability from [`dust_core::Roll::distribution`], so each
//!   outcome is visited in proportion to its probability;
//! - terminal nodes (the game is over).
//!
//! When the player may activate a unit and `plans` is not 0, it does not search that decision
//! with the tree: it plays out whole activations (the greedy planner's best plans of every
//! unit) and follows the best one's declarations ([`MctsPlayer`]'s plan search, flat UCB over
//! the candidates). Each play-out of a candidate lets the greedy player play both sides for the
//! next `lookahead` activations (issue 21) and scores the position where the next activation
//! is pending. The tree searches every other decision.
//!
//! Leaves are valued by a rollout with the light policy ([`crate::policy::light`]) that stops
//! after `rollout_depth` decisions and then scores the position with [`eval::win_value`].
//!
//! Search is root-parallel: `threads` trees with different seeds, each with its share of the
//! iterations (or until the deadline), merged at the root by decision. The clock is checked
//! before every iteration, and one iteration is a single short rollout, so a decision never
//! takes much longer than its budget. With an iteration budget the search is deterministic
//! for a seed, whatever the machine.

use crate::eval;
use crate::greedy::ActivationPlan;
use crate::policy;
use crate::spec::Budget;
use crate::{Candidate, Explanation, Player};
use dust_core::game::{Decision, Game, Optional, Pending};
use dust_core::{GameRng, Side};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Time kept back from a time budget for the last iteration and the merge.
const MARGIN: Duration = Duration::from_millis(8);

/// How long after its time budget a search still waits for a search thread's results.
const GRACE: Duration = Duration::from_millis(15);

/// Exploration of the search over whole activations, as a share of the UCT constant.
const PLAN_C: f64 = 0.5;

/// Weight of the greedy score in the search over whole activations, as a share of
/// `prior_weight`.
const PLAN_PRIOR: f64 = 0.3;

/// Within this of the deadline, new nodes skip the greedy priors.
const HURRY: Duration = Duration::from_millis(50);

/// Settings of the tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Time or iterations per decision (iterations are shared among the threads).
    pub budget: Budget,
    /// Trees searched in parallel (root parallelism).
    pub threads: usize,
    /// The UCT exploration constant (values are win probabilities in `[0, 1]`).
    pub exploration: f64,
    /// Decisions played by the light policy after a leaf before the position is scored.
    pub rollout_depth: u32,
    /// Weight of the greedy player's scores as a prior (progressive bias: it fades as
    /// `prior / (visits + 1)`); 0 turns it off.
    pub prior_weight: f64,
    /// Decision nodes up to this depth below the root get greedy priors (they cost about a
    /// greedy decision each).
    pub prior_depth: u32,
    /// Whole activations searched per unit when the player activates a unit (the greedy
    /// planner's best plans: unit, plan, moves); 0 searches one decision at a time.
    pub plans: usize,
    /// Patient evaluation ([`eval::with_patience`]): an army the enemy outranges is not drawn
    /// towards it while the score is level or better (spec option `wait=0|1`).
    pub patient: bool,
    /// Activations played by the greedy player on both sides after a candidate activation
    /// before the position is scored (module `lookahead`, issue 21); 0 plays candidates out with the
    /// light policy for `rollout_depth` decisions instead (spec option `look=N`).
    pub lookahead: u32,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Time(Duration::from_millis(200)),
            threads: 2,
            exploration: 0.7,
            rollout_depth: 12,
            prior_weight: 1.0,
            prior_depth: 2,
            plans: 4,
            patient: true,
            lookahead: 4,
        }
    }
}

/// Monte Carlo tree search (see the module text).
#[derive(Clone, Debug)]
pub struct MctsPlayer {
    config: MctsConfig,
    rng: GameRng,
    last: Option<Explanation>,
    /// The activation chosen by the plan search, followed decision by decision.
    following: Option<Following>,
}

/// A whole activation being carried out: the plan and how many of its moves are declared.
#[derive(Clone, Debug)]
struct Following {
    plan: ActivationPlan,
    next: usize,
}

impl MctsPlayer {
    /// A search player with its settings and seed.
    pub fn new(config: MctsConfig, seed: u64) -> MctsPlayer {
        MctsPlayer {
            config,
            rng: GameRng::new(seed),
            last: None,
            following: None,
        }
    }

    /// The deadline and iteration budget of a search started at `start`.
    fn limits(&self, start: Instant) -> (Option<Instant>, u64) {
        match self.config.budget {
            // Leave time for the last iteration (a node with greedy priors costs a few
            // milliseconds), merging and returning.
            Budget::Time(d) => (Some(start + d.saturating_sub(MARGIN.min(d / 4))), u64::MAX),
            Budget::Iterations(n) => (None, u64::from(n)),
        }
    }

    /// When a search with a time budget stops waiting for its threads: the budget plus
    /// [`GRACE`]. A thread the machine has not let run until then is left behind (it stops
    /// at its next clock check) and its play-outs are not counted, so a loaded machine costs
    /// iterations, not time.
    fn hard_deadline(&self, start: Instant) -> Option<Instant> {
        match self.config.budget {
            Budget::Time(d) => Some(start + d + GRACE),
            Budget::Iterations(_) => None,
        }
    }

    /// The next decision of the activation being followed, if it is one of its declarations
    /// (plan, moves, Separate, Assault); clears the plan when the activation is over.
    fn follow(&mut self, game: &Game, options: &[Decision]) -> Option<Decision> {
        let f = self.following.as_mut()?;
        match game.declaring() {
            Some(u) if u == f.plan.unit => planned_step(options, &f.plan, &mut f.next),
            // Battlefront: between the parts of its activation (the enemy's reaction, its
            // casualties), the rest of the plan is declared when its actions are made.
            None if game.unit(f.plan.unit).activated && !game.unit(f.plan.unit).destroyed => None,
            _ => {
                self.following = None;
                None
            }
        }
    }

    /// Searches over whole activations: each candidate (the greedy planner's best plans for
    /// every unit) is played out by the light policy many times, choosing which to try by UCB
    /// with the greedy score as a prior; the most tried is followed. `None` when there is
    /// nothing to choose among.
    fn plan_search(&mut self, game: &Game) -> Option<Decision> {
        let start = Instant::now();
        let Pending::Decision { side } = game.pending() else { return None };
        let per_unit = self.config.plans;
        let plans = std::panic::catch_unwind(|| crate::GreedyPlayer::new(0).activation_plans(game, per_unit)).ok()?;
        if plans.is_empty() {
            return None;
        }
        let hi = plans.iter().map(|p| p.value).fold(f64::NEG_INFINITY, f64::max);
        let lo = plans.iter().map(|p| p.value).fold(f64::INFINITY, f64::min);
        let priors: Vec<f64> = plans
            .iter()
            .map(|p| if hi > lo { (p.value - lo) / (hi - lo) } else { 0.5 })
            .collect();
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let (deadline, iterations) = self.limits(start);
        let mut root = game.clone();
        root.clear_events();
        let root = Arc::new(root);
        let plans = Arc::new(plans);
        let priors = Arc::new(priors);
        let config = Arc::new(self.config.clone());
        let job = {
            let (root, plans, config) = (root.clone(), plans.clone(), config.clone());
            move |i: usize, seed: u64| {
                let share = share_of(iterations, threads, i);
                eval::with_patience(config.patient, || {
                    run_plans(&root, &plans, &priors, side, &config, seed, share, deadline)
                })
            }
        };
        let results = if plans.len() == 1 {
            vec![job(0, seeds[0])]
        } else {
            in_parallel(&seeds, self.hard_deadline(start), job)
        };
        if results.is_empty() {
            return None;
        }
        let mut stats = vec![(0u64, 0.0f64); plans.len()];
        let mut total = 0;
        for (st, n) in results {
            total += n;
            for (m, (v, sum)) in stats.iter_mut().zip(st) {
                m.0 += v;
                m.1 += sum;
            }
        }
        let mut order: Vec<usize> = (0..plans.len()).collect();
        let mean = |i: usize| if stats[i].0 > 0 { stats[i].1 / stats[i].0 as f64 } else { 0.0 };
        order.sort_by(|&a, &b| stats[b].0.cmp(&stats[a].0).then(mean(b).total_cmp(&mean(a))).then(a.cmp(&b)));
        let best = order[0];
        self.last = Some(Explanation {
            player: "mcts",
            candidates: order
                .iter()
                .take(8)
                .map(|&i| Candidate {
                    decision: Decision::Activate(plans[i].unit),
                    visits: stats[i].0,
                    value: mean(i),
                })
                .collect(),
            iterations: total,
        });
        let plan = plans[best].clone();
        let d = Decision::Activate(plan.unit);
        self.following = Some(Following { plan, next: 0 });
        Some(d)
    }

    /// Searches `game` and returns the root statistics merged over the trees, most visited first.
    pub fn search(&mut self, game: &Game) -> Vec<Candidate> {
        let start = Instant::now();
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let (deadline, iterations) = self.limits(start);
        let mut root = game.clone();
        root.clear_events();
        let root = Arc::new(root);
        let config = Arc::new(self.config.clone());
        let job = move |i: usize, seed: u64| {
            let share = share_of(iterations, threads, i);
            eval::with_patience(config.patient, || {
                Tree::new(&root, seed, &config).run(&root, &config, share, deadline)
            })
        };
        let results: Vec<(RootStats, u64)> = if threads == 1 && deadline.is_none() {
            vec![job(0, seeds[0])]
        } else {
            in_parallel(&seeds, self.hard_deadline(start), job)
        };
        let mut merged: Vec<(Decision, u64, f64)> = Vec::new();
        let mut total = 0;
        for (stats, n) in results {
            total += n;
            for (d, visits, value_sum) in stats {
                match merged.iter_mut().find(|m| m.0 == d) {
                    Some(m) => {
                        m.1 += visits;
                        m.2 += value_sum;
                    }
                    None => merged.push((d, visits, value_sum)),
                }
            }
        }
        let mut cands: Vec<Candidate> = merged
            .into_iter()
            .map(|(decision, visits, sum)| Candidate {
                decision,
                visits,
                value: if visits > 0 { sum / visits as f64 } else { 0.0 },
            })
            .collect();
        cands.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        self.last = Some(Explanation {
            player: "mcts",
            candidates: cands.iter().take(8).cloned().collect(),
            iterations: total,
        });
        cands
    }
}

impl MctsPlayer {
    /// [`Player::decide`] under the player's patience setting.
    fn decide_patiently(&mut self, game: &Game) -> Decision {
        let options = game.legal_decisions();
        assert!(!options.is_empty(), "decide called with no decision pending");
        if options.len() == 1 {
            self.last = Some(Explanation {
                player: "mcts",
                candidates: vec![Candidate {
                    decision: options[0],
                    visits: 0,
                    value: 0.5,
                }],
                iterations: 0,
            });
            return options[0];
        }
        if let Some(d) = self.follow(game, &options) {
            self.last = Some(Explanation {
                player: "mcts",
                candidates: vec![Candidate {
                    decision: d,
                    visits: 0,
                    value: 0.5,
                }],
                iterations: 0,
            });
            return d;
        }
        if self.config.plans > 0 && matches!(options[0], Decision::Activate(_)) {
            if let Some(d) = self.plan_search(game) {
                return d;
            }
        }
        let cands = self.search(game);
        cands.first().map_or(options[0], |c| c.decision)
    }
}

impl Player for MctsPlayer {
    fn decide(&mut self, game: &Game) -> Decision {
        eval::with_patience(self.config.patient, || self.decide_patiently(game))
    }

    fn explain(&self) -> Option<Explanation> {
        self.last.clone()
    }

    fn time_budget(&self) -> Option<Duration> {
        match self.config.budget {
            Budget::Time(d) => Some(d),
            Budget::Iterations(_) => None,
        }
    }
}

/// Per root decision: visits and the sum of values for the root's decider.
type RootStats = Vec<(Decision, u64, f64)>;

#[derive(Copy, Clone, Debug, PartialEq)]
enum Edge {
    Decide(Decision),
    Outcome(u16),
}

#[derive(Clone, Debug)]
enum Kind {
    Decision(Side),
    Chance(Vec<f64>),
    Terminal(f64),
}

#[derive(Clone, Debug)]
struct Node {
    kind: Kind,
    visits: u32,
    /// Sum of the values seen, for side A.
    value_a: f64,
    children: Vec<(Edge, u32, f32)>,
    /// Decisions not yet tried with their priors (the next to try is last).
    untried: Vec<(Decision, f32)>,
    depth: u32,
}

struct Tree {
    nodes: Vec<Node>,
    rng: GameRng,
    /// Iterations lost to a panic of the engine.
    failed: u64,
    /// Near the deadline: new nodes get no greedy priors (they cost milliseconds).
    hurry: bool,
}

/// Nodes per tree at most; beyond it the search goes on without growing the tree.
const MAX_NODES: usize = 400_000;

impl Tree {
    fn new(root: &Game, seed: u64, config: &MctsConfig) -> Tree {
        let mut t = Tree {
            nodes: Vec::new(),
            rng: GameRng::new(seed),
            failed: 0,
            hurry: false,
        };
        let n = t.make_node(root, 0, config);
        t.nodes.push(n);
        t
    }

    fn make_node(&mut self, g: &Game, depth: u32, config: &MctsConfig) -> Node {
        let (kind, untried) = match g.pending() {
            Pending::GameOver { winner } => (Kind::Terminal(eval::terminal_value(g, winner, Side::A)), Vec::new()),
            Pending::Chance(r) => (Kind::Chance(r.distribution()), Vec::new()),
            Pending::Decision { side } => {
                let legal = g.legal_decisions();
                // Greedy priors plan every unit's activation at an Activate node (tens of
                // milliseconds on a loaded machine): only at the root, where they are worth it.
                let costly = depth > 0 && matches!(legal.first(), Some(Decision::Activate(_)));
                let mut options: Vec<(Decision, f32)> =
                    if depth <= config.prior_depth && config.prior_weight > 0.0 && !self.hurry && !costly {
                        priors(g)
                    } else {
                        legal.into_iter().map(|d| (d, 0.0)).collect()
                    };
                // Random order among equals, then the best prior (or the light policy's choice)
                // is tried first.
                for i in (1..options.len()).rev() {
                    let j = self.rng.index(i + 1);
                    options.swap(i, j);
                }
                if options.len() > 1 && options.iter().all(|o| o.1 == 0.0) {
                    let ds: Vec<Decision> = options.iter().map(|o| o.0).collect();
                    let first = policy::light(g, &ds, &mut self.rng);
                    if let Some(p) = options.iter().position(|d| d.0 == first) {
                        options[p].1 = 0.01;
                    }
                }
                options.sort_by(|a, b| a.1.total_cmp(&b.1));
                (Kind::Decision(side), options)
            }
        };
        Node {
            kind,
            visits: 0,
            value_a: 0.0,
            children: Vec::new(),
            untried,
            depth,
        }
    }

    /// Runs up to `iterations` iterations or until `deadline`; returns the root children's
    /// (decision, visits, value sum for the root's decider) and the iterations done.
    fn run(&mut self, root: &Game, config: &MctsConfig, iterations: u64, deadline: Option<Instant>) -> (RootStats, u64) {
        let mut done = 0;
        while done < iterations {
            if let Some(d) = deadline {
                let now = Instant::now();
                if now >= d {
                    break;
                }
                self.hurry = now + HURRY > d;
            }
            // An engine panic in one line of play (an engine bug) costs that iteration only.
            let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.iterate(root, config))).is_ok();
            if !ok {
                self.failed += 1;
            }
            done += 1;
        }
        let side = match self.nodes[0].kind {
            Kind::Decision(s) => s,
            _ => Side::A,
        };
        let stats = self.nodes[0]
            .children
            .iter()
            .filter_map(|&(e, c, _)| match e {
                Edge::Decide(d) => {
                    let n = &self.nodes[c as usize];
                    let sum = if side == Side::A {
                        n.value_a
                    } else {
                        f64::from(n.visits) - n.value_a
                    };
                    Some((d, u64::from(n.visits), sum))
                }
                Edge::Outcome(_) => None,
            })
            .collect();
        (stats, done)
    }

    fn iterate(&mut self, root: &Game, config: &MctsConfig) {
        let mut g = root.clone();
        let mut path: Vec<u32> = vec![0];
        let mut idx = 0usize;
        let grow = self.nodes.len() < MAX_NODES;
        loop {
            match &self.nodes[idx].kind {
                Kind::Terminal(_) => break,
                Kind::Chance(dist) => {
                    let k = sample(dist, &mut self.rng);
                    g.apply_roll(k);
                    let found = self.nodes[idx]
                        .children
                        .iter()
                        .find(|(e, _, _)| *e == Edge::Outcome(k))
                        .map(|&(_, c, _)| c);
                    match found {
                        Some(c) => {
                            idx = c as usize;
                            path.push(c);
                        }
                        None if grow => {
                            let depth = self.nodes[idx].depth;
                            let n = self.make_node(&g, depth, config);
                            let c = self.nodes.len() as u32;
                            self.nodes.push(n);
                            self.nodes[idx].children.push((Edge::Outcome(k), c, 0.0));
                            path.push(c);
                            break;
                        }
                        None => break,
                    }
                }
                Kind::Decision(side) => {
                    let side = *side;
                    if let Some((d, prior)) = self.nodes[idx].untried.last().copied() {
                        if !grow {
                            break;
                        }
                        self.nodes[idx].untried.pop();
                        g.apply_unchecked(d);
                        let depth = self.nodes[idx].depth + 1;
                        let n = self.make_node(&g, depth, config);
                        let c = self.nodes.len() as u32;
                        self.nodes.push(n);
                        self.nodes[idx].children.push((Edge::Decide(d), c, prior));
                        path.push(c);
                        break;
                    }
                    let node = &self.nodes[idx];
                    if node.children.is_empty() {
                        break;
                    }
                    let ln = f64::from(node.visits.max(1)).ln();
                    let mut best = 0;
                    let mut best_u = f64::NEG_INFINITY;
                    for (i, &(_, c, prior)) in node.children.iter().enumerate() {
                        let ch = &self.nodes[c as usize];
                        let n = f64::from(ch.visits.max(1));
                        let q_a = ch.value_a / n;
                        let q = if side == Side::A { q_a } else { 1.0 - q_a };
                        let u = q + config.exploration * (ln / n).sqrt() + config.prior_weight * f64::from(prior) / (n + 1.0);
                        if u > best_u {
                            best_u = u;
                            best = i;
                        }
                    }
                    let (edge, c, _) = node.children[best];
                    if let Edge::Decide(d) = edge {
                        g.apply_unchecked(d);
                    }
                    idx = c as usize;
                    path.push(c);
                }
            }
        }
        let leaf = *path.last().expect("path") as usize;
        let value_a = match self.nodes[leaf].kind {
            Kind::Terminal(v) => v,
            _ => rollout(&mut g, config.rollout_depth, &mut self.rng),
        };
        for &n in &path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.value_a += value_a;
        }
    }
}

/// The legal decisions with priors in `[0, 1]` from the greedy player's scores (the best
/// scores 1, the worst 0).
fn priors(g: &Game) -> Vec<(Decision, f32)> {
    let scored = std::panic::catch_unwind(|| crate::GreedyPlayer::new(0).score_all(g)).unwrap_or_default();
    if scored.is_empty() {
        return g.legal_decisions().into_iter().map(|d| (d, 0.0)).collect();
    }
    let finite = || scored.iter().map(|s| s.1).filter(|v| v.is_finite());
    let hi = finite().fold(f64::NEG_INFINITY, f64::max);
    let lo = finite().fold(f64::INFINITY, f64::min);
    scored
        .into_iter()
        .map(|(d, v)| {
            let p = if !v.is_finite() {
                0.0
            } else if hi > lo {
                (v - lo) / (hi - lo)
            } else {
                0.5
            };
            (d, p as f32)
        })
        .collect()
}

/// The decision of `plan` among `options` when it is one of the plan's declarations.
fn planned_step(options: &[Decision], plan: &ActivationPlan, next: &mut usize) -> Option<Decision> {
    let d = match options.first()? {
        Decision::Use(Optional::Separate, _) => Decision::Use(Optional::Separate, false),
        Decision::Use(Optional::Assault, _) => Decision::Use(Optional::Assault, plan.assault),
        Decision::Plan(_) => Decision::Plan(plan.plan),
        Decision::MoveTo(_) => {
            let m = Decision::MoveTo(*plan.moves.get(*next)?);
            *next += 1;
            m
        }
        _ => return None,
    };
    options.contains(&d).then_some(d)
}

/// Flat UCB over whole activations: `share` play-outs (or until `deadline`), each the plan then
/// the light policy for `rollout_depth` decisions. Returns (visits, value sum for `side`) per
/// plan and the play-outs done.
#[allow(clippy::too_many_arguments)]
fn run_plans(
    root: &Game,
    plans: &[ActivationPlan],
    priors: &[f64],
    side: Side,
    config: &MctsConfig,
    seed: u64,
    share: u64,
    deadline: Option<Instant>,
) -> (Vec<(u64, f64)>, u64) {
    let mut rng = GameRng::new(seed);
    let mut stats = vec![(0u64, 0.0f64); plans.len()];
    let c = config.exploration * PLAN_C;
    let mut done = 0;
    while done < share {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let i = match stats.iter().position(|s| s.0 == 0) {
            Some(i) => i,
            None => {
                let ln = (done.max(1) as f64).ln();
                let mut best = 0;
                let mut best_u = f64::NEG_INFINITY;
                for (k, &(n, sum)) in stats.iter().enumerate() {
                    let n = n as f64;
                    let u = sum / n + c * (ln / n).sqrt() + config.prior_weight * PLAN_PRIOR * priors[k] / (n + 1.0);
                    if u > best_u {
                        best_u = u;
                        best = k;
                    }
                }
                best
            }
        };
        let v = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut g = root.clone();
            play_plan(&mut g, &plans[i], &mut rng);
            let a = if config.lookahead > 0 {
                crate::lookahead::greedy_playout(&mut g, config.lookahead, side, config.patient, &mut rng)
            } else {
                rollout(&mut g, config.rollout_depth, &mut rng)
            };
            if side == Side::A {
                a
            } else {
                1.0 - a
            }
        }))
        .unwrap_or(0.0);
        stats[i].0 += 1;
        stats[i].1 += v;
        done += 1;
    }
    (stats, done)
}

/// Activates the plan's unit and declares its plan and moves (the light policy where a planned
/// move is no longer legal).
fn play_plan(g: &mut Game, plan: &ActivationPlan, rng: &mut GameRng) {
    g.apply_unchecked(Decision::Activate(plan.unit));
    let mut next = 0;
    for _ in 0..16 {
        if !matches!(g.pending(), Pending::Decision { .. }) || g.declaring() != Some(plan.unit) {
            break;
        }
        let options = g.legal_decisions();
        match planned_step(&options, plan, &mut next) {
            Some(d) => g.apply_unchecked(d),
            None if matches!(options.first(), Some(Decision::MoveTo(_))) => {
                let d = policy::light(g, &options, rng);
                g.apply_unchecked(d);
            }
            None => break,
        }
    }
}

/// An outcome drawn with its probability.
fn sample(dist: &[f64], rng: &mut GameRng) -> u16 {
    let x = rng.unit();
    let mut acc = 0.0;
    for (k, p) in dist.iter().enumerate() {
        acc += p;
        if x < acc {
            return k as u16;
        }
    }
    dist.len().saturating_sub(1) as u16
}

/// Plays the light policy for `depth` decisions (dice rolled with `rng`) and returns the value
/// of the position for side A.
pub(crate) fn rollout(g: &mut Game, depth: u32, rng: &mut GameRng) -> f64 {
    let mut decisions = 0;
    let mut steps = 0;
    loop {
        steps += 1;
        match g.pending() {
            Pending::GameOver { winner } => return eval::terminal_value(g, winner, Side::A),
            Pending::Chance(_) => {
                g.roll(rng);
            }
            Pending::Decision { .. } => {
                if decisions >= depth {
                    break;
                }
                let options = g.legal_decisions();
                if options.is_empty() {
                    break;
                }
                let d = if options.len() == 1 {
                    options[0]
                } else {
                    policy::light(g, &options, rng)
                };
                g.apply_unchecked(d);
                decisions += 1;
            }
        }
        if steps > 8 * depth + 64 {
            break;
        }
    }
    eval::win_value(g, Side::A)
}

/// Thread `i`'s share of an iteration budget (`u64::MAX`: no limit but the clock).
fn share_of(iterations: u64, threads: usize, i: usize) -> u64 {
    if iterations == u64::MAX {
        u64::MAX
    } else {
        iterations / threads as u64 + u64::from((i as u64) < iterations % threads as u64)
    }
}

/// Runs `job(i, seeds[i])` on one thread per seed. Without `hard_deadline` (an iteration
/// budget) it waits for every thread, in the order of the seeds, so the result is
/// deterministic. With one, it returns the results that arrived by then: threads still
/// running are detached and stop at their own deadline.
fn in_parallel<R, F>(seeds: &[u64], hard_deadline: Option<Instant>, job: F) -> Vec<R>
where
    R: Send + 'static,
    F: Fn(usize, u64) -> R + Send + Sync + 'static,
{
    let job = Arc::new(job);
    let (tx, rx) = mpsc::channel();
    for (i, &seed) in seeds.iter().enumerate() {
        let (job2, tx2) = (job.clone(), tx.clone());
        let spawned = std::thread::Builder::new().name(format!("mcts-{i}")).spawn(move || {
            // The receiver may be gone (the search stopped waiting): nothing to do then.
            let _ = tx2.send((i, job2(i, seed)));
        });
        if spawned.is_err() {
            // No thread to be had: search on this one.
            let _ = tx.send((i, job(i, seed)));
        }
    }
    drop(tx);
    let mut results: Vec<(usize, R)> = Vec::with_capacity(seeds.len());
    while results.len() < seeds.len() {
        let got = match hard_deadline {
            None => rx.recv().ok(),
            Some(d) => rx.recv_timeout(d.saturating_duration_since(Instant::now())).ok(),
        };
        match got {
            Some(r) => results.push(r),
            None => break,
        }
    }
    results.sort_by_key(|r| r.0);
    results.into_iter().map(|r| r.1).collect()
}
