//! Which rulebook a game is played with.
//!
//! Dust 1947 plays two editions of Dust Tactics on one engine: the revised edition
//! (tactics-revised-core-rules.md with tactics-revised-faq.md, the default) and the battlefront
//! edition (tactics-battlefront-2013-rules.txt). The board, the flow of a round, the decision
//! API and the event log are shared; where the books differ, the engine asks the game's
//! [`Edition`] in one place per rule (see `game/battlefront.rs` and docs/battlefront.md for the
//! list of rules and what is implemented).

use crate::dice::BattlefrontDice;
use core::fmt;

/// The rulebook a game is played with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// Dust Tactics, revised core set (tactics-revised-core-rules.md with the FAQ).
    #[default]
    Revised,
    /// Dust Tactics as published by Battlefront in 2013 (tactics-battlefront-2013-rules.txt).
    Battlefront,
}

impl Edition {
    /// Both editions, the default first.
    pub const ALL: [Edition; 2] = [Edition::Revised, Edition::Battlefront];

    /// The name used on the command line and in files: `revised` or `battlefront`.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Revised => "revised",
            Edition::Battlefront => "battlefront",
        }
    }

    /// Reads an edition name (case and surrounding spaces ignored).
    pub fn from_name(s: &str) -> Option<Edition> {
        match s.trim().to_ascii_lowercase().as_str() {
            "revised" => Some(Edition::Revised),
            "battlefront" => Some(Edition::Battlefront),
            _ => None,
        }
    }

    /// The seed rulebook of the edition, as rules are cited.
    pub const fn rulebook(self) -> &'static str {
        match self {
            Edition::Revised => "tactics-revised-core-rules.md",
            Edition::Battlefront => "tactics-battlefront-2013-rules.txt",
        }
    }

    /// The dice of a battlefront game: three-symbol dice, or the classic two-symbol dice with
    /// the book's conversion. `None` for the revised edition, whose die is [`crate::Die::REVISED`].
    pub const fn battlefront_dice(self, classic: bool) -> Option<BattlefrontDice> {
        match (self, classic) {
            (Edition::Revised, _) => None,
            (Edition::Battlefront, false) => Some(BattlefrontDice::ThreeSymbol),
            (Edition::Battlefront, true) => Some(BattlefrontDice::Classic),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An edition name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseEditionError(pub String);

impl fmt::Display for ParseEditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not an edition: write `revised` or `battlefront`", self.0)
    }
}

impl std::error::Error for ParseEditionError {}

impl core::str::FromStr for Edition {
    type Err = ParseEditionError;
    fn from_str(s: &str) -> Result<Edition, ParseEditionError> {
        Edition::from_name(s).ok_or_else(|| ParseEditionError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for e in Edition::ALL {
            assert_eq!(e.name().parse::<Edition>(), Ok(e));
            assert_eq!(e.to_string(), e.name());
        }
        assert_eq!(" Battlefront ".parse::<Edition>(), Ok(Edition::Battlefront));
        assert!("classic".parse::<Edition>().unwrap_err().to_string().contains("battlefront"));
        assert_eq!(Edition::default(), Edition::Revised);
    }
}
