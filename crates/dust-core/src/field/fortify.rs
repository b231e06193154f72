//! Fortifications a side fields (tactics-battlefield-summary.md, "FORTIFICATIONS", "SETUP"):
//! their points against the AP limit, and the defender they make.

use super::SetupError;
use crate::{BySide, Side};
use dust_geom::table::{Table, TerrainKind};

/// The AP of a bunker: "You may include **bunkers** in their force for 15 points each".
pub const BUNKER_AP: u16 = 15;
/// The AP of a strongpoint: "… and **strongpoints** for 10 points each".
pub const STRONGPOINT_AP: u16 = 10;

/// The AP of the bunkers and strongpoints each side fields (pieces of the table with a side;
/// those without are the scenario's, free).
pub(crate) fn fortification_ap(t: &Table) -> BySide<u16> {
    let mut ap = BySide { a: 0u16, b: 0u16 };
    for p in &t.terrain {
        let worth = match p.kind {
            TerrainKind::Bunker => BUNKER_AP,
            TerrainKind::Strongpoint => STRONGPOINT_AP,
            _ => continue,
        };
        if let Some(s) = p.side {
            let s = super::geom_side(s);
            ap[s] = ap[s].saturating_add(worth);
        }
    }
    ap
}

/// The defender: "If a player is fielding bunkers or strongpoints they will always be the
/// defender. If both players have bunkers or strongpoints, the player with the most AP worth of
/// bunkers and strongpoints is the defender." Otherwise (none, or equal worth on both sides)
/// the players' `chosen` side (docs/rulings.md, "Battlefield: attacker and defender").
///
/// # Errors
/// [`SetupError::FortifiedDefender`] when `chosen` is not the side the fortifications name.
pub(crate) fn defender(ap: BySide<u16>, chosen: Option<Side>) -> Result<Option<Side>, SetupError> {
    let fortified = match ap.a.cmp(&ap.b) {
        core::cmp::Ordering::Greater => Some(Side::A),
        core::cmp::Ordering::Less => Some(Side::B),
        core::cmp::Ordering::Equal => None,
    };
    match (fortified, chosen) {
        (Some(f), Some(c)) if f != c => Err(SetupError::FortifiedDefender { chosen: c, fortified: f }),
        (Some(f), _) => Ok(Some(f)),
        (None, c) => Ok(c),
    }
}
