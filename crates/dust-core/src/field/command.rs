//! Command squads (tactics-battlefield-summary.md, "COMMAND SQUADS"): "Command squads are
//! infantry units that include Officers, Radio Operators, Medics, and Mechanics. Each of these
//! specialists can perform special actions. If any are eliminated, the command squad loses that
//! specialist's abilities." A specialist is a miniature whose card model has the role (`role =
//! "officer"`, `"radioman"`, `"medic"`, `"mechanic"` in the card files).
//!
//! Played here: the Officer's GET MOVING YOU BUNCH OF MONKEYS, the Medic's GET UP, IT AIN'T THAT
//! BAD and the Mechanic's MAKESHIFT REPAIR, each a SPECIAL action of the plan
//! ([`super::Special`]), checked by [`FieldGame::check_command`] (asked by the special-action
//! check in special.rs). AMMO DROP, REINFORCEMENT, REPLACEMENT VEHICLE and INJECT STIMULANTS are
//! not played yet (docs/conformance/battlefield.md, F-606).

use super::decision::{Decision, Special};
use super::{Class, Event, FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::unit::{ArmorType, BattlefrontSkill, Role};
use dust_geom::angle::Facing;
use dust_geom::measure::{body_gap, incoherent, RANGE_UNIT};
use dust_geom::table::Body;

/// The dice of a MAKESHIFT REPAIR: "roll 5 dice. Each ☒ returns 1 point of damage".
pub const REPAIR_DICE: u16 = 5;

/// A role's name in the book's words.
const fn role_name(r: Role) -> &'static str {
    match r {
        Role::Officer => "Officer",
        Role::Radioman => "Radio Operator",
        Role::Medic => "Medic",
        Role::Mechanic => "Mechanic",
        Role::Sniper => "sniper",
        Role::Spotter => "spotter",
    }
}

impl FieldGame {
    /// The miniature of unit `u` (its index as the unit stands) whose card model has role `r`,
    /// while it is on the table: "If any are eliminated, the command squad loses that
    /// specialist's abilities."
    pub fn specialist(&self, u: usize, r: Role) -> Option<usize> {
        let card = &self.cards[u].card;
        self.units[u]
            .models
            .iter()
            .position(|&m| card.models.get(usize::from(m)).is_some_and(|md| md.role == Some(r)))
    }

    /// Where unit `u`'s `r` acts from (a unit and its miniature): the squad's specialist, or (a
    /// mechanic vehicle's MAKESHIFT REPAIR, a medevac vehicle's MEDEVAC) the vehicle itself, or
    /// a hero's skill ([`FieldGame::hero_specialist`]).
    fn acts_from(&self, u: usize, r: Role) -> Option<(usize, usize)> {
        if let Some(x) = self.hero_specialist(u, r) {
            return Some(x);
        }
        let vehicle = self.class(u) == Class::Vehicle && !self.table.units[u].minis.is_empty();
        let equipped = match r {
            Role::Mechanic => self.cards[u].bf.has(BattlefrontSkill::Mechanic),
            Role::Medic => self.cards[u].bf.has(BattlefrontSkill::Medevac),
            _ => false,
        };
        if vehicle {
            equipped.then_some((u, 0))
        } else {
            self.specialist(u, r).map(|i| (u, i))
        }
    }

    /// Whether unit `u`'s Officer has a Radio Operator: a living one, or "Command squads with
    /// infantry Armour 3 or 4 combine the roles of Officer and Radio Operator into one soldier".
    fn has_radio(&self, u: usize) -> bool {
        let a = self.armor(u);
        self.specialist(u, Role::Radioman).is_some()
            || (self.specialist(u, Role::Officer).is_some() && a.kind == ArmorType::Soldier && a.class >= 3)
    }

    /// Whether miniature `i` of unit `u` has a miniature of unit `t` within line of sight and
    /// range `range`.
    fn in_reach(&self, u: usize, i: usize, t: usize, range: i64) -> bool {
        if t == u {
            return true;
        }
        let b = &self.table.units[u].minis[i].body;
        self.table.units[t]
            .minis
            .iter()
            .enumerate()
            .any(|(j, m)| body_gap(b, &m.body).within(range * RANGE_UNIT) && dust_geom::los::mini_sees(&self.table, (u, i), (t, j)).is_ok())
    }

    /// Whether unit `u` may take the command squad's special action `sp` now, and if not why.
    pub(crate) fn check_command(&self, u: usize, sp: Special) -> Result<(), Refusal> {
        let (role, t, range, what) = match sp {
            Special::GetMoving(t) => (Role::Officer, t, 2, "GET MOVING YOU BUNCH OF MONKEYS"),
            Special::GetUp(t) => (Role::Medic, t, 1, "GET UP, IT AIN'T THAT BAD"),
            Special::Repair(t) => (Role::Mechanic, t, 1, "MAKESHIFT REPAIR"),
            Special::Medevac(t) => (Role::Medic, t, 1, "MEDEVAC"),
            Special::None
            | Special::Engineer(_)
            | Special::LaunchSmoke
            | Special::Dozer
            | Special::Reload
            | Special::Camouflage
            | Special::Resurrect(_) => return Ok(()),
        };
        let medevac = matches!(sp, Special::Medevac(_));
        let name = |x: usize| self.table.units.get(x).map_or_else(|| format!("unit {x}"), |v| v.name.clone());
        let vehicle = self.class(u) == Class::Vehicle;
        // A vehicle takes MEDEVAC (medevac equipment) and MAKESHIFT REPAIR (mechanic equipment);
        // a squad the others, by its specialists.
        let fits = match sp {
            Special::Medevac(_) => vehicle,
            Special::Repair(_) => true,
            _ => !vehicle,
        };
        let Some((from, i)) = self.acts_from(u, role).filter(|_| fits) else {
            return Err(Refusal::new(if vehicle || medevac {
                format!(
                    "{} is no {} vehicle: it cannot take {what}",
                    name(u),
                    if medevac { "medevac" } else { "mechanic" }
                )
            } else {
                format!(
                    "{} has no {} left: only a unit with a {} takes {what}",
                    name(u),
                    role_name(role),
                    role_name(role)
                )
            }));
        };
        let x = self.units.get(t).ok_or_else(|| Refusal::new(format!("there is no unit {t}")))?;
        if x.side != self.units[u].side || x.destroyed || self.table.units[t].minis.is_empty() {
            return Err(Refusal::new(format!("{} is not one of your units on the table", name(t))));
        }
        if self.cards[t].bf.has(BattlefrontSkill::Superhuman) {
            return Err(Refusal::new(format!(
                "{} is a superhuman: \"An Officer, Medic, or Mechanic cannot target a superhuman with their Command Squad special actions\"",
                name(t)
            )));
        }
        if self.is_zombie(t) && !medevac {
            return Err(Refusal::new(format!(
                "{} are zombies: \"An Officer, Medic, or Mechanic cannot target a zombie with their Command squad special actions\"",
                name(t)
            )));
        }
        if range == 1 {
            if let Some(p) = self.fortification_piece(u).filter(|&p| self.fortification_piece(t) != Some(p)) {
                return Err(Refusal::new(format!(
                    "{} is inside {} and {} is not: \"A unit inside a bunker or strongpoint cannot use special actions that require the target unit to be within range 1 … if the target unit is outside\"",
                    name(u),
                    self.table.terrain[p].name,
                    name(t)
                )));
            }
        }
        let radio = role == Role::Officer && self.has_radio(u);
        // MEDEVAC: "within range 1", no line of sight asked.
        let near = if medevac {
            let b = &self.table.units[from].minis[i].body;
            self.table.units[t].minis.iter().any(|m| body_gap(b, &m.body).within(RANGE_UNIT))
        } else {
            self.in_reach(from, i, t, range)
        };
        if !radio && !near {
            return Err(Refusal::new(format!(
                "{} is not within line of sight and range {range} ({} cm) of the {} of {}{}",
                name(t),
                range * 10,
                role_name(role),
                name(u),
                if role == Role::Officer {
                    " (with a Radio Operator he could reach any unit on the board)"
                } else {
                    ""
                }
            )));
        }
        let card = &self.cards[t].card;
        match sp {
            Special::GetMoving(_) => {
                if t == u {
                    return Err(Refusal::new("the command squad cannot send itself to activate again"));
                }
                if !x.activated {
                    return Err(Refusal::new(format!(
                        "{} has not activated this turn: GET MOVING re-activates a unit that has already been activated (it is not activated yet)",
                        name(t)
                    )));
                }
                if self.reactivated[t] == self.turn {
                    return Err(Refusal::new(format!(
                        "{} has been re-activated this turn already: \"A unit may only be re-activated once per turn\"",
                        name(t)
                    )));
                }
                Ok(())
            }
            Special::Medevac(_) => match self.class(t) {
                Class::Squad if self.units[t].models.len() < card.models.len() => Ok(()),
                _ => Err(Refusal::new(format!(
                    "{} is not an infantry squad with soldiers eliminated",
                    name(t)
                ))),
            },
            Special::GetUp(_) => match self.class(t) {
                Class::Squad if self.units[t].models.len() < card.models.len() => Ok(()),
                Class::Squad => Err(Refusal::new(format!("{} has no eliminated miniature to return", name(t)))),
                Class::Hero | Class::SupportWeapon if x.health < card.health => Ok(()),
                Class::Hero | Class::SupportWeapon => Err(Refusal::new(format!("{} has no damage to remove", name(t)))),
                _ => Err(Refusal::new(format!(
                    "{} is not an infantry unit: a Medic treats infantry",
                    name(t)
                ))),
            },
            _ => match self.class(t) {
                Class::Vehicle if x.health < card.health => Ok(()),
                Class::Vehicle => Err(Refusal::new(format!("{} has no damage to repair", name(t)))),
                _ => Err(Refusal::new(format!("{} is not a vehicle: a Mechanic repairs vehicles", name(t)))),
            },
        }
    }

    /// The command squad's special actions unit `u` may take now.
    pub(crate) fn command_candidates(&self, u: usize) -> Vec<Decision> {
        let roles = [Role::Officer, Role::Medic, Role::Mechanic];
        if roles.iter().all(|&r| self.acts_from(u, r).is_none()) {
            return Vec::new();
        }
        (0..self.units.len())
            .flat_map(|t| [Special::GetMoving(t), Special::GetUp(t), Special::Repair(t), Special::Medevac(t)])
            .filter(|&sp| self.check_command(u, sp).is_ok())
            .map(Decision::Special)
            .collect()
    }

    /// GET MOVING on unit `t`: "Roll a die: on ☒ … The Command squad's activation immediately
    /// ends, and the selected unit activates again (ie, you activate 2 units consecutively)"
    /// (the army symbol: docs/rulings.md, "Battlefield: command squads"). Returns whether it
    /// succeeded (the command squad's activation is then over and `t`'s has begun).
    pub(crate) fn get_moving(&mut self, t: usize) -> bool {
        if self.roll_sym(1, Symbols::ARMY, Purpose::Command) == 0 {
            return false;
        }
        self.reactivated[t] = self.turn;
        self.act = None;
        self.activate(t, None);
        true
    }

    /// GET UP, IT AIN'T THAT BAD on unit `t`: "Roll a die: on ☒ or ☑ … If the unit is an infantry
    /// squad, return an eliminated miniature to the unit. If the unit is a support weapon or
    /// hero, remove 1 point of Damage to that unit" (the army symbol or the shield).
    pub(crate) fn get_up(&mut self, t: usize) {
        if self.roll_sym(1, Symbols::ARMY_OR_SHIELD, Purpose::Command) == 0 {
            return;
        }
        if self.class(t) == Class::Squad {
            if self.return_miniature(t) {
                self.log(Event::Restored(t, 1));
            }
        } else {
            let max = self.cards[t].card.health;
            if self.units[t].health < max {
                self.units[t].health += 1;
                self.log(Event::Restored(t, 1));
            }
        }
    }

    /// Returns an eliminated miniature (the first card model missing) to squad `t`, placed by
    /// the engine beside one of its miniatures: the first free spot, in the order of the
    /// squad's miniatures and of the eight compass directions, a base's width and 0.5 mm away,
    /// wholly on the table, on nothing it cannot stand on, and in coherency (docs/rulings.md,
    /// "Battlefield: command squads"). Returns whether a spot was found.
    fn return_miniature(&mut self, t: usize) -> bool {
        let n = self.cards[t].card.models.len();
        let Some(model) = (0..n as u8).find(|m| !self.units[t].models.contains(m)) else {
            return false;
        };
        let Some(template) = self.table.units[t].minis.first().cloned() else {
            return false;
        };
        let step = self.table.units[t].size.0 + 5;
        let centres: Vec<_> = self.table.units[t].minis.iter().map(|m| m.body.centre()).collect();
        let mut table = self.table.clone();
        let k = table.units[t].minis.len();
        table.units[t].minis.push(template);
        for c in centres {
            for d in 0..8 {
                let at = c.add(Facing::deg(d * 45).turn(step, 0));
                table.units[t].minis[k].body = dust_geom::path::body_at(&table, t, at, None);
                let bodies: Vec<&Body> = table.units[t].minis.iter().map(|m| &m.body).collect();
                if incoherent(&bodies).is_some() || dust_geom::path::check_end(&table, t, k, at, None).is_err() {
                    continue;
                }
                let mini = table.units[t].minis[k].clone();
                self.table.units[t].minis.push(mini);
                self.units[t].models.push(model);
                self.units[t].health += 1;
                self.scratch.replace(None);
                return true;
            }
        }
        false
    }

    /// MEDEVAC on squad `t`: "Roll a die for each soldier eliminated from the unit. Each ☒
    /// returns 1 of the eliminated soldiers to the unit" (each placed as GET UP places one).
    pub(crate) fn medevac(&mut self, t: usize) {
        self.return_rolled(t, Symbols::ARMY);
    }

    /// Rolls a die for each soldier of squad `t`'s card not on the table; each showing one of
    /// `faces` returns one ([`FieldGame::return_miniature`]): MEDEVAC, RESURRECTION.
    pub(crate) fn return_rolled(&mut self, t: usize, faces: Symbols) {
        let gone = self.cards[t].card.models.len().saturating_sub(self.units[t].models.len());
        let k = self.roll_sym(gone as u16, faces, Purpose::Command);
        let mut back = 0;
        for _ in 0..k {
            if self.return_miniature(t) {
                back += 1;
            }
        }
        if back > 0 {
            self.log(Event::Restored(t, back));
        }
    }

    /// MAKESHIFT REPAIR on vehicle `t`: "roll 5 dice. Each ☒ returns 1 point of damage to that
    /// vehicle" (never above its card's damage points).
    pub(crate) fn repair(&mut self, t: usize) {
        let faces = self.repair_faces();
        let k = self.roll_sym(REPAIR_DICE, faces, Purpose::Command);
        let max = self.cards[t].card.health;
        let back = u8::try_from(k).unwrap_or(u8::MAX).min(max.saturating_sub(self.units[t].health));
        if back > 0 {
            self.units[t].health += back;
            self.log(Event::Restored(t, back));
        }
    }
}
