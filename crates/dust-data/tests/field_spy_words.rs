//! The words the terminal and the browser show for a spy's election (crates/dust-data/src/
//! field_words.rs): tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT", "SPY": "each time
//! your spy is activated, you may elect to roll 2 dice. If any ☒ or ☑ are rolled, the spy is
//! immediately placed within range 1 (10cm/4") of an enemy unit" (docs/rulings.md,
//! "Battlefield: Spy").

use dust_core::field::tests_support::{hero_card, squad_card, Builder};
use dust_core::field::Decision;
use dust_core::unit::BattlefrontSkill;
use dust_core::Side;
use dust_data::field_words::{describe, roll_purpose, rule_of};
use dust_geom::exact::Pt;

#[test]
fn a_spys_election_in_words() {
    let mut spy = hero_card("Mata");
    spy.bf.skills.push(BattlefrontSkill::Spy);
    let mut g = Builder::default()
        .unit(Side::A, spy, &[(20.0, 10.0)], 0)
        .unit(Side::B, squad_card("Foes", 2), &[(100.0, 80.0), (103.0, 80.0)], 180)
        .game(1);
    if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(Side::A)).unwrap();
    }
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.is_spy_off_table(0));
    assert!(g.asks().contains("spy"), "{}", g.asks());
    let name = |u: usize| g.table().units[u].name.clone();
    let stay = describe(&g, &Decision::Place(Vec::new()), &name);
    assert!(stay.contains("do not roll for the spy"), "{stay}");
    let roll = describe(&g, &Decision::Place(vec![Pt::cm(100.0, 86.0)]), &name);
    assert!(roll.contains("roll 2 dice for the spy") && roll.contains("at 100,86"), "{roll}");
    assert_eq!(rule_of(dust_core::field::Purpose::Spy), "SPY");
    assert!(roll_purpose(dust_core::field::Purpose::Spy).contains("spy"));
}
