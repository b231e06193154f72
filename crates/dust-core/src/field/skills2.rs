//! More skills of the reference sheet on the table (tactics-battlefield-summary.md, "SKILLS AND
//! EQUIPMENT"): the rules skills.rs does not hold, each called from the flow by a small hook.
//!
//! | skill | where it acts |
//! | --- | --- |
//! | Ace Pilot, Ace Air Pilot | [`FieldGame::ace_piloted`] (the die for a third action) |

use super::{Class, FieldGame};
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
