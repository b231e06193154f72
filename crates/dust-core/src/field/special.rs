//! SPECIAL actions on the table and the fortifications' hazards (tactics-battlefield-summary.md,
//! "ROLL FOR INITIATIVE" ("SPECIAL"), "BARBED WIRE ENTANGLEMENTS", "MINEFIELDS"): the
//! ENGINEERING special action of infantry, and the minefield's attack on a unit moving into,
//! through or out of it. The flow (flow.rs) asks [`FieldGame::check_special`] when a unit
//! performs a SPECIAL action of its plan, plays it with [`FieldGame::do_special`], and calls
//! [`FieldGame::mines_go_off`] when a Move has crossed minefields.

use super::attack::Group;
use super::decision::{Decision, Special};
use super::{Class, Event, FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::rules_shared;
use crate::unit::BattlefrontSkill;
use dust_geom::exact::{polygon_point_dist2, polygons_dist2, Ratio};
use dust_geom::measure::CLOSE;
use dust_geom::table::{Area, Body, TerrainKind};

/// The dice of a minefield's attack: "the opposing player attacks it with a rating of ♠️₂"
/// (docs/rulings.md, "Battlefield: minefield attacks").
pub const MINEFIELD_DICE: u16 = 2;

/// Whether a body is adjacent to a terrain area: it overlaps the area or its edge is within
/// 5 cm of it, the close-combat distance (docs/rulings.md, "Battlefield: engineering").
pub(crate) fn adjacent(b: &Body, a: &Area) -> bool {
    within(b, a, CLOSE)
}

/// Whether a body's edge is within `gap` (units) of a terrain area, or overlaps it (`gap` 0:
/// it overlaps or touches it).
pub(crate) fn within(b: &Body, a: &Area, gap: i64) -> bool {
    let near = |d2: Ratio, plus: i64| d2.le_int(i128::from(plus + gap) * i128::from(plus + gap));
    match (b, a) {
        (Body::Disc { c, r }, Area::Polygon(v)) => near(polygon_point_dist2(v, *c), *r),
        (Body::Hull { corners, .. }, Area::Polygon(v)) => near(polygons_dist2(corners, v), 0),
        (Body::Disc { c, r }, Area::Circle { c: k, r: rk }) => near(Ratio::int(dust_geom::exact::dist2(*c, *k)), r + rk),
        (Body::Hull { corners, .. }, Area::Circle { c, r }) => near(polygon_point_dist2(corners, *c), *r),
    }
}

impl FieldGame {
    /// Whether unit `u` may take an ENGINEERING special action on terrain piece `p`, and if not
    /// why: "An infantry unit can attempt to cut a gap through an adjacent barbed wire
    /// entanglement by taking an ENGINEERING special action"; "An infantry unit can attempt to
    /// clear a gap through an adjacent minefield by taking an ENGINEERING special action"; "An
    /// engineer vehicle equipped with a dozer blade can attempt to bury an adjacent bunker by
    /// taking 2 ENGINEERING special actions one after the other in the same activation", "to fill
    /// in an adjacent trench", "to clear a gap through an adjacent minefield".
    fn check_engineer(&self, u: usize, p: usize) -> Result<(), Refusal> {
        let name = &self.table.units[u].name;
        let piece = self.table.terrain.get(p).ok_or_else(|| {
            Refusal::new(format!(
                "there is no terrain piece {p}: the table has {} (numbered from 0)",
                self.table.terrain.len()
            ))
        })?;
        let dozer = self.class(u) == Class::Vehicle && self.cards[u].bf.has(BattlefrontSkill::DozerBlade);
        let cutter = self.wire_cutter_dice(u).is_some();
        if !self.class(u).infantry() && !dozer && !cutter {
            return Err(Refusal::new(format!(
                "{name} is neither infantry nor an engineer vehicle with a dozer blade or with cutting or grappling weapons: it takes no ENGINEERING action"
            )));
        }
        let (ok, does) = if dozer || cutter {
            (
                (dozer && matches!(piece.kind, TerrainKind::Minefield | TerrainKind::Trench | TerrainKind::Bunker))
                    || (cutter && piece.kind == TerrainKind::BarbedWire),
                match (dozer, cutter) {
                    (true, false) => "a dozer blade fills trenches, clears minefields and buries bunkers",
                    (false, _) => "an engineer vehicle's cutting or grappling weapons cut barbed wire",
                    (true, true) => {
                        "a dozer blade fills trenches, clears minefields and buries bunkers; cutting or grappling weapons cut barbed wire"
                    }
                },
            )
        } else {
            (
                matches!(piece.kind, TerrainKind::BarbedWire | TerrainKind::Minefield),
                "an infantry unit's ENGINEERING cuts barbed wire or clears a minefield",
            )
        };
        if !ok {
            return Err(Refusal::new(format!("{} is {}: {does}", piece.name, piece.kind.name())));
        }
        if !self.table.units[u].minis.iter().any(|m| adjacent(&m.body, &piece.area)) {
            return Err(Refusal::new(format!(
                "{name} is not adjacent to {}: move a miniature within 5 cm of it first",
                piece.name
            )));
        }
        if piece.kind == TerrainKind::Bunker && self.bunker_step(u, p).is_none() {
            return Err(Refusal::new(format!(
                "burying {} takes 2 ENGINEERING special actions one after the other in the same activation: declare `plan special special` and name the bunker in both",
                piece.name
            )));
        }
        Ok(())
    }

    /// Which of the two ENGINEERING actions burying bunker `p` the acting unit `u` would take
    /// now: `Some(false)` the first (the plan's next action is SPECIAL too), `Some(true)` the
    /// second (the action just before was the first, on this bunker), `None` neither.
    fn bunker_step(&self, u: usize, p: usize) -> Option<bool> {
        let c = self.cur().filter(|c| c.unit == u)?;
        let k = c.next;
        if k > 0 && self.digging == Some((u, p, self.turn, k - 1)) {
            return Some(true);
        }
        (c.plan.get(k + 1) == Some(&super::decision::Action::Special)).then_some(false)
    }

    /// Whether the acting unit may perform special action `sp` now, and if not why.
    pub(crate) fn check_special(&self, sp: Special) -> Result<(), Refusal> {
        let u = self.acting().ok_or_else(|| Refusal::new("no unit is acting"))?;
        match sp {
            Special::None => Ok(()),
            Special::Engineer(p) => self.check_engineer(u, p),
            Special::GetMoving(_)
            | Special::GetUp(_)
            | Special::Repair(_)
            | Special::Medevac(_)
            | Special::AmmoDrop(_)
            | Special::Stimulants(..)
            | Special::Reinforce(_)
            | Special::ReplaceVehicle(_) => self.check_command(u, sp),
            Special::LaunchSmoke => self.check_launch(u),
            Special::Dozer => self.check_dozer(u),
            Special::Reload => self.check_reload(u),
            Special::Camouflage => self.check_camouflage(u),
            Special::Resurrect(t) => self.check_resurrect(u, t),
        }
    }

    /// The special actions unit `u` may perform now (giving it up first).
    pub(crate) fn special_candidates(&self, u: usize) -> Vec<Decision> {
        let mut v = vec![Decision::Special(Special::None)];
        v.extend(
            (0..self.table.terrain.len())
                .filter(|&p| self.check_engineer(u, p).is_ok())
                .map(|p| Decision::Special(Special::Engineer(p))),
        );
        v.extend(self.command_candidates(u));
        if self.check_launch(u).is_ok() {
            v.push(Decision::Special(Special::LaunchSmoke));
        }
        if self.check_dozer(u).is_ok() {
            v.push(Decision::Special(Special::Dozer));
        }
        if self.check_reload(u).is_ok() {
            v.push(Decision::Special(Special::Reload));
        }
        v.extend(self.skill_specials(u));
        v
    }

    /// Whether unit `u` has a special action it may perform where it stands.
    pub(crate) fn has_special(&self, u: usize) -> bool {
        (0..self.table.terrain.len()).any(|p| self.check_engineer(u, p).is_ok())
            || !self.command_candidates(u).is_empty()
            || self.check_launch(u).is_ok()
            || self.check_dozer(u).is_ok()
            || self.check_reload(u).is_ok()
            || !self.skill_specials(u).is_empty()
    }

    /// Plays a checked special action of the acting unit; the action is done once any
    /// casualties it caused are chosen.
    pub(crate) fn do_special(&mut self, sp: Special) {
        let Some(u) = self.acting() else { return };
        self.special_taken(u, sp);
        let pending = match sp {
            Special::None => false,
            Special::Engineer(p) => self.engineer(u, p),
            Special::GetMoving(t) => {
                if self.get_moving(t) {
                    // The command squad's activation ended; the unit activates again.
                    return;
                }
                false
            }
            Special::GetUp(t) => {
                self.get_up(t);
                false
            }
            Special::Repair(t) => {
                self.repair(t);
                false
            }
            Special::Medevac(t) => {
                self.medevac(t);
                false
            }
            Special::LaunchSmoke => {
                self.launch_smoke(u);
                false
            }
            Special::Dozer => {
                self.dig_in(u);
                false
            }
            Special::Reload => {
                self.units[u].loaded = true;
                false
            }
            Special::Camouflage => false,
            Special::AmmoDrop(t) => {
                self.ammo_drop(t);
                false
            }
            Special::Stimulants(t, k) => {
                self.inject(t, k);
                false
            }
            Special::Reinforce(t) | Special::ReplaceVehicle(t) => {
                if self.call_up(t) {
                    // The command squad's activation ended; the unit called up activates.
                    return;
                }
                false
            }
            Special::Resurrect(t) => {
                self.resurrect(t);
                false
            }
        };
        if pending {
            self.phase = super::flow::Phase::Casualties;
        } else {
            self.action_done();
        }
    }

    /// ENGINEERING on piece `p`: "Roll a die: on ☹️, the barbed wire is removed"; "Roll a die: on
    /// ☹️, the minefield is removed. On any other roll, the unit is attacked as if they had moved
    /// through the minefield and receives a Suppression token" (☹️: the army symbol;
    /// docs/rulings.md, "Battlefield: engineering"). Returns whether casualties wait for their
    /// owner's choice.
    fn engineer(&mut self, u: usize, p: usize) -> bool {
        let kind = self.table.terrain[p].kind;
        if kind == TerrainKind::Bunker {
            let second = self.bunker_step(u, p) == Some(true);
            if !second {
                // The first of the two actions: the blade is set, nothing is rolled yet.
                self.digging = self.cur().map(|c| (u, p, self.turn, c.next));
                return false;
            }
            self.digging = None;
            if self.roll_sym(1, Symbols::ARMY, Purpose::Engineering) > 0 {
                // "the vehicle buries the bunker and any units occupying the bunker are
                // eliminated".
                for t in 0..self.units.len() {
                    if !self.units[t].destroyed && self.fortification_piece(t) == Some(p) {
                        self.eliminate(t);
                    }
                }
                let piece = self.table.terrain.remove(p);
                self.scratch.replace(None);
                self.log(Event::Removed(piece.name));
            }
            return false;
        }
        // "Roll a die (vehicles with paired chainsaws or paired claws roll 2 dice)": a vehicle
        // cutting wire rolls its dice, one army symbol enough.
        let dice = match kind {
            TerrainKind::BarbedWire if !self.class(u).infantry() => self.wire_cutter_dice(u).unwrap_or(1),
            _ => 1,
        };
        if self.roll_sym(dice, Symbols::ARMY, Purpose::Engineering) > 0 {
            let piece = self.table.terrain.remove(p);
            // The move check's working copy holds the old terrain.
            self.scratch.replace(None);
            self.log(Event::Removed(piece.name));
            return false;
        }
        // Only infantry clearing a minefield are attacked on a failure.
        if kind != TerrainKind::Minefield || !self.class(u).infantry() {
            return false;
        }
        let pending = self.mines_go_off(u, 1);
        if !self.units[u].destroyed && !self.immune_to_suppression(u) {
            let tok = &mut self.units[u].tokens;
            tok.suppressed = true;
            tok.under_fire = false;
            let tok = *tok;
            self.log(Event::Tokens(u, tok));
        }
        pending
    }

    /// The attacks of `n` minefields on unit `u`, which moved into, through or out of them:
    /// "the opposing player attacks it with a rating of ♠️₂" — for each, 2 dice hitting on the
    /// army symbol, the unit's infantry save (no cover save: the mines are under it), one damage
    /// point a hit, the owner choosing a squad's casualties among all its miniatures; no token,
    /// for it is no ATTACK action (docs/rulings.md, "Battlefield: minefield attacks"). Returns
    /// whether casualties wait for their owner's choice.
    pub(crate) fn mines_go_off(&mut self, u: usize, n: usize) -> bool {
        for _ in 0..n {
            if self.units[u].destroyed {
                break;
            }
            let hits = self.roll_sym(MINEFIELD_DICE, Symbols::ARMY, Purpose::Minefield);
            let save = rules_shared::save(self.class(u).infantry(), false, false, true).map(|s| s.0);
            let saved = match save {
                Some(s) if hits > 0 => self.roll_sym(hits, s, Purpose::Save),
                _ => 0,
            };
            let squad = self.class(u) == Class::Squad;
            let g = Group {
                line: 0,
                target: u,
                firers: Vec::new(),
                dice: MINEFIELD_DICE,
                cover: false,
                save,
                per_hit: 1,
                close: false,
                template: false,
                valid: self.units[u].models.clone(),
                hero: self.joined_hero(u).filter(|_| squad).map(|h| (h, 1)),
                chain: false,
                stun: None,
                hit: Symbols::ARMY,
                reroll: false,
                lucky: false,
                chooser: None,
            };
            self.damage(&g, hits - saved);
        }
        // The casualties of each attack are chosen in turn (a choice cut to the miniatures the
        // earlier ones left).
        self.settle_casualties();
        !self.casualties.is_empty()
    }
}
