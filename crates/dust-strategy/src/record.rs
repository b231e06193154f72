//! Game records: the configuration, the seed of the chance generator and every decision, in
//! order. Replaying a record reproduces the game exactly (same events, same state hash).
//!
//! The text format, one item per line (`#` starts a comment):
//!
//! ```text
//! dust1947-strategy-record 1
//! players 3
//! round-limit 40
//! seed 7
//! map builtin
//! deck builtin
//! hash 0x1f2e...
//! decision card 12
//! decision card 3
//! ...
//! ```
//!
//! `map` and `deck` name the files the game was played with (`builtin` for the shipped ones);
//! `hash` is the state hash at the end of the record.

use crate::ai::Player;
use crate::game::{Decision, Game, GameConfig, Pending};
use crate::rng::GameRng;
use core::fmt;

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The configuration.
    pub config: GameConfig,
    /// The seed of the chance generator (dice and card draws).
    pub seed: u64,
    /// The map file (`None`: the shipped map).
    pub map: Option<String>,
    /// The deck file (`None`: the shipped deck).
    pub deck: Option<String>,
    /// Every decision, in order.
    pub decisions: Vec<Decision>,
    /// The state hash after the last decision and the chance events that followed it.
    pub hash: u64,
}

/// Why a record cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordError {
    /// A line could not be read.
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A recorded decision is not legal at its point of the game.
    Illegal {
        /// Index of the decision.
        index: usize,
        /// The engine's reason.
        message: String,
    },
    /// The replay ended in a different state than the record says.
    HashMismatch {
        /// In the record.
        recorded: u64,
        /// After the replay.
        replayed: u64,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            RecordError::Illegal { index, message } => write!(f, "decision {}: {message}", index + 1),
            RecordError::HashMismatch { recorded, replayed } => write!(
                f,
                "the replay ends in state {replayed:#018x} but the record says {recorded:#018x} (different map, deck or engine version?)"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut s = String::from("dust1947-strategy-record 1\n");
        s += &format!(
            "players {}\nround-limit {}\nseed {}\n",
            self.config.players, self.config.round_limit, self.seed
        );
        s += &format!(
            "map {}\ndeck {}\n",
            self.map.as_deref().unwrap_or("builtin"),
            self.deck.as_deref().unwrap_or("builtin")
        );
        s += &format!("hash {:#018x}\n", self.hash);
        for d in &self.decisions {
            s += &format!("decision {d}\n");
        }
        s
    }

    /// Reads a record.
    ///
    /// # Errors
    /// The first line that cannot be read.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut r = GameRecord {
            config: GameConfig::new(2),
            seed: 0,
            map: None,
            deck: None,
            decisions: Vec::new(),
            hash: 0,
        };
        let mut header = false;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |m: &str| RecordError::Syntax {
                line: i + 1,
                message: format!("{m}: `{raw}`"),
            };
            let (key, val) = line.split_once(' ').map_or((line, ""), |(k, v)| (k, v.trim()));
            match key {
                "dust1947-strategy-record" => {
                    if val != "1" {
                        return Err(err("unknown record version"));
                    }
                    header = true;
                }
                _ if !header => return Err(err("not a strategy game record (no `dust1947-strategy-record 1` line first)")),
                "players" => r.config.players = val.parse().map_err(|_| err("bad player count"))?,
                "round-limit" => r.config.round_limit = val.parse().map_err(|_| err("bad round limit"))?,
                "seed" => r.seed = val.parse().map_err(|_| err("bad seed"))?,
                "map" => r.map = (val != "builtin").then(|| val.to_string()),
                "deck" => r.deck = (val != "builtin").then(|| val.to_string()),
                "hash" => r.hash = u64::from_str_radix(val.trim_start_matches("0x"), 16).map_err(|_| err("bad hash"))?,
                "decision" => r
                    .decisions
                    .push(val.parse().map_err(|e: crate::game::ParseDecisionError| err(&e.to_string()))?),
                _ => return Err(err("unknown line")),
            }
        }
        if !header {
            return Err(RecordError::Syntax {
                line: 1,
                message: "empty record".into(),
            });
        }
        Ok(r)
    }

    /// Replays the record on a fresh game (built with the record's configuration on the
    /// right map and deck) and checks the final hash.
    ///
    /// # Errors
    /// An illegal decision, or a different final state.
    pub fn replay(&self, mut game: Game) -> Result<Game, RecordError> {
        let mut rng = GameRng::new(self.seed);
        let mut next = 0;
        loop {
            match game.pending() {
                Pending::Chance(_) => {
                    game.resolve_chance(&mut rng);
                }
                Pending::Decision(_) if next < self.decisions.len() => {
                    game.apply(self.decisions[next]).map_err(|e| RecordError::Illegal {
                        index: next,
                        message: e.to_string(),
                    })?;
                    next += 1;
                }
                _ => break,
            }
            game.take_events();
        }
        if next < self.decisions.len() {
            return Err(RecordError::Illegal {
                index: next,
                message: "the game is over before this decision".into(),
            });
        }
        let replayed = game.state_hash();
        if replayed != self.hash {
            return Err(RecordError::HashMismatch {
                recorded: self.hash,
                replayed,
            });
        }
        Ok(game)
    }
}

/// Plays a game to its end (or until `max_decisions`): `players[i]` decides for seat `i`,
/// chance events come from a generator seeded with `seed`. Returns the record; `on_step` sees
/// the game after every step (for progress and display).
pub fn play(
    mut game: Game,
    players: &mut [Box<dyn Player + Send>],
    seed: u64,
    max_decisions: usize,
    mut on_step: impl FnMut(&mut Game),
) -> (Game, GameRecord) {
    let mut rng = GameRng::new(seed);
    let mut decisions = Vec::new();
    loop {
        match game.pending() {
            Pending::Chance(_) => {
                game.resolve_chance(&mut rng);
            }
            Pending::Decision(p) if decisions.len() < max_decisions => {
                let d = players[p.index()].choose(&game, p);
                game.apply_unchecked(d);
                decisions.push(d);
            }
            _ => break,
        }
        on_step(&mut game);
    }
    let record = GameRecord {
        config: game.config(),
        seed,
        map: None,
        deck: None,
        decisions,
        hash: game.state_hash(),
    };
    (game, record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{make, AiKind};

    #[test]
    fn a_record_replays_to_the_same_hash() {
        let mut players: Vec<_> = (0..3).map(|i| make(AiKind::Heuristic, i)).collect();
        let (g, rec) = play(Game::builtin(GameConfig::new(3)).unwrap(), &mut players, 11, usize::MAX, |g| {
            g.take_events();
        });
        assert!(g.is_over());
        let text = rec.to_text();
        let back = GameRecord::parse(&text).unwrap();
        assert_eq!(back, rec);
        let again = back.replay(Game::builtin(GameConfig::new(3)).unwrap()).unwrap();
        assert_eq!(again.state_hash(), g.state_hash());
        let mut bad = back.clone();
        bad.seed += 1;
        assert!(bad.replay(Game::builtin(GameConfig::new(3)).unwrap()).is_err());
        assert!(GameRecord::parse("players 2").is_err());
    }
}
