//! Issue 10: the terminal board shows a large or huge model on all its squares
//! (tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size": "Large Vehicles … occupy
//! two squares"), and the unit under the cursor is found on any of them.

use dust_core::game::tests_support::{open_game, placed, rifle, sq, squad};
use dust_core::game::{UnitId, UnitSetup};
use dust_core::unit::{BattlefrontCard, BattlefrontKind};
use dust_core::{Armor, ArmorType, Edition, Side, UnitKind, WeaponRange};
use dust_tui::ratatui::backend::TestBackend;
use dust_tui::ratatui::Terminal;
use dust_tui::{view, App, AppConfig};
use std::sync::Arc;

fn large(mut u: UnitSetup) -> UnitSetup {
    u.battlefront = Some(Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::LargeVehicle),
        ..BattlefrontCard::default()
    }));
    u
}

fn app() -> App {
    let r = WeaponRange::Spaces { min: 1, max: 4 };
    let mut tank = squad("Tank", 1, vec![rifle("Gun", r, 2)]);
    tank.kind = UnitKind::Vehicle;
    tank.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 3,
    };
    tank.health = 4;
    tank.models.clear();
    let inf = squad("Riflemen", 3, vec![rifle("Rifle", r, 1)]);
    let mut setup = open_game(
        4,
        10,
        vec![large(placed(&Arc::new(tank), Side::A, "B8")), placed(&Arc::new(inf), Side::B, "B4")],
    );
    setup.edition = Edition::Battlefront;
    App::new(AppConfig::hotseat("test", setup, 1)).expect("starts")
}

fn screen(app: &App) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer();
    (0..30)
        .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

#[test]
fn a_large_model_shows_on_both_squares() {
    let mut app = app();
    app.settle();
    let g = app.game();
    assert_eq!(g.unit_squares(UnitId(0)), vec![sq("B8"), sq("B7")]);
    assert_eq!(view::units_on(g, sq("B7")), vec![UnitId(0)]);
    assert_eq!(view::units_on(g, sq("B8")), vec![UnitId(0)]);
    assert!(view::units_on(g, sq("B6")).is_empty());
    let lines = screen(&app);
    let row = |n: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("│{n}")))
            .unwrap_or_else(|| panic!("row {n} drawn:\n{}", lines.join("\n")))
            .clone()
    };
    // The front square shows the vehicle and its health, the rear square the vehicle's body.
    assert!(row(" 8 ").contains("V4"), "{}", lines.join("\n"));
    assert!(row(" 7 ").contains("V="), "{}", lines.join("\n"));
    assert!(!row(" 6 ").contains('V'));
}

/// Issue 10: an aircraft is shown apart (tactics-battlefront-2013-rules.txt, "Aircraft Move
/// Over Terrain", "Line of Sight to Aircraft"; docs/rulings.md "Battlefront aircraft do not
/// react"): `A` on the board, and its card says it flies.
#[test]
fn an_aircraft_is_shown_apart() {
    use dust_tui::ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let r = WeaponRange::Spaces { min: 1, max: 4 };
    let mut plane = squad("Plane", 1, vec![rifle("Gun", r, 2)]);
    plane.kind = UnitKind::Aircraft;
    plane.armor = Armor {
        kind: ArmorType::Aircraft,
        class: 1,
    };
    plane.health = 3;
    plane.models.clear();
    let inf = squad("Riflemen", 3, vec![rifle("Rifle", r, 1)]);
    let mut setup = open_game(
        4,
        10,
        vec![placed(&Arc::new(plane), Side::A, "B8"), placed(&Arc::new(inf), Side::B, "B4")],
    );
    setup.edition = Edition::Battlefront;
    let mut app = App::new(AppConfig::hotseat("test", setup, 1)).expect("starts");
    app.settle();
    let lines = screen(&app);
    let row8 = lines.iter().find(|l| l.starts_with("│ 8 ")).expect("row 8").clone();
    assert!(row8.contains("A3"), "{}", lines.join("\n"));
    // The cursor on the aircraft: its card says it flies.
    for _ in 0..3 {
        if app.cursor() == sq("B8") {
            break;
        }
        app.handle_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE));
    }
    assert_eq!(app.cursor(), sq("B8"));
    let text = screen(&app).join("\n");
    assert!(text.contains("aircraft"), "{text}");
    assert!(text.contains("Flies: over terrain"), "{text}");
}
