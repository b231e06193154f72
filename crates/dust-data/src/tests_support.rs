//! Helpers for tests that use unit cards (this crate's tests, the rules examples of the
//! binary): a shipped card by name, and the armor and combat values cards are written with.

use crate::builtin::find_card;
use dust_core::{Armor, ArmorType, CombatValue, UnitCard};

/// The shipped card of that name ([`find_card`]).
///
/// # Panics
/// No shipped card has that name.
pub fn shipped_card(name: &str) -> UnitCard {
    find_card(name).unwrap_or_else(|| panic!("no shipped card {name}"))
}

/// Soldier armor of a class (`2` in "soldier 2").
pub fn soldier(class: u8) -> Armor {
    Armor {
        kind: ArmorType::Soldier,
        class,
    }
}

/// Vehicle armor of a class.
pub fn vehicle(class: u8) -> Armor {
    Armor {
        kind: ArmorType::Vehicle,
        class,
    }
}

/// A combat value of `dice` dice, each hit doing `damage` ("3/1").
pub fn dice(dice: u8, damage: u8) -> CombatValue {
    CombatValue::Dice { dice, damage }
}
