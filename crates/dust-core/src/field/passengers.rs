//! Units carried in vehicles and aircraft on the Battlefield table: passengers and tank riders,
//! pilots (tactics-battlefield-summary.md, "CARRYING PASSENGERS", "HEROES", "Piloting Vehicles
//! and Aircraft"), and sidekicks joining their superhuman.
//!
//! A unit aboard has no miniature on the table: its miniatures are kept here until it
//! dismounts, or until the vehicle is eliminated and the survivors are placed beside the wreck.
//! The flow calls in at a few points: the set-up (units that begin the game mounted), `check`
//! and `apply` of [`Decision::Mount`] and [`Decision::Dismount`], the plan of a unit aboard or
//! of a vehicle its pilot left, the activation of a piloted vehicle, and the elimination of a
//! vehicle that carries units.
//!
//! ```text
//! Mount { vehicle, minis }   a Move ending with every miniature in contact (1 cm) -> aboard
//! Dismount(points)           a Move of a unit aboard, before its vehicle activates -> placed
//! vehicle eliminated         pilot: escape die; passengers: a die per miniature;
//!                            survivors placed within 10 cm, suppressed, activated
//! ```

use super::attack::Choice;
use super::decision::{Decision, MiniMove};
use super::{Class, Event, FieldGame, Purpose, Refusal, SetupError};
use crate::dice::Symbols;
use crate::rules_shared;
use crate::unit::{ArmorType, BattlefrontKind, BattlefrontSkill};
use dust_geom::exact::Pt;
use dust_geom::measure::{body_gap, incoherent, RANGE_UNIT};
use dust_geom::table::{Body, Mini};

/// "In contact" with a vehicle's body or hull: a base edge within 1 cm of it (docs/rulings.md,
/// "Battlefield: passengers"), in table units (0.1 mm).
pub const CONTACT: i64 = 100;

/// Where a unit sits in the vehicle it is aboard.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A passenger (or tank rider): it takes spaces.
    Passenger,
    /// The vehicle's (or aircraft's) one pilot: a hero with the skill to pilot it.
    Pilot,
    /// An airmobile or air assault vehicle carried by an airlifter (carry.rs).
    Cargo,
}

/// The units carried, and what the rules remember about them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Carry {
    /// The vehicle each unit is aboard, and its seat.
    pub aboard: Vec<Option<(usize, Seat)>>,
    /// The miniatures of each unit aboard (their bases; placed again when they get out).
    pub stowed: Vec<Vec<Mini>>,
    /// Vehicles whose pilot dismounted: "it cannot take any actions until he mounts it again,
    /// unless it is a large or huge vehicle".
    pub abandoned: Vec<bool>,
    /// The unit that mounted in the activation under way, and the one that dismounted ("A
    /// hero cannot mount and dismount a vehicle in the same activation").
    pub mounted_now: Option<usize>,
    pub dismounted_now: Option<usize>,
}

/// Sixteen directions as integer vectors of length 1,000 (to the unit): the placing of
/// miniatures about a vehicle asks no platform's `sin` or `cos`.
const DIRS: [(i64, i64); 16] = [
    (0, 1_000),
    (383, 924),
    (707, 707),
    (924, 383),
    (1_000, 0),
    (924, -383),
    (707, -707),
    (383, -924),
    (0, -1_000),
    (-383, -924),
    (-707, -707),
    (-924, -383),
    (-1_000, 0),
    (-924, 383),
    (-707, 707),
    (-383, 924),
];

impl FieldGame {
    /// The vehicle unit `u` is aboard, and its seat.
    pub fn aboard(&self, u: usize) -> Option<(usize, Seat)> {
        self.carry.aboard.get(u).copied().flatten()
    }

    /// The hero piloting vehicle `v`, if any.
    pub fn pilot_of(&self, v: usize) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.aboard(u) == Some((v, Seat::Pilot)) && !self.units[u].destroyed)
    }

    /// The units carried in vehicle `v` as passengers.
    pub fn passengers_of(&self, v: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&u| self.aboard(u) == Some((v, Seat::Passenger)) && !self.units[u].destroyed)
            .collect()
    }

    /// The spaces of vehicle `v`: "(#) indicates how many spaces it has for soldiers with
    /// infantry Armour 1 or 2" (Passengers (#), or Tank Riders (#): "operates like a vehicle
    /// carrying passengers").
    pub fn spaces(&self, v: usize) -> u8 {
        let bf = &self.cards[v].bf;
        if self.is_sealifter(v) {
            return super::carry::SEALIFTER_SPACES;
        }
        bf.passengers.max(bf.tank_riders)
    }

    /// The spaces unit `u` takes: "Soldiers with infantry Armour rating 3 or 4 occupy 2
    /// spaces" (one for Armour 1 or 2), for each miniature it has.
    pub fn spaces_needed(&self, u: usize) -> u8 {
        let a = self.armor(u);
        let per = if a.kind == ArmorType::Soldier && a.class >= 3 { 2 } else { 1 };
        let n = if self.aboard(u).is_some() {
            self.carry.stowed[u].len()
        } else {
            self.table.units[u].minis.len()
        };
        (n as u8).saturating_mul(per)
    }

    /// The spaces of vehicle `v` its passengers take now.
    pub fn spaces_used(&self, v: usize) -> u8 {
        self.passengers_of(v).iter().map(|&p| self.spaces_needed(p)).sum::<u8>() + self.cargo_spaces(v)
    }

    /// Whether hero `h` may pilot vehicle (or aircraft) `v`: "A hero with the Pilot or Ace
    /// Pilot skill can pilot a vehicle. A hero with the Air Pilot or Ace Air Pilot skill can
    /// pilot an aircraft"; "A vehicle with the Pilot: Name attribute can only be piloted by the
    /// named hero" (a hero with the battlefront cards' Vehicle Pilot pilots a vehicle too).
    pub fn may_pilot(&self, h: usize, v: usize) -> bool {
        let hb = &self.cards[h].bf;
        let skill = match self.class(v) {
            Class::Vehicle => {
                hb.has(BattlefrontSkill::Pilot) || hb.has(BattlefrontSkill::AcePilot) || hb.has(BattlefrontSkill::VehiclePilot)
            }
            Class::Aircraft => hb.has(BattlefrontSkill::AirPilot) || hb.has(BattlefrontSkill::AceAirPilot),
            _ => false,
        };
        self.class(h) == Class::Hero && skill && self.cards[v].bf.pilot_allowed(&self.cards[h].card.name)
    }

    /// Whether unit `u` may board vehicle `v` now, and in which seat: infantry of the same side
    /// in a vehicle or aircraft ("A vehicle equipped to carry passengers can carry infantry
    /// units inside it"); a hero who may pilot it and finds no pilot in it pilots it ("Only 1
    /// hero may pilot a vehicle or aircraft at a time"); any other unit needs the spaces ("as
    /// long as they do not occupy more spaces than the vehicle has"). Zombies never mount.
    pub fn may_board(&self, u: usize, v: usize) -> Result<Seat, Refusal> {
        let name = |x: usize| self.table.units[x].name.clone();
        if v >= self.units.len() || u == v {
            return Err(Refusal::new(format!("there is no vehicle {v} for {} to mount", name(u))));
        }
        if !matches!(self.class(v), Class::Vehicle | Class::Aircraft) {
            return Err(Refusal::new(format!(
                "{} is not a vehicle or aircraft: only those carry units",
                name(v)
            )));
        }
        if self.units[v].side != self.units[u].side {
            return Err(Refusal::new(format!(
                "{} is the enemy's: a unit mounts only its own side's vehicles",
                name(v)
            )));
        }
        if self.units[v].destroyed {
            return Err(Refusal::new(format!("{} is eliminated", name(v))));
        }
        if let Some(r) = self.cargo_seat(u, v) {
            return r;
        }
        if !self.class(u).infantry() {
            return Err(Refusal::new(format!(
                "{} is not infantry: only infantry units are carried",
                name(u)
            )));
        }
        if self.is_zombie(u) {
            return Err(Refusal::new(format!(
                "{} are zombies: \"A zombie unit can never mount a vehicle or aircraft as Passengers or Tank Riders\"",
                name(u)
            )));
        }
        if self.aboard(v).is_some() {
            return Err(Refusal::new(format!("{} is itself carried", name(v))));
        }
        if self.may_pilot(u, v) && self.pilot_of(v).is_none() {
            return Ok(Seat::Pilot);
        }
        let (have, used, need) = (self.spaces(v), self.spaces_used(v), self.spaces_needed(u));
        if have == 0 {
            return Err(Refusal::new(format!(
                "{} carries no passengers (its card has no Passengers (#)){}",
                name(v),
                if self.class(u) == Class::Hero {
                    ", and the hero cannot pilot it or it has a pilot"
                } else {
                    ""
                }
            )));
        }
        if used + need > have {
            return Err(Refusal::new(format!(
                "{} needs {need} spaces and {} has {} free of {have}: \"Multiple units can board the same vehicle as long as they do not occupy more spaces than the vehicle has\" (Armour 3 or 4 soldiers take 2 spaces)",
                name(u),
                name(v),
                have - used.min(have)
            )));
        }
        Ok(Seat::Passenger)
    }

    /// Puts unit `u` aboard vehicle `v`: its miniatures leave the table.
    pub(crate) fn stow(&mut self, u: usize, v: usize, seat: Seat) {
        self.carry.stowed[u] = std::mem::take(&mut self.table.units[u].minis);
        self.carry.aboard[u] = Some((v, seat));
        if seat == Seat::Pilot {
            self.carry.abandoned[v] = false;
        }
        self.scratch.replace(None);
    }

    /// The units that begin the game mounted ("Infantry units can begin the game mounted in the
    /// vehicle"; "The hero can begin the game mounted in a vehicle/aircraft"), in the table's
    /// order. A unit aboard is not itself held in reserve or in ambush: it comes with its vehicle.
    pub(crate) fn board_at_setup(&mut self, aboard: &[Option<usize>]) -> Result<(), SetupError> {
        let n = self.units.len();
        self.carry = Carry {
            aboard: vec![None; n],
            stowed: vec![Vec::new(); n],
            abandoned: vec![false; n],
            mounted_now: None,
            dismounted_now: None,
        };
        for (u, v) in aboard.iter().enumerate().take(n) {
            let Some(v) = *v else { continue };
            // Waiting off the table with the rest (a meeting engagement): it comes with its
            // vehicle, without a roll of its own.
            if self.units[u].in_reserve {
                self.table.units[u].minis = std::mem::take(&mut self.waiting[u]);
                self.units[u].in_reserve = false;
                self.rolls[u] = false;
                self.ambush[u] = false;
            }
            let seat = self
                .may_board(u, v)
                .map_err(|r| SetupError::Aboard(self.table.units[u].name.clone(), r.reason))?;
            self.stow(u, v, seat);
        }
        Ok(())
    }

    /// Whether unit `u` counts for the Passing rule: a hero piloting a vehicle counts with it
    /// as one unit ("Count them as a single unit when determining how many units have yet to
    /// activate for the Passing rule").
    pub(crate) fn counts_apart(&self, u: usize) -> bool {
        !matches!(self.aboard(u), Some((_, Seat::Pilot)))
    }

    /// A unit activates: the activation's memory of mounting is new, and "When a vehicle/
    /// aircraft with a pilot activates, its pilot also activates performing the same action".
    pub(crate) fn carry_activates(&mut self, u: usize) {
        self.carry.mounted_now = None;
        self.carry.dismounted_now = None;
        self.pilot_activates_with(u);
    }

    /// Vehicle `v` activates (or reacts: "attempting a reactive attack activates your unit"):
    /// so does its pilot.
    pub(crate) fn pilot_activates_with(&mut self, v: usize) {
        if let Some(h) = self.pilot_of(v) {
            self.units[h].activated = true;
        }
    }

    /// Whether unit `u` may take actions other than NOTHING (a reactive attack among them): not
    /// a vehicle its pilot left ("it cannot take any actions until he mounts it again"), nor a
    /// unit carried ("Aircraft cannot make reactive attacks"; passengers make none either: they
    /// cannot be reached, docs/rulings.md, "Battlefield: passengers").
    pub(crate) fn may_act(&self, u: usize) -> bool {
        !self.carry.abandoned.get(u).copied().unwrap_or(false) && self.aboard(u).is_none()
    }

    /// What the plan of a unit aboard, or of a vehicle its pilot left, may hold:
    /// "Passengers can dismount from a vehicle by activating before the vehicle activates and
    /// performing a MOVE or MARCH MOVE action … Other than this, they cannot perform MOVE or
    /// MARCH MOVE actions while being carried"; "Passengers cannot perform SUSTAINED ATTACK
    /// actions"; a pilot activates apart from his vehicle only to dismount (docs/rulings.md,
    /// "Battlefield: pilots"); "If the hero dismounts the vehicle/aircraft, it cannot take any
    /// actions until he mounts it again, unless it is a large or huge vehicle".
    pub(crate) fn check_carried_plan(&self, u: usize, p: &[super::Action]) -> Result<(), Refusal> {
        use super::Action;
        if self.carry.abandoned.get(u).copied().unwrap_or(false) && p.iter().any(|a| *a != Action::Nothing) {
            return Err(Refusal::new(format!(
                "{} has no pilot since he dismounted: it cannot take any actions until he mounts it again (only large and huge vehicles can)",
                self.table.units[u].name
            )));
        }
        let Some((v, seat)) = self.aboard(u) else { return Ok(()) };
        let vehicle = &self.table.units[v].name;
        if (seat == Seat::Cargo || self.is_sealifter(v)) && p.iter().any(|a| a.attacks()) {
            return Err(Refusal::new(format!(
                "{} is carried by {vehicle}: it cannot perform ATTACK or SUSTAINED ATTACK actions while being carried",
                self.table.units[u].name
            )));
        }
        // "or after if air assault vehicles".
        let after = seat == Seat::Cargo && self.cards[u].bf.has(crate::unit::BattlefrontSkill::AirAssault) && !self.units[v].in_reserve;
        if p.iter().any(|a| a.moves()) && (self.units[v].activated || self.units[v].in_reserve) && !after {
            return Err(Refusal::new(format!(
                "{} is carried in {vehicle}, which {}: passengers dismount only by activating before the vehicle activates, and cannot otherwise MOVE",
                self.table.units[u].name,
                if self.units[v].in_reserve {
                    "is not on the table"
                } else {
                    "has activated"
                }
            )));
        }
        if p.contains(&Action::Sustained) {
            return Err(Refusal::new("passengers cannot perform SUSTAINED ATTACK actions while mounted"));
        }
        if seat == Seat::Pilot && !p.first().is_some_and(|a| a.moves()) {
            return Err(Refusal::new(format!(
                "{} pilots {vehicle}: he activates with it, or on his own only to dismount (a first MOVE or MARCH MOVE)",
                self.table.units[u].name
            )));
        }
        Ok(())
    }

    /// Whether a hero piloting a vehicle may activate on his own: only to dismount, so only
    /// while his vehicle stands on the table and has not activated (docs/rulings.md,
    /// "Battlefield: pilots").
    pub(crate) fn check_pilot_alone(&self, u: usize) -> Result<(), Refusal> {
        match self.aboard(u) {
            Some((v, Seat::Pilot)) if self.units[v].in_reserve || self.table.units[v].minis.is_empty() => Err(Refusal::new(format!(
                "{} pilots {}, which is not on the table: he activates with it",
                self.table.units[u].name, self.table.units[v].name
            ))),
            _ => Ok(()),
        }
    }

    /// Refuses a Move of a unit aboard: it dismounts instead; a Move in which no miniature
    /// moves keeps it aboard (a unit that finds no room to dismount: docs/rulings.md,
    /// "Battlefield: passengers").
    pub(crate) fn refuse_move_aboard(&self, u: usize, minis: &[MiniMove], facing: Option<dust_geom::angle::Facing>) -> Result<(), Refusal> {
        match self.aboard(u) {
            Some((v, _)) if !(minis.is_empty() && facing.is_none()) => Err(Refusal::new(format!(
                "{} is carried in {}: it moves only to dismount (dismount X,Y …, one point per miniature)",
                self.table.units[u].name, self.table.units[v].name
            ))),
            _ => Ok(()),
        }
    }

    /// Checks [`Decision::Mount`]: the Move by the move check, then "all of the infantry unit's
    /// miniatures must move into contact with the vehicle's body or hull. If some of the
    /// miniatures cannot do so, the unit cannot mount" (contact: [`CONTACT`]). A unit with a
    /// hero joined for the activation does not mount (docs/rulings.md, "Battlefield:
    /// passengers"); a hero does not mount in the activation he dismounted in.
    pub(crate) fn check_mount(&self, v: usize, minis: &[MiniMove], march: bool) -> Result<super::flow::MoveOutcome, Refusal> {
        let u = self.acting().ok_or_else(|| Refusal::new("no unit is acting"))?;
        let name = |x: usize| self.table.units.get(x).map_or_else(|| format!("unit {x}"), |t| t.name.clone());
        if self.reaction.is_some() {
            return Err(Refusal::new("the MOVE of a reactive attack can only be used to rotate the model"));
        }
        if self.joined_hero(u).is_some() {
            return Err(Refusal::new(format!(
                "{} has a hero joined for this activation: the unit and the hero mount one at a time",
                name(u)
            )));
        }
        if self.aboard(u).is_some() {
            return Err(Refusal::new(format!("{} is already carried", name(u))));
        }
        if self.carry.dismounted_now == Some(u) && self.class(u) == Class::Hero {
            return Err(Refusal::new(format!(
                "{} dismounted in this activation: \"A hero cannot mount and dismount a vehicle in the same activation\"",
                name(u)
            )));
        }
        if self.may_board(u, v)? == Seat::Cargo && !self.is_sealifter(v) {
            return Err(Refusal::new(format!(
                "{} is picked up by {} (it starts a MOVE directly over it: lift), it does not mount",
                name(u),
                name(v)
            )));
        }
        let out = self.check_move(minis, None, march)?;
        let hull = self.table.units[v]
            .minis
            .first()
            .ok_or_else(|| Refusal::new(format!("{} is not on the table", name(v))))?;
        for (i, m) in out.0.iter().enumerate() {
            if !body_gap(&m.body, &hull.body).within(CONTACT) {
                return Err(Refusal::new(format!(
                    "{} m{i} ends {:.1} cm from {}: to mount, every miniature moves into contact with its body or hull (within 1 cm)",
                    name(u),
                    body_gap(&m.body, &hull.body).cm(),
                    name(v)
                )));
            }
        }
        Ok(out)
    }

    /// Plays a checked [`Decision::Mount`]: an infantry unit crossing wire rolls as it would to
    /// move (halted, it does not mount); then its miniatures leave the table for the vehicle.
    pub(crate) fn do_mount(&mut self, v: usize, minis: &[MiniMove], march: bool) {
        let Some(u) = self.acting() else { return };
        let Ok((after, _, _, wire, _, mines)) = self.check_mount(v, minis, march) else {
            return;
        };
        let Ok(seat) = self.may_board(u, v) else { return };
        self.units[u].last_march = march;
        if wire && self.roll_sym(1, Symbols::ARMY, Purpose::Terrain) == 0 {
            self.log(Event::Halted(u));
            if let Some(c) = self.cur_mut() {
                c.stuck = true;
            }
            self.action_done();
            return;
        }
        self.table.units[u].minis = after;
        self.stow(u, v, seat);
        self.carry.mounted_now = Some(u);
        // "When a unit moves into, through, or out of a minefield, the opposing player attacks
        // it" (MINEFIELDS): the way into the vehicle is a move like any other; the losses come
        // off the soldiers now aboard (docs/rulings.md, "Battlefield: passengers").
        if self.mines_go_off(u, mines.len()) {
            self.phase = super::flow::Phase::Casualties;
            return;
        }
        self.action_done();
    }

    /// The miniatures of unit `u` (aboard) placed with their centres at `pts`.
    fn unstowed(&self, u: usize, pts: &[Pt]) -> Vec<Mini> {
        self.minis_at(u, &self.carry.stowed[u], pts)
    }

    /// Miniatures `minis` of unit `u` (off the table: held back, or aboard) placed with their
    /// centres at `pts`.
    pub(super) fn minis_at(&self, u: usize, minis: &[Mini], pts: &[Pt]) -> Vec<Mini> {
        minis
            .iter()
            .zip(pts)
            .map(|(m, &p)| {
                let mut m = m.clone();
                m.body = dust_geom::path::body_at(&self.table, u, p, None);
                m
            })
            .collect()
    }

    /// Checks [`Decision::Dismount`]: one point per miniature, each base within the Move (or
    /// March Move) of the vehicle's body or hull, measured as a range is, edge to edge
    /// (docs/rulings.md, "Battlefield: passengers"), where a miniature may end a move (on the
    /// table, off impassable ground, on no other base), and the unit in coherency.
    pub(crate) fn check_dismount(&self, pts: &[Pt], march: bool) -> Result<(), Refusal> {
        let u = self.acting().ok_or_else(|| Refusal::new("no unit is acting"))?;
        let name = |x: usize| self.table.units[x].name.clone();
        let Some((v, _)) = self.aboard(u) else {
            return Err(Refusal::new(format!("{} is not carried: it moves (move …)", name(u))));
        };
        if self.reaction.is_some() {
            return Err(Refusal::new("a reactive attack's MOVE only turns the model"));
        }
        if self.carry.mounted_now == Some(u) && self.class(u) == Class::Hero {
            return Err(Refusal::new(format!(
                "{} mounted in this activation: \"A hero cannot mount and dismount a vehicle in the same activation\"",
                name(u)
            )));
        }
        let n = self.carry.stowed[u].len();
        if pts.len() != n {
            return Err(Refusal::new(format!(
                "{} has {n} miniatures: give {n} points (you gave {})",
                name(u),
                pts.len()
            )));
        }
        let hull = self.table.units[v]
            .minis
            .first()
            .ok_or_else(|| Refusal::new(format!("{} is not on the table", name(v))))?;
        let reach = self.move_units(u) * if march { 2 } else { 1 };
        let minis = self.unstowed(u, pts);
        for (i, m) in minis.iter().enumerate() {
            let gap = body_gap(&m.body, &hull.body);
            if !gap.within(reach) {
                return Err(Refusal::new(format!(
                    "{} m{i} at ({}) is {:.1} cm from {}: a dismounting miniature moves at most {} cm from the vehicle",
                    name(u),
                    super::decision::point_text(pts[i]),
                    gap.cm(),
                    name(v),
                    reach / 100
                )));
            }
        }
        self.check_placing(u, &minis)
    }

    /// Whether miniatures `minis` of unit `u` may stand where they are: each where a move may
    /// end, clear of each other, the unit in coherency.
    fn check_placing(&self, u: usize, minis: &[Mini]) -> Result<(), Refusal> {
        let name = self.table.units[u].name.clone();
        let mut t = self.table.clone();
        t.units[u].minis = minis.to_vec();
        for (i, m) in minis.iter().enumerate() {
            dust_geom::path::check_end(&t, u, i, m.body.centre(), None).map_err(|r| Refusal::new(format!("{name} m{i}: {}", r.reason)))?;
            if minis[..i].iter().any(|o| dust_geom::table::bodies_overlap(&o.body, &m.body)) {
                return Err(Refusal::new(format!("{name} m{i} overlaps another miniature of the unit")));
            }
        }
        let bodies: Vec<&Body> = minis.iter().map(|m| &m.body).collect();
        if let Some((i, j)) = incoherent(&bodies) {
            return Err(Refusal::new(format!(
                "{name} m{j} ends {:.1} cm from m{i}: coherency is 15 cm (every miniature within 15 cm of every other)",
                body_gap(bodies[i], bodies[j]).cm()
            )));
        }
        Ok(())
    }

    /// Plays a checked [`Decision::Dismount`]: the miniatures stand where they were placed; a
    /// pilot's vehicle is left without him.
    pub(crate) fn do_dismount(&mut self, pts: &[Pt]) {
        let Some(u) = self.acting() else { return };
        let Some((v, seat)) = self.aboard(u) else { return };
        let march = self.current_action() == Some(super::Action::March);
        self.units[u].last_march = march;
        self.table.units[u].minis = self.unstowed(u, pts);
        self.carry.stowed[u].clear();
        self.carry.aboard[u] = None;
        self.carry.dismounted_now = Some(u);
        if seat == Seat::Pilot {
            let big = matches!(
                self.cards[v].bf.kind,
                Some(BattlefrontKind::LargeVehicle | BattlefrontKind::HugeVehicle)
            );
            self.carry.abandoned[v] = !big;
        }
        self.scratch.replace(None);
        self.action_done();
    }

    /// Unit `v` is eliminated (called before its miniatures leave the table): a unit aboard
    /// leaves its seat; a vehicle with units aboard unloads them. The pilot: "the pilot's player rolls a die. On ☒ or ☑, the hero escapes unharmed.
    /// Otherwise the hero takes a point of damage. He is then placed within range 1 (10cm/4") of
    /// the vehicle, counting as having activated for this turn." Passengers: "the vehicle's
    /// owner rolls 1 die for each miniature mounted in it, and 1 miniature chosen by the player
    /// is eliminated or 1 hero suffers a point of damage for each ☹️. The unit gains a
    /// Suppression token and counts as having activated for this turn. If the vehicle is
    /// carrying multiple units, roll separately for each unit. Any surviving miniatures in the
    /// unit are placed within range 1 (10cm/4") of the vehicle." ☹️ is the target symbol, the
    /// face the escape die does not save on (docs/rulings.md, "Battlefield: passengers").
    pub(crate) fn unload_wreck(&mut self, v: usize) {
        // An eliminated unit is aboard nothing any more (a pilot's seat is free again).
        if let Some(x) = self.carry.aboard.get_mut(v) {
            *x = None;
            self.carry.stowed[v].clear();
        }
        let Some(hull) = self.table.units[v].minis.first().map(|m| m.body.clone()) else {
            return;
        };
        let carried: Vec<usize> = (0..self.units.len())
            .filter(|&u| self.aboard(u).is_some_and(|(x, _)| x == v) && !self.units[u].destroyed)
            .collect();
        if self.is_sealifter(v) {
            self.unload_sealifter(&hull, &carried);
            return;
        }
        for u in carried {
            let seat = self.aboard(u).map_or(Seat::Passenger, |(_, s)| s);
            if seat == Seat::Cargo {
                self.drop_cargo(u, v, &hull);
                continue;
            }
            let n = self.carry.stowed[u].len() as u16;
            let (dice, faces) = match seat {
                Seat::Pilot => (1, rules_shared::PILOT_ESCAPES),
                Seat::Passenger | Seat::Cargo => (n, Symbols::TARGET),
            };
            let k = self.roll_sym(dice, faces, Purpose::Carried);
            let harm = match seat {
                Seat::Pilot => dice - k,
                Seat::Passenger | Seat::Cargo => k,
            };
            // Placed beside the wreck first, so that the owner names the miniatures lost
            // among those on the table (the squad's casualties choice).
            let minis = std::mem::take(&mut self.carry.stowed[u]);
            self.carry.aboard[u] = None;
            self.table.units[u].minis = minis;
            self.place_beside(u, &hull);
            self.units[u].activated = true;
            if seat == Seat::Passenger && !self.immune_to_suppression(u) {
                self.units[u].tokens.suppressed = true;
                self.units[u].tokens.under_fire = false;
                let t = self.units[u].tokens;
                self.log(Event::Tokens(u, t));
            }
            if harm == 0 {
                continue;
            }
            if self.class(u) == Class::Squad {
                let valid = self.units[u].models.clone();
                self.casualties.push_back(Choice {
                    unit: u,
                    count: usize::from(harm).min(valid.len()),
                    valid,
                    hero: None,
                    by: None,
                });
            } else {
                self.damage_hero(u, 1, harm);
            }
        }
        self.scratch.replace(None);
    }

    /// Removes miniature `i` of unit `t`, on the table or aboard a vehicle.
    pub(crate) fn remove_mini(&mut self, t: usize, i: usize) {
        let minis = if self.aboard(t).is_some() {
            &mut self.carry.stowed[t]
        } else {
            &mut self.table.units[t].minis
        };
        if i < minis.len() {
            minis.remove(i);
        }
    }

    /// Vehicle `v` with Tank Riders (#) suffers `hits` hits: "for each hit on it, the
    /// vehicle's owner rolls 1 additional die. For each ☹️, 1 miniature chosen by the player is
    /// eliminated or 1 hero suffers a point of damage" ("TANK RIDERS (#)"). A hit on it is a hit
    /// it suffers, after saves; ☹️ is the target symbol; with several units riding, the losses
    /// fall on them in the table's order, the owner choosing the miniatures of a squad
    /// (docs/rulings.md, "Battlefield: passengers").
    pub(crate) fn riders_hit(&mut self, v: usize, hits: u16) {
        if self.cards[v].bf.tank_riders == 0 {
            return;
        }
        let riders = self.passengers_of(v);
        if riders.is_empty() {
            return;
        }
        let mut k = self.roll_sym(hits, Symbols::TARGET, Purpose::Carried);
        for u in riders {
            if k == 0 {
                break;
            }
            if self.class(u) == Class::Squad {
                let valid = self.units[u].models.clone();
                let n = k.min(valid.len() as u16);
                k -= n;
                self.casualties.push_back(Choice {
                    unit: u,
                    count: usize::from(n),
                    valid,
                    hero: None,
                    by: None,
                });
            } else {
                let n = k.min(u16::from(self.units[u].health));
                k -= n;
                self.damage_hero(u, 1, n);
            }
        }
    }

    /// Places the miniatures of unit `u` (on the table at no particular point) within range 1
    /// (10 cm) of the body `hull`, each at the first point, going round the vehicle, where a
    /// move could end and the others leave room; one with no room is eliminated (docs/rulings.md,
    /// "Battlefield: passengers").
    pub(crate) fn place_beside(&mut self, u: usize, hull: &Body) {
        let c = hull.centre();
        let n = self.table.units[u].minis.len();
        let mut placed: Vec<Mini> = Vec::new();
        let mut lost = Vec::new();
        // The table where each spot is tried (the unit's one miniature moved about in it).
        let mut t = self.table.clone();
        for i in 0..n {
            let spot = (1..=9i64).find_map(|step| {
                DIRS.iter().find_map(|&(dx, dy)| {
                    // Out from the centre until the base clears the hull by `step` cm.
                    let far = (1..=40i64).find_map(|k| {
                        let p = Pt::new(c.x + dx * k * 50 / 1_000, c.y + dy * k * 50 / 1_000);
                        let b = dust_geom::path::body_at(&self.table, u, p, None);
                        (!body_gap(&b, hull).within(step * 100 - 50)).then_some(p)
                    })?;
                    let b = dust_geom::path::body_at(&self.table, u, far, None);
                    if !body_gap(&b, hull).within(RANGE_UNIT) || placed.iter().any(|o| dust_geom::table::bodies_overlap(&o.body, &b)) {
                        return None;
                    }
                    t.units[u].minis = vec![Mini { body: b.clone() }];
                    dust_geom::path::check_end(&t, u, 0, far, None).ok().map(|()| b)
                })
            });
            match spot {
                Some(b) => {
                    let mut m = self.table.units[u].minis[i].clone();
                    m.body = b;
                    placed.push(m);
                }
                None => lost.push(i),
            }
        }
        let models: Vec<u8> = lost.iter().map(|&i| self.units[u].models[i]).collect();
        let mut all = self.table.units[u].minis.clone();
        let mut k = 0;
        for (i, m) in all.iter_mut().enumerate() {
            if !lost.contains(&i) {
                *m = placed[k].clone();
                k += 1;
            }
        }
        self.table.units[u].minis = all;
        for m in models {
            if self.class(u) == Class::Squad {
                self.remove_model(u, m);
            } else {
                self.eliminate(u);
            }
        }
    }

    /// Whether hero `h` is a sidekick of superhuman `s`: "Some have sidekicks, heroes who
    /// possess the Sidekick attribute and follow all the normal rules for heroes, with the
    /// exception that they can join the named superhuman to form a combined unit".
    pub fn sidekick_of(&self, h: usize, s: usize) -> bool {
        self.class(h) == Class::Hero
            && self.cards[s].bf.has(BattlefrontSkill::Superhuman)
            && self.cards[h]
                .bf
                .sidekick
                .as_deref()
                .is_some_and(|n| n.eq_ignore_ascii_case(&self.cards[s].card.name))
    }

    /// The decisions that mount a vehicle, for the generator: for each vehicle of the side
    /// the unit may board, each miniature walks straight out to the point in contact on its
    /// side of the hull (a second try spreads them round it); those the check accepts.
    pub(crate) fn mount_candidates(&self, u: usize, march: bool) -> Vec<Decision> {
        let mut out = Vec::new();
        if self.aboard(u).is_some() || self.joined_hero(u).is_some() || self.reaction.is_some() {
            return out;
        }
        let reach = self.move_units(u) * if march { 2 } else { 1 };
        for v in 0..self.units.len() {
            if self.may_board(u, v).is_err() {
                continue;
            }
            let Some(hull) = self.table.units[v].minis.first().map(|m| m.body.clone()) else {
                continue;
            };
            if !self.table.units[u].minis.iter().all(|m| body_gap(&m.body, &hull).within(reach)) {
                continue;
            }
            let c = hull.centre();
            for spread in [false, true] {
                let mut moves = Vec::new();
                let mut taken: Vec<Body> = Vec::new();
                for (i, m) in self.table.units[u].minis.iter().enumerate() {
                    let at = m.body.centre();
                    let first = if spread {
                        i * 3 % 16
                    } else {
                        nearest_dir(Pt::new(at.x - c.x, at.y - c.y))
                    };
                    let spot = (0..16).find_map(|k| {
                        let (dx, dy) = DIRS[(first + k) % 16];
                        let p = (1..=60i64).find_map(|s| {
                            let p = Pt::new(c.x + dx * s * 25 / 1_000, c.y + dy * s * 25 / 1_000);
                            let b = dust_geom::path::body_at(&self.table, u, p, None);
                            (!dust_geom::table::bodies_overlap(&b, &hull)).then_some((p, b))
                        })?;
                        (!taken.iter().any(|o| dust_geom::table::bodies_overlap(o, &p.1))).then_some(p)
                    });
                    let Some((p, b)) = spot else { break };
                    taken.push(b);
                    moves.push(MiniMove {
                        mini: i,
                        to: p,
                        via: Vec::new(),
                    });
                }
                let d = Decision::Mount { vehicle: v, minis: moves };
                if self.check(&d).is_ok() && !out.contains(&d) {
                    out.push(d);
                }
            }
        }
        out
    }

    /// The decisions that dismount unit `u`, for the generator: the miniatures placed round
    /// the vehicle, beside it and a little way out toward the nearest enemy, and away from it.
    pub(crate) fn dismount_candidates(&self, u: usize, march: bool) -> Vec<Decision> {
        // Staying aboard: a Move in which no miniature moves.
        let mut out = vec![Decision::Move {
            minis: Vec::new(),
            facing: None,
        }];
        let Some((v, _)) = self.aboard(u) else { return out };
        let Some(hull) = self.table.units[v].minis.first().map(|m| m.body.clone()) else {
            return out;
        };
        let c = hull.centre();
        let n = self.carry.stowed[u].len();
        let enemy = self
            .table
            .units
            .iter()
            .enumerate()
            .filter(|(x, t)| self.units[*x].side != self.units[u].side && !t.minis.is_empty())
            .map(|(_, t)| t.minis[0].body.centre())
            .min_by_key(|p| dust_geom::exact::dist2(*p, c));
        let toward = enemy.map_or(0, |e| nearest_dir(Pt::new(e.x - c.x, e.y - c.y)));
        for (first, clear) in [(toward, 200i64), ((toward + 8) % 16, 200), (toward, 100), ((toward + 4) % 16, 300)] {
            let mut pts = Vec::new();
            let mut taken: Vec<Body> = Vec::new();
            for k in 0..16 {
                if pts.len() == n {
                    break;
                }
                let (dx, dy) = DIRS[(first + [0, 1, 15, 2, 14, 3, 13, 4, 12, 5, 11, 6, 10, 7, 9, 8][k]) % 16];
                let spot = (1..=80i64).find_map(|s| {
                    let p = Pt::new(c.x + dx * s * 25 / 1_000, c.y + dy * s * 25 / 1_000);
                    let b = dust_geom::path::body_at(&self.table, u, p, None);
                    (!body_gap(&b, &hull).within(clear)).then_some((p, b))
                });
                if let Some((p, b)) = spot {
                    if !taken.iter().any(|o| dust_geom::table::bodies_overlap(o, &b)) {
                        taken.push(b);
                        pts.push(p);
                    }
                }
            }
            if pts.len() < n {
                continue;
            }
            let d = Decision::Dismount(pts);
            if self
                .check_dismount(
                    match &d {
                        Decision::Dismount(p) => p,
                        _ => &[],
                    },
                    march,
                )
                .is_ok()
                && !out.contains(&d)
            {
                out.push(d);
            }
        }
        out
    }
}

/// The index of the direction of [`DIRS`] nearest to `v`.
fn nearest_dir(v: Pt) -> usize {
    (0..16)
        .max_by_key(|&i| i128::from(DIRS[i].0) * i128::from(v.x) + i128::from(DIRS[i].1) * i128::from(v.y))
        .unwrap_or(0)
}
