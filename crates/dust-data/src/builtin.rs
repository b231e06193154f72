//! The unit cards shipped with Dust 1947 (the files of `data/units/`, embedded in the program),
//! and the merge with a player's own card folder, which overrides them card by card.

use crate::card::{parse_card_dir, parse_card_texts, CardFile};
use crate::diag::Diagnostic;
use dust_core::UnitCard;
use std::path::Path;

/// Every shipped card file: (file name, text).
pub const SHIPPED: &[(&str, &str)] = &[
    ("data/units/blackhawk.toml", include_str!("../../../data/units/blackhawk.toml")),
    (
        "data/units/death-dealers.toml",
        include_str!("../../../data/units/death-dealers.toml"),
    ),
    ("data/units/hans.toml", include_str!("../../../data/units/hans.toml")),
    (
        "data/units/heavy-flak-grenadiers.toml",
        include_str!("../../../data/units/heavy-flak-grenadiers.toml"),
    ),
    (
        "data/units/heavy-laser-grenadiers.toml",
        include_str!("../../../data/units/heavy-laser-grenadiers.toml"),
    ),
    ("data/units/hell-boys.toml", include_str!("../../../data/units/hell-boys.toml")),
    ("data/units/lara.toml", include_str!("../../../data/units/lara.toml")),
    ("data/units/rhino.toml", include_str!("../../../data/units/rhino.toml")),
    (
        "data/units/sturmpioniere.toml",
        include_str!("../../../data/units/sturmpioniere.toml"),
    ),
    ("data/units/the-hammers.toml", include_str!("../../../data/units/the-hammers.toml")),
    // Units of the rules' and FAQ's examples (mostly provisional: docs/card-format.md).
    ("data/units/steel-rain.toml", include_str!("../../../data/units/steel-rain.toml")),
    ("data/units/lothar.toml", include_str!("../../../data/units/lothar.toml")),
    ("data/units/luther.toml", include_str!("../../../data/units/luther.toml")),
    ("data/units/hot-dog.toml", include_str!("../../../data/units/hot-dog.toml")),
    ("data/units/honey.toml", include_str!("../../../data/units/honey.toml")),
    ("data/units/pounder.toml", include_str!("../../../data/units/pounder.toml")),
    ("data/units/ludwig.toml", include_str!("../../../data/units/ludwig.toml")),
    ("data/units/sigrid.toml", include_str!("../../../data/units/sigrid.toml")),
    (
        "data/units/totenmeister.toml",
        include_str!("../../../data/units/totenmeister.toml"),
    ),
    (
        "data/units/axis-zombies.toml",
        include_str!("../../../data/units/axis-zombies.toml"),
    ),
    ("data/units/the-boss.toml", include_str!("../../../data/units/the-boss.toml")),
    ("data/units/bbq-squad.toml", include_str!("../../../data/units/bbq-squad.toml")),
    (
        "data/units/kommandotrupp.toml",
        include_str!("../../../data/units/kommandotrupp.toml"),
    ),
    (
        "data/units/recon-grenadiers.toml",
        include_str!("../../../data/units/recon-grenadiers.toml"),
    ),
    (
        "data/units/laser-grenadiers.toml",
        include_str!("../../../data/units/laser-grenadiers.toml"),
    ),
    ("data/units/the-gunners.toml", include_str!("../../../data/units/the-gunners.toml")),
];

/// Reads the shipped cards.
///
/// # Errors
/// The problems of the shipped files (the test suite keeps this empty).
pub fn check_builtin() -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    parse_card_texts(SHIPPED)
}

/// The shipped card files that read without problems, in file order.
pub fn builtin_card_files() -> Vec<CardFile> {
    match check_builtin() {
        Ok(cards) => cards,
        // Keep every card that reads on its own; the tests make sure this branch is never taken.
        Err(_) => SHIPPED
            .iter()
            .filter_map(|(n, t)| crate::card::parse_card_file(t, n).ok())
            .collect(),
    }
}

/// The shipped unit cards.
pub fn builtin_cards() -> Vec<UnitCard> {
    builtin_card_files().into_iter().map(|c| c.card).collect()
}

/// A shipped card by name (case-insensitive).
pub fn find_card(name: &str) -> Option<UnitCard> {
    builtin_card_files()
        .into_iter()
        .find(|c| c.card.name.eq_ignore_ascii_case(name.trim()))
        .map(|c| c.card)
}

/// A card among `cards` by name (case-insensitive).
pub fn find_in<'a>(cards: &'a [CardFile], name: &str) -> Option<&'a CardFile> {
    cards.iter().find(|c| c.card.name.eq_ignore_ascii_case(name.trim()))
}

/// The shipped cards merged with the cards of `user_dir`: a user card replaces the shipped
/// card of the same name (case-insensitive) and new names are added. Shipped cards come first,
/// in file order, then the user's new cards.
///
/// # Errors
/// Every problem of the user's folder (the shipped cards are not re-reported).
pub fn load_card_files(user_dir: Option<&Path>) -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    let mut cards = builtin_card_files();
    let Some(dir) = user_dir else { return Ok(cards) };
    for user in parse_card_dir(dir)? {
        match cards.iter_mut().find(|c| c.card.name.eq_ignore_ascii_case(&user.card.name)) {
            Some(slot) => *slot = user,
            None => cards.push(user),
        }
    }
    Ok(cards)
}

/// The shipped unit cards merged with a user card folder, as [`load_card_files`].
///
/// # Errors
/// Every problem of the user's folder.
pub fn load_cards(user_dir: Option<&Path>) -> Result<Vec<UnitCard>, Vec<Diagnostic>> {
    load_card_files(user_dir).map(|v| v.into_iter().map(|c| c.card).collect())
}
