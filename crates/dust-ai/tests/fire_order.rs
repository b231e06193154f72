//! Issue 18: "Remember that the player chooses the order in which weapon lines fire"
//! (tactics-revised-faq.md, "How can a unit split fire"). The AI players choose it too: the
//! greedy player from the exact odds of each order, the search among the orders the engine
//! offers.

use dust_ai::{GreedyPlayer, Player, PlayerSpec};
use dust_core::game::tests_support::{open_game, placed, rifle, squad, weapon_line};
use dust_core::game::{Decision, Game};
use dust_core::unit::CombatValue;
use dust_core::{GameRng, Side, WeaponRange};
use std::sync::Arc;

/// Two Shotguns (3 dice each) and a Flamethrower (a die per targeted miniature) next to five
/// riflemen; both lines aimed at them, the order of the lines to choose.
fn aimed() -> Game {
    let r1 = WeaponRange::Spaces { min: 1, max: 1 };
    let mut flame = weapon_line("Flamethrower", r1, CombatValue::Incendiary { dice: 1 }, CombatValue::NoEffect);
    flame.keywords.flame = true;
    let mut burners = squad("Burners", 3, vec![rifle("Shotgun", r1, 3), flame]);
    for (i, m) in burners.models.iter_mut().enumerate() {
        m.weapons = if i < 2 { 1 } else { 2 };
    }
    let rifles = squad("Riflemen", 5, vec![rifle("Rifle", r1, 1)]);
    let setup = open_game(
        6,
        6,
        vec![placed(&Arc::new(burners), Side::A, "C2"), placed(&Arc::new(rifles), Side::B, "C3")],
    );
    let mut g = Game::new(setup).expect("starts");
    let mut rng = GameRng::new(3);
    for text in ["activate u0", "plan attack nothing", "aim 0 u1 0", "aim 1 u1 0"] {
        let want: Decision = text.parse().expect("a decision");
        loop {
            while g.roll(&mut rng).is_some() {}
            if g.legal_decisions().contains(&want) {
                break;
            }
            g.apply(Decision::First(Side::A)).expect("side A goes first");
        }
        g.apply(want).expect("offered");
    }
    assert_eq!(g.legal_decisions(), [Decision::Fire(0), Decision::Fire(1)]);
    g
}

/// The greedy player fires the Flamethrower first: five dice against the full squad, more
/// than after the Shotguns have killed some.
#[test]
fn greedy_fires_the_flamethrower_first() {
    let g = aimed();
    assert_eq!(GreedyPlayer::new(1).decide(&g), Decision::Fire(1));
}

/// The search chooses one of the orders offered, and plays on from it.
#[test]
fn search_chooses_an_order() {
    let g = aimed();
    let mut p = "mcts:200i,threads=1".parse::<PlayerSpec>().expect("a spec").build(1);
    let d = p.decide(&g);
    assert!(matches!(d, Decision::Fire(0 | 1)), "{d}");
    let mut g2 = g.clone();
    g2.apply(d).expect("legal");
}
