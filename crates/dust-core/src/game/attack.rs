//! Attacks: weapon lines fire one by one, close combat last and simultaneous, dice counted per
//! carrier, rerolls (sustained, Berserk, laser), Phaser damage dice, cover saves and Damage
//! Resilient (tactics-revised-core-rules.md, "Performing Attacks" to "Cover Saves", "Special
//! Combat Values", "Special Weapons").

use super::*;

impl Game {
    // ----- attacks -------------------------------------------------------------------------------

    /// `bf`: in the battlefront edition, whether the activation also takes a Move action (set-up
    /// weapons) and whether Fighting Spirit is used.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn start_attack(
        &mut self,
        u: UnitId,
        mut aims: Vec<Aim>,
        sustained: bool,
        berserk: bool,
        all_in_one: bool,
        medal: bool,
        bf: (bool, bool),
    ) {
        let (moving, spirit) = bf;
        if self.unit(u).destroyed {
            return;
        }
        // A joined hero killed before the attack (by reactive fire) takes his declared weapon
        // lines with him: only the squad's lines still fire.
        let hero_present = self.unit(u).joined.is_some_and(|h| !self.unit(h).destroyed);
        aims.retain(|a| a.line < HERO_LINE || hero_present);
        self.rules().attack_begins(self, u, &aims, spirit);
        // Fighting Spirit: "hits on rolls of [target] as well as [army symbol]".
        let bf_hit = if spirit { Symbols::ARMY_OR_TARGET } else { Symbols::ARMY };
        // Wiederbelebungsserum heals "after all weapon lines are resolved": this step runs last.
        self.serum.clear();
        self.stack.push(Step::Serum);
        // Medal of Honor: declared with the attack, once per round.
        self.medal = None;
        if medal {
            if let Some(h) = self.medal_hero(u, &aims) {
                self.units[usize::from(h.0)].round_used.push(Skill::MedalOfHonor);
                self.medal = Some(h);
            }
        }
        // Declared resources are spent even if the target is already gone ("3) Declare Targets").
        let rules = self.rules();
        for a in &aims {
            let (owner, li) = self.line_owner(u, a.line);
            let badass = self.has_skill(u, Skill::Badass);
            let unit = &mut self.units[usize::from(owner.0)];
            if unit.card.weapons[li].ammo.is_some() && !badass {
                // Battlefront "Limited-Ammo Weapons": "Mark one of these boxes each time a unit
                // makes an Attack or Sustained Attack action with the Limited-Ammo Weapon".
                let spent = rules.ammo_spent(&unit.card.weapons[li], a);
                unit.ammo[li] = unit.ammo[li].saturating_sub(spent);
            }
            if reloadable(&unit.card.weapons[li]) && rules.fired_weapons_unload() {
                unit.loaded &= !(1 << li);
            }
        }
        let (close, ranged): (Vec<Aim>, Vec<Aim>) = aims.into_iter().partition(|a| {
            let (o, li) = self.line_owner(u, a.line);
            self.unit(o).card.weapons[li].range == WeaponRange::Close
        });
        // "Resolve attacks from all other weapons first", then close combat; against the unit
        // before its cover element ("Attacking Cover Elements").
        // Revised edition: the ranged lines come in the order the player chose
        // ([`Decision::Fire`]), which already puts a cover element after the unit in its
        // space; the battlefront edition fires at units first, in card order.
        let mut ranged = ranged;
        let unit_squares: Vec<Square> = ranged
            .iter()
            .filter_map(|a| match a.target {
                Target::Unit(t) => self.unit(t).at,
                Target::Cover(_) => None,
            })
            .collect();
        let units_first = self.rules().fires_at_units_first();
        ranged.sort_by_key(|a| matches!(a.target, Target::Cover(s) if units_first || unit_squares.contains(&s)));
        let firers = self.rules().firers(self, u, &ranged, false);
        let firers_of = |line: u8| firers.iter().find(|f| f.0 == line).map(|f| f.1);
        // Battlefront: the soldiers are shared out among the close-combat lines of the whole
        // attack, then each close combat (one per defender) fires its lines with the soldiers
        // they got: each line carries that number ([`Game::close_jobs`]); a line left with none
        // does not fire.
        let close_firers = self.rules().firers(self, u, &close, true);
        let mut defenders: Vec<UnitId> = close
            .iter()
            .filter_map(|a| if let Target::Unit(t) = a.target { Some(t) } else { None })
            .collect();
        let close: Vec<Aim> = close
            .into_iter()
            .filter_map(|a| match close_firers.iter().find(|f| f.0 == a.line) {
                Some(&(_, 0)) => None,
                Some(&(_, n)) if self.unit(u).card.weapons[usize::from(a.line)].ammo.is_none() => Some(Aim {
                    ammo: n.min(u32::from(u8::MAX)) as u8,
                    ..a
                }),
                _ => Some(a),
            })
            .collect();
        defenders.sort();
        defenders.dedup();
        // "Attacking Cover Elements": "A unit can attempt to destroy a cover element", with any
        // weapon that reaches it, a close-combat weapon against an adjacent element included.
        // The element does not fight back: the line rolls as a ranged line does, after the
        // close combats (the unit before the cover element in the same space; docs/rulings.md,
        // "Close-combat weapons against cover elements").
        let (close_cover, close): (Vec<Aim>, Vec<Aim>) = close.into_iter().partition(|a| matches!(a.target, Target::Cover(_)));
        if self.rules().attacks_cover_elements() {
            for a in close_cover.into_iter().rev() {
                let job = self.job(u, a, sustained, berserk, all_in_one, false);
                self.stack.push(Step::Fire(Box::new(job)));
            }
        }
        for def in defenders.into_iter().rev() {
            let lines: Vec<Aim> = close.iter().filter(|a| a.target == Target::Unit(def)).copied().collect();
            self.stack.push(Step::CloseCombat {
                attacker: u,
                defender: def,
                lines,
                sustained,
                berserk,
                all_in_one,
                retaliate: None,
            });
        }
        for a in ranged.into_iter().rev() {
            // A flamethrower of range 2 or more also burns every unit in the spaces it crosses.
            for v in self.flame_victims(u, &a).into_iter().rev() {
                let job = self.job(
                    u,
                    Aim {
                        target: Target::Unit(v),
                        ..a
                    },
                    sustained,
                    berserk,
                    all_in_one,
                    false,
                );
                self.stack.push(Step::Fire(Box::new(FireJob {
                    half: moving && self.bf_set_up(u, a.line),
                    bf_hit,
                    firers: firers_of(a.line),
                    ..job
                })));
            }
            let job = self.job(u, a, sustained, berserk, all_in_one, false);
            self.stack.push(Step::Fire(Box::new(FireJob {
                half: moving && self.bf_set_up(u, a.line),
                bf_hit,
                firers: firers_of(a.line),
                ..job
            })));
        }
    }

    /// The fire jobs of close-combat lines `lines` of unit `u` (an attack or a retaliation),
    /// their damage deferred until both sides have rolled; in the battlefront edition each
    /// soldier uses one of them ([`Game::bf_firers`]).
    pub(super) fn close_jobs(&self, u: UnitId, lines: &[Aim], sustained: bool, berserk: bool, all_in_one: bool) -> Vec<FireJob> {
        let firers = self.rules().firers(self, u, lines, true);
        lines
            .iter()
            .map(|&aim| FireJob {
                firers: firers.iter().find(|f| f.0 == aim.line).map(|f| f.1),
                ..self.job(u, aim, sustained, berserk, all_in_one, true)
            })
            // A line no soldier uses does not fire.
            .filter(|j| j.firers != Some(0))
            .collect()
    }

    /// The close-combat lines unit `u` fights back with (retaliation); of a weapon with two
    /// lines only the first on the card (docs/rulings.md, "Battlefront weapons with two lines").
    pub(super) fn close_lines(&self, u: UnitId) -> Vec<Aim> {
        let mut out: Vec<Aim> = Vec::new();
        for l in self.attack_line_iter(u, Plan::Sustained) {
            let (o, li) = self.line_owner(u, l);
            let unit = self.unit(o);
            let usable = unit.card.weapons[li].range == WeaponRange::Close && (unit.card.kind != UnitKind::Squad || unit.carriers(li) > 0);
            // Improvised weapons make close-combat attacks, not retaliations (docs/rulings.md,
            // "Battlefront improvised close-combat weapons").
            let improvised = unit.bf.as_ref().and_then(|b| b.weapons.get(li)).is_some_and(|w| w.improvised);
            if usable
                && !improvised
                && !self
                    .rules()
                    .mode_partner(self, u, l)
                    .is_some_and(|p| out.iter().any(|a| a.line == p))
            {
                out.push(Aim::new(l, Target::Unit(u), 0));
            }
        }
        out
    }

    /// Whether weapon line `li` of unit `owner` is its Improvised Weapons line
    /// ([`crate::unit::improvised_weapon`]).
    pub(super) fn bf_is_improvised(&self, owner: UnitId, li: usize) -> bool {
        self.unit(owner)
            .bf
            .as_ref()
            .and_then(|b| b.weapons.get(li))
            .is_some_and(|w| w.improvised)
    }

    /// Whether weapon line `li` of unit `owner` is its Improvised Weapons line and is not offered
    /// against `t` because another close-combat weapon of the unit can hurt `t`
    /// (tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons": "Even if they
    /// don't have any weapons that can hurt the enemy, they'll find or make something to do the
    /// job"; docs/rulings.md, "Battlefront improvised close-combat weapons"). The AI asks it too.
    pub fn bf_improvised_needless(&self, owner: UnitId, li: usize, t: UnitId) -> bool {
        if !self.bf_is_improvised(owner, li) {
            return false;
        }
        let unit = self.unit(owner);
        let armor = self.armor_of(t);
        unit.card.weapons.iter().enumerate().any(|(i, w)| {
            i != li
                && w.range == WeaponRange::Close
                && (unit.card.kind != UnitKind::Squad || unit.carriers(i) > 0)
                && w.table.against(armor) != CombatValue::NoEffect
        })
    }

    /// The other line of the weapon of line `line` of unit `u` (the numbering of
    /// [`Game::attack_line_iter`]), for a battlefront weapon with two modes of shooting
    /// (tactics-battlefront-2013-rules.txt, "Weapons with Two Lines").
    #[inline]
    pub(super) fn bf_mode_partner(&self, u: UnitId, line: u8) -> Option<u8> {
        let (owner, li) = self.line_owner(u, line);
        let p = self.unit(owner).bf.as_ref()?.weapons.get(li)?.mode_of?;
        Some(if line >= HERO_LINE { HERO_LINE + p } else { p })
    }

    /// Whether line `line` may not be aimed in this declaration because the other line of its
    /// weapon already is: "Each time such a weapon makes an attack, the player must announce
    /// which set of characteristics they will use for the attack" (tactics-battlefront-2013-
    /// rules.txt, "Weapons with Two Lines"). Aiming the first line of the pair is the
    /// announcement; the second is then not offered.
    pub(super) fn bf_mode_taken(&self, d: &Decl, line: u8) -> bool {
        let Some(u) = d.unit else { return false };
        crate::rules_shared::mode_taken(self.rules().mode_partner(self, u, line), |p| d.aims.iter().any(|a| a.line == p))
    }

    pub(super) fn can_retaliate(&self, defender: UnitId) -> bool {
        let d = self.unit(defender);
        !d.destroyed && !self.close_lines(defender).is_empty()
    }

    pub(super) fn job(&self, attacker: UnitId, aim: Aim, sustained: bool, berserk: bool, all_in_one: bool, deferred: bool) -> FireJob {
        // "Sniper": the sniper's own weapon (a hero's, or a line only sniper miniatures carry).
        let (owner, li) = self.line_owner(attacker, aim.line);
        let sniper = crate::rules_shared::sniper_line(&self.unit(owner).card, li);
        FireJob {
            sniper,
            attacker,
            line: aim.line,
            target: aim.target,
            ammo: aim.ammo,
            sustained,
            berserk,
            all_in_one: all_in_one && self.all_in_one_doubles(attacker, aim.line),
            deferred,
            stage: Stage::Prepare,
            face: Face::Hit,
            dice: 0,
            hits: 0,
            failures: 0,
            chain: 0,
            power: 0,
            damage_per_hit: 0,
            save: None,
            bf_save: None,
            bf_hit: Symbols::ARMY,
            ap_incendiary: false,
            damage: 0,
            medal_choice: false,
            half: false,
            firers: None,
            bf_res_hits: 0,
            rolled_hits: 0,
        }
    }

    pub(super) fn prepare_fire(&mut self, job: &mut FireJob) {
        let u = job.attacker;
        if self.unit(u).destroyed && !job.deferred {
            return;
        }
        let (owner, li) = self.line_owner(u, job.line);
        let Some(from) = self.unit(u).at else { return };
        let card = self.unit(owner).card.clone();
        // A hero's line whose hero is gone does not fire.
        let Some(w) = card.weapons.get(li) else { return };
        // In close-combat retaliation the target is the attacker of the close combat.
        let target = job.target;
        let (armor, target_kind, target_sq, target_alive) = match target {
            Target::Unit(t) => {
                let tu = self.unit(t);
                if tu.destroyed {
                    return;
                }
                // Miniatures targeted: the squad's, plus its joined hero ("Incendiary Blast").
                // (A hero piloting a vehicle cannot be targeted: not counted.)
                let hero = tu
                    .joined
                    .filter(|_| tu.card.kind == UnitKind::Squad)
                    .map_or(0, |j| self.unit(j).miniatures());
                (tu.card.armor, self.kind_of(t), tu.at, tu.miniatures() + hero)
            }
            Target::Cover(s) => match self.board.cover(s) {
                Some(el) => (cover_armor(el), PieceKind::Vehicle, Some(s), 1),
                None => return,
            },
        };
        let Some(to) = target_sq else { return };
        let value = w.table.against(armor);
        let unit = self.unit(owner);
        let per_squad = if unit.card.kind == UnitKind::Squad && w.ammo.is_none() {
            // Battlefront: only the carriers not firing another ranged weapon.
            job.firers.map_or(unit.carriers(li), |n| n.min(unit.carriers(li)))
        } else {
            match self.rules().crew_weapons(self, owner, li) {
                // "Vehicle Crews": the crew weapons this line fires of those the damage points
                // left allow, shared among the crew lines aimed (`Game::bf_firers`).
                Some(points) => job.firers.map_or(points, |n| n.min(points)),
                None => 1,
            }
        };
        // Battlefront: the soldiers firing a limited-ammo line, at most those left to fire it.
        let per_ammo = if w.ammo.is_some() {
            job.firers.map_or(u32::from(job.ammo), |n| n.min(u32::from(job.ammo)))
        } else {
            1
        };
        let mut dice: u32 = match value {
            CombatValue::NoEffect => 0,
            CombatValue::Dice { dice, damage } => {
                job.damage_per_hit = damage;
                u32::from(dice) * per_squad * per_ammo
            }
            CombatValue::Phaser { aim, power } => {
                job.power = power;
                job.damage_per_hit = 1;
                u32::from(aim) * per_squad * per_ammo
            }
            CombatValue::Volley { dice, damage } => {
                job.damage_per_hit = damage;
                u32::from(dice[usize::from(job.ammo.clamp(1, 4) - 1)])
            }
            CombatValue::Incendiary { dice } => {
                job.damage_per_hit = 1;
                u32::from(dice) * target_alive * per_squad * per_ammo
            }
            CombatValue::ApIncendiary { dice } => {
                // "Roll X dice for each targeted miniature and eliminate the entire unit if at
                // least one die result is a hit."
                job.ap_incendiary = true;
                job.damage_per_hit = 1;
                u32::from(dice) * target_alive * per_squad * per_ammo
            }
        };
        job.damage_per_hit = self.rules().damage_per_hit(self, owner, li, target, job.damage_per_hit);
        if w.keywords.burst {
            if let Target::Unit(t) = target {
                if !self.unit(t).moved {
                    dice *= 2; // "Burst Weapons"
                }
            }
        }
        if job.half {
            // "Set-Up Weapons": "it only rolls half of that weapon's combat dice (rounded up)".
            dice = dice.div_ceil(2);
        }
        if job.all_in_one {
            dice *= 2;
        }
        job.dice = dice.min(u32::from(u16::MAX)) as u16;
        // Spotter: "reverse the dice results" of its squad's attacks.
        job.face = if self.squad_has_role(u, crate::unit::Role::Spotter) {
            Face::Miss
        } else {
            Face::Hit
        };
        // The revised cover saves, or the battlefront edition's saves that replace them.
        let rules = self.rules();
        let cover = if let (true, Target::Unit(t)) = (rules.cover_saves(), target) {
            let tu = self.unit(t);
            let ignores = w.ignores_cover(value) || job.deferred;
            if ignores || tu.card.kind != UnitKind::Squad {
                None
            } else {
                let shot = Shot {
                    from,
                    to,
                    attacker: self.kind_of(u),
                    target: target_kind,
                };
                match line_of_sight(&self.board, &self.occ, &shot).map(|c| c.level) {
                    Ok(CoverLevel::Soft) => tu.card.soft_cover,
                    Ok(CoverLevel::Hard) => tu.card.hard_cover,
                    _ => None,
                }
            }
        } else {
            None
        };
        job.save = cover;
        job.bf_save = match target {
            Target::Unit(t) => rules.unit_save(self, u, w, t, from, job.deferred),
            Target::Cover(_) => None,
        };
        self.events.push(Event::Fired {
            unit: u,
            weapon: w.name.clone(),
            target,
            dice: job.dice,
        });
        job.stage = Stage::Roll;
        job.failures = 0;
        job.hits = 0;
        job.chain = 0;
        job.damage = 0;
        let laser = w.keywords.laser;
        let _ = laser;
    }

    pub(super) fn squad_has_role(&self, u: UnitId, role: crate::unit::Role) -> bool {
        let unit = self.unit(u);
        unit.card.kind == UnitKind::Squad
            && unit
                .card
                .models
                .iter()
                .enumerate()
                .any(|(i, m)| unit.alive & (1 << i) != 0 && m.role == Some(role))
    }

    pub(super) fn fire_stage(&mut self, job: &mut FireJob, k: u16) {
        match job.stage {
            Stage::Roll => {
                job.hits = k;
                job.failures = job.dice - k;
                job.stage = Stage::Sustained;
            }
            Stage::Sustained => {
                job.hits += k;
                job.failures -= k;
                job.stage = Stage::Berserk;
            }
            Stage::Berserk => {
                job.hits += k;
                job.failures -= k;
                job.stage = Stage::Medal;
            }
            Stage::Medal => {
                // "Reroll one combat die during an attack and apply the new result."
                job.hits += k;
                job.failures -= k;
                self.medal = None;
                job.stage = Stage::Laser;
                job.chain = job.hits;
            }
            Stage::Laser => {
                job.hits += k;
                job.chain = k;
            }
            Stage::Power => {
                job.hits = k;
                job.stage = Stage::Cover;
            }
            Stage::Cover => {
                job.rolled_hits = job.hits;
                job.hits -= k;
                job.stage = Stage::Resilient;
                job.damage = job.hits * u16::from(job.damage_per_hit);
                self.rules().resilient_start(self, job);
            }
            Stage::Resilient if job.bf_res_hits > 0 => {
                // Battlefront: one hit's roll; the next hit rolls against the crosses left.
                let n = self.bf_resilient_dice(job);
                job.damage += n - k;
                job.bf_res_hits -= 1;
                if job.bf_res_hits == 0 || self.bf_resilient_dice(job) == 0 {
                    job.bf_res_hits = 0;
                    job.stage = Stage::Prepare;
                }
            }
            Stage::Resilient => {
                // One die per point, or per hit on a squad taking several points a hit (an
                // automatic kill on a support weapon, [`Game::bf_squad_hit_points`]).
                job.damage = job.damage.saturating_sub(k * self.rules().squad_hit_points(self, job));
                job.stage = Stage::Prepare;
            }
            Stage::Prepare => {}
        }
        self.continue_fire(job);
    }

    /// Moves a fire job past the stages that do not apply, then finishes it or puts it back on
    /// the stack for its next roll (or the Medal of Honor choice).
    pub(super) fn continue_fire(&mut self, job: &mut FireJob) {
        let (owner, li) = self.line_owner(job.attacker, job.line);
        let laser = self.unit(owner).card.weapons[li].keywords.laser;
        // Battlefront: a squad with a joined hero rolls Damage Resilient per casualty instead.
        let resilient = matches!(job.target, Target::Unit(t) if self.unit(t).card.has(Skill::DamageResilient)
            && !self.rules().resilient_per_casualty(self, t));
        // Skip the stages that do not apply.
        loop {
            match job.stage {
                Stage::Sustained if !(job.sustained && job.failures > 0) => job.stage = Stage::Berserk,
                Stage::Berserk if !(job.berserk && job.failures > 0) => job.stage = Stage::Medal,
                Stage::Medal if !(self.medal == Some(owner) && job.failures > 0) => {
                    job.stage = Stage::Laser;
                    job.chain = job.hits;
                }
                Stage::Laser if !(laser && job.chain > 0) => {
                    job.stage = if job.power > 0 { Stage::Power } else { Stage::Cover };
                }
                Stage::Power if job.hits == 0 => job.stage = Stage::Cover,
                Stage::Cover if !((job.save.is_some() || job.bf_save.is_some()) && job.hits > 0) => {
                    job.rolled_hits = job.hits;
                    job.stage = Stage::Resilient;
                    job.damage = job.hits * u16::from(job.damage_per_hit);
                    self.rules().resilient_start(self, job);
                }
                Stage::Resilient if job.bf_res_hits > 0 && self.bf_resilient_dice(job) == 0 => {
                    job.bf_res_hits = 0;
                    job.stage = Stage::Prepare;
                }
                Stage::Resilient if job.bf_res_hits == 0 && !(resilient && job.damage > 0 && !job.ap_incendiary) => {
                    job.stage = Stage::Prepare;
                }
                _ => break,
            }
        }
        // "Reroll one combat die during an attack": when another line of the hero's fires later
        // in this attack, the player chooses which roll gets it.
        job.medal_choice = job.stage == Stage::Medal
            && self.stack.iter().any(|s| {
                matches!(s, Step::Fire(j) if j.attacker == job.attacker && j.stage == Stage::Prepare
                    && self.line_owner(j.attacker, j.line).0 == owner)
            });
        if job.stage == Stage::Prepare {
            self.finish_fire(job);
        } else {
            self.stack.push(Step::Fire(Box::new(job.clone())));
        }
    }
}

/// Gives a battlefront infantry or vehicle unit its Improvised Weapons line
/// ([`crate::unit::improvised_weapon`]), after the card's own lines and carried by every
/// miniature: "An Infantry or Vehicle unit (but not Aircraft) can always make a close-combat
/// attack using Improvised Weapons" (tactics-battlefront-2013-rules.txt, "Improvised
/// Close-Combat Weapons"). Aircraft, and cards with no line number left, get none.
pub(super) fn add_improvised(u: &mut Unit) {
    use crate::unit::{improvised_weapon, BattlefrontCard, BattlefrontKind, BattlefrontWeapon};
    let aircraft = u.card.kind == UnitKind::Aircraft || matches!(u.bf.as_ref().and_then(|b| b.kind), Some(BattlefrontKind::LargeAircraft));
    let n = u.card.weapons.len();
    if aircraft || n >= 31 {
        return;
    }
    let (line, bfw) = improvised_weapon();
    let mut card = (*u.card).clone();
    card.weapons.push(line);
    for m in &mut card.models {
        m.weapons |= 1 << n;
    }
    u.card = Arc::new(card);
    u.ammo.resize(n, 0);
    u.ammo.push(0);
    let mut bf: BattlefrontCard = u.bf.as_deref().cloned().unwrap_or_default();
    bf.weapons.resize(n, BattlefrontWeapon::default());
    bf.weapons.push(bfw);
    u.bf = Some(Arc::new(bf));
}
