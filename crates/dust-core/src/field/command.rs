//! Command squads (tactics-battlefield-summary.md, "COMMAND SQUADS"): "Command squads are
//! infantry units that include Officers, Radio Operators, Medics, and Mechanics. Each of these
//! specialists can perform special actions. If any are eliminated, the command squad loses that
//! specialist's abilities." A specialist is a miniature whose card model has the role (`role =
//! "officer"`, `"radioman"`, `"medic"`, `"mechanic"` in the card files).
//!
//! Played here: the Officer's GET MOVING YOU BUNCH OF MONKEYS and AMMO DROP, the Medic's GET UP,
//! IT AIN'T THAT BAD and INJECT STIMULANTS (the token, and the third action it gives when the unit
//! activates: [`FieldGame::extra_step`]) and the Mechanic's MAKESHIFT REPAIR, each a SPECIAL
//! action of the plan ([`super::Special`]), checked by [`FieldGame::check_command`] (asked by the
//! special-action check in special.rs), and the Officer's REINFORCEMENT and REPLACEMENT VEHICLE,
//! which call an eliminated unit up again to move on from the table edge as reserves do
//! ([`FieldGame::call_up`]).

use super::decision::{Action, Decision, Special};
use super::{Class, Event, FieldGame, Purpose, Refusal, Seat};
use crate::dice::Symbols;
use crate::unit::{ArmorType, BattlefrontSkill, Role};
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;
use dust_geom::measure::{body_gap, incoherent, RANGE_UNIT};
use dust_geom::table::Body;

/// The dice of a MAKESHIFT REPAIR: "roll 5 dice. Each ☒ returns 1 point of damage".
pub const REPAIR_DICE: u16 = 5;

/// A Stimulants token ("Inject Stimulants": "place the appropriate token on the unit's card").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stimulant {
    /// "If a unit activates while it has an Attack Stimulants token, it removes the token and
    /// treats an ATTACK action as a SUSTAINED ATTACK action."
    Attack,
    /// "If a unit activates while it has a Move Stimulants token, it removes the token and treats
    /// a MOVE action as a MARCH MOVE action."
    Move,
}

impl Stimulant {
    /// The word of the text form.
    pub const fn word(self) -> &'static str {
        match self {
            Stimulant::Attack => "attack",
            Stimulant::Move => "move",
        }
    }
    /// Reads a word of the text form.
    pub fn from_word(w: &str) -> Option<Stimulant> {
        [Stimulant::Attack, Stimulant::Move].into_iter().find(|t| t.word() == w)
    }
    /// The double action the token lets the unit take for one: a SUSTAINED ATTACK for an ATTACK,
    /// a MARCH MOVE for a MOVE.
    const fn doubled(self) -> Action {
        match self {
            Stimulant::Attack => Action::Sustained,
            Stimulant::Move => Action::March,
        }
    }
}

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
    /// "COMMAND VEHICLE": "A command vehicle provides any command squad mounted in it with an
    /// additional Radio Operator".
    fn has_radio(&self, u: usize) -> bool {
        let a = self.armor(u);
        self.specialist(u, Role::Radioman).is_some()
            || (self.specialist(u, Role::Officer).is_some() && a.kind == ArmorType::Soldier && a.class >= 3)
            || self.in_command_vehicle(u)
    }

    /// Whether unit `u` is mounted (a passenger) in a command vehicle.
    pub fn in_command_vehicle(&self, u: usize) -> bool {
        self.aboard(u)
            .is_some_and(|(v, seat)| seat == Seat::Passenger && self.cards[v].bf.has(BattlefrontSkill::CommandVehicle))
    }

    /// The miniature (unit, index) miniature `i` of unit `u` reaches from: itself, or, while the
    /// unit is carried, its vehicle's hull (the soldiers aboard stand nowhere on the table;
    /// docs/rulings.md, "Battlefield: command squads").
    fn reach_from(&self, u: usize, i: usize) -> (usize, usize) {
        match self.aboard(u) {
            Some((v, _)) => (v, 0),
            None => (u, i),
        }
    }

    /// Whether miniature `i` of unit `u` has a miniature of unit `t` within line of sight and
    /// range `range`.
    fn in_reach(&self, u: usize, i: usize, t: usize, range: i64) -> bool {
        let (u, i) = self.reach_from(u, i);
        if t == u {
            return true;
        }
        let Some(b) = self.table.units[u].minis.get(i).map(|m| &m.body) else {
            return false;
        };
        self.table.units[t]
            .minis
            .iter()
            .enumerate()
            .any(|(j, m)| body_gap(b, &m.body).within(range * RANGE_UNIT) && dust_geom::los::mini_sees(&self.table, (u, i), (t, j)).is_ok())
    }

    /// Rolls `n` dice of a command squad special action of the acting unit counting `faces`: "In
    /// addition, Officers, Mechanics, and Medics mounted in a command vehicle can re-roll failed
    /// Command squad special actions" — mounted in one, the dice that failed are rolled again
    /// (docs/rulings.md, "Battlefield: command squads").
    fn command_dice(&mut self, n: u16, faces: Symbols) -> u16 {
        let k = self.roll_sym(n, faces, Purpose::Command);
        if k < n && self.acting().is_some_and(|u| self.in_command_vehicle(u)) {
            k + self.roll_sym(n - k, faces, Purpose::Reroll)
        } else {
            k
        }
    }

    /// Whether unit `u` may take the command squad's special action `sp` now, and if not why.
    pub(crate) fn check_command(&self, u: usize, sp: Special) -> Result<(), Refusal> {
        if let Special::Reinforce(t) | Special::ReplaceVehicle(t) = sp {
            return self.check_call_up(u, sp, t);
        }
        let (role, t, range, what) = match sp {
            Special::GetMoving(t) => (Role::Officer, t, 2, "GET MOVING YOU BUNCH OF MONKEYS"),
            Special::GetUp(t) => (Role::Medic, t, 1, "GET UP, IT AIN'T THAT BAD"),
            Special::Repair(t) => (Role::Mechanic, t, 1, "MAKESHIFT REPAIR"),
            Special::Medevac(t) => (Role::Medic, t, 1, "MEDEVAC"),
            Special::AmmoDrop(t) => (Role::Officer, t, 2, "AMMO DROP"),
            Special::Stimulants(t, _) => (Role::Medic, t, 1, "INJECT STIMULANTS"),
            Special::None
            | Special::Engineer(_)
            | Special::LaunchSmoke
            | Special::Dozer
            | Special::Reload
            | Special::Reinforce(_)
            | Special::ReplaceVehicle(_)
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
            Special::AmmoDrop(_) => {
                let limited: Vec<(usize, u8)> = card
                    .weapons
                    .iter()
                    .enumerate()
                    .filter_map(|(li, w)| w.ammo.map(|n| (li, n)))
                    .collect();
                if limited.is_empty() {
                    return Err(Refusal::new(format!(
                        "{} has no Limited Ammo weapons: AMMO DROP replenishes a unit with Limited Ammo weapons",
                        name(t)
                    )));
                }
                if limited.iter().all(|&(li, n)| self.ammo_left(t, li).is_some_and(|k| k >= n)) {
                    return Err(Refusal::new(format!(
                        "{} has its full ammunition load: no box is marked, there is nothing to replenish",
                        name(t)
                    )));
                }
                Ok(())
            }
            Special::Stimulants(..) => {
                if !self.class(t).infantry() {
                    return Err(Refusal::new(format!(
                        "{} is not an infantry unit: a Medic injects \"any infantry unit within LOS and range 1\"",
                        name(t)
                    )));
                }
                if let Some(k) = x.stimulant {
                    return Err(Refusal::new(format!(
                        "{} has an {} Stimulants token already: it removes it when it next activates (a unit holds one token)",
                        name(t),
                        if k == Stimulant::Attack { "Attack" } else { "Move" }
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
            .flat_map(|t| {
                [
                    Special::GetMoving(t),
                    Special::GetUp(t),
                    Special::Repair(t),
                    Special::Medevac(t),
                    Special::AmmoDrop(t),
                    Special::Stimulants(t, Stimulant::Attack),
                    Special::Stimulants(t, Stimulant::Move),
                    Special::Reinforce(t),
                    Special::ReplaceVehicle(t),
                ]
            })
            .filter(|&sp| self.check_command(u, sp).is_ok())
            .map(Decision::Special)
            .collect()
    }

    /// GET MOVING on unit `t`: "Roll a die: on ☒ … The Command squad's activation immediately
    /// ends, and the selected unit activates again (ie, you activate 2 units consecutively)"
    /// (the army symbol: docs/rulings.md, "Battlefield: command squads"). Returns whether it
    /// succeeded (the command squad's activation is then over and `t`'s has begun).
    pub(crate) fn get_moving(&mut self, t: usize) -> bool {
        if self.command_dice(1, Symbols::ARMY) == 0 {
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
        if self.command_dice(1, Symbols::ARMY_OR_SHIELD) == 0 {
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
        let k = self.command_dice(REPAIR_DICE, faces);
        let max = self.cards[t].card.health;
        let back = u8::try_from(k).unwrap_or(u8::MAX).min(max.saturating_sub(self.units[t].health));
        if back > 0 {
            self.units[t].health += back;
            self.log(Event::Restored(t, back));
        }
    }

    /// AMMO DROP on unit `t`: "Roll a die: on ☒ or ☑, select any unit with Limited Ammo weapons
    /// … and replenish it back to a full ammunition load" (the army symbol or the shield): every
    /// limited-ammo line gets all its boxes back.
    pub(crate) fn ammo_drop(&mut self, t: usize) {
        if self.command_dice(1, Symbols::ARMY_OR_SHIELD) == 0 {
            return;
        }
        self.units[t].ammo = self.cards[t].card.weapons.iter().map(|w| w.ammo).collect();
    }

    /// INJECT STIMULANTS on unit `t`: "roll a die … On ☒, choose either token. On 🎯, Attack
    /// Stimulants token. On the shield, Move Stimulants token" (docs/rulings.md, "Battlefield:
    /// command squads"): the die is read as whether it shows the army symbol, then, if not,
    /// whether it shows the target among the two other faces (the two rolls together are
    /// exactly one die's faces, as the initiative tie-break reads them). `chosen` is the token
    /// the player takes on the army symbol.
    pub(crate) fn inject(&mut self, t: usize, chosen: Stimulant) {
        let token = if self.roll_sym(1, Symbols::ARMY, Purpose::Command) == 1 {
            chosen
        } else {
            match self.dice.roll_among(1, Symbols::ARMY, Symbols::TARGET) {
                Some(r) => {
                    let k = r.sample(&mut self.rng);
                    self.log(Event::Rolled {
                        purpose: Purpose::Command,
                        dice: 1,
                        successes: k,
                    });
                    if k == 1 {
                        Stimulant::Attack
                    } else {
                        Stimulant::Move
                    }
                }
                // Dice with no target face: the other faces are read as the shield.
                None => Stimulant::Move,
            }
        };
        self.units[t].stimulant = Some(token);
    }

    /// The step of plan `p` that is not counted among the activation's actions: a skill's free
    /// action ([`FieldGame::free_step`]), or the doubled action of a Stimulants token the unit
    /// removed as it activated: "treats an ATTACK action as a SUSTAINED ATTACK action" ("a MOVE
    /// action as a MARCH MOVE action"), "The unit will take 3 actions in that activation" — the
    /// plan's first SUSTAINED ATTACK (MARCH MOVE) counts one action (docs/rulings.md,
    /// "Battlefield: command squads").
    pub(crate) fn extra_step(&self, a: &super::flow::Activation, p: &[Action]) -> Option<usize> {
        self.free_step(a.unit, p, a.actions).or_else(|| {
            let k = a.stim?;
            let total: u8 = p.iter().map(|x| x.cost()).sum();
            if total != a.actions + 1 {
                return None;
            }
            p.iter().position(|&x| x == k.doubled())
        })
    }

    /// Sets the unmarked boxes of line `li` of unit `u` (never more than the line has), for tests
    /// and scenarios that start a unit with some of its ammunition spent.
    pub fn set_ammo_left(&mut self, u: usize, li: usize, left: u8) {
        let full = self.cards.get(u).and_then(|c| c.card.weapons.get(li)).and_then(|w| w.ammo);
        if let (Some(full), Some(slot)) = (full, self.units.get_mut(u).and_then(|x| x.ammo.get_mut(li))) {
            *slot = Some(left.min(full));
        }
    }

    /// Puts a Stimulants token on unit `u`'s card, for tests and scenarios.
    pub fn give_stimulant(&mut self, u: usize, token: Stimulant) {
        if let Some(x) = self.units.get_mut(u) {
            x.stimulant = Some(token);
        }
    }

    /// Whether unit `u` may call up unit `t` again with `sp` (REINFORCEMENT or REPLACEMENT
    /// VEHICLE): "select an infantry squad or support weapon (but not a hero) that has been
    /// eliminated"; "select an eliminated vehicle"; "Once an Officer has succeeded in calling up
    /// reinforcements [replacing a vehicle], the player cannot use the … action again". One of
    /// the Officer's side's units (docs/rulings.md, "Battlefield: command squads").
    fn check_call_up(&self, u: usize, sp: Special, t: usize) -> Result<(), Refusal> {
        let vehicle = matches!(sp, Special::ReplaceVehicle(_));
        let what = if vehicle { "REPLACEMENT VEHICLE" } else { "REINFORCEMENT" };
        let name = |x: usize| self.table.units.get(x).map_or_else(|| format!("unit {x}"), |v| v.name.clone());
        if self.class(u) == Class::Vehicle || self.specialist(u, Role::Officer).is_none() {
            return Err(Refusal::new(format!(
                "{} has no Officer left: only a unit with an Officer takes {what}",
                name(u)
            )));
        }
        let side = self.units[u].side;
        let used = if vehicle { self.called_up[side].1 } else { self.called_up[side].0 };
        if used {
            return Err(Refusal::new(format!(
                "side {side}'s Officers have called up {} already: the player cannot use the {what} action again",
                if vehicle { "a replacement vehicle" } else { "reinforcements" }
            )));
        }
        let x = self.units.get(t).ok_or_else(|| Refusal::new(format!("there is no unit {t}")))?;
        if x.side != side || !x.destroyed {
            return Err(Refusal::new(format!("{} is not one of your eliminated units", name(t))));
        }
        match (vehicle, self.class(t)) {
            (false, Class::Squad | Class::SupportWeapon) | (true, Class::Vehicle) => Ok(()),
            (false, Class::Hero) => Err(Refusal::new(format!(
                "{} is a hero: REINFORCEMENT calls up an infantry squad or support weapon (but not a hero)",
                name(t)
            ))),
            (false, Class::Vehicle) => Err(Refusal::new(format!(
                "{} is a vehicle: call it up with REPLACEMENT VEHICLE",
                name(t)
            ))),
            (false, _) => Err(Refusal::new(format!("{} is not an infantry squad or support weapon", name(t)))),
            (true, _) => Err(Refusal::new(format!(
                "{} is not a vehicle: REPLACEMENT VEHICLE calls up an eliminated vehicle",
                name(t)
            ))),
        }
    }

    /// REINFORCEMENT or REPLACEMENT VEHICLE of the acting unit on eliminated unit `t`: "Roll a
    /// die: on ☒" (the army symbol) the unit is called up at full strength (its wreck removed, a
    /// vehicle's), the command squad's activation ends and the unit activates, entering "in the
    /// same way as reserves, moving on from the edge of the board": placed at its side's table
    /// edge ([`super::Entry::Edge`]), its first action a MOVE or MARCH MOVE. Eliminated again, its
    /// points count again ("it counts as another unit eliminated when determining victory").
    /// Returns whether it succeeded.
    pub(crate) fn call_up(&mut self, t: usize) -> bool {
        if self.command_dice(1, Symbols::ARMY) == 0 {
            return false;
        }
        let side = self.units[t].side;
        if self.class(t) == Class::Vehicle {
            self.called_up[side].1 = true;
            let wreck = format!("the wreck of {}", self.table.units[t].name);
            if let Some(p) = self
                .table
                .terrain
                .iter()
                .position(|x| x.kind == dust_geom::table::TerrainKind::Wreck && x.name == wreck)
            {
                let piece = self.table.terrain.remove(p);
                self.log(Event::Removed(piece.name));
            }
        } else {
            self.called_up[side].0 = true;
        }
        let card = &self.cards[t].card;
        let n = if self.class(t) == Class::Squad {
            card.models.len().max(1)
        } else {
            1
        };
        let x = &mut self.units[t];
        x.destroyed = false;
        x.models = (0..n as u8).collect();
        x.health = if n > 1 || card.kind == crate::unit::UnitKind::Squad {
            n as u8
        } else {
            card.health.max(1)
        };
        x.tokens = super::Tokens::default();
        x.stunned = false;
        x.grappled_by = None;
        x.stimulant = None;
        x.last_march = false;
        x.ammo = card.weapons.iter().map(|w| w.ammo).collect();
        // Off the table, waiting to move on at the edge (no reserve roll of its own).
        let edge = self
            .entry_stretches(side, super::Entry::Edge)
            .first()
            .map_or(Pt::new(0, 0), |s| s.0);
        let body = dust_geom::path::body_at(&self.table, t, edge, None);
        self.waiting[t] = vec![dust_geom::table::Mini { body }; n];
        self.units[t].in_reserve = true;
        self.rolls[t] = false;
        self.entry = Some((t, super::Entry::Edge));
        self.log(Event::Restored(t, self.units[t].health));
        self.act = None;
        self.activate(t, None);
        true
    }

    /// Eliminates unit `u` (its wreck left on the table, a vehicle's), for tests and scenarios that
    /// start after losses.
    pub fn eliminate_unit(&mut self, u: usize) {
        if u < self.units.len() {
            self.eliminate(u);
        }
    }

    /// Marks side `side`'s REINFORCEMENT (`reinforcement`) or REPLACEMENT VEHICLE (`vehicle`) as
    /// used, for tests and scenarios.
    pub fn set_called_up(&mut self, side: crate::Side, reinforcement: bool, vehicle: bool) {
        let c = &mut self.called_up[side];
        c.0 |= reinforcement;
        c.1 |= vehicle;
    }
}
