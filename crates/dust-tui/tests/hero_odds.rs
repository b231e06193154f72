//! Issue 10: the odds the terminal UI shows before a person commits are those of the attack
//! the engine will roll: a squad's lines with its joined hero's (numbered from `HERO_LINE`,
//! `AttackSpec::with_attacking_hero`), against a squad with its joined hero, each hero with his
//! battlefront card part (tactics-battlefront-2013-rules.txt, "Joining Infantry Squads",
//! "Soldiers with Several Weapons"; docs/odds.md, "The attacker's joined hero").

use dust_core::game::tests_support::{squads_with_joined_heroes, squads_with_joined_heroes_attack as spec};
use dust_core::game::Decision;
use dust_core::odds::{odds_or_without_hero, Odds};
use dust_tui::{view, App, AppConfig};

/// Side A's Grenadiers (u0, their Captain u1) declare an Attack (a Sustained Attack uses ranged
/// or close-combat weapons, not both) and aim their rifles and knives at side B's Guard (u2,
/// their Sergeant u3).
fn aiming() -> App {
    let mut app = App::new(AppConfig::hotseat("test", squads_with_joined_heroes(), 7)).expect("starts");
    app.settle();
    for text in ["first A", "activate u0", "plan attack nothing", "aim 0 u2 0", "aim 1 u2 0"] {
        let want: Decision = text.parse().expect("a decision");
        while !app.options().contains(&want) {
            // The choices the script leaves open (facing, the hero staying, a line unused).
            match app.options().first() {
                Some(&d @ (Decision::Face(_) | Decision::Use(_, false) | Decision::Aim { target: None, .. })) => app.choose(d),
                _ => panic!("`{text}` is not offered: {:?}", app.options()),
            }
            app.settle();
        }
        app.choose(want);
        app.settle();
    }
    app
}

/// The odds line the details pane shows, from the library's answer.
fn text_of(o: &Odds, lines: usize) -> String {
    let h = o.hero.as_ref().expect("the sergeant's losses");
    format!(
        "odds of these {lines} lines: destroys {:.0}%, at least 1 loss {:.0}%, {:.2} lost on average; joined hero: {:.2} lost, destroyed {:.0}%",
        o.destroyed * 100.0,
        o.loss.at_least(1) * 100.0,
        o.loss.mean(),
        h.loss.mean(),
        h.destroyed * 100.0
    )
}

#[test]
fn the_odds_shown_for_a_squad_with_its_joined_hero_are_the_engines() {
    let mut app = aiming();
    // The Captain's Grenade, after the squad's rifles and knives.
    let grenade: Decision = "aim 32 u2 0".parse().expect("a decision");
    assert!(app.options().contains(&grenade), "{:?}", app.options());
    let expected = odds_or_without_hero(&spec(app.game(), &[0, 1, 32], true)).expect("odds");
    assert!(expected.lines.iter().any(|l| l.line == 32), "his line fires with the squad's");
    assert_eq!(view::odds_text(&app, grenade), text_of(&expected, 3));
    // His blast does two damage a hit on the Sergeant only with his battlefront card part.
    let without = odds_or_without_hero(&spec(app.game(), &[0, 1, 32], false)).expect("odds");
    assert_ne!(text_of(&without, 3), text_of(&expected, 3));
    // Then his Sabre: the close combat of both squads and both heroes.
    app.choose(grenade);
    app.settle();
    let sabre: Decision = "aim 33 u2 0".parse().expect("a decision");
    assert!(app.options().contains(&sabre), "{:?}", app.options());
    let expected = odds_or_without_hero(&spec(app.game(), &[0, 1, 32, 33], true)).expect("odds");
    assert_eq!(view::odds_text(&app, sabre), text_of(&expected, 4));
    assert_eq!(view::label(&app, sabre), "Sabre at u2 Guard, no cover");
}

/// Issue 10: the number given with an aim is named for what it counts: the soldiers of a squad
/// firing the line in the battlefront edition (docs/rulings.md, "Battlefront soldiers with
/// several weapons").
#[test]
fn the_number_of_an_aim_is_named() {
    let app = aiming();
    let label = |text: &str| view::label(&app, text.parse().expect("a decision"));
    assert_eq!(label("aim 0 u2 2"), "Rifle at u2 Guard, no cover, 2 soldiers");
    assert_eq!(label("aim 0 u2 1"), "Rifle at u2 Guard, no cover, 1 soldier");
    assert_eq!(label("aim 0 u2 0"), "Rifle at u2 Guard, no cover");
}
