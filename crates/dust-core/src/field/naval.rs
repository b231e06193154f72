//! Naval units and amphibious vehicles (tactics-battlefield-summary.md, "VEHICLE WEAPONS":
//! "NAVAL UNIT", "AMPHIBIOUS", "SEALIFTER"; docs/rulings.md, "Battlefield: naval units").
//!
//! The movement itself is measured in `dust_geom::path` (deep water open to both, every other
//! terrain and dry land closed to a naval unit), keyed on the table's `afloat` map that
//! [`afloat_of`] fills from the cards; the free ATTACK after a MARCH MOVE is a free action of
//! skills.rs; the wreck is [`FieldGame::wreck_kind`].

use std::collections::BTreeMap;

use dust_geom::table::{Afloat, TerrainKind};

use super::{FieldCard, FieldGame};
use crate::unit::BattlefrontSkill;

/// Whether a card is a naval unit: `naval` equipment, or a sealifter ("Sealifters are naval
/// units").
pub(crate) fn is_naval(c: &FieldCard) -> bool {
    c.bf.has(BattlefrontSkill::Naval) || c.bf.has(BattlefrontSkill::Sealifter)
}

/// How each unit of `cards` goes on deep water: naval units and amphibious vehicles.
pub(crate) fn afloat_of(cards: &[FieldCard]) -> BTreeMap<usize, Afloat> {
    cards
        .iter()
        .enumerate()
        .filter_map(|(u, c)| {
            if is_naval(c) {
                Some((u, Afloat::Naval))
            } else {
                c.bf.has(BattlefrontSkill::Amphibious).then_some((u, Afloat::Amphibious))
            }
        })
        .collect()
}

impl FieldGame {
    /// Whether unit `u` is a naval unit.
    pub(crate) fn naval(&self, u: usize) -> bool {
        is_naval(&self.cards[u])
    }

    /// What an eliminated vehicle `t` leaves: "An eliminated naval unit becomes deep water
    /// terrain"; any other vehicle a wreck ("Eliminated vehicles are marked as wrecks and become a
    /// terrain feature").
    pub(crate) fn wreck_kind(&self, t: usize) -> TerrainKind {
        if self.naval(t) {
            TerrainKind::DeepWater
        } else {
            TerrainKind::Wreck
        }
    }
}
