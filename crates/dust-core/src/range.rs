//! Range between spaces (tactics-revised-core-rules.md, "1) Check Range"): counted in spaces like
//! movement, the first diagonal costs 1 and every further diagonal 2.
//!
//! This is not a metric in the strict sense (A1→B2 is 1, B2→C3 is 1, A1→C3 is 3): the discount
//! for the first diagonal is per measurement. It is symmetric and matches [`mod@crate::reach`] on an
//! open board (see docs/rulings.md, "Range and the first diagonal").

use crate::square::Square;

/// Range in spaces from `a` to `b`.
///
/// ```
/// use dust_core::{range, Square};
/// let a: Square = "A1".parse().unwrap();
/// assert_eq!(range(a, "A4".parse().unwrap()), 3);
/// assert_eq!(range(a, "B2".parse().unwrap()), 1); // first diagonal costs 1
/// assert_eq!(range(a, "C3".parse().unwrap()), 3); // the second costs 2
/// ```
#[inline]
pub fn range(a: Square, b: Square) -> u32 {
    let dx = u32::from(a.col().abs_diff(b.col()));
    let dy = u32::from(a.row().abs_diff(b.row()));
    if dx > 0 && dy > 0 {
        dx + dy - 1
    } else {
        dx + dy
    }
}

/// A weapon's reach in spaces: numeric `N` (1..=N), arc `X-Y`, close combat `C` (adjacent),
/// long range `U` (any), artillery `A` (4 or more). ("Weapon Ranges")
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum WeaponRange {
    /// Minimum and maximum spaces (a plain number `N` is `1..=N`; an arc `X-Y` is `X..=Y`).
    Spaces {
        /// Minimum range.
        min: u8,
        /// Maximum range.
        max: u8,
    },
    /// Range C: the target must be adjacent.
    Close,
    /// Range U: any distance with line of sight.
    Unlimited,
    /// Range A: artillery, minimum 4, no maximum.
    Artillery,
}

impl WeaponRange {
    /// Whether a target at `d` spaces (as [`range`] counts) is within this weapon's range.
    /// Close combat asks for adjacency, which is range 1 (diagonal neighbours included).
    pub const fn reaches(self, d: u32) -> bool {
        match self {
            WeaponRange::Spaces { min, max } => d >= min as u32 && d <= max as u32 && d > 0,
            WeaponRange::Close => d == 1,
            WeaponRange::Unlimited => d > 0,
            WeaponRange::Artillery => d >= 4,
        }
    }

    /// [`WeaponRange::reaches`] by the rules of `edition`: in the battlefront edition a classic
    /// Range A is 2-U (tactics-battlefront-2013-rules.txt, "Artillery Range (A)": "Some classic
    /// cards show a Range of A. These have a Range of 2-U"), every square but the adjacent ones.
    pub const fn reaches_in(self, edition: crate::edition::Edition, d: u32) -> bool {
        match (self, edition) {
            (WeaponRange::Artillery, crate::edition::Edition::Battlefront) => d >= 2,
            _ => self.reaches(d),
        }
    }
}

impl core::fmt::Display for WeaponRange {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            WeaponRange::Spaces { min: 1, max } => write!(f, "{max}"),
            WeaponRange::Spaces { min, max } => write!(f, "{min}-{max}"),
            WeaponRange::Close => f.write_str("C"),
            WeaponRange::Unlimited => f.write_str("U"),
            WeaponRange::Artillery => f.write_str("A"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_range_example() {
        // tactics-revised-core-rules.md, "1) Check Range": first diagonal 1, further diagonals 2.
        let s = |t: &str| t.parse::<Square>().unwrap();
        assert_eq!(range(s("C3"), s("C3")), 0);
        assert_eq!(range(s("C3"), s("D4")), 1);
        assert_eq!(range(s("C3"), s("E5")), 3);
        assert_eq!(range(s("C3"), s("F4")), 3);
        assert_eq!(range(s("C3"), s("A6")), 4);
        assert!(WeaponRange::Artillery.reaches(4) && !WeaponRange::Artillery.reaches(3));
        assert!(WeaponRange::Spaces { min: 3, max: 6 }.reaches(3) && !WeaponRange::Spaces { min: 3, max: 6 }.reaches(2));
    }
}
