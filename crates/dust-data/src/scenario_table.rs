//! The battlefront edition's two-dice scenario table (tactics-battlefront-2013-rules.txt,
//! "Playing a Game", "Setting Up the Game": "If you want to let the dice choose the scenario for
//! you, roll two dice and consult the following table").
//!
//! The seed's text lost the table's dice symbols: it keeps the header "Result", a single "or"
//! and the five rows "1: Encounter" … "5: All-Out Attack". Two three-symbol dice show six
//! results (the order of the dice does not matter), so one row has two results, and the "or"
//! stands before the first row. The project's reading (docs/rulings.md, "Battlefront scenario
//! table") is [`SCENARIO_TABLE`]: the symbols in the order the book's "Dust Dice" names them
//! (army symbol, target, shield), the two doubles of the first two symbols on the first row, the
//! three mixed results on the next three rows and the double shield on the last. The table is
//! data: the rolls and the command `dust1947 scenario roll` only read it.

use dust_core::{GameRng, Symbol};

/// One row of the table: the results of two dice that pick a scenario.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The results on this row, each a pair of symbols in either order.
    pub results: &'static [[Symbol; 2]],
    /// The scenario's name (a shipped scenario and `dust_core::battlefront::ScenarioRules`
    /// preset).
    pub scenario: &'static str,
    /// The scenario's title in the book ("Scenario 1: Encounter").
    pub title: &'static str,
}

/// The scenario table, in the book's order of the scenarios (docs/rulings.md, "Battlefront
/// scenario table").
pub const SCENARIO_TABLE: [TableRow; 5] = [
    TableRow {
        results: &[[Symbol::Army, Symbol::Army], [Symbol::Target, Symbol::Target]],
        scenario: "encounter",
        title: "Scenario 1: Encounter",
    },
    TableRow {
        results: &[[Symbol::Army, Symbol::Target]],
        scenario: "grab-the-dust",
        title: "Scenario 2: Grab the Dust",
    },
    TableRow {
        results: &[[Symbol::Army, Symbol::Shield]],
        scenario: "bait-and-flank",
        title: "Scenario 3: Bait and Flank",
    },
    TableRow {
        results: &[[Symbol::Target, Symbol::Shield]],
        scenario: "supply-drop",
        title: "Scenario 4: Supply Drop",
    },
    TableRow {
        results: &[[Symbol::Shield, Symbol::Shield]],
        scenario: "all-out-attack",
        title: "Scenario 5: All-Out Attack",
    },
];

/// The three symbols in the book's order ("Dust Dice").
pub const SYMBOLS: [Symbol; 3] = [Symbol::Army, Symbol::Target, Symbol::Shield];

/// The name of a symbol as the program prints it (`army`, `target`, `shield`).
pub fn symbol_name(s: Symbol) -> &'static str {
    match s {
        Symbol::Army => "army",
        Symbol::Target => "target",
        Symbol::Shield => "shield",
    }
}

/// One die of the battlefront edition, rolled with the game's seeded generator: each symbol is
/// on two faces of six ("Dust Dice").
pub fn roll_die(rng: &mut GameRng) -> Symbol {
    SYMBOLS[rng.index(6) / 2]
}

/// The row of the table for two dice, in either order.
pub fn lookup(a: Symbol, b: Symbol) -> &'static TableRow {
    SCENARIO_TABLE
        .iter()
        .find(|row| row.results.iter().any(|&[x, y]| (x, y) == (a, b) || (x, y) == (b, a)))
        .expect("the table has a row for every result of two dice (tested)")
}

/// The chance that two dice pick `row`: a double is 1/36 × 4 = 1/9, a mixed result twice that.
/// As a fraction of 9.
pub fn ninths(row: &TableRow) -> u32 {
    row.results.iter().map(|[a, b]| if a == b { 1 } else { 2 }).sum()
}

/// A roll of the scenario table: the two dice and the row they pick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScenarioRoll {
    /// The two dice, in the order rolled.
    pub dice: [Symbol; 2],
    /// The row they pick.
    pub row: &'static TableRow,
}

impl ScenarioRoll {
    /// The scenario's name.
    pub fn scenario(&self) -> &'static str {
        self.row.scenario
    }
    /// The row's number in the table (1 to 5, the book's scenario number).
    pub fn number(&self) -> usize {
        SCENARIO_TABLE.iter().position(|r| r == self.row).map_or(0, |i| i + 1)
    }
    /// Why the roll picks the scenario, in words.
    pub fn reason(&self) -> String {
        let results: Vec<String> = self
            .row
            .results
            .iter()
            .map(|[a, b]| format!("{} + {}", symbol_name(*a), symbol_name(*b)))
            .collect();
        format!(
            "{} + {} is on row {} of the table ({}: {}, chance {}/9)",
            symbol_name(self.dice[0]),
            symbol_name(self.dice[1]),
            self.number(),
            results.join(" or "),
            self.row.title,
            ninths(self.row)
        )
    }
}

/// Rolls two battlefront dice with the seeded generator and consults the table.
pub fn roll_scenario(rng: &mut GameRng) -> ScenarioRoll {
    let a = roll_die(rng);
    let b = roll_die(rng);
    ScenarioRoll {
        dice: [a, b],
        row: lookup(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::battlefront::ScenarioRules;

    // tactics-battlefront-2013-rules.txt, "Playing a Game", "Setting Up the Game": the table
    // picks one of five scenarios from two dice; docs/rulings.md, "Battlefront scenario table".
    #[test]
    fn every_result_of_two_dice_picks_its_row() {
        let expected = |a: Symbol, b: Symbol| match (a, b) {
            (Symbol::Army, Symbol::Army) | (Symbol::Target, Symbol::Target) => "encounter",
            (Symbol::Army, Symbol::Target) | (Symbol::Target, Symbol::Army) => "grab-the-dust",
            (Symbol::Army, Symbol::Shield) | (Symbol::Shield, Symbol::Army) => "bait-and-flank",
            (Symbol::Target, Symbol::Shield) | (Symbol::Shield, Symbol::Target) => "supply-drop",
            (Symbol::Shield, Symbol::Shield) => "all-out-attack",
        };
        for a in SYMBOLS {
            for b in SYMBOLS {
                assert_eq!(lookup(a, b).scenario, expected(a, b), "{a:?} {b:?}");
                assert_eq!(lookup(a, b), lookup(b, a));
            }
        }
    }

    #[test]
    fn the_table_names_the_five_scenarios_in_the_books_order_once_each() {
        let names: Vec<&str> = SCENARIO_TABLE.iter().map(|r| r.scenario).collect();
        assert_eq!(names, ScenarioRules::PRESETS);
        for (i, row) in SCENARIO_TABLE.iter().enumerate() {
            assert!(row.title.starts_with(&format!("Scenario {}: ", i + 1)), "{}", row.title);
            assert!(
                crate::scenario::builtin_names().contains(&row.scenario),
                "{} is not shipped",
                row.scenario
            );
        }
        // Six results of two dice, each on exactly one row; the chances sum to one.
        let mut results: Vec<[Symbol; 2]> = SCENARIO_TABLE.iter().flat_map(|r| r.results.iter().copied()).collect();
        assert_eq!(results.len(), 6);
        results
            .iter_mut()
            .for_each(|r| r.sort_by_key(|s| SYMBOLS.iter().position(|x| x == s)));
        results.sort_by_key(|r| r.map(|s| SYMBOLS.iter().position(|x| *x == s)));
        results.dedup();
        assert_eq!(results.len(), 6);
        assert_eq!(SCENARIO_TABLE.iter().map(ninths).collect::<Vec<_>>(), [2, 2, 2, 2, 1]);
    }

    #[test]
    fn rolls_are_seeded_and_follow_the_chances() {
        let a: Vec<_> = (0..20).map(|s| roll_scenario(&mut GameRng::new(s))).collect();
        let b: Vec<_> = (0..20).map(|s| roll_scenario(&mut GameRng::new(s))).collect();
        assert_eq!(a, b);
        let mut rng = GameRng::new(1947);
        let mut counts = [0u32; 5];
        let n = 9000;
        for _ in 0..n {
            let r = roll_scenario(&mut rng);
            assert_eq!(r.row, lookup(r.dice[0], r.dice[1]));
            counts[r.number() - 1] += 1;
        }
        for (row, &k) in SCENARIO_TABLE.iter().zip(&counts) {
            let expected = n / 9 * ninths(row);
            assert!(
                k.abs_diff(expected) < expected / 10,
                "{}: {k} of {n}, expected about {expected}",
                row.scenario
            );
        }
    }

    #[test]
    fn the_reason_names_the_dice_and_the_row() {
        let r = ScenarioRoll {
            dice: [Symbol::Target, Symbol::Target],
            row: lookup(Symbol::Target, Symbol::Target),
        };
        assert_eq!(r.scenario(), "encounter");
        assert_eq!(
            r.reason(),
            "target + target is on row 1 of the table (army + army or target + target: Scenario 1: Encounter, chance 2/9)"
        );
    }
}
