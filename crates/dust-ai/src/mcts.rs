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
//! Leaves are valued by a rollout with the light policy ([`crate::policy::light`]) that stops
//! after `rollout_depth` decisions and then scores the position with [`eval::win_value`].
//!
//! Search is root-parallel: `threads` trees with different seeds, each with its share of the
//! iterations (or until the deadline), merged at the root by decision. The clock is checked
//! before every iteration, and one iteration is a single short rollout, so a decision never
//! takes much longer than its budget. With an iteration budget the search is deterministic
//! for a seed, whatever the machine.

use crate::eval;
use crate::policy;
use crate::spec::Budget;
use crate::{Candidate, Explanation, Player};
use dust_core::game::{Decision, Game, Pending};
use dust_core::{GameRng, Side};
use std::time::{Duration, Instant};

/// Time kept back from a time budget for the last iteration and the merge.
const MARGIN: Duration = Duration::from_millis(8);

/// Within this of the deadline, new nodes skip the greedy priors.
const HURRY: Duration = Duration::from_millis(25);

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
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Time(Duration::from_millis(200)),
            threads: 2,
            exploration: 0.7,
            rollout_depth: 24,
            prior_weight: 1.0,
            prior_depth: 2,
        }
    }
}

/// Monte Carlo tree search (see the module text).
#[derive(Clone, Debug)]
pub struct MctsPlayer {
    config: MctsConfig,
    rng: GameRng,
    last: Option<Explanation>,
}

impl MctsPlayer {
    /// A search player with its settings and seed.
    pub fn new(config: MctsConfig, seed: u64) -> MctsPlayer {
        MctsPlayer {
            config,
            rng: GameRng::new(seed),
            last: None,
        }
    }

    /// Searches `game` and returns the root statistics merged over the trees, most visited first.
    pub fn search(&mut self, game: &Game) -> Vec<Candidate> {
        let start = Instant::now();
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let (deadline, iterations) = match self.config.budget {
            // Leave time for the last iteration (a node with greedy priors costs a few
            // milliseconds), merging and returning.
            Budget::Time(d) => (Some(start + d.saturating_sub(MARGIN.min(d / 4))), u64::MAX),
            Budget::Iterations(n) => (None, u64::from(n)),
        };
        let mut root = game.clone();
        root.clear_events();
        let config = &self.config;
        let results: Vec<(RootStats, u64)> = if threads == 1 {
            let share = iterations;
            vec![Tree::new(&root, seeds[0], config).run(&root, config, share, deadline)]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = seeds
                    .iter()
                    .enumerate()
                    .map(|(i, &seed)| {
                        let root = &root;
                        let share = if iterations == u64::MAX {
                            u64::MAX
                        } else {
                            iterations / threads as u64 + u64::from((i as u64) < iterations % threads as u64)
                        };
                        s.spawn(move || Tree::new(root, seed, config).run(root, config, share, deadline))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("search thread")).collect()
            })
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

impl Player for MctsPlayer {
    fn decide(&mut self, game: &Game) -> Decision {
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
        let cands = self.search(game);
        cands.first().map_or(options[0], |c| c.decision)
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
                let mut options: Vec<(Decision, f32)> = if depth <= config.prior_depth && config.prior_weight > 0.0 && !self.hurry {
                    priors(g)
                } else {
                    g.legal_decisions().into_iter().map(|d| (d, 0.0)).collect()
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
