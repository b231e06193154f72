//! AI players: random, heuristic, and a determinized Monte Carlo tree search player that
//! handles the hidden hands and the simultaneous card choice. All are seeded.
//!
//! None of them looks at hidden information: the random and heuristic players read only their
//! own hand and the public state; the search player plays out copies of the game in which the
//! cards it cannot see are dealt again at random ([`Game::determinize`]), so it never learns
//! the other players' hands or their face-down choices.

use crate::deck::{Ability, CardId};
use crate::game::{BattleKind, CountPurpose, CountSubject, Decision, Game, MoveMode, Owner, Pending, PlayerId};
use crate::map::{areas_of, AreaId};
use crate::odds::{battle_odds, policy_hit_land, BattleType, OddsQuery};
use crate::rng::GameRng;
use crate::units::{UnitKind, Units};
use core::fmt;

/// The kinds of AI.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AiKind {
    /// Uniform among the legal decisions.
    Random,
    /// Rules of thumb, one decision at a time.
    Heuristic,
    /// Determinized Monte Carlo search over the heuristic's best candidates (flat: one level).
    Search,
    /// Information-set Monte Carlo tree search ([`crate::mcts`]): `mcts` (the default budget),
    /// `mcts:N` (N iterations per decision) or `mcts:Nms` (N milliseconds per decision).
    Mcts {
        /// Iterations per decision.
        iterations: u32,
        /// Milliseconds per decision (0: no time limit).
        millis: u32,
    },
}

/// Iterations per decision of `mcts` without a budget.
pub const MCTS_DEFAULT_ITERATIONS: u32 = 300;

impl AiKind {
    /// Its name on the command line, without the budget.
    pub const fn name(self) -> &'static str {
        match self {
            AiKind::Random => "random",
            AiKind::Heuristic => "heuristic",
            AiKind::Search => "search",
            AiKind::Mcts { .. } => "mcts",
        }
    }
    /// The kind named `s` (`random`, `heuristic`, `search`, `mcts`, `mcts:400`, `mcts:200ms`).
    pub fn parse(s: &str) -> Option<AiKind> {
        let s = s.trim();
        if let Some(rest) = s.strip_prefix("mcts") {
            let budget = rest.strip_prefix(':');
            return match budget {
                None if rest.is_empty() => Some(AiKind::Mcts {
                    iterations: MCTS_DEFAULT_ITERATIONS,
                    millis: 0,
                }),
                Some(b) => match b.strip_suffix("ms") {
                    Some(ms) => ms.parse().ok().filter(|&m| m > 0).map(|millis| AiKind::Mcts {
                        iterations: 1_000_000,
                        millis,
                    }),
                    None => b
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .map(|iterations| AiKind::Mcts { iterations, millis: 0 }),
                },
                None => None,
            };
        }
        [AiKind::Random, AiKind::Heuristic, AiKind::Search]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

impl fmt::Display for AiKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AiKind::Mcts { millis, .. } if millis > 0 => write!(f, "mcts:{millis}ms"),
            AiKind::Mcts { iterations, .. } if iterations != MCTS_DEFAULT_ITERATIONS => write!(f, "mcts:{iterations}"),
            k => f.write_str(k.name()),
        }
    }
}

/// A player that chooses decisions.
pub trait Player {
    /// One of `game.legal_decisions()` for `me` (the pending player).
    fn choose(&mut self, game: &Game, me: PlayerId) -> Decision;
}

/// An AI of a kind, seeded.
pub fn make(kind: AiKind, seed: u64) -> Box<dyn Player + Send> {
    match kind {
        AiKind::Random => Box::new(RandomAi(GameRng::new(seed))),
        AiKind::Heuristic => Box::new(HeuristicAi(GameRng::new(seed))),
        AiKind::Search => Box::new(SearchAi::new(seed)),
        AiKind::Mcts { iterations, millis } => Box::new(
            crate::mcts::MctsAi::new(seed, iterations)
                .with_budget((millis > 0).then(|| std::time::Duration::from_millis(u64::from(millis)))),
        ),
    }
}

/// Uniform among the legal decisions.
#[derive(Clone, Debug)]
pub struct RandomAi(pub GameRng);

impl Player for RandomAi {
    fn choose(&mut self, game: &Game, _me: PlayerId) -> Decision {
        let l = game.legal_decisions();
        l[self.0.index(l.len())]
    }
}

/// Rules of thumb.
#[derive(Clone, Debug)]
pub struct HeuristicAi(pub GameRng);

impl Player for HeuristicAi {
    fn choose(&mut self, game: &Game, me: PlayerId) -> Decision {
        let l = game.legal_decisions();
        best(game, me, &l, &mut self.0)
    }
}

pub(crate) fn best(game: &Game, me: PlayerId, l: &[Decision], rng: &mut GameRng) -> Decision {
    let mut top = l[0];
    let mut top_s = f64::NEG_INFINITY;
    for &d in l {
        let s = score(game, me, d) + rng.unit() * 1e-3;
        if s > top_s {
            top_s = s;
            top = d;
        }
    }
    top
}

fn enemy_adjacent(game: &Game, me: PlayerId, a: AreaId) -> bool {
    areas_of(game.map().adjacent(a)).any(|b| matches!(game.owner(b), Some(o) if o != Owner::Player(me)))
}

fn area_value(game: &Game, a: AreaId) -> f64 {
    let m = game.map();
    let mut v = 1.0;
    if m.is_power_source(a) {
        v += 3.0;
    }
    if m.is_capital(a) {
        v += 4.0;
    }
    if game.area(a).pc {
        v += 2.5;
    }
    v
}

fn card_value(game: &Game, c: CardId) -> f64 {
    let k = game.card(c);
    f64::from(k.combat) * 1.5 + f64::from(k.movement) + f64::from(k.production) * 0.8 + f64::from(k.stars) * 0.1
}

fn odds_type(game: &Game, from: AreaId, to: AreaId) -> BattleType {
    if !game.map().is_land(to) {
        BattleType::Sea
    } else if game.map().is_adjacent(from, to) {
        BattleType::Land
    } else {
        BattleType::Amphibious
    }
}

/// P(attacker wins) of `att` against the units in `to` (exact odds for small battles, a
/// strength ratio for large ones).
fn win_chance(game: &Game, kind: BattleType, att: Units, to: AreaId) -> f64 {
    let def = game.area(to).units;
    if att.is_empty() {
        return 0.0;
    }
    if att.total() + def.total() > 40 {
        let bonus = if game.map().is_capital(to) {
            5.0
        } else if game.area(to).pc {
            3.0
        } else {
            0.0
        };
        let r = f64::from(att.dice()) / (f64::from(def.dice()) + bonus + 0.5);
        return (r / (1.0 + r)).clamp(0.0, 1.0);
    }
    let mut q = OddsQuery::new(kind, att, def);
    q.capital = game.map().is_capital(to);
    q.production_center = game.area(to).pc;
    battle_odds(&q).map_or(0.0, |o| o.attacker_wins)
}

/// The heuristic's score of a decision (higher is better).
pub fn score(game: &Game, me: PlayerId, d: Decision) -> f64 {
    let map = game.map();
    match d {
        Decision::ChooseCard(c) => {
            if game.round() == 0 {
                let k = game.card(c);
                f64::from(k.combat) * 10.0 + f64::from(k.movement) * 3.0 + f64::from(k.production)
            } else {
                card_value(game, c)
            }
        }
        Decision::ClaimCapital(a) => areas_of(map.adjacent(a)).filter(|&b| map.is_power_source(b)).count() as f64,
        Decision::ClaimArea(a) => {
            let own_near = areas_of(map.adjacent(a))
                .filter(|&b| game.owner(b) == Some(Owner::Player(me)))
                .count() as f64;
            (if map.is_power_source(a) { 10.0 } else { 0.0 }) + own_near
        }
        Decision::PlaceProductionCenter(a) => {
            let mut s = if map.is_capital(a) { 10.0 } else { 0.0 };
            s += areas_of(map.adjacent(a))
                .filter(|&b| game.owner(b) == Some(Owner::Player(me)))
                .count() as f64;
            if map.coastal_mask() & a.bit() != 0 {
                s += 0.5;
            }
            s
        }
        Decision::Buy { kind, pc, .. } => {
            let front = if enemy_adjacent(game, me, pc) { 2.0 } else { 0.0 };
            let k = match kind {
                UnitKind::Mech => 6.0,
                UnitKind::Tank => 5.0,
                UnitKind::Fighter => 4.0,
                UnitKind::Bomber => 3.5,
                UnitKind::Submarine => 2.0,
            };
            // Fill with mechs while points last, then tanks.
            let afford = if kind == UnitKind::Mech && game.points_left() < 7 {
                -2.0
            } else {
                0.0
            };
            10.0 + k + front + afford
        }
        Decision::BuyNeutral { .. } => -5.0,
        Decision::BuyProductionCenter(a) => {
            if game.points_left() >= 14 && !enemy_adjacent(game, me, a) {
                12.0
            } else {
                -1.0
            }
        }
        Decision::Discard(_) => -3.0,
        Decision::BuyCards(n) => {
            let h = game.hand(me).len();
            if h <= 1 && n <= 2 {
                20.0 - f64::from(n)
            } else {
                -2.0
            }
        }
        Decision::Diplomat(p) => 30.0 + f64::from(game.player(p).vp()) * 0.1,
        Decision::MechBuilder(a) => 30.0 + if enemy_adjacent(game, me, a) { 1.0 } else { 0.0 },
        Decision::EndProduction => 0.0,
        Decision::Move { mode, from, to } => {
            let src = game.area(from).units;
            let dest_owner = game.owner(to);
            let mut s = -1.0;
            if dest_owner.is_none() {
                s += area_value(game, to) + 1.0;
            }
            if enemy_adjacent(game, me, to) && !enemy_adjacent(game, me, from) {
                s += 2.0 + f64::from(src.dice()) * 0.2;
            }
            if mode == MoveMode::Bomber {
                s -= 0.5;
            }
            // Do not leave valuable areas without units that cannot be moved back.
            if area_value(game, from) > 2.0 && src.total() <= 1 {
                s -= 5.0;
            }
            s
        }
        Decision::Attack { from, to } => {
            let kind = odds_type(game, from, to);
            let att = if kind == BattleType::Sea {
                game.area(from).units.sea()
            } else {
                game.area(from).units.land_air()
            };
            let p = win_chance(game, kind, att, to);
            if p < 0.55 {
                -2.0
            } else {
                p * (5.0 + 2.0 * area_value(game, to))
            }
        }
        Decision::BomberStrike { to, .. } => 3.0 + f64::from(game.area(to).units.total()) * 0.5,
        Decision::SubmarineStrike { to, .. } => 2.0 + f64::from(game.area(to).units.total()) * 0.3,
        Decision::Missile(a) => f64::from(game.area(a).units.cost()) * 0.4 + area_value(game, a) * 0.3,
        Decision::MechDrop(a) => {
            let mechs: u32 = areas_of(game.map().land_mask())
                .filter(|&b| game.owner(b) == Some(Owner::Player(me)))
                .map(|b| u32::from(game.area(b).units.get(UnitKind::Mech)))
                .sum();
            let p = win_chance(game, BattleType::Land, Units::of(UnitKind::Mech, mechs.min(255) as u8), a);
            if p < 0.7 {
                -3.0
            } else {
                p * (5.0 + 2.0 * area_value(game, a))
            }
        }
        Decision::EndTurn => 0.0,
        Decision::Count(n) => count_score(game, me, n),
        Decision::Use(a) => match a {
            Ability::Nurse | Ability::AceOfTheSky | Ability::SecretWeapon | Ability::Koshka => 5.0,
            Ability::Sigrid => 5.0,
            Ability::RaketenTruppen => match game.roll_question() {
                // Reroll only a roll below the average.
                Some((dice, hits)) if f64::from(hits) < f64::from(dice) / 3.0 => 5.0,
                _ => -1.0,
            },
            Ability::AlienRadar => match game.battle_view() {
                Some((att, _, to, a_units, d_units)) => {
                    let mine_att = att == me;
                    let (ours, theirs) = if mine_att { (a_units, d_units) } else { (d_units, a_units) };
                    let _ = to;
                    if f64::from(ours.dice()) * 1.5 < f64::from(theirs.dice()) {
                        4.0
                    } else {
                        -4.0
                    }
                }
                None => -1.0,
            },
            _ => 1.0,
        },
        Decision::Pass => 0.0,
        Decision::Roll => 1.0,
        Decision::Retreat => match game.battle_view() {
            Some((att, _, _, a_units, d_units)) => {
                let (ours, theirs) = if att == me { (a_units, d_units) } else { (d_units, a_units) };
                if f64::from(ours.dice()) * 2.5 < f64::from(theirs.dice()) {
                    2.0
                } else {
                    0.0
                }
            }
            None => 0.0,
        },
        Decision::HitLand(k) => match game.casualty_question() {
            // Follow the stated casualty policy of the odds (most dice first).
            Some((victim, h)) => -(f64::from(k) - f64::from(policy_hit_land(victim, h))).abs(),
            None => 0.0,
        },
        Decision::RetreatTo(a) => f64::from(game.area(a).units.total()) * 0.1 + area_value(game, a) * 0.1,
        Decision::Destroy(k) => f64::from(k.cost()),
    }
}

fn count_score(game: &Game, me: PlayerId, n: u8) -> f64 {
    let Some((subj, lo, hi)) = game.count_question() else { return 0.0 };
    let n = f64::from(n);
    match game.count_purpose() {
        Some(CountPurpose::Retreat) => -n,
        Some(CountPurpose::Move { from, .. }) => {
            // Move everything, but keep one unit in a valuable area.
            let keep = area_value(game, from) > 2.0 || enemy_adjacent(game, me, from);
            let target = if keep && matches!(subj, CountSubject::Kind(UnitKind::Tank)) {
                f64::from(hi.saturating_sub(1).max(lo))
            } else {
                f64::from(hi)
            };
            -(n - target).abs()
        }
        Some(CountPurpose::Attack { from, .. }) => {
            let keep = area_value(game, from) > 2.0 && matches!(subj, CountSubject::Kind(UnitKind::Tank));
            let target = if keep && hi > 1 { f64::from(hi - 1) } else { f64::from(hi) };
            -(n - target).abs()
        }
        _ => n,
    }
}

/// Determinized Monte Carlo search: for each candidate (the heuristic's best few), play out
/// determinized copies of the game to the end of the round with heuristic players, choosing
/// candidates by UCB1, and take the most visited one.
#[derive(Clone, Debug)]
pub struct SearchAi {
    rng: GameRng,
    /// Playouts per decision.
    pub iterations: u32,
    /// Candidates kept from the heuristic's ranking.
    pub width: usize,
}

impl SearchAi {
    /// A search player with 48 playouts per decision and 5 candidates.
    pub fn new(seed: u64) -> SearchAi {
        SearchAi {
            rng: GameRng::new(seed),
            iterations: 48,
            width: 5,
        }
    }
}

/// How good the state is for `me`: victory points, plus what he holds and his army.
pub fn evaluate(game: &Game, me: PlayerId) -> f64 {
    let value = |p: PlayerId| {
        let h = game.holdings(p);
        let army: u32 = game
            .areas()
            .iter()
            .filter(|a| a.owner == Some(Owner::Player(p)))
            .map(|a| a.units.cost())
            .sum();
        f64::from(game.player(p).vp())
            + 1.5 * f64::from(h.capitals + h.power_sources)
            + 0.5 * f64::from(h.production_centers)
            + 0.03 * f64::from(army)
            + 0.05 * f64::from(h.land + h.sea)
    };
    if game.is_over() {
        if game.winners().contains(&me) {
            return 1000.0 / game.winners().len() as f64;
        }
        return -1000.0;
    }
    let mine = value(me);
    let best_other = (0..game.players() as u8)
        .filter(|&p| p != me.0)
        .map(|p| value(PlayerId(p)))
        .fold(f64::NEG_INFINITY, f64::max);
    mine - best_other
}

impl Player for SearchAi {
    fn choose(&mut self, game: &Game, me: PlayerId) -> Decision {
        let l = game.legal_decisions();
        if l.len() == 1 {
            return l[0];
        }
        // Search the decisions that shape the round; the small steps follow the heuristic.
        let strategic = l.iter().any(|d| {
            matches!(
                d,
                Decision::ChooseCard(_) | Decision::EndTurn | Decision::EndProduction | Decision::ClaimArea(_) | Decision::ClaimCapital(_)
            )
        });
        if !strategic {
            return best(game, me, &l, &mut self.rng);
        }
        let mut ranked: Vec<(f64, Decision)> = l.iter().map(|&d| (score(game, me, d), d)).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut cands: Vec<Decision> = ranked.iter().take(self.width).map(|&(_, d)| d).collect();
        for d in [Decision::EndTurn, Decision::EndProduction] {
            if l.contains(&d) && !cands.contains(&d) {
                cands.push(d);
            }
        }
        let mut visits = vec![0u32; cands.len()];
        let mut total = vec![0.0f64; cands.len()];
        let round = game.round();
        for it in 0..self.iterations {
            let i = if (it as usize) < cands.len() {
                it as usize
            } else {
                let ln = f64::from(it).ln();
                (0..cands.len())
                    .max_by(|&a, &b| {
                        let ua = total[a] / f64::from(visits[a]) + 8.0 * (ln / f64::from(visits[a])).sqrt();
                        let ub = total[b] / f64::from(visits[b]) + 8.0 * (ln / f64::from(visits[b])).sqrt();
                        ua.total_cmp(&ub)
                    })
                    .unwrap_or(0)
            };
            let mut g = game.determinize(me, &mut self.rng);
            g.apply_unchecked(cands[i]);
            let mut chance = GameRng::new(self.rng.next_u64());
            let mut pol = HeuristicAi(GameRng::new(self.rng.next_u64()));
            let mut steps = 0;
            // Play to the end of the next round's victory point phase.
            while !g.is_over() && g.round() <= round.max(1) && steps < 3000 {
                steps += 1;
                match g.pending() {
                    Pending::Chance(_) => {
                        g.resolve_chance(&mut chance);
                    }
                    Pending::Decision(p) => {
                        let d = pol.choose(&g, p);
                        g.apply_unchecked(d);
                    }
                    Pending::GameOver => break,
                }
            }
            g.take_events();
            visits[i] += 1;
            total[i] += evaluate(&g, me);
        }
        let bi = (0..cands.len())
            .max_by_key(|&i| (visits[i], (total[i] / f64::from(visits[i].max(1)) * 1000.0) as i64))
            .unwrap_or(0);
        cands[bi]
    }
}

/// Is this battle kind one where the attacker can retreat?
pub fn attacker_may_retreat(kind: BattleKind) -> bool {
    matches!(kind, BattleKind::Land | BattleKind::Sea)
}
