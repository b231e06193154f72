//! SKILL actions and skills that act outside an attack's dice: Artillery Strike (the indirect
//! shot), Tank Head, the Command Squad abilities, Wiederbelebungsserum, and the flames of
//! flamethrowers of range 2 or more (tactics-revised-core-rules.md, "Skills", "Command Squad
//! Abilities", "Artillery Weapons (Range A)", "Indirect Shot", "Flamethrowers").

use super::*;
use crate::unit::Role;

/// Whether a plan spends an action on a [`Decision::Skill`].
pub(super) fn plan_has_skill(p: Plan) -> bool {
    match p {
        Plan::Two(a, b) => a == Action::Skill || b == Action::Skill,
        Plan::Three(a, b, c) => [a, b, c].contains(&Action::Skill),
        Plan::Sustained | Plan::Charge => false,
    }
}

/// The range from `s` to the nearest of `squares`.
fn nearest(s: Square, squares: &[Square]) -> u32 {
    squares.iter().map(|&q| range(s, q)).min().unwrap_or(u32::MAX)
}

/// `a` and `b` are the same space or touch ("adjacent"; a hero may share a vehicle's space).
fn near(a: Square, b: Square) -> bool {
    a == b || a.is_adjacent(b)
}

impl Game {
    /// Whether a squad still has a living miniature with this role ("Command Squad Abilities":
    /// the squad loses a specialist's ability with his miniature).
    pub(super) fn role_alive(&self, u: UnitId, role: Role) -> bool {
        let unit = self.unit(u);
        !unit.destroyed
            && unit
                .card
                .models
                .iter()
                .enumerate()
                .any(|(i, m)| unit.alive & (1 << i) != 0 && m.role == Some(role))
    }

    /// Whether `u` is a Command Squad that may still attempt an ability this round ("A player
    /// can only attempt to use one Command Squad skill once per round").
    fn command_ready(&self, u: UnitId) -> bool {
        let unit = self.unit(u);
        unit.card.kind == UnitKind::Squad && unit.card.has(Skill::CommandSquad) && !unit.round_used.contains(&Skill::CommandSquad)
    }

    /// Whether `u` is an observer: the Artillery Strike skill of its own, or a Command Squad
    /// with its Radioman that may still attempt an ability this round.
    fn observer(&self, u: UnitId) -> bool {
        self.own_strike(u) || (self.command_ready(u) && self.role_alive(u, Role::Radioman))
    }

    /// Whether `u` has an Artillery Strike of its own, not its Command Squad's Radioman's. A
    /// Command Squad's card may list the skill (the shipped The Boss does), but it is the
    /// Radioman's: "The Radioman can use his radio to call in an Artillery Strike ... When the
    /// Radioman is eliminated, the Command Squad cannot use the Artillery Strike skill", and it
    /// is one of the squad's abilities, one attempt a round (tactics-revised-core-rules.md,
    /// "Artillery Strike – Radioman (SKILL)", "Command Squad Abilities"). Only a joined hero's
    /// own skill, where the edition shares it with his squad, is then an observer's.
    fn own_strike(&self, u: UnitId) -> bool {
        let unit = self.unit(u);
        if unit.card.kind == UnitKind::Squad && unit.card.has(Skill::CommandSquad) {
            return unit.joined.is_some_and(|h| {
                let hero = self.unit(h);
                !hero.destroyed && hero.card.has(Skill::ArtilleryStrike) && self.rules().hero_shares(Skill::ArtilleryStrike)
            });
        }
        self.has_skill(u, Skill::ArtilleryStrike)
    }

    /// The abilities the unit could use with a SKILL action this round, wherever it stands.
    pub(super) fn abilities(&self, u: UnitId) -> Vec<Ability> {
        let unit = self.unit(u);
        if unit.at.is_none() {
            return Vec::new();
        }
        let mut v = Vec::new();
        if self.observer(u) {
            v.push(Ability::ArtilleryStrike);
        }
        if let Some(h) = self.group_hero(u) {
            if self.unit(h).card.has(Skill::TankHead) && !self.unit(h).used.contains(&Skill::TankHead) {
                v.push(Ability::TankHead);
            }
        }
        if self.command_ready(u) {
            let (officer, radio, mechanic, medic) = (
                self.role_alive(u, Role::Officer),
                self.role_alive(u, Role::Radioman),
                self.role_alive(u, Role::Mechanic),
                self.role_alive(u, Role::Medic),
            );
            let once = |a: Ability| !unit.abilities_used.contains(&a);
            for (ok, a) in [
                (officer, Ability::GetMoving),
                (mechanic, Ability::MakeshiftRepair),
                (mechanic && radio && once(Ability::FieldRepair), Ability::FieldRepair),
                (medic, Ability::GetUp),
                (medic && radio && once(Ability::ComeOnGuys), Ability::ComeOnGuys),
            ] {
                if ok {
                    v.push(a);
                }
            }
        }
        v
    }

    /// Where the unit stands when the SKILL action of its declaration happens.
    fn skill_position(&self, d: &Decl) -> Option<Square> {
        match d.plan? {
            Plan::Two(Action::Move, Action::Skill) => d.moves.last().copied(),
            p @ Plan::Three(..) if p.moves_before(Action::Skill) => d.moves.last().copied(),
            _ => self.unit(d.unit?).at,
        }
    }

    /// Every (ability, unit) the SKILL action of the declaration may name.
    pub(super) fn ability_options(&self, d: &Decl) -> Vec<(Ability, UnitId)> {
        let Some(u) = d.unit else { return Vec::new() };
        let Some(p) = self.skill_position(d) else { return Vec::new() };
        // Battlefront "Vehicle and Aircraft Size": a large or huge model is next to whatever
        // touches any of its squares (the user's, where it acts, and the target's).
        let mine = if self.model_squares(u) > 1 {
            self.bf_decl_squares(d, p)
        } else {
            vec![p]
        };
        let side = self.unit(u).side;
        let group: Vec<UnitId> = std::iter::once(u).chain(self.unit(u).joined).collect();
        let mut out = Vec::new();
        for a in self.abilities(u) {
            for (i, x) in self.units.iter().enumerate() {
                let t = UnitId(i as u8);
                if x.side != side || group.contains(&t) || x.is_joined_hero() && a != Ability::GetUp {
                    continue;
                }
                let on_board_near = !x.destroyed && self.touches(&mine, t);
                let vehicle = x.piece() == PieceKind::Vehicle;
                let ok = match a {
                    Ability::ArtilleryStrike => self.can_strike(u, p, t),
                    Ability::TankHead | Ability::MakeshiftRepair => vehicle && on_board_near && x.health < x.card.health,
                    // "If there is a Radioman in the Officer's squad, he can issue this order to
                    // any unit on the battlefield" (Relay).
                    Ability::GetMoving => {
                        !x.destroyed
                            && x.at.is_some()
                            && (self.touches(&mine, t) || self.role_alive(u, Role::Radioman))
                            && !self.follow_up.contains(&t)
                    }
                    Ability::FieldRepair => vehicle && x.destroyed,
                    Ability::GetUp => on_board_near && x.health < x.card.health && x.card.kind != UnitKind::Vehicle && !vehicle,
                    Ability::ComeOnGuys => x.card.kind == UnitKind::Squad && x.destroyed,
                };
                if ok {
                    out.push((a, t));
                }
            }
        }
        out
    }

    /// Whether unit `t`, on the board, is on or next to one of the squares `mine` (every square
    /// of a large or huge model, [`Game::unit_squares`]).
    fn touches(&self, mine: &[Square], t: UnitId) -> bool {
        if self.model_squares(t) > 1 {
            self.unit_squares(t).iter().any(|&s| mine.iter().any(|&p| near(p, s)))
        } else {
            self.unit(t).at.is_some_and(|s| mine.iter().any(|&p| near(p, s)))
        }
    }

    /// Whether `a` is, for unit `u`, one of its Command Squad's abilities (one attempt a round
    /// for the squad): every ability but Tank Head and an observer's own Artillery Strike (a
    /// Command Squad's is its Radioman's, [`Game::own_strike`]).
    pub(super) fn is_command_ability(&self, u: UnitId, a: Ability) -> bool {
        match a {
            Ability::TankHead => false,
            Ability::ArtilleryStrike => !self.own_strike(u),
            _ => true,
        }
    }

    /// The second SKILL action of a SKILL + SKILL plan: another ability than the first, and not
    /// a second Command Squad ability.
    pub(super) fn second_ability_options(&self, d: &Decl) -> Vec<(Ability, UnitId)> {
        let Some(u) = d.unit else { return Vec::new() };
        let Some(Some((first, _))) = d.ability else { return Vec::new() };
        let first_command = self.is_command_ability(u, first);
        self.ability_options(d)
            .into_iter()
            .filter(|&(a, _)| a != first && !(first_command && self.is_command_ability(u, a)))
            .collect()
    }

    /// Whether observer `u` at `p` may order artillery unit `a` to fire an indirect shot now:
    /// `a` is a friendly unit not yet activated with a loaded artillery weapon, and some enemy
    /// the observer sees is in range of it and out of its own sight.
    fn can_strike(&self, u: UnitId, p: Square, a: UnitId) -> bool {
        let art = self.unit(a);
        if art.destroyed || art.activated || art.at.is_none() || a == u {
            return false;
        }
        let has_gun = art
            .card
            .weapons
            .iter()
            .enumerate()
            .any(|(i, w)| w.range == WeaponRange::Artillery && art.loaded & (1 << i) != 0);
        if !has_gun {
            return false;
        }
        let mut d = Decl::new(art.side);
        d.unit = Some(a);
        d.plan = Some(Plan::Two(Action::Attack, Action::Nothing));
        d.indirect = Some(u);
        // The observer's position is where it stands when the strike happens (`p`); during the
        // declaration it has not moved yet, so its line of sight is checked from `p` here.
        let _ = p;
        self.attack_line_iter(a, Plan::Sustained).any(|l| {
            let (o, li) = self.line_owner(a, l);
            self.unit(o).card.weapons[li].range == WeaponRange::Artillery && self.any_aim(&d, l, Some(p))
        })
    }

    /// Carries out a SKILL action.
    pub(super) fn run_ability(&mut self, u: UnitId, ability: Ability, target: UnitId) {
        if self.unit(u).destroyed {
            return;
        }
        // (An observer's own Artillery Strike, shared with a joined hero in the battlefront
        // edition, is no Command Squad attempt: [`Game::is_command_ability`].)
        // A Radioman killed between the declaration and the SKILL action (by reactive fire)
        // takes the squad's Artillery Strike with him.
        let radio = self.own_strike(u) || self.role_alive(u, Role::Radioman);
        if self.is_command_ability(u, ability) {
            // One Command Squad attempt per round, successful or not.
            self.units[usize::from(u.0)].round_used.push(Skill::CommandSquad);
        }
        match ability {
            Ability::ArtilleryStrike => {
                let Some(p) = self.unit(u).at else { return };
                let ok = radio && self.can_strike(u, p, target);
                self.events.push(Event::AbilityUsed {
                    unit: u,
                    ability,
                    target,
                    success: ok,
                });
                if ok {
                    // "Immediately activate the artillery unit and fire the indirect shot."
                    let mut d = Decl::new(self.unit(target).side);
                    d.unit = Some(target);
                    d.separate = Some(false);
                    d.plan = Some(Plan::Two(Action::Attack, Action::Nothing));
                    d.assault = Some(false);
                    d.indirect = Some(u);
                    self.stack.push(Step::Declare(Box::new(d)));
                }
            }
            Ability::TankHead | Ability::MakeshiftRepair => {
                let t = self.unit(target);
                if t.destroyed {
                    return;
                }
                let gain = if ability == Ability::TankHead {
                    t.card.health - t.health
                } else {
                    1.min(t.card.health - t.health)
                };
                if ability == Ability::TankHead {
                    if let Some(h) = self.group_hero(u) {
                        self.units[usize::from(h.0)].used.push(Skill::TankHead);
                    }
                }
                self.units[usize::from(target.0)].health += gain;
                self.events.push(Event::AbilityUsed {
                    unit: u,
                    ability,
                    target,
                    success: true,
                });
                if gain > 0 {
                    self.events.push(Event::Repaired(target, gain));
                }
            }
            Ability::GetUp => {
                let t = self.unit(target);
                if t.destroyed {
                    return;
                }
                self.events.push(Event::AbilityUsed {
                    unit: u,
                    ability,
                    target,
                    success: true,
                });
                let t = &mut self.units[usize::from(target.0)];
                if t.card.kind == UnitKind::Squad {
                    // The medic's side chooses the miniature that returns.
                    if !self.revive_options(target).is_empty() {
                        self.stack.push(Step::Revive { medic: u, squad: target });
                    }
                } else if t.health < t.card.health {
                    t.health += 1;
                    self.events.push(Event::Repaired(target, 1));
                }
            }
            Ability::GetMoving | Ability::FieldRepair | Ability::ComeOnGuys => {
                self.stack.push(Step::AbilityRoll { unit: u, ability, target });
            }
        }
    }

    /// The missing miniatures of a squad that "Get up" may bring back, one per kind (the same
    /// weapons and role).
    pub(super) fn revive_options(&self, squad: UnitId) -> Vec<u8> {
        let t = self.unit(squad);
        let mut seen: Vec<(u32, Option<crate::unit::Role>)> = Vec::new();
        let mut v = Vec::new();
        for (i, m) in t.card.models.iter().enumerate() {
            if t.alive & (1 << i) == 0 && !seen.contains(&(m.weapons, m.role)) {
                seen.push((m.weapons, m.role));
                v.push(i as u8);
            }
        }
        v
    }

    /// "The miniature returns to its squad with its special weapons and full ammo for any
    /// limited weapons": its limited-ammo lines are refilled to the card's ammo
    /// (docs/rulings.md, "Get up and the miniature that returns").
    pub(super) fn revive(&mut self, squad: UnitId, m: u8) {
        let t = &mut self.units[usize::from(squad.0)];
        if t.destroyed || t.alive & (1 << m) != 0 || usize::from(m) >= t.card.models.len() {
            return;
        }
        t.alive |= 1 << m;
        t.health += 1;
        let weapons = t.card.models[usize::from(m)].weapons;
        for li in 0..t.card.weapons.len() {
            if weapons & (1 << li) != 0 {
                if let Some(full) = t.card.weapons[li].ammo {
                    t.ammo[li] = full;
                }
            }
        }
        self.events.push(Event::Repaired(squad, 1));
    }

    /// The die of an order: on a hit the order works and the unit named activates right after
    /// the Command Squad's activation.
    pub(super) fn resolve_ability_roll(&mut self, u: UnitId, ability: Ability, target: UnitId, success: bool) {
        self.events.push(Event::AbilityUsed {
            unit: u,
            ability,
            target,
            success,
        });
        if !success {
            return;
        }
        match ability {
            Ability::GetMoving => {
                if self.unit(target).destroyed {
                    return;
                }
                // "Rotate the reactivated unit's card to its upright position."
                self.units[usize::from(target.0)].activated = false;
                if let Some(j) = self.unit(target).joined {
                    self.units[usize::from(j.0)].activated = false;
                }
            }
            Ability::FieldRepair | Ability::ComeOnGuys => {
                if !self.unit(target).destroyed {
                    return;
                }
                // The unit comes back whole, off the board, and enters from its side's entry
                // squares when it activates. Its earlier destruction still counts.
                let old = &self.units[usize::from(target.0)];
                let mut fresh = Unit::new(old.card.clone(), old.side);
                fresh.times_destroyed = old.times_destroyed;
                self.units[usize::from(target.0)] = fresh;
                self.units[usize::from(u.0)].abilities_used.push(ability);
                self.events.push(Event::Returned(target));
            }
            _ => return,
        }
        self.follow_up.push(target);
    }

    /// Wiederbelebungsserum: after all weapon lines are resolved, each hero with the serum
    /// recovers one health point per hit it scored on enemy soldiers, up to its starting health.
    pub(super) fn run_serum(&mut self) {
        for (h, hits) in std::mem::take(&mut self.serum) {
            let hero = &mut self.units[usize::from(h.0)];
            if hero.destroyed {
                continue;
            }
            let gain = (hits.min(u16::from(hero.card.health - hero.health))) as u8;
            if gain > 0 {
                hero.health += gain;
                self.events.push(Event::Repaired(h, gain));
            }
        }
    }

    // ----- flamethrowers of range 2 or more ----------------------------------------------------

    /// How many spaces the flames of this aim cross before the target (0 for other weapons and
    /// adjacent targets): "Flamethrower weapons that fire farther than one space inflict damage on
    /// all units in spaces between the attacking unit and the target unit".
    pub(super) fn spread_needed(&self, d: &Decl, aim: &Aim) -> usize {
        let Some(u) = d.unit else { return 0 };
        let (o, li) = self.line_owner(u, aim.line);
        let w = &self.unit(o).card.weapons[li];
        let reach_more = matches!(w.range, WeaponRange::Spaces { max, .. } if max > 1);
        let (Target::Unit(t), true, true) = (aim.target, w.keywords.flame, reach_more) else {
            return 0;
        };
        match self.attack_position(d).and_then(|from| self.flame_ends(d, from, t)) {
            Some((mine, theirs)) => {
                let left = mine.iter().map(|&a| nearest(a, &theirs)).min().unwrap_or(0);
                (left as usize).saturating_sub(1)
            }
            None => 0,
        }
    }

    /// The squares flames (or a battlefront spray) run between: the attacker's where it attacks
    /// from `from` and the target's; in the battlefront edition every square of a large or huge
    /// model ("Vehicle and Aircraft Size"), the path starting next to the attacker's square
    /// nearest the target and ending next to the target's nearest square.
    fn flame_ends(&self, d: &Decl, from: Square, t: UnitId) -> Option<(Vec<Square>, Vec<Square>)> {
        let to = self.unit(t).at?;
        Some(self.rules().flame_ends(self, d, from, t, to))
    }

    /// The next space the flames may cross: a neighbour of the previous space (or of the
    /// attacker) one step closer to the target, which the attacker can see ("the controlling
    /// player chooses the spaces where the flames spread. The attacking unit must still be able to
    /// see each target").
    pub(super) fn spread_options(&self, d: &Decl) -> Vec<Square> {
        let Some((aim, path)) = &d.spread else { return Vec::new() };
        let (Some(u), Some(from), Target::Unit(t)) = (d.unit, self.attack_position(d), aim.target) else {
            return Vec::new();
        };
        let Some((mine, theirs)) = self.flame_ends(d, from, t) else {
            return Vec::new();
        };
        // Where the path goes on from: its last square, or the attacker's squares nearest the
        // target (its one square in the revised edition).
        let starts: Vec<Square> = match path.last() {
            Some(&p) => vec![p],
            None => {
                let m = mine.iter().map(|&a| nearest(a, &theirs)).min();
                mine.iter().copied().filter(|&a| Some(nearest(a, &theirs)) == m).collect()
            }
        };
        let kind = self.kind_of(u);
        let mut out = Vec::new();
        for s in self.board.squares() {
            if mine.contains(&s)
                || theirs.contains(&s)
                || !starts
                    .iter()
                    .any(|&p| p.is_adjacent(s) && nearest(s, &theirs) + 1 == nearest(p, &theirs))
            {
                continue;
            }
            if self.rules().flames_may_cross(self, from, kind, &mine, s) {
                out.push(s);
            }
        }
        out
    }

    /// Revised "Flamethrowers": whether the flames of a unit (of kind `attacker`) in `from` may
    /// cross square `s`: the attacker sees it, and every unit standing in it.
    pub(super) fn flames_seen(&self, from: Square, attacker: PieceKind, s: Square) -> bool {
        let seen = |target: PieceKind| {
            line_of_sight(
                &self.board,
                &self.occ,
                &Shot {
                    from,
                    to: s,
                    attacker,
                    target,
                },
            )
            .is_ok()
        };
        let here: Vec<&Unit> = self.units.iter().filter(|x| !x.destroyed && x.at == Some(s)).collect();
        if here.is_empty() {
            seen(PieceKind::Squad)
        } else {
            here.iter().all(|x| seen(x.piece()))
        }
    }

    /// Records a chosen flame space; when the path is complete, the aim is declared.
    pub(super) fn spread_done(&self, d: &mut Decl) {
        let Some((mut aim, path)) = d.spread.take() else { return };
        if path.len() >= self.spread_needed(d, &aim) {
            for (slot, s) in aim.via.iter_mut().zip(path) {
                *slot = Some(s);
            }
            d.aims.push(aim);
            d.cursor += 1;
        } else {
            d.spread = Some((aim, path));
        }
    }

    /// The units the flames of an aim hit besides its target: every unit in the spaces crossed,
    /// friends included, but not the attacker itself (joined heroes are hit with their squad).
    pub(super) fn flame_victims(&self, attacker: UnitId, aim: &Aim) -> Vec<UnitId> {
        let mut v = Vec::new();
        for s in aim.via.iter().flatten() {
            for (i, x) in self.units.iter().enumerate() {
                let id = UnitId(i as u8);
                // Battlefront: a large or huge model is hit on any of its squares, once.
                let on = x.at == Some(*s) || self.model_squares(id) > 1 && self.unit_squares(id).contains(s);
                if x.destroyed || !on || x.is_joined_hero() || id == attacker || self.unit(attacker).joined == Some(id) {
                    continue;
                }
                if Target::Unit(id) != aim.target && !v.contains(&id) {
                    v.push(id);
                }
            }
        }
        v
    }
}
