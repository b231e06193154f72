//! Line of sight and cover (tactics-revised-core-rules.md, "Line of Sight", "Line of Sight
//! Around Corners", "Cover Saves", "Corner Cover", "Structures"; tactics-revised-faq.md,
//! corner cover and structures).
//!
//! The line runs from the dot (centre) of the attacker's space to the dot of the target's.
//! It is traced exactly, in integers: it either crosses the inside of a space, crosses an edge
//! between two spaces, or passes exactly through a corner point where four spaces meet.
//!
//! * Crossing a space that blocks (no dot, smoke, a vehicle; for soldier-against-soldier also a
//!   squad, a hero or an anti-tank trap) or a structure wall blocks the line.
//! * Passing through a corner point grazes the two spaces (and the wall pieces) on either side
//!   of the line there. A blocker on one side only does not block ("grazing a corner"); blockers
//!   on both sides do ("skims past two opposite corners").
//! * "Line of Sight Around Corners": a graze at a corner of the attacker's space on one side and
//!   a graze at a corner of the target's space on the other side block too.
//! * Corner cover: a graze at a corner of the target's own space. That corner is exactly 45° from
//!   the target's dot, which is the FAQ's "corner cover only applies if the attack is at a 45
//!   degree angle".
//!
//! Every interpretation is in docs/rulings.md. Line of sight is symmetric: the same pieces see
//! each other both ways ("if A sees B, B sees A").

use crate::board::{Board, Edge, EntranceSize};
use crate::occupancy::Occupancy;
use crate::square::Square;
use crate::terrain::{CoverElement, PieceKind, Terrain};
use core::fmt;

/// An attack's geometry: who shoots from where at whom.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Shot {
    /// The attacker's space.
    pub from: Square,
    /// The target's space.
    pub to: Square,
    /// The attacker's kind.
    pub attacker: PieceKind,
    /// The target's kind (a hero joined to a squad counts as a squad).
    pub target: PieceKind,
}

impl Shot {
    /// Both ends are soldiers: squads, heroes and anti-tank traps then block too.
    pub const fn soldier_against_soldier(&self) -> bool {
        self.attacker.is_soldier() && self.target.is_soldier()
    }
    /// The same shot the other way round.
    pub const fn reversed(&self) -> Shot {
        Shot {
            from: self.to,
            to: self.from,
            attacker: self.target,
            target: self.attacker,
        }
    }
}

/// Why a space stops (or is grazed by) a line of sight.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum SpaceBlock {
    /// A space without a dot (or covered by a terrain square).
    NoDot,
    /// A smoke (diamond) space.
    Smoke,
    /// A vehicle stands there: it blocks everyone.
    Vehicle,
    /// A squad or hero stands there: it blocks soldier-against-soldier lines.
    Soldier,
    /// An anti-tank trap: it blocks soldier-against-soldier lines.
    AntiTankTrap,
}

impl SpaceBlock {
    /// Words for messages.
    pub const fn describe(self) -> &'static str {
        match self {
            SpaceBlock::NoDot => "a space without a dot",
            SpaceBlock::Smoke => "smoke",
            SpaceBlock::Vehicle => "a vehicle",
            SpaceBlock::Soldier => "soldiers (they block soldier-against-soldier fire)",
            SpaceBlock::AntiTankTrap => "an anti-tank trap (it blocks soldier-against-soldier fire)",
        }
    }
}

/// A corner point where four spaces meet, named by the space to its upper right.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct CornerPoint {
    /// Column of the grid line (0 = left edge of column A).
    pub x: i32,
    /// Row of the grid line (0 = bottom edge of row 1).
    pub y: i32,
}

impl fmt::Display for CornerPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: i32, r: i32| {
            if (0..26).contains(&c) && (0..99).contains(&r) {
                Square::new(c as u8, r as u8).to_string()
            } else {
                "edge".to_string()
            }
        };
        write!(
            f,
            "the corner between {} and {}",
            name(self.x - 1, self.y - 1),
            name(self.x, self.y)
        )
    }
}

/// What a line grazed at a corner point.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Grazed {
    /// A space that blocks this line.
    Space(Square, SpaceBlock),
    /// The end of a structure wall between two spaces.
    Wall(Square, Square),
}

impl fmt::Display for Grazed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Grazed::Space(s, b) => write!(f, "{} in {s}", b.describe()),
            Grazed::Wall(a, b) => write!(f, "the wall between {a} and {b}"),
        }
    }
}

/// Why there is no line of sight.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Blocked {
    /// The attacker stands in smoke and cannot attack ("Diamond Terrain").
    AttackerInSmoke(Square),
    /// The target stands in smoke and cannot be targeted ("Diamond Terrain").
    TargetInSmoke(Square),
    /// An end of the line is a space without a dot, where no unit can stand.
    EndHasNoDot(Square),
    /// The line crosses a space that blocks it.
    Space(Square, SpaceBlock),
    /// The line crosses a structure wall.
    Wall(Square, Square),
    /// The line skims between blockers on both sides of one corner point.
    OppositeCorners(CornerPoint),
    /// Attacker and target take corner cover from different sides ("Line of Sight Around
    /// Corners").
    CornersOnBothSides {
        /// The corner of the attacker's space that the line grazes.
        attacker_corner: CornerPoint,
        /// The corner of the target's space that the line grazes, on the other side.
        target_corner: CornerPoint,
    },
    /// A unit inside a structure sees out (and is seen from outside) only through an exit of
    /// its own space in the direction of the line ("Structures").
    NoExit(Square),
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::AttackerInSmoke(s) => write!(f, "the attacker in {s} stands in smoke and cannot attack"),
            Blocked::TargetInSmoke(s) => write!(f, "the target in {s} stands in smoke and cannot be targeted"),
            Blocked::EndHasNoDot(s) => write!(f, "{s} has no dot: no unit can stand there"),
            Blocked::Space(s, b) => write!(f, "blocked by {} in {s}", b.describe()),
            Blocked::Wall(a, b) => write!(f, "blocked by the structure wall between {a} and {b}"),
            Blocked::OppositeCorners(p) => write!(f, "the line skims between two blocking corners at {p}"),
            Blocked::CornersOnBothSides {
                attacker_corner,
                target_corner,
            } => write!(
                f,
                "attacker and target are behind corners on opposite sides ({attacker_corner} and {target_corner})"
            ),
            Blocked::NoExit(s) => write!(
                f,
                "the unit in {s} is inside a structure and its space has no exit towards the other unit"
            ),
        }
    }
}

/// Cover level of a squad against an attack ("Cover Saves", "Corner Cover").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd)]
pub enum CoverLevel {
    /// No cover save.
    None,
    /// Soft cover: the squad card's soft-cover save.
    Soft,
    /// Hard cover: the squad card's hard-cover save.
    Hard,
}

impl CoverLevel {
    /// `none`, `soft` or `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            CoverLevel::None => "none",
            CoverLevel::Soft => "soft",
            CoverLevel::Hard => "hard",
        }
    }
}

/// Where a squad's cover comes from. Soft sources combine: two make hard cover, never more.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct CoverSources {
    /// An ammo crate in the target's space (soft).
    pub ammo_crate: bool,
    /// An anti-tank trap in the target's space (hard).
    pub anti_tank_trap: bool,
    /// Rubble (cross) in the target's space (soft).
    pub rubble: bool,
    /// Corner cover: what the line grazed at a corner of the target's space (soft).
    pub corner: Option<(CornerPoint, Grazed)>,
    /// Target inside a structure, attacker inside the same structure (soft).
    pub same_structure: bool,
    /// Target inside a structure, attacker outside it (hard).
    pub from_outside_structure: bool,
}

impl CoverSources {
    /// The combined level: any hard source or two soft sources give hard cover.
    pub fn level(&self) -> CoverLevel {
        if self.anti_tank_trap || self.from_outside_structure {
            return CoverLevel::Hard;
        }
        let soft = u8::from(self.ammo_crate) + u8::from(self.rubble) + u8::from(self.corner.is_some()) + u8::from(self.same_structure);
        match soft {
            0 => CoverLevel::None,
            1 => CoverLevel::Soft,
            _ => CoverLevel::Hard,
        }
    }
    /// One line per source, for explanations.
    pub fn reasons(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.ammo_crate {
            v.push("soft: ammo crate in the target's space".to_string());
        }
        if self.anti_tank_trap {
            v.push("hard: anti-tank trap in the target's space".to_string());
        }
        if self.rubble {
            v.push("soft: the target stands on rubble".to_string());
        }
        if let Some((p, g)) = self.corner {
            v.push(format!("soft: corner cover from {g} at {p}"));
        }
        if self.same_structure {
            v.push("soft: inside a structure, attacked from inside the same structure".to_string());
        }
        if self.from_outside_structure {
            v.push("hard: inside a structure, attacked from outside it".to_string());
        }
        v
    }
}

/// The cover a target gets, with the reasons.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Cover {
    /// Resulting level (always `None` for targets that are not squads).
    pub level: CoverLevel,
    /// Where it comes from (filled in for every target kind, so a player can see why).
    pub sources: CoverSources,
    /// The target is not a squad: heroes alone and vehicles never get cover saves.
    pub not_a_squad: bool,
}

/// Whether `shot` has line of sight, and if so what cover the target gets.
///
/// # Errors
/// [`Blocked`] says what stops the line.
///
/// ```
/// use dust_core::*;
/// // A1 . # .      the wall square B1 is grazed by A1→C2? No: A1→C2 crosses B1's inside.
/// let setup = BoardSetup { width: 3, height: 2, terrain: vec![
///     Terrain::Open, Terrain::NoDot, Terrain::Open,
///     Terrain::Open, Terrain::Open, Terrain::Open], ..BoardSetup::default() };
/// let board = Board::new(setup).unwrap();
/// let occ = Occupancy::new(&board);
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let shot = Shot { from: sq("A1"), to: sq("C2"), attacker: PieceKind::Squad, target: PieceKind::Squad };
/// assert!(line_of_sight(&board, &occ, &shot).is_err());
/// let shot = Shot { from: sq("A1"), to: sq("B2"), ..shot };
/// let cover = line_of_sight(&board, &occ, &shot).unwrap();
/// assert_eq!(cover.level, CoverLevel::Soft); // corner cover from B1
/// ```
pub fn line_of_sight(board: &Board, occ: &Occupancy, shot: &Shot) -> Result<Cover, Blocked> {
    let (from, to) = (shot.from, shot.to);
    for (s, smoke) in [(from, Blocked::AttackerInSmoke(from)), (to, Blocked::TargetInSmoke(to))] {
        match board.terrain(s) {
            Terrain::Smoke => return Err(smoke),
            Terrain::NoDot => return Err(Blocked::EndHasNoDot(s)),
            _ => {}
        }
    }
    let svs = shot.soldier_against_soldier();
    let trace = trace(board, occ, from, to, svs)?;
    let (sa, sb) = (board.structure_at(from), board.structure_at(to));
    if sa != sb {
        if sa.is_some() && !trace.leaves_by_exit {
            return Err(Blocked::NoExit(from));
        }
        if sb.is_some() && !trace.enters_by_exit {
            return Err(Blocked::NoExit(to));
        }
    }
    if let (Some((pa, left_a, _)), Some((pb, left_b, _))) = (trace.attacker_graze, trace.target_graze) {
        if left_a != left_b && pa != pb {
            return Err(Blocked::CornersOnBothSides {
                attacker_corner: pa,
                target_corner: pb,
            });
        }
    }
    let mut sources = CoverSources::default();
    match board.cover(to) {
        Some(CoverElement::AmmoCrate) => sources.ammo_crate = true,
        Some(CoverElement::AntiTankTrap) => sources.anti_tank_trap = true,
        None => {}
    }
    sources.rubble = board.terrain(to) == Terrain::Rubble;
    if let Some((p, _, Some(g))) = trace.target_graze {
        sources.corner = Some((p, g));
    }
    if sb.is_some() {
        if sa == sb {
            sources.same_structure = true;
        } else {
            sources.from_outside_structure = true;
        }
    }
    let not_a_squad = shot.target != PieceKind::Squad;
    let level = if not_a_squad { CoverLevel::None } else { sources.level() };
    Ok(Cover {
        level,
        sources,
        not_a_squad,
    })
}

/// Whether the space blocks a line between the given kinds (the ends excluded).
#[inline]
fn space_block(board: &Board, occ: &Occupancy, s: Square, svs: bool) -> Option<SpaceBlock> {
    match board.terrain(s) {
        Terrain::NoDot => return Some(SpaceBlock::NoDot),
        Terrain::Smoke => return Some(SpaceBlock::Smoke),
        _ => {}
    }
    let cell = occ.at(s);
    if cell.has_vehicle() {
        return Some(SpaceBlock::Vehicle);
    }
    if svs {
        if cell.has_soldier() {
            return Some(SpaceBlock::Soldier);
        }
        if board.cover(s) == Some(CoverElement::AntiTankTrap) {
            return Some(SpaceBlock::AntiTankTrap);
        }
    }
    None
}

/// A graze at a corner of an end space: the point, whether the blocker is left of the line,
/// and (when it can give cover) what was grazed.
type EndGraze = (CornerPoint, bool, Option<Grazed>);

struct Trace {
    leaves_by_exit: bool,
    enters_by_exit: bool,
    attacker_graze: Option<EndGraze>,
    target_graze: Option<EndGraze>,
}

#[inline]
fn sq(c: i32, r: i32) -> Square {
    Square::new(c as u8, r as u8)
}

fn trace(board: &Board, occ: &Occupancy, from: Square, to: Square, svs: bool) -> Result<Trace, Blocked> {
    let (x0, y0) = (i32::from(from.col()), i32::from(from.row()));
    let (x1, y1) = (i32::from(to.col()), i32::from(to.row()));
    let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
    let (adx, ady) = ((x1 - x0).abs(), (y1 - y0).abs());
    // Direction of the line, for left/right tests: cross(d, e) > 0 means e is on the left.
    let (ddx, ddy) = (sx * adx, sy * ady);
    let mut t = Trace {
        leaves_by_exit: false,
        enters_by_exit: false,
        attacker_graze: None,
        target_graze: None,
    };
    if (adx, ady) == (0, 0) {
        return Ok(t);
    }
    // The k-th vertical grid line (k = 0, 1, …) is crossed at parameter (2k+1)/(2adx), the k-th
    // horizontal one at (2k+1)/(2ady). Scaled by 2·adx·ady these are vx = (2k+1)·ady and
    // vy = (2k+1)·adx, kept incrementally; a line that never crosses one kind gets i64::MAX.
    let (mut vx, mut vy) = (
        if adx == 0 { i64::MAX } else { i64::from(ady) },
        if ady == 0 { i64::MAX } else { i64::from(adx) },
    );
    let (dvx, dvy) = (2 * i64::from(ady), 2 * i64::from(adx));
    // Offsets of the edge crossed by a step: the east edge of column cx + ex, the north edge of
    // row cy + ey.
    let (ex, ey) = (if sx < 0 { -1 } else { 0 }, if sy < 0 { -1 } else { 0 });
    let ends = Ends {
        from,
        to,
        sa: board.structure_at(from),
        sb: board.structure_at(to),
    };
    let (mut cx, mut cy) = (x0, y0);
    loop {
        let (nx, ny, e);
        if vx < vy {
            // Through the edge between (cx,cy) and (cx+sx,cy).
            e = board.edge_east_raw(cx + ex, cy);
            (nx, ny) = (cx + sx, cy);
            vx += dvx;
        } else if vy < vx {
            // Through the edge between (cx,cy) and (cx,cy+sy).
            e = board.edge_north_raw(cx, cy + ey);
            (nx, ny) = (cx, cy + sy);
            vy += dvy;
        } else {
            // Exactly through the corner point between (cx,cy) and (cx+sx,cy+sy).
            (nx, ny) = (cx + sx, cy + sy);
            vx += dvx;
            vy += dvy;
            e = Edge::Open;
            through_corner(board, occ, &ends, &mut t, (cx, cy), (sx, sy), (ddx, ddy), svs)?;
        }
        if e != Edge::Open {
            through_edge(board, &ends, &mut t, e, (cx, cy), (nx, ny))?;
        }
        if (nx, ny) == (x1, y1) {
            return Ok(t);
        }
        (cx, cy) = (nx, ny);
        // The common case, kept cheap: an open, empty space. The reason is worked out only
        // when the space blocks.
        let s = sq(cx, cy);
        let cell = occ.at(s);
        let maybe = (board.terrain(s) as u8 >= Terrain::Smoke as u8)
            | cell.has_vehicle()
            | (svs & (cell.has_soldier() | (board.cover(s) == Some(CoverElement::AntiTankTrap))));
        if maybe {
            if let Some(b) = space_block(board, occ, s, svs) {
                return Err(Blocked::Space(s, b));
            }
        }
    }
}

/// The two ends of a line and the structures they stand in.
struct Ends {
    from: Square,
    to: Square,
    sa: Option<crate::board::StructureId>,
    sb: Option<crate::board::StructureId>,
}

impl Ends {
    /// Whether the edge between end space `inside` and the space `other` leads out of the
    /// structure `inside` stands in. An entrance is an exit of an end space only if it does (a
    /// door between two rooms is not; docs/rulings.md, "Exits lead out of the structure").
    fn leads_out(board: &Board, inside: Square, other: (i32, i32)) -> bool {
        board.structure_at(sq(other.0, other.1)) != board.structure_at(inside)
    }
}

/// A step through a structure wall or an entrance between `(cx,cy)` and `(nx,ny)`.
#[cold]
#[inline(never)]
fn through_edge(board: &Board, ends: &Ends, t: &mut Trace, e: Edge, (cx, cy): (i32, i32), (nx, ny): (i32, i32)) -> Result<(), Blocked> {
    if e == Edge::Wall {
        return Err(Blocked::Wall(sq(cx, cy), sq(nx, ny)));
    }
    if sq(cx, cy) == ends.from && ends.sa.is_some() {
        t.leaves_by_exit = Ends::leads_out(board, ends.from, (nx, ny));
    }
    if sq(nx, ny) == ends.to && ends.sb.is_some() {
        t.enters_by_exit = Ends::leads_out(board, ends.to, (cx, cy));
    }
    Ok(())
}

/// The line passes exactly through the corner point between `(cx,cy)` and `(cx+sx,cy+sy)`.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn through_corner(
    board: &Board,
    occ: &Occupancy,
    ends: &Ends,
    t: &mut Trace,
    (cx, cy): (i32, i32),
    (sx, sy): (i32, i32),
    d: (i32, i32),
    svs: bool,
) -> Result<(), Blocked> {
    let (nx, ny) = (cx + sx, cy + sy);
    let (ex, ey) = (if sx < 0 { -1 } else { 0 }, if sy < 0 { -1 } else { 0 });
    let p = CornerPoint {
        x: cx + i32::from(sx > 0),
        y: cy + i32::from(sy > 0),
    };
    let g = corner(board, occ, p, d, (cx, cy), (sx, sy), svs);
    if g.left.is_some() && g.right.is_some() {
        return Err(Blocked::OppositeCorners(p));
    }
    let one_side = g
        .left
        .or(g.right)
        .map(|gr| (p, g.left.is_some(), if g.no_cover { None } else { Some(gr) }));
    // Edges of the end spaces at this corner, for the structure exit rule: an exit on either
    // edge of the space at the corner the line passes through counts.
    let is_exit = |e: Edge, inside: Square, other: (i32, i32)| matches!(e, Edge::Entrance(_)) && Ends::leads_out(board, inside, other);
    if sq(cx, cy) == ends.from {
        t.attacker_graze = one_side;
        if ends.sa.is_some() {
            t.leaves_by_exit = is_exit(board.edge_east_raw(cx + ex, cy), ends.from, (cx + sx, cy))
                || is_exit(board.edge_north_raw(cx, cy + ey), ends.from, (cx, cy + sy));
        }
    }
    if sq(nx, ny) == ends.to {
        t.target_graze = one_side;
        if ends.sb.is_some() {
            t.enters_by_exit = is_exit(board.edge_east_raw(cx + ex, ny), ends.to, (cx, ny))
                || is_exit(board.edge_north_raw(nx, cy + ey), ends.to, (nx, cy));
        }
    }
    Ok(())
}

struct CornerGraze {
    left: Option<Grazed>,
    right: Option<Grazed>,
    /// The point is the end of a small entrance: "the walls of small entrances do not provide
    /// corner cover".
    no_cover: bool,
}

fn corner(board: &Board, occ: &Occupancy, p: CornerPoint, d: (i32, i32), cur: (i32, i32), s: (i32, i32), svs: bool) -> CornerGraze {
    let mut g = CornerGraze {
        left: None,
        right: None,
        no_cover: false,
    };
    let (w, h) = (i32::from(board.width()), i32::from(board.height()));
    let on_board = |c: i32, r: i32| c >= 0 && r >= 0 && c < w && r < h;
    // The two side spaces: (cur.x + s.x, cur.y) is on the left exactly when s.x * s.y < 0.
    let side_x = (cur.0 + s.0, cur.1);
    let side_y = (cur.0, cur.1 + s.1);
    for (c, left) in [(side_x, s.0 * s.1 < 0), (side_y, s.0 * s.1 > 0)] {
        if on_board(c.0, c.1) {
            if let Some(b) = space_block(board, occ, sq(c.0, c.1), svs) {
                let gz = Grazed::Space(sq(c.0, c.1), b);
                if left {
                    g.left = Some(gz);
                } else {
                    g.right = Some(gz);
                }
            }
        }
    }
    // The four wall pieces that meet at p, with their direction from p.
    let (px, py) = (p.x, p.y);
    let pieces = [
        (board.edge_east_raw(px - 1, py), (0, 1), ((px - 1, py), (px, py))),
        (board.edge_east_raw(px - 1, py - 1), (0, -1), ((px - 1, py - 1), (px, py - 1))),
        (board.edge_north_raw(px, py - 1), (1, 0), ((px, py - 1), (px, py))),
        (board.edge_north_raw(px - 1, py - 1), (-1, 0), ((px - 1, py - 1), (px - 1, py))),
    ];
    for (e, dir, (a, b)) in pieces {
        if e == Edge::Entrance(EntranceSize::Small) {
            g.no_cover = true;
        }
        if e != Edge::Wall {
            continue;
        }
        let cross = d.0 * dir.1 - d.1 * dir.0;
        let gz = Grazed::Wall(sq(a.0, a.1), sq(b.0, b.1));
        if cross > 0 {
            g.left.get_or_insert(gz);
        } else if cross < 0 {
            g.right.get_or_insert(gz);
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSetup;

    fn board(rows: &[&str]) -> Board {
        let h = rows.len() as u8;
        let w = rows[0].len() as u8;
        let mut terrain = Vec::new();
        for r in rows.iter().rev() {
            for ch in r.chars() {
                terrain.push(match ch {
                    '#' => Terrain::NoDot,
                    's' => Terrain::Smoke,
                    '~' => Terrain::Water,
                    'x' => Terrain::Rubble,
                    _ => Terrain::Open,
                });
            }
        }
        Board::new(BoardSetup {
            width: w,
            height: h,
            terrain,
            ..BoardSetup::default()
        })
        .unwrap()
    }
    fn s(t: &str) -> Square {
        t.parse().unwrap()
    }
    fn shot(a: &str, b: &str) -> Shot {
        Shot {
            from: s(a),
            to: s(b),
            attacker: PieceKind::Squad,
            target: PieceKind::Squad,
        }
    }

    #[test]
    fn terrain_square_blocks_and_corner_grazes() {
        // tactics-revised-core-rules.md, "Line of Sight": a line crossing a no-dot space is
        // blocked; passing through its corner is not, and gives corner cover.
        let b = board(&["....", ".#..", "...."]);
        let o = Occupancy::new(&b);
        assert_eq!(
            line_of_sight(&b, &o, &shot("A2", "C2")),
            Err(Blocked::Space(s("B2"), SpaceBlock::NoDot))
        );
        let c = line_of_sight(&b, &o, &shot("A1", "B2").reversed());
        assert!(c.is_err()); // B2 is the no-dot space itself
        let c = line_of_sight(&b, &o, &shot("A3", "C1")).unwrap_err();
        assert_eq!(c, Blocked::Space(s("B2"), SpaceBlock::NoDot));
        let cover = line_of_sight(&b, &o, &shot("A3", "B2").reversed()).unwrap_err();
        assert_eq!(cover, Blocked::EndHasNoDot(s("B2")));
        // The lines that only pass through a corner of B2 are clear, and the target next to B2
        // at that corner is in corner cover (soft): A2 -> B3 and B1 -> C2 (45 degrees), both ways.
        for (a, t) in [("A2", "B3"), ("B3", "A2"), ("B1", "C2"), ("C2", "B1"), ("A1", "B2")] {
            let r = line_of_sight(&b, &o, &shot(a, t));
            if t == "B2" {
                assert!(r.is_err(), "{a} -> {t}: the no-dot space itself");
                continue;
            }
            let c = r.unwrap_or_else(|e| panic!("{a} -> {t} grazes B2's corner and is clear: {e:?}"));
            assert_eq!(c.level, CoverLevel::Soft, "{a} -> {t}: corner cover");
        }
        // Lines that come nowhere near B2: clear, no cover.
        for (a, t) in [("C1", "D2"), ("D1", "D3"), ("A1", "D1"), ("C3", "A3")] {
            let c = line_of_sight(&b, &o, &shot(a, t)).unwrap_or_else(|e| panic!("{a} -> {t}: {e:?}"));
            assert_eq!(c.level, CoverLevel::None, "{a} -> {t}");
        }
    }

    #[test]
    fn opposite_corners_block() {
        // "Line of Sight Around Corners": skimming between two opposite corners blocks.
        let b = board(&["#..", ".#.", "..."]);
        let o = Occupancy::new(&b);
        // A2 -> B3 passes the corner between A3 (#) and B2 (#).
        assert_eq!(
            line_of_sight(&b, &o, &shot("A2", "B3")),
            Err(Blocked::OppositeCorners(CornerPoint { x: 1, y: 2 }))
        );
        // C1 -> A3? A3 has no dot. C2 -> B3: corner between B2 (#) and C3 (.): graze, soft cover.
        let c = line_of_sight(&b, &o, &shot("C2", "B3")).unwrap();
        assert_eq!(c.level, CoverLevel::Soft);
        assert!(matches!(c.sources.corner, Some((_, Grazed::Space(sq, SpaceBlock::NoDot))) if sq == s("B2")));
    }

    #[test]
    fn smoke_ends() {
        // "Diamond Terrain": units in smoke cannot attack or be targeted.
        let b = board(&["s.."]);
        let o = Occupancy::new(&b);
        assert_eq!(line_of_sight(&b, &o, &shot("A1", "C1")), Err(Blocked::AttackerInSmoke(s("A1"))));
        assert_eq!(line_of_sight(&b, &o, &shot("C1", "A1")), Err(Blocked::TargetInSmoke(s("A1"))));
    }
}
