//! Where a unit can move in one activation (tactics-revised-core-rules.md, "Movement Rules",
//! "Movement Points", "Spaces with Cover Elements", "Spaces with Other Units", "Moving Around
//! Corners", "Structures"; skills "Agile", "Fast", "Jump").
//!
//! Each move action has the unit's movement value in points (Fast adds one to one move action).
//! Orthogonal steps cost 1; the first diagonal of the activation costs 1 and every further one 2
//! (Agile: all diagonals 1). The search state is (space, first diagonal used), so the answer is
//! exact, and every reachable space comes with a path.

use crate::board::{Board, Edge, EntranceSize, StructureId, NO_DOT, ON_BOARD, RUBBLE, SWAMP, TRAP, WATER};
use crate::edition::Edition;
use crate::occupancy::Occupancy;
use crate::side::Side;
use crate::spaceset::{put, words_for, Bits, LARGE_WORDS};
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

const UNSEEN: u16 = u16::MAX;
const NO_PRED: u32 = u32::MAX;

/// One search state (a space, and whether the activation's first diagonal is used) in one
/// move action.
#[derive(Copy, Clone, Debug)]
struct State {
    /// Points spent in this move action to get here.
    dist: u16,
    /// Points spent in the whole activation along the recorded path.
    total: u16,
    /// Previous state in this move action; `NO_PRED` for the action's starting state, whose
    /// path continues in the parent action.
    pred: u32,
}

const UNSEEN_STATE: State = State {
    dist: UNSEEN,
    total: UNSEEN,
    pred: NO_PRED,
};

/// Spaces a unit can reach this activation, with a path to each.
#[derive(Clone, Debug)]
pub struct Reach {
    width: u8,
    start: Square,
    /// Number of states per move action: two per space.
    n2: usize,
    /// For each searched move action (per way Fast is spent), the one that feeds it.
    parents: Vec<Option<u16>>,
    /// `parents.len() * n2` states, one block per move action.
    states: Vec<State>,
    /// For each space: (move action, state) of the cheapest way to end there.
    best: Vec<Option<(u16, u32)>>,
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
        s != self.start && s.col() < self.width && self.best.get(self.idx(s)).is_some_and(Option::is_some)
    }
    fn idx(&self, s: Square) -> usize {
        usize::from(s.row()) * usize::from(self.width) + usize::from(s.col())
    }
    fn state(&self, phase: u16, st: u32) -> State {
        self.states[usize::from(phase) * self.n2 + st as usize]
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
            let p = self.state(ph, st).pred;
            if p == NO_PRED {
                match self.parents[usize::from(ph)] {
                    // The start of this action: its state is the end of the parent action.
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
    /// Movement points spent on the way to `s` by the recorded path (sum over move actions);
    /// `None` when `s` is not reachable.
    pub fn cost(&self, s: Square) -> Option<u32> {
        if !self.contains(s) {
            return None;
        }
        let (ph, st) = self.best[self.idx(s)]?;
        Some(u32::from(self.state(ph, st).total))
    }
}

/// The rules a movement search follows beyond the [`Mover`]: the edition's, and whether a
/// vehicle walks. `MoveRules::from(edition)` for a unit that does not walk.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct MoveRules<'a> {
    /// The battlefront edition counts every space the mover cannot enter as an impassable
    /// corner (tactics-battlefront-2013-rules.txt, "Moving Around Corners").
    pub edition: Edition,
    /// A walker vehicle: in the battlefront edition it enters rubble ("Rubble Squares":
    /// "Wheeled and Tracked Vehicle units cannot enter a rubble square. Other units (including
    /// Infantry and Walker Vehicle units) can"). Ignored in the revised edition and for soldiers.
    pub walker: bool,
    /// A revised-edition aircraft: deep water, rubble and spaces without a dot do not block it
    /// (tactics-revised-core-rules.md, "Terrain Types": "This terrain type does not block
    /// aircraft movement"), it never enters a structure ("General Structure Rules": "Aircraft
    /// cannot enter any type of structure"), and it ends its move over water or rubble but not
    /// on a space without a dot (docs/rulings.md, "Aircraft over terrain"). Otherwise it moves
    /// as a vehicle. Ignored in the battlefront edition, where aircraft fly
    /// ([`fly_reach`]).
    pub aircraft: bool,
    /// The squares of the enemy aircraft, which infantry and vehicles pass and may end in, in the
    /// battlefront edition ("Moving Through Other Units": they "cannot enter or pass through a
    /// square occupied by an enemy Infantry or Vehicle unit, but can enter a square occupied by
    /// an enemy Aircraft unit"); such a square is still a
    /// corner ("Moving Around Corners": "a square occupied by an enemy unit").
    pub under: &'a [Square],
}

impl From<Edition> for MoveRules<'_> {
    fn from(edition: Edition) -> Self {
        MoveRules {
            edition,
            ..MoveRules::default()
        }
    }
}

/// What the mover may enter while moving, and where it may stop.
struct Rules<'a> {
    board: &'a Board,
    occ: &'a Occupancy,
    m: Mover,
    /// The edition's rules, the walker, the squares under enemy aircraft ([`MoveRules`]).
    rules: MoveRules<'a>,
    /// The space the mover stands on, which it may always pass and stop on; `None` for a unit
    /// that is not on the board (entering).
    start: Option<Square>,
}

impl<'a> Rules<'a> {
    /// The rules for a mover standing on `mover.at`.
    fn new(board: &'a Board, occ: &'a Occupancy, mover: &Mover) -> Rules<'a> {
        Rules {
            board,
            occ,
            m: *mover,
            rules: MoveRules::default(),
            start: Some(mover.at),
        }
    }
    /// The rules of an edition (and walker).
    fn of(self, rules: impl Into<MoveRules<'a>>) -> Rules<'a> {
        Rules {
            rules: rules.into(),
            ..self
        }
    }
    /// Whether the battlefront corners apply: "An Infantry unit can move diagonally across a
    /// corner around a square occupied by an enemy unit or containing terrain they cannot
    /// enter, but cannot move diagonally between two such squares. A Vehicle cannot move
    /// diagonally across a corner around a square occupied by an enemy unit or containing
    /// terrain it cannot enter." (tactics-battlefront-2013-rules.txt, "Moving Around Corners").
    fn bf(&self) -> bool {
        self.rules.edition == Edition::Battlefront
    }
    fn vehicle(&self) -> bool {
        self.m.kind == PieceKind::Vehicle
    }
    /// A revised-edition aircraft ([`MoveRules::aircraft`]).
    fn flies(&self) -> bool {
        self.rules.aircraft && !self.bf()
    }
    /// Whether an enemy aircraft is in `s`, which the mover may enter and pass (battlefront
    /// "Moving Through Other Units": infantry and vehicles "can enter a square occupied by an
    /// enemy Aircraft unit").
    fn under_aircraft(&self, s: Square) -> bool {
        self.bf() && self.rules.under.contains(&s)
    }
    /// Battlefront "Jump": the jumper "can move over any square as if it was open terrain",
    /// structure squares included.
    fn bf_jump(&self) -> bool {
        self.bf() && self.m.jump
    }
    /// Whether a friend in `cell` keeps this vehicle from passing: in the battlefront edition a
    /// friendly vehicle only ("A Vehicle unit cannot pass through a friendly Vehicle unit, but
    /// other than that, any unit may pass through a friendly unit"); in the revised edition any
    /// friend.
    fn friend_blocks_vehicle(&self, cell: crate::occupancy::Cell) -> bool {
        self.vehicle()
            && if self.bf() {
                cell.has(PieceKind::Vehicle, self.m.side)
            } else {
                cell.has_side(self.m.side)
            }
    }
    /// A battlefront walker vehicle: rubble does not stop it.
    fn walks(&self) -> bool {
        self.bf() && self.rules.walker && self.vehicle()
    }
    /// Whether terrain `t` keeps this mover out because it is a vehicle: rubble (not for a
    /// battlefront walker), swamp, and what keeps everyone out.
    fn keeps_vehicle_out(&self, t: Terrain) -> bool {
        self.vehicle() && !t.lets_vehicles_in() && !(t == Terrain::Rubble && self.walks())
    }
    /// Can the mover pass through `s` (the start always)?
    fn enter(&self, s: Square) -> Result<(), &'static str> {
        if Some(s) == self.start && self.board.terrain(s) != Terrain::NoDot {
            return Ok(());
        }
        self.enter_other(s)
    }
    /// Can the mover pass through `s`, a space it does not stand on?
    fn enter_other(&self, s: Square) -> Result<(), &'static str> {
        let t = self.board.terrain(s);
        if self.flies() {
            return self.fly_over(s);
        }
        if t == Terrain::NoDot && !self.bf_jump() {
            return Err("it has no dot");
        }
        let cell = self.occ.at(s);
        if self.m.jump {
            // "Units cannot jump over a space without a dot (a terrain square or a vehicle)";
            // a battlefront jumper leaps over structure squares and passes under an enemy
            // aircraft as every unit on the ground does.
            if cell.has_vehicle() && !self.under_aircraft(s) {
                return Err("a vehicle stands there and cannot be jumped over");
            }
            return Ok(());
        }
        if t == Terrain::Water {
            return Err("deep water blocks movement");
        }
        if self.vehicle() && t == Terrain::Rubble && !self.walks() {
            return Err("rubble blocks vehicles (walkers excepted in the battlefront edition)");
        }
        if self.vehicle() && t == Terrain::Swamp {
            return Err("vehicles cannot enter a swamp square");
        }
        if self.vehicle() && self.board.cover(s) == Some(CoverElement::AntiTankTrap) {
            return Err("vehicles cannot enter a space with an anti-tank trap");
        }
        if cell.has_side(self.m.side.other()) && !self.under_aircraft(s) {
            return Err("an enemy unit stands there");
        }
        if self.friend_blocks_vehicle(cell) {
            return Err("a vehicle cannot pass through a friendly vehicle (nor, in the revised edition, any friendly unit)");
        }
        Ok(())
    }
    /// [`Rules::enter_other`] for a revised aircraft: terrain does not stop it; a structure, an
    /// anti-tank trap and units do, as for a vehicle.
    fn fly_over(&self, s: Square) -> Result<(), &'static str> {
        if self.board.structure_at(s).is_some() {
            return Err("aircraft cannot enter a structure");
        }
        if self.board.cover(s) == Some(CoverElement::AntiTankTrap) {
            return Err("vehicles cannot enter a space with an anti-tank trap");
        }
        let cell = self.occ.at(s);
        if cell.has_side(self.m.side.other()) {
            return Err("an enemy unit stands there");
        }
        if cell.has_side(self.m.side) {
            return Err("a vehicle cannot pass through a friendly unit");
        }
        Ok(())
    }
    /// Can the mover end a move action in `s` (having been able to enter it)? Its own start
    /// always: it stands there already.
    fn stop(&self, s: Square) -> bool {
        Some(s) == self.start || self.stop_other(s)
    }
    /// Can the mover end a move action in `s`, a space it does not stand on?
    fn stop_other(&self, s: Square) -> bool {
        let t = self.board.terrain(s);
        if self.flies() {
            return t != Terrain::NoDot && self.fly_over(s).is_ok() && self.occ.at(s).is_empty();
        }
        if t == Terrain::NoDot
            || t == Terrain::Water
            || self.keeps_vehicle_out(t)
            || (self.vehicle() && self.board.cover(s) == Some(CoverElement::AntiTankTrap))
        {
            return false;
        }
        let cell = self.occ.at(s);
        if self.under_aircraft(s) {
            // Battlefront: a unit on the ground may end its move under an enemy aircraft ("can
            // enter a square occupied by an enemy Aircraft unit"), never with a friend ("it
            // cannot end its move in the same square as another friendly unit"; a friendly
            // hero excepted for a squad, as elsewhere).
            return match self.m.kind {
                // A jumper "must land in an empty space": the aircraft above aside.
                _ if self.m.jump => !cell.has_side(self.m.side),
                PieceKind::Hero => true,
                PieceKind::Squad => !cell.has(PieceKind::Squad, self.m.side) && !cell.has(PieceKind::Vehicle, self.m.side),
                PieceKind::Vehicle => !cell.has_side(self.m.side),
            };
        }
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
            // Others share only with friendly heroes (docs/rulings.md, "Ending a move and sharing
            // spaces").
            PieceKind::Squad => cell.is_empty() || cell.only_heroes(),
            PieceKind::Vehicle => cell.is_empty(),
        }
    }
    /// Can the mover cross the edge between orthogonal neighbours?
    fn cross(&self, a: Square, b: Square) -> bool {
        crosses(self.board.edge(a, b), self.vehicle(), self.m.jump && !self.vehicle())
    }
    /// Is the side space `c` of a diagonal step from `a` to `b` an impassable corner for this
    /// mover?
    fn corner_blocked(&self, a: Square, c: Square, b: Square) -> bool {
        let soldier_jumper = self.m.jump && !self.vehicle();
        if !soldier_jumper && (self.board.edge(a, c) != Edge::Open || self.board.edge(c, b) != Edge::Open) {
            return true;
        }
        self.corner_space_blocked(c)
    }
    /// The part of [`Rules::corner_blocked`] that depends on the corner space alone.
    fn corner_space_blocked(&self, c: Square) -> bool {
        let cell = self.occ.at(c);
        if self.flies() {
            return cell.has_side(self.m.side.other()) || self.board.cover(c) == Some(CoverElement::AntiTankTrap);
        }
        if self.bf_jump() {
            // Battlefront "Jump": every square is open terrain to a jumper.
            return cell.has_vehicle() && !self.under_aircraft(c);
        }
        if self.board.terrain(c) == Terrain::NoDot {
            return true;
        }
        if self.m.jump {
            return cell.has_vehicle();
        }
        if cell.has_side(self.m.side.other()) {
            return true;
        }
        if self.bf() && self.bf_corner_terrain(self.board.terrain(c)) {
            return true;
        }
        self.vehicle() && self.board.cover(c) == Some(CoverElement::AntiTankTrap)
    }
    /// Battlefront: terrain the mover cannot enter, a corner it cannot cut ("Moving Around
    /// Corners"): deep water for everyone, rubble and swamp for vehicles too (spaces without a
    /// dot are corners in both editions).
    fn bf_corner_terrain(&self, t: Terrain) -> bool {
        t == Terrain::Water || self.keeps_vehicle_out(t)
    }
    /// The `spaces` flags of `s`: `ENTER` when [`Rules::enter`] allows it, `CORNER` when
    /// [`Rules::corner_space_blocked`] says so, worked out from one look at the space (the
    /// searches ask this for every space they meet; a test checks the steps they allow against
    /// [`Rules::step`]).
    #[inline]
    fn flags(&self, s: Square) -> u8 {
        let t = self.board.terrain(s);
        let cell = self.occ.at(s);
        if self.flies() {
            let corner = cell.has_side(self.m.side.other()) || self.board.cover(s) == Some(CoverElement::AntiTankTrap);
            let mut f = KNOWN;
            if self.fly_over(s).is_ok() || (Some(s) == self.start && t != Terrain::NoDot) {
                f |= ENTER;
            }
            if corner {
                f |= CORNER;
            }
            return f;
        }
        if t == Terrain::NoDot && !self.bf_jump() {
            return KNOWN | CORNER;
        }
        let vehicle = self.vehicle();
        let enemy = cell.has_side(self.m.side.other());
        let trap = vehicle && self.board.cover(s) == Some(CoverElement::AntiTankTrap);
        let under = self.under_aircraft(s);
        let (enter, corner) = if self.m.jump {
            let jumped = cell.has_vehicle() && !under;
            (!jumped, jumped)
        } else {
            let blocked = t == Terrain::Water || self.keeps_vehicle_out(t) || trap || (enemy && !under) || self.friend_blocks_vehicle(cell);
            (!blocked, enemy || trap || (self.bf() && self.bf_corner_terrain(t)))
        };
        let mut f = KNOWN;
        if enter || Some(s) == self.start {
            f |= ENTER;
        }
        if corner {
            f |= CORNER;
        }
        f
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
            // Structures are entered and left orthogonally, through an entrance (docs/rulings.md,
            // "Diagonal moves and structures").
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

/// The eight steps, as (column, row) deltas; bit `i` of a move mask is step `i`.
const STEPS: [(i32, i32); 8] = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// For each diagonal step `STEPS[4 + i]`, the orthogonal steps to its two corners: the column
/// move alone, then the row move alone.
const DIAGONAL_CORNERS: [(usize, usize); 4] = [(1, 0), (1, 2), (3, 0), (3, 2)];

/// Every space the unit can end its activation in, with paths.
///
/// Each move action is a Dijkstra search (by buckets, steps cost 1 or 2) over states (space,
/// first diagonal used); the second action starts from every state where the first may end.
/// With Fast and two actions both ways of spending the extra point are searched. A jumping unit
/// jumps once across both actions: only the end of the activation must be a landing space
/// (docs/rulings.md, "Jump across two move actions").
pub fn reach(board: &Board, occ: &Occupancy, mover: &Mover) -> Reach {
    reach_after(board, occ, mover, false)
}

/// Like [`reach`], for a move action that follows another move action of the same activation:
/// when `diagonal_used` is true the activation's first (cheap) diagonal is already spent, so every
/// diagonal costs 2 ("Movement Points": "For each activation, a unit's first diagonal movement
/// costs one movement point").
pub fn reach_after(board: &Board, occ: &Occupancy, mover: &Mover, diagonal_used: bool) -> Reach {
    reach_after_in(board, occ, mover, diagonal_used, Edition::Revised)
}

/// [`reach_after`] by the movement rules of `edition` (the battlefront edition's corners:
/// tactics-battlefront-2013-rules.txt, "Moving Around Corners").
pub fn reach_after_in<'a>(
    board: &'a Board,
    occ: &'a Occupancy,
    mover: &Mover,
    diagonal_used: bool,
    edition: impl Into<MoveRules<'a>>,
) -> Reach {
    let rules = Rules::new(board, occ, mover).of(edition);
    let n = board.len();
    let n2 = n * 2;
    let base = mover.movement;
    let plus = base.saturating_add(1);
    let (variants, nv): ([[u8; 2]; 2], usize) = match (mover.actions.max(1), mover.fast) {
        (1, false) => ([[base, 0], [0, 0]], 1),
        (1, true) => ([[plus, 0], [0, 0]], 1),
        (_, false) => ([[base, base], [0, 0]], 1),
        (_, true) => ([[plus, base], [base, plus]], 2),
    };
    let actions = if mover.actions.max(1) == 1 { 1 } else { 2 };
    let mut r = Reach {
        width: board.width(),
        start: mover.at,
        n2,
        parents: Vec::with_capacity(nv * actions),
        states: vec![UNSEEN_STATE; nv * actions * n2],
        best: vec![None; n],
    };
    let mut best_total = vec![u16::MAX; n];
    // Allowed steps out of each space, worked out the first time the space is expanded:
    // bit 8 set = known, bits 0..8 = allowed steps (see STEPS).
    let mut moves = vec![0u16; n];
    let mut spaces = vec![0u8; n];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); usize::from(plus) + 1];
    let mut touched: Vec<u32> = Vec::new();
    // (state, points spent so far in the activation).
    let mut sources: Vec<(u32, u16)> = Vec::new();
    let mut next: Vec<(u32, u16)> = Vec::new();
    let start_state = (board.index(mover.at) * 2) as u32 + u32::from(diagonal_used);
    let w = i64::from(board.width());
    for budgets in &variants[..nv] {
        sources.clear();
        sources.push((start_state, 0));
        let mut parent: Option<u16> = None;
        for &budget in &budgets[..actions] {
            let id = r.parents.len() as u16;
            r.parents.push(parent);
            let block = usize::from(id) * n2;
            let ph = &mut r.states[block..block + n2];
            touched.clear();
            for &(st, total) in &sources {
                ph[st as usize] = State {
                    dist: 0,
                    total,
                    pred: NO_PRED,
                };
                touched.push(st);
                buckets[0].push(st);
            }
            for cost in 0..=usize::from(budget) {
                let mut i = 0;
                while i < buckets[cost].len() {
                    let st = buckets[cost][i];
                    i += 1;
                    let cur = ph[st as usize];
                    if usize::from(cur.dist) != cost {
                        continue;
                    }
                    if cost >= usize::from(budget) {
                        // No point left for any step.
                        continue;
                    }
                    let ai = (st / 2) as usize;
                    let a = Square::new((ai % usize::from(board.width())) as u8, (ai / usize::from(board.width())) as u8);
                    if moves[ai] & 0x100 == 0 {
                        moves[ai] = 0x100 | step_mask(&rules, &mut spaces, a);
                    }
                    let mask = moves[ai];
                    let diag_used = st & 1 == 1;
                    for (k, &(dc, dr)) in STEPS.iter().enumerate() {
                        if mask & (1 << k) == 0 {
                            continue;
                        }
                        let diagonal = k >= 4;
                        let step_cost = if !diagonal || rules.m.agile || !diag_used { 1 } else { 2 };
                        let nc = cost + step_cost;
                        if nc > usize::from(budget) {
                            continue;
                        }
                        let bi = (ai as i64 + i64::from(dr) * w + i64::from(dc)) as u32;
                        let ns = bi * 2 + u32::from(diag_used || diagonal);
                        let slot = &mut ph[ns as usize];
                        if usize::from(slot.dist) > nc {
                            if slot.dist == UNSEEN {
                                touched.push(ns);
                            }
                            *slot = State {
                                dist: nc as u16,
                                total: cur.total + step_cost as u16,
                                pred: st,
                            };
                            buckets[nc].push(ns);
                        }
                    }
                }
                buckets[cost].clear();
            }
            // Where this action may end; a jumper may also go on jumping.
            next.clear();
            for &st in &touched {
                let sqi = (st / 2) as usize;
                let s = Square::new((sqi % usize::from(board.width())) as u8, (sqi / usize::from(board.width())) as u8);
                let stop = rules.stop(s);
                let total = ph[st as usize].total;
                if stop && total < best_total[sqi] {
                    best_total[sqi] = total;
                    r.best[sqi] = Some((id, st));
                }
                if stop || mover.jump {
                    next.push((st, total));
                }
            }
            core::mem::swap(&mut sources, &mut next);
            parent = Some(id);
        }
    }
    r
}

/// The spaces where the mover may end its activation: the same list as
/// `reach_after(board, occ, mover, diagonal_used).squares()` (checked by a test), without the
/// paths. A mover with one move action (what the engine asks for every move action it offers)
/// is searched with small buffers and no path records; any other goes through [`reach_after`].
pub fn reach_squares(board: &Board, occ: &Occupancy, mover: &Mover, diagonal_used: bool) -> Vec<Square> {
    reach_squares_in(board, occ, mover, diagonal_used, Edition::Revised)
}

/// [`reach_squares`] by the movement rules of `edition`: the same list as
/// `reach_after_in(board, occ, mover, diagonal_used, edition).squares()`.
pub fn reach_squares_in<'a>(
    board: &'a Board,
    occ: &'a Occupancy,
    mover: &Mover,
    diagonal_used: bool,
    edition: impl Into<MoveRules<'a>>,
) -> Vec<Square> {
    let edition = edition.into();
    if mover.actions.max(1) != 1 {
        return reach_after_in(board, occ, mover, diagonal_used, edition).squares();
    }
    let rules = Rules::new(board, occ, mover).of(edition);
    one_action(&rules, &[mover.at], diagonal_used)
}

/// Where a unit that is not on the board may end the move action that brings it in ("Unit
/// Entry"), A1 first, row by row: an entry square it may pass and stop on, or a space it reaches
/// from an entry square it may pass with `mover.movement` points (Fast adds one; the caller has
/// taken off the point the entry square costs). `mover.at` is ignored and the unit has one
/// move action. The same list as the union over the entry squares `e` that
/// [`can_pass`] of `e` if [`can_arrive`] and of [`reach_after`] from `e` (checked by a test),
/// found in one search.
pub fn entry_squares(board: &Board, occ: &Occupancy, mover: &Mover, entries: &[Square]) -> Vec<Square> {
    entry_squares_in(board, occ, mover, entries, Edition::Revised)
}

/// [`entry_squares`] by the movement rules of `edition`.
pub fn entry_squares_in<'a>(
    board: &'a Board,
    occ: &'a Occupancy,
    mover: &Mover,
    entries: &[Square],
    edition: impl Into<MoveRules<'a>>,
) -> Vec<Square> {
    let mover = Mover { actions: 1, ..*mover };
    let rules = Rules {
        start: None,
        ..Rules::new(board, occ, &mover).of(edition)
    };
    let starts: Vec<Square> = entries
        .iter()
        .copied()
        .filter(|&e| board.contains(e) && rules.enter_other(e).is_ok())
        .collect();
    one_action(&rules, &starts, false)
}

/// The spaces where one move action of `rules.m` from any of `starts` (on the board) may end
/// ([`Rules::stop_other`]; the mover's own space left out), A1 first, row by row: a Dijkstra search over states (space, first diagonal
/// used) with `movement` points, one more with Fast, by cost levels, each level a bit set of the
/// part of the board within reach (steps cost 1 or 2, so levels are final in order). The steps it allows are those
/// of [`Rules::step`] (a test compares it with [`reach_after`], which steps one by one).
fn one_action(rules: &Rules<'_>, starts: &[Square], diagonal_used: bool) -> Vec<Square> {
    if rules.flies() {
        return one_action_by_steps(rules, starts, diagonal_used);
    }
    // One point from the space the mover stands on (most move actions the engine offers, and
    // the searches behind Fast and the first diagonal): the steps out of that space decide it,
    // without whole-board sets.
    if let [start] = *starts {
        let budget = if rules.m.fast {
            rules.m.movement.saturating_add(1)
        } else {
            rules.m.movement
        };
        if budget == 1 && rules.start == Some(start) {
            return one_step(rules, start, diagonal_used);
        }
    }
    // Only the words holding the spaces within reach of a start: each step moves a space's
    // number by at most `width + 1`, so `budget` points stay within `budget * (width + 1)` of
    // it. As few words as that window needs (a move of 2 on the shipped boards: 2 or 3 of the
    // board's 6), so that no work is wasted.
    let board = rules.board;
    let Some(lo) = starts.iter().map(|&s| board.index(s)).min() else {
        return Vec::new();
    };
    let hi = starts.iter().map(|&s| board.index(s)).max().unwrap_or(lo);
    let budget = usize::from(if rules.m.fast {
        rules.m.movement.saturating_add(1)
    } else {
        rules.m.movement
    });
    let margin = budget.saturating_mul(usize::from(board.width()) + 1);
    let first = lo.saturating_sub(margin) / 64;
    let last = hi.saturating_add(margin).min(board.len() - 1) / 64;
    match last - first + 1 {
        0..=2 => one_action_bits::<2>(rules, starts, diagonal_used, first),
        3..=4 => one_action_bits::<4>(rules, starts, diagonal_used, first),
        5..=6 => one_action_bits::<6>(rules, starts, diagonal_used, first),
        7..=8 => one_action_bits::<8>(rules, starts, diagonal_used, first),
        9..=16 => one_action_bits::<16>(rules, starts, diagonal_used, first),
        _ => one_action_bits::<LARGE_WORDS>(rules, starts, diagonal_used, first),
    }
}

/// [`one_action`] step by step ([`Rules::step`] and [`Rules::stop_other`]): a Dijkstra search by
/// buckets over states (space, first diagonal used). For the rare movers the bit sets do not
/// describe (a revised aircraft).
fn one_action_by_steps(rules: &Rules<'_>, starts: &[Square], diagonal_used: bool) -> Vec<Square> {
    let board = rules.board;
    let budget = usize::from(rules.m.movement) + usize::from(rules.m.fast);
    let mut cost = vec![[usize::MAX; 2]; board.len()];
    let mut buckets: Vec<Vec<(Square, usize)>> = vec![Vec::new(); budget + 3];
    for &s in starts.iter().filter(|&&s| board.contains(s)) {
        let u = usize::from(diagonal_used);
        cost[board.index(s)][u] = 0;
        buckets[0].push((s, u));
    }
    for c in 0..=budget {
        while let Some((a, u)) = buckets[c].pop() {
            if cost[board.index(a)][u] != c {
                continue;
            }
            for (k, &(dc, dr)) in STEPS.iter().enumerate() {
                let Some(b) = a.offset(dc, dr).filter(|&b| board.contains(b)) else {
                    continue;
                };
                if rules.step(a, b).is_err() {
                    continue;
                }
                let diagonal = k >= 4;
                let step = if diagonal && u == 1 && !rules.m.agile { 2 } else { 1 };
                let (nc, nu) = (c + step, usize::from(u == 1 || diagonal));
                if nc <= budget && cost[board.index(b)][nu] > nc {
                    cost[board.index(b)][nu] = nc;
                    buckets[nc].push((b, nu));
                }
            }
        }
    }
    board
        .squares()
        .filter(|&s| cost[board.index(s)].iter().any(|&c| c != usize::MAX) && Some(s) != rules.start && rules.stop_other(s))
        .collect()
}

/// [`one_action`] with one point from the mover's own space `a`: the neighbours a step of cost
/// 1 enters (a diagonal costs 2 once the first diagonal is used, unless Agile) where the mover
/// may stop, A1 first, row by row.
fn one_step(rules: &Rules<'_>, a: Square, diagonal_used: bool) -> Vec<Square> {
    let board = rules.board;
    let mask = step_mask_by(rules, a, |b| rules.flags(b));
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    // The steps by the number of the space they lead to: row below, same row, row above.
    for k in [7, 2, 5, 3, 1, 6, 0, 4] {
        if mask & (1 << k) == 0 || (k >= 4 && diagonal_used && !rules.m.agile) {
            continue;
        }
        let (dc, dr) = STEPS[k];
        let Some(b) = a.offset(dc, dr) else { continue };
        if rules.stop_other(b) {
            out.push(b);
        }
    }
    debug_assert!(out.windows(2).all(|p| board.index(p[0]) < board.index(p[1])));
    out
}

/// Mover classes of the step tables: which walls and corners stop them.
const SOLDIER: usize = 0;
const VEHICLE: usize = 1;
const SOLDIER_JUMPER: usize = 2;
const CLASSES: usize = 3;
/// Tables per class: the eight steps, then two corner-wall tables for each diagonal.
const TABLES_PER_CLASS: usize = 16;

/// Whether a mover crosses an edge ("Structures": walls stop all but jumping soldiers, small
/// entrances let soldiers through, large entrances everyone).
fn crosses(edge: Edge, vehicle: bool, soldier_jumper: bool) -> bool {
    match edge {
        Edge::Open | Edge::Entrance(EntranceSize::Large) => true,
        Edge::Wall => soldier_jumper,
        Edge::Entrance(EntranceSize::Small) => !vehicle,
    }
}

/// The board's step tables, built once per board (walls and structures never change): for each
/// mover class and step `STEPS[k]`, the spaces from which the step stays on the board and is
/// not stopped by a wall or a structure's outline; for each diagonal and each of its two
/// corners, the spaces from which the way round that corner crosses a wall. Table `t` of class
/// `c` is words `(c * TABLES_PER_CLASS + t) * w ..` with `w` words a set.
pub(crate) fn step_tables(board: &Board) -> Vec<u64> {
    let n = board.len();
    let w = words_for(n);
    let mut data = vec![0u64; CLASSES * TABLES_PER_CLASS * w];
    for class in 0..CLASSES {
        let (vehicle, sj) = (class == VEHICLE, class == SOLDIER_JUMPER);
        for i in 0..n {
            let a = board.square_at(i);
            for (k, &(dc, dr)) in STEPS.iter().enumerate() {
                let Some(b) = a.offset(dc, dr).filter(|&b| board.contains(b)) else {
                    continue;
                };
                let table = |t: usize| (class * TABLES_PER_CLASS + t) * w;
                let ok = if k < 4 {
                    crosses(board.edge(a, b), vehicle, sj)
                } else {
                    sj || board.structure_at(a) == board.structure_at(b)
                };
                if ok {
                    let t = table(k);
                    put(&mut data[t..t + w], i, true);
                }
                if k >= 4 && !sj {
                    let corners = [Square::new(b.col(), a.row()), Square::new(a.col(), b.row())];
                    for (j, c) in corners.into_iter().enumerate() {
                        if board.edge(a, c) != Edge::Open || board.edge(c, b) != Edge::Open {
                            let t = table(8 + (k - 4) * 2 + j);
                            put(&mut data[t..t + w], i, true);
                        }
                    }
                }
            }
        }
    }
    data
}

/// The search of [`one_action`] on the `W` words of the board's sets from word `first` on
/// (bit `i` of a set is space `64 * first + i`); the spaces outside cannot be reached.
fn one_action_bits<const W: usize>(rules: &Rules<'_>, starts: &[Square], diagonal_used: bool, first: usize) -> Vec<Square> {
    let board = rules.board;
    let base = 64 * first;
    // The window of a whole-board set.
    let window = |words: &[u64]| Bits::<W>::load(&words[first.min(words.len())..words.len().min(first + W)]);
    let budget = usize::from(if rules.m.fast {
        rules.m.movement.saturating_add(1)
    } else {
        rules.m.movement
    });
    let w = words_for(board.len());
    let width = isize::from(board.width());
    let m = &rules.m;
    let vehicle = rules.vehicle();
    let class = if vehicle {
        VEHICLE
    } else if m.jump {
        SOLDIER_JUMPER
    } else {
        SOLDIER
    };
    let tables = board.step_tables();
    let table = |t: usize| {
        let o = (class * TABLES_PER_CLASS + t) * w;
        window(&tables[o..o + w])
    };
    let space = |set: usize| window(board.space_set(set));
    let pieces = |kind: PieceKind, side: Side| window(rules.occ.set_words(kind, side));
    let kinds = [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle];
    let enemy = kinds.iter().fold(Bits::EMPTY, |acc, &k| acc.or(pieces(k, m.side.other())));
    let vehicles = pieces(PieceKind::Vehicle, Side::A).or(pieces(PieceKind::Vehicle, Side::B));
    let no_dot = space(NO_DOT);
    let trap = if vehicle { space(TRAP) } else { Bits::EMPTY };
    // Rubble and swamp, which keep a vehicle out (rubble not a battlefront walker).
    let vehicle_out = match (vehicle, rules.walks()) {
        (false, _) => Bits::EMPTY,
        (true, false) => space(RUBBLE).or(space(SWAMP)),
        (true, true) => space(SWAMP),
    };
    // What `Rules::flags` says of each space: ENTER and CORNER.
    // The squares of enemy aircraft, which units on the ground enter, pass and may end in
    // (battlefront).
    let mut under = Bits::<W>::EMPTY;
    if rules.bf() {
        for &s in rules.rules.under {
            let i = board.index(s);
            if board.contains(s) && (base..base + 64 * W).contains(&i) {
                under.insert(i - base);
            }
        }
    }
    let (mut enter, corner) = if m.jump && rules.bf() {
        // Battlefront "Jump": every square is open terrain to the jumper; it lands where it
        // could normally enter (below).
        let jumped = vehicles.minus(under);
        (space(ON_BOARD).minus(jumped), jumped)
    } else if m.jump {
        (space(ON_BOARD).minus(no_dot).minus(vehicles), no_dot.or(vehicles))
    } else {
        let mut blocked = no_dot.or(space(WATER)).or(trap).or(enemy.minus(under));
        if vehicle {
            // Battlefront: a friendly vehicle only ("any unit may pass through a friendly
            // unit"); revised: any friend.
            let friends = if rules.bf() {
                pieces(PieceKind::Vehicle, m.side)
            } else {
                kinds.iter().fold(Bits::EMPTY, |acc, &k| acc.or(pieces(k, m.side)))
            };
            blocked = blocked.or(vehicle_out).or(friends);
        }
        let mut corner = no_dot.or(enemy).or(trap);
        if rules.bf() {
            // Battlefront "Moving Around Corners": terrain the mover cannot enter.
            corner = corner.or(space(WATER)).or(vehicle_out);
        }
        (space(ON_BOARD).minus(blocked), corner)
    };
    if let Some(s) = rules.start {
        if board.terrain(s) != Terrain::NoDot && (base..base + 64 * W).contains(&board.index(s)) {
            enter.insert(board.index(s) - base);
        }
    }
    // The spaces each step may leave from, and by how much it moves a space's number.
    let mut allowed = [Bits::<W>::EMPTY; 8];
    let mut delta = [0isize; 8];
    for (k, &(dc, dr)) in STEPS.iter().enumerate() {
        let (dc, dr) = (dc as isize, dr as isize);
        delta[k] = dr * width + dc;
        let mut a = table(k);
        if k >= 4 {
            // The corners (b.col, a.row) and (a.col, b.row): blocked by a wall on the way round
            // or by what stands there; a vehicle needs both free, a soldier one.
            let k1 = table(8 + (k - 4) * 2).or(corner.shift(-dc));
            let k2 = table(8 + (k - 4) * 2 + 1).or(corner.shift(-dr * width));
            a = if vehicle { a.minus(k1).minus(k2) } else { a.minus(k1.and(k2)) };
        }
        allowed[k] = a;
    }
    let steps = |from: Bits<W>, ks: core::ops::Range<usize>| {
        if from.is_empty() {
            return Bits::EMPTY;
        }
        ks.fold(Bits::<W>::EMPTY, |acc, k| acc.or(from.and(allowed[k]).shift(delta[k])))
            .and(enter)
    };
    // Levels `cost % 3` (a step costs 1 or 2) of states (first diagonal unused, used) reached.
    let mut level = [[Bits::<W>::EMPTY; 2]; 3];
    for &s in starts {
        level[0][usize::from(diagonal_used)].insert(board.index(s) - base);
    }
    let mut seen = [Bits::<W>::EMPTY; 2];
    let second_diagonal = if m.agile { 1 } else { 2 };
    for cost in 0..=budget {
        let slot = cost % 3;
        let f0 = level[slot][0].minus(seen[0]);
        let f1 = level[slot][1].minus(seen[1]);
        level[slot] = [Bits::EMPTY; 2];
        seen = [seen[0].or(f0), seen[1].or(f1)];
        if cost == budget {
            break;
        }
        if f0.is_empty() && f1.is_empty() {
            if level.iter().flatten().all(Bits::is_empty) {
                break;
            }
            continue;
        }
        let next = (cost + 1) % 3;
        level[next][0] = level[next][0].or(steps(f0, 0..4));
        level[next][1] = level[next][1].or(steps(f1, 0..4)).or(steps(f0, 4..8));
        if cost + second_diagonal <= budget {
            let later = (cost + second_diagonal) % 3;
            level[later][1] = level[later][1].or(steps(f1, 4..8));
        }
    }
    let mut reached = seen[0].or(seen[1]);
    {
        // `Rules::stop_other`, for every space at once.
        let mut stop = space(ON_BOARD).minus(space(WATER)).minus(trap).minus(no_dot);
        stop = stop.minus(vehicle_out);
        let all = kinds
            .iter()
            .fold(Bits::EMPTY, |acc, &k| acc.or(pieces(k, Side::A)).or(pieces(k, Side::B)));
        let own = |ks: &[PieceKind]| ks.iter().fold(Bits::EMPTY, |acc, &k| acc.or(pieces(k, m.side)));
        // Under an enemy aircraft (battlefront): as if only the friends there counted.
        let (own_squad, own_all) = (
            own(&[PieceKind::Squad, PieceKind::Vehicle]),
            own(&[PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle]),
        );
        let off = |s: Bits<W>, friends: Bits<W>| s.minus(under).or(friends.and(under));
        stop = if m.jump {
            stop.minus(off(all, own_all))
        } else {
            match m.kind {
                PieceKind::Hero => stop.minus(enemy.minus(under)),
                // Empty, or only heroes (none of them enemies).
                PieceKind::Squad => {
                    let squads = pieces(PieceKind::Squad, Side::A).or(pieces(PieceKind::Squad, Side::B));
                    stop.minus(off(enemy.or(squads).or(vehicles), own_squad))
                }
                PieceKind::Vehicle => stop.minus(off(all, own_all)),
            }
        };
        reached = reached.and(stop);
        if let Some(s) = rules.start {
            if (base..base + 64 * W).contains(&board.index(s)) {
                reached.remove(board.index(s) - base);
            }
        }
    }
    let mut out = Vec::with_capacity(reached.len());
    out.extend(reached.ones().map(|i| board.square_at(base + i)));
    out
}

/// `spaces` flags, worked out once per space: known, the mover may enter it, it is an
/// impassable corner for the mover (terrain and units only; walls are checked per step).
const KNOWN: u8 = 1;
const ENTER: u8 = 2;
const CORNER: u8 = 4;

#[inline]
fn space_flags(rules: &Rules<'_>, spaces: &mut [u8], s: Square) -> u8 {
    let i = rules.board.index(s);
    if spaces[i] & KNOWN == 0 {
        spaces[i] = rules.flags(s);
    }
    spaces[i]
}

/// Bit `i` set when step `STEPS[i]` out of `a` is allowed: the same answer as [`Rules::step`]
/// (checked by a test), with the per-space parts cached and edges looked at only next to
/// structures.
/// `spaces` is numbered like the board.
fn step_mask(rules: &Rules<'_>, spaces: &mut [u8], a: Square) -> u16 {
    step_mask_by(rules, a, |b| space_flags(rules, spaces, b))
}

/// [`step_mask`] with the `spaces` flags of a neighbour given by `flags_of`.
#[inline]
fn step_mask_by(rules: &Rules<'_>, a: Square, mut flags_of: impl FnMut(Square) -> u8) -> u16 {
    let board = rules.board;
    let soldier_jumper = rules.m.jump && !rules.vehicle();
    let vehicle = rules.vehicle();
    let sa = board.structure_at(a);
    // The neighbours on the board, with their flags and structure: the corners of a diagonal
    // step are orthogonal neighbours too.
    let mut near: [Option<(Square, u8, Option<StructureId>)>; 8] = [None; 8];
    for (k, &(dc, dr)) in STEPS.iter().enumerate() {
        if let Some(b) = a.offset(dc, dr).filter(|&b| board.contains(b)) {
            near[k] = Some((b, flags_of(b), board.structure_at(b)));
        }
    }
    let mut mask = 0;
    for (k, &n) in near.iter().enumerate() {
        let Some((b, flags, sb)) = n else { continue };
        if flags & ENTER == 0 {
            continue;
        }
        if k < 4 {
            if (sa.is_some() || sb.is_some()) && !rules.cross(a, b) {
                continue;
            }
        } else {
            if !soldier_jumper && sa != sb {
                continue;
            }
            let corner = |c: Option<(Square, u8, Option<StructureId>)>| {
                // Both corners of a step to a space on the board are on the board.
                let Some((c, fc, sc)) = c else { return true };
                if fc & CORNER != 0 {
                    return true;
                }
                // Walls only stand next to structure spaces.
                let walls_possible = sa.is_some() || sc.is_some();
                !soldier_jumper && walls_possible && (board.edge(a, c) != Edge::Open || board.edge(c, b) != Edge::Open)
            };
            // The corners (b.col, a.row) and (a.col, b.row), as steps.
            let (s1, s2) = DIAGONAL_CORNERS[k - 4];
            let (k1, k2) = (corner(near[s1]), corner(near[s2]));
            let ok = if vehicle { !k1 && !k2 } else { !(k1 && k2) };
            if !ok {
                continue;
            }
        }
        mask |= 1 << k;
    }
    mask
}

/// Checks one step of a declared path, with the reason it is refused.
///
/// # Errors
/// [`StepError`] says why the step is not allowed.
pub fn check_step(board: &Board, occ: &Occupancy, mover: &Mover, from: Square, to: Square) -> Result<(), StepError> {
    Rules::new(board, occ, mover).step(from, to)
}

/// [`check_step`] by the movement rules of `edition`.
///
/// # Errors
/// [`StepError`] says why the step is not allowed.
pub fn check_step_in<'a>(
    board: &'a Board,
    occ: &'a Occupancy,
    mover: &Mover,
    from: Square,
    to: Square,
    edition: impl Into<MoveRules<'a>>,
) -> Result<(), StepError> {
    Rules::new(board, occ, mover).of(edition).step(from, to)
}

/// Whether the mover may end a move action in `s`. The mover's own start always qualifies (it
/// stands there already); for a unit that is not on the board, use [`can_arrive`].
pub fn can_stop(board: &Board, occ: &Occupancy, mover: &Mover, s: Square) -> bool {
    let r = Rules::new(board, occ, mover);
    r.enter(s).is_ok() && r.stop(s)
}

/// Whether a unit that does not stand in `s` may enter it and end a move action there, even
/// when `s` is `mover.at`: a unit entering the board on an entry square ("Unit Entry"), or one
/// that might some day stand on an objective. Friends already in `s` count ("Spaces with Other
/// Units": only heroes share a space with a friendly unit), as do water, rubble and anti-tank
/// traps.
pub fn can_arrive(board: &Board, occ: &Occupancy, mover: &Mover, s: Square) -> bool {
    can_arrive_by(board, occ, mover, s, MoveRules::default())
}

/// [`can_arrive`] by the rules of an edition (a battlefront walker stops in rubble: [`MoveRules`]).
pub fn can_arrive_by<'a>(board: &'a Board, occ: &'a Occupancy, mover: &Mover, s: Square, rules: impl Into<MoveRules<'a>>) -> bool {
    let r = Rules::new(board, occ, mover).of(rules);
    r.enter_other(s).is_ok() && r.stop_other(s)
}

/// Whether a unit that does not stand in `s` may enter it on its way elsewhere (the rules of
/// [`can_arrive`] for passing through).
pub fn can_pass(board: &Board, occ: &Occupancy, mover: &Mover, s: Square) -> bool {
    can_pass_by(board, occ, mover, s, MoveRules::default())
}

/// [`can_pass`] by the rules of an edition (walker, enemy aircraft passed under: [`MoveRules`]).
pub fn can_pass_by<'a>(board: &'a Board, occ: &'a Occupancy, mover: &Mover, s: Square, rules: impl Into<MoveRules<'a>>) -> bool {
    Rules::new(board, occ, mover).of(rules).enter_other(s).is_ok()
}

// ---------------------------------------------------------------- aircraft (battlefront)

/// Where an aircraft may go in one move action (tactics-battlefront-2013-rules.txt, "Aircraft
/// Move Over Terrain": "Aircraft fly over the battlefield, so can move across any terrain.
/// Aircraft can never enter terrain or buildings and are placed above them rather than in
/// them"; "Moving Through Other Units": "Aircraft units cannot enter a square occupied by an
/// enemy Aircraft unit").
///
/// Each square costs one point, the activation's first diagonal one and every further diagonal
/// two ("Move and March Move Actions", as for every unit). Walls, terrain, corners and units are
/// flown over, except the squares of enemy aircraft; the move ends on a square where the
/// aircraft may be placed ([`can_land`]). Built by [`fly_reach`].
#[derive(Clone, Debug)]
pub struct Flight {
    width: u8,
    /// Per space: the cheapest cost with the first diagonal unused, and used (`UNSEEN`: not
    /// reached).
    cost: Vec<[u16; 2]>,
    /// Spaces where the move may end.
    land: Vec<bool>,
    /// The spaces the aircraft starts from (never listed as destinations when it stands there).
    start: Option<Square>,
}

impl Flight {
    fn idx(&self, s: Square) -> usize {
        usize::from(s.row()) * usize::from(self.width) + usize::from(s.col())
    }
    /// Whether the move may end in `s`.
    pub fn contains(&self, s: Square) -> bool {
        s.col() < self.width
            && Some(s) != self.start
            && self.land.get(self.idx(s)).copied().unwrap_or(false)
            && self.cost[self.idx(s)].iter().any(|&c| c != UNSEEN)
    }
    /// Where the move may end, A1 first, row by row.
    pub fn squares(&self) -> Vec<Square> {
        let w = usize::from(self.width);
        (0..self.cost.len())
            .map(|i| Square::new((i % w) as u8, (i / w) as u8))
            .filter(|&s| self.contains(s))
            .collect()
    }
    /// Whether every way to `s` within the points spends the activation's first (cheap)
    /// diagonal (false when `s` is reached without it, or not at all).
    pub fn needs_diagonal(&self, s: Square) -> bool {
        self.contains(s) && self.cost[self.idx(s)][0] == UNSEEN
    }
}

/// Whether an aircraft may be placed on `s` at the end of a move ("Aircraft can never enter
/// terrain or buildings and are placed above them rather than in them"; docs/rulings.md,
/// "Battlefront aircraft over terrain"): any terrain but a structure square (or a space without
/// a dot), never inside a building, never with another unit of its own `side` ("it cannot end
/// its move in the same square as another friendly unit"). Above an enemy unit on the ground
/// it may end, as that unit may end under it ("Moving Through Other Units" closes only enemy
/// aircraft to an aircraft; the squares of enemy aircraft are never entered at all).
pub fn can_land(board: &Board, occ: &Occupancy, s: Square, side: Side) -> bool {
    board.contains(s) && board.terrain(s) != Terrain::NoDot && board.structure_at(s).is_none() && !occ.at(s).has_side(side)
}

/// The move action of an aircraft with `mover.movement` points (one more with `mover.fast`)
/// from `mover.at`, or, with `entries`, onto the board over those entry squares (the caller has
/// taken off the point the entry square costs, as for [`entry_squares`]).
/// `enemy_aircraft`: the squares of the other side's aircraft, which it may not enter.
/// `diagonal_used`: the activation's first diagonal is spent. The mover's kind, Jump and the
/// rest are ignored: an aircraft flies.
pub fn fly_reach(
    board: &Board,
    occ: &Occupancy,
    mover: &Mover,
    entries: Option<&[Square]>,
    enemy_aircraft: &[Square],
    diagonal_used: bool,
) -> Flight {
    let n = board.len();
    let w = board.width();
    let mut blocked = vec![false; n];
    for &s in enemy_aircraft {
        if board.contains(s) {
            blocked[board.index(s)] = true;
        }
    }
    let starts: Vec<Square> = match entries {
        None => [mover.at].into_iter().filter(|&s| board.contains(s)).collect(),
        Some(entries) => entries
            .iter()
            .copied()
            .filter(|&e| board.contains(e) && !blocked[board.index(e)])
            .collect(),
    };
    let budget = u16::from(mover.movement) + u16::from(mover.fast);
    let mut cost = vec![[UNSEEN; 2]; n];
    let mut buckets: Vec<Vec<(usize, usize)>> = vec![Vec::new(); usize::from(budget) + 3];
    for &s in &starts {
        let u = usize::from(diagonal_used);
        cost[board.index(s)][u] = 0;
        buckets[0].push((board.index(s), u));
    }
    for c in 0..=usize::from(budget) {
        while let Some((i, u)) = buckets[c].pop() {
            if usize::from(cost[i][u]) != c {
                continue;
            }
            let a = board.square_at(i);
            for (k, &(dc, dr)) in STEPS.iter().enumerate() {
                let Some(b) = a.offset(dc, dr).filter(|&b| board.contains(b)) else {
                    continue;
                };
                let bi = board.index(b);
                if blocked[bi] {
                    continue;
                }
                let diagonal = k >= 4;
                let step = if diagonal && u == 1 { 2 } else { 1 };
                let (nc, nu) = (c + step, usize::from(u == 1 || diagonal));
                if nc <= usize::from(budget) && usize::from(cost[bi][nu]) > nc {
                    cost[bi][nu] = nc as u16;
                    buckets[nc].push((bi, nu));
                }
            }
        }
    }
    let land = (0..n).map(|i| can_land(board, occ, board.square_at(i), mover.side)).collect();
    Flight {
        width: w,
        cost,
        land,
        start: entries.is_none().then_some(mover.at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSetup, Dir, EntranceSetup, StructureSetup};

    /// A pseudo-random small board with a structure, terrain, cover elements and pieces
    /// (`None` when the drawn structure is refused).
    /// A pseudo-random number below `n` for each call, from `seed` (xorshift64): the random
    /// boards and movers of these tests.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    fn random_position(rnd: &mut impl FnMut(u64) -> u64) -> Option<(Board, Occupancy)> {
        random_position_sized(rnd, 6, 6)
    }

    /// [`random_position`] with up to `2 + max_w - 1` columns and `2 + max_h - 1` rows.
    fn random_position_sized(rnd: &mut impl FnMut(u64) -> u64, max_w: u64, max_h: u64) -> Option<(Board, Occupancy)> {
        let (w, h) = (2 + rnd(max_w) as u8, 2 + rnd(max_h) as u8);
        let n = usize::from(w) * usize::from(h);
        let terrain: Vec<Terrain> = (0..n)
            .map(|_| {
                [
                    Terrain::Open,
                    Terrain::Open,
                    Terrain::Open,
                    Terrain::NoDot,
                    Terrain::Water,
                    Terrain::Rubble,
                    Terrain::Smoke,
                    Terrain::Trees,
                    Terrain::Swamp,
                ][rnd(9) as usize]
            })
            .collect();
        let mut setup = BoardSetup {
            width: w,
            height: h,
            terrain,
            ..BoardSetup::default()
        };
        let (c, r) = (rnd(u64::from(w)) as u8, rnd(u64::from(h)) as u8);
        let mut interior = vec![Square::new(c, r)];
        if c + 1 < w {
            interior.push(Square::new(c + 1, r));
        }
        for &s in &interior {
            let i = usize::from(s.row()) * usize::from(w) + usize::from(s.col());
            setup.terrain[i] = Terrain::Open;
        }
        let mut entrances = Vec::new();
        for &s in &interior {
            for d in Dir::ALL {
                let (dc, dr) = d.delta();
                let out = s.offset(dc, dr).filter(|o| o.col() < w && o.row() < h && !interior.contains(o));
                if out.is_some() && rnd(2) == 0 {
                    let size = if rnd(2) == 0 { EntranceSize::Small } else { EntranceSize::Large };
                    entrances.push(EntranceSetup { at: s, side: d, size });
                }
            }
        }
        let inner_walls = if interior.len() == 2 && rnd(2) == 0 {
            vec![crate::board::InnerWallSetup {
                between: (interior[0], interior[1]),
                entrance: None,
            }]
        } else {
            vec![]
        };
        setup.structures.push(StructureSetup {
            name: "s".into(),
            interior,
            entrances,
            inner_walls,
        });
        let Ok(mut board) = Board::new(setup) else { return None };
        for s in board.squares().collect::<Vec<_>>() {
            match rnd(8) {
                0 => {
                    board.place_cover(s, CoverElement::AmmoCrate);
                }
                1 => {
                    board.place_cover(s, CoverElement::AntiTankTrap);
                }
                _ => {}
            }
        }
        let mut occ = Occupancy::new(&board);
        for s in board.squares() {
            if rnd(5) == 0 {
                let kind = [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle][rnd(3) as usize];
                occ.place(s, kind, if rnd(2) == 0 { Side::A } else { Side::B });
            }
        }
        Some((board, occ))
    }

    /// The cached step masks used by [`reach`] agree with [`check_step`] on many pseudo-random
    /// boards with structures, cover elements and pieces, for every kind of mover.
    #[test]
    fn step_mask_agrees_with_check_step() {
        let mut rnd = xorshift(0x2545_f491_4f6c_dd1du64);
        for _ in 0..300 {
            let Some((board, occ)) = random_position(&mut rnd) else { continue };
            // Some enemy vehicles stand for aircraft that others pass under.
            let under: Vec<Square> = board.squares().filter(|&s| occ.at(s).has_vehicle() && rnd(2) == 0).collect();
            for at in board.squares() {
                for (kind, edition) in [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle].into_iter().flat_map(|k| {
                    [
                        MoveRules::from(Edition::Revised),
                        MoveRules::from(Edition::Battlefront),
                        MoveRules {
                            edition: Edition::Battlefront,
                            walker: true,
                            under: &under,
                            aircraft: false,
                        },
                        MoveRules {
                            edition: Edition::Revised,
                            aircraft: true,
                            ..MoveRules::default()
                        },
                    ]
                    .map(|e| (k, e))
                }) {
                    for jump in [false, true] {
                        let m = Mover {
                            at,
                            kind,
                            side: Side::A,
                            movement: 1,
                            actions: 1,
                            agile: false,
                            fast: false,
                            jump,
                        };
                        let rules = Rules::new(&board, &occ, &m).of(edition);
                        let mut spaces = vec![0u8; board.len()];
                        let mask = step_mask(&rules, &mut spaces, at);
                        for (k, &(dc, dr)) in STEPS.iter().enumerate() {
                            let Some(b) = at.offset(dc, dr).filter(|&b| board.contains(b)) else {
                                assert_eq!(mask & (1 << k), 0);
                                continue;
                            };
                            let ok = check_step_in(&board, &occ, &m, at, b, edition).is_ok();
                            assert_eq!(mask & (1 << k) != 0, ok, "{at} -> {b}, {kind:?}, jump {jump}, {edition:?}");
                        }
                    }
                }
            }
        }
    }
    /// [`reach_squares`] lists the same spaces as [`reach_after`] on many pseudo-random boards,
    /// for every kind of mover, movement, skill and first-diagonal state.
    #[test]
    fn reach_squares_agrees_with_reach_after() {
        let mut rnd = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut checked = 0;
        for _ in 0..200 {
            let Some((board, occ)) = random_position(&mut rnd) else { continue };
            for at in board.squares() {
                for kind in [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle] {
                    let flags = rnd(16);
                    let m = Mover {
                        at,
                        kind,
                        side: if rnd(2) == 0 { Side::A } else { Side::B },
                        movement: rnd(5) as u8,
                        actions: 1 + rnd(2) as u8,
                        agile: flags & 1 != 0,
                        fast: flags & 2 != 0,
                        jump: flags & 4 != 0,
                    };
                    let used = flags & 8 != 0;
                    let under: Vec<Square> = board.squares().filter(|&s| occ.at(s).has_vehicle() && rnd(2) == 0).collect();
                    let edition = MoveRules {
                        edition: Edition::ALL[rnd(2) as usize],
                        walker: rnd(2) == 0,
                        under: &under,
                        aircraft: kind == PieceKind::Vehicle && !m.jump && rnd(3) == 0,
                    };
                    assert_eq!(
                        reach_squares_in(&board, &occ, &m, used, edition),
                        reach_after_in(&board, &occ, &m, used, edition).squares(),
                        "{m:?}, first diagonal used: {used}, {edition:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }
    /// On boards of several words, where the searches work on a window of the board's sets,
    /// [`reach_squares`] and [`entry_squares`] still list what searches step by step find.
    #[test]
    fn windowed_searches_agree_on_large_boards() {
        let mut rnd = xorshift(0x5851_f42d_4c95_7f2du64);
        let mut checked = 0;
        for _ in 0..40 {
            let Some((board, occ)) = random_position_sized(&mut rnd, 25, 40) else {
                continue;
            };
            let all: Vec<Square> = board.squares().collect();
            for _ in 0..40 {
                let at = all[rnd(all.len() as u64) as usize];
                let kind = [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle][rnd(3) as usize];
                let flags = rnd(16);
                let m = Mover {
                    at,
                    kind,
                    side: if rnd(2) == 0 { Side::A } else { Side::B },
                    movement: rnd(5) as u8,
                    actions: 1,
                    agile: flags & 1 != 0,
                    fast: flags & 2 != 0,
                    jump: flags & 4 != 0,
                };
                let used = flags & 8 != 0;
                let under: Vec<Square> = all.iter().copied().filter(|&s| occ.at(s).has_vehicle() && rnd(2) == 0).collect();
                let edition = MoveRules {
                    edition: Edition::ALL[rnd(2) as usize],
                    walker: rnd(2) == 0,
                    under: &under,
                    aircraft: kind == PieceKind::Vehicle && !m.jump && rnd(3) == 0,
                };
                assert_eq!(
                    reach_squares_in(&board, &occ, &m, used, edition),
                    reach_after_in(&board, &occ, &m, used, edition).squares(),
                    "{m:?}, first diagonal used: {used}, {edition:?}"
                );
                checked += 1;
            }
            // Entry squares along a random row.
            let row = rnd(u64::from(board.height())) as u8;
            let entries: Vec<Square> = (0..board.width()).map(|c| Square::new(c, row)).filter(|_| rnd(2) == 0).collect();
            let m = Mover {
                at: all[0],
                kind: PieceKind::Squad,
                side: Side::A,
                movement: rnd(3) as u8,
                actions: 1,
                agile: false,
                fast: rnd(2) == 0,
                jump: false,
            };
            let want = entry_union(&board, &occ, &m, &entries);
            assert_eq!(entry_squares(&board, &occ, &m, &entries), want, "{m:?} entering on {entries:?}");
        }
        assert!(checked > 600);
    }
    /// What entering from each entry square separately allows, put together: the oracle of the
    /// entry tests.
    fn entry_union(board: &Board, occ: &Occupancy, m: &Mover, entries: &[Square]) -> Vec<Square> {
        let mut want = Vec::new();
        for &e in entries {
            let mv = Mover { at: e, ..*m };
            if !can_pass(board, occ, &mv, e) {
                continue;
            }
            if can_arrive(board, occ, &mv, e) {
                want.push(e);
            }
            want.extend(reach_after(board, occ, &mv, false).squares());
        }
        want.sort_by_key(|&s| board.index(s));
        want.dedup();
        want
    }

    /// [`entry_squares`] lists the union of what entering from each entry square separately
    /// allows, on many pseudo-random boards and entry rows, for every kind of mover.
    #[test]
    fn entry_squares_agrees_with_one_search_per_entry_square() {
        let mut rnd = xorshift(0x1234_5678_9abc_def1u64);
        let mut checked = 0;
        for _ in 0..300 {
            let Some((board, occ)) = random_position(&mut rnd) else { continue };
            let all: Vec<Square> = board.squares().collect();
            let entries: Vec<Square> = all.iter().copied().filter(|_| rnd(3) == 0).collect();
            for kind in [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle] {
                let flags = rnd(8);
                let m = Mover {
                    at: all[rnd(all.len() as u64) as usize],
                    kind,
                    side: if rnd(2) == 0 { Side::A } else { Side::B },
                    movement: rnd(4) as u8,
                    actions: 1,
                    agile: flags & 1 != 0,
                    fast: flags & 2 != 0,
                    jump: flags & 4 != 0,
                };
                let want = entry_union(&board, &occ, &m, &entries);
                assert_eq!(entry_squares(&board, &occ, &m, &entries), want, "{m:?} entering on {entries:?}");
                checked += 1;
            }
        }
        assert!(checked > 500);
    }
}
