//! The only source of randomness: a small, seeded, portable generator (xoshiro256**, seeded by
//! SplitMix64). The same seed gives the same numbers on every machine, so a game record
//! (seed + decisions) replays bit for bit.

/// A seeded pseudo-random generator. Cloning it forks the stream (MCTS playouts).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameRng {
    s: [u64; 4],
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl GameRng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> GameRng {
        let mut x = seed;
        GameRng {
            s: [splitmix(&mut x), splitmix(&mut x), splitmix(&mut x), splitmix(&mut x)],
        }
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }
    /// A uniform number in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }
    /// A uniform index into a slice of length `n` (`n > 0`).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
    /// A float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut c = GameRng::new(1);
        let v: Vec<u64> = (0..1000).map(|_| c.below(6)).collect();
        assert!(v.iter().all(|&x| x < 6));
        for face in 0..6 {
            let k = v.iter().filter(|&&x| x == face).count();
            assert!((100..250).contains(&k), "face {face}: {k}");
        }
    }

    /// Known answers: a change of generator would break every saved record, so the first
    /// numbers of fixed seeds are pinned as literals. They were computed by an independent
    /// implementation of SplitMix64 and xoshiro256** (a Python transcription of the reference
    /// C code by Vigna), whose SplitMix64 gives the published first output 0xe220a8397b1dcdaf
    /// for state 0 (checked below through the seeding).
    #[test]
    fn known_answers_for_fixed_seeds() {
        let mut x = 0u64;
        assert_eq!(splitmix(&mut x), 0xe220_a839_7b1d_cdaf);
        let first = |seed: u64| -> [u64; 4] {
            let mut r = GameRng::new(seed);
            [r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()]
        };
        assert_eq!(
            first(0),
            [
                0x99ec_5f36_cb75_f2b4,
                0xbf6e_1f78_4956_452a,
                0x1a5f_849d_4933_e6e0,
                0x6aa5_94f1_262d_2d2c
            ]
        );
        assert_eq!(
            first(1),
            [
                0xb3f2_af6d_0fc7_10c5,
                0x853b_5596_4736_4cea,
                0x92f8_9756_082a_4514,
                0x642e_1c7b_c266_a3a7
            ]
        );
        assert_eq!(
            first(7),
            [
                0xb358_faf7_4ef9_765a,
                0x475c_3d96_4f48_2cd2,
                0xd6f1_d349_952c_7996,
                0xfb29_3873_1e80_7240
            ]
        );
        // Dice: `below(6)` from seed 1.
        let mut r = GameRng::new(1);
        let dice: Vec<u64> = (0..12).map(|_| r.below(6)).collect();
        assert_eq!(dice, [1, 4, 2, 5, 5, 4, 2, 3, 1, 4, 1, 4]);
    }
}
