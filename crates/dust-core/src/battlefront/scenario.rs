//! What the five scenarios of the battlefront edition ask of the engine
//! (tactics-battlefront-2013-rules.txt, "Playing a Game", "Reserves", "Scenario 1: Encounter" …
//! "Scenario 5: All-Out Attack"): how objectives are taken and what they give, how victory
//! points are counted, and how many eliminated units return from reserve, and where.

use crate::square::Square;

/// When taking an objective wins the game at once.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TakeWins {
    /// Never (objectives score points, or there are none).
    #[default]
    Never,
    /// Taking any objective ("Grab the Dust": "If they take the objective, they win the game").
    Any,
    /// Taking one on the opponent's half of the table ("Bait and Flank").
    OpponentHalf,
}

/// What destroying an enemy unit scores.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum KillPoints {
    /// Its army points ("Ending the Game": victory by army points destroyed).
    #[default]
    ArmyPoints,
    /// One victory point per unit, a hero counting in his own right ("All-Out Attack").
    PerUnit,
    /// Nothing: victory points come from objectives only ("Supply Drop").
    Nothing,
}

/// Where units return from reserve onto the table.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReserveEntry {
    /// "Unless otherwise noted, reserves move on from the same squares that the original force
    /// could move on from" ("Reserves").
    #[default]
    Own,
    /// "These units move on to the squares along the short edges of their opponent's board"
    /// ("Scenario 3: Bait and Flank").
    OpponentShortEdges,
}

/// The rules a battlefront scenario sets ([`ScenarioRules::preset`] for the book's five).
/// Objectives are taken or held "by having a unit (other than an Aircraft) on an objective
/// square at the end of a turn on or after turn three, providing there are no enemy units
/// within two squares".
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScenarioRules {
    /// The preset's name (`encounter`, `grab-the-dust`, …), for files.
    pub name: String,
    /// When taking an objective wins at once.
    pub take_wins: TakeWins,
    /// Victory points for each turn a side holds an objective in its own half of the table.
    pub hold_own_half: u32,
    /// Victory points for each turn a side holds an objective in the opponent's half.
    pub hold_opponent_half: u32,
    /// A side with this many victory points at the end of a turn wins.
    pub points_to_win: Option<u32>,
    /// At the end of the game the side with the most victory points wins ("All-Out Attack": "or
    /// by having the most victory points at the end of the game"); otherwise the side that
    /// destroyed the most army points ("Ending the Game").
    pub most_points_wins: bool,
    /// What destroying a unit scores.
    pub kill_points: KillPoints,
    /// Eliminated units each side places in reserve ("Reserves"); `u8::MAX` for all of them.
    pub reserves: u8,
    /// Heroes go to reserve too ("All-Out Attack": "including Heroes"; otherwise "Heroes can
    /// never be placed in reserve").
    pub reserve_heroes: bool,
    /// Where units return from reserve.
    pub reserve_entry: ReserveEntry,
}

impl ScenarioRules {
    /// The names of the presets, in the book's order.
    pub const PRESETS: [&'static str; 5] = ["encounter", "grab-the-dust", "bait-and-flank", "supply-drop", "all-out-attack"];

    /// The rules of one of the book's five scenarios, by name.
    pub fn preset(name: &str) -> Option<ScenarioRules> {
        let base = ScenarioRules {
            name: name.to_string(),
            ..ScenarioRules::default()
        };
        Some(match name {
            // "There are no specific objectives to be taken."
            "encounter" => base,
            // "If they take the objective, they win the game." "Each player may place two
            // eliminated units in reserve."
            "grab-the-dust" => ScenarioRules {
                take_wins: TakeWins::Any,
                reserves: 2,
                ..base
            },
            // "If they take the objective on the opponent's half of the table, they win the
            // game." Two units in reserve.
            "bait-and-flank" => ScenarioRules {
                take_wins: TakeWins::OpponentHalf,
                reserves: 2,
                reserve_entry: ReserveEntry::OpponentShortEdges,
                ..base
            },
            // "two victory point[s] for holding the objective on their opponent's half of the
            // table, or one victory point for the one in their own table half. A player wins by
            // gaining a total of five victory points." Two units in reserve.
            "supply-drop" => ScenarioRules {
                hold_own_half: 1,
                hold_opponent_half: 2,
                points_to_win: Some(5),
                kill_points: KillPoints::Nothing,
                reserves: 2,
                ..base
            },
            // "two victory points for each turn they hold it" (the opponent's half only); "a
            // victory point for each unit they eliminate. Heroes count as a victory point in
            // their own right"; "a total of seven victory points"; "Players place all
            // eliminated units in reserve (including Heroes)."
            "all-out-attack" => ScenarioRules {
                hold_opponent_half: 2,
                points_to_win: Some(7),
                most_points_wins: true,
                kill_points: KillPoints::PerUnit,
                reserves: u8::MAX,
                reserve_heroes: true,
                ..base
            },
            _ => return None,
        })
    }

    /// The squares a unit of `side` returning from reserve moves on from, when the scenario
    /// says other squares than its force's `entry` ([`ReserveEntry::OpponentShortEdges`]): the
    /// table is two boards with their long edges touching, each half the height; the
    /// opponent's board is the half holding more of the opponent's entry squares, and its
    /// short edges are the first and last columns of its rows. `None`: the force's own entry.
    pub fn reserve_entry_squares(
        &self,
        width: u8,
        height: u8,
        entry: &crate::BySide<Vec<Square>>,
        side: crate::Side,
    ) -> Option<Vec<Square>> {
        match self.reserve_entry {
            ReserveEntry::Own => None,
            ReserveEntry::OpponentShortEdges => {
                let half = height / 2;
                let enemy = &entry[side.other()];
                let south = enemy.iter().filter(|s| s.row() < half).count();
                let rows = if 2 * south >= enemy.len() { 0..half } else { half..height };
                let mut v: Vec<Square> = rows.flat_map(|r| [Square::new(0, r), Square::new(width - 1, r)]).collect();
                v.sort();
                v.dedup();
                Some(v)
            }
        }
    }
}
