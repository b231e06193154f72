//! Issue 20 in the terminal: the guided first game (`play --tutorial`: the duel against the
//! greedy AI with `dust_data::tutorial`'s lessons in the log pane, `t` for the log) and the rule
//! behind each log event explained in the project's words (`e`), drawn on ratatui's
//! `TestBackend` at 80x24.

use dust_core::game::{tests_support, Decision};
use dust_core::BySide;
use dust_tui::ratatui::backend::TestBackend;
use dust_tui::ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use dust_tui::ratatui::Terminal;
use dust_tui::{opponent, App, AppConfig, Overlay, Seat};

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn screen(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..24 {
        for x in 0..80 {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

fn tutorial() -> App {
    App::new(AppConfig {
        seats: BySide {
            a: Seat::Human,
            b: Seat::Ai,
        },
        ai: Some(opponent::build("greedy", 11).unwrap()),
        ai_spec: Some("greedy".into()),
        ..AppConfig::hotseat("duel", tests_support::duel(), 11)
    })
    .unwrap()
    .with_tutorial()
}

/// Played with Enter (an aim first when one is offered), the guided duel shows each lesson
/// in the log pane as it comes: activation, moving, line of sight, cover, attacking, damage.
#[test]
fn the_guided_duel_teaches_as_it_goes() {
    let mut app = tutorial();
    let mut titles: Vec<String> = Vec::new();
    for _ in 0..5000 {
        app.settle();
        if let Some(l) = app.lesson() {
            if !titles.iter().any(|t| t == l.id) {
                let s = screen(&app);
                assert!(s.contains("Learn to play"), "the lesson {} is on screen:\n{s}", l.id);
                titles.push(l.id.to_string());
            }
        }
        if app.is_over() {
            break;
        }
        // An aim when there is one, else move and attack, else the highlighted choice.
        let want = app
            .options()
            .iter()
            .position(|d| matches!(d, Decision::Aim { target: Some(_), .. }))
            .or_else(|| app.options().iter().position(|d| d.to_string() == "plan move attack"));
        if let Some(i) = want {
            if i < 9 {
                key(&mut app, KeyCode::Char(char::from(b'1' + i as u8)));
            }
        }
        key(&mut app, KeyCode::Enter);
    }
    assert!(app.is_over(), "the duel ends");
    for id in [
        "activation",
        "plan",
        "entry",
        "moving",
        "line-of-sight",
        "cover",
        "attacking",
        "damage",
        "end",
    ] {
        assert!(titles.iter().any(|t| t == id), "lesson {id} shown: {titles:?}");
    }
    // `t` shows the log instead, and back.
    assert!(screen(&app).contains("Learn to play"));
    key(&mut app, KeyCode::Char('t'));
    assert!(screen(&app).contains(" Log "), "{}", screen(&app));
    key(&mut app, KeyCode::Char('t'));
    assert!(screen(&app).contains("Learn to play"));
}

/// `e` opens the rule behind the newest event in the project's words with its citation;
/// up goes to an earlier event; any other key closes it.
#[test]
fn e_explains_the_rule_behind_an_event() {
    let mut app = tutorial();
    for _ in 0..40 {
        app.settle();
        key(&mut app, KeyCode::Enter);
    }
    app.settle();
    key(&mut app, KeyCode::Char('e'));
    let Overlay::Explain(i) = app.overlay() else {
        panic!("{:?}", app.overlay())
    };
    let s = screen(&app);
    assert!(s.contains("The rule explained"), "{s}");
    assert!(s.contains("Rulebook: tactics-"), "the citation stays:\n{s}");
    let rule = app.log()[i].rule.unwrap();
    if let Some(e) = dust_data::explain::explain(rule) {
        let first = e.words.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        assert!(
            s.replace('\n', " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(&first),
            "{first}:\n{s}"
        );
    }
    key(&mut app, KeyCode::Up);
    let Overlay::Explain(j) = app.overlay() else { panic!() };
    assert!(j < i, "up goes to an earlier event");
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.overlay(), Overlay::None);
    // From the whole log too.
    key(&mut app, KeyCode::Char('L'));
    key(&mut app, KeyCode::Char('e'));
    assert!(matches!(app.overlay(), Overlay::Explain(_)));
}
