//! Exact battle odds: a Markov chain over the battle's states, not a simulation ("Battle",
//! "Land Battles", "Sea Battles", "Amphibious Battles").
//!
//! Stated policies (the rulebook leaves these choices to the players):
//! - Casualties: the roller destroys, hit by hit, the unit the restrictions allow (the first
//!   tank or the first fighter; a mech only when no tank is left, a bomber only when no fighter
//!   is left) that rolls more dice, the costlier on a tie. So each side loses its units in one
//!   fixed order ([`removal_order`]).
//! - Retreats: the defender never retreats. The attacker retreats only if a threshold is given:
//!   before each of his rolls, when he has at most that many units left in the battle, he
//!   retreats as many as the rules allow (half, rounded up), keeping the last units of the
//!   removal order (the valuable ones). An amphibious attacker never retreats.
//! - No special ability is used.
//!
//! ```
//! use dust_strategy::odds::{battle_odds, BattleType, OddsQuery};
//! use dust_strategy::Units;
//! let q = OddsQuery::new(BattleType::Land, Units::parse("3t1m").unwrap(), Units::parse("2t").unwrap());
//! let o = battle_odds(&q).unwrap();
//! assert!((o.attacker_wins + o.defender_holds - 1.0).abs() < 1e-12);
//! ```

use crate::game::{BattleKind, Game};
use crate::map::AreaId;
use crate::units::{UnitKind, Units};
use core::fmt;

/// The kind of battle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BattleType {
    /// Adjacent land areas: tactical supremacy, alternate rolls.
    Land,
    /// Adjacent sea areas: simultaneous rolls, submarines only.
    Sea,
    /// Across friendly seas: as a land battle, but the attacker never retreats and a
    /// cease-fire destroys him.
    Amphibious,
}

/// A battle to evaluate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OddsQuery {
    /// Land, sea or amphibious.
    pub kind: BattleType,
    /// The attacking units.
    pub attacker: Units,
    /// The defending units.
    pub defender: Units,
    /// The target is a capital (5 bonus dice, defender's supremacy).
    pub capital: bool,
    /// The target has a production center (3 bonus dice unless a capital).
    pub production_center: bool,
    /// The attacker retreats when he has at most this many units left (see the module docs).
    pub attacker_retreat_at: Option<u32>,
}

impl OddsQuery {
    /// A plain battle: no bonus, no retreat.
    pub fn new(kind: BattleType, attacker: Units, defender: Units) -> OddsQuery {
        OddsQuery {
            kind,
            attacker,
            defender,
            capital: false,
            production_center: false,
            attacker_retreat_at: None,
        }
    }
}

/// The result.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Odds {
    /// All defenders destroyed.
    pub attacker_wins: f64,
    /// At least one defender left (`1 - attacker_wins`).
    pub defender_holds: f64,
    /// Every attacking unit destroyed (the defender holds).
    pub attacker_destroyed: f64,
    /// The attacker left the battle by retreat or cease-fire with units alive (the defender
    /// holds).
    pub attacker_retreated: f64,
    /// Sea battles: both sides destroyed by the same pair of rolls (counted in
    /// `attacker_wins`).
    pub mutual_destruction: f64,
    /// Expected attacking units not destroyed (in the area, or retreated).
    pub attacker_survivors: f64,
    /// Expected defending units not destroyed.
    pub defender_survivors: f64,
}

/// Why odds cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OddsError {
    /// A side has no units.
    EmptySide(&'static str),
    /// A sea battle with land or air units, or a land battle with submarines.
    WrongUnits(&'static str),
    /// More than [`MAX_UNITS`] units on a side.
    TooLarge(u32),
}

/// The most units on one side.
pub const MAX_UNITS: u32 = 200;

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OddsError::EmptySide(s) => write!(f, "the {s} has no units"),
            OddsError::WrongUnits(s) => f.write_str(s),
            OddsError::TooLarge(n) => write!(f, "{n} units on one side; at most {MAX_UNITS} are supported"),
        }
    }
}

impl std::error::Error for OddsError {}

/// Probabilities of 0..=n hits with n dice (each hits with probability 1/3: two faces of
/// six, "Dice").
pub fn binomial_row(n: u32) -> Vec<f64> {
    let mut row = Vec::with_capacity(n as usize + 1);
    let mut p = (2.0f64 / 3.0).powi(n as i32);
    for k in 0..=n {
        row.push(p);
        p = p * f64::from(n - k) / (2.0 * f64::from(k + 1));
    }
    row
}

/// The order in which the stated casualty policy destroys a side's units (first destroyed
/// first).
pub fn removal_order(u: Units) -> Vec<UnitKind> {
    let mut land: Vec<UnitKind> = [UnitKind::Tank, UnitKind::Mech]
        .iter()
        .flat_map(|&k| core::iter::repeat_n(k, u.get(k) as usize))
        .collect();
    let mut air: Vec<UnitKind> = [UnitKind::Fighter, UnitKind::Bomber]
        .iter()
        .flat_map(|&k| core::iter::repeat_n(k, u.get(k) as usize))
        .collect();
    land.reverse();
    air.reverse();
    let mut out = Vec::with_capacity(u.total() as usize);
    loop {
        let pick = match (land.last(), air.last()) {
            (Some(&l), Some(&a)) => {
                if (l.combat(), l.cost()) >= (a.combat(), a.cost()) {
                    land.pop()
                } else {
                    air.pop()
                }
            }
            (Some(_), None) => land.pop(),
            (None, Some(_)) => air.pop(),
            (None, None) => None,
        };
        match pick {
            Some(k) => out.push(k),
            None => break,
        }
    }
    out.extend(core::iter::repeat_n(UnitKind::Submarine, u.get(UnitKind::Submarine) as usize));
    out
}

/// The stated casualty policy as a choice of the engine: of `h` hits on `u`, how many fall on
/// land units.
pub fn policy_hit_land(u: Units, h: u32) -> u32 {
    removal_order(u).iter().take(h as usize).filter(|k| k.is_land()).count() as u32
}

/// Outcome statistics of a state: [attacker wins, attacker destroyed, attacker retreated,
/// mutual destruction, attacker survivors, defender survivors].
type Stats = [f64; 6];

/// The chain. The attacker's state is (i, r): `i` units destroyed from the front of his
/// removal order, `r` retreated from its back; the defender's is `j` destroyed. A state is
/// valued at the start of a turn (land: before the roller's retreat; sea: before the pair).
struct Chain {
    kind: BattleType,
    n: usize,
    m: usize,
    /// Dice of the attacker's units `order[0..x]`, prefix sums.
    da: Vec<u32>,
    dd: Vec<u32>,
    bonus: u32,
    threshold: Option<u32>,
    rows: Vec<Vec<f64>>,
    /// `tails[n][k]`: probability of at least `k` hits with `n` dice.
    tails: Vec<Vec<f64>>,
    values: Vec<Stats>,
    r_dim: usize,
}

impl Chain {
    fn idx(&self, i: usize, r: usize, j: usize, turn: usize, e: usize) -> usize {
        ((((i * self.r_dim + r) * (self.m + 1) + j) * 3 + e) * 2) + turn
    }

    fn att_dice(&self, i: usize, r: usize) -> u32 {
        self.da[self.n - r] - self.da[i]
    }

    fn def_dice(&self, j: usize) -> u32 {
        self.dd[self.m] - self.dd[j] + self.bonus
    }

    fn terminal(&self, i: usize, r: usize, j: usize) -> Option<Stats> {
        if j == self.m {
            let mutual = if i + r == self.n { 1.0 } else { 0.0 };
            return Some([1.0, 0.0, 0.0, mutual, (self.n - i) as f64, 0.0]);
        }
        if i + r == self.n {
            let destroyed = if r == 0 { 1.0 } else { 0.0 };
            return Some([0.0, destroyed, 1.0 - destroyed, 0.0, r as f64, (self.m - j) as f64]);
        }
        None
    }

    fn cease_fire(&self, i: usize, r: usize, j: usize) -> Stats {
        let def = (self.m - j) as f64;
        if self.kind == BattleType::Amphibious {
            [0.0, 1.0, 0.0, 0.0, r as f64, def]
        } else {
            [0.0, 0.0, 1.0, 0.0, (self.n - i) as f64, def]
        }
    }

    /// Applies the attacker's retreat threshold before his roll.
    fn retreat(&self, i: usize, r: usize) -> usize {
        match self.threshold {
            Some(t) if self.kind != BattleType::Amphibious => {
                let rem = self.n - r - i;
                if rem as u32 <= t {
                    r + rem.div_ceil(2)
                } else {
                    r
                }
            }
            _ => r,
        }
    }

    /// The value of a state already computed (or terminal).
    fn get(&self, i: usize, r: usize, j: usize, turn: usize, e: usize) -> Stats {
        match self.terminal(i, r, j) {
            Some(s) => s,
            None => self.values[self.idx(i, r, j, turn, e)],
        }
    }

    /// The probability of exactly `k` hits with `n` dice, where `k == cap` stands for "at
    /// least `cap`" (every hit beyond the last enemy unit is wasted).
    fn p(&self, n: usize, k: usize, cap: usize) -> f64 {
        if k == cap {
            self.tails[n][k]
        } else {
            self.rows[n][k]
        }
    }

    fn compute(&self, i: usize, r: usize, j: usize, turn: usize, e: usize) -> Stats {
        let mut acc = [0.0; 6];
        let add = |acc: &mut Stats, p: f64, s: Stats| {
            for (a, x) in acc.iter_mut().zip(s) {
                *a += p * x;
            }
        };
        if self.kind == BattleType::Sea {
            let r2 = self.retreat(i, r);
            if let Some(s) = self.terminal(i, r2, j) {
                return s;
            }
            let na = self.att_dice(i, r2) as usize;
            let nd = self.def_dice(j) as usize;
            let cap_a = (self.m - j).min(na);
            let cap_d = (self.n - r2 - i).min(nd);
            for ka in 0..=cap_a {
                let pa = self.p(na, ka, if cap_a == self.m - j { cap_a } else { usize::MAX });
                for kd in 0..=cap_d {
                    let p = pa * self.p(nd, kd, if cap_d == self.n - r2 - i { cap_d } else { usize::MAX });
                    let s = if ka == 0 && kd == 0 {
                        if e + 1 >= 3 {
                            self.cease_fire(i, r2, j)
                        } else {
                            self.get(i, r2, j, 0, e + 1)
                        }
                    } else {
                        self.get(i + kd, r2, j + ka, 0, 0)
                    };
                    add(&mut acc, p, s);
                }
            }
        } else if turn == 0 {
            let r2 = self.retreat(i, r);
            if let Some(s) = self.terminal(i, r2, j) {
                return s;
            }
            let na = self.att_dice(i, r2) as usize;
            let cap = (self.m - j).min(na);
            for k in 0..=cap {
                let p = self.p(na, k, if cap == self.m - j { cap } else { usize::MAX });
                let s = if k == 0 {
                    if e + 1 >= 3 {
                        self.cease_fire(i, r2, j)
                    } else {
                        self.get(i, r2, j, 1, e + 1)
                    }
                } else {
                    self.get(i, r2, j + k, 1, 0)
                };
                add(&mut acc, p, s);
            }
        } else {
            let nd = self.def_dice(j) as usize;
            let cap = (self.n - r - i).min(nd);
            for k in 0..=cap {
                let p = self.p(nd, k, if cap == self.n - r - i { cap } else { usize::MAX });
                let s = if k == 0 {
                    if e + 1 >= 3 {
                        self.cease_fire(i, r, j)
                    } else {
                        self.get(i, r, j, 0, e + 1)
                    }
                } else {
                    self.get(i + k, r, j, 0, 0)
                };
                add(&mut acc, p, s);
            }
        }
        acc
    }

    /// Values every state, later states first: more losses, more retreats, more empty rolls.
    fn solve(&mut self) {
        for i in (0..=self.n).rev() {
            for r in (0..self.r_dim).rev() {
                if i + r > self.n {
                    continue;
                }
                for j in (0..=self.m).rev() {
                    if self.terminal(i, r, j).is_some() {
                        continue;
                    }
                    for e in (0..3).rev() {
                        for turn in 0..2 {
                            if self.kind == BattleType::Sea && turn == 1 {
                                continue;
                            }
                            let v = self.compute(i, r, j, turn, e);
                            let k = self.idx(i, r, j, turn, e);
                            self.values[k] = v;
                        }
                    }
                }
            }
        }
    }
}

/// The exact odds of a battle under the stated policies.
///
/// # Errors
/// A side without units, units that cannot fight in that kind of battle, too many units.
pub fn battle_odds(q: &OddsQuery) -> Result<Odds, OddsError> {
    for (name, u) in [("attacker", q.attacker), ("defender", q.defender)] {
        if u.is_empty() {
            return Err(OddsError::EmptySide(name));
        }
        if u.total() > MAX_UNITS {
            return Err(OddsError::TooLarge(u.total()));
        }
        let sea = q.kind == BattleType::Sea;
        if sea && u.land_air().total() > 0 {
            return Err(OddsError::WrongUnits("only submarines fight sea battles"));
        }
        if !sea && u.get(UnitKind::Submarine) > 0 {
            return Err(OddsError::WrongUnits("submarines do not fight land or amphibious battles"));
        }
    }
    let oa = removal_order(q.attacker);
    let od = removal_order(q.defender);
    let prefix = |o: &[UnitKind]| {
        let mut v = vec![0u32];
        for k in o {
            v.push(v.last().copied().unwrap_or(0) + k.combat());
        }
        v
    };
    let bonus = if q.kind == BattleType::Sea {
        0
    } else if q.capital {
        5
    } else if q.production_center {
        3
    } else {
        0
    };
    let (n, m) = (oa.len(), od.len());
    let da = prefix(&oa);
    let dd = prefix(&od);
    let max_dice = da[n].max(dd[m] + bonus);
    let rows: Vec<Vec<f64>> = (0..=max_dice).map(binomial_row).collect();
    let tails = rows
        .iter()
        .map(|row| {
            let mut t = vec![0.0; row.len() + 1];
            for k in (0..row.len()).rev() {
                t[k] = t[k + 1] + row[k];
            }
            t
        })
        .collect();
    let r_dim = if q.attacker_retreat_at.is_some() && q.kind != BattleType::Amphibious {
        n + 1
    } else {
        1
    };
    let size = (n + 1) * r_dim * (m + 1) * 6;
    let mut chain = Chain {
        kind: q.kind,
        n,
        m,
        da,
        dd,
        bonus,
        threshold: q.attacker_retreat_at,
        rows,
        tails,
        values: vec![[0.0; 6]; size],
        r_dim,
    };
    chain.solve();
    // "Land Battles": the side with tactical supremacy rolls first; the defender of a capital
    // always has it, and ties go to the defender.
    let first = if q.kind != BattleType::Sea && !q.capital && q.attacker.supremacy() > q.defender.supremacy() {
        0
    } else {
        1
    };
    let s = chain.get(0, 0, 0, if q.kind == BattleType::Sea { 0 } else { first }, 0);
    Ok(Odds {
        attacker_wins: s[0],
        defender_holds: 1.0 - s[0],
        attacker_destroyed: s[1],
        attacker_retreated: s[2],
        mutual_destruction: s[3],
        attacker_survivors: s[4],
        defender_survivors: s[5],
    })
}

/// The odds type of a battle kind: a mech drop is computed as an amphibious battle (the
/// attacker never retreats and a cease-fire destroys him: ruling S25).
pub fn battle_type(kind: BattleKind) -> BattleType {
    match kind {
        BattleKind::Land => BattleType::Land,
        BattleKind::Sea => BattleType::Sea,
        BattleKind::Amphibious | BattleKind::MechDrop => BattleType::Amphibious,
    }
}

/// The exact odds of `att` attacking `def` in the area `to` of game `g` in a battle of `kind`
/// (the area's capital and production center give the defender his bonus dice), or `None`
/// when a side is empty or of the wrong kind.
pub fn area_odds(g: &Game, kind: BattleKind, att: Units, def: Units, to: AreaId) -> Option<Odds> {
    let q = OddsQuery {
        kind: battle_type(kind),
        attacker: att,
        defender: def,
        capital: g.map().area(to).capital,
        production_center: g.area(to).pc,
        attacker_retreat_at: None,
    };
    battle_odds(&q).ok()
}

/// The battle an attack from `from` on `to` would start, the units in `from` that could join
/// it, and the exact odds of attacking with all of them (for players choosing an attack).
pub fn attack_odds(g: &Game, from: AreaId, to: AreaId) -> Option<(BattleKind, Units, Odds)> {
    let kind = if !g.map().is_land(to) {
        BattleKind::Sea
    } else if g.map().is_adjacent(from, to) {
        BattleKind::Land
    } else {
        BattleKind::Amphibious
    };
    let u = g.area(from).units;
    let att = if kind == BattleKind::Sea { u.sea() } else { u.land_air() };
    area_odds(g, kind, att, g.area(to).units, to).map(|o| (kind, att, o))
}

/// Odds in words: `attacker takes it 62%, defender holds 38% (attacker wiped out 20%)`.
pub fn odds_words(o: &Odds) -> String {
    format!(
        "attacker takes it {:.0}%, defender holds {:.0}% (attacker wiped out {:.0}%)",
        100.0 * o.attacker_wins,
        100.0 * o.defender_holds,
        100.0 * o.attacker_destroyed
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Units {
        Units::parse(s).unwrap()
    }

    #[test]
    fn binomial_rows_sum_to_one() {
        for n in [0, 1, 2, 7, 30, 65, 400] {
            let s: f64 = binomial_row(n).iter().sum();
            assert!((s - 1.0).abs() < 1e-9, "{n}: {s}");
        }
        assert!((binomial_row(1)[1] - 1.0 / 3.0).abs() < 1e-15);
    }

    #[test]
    fn removal_order_follows_land_battles_restrictions() {
        // "Land Battles": a bomber may not be destroyed if a fighter could be, a mech not if a
        // tank could be.
        let o = removal_order(u("2t1m1f1b"));
        assert_eq!(
            o,
            vec![UnitKind::Fighter, UnitKind::Bomber, UnitKind::Tank, UnitKind::Tank, UnitKind::Mech]
        );
        assert_eq!(policy_hit_land(u("2t1m1f1b"), 3), 1);
    }

    #[test]
    fn one_tank_against_one_tank() {
        // "Land Battles": tie in supremacy (0-0): the defender rolls first. P(def first hit) =
        // 1/3; the cease-fire comes after three empty rolls in a row: D, A, D.
        let o = battle_odds(&OddsQuery::new(BattleType::Land, u("t"), u("t"))).unwrap();
        // Rolls alternate D A D: defender wins on D1 (1/3), attacker on A (2/3*1/3), defender
        // on D2 (2/3*2/3*1/3), else cease-fire (8/27).
        let want_att = 2.0 / 9.0;
        assert!((o.attacker_wins - want_att).abs() < 1e-12, "{o:?}");
        assert!((o.attacker_destroyed - (1.0 / 3.0 + 4.0 / 27.0)).abs() < 1e-12);
        assert!((o.attacker_retreated - 8.0 / 27.0).abs() < 1e-12);
        let total = o.attacker_wins + o.attacker_destroyed + o.attacker_retreated;
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn amphibious_cease_fire_destroys_the_attacker() {
        // "Amphibious Battles": a cease-fire destroys the attacking units.
        let o = battle_odds(&OddsQuery::new(BattleType::Amphibious, u("t"), u("t"))).unwrap();
        assert!(o.attacker_retreated.abs() < 1e-15);
        assert!((o.attacker_destroyed - (1.0 - 2.0 / 9.0)).abs() < 1e-12);
    }

    #[test]
    fn sea_battles_are_simultaneous() {
        // "Sea Battles": both roll together; 1 sub vs 1 sub: each pair ends with both hit
        // (1/9), one hit (2/9 each) or none (4/9); three empty pairs make a cease-fire.
        let o = battle_odds(&OddsQuery::new(BattleType::Sea, u("s"), u("s"))).unwrap();
        let cont = 4.0f64 / 9.0;
        let decided = 1.0 + cont + cont * cont;
        assert!((o.mutual_destruction - decided / 9.0).abs() < 1e-12, "{o:?}");
        assert!((o.attacker_wins - decided * 3.0 / 9.0).abs() < 1e-12);
        assert!((o.attacker_retreated - cont.powi(3)).abs() < 1e-12);
    }

    #[test]
    fn bonus_dice_and_supremacy() {
        let plain = battle_odds(&OddsQuery::new(BattleType::Land, u("4t"), u("2t"))).unwrap();
        let mut q = OddsQuery::new(BattleType::Land, u("4t"), u("2t"));
        q.production_center = true;
        let pc = battle_odds(&q).unwrap();
        q.capital = true;
        let cap = battle_odds(&q).unwrap();
        assert!(plain.attacker_wins > pc.attacker_wins && pc.attacker_wins > cap.attacker_wins);
        assert!(battle_odds(&OddsQuery::new(BattleType::Sea, u("t"), u("s"))).is_err());
    }

    #[test]
    fn retreat_threshold_saves_attackers() {
        let q = OddsQuery::new(BattleType::Land, u("3t"), u("2m"));
        let none = battle_odds(&q).unwrap();
        let mut r = q;
        r.attacker_retreat_at = Some(2);
        let with = battle_odds(&r).unwrap();
        assert!(with.attacker_destroyed < none.attacker_destroyed);
        let s = with.attacker_wins + with.attacker_destroyed + with.attacker_retreated;
        assert!((s - 1.0).abs() < 1e-12);
    }
}
