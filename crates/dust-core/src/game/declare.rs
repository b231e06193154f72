//! Declarations: everything the active player declares before any die is rolled — the unit,
//! its actions, every weapon line's target and ammo, and the optional skills
//! (tactics-revised-core-rules.md, "List of Actions", "3) Declare Targets", "Reactive Fire").

use super::rules::EditionRules;
use super::*;

impl Game {
    // ----- declarations ---------------------------------------------------------------------------

    /// The actions of `plan` whose details the declaration gives by now: all of them, or in a
    /// battlefront declaration made part by part ([`Decl::bf_part`]), the actions up to the end
    /// of the part declared now.
    fn decl_actions(&self, d: &Decl, plan: Plan) -> Vec<Action> {
        let mut acts = plan.actions();
        if let (Some(p), Some(u)) = (d.bf_part, d.unit) {
            let end = self.bf_parts(u, plan).get(usize::from(p.index)).map_or(acts.len(), |x| x.1);
            acts.truncate(end);
        }
        acts
    }

    /// How many move legs the declaration gives by now ([`Game::decl_actions`]).
    fn moves_due(&self, d: &Decl, plan: Plan) -> usize {
        if d.bf_part.is_none() {
            return plan_moves(plan);
        }
        self.decl_actions(d, plan).iter().filter(|&&a| a == Action::Move).count()
    }

    /// Whether the declaration gives an Attack's targets by now.
    fn attack_due(&self, d: &Decl, plan: Plan) -> bool {
        if d.bf_part.is_none() {
            return plan_attacks(plan);
        }
        self.decl_actions(d, plan).contains(&Action::Attack)
    }

    /// Whether the declaration names the SKILL action's ability by now (`second`: the second
    /// SKILL action of a SKILL + SKILL plan).
    fn skill_due(&self, d: &Decl, plan: Plan, second: bool) -> bool {
        if second {
            return plan == SKILL_SKILL && (d.bf_part.is_none() || self.decl_actions(d, plan).len() >= 2);
        }
        if d.bf_part.is_none() {
            return plan_has_skill(plan);
        }
        self.decl_actions(d, plan).contains(&Action::Skill)
    }

    /// Whether the optional skills that serve an attack (Berserk, All In One, Heroic Attack,
    /// Medal of Honor, Fighting Spirit) are declared now: with the whole declaration, or in a
    /// battlefront declaration made part by part with the part that holds the Attack ("A player
    /// must declare that they are using a skill before rolling any dice that might be modified
    /// by that skill"), or the last part of a plan without one.
    fn uses_due(&self, d: &Decl, plan: Plan) -> bool {
        let (Some(p), Some(u)) = (d.bf_part, d.unit) else { return true };
        let parts = self.bf_parts(u, plan);
        let acts = plan.actions();
        match parts.get(usize::from(p.index)) {
            Some(&(start, end, _)) => acts[start..end].contains(&Action::Attack) || end >= acts.len(),
            None => true,
        }
    }

    pub(super) fn decl_options(&self, d: &Decl) -> Vec<Decision> {
        if let Some(options) = &d.options {
            return options.clone();
        }
        let Some(u) = d.unit else {
            let mut v: Vec<Decision> = self.activatable(d.side).map(Decision::Activate).collect();
            // A pilot activating on his own dismounts (battlefront "Piloting Vehicles").
            for h in self.rules().dismountable(self, d.side) {
                let i = v.partition_point(|x| matches!(x, Decision::Activate(u) if *u < h));
                v.insert(i, Decision::Activate(h));
            }
            if self.rules().may_pass(self, d.side) {
                // Passing hands the next activation to the other side (battlefront "Passing").
                v.push(Decision::First(d.side.other()));
            }
            return v;
        };
        if d.separate.is_none() {
            return vec![Decision::Use(Optional::Separate, false), Decision::Use(Optional::Separate, true)];
        }
        let Some(plan) = d.plan else {
            if d.reactive.is_some() {
                return self.reactive_plans().into_iter().map(Decision::Plan).collect();
            }
            if d.bf_three {
                // Ace Pilot: three actions this activation.
                return self.bf_three_plans(u).into_iter().map(Decision::Plan).collect();
            }
            return self
                .plans(u)
                .into_iter()
                .filter(|&p| Game::bf_dismount_plan(d, p))
                .map(Decision::Plan)
                .collect();
        };
        if d.assault.is_none() {
            return vec![Decision::Use(Optional::Assault, false), Decision::Use(Optional::Assault, true)];
        }
        if let Some(v) = self.rules().rear_options(self, d) {
            return v; // the square behind a large model's front square
        }
        if d.moves.len() < self.moves_due(d, plan) {
            let opts = self.leg_options(d);
            return opts.into_iter().map(Decision::MoveTo).collect();
        }
        if self.rules().face_due(self, d) {
            return self.bf_face_options(d);
        }
        if self.skill_due(d, plan, false) && d.ability.is_none() {
            return self.ability_options(d).into_iter().map(|(a, t)| Decision::Skill(a, t)).collect();
        }
        if self.skill_due(d, plan, true) && d.ability2.is_none() {
            return self
                .second_ability_options(d)
                .into_iter()
                .map(|(a, t)| Decision::Skill(a, t))
                .collect();
        }
        if d.spread.is_some() {
            return self.spread_options(d).into_iter().map(Decision::Spread).collect();
        }
        if d.cursor < d.lines.len() {
            let line = d.lines[d.cursor];
            return self.aim_decisions(d, line);
        }
        if let Some(v) = self.fire_options(d) {
            return v;
        }
        if !self.uses_due(d, plan) {
            return Vec::new();
        }
        for (flag, opt) in [
            (d.berserk, Optional::Berserk),
            (d.all_in_one, Optional::AllInOne),
            (d.heroic, Optional::HeroicAttack),
            (d.medal, Optional::MedalOfHonor),
            (d.spirit, Optional::FightingSpirit),
        ] {
            if flag.is_none() {
                return vec![Decision::Use(opt, false), Decision::Use(opt, true)];
            }
        }
        Vec::new()
    }

    /// Where the next move leg of the declaration may end: [`Game::move_options`], and in the
    /// battlefront edition, for a unit whose facing limits a weapon, the square the leg starts
    /// from: a Move that only turns the unit ("they will need to take a Move action to change
    /// direction first", "1) Check Field of Fire"; [`Game::bf_turn_in_place`]).
    fn leg_options(&self, d: &Decl) -> Vec<Square> {
        let mut v = self.move_options(d);
        if let Some(here) = self.rules().turn_in_place(self, d) {
            if !v.contains(&here) {
                let i = v.partition_point(|&s| s < here);
                v.insert(i, here);
            }
        }
        v
    }

    /// Fills in declaration items that have one possible answer; true if it changed something.
    pub(super) fn decl_autofill(&self, d: &mut Decl) -> bool {
        let Some(u) = d.unit else { return false };
        if d.bf_part.is_some_and(|p| p.index > 0) && self.unit(u).destroyed {
            return false; // the activation ends ([`Game::decl_finish`])
        }
        if d.separate.is_none() {
            // (A hero piloting a vehicle does not dismount yet, battlefront "Piloting Vehicles".)
            let joined = self.unit(u).joined.is_some_and(|j| !self.unit(j).destroyed) && self.unit(u).card.kind == UnitKind::Squad;
            if !joined || d.reactive.is_some() || d.indirect.is_some() {
                d.separate = Some(false);
                return true;
            }
            return false;
        }
        let Some(plan) = d.plan else { return false };
        if d.assault.is_none() {
            let can = plan_moves(plan) > 0 && self.has_skill(u, Skill::Assault) && !self.used(u, Skill::Assault);
            if !can {
                d.assault = Some(false);
                return true;
            }
            return false;
        }
        if let Some(changed) = self.rules().rear_autofill(self, d) {
            return changed; // the square behind a large model's front square
        }
        if d.moves.len() < self.moves_due(d, plan) {
            let opts = self.leg_options(d);
            if !opts.is_empty() {
                d.options = Some(opts.into_iter().map(Decision::MoveTo).collect());
                return false;
            }
            // Nowhere to go: the move action is spent standing still.
            let here = d.moves.last().copied().or(self.unit(u).at);
            match here {
                Some(h) => d.moves.push(h),
                None => {
                    // Cannot enter: the unit does nothing this round (docs/rulings.md, "A unit that cannot
                    // enter").
                    d.plan = Some(Plan::Two(Action::Nothing, Action::Nothing));
                    d.moves.clear();
                    d.bf_part = None;
                }
            }
            return true;
        }
        if self.rules().face_due(self, d) {
            d.options = Some(self.bf_face_options(d));
            return false;
        }
        if self.skill_due(d, plan, false) && d.ability.is_none() {
            let opts = self.ability_options(d);
            if opts.is_empty() {
                // Nothing the skill could be used on from there: the action is spent.
                d.ability = Some(None);
                return true;
            }
            d.options = Some(opts.into_iter().map(|(a, t)| Decision::Skill(a, t)).collect());
            return false;
        }
        if self.skill_due(d, plan, true) && d.ability2.is_none() {
            let opts = self.second_ability_options(d);
            if opts.is_empty() {
                d.ability2 = Some(None);
                return true;
            }
            d.options = Some(opts.into_iter().map(|(a, t)| Decision::Skill(a, t)).collect());
            return false;
        }
        if d.spread.is_some() {
            let opts = self.spread_options(d);
            if opts.len() > 1 {
                d.options = Some(opts.into_iter().map(Decision::Spread).collect());
                return false;
            }
            let (aim, mut path) = d.spread.take().expect("spread");
            // No space to choose (or only one): the flames go straight to the target.
            if let Some(&s) = opts.first() {
                path.push(s);
                d.spread = Some((aim, path));
                self.spread_done(d);
            } else {
                d.aims.push(aim);
                d.cursor += 1;
            }
            return true;
        }
        if d.lines.is_empty() && d.cursor == 0 && self.attack_due(d, plan) {
            let lines = self.attack_lines(u, plan);
            if !lines.is_empty() {
                d.lines = lines;
                return true;
            }
        }
        if d.cursor < d.lines.len() {
            let line = d.lines[d.cursor];
            let opts = self.aim_decisions(d, line);
            if opts.len() == 1 {
                // Only "leave it unused": the line has no target. Or, in reactive fire, the one
                // aim the line must take (the trigger): it is taken without a question, unless
                // flames must spread on the way.
                if let Decision::Aim {
                    line,
                    target: Some(t),
                    ammo,
                } = opts[0]
                {
                    let aim = Aim::new(line, t, ammo);
                    if self.spread_needed(d, &aim) > 0 {
                        d.options = Some(opts);
                        return false;
                    }
                    d.aims.push(aim);
                }
                d.cursor += 1;
                return true;
            }
            d.options = Some(opts);
            return false;
        }
        if let Some(opts) = self.fire_options(d) {
            if let [Decision::Fire(l)] = opts[..] {
                // One line may fire next (a cover element waits for the unit in its space).
                d.fired.push(l);
                return true;
            }
            d.options = Some(opts);
            return false;
        }
        if !self.uses_due(d, plan) {
            return false;
        }
        let attacking = !d.aims.is_empty();
        if d.berserk.is_none() {
            if !(attacking && self.has_skill(u, Skill::Berserk) && !self.used(u, Skill::Berserk)) {
                d.berserk = Some(false);
                return true;
            }
            return false;
        }
        if d.all_in_one.is_none() {
            if !(attacking && self.all_in_one_available(u, &d.aims)) {
                d.all_in_one = Some(false);
                return true;
            }
            return false;
        }
        if d.heroic.is_none() {
            let hero = self.group_hero(u);
            // Reactive fire: "You can also activate a skill that does not require an action"
            // ("Possible Situations for Reactive Fire"), and Heroic Attack needs none ("Using
            // this skill does not require an action, but the hero must activate").
            let reactive_off = d.reactive.is_some() && !self.rules().heroic_attack_in_reactions();
            if !hero.is_some_and(|h| self.unit(h).card.has(Skill::HeroicAttack) && !self.used(h, Skill::HeroicAttack))
                || reactive_off
                || d.indirect.is_some()
            {
                d.heroic = Some(false);
                return true;
            }
            return false;
        }
        if d.medal.is_none() {
            if self.medal_hero(u, &d.aims).is_none() {
                d.medal = Some(false);
                return true;
            }
            return false;
        }
        if d.spirit.is_none() {
            if !(attacking && self.rules().spirit_available(self, u, plan)) {
                d.spirit = Some(false);
                return true;
            }
            return false;
        }
        false
    }

    /// The hero whose Medal of Honor may serve this attack: a hero with the skill, unused this
    /// round, firing one of his own lines ("Medal of Honor": not shared with the squad).
    pub(super) fn medal_hero(&self, u: UnitId, aims: &[Aim]) -> Option<UnitId> {
        let h = self.group_hero(u)?;
        let hero = self.unit(h);
        if !hero.card.has(Skill::MedalOfHonor) || hero.round_used.contains(&Skill::MedalOfHonor) {
            return None;
        }
        aims.iter().any(|a| self.line_owner(u, a.line).0 == h).then_some(h)
    }

    pub(super) fn decl_apply(&mut self, d: &mut Decl, dec: Decision) {
        d.options = None;
        match dec {
            Decision::Activate(u) => {
                d.unit = Some(u);
                self.rules().unit_chosen(self, d, u);
            }
            Decision::Use(Optional::Separate, b) => {
                d.separate = Some(b);
                if b {
                    self.rules().separate(self, d.unit.expect("unit"));
                }
            }
            _ => {
                self.decl_note(d, dec);
            }
        }
    }

    /// [`Game::decl_apply`] for the decisions that change nothing but the declaration; false
    /// (and `d` untouched) for the others: choosing a unit where that changes the game (a
    /// battlefront pilot dismounts) or rolls its Ace Pilot die, separating a hero, passing.
    pub(super) fn decl_note(&self, d: &mut Decl, dec: Decision) -> bool {
        match dec {
            Decision::Activate(u) => {
                // As `decl_apply` and then `apply_unchecked` (which rolls the Ace Pilot die).
                let ace = d.bf_dismount.is_none() && d.reactive.is_none() && self.rules().ace_pilot(self, u);
                if self.rules().unit_chosen_changes_game() || ace {
                    return false;
                }
                d.options = None;
                d.unit = Some(u);
                return true;
            }
            Decision::Use(Optional::Separate, true) | Decision::First(_) => return false,
            // Not separating changes nothing but the declaration.
            Decision::Use(Optional::Separate, false) => {
                d.options = None;
                d.separate = Some(false);
                return true;
            }
            _ => {}
        }
        d.options = None;
        match dec {
            Decision::Activate(_) | Decision::Use(Optional::Separate, _) | Decision::First(_) => return false,
            Decision::Plan(p) => {
                d.plan = Some(p);
                // Battlefront: the actions are declared; each is declared in full as it is made.
                let u = d.unit.expect("unit");
                if d.reactive.is_none() && d.indirect.is_none() && self.rules().declares_part_by_part(self, u, p) {
                    d.bf_part = Some(BfPart::default());
                }
            }
            Decision::Use(Optional::Assault, b) => d.assault = Some(b),
            Decision::MoveTo(s) if self.rules().take_rear(self, d, s) => {}
            Decision::MoveTo(s) => d.moves.push(s),
            Decision::Face(f) => d.face = Some(f),
            Decision::Skill(a, t) if d.ability.is_none() => d.ability = Some(Some((a, t))),
            Decision::Skill(a, t) => d.ability2 = Some(Some((a, t))),
            Decision::Spread(s) => {
                if let Some((_, path)) = d.spread.as_mut() {
                    path.push(s);
                }
                self.spread_done(d);
            }
            Decision::Aim { line, target, ammo } => {
                if let Some(t) = target {
                    let aim = Aim::new(line, t, ammo);
                    if self.spread_needed(d, &aim) > 0 {
                        d.spread = Some((aim, Vec::new()));
                        return true;
                    }
                    d.aims.push(aim);
                }
                d.cursor += 1;
            }
            Decision::Fire(l) => d.fired.push(l),
            Decision::Use(Optional::Berserk, b) => d.berserk = Some(b),
            Decision::Use(Optional::AllInOne, b) => d.all_in_one = Some(b),
            Decision::Use(Optional::HeroicAttack, b) => d.heroic = Some(b),
            Decision::Use(Optional::MedalOfHonor, b) => d.medal = Some(b),
            Decision::Use(Optional::FightingSpirit, b) => d.spirit = Some(b),
            _ => {}
        }
        true
    }

    /// When the declaration is complete, the steps that carry it out.
    pub(super) fn decl_finish(&self, d: &Decl) -> Option<Vec<Step>> {
        let u = d.unit?;
        let plan = d.plan?;
        if d.bf_part.is_some_and(|p| p.index > 0) && self.unit(u).destroyed {
            // Destroyed by a reactive attack: nothing more is declared.
            return Some(vec![Step::EndActivation(u)]);
        }
        let uses_due = self.uses_due(d, plan);
        if d.separate.is_none()
            || d.assault.is_none()
            || d.moves.len() < self.moves_due(d, plan)
            || self.bf_rear_due(d)
            || self.rules().face_due(self, d)
            || (self.skill_due(d, plan, false) && d.ability.is_none())
            || (self.skill_due(d, plan, true) && d.ability2.is_none())
            || d.spread.is_some()
            || d.cursor < d.lines.len()
            || self.fire_options(d).is_some()
            || (uses_due
                && (d.berserk.is_none() || d.all_in_one.is_none() || d.heroic.is_none() || d.medal.is_none() || d.spirit.is_none()))
        {
            return None;
        }
        if self.attack_due(d, plan) && d.lines.is_empty() && d.cursor == 0 && self.attack_line_iter(u, plan).next().is_some() {
            return None;
        }
        let mut steps = Vec::new();
        let berserk = d.berserk == Some(true);
        let all_in_one = d.all_in_one == Some(true);
        let medal = d.medal == Some(true);
        // Battlefront "Set-Up Weapons": "a Move and then an Attack Action or an Attack Action
        // followed by a Move Action" (a reactive Move that only turns the unit included).
        let moving = self.rules().set_up_weapons_move(plan);
        // The lines in the order the player chose them to fire, the others after them in
        // card order (a stable sort).
        let mut aims = d.aims.clone();
        aims.sort_by_key(|a| d.fired.iter().position(|&l| l == a.line).unwrap_or(usize::MAX));
        let attack = |sustained: bool| Step::Attack {
            unit: u,
            aims: aims.clone(),
            sustained,
            berserk,
            all_in_one,
            medal,
            moving,
            spirit: d.spirit == Some(true),
        };
        let mut once = Vec::new();
        if d.assault == Some(true) {
            once.push(Skill::Assault);
        }
        if berserk {
            once.push(Skill::Berserk);
        }
        if all_in_one {
            once.push(Skill::AllInOne);
        }
        if let Some(part) = d.bf_part {
            return Some(self.bf_part_steps(d, part, u, plan, once, &attack));
        }
        if d.reactive.is_some() {
            // "Reactive Fire": a single ATTACK action against the trigger; skills that need no
            // action may be used. (Battlefront "Reactive Attacks": a Sustained Attack, or an
            // Attack after a Move that only turns the unit.)
            steps.extend(quiet_begin(u, plan, once, d.heroic == Some(true)));
            if let (Some(&to), Some(&f)) = (d.moves.first(), d.bf_faces.first()) {
                // Battlefront: a large or huge model turns before its reactive attack.
                steps.push(Step::Move {
                    unit: u,
                    to,
                    face: Some(f),
                });
            }
            steps.push(attack(plan == Plan::Sustained));
            return Some(steps);
        }
        if d.indirect.is_some() {
            // "Indirect Shot": the artillery unit activates at once; the shot uses both actions.
            steps.push(Step::Begin {
                unit: u,
                plan,
                once,
                heroic: false,
                quiet: false,
            });
            steps.push(attack(false));
            steps.push(Step::Ended(u));
            return Some(steps);
        }
        steps.push(Step::Begin {
            unit: u,
            plan,
            once,
            heroic: d.heroic == Some(true),
            quiet: false,
        });
        let fast = self.has_skill(u, Skill::Fast);
        let mut moves = d.moves.iter().copied();
        match plan {
            Plan::Sustained => steps.push(attack(true)),
            Plan::Charge => {
                for _ in 0..2 {
                    if let Some(to) = moves.next() {
                        steps.push(Step::Move { unit: u, to, face: None });
                    }
                }
                steps.push(Step::Window {
                    trigger: u,
                    reactors: None,
                });
                steps.push(attack(false));
            }
            Plan::Three(..) => {} // below
            Plan::Two(a, b) => {
                let (window_after_first, window_after_second) = self.reaction_windows(a, b, fast);
                for (i, act) in [a, b].into_iter().enumerate() {
                    match act {
                        Action::Move => {
                            if let Some(to) = moves.next() {
                                let leg = d.moves.len() - moves.len() - 1;
                                // The facing of a large model's pose, or the one a unit chose
                                // for the end of its last Move (battlefront).
                                let face = d.bf_faces.get(leg).copied().or(d.face.filter(|_| leg + 1 == d.moves.len()));
                                steps.push(Step::Move { unit: u, to, face });
                            }
                        }
                        Action::Attack => steps.push(attack(false)),
                        Action::Reload => steps.push(Step::Reload { unit: u }),
                        Action::Skill => {
                            if let Some(Some((ability, target))) = if i == 0 { d.ability } else { d.ability2.or(d.ability) } {
                                steps.push(Step::Ability { unit: u, ability, target });
                            }
                        }
                        Action::Nothing => {}
                    }
                    if (i == 0 && window_after_first) || (i == 1 && window_after_second) {
                        steps.push(Step::Window {
                            trigger: u,
                            reactors: None,
                        });
                    }
                }
            }
        }
        if let Plan::Three(a, b, c) = plan {
            // Ace Pilot's three actions: a March Move is two Move legs, a Sustained Attack two
            // Attack actions; the reactive attack comes "immediately before the last action of
            // the three" ("Reacting to Extra Actions").
            let acts = [a, b, c];
            let window = Game::bf_three_window(a, b, c);
            let mut i = 0;
            while i < acts.len() {
                if i == 2 && window {
                    steps.push(Step::Window {
                        trigger: u,
                        reactors: None,
                    });
                }
                match acts[i] {
                    Action::Attack if acts.get(i + 1) == Some(&Action::Attack) => {
                        steps.push(attack(true));
                        i += 2;
                        continue;
                    }
                    Action::Attack => steps.push(attack(false)),
                    Action::Move => {
                        if let Some(to) = moves.next() {
                            let leg = d.moves.len() - moves.len() - 1;
                            let face = d.bf_faces.get(leg).copied().or(d.face.filter(|_| leg + 1 == d.moves.len()));
                            steps.push(Step::Move { unit: u, to, face });
                        }
                    }
                    Action::Skill => {
                        if let Some(Some((ability, target))) = d.ability {
                            steps.push(Step::Ability { unit: u, ability, target });
                        }
                    }
                    Action::Reload => steps.push(Step::Reload { unit: u }),
                    Action::Nothing => {}
                }
                i += 1;
            }
        }
        steps.push(Step::EndActivation(u));
        Some(steps)
    }

    /// The steps of one part of a battlefront declaration made part by part
    /// ([`Decl::bf_part`]): the activation begins with the first part; the part's actions are
    /// made; the enemy may react after it; then the next part is declared (where the unit
    /// stands then, knowing what the reaction did), or the activation ends.
    fn bf_part_steps(&self, d: &Decl, part: BfPart, u: UnitId, plan: Plan, once: Vec<Skill>, attack: &dyn Fn(bool) -> Step) -> Vec<Step> {
        let parts = self.bf_parts(u, plan);
        let index = usize::from(part.index);
        let (start, end, window) = parts[index];
        let acts = plan.actions();
        let uses_now = !part.uses_done && self.uses_due(d, plan);
        let heroic = uses_now && d.heroic == Some(true);
        let mut steps = Vec::new();
        if index == 0 {
            steps.push(Step::Begin {
                unit: u,
                plan,
                once,
                heroic,
                quiet: false,
            });
        } else {
            // The optional skills declared with this part are spent now (Assault was with the
            // first part).
            let once: Vec<Skill> = once.into_iter().filter(|&s| s != Skill::Assault && uses_now).collect();
            steps.extend(quiet_begin(u, plan, once, heroic));
        }
        let mut i = start;
        while i < end {
            match acts[i] {
                Action::Attack => {
                    let sustained = end - start == 2;
                    steps.push(attack(sustained));
                    if sustained {
                        break;
                    }
                }
                Action::Move => {
                    let leg = acts[..i].iter().filter(|&&a| a == Action::Move).count();
                    if let Some(&to) = d.moves.get(leg) {
                        let face = d.bf_faces.get(leg).copied().or(d.face.filter(|_| leg + 1 == d.moves.len()));
                        steps.push(Step::Move { unit: u, to, face });
                    }
                }
                Action::Skill => {
                    if let Some(Some((ability, target))) = if i == 0 { d.ability } else { d.ability2.or(d.ability) } {
                        steps.push(Step::Ability { unit: u, ability, target });
                    }
                }
                Action::Reload => steps.push(Step::Reload { unit: u }),
                Action::Nothing => {}
            }
            i += 1;
        }
        if window {
            steps.push(Step::Window {
                trigger: u,
                reactors: None,
            });
        }
        if end >= acts.len() || index + 1 >= parts.len() {
            steps.push(Step::EndActivation(u));
            return steps;
        }
        // A March Move split by its reaction window: what its first leg leaves, worked out
        // before the leg is made.
        let splits_march = acts[end - 1] == Action::Move && acts.get(end) == Some(&Action::Move);
        let rest = if splits_march { self.bf_march_carry(d) } else { None };
        let mut next = d.clone();
        next.options = None;
        next.bf_part = Some(BfPart {
            index: part.index + 1,
            rest,
            uses_done: part.uses_done || uses_now,
        });
        steps.push(Step::Declare(Box::new(next)));
        steps
    }

    /// Whether All In One may be declared for this attack of `u` with `aims`. Revised: the
    /// skill has no sharing sentence, so a joined hero who has it uses it for his own lines
    /// (offered when one of them is aimed), and a squad's is shared with its hero ("Heroes":
    /// "Some hero skills are shared with the squad … All squad skills are shared with the
    /// hero"; docs/rulings.md, "All In One and a joined hero"). Once per game, for the unit
    /// whose card has it.
    pub(super) fn all_in_one_available(&self, u: UnitId, aims: &[Aim]) -> bool {
        self.rules().all_in_one_available(self, u, aims)
    }

    /// Whether All In One, declared for an attack of `attacker`, doubles the dice of weapon line
    /// `line` ([`Game::all_in_one_available`]): every line when the attacker's card has the
    /// skill (or in the battlefront edition, where it is shared both ways), else only the lines
    /// of the joined hero whose card has it.
    pub(super) fn all_in_one_doubles(&self, attacker: UnitId, line: u8) -> bool {
        self.rules().all_in_one_doubles(self, attacker, line)
    }

    pub(super) fn used(&self, u: UnitId, s: Skill) -> bool {
        let unit = self.unit(u);
        unit.used.contains(&s) || unit.joined.is_some_and(|j| self.unit(j).used.contains(&s))
    }

    pub(super) fn group_hero(&self, u: UnitId) -> Option<UnitId> {
        let unit = self.unit(u);
        if unit.card.kind == UnitKind::Hero {
            return Some(u);
        }
        unit.joined.filter(|j| !self.unit(*j).destroyed)
    }

    /// The plans unit `u` may declare (`EditionRules::plans`).
    pub(super) fn plans(&self, u: UnitId) -> Vec<Plan> {
        self.rules().plans(self, u)
    }

    /// Whether the unit could attack something from where it stands.
    pub(super) fn can_attack_now(&self, u: UnitId) -> bool {
        // Every aim needs a line whose range reaches its target: a unit out of range of every
        // enemy unit and cover element (most units, most of the game) is settled here without
        // working out aims.
        // (The battlefront edition measures large models from any of their squares.)
        let unit = self.unit(u);
        let Some(from) = unit.at else { return false };
        if !self.rules().models_hold_several_squares() {
            let reach = self.line_reach(u);
            let enemies = self
                .units
                .iter()
                .filter(|t| t.side != unit.side && !t.destroyed)
                .filter_map(|t| t.at);
            if !enemies
                .chain(self.board.cover_elements().map(|(s, _)| s))
                .any(|to| reach.contains(range(from, to)))
            {
                return false;
            }
        }
        let d = Decl {
            unit: Some(u),
            plan: Some(Plan::Sustained),
            ..Decl::new(self.unit(u).side)
        };
        let mut memo = SightMemo::new();
        self.attack_line_iter(u, Plan::Sustained)
            .any(|l| self.any_aim_memo(&d, l, None, &mut memo))
    }

    /// Weapon lines of the unit and its joined hero that an attack of this plan may use.
    pub(super) fn attack_lines(&self, u: UnitId, plan: Plan) -> Vec<u8> {
        self.attack_line_iter(u, plan).collect()
    }

    /// [`Game::attack_lines`] one by one, without collecting them.
    pub(super) fn attack_line_iter(&self, u: UnitId, plan: Plan) -> impl Iterator<Item = u8> + '_ {
        let lines = move |id: UnitId, offset: u8| {
            self.unit(id)
                .card
                .weapons
                .iter()
                .enumerate()
                .filter(move |(_, w)| plan != Plan::Charge || matches!(w.range, WeaponRange::Close | WeaponRange::Spaces { max: 1, .. }))
                .map(move |(i, _)| offset + i as u8)
        };
        let unit = self.unit(u);
        let hero = unit
            .joined
            .filter(|j| !self.unit(*j).destroyed && unit.card.kind == UnitKind::Squad);
        lines(u, 0).chain(hero.into_iter().flat_map(move |h| lines(h, HERO_LINE)))
    }

    /// The distances the weapon lines of `u` (with its joined hero's) reach: a quick first test
    /// for aims, each of which needs a line that reaches its target.
    fn line_reach(&self, u: UnitId) -> LineReach {
        let unit = self.unit(u);
        let mut reach = LineReach::default();
        unit.card.weapons.iter().for_each(|w| reach.add(w.range));
        // The joined hero's lines, as `attack_line_iter` gives them.
        if let Some(h) = unit
            .joined
            .filter(|j| unit.card.kind == UnitKind::Squad && !self.unit(*j).destroyed)
        {
            self.unit(h).card.weapons.iter().for_each(|w| reach.add(w.range));
        }
        reach
    }

    pub(super) fn line_owner(&self, u: UnitId, line: u8) -> (UnitId, usize) {
        if line >= HERO_LINE {
            (self.unit(u).joined.unwrap_or(u), usize::from(line - HERO_LINE))
        } else {
            (u, usize::from(line))
        }
    }

    /// Where the unit will be when its attack of this declaration happens.
    pub(super) fn attack_position(&self, d: &Decl) -> Option<Square> {
        let u = d.unit?;
        match d.plan? {
            Plan::Two(Action::Move, _) | Plan::Charge => d.moves.last().copied(),
            p @ Plan::Three(..) if p.moves_before(Action::Attack) => d.moves.last().copied(),
            Plan::Two(Action::Reload, Action::Attack) => self.unit(u).at,
            _ => self.unit(u).at,
        }
    }

    /// The decisions for weapon line `line`: leave it unused, or one of its aims (those of
    /// [`Game::each_aim`], in order).
    fn aim_decisions(&self, d: &Decl, line: u8) -> Vec<Decision> {
        let mut v = Vec::with_capacity(8);
        v.push(Decision::Aim {
            line,
            target: None,
            ammo: 0,
        });
        self.each_aim(d, line, None, &mut SightMemo::new(), &mut |a| {
            v.push(Decision::Aim {
                line: a.line,
                target: Some(a.target),
                ammo: a.ammo,
            });
            true
        });
        // Revised "Reactive Fire": the unit "performs a single ATTACK action with all weapon
        // lines that have sufficient range to target the opposing unit" (tactics-revised-faq.md:
        // "attacks with all of its weapon lines that have sufficient range"): a line that can
        // aim at the trigger is not left unused. Limited ammo stays the player's to spend
        // ("Players are not forced to use all limited ammo"; docs/rulings.md, "Reactive fire
        // with all weapon lines").
        if self.rules().reaction_fires_every_line() && d.reactive.is_some() && v.len() > 1 {
            if let Some(u) = d.unit {
                let (owner, li) = self.line_owner(u, line);
                if self.unit(owner).card.weapons.get(li).is_some_and(|w| w.ammo.is_none()) {
                    v.remove(0);
                }
            }
        }
        v
    }

    /// Revised edition: the [`Decision::Fire`] choices of the declaration now, `None` when
    /// there is none to make: every line is aimed and two or more ranged lines aimed have no
    /// place in the order yet ("Remember that the player chooses the order in which weapon lines
    /// fire", tactics-revised-faq.md, "How can a unit split fire"; "the player can choose to use
    /// any of the available weapon lines in any order between the squad and the hero",
    /// tactics-revised-core-rules.md, "Heroes"). Close-combat lines are not ordered: they fire
    /// after all other weapons ("Performing Attacks"). A line at a cover element is not offered
    /// while a line at a unit standing in its space waits ("resolve the attack against the unit
    /// first, followed by the attack against the cover element", "Attacking Cover Elements").
    fn fire_options(&self, d: &Decl) -> Option<Vec<Decision>> {
        if d.cursor < d.lines.len() || d.spread.is_some() || !self.rules().player_orders_lines() {
            return None;
        }
        let u = d.unit?;
        let rest: Vec<&Aim> = d
            .aims
            .iter()
            .filter(|a| {
                let (o, li) = self.line_owner(u, a.line);
                self.unit(o).card.weapons.get(li).is_some_and(|w| w.range != WeaponRange::Close) && !d.fired.contains(&a.line)
            })
            .collect();
        if rest.len() < 2 {
            return None;
        }
        let waits = |s: Square| {
            rest.iter()
                .any(|b| matches!(b.target, Target::Unit(t) if self.unit(t).at == Some(s)))
        };
        Some(
            rest.iter()
                .filter(|a| !matches!(a.target, Target::Cover(s) if waits(s)))
                .map(|a| Decision::Fire(a.line))
                .collect(),
        )
    }

    /// Whether the declaration reloads line `li` of unit `owner` before its attack: a RELOAD
    /// action before the ATTACK reloads the first empty reloadable line of the unit (its own
    /// lines; `Step::Reload`), which may then fire ("[Weapon Name]: Reload (SKILL)": "After
    /// performing this action, the unit can fire the weapon").
    fn reloads_before_attack(&self, d: &Decl, owner: UnitId, li: usize) -> bool {
        let (Some(u), Some(plan)) = (d.unit, d.plan) else { return false };
        let acts = plan.actions();
        let reload = acts.iter().position(|&a| a == Action::Reload);
        let attack = acts.iter().position(|&a| a == Action::Attack);
        if owner != u || !matches!((reload, attack), (Some(r), Some(a)) if r < a) {
            return false;
        }
        let unit = self.unit(u);
        (0..unit.card.weapons.len()).find(|&i| reloadable(&unit.card.weapons[i]) && unit.loaded & (1 << i) == 0) == Some(li)
    }

    /// Whether line `line` has an aim ([`Game::each_aim`]); stops at the first aim found.
    pub(super) fn any_aim(&self, d: &Decl, line: u8, observer_at: Option<Square>) -> bool {
        self.any_aim_memo(d, line, observer_at, &mut SightMemo::new())
    }

    /// [`Game::any_aim`] with the lines of sight already traced for other lines of the same
    /// attacker in the same position.
    fn any_aim_memo(&self, d: &Decl, line: u8, observer_at: Option<Square>, memo: &mut SightMemo) -> bool {
        let mut found = false;
        self.each_aim(d, line, observer_at, memo, &mut |_| {
            found = true;
            false
        });
        found
    }

    /// Hands every aim of weapon line `line` in this declaration to `f`, in order, until `f`
    /// returns false; `observer_at` overrides where the observer of an indirect shot stands (it
    /// may move before ordering the strike). `memo` holds the lines of sight traced so far from the same position by the same attacker
    /// (they do not depend on the weapon line).
    fn each_aim(&self, d: &Decl, line: u8, observer_at: Option<Square>, memo: &mut SightMemo, f: &mut dyn FnMut(Aim) -> bool) {
        self.rules().each_aim(self, d, line, observer_at, memo, f)
    }

    /// [`Game::each_aim`] by the edition's rules `rules`, compiled once for each edition
    /// ([`EditionRules::each_aim`]): the questions it asks the edition for every target are
    /// static calls, the hottest inlined.
    pub(super) fn each_aim_by<R: EditionRules + ?Sized>(
        &self,
        rules: &R,
        d: &Decl,
        line: u8,
        observer_at: Option<Square>,
        memo: &mut SightMemo,
        f: &mut dyn FnMut(Aim) -> bool,
    ) {
        let Some(u) = d.unit else { return };
        let Some(from) = self.attack_position(d) else { return };
        let (owner, li) = self.line_owner(u, line);
        let unit = self.unit(owner);
        let Some(w) = unit.card.weapons.get(li) else { return };
        if reloadable(w) && unit.loaded & (1 << li) == 0 && !self.reloads_before_attack(d, owner, li) {
            return;
        }
        // Squads fire a line only with living carriers; limited ammo belongs to the whole unit,
        // and "a squad cannot use more limited-ammo weapons during an attack than the number of
        // miniatures currently in the squad" ("Limited-Ammo Weapons"): the cap is shared by all
        // of the squad's limited-ammo lines in this attack.
        // (Battlefront: a box per attack, every carrier may fire, [`Game::bf_ammo_weapons`].)
        let per_attack = w.ammo.and_then(|_| rules.ammo_weapons(self, owner, li, w));
        let max_ammo: u8 = match (w.ammo, per_attack) {
            (Some(_), Some(n)) => n,
            (Some(_), None) => {
                // Badass: "considered unlimited, but it can use only up to the limited ammo per
                // activation".
                let left = if self.has_skill(u, Skill::Badass) {
                    w.ammo.unwrap_or(0)
                } else {
                    unit.ammo[li]
                };
                // A Volley line is one launcher, whatever ammo it spends; other limited-ammo
                // lines use one weapon per ammo box (docs/rulings.md, "Limited ammo in one attack").
                let is_volley = |wl: &WeaponLine| {
                    wl.table
                        .soldier
                        .iter()
                        .chain(&wl.table.vehicle)
                        .any(|v| matches!(v, CombatValue::Volley { .. }))
                };
                if unit.card.kind == UnitKind::Squad {
                    let spent: u8 = d
                        .aims
                        .iter()
                        .filter_map(|a| {
                            let (o, l) = self.line_owner(u, a.line);
                            let wl = &self.unit(o).card.weapons[l];
                            (o == owner && wl.ammo.is_some()).then(|| if is_volley(wl) { 1 } else { a.ammo })
                        })
                        .sum();
                    let free = unit.health.saturating_sub(spent);
                    if is_volley(w) {
                        if free == 0 {
                            0
                        } else {
                            left
                        }
                    } else {
                        left.min(free)
                    }
                } else {
                    left
                }
            }
            (None, _) => 0,
        };
        if w.ammo.is_some() && max_ammo == 0 {
            return;
        }
        if rules.line_refused(self, d, owner, li, line) {
            return;
        }
        if d.reactive.is_some() && !self.reactive_may_use(w) {
            return;
        }
        if unit.card.kind == UnitKind::Squad && w.ammo.is_none() && unit.carriers(li) == 0 {
            return;
        }
        // The numbers each aim carries: the ammo spent on a limited-ammo line, 0 on the others;
        // in the battlefront edition the soldiers (crew weapons) firing ([`Game::bf_aim_counts`]).
        let counts = rules.aim_counts(self, d, line, max_ammo).unwrap_or_else(|| {
            if w.ammo.is_some() {
                Counts::range(1, max_ammo)
            } else {
                Counts::range(0, 0)
            }
        });
        if counts == Counts::default() {
            return; // no soldier left to fire it
        }
        // An indirect shot: the artillery line aims where the observer sees and the artillery
        // unit does not ("Indirect Shot"; tactics-revised-faq.md: with line of sight the
        // artillery must fire a direct shot on its own activation).
        let indirect = match d.indirect {
            Some(obs) if w.range == WeaponRange::Artillery => observer_at.or(self.unit(obs).at).map(|p| (obs, p)),
            _ => None,
        };
        let attacker_kind = self.kind_of(u);
        let targets = match d.reactive {
            Some(t) => usize::from(t.0)..usize::from(t.0) + 1,
            None => 0..self.units.len(),
        };
        // Battlefront "Under-Barrel Weapons": with its main weapon aimed, at the same target.
        let same_as_main = rules.under_barrel_target(self, d, line);
        for t in targets.map(|i| UnitId(i as u8)) {
            let tu = self.unit(t);
            if tu.side == d.side || tu.destroyed || tu.is_joined_hero() || same_as_main.is_some_and(|m| m != Target::Unit(t)) {
                continue;
            }
            let Some(to) = tu.at else { continue };
            // Range first: it settles most targets, and costs least (the battlefront edition
            // measures large models from any of their squares, below).
            if !rules.models_hold_several_squares() && !rules.reaches(w.range, range(from, to)) {
                continue;
            }
            let value = w.table.against(self.armor_of(t));
            if value == CombatValue::NoEffect || rules.needless_line(self, owner, li, t) {
                continue;
            }
            match indirect {
                Some((obs, p)) => {
                    let seen_by_observer = || {
                        line_of_sight(
                            &self.board,
                            &self.occ,
                            &Shot {
                                from: p,
                                to,
                                attacker: self.kind_of(obs),
                                target: self.kind_of(t),
                            },
                        )
                        .is_ok()
                    };
                    if !rules.reaches(w.range, range(from, to))
                        || !seen_by_observer()
                        || self.in_fire_zone(w, from, to, attacker_kind, self.kind_of(t))
                    {
                        continue;
                    }
                }
                None => {
                    let shot = Shot {
                        from,
                        to,
                        attacker: attacker_kind,
                        target: self.kind_of(t),
                    };
                    if !rules.may_aim_at(self, d, (line, w), t, &shot, memo) {
                        continue;
                    }
                }
            }
            if !each_ammo(line, Target::Unit(t), value, counts, f) {
                return;
            }
        }
        // Improvised weapons are for the enemy, not cover elements (docs/rulings.md). The
        // battlefront book has no rule for attacking terrain: its weapons aim at units only
        // (docs/rulings.md, "Battlefront attacks on terrain").
        if rules.attacks_cover_elements() && d.reactive.is_none() && indirect.is_none() && !self.bf_is_improvised(owner, li) {
            // "Attacking Cover Elements": crates are armor vehicle 3 (2 health), traps vehicle 5
            // (4 health); flamethrowers cannot destroy anti-tank traps ("Flamethrowers").
            for (i, (s, el)) in self.board.cover_elements().enumerate() {
                if (w.keywords.flame && el == CoverElement::AntiTankTrap) || same_as_main.is_some_and(|m| m != Target::Cover(s)) {
                    continue;
                }
                let value = w.table.against(cover_armor(el));
                if value == CombatValue::NoEffect
                    || !rules.reaches(w.range, range(from, s))
                    || !memo.sees(256 + i, || self.sees_target(from, s, attacker_kind, PieceKind::Vehicle))
                {
                    continue;
                }
                if !each_ammo(line, Target::Cover(s), value, counts, f) {
                    return;
                }
            }
        }
    }

    pub(super) fn in_fire_zone(&self, w: &WeaponLine, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool {
        let d = range(from, to);
        if !self.rules().reaches(w.range, d) {
            return false;
        }
        self.sees_target(from, to, attacker, target)
    }

    pub(super) fn armor_of(&self, u: UnitId) -> Armor {
        self.unit(u).card.armor
    }

    /// Units that may attempt reactive fire against `trigger`: not activated, on the board, with
    /// a weapon that can reach and damage it ("Reactive Fire").
    pub(super) fn reactors(&self, trigger: UnitId) -> Vec<UnitId> {
        self.rules().reactors(self, trigger)
    }

    /// Revised "Reactive Fire": the units that may attempt it against `trigger`.
    pub(super) fn revised_reactors(&self, trigger: UnitId) -> Vec<UnitId> {
        let t = self.unit(trigger);
        let Some(to) = t.at else { return Vec::new() };
        if t.destroyed {
            return Vec::new();
        }
        let side = t.side.other();
        let mut v = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            let id = UnitId(i as u8);
            if u.side != side || u.destroyed || u.activated || u.is_joined_hero() {
                continue;
            }
            let Some(from) = u.at else { continue };
            // Every aim needs a line that reaches the trigger: most units are out of range,
            // which is settled here without working out their aims.
            if !self.line_reach(id).contains(range(from, to)) {
                continue;
            }
            let d = Decl {
                unit: Some(id),
                reactive: Some(trigger),
                plan: Some(Plan::Two(Action::Attack, Action::Nothing)),
                ..Decl::new(side)
            };
            let mut memo = SightMemo::new();
            if self
                .attack_line_iter(id, Plan::Sustained)
                .any(|l| self.any_aim_memo(&d, l, None, &mut memo))
            {
                v.push(id);
            }
        }
        v
    }
}

/// Distances in spaces that some weapon line reaches ([`WeaponRange::reaches`]): bit `d` of
/// `near` for `d` below 64; `far` when a line may reach 64 spaces or more (no shipped board is
/// that long). A superset is enough: it only spares working out aims that cannot exist.
#[derive(Copy, Clone, Default)]
struct LineReach {
    near: u64,
    far: bool,
}

impl LineReach {
    fn add(&mut self, r: WeaponRange) {
        // Bits `lo..=63`.
        let from = |lo: u32| u64::MAX.checked_shl(lo).unwrap_or(0);
        match r {
            WeaponRange::Spaces { min, max } => {
                let (lo, hi) = (u32::from(min).max(1), u32::from(max));
                if lo <= hi {
                    self.near |= from(lo) & (u64::MAX >> (63 - hi.min(63)));
                    self.far |= hi >= 64;
                }
            }
            WeaponRange::Close => self.near |= 1 << 1,
            WeaponRange::Unlimited => {
                self.near |= from(1);
                self.far = true;
            }
            WeaponRange::Artillery => {
                self.near |= from(4);
                self.far = true;
            }
        }
    }
    fn contains(self, d: u32) -> bool {
        if d < 64 {
            self.near >> d & 1 != 0
        } else {
            self.far
        }
    }
}

/// Lines of sight already traced from one position by one attacker: to unit `i` at index `i`,
/// to cover element `j` at `256 + j` (those past the table are traced every time).
pub(crate) struct SightMemo {
    /// Bit `i`: target `i` traced; then `seen` bit `i`: it is seen.
    known: [u64; 8],
    seen: [u64; 8],
}

impl SightMemo {
    pub(super) fn new() -> SightMemo {
        SightMemo {
            known: [0; 8],
            seen: [0; 8],
        }
    }
    /// Whether target `i` is seen, tracing it with `trace` the first time.
    #[inline]
    pub(super) fn sees(&mut self, i: usize, trace: impl FnOnce() -> bool) -> bool {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if w >= self.known.len() {
            return trace();
        }
        if self.known[w] & bit != 0 {
            return self.seen[w] & bit != 0;
        }
        let v = trace();
        self.known[w] |= bit;
        if v {
            self.seen[w] |= bit;
        }
        v
    }
}

pub(super) use crate::battlefront::weapons::is_volley_line;

/// The plan of two SKILL actions.
pub(super) const SKILL_SKILL: Plan = Plan::Two(Action::Skill, Action::Skill);

/// The once-per-game skills and Heroic Attack spent inside an activation already begun (a
/// reactive attack, a later part of a battlefront declaration), if any.
fn quiet_begin(unit: UnitId, plan: Plan, once: Vec<Skill>, heroic: bool) -> Option<Step> {
    (!once.is_empty() || heroic).then_some(Step::Begin {
        unit,
        plan,
        once,
        heroic,
        quiet: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`LineReach`] holds exactly the distances below 64 that its ranges reach, and a
    /// superset beyond.
    #[test]
    fn line_reach_agrees_with_weapon_ranges() {
        let mut ranges = vec![WeaponRange::Close, WeaponRange::Unlimited, WeaponRange::Artillery];
        for min in [0, 1, 2, 3, 5, 63, 64, 70] {
            for max in [0, 1, 2, 4, 8, 62, 63, 64, 100, 255] {
                ranges.push(WeaponRange::Spaces { min, max });
            }
        }
        for (i, &a) in ranges.iter().enumerate() {
            for &b in &ranges[i..] {
                let mut reach = LineReach::default();
                reach.add(a);
                reach.add(b);
                for d in 0..300 {
                    let exact = a.reaches(d) || b.reaches(d);
                    if d < 64 {
                        assert_eq!(reach.contains(d), exact, "{a:?} {b:?} at {d}");
                    } else {
                        assert!(reach.contains(d) || !exact, "{a:?} {b:?} at {d}");
                    }
                }
            }
        }
    }
}
