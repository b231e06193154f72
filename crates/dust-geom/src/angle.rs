//! Facings without the platform's `sin` and `cos`: whole degrees, turned with a written-out
//! table of sines.
//!
//! The book measures field of fire in multiples of 45° and the table file gives facings in
//! whole degrees (0 = towards +y, clockwise). [`SIN_Q30`] holds `round(sin(k°) · 2³⁰)` for
//! `k = 0..=90`, computed once and written into the source: the rules never call a libm
//! function, so a facing turns a hull to the same integer corners on every machine. Rounding
//! to 0.1 mm after the turn keeps every corner within 0.05 mm of the true one.

use crate::exact::{round_div, Coord, Pt};

/// `round(sin(k°) · 2³⁰)` for `k = 0..=90`.
pub const SIN_Q30: [i64; 91] = [
    0, 18739379, 37473049, 56195305, 74900443, 93582766, 112236583, 130856211, 149435979, 167970228, 186453311, 204879599, 223243478,
    241539355, 259761657, 277904834, 295963357, 313931728, 331804471, 349576144, 367241333, 384794656, 402230767, 419544355, 436730145,
    453782903, 470697435, 487468587, 504091252, 520560366, 536870912, 553017922, 568996477, 584801711, 600428808, 615873009, 631129609,
    646193961, 661061475, 675727625, 690187940, 704438018, 718473518, 732290163, 745883746, 759250125, 772385229, 785285058, 797945680,
    810363241, 822533958, 834454122, 846120104, 857528349, 868675383, 879557810, 890172315, 900515665, 910584710, 920376381, 929887697,
    939115760, 948057759, 956710970, 965072759, 973140576, 980911966, 988384560, 995556083, 1002424350, 1008987269, 1015242840, 1021189159,
    1026824413, 1032146887, 1037154959, 1041847103, 1046221891, 1050277989, 1054014162, 1057429273, 1060522280, 1063292242, 1065738315,
    1067859754, 1069655912, 1071126243, 1072270298, 1073087729, 1073578288, 1073741824,
];

/// The fixed-point scale of [`SIN_Q30`].
pub const ONE_Q30: i64 = 1 << 30;

/// A facing in whole degrees, 0 = towards +y (away from player A), growing clockwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Facing(u16);

impl Facing {
    /// A facing from any whole number of degrees (taken modulo 360).
    pub fn deg(d: i64) -> Facing {
        Facing(d.rem_euclid(360) as u16)
    }

    /// The degrees, `0..360`.
    pub const fn degrees(self) -> u16 {
        self.0
    }

    /// `sin` of the facing in 2³⁰ fixed point.
    pub fn sin_q30(self) -> i64 {
        let d = i64::from(self.0);
        match d {
            0..=90 => SIN_Q30[d as usize],
            91..=180 => SIN_Q30[(180 - d) as usize],
            181..=270 => -SIN_Q30[(d - 180) as usize],
            _ => -SIN_Q30[(360 - d) as usize],
        }
    }

    /// `cos` of the facing in 2³⁰ fixed point.
    pub fn cos_q30(self) -> i64 {
        Facing::deg(i64::from(self.0) + 90).sin_q30()
    }

    /// The world offset of a point given in the facing's own frame: `forward` along the facing,
    /// `right` to its right. Forward is `(sin θ, cos θ)` (0° = +y, clockwise), right is
    /// `(cos θ, −sin θ)`; the result is rounded to the unit.
    pub fn turn(self, forward: Coord, right: Coord) -> Pt {
        let (s, c) = (i128::from(self.sin_q30()), i128::from(self.cos_q30()));
        let (f, r) = (i128::from(forward), i128::from(right));
        let one = i128::from(ONE_Q30);
        Pt::new(round_div(f * s + r * c, one) as Coord, round_div(f * c - r * s, one) as Coord)
    }

    /// Whether the direction `v` (a world vector) is within `half` degrees of this facing,
    /// decided on integers: with the facing's direction `u = (sin θ, cos θ)` in 2³⁰ fixed
    /// point, the angle is at most `half` when `u·v ≥ |v| cos(half)`; both sides are compared
    /// squared, with their signs. The table's cosine is lowered by 2⁻²⁹ so that a direction
    /// exactly on the arc's edge (the book's 45° and 90°) counts as inside despite rounding.
    pub fn within(self, v: Pt, half: u16) -> bool {
        if v == Pt::new(0, 0) {
            return true;
        }
        let (s, c) = (i128::from(self.sin_q30()), i128::from(self.cos_q30()));
        let d = s * i128::from(v.x) + c * i128::from(v.y);
        let cos_h = i128::from(Facing::deg(i64::from(half)).cos_q30()) - 2;
        let v2 = i128::from(v.x) * i128::from(v.x) + i128::from(v.y) * i128::from(v.y);
        let rhs = cos_h * cos_h * v2;
        match (d >= 0, cos_h >= 0) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => d * d >= rhs,
            (false, false) => d * d <= rhs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table agrees with the platform's sine to half a unit of 2⁻³⁰ (checked here only; the
    /// rules read the table) and the turned unit vector keeps its length.
    #[test]
    fn the_table_is_the_sine() {
        for k in 0..=90 {
            let exact = (f64::from(k)).to_radians().sin() * ONE_Q30 as f64;
            assert!((SIN_Q30[k as usize] as f64 - exact).abs() <= 0.5 + 1e-6, "{k}");
        }
        for d in 0..360 {
            let f = Facing::deg(d);
            let (s, c) = (i128::from(f.sin_q30()), i128::from(f.cos_q30()));
            let one = i128::from(ONE_Q30);
            assert!((s * s + c * c - one * one).abs() < 4 * one, "{d}");
        }
        assert_eq!(Facing::deg(0).turn(100, 0), Pt::new(0, 100));
        assert_eq!(Facing::deg(90).turn(100, 0), Pt::new(100, 0));
        assert_eq!(Facing::deg(90).turn(0, 100), Pt::new(0, -100));
        assert_eq!(Facing::deg(-90), Facing::deg(270));
    }

    #[test]
    fn within_an_arc() {
        let f = Facing::deg(0);
        assert!(f.within(Pt::new(0, 10), 45));
        assert!(f.within(Pt::new(10, 10), 45));
        assert!(!f.within(Pt::new(11, 10), 45));
        assert!(f.within(Pt::new(10, 0), 90));
        assert!(!f.within(Pt::new(10, -1), 90));
        assert!(f.within(Pt::new(10, -10), 135));
        assert!(!f.within(Pt::new(0, -10), 135));
    }
}
