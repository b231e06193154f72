//! Where a unit can move in one activation (tactics-revised-core-rules.md, "Movement Rules",
//! "Movement Points", "Spaces with Cover Elements", "Spaces with Other Units", "Moving Around
//! Corners", "Structures"; skills "Agile", "Fast", "Jump").
//!
//! Each move action has the unit's movement value in points (Fast adds one to one move action).
//! Orthogonal steps cost 1; the first diagonal of the activation costs 1 and every further one 2
//! (Agile: all diagonals 1). The search state is (space, first diagonal used), so the answer is
//! exact, and every reachable space comes with a path.

use crate::board::{Board, Edge, EntranceSize};
use crate::occupancy::Occupancy;
use crate::side::Side;
use crate::square::Square;
use crate::terrain::{CoverElement, PieceKind, Terrain};

/// The unit that moves and what helps it.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Mover {
    /// Where it starts.
    pub at: Square,
    /// Squad, hero or vehicle (a hero joined to a squad moves as a squad).
    pub kind: PieceKind,
    /// Its side: other units of this side are friends.
    pub side: Side,
    /// Movement points per move action (after Assault, Scout Vehicle or a joined hero).
    pub movement: u8,
    /// Move actions this activation: 1 or 2.
    pub actions: u8,
    /// Agile: every diagonal costs 1.
    pub agile: bool,
    /// Fast: one move action gets one more space.
    pub fast: bool,
    /// Jump: ignores obstacles, must land in an empty space.
    pub jump: bool,
}

/// Why one step is not allowed (for explanations and for checking a declared path).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum StepError {
    /// The step leaves the board or is not to a neighbouring space.
    NotAStep,
    /// The space cannot be entered by this unit.
    Impassable(Square, &'static str),
    /// A diagonal step past corners that forbid it.
    Corner(Square, Square),
    /// A structure wall (or an entrance too small) is in the way.
    Wall(Square, Square),
}

impl core::fmt::Display for StepError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StepError::NotAStep => f.write_str("moves go one space at a time to a neighbouring space on the board"),
            StepError::Impassable(s, why) => write!(f, "cannot enter {s}: {why}"),
            StepError::Corner(a, b) => write!(f, "cannot cut the corner from {a} to {b} (Moving Around Corners)"),
            StepError::Wall(a, b) => write!(f, "a structure wall (or an entrance too small) stands between {a} and {b}"),
        }
    }
}

const UNSEEN: u8 = u8::MAX;
const NO_PRED: u32 = u32::MAX;

/// Spaces a unit can reach this activation, with a path to each.
#[derive(Clone, Debug)]
pub struct Reach {
    width: u8,
    start: Square,
    /// Per variant (how Fast is spent) and per move action: cost and predecessor of each
    /// (space, diagonal used) state. Predecessors of action 2 sources point into action 1.
    phases: Vec<Phase>,
    /// For each space: (phase index, state) of the best way to end there.
    best: Vec<Option<(u16, u32)>>,
}

#[derive(Clone, Debug)]
struct Phase {
    dist: Vec<u8>,
    pred: Vec<u32>,
    /// Index of the phase that feeds this one, if any.
    parent: Option<u16>,
}

impl Reach {
    /// The spaces where the unit may end, the start excluded, A1 first row by row.
    pub fn squares(&self) -> Vec<Square> {
        let w = usize::from(self.width);
        (0..self.best.len())
            .filter(|&i| self.best[i].is_some())
            .map(|i| Square::new((i % w) as u8, (i / w) as u8))
            .filter(|&s| s != self.start)
            .collect()
    }
    /// Whether the unit may end in `s`.
    pub fn contains(&self, s: Square) -> bool {
        s != self.start && self.best.get(self.idx(s)).is_some_and(Option::is_some)
    }
    fn idx(&self, s: Square) -> usize {
        usize::from(s.row()) * usize::from(self.width) + usize::from(s.col())
    }
    /// A path from the start to `s` (both included), or `None` if `s` is not reachable.
    /// The square where the first move action ends appears in the path like any other.
    pub fn path(&self, s: Square) -> Option<Vec<Square>> {
        if !self.contains(s) {
            return None;
        }
        let (mut ph, mut st) = self.best[self.idx(s)]?;
        let w = usize::from(self.width);
        let mut out = Vec::new();
        loop {
            let sqi = (st / 2) as usize;
            let sq = Square::new((sqi % w) as u8, (sqi / w) as u8);
            if out.last() != Some(&sq) {
                out.push(sq);
            }
            let phase = &self.phases[usize::from(ph)];
            let p = phase.pred[st as usize];
            if p == NO_PRED {
                match phase.parent {
                    // The source of this action: its state is the end of the parent action.
                    Some(parent) => ph = parent,
                    None => break,
                }
            } else {
                st = p;
            }
        }
        out.reverse();
        Some(out)
    }
    /// Movement points spent on the way to `s` by the best path (sum over move actions).
    pub fn cost(&self, s: Square) -> Option<u32> {
        let (mut ph, st) = self.best[self.idx(s)]?;
        let mut total = u32::from(self.phases[usize::from(ph)].dist[st as usize]);
        let mut src = st;
        // Walk back to this phase's source state, then add the parent's cost at that state.
        while let Some(parent) = self.phases[usize::from(ph)].parent {
            let phase = &self.phases[usize::from(ph)];
            while phase.pred[src as usize] != NO_PRED {
                src = phase.pred[src as usize];
            }
            ph = parent;
            total += u32::from(self.phases[usize::from(ph)].dist[src as usize]);
        }
        Some(total)
    }
}

/// What the mover may enter while moving, and where it may stop.
struct Rules<'a> {
    board: &'a Board,
    occ: &'a Occupancy,
    m: Mover,
}

impl Rules<'_> {
    fn vehicle(&self) -> bool {
        self.m.kind == PieceKind::Vehicle
    }
    /// Can the mover pass through `s` (the start always)?
    fn enter(&self, s: Square) -> Result<(), &'static str> {
        let t = self.board.terrain(s);
        if t == Terrain::NoDot {
            return Err("it has no dot");
        }
        if s == self.m.at {
            return Ok(());
        }
        let cell = self.occ.at(s);
        if self.m.jump {
            // "Units cannot jump over a space without a dot (a terrain square or a vehicle)."
            if cell.has_vehicle() {
                return Err("a vehicle stands there and cannot be jumped over");
            }
            return Ok(());
        }
        if t == Terrain::Water {
            return Err("deep water blocks movement");
        }
        if self.vehicle() && t == Terrain::Rubble {
            return Err("rubble blocks vehicles");
        }
        if self.vehicle() && self.board.cover(s) == Some(CoverElement::AntiTankTrap) {
            return Err("vehicles cannot enter a space with an anti-tank trap");
        }
        if cell.has_side(self.m.side.other()) {
            return Err("an enemy unit stands there");
        }
        if self.vehicle() && (cell.has_soldier() || cell.has_vehicle()) {
            return Err("a vehicle cannot pass through a friendly unit");
        }
        Ok(())
    }
    /// Can the mover end a move action in `s` (having been able to enter it)?
    fn stop(&self, s: Square) -> bool {
        if s == self.m.at {
            return true;
        }
        let t = self.board.terrain(s);
        if t == Terrain::Water || (self.vehicle() && (t == Terrain::Rubble || self.board.cover(s) == Some(CoverElement::AntiTankTrap))) {
            return false;
        }
        let cell = self.occ.at(s);
        if self.m.jump {
            // Jump: "it must land in an empty space".
            return cell.is_empty();
        }
        if cell.has_side(self.m.side.other()) {
            return false;
        }
        match self.m.kind {
            // Heroes may share a space with any friendly unit ("Heroes").
            PieceKind::Hero => true,
            // Others share only with friendly heroes (docs/rulings.md).
            PieceKind::Squad => cell.is_empty() || cell.only_heroes(),
            PieceKind::Vehicle => cell.is_empty(),
        }
    }
    /// Can the mover cross the edge between orthogonal neighbours?
    fn cross(&self, a: Square, b: Square) -> bool {
        match self.board.edge(a, b) {
            Edge::Open => true,
            Edge::Wall => self.m.jump && !self.vehicle(),
            Edge::Entrance(EntranceSize::Large) => true,
            Edge::Entrance(EntranceSize::Small) => !self.vehicle() || (self.m.jump && !self.vehicle()),
        }
    }
    /// Is the side space `c` of a diagonal step an impassable corner for this mover?
    fn corner_blocked(&self, a: Square, c: Square, b: Square) -> bool {
        let soldier_jumper = self.m.jump && !self.vehicle();
        if !soldier_jumper && (self.board.edge(a, c) != Edge::Open || self.board.edge(c, b) != Edge::Open) {
            return true;
        }
        if self.board.terrain(c) == Terrain::NoDot {
            return true;
        }
        let cell = self.occ.at(c);
        if self.m.jump {
            return cell.has_vehicle();
        }
        if cell.has_side(self.m.side.other()) {
            return true;
        }
        self.vehicle() && self.board.cover(c) == Some(CoverElement::AntiTankTrap)
    }
    /// Whether the step from `a` to neighbour `b` is allowed (terrain of `b` aside).
    fn step(&self, a: Square, b: Square) -> Result<(), StepError> {
        let dc = i32::from(b.col()) - i32::from(a.col());
        let dr = i32::from(b.row()) - i32::from(a.row());
        if !self.board.contains(b) || dc.abs() > 1 || dr.abs() > 1 || (dc, dr) == (0, 0) {
            return Err(StepError::NotAStep);
        }
        if dc == 0 || dr == 0 {
            if !self.cross(a, b) {
                return Err(StepError::Wall(a, b));
            }
        } else {
            let soldier_jumper = self.m.jump && !self.vehicle();
            // Structures are entered and left orthogonally, through an entrance (docs/rulings.md).
            if !soldier_jumper && self.board.structure_at(a) != self.board.structure_at(b) {
                return Err(StepError::Corner(a, b));
            }
            let c1 = Square::new(b.col(), a.row());
            let c2 = Square::new(a.col(), b.row());
            let (k1, k2) = (self.corner_blocked(a, c1, b), self.corner_blocked(a, c2, b));
            let ok = if self.vehicle() { !k1 && !k2 } else { !(k1 && k2) };
            if !ok {
                return Err(StepError::Corner(a, b));
            }
        }
        self.enter(b).map_err(|why| StepError::Impassable(b, why))
    }
}

/// Every space the unit can end its activation in, with paths.
pub fn reach(board: &Board, occ: &Occupancy, mover: &Mover) -> Reach {
    let rules = Rules { board, occ, m: *mover };
    let n = board.len();
    let base = mover.movement;
    let variants: Vec<Vec<u8>> = match (mover.actions.max(1), mover.fast) {
        (1, false) => vec![vec![base]],
        (1, true) => vec![vec![base + 1]],
        (_, false) => vec![vec![base, base]],
        (_, true) => vec![vec![base + 1, base], vec![base, base + 1]],
    };
    let mut phases: Vec<Phase> = Vec::new();
    let mut best: Vec<Option<(u16, u32)>> = vec![None; n];
    let mut best_cost = vec![u32::MAX; n];
    let start_state = (board.index(mover.at) * 2) as u32;
    for budgets in variants {
        let mut sources: Vec<(u32, u32)> = vec![(start_state, 0)]; // (state, cost so far)
        let mut parent: Option<u16> = None;
        for &budget in &budgets {
            let phase = run_phase(&rules, &sources, budget, parent);
            let id = phases.len() as u16;
            let mut next = Vec::new();
            for st in 0..phase.dist.len() {
                let d = phase.dist[st];
                if d == UNSEEN {
                    continue;
                }
                let sqi = st / 2;
                let s = board.square_at(sqi);
                if !rules.stop(s) {
                    continue;
                }
                let src_cost = sources.iter().find(|(x, _)| *x == root(&phase, st as u32)).map_or(0, |&(_, c)| c);
                let total = src_cost + u32::from(d);
                next.push((st as u32, total));
                if total < best_cost[sqi] {
                    best_cost[sqi] = total;
                    best[sqi] = Some((id, st as u32));
                }
            }
            phases.push(phase);
            parent = Some(id);
            sources = next;
        }
    }
    Reach { width: board.width(), start: mover.at, phases, best }
}

fn root(phase: &Phase, mut st: u32) -> u32 {
    while phase.pred[st as usize] != NO_PRED {
        st = phase.pred[st as usize];
    }
    st
}

fn run_phase(rules: &Rules<'_>, sources: &[(u32, u32)], budget: u8, parent: Option<u16>) -> Phase {
    let n2 = rules.board.len() * 2;
    let mut dist = vec![UNSEEN; n2];
    let mut pred = vec![NO_PRED; n2];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); usize::from(budget) + 1];
    for &(st, _) in sources {
        dist[st as usize] = 0;
        buckets[0].push(st);
    }
    for cost in 0..=usize::from(budget) {
        let mut i = 0;
        while i < buckets[cost].len() {
            let st = buckets[cost][i];
            i += 1;
            if usize::from(dist[st as usize]) != cost {
                continue;
            }
            let a = rules.board.square_at((st / 2) as usize);
            let diag_used = st & 1 == 1;
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let Some(b) = a.offset(dc, dr).filter(|&b| rules.board.contains(b)) else { continue };
                let diagonal = dc != 0 && dr != 0;
                let step_cost = if !diagonal || rules.m.agile || !diag_used { 1 } else { 2 };
                let nc = cost + step_cost;
                if nc > usize::from(budget) {
                    continue;
                }
                if rules.step(a, b).is_err() {
                    continue;
                }
                let ns = (rules.board.index(b) * 2) as u32 + u32::from(diag_used || diagonal);
                if usize::from(dist[ns as usize]) > nc {
                    dist[ns as usize] = nc as u8;
                    pred[ns as usize] = st;
                    buckets[nc].push(ns);
                }
            }
        }
    }
    Phase { dist, pred, parent }
}

/// Checks one step of a declared path, with the reason it is refused.
///
/// # Errors
/// [`StepError`] says why the step is not allowed.
pub fn check_step(board: &Board, occ: &Occupancy, mover: &Mover, from: Square, to: Square) -> Result<(), StepError> {
    Rules { board, occ, m: *mover }.step(from, to)
}

/// Whether the mover may end a move action in `s`.
pub fn can_stop(board: &Board, occ: &Occupancy, mover: &Mover, s: Square) -> bool {
    let r = Rules { board, occ, m: *mover };
    r.enter(s).is_ok() && r.stop(s)
}
