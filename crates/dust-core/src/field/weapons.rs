//! Special weapons and engineering equipment on the table (tactics-battlefield-summary.md,
//! "SPECIAL WEAPONS": "ARTILLERY WEAPONS", "RELOAD WEAPONS", "SALVO WEAPONS", "SNIPER WEAPONS",
//! "SPOTTERS", "UNDER-BARREL WEAPONS", "VOLLEY WEAPONS"; "ARTILLERY OBSERVER"; "ENGINEERING
//! VEHICLES" ("Chainsaws and claws"), "DOZER BLADE").
//!
//! | rule | where it acts |
//! | --- | --- |
//! | volley weapons: the rockets fired, the dice multiplied, the boxes marked | [`FieldGame::repeated_aim`], [`FieldGame::multiply_repeats`], [`FieldGame::mark_fired`] (the attack's plan and roll), [`FieldGame::weapon_candidates`] (the generator) |
//! | reload and salvo weapons: the Loaded token, a salvo's doubled dice, RELOAD | [`FieldGame::loaded_refusal`], [`FieldGame::repeated_aim`], [`FieldGame::multiply_repeats`], [`FieldGame::mark_fired`], [`FieldGame::check_reload`] |
//! | an engineer vehicle's chainsaws and claws cut barbed wire | [`FieldGame::wire_cutter_dice`] (the ENGINEERING action, special.rs) |
//! | sniper weapons and spotters: the named miniature, the spotter's help | [`FieldGame::aim_snipers`] (the attack's plan), [`FieldGame::weapon_candidates`] (the generator) |
//! | under-barrel weapons fired with their main weapon | [`FieldGame::rides_main_weapon`], [`FieldGame::fire_with_main_weapons`] (the attack's plan) |
//! | artillery weapons: past vehicles, not from inside area terrain nor across it | [`FieldGame::artillery_view`], [`FieldGame::artillery_blocked`], [`FieldGame::sees_point`] (the attack's plan, templates and smoke shells) |
//! | Artillery Observers: a friendly artillery unit fires on what the observer sees | [`FieldGame::check_observe`], [`FieldGame::do_observe`], [`FieldGame::artillery_sight`], [`FieldGame::observe_candidates`] |
//! | DOZER: cover until the next MOVE or MARCH MOVE | [`FieldGame::check_dozer`], [`FieldGame::dig_in`], [`FieldGame::leave_dozer_cover`], [`FieldGame::dozed`] (the cover question) |
//!
//! A volley is written as its line aimed once a rocket (`attack 0>3 0>3`: two rockets of line 0
//! at unit 3), a salvo's doubled dice as its line aimed twice and a sniper's named miniature as a
//! point on its base (`attack 0>3@X,Y`), so the decision's text form is unchanged
//! (docs/rulings.md, "Battlefield: volley weapons", "Battlefield: reload and salvo weapons",
//! "Battlefield: sniper weapons and spotters"); an observer's call is its own decision
//! (`observe U …`). What the battlefront book words alike is the grid engine's function, called
//! from here: which line is a volley ([`crate::battlefront::weapons::is_volley_line`]), a
//! sniper's ([`crate::rules_shared::sniper_line`]) or an under-barrel weapon's main weapon
//! ([`crate::battlefront::weapons::main_weapon`]).

use super::attack::{Group, SightMemo};
use super::decision::{Action, Aim, Decision};
use super::{Class, FieldGame, Refusal};
use crate::battlefront::weapons::is_volley_line;
use crate::dice::Symbols;
use crate::unit::{BattlefrontSkill, Role};
use dust_geom::exact::Pt;
use dust_geom::los::{length_inside_circle, length_inside_polygon};
use dust_geom::table::{Area, MiniKind, Sight, Table, TerrainKind};
use std::borrow::Cow;

/// Whether a card places a Loaded token at the beginning of the game: "place a Loaded token on
/// each unit card with Reload weapons", "… with Salvo weapons" (one token a card, shared by
/// all of them: docs/rulings.md, "Battlefield: reload and salvo weapons").
pub(crate) fn has_loaded_token(c: &super::FieldCard) -> bool {
    c.card.weapons.iter().any(|w| w.keywords.reload) || c.bf.weapons.iter().any(|b| b.salvo)
}

impl FieldGame {
    /// Whether line `li` of unit `u` is a volley weapon: "A volley weapon is a Limited Ammo
    /// weapon that can fire any or all of its remaining bombs or rockets at the same time".
    pub(crate) fn is_volley(&self, u: usize, li: usize) -> bool {
        self.cards[u]
            .card
            .weapons
            .get(li)
            .is_some_and(|w| w.ammo.is_some() && is_volley_line(w))
    }

    /// The rockets of line `li` an attack `aims` fires: the times it is aimed (0 when it is not).
    fn rockets(aims: &[Aim], li: usize) -> usize {
        aims.iter().filter(|a| usize::from(a.line) == li).count()
    }

    /// Whether line `li` of unit `u` is a salvo weapon ("SALVO WEAPONS").
    pub(crate) fn is_salvo(&self, u: usize, li: usize) -> bool {
        self.cards[u].bf.weapons.get(li).is_some_and(|b| b.salvo)
    }

    /// Whether line `li` of unit `u` needs the Loaded token to fire ("RELOAD WEAPONS").
    fn is_reload(&self, u: usize, li: usize) -> bool {
        self.cards[u].card.weapons.get(li).is_some_and(|w| w.keywords.reload)
    }

    /// Why line `li` of unit `u` cannot attack: "The unit cannot attack with any Reload weapons
    /// unless it has its Loaded token".
    ///
    /// An observed artillery unit that does not make a SUSTAINED ATTACK may reload first
    /// ([`FieldGame::do_observe`]).
    pub(crate) fn loaded_refusal(&self, u: usize, li: usize) -> Option<Refusal> {
        let reloads_first = self.observer.get().is_some_and(|(o, sustained)| o != u && !sustained);
        (self.is_reload(u, li) && !self.units[u].loaded && !reloads_first).then(|| {
            Refusal::new(format!(
                "{} is a Reload weapon and {} has no Loaded token: take a RELOAD special action first (`plan special …`, then `special reload`)",
                self.cards[u].card.weapons[li].name, self.table.units[u].name
            ))
        })
    }

    /// Aim `k` of `aims` names a line an earlier aim named: `None` when it does not; `Some(Ok)`
    /// for another rocket of a volley ("Select how many bombs or rockets to use in an attack")
    /// or a salvo's second aim ("you may choose to roll twice the normal number of dice for a
    /// salvo weapon"), which the plan counts with the first aim; otherwise why it is refused —
    /// a line that is neither fires once an attack, the repeats fly at one target (and one
    /// template point), no more rockets than boxes left, a salvo twice at most and only with
    /// the Loaded token (docs/rulings.md, "Battlefield: volley weapons", "Battlefield: reload
    /// and salvo weapons").
    pub(crate) fn repeated_aim(&self, u: usize, aims: &[Aim], k: usize) -> Option<Result<(), Refusal>> {
        let aim = &aims[k];
        let li = usize::from(aim.line);
        let first = aims[..k].iter().find(|a| a.line == aim.line)?;
        let w = &self.cards[u].card.weapons[li];
        let (volley, salvo) = (self.is_volley(u, li), self.is_salvo(u, li));
        if !volley && !salvo {
            return Some(Err(Refusal::new(format!(
                "weapon line {} ({}) is aimed twice: each line fires once an attack",
                aim.line, w.name
            ))));
        }
        if first.target != aim.target || first.at != aim.at {
            return Some(Err(Refusal::new(format!(
                "{} fires its {} at one target: aim each of them at the same unit (and the same point)",
                w.name,
                if volley { "rockets of one volley" } else { "salvo" }
            ))));
        }
        let n = Self::rockets(aims, li);
        if volley {
            let left = usize::from(self.ammo_left(u, li).unwrap_or(0));
            if n > left {
                return Some(Err(Refusal::new(format!(
                    "{} has {left} box{} left: it fires at most {left} rocket{} (VOLLEY WEAPONS), not {n}",
                    w.name,
                    if left == 1 { "" } else { "es" },
                    if left == 1 { "" } else { "s" },
                ))));
            }
            return Some(Ok(()));
        }
        if n > 2 {
            return Some(Err(Refusal::new(format!(
                "{} is a salvo weapon: aim it twice to roll twice its dice, not {n} times",
                w.name
            ))));
        }
        if !self.units[u].loaded {
            return Some(Err(Refusal::new(format!(
                "{} has no Loaded token: {} fires its normal dice (aim it once) until a RELOAD special action loads it",
                self.table.units[u].name, w.name
            ))));
        }
        Some(Ok(()))
    }

    /// "Then multiply the number of dice to roll by the number of ammo boxes marked"; "roll
    /// twice the normal number of dice for a salvo weapon": the dice of each group of a volley
    /// line of `aims` times its rockets, of a salvo line aimed twice times 2.
    pub(crate) fn multiply_repeats(&self, u: usize, aims: &[Aim], groups: &mut [Group]) {
        for g in groups {
            let li = usize::from(g.line);
            if self.is_volley(u, li) || self.is_salvo(u, li) {
                let n = Self::rockets(aims, li).max(1) as u16;
                g.dice = g.dice.saturating_mul(n);
            }
        }
    }

    /// What an attack `aims` of unit `u` spends beyond [`FieldGame::mark_ammo`]'s one box a
    /// line: "… and mark that number of ammo boxes" (a volley's rockets after the first); "When
    /// a Reload weapon makes an ATTACK or SUSTAINED ATTACK action, remove the Loaded token";
    /// a salvo fired twice "remove the Loaded token".
    pub(crate) fn mark_fired(&mut self, u: usize, aims: &[Aim]) {
        let mut lines: Vec<usize> = aims.iter().map(|a| usize::from(a.line)).collect();
        lines.sort_unstable();
        lines.dedup();
        for li in lines {
            let n = Self::rockets(aims, li);
            if self.is_reload(u, li) || (self.is_salvo(u, li) && n > 1) {
                self.units[u].loaded = false;
            }
            if !self.is_volley(u, li) {
                continue;
            }
            if let Some(Some(left)) = self.units[u].ammo.get_mut(li) {
                *left = left.saturating_sub(n.saturating_sub(1).min(255) as u8);
            }
        }
    }

    /// The generator's special-weapon variants of a proposed attack `aims`, each one `check`
    /// accepts: for each volley line the same attack firing 2, 3, … of its rockets, up to the
    /// boxes left; for each salvo line the attack rolling twice its dice; for each sniper line
    /// aimed at a unit, the attack naming a miniature it can hit — one with a role (an officer, a
    /// medic…) first, else the first it can hit.
    pub(crate) fn weapon_candidates(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        against: Option<usize>,
        sight: &mut SightMemo,
    ) -> Vec<Decision> {
        let mut out = Vec::new();
        for a in aims.iter().filter(|a| usize::from(a.line) < self.cards[u].card.weapons.len()) {
            let li = usize::from(a.line);
            let most = if self.is_volley(u, li) {
                usize::from(self.ammo_left(u, li).unwrap_or(0))
            } else if self.is_salvo(u, li) && self.units[u].loaded {
                2
            } else {
                continue;
            };
            let mut more = aims.to_vec();
            for _ in 1..most {
                more.push(a.clone());
                if self.plan_joint_attack_with(u, &more, sustained, against, false, sight).is_ok() {
                    out.push(Decision::Attack(more.clone()));
                }
            }
        }
        for (k, a) in aims.iter().enumerate() {
            if a.at.is_some() || !self.is_sniper_line(u, usize::from(a.line)) {
                continue;
            }
            let Ok(groups) = self.plan_joint_attack_with(u, aims, sustained, against, false, sight) else {
                continue;
            };
            let t = a.target;
            let valid: Vec<u8> = groups
                .iter()
                .filter(|g| g.line == a.line)
                .flat_map(|g| g.valid.iter().copied())
                .collect();
            let role = |m: &u8| self.cards[t].card.models.get(usize::from(*m)).is_some_and(|md| md.role.is_some());
            let Some(model) = valid.iter().find(|m| role(m)).or(valid.first()).copied() else {
                continue;
            };
            let Some(j) = self.units[t].models.iter().position(|&m| m == model) else {
                continue;
            };
            let mut named = aims.to_vec();
            named[k].at = Some(self.table.units[t].minis[j].body.centre());
            if self.plan_joint_attack_with(u, &named, sustained, against, false, sight).is_ok() {
                out.push(Decision::Attack(named));
            }
        }
        out
    }

    /// Whether unit `u` may take a RELOAD special action now, and if not why: "To reload, the
    /// unit performs a RELOAD special action and places the Loaded token back on the unit card".
    pub(crate) fn check_reload(&self, u: usize) -> Result<(), Refusal> {
        let name = &self.table.units[u].name;
        if !has_loaded_token(&self.cards[u]) {
            return Err(Refusal::new(format!(
                "{name} has no Reload or Salvo weapon: it has no Loaded token to put back"
            )));
        }
        if self.units[u].loaded {
            return Err(Refusal::new(format!(
                "{name} already has its Loaded token: there is nothing to reload"
            )));
        }
        Ok(())
    }

    /// The dice an ENGINEERING action of unit `u` rolls to cut barbed wire with its chainsaws or
    /// claws, `None` when it cannot: "An engineer vehicle equipped with cutting or grappling
    /// weapons can attempt to cut a gap through an adjacent barbed wire entanglement by taking an
    /// ENGINEERING special action. Roll a die (vehicles with paired chainsaws or paired claws
    /// roll 2 dice)". An engineer vehicle (the card's `engineer` equipment) with a `cutting` or
    /// `grapple` weapon line; two or more such lines are a pair (docs/rulings.md, "Battlefield:
    /// engineering vehicles").
    pub(crate) fn wire_cutter_dice(&self, u: usize) -> Option<u16> {
        let c = &self.cards[u];
        if self.class(u) != Class::Vehicle || !c.bf.has(BattlefrontSkill::Engineer) {
            return None;
        }
        let arms = (0..c.card.weapons.len())
            .filter(|&li| c.bf.weapons.get(li).is_some_and(|b| b.cutting || b.grapple))
            .count();
        match arms {
            0 => None,
            1 => Some(1),
            _ => Some(2),
        }
    }

    /// Whether unit `u` may take a DOZER special action now, and if not why: "A vehicle equipped
    /// with a dozer blade can perform a DOZER special action".
    pub(crate) fn check_dozer(&self, u: usize) -> Result<(), Refusal> {
        let name = &self.table.units[u].name;
        if self.class(u) != Class::Vehicle || !self.cards[u].bf.has(BattlefrontSkill::DozerBlade) {
            return Err(Refusal::new(format!(
                "{name} is not a vehicle with a dozer blade: only such a vehicle takes a DOZER action"
            )));
        }
        if self.units[u].dozed {
            return Err(Refusal::new(format!(
                "{name} is already dug in behind its dozer blade: it stays in cover until it moves"
            )));
        }
        Ok(())
    }

    /// DOZER: "to gain cover until it performs a MOVE or MARCH MOVE action". No die (the
    /// decision in the log says it).
    pub(crate) fn dig_in(&mut self, u: usize) {
        self.units[u].dozed = true;
    }

    /// Unit `u` performs a MOVE or MARCH MOVE: a dozer's cover ends.
    pub(crate) fn leave_dozer_cover(&mut self, u: usize) {
        self.units[u].dozed = false;
    }

    /// Whether unit `t` is dug in behind its dozer blade: in cover from every attacking
    /// miniature (docs/rulings.md, "Battlefield: the DOZER action").
    pub(crate) fn dozed(&self, t: usize) -> bool {
        self.units.get(t).is_some_and(|x| x.dozed && !x.destroyed)
    }

    /// Whether line `li` of unit `u` is a sniper weapon ([`crate::rules_shared::sniper_line`],
    /// the grid engine's reading).
    pub(crate) fn is_sniper_line(&self, u: usize, li: usize) -> bool {
        li < self.cards[u].card.weapons.len() && crate::rules_shared::sniper_line(&self.cards[u].card, li)
    }

    /// Whether a living spotter of squad `u` fires none of `groups`: "If a spotter does not use a
    /// weapon".
    fn spotter_holds_fire(&self, u: usize, groups: &[Group]) -> bool {
        self.class(u) == Class::Squad
            && self.units[u].models.iter().enumerate().any(|(m, &model)| {
                let spotter = self.cards[u]
                    .card
                    .models
                    .get(usize::from(model))
                    .is_some_and(|md| md.role == Some(Role::Spotter));
                spotter && !groups.iter().any(|g| g.firers.contains(&m))
            })
    }

    /// The sniper's rules on the planned `groups` of unit `u`'s attack `aims`: "When declaring
    /// the target of this weapon's attack, you may specify a miniature in the target unit. All
    /// unsaved hits from this attack are assigned to the specified miniature" — a sniper line
    /// aimed with a point (`LINE>UNIT@X,Y`) names the target's miniature whose base holds the
    /// point; only firers that can hit it fire, its hits go to it alone (not to a joined hero);
    /// and "If a spotter does not use a weapon, each sniper weapon in the unit that makes a
    /// SUSTAINED ATTACK hits on (🎯) as well as (👤)" (docs/rulings.md, "Battlefield: sniper
    /// weapons and spotters").
    ///
    /// # Errors
    /// A point on no miniature of the target, or a miniature no sniper can hit.
    pub(crate) fn aim_snipers(&self, u: usize, aims: &[Aim], sustained: bool, groups: &mut Vec<Group>) -> Result<(), Refusal> {
        for aim in aims.iter().filter(|a| self.is_sniper_line(u, usize::from(a.line))) {
            let Some(p) = aim.at else { continue };
            if groups.iter().any(|g| g.line == aim.line && g.template) {
                continue;
            }
            let t = aim.target;
            let w = &self.cards[u].card.weapons[usize::from(aim.line)].name;
            let Some(j) = self.table.units[t].minis.iter().position(|m| m.body.holds(p)) else {
                return Err(Refusal::new(format!(
                    "({}) is on no miniature of {}: a sniper names the miniature it shoots by a point on its base",
                    super::decision::point_text(p),
                    self.table.units[t].name
                )));
            };
            let model = self.units[t].models[j];
            groups.retain(|g| g.line != aim.line || g.valid.contains(&model));
            if !groups.iter().any(|g| g.line == aim.line) {
                return Err(Refusal::new(format!(
                    "no miniature of {} firing {w} has the miniature of {} at ({}) in its field of fire, range and line of sight",
                    self.table.units[u].name,
                    self.table.units[t].name,
                    super::decision::point_text(p)
                )));
            }
            for g in groups.iter_mut().filter(|g| g.line == aim.line) {
                g.valid = vec![model];
                g.hero = None;
            }
        }
        if sustained && self.spotter_holds_fire(u, groups) {
            for g in groups
                .iter_mut()
                .filter(|g| !g.close && self.is_sniper_line(u, usize::from(g.line)))
            {
                g.hit = Symbols::ARMY_OR_TARGET;
            }
        }
        Ok(())
    }

    /// Whether aim `k` of `aims` is an under-barrel weapon fired with its main weapon: "A soldier
    /// carrying an under-barrel weapon can fire both the main weapon and the under-barrel weapon
    /// at the same target in an ATTACK action" — the main weapon is the grid engine's reading
    /// ([`crate::battlefront::weapons::main_weapon`]: the ranged line before it on the card),
    /// and when it is aimed too the under-barrel line must be aimed at its target (docs/rulings.md,
    /// "Battlefront under-barrel weapons"). Its soldiers are the main weapon's
    /// ([`FieldGame::fire_with_main_weapons`]).
    ///
    /// # Errors
    /// The under-barrel line aimed at another target than its main weapon.
    pub(crate) fn rides_main_weapon(&self, u: usize, aims: &[Aim], k: usize) -> Result<bool, Refusal> {
        let aim = &aims[k];
        let c = &self.cards[u];
        let Some(main) = crate::battlefront::weapons::main_weapon(&c.card, Some(&c.bf), usize::from(aim.line)) else {
            return Ok(false);
        };
        let Some(m) = aims.iter().find(|a| usize::from(a.line) == main) else {
            return Ok(false);
        };
        if m.target != aim.target {
            return Err(Refusal::new(format!(
                "{} is an under-barrel weapon: fired with {}, it fires at the same target",
                c.card.weapons[usize::from(aim.line)].name,
                c.card.weapons[main].name
            )));
        }
        Ok(true)
    }

    /// "… can fire both the main weapon and the under-barrel weapon": each group of an
    /// under-barrel line fired with its main weapon keeps the soldiers who fire the main weapon
    /// (its dice in proportion); a group left with none fires nothing.
    pub(crate) fn fire_with_main_weapons(&self, u: usize, aims: &[Aim], groups: &mut Vec<Group>) {
        if self.class(u) != Class::Squad {
            return;
        }
        let c = &self.cards[u];
        let mut mains: Vec<(u8, Vec<usize>)> = Vec::new();
        for (k, a) in aims.iter().enumerate() {
            if !matches!(self.rides_main_weapon(u, aims, k), Ok(true)) {
                continue;
            }
            let Some(main) = crate::battlefront::weapons::main_weapon(&c.card, Some(&c.bf), usize::from(a.line)) else {
                continue;
            };
            let firing: Vec<usize> = groups
                .iter()
                .filter(|g| usize::from(g.line) == main)
                .flat_map(|g| g.firers.iter().copied())
                .collect();
            mains.push((a.line, firing));
        }
        for (line, firing) in mains {
            for g in groups.iter_mut().filter(|g| g.line == line) {
                let before = g.firers.len() as u16;
                g.firers.retain(|m| firing.contains(m));
                if let Some(each) = g.dice.checked_div(before) {
                    g.dice = each * g.firers.len() as u16;
                }
            }
            groups.retain(|g| g.line != line || !g.firers.is_empty());
        }
    }

    /// The table as an artillery weapon of unit `u` sees it: "Vehicles do not block LOS for
    /// artillery" — the vehicles of every unit but the firing unit and its target `t` left out
    /// (wrecks are terrain and stay; docs/rulings.md, "Battlefield: artillery on the table").
    /// The table itself (no copy) when no such vehicle stands on it.
    pub(crate) fn artillery_view(&self, u: usize, t: Option<usize>) -> Cow<'_, Table> {
        let observer = self.observer.get().map(|x| x.0);
        let hides = |x: usize, unit: &dust_geom::table::Unit| {
            x != u && Some(x) != t && Some(x) != observer && unit.kind == MiniKind::Vehicle && !unit.minis.is_empty()
        };
        if !self.table.units.iter().enumerate().any(|(x, unit)| hides(x, unit)) {
            return Cow::Borrowed(&self.table);
        }
        let mut view = self.table.clone();
        for (x, unit) in view.units.iter_mut().enumerate() {
            if hides(x, unit) {
                unit.minis.clear();
            }
        }
        Cow::Owned(view)
    }

    /// Whether miniature `m` of unit `u` sees point `at` from some point of its body (a
    /// template's centre, a smoke screen's point); an artillery weapon (`artillery`) past
    /// vehicles and only from outside area terrain ([`FieldGame::artillery_blocked`]).
    pub(crate) fn sees_point(&self, u: usize, m: usize, artillery: bool, at: Pt) -> bool {
        let table = if artillery {
            if self.artillery_blocked(u, m, at).is_some() {
                return false;
            }
            self.artillery_view(u, None)
        } else {
            Cow::Borrowed(&self.table)
        };
        let from: Vec<(usize, usize)> = match self.observer.get() {
            Some((o, _)) if artillery && o != u => (0..self.table.units[o].minis.len()).map(|k| (o, k)).collect(),
            _ => vec![(u, m)],
        };
        from.iter().any(|&(x, k)| {
            self.table.units[x].minis[k]
                .body
                .sight_points()
                .iter()
                .any(|&p| dust_geom::los::segment_blocked(&table, p, at, &[(x, k)]).is_none())
        })
    }

    /// Why miniature `m` of unit `u` cannot fire an artillery weapon toward point `to`: "Artillery
    /// weapons cannot be fired from inside area terrain like buildings or woods, although they
    /// can fire if the weapon is outside—even if part of the support weapon unit or vehicle it is
    /// mounted on is in area terrain—as long as it is not firing across that terrain feature."
    /// The weapon stands at the miniature's centre; area terrain is a piece with the area rule
    /// of line of sight (woods, trees, buildings), smoke screens aside; firing across it is a
    /// line from the weapon to `to` running inside a piece the miniature's body overlaps.
    pub(crate) fn artillery_blocked(&self, u: usize, m: usize, to: Pt) -> Option<String> {
        let b = &self.table.units[u].minis[m].body;
        let c = b.centre();
        let name = &self.table.units[u].name;
        for piece in &self.table.terrain {
            if piece.sight != Sight::Area || piece.kind == TerrainKind::Smoke {
                continue;
            }
            if piece.holds(c) {
                return Some(format!(
                    "{name}'s artillery weapon is inside {} ({}): artillery weapons cannot be fired from inside area terrain",
                    piece.name,
                    piece.kind.name()
                ));
            }
            let across = match &piece.area {
                Area::Polygon(v) => length_inside_polygon(c, to, v) > 0.0,
                Area::Circle { c: k, r } => length_inside_circle(c, to, *k, *r) > 0.0,
            };
            if across && super::special::within(b, &piece.area, 0) {
                return Some(format!(
                    "{name} stands partly in {} ({}): its artillery weapon cannot fire across it",
                    piece.name,
                    piece.kind.name()
                ));
            }
        }
        None
    }

    /// Line of sight from miniature `m` of artillery unit `u` to miniature `j` of unit `t` on
    /// the artillery's `view`: from an Artillery Observer's miniatures when one calls the fire
    /// ("The artillery unit uses the Artillery Observer to determine LOS rather than its own
    /// position"), else from the miniature itself.
    pub(crate) fn artillery_sight(&self, view: &Table, u: usize, m: usize, t: usize, j: usize) -> Result<(), dust_geom::los::Blocked> {
        match self.observer.get() {
            Some((o, _)) if o != u => {
                let mut first = None;
                for k in 0..self.table.units[o].minis.len() {
                    match dust_geom::los::mini_sees(view, (o, k), (t, j)) {
                        Ok(_) => return Ok(()),
                        Err(b) => {
                            first.get_or_insert(b);
                        }
                    }
                }
                first.map_or(Ok(()), Err)
            }
            _ => dust_geom::los::mini_sees(view, (u, m), (t, j)).map(|_| ()),
        }
    }

    /// Gives unit `u` its Loaded token or takes it away (scenario set-ups and tests); a unit
    /// without Reload or Salvo weapons has none.
    pub fn set_loaded(&mut self, u: usize, loaded: bool) {
        if let Some(x) = self.units.get_mut(u) {
            x.loaded = loaded && has_loaded_token(&self.cards[u]);
        }
    }

    /// Why the acting unit may not call artillery unit `a` now, if it may not: "When this unit
    /// performs an ATTACK or SUSTAINED ATTACK action, it may use the artillery weapons of a
    /// friendly artillery unit that has not yet activated rather than its own weapons" — in its
    /// own action (not a reaction), an observer, a friendly unit on the table that has not
    /// activated and may fight (no Suppression or Stunned token).
    fn observe_refusal(&self, a: usize) -> Option<Refusal> {
        let Some(c) = self.cur() else {
            return Some(Refusal::new("no unit is acting"));
        };
        let o = c.unit;
        if !self.current_action().is_some_and(Action::attacks) || c.against.is_some() {
            return Some(Refusal::new(
                "an Artillery Observer calls the artillery in its own ATTACK or SUSTAINED ATTACK action",
            ));
        }
        let name = |x: usize| self.table.units[x].name.clone();
        if !self.cards[o].bf.has(BattlefrontSkill::ArtilleryObserver) {
            return Some(Refusal::new(format!(
                "{} has no Artillery Observer skill: it attacks with its own weapons",
                name(o)
            )));
        }
        let Some(au) = self.units.get(a) else {
            return Some(Refusal::new(format!("there is no unit {a}")));
        };
        if a == o || au.side != self.units[o].side {
            return Some(Refusal::new(format!("{} is not a friendly artillery unit of {}", name(a), name(o))));
        }
        if au.destroyed || au.in_reserve || self.aboard(a).is_some() || self.table.units[a].minis.is_empty() {
            return Some(Refusal::new(format!("{} is not on the table", name(a))));
        }
        if au.activated {
            return Some(Refusal::new(format!(
                "{} has already activated this turn: an observer calls a unit that has not yet activated",
                name(a)
            )));
        }
        if au.tokens.suppressed || au.stunned {
            return Some(Refusal::new(format!(
                "{} cannot fight (a Suppression or Stunned token): it cannot answer the call",
                name(a)
            )));
        }
        None
    }

    /// Whether the acting Artillery Observer may make its attack with artillery unit `a`'s
    /// `aims` (its artillery lines, numbered on its card), and if not why: the observer's
    /// conditions, then the attack planned as the artillery unit's — its field of fire and
    /// range its own, its line of sight the observer's.
    pub(crate) fn check_observe(&self, a: usize, aims: &[Aim]) -> Result<(), Refusal> {
        if let Some(r) = self.observe_refusal(a) {
            return Err(r);
        }
        if aims.is_empty() {
            return Err(Refusal::new("name the artillery lines that fire: observe U LINE>UNIT …"));
        }
        for aim in aims {
            let w = self.cards[a].card.weapons.get(usize::from(aim.line)).ok_or_else(|| {
                Refusal::new(format!(
                    "{} has no weapon line {} (its card has {})",
                    self.table.units[a].name,
                    aim.line,
                    self.cards[a].card.weapons.len()
                ))
            })?;
            if !super::smoke::artillery(w.range) {
                return Err(Refusal::new(format!(
                    "{} is not an artillery weapon (range A or a minimum range): an observer calls artillery weapons only",
                    w.name
                )));
            }
        }
        let o = self.cur().map_or(0, |c| c.unit);
        let sustained = self.current_action() == Some(Action::Sustained);
        self.observer.set(Some((o, sustained)));
        let planned = self.plan_attack(a, aims, sustained, None, false);
        self.observer.set(None);
        planned.map(|_| ())
    }

    /// Plays a checked call: "The artillery unit immediately activates and performs an ATTACK or
    /// SUSTAINED ATTACK action (whichever the Artillery Observer is performing) with its
    /// artillery weapons … If the artillery weapon is a Reload weapon and did not perform a
    /// SUSTAINED ATTACK action, it may perform a RELOAD action either before or after the ATTACK
    /// Action. It then finishes its activation and the Artillery Observer continues with its
    /// activation." The RELOAD comes before when the attack fires an empty Reload weapon, else
    /// after (docs/rulings.md, "Battlefield: artillery observers").
    pub(crate) fn do_observe(&mut self, a: usize, aims: &[Aim]) {
        let Some(o) = self.acting() else { return };
        let sustained = self.current_action() == Some(Action::Sustained);
        self.release_grapples(o);
        if let Some(c) = self.cur_mut() {
            c.fired_ranged = false;
        }
        self.units[a].activated = true;
        let reloads = !sustained && self.cards[a].card.weapons.iter().any(|w| w.keywords.reload);
        let before = reloads && !self.units[a].loaded && aims.iter().any(|x| self.is_reload(a, usize::from(x.line)));
        if before {
            self.units[a].loaded = true;
        }
        self.observer.set(Some((o, sustained)));
        self.perform_attack(a, aims, sustained, None);
        self.observer.set(None);
        if reloads && !before {
            self.units[a].loaded = true;
        }
        self.after_attack();
    }

    /// The calls the acting Artillery Observer `o` may make now: for each friendly artillery unit
    /// it may call and each enemy unit, each artillery line aimed at it (a blast centred on the
    /// first of its miniatures it may be), each one `check` accepts.
    pub(crate) fn observe_candidates(&self, o: usize) -> Vec<Decision> {
        if !self.cards[o].bf.has(BattlefrontSkill::ArtilleryObserver) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for a in 0..self.units.len() {
            if self.observe_refusal(a).is_some() {
                continue;
            }
            let lines: Vec<u8> = (0..self.cards[a].card.weapons.len())
                .filter(|&li| super::smoke::artillery(self.cards[a].card.weapons[li].range))
                .map(|li| li as u8)
                .collect();
            for t in (0..self.units.len()).filter(|&t| self.units[t].side != self.units[o].side && !self.units[t].destroyed) {
                for &line in &lines {
                    let mut aim = Aim { line, target: t, at: None };
                    if self.check_observe(a, std::slice::from_ref(&aim)).is_err() {
                        let centres: Vec<Pt> = self.table.units[t].minis.iter().map(|m| m.body.centre()).collect();
                        let Some(c) = centres.into_iter().find(|&c| {
                            let at = Aim {
                                at: Some(c),
                                ..aim.clone()
                            };
                            self.check_observe(a, std::slice::from_ref(&at)).is_ok()
                        }) else {
                            continue;
                        };
                        aim.at = Some(c);
                    }
                    out.push(Decision::Observe { unit: a, aims: vec![aim] });
                }
            }
        }
        out
    }
}
