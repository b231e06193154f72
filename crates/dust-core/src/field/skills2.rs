//! More skills of the reference sheet on the table (tactics-battlefield-summary.md, "SKILLS AND
//! EQUIPMENT"): the rules skills.rs does not hold, each called from the flow by a small hook.
//!
//! | skill | where it acts |
//! | --- | --- |
//! | Ace Pilot, Ace Air Pilot | [`FieldGame::ace_piloted`] (the die for a third action) |
//! | Camouflage's special action | [`FieldGame::check_camouflage`], [`FieldGame::special_taken`] |
//! | Zombie: no command actions, no passengers | [`FieldGame::is_zombie`] (asked by command.rs and passengers.rs) |
//! | Tank Head | [`FieldGame::tank_head`], [`FieldGame::repair_faces`] (command.rs's MAKESHIFT REPAIR) |
//! | Officer | [`FieldGame::hero_specialist`] (command.rs's Officer special actions) |
//! | Resurrection | [`FieldGame::check_resurrect`], [`FieldGame::resurrect`] |
//! | Defensive Tactics shared | [`FieldGame::tactics_shared`] (skills.rs's Damage Resilient) |
//! | Expert – weapon | [`FieldGame::expert_line`] (skills.rs's hit faces) |
//! | First Strike | [`FieldGame::first_strikers`] (attack.rs's close combat) |
//! | Assassin | [`FieldGame::assassin_side`] (attack.rs's casualty choice) |
//! | Spy | [`FieldGame::is_spy_off_table`], [`FieldGame::check_spy_place`], [`FieldGame::spy_place`], [`FieldGame::spy_candidates`], [`FieldGame::spy_join_refusal`] (flow.rs's activation, `place` and joining) |
//! | declaring a skill: Fighting Spirit, Lucky | [`FieldGame::check_declare`], [`FieldGame::declare`] (the decision), [`FieldGame::fighting_spirit_now`] (the hit faces), [`FieldGame::lucky_now`] (the re-roll) |

use super::decision::{Decision, Declared, Special};
use super::{Class, FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::unit::{BattlefrontSkill, Role};
use dust_geom::exact::Pt;
use dust_geom::measure::{body_gap, RANGE_UNIT};

impl FieldGame {
    /// Whether unit `u`, activating, is a vehicle piloted by an Ace Pilot or an aircraft piloted
    /// by an Ace Air Pilot: "ACE PILOT": "This hero can pilot a vehicle. Roll a die when the
    /// vehicle they are piloting activates"; "ACE AIR PILOT": "This hero can pilot an aircraft.
    /// Roll a die when the aircraft they are piloting activates" (docs/rulings.md, "Battlefield:
    /// Ace Pilot"). "Heroes with this skill do not share it with any unit they join": a hero on
    /// foot rolls nothing.
    pub(crate) fn ace_piloted(&self, u: usize) -> bool {
        let skill = match self.class(u) {
            Class::Vehicle => BattlefrontSkill::AcePilot,
            Class::Aircraft => BattlefrontSkill::AceAirPilot,
            _ => return false,
        };
        self.pilot_of(u).is_some_and(|h| self.cards[h].bf.has(skill))
    }
}

impl FieldGame {
    /// Whether unit `u` may take the CAMOUFLAGE special action, and if not why: "This unit may
    /// take a CAMOUFLAGE special action" ("CAMOUFLAGE"): a unit with the skill that is not
    /// camouflaged now (one that is has nothing to regain: docs/rulings.md, "Battlefield:
    /// Camouflage").
    pub(crate) fn check_camouflage(&self, u: usize) -> Result<(), Refusal> {
        let name = &self.table.units[u].name;
        if !self.cards[u].bf.has(BattlefrontSkill::Camouflage) {
            return Err(Refusal::new(format!(
                "{name} has no Camouflage skill: only a unit with Camouflage takes the CAMOUFLAGE special action"
            )));
        }
        if self.units[u].camouflaged {
            return Err(Refusal::new(format!(
                "{name} is already camouflaged: the CAMOUFLAGE special action regains a camouflage the unit lost"
            )));
        }
        Ok(())
    }

    /// The special actions unit `u`'s skills give it where it stands.
    pub(crate) fn skill_specials(&self, u: usize) -> Vec<Decision> {
        let mut v = Vec::new();
        if self.check_camouflage(u).is_ok() {
            v.push(Decision::Special(Special::Camouflage));
        }
        if self.class(u) == Class::Hero && self.cards[u].bf.has(BattlefrontSkill::Blutkreuz) {
            v.extend(
                (0..self.units.len())
                    .filter(|&t| self.check_resurrect(u, t).is_ok())
                    .map(|t| Decision::Special(Special::Resurrect(t))),
            );
        }
        v
    }

    /// Unit `u` takes the checked special action `sp`: CAMOUFLAGE camouflages it ("Once it has
    /// done so, no enemy unit has LOS to it …"); any other special action (not giving it up)
    /// ends the benefit ("This benefit ends if the camouflaged unit takes any action other than
    /// a MOVE or NOTHING Action").
    pub(crate) fn special_taken(&mut self, u: usize, sp: Special) {
        match sp {
            Special::None => {}
            Special::Camouflage => self.units[u].camouflaged = true,
            _ => self.end_camouflage(u),
        }
    }
}

/// The skills usable once per game a unit has used: "FIGHTING SPIRIT": "Once per game"; "LUCKY":
/// "Once per game".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Used {
    /// Fighting Spirit was declared.
    pub fighting_spirit: bool,
    /// Lucky was declared.
    pub lucky: bool,
}

/// The skills declared for the action under way, until it is done.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Declaration {
    /// Fighting Spirit: the acting unit and its joined hero hit on the target as well.
    fighting_spirit: bool,
    /// Lucky: the hero whose misses are re-rolled.
    lucky: Option<usize>,
}

impl FieldGame {
    /// The acting unit and the hero joined to it for the activation under way.
    fn acting_pair(&self) -> Option<(usize, Option<usize>)> {
        self.cur().map(|c| (c.unit, c.hero))
    }

    /// The units of the acting pair that hold declared skill `s` (a hero for Lucky).
    fn holders(&self, s: Declared) -> Vec<usize> {
        let Some((u, hero)) = self.acting_pair() else { return Vec::new() };
        std::iter::once(u)
            .chain(hero)
            .filter(|&x| match s {
                Declared::FightingSpirit => self.cards[x].bf.has(BattlefrontSkill::FightingSpirit),
                Declared::Lucky => self.class(x) == Class::Hero && self.cards[x].bf.has(BattlefrontSkill::Lucky),
            })
            .collect()
    }

    /// Whether unit `x` has used skill `s`.
    fn used(&self, x: usize, s: Declared) -> bool {
        let used = self.units[x].used;
        match s {
            Declared::FightingSpirit => used.fighting_spirit,
            Declared::Lucky => used.lucky,
        }
    }

    /// Whether the acting unit may declare skill `s` now, and if not why: "A player must declare
    /// that they are using a skill before rolling any dice that might be modified by that skill"
    /// ("SKILLS AND EQUIPMENT") — before the ATTACK or SUSTAINED ATTACK decision, by a unit (or
    /// its joined hero) with the skill, once per game ("FIGHTING SPIRIT", "LUCKY": "Once per
    /// game"); Lucky only by a hero ("this hero may re-roll"; docs/rulings.md, "Battlefield:
    /// declaring a skill").
    pub(crate) fn check_declare(&self, s: Declared) -> Result<(), Refusal> {
        let skill = match s {
            Declared::FightingSpirit => "Fighting Spirit",
            Declared::Lucky => "Lucky",
        };
        let Some((u, _)) = self.acting_pair().filter(|_| self.current_action().is_some_and(|a| a.attacks())) else {
            return Err(Refusal::new(format!(
                "{skill} is declared before the dice it modifies: only when the next decision is an ATTACK or SUSTAINED ATTACK"
            )));
        };
        let name = |x: usize| self.table.units[x].name.clone();
        let holders = self.holders(s);
        if holders.is_empty() {
            return Err(Refusal::new(
                if s == Declared::Lucky && self.cards[u].bf.has(BattlefrontSkill::Lucky) {
                    format!("Lucky is a hero's skill (\"this hero may re-roll\"): {} is no hero", name(u))
                } else {
                    format!("neither {} nor a hero joined to it has {skill}", name(u))
                },
            ));
        }
        if holders.iter().all(|&x| self.used(x, s)) {
            return Err(Refusal::new(format!(
                "{skill} is usable once per game, and {} has used it",
                name(holders[0])
            )));
        }
        Ok(())
    }

    /// Declares skill `s` (checked): every holder in the acting pair uses it ("If the skill is
    /// only usable once per game, both the hero and the unit use it at the same time").
    pub(crate) fn declare(&mut self, s: Declared) {
        let holders = self.holders(s);
        for &x in &holders {
            let used = &mut self.units[x].used;
            match s {
                Declared::FightingSpirit => used.fighting_spirit = true,
                Declared::Lucky => used.lucky = true,
            }
        }
        match s {
            Declared::FightingSpirit => self.declared.fighting_spirit = true,
            Declared::Lucky => self.declared.lucky = holders.first().copied(),
        }
    }

    /// The skills the acting unit may declare now.
    pub(crate) fn declare_candidates(&self) -> Vec<Decision> {
        [Declared::FightingSpirit, Declared::Lucky]
            .into_iter()
            .filter(|&s| self.check_declare(s).is_ok())
            .map(Decision::Declare)
            .collect()
    }

    /// The action under way is done: its declarations end.
    pub(crate) fn declarations_end(&mut self) {
        self.declared = Declaration::default();
    }

    /// Whether unit `u` hits on the target as well in the attack under way: "FIGHTING SPIRIT":
    /// "this unit (and any unit it has joined or hero that has joined it) hits on ☑ as well as ☒
    /// when making an ATTACK or SUSTAINED ATTACK action" — declared for it, `u` the acting unit
    /// or its joined hero.
    pub(crate) fn fighting_spirit_now(&self, u: usize) -> bool {
        self.declared.fighting_spirit && self.acting_pair().is_some_and(|(a, h)| a == u || h == Some(u))
    }

    /// Whether unit `u` is the hero whose misses are re-rolled in the attack under way: "LUCKY":
    /// "this hero may re-roll any dice that failed to hit with any of their weapons … Heroes
    /// with this skill do not share it with any unit they join."
    pub(crate) fn lucky_now(&self, u: usize) -> bool {
        self.declared.lucky == Some(u)
    }
}

impl FieldGame {
    /// Whether unit `u` is a zombie unit: "ZOMBIE", or "MINDLESS ZOMBIE" ("Mindless Zombies are
    /// zombies"), or a card with the revised edition's Blutkreuz Zombie skill. "An Officer,
    /// Medic, or Mechanic cannot target a zombie with their Command squad special actions. A
    /// zombie unit can never mount a vehicle or aircraft as Passengers or Tank Riders"
    /// (docs/rulings.md, "Battlefield: zombies, command squads and vehicles").
    pub(crate) fn is_zombie(&self, u: usize) -> bool {
        let c = &self.cards[u];
        c.bf.has(BattlefrontSkill::Zombie) || c.bf.has(BattlefrontSkill::MindlessZombie) || c.card.has(crate::unit::Skill::BlutkreuzZombie)
    }
}

impl FieldGame {
    /// Whether unit `u` is a hero with Tank Head (the card's `tank-head`, read on the table with
    /// the summary's words): "This hero may take a MAKESHIFT REPAIR action.
    /// Select any vehicle within LOS and range 1 (10cm/4") of the hero" ("TANK HEAD"), measured
    /// from the hero's miniature. "Heroes with this skill do not share it with any unit they
    /// join": only the hero activating on his own (docs/rulings.md, "Battlefield: Tank Head").
    pub(crate) fn tank_head(&self, u: usize) -> bool {
        self.class(u) == Class::Hero && self.cards[u].card.has(crate::unit::Skill::TankHead) && !self.table.units[u].minis.is_empty()
    }

    /// The faces of the MAKESHIFT REPAIR dice of the acting unit: a Tank Head's "Each ☒ or ☑
    /// removes 1 point of damage"; a Mechanic's "Each ☒ returns 1 point of damage".
    pub(crate) fn repair_faces(&self) -> crate::dice::Symbols {
        if self.acting().is_some_and(|u| self.tank_head(u)) {
            crate::dice::Symbols::ARMY_OR_SHIELD
        } else {
            crate::dice::Symbols::ARMY
        }
    }
}

impl FieldGame {
    /// The hero miniature that acts as unit `u`'s specialist `r`, by a skill: a Tank Head's
    /// MAKESHIFT REPAIR ("This hero may take a MAKESHIFT REPAIR action", only on his own: "Heroes
    /// with this skill do not share it"); an Officer's special actions ("OFFICER": "An Officer
    /// hero may perform Officer special actions"), the hero's own or, joined to `u` for the
    /// activation, the pair's ("skills used by a hero apply to a unit they have joined"), measured
    /// from the hero (docs/rulings.md, "Battlefield: Officer heroes").
    pub(crate) fn hero_specialist(&self, u: usize, r: Role) -> Option<(usize, usize)> {
        match r {
            Role::Mechanic if self.tank_head(u) => Some((u, 0)),
            Role::Officer => std::iter::once(u)
                .chain(self.joined_hero(u))
                .find(|&h| {
                    self.class(h) == Class::Hero && self.cards[h].bf.has(BattlefrontSkill::Officer) && !self.table.units[h].minis.is_empty()
                })
                .map(|h| (h, 0)),
            _ => None,
        }
    }
}

impl FieldGame {
    /// Whether unit `u` may take RESURRECTION on unit `t`, and if not why: "A hero equipped with
    /// Blutkreuz may take a RESURRECTION special action. Select a Mindless Zombie unit within
    /// range 1 (10cm/4")" ("RESURRECTION") — a unit of his side on the table with zombies
    /// eliminated, within 10 cm of the hero (no line of sight asked; docs/rulings.md,
    /// "Battlefield: Resurrection").
    pub(crate) fn check_resurrect(&self, u: usize, t: usize) -> Result<(), Refusal> {
        let name = |x: usize| self.table.units.get(x).map_or_else(|| format!("unit {x}"), |v| v.name.clone());
        if self.class(u) != Class::Hero || !self.cards[u].bf.has(BattlefrontSkill::Blutkreuz) {
            return Err(Refusal::new(format!(
                "{} is no hero equipped with Blutkreuz: only such a hero takes RESURRECTION",
                name(u)
            )));
        }
        let x = self.units.get(t).ok_or_else(|| Refusal::new(format!("there is no unit {t}")))?;
        if !self.cards[t].bf.has(BattlefrontSkill::MindlessZombie) || self.class(t) != Class::Squad {
            return Err(Refusal::new(format!("{} is not a Mindless Zombie unit", name(t))));
        }
        if x.side != self.units[u].side || x.destroyed || self.table.units[t].minis.is_empty() {
            return Err(Refusal::new(format!("{} is not one of your units on the table", name(t))));
        }
        if x.models.len() >= self.cards[t].card.models.len() {
            return Err(Refusal::new(format!("{} has no zombie eliminated", name(t))));
        }
        let near = self.table.units[u].minis.iter().any(|a| {
            self.table.units[t]
                .minis
                .iter()
                .any(|b| dust_geom::measure::body_gap(&a.body, &b.body).within(dust_geom::measure::RANGE_UNIT))
        });
        if !near {
            return Err(Refusal::new(format!("{} is not within range 1 (10 cm) of {}", name(t), name(u))));
        }
        Ok(())
    }

    /// RESURRECTION on unit `t` (checked): "roll a die for each zombie soldier eliminated from the
    /// unit. Each ☒ or ☑ returns 1 of the eliminated zombie soldiers to the unit", each placed as
    /// GET UP places a soldier.
    pub(crate) fn resurrect(&mut self, t: usize) {
        self.return_rolled(t, crate::dice::Symbols::ARMY_OR_SHIELD);
    }
}

impl FieldGame {
    /// Whether unit `t` gains Defensive Tactics from its partner of the activation under way:
    /// "DEFENSIVE TACTICS": "This unit (and any unit it has joined or hero that has joined it)
    /// gains Damage Resilient when in cover" — the hero joined to `t`, or the unit hero `t` joined.
    pub(crate) fn tactics_shared(&self, t: usize) -> bool {
        let partner = self
            .joined_hero(t)
            .or_else(|| self.act.as_ref().filter(|a| a.hero == Some(t)).map(|a| a.unit));
        partner.is_some_and(|p| self.cards[p].bf.has(BattlefrontSkill::DefensiveTactics))
    }
}

impl FieldGame {
    /// Whether line `li` of unit `u` is the weapon of a hero's Expert skill: "EXPERT – WEAPON":
    /// "This hero hits on ☑ as well as ☒ when making an ATTACK or SUSTAINED ATTACK action with the
    /// named weapon" — the line marked `expert` on a hero's card (docs/rulings.md, "Battlefield:
    /// Expert").
    pub(crate) fn expert_line(&self, u: usize, li: usize) -> bool {
        self.class(u) == Class::Hero && self.cards[u].bf.weapons.get(li).is_some_and(|b| b.expert)
    }
}

impl FieldGame {
    /// Which of the parts of close combat `c` still to fight (the attacker's own C weapons, its
    /// joined hero's, the target's retaliation) fight in this pass: "FIRST STRIKE": "This unit
    /// resolves all their C attacks and applies the results (including removing eliminated
    /// miniatures) before the enemy units make their C attacks. Units with this skill do not
    /// share it" — the parts whose own unit has First Strike go first when the other side has a
    /// part without it; when both sides strike first, or neither, all fight at once
    /// (docs/rulings.md, "Battlefield: First Strike").
    pub(crate) fn first_strikers(&self, c: &super::attack::CloseStage) -> [bool; 3] {
        let p = c.parts;
        let fs = |x: usize| self.cards[x].bf.has(BattlefrontSkill::FirstStrike);
        let hero = c.hero.as_ref().map(|h| h.0);
        let first = [p[0] && fs(c.attacker), p[1] && hero.is_some_and(fs), p[2] && fs(c.target)];
        let attacking_first = first[0] || first[1];
        let attacking_later = (p[0] && !first[0]) || (p[1] && hero.is_some() && !first[1]);
        let defending_later = p[2] && !first[2];
        // Someone strikes first and an enemy of theirs does not.
        // Someone strikes first and an enemy of theirs does not: the first strikers (of both
        // sides, together) fight now.
        if (attacking_first && defending_later) || (first[2] && attacking_later) {
            first
        } else {
            p
        }
    }
}

impl FieldGame {
    /// The side that chooses the soldiers the hits of line `li` of unit `u` take, when it is not
    /// their owner: "ASSASSIN": "This hero chooses which enemy soldiers are assigned its hits when
    /// using C weapons. Heroes with this skill do not share it with any unit they join" — a C
    /// line of a hero with the skill (docs/rulings.md, "Battlefield: Assassin").
    pub(crate) fn assassin_side(&self, u: usize, li: usize) -> Option<crate::Side> {
        let close = self.cards[u]
            .card
            .weapons
            .get(li)
            .is_some_and(|w| w.range == crate::range::WeaponRange::Close);
        (close && self.class(u) == Class::Hero && self.cards[u].bf.has(BattlefrontSkill::Assassin)).then(|| self.units[u].side)
    }
}

/// Whether a unit of this card starts the game off the table by the SPY skill: a hero with
/// Spy ("SPY": "This hero is not placed at the start of the game"). The set-up and the table
/// file's check both ask here.
pub fn is_spy(card: &super::FieldCard) -> bool {
    Class::of(card) == Class::Hero && card.bf.has(BattlefrontSkill::Spy)
}

/// "SPY" (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"): "This hero is not placed at
/// the start of the game. Instead, each time your spy is activated, you may elect to roll 2
/// dice. If any ☒ or ☑ are rolled, the spy is immediately placed within range 1 (10cm/4") of an
/// enemy unit and may then take 1 action for each ☒ or ☑. If the spy is not placed, it may only
/// perform NOTHING actions. A spy may not join a unit until the spy has been placed." The
/// election is the `place` decision of the held spy's activation: `place none` does not roll,
/// `place X,Y` rolls and, on a ☒ or ☑, puts the spy there (docs/rulings.md, "Battlefield: Spy").
impl FieldGame {
    /// Whether unit `u` is a spy not yet placed, a hero with the Spy skill still off the table
    /// ("SPY": "This hero is not placed at the start of the game"): his activation's `place`
    /// decision is the election to roll.
    pub fn is_spy_off_table(&self, u: usize) -> bool {
        self.units[u].in_reserve && is_spy(&self.cards[u])
    }

    /// Why hero `h` may not join a unit now, if he is a spy not yet placed.
    pub(crate) fn spy_join_refusal(&self, h: usize) -> Option<Refusal> {
        self.is_spy_off_table(h).then(|| {
            Refusal::new(format!(
                "{} is a spy not yet placed: a spy may not join a unit until the spy has been placed",
                self.table.units[h].name
            ))
        })
    }

    /// Checks where spy `u` is to be placed if his roll allows: one point, where his base could
    /// end a move (on the table, off impassable ground, on no other base), within range 1
    /// (10 cm) of an enemy miniature on the table.
    pub(crate) fn check_spy_place(&self, u: usize, pts: &[Pt]) -> Result<(), Refusal> {
        let name = &self.table.units[u].name;
        let n = self.waiting[u].len();
        let [p] = pts else {
            return Err(Refusal::new(format!(
                "{name} is a spy of {n} miniature: give 1 point within 10 cm of an enemy unit (you gave {})",
                pts.len()
            )));
        };
        let mut t = self.table.clone();
        t.units[u].minis = self.minis_at(u, &self.waiting[u], pts);
        dust_geom::path::check_end(&t, u, 0, *p, None).map_err(|r| Refusal::new(r.reason))?;
        let body = &t.units[u].minis[0].body;
        let side = self.units[u].side;
        let near = (0..self.units.len()).any(|e| {
            self.units[e].side != side
                && !self.units[e].destroyed
                && self.table.units[e].minis.iter().any(|m| body_gap(body, &m.body).within(RANGE_UNIT))
        });
        if !near {
            return Err(Refusal::new(format!(
                "({}) is more than 10 cm from every enemy unit: a spy is placed within range 1 (10 cm) of an enemy unit",
                super::decision::point_text(*p)
            )));
        }
        Ok(())
    }

    /// Plays the held spy `u`'s checked election: no point, no roll; a point, 2 dice, and on any
    /// ☒ or ☑ the spy stands there with one action for each. Not placed, he performs NOTHING
    /// actions. Returns the actions he takes (0: not placed).
    pub(crate) fn spy_place(&mut self, u: usize, pts: &[Pt]) -> u8 {
        if pts.is_empty() {
            return 0;
        }
        let k = self.roll_sym(2, Symbols::ARMY_OR_SHIELD, Purpose::Spy) as u8;
        if k > 0 {
            self.table.units[u].minis = self.minis_at(u, &self.waiting[u], pts);
            self.waiting[u].clear();
            self.units[u].in_reserve = false;
        }
        k
    }

    /// The held spy `u`'s elections: not rolling, and points about each enemy unit on the
    /// table (its first miniature's centre, 5 cm beyond its base in eight directions) the check
    /// accepts, at most `limit`.
    pub(crate) fn spy_candidates(&self, u: usize, limit: usize) -> Vec<Decision> {
        let mut v = vec![Decision::Place(Vec::new())];
        let side = self.units[u].side;
        for e in (0..self.units.len()).filter(|&e| self.units[e].side != side && !self.units[e].destroyed) {
            let Some(m) = self.table.units[e].minis.first() else { continue };
            let c = m.body.centre();
            let (lo, hi) = m.body.bbox();
            let reach = (hi.x - lo.x).max(hi.y - lo.y) / 2 + 500 + self.table.units[u].size.0 / 2;
            for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)] {
                let d = Decision::Place(vec![Pt::new(c.x + dx * reach, c.y + dy * reach)]);
                if self.check(&d).is_ok() {
                    v.push(d);
                    break;
                }
            }
            if v.len() > limit.max(2) {
                break;
            }
        }
        v
    }
}
