//! The body of the `decision_text` fuzz target. `crates/dust-core/tests/battlefront_props.rs`
//! compiles and runs it too (CI has no nightly toolchain for cargo-fuzz), so it stays in step
//! with the engine's API.

use dust_core::game::tests_support::battlefront_skirmish;
use dust_core::game::{Decision, Game};
use dust_core::GameRng;
use std::sync::OnceLock;

/// Plays the lines of `data` in a battlefront game (`tests_support::battlefront_skirmish`, the
/// variant picked by the first byte: soldier counts, crews, joined heroes, a pilot, large and
/// huge models, aircraft, reserves). A line that reads as a decision is applied: accepted only
/// if offered, refused with the game unchanged; it reads back from its own text. Any other line
/// plays a random decision offered, so that inputs reach deep into a game. Dice come from a
/// generator seeded with the input's length.
///
/// # Panics
/// When one of those properties fails.
pub fn run(data: &[u8]) {
    static START: OnceLock<Vec<Game>> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else { return };
    let games = START.get_or_init(|| {
        (0..10)
            .map(|variant| Game::new(battlefront_skirmish(variant)).expect("the skirmish starts"))
            .collect()
    });
    let mut g = games[usize::from(data.first().copied().unwrap_or(0)) % games.len()].clone();
    let mut rng = GameRng::new(data.len() as u64);
    for line in text.lines().take(256) {
        while g.roll(&mut rng).is_some() {}
        let legal = g.legal_decisions();
        match line.parse::<Decision>() {
            Ok(d) => {
                assert_eq!(d.to_string().parse::<Decision>(), Ok(d), "`{line}`");
                let before = (g.state_hash(), g.pending(), g.events().len());
                match g.apply(d) {
                    Ok(()) => assert!(legal.contains(&d), "`{line}` accepted but not offered"),
                    Err(e) => {
                        assert!(!legal.contains(&d), "`{line}` offered but refused: {e}");
                        assert_eq!(
                            (g.state_hash(), g.pending(), g.events().len()),
                            before,
                            "`{line}` refused but the game changed"
                        );
                    }
                }
            }
            Err(_) if !legal.is_empty() => g.apply(legal[rng.index(legal.len())]).expect("offered"),
            Err(_) => {}
        }
    }
}
