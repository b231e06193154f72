//! The unit cards the server plays: the shipped cards of both editions, or those merged with a
//! player's folder (`dust1947 serve --cards DIR`, [`crate::ServerConfig::cards`]). The set is
//! fixed when the server starts ([`install`]) and read by every part that builds a game, checks
//! an army or works out odds, so a game stored in the database replays with the cards it was
//! played with as long as the server starts with the same folder.

use dust_core::{Edition, UnitCard};
use dust_data::builtin::{all_builtin_card_files, cards_for};
use dust_data::card::CardFile;
use std::sync::OnceLock;

static CARDS: OnceLock<Vec<CardFile>> = OnceLock::new();

/// Fixes the server's cards (both editions). The first call wins: a process serves one set of
/// cards (a second server started in the same process, as tests do, shares it). `None`: the
/// shipped cards.
pub fn install(cards: Option<Vec<CardFile>>) {
    if let Some(c) = cards {
        let _ = CARDS.set(c);
    }
}

/// The cards of both editions ([`install`]; the shipped ones when none were installed).
pub fn all() -> &'static [CardFile] {
    CARDS.get_or_init(all_builtin_card_files)
}

/// The card files an edition plays ([`cards_for`]).
pub fn for_edition(edition: Edition) -> Vec<CardFile> {
    cards_for(all().to_vec(), edition)
}

/// The unit cards of the revised edition.
pub fn revised() -> Vec<UnitCard> {
    for_edition(Edition::Revised).into_iter().map(|f| f.card).collect()
}
