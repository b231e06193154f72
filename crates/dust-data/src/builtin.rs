//! The unit cards shipped with Dust 1947 (the files of `data/units/`, embedded in the program),
//! and the merge with a player's own card folder, which overrides them card by card.
//!
//! Cards belong to an edition (`edition` key). The revised edition plays the revised cards
//! ([`SHIPPED`]); the battlefront edition plays the battlefront cards ([`SHIPPED_BATTLEFRONT`],
//! `data/units/battlefront/`) and the revised cards as "classic cards"
//! (tactics-battlefront-2013-rules.txt, "Artillery Range (A)": "Some classic cards show…"), a
//! battlefront card replacing the classic card of the same name ([`cards_for`]).

use crate::card::{parse_card_dir, parse_card_texts, CardFile};
use crate::diag::Diagnostic;
use dust_core::{Edition, UnitCard};
use std::path::Path;

/// Every shipped card file of the revised edition: (file name, text).
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
    // Units named in the FAQ and the battlefront rules without a card of their own (issue 4).
    ("data/units/recon-boys.toml", include_str!("../../../data/units/recon-boys.toml")),
    (
        "data/units/tank-killers.toml",
        include_str!("../../../data/units/tank-killers.toml"),
    ),
    (
        "data/units/battle-grenadiers.toml",
        include_str!("../../../data/units/battle-grenadiers.toml"),
    ),
    ("data/units/bot-hunters.toml", include_str!("../../../data/units/bot-hunters.toml")),
    ("data/units/bazooka-joe.toml", include_str!("../../../data/units/bazooka-joe.toml")),
    (
        "data/units/action-jackson.toml",
        include_str!("../../../data/units/action-jackson.toml"),
    ),
];

/// Every shipped card file of the battlefront edition (`edition = "battlefront"`).
pub const SHIPPED_BATTLEFRONT: &[(&str, &str)] = &[
    (
        "data/units/battlefront/pounder.toml",
        include_str!("../../../data/units/battlefront/pounder.toml"),
    ),
    (
        "data/units/battlefront/ludwig.toml",
        include_str!("../../../data/units/battlefront/ludwig.toml"),
    ),
    (
        "data/units/battlefront/recon-grenadiers.toml",
        include_str!("../../../data/units/battlefront/recon-grenadiers.toml"),
    ),
    (
        "data/units/battlefront/heavy-laser-grenadiers.toml",
        include_str!("../../../data/units/battlefront/heavy-laser-grenadiers.toml"),
    ),
    (
        "data/units/battlefront/lara.toml",
        include_str!("../../../data/units/battlefront/lara.toml"),
    ),
    (
        "data/units/battlefront/hot-dog.toml",
        include_str!("../../../data/units/battlefront/hot-dog.toml"),
    ),
    (
        "data/units/battlefront/grim-reapers.toml",
        include_str!("../../../data/units/battlefront/grim-reapers.toml"),
    ),
    (
        "data/units/battlefront/bot-hunters.toml",
        include_str!("../../../data/units/battlefront/bot-hunters.toml"),
    ),
    (
        "data/units/battlefront/fireball.toml",
        include_str!("../../../data/units/battlefront/fireball.toml"),
    ),
    (
        "data/units/battlefront/oberleutnant-stefan.toml",
        include_str!("../../../data/units/battlefront/oberleutnant-stefan.toml"),
    ),
    (
        "data/units/battlefront/koshka.toml",
        include_str!("../../../data/units/battlefront/koshka.toml"),
    ),
    (
        "data/units/battlefront/grandma.toml",
        include_str!("../../../data/units/battlefront/grandma.toml"),
    ),
    (
        "data/units/battlefront/red-thunder.toml",
        include_str!("../../../data/units/battlefront/red-thunder.toml"),
    ),
    (
        "data/units/battlefront/fakyeli.toml",
        include_str!("../../../data/units/battlefront/fakyeli.toml"),
    ),
    (
        "data/units/battlefront/matrioshka.toml",
        include_str!("../../../data/units/battlefront/matrioshka.toml"),
    ),
    (
        "data/units/battlefront/is-48.toml",
        include_str!("../../../data/units/battlefront/is-48.toml"),
    ),
    (
        "data/units/battlefront/punisher.toml",
        include_str!("../../../data/units/battlefront/punisher.toml"),
    ),
    (
        "data/units/battlefront/red-rain.toml",
        include_str!("../../../data/units/battlefront/red-rain.toml"),
    ),
    (
        "data/units/battlefront/vladimir-lenin.toml",
        include_str!("../../../data/units/battlefront/vladimir-lenin.toml"),
    ),
    (
        "data/units/battlefront/allied-command-squad.toml",
        include_str!("../../../data/units/battlefront/allied-command-squad.toml"),
    ),
];

/// Reads every shipped card, of both editions.
///
/// # Errors
/// The problems of the shipped files (the test suite keeps this empty).
pub fn check_builtin() -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    let all: Vec<(&str, &str)> = SHIPPED.iter().chain(SHIPPED_BATTLEFRONT).copied().collect();
    parse_card_texts(&all)
}

/// Every shipped card file of both editions that reads without problems, in file order.
pub fn all_builtin_card_files() -> Vec<CardFile> {
    match check_builtin() {
        Ok(cards) => cards,
        // Keep every card that reads on its own; the tests make sure this branch is never taken.
        Err(_) => SHIPPED
            .iter()
            .chain(SHIPPED_BATTLEFRONT)
            .filter_map(|(n, t)| crate::card::parse_card_file(t, n).ok())
            .collect(),
    }
}

/// The cards an edition plays, from cards of both editions: the revised edition its own cards;
/// the battlefront edition its own cards and the revised cards as classic cards, a battlefront
/// card replacing the classic card of the same name (in the classic card's place).
pub fn cards_for(all: Vec<CardFile>, edition: Edition) -> Vec<CardFile> {
    let (bf, revised): (Vec<CardFile>, Vec<CardFile>) = all.into_iter().partition(|c| c.info.edition == Edition::Battlefront);
    match edition {
        Edition::Revised => revised,
        Edition::Battlefront => {
            let mut bf: Vec<Option<CardFile>> = bf.into_iter().map(Some).collect();
            let mut out = Vec::new();
            for c in revised {
                match bf
                    .iter_mut()
                    .find(|b| b.as_ref().is_some_and(|b| b.card.name.eq_ignore_ascii_case(&c.card.name)))
                {
                    Some(slot) => out.extend(slot.take()),
                    None => out.push(c),
                }
            }
            out.extend(bf.into_iter().flatten());
            out
        }
    }
}

/// The shipped card files of the revised edition, in file order.
pub fn builtin_card_files() -> Vec<CardFile> {
    cards_for(all_builtin_card_files(), Edition::Revised)
}

/// The shipped card files an edition plays ([`cards_for`]).
pub fn builtin_card_files_for(edition: Edition) -> Vec<CardFile> {
    cards_for(all_builtin_card_files(), edition)
}

/// The shipped unit cards of the revised edition.
pub fn builtin_cards() -> Vec<UnitCard> {
    builtin_card_files().into_iter().map(|c| c.card).collect()
}

/// A shipped card of the revised edition by name (case-insensitive).
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
    load_card_files_for(user_dir, Edition::Revised)
}

/// The shipped cards of both editions merged with the cards of `user_dir` (a user card
/// replaces the shipped card of the same name and edition), then the cards `edition` plays
/// ([`cards_for`]).
///
/// # Errors
/// Every problem of the user's folder.
pub fn load_card_files_for(user_dir: Option<&Path>, edition: Edition) -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    Ok(cards_for(load_all_card_files(user_dir)?, edition))
}

/// The shipped cards of both editions merged with the cards of `user_dir`, as
/// [`load_card_files_for`] but without choosing an edition.
///
/// # Errors
/// Every problem of the user's folder.
pub fn load_all_card_files(user_dir: Option<&Path>) -> Result<Vec<CardFile>, Vec<Diagnostic>> {
    let mut cards = all_builtin_card_files();
    let Some(dir) = user_dir else { return Ok(cards) };
    for user in parse_card_dir(dir)? {
        match cards
            .iter_mut()
            .find(|c| c.info.edition == user.info.edition && c.card.name.eq_ignore_ascii_case(&user.card.name))
        {
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

/// The unit cards an edition plays, merged with a user card folder, as [`load_card_files_for`].
///
/// # Errors
/// Every problem of the user's folder.
pub fn load_cards_for(user_dir: Option<&Path>, edition: Edition) -> Result<Vec<UnitCard>, Vec<Diagnostic>> {
    load_card_files_for(user_dir, edition).map(|v| v.into_iter().map(|c| c.card).collect())
}
