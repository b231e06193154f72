//! Issue 18: "Remember that the player chooses the order in which weapon lines fire"
//! (tactics-revised-faq.md, "How can a unit split fire"). The terminal UI offers the order
//! once the lines are aimed, names each choice and shows the exact odds of the attack in that
//! order, as the engine will roll it.

use dust_core::game::tests_support::{open_game, placed, rifle, squad, weapon_line};
use dust_core::game::{Decision, UnitId};
use dust_core::odds::from_game::{declared_lines, unit_attack};
use dust_core::odds::odds_or_without_hero;
use dust_core::unit::CombatValue;
use dust_core::{Side, WeaponRange};
use dust_tui::{view, App, AppConfig};
use std::sync::Arc;

/// Two Shotguns (3 dice each) and a Flamethrower (a die per targeted miniature) next to five
/// riflemen; both lines aimed at them.
fn aimed() -> App {
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
    let mut app = App::new(AppConfig::hotseat("test", setup, 7)).expect("starts");
    app.settle();
    for text in ["first A", "activate u0", "plan attack nothing", "aim 0 u1 0", "aim 1 u1 0"] {
        let want: Decision = text.parse().expect("a decision");
        while !app.options().contains(&want) {
            match app.options().first() {
                Some(Decision::First(_)) => app.choose(Decision::First(Side::A)),
                _ => panic!("`{text}` is not offered: {:?}", app.options()),
            }
            app.settle();
        }
        app.choose(want);
        app.settle();
    }
    app
}

#[test]
fn the_player_chooses_the_order_with_its_odds() {
    let app = aimed();
    let fire = |l: u8| Decision::Fire(l);
    assert_eq!(app.options(), vec![fire(0), fire(1)]);
    assert_eq!(view::label(&app, fire(1)), "Fire Flamethrower (at u1 Riflemen) next");
    // The odds shown are those of the attack with that line first.
    let aims: Vec<Decision> = ["aim 0 u1 0", "aim 1 u1 0"]
        .iter()
        .map(|t| t.parse().expect("a decision"))
        .collect();
    let text = |first: u8| {
        let mut s = unit_attack(app.game(), UnitId(0), UnitId(1));
        s.lines = declared_lines(&s, UnitId(1), aims.iter().copied().chain([fire(first)]));
        let o = odds_or_without_hero(&s).expect("odds");
        (
            format!(
                "odds of these 2 lines: destroys {:.0}%, at least 1 loss {:.0}%, {:.2} lost on average",
                o.destroyed * 100.0,
                o.loss.at_least(1) * 100.0,
                o.loss.mean()
            ),
            o.loss.mean(),
        )
    };
    assert_eq!(view::odds_text(&app, fire(1)), text(1).0);
    assert_eq!(view::odds_text(&app, fire(0)), text(0).0);
    assert!(text(1).1 > text(0).1 + 0.1, "the Flamethrower is worth more first");
}
