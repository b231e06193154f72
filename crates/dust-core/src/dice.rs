//! Combat dice as chance events (tactics-revised-core-rules.md, "Combat Dice", "4) Roll Dice").
//!
//! The revised edition's die has six faces: two hits and four misses. A roll is never a list of
//! faces for the rules; it is "k successes out of n dice", with an exactly known distribution.
//! The engine, the odds calculator and the AI's chance nodes share these definitions.

use crate::rng::GameRng;

/// Which face of a die counts as a success for a roll.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Face {
    /// The hit symbol (2 faces in 6).
    Hit,
    /// The miss symbol (4 faces in 6): cover saves that show the miss face, Spotter's reversed dice.
    Miss,
}

/// The kind of die in play. Dice are described by how many of their faces succeed.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Die {
    /// Faces in all.
    pub faces: u8,
    /// Faces that show the hit symbol.
    pub hit_faces: u8,
}

impl Die {
    /// The revised edition's combat die: 2 hits, 4 misses.
    pub const REVISED: Die = Die { faces: 6, hit_faces: 2 };
    /// Successful faces for `face`.
    pub const fn successes(self, face: Face) -> u8 {
        match face {
            Face::Hit => self.hit_faces,
            Face::Miss => self.faces - self.hit_faces,
        }
    }
    /// Probability that one die shows `face`.
    pub fn p(self, face: Face) -> f64 {
        f64::from(self.successes(face)) / f64::from(self.faces)
    }
}

/// One chance event: `dice` dice are rolled and the successes counted.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Roll {
    /// How many dice.
    pub dice: u16,
    /// Faces that succeed on each die.
    pub success_faces: u8,
    /// Faces in all.
    pub faces: u8,
}

impl Roll {
    /// A roll of `dice` dice of kind `die` counting `face`.
    pub const fn new(die: Die, dice: u16, face: Face) -> Roll {
        Roll {
            dice,
            success_faces: die.successes(face),
            faces: die.faces,
        }
    }
    /// Probability of one success on one die.
    pub fn p(&self) -> f64 {
        f64::from(self.success_faces) / f64::from(self.faces)
    }
    /// The exact distribution of the number of successes: entry `k` is P(k successes).
    pub fn distribution(&self) -> Vec<f64> {
        binomial(u32::from(self.dice), self.p())
    }
    /// Rolls the dice one by one with the generator and counts successes.
    pub fn sample(&self, rng: &mut GameRng) -> u16 {
        let f = u64::from(self.faces);
        let s = u64::from(self.success_faces);
        (0..self.dice).filter(|_| rng.below(f) < s).count() as u16
    }
}

/// The binomial distribution: entry `k` is P(k successes of `n` trials with probability `p`).
pub fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut v = vec![0.0; n as usize + 1];
    v[0] = 1.0;
    for i in 1..=n as usize {
        for k in (0..=i).rev() {
            let stay = if k < i { v[k] * (1.0 - p) } else { 0.0 };
            let up = if k > 0 { v[k - 1] * p } else { 0.0 };
            v[k] = stay + up;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_sum_to_one() {
        for n in 0..20 {
            let d = Roll::new(Die::REVISED, n, Face::Hit).distribution();
            assert_eq!(d.len(), usize::from(n) + 1);
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        let d = Roll::new(Die::REVISED, 2, Face::Hit).distribution();
        assert!((d[2] - 1.0 / 9.0).abs() < 1e-15 && (d[0] - 4.0 / 9.0).abs() < 1e-15);
    }
}
