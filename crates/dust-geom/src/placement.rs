//! Geometric conditions the rules put on joining and placing units
//! (tactics-battlefield-summary.md, "HEROES" and "SCENARIO SPECIAL RULES, Ambush"). The rules
//! flow asks them; they answer from the table alone.

use crate::exact::{Coord, UNITS_PER_CM};
use crate::los::{mini_sees, unit_sight};
use crate::measure::body_gap;
use crate::table::{Side, Table};

/// Joining distance: 15 cm ("by being within 15cm of every miniature in the unit").
pub const JOIN: Coord = 15 * UNITS_PER_CM;

/// Ambush distance: 20 cm ("at least 20cm/8\" away from … all enemy units").
pub const AMBUSH: Coord = 20 * UNITS_PER_CM;

/// Whether the hero (unit `hero`, one miniature) stands where it may join unit `unit`: "within
/// 15cm of every miniature in the unit (and in LOS to at least one)". Whether the armour ratings
/// match and the hero has not activated is the rules flow's to ask.
pub fn hero_can_join(t: &Table, hero: usize, unit: usize) -> bool {
    let Some(h) = t.units[hero].minis.first() else { return false };
    let members = &t.units[unit].minis;
    !members.is_empty()
        && members.iter().all(|m| body_gap(&h.body, &m.body).within(JOIN))
        && (0..members.len()).any(|j| mini_sees(t, (hero, 0), (unit, j)).is_ok())
}

/// Why a unit placed from ambush stands where it may not: `None` when every miniature is at
/// least 20 cm from every enemy miniature and the unit is in cover from every enemy unit ("It
/// must be placed in your deployment area, at least 20cm/8\" away from, and in cover from, all
/// enemy units"). Whether it stands in its deployment area is [`in_zone`]'s to say.
pub fn ambush_refusal(t: &Table, unit: usize) -> Option<String> {
    let side: Side = t.units[unit].side;
    for (e, enemy) in t.units.iter().enumerate() {
        if enemy.side == side {
            continue;
        }
        for (i, m) in t.units[unit].minis.iter().enumerate() {
            for (j, em) in enemy.minis.iter().enumerate() {
                // "at least 20 cm away": closer than 20 cm is refused, exactly 20 cm is not.
                let g = body_gap(&m.body, &em.body);
                if g.less_than(AMBUSH) {
                    return Some(format!(
                        "{} m{i} is {:.1} cm from {} m{j}: an ambush is placed at least 20 cm from every enemy unit",
                        t.units[unit].name,
                        g.cm(),
                        enemy.name
                    ));
                }
            }
        }
        let s = unit_sight(t, e, unit);
        if !s.cover {
            return Some(format!(
                "{} is not in cover from {}: an ambush is placed in cover from every enemy unit",
                t.units[unit].name, enemy.name
            ));
        }
    }
    None
}

/// Whether every miniature of the unit stands wholly inside a zone of `kind` of its side.
pub fn in_zone(t: &Table, unit: usize, kind: crate::table::ZoneKind) -> bool {
    let u = &t.units[unit];
    u.minis.iter().all(|m| {
        t.zones.iter().any(|z| {
            z.kind == kind
                && z.side == u.side
                && m.body
                    .outline()
                    .iter()
                    .all(|&p| crate::exact::point_in_polygon(p, &z.polygon) != crate::exact::Inside::Out)
        })
    })
}
