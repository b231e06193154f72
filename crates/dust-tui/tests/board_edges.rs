//! Issue 20, "Clear": "The terminal board at 80×24 shows columns A–K and 14 rows, with no sign
//! that there is more". The default scenario's 16×24 board is drawn compact (a letter and an
//! edge a space) so that every column shows, and the rows out of view are announced on the
//! borders ("▲ 10 more", "▼ 10 more") and on a mini-map that lights the part in view; both
//! follow the cursor.

use dust_tui::ratatui::backend::TestBackend;
use dust_tui::ratatui::buffer::Buffer;
use dust_tui::ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use dust_tui::ratatui::style::Color;
use dust_tui::ratatui::Terminal;
use dust_tui::{App, AppConfig};

fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    t.backend().buffer().clone()
}

fn text(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height)
        .map(|y| (0..a.width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>())
        .collect()
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn annihilation() -> App {
    let setup = dust_tui::setup::load_scenario(dust_tui::setup::DEFAULT_SCENARIO).unwrap();
    let mut app = App::new(AppConfig::hotseat("annihilation", setup, 1)).unwrap();
    app.settle();
    app
}

/// The rows of the mini-map (right of the board, below "map") that are lit: the rows in view.
fn lit_map_rows(buf: &Buffer) -> Vec<u16> {
    let lines = text(buf);
    let (y0, line) = lines.iter().enumerate().find(|(_, l)| l.contains("map")).expect("a mini-map");
    let x = line[..line.find("map").unwrap()].chars().count() as u16 + 1;
    let y0 = y0 as u16;
    (y0 + 1..y0 + 14)
        .filter(|&y| buf[(x, y)].style().bg == Some(Color::DarkGray))
        .collect()
}

#[test]
fn at_80x24_every_column_shows_and_the_rows_out_of_view_are_announced() {
    let mut app = annihilation();
    assert_eq!((app.game().board().width(), app.game().board().height()), (16, 24));
    let buf = draw(&app, 80, 24);
    let lines = text(&buf);
    let header = &lines[1];
    for c in 'A'..='P' {
        assert!(header.contains(&format!(" {c} ")), "column {c} is missing: {header}");
    }
    // The cursor starts at A1: rows 1-14 show, 10 more above, none below.
    assert!(lines[0].contains("▲ 10 more"), "{}", lines[0]);
    assert!(lines.iter().any(|l| l.starts_with("│14 ")), "{lines:#?}");
    assert!(!lines.iter().any(|l| l.contains("▼")), "{lines:#?}");
    let bottom = lit_map_rows(&buf);
    assert!(!bottom.is_empty());

    // The cursor to the top row: the view follows, the markers and the map too.
    key(&mut app, KeyCode::Tab);
    for _ in 0..23 {
        key(&mut app, KeyCode::Up);
    }
    let buf = draw(&app, 80, 24);
    let lines = text(&buf);
    assert!(lines.iter().any(|l| l.starts_with("│24 ")), "{lines:#?}");
    assert!(!lines[0].contains("▲"), "{}", lines[0]);
    let south = lines
        .iter()
        .find(|l| l.contains("▼ 10 more"))
        .expect("the rows below are announced");
    assert!(south.starts_with('└'), "{south}");
    let top = lit_map_rows(&buf);
    assert!(!top.is_empty());
    assert!(
        top[0] < bottom[0] && top.last() < bottom.last(),
        "the lit part of the map moves up: {top:?} {bottom:?}"
    );

    // In the middle: both ways.
    for _ in 0..12 {
        key(&mut app, KeyCode::Down);
    }
    let lines = text(&draw(&app, 80, 24));
    assert!(lines[0].contains("▲"), "{}", lines[0]);
    assert!(lines.iter().any(|l| l.starts_with('└') && l.contains("▼")), "{lines:#?}");
}

#[test]
fn a_larger_terminal_shows_the_whole_board_without_markers() {
    let app = annihilation();
    let lines = text(&draw(&app, 120, 40));
    assert!(lines[1].contains("A  B  C"), "three characters a space: {}", lines[1]);
    assert!(lines.iter().any(|l| l.starts_with("│24 ")));
    assert!(lines.iter().any(|l| l.starts_with("│ 1 ")));
    assert!(!lines.iter().any(|l| l.contains('▲') || l.contains('▼') || l.contains("map")));
}

#[test]
fn a_click_in_the_compact_board_picks_the_space_under_it() {
    let mut app = annihilation();
    let buf = draw(&app, 80, 24);
    let lines = text(&buf);
    // Column C's letter in the header, row 5's line.
    let x = lines[1].chars().position(|c| c == 'C').unwrap() as u16;
    let y = lines.iter().position(|l| l.starts_with("│ 5 ")).unwrap() as u16;
    use dust_tui::ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    app.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(app.cursor().to_string(), "C5");
}
