//! Player specifications on the command line: `random`, `greedy`, `mcts`, `mcts:200ms`,
//! `mcts:2s`, `mcts:5000i`, with options after commas (`mcts:500i,threads=1,c=0.7`).

use crate::{GreedyPlayer, MctsConfig, MctsPlayer, Player, RandomPlayer};
use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// How much a search may spend per decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per decision.
    Time(Duration),
    /// Iterations per decision and per tree (deterministic).
    Iterations(u32),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
            Budget::Iterations(n) => write!(f, "{n}i"),
        }
    }
}

/// A kind of player and its settings, as given on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
    /// [`MctsPlayer`] with its settings.
    Mcts(MctsConfig),
}

impl PlayerSpec {
    /// A player of this kind with its own seed.
    pub fn build(&self, seed: u64) -> Box<dyn Player + Send> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerSpec::Mcts(c) => Box::new(MctsPlayer::new(c.clone(), seed)),
        }
    }
    /// The time budget per decision, if any.
    pub fn time_budget(&self) -> Option<Duration> {
        match self {
            PlayerSpec::Mcts(MctsConfig {
                budget: Budget::Time(d), ..
            }) => Some(*d),
            _ => None,
        }
    }
    /// Whether the player runs several threads per decision.
    pub fn threads(&self) -> usize {
        match self {
            PlayerSpec::Mcts(c) => c.threads,
            _ => 1,
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Mcts(c) => {
                write!(f, "mcts:{}", c.budget)?;
                let d = MctsConfig::default();
                if c.threads != d.threads {
                    write!(f, ",threads={}", c.threads)?;
                }
                if c.exploration != d.exploration {
                    write!(f, ",c={}", c.exploration)?;
                }
                if c.rollout_depth != d.rollout_depth {
                    write!(f, ",depth={}", c.rollout_depth)?;
                }
                if c.prior_weight != d.prior_weight {
                    write!(f, ",prior={}", c.prior_weight)?;
                }
                if c.plans != d.plans {
                    write!(f, ",plans={}", c.plans)?;
                }
                if c.lookahead != d.lookahead {
                    write!(f, ",look={}", c.lookahead)?;
                }
                if c.patient != d.patient {
                    write!(f, ",wait={}", u8::from(c.patient))?;
                }
                if c.flat != d.flat {
                    write!(f, ",flat={}", u8::from(c.flat))?;
                }
                Ok(())
            }
        }
    }
}

/// A player specification that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub kind: SpecErrorKind,
}

/// What is wrong with a player specification.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpecErrorKind {
    /// The player name is not `random`, `greedy` or `mcts`.
    UnknownPlayer(String),
    /// `random` and `greedy` take no settings.
    NoSettings(String),
    /// The budget is not `<N>ms`, `<N>s` or `<N>i`.
    BadBudget(String),
    /// A budget of zero.
    ZeroBudget,
    /// An option after a comma that is unknown or has a bad value.
    BadOption(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a player: ", self.text)?;
        match &self.kind {
            SpecErrorKind::UnknownPlayer(p) => write!(f, "unknown player `{p}`; use random, greedy or mcts"),
            SpecErrorKind::NoSettings(p) => write!(f, "`{p}` takes no settings; write just `{p}`"),
            SpecErrorKind::BadBudget(b) => write!(
                f,
                "bad budget `{b}`; write a time like `mcts:200ms` or `mcts:2s`, or iterations like `mcts:5000i`"
            ),
            SpecErrorKind::ZeroBudget => f.write_str("the budget must be more than zero"),
            SpecErrorKind::BadOption(o) => write!(
                f,
                "bad option `{o}`; options are threads=N (1-64), c=X (exploration > 0), depth=N (rollout decisions), prior=X (weight of the greedy prior, 0 for none), plans=N (whole activations searched per unit, 0 for one decision at a time), wait=0|1 (1: an outranged army waits for the enemy while the score is level), look=N (activations the greedy player plays after a candidate activation before it is scored, 0 for light play-outs of depth decisions), flat=0|1 (1: flat Monte Carlo, no tree below the root)"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

fn parse_budget(b: &str) -> Result<Budget, SpecErrorKind> {
    let bad = || SpecErrorKind::BadBudget(b.to_string());
    let num = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
    let budget = if let Some(ms) = b.strip_suffix("ms") {
        Budget::Time(Duration::from_millis(num(ms)?))
    } else if let Some(s) = b.strip_suffix('s') {
        // Seconds are kept as milliseconds, which the spec is written back in: a number of
        // seconds whose milliseconds overflow would not read back (issue 16, the AI-spec fuzz
        // target: `mcts:6666666666666666666s`).
        Budget::Time(Duration::from_millis(num(s)?.checked_mul(1000).ok_or_else(bad)?))
    } else if let Some(i) = b.strip_suffix('i') {
        Budget::Iterations(u32::try_from(num(i)?).map_err(|_| bad())?)
    } else {
        return Err(bad());
    };
    match budget {
        Budget::Time(d) if d.is_zero() => Err(SpecErrorKind::ZeroBudget),
        Budget::Iterations(0) => Err(SpecErrorKind::ZeroBudget),
        b => Ok(b),
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<PlayerSpec, SpecError> {
        let err = |kind| SpecError { text: s.to_string(), kind };
        let t = s.trim().to_ascii_lowercase();
        let (name, rest) = match t.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r.trim())),
            None => (t.as_str(), None),
        };
        match name {
            "random" | "greedy" => {
                if rest.is_some() {
                    return Err(err(SpecErrorKind::NoSettings(name.to_string())));
                }
                Ok(if name == "random" { PlayerSpec::Random } else { PlayerSpec::Greedy })
            }
            "mcts" => {
                let mut c = MctsConfig::default();
                let Some(rest) = rest else { return Ok(PlayerSpec::Mcts(c)) };
                let mut parts = rest.split(',');
                let first = parts.next().unwrap_or("").trim();
                if !first.is_empty() {
                    c.budget = parse_budget(first).map_err(err)?;
                }
                for opt in parts {
                    let bad = || err(SpecErrorKind::BadOption(opt.trim().to_string()));
                    let (k, v) = opt.split_once('=').ok_or_else(bad)?;
                    match k.trim() {
                        "threads" | "t" => {
                            c.threads = v.trim().parse().ok().filter(|n| (1..=64).contains(n)).ok_or_else(bad)?;
                        }
                        "c" => {
                            c.exploration = v.trim().parse().ok().filter(|x: &f64| *x > 0.0 && x.is_finite()).ok_or_else(bad)?;
                        }
                        "depth" => c.rollout_depth = v.trim().parse().map_err(|_| bad())?,
                        "prior" => {
                            c.prior_weight = v.trim().parse().ok().filter(|x: &f64| *x >= 0.0 && x.is_finite()).ok_or_else(bad)?;
                        }
                        "look" => c.lookahead = v.trim().parse().ok().filter(|n| *n <= 64).ok_or_else(bad)?,
                        "plans" => c.plans = v.trim().parse().ok().filter(|n| *n <= 64).ok_or_else(bad)?,
                        "wait" | "flat" => {
                            let on = match v.trim() {
                                "1" | "yes" | "true" => true,
                                "0" | "no" | "false" => false,
                                _ => return Err(bad()),
                            };
                            if k.trim() == "wait" {
                                c.patient = on;
                            } else {
                                c.flat = on;
                            }
                        }
                        _ => return Err(bad()),
                    }
                }
                Ok(PlayerSpec::Mcts(c))
            }
            other => Err(err(SpecErrorKind::UnknownPlayer(other.to_string()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 16 (the AI-spec fuzz target): a spec reads back from its own text; a time in
    /// seconds too large for milliseconds is refused rather than read as one that does not.
    #[test]
    fn every_spec_that_reads_reads_back() {
        for text in [
            "mcts:18446744073709551s",
            "mcts:2s",
            "mcts:18446744073709551615ms",
            "mcts:7i,threads=3",
        ] {
            let p: PlayerSpec = text.parse().unwrap();
            assert_eq!(
                p.to_string().parse::<PlayerSpec>().map(|q| q.to_string()),
                Ok(p.to_string()),
                "{text}"
            );
        }
        for text in ["mcts:+6666666666666666666s", "mcts:18446744073709552s"] {
            assert!(
                matches!(
                    text.parse::<PlayerSpec>(),
                    Err(SpecError {
                        kind: SpecErrorKind::BadBudget(_),
                        ..
                    })
                ),
                "{text}"
            );
        }
    }

    #[test]
    fn specs_parse() {
        assert_eq!("random".parse::<PlayerSpec>().unwrap(), PlayerSpec::Random);
        assert_eq!(" Greedy ".parse::<PlayerSpec>().unwrap(), PlayerSpec::Greedy);
        assert_eq!("mcts".parse::<PlayerSpec>().unwrap(), PlayerSpec::Mcts(MctsConfig::default()));
        let PlayerSpec::Mcts(c) = "mcts:200ms".parse().unwrap() else {
            panic!()
        };
        assert_eq!(c.budget, Budget::Time(Duration::from_millis(200)));
        let PlayerSpec::Mcts(c) = "mcts:2s".parse().unwrap() else {
            panic!()
        };
        assert_eq!(c.budget, Budget::Time(Duration::from_secs(2)));
        let PlayerSpec::Mcts(c) = "mcts:5000i,threads=1,c=0.5,depth=30".parse().unwrap() else {
            panic!()
        };
        assert_eq!(
            (c.budget, c.threads, c.exploration, c.rollout_depth),
            (Budget::Iterations(5000), 1, 0.5, 30)
        );
        assert_eq!(
            "mcts:5000i,threads=1".parse::<PlayerSpec>().unwrap().to_string(),
            "mcts:5000i,threads=1"
        );
        let PlayerSpec::Mcts(c) = "mcts:200ms,plans=0".parse().unwrap() else {
            panic!()
        };
        assert_eq!(c.plans, 0);
        assert_eq!(PlayerSpec::Mcts(c).to_string(), "mcts:200ms,plans=0");
        let PlayerSpec::Mcts(c) = "mcts:200ms,wait=0".parse().unwrap() else {
            panic!("not mcts")
        };
        assert!(!c.patient);
        assert_eq!(PlayerSpec::Mcts(c).to_string(), "mcts:200ms,wait=0");
        assert!("mcts:200ms,wait=maybe".parse::<PlayerSpec>().is_err());
        let PlayerSpec::Mcts(c) = "mcts:200ms,look=0".parse().unwrap() else {
            panic!("not mcts")
        };
        assert_eq!(c.lookahead, 0);
        assert_eq!(PlayerSpec::Mcts(c).to_string(), "mcts:200ms,look=0");
        assert!("mcts:200ms,look=-1".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn bad_specs_say_why() {
        let e = |s: &str| s.parse::<PlayerSpec>().unwrap_err();
        assert!(matches!(e("minimax").kind, SpecErrorKind::UnknownPlayer(_)));
        assert!(matches!(e("greedy:3").kind, SpecErrorKind::NoSettings(_)));
        assert!(matches!(e("mcts:fast").kind, SpecErrorKind::BadBudget(_)));
        assert!(matches!(e("mcts:0ms").kind, SpecErrorKind::ZeroBudget));
        assert!(matches!(e("mcts:0i").kind, SpecErrorKind::ZeroBudget));
        assert!(matches!(e("mcts:10i,threads=0").kind, SpecErrorKind::BadOption(_)));
        assert!(matches!(e("mcts:10i,speed=3").kind, SpecErrorKind::BadOption(_)));
        let msg = e("mcts:200").to_string();
        assert!(msg.contains("mcts:200ms") && msg.contains("mcts:5000i"), "{msg}");
    }
}
