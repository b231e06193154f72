//! The greedy player: one ply of expected value.
//!
//! When it activates a unit it plans the whole activation at once: for every unit it may
//! activate, every plan the engine offers and every space the engine lets it move to (the
//! first of two moves is cut to the most promising few), it adds the AP its attack is expected
//! to destroy, from the exact odds ([`eval::threat_exact`]), to the worth of the space it ends on
//! ([`eval::position_value`]: threats dealt and received, progress towards the enemy), and keeps
//! the best. It then follows that plan decision by decision. Each weapon line is aimed at the
//! target where its expected damage is worth the most AP (counting what earlier lines of the
//! same attack already do to it). The defender's decisions are one ply too: reactive fire when
//! its expected gain beats keeping the unit's activation, retaliation always, and the casualty
//! that leaves the best position ([`eval::evaluate`]: the least valuable miniature).
//!
//! Legality always comes from the engine: a plan is only a preference among the legal
//! decisions of the moment.

use crate::eval::{self, AttackMode};
use crate::{Candidate, Explanation, Player};
use dust_core::battlefront::Facing;
use dust_core::game::{Action, Decision, Declaration, Game, Optional, Pending, Plan, Target, UnitId};
use dust_core::short_list::ShortList;
use dust_core::unit::BattlefrontKind;
use dust_core::{range, Edition, GameRng, Side, Skill, Square, UnitKind};

/// First moves of a two-move plan kept for a closer look.
const FIRST_MOVES: usize = 4;

/// How the greedy player plans an activation.
#[derive(Clone, Debug, PartialEq)]
struct Planned {
    unit: UnitId,
    plan: Plan,
    assault: bool,
    /// Where its moves end (two at most: the greedy player plans two legs).
    moves: ShortList<Square, 2>,
    /// Moves of the plan already declared.
    next: usize,
    value: f64,
}

/// One ply of expected value (see the module text).
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: GameRng,
    planned: Option<Planned>,
    /// Expected damage already aimed at each target in the declaration under way.
    aimed: Vec<(UnitId, f64)>,
    aimed_for: Option<UnitId>,
    last: Vec<Candidate>,
    scored: u64,
    /// The board-sized tables of the last [`Squares`], kept for the next (issue 21: making
    /// them anew was a tenth of a greedy decision with the allocator).
    spare: [Vec<f64>; 3],
}

impl GreedyPlayer {
    /// A greedy player. The seed only breaks ties.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: GameRng::new(seed),
            planned: None,
            aimed: Vec::new(),
            aimed_for: None,
            last: Vec::new(),
            scored: 0,
            spare: Default::default(),
        }
    }

    /// Scores every legal decision (higher is better for the deciding side).
    pub fn score_all(&mut self, game: &Game) -> Vec<(Decision, f64)> {
        let options = game.legal_decisions();
        let Pending::Decision { side } = game.pending() else {
            return Vec::new();
        };
        self.scored = 0;
        let declaring = game.declaring();
        if declaring != self.aimed_for {
            self.aimed.clear();
            self.aimed_for = declaring;
        }
        let first = options.first().copied();
        let scores: Vec<f64> = match first {
            Some(Decision::First(_)) => options
                .iter()
                .map(|d| if *d == Decision::First(side) { 1.0 } else { 0.0 })
                .collect(),
            Some(Decision::Activate(_)) => {
                // One position, the same lists for every unit planned.
                let prep = eval::Prepared::new(game);
                let mut plans = Vec::new();
                let s = options
                    .iter()
                    .map(|d| {
                        let Decision::Activate(u) = *d else { return f64::NEG_INFINITY };
                        match self.best_activation(game, u, &prep) {
                            Some(p) => {
                                let v = p.value;
                                plans.push(p);
                                v
                            }
                            None => f64::NEG_INFINITY,
                        }
                    })
                    .collect();
                self.planned = plans.into_iter().max_by(|a, b| a.value.total_cmp(&b.value));
                s
            }
            Some(Decision::Plan(_)) => {
                let u = declaring;
                // A plan made at activation that is not offered (an Ace Pilot's die gave three
                // actions) is made again.
                let planned = self
                    .planned
                    .clone()
                    .filter(|p| Some(p.unit) == u && options.contains(&Decision::Plan(p.plan)));
                match (u, planned) {
                    (_, Some(p)) => options.iter().map(|d| f64::from(u8::from(*d == Decision::Plan(p.plan)))).collect(),
                    (Some(u), None) => {
                        // Not planned at activation (a replayed game, a UI): plan now.
                        let scores = self.plan_scores(game, &After::new(game, ShortList::new()), u, &eval::Prepared::new(game));
                        let best = scores.iter().max_by(|a, b| a.value.total_cmp(&b.value)).cloned();
                        self.planned = best;
                        options
                            .iter()
                            .map(|d| match d {
                                Decision::Plan(p) => scores
                                    .iter()
                                    .filter(|s| s.plan == *p)
                                    .map(|s| s.value)
                                    .fold(f64::NEG_INFINITY, f64::max),
                                _ => f64::NEG_INFINITY,
                            })
                            .collect()
                    }
                    (None, None) => vec![0.0; options.len()],
                }
            }
            Some(Decision::MoveTo(_)) => {
                let u = declaring.expect("a unit moves");
                let step = self
                    .planned
                    .as_ref()
                    .filter(|p| p.unit == u)
                    .and_then(|p| p.moves.get(p.next).copied())
                    .filter(|m| options.contains(&Decision::MoveTo(*m)));
                match step {
                    Some(s) => options.iter().map(|d| f64::from(u8::from(*d == Decision::MoveTo(s)))).collect(),
                    None => {
                        let prep = eval::Prepared::new(game);
                        let mut cache = Squares::new(game, &prep, Default::default());
                        options
                            .iter()
                            .map(|d| match d {
                                Decision::MoveTo(s) => self.square_value(game, u, *s, &mut cache),
                                _ => f64::NEG_INFINITY,
                            })
                            .collect()
                    }
                }
            }
            Some(Decision::Aim { .. }) => {
                let u = declaring.expect("a unit aims");
                let from = self.attack_square(game, u);
                options.iter().map(|d| self.aim_value(game, u, from, d)).collect()
            }
            // Revised edition: the order the lines fire in, from the exact odds of each order.
            Some(Decision::Fire(_)) => {
                let u = declaring.expect("a unit fires");
                options.iter().map(|d| fire_value(game, u, *d)).collect()
            }
            Some(Decision::Use(opt, _)) => {
                let yes = match opt {
                    Optional::Separate => false,
                    Optional::Assault => self.planned.as_ref().is_some_and(|p| Some(p.unit) == declaring && p.assault),
                    Optional::Berserk | Optional::AllInOne | Optional::FightingSpirit => {
                        self.aimed.iter().map(|(t, d)| eval::damage_value(game, *t, *d)).sum::<f64>() >= 8.0
                    }
                    // A free reroll of a failed die.
                    Optional::MedalOfHonor => true,
                    // A crate gives cover to whoever stands on it; the vehicle gains nothing
                    // from it, the enemy's soldiers might.
                    Optional::Crush => true,
                    Optional::HeroicAttack => declaring.is_some_and(|u| {
                        let at = game.unit(u).at;
                        at.is_some_and(|at| eval::danger_at(game, u, at) >= 6.0)
                    }),
                };
                options
                    .iter()
                    .map(|d| match d {
                        Decision::Use(_, b) => f64::from(u8::from(*b == yes)),
                        _ => 0.0,
                    })
                    .collect()
            }
            Some(Decision::React(_)) => options.iter().map(|d| react_value(game, d)).collect(),
            Some(Decision::Retaliate(_)) => options
                .iter()
                .map(|d| f64::from(u8::from(*d == Decision::Retaliate(true))))
                .collect(),
            // The miniature brought back: the one that leaves the squad strongest.
            Some(Decision::Revive(_)) => options
                .iter()
                .map(|d| {
                    let mut g = game.clone();
                    g.apply_unchecked(*d);
                    eval::evaluate(&g, side)
                })
                .collect(),
            Some(Decision::Casualty(_)) => options
                .iter()
                .map(|d| {
                    self.scored += 1;
                    // The engine resolves what follows the casualty; a panic there (an engine
                    // bug) only makes this option look bad.
                    std::panic::catch_unwind(|| {
                        let mut g = game.clone();
                        g.apply_unchecked(*d);
                        eval::evaluate(&g, side)
                    })
                    .unwrap_or(f64::MIN)
                })
                .collect(),
            // A SKILL action chosen in the plan: healing and repairs bring back what was lost.
            Some(Decision::Skill(..)) => options
                .iter()
                .map(|d| match d {
                    Decision::Skill(_, u) => {
                        let t = game.unit(*u);
                        1.0 + f64::from(t.card.ap) * f64::from(t.card.health.saturating_sub(t.health)) / f64::from(t.card.health.max(1))
                    }
                    _ => 0.0,
                })
                .collect(),
            // Flames spreading through a space hit every unit there: enemies good, friends bad.
            Some(Decision::Spread(_)) => options
                .iter()
                .map(|d| match d {
                    Decision::Spread(s) => (0..game.units().len())
                        .map(|i| UnitId(i as u8))
                        // Every square of a large or huge model.
                        .filter(|&u| game.unit_squares(u).contains(s))
                        .map(|u| game.unit(u))
                        .map(|u| {
                            if u.side == side {
                                -f64::from(u.card.ap)
                            } else {
                                f64::from(u.card.ap)
                            }
                        })
                        .sum(),
                    _ => 0.0,
                })
                .collect(),
            // Battlefront: the facing at the end of a Move, turned to the enemies its front arc
            // can serve against (ties keep the first offered, the way the unit went).
            Some(Decision::Face(_)) => {
                let u = declaring.expect("a unit turns");
                let at = self.face_square(game, u);
                options
                    .iter()
                    .map(|d| match (d, at) {
                        (Decision::Face(f), Some(at)) => facing_value(game, u, at, *f),
                        _ => 0.0,
                    })
                    .collect()
            }
            // Battlefront: an eliminated unit goes to reserve when it is worth its place.
            Some(Decision::Reserve(_)) => {
                let (place, keep) = reserve_values(game, side);
                options
                    .iter()
                    .map(|d| match d {
                        Decision::Reserve(true) => place,
                        _ => keep,
                    })
                    .collect()
            }
            Some(Decision::Escape(_)) => {
                // The escaped pilot goes where he is worth most: least threatened, most
                // threatening.
                let hero = game.escaping();
                options
                    .iter()
                    .map(|d| match (d, hero) {
                        (Decision::Escape(at), Some(h)) => eval::position_value(game, h, *at),
                        _ => 0.0,
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        options.into_iter().zip(scores).collect()
    }

    /// Where the declaring unit will attack from: the last move of its plan, or where it is.
    fn attack_square(&self, game: &Game, u: UnitId) -> Option<Square> {
        // Battlefront: the targets are declared when the Attack is made, after the Moves
        // before it: the unit stands where it attacks from.
        if game.unit(u).activated {
            return game.unit(u).at;
        }
        if let Some(p) = self.planned.as_ref().filter(|p| p.unit == u) {
            if matches!(p.plan, Plan::Two(Action::Move, _) | Plan::Charge)
                || (matches!(p.plan, Plan::Three(..)) && p.plan.moves_before(Action::Attack))
            {
                if let Some(&s) = p.moves.last() {
                    return Some(s);
                }
            }
        }
        game.unit(u).at
    }

    /// Where the declaring unit `u` ends the Move whose facing is asked: the last square of
    /// its plan when the greedy player planned the activation; else where the engine puts it
    /// once the facing is given (the engine runs the Move then); else where it stands.
    fn face_square(&self, game: &Game, u: UnitId) -> Option<Square> {
        if let Some(p) = self.planned.as_ref().filter(|p| p.unit == u && p.next >= p.moves.len()) {
            if let Some(&s) = p.moves.last() {
                return Some(s);
            }
        }
        let first = game.legal_decisions().first().copied();
        if let Some(d @ Decision::Face(_)) = first {
            let mut g = game.clone();
            if g.apply(d).is_ok() {
                if let Some(at) = g.unit(u).at {
                    return Some(at);
                }
            }
        }
        game.unit(u).at
    }

    fn aim_value(&mut self, game: &Game, u: UnitId, from: Option<Square>, d: &Decision) -> f64 {
        let Decision::Aim { line, target, ammo } = *d else {
            return f64::NEG_INFINITY;
        };
        let Some(Target::Unit(t)) = target else {
            // Leaving a line unused costs nothing; shooting cover is rarely worth a line.
            return if target.is_none() { 0.0 } else { -0.5 };
        };
        let l = eval::line_ref(game, u, line);
        let mode = AttackMode {
            ammo,
            trust_los: true,
            reroll: false,
            close: false,
        };
        let to = game.unit(t).at;
        let dmg = match (from, to) {
            (Some(f), Some(to)) => eval::line_damage(game, u, l, t, f, to, mode),
            _ => None,
        }
        .or_else(|| eval::raw_damage(game, u, l, t, None, mode))
        .unwrap_or(0.0);
        let before = self.aimed.iter().find(|(x, _)| *x == t).map_or(0.0, |(_, d)| *d);
        // The first line at a target: its exact odds; later lines: what they add to the
        // estimate of the earlier ones.
        let exact = match (from, to) {
            (Some(f), Some(to)) if before == 0.0 => eval::line_value_exact(game, u, l, t, f, to, mode),
            _ => None,
        };
        let gain = exact.unwrap_or_else(|| eval::damage_value(game, t, before + dmg) - eval::damage_value(game, t, before));
        // Limited ammo is spent for good: each box must earn its keep.
        gain - 0.8 * f64::from(ammo.saturating_sub(1))
    }

    /// The worth of unit `u` ending on `s` (cached per call).
    fn square_value(&mut self, game: &Game, u: UnitId, s: Square, cache: &mut Squares<'_>) -> f64 {
        let i = game.board().index(s);
        if let Some(v) = cache.seen.get(i).copied().filter(|v| !v.is_nan()) {
            return v;
        }
        self.scored += 1;
        let v = eval::position_value_in(game, cache.prep, u, s);
        if let Some(x) = cache.seen.get_mut(i) {
            *x = v;
        }
        v
    }

    /// The most promising whole activations of the units the deciding side may activate now
    /// (when an activation is pending): for each unit its `per_unit` best plans by the greedy
    /// score (distinct plans or end squares), best first. MCTS searches over these.
    pub(crate) fn activation_plans(&mut self, game: &Game, per_unit: usize) -> Vec<ActivationPlan> {
        let prep = eval::Prepared::new(game);
        let mut out = Vec::new();
        for d in game.legal_decisions() {
            let Decision::Activate(u) = d else { continue };
            let g = activated(game, u);
            let baseline = match game.unit(u).at {
                Some(at) => eval::position_value_in(game, &prep, u, at),
                None => -eval::APPROACH * f64::from(game.board().height()) / 2.0,
            };
            let mut scores = self.plan_scores(game, &g, u, &prep);
            scores.sort_by(|a, b| b.value.total_cmp(&a.value));
            let mut kept: Vec<ActivationPlan> = Vec::new();
            for p in scores {
                if kept.len() >= per_unit {
                    break;
                }
                let end = p.moves.last().copied();
                if kept.iter().any(|k| k.plan == p.plan && k.moves.last().copied() == end) {
                    continue;
                }
                // A plan that only moves differs from another by where it ends.
                if kept
                    .iter()
                    .any(|k| k.moves.last().copied() == end && end.is_some() && !attacks(k.plan) && !attacks(p.plan))
                {
                    continue;
                }
                kept.push(ActivationPlan {
                    unit: u,
                    plan: p.plan,
                    assault: p.assault,
                    moves: p.moves.to_vec(),
                    value: p.value - baseline,
                });
            }
            out.extend(kept);
        }
        out.sort_by(|a, b| b.value.total_cmp(&a.value));
        out
    }

    /// For each unit the deciding side may activate, the two Moves that bring it nearest to
    /// `target` (every first Move tried, not only those nearest the enemy; the nearer to the
    /// target, then the better [`eval::position_value`]), valued as [`Self::activation_plans`]
    /// values its plans. The search adds them to its candidates where an objective wins the
    /// game (issue 21, fourth round): the greedy planner's first Moves go towards the enemy, and
    /// a unit racing for a hill beside the enemy's line of approach lost a space each round.
    pub(crate) fn rush_plans(&mut self, game: &Game, target: Square) -> Vec<ActivationPlan> {
        let plan = Plan::Two(Action::Move, Action::Move);
        let mut out = Vec::new();
        for d in game.legal_decisions() {
            let Decision::Activate(u) = d else { continue };
            let mut g = game.clone();
            if g.apply(Decision::Activate(u)).is_err() {
                continue;
            }
            ace_as_two(&mut g);
            if g.legal_decisions()
                .first()
                .is_some_and(|d| matches!(d, Decision::Use(Optional::Separate, _)))
            {
                g.apply_unchecked(Decision::Use(Optional::Separate, false));
            }
            if !g.legal_decisions().contains(&Decision::Plan(plan)) {
                continue;
            }
            g.apply_unchecked(Decision::Plan(plan));
            if matches!(g.legal_decisions().first(), Some(Decision::Use(Optional::Assault, _))) {
                g.apply_unchecked(Decision::Use(Optional::Assault, false));
            }
            let mut best: Option<(u32, f64, Square, Square)> = None;
            for s1 in moves_of(&g) {
                let mut g2 = g.clone();
                g2.apply_unchecked(Decision::MoveTo(s1));
                past_reaction(&mut g2);
                let seconds = moves_of(&g2);
                for s2 in if seconds.is_empty() { vec![s1] } else { seconds } {
                    let d = range(s2, target);
                    if best.is_some_and(|(bd, ..)| d > bd) {
                        continue;
                    }
                    let v = eval::position_value(game, u, s2);
                    if best.is_none_or(|(bd, bv, ..)| d < bd || v > bv) {
                        best = Some((d, v, s1, s2));
                    }
                }
            }
            let Some((_, v, s1, s2)) = best else { continue };
            let baseline = match game.unit(u).at {
                Some(at) => eval::position_value(game, u, at),
                None => -eval::APPROACH * f64::from(game.board().height()) / 2.0,
            };
            out.push(ActivationPlan {
                unit: u,
                plan,
                assault: false,
                moves: vec![s1, s2],
                value: v - baseline,
            });
        }
        out
    }

    /// The best activation of unit `u` (one the engine offers now), or `None` if it has no plan.
    fn best_activation(&mut self, game: &Game, u: UnitId, prep: &eval::Prepared) -> Option<Planned> {
        let scores = self.plan_scores(game, &activated(game, u), u, prep);
        // (`position_value_in` is `position_value`, with the lists made once.)
        let baseline = match game.unit(u).at {
            Some(at) => eval::position_value_in(game, prep, u, at),
            None => -eval::APPROACH * f64::from(game.board().height()) / 2.0,
        };
        scores.into_iter().max_by(|a, b| a.value.total_cmp(&b.value)).map(|mut p| {
            p.value -= baseline;
            p
        })
    }

    /// Every plan for the declaring unit `u` of `g` (where a plan is pending), with its best moves.
    /// `prep`: the evaluation's lists of `game`.
    fn plan_scores(&mut self, game: &Game, g: &After<'_>, u: UnitId, prep: &eval::Prepared) -> Vec<Planned> {
        // (Room for the plans of a unit with two Moves; growing it by doubling was a tenth of
        // a greedy decision with the allocator's copies.)
        let mut out = Vec::with_capacity(96);
        let mut cache = Squares::new(game, prep, std::mem::take(&mut self.spare));
        let plans: Vec<Plan> = g
            .legal
            .iter()
            .filter_map(|d| if let Decision::Plan(p) = *d { Some(p) } else { None })
            .collect();
        let here = game.unit(u).at;
        // Attacks are scored with the exact odds (dust_core::odds; the attack from here is
        // worked out when a plan first asks, [`Squares::threat_here`]); where the unit ends up
        // is scored with the quick estimates of `eval::position_value`.
        let stay = here.map_or(f64::NEG_INFINITY, |at| self.square_value(game, u, at, &mut cache));
        // The squares of plans' first Moves, by plan, for [`Game::same_first_leg`].
        let mut first_legs: Vec<(Plan, Vec<Square>)> = Vec::new();
        for plan in plans {
            // Only a plan that moves needs what the engine offers after it (the squares its
            // moves reach, and Assault, which only a move offers): the others are scored from
            // here. The engine tells it from a copy of the declaration (issue 21: cloning and
            // dropping `Game` was a third of a greedy decision).
            // The squares of a one-Move plan's Move, when the engine says they are an earlier
            // plan's ([`Game::same_first_leg`]: in the revised edition, those of every plan
            // that begins with a Move), are not asked for again (issue 21: two thirds of the
            // plans' declarations).
            let shared = match plan {
                Plan::Two(Action::Move, x) if x != Action::Move => first_legs
                    .iter()
                    .find(|(p, _)| game.same_first_leg(*p, plan))
                    .map(|(_, v)| v.clone()),
                _ => None,
            };
            let after_plan = (moves_in(plan) && shared.is_none()).then(|| g.then(Decision::Plan(plan)));
            let offers_assault = matches!(
                after_plan.as_ref().and_then(|a| a.legal.first().copied()),
                Some(Decision::Use(Optional::Assault, _))
            );
            for assault in [false, true] {
                if assault && !offers_assault {
                    continue;
                }
                let with_assault;
                let g3 = match after_plan.as_ref() {
                    Some(a) if offers_assault => {
                        with_assault = a.then(Decision::Use(Optional::Assault, assault));
                        Some(&with_assault)
                    }
                    a => a,
                };
                // Assault is once per game: keep it for a long way to go.
                let assault_cost = if assault { 3.0 } else { 0.0 };
                let mk = |moves: &[Square], value: f64| Planned {
                    unit: u,
                    plan,
                    assault,
                    moves: moves.iter().copied().collect(),
                    next: 0,
                    value: value - assault_cost,
                };
                match plan {
                    Plan::Two(Action::Move, Action::Move) | Plan::Charge => {
                        let g3 = g3.expect("the game after a plan that moves");
                        let firsts = g3.moves();
                        if !offers_assault {
                            first_legs.push((plan, firsts.clone()));
                        }
                        let mut ranked: Vec<(f64, Square)> = firsts
                            .iter()
                            .map(|&s| (-f64::from(eval::nearest_in(game, prep, game.unit(u).side, s)) + self.jitter(), s))
                            .collect();
                        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
                        for &(_, s1) in ranked.iter().take(FIRST_MOVES) {
                            let mut g4 = g3.then(Decision::MoveTo(s1));
                            g4.past_reaction();
                            let seconds = g4.moves();
                            let seconds = if seconds.is_empty() { vec![s1] } else { seconds };
                            for s2 in seconds {
                                let mut v = self.square_value(game, u, s2, &mut cache);
                                if plan == Plan::Charge {
                                    v += cache.threat(game, u, s2, AttackMode::default());
                                }
                                out.push(mk(&[s1, s2], v));
                            }
                        }
                    }
                    Plan::Two(a, b) if a == Action::Move || b == Action::Move => {
                        let other = if a == Action::Move { b } else { a };
                        let squares = match &shared {
                            Some(v) => v.clone(),
                            None => {
                                let g3 = g3.expect("the game after a plan that moves");
                                // Battlefront: a Move after the first action is declared when it is
                                // made; it reaches what a Move from here reaches.
                                let v = match g3.moves() {
                                    v if v.is_empty() && a != Action::Move => later_moves(g).map(|g| g.moves()).unwrap_or_default(),
                                    v => v,
                                };
                                // (Only a first leg with no Assault to choose before it.)
                                if a == Action::Move && !offers_assault {
                                    first_legs.push((plan, v.clone()));
                                }
                                v
                            }
                        };
                        for &s in &squares {
                            let mut v = self.square_value(game, u, s, &mut cache);
                            match (a, other) {
                                (Action::Move, Action::Attack) => v += cache.threat(game, u, s, AttackMode::default()),
                                (_, Action::Attack) => v += cache.threat_here(game, u, false),
                                (_, Action::Reload | Action::Skill) => v += 1.0,
                                _ => {}
                            }
                            out.push(mk(&[s], v));
                        }
                        if squares.is_empty() {
                            out.push(mk(&[], stay));
                        }
                    }
                    Plan::Sustained => out.push(mk(&[], stay + cache.threat_here(game, u, true))),
                    Plan::Three(a, b, c) => {
                        // Three actions (battlefront Ace Pilot): where the moves end, and the
                        // attack from there or from here.
                        let acts = [a, b, c];
                        let sustained = b == Action::Attack && (a == Action::Attack || c == Action::Attack);
                        let after_move = plan.moves_before(Action::Attack);
                        let extra = if acts.contains(&Action::Skill) { 1.0 } else { 0.0 };
                        let mode = AttackMode {
                            reroll: sustained,
                            ..AttackMode::default()
                        };
                        let here_attack = if acts.contains(&Action::Attack) {
                            cache.threat_here(game, u, sustained)
                        } else {
                            0.0
                        };
                        let legs = acts.iter().filter(|&&x| x == Action::Move).count();
                        let mut ends: Vec<Vec<Square>> = Vec::new();
                        if legs == 0 {
                            ends.push(Vec::new());
                        } else {
                            let g3 = g3.expect("the game after a plan that moves");
                            // Battlefront: Moves after the first action are declared when they
                            // are made; they reach what Moves from here reach.
                            let later;
                            let g3 = match if g3.moves().is_empty() { later_moves(g) } else { None } {
                                Some(l) => {
                                    later = l;
                                    &later
                                }
                                None => g3,
                            };
                            let firsts = g3.moves();
                            let mut ranked: Vec<(f64, Square)> = firsts
                                .iter()
                                .map(|&s| (-f64::from(eval::nearest_in(game, prep, game.unit(u).side, s)) + self.jitter(), s))
                                .collect();
                            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
                            let take = if legs == 2 { FIRST_MOVES } else { ranked.len() };
                            for &(_, s1) in ranked.iter().take(take) {
                                if legs == 1 {
                                    ends.push(vec![s1]);
                                    continue;
                                }
                                let mut g4 = g3.then(Decision::MoveTo(s1));
                                g4.past_reaction();
                                let seconds = g4.moves();
                                let seconds = if seconds.is_empty() { vec![s1] } else { seconds };
                                ends.extend(seconds.into_iter().map(|s2| vec![s1, s2]));
                            }
                        }
                        for moves in ends {
                            let Some(&end) = moves.last() else {
                                out.push(mk(&moves, stay + here_attack + extra));
                                continue;
                            };
                            let mut v = self.square_value(game, u, end, &mut cache) + extra;
                            if acts.contains(&Action::Attack) {
                                v += if after_move {
                                    cache.threat(game, u, end, mode)
                                } else {
                                    here_attack
                                };
                            }
                            out.push(mk(&moves, v));
                        }
                    }
                    Plan::Two(a, b) => {
                        let mut v = stay;
                        if a == Action::Attack || b == Action::Attack {
                            v += cache.threat_here(game, u, false);
                        }
                        if a == Action::Reload || b == Action::Reload || a == Action::Skill || b == Action::Skill {
                            v += 1.0;
                        }
                        out.push(mk(&[], v));
                    }
                }
            }
        }
        let Squares {
            seen, threat: [t0, t1], ..
        } = cache;
        self.spare = [seen, t0, t1];
        out
    }

    fn jitter(&mut self) -> f64 {
        self.rng.unit() * 1e-3
    }
}

/// The squares valued for one unit in one position: the evaluation's lists of the position,
/// and each square's worth and the unit's attack from there ([`eval::threat_exact`], without
/// and with rerolls) once they are known (NaN before), by board index.
struct Squares<'a> {
    prep: &'a eval::Prepared,
    seen: Vec<f64>,
    threat: [Vec<f64>; 2],
}

impl<'a> Squares<'a> {
    /// The tables in `spare` (their contents replaced; new when empty).
    fn new(game: &Game, prep: &'a eval::Prepared, spare: [Vec<f64>; 3]) -> Squares<'a> {
        let n = game.board().len();
        let [mut seen, mut t0, mut t1] = spare;
        for v in [&mut seen, &mut t0, &mut t1] {
            v.clear();
            v.resize(n, f64::NAN);
        }
        Squares {
            prep,
            seen,
            threat: [t0, t1],
        }
    }

    /// [`Squares::threat`] from where unit `u` stands (0 off the board), without or with
    /// rerolls.
    fn threat_here(&mut self, game: &Game, u: UnitId, reroll: bool) -> f64 {
        game.unit(u).at.map_or(0.0, |at| {
            self.threat(
                game,
                u,
                at,
                AttackMode {
                    reroll,
                    ..AttackMode::default()
                },
            )
        })
    }

    /// [`eval::threat_exact`] of unit `u` at `s` (the same unit for every call), cached for
    /// the default mode and for rerolls (issue 21: a Charge asked it of the same square once
    /// per first move).
    fn threat(&mut self, game: &Game, u: UnitId, s: Square, mode: AttackMode) -> f64 {
        let cached = mode == AttackMode::default()
            || mode
                == AttackMode {
                    reroll: true,
                    ..AttackMode::default()
                };
        let i = game.board().index(s);
        let slot = self.threat[usize::from(mode.reroll)].get_mut(i).filter(|_| cached);
        match slot {
            Some(v) if !v.is_nan() => *v,
            Some(v) => {
                *v = eval::threat_exact_in(game, self.prep, u, s, mode);
                *v
            }
            None => eval::threat_exact_in(game, self.prep, u, s, mode),
        }
    }
}

/// `game` after unit `u` (one the engine offers) is activated, for planning: a joined hero
/// not separated, and the battlefront Ace Pilot's die (rolled when the vehicle activates)
/// taken as giving no third action; the plan is made again at the declaration when it did
/// ([`GreedyPlayer::score_all`]).
fn activated(game: &Game, u: UnitId) -> After<'_> {
    let mut a = After::new(game, [Decision::Activate(u)].into_iter().collect());
    // Only a copy of the game rolls the die (the declaration's copy cannot tell then).
    if let Some(g) = a.game.as_mut().filter(|g| g.pending_roll().is_some()) {
        g.apply_roll(0);
        a.legal = g.legal_decisions();
    }
    if matches!(a.legal.first(), Some(Decision::Use(Optional::Separate, _))) {
        a = a.then(Decision::Use(Optional::Separate, false));
    }
    a
}

/// Plans an activation before the battlefront Ace Pilot's die (rolled when the vehicle
/// activates) as if it gave no third action, on a copy of the game ([`GreedyPlayer::rush_plans`];
/// the greedy planner itself asks [`activated`]).
fn ace_as_two(g: &mut Game) {
    if g.pending_roll().is_some() {
        g.apply_roll(0);
    }
}

/// The squares a Move may go to now.
fn moves_of(g: &Game) -> Vec<Square> {
    g.legal_decisions()
        .into_iter()
        .filter_map(|d| if let Decision::MoveTo(s) = d { Some(s) } else { None })
        .collect()
}

/// Whether a plan includes a move (Charge moves too).
fn moves_in(p: Plan) -> bool {
    match p {
        Plan::Two(a, b) => a == Action::Move || b == Action::Move,
        Plan::Three(a, b, c) => [a, b, c].contains(&Action::Move),
        Plan::Charge => true,
        Plan::Sustained => false,
    }
}

/// Whether a plan includes an attack.
fn attacks(p: Plan) -> bool {
    match p {
        Plan::Two(a, b) => a == Action::Attack || b == Action::Attack,
        Plan::Three(a, b, c) => [a, b, c].contains(&Action::Attack),
        Plan::Sustained | Plan::Charge => true,
    }
}

/// A whole activation planned ahead: the unit, its plan, Assault or not, and the squares of its
/// moves, with the greedy gain over staying put.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ActivationPlan {
    pub unit: UnitId,
    pub plan: Plan,
    pub assault: bool,
    pub moves: Vec<Square>,
    pub value: f64,
}

/// Declines the enemy's reactive attack after a move leg (battlefront: the rest of a March
/// Move is declared after it), so that the next leg's squares are offered; for planning only.
fn past_reaction(g: &mut Game) {
    while let Some(Decision::React(_)) = g.legal_decisions().first() {
        g.apply_unchecked(Decision::React(None));
    }
}

/// `g` (a plan pending) with a March Move declared (a Move and nothing if no March is
/// offered): where Moves from where the unit stands go, for a plan whose Moves come after its
/// first action and are declared when they are made (battlefront); for planning only. `None`
/// when no such plan is offered.
fn later_moves<'g>(g: &After<'g>) -> Option<After<'g>> {
    let plan = [Plan::Two(Action::Move, Action::Move), Plan::Two(Action::Move, Action::Nothing)]
        .into_iter()
        .map(Decision::Plan)
        .find(|d| g.legal.contains(d))?;
    let g2 = g.then(plan);
    Some(match g2.legal.first() {
        Some(&Decision::Use(o, _)) => g2.then(Decision::Use(o, false)),
        _ => g2,
    })
}

/// The position after some planning decisions `path` made in the declaration pending in
/// `base`, for planning only: what the engine offers next, told from a copy of the
/// declaration ([`Game::declare_in`]) or, where that cannot tell, by a copy of the game with
/// the decisions applied (one of the two is kept).
struct After<'g> {
    base: &'g Game,
    /// (Eight at most: activate, separate, plan, assault or an optional, two moves.)
    path: ShortList<Decision, 8>,
    /// The copy of the declaration with `path` made in it, while it can tell.
    decl: Option<Declaration>,
    /// The copy of the game, once one was needed.
    game: Option<Game>,
    /// What the engine offers next.
    legal: Vec<Decision>,
}

impl<'g> After<'g> {
    fn new(base: &'g Game, path: ShortList<Decision, 8>) -> After<'g> {
        if let Some(mut decl) = base.declaration() {
            if path.iter().all(|&d| base.declare_in(&mut decl, d)) {
                return After {
                    base,
                    path,
                    legal: base.declaration_options(&mut decl),
                    decl: Some(decl),
                    game: None,
                };
            }
        }
        After::of_game(base, path, None)
    }

    /// The copy of the game after `path`, from `game` (a copy of `base` with all of `path`
    /// but its last decision applied) or from `base`.
    fn of_game(base: &'g Game, path: ShortList<Decision, 8>, game: Option<&Game>) -> After<'g> {
        let g = match game {
            Some(g) => {
                let mut g = g.clone();
                if let Some(&d) = path.last() {
                    g.apply_unchecked(d);
                }
                g
            }
            None => {
                let mut g = base.clone();
                for &d in path.iter() {
                    g.apply_unchecked(d);
                }
                g
            }
        };
        After {
            base,
            path,
            decl: None,
            legal: g.legal_decisions(),
            game: Some(g),
        }
    }

    /// The position after one more decision.
    fn then(&self, d: Decision) -> After<'g> {
        let mut path = self.path;
        path.push(d);
        if let Some(decl) = &self.decl {
            let mut decl = decl.clone();
            if self.base.declare_in(&mut decl, d) {
                return After {
                    base: self.base,
                    path,
                    legal: self.base.declaration_options(&mut decl),
                    decl: Some(decl),
                    game: None,
                };
            }
        }
        After::of_game(self.base, path, self.game.as_ref())
    }

    /// Declines the enemy's reactive attacks pending ([`past_reaction`]); only a copy of
    /// the game has them.
    fn past_reaction(&mut self) {
        if !matches!(self.legal.first(), Some(Decision::React(_))) {
            return;
        }
        let g = self.game.get_or_insert_with(|| {
            let mut g = self.base.clone();
            for &d in self.path.iter() {
                g.apply_unchecked(d);
            }
            g
        });
        self.decl = None;
        past_reaction(g);
        self.legal = g.legal_decisions();
    }

    /// The squares a Move offered next may end on.
    fn moves(&self) -> Vec<Square> {
        self.legal
            .iter()
            .filter_map(|d| if let Decision::MoveTo(s) = *d { Some(s) } else { None })
            .collect()
    }
}

/// The gain of reacting with a unit: the chance the reactive fire succeeds times the AP its
/// attack is expected to destroy, minus the activation it spends.
fn react_value(game: &Game, d: &Decision) -> f64 {
    let Decision::React(Some(r)) = *d else { return 0.0 };
    let Some(from) = game.unit(r).at else { return 0.0 };
    let side = game.unit(r).side;
    let attack = |t: UnitId| {
        let Some(to) = game.unit(t).at else { return 0.0 };
        let dmg: f64 = eval::attack_lines(game, r)
            .into_iter()
            .filter_map(|l| eval::line_damage(game, r, l, t, from, to, AttackMode::default()))
            .sum();
        eval::damage_value(game, t, dmg)
    };
    let value = match active_enemy(game, side) {
        Some(t) => attack(t),
        // Without the event log (search drops it), the trigger is one of the enemy units that
        // have activated this round: assume the one it can hurt least.
        None => game
            .units()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.side != side && e.activated && !e.destroyed && e.at.is_some() && !e.is_joined_hero())
            .map(|(i, _)| attack(UnitId(i as u8)))
            .filter(|v| *v > 0.0)
            .fold(f64::INFINITY, f64::min),
    };
    let value = if value.is_finite() { value } else { 0.0 };
    // Battlefront "Reactive Attacks": two dice, whatever the unit's classic reactive-fire
    // skills (docs/rulings.md, "Battlefront skills of a hero and the unit he joined"); one
    // army symbol or more is an attack, at the same 2 faces of 6 as a revised hit.
    let dice = if game.edition() == Edition::Battlefront {
        2
    } else if game.has_skill(r, Skill::SuperiorReactiveFire) {
        3
    } else if game.has_skill(r, Skill::AdvancedReactiveFire) {
        2
    } else {
        1
    };
    let p = 1.0 - (2.0f64 / 3.0).powi(dice);
    let gain = p * value;
    // Reacting spends the unit's activation for this round (win or lose the roll).
    let cost = 0.5 * eval::threat_from(game, r, from, AttackMode::default()).max(1.0);
    gain - cost
}

/// Whether weapon line `l` fires only in its owner's front arc (tactics-battlefront-2013-rules.txt,
/// "1) Check Field of Fire": a front-mounted weapon, or any weapon of a support weapon without
/// a mount; the engine's own test is private to it).
fn front_arc_only(game: &Game, l: eval::LineRef) -> bool {
    let Some(bf) = &game.unit(l.owner).bf else { return false };
    match bf.weapons.get(l.index).and_then(|w| w.mount) {
        Some(m) => !m.all_round(),
        None => bf.kind == Some(BattlefrontKind::SupportWeapon),
    }
}

/// Battlefront: the worth of ending a Move on `at` facing `f` (tactics-battlefront-2013-rules.txt,
/// "Move and March Move Actions": units "end their movement facing in any direction"; "1) Check
/// Field of Fire": front-arc weapons fire 45 degrees either side of the facing). Each enemy unit
/// with a square in the front arc counts for what the unit's front-arc lines are expected to
/// destroy of it from there ([`eval::line_damage`], in range and sight now), half of what it
/// threatens to do to the unit (the enemy to answer first), and its nearness (so a unit with no
/// enemy in reach turns to the nearest); a small term prefers, among facings whose arcs hold the same
/// units, the one nearest their direction.
fn facing_value(game: &Game, u: UnitId, at: Square, f: Facing) -> f64 {
    let side = game.unit(u).side;
    let front: Vec<eval::LineRef> = eval::attack_lines(game, u)
        .into_iter()
        .filter(|&l| front_arc_only(game, l))
        .collect();
    let (fx, fy) = Facing::STEPS[usize::from(f.0 & 7)];
    let flen = f64::from(fx * fx + fy * fy).sqrt();
    let mut v = 0.0;
    for (i, e) in game.units().iter().enumerate() {
        if e.side == side || e.destroyed || e.is_joined_hero() {
            continue;
        }
        let Some(to) = e.at else { continue };
        let eid = UnitId(i as u8);
        let squares = game.unit_squares(eid);
        let d = f64::from(eval::unit_range(game, u, at, eid, to));
        let nearness = 1.0 / (1.0 + d);
        if !squares.iter().any(|&s| f.in_front_arc(at, s)) {
            continue;
        }
        // The direction to the enemy's centre, for the tie-break.
        let n = squares.len().max(1) as f64;
        let dx = squares.iter().map(|s| f64::from(s.col())).sum::<f64>() / n - f64::from(at.col());
        let dy = squares.iter().map(|s| f64::from(s.row())).sum::<f64>() / n - f64::from(at.row());
        let dlen = (dx * dx + dy * dy).sqrt();
        if dlen > 0.0 {
            v += 1e-3 * nearness * (dx * f64::from(fx) + dy * f64::from(fy)) / (dlen * flen);
        }
        let offense: f64 = front
            .iter()
            .filter_map(|&l| eval::line_damage(game, u, l, eid, at, to, AttackMode::default()))
            .sum();
        let threat: f64 = eval::attack_lines(game, eid)
            .into_iter()
            .filter_map(|l| eval::raw_damage(game, eid, l, u, None, AttackMode::default()))
            .sum();
        v += eval::damage_value(game, eid, offense) + 0.5 * eval::damage_value(game, u, threat) * nearness + nearness;
    }
    v
}

/// Battlefront: the worth of placing the unit just eliminated in reserve and of keeping it out
/// (tactics-battlefront-2013-rules.txt, "Reserves": "the owning player may elect to place it in
/// reserve until they have placed the allowed number of units in reserve"; docs/rulings.md,
/// "Battlefront reserves"). A returning unit is worth its AP while turns are left for it to
/// come back on and fight (full worth with three turns or more). A place is worth keeping only
/// when the side's units still alive that reserves may take and that are worth more outnumber
/// the places left: then it is worth, kept for the least of those the places could not all
/// take, half its AP (the chance it is eliminated) over the turns left after this one.
/// Returns (place, keep).
///
/// The unit asked about is the last of the side's eliminated in the event log. Search drops
/// the log: then the values are the mean over the units it may be (the side's eliminated units
/// that reserves may take), exact when only one is eliminated; with none known, place it (the
/// book's default).
pub(crate) fn reserve_values(game: &Game, side: Side) -> (f64, f64) {
    let asked = game.events().iter().rev().find_map(|e| match e {
        dust_core::game::Event::Destroyed { unit, .. } if game.unit(*unit).side == side && game.unit(*unit).destroyed => Some(*unit),
        _ => None,
    });
    if let Some(u) = asked {
        return reserve_values_of(game, side, u);
    }
    let rules = game.scenario_rules();
    let maybe: Vec<UnitId> = game
        .units()
        .iter()
        .enumerate()
        .filter(|(_, x)| x.side == side && x.destroyed && (x.card.kind != UnitKind::Hero || rules.reserve_heroes))
        .map(|(i, _)| UnitId(i as u8))
        .collect();
    if maybe.is_empty() {
        return (1.0, 0.0);
    }
    let n = maybe.len() as f64;
    let (place, keep) = maybe.iter().fold((0.0, 0.0), |(p, k), &u| {
        let (a, b) = reserve_values_of(game, side, u);
        (p + a, k + b)
    });
    (place / n, keep / n)
}

/// [`reserve_values`] for the eliminated unit `u`.
fn reserve_values_of(game: &Game, side: Side, u: UnitId) -> (f64, f64) {
    let rules = game.scenario_rules();
    let turns_left = f64::from(game.round_limit().saturating_sub(game.round()));
    let use_over = |turns: f64| (turns / 3.0).clamp(0.0, 1.0);
    let ap = f64::from(game.unit(u).card.ap);
    let place = ap * use_over(turns_left);
    // Places used: every earlier elimination of a unit that came back from reserve.
    let used: u32 = game
        .units()
        .iter()
        .filter(|x| x.side == side)
        .map(|x| u32::from(x.times_destroyed.saturating_sub(u8::from(x.destroyed))))
        .sum();
    let left = u32::from(rules.reserves).saturating_sub(used).max(1) as usize;
    let mut better: Vec<f64> = game
        .units()
        .iter()
        .filter(|x| x.side == side && !x.destroyed)
        .filter(|x| x.card.kind != UnitKind::Hero || rules.reserve_heroes)
        .map(|x| f64::from(x.card.ap))
        .filter(|&a| a > ap)
        .collect();
    if better.len() < left {
        return (place.max(1e-9), 0.0);
    }
    better.sort_by(|a, b| b.total_cmp(a));
    let keep = 0.5 * better[left - 1] * use_over(turns_left - 1.0);
    (place, keep)
}

/// The enemy unit being activated (the trigger of a reactive fire window).
fn active_enemy(game: &Game, side: Side) -> Option<UnitId> {
    game.declaring().filter(|u| game.unit(*u).side != side).or_else(|| {
        // The declaration is over once it runs: the trigger is the last enemy unit activated.
        game.events().iter().rev().find_map(|e| match e {
            dust_core::game::Event::Activated(u) if game.unit(*u).side != side => Some(*u),
            _ => None,
        })
    })
}

impl Player for GreedyPlayer {
    fn decide(&mut self, game: &Game) -> Decision {
        let scored = self.score_all(game);
        assert!(!scored.is_empty(), "decide called with no decision pending");
        let mut best = 0;
        for (i, (_, v)) in scored.iter().enumerate() {
            if *v > scored[best].1 {
                best = i;
            }
        }
        let pick = scored[best].0;
        if let (Decision::MoveTo(_), Some(p)) = (pick, self.planned.as_mut()) {
            if Some(p.unit) == game.declaring() {
                p.next += 1;
            }
        }
        if let Decision::Aim {
            line,
            target: Some(Target::Unit(t)),
            ammo,
        } = pick
        {
            if let Some(u) = game.declaring() {
                let l = eval::line_ref(game, u, line);
                let from = self.attack_square(game, u);
                let to = game.unit(t).at;
                let mode = AttackMode {
                    ammo,
                    trust_los: true,
                    ..AttackMode::default()
                };
                let dmg = match (from, to) {
                    (Some(f), Some(to)) => eval::line_damage(game, u, l, t, f, to, mode),
                    _ => None,
                }
                .or_else(|| eval::raw_damage(game, u, l, t, None, mode))
                .unwrap_or(0.0);
                match self.aimed.iter_mut().find(|(x, _)| *x == t) {
                    Some(e) => e.1 += dmg,
                    None => self.aimed.push((t, dmg)),
                }
            }
        }
        let mut cands: Vec<Candidate> = scored
            .into_iter()
            .map(|(decision, value)| Candidate {
                decision,
                visits: 1,
                value,
            })
            .collect();
        cands.sort_by(|a, b| b.value.total_cmp(&a.value));
        cands.truncate(8);
        self.last = cands;
        pick
    }

    fn explain(&self) -> Option<Explanation> {
        Some(Explanation {
            player: "greedy",
            candidates: self.last.clone(),
            iterations: self.scored,
        })
    }
}

/// The worth of firing the line of `fire` next (revised edition, [`Decision::Fire`]): the AP
/// value of what the attack is expected to destroy, from the exact odds of the attack on each
/// unit aimed at, its lines in the order chosen so far, this line next and the others after it
/// in card order (the order matters through Incendiary dice, one per targeted miniature, and
/// the target's health left). Cover is left out: it is the same whatever the order.
fn fire_value(game: &Game, u: UnitId, fire: Decision) -> f64 {
    use dust_core::odds::from_game::{declared_attack, Declared};
    let mut decisions = game.declared_aims();
    decisions.push(fire);
    let mut targets: Vec<UnitId> = decisions
        .iter()
        .filter_map(|d| match d {
            Decision::Aim {
                target: Some(Target::Unit(t)),
                ..
            } => Some(*t),
            _ => None,
        })
        .collect();
    targets.sort();
    targets.dedup();
    targets
        .into_iter()
        .map(|t| {
            let Ok(spec) = declared_attack(game, u, t, decisions.iter().copied(), Declared::default()) else {
                return 0.0;
            };
            match dust_core::odds::odds_or_without_hero(&spec) {
                Ok(o) => o
                    .loss
                    .probs()
                    .iter()
                    .enumerate()
                    .map(|(k, p)| p * eval::loss_value(game, t, k))
                    .sum(),
                Err(_) => 0.0,
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::game::tests_support::{open_game, placed, rifle, squad, Table};
    use dust_core::WeaponRange;
    use std::sync::Arc;

    /// Issue 21, fourth round: the search's extra candidates for a hill that wins take each
    /// unit as near to it as its two Moves go, whatever the direction of the enemy; the greedy
    /// planner's own candidates (first Moves towards the enemy) end no nearer.
    #[test]
    fn rush_plans_go_nearest_to_the_objective() {
        let mut card = squad("Fast", 3, vec![rifle("Fists", WeaponRange::Close, 2)]);
        card.movement = 2;
        let fast = Arc::new(card);
        let setup = open_game(8, 12, vec![placed(&fast, Side::A, "B2"), placed(&fast, Side::B, "B11")]);
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        let hill: Square = "H6".parse().unwrap();
        let start: Square = "B2".parse().unwrap();
        let rush = GreedyPlayer::new(0).rush_plans(&t.game, hill);
        assert_eq!(rush.len(), 1, "one unit may activate: {rush:?}");
        assert_eq!(rush[0].plan, Plan::Two(Action::Move, Action::Move));
        let end = *rush[0].moves.last().expect("two moves");
        assert!(range(end, hill) + 3 <= range(start, hill), "{start} to {end}, the hill {hill}");
        for p in GreedyPlayer::new(0).activation_plans(&t.game, 8) {
            let to = p.moves.last().copied().unwrap_or(start);
            assert!(range(to, hill) >= range(end, hill), "{p:?} ends nearer than {end}");
        }
    }

    /// The value of reacting with unit 0 (with `skills`) after the enemy's Move, in `edition`.
    fn reaction(edition: Edition, skills: Vec<Skill>) -> f64 {
        let r4 = WeaponRange::Spaces { min: 1, max: 4 };
        let mut mine = squad("Riflemen", 3, vec![rifle("Rifle", r4, 2)]);
        mine.skills = skills;
        let theirs = Arc::new(squad("Enemy", 3, vec![rifle("Rifle", r4, 1)]));
        let mut setup = open_game(6, 10, vec![placed(&Arc::new(mine), Side::A, "C2"), placed(&theirs, Side::B, "C7")]);
        setup.edition = edition;
        let mut t = Table::new(setup);
        t.initiative(Side::B);
        t.decide("activate u1");
        t.decide("plan move attack");
        t.decide("move C6");
        // The rest of the declaration: no line fired, no skill used.
        while let Some(&d) = t.game.legal_decisions().first() {
            match d {
                Decision::Aim { line, .. } => t.decide(&format!("aim {line} none")),
                Decision::Use(o, _) => t.decide(&Decision::Use(o, false).to_string()),
                _ => break,
            }
        }
        let react = Decision::React(Some(UnitId(0)));
        assert!(
            t.game.legal_decisions().contains(&react),
            "{edition:?}: a reaction is offered: {:?}",
            t.game.legal_decisions()
        );
        react_value(&t.game, &react)
    }

    /// tactics-battlefront-2013-rules.txt, "Reactive Attacks": the reacting unit rolls two dice,
    /// whatever classic reactive-fire skill its card (or its joined hero's) has; the greedy
    /// player's chance agrees (docs/rulings.md, "Battlefront skills of a hero and the unit he
    /// joined"). The revised "Superior Reactive Fire" rolls three dice instead of one.
    #[test]
    fn battlefront_reactions_roll_two_dice_whatever_the_skills() {
        let plain = reaction(Edition::Battlefront, Vec::new());
        let superior = reaction(Edition::Battlefront, vec![Skill::SuperiorReactiveFire]);
        assert!(plain > 0.0 && (plain - superior).abs() < 1e-9, "{plain} {superior}");
        let plain = reaction(Edition::Revised, Vec::new());
        let superior = reaction(Edition::Revised, vec![Skill::SuperiorReactiveFire]);
        assert!(superior > plain, "{plain} {superior}");
    }
}
