//! Regression tests named after the bug they pin, replaying the game record that found it.

use dust_core::game::Event;
use dust_data::builtin::builtin_cards;
use dust_data::record::{replay, Record};

/// The Hammers with Rhino joined declared MOVE + ATTACK with Rhino's lines; reactive fire
/// killed Rhino after the move; starting the attack then indexed Rhino's weapon line on the
/// squad's card and panicked. A hero killed before the attack takes his declared lines with him
/// (tactics-revised-core-rules.md, "Heroes"; "3) Declare Targets").
#[test]
fn hero_lines_after_the_hero_is_killed_by_reactive_fire() {
    let text = include_str!("fixtures/records/hero-line-after-hero-killed.toml");
    let record = Record::parse(text, "hero-line-after-hero-killed.toml").expect("record parses");
    let game = replay(&record, &builtin_cards()).expect("the record replays without a panic");
    assert!(
        game.events().iter().any(|e| matches!(e, Event::Destroyed { .. })),
        "the record contains the hero's death"
    );
}
