//! Damage: hits become lost health, casualties chosen by the owner, units destroyed and victory
//! points scored (tactics-revised-core-rules.md, "6) Suffer Damage", "Heroes", "Attacking Cover
//! Elements").

use super::*;

impl Game {
    pub(super) fn finish_fire(&mut self, job: &FireJob) {
        let mut damage = job.damage;
        self.events.push(Event::Hits {
            target: job.target,
            hits: job.hits,
            damage,
        });
        match job.target {
            Target::Cover(s) => {
                if damage == 0 {
                    return;
                }
                let (owner, li) = self.line_owner(job.attacker, job.line);
                let flame = self.unit(owner).card.weapons[li].keywords.flame;
                // "Attacking Cover Elements": an ammo crate has 2 health, an anti-tank trap 4;
                // damage adds up until the element is destroyed. Flamethrowers cannot destroy
                // anti-tank traps ("Flamethrowers").
                let hp: u16 = match self.board.cover(s) {
                    Some(CoverElement::AmmoCrate) => 2,
                    Some(CoverElement::AntiTankTrap) if !flame => 4,
                    _ => return,
                };
                let i = self.board.index(s);
                let taken = u16::from(self.cover_damage[i]) + damage;
                let destroyed = taken >= hp;
                if destroyed {
                    std::sync::Arc::make_mut(&mut self.board).remove_cover(s);
                    self.cover_damage[i] = 0;
                } else {
                    self.cover_damage[i] = taken as u8;
                }
                self.events.push(Event::CoverHit(s, destroyed));
            }
            Target::Unit(t) => {
                let (owner, _) = self.line_owner(job.attacker, job.line);
                // Wiederbelebungsserum: "he recovers one health point for each ⊕ result" of his
                // attack on enemy soldiers, cover saves or not (docs/rulings.md,
                // "Wiederbelebungsserum"); the battlefront edition keeps the hits that got through.
                let serum_hits = self.rules().serum_hits(job);
                if self.unit(owner).card.has(Skill::Wiederbelebungsserum)
                    && self.unit(t).card.armor.kind == ArmorType::Soldier
                    && serum_hits > 0
                {
                    self.serum.push((owner, serum_hits));
                }
                // Heroic Attack: "all attacks made against him during this round ... do not cause
                // any damage", AP Incendiary's elimination included (docs/rulings.md, "Heroic
                // Attack against AP Incendiary").
                let heroic = self.unit(t).heroic
                    || (self.unit(t).card.kind == UnitKind::Squad && self.unit(t).joined.is_some_and(|j| self.unit(j).heroic));
                if heroic {
                    damage = 0;
                }
                if job.ap_incendiary && job.hits > 0 && !heroic {
                    // "eliminate the entire unit if at least one die result is a hit"
                    damage = 0;
                    self.destroy_group(t);
                }
                if damage > 0 {
                    let hero = self.hero_points_per_hit(job.attacker, job.line, t);
                    if job.deferred {
                        self.deferred.push((t, damage, hero));
                    } else {
                        // A sniper chooses the miniature he hits ("Sniper").
                        let by = (job.sniper && self.unit(t).card.kind == UnitKind::Squad).then(|| self.unit(job.attacker).side);
                        self.stack.push(Step::Damage {
                            unit: t,
                            points: damage,
                            by,
                            hero,
                        });
                    }
                }
            }
        }
    }

    pub(super) fn destroy_group(&mut self, t: UnitId) {
        // (A hero piloting a vehicle is not part of it: he escapes, battlefront.)
        let squad = self.unit(t).card.kind == UnitKind::Squad;
        let ids: Vec<UnitId> = std::iter::once(t).chain(self.unit(t).joined.filter(|_| squad)).collect();
        for id in ids {
            if !self.unit(id).destroyed {
                let u = &mut self.units[usize::from(id.0)];
                u.health = 0;
                u.alive = 0;
                self.mark_destroyed(id);
            }
        }
    }

    pub(super) fn mark_destroyed(&mut self, id: UnitId) {
        // The squares a pilot may be placed into ("any square the Vehicle occupied").
        let held = self.rules().pilot_escape_squares(self, id);
        let u = &mut self.units[usize::from(id.0)];
        u.destroyed = true;
        u.times_destroyed = u.times_destroyed.saturating_add(1);
        let (side, ap) = (u.side, u.card.ap);
        let vehicle = u.card.kind != UnitKind::Squad && u.card.kind != UnitKind::Hero;
        let squad = u.card.kind == UnitKind::Squad;
        let mut pilot = None;
        if let Some(j) = u.joined.take() {
            self.units[usize::from(j.0)].joined = None;
            pilot = vehicle.then_some(j);
            if squad && self.rules().hero_carries_on() && !self.unit(j).destroyed {
                self.hand_activation_to_hero(id, j);
            }
        }
        self.units[usize::from(id.0)].at = None;
        self.vp[side.other()] += u32::from(ap);
        self.events.push(Event::Destroyed { unit: id, ap });
        self.rebuild_cells();
        self.rules().unit_destroyed(self, id, ap, pilot, held);
    }

    /// The squad `squad` was eliminated while its joined hero `hero` lives: the hero carries on
    /// with what is left of their declared activation (its moves, its reactive-fire windows, its
    /// attack with the hero's declared weapon lines, its end). "Possible Situations for Reactive
    /// Fire": "If the [unit] survives, it may continue with its ATTACK action"; "Heroes": the
    /// hero and the squad activate at the same time and his weapons are used with theirs; the
    /// squad's own lines and SKILL actions go with the squad (docs/rulings.md, "A joined hero
    /// whose squad is eliminated during their activation").
    fn hand_activation_to_hero(&mut self, squad: UnitId, hero: UnitId) {
        for step in &mut self.stack {
            match step {
                Step::Move { unit, .. } | Step::Attack { unit, .. } | Step::EndActivation(unit) | Step::Ended(unit) if *unit == squad => {
                    if let Step::Attack { aims, .. } = step {
                        aims.retain(|a| a.line >= HERO_LINE);
                        for a in aims.iter_mut() {
                            a.line -= HERO_LINE;
                        }
                    }
                    match step {
                        Step::Move { unit, .. } | Step::Attack { unit, .. } | Step::EndActivation(unit) | Step::Ended(unit) => *unit = hero,
                        _ => {}
                    }
                }
                Step::Window { trigger, reactors } if *trigger == squad => {
                    *trigger = hero;
                    *reactors = None;
                }
                _ => {}
            }
        }
    }

    /// The choices for the next damage point on a unit: distinct miniatures (by what they carry)
    /// and the joined hero.
    pub(super) fn casualty_options(&self, u: UnitId) -> Vec<Casualty> {
        let unit = self.unit(u);
        if unit.destroyed || unit.card.kind != UnitKind::Squad {
            return Vec::new();
        }
        let mut v = Vec::new();
        let mut seen: Vec<(u32, Option<crate::unit::Role>)> = Vec::new();
        for (i, m) in unit.card.models.iter().enumerate() {
            if unit.alive & (1 << i) != 0 && !seen.contains(&(m.weapons, m.role)) {
                seen.push((m.weapons, m.role));
                v.push(Casualty::Model(i as u8));
            }
        }
        if unit.joined.is_some_and(|j| !self.unit(j).destroyed) {
            v.push(Casualty::Hero);
        }
        v
    }

    /// Damage on a vehicle or a hero alone: health points lost at once ("6) Suffer Damage").
    pub(super) fn damage_health(&mut self, u: UnitId, points: u16) {
        let unit = self.unit(u);
        if unit.destroyed || unit.card.kind == UnitKind::Squad {
            return;
        }
        let lost = (points.min(u16::from(unit.health))) as u8;
        self.units[usize::from(u.0)].health -= lost;
        self.events.push(Event::Damaged(u, lost));
        if self.unit(u).health == 0 {
            self.mark_destroyed(u);
        }
    }

    /// One point of damage on a squad (or the hero joined to it) as chosen, the rest staying
    /// pending. When the squad loses its last miniature while its hero lives, the rest of the
    /// damage goes to the hero: the owner cannot save the hero by removing miniatures first
    /// ("Heroes": "the owning player must choose who loses one health point"). A sniper's damage
    /// (`by` is the attacker) kills the chosen miniature only; if he chose the hero, the hero
    /// takes all of it ("Sniper", docs/rulings.md).
    ///
    /// `per_hero` is what the hero loses for each point he takes: 1, or in the battlefront
    /// edition the weapon's damage rating against him (each point on a squad is one hit there).
    ///
    /// Battlefront: in a squad with a joined hero, Damage Resilient is rolled for the casualty
    /// chosen, before it is taken ([`Game::resilient_due`]).
    pub(super) fn damage_point(&mut self, u: UnitId, points: u16, by: Option<Side>, per_hero: u8, c: Casualty) {
        if self.resilient_due(u, c) {
            self.stack.push(Step::Resilient {
                unit: u,
                points,
                by,
                hero: per_hero,
                casualty: c,
            });
            return;
        }
        self.damage_point_less(u, points, by, per_hero, c, 0);
    }

    /// [`Game::damage_point`] with `cancelled` points of this casualty cancelled (by Damage
    /// Resilient).
    pub(super) fn damage_point_less(&mut self, u: UnitId, points: u16, by: Option<Side>, per_hero: u8, c: Casualty, cancelled: u16) {
        let hero = self.unit(u).joined.filter(|&h| !self.unit(h).destroyed);
        self.take_casualty(u, c, per_hero, cancelled);
        let left = points.saturating_sub(1);
        if left == 0 {
            return;
        }
        let to_hero = left.saturating_mul(u16::from(per_hero));
        match (by, c) {
            (Some(_), Casualty::Hero) => {
                if let Some(h) = hero {
                    self.damage_health(h, to_hero);
                }
            }
            (Some(_), Casualty::Model(_)) => {}
            (None, _) if !self.unit(u).destroyed => self.stack.push(Step::Damage {
                unit: u,
                points: left,
                by,
                hero: per_hero,
            }),
            (None, _) => {
                if let Some(h) = hero.filter(|&h| !self.unit(h).destroyed) {
                    self.stack.push(Step::Damage {
                        unit: h,
                        points: to_hero,
                        by,
                        hero: 1,
                    });
                }
            }
        }
    }

    /// What a hero joined to squad `t` loses for each of the squad's damage points he is
    /// chosen to take from weapon line `line` of `attacker`: one point in the revised edition
    /// (where the squad's points already carry the rating); in the battlefront edition the
    /// weapon's damage rating against the hero ("7) Suffer Damage": "Each hit on an Infantry
    /// Squad eliminates one miniature", a hero marks off the rating; docs/rulings.md,
    /// "Battlefront damage per hit").
    fn hero_points_per_hit(&self, attacker: UnitId, line: u8, t: UnitId) -> u8 {
        self.rules().hero_points_per_hit(self, attacker, line, t)
    }

    /// [`Game::hero_points_per_hit`] in the battlefront edition: the weapon's damage rating
    /// against the hero.
    pub(super) fn bf_hero_points_per_hit(&self, attacker: UnitId, line: u8, t: UnitId) -> u8 {
        let Some(h) = self.unit(t).joined.filter(|&h| !self.unit(h).destroyed) else {
            return 1;
        };
        if self.unit(t).card.kind != UnitKind::Squad {
            return 1;
        }
        let (owner, li) = self.line_owner(attacker, line);
        let Some(w) = self.unit(owner).card.weapons.get(li) else { return 1 };
        let damage = match w.table.against(self.unit(h).card.armor) {
            CombatValue::Dice { damage, .. } | CombatValue::Volley { damage, .. } => damage,
            // Phaser power dice, incendiary dice and a weapon with no effect on the hero: one
            // point (a hero joins only a squad of his own armour, "Joining Infantry Squads").
            _ => 1,
        };
        self.bf_damage_per_hit(owner, li, Target::Unit(h), damage).max(1)
    }

    /// One casualty: a miniature, or the joined hero losing `per_hero` points (at most his
    /// health left); `cancelled` of those points are not taken (Damage Resilient).
    fn take_casualty(&mut self, u: UnitId, c: Casualty, per_hero: u8, cancelled: u16) {
        match c {
            Casualty::Hero => {
                let Some(h) = self.unit(u).joined else { return };
                let lost = per_hero.clamp(1, self.unit(h).health.max(1));
                let lost = lost.saturating_sub(cancelled.min(255) as u8);
                if lost == 0 {
                    return;
                }
                self.units[usize::from(h.0)].health -= lost;
                self.events.push(if lost == 1 {
                    Event::Wounded(u, Casualty::Hero)
                } else {
                    Event::Damaged(h, lost)
                });
                if self.unit(h).health == 0 {
                    self.mark_destroyed(h);
                }
            }
            Casualty::Model(m) => {
                let unit = &mut self.units[usize::from(u.0)];
                if unit.alive & (1 << m) == 0 || cancelled > 0 {
                    return;
                }
                unit.alive &= !(1 << m);
                unit.health -= 1;
                self.events.push(Event::Wounded(u, Casualty::Model(m)));
                if self.unit(u).health == 0 {
                    // The hero goes on alone ("separating" is forced by the squad's end).
                    self.mark_destroyed(u);
                }
            }
        }
    }
}
