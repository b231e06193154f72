//! More skills of the reference sheet on the table (tactics-battlefield-summary.md, "SKILLS AND
//! EQUIPMENT"): the rules skills.rs does not hold, each called from the flow by a small hook.
//!
//! | skill | where it acts |
//! | --- | --- |
//! | Ace Pilot, Ace Air Pilot | [`FieldGame::ace_piloted`] (the die for a third action) |
//! | Camouflage's special action | [`FieldGame::check_camouflage`], [`FieldGame::special_taken`] |

use super::decision::{Decision, Special};
use super::{Class, FieldGame, Refusal};
use crate::unit::BattlefrontSkill;

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
