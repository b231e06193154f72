//! A small deterministic mutation fuzzer for machines without cargo-fuzz (no nightly
//! libFuzzer): seeded mutations of a target's corpus, each run through the target's body
//! (and so through its budget). `crates/dust-server/tests/fuzz_budget.rs` runs it on demand
//! (`cargo test --release -p dust-server --test fuzz_budget -- --ignored`).

/// A xorshift generator: the same seed, the same mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Pieces that make inputs interesting to these readers: JSON and TOML syntax, numbers at
/// their limits, rectangles, nesting.
const TOKENS: &[&str] = &[
    "\"",
    "{",
    "}",
    "[",
    "]",
    "[[",
    "]]",
    ",",
    ":",
    "=",
    "\n",
    "\\",
    "\\u0000",
    "\\n",
    "0",
    "-1",
    "255",
    "256",
    "65535",
    "4294967295",
    "18446744073709551615",
    "1e308",
    "null",
    "true",
    "\"A1:P24\"",
    "A1:P24",
    "cover_zone",
    "entry",
    "interior",
    "[[unit]]",
    "joins",
    "ms",
    "s",
    "i",
    ",threads=",
    ",depth=",
    "mcts:",
    "$PLY",
    "$A",
    "$B",
    "$INVITE",
    "B:",
    "S:",
    "\"decision\":",
    "\"ply\":",
    "\"type\":\"decide\"",
    "\"lines\":[",
    "decisions = [",
    "a.b.c.d.e.f.g.h",
    "[[[[[[[[",
    "]]]]]]]]",
];

/// One mutation of `input` (at most `max_len` bytes), another corpus entry `other` given for
/// splicing.
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8], max_len: usize) -> Vec<u8> {
    let mut v = input.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let at = rng.below(v.len() + 1);
        match rng.below(8) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] = rng.next() as u8;
            }
            2 | 3 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                v.splice(at..at, t.iter().copied());
            }
            4 if !v.is_empty() => {
                let len = 1 + rng.below(16.min(v.len() - at.min(v.len() - 1)));
                let from = at.min(v.len() - 1);
                let to = (from + len).min(v.len());
                v.drain(from..to);
            }
            5 if !v.is_empty() => {
                // A piece repeated: the class of input that cost memory (issue 16, item 2).
                let from = rng.below(v.len());
                let len = 1 + rng.below(64.min(v.len() - from));
                let piece = v[from..from + len].to_vec();
                let times = 1 + rng.below(256);
                let mut rep = Vec::with_capacity(piece.len() * times);
                for _ in 0..times {
                    rep.extend_from_slice(&piece);
                }
                v.splice(from..from, rep);
            }
            6 if !other.is_empty() => {
                let from = rng.below(other.len());
                let len = 1 + rng.below(256.min(other.len() - from));
                v.splice(at..at, other[from..from + len].iter().copied());
            }
            _ => {
                // A number replaced by another.
                if let Some(i) = (at..v.len()).find(|&i| v[i].is_ascii_digit()) {
                    let end = (i..v.len()).find(|&j| !v[j].is_ascii_digit()).unwrap_or(v.len());
                    let n = match rng.below(4) {
                        0 => rng.next().to_string(),
                        1 => (rng.next() % 300).to_string(),
                        2 => u32::MAX.to_string(),
                        _ => "0".to_string(),
                    };
                    v.splice(i..end, n.bytes());
                }
            }
        }
        v.truncate(max_len);
    }
    v
}
