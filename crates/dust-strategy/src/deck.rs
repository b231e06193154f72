//! The cards ("The Cards", "Card Breakdown", "Special Abilities").
//!
//! The real 45 cards are not in the seed, so the shipped deck (`data/strategy/deck.toml`) is the
//! project's own design; [`parse_deck`] reads any deck written in the same format.

use crate::diag::{describe, Diagnostics, Reporter};
use core::fmt;
use toml_edit::{Item, TableLike, Value};

/// Cards needed to deal six to each of six players ("Setup", step 2).
pub const MIN_CARDS: usize = 36;
/// The largest deck (card ids are bytes).
pub const MAX_CARDS: usize = 255;

/// A card of the deck: an index into [`Deck::cards`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u8);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The special abilities ("Special Abilities"). The overview speaks of ten; the section
/// describes these eleven, and all are implemented.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Ability {
    /// Reroll all the dice just rolled in a battle with one of your land units.
    RaketenTruppen,
    /// When one of your units is destroyed in battle, a blank on a die saves it (it retreats);
    /// then for every later casualty of that battle.
    Nurse,
    /// At the start of a battle: the opponent retreats all of his units.
    SecretWeapon,
    /// At the start of your production phase: choose an ally for the round; no attacks
    /// between you.
    Diplomat,
    /// At the start of a battle: retreat all your units; again in later battles this round.
    AlienRadar,
    /// As another player's turn begins: take your turn first.
    Koshka,
    /// In your combat phase, for one combat point: drop mechs from anywhere on an enemy area.
    MechDropper,
    /// At the start of a battle: your air units roll one more die each.
    AceOfTheSky,
    /// In your production phase: one free mech at one of your production centers.
    MechBuilder,
    /// In a battle, right after you roll: reroll your blanks.
    Sigrid,
    /// In your combat phase: one ballistic missile attack (three dice, any units).
    BallisticMissiles,
}

impl Ability {
    /// Every ability.
    pub const ALL: [Ability; 11] = [
        Ability::RaketenTruppen,
        Ability::Nurse,
        Ability::SecretWeapon,
        Ability::Diplomat,
        Ability::AlienRadar,
        Ability::Koshka,
        Ability::MechDropper,
        Ability::AceOfTheSky,
        Ability::MechBuilder,
        Ability::Sigrid,
        Ability::BallisticMissiles,
    ];
    /// The key used in deck files.
    pub const fn key(self) -> &'static str {
        match self {
            Ability::RaketenTruppen => "raketen-truppen",
            Ability::Nurse => "nurse",
            Ability::SecretWeapon => "secret-weapon",
            Ability::Diplomat => "diplomat",
            Ability::AlienRadar => "alien-radar",
            Ability::Koshka => "koshka",
            Ability::MechDropper => "mech-dropper",
            Ability::AceOfTheSky => "ace-of-the-sky",
            Ability::MechBuilder => "mech-builder",
            Ability::Sigrid => "sigrid",
            Ability::BallisticMissiles => "ballistic-missiles",
        }
    }
    /// The name printed on the card.
    pub const fn title(self) -> &'static str {
        match self {
            Ability::RaketenTruppen => "Raketen Truppen",
            Ability::Nurse => "Nurse",
            Ability::SecretWeapon => "Secret Weapon",
            Ability::Diplomat => "Diplomat",
            Ability::AlienRadar => "Alien Radar",
            Ability::Koshka => "Koshka",
            Ability::MechDropper => "Mech Dropper",
            Ability::AceOfTheSky => "Ace of the Sky",
            Ability::MechBuilder => "Mech Builder",
            Ability::Sigrid => "Sigrid",
            Ability::BallisticMissiles => "Ballistic Missiles",
        }
    }
    /// The ability's text in the rulebook ("Special Abilities"), for players who ask what it
    /// does. Every ability may be used once in the round its card is played.
    pub const fn rules_text(self) -> &'static str {
        match self {
            Ability::RaketenTruppen => "Use during a battle involving at least one of your land units, immediately after you roll one or more dice to attack or defend. Reroll all of those dice, and use the new results, even if they are worse than the original results.",
            Ability::Nurse => "Use when one of your units is destroyed in battle. Roll a die. If you roll a blank, that unit is not destroyed, and instead retreats according to the normal rules (if it has no legal area to retreat to, it is destroyed as normal). If you roll a hit, it is destroyed as normal. For the remainder of this battle, each time your opponent destroys one of your units, roll a die in the same way.",
            Ability::SecretWeapon => "Use at the start of a battle, before any dice are rolled. Your opponent must immediately retreat all of his units from that battle's target area. You may not activate this ability if it would cause your opponent's units to be destroyed (per step four of the retreat procedure).",
            Ability::Diplomat => "Use at the start of your production phase. Choose one other player, who becomes your \"ally\" for the duration of the game round. Neither you nor your ally may attack, or make special attacks against, the other.",
            Ability::AlienRadar => "Use at the start of a battle, before any dice are rolled. Retreat all of your units according to the normal rules for retreats. This ability persists for the remainder of the game round: you may retreat in the same way from any battle involving your units, as long as you announce it before any dice are rolled.",
            Ability::Koshka => "Use as another player's player turn begins. Interrupt that player and take your player turn, instead. That player takes his player turn after your player turn is finished (you do not get an extra player turn; the order of turns is simply changed). If two players use this ability to interrupt the same player, the player whose card has the most tie-breaker stars goes first.",
            Ability::MechDropper => "Use during your combat phase. Spend one combat point and choose a target enemy area. Then take any number of mech units from any friendly area or combination of friendly areas on the board and place them all in the target area. A battle then occurs in the target area. You may not retreat from this battle.",
            Ability::AceOfTheSky => "Use at the start of a battle, before any dice are rolled. All friendly air units have their combat values increased by one for the duration of the battle.",
            Ability::MechBuilder => "Use at any time during your production phase. Place one free mech unit on any area where you have a production center. This unit does not count against that production center's normal five-unit production limit.",
            Ability::Sigrid => "Use during a battle, immediately after you roll one or more dice to attack or defend. Collect all of the dice that rolled blank and reroll them.",
            Ability::BallisticMissiles => "Use during your combat phase. Make a special ballistic missile attack: announce the attack, choose a target area, spend a combat point, and roll three dice. For each hit, choose and destroy one unit in that area, any units you wish (fighters need not go before bombers, nor tanks before mechs). Not against capitals.",
        }
    }
    /// The ability with a deck-file key.
    pub fn from_key(s: &str) -> Option<Ability> {
        Ability::ALL.into_iter().find(|a| a.key() == s)
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// One card ("Card Breakdown").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// Combat points: the number of separate attacks this turn.
    pub combat: u8,
    /// Movement points: the number of movements this turn.
    pub movement: u8,
    /// Production points added to the production of this turn.
    pub production: u8,
    /// Tie-breaker stars.
    pub stars: u8,
    /// The special ability.
    pub ability: Ability,
}

impl Card {
    /// The key that orders players: combat, then movement, then stars, higher first ("The
    /// Initiative Step", "Setup" step 2).
    pub fn order_key(&self) -> (u8, u8, u8) {
        (self.combat, self.movement, self.stars)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (combat {}, movement {}, production {}, {} star{})",
            self.ability,
            self.combat,
            self.movement,
            self.production,
            self.stars,
            if self.stars == 1 { "" } else { "s" }
        )
    }
}

/// A checked deck. Built only by [`parse_deck`] (or [`Deck::builtin`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    name: String,
    cards: Vec<Card>,
}

/// The shipped deck file.
pub const BUILTIN_DECK: &str = include_str!("../../../data/strategy/deck.toml");

impl Deck {
    /// The shipped deck (`data/strategy/deck.toml`).
    ///
    /// # Panics
    /// Never: the shipped file is checked by the tests.
    pub fn builtin() -> Deck {
        match parse_deck(BUILTIN_DECK, "data/strategy/deck.toml") {
            Ok(d) => d,
            Err(e) => panic!("the shipped deck is invalid: {e}"),
        }
    }
    /// The deck's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Every card, by id.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
    /// One card.
    pub fn card(&self, c: CardId) -> &Card {
        &self.cards[c.0 as usize]
    }
    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    /// A checked deck is never empty; here for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

const TOP_KEYS: &[&str] = &["name", "description", "cards"];
const CARD_KEYS: &[&str] = &["ability", "combat", "movement", "production", "stars"];

/// Reads and checks a deck file. `file` is only used in the diagnostics.
///
/// # Errors
/// Every problem found, each as `FILE:LINE:COL: message`.
pub fn parse_deck(text: &str, file: &str) -> Result<Deck, Diagnostics> {
    let mut r = Reporter::new(file, text);
    let doc = match toml_edit::Document::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            r.err(&span, format!("this is not valid TOML: {}", e.message().trim().replace('\n', " ")));
            return Err(match r.finish() {
                Err(d) => d,
                Ok(()) => Diagnostics(Vec::new()),
            });
        }
    };
    let root = doc.as_table();
    for (k, item) in root.iter() {
        if !TOP_KEYS.contains(&k) {
            let span = root.key(k).and_then(|k| k.span()).or_else(|| item.span()).unwrap_or(0..0);
            r.err(&span, format!("unknown key `{k}`; a deck has {}", TOP_KEYS.join(", ")));
        }
    }
    let name = match root.get("name") {
        Some(Item::Value(Value::String(s))) => s.value().clone(),
        Some(i) => {
            r.err(&i.span().unwrap_or(0..0), format!("`name` must be a string, not {}", describe(i)));
            String::new()
        }
        None => {
            r.err(&(0..0), "the deck has no `name`");
            String::new()
        }
    };
    let mut cards = Vec::new();
    let mut last_span = 0..0;
    match root.get("cards") {
        Some(Item::Value(Value::Array(arr))) => {
            for v in arr.iter() {
                let span = v.span().unwrap_or(0..0);
                last_span = span.clone();
                match v.as_inline_table() {
                    Some(t) => cards.extend(read_card(&mut r, t, &span)),
                    None => r.err(
                        &span,
                        "each card is an inline table such as { ability = \"nurse\", combat = 2, movement = 1, production = 4, stars = 1 }",
                    ),
                }
            }
        }
        Some(Item::ArrayOfTables(arr)) => {
            for t in arr.iter() {
                let span = t.span().unwrap_or(0..0);
                last_span = span.clone();
                cards.extend(read_card(&mut r, t, &span));
            }
        }
        Some(i) => r.err(
            &i.span().unwrap_or(0..0),
            format!("`cards` must be an array of cards, not {}", describe(i)),
        ),
        None => r.err(&(0..0), "the deck has no `cards`"),
    }
    if r.diags.is_empty() && cards.len() < MIN_CARDS {
        r.err(
            &last_span,
            format!(
                "the deck has {} cards; at least {MIN_CARDS} are needed to deal six to six players (\"Setup\", step 2)",
                cards.len()
            ),
        );
    }
    if cards.len() > MAX_CARDS {
        r.err(
            &last_span,
            format!("the deck has {} cards; at most {MAX_CARDS} are supported", cards.len()),
        );
    }
    r.finish()?;
    Ok(Deck { name, cards })
}

fn read_card(r: &mut Reporter<'_>, t: &dyn TableLike, span: &core::ops::Range<usize>) -> Option<Card> {
    for (k, _) in t.iter() {
        if !CARD_KEYS.contains(&k) {
            let ks = t.key(k).and_then(|k| k.span()).unwrap_or_else(|| span.clone());
            r.err(&ks, format!("unknown card key `{k}`; a card has {}", CARD_KEYS.join(", ")));
        }
    }
    let ability = match t.get("ability") {
        Some(i) => match i.as_str().and_then(Ability::from_key) {
            Some(a) => Some(a),
            None => {
                let keys: Vec<&str> = Ability::ALL.iter().map(|a| a.key()).collect();
                r.err(
                    &i.span().unwrap_or_else(|| span.clone()),
                    format!("unknown ability; use one of {}", keys.join(", ")),
                );
                None
            }
        },
        None => {
            r.err(span, "the card has no `ability`");
            None
        }
    };
    let mut num = |k: &str, max: i64| -> Option<u8> {
        match t.get(k) {
            Some(i) => match i.as_integer() {
                Some(v) if (0..=max).contains(&v) => Some(v as u8),
                Some(v) => {
                    r.err(
                        &i.span().unwrap_or_else(|| span.clone()),
                        format!("`{k}` is {v}; it must be between 0 and {max}"),
                    );
                    None
                }
                None => {
                    r.err(
                        &i.span().unwrap_or_else(|| span.clone()),
                        format!("`{k}` must be an integer, not {}", describe(i)),
                    );
                    None
                }
            },
            None => {
                r.err(span, format!("the card has no `{k}`"));
                None
            }
        }
    };
    let combat = num("combat", 9);
    let movement = num("movement", 9);
    let production = num("production", 30);
    let stars = num("stars", 9);
    Some(Card {
        combat: combat?,
        movement: movement?,
        production: production?,
        stars: stars?,
        ability: ability?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_deck_has_45_cards_and_every_ability() {
        // "Components": a deck of forty-five cards; "Special Abilities".
        let d = Deck::builtin();
        assert_eq!(d.len(), 45);
        for a in Ability::ALL {
            assert!(d.cards().iter().any(|c| c.ability == a), "{a}");
        }
        let mut keys: Vec<_> = d.cards().iter().map(Card::order_key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 45, "turn order is never tied with the shipped deck");
    }

    #[test]
    fn every_problem_is_reported() {
        let text = "name = \"d\"\ncards = [\n { ability = \"nurse\", combat = 12, movement = 1, production = 1, stars = 1 },\n { ability = \"cook\", combat = 1, movement = 1, production = 1, stars = 1, x = 2 },\n]\n";
        let e = parse_deck(text, "d.toml").unwrap_err();
        let s = e.to_string();
        assert!(s.contains("d.toml:3:"), "{s}");
        assert!(s.contains("d.toml:4:"), "{s}");
        assert!(s.contains("unknown ability"), "{s}");
        assert!(s.contains("unknown card key `x`"), "{s}");
    }
}
