//! Passengers firing from their vehicle on the Battlefield table (tactics-battlefield-summary.md,
//! "CARRYING PASSENGERS", "Activating While Mounted"): "Passengers' weapons have the field of
//! fire of a sidemounted weapon, with up to half of the maximum number of passengers firing from
//! each side. Passengers cannot perform SUSTAINED ATTACK actions, nor use support weapons, flame
//! weapons, or C weapons while mounted."
//!
//! A unit aboard has no miniature on the table; it fires from its vehicle. The attack is planned
//! on a view of the game ([`FieldGame::aboard_view`]) in which each of its soldiers stands where
//! the vehicle's hull is (ranges, lines of sight and cover measured from the hull, as every
//! measure involving a vehicle is), the vehicle itself lifted off so that it does not block its
//! own passengers. The groups planned there are then cut to the vehicle's sides
//! ([`FieldGame::seat_at_sides`]): each soldier fires from the left or the right side at target
//! miniatures in that side's field of fire (the side mount's half-plane, docs/rulings.md,
//! "Battlefield: rear and side mounts"), no more soldiers a side than half the vehicle's spaces.
//!
//! ```text
//! plan_attack_with(u aboard v) -> checks (support weapon, flame, C) -> view: u at v's hull
//!   -> the view plans the groups -> seats: a side for each firing soldier, half the spaces a side
//! ```

use super::attack::{Group, SightMemo};
use super::decision::{Aim, Decision};
use super::{Class, FieldCard, FieldGame, Refusal, Seat};
use crate::range::WeaponRange;
use crate::unit::{BattlefrontSkill, Mount};
use dust_geom::exact::Pt;

/// A side of a vehicle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flank {
    Left,
    Right,
}

impl Flank {
    const BOTH: [Flank; 2] = [Flank::Left, Flank::Right];
    const fn mount(self) -> Mount {
        match self {
            Flank::Left => Mount::Left,
            Flank::Right => Mount::Right,
        }
    }
    const fn name(self) -> &'static str {
        match self {
            Flank::Left => "left",
            Flank::Right => "right",
        }
    }
}

/// Whether the unit of card `u` may be held in ambush with the units `others` of its side
/// already held: none are, or one is and one of the two is a hero that can join the other ("You
/// may hold one of your units in ambush. You may hold a hero that can join or pilot the unit in
/// ambush with it": a hero, not a superhuman, of an infantry squad's or support weapon's Armour;
/// a pilot is held aboard his vehicle instead).
pub fn held_together(cards: &[FieldCard], others: &[usize], u: usize) -> bool {
    let joins = |h: &FieldCard, x: &FieldCard| {
        Class::of(h) == Class::Hero
            && !h.bf.has(BattlefrontSkill::Superhuman)
            && matches!(Class::of(x), Class::Squad | Class::SupportWeapon)
            && h.card.armor == x.card.armor
    };
    match others {
        [] => true,
        [o] => joins(&cards[u], &cards[*o]) || joins(&cards[*o], &cards[u]),
        _ => false,
    }
}

/// The spaces of a sealifter: "A sealifter has 12 spaces for soldiers with infantry Armour 1 or
/// 2" ("SEALIFTER").
pub const SEALIFTER_SPACES: u8 = 12;

impl FieldGame {
    /// Whether unit `v` is a sealifter (its card's `sealifter` equipment).
    pub fn is_sealifter(&self, v: usize) -> bool {
        self.cards[v].bf.has(BattlefrontSkill::Sealifter)
    }

    /// The spaces vehicle `u` takes in a sealifter: "Most vehicles occupy 6 spaces, while large
    /// vehicles occupy all 12 spaces"; `None` for a huge vehicle ("A sealifter cannot carry huge
    /// vehicles").
    fn vehicle_spaces(&self, u: usize) -> Option<u8> {
        match self.cards[u].bf.kind {
            Some(crate::unit::BattlefrontKind::HugeVehicle) => None,
            Some(crate::unit::BattlefrontKind::LargeVehicle) => Some(SEALIFTER_SPACES),
            _ => Some(SEALIFTER_SPACES / 2),
        }
    }

    /// The spaces of vehicle `v` the vehicles it carries take (a sealifter's).
    pub(crate) fn cargo_spaces(&self, v: usize) -> u8 {
        if !self.is_sealifter(v) {
            return 0;
        }
        (0..self.units.len())
            .filter(|&c| self.aboard(c) == Some((v, Seat::Cargo)) && !self.units[c].destroyed)
            .filter_map(|c| self.vehicle_spaces(c))
            .sum()
    }

    /// The seat unit `u` takes in sealifter `v`, or why it cannot board: infantry as passengers,
    /// vehicles as cargo, "as long as they do not occupy more spaces than it has".
    fn sealifter_seat(&self, u: usize, v: usize) -> Result<Seat, Refusal> {
        let name = |x: usize| self.table.units[x].name.clone();
        let (seat, need) = match self.class(u) {
            Class::Vehicle => match self.vehicle_spaces(u) {
                Some(n) => (Seat::Cargo, n),
                None => {
                    return Err(Refusal::new(format!(
                        "{} is a huge vehicle: \"A sealifter cannot carry huge vehicles\"",
                        name(u)
                    )))
                }
            },
            Class::Aircraft => {
                return Err(Refusal::new(format!(
                    "{} is an aircraft: a sealifter carries soldiers and vehicles",
                    name(u)
                )))
            }
            _ => (Seat::Passenger, self.spaces_needed(u)),
        };
        let used = self.spaces_used(v);
        if used + need > SEALIFTER_SPACES {
            return Err(Refusal::new(format!(
                "{} needs {need} spaces and {} has {} free of {SEALIFTER_SPACES}: \"Multiple units can board the same sealifter as long as they do not occupy more spaces than it has\" (a vehicle takes 6, a large one 12, a soldier of Armour 3 or 4 two)",
                name(u),
                name(v),
                SEALIFTER_SPACES.saturating_sub(used)
            )));
        }
        Ok(seat)
    }

    /// A sealifter (its hull `hull`) is eliminated carrying `carried`: "If a sealifter is
    /// eliminated in deep water, all passengers and vehicles carried by it are eliminated. If it
    /// is eliminated with the bow door in contact with dry land, the passengers and vehicles it is
    /// carrying are unharmed and may dismount as normal": in deep water when its whole hull lies
    /// in deep water, touching no shore; otherwise each unit is placed beside the wreck as passengers are, unharmed,
    /// with no token, free to activate (docs/rulings.md, "Battlefield: sealifters").
    pub(crate) fn unload_sealifter(&mut self, hull: &dust_geom::table::Body, carried: &[usize]) {
        let wet = dust_geom::path::wholly_afloat(&self.table, hull);
        for &u in carried {
            let minis = std::mem::take(&mut self.carry.stowed[u]);
            self.carry.aboard[u] = None;
            if wet {
                self.eliminate(u);
                continue;
            }
            self.table.units[u].minis = minis;
            self.place_beside(u, hull);
        }
        self.scratch.replace(None);
    }

    /// Whether airlifter `v` carries a vehicle now, and which.
    pub fn cargo_of(&self, v: usize) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.aboard(u) == Some((v, Seat::Cargo)) && !self.units[u].destroyed)
    }

    /// The seat vehicle `u` takes aboard `v` when `v` is an airlifter ("An airlifter can only
    /// carry airmobile or air assault vehicles"; one at a time: docs/rulings.md, "Battlefield:
    /// airlifters"), or why it cannot; `None` when neither is a vehicle carried by an airlifter
    /// (the passengers' rules decide).
    pub(crate) fn cargo_seat(&self, u: usize, v: usize) -> Option<Result<Seat, Refusal>> {
        if self.is_sealifter(v) {
            return Some(self.sealifter_seat(u, v));
        }
        let lifter = self.cards[v].bf.has(BattlefrontSkill::Airlifter) && self.class(v) == Class::Aircraft;
        if !lifter || self.class(u) != Class::Vehicle {
            return None;
        }
        let name = |x: usize| self.table.units[x].name.clone();
        let bf = &self.cards[u].bf;
        if !(bf.has(BattlefrontSkill::Airmobile) || bf.has(BattlefrontSkill::AirAssault)) {
            return Some(Err(Refusal::new(format!(
                "{} is neither airmobile nor air assault: \"An airlifter can only carry airmobile or air assault vehicles\"",
                name(u)
            ))));
        }
        if let Some(c) = self.cargo_of(v).filter(|&c| c != u) {
            return Some(Err(Refusal::new(format!(
                "{} carries {} already: an airlifter carries one vehicle at a time",
                name(v),
                name(c)
            ))));
        }
        Some(Ok(Seat::Cargo))
    }

    /// Whether the acting airlifter may pick up vehicle `c` now: "To pick up a vehicle, the
    /// airlifter must start a MOVE or MARCH MOVE action directly over the vehicle" — the MOVE
    /// not yet made, the vehicle's centre under the airlifter's hull, a vehicle it may carry.
    pub(crate) fn check_lift(&self, c: usize) -> Result<(), Refusal> {
        let v = self.acting().ok_or_else(|| Refusal::new("no unit is acting"))?;
        let name = |x: usize| self.table.units.get(x).map_or_else(|| format!("unit {x}"), |t| t.name.clone());
        if !self.current_action().is_some_and(|a| a.moves())
            || self.reaction.is_some()
            || self.cur().is_some_and(|a| a.march_rest.is_some())
        {
            return Err(Refusal::new(
                "an airlifter picks a vehicle up as it starts a MOVE or MARCH MOVE action",
            ));
        }
        if !self.cards[v].bf.has(BattlefrontSkill::Airlifter) || self.class(v) != Class::Aircraft {
            return Err(Refusal::new(format!("{} is not an airlifter", name(v))));
        }
        let x = self.units.get(c).ok_or_else(|| Refusal::new(format!("there is no unit {c}")))?;
        if x.side != self.units[v].side || x.destroyed || self.aboard(c).is_some() || self.table.units[c].minis.is_empty() {
            return Err(Refusal::new(format!(
                "{} is not one of your vehicles standing on the table",
                name(c)
            )));
        }
        match self.cargo_seat(c, v) {
            Some(Ok(_)) => {}
            Some(Err(r)) => return Err(r),
            None => {
                return Err(Refusal::new(format!(
                    "{} is not a vehicle: an airlifter picks up airmobile or air assault vehicles",
                    name(c)
                )))
            }
        }
        let hull = &self.table.units[v].minis[0].body;
        let centre = self.table.units[c].minis[0].body.centre();
        if dust_geom::exact::point_in_polygon(centre, &hull.outline()) == dust_geom::exact::Inside::Out {
            return Err(Refusal::new(format!(
                "{} is not directly under {}: the airlifter starts its MOVE over the vehicle's centre",
                name(c),
                name(v)
            )));
        }
        Ok(())
    }

    /// Plays a checked [`Decision::Lift`]: the vehicle is aboard, off the table; the airlifter's
    /// MOVE follows.
    pub(crate) fn do_lift(&mut self, c: usize) {
        let Some(v) = self.acting() else { return };
        if self.check_lift(c).is_ok() {
            self.stow(c, v, Seat::Cargo);
        }
    }

    /// The pick-ups the acting airlifter may make as its MOVE starts.
    pub(crate) fn lift_candidates(&self, v: usize) -> Vec<Decision> {
        if !self.cards[v].bf.has(BattlefrontSkill::Airlifter) {
            return Vec::new();
        }
        (0..self.units.len())
            .filter(|&c| self.check_lift(c).is_ok())
            .map(Decision::Lift)
            .collect()
    }

    /// Airlifter `v` is eliminated carrying vehicle `c` (the airlifter's hull `hull`): "the
    /// airlifter's player rolls 1 die for each point of damage remaining on the vehicle's damage
    /// track. The vehicle takes 1 point of damage for each ☹️ or ☹️ (only on ☹️ if the vehicle has
    /// air assault equipment). If the vehicle survives, place it directly beneath the airlifter
    /// before removing the airlifter from the game. The vehicle gains a Suppression token and
    /// counts as having activated for this turn." The faces: the target or the shield, the target
    /// alone (docs/rulings.md, "Battlefield: airlifters").
    pub(crate) fn drop_cargo(&mut self, c: usize, v: usize, hull: &dust_geom::table::Body) {
        let faces = if self.cards[c].bf.has(BattlefrontSkill::AirAssault) {
            crate::dice::Symbols::TARGET
        } else {
            crate::dice::Symbols::TARGET.or(crate::dice::Symbols::SHIELD)
        };
        let left = self.units[c].health;
        let k = self.roll_sym(u16::from(left), faces, super::Purpose::Carried);
        self.carry.aboard[c] = None;
        self.carry.stowed[c].clear();
        self.units[c].activated = true;
        let harm = u8::try_from(k).unwrap_or(u8::MAX).min(left);
        if harm > 0 {
            self.units[c].health = left - harm;
            self.log(super::Event::Damaged(c, harm));
        }
        if self.units[c].health == 0 {
            self.eliminate(c);
            return;
        }
        self.table.units[c].facing = self.table.units[v].facing;
        let body = dust_geom::path::body_at(&self.table, c, hull.centre(), None);
        self.table.units[c].minis = vec![dust_geom::table::Mini { body }];
        if !self.immune_to_suppression(c) {
            self.units[c].tokens.suppressed = true;
            self.units[c].tokens.under_fire = false;
            let t = self.units[c].tokens;
            self.log(super::Event::Tokens(c, t));
        }
    }

    /// The hero held in ambush with unit `u`, joining it as it is placed, if any.
    pub(crate) fn held_hero(&self, u: usize) -> Option<usize> {
        self.act
            .as_ref()
            .filter(|a| a.unit == u && self.ambush[u])
            .and_then(|a| a.hero)
            .filter(|&h| self.ambush[h])
    }

    /// Checks placing unit `u` held in ambush with hero `h` held with it: the unit's points,
    /// then the hero's; each placed as a unit held in ambush is, the hero's base on none of the
    /// unit's, and within 15 cm of every miniature of the unit and in line of sight of one, as a
    /// hero joining it stands (docs/rulings.md, "Battlefield: ambush").
    pub(crate) fn check_place_with_hero(&self, u: usize, h: usize, pts: &[Pt]) -> Result<(), Refusal> {
        let n = self.waiting[u].len();
        if pts.len() != n + 1 {
            return Err(Refusal::new(format!(
                "{} has {n} miniatures and {} joins it: give {} points, the hero's last (you gave {})",
                self.table.units[u].name,
                self.table.units[h].name,
                n + 1,
                pts.len()
            )));
        }
        self.check_place_of(u, &pts[..n])?;
        self.check_place_of(h, &pts[n..])?;
        let mut t = self.table.clone();
        t.units[u].minis = self.minis_at(u, &self.waiting[u], &pts[..n]);
        t.units[h].minis = self.minis_at(h, &self.waiting[h], &pts[n..]);
        let hero = &t.units[h].minis[0].body;
        if t.units[u].minis.iter().any(|m| dust_geom::table::bodies_overlap(&m.body, hero)) {
            return Err(Refusal::new(format!(
                "{} at ({}) overlaps a miniature of {}",
                self.table.units[h].name,
                super::decision::point_text(pts[n]),
                self.table.units[u].name
            )));
        }
        if !dust_geom::placement::hero_can_join(&t, h, u) {
            return Err(Refusal::new(format!(
                "{} at ({}) is not within 15 cm of every miniature of {} (and in line of sight of one): the hero joining it is placed beside it",
                self.table.units[h].name,
                super::decision::point_text(pts[n]),
                self.table.units[u].name
            )));
        }
        Ok(())
    }

    /// Places the hero held in ambush with unit `u`, as the unit is placed at `pts` (his point
    /// after the unit's).
    pub(crate) fn place_held_hero(&mut self, u: usize, pts: &[Pt]) {
        // The unit is placed already (no longer held): its joined hero still is.
        let Some(h) = self
            .act
            .as_ref()
            .filter(|a| a.unit == u)
            .and_then(|a| a.hero)
            .filter(|&h| self.ambush[h])
        else {
            return;
        };
        let n = self.table.units[u].minis.len();
        let minis = self.minis_at(h, &self.waiting[h], pts.get(n..).unwrap_or(&[]));
        if minis.is_empty() {
            return;
        }
        self.table.units[h].minis = minis;
        self.waiting[h].clear();
        self.ambush[h] = false;
        self.units[h].in_reserve = false;
        self.scratch.replace(None);
    }

    /// The vehicle unit `u` rides in as a passenger (or tank rider), if any: the units that fire
    /// from aboard (a pilot fires nothing while he pilots).
    pub(crate) fn firing_aboard(&self, u: usize) -> Option<usize> {
        match self.aboard(u) {
            Some((v, Seat::Passenger)) => Some(v),
            _ => None,
        }
    }

    /// The vehicle unit `r` rides on as a tank rider, while it stands on the table: a passenger
    /// of a vehicle whose card has Tank Riders (#) ("TANK RIDERS (#)").
    pub(crate) fn rides_on(&self, r: usize) -> Option<usize> {
        self.firing_aboard(r)
            .filter(|&v| self.cards[v].bf.tank_riders > 0 && !self.table.units[v].minis.is_empty() && !self.units[r].destroyed)
    }

    /// Whether an attack with `aims` may reach tank riders: it targets riders, or places a
    /// template within reach of a vehicle they ride on (the blast template's width and the long
    /// flame template's length about its point).
    pub(crate) fn riders_in_play(&self, aims: &[Aim]) -> bool {
        let riders: Vec<usize> = (0..self.units.len()).filter(|&r| self.rides_on(r).is_some()).collect();
        if riders.is_empty() {
            return false;
        }
        let reach = self.table.templates.blast_radius * 2 + self.table.templates.flame_long.length;
        aims.iter().any(|a| {
            riders.contains(&a.target)
                || a.at.is_some_and(|p| {
                    riders.iter().filter_map(|&r| self.rides_on(r)).any(|v| {
                        self.table.units[v].minis.first().is_some_and(|h| {
                            dust_geom::measure::body_gap(&h.body, &dust_geom::table::Body::Disc { c: p, r: 0 }).within(reach)
                        })
                    })
                })
        })
    }

    /// The game as attacks at the tank riders on vehicles `vs` see it: "A unit riding on a
    /// vehicle can be targeted by an attack. Instead of the vehicle. Use the vehicle as the
    /// target to determine field of fire, range, LOS, and cover" — each rider of those vehicles
    /// stands where its vehicle's hull is, no longer hidden aboard, and the vehicle is lifted off
    /// the table (it does not block the lines to its own riders).
    fn riders_view(&self, vs: &[usize]) -> FieldGame {
        let mut g = self.clone();
        g.events = Vec::new();
        g.log_events = false;
        for r in 0..self.units.len() {
            let Some(v) = self.rides_on(r).filter(|v| vs.contains(v)) else {
                continue;
            };
            let hull = self.table.units[v].minis[0].clone();
            g.carry.aboard[r] = None;
            g.table.units[r].minis = vec![hull; self.carry.stowed[r].len()];
            g.table.units[r].facing = self.table.units[v].facing;
        }
        for &v in vs {
            g.table.units[v].minis.clear();
        }
        g.scratch.replace(None);
        g
    }

    /// Plans an attack of unit `u` that may reach tank riders (docs/rulings.md, "Battlefield:
    /// passengers"). An attack aimed at riders targets them "instead of the vehicle": every line
    /// of it at riders, by direct fire (a template is aimed at the vehicle, and attacks its
    /// riders with it), planned on [`FieldGame::riders_view`]. A template over a vehicle with
    /// riders attacks "both the vehicle and the unit riding on a vehicle … separately": the riders
    /// roll as the miniatures under the template that the view finds, fired by the soldiers that
    /// fire the template at the vehicle.
    pub(crate) fn plan_at_riders(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
    ) -> Result<Vec<Group>, Refusal> {
        let name = |x: usize| self.table.units[x].name.clone();
        let targeted: Vec<usize> = aims.iter().filter_map(|a| self.rides_on(a.target)).collect();
        if !targeted.is_empty() {
            if let Some(a) = aims.iter().find(|a| self.rides_on(a.target).is_none()) {
                return Err(Refusal::new(format!(
                    "an attack at tank riders targets them instead of their vehicle: aim every line of it at riders, not at {}",
                    name(a.target)
                )));
            }
            if let Some(a) = aims.iter().find(|a| a.at.is_some()) {
                return Err(Refusal::new(format!(
                    "a template is aimed at the vehicle {} rides on: its riders are attacked with it",
                    name(a.target)
                )));
            }
            return self
                .riders_view(&targeted)
                .plan_attack_here(u, aims, sustained, reactive, with_cover, &mut SightMemo::new());
        }
        let mut groups = self.plan_attack_here(u, aims, sustained, reactive, with_cover, &mut SightMemo::new())?;
        let mut more = Vec::new();
        for a in aims.iter().filter(|a| a.at.is_some()) {
            for g in groups.iter().filter(|g| g.template && g.line == a.line) {
                let v = g.target;
                let riders: Vec<usize> = (0..self.units.len()).filter(|&r| self.rides_on(r) == Some(v)).collect();
                if riders.is_empty() {
                    continue;
                }
                let view = self.riders_view(&[v]);
                for r in riders {
                    let aim = Aim { target: r, ..a.clone() };
                    let Ok(found) = view.plan_attack_here(
                        u,
                        std::slice::from_ref(&aim),
                        sustained,
                        reactive,
                        with_cover,
                        &mut SightMemo::new(),
                    ) else {
                        continue;
                    };
                    for mut x in found.into_iter().filter(|x| x.target == r && x.template) {
                        let per = x.dice / x.firers.len().max(1) as u16;
                        x.firers.clone_from(&g.firers);
                        x.dice = per * x.firers.len() as u16;
                        more.push(x);
                    }
                }
            }
        }
        groups.extend(more);
        groups.sort_by_key(|g| (g.close, !g.template));
        Ok(groups)
    }

    /// The attacks the generator proposes for unit `u` while enemy tank riders ride: those
    /// proposed on [`FieldGame::riders_view`] (the riders a target like any unit) and on the
    /// table as it stands, kept when the check accepts them.
    pub(crate) fn rider_attack_candidates(&self, u: usize, sustained: bool, limit: usize) -> Option<Vec<Decision>> {
        let side = self.units[u].side;
        if !(0..self.units.len()).any(|r| self.units[r].side != side && self.rides_on(r).is_some()) {
            return None;
        }
        let vs: Vec<usize> = (0..self.units.len())
            .filter(|&r| self.units[r].side != side)
            .filter_map(|r| self.rides_on(r))
            .collect();
        let mut out = self.riders_view(&vs).attack_candidates(u, sustained, limit);
        out.extend(self.attack_candidates_here(u, sustained, limit));
        let against = self.reaction.as_ref().and_then(|r| r.against);
        let mut seen = Vec::new();
        out.retain(|d| {
            let ok = !seen.contains(d)
                && match d {
                    Decision::Attack(a) => a.is_empty() || self.plan_joint_attack(u, a, sustained, against, false).is_ok(),
                    _ => false,
                };
            seen.push(d.clone());
            ok
        });
        Some(out)
    }

    /// The game as unit `u`, aboard vehicle `v`, fires from it: its miniatures stand where the
    /// vehicle's hull is, facing as it faces, and the vehicle is lifted off the table. `None`
    /// when the vehicle is not on the table.
    fn aboard_view(&self, u: usize, v: usize) -> Option<FieldGame> {
        let hull = self.table.units[v].minis.first()?.clone();
        let mut g = self.clone();
        g.events = Vec::new();
        g.log_events = false;
        g.carry.aboard[u] = None;
        g.table.units[u].minis = vec![hull; self.carry.stowed[u].len()];
        g.table.units[u].facing = self.table.units[v].facing;
        g.table.units[v].minis.clear();
        g.scratch.replace(None);
        Some(g)
    }

    /// Plans an attack of unit `u` aboard vehicle `v` (see the module's documentation).
    pub(crate) fn plan_aboard(
        &self,
        u: usize,
        v: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
    ) -> Result<Vec<Group>, Refusal> {
        let name = |x: usize| self.table.units[x].name.clone();
        if self.class(u) == Class::SupportWeapon && !aims.is_empty() {
            return Err(Refusal::new(format!(
                "{} is a support weapon carried in {}: passengers cannot use support weapons while mounted",
                name(u),
                name(v)
            )));
        }
        for a in aims {
            let Some(w) = self.cards[u].card.weapons.get(usize::from(a.line)) else {
                continue;
            };
            let spray = self.cards[u].bf.weapons.get(usize::from(a.line)).is_some_and(|b| b.spray);
            if w.keywords.flame || spray {
                return Err(Refusal::new(format!(
                    "{} is a flame weapon: passengers cannot use flame weapons while mounted in {}",
                    w.name,
                    name(v)
                )));
            }
            // "Unlike other passengers, units riding on vehicles using the Tank Rider rule can
            // use C weapons."
            if w.range == WeaponRange::Close && self.rides_on(u).is_none() {
                return Err(Refusal::new(format!(
                    "{} is a C weapon: passengers cannot use C weapons while mounted in {}",
                    w.name,
                    name(v)
                )));
            }
        }
        let view = self
            .aboard_view(u, v)
            .ok_or_else(|| Refusal::new(format!("{} is not on the table: its passengers fire nothing", name(v))))?;
        // Line by line (each soldier is free in the view; the sides decide who fires).
        let mut seat: Vec<Option<Flank>> = vec![None; self.carry.stowed[u].len()];
        let mut groups = Vec::new();
        for (k, a) in aims.iter().enumerate() {
            if aims[..k].iter().any(|b| b.line == a.line) {
                return Err(Refusal::new(format!(
                    "weapon line {} is aimed twice: each line fires once an attack",
                    a.line
                )));
            }
            let before: Vec<u8> = aims[..k].iter().map(|b| b.line).collect();
            if let Some(r) = self.mode_refusal(u, usize::from(a.line), &before) {
                return Err(r);
            }
            let line = view.plan_attack_with(u, std::slice::from_ref(a), sustained, reactive, with_cover, &mut SightMemo::new())?;
            groups.extend(self.seat_at_sides(u, v, a, line, &mut seat)?);
        }
        // "the hits from the template weapons are allocated first".
        groups.sort_by_key(|g| (g.close, !g.template));
        Ok(groups)
    }

    /// The side of vehicle `v` a point lies on, if any (dead ahead or behind: none).
    fn flank_of(&self, v: usize, at: Pt) -> Option<Flank> {
        let hull = self.table.units[v].minis.first()?.body.centre();
        let facing = self.table.units[v].facing;
        Flank::BOTH
            .into_iter()
            .find(|f| super::skills::in_arc(Class::Vehicle, Some(f.mount()), facing, at.sub(hull)))
    }

    /// The target miniatures (card models) group `g` may hit that lie on side `f` of vehicle `v`
    /// (a template's by its point `at`).
    fn on_flank(&self, v: usize, g: &Group, at: Option<Pt>, f: Flank) -> Vec<u8> {
        let t = &self.table.units[g.target];
        g.valid
            .iter()
            .copied()
            .filter(|&model| {
                let j = self.units[g.target].models.iter().position(|&m| m == model);
                let p = match (g.template, at) {
                    (true, Some(p)) => Some(p),
                    _ => j.and_then(|j| t.minis.get(j)).map(|m| m.body.centre()),
                };
                p.and_then(|p| self.flank_of(v, p)) == Some(f)
            })
            .collect()
    }

    /// Cuts the groups of line `a` of an attack of unit `u` from aboard vehicle `v` to the
    /// vehicle's sides: its soldiers fire from the first side (left, then right) with a target
    /// miniature of the line in its field of fire and a window free ("up to half of the maximum
    /// number of passengers firing from each side": half the vehicle's spaces, rounded down). A
    /// soldier of a squad fires one ranged weapon an attack, so a soldier seated by an earlier
    /// line fires no other; a hero or support weapon keeps its side for all its lines. The
    /// line's dice are those of the soldiers left, at the target miniatures on that side
    /// (docs/rulings.md, "Battlefield: passengers").
    fn seat_at_sides(
        &self,
        u: usize,
        v: usize,
        a: &Aim,
        mut groups: Vec<Group>,
        seat: &mut [Option<Flank>],
    ) -> Result<Vec<Group>, Refusal> {
        let cap = usize::from(self.spaces(v) / 2);
        let squad = self.class(u) == Class::Squad;
        let mut firers: Vec<usize> = Vec::new();
        for g in &groups {
            for &m in &g.firers {
                if !firers.contains(&m) {
                    firers.push(m);
                }
            }
        }
        let mut chosen = None;
        for f in Flank::BOTH {
            if groups.iter().all(|g| self.on_flank(v, g, a.at, f).is_empty()) {
                continue;
            }
            let mut room = cap.saturating_sub(seat.iter().filter(|s| **s == Some(f)).count());
            let mine: Vec<usize> = firers
                .iter()
                .copied()
                .filter(|&m| match seat.get(m).copied().flatten() {
                    Some(s) => !squad && s == f,
                    None if room > 0 => {
                        room -= 1;
                        true
                    }
                    None => false,
                })
                .collect();
            if !mine.is_empty() {
                chosen = Some((f, mine));
                break;
            }
        }
        let Some((f, mine)) = chosen else {
            return Err(Refusal::new(format!(
                "{} fire from {}'s sides (up to {cap} soldiers a side, each soldier one ranged weapon): {} is dead ahead or behind it, or no soldier is left to fire from the side it is on",
                self.table.units[u].name, self.table.units[v].name, self.table.units[a.target].name
            )));
        };
        for &m in &mine {
            if let Some(s) = seat.get_mut(m) {
                *s = Some(f);
            }
        }
        for g in &mut groups {
            let valid = self.on_flank(v, g, a.at, f);
            let per = g.dice / g.firers.len().max(1) as u16;
            g.firers.retain(|m| mine.contains(m));
            g.dice = per * g.firers.len() as u16;
            g.valid = valid;
        }
        groups.retain(|g| !g.firers.is_empty() && !g.valid.is_empty());
        if groups.is_empty() {
            return Err(Refusal::new(format!(
                "no soldier of {} has {} in the field of fire of {}'s {} side",
                self.table.units[u].name,
                self.table.units[a.target].name,
                self.table.units[v].name,
                f.name()
            )));
        }
        Ok(groups)
    }

    /// The attacks the generator proposes for unit `u` firing from aboard vehicle `v`: those the
    /// view proposes, kept when the check (the sides) accepts them.
    pub(crate) fn aboard_attack_candidates(&self, u: usize, v: usize, sustained: bool, limit: usize) -> Vec<Decision> {
        let Some(view) = self.aboard_view(u, v) else {
            return vec![Decision::Attack(Vec::new())];
        };
        let mut out = view.attack_candidates(u, sustained, limit);
        out.retain(|d| match d {
            Decision::Attack(a) => a.is_empty() || self.plan_aboard(u, v, a, sustained, None, false).is_ok(),
            _ => false,
        });
        out
    }
}
