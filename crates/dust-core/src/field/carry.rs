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
use super::{Class, FieldGame, Refusal, Seat};
use crate::range::WeaponRange;
use crate::unit::Mount;
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

impl FieldGame {
    /// The vehicle unit `u` rides in as a passenger (or tank rider), if any: the units that fire
    /// from aboard (a pilot fires nothing while he pilots).
    pub(crate) fn firing_aboard(&self, u: usize) -> Option<usize> {
        match self.aboard(u) {
            Some((v, Seat::Passenger)) => Some(v),
            _ => None,
        }
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
            if w.range == WeaponRange::Close {
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
