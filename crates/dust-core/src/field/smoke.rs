//! Smoke shells (tactics-battlefield-summary.md, "ARTILLERY WEAPONS"): "If an artillery weapon
//! fires smoke shells instead of explosives, instead of attacking, rolls a die. On ☹️, choose a
//! point within the weapon's field of fire, range and LOS and place a smoke screen at that point.
//! The smoke screen remains in place, filling the area of a blast template and blocking LOS and
//! providing cover until the end of the next turn. A smoke screen cannot be fired into a
//! building."
//!
//! The flow (flow.rs) asks [`FieldGame::check_smoke`] for a `Decision::Smoke` made instead of an
//! attack, plays it with [`FieldGame::fire_smoke`], and calls [`FieldGame::clear_smoke`] at the
//! end of each turn. The screen is a smoke terrain piece (a circle the blast template's size),
//! so line of sight and cover treat it as any smoke of a table file.

use super::decision::{Action, Decision};
use super::{Event, FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::range::WeaponRange;
use dust_geom::exact::Pt;
use dust_geom::table::{Area, Terrain, TerrainKind};

/// Whether a weapon range is an artillery weapon's: range A, or a minimum range (docs/rulings.md,
/// "Battlefield: weapons in bunkers").
pub(crate) const fn artillery(r: WeaponRange) -> bool {
    matches!(r, WeaponRange::Artillery | WeaponRange::Spaces { min: 2.., .. })
}

impl FieldGame {
    /// Whether the acting unit may fire smoke shells from weapon line `line` at `at` now, and if
    /// not why: during its own ATTACK or SUSTAINED ATTACK action (not a reaction), with an
    /// artillery weapon, not from within a bunker, at a point on the table outside every
    /// building, in the field of fire, range and line of sight of a miniature carrying the line.
    pub(crate) fn check_smoke(&self, line: u8, at: Pt) -> Result<(), Refusal> {
        let Some(c) = self.cur() else {
            return Err(Refusal::new("no unit is acting"));
        };
        let u = c.unit;
        let name = &self.table.units[u].name;
        if !self.current_action().is_some_and(Action::attacks) || c.against.is_some() {
            return Err(Refusal::new(
                "smoke shells are fired instead of attacking: in the unit's own ATTACK or SUSTAINED ATTACK action",
            ));
        }
        let li = usize::from(line);
        let w = self.cards[u].card.weapons.get(li).ok_or_else(|| {
            Refusal::new(format!(
                "{name} has no weapon line {line} (its card has {})",
                self.cards[u].card.weapons.len()
            ))
        })?;
        if !artillery(w.range) {
            return Err(Refusal::new(format!(
                "{} is not an artillery weapon (range A or a minimum range): only artillery fires smoke shells",
                w.name
            )));
        }
        if let Some(b) = self
            .fortification_piece(u)
            .filter(|&i| self.table.terrain[i].kind == TerrainKind::Bunker)
        {
            return Err(Refusal::new(format!(
                "{name} is in {}: artillery weapons cannot fire from within a bunker",
                self.table.terrain[b].name
            )));
        }
        if !self.table.holds(at) {
            return Err(Refusal::new(format!("({}) is off the table", super::decision::point_text(at))));
        }
        if let Some(b) = self.table.building_at(at) {
            return Err(Refusal::new(format!(
                "({}) is in {}: a smoke screen cannot be fired into a building",
                super::decision::point_text(at),
                self.table.terrain[b].name
            )));
        }
        let fires = (0..self.table.units[u].minis.len()).any(|m| self.carries(u, m, li) && self.reaches_point(u, m, li, at));
        if !fires {
            return Err(Refusal::new(format!(
                "no miniature of {name} has ({}) in {}'s field of fire, range and line of sight",
                super::decision::point_text(at),
                w.name
            )));
        }
        Ok(())
    }

    /// Fires checked smoke shells: one die, and on the army symbol a smoke screen the blast
    /// template's size centred on `at`, standing until the end of the next turn
    /// (docs/rulings.md, "Battlefield: smoke shells"). The action is then done.
    pub(crate) fn fire_smoke(&mut self, _line: u8, at: Pt) {
        if self.roll_sym(1, Symbols::ARMY, Purpose::Smoke) > 0 {
            self.place_screen(at);
        }
        self.action_done();
    }

    /// A smoke screen the blast template's size centred on `at`, fired by the acting unit,
    /// standing until the end of the next turn.
    fn place_screen(&mut self, at: Pt) {
        let who = self.acting().map_or_else(String::new, |u| self.table.units[u].name.clone());
        let name = format!("smoke screen ({who}, turn {})", self.turn);
        let r = self.table.templates.blast_radius;
        self.table
            .terrain
            .push(Terrain::new(name.clone(), TerrainKind::Smoke, Area::Circle { c: at, r }));
        self.scratch.replace(None);
        self.smoke.push((name, self.turn + 1));
    }

    /// Whether vehicle `u` may LAUNCH SMOKE now: "Once per game, a vehicle with smoke launchers
    /// may take a LAUNCH SMOKE special action".
    pub(crate) fn check_launch(&self, u: usize) -> Result<(), Refusal> {
        let name = &self.table.units[u].name;
        if !self.cards[u].bf.has(crate::unit::BattlefrontSkill::SmokeLaunchers) || self.table.units[u].minis.is_empty() {
            return Err(Refusal::new(format!("{name} has no smoke launchers")));
        }
        if self.smoke_launched[u] {
            return Err(Refusal::new(format!(
                "{name} has launched its smoke: a LAUNCH SMOKE action is once per game"
            )));
        }
        Ok(())
    }

    /// LAUNCH SMOKE: "place a smoke screen on itself. The smoke screen fills the area of a blast
    /// template centred on the vehicle" (no die; it clears as any smoke screen, at the end of the
    /// next turn: docs/rulings.md, "Battlefield: vehicle equipment").
    pub(crate) fn launch_smoke(&mut self, u: usize) {
        self.smoke_launched[u] = true;
        if let Some(c) = self.table.units[u].minis.first().map(|m| m.body.centre()) {
            self.place_screen(c);
        }
    }

    /// The end of a turn: the smoke screens fired in the turn before are removed ("until the
    /// end of the next turn").
    pub(crate) fn clear_smoke(&mut self) {
        let turn = self.turn;
        let (gone, stay): (Vec<_>, Vec<_>) = std::mem::take(&mut self.smoke).into_iter().partition(|(_, last)| *last <= turn);
        self.smoke = stay;
        for (name, _) in gone {
            if let Some(i) = self
                .table
                .terrain
                .iter()
                .position(|t| t.name == name && t.kind == TerrainKind::Smoke)
            {
                self.table.terrain.remove(i);
                self.scratch.replace(None);
                self.log(Event::Removed(name));
            }
        }
    }

    /// Smoke shells the generator proposes for unit `u` attacking: each artillery line fired
    /// at the nearest enemy unit's nearest miniature and halfway there, when `check` accepts.
    pub(crate) fn smoke_candidates(&self, u: usize) -> Vec<Decision> {
        let mut out = Vec::new();
        let Some(c) = self.cur() else { return out };
        if c.against.is_some() || self.table.units[u].minis.is_empty() {
            return out;
        }
        let here = self.table.units[u].minis[0].body.centre();
        let nearest = (0..self.units.len())
            .filter(|&t| self.units[t].side != self.units[u].side && !self.units[t].destroyed)
            .flat_map(|t| self.table.units[t].minis.iter().map(|m| m.body.centre()))
            .min_by_key(|&p| dust_geom::exact::dist2(here, p));
        let Some(e) = nearest else { return out };
        let half = Pt::new((here.x + e.x) / 2, (here.y + e.y) / 2);
        for line in 0..self.cards[u].card.weapons.len() as u8 {
            if !artillery(self.cards[u].card.weapons[usize::from(line)].range) {
                continue;
            }
            for at in [e, half] {
                let d = Decision::Smoke { line, at };
                if self.check(&d).is_ok() {
                    out.push(d);
                }
            }
        }
        out
    }
}
