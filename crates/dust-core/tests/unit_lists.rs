//! A unit's per-game lists are kept inline (issue 21: `dust_core::short_list::ShortList`), each
//! sized from a worst case the engine checks: a card has at most `MAX_LINES` weapon lines.

use dust_core::game::tests_support::{open_game, placed, rifle, squad};
use dust_core::game::{Game, MAX_LINES};
use dust_core::{Side, WeaponRange};
use std::sync::Arc;

#[test]
fn a_card_with_more_weapon_lines_than_the_engine_holds_is_refused_by_name() {
    let r = WeaponRange::Spaces { min: 1, max: 4 };
    let mut many = squad("Many Guns", 1, vec![rifle("Rifle", r, 1)]);
    many.weapons = vec![rifle("Rifle", r, 1); MAX_LINES + 1];
    let mut most = squad("Most Guns", 1, vec![rifle("Rifle", r, 1)]);
    most.weapons = vec![rifle("Rifle", r, 1); MAX_LINES];
    let refused = Game::new(open_game(6, 6, vec![placed(&Arc::new(many), Side::A, "A1")])).err();
    let message = refused.expect("33 lines are refused").to_string();
    assert!(
        message.contains("Many Guns") && message.contains("at most 32 weapon lines"),
        "{message}"
    );
    let g = Game::new(open_game(6, 6, vec![placed(&Arc::new(most), Side::A, "A1")])).expect("32 lines are taken");
    assert_eq!(g.unit(dust_core::game::UnitId(0)).ammo.len(), MAX_LINES);
}
