//! The body of the `setup_decision` fuzz target. `crates/dust-data/tests/setup_props.rs`
//! compiles and runs it too (CI has no nightly toolchain for cargo-fuzz), so it stays in step
//! with the API.

use dust_core::battlefront::setup::{SetupDecision, SetupPhase};
use dust_core::game::{Game, GameSetup};
use dust_core::{Edition, GameRng};
use dust_data::builtin::load_cards_for;
use dust_data::scenario::{builtin_names, load_builtin};
use std::sync::OnceLock;

/// The set-up templates of the shipped battlefront scenarios, as `dust1947 scenario setup`
/// builds them.
fn templates() -> &'static [GameSetup] {
    static T: OnceLock<Vec<GameSetup>> = OnceLock::new();
    T.get_or_init(|| {
        let cards = load_cards_for(None, Edition::Battlefront).expect("the shipped battlefront cards load");
        builtin_names()
            .into_iter()
            .map(|name| load_builtin(name).expect("ships clean"))
            .filter(|s| s.edition == Edition::Battlefront)
            .map(|s| s.game_setup(&cards).expect("builds"))
            .collect()
    })
}

/// Plays the lines of `data` in the players' set-up of a shipped battlefront scenario (the
/// first byte picks which; the input's length seeds the initiative). A line that reads as a
/// set-up decision is allowed by `check` exactly when offered, applied then, and refused by
/// `apply` with `check`'s reason and the phase unchanged; it reads back from its own text. Any
/// other line plays a random decision offered. A finished set-up lays a table a game starts on.
///
/// # Panics
/// When one of those properties fails.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let all = templates();
    let template = &all[usize::from(data.first().copied().unwrap_or(0)) % all.len()];
    let mut p = SetupPhase::new(template.clone(), data.len() as u64);
    let mut rng = GameRng::new(data.len() as u64);
    for line in text.lines().take(32) {
        let legal = p.legal_decisions();
        match line.parse::<SetupDecision>() {
            Ok(d) => {
                assert_eq!(d.to_string().parse::<SetupDecision>(), Ok(d), "`{line}`");
                let checked = p.check(d);
                assert_eq!(checked.is_ok(), legal.contains(&d), "`{line}`: {checked:?}");
                let before = (p.board().clone(), p.events().to_vec(), p.to_move(), p.objectives().to_vec());
                match p.apply(d) {
                    Ok(()) => assert!(checked.is_ok()),
                    Err(e) => {
                        assert_eq!(Err(e), checked, "`{line}`: apply and check disagree");
                        let after = (p.board().clone(), p.events().to_vec(), p.to_move(), p.objectives().to_vec());
                        assert!(after == before, "`{line}` refused but the phase changed");
                    }
                }
            }
            Err(_) if !legal.is_empty() => p.apply(legal[rng.index(legal.len())]).expect("offered"),
            Err(_) => {}
        }
    }
    if p.is_done() {
        let laid = p.game_setup().expect("a finished set-up lays a table");
        Game::new(laid).expect("the laid table starts a game");
    } else {
        assert!(p.game_setup().is_none());
    }
}
