//! Computer players for Dust Battlefield ([`dust_core::field`]). A table has no finite list of
//! legal decisions, so every player chooses among the game's generator
//! ([`FieldGame::candidates`]), whose decisions all pass `check`:
//!
//! - [`FieldRandom`]: uniform over the candidates.
//! - [`FieldGreedy`]: one ply. Attacks by the army points their exact odds
//!   ([`FieldGame::attack_odds`], the live roll's own plan) are expected to destroy; moves by
//!   the position they reach (objectives within reach, enemies in range); the unit with the
//!   best attack activates first; reactions whenever a unit can fire.
//! - [`FieldMonteCarlo`]: flat Monte Carlo — UCB1 over the root candidates, each visit a
//!   light playout (greedy-ish random decisions on a copy whose dice are reseeded, so the search
//!   never sees the real game's next rolls) cut at a depth and scored by [`material`]. The
//!   tree search of [`crate::MctsPlayer`] is written against the square-grid `Game` and its
//!   finite decision list; it is not used here.
//!
//! Every player is seeded; with an iteration budget it is deterministic.

use dust_core::field::{Action, Decision, FieldGame, Pending};
use dust_core::{GameRng, Side};
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

/// The army points an attack is expected to destroy.
fn attack_value(g: &FieldGame, d: &Decision) -> f64 {
    let (Decision::Attack(aims), Some(u), Some(a)) = (d, g.acting(), g.current_action()) else {
        return 0.0;
    };
    if aims.is_empty() {
        return 0.0;
    }
    match g.attack_odds(u, aims, a == Action::Sustained) {
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
fn best_attack_now(g: &FieldGame, side: Side) -> Option<(usize, f64)> {
    let mut best = None;
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
                .filter(|a| g.attack_odds(u, std::slice::from_ref(a), false).is_ok())
                .collect();
            if aims.is_empty() {
                continue;
            }
            if let Ok(o) = g.attack_odds(u, &aims, false) {
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
            let want: &[Action] = if attack_now {
                &[Action::Attack, Action::Move]
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
        Decision::Attack(_) => cands
            .iter()
            .map(|d| (attack_value(g, d), d))
            .fold(None::<(f64, &Decision)>, |b, (v, d)| {
                if b.is_none_or(|(bv, _)| v > bv) {
                    Some((v, d))
                } else {
                    b
                }
            })
            .map_or_else(|| first.clone(), |(_, d)| d.clone()),
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
        // Repairs, treatment and re-activation cost nothing on a failure, nor does cutting wire;
        // clearing a minefield risks its attack and a Suppression token, so the greedy player
        // leaves mines alone.
        Decision::Special(_) => {
            use dust_core::field::Special as S;
            cands
                .iter()
                .find(|d| matches!(d, Decision::Special(S::Repair(_) | S::GetUp(_) | S::GetMoving(_) | S::Medevac(_))))
                .or_else(|| {
                    cands.iter().find(|d| {
                        matches!(d, Decision::Special(S::Engineer(p))
                            if g.table().terrain.get(*p).is_some_and(|t| t.kind == dust_geom::table::TerrainKind::BarbedWire))
                    })
                })
                .unwrap_or(first)
                .clone()
        }
        Decision::Smoke { .. } | Decision::ReactWith(_) | Decision::Casualties(_) | Decision::Mount { .. } | Decision::Dismount(_) => {
            first.clone()
        }
    }
}

/// Whether unit `u` can hit some enemy with some line from where it stands.
fn best_attack_now_unit(g: &FieldGame, u: usize) -> bool {
    let side = g.units()[u].side;
    let lines = g.card(u).card.weapons.len() as u8;
    (0..g.units().len()).any(|t| {
        g.units()[t].side != side
            && !g.units()[t].destroyed
            && (0..lines).any(|line| {
                g.attack_odds(u, &[dust_core::field::Aim { line, target: t, at: None }], false)
                    .is_ok()
            })
    })
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
    v
}

impl FieldPlayer for FieldGreedy {
    fn decide(&mut self, g: &FieldGame) -> Decision {
        let c = g.candidates(CANDIDATES);
        greedy_choice(g, &mut self.rng, &c)
    }
    fn name(&self) -> String {
        "greedy".into()
    }
}

/// Flat Monte Carlo with UCB1 at the root (see the module's documentation).
pub struct FieldMonteCarlo {
    rng: GameRng,
    /// Playouts per decision (with no time budget).
    pub iterations: u32,
    /// Time per decision, if any (then `iterations` is the most).
    pub time: Option<Duration>,
    /// Decisions a playout makes before it is scored.
    pub depth: u32,
}

impl FieldMonteCarlo {
    /// A Monte Carlo player with `iterations` playouts a decision (and at most `time`).
    pub fn new(seed: u64, iterations: u32, time: Option<Duration>) -> FieldMonteCarlo {
        FieldMonteCarlo {
            rng: GameRng::new(seed),
            iterations: iterations.max(1),
            time,
            depth: 30,
        }
    }
}

impl FieldPlayer for FieldMonteCarlo {
    fn decide(&mut self, g: &FieldGame) -> Decision {
        let Pending::Decision(side) = g.pending() else {
            panic!("no decision is pending")
        };
        let cands = g.candidates(CANDIDATES);
        if cands.len() == 1 {
            return cands[0].clone();
        }
        let start = Instant::now();
        let mut visits = vec![0u32; cands.len()];
        let mut total = vec![0.0f64; cands.len()];
        for it in 0..self.iterations {
            if self.time.is_some_and(|t| start.elapsed() >= t) && it >= cands.len() as u32 {
                break;
            }
            let n = f64::from(it.max(1));
            let i = (0..cands.len())
                .max_by(|&a, &b| {
                    let ucb = |k: usize| {
                        if visits[k] == 0 {
                            f64::INFINITY
                        } else {
                            total[k] / f64::from(visits[k]) + 1.4 * (n.ln() / f64::from(visits[k])).sqrt()
                        }
                    };
                    ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a))
                })
                .unwrap_or(0);
            let mut c = g.clone();
            c.set_logging(false);
            c.reseed(self.rng.next_u64());
            let before = material(&c, side);
            if c.apply(cands[i].clone()).is_err() {
                visits[i] += 1;
                total[i] -= 1.0;
                continue;
            }
            let mut rng = GameRng::new(self.rng.next_u64());
            for _ in 0..self.depth {
                if let Pending::Over(_) = c.pending() {
                    break;
                }
                let cs = c.candidates(4);
                let d = if rng.below(2) == 0 {
                    greedy_choice(&c, &mut rng, &cs)
                } else {
                    cs[rng.index(cs.len())].clone()
                };
                if c.apply(d).is_err() {
                    break;
                }
            }
            let score = match c.pending() {
                Pending::Over(Some(w)) => {
                    if w == side {
                        1.0
                    } else {
                        0.0
                    }
                }
                Pending::Over(None) => 0.5,
                Pending::Decision(_) => 1.0 / (1.0 + (-(material(&c, side) - before) / 20.0).exp()),
            };
            visits[i] += 1;
            total[i] += score;
        }
        let best = (0..cands.len()).max_by_key(|&k| (visits[k], core::cmp::Reverse(k))).unwrap_or(0);
        cands[best].clone()
    }
    fn name(&self) -> String {
        format!("montecarlo:{}i", self.iterations)
    }
}

/// A Battlefield player for a command-line player spec: `random`, `greedy`, or `mcts…` (played
/// here by [`FieldMonteCarlo`]: an iteration budget is its playouts, a time budget its time).
pub fn field_player(spec: &crate::PlayerSpec, seed: u64) -> Box<dyn FieldPlayer + Send> {
    match spec {
        crate::PlayerSpec::Random => Box::new(FieldRandom::new(seed)),
        crate::PlayerSpec::Greedy => Box::new(FieldGreedy::new(seed)),
        crate::PlayerSpec::Mcts(c) => match c.budget {
            crate::Budget::Iterations(n) => Box::new(FieldMonteCarlo::new(seed, n, None)),
            crate::Budget::Time(d) => Box::new(FieldMonteCarlo::new(seed, u32::MAX, Some(d))),
        },
    }
}

/// Plays a game to its end (or `limit` decisions) with two players; every AI game ends: the
/// turn limit ends the game.
///
/// # Errors
/// A refused decision (a bug in a player or the generator).
pub fn play_field(g: &mut FieldGame, players: &mut [Box<dyn FieldPlayer + Send>; 2], limit: usize) -> Result<Vec<Decision>, String> {
    let mut out = Vec::new();
    while let Pending::Decision(s) = g.pending() {
        if out.len() >= limit {
            return Err(format!("the game did not end within {limit} decisions"));
        }
        let d = players[s.index()].decide(g);
        g.apply(d.clone())
            .map_err(|e| format!("{} chose `{d}`, refused: {e}", players[s.index()].name()))?;
        out.push(d);
    }
    Ok(out)
}
