//! The one Monte Carlo tree search of the project, written against a small trait
//! ([`SearchGame`]) that the square-grid [`dust_core::game::Game`] and the measured table
//! ([`dust_core::field::FieldGame`], through [`crate::field::FieldState`]) both implement.
//!
//! The tree has three kinds of nodes, as [`SearchGame::turn`] says:
//!
//! - decision nodes, for **both** sides (the active player's declarations and the other
//!   player's reactions, casualties, retaliation). A child is chosen by UCT with the values seen
//!   from the side that decides there, plus a greedy prior that fades with the visits
//!   (progressive bias). A game whose decisions are proposed by a generator may cap the
//!   children a node has tried by its visits ([`SearchGame::widen`], progressive widening);
//! - chance nodes: the descent draws an outcome with its probability
//!   ([`SearchGame::chance`]) and follows (or grows) the child of that outcome, so each outcome
//!   is visited in proportion to its probability. The grid game names its outcomes exactly
//!   ("k successes of n dice"); the table game rolls its dice on a copy reseeded by the search
//!   and names the outcome by what the dice did;
//! - terminal nodes (the game is over, with its value).
//!
//! Leaves are valued by a rollout with the game's light policy ([`SearchGame::light`]) cut
//! after `rollout_depth` decisions and scored by [`SearchGame::value`]. With `flat` set the
//! tree does not grow below the root: flat Monte Carlo (UCB over the root's decisions) with
//! the same rollouts, for comparison.
//!
//! Search is root-parallel: `threads` trees with different seeds, each with its share of the
//! iterations (or until the deadline), merged at the root by decision. The clock is checked
//! before every iteration, and one iteration is a single short rollout, so a decision never
//! takes much longer than its budget. With an iteration budget the search is deterministic
//! for a seed, whatever the machine.

use crate::spec::Budget;
use crate::MctsConfig;
use dust_core::{GameRng, Side};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Time kept back from a time budget for the last iteration and the merge.
pub(crate) const MARGIN: Duration = Duration::from_millis(8);

/// How long after its time budget a search still waits for a search thread's results.
const GRACE: Duration = Duration::from_millis(15);

/// Within this of the deadline, new nodes skip the greedy priors.
const HURRY: Duration = Duration::from_millis(50);

/// Nodes per tree at most; beyond it the search goes on without growing the tree.
const MAX_NODES: usize = 400_000;

/// What a position waits for, as the search sees it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum Turn {
    /// A decision of this side.
    Decide(Side),
    /// Dice to roll (or another event of chance).
    Chance,
    /// The game is over; its value for side A in `[0, 1]`.
    Over(f64),
}

/// What the tree search needs of a game.
pub(crate) trait SearchGame: Clone + Send + 'static {
    /// A decision of the game.
    type Decision: Clone + PartialEq + Send + 'static;

    /// What the position waits for.
    fn turn(&self) -> Turn;

    /// The decisions a new decision node at `depth` below the root searches, with priors in
    /// `[0, 1]` (all 0 when `priors` is false or the game has none there).
    fn options(&self, depth: u32, priors: bool) -> Vec<(Self::Decision, f32)>;

    /// The decisions a rollout chooses among.
    fn rollout_options(&self) -> Vec<Self::Decision>;

    /// The light policy's choice among `options` (rollouts, and the first child a node tries).
    fn light(&self, options: &[Self::Decision], rng: &mut GameRng) -> Self::Decision;

    /// Makes decision `d` (one of the options of this position).
    fn apply(&mut self, d: &Self::Decision);

    /// Resolves the pending chance event with an outcome drawn with its probability, and
    /// returns a key naming that outcome (two draws with one key lead to one position).
    fn chance(&mut self, rng: &mut GameRng) -> u64;

    /// Resolves the pending chance event in a rollout (no key needed).
    fn roll(&mut self, rng: &mut GameRng) {
        self.chance(rng);
    }

    /// The value of an unfinished position for side A in `[0, 1]`.
    fn value(&self) -> f64;

    /// How many children a decision node with `visits` visits may have tried (progressive
    /// widening); no limit by default.
    fn widen(_visits: u32) -> usize {
        usize::MAX
    }

    /// Runs `f` in the game's evaluation settings (the grid game's patience).
    fn within<R>(_config: &MctsConfig, f: impl FnOnce() -> R) -> R {
        f()
    }
}

/// Per root decision: visits and the sum of values for the root's decider.
pub(crate) type RootStats<D> = Vec<(D, u64, f64)>;

/// A root decision after the search: visits and mean value for the root's decider.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scored<D> {
    pub decision: D,
    pub visits: u64,
    pub value: f64,
}

/// The deadline and iteration budget of a search with `budget` started at `start`.
pub(crate) fn limits(budget: Budget, start: Instant) -> (Option<Instant>, u64) {
    match budget {
        // Leave time for the last iteration (a node with greedy priors costs a few
        // milliseconds), merging and returning.
        Budget::Time(d) => (Some(start + d.saturating_sub(MARGIN.min(d / 4))), u64::MAX),
        Budget::Iterations(n) => (None, u64::from(n)),
    }
}

/// When a search with a time budget stops waiting for its threads: the budget plus
/// [`GRACE`]. A thread the machine has not let run until then is left behind (it stops at its
/// next clock check) and its play-outs are not counted, so a loaded machine costs iterations,
/// not time.
pub(crate) fn hard_deadline(budget: Budget, start: Instant) -> Option<Instant> {
    match budget {
        Budget::Time(d) => Some(start + d + GRACE),
        Budget::Iterations(_) => None,
    }
}

/// Searches `root` with one tree per seed (root parallelism) and returns the root's decisions
/// merged over the trees, most visited first, and the iterations done.
pub(crate) fn search<G: SearchGame>(root: &G, config: &MctsConfig, seeds: &[u64], start: Instant) -> (Vec<Scored<G::Decision>>, u64) {
    let threads = seeds.len().max(1);
    let (deadline, iterations) = limits(config.budget, start);
    // One copy of the root per tree: a game need not be shared between threads.
    let roots: Arc<Mutex<Vec<Option<G>>>> = Arc::new(Mutex::new((0..threads).map(|_| Some(root.clone())).collect()));
    let budget = config.budget;
    let config = Arc::new(config.clone());
    let job = move |i: usize, seed: u64| {
        let share = share_of(iterations, threads, i);
        let root = roots.lock().ok().and_then(|mut r| r[i].take());
        let Some(root) = root else {
            return (Vec::new(), 0);
        };
        G::within(&config, || Tree::new(&root, seed, &config).run(&root, &config, share, deadline))
    };
    let results: Vec<(RootStats<G::Decision>, u64)> = if threads == 1 && deadline.is_none() {
        vec![job(0, seeds[0])]
    } else {
        in_parallel(seeds, hard_deadline(budget, start), job)
    };
    let mut merged: Vec<(G::Decision, u64, f64)> = Vec::new();
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
    let mut out: Vec<Scored<G::Decision>> = merged
        .into_iter()
        .map(|(decision, visits, sum)| Scored {
            decision,
            visits,
            value: if visits > 0 { sum / visits as f64 } else { 0.0 },
        })
        .collect();
    out.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    (out, total)
}

#[derive(Clone, Debug, PartialEq)]
enum Edge<D> {
    Decide(D),
    Outcome(u64),
}

#[derive(Clone, Debug)]
enum Kind {
    Decision(Side),
    Chance,
    Terminal(f64),
}

#[derive(Clone, Debug)]
struct Node<D> {
    kind: Kind,
    visits: u32,
    /// Sum of the values seen, for side A.
    value_a: f64,
    children: Vec<(Edge<D>, u32, f32)>,
    /// Decisions not yet tried with their priors (the next to try is last).
    untried: Vec<(D, f32)>,
    depth: u32,
}

struct Tree<G: SearchGame> {
    nodes: Vec<Node<G::Decision>>,
    rng: GameRng,
    /// Near the deadline: new nodes get no greedy priors (they cost milliseconds).
    hurry: bool,
}

impl<G: SearchGame> Tree<G> {
    fn new(root: &G, seed: u64, config: &MctsConfig) -> Tree<G> {
        let mut t = Tree {
            nodes: Vec::new(),
            rng: GameRng::new(seed),
            hurry: false,
        };
        let n = t.make_node(root, 0, config);
        t.nodes.push(n);
        t
    }

    fn make_node(&mut self, g: &G, depth: u32, config: &MctsConfig) -> Node<G::Decision> {
        let (kind, untried) = match g.turn() {
            Turn::Over(v) => (Kind::Terminal(v), Vec::new()),
            Turn::Chance => (Kind::Chance, Vec::new()),
            Turn::Decide(side) => {
                let want = depth <= config.prior_depth && config.prior_weight > 0.0 && !self.hurry;
                let mut options = g.options(depth, want);
                // Random order among equals, then the best prior (or the light policy's choice)
                // is tried first.
                for i in (1..options.len()).rev() {
                    let j = self.rng.index(i + 1);
                    options.swap(i, j);
                }
                if options.len() > 1 && options.iter().all(|o| o.1 == 0.0) {
                    let ds: Vec<G::Decision> = options.iter().map(|o| o.0.clone()).collect();
                    let first = g.light(&ds, &mut self.rng);
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
    fn run(&mut self, root: &G, config: &MctsConfig, iterations: u64, deadline: Option<Instant>) -> (RootStats<G::Decision>, u64) {
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
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.iterate(root, config, deadline))) {
                // Given up at the deadline: the search is over.
                Ok(false) => break,
                _ => done += 1,
            }
        }
        let side = match self.nodes[0].kind {
            Kind::Decision(s) => s,
            _ => Side::A,
        };
        let stats = self.nodes[0]
            .children
            .iter()
            .filter_map(|(e, c, _)| match e {
                Edge::Decide(d) => {
                    let n = &self.nodes[*c as usize];
                    let sum = if side == Side::A {
                        n.value_a
                    } else {
                        f64::from(n.visits) - n.value_a
                    };
                    Some((d.clone(), u64::from(n.visits), sum))
                }
                Edge::Outcome(_) => None,
            })
            .collect();
        (stats, done)
    }

    /// One iteration; `false` when it gave up at the deadline (nothing counted).
    fn iterate(&mut self, root: &G, config: &MctsConfig, deadline: Option<Instant>) -> bool {
        let mut g = root.clone();
        let mut path: Vec<u32> = vec![0];
        let mut idx = 0usize;
        let grow = self.nodes.len() < MAX_NODES;
        loop {
            // Flat Monte Carlo: below the root, every node is a leaf.
            if config.flat && idx != 0 {
                break;
            }
            match &self.nodes[idx].kind {
                Kind::Terminal(_) => break,
                Kind::Chance => {
                    let k = g.chance(&mut self.rng);
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
                            if past(deadline) {
                                return false;
                            }
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
                    let node = &self.nodes[idx];
                    let widen = node.children.len() < G::widen(node.visits);
                    if widen && !node.untried.is_empty() {
                        if !grow {
                            break;
                        }
                        if past(deadline) {
                            return false;
                        }
                        let (d, prior) = self.nodes[idx].untried.pop().expect("an untried decision");
                        g.apply(&d);
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
                    let (edge, c, _) = &node.children[best];
                    let c = *c;
                    if let Edge::Decide(d) = edge {
                        let d = d.clone();
                        g.apply(&d);
                    }
                    idx = c as usize;
                    path.push(c);
                }
            }
        }
        let leaf = *path.last().expect("path") as usize;
        let value_a = match self.nodes[leaf].kind {
            Kind::Terminal(v) => v,
            _ => rollout(&mut g, config.rollout_depth, &mut self.rng, deadline),
        };
        for &n in &path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.value_a += value_a;
        }
        true
    }
}

/// Whether the search's deadline has passed (never, with an iteration budget). An iteration
/// that finds it passed before growing a node gives up without counting: a new node asks the
/// generator for its options (and the greedy prior near the root), the longest step of an
/// iteration, which would keep the decision waiting past its budget.
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// Plays the light policy for `depth` decisions (chance resolved with `rng`), or until
/// `deadline` (a decision never waits for a slow rollout), and returns the value of the
/// position for side A.
pub(crate) fn rollout<G: SearchGame>(g: &mut G, depth: u32, rng: &mut GameRng, deadline: Option<Instant>) -> f64 {
    let mut decisions = 0;
    let mut steps = 0;
    loop {
        steps += 1;
        match g.turn() {
            Turn::Over(v) => return v,
            Turn::Chance => g.roll(rng),
            Turn::Decide(_) => {
                if decisions >= depth || deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
                let options = g.rollout_options();
                if options.is_empty() {
                    break;
                }
                let d = if options.len() == 1 {
                    options[0].clone()
                } else {
                    g.light(&options, rng)
                };
                g.apply(&d);
                decisions += 1;
            }
        }
        if steps > 8 * depth + 64 {
            break;
        }
    }
    g.value()
}

/// An outcome drawn with its probability from `dist`.
pub(crate) fn sample(dist: &[f64], rng: &mut GameRng) -> u16 {
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

/// Thread `i`'s share of an iteration budget (`u64::MAX`: no limit but the clock).
pub(crate) fn share_of(iterations: u64, threads: usize, i: usize) -> u64 {
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
pub(crate) fn in_parallel<R, F>(seeds: &[u64], hard_deadline: Option<Instant>, job: F) -> Vec<R>
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: side A takes a safe 0.66 or bets on a coin (heads 3 times in 4); after the
    /// coin, side B answers a bet: hedging leaves A 0.8 on heads and 0.2 on tails, folding 1.0
    /// on heads and 0.1 on tails.
    #[derive(Clone, Debug)]
    struct Toy {
        moves: Vec<u8>,
        coin: Option<bool>,
    }

    impl SearchGame for Toy {
        type Decision = u8;
        fn turn(&self) -> Turn {
            match (self.moves.as_slice(), self.coin) {
                ([], _) => Turn::Decide(Side::A),
                ([0], _) => Turn::Over(0.66),
                // Bet: a coin that comes down heads 3 times in 4.
                ([1], None) => Turn::Chance,
                ([1], Some(_)) => Turn::Decide(Side::B),
                ([1, b], Some(heads)) => Turn::Over(match (b, heads) {
                    (1, true) => 0.8,
                    (1, false) => 0.2,
                    (_, true) => 1.0,
                    (_, false) => 0.1,
                }),
                _ => Turn::Over(0.5),
            }
        }
        fn options(&self, _depth: u32, _priors: bool) -> Vec<(u8, f32)> {
            vec![(0, 0.0), (1, 0.0)]
        }
        fn rollout_options(&self) -> Vec<u8> {
            vec![0, 1]
        }
        fn light(&self, options: &[u8], rng: &mut GameRng) -> u8 {
            options[rng.index(options.len())]
        }
        fn apply(&mut self, d: &u8) {
            self.moves.push(*d);
        }
        fn chance(&mut self, rng: &mut GameRng) -> u64 {
            let heads = rng.below(4) != 0;
            self.coin = Some(heads);
            u64::from(heads)
        }
        fn value(&self) -> f64 {
            0.5
        }
    }

    fn config(iterations: u32, flat: bool) -> MctsConfig {
        MctsConfig {
            budget: Budget::Iterations(iterations),
            threads: 1,
            prior_weight: 0.0,
            flat,
            ..MctsConfig::default()
        }
    }

    /// B answers knowing the coin: hedge on heads (0.8), fold on tails (0.1), so the bet is
    /// worth 3/4 × 0.8 + 1/4 × 0.1 = 0.625 to A, less than the safe 0.66. The tree, which
    /// searches B's answer under the coin's chance node, takes the safe 0.66. Flat Monte Carlo
    /// values the bet by random answers of B (3/4 × 0.9 + 1/4 × 0.15 = 0.7125) and bets.
    #[test]
    fn the_tree_searches_both_sides_under_chance_nodes() {
        let root = Toy {
            moves: Vec::new(),
            coin: None,
        };
        let (tree, n) = search(&root, &config(4000, false), &[7], Instant::now());
        assert_eq!(n, 4000);
        assert_eq!(tree[0].decision, 0, "{tree:?}");
        let bet = tree.iter().find(|s| s.decision == 1).expect("the bet was tried");
        assert!((bet.value - 0.625).abs() < 0.03, "{tree:?}");
        let (flat, _) = search(&root, &config(4000, true), &[7], Instant::now());
        assert_eq!(flat[0].decision, 1, "{flat:?}");
        assert!((flat[0].value - 0.7125).abs() < 0.03, "{flat:?}");
    }

    /// An iteration budget gives the same search for the same seed.
    #[test]
    fn an_iteration_budget_is_deterministic() {
        let root = Toy {
            moves: Vec::new(),
            coin: None,
        };
        let a = search(&root, &config(300, false), &[1, 2], Instant::now());
        let b = search(&root, &config(300, false), &[1, 2], Instant::now());
        assert_eq!(a, b);
        assert_eq!(a.1, 300);
    }
}
