//! Which scenarios `dust1947 play` offers and how a name becomes a [`GameSetup`]: the shipped
//! scenarios of `dust-data` with the shipped unit cards, plus `duel`, a tiny 6x6 practice game
//! with two squads of test cards (the engine's own test set-up).

use dust_core::game::{tests_support, GameSetup};
use dust_data::builtin::builtin_cards;
use dust_data::card::CardFile;
use dust_data::scenario::{builtin_names, load_builtin};

/// The scenario played when `--scenario` is not given.
pub const DEFAULT_SCENARIO: &str = "annihilation";

/// The practice scenario that is not a data file.
pub const DUEL: &str = "duel";

/// The names `--scenario` accepts.
pub fn scenario_names() -> Vec<String> {
    let mut v: Vec<String> = builtin_names().into_iter().map(str::to_string).collect();
    v.push(DUEL.to_string());
    v
}

/// The set-up of a scenario by name (case-insensitive).
///
/// # Errors
/// The name is unknown (the message lists the known names) or the scenario cannot be built.
pub fn load_scenario(name: &str) -> Result<GameSetup, String> {
    load_scenario_with(name, None)
}

/// [`load_scenario`] with the cards of both editions given (the shipped ones merged with a
/// player's folder, `dust_data::builtin::load_all_card_files`): the scenario plays the cards of
/// its edition, a battlefront card with its battlefront part. `None`: the shipped cards.
///
/// # Errors
/// As [`load_scenario`].
pub fn load_scenario_with(name: &str, cards: Option<&[CardFile]>) -> Result<GameSetup, String> {
    if name.trim().eq_ignore_ascii_case(DUEL) {
        return Ok(tests_support::duel());
    }
    let join = |ds: Vec<dust_data::Diagnostic>| ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
    let scenario = load_builtin(name).map_err(|ds| match ds.as_slice() {
        // An unknown name is not a place in a file: the message alone, no `name:1:1:`.
        [d] if d.file == name => format!("{} (or `{DUEL}`)", d.message),
        _ => join(ds),
    })?;
    match cards {
        Some(all) => scenario.game_setup_for(all).map_err(join),
        None => scenario.game_setup(&builtin_cards()).map_err(join),
    }
}
