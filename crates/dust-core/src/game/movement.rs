//! Movement and unit entry (tactics-revised-core-rules.md, "Movement Rules", "Unit Entry";
//! skills "Fast", "Assault", "Scout Vehicle", "Jump", "Agile"; tactics-battlefront-2013-rules.txt,
//! "Moving Around Corners", "Aircraft Move Over Terrain"). Where a unit may go comes from
//! [`crate::reach`], by the rules of the game's edition.

use super::*;
use crate::reach::{check_step_in, entry_squares_in, fly_reach, reach_squares_in, MoveRules};
use crate::spaceset::LARGE_WORDS;

impl Game {
    /// The squares unit `u` moves on from: its side's entry squares, or for a unit back from
    /// reserve those the scenario names ("Scenario 3: Bait and Flank": "These units move on to
    /// the squares along the short edges of their opponent's board";
    /// [`crate::battlefront::ScenarioRules::reserve_entry_squares`]).
    pub fn entry_of(&self, u: UnitId) -> std::borrow::Cow<'_, [Square]> {
        let unit = self.unit(u);
        if let Some(v) = self.rules().reserve_entry(self, u) {
            return std::borrow::Cow::Owned(v);
        }
        std::borrow::Cow::Borrowed(&self.entry[unit.side])
    }

    /// The squares (movement points) a Move action of unit `u` gives, with its joined hero or
    /// squad, before Fast, Assault and Scout Vehicle:
    /// - revised "Heroes": "The combined unit's movement value is equal to the fastest unit's
    ///   movement value";
    /// - battlefront "Joining Infantry Squads": "If the Hero and the unit's movement rates are
    ///   different, the combined unit has the lower movement rate of the two"; a vehicle
    ///   carries its pilot at its own rate ("Piloting Vehicles"; docs/rulings.md, "Battlefront
    ///   skills of a hero and the unit he joined").
    pub fn move_rate(&self, u: UnitId) -> u8 {
        let unit = self.unit(u);
        let m = unit.card.movement;
        let Some(j) = unit.joined.filter(|&j| !self.unit(j).destroyed) else {
            return m;
        };
        self.rules().joined_move_rate(unit.card.kind, m, self.unit(j).card.movement)
    }

    /// The movement points of one move action before Assault. Battlefront: Scout Vehicle adds
    /// two to every move of the first round. The revised edition adds its two extra spaces once
    /// in the round ([`Game::scout_extra`]).
    pub(super) fn movement(&self, u: UnitId) -> u8 {
        let unit = self.unit(u);
        let mut m = self.move_rate(u);
        if self.rules().scout_vehicle_every_move() && self.round == 1 && unit.card.has(Skill::ScoutVehicle) {
            m += 2;
        }
        m
    }

    /// Revised "Scout Vehicle": "During the first round only, this vehicle can move two extra
    /// spaces": two extra movement points in the round, not per move action, spent on the
    /// player's choice of move actions (docs/rulings.md, "Scout Vehicle's two extra spaces").
    /// The extra points the next move action of `d` may use, `m` being the points of each of
    /// its move actions: two for the first move (none when it enters the board: "Each unit's
    /// first action is always a one space move"), and for the second what the first did not
    /// need.
    pub(super) fn scout_extra(&self, d: &Decl, m: u8) -> u8 {
        self.scout_extra_after(d.unit, &d.moves, m)
    }

    /// [`Game::scout_extra`] of the declaration of `unit` with `moves` made.
    fn scout_extra_after(&self, unit: Option<UnitId>, moves: &[Square], m: u8) -> u8 {
        let Some(u) = unit else { return 0 };
        let unit = self.unit(u);
        if self.rules().scout_vehicle_every_move() || self.round != 1 || !unit.card.has(Skill::ScoutVehicle) {
            return 0;
        }
        match (unit.at, moves.first()) {
            (None, None) => 0,
            (None, Some(_)) | (Some(_), None) => 2,
            (Some(at), Some(&first)) if moves.len() == 1 => {
                let under = self.passes_under(u);
                let used = (0..2u8)
                    .find(|&k| {
                        first == at
                            || reach_squares_in(
                                &self.board,
                                &self.occ,
                                &self.mover(u, at, m + k, false),
                                false,
                                self.move_rules(u, &under),
                            )
                            .contains(&first)
                    })
                    .unwrap_or(2);
                2 - used
            }
            _ => 0,
        }
    }

    pub(super) fn move_unit(&mut self, u: UnitId, to: Option<Square>) {
        let joined = self.unit(u).joined.filter(|j| !self.unit(*j).destroyed);
        for id in [Some(u), joined].into_iter().flatten() {
            let unit = &self.units[usize::from(id.0)];
            let (kind, side, from) = (unit.piece(), unit.side, unit.at);
            if let Some(f) = from {
                self.occ.remove(f, kind, side);
            }
            if let Some(t) = to {
                self.occ.place(t, kind, side);
            }
            self.units[usize::from(id.0)].at = to;
            // Heroes sharing a space: put back the piece of the same kind and side that the
            // removal cleared if another unit still stands there (what `rebuild_cells` would
            // find, without redoing every space).
            if let (Some(f), false) = (from, self.rules().models_hold_several_squares()) {
                if self
                    .units
                    .iter()
                    .any(|o| o.at == Some(f) && !o.destroyed && o.side == side && o.piece() == kind)
                {
                    self.occ.place(f, kind, side);
                }
            }
        }
        if self.rules().models_hold_several_squares() {
            // Large and huge models hold several squares: every piece placed again.
            self.rebuild_cells();
        }
    }

    pub(super) fn rebuild_cells(&mut self) {
        self.occ.clear();
        for u in &self.units {
            if let (false, Some(at)) = (u.destroyed, u.at) {
                self.occ.place(at, u.piece(), u.side);
            }
        }
        if self.rules().models_hold_several_squares() {
            self.bf_place_extra_squares(); // the other squares of large and huge models
        }
    }

    pub(super) fn mover(&self, u: UnitId, at: Square, movement: u8, fast: bool) -> Mover {
        Mover {
            at,
            kind: self.kind_of(u),
            side: self.unit(u).side,
            movement,
            actions: 1,
            agile: self.has_skill(u, Skill::Agile),
            fast,
            jump: self.has_skill(u, Skill::Jump),
        }
    }

    /// Where the next move action of `decl` may end (battlefront: never into the vehicle a
    /// pilot dismounts in this activation, "Piloting Vehicles").
    pub(super) fn move_options(&self, d: &Decl) -> Vec<Square> {
        let mut v = self.move_options_shared(d);
        self.rules().filter_move_options(self, d, &mut v);
        v
    }

    /// [`Game::move_options`] by the shared movement rules.
    fn move_options_shared(&self, d: &Decl) -> Vec<Square> {
        if self.rules().models_hold_several_squares() {
            if let Some(v) = self.bf_move_options(d) {
                return v; // large and huge models
            }
        }
        let u = d.unit.expect("unit");
        if d.reactive.is_some() {
            // Battlefront "Reactive Attacks": the Move action "can only be used to rotate the
            // model"; the unit stays in its square.
            return Vec::new();
        }
        let unit = self.unit(u);
        let mut m = self.movement(u);
        if d.assault == Some(true) {
            m *= 2;
        }
        // Revised "Scout Vehicle": the extra points this move action may use, and those the
        // first one had when this is the second.
        let scout = self.scout_extra(d, m);
        let scout_first = if d.moves.len() == 1 {
            self.scout_extra_after(d.unit, &[], m)
        } else {
            0
        };
        if self.flies(u) {
            return self.fly_options(d, u, m);
        }
        if self.bf_march_rest_due(d) {
            return self.bf_march_rest(d, u, m);
        }
        let under = self.passes_under(u);
        // Fast applies to one move action, the player's choice ("Fast"): the first of two moves
        // may use it (its options include the spaces only the extra point reaches), and the
        // second has it when the first did not need it (docs/rulings.md, "Fast with two moves").
        // (Battlefront: the first leg is a normal Move, Fast's square included; a March Move's
        // rest: [`Game::bf_march_rest`].)
        let fast = self.has_skill(u, Skill::Fast)
            && (d.moves.is_empty() || (self.rules().fast_on_either_move() && !self.first_move_used_fast(d, m)));
        let start = if d.moves.is_empty() { unit.at } else { d.moves.last().copied() };
        match start {
            Some(at) if !d.moves.is_empty() => {
                // A later move action of the same activation: the unit stands where the previous
                // one ended, and the first (cheap) diagonal is spent if that move needed a
                // diagonal ("Movement Points": the discount is per activation).
                let occ = self.occ_with_group_at(u, at);
                let first_from = if d.moves.len() >= 2 {
                    Some(d.moves[d.moves.len() - 2])
                } else {
                    unit.at
                };
                let first_m = if self.first_move_used_fast(d, m) { m + 1 } else { m } + scout_first;
                let used = self.leg_needs_diagonal(u, first_from, at, first_m);
                reach_squares_in(
                    &self.board,
                    &occ,
                    &self.mover(u, at, m + scout, fast),
                    used,
                    self.move_rules(u, &under),
                )
            }
            Some(at) => {
                let mut v = reach_squares_in(
                    &self.board,
                    &self.occ,
                    &self.mover(u, at, m + scout, fast),
                    false,
                    self.move_rules(u, &under),
                );
                if d.moves.is_empty() && self.bf_march(d) {
                    // A March Move may take its whole length after its first leg: that normal
                    // Move may stay put (docs/rulings.md, "Battlefront March Move").
                    let i = v.partition_point(|&s| s < at);
                    v.insert(i, at);
                }
                v
            }
            None if self.rules().entry_is_one_space() => {
                // "Unit Entry": "Each unit's first action is always a one space move (➡),
                // representing the unit 'entering' the battlefield": onto an entry square and
                // no further, whatever the unit's movement, Fast, Assault or Scout Vehicle.
                // The unit does not stand on the entry square yet, so whoever is there counts
                // as in any other space ("Spaces with Other Units": a hero may stop with any
                // friend, a squad only with heroes, a vehicle only on an empty space).
                let mv = self.mover(u, Square::new(0, 0), 0, false);
                let mut out = entry_squares_in(&self.board, &self.occ, &mv, &self.entry_of(u), self.move_rules(u, &under));
                out.sort();
                out
            }
            None => {
                // "Unit Entry": the first move enters from an entry square, which costs one
                // point. The unit does not stand on the entry square yet, so whoever is there
                // counts as in any other space ("Spaces with Other Units": a hero may stop with
                // any friend, a squad only with heroes, a vehicle only on an empty space;
                // soldiers may pass through friends to go further).
                // (`entry_squares` ignores where the mover stands.)
                let mv = self.mover(u, Square::new(0, 0), m.saturating_sub(1) + u8::from(fast), false);
                let mut out = entry_squares_in(&self.board, &self.occ, &mv, &self.entry_of(u), self.move_rules(u, &under));
                out.sort();
                out
            }
        }
    }

    /// Whether the next move leg of `d` is the rest of a battlefront March Move of a one-square
    /// unit on the ground: its first leg declared.
    fn bf_march_rest_due(&self, d: &Decl) -> bool {
        d.moves.len() == 1 && self.bf_march(d)
    }

    /// Whether `d` declares a battlefront March Move of a one-square unit on the ground.
    fn bf_march(&self, d: &Decl) -> bool {
        self.rules().march_move()
            && d.reactive.is_none()
            && d.plan.is_some_and(|p| plan_moves(p) == 2)
            && d.unit.is_some_and(|u| self.model_squares(u) == 1 && !self.flies(u))
    }

    /// "March Move Actions": "A unit making a March Move action doubles its Move rating for the
    /// activation." Its first leg is "a normal Move action" (where a reactive attack meets it,
    /// "Reacting to a March Move"; Fast's square included, "Fast Units"); the second leg goes on
    /// from there with what that leg left of the doubled rating (and of Fast's square), the
    /// first diagonal of the activation spent if the first leg needed it. So the March is one
    /// move of twice the Move rating: it passes friends where a single move of that length
    /// would, never ending on one (docs/rulings.md, "Battlefront March Move").
    fn bf_march_rest(&self, d: &Decl, u: UnitId, m: u8) -> Vec<Square> {
        let mid = d.moves[0];
        let under = self.passes_under(u);
        let rules = self.move_rules(u, &under);
        // Declared part by part, the first leg is made already: what it left was worked out
        // before (`BfPart::rest`).
        let (rest, used) = d.bf_part.and_then(|p| p.rest).unwrap_or_else(|| self.bf_march_rest_points(d, u, m));
        // The unit (and its joined hero) stands on `mid` for the second leg.
        let occ = self.occ_with_group_at(u, mid);
        reach_squares_in(&self.board, &occ, &self.mover(u, mid, rest, false), used, rules)
    }

    /// The occupancy with unit `u` and its joined hero moved to `at` (where a later move leg
    /// of the declaration starts).
    fn occ_with_group_at(&self, u: UnitId, at: Square) -> Occupancy {
        let unit = self.unit(u);
        let mut occ = self.occ.clone();
        for g in std::iter::once(u).chain(unit.joined.filter(|j| !self.unit(*j).destroyed)) {
            let gu = self.unit(g);
            if let Some(s) = gu.at {
                occ.remove(s, gu.piece(), gu.side);
            }
            occ.place(at, gu.piece(), gu.side);
        }
        occ
    }

    /// What the first leg of a March Move of a one-square unit on the ground (declared, not yet
    /// made) leaves for the rest: the Move points, and whether it spent the first cheap diagonal.
    fn bf_march_rest_points(&self, d: &Decl, u: UnitId, m: u8) -> (u8, bool) {
        let unit = self.unit(u);
        let mid = d.moves[0];
        let fast = self.has_skill(u, Skill::Fast);
        let normal = m + u8::from(fast);
        let under = self.passes_under(u);
        let rules = self.move_rules(u, &under);
        // The points the first leg spent: the fewest that reach `mid`.
        let reaches = |k: u8| match unit.at {
            Some(at) => at == mid || reach_squares_in(&self.board, &self.occ, &self.mover(u, at, k, false), false, rules).contains(&mid),
            None => {
                k >= 1
                    && entry_squares_in(
                        &self.board,
                        &self.occ,
                        &self.mover(u, Square::new(0, 0), k - 1, false),
                        &self.entry_of(u),
                        rules,
                    )
                    .contains(&mid)
            }
        };
        let spent = (0..=normal).find(|&k| reaches(k)).unwrap_or(normal);
        let rest = (2 * m + u8::from(fast)).saturating_sub(spent);
        (rest, self.leg_needs_diagonal(u, unit.at, mid, spent))
    }

    /// Battlefront: what the first leg of the March Move of `d` (declared, not yet made) leaves
    /// for the rest — the Move points and whether the first cheap diagonal is spent — for a
    /// declaration made part by part, whose rest is declared after that leg is made and the
    /// enemy has had its chance to react ([`Game::bf_part_steps`]).
    pub(super) fn bf_march_carry(&self, d: &Decl) -> Option<(u8, bool)> {
        let u = d.unit?;
        if d.moves.len() != 1 {
            return None;
        }
        if self.model_squares(u) > 1 {
            return self.bf_large_march_carry(d);
        }
        let mut m = self.movement(u);
        if d.assault == Some(true) {
            m *= 2;
        }
        if self.flies(u) {
            return Some(self.fly_march_rest(d, u, m));
        }
        Some(self.bf_march_rest_points(d, u, m))
    }

    /// Whether the first move action of `d` (declared) ended where only the Fast point gets:
    /// the unit has Fast and that space is not reachable with `m` points alone.
    pub(super) fn first_move_used_fast(&self, d: &Decl, m: u8) -> bool {
        let (Some(u), Some(&first)) = (d.unit, d.moves.first()) else {
            return false;
        };
        if !self.has_skill(u, Skill::Fast) || !self.rules().fast_on_either_move() {
            return false;
        }
        let unit = self.unit(u);
        // (A first move that enters the board is one space and never uses Fast, "Unit Entry".)
        match unit.at {
            Some(at) if first == at => false,
            Some(at) => {
                !reach_squares_in(&self.board, &self.occ, &self.mover(u, at, m, false), false, self.move_rules(u, &[])).contains(&first)
            }
            None => false,
        }
    }

    /// Whether a move action from `from` (`None`: entering the board) to `to` must use a
    /// diagonal step: false when orthogonal steps alone get there within `m` points. A unit
    /// that can avoid the diagonal keeps its cheap first diagonal for the next move action.
    /// Jumping units are not checked (their first diagonal is considered kept).
    pub(super) fn leg_needs_diagonal(&self, u: UnitId, from: Option<Square>, to: Square, m: u8) -> bool {
        if self.has_skill(u, Skill::Jump) || self.has_skill(u, Skill::Agile) {
            return false;
        }
        let entry = self.entry_of(u);
        let (starts, budget): (&[Square], u8) = match from {
            Some(ref f) => (core::slice::from_ref(f), m),
            None => (&entry, m.saturating_sub(1)),
        };
        if starts.contains(&to) {
            return false;
        }
        // Orthogonal steps reach no square more than `budget` steps away by columns plus rows:
        // a farther `to` needs a diagonal, with no search (most second legs of a plan).
        let manhattan = |s: &Square| u32::from(s.col().abs_diff(to.col())) + u32::from(s.row().abs_diff(to.row()));
        if starts.iter().map(manhattan).min().is_none_or(|d| d > u32::from(budget)) {
            return true;
        }
        let mv = self.mover(u, to, m, false);
        let under = self.passes_under(u);
        // Breadth-first over orthogonal steps, one ring per movement point (the spaces seen as
        // bits, without an allocation: issue 21).
        let mut seen = [0u64; LARGE_WORDS];
        let mut frontier: Vec<Square> = starts.to_vec();
        for &s in starts {
            if self.board.contains(s) {
                let i = self.board.index(s);
                seen[i / 64] |= 1 << (i % 64);
            }
        }
        let mut next = Vec::new();
        for _ in 0..budget {
            next.clear();
            for &s in &frontier {
                for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let Some(n) = s.offset(dc, dr) else { continue };
                    if !self.board.contains(n)
                        || seen[self.board.index(n) / 64] & 1 << (self.board.index(n) % 64) != 0
                        || check_step_in(&self.board, &self.occ, &mv, s, n, self.move_rules(u, &under)).is_err()
                    {
                        continue;
                    }
                    if n == to {
                        return false;
                    }
                    seen[self.board.index(n) / 64] |= 1 << (self.board.index(n) % 64);
                    next.push(n);
                }
            }
            core::mem::swap(&mut frontier, &mut next);
        }
        true
    }

    /// The movement rules of `u`: the game's edition, whether it is a walker (battlefront
    /// "Rubble Squares": walkers enter rubble; a card that does not say is no walker), and
    /// whether it is a revised-edition aircraft ([`MoveRules::aircraft`]).
    pub(super) fn move_rules<'a>(&self, u: UnitId, under: &'a [Square]) -> MoveRules<'a> {
        MoveRules {
            edition: self.edition,
            walker: self.unit(u).bf.as_ref().is_some_and(|b| b.walker()),
            under,
            aircraft: !self.rules().aircraft_fly() && self.unit(u).card.kind == UnitKind::Aircraft,
        }
    }

    /// The squares of the enemy aircraft `u` may pass under (battlefront "Moving Through Other
    /// Units"); none in the revised edition.
    pub(super) fn passes_under(&self, u: UnitId) -> Vec<Square> {
        self.rules().passes_under(self, u)
    }

    /// Whether `u` flies: an aircraft of the battlefront edition ("Aircraft Move Over
    /// Terrain"). Large aircraft fly one half after the other ([`Game::bf_move_options`]).
    pub(super) fn flies(&self, u: UnitId) -> bool {
        self.rules().aircraft_fly() && self.unit(u).card.kind == UnitKind::Aircraft
    }

    /// "Aircraft Must Move": "Aircraft must take a Move or March Move action as their first
    /// action in each activation, unless they have the hover special rule."
    pub(super) fn must_move_first(&self, u: UnitId) -> bool {
        self.flies(u)
            && !self
                .unit(u)
                .bf
                .as_ref()
                .is_some_and(|b| b.has(crate::unit::BattlefrontSkill::Hover))
    }

    /// Battlefront line of sight between the attacker `u` on `mine` and the target `t` when one
    /// of them is an aircraft ([`crate::battlefront::sees_aircraft`], "Line of Sight to
    /// Aircraft"); `None` when neither flies.
    pub(super) fn air_sight(&self, u: UnitId, mine: &[Square], t: UnitId, theirs: &[Square]) -> Option<bool> {
        match (self.flies(u), self.flies(t)) {
            (false, false) => None,
            (true, false) => Some(crate::battlefront::sees_aircraft(&self.board, theirs, mine, false)),
            (false, true) => Some(crate::battlefront::sees_aircraft(&self.board, mine, theirs, false)),
            (true, true) => Some(true),
        }
    }

    /// Battlefront cover of the target `t` on `theirs` against the attacker `u` on `mine` when
    /// one of them is an aircraft ([`crate::battlefront::aircraft_cover`]); `None` when neither
    /// flies.
    pub(super) fn air_cover(&self, u: UnitId, mine: &[Square], t: UnitId, theirs: &[Square]) -> Option<bool> {
        match (self.flies(u), self.flies(t)) {
            (false, false) => None,
            (true, false) => Some(crate::battlefront::aircraft_cover(&self.board, theirs, mine, false, false)),
            (false, true) => Some(crate::battlefront::aircraft_cover(&self.board, mine, theirs, true, false)),
            (true, true) => Some(false),
        }
    }

    /// The squares of the aircraft of the side other than `side` ("Aircraft units cannot enter
    /// a square occupied by an enemy Aircraft unit").
    pub(super) fn enemy_aircraft(&self, side: Side) -> Vec<Square> {
        (0..self.units.len())
            .map(|i| UnitId(i as u8))
            .filter(|&id| {
                let o = self.unit(id);
                o.side != side && !o.destroyed && o.at.is_some() && o.card.kind == UnitKind::Aircraft
            })
            .flat_map(|id| self.unit_squares(id))
            .collect()
    }

    /// Where the next move action of a flying unit may end ([`crate::reach::fly_reach`]): from
    /// its square, from where its first leg ended (the first diagonal spent if that leg needed
    /// it), or onto the board over its entry squares (the entry square costs one point).
    fn fly_options(&self, d: &Decl, u: UnitId, m: u8) -> Vec<Square> {
        let unit = self.unit(u);
        // The first leg is a normal Move, Fast's square included; a March Move's second leg has
        // what the first left of the doubled rating.
        let fast = self.has_skill(u, Skill::Fast) && d.moves.is_empty();
        match d.moves.last() {
            None => self.fly_leg(u, unit.at, m, fast, false).squares(),
            Some(&at) => {
                let (rest, used) = match d.bf_part.and_then(|p| p.rest) {
                    // Declared part by part: the first leg is made, from where it started.
                    Some(carry) => carry,
                    None if self.rules().march_move() && d.moves.len() == 1 => self.fly_march_rest(d, u, m),
                    None => {
                        let first_from = if d.moves.len() >= 2 {
                            Some(d.moves[d.moves.len() - 2])
                        } else {
                            unit.at
                        };
                        (m, self.fly_leg(u, first_from, m, false, false).needs_diagonal(at))
                    }
                };
                self.fly_leg(u, Some(at), rest, fast, used).squares()
            }
        }
    }

    /// Where one move leg of the flyer `u` from `at` (`None`: onto the board over its entry
    /// squares, the entry square costing one point) may go with `points`, over the board
    /// without the flyer itself.
    fn fly_leg(&self, u: UnitId, at: Option<Square>, points: u8, fast: bool, used: bool) -> crate::reach::Flight {
        let unit = self.unit(u);
        let enemy = self.enemy_aircraft(unit.side);
        let mut occ = self.occ.clone();
        if let Some(s) = unit.at {
            occ.remove(s, unit.piece(), unit.side);
        }
        match at {
            Some(at) => fly_reach(&self.board, &occ, &self.mover(u, at, points, fast), None, &enemy, used),
            None => fly_reach(
                &self.board,
                &occ,
                &self.mover(u, Square::new(0, 0), points.saturating_sub(1) + u8::from(fast), false),
                Some(&self.entry_of(u)),
                &enemy,
                false,
            ),
        }
    }

    /// What the first leg of a battlefront March Move of the flyer `u` (declared, not yet made)
    /// leaves for the rest: the points of the doubled rating it did not spend, and whether it
    /// spent the first cheap diagonal.
    fn fly_march_rest(&self, d: &Decl, u: UnitId, m: u8) -> (u8, bool) {
        let unit = self.unit(u);
        let at = d.moves[0];
        let fast = self.has_skill(u, Skill::Fast);
        let normal = m + u8::from(fast);
        let used = self.fly_leg(u, unit.at, m, false, false).needs_diagonal(at);
        let spent = if unit.at == Some(at) {
            0
        } else {
            (1..=normal)
                .find(|&k| self.fly_leg(u, unit.at, k, false, false).contains(at))
                .unwrap_or(normal)
        };
        ((2 * m + u8::from(fast)).saturating_sub(spent), used)
    }

    pub(super) fn do_move(&mut self, u: UnitId, to: Square) {
        if self.unit(u).destroyed {
            return;
        }
        let from = self.unit(u).at;
        self.move_unit(u, Some(to));
        self.units[usize::from(u.0)].moved = true;
        if let Some(j) = self.unit(u).joined {
            self.units[usize::from(j.0)].moved = true;
        }
        self.rules().unit_moved(self, u, from, to);
        match from {
            None => self.events.push(Event::Entered(u, to)),
            Some(f) => self.events.push(Event::Moved(u, [f, to])),
        }
        if self.kind_of(u) == PieceKind::Vehicle && self.board.cover(to) == Some(CoverElement::AmmoCrate) {
            // "Upon entering the space, vehicles may choose to crush the crate": asked where the
            // move ends (docs/rulings.md, "Crushing ammo crates").
            self.stack.push(Step::Crush { unit: u, at: to });
        }
    }
}
