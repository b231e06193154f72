//! Issue 20, "Names, not ids": the events as a player reads them (the terminal log and the
//! browser log), with unit names, the miniature's weapons and singular words.

use dust_core::game::tests_support::duel;
use dust_core::game::{Casualty, Event, Game, Target, UnitId};

#[test]
fn events_name_units_and_miniatures() {
    let g = Game::new(duel()).expect("the duel starts");
    let (a, b) = (UnitId(0), UnitId(1));
    let fired = Event::Fired {
        unit: a,
        weapon: "Rifle".into(),
        target: Target::Unit(b),
        dice: 1,
    };
    assert_eq!(fired.describe(&g), "Rifles A fires Rifle at Rifles B with 1 die");
    let hits = Event::Hits {
        target: Target::Unit(b),
        hits: 1,
        damage: 1,
    };
    assert_eq!(hits.describe(&g), "1 hit on Rifles B: 1 damage");
    // m2 carries the squad's Rifle and Knife.
    assert_eq!(
        Event::Wounded(b, Casualty::Model(2)).describe(&g),
        "Rifles B loses a miniature (m2: Rifle, Knife)"
    );
    assert_eq!(Event::Damaged(a, 2).describe(&g), "Rifles A loses 2 health points");
    // The stable text of records and digests keeps the ids.
    assert_eq!(fired.to_string(), "u0 fires Rifle at u1 with 1 dice");
}
