//! Card files: the two lines of a battlefront weapon with two modes of shooting (`mode_of`,
//! tactics-battlefront-2013-rules.txt, "Weapons with Two Lines": "Some weapons have two modes
//! of shooting shown by two sets of weapon characteristics under the weapon description").

use dust_data::builtin::check_builtin;
use dust_data::card::{parse_card_file, render_text};

/// A battlefront card: `kind`, then the weapon sections `weapons`, then `models`.
fn card(edition: &str, kind: &str, weapons: &str, models: &str) -> String {
    let health = if kind == "squad" { 2 } else { 3 };
    format!(
        "name = \"T\"\n{edition}bloc = \"axis\"\nkind = \"{kind}\"\nmovement = 1\narmor = \"soldier 2\"\nhealth = {health}\nap = 10\nsource = \"test\"\n{weapons}{models}"
    )
}

fn weapon(name: &str, extra: &str) -> String {
    format!("[[weapon]]\nname = \"{name}\"\nrange = \"4\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\n{extra}")
}

const BF: &str = "edition = \"battlefront\"\n";

fn errors(text: &str) -> Vec<String> {
    match parse_card_file(text, "t.toml") {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(ToString::to_string).collect(),
    }
}

/// "Weapons with Two Lines": `mode_of` on one line links both ways, by name or by id.
#[test]
fn mode_of_links_both_lines() {
    let w = weapon("Rifle (burst)", "mode_of = \"Rifle (aimed)\"\n") + &weapon("Rifle (aimed)", "") + &weapon("Pistol", "");
    let f = parse_card_file(&card(BF, "hero", &w, ""), "t.toml").expect("valid");
    let modes: Vec<Option<u8>> = f.info.battlefront.weapons.iter().map(|b| b.mode_of).collect();
    assert_eq!(modes, [Some(1), Some(0), None]);
    assert!(render_text(&f).contains("one weapon with `Rifle (aimed)`"), "{}", render_text(&f));
    // Both lines may name each other; ids work too.
    let w = weapon("Gun", "id = \"he\"\nmode_of = \"ap\"\n") + &weapon("Gun", "id = \"ap\"\nmode_of = \"he\"\n");
    let f = parse_card_file(&card(BF, "hero", &w, ""), "t.toml").expect("valid");
    let modes: Vec<Option<u8>> = f.info.battlefront.weapons.iter().map(|b| b.mode_of).collect();
    assert_eq!(modes, [Some(1), Some(0)]);
}

/// A miniature carrying one line of the weapon carries the weapon, so both lines; the other
/// line needs no model of its own.
#[test]
fn a_model_carrying_one_mode_carries_both() {
    let w = weapon("Rifle (burst)", "mode_of = \"Rifle (aimed)\"\n") + &weapon("Rifle (aimed)", "");
    let models = "[[model]]\nweapons = [\"Rifle (burst)\"]\ncount = 2\n";
    let f = parse_card_file(&card(BF, "squad", &w, models), "t.toml").expect("valid");
    assert!(f.card.models.iter().all(|m| m.weapons == 0b11), "{:?}", f.card.models);
}

/// Every problem of the links is reported at once, with where it is.
#[test]
fn bad_links_are_all_reported() {
    let w = weapon("A", "mode_of = \"Nope\"\n")
        + &weapon("B", "mode_of = \"B\"\n")
        + &weapon("C", "mode_of = \"D\"\n")
        + &weapon("D", "")
        + &weapon("E", "mode_of = \"D\"\n");
    let e = errors(&card(BF, "hero", &w, ""));
    assert_eq!(e.len(), 3, "{e:#?}");
    assert!(e[0].contains("no weapon line is named `Nope`"), "{e:#?}");
    assert!(e[1].contains("names this line itself"), "{e:#?}");
    assert!(e[2].contains("a weapon has two lines, not more"), "{e:#?}");
    assert!(e.iter().all(|m| m.starts_with("t.toml:")), "{e:#?}");
}

/// Weapons with two lines are a battlefront rule: a revised card may not link lines.
#[test]
fn mode_of_belongs_to_the_battlefront_edition() {
    let w = weapon("A", "mode_of = \"B\"\n") + &weapon("B", "");
    let e = errors(&card("", "hero", &w, ""));
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(e[0].contains("belongs to the battlefront edition"), "{e:#?}");
}

/// No shipped card links lines: neither the seed nor a public reference names a starter-set
/// weapon with two lines (docs/card-format.md, "Weapons with two lines").
#[test]
fn shipped_cards_link_no_lines() {
    let cards = check_builtin().expect("shipped cards");
    assert!(cards.iter().all(|c| c.info.battlefront.weapons.iter().all(|b| b.mode_of.is_none())));
}
