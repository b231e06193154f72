//! Issue 20, "Clear": "A plan that can do nothing: 'move, then attack' with no target in range
//! after the move ends silently. Preview, for each move destination, which targets it gives,
//! and warn before a plan wastes an action." Each destination of a move followed by an attack
//! is labelled "(no target from here)" when the engine would offer the attack no target there,
//! its details list the targets it gives, and the plan warns when no destination gives one.

use dust_core::game::{tests_support, Decision, Pending, Target};
use dust_tui::ratatui::backend::TestBackend;
use dust_tui::ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use dust_tui::ratatui::Terminal;
use dust_tui::{view, App, AppConfig};

fn screen(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer();
    (0..30)
        .map(|y| (0..100).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>() + "\n")
        .collect()
}

/// The targets the engine offers the first weapon line after move `d`, read from the engine.
fn engine_targets(app: &App, d: Decision) -> Vec<Target> {
    let mut g = app.game().clone();
    g.apply(d).unwrap();
    let mut v: Vec<Target> = g
        .legal_decisions()
        .into_iter()
        .filter_map(|x| match x {
            Decision::Aim { target, .. } => target,
            _ => None,
        })
        .collect();
    v.dedup();
    v
}

#[test]
fn each_destination_of_move_then_attack_shows_the_targets_it_gives() {
    let (mut with, mut without, mut warned) = (0, 0, 0);
    for seed in 1..6 {
        let mut app = App::new(AppConfig::hotseat("duel", tests_support::duel(), seed)).unwrap();
        for _ in 0..400 {
            app.settle();
            if app.is_over() {
                break;
            }
            let opts = app.options().to_vec();
            // "Move, then attack" with nothing to attack after any move says so.
            for &d in &opts {
                if let Decision::Plan(p) = d {
                    if p.to_string() == "move attack" {
                        let label = view::label(&app, d);
                        if let Some((0, n)) = view::plan_reach(&app, p) {
                            assert!(n > 0);
                            assert!(label.ends_with("(no target)"), "{label}");
                            warned += 1;
                        } else {
                            assert!(!label.contains("no target"), "{label}");
                        }
                    }
                }
            }
            let plan_attacks = app.game().declaring().is_some()
                && app
                    .log()
                    .iter()
                    .rev()
                    .find(|l| l.text.contains("declares"))
                    .is_some_and(|l| l.text.ends_with("declares move attack"));
            if plan_attacks && opts.iter().all(|d| matches!(d, Decision::MoveTo(_))) {
                for (i, &d) in opts.iter().enumerate() {
                    let engine = engine_targets(&app, d);
                    let shown = view::targets_after_move(&app, d, true).expect("an attack follows this move");
                    let label = view::label(&app, d);
                    for t in &engine {
                        assert!(shown.iter().any(|(x, _)| x == t), "{d}: engine offers {t}, preview {shown:?}");
                    }
                    if shown.is_empty() {
                        assert!(engine.is_empty());
                        assert!(label.ends_with("(no target from here)"), "{label}");
                        without += 1;
                    } else {
                        assert!(!label.contains("no target"), "{label}");
                        with += 1;
                    }
                    // The highlighted destination's details name the targets, or warn.
                    if i == 0 {
                        let s = screen(&app);
                        if shown.is_empty() {
                            assert!(s.contains("no target from here: the attack after this move"), "{s}");
                        } else {
                            let Target::Unit(u) = shown[0].0 else { continue };
                            let name = format!("targets from here: {u} {}", app.game().unit(u).card.name);
                            assert!(s.contains(&name), "{name}\n{s}");
                        }
                    }
                }
            }
            if let Pending::Decision { .. } = app.game().pending() {
                // The first choice, but "move, then attack" when offered.
                let pick = opts
                    .iter()
                    .position(|d| matches!(d, Decision::Plan(p) if p.to_string() == "move attack"))
                    .unwrap_or(0);
                for _ in 0..pick {
                    app.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
                }
                app.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
            }
        }
    }
    assert!(
        with > 0 && without > 0 && warned > 0,
        "with {with}, without {without}, warned {warned}"
    );
}

/// Battlefront: after a large vehicle's move its rear square is declared
/// (tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size"; a facing, "1) Check Field
/// of Fire", is declared the same way in other plans); the preview tries every square (and
/// facing) the move may end in, so that it names every target the engine would offer with one.
#[test]
fn battlefront_the_preview_tries_every_rear_square() {
    use dust_core::game::tests_support::{open_game, placed, rifle, squad};
    use dust_core::unit::{BattlefrontCard, BattlefrontKind};
    use dust_core::{Armor, ArmorType, Edition, Side, UnitKind, WeaponRange};
    use std::sync::Arc;
    let r = WeaponRange::Spaces { min: 1, max: 4 };
    let mut tank = squad("Tank", 1, vec![rifle("Gun", r, 2)]);
    tank.kind = UnitKind::Vehicle;
    tank.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 3,
    };
    tank.health = 4;
    tank.models.clear();
    let mut tank = placed(&Arc::new(tank), Side::A, "B8");
    tank.battlefront = Some(Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::LargeVehicle),
        ..BattlefrontCard::default()
    }));
    let inf = squad("Riflemen", 3, vec![rifle("Rifle", r, 1)]);
    let mut setup = open_game(4, 10, vec![tank, placed(&Arc::new(inf), Side::B, "B4")]);
    setup.edition = Edition::Battlefront;
    let mut app = App::new(AppConfig::hotseat("test", setup, 1)).expect("starts");
    let (mut checked, mut rear) = (0, false);
    for _ in 0..40 {
        app.settle();
        let opts = app.options().to_vec();
        if opts.iter().any(|d| matches!(d, Decision::MoveTo(_))) {
            if view::targets_after_move(&app, opts[0], true).is_none() {
                break; // not a move before an attack
            }
            for &d in &opts {
                // The engine: the move, then each rear square and facing offered, then the
                // first line's aims.
                let mut g = app.game().clone();
                g.apply(d).unwrap();
                let mut engine: Vec<Target> = Vec::new();
                first_line_aims(g, &mut engine, &mut rear);
                let shown = view::targets_after_move(&app, d, true).unwrap();
                for t in &engine {
                    assert!(shown.iter().any(|(x, _)| x == t), "{d}: engine offers {t}, preview {shown:?}");
                }
                assert_eq!(shown.is_empty(), engine.is_empty(), "{d}");
                checked += 1;
            }
            break;
        }
        let pick = opts
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Plan(p) if p.to_string() == "move attack"))
            .or_else(|| {
                opts.iter()
                    .copied()
                    .find(|d| matches!(d, Decision::Activate(dust_core::game::UnitId(0))))
            })
            .or_else(|| opts.iter().copied().find(|d| *d == Decision::First(Side::A)))
            .unwrap_or(opts[0]);
        app.choose(pick);
    }
    assert!(checked > 0, "no move before an attack was offered");
    assert!(rear, "the engine asked for the rear square after the move");
}

/// The targets the engine offers the first aimed line once the declaration reaches it, over
/// every square (a large model's rear) and facing it asks for first.
fn first_line_aims(g: dust_core::game::Game, out: &mut Vec<Target>, asked: &mut bool) {
    let legal = g.legal_decisions();
    if legal.iter().any(|x| matches!(x, Decision::Aim { .. })) {
        for x in legal {
            if let Decision::Aim { target: Some(t), .. } = x {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        return;
    }
    for x in legal {
        if matches!(x, Decision::MoveTo(_) | Decision::Face(_)) {
            *asked = true;
            let mut h = g.clone();
            h.apply(x).unwrap();
            first_line_aims(h, out, asked);
        }
    }
}
