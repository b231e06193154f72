//! Movement of large and huge models (tactics-battlefront-2013-rules.txt, "Moving Large Vehicles
//! and Aircraft", "Moving Huge Vehicles", "Moving On To the Table", "Walls and Buildings",
//! "Reactive Attacks").
//!
//! A model of several squares stands in a *pose*: its front square and its facing, one of the
//! four orthogonal directions; [`super::footprint`] gives its squares (the front square and the
//! one behind it; for a huge model the 2 x 2 block behind and to the right).
//!
//! - A large model moves one half at a time: "If a large model moves sideways, the other half of
//!   the model moves into the adjacent square previously occupied by the model. If it moves
//!   diagonally, the other half of the model moves forward (or backward as appropriate) into one
//!   of the intervening squares." Either half may lead (forwards or backwards), and after each
//!   square the model may face either end of its length ("It can either end its move facing the
//!   same way, or it can turn as it reverses").
//! - A huge model moves a corner one square and the rest of the block with it; it "can rotate
//!   within the four squares it occupies either before or after moving" (any facing, same
//!   squares, no cost).
//! - Each square costs one point; the first diagonal of the activation one, later ones two, as
//!   for every unit ("Move and March Move Actions").
//! - Every square of the model follows the shared rules of one step
//!   ([`crate::reach::check_step_in`] by the battlefront rules: terrain a vehicle cannot enter,
//!   enemy units, friendly vehicles, corners around any of those, walls and openings), so a
//!   large model needs an opening a vehicle may use (a large one) for each of its squares that
//!   goes through a wall, and a huge model two side by side, which is a huge opening: "Large
//!   openings are the full width of a square. Huge openings are two or more squares wide …
//!   Huge Vehicle units need a huge opening to move through" (docs/rulings.md, "Battlefront
//!   large models in the engine", "Battlefront openings of three sizes").
//! - A large aircraft moves the same way, each square flying ([`large_reach_by`],
//!   [`Medium::Air`]): over every square, wall and unit but enemy aircraft, ending where an
//!   aircraft may be placed ("Aircraft Move Over Terrain").
//! - A large or huge model on the ground passes under enemy aircraft as every ground unit does
//!   ([`Medium::Ground`] with the squares of the enemy aircraft; "Moving Through Other Units":
//!   Infantry and Vehicle units "can enter a square occupied by an enemy Aircraft unit") and
//!   may end a move under one.
//! - "Large and Huge Vehicles must move entirely onto the board by moving two squares": a model
//!   entering puts its front squares on entry squares (one point) with the rest of it still off
//!   the board, and drives on.

use super::{footprint, Facing};
use crate::board::Board;
use crate::edition::Edition;
use crate::occupancy::Occupancy;
use crate::range::range;
use crate::reach::{can_arrive, can_arrive_by, can_land, can_pass_by, check_step_in, MoveRules, Mover};
use crate::square::Square;
use std::collections::HashMap;

/// Where a model of several squares stands: its front square and its facing (north, east, south
/// or west). The front square may be the only one on the board while the model enters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pose {
    /// Column and row of the front square (may be off the board only for squares behind it).
    pub front: (i32, i32),
    /// One of the four orthogonal facings.
    pub facing: Facing,
}

impl Pose {
    /// A pose on the board.
    pub fn at(front: Square, facing: Facing) -> Pose {
        Pose {
            front: (i32::from(front.col()), i32::from(front.row())),
            facing: orthogonal(facing),
        }
    }
    /// Its squares as signed coordinates, the front first (the order of [`footprint`]).
    pub fn cells(&self, squares: u8) -> Vec<(i32, i32)> {
        let f = self.facing.0 & 6;
        let (bx, by) = Facing::STEPS[usize::from((f + 4) % 8)];
        let (rx, ry) = Facing::STEPS[usize::from((f + 2) % 8)];
        let (x, y) = self.front;
        let mut v = vec![(x, y)];
        if squares >= 2 {
            v.push((x + bx, y + by));
        }
        if squares >= 4 {
            v.push((x + rx, y + ry));
            v.push((x + bx + rx, y + by + ry));
        }
        v
    }
    /// Its squares on the board.
    pub fn squares(&self, board: &Board, squares: u8) -> Vec<Square> {
        self.cells(squares).into_iter().filter_map(|c| on_board(board, c)).collect()
    }
    /// Whether every square is on the board.
    pub fn fully_on(&self, board: &Board, squares: u8) -> bool {
        self.cells(squares).into_iter().all(|c| on_board(board, c).is_some())
    }
    /// The front square (on the board for every pose the search hands out).
    pub fn front_square(&self) -> Option<Square> {
        Some(Square::new(u8::try_from(self.front.0).ok()?, u8::try_from(self.front.1).ok()?))
    }
    /// The square right behind the front square, when on the board: how a player names the
    /// pose after its front square (a decision `move` of the rear).
    pub fn rear_square(&self, board: &Board) -> Option<Square> {
        let (bx, by) = Facing::STEPS[usize::from(((self.facing.0 & 6) + 4) % 8)];
        on_board(board, (self.front.0 + bx, self.front.1 + by))
    }
}

/// The orthogonal facing nearest to `f` (a diagonal facing turns to the axis on its left, as in
/// [`footprint`]).
pub fn orthogonal(f: Facing) -> Facing {
    Facing(f.0 & 6)
}

fn on_board(board: &Board, (c, r): (i32, i32)) -> Option<Square> {
    let s = Square::new(u8::try_from(c).ok()?, u8::try_from(r).ok()?);
    board.contains(s).then_some(s)
}

/// The pose whose front is `front` and whose square behind the front is `rear`.
pub fn pose_from(front: Square, rear: Square) -> Option<Pose> {
    let f = Facing::towards(rear, front)?;
    (f.0 % 2 == 0 && rear.is_adjacent(front)).then(|| Pose::at(front, f))
}

/// How a model of several squares moves: on the ground, by the battlefront rules of one step
/// (walker, enemy aircraft it passes under), or flying.
#[derive(Copy, Clone, Debug)]
pub enum Medium<'a> {
    /// On the ground, by these rules (their edition is taken as battlefront).
    Ground(MoveRules<'a>),
    /// In the air; the squares of the enemy aircraft, which it never flies into.
    Air(&'a [Square]),
}

impl<'a> Medium<'a> {
    /// On the ground, without walker and with no enemy aircraft to pass under.
    pub fn ground() -> Medium<'a> {
        Medium::Ground(MoveRules::from(Edition::Battlefront))
    }
    fn rules(self) -> Option<MoveRules<'a>> {
        match self {
            Medium::Ground(r) => Some(MoveRules {
                edition: Edition::Battlefront,
                ..r
            }),
            Medium::Air(_) => None,
        }
    }
}

/// A pose the search reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The pose.
    pub pose: Pose,
    /// Points spent on the cheapest way there.
    pub cost: u8,
    /// Every way there within the points uses the activation's first (cheap) diagonal.
    pub needs_diagonal: bool,
}

/// Where a move action of a model of `squares` squares (2 or 4) may end.
///
/// `occ` must not hold the model itself; `mover` gives its kind, side and points
/// (`movement`, plus one when `mover.fast`). `start`: its pose, or `None` when it enters the
/// board over `entries` (the entry step costs one point). `diagonal_used`: the activation's first
/// diagonal is spent. Poses with squares off the board are listed only while entering (`partial`);
/// the start pose is listed (cost 0) when the model stands on the board.
#[allow(clippy::too_many_arguments)]
pub fn large_reach(
    board: &Board,
    occ: &Occupancy,
    mover: &Mover,
    squares: u8,
    start: Option<Pose>,
    entries: &[Square],
    diagonal_used: bool,
    partial: bool,
) -> Vec<Reached> {
    large_reach_by(board, occ, mover, squares, start, entries, diagonal_used, partial, Medium::ground())
}

/// [`large_reach`] for a model on the ground ([`Medium::Ground`]: it passes under the enemy
/// aircraft its rules list, and may stop there) or a large aircraft ([`Medium::Air`]). An
/// aircraft flies over every square, wall and unit but enemy aircraft, and every square of it
/// ends where an aircraft may be placed ([`crate::reach::can_land`]; tactics-battlefront-2013-rules.txt,
/// "Aircraft Move Over Terrain", "Moving Large Vehicles and Aircraft", "Moving Through Other
/// Units").
#[allow(clippy::too_many_arguments)]
pub fn large_reach_by(
    board: &Board,
    occ: &Occupancy,
    mover: &Mover,
    squares: u8,
    start: Option<Pose>,
    entries: &[Square],
    diagonal_used: bool,
    partial: bool,
    medium: Medium<'_>,
) -> Vec<Reached> {
    let budget = mover.movement + u8::from(mover.fast);
    // (pose, diagonal used) -> cheapest cost.
    let mut best: HashMap<(Pose, bool), u8> = HashMap::new();
    let mut frontier: Vec<(Pose, bool, u8)> = Vec::new();
    match start {
        Some(p) => frontier.push((p, diagonal_used, 0)),
        None => {
            for &e in entries {
                if !board.contains(e) {
                    continue;
                }
                let Some(f) = entry_facing(board, e) else { continue };
                let p = Pose::at(e, f);
                let on: Vec<Square> = p.squares(board, squares);
                if budget >= 1 && on.iter().all(|s| entries.contains(s) && pass_ok(board, occ, mover, medium, *s)) {
                    frontier.push((p, diagonal_used, 1));
                }
            }
        }
    }
    for &(p, u, c) in &frontier {
        best.insert((p, u), c);
    }
    // Costs are 1 or 2: a simple relaxation until nothing improves.
    while let Some((p, used, cost)) = frontier.pop() {
        if best.get(&(p, used)).is_some_and(|&b| b < cost) {
            continue;
        }
        for (q, diagonal) in steps(board, occ, mover, medium, squares, p) {
            let (c, u2) = if diagonal {
                if used {
                    (cost + 2, true)
                } else {
                    (cost + 1, true)
                }
            } else {
                (cost + 1, used)
            };
            if c > budget {
                continue;
            }
            let mut variants = vec![q];
            if squares >= 4 {
                // "The Vehicle can rotate within the four squares it occupies."
                variants = rotations(q);
            }
            for v in variants {
                if best.get(&(v, u2)).is_none_or(|&b| c < b) {
                    best.insert((v, u2), c);
                    frontier.push((v, u2, c));
                }
            }
        }
    }
    if let (Some(p), 4..) = (start, squares) {
        for v in rotations(p) {
            best.entry((v, diagonal_used)).or_insert(0);
        }
    }
    let mut out: HashMap<Pose, Reached> = HashMap::new();
    for (&(p, used), &cost) in &best {
        if p.front_square().is_none_or(|f| !board.contains(f)) {
            continue;
        }
        let full = p.fully_on(board, squares);
        if !full && !partial {
            continue;
        }
        let stops = p.squares(board, squares).iter().all(|&s| match medium {
            Medium::Air(_) => can_land(board, occ, s, mover.side),
            Medium::Ground(_) => medium.rules().is_some_and(|r| can_arrive_by(board, occ, mover, s, r)),
        });
        if !stops {
            continue;
        }
        // Reached without spending the cheap diagonal (or with it already spent before).
        let keeps = !used || diagonal_used;
        let e = out.entry(p).or_insert(Reached {
            pose: p,
            cost,
            needs_diagonal: !keeps,
        });
        e.cost = e.cost.min(cost);
        if keeps {
            e.needs_diagonal = false;
        }
    }
    let mut v: Vec<Reached> = out.into_values().collect();
    v.sort_by_key(|r| (r.pose.front.1, r.pose.front.0, r.pose.facing.0));
    v
}

/// The facing of a model entering over edge square `e`: away from the edge.
pub fn entry_facing(board: &Board, e: Square) -> Option<Facing> {
    if e.row() == 0 {
        Some(Facing::NORTH)
    } else if e.row() + 1 == board.height() {
        Some(Facing::SOUTH)
    } else if e.col() == 0 {
        Some(Facing::EAST)
    } else if e.col() + 1 == board.width() {
        Some(Facing::WEST)
    } else {
        None
    }
}

fn rotations(p: Pose) -> Vec<Pose> {
    // The same 2 x 2 block seen from each facing: the front square is the block's corner at the
    // front left.
    let cells = p.cells(4);
    let (minx, miny) = (
        cells.iter().map(|c| c.0).min().unwrap_or(0),
        cells.iter().map(|c| c.1).min().unwrap_or(0),
    );
    [
        (Facing::NORTH, (minx, miny + 1)),
        (Facing::EAST, (minx + 1, miny + 1)),
        (Facing::SOUTH, (minx + 1, miny)),
        (Facing::WEST, (minx, miny)),
    ]
    .into_iter()
    .map(|(facing, front)| Pose { front, facing })
    .collect()
}

/// Whether one square of the model may step from `a` to `b`: the ground rules of one step, or in
/// the air anywhere but onto an enemy aircraft.
fn step_ok(board: &Board, occ: &Occupancy, mover: &Mover, medium: Medium<'_>, a: (i32, i32), b: (i32, i32)) -> bool {
    match (on_board(board, a), on_board(board, b), medium.rules()) {
        (Some(_), Some(y), None) => !matches!(medium, Medium::Air(enemy) if enemy.contains(&y)),
        (Some(x), Some(y), Some(rules)) => check_step_in(board, occ, mover, x, y, rules).is_ok(),
        _ => false,
    }
}

/// Whether one square of the model may pass through `s` (entering the board).
fn pass_ok(board: &Board, occ: &Occupancy, mover: &Mover, medium: Medium<'_>, s: Square) -> bool {
    match medium {
        Medium::Air(enemy) => !enemy.contains(&s),
        Medium::Ground(_) => medium.rules().is_some_and(|r| can_pass_by(board, occ, mover, s, r)),
    }
}

/// The poses one square away from `p`, and whether the square was diagonal.
fn steps(board: &Board, occ: &Occupancy, mover: &Mover, medium: Medium<'_>, squares: u8, p: Pose) -> Vec<(Pose, bool)> {
    let cells = p.cells(squares);
    let mut out = Vec::new();
    if squares >= 4 {
        if !p.fully_on(board, squares) && cells.iter().any(|&c| on_board(board, c).is_none()) {
            // Entering: only forwards, until the whole block is on.
            let (dx, dy) = Facing::STEPS[usize::from(p.facing.0 & 6)];
            let q = Pose {
                front: (p.front.0 + dx, p.front.1 + dy),
                facing: p.facing,
            };
            let ok = q.cells(squares).iter().zip(&cells).all(|(&n, &o)| {
                if on_board(board, o).is_some() {
                    step_ok(board, occ, mover, medium, o, n)
                } else {
                    on_board(board, n).is_some()
                }
            });
            if ok {
                out.push((q, false));
            }
            return out;
        }
        for (dx, dy) in Facing::STEPS {
            let q = Pose {
                front: (p.front.0 + dx, p.front.1 + dy),
                facing: p.facing,
            };
            // Every square of the block takes the step ("move that corner one square as usual").
            if cells.iter().all(|&c| step_ok(board, occ, mover, medium, c, (c.0 + dx, c.1 + dy))) {
                out.push((q, dx != 0 && dy != 0));
            }
        }
        return out;
    }
    // Large: one half leads, the other follows.
    for e in 0..cells.len().min(2) {
        let (lead, other) = (cells[e], cells[1 - e]);
        if on_board(board, lead).is_none() {
            continue;
        }
        for (dx, dy) in Facing::STEPS {
            let n = (lead.0 + dx, lead.1 + dy);
            if n == other || !step_ok(board, occ, mover, medium, lead, n) {
                continue;
            }
            let diagonal = dx != 0 && dy != 0;
            let followers: Vec<(i32, i32)> = if diagonal {
                // "into one of the intervening squares"
                [(lead.0 + dx, lead.1), (lead.0, lead.1 + dy)]
                    .into_iter()
                    .filter(|&i| i == other || (step_ok(board, occ, mover, medium, lead, i) && step_ok(board, occ, mover, medium, i, n)))
                    .collect()
            } else {
                // "into the adjacent square previously occupied by the model"
                vec![lead]
            };
            for x in followers {
                for (front, back) in [(n, x), (x, n)] {
                    let Some(facing) = axis_facing(back, front) else { continue };
                    out.push((Pose { front, facing }, diagonal));
                }
            }
        }
    }
    out
}

fn axis_facing(back: (i32, i32), front: (i32, i32)) -> Option<Facing> {
    match (front.0 - back.0, front.1 - back.1) {
        (0, 1) => Some(Facing::NORTH),
        (1, 0) => Some(Facing::EAST),
        (0, -1) => Some(Facing::SOUTH),
        (-1, 0) => Some(Facing::WEST),
        _ => None,
    }
}

/// The poses a reactive attack's Move may turn the model to ("The Move action can only be used
/// to rotate the model, and a Large Vehicle may not end the move further away from the
/// attacking unit than it started"): a large model turns about one of its squares onto a free
/// neighbour (or faces its other end), and its squares may end no further from `enemy` (the
/// activating unit's squares) than they started; a huge model faces any way in its four
/// squares. The start pose is included. A large aircraft (`flies`) turns in the air, onto a
/// square where it may be placed ([`can_land`]).
pub fn rotations_in_place(board: &Board, occ: &Occupancy, mover: &Mover, squares: u8, p: Pose, enemy: &[Square], flies: bool) -> Vec<Pose> {
    let dist = |sq: &[Square]| {
        sq.iter()
            .flat_map(|&a| enemy.iter().map(move |&b| range(a, b)))
            .min()
            .unwrap_or(u32::MAX)
    };
    if squares >= 4 {
        return rotations(p);
    }
    let before = dist(&p.squares(board, squares));
    let cells = p.cells(squares);
    let mut out = vec![p];
    for &pivot in &cells {
        for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let n = (pivot.0 + dx, pivot.1 + dy);
            let own = cells.contains(&n);
            // A large aircraft turns in the air: its new square is one where it may be placed.
            let free = own
                || if flies {
                    on_board(board, n).is_some_and(|s| can_land(board, occ, s, mover.side))
                } else {
                    step_ok(board, occ, mover, Medium::ground(), pivot, n)
                        && on_board(board, n).is_some_and(|s| can_arrive(board, occ, mover, s))
                };
            if !free {
                continue;
            }
            for (front, back) in [(pivot, n), (n, pivot)] {
                let Some(facing) = axis_facing(back, front) else { continue };
                let q = Pose { front, facing };
                if !out.contains(&q) && q.fully_on(board, squares) && dist(&q.squares(board, squares)) <= before {
                    out.push(q);
                }
            }
        }
    }
    out
}

/// The squares of a unit of `squares` squares standing with its front on `at`, facing `facing`
/// (one square for other units).
pub fn unit_squares(board: &Board, at: Square, facing: Facing, squares: u8) -> Vec<Square> {
    if squares <= 1 {
        return vec![at];
    }
    footprint(at, orthogonal(facing), squares)
        .into_iter()
        .filter(|&s| board.contains(s))
        .collect()
}
