//! Game records for `dust1947 play`: the project's record format (`dust_data::record`,
//! docs/record-format.md) with the scenario, the dice seed and every decision, so a saved game
//! is also read by `dust1947 replay`. Who sat at each side is written in the record's
//! `players` (`human`, or `ai SPEC`) so `--load` resumes the same match.
//!
//! Dice are not stored: replaying the decisions with the same seed rolls the same dice,
//! because the engine consumes the seeded [`GameRng`] in a fixed order. Reading and replaying
//! never panic: a bad record is reported at the decision where it breaks.

use crate::app::Seat;
use crate::setup;
use dust_core::game::{Game, GameSetup, Pending};
use dust_core::{BySide, GameRng};
pub use dust_data::record::{Record, ScenarioRef};

const HUMAN: &str = "human";

/// A record with no decisions yet of a game of the named scenario.
pub fn new_record(scenario: &str, seed: u64, seats: BySide<Seat>, ai: Option<&str>) -> Record {
    let mut r = Record::new(ScenarioRef::Builtin(scenario.to_string()), seed);
    set_players(&mut r, seats, ai);
    r
}

/// Writes who plays each side into the record.
pub fn set_players(r: &mut Record, seats: BySide<Seat>, ai: Option<&str>) {
    let who = |s: Seat| match s {
        Seat::Human => HUMAN.to_string(),
        Seat::Ai => format!("ai {}", ai.unwrap_or(crate::opponent::DEFAULT_SPEC)),
    };
    r.players = BySide {
        a: Some(who(seats.a)),
        b: Some(who(seats.b)),
    };
}

/// Who played each side of a record (when it says) and the AI's spec, if any.
pub fn players_of(r: &Record) -> Option<(BySide<Seat>, Option<String>)> {
    let seat = |p: &Option<String>| -> Option<(Seat, Option<String>)> {
        let p = p.as_deref()?.trim();
        if p == HUMAN {
            Some((Seat::Human, None))
        } else {
            p.strip_prefix("ai")
                .map(|spec| (Seat::Ai, Some(spec.trim().to_string()).filter(|s| !s.is_empty())))
        }
    };
    let (a, ai_a) = seat(&r.players.a)?;
    let (b, ai_b) = seat(&r.players.b)?;
    Some((BySide { a, b }, ai_a.or(ai_b)))
}

/// The scenario's name, for the screen.
pub fn scenario_name(r: &Record) -> String {
    match &r.scenario {
        ScenarioRef::Builtin(n) => n.clone(),
        ScenarioRef::Embedded(_) => "embedded scenario".to_string(),
    }
}

/// Reads a record's text.
///
/// # Errors
/// Every problem, as `FILE:LINE:COL: message` lines.
pub fn parse(text: &str, file: &str) -> Result<Record, String> {
    Record::parse(text, file).map_err(|ds| ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
}

/// The set-up of the record's scenario: its fixed layout (a record of the players' set-up
/// lays its own table from it: [`replay`]).
///
/// # Errors
/// The scenario is unknown or does not build.
pub fn setup_of(r: &Record) -> Result<GameSetup, String> {
    setup_of_with(r, None)
}

/// [`setup_of`] with the cards of both editions given (the shipped ones merged with a player's
/// folder): the record must have been played with them. `None`: the shipped cards.
///
/// # Errors
/// As [`setup_of`].
pub fn setup_of_with(r: &Record, cards: Option<&[dust_data::card::CardFile]>) -> Result<GameSetup, String> {
    match &r.scenario {
        ScenarioRef::Builtin(n) => setup::load_scenario_with(n, cards),
        ScenarioRef::Embedded(_) => {
            let join = |ds: Vec<dust_data::Diagnostic>| ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
            let s = r.load_scenario().map_err(join)?;
            match cards {
                Some(all) => s.game_setup_for(all).map_err(join),
                None => s.game_setup(&dust_data::builtin::builtin_cards()).map_err(join),
            }
        }
    }
}

/// Plays the record's decisions from the start of `setup` (the scenario's fixed layout, or
/// the table of the record's players' set-up laid from it), rolling the dice with its seed.
/// Returns the game and the dice generator after the last decision (and the dice after it).
///
/// # Errors
/// The set-up is refused (a players' set-up refused or unfinished), or a decision does not fit
/// the game: the message says which decision, where it is written and what was legal there.
pub fn replay(r: &Record, setup: GameSetup) -> Result<(Game, GameRng), String> {
    let setup = match &r.setup {
        Some(su) => su.game_setup(setup).map_err(|e| format!("{}: {e}", r.file))?,
        None => setup,
    };
    let mut game = Game::new(setup).map_err(|e| format!("the record's scenario cannot start: {e}"))?;
    let mut rng = GameRng::new(r.seed);
    roll_all(&mut game, &mut rng);
    for (i, &d) in r.decisions.iter().enumerate() {
        let place = r.place(i).map(|p| format!("{p}: ")).unwrap_or_default();
        if let Pending::GameOver { .. } = game.pending() {
            return Err(format!(
                "{place}decision {} `{d}` comes after the end of the game: the record is corrupt from there",
                i + 1
            ));
        }
        if let Err(e) = game.apply(d) {
            return Err(format!(
                "{place}the record breaks at decision {} `{d}`: {}. Delete it and the decisions after it to resume the game before it",
                i + 1,
                e.reason
            ));
        }
        roll_all(&mut game, &mut rng);
    }
    Ok((game, rng))
}

/// Rolls every pending chance event (bounded, so a faulty engine cannot hang the UI).
pub fn roll_all(game: &mut Game, rng: &mut GameRng) {
    for _ in 0..1_000_000 {
        if game.roll(rng).is_none() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_replay() {
        let seats = BySide {
            a: Seat::Human,
            b: Seat::Ai,
        };
        let mut r = new_record("duel", 3, seats, Some("random"));
        let mut game = Game::new(setup::load_scenario("duel").unwrap()).unwrap();
        let mut rng = GameRng::new(3);
        roll_all(&mut game, &mut rng);
        for _ in 0..12 {
            let Some(&d) = game.legal_decisions().first() else { break };
            game.apply(d).unwrap();
            r.decisions.push(d);
            roll_all(&mut game, &mut rng);
        }
        let back = parse(&r.to_text(), "t.toml").unwrap();
        assert_eq!(back.decisions, r.decisions);
        assert_eq!(players_of(&back), Some((seats, Some("random".to_string()))));
        let (g2, _) = replay(&back, setup_of(&back).unwrap()).unwrap();
        assert_eq!(g2.state_hash(), game.state_hash());
    }

    #[test]
    fn a_bad_decision_is_located() {
        let text = "format = 1\nedition = \"revised\"\nscenario = \"duel\"\nseed = 1\ndecisions = [\n  \"activate u7\",\n]\n";
        let r = parse(text, "bad.toml").unwrap();
        let e = replay(&r, setup_of(&r).unwrap()).unwrap_err();
        assert!(e.starts_with("bad.toml:6:"), "{e}");
        assert!(parse("seed = [", "x.toml").unwrap_err().starts_with("x.toml:1:"));
    }
}
