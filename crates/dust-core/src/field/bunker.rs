//! Close combat against bunkers and strongpoints (tactics-battlefield-summary.md, "BUNKERS AND
//! STRONGPOINTS", "Close-combat Against Bunkers and Strongpoints"): "When attacking with C
//! weapons, miniatures adjacent to a strongpoint or the firing slit or the rear doors of a bunker
//! can attack and be attacked by any miniature in the strongpoint or bunker." The attack plan
//! (attack.rs) asks [`FieldGame::fortified_reach`] before measuring 5 cm base to base.

use super::special::adjacent;
use super::FieldGame;
use dust_geom::exact::{seg_point_dist2, seg_seg_dist2, Pt, Ratio};
use dust_geom::measure::CLOSE;
use dust_geom::table::{Body, Terrain, TerrainKind};

/// How far either side of a bunker's facing its firing slit looks: its main weapon's "field of
/// fire of up to 45° either side of the direction the bunker is facing" (docs/rulings.md,
/// "Battlefield: close combat at bunkers").
pub const SLIT_ARC: u16 = 45;

/// The doorways of a piece: the stretches of its outline no wall segment covers.
fn doorways(p: &Terrain) -> Vec<(Pt, Pt)> {
    let w = &p.walls;
    (0..w.len())
        .filter_map(|i| {
            let (end, next) = (w[i].b, w[(i + 1) % w.len()].a);
            (end != next).then_some((end, next))
        })
        .collect()
}

/// Whether a body is within 5 cm of the segment `a b`.
fn near_segment(b: &Body, a: Pt, e: Pt) -> bool {
    let within = |d2: Ratio, plus: i64| d2.le_int(i128::from(plus + CLOSE) * i128::from(plus + CLOSE));
    match b {
        Body::Disc { c, r } => within(seg_point_dist2(*c, a, e), *r),
        Body::Hull { corners, .. } => {
            (0..corners.len()).any(|i| within(seg_seg_dist2(corners[i], corners[(i + 1) % corners.len()], a, e), 0))
        }
    }
}

/// Whether a body outside fortification `p` is adjacent to where its garrison fights from: any
/// part of a strongpoint; a bunker's firing slit (adjacent to the bunker, its centre within 45°
/// of the bunker's facing seen from the bunker's centre) or its rear doors (within 5 cm of a
/// doorway).
fn at_an_opening(p: &Terrain, b: &Body) -> bool {
    match p.kind {
        TerrainKind::Strongpoint => adjacent(b, &p.area),
        _ => {
            let (lo, hi) = p.bounds;
            let centre = Pt::new((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
            let slit = p.facing.is_some_and(|f| f.within(b.centre().sub(centre), SLIT_ARC)) && adjacent(b, &p.area);
            slit || doorways(p).iter().any(|&(a, e)| near_segment(b, a, e))
        }
    }
}

impl FieldGame {
    /// Whether miniature `m` of unit `u` reaches miniature `j` of unit `t` with a C weapon across
    /// the walls of a bunker or strongpoint one of the two units is in (and the other is not):
    /// `Some(true)` when the miniature outside is at an opening (then any miniature inside is in
    /// reach, whatever the distance and the walls between), `Some(false)` when it is not (then
    /// none is); `None` when no fortification stands between them and the 5 cm apply.
    pub(crate) fn fortified_reach(&self, u: usize, m: usize, t: usize, j: usize) -> Option<bool> {
        let (pu, pt) = (self.fortification_piece(u), self.fortification_piece(t));
        let (piece, outside) = match (pu, pt) {
            (None, Some(p)) => (p, &self.table.units[u].minis[m].body),
            (Some(p), None) => (p, &self.table.units[t].minis[j].body),
            _ => return None,
        };
        Some(at_an_opening(&self.table.terrain[piece], outside))
    }
}
