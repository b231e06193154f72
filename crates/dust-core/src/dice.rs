//! Combat dice as chance events (tactics-revised-core-rules.md, "Combat Dice", "4) Roll Dice";
//! tactics-battlefront-2013-rules.txt, "Dust Dice", "Classic Dust Dice").
//!
//! The revised edition's die has six faces: two hits and four misses. The battlefront edition's
//! die has three symbols on two faces each (the army symbol, the target, the shield), or, as an
//! option, the classic two-symbol die with the book's conversion ([`BattlefrontDice`]). A roll is
//! never a list of faces for the rules; it is "k successes out of n dice", with an exactly known
//! (binomial) distribution over the faces that count. The engine, the odds calculator and the
//! AI's chance nodes share these definitions.

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

/// A symbol of the battlefront edition's die (tactics-battlefront-2013-rules.txt, "Dust Dice":
/// "two sides showing an army symbol, two sides showing a target symbol, and two sides showing
/// a shield symbol").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Symbol {
    /// The army symbol of the player's bloc: what most rolls count.
    Army,
    /// The target: also counted by easier rolls to hit (and the initiative tie-break).
    Target,
    /// The shield: also counted by easier saves.
    Shield,
}

impl Symbol {
    const fn bit(self) -> u8 {
        match self {
            Symbol::Army => 1,
            Symbol::Target => 2,
            Symbol::Shield => 4,
        }
    }
}

/// The symbols a roll counts as successes.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Symbols(u8);

impl Symbols {
    /// No symbol.
    pub const NONE: Symbols = Symbols(0);
    /// The army symbol: most rolls ("count those dice showing the army symbol").
    pub const ARMY: Symbols = Symbols(1);
    /// The target symbol alone (the initiative tie-break).
    pub const TARGET: Symbols = Symbols(2);
    /// The shield symbol alone.
    pub const SHIELD: Symbols = Symbols(4);
    /// An easier roll to hit: army symbol or target.
    pub const ARMY_OR_TARGET: Symbols = Symbols(3);
    /// An easier save: army symbol or shield.
    pub const ARMY_OR_SHIELD: Symbols = Symbols(5);

    /// The set of one symbol.
    pub const fn of(s: Symbol) -> Symbols {
        Symbols(s.bit())
    }
    /// Both sets.
    pub const fn or(self, other: Symbols) -> Symbols {
        Symbols(self.0 | other.0)
    }
    /// The symbols of `self` that are not in `other`.
    pub const fn minus(self, other: Symbols) -> Symbols {
        Symbols(self.0 & !other.0)
    }
    /// Whether the set counts `s`.
    pub const fn contains(self, s: Symbol) -> bool {
        self.0 & s.bit() != 0
    }
    /// How many symbols the set counts.
    pub const fn len(self) -> u8 {
        self.0.count_ones() as u8
    }
    /// Whether the set counts nothing.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The dice of a battlefront game.
///
/// Three-symbol dice: each symbol is on two faces of six, so a roll counting one symbol
/// succeeds on 2 faces, an easier roll counting two symbols on 4. Classic dice (two faces with
/// the hit symbol, four blank): "any time that the rules require you to roll your army symbol,
/// count the hit symbol as successes. When the rules count both the army symbol and another
/// symbol as a success, count [the blank faces] as successes" — the same chances, but a classic
/// die has no target or shield of its own to count (docs/rulings.md, "Battlefront dice").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub enum BattlefrontDice {
    /// The edition's dice: army symbol, target, shield, two faces each.
    #[default]
    ThreeSymbol,
    /// The original Dust Tactics dice (2 hit faces, 4 blank), with the book's conversion.
    Classic,
}

impl BattlefrontDice {
    /// Faces of a die.
    pub const FACES: u8 = 6;

    /// Faces of one die that count for a roll counting `count`.
    pub const fn success_faces(self, count: Symbols) -> u8 {
        match self {
            BattlefrontDice::ThreeSymbol => 2 * count.len(),
            BattlefrontDice::Classic => {
                if !count.contains(Symbol::Army) {
                    0
                } else if count.len() == 1 {
                    2
                } else {
                    4
                }
            }
        }
    }

    /// A roll of `dice` dice counting `count`.
    pub const fn roll(self, dice: u16, count: Symbols) -> Roll {
        Roll {
            dice,
            success_faces: self.success_faces(count),
            faces: Self::FACES,
        }
    }

    /// The dice of a roll already made that did not show `shown`, counted again for `count`
    /// (the initiative tie-break counts the targets among the dice that did not show the army
    /// symbol). Each such die shows one of the other faces with equal chance, so the count is
    /// binomial again and the two counts together are exactly the multinomial of the faces.
    /// `None` when the dice have no face of `count` left (classic dice have no target).
    pub const fn roll_among(self, dice: u16, shown: Symbols, count: Symbols) -> Option<Roll> {
        match self {
            BattlefrontDice::ThreeSymbol => {
                let left = count.minus(shown).len();
                if left == 0 {
                    None
                } else {
                    Some(Roll {
                        dice,
                        success_faces: 2 * left,
                        faces: Self::FACES - 2 * shown.len(),
                    })
                }
            }
            BattlefrontDice::Classic => None,
        }
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

    /// tactics-battlefront-2013-rules.txt, "Dust Dice": one symbol is two faces in six; easier
    /// rolls count two symbols, "making you twice as likely to succeed"; "Classic Dust Dice":
    /// the conversion keeps the chances.
    #[test]
    fn battlefront_dice_chances() {
        for dice in [BattlefrontDice::ThreeSymbol, BattlefrontDice::Classic] {
            assert!((dice.roll(1, Symbols::ARMY).p() - 1.0 / 3.0).abs() < 1e-15);
            assert!((dice.roll(1, Symbols::ARMY_OR_TARGET).p() - 2.0 / 3.0).abs() < 1e-15);
            assert!((dice.roll(1, Symbols::ARMY_OR_SHIELD).p() - 2.0 / 3.0).abs() < 1e-15);
        }
        assert_eq!(BattlefrontDice::ThreeSymbol.success_faces(Symbols::TARGET), 2);
        assert_eq!(BattlefrontDice::Classic.success_faces(Symbols::TARGET), 0);
        // Targets among the dice that did not show the army symbol: 2 faces of the 4 left.
        let r = BattlefrontDice::ThreeSymbol
            .roll_among(2, Symbols::ARMY, Symbols::TARGET)
            .expect("three-symbol dice have targets");
        assert_eq!((r.success_faces, r.faces), (2, 4));
        assert_eq!(BattlefrontDice::Classic.roll_among(2, Symbols::ARMY, Symbols::TARGET), None);
        assert_eq!(BattlefrontDice::ThreeSymbol.roll_among(2, Symbols::ARMY, Symbols::ARMY), None);
        // The two binomials make the multinomial: P(1 army, 1 target, 1 shield) on three dice
        // is 3! / 3^3 = 6/27.
        let army = BattlefrontDice::ThreeSymbol.roll(3, Symbols::ARMY).distribution();
        let target = r_among(2);
        assert!((army[1] * target[1] - 6.0 / 27.0).abs() < 1e-12);
        fn r_among(n: u16) -> Vec<f64> {
            BattlefrontDice::ThreeSymbol
                .roll_among(n, Symbols::ARMY, Symbols::TARGET)
                .map(|r| r.distribution())
                .unwrap_or_default()
        }
    }
}
