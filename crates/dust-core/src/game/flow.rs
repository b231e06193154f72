//! Rounds and activations: initiative, alternating activations, the state machine that runs
//! the steps of the game, the end of the round and of the game (tactics-revised-core-rules.md,
//! "Initiative Roll", "Game Procedure", "End of the Game", "Calculating Victory Points").

use super::*;

impl Game {
    // ----- the state machine -----------------------------------------------------------------

    pub(super) fn need(&self, step: &Step) -> Need {
        match step {
            Step::Initiative { a } => {
                let side = if a.is_none() { Side::A } else { Side::B };
                Need::Chance(self.initiative_roll(side))
            }
            Step::InitiativeTargets { army, a } => {
                let side = if a.is_none() { Side::A } else { Side::B };
                Need::Chance(self.initiative_targets_roll(side, army[side]))
            }
            Step::ChooseFirst(s) => Need::Decide(*s),
            Step::Declare(d) => Need::Decide(d.side),
            Step::Window { trigger, .. } => Need::Decide(self.unit(*trigger).side.other()),
            Step::ReactRoll { reactor, .. } => Need::Chance(self.rules().reaction_roll(self, *reactor)),
            Step::Fire(job) => self.rules().fire_need(self, job),
            Step::CloseCombat {
                retaliate: None, defender, ..
            } => Need::Decide(self.unit(*defender).side),
            Step::Damage { unit, by, .. } => Need::Decide(by.unwrap_or(self.unit(*unit).side)),
            Step::SelfRepair { unit } => {
                let u = self.unit(*unit);
                Need::Chance(Roll::new(self.die, u16::from(u.card.health - u.health), Face::Hit))
            }
            Step::AbilityRoll { .. } => Need::Chance(Roll::new(self.die, 1, Face::Hit)),
            Step::Resilient { unit, hero, casualty, .. } => Need::Chance(self.bf_resilient_roll(*unit, *hero, *casualty)),
            Step::Crush { unit, .. } => Need::Decide(self.unit(*unit).side),
            Step::Revive { medic, .. } => Need::Decide(self.unit(*medic).side),
            Step::Reserve { unit } => Need::Decide(self.unit(*unit).side),
            Step::EscapeTo { hero, .. } => Need::Decide(self.unit(*hero).side),
            Step::Escape { .. } => Need::Chance(self.bf_escape_roll()),
            Step::AcePilot { .. } => Need::Chance(self.bf_ace_roll()),
            _ => Need::Internal,
        }
    }

    /// Runs internal steps and skips decisions that have a single possible answer, until a real
    /// decision or chance event is pending.
    pub(super) fn advance(&mut self) {
        loop {
            let Some(top) = self.stack.last() else { return };
            if matches!(top, Step::Over) {
                return;
            }
            match self.need(top) {
                Need::Chance(r) if r.dice == 0 => {
                    let top = self.stack.pop().expect("step");
                    self.resolve_chance(top, r, 0);
                    continue;
                }
                Need::Chance(_) => return,
                Need::Decide(_) => {
                    if matches!(top, Step::Declare(_)) {
                        let Some(Step::Declare(mut d)) = self.stack.pop() else {
                            unreachable!("the top step is a declaration")
                        };
                        // Whatever was offered before is recomputed: the state may have changed.
                        d.options = None;
                        // Every item with one possible answer, one after the other (nothing but
                        // the declaration changes meanwhile, so it stays off the stack).
                        while self.decl_autofill(&mut d) {}
                        if let Some(done) = self.decl_finish(&d) {
                            self.stack.extend(done.into_iter().rev());
                            continue;
                        }
                        // A real decision: `decl_autofill` may have left the options it worked
                        // out in `d.options` for `legal_decisions`.
                        self.stack.push(Step::Declare(d));
                        return;
                    }
                    if let Step::Window { trigger, .. } = *top {
                        let reactors = self.reactors(trigger);
                        if reactors.is_empty() || self.unit(trigger).destroyed {
                            self.stack.pop();
                            continue;
                        }
                        self.stack.pop();
                        self.stack.push(Step::Window {
                            trigger,
                            reactors: Some(reactors),
                        });
                        return;
                    }
                    match top {
                        Step::Damage { unit, .. } if self.unit(*unit).destroyed => {
                            self.stack.pop();
                            continue;
                        }
                        Step::Damage { unit, points, by, hero } => {
                            let opts = self.casualty_options(*unit);
                            if opts.len() <= 1 {
                                let (unit, points, by, hero) = (*unit, *points, *by, *hero);
                                self.stack.pop();
                                match opts.first() {
                                    Some(&c) => self.damage_point(unit, points, by, hero, c),
                                    None => self.damage_health(unit, points),
                                }
                                continue;
                            }
                            return;
                        }
                        Step::Revive { squad, .. } => {
                            // One kind of miniature to bring back: no choice to ask.
                            let opts = self.revive_options(*squad);
                            if opts.len() <= 1 {
                                let squad = *squad;
                                self.stack.pop();
                                if let Some(&m) = opts.first() {
                                    self.revive(squad, m);
                                }
                                continue;
                            }
                            return;
                        }
                        Step::CloseCombat { defender, .. } if !self.can_retaliate(*defender) => {
                            if let Some(Step::CloseCombat { retaliate, .. }) = self.stack.last_mut() {
                                *retaliate = Some(false);
                            }
                            continue;
                        }
                        _ => return,
                    }
                }
                Need::Internal => {
                    let top = self.stack.pop().expect("step");
                    self.run(top);
                    if self.stack.is_empty() {
                        return;
                    }
                }
            }
        }
    }

    pub(super) fn run(&mut self, step: Step) {
        match step {
            Step::RoundStart => {
                self.round += 1;
                self.events.push(Event::RoundStarted(self.round));
                self.stack.push(Step::Initiative { a: None });
            }
            Step::NextActivation => self.next_activation(),
            Step::Begin {
                unit,
                plan,
                once,
                heroic,
                quiet,
            } => {
                if !quiet {
                    self.set_activated(unit);
                    self.events.push(Event::Activated(unit));
                    self.events.push(Event::Declared(unit, plan));
                }
                for s in once {
                    self.rules().spend_once(self, unit, s);
                }
                if heroic {
                    if let Some(h) = self.group_hero(unit) {
                        self.units[usize::from(h.0)].used.push(Skill::HeroicAttack);
                        self.units[usize::from(h.0)].heroic = true;
                    }
                }
            }
            Step::Move { unit, to, face } => {
                let before = if self.model_squares(unit) > 1 {
                    self.unit_squares(unit)
                } else {
                    Vec::new()
                };
                self.bf_set_facing(unit, face);
                self.do_move(unit, to);
                // A one-square unit ends its Move facing the way it chose (battlefront).
                self.bf_set_facing(unit, face);
                self.bf_crush_behind(unit, &before);
            }
            Step::Attack {
                unit,
                aims,
                sustained,
                berserk,
                all_in_one,
                medal,
                moving,
                spirit,
            } => self.start_attack(unit, aims, sustained, berserk, all_in_one, medal, (moving, spirit)),
            Step::Fire(mut job) => {
                // Prepare: count dice now, after earlier lines' casualties.
                self.prepare_fire(&mut job);
                if job.stage != Stage::Prepare {
                    self.stack.push(Step::Fire(job));
                }
            }
            Step::CloseCombat {
                attacker,
                defender,
                lines,
                sustained,
                berserk,
                all_in_one,
                retaliate,
            } => {
                self.stack.push(Step::ApplyDeferred);
                if retaliate == Some(true) && !self.unit(defender).destroyed && !self.unit(attacker).destroyed {
                    let back: Vec<Aim> = self
                        .close_lines(defender)
                        .into_iter()
                        .map(|aim| Aim {
                            target: Target::Unit(attacker),
                            ..aim
                        })
                        .collect();
                    for job in self.close_jobs(defender, &back, false, false, false).into_iter().rev() {
                        self.stack.push(Step::Fire(Box::new(job)));
                    }
                }
                for job in self.close_jobs(attacker, &lines, sustained, berserk, all_in_one).into_iter().rev() {
                    self.stack.push(Step::Fire(Box::new(job)));
                }
            }
            Step::ApplyDeferred => {
                let d = std::mem::take(&mut self.deferred);
                for (u, p, hero) in d.into_iter().rev() {
                    if p > 0 {
                        self.stack.push(Step::Damage {
                            unit: u,
                            points: p,
                            by: None,
                            hero,
                        });
                    }
                }
            }
            Step::Reload { unit } => {
                if !self.unit(unit).destroyed {
                    let u = &mut self.units[usize::from(unit.0)];
                    if let Some(i) = (0..u.card.weapons.len()).find(|&i| reloadable(&u.card.weapons[i]) && u.loaded & (1 << i) == 0) {
                        u.loaded |= 1 << i;
                        let name = u.card.weapons[i].name.clone();
                        self.events.push(Event::Reloaded(unit, name));
                    }
                }
            }
            Step::Ability { unit, ability, target } => self.run_ability(unit, ability, target),
            Step::Serum => self.run_serum(),
            Step::Ended(u) => self.events.push(Event::ActivationEnded(u)),
            Step::EndActivation(u) => {
                self.rules().activation_ended(self, u);
                self.events.push(Event::ActivationEnded(u));
                self.turn = self.unit(u).side.other();
                self.stack.push(Step::NextActivation);
                // A unit ordered to activate right after this one (Command Squad Abilities:
                // "activate this unit immediately after the Command Squad's activation").
                while !self.follow_up.is_empty() {
                    let f = self.follow_up.remove(0);
                    if self.unit(f).destroyed || self.unit(f).activated {
                        continue;
                    }
                    let mut d = Decl::new(self.unit(f).side);
                    d.unit = Some(f);
                    self.stack.push(Step::Declare(Box::new(d)));
                    break;
                }
            }
            Step::RoundEnd => {
                self.rules().turn_ended(self);
                // "The game always ends at the end of a round" ("End of the Game").
                if self.rules().decided(self).is_some()
                    || self.round >= self.round_limit
                    || self.side_wiped().is_some()
                    || self.objectives_out_of_reach()
                    || self.objective_fulfilled().is_some()
                {
                    self.end_game();
                    return;
                }
                self.follow_up.clear();
                for i in 0..self.units.len() {
                    let u = &mut self.units[i];
                    u.activated = false;
                    u.moved = false;
                    u.heroic = false;
                    u.round_used.clear();
                }
                self.stack.push(Step::RoundStart);
                for i in (0..self.units.len()).rev() {
                    let u = &self.units[i];
                    if !u.destroyed && u.at.is_some() && u.card.has(Skill::SelfRepair) && u.health < u.card.health {
                        self.stack.push(Step::SelfRepair { unit: UnitId(i as u8) });
                    }
                }
            }
            other => self.stack.push(other),
        }
    }

    pub(super) fn resolve_chance(&mut self, step: Step, roll: Roll, k: u16) {
        match step {
            Step::Initiative { a: None } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::Initiative(Side::A),
                    dice: roll.dice,
                    successes: k,
                });
                self.stack.push(Step::Initiative { a: Some(k) });
            }
            Step::Initiative { a: Some(a) } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::Initiative(Side::B),
                    dice: roll.dice,
                    successes: k,
                });
                if a == k {
                    // "In case of a tie, reroll all dice" (the battlefront edition first
                    // counts targets).
                    self.initiative_tied(a, k);
                } else {
                    let w = if a > k { Side::A } else { Side::B };
                    self.events.push(Event::InitiativeWon(w));
                    self.stack.push(Step::ChooseFirst(w));
                }
            }
            Step::InitiativeTargets { army, a } => self.resolve_initiative_targets(army, a, roll, k),
            Step::Escape { hero, squares } => self.bf_escaped(hero, squares, roll, k),
            Step::AcePilot { unit } => self.bf_ace_rolled(unit, roll, k),
            Step::Resilient {
                unit,
                points,
                by,
                hero,
                casualty,
            } => self.bf_resilient(unit, points, by, hero, casualty, roll, k),
            Step::ReactRoll { reactor, trigger } => self.rules().reaction_rolled(self, reactor, trigger, roll, k),
            Step::Fire(mut job) => {
                let purpose = match job.stage {
                    Stage::Roll => RollPurpose::Attack,
                    Stage::Sustained => RollPurpose::Sustained,
                    Stage::Berserk => RollPurpose::Berserk,
                    Stage::Medal => RollPurpose::MedalOfHonor,
                    Stage::Laser => RollPurpose::LaserChain,
                    Stage::Power => RollPurpose::PhaserPower,
                    Stage::Cover if matches!(job.bf_save, Some((_, false))) => RollPurpose::InfantrySave,
                    Stage::Cover => RollPurpose::CoverSave,
                    Stage::Resilient => RollPurpose::Resilient,
                    Stage::Prepare => RollPurpose::Attack,
                };
                self.events.push(Event::Rolled {
                    purpose,
                    dice: roll.dice,
                    successes: k,
                });
                self.fire_stage(&mut job, k);
            }
            Step::AbilityRoll { unit, ability, target } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::Order,
                    dice: roll.dice,
                    successes: k,
                });
                self.resolve_ability_roll(unit, ability, target, k > 0);
            }
            Step::SelfRepair { unit } => {
                self.events.push(Event::Rolled {
                    purpose: RollPurpose::SelfRepair,
                    dice: roll.dice,
                    successes: k,
                });
                let u = &mut self.units[usize::from(unit.0)];
                let gain = (k as u8).min(u.card.health - u.health);
                u.health += gain;
                if gain > 0 {
                    self.events.push(Event::Repaired(unit, gain));
                }
            }
            other => self.stack.push(other),
        }
    }

    pub(super) fn next_activation(&mut self) {
        // When one side is wiped out, the other side still finishes the round: "the game always
        // ends at the end of a round" (tactics-revised-faq.md: the final round is triggered).
        let can = |g: &Game, s: Side| g.activatable(s).next().is_some();
        let side = if can(self, self.turn) {
            self.turn
        } else if can(self, self.turn.other()) {
            self.turn.other()
        } else {
            self.stack.push(Step::RoundEnd);
            return;
        };
        self.turn = side;
        self.stack.push(Step::Declare(Box::new(Decl::new(side))));
    }

    pub(super) fn end_game(&mut self) {
        // Scenario bonus points for the objectives each side holds (docs/rulings.md, "Objective
        // bonus points at the end of the game").
        for i in 0..self.objectives.len() {
            let (at, points) = (self.objectives[i].at, self.objectives[i].points);
            if let Some(side) = self.holder(at) {
                self.vp[side] += points;
                self.events.push(Event::ObjectiveHeld { at, side, points });
            }
        }
        let winner = match (self.objective_fulfilled(), self.side_wiped()) {
            // A scenario objective fulfilled decides the game (by one side only: both at once
            // leave it to victory points, docs/rulings.md, "Objectives that end the game").
            (Some(Some(side)), _) => Some(side),
            (_, wiped) => self.rules().winner(self, wiped),
        };
        let winner = self.rules().decided(self).map_or(winner, Some);
        self.winner = Some(winner);
        self.events.push(Event::GameOver {
            winner,
            vp_a: self.vp.a,
            vp_b: self.vp.b,
        });
        self.stack.clear();
        self.stack.push(Step::Over);
    }

    /// The side holding an objective space: the side of the units standing on it (units of
    /// both sides never share a space); a battlefront large or huge model stands on every one
    /// of its squares ([`Game::unit_squares`]).
    pub(super) fn holder(&self, at: Square) -> Option<Side> {
        (0..self.units.len())
            .map(|i| UnitId(i as u8))
            .find(|&id| {
                let u = self.unit(id);
                !u.destroyed && (u.at == Some(at) || self.model_squares(id) > 1 && self.unit_squares(id).contains(&at))
            })
            .map(|id| self.unit(id).side)
    }

    /// "Both players can no longer fulfill their objectives": the scenario has objectives and no
    /// unit left on either side could ever stand on any of them (docs/rulings.md, "Objectives and
    /// the end of the game").
    pub(super) fn objectives_out_of_reach(&self) -> bool {
        if self.objectives.is_empty() {
            return false;
        }
        let empty = Occupancy::new(&self.board);
        !self.units.iter().enumerate().any(|(i, u)| {
            !u.destroyed
                && self.objectives.iter().any(|o| {
                    let mv = self.mover(UnitId(i as u8), o.at, 0, false);
                    self.board.contains(o.at) && crate::reach::can_stop(&self.board, &empty, &mv, o.at)
                })
        })
    }

    /// Whether a side holds an objective that wins the game (`wins`): `Some(Some(side))` for one
    /// side, `Some(None)` when both sides hold one, `None` when neither does.
    pub fn objective_fulfilled(&self) -> Option<Option<Side>> {
        let mut by = BySide::<bool>::default();
        // A hill that wins only from a later round (`wins_from`, the project's own scenarios).
        for o in self.objectives.iter().filter(|o| o.wins && self.round >= o.wins_from) {
            if let Some(s) = self.holder(o.at) {
                by[s] = true;
            }
        }
        match (by.a, by.b) {
            (true, false) => Some(Some(Side::A)),
            (false, true) => Some(Some(Side::B)),
            (true, true) => Some(None),
            (false, false) => None,
        }
    }

    /// Bonus points of the objectives each side would hold if the game ended now.
    pub fn objective_points(&self) -> BySide<u32> {
        let mut v = BySide::<u32>::default();
        for o in self.objectives.iter() {
            if let Some(s) = self.holder(o.at) {
                v[s] += o.points;
            }
        }
        v
    }

    /// The scenario objectives.
    pub fn objectives(&self) -> &[ObjectiveSetup] {
        &self.objectives
    }

    pub(super) fn alive_units(&self, s: Side) -> usize {
        self.units.iter().filter(|u| u.side == s && !u.destroyed).count()
    }

    /// A side with no unit left, if any ("End of the Game").
    pub(super) fn side_wiped(&self) -> Option<Side> {
        self.rules().side_wiped(self)
    }

    pub(super) fn activatable(&self, s: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| {
                u.side == s && !u.destroyed && !u.activated && (!u.is_joined_hero() || self.rules().may_act_alone(self, u))
            })
            .map(|(i, _)| UnitId(i as u8))
    }

    pub(super) fn black_ops(&self, s: Side) -> bool {
        // "This bonus does not stack."
        self.units
            .iter()
            .any(|u| u.side == s && !u.destroyed && u.card.has(Skill::BlackOps))
    }

    /// Whether the unit (with its joined hero or squad) has a skill, as the sharing rules of
    /// the game's edition say: revised "Heroes" ("Some hero skills are shared with the squad
    /// … All squad skills are shared with the hero", [`Skill::hero_shares`]); battlefront
    /// "Skills and Equipment" (every skill both ways unless stated otherwise,
    /// [`Skill::battlefront_shares`]).
    pub fn has_skill(&self, u: UnitId, s: Skill) -> bool {
        self.rules().has_skill(self, u, s)
    }

    pub(super) fn set_activated(&mut self, u: UnitId) {
        self.units[usize::from(u.0)].activated = true;
        if let Some(j) = self.units[usize::from(u.0)].joined {
            self.units[usize::from(j.0)].activated = true;
        }
    }

    /// The piece kind a unit counts as for geometry (a squad with a hero is a squad).
    /// Revised "Reactive Fire": the reactive-fire dice of `reactor` — one, two with Advanced
    /// Reactive Fire, three with Superior Reactive Fire.
    pub(super) fn revised_reaction_roll(&self, reactor: UnitId) -> Roll {
        let n = if self.has_skill(reactor, Skill::SuperiorReactiveFire) {
            3
        } else if self.has_skill(reactor, Skill::AdvancedReactiveFire) {
            2
        } else {
            1
        };
        Roll::new(self.die, n, Face::Hit)
    }

    /// Revised "Reactive Fire": `k` successes of the roll; on one, the reactor declares a
    /// single Attack against `trigger`.
    pub(super) fn revised_reaction_rolled(&mut self, reactor: UnitId, trigger: UnitId, roll: Roll, k: u16) {
        self.events.push(Event::Rolled {
            purpose: RollPurpose::Reactive,
            dice: roll.dice,
            successes: k,
        });
        let success = k > 0;
        self.events.push(Event::ReactiveFire {
            unit: reactor,
            against: trigger,
            success,
        });
        if success && !self.unit(trigger).destroyed {
            let side = self.unit(reactor).side;
            let mut d = Decl::new(side);
            d.unit = Some(reactor);
            d.reactive = Some(trigger);
            d.separate = Some(false);
            d.plan = Some(Plan::Two(Action::Attack, Action::Nothing));
            d.assault = Some(false);
            self.stack.push(Step::Declare(Box::new(d)));
        }
    }

    /// What a revised fire job waits for: the Medal of Honor choice, or the roll of its stage.
    pub(super) fn revised_fire_need(&self, job: &FireJob) -> Need {
        if job.medal_choice {
            return Need::Decide(self.unit(job.attacker).side);
        }
        match job.stage {
            Stage::Prepare => Need::Internal,
            Stage::Roll => Need::Chance(Roll::new(self.die, job.dice, job.face)),
            Stage::Sustained | Stage::Berserk => Need::Chance(Roll::new(self.die, job.failures, job.face)),
            Stage::Medal => Need::Chance(Roll::new(self.die, 1, job.face)),
            Stage::Laser => Need::Chance(Roll::new(self.die, job.chain, job.face)),
            Stage::Power => Need::Chance(Roll::new(self.die, job.hits * u16::from(job.power), Face::Hit)),
            Stage::Cover => Need::Chance(Roll::new(self.die, job.hits, job.save.unwrap_or(Face::Hit))),
            Stage::Resilient => Need::Chance(Roll::new(self.die, job.damage, Face::Hit)),
        }
    }

    pub(super) fn kind_of(&self, u: UnitId) -> PieceKind {
        self.unit(u).piece()
    }
}
