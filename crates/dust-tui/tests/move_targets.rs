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
