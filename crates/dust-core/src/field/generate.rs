//! A varied set of legal decisions for search and random play (issue 24, "Decisions in a
//! continuous space": "`legal_decisions` cannot list every point of a table … a generator
//! proposes a varied set of legal decisions (toward cover, toward objectives, toward and away
//! from enemies, templates centred for the most victims), every one of them accepted by
//! `check`"). Every candidate is passed through [`FieldGame::check`] before it is returned.

use super::decision::{Action, Aim, Decision, MiniMove, ReactChoice};
use super::flow::{toward, Phase};
use super::{Class, FieldGame};
use crate::range::WeaponRange;
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;
use dust_geom::table::{Going, MiniKind};

/// Places `n` miniatures around `centre`, facing `facing`: rows of three, `spacing` apart
/// (centre to centre), the first row across the centre — a squad's formation helper.
pub fn formation(centre: Pt, n: usize, spacing: i64, facing: Facing) -> Vec<Pt> {
    (0..n)
        .map(|i| {
            let row = (i / 3) as i64;
            let col = (i % 3) as i64;
            let right = match col {
                0 => 0,
                1 => spacing,
                _ => -spacing,
            };
            centre.add(facing.turn(-row * spacing, right))
        })
        .collect()
}

/// The plans the generator proposes, in this order.
const PLANS: [&[Action]; 12] = [
    &[Action::Move],
    &[Action::Attack],
    &[Action::Nothing],
    &[Action::Move, Action::Attack],
    &[Action::Attack, Action::Move],
    &[Action::March],
    &[Action::Sustained],
    &[Action::Move, Action::Nothing],
    &[Action::Attack, Action::Nothing],
    &[Action::Nothing, Action::Move],
    &[Action::Nothing, Action::Attack],
    &[Action::Nothing, Action::Nothing],
];

/// The plans proposed beside [`PLANS`] when the unit has a special action it may take.
const SPECIAL_PLANS: [&[Action]; 4] = [
    &[Action::Special, Action::Nothing],
    &[Action::Special, Action::Special],
    &[Action::Special, Action::Move],
    &[Action::Special, Action::Attack],
];

fn centroid(pts: &[Pt]) -> Pt {
    let n = pts.len().max(1) as i64;
    Pt::new(pts.iter().map(|p| p.x).sum::<i64>() / n, pts.iter().map(|p| p.y).sum::<i64>() / n)
}

/// The compass facing (a multiple of 45°) nearest to the direction `v`.
fn compass(v: Pt) -> Option<Facing> {
    (0..8).map(|k| Facing::deg(k * 45)).find(|f| f.within(v, 23))
}

impl FieldGame {
    /// A varied set of legal decisions for the pending decision, at most about `limit` (moves
    /// and attacks are cut to it; choices of who goes first, units, plans and reactions are all
    /// listed). Every one is accepted by [`FieldGame::check`]. Empty once the game is over.
    pub fn candidates(&self, limit: usize) -> Vec<Decision> {
        let mut out: Vec<Decision> = match self.phase {
            Phase::Over(_) => return Vec::new(),
            Phase::ChooseFirst(s) => vec![Decision::First(s), Decision::First(s.other())],
            Phase::Activate(s) => {
                let ready: Vec<usize> = (0..self.units.len())
                    .filter(|&u| self.units[u].side == s && !self.units[u].destroyed && !self.units[u].activated)
                    .collect();
                let mut v: Vec<Decision> = ready.iter().copied().map(Decision::Activate).collect();
                // Each hero that may join a unit as it activates (the check filters them below).
                for &u in &ready {
                    for &h in &ready {
                        if h != u && self.class(h) == Class::Hero && (self.class(u) != Class::Hero || self.sidekick_of(h, u)) {
                            v.push(Decision::ActivateWith(u, h));
                        }
                    }
                }
                v.push(Decision::Pass);
                v
            }
            Phase::Plan => {
                let mut v: Vec<Decision> = PLANS
                    .iter()
                    .chain(super::skills::THREE_ACTION_PLANS.iter())
                    .chain(super::skills::FREE_ACTION_PLANS.iter())
                    .map(|p| Decision::Plan(p.to_vec()))
                    .collect();
                if self.acting().is_some_and(|u| self.has_special(u)) {
                    v.extend(SPECIAL_PLANS.iter().map(|p| Decision::Plan(p.to_vec())));
                }
                v
            }
            Phase::Act => match (self.current_action(), self.acting()) {
                (Some(a), Some(u)) if a.moves() => match self.aboard(u) {
                    Some(_) => self.dismount_candidates(u, a == Action::March),
                    None => {
                        let mut v = self.move_candidates(u, a == Action::March, limit);
                        v.extend(self.mount_candidates(u, a == Action::March));
                        v.extend(self.lift_candidates(u));
                        v
                    }
                },
                (Some(Action::Special), Some(u)) => self.special_candidates(u),
                (Some(a), Some(u)) => {
                    let mut v = self.attack_candidates(u, a == Action::Sustained, limit);
                    v.extend(self.smoke_candidates(u));
                    v.extend(self.observe_candidates(u));
                    v.extend(self.declare_candidates());
                    v
                }
                _ => Vec::new(),
            },
            Phase::React => {
                let mut v = vec![Decision::React(None)];
                v.extend(self.reactors().into_iter().map(|r| Decision::React(Some(r))));
                v
            }
            Phase::ReactWith => vec![
                Decision::ReactWith(ReactChoice::Sustained),
                Decision::ReactWith(ReactChoice::TurnThenAttack),
            ],
            Phase::Place => self.place_candidates(limit),
            Phase::Casualties => match self.casualties.front() {
                Some(c) => {
                    let idx: Vec<usize> = (0..self.units[c.unit].models.len())
                        .filter(|&i| c.valid.contains(&self.units[c.unit].models[i]))
                        .collect();
                    let first = idx[..c.count.min(idx.len())].to_vec();
                    let last = idx[idx.len() - c.count.min(idx.len())..].to_vec();
                    let mut v = Vec::new();
                    if let Some((h, per)) = c.hero {
                        // The joined hero (m{n}) takes what he can, then the soldiers; and the
                        // soldiers first, then the hero.
                        let n = self.units[c.unit].models.len();
                        let room = usize::from(self.units[h].health.div_ceil(per.max(1)));
                        let to_hero = c.count.min(room);
                        let mut a = vec![n; to_hero];
                        a.extend(idx.iter().take(c.count - to_hero));
                        v.push(Decision::Casualties(a));
                        let mut b: Vec<usize> = idx.iter().copied().take(c.count).collect();
                        b.extend(std::iter::repeat_n(n, c.count - b.len()));
                        v.push(Decision::Casualties(b));
                    }
                    v.push(Decision::Casualties(first));
                    v.push(Decision::Casualties(last));
                    v
                }
                None => Vec::new(),
            },
        };
        out.dedup();
        // Moves, attacks, special actions and placings were built through the checks themselves
        // (a placing's check asks cover from every enemy: the costliest to ask twice).
        if !matches!(self.phase, Phase::Act | Phase::Place) {
            out.retain(|d| self.check(d).is_ok());
        }
        out
    }

    /// Whether the pending decision places a unit ([`Decision::Place`]: a unit held in ambush,
    /// or one arriving from scattered reserves). Each placing the generator proposes is checked
    /// for cover from every enemy miniature, the costliest candidate there is: a player content
    /// with the first placing found asks for fewer (the placings come in the same order
    /// whatever the limit).
    pub fn places(&self) -> bool {
        matches!(self.phase, Phase::Place)
    }

    /// Keeping the unit in ambush, and placings of it in formation about points of its side's
    /// deployment areas (a grid 30 cm across and 10 cm deep, at most 16 points tried), each
    /// accepted by the check (in the area, 20 cm from and in cover from every enemy); at most
    /// `limit` of them.
    fn place_candidates(&self, limit: usize) -> Vec<Decision> {
        if self.entry.is_some() {
            return self.entry_candidates(limit);
        }
        if let Some(u) = self.acting().filter(|&u| self.is_spy_off_table(u)) {
            return self.spy_candidates(u, limit);
        }
        let mut v = vec![Decision::Place(Vec::new())];
        let Some(u) = self.acting() else { return v };
        let side = self.units[u].side;
        // The unit's miniatures, and the hero held with it after them.
        let n = self.waiting[u].len() + usize::from(self.held_hero(u).is_some());
        let spacing = self.table.units[u].size.0 + 50;
        let facing = self.table.units[u].facing;
        let step = 10 * 100;
        let mut tried = 0;
        for z in self
            .table
            .zones
            .iter()
            .filter(|z| z.kind == dust_geom::table::ZoneKind::Deployment && super::geom_side(z.side) == side)
        {
            let (x0, x1) = (
                z.polygon.iter().map(|p| p.x).min().unwrap_or(0),
                z.polygon.iter().map(|p| p.x).max().unwrap_or(0),
            );
            let (y0, y1) = (
                z.polygon.iter().map(|p| p.y).min().unwrap_or(0),
                z.polygon.iter().map(|p| p.y).max().unwrap_or(0),
            );
            let mut y = y1 - step / 2;
            while y > y0 {
                let mut x = x0 + step / 2;
                while x < x1 {
                    tried += 1;
                    if tried > 16 {
                        return v;
                    }
                    let d = Decision::Place(formation(Pt::new(x, y), n, spacing, facing));
                    if self.check(&d).is_ok() {
                        v.push(d);
                        if v.len() > limit.max(2) {
                            return v;
                        }
                    }
                    x += 3 * step;
                }
                y -= step;
            }
        }
        v
    }

    /// Moves toward the nearest enemy, away from it, toward each objective, into the nearest
    /// terrain that gives cover, the four table directions, a regrouping formation, and staying
    /// put; each tried at the whole allowance, then at a half and a quarter, with straight
    /// paths (the shortest legal path when the straight one toward the enemy is refused).
    fn move_candidates(&self, u: usize, march: bool, limit: usize) -> Vec<Decision> {
        let unit = &self.table.units[u];
        let turns = matches!(unit.kind, MiniKind::Vehicle | MiniKind::Aircraft | MiniKind::SupportWeapon);
        let mut out = vec![Decision::Move {
            minis: Vec::new(),
            facing: None,
        }];
        let reactive = self.reaction.as_ref().and_then(|r| r.against);
        let centres: Vec<Pt> = unit.minis.iter().map(|m| m.body.centre()).collect();
        let here = centroid(&centres);
        let enemy_centre = |t: usize| centroid(&self.table.units[t].minis.iter().map(|m| m.body.centre()).collect::<Vec<_>>());
        let nearest_enemy = (0..self.units.len())
            .filter(|&t| self.units[t].side != self.units[u].side && !self.units[t].destroyed && !self.table.units[t].minis.is_empty())
            .min_by_key(|&t| dust_geom::exact::dist2(here, enemy_centre(t)));
        if let Some(t) = reactive {
            // The reaction's MOVE only turns the model: toward the activating unit.
            if turns {
                let c = enemy_centre(t);
                for k in 0..8 {
                    let f = Facing::deg(k * 45);
                    let d = Decision::Move {
                        minis: Vec::new(),
                        facing: Some(f),
                    };
                    if f.within(c.sub(here), 45) && self.check(&d).is_ok() {
                        out.push(d);
                    }
                }
            }
            return out;
        }
        let allowance = (self.move_units(u) * if march { 2 } else { 1 }) as f64;
        let hero = self.joined_hero(u).filter(|&h| !self.table.units[h].minis.is_empty());
        let mut goals: Vec<Pt> = Vec::new();
        if let Some(t) = nearest_enemy {
            let e = enemy_centre(t);
            goals.push(e);
            goals.push(here.add(here.sub(e)));
        }
        goals.extend(self.table.objectives.iter().map(|o| o.at));
        if let Some(p) = self
            .table
            .terrain
            .iter()
            .filter(|p| p.cover && matches!(p.kind.going(), Going::Difficult | Going::Open | Going::Walled))
            .map(|p| Pt::new((p.bounds.0.x + p.bounds.1.x) / 2, (p.bounds.0.y + p.bounds.1.y) / 2))
            .min_by_key(|&c| dust_geom::exact::dist2(c, here))
        {
            goals.push(p);
        }
        for d in [Pt::new(0, 1), Pt::new(0, -1), Pt::new(1, 0), Pt::new(-1, 0)] {
            goals.push(here.add(Pt::new(d.x * 100_000, d.y * 100_000)));
        }
        let spacing = unit.size.0 + 300;
        let mut tried = 0;
        for (gi, goal) in goals.iter().enumerate() {
            if out.len() >= limit.max(2) || tried > 4 * limit.max(2) {
                break;
            }
            let mut found = false;
            for frac in [0.95, 0.5, 0.25] {
                tried += 1;
                let step = toward(here, *goal, allowance * frac - 2.0);
                if step == Pt::new(0, 0) {
                    break;
                }
                let facing = if turns { compass(step) } else { None };
                let mut minis: Vec<MiniMove> = order_for(&centres, step)
                    .into_iter()
                    .map(|i| MiniMove {
                        mini: i,
                        to: centres[i].add(step),
                        via: Vec::new(),
                    })
                    .collect();
                if let Some(h) = hero {
                    // The joined hero keeps his place in the unit: the same step, last.
                    minis.push(MiniMove {
                        mini: centres.len(),
                        to: self.table.units[h].minis[0].body.centre().add(step),
                        via: Vec::new(),
                    });
                }
                let d = Decision::Move { minis, facing };
                if self.check(&d).is_ok() {
                    out.push(d);
                    found = true;
                    break;
                }
            }
            if !found && gi == 0 && unit.minis.len() == 1 && hero.is_none() {
                // The straight line toward the enemy is refused: the shortest legal path to a
                // point a full move along it.
                let to = here.add(toward(here, *goal, allowance * 0.9));
                let p = dust_geom::path::shortest(&self.table, u, 0, to, allowance as i64, march);
                if p.legal && !p.path.is_empty() {
                    let mut path = p.path.clone();
                    let end = path.pop().unwrap_or(to);
                    if path.first() == Some(&here) {
                        path.remove(0);
                    }
                    let d = Decision::Move {
                        minis: vec![MiniMove {
                            mini: 0,
                            to: end,
                            via: path,
                        }],
                        facing: None,
                    };
                    if self.check(&d).is_ok() {
                        out.push(d);
                    }
                }
            }
        }
        if unit.kind.is_infantry() && unit.minis.len() > 1 {
            // Regroup in formation about the squad's centre (after casualties, or to bunch up).
            let f = self.table.units[u].facing;
            let spots = formation(here, unit.minis.len(), spacing, f);
            let minis: Vec<MiniMove> = (0..unit.minis.len())
                .map(|i| MiniMove {
                    mini: i,
                    to: spots[i],
                    via: Vec::new(),
                })
                .collect();
            let d = Decision::Move { minis, facing: None };
            if self.check(&d).is_ok() {
                out.push(d);
            }
        }
        out
    }

    /// For each enemy unit, every weapon line that can reach it aimed at it (a template centred
    /// on the target miniature that puts the most enemies and fewest friends under it); and
    /// holding fire.
    pub(crate) fn attack_candidates(&self, u: usize, sustained: bool, limit: usize) -> Vec<Decision> {
        if let Some(v) = self.firing_aboard(u) {
            // Passengers fire from their vehicle's sides (carry.rs).
            return self.aboard_attack_candidates(u, v, sustained, limit);
        }
        if let Some(v) = self.rider_attack_candidates(u, sustained, limit) {
            return v;
        }
        self.attack_candidates_here(u, sustained, limit)
    }

    /// [`FieldGame::attack_candidates`] on the table as it stands.
    pub(crate) fn attack_candidates_here(&self, u: usize, sustained: bool, limit: usize) -> Vec<Decision> {
        let mut out = vec![Decision::Attack(Vec::new())];
        let against = self.reaction.as_ref().and_then(|r| r.against);
        let hero = if against.is_none() { self.joined_hero(u) } else { None };
        let lines = self.cards[u].card.weapons.len();
        let targets: Vec<usize> = (0..self.units.len())
            .filter(|&t| self.units[t].side != self.units[u].side && !self.units[t].destroyed && against.is_none_or(|a| a == t))
            .collect();
        let side = self.units[u].side;
        // The farthest any line reaches (a template's radius beyond it): targets beyond it are
        // not planned at all.
        let reach = self.cards[u]
            .card
            .weapons
            .iter()
            .map(|w| match w.range {
                WeaponRange::Spaces { max, .. } => i64::from(max) * dust_geom::measure::RANGE_UNIT,
                WeaponRange::Close => dust_geom::measure::CLOSE,
                WeaponRange::Unlimited | WeaponRange::Artillery => i64::MAX / 4,
            })
            .max()
            .unwrap_or(0)
            .saturating_add(self.table.templates.blast_radius * 2 + self.table.templates.flame_long.length);
        let mine = &self.table.units[u].minis;
        // Every plan below asks lines of sight of the same table: each is answered once.
        let mut sight = super::attack::SightMemo::new();
        for t in targets {
            let near = mine.iter().any(|a| {
                self.table.units[t]
                    .minis
                    .iter()
                    .any(|b| dust_geom::measure::body_gap(&a.body, &b.body).within(reach))
            });
            if !near {
                continue;
            }
            if out.len() > limit.max(2) {
                break;
            }
            for close_kind in [false, true] {
                if close_kind && (against.is_some() || self.class(u) == Class::Aircraft) {
                    continue;
                }
                // Each line alone first (cheap to refuse), then all that can fire together.
                let mut aims: Vec<Aim> = Vec::new();
                for line in 0..lines as u8 {
                    if self.is_close_line(u, line) != close_kind {
                        continue;
                    }
                    let mut aim = Aim { line, target: t, at: None };
                    if self
                        .plan_attack_with(u, std::slice::from_ref(&aim), sustained, against, false, &mut sight)
                        .is_err()
                    {
                        // A template weapon: centred on the target miniature that puts the most
                        // enemies (and fewest friends) under it.
                        let w = &self.cards[u].card.weapons[usize::from(line)];
                        if w.range == WeaponRange::Close {
                            continue;
                        }
                        let mut best: Option<(i64, Pt)> = None;
                        for m in &self.table.units[t].minis {
                            let c = m.body.centre();
                            aim.at = Some(c);
                            if let Ok(g) = self.plan_attack_with(u, std::slice::from_ref(&aim), sustained, against, false, &mut sight) {
                                let score: i64 = g
                                    .iter()
                                    .filter(|g| g.template && g.line == line)
                                    .map(|g| if self.units[g.target].side == side { -2 } else { 1 } * g.valid.len() as i64)
                                    .sum();
                                if best.is_none_or(|(s, _)| score > s) {
                                    best = Some((score, c));
                                }
                            }
                        }
                        match best {
                            Some((s, c)) if s > 0 => aim.at = Some(c),
                            _ => continue,
                        }
                    }
                    aims.push(aim);
                }
                if aims.is_empty() {
                    continue;
                }
                if self.plan_attack_with(u, &aims, sustained, against, false, &mut sight).is_err() {
                    // Soldiers with several weapons fire one: keep the lines that fit together.
                    let mut fit: Vec<Aim> = Vec::new();
                    for a in aims {
                        fit.push(a);
                        if self.plan_attack_with(u, &fit, sustained, against, false, &mut sight).is_err() {
                            fit.pop();
                        }
                    }
                    aims = fit;
                }
                if !aims.is_empty() {
                    if let Some(h) = hero {
                        // "Heroes can use all of their weapons at the same time": the joined
                        // hero's lines of the same kind (numbered after the unit's) at the same
                        // target.
                        let mut joint = aims.clone();
                        for k in 0..self.cards[h].card.weapons.len() as u8 {
                            if self.is_close_line(h, k) != close_kind {
                                continue;
                            }
                            joint.push(Aim {
                                line: lines as u8 + k,
                                target: t,
                                at: None,
                            });
                            if self
                                .plan_joint_attack_with(u, &joint, sustained, against, false, &mut sight)
                                .is_err()
                            {
                                joint.pop();
                            }
                        }
                        if joint.len() > aims.len() {
                            out.push(Decision::Attack(joint));
                        }
                    }
                    out.extend(self.weapon_candidates(u, &aims, sustained, against, &mut sight));
                    out.push(Decision::Attack(aims));
                }
            }
        }
        out
    }
}

/// The order miniatures move in so that none ends on a squad-mate still to move: the ones
/// furthest along the step first.
fn order_for(centres: &[Pt], step: Pt) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..centres.len()).collect();
    idx.sort_by_key(|&i| -(i128::from(centres[i].x) * i128::from(step.x) + i128::from(centres[i].y) * i128::from(step.y)));
    idx
}
