//! Issue 20, "Clear": "The card under the cursor: moving onto an enemy shows its card; cards
//! have column headings (armour classes, range, ammo) and explain notation such as '1/I',
//! 'RC', 'x3'".

use dust_core::game::{tests_support, Decision, Pending};
use dust_core::{CombatValue, Side};
use dust_tui::ratatui::backend::TestBackend;
use dust_tui::ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use dust_tui::ratatui::Terminal;
use dust_tui::{App, AppConfig};

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>() + "\n")
        .collect()
}

/// The unit card pane (the right half, above the choices) as text.
fn card(app: &App) -> String {
    screen(app, 80, 24)
        .lines()
        .take_while(|l| !l.contains("choice"))
        .map(|l| l.chars().skip(40).collect::<String>() + "\n")
        .collect()
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn moving_the_board_cursor_onto_an_enemy_shows_its_card() {
    let mut app = App::new(AppConfig::hotseat("duel", tests_support::duel(), 3)).unwrap();
    // Enter until both squads stand on the board and a side is to decide.
    for _ in 0..200 {
        app.settle();
        let on_board = app.game().units().iter().all(|u| u.at.is_some());
        if on_board && matches!(app.game().pending(), Pending::Decision { .. }) {
            break;
        }
        key(&mut app, KeyCode::Enter);
    }
    let Pending::Decision { side } = app.game().pending() else {
        panic!("no decision")
    };
    let units = app.game().units();
    let enemy = units.iter().position(|u| u.side != side).unwrap();
    let mine = units.iter().position(|u| u.side == side).unwrap();
    let (enemy_at, mine_at) = (units[enemy].at.unwrap(), units[mine].at.unwrap());
    let enemy_name = format!("u{enemy} {}", units[enemy].card.name);
    let mine_name = format!("u{mine} {}", units[mine].card.name);

    // The board gets the focus; the cursor walks onto the enemy.
    key(&mut app, KeyCode::Tab);
    let walk = |app: &mut App, to: dust_core::Square| {
        while app.cursor().col() < to.col() {
            key(app, KeyCode::Right);
        }
        while app.cursor().col() > to.col() {
            key(app, KeyCode::Left);
        }
        while app.cursor().row() < to.row() {
            key(app, KeyCode::Up);
        }
        while app.cursor().row() > to.row() {
            key(app, KeyCode::Down);
        }
        assert_eq!(app.cursor(), to);
    };
    walk(&mut app, enemy_at);
    let c = card(&app);
    assert!(c.contains(&enemy_name), "the enemy's card under the cursor:\n{c}");
    let other = if side == Side::A { "side B" } else { "side A" };
    assert!(c.contains(other), "{c}");
    walk(&mut app, mine_at);
    let c = card(&app);
    assert!(c.contains(&mine_name), "{c}");
}

#[test]
fn the_weapon_table_has_headings_and_a_legend_of_its_notation() {
    let mut app = App::new(AppConfig::hotseat("duel", tests_support::duel(), 1)).unwrap();
    app.settle();
    while !app.options().iter().any(|d| matches!(d, Decision::Activate(_))) {
        key(&mut app, KeyCode::Enter);
        app.settle();
    }
    let c = card(&app);
    // Columns: weapon, range, carriers, the enemy's armour class (soldier 2).
    assert!(c.contains("weapon rng n  S2"), "{c}");
    assert!(c.contains("Knife  C   x3 1/1"), "close combat is range C: {c}");
    let flat: String = c.replace('│', " ").split_whitespace().collect::<Vec<_>>().join(" ");
    for note in ["S2: soldier armour", "dice/damage", "x3 miniatures carrying it", "C close combat"] {
        assert!(flat.contains(note), "the legend explains {note:?}: {c}");
    }
}

#[test]
fn the_default_scenario_cards_explain_their_notation() {
    let setup = dust_tui::setup::load_scenario(dust_tui::setup::DEFAULT_SCENARIO).unwrap();
    let mut app = App::new(AppConfig::hotseat("annihilation", setup, 1)).unwrap();
    app.settle();
    while !app.options().iter().any(|d| matches!(d, Decision::Activate(_))) {
        key(&mut app, KeyCode::Enter);
        app.settle();
    }
    let n = app.options().len();
    let mut incendiary = 0;
    for _ in 0..n {
        let Some(Decision::Activate(u)) = app.selected() else { continue };
        let s = screen(&app, 120, 40);
        let unit = app.game().unit(u);
        assert!(s.contains("weapon"), "{s}");
        let burns = unit
            .card
            .weapons
            .iter()
            .any(|w| w.table.soldier.iter().any(|v| matches!(v, CombatValue::Incendiary { .. })));
        if burns {
            incendiary += 1;
            assert!(s.contains("incendiary: dice per miniature"), "{s}");
        }
        key(&mut app, KeyCode::Down);
    }
    assert!(incendiary > 0, "the default armies have a flamethrower");
}
