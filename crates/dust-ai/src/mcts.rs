//! The grid game's search player: whole activations by play-outs, every other decision by the
//! project's one tree search (`search.rs`, which this file plugs the grid game into).
//!
//! The tree (`search.rs`) has decision nodes for **both** sides (the active player's
//! declaration, the other player's reactive fire, casualties and retaliation), chance nodes for
//! the pending [`dust_core::Roll`] ("k successes of n dice", each outcome drawn with its exact
//! probability from [`dust_core::Roll::distribution`]) and terminal nodes.
//!
//! When the player may activate a unit and `plans` is not 0, it does not search that decision
//! with the tree: it plays out whole activations (the greedy planner's best plans of every
//! unit) and follows the best one's declarations ([`MctsPlayer`]'s plan search, flat UCB over
//! the candidates). Each play-out of a candidate lets the greedy player play both sides for the
//! next `lookahead` activations (issue 21) and scores the position where the next activation
//! is pending. Where holding an objective at the end of a round wins, the candidates also hold
//! each unit's fastest way there (`GreedyPlayer::rush_plans`). Who activates first (the
//! initiative winner's choice) is chosen by greedy play-outs of the round
//! ([`MctsPlayer`]'s first-player search). The tree searches every other decision.
//!
//! Leaves are valued by a rollout with the light policy ([`crate::policy::light`]) that stops
//! after `rollout_depth` decisions and then scores the position with [`eval::win_value`].
//! Greedy priors ([`crate::GreedyPlayer::score_all`]) bias the first visits of nodes near the
//! root. Search is root-parallel; with an iteration budget it is deterministic for a seed.

use crate::eval;
use crate::greedy::ActivationPlan;
use crate::policy;
use crate::search::{self, SearchGame, Turn};
use crate::spec::Budget;
use crate::{Candidate, Explanation, Player};
use dust_core::game::{Decision, Game, Optional, Pending};
use dust_core::{GameRng, Side};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Exploration of the search over whole activations, as a share of the UCT constant.
const PLAN_C: f64 = 0.5;

/// Weight of the greedy score in the search over whole activations, as a share of
/// `prior_weight`.
const PLAN_PRIOR: f64 = 0.3;

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
    /// Flat Monte Carlo (spec option `flat=1`): the tree does not grow below the root, so each
    /// of the root's decisions is valued by rollouts alone (for comparison with the tree).
    pub flat: bool,
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
            flat: false,
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
        let plans = std::panic::catch_unwind(|| {
            let mut greedy = crate::GreedyPlayer::new(0);
            let mut plans = greedy.activation_plans(game, per_unit);
            // Where holding an objective at the end of a round wins, the fastest way there for
            // every unit (the race, `eval::race_value`).
            for o in game.objectives().iter().filter(|o| o.wins) {
                for p in greedy.rush_plans(game, o.at) {
                    if !plans
                        .iter()
                        .any(|k| k.unit == p.unit && k.plan == p.plan && k.moves.last() == p.moves.last())
                    {
                        plans.push(p);
                    }
                }
            }
            plans
        })
        .ok()?;
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
        let (deadline, iterations) = search::limits(self.config.budget, start);
        let mut root = game.clone();
        root.clear_events();
        let root = Arc::new(root);
        let plans = Arc::new(plans);
        let priors = Arc::new(priors);
        let config = Arc::new(self.config.clone());
        let job = {
            let (root, plans, config) = (root.clone(), plans.clone(), config.clone());
            move |i: usize, seed: u64| {
                let share = search::share_of(iterations, threads, i);
                eval::with_patience(config.patient, || {
                    run_plans(&root, &plans, &priors, side, &config, seed, share, deadline)
                })
            }
        };
        let results = if plans.len() == 1 {
            vec![job(0, seeds[0])]
        } else {
            search::in_parallel(&seeds, search::hard_deadline(self.config.budget, start), job)
        };
        if results.is_empty() {
            return None;
        }
        let (stats, total) = merged(results, plans.len());
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

    /// Who activates first this round (the initiative winner's choice, revised "Initiative"):
    /// each choice is played out by the greedy player on both sides to the end of the round
    /// (`lookahead::greedy_playout`), as many times each, half the budget's play-outs in all (a
    /// play-out of the whole round costs about two of `look=4`); the better on average is
    /// chosen. Issue 21, fourth round: the tree's light 12-decision rollouts chose to go first
    /// in 4 of 5 such rounds on custom-battle, where the side that waits shoots at the unit
    /// that has just taken the hill with every one of its activations.
    fn first_search(&mut self, game: &Game, options: &[Decision]) -> Option<Decision> {
        let start = Instant::now();
        let Pending::Decision { side } = game.pending() else { return None };
        if options.len() < 2 {
            return None;
        }
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let (deadline, iterations) = search::limits(self.config.budget, start);
        let iterations = if iterations == u64::MAX {
            iterations
        } else {
            (iterations / 2).max(options.len() as u64)
        };
        let mut root = game.clone();
        root.clear_events();
        let root = Arc::new(root);
        let choices: Arc<Vec<Decision>> = Arc::new(options.to_vec());
        let patient = self.config.patient;
        let job = {
            let (root, choices) = (root.clone(), choices.clone());
            move |i: usize, seed: u64| {
                let share = search::share_of(iterations, threads, i);
                let mut rng = GameRng::new(seed);
                let mut stats = vec![(0u64, 0.0f64); choices.len()];
                let mut done = 0u64;
                while done < share && deadline.is_none_or(|d| Instant::now() < d) {
                    let k = (done as usize + i) % choices.len();
                    let v = value_to(side, || {
                        let mut g = (*root).clone();
                        g.apply_unchecked(choices[k]);
                        eval::with_patience(patient, || crate::lookahead::greedy_round(&mut g, side, patient, &mut rng))
                    });
                    stats[k].0 += 1;
                    stats[k].1 += v;
                    done += 1;
                }
                (stats, done)
            }
        };
        let results = search::in_parallel(&seeds, search::hard_deadline(self.config.budget, start), job);
        let (stats, total) = merged(results, options.len());
        if stats.iter().any(|s| s.0 == 0) {
            return None;
        }
        let mean = |i: usize| stats[i].1 / stats[i].0 as f64;
        let mut order: Vec<usize> = (0..options.len()).collect();
        order.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
        self.last = Some(Explanation {
            player: "mcts",
            candidates: order
                .iter()
                .map(|&i| Candidate {
                    decision: options[i],
                    visits: stats[i].0,
                    value: mean(i),
                })
                .collect(),
            iterations: total,
        });
        Some(options[order[0]])
    }

    /// Searches `game` with the tree search (`search.rs`) and returns the root's
    /// decisions merged over the trees, most visited first.
    pub fn search(&mut self, game: &Game) -> Vec<Candidate> {
        let start = Instant::now();
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let mut root = game.clone();
        root.clear_events();
        let (scored, total) = search::search(&root, &self.config, &seeds, start);
        let cands: Vec<Candidate> = scored
            .into_iter()
            .map(|s| Candidate {
                decision: s.decision,
                visits: s.visits,
                value: s.value,
            })
            .collect();
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
        if self.config.lookahead > 0 && options.iter().all(|d| matches!(d, Decision::First(_))) {
            if let Some(d) = self.first_search(game, &options) {
                return d;
            }
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
        let v = value_to(side, || {
            let mut g = root.clone();
            play_plan(&mut g, &plans[i], &mut rng);
            if config.lookahead > 0 {
                crate::lookahead::greedy_playout(&mut g, config.lookahead, side, config.patient, &mut rng)
            } else {
                search::rollout(&mut g, config.rollout_depth, &mut rng, deadline)
            }
        });
        stats[i].0 += 1;
        stats[i].1 += v;
        done += 1;
    }
    (stats, done)
}

/// A play-out's value to `side`: `playout` gives side A's chance of winning; a play-out that
/// panics counts as lost.
fn value_to(side: Side, playout: impl FnOnce() -> f64) -> f64 {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let a = playout();
        if side == Side::A {
            a
        } else {
            1.0 - a
        }
    }))
    .unwrap_or(0.0)
}

/// The threads' (visits, summed value) per candidate added together, and their iterations.
fn merged(results: Vec<(Vec<(u64, f64)>, u64)>, candidates: usize) -> (Vec<(u64, f64)>, u64) {
    let mut stats = vec![(0u64, 0.0f64); candidates];
    let mut total = 0;
    for (st, n) in results {
        total += n;
        for (m, (v, sum)) in stats.iter_mut().zip(st) {
            m.0 += v;
            m.1 += sum;
        }
    }
    (stats, total)
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

/// The grid game as the tree search sees it: chance nodes name the number of successes of the
/// pending roll, drawn with its exact probability ([`dust_core::Roll::distribution`]).
impl SearchGame for Game {
    type Decision = Decision;

    fn turn(&self) -> Turn {
        match self.pending() {
            Pending::GameOver { winner } => Turn::Over(eval::terminal_value(self, winner, Side::A)),
            Pending::Chance(_) => Turn::Chance,
            Pending::Decision { side } => Turn::Decide(side),
        }
    }

    fn options(&self, depth: u32, priors: bool) -> Vec<(Decision, f32)> {
        let legal = self.legal_decisions();
        // Greedy priors plan every unit's activation at an Activate node (tens of milliseconds
        // on a loaded machine): only at the root, where they are worth it.
        let costly = depth > 0 && matches!(legal.first(), Some(Decision::Activate(_)));
        if priors && !costly {
            self::priors(self)
        } else {
            legal.into_iter().map(|d| (d, 0.0)).collect()
        }
    }

    fn rollout_options(&self) -> Vec<Decision> {
        self.legal_decisions()
    }

    fn light(&self, options: &[Decision], rng: &mut GameRng) -> Decision {
        policy::light(self, options, rng)
    }

    fn apply(&mut self, d: &Decision) {
        self.apply_unchecked(*d);
    }

    fn chance(&mut self, rng: &mut GameRng) -> u64 {
        let Pending::Chance(r) = self.pending() else { return 0 };
        let k = search::sample(&r.distribution(), rng);
        self.apply_roll(k);
        u64::from(k)
    }

    fn roll(&mut self, rng: &mut GameRng) {
        Game::roll(self, rng);
    }

    fn value(&self) -> f64 {
        eval::win_value(self, Side::A)
    }

    fn within<R>(config: &MctsConfig, f: impl FnOnce() -> R) -> R {
        eval::with_patience(config.patient, f)
    }
}
