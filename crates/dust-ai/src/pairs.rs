//! Statistics of paired games, as engine testers compute them (fishtest, OpenBench): each pair
//! is one seed played twice with the sides swapped, so the luck of the dice and the advantage
//! of a side cancel within the pair. A pair scores 0, ½, 1, 1½ or 2 points for player a (the
//! pentanomial counts); the score, the Elo difference and its interval come from the variance
//! of the pair scores, which is smaller than that of single games when the pairing works.
//!
//! The sequential probability ratio test (`--sprt ELO0,ELO1`) uses the normal approximation of
//! the log-likelihood ratio on the pair scores (as fishtest's pentanomial GSPRT does, with
//! logistic Elo): `LLR = N (s1 − s0) (2 s̄ − s0 − s1) / (2 σ²)`, where `s̄` and `σ²` are the
//! mean and variance of the pair scores (each from 0 to 1), `s0` and `s1` the scores the two
//! Elo hypotheses give. It accepts H1 (a is at least ELO1 stronger) above
//! `ln((1 − β)/α)`, H0 below `ln(β/(1 − α))`.

/// The pentanomial counts: pairs in which player a scored 0, ½, 1, 1½ and 2 points.
pub type Pentanomial = [u32; 5];

/// The counts of a list of pair results, each given as player a's points times two (0 to 4:
/// a loss counts 0, a draw 1, a win 2 in each game).
pub fn pentanomial(pair_points_x2: impl IntoIterator<Item = u8>) -> Pentanomial {
    let mut p = [0u32; 5];
    for x in pair_points_x2 {
        p[usize::from(x.min(4))] += 1;
    }
    p
}

/// The mean and variance of the pair scores (a pair's points over 2, from 0 to 1).
pub fn mean_var(p: &Pentanomial) -> Option<(f64, f64)> {
    mean_var_of(&p.map(f64::from))
}

/// [`mean_var`] of counts that need not be whole.
fn mean_var_of(p: &[f64; 5]) -> Option<(f64, f64)> {
    let n: f64 = p.iter().sum();
    if n == 0.0 {
        return None;
    }
    let score = |k: usize| k as f64 / 4.0;
    let mean = p.iter().enumerate().map(|(k, &c)| c * score(k)).sum::<f64>() / n;
    let var = p.iter().enumerate().map(|(k, &c)| c * (score(k) - mean).powi(2)).sum::<f64>() / n;
    Some((mean, var))
}

/// The Elo difference of a score in (0, 1); `None` at 0 or 1 (no finite value).
pub fn elo(s: f64) -> Option<f64> {
    // (+ 0.0 turns the -0 of an even score into 0.)
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10() + 0.0)
}

/// The expected score of an Elo difference (logistic).
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Score of player a, the Elo difference and its 95% interval from the pair variance (`None`:
/// unbounded).
pub fn elo_interval(p: &Pentanomial) -> (f64, Option<f64>, Option<f64>, Option<f64>) {
    let Some((s, var)) = mean_var(p) else {
        return (0.5, Some(0.0), None, None);
    };
    let n: f64 = p.iter().map(|&c| f64::from(c)).sum();
    let half = 1.96 * (var / n).sqrt();
    (s, elo(s), elo((s - half).max(0.0)), elo((s + half).min(1.0)))
}

/// A sequential test of "a is ELO0 stronger than b" against "a is ELO1 stronger".
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says after some pairs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// a is at least ELO1 stronger (H1 accepted).
    H1,
    /// a is at most ELO0 stronger (H0 accepted).
    H0,
    /// More pairs are needed.
    Continue,
}

impl Sprt {
    /// Parses `ELO0,ELO1`.
    ///
    /// # Errors
    /// Not two numbers, or ELO1 not above ELO0.
    pub fn parse(text: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let (a, b) = text
            .split_once(',')
            .ok_or_else(|| format!("--sprt {text}: give two Elo values, e.g. --sprt 0,20"))?;
        let num = |x: &str| {
            x.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("--sprt {text}: `{x}` is not a number"))
        };
        let (elo0, elo1) = (num(a)?, num(b)?);
        if elo1 <= elo0 {
            return Err(format!("--sprt {text}: ELO1 must be above ELO0 (e.g. --sprt 0,20)"));
        }
        for (flag, v) in [("--alpha", alpha), ("--beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("{flag} {v}: give an error rate between 0 and 0.5, such as 0.05"));
            }
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }
    /// The bounds of the log-likelihood ratio: (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }
    /// The log-likelihood ratio of the pairs (0 with fewer than two pairs). The mean and
    /// variance come from the counts regularised as fishtest's `LLRcalc.regularize` does (a
    /// count of 0 counts 0.001), so that pairs that all scored the same, which have no variance,
    /// still decide (issue 21: greedy won every pair against random, and the test never ended).
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        let n: f64 = p.iter().map(|&c| f64::from(c)).sum();
        let regularised = p.map(|c| if c == 0 { 1e-3 } else { f64::from(c) });
        let Some((s, var)) = mean_var_of(&regularised) else { return 0.0 };
        if n < 2.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
    /// The verdict after the pairs.
    pub fn verdict(&self, p: &Pentanomial) -> Verdict {
        let (lo, hi) = self.bounds();
        let llr = self.llr(p);
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentanomial_counts_and_score() {
        // Pairs: a won both, split, lost both, a win and a draw.
        let p = pentanomial([4, 2, 0, 3]);
        assert_eq!(p, [1, 0, 1, 1, 1]);
        let (s, var) = mean_var(&p).unwrap();
        assert!((s - (1.0 + 0.5 + 0.0 + 0.75) / 4.0).abs() < 1e-12);
        let expect = [1.0, 0.5, 0.0, 0.75].iter().map(|x: &f64| (x - s).powi(2)).sum::<f64>() / 4.0;
        assert!((var - expect).abs() < 1e-12);
    }

    #[test]
    fn elo_of_a_score() {
        assert!((elo(0.75).unwrap() - 190.848_501_887_864_98).abs() < 1e-9);
        assert_eq!(elo(1.0), None);
        assert!((score_of(190.848_501_887_864_98) - 0.75).abs() < 1e-12);
        let (s, e, lo, hi) = elo_interval(&[0, 0, 10, 0, 0]);
        assert_eq!((s, e), (0.5, Some(0.0)));
        // No variance: the interval is the point.
        assert_eq!((lo, hi), (Some(0.0), Some(0.0)));
    }

    /// The bounds of the textbook SPRT (Wald) and a test that decides each way.
    #[test]
    fn sprt_decides() {
        let t = Sprt::parse("0,20", 0.05, 0.05).unwrap();
        let (lo, hi) = t.bounds();
        assert!((hi - 19f64.ln()).abs() < 1e-12 && (lo + 19f64.ln()).abs() < 1e-12);
        // a far stronger: 60% of the pairs 2 points, 40% 1 point.
        let strong = [0, 0, 400, 0, 600];
        assert_eq!(t.verdict(&strong), Verdict::H1);
        let weak = [600, 0, 400, 0, 0];
        assert_eq!(t.verdict(&weak), Verdict::H0);
        assert_eq!(t.verdict(&[1, 0, 1, 0, 1]), Verdict::Continue);
        // Every pair won twice (no variance): the regularised counts still decide, either way.
        assert_eq!(t.verdict(&[0, 0, 0, 0, 30]), Verdict::H1);
        assert_eq!(t.verdict(&[30, 0, 0, 0, 0]), Verdict::H0);
        assert_eq!(t.verdict(&[0, 0, 0, 0, 1]), Verdict::Continue, "one pair decides nothing");
        assert!(Sprt::parse("20,0", 0.05, 0.05).is_err());
        assert!(Sprt::parse("x,1", 0.05, 0.05).is_err());
        assert!(Sprt::parse("0,5", 0.7, 0.05).is_err());
    }
}
