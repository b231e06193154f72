//! Special weapons and engineering equipment on the table (tactics-battlefield-summary.md,
//! "VOLLEY WEAPONS", "ENGINEERING VEHICLES" ("Chainsaws and claws"), "DOZER BLADE").
//!
//! | rule | where it acts |
//! | --- | --- |
//! | volley weapons: the rockets fired, the dice multiplied, the boxes marked | [`FieldGame::repeated_aim`], [`FieldGame::multiply_volleys`], [`FieldGame::mark_volleys`] (the attack's plan and roll), [`FieldGame::volley_candidates`] (the generator) |
//! | an engineer vehicle's chainsaws and claws cut barbed wire | [`FieldGame::wire_cutter_dice`] (the ENGINEERING action, special.rs) |
//! | DOZER: cover until the next MOVE or MARCH MOVE | [`FieldGame::check_dozer`], [`FieldGame::dig_in`], [`FieldGame::leave_dozer_cover`], [`FieldGame::dozed`] (the cover question) |
//!
//! A volley is written as its line aimed once a rocket (`attack 0>3 0>3`: two rockets of line 0
//! at unit 3), so the decision's text form and every user interface need nothing new
//! (docs/rulings.md, "Battlefield: volley weapons"). Which line is a volley is the battlefront
//! engine's reading of the card ([`crate::battlefront::weapons::is_volley_line`]), shared.

use super::attack::{Group, SightMemo};
use super::decision::{Aim, Decision};
use super::{Class, FieldGame, Refusal};
use crate::battlefront::weapons::is_volley_line;
use crate::unit::BattlefrontSkill;

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

    /// Aim `k` of `aims` names a line an earlier aim named: `None` when it does not; `Some(Ok)`
    /// for another rocket of a volley ("Select how many bombs or rockets to use in an attack"),
    /// which the plan counts with the first aim; otherwise why it is refused — a line that is no
    /// volley fires once an attack, a volley's rockets fly at one target (and one template
    /// point), and no more rockets than boxes left.
    pub(crate) fn repeated_aim(&self, u: usize, aims: &[Aim], k: usize) -> Option<Result<(), Refusal>> {
        let aim = &aims[k];
        let li = usize::from(aim.line);
        let first = aims[..k].iter().find(|a| a.line == aim.line)?;
        let w = &self.cards[u].card.weapons[li];
        if !self.is_volley(u, li) {
            return Some(Err(Refusal::new(format!(
                "weapon line {} ({}) is aimed twice: each line fires once an attack",
                aim.line, w.name
            ))));
        }
        if first.target != aim.target || first.at != aim.at {
            return Some(Err(Refusal::new(format!(
                "the rockets of one volley of {} fly at one target: aim each of them at the same unit (and the same point)",
                w.name
            ))));
        }
        let left = usize::from(self.ammo_left(u, li).unwrap_or(0));
        let n = Self::rockets(aims, li);
        if n > left {
            return Some(Err(Refusal::new(format!(
                "{} has {left} box{} left: it fires at most {left} rocket{} (VOLLEY WEAPONS), not {n}",
                w.name,
                if left == 1 { "" } else { "es" },
                if left == 1 { "" } else { "s" },
            ))));
        }
        Some(Ok(()))
    }

    /// "Then multiply the number of dice to roll by the number of ammo boxes marked": the dice
    /// of each group of a volley line of `aims`, times its rockets.
    pub(crate) fn multiply_volleys(&self, u: usize, aims: &[Aim], groups: &mut [Group]) {
        for g in groups {
            let li = usize::from(g.line);
            if self.is_volley(u, li) {
                let n = Self::rockets(aims, li).max(1) as u16;
                g.dice = g.dice.saturating_mul(n);
            }
        }
    }

    /// "… and mark that number of ammo boxes": the boxes beyond the one
    /// [`FieldGame::mark_ammo`] marks for each volley line of `aims` fired by unit `u`.
    pub(crate) fn mark_volleys(&mut self, u: usize, aims: &[Aim]) {
        let mut lines: Vec<usize> = aims.iter().map(|a| usize::from(a.line)).collect();
        lines.sort_unstable();
        lines.dedup();
        for li in lines {
            if !self.is_volley(u, li) {
                continue;
            }
            let more = Self::rockets(aims, li).saturating_sub(1);
            if let Some(Some(left)) = self.units[u].ammo.get_mut(li) {
                *left = left.saturating_sub(more.min(255) as u8);
            }
        }
    }

    /// The generator's volleys: for each volley line of a proposed attack `aims`, the same
    /// attack firing 2, 3, … of its rockets, up to the boxes left, each one `check` accepts.
    pub(crate) fn volley_candidates(
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
            if !self.is_volley(u, li) {
                continue;
            }
            let left = usize::from(self.ammo_left(u, li).unwrap_or(0));
            let mut more = aims.to_vec();
            for _ in 1..left {
                more.push(a.clone());
                if self.plan_joint_attack_with(u, &more, sustained, against, false, sight).is_ok() {
                    out.push(Decision::Attack(more.clone()));
                }
            }
        }
        out
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
}
