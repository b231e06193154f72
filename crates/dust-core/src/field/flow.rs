//! The turn of a Battlefield game (tactics-battlefield-summary.md, "ROLL FOR INITIATIVE",
//! "MOVE & MARCH MOVE ACTIONS", "SUPPRESSION", "REACTIVE ATTACKS", "END OF THE GAME"): the
//! phases, the one `check` that decides legality and `apply`.

use super::decision::{Action, Decision, MiniMove, ReactChoice};
use super::{Event, FieldGame, Pending, Purpose, Refusal};
use crate::dice::Symbols;
use crate::rules_shared::{self, ReactiveOutcome};
use crate::unit::Skill;
use crate::Side;
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;
use dust_geom::measure::{body_gap, body_within, incoherent, COHERENCY, OBJECTIVE_RANGE, RANGE_UNIT};
use dust_geom::table::{Body, MiniKind, Table, TerrainKind};

/// What the game waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// The initiative winner chooses who goes first.
    ChooseFirst(Side),
    /// The side activates a unit or passes.
    Activate(Side),
    /// The activated unit's plan.
    Plan,
    /// The acting unit's Move or Attack.
    Act,
    /// The other side may declare a reactive attack.
    React,
    /// The reacting unit rolled two army symbols: Sustained Attack, or a turn and an Attack.
    ReactWith,
    /// A squad's owner chooses casualties.
    Casualties,
    /// A unit held in ambush activates: placed, or kept in ambush.
    Place,
    /// The game is over.
    Over(Option<Side>),
}

/// What a checked Move leaves: the unit's miniatures, its facing, whether it enters terrain or
/// crosses wire, the joined hero's miniature, and the minefields it moves into, through or out
/// of.
pub(crate) type MoveOutcome = (
    Vec<dust_geom::table::Mini>,
    Facing,
    bool,
    bool,
    Option<dust_geom::table::Mini>,
    Vec<usize>,
);

/// An activation under way (or a reaction: `against` the unit it answers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Activation {
    pub unit: usize,
    pub plan: Vec<Action>,
    /// The action being performed (an index into `plan`).
    pub next: usize,
    /// The reaction window was offered (or cannot be).
    pub window_done: bool,
    /// Stuck in terrain or halted by wire: no more moving this activation.
    pub stuck: bool,
    /// The rest of a March Move interrupted by a reaction: each miniature's remaining path.
    pub march_rest: Option<Vec<(usize, u8, Vec<Pt>)>>,
    /// A reaction: the unit it answers.
    pub against: Option<usize>,
    /// The first action must be NOTHING (still suppressed).
    pub must_rest: bool,
    /// The hero that joined the unit for this activation.
    pub hero: Option<usize>,
    /// Moving on from reserve: the first action must be a MOVE or MARCH MOVE.
    pub entering: bool,
    /// The actions it performs (2; a unit placed from ambush: one for each ☒ or ☑ rolled; an
    /// Infantry Ace: 3 on his roll).
    pub actions: u8,
    /// The minefields a March Move interrupted by a reaction crossed: they attack when it ends.
    pub mines: Vec<usize>,
    /// The step of the plan a skill makes free (Charge, At the Double, Move and Fire).
    pub free: Option<usize>,
    /// Its last ATTACK fired a ranged weapon (Move and Fire).
    pub fired_ranged: bool,
    /// A Mindless Zombie unit led by a Blutkreuz hero for this activation.
    pub led: bool,
    /// The Stimulants token the unit removed as it activated (command.rs).
    pub stim: Option<super::Stimulant>,
}

impl Activation {
    fn new(unit: usize) -> Activation {
        Activation {
            unit,
            plan: Vec::new(),
            next: 0,
            window_done: false,
            stuck: false,
            march_rest: None,
            against: None,
            must_rest: false,
            hero: None,
            entering: false,
            actions: 2,
            mines: Vec::new(),
            free: None,
            fired_ranged: false,
            led: false,
            stim: None,
        }
    }
}

/// The point `d` units along the path from `start` (rounded to the unit; IEEE-exact lengths).
fn point_along(start: Pt, path: &[Pt], d: f64) -> (Pt, Vec<Pt>) {
    let mut prev = start;
    let mut left = d;
    for (i, &p) in path.iter().enumerate() {
        let len = (dust_geom::exact::dist2(prev, p) as f64).sqrt();
        if len >= left {
            if len == 0.0 {
                return (p, path[i + 1..].to_vec());
            }
            let f = left / len;
            let q = Pt::new(
                prev.x + ((p.x - prev.x) as f64 * f).round() as i64,
                prev.y + ((p.y - prev.y) as f64 * f).round() as i64,
            );
            return (q, path[i..].to_vec());
        }
        left -= len;
        prev = p;
    }
    (prev, Vec::new())
}

impl FieldGame {
    /// Whose decision the game waits for, or its end.
    pub fn pending(&self) -> Pending {
        match self.phase {
            Phase::Over(w) => Pending::Over(w),
            Phase::ChooseFirst(s) | Phase::Activate(s) => Pending::Decision(s),
            Phase::Plan | Phase::Act | Phase::Place => Pending::Decision(self.units[self.acting().unwrap_or(0)].side),
            Phase::React => Pending::Decision(self.units[self.act.as_ref().map_or(0, |a| a.unit)].side.other()),
            Phase::ReactWith => Pending::Decision(self.units[self.reaction.as_ref().map_or(0, |a| a.unit)].side),
            Phase::Casualties => Pending::Decision(
                self.casualties
                    .front()
                    .map_or(self.units[0].side, |c| c.by.unwrap_or(self.units[c.unit].side)),
            ),
        }
    }

    /// What the pending decision is about, in words (for interfaces and refusals).
    pub fn asks(&self) -> &'static str {
        match self.phase {
            Phase::ChooseFirst(_) => "who goes first (first a, first b)",
            Phase::Activate(_) => "a unit to activate (activate U, or activate U with H for hero H joining it), or pass",
            Phase::Plan => "the activation's actions (plan …)",
            Phase::Act => match self.current_action() {
                Some(a) if a.moves() => "where the unit moves (move …)",
                Some(Action::Special) => {
                    "the special action (special engineer PIECE | get-moving U | get-up U | repair U | medevac U | launch-smoke | dozer | reload | ammo-drop U | stimulants U attack|move | reinforce U | replace-vehicle U | camouflage | resurrect U | none)"
                }
                _ => "the attack's targets (attack …), smoke shells from an artillery weapon (smoke LINE@X,Y), or an Artillery Observer's call (observe U …)",
            },
            Phase::React => "a reactive attack (react U, react none)",
            Phase::ReactWith => "what the reaction does (react-with sustained | turn-attack)",
            Phase::Casualties => "the miniatures lost (casualties …)",
            Phase::Place if self.entry.is_some() => {
                "where the unit arriving from scattered reserves stands at its stretch of table edge (place X,Y …)"
            }
            Phase::Place if self.acting().is_some_and(|u| self.is_spy_off_table(u)) => {
                "where the spy is placed if his 2 dice roll ☒ or ☑ (place X,Y, within 10 cm of an enemy unit), or place none not to roll"
            }
            Phase::Place => "where the unit held in ambush is placed (place X,Y …), or place none to keep it in ambush",
            Phase::Over(_) => "nothing: the game is over",
        }
    }

    pub(crate) fn cur(&self) -> Option<&Activation> {
        self.reaction.as_ref().or(self.act.as_ref())
    }
    pub(super) fn cur_mut(&mut self) -> Option<&mut Activation> {
        self.reaction.as_mut().or(self.act.as_mut())
    }
    /// The action the acting unit performs now.
    pub fn current_action(&self) -> Option<Action> {
        self.cur().and_then(|a| a.plan.get(a.next).copied())
    }

    // ----- Turn ------------------------------------------------------------------------------

    /// "Roll for initiative at the start of each turn. Each player rolls 3 dice" (4 with a Black
    /// Ops hero); the most army symbols, then the most targets, win; a further tie re-rolls
    /// ([`rules_shared::initiative_winner`]).
    pub(crate) fn begin_turn(&mut self) {
        self.turn += 1;
        self.log(Event::TurnBegan(self.turn));
        for u in &mut self.units {
            u.activated = false;
        }
        loop {
            let dice = |s: Side| {
                3 + u16::from(
                    self.units
                        .iter()
                        .zip(self.cards.iter())
                        .any(|(u, c)| u.side == s && !u.destroyed && c.card.kind == crate::UnitKind::Hero && c.card.has(Skill::BlackOps)),
                )
            };
            let (na, nb) = (dice(Side::A), dice(Side::B));
            let a = self.roll_sym(na, Symbols::ARMY, Purpose::Initiative(Side::A));
            let b = self.roll_sym(nb, Symbols::ARMY, Purpose::Initiative(Side::B));
            let (ta, tb) = if a == b {
                let r = |g: &mut Self, n: u16, s: Side| match g.dice.roll_among(n, Symbols::ARMY, Symbols::TARGET) {
                    Some(roll) => {
                        let k = roll.sample(&mut g.rng);
                        g.log(Event::Rolled {
                            purpose: Purpose::InitiativeTargets(s),
                            dice: n,
                            successes: k,
                        });
                        k
                    }
                    None => 0,
                };
                (r(self, na - a, Side::A), r(self, nb - b, Side::B))
            } else {
                (0, 0)
            };
            if let Some(w) = rules_shared::initiative_winner((a, b), (ta, tb)) {
                self.log(Event::InitiativeWon(w));
                self.phase = Phase::ChooseFirst(w);
                return;
            }
        }
    }

    pub(crate) fn roll_sym(&mut self, n: u16, s: Symbols, purpose: Purpose) -> u16 {
        let k = self.dice.roll(n, s).sample(&mut self.rng);
        self.log(Event::Rolled {
            purpose,
            dice: n,
            successes: k,
        });
        k
    }

    /// The next activation: "Players alternate activating their units. If a player has
    /// activated all of their units and the other player still has units to activate, the
    /// other player continues"; when all have, the turn ends.
    fn next_activation(&mut self) {
        let s = self.next;
        if self.left_to_activate(s) == 0 {
            if self.left_to_activate(s.other()) == 0 {
                self.end_turn();
                return;
            }
            self.next = s.other();
        }
        self.phase = Phase::Activate(self.next);
    }

    /// Who holds objective `at`: "a miniature within range 1 (10cm/4") of the objective
    /// (provided it did not take a MARCH MOVE action as its last action), and not having any
    /// enemy miniatures within range 1 of it. Aircraft cannot take or prevent the enemy from
    /// taking an objective."
    pub fn objective_holder(&self, at: Pt) -> Option<Side> {
        let mut near = [false, false];
        let mut takes = [false, false];
        for (i, (u, s)) in self.table.units.iter().zip(&self.units).enumerate() {
            if s.destroyed || u.kind == MiniKind::Aircraft {
                continue;
            }
            if u.minis.iter().any(|m| body_within(&m.body, at, OBJECTIVE_RANGE)) {
                near[s.side.index()] = true;
                takes[s.side.index()] |= !s.last_march && self.takes_objectives(i);
            }
        }
        Side::ALL.into_iter().find(|s| takes[s.index()] && !near[s.other().index()])
    }

    /// "The game ends at the end of a turn when: all of one player's units on the board are
    /// eliminated, one of the players achieves his scenario objective, or the scenario reaches
    /// its turn limit." The scenario objective of the project's tables is to hold every
    /// objective at the end of a turn after the first (docs/rulings.md, "Battlefield: the
    /// objective of the project's tables").
    fn end_turn(&mut self) {
        self.clear_smoke();
        let mut held = crate::BySide { a: 0u8, b: 0u8 };
        let objectives: Vec<(String, Pt)> = self.table.objectives.iter().map(|o| (o.name.clone(), o.at)).collect();
        for (name, at) in &objectives {
            if let Some(s) = self.objective_holder(*at) {
                held[s] += 1;
                self.log(Event::Holds(s, name.clone()));
            }
        }
        self.held = held;
        let alive = |s: Side| self.units.iter().any(|u| u.side == s && !u.destroyed);
        let (a, b) = (alive(Side::A), alive(Side::B));
        let n = objectives.len() as u8;
        let winner = if !a || !b {
            Some(if a {
                Some(Side::A)
            } else if b {
                Some(Side::B)
            } else {
                None
            })
        } else if n > 0 && self.turn > 1 && held.a == n {
            Some(Some(Side::A))
        } else if n > 0 && self.turn > 1 && held.b == n {
            Some(Some(Side::B))
        } else if self.turn >= self.turns {
            // "both sides total the APs of the units they eliminated …, and the player who
            // destroyed the most APs wins."
            let d = self.destroyed_ap;
            Some(match d.a.cmp(&d.b) {
                core::cmp::Ordering::Greater => Some(Side::A),
                core::cmp::Ordering::Less => Some(Side::B),
                core::cmp::Ordering::Equal => None,
            })
        } else {
            None
        };
        match winner {
            Some(w) => {
                self.log(Event::Ended(w));
                self.phase = Phase::Over(w);
            }
            None => self.begin_turn(),
        }
    }

    // ----- Legality ------------------------------------------------------------------------------

    /// Whether `d` may be played now; if not, why, in words. The one place that decides
    /// legality: `apply` asks it, the generator's decisions pass it, the AI and the interfaces
    /// ask it.
    ///
    /// # Errors
    /// The [`Refusal`]: what is wrong and what would do.
    pub fn check(&self, d: &Decision) -> Result<(), Refusal> {
        let wrong = || Refusal::new(format!("`{d}` is not the decision now: the game asks for {}", self.asks()));
        let name = |u: usize| self.table.units.get(u).map_or_else(|| format!("unit {u}"), |x| x.name.clone());
        match (self.phase, d) {
            (Phase::ChooseFirst(_), Decision::First(_)) => Ok(()),
            (Phase::Activate(s), Decision::Pass) => {
                if rules_shared::may_pass(self.left_to_activate(s), self.left_to_activate(s.other())) {
                    Ok(())
                } else {
                    Err(Refusal::new(format!(
                        "side {s} may not pass: it has {} units to activate and the other side {}; a player may pass only with fewer",
                        self.left_to_activate(s),
                        self.left_to_activate(s.other())
                    )))
                }
            }
            (Phase::Activate(s), Decision::Activate(u)) => {
                let x = self.units.get(*u).ok_or_else(|| Refusal::new(format!("there is no unit {u}")))?;
                if x.side != s {
                    Err(Refusal::new(format!("{} is not side {s}'s unit", name(*u))))
                } else if x.destroyed {
                    Err(Refusal::new(format!("{} is eliminated", name(*u))))
                } else if x.activated {
                    Err(Refusal::new(format!("{} has already activated this turn", name(*u))))
                } else {
                    self.check_pilot_alone(*u)
                }
            }
            (Phase::Activate(s), Decision::ActivateWith(u, h)) => {
                self.check(&Decision::Activate(*u))?;
                self.check_join(s, *u, *h)
            }
            (Phase::Plan, Decision::Plan(p)) => self.check_plan(p),
            (Phase::Act, Decision::Move { minis, facing }) => match self.current_action() {
                Some(a) if a.moves() => {
                    self.refuse_move_aboard(self.acting().unwrap_or(0), minis, *facing)?;
                    self.check_move(minis, *facing, a == Action::March).map(|_| ())
                }
                _ => Err(wrong()),
            },
            (Phase::Act, Decision::Smoke { line, at }) => self.check_smoke(*line, *at),
            (Phase::Act, Decision::Observe { unit, aims }) => self.check_observe(*unit, aims),
            (Phase::Act, Decision::Declare(s)) => self.check_declare(*s),
            (Phase::Act, Decision::Special(sp)) => match self.current_action() {
                Some(Action::Special) => self.check_special(*sp),
                _ => Err(wrong()),
            },
            (Phase::Act, Decision::Attack(aims)) => match (self.current_action(), self.cur()) {
                (Some(a), Some(c)) if a.attacks() => {
                    if aims.is_empty() {
                        return Ok(());
                    }
                    self.plan_joint_attack(c.unit, aims, a == Action::Sustained, c.against, false)
                        .map(|_| ())
                }
                _ => Err(wrong()),
            },
            (Phase::React, Decision::React(None)) => Ok(()),
            (Phase::React, Decision::React(Some(r))) => {
                if self.reactors().contains(r) {
                    Ok(())
                } else {
                    Err(Refusal::new(format!(
                        "{} cannot react: a reactive attack needs a unit of the other side not yet activated, not an aircraft, within range 4 (40 cm) of {}",
                        name(*r),
                        self.act.as_ref().map_or_else(String::new, |a| name(a.unit))
                    )))
                }
            }
            (Phase::ReactWith, Decision::ReactWith(_)) => Ok(()),
            (Phase::Place, Decision::Place(v)) => self.check_place(v),
            (Phase::Act, Decision::Mount { vehicle, minis }) => match self.current_action() {
                Some(a) if a.moves() => self.check_mount(*vehicle, minis, a == Action::March).map(|_| ()),
                _ => Err(wrong()),
            },
            (Phase::Act, Decision::Lift(v)) => self.check_lift(*v),
            (Phase::Act, Decision::Dismount(pts)) => match self.current_action() {
                Some(a) if a.moves() => self.check_dismount(pts, a == Action::March),
                _ => Err(wrong()),
            },
            (Phase::Casualties, Decision::Casualties(v)) => {
                let c = self.casualties.front().ok_or_else(wrong)?;
                let models = &self.units[c.unit].models;
                let mut seen = Vec::new();
                let mut to_hero = 0;
                for &m in v {
                    if let (Some((h, per)), true) = (c.hero, m == models.len()) {
                        // The joined hero, named after the squad's miniatures (docs/rulings.md,
                        // "Battlefield: hits on a unit with a joined hero").
                        to_hero += 1;
                        let left = self.units[h].health;
                        if to_hero > usize::from(left.div_ceil(per.max(1))) {
                            return Err(Refusal::new(format!(
                                "m{m} is {}, who has {left} damage points left: {} hits of {per} are more than he can take",
                                name(h),
                                to_hero
                            )));
                        }
                        continue;
                    }
                    let model = *models
                        .get(m)
                        .ok_or_else(|| Refusal::new(format!("{} has no miniature m{m}", name(c.unit))))?;
                    if !c.valid.contains(&model) {
                        return Err(Refusal::new(format!(
                            "m{m} of {} cannot take these hits: it is not in the weapon's field of fire, range and line of sight (or under the template)",
                            name(c.unit)
                        )));
                    }
                    if seen.contains(&m) {
                        return Err(Refusal::new(format!("m{m} is named twice")));
                    }
                    seen.push(m);
                }
                if v.len() != c.count {
                    return Err(Refusal::new(format!(
                        "{} loses {} miniatures: name {} (you named {})",
                        name(c.unit),
                        c.count,
                        c.count,
                        v.len()
                    )));
                }
                Ok(())
            }
            _ => Err(wrong()),
        }
    }

    /// Whether hero `h` of side `s` may join unit `u` as it activates (tactics-battlefield-
    /// summary.md, "HEROES"): "A hero can join an infantry squad or support weapon that has the
    /// same Armour rating by being within 15cm of every miniature in the unit (and in LOS to at
    /// least one). One (and only one) hero that has not yet activated may join a unit".
    fn check_join(&self, s: Side, u: usize, h: usize) -> Result<(), Refusal> {
        let name = |x: usize| self.table.units.get(x).map_or_else(|| format!("unit {x}"), |t| t.name.clone());
        let x = self.units.get(h).ok_or_else(|| Refusal::new(format!("there is no unit {h}")))?;
        if x.side != s {
            return Err(Refusal::new(format!("{} is not side {s}'s hero", name(h))));
        }
        if self.class(h) != super::Class::Hero {
            return Err(Refusal::new(format!("{} is not a hero: only a hero joins a unit", name(h))));
        }
        // A sidekick joins the superhuman his card names (tactics-battlefield-summary.md,
        // "HEROES"; the rest of the rules for heroes stand: docs/rulings.md, "Battlefield:
        // sidekicks").
        let sidekick = self.sidekick_of(h, u);
        if let Some(r) = self.join_refusal(u, h) {
            return Err(r);
        }
        if self.cards[h].bf.has(crate::unit::BattlefrontSkill::Superhuman) {
            return Err(Refusal::new(format!(
                "{} is a superhuman: \"Superhumans are heroes, but can never join a unit\"",
                name(h)
            )));
        }
        if x.destroyed {
            return Err(Refusal::new(format!("{} is eliminated", name(h))));
        }
        if x.activated {
            return Err(Refusal::new(format!(
                "{} has already activated this turn: only a hero that has not yet activated may join a unit",
                name(h)
            )));
        }
        if !sidekick && !matches!(self.class(u), super::Class::Squad | super::Class::SupportWeapon) {
            return Err(Refusal::new(format!(
                "{} is not an infantry squad or support weapon: a hero joins only those",
                name(u)
            )));
        }
        if !sidekick && self.armor(u) != self.armor(h) {
            return Err(Refusal::new(format!(
                "{} and {} have different Armour ratings: a hero joins a unit of the same Armour",
                name(h),
                name(u)
            )));
        }
        if let Some(r) = self.spy_join_refusal(h) {
            return Err(r);
        }
        let (off_u, off_h) = (self.units[u].in_reserve, x.in_reserve);
        if self.ambush[u] != self.ambush[h] {
            // "You may hold a hero that can join or pilot the unit in ambush with it": both held,
            // or neither.
            return Err(Refusal::new(format!(
                "{} is held in ambush and {} is not: a hero joins a unit held in ambush only when he is held with it",
                name(if self.ambush[u] { u } else { h }),
                name(if self.ambush[u] { h } else { u })
            )));
        }
        if off_u || off_h {
            // "A hero that is not yet on the board can join an infantry unit that is not on the
            // board and both then activate together, entering the game at the same time."
            if off_u != off_h {
                return Err(Refusal::new(format!(
                    "{} is not on the board and {} is: a hero joins a unit not on the board only when he is not on the board either",
                    name(if off_u { u } else { h }),
                    name(if off_u { h } else { u })
                )));
            }
            return Ok(());
        }
        if !dust_geom::placement::hero_can_join(&self.table, h, u) {
            return Err(Refusal::new(format!(
                "{} is not within 15 cm of every miniature of {} (and in line of sight to one): move the hero closer first",
                name(h),
                name(u)
            )));
        }
        Ok(())
    }

    /// The hero that joined unit `u` for the activation under way, if any.
    pub fn joined_hero(&self, u: usize) -> Option<usize> {
        self.act.as_ref().filter(|a| a.unit == u).and_then(|a| a.hero)
    }

    /// "An activated unit performs 2 actions"; "must take a MARCH MOVE action instead of 2 MOVE
    /// actions, or a SUSTAINED ATTACK action instead of 2 ATTACK actions"; "a unit can never
    /// perform more than 3 actions"; aircraft move first; a suppressed unit rests first and
    /// cannot fight.
    fn check_plan(&self, p: &[Action]) -> Result<(), Refusal> {
        let Some(a) = &self.act else {
            return Err(Refusal::new("no unit is activating"));
        };
        let u = a.unit;
        let total: u8 = p.iter().map(|x| x.cost()).sum();
        if total > 3 {
            return Err(Refusal::new(format!(
                "{total} actions: a unit can never perform more than 3 actions during an activation"
            )));
        }
        // "SCOUT": a MARCH MOVE as the first action of the game "counts as a single action".
        let total = total - u8::from(self.scout_march(u, p));
        let free = self.extra_step(a, p);
        if total != a.actions && free.is_none() {
            return Err(Refusal::new(format!(
                "{total} action{}: the unit performs {} (an activated unit performs 2 actions, NOTHING fills a turn it does not use; a unit placed from ambush one for each ☒ or ☑ rolled)",
                if total == 1 { "" } else { "s" },
                a.actions
            )));
        }
        let counted = |x: Action| p.iter().enumerate().filter(|(i, y)| **y == x && free != Some(*i)).count();
        if counted(Action::Move) > 1 {
            return Err(Refusal::new("two MOVE actions: take a MARCH MOVE instead"));
        }
        if counted(Action::Attack) > 1 {
            return Err(Refusal::new("two ATTACK actions: take a SUSTAINED ATTACK instead"));
        }
        self.check_carried_plan(u, p)?;
        if self.waits_off(p) {
            return Ok(());
        }
        if a.entering && !p.first().is_some_and(|x| x.moves()) {
            return Err(Refusal::new(
                "the unit moves on from reserve: its first action must be a MOVE or MARCH MOVE action as it enters the table",
            ));
        }
        if self.meeting && self.turn == 1 {
            // "Meeting Engagement": "they may not take a SUSTAINED ATTACK action in the first
            // turn"; "Aircraft cannot take ATTACK or SUSTAINED ATTACK actions in the first turn."
            if self.is_aircraft(u) && p.iter().any(|x| x.attacks()) {
                return Err(Refusal::new(
                    "a meeting engagement: aircraft cannot take ATTACK or SUSTAINED ATTACK actions in the first turn",
                ));
            }
            if p.contains(&Action::Sustained) {
                return Err(Refusal::new(
                    "a meeting engagement: no unit may take a SUSTAINED ATTACK action in the first turn",
                ));
            }
        }
        if a.must_rest && p.first() != Some(&Action::Nothing) {
            return Err(Refusal::new(
                "the unit is still suppressed, or it had a Stunned token: its first action must be NOTHING",
            ));
        }
        if self.units[u].tokens.suppressed && p.iter().any(|x| x.attacks()) {
            return Err(Refusal::new("a unit with a Suppression token cannot fight"));
        }
        if self.is_aircraft(u) && !self.cards[u].bf.has(crate::unit::BattlefrontSkill::Hover) && !p.first().is_some_and(|x| x.moves()) {
            return Err(Refusal::new(
                "aircraft must take a MOVE or MARCH MOVE action as their first action (unless Helicopter)",
            ));
        }
        Ok(())
    }

    /// Checks a Move (see [`Decision::Move`]): each miniature's path by the table's move check
    /// (walls, impassable terrain, enemy bases, the terrain cap of Move 2 / March Move 4, bases
    /// overlapping at the end), in the order given, each seeing the others where they have
    /// moved; then coherency ("all of their miniatures within 15cm of every other"). A
    /// reaction's Move only turns the model. Returns the table after the move and which
    /// miniatures enter terrain or cross wire.
    pub(crate) fn check_move(&self, minis: &[MiniMove], facing: Option<Facing>, march: bool) -> Result<MoveOutcome, Refusal> {
        let mut scratch = self.scratch.borrow_mut();
        let t = scratch.get_or_insert_with(|| self.table.clone());
        sync_table(t, &self.table);
        self.check_move_on(t, minis, facing, march)
    }

    fn check_move_on(&self, t: &mut Table, minis: &[MiniMove], facing: Option<Facing>, march: bool) -> Result<MoveOutcome, Refusal> {
        let c = self.cur().ok_or_else(|| Refusal::new("no unit is acting"))?;
        let u = c.unit;
        let unit = &self.table.units[u];
        let name = &unit.name;
        let turns = matches!(unit.kind, MiniKind::Vehicle | MiniKind::Aircraft | MiniKind::SupportWeapon);
        if facing.is_some() && !turns {
            return Err(Refusal::new(format!(
                "{name} has no facing to turn (only vehicles, aircraft and support weapons do)"
            )));
        }
        if c.against.is_some()
            && !minis
                .iter()
                .all(|m| m.via.is_empty() && unit.minis.get(m.mini).is_some_and(|x| x.body.centre() == m.to))
        {
            return Err(Refusal::new("the MOVE of a reactive attack can only be used to rotate the model"));
        }
        let allowance = self.move_allowance(u, march);
        let jump = c.against.is_none() && self.jumping(u);
        // A joined hero's miniature is m{n} after the unit's n ("becoming part of the unit").
        let hero = if c.against.is_none() { self.joined_hero(u) } else { None };
        let n = unit.minis.len();
        let (mut terrain, mut wire, mut mines) = (false, false, Vec::new());
        for (k, m) in minis.iter().enumerate() {
            if m.mini >= n + usize::from(hero.is_some()) {
                return Err(Refusal::new(format!("{name} has no miniature m{}", m.mini)));
            }
            if minis[..k].iter().any(|x| x.mini == m.mini) {
                return Err(Refusal::new(format!("{name} m{} moves twice in one move", m.mini)));
            }
            let (mu, mi, mf) = match hero {
                Some(h) if m.mini == n => (h, 0, None),
                _ => (u, m.mini, facing),
            };
            let path = m.path();
            // "Nothing can move through them, except through the armoured doors at the rear, and
            // even then, not if the bunker is occupied by an enemy unit."
            if let Some(b) = self.enemy_bunker_on(mu, &path) {
                return Err(Refusal::new(format!(
                    "{name} m{}: {} is occupied by an enemy unit: no one enters it",
                    m.mini, self.table.terrain[b].name
                )));
            }
            let checked = if jump && t.level(mu, mi) == 0 {
                super::skills::check_jump(t, mu, mi, &path, allowance, mf)
            } else {
                dust_geom::path::check_move_facing(t, mu, mi, &path, allowance, march, mf)
            }
            .map_err(|r| Refusal::new(format!("{name} m{}: {}", m.mini, r.reason)))?;
            terrain |= !checked.terrain.is_empty();
            wire |= checked.hazards.iter().any(|&h| t.terrain[h].kind == TerrainKind::BarbedWire);
            for &h in &checked.hazards {
                if t.terrain[h].kind == TerrainKind::Minefield && !mines.contains(&h) {
                    mines.push(h);
                }
            }
            t.units[mu].minis[mi].body = dust_geom::path::body_at(t, mu, m.to, mf);
        }
        if let Some(f) = facing {
            t.units[u].facing = f;
            for m in 0..t.units[u].minis.len() {
                let at = t.units[u].minis[m].body.centre();
                t.units[u].minis[m].body = dust_geom::path::body_at(t, u, at, Some(f));
            }
            if minis.is_empty() {
                for m in 0..t.units[u].minis.len() {
                    let at = t.units[u].minis[m].body.centre();
                    dust_geom::path::check_end(t, u, m, at, Some(f))
                        .map_err(|r| Refusal::new(format!("{name} cannot turn there: {}", r.reason)))?;
                }
            }
        }
        // A move in which no miniature moves is no movement to end (a squad left apart by its
        // casualties may stay put: docs/rulings.md, "Battlefield: coherency").
        if unit.kind.is_infantry() && t.units[u].minis.len() + usize::from(hero.is_some()) > 1 && !minis.is_empty() {
            let mut bodies: Vec<&Body> = t.units[u].minis.iter().map(|m| &m.body).collect();
            if let Some(h) = hero {
                bodies.extend(t.units[h].minis.iter().map(|m| &m.body));
            }
            if let Some((i, j)) = incoherent(&bodies) {
                let gap = body_gap(bodies[i], bodies[j]);
                return Err(Refusal::new(format!(
                    "{name} m{j} ends {:.1} cm from m{i}: coherency is {} cm (every miniature within 15 cm of every other)",
                    gap.cm(),
                    COHERENCY / 100
                )));
            }
        }
        let hero_after = hero.and_then(|h| t.units[h].minis.first().cloned());
        Ok((t.units[u].minis.clone(), t.units[u].facing, terrain, wire, hero_after, mines))
    }

    /// The bunker a path of unit `u`'s miniature enters (a point of it inside) while a miniature
    /// of an enemy unit stands in it, if any.
    fn enemy_bunker_on(&self, u: usize, path: &[Pt]) -> Option<usize> {
        let side = self.units[u].side;
        self.table.terrain.iter().position(|p| {
            p.kind == TerrainKind::Bunker
                && path.iter().any(|&q| p.area.holds(q))
                && self.table.units.iter().enumerate().any(|(x, unit)| {
                    self.units[x].side != side && !self.units[x].destroyed && unit.minis.iter().any(|m| p.area.holds(m.body.centre()))
                })
        })
    }

    /// The units that may react to the activating unit: "one of your units that has not yet
    /// activated, and that is at range 4 (40cm/16") or less from the activating unit"
    /// (range 6 with Advanced Reactive Fire); "Aircraft cannot make reactive attacks".
    pub fn reactors(&self) -> Vec<usize> {
        let Some(a) = &self.act else { return Vec::new() };
        let side = self.units[a.unit].side.other();
        (0..self.units.len())
            .filter(|&r| {
                let x = &self.units[r];
                let range = if self.cards[r].card.has(Skill::AdvancedReactiveFire) {
                    6
                } else {
                    rules_shared::REACTIVE_RANGE
                };
                x.side == side
                    && !x.destroyed
                    && !x.activated
                    && !self.is_aircraft(r)
                    && self.may_act(r)
                    && !self.units[a.unit].destroyed
                    && self.table.units[r].minis.iter().any(|m| {
                        self.table.units[a.unit]
                            .minis
                            .iter()
                            .any(|n| body_gap(&m.body, &n.body).within(i64::from(range) * RANGE_UNIT))
                    })
            })
            .collect()
    }

    /// Whether the plan opens a reaction window: "You cannot declare a reactive attack against
    /// a unit that is taking a SUSTAINED ATTACK action. You cannot declare a reactive attack
    /// against a unit that is taking a NOTHING action as its second action."
    fn window_allowed(plan: &[Action], actions: u8) -> bool {
        if actions == 3 {
            return super::skills::window_allowed_of_three(plan);
        }
        !(plan.contains(&Action::Sustained) || (plan.len() == 2 && plan[1] == Action::Nothing))
    }

    // ----- Playing -------------------------------------------------------------------------------

    /// Checks `d` and plays it; the game is unchanged when it is refused.
    ///
    /// # Errors
    /// The [`Refusal`] of [`FieldGame::check`].
    pub fn apply(&mut self, d: Decision) -> Result<(), Refusal> {
        self.check(&d)?;
        if let Pending::Decision(s) = self.pending() {
            if self.log_events {
                self.events.push(Event::Decided(s, d.clone()));
            }
        }
        match d {
            Decision::First(s) => {
                self.next = s;
                self.next_activation();
            }
            Decision::Pass => {
                self.next = self.next.other();
                self.next_activation();
            }
            Decision::Activate(u) => self.activate(u, None),
            Decision::ActivateWith(u, h) => self.activate(u, Some(h)),
            Decision::Plan(p) => {
                if self.waits_off(&p) {
                    let u = self.act.as_ref().map_or(0, |a| a.unit);
                    self.waiting[u] = std::mem::take(&mut self.table.units[u].minis);
                    self.units[u].in_reserve = true;
                }
                let free = self.act.as_ref().and_then(|a| self.extra_step(a, &p));
                if let Some(a) = &mut self.act {
                    a.plan = p;
                    a.free = free;
                }
                self.units[self.act.as_ref().map_or(0, |a| a.unit)].last_march = false;
                if let Some(h) = self.act.as_ref().and_then(|a| a.hero) {
                    self.units[h].last_march = false;
                }
                self.perform();
            }
            Decision::Move { minis, facing } => self.do_move(&minis, facing),
            Decision::Lift(v) => self.do_lift(v),
            Decision::Special(sp) => self.do_special(sp),
            Decision::Smoke { line, at } => self.fire_smoke(line, at),
            Decision::Observe { unit, aims } => self.do_observe(unit, &aims),
            Decision::Declare(s) => self.declare(s),
            Decision::Attack(aims) => {
                let (u, a, against) = {
                    let c = self.cur().expect("checked: a unit acts");
                    (c.unit, c.plan[c.next], c.against)
                };
                let ranged = self.fires_ranged(u, &aims);
                self.release_grapples(u);
                self.end_camouflage(u);
                if let Some(c) = self.cur_mut() {
                    c.fired_ranged = ranged;
                }
                if !aims.is_empty() {
                    self.perform_attack(u, &aims, a == Action::Sustained, against);
                }
                self.after_attack();
            }
            Decision::React(None) => self.reaction_over(),
            Decision::React(Some(r)) => self.react(r),
            Decision::ReactWith(c) => {
                if let Some(r) = &mut self.reaction {
                    r.plan = match c {
                        ReactChoice::Sustained => vec![Action::Sustained],
                        ReactChoice::TurnThenAttack => vec![Action::Move, Action::Attack],
                    };
                }
                self.perform();
            }
            Decision::Place(v) => self.place(&v),
            Decision::Mount { vehicle, minis } => {
                let march = self.current_action() == Some(Action::March);
                self.do_mount(vehicle, &minis, march);
            }
            Decision::Dismount(pts) => self.do_dismount(&pts),
            Decision::Casualties(v) => {
                let c = self.casualties.pop_front().expect("checked: casualties are due");
                let n = self.units[c.unit].models.len();
                let models: Vec<u8> = v.iter().filter(|&&m| m < n).map(|&m| self.units[c.unit].models[m]).collect();
                if let Some((h, per)) = c.hero {
                    let hits = v.iter().filter(|&&m| m == n).count();
                    self.damage_hero(h, per, hits as u16);
                }
                for m in models {
                    self.remove_model(c.unit, m);
                }
                self.after_attack();
            }
        }
        Ok(())
    }

    /// "If a unit has an Under Fire token when it activates, roll 2 dice. If either die scores
    /// ☒, remove the token"; "Any time a unit activates while it has a Suppression token, roll
    /// 2 dice. If both dice score ☒, remove all Suppression tokens … If only 1 die scores ☒,
    /// replace any Suppression tokens with an Under Fire token instead" (☒: the army symbol,
    /// docs/rulings.md, "Battlefield: the symbols of the summary"). Returns whether the unit is
    /// still suppressed.
    ///
    /// With a hero joining: "If a hero activates with a unit that has an Under Fire or
    /// Suppression token, they roll 3 dice when rolling to remove the token" (`dice` 3; two
    /// army symbols of the three remove the Suppression token: docs/rulings.md, "Battlefield:
    /// three dice to remove a token").
    fn rally(&mut self, u: usize, dice: u16) -> bool {
        let t = self.units[u].tokens;
        if t.suppressed {
            let k = self.roll_sym(dice, Symbols::ARMY, Purpose::Rally);
            let tok = &mut self.units[u].tokens;
            match k {
                2.. => *tok = Default::default(),
                1 => {
                    tok.suppressed = false;
                    tok.under_fire = true;
                }
                _ => {}
            }
            let tok = *tok;
            self.log(Event::Tokens(u, tok));
        } else if t.under_fire {
            if self.roll_sym(dice, Symbols::ARMY, Purpose::Rally) > 0 {
                self.units[u].tokens.under_fire = false;
            }
            let tok = self.units[u].tokens;
            self.log(Event::Tokens(u, tok));
        }
        self.units[u].tokens.suppressed
    }

    /// The dice unit `u` rolls to remove its tokens: 2; 3 for a Brave unit ("The unit rolls 3
    /// dice instead of 2 when rolling to remove Under Fire or Suppression tokens") or a unit with
    /// a Commissar attached (the same words; docs/rulings.md, "Battlefield: Brave and Commissar
    /// on the cards").
    fn rally_dice(&self, u: usize) -> u16 {
        let bf = &self.cards[u].bf;
        if bf.has(crate::unit::BattlefrontSkill::Brave) || bf.has(crate::unit::BattlefrontSkill::Commissar) {
            3
        } else {
            2
        }
    }

    /// Activates unit `u` (and hero `hero` joining it: both have activated; "If the unit
    /// remains suppressed, the hero must take a NOTHING action with them as their first
    /// action": the one plan is theirs).
    pub(crate) fn activate(&mut self, u: usize, hero: Option<usize>) {
        self.units[u].activated = true;
        self.carry_activates(u);
        let mut a = Activation::new(u);
        if self.is_spy_off_table(u) {
            // "each time your spy is activated, you may elect to roll 2 dice" (skills2.rs).
            self.act = Some(a);
            self.phase = Phase::Place;
            return;
        }
        if self.ambush[u] {
            // "and any hero … held with them": he joins the unit as it is placed.
            if let Some(h) = hero {
                self.units[h].activated = true;
                a.hero = Some(h);
            }
            self.act = Some(a);
            self.phase = Phase::Place;
            return;
        }
        if self.units[u].in_reserve {
            let from_reserve = self.rolls[u] || hero.is_some_and(|h| self.rolls[h]);
            if !self.arrives(u, hero) {
                // "On any other roll, it remains in reserve and takes NOTHING actions" (with the
                // hero who was to arrive with it).
                if let Some(h) = hero {
                    self.units[h].activated = true;
                }
                a.plan = vec![Action::Nothing, Action::Nothing];
                a.window_done = true;
                self.act = Some(a);
                self.perform();
                return;
            }
            a.entering = true;
            if from_reserve && self.scattered {
                self.scatter(u);
            }
        }
        if let Some(h) = hero {
            self.units[h].activated = true;
            a.hero = Some(h);
        }
        a.must_rest = self.rally(u, if hero.is_some() { 3 } else { self.rally_dice(u) });
        if self.units[u].stunned {
            // "it must perform a NOTHING action as its first action, then remove any Stunned
            // tokens".
            a.must_rest = true;
            self.unstun(u);
        }
        if self.third_action(u, hero) {
            a.actions = 3;
        }
        a.led = self.blutkreuz_near(u);
        a.stim = self.units[u].stimulant.take();
        self.act = Some(a);
        // Arriving from scattered reserves, the unit is first placed at its stretch of edge.
        self.phase = if self.entry.is_some() { Phase::Place } else { Phase::Plan };
    }

    /// Unit `u`, in reserve, activates: "When they activate, roll 1 die on turn 1, or 2 dice on
    /// turn 2. On a score of ☒, the unit moves on from its arrival zone … Any units still in
    /// reserve in the third turn automatically move onto the table" (delayed reserves a turn
    /// later: [`super::Reserves::dice`]); in a meeting engagement a unit not held in reserve
    /// moves on without a roll. ☒ is the army symbol (docs/rulings.md, "Battlefield:
    /// the symbols of the summary"); one among the dice is a score of ☒ (docs/rulings.md,
    /// "Battlefield: reserves"). Arriving, its miniatures are placed where the table file put
    /// them, in its arrival zone, and its first action moves it on. Returns whether it arrived.
    fn arrives(&mut self, u: usize, hero: Option<usize>) -> bool {
        // "Roll once for them both": a hero arriving with the unit.
        let rolls = self.rolls[u] || hero.is_some_and(|h| self.rolls[h]);
        let ok = match self.reserves.dice(self.turn) {
            _ if !rolls => true,
            Some(0) => false,
            Some(n) => self.roll_sym(n, Symbols::ARMY, Purpose::Reserves) > 0,
            None => true,
        };
        if ok {
            for x in std::iter::once(u).chain(hero) {
                self.units[x].in_reserve = false;
                self.table.units[x].minis = std::mem::take(&mut self.waiting[x]);
            }
            self.scratch.replace(None);
        }
        ok
    }

    /// Whether plan `p` of the activating unit leaves it off the table: "You may leave your
    /// aircraft off the table in the first turn and move them on in their second turn instead"
    /// (tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES", "Meeting Engagement"): an
    /// aircraft moving on in turn 1 of a meeting engagement that plans two NOTHING actions.
    fn waits_off(&self, p: &[Action]) -> bool {
        let Some(a) = &self.act else { return false };
        self.meeting
            && self.turn == 1
            && a.entering
            && a.hero.is_none()
            && self.is_aircraft(a.unit)
            && p == [Action::Nothing, Action::Nothing]
    }

    /// The miniatures of unit `u` (held off the table) placed with their centres at `pts`.
    fn placed(&self, u: usize, pts: &[Pt]) -> Vec<dust_geom::table::Mini> {
        self.minis_at(u, &self.waiting[u], pts)
    }

    /// Checks placing the unit held in ambush (`Decision::Place`): "It must be placed in your
    /// deployment area, at least 20cm/8" away from, and in cover from, all enemy units"
    /// (tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES", "Ambush"; docs/rulings.md,
    /// "Battlefield: ambush"). No points: it stays in ambush.
    fn check_place(&self, pts: &[Pt]) -> Result<(), Refusal> {
        let Some(u) = self.acting() else {
            return Err(Refusal::new("no unit is activating"));
        };
        if self.entry.is_some() {
            return self.check_entry(pts);
        }
        if pts.is_empty() {
            return Ok(());
        }
        if self.is_spy_off_table(u) {
            return self.check_spy_place(u, pts);
        }
        if let Some(h) = self.held_hero(u) {
            return self.check_place_with_hero(u, h, pts);
        }
        self.check_place_of(u, pts)
    }

    /// Checks placing unit `u`, held in ambush, with its miniatures at `pts` (see
    /// [`FieldGame::check_place`]).
    pub(crate) fn check_place_of(&self, u: usize, pts: &[Pt]) -> Result<(), Refusal> {
        let name = |x: usize| self.table.units[x].name.clone();
        let n = self.waiting[u].len();
        if pts.len() != n {
            return Err(Refusal::new(format!(
                "{} has {n} miniatures: give {n} points (you gave {})",
                name(u),
                pts.len()
            )));
        }
        let side = self.units[u].side;
        let zones: Vec<&dust_geom::table::Zone> = self
            .table
            .zones
            .iter()
            .filter(|z| z.kind == dust_geom::table::ZoneKind::Deployment && super::geom_side(z.side) == side)
            .collect();
        let minis = self.placed(u, pts);
        for (i, m) in minis.iter().enumerate() {
            let inside = m.body.outline().iter().all(|&c| {
                zones
                    .iter()
                    .any(|z| dust_geom::exact::point_in_polygon(c, &z.polygon) != dust_geom::exact::Inside::Out)
            });
            if !inside {
                return Err(Refusal::new(format!(
                    "m{i} at ({}) is not in side {side}'s deployment area: a unit held in ambush must be placed in your deployment area",
                    super::decision::point_text(pts[i])
                )));
            }
            for (x, other) in self.table.units.iter().enumerate() {
                if x == u {
                    continue;
                }
                for o in &other.minis {
                    if dust_geom::table::bodies_overlap(&m.body, &o.body) {
                        return Err(Refusal::new(format!(
                            "m{i} at ({}) overlaps {}",
                            super::decision::point_text(pts[i]),
                            name(x)
                        )));
                    }
                    if other.side != self.table.units[u].side && body_gap(&m.body, &o.body).within(2 * RANGE_UNIT - 1) {
                        return Err(Refusal::new(format!(
                            "m{i} at ({}) is less than 20 cm from {}: a unit held in ambush is placed at least 20 cm away from all enemy units",
                            super::decision::point_text(pts[i]),
                            name(x)
                        )));
                    }
                }
            }
        }
        for (j, a) in minis.iter().enumerate() {
            for b in &minis[j + 1..] {
                if dust_geom::table::bodies_overlap(&a.body, &b.body) {
                    return Err(Refusal::new(format!(
                        "the miniatures' bases overlap at ({})",
                        super::decision::point_text(pts[j])
                    )));
                }
            }
        }
        // In cover from (or out of sight of) every enemy miniature: "An infantry unit is in
        // cover from an attacking miniature if at least half of the unit is in cover from that
        // attacking miniature" (as `in_cover_from`, on a copy of the table with the unit placed).
        let mut t = self.table.clone();
        t.units[u].minis = minis;
        for e in 0..self.units.len() {
            if self.units[e].side == side || self.units[e].destroyed {
                continue;
            }
            for m in 0..t.units[e].minis.len() {
                let covered = (0..n).filter(|&j| dust_geom::los::mini_cover(&t, (e, m), (u, j)).is_some()).count();
                let in_cover = if self.class(u).infantry() { 2 * covered >= n } else { covered == n };
                if !in_cover && (0..n).any(|j| dust_geom::los::mini_sees(&t, (e, m), (u, j)).is_ok()) {
                    return Err(Refusal::new(format!(
                        "{} is not in cover from {} m{m}: a unit held in ambush is placed in cover from all enemy units",
                        name(u),
                        name(e)
                    )));
                }
            }
        }
        Ok(())
    }

    /// Plays a checked `Decision::Place`: the unit stays in ambush and takes NOTHING actions,
    /// or is placed and rolls 2 dice, "and the unit … performs one action for each ☒ or ☑"
    /// (the army symbol or the shield: docs/rulings.md, "Battlefield: the symbols of the
    /// summary").
    fn place(&mut self, pts: &[Pt]) {
        let Some(u) = self.acting() else { return };
        if self.entry.is_some() {
            self.enter(pts);
            return;
        }
        let spy = self.is_spy_off_table(u).then(|| self.spy_place(u, pts));
        if pts.is_empty() || spy == Some(0) {
            if let Some(a) = self.act.as_mut() {
                a.plan = vec![Action::Nothing, Action::Nothing];
                a.window_done = true;
            }
            self.perform();
            return;
        }
        if let Some(k) = spy {
            if let Some(a) = self.act.as_mut() {
                a.actions = k;
            }
            self.phase = Phase::Plan;
            return;
        }
        let minis = self.placed(u, pts);
        self.table.units[u].minis = minis;
        self.waiting[u].clear();
        self.ambush[u] = false;
        self.units[u].in_reserve = false;
        self.place_held_hero(u, pts);
        let k = self.roll_sym(2, Symbols::ARMY_OR_SHIELD, Purpose::Ambush) as u8;
        if let Some(a) = self.act.as_mut() {
            a.actions = k;
        }
        if k == 0 {
            self.perform();
        } else {
            self.phase = Phase::Plan;
        }
    }

    /// Performs the acting unit's actions until one needs a decision.
    pub(crate) fn perform(&mut self) {
        loop {
            if !self.casualties.is_empty() {
                self.phase = Phase::Casualties;
                return;
            }
            self.hero_carries_on();
            let Some(c) = self.cur() else {
                self.next_activation();
                return;
            };
            let (u, stuck, next, len, reacting) = (c.unit, c.stuck, c.next, c.plan.len(), c.against.is_some());
            if self.units[u].destroyed || next >= len {
                if self.reaction.take().is_some() {
                    self.finish_march();
                    continue;
                }
                if let Some(a) = self.act.take() {
                    self.next = self.units[a.unit].side.other();
                }
                self.next_activation();
                return;
            }
            let a = c.plan[next];
            let skip_free = self.free_lapses();
            match a {
                Action::Nothing => self.advance(),
                _ if skip_free => self.advance(),
                Action::Move | Action::March if stuck => self.advance(),
                // "A unit with a Suppression token cannot fight": suppressed in the middle of its
                // activation (by a reactive attack), it makes no attack it declared (docs/rulings.md,
                // "Battlefield: suppressed in the middle of an activation").
                Action::Attack | Action::Sustained if self.units[u].tokens.suppressed && !reacting => self.advance(),
                _ => {
                    self.phase = Phase::Act;
                    return;
                }
            }
            if self.phase == Phase::React {
                return;
            }
        }
    }

    /// A unit wiped out around the hero who joined it for the activation: the hero, "part of
    /// the unit until the end of the activation" (tactics-battlefield-summary.md, "HEROES"),
    /// takes the actions left alone (docs/rulings.md, "Battlefield: a unit wiped out around its
    /// joined hero").
    fn hero_carries_on(&mut self) {
        if self.reaction.is_some() {
            return;
        }
        let Some(a) = self.act.as_ref() else { return };
        let (u, hero) = (a.unit, a.hero);
        let Some(h) = hero.filter(|&h| self.units[u].destroyed && !self.units[h].destroyed) else {
            return;
        };
        if let Some(a) = self.act.as_mut() {
            a.unit = h;
            a.hero = None;
        }
    }

    /// The current action is done: the reaction window opens after the activating unit's
    /// first action ("Once the opposing player has completed their first action").
    fn advance(&mut self) {
        self.declarations_end();
        let reacting = self.reaction.is_some();
        let Some(c) = self.cur_mut() else { return };
        c.next += 1;
        if !reacting && super::skills::window_after(&c.plan[..c.next], c.actions) && !c.window_done {
            c.window_done = true;
            let plan = c.plan.clone();
            if Self::window_allowed(&plan, c.actions) && !self.reactors().is_empty() {
                self.phase = Phase::React;
                return;
            }
        }
        self.phase = Phase::Act;
    }

    /// A decision-driven action is done: on to the next.
    pub(crate) fn action_done(&mut self) {
        self.advance();
        if self.phase != Phase::React {
            self.perform();
        }
    }

    /// The rest of a March Move a reaction interrupted ("then completes its march move
    /// afterwards").
    fn finish_march(&mut self) {
        let Some(a) = &mut self.act else { return };
        let Some(rest) = a.march_rest.take() else { return };
        let (u, mines) = (a.unit, std::mem::take(&mut a.mines));
        a.next += 1;
        // Each miniature left completes its move (a joined hero whose unit fell too).
        for (x, model, path) in rest {
            if self.units[x].destroyed {
                continue;
            }
            let Some(i) = self.units[x].models.iter().position(|&m| m == model) else {
                continue;
            };
            if let Some(&end) = path.last() {
                let f = self.table.units[x].facing;
                self.table.units[x].minis[i].body = dust_geom::path::body_at(&self.table, x, end, Some(f));
            }
        }
        // The minefields crossed attack as the march ends; the casualties chosen, the action
        // is done (`after_attack`).
        if self.mines_go_off(u, mines.len()) {
            if let Some(a) = &mut self.act {
                a.next -= 1;
            }
        }
    }

    /// The reaction is over (or none was declared): the activating unit goes on.
    fn reaction_over(&mut self) {
        self.reaction = None;
        self.finish_march();
        self.perform();
    }

    /// "Roll 2 dice after the opposing unit has performed its first action" (a reactor under
    /// fire or suppressed rolls to remove its token first, as any unit that activates, and one
    /// die if it keeps a Suppression token: docs/rulings.md, "Battlefield: tokens of a reacting
    /// unit"); "Whether you succeed or not, attempting a reactive attack activates your unit."
    fn react(&mut self, r: usize) {
        self.units[r].activated = true;
        self.pilot_activates_with(r);
        let suppressed = self.rally(r, self.rally_dice(r));
        // "If a unit with a Stunned token attempts a reactive attack, it rolls 1 die rather than
        // 2 … but removes the Stunned token whether or not it succeeds".
        let stunned = self.units[r].stunned;
        self.unstun(r);
        let dice = if suppressed || stunned { 1 } else { 2 };
        // Advanced Reactive Fire: "It counts (🎯) as (👤) when rolling for number of actions"
        // (docs/rulings.md, "Battlefield: Advanced Reactive Fire").
        let count = if self.cards[r].card.has(Skill::AdvancedReactiveFire) {
            Symbols::ARMY_OR_TARGET
        } else {
            Symbols::ARMY
        };
        let k = self.roll_sym(dice, count, Purpose::Reactive);
        let mut a = Activation::new(r);
        a.against = self.act.as_ref().map(|x| x.unit);
        a.window_done = true;
        match ReactiveOutcome::from_army_symbols(k) {
            ReactiveOutcome::Nothing => {
                self.reaction_over();
            }
            ReactiveOutcome::Attack => {
                a.plan = vec![Action::Attack];
                self.reaction = Some(a);
                self.perform();
            }
            ReactiveOutcome::SustainedOrTurnAndAttack => {
                self.reaction = Some(a);
                self.phase = Phase::ReactWith;
            }
        }
    }

    pub(crate) fn after_attack(&mut self) {
        self.settle_casualties();
        if !self.casualties.is_empty() {
            self.phase = Phase::Casualties;
            return;
        }
        // A close combat First Strike splits leaves its second pass in `close`.
        while let Some(c) = self.close.take() {
            self.perform_close(c);
            self.settle_casualties();
            if !self.casualties.is_empty() {
                self.phase = Phase::Casualties;
                return;
            }
        }
        self.action_done();
    }

    /// Plays a checked Move: the terrain and wire rolls first, then each miniature to its end
    /// (a March Move that a reaction may interrupt stops after a normal Move's length).
    fn do_move(&mut self, minis: &[MiniMove], facing: Option<Facing>) {
        let (u, a, reacting) = {
            let c = self.cur().expect("checked: a unit acts");
            (c.unit, c.plan[c.next], self.reaction.is_some())
        };
        let march = a == Action::March;
        let Ok((after, after_facing, terrain, wire, hero_after, mines)) = self.check_move(minis, facing, march) else {
            return;
        };
        self.release_grapples(u);
        self.leave_dozer_cover(u);
        let hero = if reacting { None } else { self.joined_hero(u) };
        self.units[u].last_march = march;
        if let Some(h) = hero {
            self.units[h].last_march = march;
        }
        // "Roll a die when a tracked vehicle attempts to move into, through, or out of terrain
        // … it is stuck and ceases moving until the end of its activation"; "An infantry unit
        // rolls a die when attempting to move into, through, or out of a barbed wire
        // entanglement … the unit ceases moving until the end of its activation". A unit that
        // fails stays where the action began (docs/rulings.md, "Battlefield: stuck and halted
        // units").
        let need = if terrain { self.terrain_roll(u) } else { None }.or(if wire && self.class(u).infantry() {
            Some(Symbols::ARMY)
        } else {
            None
        });
        if let Some(s) = need {
            if self.roll_sym(1, s, Purpose::Terrain) == 0 {
                if let Some(c) = self.cur_mut() {
                    c.stuck = true;
                }
                self.log(Event::Halted(u));
                self.action_done();
                return;
            }
        }
        let window = !reacting
            && march
            && self.act.as_ref().is_some_and(|c| {
                !c.window_done && super::skills::window_splits(&c.plan[..c.next], c.actions) && Self::window_allowed(&c.plan, c.actions)
            });
        if let (true, Some(c)) = (window, self.act.as_mut()) {
            c.window_done = true;
            // "If the opposing unit is performing a MARCH MOVE action, the unit makes a normal
            // MOVE action before you attempt the reactive attack, then completes its march move
            // afterwards": each miniature stops a Move's length along its path, and who may
            // react is measured from there.
            let half = self.move_allowance(u, false) as f64;
            let mut rest = Vec::new();
            let n = self.table.units[u].minis.len();
            for m in minis {
                let (x, i) = match hero {
                    Some(h) if m.mini == n => (h, 0),
                    _ => (u, m.mini),
                };
                let start = self.table.units[x].minis[i].body.centre();
                let (mid, left) = point_along(start, &m.path(), half);
                let f = if x == u {
                    facing.unwrap_or(self.table.units[u].facing)
                } else {
                    self.table.units[x].facing
                };
                self.table.units[x].minis[i].body = dust_geom::path::body_at(&self.table, x, mid, Some(f));
                rest.push((x, self.units[x].models[i], left));
            }
            if let Some(f) = facing {
                self.table.units[u].facing = f;
            }
            if !self.reactors().is_empty() {
                if let Some(c) = &mut self.act {
                    c.march_rest = Some(rest);
                    c.mines = mines;
                }
                self.phase = Phase::React;
                return;
            }
        }
        self.table.units[u].minis = after;
        self.table.units[u].facing = after_facing;
        if let (Some(h), Some(m)) = (hero, hero_after) {
            self.table.units[h].minis[0] = m;
        }
        // "When a unit moves into, through, or out of a minefield, the opposing player attacks
        // it" once the move is made (docs/rulings.md, "Battlefield: minefield attacks").
        if self.mines_go_off(u, mines.len()) {
            self.phase = Phase::Casualties;
            return;
        }
        self.action_done();
    }
}

/// Brings the scratch copy `t` of the table up to `now`: the miniatures where they stand, the
/// facings, and the terrain when a wreck was added (the move check's working copy, kept to
/// spare an allocation of the whole table at every check).
fn sync_table(t: &mut Table, now: &Table) {
    if t.terrain.len() != now.terrain.len() {
        t.terrain.clone_from(&now.terrain);
    }
    for (a, b) in t.units.iter_mut().zip(&now.units) {
        a.facing = b.facing;
        a.minis.clone_from(&b.minis);
    }
}

/// The axis-aligned unit vector toward `to` from `from`, scaled to `len` units (IEEE-exact: one
/// square root and divisions), rounded to the unit.
pub(crate) fn toward(from: Pt, to: Pt, len: f64) -> Pt {
    let (dx, dy) = ((to.x - from.x) as f64, (to.y - from.y) as f64);
    let d = (dx * dx + dy * dy).sqrt();
    if d == 0.0 {
        return Pt::new(0, 0);
    }
    Pt::new((dx / d * len).round() as i64, (dy / d * len).round() as i64)
}
