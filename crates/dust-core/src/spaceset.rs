//! Sets of spaces as bits, one per space in row-major order (A1 = bit 0): what the movement
//! search works on a whole board at a time ([`crate::reach`]). A board of up to 512 spaces
//! (the shipped boards are 384) fits in 8 words; the largest board the map format allows
//! (26 × 99) in 41.

/// Words for the largest board (26 columns × 99 rows = 2,574 spaces).
pub(crate) const LARGE_WORDS: usize = 41;

/// Words needed for `spaces` spaces.
pub(crate) fn words_for(spaces: usize) -> usize {
    spaces.div_ceil(64)
}

/// A set of spaces of one board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Bits<W> {
    pub(crate) const EMPTY: Bits<W> = Bits([0; W]);

    /// The set held in `words` (shorter than `W`: the rest is empty).
    #[inline]
    pub(crate) fn load(words: &[u64]) -> Bits<W> {
        // The usual case, `W` chosen to fit the board: a copy of known length.
        if let Ok(&all) = <&[u64; W]>::try_from(words) {
            return Bits(all);
        }
        let mut b = Self::EMPTY;
        b.0[..words.len()].copy_from_slice(words);
        b
    }
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    /// The number of members.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline(always)]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }
    // The set operations and shifts are a few instructions on a few words, in the movement
    // search's inner loop: always inlined, so that the sets stay in registers.
    #[inline(always)]
    pub(crate) fn and(self, o: Bits<W>) -> Bits<W> {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }
    #[inline(always)]
    pub(crate) fn or(self, o: Bits<W>) -> Bits<W> {
        let mut r = self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }
    /// The spaces of `self` not in `o`.
    #[inline(always)]
    pub(crate) fn minus(self, o: Bits<W>) -> Bits<W> {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// Every bit `i` moved to `i + n` (bits moved out of the words are lost).
    #[inline(always)]
    pub(crate) fn shift(self, n: isize) -> Bits<W> {
        let mut r = Self::EMPTY;
        let (words, bits) = (n.unsigned_abs() / 64, (n.unsigned_abs() % 64) as u32);
        if words >= W {
            return r;
        }
        if words == 0 && bits > 0 {
            // A step on the board moves a space's number by less than 64: one carry per word.
            let x = self.0;
            if n > 0 {
                r.0[0] = x[0] << bits;
                for i in 1..W {
                    r.0[i] = (x[i] << bits) | (x[i - 1] >> (64 - bits));
                }
            } else {
                for i in 0..W - 1 {
                    r.0[i] = (x[i] >> bits) | (x[i + 1] << (64 - bits));
                }
                r.0[W - 1] = x[W - 1] >> bits;
            }
            return r;
        }
        if n >= 0 {
            for i in words..W {
                let lo = self.0[i - words];
                let carry = if bits > 0 && i > words {
                    self.0[i - words - 1] >> (64 - bits)
                } else {
                    0
                };
                r.0[i] = (lo << bits) | carry;
            }
        } else {
            for i in 0..W - words {
                let hi = self.0[i + words];
                let carry = if bits > 0 && i + words + 1 < W {
                    self.0[i + words + 1] << (64 - bits)
                } else {
                    0
                };
                r.0[i] = (hi >> bits) | carry;
            }
        }
        r
    }
    /// The members, in increasing order.
    pub(crate) fn ones(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(wi, mut w)| {
            core::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
        })
    }
}

/// Sets `bit` of space `i` in `words`.
#[inline]
pub(crate) fn put(words: &mut [u64], i: usize, on: bool) {
    if on {
        words[i / 64] |= 1 << (i % 64);
    } else {
        words[i / 64] &= !(1 << (i % 64));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(v: &[usize]) -> Bits<3> {
        let mut b = Bits::EMPTY;
        v.iter().for_each(|&i| b.insert(i));
        b
    }

    #[test]
    fn shifts_move_every_bit_and_drop_the_overflow() {
        let b = set(&[0, 5, 63, 64, 100, 191]);
        assert_eq!(b.shift(1).ones().collect::<Vec<_>>(), vec![1, 6, 64, 65, 101]);
        assert_eq!(b.shift(-1).ones().collect::<Vec<_>>(), vec![4, 62, 63, 99, 190]);
        assert_eq!(b.shift(70).ones().collect::<Vec<_>>(), vec![70, 75, 133, 134, 170]);
        assert_eq!(b.shift(-70).ones().collect::<Vec<_>>(), vec![30, 121]);
        assert_eq!(b.shift(64).ones().collect::<Vec<_>>(), vec![64, 69, 127, 128, 164]);
        assert!(b.shift(192).is_empty());
        assert_eq!(b.shift(0), b);
    }

    #[test]
    fn set_operations() {
        let (a, b) = (set(&[1, 2, 130]), set(&[2, 3, 130]));
        assert_eq!(a.and(b).ones().collect::<Vec<_>>(), vec![2, 130]);
        assert_eq!(a.or(b).ones().collect::<Vec<_>>(), vec![1, 2, 3, 130]);
        assert_eq!(a.minus(b).ones().collect::<Vec<_>>(), vec![1]);
        let mut w = [0u64; 3];
        put(&mut w, 129, true);
        assert_eq!(Bits::<3>::load(&w).ones().collect::<Vec<_>>(), vec![129]);
        put(&mut w, 129, false);
        assert!(Bits::<3>::load(&w).is_empty());
    }
}
