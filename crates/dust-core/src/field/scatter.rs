//! Scattered reserves (tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES"): "In scenarios
//! with scattered reserves, roll a die when a unit arrives from reserves to determine which
//! arrival zone it will move on from. On a ☒, they move on anywhere along your table edge. On a
//! ☑, they move on from any table edge within 40cm/16" of the left-hand corner. On a score of
//! ☑, they move on from any table edge within 40cm/16" of the right-hand corner."
//!
//! The flow (flow.rs) calls [`FieldGame::scatter`] when a unit of a scenario with scattered
//! reserves arrives from reserve; the unit is then placed (`Decision::Place`) with every base at
//! its stretch of table edge ([`FieldGame::check_entry`]) before it declares its plan, whose
//! first action moves it on (docs/rulings.md, "Battlefield: scattered reserves").

use super::decision::{Action, Decision};
use super::{FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::Side;
use dust_geom::exact::{seg_point_dist2, Coord, Pt, UNITS_PER_CM};
use dust_geom::table::{Body, ZoneKind};

/// How far along the table edges a corner's stretch reaches: "within 40cm/16" of the … corner".
pub const CORNER_REACH: Coord = 40 * UNITS_PER_CM;

/// How close to its stretch of edge a base (or hull) must stand to move on from it: 1 cm
/// (docs/rulings.md, "Battlefield: scattered reserves").
pub const EDGE_TOUCH: Coord = UNITS_PER_CM;

/// Where a unit arriving from scattered reserves moves on from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// "On a ☒, they move on anywhere along your table edge."
    Edge,
    /// "On a ☑, they move on from any table edge within 40cm/16" of the left-hand corner."
    Left,
    /// "On a score of ☑, they move on from any table edge within 40cm/16" of the right-hand
    /// corner."
    Right,
}

/// A table edge: 0 along y = 0, 1 along x = width, 2 along y = depth, 3 along x = 0.
type Edge = usize;

impl FieldGame {
    /// Side `s`'s table edge: the edge nearest the centre of its deployment areas (else of its
    /// arrival zones); side A's is y = 0 and side B's y = depth when the table has neither.
    fn own_edge(&self, s: Side) -> Edge {
        let side = |z: &&dust_geom::table::Zone| super::geom_side(z.side) == s;
        let pick = |k: ZoneKind| -> Vec<Pt> {
            self.table
                .zones
                .iter()
                .filter(|z| z.kind == k)
                .filter(side)
                .flat_map(|z| z.polygon.iter().copied())
                .collect()
        };
        let mut pts = pick(ZoneKind::Deployment);
        if pts.is_empty() {
            pts = pick(ZoneKind::Arrival);
        }
        if pts.is_empty() {
            return if s == Side::A { 0 } else { 2 };
        }
        let n = pts.len() as i64;
        let (cx, cy) = (pts.iter().map(|p| p.x).sum::<i64>() / n, pts.iter().map(|p| p.y).sum::<i64>() / n);
        let (w, d) = (self.table.width, self.table.depth);
        let dists = [cy, w - cx, d - cy, cx];
        (0..4).min_by_key(|&e| dists[e]).unwrap_or(0)
    }

    /// The corners of edge `e` as its player sees them from it, looking into the table: (left
    /// hand, right hand). The table is drawn with x to the right and y up, as `battlefield show`
    /// draws it (side A at the bottom).
    fn corners(&self, e: Edge) -> (Pt, Pt) {
        let (w, d) = (self.table.width, self.table.depth);
        let (o, x, y, xy) = (Pt::new(0, 0), Pt::new(w, 0), Pt::new(0, d), Pt::new(w, d));
        match e {
            0 => (o, x),
            1 => (x, xy),
            2 => (xy, y),
            _ => (y, o),
        }
    }

    /// The stretches of table edge side `s` moves on from for `entry`: its whole edge (from its
    /// left-hand corner to its right-hand one), or the 40 cm of each edge that meets the corner
    /// (along its own edge first).
    pub(crate) fn entry_stretches(&self, s: Side, entry: Entry) -> Vec<(Pt, Pt)> {
        let e = self.own_edge(s);
        let (left, right) = self.corners(e);
        let corner = match entry {
            Entry::Edge => return vec![(left, right)],
            Entry::Left => left,
            Entry::Right => right,
        };
        let (w, d) = (self.table.width, self.table.depth);
        let toward = |to: Pt| {
            let (dx, dy) = ((to.x - corner.x).signum(), (to.y - corner.y).signum());
            let len = if dx != 0 { w } else { d };
            let r = CORNER_REACH.min(len);
            Pt::new(corner.x + dx * r, corner.y + dy * r)
        };
        let other = if corner == left { right } else { left };
        // The other edge through the corner runs along the axis the own edge does not.
        let across = if e.is_multiple_of(2) {
            Pt::new(corner.x, if corner.y == 0 { d } else { 0 })
        } else {
            Pt::new(if corner.x == 0 { w } else { 0 }, corner.y)
        };
        vec![(corner, toward(other)), (corner, toward(across))]
    }

    /// The unit arriving from scattered reserves and where it moves on from, if one is waiting
    /// to be placed: the entry and its stretches of table edge.
    pub fn entry(&self) -> Option<(Entry, Vec<(Pt, Pt)>)> {
        self.entry.map(|(u, e)| (e, self.entry_stretches(self.units[u].side, e)))
    }

    /// Unit `u` arrives from scattered reserves: one die, ☒ (the army symbol) its whole edge,
    /// ☑ (the shield) the left-hand corner, the third face (the target) the right-hand corner
    /// (docs/rulings.md, "Battlefield: scattered reserves"). The die's face is read as the
    /// initiative's tie-break reads targets: the army symbol or not, then among the other faces.
    pub(crate) fn scatter(&mut self, u: usize) {
        let entry = if self.roll_sym(1, Symbols::ARMY, Purpose::Scatter) > 0 {
            Entry::Edge
        } else {
            let shield = match self.dice.roll_among(1, Symbols::ARMY, Symbols::SHIELD) {
                Some(r) => r.sample(&mut self.rng),
                // The original dice have no shield: a second die's army symbol picks the left.
                None => self.dice.roll(1, Symbols::ARMY).sample(&mut self.rng),
            };
            self.log(super::Event::Rolled {
                purpose: Purpose::Scatter,
                dice: 1,
                successes: shield,
            });
            if shield > 0 {
                Entry::Left
            } else {
                Entry::Right
            }
        };
        self.entry = Some((u, entry));
    }

    /// The units placed by an entry: the acting unit and the hero arriving with it.
    fn entering_units(&self) -> Vec<usize> {
        match self.act.as_ref() {
            Some(a) => std::iter::once(a.unit).chain(a.hero).collect(),
            None => Vec::new(),
        }
    }

    /// Checks the placing of the unit arriving from scattered reserves (`place X,Y …`: each of
    /// its miniatures, a joined hero's last): each wholly on the table, clear of impassable
    /// ground and other bases, with its base (or a corner of its hull) within 1 cm of its stretch
    /// of table edge. No points: only when no placing at all can be found
    /// ([`FieldGame::entry_candidates`]); the unit then stays in reserve.
    pub(crate) fn check_entry(&self, pts: &[Pt]) -> Result<(), Refusal> {
        let Some((u, entry)) = self.entry else {
            return Err(Refusal::new("no unit is arriving from scattered reserves"));
        };
        let name = self.table.units[u].name.clone();
        if pts.is_empty() {
            return if self.entry_placings(1).is_empty() {
                Ok(())
            } else {
                Err(Refusal::new(format!(
                    "{name} arrives from reserve: place it at its stretch of table edge (place none only when no place is free)"
                )))
            };
        }
        let xs = self.entering_units();
        let slots: Vec<(usize, usize)> = xs
            .iter()
            .flat_map(|&x| (0..self.table.units[x].minis.len()).map(move |i| (x, i)))
            .collect();
        if pts.len() != slots.len() {
            return Err(Refusal::new(format!(
                "{name} moves on with {} miniatures: give {} points (you gave {})",
                slots.len(),
                slots.len(),
                pts.len()
            )));
        }
        let stretches = self.entry_stretches(self.units[u].side, entry);
        let mut t = self.table.clone();
        for (&(x, i), &p) in slots.iter().zip(pts) {
            t.units[x].minis[i].body = dust_geom::path::body_at(&t, x, p, None);
        }
        for (k, (&(x, i), &p)) in slots.iter().zip(pts).enumerate() {
            let body = &t.units[x].minis[i].body;
            if !touches(body, &stretches) {
                let (a, b) = stretches[0];
                return Err(Refusal::new(format!(
                    "m{k} at ({}) is not at {name}'s stretch of table edge ({}): each base stands within 1 cm of the table edge from ({}) to ({}){}",
                    super::decision::point_text(p),
                    match entry {
                        Entry::Edge => "its own table edge, rolled ☒",
                        Entry::Left => "within 40 cm of the left-hand corner, rolled ☑",
                        Entry::Right => "within 40 cm of the right-hand corner",
                    },
                    super::decision::point_text(a),
                    super::decision::point_text(b),
                    stretches
                        .get(1)
                        .map(|(a, b)| format!(
                            " or ({}) to ({})",
                            super::decision::point_text(*a),
                            super::decision::point_text(*b)
                        ))
                        .unwrap_or_default()
                )));
            }
            dust_geom::path::check_end(&t, x, i, p, None).map_err(|r| Refusal::new(format!("m{k}: {}", r.reason)))?;
        }
        Ok(())
    }

    /// Plays a checked placing at the edge (or, with no points, keeps the unit in reserve: it
    /// takes NOTHING actions).
    pub(crate) fn enter(&mut self, pts: &[Pt]) {
        let xs = self.entering_units();
        self.entry = None;
        self.scratch.replace(None);
        if pts.is_empty() {
            for &x in &xs {
                self.waiting[x] = std::mem::take(&mut self.table.units[x].minis);
                self.units[x].in_reserve = true;
            }
            if let Some(a) = self.act.as_mut() {
                a.plan = vec![Action::Nothing, Action::Nothing];
                a.window_done = true;
                a.entering = false;
            }
            self.perform();
            return;
        }
        let mut k = 0;
        for &x in &xs {
            for i in 0..self.table.units[x].minis.len() {
                if let Some(&p) = pts.get(k) {
                    self.table.units[x].minis[i].body = dust_geom::path::body_at(&self.table, x, p, None);
                }
                k += 1;
            }
        }
        self.phase = super::flow::Phase::Plan;
    }

    /// Placings of the arriving unit at its stretches of edge: the miniatures in a row along
    /// the edge, from points every 10 cm of each stretch (20 cm along a whole edge), each
    /// accepted by [`FieldGame::check_entry`]; at most `limit` of them.
    fn entry_placings(&self, limit: usize) -> Vec<Decision> {
        let mut out = Vec::new();
        let Some((u, entry)) = self.entry else { return out };
        let xs = self.entering_units();
        let slots: Vec<(usize, usize)> = xs
            .iter()
            .flat_map(|&x| (0..self.table.units[x].minis.len()).map(move |i| (x, i)))
            .collect();
        let step_every = if entry == Entry::Edge { 20 } else { 10 } * UNITS_PER_CM;
        for (a, b) in self.entry_stretches(self.units[u].side, entry) {
            let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
            let len = (b.x - a.x).abs() + (b.y - a.y).abs();
            // Into the table, across the edge.
            let inward = if dx == 0 {
                Pt::new(if a.x == 0 { 1 } else { -1 }, 0)
            } else {
                Pt::new(0, if a.y == 0 { 1 } else { -1 })
            };
            let mut s = UNITS_PER_CM;
            while s < len {
                let mut pts = Vec::new();
                let mut along = s;
                for &(x, _) in &slots {
                    let probe = Pt::new(a.x + dx * along, a.y + dy * along);
                    let body = dust_geom::path::body_at(&self.table, x, probe, None);
                    // How far the body reaches toward the edge from its centre, and along it.
                    let reach = |dir: Pt| {
                        body.outline()
                            .iter()
                            .map(|q| (probe.x - q.x) * dir.x + (probe.y - q.y) * dir.y)
                            .max()
                            .unwrap_or(0)
                    };
                    let depth = reach(inward) + 20;
                    let half = reach(Pt::new(-dx, -dy));
                    let centre = Pt::new(probe.x + inward.x * depth + dx * half, probe.y + inward.y * depth + dy * half);
                    pts.push(centre);
                    along += 2 * half + 50;
                }
                if self.check_entry(&pts).is_ok() {
                    out.push(Decision::Place(pts));
                    if out.len() >= limit.max(1) {
                        return out;
                    }
                }
                s += step_every;
            }
        }
        out
    }

    /// The placings the generator proposes for the unit arriving from scattered reserves; `place
    /// none` when there is none.
    pub(crate) fn entry_candidates(&self, limit: usize) -> Vec<Decision> {
        let v = self.entry_placings(limit);
        if v.is_empty() {
            vec![Decision::Place(Vec::new())]
        } else {
            v
        }
    }
}

/// Whether a body stands within [`EDGE_TOUCH`] of one of the stretches: a base's rim, or a
/// corner of a hull.
fn touches(b: &Body, stretches: &[(Pt, Pt)]) -> bool {
    stretches.iter().any(|&(a, e)| match b {
        Body::Disc { c, r } => seg_point_dist2(*c, a, e).le_int(i128::from(r + EDGE_TOUCH) * i128::from(r + EDGE_TOUCH)),
        Body::Hull { corners, .. } => corners
            .iter()
            .any(|&q| seg_point_dist2(q, a, e).le_int(i128::from(EDGE_TOUCH) * i128::from(EDGE_TOUCH))),
    })
}
